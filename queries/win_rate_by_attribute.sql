-- question: Do the seats whose acquired component of a kind has a given value of an attribute (its cost, its priority number) win more and score more?
-- grain: one row per player count and value of the attribute among the seat-games that acquired a component of the kind; an ASSOCIATION (who takes it), not an effect
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
-- param: attribute VARCHAR = 'priority'  -- a column of components.parquet (dicelab components --format json lists them)
-- A value held by one component of the kind at most once per game (a unique priority number)
-- gives seat-games from different games: win_low and win_high are then Wilson 95% bounds and
-- score_low, score_high a normal 95% interval of the mean score; when one game holds the value
-- several times, these intervals are too narrow (use dicelab components, clustered by game).
with attributes as (
    unpivot (select run_id, component, columns(* exclude (run_id, component, kind))::varchar
             from components where kind = $component::varchar)
    on columns(* exclude (run_id, component))
    into name attribute value value
),
known as (
    select bool_or(attribute = $attribute::varchar) as found,
           string_agg(distinct attribute, ', ' order by attribute) as names
    from attributes
),
chosen as (
    select run_id, component, value from attributes where attribute = $attribute::varchar
    -- An attribute no component has would give an empty table, read as "no association":
    -- it is an error naming the attributes there are (a 'dicelab:' error is the user's).
    union all
    select null, null, error('dicelab: no attribute ' || $attribute::varchar || ' of '
                             || $component::varchar || ' in components.parquet; its attributes: '
                             || coalesce(names, '(none)'))
    from known where not coalesce(found, false)
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
normal as (
    select 1.959963984540054::double as z  -- the two-sided 95% normal quantile
),
final as (
    select g.players,
           g.value,
           g.n,
           g.win_rate,
           ((g.win_rate + z * z / (2 * g.n)
             - z * sqrt(g.win_rate * (1 - g.win_rate) / g.n + z * z / (4 * g.n * g.n)))
            / (1 + z * z / g.n))::double as win_low,
           ((g.win_rate + z * z / (2 * g.n)
             + z * sqrt(g.win_rate * (1 - g.win_rate) / g.n + z * z / (4 * g.n * g.n)))
            / (1 + z * z / g.n))::double as win_high,
           g.mean_score,
           (g.mean_score - z * g.score_sd / sqrt(g.n))::double as score_low,
           (g.mean_score + z * g.score_sd / sqrt(g.n))::double as score_high
    from grouped as g
    cross join normal
)
select * from final
order by players, try_cast(value as double) nulls last, value
