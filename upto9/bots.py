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
from typing import Protocol, cast, overload, runtime_checkable

from upto9.cards import PlayingCard
from upto9.family import FamilyView, game_family, holds
from upto9.game import AnyMeld, ChoiceView, Move, View, legal_moves
from upto9.plugins import load_family
from upto9.rules import Rules

__all__ = ["Bot", "FamilyBot", "HeuristicBot", "Mind", "PlayingFamily", "RandomBot", "make_chances", "mind_of"]


@runtime_checkable
class Bot(Protocol):
    """A player: ``act`` is called with the player's own ``View`` whenever they are to move, and
    answers with one move (``Draw``, ``LayDown``, ``Donate`` or ``Discard``)."""

    def act(self, view: View) -> Move:
        """The next move for the viewing player."""
        ...


@runtime_checkable
class FamilyBot(Protocol):
    """A player of any family (``upto9.family``): ``act`` is called with the seat's own view of the
    round whenever it is to move, and answers with one of the family's moves."""

    def act(self, view: FamilyView) -> object:
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

    @overload
    def act(self, view: View) -> Move: ...

    @overload
    def act(self, view: FamilyView) -> object: ...

    def act(self, view: FamilyView) -> object:
        """A legal move, chosen uniformly among the view's family's ``legal_moves(view)`` (for Up to 9
        and Phase 10, ``upto9.game.legal_moves``): it plays every family."""
        moves = legal_moves(view) if isinstance(view, View) else game_family(view.rules).legal_moves(view)
        if not moves:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        return self.rng.choice(moves)

    def choose_phase(self, view: ChoiceView) -> int:
        """Free order before the deal: any level not made yet, uniformly."""
        return self.rng.choice(view.open)


# What a meld on the table can still take, by id (melds are immutable; each is kept alive here),
# shared by every bot in the process: the same melds lie before every player.
_OPEN_ENDS: dict[int, tuple[AnyMeld, Sequence[object]]] = {}


def open_faces(view: View) -> list[tuple[int, int, AnyMeld, Sequence[object]]]:
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


def card_key(card: PlayingCard) -> int:
    return card.key


_LAST_KEYS: list[tuple[tuple[PlayingCard, ...], tuple[int, ...]]] = []
"""The last tuple of cards ``keys_of`` was given and its answer: a bot asks it of the same hand
(the view's tuple) several times in a turn. A tuple cannot change, and is held here, so the same
object is the same hand."""


def keys_of(cards: Iterable[PlayingCard]) -> tuple[int, ...]:
    """A hand as a hashable multiset: its cards' keys, sorted.

    >>> from upto9.cards import parse_hand
    >>> keys_of(parse_hand("Kh 5s 5s"))
    (20, 20, 53)
    """
    if cards.__class__ is tuple:
        last = _LAST_KEYS
        if last and last[0][0] is cards:
            return last[0][1]
        found = tuple(sorted([card.key for card in cards]))
        last[:] = [(cast(tuple[PlayingCard, ...], cards), found)]
        return found
    return tuple(sorted([card.key for card in cards]))


@runtime_checkable
class Mind(Protocol):
    """A game family's own play for ``HeuristicBot``: the next move for the viewing player."""

    def act(self, view: View) -> Move: ...


@runtime_checkable
class PlayingFamily(Protocol):
    """What ``HeuristicBot`` needs of a game family: a fresh mind (its game knowledge, with its own
    caches) for each rule set a bot plays. The families in ``upto9.families`` supply one."""

    def mind(self) -> Mind: ...


def mind_of(rules: Rules) -> Mind:
    """A fresh mind of the rule set's family (``TypeError`` for a family that supplies none).

    >>> from upto9.rules import UPTO9
    >>> type(mind_of(UPTO9)).__name__
    'UpTo9Mind'
    """
    family = load_family(rules.family)
    if not isinstance(family, PlayingFamily):
        raise TypeError(f"the game family {rules.family!r} supplies no mind() for HeuristicBot (upto9.bots.PlayingFamily)")
    return family.mind()


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

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = seed
        self._rules: Rules | None = None
        self._mind: Mind | None = None

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
        """The next move for the viewing player, by its game family's mind."""
        if not view.my_turn:
            raise ValueError(f"player {view.player} has no move: it is not their turn")
        if view.rules is not self._rules or self._mind is None:  # what a mind's caches know holds for one rule set
            self._rules = view.rules
            self._mind = mind_of(view.rules)
        return self._mind.act(view)


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


def progress(view: View, player: int) -> tuple[int, bool, int]:
    """How close ``player`` is to winning, as the table sees it: levels made, whether they are
    down this round, and (fewer is closer) the cards in hand."""
    if view.made and view.rules.free_order:
        made = len(view.made[player])
    else:
        played = view.rules.played_levels
        made = played.index(view.levels[player]) if view.levels[player] in played else 0
    return made, view.laid_down[player], -view.hand_counts[player]


def skip_target(view: View) -> int | None:
    """The player a skip should name: the one closest to winning (``None``: no one may be named)."""
    targets = view.skip_targets
    if not targets:
        return None
    return max(targets, key=lambda p: (progress(view, p), -((p - view.player) % len(view.levels))))
