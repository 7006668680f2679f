-- question: Which games do not have exactly one set of winners (the top scorers, all rank 1, tied flag set when several)?
-- grain: one row per violating game (none when the logs are sound)
with seats as (
    select p.game_id, p.won, p.rank, p.score, g.tied,
           max(p.score) over (partition by p.game_id) as best
    from players as p
    join games as g using (game_id)
),
per_game as (
    select game_id,
           any_value(tied) as tied,
           count(*) filter (where won)::integer as n_winners,
           count(*) filter (where won and (rank <> 1 or score <> best))::integer as bad_winners,
           count(*) filter (where not won and (rank = 1 or score = best))::integer as missed_winners
    from seats
    group by game_id
),
final as (
    select game_id, n_winners, bad_winners, missed_winners, tied
    from per_game
    where n_winners = 0 or bad_winners > 0 or missed_winners > 0 or tied <> (n_winners > 1)
)
select * from final
order by game_id
