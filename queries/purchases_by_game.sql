-- question: Which feat cards were bought in each game, and how many times?
-- grain: one row per game and card bought
with feats as (
    select game_id, item::varchar as card from events where kind = 'feat_performed'
),
final as (
    select game_id, card, count(*)::integer as bought
    from feats
    group by game_id, card
)
select * from final
order by game_id, card
