"""The picture-card game's round: moves, records, the view, the scoring and the rules, each rule a
named check (``docs/rules.md#picture-cards``, PC1-PC19 and the picture rulings 1-10; the tests are named after them).

A round is one whole game: the deal of picture cards (PC3, PC4), then turns of drawing number cards
(PC6-PC11) until an end condition (PC18, PC19, picture rulings 6-8). Every move is verified against ``legal_moves()``, which
is computed from the seat's view alone (``legal_moves(view)``); a refused move raises ``RuleError``
with the message of the rule it breaks and changes nothing.

>>> from upto9.families.picture_cards.family import FAMILY
>>> from upto9.cards import parse_card
>>> card_score(parse_card("Kh"), [parse_card("5h"), parse_card("7d")], FAMILY.rules)
25
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from operator import attrgetter
from typing import Any, Final

from upto9.cards import Card, PlayingCard, Rank, Suit, card_texts
from upto9.families.picture_cards.fields import PictureFields
from upto9.messages import Message
from upto9.rules import Rules
from upto9.turns import RuleError

__all__ = [
    "ENGINE_RECORDS",
    "MAX_REDEALS",
    "Draw",
    "Drew",
    "Ended",
    "Keep",
    "Kept",
    "Lose",
    "Lost",
    "Move",
    "PictureRound",
    "PictureView",
    "Place",
    "Placed",
    "Record",
    "Shift",
    "Shifted",
    "Stage",
    "Standing",
    "Stay",
    "Stayed",
    "Stop",
    "Stopped",
    "card_score",
    "counted",
    "fields_of",
    "is_low",
    "legal_moves",
    "score_with",
    "standing",
]

PICTURES: Final = (Rank.JACK, Rank.QUEEN, Rank.KING)
BUST: Final = (Rank.TWO, Rank.THREE)
MAX_REDEALS: Final = 10_000
"""A guard, no rule: the deal is tried again until everyone holds ``min_suits`` suits (PC4), which
the rule reader makes possible; this many failures in a row would mean a bug, not bad luck."""

SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_BY_KEY: Final = attrgetter("key")


def fields_of(rules: Rules) -> PictureFields:
    """The rule set's picture-card fields; ``TypeError`` for another game's rule set."""
    fields = rules.fields
    if not isinstance(fields, PictureFields):
        raise TypeError(f"{rules.name!r} is no picture-card rule set")
    return fields


def is_low(card: Card) -> bool:
    """An ace, 2 or 3: a card that ends the turn, never placed (PC9, PC10)."""
    return card.rank <= Rank.THREE


class Stage(StrEnum):
    """Where the round is: keeping picture cards, drawing, placing, losing to an ace, the
    five-card move, over."""

    KEEP = "keep"
    DRAW = "draw"
    PLACE = "place"
    LOSE = "lose"
    SHIFT = "shift"
    OVER = "over"


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keep:
    """PC3: keep these picture cards (the rest go out of the game), when more were dealt than kept."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """PC6: draw the top number card."""


@dataclass(frozen=True, slots=True)
class Stop:
    """PC6: stop drawing; the cards drawn are placed next (PC7)."""


@dataclass(frozen=True, slots=True)
class Place:
    """PC7: put a card drawn this turn on the picture card in ``slot``."""

    card: Card
    slot: int


@dataclass(frozen=True, slots=True)
class Lose:
    """PC10: the ace takes the picture card in ``slot``, with every card on it."""

    slot: int


@dataclass(frozen=True, slots=True)
class Shift:
    """PC8: the five-card move: ``card`` from the picture card in ``source`` to the one in ``target``."""

    card: Card
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Stay:
    """PC8: let the five-card move pass."""


Move = Keep | Draw | Stop | Place | Lose | Shift | Stay
_MOVES: Final = (Keep, Draw, Stop, Place, Lose, Shift, Stay)


# --- records -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kept:
    player: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "keep", "player": self.player, "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class Drew:
    """A draw: the card (``None`` when picture ruling 6 ended the game instead), and the first cards of the
    turn that were A, 2 or 3 and went back into the pile before it (PC11)."""

    player: int
    card: Card | None
    back: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "draw", "player": self.player, "card": None if self.card is None else str(self.card)}
        if self.back:
            data["back"] = card_texts(self.back)
        return data


@dataclass(frozen=True, slots=True)
class Stopped:
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stop", "player": self.player}


@dataclass(frozen=True, slots=True)
class Placed:
    player: int
    card: Card
    slot: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place", "player": self.player, "card": str(self.card), "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Lost:
    """PC10: the picture card an ace took, and the number cards that were on it."""

    player: int
    slot: int
    picture: Card
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "lose", "player": self.player, "slot": self.slot, "picture": str(self.picture), "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class Shifted:
    player: int
    card: Card
    source: int
    target: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "shift", "player": self.player, "card": str(self.card), "source": self.source, "target": self.target}


@dataclass(frozen=True, slots=True)
class Stayed:
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stay", "player": self.player}


@dataclass(frozen=True, slots=True)
class Ended:
    """The engine's: the game ended (PC18, PC19, picture rulings 6-8), and why."""

    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "end", "reason": self.reason}


Record = Kept | Drew | Stopped | Placed | Lost | Shifted | Stayed | Ended

ENGINE_RECORDS: Final = ("end",)
"""What the round records by itself; a replay matches them and does not play them."""

END_REASONS: Final = ("aces_gone", "pile_empty", "only_low", "third_ace", "no_pictures")
"""Why a game ends: PC18 (no ace, few 2s and 3s), picture ruling 7 (the pile is empty), picture ruling 6, PC19, picture ruling 8."""


# --- scoring -------------------------------------------------------------------------------------


def card_score(picture: Card, cards: Sequence[Card], rules: Rules) -> int:
    """PC12-PC14: a picture card's points with the number cards on it (face value). A king: its base
    and the cards of its suit; a queen: its base, the cards of its suit and every card whose number
    occurs ``queen_pairs`` times or more (a card counted once); a jack: its base and every card."""
    return score_with(picture, cards, fields_of(rules))


def score_with(picture: Card, cards: Sequence[Card], f: PictureFields) -> int:
    """``card_score`` with the rule set's fields at hand (the bots ask it often)."""
    rank = picture.rank
    base = f.jack_base if rank == Rank.JACK else f.king_base if rank == Rank.KING else f.queen_base
    return base + sum(c.rank for c in counted_with(picture, cards, f))


def counted(picture: Card, cards: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """PC12-PC14: which of the number cards on ``picture`` score, in their order: what an explainer
    shows beside ``card_score`` (the picture card's base plus these cards' face values is its score).

    >>> from upto9.families.picture_cards.family import FAMILY
    >>> from upto9.cards import parse_card, parse_hand
    >>> counted(parse_card("Qc"), parse_hand("5s 5h 7d"), FAMILY.rules)
    (Card('5s'), Card('5h'))
    """
    return tuple(counted_with(picture, cards, fields_of(rules)))


def counted_with(picture: Card, cards: Sequence[Card], f: PictureFields) -> Sequence[Card]:
    """``counted`` with the rule set's fields at hand: the one place the scoring rule is written."""
    rank = picture.rank
    if rank == Rank.JACK:
        return cards
    suit = picture.suit
    if rank == Rank.KING or len(cards) < f.queen_pairs:
        return [c for c in cards if c.suit == suit]
    pairs = Counter(c.rank for c in cards)
    return [c for c in cards if c.suit == suit or pairs[c.rank] >= f.queen_pairs]


@dataclass(frozen=True, slots=True)
class Standing:
    """The score of a table (PC5, PC12-PC17, picture ruling 9): per suit in play each seat's points (its best picture card
    of the suit, 0 without one) and who wins it (``None``: a tie, nobody); per seat the suits won
    and the points in them; the winners (all the seats level at the top: a draw when more than one)."""

    suits: tuple[Suit, ...]
    points: tuple[tuple[int, ...], ...]  # points[i][p]: seat p's points in suits[i]
    suit_winners: tuple[int | None, ...]
    won: tuple[int, ...]
    won_points: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def draw(self) -> bool:
        """Ruling 9: still level on suits and on points in them: the game is a draw."""
        return len(self.winners) > 1

    def places(self) -> tuple[int, ...]:
        """Per seat how many seats finished ahead of it (the winners: 0)."""
        keys = [(self.won[p], self.won_points[p]) for p in range(len(self.won))]
        return tuple(sum(other > mine for other in keys) for mine in keys)


def standing(pictures: Sequence[Sequence[Card | None]], placed: Sequence[Sequence[Sequence[Card]]], suits: Sequence[Suit], rules: Rules) -> Standing:
    """The table's standing (PC5, PC12-PC17) from each seat's picture cards (by slot, ``None``: lost) and
    the cards on them."""
    players = len(pictures)
    f = fields_of(rules)
    best: list[dict[Suit, int]] = [{} for _ in range(players)]
    for p in range(players):
        for slot, picture in enumerate(pictures[p]):
            if picture is not None:
                score = score_with(picture, placed[p][slot], f)
                if score > best[p].get(picture.suit, -1):
                    best[p][picture.suit] = score  # PC15: only the best picture card of a suit counts
    points = tuple(tuple(best[p].get(suit, 0) for p in range(players)) for suit in suits)
    winners_by_suit: list[int | None] = []
    won, won_points = [0] * players, [0] * players
    for row in points:
        top = max(row)
        leaders = [p for p in range(players) if row[p] == top]
        if len(leaders) == 1:  # picture ruling 9: a tie in a suit: nobody wins it
            winners_by_suit.append(leaders[0])
            won[leaders[0]] += 1
            won_points[leaders[0]] += top
        else:
            winners_by_suit.append(None)
    keys = [(won[p], won_points[p]) for p in range(players)]
    winners = tuple(p for p in range(players) if keys[p] == max(keys))
    return Standing(tuple(suits), points, tuple(winners_by_suit), tuple(won), tuple(won_points), winners)


# --- the view ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PictureView:
    """What one seat sees (picture ruling 10): everything but the order of the number pile. Every seat's
    picture cards by slot (``None``: lost to an ace) and the cards on each, the cards drawn this
    turn, the number pile's cards sorted (its make-up, which any player can count, never its order),
    the 2s and 3s laid aside, the cards out of the game, the suit taken out, each seat's aces."""

    player: int
    rules: Rules
    turn: int
    stage: Stage
    pictures: tuple[tuple[Card | None, ...], ...]
    placed: tuple[tuple[tuple[Card, ...], ...], ...]
    drawn: tuple[Card, ...]
    pile: tuple[Card, ...]
    aside: tuple[Card, ...]
    out: tuple[Card, ...]
    removed: tuple[Card, ...]
    aces: tuple[int, ...]
    suits: tuple[Suit, ...]

    @property
    def pile_count(self) -> int:
        return len(self.pile)


def _keeps(pictures: Sequence[Card | None], keep: int, min_suits: int) -> list[Keep]:
    held = sorted((c for c in pictures if c is not None), key=lambda c: c.key)
    found: dict[tuple[Card, ...], None] = {}
    for chosen in combinations(held, keep):
        if len({c.suit for c in chosen}) >= min_suits:
            found.setdefault(chosen, None)
    return [Keep(c) for c in found]


_LAST: list[tuple[PictureView, list[Move]]] = []
"""The last view asked about and its moves: a bot and the round's check ask of the same view object
in turn, so it is enumerated once."""


def legal_moves(view: PictureView) -> list[Move]:
    """Every move open to the viewing seat, from its view alone (empty out of turn)."""
    if _LAST and _LAST[0][0] is view:
        return list(_LAST[0][1])
    moves = _legal_moves(view)
    _LAST[:] = [(view, moves)]
    return list(moves)


def _legal_moves(view: PictureView) -> list[Move]:
    if view.stage is Stage.OVER or view.turn != view.player:
        return []
    mine = view.pictures[view.player]
    slots = [s for s, c in enumerate(mine) if c is not None]
    if view.stage is Stage.KEEP:
        f = fields_of(view.rules)
        return list(_keeps(mine, view.rules.hand_size, f.min_suits))
    if view.stage is Stage.DRAW:
        moves: list[Move] = [Draw()] if view.pile else []
        if view.drawn:
            moves.append(Stop())  # PC6: a turn draws at least one card, then may stop at any time
        return moves
    if view.stage is Stage.PLACE:
        cards = sorted(set(view.drawn), key=lambda c: c.key)
        return [Place(card, slot) for card in cards for slot in slots]
    if view.stage is Stage.LOSE:
        return [Lose(slot) for slot in slots]
    shifts: list[Move] = []
    for source in slots:
        for card in sorted(set(view.placed[view.player][source]), key=lambda c: c.key):
            shifts.extend(Shift(card, source, target) for target in slots if target != source)
    return [*shifts, Stay()]


# --- the round -------------------------------------------------------------------------------------


class PictureRound:
    """One game of picture cards (``upto9.family.FamilyRound``), dealt from ``deck`` (top card first)."""

    def __init__(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise RuleError(Message("rules.players_range", name=rules.name, low=rules.min_players, high=rules.max_players, players=str(players)))
        cards = [c for c in deck if isinstance(c, Card)]
        if len(cards) != len(deck):
            raise RuleError(Message("picture_cards.not_deck"))
        f = fields_of(rules)
        self.rules = rules
        self.fields = f
        self.players = players
        self.dealer = dealer
        self.deck_order: tuple[Card, ...] = tuple(cards)
        # Shuffling back (PC9-PC11) and dealing again (PC4) draw on one source seeded by the deal, so
        # a record's moves replay to the same game.
        self._rng = random.Random("picture_cards:" + " ".join(card_texts(self.deck_order)))
        gone = f.removed(players)
        self.suits = tuple(s for s in SUITS if s != gone)
        self.removed = [c for c in cards if c.suit == gone]  # PC1: two players take one suit out
        in_play = [c for c in cards if c.suit != gone]
        picture_pile = [c for c in in_play if c.rank in PICTURES]
        self.pile: list[Card] = [c for c in reversed(in_play) if c.rank not in PICTURES]  # top card last: pop() draws it
        self.first = self._rng.randrange(players) if f.first_player == "random" else 0
        self.redeals = 0
        self.pictures: list[list[Card | None]] = []
        self.unused: list[Card] = []
        self._deal(picture_pile)
        self.placed: list[list[list[Card]]] = [[[] for _ in seat] for seat in self.pictures]
        self.drawn: list[Card] = []
        self.aside: list[Card] = []
        self.out: list[Card] = []
        self.aces = [0] * players
        self.turn = self.first
        self.turns = 0
        self.taken = 0  # the cards drawn and held this turn (PC8 counts them)
        self.stage = Stage.KEEP if f.deal(players) > rules.hand_size else Stage.DRAW
        self.kept = [False] * players
        self.history: list[Record] = []
        self.reason: str | None = None
        self._legal: list[Move] | None = None
        self._views: dict[int, PictureView] = {}
        # What every view shares, made once until the cards move: the table, the pile's make-up.
        self._table: tuple[tuple[tuple[Card | None, ...], ...], tuple[tuple[tuple[Card, ...], ...], ...]] | None = None
        self._sorted_pile: tuple[Card, ...] | None = None

    def __repr__(self) -> str:
        return f"PictureRound(players={self.players}, turn={self.turn}, stage={self.stage.value!r}, turns={self.turns})"

    def _deal(self, picture_pile: list[Card]) -> None:
        """PC3, PC4: the picture cards one at a time, clockwise from the first player; dealt again
        (the whole picture pile shuffled) until every seat holds ``min_suits`` suits."""
        deal, f = self.fields.deal(self.players), self.fields
        order = [(self.first + k) % self.players for k in range(self.players)]
        pile = list(picture_pile)
        for _ in range(MAX_REDEALS):
            hands: list[list[Card | None]] = [[] for _ in range(self.players)]
            for k in range(deal * self.players):
                hands[order[k % self.players]].append(pile[k])
            if all(len({c.suit for c in hand if c is not None}) >= f.min_suits for hand in hands):
                self.pictures = hands
                self.unused = pile[deal * self.players :]  # picture ruling 1: what is left leaves the game unseen
                return
            self.redeals += 1
            self._rng.shuffle(pile)
        raise RuleError(Message("picture_cards.no_deal", tries=MAX_REDEALS))

    # --- what the protocol asks ----------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def deck(self) -> tuple[Card, ...]:
        """The number pile, top card first."""
        return tuple(reversed(self.pile))

    def standing(self) -> Standing:
        """The table's standing now (PC12-PC17)."""
        return standing(self.pictures, self.placed, self.suits, self.rules)

    @property
    def end(self) -> dict[str, Any] | None:
        """Why and how the game ended (``None`` while it is played): the reason, each suit's points
        per seat and its winner, the suits and points each seat won, the winners and whether it is a draw."""
        if self.reason is None:
            return None
        s = self.standing()
        return {
            "reason": self.reason,
            "suits": {str(suit): {"points": list(s.points[i]), "winner": s.suit_winners[i]} for i, suit in enumerate(s.suits)},
            "won": list(s.won),
            "won_points": list(s.won_points),
            "winners": list(s.winners),
            "draw": s.draw,
        }

    def view(self, player: int) -> PictureView:
        """What ``player`` sees now (picture ruling 10): the same object until the next move."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise RuleError(Message("picture_cards.no_seat", player=repr(player)[:20], last=self.players - 1))
        found = self._views.get(player)
        if found is None:
            if self._table is None:
                self._table = (tuple(tuple(seat) for seat in self.pictures), tuple(tuple(tuple(cards) for cards in seat) for seat in self.placed))
            if self._sorted_pile is None:
                self._sorted_pile = tuple(sorted(self.pile, key=_BY_KEY))
            found = self._views[player] = PictureView(
                player=player,
                rules=self.rules,
                turn=self.turn,
                stage=self.stage,
                pictures=self._table[0],
                placed=self._table[1],
                drawn=tuple(self.drawn),
                pile=self._sorted_pile,
                aside=tuple(self.aside),
                out=tuple(self.out),
                removed=tuple(self.removed),
                aces=tuple(self.aces),
                suits=self.suits,
            )
        return found

    def legal_moves(self) -> list[Move]:
        """The moves open to the seat to move (``legal_moves(view)`` of its view), kept until the next move."""
        if self._legal is None:
            self._legal = legal_moves(self.view(self.turn))
        return list(self._legal)

    def zones(self) -> dict[str, tuple[PlayingCard, ...]]:
        found: dict[str, tuple[PlayingCard, ...]] = {}
        for p in range(self.players):
            found[f"hand.{p}"] = tuple(c for c in self.pictures[p] if c is not None)  # the picture cards, face up
            found[f"placed.{p}"] = tuple(c for cards in self.placed[p] for c in cards)
        found["drawn"] = tuple(self.drawn)
        found["pile"] = self.deck
        found["aside"] = tuple(self.aside)
        found["out"] = tuple(self.out)
        found["removed"] = tuple(self.removed)
        found["unused"] = tuple(self.unused)
        return found

    def visible(self, player: int) -> frozenset[str]:
        """Ruling 10: every zone (the pile's cards, never their order: the view holds them sorted)
        but the picture cards left over from the deal, which leave the game unseen."""
        return frozenset(z for z in self.zones() if z != "unused")

    def scores(self) -> tuple[int, ...]:
        """Fewer is better, as the engine's totals count: per seat the seats placed ahead of it by
        suits won, then points in them (the winners, a draw's too: 0). The suits and points
        themselves are in ``end``."""
        return self.standing().places()

    # --- playing ------------------------------------------------------------------------------------

    def verify(self, move: object) -> None:
        """Raise ``RuleError`` with the message of the rule ``move`` breaks now."""
        if not isinstance(move, _MOVES):
            raise RuleError(Message("picture_cards.not_move", move=repr(move)[:80]))
        if self.over:
            raise RuleError(Message("picture_cards.over"))
        if move not in self.legal_moves():
            raise RuleError(self._why_not(move))

    def _why_not(self, move: Move) -> Message:
        """The rule a move that is not open breaks, in words."""
        seat = self.turn
        held = [s for s, c in enumerate(self.pictures[seat]) if c is not None]
        wanted: dict[Stage, tuple[type, ...]] = {
            Stage.KEEP: (Keep,),
            Stage.DRAW: (Draw, Stop),
            Stage.PLACE: (Place,),
            Stage.LOSE: (Lose,),
            Stage.SHIFT: (Shift, Stay),
        }
        if not isinstance(move, wanted[self.stage]):
            return Message(f"picture_cards.stage.{self.stage.value}")
        if isinstance(move, Keep):
            missing = Counter(move.cards) - Counter(c for c in self.pictures[seat] if c is not None)
            if missing:
                return Message("picture_cards.not_held", card=next(iter(missing)).glyph)
            if len(move.cards) != self.rules.hand_size:
                return Message("picture_cards.keep_count", n=self.rules.hand_size)
            return Message("picture_cards.keep_suits", n=self.fields.min_suits)
        if isinstance(move, Draw):
            return Message("picture_cards.pile_empty")
        if isinstance(move, Stop):
            return Message("picture_cards.draw_first")
        slot_fields = [move.slot] if isinstance(move, Place | Lose) else [move.source, move.target] if isinstance(move, Shift) else []
        for slot in slot_fields:
            if slot not in held:
                return Message("picture_cards.no_picture", slot=repr(slot)[:20])
        if isinstance(move, Place):
            return Message("picture_cards.not_drawn", card=move.card.glyph if isinstance(move.card, Card) else repr(move.card)[:20])
        if isinstance(move, Shift):
            if move.source == move.target:
                return Message("picture_cards.shift_same")
            return Message("picture_cards.not_placed", card=move.card.glyph if isinstance(move.card, Card) else repr(move.card)[:20])
        return Message("picture_cards.not_now")

    def play(self, move: object) -> Record:
        """Verify and apply ``move``; the record of it (the engine's own record of the end follows in ``history``)."""
        self.verify(move)
        self._legal = None
        self._views = {}
        if not isinstance(move, Draw | Stop):
            self._table = None  # the picture cards or the cards on them change
        if isinstance(move, Draw | Lose):
            self._sorted_pile = None  # only a draw and an ace's loss change the pile
        seat = self.turn
        record: Record
        if isinstance(move, Keep):
            record = self._keep(seat, move)
        elif isinstance(move, Draw):
            record = self._draw(seat)
        elif isinstance(move, Stop):
            record = Stopped(seat)
            self.history.append(record)
            self.stage = Stage.PLACE  # PC7: every card drawn is placed
        elif isinstance(move, Place):
            record = Placed(seat, move.card, move.slot)
            self.history.append(record)
            self.drawn.remove(move.card)
            self.placed[seat][move.slot].append(move.card)
            if not self.drawn:
                self._after_placing(seat)
        elif isinstance(move, Lose):
            record = self._lose(seat, move.slot)
        elif isinstance(move, Shift):
            record = Shifted(seat, move.card, move.source, move.target)
            self.history.append(record)
            self.placed[seat][move.source].remove(move.card)
            self.placed[seat][move.target].append(move.card)
            self._end_turn(seat)
        else:
            record = Stayed(seat)
            self.history.append(record)
            self._end_turn(seat)
        return record

    def _keep(self, seat: int, move: Keep) -> Record:
        """PC3: the kept picture cards stay, the others go out of the game (face up: ruling 10)."""
        rest = list(c for c in self.pictures[seat] if c is not None)
        for card in move.cards:
            rest.remove(card)
        self.out.extend(rest)
        self.pictures[seat] = list(move.cards)
        self.placed[seat] = [[] for _ in move.cards]
        self.kept[seat] = True
        record = Kept(seat, move.cards)
        self.history.append(record)
        self.turn = (seat + 1) % self.players
        if all(self.kept):
            self.stage = Stage.DRAW  # the first player to keep is the first to draw
        return record

    def _shuffle_back(self, cards: Sequence[Card]) -> None:
        """Cards go back into the number pile, which is shuffled (PC9-PC11)."""
        self.pile.extend(cards)
        self._rng.shuffle(self.pile)

    def _draw(self, seat: int) -> Record:
        """PC6, PC9-PC11: the top card; a first card that is an A, 2 or 3 goes back (picture ruling 6: the game
        ends when only such cards are left); a 2 or 3 ends the turn, an ace takes a picture card."""
        back: list[Card] = []
        card = self.pile.pop()
        if self.fields.first_card_back and not self.drawn:
            while is_low(card):  # PC11
                back.append(card)
                self._shuffle_back([card])
                if all(is_low(c) for c in self.pile):
                    record = Drew(seat, None, tuple(back))
                    self.history.append(record)
                    self._stop("only_low")
                    return record
                card = self.pile.pop()
        record = Drew(seat, card, tuple(back))
        self.history.append(record)
        if card.rank in BUST:  # PC9: the turn's cards go back, the 2 or 3 is laid aside
            self.aside.append(card)
            self._shuffle_back(self.drawn)
            self.drawn = []
            self._end_turn(seat)
        elif card.rank == Rank.ACE:  # PC10, picture ruling 3: the player chooses the picture card the ace takes
            self.aces[seat] += 1
            self.drawn.append(card)
            self.stage = Stage.LOSE
        else:
            self.drawn.append(card)
            self.taken += 1
            if not self.pile:
                self.stage = Stage.PLACE  # nothing left to draw: the cards are placed
        return record

    def _lose(self, seat: int, slot: int) -> Record:
        """PC10: the picture card and the ace leave the game; the cards on it and the turn's cards go back."""
        picture = self.pictures[seat][slot]
        assert picture is not None
        on_it = tuple(self.placed[seat][slot])
        record = Lost(seat, slot, picture, on_it)
        self.history.append(record)
        ace = [c for c in self.drawn if c.rank == Rank.ACE]
        self.out.extend([picture, *ace])
        self.pictures[seat][slot] = None
        self.placed[seat][slot] = []
        self._shuffle_back([*on_it, *(c for c in self.drawn if c.rank != Rank.ACE)])
        self.drawn = []
        self._end_turn(seat)
        return record

    def _after_placing(self, seat: int) -> None:
        """PC8: a turn that drew ``move_after`` cards or more may move one placed card, once."""
        held = [s for s, c in enumerate(self.pictures[seat]) if c is not None]
        if self.fields.move_after and self.taken >= self.fields.move_after and len(held) > 1:
            self.stage = Stage.SHIFT
        else:
            self._end_turn(seat)

    def _stop(self, reason: str) -> None:
        self.turns += 1
        self.reason = reason
        self.stage = Stage.OVER
        self.history.append(Ended(reason))

    def _end_reason(self, seat: int) -> str | None:
        """PC18, PC19, picture rulings 6-8: does the game end with this turn?"""
        f = self.fields
        if self.players == 2 and f.third_ace and self.aces[seat] >= f.third_ace:
            return "third_ace"
        if not self.pile:
            return "pile_empty"
        if not any(c.rank == Rank.ACE for c in self.pile) and sum(c.rank in BUST for c in self.pile) <= f.low_end:
            return "aces_gone"
        if not any(c is not None for seat_cards in self.pictures for c in seat_cards):
            return "no_pictures"
        return None

    def _end_turn(self, seat: int) -> None:
        """The turn is over: the game ends (PC18, PC19, picture ruling 7), or the next seat holding a picture card draws (picture rulings 2, 8)."""
        self.taken = 0
        reason = self._end_reason(seat)
        if reason is not None:
            self._stop(reason)
            return
        self.turns += 1
        self.stage = Stage.DRAW
        nxt = seat
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if any(c is not None for c in self.pictures[nxt]):
                break
        self.turn = nxt
