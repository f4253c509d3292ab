"""3UP 3DOWN's own rule-set fields (``ThreeUpFields``): the deck, the set-up, the stated rules'
values and every optional rule of the text as a house-rule value, and the engine's turn limit (a
guard, no rule). No levels (``has_levels = False``), no wild cards.

Imports no more of the engine than ``upto9.rules`` (``upto9.plugins`` says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from upto9.cards import Rank
from upto9.messages import Items, Message
from upto9.rules import RuleReader

__all__ = [
    "FIRST_PLAYER",
    "MAX_CLEARS",
    "MAX_COLOURS",
    "MAX_ROUNDS",
    "MAX_TURN_LIMIT",
    "MIN_TURN_LIMIT",
    "SCORE_ZONES",
    "ThreeUpFields",
    "read_fields",
    "top_fields",
]

MAX_COLOURS: Final = 7
"""The colours the family names (``cards.COLOURS``): a deck has at most seven."""

MAX_CLEARS: Final = 16
"""The most cards of one kind of clear: about twice the game's 7 Clears; more would clear nearly
every turn and leave no game to explore."""

MAX_STACK: Final = 5
"""The most face-down or face-up cards a seat gets: the table's row of stacks stays readable."""

MAX_ROUNDS: Final = 20
"""The most games in a game of points: a long evening of a 15-minute game."""

MIN_TURN_LIMIT: Final = 50
"""The fewest turns the guard may be set to: the quickest games of ``ThreeUpBot`` take about 50
turns (6 players; 2 players: about 70), so a lower limit would end every game before it could be
won (the standard limit is 1,000:
games of ``ThreeUpBot`` take about 90 turns at the median and at most 135 in 800 games of 2-6
players; a longer one is two players handing a pile back and forth)."""

MAX_TURN_LIMIT: Final = 100_000
"""The most turns the guard may allow: a cycling game of software players must still end in seconds."""

FIRST_PLAYER: Final = ("random", "left_of_dealer")
"""Who starts a game (T2): a seeded random seat (ruling 2), or the seat left of the dealer."""

SCORE_ZONES: Final = ("hand", "up", "down")
"""Where a seat's cards are counted at the end (T17)."""


@dataclass(frozen=True, slots=True)
class ThreeUpFields:
    """3UP 3DOWN's fields (``rulesets/threeup.toml`` says where each value comes from)."""

    colours: int = 7
    clears: int = 7
    clears_plus_1: int = 6
    clears_plus_2: int = 1
    face_down: int = 3
    face_up: int = 3
    same_in_a_row: int = 3
    first_player: str = "random"
    must_play: bool = True
    play_out: bool = False
    reverse_ones: bool = False
    colour_swap: bool = False
    swap_piles: bool = False
    rounds: int = 1
    score_zones: tuple[str, ...] = SCORE_ZONES
    turn_limit: int = 1000

    has_levels: ClassVar[bool] = False
    penalty_keys: ClassVar[tuple[str, ...]] = (*(str(n) for n in range(1, 11)), "clear", "clear+1", "clear+2")

    @property
    def deck_size(self) -> int:
        """Cards in the deck: ten numbers per colour and the clears."""
        return self.colours * 10 + self.clears + self.clears_plus_1 + self.clears_plus_2

    def to_dict(self) -> dict[str, Any]:
        """The fields in the rule file's shape."""
        return {
            "colours": self.colours,
            "clears": self.clears,
            "clears_plus_1": self.clears_plus_1,
            "clears_plus_2": self.clears_plus_2,
            "face_down": self.face_down,
            "face_up": self.face_up,
            "same_in_a_row": self.same_in_a_row,
            "first_player": self.first_player,
            "must_play": self.must_play,
            "play_out": self.play_out,
            "reverse_ones": self.reverse_ones,
            "colour_swap": self.colour_swap,
            "swap_piles": self.swap_piles,
            "rounds": self.rounds,
            "score_zones": list(self.score_zones),
            "turn_limit": self.turn_limit,
        }


top_fields: Final = frozenset(ThreeUpFields().to_dict())
"""The top-level fields of a rule file read here."""

_DEFAULTS: Final = ThreeUpFields()


def read_fields(reader: RuleReader, top: Mapping[str, Any], wild_ranks: frozenset[Rank]) -> ThreeUpFields:
    """3UP 3DOWN's fields of a rule file's top table, each in range (``reader.fail`` names the
    field); the deck must hold the set-up of the most players (``threeup.rules.too_few_cards``).

    >>> from upto9.rules import RuleReader
    >>> read_fields(RuleReader("house.toml"), {"colours": 8}, frozenset())
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: house.toml: rules: colours: must be a whole number from 1 to 7, got 8
    """
    if wild_ranks:
        raise reader.fail("rules", Message("threeup.rules.no_wilds"), "wild_ranks")
    d = _DEFAULTS
    zones = top.get("score_zones", list(d.score_zones))
    if not isinstance(zones, list) or not zones or any(z not in SCORE_ZONES for z in zones) or len(set(zones)) != len(zones):
        raise reader.fail("rules", Message("threeup.rules.zones", zones=Items(tuple(repr(z) for z in SCORE_ZONES)), value=repr(zones)[:80]), "score_zones")
    fields = ThreeUpFields(
        colours=reader.integer(top, "colours", "rules", 1, MAX_COLOURS, default=d.colours),
        clears=reader.integer(top, "clears", "rules", 0, MAX_CLEARS, default=d.clears),
        clears_plus_1=reader.integer(top, "clears_plus_1", "rules", 0, MAX_CLEARS, default=d.clears_plus_1),
        clears_plus_2=reader.integer(top, "clears_plus_2", "rules", 0, MAX_CLEARS, default=d.clears_plus_2),
        face_down=reader.integer(top, "face_down", "rules", 1, MAX_STACK, default=d.face_down),
        face_up=reader.integer(top, "face_up", "rules", 1, MAX_STACK, default=d.face_up),
        same_in_a_row=reader.integer(top, "same_in_a_row", "rules", 2, MAX_COLOURS, default=d.same_in_a_row),
        first_player=reader.choice(top, "first_player", "rules", FIRST_PLAYER, d.first_player),
        must_play=reader.flag(top, "must_play", "rules", d.must_play),
        play_out=reader.flag(top, "play_out", "rules", d.play_out),
        reverse_ones=reader.flag(top, "reverse_ones", "rules", d.reverse_ones),
        colour_swap=reader.flag(top, "colour_swap", "rules", d.colour_swap),
        swap_piles=reader.flag(top, "swap_piles", "rules", d.swap_piles),
        rounds=reader.integer(top, "rounds", "rules", 1, MAX_ROUNDS, default=d.rounds),
        score_zones=tuple(str(z) for z in zones),
        turn_limit=reader.integer(top, "turn_limit", "rules", MIN_TURN_LIMIT, MAX_TURN_LIMIT, default=d.turn_limit),
    )
    hand_size = top.get("hand_size")
    most = top.get("max_players")
    if isinstance(hand_size, int) and isinstance(most, int) and not isinstance(hand_size | most, bool):
        needed = most * (fields.face_down + fields.face_up + hand_size)
        if needed > fields.deck_size:
            raise reader.fail("rules", Message("threeup.rules.too_few_cards", players=most, needed=needed, cards=fields.deck_size), "colours")
    return fields
