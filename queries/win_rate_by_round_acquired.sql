-- question: How does a component of the kind do by the round in which a seat first acquired it?
-- grain: one row per component and round of first acquisition
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with first_acquisitions as (
    select a.component, a.first_round, p.win_share
    from acquisitions($component::varchar) as a
    join players as p using (game_id, seat)
),
final as (
    select component,
           first_round as round_acquired,
           count(*)::bigint as n,
           sum(win_share)::double as wins,
           avg(win_share)::double as win_rate
    from first_acquisitions
    group by component, first_round
)
select * from final
order by component, round_acquired
