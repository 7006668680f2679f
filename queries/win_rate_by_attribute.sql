-- question: Do the seats whose component of a kind has a given value of an attribute win more, and score more (Altera: win rate and Prestige by the Faction's priority number)?
-- grain: one row per player count and value of the attribute among the seat-games that acquired a component of the kind; an ASSOCIATION (who takes it), not an effect
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
-- param: attribute VARCHAR = 'priority'  -- a column of components.parquet (dicelab components --format json lists them)
-- A value held by one component of the kind at most once per game (a Faction's priority)
-- gives seat-games from different games: win_low and win_high are then Wilson 95% bounds and
-- score_low, score_high a normal 95% interval of the mean score; when one game holds the value
-- several times, these intervals are too narrow (use dicelab components, clustered by game).
with attributes as (
    unpivot (select run_id, component, columns(* exclude (run_id, component, kind))::varchar
             from components where kind = $component::varchar)
    on columns(* exclude (run_id, component))
    into name attribute value value
),
chosen as (
    select run_id, component, value from attributes where attribute = $attribute::varchar
),
seats as (
    select s.players, s.seat, s.win_share, s.score, c.value
    from seat_games() as s
    join acquisitions($component::varchar) as a using (game_id, seat)
    join games as g using (game_id)
    join chosen as c on c.run_id = g.run_id and c.component = a.component
),
grouped as (
    select players::integer as players,
           value,
           count(*)::bigint as n,
           avg(win_share)::double as win_rate,
           avg(score)::double as mean_score,
           coalesce(stddev_samp(score), 0)::double as score_sd
    from seats
    group by players, value
),
final as (
    select players,
           value,
           n,
           win_rate,
           ((win_rate + 1.96 ^ 2 / (2 * n)
             - 1.96 * sqrt(win_rate * (1 - win_rate) / n + 1.96 ^ 2 / (4 * n * n)))
            / (1 + 1.96 ^ 2 / n))::double as win_low,
           ((win_rate + 1.96 ^ 2 / (2 * n)
             + 1.96 * sqrt(win_rate * (1 - win_rate) / n + 1.96 ^ 2 / (4 * n * n)))
            / (1 + 1.96 ^ 2 / n))::double as win_high,
           mean_score,
           (mean_score - 1.96 * score_sd / sqrt(n))::double as score_low,
           (mean_score + 1.96 * score_sd / sqrt(n))::double as score_high
    from grouped
)
select * from final
order by players, try_cast(value as double) nulls last, value
