"""Melds on the table: straights and sets, what each card stands for, and what a meld can still take.

One model serves the lay-down (``validate`` checks a player's own grouping) and donations
(``Meld.accepts``, ``Meld.extend``, ``Meld.open_cards``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from upto9.cards import Card, CardError, PlayingCard, Rank, Suit, hand_of, parse_card, parse_rank, shown
from upto9.messages import Items, Message, message_of, the_group, wild_ranks
from upto9.messages import group_name as group_message
from upto9.messages import jokers as jokers_words
from upto9.problems import MeldError, Problem, assign, level_of, melds_of, require_rules
from upto9.rules import UPTO9, Group, GroupKind, Level, Rules
from upto9.rummy import MeldShape

__all__ = ["Face", "Meld", "MeldError", "Placed", "Problem", "counts_real", "run_positions", "validate", "wild_faces"]

Face = Card | Rank
"""What a card stands for: a card in a straight; in a set, a card or (for a joker) the rank alone."""

LOW_ACE, HIGH_ACE = 1, 14


_KINDS = {GroupKind.RUN.value: GroupKind.RUN, GroupKind.SET.value: GroupKind.SET}
"""Up to 9's meld kinds: straights and sets (colour groups are Phase 10's)."""


def _kind(kind: object) -> GroupKind:
    """The meld kind ``kind`` names; ``MeldError`` naming it when Up to 9 has no such meld."""
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise MeldError(Message("meld.kind", kind=shown(repr(kind))))
    return found


def position_rank(position: int) -> Rank:
    """The rank on a straight position 1..14 (1 and 14 are both the ace)."""
    return Rank.ACE if position == HIGH_ACE else Rank(position)


def _face_text(face: Face, glyphs: bool = False) -> str:
    if isinstance(face, Card):
        return face.glyph if glyphs else str(face)
    return str(face)


@dataclass(frozen=True, slots=True)
class Placed:
    """One card in a meld, the card it stands for, and whether it is a joker there.

    >>> Placed(parse_card("2c"), parse_card("4h")).wild, Placed(parse_card("3h"), parse_card("3h")).wild
    (True, False)
    """

    card: Card
    face: Face

    @property
    def wild(self) -> bool:
        """A card is a joker exactly when it stands for something other than itself."""
        if isinstance(self.face, Card):
            return self.face != self.card
        return self.face != self.card.rank

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "2c", "as": "4h", "wild": true}``."""
        return {"card": str(self.card), "as": _face_text(self.face), "wild": self.wild}

    def text(self, glyphs: bool = True) -> str:
        """``'5♥'`` for a real card, ``'[2♣=4♥]'`` for a joker."""
        own = self.card.glyph if glyphs else str(self.card)
        return f"[{own}={_face_text(self.face, glyphs)}]" if self.wild else own


def run_positions(faces: Sequence[Card]) -> tuple[int, ...] | None:
    """The straight positions (1..14) of these faces, sorted, if they form one straight in one
    suit; ``None`` otherwise. An ace goes low (1) or high (14), whichever makes the straight.

    >>> run_positions([parse_card(c) for c in "Qh Kh Ah".split()])
    (12, 13, 14)
    >>> run_positions([parse_card(c) for c in "Kh Ah 2h".split()]) is None
    True
    """
    if not faces or len({f.suit for f in faces}) != 1:
        return None
    others = sorted(int(f.rank) for f in faces if f.rank != Rank.ACE)
    aces = len(faces) - len(others)
    if len(set(others)) != len(others) or aces > 2:
        return None
    size = len(faces)
    candidates: list[list[int]] = []
    if aces == 0:
        candidates.append(others)
    elif aces == 1:
        candidates += [[LOW_ACE, *others], [*others, HIGH_ACE]]
    else:
        candidates.append([LOW_ACE, *others, HIGH_ACE])
    for positions in candidates:
        if positions[-1] - positions[0] + 1 == size:
            return tuple(positions)
    return None


@dataclass(frozen=True, slots=True)
class Meld(MeldShape):
    """A straight (``kind`` run) or a set on the table; straights hold their cards low to high.

    >>> m = Meld.from_text("run", "4c 5c 6c 7c")
    >>> m.accepts(parse_card("8c")), m.accepts(parse_card("3c")), m.accepts(parse_card("Kc"))
    (True, True, False)
    >>> [str(c) for c in m.open_cards()]
    ['3c', '8c']
    """

    kind: GroupKind
    cards: tuple[Placed, ...]

    # --- building --------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, kind: str | GroupKind, text: str) -> Meld:
        """A meld of real cards, or jokers written ``2c=4h`` (``2c=K`` in a set).

        Raises ``MeldError`` for a kind other than ``"run"`` or ``"set"``, ``CardError`` naming a
        card that cannot be read, and ``TypeError`` when ``text`` is not a ``str``.

        >>> print(Meld.from_text("set", "Kh Kd 2c=K"))
        set: K♥ K♦ [2♣=K]
        >>> Meld.from_text("set", "Kh Kd 2c=٧")
        Traceback (most recent call last):
        ...
        upto9.cards.CardError: '٧': '٧' cannot be part of a card: cards are written with A-Z, 0-9 and ♠ ♥ ♦ ♣
        """
        kind = _kind(kind)
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        placed: list[Placed] = []
        for token in text.replace(",", " ").split():
            card_text, _, face_text = token.partition("=")
            card = parse_card(card_text)
            placed.append(Placed(card, _parse_face(face_text, kind) if face_text else card))
        return cls.of(kind, placed)

    @classmethod
    def of(cls, kind: GroupKind, placed: Iterable[Placed]) -> Meld:
        """A meld from placed cards; a straight is put in order low to high when it can be."""
        items = tuple(placed)
        if kind is GroupKind.RUN:
            faces = [p.face for p in items]
            if all(isinstance(f, Card) for f in faces):
                positions = run_positions([f for f in faces if isinstance(f, Card)])
                if positions is not None:
                    items = tuple(_order_run(items, positions))
        return cls(kind, items)

    def on_table(self) -> Meld:
        """The meld as it lies on the table: a straight low to high, whatever order it was given in.

        >>> print(Meld.from_text("run", "8h 7h 6h 5h").on_table())
        run: 5♥ 6♥ 7♥ 8♥
        """
        return Meld.of(self.kind, self.cards)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meld:
        """Read the checker's meld shape: ``{"kind": "run", "cards": [{"card", "as", "wild"}]}``.

        The ``wild`` flag, when given, must agree with ``card`` and ``as``.
        """
        if not isinstance(data, Mapping):
            raise MeldError(Message("meld.not_table", data=repr(data)))
        kind = _kind(data.get("kind"))
        entries = data.get("cards")
        if not isinstance(entries, list):
            raise MeldError(Message("meld.cards", cards=repr(entries)))
        placed = []
        for i, entry in enumerate(entries, start=1):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
                reason = Message("meld.card.not_table", entry=repr(entry))
                raise MeldError(Message("meld.card.where", index=i, kind=Message(f"kind.{kind.value}"), reason=reason))
            try:
                card = parse_card(entry["card"])
                face_text = entry.get("as", entry["card"])
                face = _parse_face(str(face_text), kind)
            except CardError as error:
                raise MeldError(Message("meld.card.where", index=i, kind=Message(f"kind.{kind.value}"), reason=message_of(error))) from None
            item = Placed(card, face)
            if "wild" in entry and bool(entry["wild"]) != item.wild:
                key = "meld.card.joker_not_wild" if item.wild else "meld.card.real_wild"
                raise MeldError(Message(key, index=i, kind=Message(f"kind.{kind.value}"), card=str(card), face=_face_text(face)))
            placed.append(item)
        return cls.of(kind, placed)

    # --- what it is ------------------------------------------------------------------------------

    @property
    def rank(self) -> Rank:
        """The rank of a set."""
        face = self.cards[0].face
        return face.rank if isinstance(face, Card) else face

    @property
    def suit(self) -> Suit:
        """The suit of a straight."""
        face = self.cards[0].face
        assert isinstance(face, Card), "a straight's cards stand for whole cards"
        return face.suit

    @property
    def positions(self) -> tuple[int, ...]:
        """Straight positions 1..14, low to high."""
        faces = [p.face for p in self.cards]
        positions = run_positions([f for f in faces if isinstance(f, Card)]) if all(isinstance(f, Card) for f in faces) else None
        if positions is None:
            raise MeldError(Message("meld.not_straight", meld=str(self)))
        return positions

    # --- donations -------------------------------------------------------------------------------

    def open_cards(self) -> tuple[Face, ...]:
        """What the meld can still take: a straight's next card at each open end (never past an
        ace), a set's rank."""
        if self.kind is GroupKind.SET:
            return (self.rank,)
        positions = self.positions
        ends = []
        if positions[0] > LOW_ACE:
            ends.append(Card(position_rank(positions[0] - 1), self.suit))
        if positions[-1] < HIGH_ACE:
            ends.append(Card(position_rank(positions[-1] + 1), self.suit))
        return tuple(ends)

    def why_not(self, card: PlayingCard, as_card: Face | None = None, rules: Rules = UPTO9) -> str | None:
        """Why this meld cannot take ``card`` (standing for ``as_card``), or ``None`` if it can."""
        try:
            self._place(card, as_card, rules)
        except MeldError as error:
            return str(error)
        return None

    def accepts(self, card: PlayingCard, as_card: Face | None = None, rules: Rules = UPTO9) -> bool:
        """Can ``card`` be donated here (as ``as_card`` when given)? A 2 or 3 without ``as_card``
        is accepted if it can stand for some card that continues the meld.

        >>> Meld.from_text("run", "4c 5c 6c 7c").accepts(parse_card("2h"))
        True
        """
        if self.why_not(card, as_card, rules) is None:
            return True
        return (
            as_card is None
            and isinstance(card, Card)
            and card.rank in rules.wild_ranks
            and any(self.why_not(card, face, rules) is None for face in self.open_cards())
        )

    def extend(self, card: PlayingCard, as_card: Face | None = None, rules: Rules = UPTO9) -> Meld:
        """The meld with ``card`` donated to it; raises ``MeldError`` naming the rule if it cannot.

        >>> m = Meld.from_text("run", "4c 5c 6c 7c")
        >>> print(m.extend(parse_card("2h"), parse_card("8c")))
        run: 4♣ 5♣ 6♣ 7♣ [2♥=8♣]
        >>> m.extend(parse_card("2h"))
        Traceback (most recent call last):
        ...
        upto9.problems.MeldError: say which card the joker 2♥ stands for: 3♣ or 8♣
        """
        placed, at_low = self._place(card, as_card, rules)
        if at_low:
            return Meld(self.kind, (placed, *self.cards))
        return Meld(self.kind, (*self.cards, placed))

    def _place(self, card: PlayingCard, as_card: Face | None, rules: Rules) -> tuple[Placed, bool]:
        # The cards in a refusal as a player reads them (5♥): the pages show these words, and the
        # command line prints 5h where a terminal cannot.
        if not isinstance(card, Card):  # another family's card, offered to an Up to 9 meld
            raise MeldError(Message("meld.not_standard", card=str(card), rules=rules.name))
        wild_capable = card.rank in rules.wild_ranks
        if self.kind is GroupKind.SET:
            face: Face = as_card if as_card is not None else (card.rank if card.rank == self.rank or not wild_capable else self.rank)
            face_rank = face.rank if isinstance(face, Card) else face
            if face_rank != self.rank:
                raise MeldError(Message("meld.set_takes", ranks=_rank_noun(self.rank), face=_face_text(face, glyphs=True)))
            placed = Placed(card, face if face_rank != card.rank else card)
            if placed.wild and not wild_capable:
                raise MeldError(Message("meld.not_joker", card=card.glyph, wilds=wild_ranks(rules.wild_ranks)))
            return placed, False
        ends = self.open_cards()
        if not ends:
            raise MeldError(Message("meld.complete", meld=str(self)))
        if as_card is None:
            if card in ends:
                as_card = card
            elif not wild_capable:
                raise MeldError(Message("meld.not_next", card=card.glyph, ends=Items(tuple(_face_text(e, glyphs=True) for e in ends), "or")))
            elif len(ends) == 1:
                as_card = ends[0]
            else:
                raise MeldError(Message("meld.say_which", card=card.glyph, ends=Items(tuple(_face_text(e, glyphs=True) for e in ends), "or")))
        if not isinstance(as_card, Card) or as_card not in ends:
            wanted = Items(tuple(_face_text(e, glyphs=True) for e in ends), "or")
            raise MeldError(Message("meld.not_continue", face=_face_text(as_card, glyphs=True), meld=str(self), ends=wanted))
        placed = Placed(card, as_card)
        if placed.wild and not wild_capable:
            raise MeldError(Message("meld.not_joker", card=card.glyph, wilds=wild_ranks(rules.wild_ranks)))
        return placed, as_card == ends[0] and self.positions[0] > LOW_ACE


# --- what a joker may stand for, and what the verdict counts as real ---------------------------------


def _main_of(values: Sequence[tuple[bool, Any]]) -> Any:
    """The most common value of pairs (is the card a 2 or 3, value), counting only the cards that
    are not 2s or 3s when there are any; ties go to the one placed first."""
    firm = [v for wild_capable, v in values if not wild_capable]
    pool = firm or [v for _wild_capable, v in values]
    return Counter(pool).most_common(1)[0][0] if pool else None


def _span(faces: Sequence[Card]) -> int:
    """How many straight positions these faces (one suit) need at the least, gaps included; 99 when
    they cannot be one straight (a position twice)."""
    others = [int(f.rank) for f in faces if f.rank != Rank.ACE]
    aces = len(faces) - len(others)
    if len(set(others)) != len(others) or aces > 2:
        return 99
    # An ace goes low or high; two aces take both ends.
    spans = [99]
    ways: dict[int, list[tuple[int, ...]]] = {0: [()], 1: [(LOW_ACE,), (HIGH_ACE,)], 2: [(LOW_ACE, HIGH_ACE)]}
    for ace_positions in ways[aces]:
        positions = [*others, *ace_positions]
        spans.append(max(positions) - min(positions) + 1)
    return min(spans)


def wild_faces(kind: GroupKind | str, others: Iterable[Placed], size: int | None = None, rules: Rules = UPTO9) -> tuple[Face, ...]:
    """What one more joker may stand for in a group beside ``others`` (the cards already in it, as
    placed): in a set, the set's rank; in a straight, each card of its suit that fills a gap or
    continues it so that the whole still fits in one straight of ``size`` cards (default: with no
    gap left), never past an ace and never around the corner (no K-A-2); nearest first (a gap, then
    the next card at either end, low before high). Where the cards cannot fit in ``size`` already,
    the cards that bring them closest. The group's rank or suit is that of its cards other than 2s
    and 3s where it has any; with no card at all, every rank or card fits.

    >>> [str(f) for f in wild_faces("run", Meld.from_text("run", "5h 6h 8h").cards, size=4)]
    ['7h']
    >>> [str(f) for f in wild_faces("run", Meld.from_text("run", "Qh Kh Ah").cards, size=4)]
    ['Jh']
    >>> [str(f) for f in wild_faces("run", Meld.from_text("run", "2d 5h 6h").cards, size=4)]
    ['4h', '7h', '3h', '8h']
    >>> [str(f) for f in wild_faces("set", Meld.from_text("set", "2d Kh Kd").cards)]
    ['K']
    """
    kind = GroupKind(kind)
    placed = list(others)
    if kind is GroupKind.SET:
        main_rank = _main_of([((p.card.rank in rules.wild_ranks), p.face.rank if isinstance(p.face, Card) else p.face) for p in placed])
        return (main_rank,) if main_rank is not None else tuple(Rank)
    suit = _main_of([((p.card.rank in rules.wild_ranks), p.face.suit) for p in placed if isinstance(p.face, Card)])
    if suit is None:
        return tuple(Card(rank, s) for s in Suit for rank in (Rank.ACE, *(r for r in Rank if r is not Rank.ACE)))
    taken = [p.face for p in placed if isinstance(p.face, Card) and p.face.suit == suit]
    ranks = (Rank.ACE, *(r for r in Rank if r is not Rank.ACE))
    spans = {rank: _span([*taken, Card(rank, suit)]) for rank in ranks}
    for window in range(max(size or 0, len(taken) + 1), HIGH_ACE + 1):
        fitting = sorted((rank for rank in ranks if spans[rank] <= window), key=lambda rank: spans[rank])  # stable: low first
        if fitting:
            return tuple(Card(rank, suit) for rank in fitting)
    return ()


def counts_real(meld: Meld, rules: Rules = UPTO9) -> tuple[bool, ...]:
    """For each card of ``meld``, does the verdict count it as a real card? A card is real when it
    stands for itself, except that a 2 or 3 "as itself" in a straight of another suit can only be a
    joker there (``validate`` says so).

    >>> counts_real(Meld.from_text("run", "5h 6h 2c 8h"))
    (True, True, False, True)
    >>> counts_real(Meld.from_text("run", "2h 3h 4h 5h"))
    (True, True, True, True)
    """
    if meld.kind is GroupKind.SET:
        return tuple(not p.wild for p in meld.cards)
    suits = Counter(p.face.suit for p in meld.cards if isinstance(p.face, Card))
    main = suits.most_common(1)[0][0] if suits else None
    return tuple(not p.wild and (main is None or p.card.rank not in rules.wild_ranks or p.card.suit == main) for p in meld.cards)


def _rank_noun(rank: Rank) -> Message:
    """A rank in the plural: ``'kings'``, ``'7s'``."""
    return Message("rank.noun", noun=rank.noun, rank=str(rank))


def _parse_face(text: str, kind: GroupKind) -> Face:
    text = text.strip()
    if kind is GroupKind.SET:
        try:
            return parse_rank(text)
        except CardError:
            return parse_card(text)
    return parse_card(text)


def _order_run(items: Sequence[Placed], positions: Sequence[int]) -> list[Placed]:
    """Put a straight's cards in position order; a lone ace goes to whichever end is free."""
    by_position: dict[int, Placed] = {}
    pending_aces = []
    for item in items:
        assert isinstance(item.face, Card)
        if item.face.rank == Rank.ACE:
            pending_aces.append(item)
        else:
            by_position[int(item.face.rank)] = item
    for position in positions:
        if position not in by_position:
            by_position[position] = pending_aces.pop(0)
    return [by_position[p] for p in positions]


# --- validating a lay-down --------------------------------------------------------------------------


class _Where:
    """``the_group(group, index, by="noun")``, made when a problem names it."""

    __slots__ = ("group", "index")

    def __init__(self, group: Group, index: int) -> None:
        self.group = group
        self.index = index

    def message(self) -> Message:
        return the_group(self.group, self.index, by="noun")


def _meld_problems(meld: Meld, index: int, group: Group, level: Level, rules: Rules) -> list[Problem]:
    problems: list[Problem] = []
    where = _Where(group, index + 1)  # worded only for a problem: most melds have none

    def add(rule: str, key: str, **params: Any) -> None:
        problems.append(Problem(rule, Message(key, **{k: v.message() if isinstance(v, _Where) else v for k, v in params.items()}), index))

    if meld.kind is not group.kind:
        add("kind", "problem.kind", level=level.number, group=group_message(group), kind=Message(f"kind.{meld.kind.value}"))
        return problems
    if len(meld.cards) != group.size:
        add("size", "problem.size", group=where, n=len(meld.cards), level=level.number, name=group_message(group), size=group.size)
    for p in meld.cards:
        if p.wild and p.card.rank not in rules.wild_ranks:
            add("joker", "problem.joker", card=p.card.glyph, face=_face_text(p.face, True), wilds=wild_ranks(rules.wild_ranks))
    if group.kind is GroupKind.RUN:
        faces = [p.face for p in meld.cards]
        cards = [f for f in faces if isinstance(f, Card)]
        if len(cards) != len(faces):
            add("face", "problem.face", group=where)
            return problems
        suits = Counter(f.suit for f in cards)
        if len(suits) > 1:
            main = suits.most_common(1)[0][0]
            strays = [p for p in meld.cards if isinstance(p.face, Card) and p.face.suit != main]
            if all((p.card.rank in rules.wild_ranks) and not p.wild for p in strays):
                # A 2 or 3 of another suit, put in as itself: in this straight it can only be a joker.
                for p in strays:
                    add("real", "problem.real", card=p.card.glyph, suit=Message(f"suit.{main.noun}"), rank=str(p.card.rank))
            else:
                add("suit", "problem.suit", group=where, suits=Items(tuple(Message(f"suit.{s.noun}") for s in sorted(suits, key=lambda s: s.order))))
        elif cards and run_positions(cards) is None:  # (no card: its size says what is wrong, not a gap)
            ranks = {f.rank for f in cards}
            counts = Counter(cards)
            repeated = [c for c, n in counts.items() if n > 1 and c.rank != Rank.ACE] or [c for c, n in counts.items() if n > 2]
            if repeated:
                add("repeat", "problem.repeat", group=where, card=repeated[0].glyph)
            elif Rank.ACE in ranks and Rank.KING in ranks and Rank.TWO in ranks:
                add("wrap", "problem.wrap", group=where)
            else:
                add("sequence", "problem.sequence", group=where, cards=Items(tuple(c.glyph for c in cards), "space"))
    else:
        ranks = {(p.face.rank if isinstance(p.face, Card) else p.face) for p in meld.cards}
        if len(ranks) > 1:
            add("rank", "problem.rank", group=where, ranks=Items(tuple(str(r) for r in sorted(ranks))))
    return problems


def _budget_problems(melds: Sequence[Meld], level: Level) -> list[Problem]:
    problems: list[Problem] = []
    total = sum(m.jokers for m in melds)
    if total > level.jokers:
        jokers = [p for m in melds for p in m.cards if p.wild]
        named = Items(tuple(Message("joker.as", card=p.card.glyph, face=_face_text(p.face, True)) for p in jokers))
        allows = Message("allows", jokers=jokers_words(level.jokers))
        problems.append(Problem("budget", Message("problem.budget", level=level.number, allows=allows, used=total, named=named)))
    for i, (meld, group) in enumerate(zip(melds, level.groups, strict=True)):
        cap = group.jokers
        if cap is not None and meld.jokers > cap and cap < level.jokers:
            where = the_group(group, i + 1, by="noun")
            message = Message(f"problem.group_budget.{group.kind.value}", level=level.number, jokers=jokers_words(cap), group=where, held=meld.jokers)
            problems.append(Problem("group budget", message, i))
    clean = sum(1 for m in melds if m.jokers == 0)
    if clean < level.clean_groups:
        noun = level.groups[0].kind.value if len({g.kind for g in level.groups}) == 1 else "group"
        problems.append(Problem("clean", Message(f"problem.clean.{noun}", level=level.number, n=level.clean_groups)))
    return problems


def validate(melds: Sequence[object], level: int | Level, rules: Rules = UPTO9, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]:
    """Every reason a proposed lay-down breaks the level's contract; empty when it is valid.

    Melds may come in any order; each is matched to the level's group it fits best (the matching
    with the fewest problems: melds that fit their groups, then the fewest over a group's joker
    cap). With ``hand``, the lay-down must also use only cards the hand holds (Up to 9's melds:
    ``upto9.family.validate`` asks each rule set's own family).

    Raises ``TypeError`` naming the argument when ``melds`` is not a sequence of melds, ``level``
    not an ``int`` or a ``Level``, ``rules`` not a ``Rules`` or ``hand`` not an iterable of cards;
    ``RulesError`` for a level number the rules lack; ``CardError`` for a hand of more than
    ``upto9.cards.MAX_HAND`` cards.

    >>> validate([Meld.from_text("run", "5h 6h 2c=7h 8h")], 1)[0].message
    'level 1 allows no jokers; this lay-down uses 1 (2♣ as 7♥)'
    >>> validate([Meld.from_text("run", "2h 3h 4h 5h")], 1)
    ()
    >>> validate([Meld.from_text("run", "2h 3h 4h 5h")], "1")
    Traceback (most recent call last):
    ...
    TypeError: level must be an int or a Level, not str
    """
    require_rules(rules)
    given = melds_of(melds)
    level = level_of(level, rules)
    held = hand_of(hand) if hand is not None else None
    parsed: list[Meld] = []
    problems: list[Problem] = []
    for i, meld in enumerate(given):
        if isinstance(meld, Meld):
            parsed.append(meld)
            continue
        if not isinstance(meld, Mapping):
            reason = Message("problem.not_meld", meld=shown(str(meld)), rules=rules.name)
            problems.append(Problem("format", Message("problem.format", index=i + 1, reason=reason), i))
            continue
        try:
            parsed.append(Meld.from_dict(meld))
        except (MeldError, CardError) as error:
            problems.append(Problem("format", Message("problem.format", index=i + 1, reason=message_of(error)), i))
    if problems:
        return tuple(problems)
    groups = level.groups
    if len(parsed) != len(groups):
        return (Problem("groups", Message("problem.groups", level=level.number, contract=level.contract_message, n=len(groups), given=len(parsed))),)
    order, as_given = _matched(parsed, level, rules)
    ordered = [parsed[i] for i in order]
    # Melds that fit their groups as given have no problems there (``_matched`` asked already).
    problems = (
        []
        if as_given
        else [
            Problem(p.rule, p.msg, order[p.meld] if p.meld is not None else None)
            for j, (meld, group) in enumerate(zip(ordered, groups, strict=True))
            for p in _meld_problems(meld, j, group, level, rules)
        ]
    )
    if not problems:
        problems = [Problem(p.rule, p.msg, order[p.meld] if p.meld is not None else None) for p in _budget_problems(ordered, level)]
    if held is not None:
        have = Counter(held)
        used = Counter(p.card for m in parsed for p in m.cards)
        for card, count in sorted(used.items()):
            if count > have[card]:
                problems.append(Problem("hand", Message("problem.hand", count=count, card=card.glyph, held=have[card])))
    return tuple(problems)


def _matched(melds: Sequence[Meld], level: Level, rules: Rules) -> tuple[tuple[int, ...], bool]:
    """Which meld goes to which group (``order[group] = meld``), and whether the melds fit their
    groups in the order given (then none has a problem there): the fewest problems of the melds
    in their groups; when every meld can fit its group, the fewest melds over their group's joker
    cap among those matchings. Ties go to the matching met first in the order of the melds as
    given. (The level-wide budget and clean-group rules do not depend on the matching.)

    A meld's problems in a group depend only on the group's kind and size, so they are worked out
    once per kind of group; the matching is an assignment problem (``upto9.problems.assign``).
    """
    groups = level.groups
    # The melds in the order given, each fitting its group within its cap, cost nothing: that
    # matching is the first of the least cost (a checker's lay-down, always), found without the rest.
    for meld, group in zip(melds, groups, strict=True):
        cap = group.jokers
        if (cap is not None and meld.jokers > cap and cap < level.jokers) or _meld_problems(meld, 0, group, level, rules):
            break
    else:
        return tuple(range(len(groups))), True
    kinds = {(g.kind, g.size): g for g in groups}
    fits = [{shape: len(_meld_problems(meld, 0, group, level, rules)) for shape, group in kinds.items()} for meld in melds]
    misfit = [[fit[g.kind, g.size] for g in groups] for fit in fits]
    order = assign(misfit)
    if any(misfit[meld][group] for group, meld in enumerate(order)):
        return order, False  # some meld fits no group: its problems are what the player needs to see
    # Every meld fits: a meld that cannot fit a group costs more than every cap problem together.
    over = [[int(g.jokers is not None and meld.jokers > g.jokers and g.jokers < level.jokers) for g in groups] for meld in melds]
    worse = len(groups) + 1
    return assign([[m * worse + o for m, o in zip(row_misfit, row_over, strict=True)] for row_misfit, row_over in zip(misfit, over, strict=True)]), False
