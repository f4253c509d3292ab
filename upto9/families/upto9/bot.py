"""Up to 9's play for ``upto9.bots.HeuristicBot`` (its docstring says how it plays): the family's
``mind()``.

>>> from upto9.game import Game
>>> game = Game(players=2, seed=1)
>>> UpTo9Mind().act(game.view(game.round.turn))
Draw(source=<Source.DECK: 'deck'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar, cast

from upto9.bots import card_key, keys_of, open_faces
from upto9.cards import Card, Rank, Suit
from upto9.families.upto9.checker import Check, checked, kept_keys, searched
from upto9.families.upto9.melds import Face, Meld
from upto9.game import Discard, Donate, Draw, LayDown, Move, Source, View
from upto9.rules import GroupKind, Level, Rules
from upto9.rummy import Mind

__all__ = ["UpTo9Mind"]

_OpenMeld = tuple[int, int, Meld, tuple[Face, ...]]
_K = TypeVar("_K")
_V = TypeVar("_V")


def _hand(view: View) -> tuple[Card, ...]:
    """The hand of an Up to 9 view (its cards are standard cards)."""
    return cast(tuple[Card, ...], view.hand)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


def _extra(keys: Sequence[int], fewer: Sequence[int]) -> int | None:
    """The one key that the sorted multiset ``keys`` holds beyond the sorted multiset ``fewer``
    (``None`` unless ``keys`` is ``fewer`` plus exactly one).

    >>> _extra((1, 2, 2, 5), (1, 2, 5)), _extra((1, 2, 5, 7), (1, 2, 5)), _extra((1, 2, 3), (1, 2, 5))
    (2, 7, None)
    """
    if len(keys) != len(fewer) + 1:
        return None
    for i, key in enumerate(fewer):
        if key != keys[i]:
            return keys[i] if tuple(keys[i + 1 :]) == tuple(fewer[i:]) else None
    return keys[-1]


_Plan = tuple[int, tuple[int, ...]]
"""What the bot knows of a hand: (cards short of the level, the card keys its closest arrangement
keeps). A hand that makes the level is ``(0, ())``."""


def _plan_of(verdict: Check) -> _Plan:
    """The plan of a hand that does not make the level: the checker's closest arrangement, whose
    cards are kept (its jokers are only as many as the budget lets count: ``kept_keys``)."""
    return verdict.cards_short, kept_keys(verdict)


def _idle(card: Card, hand: Sequence[Card], level: Level, rules: Rules) -> bool:
    """Can ``card`` added to ``hand`` surely not improve the closest arrangement (fewer cards
    short, or as many with fewer missing slots)? Answered only where it is cheap and exact:

    * a level of one straight, a card that is no 2 or 3 and has no card of its suit within a
      straight's length: every window holding it holds nothing else, which any card of the hand
      that is no 2 or 3 matches;
    * a level of sets only, a card of a rank the hand lacks, when the hand has at least as many
      ranks (no 2s or 3s) as the level has sets: each set can take a rank the hand holds.

    >>> from upto9 import UPTO9, parse_card, parse_hand
    >>> hand = parse_hand("5h 6h 7h Kc Kd 9s 9d 4c Js Qd As")
    >>> _idle(parse_card("Jh"), hand, UPTO9.level(1), UPTO9), _idle(parse_card("9h"), hand, UPTO9.level(1), UPTO9)
    (True, False)
    >>> _idle(parse_card("8c"), hand, UPTO9.level(4), UPTO9), _idle(parse_card("2c"), hand, UPTO9.level(4), UPTO9)
    (True, False)
    """
    if card.rank in rules.wild_ranks:
        return False
    groups = level.groups
    r = card.key >> 2
    if all(g.kind is GroupKind.SET for g in groups):
        ranks = set()
        for c in hand:
            if c.key >> 2 == r:
                return False
            if c.rank not in rules.wild_ranks:
                ranks.add(c.key >> 2)
        return len(ranks) >= len(groups)
    if len(groups) != 1:
        return False
    size = groups[0].size
    suit = card.key & 3
    mask = 0
    plain = False
    for c in hand:
        key = c.key
        plain = plain or c.rank not in rules.wild_ranks
        if key & 3 == suit:
            mask |= 1 << (key >> 2)
            if key >> 2 == 1:
                mask |= 1 << 14
    if not plain:
        return False
    for q in (1, 14) if r == 1 else (r,):
        low, high = max(1, q - size + 1), min(14, q + size - 1)
        if mask >> low & ((1 << (high - low + 1)) - 1):
            return False
    return True


def _put(cache: dict[_K, _V], key: _K, value: _V, limit: int) -> None:
    """Keep ``value`` under ``key``, the cache emptied first once it holds ``limit`` entries (the
    plans' emptying belongs to the bot's play: what it remembers of a hand can differ from a fresh
    look at it)."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value


class UpTo9Mind(Mind):
    """HeuristicBot's play for Up to 9 (see ``upto9.bots.HeuristicBot``); deterministic."""

    _CACHE_LIMIT = 64

    def __init__(self) -> None:
        # Checker verdicts for the hands this bot has looked at, by (level, sorted card keys).
        self._checks: dict[tuple[int, tuple[int, ...]], Check] = {}
        # What it knows of hands it held: (level, sorted card keys) -> plan.
        self._plans: dict[tuple[int, tuple[int, ...]], _Plan] = {}
        # The hand before this turn's draw: (level, cards, sorted card keys).
        self._before_draw: tuple[int, tuple[Card, ...], tuple[int, ...]] | None = None

    # --- looking at hands -------------------------------------------------------------------------

    def _check(self, hand: tuple[Card, ...], level: int, rules: Rules, short: bool = False, ok_only: bool = False) -> Check:
        """The checker's verdict on ``hand``, found by one search that gives the closest
        arrangement too (``searched``: most hands the bot checks make no lay-down, and it plans
        with their closest arrangement); with ``short`` the caller knows the hand cannot make the
        level (it is at least one card short), and no lay-down is looked for; with ``ok_only`` the
        caller asks only whether it makes the level (``checked``, the lay-down search alone)."""
        key = (level, keys_of(hand))
        found = self._checks.get(key)
        if found is None:
            found = checked(hand, rules.level(level), rules) if ok_only else searched(hand, rules.level(level), rules, short=short)
            assert found is not None  # (no bound given)
            self._keep(key, found)
        return found

    def _nearer(self, hand: tuple[Card, ...], level: int, rules: Rules, below: int) -> Check | None:
        """The verdict on ``hand``, known to make no lay-down, if it is fewer than ``below`` cards
        short; ``None`` otherwise (a search that stops at ``below``: the same answer as asking for
        ``cards_short``, sooner)."""
        key = (level, keys_of(hand))
        found = self._checks.get(key)
        if found is not None:
            return found if found.cards_short < below else None
        found = searched(hand, rules.level(level), rules, short=True, below=below)
        if found is not None:
            self._keep(key, found)
        return found

    def _keep(self, key: tuple[int, tuple[int, ...]], verdict: Check) -> None:
        _put(self._checks, key, verdict, self._CACHE_LIMIT)

    def _plan(self, hand: tuple[Card, ...], level: int, rules: Rules) -> _Plan:
        """How many cards short ``hand`` is, and the cards its closest arrangement keeps."""
        key = (level, keys_of(hand))
        plan = self._plans.get(key)
        if plan is None:
            verdict = self._check(hand, level, rules)
            plan = (0, ()) if verdict.ok else _plan_of(verdict)
            self._remember(key, plan)
        return plan

    def _remember(self, key: tuple[int, tuple[int, ...]], plan: _Plan) -> None:
        _put(self._plans, key, plan, self._CACHE_LIMIT)

    def _open_melds(self, view: View) -> list[_OpenMeld]:
        """Every meld on the table that can still take a card, with what it can take: (owner, meld
        number, meld, the set's rank or the straight's open end cards)."""
        return cast(list[_OpenMeld], open_faces(view))

    # --- drawing ------------------------------------------------------------------------------------

    def _draw(self, view: View) -> Move:
        top = cast(Card | None, view.discard_top)
        if top is None:
            return Draw(Source.DECK)
        if not view.deck_count and len(view.discard) < 2:
            return Draw(Source.DISCARD)  # ruling 7: the top card is all there is
        if view.laid_down[view.player]:
            if _can_take(self._open_melds(view), top, view.rules):
                return Draw(Source.DISCARD)
            return Draw(Source.DECK)
        level, rules, hand = view.level, view.rules, _hand(view)
        short = self._plan(hand, level, rules)[0]
        self._before_draw = (level, hand, keys_of(hand))
        if short == 0 or _idle(top, hand, rules.level(level), rules):
            return Draw(Source.DECK)
        # One card takes a hand at most one card closer: two or more short, the top card cannot
        # make the level; one short, only making it brings it closer.
        if short > 1:
            return Draw(Source.DISCARD) if self._nearer((*hand, top), level, rules, short) is not None else Draw(Source.DECK)
        return Draw(Source.DISCARD) if self._check((*hand, top), level, rules, ok_only=True).ok else Draw(Source.DECK)

    # --- before the lay-down ------------------------------------------------------------------------

    def _build(self, view: View) -> Move:
        level, rules, hand = view.level, view.rules, _hand(view)
        spec = rules.level(level)
        keys = keys_of(hand)
        plan = self._plans.get((level, keys))
        before, self._before_draw = self._before_draw, None
        short = False  # known to be at least one card short?
        if plan is None and before is not None and before[0] == level:
            known = self._plans.get((level, before[2]))
            drawn = _extra(keys, before[2])
            if known is not None and known[0] > 0 and drawn is not None:
                card = next(c for c in hand if c.key == drawn)
                if _idle(card, before[1], spec, rules):
                    plan = known  # the drawn card changes nothing: same distance, same arrangement
                short = known[0] > 1
        if plan is None or plan[0] == 0:
            verdict = self._check(hand, level, rules, short=short)
            if verdict.ok:
                return LayDown(verdict.melds)
            plan = _plan_of(verdict)
            self._remember((level, keys), plan)
        kept = [0] * 56  # by card key
        for key in plan[1]:
            kept[key] += 1
        spare: list[Card] = []
        for card in hand:
            if kept[card.key]:
                kept[card.key] -= 1
            else:
                spare.append(card)
        points, wild = _by_key(rules)
        worth = _Worth(hand, spec, wild)
        # Of equally useless cards, not one that a player who is down could donate.
        melds = self._open_melds(view) if any(view.laid_down) else []
        takers = _takers(melds)
        wild_taken = bool(melds)  # a 2 or 3 goes on any meld as a joker
        choice = min(
            spare or hand,
            key=lambda c: (worth.of(c), (wild_taken and bool(wild >> (c.key >> 2) & 1)) or c.key in takers, -points[c.key], -c.key),
        )
        if spare:  # the arrangement is untouched: the hand stays as many cards short
            rest = list(hand)
            rest.remove(choice)
            self._remember((level, keys_of(rest)), plan)
        return Discard(choice)

    # --- after the lay-down -------------------------------------------------------------------------

    def _shed(self, view: View) -> Move:
        rules, hand = view.rules, _hand(view)
        melds = self._open_melds(view)
        # Real cards first: they may open a straight's end for the next card.
        jokers: list[Card] = []
        takers = _takers(melds)
        for card in _sorted(hand):
            taker = takers.get(card.key)
            if taker is not None:
                return Donate(card, taker[0], taker[1], None)
            if card.rank in rules.wild_ranks:
                jokers.append(card)
        holding = {card.key for card in hand}  # (keys: a card's key is its rank and suit)
        for card in jokers:
            fallback: Donate | None = None
            for owner, index, meld, ends in melds:
                for face in ends:
                    move = Donate(card, owner, index, face)
                    if fallback is None:
                        fallback = move
                    if isinstance(face, Card) and (after := _next_past(meld, face)) is not None and after.key in holding:
                        return move
            if fallback is not None:
                return fallback
        points = _by_key(rules)[0]
        return Discard(max(hand, key=lambda c: (points[c.key], c.key)))


def _takers(melds: Sequence[_OpenMeld]) -> dict[int, tuple[int, int]]:
    """The card keys these melds take as themselves (a straight's end cards, every card of a set's
    rank), each with the first meld that takes it (owner, meld number): ``_can_take``'s question
    answered for every card at once."""
    found: dict[int, tuple[int, int]] = {}
    for owner, index, meld, ends in melds:
        if meld.kind is GroupKind.SET:
            rank = int(cast(Rank, ends[0]))
            for key in range(rank * 4, rank * 4 + 4):
                found.setdefault(key, (owner, index))
        else:
            for end in ends:
                found.setdefault(cast(Card, end).key, (owner, index))
    return found


def _can_take(melds: Sequence[_OpenMeld], card: Card, rules: Rules) -> bool:
    """Can one of these melds take ``card``, as itself or (a 2 or 3) as a joker?"""
    if melds and (card.rank in rules.wild_ranks):
        return True
    return any(card in ends or (meld.kind is GroupKind.SET and card.rank == ends[0]) for _o, _i, meld, ends in melds)


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


_RUN_WORTH: dict[tuple[int, int], tuple[float, ...]] = {}
"""(a suit's position mask, straight size) -> for each rank r, the best share of a straight window
holding r that the mask fills (``_Worth.of``'s straight term): worked out once per mask."""


def _run_worth(mask: int, size: int) -> tuple[float, ...]:
    """For each rank (``[r]``, the ace at both ends), the largest share of a window of ``size``
    positions holding it that ``mask`` fills.

    >>> _run_worth(0b1110000, 4)[5], _run_worth(0b1110000, 4)[9]
    (0.75, 0.25)
    """
    found = _RUN_WORTH.get((mask, size))
    if found is None:
        if len(_RUN_WORTH) >= 50_000:
            _RUN_WORTH.clear()
        full = (1 << size) - 1
        held = [0] + [((mask >> start) & full).bit_count() for start in range(1, 16 - size)]  # by start
        shares = [0.0] * 14
        for r in range(1, 14):
            most = 0
            for q in (1, 14) if r == 1 else (r,):
                low, high = max(1, q - size + 1), min(q, 15 - size)
                if low <= high:
                    most = max(most, *held[low : high + 1])
            shares[r] = most / size  # (the largest share is the largest count's: size > 0)
        found = _RUN_WORTH[mask, size] = tuple(shares)
    return found


_PENALTIES: dict[int, tuple[Rules, list[int], int]] = {}


def _by_key(rules: Rules) -> tuple[list[int], int]:
    """The rules' penalty of each card key (``[key]``), and their wild ranks as a bit mask (bit r
    for rank r): what the bot reads of every card, looked up without making a string or hashing
    an enum. Kept per rule set."""
    found = _PENALTIES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_PENALTIES) >= 64:
            _PENALTIES.clear()
        points = dict(rules.penalties)
        table = [0] * 56
        for rank in Rank:
            for suit in Suit:
                card = Card(rank, suit)
                table[card.key] = points.get(card.penalty_key, 0)  # (a card the rules score not, no deck holds)
        wild = sum(1 << int(r) for r in rules.wild_ranks)
        found = _PENALTIES[id(rules)] = (rules, table, wild)
    return found[1], found[2]


class _Worth:
    """How much a card the closest arrangement does not use could still help: the larger of its
    best straight window (distinct same-suit positions held, as a share of the straight) and its
    rank's count (as a share of the set). A second copy of a card adds nothing to a straight. 2s
    and 3s are worth keeping as jokers while the level allows jokers."""

    __slots__ = ("copies", "jokers", "masks", "rank_count", "run_sizes", "set_sizes", "wild")

    def __init__(self, hand: Sequence[Card], level: Level, wild: int) -> None:
        self.wild = wild
        self.jokers = level.jokers
        self.run_sizes = sorted({g.size for g in level.groups if g.kind is GroupKind.RUN})
        self.set_sizes = sorted({g.size for g in level.groups if g.kind is GroupKind.SET})
        masks = [0, 0, 0, 0]
        rank_count = [0] * 14
        copies = [0] * 56
        for card in hand:
            key = card.key
            r = key >> 2
            copies[key] += 1
            rank_count[r] += 1
            masks[key & 3] |= 1 << r
            if r == 1:
                masks[key & 3] |= 1 << 14
        self.masks = masks
        self.rank_count = rank_count
        self.copies = copies

    def of(self, card: Card) -> float:
        key = card.key
        r = key >> 2
        if self.jokers and self.wild >> r & 1:
            return 2.0
        best = 0.0
        for size in self.set_sizes:
            best = max(best, min(self.rank_count[r], size) / size)
        if self.run_sizes and self.copies[key] == 1:
            mask = self.masks[key & 3]
            for size in self.run_sizes:
                best = max(best, _run_worth(mask, size)[r])
        return best
