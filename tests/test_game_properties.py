"""Properties of whole games, over many seeded games played by the bots.

* Every card is somewhere exactly once at every step: deck + discard pile + hands + table = all
  the decks (checked after every move in the step-by-step games, at every round's end in the rest).
* Every lay-down passes ``validate`` for the player's level; every donation is on the table as
  recorded.
* Each round's end is consistent: penalties match the hands left (0 for who went out), who laid
  down matches the records, the reason matches the state (ruling 8's safety valve, ruling 9's
  stalemate guard).
* Levels go up by one per round, only for players who laid down; penalties add up.
* The game always ends, and its winners are ruling 10's.

The number of games is set by ``UPTO9_GAMES`` (default 400: about 40 s of CPU here); the
step-by-step games are a fifth of them. ``UPTO9_GAMES=5000 pytest tests/test_game_properties.py``
runs thousands.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence

import pytest

from tests.game_helpers import cards_now
from upto9 import UPTO9, full_deck, holds, validate
from upto9.bots import HeuristicBot, RandomBot
from upto9.game import MAX_TURNS_PER_ROUND, Discarded, Donated, Drew, EndReason, Game, LaidDown, Reshuffled, Round
from upto9.simulate import bot_seed, play_game

GAMES = int(os.environ.get("UPTO9_GAMES", "400"))
STEP_GAMES = max(4, GAMES // 5)  # checked after every move
MAX_ROUNDS = 300  # far more than any game needs: a game that runs past it does not end
LAST = len(UPTO9.levels)


def all_cards(players: int) -> Counter:
    return Counter(full_deck() * UPTO9.decks_for(players))


def check_lay_downs(rnd: Round) -> None:
    """Every lay-down of the round passes validate for the player's level."""
    for record in rnd.history:
        if isinstance(record, LaidDown):
            assert validate(record.melds, rnd.levels[record.player], rnd.rules) == (), record


def check_round_end(rnd: Round, everything: Counter) -> None:
    end = rnd.end
    assert end is not None
    assert cards_now(rnd) == everything
    check_lay_downs(rnd)
    laid = tuple(any(isinstance(r, LaidDown) and r.player == p for r in rnd.history) for p in range(rnd.players))
    assert end.laid_down == laid == tuple(rnd.laid_down)
    for p in range(rnd.players):
        if p == end.out:
            assert end.penalties[p] == 0 and rnd.hands[p] == []
        else:
            assert end.penalties[p] == sum(rnd.rules.penalty(card) for card in rnd.hands[p])
            assert rnd.hands[p], "a player with no cards left has gone out"
    if end.reason is EndReason.OUT:
        assert end.out is not None and laid[end.out]
    else:
        assert end.out is None
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


def check_step(rnd: Round, everything: Counter, seen: int) -> None:
    """After one move: the cards, what the new records say, and the safety valve's verdict."""
    assert cards_now(rnd) == everything
    for record in rnd.history[seen:]:
        if isinstance(record, LaidDown):
            assert validate(record.melds, rnd.levels[record.player], rnd.rules) == ()
            assert rnd.table[record.player] == list(record.melds)
        elif isinstance(record, Donated):
            meld = rnd.table[record.owner][record.meld]
            placed = [meld.cards[0], meld.cards[-1]]
            assert any(p.card == record.card and p.face == record.face and p.wild == record.wild for p in placed), record
        elif isinstance(record, Drew):
            assert record.card in rnd.hands[record.player] or rnd.over
        elif isinstance(record, Discarded):
            assert rnd.discard_pile[-1] == record.card
        else:
            assert isinstance(record, Reshuffled)
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
    everything = all_cards(players)
    game = Game(players=players, seed=seed)
    seated = bots_for(kinds, seed)
    while True:
        rnd = game.round
        levels, penalties = list(game.levels), list(game.penalties)
        assert cards_now(rnd) == everything and len(rnd.deck_order) == sum(everything.values())
        seen = 0
        while not rnd.over:
            seat = rnd.turn
            game.play(seated[seat].act(rnd.view(seat)))
            check_step(rnd, everything, seen)
            seen = len(rnd.history)
        check_round_end(rnd, everything)
        assert (game.levels, game.penalties, game.winners) == score(levels, penalties, rnd)
        assert game.over == bool(game.winners)
        if game.over:
            return game
        assert len(game.rounds) < MAX_ROUNDS, "the game does not end"
        game.next_round()


def check_played(game: Game) -> None:
    """A finished game, checked after the fact at every round's end."""
    assert game.over, "the game always ends"
    everything = all_cards(game.players)
    levels, penalties, winners = [1] * game.players, [0] * game.players, ()
    for number, rnd in enumerate(game.rounds):
        assert not winners, "the game ends after the round in which level 9 is laid down"
        assert rnd.dealer == number % game.players
        check_round_end(rnd, everything)
        levels, penalties, winners = score(levels, penalties, rnd)
    assert (game.levels, game.penalties, game.winners) == (levels, penalties, winners)


STEP_CONFIGS = ["HR", "HH", "RH", "HRHR", "HHHH", "RRHH"]


@pytest.mark.parametrize("kinds", STEP_CONFIGS)
def test_every_step_of_bot_games_keeps_the_invariants(kinds: str) -> None:
    count = max(1, STEP_GAMES // len(STEP_CONFIGS))
    reasons: Counter = Counter()
    for seed in range(count):
        game = play_checked(kinds, seed)
        reasons.update(r.end.reason for r in game.rounds if r.end is not None)
    assert reasons[EndReason.OUT] > 0


def test_random_bots_only_games_end_and_keep_the_invariants() -> None:
    # Random play makes long rounds: reshuffles, stalemates and impossible rounds.
    seen: Counter = Counter()
    for seed in range(max(1, GAMES // 150)):
        game = play_checked("RR" if seed % 2 == 0 else "RRRR", 1000 + seed)
        for rnd in game.rounds:
            seen.update(type(r).__name__ for r in rnd.history if isinstance(r, Reshuffled))
            assert rnd.end is not None
            seen[rnd.end.reason.value] += 1
    assert seen["Reshuffled"] > 0


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_by_play_game_end_and_score_by_the_rules(players: int) -> None:
    count = max(2, (GAMES - STEP_GAMES) // 2)
    bots = [HeuristicBot, RandomBot] * (players // 2)
    for index in range(count):
        mix = bots if index % 2 else [HeuristicBot] * players
        check_played(play_game(players=players, bots=mix, seed=index))
