"""How fast is the rummies' coach (``upto9.coach``), and is the coach bot stronger than the
heuristic one? Run: ``python benchmarks/bench_coach.py`` (both rummies; ``--family upto9``,
``--games 1000``, ``--players 2``, ``--workers 1``, ``--timing-games 2``, ``--skip-timing``,
``--skip-games``).

* **Timing**: seeded games played by heuristic bots (4 players), the coach asked at every turn of
  every seat; it prints the wall-clock time of one answer (p50, p95, max over the turns) and the
  processor time (what the call costs, whatever else the machine is running).
* **Strength**: ``--games`` games of ``--players`` players, one ``CoachBot`` and heuristic bots
  elsewhere, the coach's seat rotated game by game (game ``i`` seats it at ``i % players``), each
  game from its own seed (``upto9.simulate.game_seed``). It prints the share of games the coach's
  seat won (a shared win counts as a win) and the same share for a heuristic seat, each with its
  95 % Wilson interval (``upto9.stats.wilson``); a share a seat would win by chance is
  ``1 / players``. A running tally is printed every 50 games, so a run stopped early still says
  what it measured.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from upto9.bots import HeuristicBot
from upto9.coach import K_DRAWS, SAMPLES, CoachBot, coach
from upto9.game import Game
from upto9.rules import PHASE10, UPTO9, Rules
from upto9.simulate import game_seed, play_game
from upto9.stats import Estimate, wilson

RULES = {"upto9": UPTO9, "phase10": PHASE10}


def share(e: Estimate) -> str:
    return f"{e.value:6.1%}  [{e.low:.1%}, {e.high:.1%}]  (n = {e.n})"


def timing(rules: Rules, games: int, players: int = 4) -> None:
    """The coach's time per answer over every turn of ``games`` heuristic games."""
    wall: list[float] = []
    cpu: list[float] = []
    for seed in range(games):
        game = Game(players=players, rules=rules, seed=seed)
        bots = [HeuristicBot() for _ in range(players)]
        while not game.over:
            rnd = game.round
            while not rnd.over:
                view = rnd.view(rnd.turn)
                w, c = time.perf_counter(), time.process_time()
                coach(view, seed)
                wall.append(time.perf_counter() - w)
                cpu.append(time.process_time() - c)
                game.play(bots[rnd.turn].act(view))
            if not game.over:
                game.next_round()
    for name, values in (("wall", wall), ("cpu", cpu)):
        values.sort()
        p95 = values[int(len(values) * 0.95)]
        print(
            f"  {rules.key}: {name:4s} per answer over {len(values)} turns of {games} games ({players} players): "
            f"p50 {1000 * statistics.median(values):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * values[-1]:.1f} ms",
            flush=True,
        )


def one_game(key: str, players: int, index: int) -> tuple[bool, int]:
    """Game ``index``: did the coach's seat win, and how many heuristic seats won."""
    seat = index % players
    bots: list[type] = [HeuristicBot] * players
    bots[seat] = CoachBot
    game = play_game(players=players, rules=RULES[key], bots=bots, seed=game_seed("bench-coach", index))
    return seat in game.winners, sum(1 for p in game.winners if p != seat)


def strength(key: str, games: int, players: int, workers: int) -> None:
    won = others = done = 0
    started = time.perf_counter()

    def tally() -> None:
        coach_share = wilson(won, done)
        heuristic = wilson(others, done * (players - 1))
        minutes = (time.perf_counter() - started) / 60
        print(f"  {key}: {done} games, {minutes:.1f} min; coach seat won {share(coach_share)}; a heuristic seat won {share(heuristic)}", flush=True)

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for coach_won, heuristic_won in pool.map(one_game, [key] * games, [players] * games, range(games), chunksize=5):
            won += coach_won
            others += heuristic_won
            done += 1
            if done % 50 == 0 and done != games:
                tally()
    tally()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=sorted(RULES), action="append")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timing-games", type=int, default=2)
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-games", action="store_true")
    args = parser.parse_args()
    keys = args.family or sorted(RULES, reverse=True)
    print(f"the coach: {SAMPLES} samples an answer, chances within {K_DRAWS} draws", flush=True)
    if not args.skip_timing:
        print("time per answer:", flush=True)
        for key in keys:
            timing(RULES[key], args.timing_games)
    if not args.skip_games:
        print(f"coach bot against heuristic bots, {args.players} players, the coach's seat rotated:", flush=True)
        for key in keys:
            strength(key, args.games, args.players, args.workers)


if __name__ == "__main__":
    main()
