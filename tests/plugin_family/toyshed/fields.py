"""Toyshed's own rule-set fields: how many rounds a game plays. No levels (``has_levels =
False``: ``levels``, ``level_order`` and ``free_order`` are refused), no penalty table (a card
left costs one point, whatever it is), no wild cards.

Imports no more of the engine than ``upto9.rules`` (``upto9.plugins`` says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from upto9.cards import Rank
from upto9.messages import Message
from upto9.rules import RuleReader

__all__ = ["MAX_ROUNDS", "ToyshedFields", "read_fields", "top_fields"]

MAX_ROUNDS: Final = 20
"""The most rounds a game may play: a toy's evening, far below the engine's own round limit."""


@dataclass(frozen=True, slots=True)
class ToyshedFields:
    """Toyshed's fields: ``rounds``, the rounds a game plays (fewest cards held in total wins)."""

    rounds: int = 3

    has_levels: ClassVar[bool] = False  # so no RummyFields members: no groups, runs or levels to check
    penalty_keys: ClassVar[tuple[str, ...]] = ()
    deck_size: ClassVar[int] = 52

    def to_dict(self) -> dict[str, Any]:
        """The fields in the rule file's shape."""
        return {"rounds": self.rounds}


top_fields: Final = frozenset({"rounds"})
"""The top-level fields of a rule file read here."""


def read_fields(reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> ToyshedFields:
    """Toyshed's fields of a rule file's top table: ``rounds`` (1 to ``MAX_ROUNDS``); no wild ranks."""
    if wild_ranks:
        raise reader.fail("rules", Message("toyshed.rules.no_wilds"), "wild_ranks")
    return ToyshedFields(rounds=reader.integer(top, "rounds", "rules", 1, MAX_ROUNDS, default=3))
