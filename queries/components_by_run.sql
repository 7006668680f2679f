-- question: Which components of the kind could be acquired in the games of each run?
-- grain: one row per run and available component
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with available as (
    select run_id, component
    from run_components($component::varchar)
),
final as (
    select distinct run_id, component
    from available
)
select * from final
order by run_id, component
