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
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from upto9.compare import Estimate, wilson
from upto9.families.picture_cards.bot import BestStopBot, PictureBot, RiskBot, StopAfterBot
from upto9.families.picture_cards.family import FAMILY
from upto9.simulate import play_game

Factory = Callable[[int], PictureBot]

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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
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


if __name__ == "__main__":
    main()
