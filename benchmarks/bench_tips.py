"""How long does the picture-card tips page take to answer a changed rule? Run: ``python benchmarks/bench_tips.py``.

The target (issue 23 part 6): the page answers a changed rule within 20 s. This times
``TipsModel.run`` headless (no browser), with the page's default controls (two players, the best
stopper in every seat, 200 games a side) and one change each:

* ``no five-card move``: ``move_after = 0``.
* ``all four suits``: two players keep all four suits and are dealt as written (6 each).
* ``two decks``: two decks' picture cards, dealt as written.
* ``three players, no move``: three players, ``move_after = 0``.

Wall-clock seconds and the process's CPU seconds (on a loaded machine the wall clock waits for a
core), the games a side reached (the page stops at ``ANSWER_SECONDS`` of wall time and answers
with the games so far), and whether the time limit came first.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

from upto9.widgets.games.tips import ANSWER_SECONDS, DEFAULT_GAMES, TipsModel

from upto9.families.picture_cards.tips import load_tips

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "picture_tips.json"
TARGET_S = 20.0


def _no_move(m: TipsModel) -> None:
    m.move_after = 0


def _four_suits(m: TipsModel) -> None:
    m.removed_suit, m.deal = "none", "written"


def _two_decks(m: TipsModel) -> None:
    m.decks, m.deal = 2, "written"


def _three_no_move(m: TipsModel) -> None:
    m.players, m.move_after = 3, 0


QUESTIONS: dict[str, Callable[[TipsModel], None]] = {
    "no five-card move": _no_move,
    "all four suits": _four_suits,
    "two decks": _two_decks,
    "three players, no move": _three_no_move,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=list(QUESTIONS), help="time one question")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games a side (default {DEFAULT_GAMES}, the page's)")
    args = parser.parse_args(argv)
    data = load_tips(DATA)
    print(f"picture-card tips: a changed rule's answer; Python {platform.python_version()}, target {TARGET_S:.0f} s (the page stops at {ANSWER_SECONDS:.0f} s)")
    print(f"{'question':<24} {'wall s':>7} {'cpu s':>7} {'games':>6}  {'cut':<4} verdict")
    worst = 0.0
    for name, setup in QUESTIONS.items():
        if args.only and name != args.only:
            continue
        model = TipsModel(data)
        model.games = args.games
        setup(model)
        wall, cpu = time.perf_counter(), time.process_time()
        result = model.run()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        worst = max(worst, wall)
        if result is None:
            print(f"{name:<24} refused: {model.refusal}")
            continue
        ok = "PASS" if wall <= TARGET_S else "FAIL"
        print(f"{name:<24} {wall:7.1f} {cpu:7.1f} {result.games:6d}  {'yes' if result.out_of_time else 'no':<4} {ok}")
    print(f"slowest answer {worst:.1f} s ({'within' if worst <= TARGET_S else 'over'} the {TARGET_S:.0f} s target)")
    return 0 if worst <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
