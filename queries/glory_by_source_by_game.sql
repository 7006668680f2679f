-- question: In each game, how much Glory came from die faces, feat cards (printed or effects), the Hammer and anything else?
-- grain: one row per game and source
-- The game's catalogue says what each cause's Glory counts as (components.glory_source):
-- die_face, card (printed Glory is scored after the last round, the rest is its effect) or
-- hammer (a gold track); a cause the catalogue does not name (a rule) is 'other'.
with glory_events as (
    select e.game_id, e.round, e.cause::varchar as cause, e.amount::bigint as amount, g.rounds
    from events as e
    join games as g using (game_id)
    where e.resource = 'glory' and e.kind <> 'resource_overflowed'
),
sources as (
    select distinct component::varchar as cause, glory_source from components
),
sourced as (
    select ge.game_id,
           case
               when s.glory_source = 'card' and ge.round > ge.rounds then 'card_printed'
               when s.glory_source = 'card' then 'card_effect'
               else coalesce(s.glory_source, 'other')
           end as source,
           ge.amount
    from glory_events as ge
    left join sources as s using (cause)
),
final as (
    select game_id, source, sum(amount)::bigint as glory
    from sourced
    group by game_id, source
)
select * from final
order by game_id, source
