-- question: Which seats' final score differs from the sum of their score resource's events?
-- grain: one row per violating game and seat (none when the logs are sound)
with score_sums as (
    select game_id, seat, sum(amount)::bigint as score_sum
    from events
    where resource = score_resource()
    group by game_id, seat
),
final as (
    select p.game_id, p.seat::integer as seat, p.score::bigint as score,
           coalesce(gs.score_sum, 0)::bigint as score_events
    from players as p
    left join score_sums as gs using (game_id, seat)
    where p.score <> coalesce(gs.score_sum, 0)
)
select * from final
order by game_id, seat
