"""3UP 3DOWN's round: moves, records, the view and the rules, each rule one named check
(``docs/rules.md#3up-3down``, T1-T18; the tests are named after them).

A round is one game of 3UP 3DOWN: the set-up choice (T1), then turns until a player has played
their last card (T15), or every place is decided (``play_out``, T16), or the engine's turn limit
ends it (no rule of the game: ``turn_limit``). Every move is verified against ``legal_moves()``,
which is computed from the seat's view alone (``legal_moves(view)``); a refused move raises
``RuleError`` with the message of the rule it breaks and changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any, Final

from upto9.cards import PlayingCard, card_texts
from upto9.families.threeup.cards import ThreeUpCard
from upto9.families.threeup.fields import ThreeUpFields
from upto9.messages import Message
from upto9.rules import Rules
from upto9.turns import RuleError

__all__ = [
    "COLOUR_RUN",
    "ChooseUp",
    "ChoseUp",
    "Draw",
    "Drew",
    "DrewUp",
    "Finished",
    "KeepUp",
    "KeptUp",
    "Move",
    "PickUp",
    "PickedUp",
    "Play",
    "PlayBlind",
    "Played",
    "PlayedBlind",
    "Record",
    "Source",
    "Stage",
    "Stopped",
    "SwapUp",
    "SwappedPiles",
    "SwappedUp",
    "ThreeUpRound",
    "ThreeUpView",
    "arranged",
    "fields_of",
    "legal_moves",
]

COLOUR_RUN: Final = 4
"""T18: the cards of one colour in a row on the pile that open the colour swap (stated: four)."""


def fields_of(rules: Rules) -> ThreeUpFields:
    """The rule set's 3UP 3DOWN fields; ``TypeError`` for another game's rule set."""
    fields = rules.fields
    if not isinstance(fields, ThreeUpFields):
        raise TypeError(f"{rules.name!r} is no 3UP 3DOWN rule set")
    return fields


class Source(StrEnum):
    """Where a play's cards come from (T10)."""

    HAND = "hand"
    UP = "up"


class Stage(StrEnum):
    """Where the round is: the set-up choice, the turns, the colour swap's choice, over."""

    CHOOSE = "choose"
    PLAY = "play"
    SWAP = "swap"
    OVER = "over"


# --- moves ---------------------------------------------------------------------------------------


def _in_order(cards: object) -> tuple[ThreeUpCard, ...]:
    """A move's cards in the deck's order, however they were given (one move, one way to write it);
    anything that is no tuple of cards is kept as it is, for ``verify`` to refuse."""
    if isinstance(cards, tuple | list) and all(isinstance(c, ThreeUpCard) for c in cards):
        if isinstance(cards, tuple) and all(cards[i].key <= cards[i + 1].key for i in range(len(cards) - 1)):
            return cards  # already in order: the moves legal_moves makes
        return tuple(sorted(cards, key=lambda c: c.key))
    return cards  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class ChooseUp:
    """T1: lay these cards of the hand face up (the seat's 3UP), keep the rest (in any order: kept in the deck's)."""

    cards: tuple[ThreeUpCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_order(self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """T4: one card, or several of one number, from the hand or the face-up cards."""

    source: Source
    cards: tuple[ThreeUpCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _in_order(self.cards))


@dataclass(frozen=True, slots=True)
class PlayBlind:
    """T11: turn over the face-down card in ``slot`` and play it if it fits."""

    slot: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """T8: take the whole pile into the hand; the turn ends."""


@dataclass(frozen=True, slots=True)
class Draw:
    """T14: one card before a clear's extra action; T7 with ``must_play = false``: instead of playing."""


@dataclass(frozen=True, slots=True)
class SwapUp:
    """T18: swap a hand card for one of the seat's face-up cards."""

    hand: ThreeUpCard
    up: ThreeUpCard


@dataclass(frozen=True, slots=True)
class KeepUp:
    """T18: let the colour swap pass."""


Move = ChooseUp | Play | PlayBlind | PickUp | Draw | SwapUp | KeepUp
_MOVES: Final = (ChooseUp, Play, PlayBlind, PickUp, Draw, SwapUp, KeepUp)


# --- records -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChoseUp:
    player: int
    cards: tuple[ThreeUpCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "choose_up", "player": self.player, "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    source: Source
    cards: tuple[ThreeUpCard, ...]
    clears: str | None = None  # "clear", "clear+1", "clear+2" or "same" when the play cleared the pile
    reversed: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "play", "player": self.player, "source": self.source.value, "cards": card_texts(self.cards)}
        if self.clears is not None:
            data["clears"] = self.clears
        if self.reversed:
            data["reversed"] = True
        return data


@dataclass(frozen=True, slots=True)
class PlayedBlind:
    player: int
    slot: int
    card: ThreeUpCard
    played: bool
    clears: str | None = None
    reversed: bool = False
    picked_up: tuple[ThreeUpCard, ...] = ()  # the pile taken with a card that did not fit

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "blind", "player": self.player, "slot": self.slot, "card": str(self.card), "played": self.played}
        if self.clears is not None:
            data["clears"] = self.clears
        if self.reversed:
            data["reversed"] = True
        if not self.played:
            data["picked_up"] = card_texts(self.picked_up)
        return data


@dataclass(frozen=True, slots=True)
class PickedUp:
    player: int
    cards: tuple[ThreeUpCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pick_up", "player": self.player, "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class Drew:
    player: int
    card: ThreeUpCard

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw", "player": self.player, "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class SwappedUp:
    player: int
    hand: ThreeUpCard
    up: ThreeUpCard

    def to_dict(self) -> dict[str, Any]:
        return {"type": "swap_up", "player": self.player, "hand": str(self.hand), "up": str(self.up)}


@dataclass(frozen=True, slots=True)
class KeptUp:
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "keep_up", "player": self.player}


@dataclass(frozen=True, slots=True)
class DrewUp:
    """The engine's: drawing back up to the hand size at the end of a turn (T9)."""

    player: int
    cards: tuple[ThreeUpCard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw_up", "player": self.player, "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class SwappedPiles:
    """The engine's (``swap_piles``): seat ``p`` now has the face-up and face-down cards of seat ``order[p]``."""

    order: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "swap_piles", "order": list(self.order)}


@dataclass(frozen=True, slots=True)
class Finished:
    """The engine's: ``player`` has no cards left and takes ``place`` (1 wins, T15, T16)."""

    player: int
    place: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "finish", "player": self.player, "place": self.place}


@dataclass(frozen=True, slots=True)
class Stopped:
    """The engine's turn limit (no rule of the game): the round ends after ``turns`` turns, no win."""

    turns: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "turn_limit", "turns": self.turns}


Record = ChoseUp | Played | PlayedBlind | PickedUp | Drew | SwappedUp | KeptUp | DrewUp | SwappedPiles | Finished | Stopped

ENGINE_RECORDS: Final = ("draw_up", "swap_piles", "finish", "turn_limit")
"""What the round records by itself; a replay matches them and does not play them."""


# --- the view ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreeUpView:
    """What one seat sees (ruling 9): its hand; every seat's face-up cards (another seat's only
    once every seat has chosen: ``None`` before), by slot (``None``: played); of the face-down
    cards only which slots still hold one; every hand's size, the pile (bottom first), the cards
    out of the game, the deck's size; whose turn it is and what the turn still owes. Never a
    face-down card (not even its owner's), another hand, or the deck."""

    player: int
    rules: Rules
    hand: tuple[ThreeUpCard, ...]
    up: tuple[tuple[ThreeUpCard | None, ...] | None, ...]
    down: tuple[tuple[bool, ...], ...]
    hand_counts: tuple[int, ...]
    pile: tuple[ThreeUpCard, ...]
    cleared: tuple[ThreeUpCard, ...]
    deck_count: int
    turn: int
    stage: Stage
    actions_left: int
    extra: bool  # the action owed is a clear's extra action (T14)
    drawn: bool  # the draw before that extra action is taken
    direction: int
    places: tuple[int, ...]


def _fits(card: ThreeUpCard, pile: Sequence[ThreeUpCard]) -> bool:
    """T5, T6: a clear goes on anything, a number on an empty pile or on one no higher."""
    return bool(card.clear) or not pile or card.number >= pile[-1].number


def _plays(cards: Sequence[ThreeUpCard], pile: Sequence[ThreeUpCard], source: Source) -> list[Play]:
    """Every distinct play of ``cards`` on ``pile`` (T4-T6): each non-empty set of one number's
    cards that fits, by number, then each kind of clear alone (ruling 3)."""
    top = pile[-1].number if pile else 0
    by_number: dict[int, list[ThreeUpCard]] = {}
    clears: set[ThreeUpCard] = set()
    for card in cards:
        if card.clear:
            clears.add(card)
        elif card.number >= top:
            by_number.setdefault(card.number, []).append(card)
    plays: list[Play] = []
    for number in sorted(by_number):
        group = sorted(by_number[number], key=lambda c: c.key)
        if len(group) == 1:
            plays.append(Play(source, (group[0],)))
            continue
        twice = len(set(group)) < len(group)  # two decks (a house rule): the same card twice
        seen: set[tuple[ThreeUpCard, ...]] = set()
        for size in range(1, len(group) + 1):
            for chosen in combinations(group, size):
                if twice:
                    if chosen in seen:
                        continue
                    seen.add(chosen)
                plays.append(Play(source, chosen))
    plays.extend(Play(source, (c,)) for c in sorted(clears, key=lambda c: c.key))
    return plays


def _choices(hand: Sequence[ThreeUpCard], size: int) -> list[ChooseUp]:
    seen: dict[tuple[ThreeUpCard, ...], None] = {}
    for chosen in combinations(sorted(hand, key=lambda c: c.key), size):
        seen.setdefault(chosen, None)
    return [ChooseUp(c) for c in seen]


_LAST: list[tuple[ThreeUpView, list[Move]]] = []
"""The last view asked about and its moves: a bot and the round's check ask of the same view object
in turn (``ThreeUpRound.view`` keeps it until the next move), so it is enumerated once."""


def legal_moves(view: ThreeUpView) -> list[Move]:
    """Every move open to the viewing seat, from its view alone (empty out of turn)."""
    if _LAST and _LAST[0][0] is view:
        return list(_LAST[0][1])
    moves = _legal_moves(view)
    _LAST[:] = [(view, moves)]
    return list(moves)


def _legal_moves(view: ThreeUpView) -> list[Move]:
    if view.stage is Stage.OVER or view.turn != view.player:
        return []
    fields = fields_of(view.rules)
    if view.stage is Stage.CHOOSE:
        return list(_choices(view.hand, fields.face_up))
    own_up = [c for c in view.up[view.player] or () if c is not None]
    if view.stage is Stage.SWAP:
        swaps = {SwapUp(h, u): None for h in sorted(view.hand, key=lambda c: c.key) for u in sorted(own_up, key=lambda c: c.key)}
        return [*swaps, KeepUp()]
    moves: list[Move] = []
    if view.hand:
        moves.extend(_plays(view.hand, view.pile, Source.HAND))
        if not moves and view.pile:
            moves.append(PickUp())  # T7, T8: no play, so the pile
        if view.deck_count and (not view.drawn if view.extra else not fields.must_play):
            moves.append(Draw())  # T14 before an extra action; T7's optional rule instead of playing
    elif view.deck_count:
        moves.append(Draw())  # an extra action owed with an empty hand: draw for it (T14)
    elif own_up:
        moves.extend(_plays(own_up, view.pile, Source.UP))  # T10
        if not moves and view.pile:
            moves.append(PickUp())
    else:
        moves.extend(PlayBlind(slot) for slot, full in enumerate(view.down[view.player]) if full)  # T11
    return moves


# --- the round -------------------------------------------------------------------------------------


class ThreeUpRound:
    """One game of 3UP 3DOWN (``upto9.family.FamilyRound``), dealt from ``deck`` (top card first)."""

    def __init__(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        fields = fields_of(rules)
        cards = [c for c in deck if isinstance(c, ThreeUpCard)]
        if len(cards) != len(deck):
            raise RuleError(Message("threeup.not_deck"))
        self.rules = rules
        self.fields = fields
        self.players = players
        self.dealer = dealer
        self.deck_order: tuple[ThreeUpCard, ...] = tuple(cards)
        needed = players * (fields.face_down + fields.face_up + rules.hand_size)
        if len(cards) < needed:
            raise RuleError(Message("threeup.rules.too_few_cards", players=players, needed=needed, cards=len(cards)))
        stock = list(reversed(self.deck_order))  # top card last: pop() deals it
        order = [(dealer + k) % players for k in range(1, players + 1)]
        self.down: list[list[ThreeUpCard | None]] = [[] for _ in range(players)]
        self.up: list[list[ThreeUpCard | None]] = [[] for _ in range(players)]
        self.hands: list[list[ThreeUpCard]] = [[] for _ in range(players)]
        for _ in range(fields.face_down):  # T1: face down, one at a time from the dealer's left
            for seat in order:
                self.down[seat].append(stock.pop())
        for _ in range(fields.face_up + rules.hand_size):
            for seat in order:
                self.hands[seat].append(stock.pop())
        self._stock = stock
        self.pile: list[ThreeUpCard] = []
        self.cleared: list[ThreeUpCard] = []
        self.first = self._first_player()
        self.turn = self.first
        self.stage = Stage.CHOOSE
        self.chosen = [False] * players
        self.direction = 1
        self.actions_left = 1
        self.extra = False
        self.drawn = False
        self.turns = 0
        self.places: list[int] = []
        self.history: list[Record] = []
        self.reason: str | None = None
        self._legal: list[Move] | None = None  # legal_moves() of the position as it stands; play() forgets it
        self._views: dict[int, ThreeUpView] = {}  # each seat's view of it, the same

    def __repr__(self) -> str:
        return f"ThreeUpRound(players={self.players}, turn={self.turn}, stage={self.stage.value!r}, turns={self.turns})"

    @classmethod
    def sampled(cls, view: ThreeUpView, unseen: Sequence[ThreeUpCard]) -> ThreeUpRound:
        """A round as ``view``'s seat may imagine it: what it sees as it is, and ``unseen`` (the
        cards it has not seen, in a chosen order) dealt into the other hands, then into every
        face-down slot, the rest the deck. What a bot that samples the unseen cards plays out."""
        rnd = cls.__new__(cls)
        hidden = list(unseen)
        players = len(view.hand_counts)
        if len(hidden) != sum(view.hand_counts) - len(view.hand) + sum(sum(s) for s in view.down) + view.deck_count:
            raise ValueError("the unseen cards do not fill the places the view does not show")
        rnd.rules, rnd.fields, rnd.players, rnd.dealer = view.rules, fields_of(view.rules), players, 0
        rnd.hands = [list(view.hand) if p == view.player else [hidden.pop() for _ in range(view.hand_counts[p])] for p in range(players)]
        rnd.up = [list(u) if u is not None else [] for u in view.up]
        rnd.down = [[hidden.pop() if full else None for full in slots] for slots in view.down]
        rnd._stock = hidden
        rnd.deck_order = ()
        rnd.pile, rnd.cleared = list(view.pile), list(view.cleared)
        rnd.first, rnd.turn, rnd.stage, rnd.chosen = view.turn, view.turn, view.stage, [view.up[p] is not None for p in range(players)]
        rnd.direction, rnd.actions_left, rnd.extra, rnd.drawn = view.direction, view.actions_left, view.extra, view.drawn
        rnd.turns, rnd.places, rnd.history, rnd.reason, rnd._legal, rnd._views = 0, list(view.places), [], None, None, {}
        return rnd

    def copy(self) -> ThreeUpRound:
        """The round as it stands, to play on without changing this one (its history left behind)."""
        rnd = type(self).__new__(type(self))
        rnd.__dict__.update(self.__dict__)
        rnd.hands, rnd.up, rnd.down = [list(h) for h in self.hands], [list(u) for u in self.up], [list(d) for d in self.down]
        rnd._stock, rnd.pile, rnd.cleared, rnd.chosen = list(self._stock), list(self.pile), list(self.cleared), list(self.chosen)
        rnd.places, rnd.history, rnd._legal, rnd._views = list(self.places), [], None, {}
        return rnd

    def _first_player(self) -> int:
        """T2: who starts (and chooses first): a seat drawn from the deal (ruling 2), or left of the dealer."""
        if self.fields.first_player == "left_of_dealer":
            return (self.dealer + 1) % self.players
        return random.Random("threeup:first:" + " ".join(card_texts(self.deck_order))).randrange(self.players)

    # --- what the protocol asks ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def deck(self) -> tuple[ThreeUpCard, ...]:
        """The draw pile, top card first."""
        return tuple(reversed(self._stock))

    @property
    def end(self) -> dict[str, Any] | None:
        """Why and how the round ended (``None`` while it is played): ``reason`` (``"out"``: a
        player won; ``"turn_limit"``: the engine's guard, no win), ``places`` (the seats in the
        order they finished; at the limit only those that had) and ``turns``."""
        if self.reason is None:
            return None
        return {"reason": self.reason, "places": list(self.places), "turns": self.turns}

    def _up_seen(self, seat: int, player: int) -> bool:
        return seat == player or self.stage is not Stage.CHOOSE

    def view(self, player: int) -> ThreeUpView:
        """What ``player`` sees now (ruling 9): the same object until the next move."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise RuleError(Message("threeup.no_seat", player=repr(player)[:20], last=self.players - 1))
        found = self._views.get(player)
        if found is None:
            found = self._views[player] = self._view(player)
        return found

    def _view(self, player: int) -> ThreeUpView:
        return ThreeUpView(
            player=player,
            rules=self.rules,
            hand=tuple(self.hands[player]),
            up=tuple(tuple(self.up[s]) if self._up_seen(s, player) else None for s in range(self.players)),
            down=tuple(tuple(c is not None for c in d) for d in self.down),
            hand_counts=tuple(len(h) for h in self.hands),
            pile=tuple(self.pile),
            cleared=tuple(self.cleared),
            deck_count=len(self._stock),
            turn=self.turn,
            stage=self.stage,
            actions_left=self.actions_left,
            extra=self.extra,
            drawn=self.drawn,
            direction=self.direction,
            places=tuple(self.places),
        )

    def legal_moves(self) -> list[Move]:
        """The moves open to the seat to move (``legal_moves(view)`` of its view), kept until the next move."""
        if self._legal is None:
            self._legal = legal_moves(self.view(self.turn))
        return list(self._legal)

    def zones(self) -> dict[str, tuple[PlayingCard, ...]]:
        found: dict[str, tuple[PlayingCard, ...]] = {}
        for p in range(self.players):
            found[f"hand.{p}"] = tuple(self.hands[p])
            found[f"up.{p}"] = tuple(c for c in self.up[p] if c is not None)
            found[f"down.{p}"] = tuple(c for c in self.down[p] if c is not None)
        found["pile"] = tuple(self.pile)
        found["cleared"] = tuple(self.cleared)
        found["deck"] = self.deck
        return found

    def visible(self, player: int) -> frozenset[str]:
        """Ruling 9: the own hand, the face-up cards (another seat's once all have chosen), the pile, the cleared cards."""
        ups = {f"up.{s}" for s in range(self.players) if self._up_seen(s, player)}
        return frozenset({f"hand.{player}", "pile", "cleared", *ups})

    def held(self, seat: int) -> tuple[ThreeUpCard, ...]:
        """T17: the cards ``seat`` still holds that count for points, those in ``score_zones`` (its
        hand, then its face-up cards, then its face-down ones)."""
        zones = self.fields.score_zones
        held: list[ThreeUpCard | None] = []
        if "hand" in zones:
            held.extend(self.hands[seat])
        if "up" in zones:
            held.extend(self.up[seat])
        if "down" in zones:
            held.extend(self.down[seat])
        return tuple(c for c in held if c is not None)

    def scores(self) -> tuple[int, ...]:
        """T17: the penalties of the cards each seat still holds in ``score_zones`` (a finished seat: 0)."""
        table = dict(self.rules.penalties)
        return tuple(sum(table[c.penalty_key] for c in self.held(p)) for p in range(self.players))

    def seen_by(self, record: Record, player: int) -> dict[str, Any]:
        """``record`` as ``player`` may know it (ruling 9): another seat's face-up choice before all
        have chosen, a blind card that did not fit and the cards another seat drew are left out."""
        data = record.to_dict()
        owner = data.get("player")
        if owner is None or owner == player:
            return data
        if (isinstance(record, PlayedBlind) and not record.played) or isinstance(record, Drew):
            data.pop("card")
        elif isinstance(record, DrewUp) or (isinstance(record, ChoseUp) and not all(self.chosen)):
            data["cards"] = len(record.cards)
        return data

    # --- playing ------------------------------------------------------------------------------------

    def verify(self, move: object) -> None:
        """Raise ``RuleError`` with the message of the rule ``move`` breaks now."""
        if not isinstance(move, _MOVES):
            raise RuleError(Message("threeup.not_move", move=repr(move)[:80]))
        if self.over:
            raise RuleError(Message("threeup.over"))
        if move not in self.legal_moves():
            raise RuleError(self._why_not(move))

    def _why_not(self, move: Move) -> Message:
        """The rule a move that is not open breaks, in words."""
        seat = self.turn
        hand = self.hands[seat]
        own_up = [c for c in self.up[seat] if c is not None]
        if self.stage is Stage.CHOOSE and not isinstance(move, ChooseUp):
            return Message("threeup.choose_first", n=self.fields.face_up)
        if self.stage is Stage.SWAP and not isinstance(move, SwapUp | KeepUp):
            return Message("threeup.swap_open")
        if isinstance(move, ChooseUp):
            if self.stage is not Stage.CHOOSE:
                return Message("threeup.chosen")
            missing = Counter(move.cards) - Counter(hand)
            if missing:
                return Message("threeup.not_held", card=str(next(iter(missing))))
            return Message("threeup.choose_three", n=self.fields.face_up)
        if isinstance(move, SwapUp | KeepUp):
            if self.stage is not Stage.SWAP:
                return Message("threeup.no_swap")
            if isinstance(move, SwapUp):
                absent = move.hand if move.hand not in hand else move.up if move.up not in own_up else None
                if absent is not None:
                    return Message("threeup.not_held", card=str(absent))
            return Message("threeup.no_swap")
        if isinstance(move, Play):
            source = hand if move.source is Source.HAND else own_up
            missing = Counter(move.cards) - Counter(source)
            if not isinstance(move.cards, tuple) or not move.cards or not all(isinstance(c, ThreeUpCard) for c in move.cards):
                return Message("threeup.one_number")
            if missing:
                return Message("threeup.not_held", card=str(next(iter(missing))))
            if move.source is Source.UP and hand:
                return Message("threeup.hand_first")
            if move.source is Source.UP and self._stock:
                return Message("threeup.deck_first")
            if move.source is Source.HAND and not hand:
                return Message("threeup.not_held", card=str(move.cards[0]))
            if len({(c.number, c.clear) for c in move.cards}) > 1 or (move.cards[0].clear and len(move.cards) > 1):
                return Message("threeup.one_number")
            if not _fits(move.cards[0], self.pile):
                return Message("threeup.lower", card=move.cards[0].glyph, top=self.pile[-1].glyph)
            return Message("threeup.not_now")
        if isinstance(move, PlayBlind):
            if hand or self._stock:
                return Message("threeup.hand_first")
            if own_up:
                return Message("threeup.up_first")
            return Message("threeup.no_blind", slot=repr(move.slot)[:20])
        if isinstance(move, PickUp):
            if not self.pile:
                return Message("threeup.no_pile")
            open_play = next((m for m in self.legal_moves() if isinstance(m, Play)), None)
            if open_play is not None:
                return Message("threeup.must_play", card=open_play.cards[0].glyph)
            return Message("threeup.blind_turn")
        if not self._stock:
            return Message("threeup.deck_empty")
        return Message("threeup.no_draw")

    def play(self, move: object) -> Record:
        """Verify and apply ``move``; the record of it (the engine's own records follow in ``history``)."""
        self.verify(move)
        self._legal = None
        self._views = {}
        seat = self.turn
        record: Record
        if isinstance(move, ChooseUp):
            record = self._choose(seat, move)
        elif isinstance(move, Play):
            for card in move.cards:
                if move.source is Source.HAND:
                    self.hands[seat].remove(card)
                else:
                    slots = self.up[seat]
                    slots[slots.index(card)] = None  # a slot keeps its place
            clears, turned = self._lay(seat, move.cards)
            record = Played(seat, move.source, move.cards, clears, turned)
            self.history.append(record)
            self._after_play(seat)
            return record
        elif isinstance(move, PlayBlind):
            turned_over = self.down[seat][move.slot]
            assert turned_over is not None
            card = turned_over
            self.down[seat][move.slot] = None
            if _fits(card, self.pile):
                clears, turned = self._lay(seat, (card,))
                record = PlayedBlind(seat, move.slot, card, True, clears, turned)
                self.history.append(record)
                self._after_play(seat)
                return record
            record = PlayedBlind(seat, move.slot, card, False, picked_up=tuple(self.pile))  # T11: taken up, unseen
            self.hands[seat].extend([*self.pile, card])
            self.pile = []
            self.history.append(record)
            self._end_turn(seat)
            return record
        elif isinstance(move, PickUp):
            record = PickedUp(seat, tuple(self.pile))  # T8
            self.hands[seat].extend(self.pile)
            self.pile = []
            self.history.append(record)
            self._end_turn(seat)
            return record
        elif isinstance(move, Draw):
            card = self._stock.pop()
            self.hands[seat].append(card)
            record = Drew(seat, card)
            self.history.append(record)
            if self.extra:
                self.drawn = True  # T14: the extra action is still owed
            else:
                self._end_turn(seat)  # T7's optional rule: the draw is the turn
            return record
        elif isinstance(move, SwapUp):
            record = SwappedUp(seat, move.hand, move.up)
            self.hands[seat][self.hands[seat].index(move.hand)] = move.up
            self.up[seat][self.up[seat].index(move.up)] = move.hand
            self.history.append(record)
            self._after_swap(seat)
            return record
        else:
            record = KeptUp(seat)
            self.history.append(record)
            self._after_swap(seat)
            return record
        return record

    def _choose(self, seat: int, move: ChooseUp) -> Record:
        """T1: the chosen cards go face up, one on each face-down card; the next seat chooses."""
        for card in move.cards:
            self.hands[seat].remove(card)
        self.up[seat] = list(move.cards)
        self.chosen[seat] = True
        record = ChoseUp(seat, move.cards)
        self.history.append(record)
        if all(self.chosen):
            self.stage = Stage.PLAY
            self.turn = self.first
            if self.fields.swap_piles:
                self._swap_piles()
        else:
            self.turn = (seat + 1) % self.players
        return record

    def _swap_piles(self) -> None:
        """The optional rule: the seats' stacks (face up and face down together) swapped at random, from the deal."""
        order = list(range(self.players))
        random.Random("threeup:swap:" + " ".join(card_texts(self.deck_order))).shuffle(order)
        self.up = [self.up[order[p]] for p in range(self.players)]
        self.down = [self.down[order[p]] for p in range(self.players)]
        self.history.append(SwappedPiles(tuple(order)))

    def _lay(self, seat: int, cards: tuple[ThreeUpCard, ...]) -> tuple[str | None, bool]:
        """Put ``cards`` on the pile: a clear (T12, T14) or the same number ``same_in_a_row`` times
        on top (T13) sends the pile out of the game. What cleared it, and whether 1s reversed play (T3)."""
        self.pile.extend(cards)
        self.drawn = False
        turned = self.fields.reverse_ones and cards[0].number == 1
        if turned:
            self.direction = -self.direction
        first = cards[0]
        if first.clear:
            self._clear()
            self.actions_left = first.clear.extra  # a clear as an extra action owes its own anew
            self.extra = self.actions_left > 0
            return first.clear.word, turned
        run = 0
        for card in reversed(self.pile):
            if card.number != first.number:
                break
            run += 1
        if run >= self.fields.same_in_a_row:
            self._clear()
            self.actions_left = 0  # ruling 4: a plain Clear, the turn ends
            return "same", turned
        self.actions_left -= 1
        return None, turned

    def _clear(self) -> None:
        self.cleared.extend(self.pile)
        self.pile = []

    def _colour_run(self) -> bool:
        """T18: did the last play make ``COLOUR_RUN`` cards of one colour in a row on the pile?"""
        if not self.pile:
            return False
        colour = self.pile[-1].colour
        run = 0
        for card in reversed(self.pile):
            if card.colour != colour:
                break
            run += 1
        return run >= COLOUR_RUN

    def _holds(self, seat: int) -> bool:
        return bool(self.hands[seat]) or any(c is not None for c in self.up[seat]) or any(c is not None for c in self.down[seat])

    def _after_play(self, seat: int) -> None:
        if not self._holds(seat):
            self._finish(seat)  # T15: at once, even with an action still owed
            return
        own_up = any(c is not None for c in self.up[seat])
        if self.fields.colour_swap and self.hands[seat] and own_up and self._colour_run():
            self.stage = Stage.SWAP
            return
        if self.actions_left <= 0:
            self._end_turn(seat)

    def _after_swap(self, seat: int) -> None:
        self.stage = Stage.PLAY
        if self.actions_left <= 0:
            self._end_turn(seat)

    def _finish(self, seat: int) -> None:
        """T15, T16: the seat is out and takes the next place; without ``play_out`` (or with one seat left) the round ends."""
        self.places.append(seat)
        self.history.append(Finished(seat, len(self.places)))
        left = [p for p in range(self.players) if p not in self.places]
        if not self.fields.play_out or len(left) <= 1:
            if self.fields.play_out and left:
                self.places.append(left[0])
                self.history.append(Finished(left[0], len(self.places)))
            self._stop("out")
            return
        self._end_turn(seat)

    def _stop(self, reason: str) -> None:
        self.turns += 1
        self.reason = reason
        self.stage = Stage.OVER
        self.actions_left = 0
        self.extra = False

    def _end_turn(self, seat: int) -> None:
        """T9: draw back up to the hand size while the deck lasts; the next seat still holding cards moves (T3)."""
        hand = self.hands[seat]
        if self._stock and len(hand) < self.rules.hand_size and seat not in self.places:
            drawn = [self._stock.pop() for _ in range(min(self.rules.hand_size - len(hand), len(self._stock)))]
            hand.extend(drawn)
            self.history.append(DrewUp(seat, tuple(drawn)))
        self.turns += 1
        self.actions_left = 1
        self.extra = False
        self.drawn = False
        if self.turns >= self.fields.turn_limit:
            self.history.append(Stopped(self.turns))
            self.turns -= 1  # _stop counts the turn
            self._stop("turn_limit")
            return
        nxt = seat
        for _ in range(self.players):
            nxt = (nxt + self.direction) % self.players
            if nxt not in self.places:
                break
        self.turn = nxt


def arranged(
    rules: Rules,
    hand: Sequence[ThreeUpCard],
    *,
    up: Sequence[ThreeUpCard] = (),
    down: Sequence[ThreeUpCard] = (),
    pile: Sequence[ThreeUpCard] = (),
    deck: Sequence[ThreeUpCard] = (),
    opponent: Sequence[ThreeUpCard] = (),
) -> ThreeUpRound:
    """A two-player round in play at a position built from cards, seat 0 to move: its ``hand``,
    face-up cards ``up`` and face-down cards ``down`` (by slot), the ``pile`` (bottom first), the
    draw pile ``deck`` (top card first); seat 1 holds ``opponent``. For demonstrations and tests of
    one rule at a time: the cards are not checked against one deck (any position a rule needs).

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> from upto9.rules import builtin_rules
    >>> rnd = arranged(builtin_rules("threeup"), [card("5r"), card("9g")], pile=[card("7b")], opponent=[card("2r")])
    >>> rnd.legal_moves()
    [Play(source=<Source.HAND: 'hand'>, cards=(ThreeUpCard('9g'),))]
    >>> record = rnd.play(rnd.legal_moves()[0])
    >>> rnd.pile, rnd.turn
    ([ThreeUpCard('7b'), ThreeUpCard('9g')], 1)
    """
    rnd = ThreeUpRound.__new__(ThreeUpRound)
    rnd.rules, rnd.fields, rnd.players, rnd.dealer = rules, fields_of(rules), 2, 1
    rnd.hands = [list(hand), list(opponent)]
    rnd.up = [list(up), []]
    rnd.down = [list(down), []]
    rnd._stock = list(reversed(deck))  # top card last: pop() draws it
    rnd.deck_order = (*hand, *up, *down, *pile, *deck, *opponent)
    rnd.pile, rnd.cleared = list(pile), []
    rnd.first, rnd.turn, rnd.stage, rnd.chosen = 0, 0, Stage.PLAY, [True, True]
    rnd.direction, rnd.actions_left, rnd.extra, rnd.drawn = 1, 1, False, False
    rnd.turns, rnd.places, rnd.history, rnd.reason, rnd._legal, rnd._views = 0, [], [], None, None, {}
    return rnd
