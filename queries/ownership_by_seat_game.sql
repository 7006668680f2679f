-- question: Which components of the kind did each seat acquire in each game, as bit masks, each game given by its row in seed order, so that a paired comparison of 100,000-game runs moves a few hundred thousand integers to Python instead of millions of acquisition rows?
-- grain: one row per game, seat and mask word with a bit set; unordered (callers index by game_row and seat)
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
-- game_row: the game's position (from 0) when the games are ordered by seed, then game id, as
-- paired_outcome_by_seat_game orders them. Component number i (from 0: its place among the
-- components some run of the logs offers, alphabetical, as components_by_run lists them) is
-- bit i % 63 of word i // 63: 63 bits, so a mask is never negative. An acquisition of a
-- component no run offers is left out.
with offered as (
    select component,
           hash(component) as component_hash,
           (row_number() over (order by component) - 1)::integer as component_index
    from (select distinct component from run_components($component::varchar))
),
game_rows as (
    select game_id,
           (row_number() over (order by seed, game_id) - 1)::integer as game_row
    from games
),
masks as (
    -- grouped by game id before the join to game_rows: the rows arrive game by game, so
    -- this aggregation stays in cache, and the join then meets one row per game and seat
    select a.game_id,
           a.seat,
           o.component_index // 63 as word,
           bit_or(1::bigint << (o.component_index % 63)::bigint) as mask
    from acquisitions($component::varchar) as a
    -- the hash first: joining millions of rows on an integer, then checking the text of
    -- the few dozen that match, costs about two thirds of a join on the text alone
    join offered as o
      on hash(a.component) = o.component_hash and a.component = o.component
    group by a.game_id, a.seat, o.component_index // 63
),
final as (
    select r.game_row,
           m.seat::integer as seat,
           m.word::integer as word,
           m.mask::bigint as mask
    from masks as m
    join game_rows as r using (game_id)
)
select * from final
