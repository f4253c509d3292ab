"""The picture-card game's coach (``upto9.family.CoachedFamily``): for the seat to move, the move
the best stopping policy makes, why, the moves it weighed and the facts that matter, worked out
from that seat's view alone (picture ruling 10: nothing is hidden but the number pile's order).

Every decision of ``legal_moves(view)`` is covered: which picture cards to keep (when more are
dealt than kept), draw or stop, where each card drawn goes, which picture card an ace takes
(picture ruling 3) and the five-card move (PC8). The decisions are ``BestStopBot``'s, asked of
``upto9.families.picture_cards.bot`` (``best_advice``, ``plan``, ``cheapest_loss``,
``shift_values``, ``best_keep``): one place for the rule and the recursion. So the coach bot
(``CoachBot``, ``FAMILY.bots()["coach"]``) plays exactly as ``BestStopBot``.

Nothing is sampled: the chance that the next card ends the turn is a count of the pile's make-up,
and the expected gain of one more draw an exact average over the cards the next one can be, so
the seed changes nothing (it is taken, as every coach takes one). The value of drawing on is the
Pig recursion over the pile's counts: exact for the counts, each safe card's worth averaged.
Values are in ``worth``'s points of lead in the suits (the seat's margin over the best other
seat in each suit, bounded to 30 either way).

>>> from upto9.cards import full_deck
>>> from upto9.messages import render
>>> from upto9.families.picture_cards.game import PictureRound
>>> from upto9.families.picture_cards.family import FAMILY
>>> rnd = PictureRound(FAMILY.rules, 3, 0, full_deck())
>>> said = coach(rnd.view(rnd.turn))
>>> said.move, render(said.reason)
(Draw(), 'Draw: a turn draws at least one card (PC6).')
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Final

from upto9.cards import PlayingCard, Rank
from upto9.families.picture_cards.bot import (
    Advice,
    Board,
    best_advice,
    best_keep,
    cheapest_loss,
    plan,
    shift_values,
)
from upto9.families.picture_cards.game import (
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
    legal_moves,
)
from upto9.family import Coaching, FamilyView, card_words
from upto9.messages import Items, Message

__all__ = ["CoachBot", "coach", "one_more"]

SHOWN: Final = 4
"""The most options listed beside the one suggested when there are many (keeps, five-card moves)."""


def _num(value: float) -> float:
    """A value of lead as a message shows it: one decimal, never ``-0``."""
    return round(value, 1) + 0.0


def one_more(advice: Advice, first_safe: bool = False) -> float:
    """The expected change in lead of drawing exactly one more card and then stopping, against
    stopping now: exact, an average over every card the next one can be (``first_safe``: the
    turn's first card, which PC11 makes one of the safe cards).

    A safe card adds its own worth (``extra`` on average); a 2 or 3 loses what is held; an ace
    loses that and the cheapest picture card (``ace_loss``).

    >>> one_more(Advice(False, held=6.0, draw=7.0, ends=1, pile=4, aces=0, ace_loss=0.0, extra=4.0))
    1.5
    >>> one_more(Advice(False, held=0.0, draw=5.0, ends=2, pile=6, aces=1, ace_loss=9.0, extra=7.0), first_safe=True)
    7.0
    """
    if first_safe:
        return advice.extra
    if not advice.pile:
        return 0.0
    safe = advice.pile - advice.ends
    return (safe * advice.extra - advice.ends * advice.held - advice.aces * advice.ace_loss) / advice.pile


def coach(view: FamilyView, seed: int = 0) -> Coaching:
    """The coach's answer for ``view``, the seat to move's own view (see the module's docstring).
    ``ValueError`` names what is wrong with a view that has no move; ``seed`` changes nothing,
    as nothing is sampled.

    >>> from upto9.cards import full_deck
    >>> from upto9.families.picture_cards.game import PictureRound
    >>> from upto9.families.picture_cards.family import FAMILY
    >>> rnd = PictureRound(FAMILY.rules, 2, 0, full_deck())
    >>> _ = rnd.play(Draw())
    >>> said = coach(rnd.view(rnd.turn))
    >>> said.move in rnd.legal_moves(), [type(m).__name__ for m, _ in said.options]
    (True, ['Draw', 'Stop'])
    >>> coach(rnd.view(1 - rnd.turn))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: player ... has no move: it is seat ...'s turn
    """
    if not isinstance(view, PictureView):
        raise ValueError(f"the picture-card coach reads a picture-card view, not {type(view).__name__}")
    moves = legal_moves(view)
    if not moves:
        if view.stage is Stage.OVER:
            raise ValueError("the game is over: there is no move to coach")
        raise ValueError(f"player {view.player} has no move: it is seat {view.turn}'s turn")
    board = Board(view)
    if view.stage is Stage.KEEP:
        return _keep(view, [m for m in moves if isinstance(m, Keep)])
    if view.stage is Stage.DRAW:
        return _draw(view, moves, board)
    if view.stage is Stage.PLACE:
        return _place(view, board)
    if view.stage is Stage.LOSE:
        return _lose(view, board)
    return _shift(view, moves, board)


class CoachBot:
    """The stronger bot from the coach: it plays ``coach(view, seed).move`` (``BestStopBot``'s moves).

    >>> from upto9.simulate import play_game
    >>> from upto9.families.picture_cards.family import FAMILY
    >>> play_game(players=2, rules=FAMILY.rules, bots=[CoachBot, CoachBot], seed=3, any_family=True).over
    True
    """

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        # The coach takes a whole number; a text seed is made one (nothing is sampled anyway).
        self._seed = seed if isinstance(seed, int) else zlib.crc32(str(seed).encode())

    def __repr__(self) -> str:
        return f"CoachBot(seed={self.seed!r})"

    def act(self, view: FamilyView) -> Move:
        move = coach(view, self._seed).move
        assert isinstance(move, Keep | Draw | Stop | Place | Lose | Shift | Stay), move  # the coach suggests a legal move
        return move


# --- the facts every decision shares -----------------------------------------------------------


def _suits(view: PictureView, board: Board) -> Message:
    """The seat's points in each suit against the best other seat's, and where it leads."""
    mine = dict.fromkeys(view.suits, 0)
    for slot, picture in enumerate(board.pictures):
        if picture is not None and board.scores[slot] > mine[picture.suit]:
            mine[picture.suit] = board.scores[slot]
    rows = tuple(Message("picture_cards.coach.suit", suit=s.glyph, mine=mine[s], theirs=board.other[s]) for s in view.suits)
    ahead = sum(mine[s] > board.other[s] for s in view.suits)
    behind = sum(mine[s] < board.other[s] for s in view.suits)
    return Message("picture_cards.coach.fact.suits", suits=Items(rows, "comma"), ahead=ahead, behind=behind, level=len(view.suits) - ahead - behind)


def _picture(view: PictureView, slot: int) -> Message:
    picture = view.pictures[view.player][slot]
    assert picture is not None, slot
    return _word(picture)


# --- each decision -------------------------------------------------------------------------------


def _keep(view: PictureView, keeps: Sequence[Keep]) -> Coaching:
    """PC3: the keep the bots make, beside the next best by the same measure."""
    chosen = best_keep(keeps)
    f = fields_of(view.rules)
    base = {Rank.KING: f.king_base, Rank.QUEEN: f.queen_base, Rank.JACK: f.jack_base}

    def line(keep: Keep) -> Message:
        suits = len({c.suit for c in keep.cards})
        return Message("picture_cards.coach.option.keep", cards=_words(keep.cards), suits=suits, points=sum(base.get(c.rank, 0) for c in keep.cards))

    ranked = sorted(keeps, key=lambda k: (len({c.suit for c in k.cards}), sum(int(c.rank) for c in k.cards)), reverse=True)
    shown = [chosen, *(k for k in ranked if k != chosen)][: SHOWN + 1]
    reason = Message("picture_cards.coach.reason.keep", cards=_words(chosen.cards), suits=len({c.suit for c in chosen.cards}))
    facts = (Message("picture_cards.coach.fact.keeps", n=len(keeps), keep=view.rules.hand_size, suits=f.min_suits),)
    return Coaching(chosen, reason, tuple((k, line(k)) for k in shown), facts)


def _draw(view: PictureView, moves: Sequence[Move], board: Board) -> Coaching:
    """PC6: draw or stop, by the Pig recursion (``best_advice``), with the exact chance that the
    next card ends the turn and the exact expected gain of one more draw."""
    advice = best_advice(view)
    f = fields_of(view.rules)
    first_safe = not view.drawn and f.first_card_back
    busts = advice.ends - advice.aces
    facts: list[Message] = []
    if first_safe:
        facts.append(Message("picture_cards.coach.fact.first_safe"))
    elif advice.pile:
        percent = round(100 * advice.ends / advice.pile, 1) + 0.0
        facts.append(Message("picture_cards.coach.fact.chance", ends=advice.ends, pile=advice.pile, percent=percent, aces=advice.aces, busts=busts))
    if view.drawn:
        facts.append(Message("picture_cards.coach.fact.cost_bust", n=len(view.drawn), held=_num(advice.held), busts=busts))
        if advice.aces:
            slot = cheapest_loss(view)[0]
            facts.append(Message("picture_cards.coach.fact.cost_ace", aces=advice.aces, picture=_picture(view, slot), loss=_num(advice.ace_loss)))
    if advice.pile and (advice.pile > advice.ends or not first_safe):
        cards = advice.pile - advice.ends if first_safe else advice.pile
        facts.append(Message("picture_cards.coach.fact.one_more", gain=_num(one_more(advice, first_safe)), n=cards))
    limit = f.third_ace
    if len(view.pictures) == 2 and limit and advice.aces and view.aces[view.player] + 1 >= limit:
        facts.append(Message("picture_cards.coach.fact.third_ace", n=view.aces[view.player], limit=limit))
    facts.append(_suits(view, board))

    options: list[tuple[object, Message]] = []
    if Draw() in moves:
        if view.drawn:
            options.append((Draw(), Message("picture_cards.coach.option.draw", draw=_num(advice.draw))))
        else:
            options.append((Draw(), Message("picture_cards.coach.option.draw_first")))
    if Stop() in moves:
        options.append((Stop(), Message("picture_cards.coach.option.stop", n=len(view.drawn), held=_num(advice.held))))

    move: Move
    if Draw() not in moves:
        move, reason = Stop(), Message("picture_cards.coach.reason.pile_empty")
    elif Stop() not in moves:
        move, reason = Draw(), Message("picture_cards.coach.reason.draw_first")
    elif advice.stop:
        move = Stop()
        reason = Message("picture_cards.coach.reason.stop", held=_num(advice.held), draw=_num(advice.draw), ends=advice.ends, pile=advice.pile)
    else:
        move, reason = Draw(), Message("picture_cards.coach.reason.draw", held=_num(advice.held), draw=_num(advice.draw))
    facts.append(Message("picture_cards.coach.fact.method"))
    return Coaching(move, reason, tuple(options), tuple(facts))


def _place(view: PictureView, board: Board) -> Coaching:
    """PC7: the highest card first, where it gains most lead (``plan``, as the bots place)."""
    steps, after = plan(view, view.drawn)
    card, slot = steps[0]
    now = board.worth()
    options: list[tuple[object, Message]] = []
    for target in board.slots:
        before = board.scores[target]
        gain = board.worth_with(card, target) - now
        board.placed[target].append(card)
        score = board.rescored(target)
        board.placed[target].pop()
        line = Message("picture_cards.coach.option.place", card=_word(card), picture=_picture(view, target), before=before, after=score, gain=_num(gain))
        options.append((Place(card, target), line))
    gain = board.worth_with(card, slot) - now
    # plan takes the first place of the most lead: with nothing to gain anywhere, that is no reason
    key = "picture_cards.coach.reason.place" if gain > 0 else "picture_cards.coach.reason.place_none"
    reason = Message(key, card=_word(card), picture=_picture(view, slot), gain=_num(gain))
    plan_words = Items(tuple(Message("picture_cards.coach.step", card=_word(c), picture=_picture(view, s)) for c, s in steps), "semicolon")
    facts = (Message("picture_cards.coach.fact.plan", n=len(steps), steps=plan_words, gain=_num(after - now)), _suits(view, board))
    return Coaching(Place(card, slot), reason, tuple(options), facts)


def _lose(view: PictureView, board: Board) -> Coaching:
    """PC10, picture ruling 3: the picture card whose loss costs the least lead (``cheapest_loss``)."""
    slot, _ = cheapest_loss(view)
    now = board.worth()
    options: list[tuple[object, Message]] = []
    for target in board.slots:
        cost = now - board.worth_without(target)
        line = Message(
            "picture_cards.coach.option.lose",
            picture=_picture(view, target),
            score=board.scores[target],
            n=len(view.placed[view.player][target]),
            loss=_num(cost),
        )
        options.append((Lose(target), line))
    reason = Message("picture_cards.coach.reason.lose", picture=_picture(view, slot), loss=_num(now - board.worth_without(slot)))
    lost = Items(tuple(_word(c) for c in view.drawn if c.rank != Rank.ACE), "and")
    facts: list[Message] = []
    if lost.items:
        facts.append(Message("picture_cards.coach.fact.ace_drawn", cards=lost, n=len(lost.items)))
    facts.append(_suits(view, board))
    return Coaching(Lose(slot), reason, tuple(options), tuple(facts))


def _shift(view: PictureView, moves: Sequence[Move], board: Board) -> Coaching:
    """PC8: the five-card move that gains most lead, if any gains (``shift_values``, as the bots)."""
    found = shift_values(view, moves)
    stay = found[0][1]
    best: Move = Stay()
    best_value = stay
    for move, value in found[1:]:
        if value > best_value:
            best, best_value = move, value

    def line(move: Move, value: float) -> Message:
        if isinstance(move, Shift):
            return Message(
                "picture_cards.coach.option.shift",
                card=_word(move.card),
                source=_picture(view, move.source),
                target=_picture(view, move.target),
                gain=_num(value - stay),
            )
        return Message("picture_cards.coach.option.stay")

    ranked = sorted(found[1:], key=lambda found_one: -found_one[1])  # stable: the first of equals stays first
    shown = [(best, best_value), *((m, v) for m, v in [found[0], *ranked] if m != best)][: SHOWN + 1]
    if isinstance(best, Shift):
        reason = Message(
            "picture_cards.coach.reason.shift",
            card=_word(best.card),
            source=_picture(view, best.source),
            target=_picture(view, best.target),
            gain=_num(best_value - stay),
        )
    else:
        reason = Message("picture_cards.coach.reason.stay")
    facts = (Message("picture_cards.coach.fact.shifts", n=len(found) - 1, after=fields_of(view.rules).move_after), _suits(view, board))
    return Coaching(best, reason, tuple((m, line(m, v)) for m, v in shown), facts)


def _word(card: PlayingCard) -> Message:
    return card_words(card)


def _words(cards: Sequence[PlayingCard]) -> Items:
    return Items(tuple(card_words(c) for c in cards), "and")
