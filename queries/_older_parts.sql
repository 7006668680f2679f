-- Not a query (its name starts with `_`): for runs with parts logged before parts held the
-- `seat_components` table, analytics/query/database.py runs this after `_macros.sql`. These two
-- macros then read the events as they did before the table existed (as fast, the same rows as
-- the table gives: tests/test_seat_components.py), rather than the `seat_components` view
-- derived from the events (`_seat_components.sql`), which costs several times more.

-- One row per seat that acquired a component of the kind in a game.
create or replace macro acquisitions(component_type) as table
    select game_id,
           seat,
           component,
           count(*)::integer as copies,
           min(round)::integer as first_round,
           min(seq)::integer as first_seq
    from acquisition_events(component_type)
    where component in (select component from _all_components where kind = component_type)
    group by game_id, seat, component;

-- Per component of the kind: times used, the users' summed win shares, score attributed and
-- cost, as `component_event_totals` in `_macros.sql`.
create or replace macro component_event_totals(component_type) as table
    with use_events as (
        select item, game_id, seat, n from uses
        where list_contains(role_list('use', component_type), kind)
    ),
    use_totals as (
        select e.item::varchar as component,
               sum(e.n)::bigint as n_uses,
               sum(e.n * p.win_share)::double as use_wins
        from use_events as e
        join players as p using (game_id, seat)
        group by e.item
    ),
    score_totals as (
        select cause::varchar as component, sum(amount) as score
        from score_events() group by cause
    ),
    cost_events as (
        select cause, -amount as amount from events
        where list_contains(role_list('spend', ''), kind)
          and list_contains(role_list('pay', component_type), resource)
    ),
    attributed as (
        select coalesce(g.component, c.component) as component,
               coalesce(g.score, 0)::bigint as score,
               coalesce(c.cost, 0)::bigint as cost
        from score_totals as g
        full join (select cause::varchar as component, sum(amount) as cost
                   from cost_events group by cause) as c using (component)
        where coalesce(g.score, 0) <> 0 or coalesce(c.cost, 0) <> 0
    )
    select component,
           coalesce(u.n_uses, 0)::bigint as n_uses,
           coalesce(u.use_wins, 0)::double as use_wins,
           coalesce(a.score, 0)::bigint as score,
           coalesce(a.cost, 0)::bigint as cost
    from use_totals as u
    full join attributed as a using (component)
    where component in (select component from _all_components where kind = component_type);
