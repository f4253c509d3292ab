"""The engine's generic game of rounds, for a family without levels (``docs/families.md``, "The
turn model"): what a family's ``new_game`` returns when its game is rounds scored by points.

``RoundsGame`` deals round ``n`` (from 0) with the family's ``new_round`` from the game's deck
(``rules.one_deck()`` times ``rules.decks_for(players)``) shuffled by ``upto9.turns.round_rng(seed,
n)``, the dealer moving one seat a round (the first dealer is seat 0); when a round is over it adds
the round's ``scores()`` into ``totals``. The game ends when the family says so: its optional
member ``game_over(game) -> bool``, asked after each round; a family without one plays the number
of rounds its rule set's fields name (``rules.fields.rounds``, one round when there is no such
field). It ends at ``upto9.simulate.MAX_ROUNDS_PER_GAME`` rounds in any case (no rule of any game).
The winners are the seats with the fewest total points (a tie is shared), unless the family names
them itself (its optional ``winners(game) -> tuple[int, ...]``, asked once the game is over: 3UP
3DOWN's winner is the player who went out, and a game its turn limit ended has none). A move the rules refuse
raises ``upto9.turns.RuleError`` and changes nothing: neither the round nor the totals.

Any family's turn model serves (the example plays Up to 9's rounds without its levels):

>>> from upto9.family import game_family
>>> from upto9.rules import UPTO9
>>> from upto9.bots import RandomBot
>>> game, bot = RoundsGame(game_family("upto9"), UPTO9, players=2, seed=1), RandomBot(seed=2)
>>> while not game.over:
...     record = game.play(bot.act(game.view(game.round.turn)))
>>> len(game.rounds), game.totals == game.round.scores(), game.winners
(1, True, (0,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from upto9.cards import PlayingCard
from upto9.family import FamilyRecord, FamilyRound, FamilyView, GameFamily
from upto9.messages import Message
from upto9.rules import Rules
from upto9.simulate import MAX_ROUNDS_PER_GAME
from upto9.turns import RuleError, game_deck, round_rng

__all__ = ["DEFAULT_ROUNDS", "RoundsGame", "rounds_to_play"]

DEFAULT_ROUNDS: Final = 1
"""The rounds a game plays when neither its family (``game_over``) nor its rule set (a ``rounds``
field) says: one round, a game with no score to carry over."""


def rounds_to_play(rules: Rules) -> int:
    """The rounds a game of ``rules`` plays when its family has no ``game_over``: its fields'
    ``rounds``, else ``DEFAULT_ROUNDS``.

    >>> from upto9.rules import UPTO9
    >>> rounds_to_play(UPTO9)
    1
    """
    value = getattr(rules.fields, "rounds", DEFAULT_ROUNDS)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else DEFAULT_ROUNDS


class RoundsGame:
    """A game of rounds scored by points, fewest wins (see the module's docstring). ``deck``, if
    given, is the first round's deck, top card first; later ones come through ``next_round``."""

    def __init__(
        self,
        family: GameFamily,
        rules: Rules,
        players: int,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
        deck: Sequence[PlayingCard] | None = None,
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        if names is not None and len(names) != players:
            raise RuleError(Message("game.names", players=players, given=len(names)))
        self.family = family
        self.rules = rules
        self.players = players
        self.seed = seed
        self.names = tuple(names) if names is not None else tuple(f"Player {p + 1}" for p in range(players))
        self.rounds: list[FamilyRound] = []
        self.winners: tuple[int, ...] = ()
        self._over = False
        self._totals = [0] * players
        self._scored = 0  # the rounds whose scores are in the totals
        self._deal(deck)

    def __repr__(self) -> str:
        return f"RoundsGame({self.rules.key!r}, players={self.players}, seed={self.seed!r}, rounds={len(self.rounds)})"

    @property
    def round(self) -> FamilyRound:
        """The current (last) round."""
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        """Is the game over (its last round scored, and its winners named, if any)?"""
        return self._over

    @property
    def totals(self) -> tuple[int, ...]:
        """The points per seat so far: the finished rounds' ``scores()`` added up."""
        return tuple(self._totals)

    def legal_moves(self) -> Sequence[object]:
        """The moves open to the seat to move; none once the game is over."""
        return [] if self.over else self.round.legal_moves()

    def view(self, player: int) -> FamilyView:
        """What ``player`` may see of the current round."""
        return self.round.view(player)

    def play(self, move: object) -> FamilyRecord:
        """Play ``move`` in the current round; a round that ends is scored at once."""
        if self.over:
            raise RuleError(Message("game.over"))
        record = self.round.play(move)
        self._settle()
        return record

    def verify_next_round(self) -> None:
        """Raise ``RuleError`` unless a new round may be dealt: the game goes on and the round is over."""
        if self.over:
            raise RuleError(Message("game.over"))
        if not self.round.over:
            raise RuleError(Message("game.still_playing"))

    def next_round(self, deck: Sequence[PlayingCard] | None = None) -> FamilyRound:
        """Deal the next round (from ``deck``, top card first: the game's whole deck; or shuffled from the seed)."""
        self.verify_next_round()
        return self._deal(deck)

    def _deal(self, deck: Sequence[PlayingCard] | None) -> FamilyRound:
        number = len(self.rounds)
        cards = game_deck(self.rules, self.players)
        if deck is None:
            order = list(cards)
            round_rng(self.seed, number).shuffle(order)
        elif Counter(deck) != Counter(cards):
            raise RuleError(Message("game.full_decks", decks=self.rules.decks_for(self.players)))
        else:
            order = list(deck)
        dealt = self.family.new_round(self.rules, self.players, number % self.players, tuple(order))
        self.rounds.append(dealt)
        self._settle()  # a round can be over as dealt
        return dealt

    def _settle(self) -> None:
        if not self.round.over or self._scored == len(self.rounds):
            return
        self._scored = len(self.rounds)
        for seat, points in enumerate(self.round.scores()):
            self._totals[seat] += points
        if self._ends():
            self._over = True
            named = getattr(self.family, "winners", None)
            if callable(named):
                self.winners = tuple(named(self))
            else:
                fewest = min(self._totals)
                self.winners = tuple(p for p in range(self.players) if self._totals[p] == fewest)

    def _ends(self) -> bool:
        if len(self.rounds) >= MAX_ROUNDS_PER_GAME:
            return True
        game_over = getattr(self.family, "game_over", None)
        if callable(game_over):
            return bool(game_over(self))
        return len(self.rounds) >= rounds_to_play(self.rules)
