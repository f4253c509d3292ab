"""The picture-card game's bots, each deciding from its seat's view alone (``PictureView``: ruling
10, nothing hidden but the number pile's order, so the chance that the next card ends the turn is a
count every player may make).

They differ only in when they stop drawing; they keep, place, give up a picture card to an ace and
make the five-card move alike, by ``worth``: the seat's standing in the suits, its margin over the
best other seat in each suit, bounded to 30 points either way (a lead beyond that is safe enough,
a deficit beyond it lost enough). Of the weightings tried (a bonus of 2, 5 or 10 for a suit won, a
margin weighted 0.25 to 1, bounded at 20 to 1,000), this one made the best stopper win most often
(``benchmarks/bench_picture_cards.py``).

- ``StopAfterBot(k)``: stops once it holds ``k`` cards this turn ("stop after three cards").
- ``RiskBot(p)``: stops when the chance that the next card ends the turn (an ace, a 2 or a 3 out
  of the pile as it stands) is above ``p``.
- ``BestStopBot``: stops when stopping is worth at least as much as drawing on, by dynamic
  programming over the pile's exact make-up in the spirit of Neller and Presser's optimal play of
  Pig: the value of holding ``k`` more cards is ``max(stop, draw)``, where drawing gains a safe card's
  average worth with the chance of one, loses what the turn holds on a 2 or 3, and loses the
  cheapest picture card as well on an ace. Averaging the safe cards' worth makes it exact for the
  pile's counts, an approximation for which card comes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from upto9.cards import Card, Rank, Suit
from upto9.families.picture_cards.game import (
    BUST,
    Draw,
    Keep,
    Lose,
    Move,
    PictureView,
    Place,
    Shift,
    Stage,
    Stay,
    Stop,
    fields_of,
    is_low,
    legal_moves,
    score_with,
)
from upto9.family import FamilyView

__all__ = [
    "Advice",
    "BestStopBot",
    "Board",
    "PictureBot",
    "RiskBot",
    "StopAfterBot",
    "best_advice",
    "best_keep",
    "cheapest_loss",
    "end_chance",
    "end_counts",
    "plan",
    "shift_values",
    "worth",
]

SUIT_WON: Final = 0.0
"""What a suit won is worth to ``worth`` beyond its margin (and a suit another seat wins costs)."""

MARGIN: Final = 1.0
"""What each point of margin in a suit is worth, up to ``MARGIN_CAP`` points."""

MARGIN_CAP: Final = 30


def _term(margin: int) -> float:
    """A suit's part of ``worth``: won, lost or level, and the bounded margin."""
    won = SUIT_WON if margin > 0 else -SUIT_WON if margin < 0 else 0.0
    return won + MARGIN * max(-MARGIN_CAP, min(MARGIN_CAP, margin))


class Board:
    """The viewing seat's picture cards, the cards on them and each one's score, against the best
    score of any other seat in each suit: what ``worth`` needs, cheap to change one card at a time."""

    def __init__(self, view: PictureView) -> None:
        f = fields_of(view.rules)
        self.fields = f
        self.suits = view.suits
        seat = view.player
        self.pictures = list(view.pictures[seat])
        self.placed = [list(cards) for cards in view.placed[seat]]
        self.scores = [score_with(c, self.placed[s], f) if c is not None else -1 for s, c in enumerate(self.pictures)]
        self.other: dict[Suit, int] = dict.fromkeys(view.suits, 0)
        for p, pictures in enumerate(view.pictures):
            if p != seat:
                for slot, picture in enumerate(pictures):
                    if picture is not None:
                        score = score_with(picture, view.placed[p][slot], f)
                        if score > self.other[picture.suit]:
                            self.other[picture.suit] = score

    @property
    def slots(self) -> list[int]:
        return [s for s, c in enumerate(self.pictures) if c is not None]

    def worth(self, scores: Sequence[int] | None = None) -> float:
        """How good the table is for the seat (see the module's docstring)."""
        scores = self.scores if scores is None else scores
        best = dict.fromkeys(self.suits, 0)
        for slot, picture in enumerate(self.pictures):
            if picture is not None and scores[slot] > best[picture.suit]:
                best[picture.suit] = scores[slot]
        return sum(_term(best[suit] - self.other[suit]) for suit in self.suits)

    def rescored(self, slot: int) -> int:
        picture = self.pictures[slot]
        return score_with(picture, self.placed[slot], self.fields) if picture is not None else -1

    def add(self, card: Card, slot: int) -> None:
        self.placed[slot].append(card)
        self.scores[slot] = self.rescored(slot)

    def worth_with(self, card: Card, slot: int) -> float:
        """The worth with ``card`` placed on ``slot`` (the board unchanged)."""
        self.placed[slot].append(card)
        scores = list(self.scores)
        scores[slot] = self.rescored(slot)
        self.placed[slot].pop()
        return self.worth(scores)

    def worth_without(self, slot: int) -> float:
        """The worth once an ace has taken the picture card in ``slot``."""
        scores = list(self.scores)
        scores[slot] = -1
        picture = self.pictures[slot]
        self.pictures[slot] = None
        value = self.worth(scores)
        self.pictures[slot] = picture
        return value


def worth(view: PictureView) -> float:
    """How good the table is for the viewing seat (see the module's docstring)."""
    return Board(view).worth()


def end_chance(view: PictureView) -> float:
    """The chance that the next card ends the turn: the aces, 2s and 3s in the pile over its size."""
    return sum(is_low(c) for c in view.pile) / len(view.pile) if view.pile else 1.0


def plan(view: PictureView, cards: Sequence[Card], board: Board | None = None) -> tuple[list[tuple[Card, int]], float]:
    """Where to place ``cards`` (greedily, the highest first, each where ``worth`` gains most) and the worth after."""
    board = Board(view) if board is None else board
    slots = board.slots
    steps: list[tuple[Card, int]] = []
    value = board.worth()
    for card in sorted(cards, key=lambda c: (-c.rank, c.key)):
        best_slot, best_value = slots[0], float("-inf")
        for slot in slots:
            found = board.worth_with(card, slot)
            if found > best_value:
                best_slot, best_value = slot, found
        board.add(card, best_slot)
        steps.append((card, best_slot))
        value = best_value
    return steps, value


def cheapest_loss(view: PictureView) -> tuple[int, float]:
    """The picture card an ace should take (the slot whose loss costs the least ``worth``) and the worth after."""
    board = Board(view)
    return max(((slot, board.worth_without(slot)) for slot in board.slots), key=lambda found: found[1])


class PictureBot:
    """What every picture-card bot does alike; ``stop`` is its own."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._plan: tuple[tuple[Card, ...], list[tuple[Card, int]]] | None = None  # the cards to place, and where

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def stop(self, view: PictureView) -> bool:
        """Stop drawing now (at least one card is held)?"""
        raise NotImplementedError

    def act(self, view: FamilyView) -> Move:
        assert isinstance(view, PictureView), view
        moves = legal_moves(view)
        if not moves:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        if view.stage is Stage.KEEP:
            return self.keep(view, [m for m in moves if isinstance(m, Keep)])
        if view.stage is Stage.DRAW:
            return Stop() if Stop() in moves and (Draw() not in moves or self.stop(view)) else Draw()
        if view.stage is Stage.PLACE:
            if self._plan is None or self._plan[0] != view.drawn:
                steps = plan(view, view.drawn)[0]  # once a turn: the steps follow as the cards go
                self._plan = (view.drawn, steps)
            card, slot = self._plan[1][0]
            self._plan = (view.drawn[:0] + tuple(c for c in view.drawn if c != card), self._plan[1][1:])
            return Place(card, slot)
        if view.stage is Stage.LOSE:
            return Lose(cheapest_loss(view)[0])
        return self.shift(view, moves)

    def keep(self, view: PictureView, keeps: Sequence[Keep]) -> Keep:
        """The picture cards worth most bare: kings, then queens, as many suits as may be."""
        return best_keep(keeps)

    def shift(self, view: PictureView, moves: Sequence[Move]) -> Move:
        """The five-card move that gains most ``worth``, if any gains."""
        best: Move = Stay()
        found = shift_values(view, moves)
        best_value = found[0][1]  # letting the move pass
        for move, value in found[1:]:
            if value > best_value:
                best, best_value = move, value
        return best


def best_keep(keeps: Sequence[Keep]) -> Keep:
    """The keep every bot makes: the most suits, then the most rank (kings, then queens); the first of equals.

    >>> from upto9.cards import parse_hand
    >>> jacks, kings = Keep(tuple(parse_hand("Js Jh Jd Jc"))), Keep(tuple(parse_hand("Ks Kh Kd Qs")))
    >>> best_keep([kings, jacks]) == jacks, best_keep([jacks, Keep(tuple(parse_hand("Ks Qh Jd Jc")))]).cards[0]
    (True, Card('Ks'))
    """
    return max(keeps, key=lambda k: (len({c.suit for c in k.cards}), sum(int(c.rank) for c in k.cards)))


def shift_values(view: PictureView, moves: Sequence[Move]) -> list[tuple[Move, float]]:
    """The ``worth`` after each five-card move among ``moves``, in their order, after ``Stay()``'s
    (the table as it is): what ``PictureBot.shift`` weighs.

    >>> from upto9.families.picture_cards.family import FAMILY
    >>> from upto9.families.picture_cards.game import PictureRound
    >>> from upto9.cards import full_deck
    >>> view = PictureRound(FAMILY.rules, 3, 0, full_deck()).view(0)
    >>> found = shift_values(view, [])
    >>> len(found), found[0] == (Stay(), worth(view))
    (1, True)
    """
    board = Board(view)
    found: list[tuple[Move, float]] = [(Stay(), board.worth())]
    for move in moves:
        if isinstance(move, Shift):
            board.placed[move.source].remove(move.card)
            board.placed[move.target].append(move.card)
            scores = list(board.scores)
            scores[move.source], scores[move.target] = board.rescored(move.source), board.rescored(move.target)
            found.append((move, board.worth(scores)))
            board.placed[move.target].pop()
            board.placed[move.source].append(move.card)
    return found


class StopAfterBot(PictureBot):
    """Stops once it holds ``k`` cards this turn."""

    def __init__(self, seed: int | str | None = 0, k: int = 3) -> None:
        super().__init__(seed)
        self.k = k

    def __repr__(self) -> str:
        return f"StopAfterBot(seed={self.seed!r}, k={self.k})"

    def stop(self, view: PictureView) -> bool:
        return len(view.drawn) >= self.k


class RiskBot(PictureBot):
    """Stops when the chance that the next card ends the turn is above ``p``."""

    def __init__(self, seed: int | str | None = 0, p: float = 0.3) -> None:
        super().__init__(seed)
        self.p = p

    def __repr__(self) -> str:
        return f"RiskBot(seed={self.seed!r}, p={self.p})"

    def stop(self, view: PictureView) -> bool:
        return end_chance(view) > self.p


class BestStopBot(PictureBot):
    """Stops when drawing on is worth less than stopping (see the module's docstring)."""

    def stop(self, view: PictureView) -> bool:
        now = worth(view)
        held = plan(view, view.drawn)[1] - now  # what stopping gains
        safe = [c for c in view.pile if not is_low(c)]
        busts = sum(c.rank in BUST for c in view.pile)
        aces = sum(c.rank == Rank.ACE for c in view.pile)
        if not safe:
            return True
        # The average gain of one more safe card on top of what is held.
        extra = sum(plan(view, [*view.drawn, c])[1] - now - held for c in safe) / len(safe)
        ace_loss = now - cheapest_loss(view)[1] if aces else 0.0
        return held >= _draw_value(held, extra, len(safe), busts, aces, ace_loss)


def _draw_value(held: float, extra: float, safe: int, busts: int, aces: int, ace_loss: float) -> float:
    """The expected gain of drawing once more and then playing on best (the Pig recursion):
    ``V(k) = max(stop_k, p_safe V(k+1) + p_ace (-ace_loss))`` with ``stop_k = held + k extra``."""
    value = held + safe * extra  # all safe cards drawn: stop
    for k in range(safe - 1, -1, -1):
        left = safe - k
        total = left + busts + aces
        draw = (left / total) * value - (aces / total) * ace_loss
        value = max(held + k * extra, draw) if k else draw
    return value


# --- advice for a learner: the best policy's decision, from the view alone ------------------------


def end_counts(view: PictureView) -> tuple[int, int]:
    """The count behind ``end_chance``: the aces, 2s and 3s in the number pile, and its size
    (ruling 10: the pile's make-up is visible, only its order is hidden).

    >>> from upto9.families.picture_cards.family import FAMILY
    >>> from upto9.families.picture_cards.game import PictureRound
    >>> from upto9.cards import full_deck
    >>> view = PictureRound(FAMILY.rules, 3, 0, full_deck()).view(0)
    >>> end_counts(view), end_chance(view) == 12 / 40
    ((12, 40), True)
    """
    return sum(is_low(c) for c in view.pile), len(view.pile)


@dataclass(frozen=True, slots=True)
class Advice:
    """What ``BestStopBot`` would do in a view where the seat may draw: ``stop`` or draw on, with
    the two values it weighs (in ``worth``'s points of lead in the suits): ``held``, what placing
    the cards drawn so far gains now, and ``draw``, what drawing once more and then playing on
    best gains on average (the Pig recursion). ``ends`` of the ``pile`` cards would end the turn;
    ``aces`` of them take a picture card too, which would cost ``ace_loss`` (the cheapest one).
    ``extra``: what one more safe card (4 to 10) adds to ``held`` on average over the safe cards
    in the pile, each placed where the bots place it (0 without a safe card)."""

    stop: bool
    held: float
    draw: float
    ends: int
    pile: int
    aces: int
    ace_loss: float
    extra: float = 0.0


def best_advice(view: PictureView) -> Advice:
    """The best stopping policy's decision for ``view`` and why, from the view alone: the same
    decision as ``BestStopBot().stop(view)`` (a turn with nothing drawn yet may not stop: PC6).

    >>> from upto9.families.picture_cards.family import FAMILY
    >>> from upto9.families.picture_cards.game import PictureRound
    >>> from upto9.cards import full_deck
    >>> advice = best_advice(PictureRound(FAMILY.rules, 3, 0, full_deck()).view(0))
    >>> advice.stop, advice.held, advice.ends, advice.pile, advice.draw > 0
    (False, 0.0, 12, 40, True)
    """
    now = worth(view)
    held = plan(view, view.drawn)[1] - now  # what stopping gains
    safe = [c for c in view.pile if not is_low(c)]
    busts = sum(c.rank in BUST for c in view.pile)
    aces = sum(c.rank == Rank.ACE for c in view.pile)
    ace_loss = now - cheapest_loss(view)[1] if aces and any(c is not None for c in view.pictures[view.player]) else 0.0
    ends = busts + aces
    if not safe:  # every card ends the turn: drawing loses what is held, and on an ace a picture card
        draw = -(aces / ends) * ace_loss if ends else 0.0
        return Advice(bool(view.drawn), held, draw, ends, len(view.pile), aces, ace_loss)
    extra = sum(plan(view, [*view.drawn, c])[1] - now - held for c in safe) / len(safe)
    draw = _draw_value(held, extra, len(safe), busts, aces, ace_loss)
    return Advice(bool(view.drawn) and held >= draw, held, draw, ends, len(view.pile), aces, ace_loss, extra)
