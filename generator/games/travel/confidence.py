"""95% confidence intervals for what the simulator counts: Wilson for rates, Student's t for means.

Why these: a win rate near 0 or 1 (the Pickpocket at 99%) makes the normal-approximation interval run past
0..1 and lie about small samples; Wilson's stays inside and is honest at a few hundred games. Game lengths are
means of many games, where the t interval is exact enough and needs no resampling (so it is deterministic).
"""
from __future__ import annotations

import math
from typing import NamedTuple

LEVEL = 0.95


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
    from scipy import stats  # heavy: imported when a figure is first estimated, not with every command

    interval = stats.binomtest(successes, trials).proportion_ci(LEVEL, method="wilson")
    return Estimate(successes / trials, float(interval.low), float(interval.high))


def mean(values: list[int] | list[float]) -> Estimate:
    """The mean of `values` with its t interval (the mean itself for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    centre = math.fsum(values) / n
    if n == 1:
        return Estimate(centre, centre, centre)
    from scipy import stats

    spread = math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1))
    half = float(stats.t.ppf((1 + LEVEL) / 2, n - 1)) * spread / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half)
