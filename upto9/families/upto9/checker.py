"""The exact lay-down checker: does some part of a hand form a level's contract?

How it finds the best arrangement (fewest jokers), exactly:

* Each group of the contract picks a *target*: a straight picks a suit and a window of positions
  (1..14, the ace at both ends), a set picks a rank. For each target, the cards that fill its
  slots as themselves are *real*; every other slot needs a joker (a 2 or 3 standing for it).
* For fixed targets, filling as many slots as possible with real cards is always best: a real
  card costs no joker, and a real 2 or 3 fills the slot it would otherwise have to fill as a
  joker. Only *which* group gets a card that two groups want (a 5♥ wanted by a hearts straight
  and a set of 5s) can matter, because each group has its own joker cap; those few cases are
  enumerated.
* Targets are searched best-first per group with a bound (the fewest jokers any remaining group
  could need), so a typical hand settles after a handful of targets.

A slot that no real card fills is *missing* from the hand; jokers may cover it. A lay-down is
possible when the missing slots fit every joker cap of the level and there are enough unused 2s
and 3s to cover them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from operator import itemgetter
from typing import Any, cast

from upto9.cards import Card, CardError, PlayingCard, Rank, Suit, hand_of, parse_hand
from upto9.families.upto9.melds import Face, Meld, Placed
from upto9.messages import Items, Message, Param, card_param, the_group, wild_ranks
from upto9.messages import face as face_of
from upto9.messages import jokers as jokers_words
from upto9.problems import level_of, require_rules
from upto9.rules import UPTO9, GroupKind, Level, Rules
from upto9.rummy import verdict_dict

__all__ = ["Arrangement", "Check", "Slot", "check", "checked", "holds", "kept_keys", "outs", "searched"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_RANK_OF = [Rank.ACE, *Rank]  # _RANK_OF[r] is Rank(r) for r in 1..13
_FULL = [(1 << n) - 1 for n in range(16)]


def _rank_bits_of_window(start: int, size: int) -> int:
    """Bit r set for every rank a straight window covers (position 14 is the ace, rank 1)."""
    bits = 0
    for q in range(start, start + size):
        bits |= 1 << (1 if q == 14 else q)
    return bits


_WINDOW_RANKS = {(p, n): _rank_bits_of_window(p, n) for n in range(1, 15) for p in range(1, 16 - n)}
_WINDOW_CACHE: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
_WINDOW_CACHE_LIMIT = 100_000  # a few tens of MB at most; real hands use far fewer masks


def _windows(size: int, mask: int) -> tuple[tuple[int, int], ...]:
    """(missing, start) for every window of ``size`` positions over a suit's position mask,
    fewest missing first. Cached: there are only 2**14 masks."""
    key = (size, mask)
    found = _WINDOW_CACHE.get(key)
    if found is None:
        if len(_WINDOW_CACHE) >= _WINDOW_CACHE_LIMIT:
            _WINDOW_CACHE.clear()
        full = _FULL[size]
        found = tuple(sorted((size - ((mask >> p) & full).bit_count(), p) for p in range(1, 16 - size)))
        _WINDOW_CACHE[key] = found
    return found


# A target: (missing, kind, a, b, rank_bits, real_wild). For a run: a = suit index, b = start
# position. For a set: a = rank, b = 0. ``missing`` counts the slots no real card fills when
# the group has the hand to itself; ``real_wild`` the 2s and 3s it uses as themselves then.
_Target = tuple[int, int, int, int, int, int]
_RUN, _SET = 0, 1


_SuitTargets = tuple[tuple[_Target, ...], tuple[int, ...]]
"""Every straight target in one suit, fewest missing first, and for each number of missing
slots m how many of them lack at most m (the targets within a limit are a prefix)."""

_SUIT_TARGETS: dict[tuple[int, int, int, int], _SuitTargets] = {}
_SUIT_TARGETS_LIMIT = 60_000
"""Entries kept (then the cache starts again). One is a key and two tuples of shared objects
(``_SHARED``), about 400 bytes: some 25 MB at most. Hands in play need tens of thousands of masks."""

_SHARED: dict[object, Any] = {}
"""One copy of each target tuple and cut tuple the cache holds (a few thousand in all)."""


def _suit_targets(size: int, mask: int, suit: int, wild_pos: int) -> _SuitTargets:
    """Every straight target in one suit (``_SuitTargets``). Cached like ``_windows``, for every
    limit at once; ``_targets`` looks in the cache first itself."""
    key = (size, mask, suit, wild_pos)
    found = _SUIT_TARGETS.get(key)
    if found is None:
        if len(_SUIT_TARGETS) >= _SUIT_TARGETS_LIMIT:
            _SUIT_TARGETS.clear()
        full = _FULL[size]
        shared = _SHARED.setdefault
        made: list[_Target] = []
        counts = [0] * (size + 1)  # targets lacking exactly m, then at most m
        for missing, start in _windows(size, mask):
            t = (missing, _RUN, suit, start, _WINDOW_RANKS[start, size], (mask & (full << start) & wild_pos).bit_count())
            made.append(shared(t, t))
            counts[missing] += 1
        for m in range(1, size + 1):
            counts[m] += counts[m - 1]
        cuts = tuple(counts)
        found = _SUIT_TARGETS[key] = (tuple(made), shared(cuts, cuts))
    return found


_WILD_OF: dict[int, tuple[Rules, tuple[int, ...], int]] = {}


def _wild_of(rules: Rules) -> tuple[tuple[int, ...], int]:
    """The rules' wild ranks, and the same as a bit mask (bit r for rank r). Kept per rule set."""
    found = _WILD_OF.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_WILD_OF) >= 64:
            _WILD_OF.clear()
        ranks = tuple(sorted(int(r) for r in rules.wild_ranks))
        found = _WILD_OF[id(rules)] = (rules, ranks, sum(1 << r for r in set(ranks)))
    return found[1], found[2]


class _Hand:
    """A hand reduced to counts, for the search."""

    __slots__ = ("_counts", "cards", "rank_count", "suit_mask", "wild", "wild_pos")

    def __init__(self, cards: Sequence[Card], rules: Rules) -> None:
        rank_count = [0] * 14
        suit_mask = [0, 0, 0, 0]
        for card in cards:
            key = card.key
            rank_count[key >> 2] += 1
            suit_mask[key & 3] |= 1 << (key >> 2)
        if rank_count[1]:
            for s in range(4):
                if suit_mask[s] & 2:  # the ace stands at position 1 and 14
                    suit_mask[s] |= 1 << 14
        wild_ranks, self.wild_pos = _wild_of(rules)
        wild = 0
        for r in wild_ranks:
            wild += rank_count[r]
        self.cards = tuple(cards)
        self._counts: list[int] | None = None
        self.rank_count = rank_count
        self.suit_mask = suit_mask
        self.wild = wild

    @property
    def counts(self) -> list[int]:
        """How many the hand holds of each card, by key (rank * 4 + suit): counted when first
        asked for, as only sharing cards and laying them down need it."""
        counts = self._counts
        if counts is None:
            counts = [0] * 56
            for card in self.cards:
                counts[card.key] += 1
            self._counts = counts
        return counts

    def plus(self, card: Card) -> _Hand:
        """This hand with one more card."""
        more = object.__new__(_Hand)
        key = card.key
        r = key >> 2
        more.cards = (*self.cards, card)
        if self._counts is None:
            more._counts = None
        else:
            more._counts = counts = list(self._counts)
            counts[key] += 1
        more.rank_count = rank_count = list(self.rank_count)
        rank_count[r] += 1
        more.suit_mask = suit_mask = list(self.suit_mask)
        suit_mask[key & 3] |= (1 << r) | (1 << 14 if r == 1 else 0)
        more.wild_pos = self.wild_pos
        more.wild = self.wild + (self.wild_pos >> r & 1)
        return more


_missing_of = itemgetter(0)

_SET_TARGETS: dict[tuple[int, int], list[list[_Target]]] = {}
"""(set size, wild ranks' bits) -> the target of a set of each rank r holding h real cards (h up
to the size): ``[r][h]``, made once (a few sizes per rule set)."""


def _set_targets(size: int, wild_pos: int) -> list[list[_Target]]:
    return [
        [(size - h if h < size else 0, _SET, r, 0, 1 << r, (h if h < size else size) if wild_pos >> r & 1 else 0) for h in range(size + 1)] for r in range(14)
    ]


def _targets(hand: _Hand, kind: GroupKind, size: int, limit: int) -> list[_Target]:
    """Every target for one group with at most ``limit`` missing slots, fewest missing first."""
    found: list[_Target] = []
    if kind is GroupKind.RUN:
        wild_pos = hand.wild_pos
        known = _SUIT_TARGETS.get
        for s, mask in enumerate(hand.suit_mask):
            entry = known((size, mask, s, wild_pos))
            every, cuts = _suit_targets(size, mask, s, wild_pos) if entry is None else entry
            found += every if limit >= size else every[: cuts[limit]]
    else:
        wild_pos = hand.wild_pos
        need = size - limit  # the fewest real cards a set may hold
        table = _SET_TARGETS.get((size, wild_pos))
        if table is None:
            table = _SET_TARGETS[size, wild_pos] = _set_targets(size, wild_pos)
        found = [table[r][have if have < size else size] for r, have in enumerate(hand.rank_count) if have >= need and r]
    # Made in (suit, start) or rank order, each suit's fewest missing first: a stable sort by the
    # missing slots alone puts them in tuple order, (missing, suit, start) or (missing, rank).
    found.sort(key=_missing_of)
    return found


def _conflict(t: _Target, u: _Target) -> int:
    """The ranks two targets could both want cards of (straights of two suits never compete)."""
    if t[1] == _RUN and u[1] == _RUN and t[2] != u[2]:
        return 0
    return t[4] & u[4]


# --- sharing real cards when groups compete for them --------------------------------------------


def _splits(total: int, sizes: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to share ``total`` cards among groups of these sizes, each at most full."""
    if not sizes:
        if total == 0:
            yield ()
        return
    rest = sum(sizes[1:])
    for first in range(max(0, total - rest), min(sizes[0], total) + 1):
        for tail in _splits(total - first, sizes[1:]):
            yield (first, *tail)


def _rank_options(counts: list[int], r: int, entries: Sequence[tuple[int, int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The ways to share rank ``r``'s real cards among the groups that want them, as tuples of
    (group, cards), keeping only ways that no other way beats for every group: giving a group
    more real cards never hurts it, so sets always take all they can of what straights leave."""
    if len(entries) == 2 and entries[0][1] >= 0 and entries[0][2] == 1 and entries[1][1] < 0:
        # The common contest: one straight wants (r, its suit) once, one set wants rank r.
        (run, s, _one), (group, _none, size) = entries
        mine, have = counts[r * 4 + s], sum(counts[r * 4 : r * 4 + 4])
        if not mine:
            return [((run, 0), (group, min(size, have)))]
        if have - 1 >= size:
            return [((run, 1), (group, size))]
        return [((run, 1), (group, have - 1)), ((run, 0), (group, have))]
    runs = [e for e in entries if e[1] >= 0]
    sets = [e for e in entries if e[1] < 0]
    vectors: set[tuple[int, ...]] = set()
    for run_fill in product(*(range(min(n, counts[r * 4 + s]) + 1) for _g, s, n in runs)):
        left = [counts[r * 4 + s] for s in range(4)]
        for (_g, s, _n), x in zip(runs, run_fill, strict=True):
            left[s] -= x
        if min(left) < 0:  # two straights of one suit cannot both have the one card
            continue
        sizes = [n for _g, _s, n in sets]
        for split in _splits(min(sum(left), sum(sizes)), sizes):
            vectors.add(run_fill + split)
    groups = [g for g, _s, _n in runs] + [g for g, _s, _n in sets]
    if not runs:
        # Sets alone always share all they can: the ways add up alike, so none beats another.
        return [tuple(zip(groups, v, strict=True)) for v in sorted(vectors, reverse=True)]
    return [
        tuple(zip(groups, v, strict=True))
        for v in sorted(vectors, reverse=True)
        if not any(w != v and all(a >= b for a, b in zip(w, v, strict=True)) for w in vectors)
    ]


_Shares = tuple[tuple[int, int, int], ...]  # (group, rank, cards)


class _Leaf:
    """One full choice of targets and real cards: missing slots per group, the 2s and 3s used
    as themselves, and how many real cards each group takes of each contested rank.
    (A plain class: the search makes one for every better arrangement it meets.)"""

    __slots__ = ("missing", "real_wild", "shares", "targets")

    def __init__(self, targets: tuple[_Target, ...], missing: tuple[int, ...], real_wild: int, shares: _Shares = ()) -> None:
        self.targets = targets
        self.missing = missing
        self.real_wild = real_wild
        self.shares = shares


def _shared_leaves(hand: _Hand, targets: Sequence[_Target], sizes: Sequence[int], contested: int, wild_pos: int) -> list[tuple[tuple[int, ...], int, _Shares]]:
    """Every undominated way to fill these targets when some ranks are wanted twice, as
    (missing per group, 2s and 3s used as themselves, shares) for a ``_Leaf``."""
    counts = hand.counts
    missing = [t[0] for t in targets]
    real_wild = sum(t[5] for t in targets)
    per_rank: list[tuple[int, list[tuple[tuple[int, int], ...]]]] = []
    bits = contested
    while bits:
        r = (bits & -bits).bit_length() - 1
        bits &= bits - 1
        entries = []
        for g, t in enumerate(targets):
            if not t[4] >> r & 1:
                continue
            if t[1] == _RUN:
                start, end = t[3], t[3] + sizes[g] - 1
                slots = (start == 1) + (end == 14) if r == 1 else 1
                optimistic = slots if counts[r * 4 + t[2]] else 0
                entries.append((g, t[2], slots))
            else:
                optimistic = min(sizes[g], hand.rank_count[r])
                entries.append((g, -1, sizes[g]))
            # Take back what the target assumed it had to itself; the options below re-add it.
            missing[g] += optimistic
            if wild_pos >> r & 1:
                real_wild -= optimistic
        per_rank.append((r, _rank_options(counts, r, entries)))
    if len(per_rank) == 1:  # the common case: one contested rank
        r, options = per_rank[0]
        wild_r = wild_pos >> r & 1
        leaves = []
        for option in options:
            fill = list(missing)
            used_wild = real_wild
            shares = []
            for g, x in option:
                fill[g] -= x
                shares.append((g, r, x))
                if wild_r:
                    used_wild += x
            leaves.append((tuple(fill), used_wild, tuple(shares)))
        return leaves
    leaves = []
    for choice in product(*(options for _r, options in per_rank)):
        fill = list(missing)
        used_wild = real_wild
        shares = []
        for (r, _options), option in zip(per_rank, choice, strict=True):
            for g, x in option:
                fill[g] -= x
                shares.append((g, r, x))
                if wild_pos >> r & 1:
                    used_wild += x
        leaves.append((tuple(fill), used_wild, tuple(shares)))
    return leaves


# --- judging a leaf -----------------------------------------------------------------------------


def _distance(missing: Sequence[int], real_wild: int, level: Level, caps: Sequence[int], wild: int) -> int:
    """The fewest cards that, added to the hand, make this arrangement a lay-down: real cards
    for slots over a group's cap or for a clean group, then real cards or 2s and 3s for the rest.

    (One pass; the groups lacking fewest are sorted only when the clean rule needs them.)
    """
    added = 0  # real cards for the slots over a group's cap
    left = 0  # the missing slots within the caps
    zeros = 0
    for m, cap in zip(missing, caps, strict=True):
        if m > cap:
            added += m - cap
            m = cap
        if m:
            left += m
        else:
            zeros += 1
    short = level.clean_groups - zeros
    if short > 0:
        # The groups lacking fewest (within their caps) are made clean with real cards.
        moved = sum(sorted(min(m, cap) for m, cap in zip(missing, caps, strict=True) if m and cap)[:short])
        added += moved
        left -= moved
    spare = wild - real_wild
    return added + max(0, left - (level.jokers if level.jokers < spare else spare))


# --- the search ---------------------------------------------------------------------------------


class _Plan:
    """What the search needs of a level, worked out once per level: each group's joker cap,
    size and kind; which groups repeat the group before them (same group, same cap), and so
    take the same targets in order only; and how many such twins follow each group."""

    __slots__ = ("after", "caps", "clean", "count", "jokers", "kinds", "level", "same", "sizes", "twins")

    def __init__(self, level: Level) -> None:
        groups = level.groups
        count = len(groups)
        caps = tuple(level.cap(i) for i in range(count))
        same = tuple(i > 0 and groups[i] == groups[i - 1] and caps[i] == caps[i - 1] for i in range(count))
        twins = [0] * count
        for i in range(count - 2, -1, -1):
            twins[i] = twins[i + 1] + 1 if same[i + 1] else 0
        self.level = level
        self.count = count
        self.caps = caps
        self.sizes = tuple(g.size for g in groups)
        self.kinds = tuple(g.kind for g in groups)
        self.same = same
        self.twins = tuple(twins)
        self.after = tuple(i + 1 + twins[i] for i in range(count))  # the first group unlike group i, after it
        # The groups' own caps bound the total too (a one-group level is searched by its total).
        self.jokers = min(level.jokers, sum(caps))
        self.clean = level.clean_groups


_PLANS: dict[int, _Plan] = {}


def _plan(level: Level) -> _Plan:
    """The level's ``_Plan``, kept by the level's identity (levels are immutable)."""
    found = _PLANS.get(id(level))
    if found is None or found.level is not level:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        found = _PLANS[id(level)] = _Plan(level)
    return found


def _fits(missing: Sequence[int], real_wild: int, wild: int, plan: _Plan) -> bool:
    """Is this leaf a lay-down: its missing slots within the level's total, each group's cap and
    the spare 2s and 3s, with enough groups that need no joker?"""
    total = sum(missing)
    if total > plan.jokers or total > wild - real_wild:
        return False
    if plan.count > 1:
        for m, cap in zip(missing, plan.caps, strict=True):
            if m > cap:
                return False
        clean = plan.clean
        if clean and sum(1 for m in missing if m == 0) < clean:
            return False
    return True


def _search(hand: _Hand, level: Level, below: int | None = None) -> tuple[_Leaf | None, int]:
    """Best-first search over targets for the arrangement nearest to a lay-down: fewest cards to
    add, then fewest missing slots. Returns the leaf and its distance (0: a lay-down).

    The leaf is the first in the search's order with the best key (the bounds only cut off
    arrangements no better than one found). With ``below``, arrangements ``below`` or more cards
    short count as found already: the same leaf when the hand is closer than that, else
    ``(None, below)``, often after far fewer targets.

    (``_find`` looks for lay-downs alone, with the same targets, bounds and leaves.)
    """
    plan = _plan(level)
    count = plan.count
    if count == 1 and not plan.clean and not (plan.sizes[0] == 14 and plan.kinds[0] is GroupKind.RUN):
        return _search_one(hand, plan, below)
    caps = plan.caps
    sizes = plan.sizes
    kinds = plan.kinds
    same_as_previous = plan.same  # identical neighbouring groups take their targets in order only
    # After group i come ``twins[i]`` groups like it, which take targets no better than its own,
    # then the others, which need at least their best target's missing slots.
    twins = plan.twins
    wild = hand.wild
    wild_pos = hand.wild_pos
    rank_count = hand.rank_count
    jokers = plan.jokers
    budget = min(jokers, wild)

    def judge(missing: tuple[int, ...], real_wild: int) -> tuple[int, int]:
        """The leaf's key: fewest added cards, then fewest missing."""
        return _distance(missing, real_wild, level, caps, wild), sum(missing)

    options: list[list[_Target]] = []
    for i in range(count):
        if same_as_previous[i]:
            options.append(options[-1])  # the same group again: the same targets
            continue
        options.append(_targets(hand, kinds[i], sizes[i], sizes[i]))
    rest_least = [sum(o[0][0] for o in options[i + 1 + twins[i] :]) for i in range(count)]
    floor_missing = sum(o[0][0] for o in options)
    floor_key = (max(0, floor_missing - budget), floor_missing)
    # (below, -1) sorts before every key (below, missing) and after every closer one.
    best_key: tuple[int, int] | None = None if below is None else (below, -1)
    best_leaf: _Leaf | None = None
    chosen: list[_Target] = []
    last = count - 1

    def visit(i: int, first: int, missing_so_far: int, over_caps: int, contested: int, used_so_far: int) -> bool:
        """Depth-first over group i's targets; True once the floor is reached (stop)."""
        nonlocal best_key, best_leaf
        targets = options[i]
        cap = caps[i]
        size = sizes[i]
        rest = rest_least[i]
        more = twins[i]
        for k in range(first, len(targets)):
            t = targets[k]
            own = t[0]
            clash = 0
            for u in chosen:
                if not (t[1] == _RUN and u[1] == _RUN and t[2] != u[2]):
                    clash |= t[4] & u[4]
            if clash and t[1] == _SET:
                # Sets of one rank share its cards: count what they lack together.
                r = t[2]
                before = 0
                for j, u in enumerate(chosen):
                    if u[1] == _SET and u[2] == r:
                        before += sizes[j]
                have = rank_count[r]
                own = max(0, before + size - have) - max(0, before - have)
            if size == 14 and t[1] == _RUN:
                clash |= 2  # one straight from ace to ace wants the ace twice
            low = missing_so_far + own + rest + more * t[0]
            # 2s and 3s used as themselves cannot also be jokers. Where no two groups compete
            # for a 2 or 3, the targets' own counts add up; otherwise each still uses its own.
            both = contested | clash
            used = used_so_far + t[5]
            if both & wild_pos:
                used = t[5]
                for u in chosen:
                    if u[5] > used:
                        used = u[5]
            supply = wild - used
            # Targets come fewest-missing first, so once ``t[0]`` alone is past a bound, every
            # later target is too; ``own`` (sets sharing a rank) and ``supply`` rule out this one.
            alone = low - own + t[0]
            over = over_caps + (t[0] - cap if t[0] > cap else 0)
            key_low = (max(over, low - min(jokers, supply)), low)
            key_alone = (max(over, alone - budget), alone)
            if best_key is not None and key_low >= best_key:
                if key_alone >= best_key:
                    break
                continue
            chosen.append(t)
            if i < last:
                if visit(i + 1, k if same_as_previous[i + 1] else 0, missing_so_far + own, over, both, used):  # noqa: F821 (deleted after the search)
                    return True
                chosen.pop()
                continue
            if not both:
                # No two groups want the same card: each target's own count is exact.
                missing = tuple(u[0] for u in chosen)
                real_wild = 0
                for u in chosen:
                    real_wild += u[5]
                key = judge(missing, real_wild)
                if best_key is None or key < best_key:
                    best_key, best_leaf = key, _Leaf(tuple(chosen), missing, real_wild)
                    if key <= floor_key:
                        chosen.pop()
                        return True
            else:
                for missing, real_wild, shares in _shared_leaves(hand, chosen, sizes, both, wild_pos):
                    key = judge(missing, real_wild)
                    if best_key is None or key < best_key:
                        best_key, best_leaf = key, _Leaf(tuple(chosen), missing, real_wild, shares)
                        if key <= floor_key:
                            chosen.pop()
                            return True
            chosen.pop()
        return False

    visit(0, 0, 0, 0, 0, 0)
    del visit  # it refers to itself: free it now, not in the garbage collector's next pass
    if best_key is None:
        return None, 1
    if best_leaf is None:  # nothing closer than ``below``
        return None, best_key[0]
    return best_leaf, best_key[0]


def _search_one(hand: _Hand, plan: _Plan, below: int | None) -> tuple[_Leaf | None, int]:
    """``_search`` of a level of one group (no clean rule, no straight from ace to ace), as a plain
    loop: the same targets in the same order, the same bounds, keys and leaf. Half the levels are
    one straight, and the search's recursion cost more than the targets themselves there."""
    level = plan.level
    size = plan.sizes[0]
    cap = plan.caps[0]
    wild = hand.wild
    jokers = plan.jokers
    level_jokers = level.jokers
    budget = min(jokers, wild)
    if plan.kinds[0] is GroupKind.RUN:
        return _search_run(hand, size, cap, wild, jokers, level_jokers, budget, below)
    targets = _targets(hand, plan.kinds[0], size, size)
    floor_missing = targets[0][0]
    floor_key = (max(0, floor_missing - budget), floor_missing)
    best_key: tuple[int, int] | None = None if below is None else (below, -1)
    best: _Target | None = None
    for t in targets:
        m = t[0]
        supply = wild - t[5]
        over = m - cap if m > cap else 0
        if best_key is not None and (max(over, m - min(jokers, supply)), m) >= best_key:
            if (max(over, m - budget), m) >= best_key:
                break
            continue
        # ``_distance`` of one group without the clean rule: real cards past the cap, then what
        # the spare 2s and 3s within the level's budget cannot cover.
        within = m if m < cap else cap
        key = (over + max(0, within - (level_jokers if level_jokers < supply else supply)), m)
        if best_key is None or key < best_key:
            best_key, best = key, t
            if key <= floor_key:
                break
    if best_key is None:
        return None, 1
    if best is None:
        return None, best_key[0]
    return _Leaf((best,), (best[0],), best[5]), best_key[0]


def _search_run(hand: _Hand, size: int, cap: int, wild: int, jokers: int, level_jokers: int, budget: int, below: int | None) -> tuple[_Leaf | None, int]:
    """``_search_one`` of a level of one straight, suit by suit: the search's answer is the first
    target with the least key in the order (missing, suit, start), and each suit's targets come
    in (missing, start) order already, so they need not be merged and sorted. Among equal keys
    (equal missing) the earlier suit, then the earlier start, is met first, and kept."""
    wild_pos = hand.wild_pos
    known = _SUIT_TARGETS.get
    best_key: tuple[int, int] | None = None if below is None else (below, -1)
    best: _Target | None = None
    for s, mask in enumerate(hand.suit_mask):
        entry = known((size, mask, s, wild_pos))
        every = _suit_targets(size, mask, s, wild_pos)[0] if entry is None else entry[0]
        for t in every:
            m = t[0]
            supply = wild - t[5]
            over = m - cap if m > cap else 0
            if best_key is not None and (max(over, m - min(jokers, supply)), m) >= best_key:
                if (max(over, m - budget), m) >= best_key:
                    break  # and every later target of this suit, which lacks no fewer
                continue
            within = m if m < cap else cap
            key = (over + max(0, within - (level_jokers if level_jokers < supply else supply)), m)
            if best_key is None or key < best_key:
                best_key, best = key, t
    if best_key is None:
        return None, 1
    if best is None:
        return None, best_key[0]
    return _Leaf((best,), (best[0],), best[5]), best_key[0]


def _find_run(hand: _Hand, size: int, limit: int, budget: int) -> _Leaf | None:
    """``_find_one`` of a level of one straight, suit by suit: the first target in the order
    (missing, suit, start) within ``limit`` and the budget that the 2s and 3s can complete; a
    later suit's must lack fewer to come first."""
    wild = hand.wild
    wild_pos = hand.wild_pos
    known = _SUIT_TARGETS.get
    best: _Target | None = None
    most = budget + 1  # a lay-down found lacks fewer than this
    if limit < most:
        most = limit + 1  # (``_targets`` gives none lacking more than the limit)
    for s, mask in enumerate(hand.suit_mask):
        entry = known((size, mask, s, wild_pos))
        every = _suit_targets(size, mask, s, wild_pos)[0] if entry is None else entry[0]
        for t in every:
            m = t[0]
            if m >= most:
                break
            if m > wild - t[5]:
                continue
            best, most = t, m
            break
    return None if best is None else _Leaf((best,), (best[0],), best[5])


def _find_one(hand: _Hand, plan: _Plan) -> _Leaf | None:
    """``_find`` of a level of one group (no straight from ace to ace), as a plain loop: the
    first target in the search's order that the 2s and 3s can complete, within the budget."""
    wild = hand.wild
    budget = min(plan.jokers, wild)
    if plan.kinds[0] is GroupKind.RUN:
        return _find_run(hand, plan.sizes[0], min(plan.caps[0], wild), budget)
    targets = _targets(hand, plan.kinds[0], plan.sizes[0], min(plan.caps[0], wild))
    if not targets or targets[0][0] > budget:
        return None
    best = budget + 1
    for t in targets:
        m = t[0]
        if m >= best:
            break
        if m > wild - t[5]:
            continue
        return _Leaf((t,), (m,), t[5])  # the fewest missing a lay-down can have from here on
    return None


def _find(hand: _Hand, level: Level, first: bool = False) -> _Leaf | None:
    """The lay-down with the fewest jokers, or ``None`` when the hand has none; with ``first``,
    the first lay-down met, for questions that need only yes or no.

    ``_search`` without ``closest``, in plain numbers: the same targets, bounds and leaves.
    """
    plan = _plan(level)
    count = plan.count
    if count == 1 and not (plan.sizes[0] == 14 and plan.kinds[0] is GroupKind.RUN):
        return _find_one(hand, plan)  # (the first lay-down met is the best there)
    caps = plan.caps
    sizes = plan.sizes
    same = plan.same
    twins = plan.twins
    wild = hand.wild
    wild_pos = hand.wild_pos
    rank_count = hand.rank_count
    budget = min(plan.jokers, wild)
    clean = plan.clean if count > 1 else 0  # (one group: as ``_fits``, no clean rule)
    options: list[list[_Target]] = []
    least: list[int] = []
    for i in range(count):
        if same[i]:
            found = options[-1]  # the same group again: the same targets
        else:
            found = _targets(hand, plan.kinds[i], sizes[i], min(caps[i], wild))
            if not found:
                return None
        options.append(found)
        least.append(found[0][0])
    floor_missing = sum(least)
    if floor_missing > budget:
        return None
    # After group i come ``twins[i]`` groups like it, which take targets no better than its own,
    # then the others, which need at least their best target's missing slots.
    rest_least = [sum(least[after:]) for after in plan.after]
    # Stop at a leaf with this few missing slots: no lay-down needs fewer (any, with ``first``).
    floor = budget if first else floor_missing
    best = budget + 1  # the fewest missing slots of a lay-down found so far, or budget + 1
    best_leaf: _Leaf | None = None
    chosen: list[_Target] = []
    last = count - 1

    def visit(i: int, start: int, missing_so_far: int, contested: int, used_so_far: int) -> bool:
        """Depth-first over group i's targets from ``start``; True once the floor is reached (stop)."""
        nonlocal best, best_leaf
        targets = options[i]
        size = sizes[i]
        rest = rest_least[i]
        alike = twins[i] + 1
        for k in range(start, len(targets)):
            t = targets[k]
            # Targets come fewest-missing first, so once ``t[0]`` alone is past the bound, every
            # later target is too (a set sharing its rank with an earlier one lacks no fewer).
            alone = missing_so_far + rest + alike * t[0]
            if alone >= best:
                break
            own = t[0]
            clash = 0
            for u in chosen:
                if not (t[1] == _RUN and u[1] == _RUN and t[2] != u[2]):
                    clash |= t[4] & u[4]
            if clash and t[1] == _SET:
                # Sets of one rank share its cards: count what they lack together.
                r = t[2]
                before = 0
                for j, u in enumerate(chosen):
                    if u[1] == _SET and u[2] == r:
                        before += sizes[j]
                have = rank_count[r]
                own = max(0, before + size - have) - max(0, before - have)
            if size == 14 and t[1] == _RUN:
                clash |= 2  # one straight from ace to ace wants the ace twice
            low = alone - t[0] + own
            # 2s and 3s used as themselves cannot also be jokers. Where no two groups compete
            # for a 2 or 3, the targets' own counts add up; otherwise each still uses its own.
            both = contested | clash
            used = used_so_far + t[5]
            if both & wild_pos:
                used = t[5]
                for u in chosen:
                    if u[5] > used:
                        used = u[5]
            if low >= best or low > wild - used:
                continue
            chosen.append(t)
            if i < last:
                if visit(i + 1, k if same[i + 1] else 0, missing_so_far + own, both, used):  # noqa: F821 (deleted after the search)
                    return True
                chosen.pop()
                continue
            if not both:
                # No two groups want the same card: each target's own count is exact, and within
                # the bounds above and its group's cap (``_targets``): only the clean rule is left.
                missing = tuple([u[0] for u in chosen])
                if not clean or missing.count(0) >= clean:
                    best, best_leaf = low, _Leaf(tuple(chosen), missing, used)
                    if low <= floor:
                        chosen.pop()
                        return True
            else:
                # Where groups compete for a card, a leaf can need more than the bound promised.
                for missing, real_wild, shares in _shared_leaves(hand, chosen, sizes, both, wild_pos):
                    total = sum(missing)
                    if total < best and _fits(missing, real_wild, wild, plan):
                        best, best_leaf = total, _Leaf(tuple(chosen), missing, real_wild, shares)
                        if total <= floor:
                            chosen.pop()
                            return True
            chosen.pop()
        return False

    visit(0, 0, 0, 0, 0)
    del visit  # it refers to itself: free it now, not in the garbage collector's next pass
    return best_leaf


# --- turning a leaf into cards ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One place in an arrangement: the card it stands for (``face``) and the card in it, which
    is the face itself (real), a 2 or 3 standing for it (a joker), or ``None`` (missing)."""

    face: Face
    card: Card | None

    @property
    def wild(self) -> bool:
        """Is the card in this slot a joker?"""
        return self.card is not None and Placed(self.card, self.face).wild


@dataclass(frozen=True, slots=True)
class Arrangement:
    """An arrangement of a hand's cards into a level's groups, complete or with missing slots."""

    level: Level
    groups: tuple[tuple[Slot, ...], ...]

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds (only when no slot is missing)."""
        return tuple(
            Meld(g.kind, tuple(Placed(s.card, s.face) for s in slots if s.card is not None)) for g, slots in zip(self.level.groups, self.groups, strict=True)
        )

    @property
    def missing(self) -> tuple[Face, ...]:
        """The faces of the slots that no card of the hand fills: the cards the hand lacks (a
        joker's slot is filled, by the joker)."""
        return tuple(s.face for slots in self.groups for s in slots if s.card is None)


_CARD_OF = [Card(Rank.ACE, Suit.SPADES)] * 4 + [Card(rank, suit) for rank in Rank for suit in _SUITS]
"""_CARD_OF[key] is the card with that key (rank * 4 + suit): cards are immutable, so one will do."""

_Filled = list[list[tuple[Face, Card | None]]]


def _fill(hand: _Hand, leaf: _Leaf, level: Level, rules: Rules) -> _Filled:
    """Pick the actual cards for a leaf: real cards first, then 2s and 3s as jokers; each slot is
    (the card it stands for, the card in it or ``None`` when the hand has none to spare)."""
    left = list(hand.counts)
    targets = leaf.targets
    shares = {(g, r): x for g, r, x in leaf.shares} if leaf.shares else None
    groups = level.groups
    count = len(groups)
    filled: _Filled = [[] for _ in groups]
    empty = [0] * count  # the slots no real card fills, per group
    # Straights first (they need particular cards), then sets take what is left of each rank.
    for g in [g for g in range(count) if targets[g][1] == _RUN] + [g for g in range(count) if targets[g][1] != _RUN]:
        t = targets[g]
        size = groups[g].size
        slots = filled[g]
        if t[1] == _RUN:
            s = t[2]
            taken: dict[int, int] = {}
            for q in range(t[3], t[3] + size):
                r = 1 if q == 14 else q
                key = r * 4 + s
                face = _CARD_OF[key]
                allowed = None if shares is None else shares.get((g, r))
                if left[key] > 0 and (allowed is None or taken.get(r, 0) < allowed):
                    left[key] -= 1
                    if allowed is not None:
                        taken[r] = taken.get(r, 0) + 1
                    slots.append((face, face))
                else:
                    slots.append((face, None))
                    empty[g] += 1
        else:
            r = t[2]
            want = size if shares is None else min(size, shares.get((g, r), size))
            for key in range(r * 4, r * 4 + 4):
                while left[key] > 0 and len(slots) < want:
                    left[key] -= 1
                    slots.append((_CARD_OF[key], _CARD_OF[key]))
            rank = _RANK_OF[r]
            empty[g] = size - len(slots)
            slots.extend((rank, None) for _ in range(empty[g]))
    # Hand out the spare 2s and 3s as jokers: 2s before 3s, in suit order, only where they count.
    pool = [_CARD_OF[r * 4 + s] for r in reversed(_wild_of(rules)[0]) for s in range(3, -1, -1) for _ in range(left[r * 4 + s])]
    if not pool:
        return filled
    places = _joker_places(level, empty, len(pool))
    for g, group in enumerate(filled):
        if not places[g]:
            continue
        for j, (stands_for, card) in enumerate(group):
            if card is None and places[g]:
                places[g] -= 1
                group[j] = (stands_for, pool.pop())
    return filled


def kept_keys(verdict: Check) -> tuple[int, ...]:
    """The sorted card keys that ``verdict.closest`` places (its slots' cards, real or jokers): what
    ``_fill`` puts in the slots, worked out without making the slots, for a bot that keeps these
    cards. Only for a verdict that makes no lay-down.

    >>> kept_keys(check("5h 6h 9h Kc 2c", 2)) == tuple(sorted(s.card.key for g in check("5h 6h 9h Kc 2c", 2).closest.groups for s in g if s.card))
    True
    """
    hand, leaf, _distance = verdict._nearest
    level = verdict.level
    left = list(hand.counts)
    targets = leaf.targets
    shares = {(g, r): x for g, r, x in leaf.shares} if leaf.shares else None
    groups = level.groups
    count = len(groups)
    kept: list[int] = []
    empty = [0] * count
    # As ``_fill``: straights first, then sets take what is left of each rank; then the spare 2s
    # and 3s as jokers, the last of ``_fill``'s pool first.
    for g in [g for g in range(count) if targets[g][1] == _RUN] + [g for g in range(count) if targets[g][1] != _RUN]:
        t = targets[g]
        size = groups[g].size
        if t[1] == _RUN:
            s = t[2]
            taken: dict[int, int] = {}
            for q in range(t[3], t[3] + size):
                r = 1 if q == 14 else q
                key = r * 4 + s
                allowed = None if shares is None else shares.get((g, r))
                if left[key] > 0 and (allowed is None or taken.get(r, 0) < allowed):
                    left[key] -= 1
                    if allowed is not None:
                        taken[r] = taken.get(r, 0) + 1
                    kept.append(key)
                else:
                    empty[g] += 1
        else:
            r = t[2]
            want = size if shares is None else min(size, shares.get((g, r), size))
            have = 0
            for key in range(r * 4, r * 4 + 4):
                while left[key] > 0 and have < want:
                    left[key] -= 1
                    have += 1
                    kept.append(key)
            empty[g] = size - have
    pool = [r * 4 + s for r in reversed(_wild_of(verdict.rules)[0]) for s in range(3, -1, -1) for _ in range(left[r * 4 + s])]
    if pool:
        placed = sum(_joker_places(level, empty, len(pool)))
        if placed:
            kept.extend(pool[-placed:])
    kept.sort()
    return tuple(kept)


def _joker_places(level: Level, empty: Sequence[int], spare: int) -> list[int]:
    """How many jokers each group takes, as ``_distance`` counts them: within its cap, none in
    the groups that must be clean (the ones lacking fewest, the later of equals), at most the
    level's budget and the spare 2s and 3s in all. The rest of the empty slots stay missing, so
    the missing slots are exactly the cards the hand is short."""
    allowed = [min(m, level.cap(g)) for g, m in enumerate(empty)]
    short = level.clean_groups - allowed.count(0)
    if short > 0:
        for g in sorted((g for g, m in enumerate(allowed) if m), key=lambda g: (allowed[g], -g))[:short]:
            allowed[g] = 0
    budget = min(level.jokers, spare)
    for g, m in enumerate(allowed):
        allowed[g] = min(m, budget)
        budget -= allowed[g]
    return allowed


def _melds(level: Level, filled: _Filled) -> tuple[Meld, ...]:
    return tuple(Meld(g.kind, tuple(Placed(card, face) for face, card in slots if card is not None)) for g, slots in zip(level.groups, filled, strict=True))


# --- the public answer --------------------------------------------------------------------------


def _group_details(slots: Sequence[Slot], jokers: Sequence[bool]) -> Items:
    """What a group's slots without a real card hold: the jokers standing in, then the cards
    missing (``'2♣ stands in for 7♥; 8♥ is missing'``). ``jokers``: which slots hold a joker."""
    stands = tuple(Message("joker.stands", card=s.card.glyph, face=face_of(s.face)) for s, joker in zip(slots, jokers, strict=True) if joker and s.card)
    parts: list[Param] = [Items(stands)] if stands else []
    missing = [face_of(s.face) for s in slots if s.card is None]
    if missing:
        parts.append(Message("detail.missing", n=len(missing), faces=Items(tuple(missing))))
    return Items(tuple(parts), "semicolon")


@dataclass(frozen=True)
class Check:
    """The checker's verdict on a hand for a level, with the best arrangement and its reasons.

    ``missing``, ``outs``, ``closest``, ``messages`` and ``explanation`` are worked out when first
    asked for. ``missing`` is exactly what the hand lacks: ``len(missing) == cards_short``.
    """

    ok: bool
    level: Level
    jokers: int | None
    melds: tuple[Meld, ...]
    hand: tuple[Card, ...]
    rules: Rules = field(repr=False, default=UPTO9)

    @cached_property
    def _nearest(self) -> tuple[_Hand, _Leaf, int]:
        hand = _Hand(self.hand, self.rules)
        leaf, distance = _search(hand, self.level)
        assert leaf is not None
        return hand, leaf, distance

    @cached_property
    def filled(self) -> _Filled:
        """``closest``'s slots as (the card it stands for, the card in it or ``None``) pairs, per
        group: the arrangement without its objects, for a bot that only reads it."""
        hand, leaf, _distance = self._nearest
        return _fill(hand, leaf, self.level, self.rules)

    @cached_property
    def closest(self) -> Arrangement:
        """The arrangement nearest to a lay-down (fewest cards to add, then fewest missing), with
        jokers only where they count: its empty slots are the cards the hand is short."""
        return Arrangement(self.level, tuple(tuple(Slot(face, card) for face, card in slots) for slots in self.filled))

    @cached_property
    def cards_short(self) -> int:
        """The fewest cards that, added to the hand, would make the lay-down (0 when ``ok``)."""
        return 0 if self.ok else self._nearest[2]

    @cached_property
    def missing(self) -> tuple[Face, ...]:
        """The cards the hand lacks: the slots of the closest arrangement no card of the hand
        fills (a joker's slot is not missing), one per card short; empty when ``ok``.

        >>> c = check("Kh Kd 7s 7h 5d 5c 9h 2c", 4)
        >>> [str(f) for f in c.missing], c.cards_short
        (['7', 'K'], 2)
        """
        return () if self.ok else self.closest.missing

    @cached_property
    def outs(self) -> tuple[Card, ...]:
        """The distinct cards any one of which, added to the hand, makes the level."""
        return () if self.ok else outs(self.hand, self.level, self.rules)

    @cached_property
    def explanation(self) -> tuple[str, ...]:
        """Why the hand makes the level or not, in English words that cite the rule
        (``messages`` rendered; ``upto9.messages.render`` words them in another language)."""
        return tuple(str(m) for m in self.messages)

    @cached_property
    def messages(self) -> tuple[Message, ...]:
        """Why the hand makes the level or not, as messages (one per line of ``explanation``).

        >>> from upto9.messages import render
        >>> for m in check("5h 6h 7h Kc", 1).messages[1:]:
        ...     print(render(m, "nb"))
        Nivå 1 tillater ingen jokere; den nærmeste straighten trenger 1: 4♥ mangler.
        Hånda mangler 1 kort for nedlegget.
        Ett av disse kortene fullfører: 4♥, 8♥.
        """
        level = self.level
        head = Message("check.head", level=level.number, contract=level.contract_message, budget=level.budget_message)
        if not self.ok:
            return (head, *self._shortfall())
        assert self.jokers is not None
        lines = [head]
        jokers = [p for m in self.melds for p in m.cards if p.wild]
        real_wild = [p for m in self.melds for p in m.cards if not p.wild and (p.card.rank in self.rules.wild_ranks)]
        if jokers:
            stands = Items(tuple(Message("joker.as", card=p.card.glyph, face=face_of(p.face)) for p in jokers))
            lines.append(Message("check.best", jokers=jokers_words(self.jokers), allowed=level.jokers, stands=stands))
        else:
            lines.append(Message("check.best.none"))
        lines.extend(Message("check.real_wild", card=p.card.glyph) for p in real_wild)
        return tuple(lines)

    def _shortfall(self) -> list[Message]:
        level = self.level
        rules = self.rules
        arrangement = self.closest
        groups = level.groups
        lines: list[Message] = []
        if len(self.hand) < level.cards:
            lines.append(Message("check.too_few", level=level.number, cards=level.cards, held=len(self.hand)))
        # A slot no real card fills needs a joker: one stands in, or the card is missing.
        jokers = [[s.card is not None and s.wild for s in slots] for slots in arrangement.groups]
        needs = [
            sum(1 for s, joker in zip(slots, flags, strict=True) if joker or s.card is None) for slots, flags in zip(arrangement.groups, jokers, strict=True)
        ]
        total_needed = sum(needs)
        wild_in_hand = sum(1 for c in self.hand if (c.rank in rules.wild_ranks))
        real_wild = sum(
            1
            for slots, flags in zip(arrangement.groups, jokers, strict=True)
            for s, joker in zip(slots, flags, strict=True)
            if s.card and not joker and (s.card.rank in rules.wild_ranks)
        )
        spare_wild = wild_in_hand - real_wild
        for i, (group, slots) in enumerate(zip(groups, arrangement.groups, strict=True)):
            if not needs[i]:
                continue
            details = _group_details(slots, jokers[i])
            if len(groups) == 1:
                allows = Message("allows", jokers=jokers_words(level.jokers))
                lines.append(Message(f"check.single.{group.kind.value}", level=level.number, allows=allows, n=needs[i], details=details))
            elif needs[i] > level.cap(i):
                lines.append(Message("check.group.over", group=the_group(group, i + 1), jokers=jokers_words(needs[i]), cap=level.cap(i), details=details))
            else:
                lines.append(Message("check.group", group=the_group(group, i + 1), jokers=jokers_words(needs[i]), details=details))
        if len(groups) > 1 and total_needed > level.jokers:
            lines.append(Message("check.total", level=level.number, jokers=jokers_words(level.jokers), needed=total_needed))
        if level.clean_groups and needs.count(0) < level.clean_groups:
            one = groups[0]
            noun = ("set.3" if one.kind is GroupKind.SET and one.size == 3 else one.kind.value) if len({g.kind for g in groups}) == 1 else "group"
            lines.append(Message(f"check.clean.{noun}", level=level.number, n=level.clean_groups))
        if total_needed > spare_wild and total_needed <= level.jokers:
            lines.append(Message("check.spare", spare=spare_wild, wilds=wild_ranks(rules.wild_ranks), needed=total_needed))
        lines.append(Message("check.short", n=self.cards_short))
        outs_now = self.outs
        if outs_now:
            lines.append(Message("check.outs", cards=Items(tuple(c.glyph for c in outs_now))))
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data: ok, level, jokers, melds, missing, outs, explanation
        (``upto9.rummy.verdict_dict``)."""
        return verdict_dict(self)


def _as_hand(hand: str | Iterable[PlayingCard]) -> tuple[Card, ...]:
    if isinstance(hand, str):
        return parse_hand(hand)
    cards = hand_of(hand, texts=True)
    for card in cards:  # a plain loop: all() over a generator cost 5 % of a fast check
        if not isinstance(card, Card):
            raise CardError(Message("card.other_model", card=card_param(card), model=type(card).__name__.removesuffix("Card").replace("10", " 10")))
    return cast("tuple[Card, ...]", cards)  # all standard cards, checked above


def _as_level(level: int | Level, rules: Rules) -> Level:
    return level_of(level, rules)


def check(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> Check:
    """Does some part of ``hand`` form the level's lay-down? Exact, with the fewest jokers.

    ``hand`` is a text (``parse_hand``) or cards. Raises ``CardError`` for a hand that cannot be
    read (or holds another game's cards, or more than ``upto9.cards.MAX_HAND``), ``RulesError``
    for a level number the rules lack, and ``TypeError`` naming the argument when ``hand`` is no
    ``str`` or iterable of cards, ``level`` no ``int`` or ``Level``, or ``rules`` no ``Rules``.

    >>> c = check("5h 6h 7h 8h Kc", 1)
    >>> c.ok, c.jokers, [str(m) for m in c.melds]
    (True, 0, ['run: 5♥ 6♥ 7♥ 8♥'])
    >>> check("2h 3h 4h 5h", 1).ok   # the 2 and the 3 are real hearts here
    True
    >>> c = check("5s 6h 7s 8s", 1)
    >>> c.ok, [str(f) for f in c.missing]
    (False, ['6s'])
    >>> check("5h 6h 7h 8h", level="1")
    Traceback (most recent call last):
    ...
    TypeError: level must be an int or a Level, not str
    """
    require_rules(rules)
    return checked(_as_hand(hand), _as_level(level, rules), rules)


def checked(cards: tuple[Card, ...], level: Level, rules: Rules) -> Check:
    """``check(cards, level, rules)`` for cards already read (a view's hand) and a ``Level``:
    nothing is read or checked again.

    >>> hand = parse_hand("5h 6h 7h 8h Kc")
    >>> checked(hand, UPTO9.level(1), UPTO9) == check(hand, 1)
    True
    """
    summary = _Hand(cards, rules)
    leaf = _find(summary, level)
    if leaf is None:
        return _checked(False, level, None, (), cards, rules)
    return _checked(True, level, sum(leaf.missing), _melds(level, _fill(summary, leaf, level, rules)), cards, rules)


def _checked(ok: bool, level: Level, jokers: int | None, melds: tuple[Meld, ...], hand: tuple[Card, ...], rules: Rules) -> Check:
    """``Check(ok, level, jokers, melds, hand, rules)``, made without the frozen dataclass's
    ``__init__`` (one ``object.__setattr__`` call per field): ``check`` makes one every call."""
    made = object.__new__(Check)
    fields = made.__dict__
    fields["ok"] = ok
    fields["level"] = level
    fields["jokers"] = jokers
    fields["melds"] = melds
    fields["hand"] = hand
    fields["rules"] = rules
    return made


def searched(cards: tuple[Card, ...], level: Level, rules: Rules, short: bool = False, below: int | None = None) -> Check | None:
    """``check(cards, level, rules)`` by one closest-arrangement search, for a bot that asks for
    the closest arrangement of most hands it checks: the verdict with ``cards_short`` and
    ``closest`` worked out already. The cards are the checker's own (a view's hand): nothing is
    read or checked. With ``short`` the caller knows the hand cannot make the level (no lay-down
    is looked for); with ``below`` too, ``None`` unless the hand is fewer than ``below`` cards
    short.

    The same verdict as ``check``: a hand that makes the level is one whose closest arrangement
    adds no card, and the search meets first the very lay-down ``_find`` picks (its targets are
    the first of the search's, taken in the same order, and among lay-downs the search's key is
    the number of jokers); only a one-group level with a clean group is left to ``check`` (the
    search's distance counts the clean rule there, ``_find`` does not).

    >>> rules = UPTO9
    >>> hand = parse_hand("5h 6h 7h 8h Kc")
    >>> searched(hand, rules.level(1), rules).melds == check(hand, 1).melds
    True
    >>> searched(parse_hand("5h 6h 9h Kc"), rules.level(1), rules, short=True, below=2) is None
    True
    """
    if not short and len(level.groups) == 1 and level.clean_groups:
        return checked(cards, level, rules)
    summary = _Hand(cards, rules)
    leaf, distance = _search(summary, level, below)
    if leaf is None:  # (with every target allowed, a search always finds a leaf)
        return None if below is not None else checked(cards, level, rules)
    if distance == 0 and not short:
        return _checked(True, level, sum(leaf.missing), _melds(level, _fill(summary, leaf, level, rules)), cards, rules)
    made = _checked(False, level, None, (), cards, rules)
    made.__dict__["_nearest"] = (summary, leaf, distance)
    return made


def holds(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> bool:
    """Does the hand hold the level's lay-down? ``check(...).ok`` without the arrangement: what
    the safety valve asks of the cards still in circulation. Raises what ``check`` raises:
    ``CardError``, ``RulesError``, and ``TypeError`` naming a wrong argument.

    >>> holds("7s 7h 7c Kh Kd 2c 5d 5c 3h", 4), holds("7s 7h 7c", 4)
    (True, False)
    """
    require_rules(rules)
    cards = _as_hand(hand)
    level = _as_level(level, rules)
    return _find(_Hand(cards, rules), level, first=True) is not None


def _retarget(hand: _Hand, t: _Target, size: int) -> _Target:
    """Target ``t`` worked out again for ``hand`` (the hand it came from and one card more)."""
    if t[1] == _RUN:
        mask, start, full = hand.suit_mask[t[2]], t[3], _FULL[size]
        return (size - ((mask >> start) & full).bit_count(), _RUN, t[2], start, t[4], (mask & (full << start) & hand.wild_pos).bit_count())
    r = t[2]
    have = hand.rank_count[r]
    return (size - have if have < size else 0, _SET, r, 0, t[4], (have if have < size else size) if hand.wild_pos >> r & 1 else 0)


def _empty_faces(suit_mask: list[int], t: _Target, size: int) -> int:
    """The cards (a key mask) that would fill an empty slot of target ``t``: the straight's
    missing cards, or any card of the set's rank (only asked when the set lacks a card)."""
    if t[1] == _SET:
        return 15 << (t[2] * 4)
    faces = 0
    empty = ~suit_mask[t[2]] & (_FULL[size] << t[3])
    while empty:
        q = (empty & -empty).bit_length() - 1
        empty &= empty - 1
        faces |= 1 << ((1 if q == 14 else q) * 4 + t[2])
    return faces


def _outs_of(hand: _Hand, plan: _Plan) -> int:
    """The outs of a hand that has no lay-down, as a bit mask over card keys (bit ``rank * 4 +
    suit``): every card that, added to the hand, makes the level.

    One pass over the choices of targets instead of a search per card. Adding a card lowers the
    missing slots of an arrangement by at most one, so a choice of targets can become a lay-down
    only if it lacks at most one slot more than the budget and than one group's cap (with a 2 or
    3, the budget has one joker more). For each such choice, which cards complete it:

    * a 2 or 3 as one more joker: the choice judged with one more spare 2 or 3;
    * a card that fills an empty slot of group g, of a rank no other group wants: every way of
      sharing the contested ranks stays as it was, with one slot fewer missing in group g (a 2
      or 3 filling it is real, so the spare 2s and 3s stay as they were too);
    * a card of a rank two groups want (the few left): the choice judged again with the card
      added, once per class of cards the choice cannot tell apart.
    """
    count = plan.count
    caps = plan.caps
    sizes = plan.sizes
    same = plan.same
    twins = plan.twins
    wild = hand.wild
    wild_pos = hand.wild_pos
    suit_mask = hand.suit_mask
    rank_count = hand.rank_count
    jokers = plan.jokers
    options: list[list[_Target]] = []
    for i in range(count):
        if same[i]:
            found = options[-1]
        else:
            found = _targets(hand, plan.kinds[i], sizes[i], caps[i] + 1)
            if not found:
                return 0
        options.append(found)
    rest_least = [sum(o[0][0] for o in options[after:]) for after in plan.after]
    wild_keys = 0
    for r in range(1, 14):
        if wild_pos >> r & 1:
            wild_keys |= 15 << (r * 4)
    multi = count > 1
    clean = plan.clean
    outs = 0
    chosen: list[_Target] = []
    last = count - 1

    def judge(targets: Sequence[_Target], contested: int, total: int, real_wild: int) -> int:
        """The cards (a key mask) that make this choice of targets a lay-down, among those not yet
        known to be outs. ``contested``: the ranks two of the targets want; without any, each
        target's own count is exact (``total`` missing, ``real_wild`` 2s and 3s used as such)."""
        if not contested:
            zeros = 0
            over = -1  # the group over its cap, if any (the bounds allow one, by one slot)
            for g, t in enumerate(targets):
                if not t[0]:
                    zeros += 1
                elif t[0] > caps[g]:
                    over = g
            found = 0
            # A 2 or 3 as one more joker.
            if over < 0 and total <= jokers and total + real_wild <= wild + 1 and (not multi or zeros >= clean):
                found = wild_keys
            # A real card (a 2 or 3 too, which is then real) in an empty slot of group g.
            if total <= jokers + 1 and total + real_wild <= wild + 1:
                for g, t in enumerate(targets):
                    m = t[0]
                    if m and (over < 0 or over == g) and m <= caps[g] + 1 and (not multi or zeros + (m == 1) >= clean):
                        found |= _empty_faces(suit_mask, t, sizes[g])
            return found & ~outs
        contested_keys = 0
        bits = contested
        while bits:
            r = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            contested_keys |= 15 << (r * 4)
        faces = [_empty_faces(suit_mask, t, sizes[g]) if t[0] else 0 for g, t in enumerate(targets)]
        could = wild_keys | contested_keys
        for f in faces:
            could |= f
        if not could & ~outs:
            return 0  # every card that could complete this choice is an out already
        # Judge every way of sharing the contested ranks (as ``_fits`` does), with one more 2 or 3
        # to spare (a joker), or with one slot fewer in group g (a real card there; a 2 or 3
        # filling it is real, so the spare 2s and 3s stay as they were). The latter is exact for a
        # card of a rank no other group wants, and for the others a bound: such a card taken out
        # of a lay-down leaves an arrangement no better than one of these leaves.
        joker = False
        fill = [False] * count
        for missing, used, _shares in _shared_leaves(hand, targets, sizes, contested, wild_pos):
            lacking = sum(missing)
            if lacking > jokers + 1 or lacking + used > wild + 1:
                continue
            if not multi:  # one group: its target's own count within its cap, the total within the level's
                joker = joker or (lacking <= jokers and targets[0][0] <= caps[0])
                fill[0] = fill[0] or bool(missing[0])
                continue
            zeros = overs = 0
            over = -1
            for g, m in enumerate(missing):
                if not m:
                    zeros += 1
                elif m > caps[g]:
                    over = g
                    overs += 1
            if not overs and lacking <= jokers and zeros >= clean:
                joker = True
            if overs < 2:
                for g, m in enumerate(missing):
                    if m and (over < 0 or over == g) and m <= caps[g] + 1 and zeros + (m == 1) >= clean:
                        fill[g] = True
        found = wild_keys if joker else 0
        for g, t in enumerate(targets):
            if fill[g] and (multi or t[0] <= caps[g] + 1):
                found |= faces[g] & ~contested_keys
        # A card of a rank two groups want: judge the choice again with it, where a group that
        # wants it could take it. Within the choice, the suits no straight of the choice wants at
        # that rank are alike.
        bits = contested
        while bits:
            r = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            run_suits = fill_suits = 0
            set_fill = False
            for g, t in enumerate(targets):
                if t[4] >> r & 1:
                    if t[1] == _SET:
                        set_fill = set_fill or fill[g]
                        continue
                    run_suits |= 1 << t[2]
                    if fill[g]:
                        fill_suits |= 1 << t[2]
            suits = run_suits if set_fill else fill_suits  # a set takes any suit
            classes = [1 << (r * 4 + s) for s in range(4) if suits >> s & 1]
            if set_fill:
                rest = sum(1 << (r * 4 + s) for s in range(4) if not run_suits >> s & 1)
                if rest:
                    classes.append(rest)
            for keys in classes:
                if not keys & ~(outs | found):
                    continue
                key = (keys & -keys).bit_length() - 1
                more = hand.plus(_CARD_OF[key])
                again = [_retarget(more, t, sizes[g]) for g, t in enumerate(targets)]
                if any(t[0] > cap for t, cap in zip(again, caps, strict=True)):
                    continue
                for missing, used, _shares in _shared_leaves(more, again, sizes, contested, wild_pos):
                    if _fits(missing, used, more.wild, plan):
                        found |= keys
                        break
        return found & ~outs

    def visit(i: int, start: int, missing_so_far: int, over: int, contested: int, used_so_far: int) -> None:
        """Depth-first over group i's targets from ``start``, with ``_find``'s bounds one card
        looser: the card fills one slot, or is one more 2 or 3 to spare."""
        nonlocal outs
        targets = options[i]
        size = sizes[i]
        cap = caps[i]
        rest = rest_least[i]
        alike = twins[i] + 1
        for k in range(start, len(targets)):
            t = targets[k]
            alone = missing_so_far + rest + alike * t[0]
            beyond = t[0] - cap if t[0] > cap else 0
            if alone > jokers + 1 or over + alike * beyond > 1:
                break  # and every later target, which lacks no fewer
            own = t[0]
            clash = 0
            for u in chosen:
                if not (t[1] == _RUN and u[1] == _RUN and t[2] != u[2]):
                    clash |= t[4] & u[4]
            if clash and t[1] == _SET:
                r = t[2]
                before = 0
                for j, u in enumerate(chosen):
                    if u[1] == _SET and u[2] == r:
                        before += sizes[j]
                have = rank_count[r]
                own = max(0, before + size - have) - max(0, before - have)
            if size == 14 and t[1] == _RUN:
                clash |= 2
            low = alone - t[0] + own
            both = contested | clash
            used = used_so_far + t[5]
            if both & wild_pos:
                used = t[5]
                for u in chosen:
                    if u[5] > used:
                        used = u[5]
            if low > jokers + 1 or low > wild + 1 - used:
                continue
            if i < last:
                chosen.append(t)
                visit(i + 1, k if same[i + 1] else 0, missing_so_far + own, over + beyond, both, used)  # noqa: F821 (deleted after the search)
                chosen.pop()
            else:
                chosen.append(t)
                outs |= judge(chosen, both, low, used)
                chosen.pop()

    visit(0, 0, 0, 0, 0, 0)
    del visit  # it refers to itself: free it now, not in the garbage collector's next pass
    return outs


def outs(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> tuple[Card, ...]:
    """The distinct cards (one per rank and suit) any one of which, added to the hand, makes the
    level; empty when the hand already makes it. Raises what ``check`` raises: ``CardError``,
    ``RulesError``, and ``TypeError`` naming a wrong argument.

    >>> [str(c) for c in outs("5h 6h 7h Kc", 1)]
    ['4h', '8h']
    >>> outs(["5h", "6h"], 1)
    Traceback (most recent call last):
    ...
    TypeError: hand must hold cards (Card, Phase10Card), not str
    """
    require_rules(rules)
    cards = _as_hand(hand)
    level = _as_level(level, rules)
    summary = _Hand(cards, rules)
    if _find(summary, level, first=True) is not None:
        return ()
    found = _outs_of(summary, _plan(level))
    return tuple(_CARD_OF[key] for key in range(4, 56) if found >> key & 1)
