"""3UP 3DOWN's cards: the numbers 1-10 in seven colours, and the Clear, Clear +1 and Clear +2.

A card's text (what records write and players type) is its number and a colour letter (``7r``), or
``C``, ``C1``, ``C2`` for the clears. The colour letters are English (``r o y g b p k``: red,
orange, yellow, green, blue, purple, black; ``k`` for black as printers write it, since ``b`` is
blue); whole colour words are read in English and Norwegian (``7red``, ``7rød``, ``7grønn``), and
the clears also as ``clear``, ``C+1``, ``clear+2`` (the cards print "Clear" in every language).

>>> parse_threeup_card("7r"), parse_threeup_card("clear+2"), parse_threeup_card("10svart")
(ThreeUpCard('7r'), ThreeUpCard('C2'), ThreeUpCard('10k'))
>>> len(threeup_deck()), threeup_deck()[0], threeup_deck()[-1]
(84, ThreeUpCard('1r'), ThreeUpCard('C2'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Final

from upto9.cards import CardError, PlayingCard, read_one, shown
from upto9.messages import Message

__all__ = [
    "CLEAR",
    "CLEAR_1",
    "CLEAR_2",
    "COLOURS",
    "NUMBERS",
    "Clear",
    "Colour",
    "ThreeUpCard",
    "parse_threeup_card",
    "parse_threeup_token",
    "threeup_deck",
]


class Colour(StrEnum):
    """The seven colours of the number cards, by their letters (*reconstructed*: the text names none)."""

    RED = "r"
    ORANGE = "o"
    YELLOW = "y"
    GREEN = "g"
    BLUE = "b"
    PURPLE = "p"
    BLACK = "k"

    @property
    def noun(self) -> str:
        """``'red'``."""
        return self.name.lower()

    @property
    def order(self) -> int:
        """0..6 in the order of ``COLOURS``."""
        return COLOURS.index(self)


COLOURS: Final = tuple(Colour)
"""The colours in the deck's order; a rule set with ``colours = n`` plays the first ``n``."""

NUMBERS: Final = range(1, 11)
"""The numbers of the number cards."""

_NB_COLOURS: Final = {
    "rød": Colour.RED,
    "oransje": Colour.ORANGE,
    "gul": Colour.YELLOW,
    "grønn": Colour.GREEN,
    "blå": Colour.BLUE,
    "lilla": Colour.PURPLE,
    "svart": Colour.BLACK,
}
_COLOUR_BY_TEXT: Final = {**{c.value: c for c in Colour}, **{c.noun: c for c in Colour}, **_NB_COLOURS}


class Clear(IntEnum):
    """What a card clears: not at all (a number card), or a Clear with 0, 1 or 2 extra actions."""

    NONE = 0
    CLEAR = 1
    PLUS_1 = 2
    PLUS_2 = 3

    @property
    def extra(self) -> int:
        """The actions a player owes after playing it (T14)."""
        return max(0, int(self) - 1)

    @property
    def text(self) -> str:
        """``'C'``, ``'C1'``, ``'C2'``."""
        return ("", "C", "C1", "C2")[self]

    @property
    def title(self) -> str:
        """As printed: ``'Clear'``, ``'Clear +1'``, ``'Clear +2'``."""
        return ("", "Clear", "Clear +1", "Clear +2")[self]

    @property
    def word(self) -> str:
        """Its key in records and penalty tables: ``'clear'``, ``'clear+1'``, ``'clear+2'``."""
        return ("", "clear", "clear+1", "clear+2")[self]


@dataclass(frozen=True, slots=True)
class ThreeUpCard(PlayingCard):
    """One card: a number 1-10 in a colour, or a clear (``number`` 0, ``colour`` ``None``).

    >>> seven = ThreeUpCard(7, Colour.RED)
    >>> str(seven), seven.name, seven.glyph, CLEAR_1.name, CLEAR_1.glyph, CLEAR_2.penalty_key
    ('7r', 'red 7', '7', 'Clear +1', 'C+1', 'clear+2')
    """

    number: int  # 1..10; 0 for a clear
    colour: Colour | None = None
    clear: Clear = Clear.NONE
    # (number - 1) * 7 + colour for numbers, 70 + kind for the clears: a dense sort key and index.
    key: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.clear is Clear.NONE:
            if self.number not in NUMBERS or self.colour is None:
                raise CardError(Message("threeup.card.number_card", number=repr(self.number), colour=repr(self.colour)))
            key = (self.number - 1) * len(COLOURS) + self.colour.order
        else:
            if self.number or self.colour is not None:
                raise CardError(Message("threeup.card.clear"))
            key = 69 + int(self.clear)
        object.__setattr__(self, "key", key)

    def __lt__(self, other: ThreeUpCard) -> bool:
        return self.key < other.key

    def __str__(self) -> str:
        return self.clear.text if self.clear else f"{self.number}{self.colour}"

    def __repr__(self) -> str:
        return f"ThreeUpCard('{self}')"

    @property
    def glyph(self) -> str:
        """The display text: the number (drawn in its colour), or ``C``, ``C+1``, ``C+2``."""
        return self.clear.title.replace("Clear", "C").replace(" ", "") if self.clear else str(self.number)

    @property
    def name(self) -> str:
        """``'red 7'``, ``'Clear +1'``."""
        if self.clear:
            return self.clear.title
        assert self.colour is not None
        return f"{self.colour.noun} {self.number}"

    @property
    def penalty_key(self) -> str:
        """The key in a rule set's penalty table: ``'7'``, ``'clear'``, ``'clear+1'``, ``'clear+2'``."""
        return self.clear.word if self.clear else str(self.number)


CLEAR: Final = ThreeUpCard(0, clear=Clear.CLEAR)
CLEAR_1: Final = ThreeUpCard(0, clear=Clear.PLUS_1)
CLEAR_2: Final = ThreeUpCard(0, clear=Clear.PLUS_2)

_CLEARS: Final = {"c": CLEAR, "clear": CLEAR, "c1": CLEAR_1, "c+1": CLEAR_1, "clear+1": CLEAR_1, "c2": CLEAR_2, "c+2": CLEAR_2, "clear+2": CLEAR_2}
_TOKEN: Final = re.compile(r"^(?P<number>[0-9]+)(?P<colour>[a-zæøå]+)$")  # ASCII digits only: \d takes every script's
_LETTERS: Final = frozenset("æøå")


def parse_threeup_token(token: str) -> ThreeUpCard:
    """One card token; the error gives the reason only (``read_one`` names the token).

    >>> parse_threeup_token("C+1"), parse_threeup_token("10BLÅ"), parse_threeup_token("3gul")
    (ThreeUpCard('C1'), ThreeUpCard('10b'), ThreeUpCard('3y'))
    """
    text = token.strip().lower().replace(" ", "")
    if not text.isascii() and any(not c.isascii() and c not in _LETTERS for c in text):
        bad = next(c for c in text if not c.isascii() and c not in _LETTERS)
        raise CardError(Message("threeup.card.not_ascii", char=repr(bad)))
    if text in _CLEARS:
        return _CLEARS[text]
    match = _TOKEN.match(text)
    if match is None:
        raise CardError(Message("threeup.card.not"))
    digits = match["number"]
    if len(digits.lstrip("0")) > 2 or int(digits) not in NUMBERS:  # int() of thousands of digits is refused
        raise CardError(Message("threeup.card.no_number", number=shown(digits.lstrip("0") or "0")))
    colour = _COLOUR_BY_TEXT.get(match["colour"])
    if colour is None:
        raise CardError(Message("threeup.card.no_colour", text=repr(shown(match["colour"]))))
    return ThreeUpCard(int(digits), colour)


def parse_threeup_card(text: str) -> ThreeUpCard:
    """Read one card (``"7r"``, ``"7red"``, ``"7rød"``, ``"C"``, ``"C+1"``, ``"clear+2"``). Raises
    ``CardError`` naming the text when it is no card.

    >>> parse_threeup_card("11r")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '11r': no number 11; numbers are 1-10
    >>> parse_threeup_card("7x")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '7x': no colour 'x'; colours are r o y g b p k (red orange yellow green blue purple black)
    """
    return read_one(text, parse_threeup_token)


def threeup_deck(colours: int = 7, clears: int = 7, clears_plus_1: int = 6, clears_plus_2: int = 1) -> tuple[ThreeUpCard, ...]:
    """One deck: the numbers 1-10 in the first ``colours`` colours (ruling 1: left-out colours take
    all ten numbers with them), then the clears; 84 cards with the standard counts."""
    numbers = [ThreeUpCard(n, c) for n in NUMBERS for c in COLOURS[:colours]]
    return (*numbers, *([CLEAR] * clears), *([CLEAR_1] * clears_plus_1), *([CLEAR_2] * clears_plus_2))
