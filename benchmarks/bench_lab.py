"""How long does the house-rule lab take to answer? Run: ``python benchmarks/bench_lab.py``.

The target: a default question answers within 20 s. The lab plays in batches until its answer is
clear (``upto9.stats.stop_reason``), the most games asked for, or its CPU budget (``LAB_SECONDS``).
This times ``HouseRuleLab.compare`` headless (no browser) on a few questions:

* ``opening``: the page's own question (level 9 allows 2 jokers), its games read from the data
  files as the page does.
* ``opening, played``: the same question with every game played now (no data files).
* ``no change``: no rule changed (both sides are the same games).
* ``aces 50``: a penalty value changed (aces cost 50), played now.
* ``level 5, 1 joker``: a level's joker budget cut (level 5 allows 1 joker), played now.

Wall-clock seconds and the process's CPU seconds (on a loaded machine the wall clock waits for a
core; the budget counts CPU), the games a side reached, and what ended the sampling.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

from upto9.widgets import RulesExplorer
from upto9.widgets.lab import LAB_SECONDS, MAX_LAB_GAMES, HouseRuleLab

from upto9.atlas import Atlas
from upto9.compare import PlayedGames

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
TARGET_S = 20.0


def question(setup: Callable[[RulesExplorer, HouseRuleLab], object], cached: bool) -> HouseRuleLab:
    explorer = RulesExplorer()
    kept = {"atlas": Atlas.load(DATA / "atlas.json"), "played": PlayedGames.load(DATA / "lab.json")} if cached else {}
    lab = HouseRuleLab(explorer, games=MAX_LAB_GAMES, **kept)
    setup(explorer, lab)
    return lab


def opening(explorer: RulesExplorer, _lab: HouseRuleLab) -> None:
    explorer.model.level = 9
    explorer.model.set_budget(9, 2)


QUESTIONS: dict[str, tuple[Callable[[RulesExplorer, HouseRuleLab], object], bool]] = {
    "opening": (opening, True),
    "opening, played": (opening, False),
    "no change": (lambda _e, _l: None, False),
    "aces 50": (lambda _e, lab: lab.set_penalty("A", 50), False),
    "level 5, 1 joker": (lambda e, _l: e.model.set_budget(5, 1), False),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=list(QUESTIONS), action="append", help="time only these questions")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}; LAB_SECONDS = {LAB_SECONDS}, most games a side = {MAX_LAB_GAMES}")
    print(f"{'question':<18} {'wall s':>8} {'CPU s':>8} {'games':>6}  ended by")
    worst = 0.0
    for name, (setup, cached) in QUESTIONS.items():
        if args.only and name not in args.only:
            continue
        lab = question(setup, cached)
        wall, cpu = time.perf_counter(), time.process_time()
        lab.compare(progress=False)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        stop = lab._stop
        ended = "—" if stop is None else stop[0].value
        print(f"{name:<18} {wall:>8.2f} {cpu:>8.2f} {len(lab.standard):>6}  {ended}")
        worst = max(worst, cpu)
    print(f"slowest question: {worst:.2f} CPU s (target {TARGET_S:.0f} s): {'PASS' if worst <= TARGET_S else 'MISS'}")
    return 0 if worst <= TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
