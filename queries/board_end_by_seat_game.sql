-- question: Where did each seat's token end on a module's board that scores its end position (the Titans module's allegiance track): the zone and its end value, with the seat's win share?
-- grain: one row per game and seat (games whose board scores no end position: zone and end_value null)
-- The run's catalogue names the cause of the end value: components whose `source` is
-- 'board_end'. The event naming that cause with no resource is the position scored (its item
-- the zone, its amount the value); the Glory gained or lost for it carries the resource.
with end_causes as (
    select distinct run_id, component::varchar as component
    from components
    where source = 'board_end'
),
ends as (
    select e.game_id, e.seat, e.item::varchar as zone, e.amount::integer as end_value
    from events as e
    join games as g using (game_id)
    join end_causes as c on c.run_id = g.run_id and c.component = e.cause::varchar
    where e.resource is null
),
final as (
    select s.game_id,
           s.seat::integer as seat,
           s.players::integer as players,
           s.module,
           e.zone,
           e.end_value,
           s.win_share::double as win_share
    from seat_games() as s
    left join ends as e on e.game_id = s.game_id and e.seat = s.seat
)
select * from final
order by game_id, seat
