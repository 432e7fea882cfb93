"""The arena's statistics against a hand-computed example and on bad input.

The example uses 2 degrees of freedom, where Student's t has a closed form
(CDF ``1/2 + t / (2·sqrt(2 + t²))``, quantile ``(2q − 1) / sqrt(2q(1 − q))``), so every expected
figure below is worked out by hand without SciPy.
"""

from __future__ import annotations

import math

import pytest

from inferno_worker.stats import mean_ci, paired_test

# Per-deal differences 2, 4, 9: mean 5, deviations −3, −1, 4, sum of squares 26,
# variance 26 / 2 = 13, standard error sqrt(13 / 3).
SE = math.sqrt(13 / 3)
T = 5 / SE  # t² = 75 / 13
P = 1 - math.sqrt(75 / 101)  # two-sided: 1 − t / sqrt(2 + t²) = 1 − sqrt((75/13) / (101/13))
Q975 = 0.95 / math.sqrt(2 * 0.975 * 0.025)  # 4.3027: the 97.5 % point of t with 2 df


def test_the_interval_of_a_mean_matches_the_hand_computation() -> None:
    m = mean_ci([2, 4, 9])
    assert m.n == 3
    assert m.mean == 5
    assert m.low == pytest.approx(5 - Q975 * SE, abs=1e-9)
    assert m.high == pytest.approx(5 + Q975 * SE, abs=1e-9)
    assert abs(Q975 - 4.302653) < 1e-6  # the printed tables agree


def test_the_paired_test_matches_the_hand_computation() -> None:
    # a − b is 2, 4, 9 again; the scores themselves are offset by a deal's luck.
    a = [12.0, 34.0, 59.0]
    b = [10.0, 30.0, 50.0]
    test = paired_test(a, b)
    assert test.df == 2
    assert test.t == pytest.approx(T, abs=1e-9)
    assert test.t == pytest.approx(2.401922, abs=1e-6)
    assert test.p == pytest.approx(P, abs=1e-9)
    assert test.p == pytest.approx(0.138273, abs=1e-6)
    assert test.difference.mean == 5
    assert test.difference.low == pytest.approx(5 - Q975 * SE, abs=1e-9)
    # Swapping the sides flips the sign and keeps p.
    back = paired_test(b, a)
    assert back.t == pytest.approx(-T) and back.p == pytest.approx(P)


def test_a_wider_confidence_gives_a_wider_interval() -> None:
    narrow, wide = mean_ci([2, 4, 9], 0.5), mean_ci([2, 4, 9], 0.99)
    assert wide.low < narrow.low < 5 < narrow.high < wide.high


def test_differences_without_spread_are_certain() -> None:
    assert paired_test([3, 4, 5], [1, 2, 3]).p == 0.0
    assert paired_test([3, 4, 5], [1, 2, 3]).t == math.inf
    same = paired_test([3, 4, 5], [3, 4, 5])
    assert same.p == 1.0 and same.t == 0.0
    assert mean_ci([7, 7, 7]) == mean_ci([7, 7, 7]).__class__(7, 7, 7, 3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mean_ci([1.0]), "at least 2 values"),
        (lambda: mean_ci([]), "at least 2 values"),
        (lambda: mean_ci([1.0, math.nan]), "finite"),
        (lambda: mean_ci([1.0, 2.0], confidence=95), "between 0 and 1"),
        (lambda: paired_test([1.0, 2.0], [1.0]), "same length"),
    ],
)
def test_bad_input_is_refused_with_a_reason(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_equal_bots_are_called_different_about_as_often_as_the_level_says() -> None:
    """400 arenas between two equal players (same-distribution noise, paired by deal): the
    test says "different at 5 %" in about 5 % of them, and finds a real shift almost always."""
    import random

    rng = random.Random(2026)
    false_alarms = found = 0
    for _ in range(400):
        luck = [rng.gauss(0, 20) for _ in range(30)]  # the deal's cards, shared by both
        a = [x + rng.gauss(0, 5) for x in luck]
        b = [x + rng.gauss(0, 5) for x in luck]
        false_alarms += paired_test(a, b).p < 0.05
        found += paired_test([x + 5 for x in a], b).p < 0.05
    # Binomial(400, 0.05): mean 20, sd 4.4; the bounds sit about 3 sd out.
    assert 7 <= false_alarms <= 34
    assert found >= 360  # power ≈ 0.97 for a shift of 5 against a spread of 7 over 30 deals
