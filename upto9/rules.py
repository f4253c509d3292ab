"""The rules as data: levels, joker budgets, decks, penalties, read from TOML.

A rule set is a TOML file (the Up to 9 defaults live in ``upto9/rulesets/upto9.toml``). A
house-rule file may start from a known rule set with ``base = "upto9"`` (or from another file in
its own folder, ``base = "family.toml"``) and change only what it names: top-level values replace
the base's, a ``[[levels]]`` entry replaces the base's level of the same number. Values the rules
text does not state are marked ``reconstructed``. Every value must be one the game can mean: the
``MAX_...`` constants below bound players, decks, cards, groups and levels, and a file is read only
when it is a small regular file (``MAX_RULES_BYTES``).
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final, Protocol, runtime_checkable

from upto9.cards import MAX_SHOWN_CHARS, CardError, PlayingCard, Rank, parse_rank
from upto9.files import FileError, read_text
from upto9.messages import Items, Message, Param, group_name, message_of, said
from upto9.plugins import FamilyNotFound, family_keys, load_family, load_fields_reader

__all__ = [
    "MAX_BASE_CHAIN",
    "MAX_DECKS",
    "MAX_GROUPS",
    "MAX_HAND_SIZE",
    "MAX_LAYDOWN_CARDS",
    "MAX_LEVELS",
    "MAX_NAME_CHARS",
    "MAX_PENALTY",
    "MAX_PLAYERS",
    "MAX_RULES_BYTES",
    "MIN_PLAYERS",
    "MIN_RUN",
    "PHASE10",
    "UPTO9",
    "DeckCount",
    "Family",
    "FamilyFields",
    "FamilyFieldsReader",
    "FreeOrder",
    "Group",
    "GroupKind",
    "Level",
    "RuleReader",
    "Rules",
    "RulesError",
    "RummyFields",
    "Where",
    "builtin_keys",
    "builtin_rules",
    "load_rules",
    "rules_from_dict",
    "toml_why",
]

# --- limits: what a rule set can mean -------------------------------------------------------------
# A rule set is checked against these when it is read, so that nothing accepted can later make the
# checker, the bots or a page work without bound (a set of a million cards, a million players).

MAX_RULES_BYTES: Final = 64 * 1024
"""The largest rule-set file read (64 KiB): a whole rule set is about 3 kB, and one of
``MAX_LEVELS`` levels with comments on every line stays far below this."""

MAX_BASE_CHAIN: Final = 8
"""How many rule-set files may build on each other through ``base`` (a house file over a house
file over a built-in...): a table needs two or three layers; eight bounds the reading."""

MIN_PLAYERS: Final = 2
"""The fewest players a rule set may name: a round needs two players seated."""

MAX_PLAYERS: Final = 8
"""The most players a rule set may name: both games are written for 2 to 6; eight leaves room for a
big family table, and bounds every per-player table, record and page."""

MAX_DECKS: Final = 6
"""The most decks one table shuffles together: Up to 9 plays 2 or 3; six (312 cards) is more than
hands can shuffle, and bounds how many copies of a card a hand or a set can hold (the rules lab
offers 1 to 6)."""

MAX_HAND_SIZE: Final = 15
"""The most cards dealt to a player: Up to 9 deals 11, Phase 10 deals 10; fifteen leaves room for a
house rule, and bounds the hands the bots search each turn (the checker's search grows fast with
the hand: a level of four straights takes milliseconds on 16 cards, over a second on 21)."""

# A family's own bounds (Phase 10's deck, the longest run of each game) are the family's
# (``upto9.families.<key>.fields``).

MAX_LEVELS: Final = 20
"""The most levels (phases) a rule set may have: Up to 9 has 9, Phase 10 has 10; twenty leaves room
for a longer house game, and bounds ``level_order`` and every per-level table."""

MAX_GROUPS: Final = 4
"""The most groups one level may ask for: the built-in levels ask for at most three; four leaves room
for a house level while keeping the search for a lay-down's arrangement small (it grows fast with
the groups: six groups of two on a 12-card hand take over a second, four take milliseconds)."""

MIN_RUN: Final = 3
"""The fewest cards of a straight (a run) in any rule set: two cards in a row are no straight to a
player (a set may be a pair, as in Phase 10's phase 9)."""

MAX_LAYDOWN_CARDS: Final = 28
"""The most cards one level may ask for: the longest built-in lay-down holds 9; 28 (two straights
ace to ace) leaves room for house levels, and for checking hands larger than a deal (a level
larger than the hand is allowed: the checker answers for any hand), while keeping the search for
a lay-down small."""

MAX_PENALTY: Final = 1000
"""The most penalty points one card may cost: the games use 5 to 25; a thousand leaves room for a
house rule, and keeps totals readable."""

MAX_NAME_CHARS: Final = 200
"""The longest ``key`` or ``name`` of a rule set: a name is shown in headings and messages."""


class RulesError(ValueError):
    """A rule-set file or table that cannot be used; the message names the file, level and field.
    ``msg`` is the message as a ``upto9.messages.Message`` (field names stay as the file writes them)."""

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)

    @property
    def reason(self) -> Message | None:
        """Why, without the file's name and the field's key around it (``rules.at``, ``rules.field``):
        what a page that made the rule set itself, not from a file, says. ``None`` for a plain text.

        >>> try:
        ...     rules_from_dict({**UPTO9.to_dict(), "hand_size": 0}, "house.toml")
        ... except RulesError as error:
        ...     print(error.msg.key, "->", error.reason.key)
        rules.at -> rules.whole_least
        """
        found: object = self.msg
        while isinstance(found, Message) and found.key in ("rules.at", "rules.field"):
            found = found.param("reason")
        return found if isinstance(found, Message) else None


class Family(StrEnum):
    """Keys of families this package brings, for the code that names one. A rule set's ``family``
    is any registered family's key (``upto9.plugins``), which may come from another package too:
    this enum does not limit them."""

    UPTO9 = "upto9"
    PHASE10 = "phase10"
    THREEUP = "threeup"


@runtime_checkable
class FamilyRules(Protocol):
    """What a rule set needs of its game family (``upto9.family.GameFamily`` is the whole of it):
    the family's words, its card reader and its deck."""

    @property
    def key(self) -> str: ...

    @property
    def level_word(self) -> str: ...

    def read_token(self, token: str) -> PlayingCard: ...

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]: ...

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool: ...


@runtime_checkable
class FamilyFieldsReader(Protocol):
    """What a family registers to read its own rule-set fields (``upto9.plugins.load_fields_reader``):
    usually its ``fields`` module, which imports no more of the engine than this module."""

    @property
    def top_fields(self) -> frozenset[str]:
        """The top-level fields of a rule file the family reads itself (Phase 10's ``deck``)."""
        ...

    def read_fields(self, reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> FamilyFields:
        """The family's own fields of a rule file's top table (``top``), as its frozen dataclass,
        each validated there (``reader.fail`` names the file and the field); ``wild_ranks`` are
        the shared field's, already read."""
        ...


@runtime_checkable
class FamilyFields(Protocol):
    """A family's own part of a rule set (``Rules.fields``): a frozen dataclass of the family's
    fields. Every game has these; a game of levels (a rummy) has ``RummyFields``' more."""

    @property
    def has_levels(self) -> bool:
        """Whether the game is played in levels (a rummy's contracts); a game without them (a
        shedding game) has no ``levels``, ``level_order`` or ``free_order`` in its rule set, and
        its fields need none of ``RummyFields``' members."""
        ...

    @property
    def penalty_keys(self) -> tuple[str, ...]:
        """The ``penalties`` table's keys: a card's ``penalty_key``."""
        ...

    @property
    def deck_size(self) -> int:
        """Cards in one deck."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The fields in the rule file's shape (merged into ``Rules.to_dict``)."""
        ...


@runtime_checkable
class RummyFields(FamilyFields, Protocol):
    """The fields of a game of levels (``has_levels``): the groups its levels may ask for and the
    checks its levels get beyond the shared ones."""

    @property
    def group_kinds(self) -> tuple[GroupKind, ...]:
        """The kinds of group its levels may ask for."""
        ...

    @property
    def max_run(self) -> int:
        """The longest run (a bound with a reason, a ``Final`` of the family)."""
        ...

    def largest(self, kind: GroupKind, decks: int, wild_ranks: frozenset[Rank]) -> int:
        """The largest set (or colour group) ``decks`` decks can make, wild cards included."""
        ...

    def check_level(self, reader: RuleReader, where: Where, level: Level) -> None:
        """Refuse a level the family cannot play (``reader.fail``)."""
        ...


@cache
def fields_reader(key: str) -> FamilyFieldsReader:
    """The reader of family ``key``'s own rule-set fields.

    >>> sorted(fields_reader("phase10").top_fields)
    ['deck']
    """
    try:
        found = load_fields_reader(key)
    except FamilyNotFound as error:
        raise RulesError(str(error)) from None
    if not isinstance(found, FamilyFieldsReader):
        raise TypeError(f"the game family {key!r} registers no reader of its fields (upto9.rules.FamilyFieldsReader)")
    return found


@cache
def family_rules(key: str) -> FamilyRules:
    """The registered family ``key`` as the rule set uses it (loaded on first use: the families'
    packages import this module, so it never imports them).

    >>> family_rules("phase10").level_word
    'phase'
    """
    try:
        found = load_family(key)
    except FamilyNotFound as error:
        raise RulesError(str(error)) from None
    if not isinstance(found, FamilyRules):
        raise TypeError(f"the game family {key!r} lacks what a rule set needs of it (upto9.rules.FamilyRules)")
    return found


class TieBreak(StrEnum):
    """What happens when several finishers have the same, lowest penalty total."""

    SHARE = "share"  # Up to 9, ruling 10: they share the win
    DECIDING_ROUND = "deciding_round"  # Phase 10: they play a deciding round of the last phase


class FreeOrder(StrEnum):
    """The free-order house rule (Phase 10's text): whether each round a player picks the phase to
    try, any one not made yet, and when. The text leaves "before the deal or after seeing the hand"
    to the table; a rule-set file says ``free_order = false``, ``"after_deal"`` (or ``true``) or
    ``"before_deal"``.

    >>> bool(FreeOrder.OFF), bool(FreeOrder.AFTER_DEAL), FreeOrder("before_deal")
    (False, True, <FreeOrder.BEFORE_DEAL: 'before_deal'>)
    """

    OFF = "off"  # standard order: the next level, each round
    AFTER_DEAL = "after_deal"  # chosen after seeing the hand: the lay-down names the level it makes
    BEFORE_DEAL = "before_deal"  # announced before the cards are dealt: the lay-down must make it

    def __bool__(self) -> bool:
        # ``if rules.free_choice`` reads as "is a free order played?"
        return self is not FreeOrder.OFF


class GroupKind(StrEnum):
    """What a group of a contract is: a run (Up to 9's straight: one suit, consecutive; Phase 10's
    run: consecutive numbers, colours free), a set (one rank or number), or a colour group
    (Phase 10: cards of one colour, numbers free)."""

    RUN = "run"
    SET = "set"
    COLOUR = "colour"


_OF_A_KIND = {2: "pair", 3: "three of a kind", 4: "four of a kind", 5: "five of a kind"}


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a level's contract, with its own joker cap (``None``: only the level's total)."""

    kind: GroupKind
    size: int
    jokers: int | None = None

    @property
    def name(self) -> str:
        """``'straight of 5'``, ``'three of a kind'``.

        >>> Group(GroupKind.RUN, 5).name, Group(GroupKind.SET, 4).name
        ('straight of 5', 'four of a kind')
        """
        if self.kind is GroupKind.RUN:
            return f"straight of {self.size}"
        if self.kind is GroupKind.COLOUR:
            return f"{self.size} of one colour"
        return _OF_A_KIND.get(self.size, f"{self.size} of a kind")

    @property
    def noun(self) -> str:
        """``'straight'``, ``'set'`` or ``'colour group'``."""
        return {GroupKind.RUN: "straight", GroupKind.SET: "set", GroupKind.COLOUR: "colour group"}[self.kind]


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its contract (groups), its joker budget, and which values are reconstructed."""

    number: int
    groups: tuple[Group, ...]
    jokers: int  # with unlimited wilds: every card but the natural ones the level asks for
    clean_groups: int = 0
    reconstructed: frozenset[str] = frozenset()
    unlimited: bool = False  # Phase 10: any number of wild cards...
    natural_cards: int = 0  # ...as long as the lay-down holds this many real (number) cards

    @property
    def cards(self) -> int:
        """How many cards the lay-down holds."""
        return sum(g.size for g in self.groups)

    @property
    def min_real(self) -> int:
        """Cards minus max wild: the fewest real cards a lay-down can hold.

        >>> UPTO9.level(9).min_real
        5
        """
        return self.cards - self.jokers

    @property
    def contract_message(self) -> Message:
        """The contract in words, as a message to word in any language (``upto9.messages.render``):
        the shared rummy wording, which Up to 9 uses (``RummyFamily.contract`` is a family's own).

        >>> from upto9.messages import render
        >>> [str(UPTO9.level(n).contract_message) for n in (1, 4, 5)]
        ['straight of 4', '3 × three of a kind', 'straight of 5 + three of a kind']
        >>> [render(UPTO9.level(n).contract_message, "nb") for n in (4, 5)]
        ['3× tress', '5 straight + tress']
        """
        found = _CONTRACTS.get(self)
        if found is None:
            names = [group_name(g) for g in self.groups]
            if len(set(names)) == 1 and len(names) > 1:
                found = Message("contract.times", count=len(names), name=names[0])
            else:
                found = Message("list", items=Items(tuple(names), "plus"))
            if len(_CONTRACTS) >= _WORDING_CACHE:  # house levels made by a page must not pile up
                _CONTRACTS.clear()
            _CONTRACTS[self] = found
        return found

    @property
    def budget_message(self) -> Message:
        """The joker budget in words, as the level table states it, as a message to word in any
        language (the shared rummy wording; ``RummyFamily.budget`` is a family's own).

        >>> from upto9.messages import render
        >>> [str(UPTO9.level(n).budget_message) for n in (1, 4, 5)]  # doctest: +NORMALIZE_WHITESPACE
        ['no jokers', 'at most 2 jokers in total, at most 1 per set, at least one set with no joker',
         '1 + 1 (straight + set)']
        >>> render(UPTO9.level(4).budget_message, "nb")
        'maks 2 jokere totalt, maks 1 pr. tress, minst én tress uten joker'
        """
        found = _BUDGETS.get(self)
        if found is None:
            if len(_BUDGETS) >= _WORDING_CACHE:
                _BUDGETS.clear()
            found = _BUDGETS[self] = self._budget_message()
        return found

    def _budget_message(self) -> Message:
        natural: Param = Message("budget.natural", n=self.natural_cards) if self.natural_cards else ""
        if self.unlimited:
            return Message("budget.unlimited", natural=natural)
        if self.natural_cards:
            return Message("budget.wilds", n=self.jokers, natural=natural)
        groups = self.groups
        caps = [g.jokers for g in groups]
        split = len(groups) > 1 and all(c is not None for c in caps) and sum(c or 0 for c in caps) == self.jokers
        if split and len({g.kind for g in groups}) == len(groups):
            return Message("budget.split", caps=Items(tuple(c or 0 for c in caps), "plus"), nouns=Items(tuple(_noun(g) for g in groups), "plus"))
        parts: list[Param] = []
        if self.jokers == 0:
            parts.append(Message("jokers.none"))
        else:
            parts.append(Message("budget.at_most.total" if len(groups) > 1 else "budget.at_most", jokers=Message("jokers", n=self.jokers)))
        if len(set(caps)) == 1 and caps[0] is not None and len(groups) > 1 and caps[0] < self.jokers:
            parts.append(Message("budget.per", cap=caps[0], noun=_noun(groups[0])))
        elif len(set(caps)) > 1:
            parts.extend(Message("budget.in", jokers=Message("jokers", n=c), name=group_name(g)) for g, c in zip(groups, caps, strict=True) if c is not None)
        if self.clean_groups:
            kind = _noun_key(groups[0]) if len({g.kind for g in groups}) == 1 else "group"
            parts.append(Message("budget.clean", n=self.clean_groups, noun=Message(f"noun.{kind}"), nouns=Message(f"nouns.{kind}")))
        return Message("list", items=Items(tuple(parts), "comma"))

    def cap(self, index: int) -> int:
        """The most jokers group ``index`` may hold: its own cap, never above the level's total."""
        own = self.groups[index].jokers
        return self.jokers if own is None else min(own, self.jokers)

    def is_reconstructed(self, field: str) -> bool:
        """Is this value reconstructed (not stated by the rules text)? Fields: ``jokers``,
        ``clean_groups``, ``groups``, ``groups.0.size``, ``groups.1.jokers``...

        >>> UPTO9.level(7).is_reconstructed("jokers"), UPTO9.level(2).is_reconstructed("groups.0.size")
        (False, True)
        """
        parts = field.split(".")
        return any(".".join(parts[:i]) in self.reconstructed for i in range(1, len(parts) + 1))

    def to_dict(self) -> dict[str, Any]:
        """The level in its TOML/JSON shape."""
        data: dict[str, Any] = {
            "number": self.number,
            "groups": [{"kind": g.kind.value, "size": g.size, **({"jokers": g.jokers} if g.jokers is not None else {})} for g in self.groups],
            "jokers": "unlimited" if self.unlimited else self.jokers,
        }
        if self.clean_groups:
            data["clean_groups"] = self.clean_groups
        if self.natural_cards:
            data["natural_cards"] = self.natural_cards
        if self.reconstructed:
            data["reconstructed"] = sorted(self.reconstructed)
        return data


# A level's contract and budget as messages, made once per level (levels are immutable; the same
# objects each time let rendering find their text at once).
_WORDING_CACHE: Final = 512
"""How many levels' contract and budget wordings are kept (the built-ins have 19 levels)."""
_CONTRACTS: dict[Level, Message] = {}
_BUDGETS: dict[Level, Message] = {}


def _noun_key(group: Group) -> str:
    """The key of a group's noun: a three of a kind is a "tress" in the Norwegian rules text."""
    return "set.3" if group.kind is GroupKind.SET and group.size == 3 else group.kind.value


def _noun(group: Group) -> Message:
    return Message(f"noun.{_noun_key(group)}")


@dataclass(frozen=True, slots=True)
class DeckCount:
    """How many decks a table of ``players[0]`` to ``players[1]`` players uses."""

    players: tuple[int, int]
    decks: int
    reconstructed: bool = False


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. ``UPTO9`` is the default; ``load_rules`` reads a house-rule file."""

    key: str
    name: str
    hand_size: int
    min_players: int
    max_players: int
    wild_ranks: frozenset[Rank]
    decks: tuple[DeckCount, ...]
    penalties: tuple[tuple[str, int], ...]  # by a card's ``penalty_key``: 'K' (Up to 9), '7', 'wild' (Phase 10)
    levels: tuple[Level, ...]
    fields: FamilyFields  # the family's own fields (Phase 10's deck), read and checked by the family
    reconstructed: frozenset[str] = frozenset()
    base: str | None = None
    source: str = "<rules>"
    house_rules: frozenset[str] = frozenset()
    family: str = "upto9"  # the game family's key (upto9/plugins.py): its cards, checks and turns
    tie_break: TieBreak = TieBreak.SHARE
    safety_valve: bool = True  # Up to 9, ruling 8: a round no waiting player can finish ends
    level_order: tuple[int, ...] = ()  # the levels played, in order (a shorter game); empty: all
    # Phase 10 house rule: each round a player picks any level not yet made, after seeing the hand or before the deal.
    free_choice: FreeOrder = FreeOrder.OFF

    def level(self, number: int) -> Level:
        """The level with this number.

        >>> UPTO9.level(7).jokers
        3
        >>> UPTO9.level(10)
        Traceback (most recent call last):
        ...
        upto9.rules.RulesError: Up to 9 has levels 1 to 9, not 10
        """
        if 1 <= number <= len(self.levels):
            return self.levels[number - 1]
        raise RulesError(Message(f"rules.no_level.{self.level_word}", name=self.name, count=len(self.levels), number=_shown(number)))

    def decks_for(self, players: int) -> int:
        """How many decks a game of ``players`` uses.

        >>> UPTO9.decks_for(4), UPTO9.decks_for(5)
        (2, 3)
        """
        for entry in self.decks:
            if entry.players[0] <= players <= entry.players[1]:
                return entry.decks
        raise RulesError(Message("rules.players_range", name=self.name, low=self.min_players, high=self.max_players, players=str(players)))

    def penalty(self, card: PlayingCard) -> int:
        """Penalty points for ``card`` left in hand at the end of a round.

        >>> from upto9 import parse_card
        >>> UPTO9.penalty(parse_card("3s")), UPTO9.penalty(parse_card("Kd"))
        (20, 10)
        """
        return dict(self.penalties)[card.penalty_key]

    def is_wild(self, card: PlayingCard) -> bool:
        """Can this card be a joker (every 2 and 3 in Up to 9, the wild cards in Phase 10)?"""
        return family_rules(self.family).is_wild(card, self)

    def one_deck(self) -> tuple[PlayingCard, ...]:
        """One deck of this game's cards (``decks_for(players)`` of them make the game's deck).

        >>> len(UPTO9.one_deck()), len(PHASE10.one_deck())
        (52, 108)
        """
        return family_rules(self.family).one_deck(self)

    def read_token(self, token: str) -> PlayingCard:
        """One card token of this game (``parse_hand`` reads a hand with it); the ``CardError``
        gives the reason only.

        >>> PHASE10.read_token("12b"), UPTO9.read_token("Th")
        (Phase10Card('12b'), Card('10h'))
        """
        return family_rules(self.family).read_token(token)

    @property
    def played_levels(self) -> tuple[int, ...]:
        """The level numbers a game plays, in order: ``level_order``, or every level.

        >>> PHASE10.played_levels
        (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        """
        return self.level_order or tuple(range(1, len(self.levels) + 1))

    def first_levels(self, count: int) -> Rules:
        """A shorter game: these rules as a house rule (``base``: this rule set) that plays only its
        first ``count`` levels, the last of them ending the game (Phase 10's text names phases 1 to
        5; for Up to 9 the same is *reconstructed*, docs/rules.md "A shorter game"). Raises ``RulesError`` for a
        count the rules have no levels for.

        >>> short = PHASE10.first_levels(5)
        >>> short.played_levels, short.base, short.is_house_rule("level_order"), short.name
        ((1, 2, 3, 4, 5), 'phase10', True, 'Phase 10, phases 1-5')
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= len(self.levels):
            raise RulesError(Message(f"rules.no_level.{self.level_word}", name=self.name, count=len(self.levels), number=_shown(count)))
        order = tuple(range(1, count + 1))
        return replace(
            self,
            key=f"{self.key}_first_{count}",
            name=f"{self.name}, {self.level_word}s 1-{count}",
            base=self.base or self.key,
            house_rules=self.house_rules | {"level_order"},
            level_order=order,
        )

    @property
    def free_order(self) -> bool:
        """Is a free order played (``free_choice`` either variant)? Each round a player may make
        any played level not made yet.

        >>> PHASE10.free_order, PHASE10.free_choice
        (False, <FreeOrder.OFF: 'off'>)
        """
        return self.free_choice is not FreeOrder.OFF

    @property
    def level_word(self) -> str:
        """What the rule set calls a level: ``'level'`` or ``'phase'``."""
        return family_rules(self.family).level_word

    def is_reconstructed(self, field: str) -> bool:
        """Is this value reconstructed? Fields: ``hand_size``, ``decks``, ``penalties.A``,
        ``levels.5.jokers``, ``levels.5.groups.0.size``...

        >>> UPTO9.is_reconstructed("penalties.K"), UPTO9.is_reconstructed("penalties.2")
        (True, False)
        >>> UPTO9.is_reconstructed("levels.5.groups.0.size"), UPTO9.is_reconstructed("hand_size")
        (True, False)
        """
        parts = field.split(".")
        if parts[0] == "levels" and len(parts) > 2:
            return self.level(int(parts[1])).is_reconstructed(".".join(parts[2:]))
        if parts[0] == "decks":
            return any(d.reconstructed for d in self.decks)
        return any(".".join(parts[:i]) in self.reconstructed for i in range(1, len(parts) + 1))

    def is_house_rule(self, field: str) -> bool:
        """Was this value set by a house-rule file (``levels.6``, ``penalties.K``, ``hand_size``)?

        >>> UPTO9.is_house_rule("levels.6.jokers")
        False
        """
        parts = field.split(".")
        return any(".".join(parts[:i]) in self.house_rules for i in range(1, len(parts) + 1))

    def to_dict(self) -> dict[str, Any]:
        """The whole rule set in its TOML/JSON shape; ``rules_from_dict`` reads it back."""
        penalties: dict[str, Any] = dict(self.penalties)
        penalty_marks = sorted(f[len("penalties.") :] for f in self.reconstructed if f.startswith("penalties."))
        if penalty_marks:
            penalties["reconstructed"] = penalty_marks
        top_marks = sorted(f for f in self.reconstructed if not f.startswith("penalties."))
        data: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "hand_size": self.hand_size,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "wild_ranks": [str(r) for r in sorted(self.wild_ranks)],
            "decks": [{"players": list(d.players), "decks": d.decks, **({"reconstructed": ["decks"]} if d.reconstructed else {})} for d in self.decks],
            "penalties": penalties,
            "levels": [level.to_dict() for level in self.levels],
        }
        if top_marks:
            data["reconstructed"] = top_marks
        if self.family != Family.UPTO9:
            data["family"] = self.family
        data.update(self.fields.to_dict())
        if self.tie_break is not TieBreak.SHARE:
            data["tie_break"] = self.tie_break.value
        if not self.safety_valve:
            data["safety_valve"] = False
        if self.level_order:
            data["level_order"] = list(self.level_order)
        if self.free_choice is FreeOrder.AFTER_DEAL:
            data["free_order"] = True  # the form files have always used; it reads back as "after_deal"
        elif self.free_choice is not FreeOrder.OFF:
            data["free_order"] = self.free_choice.value
        if self.base is not None:
            data["base"] = self.base
        if self.house_rules:
            data["house_rules"] = sorted(self.house_rules)
        return data


# --- reading -------------------------------------------------------------------------------------

_TOP_FIELDS = {
    "key",
    "name",
    "base",
    "house_rules",
    "hand_size",
    "min_players",
    "max_players",
    "wild_ranks",
    "decks",
    "penalties",
    "levels",
    "reconstructed",
    "family",
    "tie_break",
    "safety_valve",
    "level_order",
    "free_order",
}
_LEVEL_FIELDS = {"number", "groups", "jokers", "clean_groups", "natural_cards", "reconstructed"}
_GROUP_FIELDS = {"kind", "size", "jokers"}
_DECK_FIELDS = {"players", "decks", "reconstructed"}
_CHAIN_KEYS = frozenset({"rules.base_cycle", "rules.base_deep"})  # errors of the whole chain, not of one file


def _shown(value: Any) -> str:
    """A refused value as an error quotes it: its ``repr`` (one line: newlines and control
    characters escaped), cut to ``MAX_SHOWN_CHARS``.

    >>> _shown(-1), _shown("flush"), _shown("x" * 100)[-3:], _shown(16**5000)[:6]
    ('-1', "'flush'", 'xx…', '0x1000')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**MAX_SHOWN_CHARS:
        text = hex(value)  # a decimal repr of more than 4,300 digits would raise ValueError
    else:
        try:
            text = repr(value)
        except (RecursionError, ValueError):  # nested thousands deep, or an integer inside too long for decimal
            text = f"<{type(value).__name__}>"
    return text if len(text) <= MAX_SHOWN_CHARS else text[: MAX_SHOWN_CHARS - 1] + "…"


class RuleReader:
    """Reads one table of a rule file with errors that name the file and the place (families
    read their own fields with it: ``FamilyFieldsReader.read_fields``)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: Where, message: Message, field: str | None = None) -> RulesError:
        """The error at ``where`` (and ``field``, when given): ``'house.toml: level 3: jokers: ...'``."""
        reason = message if field is None else Message("rules.field", field=field, reason=message)
        return RulesError(Message("rules.at", source=self.source, where=where, reason=reason))

    def table(self, value: Any, where: Where, fields: set[str]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, Message("rules.must_table", value=_shown(value)))
        unknown = sorted(set(value) - fields, key=_shown)  # key: a table from Python may mix key types
        if unknown:
            raise self.fail(where, Message("rules.unknown_field", field=_shown(unknown[0]), fields=Items(tuple(sorted(fields)))))
        return value

    def integer(self, table: Mapping[str, Any], key: str, where: Where, low: int, high: int | None = None, default: int | None = None) -> int:
        if key not in table:
            if default is not None:
                return default
            raise self.fail(where, Message("rules.missing"), key)
        value = table[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            if high is not None:
                raise self.fail(where, Message("rules.whole_range", low=low, high=high, value=_shown(value)), key)
            raise self.fail(where, Message("rules.whole_least", low=low, value=_shown(value)), key)
        return value

    def flag(self, table: Mapping[str, Any], key: str, where: Where, default: bool) -> bool:
        """A true-or-false field (``default`` when the table leaves it out)."""
        value = table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(where, Message("rules.bool", value=_shown(value)), key)
        return value

    def choice(self, table: Mapping[str, Any], key: str, where: Where, values: tuple[str, ...], default: str) -> str:
        """A field that is one of ``values`` (``default`` when the table leaves it out)."""
        value = table.get(key, default)
        if not isinstance(value, str) or value not in values:
            raise self.fail(where, Message("rules.one_of", values=Items(tuple(repr(v) for v in values)), value=_shown(value)), key)
        return value

    def text(self, table: Mapping[str, Any], key: str, where: Where) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, Message("rules.text", value=_shown(value)), key)
        if len(value) > MAX_NAME_CHARS or not value.isprintable():
            raise self.fail(where, Message("rules.name_text", limit=MAX_NAME_CHARS, value=_shown(value)), key)
        return value

    def marks(self, table: Mapping[str, Any], where: Where) -> frozenset[str]:
        value = table.get("reconstructed", [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(where, Message("rules.field_names", value=_shown(value)), "reconstructed")
        return frozenset(value)


Where = str | Message
"""Where in a rule file an error is: ``'rules'``, ``'decks[0]'``, or a level (``level 3``, worded per language)."""


@dataclass(frozen=True, slots=True)
class _Limits:
    """What one rule set's cards let a level ask for: its family's fields, and the most decks any
    table of the rule set plays with."""

    fields: RummyFields
    decks: int
    wild_ranks: frozenset[Rank]


def _read_group(reader: RuleReader, value: Any, where: Where, limits: _Limits) -> Group:
    table = reader.table(value, where, _GROUP_FIELDS)
    kind_text = table.get("kind")
    kinds = tuple(k.value for k in limits.fields.group_kinds)
    if kind_text not in kinds:
        raise reader.fail(where, Message("rules.kind", kinds=Items(tuple(repr(k) for k in kinds), "or"), value=_shown(kind_text)), "kind")
    kind = GroupKind(str(kind_text))
    if kind is GroupKind.RUN:
        size = reader.integer(table, "size", where, MIN_RUN, limits.fields.max_run)
    else:
        size = reader.integer(table, "size", where, 1)
        high = limits.fields.largest(kind, limits.decks, limits.wild_ranks)
        if size > high:
            key = "rules.set_size" if kind is GroupKind.SET else "rules.colour_size"
            raise reader.fail(where, Message(key, high=high, decks=Message("card.decks", n=limits.decks), value=_shown(size)), "size")
    jokers = reader.integer(table, "jokers", where, 0, size) if "jokers" in table else None
    return Group(kind, size, jokers)


def _read_level(reader: RuleReader, value: Any, index: int, limits: _Limits) -> Level:
    number = value.get("number") if isinstance(value, Mapping) else None
    named = isinstance(number, int) and not isinstance(number, bool) and number >= 1
    # Once a level has a number, every error names it, not its place in the list.
    where: Where = Message("rules.where.level", number=_shown(number)) if named else f"levels[{index}]"
    table = reader.table(value, where, _LEVEL_FIELDS)
    number = reader.integer(table, "number", where, 1, MAX_LEVELS)
    groups_value = table.get("groups")
    if not isinstance(groups_value, list) or not groups_value:
        raise reader.fail(where, Message("rules.groups", value=_shown(groups_value)), "groups")
    if len(groups_value) > MAX_GROUPS:
        raise reader.fail(where, Message("rules.too_many_groups", limit=MAX_GROUPS, count=len(groups_value)), "groups")
    groups = tuple(_read_group(reader, g, Message("rules.where.in", where=where, field=f"groups[{i}]"), limits) for i, g in enumerate(groups_value))
    cards = sum(g.size for g in groups)
    if cards > MAX_LAYDOWN_CARDS:
        raise reader.fail(where, Message("rules.laydown_size", cards=cards, most=MAX_LAYDOWN_CARDS), "groups")
    natural = reader.integer(table, "natural_cards", where, 0, cards, default=0)
    unlimited = table.get("jokers") == "unlimited"
    # Unlimited wilds: as many as the cards the lay-down does not need to be natural.
    jokers = cards - natural if unlimited else reader.integer(table, "jokers", where, 0, cards)
    clean = reader.integer(table, "clean_groups", where, 0, len(groups), default=0)
    level = Level(number, groups, jokers, clean, reader.marks(table, where), unlimited, natural)
    limits.fields.check_level(reader, where, level)
    return level


def _free_choice(reader: RuleReader, value: Any) -> FreeOrder:
    """``free_order``: ``false`` (standard order), ``true`` or ``"after_deal"``, ``"before_deal"``
    (``"off"`` too, the enum's own name for false)."""
    if value is False:
        return FreeOrder.OFF
    if value is True:
        return FreeOrder.AFTER_DEAL  # what ``true`` has always meant: the lay-down names the phase
    if isinstance(value, str) and value in tuple(FreeOrder):
        return FreeOrder(value)
    raise reader.fail("rules", Message("rules.free_order", value=_shown(value)), "free_order")


def _short_rank(value: Any) -> bool:
    """Could ``value`` be a rank ("10", "K", 7)? A longer one is refused before it is parsed, so
    that the error quotes a bounded text."""
    if isinstance(value, str):
        return len(value) <= 3
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 100


def _wild_ranks(reader: RuleReader, value: Any) -> frozenset[Rank]:
    if not isinstance(value, list) or not all(_short_rank(r) for r in value):
        raise reader.fail("rules", Message("rules.ranks", value=_shown(value)), "wild_ranks")
    try:
        return frozenset(parse_rank(str(r)) for r in value)
    except CardError as error:
        raise reader.fail("rules", message_of(error), "wild_ranks") from None


def rules_from_dict(data: Mapping[str, Any], source: str = "<rules>") -> Rules:
    """Build and validate a rule set from its TOML/JSON shape (see ``Rules.to_dict``).

    Every value must be one the game can mean (the ``MAX_...`` limits of this module): a refused
    one is named with its file, level and field, and the bound.

    >>> data = UPTO9.to_dict()
    >>> rules_from_dict(data) == UPTO9.__class__(**{**{f: getattr(UPTO9, f) for f in UPTO9.__slots__}, "source": "<rules>"})
    True
    >>> rules_from_dict({**data, "hand_size": 0}, "house.toml")
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: house.toml: rules: hand_size: must be a whole number of at least 1, got 0
    >>> rules_from_dict({**data, "max_players": 2**63 - 1}, "house.toml")
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: house.toml: rules: max_players: must be a whole number from 2 to 8, got 9223372036854775807
    """
    reader = RuleReader(source)
    named = data.get("family", Family.UPTO9.value) if isinstance(data, Mapping) else None
    own = fields_reader(named).top_fields if isinstance(named, str) and named in family_keys() else frozenset()
    top = reader.table(data, "rules", _TOP_FIELDS | own)
    if "key" not in top:
        raise reader.fail("rules", Message("rules.no_key"), "key")
    key = reader.text(top, "key", "rules")
    name = reader.text(top, "name", "rules")
    family = top.get("family", Family.UPTO9.value)
    if family not in family_keys():  # a family in another package registers itself (upto9/plugins.py)
        raise reader.fail("rules", Message("rules.one_of", values=Items(tuple(repr(k) for k in family_keys())), value=_shown(family)), "family")
    tie_text = top.get("tie_break", TieBreak.SHARE.value)
    if tie_text not in tuple(TieBreak):
        raise reader.fail("rules", Message("rules.one_of", values=Items(tuple(repr(t.value) for t in TieBreak)), value=_shown(tie_text)), "tie_break")
    safety_valve = top.get("safety_valve", True)
    if not isinstance(safety_valve, bool):
        raise reader.fail("rules", Message("rules.bool", value=_shown(safety_valve)), "safety_valve")
    free_choice = _free_choice(reader, top.get("free_order", False))
    hand_size = reader.integer(top, "hand_size", "rules", 1)
    if hand_size > MAX_HAND_SIZE:
        raise reader.fail("rules", Message("rules.whole_range", low=1, high=MAX_HAND_SIZE, value=_shown(hand_size)), "hand_size")
    min_players = reader.integer(top, "min_players", "rules", MIN_PLAYERS, MAX_PLAYERS)
    max_players = reader.integer(top, "max_players", "rules", min_players, MAX_PLAYERS)
    wild_ranks = _wild_ranks(reader, top.get("wild_ranks", []))
    fields = fields_reader(family).read_fields(reader, top, wild_ranks)  # the family's own fields, checked there
    deck_size = fields.deck_size

    decks_value = top.get("decks")
    if not isinstance(decks_value, list) or not decks_value:
        raise reader.fail("rules", Message("rules.list", value=_shown(decks_value)), "decks")
    decks: list[DeckCount] = []
    for i, entry in enumerate(decks_value):
        where = f"decks[{i}]"
        table = reader.table(entry, where, _DECK_FIELDS)
        players = table.get("players")
        if not (
            isinstance(players, list)
            and len(players) == 2
            and all(isinstance(p, int) and not isinstance(p, bool) for p in players)
            and players[0] <= players[1]
        ):
            raise reader.fail(where, Message("rules.players", value=_shown(players)), "players")
        if not (players[0] >= MIN_PLAYERS and players[1] <= MAX_PLAYERS):
            raise reader.fail(where, Message("rules.players_within", low=MIN_PLAYERS, high=MAX_PLAYERS, value=_shown(players)), "players")
        count = reader.integer(table, "decks", where, 1, MAX_DECKS)
        decks.append(DeckCount((players[0], players[1]), count, bool(reader.marks(table, where))))
    most_decks = 0
    for players in range(min_players, max_players + 1):
        covering = [d for d in decks if d.players[0] <= players <= d.players[1]]
        if len(covering) != 1:
            raise reader.fail("decks", Message("rules.decks.none" if not covering else "rules.decks.many", players=players))
        if players * hand_size + 1 > covering[0].decks * deck_size:
            raise reader.fail("decks", Message("rules.cannot_deal", players=players, decks=Message("card.decks", n=covering[0].decks), hand=hand_size))
        most_decks = max(most_decks, covering[0].decks)

    penalty_keys = fields.penalty_keys
    # A game whose cards cost no points (no penalty keys) may leave the table out.
    penalty_table = reader.table(top.get("penalties", {} if not penalty_keys else None), "penalties", {*penalty_keys, "reconstructed"})
    penalties = [(k, reader.integer(penalty_table, k, "penalties", 0, MAX_PENALTY)) for k in penalty_keys]
    marks = set(reader.marks(top, "rules")) | {f"penalties.{m}" for m in reader.marks(penalty_table, "penalties")}

    levels_value = top.get("levels")
    if not fields.has_levels:
        for field in ("levels", "level_order", "free_order"):
            if top.get(field) not in (None, [], False):
                raise reader.fail("rules", Message("rules.no_levels", game=family), field)
        levels_value = []
    elif not isinstance(levels_value, list) or not levels_value:
        raise reader.fail("rules", Message("rules.list", value=_shown(levels_value)), "levels")
    if len(levels_value) > MAX_LEVELS:
        raise reader.fail("rules", Message("rules.too_many_levels", limit=MAX_LEVELS, count=len(levels_value)), "levels")
    if levels_value and not isinstance(fields, RummyFields):
        raise TypeError(f"the game family {family!r} has levels but its fields are no RummyFields (upto9.rules)")
    limits = _Limits(fields, most_decks, wild_ranks) if isinstance(fields, RummyFields) else None
    read = [_read_level(reader, v, i, limits) for i, v in enumerate(levels_value) if limits is not None]  # none without levels
    levels = sorted(read, key=lambda lv: lv.number)
    for expected, level in enumerate(levels, start=1):
        if level.number != expected:
            raise reader.fail(Message("rules.where.level", number=level.number), Message("rules.numbered", count=len(levels)), "number")
    order_value = top.get("level_order", [])
    if (
        not isinstance(order_value, list)
        or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= len(levels) for n in order_value)
        or len(set(order_value)) != len(order_value)
    ):
        raise reader.fail("rules", Message("rules.order", count=len(levels), value=_shown(order_value)), "level_order")
    base = top.get("base")
    house_value = top.get("house_rules", [])
    if not isinstance(house_value, list) or not all(isinstance(v, str) for v in house_value):
        raise reader.fail("rules", Message("rules.field_names", value=_shown(house_value)), "house_rules")
    return Rules(
        key=key,
        name=name,
        hand_size=hand_size,
        min_players=min_players,
        max_players=max_players,
        wild_ranks=wild_ranks,
        decks=tuple(decks),
        penalties=tuple(penalties),
        levels=tuple(levels),
        fields=fields,
        reconstructed=frozenset(marks),
        base=base if isinstance(base, str) else None,
        source=source,
        house_rules=frozenset(house_value),
        family=family,
        tie_break=TieBreak(tie_text),
        safety_valve=safety_valve,
        level_order=tuple(order_value),
        free_choice=free_choice,
    )


# --- files, built-in rule sets and bases -------------------------------------------------------------


def toml_why(error: tomllib.TOMLDecodeError) -> Message | str:
    """Why a text is not TOML, with where: tomllib's words (it has them in English only) and its
    line and column in the reader's language.

    >>> try:
    ...     tomllib.loads("move_after = banana")
    ... except tomllib.TOMLDecodeError as error:
    ...     why = toml_why(error)
    >>> from upto9.messages import render
    >>> render(why), render(why, "nb")
    ('Invalid value, on line 1, column 14', 'Invalid value, på linje 1, kolonne 14')
    """
    found = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", str(error))
    if found is None:
        return str(error)
    return Message("rules.toml_at", why=found[1], line=int(found[2]), column=int(found[3]))


def _parse(text: str, source: str) -> dict[str, Any]:
    """The table of a rule-set file's text; ``RulesError`` for anything that is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(Message("rules.not_toml", source=source, why=toml_why(error))) from None
    except ValueError:  # an integer longer than the interpreter turns into a number
        why = Message("rules.huge_number", limit=sys.get_int_max_str_digits())
        raise RulesError(Message("rules.not_toml", source=source, why=why)) from None
    except (RecursionError, MemoryError):  # arrays or tables nested thousands deep: tomllib recurses
        raise RulesError(Message("rules.cannot_read", source=source, why=Message("rules.nested"))) from None


def _read_file(path: Path, source: str) -> dict[str, Any]:
    """A rule-set file's table: only a regular UTF-8 file of at most ``MAX_RULES_BYTES``."""
    try:
        if "\0" in source:  # no file name holds one; os.open would raise a bare ValueError
            raise FileError(Message("file.missing"))
        text = read_text(path, limit=MAX_RULES_BYTES)
    except FileError as error:
        raise RulesError(Message("rules.cannot_read", source=source, why=message_of(error))) from None
    return _parse(text, source)


def _toml_files(package: str) -> dict[str, tuple[Traversable, str]]:
    """The ``.toml`` files of ``package``'s ``rulesets`` folder by key, each with its source name."""
    folder = resources.files(package) / "rulesets"
    if not folder.is_dir():
        return {}
    where = package.replace(".", "/")
    return {f.name.removesuffix(".toml"): (f, f"{where}/rulesets/{f.name}") for f in folder.iterdir() if f.name.endswith(".toml")}


@cache
def _family_builtins() -> dict[str, tuple[Traversable, str]]:
    """The rule sets the installed families ship: the ``rulesets`` folder beside each family's
    fields module (``upto9/families/threeup/rulesets/threeup.toml``). Read once, and only when a key
    is not the engine's own: loading a family's fields module while this module is imported
    would be too early for some."""
    found: dict[str, tuple[Traversable, str]] = {}
    for family in family_keys():
        try:
            package = getattr(load_fields_reader(family), "__package__", None)
        except FamilyNotFound:
            continue
        if isinstance(package, str) and package != "upto9":
            for key, entry in _toml_files(package).items():
                found.setdefault(key, entry)
    return found


def _builtin_files(key: str | None = None) -> dict[str, tuple[Traversable, str]]:
    """Every built-in rule set by key (the engine's ``upto9/rulesets`` first, then each family's);
    given a key the engine ships, the engine's alone (no family is loaded for it)."""
    own = _toml_files("upto9")
    if key is not None and key in own:
        return own
    return {**_family_builtins(), **own}


def builtin_keys() -> tuple[str, ...]:
    """The keys of every built-in rule set, the engine's and the installed families', sorted.

    >>> {"phase10", "upto9", "upto9_lean"} <= set(builtin_keys())
    True
    """
    return tuple(sorted(_builtin_files()))


def _builtin_keys() -> list[str]:
    return list(builtin_keys())


def _builtin_data(key: str) -> dict[str, Any]:
    files = _builtin_files(key)
    if key not in files:  # a key, never a path: nothing but the packages' own files is read
        raise RulesError(Message("rules.no_builtin", key=_shown(key), keys=Items(tuple(sorted(files)))))
    path, source = files[key]
    return _parse(path.read_text(encoding="utf-8"), source)


def _builtin_source(key: str) -> str:
    """Where the built-in rule set ``key`` is read from (``upto9/rulesets/upto9.toml``)."""
    files = _builtin_files(key)
    return files[key][1] if key in files else f"upto9/rulesets/{key}.toml"


def builtin_rules(key: str) -> Rules:
    """A rule set shipped with the package, by key: ``"upto9"``, ``"phase10"``, or one written
    only as a house-rule file (``"upto9_lean"``).

    >>> builtin_rules("upto9_lean").decks_for(4), builtin_rules("upto9_lean").level(4).clean_groups
    (1, 0)
    >>> builtin_rules("../upto9")
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: no built-in rule set '../upto9'; built-in: phase10, picture_cards, ..., upto9, upto9_lean
    """
    data = _builtin_data(key)
    source = _builtin_source(key)
    if "base" in data:
        data = {**_with_base(data, source, None, ((f"builtin:{key}", key),)), "key": data.get("key", key)}
    return rules_from_dict(data, source)


def _is_file_name(value: str) -> bool:
    """Is ``value`` the bare name of a ``.toml`` file: no folder, no ``..``, no hidden file?

    >>> [_is_file_name(v) for v in ("family.toml", "../family.toml", "/etc/x.toml", "a\\\\b.toml", ".toml")]
    [True, False, False, False, False]
    """
    return (
        value.endswith(".toml")
        and len(value) <= 255  # the longest file name most file systems allow
        and value.isprintable()
        and not value.startswith(".")
        and not any(c in value for c in "/\\:")  # a folder on any system, or a Windows drive
    )


_Layer = tuple[str, str]
"""One file of a chain of bases: what identifies it (its resolved path), and its name as written."""


def _base_of(value: Any, folder: Path | None) -> tuple[dict[str, Any], str, Path | None, _Layer]:
    """The table ``base = value`` names, with its source, its folder (for its own base) and its
    layer: a built-in rule set by key, or a ``.toml`` file in ``folder`` (the house file's own).
    ``RulesError`` (the reason only; the caller names the file) for anything else, before any file
    is read."""
    keys = _builtin_keys()
    if isinstance(value, str) and value in keys:
        return {"key": value, **_builtin_data(value)}, _builtin_source(value), None, (f"builtin:{value}", value)
    refused = RulesError(Message("rules.base_path", keys=Items(tuple(keys)), value=_shown(value)))
    if not isinstance(value, str):
        raise refused
    if not _is_file_name(value):
        if value.startswith(".") or value.endswith(".toml") or any(c in value for c in "/\\:") or os.path.isabs(value):
            raise refused  # a path: never read
        raise RulesError(Message("rules.no_builtin", key=_shown(value), keys=Items(tuple(keys))))
    if folder is None:  # a built-in rule set names only built-in ones
        raise refused
    path = folder / value
    try:
        beside = path.resolve().parent == folder.resolve()
    except (OSError, RuntimeError):  # a loop of links: reading it says so
        beside = True
    if not beside:
        raise RulesError(Message("rules.base_link", value=_shown(value)))
    data = _read_file(path, str(path))
    return {"key": path.stem, **data}, str(path), folder, (_identity(path), value)


def _identity(path: Path) -> str:
    """What tells two names of one file apart from two files: the resolved path."""
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


def _with_base(data: dict[str, Any], source: str, folder: Path | None, chain: tuple[_Layer, ...]) -> dict[str, Any]:
    """``data`` as a whole rule set: its base (and the base's base...) with ``data`` laid over it.
    ``chain`` is the files read so far, this one last; a file met twice, or more than
    ``MAX_BASE_CHAIN`` files, is refused naming the chain."""
    try:
        under, under_source, under_folder, layer = _base_of(data["base"], folder)
        names = " → ".join(name for _, name in (*chain, layer))
        if layer[0] in {identity for identity, _ in chain}:
            raise RulesError(Message("rules.base_cycle", source=chain[0][1], chain=names))
        if len(chain) >= MAX_BASE_CHAIN:
            raise RulesError(Message("rules.base_deep", source=chain[0][1], limit=MAX_BASE_CHAIN, chain=names))
        if "base" in under:
            under = {**_with_base(under, under_source, under_folder, (*chain, layer)), "key": under["key"]}
        if under_folder is not None:  # a file beside: refused whole, with its own name, if it is not a rule set
            rules_from_dict(under, under_source)
    except RulesError as error:
        if error.msg is not None and error.msg.key in _CHAIN_KEYS:
            raise
        raise RulesError(Message("rules.at", source=source, where="base", reason=message_of(error))) from None
    return _lay_over(under, data, source)


def _lay_over(merged: dict[str, Any], data: dict[str, Any], source: str) -> dict[str, Any]:
    """Lay a house-rule file over its (whole) base: its levels replace the base's of the same
    number; each of its levels is checked on its own, so that an error names the file's level."""
    reader = RuleReader(source)
    house: set[str] = set()
    # Levels last: they are checked against the file's own hand size and decks, wherever it writes them.
    for key, value in sorted(data.items(), key=lambda item: item[0] == "levels"):
        if key == "levels":
            if not isinstance(value, list):
                raise reader.fail("levels", Message("rules.levels", value=_shown(value)))
            if len(value) > MAX_LEVELS:
                raise reader.fail("rules", Message("rules.too_many_levels", limit=MAX_LEVELS, count=len(value)), "levels")
            by_number = {lv["number"]: lv for lv in merged["levels"]}
            seen: set[int] = set()
            for i, entry in enumerate(value):
                number = entry.get("number") if isinstance(entry, Mapping) else None
                if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                    reason = Message("rules.whole_least", low=1, value=_shown(number))
                    raise reader.fail(f"levels[{i}]", reason, "number")
                if number in seen:  # the last would silently win
                    raise reader.fail(Message("rules.where.level", number=number), Message("rules.level_twice", table="[[levels]]"), "number")
                # Report this file's own mistakes under its own level number.
                rules_from_dict({**merged, "levels": [*[lv for n, lv in by_number.items() if n != number], dict(entry)]}, source)
                seen.add(number)
                by_number[number] = dict(entry)
                house.add(f"levels.{number}")
            merged["levels"] = [by_number[n] for n in sorted(by_number)]
        elif key == "penalties" and isinstance(value, Mapping):
            merged["penalties"] = {**merged["penalties"], **value}
            house.update(f"penalties.{rank}" for rank in value if rank != "reconstructed")
        elif key != "levels" and isinstance(value, Mapping) and isinstance(merged.get(key, {}), Mapping):  # a family's table (Phase 10's deck)
            merged[key] = {**merged.get(key, {}), **value}
            house.update(f"{key}.{field}" for field in value)
        elif key not in ("base", "name", "key", "house_rules"):
            merged[key] = value
            house.add(key)
        else:
            merged[key] = value
    own = merged.get("house_rules", [])
    if isinstance(own, list) and all(isinstance(v, str) for v in own):  # otherwise rules_from_dict names it
        merged["house_rules"] = sorted(house | set(own))
    return merged


def load_rules(path: str | Path) -> Rules:
    """Read a rule-set file: a whole rule set, or a house-rule file with ``base = "upto9"``.

    The file is read only when it is a regular UTF-8 file of at most ``MAX_RULES_BYTES``. ``base``
    names a built-in rule set (``"upto9"``, ``"phase10"``...) or a ``.toml`` file in the same
    folder (``base = "family.toml"``), never a path; bases that name each other in a circle, or
    more than ``MAX_BASE_CHAIN`` files, are refused. The file is refused whole, with an error
    naming the file, the level and the field, if any part is wrong.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     house = Path(folder, "house.toml")
    ...     _ = house.write_text('base = "upto9"\\nhand_size = 12\\n', encoding="utf-8")
    ...     rules = load_rules(house)
    ...     _ = house.write_text('base = "../secrets.toml"\\n', encoding="utf-8")
    ...     try:
    ...         load_rules(house)
    ...     except RulesError as error:
    ...         refused = str(error).removeprefix(str(house))
    >>> rules.hand_size, rules.is_house_rule("hand_size")
    (12, True)
    >>> refused.split(" (")[0], refused.endswith("never a path; got '../secrets.toml'")
    (': base: must name a built-in rule set', True)
    """
    path = Path(path)
    source = str(path)
    data = _read_file(path, source)
    if "base" in data:
        own_key = data.get("key", path.stem)
        data = _with_base(data, source, path.parent, ((_identity(path), source),))
        data["key"] = own_key
    return rules_from_dict(data, source)


UPTO9: Rules = builtin_rules("upto9")
"""The rules of Up to 9 as played at upto9.no, with the project's rulings where the text is silent."""

PHASE10: Rules = builtin_rules("phase10")
"""Standard Phase 10 as the project models it (``docs/rules.md#phase-10``)."""
