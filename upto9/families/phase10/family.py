"""Phase 10: numbers 1-12 in four colours, wild cards and skips (``cards``); ten phases of sets,
runs and colour groups, any number of wild cards in a phase (``phases``, ``docs/rules.md#phase-10``).

>>> from upto9.families.phase10.cards import WILD
>>> FAMILY.check("7r 7y W 9b 9g 9r", 1, FAMILY.rules).ok, FAMILY.fits(WILD, 7, GroupKind.SET, FAMILY.rules)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from upto9.cards import PlayingCard
from upto9.families.phase10 import phases
from upto9.families.phase10.bot import Phase10Mind
from upto9.families.phase10.cards import SKIP, WILD, Colour, Phase10Card, parse_phase10_token, phase10_deck
from upto9.families.phase10.fields import deck_of
from upto9.family import Coaching, FamilyView, RummyFamily, TableMeld
from upto9.looks import CardLook
from upto9.messages import Items, Message, Param, wild_cards
from upto9.problems import MeldError, Problem
from upto9.rules import PHASE10, Group, GroupKind, Level, Rules
from upto9.rummy import EngineRummy

__all__ = ["FAMILY", "Phase10Family"]


class Phase10Family(EngineRummy):
    """The Phase 10 family, as the engine asks it (``upto9.family.RummyFamily``)."""

    key = "phase10"
    name = "Phase 10"
    level_word = "phase"
    donating = "hit"  # what the game calls adding a card to a meld on the table

    # The turn model (upto9.family.GameFamily) is the engine's rummy round and game: EngineRummy.

    def mind(self) -> Phase10Mind:
        """A fresh mind for ``upto9.bots.HeuristicBot``: the family's play, with its own caches."""
        return Phase10Mind()

    @property
    def rules(self) -> Rules:
        """The standard rule set."""
        return PHASE10

    def read_token(self, token: str) -> PlayingCard:
        return parse_phase10_token(token)

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]:
        deck = deck_of(rules)
        return phase10_deck(deck.copies, deck.wilds, deck.skips)

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool:
        return isinstance(card, Phase10Card) and card.is_wild

    # The checker's own functions, not wrappers: check() is the engine's hottest call.
    check = staticmethod(phases.check)
    holds = staticmethod(phases.holds)
    outs = staticmethod(phases.outs)

    def validate(self, laid: Sequence[object], level: int | Level, rules: Rules, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]:
        return phases.validate_phase10(laid, level, rules, hand)

    def read_meld(self, data: Mapping[str, Any]) -> phases.Phase10Meld:
        return phases.Phase10Meld.from_dict(data)

    def read_face(self, text: str, kind: GroupKind) -> phases.Face:
        """A wild card's face as a record writes it: a number (set, run) or a colour (colour group).

        >>> FAMILY.read_face("7", GroupKind.SET), FAMILY.read_face("r", GroupKind.COLOUR)
        (7, <Colour.RED: 'r'>)
        """
        return phases.parse_face(text, kind)

    def fits(self, card: PlayingCard, face: object, kind: GroupKind, rules: Rules) -> bool:
        """May ``card`` hit a meld as ``face``, one of its open faces (``phases.hits``)."""
        return phases.hits(card, face, kind)

    def contract(self, level: Level) -> Message:
        return phases.contract_message(level)

    # --- what the widgets need to draw the game (issue 13: the widgets ask, they never branch) ---

    group_caps = False  # wild cards are counted for the whole phase only

    def card_grid(self, rules: Rules) -> tuple[tuple[PlayingCard, ...], ...]:
        """The hand builder's rows: the numbers 1-12 in red, yellow, green and blue, and a last row
        with the wild card and the skip.

        >>> [len(row) for row in FAMILY.card_grid(FAMILY.rules)], [str(c) for c in FAMILY.card_grid(FAMILY.rules)[-1]]
        ([12, 12, 12, 12, 2], ['W', 'S'])
        """
        return (*(tuple(Phase10Card(n, colour) for n in range(1, 13)) for colour in _COLOUR_ROWS), (WILD, SKIP))

    def sort_key(self, card: PlayingCard) -> tuple[int, int, int]:
        """A hand in order: by colour (red, yellow, green, blue), then number; wild cards and skips last."""
        if isinstance(card, Phase10Card):
            return (card.colour.order if card.colour is not None else 4, card.number, card.key)
        return (5, 0, card.key)

    def card_words(self, card: PlayingCard) -> Message:
        """A card's name, for screen readers and tooltips.

        >>> from upto9.messages import render
        >>> [render(FAMILY.card_words(c), "nb") for c in (Phase10Card(12, Colour.YELLOW), WILD, SKIP)]
        ['gul 12', 'joker', 'hopp over']
        """
        assert isinstance(card, Phase10Card), card
        if card.is_wild:
            return Message("look.wild")
        if card.is_skip:
            return Message("look.skip")
        assert card.colour is not None
        return Message("look.numbered", colour=Message(f"colour.{card.colour.noun}"), number=card.number)

    def face_words(self, face: object) -> Message:
        """What a wild card stands for, in words: a number (``'a 7'``, ``'an 8'``) or a colour (``'red'``).

        >>> from upto9.messages import render
        >>> render(FAMILY.face_words(11)), render(FAMILY.face_words(7), "nb"), render(FAMILY.face_words(Colour.RED), "nb")
        ('an 11', 'en 7-er', 'rød')
        """
        if isinstance(face, Colour):
            return Message(f"colour.{face.noun}")
        return Message("look.face.an" if face in (8, 11) else "look.face.a", face=str(face))

    def face_glyph(self, face: object) -> Message:
        """A face in short: ``'7'`` for a number, the colour's name for a colour."""
        return Message(f"colour.{face.noun}") if isinstance(face, Colour) else Message("raw", text=str(face))

    def wild_words(self, n: int) -> Message:
        """``'no wild cards'``, ``'1 wild card'``, ``'3 wild cards'``."""
        return wild_cards(n)

    def budget(self, level: Level) -> Message:
        """The phase's wild-card budget in words: any number, or a house rule's limit (with the
        number cards the phase must hold at least).

        >>> from dataclasses import replace
        >>> from upto9.messages import render
        >>> render(FAMILY.budget(PHASE10.level(1))), render(FAMILY.budget(replace(PHASE10.level(1), jokers=0, unlimited=False)), "nb")
        ('any number of wild cards, at least 1 number card', 'ingen jokere, minst 1 tallkort')
        """
        if level.unlimited:
            return level.budget_message
        natural: Param = Message("budget.natural", n=level.natural_cards) if level.natural_cards else ""
        if level.jokers == 0:
            return Message("look.budget.no_wilds", natural=natural)
        return Message("budget.wilds", n=level.jokers, natural=natural)

    def marked_contract(self, level: Level) -> Message:
        """``contract`` with a ``*`` when a group's size (or kind) is not stated by the rules text."""
        flagged = any((level.is_reconstructed(f"groups.{i}.size") or level.is_reconstructed(f"groups.{i}.kind")) for i in range(len(level.groups)))
        return Message("look.marked", text=self.contract(level)) if flagged else self.contract(level)

    def wild_faces(
        self, card: PlayingCard, kind: GroupKind, others: Sequence[tuple[PlayingCard, object | None]], size: int, rules: Rules
    ) -> tuple[object, ...]:
        """What a wild card may be said to stand for in a group of ``kind`` beside ``others`` (each a
        card and what it was said to stand for, ``None``: not said): ``phases.wild_faces``.

        >>> FAMILY.wild_faces(WILD, GroupKind.RUN, [(Phase10Card(3, Colour.GREEN), None), (WILD, 4)], 4, FAMILY.rules)
        (2, 5, 1, 6)
        """
        placed = []
        for other, face in others:
            if not isinstance(other, Phase10Card) or other.is_skip:
                continue
            if other.is_wild:
                if isinstance(face, int | Colour):
                    placed.append(phases.Phase10Placed(other, face))
            else:
                own = other.colour if kind is GroupKind.COLOUR else other.number
                assert own is not None
                placed.append(phases.Phase10Placed(other, own))
        return phases.wild_faces(kind, placed, size)

    def meld_of(self, kind: GroupKind, entries: Sequence[tuple[PlayingCard, object | None]], rules: Rules) -> TableMeld | None:
        """The meld these cards make (a wild card with what it was said to stand for), or ``None``
        when the engine cannot read them as one."""
        cards = [{"card": str(c), **({"as": str(f.value if isinstance(f, Colour) else f)} if f is not None else {})} for c, f in entries]
        try:
            return phases.Phase10Meld.from_dict({"kind": kind.value, "cards": cards})
        except MeldError:
            return None

    @property
    def catalog(self) -> Traversable:
        """The folder of the family's message domain: ``<lang>/LC_MESSAGES/phase10.po``, its game's
        own wording (``upto9.messages`` merges it with the engine's catalog).

        >>> sorted(p.name for p in FAMILY.catalog.iterdir() if p.is_dir())
        ['en', 'nb']
        """
        return resources.files(__package__ or __name__).joinpath("locale")

    def owns(self, value: object) -> bool:
        """Is ``value`` one of this game's cards or faces (a Phase 10 card, a number, a colour)?"""
        return isinstance(value, Phase10Card | Colour) or type(value) is int

    def group_words(self, group: Group) -> Message:
        """A group's name: ``'set of 3'``, ``'run of 4'``, ``'7 cards of one colour'``.

        >>> from upto9.messages import render
        >>> [render(FAMILY.group_words(g), "nb") for g in (*PHASE10.level(2).groups, *PHASE10.level(8).groups)]
        ['3 like', 'serie på 4', '7 kort i samme farge']
        """
        if group.kind is GroupKind.COLOUR:
            return Message("look.group.colour", size=group.size)
        return phases.group_message(group)

    def card_look(self, card: PlayingCard) -> CardLook:
        """A card's look: a number on its colour's face, a wild card (``✱``), a skip (``⊘``).

        >>> FAMILY.card_look(Phase10Card(7, Colour.RED)), FAMILY.card_look(WILD).tag
        (CardLook(text='7', tone='r', faced=True, tag=None, names_it=False), 'wild')
        """
        assert isinstance(card, Phase10Card), card
        if card.is_wild:
            return CardLook("✱", "wild", faced=True, tag="wild", names_it=False)
        if card.is_skip:
            return CardLook("⊘", "skip", faced=True, tag="skip", names_it=False)
        assert card.colour is not None
        return CardLook(str(card.number), card.colour.value, faced=True, names_it=False)

    def face_look(self, face: object) -> CardLook:
        """What a wild card stands for, drawn: a number, or a colour (its swatch and name)."""
        if isinstance(face, Colour):
            return CardLook(face.value, face.value, faced=True)
        return CardLook(str(face), "", faced=True)

    def as_itself(self, card: PlayingCard, face: object | None) -> bool:
        """A number card stands for itself; a wild card is wild wherever it lies."""
        return isinstance(card, Phase10Card) and not card.is_wild and not card.is_skip

    def counts_real(self, meld: TableMeld, rules: Rules) -> tuple[bool, ...]:
        """For each card of the meld: is it a real (number) card?"""
        return tuple(not p.wild for p in meld.cards)

    def deck_words(self, rules: Rules) -> Message:
        """The rule set's deck in words: its numbers, colours, wild cards and skips (and a house
        rule's number of decks).

        >>> from upto9.messages import render
        >>> render(FAMILY.deck_words(PHASE10))
        '108 cards: the numbers 1–12 in four colours (red, yellow, green, blue), 2 of each; 8 wild cards; 4 skips'
        """
        deck = self.one_deck(rules)
        numbered = [c for c in deck if isinstance(c, Phase10Card) and c.colour is not None]
        colours = tuple(Message(f"colour.{c.noun}") for c in dict.fromkeys(c.colour for c in numbered if c.colour is not None))
        more: Param = ""
        if any(d.decks != 1 for d in rules.decks):  # a house rule: more than one deck
            counts = tuple(Message("look.decks", n=d.decks, low=d.players[0], high=d.players[1]) for d in rules.decks)
            more = Message("look.deck.more", counts=Items(counts, "semicolon"))
        return Message(
            "look.deck.phase10",
            total=len(deck),
            top=max(c.number for c in numbered),
            colours=Items(colours, "comma"),
            copies=deck_of(rules).copies,
            wilds=deck_of(rules).wilds,
            skips=deck_of(rules).skips,
            more=more,
        )

    def card_facts(self, rules: Rules) -> tuple[tuple[Message, Message, tuple[str, ...]], ...]:
        """What the rule set's special cards do, as table rows (a label, the words, the rule fields
        whose marks the row takes): its wild cards, and its skips when the deck has any."""
        naturals = {lv.natural_cards for lv in rules.levels}
        if all(lv.unlimited for lv in rules.levels) and len(naturals) == 1:
            wild = Message("look.wild.unlimited", cards=Message("look.number_cards", n=naturals.pop()))
        else:
            wild = Message("look.wild.table")
        rows = [(Message("look.fact.wilds"), wild, ())]
        if deck_of(rules).skips:
            rows.append((Message("look.fact.skips"), Message("look.skip_rule"), ()))
        return tuple(rows)

    example = "7r 7y W 9b"  # a hand to show how cards are written

    def group_noun(self, group: Group) -> Message:
        """A group's noun: ``'set'``, ``'run'``, ``'colour'``."""
        return Message(f"look.noun.{group.kind.value}")

    def face_param(self, face: object) -> Param:
        """What a wild card stands for, as the engine's messages write it: ``'7'``, ``'r'``."""
        return str(face)

    def a_wild(self) -> Message:
        """One wild card, in a sentence: ``'a wild card'``."""
        return Message("look.a_wild")

    # --- the coach (issue 24): upto9.coach, written once for both rummies ---

    def coach(self, view: FamilyView, seed: int = 0) -> Coaching:
        """The coach's answer for the seat to move, from its view alone (``upto9.coach.coach``)."""
        from upto9.coach import coach  # the coach builds on the bots, which build on the families

        return coach(view, seed)

    def bots(self) -> dict[str, type]:
        """The engine's rummy bots (the heuristic one first, the default player), and ``"coach"``,
        the bot that plays the coach's moves (``upto9.coach.CoachBot``)."""
        from upto9.coach import CoachBot

        return {**super().bots(), "coach": CoachBot}


_COLOUR_ROWS: Final = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)


FAMILY: RummyFamily = Phase10Family()
"""The family's one object, registered under ``upto9.families`` as ``phase10``."""
