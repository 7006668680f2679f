-- question: Which components of each run's catalogue belong to a module (a module's cards, faces and board causes), and to which?
-- grain: one row per run and module component; a run without a module has none
with catalogue as (
    select run_id, component::varchar as component, kind::varchar as kind,
           module::varchar as module
    from components
),
final as (
    select distinct run_id, module, kind, component
    from catalogue
    where module is not null and module not in ('none', '')
)
select * from final
order by run_id, module, kind, component
