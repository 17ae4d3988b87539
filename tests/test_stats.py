"""The one statistics module both games use (generator/stats.py): exact interval values for known inputs (the
references are SciPy's `binomtest(...).proportion_ci(method="wilson")` and `t.ppf`, and printed t tables)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.stats import SERIES_FROM, Estimate, mean, rate, t_quantile


@pytest.mark.parametrize("successes, trials, low, high", [
    (30, 100, 0.21894885294932764, 0.39584854633346667),
    (1218, 3000, 0.38855812976048254, 0.42368229379987876),
    (7, 10, 0.39677814746114526, 0.892208732593699),
    (1, 2, 0.09453120573423074, 0.9054687942657693),
    (0, 3000, 0.0, 0.0012788487253259629),
    (50, 50, 0.9286524008666412, 1.0),
])
def test_a_rate_has_the_wilson_interval(successes, trials, low, high):
    e = rate(successes, trials)
    assert e.value == successes / trials
    assert e.low == pytest.approx(low, abs=1e-15) and e.high == pytest.approx(high, abs=1e-15)


def test_no_trials_say_nothing():
    assert rate(0, 0) == Estimate(0.0, 0.0, 1.0)


@given(trials=st.integers(1, 100_000), data=st.data())
def test_a_wilson_interval_holds_its_share_and_stays_in_0_1(trials, data):
    successes = data.draw(st.integers(0, trials))
    e = rate(successes, trials)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0


@pytest.mark.parametrize("df, quantile", [
    (1, 12.706204736174694), (2, 4.302652729749462), (3, 3.1824463052837078), (4, 2.7764451051977934),
    (10, 2.228138851986274), (30, 2.0422724563012378), (99, 1.9842169515864174),
    (100, 1.9839715185235518), (1000, 1.9623390808264083),
])
def test_the_t_quantile(df, quantile):
    assert t_quantile(df) == pytest.approx(quantile, abs=1e-9)


def test_the_t_quantile_is_continuous_where_the_series_takes_over():
    assert t_quantile(SERIES_FROM - 1) > t_quantile(SERIES_FROM) > t_quantile(SERIES_FROM + 1)


def test_a_mean_has_the_student_t_interval():
    e = mean([1, 2, 3])  # sd 1, t(2) = 4.302653: half width 4.302653 / sqrt(3)
    assert e.value == 2.0 and e.high - e.value == pytest.approx(2.4841377117503285, abs=1e-12)
    e = mean([1, 2, 3, 4])  # the normal quantile would give 1.2652, 35% too narrow
    assert (e.low, e.high) == pytest.approx((0.44573974323947985, 4.55426025676052), abs=1e-12)
    assert mean([5]) == Estimate(5.0, 5.0, 5.0)
    assert mean([]) == Estimate(0.0, 0.0, 0.0)


def test_only_an_interval_wholly_beyond_the_margin_is_outside():
    assert Estimate(0.40, 0.31, 0.49).outside(0.25, 0.05)
    assert not Estimate(0.40, 0.29, 0.49).outside(0.25, 0.05)
    assert Estimate(0.10, 0.05, 0.19).outside(0.25, 0.05)
