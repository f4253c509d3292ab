"""The comparison's statistics and data (upto9.compare): intervals that cover known values in
seeded checks, the rule sets' facts read from their data, samples that are deterministic, and the
cached comparison file in the shape a fresh run makes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from upto9.compare import (
    FORMAT,
    CompareError,
    Comparison,
    GameSummary,
    Holding,
    PublishedFigure,
    bootstrap_mean,
    bootstrap_ratio,
    deal,
    game_stats,
    published_rows,
    rules_facts,
    sample_holding,
    share_of_rounds,
    wilson,
)
from upto9.families.phase10.fields import deck_of
from upto9.family import family_of
from upto9.rules import PHASE10, UPTO9, Family, TieBreak, builtin_rules
from upto9.stats import StatsError

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "notebooks" / "data" / "comparison.json"
PUBLISHED = ROOT / "notebooks" / "data" / "phase10_published.json"


# --- intervals --------------------------------------------------------------------------------------


def test_wilson_covers_a_known_bernoulli_about_95_percent_of_the_time() -> None:
    rng = random.Random(6)
    p, n, trials = 0.3, 400, 400
    covered = sum(wilson(sum(rng.random() < p for _ in range(n)), n).contains(p) for _ in range(trials))
    assert 0.92 <= covered / trials <= 0.98, covered


def test_wilson_covers_a_rare_event_that_the_normal_interval_would_miss() -> None:
    rng = random.Random(7)
    p, n, trials = 0.004, 1000, 400
    covered = sum(wilson(sum(rng.random() < p for _ in range(n)), n).contains(p) for _ in range(trials))
    assert covered / trials >= 0.90, covered


def test_wilson_edges_and_bad_input() -> None:
    none, every = wilson(0, 50), wilson(50, 50)
    assert (none.value, none.low) == (0.0, 0.0) and 0 < none.high < 0.1
    assert (every.value, every.high) == (1.0, 1.0) and 0.9 < every.low < 1
    assert wilson(0, 0).n == 0 and (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    with pytest.raises(StatsError, match="0 <= successes <= n"):
        wilson(-1, 10)


def test_bootstrap_mean_covers_a_known_mean_in_seeded_checks() -> None:
    rng = random.Random(8)
    mean, trials = 10.0, 200
    covered = 0
    for trial in range(trials):
        values = [rng.expovariate(1 / mean) for _ in range(200)]
        covered += bootstrap_mean(values, seed=trial, resamples=500).contains(mean)
    assert 0.89 <= covered / trials <= 0.99, covered


def test_bootstrap_is_seeded_and_narrows_with_more_data() -> None:
    rng = random.Random(9)
    values = [rng.gauss(0, 1) for _ in range(400)]
    assert bootstrap_mean(values, seed=1) == bootstrap_mean(values, seed=1)
    assert bootstrap_mean(values[:50]).half_width > 2 * bootstrap_mean(values).half_width


def test_bootstrap_ratio_covers_a_known_ratio_resampling_whole_games() -> None:
    # Per "game": 4-12 rounds on a level, each laid down with chance 0.4; the rounds per lay-down is 2.5.
    rng = random.Random(10)
    covered, trials = 0, 200
    for trial in range(trials):
        attempts = [rng.randint(4, 12) for _ in range(150)]
        passes = [sum(rng.random() < 0.4 for _ in range(a)) for a in attempts]
        rate = bootstrap_ratio(passes, attempts, seed=trial, resamples=500)
        assert rate is not None
        covered += rate.contains(0.4)
    assert 0.89 <= covered / trials <= 0.99, covered
    assert bootstrap_ratio([1, 2], [0, 0]) is None
    with pytest.raises(StatsError, match="as many numerators as denominators"):
        bootstrap_ratio([1, 2], [1])


def test_a_share_of_rounds_that_never_happened_still_has_an_upper_bound() -> None:
    share = share_of_rounds([0] * 100, [10] * 100)
    assert share is not None and share.value == 0 and share.method == "wilson"
    assert 0 < share.high < 0.005  # 1,000 rounds, none counted
    assert share_of_rounds([], []) is None


# --- the rule sets' facts ---------------------------------------------------------------------------


def test_the_facts_are_read_from_each_rule_set() -> None:
    up, ph = rules_facts(UPTO9, 4), rules_facts(PHASE10, 4)
    assert (up.family, ph.family) == (Family.UPTO9, Family.PHASE10)
    assert (up.level_word, ph.level_word) == ("level", "phase")
    assert (up.deck_size, ph.deck_size) == (2 * len(UPTO9.one_deck()), len(PHASE10.one_deck()))
    assert (up.hand_size, ph.hand_size) == (UPTO9.hand_size, PHASE10.hand_size)
    # Up to 9's wild cards are its 2s and 3s, also themselves; Phase 10's are pure wild cards.
    assert (up.wild_cards, up.pure_wilds, up.wild_ranks) == (16, False, ("2", "3"))
    assert (ph.wild_cards, ph.pure_wilds, ph.wild_ranks, ph.skips) == (deck_of(PHASE10).wilds, True, (), deck_of(PHASE10).skips)
    assert ph.numbers + ph.wild_cards + ph.skips == ph.deck_size
    assert [lv.jokers for lv in up.levels] == [lv.jokers for lv in UPTO9.levels] and not up.unlimited_wilds
    assert ph.unlimited_wilds and all(lv.natural_cards == 1 for lv in ph.levels)
    assert [lv.contract for lv in ph.levels] == [str(family_of(PHASE10).contract(lv)) for lv in PHASE10.levels]  # in its own words
    assert ph.levels[1].contract == "1 set of 3 + 1 run of 4"
    assert (up.tie_break, ph.tie_break) == (TieBreak.SHARE, TieBreak.DECIDING_ROUND)
    assert (up.safety_valve, ph.safety_valve) == (True, False)
    assert up.decks_reconstructed and not up.hand_size_reconstructed
    assert dict((p.points, p.reconstructed) for p in up.penalties)[20] is False  # 2s and 3s: stated
    assert all(p.reconstructed for p in ph.penalties)
    assert rules_facts(UPTO9, 5).deck_size == 156


def test_the_facts_follow_a_house_rule_file() -> None:
    lean = builtin_rules("upto9_lean")
    facts = rules_facts(lean, 4)
    assert facts.decks == lean.decks_for(4) and facts.deck_size == 52 * lean.decks_for(4)
    assert [lv.budget for lv in facts.levels] == [str(lv.budget_message) for lv in lean.levels]


# --- samples --------------------------------------------------------------------------------------


def test_deals_are_the_rule_sets_hands_and_reproducible() -> None:
    assert len(deal(UPTO9, 4, 0, 3)) == 11 and len(deal(PHASE10, 4, 0, 3)) == 10
    assert deal(PHASE10, 4, 0, 3) == deal(PHASE10, 4, 0, 3) != deal(PHASE10, 4, 0, 4)
    assert deal(PHASE10, 4, 1, 3) != deal(PHASE10, 4, 0, 3)


def test_holding_samples_add_up_and_extend() -> None:
    whole = sample_holding(UPTO9, 60, seed=2)
    first, rest = sample_holding(UPTO9, 25, seed=2), sample_holding(UPTO9, 35, seed=2, start=25)
    assert first + rest == whole
    with pytest.raises(CompareError, match="9 and 10 levels"):
        whole + Holding(10, (0,) * 10)


def test_holding_phase_10_counts_what_the_checker_says() -> None:
    from upto9 import holds

    sample = sample_holding(PHASE10, 30, seed=5)
    expected = [sum(holds(deal(PHASE10, 4, 5, i), level, PHASE10) for i in range(30)) for level in PHASE10.levels]
    assert list(sample.held) == expected


def _summary(rounds: int, impossible: int, penalties: tuple[int, ...], winners: tuple[int, ...] = (0,)) -> GameSummary:
    return GameSummary(rounds, rounds * 30, impossible, 0, 0, 2, winners, penalties, (9,) * len(penalties), (4,) * 9, (4,) * 9, (1,) * 9)


def test_game_stats_measure_what_the_games_hold() -> None:
    games = [_summary(10, 0, (50, 100, 150, 200)), _summary(12, 2, (0, 0, 300, 100), (0, 1))]
    stats = game_stats(games, 9, resamples=200)
    assert stats.rounds.value == 11 and stats.turns.value == 330
    assert stats.impossible_share is not None and stats.impossible_share.value == pytest.approx(2 / 22)
    assert stats.spread.value == (150 + 300) / 2
    assert stats.winner_penalties.value == (50 + 0) / 2
    assert stats.tied_wins.value == 0.5
    assert all(r is not None and r.value == 1.0 for r in stats.rounds_per_level)
    assert all(d is not None and d.value == 0.25 for d in stats.dealt_holds)
    assert stats.skipped_turns.value == 2 and stats.deciding_games.value == 0
    with pytest.raises(CompareError, match="no games"):
        game_stats([], 9)


def test_game_summaries_from_simulated_games_count_every_round() -> None:
    small = Comparison.build([PHASE10], games=2, deals=0, progress=False)
    for game in small.side("phase10").games:
        assert sum(game.attempts) == (game.rounds - game.deciding) * 4  # every seated player, every round but deciding ones
        assert all(p <= a and h <= a for p, h, a in zip(game.passes, game.dealt_held, game.attempts, strict=True))
        assert len(game.attempts) == len(PHASE10.levels) and game.impossible == 0
        made = sum(level - 1 for level in game.levels)  # the phases below each player's last one were all laid down
        assert made <= sum(game.passes) <= made + 4


# --- the cached file -------------------------------------------------------------------------------


def test_a_comparison_survives_its_file(tmp_path: Path) -> None:
    small = Comparison.build([UPTO9, PHASE10], games=2, deals=20, seed=4, progress=False)
    path = tmp_path / "c.json"
    small.save(path)
    again = Comparison.load(path)
    assert again == small and again.seed == 4 and again.games == 2 and again.deals == 20
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sides"][0]["fingerprint"] = "0" * 16
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CompareError, match="made under other rules for Up to 9"):
        Comparison.load(path)
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(CompareError, match="not a comparison file"):
        Comparison.load(path)


def _shape(data: dict[str, Any]) -> object:
    """The file's shape: its keys, and per side its keys, the rule set, the levels counted, and each
    game row's fields (whole numbers, or lists of a length: per player or per level; the winners vary)."""
    fields = data["game_fields"]

    def row_shape(row: list[Any]) -> tuple[object, ...]:
        return tuple("int" if isinstance(v, int) else ("list" if f == "winners" else len(v)) for f, v in zip(fields, row, strict=True))

    return (
        sorted(data),
        fields,
        [(side["rules"], sorted(side), len(side["holding"]["held"]), {row_shape(row) for row in side["games"]}) for side in data["sides"]],
    )


def test_the_cached_comparison_has_the_shape_of_a_fresh_run() -> None:
    cached = json.loads(CACHE.read_text(encoding="utf-8"))
    assert cached["format"] == FORMAT
    fresh = Comparison.build([UPTO9, PHASE10], games=2, deals=20, seed=cached["seed"], players=cached["players"], progress=False).to_dict()
    assert _shape(cached) == _shape(fresh)
    loaded = Comparison.load(CACHE)  # made under today's rules (else refused)
    assert loaded.games == cached["games"] >= 200 and loaded.deals == cached["deals"] >= 2000
    assert [len(s.games) for s in loaded.sides] == [loaded.games] * 2 and [s.holding.deals for s in loaded.sides] == [loaded.deals] * 2
    # The first deals and games of the cache are the fresh run's (same seed): the deal counts cannot
    # fall short of the fresh ones, and the first games are the same games, unless the engine (the
    # checker, the game or the bots) changed since the file was made.
    for side, fresh_side in zip(loaded.sides, fresh["sides"], strict=True):
        assert all(c >= f for c, f in zip(side.holding.held, fresh_side["holding"]["held"], strict=True))
        first = [g.to_row() for g in side.games[:2]]
        assert first == fresh_side["games"], (
            f"{side.rules.name}: the cached games are not today's engine's: run `python notebooks/build_cache.py --only comparison`"
        )


def test_the_published_figure_is_read_and_set_beside_the_engine() -> None:
    published = PublishedFigure.load(PUBLISHED)
    assert published.rules == "phase10" and published.citation
    loaded = Comparison.load(CACHE)
    rows = published_rows(loaded, published)
    if published.shares:
        assert published.url.startswith("http") and published.hand_size == PHASE10.hand_size
        assert [r.level for r in rows] == list(range(1, 11)) and all(r.engine.n == loaded.deals for r in rows)
    else:  # no credible published figure: the page says so, and shows no number
        assert rows == () and published.note("en")
    wrong_hand = PublishedFigure("phase10", (0.5,), "a study of 11-card hands", "", "x", 11)
    with pytest.raises(CompareError, match="11-card hands; Phase 10 deals 10"):
        published_rows(loaded, wrong_hand)


# --- the intervals drawn fast are the intervals drawn one by one ------------------------------------


def _one_by_one_ratio(top: list[int], bottom: list[int], seed: str) -> tuple[float, float] | None:
    """The ratio's interval the way it was first computed: one resample index matrix of its own
    seed, the values gathered by fancy indexing, no threads (the code before the page was made fast)."""
    import numpy as np

    from upto9.stats import RESAMPLES, _percentiles, _rng

    t, b = np.asarray(top, dtype=np.float64), np.asarray(bottom, dtype=np.float64)
    if t.size == 0 or b.sum() == 0:
        return None
    picks = _rng(seed).integers(0, t.size, size=(RESAMPLES, t.size))
    sums = b[picks].sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = np.where(sums > 0, t[picks].sum(axis=1) / np.where(sums > 0, sums, 1), np.nan)
    return _percentiles(ratios, 0.95)


def _one_by_one_mean(values: list[float], seed: str) -> tuple[float, float]:
    import numpy as np

    from upto9.stats import RESAMPLES, _percentiles, _rng

    data = np.asarray(values, dtype=np.float64)
    picks = _rng(seed).integers(0, data.size, size=(RESAMPLES, data.size))
    return _percentiles(data[picks].mean(axis=1), 0.95)


def test_the_comparison_pages_intervals_are_the_ones_drawn_one_by_one() -> None:
    """game_stats draws its intervals side by side (threads, np.take): every figure of the cached
    comparison stays what drawing them one at a time gave, to the last digit."""
    import numpy as np

    loaded = Comparison.load(CACHE)
    for side in loaded.sides:
        seed = f"{side.rules.key}:{loaded.seed}"
        games = side.games
        stats = game_stats(games, len(side.rules.levels), seed=seed)  # drawn now, side by side
        for i in (0, len(side.rules.levels) - 1):
            attempts, passes = [g.attempts[i] for g in games], [g.passes[i] for g in games]
            for shown, expected in (
                (stats.rounds_per_level[i], _one_by_one_ratio(attempts, passes, f"{seed}:per-level:{i}")),
                (stats.lay_down_rate[i], _one_by_one_ratio(passes, attempts, f"{seed}:rate:{i}")),
            ):
                assert (shown.low, shown.high) == expected if shown is not None else expected is None
        assert (stats.rounds.low, stats.rounds.high) == _one_by_one_mean([g.rounds for g in games], f"{seed}:rounds")
        assert (stats.spread_sd.low, stats.spread_sd.high) == _one_by_one_mean([float(np.std(g.penalties)) for g in games], f"{seed}:sd")
        assert stats.final_penalties.n == sum(len(g.penalties) for g in games)


def test_the_intervals_stored_in_the_cached_comparison_are_the_ones_its_games_give() -> None:
    """The comparison page reads its ~80 intervals from comparison.json instead of drawing them at
    load: each is what game_stats gives for the file's games today (else the file is stale)."""
    loaded = Comparison.load(CACHE)
    for side in loaded.sides:
        assert side.stored is not None, "run `python notebooks/build_cache.py --only comparison`"
        drawn = game_stats(side.games, len(side.rules.levels), seed=f"{side.rules.key}:{loaded.seed}")
        assert side.stats(loaded.seed) is side.stored[1]
        assert side.stored[1] == drawn, f"{side.rules.name}: the stored intervals are stale: run `python notebooks/build_cache.py --only comparison`"
    # Another seed is drawn, not read.
    other = loaded.sides[0].stats(loaded.seed + 1)
    assert other != loaded.sides[0].stored[1] and other.rounds.value == loaded.sides[0].stored[1].rounds.value
