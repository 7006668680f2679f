-- question: Which component of the kind did each seat acquire at which event of each game (every event its roles say acquires one)?
-- grain: one row per acquisition event; unordered: on large logs this is millions of rows that callers group by game, seat and component themselves
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
-- component_rank numbers the components some run of the logs offers, in alphabetical order from
-- 1 (components_by_run lists them): millions of small integers cross to Python several times
-- faster than the id strings would. An acquisition of a component no run offers is left out.
with offered as (
    select component,
           row_number() over (order by component)::integer as component_rank
    from (select distinct component from run_components($component::varchar))
),
acquired as (
    select game_id, seat, seq, component
    from acquisition_events($component::varchar)
),
final as (
    select a.game_id, a.seat::integer as seat, a.seq, o.component_rank
    from acquired as a
    join offered as o using (component)
)
select * from final
