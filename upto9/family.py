"""Game families: what a game supplies to the engine (``GameFamily``, and a rummy's more:
``RummyFamily``), the turn model every game is played through (``FamilyRound``, ``FamilyGame``),
and the engine's questions about a hand put to the rule set's family once (``check``, ``holds``,
``outs``, ``validate``).

Up to 9 (``upto9.families.upto9``) and Phase 10 (``upto9.families.phase10``) are rummies; a
third game is a package of its own that registers a ``GameFamily`` under the ``upto9.families``
entry points (``upto9.plugins``, ``docs/families.md``), a rummy or not. The engine, the records
and the widgets know a game only through this module's protocols: a family's own types (its
cards, moves, melds and verdicts) stay inside its package. The generic code (records, bots,
``upto9.simulate.play_game``) asks ``game_family``; what needs levels asks ``family_of``.

>>> from upto9.rules import PHASE10
>>> [f.key for f in families()], [f.key for f in rummies()]
(['phase10', 'picture_cards', 'threeup', 'upto9'], ['phase10', 'upto9'])
>>> family_of(PHASE10).name, family_of("upto9").level_word, game_family(PHASE10).key
('Phase 10', 'level', 'phase10')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any, Protocol, runtime_checkable

from upto9.cards import PlayingCard
from upto9.looks import CardLook
from upto9.messages import Message, Param
from upto9.plugins import FamilyNotFound, family_keys, load_family
from upto9.problems import Problem, require_rules
from upto9.rules import UPTO9, FamilyRules, Group, GroupKind, Level, Rules, RulesError

__all__ = [
    "Arrangement",
    "CoachedFamily",
    "Coaching",
    "DescribedFamily",
    "DrawnFamily",
    "FamilyGame",
    "FamilyRecord",
    "FamilyRound",
    "FamilyView",
    "GameFamily",
    "PlacedCard",
    "RummyFamily",
    "Slot",
    "TableMeld",
    "Verdict",
    "card_words",
    "check",
    "drawn_families",
    "families",
    "family_of",
    "game_family",
    "holds",
    "outs",
    "rummies",
    "validate",
]


@runtime_checkable
class PlacedCard(Protocol):
    """One card in a meld and what it stands for there."""

    @property
    def card(self) -> PlayingCard: ...

    @property
    def face(self) -> object: ...

    @property
    def wild(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...

    def text(self, glyphs: bool = True) -> str: ...


@runtime_checkable
class TableMeld(Protocol):
    """A group of cards laid down (a set, a run, a colour group...): what the engine, the records and
    the widgets ask of any family's meld."""

    @property
    def kind(self) -> GroupKind: ...

    @property
    def cards(self) -> Sequence[PlacedCard]: ...

    @property
    def jokers(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...

    def open_cards(self) -> Sequence[object]: ...

    def on_table(self) -> TableMeld: ...

    def why_not(self, card: PlayingCard, as_face: Any = None, rules: Rules = ..., /) -> str | None: ...

    def extend(self, card: PlayingCard, as_face: Any = None, rules: Rules = ..., /) -> TableMeld: ...


@runtime_checkable
class Slot(Protocol):
    """One place in an arrangement: what it stands for, and the card in it (``None``: missing)."""

    @property
    def face(self) -> object: ...

    @property
    def card(self) -> PlayingCard | None: ...

    @property
    def wild(self) -> bool: ...


@runtime_checkable
class Arrangement(Protocol):
    """A hand's cards arranged into a level's groups, complete or with missing slots."""

    @property
    def level(self) -> Level: ...

    @property
    def groups(self) -> Sequence[Sequence[Slot]]: ...

    @property
    def melds(self) -> Sequence[TableMeld]: ...

    @property
    def missing(self) -> Sequence[object]: ...


@runtime_checkable
class Verdict(Protocol):
    """A family checker's verdict on a hand for a level: whether it makes it, with the fewest wild
    cards, the arrangement, and what is missing, all in keyed messages (``upto9.messages``)."""

    @property
    def ok(self) -> bool: ...

    @property
    def level(self) -> Level: ...

    @property
    def jokers(self) -> int | None: ...

    @property
    def melds(self) -> Sequence[TableMeld]: ...

    @property
    def hand(self) -> Sequence[PlayingCard]: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def closest(self) -> Arrangement: ...

    @property
    def cards_short(self) -> int: ...

    @property
    def missing(self) -> Sequence[object]: ...

    @property
    def outs(self) -> Sequence[PlayingCard]: ...

    @property
    def messages(self) -> tuple[Message, ...]: ...

    @property
    def explanation(self) -> tuple[str, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


# --- the turn model: what every game offers, a rummy or not (docs/families.md, "The turn model") ---


@runtime_checkable
class FamilyView(Protocol):
    """What one seat may see of a round: a frozen dataclass of the family's, holding at least the
    seat and the rule set (and nothing that seat may not see)."""

    @property
    def player(self) -> int: ...

    @property
    def rules(self) -> Rules: ...


@runtime_checkable
class FamilyRecord(Protocol):
    """What happened in one step of a round (a frozen dataclass of the family's): ``to_dict()`` is
    its JSON, which ``GameFamily.move_from_dict`` reads back."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class FamilyRound(Protocol):
    """One dealt round of any game, as the engine's generic code (records, bots, simulation, the
    invariant suite) plays it. Seats are 0 to ``players - 1``, clockwise. ``play`` verifies,
    applies and returns the record of what happened; a move the rules refuse raises
    ``upto9.game.RuleError`` carrying a ``Message`` and changes nothing. ``zones()`` is every card
    by zone (``"hand.0"``, ``"deck"``, ``"pile"``, ``"table"``...): their union is always the
    dealt deck; ``visible(player)`` names the zones whose cards that seat sees. ``scores()`` is
    this round's points per seat (fewer is better), meaningful once ``over``."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def deck_order(self) -> tuple[PlayingCard, ...]: ...

    @property
    def turn(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def history(self) -> Sequence[FamilyRecord]: ...

    def legal_moves(self) -> Sequence[object]: ...

    def play(self, move: object) -> FamilyRecord: ...

    def view(self, player: int) -> FamilyView: ...

    def zones(self) -> dict[str, tuple[PlayingCard, ...]]: ...

    def visible(self, player: int) -> frozenset[str]: ...

    def scores(self) -> tuple[int, ...]: ...


@runtime_checkable
class FamilyGame(Protocol):
    """A whole game of rounds (what ``GameFamily.new_game`` returns): Up to 9's ``upto9.game.Game``,
    or the engine's generic ``upto9.rounds.RoundsGame`` for a game without levels. Moves go to the
    current round through ``play``; ``next_round`` deals the next (from ``deck``, top card first,
    or shuffled from the seed); ``totals`` are the points per seat so far, ``winners`` the seats
    that won once ``over``."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int | str: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rounds(self) -> Sequence[FamilyRound]: ...

    @property
    def round(self) -> FamilyRound: ...

    @property
    def over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    def legal_moves(self) -> Sequence[object]: ...

    def view(self, player: int) -> FamilyView: ...

    def play(self, move: object) -> FamilyRecord: ...

    def next_round(self, deck: Sequence[PlayingCard] | None = None) -> FamilyRound: ...


@runtime_checkable
class GameFamily(FamilyRules, Protocol):
    """What every game family supplies (the core of ``docs/families.md``): its words, its cards and
    deck (``FamilyRules``), its standard rule set, its message domain, and its turn model:
    ``new_game`` and ``new_round`` deal (``deck`` top card first), ``move_from_dict`` reads a
    record's action back into a move (``None``: a record the engine made itself, which a replay
    matches and does not play), ``legal_moves(view)`` is every move open to the viewing seat,
    from its view alone. A family may also supply ``bots()`` (its bots by name, the first is the
    default player) and ``game_over(game)`` (``upto9.rounds``)."""

    @property
    def name(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def catalog(self) -> Traversable:
        """The folder of the family's message domain, ``<lang>/LC_MESSAGES/<key>.po`` in each
        language: the sentences only its game says (``upto9.messages`` merges it with the engine's)."""
        ...

    def new_game(self, rules: Rules, players: int, seed: int | str, names: Sequence[str] | None) -> FamilyGame: ...

    def new_round(self, rules: Rules, players: int, dealer: int, deck: Sequence[PlayingCard]) -> FamilyRound: ...

    def move_from_dict(self, data: Mapping[str, Any], rnd: FamilyRound) -> object | None: ...

    def legal_moves(self, view: FamilyView) -> Sequence[object]: ...


@runtime_checkable
class DrawnFamily(Protocol):
    """What a family supplies for the pages to draw its cards, a rummy or not (the protocol's
    optional presentation part): the widgets ask these, never which game it is. A family whose
    cards are another family's (the picture-card game plays the standard deck) need not supply it:
    the cards' owner draws them."""

    def owns(self, value: object) -> bool:
        """Is ``value`` one of this game's cards or faces (what its widgets draw)?"""
        ...

    def card_look(self, card: PlayingCard) -> CardLook:
        """How a card is drawn (``upto9.looks.CardLook``: its text, colour role, tag)."""
        ...

    def card_words(self, card: PlayingCard) -> Message:
        """A card's name, for screen readers and tooltips (``'queen of spades'``, ``'red 7'``)."""
        ...

    def sort_key(self, card: PlayingCard) -> tuple[int, int, int]:
        """A hand in the game's order (by suit or colour, then rank or number)."""
        ...


@runtime_checkable
class DescribedFamily(Protocol):
    """What a family supplies for the round stepper to tell and draw its rounds through the turn
    model, a rummy or not (the protocol's optional telling part): each step in words as one seat
    may know it, and which zones lie as a face-down stack (drawn as their size). The stepper asks
    these and ``FamilyRound.zones()``, ``visible(seat)``, never which game it is; a zone's label is
    the family's message ``<key>.zone.<name>`` (``'threeup.zone.down'``).

    >>> [f.key for f in families() if isinstance(f, DescribedFamily)]
    ['picture_cards', 'threeup']
    """

    @property
    def stacks(self) -> Sequence[str]:
        """The shared zones drawn as a face-down stack with its size (a draw pile), to every eye."""
        ...

    def describe(self, record: FamilyRecord, seat: int | None = None, names: Sequence[str] = ()) -> Message:
        """One record of a round in words, as ``seat`` may know it (``None``: the whole table, every
        card named): what that seat may not see is not named. ``names`` are the seats' names."""
        ...

    def groups(self, rnd: FamilyRound) -> Mapping[str, tuple[str, tuple[tuple[PlayingCard, ...], ...]]]:
        """The zones whose cards lie on another zone's cards, drawn there: by zone (``"placed.0"``)
        the zone they lie on (``"hand.0"``) and, for each of its cards in order, the cards on it
        (together exactly the zone's cards). Empty when no cards lie on others."""
        ...


def card_words(card: PlayingCard) -> Message:
    """A card's name in words, said by the family that draws it (``DrawnFamily.card_words``): the
    standard deck's by Up to 9, whichever game plays it.

    >>> from upto9.cards import parse_card
    >>> from upto9.messages import render
    >>> render(card_words(parse_card("QS")), "nb")
    'spardame'
    """
    drawer: DrawnFamily = next(f for f in drawn_families() if f.owns(card))
    return drawer.card_words(card)


@dataclass(frozen=True)
class Coaching:
    """The coach's answer for one seat's view (``CoachedFamily.coach``), worked out from that view
    alone: ``move``, the move it suggests (one of ``legal_moves(view)``); ``reason``, why, in one
    sentence; ``options``, the moves it weighed, each with its one line of figures (a sampled chance
    with its 95 % interval and the number of samples, from ``upto9.stats``); ``facts``, what the view
    shows that matters now (a rummy's outs and how many of each are unseen; the exact chance that the
    next card ends a picture-card turn); ``equal``, the other moves its figures cannot tell from
    ``move`` (no clearly better chance either way, at 95 %): a learner who played one of them played
    as well as the coach can say."""

    move: object
    reason: Message
    options: tuple[tuple[object, Message], ...] = ()
    facts: tuple[Message, ...] = ()
    equal: tuple[object, ...] = ()


@runtime_checkable
class CoachedFamily(Protocol):
    """A family with a coach (the protocol's optional teaching part): advice for the seat to move,
    from what that seat sees, within 300 ms on the project's machine. The same ``seed`` gives the
    same answer; the family's ``bots()`` offers ``"coach"``, a bot that plays the coach's moves."""

    def coach(self, view: FamilyView, seed: int = 0) -> Coaching:
        """The coach's answer for ``view`` (the seat to move's own view: never the hidden cards)."""
        ...


@runtime_checkable
class RummyFamily(GameFamily, DrawnFamily, Protocol):
    """What a rummy (a game of levels, melds and a lay-down checker) supplies beyond the core: its
    exact checker, its melds, and what a wild card may stand for. Every method takes the rule set,
    so one family serves all of its house rules."""

    @property
    def donating(self) -> str: ...

    def check(self, hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules) -> Verdict: ...

    def holds(self, hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules) -> bool: ...

    def outs(self, hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules) -> Sequence[PlayingCard]: ...

    def validate(self, melds: Sequence[object], level: int | Level, rules: Rules, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]: ...

    def read_meld(self, data: Mapping[str, Any]) -> TableMeld: ...

    def read_face(self, text: str, kind: GroupKind) -> object: ...

    def fits(self, card: PlayingCard, face: object, kind: GroupKind, rules: Rules) -> bool: ...

    def contract(self, level: Level) -> Message: ...

    # --- what the widgets need to draw the game (issue 13): they ask these, never which game it is ---

    @property
    def group_caps(self) -> bool:
        """May a level cap each group's wild cards (``False``: one budget for the whole level)?"""
        ...

    def card_grid(self, rules: Rules) -> tuple[tuple[PlayingCard, ...], ...]:
        """The hand builder's rows of cards: every card of one deck once, in the game's order."""
        ...

    def face_words(self, face: object) -> Message:
        """What a wild card stands for, in words (``'a king'``, ``'an 8'``, ``'red'``)."""
        ...

    def face_glyph(self, face: object) -> Message:
        """What a wild card stands for, in short (``'7♥'``, ``'K'``, ``'7'``, ``'red'``)."""
        ...

    def wild_words(self, n: int) -> Message:
        """``n`` wild cards in the game's words (``'2 jokers'``, ``'2 wild cards'``)."""
        ...

    def budget(self, level: Level) -> Message:
        """The level's wild-card budget in the game's words."""
        ...

    def marked_contract(self, level: Level) -> Message:
        """``contract`` with a ``*`` after each group whose size the rules text does not state."""
        ...

    def wild_faces(
        self, card: PlayingCard, kind: GroupKind, others: Sequence[tuple[PlayingCard, object | None]], size: int, rules: Rules
    ) -> tuple[object, ...]:
        """What ``card`` (a wild) may be said to stand for in a group of ``kind`` and ``size`` beside
        ``others`` (each a card and what it was said to stand for, ``None``: not said), best first."""
        ...

    def meld_of(self, kind: GroupKind, entries: Sequence[tuple[PlayingCard, object | None]], rules: Rules) -> TableMeld | None:
        """The meld these cards make (each with what it was said to stand for), ``None`` where the
        game cannot read them as one."""
        ...

    def group_words(self, group: Group) -> Message:
        """A group's name in the game's words, for a label (``'three of a kind'``, ``'run of 4'``)."""
        ...

    def face_look(self, face: object) -> CardLook:
        """How what a wild card stands for is drawn (a card, a rank, a number, a colour)."""
        ...

    def as_itself(self, card: PlayingCard, face: object | None) -> bool:
        """Does ``card``, said to stand for ``face`` (``None``: not said), stand for itself (no wild there)?"""
        ...

    def counts_real(self, meld: TableMeld, rules: Rules) -> tuple[bool, ...]:
        """For each card of the meld, does the verdict count it as a real card (not a wild)?"""
        ...

    def deck_words(self, rules: Rules) -> Message:
        """The rule set's deck in words (what cards, how many, for how many players)."""
        ...

    def card_facts(self, rules: Rules) -> tuple[tuple[Message, Message, tuple[str, ...]], ...]:
        """What the rule set's special cards do (jokers, wild cards, skips), as table rows: a label,
        the words, and the rule fields whose house-rule or reconstructed mark the row takes."""
        ...

    @property
    def example(self) -> str:
        """A few cards as the game writes them, to show how (``'5h 6h 7h 8h'``)."""
        ...

    def group_noun(self, group: Group) -> Message:
        """A group's noun, for a short label (``'straight'``, ``'run'``)."""
        ...

    def face_param(self, face: object) -> Param:
        """What a wild card stands for, as the engine's messages write it (``'7♥'``, ``'an A'``, ``'7'``)."""
        ...

    def a_wild(self) -> Message:
        """One wild card, in a sentence (``'a joker'``, ``'a wild card'``)."""
        ...


def family_of(rules: Rules | str) -> RummyFamily:
    """The rummy family of a rule set (or of a family key): what the hand checker, the atlas and
    the level table ask. Raises ``RulesError`` for a key no installed package registers or for a
    family without levels, ``TypeError`` for a registered object that is no ``RummyFamily``.

    >>> family_of(UPTO9).key
    'upto9'
    >>> family_of("poker")
    Traceback (most recent call last):
    ...
    upto9.rules.RulesError: no game family 'poker' is installed; the installed ones are 'phase10', 'picture_cards', 'threeup', 'upto9'
    """
    return _family(rules if isinstance(rules, str) else require_rules(rules).family)


@cache
def _family(key: str) -> RummyFamily:
    # Once per key: a runtime protocol check looks at every member, far too slow for every check().
    found = _game_family(key)
    if not _is_rummy(key) or not isinstance(found, RummyFamily):
        raise RulesError(Message("family.not_rummy", name=found.name, key=key))
    return found


def game_family(rules: Rules | str) -> GameFamily:
    """The game family of a rule set (or of a family key), a rummy or not: what the generic code
    (records, bots, ``upto9.simulate.play_game``) asks. Raises as ``family_of`` does for a key no
    package registers, ``TypeError`` for a registered object that is no ``GameFamily``.

    >>> game_family("upto9").name
    'Up to 9'
    """
    return _game_family(rules if isinstance(rules, str) else require_rules(rules).family)


@cache
def _game_family(key: str) -> GameFamily:
    try:
        found = load_family(key)
    except FamilyNotFound as error:
        raise RulesError(str(error)) from None
    if not isinstance(found, GameFamily):
        raise TypeError(f"the game family {key!r} is not a GameFamily (upto9.family): it lacks some of what a family supplies")
    return found


def families() -> tuple[GameFamily, ...]:
    """Every installed game family, by key, rummies and the others.

    >>> from upto9.rules import PHASE10
    >>> [f.rules is PHASE10 for f in families()]
    [True, False, False, False]
    """
    return tuple(game_family(key) for key in family_keys())


def drawn_families() -> tuple[DrawnFamily, ...]:
    """The installed families that draw their own cards (``DrawnFamily``), by key: the pages'
    card drawing asks the first that ``owns`` a card.

    >>> [f.key for f in drawn_families()]
    ['phase10', 'threeup', 'upto9']
    """
    return tuple(f for f in families() if isinstance(f, DrawnFamily))


def rummies() -> tuple[RummyFamily, ...]:
    """The installed families that are rummies (levels, melds, a lay-down checker), by key: what
    the hand checker, the atlas and the level table offer.

    >>> [f.level_word for f in rummies()]
    ['phase', 'level']
    """
    return tuple(family_of(key) for key in family_keys() if _is_rummy(key))


@cache
def _is_rummy(key: str) -> bool:
    # Once per key: the runtime protocol check looks at every member of RummyFamily.
    return isinstance(_game_family(key), RummyFamily)


def check(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> Verdict:
    """Does some part of ``hand`` form the level's lay-down? The rule set's family answers,
    exactly, with the fewest wild cards (``upto9.families.upto9.checker.check``,
    ``upto9.families.phase10.phases.check``).

    It takes and raises what the family's checker does (the Up to 9 checker's docstring says
    which), ``TypeError`` first when ``rules`` is no ``Rules``.

    >>> from upto9.rules import PHASE10
    >>> check("7r 7y W 9b 9g 9r", 1, PHASE10).melds[1].to_dict()["cards"][2]
    {'card': 'W', 'as': '7', 'wild': True}
    """
    found = _CHECKS.get(getattr(rules, "family", None))  # check() is the engine's hottest call: one dict lookup
    if found is None:
        key = require_rules(rules).family
        found = _CHECKS[key] = _family(key).check
    return found(hand, level, rules)


_CHECKS: dict[object, Callable[[str | Iterable[PlayingCard], int | Level, Rules], Verdict]] = {}
"""Each rummy family's ``check``, by family key, as ``_family`` found it (the checker itself
refuses a ``rules`` that is no ``Rules``)."""


def holds(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> bool:
    """Does the hand hold the level's lay-down? ``check(...).ok`` without the arrangement. Raises
    what ``check`` raises.

    >>> from upto9.rules import PHASE10
    >>> holds("7s 7h 7c Kh Kd 2c 5d 5c 3h", 4), holds("7r 7y W 9b 9g 9r", 1, PHASE10)
    (True, True)
    """
    return _family(require_rules(rules).family).holds(hand, level, rules)


def outs(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = UPTO9) -> tuple[PlayingCard, ...]:
    """The distinct cards any one of which, added to the hand, makes the level; empty when the
    hand already makes it. Raises what ``check`` raises.

    >>> from upto9.rules import PHASE10
    >>> [str(c) for c in outs("5h 6h 7h Kc", 1)], [str(c) for c in outs("7r 7y 9b 9g 9r 1b", 1, PHASE10)]
    (['4h', '8h'], ['7r', '7y', '7g', '7b', 'W'])
    """
    return tuple(family_of(require_rules(rules)).outs(hand, level, rules))


def validate(melds: Sequence[object], level: int | Level, rules: Rules = UPTO9, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]:
    """Everything wrong with a player's own lay-down for a level (empty: it is valid), each a
    ``Problem`` naming the rule it breaks; the rule set's family judges it.

    >>> from upto9.families.upto9.melds import Meld
    >>> validate([Meld.from_text("run", "5h 6h 7h 8h")], 1)
    ()
    """
    return family_of(require_rules(rules)).validate(melds, level, rules, hand)
