"""Statistics for win rates: every function returns numbers or small frozen results and never
prints (STYLE.md 11). One namespace over five modules:

- estimates: proportions, means, ratios clustered by game, seat shares, multiple testing;
- bootstrap: the cluster bootstrap over whole games;
- regression: logistic average marginal effects of what a seat owns;
- paired: two setups on the same seeds, their sample sizes and stopping boundaries;
- rates: rates over seat-games and their differences, valid at any n (the rare-row rule).

scipy is imported only where needed: importing it costs about a second,
more than the whole card table takes to compute.
"""

from analytics.output import analysis_p as format_p  # the analyses' p-value text
from analytics.stats.bootstrap import bootstrap_sums, percentile_interval
from analytics.stats.estimates import (
    Estimate,
    benjamini_hochberg,
    cluster_ratio_bounds,
    mean_bounds,
    newcombe_difference,
    normal_quantile,
    profile_signature,
    same_hypotheses,
    seat_chi_square,
    two_sided_p,
    wilson,
    wilson_bounds,
)
from analytics.stats.paired import (
    Paired,
    obrien_fleming_bounds,
    paired_mean_difference,
    paired_profile,
    paired_ratio_difference,
    ratio,
    sample_size_independent,
    sample_size_paired,
    t_test_sample_size,
)
from analytics.stats.rates import (
    RULE as RARE_ROW_RULE,
)
from analytics.stats.rates import (
    ClusteredRates,
    RateDifference,
    clustered_rates,
    holm,
    rate_difference,
    score_test_p,
    too_few_to_test,
    trials_to_test,
)
from analytics.stats.rates import correlation as rate_correlation
from analytics.stats.regression import adjusted_associations, logistic_average_effects

__all__ = [
    "RARE_ROW_RULE", "ClusteredRates", "RateDifference", "clustered_rates", "holm",
    "paired_profile", "profile_signature", "rate_correlation", "rate_difference",
    "same_hypotheses", "score_test_p", "too_few_to_test", "trials_to_test",
    "Estimate", "Paired", "adjusted_associations", "benjamini_hochberg", "bootstrap_sums",
    "cluster_ratio_bounds", "format_p", "logistic_average_effects", "mean_bounds",
    "newcombe_difference", "normal_quantile", "obrien_fleming_bounds", "paired_mean_difference",
    "paired_ratio_difference", "percentile_interval", "ratio", "sample_size_independent",
    "sample_size_paired", "seat_chi_square", "t_test_sample_size", "two_sided_p", "wilson",
    "wilson_bounds",
]
