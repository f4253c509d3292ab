"""The statistics every page uses (upto9.stats): paired intervals that cover a planted change about as
often as they promise, a rule set beside itself that shows exactly no difference, sequential stopping
that ends for the right reason, and verdicts in plain words in both languages."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import upto9.stats as stats_module
from upto9.compare import PAIRED_KEYS, paired_measures, play_games
from upto9.rules import UPTO9
from upto9.stats import (
    Estimate,
    StatsError,
    Stop,
    bootstrap_difference,
    decimal,
    paired_difference,
    paired_ratio_difference,
    paired_share_difference,
    stop_reason,
    stop_words,
    verdict,
)


def test_the_examples_in_the_docstrings() -> None:
    failed, tried = doctest.testmod(stats_module)
    assert failed == 0 and tried >= 30


# --- a rule set beside itself ---------------------------------------------------------------------


def test_a_rule_set_compared_with_itself_shows_exactly_no_difference() -> None:
    games = play_games(UPTO9, 4, players=2, seed=7)
    measures = paired_measures(games, games, len(UPTO9.levels))
    assert [m.key for m in measures][: len(PAIRED_KEYS)] == list(PAIRED_KEYS)
    for m in measures:
        if m.difference is None:  # a level no one reached in these short games: nothing to compare, said as "—"
            assert m.key in ("rounds_level", "lay_down") and np.isnan(m.standard)
            continue
        assert (m.difference.value, m.difference.low, m.difference.high, m.difference.n) == (0.0, 0.0, 0.0, 4), m
        assert m.standard == m.house or (np.isnan(m.standard) and np.isnan(m.house))
        said = verdict(m.difference)
        assert said.startswith("no measurable change"), said
        assert verdict(m.difference, "nb").startswith("ingen målbar endring")
    # Sampling stops at once: nothing can change with more games of the same rules.
    headlines = [(m.difference, 0.5) for m in measures if m.key in ("rounds", "penalty_mean")]
    assert stop_reason(headlines, 4, 1000) is Stop.NARROW
    assert stop_words(Stop.NARROW, 4) == "no measurable change after 4 games a side: the intervals are narrow enough"


# --- a planted change is found at about the stated rate ---------------------------------------------------


def _planted(rng: np.random.Generator, n: int, shift: float, skewed: bool = False) -> tuple[list[float], list[float]]:
    """Pairs of game lengths from the same deal: the deal's luck is shared by both sides (why pairing
    helps), each side has its own noise, and the second is longer by ``shift`` on average."""
    deal = rng.normal(11, 2.5, n)
    noise = rng.exponential(1.0, n) - 1.0 if skewed else rng.normal(0, 0.8, n)
    return (deal + rng.normal(0, 0.8, n)).tolist(), (deal + shift + noise + rng.normal(0, 0.4, n)).tolist()


@pytest.mark.parametrize(("method", "skewed"), [("bca", False), ("bca", True), ("percentile", False)])
def test_the_paired_interval_covers_a_planted_shift_about_95_percent_of_the_time(method: str, skewed: bool) -> None:
    rng = np.random.default_rng(2026)
    trials, covered, found = 300, 0, 0
    for trial in range(trials):
        first, second = _planted(rng, 60, 0.5, skewed)
        e = paired_difference(first, second, method=method, seed=trial, resamples=800)  # type: ignore[arg-type]
        assert e.n == 60 and e.low <= e.value <= e.high and e.method == f"paired-{method}"
        covered += e.contains(0.5)
        found += e.excludes_zero
    # 95 % promised; 300 repetitions put the observed share within about ±2.5 points of the truth.
    assert 0.91 <= covered / trials <= 0.985, covered
    assert found / trials > 0.85  # a shift of 0.5 rounds is found nearly every time at 60 games a side


def test_the_paired_interval_is_much_narrower_than_an_unpaired_one_on_the_same_deals() -> None:
    rng = np.random.default_rng(4)
    first, second = _planted(rng, 100, 0.5)
    paired, unpaired = paired_difference(first, second), bootstrap_difference(first, second)
    assert paired.half_width < unpaired.half_width / 2
    assert paired.excludes_zero and not unpaired.excludes_zero  # the deal's luck hid the change


def test_the_paired_share_interval_covers_a_known_difference_about_95_percent_of_the_time() -> None:
    # The first seat wins 25 % of games under one rule set and 30 % under the other, on correlated deals.
    rng = np.random.default_rng(11)
    trials, covered = 400, 0
    for _ in range(trials):
        u = rng.random(120)
        first, second = u < 0.25, (u < 0.25) | ((u >= 0.25) & (rng.random(120) < 0.05 / 0.75))
        e = paired_share_difference(first.tolist(), second.tolist())
        assert -1 <= e.low <= e.value <= e.high <= 1
        covered += e.contains(0.05)
    assert 0.92 <= covered / trials <= 0.99, covered


def test_the_paired_ratio_interval_covers_a_known_difference_of_rates() -> None:
    # Per game, 4-12 rounds on a level, laid down with chance 0.40 under one rule set and 0.30 under the other.
    rng = np.random.default_rng(5)
    trials, covered = 200, 0
    for trial in range(trials):
        tries = rng.integers(4, 13, 150)
        u = [rng.random(t) for t in tries]
        first, second = [int((x < 0.4).sum()) for x in u], [int((x < 0.3).sum()) for x in u]
        e = paired_ratio_difference(first, tries.tolist(), second, tries.tolist(), seed=trial, resamples=500)
        assert e is not None
        covered += e.contains(-0.1)
    assert 0.90 <= covered / trials <= 0.99, covered


def test_unpaired_input_is_refused_naming_what_is_wrong() -> None:
    with pytest.raises(StatsError, match="paired values come in pairs: game i on both sides; got 3 and 2 values"):
        paired_difference([1, 2, 3], [1, 2])
    with pytest.raises(StatsError, match="at least one pair"):
        paired_difference([], [])
    with pytest.raises(StatsError, match="method must be 'bca' or 'percentile'"):
        paired_difference([1], [2], method="normal")  # type: ignore[arg-type]
    with pytest.raises(StatsError, match="one value per game in each of the four"):
        paired_ratio_difference([1], [1], [1, 2], [1, 2])
    assert paired_ratio_difference([1, 2], [0, 0], [1, 2], [1, 1]) is None  # a side never laid it down: nothing to compare


# --- sequential stopping ---------------------------------------------------------------------------------


def _sequential(shift: float, noise: float, most: int, seconds_left: int | None = None) -> tuple[Stop, int]:
    """The lab's loop on synthetic pairs: batches of 40, then half the games so far, until ``stop_reason``."""
    rng = np.random.default_rng(3)
    first: list[float] = []
    second: list[float] = []
    batches = 0
    while True:
        n = len(first)
        size = min(most - n, max(40, n // 2))
        deal = rng.normal(11, 2.5, size)
        first += (deal + rng.normal(0, noise, size)).tolist()
        second += (deal + shift + rng.normal(0, noise, size)).tolist()
        batches += 1
        e = paired_difference(first, second, resamples=1000, confidence=0.99)
        out_of_time = seconds_left is not None and batches >= seconds_left
        reason = stop_reason([(e, 0.5)], len(first), most, out_of_time)
        if reason is not None:
            return reason, len(first)


def test_sequential_sampling_ends_for_the_right_reason() -> None:
    assert _sequential(shift=1.5, noise=1.0, most=1000) == (Stop.CLEAR, 40)  # a large change: clear in the first batch
    reason, games = _sequential(shift=0.0, noise=2.0, most=1000)
    assert reason is Stop.NARROW and 40 < games < 1000  # no change: more games until the interval is within ±0.5
    assert _sequential(shift=0.0, noise=8.0, most=120) == (Stop.MOST, 120)  # too noisy for the most games asked for
    assert _sequential(shift=0.0, noise=8.0, most=1000, seconds_left=2) == (Stop.TIME, 80)  # the time budget first
    assert stop_reason([(None, 0.5)], 0, 1000) is None  # no games yet: play
    wide = Estimate(0.3, -0.5, 1.1, 200, "paired-bca")
    clear = Estimate(2.0, 1.0, 3.0, 200, "paired-bca")
    assert stop_reason([(clear, 0.5), (wide, 0.5)], 200, 1000) is None  # every headline must be settled


# --- the words ----------------------------------------------------------------------------------------------


def test_a_verdict_says_what_the_interval_means_in_both_languages() -> None:
    longer = Estimate(1.2, 0.8, 1.6, 240, "paired-bca")
    assert verdict(longer, words="stats.length", unit=" rounds") == "games get longer by 1.2 rounds, likely between 0.8 and 1.6 (240 games a side)"
    nb = verdict(longer, "nb", words="stats.length", unit=" runder")
    assert nb == "spillene blir lengre med 1,2 runder, trolig mellom 0,8 og 1,6 (240 spill på hver side)"
    fewer = Estimate(-12.5, -20.26, -4.75, 240, "paired-bca")
    assert verdict(fewer, digits=1, unit=" points") == "lower by 12.5 points, likely between 4.8 and 20.3 (240 games a side)"
    assert verdict(Estimate(0.2, -0.1, 0.5, 600, "paired-bca"), "nb") == "ingen målbar endring med dette utvalget (600 spill på hver side)"
    assert verdict(Estimate(0.2, -0.1, 0.5, 1, "paired-bca")) == "no measurable change at this sample size (1 game a side)"
    assert stop_words(Stop.CLEAR, 240) == "clear after 240 games a side"
    assert stop_words(Stop.TIME, 600, "nb") == "stoppet etter 600 spill på hver side: tidsgrensen"
    assert stop_words(Stop.MOST, 1000) == "stopped after 1000 games a side: the most games asked for"


def test_an_interval_of_the_same_values_and_seed_is_computed_once_and_is_the_same() -> None:
    """A saved comparison's intervals are computed once per process (the published pages' kernels
    are forked from a process that has shown the page once): the same values and seed give the
    kept interval, whatever kind of sequence holds them; other values or another seed are computed."""
    stats_module._bootstrap_difference.cache_clear()
    first, second = [10, 11, 9, 10, 12, 10], [13, 14, 12, 13, 15, 12]
    kept = stats_module.bootstrap_difference(first, second, seed="s")
    again = stats_module.bootstrap_difference(tuple(first), np.asarray(second), seed="s")
    assert again == kept and stats_module._bootstrap_difference.cache_info().hits == 1
    stats_module.bootstrap_difference(first, second, seed="t")
    assert stats_module._bootstrap_difference.cache_info().misses == 2, "another seed is another interval"
    assert stats_module.bootstrap_difference(first, [*second[:-1], 40], seed="s").value != kept.value
    with pytest.raises(stats_module.StatsError, match="values on both sides"):
        stats_module.bootstrap_difference([], second)


def test_a_clear_change_never_shows_an_interval_end_of_0_rounded_half_to_even() -> None:
    """The lab said "games get longer by 0.3 rounds, likely between 0.0 and 0.6" above "each interval
    leaves out 0" (a learner's review): 0.05 rounds half to even to "0.0" as Babel writes it, where
    Python's round said 0.1 and kept one decimal."""
    clear = Estimate(0.3, 0.05, 0.65, 40, "paired-bca")
    assert verdict(clear, words="stats.length", unit=" rounds") == "games get longer by 0.3 rounds, likely between 0.05 and 0.6 (40 games a side)"
    assert verdict(clear, "nb", words="stats.length", unit=" runder").startswith("spillene blir lengre med 0,3 runder, trolig mellom 0,05 og 0,6")
    assert decimal(-0.05, "nb", 1) == "0,0"  # no "−0,0"
