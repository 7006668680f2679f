-- question: Which components of the kind did each seat acquire in each game, how many copies, and at which event first?
-- grain: one row per game, seat and acquired component; unordered: on large logs this is millions of rows that callers index by game and seat themselves
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
    select game_id, seat, component, copies, first_seq
    from acquisitions($component::varchar)
),
final as (
    select a.game_id, a.seat::integer as seat, a.first_seq, a.copies, o.component_rank
    from acquired as a
    join offered as o using (component)
)
select * from final
