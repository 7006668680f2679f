-- question: Which components of a kind were acquired in each game, and how many times?
-- grain: one row per game and component acquired
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with acquired as (
    select game_id, component from acquisition_events($component)
),
final as (
    select game_id, component, count(*)::integer as bought
    from acquired
    group by game_id, component
)
select * from final
order by game_id, component
