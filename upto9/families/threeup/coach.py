"""3UP 3DOWN's coach (``upto9.family.CoachedFamily``): advice for the seat to move, from its view
alone (``ThreeUpView``: it never sees a face-down card, another hand or the draw pile).

The cards the seat has not seen (``bot.unseen``: the draw pile, the other hands, every face-down
card, its own too) may lie anywhere its view does not show, each order as likely as another (the
view keeps no history, so a pile another seat picked up is not remembered: those cards are unseen
like the rest). For each play worth weighing (``bot.candidates``: per number, all its copies; each
kind of clear) the coach works out:

* **the next player**: the chance that the next seat can play on the pile the move leaves, rather
  than pick it up: exact (a hypergeometric count over the unseen cards) when the move ends the turn;
  sampled with the rest otherwise;
* **your options**: the chance that the seat can play at its next turn;
* **winning**: how often the seat goes out first when the move is played and the game is played to
  its end by the heuristic (``ThreeUpBot``) in every seat;

the last two over ``FEWEST`` to ``SAMPLES`` deals of the unseen cards (``ThreeUpRound.sampled``; as
many as about ``MOVES`` played-out moves allow), the same deals for every move, each share with its
95 % Wilson interval (``upto9.stats.wilson``); when the unseen cards have no more than ``SAMPLES``
distinct orders, every order is counted and the figures are exact. Once the draw pile is empty it suggests the move that won most often (the heuristic's own on
a tie); while the draw pile lasts, the heuristic's move (as ``SamplingBot`` does: a few deals of a
long game say too little to overrule it), with the figures beside it. For the set-up it
ranks the choices as the heuristic does (the strongest cards face up), with the exact share of
the unseen cards each choice goes on; a blind card's chance to fit is exact.

How the coach bot (``CoachBot``, ``bots()["coach"]``) differs from ``SamplingBot``: both play out
sampled deals with heuristic players; ``SamplingBot`` does so only once the draw pile is empty,
6 deals a decision, and plays the heuristic before; the coach decides the same way, with 4 to 16
deals, and shows its figures at every choice between plays, with why.

>>> from upto9.families.threeup.cards import parse_threeup_card as card
>>> from upto9.families.threeup.round import arranged
>>> from upto9.rules import builtin_rules
>>> from upto9.messages import render
>>> rules = builtin_rules("threeup")
>>> rnd = arranged(rules, [card("3r"), card("8g"), card("8b")], pile=[card("2b")], opponent=[card("5r"), card("9k")])
>>> rnd.cleared = out_of_game(rnd)  # the rest of the deck: two cards unseen, two orders, counted exactly
>>> advice = coach(rnd.view(0))
>>> advice.move in rnd.legal_moves(), render(advice.reason)
(True, 'Play red 3: after it you win most often when the cards you have not seen are dealt at random: 100% (exact).')
>>> render(advice.options[1][1], "nb")
'Spill grønn 8 og blå 8: du vinner 0 % (eksakt); neste spiller kan spille på bunken etterpå 100 % (eksakt); neste tur kan du spille 0 % (eksakt).'
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb, factorial
from typing import Final

from upto9.families.threeup.bot import _HEURISTIC, SamplingBot, ThreeUpBot, candidates, strength, unseen
from upto9.families.threeup.cards import ThreeUpCard
from upto9.families.threeup.round import (
    ChooseUp,
    Draw,
    Move,
    PickUp,
    Play,
    PlayBlind,
    Source,
    Stage,
    SwapUp,
    ThreeUpRound,
    ThreeUpView,
    legal_moves,
)
from upto9.family import Coaching, FamilyView, card_words, game_family
from upto9.messages import Items, Message
from upto9.stats import wilson

__all__ = ["FEWEST", "MOVES", "SAMPLES", "Chance", "CoachBot", "coach", "fit_chance", "move_words", "next_can_play", "out_of_game"]

SAMPLES: Final = 16
"""The most deals of the unseen cards per decision, the same for every move weighed."""

FEWEST: Final = 4
"""The fewest deals per decision, however long the games to play out."""

MOVES: Final = 1500
"""The moves played out per decision, about: no further deal once the next would pass it (a game
early on lasts a hundred moves, so 6 moves to weigh get 4 deals, 2 moves late in a game up to 16). It keeps
the busiest turn within 300 ms (``benchmarks/bench_threeup.py``); a count, not a clock, so the same
view and seed give the same answer on any machine."""

SHOWN_CHOICES: Final = 6
"""The set-up choices listed (best first, of up to 20): enough to compare, short on a phone."""


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance the coach states: ``value`` with its 95 % interval ``low``-``high`` from ``n`` sampled
    deals, or exact (``n == 0``, ``low == value == high``).

    >>> from upto9.messages import render
    >>> render(Chance.exact(0.25).message(), "nb"), render(Chance.sampled(3, 12).message())
    ('25 % (eksakt)', '25% (95% interval 9–53%, 12 imagined deals)')
    """

    value: float
    low: float
    high: float
    n: int

    @classmethod
    def exact(cls, value: float) -> Chance:
        return cls(value, value, value, 0)

    @classmethod
    def sampled(cls, successes: int, n: int) -> Chance:
        """``successes`` of ``n`` sampled deals, with the Wilson interval (``n == 0``: unknown, 0 to 1)."""
        e = wilson(successes, n)
        return cls(0.0 if n == 0 else e.value, e.low, e.high, n)

    def message(self) -> Message:
        """The chance in words: a whole percent, its interval and samples, or that it is exact."""
        if self.n == 0:
            return Message("threeup.coach.chance.exact", p=_percent(self.value))
        return Message("threeup.coach.chance.sampled", p=_percent(self.value), low=_percent(self.low), high=_percent(self.high), n=self.n)


def out_of_game(rnd: ThreeUpRound) -> list[ThreeUpCard]:
    """The cards of one deck that are nowhere in ``rnd``: for a position built by ``round.arranged``
    (which places only the cards a rule needs), the cards to put out of the game so that what a
    seat has not seen is exactly the cards hidden in the round.

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> from upto9.families.threeup.round import arranged
    >>> from upto9.rules import builtin_rules
    >>> len(out_of_game(arranged(builtin_rules("threeup"), [card("5r")], opponent=[card("2r")])))
    82
    """
    placed = Counter(c for cards in rnd.zones().values() for c in cards if isinstance(c, ThreeUpCard))
    deck = Counter(c for c in game_family(rnd.rules).one_deck(rnd.rules) if isinstance(c, ThreeUpCard))
    return sorted((deck - placed).elements(), key=lambda c: c.key)


def _percent(x: float) -> int:
    return round(100 * x)


def _card(card: ThreeUpCard) -> Message:
    return card_words(card)


def _cards(cards: Sequence[ThreeUpCard]) -> Items:
    return Items(tuple(_card(c) for c in cards), "and")


def move_words(move: Move) -> Message:
    """A move in the game's words, for the coach's lines.

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> from upto9.messages import render
    >>> render(move_words(Play(Source.UP, (card("7r"), card("7g")))), "nb")
    'spill rød 7 og grønn 7 fra 3UP-kortene'
    """
    if isinstance(move, Play):
        return Message("threeup.coach.move.play_up" if move.source is Source.UP else "threeup.coach.move.play", cards=_cards(move.cards))
    if isinstance(move, PlayBlind):
        return Message("threeup.coach.move.blind", slot=move.slot + 1)
    if isinstance(move, PickUp):
        return Message("threeup.coach.move.pick_up")
    if isinstance(move, Draw):
        return Message("threeup.coach.move.draw")
    if isinstance(move, ChooseUp):
        return Message("threeup.coach.move.choose", cards=_cards(move.cards))
    if isinstance(move, SwapUp):
        return Message("threeup.coach.move.swap", hand=_card(move.hand), up=_card(move.up))
    return Message("threeup.coach.move.keep")


# --- exact chances from the unseen cards -------------------------------------------------------------


def _goes_on(card: ThreeUpCard, top: ThreeUpCard | None) -> bool:
    return bool(card.clear) or top is None or card.number >= top.number


def fit_chance(card_count: Counter[ThreeUpCard], top: ThreeUpCard | None) -> float:
    """The exact chance that one card drawn at random from ``card_count`` goes on ``top`` (``None``:
    an empty pile): what a blind card does, as its owner may know it.

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> fit_chance(Counter([card("3r"), card("8g"), card("C")]), card("5b"))
    0.6666666666666666
    """
    total = sum(card_count.values())
    if total == 0:
        return 0.0
    return sum(n for c, n in card_count.items() if _goes_on(c, top)) / total


def next_can_play(view: ThreeUpView, pile: Sequence[ThreeUpCard], seat: int) -> float:
    """The exact chance that ``seat``, to move next on ``pile`` (bottom first), can play on it, as
    ``view``'s seat may know it: a hand is as likely to be any of the unseen cards as any other (a
    hypergeometric count of the hands with no card that goes); with the hand and draw pile empty, its
    face-up cards, which the view shows; after them, a blind card.

    >>> from upto9.families.threeup.cards import parse_threeup_card as card
    >>> from upto9.families.threeup.round import arranged
    >>> from upto9.rules import builtin_rules
    >>> rnd = arranged(builtin_rules("threeup"), [card("5r")], pile=[card("4b")], opponent=[card("2r"), card("9g")], deck=[card("3y"), card("1g")])
    >>> rnd.cleared = out_of_game(rnd)
    >>> next_can_play(rnd.view(0), [card("4b"), card("5r")], 1)  # of 4 unseen cards only 9g goes: 1 - C(3, 2) / C(4, 2)
    0.5
    """
    top = pile[-1] if pile else None
    hidden = unseen(view)
    held = view.hand_counts[seat]
    if held:
        total = sum(hidden.values())
        blocked = sum(n for c, n in hidden.items() if not _goes_on(c, top))
        if held > total:
            return 0.0
        return 1 - comb(blocked, held) / comb(total, held)
    up = [c for c in view.up[seat] or () if c is not None]
    if up:
        return float(any(_goes_on(c, top) for c in up))
    return fit_chance(hidden, top)


# --- the sampled deals ---------------------------------------------------------------------------------


def _orders(hidden: list[ThreeUpCard], rng: random.Random) -> tuple[list[list[ThreeUpCard]], bool]:
    """The orders of the unseen cards to deal: every distinct one when they are no more than
    ``SAMPLES`` (each as likely as another: the figures are exact), else up to ``SAMPLES`` shuffles."""
    counts = Counter(hidden)
    distinct = factorial(len(hidden))
    for n in counts.values():
        distinct //= factorial(n)
    if distinct <= SAMPLES:
        return list(_permutations(counts, len(hidden))), True
    return [_shuffled(hidden, rng) for _ in range(SAMPLES)], False


def _shuffled(cards: list[ThreeUpCard], rng: random.Random) -> list[ThreeUpCard]:
    rng.shuffle(cards)
    return list(cards)


def _permutations(counts: Counter[ThreeUpCard], size: int) -> Iterator[list[ThreeUpCard]]:
    if size == 0:
        yield []
        return
    for card in sorted(counts, key=lambda c: c.key):
        if counts[card]:
            counts[card] -= 1
            for rest in _permutations(counts, size - 1):
                yield [card, *rest]
            counts[card] += 1


def _can_play(rnd: ThreeUpRound, seat: int) -> bool:
    """Can ``seat``, to move in ``rnd``, play (a blind card: the one the heuristic turns over fits)?"""
    moves = rnd.legal_moves()
    if any(isinstance(m, Play) for m in moves):
        return True
    blind = [m for m in moves if isinstance(m, PlayBlind)]
    if blind:
        card = rnd.down[seat][blind[0].slot]
        return card is not None and _goes_on(card, rnd.pile[-1] if rnd.pile else None)
    return False


@dataclass(frozen=True, slots=True)
class _Outcome:
    won: bool
    next_can: bool | None  # the next seat could play at the start of its turn (None: no next turn)
    own_can: bool | None  # the seat could play at the start of its next turn (None: no next turn)
    moves: int  # the moves played out


def _play_out(rnd: ThreeUpRound, seat: int, move: Move) -> _Outcome:
    """Play ``move`` in the imagined round, then the heuristic in every seat (the rest of this turn
    too) to the end, noting the next seat's turn and the seat's own next turn."""
    rnd.play(move)
    played = 1
    next_can: bool | None = None
    own_can: bool | None = None
    mover = seat
    while not rnd.over and rnd.turns < SamplingBot.rollout_turns:
        turn = rnd.turn
        if turn != mover:  # a turn begins
            if next_can is None:
                next_can = _can_play(rnd, turn)
            elif turn == seat and own_can is None:
                own_can = _can_play(rnd, turn)
            mover = turn
        rnd.play(_HEURISTIC.act(rnd.view(turn)))
        played += 1
    return _Outcome(rnd.places[:1] == [seat], next_can, own_can, played)


@dataclass(frozen=True, slots=True)
class _Weighed:
    move: Play
    win: Chance
    next_can: Chance
    own_can: Chance | None


def _share(values: Sequence[bool | None], exact: bool) -> Chance | None:
    known = [v for v in values if v is not None]
    if not known:
        return None
    if exact:
        return Chance.exact(sum(known) / len(known))
    return Chance.sampled(sum(known), len(known))


def _weigh(view: ThreeUpView, moves: Sequence[Play], seed: int) -> list[_Weighed]:
    """Each move played out on the same deals of the unseen cards (see the module's docstring)."""
    hidden = sorted(unseen(view).elements(), key=lambda c: c.key)
    # Seeded from the seed and the view alone: the same view and seed, the same deals.
    rng = random.Random(f"threeup-coach:{seed}:{view.player}:{len(view.cleared)}:{[str(c) for c in view.pile]}:{[str(c) for c in view.hand]}")
    orders, exact = _orders(hidden, rng)
    outcomes: dict[Play, list[_Outcome]] = {m: [] for m in moves}
    spent = last = 0
    for dealt, order in enumerate(orders):
        if not exact and dealt >= FEWEST and spent + last > MOVES:
            break  # the next deal would cost about what the last did
        imagined = ThreeUpRound.sampled(view, order)
        last = 0
        for move in moves:
            outcome = _play_out(imagined.copy(), view.player, move)
            outcomes[move].append(outcome)
            last += outcome.moves
        spent += last
    found = []
    for move in moves:
        done = outcomes[move]
        win = _share([o.won for o in done], exact)
        assert win is not None
        nxt: Chance | None
        nxt = _next_exact(view, move)
        if nxt is None:
            nxt = _share([o.next_can for o in done], exact)
        found.append(_Weighed(move, win, nxt or Chance.exact(0.0), _share([o.own_can for o in done], exact)))
    return found


# --- the coach -----------------------------------------------------------------------------------------


def coach(view: FamilyView, seed: int = 0) -> Coaching:
    """The coach's answer for the seat to move, from its ``view`` alone (the module's docstring):
    the move it suggests (one of ``legal_moves(view)``), why, the moves it weighed with their
    figures, and what the view shows that matters now. The same view and seed, the same answer.
    Raises ``ValueError`` for a view that is no 3UP 3DOWN view or whose seat is not to move.

    >>> from upto9.families.threeup.family import FAMILY
    >>> from upto9.messages import render
    >>> game = FAMILY.new_game(FAMILY.rules, 2, 3, None)
    >>> advice = coach(game.view(game.round.turn))
    >>> render(advice.reason)
    'Lay your strongest cards face up: they are played last, when no draw pile helps you; the low cards in your hand go early.'
    """
    if not isinstance(view, ThreeUpView):
        raise ValueError(f"the 3UP 3DOWN coach reads a 3UP 3DOWN view, not {type(view).__name__}")
    moves = legal_moves(view)
    if not moves:
        raise ValueError(f"player {view.player + 1} has no move now: it is not their turn")
    facts = _facts(view)
    if view.stage is Stage.CHOOSE:
        return _choose(view, [m for m in moves if isinstance(m, ChooseUp)], facts)
    if view.stage is Stage.SWAP:
        move = _HEURISTIC.swap(moves)
        key = "threeup.coach.reason.swap" if isinstance(move, SwapUp) else "threeup.coach.reason.keep"
        return Coaching(move, Message(key, move=move_words(move)), ((move, Message("threeup.coach.option.plain", move=move_words(move))),), facts)
    plays = [m for m in moves if isinstance(m, Play)]
    top = view.pile[-1] if view.pile else None
    if Draw() in moves and view.extra and len(view.hand) < view.rules.hand_size:
        draw = Draw()
        return Coaching(draw, Message("threeup.coach.reason.draw"), ((draw, Message("threeup.coach.option.draw", move=move_words(draw))),), facts)
    if not plays:
        move = _HEURISTIC.act(view)
        if isinstance(move, PlayBlind):
            fits = Chance.exact(fit_chance(unseen(view), top))
            line = Message("threeup.coach.option.blind", move=move_words(move), fit=fits.message())
            return Coaching(move, Message("threeup.coach.reason.blind", fit=fits.message()), ((move, line),), facts)
        if isinstance(move, PickUp) and len(moves) == 1:
            assert top is not None
            reason = Message("threeup.coach.reason.pick_up", top=_card(top), n=len(view.pile))
        else:
            reason = Message("threeup.coach.reason.only" if len(moves) == 1 else "threeup.coach.reason.thumb", move=move_words(move))
        return Coaching(move, reason, ((move, _alone(view, move)),), facts)
    chosen = _HEURISTIC.pick(view, plays)
    weighed_moves = candidates(plays, chosen)
    if len(weighed_moves) == 1 or _last_cards(view, chosen):
        move = chosen
        won = _last_cards(view, chosen)
        key = "threeup.coach.reason.out" if won else "threeup.coach.reason.only" if len(moves) == 1 else "threeup.coach.reason.single"
        reason = Message(key, move=move_words(move))
        return Coaching(move, reason, ((move, _alone(view, move)),), facts)
    weighed = _weigh(view, weighed_moves, seed)
    best = max(w.win.value for w in weighed)
    mine = next(w for w in weighed if w.move == chosen)
    pick = mine if mine.win.value == best else next(w for w in weighed if w.win.value == best)
    key = "threeup.coach.reason.tie" if sum(1 for w in weighed if w.win.value == best) > 1 else "threeup.coach.reason.wins"
    if view.deck_count:  # SamplingBot's rule: while the draw pile lasts a few imagined deals say too little to overrule the heuristic
        pick, key = mine, "threeup.coach.reason.early"
    reason = Message(key, move=move_words(pick.move), win=pick.win.message())
    options = tuple((w.move, _line(w)) for w in sorted(weighed, key=lambda w: -w.win.value))
    return Coaching(pick.move, reason, options, facts)


def _next_exact(view: ThreeUpView, move: Move) -> Chance | None:
    """The exact chance that the next seat can play after ``move``, when the move ends the turn and
    the game goes on (``None`` otherwise): the pile and the next seat after a play or a pick-up do
    not depend on where the unseen cards are, so one imagined deal shows them."""
    if not isinstance(move, Play | PickUp):
        return None
    after = ThreeUpRound.sampled(view, sorted(unseen(view).elements(), key=lambda c: c.key))
    after.play(move)
    if after.over or after.turn == view.player:
        return None
    return Chance.exact(next_can_play(view, after.pile, after.turn))


def _alone(view: ThreeUpView, move: Move) -> Message:
    """The line of a move weighed against no other: the exact chance of the next seat, when known."""
    nxt = _next_exact(view, move)
    if nxt is None:
        return Message("threeup.coach.option.plain", move=move_words(move))
    return Message("threeup.coach.option.only", move=move_words(move), next=nxt.message())


def _line(w: _Weighed) -> Message:
    own = w.own_can.message() if w.own_can is not None else Message("threeup.coach.chance.none")
    return Message("threeup.coach.option.play", move=move_words(w.move), win=w.win.message(), next=w.next_can.message(), own=own)


def _last_cards(view: ThreeUpView, move: Play) -> bool:
    """Does ``move`` play the seat's last cards (nothing in the hand, face up or face down after it)?"""
    held = len(view.hand) + sum(1 for c in view.up[view.player] or () if c is not None) + sum(view.down[view.player])
    return held == len(move.cards)


def _choose(view: ThreeUpView, choices: list[ChooseUp], facts: tuple[Message, ...]) -> Coaching:
    """T1: the choices ranked as the heuristic ranks them (strongest first), each with the exact
    share of the unseen cards its face-up cards go on, on average."""
    hidden = unseen(view)
    ranked = sorted(choices, key=lambda m: sorted((strength(c) for c in m.cards), reverse=True), reverse=True)
    options = []
    for move in ranked[:SHOWN_CHOICES]:
        kept = list((Counter(view.hand) - Counter(move.cards)).elements())
        kept.sort(key=lambda c: c.key)
        goes = sum(_beats(c, hidden) for c in move.cards) / len(move.cards)
        line = Message("threeup.coach.option.choose", move=move_words(move), kept=_cards(kept), fit=Chance.exact(goes).message())
        options.append((move, line))
    return Coaching(ranked[0], Message("threeup.coach.reason.choose"), tuple(options), facts)


def _beats(card: ThreeUpCard, hidden: Counter[ThreeUpCard]) -> float:
    """The share of the unseen cards that ``card`` goes on (a clear on top has left an empty pile)."""
    total = sum(hidden.values())
    if not total:
        return 1.0
    return sum(n for c, n in hidden.items() if c.clear or _goes_on(card, c)) / total


def _facts(view: ThreeUpView) -> tuple[Message, ...]:
    """What the view shows that matters now: where the unseen cards are, how many go on the pile."""
    hidden = unseen(view)
    total = sum(hidden.values())
    down = sum(sum(slots) for slots in view.down)
    others = total - view.deck_count - down  # the other hands; in the set-up, 3UP choices not yet shown too
    facts = [Message("threeup.coach.fact.unseen", n=total, deck=view.deck_count, hands=others, down=down)]
    if view.pile and view.stage is Stage.PLAY:
        top = view.pile[-1]
        goes = sum(n for c, n in hidden.items() if _goes_on(c, top))
        facts.append(Message("threeup.coach.fact.goes", k=goes, top=_card(top)))
    facts.append(Message("threeup.coach.fact.view_only"))
    return tuple(facts)


class CoachBot(ThreeUpBot):
    """The coach's bot: plays ``coach(view).move`` at every turn (``bots()["coach"]``)."""

    def __init__(self, seed: int | str | None = 0) -> None:
        super().__init__(seed)
        self.coach_seed = seed if isinstance(seed, int) else zlib.crc32(str(seed).encode())

    def act(self, view: FamilyView) -> Move:
        move = coach(view, self.coach_seed).move
        assert isinstance(move, Move), move
        return move
