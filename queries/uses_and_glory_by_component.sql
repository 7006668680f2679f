-- question: How often is each card (or face) used, how do its users do per use, and how much Glory and cost is attributed to it?
-- grain: one row per card id (or face id) used, or the cause of some Glory or cost (other causes too)
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
with totals as (
    select component, n_uses, use_wins, glory, cost
    from component_event_totals($component::varchar)
),
final as (
    select component,
           n_uses,
           use_wins,
           (use_wins / nullif(n_uses, 0))::double as used_wr,
           glory,
           cost
    from totals
)
select * from final
order by component
