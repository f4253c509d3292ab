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

The coach (``upto9.families.threeup.coach``): its bot (``CoachBot``, ``bots()["coach"]``) against the
heuristic, the default bot, over the same pairing of games; and the coach's time per turn, p50, p95
and max over every turn of ``--timed`` seeded games of 2 and 4 heuristic players (the coach asked for
the seat to move at each). ``--coach`` runs only these.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd

from upto9.bots import RandomBot
from upto9.compare import Estimate, wilson
from upto9.families.threeup.bot import SamplingBot, ThreeUpBot
from upto9.families.threeup.coach import CoachBot, coach
from upto9.families.threeup.family import FAMILY
from upto9.simulate import game_seed, simulate


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


def coach_times(games: int, seed: int) -> tuple[list[float], list[float]]:
    """The coach's time (seconds) for the seat to move at every turn of ``games`` games of heuristic
    players, 2 and 4 players in turn: by the clock, and in this process's CPU time (what the coach
    costs when other work shares the machine)."""
    times, cpu = [], []
    for i in range(games):
        game = FAMILY.new_game(FAMILY.rules, 2 if i % 2 == 0 else 4, game_seed(seed, i), None)
        rnd = game.round
        player = ThreeUpBot(0)
        while not rnd.over:
            view = rnd.view(rnd.turn)
            started, used = time.perf_counter(), time.process_time()
            coach(view, i)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
            rnd.play(player.act(view))
    return times, cpu


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    ms = [1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.95)]
    return f"p50 {ms[0]:.0f} ms, p95 {ms[1]:.0f} ms, max {1000 * ordered[-1]:.0f} ms"


def coach_figures(games: int, timed: int, workers: int, seed: int) -> None:
    if timed:
        times, cpu = coach_times(timed, seed)
        print(f"the coach's time per turn, {len(times):,} turns of {timed} games (2 and 4 players):")
        print(f"  by the clock {percentiles(times)}; CPU time {percentiles(cpu)} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if not games:
        return
    started = time.perf_counter()
    estimate, limited = pairing(CoachBot, ThreeUpBot, games, workers, seed)
    print(f"{'CoachBot vs ThreeUpBot':<34} {share(estimate):<24} {limited}   ({games:,} games, {time.perf_counter() - started:.0f} s)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--coach", action="store_true", help="only the coach's figures")
    parser.add_argument("--timed", type=int, default=20, help="games whose every turn the coach is timed on (default 20)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.coach:
        print("3UP 3DOWN's coach; two-player games, half in each seat; 95 % Wilson intervals")
        coach_figures(args.games, args.timed, args.workers, args.seed)
        print(f"\n({time.perf_counter() - started:.0f} s)")
        return
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
    print()
    coach_figures(args.games, args.timed, args.workers, args.seed)
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
