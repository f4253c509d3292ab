"""Every interval and test the pages show, in one place (the method: ``docs/statistics.md``).

* ``Estimate``: a measured value with its 95 % interval, its sample size and its method.
* ``wilson``: a share's Wilson score interval; ``bootstrap_mean``, ``bootstrap_ratio``,
  ``share_of_rounds``: percentile-bootstrap intervals over whole games.
* ``five_numbers``: a distribution's lowest, quartiles and highest (what a box plot draws).
* ``bootstrap_difference``: the difference of two *independent* samples (two rule sets played on
  different deals, as the comparison page's Up to 9 beside Phase 10).
* ``paired_difference``, ``paired_ratio_difference``, ``paired_share_difference``: the difference
  of two rule sets played on *the same* deals (the house-rule lab: game ``i`` has the same seed on
  both sides), from the per-game differences: a bootstrap that resamples whole pairs of games (BCa
  or percentile), and Newcombe's paired interval for a share of games.
* ``settled`` and ``stop_reason``: when sequential sampling may stop (``Stop``);
  ``verdict`` and ``stop_words``: what an interval and a stop mean, in plain words from the
  engine's catalogs (``upto9/locale``), in English or Norwegian.

Every bootstrap is seeded (the same call gives the same interval), so a page is reproducible.
Nothing here draws or imports a widget.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum
from functools import lru_cache
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, Final, Literal

# numpy is imported by the functions that use it: the static site's browser Python has none, and the
# coaches' intervals (wilson) are drawn there too.
if TYPE_CHECKING:
    import numpy as np

from upto9.messages import Message, render

__all__ = [
    "CONFIDENCE",
    "RESAMPLES",
    "Estimate",
    "StatsError",
    "Stop",
    "bootstrap_difference",
    "bootstrap_mean",
    "bootstrap_ratio",
    "decimal",
    "five_numbers",
    "paired_difference",
    "paired_ratio_difference",
    "paired_share_difference",
    "settled",
    "share_of_rounds",
    "stop_reason",
    "stop_words",
    "verdict",
    "wilson",
]

CONFIDENCE: Final = 0.95
Z95: Final = 1.959963984540054  # the normal quantile of 0.975
RESAMPLES: Final = 2000
"""Bootstrap resamples behind every interval of a mean or a ratio."""

_NORMAL: Final = NormalDist()


class StatsError(ValueError):
    """A sample that cannot be measured; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A measured value with its interval: ``low <= value <= high`` at ``CONFIDENCE`` (95 %),
    from ``n`` observations (deals, games, or pairs of games) by ``method`` (``'wilson'``,
    ``'bootstrap'``, ``'paired-bca'``, ``'paired-percentile'``, ``'paired-bootstrap'``, ``'newcombe-paired'``)."""

    value: float
    low: float
    high: float
    n: int
    method: str

    def contains(self, x: float) -> bool:
        """Is ``x`` inside the interval?

        >>> wilson(30, 100).contains(0.3), wilson(30, 100).contains(0.5)
        (True, False)
        """
        return self.low <= x <= self.high

    @property
    def half_width(self) -> float:
        """Half the interval's width (its margin, were it symmetric)."""
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        """Does the whole interval lie on one side of 0 (a difference the sample shows)?

        >>> Estimate(1.2, 0.8, 1.6, 100, "paired-bca").excludes_zero, Estimate(0.1, -0.2, 0.4, 100, "paired-bca").excludes_zero
        (True, False)
        """
        return self.low > 0 or self.high < 0

    def scaled(self, factor: float) -> Estimate:
        """The same estimate in other units (a share times 100: percent, per 100 games).

        >>> Estimate(0.25, 0.2, 0.3, 10, "wilson").scaled(100)
        Estimate(value=25.0, low=20.0, high=30.0, n=10, method='wilson')
        """
        low, high = sorted((self.low * factor, self.high * factor))
        return Estimate(self.value * factor, low, high, self.n, self.method)

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n, "method": self.method}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Estimate:
        """Read ``to_dict``'s shape back (JSON keeps every digit of a float).

        >>> Estimate.from_dict(wilson(3, 10).to_dict()) == wilson(3, 10)
        True
        """
        return cls(float(data["value"]), float(data["low"]), float(data["high"]), int(data["n"]), str(data["method"]))


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """The share ``successes / n`` with its Wilson score interval (95 % by default). Unlike the
    plain normal interval it stays inside 0..1 and is honest near 0 and 1 (a level almost never
    held in the deal).

    >>> e = wilson(50, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3), e.method
    (0.5, 0.404, 0.596, 'wilson')
    >>> e = wilson(0, 1000)
    >>> e.low, round(e.high, 4)
    (0.0, 0.0038)
    >>> wilson(3, 2)
    Traceback (most recent call last):
    ...
    upto9.stats.StatsError: a share needs 0 <= successes <= n, got 3 of 2
    """
    if n < 0 or not 0 <= successes <= max(n, 0):
        raise StatsError(f"a share needs 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0, 0, "wilson")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 and at n the bound is exactly 0 or 1 (the formula leaves a rounding speck).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n, "wilson")


def _rng(seed: int | str) -> np.random.Generator:
    import numpy as np

    text = f"upto9-bootstrap:{seed}".encode()
    return np.random.default_rng(int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big"))


def _percentiles(values: np.ndarray[Any, np.dtype[np.float64]], confidence: float) -> tuple[float, float]:
    import numpy as np

    tail = (1 - confidence) / 2 * 100
    low, high = np.nanpercentile(values, [tail, 100 - tail])
    return float(low), float(high)


def bootstrap_mean(values: Sequence[float], *, resamples: int = RESAMPLES, seed: int | str = 0, confidence: float = CONFIDENCE) -> Estimate:
    """The mean of ``values`` with a percentile-bootstrap interval: the values are drawn again with
    replacement ``resamples`` times (seeded: the same call gives the same interval).

    >>> e = bootstrap_mean([9, 10, 10, 11, 12, 9, 10, 13])
    >>> e.value, e.low < e.value < e.high, e.n, e.method
    (10.5, True, 8, 'bootstrap')
    >>> bootstrap_mean([])
    Traceback (most recent call last):
    ...
    upto9.stats.StatsError: a mean needs at least one value
    """
    import numpy as np

    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        raise StatsError("a mean needs at least one value")
    picks = _rng(seed).integers(0, data.size, size=(resamples, data.size))
    # np.take: the same values as data[picks], gathered faster.
    low, high = _percentiles(np.take(data, picks).mean(axis=1), confidence)
    return Estimate(float(data.mean()), low, high, int(data.size), "bootstrap")


def bootstrap_ratio(
    numerators: Sequence[float], denominators: Sequence[float], *, resamples: int = RESAMPLES, seed: int | str = 0, confidence: float = CONFIDENCE
) -> Estimate | None:
    """``sum(numerators) / sum(denominators)`` with a percentile-bootstrap interval that resamples
    the pairs (one pair per game: the rounds of a game are not independent of each other, the
    games are). ``None`` when the denominators sum to 0 (nothing to measure).

    >>> e = bootstrap_ratio([2, 3, 1, 2], [1, 1, 1, 1])   # e.g. rounds spent per level laid down
    >>> e.value, e.low <= 2.0 <= e.high, e.n
    (2.0, True, 4)
    >>> bootstrap_ratio([0, 0], [0, 0]) is None
    True
    """
    import numpy as np

    top = np.asarray(numerators, dtype=np.float64)
    bottom = np.asarray(denominators, dtype=np.float64)
    if top.shape != bottom.shape:
        raise StatsError(f"a ratio needs as many numerators as denominators, got {top.size} and {bottom.size}")
    total = float(bottom.sum())
    if top.size == 0 or total == 0:
        return None
    picks = _rng(seed).integers(0, top.size, size=(resamples, top.size))
    low, high = _percentiles(_ratios(top, bottom, picks), confidence)
    return Estimate(float(top.sum()) / total, low, high, int(top.size), "bootstrap")


def _ratios(top: np.ndarray[Any, np.dtype[np.float64]], bottom: np.ndarray[Any, np.dtype[np.float64]], picks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Each resample's ratio of sums (``nan`` where its denominators sum to 0)."""
    import numpy as np

    sums = np.take(bottom, picks).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(sums > 0, np.take(top, picks).sum(axis=1) / np.where(sums > 0, sums, 1), np.nan)


def bootstrap_difference(
    first: Sequence[float], second: Sequence[float], *, resamples: int = RESAMPLES, seed: int | str = 0, confidence: float = CONFIDENCE
) -> Estimate:
    """``mean(second) - mean(first)`` of two *independent* samples (two rule sets on different
    deals), with a percentile-bootstrap interval that resamples each sample on its own. ``n`` is
    the smaller sample's size. Games played from the same seeds on both sides are pairs:
    ``paired_difference`` is the right interval for them (much narrower, and honest).

    >>> e = bootstrap_difference([10, 11, 9, 10, 12, 10], [13, 14, 12, 13, 15, 12])
    >>> round(e.value, 2), e.low > 0, e.n
    (2.83, True, 6)
    """
    return _bootstrap_difference(tuple(map(float, first)), tuple(map(float, second)), resamples, seed, confidence)


KEPT: Final = 64
"""How many intervals of independent samples a process keeps (``_bootstrap_difference``)."""


@lru_cache(maxsize=KEPT)
def _bootstrap_difference(first: tuple[float, ...], second: tuple[float, ...], resamples: int, seed: int | str, confidence: float) -> Estimate:
    """``bootstrap_difference``, kept by its values: the same values and seed give the same
    interval, and a page showing a saved comparison computes its intervals once per process (the
    published pages' kernels are forked from a process that has shown every page once), not once
    per learner (a second of CPU each on the comparison page)."""
    import numpy as np

    a = np.asarray(first, dtype=np.float64)
    b = np.asarray(second, dtype=np.float64)
    if a.size == 0 or b.size == 0:
        raise StatsError("a difference needs values on both sides")
    rng = _rng(seed)
    means_a = np.take(a, rng.integers(0, a.size, size=(resamples, a.size))).mean(axis=1)
    means_b = np.take(b, rng.integers(0, b.size, size=(resamples, b.size))).mean(axis=1)
    low, high = _percentiles(means_b - means_a, confidence)
    return Estimate(float(b.mean() - a.mean()), low, high, int(min(a.size, b.size)), "bootstrap")


def share_of_rounds(counts: Sequence[int], rounds: Sequence[int], *, resamples: int = RESAMPLES, seed: int | str = 0) -> Estimate | None:
    """The share of all rounds that some count (per game) makes up, e.g. rounds ended as impossible:
    a bootstrap over games (``bootstrap_ratio``), except when no round or every round counts, where
    resampling games cannot vary and the Wilson interval over the rounds is given instead (a zero
    share still has an upper bound). ``None`` when there are no rounds.

    >>> e = share_of_rounds([0, 0, 0], [10, 11, 9])
    >>> e.value, e.low, round(e.high, 3), e.method
    (0.0, 0.0, 0.114, 'wilson')
    >>> share_of_rounds([1, 0, 2], [10, 10, 10]).method
    'bootstrap'
    """
    total, counted = sum(rounds), sum(counts)
    if total == 0:
        return None
    if counted in (0, total):
        return wilson(counted, total)
    return bootstrap_ratio(counts, rounds, resamples=resamples, seed=seed)


def five_numbers(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """The lowest, the first quartile, the median, the third quartile and the highest of ``values``,
    the "linear" way (numpy's default, and what a plotly box draws): a distribution's description,
    not an estimate (the mean's interval is ``bootstrap_mean``'s).

    >>> five_numbers([40, 90, 120, 60])
    (40.0, 55.0, 75.0, 97.5, 120.0)
    >>> five_numbers([])
    Traceback (most recent call last):
    ...
    upto9.stats.StatsError: quartiles need at least one value
    """
    import numpy as np

    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        raise StatsError("quartiles need at least one value")
    low, q1, median, q3, high = (float(x) for x in np.percentile(data, [0, 25, 50, 75, 100]))
    return low, q1, median, q3, high


# --- the same deals on both sides: paired ----------------------------------------------------------------


def _pairs(first: Sequence[float], second: Sequence[float]) -> np.ndarray[Any, np.dtype[np.float64]]:
    import numpy as np

    a = np.asarray(first, dtype=np.float64)
    b = np.asarray(second, dtype=np.float64)
    if a.shape != b.shape:
        raise StatsError(f"paired values come in pairs: game i on both sides; got {a.size} and {b.size} values")
    if a.size == 0:
        raise StatsError("a difference needs at least one pair of games")
    return b - a


def paired_difference(
    first: Sequence[float],
    second: Sequence[float],
    *,
    method: Literal["bca", "percentile"] = "bca",
    resamples: int = RESAMPLES,
    seed: int | str = 0,
    confidence: float = CONFIDENCE,
) -> Estimate:
    """How much more ``second[i]`` is than ``first[i]`` on average, where value ``i`` of both
    sides comes from the same deal (game ``i`` played from the same seed under two rule sets):
    the mean of the per-game differences, with a bootstrap interval that resamples the *pairs*
    (so the luck of the deal, shared by both sides, cancels out). ``method`` ``'bca'``
    (bias-corrected and accelerated: better coverage for skewed differences) or ``'percentile'``.
    Differences that are all the same give exactly that value, with no width.

    >>> e = paired_difference([10, 12, 9, 14, 11, 10, 13, 12], [11, 13, 11, 15, 12, 11, 14, 14])
    >>> e.value, e.low > 0, e.n, e.method
    (1.25, True, 8, 'paired-bca')
    >>> paired_difference([10, 12, 9], [10, 12, 9])   # a rule set beside itself
    Estimate(value=0.0, low=0.0, high=0.0, n=3, method='paired-bca')
    >>> paired_difference([1, 2], [1])
    Traceback (most recent call last):
    ...
    upto9.stats.StatsError: paired values come in pairs: game i on both sides; got 2 and 1 values
    """
    import numpy as np

    if method not in ("bca", "percentile"):
        raise StatsError(f"method must be 'bca' or 'percentile', not {method!r}")
    d = _pairs(first, second)
    value = float(d.mean())
    name = f"paired-{method}"
    if np.all(d == d[0]):  # nothing varies: a resample cannot either
        return Estimate(value, value, value, int(d.size), name)
    picks = _rng(seed).integers(0, d.size, size=(resamples, d.size))
    means = np.take(d, picks).mean(axis=1)
    if method == "percentile":
        low, high = _percentiles(means, confidence)
    else:
        low, high = _bca(d, means, value, confidence)
    return Estimate(value, min(low, value), max(high, value), int(d.size), name)


def _bca(data: np.ndarray[Any, np.dtype[np.float64]], means: np.ndarray[Any, Any], value: float, confidence: float) -> tuple[float, float]:
    """Efron's BCa bounds of a mean: the percentiles moved by the resamples' bias (``z0``) and by
    the skew the jackknife measures (``a``)."""
    import numpy as np

    r = means.size
    below = (np.count_nonzero(means < value) + 0.5 * np.count_nonzero(means == value)) / r
    z0 = _NORMAL.inv_cdf(min(max(below, 1 / (2 * r)), 1 - 1 / (2 * r)))
    n = data.size
    jack = (data.sum() - data) / (n - 1)  # the mean without each value in turn
    spread = jack.mean() - jack
    square = float((spread**2).sum())
    a = float((spread**3).sum()) / (6 * square**1.5) if square > 0 else 0.0
    tail = (1 - confidence) / 2
    bounds = []
    for q in (tail, 1 - tail):
        z = z0 + _NORMAL.inv_cdf(q)
        bounds.append(100 * _NORMAL.cdf(z0 + z / (1 - a * z)))
    low, high = np.percentile(means, bounds)
    return float(low), float(high)


def paired_ratio_difference(
    first_top: Sequence[float],
    first_bottom: Sequence[float],
    second_top: Sequence[float],
    second_bottom: Sequence[float],
    *,
    resamples: int = RESAMPLES,
    seed: int | str = 0,
    confidence: float = CONFIDENCE,
) -> Estimate | None:
    """``sum(second_top) / sum(second_bottom) - sum(first_top) / sum(first_bottom)``, entry ``i``
    of all four from game ``i`` on the same deal (e.g. the rounds on a level per lay-down of it,
    under two rule sets), with a percentile-bootstrap interval that resamples the games once for
    both sides. ``None`` when either side's denominators sum to 0 (nothing to compare).

    >>> e = paired_ratio_difference([2, 3, 1, 2], [1, 1, 1, 1], [3, 4, 2, 3], [1, 1, 1, 1])
    >>> e.value, e.low, e.high, e.method
    (1.0, 1.0, 1.0, 'paired-bootstrap')
    >>> paired_ratio_difference([1], [0], [1], [1]) is None
    True
    """
    import numpy as np

    tops = [np.asarray(x, dtype=np.float64) for x in (first_top, first_bottom, second_top, second_bottom)]
    if len({t.shape for t in tops}) != 1:
        raise StatsError(f"paired ratios need one value per game in each of the four, got {', '.join(str(t.size) for t in tops)}")
    ft, fb, st, sb = tops
    if ft.size == 0 or fb.sum() == 0 or sb.sum() == 0:
        return None
    value = float(st.sum() / sb.sum() - ft.sum() / fb.sum())
    picks = _rng(seed).integers(0, ft.size, size=(resamples, ft.size))
    differences = _ratios(st, sb, picks) - _ratios(ft, fb, picks)
    low, high = _percentiles(differences, confidence)
    if math.isclose(low, high, abs_tol=1e-12) and math.isclose(low, value, abs_tol=1e-12):
        low = high = value  # every resample the same: no rounding specks around it
    return Estimate(value, min(low, value), max(high, value), int(ft.size), "paired-bootstrap")


def paired_share_difference(first: Sequence[bool], second: Sequence[bool], *, z: float = Z95) -> Estimate:
    """The share of games where something happens under ``second`` minus under ``first``, game
    ``i`` the same deal on both sides (e.g. "won by the first player"), with Newcombe's paired
    interval (his method 10: the two Wilson intervals, joined with the correlation of the pairs;
    it stays inside -1..1 and is honest for rare events, where a bootstrap is not).

    >>> e = paired_share_difference([True] * 30 + [False] * 70, [True] * 45 + [False] * 55)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3), e.method
    (0.15, 0.079, 0.218, 'newcombe-paired')
    >>> paired_share_difference([True, False], [True, False]).value
    0.0
    """
    import numpy as np

    a = np.asarray(first, dtype=bool)
    b = np.asarray(second, dtype=bool)
    if a.shape != b.shape:
        raise StatsError(f"paired values come in pairs: game i on both sides; got {a.size} and {b.size} values")
    n = int(a.size)
    if n == 0:
        raise StatsError("a difference needs at least one pair of games")
    both, only_first = int(np.sum(a & b)), int(np.sum(a & ~b))
    only_second, neither = int(np.sum(~a & b)), int(np.sum(~a & ~b))
    p1, p2 = (both + only_first) / n, (both + only_second) / n
    w1, w2 = wilson(both + only_first, n, z), wilson(both + only_second, n, z)
    margins = (both + only_first) * (only_second + neither) * (both + only_second) * (only_first + neither)
    phi = (both * neither - only_first * only_second) / math.sqrt(margins) if margins else 0.0
    low_gap = math.sqrt(max(0.0, (p2 - w2.low) ** 2 - 2 * phi * (p2 - w2.low) * (w1.high - p1) + (w1.high - p1) ** 2))
    high_gap = math.sqrt(max(0.0, (w2.high - p2) ** 2 - 2 * phi * (w2.high - p2) * (p1 - w1.low) + (p1 - w1.low) ** 2))
    value = p2 - p1
    return Estimate(value, max(-1.0, value - low_gap), min(1.0, value + high_gap), n, "newcombe-paired")


# --- when to stop, and what it means ----------------------------------------------------------------------


class Stop(StrEnum):
    """Why sequential sampling ended: every headline interval excludes 0 or is narrow enough, and
    at least one excludes 0 (``CLEAR``) or none does (``NARROW``); or the most games it may
    play (``MOST``), or its time budget (``TIME``), came first."""

    CLEAR = "clear"
    NARROW = "narrow"
    MOST = "most"
    TIME = "time"


def settled(estimate: Estimate | None, tolerance: float) -> bool:
    """Has this difference been measured well enough to stop: its interval excludes 0 (a change
    the sample shows), or its half-width is at most ``tolerance`` (any change there may be is
    smaller than one that matters at the table)? Nothing measured (``None``) is settled.

    >>> settled(Estimate(1.2, 0.8, 1.6, 240, "paired-bca"), 0.5), settled(Estimate(0.1, -0.2, 0.4, 600, "paired-bca"), 0.5)
    (True, True)
    >>> settled(Estimate(0.5, -0.5, 1.5, 40, "paired-bca"), 0.5)
    False
    """
    return estimate is None or estimate.excludes_zero or estimate.half_width <= tolerance


def stop_reason(headlines: Sequence[tuple[Estimate | None, float]], games: int, most: int, out_of_time: bool = False) -> Stop | None:
    """Whether to stop after ``games`` games a side, and why: ``headlines`` are the differences
    that decide, each with its tolerance (``settled``); ``most`` the most games a side; ``out_of_time``
    whether the time budget is spent. ``None``: play another batch.

    >>> clear, wide = Estimate(1.2, 0.8, 1.6, 240, "paired-bca"), Estimate(0.5, -0.5, 1.5, 40, "paired-bca")
    >>> stop_reason([(clear, 0.5)], 240, 1000), stop_reason([(wide, 0.5)], 40, 1000), stop_reason([(wide, 0.5)], 600, 600)
    (<Stop.CLEAR: 'clear'>, None, <Stop.MOST: 'most'>)
    """
    if games and all(settled(e, tolerance) for e, tolerance in headlines):
        return Stop.CLEAR if any(e is not None and e.excludes_zero for e, _ in headlines) else Stop.NARROW
    if games >= most:
        return Stop.MOST
    return Stop.TIME if out_of_time else None


_LOCALES: Final = {"en": "en", "nb": "nb_NO"}


def decimal(value: float, lang: str = "en", digits: int = 1, *, end: bool = False) -> str:
    """A number the language's way, as a verdict writes it (a decimal comma in Norwegian, a typographic
    minus). A number that rounds to 0 carries no sign ("0", not "−0"). With ``end`` (an interval's
    end), a number that is not 0 but rounds to 0 gets up to three more decimals, so that an interval
    that leaves out 0 does not seem to end at it.

    >>> decimal(1234.567, "en", 2), decimal(-0.25, "nb", 2)
    ('1,234.57', '−0,25')
    >>> decimal(-0.3, "en", 0), decimal(-0.3, "en", 0, end=True), decimal(0.0004, "nb", 1, end=True), decimal(0.0, "en", 1, end=True)
    ('0', '−0.3', '0,0004', '0.0')

    Rounded as Babel writes it, half to even: 0.05 is "0.0" at one decimal, so as an interval's end
    it is "0.05" (a clear change read "likely between 0.0 and 0.6"), and −0.05 is "0.0", never "−0.0".

    >>> decimal(0.05, "en", 1, end=True), decimal(0.65, "en", 1, end=True), decimal(-0.05, "en", 1)
    ('0.05', '0.6', '0.0')
    """
    from babel.numbers import format_decimal

    def rounds_to_zero(places: int) -> bool:
        return Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN) == 0

    places = digits
    if end and value:
        while places < digits + 3 and rounds_to_zero(places):
            places += 1
    if rounds_to_zero(places):
        value = 0.0  # (no "−0": a speck below 0 rounds to 0 itself)
    pattern = "#,##0" + ("." + "0" * places if places > 0 else "")
    return str(format_decimal(value, format=pattern, locale=_LOCALES.get(lang, lang))).replace("-", "\u2212")


def verdict(difference: Estimate, lang: str = "en", *, digits: int = 1, unit: str = "", words: str = "stats") -> str:
    """What a paired difference means, in plain words in ``lang``: no difference at all (every pair
    the same), no measurable change (the interval holds 0), or a change with the range it likely
    lies in. ``unit`` follows each number (" rounds", " points"); ``words`` picks the catalog's
    phrasing (``'stats'``: "higher by"; ``'stats.length'``: "games get longer by").

    >>> verdict(Estimate(1.2, 0.8, 1.6, 240, "paired-bca"), words="stats.length", unit=" rounds")
    'games get longer by 1.2 rounds, likely between 0.8 and 1.6 (240 games a side)'
    >>> verdict(Estimate(-1.25, -1.6, -0.8, 240, "paired-bca"), "nb", digits=2)
    'lavere med 1,25, trolig mellom 0,80 og 1,60 (240 spill på hver side)'
    >>> verdict(Estimate(0.1, -0.2, 0.4, 600, "paired-bca"))
    'no measurable change at this sample size (600 games a side)'
    >>> verdict(Estimate(0.0, 0.0, 0.0, 30, "paired-bca"), "nb")
    'ingen målbar endring: ingen forskjell i det hele tatt i noen av de 30 spillene på hver side'
    """
    n = difference.n
    if difference.low == difference.high == difference.value == 0:
        return render(Message("stats.same", n=n), lang)
    if not difference.excludes_zero:
        return render(Message("stats.none", n=n), lang)
    up = difference.low > 0
    # Magnitudes: "lower by 1.2, likely between 0.8 and 1.6" reads better than signed bounds.
    low, high = sorted((abs(difference.low), abs(difference.high)))
    value = decimal(abs(difference.value), lang, digits) + unit
    return render(
        Message(f"{words}.{'up' if up else 'down'}", n=n, value=value, low=decimal(low, lang, digits, end=True), high=decimal(high, lang, digits, end=True)),
        lang,
    )


def stop_words(reason: Stop, games: int, lang: str = "en") -> str:
    """Which rule ended the sampling, in plain words: "clear after 240 games a side".

    >>> stop_words(Stop.TIME, 600), stop_words(Stop.CLEAR, 240, "nb")
    ('stopped after 600 games a side: the time limit', 'tydelig etter 240 spill på hver side')
    """
    return render(Message(f"stats.stop.{reason.value}", n=games), lang)
