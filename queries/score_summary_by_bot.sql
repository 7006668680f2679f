-- question: What final scores does each bot reach: mean, spread and quantiles?
-- grain: one row per bot and player count
with seats as (
    select bot, players, score::double as score from seat_games()
),
final as (
    select bot,
           players::integer as players,
           count(*)::bigint as n,
           avg(score)::double as mean,
           coalesce(stddev_samp(score), 0)::double as sd,
           min(score)::integer as min,
           quantile_disc(score, 0.05)::integer as p5,
           quantile_disc(score, 0.25)::integer as p25,
           quantile_disc(score, 0.5)::integer as median,
           quantile_disc(score, 0.75)::integer as p75,
           quantile_disc(score, 0.95)::integer as p95,
           max(score)::integer as max
    from seats
    group by bot, players
)
select * from final
order by players, bot
