-- question: What does a person call each component of the runs read (the catalogue's names)?
-- grain: one row per component kind and component id; where runs disagree (an older catalogue
-- named a face by its id) the name that is not the id wins
with catalogue as (
    select kind::varchar as kind, component::varchar as component, name::varchar as name
    from components
),
final as (
    select kind, component,
           coalesce(max(name) filter (where name <> component), max(name)) as name
    from catalogue
    group by kind, component
)
select * from final
order by kind, component
