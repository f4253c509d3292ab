"""Cards and hands: ranks, suits, parsing and display, for both card models.

Up to 9 plays with standard cards (``Card``: rank and suit). Phase 10 plays with its own deck
(``Phase10Card``: numbers 1-12 in four colours, wild cards and skips, in its family's package).
Every family's card is a ``PlayingCard``; a rule set names its family (``rules.family``), and
``parse_hand(text, rules=...)`` reads the hand with that family's card reader.

A hand is a multiset of cards (two decks may put two 7♥ in one hand), kept as a
tuple in the order the player gave it, of at most ``MAX_HAND`` cards.

Card text is ASCII (numbers 0-9, letters A-Z) and, for standard cards, the suit symbols: a digit
of another script (``٧``, ``７``) is refused, never read as the number it looks like.
"""

from __future__ import annotations

import functools
import re
import string
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from itertools import islice
from typing import Final, Protocol, TypeVar, overload, runtime_checkable

from upto9.messages import Items, Message, Param, card_param, catalog_keys, message_of, said

__all__ = [
    "MAX_HAND",
    "MAX_SHOWN_CHARS",
    "NOTATIONS",
    "Card",
    "CardError",
    "DeckRules",
    "Notation",
    "PlayingCard",
    "Rank",
    "Suit",
    "card_texts",
    "format_hand",
    "full_deck",
    "hand_of",
    "not_a_card",
    "notation",
    "parse_card",
    "parse_card_token",
    "parse_hand",
    "parse_rank",
    "read_one",
    "refuse_foreign",
    "shown",
]

MAX_HAND: Final = 10_000
"""The most cards a hand may hold. Far above any real hand (a whole game's deck of the largest table
is a few hundred cards), low enough that reading and checking it stays well under a second; a
longer hand is refused with a ``CardError`` rather than read without end."""

MAX_SHOWN_CHARS: Final = 80
"""The most characters of a refused text that an error message repeats: enough to recognise a
card token, and a 10 MB line of text makes a one-line error, not a 10 MB one."""


def shown(text: str) -> str:
    """``text`` as an error repeats it: cut to ``MAX_SHOWN_CHARS`` characters, with ``…`` when cut.

    >>> shown("7h"), len(shown("x" * 10_000_000))
    ('7h', 80)
    """
    return text if len(text) <= MAX_SHOWN_CHARS else text[: MAX_SHOWN_CHARS - 1] + "…"


def _type_name(value: object) -> str:
    return type(value).__name__


def _require_text(text: object, name: str = "text") -> str:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, not {_type_name(text)}")
    return text


class CardError(ValueError):
    """A card or hand text that cannot be read, or a hand that cannot exist. ``msg`` is what it
    says as a ``upto9.messages.Message`` (to word it in any language), ``str()`` the English.

    >>> from upto9.messages import render
    >>> try:
    ...     parse_hand("5h 6x")
    ... except CardError as error:
    ...     print(render(error.msg, "nb"))
    det 2. kortet, «6x», er ikke et kort: ingen sort 'x'; sortene er s h d c (eller ♠ ♥ ♦ ♣). Skriv verdien og så sorten, som 5h
    """

    def __init__(self, message: str | Message) -> None:
        text, self.msg = said(message)
        super().__init__(text)


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


@dataclass(frozen=True, slots=True)
class Notation:
    """How the players of one language write standard cards: the rank and suit letters a hand text
    may use (on top of the suit symbols, which every language reads). A card is written rank first,
    suit last, so ``K`` (konge, the king) and ``k`` (kløver, clubs) never clash: ``Kk`` is the king
    of clubs. Every notation also reads the English letters, with the same meaning.

    ``ranks`` and ``suits`` are the letters as the hand box's help and the errors list them.

    >>> NOTATIONS["nb"].ranks
    'A/E 2-10 J/Kn Q/D K'
    """

    lang: str
    ranks: str
    suits: str
    rank_by_text: dict[str, Rank]  # keys upper-case
    suit_by_text: dict[str, Suit]  # keys lower-case, symbols included
    # A message key prefix for the reasons of a refused token: "card" (the English notation's own
    # messages) or "card.notation" (messages that list ``ranks`` and ``suits``).
    keys: str = "card"
    # How ``format_hand`` writes a card in this notation: the letters that differ from the English.
    rank_out: dict[Rank, str] = field(default_factory=dict)
    suit_out: dict[Suit, str] = field(default_factory=dict)

    def write(self, card: Card) -> str:
        """The card as this notation writes it: ``Knk`` for the jack of clubs in Norwegian.

        >>> NOTATIONS["nb"].write(parse_card("Jc")), NOTATIONS["nb"].write(parse_card("10h"))
        ('Knk', '10h')
        """
        return f"{self.rank_out.get(card.rank, str(card.rank))}{self.suit_out.get(card.suit, card.suit.value)}"


class PlayingCard:
    """What every game family's card is (``Card`` here, Phase 10's ``Phase10Card``): the engine,
    the records and the widgets handle cards through this, and each family reads and judges its own.

    >>> isinstance(parse_card("5h"), PlayingCard)
    True
    """

    __slots__ = ()
    key: int  # a dense sort key and index within the family's deck

    @property
    def glyph(self) -> str:
        """The card as a player reads it (``'5♥'``)."""
        raise NotImplementedError

    @property
    def name(self) -> str:
        """The card in words (``'5 of hearts'``, ``'red 7'``)."""
        raise NotImplementedError

    @property
    def penalty_key(self) -> str:
        """The key of this card in a rule set's penalty table."""
        raise NotImplementedError

    @property
    def skips(self) -> bool:
        """Does discarding this card make a player lose a turn (Phase 10's skip)? No standard card does."""
        return False

    @property
    def only_wild(self) -> bool:
        """Is this card a wild card and nothing else (Phase 10's wild card)? A standard card never
        is: Up to 9's 2s and 3s are jokers and also themselves."""
        return False


@dataclass(frozen=True, order=True, slots=True)
class Card(PlayingCard):
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

    # Equality and hash by the key (rank and suit in one int), the same answers as comparing the
    # fields, without two tuples of enums (whose hash runs in Python): hands are searched,
    # counted and compared card by card in every bot's turn.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.key == other.key  # (the same class)
        return NotImplemented

    def __hash__(self) -> int:
        return self.key

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

    @property
    def penalty_key(self) -> str:
        """The key of this card in a rule set's penalty table: its rank, ``'K'``."""
        return str(self.rank)


def parse_rank(text: str) -> Rank:
    """Read a rank: ``A 2-10 J Q K``, ``T`` for ten, either case.

    Raises ``CardError`` for any other text, ``TypeError`` when ``text`` is not a ``str``.

    >>> parse_rank("q"), parse_rank("10"), parse_rank("T")
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>, <Rank.TEN: 10>)
    """
    text = _require_text(text).strip()
    rank = _RANK_BY_TEXT.get(text.upper()) if text.isascii() else None
    if rank is None:
        raise CardError(Message("card.no_rank", text=repr(shown(text))))
    return rank


_SUIT_GLYPHS = frozenset("♠♥♦♣♤♡♢♧")
_TOKEN = re.compile(r"^(?P<rank>.*?)(?P<suit>[shdcSHDC♠♥♦♣♤♡♢♧])$")

NOTATIONS: Final[dict[str, Notation]] = {
    "en": Notation("en", "A 2-10 J Q K", "s h d c", dict(_RANK_BY_TEXT), dict(_SUIT_BY_TEXT)),
    # Norwegian: ess E or A, knekt Kn, dame D, konge K; spar s, hjerter h, ruter r, kløver k. The
    # ace is written A (most Norwegian packs print A, and the pages' cards show it), E is read too.
    "nb": Notation(
        "nb",
        "A/E 2-10 J/Kn Q/D K",
        "s h r k / s h d c",
        {**_RANK_BY_TEXT, "E": Rank.ACE, "KN": Rank.JACK, "D": Rank.QUEEN},
        {**_SUIT_BY_TEXT, "r": Suit.DIAMONDS, "k": Suit.CLUBS},
        keys="card.notation",
        rank_out={Rank.JACK: "Kn", Rank.QUEEN: "D"},
        suit_out={Suit.DIAMONDS: "r", Suit.CLUBS: "k"},
    ),
}
"""The card notation of each language of the pages, by language code."""


def notation(lang: str = "en") -> Notation:
    """The card notation of ``lang`` (``'en'``, ``'nb'``); ``ValueError`` for another language.

    >>> notation("nb").lang, notation().suits
    ('nb', 's h d c')
    """
    try:
        return NOTATIONS[_require_text(lang, "lang")]
    except KeyError:
        raise ValueError(f"lang must be one of {', '.join(NOTATIONS)}, not {lang!r}") from None


def refuse_foreign(token: str, allowed: frozenset[str], key: str) -> None:
    """Refuse a character outside ASCII (and ``allowed``): ``str.upper`` and ``int`` would read some
    as ASCII letters and digits (the Kelvin sign as ``k``, ``٧`` as 7). Every family's card reader
    calls it first; ``key`` is the message that names the character.

    >>> refuse_foreign("7h", frozenset(), "card.not_ascii")
    >>> refuse_foreign("٧h", frozenset(), "card.not_ascii")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '٧' cannot be part of a card: Phase 10 cards are written with 0-9 and A-Z
    """
    if not token.isascii():
        for char in token:
            if not char.isascii() and char not in allowed:
                raise CardError(Message(key, char=repr(char)))


def parse_card_token(token: str, lang: str = "en") -> Card:
    """One standard card token, in the card notation of ``lang`` (see ``Notation``: the English
    letters are read in every language); the ``CardError`` gives the reason only (the caller
    names the token).

    >>> parse_card_token("Th"), parse_card_token("Knk", lang="nb"), parse_card_token("Kk", lang="nb")
    (Card('10h'), Card('Jc'), Card('Kc'))
    >>> parse_card_token("Dr", lang="nb"), parse_card_token("E♠", lang="nb"), parse_card_token("Qd", lang="nb")
    (Card('Qd'), Card('As'), Card('Qd'))
    """
    refuse_foreign(token, _SUIT_GLYPHS, "card.not_ascii.suits")
    if lang == "en":  # the common case, kept fast
        match = _TOKEN.match(token)
        ranks, suits, keys = _RANK_BY_TEXT, _SUIT_BY_TEXT, "card"
        said: dict[str, str] = {}
    else:
        notes = notation(lang)
        ranks, suits, keys = notes.rank_by_text, notes.suit_by_text, notes.keys
        match = re.match(r"^(?P<rank>.*?)(?P<suit>[" + "".join(sorted({*suits, *(s.upper() for s in suits)})) + "])$", token)
        said = {"ranks": notes.ranks, "suits": notes.suits}
    quoted = keys != "card"  # the notation's messages quote in their language; the English ones take a quoted text
    if match is None:
        last = token[-1:]
        if len(token) >= 2 and token[:-1].upper() in ranks and token.upper() not in ranks:
            raise CardError(Message(f"{keys}.no_suit", text=last if quoted else repr(last), **said))
        raise CardError(Message(f"{keys}.no_suit.at_all", **said))
    rank_text = match["rank"]
    if not rank_text:
        raise CardError(Message(f"{keys}.no_rank.at_all", **said))
    rank = ranks.get(rank_text.upper())
    if rank is None:
        raise CardError(Message(f"{keys}.no_rank", text=shown(rank_text), **said))
    return Card(rank, suits[match["suit"].lower()])


_C = TypeVar("_C", bound="PlayingCard")


def read_one(text: str, read: Callable[[str], _C]) -> _C:
    """One card token read by ``read`` (a family's token reader); the error names the token.

    >>> read_one(" 5h ", parse_card)
    Card('5h')
    """
    token = _require_text(text).strip()
    if not token:
        raise CardError(Message("card.empty", text=repr(shown(text))))
    try:
        return read(token)
    except CardError as error:
        raise CardError(Message("card.token", token=repr(shown(token)), reason=message_of(error))) from None


def parse_card(text: str) -> Card:
    """Read one card such as ``"5h"``, ``"10♥"``, ``"Th"`` or ``"qS"``. Raises ``CardError``
    naming the text when it is no card, ``TypeError`` when it is not a ``str``.

    >>> parse_card("qS"), parse_card("10♥"), parse_card("Th")
    (Card('Qs'), Card('10h'), Card('10h'))
    >>> parse_card("11h")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: '11h': no rank 11; ranks are A 2-10 J Q K
    """
    return read_one(text, parse_card_token)


_TOKENS = re.compile(r"[^\s,]+")  # a token: anything between spaces and commas
# What a learner might join cards with (no card's text holds ASCII punctuation); brackets and quotes enclose, not join.
_SEPARATOR_LIKE: Final = frozenset(string.punctuation) - frozenset("()[]{}<>'\"`")


class _DeckEntry(Protocol):
    """One entry of a rule set's deck table, as ``check_copies`` reads it."""

    @property
    def players(self) -> tuple[int, int]: ...

    @property
    def decks(self) -> int: ...


@runtime_checkable
class DeckRules(Protocol):
    """What reading a hand needs of a rule set: its name, its card model (``family``), and its
    decks. ``upto9.rules.Rules`` is one; this module needs nothing else of it, so it imports no
    rules (the rules import the cards)."""

    @property
    def name(self) -> str: ...

    @property
    def family(self) -> str: ...

    @property
    def decks(self) -> Sequence[_DeckEntry]: ...

    def decks_for(self, players: int) -> int: ...

    def one_deck(self) -> tuple[PlayingCard, ...]: ...

    def read_token(self, token: str) -> PlayingCard: ...


@overload
def parse_hand(text: str, rules: None = None, players: int | None = None, lang: str = "en") -> tuple[Card, ...]: ...
@overload
def parse_hand(text: str, rules: DeckRules, players: int | None = None, lang: str = "en") -> tuple[PlayingCard, ...]: ...
def parse_hand(text: str, rules: DeckRules | None = None, players: int | None = None, lang: str = "en") -> tuple[PlayingCard, ...]:
    """Read a hand: card tokens separated by spaces and/or commas. Empty text is an empty hand.

    Without ``rules`` the cards are standard cards (Up to 9). With ``rules`` they are read in that
    rule set's card model (Phase 10: ``7r 12b W S``), and a hand holding more copies of a card than
    that game's decks contain (``players`` sets the number of decks) is refused. Standard cards
    are read in the card notation of ``lang`` (``NOTATIONS``: Norwegian ``Knk Dr E♠`` besides
    ``Jc Qd A♠``); other card models have one notation.

    Raises ``CardError`` naming the card that is not one, by its place (``not_a_card``; or the hand that cannot exist, or holds
    more than ``MAX_HAND`` cards), ``TypeError`` when ``text`` is not a ``str``, ``rules`` not a
    rule set or ``players`` not an ``int``.

    >>> parse_hand("5h 6h, 2c 8h")
    (Card('5h'), Card('6h'), Card('2c'), Card('8h'))
    >>> parse_hand("")
    ()
    >>> parse_hand("5h 6h 11h")
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: the 3rd card, '11h', is not a card: no rank 11; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h
    >>> from upto9.rules import PHASE10
    >>> parse_hand("Knk Dr 10h Es", lang="nb")
    (Card('Jc'), Card('Qd'), Card('10h'), Card('As'))
    >>> parse_hand("7r 12B wild s", rules=PHASE10)
    (Phase10Card('7r'), Phase10Card('12b'), Phase10Card('W'), Phase10Card('S'))
    >>> parse_hand("7r ７y", rules=PHASE10)
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: the 2nd card, '７y', is not a card: '７' cannot be part of a card: Phase 10 cards are written with 0-9 and A-Z. Write a number ...
    """
    _require_text(text)
    if rules is not None and not isinstance(rules, DeckRules):
        raise TypeError(f"rules must be a Rules (upto9.UPTO9, upto9.PHASE10 or load_rules(...)), not {_type_name(rules)}")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise TypeError(f"players must be an int, not {_type_name(players)}")
    notes = notation(lang)
    read: Callable[[str], PlayingCard]
    if notes.lang != "en" and (rules is None or rules.family == "upto9"):  # standard cards, in the language's letters
        read = functools.partial(parse_card_token, lang=notes.lang)
    else:
        read = rules.read_token if rules is not None else parse_card_token
    cards: list[PlayingCard] = []
    # Token by token, so that a text of more than MAX_HAND cards is refused without reading it all.
    for position, found in enumerate(_TOKENS.finditer(text), start=1):
        if position > MAX_HAND:
            raise CardError(Message("card.too_many", limit=MAX_HAND))
        token = found.group()
        try:
            cards.append(read(token))
        except CardError as error:
            separator = _separator_in(token, read)
            if separator is not None:  # "7s;", "5h;6h": the cards are fine, what joins them is not
                joined = Message("card.separator", separator=Message("card.quoted", text=separator))
                raise CardError(not_a_card(position, token, joined, rules, hint=False)) from None
            raise CardError(not_a_card(position, token, message_of(error), rules)) from None
    hand = tuple(cards)
    if rules is not None:
        check_copies(hand, rules, players)
    return hand


def _separator_in(token: str, read: Callable[[str], PlayingCard]) -> str | None:
    """The character that joins or ends cards in a token that is no card (``;`` in ``5h;6h`` or
    ``7s;``): ASCII punctuation other than brackets and quotes (no card's text holds any) where the token, cut there, leaves a
    card. ``None`` when the token's trouble is elsewhere (``(5h)``, ``5x``).

    >>> _separator_in("7s;", parse_card_token), _separator_in("(5h)", parse_card_token)
    (';', None)
    """
    for char in dict.fromkeys(c for c in token if c in _SEPARATOR_LIKE):
        for piece in token.split(char):
            try:
                read(piece)
            except ValueError:  # CardError, or a card model's plainer refusal
                continue
            return char
    return None


def _nth(position: int) -> Message:
    """A card's place in a hand, as an ordinal: ``'3rd'`` (``'3.'`` in Norwegian)."""
    suffix = "th" if position % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(position % 10, "th")
    return Message(f"card.nth.{suffix}", n=position)


def _hint(rules: DeckRules | None) -> Message | None:
    """How the game writes a card, to end a card mistake with: a family's own hint (a key
    ``card.hint.<family>`` in its catalog), else the standard cards' one for a deck of standard
    cards, else none."""
    if rules is None:
        return Message("card.hint.standard")
    own = f"card.hint.{rules.family}"
    if own in catalog_keys("en"):
        return Message(own)
    deck = rules.one_deck()
    return Message("card.hint.standard") if deck and isinstance(deck[0], Card) else None


def not_a_card(position: int, token: str, reason: Message, rules: DeckRules | None = None, *, hint: bool = True) -> Message:
    """What ``parse_hand`` says of a token that is no card, the one wording of a card mistake on
    every page and the command line: its place as an ordinal, the token as typed (cut by
    ``shown``), the reason, and how the game writes a card (left off when ``hint`` is false: a
    separator's reason is about the hand, not how one card is written).

    >>> str(not_a_card(3, "1x", Message("card.no_rank", text="'1'")))
    "the 3rd card, '1x', is not a card: no rank '1'; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h"
    """
    said_token = shown(token)
    # repr's escapes (a control character shows as \x1b), without its quotes: each language quotes its own way.
    quoted = Message("card.quoted", text=repr(said_token)[1:-1])
    said_hint = _hint(rules) if hint else None
    params: dict[str, Param] = {"position": position, "nth": _nth(position), "quoted": quoted, "token": said_token, "reason": reason}
    if said_hint is None:
        return Message("card.token_at", **params)
    return Message("card.token_at.hint", **params, hint=said_hint)


def hand_of(hand: object, texts: bool = False) -> tuple[PlayingCard, ...]:
    """The cards of ``hand``, an iterable of cards (of either model), as a tuple: ``TypeError``
    when it is no iterable (a ``str`` included: ``texts`` only words the error for callers that
    read a text themselves) or holds something other than cards, ``CardError`` when it holds more
    than ``MAX_HAND`` (read no further than that, so an endless iterator is refused too).

    >>> hand_of([parse_card("5h"), parse_card("Kc")])
    (Card('5h'), Card('Kc'))
    >>> hand_of(["5h"])
    Traceback (most recent call last):
    ...
    TypeError: hand must hold cards (Card, Phase10Card), not str
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        # ``texts``: the caller reads a str itself (``check``), and a str is a hand there too.
        raise TypeError(f"hand must be {'a str or ' if texts else ''}an iterable of cards (Card, Phase10Card), not {_type_name(hand)}")
    cards = tuple(islice(hand, MAX_HAND + 1))
    for card in cards:
        if not isinstance(card, PlayingCard):
            raise TypeError(f"hand must hold cards (Card, Phase10Card), not {_type_name(card)}")
    if len(cards) > MAX_HAND:
        raise CardError(Message("card.too_many", limit=MAX_HAND))
    return cards


def check_copies(hand: Iterable[PlayingCard], rules: DeckRules, players: int | None = None) -> None:
    """Refuse a hand that holds more copies of a card than the game's decks contain, or a card
    of another game's deck. The refusal names the table size and its decks, and the table sizes
    whose decks would hold the hand, if any.

    Without ``players``, the largest number of decks the rules use for any table is allowed.

    >>> from upto9 import UPTO9
    >>> check_copies(parse_hand("7h 7h"), UPTO9, players=4)
    >>> check_copies(parse_hand("7h 7h 7h"), UPTO9, players=4)
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: the hand holds 3 × 7h, but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; choose 5 or 6 players for 3 decks
    >>> check_copies(parse_hand("7h 7h 7h 7h"), UPTO9)
    Traceback (most recent call last):
    ...
    upto9.cards.CardError: the hand holds 4 × 7h, but no game of Up to 9 holds more than 3 × 7h: 5 or 6 players play with 3 decks
    """
    decks = rules.decks_for(players) if players is not None else max(d.decks for d in rules.decks)
    in_one_deck = Counter(rules.one_deck())
    for card, count in Counter(hand).items():
        per_deck = in_one_deck.get(card, 0)
        if not per_deck:
            raise CardError(Message("card.not_of", card=card_param(card), rules=rules.name))
        if count > per_deck * decks:
            raise CardError(_too_many(card, count, per_deck, rules, players, decks))


def _players_words(players: tuple[int, int]) -> Param:
    """A table size or a range of them: ``'4'``, ``'5 or 6'``, ``'2 to 6'``."""
    low, high = players
    if low == high:
        return str(low)
    if high == low + 1:
        return Items((str(low), str(high)), "or")
    return Message("card.players.range", low=low, high=high)


def _too_many(card: PlayingCard, count: int, per_deck: int, rules: DeckRules, players: int | None, decks: int) -> Message:
    said = card_param(card, form="bare")  # '7h', and Phase 10's 'W' ('joker' in Norwegian)
    allowed = per_deck * decks
    if players is None:  # any table: the largest one's decks are the limit
        largest = next(d for d in rules.decks if d.decks == decks)
        return Message(
            "card.copies.any",
            count=count,
            card=said,
            rules=rules.name,
            allowed=allowed,
            table=_players_words(largest.players),
            decks=Message("card.decks", n=decks),
        )
    of_each = Message("card.of_each", decks=decks) if per_deck == 1 else Message("card.of_this", allowed=allowed, card=said)
    params: dict[str, Param] = {
        "count": count,
        "card": said,
        "players": players,
        "rules": rules.name,
        "decks": Message("card.decks", n=decks),
        "of_each": of_each,
    }
    # The smallest table whose decks hold the hand's copies, if any: the learner's way out.
    fits = sorted((d for d in rules.decks if per_deck * d.decks >= count), key=lambda d: (d.decks, d.players))
    if not fits:
        return Message("card.copies", **params)
    return Message("card.copies.more", **params, table=_players_words(fits[0].players), more=Message("card.decks", n=fits[0].decks))


def card_texts(cards: Iterable[PlayingCard]) -> list[str]:
    """The cards as a record writes them, one text a card (``str``).

    >>> card_texts(parse_hand("10h Qs"))
    ['10h', 'Qs']
    """
    return [str(c) for c in cards]


def format_hand(cards: Iterable[PlayingCard], glyphs: bool = False, lang: str = "en") -> str:
    """The hand as text, in its own order: canonical ASCII (standard cards in the card notation of
    ``lang``, which ``parse_hand`` reads back with that ``lang``), or with suit symbols.

    >>> format_hand(parse_hand("5h 10c"), glyphs=True), format_hand(parse_hand("Ad Jc Qs Kh"), lang="nb")
    ('5♥ 10♣', 'Ar Knk Ds Kh')
    """
    if glyphs or lang == "en":
        return " ".join(card.glyph if glyphs else str(card) for card in cards)
    notes = notation(lang)
    return " ".join(notes.write(card) if isinstance(card, Card) else str(card) for card in cards)


def full_deck() -> tuple[Card, ...]:
    """One standard 52-card deck, ordered by rank then suit (♠ ♥ ♦ ♣).

    >>> deck = full_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card('As'), Card('Kc'))
    """
    return tuple(Card(rank, suit) for rank in Rank for suit in _SUIT_ORDER)
