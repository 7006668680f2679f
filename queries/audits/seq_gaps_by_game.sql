-- question: Which games' events are not numbered 0, 1, 2, ... without gaps or repeats?
-- grain: one row per violating game (none when the logs are sound)
with numbering as (
    select game_id,
           count(*)::bigint as n_events,
           count(distinct seq)::bigint as n_distinct,
           min(seq)::bigint as min_seq,
           max(seq)::bigint as max_seq
    from events
    group by game_id
),
final as (
    select game_id, n_events, n_distinct, min_seq, max_seq
    from numbering
    where min_seq <> 0 or max_seq <> n_events - 1 or n_distinct <> n_events
)
select * from final
order by game_id
