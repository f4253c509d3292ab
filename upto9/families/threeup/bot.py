"""3UP 3DOWN's bots, each deciding from its seat's view alone (``ThreeUpView``, ruling 9).

``ThreeUpBot``, the heuristic: lays its strongest cards face up (clears first, then the highest
numbers), plays the lowest number that fits with all its copies, keeps its clears until nothing
else plays (then the clear that owes the most actions), draws before an extra action while its
hand is short, turns face-down cards over from the left, swaps a low face-up card for a high hand card.

``SamplingBot``, the stronger: the heuristic until the draw pile is empty; then, between plays of
different numbers, it samples the cards it has not seen (``unseen``) consistently with its view,
plays each candidate out in those imagined deals and keeps the one that won most often.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from upto9.families.threeup.cards import ThreeUpCard, threeup_deck
from upto9.families.threeup.round import ChooseUp, Draw, KeepUp, Move, PickUp, Play, PlayBlind, Stage, SwapUp, ThreeUpRound, ThreeUpView, fields_of, legal_moves
from upto9.family import FamilyView

__all__ = ["SamplingBot", "ThreeUpBot", "candidates", "strength", "unseen"]


def strength(card: ThreeUpCard) -> int:
    """How strong a card is to hold: a clear above every number (Clear +2 the strongest)."""
    return 10 + int(card.clear) if card.clear else card.number


def unseen(view: ThreeUpView) -> Counter[ThreeUpCard]:
    """The cards the seat has not seen where they are now: the whole deck less its hand, every
    face-up card it sees, the pile and the cards out of the game (what is left is in the deck,
    the face-down slots and the other hands, which it cannot tell apart)."""
    f = fields_of(view.rules)
    left = Counter(threeup_deck(f.colours, f.clears, f.clears_plus_1, f.clears_plus_2))
    left.subtract(view.hand)
    left.subtract(c for seat in view.up if seat is not None for c in seat if c is not None)
    left.subtract(view.pile)
    left.subtract(view.cleared)
    return +left


class ThreeUpBot:
    """The heuristic player (see the module's docstring)."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: FamilyView) -> Move:
        assert isinstance(view, ThreeUpView), view
        moves = legal_moves(view)
        if not moves:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        if view.stage is Stage.CHOOSE:
            return self.choose(view, [m for m in moves if isinstance(m, ChooseUp)])
        if view.stage is Stage.SWAP:
            return self.swap(moves)
        plays = [m for m in moves if isinstance(m, Play)]
        if Draw() in moves and view.extra and len(view.hand) < view.rules.hand_size:
            return Draw()  # a free card: the hand is drawn back up at the end of the turn anyway
        if plays:
            return self.pick(view, plays)
        if Draw() in moves and not view.extra:
            return Draw()  # no must-play: one card rather than the pile
        blind = [m for m in moves if isinstance(m, PlayBlind)]
        if blind:
            return blind[0]
        return next((m for m in moves if isinstance(m, PickUp)), moves[0])

    def choose(self, view: ThreeUpView, choices: Sequence[ChooseUp]) -> ChooseUp:
        """The strongest cards face up: they are played last, when a good card matters most."""
        return max(choices, key=lambda m: sorted((strength(c) for c in m.cards), reverse=True))

    def pick(self, view: ThreeUpView, plays: Sequence[Play]) -> Play:
        """The lowest number with all its copies; a clear only when no number plays (the one owing the most actions)."""
        numbers = [m for m in plays if not m.cards[0].clear]
        if numbers:
            low = min(m.cards[0].number for m in numbers)
            return max((m for m in numbers if m.cards[0].number == low), key=len_cards)
        return max(plays, key=lambda m: int(m.cards[0].clear))

    def swap(self, moves: Sequence[Move]) -> Move:
        """Swap the highest hand card for the lowest face-up one, if that makes the face-up cards stronger."""
        swaps = [m for m in moves if isinstance(m, SwapUp) and strength(m.hand) > strength(m.up)]
        if not swaps:
            return KeepUp()
        return max(swaps, key=lambda m: (strength(m.hand) - strength(m.up), m.hand.key, -m.up.key))


def candidates(plays: Sequence[Play], chosen: Play) -> list[Play]:
    """The plays worth weighing against each other: per number (and per kind of clear) the play of
    all its copies, in ``plays``' order, and ``chosen`` (the heuristic's move) if it is none of them.
    What ``SamplingBot`` plays out and the coach (``upto9.families.threeup.coach``) weighs.

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> from upto9.families.threeup.round import Source
    >>> plays = [Play(Source.HAND, (card("7r"),)), Play(Source.HAND, (card("7r"), card("7g"))), Play(Source.HAND, (card("C"),))]
    >>> [" ".join(str(c) for c in m.cards) for m in candidates(plays, plays[1])]
    ['7r 7g', 'C']
    """
    widest: dict[tuple[int, int], Play] = {}  # per number (or clear): the play of all its copies
    for move in plays:
        kind = (int(move.cards[0].clear), move.cards[0].number)
        if kind not in widest or len(move.cards) > len(widest[kind].cards):
            widest[kind] = move
    found = list(widest.values())
    if chosen not in found:
        found.append(chosen)
    return found


def len_cards(move: Play) -> tuple[int, int]:
    """A play's size, then its cards' order: the larger play of one number first."""
    return len(move.cards), -sum(c.key for c in move.cards)


class SamplingBot(ThreeUpBot):
    """The stronger player: the heuristic, until the draw pile is empty; from then on, where plays
    of different numbers (or a clear) are open, it imagines the cards it has not seen dealt at
    random where its view does not show them (``ThreeUpRound.sampled``: other hands, face-down
    cards), plays each candidate there and the rest of the game with heuristic players, ``samples``
    times, and keeps the play that won most often (the heuristic's own choice on a tie)."""

    samples = 6
    """Imagined deals per decision: 6 keeps a game under a second and wins about 64 % of
    two-player games against the heuristic (benchmarks/bench_threeup.py)."""

    rollout_turns = 200
    """A played-out imagined game longer than this counts as lost (no rule: a bound on the time)."""

    def pick(self, view: ThreeUpView, plays: Sequence[Play]) -> Play:
        chosen = super().pick(view, plays)
        if view.deck_count:
            return chosen
        weighed = candidates(plays, chosen)
        if len(weighed) < 2:
            return chosen
        rng = random.Random(f"{self.seed}:{view.player}:{len(view.cleared)}:{len(view.pile)}:{[str(c) for c in view.hand]}")
        hidden = list(unseen(view).elements())
        wins = dict.fromkeys(weighed, 0)
        for _ in range(self.samples):
            rng.shuffle(hidden)
            imagined = ThreeUpRound.sampled(view, hidden)
            for move in weighed:
                rnd = imagined.copy()
                rnd.play(move)
                wins[move] += self._plays_out(rnd, view.player)
        best = max(wins.values())
        return chosen if wins[chosen] == best else next(m for m in weighed if wins[m] == best)

    def _plays_out(self, rnd: ThreeUpRound, seat: int) -> int:
        """1 if ``seat`` goes out first when heuristic players play the imagined round to its end."""
        while not rnd.over and rnd.turns < self.rollout_turns:
            rnd.play(_HEURISTIC.act(rnd.view(rnd.turn)))
        return int(rnd.places[:1] == [seat])


_HEURISTIC: Final = ThreeUpBot(0)
"""The players of the imagined rounds (the heuristic has no state: one serves every seat)."""
