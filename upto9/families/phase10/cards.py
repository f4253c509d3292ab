"""Phase 10's cards: the numbers 1-12 in four colours, wild cards and skips, and how to read them.

>>> parse_phase10_card("12b"), phase10_deck()[-1]
(Phase10Card('12b'), Phase10Card('S'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from upto9.cards import CardError, PlayingCard, read_one, refuse_foreign, shown
from upto9.messages import Message

__all__ = ["NUMBERS", "SKIP", "WILD", "Colour", "Phase10Card", "Special", "parse_phase10_card", "parse_phase10_token", "phase10_deck"]


class Colour(StrEnum):
    """Phase 10's four colours, by their one-letter names."""

    RED = "r"
    YELLOW = "y"
    GREEN = "g"
    BLUE = "b"

    @property
    def noun(self) -> str:
        """``'red'``."""
        return self.name.lower()

    @property
    def order(self) -> int:
        """0..3 in the order red, yellow, green, blue."""
        return _COLOUR_ORDER.index(self)


_COLOUR_ORDER = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
_COLOUR_BY_TEXT: dict[str, Colour] = {**{c.value: c for c in Colour}, **{c.noun: c for c in Colour}}


class Special(StrEnum):
    """Phase 10's cards without a number."""

    WILD = "W"
    SKIP = "S"


NUMBERS = range(1, 13)
"""Phase 10's numbers."""


@dataclass(frozen=True, slots=True)
class Phase10Card(PlayingCard):
    """One Phase 10 card: a number 1-12 in a colour, a wild card, or a skip.

    >>> seven = Phase10Card(7, Colour.RED)
    >>> str(seven), seven.name, str(WILD), WILD.is_wild, SKIP.name
    ('7r', 'red 7', 'W', True, 'skip')
    """

    number: int  # 1..12; 0 for a wild card or a skip
    colour: Colour | None = None
    special: Special | None = None
    # number * 4 + colour for numbers, 52 for a wild, 53 for a skip: a dense sort key and index.
    key: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.special is None:
            if self.number not in NUMBERS or self.colour is None:
                raise CardError(Message("card.p10.number_card", number=repr(self.number), colour=repr(self.colour)))
            key = self.number * 4 + self.colour.order
        else:
            if self.number or self.colour is not None:
                raise CardError(Message("card.p10.special"))
            key = 52 if self.special is Special.WILD else 53
        object.__setattr__(self, "key", key)

    def __lt__(self, other: Phase10Card) -> bool:
        return self.key < other.key

    # Equality and hash by the key (one int for number, colour and special), the same answers as
    # comparing the fields, without a tuple of enums (whose hash runs in Python) per comparison.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.key == other.key  # (the same class)
        return NotImplemented

    def __hash__(self) -> int:
        return self.key

    def __str__(self) -> str:
        return self.special.value if self.special is not None else f"{self.number}{self.colour}"

    def __repr__(self) -> str:
        return f"Phase10Card('{self}')"

    @property
    def glyph(self) -> str:
        """The display text (Phase 10 cards are told apart by colour, which widgets draw)."""
        return str(self)

    @property
    def name(self) -> str:
        """``'red 7'``, ``'wild'``, ``'skip'``."""
        if self.special is not None:
            return self.special.name.lower()
        assert self.colour is not None
        return f"{self.colour.noun} {self.number}"

    @property
    def is_wild(self) -> bool:
        return self.special is Special.WILD

    @property
    def is_skip(self) -> bool:
        return self.special is Special.SKIP

    @property
    def skips(self) -> bool:
        """A skip, discarded, makes a player lose a turn."""
        return self.special is Special.SKIP

    @property
    def only_wild(self) -> bool:
        """A wild card is nothing else: no number, no colour."""
        return self.special is Special.WILD

    @property
    def penalty_key(self) -> str:
        """The key of this card in a rule set's penalty table: ``'7'``, ``'wild'``, ``'skip'``."""
        return self.name if self.special is not None else str(self.number)


WILD = Phase10Card(0, special=Special.WILD)
SKIP = Phase10Card(0, special=Special.SKIP)

_P10_TOKEN = re.compile(r"^(?P<number>[0-9]+)(?P<colour>[a-z]+)$")  # ASCII digits only: \d takes every script's


def parse_phase10_token(token: str) -> Phase10Card:
    """One Phase 10 card token; the error gives the reason only (the caller names the token).

    >>> parse_phase10_token("wild"), parse_phase10_token("7RED")
    (Phase10Card('W'), Phase10Card('7r'))
    """
    refuse_foreign(token, frozenset(), "card.not_ascii")
    text = token.strip().lower()
    if text in ("w", "wild"):
        return WILD
    if text in ("s", "skip"):
        return SKIP
    match = _P10_TOKEN.match(text)
    if match is None:
        raise CardError(Message("card.p10.not"))
    digits = match["number"]
    if len(digits.lstrip("0")) > 2:  # no number 1-12, and int() of thousands of digits is refused
        raise CardError(Message("card.p10.no_number", number=shown(digits)))
    number = int(digits)
    if number not in NUMBERS:
        raise CardError(Message("card.p10.no_number", number=number))
    colour = _COLOUR_BY_TEXT.get(match["colour"])
    if colour is None:
        raise CardError(Message("card.p10.no_colour", text=repr(shown(match["colour"]))))
    return Phase10Card(number, colour)


def parse_phase10_card(text: str) -> Phase10Card:
    """Read one Phase 10 card: ``"7r"``, ``"12B"``, ``"7red"``, ``"W"``/``"wild"``, ``"S"``/``"skip"``.
    Raises ``CardError`` naming the text when it is no card, ``TypeError`` when it is not a ``str``.

    >>> parse_phase10_card("12B"), parse_phase10_card("wild")
    (Phase10Card('12b'), Phase10Card('W'))
    >>> parse_phase10_card("13r")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '13r': no number 13; numbers are 1-12
    """
    return read_one(text, parse_phase10_token)


def phase10_deck(copies: int = 2, wilds: int = 8, skips: int = 4) -> tuple[Phase10Card, ...]:
    """One Phase 10 deck: every number 1-12 in every colour ``copies`` times, then the wild cards
    and the skips (108 cards with the standard counts).

    >>> deck = phase10_deck()
    >>> len(deck), deck[0], deck[-1]
    (108, Phase10Card('1r'), Phase10Card('S'))
    """
    numbers = [Phase10Card(n, c) for n in NUMBERS for c in _COLOUR_ORDER for _ in range(copies)]
    return (*numbers, *([WILD] * wilds), *([SKIP] * skips))
