"""How fast is the lay-down checker? Run: ``python benchmarks/bench_checker.py`` (or ``make bench``).

Per level 1-9, on random 12-card hands from two decks (half plain random, half holding 2 to 5
twos and threes), it times:

* ``check(hand, level)``: the verdict alone (median and 99th percentile);
* ``check(hand, level).to_dict()``: the verdict plus what ``to_dict`` works out lazily (the
  explanation, the closest arrangement, the missing cards and the outs) — what a caller that
  shows everything pays;
* ``outs(hand, level)`` (median, 99th percentile, mean);
* against ``check`` on a smaller sample of the same hands: the exhaustive brute force
  ``tests.reference.exhaustive_jokers`` (every target, every assignment of the hand's cards to the
  slots, each judged at the end) — the speed-up target — and, for information, the pruned
  reference ``tests.reference.reference_jokers`` that the property tests use (it shares the
  checker's main bound, so its ratio is far smaller); and whether all three agree on the fewest
  jokers for every hand.

One process, one core, ``time.perf_counter_ns``, a fixed seed, a warm-up on other hands of the
same kind before each level is timed. The garbage collector stays on, as in real use.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # so that `tests.reference` imports when run as a script

import upto9  # noqa: E402
from upto9 import PHASE10, UPTO9, Card, Level, Phase10Card, check, full_deck, outs  # noqa: E402
from upto9.rules import Rules  # noqa: E402

try:
    from tests.reference import exhaustive_jokers, reference_jokers
except ImportError:  # pragma: no cover - the reference lives in the test suite
    exhaustive_jokers = reference_jokers = None  # type: ignore[assignment]
try:
    from tests.reference import phase10_exhaustive_jokers, phase10_reference_jokers
except ImportError:  # pragma: no cover
    phase10_exhaustive_jokers = phase10_reference_jokers = None  # type: ignore[assignment]

HAND_SIZE = 12
DECKS = 2
WARM_UP = 200

# Targets: (label, limit). Times in microseconds.
CHECK_MEDIAN_US = 25.0
CHECK_P99_US = 250.0
OUTS_US = 1000.0
BRUTE_SPEED_UP = 300.0

Hand = tuple[Card, ...]
AnyHand = tuple[Card, ...] | tuple[Phase10Card, ...]
Reference = Callable[[Any, Level], int | None]
"""A slow checker from tests/reference.py: the fewest jokers for (hand, level), or None."""


def make_hands(count: int, rng: random.Random, rules: Rules = UPTO9) -> list[Hand]:
    """``count`` hands, alternating: a plain random hand, then one holding 2 to 5 twos and threes."""
    deck = list(full_deck()) * DECKS
    wild = [c for c in deck if rules.is_wild(c)]
    plain = [c for c in deck if not rules.is_wild(c)]
    hands: list[Hand] = []
    for i in range(count):
        if i % 2 == 0:
            hand = rng.sample(deck, HAND_SIZE)
        else:
            k = rng.randint(2, 5)
            hand = rng.sample(wild, k) + rng.sample(plain, HAND_SIZE - k)
            rng.shuffle(hand)
        hands.append(tuple(hand))
    return hands


def time_each(fn: Callable[[Any], object], hands: Sequence[AnyHand]) -> list[int]:
    """Nanoseconds of one call of ``fn`` per hand."""
    clock = time.perf_counter_ns
    times = []
    for hand in hands:
        start = clock()
        fn(hand)
        times.append(clock() - start)
    return times


def p99(values: Sequence[int]) -> float:
    """The 99th percentile (nearest rank)."""
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)])


def us(ns: float) -> float:
    return ns / 1000.0


def cell(value: float, limit: float | None, at_least: bool = False, unit: str = "") -> tuple[str, bool | None]:
    """A table cell with its verdict against a target (``None``: no target)."""
    text = f"{value:,.0f}{unit}" if value >= 100 else f"{value:.1f}{unit}"
    if limit is None:
        return text, None
    ok = value >= limit if at_least else value <= limit
    return f"{text} {'PASS' if ok else 'MISS'}", ok


def bench_level(
    level: Level,
    hands: Sequence[AnyHand],
    warm: Sequence[AnyHand],
    ref_hands: int,
    rules: Rules = UPTO9,
    brute: Reference | None = exhaustive_jokers,
    reference: Reference | None = reference_jokers,
) -> dict[str, object]:
    """One level's (or phase's) row: ``check``, ``to_dict`` and ``outs`` timed on ``hands``, and on
    the first ``ref_hands`` of them the speed-up over ``brute`` and ``reference`` and whether all
    three agree on the fewest jokers."""
    for hand in warm:  # warm-up: caches, branch paths, the allocator
        check(hand, level, rules).to_dict()
        outs(hand, level, rules)
    results = [check(hand, level, rules) for hand in hands]
    passed = sum(r.ok for r in results) / len(hands)
    check_ns = time_each(lambda h: check(h, level, rules), hands)
    dict_ns = time_each(lambda h: check(h, level, rules).to_dict(), hands)
    outs_ns = time_each(lambda h: outs(h, level, rules), hands)
    row: dict[str, object] = {
        "pass": passed,
        "check_median": us(statistics.median(check_ns)),
        "check_p99": us(p99(check_ns)),
        "dict_median": us(statistics.median(dict_ns)),
        "dict_p99": us(p99(dict_ns)),
        "outs_median": us(statistics.median(outs_ns)),
        "outs_p99": us(p99(outs_ns)),
        "outs_mean": us(statistics.fmean(outs_ns)),
    }
    if brute is not None and reference is not None and ref_hands > 0:
        sample = hands[:ref_hands]
        brute_ns = time_each(lambda h: brute(h, level), sample)
        ref_ns = time_each(lambda h: reference(h, level), sample)
        fast_ns = time_each(lambda h: check(h, level, rules), sample)
        verdicts = [(h, check(h, level, rules).jokers, reference(h, level), brute(h, level)) for h in sample]
        disagree = [d for d in verdicts if not d[1] == d[2] == d[3]]
        row["speed_up"] = sum(brute_ns) / sum(fast_ns)
        row["ref_speed_up"] = sum(ref_ns) / sum(fast_ns)
        row["agree"] = f"{len(sample) - len(disagree)}/{len(sample)}"
        row["disagree"] = disagree
    return row


def print_disagreements(rows: dict[int, dict[str, object]], word: str) -> None:
    """Every hand on which the checker, the pruned reference and the brute force differ."""
    for number, row in rows.items():
        disagree = row.get("disagree")
        if isinstance(disagree, list):
            for hand, fast, slow, brute in disagree:
                print(f"DISAGREE {word} {number}: {' '.join(str(c) for c in hand)}: check {fast}, reference {slow}, exhaustive {brute}")


def render(rows: dict[int, dict[str, object]]) -> tuple[list[str], int, int]:
    """The table, and how many targets were met out of how many."""
    header = [
        "level",
        "pass",
        "check med",
        "check p99",
        "to_dict med",
        "to_dict p99",
        "outs med",
        "outs p99",
        "outs mean",
        "vs brute",
        "vs pruned ref",
        "agree",
    ]
    table = [header]
    met = total = 0
    for number, row in rows.items():

        def get(key: str, row: dict[str, object] = row) -> float:
            value = row[key]
            assert isinstance(value, float)
            return value

        cells = [
            cell(get("check_median"), CHECK_MEDIAN_US),
            cell(get("check_p99"), CHECK_P99_US),
            cell(get("dict_median"), None),
            cell(get("dict_p99"), None),
            cell(get("outs_median"), OUTS_US),
            cell(get("outs_p99"), OUTS_US),
            cell(get("outs_mean"), OUTS_US),
        ]
        if "speed_up" in row:
            cells.append(cell(get("speed_up"), BRUTE_SPEED_UP, at_least=True, unit="x"))
            cells.append((f"{get('ref_speed_up'):.0f}x", None))
            agree = str(row["agree"])
        else:
            cells += [("n/a", None), ("n/a", None)]
            agree = "n/a"
        for _text, ok in cells:
            if ok is not None:
                total += 1
                met += ok
        table.append([str(number), f"{get('pass'):.0%}", *(text for text, _ok in cells), agree])
    widths = [max(len(r[c]) for r in table) for c in range(len(header))]
    lines = ["  ".join(text.rjust(w) if c else text.ljust(w) for c, (text, w) in enumerate(zip(r, widths, strict=True))).rstrip() for r in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines, met, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the Up to 9 lay-down checker (one process, one core).")
    parser.add_argument("--hands", type=int, default=2000, help="hands per level (default 2000)")
    parser.add_argument("--ref-hands", type=int, default=20, help="hands per level timed against the brute force (default 20)")
    parser.add_argument("--seed", type=int, default=9, help="random seed (default 9)")
    parser.add_argument("--rules", choices=("upto9", "phase10", "both"), default="both", help="which game's checker (default both)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON (for benchmarks/bench_baseline.py)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    report = new_report(args) if args.json else None
    if args.rules == "phase10":
        main_phase10(args.hands, args.ref_hands, args.seed, report)
        return write_report(args.json, report)
    rng = random.Random(args.seed)
    rows: dict[int, dict[str, object]] = {}
    started = time.perf_counter()
    for level in UPTO9.levels:
        hands = make_hands(args.hands, rng)
        warm = make_hands(min(WARM_UP, args.hands), rng)
        rows[level.number] = bench_level(level, hands, warm, min(args.ref_hands, args.hands))
        print(f"level {level.number} done", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    lines, met, total = render(rows)
    print(f"upto9 checker benchmark: {args.hands} hands per level, seed {args.seed}, one process, Python {platform.python_version()} ({platform.machine()})")
    print(f"Hands: {HAND_SIZE} cards from {DECKS} decks; half plain random, half holding 2-5 twos and threes.")
    print("Times in µs. to_dict = check(...).to_dict(): the verdict plus explanation, closest arrangement, missing cards, outs.")
    print(
        f"Targets: check median <= {CHECK_MEDIAN_US:g} µs, check p99 <= {CHECK_P99_US:g} µs, outs <= {OUTS_US:,.0f} µs "
        f"(median, p99, mean), >= {BRUTE_SPEED_UP:g}x faster than the exhaustive brute force (tests/reference.py "
        f"exhaustive_jokers; 'vs pruned ref' = reference_jokers, no target), {min(args.ref_hands, args.hands)} hands per level; "
        "agree = all three give the same fewest jokers."
    )
    print()
    print("\n".join(lines))
    print()
    if reference_jokers is None:
        print("The brute force (tests/reference.py) is not available: no speed-up measured.")
    print_disagreements(rows, "level")
    print(f"{met} of {total} targets met. ({elapsed:.0f} s)")
    if report is not None:
        report["rules"].append(report_section(UPTO9, rows, elapsed))
    if args.rules == "both":
        print()
        main_phase10(args.hands, args.ref_hands, args.seed, report)
    return write_report(args.json, report)


def new_report(args: argparse.Namespace) -> dict[str, Any]:
    """The JSON report's head: the run's options and which ``upto9`` it timed."""
    options = {"hands": args.hands, "ref_hands": args.ref_hands, "seed": args.seed}
    return {"benchmark": "checker", **options, "python": platform.python_version(), "upto9_file": upto9.__file__, "rules": []}


def report_section(rules: Rules, rows: dict[int, dict[str, object]], elapsed: float) -> dict[str, Any]:
    """One rule set's rows for the JSON report (times in µs; the disagreeing hands left out)."""
    figures = {str(number): {k: v for k, v in row.items() if k != "disagree"} for number, row in rows.items()}
    return {"key": rules.key, "name": rules.name, "seconds": elapsed, "rows": figures}


def write_report(path: str | None, report: dict[str, Any] | None) -> int:
    """Write the JSON report if ``--json`` asked for one; the exit status."""
    if path is not None and report is not None:
        Path(path).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


# --- Phase 10 -------------------------------------------------------------------------------------

PHASE10_HAND_SIZE = 10


def make_phase10_hands(count: int, rng: random.Random) -> list[tuple[Phase10Card, ...]]:
    """``count`` dealt hands: 10 cards from Phase 10's 108-card deck."""
    deck = list(PHASE10.one_deck())
    return [tuple(rng.sample(deck, PHASE10_HAND_SIZE)) for _ in range(count)]


def main_phase10(hands_per_phase: int, ref_hands: int, seed: int, report: dict[str, Any] | None = None) -> int:
    """Time the Phase 10 checker phase by phase and print the table (the same columns and targets)."""
    rng = random.Random(seed)
    rows: dict[int, dict[str, object]] = {}
    started = time.perf_counter()
    for level in PHASE10.levels:
        hands = make_phase10_hands(hands_per_phase, rng)
        warm = make_phase10_hands(min(WARM_UP, hands_per_phase), rng)
        rows[level.number] = bench_level(level, hands, warm, min(ref_hands, hands_per_phase), PHASE10, phase10_exhaustive_jokers, phase10_reference_jokers)
        print(f"phase {level.number} done", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    lines, met, total = render(rows)
    lines[0] = lines[0].replace("level", "phase", 1)
    print(f"Phase 10 checker benchmark: {hands_per_phase} hands per phase, seed {seed}, one process, Python {platform.python_version()} ({platform.machine()})")
    print(f"Hands: {PHASE10_HAND_SIZE} cards dealt from the 108-card deck (numbers, wild cards, skips). Times in µs, as above.")
    print(
        f"Targets: the same as Up to 9's; brute force = tests/reference.py phase10_exhaustive_jokers, 'vs pruned ref' = "
        f"phase10_reference_jokers, {min(ref_hands, hands_per_phase)} hands per phase."
    )
    print()
    print("\n".join(lines))
    print()
    print_disagreements(rows, "phase")
    print(f"{met} of {total} targets met. ({elapsed:.0f} s)")
    if report is not None:
        report["rules"].append(report_section(PHASE10, rows, elapsed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
