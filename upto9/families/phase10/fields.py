"""Phase 10's own rule-set fields (its ``[deck]`` table) and the checks a Phase 10 rule set gets
beyond the shared ones (``upto9.rules.rules_from_dict`` reads those and hands over the rest).

>>> from upto9.rules import PHASE10
>>> fields = deck_of(PHASE10)
>>> fields, fields.deck_size
(Phase10Fields(copies=2, wilds=8, skips=4), 108)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from upto9.cards import Rank
from upto9.messages import Message
from upto9.rules import GroupKind, Level, RuleReader, Rules, Where

__all__ = ["MAX_COPIES", "MAX_SKIPS", "MAX_WILDS", "PHASE10_MAX_RUN", "Phase10Fields", "deck_of", "read_fields", "top_fields"]

MAX_COPIES: Final = 4
"""The most times a deck holds every number in every colour (the standard deck: 2)."""

MAX_WILDS: Final = 16
"""The most wild cards in one deck (the standard deck: 8)."""

MAX_SKIPS: Final = 8
"""The most skip cards in one deck (the standard deck: 4)."""

PHASE10_MAX_RUN: Final = 12
"""The longest run, the numbers 1 to 12 (no wrap from 12 to 1)."""

_DECK_FIELDS: Final = {"copies", "wilds", "skips"}
_PENALTY_KEYS: Final = (*(str(n) for n in range(1, 13)), "wild", "skip")


@dataclass(frozen=True, slots=True)
class Phase10Fields:
    """Phase 10's deck: every number 1-12 in four colours ``copies`` times, ``wilds`` wild cards
    and ``skips`` skips (the rule file's ``[deck]`` table)."""

    copies: int = 2
    wilds: int = 8
    skips: int = 4

    group_kinds: ClassVar[tuple[GroupKind, ...]] = (GroupKind.RUN, GroupKind.SET, GroupKind.COLOUR)
    has_levels: ClassVar[bool] = True
    max_run: ClassVar[int] = PHASE10_MAX_RUN
    penalty_keys: ClassVar[tuple[str, ...]] = _PENALTY_KEYS

    @property
    def deck_size(self) -> int:
        """Cards in one deck.

        >>> Phase10Fields(copies=1, wilds=0, skips=0).deck_size
        48
        """
        return 48 * self.copies + self.wilds + self.skips

    def largest(self, kind: GroupKind, decks: int, wild_ranks: frozenset[Rank]) -> int:
        """The largest set (colour group) ``decks`` decks can make: its number in four colours (its
        colour's 12 numbers) ``copies`` times a deck, and every wild card.

        >>> Phase10Fields().largest(GroupKind.SET, 1, frozenset()), Phase10Fields().largest(GroupKind.COLOUR, 1, frozenset())
        (16, 32)
        """
        per_deck = 4 if kind is GroupKind.SET else 12
        return (per_deck * self.copies + self.wilds) * decks

    def check_level(self, reader: RuleReader, where: Where, level: Level) -> None:
        """Phase 10 counts wild cards per phase only (its checker relies on that): no per-group
        budget and no clean groups."""
        if level.clean_groups or any(g.jokers is not None for g in level.groups):
            raise reader.fail(where, Message("phase10.rules.whole"))

    def to_dict(self) -> dict[str, Any]:
        """The fields in the rule file's shape.

        >>> Phase10Fields().to_dict()
        {'deck': {'copies': 2, 'wilds': 8, 'skips': 4}}
        """
        return {"deck": {"copies": self.copies, "wilds": self.wilds, "skips": self.skips}}


top_fields: Final = frozenset({"deck"})
"""The top-level fields of a rule file read here: the ``[deck]`` table."""


def read_fields(reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> Phase10Fields:
    """Phase 10's fields of a rule file's top table: the ``[deck]`` table, each value within its
    bound (``MAX_COPIES``...); a rank cannot be wild (Phase 10's wild cards are cards of their own)."""
    if wild_ranks:
        raise reader.fail("rules", Message("phase10.rules.no_wild_ranks"), "wild_ranks")
    deck = reader.table(top.get("deck", {}), "deck", _DECK_FIELDS)
    return Phase10Fields(
        copies=reader.integer(deck, "copies", "deck", 1, MAX_COPIES, default=2),
        wilds=reader.integer(deck, "wilds", "deck", 0, MAX_WILDS, default=8),
        skips=reader.integer(deck, "skips", "deck", 0, MAX_SKIPS, default=4),
    )


def deck_of(rules: Rules) -> Phase10Fields:
    """A Phase 10 rule set's own fields; ``TypeError`` for another family's rule set."""
    fields = rules.fields
    if not isinstance(fields, Phase10Fields):
        raise TypeError(f"{rules.name} is not a Phase 10 rule set (family {rules.family!r})")
    return fields
