"""Phase 10's own properties of whole games (and its house rules), over many seeded games played by
bots. What every game family keeps (card conservation, legal moves only, records that match the
table, round ends that match the cards left, games that end, replays) is tests/test_families.py,
run on Phase 10 and its house rule files as on every family; this file checks what only Phase 10's
rules say:

* A skip is never drawn from the discard pile; a discarded skip names a seated player other than
  the discarder, who then loses a turn.
* A round ends as "impossible" only when nothing is left to draw (no safety valve), as a
  stalemate only once everyone seated is down (or at the turn limit).
* Levels follow the played levels (or, under free order, each is made once; chosen before the
  deal, each round's level is a level not made yet and the lay-down makes it); penalties add up;
  finishers, the winners and deciding rounds are the rules' (worked out here, not by the engine).

Every move of the step-by-step games, and every round's end, also passes the checks every family's
rounds pass (``tests/game_helpers.py``), on these many games.

The number of games is set by ``UPTO9_GAMES`` as for Up to 9 (default 400 there; here a quarter
of it, 100 games: about 15 s of CPU); the step-by-step games are a fifth of them.
``UPTO9_GAMES=8000 pytest tests/test_phase10_properties.py`` plays 2,000.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tests.game_helpers import check_cards, check_records, check_round_end
from upto9.bots import HeuristicBot, RandomBot
from upto9.families.phase10.cards import Phase10Card
from upto9.game import MAX_TURNS_PER_ROUND, Discarded, Drew, EndReason, Game, LaidDown, Round
from upto9.rules import PHASE10, FreeOrder, Rules, load_rules
from upto9.simulate import bot_seed, play_game

GAMES = max(8, int(os.environ.get("UPTO9_GAMES", "400")) // 4)
STEP_GAMES = max(4, GAMES // 5)
MAX_ROUNDS = 300
RULESETS = Path(__file__).parent / "rulesets"
HOUSE = {name: load_rules(RULESETS / f"{name}.toml") for name in ("phase10_short", "phase10_chosen", "phase10_free", "phase10_free_before")}


def laid_levels(rnd: Round) -> list[int | None]:
    """The level each player laid down, from the records (the player's own, or the one named)."""
    levels: list[int | None] = [None] * rnd.players
    for record in rnd.history:
        if isinstance(record, LaidDown):
            levels[record.player] = record.level if record.level is not None else rnd.levels[record.player]
    return levels


def check_end_reason(rnd: Round) -> None:
    """The round's end (``check_round_end``, what every family's rounds keep) and why it ended, by
    Phase 10's rules."""
    check_round_end(rnd)
    end = rnd.end
    assert end is not None
    if end.reason is EndReason.IMPOSSIBLE:  # no safety valve in Phase 10: only "nothing left to draw"
        assert not rnd.deck and [c for c in rnd.discard_pile if not (isinstance(c, Phase10Card) and c.is_skip)] == []
    if end.reason is EndReason.STALEMATE:
        assert all(end.laid_down[p] for p in range(rnd.players) if rnd.seated[p]) or rnd.turns >= MAX_TURNS_PER_ROUND


def check_step(rnd: Round, seen: int) -> None:
    """After one move: the cards and what the new records say (``check_cards``, ``check_records``:
    what every family's rounds keep), and the skips' rules."""
    check_cards(rnd)
    check_records(rnd, seen)
    for record in rnd.history[seen:]:
        if isinstance(record, Drew):
            assert not (record.source.value == "discard" and isinstance(record.card, Phase10Card) and record.card.is_skip)
        elif isinstance(record, Discarded) and isinstance(record.card, Phase10Card) and record.card.is_skip and record.target is not None:
            assert record.target != record.player and rnd.seated[record.target]


class Score:
    """The game's score worked out from the rules, round by round (not by the engine)."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.played = rules.played_levels
        self.levels = [self.played[0]] * players
        self.made: list[list[int]] = [[] for _ in range(players)]
        self.penalties = [0] * players
        self.winners: tuple[int, ...] = ()
        self.deciding: tuple[int, ...] = ()

    def add(self, rnd: Round) -> None:
        end = rnd.end
        assert end is not None
        self.penalties = [a + b for a, b in zip(self.penalties, end.penalties, strict=True)]
        if rnd.deciding:
            assert set(self.deciding) == {p for p in range(rnd.players) if rnd.seated[p]}
            finishers = [p for p in self.deciding if end.laid_down[p]]
        else:
            if rnd.announced:  # free order before the deal: each player's level is the one they chose
                assert self.rules.free_choice is FreeOrder.BEFORE_DEAL
                assert all(n in self.played and n not in self.made[p] for p, n in enumerate(rnd.levels)), "a level not made yet is chosen"
                self.levels = list(rnd.levels)
            assert list(rnd.levels) == self.levels
            finishers = []
            for p, level in enumerate(laid_levels(rnd)):
                if level is None:
                    continue
                assert level not in self.made[p], "a level is made once"
                if not self.rules.free_order or rnd.announced:
                    assert level == self.levels[p]
                self.made[p].append(level)
                left = [n for n in self.played if n not in self.made[p]]
                if self.rules.free_order:
                    self.levels[p] = left[0] if left else self.played[-1]
                    done = not left
                else:
                    done = level == self.played[-1]
                    self.levels[p] = self.played[min(self.played.index(level) + 1, len(self.played) - 1)]
                if done:
                    finishers.append(p)
        if finishers:
            fewest = min(self.penalties[p] for p in finishers)
            best = tuple(p for p in finishers if self.penalties[p] == fewest)
            if len(best) > 1:
                self.deciding = best
            else:
                self.winners, self.deciding = best, ()


def deal(game: Game, seated: list[HeuristicBot | RandomBot]) -> Round:
    """Deal the next round; under free order before the deal each bot first chooses a level."""
    for seat in game.to_choose:
        view = game.choice_view(seat)
        level = seated[seat].choose_phase(view)
        assert level in view.open
        game.choose_phase(seat, level)
    return game.next_round()


def play_checked(kinds: str, seed: int, rules: Rules) -> Game:
    players = len(kinds)
    game = Game(players=players, rules=rules, seed=seed)
    seated = [HeuristicBot(bot_seed(seed, p)) if k == "H" else RandomBot(bot_seed(seed, p)) for p, k in enumerate(kinds)]
    score = Score(rules, players)
    if not game.rounds:
        deal(game, seated)
    while True:
        rnd = game.round
        seen = 0
        while not rnd.over:
            seat = rnd.turn
            game.play(seated[seat].act(rnd.view(seat)))
            check_step(rnd, seen)
            seen = len(rnd.history)
        check_end_reason(rnd)
        score.add(rnd)
        assert (game.levels, game.made, game.penalties, game.winners, game.deciding) == (
            score.levels,
            score.made,
            score.penalties,
            score.winners,
            score.deciding,
        )
        if game.over:
            return game
        assert len(game.rounds) < MAX_ROUNDS, "the game does not end"
        deal(game, seated)


def check_played(game: Game) -> None:
    score = Score(game.rules, game.players)
    for rnd in game.rounds:
        assert not score.winners, "the game ends after the round that decides it"
        check_end_reason(rnd)
        score.add(rnd)
    assert (game.levels, game.made, game.penalties, game.winners) == (score.levels, score.made, score.penalties, score.winners)


STEP_CONFIGS = ["HR", "HHH", "RH", "HRHR", "HHHH", "RRHH"]


@pytest.mark.parametrize("kinds", STEP_CONFIGS)
def test_every_step_of_phase10_bot_games_keeps_the_skip_rules_and_scores_by_the_rules(kinds: str) -> None:
    reasons: Counter = Counter()
    for seed in range(max(1, STEP_GAMES // len(STEP_CONFIGS))):
        game = play_checked(kinds, seed, PHASE10)
        reasons.update(r.end.reason for r in game.rounds if r.end is not None)
    assert reasons[EndReason.OUT] > 0


@pytest.mark.parametrize("name", sorted(HOUSE))
def test_every_step_of_house_rule_games_keeps_the_skip_rules_and_scores_by_the_rules(name: str) -> None:
    for seed in range(max(2, STEP_GAMES // 6)):
        play_checked("HRH" if seed % 2 else "HH", 500 + seed, HOUSE[name])


def test_random_bots_only_phase10_games_skip_and_score_by_the_rules() -> None:
    seen: Counter = Counter()
    for seed in range(max(1, GAMES // 40)):
        game = play_checked("RR" if seed % 2 == 0 else "RRR", 1000 + seed, PHASE10)
        for rnd in game.rounds:
            seen.update(type(r).__name__ for r in rnd.history)
    assert seen["Skipped"] > 0


def test_whole_free_order_before_the_deal_games_by_play_game_score_by_the_rules() -> None:
    for index in range(max(2, GAMES // 10)):
        players = 2 + index % 5
        bots = [HeuristicBot, RandomBot] * 3 if index % 2 else [HeuristicBot] * 6
        game = play_game(players=players, rules=HOUSE["phase10_free_before"], bots=bots[:players], seed=index)
        check_played(game)
        assert all(rnd.announced or rnd.deciding for rnd in game.rounds)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_whole_phase10_games_by_play_game_score_by_the_rules(players: int) -> None:
    count = max(2, (GAMES - STEP_GAMES) // 3)
    skipped = 0
    for index in range(count):
        bots = [HeuristicBot, RandomBot] * (players // 2) if index % 2 else [HeuristicBot] * players
        game = play_game(players=players, rules=PHASE10, bots=bots, seed=index)
        check_played(game)
        skipped += sum(sum(r.skipped) for r in game.rounds)
    assert skipped > 0
