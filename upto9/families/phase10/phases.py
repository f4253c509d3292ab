"""Phase 10 on the table: sets, runs and colour groups, what each wild card stands for, a
player's own lay-down judged by the rules, and the exact phase checker.

Phase 10's groups, as modelled (``docs/rules.md#phase-10``):

* a **set** is cards of one number, colours free;
* a **run** is consecutive numbers within 1..12, colours free; it never wraps from 12 to 1;
* a **colour group** is cards of one colour, numbers free.

A wild card may stand for any number or colour, as many as the player likes, but a phase holds at
least one number card; a skip is never part of a phase. A card serves one part of a phase only.
A player's own lay-down may hold more cards than the phase asks (four of a kind where three are
asked); the checker answers with exactly the phase's sizes and the fewest wild cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any, TypeGuard

from upto9.cards import CardError, PlayingCard, hand_of, parse_hand, shown
from upto9.families.phase10.cards import WILD, Colour, Phase10Card, parse_phase10_card
from upto9.messages import Items, Message, Param, message_of, p10_card, wild_cards
from upto9.problems import MeldError, Problem, assign, level_of, melds_of, require_rules
from upto9.rules import PHASE10, Group, GroupKind, Level, Rules
from upto9.rummy import MeldShape, verdict_dict

__all__ = [
    "Phase10Arrangement",
    "Phase10Check",
    "Phase10Meld",
    "Phase10Placed",
    "Phase10Slot",
    "check",
    "contract",
    "contract_message",
    "group_message",
    "hits",
    "holds",
    "kept_counts",
    "outs",
    "parse_face",
    "solved",
    "validate_phase10",
    "wild_faces",
]

Face = int | Colour
"""What a card in a Phase 10 group stands for: a number (set, run) or a colour (colour group)."""

LOWEST, HIGHEST = 1, 12
_COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
_COLOUR_BY_TEXT: dict[str, Colour] = {**{c.value: c for c in Colour}, **{c.noun: c for c in Colour}}
_SKIP_RULE = Message("p10.skip")


class SkipError(MeldError):
    """A skip offered to a phase or a group: never allowed."""


def _face_text(face: Face) -> str:
    return face.value if isinstance(face, Colour) else str(face)


def _face_words(face: Face) -> Message:
    """``'a 7'``, ``'an 8'``, ``'an 11'``, ``'a red card'``."""
    if isinstance(face, Colour):
        return Message(f"p10.a_colour.{face.noun}")
    return Message("p10.face.an" if face in (8, 11) else "p10.face.a", number=face)


@dataclass(frozen=True, slots=True)
class Phase10Placed:
    """One card in a Phase 10 group and what it stands for there: a number in a set or a run, a
    colour in a colour group. A wild card is wild wherever it lies; a number card is real.

    >>> from upto9.families.phase10.cards import WILD
    >>> Phase10Placed(WILD, 7).to_dict(), Phase10Placed(parse_phase10_card("7r"), 7).wild
    ({'card': 'W', 'as': '7', 'wild': True}, False)
    """

    card: Phase10Card
    face: Face

    @property
    def wild(self) -> bool:
        """Is the card a wild card (standing in for a number or a colour)?"""
        return self.card.is_wild

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "W", "as": "7", "wild": true}``; colour faces as ``"r"``/``"y"``/``"g"``/``"b"``."""
        return {"card": str(self.card), "as": _face_text(self.face), "wild": self.wild}

    def text(self, glyphs: bool = True) -> str:
        """``'7r'`` for a number card, ``'[W=7]'`` for a wild card (``glyphs`` is for the Up to 9
        signature: Phase 10 cards are told apart by colour letters)."""
        own = self.card.glyph if glyphs else str(self.card)
        return f"[{own}={_face_text(self.face)}]" if self.wild else own

    def stands_as_itself(self) -> bool:
        """Does a number card stand for its own number (set, run) or colour (colour group)?"""
        if isinstance(self.face, Colour):
            return self.card.colour is self.face
        return self.card.number == self.face


def parse_face(text: str, kind: GroupKind) -> Face:
    """What a wild card stands for, written as a player writes it: a number (set, run) or a colour.

    >>> parse_face(" 7", GroupKind.RUN), parse_face("Blue", GroupKind.COLOUR)
    (7, <Colour.BLUE: 'b'>)
    """
    text = text.strip().lower()
    if kind is GroupKind.COLOUR:
        colour = _COLOUR_BY_TEXT.get(text)
        if colour is None:
            raise MeldError(Message("p10.meld.no_colour", text=repr(shown(text))))
        return colour
    # ASCII digits only, and few: ``str.isdigit`` takes ``²`` and ``٧``, and ``int`` refuses thousands of digits.
    if not (text.isascii() and text.isdigit() and len(text.lstrip("0")) <= 2) or not LOWEST <= int(text) <= HIGHEST:
        raise MeldError(Message(f"p10.meld.no_number.{kind.value}", text=repr(shown(text))))
    return int(text)


def _own_face(card: Phase10Card, kind: GroupKind) -> Face:
    """What a number card stands for when nothing else is said: its number, or in a colour group its colour."""
    if card.is_skip:
        raise SkipError(_SKIP_RULE)
    if card.is_wild:
        raise MeldError(Message("p10.meld.say_what", example="W=r" if kind is GroupKind.COLOUR else "W=7"))
    if kind is GroupKind.COLOUR:
        assert card.colour is not None
        return card.colour
    return card.number


def _kind(kind: object) -> GroupKind:
    """The group kind ``kind`` names; ``MeldError`` naming it when Phase 10 has no such group."""
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise MeldError(Message("p10.meld.kind", kind=shown(repr(kind))))
    return found


_KINDS = {kind.value: kind for kind in GroupKind}


@dataclass(frozen=True, slots=True)
class Phase10Meld(MeldShape):
    """A set, run or colour group on the table; a run holds its cards low to high.

    >>> run = Phase10Meld.from_text("run", "4r 5b 6g 7r")
    >>> [run.accepts(parse_phase10_card(c)) for c in ("3y", "8b", "9r", "W")]
    [True, True, False, True]
    >>> run.open_cards()
    (3, 8)
    >>> print(Phase10Meld.from_text("set", "7r 7y W=7"))
    set: 7r 7y [W=7]
    """

    kind: GroupKind
    cards: tuple[Phase10Placed, ...]

    # --- building --------------------------------------------------------------------------------

    @classmethod
    def of(cls, kind: GroupKind, placed: Iterable[Phase10Placed]) -> Phase10Meld:
        """A group from placed cards; a run is put in order low to high."""
        items = tuple(placed)
        if kind is GroupKind.RUN and all(isinstance(p.face, int) for p in items):
            items = tuple(sorted(items, key=lambda p: int(p.face)))
        return cls(kind, items)

    def on_table(self) -> Phase10Meld:
        """The group as it lies on the table: a run low to high.

        >>> print(Phase10Meld.from_text("run", "8r 7b 6g 5y").on_table())
        run: 5y 6g 7b 8r
        """
        return Phase10Meld.of(self.kind, self.cards)

    @classmethod
    def from_text(cls, kind: str | GroupKind, text: str) -> Phase10Meld:
        """A group from card text: number cards as themselves, a wild card as ``W=9`` (``W=r`` in a
        colour group). A skip is refused.

        Raises ``MeldError`` naming the kind or the token that cannot be read (``SkipError`` for a
        skip), ``TypeError`` when ``text`` is not a ``str``.

        >>> print(Phase10Meld.from_text("colour", "1r 5r W=r 9r"))
        colour: 1r 5r [W=r] 9r
        >>> Phase10Meld.from_text("set", "7r S")
        Traceback (most recent call last):
        ...
        upto9.families.phase10.phases.SkipError: S: a skip can never be part of a phase
        >>> Phase10Meld.from_text("set", "7r 7y W=²")
        Traceback (most recent call last):
        ...
        upto9.problems.MeldError: W=²: no number '²'; a wild card in a set stands for a number 1-12
        """
        kind = _kind(kind)
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        placed: list[Phase10Placed] = []
        for token in text.replace(",", " ").split():
            card_text, _, face_text = token.partition("=")
            try:
                card = parse_phase10_card(card_text)
                face = parse_face(face_text, kind) if face_text else _own_face(card, kind)
            except SkipError as error:
                raise SkipError(Message("card.token", token=shown(token), reason=message_of(error))) from None
            except (CardError, MeldError) as error:
                raise MeldError(Message("card.token", token=shown(token), reason=message_of(error))) from None
            if card.is_skip:
                raise SkipError(Message("card.token", token=shown(token), reason=_SKIP_RULE))
            placed.append(Phase10Placed(card, face))
        return cls.of(kind, placed)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Phase10Meld:
        """Read the checker's group shape: ``{"kind": "set", "cards": [{"card": "W", "as": "7"}]}``.
        The ``wild`` flag, when given, must agree with the card."""
        if not isinstance(data, Mapping):
            raise MeldError(Message("p10.meld.not_table", data=repr(data)))
        kind = _kind(str(data.get("kind")))
        entries = data.get("cards")
        if not isinstance(entries, list):
            raise MeldError(Message(f"p10.meld.cards.{kind.value}", cards=repr(entries)))
        placed = []
        for i, entry in enumerate(entries, start=1):
            where = Message(f"p10.meld.card_of.{kind.value}", index=i)
            if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
                raise MeldError(Message("p10.meld.where", where=where, reason=Message("meld.card.not_table", entry=repr(entry))))
            try:
                card = parse_phase10_card(entry["card"])
                if card.is_skip:
                    raise SkipError(Message("p10.meld.where", where=where, reason=_SKIP_RULE))
                face = parse_face(str(entry["as"]), kind) if "as" in entry else _own_face(card, kind)
            except CardError as error:
                raise MeldError(Message("p10.meld.where", where=where, reason=message_of(error))) from None
            item = Phase10Placed(card, face)
            if "wild" in entry and bool(entry["wild"]) != item.wild:
                said_wild = Message("p10.meld.wild_flag" if item.wild else "p10.meld.not_wild_flag", card=p10_card(card), flag=bool(entry["wild"]))
                raise MeldError(Message("p10.meld.where", where=where, reason=said_wild))
            placed.append(item)
        return cls.of(kind, placed)

    # --- what it is ------------------------------------------------------------------------------

    @property
    def naturals(self) -> int:
        """How many number cards it holds."""
        return sum(not p.wild for p in self.cards)

    def _defect(self) -> Message | None:
        """Why the group is not well formed (ignoring its size), or ``None``."""
        cards = self.cards
        if not cards:
            return Message("p10.defect.empty", kind=self.kind.value)
        for p in cards:
            if p.card.is_skip:
                return _SKIP_RULE
        kind = self.kind
        colour_faces = [p.face for p in cards if isinstance(p.face, Colour)]
        if kind is GroupKind.COLOUR and len(colour_faces) != len(cards):
            return Message("p10.defect.colour_faces")
        if kind is not GroupKind.COLOUR and colour_faces:
            return Message(f"p10.defect.number_faces.{kind.value}")
        for p in cards:
            if not p.wild and not p.stands_as_itself():
                return Message("p10.defect.not_itself", card=p10_card(p.card), face=_stands_for(p.face))
        if kind is GroupKind.COLOUR:
            colours = Counter(p.face for p in cards)
            if len(colours) > 1:
                return Message("p10.defect.mixed", colours=Items(tuple(Message(f"colour.{c.noun}") for c in _COLOURS if c in colours)))
            return None
        numbers = [int(p.face) for p in cards]
        for n in numbers:
            if not LOWEST <= n <= HIGHEST:
                return Message("p10.defect.range", number=n)
        if kind is GroupKind.SET:
            counts = Counter(numbers)
            if len(counts) > 1:
                main = max(counts, key=lambda n: (counts[n], -n))
                other = min((n for n in counts if n != main), key=lambda n: (counts[n], n))
                return Message("p10.defect.set", number=main, face=_face_words(other))
            return None
        counts = Counter(numbers)
        twice = sorted(n for n, k in counts.items() if k > 1)
        if twice:
            return Message("p10.defect.twice", number=twice[0])
        ordered = sorted(numbers)
        if ordered[-1] - ordered[0] + 1 != len(ordered):
            # 11 12 1 2: consecutive only if 12 were followed by 1.
            if HIGHEST in counts and LOWEST in counts and _wraps(set(numbers)):
                return Message("p10.defect.wrap")
            return Message("p10.defect.gap", numbers=Items(tuple(ordered), "space"))
        return None

    @property
    def number(self) -> int:
        """The number of a set."""
        face = self.cards[0].face
        if self.kind is not GroupKind.SET or not isinstance(face, int):
            raise MeldError(Message("p10.meld.not_a", meld=str(self), kind=Message("p10.kind.set")))
        return face

    @property
    def colour(self) -> Colour:
        """The colour of a colour group."""
        face = self.cards[0].face
        if self.kind is not GroupKind.COLOUR or not isinstance(face, Colour):
            raise MeldError(Message("p10.meld.not_a", meld=str(self), kind=Message("p10.kind.colour")))
        return face

    def open_cards(self) -> tuple[Face, ...]:
        """What the group can still take: a set its number, a run the number below its lowest and
        above its highest (within 1..12), a colour group its colour.

        >>> Phase10Meld.from_text("run", "9r 10y 11g 12b").open_cards()
        (8,)
        """
        defect = self._defect()
        if defect is not None:
            raise MeldError(Message("p10.meld.ill_formed", meld=str(self), kind=Message(f"p10.kind.{self.kind.value}"), defect=defect))
        if self.kind is GroupKind.SET:
            return (self.number,)
        if self.kind is GroupKind.COLOUR:
            return (self.colour,)
        low, high = int(self.cards[0].face), int(self.cards[-1].face)
        return tuple(n for n in (low - 1, high + 1) if LOWEST <= n <= HIGHEST)

    # --- hitting ---------------------------------------------------------------------------------

    def why_not(self, card: PlayingCard, as_face: Face | None = None, rules: Rules = PHASE10) -> str | None:
        """Why this group cannot take ``card`` (a wild card standing for ``as_face``), or ``None``.

        >>> sevens = Phase10Meld.from_text("set", "7r 7y 7g")
        >>> sevens.why_not(parse_phase10_card("9b"))
        'a set of 7s takes only 7s, not 9b'
        >>> sevens.why_not(parse_phase10_card("S"))
        'a skip can never be part of a phase'
        """
        try:
            self._place(card, as_face, rules)
        except MeldError as error:
            return str(error)
        return None

    def accepts(self, card: PlayingCard, as_face: Face | None = None, rules: Rules = PHASE10) -> bool:
        """Can ``card`` hit this group (a wild card as ``as_face`` when given)? A wild card without
        ``as_face`` is accepted if it can stand for something the group takes.

        >>> Phase10Meld.from_text("colour", "1r 5r 9r 2r 3r 4r 6r").accepts(parse_phase10_card("12r"))
        True
        """
        if self.why_not(card, as_face, rules) is None:
            return True
        return as_face is None and isinstance(card, Phase10Card) and card.is_wild and any(self.why_not(card, f, rules) is None for f in self._ends())

    def _ends(self) -> tuple[Face, ...]:
        try:
            return self.open_cards()
        except MeldError:
            return ()

    def extend(self, card: PlayingCard, as_face: Face | None = None, rules: Rules = PHASE10) -> Phase10Meld:
        """The group with ``card`` added to it; raises ``MeldError`` naming the rule if it cannot.
        A wild card hitting a run with two open ends must say which number it stands for.

        >>> run = Phase10Meld.from_text("run", "4r 5b 6g 7r")
        >>> print(run.extend(parse_phase10_card("W"), 8))
        run: 4r 5b 6g 7r [W=8]
        >>> run.extend(parse_phase10_card("W"))
        Traceback (most recent call last):
        ...
        upto9.problems.MeldError: say which number the wild card stands for: 3 or 8
        """
        placed = self._place(card, as_face, rules)
        if self.kind is GroupKind.RUN and placed.face == int(self.cards[0].face) - 1:
            return Phase10Meld(self.kind, (placed, *self.cards))
        return Phase10Meld(self.kind, (*self.cards, placed))

    def _place(self, card: PlayingCard, as_face: Face | None, rules: Rules) -> Phase10Placed:
        if not isinstance(card, Phase10Card):
            raise MeldError(Message("p10.meld.standard", card=str(card), rules=rules.name))
        if card.is_skip:
            raise SkipError(_SKIP_RULE)
        ends = self.open_cards()
        if self.kind is GroupKind.RUN and not ends:
            raise MeldError(Message("p10.meld.run_full"))
        if card.is_wild:
            if as_face is None:
                if len(ends) > 1:
                    raise MeldError(Message("p10.meld.say_which", ends=Items(tuple(_face_text(e) for e in ends), "or")))
                as_face = ends[0]
            if as_face not in ends:
                return self._refuse(_face_text(as_face), ends)
            return Phase10Placed(card, as_face)
        own = _own_face(card, self.kind)
        if as_face is not None and as_face != own:
            raise MeldError(Message("p10.defect.not_itself", card=p10_card(card), face=_stands_for(as_face)))
        if own not in ends:
            return self._refuse(p10_card(card), ends)
        return Phase10Placed(card, own)

    def _refuse(self, offered: Param, ends: tuple[Face, ...]) -> Phase10Placed:
        if self.kind is GroupKind.SET:
            raise MeldError(Message("p10.meld.set_takes", number=int(ends[0]), offered=offered))
        if self.kind is GroupKind.COLOUR:
            colour = ends[0]
            assert isinstance(colour, Colour)
            raise MeldError(Message(f"p10.meld.colour_takes.{colour.noun}", offered=offered))
        ends_words = Items(tuple(_face_text(e) for e in ends), "or")
        raise MeldError(Message("p10.meld.not_next", offered=offered, low=self.cards[0].face, high=self.cards[-1].face, ends=ends_words))


def hits(card: PlayingCard, face: object, kind: GroupKind) -> bool:
    """May ``card`` hit a meld as ``face``, one of its open faces: a wild as anything, a number
    card as its own number (set, run) or colour (colour group), a skip never.

    >>> hits(parse_phase10_card("7r"), 7, GroupKind.SET), hits(parse_phase10_card("S"), 7, GroupKind.SET)
    (True, False)
    """
    if not isinstance(card, Phase10Card) or card.is_skip:
        return False
    if card.is_wild:
        return True
    return card.colour == face if kind is GroupKind.COLOUR else card.number == face


def _wraps(numbers: set[int]) -> bool:
    """Would these numbers be consecutive if 12 were followed by 1?"""
    shifted = sorted((n - 1 + 6) % 12 for n in numbers)  # rotate so 12 and 1 sit in the middle
    return shifted[-1] - shifted[0] + 1 == len(shifted)


def wild_faces(kind: GroupKind | str, others: Iterable[Phase10Placed], size: int | None = None) -> tuple[Face, ...]:
    """What one more wild card may stand for in a group beside ``others`` (the cards already in it):
    in a set its number, in a colour group its colour, in a run each number that fills a gap or
    continues it so that the whole still fits in ``size`` numbers (default: with no gap left),
    within 1..12 (no wrap from 12 to 1), nearest first. Where the numbers cannot fit in ``size`` already, the
    numbers that bring them closest. The number or colour is that of the number cards where there
    are any; with no card at all, every number or colour fits.

    >>> wild_faces("run", Phase10Meld.from_text("run", "3g 4g 5y").cards, size=4)
    (2, 6)
    >>> wild_faces("set", Phase10Meld.from_text("set", "W=1 7r 7b").cards)
    (7,)
    >>> wild_faces("colour", [])
    (<Colour.RED: 'r'>, <Colour.YELLOW: 'y'>, <Colour.GREEN: 'g'>, <Colour.BLUE: 'b'>)
    """
    kind = _kind(kind)
    placed = [p for p in others if not p.card.is_skip]
    if kind is not GroupKind.RUN:
        wanted = Colour if kind is GroupKind.COLOUR else int
        faces = [p.face for p in placed if isinstance(p.face, wanted)]
        firm = [p.face for p in placed if isinstance(p.face, wanted) and not p.wild] or faces
        if not firm:
            return _COLOURS if kind is GroupKind.COLOUR else _NUMBERS
        return (Counter(firm).most_common(1)[0][0],)
    taken = {p.face for p in placed if isinstance(p.face, int)}
    spans = {n: max(taken | {n}) - min(taken | {n}) + 1 for n in _NUMBERS if n not in taken}
    for window in range(max(size or 0, len(taken) + 1), HIGHEST + 1):
        fitting = sorted((n for n in spans if spans[n] <= window), key=lambda n: spans[n])  # stable: low first
        if fitting:
            return tuple(fitting)
    return ()


# --- validating a lay-down --------------------------------------------------------------------------


def contract(level: Level) -> str:
    """The phase in the rules' words.

    >>> [contract(PHASE10.level(n)) for n in (1, 2, 8)]
    ['2 sets of 3', '1 set of 3 + 1 run of 4', '7 cards of one colour']
    """
    return str(contract_message(level))


def contract_message(level: Level) -> Message:
    """``contract`` as a message, to word it in any language.

    >>> from upto9.messages import render
    >>> [render(contract_message(PHASE10.level(n)), "nb") for n in (1, 2, 8)]
    ['2 grupper med 3 like', '3 like og serie på 4', '7 kort i samme farge']
    """
    parts: list[Param] = []
    groups = list(level.groups)
    i = 0
    while i < len(groups):
        j = i
        while j < len(groups) and groups[j] == groups[i]:
            j += 1
        parts.append(Message(f"p10.part.{groups[i].kind.value}", n=j - i, size=groups[i].size))
        i = j
    return Message("list", items=Items(tuple(parts), "contract"))


def _meld_problems(meld: Phase10Meld, index: int, group: Group, level: Level) -> list[Problem]:
    problems: list[Problem] = []
    where = Message("p10.the", name=group_message(group), index=index + 1)
    if meld.kind is not group.kind:
        return [Problem("kind", Message(f"p10.problem.kind.{meld.kind.value}", level=level.number, group=group_message(group)), index)]
    if any(p.card.is_skip for p in meld.cards):
        problems.append(Problem("skip", Message("p10.problem.skip", group=where), index))
    elif meld.cards:
        defect = meld._defect()
        if defect is not None:
            rule = _DEFECT_RULES.get(defect.key, meld.kind.value)
            problems.append(Problem(rule, Message("p10.problem.defect", defect=defect, group=where), index))
    if len(meld.cards) < group.size:
        problems.append(Problem("size", Message("p10.problem.size", group=where, n=len(meld.cards), level=level.number, size=group.size), index))
    return problems


# The rule a defect breaks, by its message; any other defect breaks the group's own kind.
_DEFECT_RULES = {
    "p10.defect.wrap": "wrap",
    "p10.defect.not_itself": "face",
    "p10.defect.colour_faces": "face",
    "p10.defect.number_faces.set": "face",
    "p10.defect.number_faces.run": "face",
}


def _whole_problems(melds: Sequence[Phase10Meld], level: Level) -> list[Problem]:
    problems: list[Problem] = []
    naturals = sum(m.naturals for m in melds)
    if naturals < level.natural_cards:
        if level.natural_cards == 1:
            # An empty lay-down is reported by its groups' sizes; this rule is about wild cards.
            if any(m.cards for m in melds):
                problems.append(Problem("natural", Message("p10.problem.natural.one")))
        else:
            problems.append(Problem("natural", Message("p10.problem.natural", need=level.natural_cards, held=naturals)))
    wilds = sum(m.jokers for m in melds)
    if not level.unlimited and wilds > level.jokers:
        allows = Message("p10.allows.none") if level.jokers == 0 else Message("p10.allows", wilds=wild_cards(level.jokers))
        problems.append(Problem("budget", Message("p10.problem.budget", level=level.number, allows=allows, used=wilds)))
    return problems


def validate_phase10(melds: Sequence[object], level: int | Level, rules: Rules = PHASE10, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]:
    """Every reason a proposed Phase 10 lay-down breaks the phase; empty when it is valid.
    ``upto9.melds.validate`` sends Phase 10 rule sets here.

    Groups may come in any order (each is matched to the phase's group it fits best: the matching
    with the fewest problems) and hold more cards than the phase asks; with ``hand`` the lay-down
    must use only cards the hand holds.

    Raises ``TypeError`` naming the argument when ``melds`` is not a sequence of groups, ``level``
    not an ``int`` or a ``Level``, ``rules`` not a ``Rules`` or ``hand`` not an iterable of cards;
    ``RulesError`` for a phase number the rules lack; ``CardError`` for a hand of more than
    ``upto9.cards.MAX_HAND`` cards.

    >>> sets = [Phase10Meld.from_text("set", "7r 7y W=7"), Phase10Meld.from_text("set", "9b 9g 9r 9y")]
    >>> validate_phase10(sets, 1)
    ()
    >>> [p.message for p in validate_phase10([Phase10Meld.from_text("run", "11r 12b 1g 2y")], 4)][0]
    'a run cannot wrap from 12 to 1 (the run of 7 (1))'
    """
    require_rules(rules)
    given = melds_of(melds)
    level = level_of(level, rules)
    held = hand_of(hand) if hand is not None else None
    parsed: list[Phase10Meld] = []
    problems: list[Problem] = []
    for i, meld in enumerate(given):
        if isinstance(meld, Phase10Meld):
            parsed.append(meld)
            continue
        if not isinstance(meld, Mapping):
            reason = Message("p10.problem.not_group", meld=shown(str(meld)))
            problems.append(Problem("format", Message("p10.problem.format", index=i + 1, reason=reason), i))
            continue
        try:
            parsed.append(Phase10Meld.from_dict(meld))
        except SkipError as error:
            problems.append(Problem("skip", Message("p10.problem.format", index=i + 1, reason=message_of(error)), i))
        except (MeldError, CardError) as error:
            problems.append(Problem("format", Message("p10.problem.format", index=i + 1, reason=message_of(error)), i))
    if problems:
        return tuple(problems)
    if len(parsed) != len(level.groups):
        count = len(level.groups)
        return (Problem("groups", Message("p10.problem.groups", level=level.number, contract=contract_message(level), n=count, given=len(parsed))),)
    # The fewest problems of the groups in their places (a group's problems there depend only on
    # the place's kind and size); the rest judge the whole lay-down, however it is matched.
    # Groups that fit their places in the order given cost nothing: that matching is the first of
    # the least cost (a checker's lay-down, always), with no problems, found without the rest.
    if any(_meld_problems(meld, j, group, level) for j, (meld, group) in enumerate(zip(parsed, level.groups, strict=True))):
        shapes = {(g.kind, g.size): g for g in level.groups}
        fits = [{shape: len(_meld_problems(meld, 0, group, level)) for shape, group in shapes.items()} for meld in parsed]
        order = assign([[fit[g.kind, g.size] for g in level.groups] for fit in fits])
        problems = [
            Problem(p.rule, p.msg, order[p.meld] if p.meld is not None else None)
            for j, group in enumerate(level.groups)
            for p in _meld_problems(parsed[order[j]], j, group, level)
        ]
    problems += _whole_problems(parsed, level)
    if held is not None:
        have = Counter(held)
        used = Counter(p.card for m in parsed for p in m.cards)
        for card, count in sorted(used.items(), key=lambda item: item[0].key):
            if count > have[card]:
                problems.append(Problem("hand", Message("problem.hand", count=count, card=p10_card(card, "bare"), held=have[card])))
    return tuple(problems)


# --- the phase checker ------------------------------------------------------------------------------
#
# Every slot of a set or a run wants a card of one number, colour free; every slot of a colour group
# wants a card of one colour, number free; a wild card fills any slot. Wild cards are all alike, so
# the fewest wild cards is the most slots filled by number cards ("fill"), and the phase is made
# when the rest can be wild: slots - fill <= the wild cards in hand (and the phase's budget, if a
# house rule sets one), with at least ``natural_cards`` number cards.
#
# For chosen targets (each set's number, each run's lowest number, each colour group's colour) the
# fill is a maximum flow from the hand's cards to the slots. Without colour groups only numbers
# matter: number n fills min(cards of n, slots wanting n), and runs take their one card of each
# number before the sets take the rest. Sets are then matched to numbers largest first: sets that
# share a number form one block, and the largest blocks go to the most plentiful numbers. With
# colour groups beside sets or runs (house rules only), the flow's minimum cut is taken over which
# colours' groups are cut: a few subsets.

_SET, _RUN, _COL = 0, 1, 2
_KIND_CODE = {GroupKind.SET: _SET, GroupKind.RUN: _RUN, GroupKind.COLOUR: _COL}
_NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
_CELL = [[Phase10Card(n, c) for c in _COLOURS] if n else [] for n in range(HIGHEST + 1)]
_WINDOW_BITS = {(start, size): sum(1 << n for n in range(start, start + size)) for size in range(1, 13) for start in range(1, 14 - size)}


def _partitions(items: Sequence[int]) -> list[list[list[int]]]:
    """Every way to split ``items`` into blocks (groups that share a number or a colour)."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    found = []
    for partition in _partitions(rest):
        found.append([[first], *partition])
        for i in range(len(partition)):
            found.append([*partition[:i], [first, *partition[i]], *partition[i + 1 :]])
    return found


@dataclass(frozen=True)
class _Plan:
    """How to search one phase: its groups by kind, and the ways its sets (or colour groups) can
    share a number (colour), each as blocks of (demand, groups) largest first; more blocks first."""

    level: Level
    kinds: tuple[int, ...]
    sizes: tuple[int, ...]
    sets: tuple[int, ...]
    runs: tuple[int, ...]
    colours: tuple[int, ...]
    set_blocks: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    colour_blocks: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]

    @classmethod
    def of(cls, level: Level) -> _Plan:
        kinds = tuple(_KIND_CODE[g.kind] for g in level.groups)
        sizes = tuple(g.size for g in level.groups)
        by_kind = [tuple(i for i, k in enumerate(kinds) if k == kind) for kind in (_SET, _RUN, _COL)]

        def blocks(groups: tuple[int, ...]) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
            seen: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}
            for partition in sorted(_partitions(list(groups)), key=lambda p: -len(p)):
                ranked = tuple(sorted(((sum(sizes[g] for g in block), tuple(block)) for block in partition), key=lambda b: -b[0]))
                seen.setdefault(tuple(d for d, _ in ranked), ranked)  # the same demands fill the same
            return tuple(seen.values())

        return cls(level, kinds, sizes, by_kind[0], by_kind[1], by_kind[2], blocks(by_kind[0]), blocks(by_kind[2]))


_PLANS: dict[int, _Plan] = {}


def _plan(level: Level) -> _Plan:
    plan = _PLANS.get(id(level))
    if plan is None or plan.level is not level:
        if len(_PLANS) > 1000:
            _PLANS.clear()
        plan = _PLANS[id(level)] = _Plan.of(level)
    return plan


class _Counts:
    """A hand reduced to counts: by number and colour (``cells[n * 4 + c]``), by number, by
    colour, and a bit per number the hand holds."""

    __slots__ = ("cells", "colour", "number", "present", "wild")

    def __init__(self, cards: Iterable[Phase10Card]) -> None:
        cells = [0] * 52
        number = [0] * 13
        colour = [0, 0, 0, 0]
        wild = present = 0
        for card in cards:
            key = card.key
            if key < 52:
                cells[key] += 1
                number[key >> 2] += 1
                colour[key & 3] += 1
                present |= 1 << (key >> 2)  # (a number card's number is one of _NUMBERS)
            elif key == 52:
                wild += 1
        self.cells, self.number, self.colour, self.wild = cells, number, colour, wild
        self.present = present

    def plus(self, key: int) -> _Counts:
        """These counts with one more card (a number card's key, or 52 for a wild card)."""
        more = object.__new__(_Counts)
        if key == 52:
            more.cells, more.number, more.colour, more.present, more.wild = self.cells, self.number, self.colour, self.present, self.wild + 1
            return more
        more.cells = list(self.cells)
        more.cells[key] += 1
        more.number = list(self.number)
        more.number[key >> 2] += 1
        more.colour = list(self.colour)
        more.colour[key & 3] += 1
        more.present = self.present | 1 << (key >> 2)
        more.wild = self.wild
        return more


Targets = tuple[int, ...]  # per group: a set's number, a run's lowest number, a colour group's colour index
_Blocks = Sequence[tuple[int, tuple[int, ...]]]


def _best_blocks(partitions: Sequence[_Blocks], counts: Sequence[int], keys: Sequence[int]) -> tuple[int, _Blocks, Sequence[int]]:
    """The partition filling most, its fill, and the numbers (colours) in plenty order: block i
    (largest first) goes to ``order[i]``. Among those that fill as much (as many wild cards), the
    one giving a number card to the most groups (not a set of wild cards alone where a number card
    could sit), then more blocks, then lower numbers."""
    if len(partitions) == 1 and len(partitions[0]) == 1:  # one group: the most plentiful number
        top = max(keys, key=counts.__getitem__)
        return min(counts[top], partitions[0][0][0]), partitions[0], (top,)
    order = sorted(keys, key=counts.__getitem__, reverse=True)  # stable: ties keep the lower number first
    best, chosen = (-1, -1), partitions[0]
    for blocks in partitions:
        fill = covered = 0
        for i, (demand, groups) in enumerate(blocks):
            have = counts[order[i]]
            fill += have if have < demand else demand
            covered += have if have < len(groups) else len(groups)  # groups that get a number card (``_fill`` shares them)
        if (fill, covered) > best:
            best, chosen = (fill, covered), blocks
    return best[0], chosen, order


def _solve(plan: _Plan, counts: _Counts) -> tuple[int, Targets]:
    """The most slots number cards can fill, and the targets that do it."""
    if plan.colours and (plan.sets or plan.runs):
        return _solve_mixed(plan, counts)
    targets = [0] * len(plan.kinds)
    if not plan.runs:
        if plan.colours:
            fill, blocks, order = _best_blocks(plan.colour_blocks, counts.colour, range(4))
        else:
            fill, blocks, order = _best_blocks(plan.set_blocks, counts.number, _NUMBERS)
        for i, (_demand, groups) in enumerate(blocks):
            for g in groups:
                targets[g] = order[i]
        return fill, tuple(targets)
    number = counts.number
    present = counts.present
    sizes = plan.sizes
    windows = [_windows(present, sizes[r]) for r in plan.runs]
    if len(plan.runs) == 1 and not plan.sets:
        fill, start = windows[0][0]
        targets[plan.runs[0]] = start
        return fill, tuple(targets)
    if len(plan.runs) == 1 and len(plan.sets) == 1:
        return _run_and_set(plan, counts, windows[0])
    # Every choice of windows, best first by what the runs could fill beside the sets' best.
    sets_ceiling = _best_blocks(plan.set_blocks, number, _NUMBERS)[0] if plan.sets else 0
    combos: list[tuple[int, tuple[int, ...]]]
    if len(windows) == 1:
        combos = [(fill, (start,)) for fill, start in windows[0]]
    else:
        twins = [i for i in range(len(plan.runs) - 1) if sizes[plan.runs[i]] == sizes[plan.runs[i + 1]]]
        combos = sorted(
            (
                (sum(w[0] for w in choice), tuple(w[1] for w in choice))
                for choice in product(*windows)
                if all(choice[i][1] <= choice[i + 1][1] for i in twins)  # the same run twice: each choice once
            ),
            key=lambda combo: -combo[0],
        )
    best = -1
    best_targets: Targets = ()
    for ceiling, starts in combos:
        if ceiling + sets_ceiling <= best:
            break  # windows come best first: none left can do better
        left = list(number)
        run_fill = 0
        for start, r in zip(starts, plan.runs, strict=True):
            for n in range(start, start + sizes[r]):
                if left[n]:
                    left[n] -= 1
                    run_fill += 1
        set_fill, blocks, order = _best_blocks(plan.set_blocks, left, _NUMBERS) if plan.sets else (0, (), ())
        if run_fill + set_fill > best:
            for start, r in zip(starts, plan.runs, strict=True):
                targets[r] = start
            for i, (_demand, groups) in enumerate(blocks):
                for g in groups:
                    targets[g] = order[i]
            best, best_targets = run_fill + set_fill, tuple(targets)
    return best, best_targets


def _run_and_set(plan: _Plan, counts: _Counts, windows: list[tuple[int, int]]) -> tuple[int, Targets]:
    """One run and one set (phases 2 and 3), by bits. The run takes one card of each number in
    its window; the set of ``size`` fills ``top`` = min(most of one number, size) when some number
    that fills it keeps all its cards (outside the window) or has one to spare (more than
    ``top``), and ``top - 1`` otherwise."""
    (run,), (group,) = plan.runs, plan.sets
    size = plan.sizes[group]
    number = counts.number
    most = max(number)
    top = most if most < size else size
    filling = spare = 0
    for n in _NUMBERS:
        if number[n] >= top:
            filling |= 1 << n
            if number[n] > top:
                spare |= 1 << n
    run_size = plan.sizes[run]
    best, best_start, best_number = -1, 0, 0
    for held, start in windows:
        if held + top <= best:
            break  # windows come most first
        bits = _WINDOW_BITS[start, run_size]
        full = (filling & ~bits) or (spare & bits)
        fill = held + (top if full or not top else top - 1)
        if fill > best:
            pick = full or filling
            best, best_start, best_number = fill, start, (pick & -pick).bit_length() - 1
    targets = [0, 0]
    targets[run], targets[group] = best_start, best_number
    return best, tuple(targets)


_WINDOWS: dict[tuple[int, int], list[tuple[int, int]]] = {}


def _windows(present: int, size: int) -> list[tuple[int, int]]:
    """(numbers the hand holds, lowest number) for every run window of ``size``, most first, then
    lowest first. Cached: there are only 2**12 hands' worth of number bits."""
    found = _WINDOWS.get((present, size))
    if found is None:
        found = sorted((((present & _WINDOW_BITS[start, size]).bit_count(), start) for start in range(1, 14 - size)), key=lambda w: -w[0])
        _WINDOWS[present, size] = found
    return found


def _demands(plan: _Plan, targets: Targets) -> tuple[list[int], list[int]]:
    """Slots wanting each number, slots wanting each colour."""
    number = [0] * (HIGHEST + 1)
    colour = [0, 0, 0, 0]
    for g, kind in enumerate(plan.kinds):
        t, size = targets[g], plan.sizes[g]
        if kind == _SET:
            number[t] += size
        elif kind == _RUN:
            for n in range(t, t + size):
                number[n] += 1
        else:
            colour[t] += size
    return number, colour


def _mixed_fill(counts: _Counts, number_demand: Sequence[int], colour_demand: Sequence[int]) -> int:
    """The maximum flow from cards to slots, as its minimum cut: for each set of colour groups
    cut off, each number sends what its slots and the uncut colour groups can take."""
    wanted = [c for c in range(4) if colour_demand[c]]
    cells, number = counts.cells, counts.number
    best = None
    for mask in range(1 << len(wanted)):
        cut = [wanted[i] for i in range(len(wanted)) if mask >> i & 1]
        open_colours = [c for c in wanted if c not in cut]
        value = sum(colour_demand[c] for c in cut)
        for n in _NUMBERS:
            value += min(number[n], number_demand[n] + sum(cells[4 * n + c] for c in open_colours))
        if best is None or value < best:
            best = value
    assert best is not None
    return best


def _solve_mixed(plan: _Plan, counts: _Counts) -> tuple[int, Targets]:
    """Colour groups beside sets or runs: every choice of targets, each by its flow."""
    options: list[range] = []
    for g, kind in enumerate(plan.kinds):
        options.append(range(1, 13) if kind == _SET else range(1, 14 - plan.sizes[g]) if kind == _RUN else range(4))
    best = -1
    best_targets: Targets = ()
    groups = plan.level.groups
    for combo in product(*options):
        if any(groups[g] == groups[g + 1] and combo[g] > combo[g + 1] for g in range(len(combo) - 1)):
            continue  # the same group twice: each choice once
        fill = _mixed_fill(counts, *_demands(plan, combo))
        if fill > best:
            best, best_targets = fill, combo
    return best, tuple(best_targets)


def _flow_shares(plan: _Plan, counts: _Counts, targets: Targets) -> list[list[int]]:
    """A maximum flow for these targets: per card cell, how many go to its number's slots
    (``[0]``) and to its colour's groups (``[1]``); augmenting paths over a small graph."""
    number_demand, colour_demand = _demands(plan, targets)
    # Nodes: 0 source, 1..48 cells (n, c), 49..60 numbers, 61..64 colours, 65 sink.
    sink = 65
    capacity: dict[tuple[int, int], int] = {}
    edges: dict[int, list[int]] = {v: [] for v in range(66)}

    def add(u: int, v: int, cap: int) -> None:
        if cap <= 0:
            return
        capacity[u, v] = capacity.get((u, v), 0) + cap
        capacity.setdefault((v, u), 0)
        edges[u].append(v)
        edges[v].append(u)

    for n in _NUMBERS:
        add(48 + n, sink, number_demand[n])
        for c in range(4):
            cell = 4 * (n - 1) + c + 1
            add(0, cell, counts.cells[4 * n + c])
            if number_demand[n]:
                add(cell, 48 + n, counts.cells[4 * n + c])
            if colour_demand[c]:
                add(cell, 61 + c, counts.cells[4 * n + c])
    for c in range(4):
        add(61 + c, sink, colour_demand[c])
    while True:
        came: dict[int, int] = {0: 0}
        queue = [0]
        for u in queue:
            for v in edges[u]:
                if v not in came and capacity[u, v] > 0:
                    came[v] = u
                    queue.append(v)
        if sink not in came:
            break
        v = sink
        while v:
            u = came[v]
            capacity[u, v] -= 1
            capacity[v, u] += 1
            v = u
    shares = [[0, 0] for _ in range(52)]
    for n in _NUMBERS:
        for c in range(4):
            cell = 4 * (n - 1) + c + 1
            shares[4 * n + c][0] = capacity.get((48 + n, cell), 0)
            shares[4 * n + c][1] = capacity.get((61 + c, cell), 0)
    return shares


_Filled = list[list[tuple[Face, Phase10Card | None]]]


def _fill(plan: _Plan, counts: _Counts, targets: Targets) -> _Filled:
    """The cards in each slot: number cards first (runs before sets), then wild cards; ``None``
    where the hand has nothing left. Colours go in the order red, yellow, green, blue."""
    kinds, sizes = plan.kinds, plan.sizes
    filled: _Filled = [[] for _ in kinds]
    if plan.colours and (plan.sets or plan.runs):
        shares = _flow_shares(plan, counts, targets)
        for_numbers = [s[0] for s in shares]
        for_colours = [s[1] for s in shares]
    else:
        for_numbers = for_colours = list(counts.cells)
    for g in (g for g in range(len(kinds)) if kinds[g] == _RUN):
        t, size, slots = targets[g], sizes[g], filled[g]
        for n in range(t, t + size):
            card = None
            for c in range(4):
                if for_numbers[4 * n + c]:
                    for_numbers[4 * n + c] -= 1
                    card = _CELL[n][c]
                    break
            slots.append((n, card))
    others = [g for g in range(len(kinds)) if kinds[g] != _RUN]
    # Sets (colour groups) that share a number (colour) share its cards: one to each first, so
    # that no group is wild cards alone while a number card could sit in it; then the rest in order.
    for most in [1, None]:
        for g in others:
            t, slots = targets[g], filled[g]
            size = sizes[g] if most is None else min(sizes[g], len(slots) + most)
            if kinds[g] == _SET:
                for c in range(4):
                    while for_numbers[4 * t + c] and len(slots) < size:
                        for_numbers[4 * t + c] -= 1
                        slots.append((t, _CELL[t][c]))
            else:
                for n in _NUMBERS:
                    while for_colours[4 * n + t] and len(slots) < size:
                        for_colours[4 * n + t] -= 1
                        slots.append((_COLOURS[t], _CELL[n][t]))
    for g in others:
        face: Face = targets[g] if kinds[g] == _SET else _COLOURS[targets[g]]
        filled[g].extend((face, None) for _ in range(sizes[g] - len(filled[g])))
    # Only as many wild cards as can count: the phase's budget, leaving room for its number cards.
    level = plan.level
    wilds = min(counts.wild, level.jokers, level.cards - level.natural_cards)
    for slots in filled:
        for j, (face, card) in enumerate(slots):
            if card is None and wilds:
                wilds -= 1
                slots[j] = (face, WILD)
    return filled


def kept_counts(verdict: Phase10Check) -> list[int]:
    """How many cards of each key (``[key]``, 54 entries) ``verdict.filled`` places: what ``_fill``
    puts in the slots, counted without making the slots, for a bot that keeps these cards.

    >>> verdict = check("5r 5y 5g 6b 7r 8g W", 2)
    >>> kept_counts(verdict) == [sum(1 for slots in verdict.filled for _f, c in slots if c is not None and c.key == k) for k in range(54)]
    True
    """
    plan = _plan(verdict.level)
    counts = verdict._counts
    targets = verdict.targets
    kinds, sizes = plan.kinds, plan.sizes
    kept = [0] * 54
    if plan.colours and (plan.sets or plan.runs):
        shares = _flow_shares(plan, counts, targets)
        for_numbers = [s[0] for s in shares]
        for_colours = [s[1] for s in shares]
    else:
        for_numbers = for_colours = list(counts.cells)  # (one list, as ``_fill`` has it)
    held = [0] * len(kinds)
    for g in (g for g in range(len(kinds)) if kinds[g] == _RUN):
        t = targets[g]
        for n in range(t, t + sizes[g]):
            for c in range(4):
                if for_numbers[4 * n + c]:
                    for_numbers[4 * n + c] -= 1
                    kept[4 * n + c] += 1
                    held[g] += 1
                    break
    others = [g for g in range(len(kinds)) if kinds[g] != _RUN]
    for most in [1, None]:
        for g in others:
            t = targets[g]
            size = sizes[g] if most is None else min(sizes[g], held[g] + most)
            if kinds[g] == _SET:
                for c in range(4):
                    while for_numbers[4 * t + c] and held[g] < size:
                        for_numbers[4 * t + c] -= 1
                        kept[4 * t + c] += 1
                        held[g] += 1
            else:
                for n in _NUMBERS:
                    while for_colours[4 * n + t] and held[g] < size:
                        for_colours[4 * n + t] -= 1
                        kept[4 * n + t] += 1
                        held[g] += 1
    level = plan.level
    wilds = min(counts.wild, level.jokers, level.cards - level.natural_cards)
    kept[WILD.key] = min(wilds, sum(sizes) - sum(held))
    return kept


# --- the answer --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Phase10Slot:
    """One place in an arrangement: what it stands for (a number or a colour) and the card in it:
    a number card (real), a wild card, or ``None`` (missing)."""

    face: Face
    card: Phase10Card | None

    @property
    def wild(self) -> bool:
        """Is the card in this slot a wild card?"""
        return self.card is not None and self.card.is_wild


@dataclass(frozen=True, slots=True)
class Phase10Arrangement:
    """A hand's cards arranged into a phase's groups, complete or with missing slots."""

    level: Level
    groups: tuple[tuple[Phase10Slot, ...], ...]

    @property
    def melds(self) -> tuple[Phase10Meld, ...]:
        """The groups, with only the slots a card fills."""
        return tuple(
            Phase10Meld(g.kind, tuple(Phase10Placed(s.card, s.face) for s in slots if s.card is not None))
            for g, slots in zip(self.level.groups, self.groups, strict=True)
        )

    @property
    def missing(self) -> tuple[Face, ...]:
        """The faces of the slots that no card of the hand fills: what the hand lacks (a wild
        card's slot is filled, by the wild card)."""
        return tuple(s.face for slots in self.groups for s in slots if s.card is None)


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _faces_message(faces: Sequence[Face]) -> Items:
    """``'a 7'``, ``'two 7s'``, ``'a 5 and an 8'``, ``'three red cards'``."""
    counts = Counter(faces)
    parts: list[Param] = []
    for face, k in counts.items():
        if isinstance(face, Colour):
            parts.append(Message(f"p10.a_colour.{face.noun}") if k == 1 else Message(f"p10.colours.{face.noun}", count=_count_word(k)))
        elif k == 1:
            parts.append(Message("p10.face.an" if face in (8, 11) else "p10.face.a", number=face))
        else:
            parts.append(Message("p10.numbers", count=_count_word(k), number=face))
    return Items(tuple(parts), "and")


def _count_word(k: int) -> Param:
    return Message(f"count.{k}") if k in _COUNT_WORDS else k


def _stands_for(face: Face) -> Param:
    """What a wild card stands for: a number, or a colour's name."""
    return Message(f"colour.{face.noun}") if isinstance(face, Colour) else face


def group_message(group: Group) -> Message:
    """A Phase 10 group's name: ``'set of 3'``, ``'run of 4'``, ``'colour group of 7'``.

    >>> from upto9.messages import render
    >>> render(group_message(PHASE10.level(2).groups[1]), "nb")
    'serie på 4'
    """
    return Message(f"p10.group.{group.kind.value}", size=group.size)


def _names(level: Level) -> list[Message]:
    """``'the set of 3'``; numbered when the phase has more than one group."""
    if len(level.groups) == 1:
        return [Message("p10.the.only", name=group_message(level.groups[0]))]
    return [Message("p10.the", name=group_message(g), index=i + 1) for i, g in enumerate(level.groups)]


@dataclass(frozen=True)
class Phase10Check:
    """The checker's verdict on a hand for a phase: the public interface of ``upto9.Check``.

    ``jokers`` counts wild cards; ``missing``, ``outs``, ``closest``, ``cards_short``, ``messages``
    and ``explanation`` are worked out when first asked for. ``missing`` is exactly what the hand
    lacks: ``len(missing) == cards_short``.
    """

    ok: bool
    level: Level
    jokers: int | None
    melds: tuple[Phase10Meld, ...]
    hand: tuple[Phase10Card, ...]
    rules: Rules = PHASE10
    fill: int = 0  # slots of the closest arrangement that number cards fill
    targets: Targets = ()

    @property
    def _budget(self) -> int:
        counts_wild = sum(1 for c in self.hand if c.is_wild)
        return min(counts_wild, self.level.jokers)

    @cached_property
    def _counts(self) -> _Counts:
        return _Counts(self.hand)

    @cached_property
    def filled(self) -> _Filled:
        """``closest``'s slots as (what it stands for, the card in it or ``None``) pairs, per group:
        the arrangement without its objects, for a bot that only reads it."""
        return _fill(_plan(self.level), self._counts, self.targets)

    @cached_property
    def closest(self) -> Phase10Arrangement:
        """The arrangement with the most slots filled by number cards (the fewest wild cards), with
        wild cards only where they count: its empty slots are the cards the hand is short."""
        return Phase10Arrangement(self.level, tuple(tuple(Phase10Slot(face, card) for face, card in slots) for slots in self.filled))

    @cached_property
    def cards_short(self) -> int:
        """The fewest cards that, added to the hand, would make the phase (0 when ``ok``): every
        added card fills one missing slot, as a number card or a wild card."""
        if self.ok:
            return 0
        missing = self.level.cards - self.fill
        return max(missing - self._budget, self.level.natural_cards - self.fill, 1)

    @cached_property
    def missing(self) -> tuple[Face, ...]:
        """What the hand lacks: the slots of the closest arrangement no card of the hand fills
        (numbers for sets and runs, colours for colour groups), one per card short.

        >>> c = check("7r 5y 9b 9g W 12r 1b 3g", 2)
        >>> c.missing, c.cards_short
        ((2, 4), 2)
        """
        return () if self.ok else self.closest.missing

    @cached_property
    def outs(self) -> tuple[Phase10Card, ...]:
        """The distinct cards any one of which, added to the hand, makes the phase."""
        return () if self.ok else outs(self.hand, self.level, self.rules)

    @cached_property
    def explanation(self) -> tuple[str, ...]:
        """Why the hand makes the phase or not, in plain English words (``messages`` rendered)."""
        return tuple(str(m) for m in self.messages)

    @cached_property
    def messages(self) -> tuple[Message, ...]:
        """Why the hand makes the phase or not, as messages (one per line of ``explanation``).

        >>> from upto9.messages import render
        >>> render(check("7r 7y W 9b 9g 9r", 1).messages[1], "nb")
        'Det beste nedlegget bruker 1 joker: én som 7.'
        """
        level = self.level
        head = Message("p10.head", level=level.number, contract=contract_message(level), budget=level.budget_message)
        if not self.ok:
            return (head, *self._shortfall())
        wilds = [p for m in self.melds for p in m.cards if p.wild]
        if not wilds:
            return (head, Message("p10.best.none"))
        stands = Items(tuple(Message("p10.w_as", face=_stands_for(p.face)) for p in wilds))
        return (head, Message("p10.best", wilds=wild_cards(len(wilds)), stands=stands))

    def _shortfall(self) -> list[Message]:
        level = self.level
        lines: list[Message] = []
        numbers = sum(1 for c in self.hand if c.special is None)
        wild = sum(1 for c in self.hand if c.is_wild)
        skips = len(self.hand) - numbers - wild
        if numbers + wild < level.cards:
            if skips:
                lines.append(Message("p10.too_few.skips", level=level.number, cards=level.cards, held=numbers + wild, n=skips))
            else:
                lines.append(Message("p10.too_few", level=level.number, cards=level.cards, held=numbers + wild))
        if self.fill < level.natural_cards:
            lines.append(Message("p10.natural.none" if not numbers else "p10.natural.few"))
        # A slot no number card fills needs a wild card: one stands in, or the card is missing.
        needed = 0
        for name, slots in zip(_names(level), self.closest.groups, strict=True):
            stood = [s.face for s in slots if s.wild]
            lacking = [s.face for s in slots if s.card is None]
            needed += len(stood) + len(lacking)
            if stood and lacking:
                lines.append(Message("p10.group.both", group=name, faces=_faces_message(lacking), stood=_faces_message(stood)))
            elif stood:
                lines.append(Message("p10.group.wild", group=name, wilds=wild_cards(len(stood)), stood=_faces_message(stood)))
            elif lacking:
                lines.append(Message("p10.group.lacks", group=name, faces=_faces_message(lacking)))
        if needed:
            if not level.unlimited and needed > level.jokers:
                lines.append(Message("p10.total", level=level.number, wilds=wild_cards(level.jokers), needed=needed))
            if needed > wild:
                # With no wild card every place without a number card is missing; with some, fewer are.
                lines.append(Message("p10.no_wild", needed=needed) if not wild else Message("p10.few_wild", wilds=wild_cards(wild), needed=needed))
        lines.append(Message("p10.short", n=self.cards_short))
        if self.outs:
            lines.append(Message("check.outs", cards=Items(tuple(p10_card(c) for c in self.outs))))
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data (``upto9.rummy.verdict_dict``)."""
        return verdict_dict(self)


def _as_hand(hand: str | Iterable[PlayingCard], rules: Rules) -> tuple[Phase10Card, ...]:
    cards = parse_hand(hand, rules=rules) if isinstance(hand, str) else hand_of(hand, texts=True)
    if _phase10_cards(cards):
        return cards
    card = next(c for c in cards if not isinstance(c, Phase10Card))
    raise CardError(Message("card.standard", card=str(card), rules=rules.name))


def _phase10_cards(cards: tuple[PlayingCard, ...]) -> TypeGuard[tuple[Phase10Card, ...]]:
    """Are these all Phase 10 cards? (A type guard: the checker keeps the tuple it has.)"""
    return all(isinstance(card, Phase10Card) for card in cards)


def _verdict(counts: _Counts, level: Level, fill: int) -> bool:
    return fill >= level.natural_cards and level.cards - fill <= min(counts.wild, level.jokers)


def check(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = PHASE10) -> Phase10Check:
    """Does some part of ``hand`` form the phase? Exact, with the fewest wild cards, at exactly
    the phase's sizes. ``upto9.check`` sends Phase 10 rule sets here.

    Raises ``CardError`` for a hand that cannot be read (or holds standard cards, or more than
    ``upto9.cards.MAX_HAND``), ``RulesError`` for a phase number the rules lack, and ``TypeError``
    naming the argument when ``hand`` is no ``str`` or iterable of cards, ``level`` no ``int`` or
    ``Level``, or ``rules`` no ``Rules``.

    >>> c = check("7r 7y W 9b 9g 9r 12b", 1)
    >>> c.ok, c.jokers, [str(m) for m in c.melds]
    (True, 1, ['set: 9r 9g 9b', 'set: 7r 7y [W=7]'])
    >>> c = check("5r 5y 5g 6b 7r 8g", 2)     # a card serves one part only
    >>> c.ok, c.missing, c.cards_short
    (False, (5,), 1)
    """
    cards = _as_hand(hand, require_rules(rules))
    return solved(cards, level_of(level, rules), rules)


def solved(cards: tuple[Phase10Card, ...], level: Level, rules: Rules) -> Phase10Check:
    """``check(cards, level, rules)`` for cards already read (a view's hand) and a ``Level``:
    nothing is read or checked again; ``cards_short`` is worked out with the verdict (a bot asks
    it of most hands).

    >>> hand = _as_hand("5r 5y 5g 6b 7r 8g", PHASE10)
    >>> verdict = solved(hand, PHASE10.level(2), PHASE10)
    >>> verdict == check(hand, 2), verdict.cards_short
    (True, 1)
    """
    counts = _Counts(cards)
    plan = _plan(level)
    fill, targets = _solve(plan, counts)
    if not _verdict(counts, level, fill):
        made = _verdict_of(False, level, None, (), cards, rules, fill, targets)
        # ``cards_short`` as it words it, with the wild cards counted already (``_budget``).
        made.__dict__["cards_short"] = max(level.cards - fill - min(counts.wild, level.jokers), level.natural_cards - fill, 1)
        made.__dict__["_counts"] = counts  # for ``filled``
        return made
    filled = _fill(plan, counts, targets)
    melds = tuple(
        Phase10Meld(group.kind, tuple(Phase10Placed(card, face) for face, card in slots if card is not None))
        for group, slots in zip(level.groups, filled, strict=True)
    )
    return _verdict_of(True, level, level.cards - fill, melds, cards, rules, fill, targets)


def _verdict_of(
    ok: bool, level: Level, jokers: int | None, melds: tuple[Phase10Meld, ...], hand: tuple[Phase10Card, ...], rules: Rules, fill: int, targets: Targets
) -> Phase10Check:
    """``Phase10Check(...)`` made without the frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` call per field): a bot's turn makes several."""
    made = object.__new__(Phase10Check)
    made.__dict__.update(ok=ok, level=level, jokers=jokers, melds=melds, hand=hand, rules=rules, fill=fill, targets=targets)
    return made


def holds(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = PHASE10) -> bool:
    """Does the hand hold the phase? ``check(...).ok`` without the arrangement. Raises what
    ``check`` raises: ``CardError``, ``RulesError``, and ``TypeError`` naming a wrong argument.

    >>> holds("1r 2y 3g W 5b 6r 7y", 4), holds("1r 2y 3g W 5b 6r", 4)
    (True, False)
    """
    cards = _as_hand(hand, require_rules(rules))
    level = level_of(level, rules)
    counts = _Counts(cards)
    return _verdict(counts, level, _solve(_plan(level), counts)[0])


def outs(hand: str | Iterable[PlayingCard], level: int | Level, rules: Rules = PHASE10) -> tuple[Phase10Card, ...]:
    """The distinct cards (a number in a colour, or the wild card; never a skip) any one of which,
    added to the hand, makes the phase; empty when the hand already makes it. Raises what
    ``check`` raises: ``CardError``, ``RulesError``, and ``TypeError`` naming a wrong argument.

    >>> [str(c) for c in outs("7r 7y 9b 9g W 12r", 1)]
    ['7r', '7y', '7g', '7b', '9r', '9y', '9g', '9b', 'W']
    """
    cards = _as_hand(hand, require_rules(rules))
    level = level_of(level, rules)
    counts = _Counts(cards)
    plan = _plan(level)
    fill = _solve(plan, counts)[0]
    if _verdict(counts, level, fill):
        return ()
    missing = level.cards - fill
    if max(missing - min(counts.wild, level.jokers), level.natural_cards - fill) > 1:
        return ()  # one card fills one slot at most
    found: list[Phase10Card] = []
    # Sets and runs care only for numbers, colour groups only for colours: one card of each stands for all.
    if not plan.colours:
        for n in _NUMBERS:
            more = counts.plus(4 * n)
            if _verdict(more, level, _solve(plan, more)[0]):
                found.extend(_CELL[n])
    elif not plan.sets and not plan.runs:
        for c in range(4):
            more = counts.plus(4 + c)
            if _verdict(more, level, _solve(plan, more)[0]):
                found.extend(_CELL[n][c] for n in _NUMBERS)
    else:
        for n in _NUMBERS:
            for c in range(4):
                more = counts.plus(4 * n + c)
                if _verdict(more, level, _solve(plan, more)[0]):
                    found.append(_CELL[n][c])
    more = counts.plus(52)
    if _verdict(more, level, fill):
        found.append(WILD)
    return tuple(sorted(found, key=lambda card: card.key))
