-- Table macros shared by the query files, created by analytics/query/database.py when logs are opened.
-- Not a query (its name starts with `_`). `component_type` is a component kind of the game's
-- roles throughout (the `kind` of the catalogue).

-- The game's roles, which of its words play each part, so no query names a word of a game: the
-- `roles` table (long rows role, kind, value; kind '' for the game's own roles), and two macros
-- analytics/query/roles.py makes from them when the logs are opened, as constants:
-- `score_resource()`, the score's resource, and `role_list(role, kind)`, the words of a role
-- for a component kind (acquire, use, pay; '*': of every kind) or for the game ('': gain, loss,
-- spend). Filters on constants reach the Parquet scan; `in (select ... from roles)` does not
-- (a third slower on the event totals).

-- Every change of a seat's score (gains and losses; not what a cap refused).
create or replace macro score_events() as table
    select * from events
    where resource = score_resource()
      and list_contains(list_concat(role_list('gain', ''), role_list('loss', '')), kind);

-- Per component kind: what its score counts as, and whether its score after the last turn is
-- printed score (told apart from its effects).
create or replace macro kind_sources() as table
    select kind, value as score_source,
           kind in (select kind from roles where role = 'end_score') as end_score
    from roles
    where role = 'score_source';

-- The components of a kind each run could offer during play, from its catalogue (the
-- `components` view): the cards of its set, the faces its games could forge.
create or replace macro run_components(component_type) as table
    select run_id, component
    from components
    where kind = component_type and offered;

-- Per game: every component of its run (availability is a property of the run's set).
create or replace macro available_components(component_type) as table
    select g.game_id, c.component
    from games as g
    join run_components(component_type) as c using (run_id);

-- One row per acquisition of a component of the kind (the events its roles say acquire one).
create or replace macro acquisition_events(component_type) as table
    select e.game_id, e.seat, e.seq, e.round, e.item::varchar as component
    from events as e
    where list_contains(role_list('acquire', component_type), e.kind);

-- One row per seat that acquired a component of the kind in a game (from `seat_components`,
-- a few rows per seat-game where the events hold hundreds).
create or replace macro acquisitions(component_type) as table
    select game_id,
           seat,
           component,
           copies,
           first_round::integer as first_round,
           first_seq
    from seat_components
    where kind = component_type and copies > 0;

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

-- Per component of the kind: times used (the `uses` counts of its roles' use kinds) and the
-- users' summed win shares; score attributed (score events whose cause is it) and cost (the
-- resources its roles say pay for it). From `seat_components`: a few million rows, where the
-- events hold tens of millions of die rolls.
create or replace macro component_event_totals(component_type) as table
    -- One pass: a component's rows are summed at once (uses only where the seat played: the
    -- users' win shares), and it is kept if it was used or its score or cost is not 0.
    with totals as (
        select c.component,
               sum(c.uses) filter (where p.seat is not null) as n_uses,
               sum(c.uses * p.win_share) filter (where c.uses > 0) as use_wins,
               sum(c.score) as score,
               sum(c.cost) as cost
        from seat_components as c
        left join players as p using (game_id, seat)
        where c.kind = component_type
        group by c.component
    )
    select component,
           coalesce(n_uses, 0)::bigint as n_uses,
           coalesce(use_wins, 0)::double as use_wins,
           score::bigint as score,
           cost::bigint as cost
    from totals
    where n_uses > 0 or score <> 0 or cost <> 0;

-- One row per seat and game, with the game's setup.
create or replace macro seat_games() as table
    select p.game_id, p.seat, p.bot, p.score, p.rank, p.won, p.win_share::double as win_share,
           g.run_id, g.players, g.module, g.card_set, g.rounds
    from players as p
    join games as g using (game_id);
