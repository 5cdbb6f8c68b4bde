"""Statistics: Student's t quantiles, t-intervals of a mean, means with their standard errors.

The experiments and habit studies give t-intervals (:func:`t_interval`); the
expert's evaluations give each option's mean and standard error
(:func:`mean_se`), and the hand review and the coach the paired difference
of two options played out in the same deals (:func:`paired_difference`).

Written out (the regularized incomplete beta function by its continued
fraction, the quantile by bisection) so the core needs no SciPy; the
figures agree with ``scipy.stats.t`` to twelve digits.

>>> round(t_quantile(0.975, 10), 4)
2.2281
>>> [round(x, 3) for x in t_interval([1.0, 2.0, 3.0, 4.0])]
[0.446, 4.554]
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the experiments' functions import numpy when called; the expert's mean_se needs neither
    import numpy as np
    import pandas as pd

__all__ = ["decimals", "holm", "holm_levels", "mean_se", "paired_difference", "t_interval", "t_pvalue", "t_quantile"]


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(ln_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(ln_front) * _betacf(b, a, 1.0 - x) / b


def _t_cdf(t: float, df: float) -> float:
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 10), 4), round(t_quantile(0.975, 1e9), 4)
    (2.2281, 1.96)
    """
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, not p={p!r}, df={df!r}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while _t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if _t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


def t_interval(values: Sequence[float] | pd.Series | np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    """The t-interval of the mean of ``values`` (NaN with fewer than two): the experiments' interval.

    With paired differences it is the interval of the effect. The project's
    convention: an effect is B minus A (the tested strategy minus the one it
    is compared with), and its interval is written ``ci_low`` to ``ci_high``.

    >>> lo, hi = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> round(lo, 3), round(hi, 3)
    (0.446, 4.554)
    """
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    n = len(x)
    if n < 2:
        return (math.nan, math.nan)
    mean = float(x.mean())
    half = t_quantile(0.5 + confidence / 2, n - 1) * float(x.std(ddof=1)) / math.sqrt(n)
    return (mean - half, mean + half)


def _runs(values: Sequence[float], draws: Sequence[int]) -> tuple[list[float], list[int]]:
    """One value per distinct draw with its count: ``values`` hold each draw's value ``draws[j]`` times in a row."""
    counts = [int(m) for m in draws if isinstance(m, numbers.Integral) and not isinstance(m, bool) and m >= 1]
    if len(counts) != len(draws) or sum(counts) != len(values):
        raise ValueError(f"draws must be counts of 1 or more adding up to {len(values)} values, not {list(draws)!r}")
    out, pos = [], 0
    for m in counts:
        if any(v != values[pos] for v in values[pos : pos + m]):
            raise ValueError(f"the {m} values of one draw at position {pos} differ")
        out.append(values[pos])
        pos += m
    return out, counts


def _plain(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error; NaN error with one value."""
    k = len(values)
    mean = sum(values) / k
    if k < 2:
        return mean, math.nan
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (k - 1) / k)


def _resampled(values: Sequence[float], draws: Sequence[int]) -> tuple[float, float]:
    """The mean of resampled draws and a standard error that counts a repeated draw once.

    With ``J`` distinct values ``x`` drawn ``m`` times each (``N`` in all),
    the variance is the weighted one, ``J/(J-1) * sum((m/N)**2 * (x - mean)**2)``,
    plus what the resampling itself adds, at most ``s**2 / N`` (``s**2`` the
    weighted spread), scaled by ``1 - ESS/N`` with ``ESS = N**2 / sum(m**2)``
    so that it vanishes when every draw is distinct. NaN error with one
    distinct value.
    """
    distinct, counts = _runs(values, draws)
    n = len(values)
    mean = sum(values) / n
    j = len(distinct)
    if j < 2:
        return mean, math.nan
    weighted = sum((m / n) ** 2 * (v - mean) ** 2 for v, m in zip(distinct, counts)) * j / (j - 1)
    spread = sum(m * (v - mean) ** 2 for v, m in zip(distinct, counts)) / n * j / (j - 1)
    ess = n * n / sum(m * m for m in counts)
    return mean, math.sqrt(weighted + spread / n * (1 - ess / n))


def mean_se(values: Sequence[float], draws: Sequence[int] | None = None) -> tuple[float, float]:
    """The mean of ``values`` (at least one) and its standard error (0.0 for a single value).

    ``draws``: when the values come from resampled draws (the expert's
    inference draws worlds again by weight, and a world drawn twice sits twice
    in a row), how many times each distinct draw repeats; a repeated value
    then counts once, weighted by its count, and the error includes what the
    resampling adds, so repeating a draw does not pass for evidence (NaN with
    a single distinct draw).

    >>> mean_se([1.0, 2.0, 3.0, 4.0])
    (2.5, 0.6454972243679028)
    >>> xs = [1.0, 1.0, 2.0, 3.0, 4.0, 4.0]
    >>> mean_se(xs)[1] < mean_se(xs, [2, 1, 1, 2])[1]
    True
    >>> mean_se([1.0, 2.0, 3.0, 4.0], [1, 1, 1, 1]) == mean_se([1.0, 2.0, 3.0, 4.0])
    True
    """
    if draws is not None:
        return _resampled(values, draws)
    if len(values) == 1:
        return float(values[0]), 0.0
    return _plain(values)


def paired_difference(
    a: Sequence[float], b: Sequence[float], draws: Sequence[int] | None = None
) -> tuple[float, float]:
    """Mean and standard error of the per-pair difference ``a - b`` (same deals, same order); NaN where
    there are too few pairs (no mean without a pair, no error with one). The pairs are the first
    ``min(len(a), len(b))`` values of each. ``draws`` as for :func:`mean_se`.

    >>> paired_difference([3, 5, 4], [1, 2, 4])
    (1.6666666666666667, 0.8819171036881969)
    >>> a, b = [3, 3, 5, 4], [1, 1, 2, 4]  # the first pair drawn twice
    >>> paired_difference(a, b, [2, 1, 1])[1] > paired_difference(a, b)[1]
    True
    """
    if len(a) == 0 or len(b) == 0:
        return math.nan, math.nan
    diffs = [x - y for x, y in zip(a, b)]
    return _plain(diffs) if draws is None else _resampled(diffs, draws)


def t_pvalue(values: Sequence[float] | pd.Series | np.ndarray) -> float:
    """The two-sided p-value of the t-test that the mean of ``values`` is zero (NaN with fewer than two).

    With paired differences it is the test that goes with :func:`t_interval`:
    the interval at level ``1 - alpha`` excludes zero exactly when ``p < alpha``.
    No spread at all (every value equal) gives 1.0 for a zero mean and 0.0 otherwise.

    >>> round(t_pvalue([1.0, 2.0, 3.0, 4.0]), 4)
    0.0305
    >>> t_pvalue([0.0, 0.0, 0.0])
    1.0
    """
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    n = len(x)
    if n < 2:
        return math.nan
    mean = float(x.mean())
    sd = float(x.std(ddof=1))
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = abs(mean) / (sd / math.sqrt(n))
    return min(1.0, 2.0 * (1.0 - _t_cdf(t, n - 1)))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of several p-values (the family-wise error stays at most at the level you test).

    The smallest p-value is multiplied by ``m`` (the number of tests), the
    next by ``m - 1``, and so on, each kept at least as large as the one
    before and at most 1; NaN stays NaN and does not count as a test.
    Reject the hypotheses whose adjusted p-value is below ``alpha``.

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [0.04, 0.09, 0.09, 0.5]
    """
    p = [float(x) for x in pvalues]
    order = sorted((i for i in range(len(p)) if not math.isnan(p[i])), key=lambda i: p[i])
    m = len(order)
    out = [math.nan] * len(p)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = round(running, 12)
    return out


def holm_levels(pvalues: Sequence[float], confidence: float = 0.95) -> list[float]:
    """The confidence level at which Holm's procedure tested each hypothesis: the level of its adjusted interval.

    With ``m`` tests at family-wise level ``alpha = 1 - confidence``, the
    smallest p-value is tested at ``alpha / m``, the next at
    ``alpha / (m - 1)``, and so on while each is rejected; once one is not,
    it and every later one are tested at the level where the procedure
    stopped. A t-interval at the level given here excludes zero exactly when
    Holm's adjusted p-value (:func:`holm`) is below ``alpha``, so an adjusted
    interval never contradicts the adjusted verdict. NaN stays NaN.

    >>> [round(x, 4) for x in holm_levels([0.001, 0.04, 0.03, 0.5])]
    [0.9875, 0.9833, 0.9833, 0.9833]
    >>> holm_levels([0.001, 0.002], 0.9)
    [0.95, 0.9]
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    alpha = 1.0 - confidence
    p = [float(x) for x in pvalues]
    order = sorted((i for i in range(len(p)) if not math.isnan(p[i])), key=lambda i: p[i])
    m = len(order)
    out = [math.nan] * len(p)
    stopped: float | None = None
    for rank, i in enumerate(order):
        level = alpha / (m - rank)
        if stopped is None and p[i] >= level:
            stopped = level
        out[i] = 1.0 - (level if stopped is None else stopped)
    return out


def decimals(values: Sequence[float], digits: int = 2, most: int = 6) -> int:
    """How many decimals to print ``values`` with: ``digits``, or more (up to ``most``) so that none but zero reads 0.

    A rounded end of an interval must not contradict its verdict: -0.001
    printed "0.00" would say the interval touches zero when it lies below.

    >>> decimals([0.34, -0.001, 0.681]), decimals([-0.7, 0.0]), decimals([1e-9])
    (3, 2, 6)
    """
    d = digits
    while d < most and any(v != 0 and not math.isnan(v) and round(v, d) == 0 for v in values):
        d += 1
    return d
