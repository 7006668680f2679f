-- question: Which games' win shares do not sum to 1, or are not 1/k for each of k winners and 0 for losers?
-- grain: one row per violating game (none when the logs are sound)
-- param: tolerance DOUBLE = 0.0001  -- win_share is stored as float32
with winners as (
    select game_id, count(*) filter (where won)::integer as n_winners
    from players
    group by game_id
),
shares as (
    select p.game_id,
           w.n_winners,
           sum(p.win_share)::double as total,
           count(*) filter (
               where abs(p.win_share - (case when p.won then 1.0 / w.n_winners else 0.0 end))
                   > $tolerance::double
           )::integer as uneven_shares
    from players as p
    join winners as w using (game_id)
    group by p.game_id, w.n_winners
),
final as (
    select game_id, n_winners, total, uneven_shares
    from shares
    where abs(total - 1.0) > $tolerance::double or uneven_shares > 0
)
select * from final
order by game_id
