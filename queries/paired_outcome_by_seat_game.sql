-- question: What did each seat score and win in each game, keyed by the game's own seed so that two runs played on the same seeds can be paired game by game?
-- grain: one row per game and seat
with seats as (
    select g.seed, g.game_id, g.run_id, g.players, g.module, g.card_set, g.rounds,
           g.n_decisions, g.tied, p.seat, p.bot, p.score, p.win_share, g.game_index
    from players as p
    join games as g using (game_id)
),
final as (
    select seed,
           game_id,
           run_id,
           players::integer as players,
           module,
           card_set,
           rounds::integer as rounds,
           n_decisions::integer as n_decisions,
           tied,
           seat::integer as seat,
           bot,
           score::integer as score,
           win_share::double as win_share,
           game_index::integer as game_index
    from seats
)
select * from final
order by seed, game_id, seat
