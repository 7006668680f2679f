-- question: Where does Glory come from: die faces, feat cards (printed at the end or from effects), the Hammer, other rules?
-- grain: one row per source and cause
with glory_events as (
    select e.game_id, e.round, e.cause::varchar as cause, e.amount::bigint as amount, g.rounds
    from events as e
    join games as g using (game_id)
    where e.resource = 'glory' and e.kind in ('resource_gained', 'resource_lost')
),
faces as (
    -- a cause is a die face when it ever came up on a die (x3 adds to a face's own Glory)
    select distinct item::varchar as cause from events where kind = 'die_rolled'
    union
    select 'x3'
),
cards as (
    select distinct card as cause from available_cards()
),
sourced as (
    select ge.amount,
           ge.cause,
           case
               when ge.cause = 'blacksmiths_hammer' then 'hammer'
               when ge.cause in (select cause from faces) then 'die_face'
               when ge.cause in (select cause from cards) and ge.round > ge.rounds
                   then 'card_printed'
               when ge.cause in (select cause from cards) then 'card_effect'
               else 'other'
           end as source
    from glory_events as ge
),
totals as (
    select (select count(*) from games)::double as n_games, sum(amount)::double as glory
    from sourced
),
final as (
    select s.source,
           s.cause,
           sum(s.amount)::bigint as glory,
           (sum(s.amount) / t.n_games)::double as glory_per_game,
           (sum(s.amount) / nullif(t.glory, 0))::double as share
    from sourced as s
    cross join totals as t
    group by s.source, s.cause, t.n_games, t.glory
)
select * from final
order by source, glory desc, cause
