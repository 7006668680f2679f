-- question: How often is each component of the kind used, how do its users do per use, and how much score and cost is attributed to it?
-- grain: one row per component of the kind used, or the cause of some score or cost
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with totals as (
    select component, n_uses, use_wins, score, cost
    from component_event_totals($component::varchar)
),
final as (
    select component,
           n_uses,
           use_wins,
           (use_wins / nullif(n_uses, 0))::double as used_wr,
           score,
           cost
    from totals
)
select * from final
order by component
