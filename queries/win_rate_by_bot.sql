-- question: How often does each bot win, in win rate and in win points (1.0 = par at any player count)?
-- grain: one row per bot and player count
with seats as (
    select bot, players, win_share from seat_games()
),
final as (
    select bot,
           players::integer as players,
           count(*)::bigint as n,
           sum(win_share)::double as wins,
           avg(win_share)::double as win_rate,
           avg(win_share * players)::double as win_points
    from seats
    group by bot, players
)
select * from final
order by players, bot
