-- question: In each game, how many seats owned each available component of the kind, and what share of the win did owners and non-owners take?
-- grain: one row per game and available component
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with outcomes as (
    select game_id, component, n_seats, n_owned, owned_wins, n_not_owned, not_owned_wins
    from owned_wins_by_game($component::varchar)
),
final as (
    select * from outcomes
)
select * from final
order by game_id, component
