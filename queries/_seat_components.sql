-- Not a query (its name starts with `_`): the `seat_components` view of runs whose parts were
-- logged before parts held that table, created by analytics/query/database.py before
-- `_macros.sql` (whose macros read the view) as a `union all` of this macro over the kinds.
-- The score events are those of `score_events()` in `_macros.sql`.
-- The `seat_components` rows of one component kind, from the events: for runs whose parts
-- were logged before they held that table (analytics/eventlog/seat_components.py writes the
-- same rows for each part; `dicelab repair` writes them for older parts). Per game, seat and
-- component of the kind (in the runs' catalogues): copies acquired, the first acquisition's
-- seq and round, uses (the `uses` counts of its roles' use kinds), score caused and cost paid.
create or replace macro seat_components_from_events(component_type) as table
    with acquired as (
        select game_id, seat, item::varchar as component, count(*) as copies,
               min(seq) as first_seq, min(round) as first_round
        from events
        where list_contains(role_list('acquire', component_type), kind)
        group by all
    ),
    used as (
        select game_id, seat, item::varchar as component, sum(n) as uses
        from uses
        where list_contains(role_list('use', component_type), kind)
        group by all
    ),
    scored as (
        select game_id, seat, cause::varchar as component, sum(amount) as score
        from events
        where resource = score_resource()
          and list_contains(list_concat(role_list('gain', ''), role_list('loss', '')), kind)
        group by all
    ),
    paid as (
        select game_id, seat, cause::varchar as component, sum(-amount) as cost
        from events
        where list_contains(role_list('spend', ''), kind)
          and list_contains(role_list('pay', component_type), resource)
        group by all
    ),
    joined as (
        select *
        from acquired
        full join used using (game_id, seat, component)
        full join scored using (game_id, seat, component)
        full join paid using (game_id, seat, component)
    )
    select game_id::bigint as game_id,
           seat::tinyint as seat,
           component_type::varchar as kind,
           component,
           coalesce(copies, 0)::integer as copies,
           first_seq::integer as first_seq,
           first_round::tinyint as first_round,
           coalesce(uses, 0)::integer as uses,
           coalesce(score, 0)::integer as score,
           coalesce(cost, 0)::integer as cost
    from joined
    where component in (select component from _all_components where kind = component_type);
