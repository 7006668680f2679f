-- question: Where does the score come from: each component kind (printed score, scored at the end, apart from its effects where the game's roles say so), other rules?
-- grain: one row per source and cause
with score_changes as (
    select e.game_id, e.round, e.cause::varchar as cause, e.amount::bigint as amount,
           g.rounds, g.run_id
    from score_events() as e
    join games as g using (game_id)
),
sourced as (
    -- what a cause is comes from its run's catalogue (a component of some kind, or neither:
    -- a rule), what its kind's score counts as from the roles
    select sc.amount,
           sc.cause,
           case
               when k.end_score and sc.round > sc.rounds then k.score_source || '_printed'
               when k.end_score then k.score_source || '_effect'
               else coalesce(k.score_source, 'other')
           end as source
    from score_changes as sc
    left join components as c on c.run_id = sc.run_id and c.component = sc.cause
    left join kind_sources() as k on k.kind = c.kind
),
totals as (
    select (select count(*) from games)::double as n_games, sum(amount)::double as score
    from sourced
),
final as (
    select s.source,
           s.cause,
           sum(s.amount)::bigint as score,
           (sum(s.amount) / t.n_games)::double as score_per_game,
           (sum(s.amount) / nullif(t.score, 0))::double as share
    from sourced as s
    cross join totals as t
    group by s.source, s.cause, t.n_games, t.score
)
select * from final
order by source, score desc, cause
