"""Toyshed's ``FAMILY``: the game as the engine asks it (``upto9.family.GameFamily``, the core
only: no levels, so no ``RummyFamily`` members). Its games are the engine's generic game of
rounds (``upto9.rounds.RoundsGame``), ``rules.fields.rounds`` rounds long.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from upto9.cards import Card, CardError, PlayingCard, full_deck, parse_card_token, read_one
from upto9.family import FamilyGame, FamilyRound, FamilyView, GameFamily
from upto9.messages import Message
from upto9.records import RecordError
from upto9.rounds import RoundsGame
from upto9.rules import Rules, rules_from_dict

from .game import PickUp, Play, PlayBlind, ToyRound, ToyView, height, legal_moves

__all__ = ["FAMILY", "LowestBot", "ToyshedFamily"]

_ENGINE_RECORDS = ("draw_up", "finish")  # what the round records by itself: a replay matches them


class LowestBot:
    """Plays the lowest card that fits (a 10 last), else picks up; blind, the leftmost slot."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed

    def act(self, view: FamilyView) -> object:
        assert isinstance(view, ToyView), view
        moves = legal_moves(view)
        if not moves:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:
            return min(plays, key=lambda m: (m.card.rank == 10, height(m.card)))
        return moves[0]


class ToyshedFamily:
    """The Toyshed family."""

    key = "toyshed"
    name = "Toyshed"
    level_word = "level"  # never used: a Toyshed rule set has no levels

    @cached_property
    def rules(self) -> Rules:
        """The standard rule set, ``rulesets/toyshed.toml``."""
        path = resources.files(__package__ or "toyshed").joinpath("rulesets", "toyshed.toml")
        return rules_from_dict(tomllib.loads(path.read_text(encoding="utf-8")), "toyshed/rulesets/toyshed.toml")

    @property
    def catalog(self) -> Traversable:
        """The family's message domain: ``locale/<lang>/LC_MESSAGES/toyshed.po``."""
        return resources.files(__package__ or "toyshed").joinpath("locale")

    def read_token(self, token: str) -> PlayingCard:
        return parse_card_token(token)

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]:
        return full_deck()

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool:
        return False

    def bots(self) -> dict[str, type[LowestBot]]:
        """The family's bots by name; the first is the default player."""
        return {"lowest": LowestBot}

    def new_game(self, rules: Rules, players: int, seed: int | str, names: Sequence[str] | None) -> FamilyGame:
        return RoundsGame(self, rules, players, seed, names)

    def new_round(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> FamilyRound:
        return ToyRound(rules, players, dealer, deck)

    def legal_moves(self, view: FamilyView) -> Sequence[object]:
        return legal_moves(view) if isinstance(view, ToyView) else []

    def move_from_dict(self, data: Mapping[str, Any], rnd: FamilyRound) -> object | None:
        """The move a record's action asks for; ``None`` for the round's own records (drawing up,
        the end). ``RecordError`` names the field that is wrong."""
        kind = data.get("type")
        if kind in _ENGINE_RECORDS:
            return None
        if kind == "play":
            card = data.get("card")
            if not isinstance(card, str):
                raise RecordError(Message("toyshed.record.field", field="card", value=repr(card)[:80]))
            try:
                read = read_one(card, parse_card_token)
            except CardError as error:
                raise RecordError(Message("toyshed.record.card", reason=str(error)[:80])) from None
            assert isinstance(read, Card)
            return Play(read)
        if kind == "pick_up":
            return PickUp()
        if kind == "blind":
            slot = data.get("slot")
            if isinstance(slot, bool) or not isinstance(slot, int):
                raise RecordError(Message("toyshed.record.field", field="slot", value=repr(slot)[:80]))
            return PlayBlind(slot)
        raise RecordError(Message("toyshed.record.type", value=repr(kind)[:80]))


FAMILY: GameFamily = ToyshedFamily()
"""The family's one object, registered under ``upto9.families`` as ``toyshed``."""
