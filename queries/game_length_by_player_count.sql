-- question: How long are games: rounds, decisions and events per game, with spread and 95th percentile?
-- grain: one row per player count
with lengths as (
    select players, rounds::double as rounds, n_decisions::double as decisions,
           n_events::double as events, tied
    from games
),
final as (
    select players::integer as players,
           count(*)::bigint as n_games,
           avg(rounds)::double as rounds_mean,
           coalesce(stddev_samp(rounds), 0)::double as rounds_sd,
           avg(decisions)::double as decisions_mean,
           coalesce(stddev_samp(decisions), 0)::double as decisions_sd,
           quantile_cont(decisions, 0.95)::double as decisions_p95,
           avg(events)::double as events_mean,
           avg(tied::integer)::double as tie_rate
    from lengths
    group by players
)
select * from final
order by players
