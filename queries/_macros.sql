-- Table macros shared by the query files, created by analytics/query.py when logs are opened.
-- Not a query (its name starts with `_`). `component_type` is 'card' or 'face' throughout.

-- Heroic Feat cards of each game's set: runs.cards is a comma-separated list of card ids.
create or replace macro available_cards() as table
    with run_cards as (
        select run_id, trim(unnest(string_split(cards, ','))) as card
        from runs
    )
    select g.game_id, run_cards.card
    from games as g
    join run_cards using (run_id)
    where run_cards.card <> '';

-- Die faces that could be forged: the Sanctuary always, a garden face when its card is in
-- the set (each garden is filled by the card that forges from it).
create or replace macro available_faces() as table
    with sanctuary(face) as (
        values ('gold_3'), ('moon_1'), ('gold_4'), ('sun_1'), ('gold_6'),
               ('gold1_or_sun1_or_moon1'), ('sun1_glory1'), ('gold2_moon1'), ('gold3_or_glory2'),
               ('moon_2'), ('sun_2'), ('glory_3'), ('glory_4'), ('moon2_glory2'),
               ('gold2_or_sun2_or_moon2'), ('gold1_sun1_moon1_glory1')
    ),
    garden(face, card) as (
        values ('x3', 'helmet_of_invisibility'), ('mirror', 'mirror_of_the_abyss'),
               ('ship', 'celestial_ship'), ('shield_red', 'guardians_shield'),
               ('shield_blue', 'guardians_shield'), ('shield_yellow', 'guardians_shield'),
               ('shield_green', 'guardians_shield'), ('boar', 'tenacious_boar')
    )
    select g.game_id, sanctuary.face
    from games as g
    cross join sanctuary
    union all
    select c.game_id, garden.face
    from available_cards() as c
    join garden using (card);

create or replace macro available_components(component_type) as table
    select game_id, card as component from available_cards() where component_type = 'card'
    union all
    select game_id, face as component from available_faces() where component_type = 'face';

-- One row per seat that acquired a card (feat performed) or face (forged) in a game.
create or replace macro acquisitions(component_type) as table
    select e.game_id,
           e.seat,
           e.item::varchar as component,
           count(*)::integer as copies,
           min(e.round)::integer as first_round,
           min(e.seq)::integer as first_seq
    from events as e
    where e.kind = (case when component_type = 'card' then 'feat_performed'
                         else 'face_forged' end)
    group by e.game_id, e.seat, e.item;

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

-- One row per seat and game, with the game's setup.
create or replace macro seat_games() as table
    select p.game_id, p.seat, p.bot, p.score, p.rank, p.won, p.win_share::double as win_share,
           g.players, g.module, g.card_set, g.rounds
    from players as p
    join games as g using (game_id);
