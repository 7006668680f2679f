-- question: Which components of the kind did each seat acquire in each game, how many and when first (round, and event seq to order seats)?
-- grain: one row per game, seat and acquired component; unordered: on large logs this is millions of rows that callers index by game and seat, and sorting them costs more than the query
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with acquired as (
    select game_id, seat, component, copies, first_round, first_seq
    from acquisitions($component::varchar)
),
final as (
    select game_id, seat::integer as seat, component, copies, first_round, first_seq
    from acquired
)
select * from final
