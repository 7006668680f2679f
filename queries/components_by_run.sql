-- question: Which cards (or faces) could be acquired in the games of each run?
-- grain: one row per run and available card id (or face id)
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
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
