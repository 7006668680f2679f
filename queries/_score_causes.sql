-- Not a query (its name starts with `_`): the `score_causes` view of runs whose parts were
-- logged before parts held that table, created by analytics/query/database.py once the roles'
-- macros exist. The same rows analytics/eventlog/score_causes.py writes for each part (and
-- `dicelab repair` for older parts): per game, cause of a score change and whether its round is
-- past the game's last, the score it made. The score changes are `score_events()`'s
-- (`_macros.sql`, created after this view).
create view score_causes as
select e.game_id,
       e.cause::varchar as cause,
       e.round > g.rounds as after_end,
       sum(e.amount)::integer as score
from events as e
join games as g using (game_id)
where e.resource = score_resource()
  and list_contains(list_concat(role_list('gain', ''), role_list('loss', '')), e.kind)
group by all
