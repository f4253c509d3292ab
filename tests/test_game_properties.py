"""Up to 9's own properties of whole games, over many seeded games played by the bots. What every
game family keeps (card conservation, legal moves only, records that match the table, round ends
that match the cards left, games that end, replays) is tests/test_families.py, run on Up to 9 as
on every family; this file checks what only Up to 9's rules say:

* The safety valve (ruling 8): a round ends as "impossible" only when no waiting player's level
  can be formed from the cards in circulation (or nothing is left to draw), and play goes on after
  a lay-down or donation only while a waiting level can still be formed.
* The stalemate guard (ruling 9): a stalemate only once everyone is down (or at the turn limit).
* Levels go up by one per round, only for players who laid down; penalties add up; the game ends
  after the round in which level 9 is laid down, and its winners are ruling 10's (worked out here
  from the rules, not by the engine).

Every move of the step-by-step games, and every round's end, also passes the checks every family's
rounds pass (``tests/game_helpers.py``), on these many games.

The number of games is set by ``UPTO9_GAMES`` (default 400: about 40 s of CPU here); the
step-by-step games are a fifth of them. ``UPTO9_GAMES=5000 pytest tests/test_game_properties.py``
runs thousands.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence

import pytest

from tests.game_helpers import check_cards, check_records, check_round_end
from upto9 import UPTO9, holds
from upto9.bots import HeuristicBot, RandomBot
from upto9.game import MAX_TURNS_PER_ROUND, Donated, EndReason, Game, LaidDown, Round
from upto9.simulate import bot_seed, play_game

GAMES = int(os.environ.get("UPTO9_GAMES", "400"))
STEP_GAMES = max(4, GAMES // 5)  # checked after every move
MAX_ROUNDS = 300  # far more than any game needs: a game that runs past it does not end
LAST = len(UPTO9.levels)


def check_end_reason(rnd: Round) -> None:
    """The round's end (``check_round_end``, what every family's rounds keep) and why it ended, by
    Up to 9's rulings."""
    check_round_end(rnd)
    end = rnd.end
    assert end is not None
    laid = end.laid_down
    if end.reason is EndReason.IMPOSSIBLE:  # ruling 8 (or ruling 7's "no card at all")
        waiting = sorted({rnd.levels[p] for p in range(rnd.players) if not laid[p]})
        circulation = rnd.circulation()
        assert (waiting and not any(holds(circulation, level, rnd.rules) for level in waiting)) or not (rnd.deck or rnd.discard_pile)
    if end.reason is EndReason.STALEMATE:  # ruling 9: everyone is down (or the turn guard)
        assert all(laid) or rnd.turns >= MAX_TURNS_PER_ROUND


def score(levels: Sequence[int], penalties: Sequence[int], rnd: Round) -> tuple[list[int], list[int], tuple[int, ...]]:
    """Levels, penalties and winners after ``rnd``, worked out from the rules (not the engine):
    who laid down goes up one level; penalties add up; ruling 10 picks the winners."""
    end = rnd.end
    assert end is not None
    assert list(rnd.levels) == list(levels)
    new_levels = [lv + 1 if down and lv < LAST else lv for lv, down in zip(levels, end.laid_down, strict=True)]
    new_penalties = [a + b for a, b in zip(penalties, end.penalties, strict=True)]
    finishers = [p for p in range(len(levels)) if end.laid_down[p] and levels[p] == LAST]
    fewest = min((new_penalties[p] for p in finishers), default=0)
    return new_levels, new_penalties, tuple(p for p in finishers if new_penalties[p] == fewest)


def check_step(rnd: Round, seen: int) -> None:
    """After one move: the cards and what the new records say (``check_cards``, ``check_records``:
    what every family's rounds keep), and the safety valve's verdict."""
    check_cards(rnd)
    check_records(rnd, seen)
    for record in rnd.history[seen:]:
        if isinstance(record, LaidDown | Donated) and not rnd.over:
            # The valve let play go on: a waiting player's level can still be formed (ruling 8).
            waiting = sorted({rnd.levels[p] for p in range(rnd.players) if not rnd.laid_down[p]})
            assert not waiting or any(holds(rnd.circulation(), level, rnd.rules) for level in waiting)


def bots_for(kinds: str, seed: int) -> list:
    """One bot per letter: H a HeuristicBot, R a RandomBot (seeded from the game's seed)."""
    return [HeuristicBot(bot_seed(seed, p)) if k == "H" else RandomBot(bot_seed(seed, p)) for p, k in enumerate(kinds)]


def play_checked(kinds: str, seed: int) -> Game:
    """Play a game with these bots, checking after every move and at every round's end."""
    players = len(kinds)
    game = Game(players=players, seed=seed)
    seated = bots_for(kinds, seed)
    while True:
        rnd = game.round
        levels, penalties = list(game.levels), list(game.penalties)
        seen = 0
        while not rnd.over:
            seat = rnd.turn
            game.play(seated[seat].act(rnd.view(seat)))
            check_step(rnd, seen)
            seen = len(rnd.history)
        check_end_reason(rnd)
        assert (game.levels, game.penalties, game.winners) == score(levels, penalties, rnd)
        assert game.over == bool(game.winners)
        if game.over:
            return game
        assert len(game.rounds) < MAX_ROUNDS, "the game does not end"
        game.next_round()


def check_played(game: Game) -> None:
    """A finished game, checked after the fact at every round's end."""
    levels, penalties, winners = [1] * game.players, [0] * game.players, ()
    for rnd in game.rounds:
        assert not winners, "the game ends after the round in which level 9 is laid down"
        check_end_reason(rnd)
        levels, penalties, winners = score(levels, penalties, rnd)
    assert (game.levels, game.penalties, game.winners) == (levels, penalties, winners)


STEP_CONFIGS = ["HR", "HH", "RH", "HRHR", "HHHH", "RRHH"]


@pytest.mark.parametrize("kinds", STEP_CONFIGS)
def test_every_step_of_bot_games_keeps_the_safety_valve_and_scores_by_the_rules(kinds: str) -> None:
    count = max(1, STEP_GAMES // len(STEP_CONFIGS))
    reasons: Counter = Counter()
    for seed in range(count):
        game = play_checked(kinds, seed)
        reasons.update(r.end.reason for r in game.rounds if r.end is not None)
    assert reasons[EndReason.OUT] > 0


def test_random_bots_only_games_keep_the_safety_valve_and_score_by_the_rules() -> None:
    # Random play makes long rounds, some cut off by the engine's turn limit: they score too.
    reasons: Counter = Counter()
    for seed in range(max(1, GAMES // 150)):
        game = play_checked("RR" if seed % 2 == 0 else "RRRR", 1000 + seed)
        reasons.update(r.end.reason for r in game.rounds if r.end is not None)
    assert reasons[EndReason.TURN_LIMIT] > 0


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_by_play_game_score_by_the_rules(players: int) -> None:
    count = max(2, (GAMES - STEP_GAMES) // 2)
    bots = [HeuristicBot, RandomBot] * (players // 2)
    for index in range(count):
        mix = bots if index % 2 else [HeuristicBot] * players
        check_played(play_game(players=players, bots=mix, seed=index))
