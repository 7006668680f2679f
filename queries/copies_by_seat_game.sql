-- question: Which cards (or faces) did each seat acquire in each game, how many and when first?
-- grain: one row per game, seat and acquired card id (or face id)
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
with acquired as (
    select game_id, seat, component, copies, first_round
    from acquisitions($component::varchar)
),
final as (
    select game_id, seat::integer as seat, component, copies, first_round
    from acquired
)
select * from final
order by game_id, seat, component
