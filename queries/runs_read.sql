-- question: Which runs were read, with which card set (name and content hash), module and player count, and how many of each run's games are logged and kept by the filters?
-- grain: one row per run whose games the filters keep; set_hash is the first 8 hex digits of the md5 of the run's card ids in slot order, so two different sets of the same name never look alike; engine_version names the code that played the run; source says whether it was simulated or recorded at the table
with logged as (
    select run_id, count(*)::bigint as n_logged
    from _all_games
    group by run_id
),
kept as (
    select run_id, count(*)::bigint as n_kept
    from games
    group by run_id
),
final as (
    select r.run_id,
           r.card_set,
           substr(md5(r.cards), 1, 8) as set_hash,
           r.modules,
           r.engine_version,
           r.source,
           r.players::integer as players,
           r.n_games::bigint as n_planned,
           coalesce(l.n_logged, 0)::bigint as n_logged,
           k.n_kept
    from runs as r
    join kept as k using (run_id)
    left join logged as l using (run_id)
)
select * from final
order by card_set, set_hash, run_id
