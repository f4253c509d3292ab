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

Under free order chosen before the deal (``free_order = "before_deal"``), a bot also answers
``choose_phase(view) -> level`` with a ``ChoiceView``: what the player knows before the cards
are dealt. A bot without that method is given the first level it has not made.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol, cast, runtime_checkable

from upto9.cards import AnyCard, Card, Colour, Phase10Card, Rank, Suit
from upto9.checker import Check, check, holds
from upto9.game import AnyMeld, ChoiceView, Discard, Donate, Draw, LayDown, Move, Phase, Source, View, legal_moves
from upto9.melds import Face, Meld
from upto9.phase10 import Phase10Check
from upto9.phase10 import check as check_phase10
from upto9.rules import Family, GroupKind, Level, Rules

__all__ = ["Bot", "HeuristicBot", "RandomBot", "make_chances"]


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

    def choose_phase(self, view: ChoiceView) -> int:
        """Free order before the deal: any level not made yet, uniformly."""
        return self.rng.choice(view.open)


_OpenMeld = tuple[int, int, Meld, tuple[Face, ...]]

# What a meld on the table can still take, by id (melds are immutable; each is kept alive here),
# shared by every bot in the process: the same melds lie before every player.
_OPEN_ENDS: dict[int, tuple[AnyMeld, tuple[Face | int | Colour, ...]]] = {}


def _open_faces(view: View) -> list[tuple[int, int, AnyMeld, tuple[Face | int | Colour, ...]]]:
    """Every meld on the table that can still take a card, with what it can take: (owner, meld
    number, meld, its open faces)."""
    cache = _OPEN_ENDS
    if len(cache) > 1024:
        cache.clear()
    found = []
    for owner, row in enumerate(view.table):
        for index, meld in enumerate(row):
            known = cache.get(id(meld))
            if known is None or known[0] is not meld:
                known = cache[id(meld)] = (meld, meld.open_cards())
            if known[1]:
                found.append((owner, index, meld, known[1]))
    return found


def _hand(view: View) -> tuple[Card, ...]:
    """The hand of an Up to 9 view (its cards are standard cards)."""
    return cast(tuple[Card, ...], view.hand)


def _card_key(card: AnyCard) -> int:
    return card.key


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_card_key))


def _keys(cards: Iterable[AnyCard]) -> tuple[int, ...]:
    """A hand as a hashable multiset: its cards' keys, sorted."""
    return tuple(sorted([card.key for card in cards]))


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
    cards are kept; 2s and 3s standing in as jokers only as many as the budget lets count."""
    kept: list[int] = []
    jokers = verdict.level.jokers
    for group in verdict.closest.groups:
        for slot in group:
            card = slot.card
            if card is None:
                continue
            if slot.wild:
                if jokers <= 0:
                    continue
                jokers -= 1
            kept.append(card.key)
    return verdict.cards_short, tuple(sorted(kept))


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
    if rules.is_wild(card):
        return False
    groups = level.groups
    r = card.key >> 2
    if all(g.kind is GroupKind.SET for g in groups):
        ranks = set()
        for c in hand:
            if c.key >> 2 == r:
                return False
            if not rules.is_wild(c):
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
        plain = plain or not rules.is_wild(c)
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
      straight, fewest of its rank for a set), and of equally useless cards one that no meld on
      the table takes (a player who is down would pick it up and shed it), then the
      highest-penalty one; 2s and 3s are kept as jokers while the level has a joker budget.
      After its lay-down: the highest-penalty card it cannot donate.

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
        # Checker verdicts for the hands this bot has looked at, by (level, sorted card keys).
        self._checks: dict[tuple[int, tuple[int, ...]], Check] = {}
        # What it knows of hands it held: (level, sorted card keys) -> plan.
        self._plans: dict[tuple[int, tuple[int, ...]], _Plan] = {}
        self._points: tuple[Rules, dict[str, int]] | None = None
        self._rules: Rules | None = None
        # The hand before this turn's draw: (level, cards, sorted card keys).
        self._before_draw: tuple[int, tuple[Card, ...], tuple[int, ...]] | None = None
        self._phase10: _Phase10Mind | None = None

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def choose_phase(self, view: ChoiceView) -> int:
        """Free order before the deal: the open level most likely to be made, by ``make_chances``
        (the lower level among equals).

        >>> from upto9.game import Game
        >>> from upto9.rules import PHASE10, rules_from_dict
        >>> before = rules_from_dict({**PHASE10.to_dict(), "free_order": "before_deal"})
        >>> game = Game(players=2, rules=before, seed=1)
        >>> game.made[0] = [2]
        >>> HeuristicBot().choose_phase(game.choice_view(1)), HeuristicBot().choose_phase(game.choice_view(0))
        (2, 1)
        """
        chances = make_chances(view.rules)
        return max(view.open, key=lambda level: (chances[level - 1], -level))

    def act(self, view: View) -> Move:
        """The next move for the viewing player."""
        if not view.my_turn:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        if view.rules is not self._rules:  # what the caches know holds for one rule set
            self._rules = view.rules
            self._checks.clear()
            self._plans.clear()
            self._phase10 = _Phase10Mind() if view.rules.family is Family.PHASE10 else None
        if self._phase10 is not None:
            return self._phase10.act(view)
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.laid_down[view.player]:
            return self._shed(view)
        return self._build(view)

    # --- looking at hands -------------------------------------------------------------------------

    def _check(self, hand: Sequence[Card], level: int, rules: Rules, short: bool = False) -> Check:
        """The checker's verdict on ``hand``; with ``short`` the caller knows the hand cannot make
        the level (it is at least one card short), and the lay-down search is skipped."""
        key = (level, _keys(hand))
        found = self._checks.get(key)
        if found is None:
            if len(self._checks) >= self._CACHE_LIMIT:
                self._checks.clear()
            found = Check(False, rules.level(level), None, (), tuple(hand), rules) if short else check(hand, level, rules)
            self._checks[key] = found
        return found

    def _plan(self, hand: Sequence[Card], level: int, rules: Rules) -> _Plan:
        """How many cards short ``hand`` is, and the cards its closest arrangement keeps."""
        key = (level, _keys(hand))
        plan = self._plans.get(key)
        if plan is None:
            verdict = self._check(hand, level, rules)
            plan = (0, ()) if verdict.ok else _plan_of(verdict)
            self._remember(key, plan)
        return plan

    def _remember(self, key: tuple[int, tuple[int, ...]], plan: _Plan) -> None:
        if len(self._plans) >= self._CACHE_LIMIT:
            self._plans.clear()
        self._plans[key] = plan

    def _penalties(self, rules: Rules) -> dict[str, int]:
        if self._points is None or self._points[0] is not rules:
            self._points = (rules, dict(rules.penalties))
        return self._points[1]

    def _open_melds(self, view: View) -> list[_OpenMeld]:
        """Every meld on the table that can still take a card, with what it can take: (owner, meld
        number, meld, the set's rank or the straight's open end cards)."""
        return cast(list[_OpenMeld], _open_faces(view))

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
        self._before_draw = (level, hand, _keys(hand))
        if short == 0 or _idle(top, hand, rules.level(level), rules):
            return Draw(Source.DECK)
        # One card takes a hand at most one card closer: two or more short, the top card cannot
        # make the level; one short, only making it brings it closer.
        with_top = self._check((*hand, top), level, rules, short=short > 1)
        if with_top.ok or (short > 1 and with_top.cards_short < short):
            return Draw(Source.DISCARD)
        return Draw(Source.DECK)

    # --- before the lay-down ------------------------------------------------------------------------

    def _build(self, view: View) -> Move:
        level, rules, hand = view.level, view.rules, _hand(view)
        spec = rules.level(level)
        keys = _keys(hand)
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
        worth = _Worth(hand, spec, rules)
        points = self._penalties(rules)
        # Of equally useless cards, not one that a player who is down could donate.
        melds = self._open_melds(view) if any(view.laid_down) else []
        choice = min(spare or hand, key=lambda c: (worth.of(c), _can_take(melds, c, rules), -points[c.penalty_key], -c.key))
        if spare:  # the arrangement is untouched: the hand stays as many cards short
            rest = list(hand)
            rest.remove(choice)
            self._remember((level, _keys(rest)), plan)
        return Discard(choice)

    # --- after the lay-down -------------------------------------------------------------------------

    def _shed(self, view: View) -> Move:
        rules, hand = view.rules, _hand(view)
        melds = self._open_melds(view)
        # Real cards first: they may open a straight's end for the next card.
        jokers: list[Card] = []
        for card in _sorted(hand):
            for owner, index, meld, ends in melds:
                if card in ends or (meld.kind is GroupKind.SET and card.rank == ends[0]):
                    return Donate(card, owner, index, None)
            if rules.is_wild(card):
                jokers.append(card)
        holding = set(hand)
        for card in jokers:
            fallback: Donate | None = None
            for owner, index, meld, ends in melds:
                for face in ends:
                    move = Donate(card, owner, index, face)
                    if fallback is None:
                        fallback = move
                    if isinstance(face, Card) and _next_past(meld, face) in holding:
                        return move
            if fallback is not None:
                return fallback
        points = self._penalties(rules)
        return Discard(max(hand, key=lambda c: (points[c.penalty_key], c.key)))


_CHANCE_HANDS = 500
_CHANCES: dict[int, tuple[Rules, tuple[float, ...]]] = {}


def make_chances(rules: Rules) -> tuple[float, ...]:
    """For each level (``[0]`` is level 1), the share of hands holding it, among a fixed sample
    of 500 hands of ``hand_size + 4`` cards (the deal and four draws) from the game's cards, drawn
    with a fixed seed: how likely the level is to be made in a round, as a bot can estimate it
    before the deal. Worked out once per rule set (about a quarter of a second for Phase 10).

    >>> from upto9.rules import PHASE10
    >>> chances = make_chances(PHASE10)
    >>> max(range(1, 11), key=lambda n: chances[n - 1]), chances[1] > chances[0] > chances[5] > chances[6]
    (2, True)
    """
    found = _CHANCES.get(id(rules))
    if found is None or found[0] is not rules:
        rng = random.Random(f"upto9-chances:{rules.key}")
        cards = list(rules.one_deck()) * rules.decks_for(rules.min_players)
        size = min(rules.hand_size + 4, len(cards))
        hands = [rng.sample(cards, size) for _ in range(_CHANCE_HANDS)]
        shares = tuple(sum(holds(hand, level.number, rules) for hand in hands) / _CHANCE_HANDS for level in rules.levels)
        if len(_CHANCES) > 16:
            _CHANCES.clear()
        found = _CHANCES[id(rules)] = (rules, shares)
    return found[1]


def _can_take(melds: Sequence[_OpenMeld], card: Card, rules: Rules) -> bool:
    """Can one of these melds take ``card``, as itself or (a 2 or 3) as a joker?"""
    if melds and rules.is_wild(card):
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


class _Worth:
    """How much a card the closest arrangement does not use could still help: the larger of its
    best straight window (distinct same-suit positions held, as a share of the straight) and its
    rank's count (as a share of the set). A second copy of a card adds nothing to a straight. 2s
    and 3s are worth keeping as jokers while the level allows jokers."""

    __slots__ = ("copies", "jokers", "masks", "rank_count", "rules", "run_sizes", "set_sizes")

    def __init__(self, hand: Sequence[Card], level: Level, rules: Rules) -> None:
        self.rules = rules
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
        if self.jokers and self.rules.is_wild(card):
            return 2.0
        key = card.key
        r = key >> 2
        best = 0.0
        for size in self.set_sizes:
            best = max(best, min(self.rank_count[r], size) / size)
        if self.run_sizes and self.copies[key] == 1:
            mask = self.masks[key & 3]
            for size in self.run_sizes:
                full = (1 << size) - 1
                for q in (1, 14) if r == 1 else (r,):
                    for start in range(max(1, q - size + 1), min(q, 15 - size) + 1):
                        best = max(best, ((mask >> start) & full).bit_count() / size)
        return best


# --- Phase 10 -------------------------------------------------------------------------------------

_P10Open = tuple[int, int, AnyMeld, tuple[Face | int | Colour, ...]]


def _hits(card: Phase10Card, kind: GroupKind, face: Face | int | Colour) -> bool:
    """Can ``card`` hit a Phase 10 meld of ``kind`` as ``face``? A wild as anything, a number card
    as its own number (set, run) or colour (colour group), a skip never."""
    if card.is_wild:
        return True
    if card.is_skip:
        return False
    return card.colour == face if kind is GroupKind.COLOUR else card.number == face


def _progress(view: View, player: int) -> tuple[int, bool, int]:
    """How close ``player`` is to winning, as the table sees it: levels made, whether they are
    down this round, and (fewer is closer) the cards in hand."""
    if view.made and view.rules.free_order:
        made = len(view.made[player])
    else:
        played = view.rules.played_levels
        made = played.index(view.levels[player]) if view.levels[player] in played else 0
    return made, view.laid_down[player], -view.hand_counts[player]


def _skip_target(view: View) -> int | None:
    """The player a skip should name: the one closest to winning (``None``: no one may be named)."""
    targets = view.skip_targets
    if not targets:
        return None
    return max(targets, key=lambda p: (_progress(view, p), -((p - view.player) % len(view.levels))))


class _Phase10Worth:
    """How much a number card outside the closest arrangement could still help the target
    phase: its best share of a set (same number), a run (distinct numbers in a window) or a
    colour group (same colour)."""

    __slots__ = ("colours", "groups", "mask", "numbers")

    def __init__(self, hand: Sequence[Phase10Card], level: Level) -> None:
        self.groups = level.groups
        self.numbers = [0] * 13
        self.colours: dict[Colour, int] = {}
        self.mask = 0
        for card in hand:
            if card.colour is not None:
                self.numbers[card.number] += 1
                self.colours[card.colour] = self.colours.get(card.colour, 0) + 1
                self.mask |= 1 << card.number

    def of(self, card: Phase10Card) -> float:
        if card.colour is None:
            return 2.0  # a wild card is worth keeping; a skip is discarded before this is asked
        best = 0.0
        for group in self.groups:
            size = group.size
            if group.kind is GroupKind.SET:
                best = max(best, min(self.numbers[card.number], size) / size)
            elif group.kind is GroupKind.COLOUR:
                best = max(best, min(self.colours.get(card.colour, 0), size) / size)
            else:
                full = (1 << size) - 1
                for start in range(max(1, card.number - size + 1), min(card.number, 13 - size) + 1):
                    best = max(best, ((self.mask >> start) & full).bit_count() / size)
        return best


class _Phase10Mind:
    """HeuristicBot's play for Phase 10 (see ``HeuristicBot``)."""

    _CACHE_LIMIT = 256

    def __init__(self) -> None:
        self._checks: dict[tuple[int, tuple[int, ...]], Phase10Check] = {}
        self._short: dict[tuple[int, tuple[int, ...]], int] = {}  # cards short, known without a check

    def act(self, view: View) -> Move:
        if view.phase is Phase.DRAW:
            return self._draw(view)
        if view.laid_down[view.player]:
            return self._shed(view)
        return self._build(view)

    # --- looking at hands ---------------------------------------------------------------------------

    def _check(self, hand: Sequence[Phase10Card], level: int, rules: Rules) -> Phase10Check:
        key = (level, _keys(hand))
        found = self._checks.get(key)
        if found is None:
            if len(self._checks) >= self._CACHE_LIMIT:
                self._checks.clear()
            found = self._checks[key] = check_phase10(hand, level, rules)
        return found

    def _cards_short(self, hand: Sequence[Phase10Card], level: int, rules: Rules) -> int:
        known = self._short.get((level, _keys(hand)))
        return known if known is not None else self._check(hand, level, rules).cards_short

    def _target(self, hand: Sequence[Phase10Card], view: View) -> tuple[int, int]:
        """The level to go for and how many cards short of it the hand is: of the levels it may lay
        down, one it makes now (the one with the most cards: the hardest to make later), else the
        closest (first in order among equals)."""
        best: tuple[tuple[int, int, int], int, int] | None = None
        rules = view.rules
        for index, level in enumerate(view.choices):
            short = self._cards_short(hand, level, rules)
            rank = (0, -rules.level(level).cards, -level) if short == 0 else (short, index, 0)
            if best is None or rank < best[0]:
                best = (rank, level, short)
        assert best is not None
        return best[1], best[2]

    # --- drawing ------------------------------------------------------------------------------------

    def _draw(self, view: View) -> Move:
        top = cast(Phase10Card | None, view.discard_top)
        if top is None or top.is_skip:
            return Draw(Source.DECK)
        if not view.deck_count and len(view.discard) < 2:
            return Draw(Source.DISCARD)  # the top card is all there is
        if view.laid_down[view.player]:
            can_hit = any(_hits(top, meld.kind, face) for _o, _i, meld, faces in _open_faces(view) for face in faces)
            return Draw(Source.DISCARD if can_hit else Source.DECK)
        if top.is_wild:
            return Draw(Source.DISCARD)  # wild cards are unlimited: one always helps
        hand = cast(tuple[Phase10Card, ...], view.hand)
        _level, short = self._target(hand, view)
        if short == 0:
            return Draw(Source.DECK)
        _level, with_top = self._target((*hand, top), view)
        return Draw(Source.DISCARD if with_top < short else Source.DECK)

    # --- before the lay-down ------------------------------------------------------------------------

    def _build(self, view: View) -> Move:
        rules = view.rules
        hand = cast(tuple[Phase10Card, ...], view.hand)
        level, short = self._target(hand, view)
        verdict = self._check(hand, level, rules)
        if verdict.ok:
            return LayDown(verdict.melds, level if rules.free_order and not view.deciding else None)
        for card in hand:
            if card.is_skip:
                return Discard(card, _skip_target(view))
        kept = [0] * 54
        for slots in verdict.closest.groups:
            for slot in slots:
                if slot.card is not None:
                    kept[slot.card.key] += 1
        spare: list[Phase10Card] = []
        for card in hand:
            if kept[card.key]:
                kept[card.key] -= 1
            elif not card.is_wild:
                spare.append(card)
        numbers = [card for card in hand if not card.is_wild]
        if not numbers:
            return Discard(hand[0])  # nothing but wild cards: one must go
        worth = _Phase10Worth(hand, rules.level(level))
        melds = _open_faces(view) if any(view.laid_down) else []
        points = dict(rules.penalties)

        def cost(card: Phase10Card) -> tuple[float, bool, int, int]:
            # Of equally useless cards, not one that a player who is down could hit with.
            takes = any(_hits(card, meld.kind, face) for _o, _i, meld, faces in melds for face in faces)
            return worth.of(card), takes, -points[card.penalty_key], -card.key

        choice = min(spare or numbers, key=cost)
        if spare:  # the closest arrangement is untouched: the hand stays as many cards short
            rest = list(hand)
            rest.remove(choice)
            if len(self._short) >= self._CACHE_LIMIT:
                self._short.clear()
            self._short[(level, _keys(rest))] = short
        return Discard(choice)

    # --- after the lay-down -------------------------------------------------------------------------

    def _shed(self, view: View) -> Move:
        hand = sorted(cast(tuple[Phase10Card, ...], view.hand), key=_card_key)
        melds = _open_faces(view)
        # Number cards first: a run's new end may take the next one.
        for card in hand:
            if card.colour is None:
                continue
            for owner, index, meld, faces in melds:
                for face in faces:
                    if _hits(card, meld.kind, face):
                        return Donate(card, owner, index, face)
        held = {card.number for card in hand if card.colour is not None}
        for card in hand:
            if not card.is_wild:
                continue
            fallback: Donate | None = None
            for owner, index, meld, faces in melds:
                for face in faces:
                    move = Donate(card, owner, index, face)
                    fallback = fallback or move
                    # At a run's end, where a number it holds can follow.
                    if meld.kind is GroupKind.RUN and isinstance(face, int) and (face - 1 in held or face + 1 in held):
                        return move
            if fallback is not None:
                return fallback
        for card in hand:
            if card.is_skip:
                return Discard(card, _skip_target(view))
        points = dict(view.rules.penalties)
        # A wild card no meld takes goes last: it may yet hit a meld laid down later.
        return Discard(max(hand, key=lambda c: (not c.is_wild, points[c.penalty_key], c.key)))
