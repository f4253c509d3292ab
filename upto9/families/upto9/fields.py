"""Up to 9's part of a rule set: the checks an Up to 9 rule set gets beyond the shared ones
(``upto9.rules.rules_from_dict`` reads those and hands over the rest). Up to 9 has no fields of
its own: it plays with standard 52-card decks, and its jokers are the rule set's ``wild_ranks``.

>>> from upto9.rules import UPTO9
>>> UPTO9.fields, UPTO9.fields.deck_size
(UpTo9Fields(), 52)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from upto9.cards import Rank
from upto9.messages import Message
from upto9.rules import GroupKind, Level, RuleReader, Where

__all__ = ["UPTO9_MAX_RUN", "UpTo9Fields", "read_fields", "top_fields"]

UPTO9_MAX_RUN: Final = 14
"""The longest straight, ace low to ace high (positions 1 to 14; the ace may end it at both ends,
A 2 ... K A)."""


@dataclass(frozen=True, slots=True)
class UpTo9Fields:
    """Up to 9's fields: none beyond the shared ones."""

    group_kinds: ClassVar[tuple[GroupKind, ...]] = (GroupKind.RUN, GroupKind.SET)
    has_levels: ClassVar[bool] = True
    max_run: ClassVar[int] = UPTO9_MAX_RUN
    penalty_keys: ClassVar[tuple[str, ...]] = tuple(str(r) for r in Rank)
    deck_size: ClassVar[int] = 52

    def largest(self, kind: GroupKind, decks: int, wild_ranks: frozenset[Rank]) -> int:
        """The largest set ``decks`` decks can make: a rank's 4 cards per deck and, as jokers, every
        card of the other wild ranks (a set of 7s can hold every 2 and every 3, a set of 2s every 3).

        >>> from upto9.rules import UPTO9
        >>> UpTo9Fields().largest(GroupKind.SET, 3, UPTO9.wild_ranks)
        36
        """
        joining = min(len(wild_ranks), len(Rank) - 1)  # the best rank is one not wild itself, when there is one
        return 4 * decks * (1 + joining)

    def check_level(self, reader: RuleReader, where: Where, level: Level) -> None:
        """An Up to 9 level has a joker budget: no unlimited wild cards, no smallest number of
        natural cards (Phase 10's rules)."""
        if level.natural_cards or level.unlimited:
            field = "natural_cards" if level.natural_cards else "jokers"
            raise reader.fail(where, Message("upto9.rules.budget_only"), field)

    def to_dict(self) -> dict[str, Any]:
        return {}


top_fields: Final = frozenset({"deck"})
"""The top-level fields of a rule file read here: ``deck``, read only to refuse it in words (Up to 9 plays standard decks)."""


def read_fields(reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> UpTo9Fields:
    """Up to 9's fields of a rule file's top table: none, so a ``[deck]`` table is refused."""
    if top.get("deck", {}) != {}:
        raise reader.fail("deck", Message("upto9.rules.no_deck"))
    return UpTo9Fields()
