-- question: Which runs are in these logs, with their settings (seed, bots, set, modules, rule options, versions) and how many of their games are kept?
-- grain: one row per run
with kept as (
    select run_id, count(*)::bigint as games_kept from games group by run_id
),
final as (
    select r.run_id, r.game, r.modules, r.card_set, r.players::integer as players, r.bots,
           r.bot_params, r.seed, r.n_games, k.games_kept, r.rules, r.engine_version,
           r.schema_version, r.created_at
    from runs as r
    join kept as k using (run_id)
)
select * from final
order by card_set, players, run_id
