"""Melds on the table: straights and sets, what each card stands for, and what a meld can still take.

One model serves the lay-down (``validate`` checks a player's own grouping) and donations
(``Meld.accepts``, ``Meld.extend``, ``Meld.open_cards``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any

from upto9.cards import AnyCard, Card, CardError, Rank, Suit, parse_card, parse_rank
from upto9.rules import UPTO9, Family, Group, GroupKind, Level, Rules

if TYPE_CHECKING:
    from upto9.phase10 import Phase10Meld

__all__ = ["Face", "Meld", "MeldError", "Placed", "Problem", "run_positions", "validate"]

Face = Card | Rank
"""What a card stands for: a card in a straight; in a set, a card or (for a joker) the rank alone."""

LOW_ACE, HIGH_ACE = 1, 14


class MeldError(ValueError):
    """A meld that cannot be read or a card that a meld cannot take; the message names the rule."""


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
class Meld:
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

        >>> print(Meld.from_text("set", "Kh Kd 2c=K"))
        set: K♥ K♦ [2♣=K]
        """
        kind = GroupKind(kind)
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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meld:
        """Read the checker's meld shape: ``{"kind": "run", "cards": [{"card", "as", "wild"}]}``.

        The ``wild`` flag, when given, must agree with ``card`` and ``as``.
        """
        if not isinstance(data, Mapping):
            raise MeldError(f"a meld must be a table with 'kind' and 'cards', got {data!r}")
        try:
            kind = GroupKind(str(data.get("kind")))
        except ValueError:
            raise MeldError(f"meld kind must be 'run' or 'set', got {data.get('kind')!r}") from None
        entries = data.get("cards")
        if not isinstance(entries, list):
            raise MeldError(f"meld cards must be a list, got {entries!r}")
        placed = []
        for i, entry in enumerate(entries, start=1):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
                raise MeldError(f"card {i} of the {kind.value}: must be a table with 'card', got {entry!r}")
            try:
                card = parse_card(entry["card"])
                face_text = entry.get("as", entry["card"])
                face = _parse_face(str(face_text), kind)
            except CardError as error:
                raise MeldError(f"card {i} of the {kind.value}: {error}") from None
            item = Placed(card, face)
            if "wild" in entry and bool(entry["wild"]) != item.wild:
                where = f"card {i} of the {kind.value}: {card} as {_face_text(face)}"
                if item.wild:
                    raise MeldError(f"{where} is a joker, but the record says wild=false: a card is real only as itself")
                raise MeldError(f"{where} stands for itself, but the record says wild=true: it is real, not a joker")
            placed.append(item)
        return cls.of(kind, placed)

    # --- what it is ------------------------------------------------------------------------------

    def __str__(self) -> str:
        return f"{self.kind.value}: {' '.join(p.text() for p in self.cards)}"

    def to_dict(self) -> dict[str, Any]:
        """The checker's JSON shape."""
        return {"kind": self.kind.value, "cards": [p.to_dict() for p in self.cards]}

    @property
    def jokers(self) -> int:
        """How many of its cards are jokers."""
        return sum(p.wild for p in self.cards)

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
            raise MeldError(f"{self} is not a straight")
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

    def why_not(self, card: Card, as_card: Face | None = None, rules: Rules = UPTO9) -> str | None:
        """Why this meld cannot take ``card`` (standing for ``as_card``), or ``None`` if it can."""
        try:
            self._place(card, as_card, rules)
        except MeldError as error:
            return str(error)
        return None

    def accepts(self, card: Card, as_card: Face | None = None, rules: Rules = UPTO9) -> bool:
        """Can ``card`` be donated here (as ``as_card`` when given)? A 2 or 3 without ``as_card``
        is accepted if it can stand for some card that continues the meld.

        >>> Meld.from_text("run", "4c 5c 6c 7c").accepts(parse_card("2h"))
        True
        """
        if self.why_not(card, as_card, rules) is None:
            return True
        return as_card is None and rules.is_wild(card) and any(self.why_not(card, face, rules) is None for face in self.open_cards())

    def extend(self, card: Card, as_card: Face | None = None, rules: Rules = UPTO9) -> Meld:
        """The meld with ``card`` donated to it; raises ``MeldError`` naming the rule if it cannot.

        >>> m = Meld.from_text("run", "4c 5c 6c 7c")
        >>> print(m.extend(parse_card("2h"), parse_card("8c")))
        run: 4♣ 5♣ 6♣ 7♣ [2♥=8♣]
        >>> m.extend(parse_card("2h"))
        Traceback (most recent call last):
        ...
        upto9.melds.MeldError: say which card the joker 2h stands for: 3c or 8c
        """
        placed, at_low = self._place(card, as_card, rules)
        if at_low:
            return Meld(self.kind, (placed, *self.cards))
        return Meld(self.kind, (*self.cards, placed))

    def _place(self, card: Card, as_card: Face | None, rules: Rules) -> tuple[Placed, bool]:
        wild_capable = rules.is_wild(card)
        if self.kind is GroupKind.SET:
            face: Face = as_card if as_card is not None else (card.rank if card.rank == self.rank or not wild_capable else self.rank)
            face_rank = face.rank if isinstance(face, Card) else face
            if face_rank != self.rank:
                raise MeldError(f"a set of {self.rank.noun} takes only {self.rank.noun}, not {_face_text(face)}")
            placed = Placed(card, face if face_rank != card.rank else card)
            if placed.wild and not wild_capable:
                raise MeldError(f"{card} is not a joker: only {_wild_names(rules)} can stand for another card")
            return placed, False
        ends = self.open_cards()
        if not ends:
            raise MeldError(f"the straight {self} is complete from ace to ace: it takes no more cards")
        if as_card is None:
            if card in ends:
                as_card = card
            elif not wild_capable:
                raise MeldError(f"{card} does not continue the straight: it takes only {' or '.join(str(e) for e in ends)}")
            elif len(ends) == 1:
                as_card = ends[0]
            else:
                raise MeldError(f"say which card the joker {card} stands for: {' or '.join(str(e) for e in ends)}")
        if not isinstance(as_card, Card) or as_card not in ends:
            raise MeldError(
                f"{_face_text(as_card)} does not continue the straight {self}: a straight grows at either end in its "
                f"suit, never past an ace; it takes only {' or '.join(str(e) for e in ends)}"
            )
        placed = Placed(card, as_card)
        if placed.wild and not wild_capable:
            raise MeldError(f"{card} is not a joker: only {_wild_names(rules)} can stand for another card")
        return placed, as_card == ends[0] and self.positions[0] > LOW_ACE


def _wild_names(rules: Rules) -> str:
    return " and ".join(f"{r}s" for r in sorted(rules.wild_ranks)) or "no cards"


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


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a proposed lay-down fails: the rule it breaks (a short key) and the words."""

    rule: str
    message: str
    meld: int | None = None

    def __str__(self) -> str:
        return self.message


def _meld_problems(meld: Meld, index: int, group: Group, level: Level, rules: Rules) -> list[Problem]:
    problems: list[Problem] = []
    where = f"the {group.noun} ({index + 1})"

    def add(rule: str, message: str) -> None:
        problems.append(Problem(rule, message, index))

    if meld.kind is not group.kind:
        add("kind", f"level {level.number} wants a {group.name} here, not a {meld.kind.value}")
        return problems
    if len(meld.cards) != group.size:
        add("size", f"{where} holds {len(meld.cards)} cards; level {level.number} lays down a {group.name}, exactly {group.size}")
    for p in meld.cards:
        if p.wild and not rules.is_wild(p.card):
            add("joker", f"{p.card.glyph} cannot stand for {_face_text(p.face, True)}: only {_wild_names(rules)} are jokers")
    if group.kind is GroupKind.RUN:
        faces = [p.face for p in meld.cards]
        cards = [f for f in faces if isinstance(f, Card)]
        if len(cards) != len(faces):
            add("face", f"every card in a straight stands for a whole card (rank and suit); {where} has a rank alone")
            return problems
        suits = Counter(f.suit for f in cards)
        if len(suits) > 1:
            main = suits.most_common(1)[0][0]
            strays = [p for p in meld.cards if isinstance(p.face, Card) and p.face.suit != main]
            if all(rules.is_wild(p.card) and not p.wild for p in strays):
                # A 2 or 3 of another suit, put in as itself: in this straight it can only be a joker.
                for p in strays:
                    add("real", f"{p.card.glyph} in a {main.noun} straight is a joker, not a real card: only a {p.card.rank} of {main.noun} is real there")
            else:
                add("suit", f"a straight is one suit; {where} mixes {', '.join(s.noun for s in sorted(suits, key=lambda s: s.order))}")
        elif run_positions(cards) is None:
            ranks = {f.rank for f in cards}
            counts = Counter(cards)
            repeated = [c for c, n in counts.items() if n > 1 and c.rank != Rank.ACE] or [c for c, n in counts.items() if n > 2]
            if repeated:
                add("repeat", f"a straight holds each position once; {where} has {repeated[0].glyph} twice")
            elif Rank.ACE in ranks and Rank.KING in ranks and Rank.TWO in ranks:
                add("wrap", f"a straight cannot wrap around the corner (…K-A-2…); {where} does")
            else:
                add("sequence", f"a straight is consecutive; {where} ({' '.join(c.glyph for c in cards)}) has a gap")
    else:
        ranks = {(p.face.rank if isinstance(p.face, Card) else p.face) for p in meld.cards}
        if len(ranks) > 1:
            add("rank", f"a set is one rank; {where} mixes {', '.join(str(r) for r in sorted(ranks))}")
    return problems


def _budget_problems(melds: Sequence[Meld], level: Level) -> list[Problem]:
    problems: list[Problem] = []
    total = sum(m.jokers for m in melds)
    jokers = [p for m in melds for p in m.cards if p.wild]
    named = ", ".join(f"{p.card.glyph} as {_face_text(p.face, True)}" for p in jokers)
    if total > level.jokers:
        allows = "allows no jokers" if level.jokers == 0 else f"allows {level.jokers} joker{'s' if level.jokers != 1 else ''}"
        problems.append(Problem("budget", f"level {level.number} {allows}; this lay-down uses {total} ({named})"))
    for i, (meld, group) in enumerate(zip(melds, level.groups, strict=True)):
        cap = group.jokers
        if cap is not None and meld.jokers > cap and cap < level.jokers:
            allows = f"level {level.number} allows at most {cap} joker{'s' if cap != 1 else ''} in each {group.noun}"
            problems.append(Problem("group budget", f"{allows}; the {group.noun} ({i + 1}) holds {meld.jokers}", i))
    clean = sum(1 for m in melds if m.jokers == 0)
    if clean < level.clean_groups:
        noun = level.groups[0].noun if len({g.kind for g in level.groups}) == 1 else "group"
        problems.append(Problem("clean", f"level {level.number} needs at least {level.clean_groups} {noun} with no joker; every one holds a joker"))
    return problems


def validate(
    melds: Sequence[Meld | Phase10Meld | Mapping[str, Any]], level: int | Level, rules: Rules = UPTO9, hand: Iterable[AnyCard] | None = None
) -> tuple[Problem, ...]:
    """Every reason a proposed lay-down breaks the level's contract; empty when it is valid.

    Melds may come in any order; each is matched to the level's group it fits best. With
    ``hand``, the lay-down must also use only cards the hand holds.

    >>> validate([Meld.from_text("run", "5h 6h 2c=7h 8h")], 1)[0].message
    'level 1 allows no jokers; this lay-down uses 1 (2♣ as 7♥)'
    >>> validate([Meld.from_text("run", "2h 3h 4h 5h")], 1)
    ()
    """
    if rules.family is Family.PHASE10:
        from upto9.phase10 import validate_phase10  # Phase 10's groups build on this module

        return validate_phase10(melds, level, rules, hand)
    level = rules.level(level) if isinstance(level, int) else level
    parsed: list[Meld] = []
    problems: list[Problem] = []
    for i, meld in enumerate(melds):
        if isinstance(meld, Meld):
            parsed.append(meld)
            continue
        if not isinstance(meld, Mapping):
            problems.append(Problem("format", f"meld {i + 1}: {meld} is not a meld of {rules.name}", i))
            continue
        try:
            parsed.append(Meld.from_dict(meld))
        except (MeldError, CardError) as error:
            problems.append(Problem("format", f"meld {i + 1}: {error}", i))
    if problems:
        return tuple(problems)
    if len(parsed) != len(level.groups):
        return (
            Problem(
                "groups",
                f"level {level.number} lays down {level.contract}: {len(level.groups)} group{'s' if len(level.groups) != 1 else ''}, not {len(parsed)}",
            ),
        )
    best: list[Problem] | None = None
    for order in permutations(range(len(parsed))):
        ordered = [parsed[i] for i in order]
        found = [
            Problem(p.rule, p.message, order[p.meld] if p.meld is not None else None)
            for j, (meld, group) in enumerate(zip(ordered, level.groups, strict=True))
            for p in _meld_problems(meld, j, group, level, rules)
        ]
        if not found:
            found = [Problem(p.rule, p.message, order[p.meld] if p.meld is not None else None) for p in _budget_problems(ordered, level)]
        if best is None or len(found) < len(best):
            best = found
        if not best:
            break
    assert best is not None
    problems = best
    if hand is not None:
        have = Counter(hand)
        used = Counter(p.card for m in parsed for p in m.cards)
        for card, count in sorted(used.items()):
            if count > have[card]:
                problems.append(Problem("hand", f"the lay-down uses {count} × {card.glyph}; the hand holds {have[card]}"))
    return tuple(problems)
