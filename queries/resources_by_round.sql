-- question: How do resources accumulate over a game: mean held at the end of each round, and mean gained in it, per bot?
-- grain: one row per player count, bot, resource and round (0 = setup, R+1 = end-of-game scoring)
with changes as (
    -- gains, losses and spending move the reserve; overflow is reported separately
    select e.game_id, e.seat, e.round::integer as round, e.resource::varchar as resource,
           sum(e.amount)::bigint as net,
           sum(case when list_contains(role_list('gain', ''), e.kind)
                    then e.amount else 0 end)::bigint as gained
    from events as e
    where list_contains(list_concat(role_list('gain', ''), role_list('loss', ''),
                                    role_list('spend', '')), e.kind)
      and e.resource is not null
    group by e.game_id, e.seat, e.round, e.resource
),
grid as (
    -- every seat, resource and round, so rounds without events count as zero change
    select s.game_id, s.seat, s.bot, s.players, r.resource, rnd.round
    from seat_games() as s
    cross join (select distinct resource from changes) as r
    cross join lateral (select unnest(range(0, s.rounds + 2))::integer as round) as rnd
),
running as (
    select g.players, g.bot, g.resource, g.round,
           coalesce(c.gained, 0) as gained,
           sum(coalesce(c.net, 0)) over (
               partition by g.game_id, g.seat, g.resource order by g.round
           ) as held
    from grid as g
    left join changes as c using (game_id, seat, resource, round)
),
final as (
    select players::integer as players,
           bot,
           resource,
           round,
           count(*)::bigint as n,
           avg(gained)::double as gained_mean,
           avg(held)::double as held_mean
    from running
    group by players, bot, resource, round
)
select * from final
order by players, bot, resource, round
