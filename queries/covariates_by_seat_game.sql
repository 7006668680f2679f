-- question: What was fixed at each seat of each game before any purchase (seat, bot, player count, module, run), and what share of the win did the seat take?
-- grain: one row per game and seat
-- The component tables' seat rows: outcome_by_seat_game without the columns they never read
-- (score, rank, won, card set), which on 100,000 games cost a tenth of a CPU-second to carry.
with seats as (
    select * from seat_games()
),
final as (
    select game_id,
           seat::integer as seat,
           bot,
           players::integer as players,
           module,
           run_id,
           win_share
    from seats
)
select * from final
order by game_id, seat
