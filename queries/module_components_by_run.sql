-- question: To which module does each component of each run's catalogue belong (a module's cards, faces and board causes; 'none' the base game's)?
-- grain: one row per run and component
with catalogue as (
    select run_id, component::varchar as component, kind::varchar as kind,
           coalesce(nullif(module::varchar, ''), 'none') as module
    from components
),
final as (
    select distinct run_id, module, kind, component
    from catalogue
)
select * from final
order by run_id, module, kind, component
