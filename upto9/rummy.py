"""What the rummy families (Up to 9, Phase 10) share beyond the protocol: the engine's rummy round
and game as their turn model (``EngineRummy``), how a meld reads and is written, a verdict's JSON
shape, and a bot mind's turn. A family that is no rummy needs none of it.

>>> from upto9.families.upto9.melds import Meld
>>> m = Meld.from_text("run", "5h 6h 2c=7h 8h")
>>> str(m), m.jokers, m.to_dict()["kind"]
('run: 5♥ 6♥ [2♣=7♥] 8♥', 1, 'run')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from upto9.cards import PlayingCard
from upto9.family import FamilyGame, FamilyRound, FamilyView, PlacedCard, Verdict
from upto9.game import Game, Move, Phase, Round, View, legal_moves, round_rng
from upto9.rules import GroupKind, Rules

__all__ = ["EngineRummy", "MeldShape", "Mind", "verdict_dict"]


class EngineRummy:
    """The turn model of a rummy played by the engine's own round and game (``upto9.game``: draw,
    lay down, donate, discard), written once for every family that plays that way; a family class
    takes it as its base and supplies the rest of ``upto9.family.RummyFamily``.

    >>> from upto9.family import family_of
    >>> [type(f).__mro__[1].__name__ for f in (family_of("upto9"), family_of("phase10"))]
    ['EngineRummy', 'EngineRummy']
    """

    __slots__ = ()

    def new_game(self, rules: Rules, players: int, seed: int | str, names: Sequence[str] | None) -> FamilyGame:
        """A game of ``rules`` (``upto9.game.Game``), its first round dealt from the seed.

        >>> from upto9.family import family_of
        >>> for family in (family_of("upto9"), family_of("phase10")):
        ...     game = family.new_game(family.rules, 2, 1, None)
        ...     print(type(game).__name__, game.names, len(game.round.deck_order) == len(family.rules.one_deck()) * family.rules.decks_for(2))
        Game ('Player 1', 'Player 2') True
        Game ('Player 1', 'Player 2') True
        """
        return Game(players=players, rules=rules, seed=seed, names=names)

    def new_round(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> FamilyRound:
        """A round of the first level (``upto9.game.Round``) dealt from ``deck``, top card first.

        >>> from upto9.family import family_of
        >>> from upto9.rules import PHASE10
        >>> rnd = family_of(PHASE10).new_round(PHASE10, 3, 0, PHASE10.one_deck())
        >>> [len(h) for h in rnd.hands], rnd.levels
        ([10, 10, 10], (1, 1, 1))
        """
        return Round(rules, [rules.played_levels[0]] * players, dealer, deck, round_rng(0, 0))

    def move_from_dict(self, data: Mapping[str, Any], rnd: FamilyRound) -> object | None:
        """The move a record's action asks for (``upto9.records.move_from_dict``, the one codec), read
        against the round's table; ``None`` for what the engine records by itself (a reshuffle, a
        lost turn).

        >>> from upto9.family import family_of
        >>> from upto9.game import Game
        >>> family_of("upto9").move_from_dict({"type": "draw", "player": 1, "source": "deck", "card": "Qs"}, Game(players=2, seed=1).round)
        Draw(source=<Source.DECK: 'deck'>)
        """
        from upto9.records import move_from_dict  # records build on the game, not the other way

        if data.get("type") in ("reshuffle", "skip"):
            return None
        return move_from_dict(data, rnd.rules, rnd.table if isinstance(rnd, Round) else ())

    def bots(self) -> dict[str, type]:
        """The bots that play the game, by name; the first is the default player.

        >>> from upto9.family import family_of
        >>> list(family_of("phase10").bots())
        ['heuristic', 'random', 'coach']
        """
        from upto9.bots import HeuristicBot, RandomBot  # the bots build on the families' minds

        return {"heuristic": HeuristicBot, "random": RandomBot}

    def legal_moves(self, view: FamilyView) -> Sequence[object]:
        """Every move open to the viewing seat (``upto9.game.legal_moves``); none for a view of
        another game.

        >>> from upto9.family import family_of
        >>> from upto9.game import Game
        >>> rnd = Game(players=2, seed=1).round
        >>> family_of("upto9").legal_moves(rnd.view(rnd.turn)), family_of("upto9").legal_moves(rnd.view(1 - rnd.turn))
        ([Draw(source=<Source.DECK: 'deck'>), Draw(source=<Source.DISCARD: 'discard'>)], [])
        """
        return legal_moves(view) if isinstance(view, View) else []


class MeldShape:
    """A meld's text (``'run: 5♥ 6♥ 7♥ 8♥'``), its JSON shape and its wild-card count, for a
    family's frozen meld dataclass with ``kind`` and ``cards`` (its placed cards)."""

    __slots__ = ()
    kind: GroupKind
    cards: Sequence[PlacedCard]

    def __str__(self) -> str:
        return f"{self.kind.value}: {' '.join(p.text() for p in self.cards)}"

    def to_dict(self) -> dict[str, Any]:
        """The checker's JSON shape: ``{"kind": "run"|"set"|"colour", "cards": [...]}``."""
        return {"kind": self.kind.value, "cards": [p.to_dict() for p in self.cards]}

    @property
    def jokers(self) -> int:
        """How many of its cards are wild (jokers)."""
        return sum(p.wild for p in self.cards)


def verdict_dict(verdict: Verdict) -> dict[str, Any]:
    """A verdict as JSON-ready data, the same shape for every family: ok, level, jokers, melds,
    missing (what each missing slot stands for, as text), outs, explanation.

    >>> from upto9.family import check
    >>> verdict_dict(check("5h 6h 7h", 1))["missing"]
    ['4h']
    """
    outs: Sequence[PlayingCard] = verdict.outs
    return {
        "ok": verdict.ok,
        "level": verdict.level.number,
        "jokers": verdict.jokers,
        "melds": [m.to_dict() for m in verdict.melds],
        "missing": [str(f) for f in verdict.missing],
        "outs": [str(c) for c in outs],
        "explanation": list(verdict.explanation),
    }


class Mind:
    """A rummy bot mind's turn: draw, then build towards the lay-down, or shed once down. A family's
    mind (``mind()``, for ``upto9.bots.HeuristicBot``) supplies the three."""

    def act(self, view: View) -> Move:
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.laid_down[view.player]:
            return self._shed(view)
        return self._build(view)

    def _draw(self, view: View) -> Move:
        raise NotImplementedError

    def _build(self, view: View) -> Move:
        raise NotImplementedError

    def _shed(self, view: View) -> Move:
        raise NotImplementedError
