-- question: In each game, how many seats owned each available card (or face), and what share of the win did owners and non-owners take?
-- grain: one row per game and available card id (or face id)
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
with outcomes as (
    select game_id, component, n_seats, n_owned, owned_wins, n_not_owned, not_owned_wins
    from owned_wins_by_game($component::varchar)
),
final as (
    select * from outcomes
)
select * from final
order by game_id, component
