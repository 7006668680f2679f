-- question: In each game, how much Glory came from die faces, feat cards (printed or effects), the Hammer and anything else?
-- grain: one row per game and source
-- param: hammer VARCHAR = 'blacksmiths_hammer' -- the card whose track turns gold into Glory
with glory_events as (
    select e.game_id, e.round, e.cause::varchar as cause, e.amount::bigint as amount, g.rounds
    from events as e
    join games as g using (game_id)
    where e.resource = 'glory' and e.kind <> 'resource_overflowed'
),
faces as (
    -- a cause is a die face when it came up on a die in these logs (names, not ids)
    select distinct item::varchar as cause from events where kind = 'die_rolled'
),
cards as (
    select distinct item::varchar as cause from events where kind = 'feat_performed'
),
sourced as (
    select ge.game_id,
           case
               when ge.cause = $hammer then 'hammer'
               when ge.cause in (select cause from faces) then 'die_face'
               when ge.cause in (select cause from cards) and ge.round > ge.rounds
                   then 'card_printed'
               when ge.cause in (select cause from cards) then 'card_effect'
               else 'other'
           end as source,
           ge.amount
    from glory_events as ge
),
final as (
    select game_id, source, sum(amount)::bigint as glory
    from sourced
    group by game_id, source
)
select * from final
order by game_id, source
