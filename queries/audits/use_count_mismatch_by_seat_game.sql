-- question: Which use counts in `uses` disagree with the use events they summarise (the use events of the game's roles)?
-- grain: one row per violating game, seat, kind and component (none when the logs are sound)
with counted as (
    select game_id, seat, kind::varchar as kind, item::varchar as component,
           count(*)::bigint as n_events
    from events
    where list_contains(role_list('use', '*'), kind)
    group by game_id, seat, kind, item
),
stored as (
    select game_id, seat, kind::varchar as kind, item::varchar as component, n::bigint as n_uses
    from uses
),
final as (
    select game_id, seat::integer as seat, kind, component,
           coalesce(c.n_events, 0)::bigint as n_events,
           coalesce(s.n_uses, 0)::bigint as n_uses
    from counted as c
    full join stored as s using (game_id, seat, kind, component)
    where coalesce(c.n_events, 0) <> coalesce(s.n_uses, 0)
)
select * from final
order by game_id, seat, kind, component
