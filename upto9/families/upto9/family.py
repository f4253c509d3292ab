"""Up to 9: standard cards (``upto9.cards.Card``), every 2 and 3 a joker and also itself, nine
levels of sets and runs (``docs/rules.md``). Its checker is ``checker``, its melds ``melds``.

>>> FAMILY.check("5h 6h 7h 8h", 1, FAMILY.rules).ok, FAMILY.fits(parse_card("2c"), parse_card("9h"), GroupKind.RUN, FAMILY.rules)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from upto9.cards import Card, CardError, PlayingCard, Rank, Suit, full_deck, parse_card, parse_card_token, parse_rank
from upto9.families.upto9 import checker, melds
from upto9.families.upto9.bot import UpTo9Mind
from upto9.family import Coaching, FamilyView, RummyFamily, TableMeld
from upto9.looks import CardLook
from upto9.messages import Items, Message, Param, group_name, jokers
from upto9.messages import face as face_words
from upto9.problems import MeldError, Problem
from upto9.rules import UPTO9, Group, GroupKind, Level, Rules
from upto9.rummy import EngineRummy

__all__ = ["FAMILY", "UpTo9Family"]


class UpTo9Family(EngineRummy):
    """The Up to 9 family, as the engine asks it (``upto9.family.RummyFamily``)."""

    key = "upto9"
    name = "Up to 9"
    level_word = "level"
    donating = "donate"  # what the game calls adding a card to a meld on the table

    # The turn model (upto9.family.GameFamily) is the engine's rummy round and game: EngineRummy.

    def mind(self) -> UpTo9Mind:
        """A fresh mind for ``upto9.bots.HeuristicBot``: the family's play, with its own caches."""
        return UpTo9Mind()

    @property
    def rules(self) -> Rules:
        """The standard rule set."""
        return UPTO9

    def read_token(self, token: str) -> PlayingCard:
        return parse_card_token(token)

    def one_deck(self, rules: Rules) -> tuple[PlayingCard, ...]:
        return full_deck()

    def is_wild(self, card: PlayingCard, rules: Rules) -> bool:
        return isinstance(card, Card) and card.rank in rules.wild_ranks

    # The checker's own functions, not wrappers: check() is the engine's hottest call.
    check = staticmethod(checker.check)
    holds = staticmethod(checker.holds)
    outs = staticmethod(checker.outs)

    def validate(self, laid: Sequence[object], level: int | Level, rules: Rules, hand: Iterable[PlayingCard] | None = None) -> tuple[Problem, ...]:
        return melds.validate(laid, level, rules, hand)

    def read_meld(self, data: Mapping[str, Any]) -> melds.Meld:
        return melds.Meld.from_dict(data)

    def read_face(self, text: str, kind: GroupKind) -> melds.Face:
        """A wild card's face as a record writes it: a card, or (a joker in a set) a rank alone.

        >>> FAMILY.read_face("K", GroupKind.SET), FAMILY.read_face("9h", GroupKind.RUN)
        (<Rank.KING: 13>, Card('9h'))
        """
        try:
            return parse_rank(text)
        except CardError:
            pass
        try:
            return parse_card(text)
        except CardError as error:
            raise MeldError(error.msg or str(error)) from None

    def fits(self, card: PlayingCard, face: object, kind: GroupKind, rules: Rules) -> bool:
        """May ``card`` stand for ``face``, one of a meld's open cards: as itself, or a 2 or 3 as a joker."""
        if not isinstance(card, Card):
            return False
        if card.rank in rules.wild_ranks:
            return True
        return card.rank == face if kind is GroupKind.SET else card == face

    def contract(self, level: Level) -> Message:
        return level.contract_message

    # --- what the widgets need to draw the game (issue 13: the widgets ask, they never branch) ---

    group_caps = True  # a level may cap each group's jokers (not one budget for the whole level)

    def card_grid(self, rules: Rules) -> tuple[tuple[PlayingCard, ...], ...]:
        """The hand builder's rows: ♠ ♥ ♦ ♣, each ace to king.

        >>> [len(row) for row in FAMILY.card_grid(FAMILY.rules)], str(FAMILY.card_grid(FAMILY.rules)[1][0])
        ([13, 13, 13, 13], 'Ah')
        """
        return tuple(tuple(Card(rank, suit) for rank in _RANK_COLUMNS) for suit in _SUIT_ROWS)

    def sort_key(self, card: PlayingCard) -> tuple[int, int, int]:
        """A hand in order: by suit (♠ ♥ ♦ ♣), then rank."""
        return (card.suit.order, card.rank, 0) if isinstance(card, Card) else (4, 0, card.key)

    def card_words(self, card: PlayingCard) -> Message:
        """A card's name, for screen readers and tooltips.

        >>> from upto9.messages import render
        >>> [render(FAMILY.card_words(parse_card(c)), lang) for c in ("Qs", "5h") for lang in ("en", "nb")]
        ['queen of spades', 'spardame', '5 of hearts', 'hjerter 5']
        """
        assert isinstance(card, Card), card
        # Norwegian writes a court card or an ace as one word ("spardame", "kløverknekt"), a number apart.
        key = "look.card_named" if card.rank in _NAMED_RANKS else "look.card"
        return Message(key, rank=_rank_words(card.rank), suit=Message(f"suit.{card.suit.name.lower()}"))

    def face_words(self, face: object) -> Message:
        """What a joker stands for, in words: a card's name, or a set's rank (``'a king'``).

        >>> from upto9.messages import render
        >>> render(FAMILY.face_words(Rank.EIGHT)), render(FAMILY.face_words(Rank.ACE), "nb")
        ('an 8', 'et ess')
        """
        if isinstance(face, Card):
            return self.card_words(face)
        assert isinstance(face, Rank), face
        if face in _NAMED_RANKS:
            return Message(f"look.rank_face.{face}")
        return Message("look.face.an" if face is Rank.EIGHT else "look.face.a", face=str(face))

    def face_glyph(self, face: object) -> Message:
        """A face in short: ``'7♥'`` for a card, ``'K'`` for a set's rank."""
        return Message("raw", text=face.glyph if isinstance(face, Card) else str(face))

    def wild_words(self, n: int) -> Message:
        """``'no jokers'``, ``'1 joker'``, ``'3 jokers'``."""
        return jokers(n)

    def budget(self, level: Level) -> Message:
        """The level's joker budget in words (``Level.budget_message``)."""
        return level.budget_message

    def marked_contract(self, level: Level) -> Message:
        """``contract`` with a ``*`` after each group whose size (or kind) the rules text does not state.

        >>> from upto9.messages import render
        >>> render(FAMILY.marked_contract(UPTO9.level(5))), render(FAMILY.marked_contract(UPTO9.level(8)), "nb")
        ('straight of 5* + three of a kind', '6 straight* + tress')
        """
        names: list[Param] = [
            Message("look.marked", text=group_name(g))
            if (level.is_reconstructed(f"groups.{i}.size") or level.is_reconstructed(f"groups.{i}.kind"))
            else group_name(g)
            for i, g in enumerate(level.groups)
        ]
        if len({(g.kind, g.size) for g in level.groups}) == 1 and len(names) > 1:
            flagged = any(isinstance(n, Message) and n.key == "look.marked" for n in names)
            plain = group_name(level.groups[0])
            return Message("contract.times", count=len(names), name=Message("look.marked", text=plain) if flagged else plain)
        return Message("list", items=Items(tuple(names), "plus"))

    def wild_faces(
        self, card: PlayingCard, kind: GroupKind, others: Sequence[tuple[PlayingCard, object | None]], size: int, rules: Rules
    ) -> tuple[object, ...]:
        """What ``card`` (a 2 or 3) may be said to stand for in a group of ``kind`` beside ``others``
        (each a card and what it was said to stand for, ``None``: itself): itself first where it
        may be, then the faces that fit (``melds.wild_faces``); alone in its group, only itself.

        >>> [str(f) for f in FAMILY.wild_faces(parse_card("2c"), GroupKind.RUN, [(parse_card("5h"), None), (parse_card("6h"), None)], 4, FAMILY.rules)]
        ['4h', '7h', '3h', '8h']
        """
        assert isinstance(card, Card), card
        placed = [melds.Placed(c, _face(face, c)) for c, face in others if isinstance(c, Card)]
        if not placed:
            return (card,)
        faces: list[object] = []
        for face in melds.wild_faces(kind, placed, size, rules):
            if face == card or face == card.rank:
                faces.insert(0, card)  # itself: a real card
            else:
                faces.append(face)
        return tuple(faces)

    def meld_of(self, kind: GroupKind, entries: Sequence[tuple[PlayingCard, object | None]], rules: Rules) -> TableMeld | None:
        """The meld these cards make (each with what it was said to stand for, ``None``: itself)."""
        return melds.Meld.of(kind, (melds.Placed(c, _face(face, c)) for c, face in entries if isinstance(c, Card)))

    @property
    def catalog(self) -> Traversable:
        """The folder of the family's message domain: ``<lang>/LC_MESSAGES/upto9.po``, its game's
        own wording (``upto9.messages`` merges it with the engine's catalog).

        >>> sorted(p.name for p in FAMILY.catalog.iterdir() if p.is_dir())
        ['en', 'nb']
        """
        return resources.files(__package__ or __name__).joinpath("locale")

    def owns(self, value: object) -> bool:
        """Is ``value`` one of this game's cards or faces (a standard card, a rank)?"""
        return isinstance(value, Card | Rank)

    def group_words(self, group: Group) -> Message:
        """A group's name: ``'straight of 5'``, ``'three of a kind'`` (``'5 straight'``, ``'tress'``)."""
        return group_name(group)

    def card_look(self, card: PlayingCard) -> CardLook:
        """A card's look: its glyph, red or black ink.

        >>> FAMILY.card_look(parse_card("5h"))
        CardLook(text='5♥', tone='red', faced=False, tag=None, names_it=True)
        """
        return CardLook(card.glyph, "red" if isinstance(card, Card) and card.is_red else "black")

    def face_look(self, face: object) -> CardLook:
        """What a joker stands for, drawn: a card's glyph in its ink, a set's rank in black."""
        return self.card_look(face) if isinstance(face, Card) else CardLook(str(face), "black")

    def as_itself(self, card: PlayingCard, face: object | None) -> bool:
        """Does ``card`` said to stand for ``face`` stand for itself (``None``, its own card, or in a
        set its own rank): a real card, no joker there (``melds.Placed.wild``)?"""
        return isinstance(card, Card) and (face is None or face == card or face == card.rank)

    def counts_real(self, meld: TableMeld, rules: Rules) -> tuple[bool, ...]:
        """For each card of the meld, does the verdict count it as real (``melds.counts_real``)?"""
        assert isinstance(meld, melds.Meld), meld
        return melds.counts_real(meld, rules)

    def deck_words(self, rules: Rules) -> Message:
        """The rule set's deck in words: standard decks, how many for how many players.

        >>> from upto9.messages import render
        >>> render(FAMILY.deck_words(UPTO9), "nb")
        'vanlige kortstokker med 52 kort: 2 kortstokker for 2–4 spillere; 3 kortstokker for 5–6 spillere'
        """
        counts = tuple(Message("look.decks", n=d.decks, low=d.players[0], high=d.players[1]) for d in rules.decks)
        return Message("look.deck.upto9", counts=Items(counts, "semicolon"))

    def card_facts(self, rules: Rules) -> tuple[tuple[Message, Message, tuple[str, ...]], ...]:
        """What the rule set's special cards do, as table rows: a label, the words, and the rule
        fields whose house-rule or reconstructed mark the row takes. Up to 9: its jokers."""
        ranks = tuple(Message("look.wild_rank", rank=str(r)) for r in sorted(rules.wild_ranks))
        named: Param = Items(ranks, "and") if ranks else "—"
        return ((Message("look.fact.jokers"), Message("look.wild.upto9", ranks=named), ("wild_ranks",)),)

    example = "5h 6h 7h 8h"  # a hand to show how cards are written

    def group_noun(self, group: Group) -> Message:
        """A group's noun: ``'straight'``, ``'set'``."""
        return Message(f"noun.{group.kind.value}")

    def face_param(self, face: object) -> Param:
        """What a joker stands for, as the engine's messages write it: a card's glyph, or a set's
        rank with its article (``'7♥'``, ``'an A'``)."""
        return face_words(face)

    def a_wild(self) -> Message:
        """One wild card, in a sentence: ``'a joker'``."""
        return Message("look.a_joker")

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


_SUIT_ROWS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANK_COLUMNS: Final = (Rank.ACE, *(r for r in Rank if r is not Rank.ACE))
_NAMED_RANKS: Final = (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)


def _rank_words(rank: Rank) -> Param:
    """A rank's name: ``'king'`` / ``'konge'``; a number rank is its digits."""
    return Message(f"look.rank.{rank}") if rank in _NAMED_RANKS else str(rank)


def _face(face: object, card: Card) -> melds.Face:
    """What a card was said to stand for, as a meld holds it (``None`` or anything else: itself)."""
    return face if isinstance(face, Card | Rank) else card


FAMILY: RummyFamily = UpTo9Family()
"""The family's one object, registered under ``upto9.families`` as ``upto9``."""
