"""Phase 10's play for ``upto9.bots.HeuristicBot``: the family's ``mind()``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from upto9.bots import card_key, keys_of, open_faces, skip_target
from upto9.families.phase10.cards import Colour, Phase10Card
from upto9.families.phase10.phases import Phase10Check, hits, kept_counts, solved
from upto9.game import AnyMeld, Discard, Donate, Draw, LayDown, Move, Source, View
from upto9.rules import GroupKind, Level, Rules
from upto9.rummy import Mind

__all__ = ["Phase10Mind"]

_P10Open = tuple[int, int, AnyMeld, Sequence[object]]


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


class Phase10Mind(Mind):
    """HeuristicBot's play for Phase 10 (see ``HeuristicBot``)."""

    _CACHE_LIMIT = 256

    def __init__(self) -> None:
        self._checks: dict[tuple[int, tuple[int, ...]], Phase10Check] = {}
        self._short: dict[tuple[int, tuple[int, ...]], int] = {}  # cards short, known without a check

    # --- looking at hands ---------------------------------------------------------------------------

    def _check(self, hand: tuple[Phase10Card, ...], level: int, rules: Rules) -> Phase10Check:
        key = (level, keys_of(hand))
        found = self._checks.get(key)
        if found is None:
            if len(self._checks) >= self._CACHE_LIMIT:
                self._checks.clear()
            # A view's hand holds Phase 10 cards already: the verdict without reading them again.
            found = self._checks[key] = solved(hand, rules.level(level), rules)
        return found

    def _cards_short(self, hand: tuple[Phase10Card, ...], level: int, rules: Rules) -> int:
        known = self._short.get((level, keys_of(hand)))
        return known if known is not None else self._check(hand, level, rules).cards_short

    def _target(self, hand: tuple[Phase10Card, ...], view: View) -> tuple[int, int]:
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
            can_hit = any(hits(top, face, meld.kind) for _o, _i, meld, faces in open_faces(view) for face in faces)
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
                return Discard(card, skip_target(view))
        kept = kept_counts(verdict)  # ``closest``'s cards by key, without making its slots
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
        melds = open_faces(view) if any(view.laid_down) else []
        points = dict(rules.penalties)
        # What the melds take of a number card (``hits``): its number (a set's, a run's end) or its
        # colour (a colour group's), gathered once rather than asked of every card and face.
        taken_numbers: set[object] = set()
        taken_colours: set[object] = set()
        for _o, _i, meld, faces in melds:
            (taken_colours if meld.kind is GroupKind.COLOUR else taken_numbers).update(faces)

        def cost(card: Phase10Card) -> tuple[float, bool, int, int]:
            # Of equally useless cards, not one that a player who is down could hit with.
            takes = card.number in taken_numbers or card.colour in taken_colours
            return worth.of(card), takes, -points[card.penalty_key], -card.key

        choice = min(spare or numbers, key=cost)
        if spare:  # the closest arrangement is untouched: the hand stays as many cards short
            rest = list(hand)
            rest.remove(choice)
            if len(self._short) >= self._CACHE_LIMIT:
                self._short.clear()
            self._short[(level, keys_of(rest))] = short
        return Discard(choice)

    # --- after the lay-down -------------------------------------------------------------------------

    def _shed(self, view: View) -> Move:
        hand = sorted(cast(tuple[Phase10Card, ...], view.hand), key=card_key)
        melds = open_faces(view)
        # Number cards first: a run's new end may take the next one.
        for card in hand:
            if card.colour is None:
                continue
            for owner, index, meld, faces in melds:
                for face in faces:
                    if hits(card, face, meld.kind):
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
                return Discard(card, skip_target(view))
        points = dict(view.rules.penalties)
        # A wild card no meld takes goes last: it may yet hit a meld laid down later.
        return Discard(max(hand, key=lambda c: (not c.is_wild, points[c.penalty_key], c.key)))
