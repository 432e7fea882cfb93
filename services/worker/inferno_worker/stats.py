"""The arena's statistics: a mean with its confidence interval, and a paired t-test.

The arena plays each deal once per seating (duplicate format), so two bots' scores on the same
deal are paired and the deal is the unit of independence; a paired t-test on the per-deal
differences removes the luck of the cards from the comparison, which Welch's test on unpaired
scores would leave in. The t distribution comes from SciPy (``scipy.stats.ttest_1samp`` and its
confidence interval) rather than a hand-written incomplete beta function.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scipy import stats


@dataclass(frozen=True)
class MeanCI:
    """A sample mean with a two-sided confidence interval from the t distribution."""

    mean: float
    low: float
    high: float
    n: int


@dataclass(frozen=True)
class PairedTest:
    """A two-sided paired t-test of ``a − b``: the mean difference, its interval, t and p."""

    difference: MeanCI
    t: float
    df: int
    p: float


def mean_ci(values: Sequence[float], confidence: float = 0.95) -> MeanCI:
    """The mean of ``values`` and its ``confidence`` interval (t distribution, n − 1 df)."""
    n = _check(values, confidence)
    mean = math.fsum(values) / n
    if _constant(values):
        return MeanCI(mean, mean, mean, n)
    result = stats.ttest_1samp(values, 0.0)
    ci = result.confidence_interval(confidence)
    return MeanCI(mean, float(ci.low), float(ci.high), n)


def paired_test(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> PairedTest:
    """Is the mean of ``a − b`` (paired by position) different from zero?"""
    if len(a) != len(b):
        raise ValueError(f"paired samples must have the same length; got {len(a)} and {len(b)}")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    difference = mean_ci(diffs, confidence)
    df = difference.n - 1
    if _constant(diffs):
        # No spread: the difference is exactly what was seen every time.
        if difference.mean == 0:
            return PairedTest(difference, 0.0, df, 1.0)
        return PairedTest(difference, math.copysign(math.inf, difference.mean), df, 0.0)
    result = stats.ttest_1samp(diffs, 0.0)
    return PairedTest(difference, float(result.statistic), df, float(result.pvalue))


def _check(values: Sequence[float], confidence: float) -> int:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1; got {confidence!r}")
    n = len(values)
    if n < 2:
        raise ValueError(f"a confidence interval needs at least 2 values; got {n}")
    if not all(math.isfinite(v) for v in values):
        raise ValueError("values must be finite numbers")
    return n


def _constant(values: Sequence[float]) -> bool:
    return all(v == values[0] for v in values)
