"""How strong are 3UP 3DOWN's bots, and does the player who starts win more often? Run:
``python benchmarks/bench_threeup.py`` (``--games 1000`` games per pairing by default,
``--workers 2``).

Each pairing plays two-player games, half with each bot in seat 0, every game from its own seed
(``upto9.simulate.simulate``): the stronger ``SamplingBot`` against the heuristic ``ThreeUpBot``,
the heuristic against ``RandomBot``, the stronger against ``RandomBot``. It prints the first bot's
share of the games it won, with its 95 % Wilson interval (``upto9.compare.wilson``), and the
games the engine's turn limit ended (no winner). Then the starting seat's advantage: the share of
games the player who started won, with heuristic bots in every seat, for 2 and 4 players, beside
the share a seat would win by chance (1/2, 1/4).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd

from upto9.bots import RandomBot
from upto9.compare import Estimate, wilson
from upto9.families.threeup.bot import SamplingBot, ThreeUpBot
from upto9.families.threeup.family import FAMILY
from upto9.simulate import simulate


def share(e: Estimate) -> str:
    return f"{e.value:6.1%}  [{e.low:.1%}, {e.high:.1%}]"


def pairing(first: type, second: type, games: int, workers: int, seed: int) -> tuple[Estimate, int]:
    """``first``'s share of wins over ``games`` two-player games, half of them in each seat."""
    half = games // 2
    a = simulate(half, players=2, rules=FAMILY.rules, bots=[first, second], seed=f"{seed}:a", workers=workers, progress=False)
    b = simulate(games - half, players=2, rules=FAMILY.rules, bots=[second, first], seed=f"{seed}:b", workers=workers, progress=False)
    assert isinstance(a, pd.DataFrame) and isinstance(b, pd.DataFrame)
    won = int(a["won_0"].sum() + b["won_1"].sum())
    limited = int((a["end"] == "turn_limit").sum() + (b["end"] == "turn_limit").sum())
    return wilson(won, games), limited


def starters(players: int, games: int, workers: int, seed: int) -> tuple[Estimate, float]:
    """The share of games won by the player who started (heuristic bots everywhere), and the median turns."""
    result = simulate(games, players=players, rules=FAMILY.rules, bots=[ThreeUpBot] * players, seed=seed, workers=workers, per_round=True, progress=False)
    assert isinstance(result, tuple)
    frame, rounds = result
    won = sum(1 for winners, first in zip(frame["winners"], rounds["first"], strict=True) if winners == (first,))
    return wilson(won, games), float(frame["turns"].median())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"3UP 3DOWN, {args.games:,} two-player games per pairing, half in each seat; 95 % Wilson intervals")
    print(f"{'pairing':<34} {'first bot wins':<24} turn limit")
    for first, second in ((SamplingBot, ThreeUpBot), (ThreeUpBot, RandomBot), (SamplingBot, RandomBot)):
        estimate, limited = pairing(first, second, args.games, args.workers, args.seed)
        print(f"{first.__name__ + ' vs ' + second.__name__:<34} {share(estimate):<24} {limited}")
    print()
    print(f"{'the starting seat (ThreeUpBot)':<34} {'starter wins':<24} chance   median turns")
    for players in (2, 4):
        estimate, turns = starters(players, args.games, args.workers, args.seed)
        print(f"{f'{players} players':<34} {share(estimate):<24} {1 / players:<8.1%} {turns:.0f}")
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
