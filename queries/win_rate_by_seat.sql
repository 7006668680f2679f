-- question: Does turn order matter: what share of wins does each seat take, against 1/N?
-- grain: one row per player count and seat (seat 0 plays first)
with seats as (
    select players, seat, win_share from seat_games()
),
final as (
    select players::integer as players,
           seat::integer as seat,
           count(*)::bigint as n,
           sum(win_share)::double as wins,
           avg(win_share)::double as win_rate,
           (1.0 / players)::double as expected
    from seats
    group by players, seat
)
select * from final
order by players, seat
