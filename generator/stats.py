"""95% confidence intervals for what the games' simulators and benchmarks count: Wilson for rates, Student's t
for means. Both games use this one module (travel's balance lab, 3x16's bench), and it needs no SciPy.

Why these: a win rate near 0 or 1 (a character at 99%) makes the normal-approximation interval run past 0..1
and lie about small samples; Wilson's stays inside and is honest at a few hundred games. A mean of few values
needs Student's t, not the normal quantile (with 4 values the normal interval is 35% too narrow). Both are
closed forms, so the figures are deterministic.
"""
from __future__ import annotations

import math
from statistics import NormalDist
from typing import NamedTuple

LEVEL = 0.95
#: the normal quantile of the two-sided 95% level (1.959964)
Z = NormalDist().inv_cdf((1 + LEVEL) / 2)
#: from this many degrees of freedom on, t's quantile comes from its series in Z (error below 1e-10)
SERIES_FROM = 100


class Estimate(NamedTuple):
    """A measured value with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def outside(self, centre: float, margin: float) -> bool:
        """True when the whole interval lies more than `margin` away from `centre` (a difference that is not
        chance at 95%, and big enough to matter)."""
        return self.low > centre + margin or self.high < centre - margin


def rate(successes: int, trials: int) -> Estimate:
    """The share `successes / trials` with its Wilson score interval (0, 0..1 with no trials)."""
    if trials <= 0:
        return Estimate(0.0, 0.0, 1.0)
    share = successes / trials
    z2 = Z * Z / trials
    centre = (share + z2 / 2) / (1 + z2)
    half = Z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials)) / (1 + z2)
    low = 0.0 if successes == 0 else centre - half
    high = 1.0 if successes == trials else centre + half
    return Estimate(share, low, high)


def mean(values: list[int] | list[float]) -> Estimate:
    """The mean of `values` with its Student's t interval (the mean itself for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    centre = math.fsum(values) / n
    if n == 1:
        return Estimate(centre, centre, centre)
    spread = math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * spread / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half)


def t_quantile(df: int) -> float:
    """Student's t quantile of the two-sided 95% level for `df` degrees of freedom (12.706 for 1, 1.984 for
    100). Below SERIES_FROM: the t distribution function in closed form (Abramowitz & Stegun 26.7.3), inverted
    by bisection; from there on, the Cornish-Fisher series in Z (A&S 26.7.5)."""
    if df >= SERIES_FROM:
        z = Z
        terms = ((z ** 3 + z) / 4,
                 (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
                 (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
                 (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
        correction, power = 0.0, 1
        for term in terms:  # term k over df to the power k + 1, the power an exact int
            power *= df
            correction += term / power
        return z + correction
    low, high = 0.0, 1000.0
    for _ in range(80):
        middle = (low + high) / 2
        if _within(middle, df) < LEVEL:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _within(t: float, df: int) -> float:
    """The chance that |T| <= t for Student's t with `df` degrees of freedom (A&S 26.7.3: a finite sum)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:
        total = term = math.cos(theta) if df > 1 else 0.0
        for k in range(3, df - 1, 2):
            term *= (k - 1) / k * cos2
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    total = term = 1.0
    for k in range(2, df - 1, 2):
        term *= (k - 1) / k * cos2
        total += term
    return math.sin(theta) * total
