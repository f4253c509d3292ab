"""3UP 3DOWN's ``FAMILY``: the game as the engine asks it (``upto9.family.GameFamily``, the core:
no levels, so no ``RummyFamily`` members). A game is the engine's generic game of rounds
(``upto9.rounds.RoundsGame``): one round is one game of 3UP 3DOWN, ``rounds`` of them with the
optional points rule.

>>> from upto9.simulate import play_game
>>> game = play_game(players=3, rules=FAMILY.rules, seed=4, any_family=True)
>>> game.over, game.round.end["reason"], game.winners == (game.round.end["places"][0],)
(True, 'out', True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from upto9.cards import CardError, PlayingCard, read_one
from upto9.families.threeup.bot import SamplingBot, ThreeUpBot
from upto9.families.threeup.cards import COLOURS, ThreeUpCard, parse_threeup_token, threeup_deck
from upto9.families.threeup.coach import CoachBot, coach
from upto9.families.threeup.round import (
    ENGINE_RECORDS,
    ChooseUp,
    ChoseUp,
    Draw,
    Drew,
    DrewUp,
    Finished,
    KeepUp,
    KeptUp,
    PickedUp,
    PickUp,
    Play,
    PlayBlind,
    Played,
    PlayedBlind,
    Source,
    Stopped,
    SwappedPiles,
    SwappedUp,
    SwapUp,
    ThreeUpRound,
    ThreeUpView,
    fields_of,
    legal_moves,
)
from upto9.family import Coaching, FamilyGame, FamilyRecord, FamilyRound, FamilyView
from upto9.looks import CardLook
from upto9.messages import Items, Message, Param
from upto9.records import RecordError
from upto9.rounds import RoundsGame
from upto9.rules import Rules, rules_from_dict

__all__ = ["FAMILY", "ThreeUpFamily"]

ACTIONS: Final = ("choose_up", "play", "blind", "pick_up", "draw", "swap_up", "keep_up", *ENGINE_RECORDS)
"""Every action type of a 3UP 3DOWN record (``docs/records.md``)."""


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise RecordError(Message("threeup.record.missing", field=name))
    return data[name]


def _card(value: Any, name: str) -> ThreeUpCard:
    if not isinstance(value, str):
        raise RecordError(Message("threeup.record.field", field=name, value=repr(value)[:80]))
    try:
        return read_one(value, parse_threeup_token)
    except CardError as error:
        raise RecordError(Message("threeup.record.card", field=name, reason=str(error)[:120])) from None


def _cards(value: Any, name: str) -> tuple[ThreeUpCard, ...]:
    if not isinstance(value, list) or not value or len(value) > 84:
        raise RecordError(Message("threeup.record.field", field=name, value=repr(value)[:80]))
    return tuple(_card(v, name) for v in value)


class ThreeUpFamily:
    """The 3UP 3DOWN family."""

    key = "threeup"
    name = "3UP 3DOWN"
    level_word = "level"  # never used: a 3UP 3DOWN rule set has no levels
    round_fields: Final = ("first", "end")
    """The family's own fields of a record's round: who started, and why and how it ended."""
    game_column_names: Final = ("turns", "end", "pick_ups", "clears", "picked_up_cards", "blind_failed")
    """``simulate``'s own columns of a game (``game_columns``)."""
    round_column_names: Final = ("turns", "first", "end")
    """``simulate``'s own columns of a round (``round_columns``)."""

    @cached_property
    def rules(self) -> Rules:
        """The standard rule set, ``rulesets/threeup.toml``."""
        path = resources.files("upto9.families.threeup").joinpath("rulesets", "threeup.toml")
        return rules_from_dict(tomllib.loads(path.read_text(encoding="utf-8")), "upto9/families/threeup/rulesets/threeup.toml")

    @property
    def catalog(self) -> Traversable:
        """The family's message domain: ``locale/<lang>/LC_MESSAGES/threeup.po``."""
        return resources.files("upto9.families.threeup").joinpath("locale")

    def read_token(self, token: str) -> PlayingCard:
        return parse_threeup_token(token)

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]:
        f = fields_of(rules)
        return threeup_deck(f.colours, f.clears, f.clears_plus_1, f.clears_plus_2)

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool:
        return False

    # --- how the pages draw its cards (upto9.family.DrawnFamily) ---

    def owns(self, value: object) -> bool:
        """Is ``value`` a 3UP 3DOWN card?"""
        return isinstance(value, ThreeUpCard)

    def card_look(self, card: PlayingCard) -> CardLook:
        """A number on its colour's face (the tone is the colour's letter), or a clear (``C``,
        ``C+1``, ``C+2``, tone ``'clear'``).

        >>> from upto9.families.threeup.cards import CLEAR_1
        >>> FAMILY.card_look(FAMILY.read_token("7o")), FAMILY.card_look(CLEAR_1).text
        (CardLook(text='7', tone='o', faced=True, tag=None, names_it=False), 'C+1')
        """
        assert isinstance(card, ThreeUpCard), card
        if card.clear:
            return CardLook(card.glyph, "clear", faced=True)
        assert card.colour is not None
        return CardLook(card.glyph, card.colour.value, faced=True, names_it=False)

    def card_words(self, card: PlayingCard) -> Message:
        """A card's name: ``'orange 7'`` / ``'oransje 7'``, ``'Clear +1'``.

        >>> from upto9.messages import render
        >>> [render(FAMILY.card_words(FAMILY.read_token(t)), "nb") for t in ("7o", "C2")]
        ['oransje 7', 'Clear +2']
        """
        assert isinstance(card, ThreeUpCard), card
        if card.clear:
            return Message(f"threeup.look.{card.clear.word}")
        assert card.colour is not None
        return Message("threeup.look.numbered", colour=Message(f"threeup.colour.{card.colour.noun}"), number=card.number)

    def sort_key(self, card: PlayingCard) -> tuple[int, int, int]:
        """A hand low to high, a number's colours in the deck's order, the clears last."""
        assert isinstance(card, ThreeUpCard), card
        return (int(card.clear), card.number, card.colour.order if card.colour is not None else len(COLOURS))

    # --- how the round stepper tells and draws a round (upto9.family.DescribedFamily) ---

    stacks: Final = ("deck",)
    """The zones drawn as a face-down stack with its size: the draw pile."""

    def describe(self, record: FamilyRecord, seat: int | None = None, names: Sequence[str] = ()) -> Message:
        """One step of a round in words, as ``seat`` may know it (``None``: the whole table, every
        card named; ruling 9): another seat's draws and a 3DOWN card it took up unseen are not
        named. ``names`` are the seats' names (default ``'Player 1'``...).

        >>> from upto9.messages import render
        >>> from upto9.families.threeup.round import PlayedBlind
        >>> blind = PlayedBlind(1, 0, FAMILY.read_token("2r"), False, picked_up=(FAMILY.read_token("9b"),))
        >>> render(FAMILY.describe(blind, 0, ("Ann", "Bob")))
        'Bob takes up a 3DOWN card unseen: it does not fit, so it goes into the hand with the pile (2 cards in all).'
        >>> render(FAMILY.describe(blind, None, ("Ann", "Bob")), "nb")
        'Bob snur et 3DOWN-kort, rød 2: det passer ikke, så det går på hånda sammen med bunken (2 kort i alt).'
        """
        data = record.to_dict()
        owner = data.get("player")
        name: Param = ""
        if isinstance(owner, int):
            name = names[owner] if 0 <= owner < len(names) else Message("threeup.say.seat", n=owner + 1)
        sees = seat is None or seat == owner  # the owner's own cards, or the whole table's eyes
        if isinstance(record, ChoseUp):
            if sees:
                return Message("threeup.say.choose_up", name=name, cards=self._words(record.cards))
            return Message("threeup.say.choose_up_hidden", name=name, n=len(record.cards))
        if isinstance(record, Played):
            said = Message("threeup.say.play_up" if record.source is Source.UP else "threeup.say.play", name=name, cards=self._words(record.cards))
            return self._after(said, record.clears, record.reversed)
        if isinstance(record, PlayedBlind):
            if record.played:
                return self._after(Message("threeup.say.blind", name=name, card=self.card_words(record.card)), record.clears, record.reversed)
            n = len(record.picked_up) + 1
            if sees:
                return Message("threeup.say.blind_taken", name=name, card=self.card_words(record.card), n=n)
            return Message("threeup.say.blind_taken_hidden", name=name, n=n)
        if isinstance(record, PickedUp):
            return Message("threeup.say.pick_up", name=name, n=len(record.cards))
        if isinstance(record, Drew):
            return Message("threeup.say.draw", name=name, card=self.card_words(record.card)) if sees else Message("threeup.say.draw_hidden", name=name)
        if isinstance(record, DrewUp):
            if sees:
                return Message("threeup.say.draw_up", name=name, cards=self._words(record.cards), n=len(record.cards))
            return Message("threeup.say.draw_up_hidden", name=name, n=len(record.cards))
        if isinstance(record, SwappedUp):
            return Message("threeup.say.swap_up", name=name, hand=self.card_words(record.hand), up=self.card_words(record.up))
        if isinstance(record, KeptUp):
            return Message("threeup.say.keep_up", name=name)
        if isinstance(record, SwappedPiles):
            return Message("threeup.say.swap_piles")
        if isinstance(record, Finished):
            return Message("threeup.say.won", name=name) if record.place == 1 else Message("threeup.say.finished", name=name, place=record.place)
        if isinstance(record, Stopped):
            return Message("threeup.say.turn_limit", turns=record.turns)
        return Message("threeup.say.other", kind=str(data.get("type", "?")))

    def groups(self, rnd: FamilyRound) -> dict[str, tuple[str, tuple[tuple[PlayingCard, ...], ...]]]:
        """No 3UP 3DOWN card lies on another: each 3UP card lies on a 3DOWN card, but the 3DOWN card
        is its own zone, face down (``upto9.family.DescribedFamily.groups``)."""
        return {}

    def _words(self, cards: Sequence[PlayingCard]) -> Items:
        return Items(tuple(self.card_words(c) for c in cards), "and")

    @staticmethod
    def _after(said: Message, clears: str | None, turned: bool) -> Message:
        """A play, and what it did to the pile (a clear) or to the direction of play."""
        if clears is not None:
            said = Message("threeup.say.cleared", said=said)
        if turned:
            said = Message("threeup.say.reversed", said=said)
        return said

    def bots(self) -> dict[str, type[ThreeUpBot] | type[SamplingBot]]:
        """The family's bots by name; the first is the default player; ``"coach"`` plays the coach's moves."""
        return {"heuristic": ThreeUpBot, "sampling": SamplingBot, "coach": CoachBot}

    def coach(self, view: FamilyView, seed: int = 0) -> Coaching:
        """The coach's advice for the seat to move, from its view alone (``upto9.families.threeup.coach``).

        >>> from upto9.family import CoachedFamily
        >>> isinstance(FAMILY, CoachedFamily), sorted(FAMILY.bots())
        (True, ['coach', 'heuristic', 'sampling'])
        """
        return coach(view, seed)

    def new_game(self, rules: Rules, players: int, seed: int | str, names: Sequence[str] | None) -> FamilyGame:
        return RoundsGame(self, rules, players, seed, names)

    def new_round(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> FamilyRound:
        return ThreeUpRound(rules, players, dealer, deck)

    def legal_moves(self, view: FamilyView) -> Sequence[object]:
        return legal_moves(view) if isinstance(view, ThreeUpView) else []

    def winners(self, game: FamilyGame) -> tuple[int, ...]:
        """T15, T17: a single game's winner is the player who went out first (none when the turn
        limit ended it); over several games (``rounds > 1``) the fewest total points, a tie shared."""
        if fields_of(game.rules).rounds == 1:
            end = getattr(game.round, "end", None)
            return (end["places"][0],) if end is not None and end["reason"] == "out" else ()
        fewest = min(game.totals)
        return tuple(p for p in range(game.players) if game.totals[p] == fewest)

    def round_record(self, rnd: FamilyRound) -> dict[str, Any]:
        """What a record's round holds beyond the generic fields (``round_fields``)."""
        assert isinstance(rnd, ThreeUpRound), rnd
        return {"first": rnd.first, "end": rnd.end}

    def game_columns(self, game: FamilyGame) -> dict[str, Any]:
        """``simulate``'s own measures of a game: turns, why it ended, pick-ups, clears, cards picked up, blind cards that failed."""
        turns = pick_ups = clears = taken = failed = 0
        reasons = []
        for rnd in game.rounds:
            assert isinstance(rnd, ThreeUpRound), rnd
            turns += rnd.turns
            reasons.append(rnd.reason or "")
            for record in rnd.history:
                if isinstance(record, PickedUp):
                    pick_ups += 1
                    taken += len(record.cards)
                elif isinstance(record, PlayedBlind) and not record.played:
                    failed += 1
                    pick_ups += 1
                    taken += len(record.picked_up) + 1
                if isinstance(record, Played | PlayedBlind) and record.clears is not None:
                    clears += 1
        return {"turns": turns, "end": ",".join(reasons), "pick_ups": pick_ups, "clears": clears, "picked_up_cards": taken, "blind_failed": failed}

    def round_columns(self, rnd: FamilyRound) -> dict[str, Any]:
        """``simulate``'s own measures of a round: its turns, who started and why it ended."""
        assert isinstance(rnd, ThreeUpRound), rnd
        return {"turns": rnd.turns, "first": rnd.first, "end": rnd.reason or ""}

    def move_from_dict(self, data: Mapping[str, Any], rnd: FamilyRound) -> object | None:
        """The move a record's action asks for; ``None`` for the round's own records (drawing up,
        the piles swapped, a finish, the turn limit). ``RecordError`` names the field that is wrong."""
        kind = data.get("type")
        if kind in ENGINE_RECORDS:
            return None
        if kind == "choose_up":
            return ChooseUp(tuple(sorted(_cards(_field(data, "cards"), "cards"), key=lambda c: c.key)))
        if kind == "play":
            source = _field(data, "source")
            if source not in tuple(Source):
                raise RecordError(Message("threeup.record.field", field="source", value=repr(source)[:80]))
            return Play(Source(source), _cards(_field(data, "cards"), "cards"))
        if kind == "blind":
            slot = _field(data, "slot")
            if isinstance(slot, bool) or not isinstance(slot, int):
                raise RecordError(Message("threeup.record.field", field="slot", value=repr(slot)[:80]))
            return PlayBlind(slot)
        if kind == "pick_up":
            return PickUp()
        if kind == "draw":
            return Draw()
        if kind == "swap_up":
            return SwapUp(_card(_field(data, "hand"), "hand"), _card(_field(data, "up"), "up"))
        if kind == "keep_up":
            return KeepUp()
        raise RecordError(Message("threeup.record.type", value=repr(kind)[:80], types=Items(ACTIONS, "comma")))


FAMILY: ThreeUpFamily = ThreeUpFamily()
"""The family's one object, registered under ``upto9.families`` as ``threeup``."""
