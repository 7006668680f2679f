-- question: What is each bot's mean final score, and how much does it vary from game to game?
-- grain: one row per bot and player count; games are the unit (a bot's seats in one game are averaged first), so an interval built on sd_games respects the clustering of seats in games
with per_game as (
    select bot, players, game_id, avg(score)::double as score
    from seat_games()
    group by bot, players, game_id
),
final as (
    select bot,
           players::integer as players,
           count(*)::bigint as n_games,
           avg(score)::double as mean,
           coalesce(stddev_samp(score), 0)::double as sd_games
    from per_game
    group by bot, players
)
select * from final
order by players, bot
