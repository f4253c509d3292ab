"""How fast do whole games run? Run: ``python benchmarks/bench_games.py`` (``--games 1000`` for a
quicker run; ``--rules phase10`` for one rule set only; ``--rules threeup --games 0`` for 3UP 3DOWN;
``--rules picture_cards --games 0`` for the picture-card game, timed at two players).

It prints, for each rule set (Up to 9 and Phase 10 by default; targets: at least 10 games per
second on one worker, 100 for 3UP 3DOWN, a short shedding game; at least 1.7x on two):

* complete 4-player games per second with ``HeuristicBot`` in every seat (a game without levels:
  its family's default bot, 3UP 3DOWN's ``ThreeUpBot``), through
  ``simulate(..., workers=1)`` (in this process) and ``simulate(..., workers=2)`` (a process
  pool), the best of ``--repeat`` runs of ``--rate-games`` games each, and the speed-up. Wall-clock
  rates depend on what else the machine runs; the rate per CPU-second (the time the games
  themselves took) is printed beside them.
* a long run (of the first rule set) of ``--games`` games (default 10,000) on ``--workers`` processes, printing after
  every 1,000 games the resident memory of this process and of each worker, and at the end the
  peak (``ru_maxrss``) of this process and of its children: the workers keep nothing between
  games, so their memory must stay flat.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import resource
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import upto9
from upto9 import HeuristicBot, Rules, builtin_rules, simulate
from upto9.family import RummyFamily, game_family
from upto9.simulate import _play_chunk

TARGETS = {"threeup": 100.0, "picture_cards": 500.0}
"""Games per second on one worker, by rule set (others: 10): 3UP 3DOWN is a game of about 80
turns with no lay-down to check; the picture-card game about 20 turns of a few draws each."""

PLAYERS = {"picture_cards": 2}
"""Players at the timed table, by rule set (others: 4): the picture-card game is for two or three."""


def players_for(rules: Rules) -> int:
    return PLAYERS.get(rules.key, 4)


def bots_for(rules: Rules) -> list[Any]:
    """``HeuristicBot`` in every seat for a rummy, else the family's first bot."""
    family = game_family(rules)
    if isinstance(family, RummyFamily):
        return [HeuristicBot] * players_for(rules)
    return [next(iter(family.bots().values()))] * players_for(rules)  # type: ignore[attr-defined]  # an optional member


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux: /proc; elsewhere the peak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return peak_mb(resource.RUSAGE_SELF)


def peak_mb(who: int) -> float:
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, kilobytes on Linux
    return resource.getrusage(who).ru_maxrss * scale / 2**20


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def measured_chunk(indices: Sequence[int], *args: Any) -> tuple[list[Any], int, float]:
    """One chunk of games in a worker, with the worker's pid and resident memory after it."""
    return _play_chunk(indices, *args), os.getpid(), rss_mb()


def rate(games: int, workers: int, repeat: int, seed: int, rules: Rules) -> tuple[float, float]:
    """Best games per second (wall clock) and games per CPU-second over ``repeat`` runs."""
    best_wall = best_cpu = 0.0
    for r in range(repeat):
        children, own = cpu(resource.RUSAGE_CHILDREN), cpu(resource.RUSAGE_SELF)
        start = time.perf_counter()
        simulate(games, players=players_for(rules), rules=rules, bots=bots_for(rules), seed=seed + r, workers=workers, progress=False)
        wall = time.perf_counter() - start
        # With workers, the parent only waits: count the workers' time (reaped when the pool closes).
        used = cpu(resource.RUSAGE_CHILDREN) - children if workers > 1 else cpu(resource.RUSAGE_SELF) - own
        best_wall = max(best_wall, games / wall)
        best_cpu = max(best_cpu, games / used)
    return best_wall, best_cpu


def long_run(games: int, workers: int, seed: int, rules: Rules) -> None:
    every = 1000 if games >= 3000 else max(50, games // 5)  # report after every 1,000 games on a full run
    args = (seed, players_for(rules), rules, bots_for(rules), False)
    context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    rows: list[Any] = []
    worker_rss: dict[int, float] = {}
    reports: list[float] = []  # the largest worker's memory at each report
    start = time.perf_counter()
    next_report = every
    print(f"  {'games':>6}  {'s':>7}  {'games/s':>7}  {'this MB':>7}  workers' MB")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        chunk = 20
        futures = [pool.submit(measured_chunk, range(i, min(games, i + chunk)), *args) for i in range(0, games, chunk)]
        for future in as_completed(futures):
            done, pid, rss = future.result()
            rows.extend(done)
            worker_rss[pid] = rss
            if len(rows) >= next_report or len(rows) == games:
                elapsed = time.perf_counter() - start
                workers_text = "  ".join(f"{worker_rss[p]:6.1f}" for p in sorted(worker_rss))
                print(f"  {len(rows):>6}  {elapsed:7.1f}  {len(rows) / elapsed:7.2f}  {rss_mb():7.1f}  {workers_text}", flush=True)
                next_report = (len(rows) // every + 1) * every
                reports.append(max(worker_rss.values()))
    print(f"  peak resident memory (ru_maxrss): this process {peak_mb(resource.RUSAGE_SELF):.1f} MB, largest worker {peak_mb(resource.RUSAGE_CHILDREN):.1f} MB")
    if len(reports) >= 3:
        first, last = reports[1] - reports[0], reports[-1] - reports[-2]
        print(f"  largest worker's growth per {every} games: {first:+.1f} MB in the first {every} after warm-up, {last:+.1f} MB in the last")
    print("  (the workers' memory levels off as the checker's window table fills; this process keeps the result rows)")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the long run (default 10000; 0 skips it)")
    parser.add_argument("--rate-games", type=int, default=40, help="games per timed run for the games-per-second figures (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure; the best counts (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the long run (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", nargs="+", default=["upto9", "phase10"], help="built-in rule sets to time (default: upto9 phase10)")
    parser.add_argument("--json", metavar="FILE", help="also write the games-per-second figures to FILE as JSON (for benchmarks/bench_baseline.py)")
    options = parser.parse_args(argv)
    head = {"benchmark": "games", "rate_games": options.rate_games, "repeat": options.repeat, "seed": options.seed}
    report: dict[str, Any] = {**head, "python": platform.python_version(), "upto9_file": upto9.__file__, "rules": []}

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; 4 players, HeuristicBot (else the family's bot) everywhere")
    targets = "targets >= 10 games/s on 1 worker (3UP 3DOWN: 100; picture cards, 2 players: 500), >= 1.7x on 2"
    print(f"games per second: best of {options.repeat} runs of {options.rate_games} games; {targets}")
    met = total = 0
    for key in options.rules:
        rules = builtin_rules(key)
        print(f"{rules.name}:")
        one_wall, one_cpu = rate(options.rate_games, 1, options.repeat, options.seed, rules)
        target = TARGETS.get(key, 10.0)
        print(f"  1 worker : {one_wall:6.2f} games/s   ({one_cpu:6.2f} games per CPU-second)  {'PASS' if one_wall >= target else 'MISS'}")
        two_wall, two_cpu = rate(options.rate_games, 2, options.repeat, options.seed, rules)
        print(f"  2 workers: {two_wall:6.2f} games/s   ({two_cpu:6.2f} games per CPU-second)")
        print(f"  speed-up on 2 workers: {two_wall / one_wall:.2f}x  {'PASS' if two_wall / one_wall >= 1.7 else 'MISS'}")
        met += (one_wall >= target) + (two_wall / one_wall >= 1.7)
        total += 2
        figures = {"1 worker": {"wall": one_wall, "cpu": one_cpu}, "2 workers": {"wall": two_wall, "cpu": two_cpu}}
        report["rules"].append({"key": key, "name": rules.name, "rows": figures, "speed_up": two_wall / one_wall})
    print(f"{met} of {total} targets met.")
    if options.json:
        Path(options.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if options.games > 0:
        rules = builtin_rules(options.rules[0])
        print(f"long run: {options.games} games of {rules.name} on {options.workers} workers")
        long_run(options.games, options.workers, options.seed, rules)


if __name__ == "__main__":
    main()
