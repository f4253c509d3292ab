"""Regenerate the explainers' data files in notebooks/data/ (run from the project's top folder):

    .venv/bin/python notebooks/build_cache.py            # or: make notebook-data

* ``atlas.json``: the level difficulty atlas: 2,000 shuffled deals checked against every level
  under four joker budgets, and 300 four-player games played by the engine's bots (about two
  minutes on two cores). The atlas and house-rule lab notebooks read it.
* ``sample_game.json``: a saved three-player game (``upto9.save_game``) for the round stepper.

Both are deterministic: the same seeds give the same files. Regenerate them after a change to the
rules, the checker or the bots (the atlas notebook refuses a file made for other rules).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from atlas import CACHE, Atlas  # noqa: E402

from upto9 import play_game, save_game  # noqa: E402

SAMPLE_GAME = HERE / "data" / "sample_game.json"
SAMPLE_SEED = 2024
SAMPLE_PLAYERS = 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=2000, help="shuffled deals for the holding chances (default 2000)")
    parser.add_argument("--games", type=int, default=300, help="bot games for the hurdles and the lab's baseline (default 300)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    atlas = Atlas.build(args.samples, args.games, seed=args.seed, workers=args.workers)
    atlas.save(CACHE)
    print(f"wrote {CACHE.relative_to(HERE.parent)}: {atlas.samples} deals, {len(atlas.games)} games ({CACHE.stat().st_size // 1024} KiB)")
    game = play_game(players=SAMPLE_PLAYERS, seed=SAMPLE_SEED, names=["Ada", "Bjørn", "Cai"])
    save_game(game, SAMPLE_GAME)
    print(f"wrote {SAMPLE_GAME.relative_to(HERE.parent)}: {len(game.rounds)} rounds ({SAMPLE_GAME.stat().st_size // 1024} KiB)")
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
