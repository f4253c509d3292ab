"""Cards and hands: ranks, suits, parsing and display.

A hand is a multiset of cards (two decks may put two ♥7 in one hand), kept as a
tuple in the order the player gave it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from upto9.rules import Rules

__all__ = [
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "format_hand",
    "full_deck",
    "parse_card",
    "parse_hand",
    "parse_rank",
]


class CardError(ValueError):
    """A card or hand text that cannot be read, or a hand that cannot exist."""


class Suit(StrEnum):
    """The four suits, by their one-letter ASCII names."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def glyph(self) -> str:
        """The suit symbol: ``Suit.HEARTS.glyph == '♥'``."""
        return _GLYPHS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        """0..3 in the order ♠ ♥ ♦ ♣."""
        return _SUIT_ORDER.index(self)

    @property
    def noun(self) -> str:
        """The plural noun: ``'hearts'``."""
        return _NOUNS[self]


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_NOUNS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


class Rank(IntEnum):
    """Ranks by their low value: the ace is 1 (it may also stand high, as 14, in a straight)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    def __str__(self) -> str:
        return _RANK_TEXT[self]

    @property
    def noun(self) -> str:
        """The plural noun used in sentences: ``'kings'``, ``'7s'``."""
        return _RANK_NOUNS.get(self, f"{self}s")


_RANK_TEXT = {r: ("A" if r == 1 else "J" if r == 11 else "Q" if r == 12 else "K" if r == 13 else str(int(r))) for r in Rank}
_RANK_NOUNS = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}
_RANK_BY_TEXT: dict[str, Rank] = {**{str(r): r for r in Rank}, "T": Rank.TEN}
_SUIT_BY_TEXT: dict[str, Suit] = {
    **{s.value: s for s in Suit},
    **{s.glyph: s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANKS_HELP = "ranks are A 2-10 J Q K"
_SUITS_HELP = "suits are s h d c (or ♠ ♥ ♦ ♣)"


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card. ``str(card)`` is the canonical ASCII text, ``card.glyph`` the display text.

    >>> c = Card(Rank.TEN, Suit.HEARTS)
    >>> str(c), c.glyph, c.is_red
    ('10h', '10♥', True)
    """

    rank: Rank
    suit: Suit
    # rank * 4 + suit index, worked out once: the checker's hot loop reads it for every card.
    key: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", int(self.rank) * 4 + _SUIT_ORDER.index(self.suit))

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def glyph(self) -> str:
        """The card with its suit symbol, e.g. ``'5♥'``."""
        return f"{self.rank}{self.suit.glyph}"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, spades and clubs black."""
        return self.suit.is_red

    @property
    def index(self) -> int:
        """A dense number 0..51 (rank-major, suits ♠ ♥ ♦ ♣), for tables and bit masks."""
        return self.key - 4


def parse_rank(text: str) -> Rank:
    """Read a rank: ``A 2-10 J Q K``, ``T`` for ten, either case.

    >>> parse_rank("q"), parse_rank("10"), parse_rank("T")
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>, <Rank.TEN: 10>)
    """
    rank = _RANK_BY_TEXT.get(text.strip().upper())
    if rank is None:
        raise CardError(f"no rank {text.strip()!r}; {_RANKS_HELP}")
    return rank


_TOKEN = re.compile(r"^(?P<rank>.*?)(?P<suit>[shdcSHDC♠♥♦♣♤♡♢♧])$")


def _parse_token(token: str) -> Card:
    match = _TOKEN.match(token)
    if match is None:
        last = token[-1:]
        if len(token) >= 2 and token[:-1].upper() in _RANK_BY_TEXT:
            raise CardError(f"no suit {last!r}; {_SUITS_HELP}")
        raise CardError(f"no suit; {_SUITS_HELP}")
    rank_text = match["rank"]
    if not rank_text:
        raise CardError(f"no rank; {_RANKS_HELP}")
    rank = _RANK_BY_TEXT.get(rank_text.upper())
    if rank is None:
        raise CardError(f"no rank {rank_text}; {_RANKS_HELP}")
    return Card(rank, _SUIT_BY_TEXT[match["suit"].lower()])


def parse_card(text: str) -> Card:
    """Read one card such as ``"5h"``, ``"10♥"``, ``"Th"`` or ``"qS"``.

    >>> parse_card("qS"), parse_card("10♥"), parse_card("Th")
    (Card('Qs'), Card('10h'), Card('10h'))
    >>> parse_card("11h")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '11h': no rank 11; ranks are A 2-10 J Q K
    """
    token = text.strip()
    if not token:
        raise CardError(f"no card in {text!r}")
    try:
        return _parse_token(token)
    except CardError as error:
        raise CardError(f"{token!r}: {error}") from None


_SEPARATORS = re.compile(r"[\s,]+")


def parse_hand(text: str, rules: Rules | None = None, players: int | None = None) -> tuple[Card, ...]:
    """Read a hand: card tokens separated by spaces and/or commas. Empty text is an empty hand.

    With ``rules`` (and the number of ``players``, which sets the number of decks), a hand
    holding more copies of a card than that game's decks contain is refused.

    >>> parse_hand("5h 6h, 2c 8h")
    (Card('5h'), Card('6h'), Card('2c'), Card('8h'))
    >>> parse_hand("")
    ()
    >>> parse_hand("5h 6h 11h")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: token 3 '11h': no rank 11; ranks are A 2-10 J Q K
    """
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        try:
            cards.append(_parse_token(token))
        except CardError as error:
            raise CardError(f"token {position} {token!r}: {error}") from None
    hand = tuple(cards)
    if rules is not None:
        check_copies(hand, rules, players)
    return hand


def check_copies(hand: Iterable[Card], rules: Rules, players: int | None = None) -> None:
    """Refuse a hand that holds more copies of a card than the game's decks contain.

    Without ``players``, the largest number of decks the rules use for any table is allowed.

    >>> from upto9 import UPTO9
    >>> check_copies(parse_hand("7h 7h"), UPTO9, players=4)
    >>> check_copies(parse_hand("7h 7h 7h"), UPTO9, players=4)
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: the hand holds 3 × 7h, but a 4-player game of Up to 9 uses 2 decks: at most 2 of each card
    """
    decks = rules.decks_for(players) if players is not None else max(d.decks for d in rules.decks)
    table = f"a {players}-player game" if players is not None else "any game"
    for card, count in Counter(hand).items():
        if count > decks:
            raise CardError(
                f"the hand holds {count} × {card}, but {table} of {rules.name} uses {decks} deck{'s' if decks != 1 else ''}: at most {decks} of each card"
            )


def format_hand(cards: Iterable[Card], glyphs: bool = False) -> str:
    """The hand as text, in its own order: canonical ASCII, or with suit symbols.

    >>> format_hand(parse_hand("5h 10c"), glyphs=True)
    '5♥ 10♣'
    """
    return " ".join(card.glyph if glyphs else str(card) for card in cards)


def full_deck() -> tuple[Card, ...]:
    """One standard 52-card deck, ordered by rank then suit (♠ ♥ ♦ ♣).

    >>> deck = full_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card('As'), Card('Kc'))
    """
    return tuple(Card(rank, suit) for rank in Rank for suit in _SUIT_ORDER)
