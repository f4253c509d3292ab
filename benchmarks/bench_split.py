"""Where does a whole game's time go: the bots, or the engine? Run: ``python benchmarks/bench_split.py``
(``--baseline COMMIT`` to set a commit beside this checkout, default 2486ec1, the speed issue 22's
part 3 is measured against; ``--games 60``; ``--rules phase10`` for one rule set).

For each tree (this checkout, and the baseline exported with ``git archive`` into a temporary folder)
and each rule set, a process of its own (``python -I``, the tree first on ``sys.path``) plays
``--games`` seeded 4-player games with ``HeuristicBot`` in every seat (after three games not timed),
recording every move; then it
plays the same moves again on the engine alone (``Game.play``), and once more asking each move's
``view`` as a bot would. It prints the CPU milliseconds per game of each: the whole game, the engine
alone, and the engine with the views; what is left of the whole is the bots' own time. The trees
take turns (baseline, this, this, baseline), and each figure is the better of its two runs.

A game needs ``3x`` the games per second of the baseline (issue 22, part 3): the printout says what
that leaves the bots, with the engine as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "2486ec1"
"""The commit issue 22's part 3 measures against (games three times as fast as there)."""


def measure(tree: Path, rules_key: str, games: int) -> dict[str, float]:
    """In this process, with ``tree``'s upto9 imported: CPU ms per game, whole, engine, engine and views."""
    sys.path.insert(0, str(tree))
    import upto9
    from upto9 import HeuristicBot, builtin_rules
    from upto9.game import Game

    if not Path(upto9.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"bench_split: imported {upto9.__file__}, not the upto9 of {tree}")

    rules = builtin_rules(rules_key)
    records: list[list[Any]] = []
    warm_up = 3  # games played first and not timed: the imports' and the caches' first costs are no game's
    start = time.process_time()
    for seed in range(-warm_up, games):
        if seed == 0:
            records.clear()
            start = time.process_time()
        game = Game(players=4, rules=rules, seed=seed)
        bots = [HeuristicBot() for _ in range(4)]
        moves: list[Any] = []
        while not game.over:
            if game.rounds and not game.round.over:
                current = game.round
                while current.end is None:
                    move = bots[current.turn].act(current.view(current.turn))
                    moves.append(move)
                    game.play(move)
                continue
            game.next_round()
            moves.append(None)  # (a new round)
        records.append(moves)
    whole = time.process_time() - start

    def replay(with_views: bool) -> float:
        begun = time.process_time()
        for seed, moves in enumerate(records):  # (the timed games: seeds 0, 1, ...)
            game = Game(players=4, rules=rules, seed=seed)
            for move in moves:
                if move is None:
                    game.next_round()
                    continue
                if with_views:
                    game.round.view(game.round.turn)
                game.play(move)
        return time.process_time() - begun

    engine, views = replay(False), replay(True)
    moves_made = sum(1 for moves in records for move in moves if move is not None)
    return {"whole": 1000 * whole / games, "engine": 1000 * engine / games, "views": 1000 * views / games, "moves": moves_made / games}


def run(tree: Path, rules_key: str, games: int) -> dict[str, float]:
    """``measure`` in a process of its own on ``tree`` (no PYTHONPATH, no user site)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        command = [sys.executable, "-I", str(Path(__file__).resolve()), "--measure", str(tree), "--rules", rules_key, "--games", str(games), "--json", out.name]
        subprocess.run(command, check=True, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
        found: dict[str, float] = json.loads(Path(out.name).read_text(encoding="utf-8"))
        return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to set beside this checkout (default {BASELINE})")
    parser.add_argument("--games", type=int, default=60, help="seeded games per run (default 60)")
    parser.add_argument("--rules", nargs="+", default=["upto9", "phase10"], help="rule sets (default: upto9 phase10)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # (a child process: measure this tree)
    parser.add_argument("--json", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        args.json.write_text(json.dumps(measure(args.measure, args.rules[0], args.games)), encoding="utf-8")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench_split_") as folder:
        base = Path(folder)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.baseline, "upto9"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        trees = {f"{args.baseline} (baseline)": base, "this checkout": ROOT}
        print(f"CPU ms per 4-player game with HeuristicBot in every seat, {args.games} seeded games per run, the better of two runs")
        print(f"{'rule set':10} {'tree':22} {'whole':>7} {'engine':>7} {'+views':>7} {'bots':>7} {'moves':>6}")
        for rules_key in args.rules:
            best: dict[str, dict[str, float]] = {}
            for name in [*trees, *reversed(trees)]:  # baseline, this, this, baseline
                found = run(trees[name], rules_key, args.games)
                best[name] = {k: min(v, best.get(name, found)[k]) for k, v in found.items()}
            for name, found in best.items():
                bots = found["whole"] - found["views"]
                print(f"{rules_key:10} {name:22} {found['whole']:7.1f} {found['engine']:7.1f} {found['views']:7.1f} {bots:7.1f} {found['moves']:6.0f}")
            base_whole, now = best[f"{args.baseline} (baseline)"]["whole"], best["this checkout"]
            target = base_whole / 3
            print(
                f"{rules_key:10} speed-up {base_whole / now['whole']:.2f}x; 3x is {target:.1f} ms a game, which leaves the bots "
                f"{target - now['views']:.1f} ms with the engine and views as they are ({now['whole'] - now['views']:.1f} ms now)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
