"""How long does one click take in the widgets? Run: ``python benchmarks/bench_widgets.py``.

The issue's target: the Python work per click stays under 10 ms for a 12-card hand. This times
what a learner's click costs in Python (no browser: the widgets are headless, so the time to send
the changed state to a browser is not in it):

* ``toggle``: click one card of the hand builder's grid (in, then out again on the next click)
  with a level checker and a lay-down editor attached to the same hand, on random 12-card hands
  from two decks, over levels 1-9. The checker's verdict cache is emptied before every click, so
  each click pays for the full verdict (check, explanation, closest arrangement, outs).
* ``toggle (cached)``: the same clicks with the cache kept, as when a learner clicks a card in
  and out again.
* ``engine alone``: for the same hands, only what the engine works out for the checker
  (``check`` and, for the verdict's words, ``explanation``, which needs the closest arrangement
  and the outs): the part of a click that the widgets cannot make faster.
* ``editor place``: place a card of the hand into a group of the lay-down editor (the engine's
  ``validate`` runs on every change).
* ``stepper step``: one step forward in the round stepper (whole table and a player's view).
* ``phase 10 toggle``: the ``toggle`` click with Phase 10's rules: random 11-card hands from its
  108-card deck over phases 1-10 (verdict cache emptied before every click).

Median, 99th percentile and maximum, in milliseconds, one process, ``time.perf_counter_ns``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from upto9.widgets import HandBuilder, LayDownEditor, LevelChecker, RoundStepper, _common

from upto9 import UPTO9, Card, check, full_deck
from upto9.rules import PHASE10

TARGET_MS = 10.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter_ns()
    action()
    return (time.perf_counter_ns() - start) / 1e6


def report(name: str, times: list[float]) -> bool:
    median, p99, top = statistics.median(times), percentile(times, 0.99), max(times)
    ok = p99 < TARGET_MS
    print(f"{name:<24} {len(times):>6} {median:>9.2f} {p99:>9.2f} {top:>9.2f}  {'PASS' if ok else 'MISS'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="random 12-card hands per level (default 60)")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deck = list(full_deck()) * UPTO9.decks_for(4)

    builder = HandBuilder()
    checker = LevelChecker(builder.model)
    editor = LayDownEditor(builder.model)
    hand = builder.model
    grid = builder._buttons

    print(f"upto9 widgets benchmark: seed {args.seed}, {args.hands} hands x 9 levels, Python {platform.python_version()} ({platform.machine()})")
    print("One click = the Python work of a learner's click (model, engine, every attached view); times in ms; target p99 < 10 ms.")
    print()
    print(f"{'click':<24} {'n':>6} {'median':>9} {'p99':>9} {'max':>9}")

    toggle: list[float] = []
    cached: list[float] = []
    engine: list[float] = []
    for level in range(1, 10):
        checker.model.level = level
        editor.model.level = level
        for _ in range(args.hands):
            cards = rng.sample(deck, 12)
            hand.set_cards(cards[:11])
            extra: Card = cards[11]
            button = grid[extra]
            for cards_now in (cards, cards[:11]):
                engine.append(timed(lambda cards_now=cards_now, level=level: check(cards_now, level).explanation))
            for _ in range(2):  # in, then out again
                _common._checks.clear()
                toggle.append(timed(button.click))
            for _ in range(2):  # the same clicks again: both verdicts are remembered now
                button.click()
                button.click()
                cached.append(timed(button.click))
                cached.append(timed(button.click))
    results = [report("toggle", toggle), report("toggle (cached)", cached)]
    report("  engine alone", engine)

    place: list[float] = []
    for level in (1, 4, 5, 8):
        editor.model.level = level
        for _ in range(args.hands):
            hand.set_cards(rng.sample(deck, 12))
            editor.model.clear()
            for card in list(editor.model.free_cards())[:6]:
                place.append(timed(lambda card=card: editor.click_free(card)))
    results.append(report("editor place", place))

    stepper = RoundStepper(seed=args.seed, players=4)
    steps: list[float] = []
    for perspective in (-1, 0):
        stepper.model.perspective = perspective
        stepper.model.to_start()
        for _ in range(stepper.model.last_step):
            steps.append(timed(stepper._forward.click))
    results.append(report("stepper step", steps))

    p10 = HandBuilder(rules=PHASE10)
    p10_checker = LevelChecker(p10.model)
    p10_editor = LayDownEditor(p10.model)
    p10_deck = list(PHASE10.one_deck())
    p10_toggle: list[float] = []
    for level in range(1, 11):
        p10_checker.model.level = level
        p10_editor.model.level = level
        for _ in range(args.hands):
            cards = rng.sample(p10_deck, 11)
            p10.model.set_cards(cards[:10])
            button = p10._buttons[cards[10]]
            for _ in range(2):  # in, then out again (or, for a card the hand holds, one copy more, then all out)
                _common._checks.clear()
                p10_toggle.append(timed(button.click))
            p10.model.set_cards(cards[:10])
    results.append(report("phase 10 toggle", p10_toggle))
    print()
    print(f"{sum(results)} of {len(results)} targets met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
