"""The picture-card game's own rule-set fields (``PictureFields``): the deal and what is kept, the
picture cards' values, the queen's pair rule, the five-card move, the first-card reshuffle and both
end conditions. No levels (``has_levels = False``), no wild cards, no penalty table.

The text's own deal (3 players 5 each, 2 players 6 each, keep 4) cannot be dealt from one deck's
picture cards: a rule set that asks for it is refused here, in words (``picture_cards.rules.undealable``);
the project's ruling (four each, nothing to discard) is the default, and the other readings are
house-rule values (``removed_suit = "none"`` with ``deal_two = 6``; ``picture_decks = 2``).

Imports no more of the engine than ``upto9.rules`` (``upto9.plugins`` says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from upto9.cards import Rank, Suit
from upto9.messages import Message
from upto9.rules import RuleReader

__all__ = [
    "FIRST_PLAYER",
    "MAX_BASE",
    "MAX_DEAL",
    "MAX_PICTURE_DECKS",
    "NUMBER_CARDS",
    "REMOVED_SUITS",
    "PictureFields",
    "picture_count",
    "read_fields",
    "top_fields",
]

NUMBER_CARDS: Final = 40
"""A, 2-10 in four suits: the number cards of one deck."""

MAX_PICTURE_DECKS: Final = 2
"""One deck's picture cards (the text), or two decks' (a reading the tips page tries)."""

MAX_DEAL: Final = 12
"""The most picture cards dealt to a player: a whole suit's worth of two decks; more would be a
table nobody reads at a glance."""

MAX_BASE: Final = 100
"""The most a picture card may be worth by itself: five times the king's 20, room for any house rule."""

MAX_LOW_END: Final = 8
"""The 2s and 3s of one deck: the end condition cannot wait for more."""

MAX_MOVE_AFTER: Final = 20
"""The most cards a turn may need to earn the five-card move; 0 turns it off."""

FIRST_PLAYER: Final = ("random", "seat_0")
"""Who starts (picture ruling 2): a seat drawn from the deal, or the first seat."""

REMOVED_SUITS: Final = ("h", "s", "d", "c", "none")
"""The suit two players take out of the deck (the text's example: hearts), or none."""


def picture_count(removed: str, decks: int, players: int) -> int:
    """The picture cards a game of ``players`` deals from: three a suit in play, per deck.

    >>> picture_count("h", 1, 2), picture_count("h", 1, 3), picture_count("none", 1, 2), picture_count("h", 2, 2)
    (9, 12, 12, 18)
    """
    suits = 3 if players == 2 and removed != "none" else 4
    return 3 * suits * decks


@dataclass(frozen=True, slots=True)
class PictureFields:
    """The picture-card game's fields (``rulesets/picture_cards.toml`` says where each comes from)."""

    removed_suit: str = "h"
    deal_two: int = 4
    deal_three: int = 4
    picture_decks: int = 1
    min_suits: int = 3
    king_base: int = 20
    queen_base: int = 10
    jack_base: int = 0
    queen_pairs: int = 2
    move_after: int = 5
    first_card_back: bool = True
    low_end: int = 3
    third_ace: int = 3
    first_player: str = "random"

    has_levels: ClassVar[bool] = False
    penalty_keys: ClassVar[tuple[str, ...]] = ()

    @property
    def deck_size(self) -> int:
        """Cards in one deck: the 40 number cards and the picture cards of ``picture_decks`` decks."""
        return NUMBER_CARDS + 12 * self.picture_decks

    def deal(self, players: int) -> int:
        """Picture cards dealt to each of ``players``."""
        return self.deal_two if players == 2 else self.deal_three

    def removed(self, players: int) -> Suit | None:
        """The suit out of the game: two players take one out, three play with all four."""
        return Suit(self.removed_suit) if players == 2 and self.removed_suit != "none" else None

    def base(self, rank: Rank) -> int:
        """What a king, queen or jack is worth by itself."""
        return {Rank.KING: self.king_base, Rank.QUEEN: self.queen_base}.get(rank, self.jack_base)

    def to_dict(self) -> dict[str, Any]:
        """The fields in the rule file's shape."""
        return {
            "removed_suit": self.removed_suit,
            "deal_two": self.deal_two,
            "deal_three": self.deal_three,
            "picture_decks": self.picture_decks,
            "min_suits": self.min_suits,
            "king_base": self.king_base,
            "queen_base": self.queen_base,
            "jack_base": self.jack_base,
            "queen_pairs": self.queen_pairs,
            "move_after": self.move_after,
            "first_card_back": self.first_card_back,
            "low_end": self.low_end,
            "third_ace": self.third_ace,
            "first_player": self.first_player,
        }


top_fields: Final = frozenset(PictureFields().to_dict())
"""The top-level fields of a rule file read here."""

_DEFAULTS: Final = PictureFields()


def read_fields(reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> PictureFields:
    """The game's fields of a rule file's top table, each in range (``reader.fail`` names the field),
    and a deal every table of the rule set can deal: the text's own counts are refused in words.

    >>> from upto9.rules import RuleReader
    >>> read_fields(RuleReader("text.toml"), {"deal_three": 5, "hand_size": 4, "min_players": 2, "max_players": 3}, frozenset())
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: text.toml: rules: deal_three: the deal cannot be dealt: 3 players dealt 5 picture cards each need 15, but the picture pile holds 12
    """
    if wild_ranks:
        raise reader.fail("rules", Message("picture_cards.rules.no_wilds"), "wild_ranks")
    d = _DEFAULTS
    fields = PictureFields(
        removed_suit=reader.choice(top, "removed_suit", "rules", REMOVED_SUITS, d.removed_suit),
        deal_two=reader.integer(top, "deal_two", "rules", 1, MAX_DEAL, default=d.deal_two),
        deal_three=reader.integer(top, "deal_three", "rules", 1, MAX_DEAL, default=d.deal_three),
        picture_decks=reader.integer(top, "picture_decks", "rules", 1, MAX_PICTURE_DECKS, default=d.picture_decks),
        min_suits=reader.integer(top, "min_suits", "rules", 0, 4, default=d.min_suits),
        king_base=reader.integer(top, "king_base", "rules", 0, MAX_BASE, default=d.king_base),
        queen_base=reader.integer(top, "queen_base", "rules", 0, MAX_BASE, default=d.queen_base),
        jack_base=reader.integer(top, "jack_base", "rules", 0, MAX_BASE, default=d.jack_base),
        queen_pairs=reader.integer(top, "queen_pairs", "rules", 2, 4, default=d.queen_pairs),
        move_after=reader.integer(top, "move_after", "rules", 0, MAX_MOVE_AFTER, default=d.move_after),
        first_card_back=reader.flag(top, "first_card_back", "rules", d.first_card_back),
        low_end=reader.integer(top, "low_end", "rules", 0, MAX_LOW_END, default=d.low_end),
        third_ace=reader.integer(top, "third_ace", "rules", 0, 4, default=d.third_ace),
        first_player=reader.choice(top, "first_player", "rules", FIRST_PLAYER, d.first_player),
    )
    keep, low, high = top.get("hand_size"), top.get("min_players"), top.get("max_players")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (keep, low, high)):
        return fields  # the engine refuses these itself, naming them
    assert isinstance(keep, int) and isinstance(low, int) and isinstance(high, int)
    if high > 3:
        raise reader.fail("rules", Message("picture_cards.rules.players", value=high), "max_players")
    for players in range(low, high + 1):
        deal, field = fields.deal(players), "deal_two" if players == 2 else "deal_three"
        pile = picture_count(fields.removed_suit, fields.picture_decks, players)
        if players * deal > pile:
            raise reader.fail("rules", Message("picture_cards.rules.undealable", players=players, deal=deal, needed=players * deal, pile=pile), field)
        if keep > deal:
            raise reader.fail("rules", Message("picture_cards.rules.keep", keep=keep, deal=deal, players=players), "hand_size")
        suits = 3 if fields.removed(players) is not None else 4
        if fields.min_suits > min(suits, keep):
            raise reader.fail("rules", Message("picture_cards.rules.min_suits", suits=fields.min_suits, players=players, most=min(suits, keep)), "min_suits")
    return fields
