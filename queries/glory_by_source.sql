-- question: Where does Glory come from: die faces, feat cards (printed, scored at the end, or from their effects, the Hammer's track among them), other rules?
-- grain: one row per source and cause
with glory_events as (
    select e.game_id, e.round, e.cause::varchar as cause, e.amount::bigint as amount,
           g.rounds, g.run_id
    from events as e
    join games as g using (game_id)
    where e.resource = 'glory' and e.kind in ('resource_gained', 'resource_lost')
),
sourced as (
    -- what a cause is comes from its run's catalogue: a face (any die face, starting ones
    -- too), a card, or neither (a rule)
    select ge.amount,
           ge.cause,
           case
               when c.kind = 'face' then 'die_face'
               when c.kind = 'card' and ge.round > ge.rounds then 'card_printed'
               when c.kind = 'card' then 'card_effect'
               else 'other'
           end as source
    from glory_events as ge
    left join components as c on c.run_id = ge.run_id and c.component = ge.cause
),
totals as (
    select (select count(*) from games)::double as n_games, sum(amount)::double as glory
    from sourced
),
final as (
    select s.source,
           s.cause,
           sum(s.amount)::bigint as glory,
           (sum(s.amount) / t.n_games)::double as glory_per_game,
           (sum(s.amount) / nullif(t.glory, 0))::double as share
    from sourced as s
    cross join totals as t
    group by s.source, s.cause, t.n_games, t.glory
)
select * from final
order by source, glory desc, cause
