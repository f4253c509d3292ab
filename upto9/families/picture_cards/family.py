"""The picture-card game's ``FAMILY``: the game as the engine asks it (``upto9.family.GameFamily``,
the core: no levels). A game is the engine's generic game of rounds (``upto9.rounds.RoundsGame``)
of one round: one round is one whole game. The round's ``scores()`` count the seats placed ahead
(fewer is better, as the engine's totals add up); the suits and points are in the record's ``end``.

>>> from upto9.simulate import play_game
>>> from upto9.families.picture_cards.game import END_REASONS
>>> game = play_game(players=2, rules=FAMILY.rules, seed=4, any_family=True)
>>> game.over, game.round.end["reason"] in END_REASONS, game.winners == tuple(game.round.end["winners"])
(True, True, True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Final

from upto9.cards import Card, CardError, PlayingCard, Rank, full_deck, parse_card_token, read_one
from upto9.families.picture_cards.bot import BestStopBot, RiskBot, StopAfterBot
from upto9.families.picture_cards.game import (
    BUST,
    ENGINE_RECORDS,
    Draw,
    Drew,
    Ended,
    Keep,
    Kept,
    Lose,
    Lost,
    PictureRound,
    PictureView,
    Place,
    Placed,
    Shift,
    Shifted,
    Stay,
    Stayed,
    Stop,
    Stopped,
    fields_of,
    legal_moves,
)
from upto9.family import Coaching, FamilyGame, FamilyRecord, FamilyRound, FamilyView, GameFamily, card_words
from upto9.messages import Items, Message, Param, message_of
from upto9.records import RecordError
from upto9.rounds import RoundsGame
from upto9.rules import Rules, rules_from_dict

if TYPE_CHECKING:
    from upto9.families.picture_cards.coach import CoachBot

__all__ = ["ACTIONS", "FAMILY", "PictureFamily", "read_card"]

ACTIONS: Final = ("keep", "draw", "stop", "place", "lose", "shift", "stay", *ENGINE_RECORDS)
"""Every action type of a picture-card record."""


def read_card(token: str) -> Card:
    """One standard card in English or Norwegian letters (``Kh``, ``Dk`` the queen of clubs,
    ``Knr`` the jack of diamonds, ``10♦``): the Norwegian notation reads the English letters too,
    with the same meaning, so one reader serves both languages; records write the English text.

    >>> read_card("Dk"), read_card("Qc"), read_card("Knr"), read_card("E♠")
    (Card('Qc'), Card('Qc'), Card('Jd'), Card('As'))
    """
    return parse_card_token(token, "nb")


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise RecordError(Message("picture_cards.record.missing", field=name))
    return data[name]


def _card(value: Any, name: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(Message("picture_cards.record.field", field=name, value=repr(value)[:80]))
    try:
        return read_one(value, read_card)
    except CardError as error:
        raise RecordError(Message("picture_cards.record.card", field=name, reason=message_of(error))) from None


def _slot(data: Mapping[str, Any], name: str) -> int:
    value = _field(data, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(Message("picture_cards.record.field", field=name, value=repr(value)[:80]))
    return value


_word = card_words
"""A standard card's name in words (``'queen of spades'`` / ``'spardame'``): the family that draws the standard deck says it."""


def _words(cards: Sequence[PlayingCard]) -> Items:
    return Items(tuple(card_words(c) for c in cards), "and")


class PictureFamily:
    """The picture-card family."""

    key = "picture_cards"
    name = "Picture cards"
    level_word = "level"  # never used: a picture-card rule set has no levels
    round_fields: Final = ("first", "redeals", "end")
    """The family's own fields of a record's round: who started, how often the picture cards were
    dealt again (PC4), and why and how the game ended."""
    game_column_names: Final = ("turns", "end", "draw", "busts", "aces", "shifts", *(f"suits_{p}" for p in range(3)))
    """``simulate``'s own columns of a game (``game_columns``): the suits won by seat (empty past the table)."""
    round_column_names: Final = ("turns", "first", "end")

    @cached_property
    def rules(self) -> Rules:
        """The standard rule set, ``rulesets/picture_cards.toml``."""
        path = resources.files("upto9.families.picture_cards").joinpath("rulesets", "picture_cards.toml")
        return rules_from_dict(tomllib.loads(path.read_text(encoding="utf-8")), "upto9/families/picture_cards/rulesets/picture_cards.toml")

    @property
    def catalog(self) -> Traversable:
        """The family's message domain: ``locale/<lang>/LC_MESSAGES/picture_cards.po``."""
        return resources.files("upto9.families.picture_cards").joinpath("locale")

    def read_token(self, token: str) -> PlayingCard:
        return read_card(token)

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]:
        """The 52 cards, and the picture cards of a second deck when the rule set asks for two (a reading of the deal)."""
        deck = full_deck()
        extra = tuple(c for c in deck if c.rank >= 11) * (fields_of(rules).picture_decks - 1)
        return (*deck, *extra)

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool:
        return False

    def bots(self) -> dict[str, Callable[[int | str | None], StopAfterBot | RiskBot | BestStopBot | CoachBot]]:
        """The family's bots by name; the first is the default player; ``"coach"`` plays the
        coach's moves (``coach``: ``BestStopBot``'s)."""
        from upto9.families.picture_cards.coach import CoachBot  # the coach words cards as this module does

        return {"stop_after_3": StopAfterBot, "risk_30": RiskBot, "best": BestStopBot, "coach": CoachBot}

    def coach(self, view: FamilyView, seed: int = 0) -> Coaching:
        """The coach's answer for the seat to move (``upto9.family.CoachedFamily``), from its view alone:
        ``upto9.families.picture_cards.coach.coach``.

        >>> from upto9.family import CoachedFamily
        >>> from upto9.families.picture_cards.game import PictureRound
        >>> rnd = PictureRound(FAMILY.rules, 2, 0, full_deck())
        >>> isinstance(FAMILY, CoachedFamily), FAMILY.coach(rnd.view(rnd.turn)).move
        (True, Draw())
        """
        from upto9.families.picture_cards.coach import coach

        return coach(view, seed)

    # --- how the round stepper tells and draws a game (upto9.family.DescribedFamily) ---

    stacks: Final = ("pile",)
    """The zones drawn as a face-down stack with its size: the number pile."""

    def describe(self, record: FamilyRecord, seat: int | None = None, names: Sequence[str] = ()) -> Message:
        """One step of a game in words. Every seat sees every card drawn and placed (picture
        ruling 10), so ``seat`` changes nothing here; ``names`` are the seats' names (default
        ``'Player 1'``...).

        >>> from upto9.messages import render
        >>> from upto9.families.picture_cards.game import Drew, Placed
        >>> render(FAMILY.describe(Drew(0, read_card("2s")), 1, ("Ann", "Bob")))
        'Ann draws 2 of spades: a 2 or a 3 ends the turn; it is laid aside and the cards drawn this turn go back into the number pile.'
        >>> render(FAMILY.describe(Placed(1, read_card("7h"), 0), 0), "nb")
        'Spiller 2 legger hjerter 7 på bildekortet på plass 1.'
        """
        data = record.to_dict()
        owner = data.get("player")
        name: Param = ""
        if isinstance(owner, int):
            name = names[owner] if 0 <= owner < len(names) else Message("picture_cards.say.seat", n=owner + 1)
        if isinstance(record, Kept):
            return Message("picture_cards.say.keep", name=name, cards=_words(record.cards))
        if isinstance(record, Drew):
            said = self._drew(record, name)
            if record.back:
                said = Message("picture_cards.say.back", said=said, cards=_words(record.back))
            return said
        if isinstance(record, Stopped):
            return Message("picture_cards.say.stop", name=name)
        if isinstance(record, Placed):
            return Message("picture_cards.say.place", name=name, card=_word(record.card), n=record.slot + 1)
        if isinstance(record, Lost):
            if not record.cards:
                return Message("picture_cards.say.lose_bare", name=name, picture=_word(record.picture))
            return Message("picture_cards.say.lose", name=name, picture=_word(record.picture), n=len(record.cards))
        if isinstance(record, Shifted):
            return Message("picture_cards.say.shift", name=name, card=_word(record.card), source=record.source + 1, target=record.target + 1)
        if isinstance(record, Stayed):
            return Message("picture_cards.say.stay", name=name)
        if isinstance(record, Ended):
            return Message("picture_cards.say.end", why=Message(f"picture_cards.say.end.{record.reason}"))
        return Message("picture_cards.say.other", kind=str(data.get("type", "?")))

    def groups(self, rnd: FamilyRound) -> dict[str, tuple[str, tuple[tuple[PlayingCard, ...], ...]]]:
        """The number cards placed on each picture card (PC7): ``"placed.<seat>"`` lies on
        ``"hand.<seat>"``, one group per picture card still held (``upto9.family.DescribedFamily.groups``).

        >>> from upto9.simulate import play_game
        >>> game = play_game(players=2, rules=FAMILY.rules, seed=4, any_family=True)
        >>> found = FAMILY.groups(game.round)
        >>> base, piles = found["placed.0"]
        >>> base, len(piles) == len(game.round.zones()["hand.0"]), sum(piles, ()) == game.round.zones()["placed.0"]
        ('hand.0', True, True)
        """
        assert isinstance(rnd, PictureRound), rnd
        return {
            f"placed.{p}": (f"hand.{p}", tuple(tuple(rnd.placed[p][slot]) for slot, picture in enumerate(rnd.pictures[p]) if picture is not None))
            for p in range(rnd.players)
        }

    @staticmethod
    def _drew(record: Drew, name: Param) -> Message:
        card = record.card
        if card is None:
            return Message("picture_cards.say.no_draw", name=name)
        if card.rank in BUST:
            return Message("picture_cards.say.draw_low", name=name, card=_word(card))
        if card.rank == Rank.ACE:
            return Message("picture_cards.say.draw_ace", name=name, card=_word(card))
        return Message("picture_cards.say.draw", name=name, card=_word(card))

    def new_game(self, rules: Rules, players: int, seed: int | str, names: Sequence[str] | None) -> FamilyGame:
        return RoundsGame(self, rules, players, seed, names)

    def new_round(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> FamilyRound:
        return PictureRound(rules, players, dealer, deck)

    def legal_moves(self, view: FamilyView) -> Sequence[object]:
        return legal_moves(view) if isinstance(view, PictureView) else []

    def round_record(self, rnd: FamilyRound) -> dict[str, Any]:
        """What a record's round holds beyond the generic fields (``round_fields``)."""
        assert isinstance(rnd, PictureRound), rnd
        return {"first": rnd.first, "redeals": rnd.redeals, "end": rnd.end}

    def game_columns(self, game: FamilyGame) -> dict[str, Any]:
        """``simulate``'s own measures of a game: turns, why it ended, whether it was a draw, the
        2s and 3s that ended a turn, the aces drawn, the five-card moves made, the suits each seat won."""
        rnd = game.round
        assert isinstance(rnd, PictureRound), rnd
        end = rnd.end or {}
        won = list(end.get("won", []))
        shifts = sum(1 for r in rnd.history if r.to_dict()["type"] == "shift")
        return {
            "turns": rnd.turns,
            "end": end.get("reason", ""),
            "draw": bool(end.get("draw", False)),
            "busts": len(rnd.aside),
            "aces": sum(rnd.aces),
            "shifts": shifts,
            **{f"suits_{p}": (won[p] if p < len(won) else None) for p in range(3)},
        }

    def round_columns(self, rnd: FamilyRound) -> dict[str, Any]:
        assert isinstance(rnd, PictureRound), rnd
        return {"turns": rnd.turns, "first": rnd.first, "end": rnd.reason or ""}

    def move_from_dict(self, data: Mapping[str, Any], rnd: FamilyRound) -> object | None:
        """The move a record's action asks for; ``None`` for the round's own record of the end.
        ``RecordError`` names the field that is wrong."""
        kind = data.get("type")
        if kind in ENGINE_RECORDS:
            return None
        if kind == "keep":
            value = _field(data, "cards")
            if not isinstance(value, list) or not value or len(value) > 24:
                raise RecordError(Message("picture_cards.record.field", field="cards", value=repr(value)[:80]))
            return Keep(tuple(_card(v, "cards") for v in value))
        if kind == "draw":
            return Draw()
        if kind == "stop":
            return Stop()
        if kind == "place":
            return Place(_card(_field(data, "card"), "card"), _slot(data, "slot"))
        if kind == "lose":
            return Lose(_slot(data, "slot"))
        if kind == "shift":
            return Shift(_card(_field(data, "card"), "card"), _slot(data, "source"), _slot(data, "target"))
        if kind == "stay":
            return Stay()
        raise RecordError(Message("picture_cards.record.type", value=repr(kind)[:80], types=Items(ACTIONS, "comma")))


FAMILY: GameFamily = PictureFamily()
"""The family's one object, registered under ``upto9.families`` as ``picture_cards``."""
