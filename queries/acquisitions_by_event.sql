-- question: Which card (or face) did each seat acquire at which event of each game (every feat performed, every face forged)?
-- grain: one row per acquisition event; unordered: on large logs this is millions of rows that callers group by game, seat and card themselves, faster than grouping their string ids here
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
with acquired as (
    select game_id, seat, seq, component
    from acquisition_events($component::varchar)
),
final as (
    select game_id, seat::integer as seat, seq, component
    from acquired
)
select * from final
