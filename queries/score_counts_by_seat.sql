-- question: How are final scores distributed for each seat (seat 0 plays first)?
-- grain: one row per player count, seat and score
with seats as (
    select players, seat, score from seat_games()
),
final as (
    select players::integer as players, seat::integer as seat, score::integer as score,
           count(*)::bigint as n
    from seats
    group by players, seat, score
)
select * from final
order by players, seat, score
