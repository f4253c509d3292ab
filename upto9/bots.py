"""Bots: players that see only their own view of the round and answer with one move at a time.

A bot is any object with a method ``act(view) -> Move`` (the ``Bot`` protocol): it is asked for
one move whenever it is the player to move, and receives nothing but a ``View``, never the game.
A notebook can define its own bot as a plain class:

>>> from upto9.game import Discard, Draw, Source
>>> class FirstCardBot:
...     def act(self, view):
...         if view.phase == "draw":
...             return Draw(Source.DECK)
...         return Discard(view.hand[0])
>>> from upto9.simulate import play_game
>>> game = play_game(players=2, bots=[FirstCardBot, HeuristicBot], seed=3)
>>> game.over, game.winners
(True, (1,))

Two bots come with the package: ``RandomBot`` plays any legal move, uniformly at random, and
``HeuristicBot`` plays sensibly (see its docstring).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from upto9.cards import Card, Rank, Suit
from upto9.checker import Check, check
from upto9.game import Discard, Donate, Draw, LayDown, Move, Phase, Source, View, legal_moves
from upto9.melds import Face, Meld
from upto9.rules import GroupKind, Level, Rules

__all__ = ["Bot", "HeuristicBot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A player: ``act`` is called with the player's own ``View`` whenever they are to move, and
    answers with one move (``Draw``, ``LayDown``, ``Donate`` or ``Discard``)."""

    def act(self, view: View) -> Move:
        """The next move for the viewing player."""
        ...


class RandomBot:
    """Plays any legal move, uniformly at random among ``legal_moves(view)``; deterministic from
    its seed.

    >>> from upto9.game import Game
    >>> game = Game(players=2, seed=1)
    >>> bot = RandomBot(seed=5)
    >>> bot.act(game.view(game.round.turn)) in legal_moves(game.view(game.round.turn))
    True
    """

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def act(self, view: View) -> Move:
        """A legal move, chosen uniformly."""
        moves = legal_moves(view)
        if not moves:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        return self.rng.choice(moves)


def _card_key(card: Card) -> int:
    return card.key


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_card_key))


class HeuristicBot:
    """A sensible player.

    * **Drawing**: it takes the discard pile's top card when that card makes its level, or brings
      it closer to the level (fewer cards short, by the checker's closest arrangement); once laid
      down, when the card can be donated. Otherwise it draws from the deck.
    * **Laying down**: as soon as it can, with the checker's best lay-down (fewest jokers).
    * **Donating**: once down, everything it can, onto any meld on the table, its own or
      others'; real cards first (they may open a straight's end for the next), then 2s and 3s as
      jokers, where possible at an end that lets a card it holds follow.
    * **Discarding**, before its lay-down: never a card of its closest arrangement when another
      will do; among the others, the one that helps least (fewest neighbours in a suit for a
      straight, fewest of its rank for a set); 2s and 3s are kept as jokers while the level has a
      joker budget. After its lay-down: the highest-penalty card it cannot donate.

    The bot is deterministic; ``seed`` is accepted (and ignored) so that it can be made the way
    every bot factory is made, ``HeuristicBot(seed)``.

    >>> from upto9.game import Game
    >>> game = Game(players=2, seed=1)
    >>> HeuristicBot().act(game.view(game.round.turn))
    Draw(source=<Source.DECK: 'deck'>)
    """

    _CACHE_LIMIT = 64

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        # Checker verdicts for the hands this bot has looked at, by (level, hand in card order).
        self._checks: dict[tuple[int, tuple[Card, ...]], Check] = {}
        # Cards short of the level for a hand left after a discard: (level, hand) -> distance.
        self._short: dict[tuple[int, tuple[Card, ...]], int] = {}

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def act(self, view: View) -> Move:
        """The next move for the viewing player."""
        if not view.my_turn:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.laid_down[view.player]:
            return self._shed(view)
        return self._build(view)

    # --- looking at hands -------------------------------------------------------------------------

    def _check(self, hand: Sequence[Card], level: int, rules: Rules) -> Check:
        key = (level, _sorted(hand))
        found = self._checks.get(key)
        if found is None:
            if len(self._checks) >= self._CACHE_LIMIT:
                self._checks.clear()
            found = self._checks[key] = check(key[1], level, rules)
        return found

    def _cards_short(self, hand: Sequence[Card], level: int, rules: Rules) -> int:
        key = (level, _sorted(hand))
        known = self._short.get(key)
        if known is None:
            known = self._check(key[1], level, rules).cards_short
        return known

    # --- drawing ------------------------------------------------------------------------------------

    def _draw(self, view: View) -> Move:
        top = view.discard_top
        if top is None:
            return Draw(Source.DECK)
        if not view.deck_count and len(view.discard) < 2:
            return Draw(Source.DISCARD)  # ruling 7: the top card is all there is
        if view.laid_down[view.player]:
            if any(_can_take(meld, top, view.rules) for melds in view.table for meld in melds):
                return Draw(Source.DISCARD)
            return Draw(Source.DECK)
        level, rules = view.level, view.rules
        with_top = self._check((*view.hand, top), level, rules)
        if with_top.ok or with_top.cards_short < self._cards_short(view.hand, level, rules):
            return Draw(Source.DISCARD)
        return Draw(Source.DECK)

    # --- before the lay-down ------------------------------------------------------------------------

    def _build(self, view: View) -> Move:
        level, rules, hand = view.level, view.rules, view.hand
        verdict = self._check(hand, level, rules)
        if verdict.ok:
            return LayDown(verdict.melds)
        spec = rules.level(level)
        # The closest arrangement's cards stay; jokers only as many as the budget lets count.
        kept: Counter[Card] = Counter()
        jokers = spec.jokers
        for group in verdict.closest.groups:
            for slot in group:
                card = slot.card
                if card is None:
                    continue
                if slot.wild:
                    if jokers <= 0:
                        continue
                    jokers -= 1
                kept[card] += 1
        spare: list[Card] = []
        left = Counter(kept)
        for card in hand:
            if left[card] > 0:
                left[card] -= 1
            else:
                spare.append(card)
        pool = spare or list(hand)
        counts = Counter(hand)
        worth = _Worth(hand, spec, rules)
        choice = min(pool, key=lambda c: (worth.of(c, counts), -rules.penalty(c), -c.key))
        rest = list(hand)
        rest.remove(choice)
        if spare:  # the arrangement is untouched: the hand stays as many cards short
            if len(self._short) >= self._CACHE_LIMIT:
                self._short.clear()
            self._short[(level, _sorted(rest))] = verdict.cards_short
        return Discard(choice)

    # --- after the lay-down -------------------------------------------------------------------------

    def _shed(self, view: View) -> Move:
        rules, hand = view.rules, view.hand
        melds = [(owner, index, meld) for owner, row in enumerate(view.table) for index, meld in enumerate(row)]
        # Real cards first: they may open a straight's end for the next card.
        jokers: list[Card] = []
        for card in _sorted(hand):
            for owner, index, meld in melds:
                if _takes_as_itself(meld, card):
                    return Donate(card, owner, index, None)
            if rules.is_wild(card):
                jokers.append(card)
        holding = set(hand)
        for card in jokers:
            fallback: Donate | None = None
            for owner, index, meld in melds:
                for face in _joker_faces(meld):
                    move = Donate(card, owner, index, face)
                    if fallback is None:
                        fallback = move
                    if isinstance(face, Card) and _next_past(meld, face) in holding:
                        return move
            if fallback is not None:
                return fallback
        return Discard(max(hand, key=lambda c: (rules.penalty(c), c.key)))


def _takes_as_itself(meld: Meld, card: Card) -> bool:
    """Can ``meld`` take ``card`` standing for itself (not as a joker)?"""
    ends = meld.open_cards()
    if meld.kind is GroupKind.SET:
        return bool(ends) and card.rank == ends[0]
    return card in ends


def _joker_faces(meld: Meld) -> tuple[Face, ...]:
    """What a joker donated to ``meld`` could stand for: the set's rank, a straight's open ends."""
    return meld.open_cards()


def _can_take(meld: Meld, card: Card, rules: Rules) -> bool:
    """Can ``meld`` take ``card``, as itself or (a 2 or 3) as a joker?"""
    return _takes_as_itself(meld, card) or (rules.is_wild(card) and bool(meld.open_cards()))


def _next_past(meld: Meld, face: Card) -> Card | None:
    """The card that would continue the straight once ``face`` is added at one of its ends."""
    positions = meld.positions
    low, high = positions[0], positions[-1]
    if low > 2 and face == _at(low - 1, face.suit):
        return _at(low - 2, face.suit)
    if high < 13 and face == _at(high + 1, face.suit):
        return _at(high + 2, face.suit)
    return None


def _at(position: int, suit: Suit) -> Card:
    return Card(Rank.ACE if position in (1, 14) else Rank(position), suit)


class _Worth:
    """How much a card the closest arrangement does not use could still help: the larger of its
    best straight window (distinct same-suit positions held, as a share of the straight) and its
    rank's count (as a share of the set). 2s and 3s are worth keeping as jokers while the level
    allows jokers."""

    __slots__ = ("jokers", "masks", "rank_count", "rules", "run_sizes", "set_sizes")

    def __init__(self, hand: Sequence[Card], level: Level, rules: Rules) -> None:
        self.rules = rules
        self.jokers = level.jokers
        self.run_sizes = sorted({g.size for g in level.groups if g.kind is GroupKind.RUN})
        self.set_sizes = sorted({g.size for g in level.groups if g.kind is GroupKind.SET})
        masks = [0, 0, 0, 0]
        rank_count = [0] * 14
        for card in hand:
            rank_count[card.rank] += 1
            r = int(card.rank)
            masks[card.key & 3] |= 1 << r
            if r == 1:
                masks[card.key & 3] |= 1 << 14
        self.masks = masks
        self.rank_count = rank_count

    def of(self, card: Card, counts: Counter[Card]) -> float:
        if self.jokers and self.rules.is_wild(card):
            return 2.0
        best = 0.0
        for size in self.set_sizes:
            best = max(best, min(self.rank_count[card.rank], size) / size)
        if self.run_sizes and counts[card] == 1:
            mask = self.masks[card.key & 3]
            r = int(card.rank)
            spots = (1, 14) if r == 1 else (r,)
            for size in self.run_sizes:
                full = (1 << size) - 1
                for q in spots:
                    for start in range(max(1, q - size + 1), min(q, 15 - size) + 1):
                        best = max(best, ((mask >> start) & full).bit_count() / size)
        return best
