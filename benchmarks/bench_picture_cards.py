"""When should a player of the picture-card game stop drawing? Run:
``python benchmarks/bench_picture_cards.py`` (``--games 1000`` games per pairing by default;
``--players 3`` for three players).

Each pairing plays two-player games of the standard rule set (docs/rules.md#picture-cards), half
with each bot in the first seat, every game from its own seed (``upto9.simulate.play_game``). It
prints the first bot's share of the games it won, the share the second won and the share that
were draws (picture ruling 9: level on suits and on points in them), each with its 95 % Wilson
interval (``upto9.compare.wilson``). The bots differ only in when they stop
(``upto9.families.picture_cards.bot``): after ``k`` cards, when the chance that the next card ends
the turn is above ``p``, or by the dynamic programme over the pile's make-up (``BestStopBot``).
Then the first seat's share of wins with the same bot in every seat, and how the games ended.

The coach (``upto9.families.picture_cards.coach``, ``--coach`` for its figures alone): how long an
answer takes, timed at every decision of seeded games (2 and 3 players, ``--coach-games`` of each:
p50, p95 and the busiest position; each answer timed once, and the least of three runs beside it,
which leaves out another process's burst on a shared machine), and the coach bot's share of wins
against the family's default bot (``bots()``'s first, ``stop_after_3``) over ``--games`` games,
the seats rotated as above and the first player drawn at random each game (picture ruling 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from upto9.families.picture_cards.bot import BestStopBot, RiskBot, StopAfterBot
from upto9.families.picture_cards.coach import CoachBot, coach
from upto9.families.picture_cards.family import FAMILY, PictureFamily
from upto9.simulate import play_game
from upto9.stats import Estimate, wilson

Factory = Callable[[int], Any]  # a bot of the family: a PictureBot, or the coach's CoachBot

POLICIES: dict[str, Factory] = {
    "stop after 1": partial(StopAfterBot, k=1),
    "stop after 2": partial(StopAfterBot, k=2),
    "stop after 3": partial(StopAfterBot, k=3),
    "stop after 5": partial(StopAfterBot, k=5),
    "risk > 20 %": partial(RiskBot, p=0.2),
    "risk > 30 %": partial(RiskBot, p=0.3),
    "best stop": BestStopBot,
}

PAIRINGS: tuple[tuple[str, str], ...] = (
    ("best stop", "stop after 1"),
    ("best stop", "stop after 2"),
    ("best stop", "stop after 3"),
    ("best stop", "stop after 5"),
    ("best stop", "risk > 20 %"),
    ("best stop", "risk > 30 %"),
    ("stop after 2", "stop after 3"),
    ("risk > 30 %", "stop after 3"),
)


def share(e: Estimate) -> str:
    return f"{e.value:6.1%} [{e.low:5.1%}, {e.high:5.1%}]"


def pairing(first: Factory, second: Factory, games: int, players: int, seed: int) -> tuple[Estimate, Estimate, Estimate]:
    """``first``'s share of wins, ``second``'s, and the draws, over ``games`` games, the first bot
    in seat 0 in half of them and in the last seat in the other half (the others: the second bot)."""
    won = lost = drawn = 0
    for index in range(games):
        seat = 0 if index % 2 == 0 else players - 1
        bots = [first if p == seat else second for p in range(players)]
        game = play_game(players=players, rules=FAMILY.rules, bots=bots, seed=f"{seed}:{index}", any_family=True)
        if len(game.winners) > 1:
            drawn += 1
        elif game.winners == (seat,):
            won += 1
        else:
            lost += 1
    return wilson(won, games), wilson(lost, games), wilson(drawn, games)


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def coach_times(games: int, seed: int) -> tuple[list[float], list[float]]:
    """Every decision's answer time in ms over ``games`` seeded games of 2 and of 3 players (the
    coach bot against the default bot): once, and the least of three runs."""
    once: list[float] = []
    least: list[float] = []
    family = FAMILY
    assert isinstance(family, PictureFamily), family
    default = next(iter(family.bots().values()))
    for players in (2, 3):
        for index in range(games):
            game = family.new_game(family.rules, players, f"{seed}:coach:{index}", None)
            rnd = game.round
            bots = [CoachBot(index) if p % 2 == 0 else default(index) for p in range(players)]
            while not game.over:
                view = rnd.view(rnd.turn)
                runs = []
                for _ in range(3):
                    started = time.perf_counter()
                    coach(view, index)
                    runs.append(1000 * (time.perf_counter() - started))
                once.append(runs[0])
                least.append(min(runs))
                game.play(bots[rnd.turn].act(view))
    return once, least


def coach_figures(games: int, coach_games: int, players: int, seed: int) -> None:
    """The coach's speed and the coach bot's strength against the default bot."""
    coach_times(1, -seed)  # not counted: the first card named loads the families that word cards (once a process)
    once, least = coach_times(coach_games, seed)
    for name, times in (("once", once), ("least of 3", least)):
        print(
            f"coach answer time ({name}), {len(times)} decisions of {coach_games} games of 2 and of 3 players: "
            f"p50 {_quantile(times, 0.5):.1f} ms, p95 {_quantile(times, 0.95):.1f} ms, max {max(times):.1f} ms"
        )
    family = FAMILY
    assert isinstance(family, PictureFamily), family
    bots = family.bots()
    default_name = next(iter(bots))
    started = time.perf_counter()
    won, lost, drawn = pairing(bots["coach"], bots[default_name], games, players, seed)
    print(
        f"coach bot against {default_name}, {players} players, {games} games: coach wins {share(won)}, "
        f"{default_name} wins {share(lost)}, draws {share(drawn)}   ({time.perf_counter() - started:.0f} s)"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--coach", action="store_true", help="only the coach's figures")
    parser.add_argument("--coach-games", type=int, default=50, help="games of each size whose decisions the coach is timed on (default 50)")
    options = parser.parse_args(argv)
    if options.coach:
        coach_figures(options.games, options.coach_games, options.players, options.seed)
        return
    print(f"Picture cards, {options.players} players, {options.games} games a pairing, 95 % Wilson intervals")
    print(f"  {'first bot':<13} {'second bot':<13} {'first wins':>22} {'second wins':>22} {'draws':>22}")
    for a, b in PAIRINGS:
        started = time.perf_counter()
        won, lost, drawn = pairing(POLICIES[a], POLICIES[b], options.games, options.players, options.seed)
        print(f"  {a:<13} {b:<13} {share(won):>22} {share(lost):>22} {share(drawn):>22}   ({time.perf_counter() - started:.0f} s)")
    ends: Counter[str] = Counter()
    first_won = games = 0
    for index in range(options.games):
        game = play_game(players=options.players, rules=FAMILY.rules, bots=[POLICIES["best stop"]] * options.players, seed=f"same:{index}", any_family=True)
        rnd = game.round
        ends[rnd.end["reason"] if rnd.end else "?"] += 1  # type: ignore[attr-defined]  # the family's round
        games += 1
        first_won += game.winners == (rnd.first,)  # type: ignore[attr-defined]
    print(f"best stop in every seat: the first player wins {share(wilson(first_won, games))} (by chance {1 / options.players:.0%})")
    print("how the games ended: " + ", ".join(f"{reason} {count / games:.1%}" for reason, count in ends.most_common()))
    coach_figures(options.games, options.coach_games, options.players, options.seed)


if __name__ == "__main__":
    main()
