-- question: Which games lack exactly one players row for each seat 0..players-1?
-- grain: one row per violating game (none when the logs are sound)
with seat_rows as (
    select g.game_id, g.players::integer as players,
           count(p.seat)::integer as n_rows,
           count(distinct p.seat)::integer as n_seats,
           coalesce(min(p.seat), -1)::integer as min_seat,
           coalesce(max(p.seat), -1)::integer as max_seat
    from games as g
    left join players as p using (game_id)
    group by g.game_id, g.players
),
final as (
    select game_id, players, n_rows, n_seats, min_seat, max_seat
    from seat_rows
    where n_rows <> players or n_seats <> players or min_seat <> 0 or max_seat <> players - 1
)
select * from final
order by game_id
