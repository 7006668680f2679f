-- question: In each game, how much of the score came from each source the catalogue names (printed score or effects where the roles split them) and anything else?
-- grain: one row per game and source
-- The run's catalogue says what each cause's score counts as (`component_sources`: the
-- attribute the roles name, else its kind's source); a kind whose roles say so splits into
-- printed score (scored after the last round) and its effect; a cause the catalogue does not
-- name (a rule) is 'other'. `score_causes` holds each game's score changes summed by cause and
-- by whether they came after the last round (a part table, or derived from the events).
with score_changes as (
    select game_id, cause::varchar as cause, after_end, score::bigint as score
    from score_causes
),
sources as (
    select distinct component::varchar as cause, source, split from component_sources
),
sourced as (
    select sc.game_id,
           case
               when s.split and sc.after_end then s.source || '_printed'
               when s.split then s.source || '_effect'
               else coalesce(s.source, 'other')
           end as source,
           sc.score
    from score_changes as sc
    left join sources as s using (cause)
),
final as (
    select game_id, source, sum(score)::bigint as score
    from sourced
    group by game_id, source
)
select * from final
order by game_id, source
