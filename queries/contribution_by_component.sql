-- question: For each card (or face): how often is it taken, how do seats that own it do, how often is it used, and how much Glory does it bring per game and per unit of cost?
-- grain: one row per card id (or face id) available in at least one game
-- param: component VARCHAR = 'card'  -- 'card' (Heroic Feats) or 'face' (die faces)
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
uses as (
    -- a face is used when it comes up on a die; a card when its reinforcement or token is used
    select e.game_id, e.seat, e.item::varchar as component, count(*)::bigint as times
    from events as e
    where ($component::varchar = 'face' and e.kind = 'die_rolled')
       or ($component::varchar = 'card' and e.kind in ('reinforcement_used', 'token_used'))
    group by e.game_id, e.seat, e.item
),
use_wins as (
    select u.component,
           sum(u.times)::bigint as n_uses,
           (sum(u.times * p.win_share) / sum(u.times))::double as used_wr
    from uses as u
    join players as p using (game_id, seat)
    group by u.component
),
glory as (
    select cause::varchar as component, sum(amount)::bigint as glory
    from events
    where resource = 'glory' and kind in ('resource_gained', 'resource_lost')
    group by cause
),
costs as (
    -- what was paid to buy it: Moon and Sun for a card, Gold for a face
    select cause::varchar as component, (-sum(amount))::bigint as cost
    from events
    where kind = 'resource_spent'
      and ((resource::varchar in ('moon', 'sun') and $component::varchar = 'card')
        or (resource::varchar = 'gold' and $component::varchar = 'face'))
    group by cause
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
           coalesce(u.n_uses, 0)::bigint as n_uses,
           u.used_wr,
           coalesce(g.glory, 0)::bigint as glory,
           (coalesce(g.glory, 0) / nullif(o.n_owned, 0))::double as glory_per_game,
           coalesce(k.cost, 0)::bigint as cost,
           (coalesce(g.glory, 0) / nullif(k.cost, 0))::double as glory_per_cost
    from outcomes as o
    left join first_acquirer_wins as f using (component)
    left join copies as c using (component)
    left join use_wins as u using (component)
    left join glory as g using (component)
    left join costs as k using (component)
)
select * from final
order by component
