-- question: What did each seat score and win in each game, with the game's setup?
-- grain: one row per game and seat
with seats as (
    select * from seat_games()
),
final as (
    select game_id,
           seat::integer as seat,
           bot,
           players::integer as players,
           module,
           card_set,
           run_id,
           score::integer as score,
           rank::integer as rank,
           won,
           win_share
    from seats
)
select * from final
order by game_id, seat
