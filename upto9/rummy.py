"""What the rummy families (Up to 9, Phase 10) share beyond the protocol: how a meld reads and is
written, a verdict's JSON shape, and a bot mind's turn. A family that is no rummy needs none of it.

>>> from upto9.families.upto9.melds import Meld
>>> m = Meld.from_text("run", "5h 6h 2c=7h 8h")
>>> str(m), m.jokers, m.to_dict()["kind"]
('run: 5♥ 6♥ [2♣=7♥] 8♥', 1, 'run')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from upto9.cards import PlayingCard
from upto9.family import PlacedCard, Verdict
from upto9.game import Move, Phase, View
from upto9.rules import GroupKind

__all__ = ["MeldShape", "Mind", "verdict_dict"]


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
