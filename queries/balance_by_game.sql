-- question: How did each game go: length, ties, score spread and margin, lead changes, and how late the winner took the lead for good?
-- grain: one row per game
with seats as (
    select game_id, seat, score::integer as score, won from players
),
score_changes as (
    -- every change of the score, by the round it happened in (rounds + 1 = end-of-game scoring)
    select game_id, seat, round, sum(amount)::integer as amount
    from score_events()
    group by game_id, seat, round
),
steps as (
    -- every seat at the end of every round 0 (setup) .. rounds + 1 (final scoring)
    select game_id, seat, won, unnest(range(0, rounds + 2)) as round
    from seats
    join games using (game_id)
),
held as (
    select s.game_id, s.seat, s.won, s.round,
           sum(coalesce(g.amount, 0)) over (
               partition by s.game_id, s.seat order by s.round) as held
    from steps as s
    left join score_changes as g using (game_id, seat, round)
),
standing as (
    -- per game and round: the sole score leader (null when tied at the top), and whether the
    -- eventual winners are ahead of every other seat
    select game_id, round,
           case when count(*) filter (where held = top) = 1 then arg_max(seat, held) end
               as leader,
           coalesce(max(held) filter (where won) > max(held) filter (where not won), true)
               as winner_ahead
    from (select *, max(held) over (partition by game_id, round) as top from held)
    group by game_id, round
),
changes as (
    select game_id, round, winner_ahead,
           leader <> last_value(leader ignore nulls) over (
               partition by game_id order by round
               rows between unbounded preceding and 1 preceding) as lead_changed
    from standing
),
by_game as (
    select game_id,
           count(*) filter (where lead_changed)::integer as lead_changes,
           coalesce(max(round) filter (where not winner_ahead), -1) + 1 as ahead_from
    from changes
    group by game_id
),
scores as (
    select game_id,
           stddev_pop(score)::double as score_sd,
           (list_sort(list(score), 'DESC')[1] - list_sort(list(score), 'DESC')[2])::integer
               as margin
    from seats
    group by game_id
),
final as (
    select g.game_id,
           g.run_id,
           g.players::integer as players,
           g.rounds::integer as rounds,
           g.n_decisions::integer as decisions,
           g.tied,
           s.score_sd,
           s.margin,
           b.lead_changes,
           (b.lead_changes / g.rounds)::double as lead_changes_per_round,
           -- share of the game (rounds + final scoring) elapsed before the winner is ahead for good
           (least(b.ahead_from, g.rounds + 1) / (g.rounds + 1))::double as decided_at
    from games as g
    join scores as s using (game_id)
    join by_game as b using (game_id)
)
select * from final
order by game_id
