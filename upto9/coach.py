"""The rummies' coach (Up to 9 and Phase 10, written once against ``upto9.game``): advice for the
seat to move, worked out from its ``View`` alone (``upto9.family.Coaching``).

* **Outs**: the cards that would complete each level the player may lay down, with how many of each
  are still unseen (exact counts: the game's decks less every card the view shows).
* **Chances**: for each draw and each discard, the chance of laying the level down within the next
  ``K_DRAWS`` draws, sampled over the unseen cards (``SAMPLES`` samples, the same samples for every
  option, so that options differ only where they truly differ), with its 95 % Wilson interval from
  ``upto9.stats``. Every card drawn counts as kept: the chance of the hand and the next draws
  together holding the level, an upper bound on what play can reach.
* **The move**: lay down when the player may (the level hardest to make later, under free order);
  take the discard pile's top card when it completes the level; otherwise draw and discard as the
  heuristic bot would, unless another option's chance is clearly higher (``clearly_better``: a
  95 % test, so that a lucky sample does not overrule a sound move), and never hand the next
  player, when they are down, a card they would take to donate (hit) when a spare card that fits
  nothing keeps as good a chance; once down, donate (Phase 10: hit) what fits, then shed the card
  furthest from fitting a meld on the table (``reach``: how many more cards must go on a meld
  before it takes this one), the most costly among equals. The player who goes out first ends
  the round before the others lay down and scores nothing, so a card that may soon fit is worth
  more than its penalty points.

The same view and seed give the same answer (a seeded ``random.Random``); the checker's answers
are kept within one call. ``CoachBot`` plays the coach's moves.

>>> from upto9.game import Game
>>> game = Game(players=2, seed=1)
>>> answer = coach(game.view(game.round.turn))
>>> answer.move in game.legal_moves(), str(answer.reason).startswith(("Draw", "Take"))
(True, True)
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from upto9.bots import HeuristicBot, make_chances, mind_of, skip_target
from upto9.cards import PlayingCard
from upto9.family import Coaching, FamilyView, TableMeld, Verdict, check, family_of, holds, outs
from upto9.game import ChoiceView, Discard, Donate, Draw, LayDown, Move, Phase, Source, View, legal_moves
from upto9.messages import Items, Message, Param, card_param
from upto9.rules import Rules
from upto9.stats import wilson

__all__ = ["K_DRAWS", "REACH", "SAMPLES", "Chance", "CoachBot", "clearly_better", "coach", "lay_down_chances", "player_words", "reach", "unseen"]

K_DRAWS: Final = 3
"""The draws ahead the chances look at: a rule of thumb (about a lap of the table in a 4-player
game is one draw; three draws is as far as a plan usually reaches before the table changes)."""

SAMPLES: Final = 200
"""Samples of the unseen cards behind each answer's chances: sized for 300 ms on the project's
2-core machine at the busiest position (benchmarks/bench_coach.py), each interval then about
± 7 percentage points wide at most."""


REACH: Final = 2
"""How many cards ahead ``reach`` looks for a way onto a meld: a card three or more cards from any
meld's end is as good as stuck this round (the coach bot, which sheds this way, wins more often than
the heuristic bot, which sheds by penalty points alone: README, *The coach*)."""


@dataclass(frozen=True, slots=True)
class Chance:
    """A sampled chance: ``hits`` of ``n`` samples laid the level down; ``message`` words it with
    its 95 % interval and the number of samples."""

    hits: int
    n: int
    won: int = field(default=0, compare=False)
    """The samples that laid down, one bit each (to compare two options on the same samples)."""

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else 0.0

    @property
    def message(self) -> Message:
        """The chance with its 95 % interval and the number of samples, from ``upto9.stats.wilson``.

        >>> str(Chance(126, 300).message)
        '42% (95% interval 36.6–47.7%, 300 samples)'
        """
        estimate = wilson(self.hits, self.n)
        return Message("coach.chance", value=_pct(estimate.value if self.n else 0.0), low=_pct(estimate.low), high=_pct(estimate.high), n=self.n)


def _pct(share: float) -> float | int:
    value = round(share * 100, 1)
    return int(value) if value == int(value) else value


def unseen(view: View) -> Counter[PlayingCard]:
    """The cards ``view``'s seat has not seen: every card of the game's decks less its own hand, the
    discard pile and the melds on the table (the deck and the other hands, as one pool).

    >>> from upto9.game import Game
    >>> view = Game(players=2, seed=1).view(0)
    >>> sum(unseen(view).values()) == 104 - len(view.hand) - len(view.discard)
    True
    """
    players = len(view.levels)
    pool: Counter[PlayingCard] = Counter(view.rules.one_deck() * view.rules.decks_for(players))
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    for row in view.table:
        for meld in row:
            pool.subtract(placed.card for placed in meld.cards)
    return +pool  # (a view never shows more copies than the decks hold; + drops the zeros)


class _Checker:
    """The checker's answers within one call, by hand (sorted card keys) and level."""

    def __init__(self, rules: Rules, levels: Sequence[int]) -> None:
        self.rules = rules
        self.levels = tuple(levels)
        self._seen: dict[tuple[int, ...], Verdict | None] = {}

    def lays(self, hand: Sequence[PlayingCard]) -> Verdict | None:
        """The first of the levels the hand holds, as the checker's verdict (``None``: none)."""
        key = tuple(sorted(c.key for c in hand))
        if key in self._seen:
            return self._seen[key]
        found = None
        for level in self.levels:
            # holds() first: most hands asked about hold nothing, and their verdict's closest
            # arrangement is the costly part of check().
            if holds(hand, level, self.rules):
                found = check(hand, level, self.rules)
                break
        self._seen[key] = found
        return found


def reach(
    cards: Iterable[PlayingCard], melds: Sequence[TableMeld], rules: Rules, available: Iterable[PlayingCard], depth: int = REACH
) -> dict[PlayingCard, int]:
    """For each of ``cards`` that can reach a meld of ``melds``: the fewest cards that must go on
    that meld first (0: it fits now), each one of ``available`` placed as itself (not as a joker or
    wild card: those fit anywhere and would make every card near), looking ``depth`` cards ahead.
    A card missing from the answer fits no meld within ``depth`` cards. Written against the family
    protocol (``fits``, ``open_cards``, ``extend``): the same for every rummy.

    >>> from upto9 import UPTO9, parse_hand
    >>> from upto9.families.upto9.melds import Meld
    >>> run = Meld.from_text("run", "5h 6h 7h 8h")
    >>> found = reach(parse_hand("9h Jh Qh Kc"), [run], UPTO9, parse_hand("9h 10h Jh"))
    >>> {str(card): n for card, n in found.items()}  # (Qh is three cards away; no meld takes clubs)
    {'9h': 0, 'Jh': 2}
    """
    family = family_of(rules)
    wanted = list(dict.fromkeys(cards))
    extenders = list(dict.fromkeys(available))
    found: dict[PlayingCard, int] = {}
    frontier = list(melds)
    for step in range(depth + 1):
        grown: dict[tuple[int, str], TableMeld] = {}
        for meld in frontier:
            faces = meld.open_cards()
            for card in wanted:
                if card not in found and any(family.fits(card, face, meld.kind, rules) for face in faces):
                    found[card] = step
            if step == depth:
                continue
            wild = sum(placed.wild for placed in meld.cards)
            for face in faces:
                for card in extenders:
                    if not family.fits(card, face, meld.kind, rules):
                        continue
                    longer = meld.extend(card, face, rules)
                    faces_after = tuple(longer.open_cards())
                    # A set or colour group takes the same after a card as before: only a new end
                    # brings a card nearer; and a card that went in as a joker proves nothing.
                    if faces_after != tuple(faces) and sum(placed.wild for placed in longer.cards) == wild:
                        grown.setdefault((id(meld), repr(faces_after)), longer)
        frontier = list(grown.values())
        if not frontier or len(found) == len(wanted):
            break
    return found


def _used(verdict: Verdict) -> Counter[int]:
    return Counter(placed.card.key for meld in verdict.melds for placed in meld.cards)


def lay_down_chances(
    hand: Sequence[PlayingCard],
    levels: Sequence[int],
    rules: Rules,
    pool: Iterable[PlayingCard],
    draws: int = K_DRAWS,
    samples: int = SAMPLES,
    seed: int = 0,
    discards: Sequence[PlayingCard] = (),
) -> dict[PlayingCard | None, Chance]:
    """For each card of ``discards`` (and ``None``: discarding nothing), the chance that the hand
    less that card, with ``draws`` cards drawn from ``pool`` (the unseen cards), holds one of
    ``levels``: sampled, the same ``samples`` draws for every option. A hand with the drawn cards
    that holds no level holds none less a card either, and a card its lay-down does not use is
    no loss: most options are settled without asking the checker again.

    >>> from upto9 import UPTO9, parse_hand
    >>> found = lay_down_chances(parse_hand("5h 6h 7h Kc"), [1], UPTO9, parse_hand("8h 9c 4h Qd"), draws=1, samples=400, discards=parse_hand("5h Kc"))
    >>> [(str(card), round(chance.value, 1)) for card, chance in found.items()]
    [('None', 0.5), ('5h', 0.0), ('Kc', 0.5)]
    """
    checker = _Checker(rules, levels)
    cards = sorted(pool, key=lambda c: c.key)
    take = min(draws, len(cards))
    rng = random.Random(seed)
    options: list[PlayingCard | None] = [None, *dict.fromkeys(discards)]
    hits: dict[PlayingCard | None, int] = dict.fromkeys(options, 0)
    won: dict[PlayingCard | None, int] = dict.fromkeys(options, 0)
    for sample in range(samples):
        drawn = rng.sample(cards, take)
        full = [*hand, *drawn]
        verdict = checker.lays(full)
        if verdict is None:
            continue  # less a card, it holds no level either
        # Every lay-down found in this sample serves each option whose card it leaves spare.
        found = [_used(verdict)]
        spare = Counter(c.key for c in full)
        for option in options:
            if option is None or any(used[option.key] < spare[option.key] for used in found):
                hits[option] += 1
                won[option] |= 1 << sample
                continue
            rest = list(full)
            rest.remove(option)
            other = checker.lays(rest)
            if other is not None:
                hits[option] += 1
                won[option] |= 1 << sample
                found.append(_used(other))
    return {option: Chance(hits[option], samples, won[option]) for option in options}


def clearly_better(first: Chance, second: Chance, paired: bool = True) -> bool:
    """Is ``first`` clearly higher than ``second`` (at 95 %), not a lucky sample? Two options
    weighed on the same samples (``paired``): McNemar's test on the samples where only one laid
    down; otherwise the two shares' difference against its standard error. The coach leaves the
    heuristic bot's sound move only for a clearly better one.

    >>> clearly_better(Chance(60, 200, 0), Chance(40, 200, 0), paired=False), clearly_better(Chance(3, 200, 0b111), Chance(1, 200, 0b1))
    (True, False)
    """
    if paired:
        ahead, behind = (first.won & ~second.won).bit_count(), (second.won & ~first.won).bit_count()
        return ahead - behind > 1.96 * math.sqrt(ahead + behind)
    p, q = first.value, second.value
    spread = math.sqrt(p * (1 - p) / max(first.n, 1) + q * (1 - q) / max(second.n, 1))
    return p - q > 1.96 * spread and first.hits > second.hits


# --- the words -----------------------------------------------------------------------------------


def _card(card: PlayingCard) -> Param:
    return card_param(card, glyphs=True)


def player_words(seat: int) -> Message:
    """A player named in the coach's words: ``coach.player`` ("player 2" for seat 1). A page that
    names its seats its own way replaces these (``Message.replaced``): the seat at the table says
    "Bot 1", and "yours" for the learner's own melds.

    >>> str(player_words(1)), str(Message("coach.option.donate.donate", card="5♥", owner=player_words(0)))
    ('player 2', 'Donate 5♥ to a meld of player 1.')
    """
    return Message("coach.player", n=seat + 1)


def _level(rules: Rules, number: int) -> Message:
    return Message(f"coach.level.{rules.level_word}", number=number)


def _levels(rules: Rules, numbers: Sequence[int]) -> Items:
    return Items(tuple(_level(rules, n) for n in numbers), "or")


def _outs_fact(view: View, hand: Sequence[PlayingCard], pool: Counter[PlayingCard], after: PlayingCard | None) -> list[Message]:
    facts = []
    for level in view.choices:
        found = outs(hand, level, view.rules)
        if found:
            cards = tuple(Message("coach.out", card=_card(c), n=pool.get(c, 0)) for c in found)
            if after is None:
                facts.append(Message("coach.outs", level=_level(view.rules, level), cards=Items(cards, "comma")))
            else:
                facts.append(Message("coach.outs.after", card=_card(after), level=_level(view.rules, level), cards=Items(cards, "comma")))
        else:
            short = check(hand, level, view.rules).cards_short
            if short:
                facts.append(Message("coach.short", level=_level(view.rules, level), n=short))
    return facts


def _on_table(view: View) -> list[TableMeld]:
    """Every meld on the table, player by player."""
    return [meld for row in view.table for meld in row]


def _donations(view: View, melds: Sequence[TableMeld], rest: Sequence[PlayingCard]) -> Message:
    """What the rest of the hand could donate (hit) once ``melds`` are down, beside the table's."""
    family = family_of(view.rules)
    fits = reach(rest, [*_on_table(view), *(m.on_table() for m in melds)], view.rules, (), depth=0)
    fitting = [_card(card) for card in dict.fromkeys(sorted(rest, key=lambda c: c.key)) if card in fits]
    if not fitting:
        return Message(f"coach.donations.none.{family.donating}")
    return Message(f"coach.donations.{family.donating}", cards=Items(tuple(fitting), "comma"))


# --- the coach -------------------------------------------------------------------------------------


def coach(view: FamilyView, seed: int = 0) -> Coaching:
    """The coach's answer for ``view``, the seat to move's own view of an Up to 9 or Phase 10 round
    (or, under free order chosen before the deal, its ``ChoiceView``: the level to announce).
    Raises ``ValueError`` with one plain line for a view that has no move.

    >>> from upto9.game import Game
    >>> from upto9.rules import PHASE10
    >>> game = Game(players=3, rules=PHASE10, seed=4)
    >>> view = game.view(game.round.turn)
    >>> coach(view, seed=1) == coach(view, seed=1), coach(view).move in game.legal_moves()
    (True, True)
    """
    if isinstance(view, ChoiceView):
        return _choose(view)
    if not isinstance(view, View):
        raise ValueError(f"the rummies' coach reads an Up to 9 or Phase 10 view, not {type(view).__name__}")
    moves = legal_moves(view)
    if not moves:
        raise ValueError(f"player {view.player} has no move: it is not their turn")
    if len(moves) == 1 and view.phase is not Phase.DRAW:  # (a draw still tells the outs)
        return Coaching(moves[0], Message("coach.reason.only"))
    pool = unseen(view)
    seed = _seed(seed, view)
    if view.phase is Phase.DRAW:
        if view.laid_down[view.player]:
            return _draw_down(view, moves)
        return _draw(view, moves, pool, seed)
    laying = [m for m in moves if isinstance(m, LayDown)]
    if laying:
        return _lay_down(view, laying)
    if view.laid_down[view.player]:
        return _shed(view, moves, pool)
    return _discard(view, moves, pool, seed)


def _seed(seed: int, view: View) -> int:
    # The samples depend on the seed and the hand, so that two turns do not share their luck
    # (blake2b: the same number in every process, unlike hash() of a text).
    return _stable(seed, sorted(c.key for c in view.hand), len(view.discard), view.deck_count)


def _stable(*parts: object) -> int:
    return int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=8).digest(), "big")


def _heuristic(view: View) -> Move:
    """The heuristic bot's move, from a fresh mind (no memory of earlier turns: the view alone)."""
    return mind_of(view.rules).act(view)


def _draw_down(view: View, moves: Sequence[Move]) -> Coaching:
    top = view.discard_top
    family = family_of(view.rules)
    deck, pile = Draw(Source.DECK), Draw(Source.DISCARD)
    if top is not None and pile in moves and reach([top], _on_table(view), view.rules, (), depth=0):
        return Coaching(pile, Message(f"coach.reason.take_fits.{family.donating}", card=_card(top)))
    if deck not in moves and top is not None:  # the deck is empty: the top card is all there is
        return Coaching(pile, Message("coach.reason.pile_only", card=_card(top)))
    return Coaching(deck, Message(f"coach.reason.deck_down.{family.donating}"))


def _draw(view: View, moves: Sequence[Move], pool: Counter[PlayingCard], seed: int) -> Coaching:
    rules, hand, top = view.rules, view.hand, view.discard_top
    deck, pile = Draw(Source.DECK), Draw(Source.DISCARD)
    facts = _outs_fact(view, hand, pool, None)
    facts.append(Message("coach.unseen", n=sum(pool.values()), deck=view.deck_count))
    cards = list(pool.elements())
    from_deck = lay_down_chances(hand, view.choices, rules, cards, K_DRAWS, SAMPLES, seed)[None]
    if top is None or pile not in moves:
        return Coaching(deck, Message("coach.reason.deck_only"), ((deck, Message("coach.option.deck", k=K_DRAWS, chance=from_deck.message)),), tuple(facts))
    with_top = lay_down_chances((*hand, top), view.choices, rules, cards, K_DRAWS - 1, SAMPLES, seed)[None]
    options = (
        (deck, Message("coach.option.deck", k=K_DRAWS, chance=from_deck.message)),
        (pile, Message("coach.option.pile", card=_card(top), k=K_DRAWS, chance=with_top.message)),
    )
    checker = _Checker(rules, view.choices)
    if checker.lays(hand) is None and checker.lays((*hand, top)) is not None:
        return Coaching(pile, Message("coach.reason.take_completes", card=_card(top)), options, tuple(facts))
    if deck not in moves:
        return Coaching(pile, Message("coach.reason.pile_only", card=_card(top)), options, tuple(facts))
    move = _heuristic(view)
    if clearly_better(with_top, from_deck, paired=False):
        reason = Message("coach.reason.take_better", card=_card(top), k=K_DRAWS, pile=with_top.message, deck=from_deck.message)
        return Coaching(pile, reason, options, tuple(facts))
    if clearly_better(from_deck, with_top, paired=False):
        reason = Message("coach.reason.deck_better", card=_card(top), k=K_DRAWS, pile=with_top.message, deck=from_deck.message)
        return Coaching(deck, reason, options, tuple(facts))
    # No clear difference (often no chance at all, early in a round): the heuristic bot's judgement.
    if move == pile:
        return Coaching(pile, Message("coach.reason.take_closer", card=_card(top), k=K_DRAWS), options, tuple(facts), (deck,))
    return Coaching(deck, Message("coach.reason.deck_even", card=_card(top), k=K_DRAWS), options, tuple(facts), (pile,))


def _lay_down(view: View, laying: Sequence[LayDown]) -> Coaching:
    rules = view.rules
    if len(laying) == 1:
        best = laying[0]
    else:
        # Free order: the level least often held (the hardest to make in a later round).
        chances = make_chances(rules)
        best = min(laying, key=lambda m: (chances[_number(view, m) - 1], -_number(view, m)))
    options = tuple((m, Message("coach.option.lay_down", level=_level(rules, _number(view, m)))) for m in laying)
    rest = list(view.hand)
    for meld in best.melds:
        for placed in meld.cards:
            rest.remove(placed.card)
    facts = (_donations(view, best.melds, rest),)
    level = _level(rules, _number(view, best))
    if len(laying) == 1:
        reason = Message("coach.reason.lay_down", level=level, n=len(rest))
    else:
        reason = Message("coach.reason.lay_down_hardest", level=level, levels=_levels(rules, [_number(view, m) for m in laying]))
    return Coaching(best, reason, options, facts)


def _number(view: View, move: LayDown) -> int:
    return move.level if move.level is not None else view.level


def _shed(view: View, moves: Sequence[Move], pool: Counter[PlayingCard]) -> Coaching:
    family = family_of(view.rules)
    donations = [m for m in moves if isinstance(m, Donate)]
    mind = _heuristic(view)
    if donations:
        given = mind if isinstance(mind, Donate) and mind in donations else donations[0]
        offered: tuple[tuple[object, Message], ...] = tuple(
            (m, Message(f"coach.option.donate.{family.donating}", card=_card(m.card), owner=player_words(m.owner))) for m in _one_per_place(donations, given)
        )
        return Coaching(given, Message(f"coach.reason.donate.{family.donating}", card=_card(given.card), n=len(view.hand) - 1), offered)
    discards = [m for m in moves if isinstance(m, Discard)]
    penalty = view.rules.penalty
    # What could still go on the table: the unseen cards and the hand's own.
    near = reach(view.hand, _on_table(view), view.rules, [*pool, *view.hand])
    far = REACH + 1

    def stuck(m: Discard) -> tuple[int, int, int]:
        return near.get(m.card, far), penalty(m.card), m.card.key

    # A skip is shed first, as the heuristic bot does: it never fits, and it costs a player a turn.
    move = mind if isinstance(mind, Discard) and mind in discards and mind.card.skips else max(discards, key=stuck)
    options = tuple((m, _shed_option(m.card, near.get(m.card), penalty(m.card))) for m in _one_per_card(discards))
    if move.card.skips:
        return Coaching(move, _skip_reason(move), options)
    steps = near.get(move.card)
    if steps is None:
        reason = Message(f"coach.reason.shed.{family.donating}", card=_card(move.card), reach=REACH, points=penalty(move.card))
    else:
        reason = Message(f"coach.reason.shed_near.{family.donating}", card=_card(move.card), n=steps, points=penalty(move.card))
    return Coaching(move, reason, options)


def _shed_option(card: PlayingCard, steps: int | None, points: int) -> Message:
    if steps is None:
        return Message("coach.option.shed", card=_card(card), reach=REACH, points=points)
    return Message("coach.option.shed_near", card=_card(card), n=steps, points=points)


def _one_per_place(donations: Sequence[Donate], given: Donate) -> list[Donate]:
    """One donation per card and meld (a joker may stand for either end: the same line twice), the
    one the coach gives among them."""
    kept: dict[tuple[PlayingCard, int, int], Donate] = {}
    for m in donations:
        place = (m.card, m.owner, m.meld)
        if place not in kept or m == given:
            kept[place] = m
    return list(kept.values())


def _one_per_card(discards: Sequence[Discard]) -> list[Discard]:
    return list({m.card: m for m in reversed(discards)}.values())[::-1]


def _skip_reason(move: Discard) -> Message:
    if move.target is None:
        return Message("coach.reason.skip_none", card=_card(move.card))
    return Message("coach.reason.skip", card=_card(move.card), player=player_words(move.target))


def _discard(view: View, moves: Sequence[Move], pool: Counter[PlayingCard], seed: int) -> Coaching:
    rules, hand = view.rules, view.hand
    discards = [m for m in moves if isinstance(m, Discard)]
    cards = [m.card for m in _one_per_card(discards)]
    found = lay_down_chances(hand, view.choices, rules, list(pool.elements()), K_DRAWS, SAMPLES, seed, cards)
    best_hits = max(found[c].hits for c in cards)
    best = [c for c in cards if found[c].hits == best_hits]
    mind = _heuristic(view)
    points = rules.penalty
    card = max(best, key=lambda c: (points(c), c.key))
    if isinstance(mind, Discard) and mind.card in found and not clearly_better(found[card], found[mind.card]):
        move: Discard = mind  # the heuristic bot's discard, unless another is clearly better
    else:
        move = _discard_of(card, view, discards)
    fed = move.card
    taker = _next_taker(view)
    instead = _kept_back(view, fed, cards, found) if taker is not None else None
    if instead is not None:
        move = _discard_of(instead, view, discards)
    chance = found[move.card]
    options = tuple(
        (m if m.card != move.card else move, Message("coach.option.discard", card=_card(m.card), k=K_DRAWS, chance=found[m.card].message))
        for m in _one_per_card(discards)
    )
    rest = list(hand)
    rest.remove(move.card)
    facts = _outs_fact(view, rest, pool, move.card)
    facts.append(Message("coach.unseen", n=sum(pool.values()), deck=view.deck_count))
    if move.card.skips:
        reason = _skip_reason(move)
    elif instead is not None and taker is not None:
        key = f"coach.reason.discard_deny.{family_of(rules).donating}"
        reason = Message(key, card=_card(move.card), fed=_card(fed), player=player_words(taker), k=K_DRAWS, chance=chance.message)
    elif best_hits == 0:
        reason = Message("coach.reason.discard_none", card=_card(move.card), k=K_DRAWS, n=chance.n)
    elif chance.hits < best_hits:
        reason = Message("coach.reason.discard_close", card=_card(move.card), k=K_DRAWS, chance=chance.message)
    elif len(best) > 1:
        reason = Message("coach.reason.discard_even", card=_card(move.card), k=K_DRAWS, chance=chance.message)
    else:
        reason = Message("coach.reason.discard_best", card=_card(move.card), k=K_DRAWS, chance=chance.message)
    # As good: a discard whose chance is not clearly lower and that sheds as many points or more (not
    # one that feeds the next player, nor a skip, which the coach weighs by other reasons).
    equal = tuple(
        m
        for m in discards
        if instead is None
        and not move.card.skips
        and not m.card.skips
        and m.card != move.card
        and not clearly_better(chance, found[m.card])
        and points(m.card) >= points(move.card)
    )
    return Coaching(move, reason, options, tuple(facts), equal)


def _next_taker(view: View) -> int | None:
    """The player who draws next, if they are down (and so may take the discard to donate it)."""
    players = len(view.levels)
    for step in range(1, players):
        seat = (view.player + step) % players
        if (view.seated and not view.seated[seat]) or (view.waiting_skip and view.waiting_skip[seat]):
            continue
        return seat if view.laid_down[seat] else None
    return None


def _discard_of(card: PlayingCard, view: View, discards: Sequence[Discard]) -> Discard:
    """The discard of ``card`` (a skip naming the player closest to winning, when one may be named)."""
    move = Discard(card, skip_target(view)) if card.skips else Discard(card)
    return move if move in discards else next(m for m in discards if m.card == card)


def _kept_back(view: View, fed: PlayingCard, cards: Sequence[PlayingCard], found: dict[PlayingCard | None, Chance]) -> PlayingCard | None:
    """The card to discard instead of ``fed`` when the next player is down: ``None`` unless a meld
    on the table takes ``fed`` (they would take it and donate it, a card nearer going out) and a
    spare card fits nothing there at a chance not clearly lower than ``fed``'s."""
    fits = reach(cards, _on_table(view), view.rules, (), depth=0)
    if fed not in fits:
        return None
    spare = _spare(view)
    others = [c for c in cards if c in spare and c not in fits and not clearly_better(found[fed], found[c])]
    return max(others, key=lambda c: (found[c].hits, view.rules.penalty(c), c.key)) if others else None


def _spare(view: View) -> Counter[PlayingCard]:
    """The hand's cards that no closest arrangement of the levels it may lay down uses."""
    spare = Counter(view.hand)
    used: Counter[PlayingCard] = Counter()
    for level in view.choices:
        closest = check(view.hand, level, view.rules).closest
        used |= Counter(slot.card for group in closest.groups for slot in group if slot.card is not None)
    spare.subtract(used)
    return +spare


def _choose(view: ChoiceView) -> Coaching:
    """Free order before the deal: announce the open level most often held (``make_chances``)."""
    chances = make_chances(view.rules)
    level = HeuristicBot().choose_phase(view)
    held = _share(chances[level - 1])
    options = tuple((n, Message("coach.option.choose", level=_level(view.rules, n), chance=_share(chances[n - 1]).message)) for n in view.open)
    return Coaching(level, Message("coach.reason.choose", level=_level(view.rules, level), chance=held.message), options)


def _share(value: float) -> Chance:
    # make_chances' shares are of a fixed sample of 500 hands (upto9.bots)
    return Chance(round(value * 500), 500)


class CoachBot:
    """A bot that plays the coach's moves (``coach(view, seed).move``): the stronger bot the coach
    makes of the heuristic one. ``seed`` seeds the coach's samples.

    >>> from upto9.simulate import play_game
    >>> game = play_game(players=2, bots=[CoachBot, HeuristicBot], seed=2)
    >>> game.over
    True
    """

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self._seed = seed if isinstance(seed, int) else _stable(seed)

    def __repr__(self) -> str:
        return f"CoachBot(seed={self.seed!r})"

    def act(self, view: View) -> Move:
        """The coach's move for the viewing player."""
        move = coach(view, self._seed).move
        assert isinstance(move, Draw | LayDown | Donate | Discard)
        return move

    def choose_phase(self, view: ChoiceView) -> int:
        """Free order before the deal: the coach's level (``HeuristicBot.choose_phase``)."""
        return HeuristicBot().choose_phase(view)
