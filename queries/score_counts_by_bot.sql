-- question: How are final scores distributed for each bot (a histogram)?
-- grain: one row per bot and final score
with seats as (
    select bot, score from seat_games()
),
final as (
    select bot, score::integer as score, count(*)::bigint as n
    from seats
    group by bot, score
)
select * from final
order by bot, score
