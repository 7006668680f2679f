-- Table macros shared by the query files, created by analytics/query/database.py when logs are opened.
-- Not a query (its name starts with `_`). `component_type` is 'card' or 'face' throughout.

-- The cards (component_type 'card') or faces ('face') each run could offer during play, from
-- its catalogue (the `components` view): the cards of its set, the faces its games could forge.
create or replace macro run_components(component_type) as table
    select run_id, component
    from components
    where kind = component_type and offered;

create or replace macro run_cards() as table
    select run_id, component as card from run_components('card');

create or replace macro run_faces() as table
    select run_id, component as face from run_components('face');

-- Per game: every component of its run (availability is a property of the run's set).
create or replace macro available_cards() as table
    select g.game_id, c.card
    from games as g
    join run_cards() as c using (run_id);

create or replace macro available_faces() as table
    select g.game_id, f.face
    from games as g
    join run_faces() as f using (run_id);

create or replace macro available_components(component_type) as table
    select g.game_id, c.component
    from games as g
    join run_components(component_type) as c using (run_id);

-- One row per acquisition of a card (feat performed) or face (forged).
create or replace macro acquisition_events(component_type) as table
    select e.game_id, e.seat, e.seq, e.round, e.item::varchar as component
    from events as e
    where e.kind = (case when component_type = 'card' then 'feat_performed'
                         else 'face_forged' end);

-- One row per seat that acquired a card (feat performed) or face (forged) in a game.
create or replace macro acquisitions(component_type) as table
    select game_id,
           seat,
           component,
           count(*)::integer as copies,
           min(round)::integer as first_round,
           min(seq)::integer as first_seq
    from acquisition_events(component_type)
    group by game_id, seat, component;

-- Per game and available component: seats owning it or not, and their summed win shares.
create or replace macro owned_wins_by_game(component_type) as table
    with owners as (
        select a.game_id,
               a.component,
               count(*)::integer as n_owned,
               sum(p.win_share)::double as owned_wins
        from acquisitions(component_type) as a
        join players as p using (game_id, seat)
        group by a.game_id, a.component
    ),
    game_totals as (
        select game_id, count(*)::integer as n_seats, sum(win_share)::double as wins
        from players
        group by game_id
    )
    select av.game_id,
           av.component,
           t.n_seats,
           coalesce(o.n_owned, 0)::integer as n_owned,
           coalesce(o.owned_wins, 0)::double as owned_wins,
           (t.n_seats - coalesce(o.n_owned, 0))::integer as n_not_owned,
           (t.wins - coalesce(o.owned_wins, 0))::double as not_owned_wins
    from available_components(component_type) as av
    join game_totals as t using (game_id)
    left join owners as o using (game_id, component);

-- Per card (or face): times used (a face rolled; a card's reinforcement or token used) and
-- the users' summed win shares; Glory attributed (events whose cause is it) and cost (Moon and
-- Sun spent on a card, Gold on a face). Uses come from the `uses` counts per game and seat (a
-- few million rows, where the events hold tens of millions of die rolls); of the events only
-- the columns and kinds needed are read: on 100M events each extra string column costs about
-- a second.
create or replace macro component_event_totals(component_type) as table
    -- Filters are equalities and `in` lists of constants, which DuckDB pushes into the Parquet
    -- scan: with events stored by kind and resource it then reads only the row groups that can
    -- match. One scan per question, not one per kind: each scan of the ~200 part files costs
    -- about 0.2 s of CPU even when nothing matches. A branch whose component_type does not
    -- match folds away without reading anything.
    with use_events as (
        select item, game_id, seat, n from uses
        where component_type = 'face' and kind = 'die_rolled'
        union all
        select item, game_id, seat, n from uses
        where component_type = 'card' and kind in ('reinforcement_used', 'token_used')
    ),
    use_totals as (
        select e.item::varchar as component,
               sum(e.n)::bigint as n_uses,
               sum(e.n * p.win_share)::double as use_wins
        from use_events as e
        join players as p using (game_id, seat)
        group by e.item
    ),
    glory_events as (
        select cause, amount from events
        where kind in ('resource_gained', 'resource_lost') and resource = 'glory'
    ),
    cost_events as (
        select cause, -amount as amount from events
        where component_type = 'card' and kind = 'resource_spent' and resource in ('moon', 'sun')
        union all
        select cause, -amount as amount from events
        where component_type = 'face' and kind = 'resource_spent' and resource = 'gold'
    ),
    attributed as (
        select coalesce(g.component, c.component) as component,
               coalesce(g.glory, 0)::bigint as glory,
               coalesce(c.cost, 0)::bigint as cost
        from (select cause::varchar as component, sum(amount) as glory
              from glory_events group by cause) as g
        full join (select cause::varchar as component, sum(amount) as cost
                   from cost_events group by cause) as c using (component)
        where coalesce(g.glory, 0) <> 0 or coalesce(c.cost, 0) <> 0
    )
    select component,
           coalesce(u.n_uses, 0)::bigint as n_uses,
           coalesce(u.use_wins, 0)::double as use_wins,
           coalesce(a.glory, 0)::bigint as glory,
           coalesce(a.cost, 0)::bigint as cost
    from use_totals as u
    full join attributed as a using (component);

-- One row per seat and game, with the game's setup.
create or replace macro seat_games() as table
    select p.game_id, p.seat, p.bot, p.score, p.rank, p.won, p.win_share::double as win_share,
           g.run_id, g.players, g.module, g.card_set, g.rounds
    from players as p
    join games as g using (game_id);
