-- question: For each component of the kind: how often is it taken, how do seats that own it do, how often is it used, and how much score does it bring per game and per unit of cost?
-- grain: one row per component available in at least one game
-- param: component VARCHAR  -- a component kind of the game's roles (default: its first)
with outcomes as (
    select component,
           count(distinct game_id)::bigint as n_games,
           sum(n_seats)::bigint as n_available,
           sum(n_owned)::bigint as n_owned,
           sum(owned_wins)::double as owned_wins,
           sum(n_not_owned)::bigint as n_not_owned,
           sum(not_owned_wins)::double as not_owned_wins
    from owned_wins_by_game($component::varchar)
    group by component
),
owned as (
    select a.game_id, a.seat, a.component, a.copies, a.first_seq, p.win_share
    from acquisitions($component::varchar) as a
    join players as p using (game_id, seat)
),
first_acquirers as (
    -- the seat that took it earliest in each game
    select component, win_share
    from owned
    qualify row_number() over (partition by game_id, component order by first_seq) = 1
),
first_acquirer_wins as (
    select component,
           count(*)::bigint as n_first,
           avg(win_share)::double as first_acquirer_wr
    from first_acquirers
    group by component
),
copies as (
    select component, sum(copies)::bigint as copies
    from owned
    group by component
),
event_totals as (
    -- uses (its use events), score attributed and cost paid
    select * from component_event_totals($component::varchar)
),
final as (
    select o.component,
           o.n_games,
           o.n_available,
           o.n_owned,
           (o.n_owned / o.n_available)::double as take_rate,
           (c.copies / nullif(o.n_owned, 0))::double as copies_per_owner,
           (o.owned_wins / nullif(o.n_owned, 0))::double as owned_wr,
           (o.not_owned_wins / nullif(o.n_not_owned, 0))::double as not_owned_wr,
           (o.owned_wins / nullif(o.n_owned, 0)
               - o.not_owned_wins / nullif(o.n_not_owned, 0))::double as delta,
           coalesce(f.n_first, 0)::bigint as n_first,
           f.first_acquirer_wr,
           coalesce(t.n_uses, 0)::bigint as n_uses,
           (t.use_wins / nullif(t.n_uses, 0))::double as used_wr,
           coalesce(t.score, 0)::bigint as score,
           (coalesce(t.score, 0) / nullif(o.n_owned, 0))::double as score_per_game,
           coalesce(t.cost, 0)::bigint as cost,
           (coalesce(t.score, 0) / nullif(t.cost, 0))::double as score_per_cost
    from outcomes as o
    left join first_acquirer_wins as f using (component)
    left join copies as c using (component)
    left join event_totals as t using (component)
)
select * from final
order by component
