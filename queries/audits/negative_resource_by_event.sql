-- question: At which events does a seat's reserve of a resource that pays for components go below zero?
-- grain: one row per violating event (none when the logs are sound)
with changes as (
    -- a gain is taken to be what entered the reserve; overflow is reported apart
    select game_id, seq, seat, resource::varchar as resource, amount
    from events
    where list_contains(list_concat(role_list('gain', ''), role_list('loss', ''),
                                    role_list('spend', '')), kind)
      and list_contains(role_list('pay', '*'), resource)
),
running as (
    select game_id, seq, seat, resource, amount,
           sum(amount) over (partition by game_id, seat, resource order by seq) as held
    from changes
),
final as (
    select game_id, seq::integer as seq, seat::integer as seat, resource,
           amount::integer as amount, held::bigint as held
    from running
    where held < 0
)
select * from final
order by game_id, seq
