"""A slow, obviously correct reference for the lay-down checker: brute force, written from the rules.

It shares nothing with ``upto9.checker`` but the card and rule types. The semantics, from the rules
text and the rulings (docs/rules.md):

* A level is a list of groups with exact sizes. A run (straight) picks a suit and a start: its
  slots stand for consecutive positions ``start .. start+size-1`` in 1..14, where the ace is both 1
  and 14 (so no wrap and no repeated position). A set picks a rank: every slot stands for that rank.
* A card in a slot is REAL when it is the slot's face (run: same rank and suit; set: same rank).
  Otherwise it must be wild-capable (its rank is in ``rules.wild_ranks``) and it is a JOKER.
* At most ``level.jokers`` jokers in all, at most ``level.cap(i)`` in group ``i``, at least
  ``level.clean_groups`` groups without a joker, and every card of the hand used at most once.

The search: every combination of targets, then every filling of every slot. A slot is filled either
by a card that is its face (one of those the hand still holds) or by "a joker". Which 2 or 3 plays a
joker does not matter, because any wild-capable card may fill any joker slot; so the jokers are
counted, and at the end there must be that many wild-capable cards left over. (Should a left-over 2
or 3 happen to be the face of the joker slot it fills, that filling was also tried with the card as
real, with one joker fewer; so the minimum is right.)

Only safe pruning: a branch stops once it breaks a budget or can no longer beat the best found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from upto9.cards import Card, Rank, Suit, full_deck
from upto9.families.phase10.cards import WILD, Colour, Phase10Card
from upto9.rules import UPTO9, Group, GroupKind, Level, Rules

__all__ = [
    "exhaustive_jokers",
    "phase10_exhaustive_jokers",
    "phase10_reference_jokers",
    "phase10_reference_outs",
    "reference_jokers",
    "reference_outs",
]

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
JOKER = None  # a slot filled "by a joker" (any wild-capable card)

Target = tuple[Suit, int] | Rank  # a run's (suit, start position) or a set's rank
Face = Card | Rank


def rank_at(position: int) -> Rank:
    """The rank on straight position 1..14: 1 and 14 are both the ace."""
    return Rank.ACE if position == 14 else Rank(position)


def targets(group: Group) -> list[Target]:
    """Every target a group can pick."""
    if group.kind is GroupKind.RUN:
        return [(suit, start) for suit in SUITS for start in range(1, 15 - group.size + 1)]
    return list(Rank)


def faces(group: Group, target: Target) -> list[Face]:
    """What each slot of the group stands for."""
    if group.kind is GroupKind.RUN:
        assert isinstance(target, tuple)
        suit, start = target
        return [Card(rank_at(p), suit) for p in range(start, start + group.size)]
    assert isinstance(target, Rank)
    return [target] * group.size


def real_cards(face: Face) -> list[Card]:
    """The cards that are real in a slot with this face."""
    if isinstance(face, Card):
        return [face]
    return [Card(face, suit) for suit in SUITS]


def target_combinations(options: list[list[Target]], level: Level) -> Iterator[tuple[Target, ...]]:
    """Every choice of one target per group from ``options``. Identical neighbouring groups (same
    kind, size and cap) are interchangeable, so their targets are taken in non-decreasing order only."""
    for combo in product(*(range(len(o)) for o in options)):
        if any(level.groups[i] == level.groups[i - 1] and combo[i] < combo[i - 1] for i in range(1, len(combo))):
            continue
        yield tuple(options[i][k] for i, k in enumerate(combo))


def forced_jokers(group: Group, target: Target, have: Counter[Card]) -> int:
    """A lower bound: slots beyond the number of cards the hand holds that are real for their face
    can only be jokers."""
    wanted = Counter(faces(group, target))
    return sum(max(0, n - sum(have[c] for c in real_cards(face))) for face, n in wanted.items())


Slot = tuple[int, Face]  # (group index, the face the slot stands for)


def fewest_jokers_filling(
    slots: Sequence[Slot], have: Counter[Card], level: Level, rules: Rules, limit: int, good_enough: int, prune: bool = True
) -> int | None:
    """The fewest jokers, at most ``limit``, of any filling of these slots from the cards ``have``
    that keeps every group within its cap and enough groups clean; ``None`` if there is none.
    Stops early once ``good_enough`` jokers or fewer are found; without ``prune`` it also tries
    fillings that cannot beat the best one found."""
    caps = [level.cap(i) for i in range(len(level.groups))]
    left = Counter(have)
    group_jokers = [0] * len(level.groups)
    best: int | None = None

    def fill(i: int, jokers: int, previous: int) -> None:
        """Fill slot i onward. ``previous`` is the choice index of the slot before it in the same
        set (choices ordered: real cards by suit, then joker), for non-decreasing order."""
        nonlocal best
        if prune and jokers > (limit if best is None else best - 1):
            return  # over the budget, or no better than a filling already found
        if i == len(slots):
            # Pruned, a joker is "some 2 or 3": enough must be left over. Exhaustive, each joker
            # has taken its own card already.
            spare = sum(n for card, n in left.items() if card.rank in rules.wild_ranks) if prune else jokers
            clean = sum(1 for n in group_jokers if n == 0)
            within = jokers <= limit and all(n <= cap for n, cap in zip(group_jokers, caps, strict=True))
            if within and jokers <= spare and clean >= level.clean_groups and (best is None or jokers < best):
                best = jokers
            return
        g, face = slots[i]
        same_set = i > 0 and slots[i - 1][0] == g and not isinstance(face, Card)
        choices: list[Card | None] = [*real_cards(face), JOKER]
        for k, choice in enumerate(choices):
            if same_set and k < previous:
                continue  # interchangeable set slots: each filling once, in order
            if choice is JOKER and not prune:
                # Every 2 or 3 still in hand, one after another, as the joker in this slot.
                for wild in [c for c in left if left[c] and c.rank in rules.wild_ranks and c not in choices]:
                    left[wild] -= 1
                    group_jokers[g] += 1
                    fill(i + 1, jokers + 1, k)
                    group_jokers[g] -= 1
                    left[wild] += 1
            elif choice is JOKER:
                if group_jokers[g] + 1 > caps[g]:
                    continue
                group_jokers[g] += 1
                fill(i + 1, jokers + 1, k)
                group_jokers[g] -= 1
            elif left[choice] > 0:
                left[choice] -= 1
                fill(i + 1, jokers, k)
                left[choice] += 1
            if best is not None and best <= good_enough:
                return

    fill(0, 0, 0)
    return best


def _search(hand: Sequence[Card], level: Level, rules: Rules, good_enough: int, prune: bool = True) -> int | None:
    """The fewest jokers of any lay-down (``None``: no lay-down); stops early once ``good_enough``
    jokers or fewer are found. Without ``prune`` it is the plain exhaustive search: every target
    of every group and every filling of every slot, cut only where a slot breaks the rules."""
    have = Counter(hand)
    wild_in_hand = sum(n for card, n in have.items() if card.rank in rules.wild_ranks)
    caps = [level.cap(i) for i in range(len(level.groups))]
    best: int | None = None
    # Targets that alone need more jokers than their group may hold are never part of a lay-down.
    options = [
        [t for t in targets(group) if not prune or forced_jokers(group, t, have) <= min(cap, wild_in_hand)]
        for group, cap in zip(level.groups, caps, strict=True)
    ]
    for combo in target_combinations(options, level):
        # Never more jokers than the budget or the 2s and 3s in hand; and better than found so far.
        limit = min(level.jokers if best is None or not prune else best - 1, wild_in_hand)
        if prune and sum(forced_jokers(group, t, have) for group, t in zip(level.groups, combo, strict=True)) > limit:
            continue
        # The slots, group by group; a set's slots are interchangeable.
        slots = [(g, face) for g, (group, t) in enumerate(zip(level.groups, combo, strict=True)) for face in faces(group, t)]
        found = fewest_jokers_filling(slots, have, level, rules, limit, good_enough, prune)
        if found is not None and (best is None or found < best):
            best = found
            if best <= good_enough:
                break
    return best


def reference_jokers(hand: Sequence[Card], level: Level, rules: Rules = UPTO9) -> int | None:
    """The fewest jokers over every valid lay-down formed from part of ``hand``; ``None`` if none."""
    return _search(tuple(hand), level, rules, good_enough=0)


def exhaustive_jokers(hand: Sequence[Card], level: Level, rules: Rules = UPTO9) -> int | None:
    """The same answer as ``reference_jokers`` by plain exhaustive search: every target of every
    group, every assignment of the hand's cards to the slots (which 2 or 3 is each joker
    included), each judged against the rules at the end. The brute force that ``benchmarks/
    bench_checker.py`` measures the checker against."""
    return _search(tuple(hand), level, rules, good_enough=-1, prune=False)


def reference_outs(hand: Sequence[Card], level: Level, rules: Rules = UPTO9) -> tuple[Card, ...]:
    """The distinct cards (in ``full_deck()`` order) any one of which, added to the hand, makes the
    level; empty when the hand already makes it."""
    hand = tuple(hand)
    if _search(hand, level, rules, good_enough=level.jokers) is not None:
        return ()
    return tuple(card for card in full_deck() if _search((*hand, card), level, rules, good_enough=level.jokers) is not None)


# --- Phase 10 ---------------------------------------------------------------------------------------
#
# The same brute force for Phase 10 (docs/rules.md#phase-10), sharing nothing with upto9.phase10 but
# the card and rule types. A set picks a number (1..12) and every slot stands for it; a run picks its
# lowest number and its slots stand for consecutive numbers within 1..12; a colour group picks a
# colour and every slot stands for it. A number card fills a slot when it has the slot's number (set,
# run) or colour (colour group); a wild card fills any slot. A lay-down uses each card once, at most
# ``level.jokers`` wild cards (for unlimited wilds that is every card but the natural ones) and the
# wild cards the hand holds, and at least ``level.natural_cards`` number cards. Skips fill nothing.

P10Face = int | Colour
P10Target = int | Colour


def phase10_targets(group: Group) -> list[P10Target]:
    """Every target a Phase 10 group can pick."""
    if group.kind is GroupKind.SET:
        return list(range(1, 13))
    if group.kind is GroupKind.RUN:
        return list(range(1, 13 - group.size + 1))
    return list(COLOURS)


def phase10_faces(group: Group, target: P10Target) -> list[P10Face]:
    """What each slot of the group stands for."""
    if group.kind is GroupKind.RUN:
        assert isinstance(target, int)
        return list(range(target, target + group.size))
    return [target] * group.size


def phase10_real(face: P10Face) -> list[Phase10Card]:
    """The number cards that fill a slot with this face."""
    if isinstance(face, Colour):
        return [Phase10Card(n, face) for n in range(1, 13)]
    return [Phase10Card(face, c) for c in COLOURS]


def _phase10_fill(
    slots: Sequence[tuple[int, P10Face]], left: Counter[Phase10Card], wilds: int, level: Level, limit: int, good_enough: int, prune: bool, best: int | None
) -> int | None:
    """The fewest wild cards of any filling of these slots that is a lay-down, or ``best`` if none is better."""

    def fill(i: int, jokers: int, naturals: int, previous: int) -> None:
        nonlocal best
        if prune and jokers > (limit if best is None else best - 1):
            return
        if i == len(slots):
            if naturals >= level.natural_cards and jokers <= limit and (best is None or jokers < best):
                best = jokers
            return
        g, face = slots[i]
        # Slots of one set or colour group are interchangeable: each filling once, in order.
        same = prune and i > 0 and slots[i - 1][0] == g and level.groups[g].kind is not GroupKind.RUN
        choices: list[Phase10Card | None] = [*phase10_real(face), None]  # None: a wild card
        for k, choice in enumerate(choices):
            if same and k < previous:
                continue
            if choice is None:
                if jokers < wilds:
                    fill(i + 1, jokers + 1, naturals, k)
            elif left[choice] > 0:
                left[choice] -= 1
                fill(i + 1, jokers, naturals + 1, k)
                left[choice] += 1
            if best is not None and best <= good_enough:
                return

    fill(0, 0, 0, 0)
    return best


def _target_order(target: P10Target) -> int:
    return target.order if isinstance(target, Colour) else target


def _phase10_search(hand: Sequence[Phase10Card], level: Level, good_enough: int, prune: bool = True) -> int | None:
    """The fewest wild cards of any lay-down from part of ``hand`` (``None``: none); stops early
    once ``good_enough`` or fewer are found. Without ``prune`` it is the plain exhaustive search:
    every target of every group and every filling of every slot (interchangeable slots and groups
    included), each judged at the end."""
    have = Counter(c for c in hand if not c.is_wild and not c.is_skip)
    wilds = sum(1 for c in hand if c.is_wild)
    limit = min(wilds, level.jokers)
    best: int | None = None
    groups = level.groups

    def forced(combo: Sequence[P10Target]) -> int:
        """Slots beyond the number cards that could fill their face can only be wild."""
        wanted = Counter(face for group, t in zip(groups, combo, strict=True) for face in phase10_faces(group, t))
        return sum(max(0, n - sum(have[c] for c in phase10_real(face))) for face, n in wanted.items())

    combos = [
        combo
        for combo in product(*(phase10_targets(g) for g in groups))
        # Identical neighbouring groups are interchangeable: their targets in order only.
        if not prune or not any(groups[i] == groups[i - 1] and _target_order(combo[i]) < _target_order(combo[i - 1]) for i in range(1, len(combo)))
    ]
    bounds = {combo: forced(combo) for combo in combos} if prune else {}
    if prune:
        combos.sort(key=bounds.__getitem__)
    for combo in combos:
        if prune and bounds[combo] > (limit if best is None else best - 1):
            break  # combos come by their bound: none left can do better
        slots = [(g, face) for g, (group, t) in enumerate(zip(groups, combo, strict=True)) for face in phase10_faces(group, t)]
        best = _phase10_fill(slots, Counter(have), wilds, level, limit, good_enough, prune, best)
        if best is not None and best <= good_enough:
            break
    return best


def phase10_reference_jokers(hand: Sequence[Phase10Card], level: Level) -> int | None:
    """The fewest wild cards over every valid Phase 10 lay-down from part of ``hand``; ``None`` if none."""
    return _phase10_search(tuple(hand), level, good_enough=0)


def phase10_exhaustive_jokers(hand: Sequence[Phase10Card], level: Level) -> int | None:
    """The same answer by plain exhaustive search (every target, every filling of every slot): the
    brute force ``benchmarks/bench_checker.py`` measures the Phase 10 checker against."""
    return _phase10_search(tuple(hand), level, good_enough=-1, prune=False)


def phase10_reference_outs(hand: Sequence[Phase10Card], level: Level) -> tuple[Phase10Card, ...]:
    """The distinct cards (numbers by number then colour, then the wild card) any one of which,
    added to the hand, makes the phase; empty when the hand already makes it."""
    hand = tuple(hand)
    if _phase10_search(hand, level, good_enough=level.jokers) is not None:
        return ()
    distinct = [*(Phase10Card(n, c) for n in range(1, 13) for c in COLOURS), WILD]
    return tuple(card for card in distinct if _phase10_search((*hand, card), level, good_enough=level.jokers) is not None)
