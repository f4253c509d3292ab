"""Toyshed's round: moves, records, the view and the rules, each rule one named check.

The rules (numbered as the tests name them):

- **S1 Deal.** From the dealer's left, one card at a time: three rounds face down, then
  ``rules.hand_size`` rounds into the hands; the rest is the deck. The player left of the dealer
  starts; play goes clockwise.
- **S2 Equal or higher.** Play one card from the hand, equal to or higher than the pile's top
  card (2 low, ace high); on an empty pile any card goes (``toyshed.lower``).
- **S3 The 10 clears.** A 10 goes on anything; the pile, the 10 with it, leaves the game.
- **S4 Must play, else pick up.** A player who can play must (``toyshed.must_play``); one who
  cannot picks up the whole pile into the hand (``PickUp``).
- **S5 Draw up.** After a play from the hand, the player draws back up to ``hand_size`` while
  the deck lasts (the engine does it: a ``draw_up`` record, no move).
- **S6 Blind.** With an empty hand, the player turns over a face-down card (``PlayBlind(slot)``):
  it is played if it fits (S2, S3), else the player takes it and the pile into the hand.
- **S7 Out.** The first player with no cards ends the round; each seat scores the cards it still
  holds (hand and face down). The engine's turn limit (``MAX_TURNS``) ends a round that cycles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from upto9.cards import Card, PlayingCard, Rank
from upto9.game import RuleError
from upto9.messages import Message
from upto9.rules import Rules

__all__ = [
    "DOWN",
    "MAX_TURNS",
    "DrewUp",
    "Finished",
    "PickUp",
    "PickedUp",
    "Play",
    "PlayBlind",
    "Played",
    "PlayedBlind",
    "ToyRound",
    "ToyView",
    "height",
    "legal_moves",
]

DOWN: Final = 3
"""Face-down cards dealt to each seat."""

MAX_TURNS: Final = 500
"""No rule of the game: players can hand one pile back and forth for ever. ``LowestBot``'s rounds
that end take 125 turns at the median and 406 at most (300 rounds, 2-4 players; 9% reach the
limit); random players cycle (80% of their rounds reach it). A round still running after 500 turns
ends as ``turn_limit``, scored as it stands."""


def height(card: PlayingCard) -> int:
    """How high a card plays: 2 low ... king 13, ace 14."""
    assert isinstance(card, Card), card
    return 14 if card.rank is Rank.ACE else int(card.rank)


def _clears(card: PlayingCard) -> bool:
    return isinstance(card, Card) and card.rank is Rank.TEN


def _fits(card: PlayingCard, pile: Sequence[PlayingCard]) -> bool:
    """S2 and S3: a 10 goes on anything; another card on an empty pile, or on one no higher."""
    return _clears(card) or not pile or height(card) >= height(pile[-1])


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card from the hand."""

    card: Card


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the whole pile into the hand."""


@dataclass(frozen=True, slots=True)
class PlayBlind:
    """Turn over the face-down card in ``slot`` (0-2) and play it."""

    slot: int


Move = Play | PickUp | PlayBlind


# --- records ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    card: Card
    cleared: bool

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play", "player": self.player, "card": str(self.card), "cleared": self.cleared}


@dataclass(frozen=True, slots=True)
class PickedUp:
    player: int
    cards: tuple[PlayingCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pick_up", "player": self.player, "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class PlayedBlind:
    player: int
    slot: int
    card: PlayingCard
    played: bool
    cleared: bool

    def to_dict(self) -> dict[str, Any]:
        return {"type": "blind", "player": self.player, "slot": self.slot, "card": str(self.card), "played": self.played, "cleared": self.cleared}


@dataclass(frozen=True, slots=True)
class DrewUp:
    player: int
    cards: tuple[PlayingCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw_up", "player": self.player, "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Finished:
    """The round's end: ``player`` is out (``None`` at the turn limit)."""

    player: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "finish", "player": self.player, "reason": self.reason}


Record = Played | PickedUp | PlayedBlind | DrewUp | Finished


# --- the view ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ToyView:
    """What one seat sees: its hand, the pile and the cleared cards; of the others' hands and of
    every face-down card only how many; of the deck only its size."""

    player: int
    rules: Rules
    hand: tuple[PlayingCard, ...]
    pile: tuple[PlayingCard, ...]  # bottom first
    cleared: tuple[PlayingCard, ...]
    hand_counts: tuple[int, ...]
    down: tuple[tuple[bool, ...], ...]  # per seat: which face-down slots still hold a card
    deck_count: int
    turn: int
    over: bool


def legal_moves(view: ToyView) -> list[Move]:
    """Every move open to the viewing seat, from its view alone: the distinct cards of the hand
    that fit (S2, S3; by height), else picking up (S4); with an empty hand, each face-down slot (S6)."""
    if view.over or view.turn != view.player:
        return []
    if view.hand:
        fitting = sorted({c for c in view.hand if _fits(c, view.pile)}, key=lambda c: (height(c), c.key))
        return [Play(c) for c in fitting if isinstance(c, Card)] or [PickUp()]
    return [PlayBlind(slot) for slot, full in enumerate(view.down[view.player]) if full]


# --- the round ---------------------------------------------------------------------------------------


class ToyRound:
    """One round of Toyshed (``upto9.family.FamilyRound``)."""

    def __init__(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.deck_order = tuple(deck)
        stock = list(reversed(self.deck_order))  # top card last: pop() deals it
        order = [(dealer + k) % players for k in range(1, players + 1)]
        if len(stock) < players * (DOWN + rules.hand_size):
            raise RuleError(Message("toyshed.deck_small", cards=len(stock), players=players))
        self.down: list[list[PlayingCard | None]] = [[] for _ in range(players)]
        self.hands: list[list[PlayingCard]] = [[] for _ in range(players)]
        for _ in range(DOWN):  # S1
            for seat in order:
                self.down[seat].append(stock.pop())
        for _ in range(rules.hand_size):
            for seat in order:
                self.hands[seat].append(stock.pop())
        self._stock = stock
        self.pile: list[PlayingCard] = []
        self.cleared: list[PlayingCard] = []
        self.turn = order[0]
        self.turns = 0
        self.history: list[Record] = []
        self.end: Finished | None = None

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def deck(self) -> tuple[PlayingCard, ...]:
        """The deck, top card first."""
        return tuple(reversed(self._stock))

    def view(self, player: int) -> ToyView:
        if not 0 <= player < self.players:
            raise RuleError(Message("toyshed.no_seat", player=str(player), last=self.players - 1))
        return ToyView(
            player=player,
            rules=self.rules,
            hand=tuple(self.hands[player]),
            pile=tuple(self.pile),
            cleared=tuple(self.cleared),
            hand_counts=tuple(len(h) for h in self.hands),
            down=tuple(tuple(c is not None for c in d) for d in self.down),
            deck_count=len(self._stock),
            turn=self.turn,
            over=self.over,
        )

    def legal_moves(self) -> list[Move]:
        return legal_moves(self.view(self.turn))

    def zones(self) -> dict[str, tuple[PlayingCard, ...]]:
        found: dict[str, tuple[PlayingCard, ...]] = {}
        for p in range(self.players):
            found[f"hand.{p}"] = tuple(self.hands[p])
            found[f"down.{p}"] = tuple(c for c in self.down[p] if c is not None)
        found["pile"] = tuple(self.pile)
        found["cleared"] = tuple(self.cleared)
        found["deck"] = self.deck
        return found

    def visible(self, player: int) -> frozenset[str]:
        return frozenset({f"hand.{player}", "pile", "cleared"})

    def scores(self) -> tuple[int, ...]:
        """S7: the cards each seat still holds, hand and face down."""
        return tuple(len(self.hands[p]) + sum(c is not None for c in self.down[p]) for p in range(self.players))

    # --- playing -----------------------------------------------------------------------------------

    def verify(self, move: object) -> None:
        """Raise ``RuleError`` with the message of the rule ``move`` breaks now."""
        if not isinstance(move, Play | PickUp | PlayBlind):
            raise RuleError(Message("toyshed.not_move", move=repr(move)[:80]))
        if self.over:
            raise RuleError(Message("toyshed.over"))
        hand = self.hands[self.turn]
        if isinstance(move, Play):
            if move.card not in hand:
                raise RuleError(Message("toyshed.not_held", card=str(move.card)))
            if not _fits(move.card, self.pile):
                raise RuleError(Message("toyshed.lower", card=str(move.card), top=str(self.pile[-1])))
        elif isinstance(move, PickUp):
            if not hand:
                raise RuleError(Message("toyshed.blind_first"))
            if not self.pile:
                raise RuleError(Message("toyshed.empty_pile"))
            fitting = next((c for c in hand if _fits(c, self.pile)), None)
            if fitting is not None:
                raise RuleError(Message("toyshed.must_play", card=str(fitting)))
        else:
            if hand:
                raise RuleError(Message("toyshed.hand_first"))
            slots = self.down[self.turn]
            if not (isinstance(move.slot, int) and 0 <= move.slot < len(slots) and slots[move.slot] is not None):
                raise RuleError(Message("toyshed.no_blind", slot=repr(move.slot)[:20]))

    def play(self, move: object) -> Record:
        """Verify and apply ``move``; the record of it. A refused move changes nothing."""
        self.verify(move)
        seat = self.turn
        record: Record
        if isinstance(move, Play):
            self.hands[seat].remove(move.card)
            record = Played(seat, move.card, self._lay(move.card))
        elif isinstance(move, PickUp):
            record = PickedUp(seat, tuple(self.pile))
            self.hands[seat].extend(self.pile)
            self.pile = []
        else:
            assert isinstance(move, PlayBlind)
            card = self.down[seat][move.slot]
            assert card is not None
            self.down[seat][move.slot] = None
            if _fits(card, self.pile):
                record = PlayedBlind(seat, move.slot, card, True, self._lay(card))
            else:  # S6: the card that does not fit goes into the hand with the pile
                self.hands[seat].extend([*self.pile, card])
                self.pile = []
                record = PlayedBlind(seat, move.slot, card, False, False)
        self.history.append(record)
        self._end_turn(seat, drew=isinstance(move, Play))
        return record

    def _lay(self, card: PlayingCard) -> bool:
        """Put ``card`` on the pile; a 10 clears it out of the game (S3). Did it clear?"""
        self.pile.append(card)
        if _clears(card):
            self.cleared.extend(self.pile)
            self.pile = []
            return True
        return False

    def _end_turn(self, seat: int, drew: bool) -> None:
        hand = self.hands[seat]
        if drew and self._stock and len(hand) < self.rules.hand_size:  # S5
            drawn = [self._stock.pop() for _ in range(min(self.rules.hand_size - len(hand), len(self._stock)))]
            hand.extend(drawn)
            self.history.append(DrewUp(seat, tuple(drawn)))
        self.turns += 1
        if not hand and all(c is None for c in self.down[seat]):  # S7
            self.end = Finished(seat, "out")
        elif self.turns >= MAX_TURNS:
            self.end = Finished(None, "turn_limit")
        else:
            self.turn = (seat + 1) % self.players
        if self.end is not None:
            self.history.append(self.end)
