-- question: How much of each seat's score did a module's board give (its spaces, treasures and goal space), and when did the seat first reach the board's goal space?
-- grain: one row per game and seat (games without a board: board_score 0, goal_round null)
-- The run's catalogue names the board's causes: components whose `source` is 'board' or
-- 'board_goal' (the Goddess module: each kind of space, each Treasure token, the Golem bonus;
-- 'board_goal' the Goddess space). No space is named here. A seat's arrival on the goal space
-- is its first event naming the goal component as its item (the move there).
with board_causes as (
    select distinct run_id, component::varchar as component, source::varchar as source
    from components
    where source in ('board', 'board_goal')
),
board_score as (
    select e.game_id, e.seat, sum(e.amount)::bigint as board_score
    from score_events() as e
    join games as g using (game_id)
    join board_causes as b on b.run_id = g.run_id and b.component = e.cause::varchar
    group by e.game_id, e.seat
),
arrivals as (
    select e.game_id, e.seat, min(e.seq) as seq, min(e.round) as goal_round
    from events as e
    join games as g using (game_id)
    join board_causes as b on b.run_id = g.run_id and b.component = e.item::varchar
    where b.source = 'board_goal'
    group by e.game_id, e.seat
),
firsts as (
    select game_id, min(seq) as first_seq from arrivals group by game_id
),
final as (
    select s.game_id,
           s.seat::integer as seat,
           s.players::integer as players,
           s.module,
           s.score::integer as score,
           coalesce(bs.board_score, 0)::bigint as board_score,
           a.goal_round::integer as goal_round,
           coalesce(a.seq = f.first_seq, false) as goal_first,
           s.win_share::double as win_share
    from seat_games() as s
    left join board_score as bs on bs.game_id = s.game_id and bs.seat = s.seat
    left join arrivals as a on a.game_id = s.game_id and a.seat = s.seat
    left join firsts as f on f.game_id = s.game_id
)
select * from final
order by game_id, seat
