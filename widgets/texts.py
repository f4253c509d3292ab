"""Texts shared by every widget, in English (``en``) and Norwegian bokmål (``nb``, the game's home language).

Card, suit and rank names, the names of a level's groups, its contract and its joker budget. The
Norwegian rule names follow the Norwegian rules text (``straight``, ``tress``, ``nivå``, ``maks wild``,
``ekte``, ``nedlegg``, ``straffepoeng``, ``trekkbunken``, ``kastebunken``). Each component keeps its
own texts in a ``TEXTS`` table at the top of its module; the engine's sentences are translated in
``engine_text``.

The English contract and budget words are the engine's own (``Level.contract``, ``Level.budget``);
the Norwegian ones are worded from the same fields of the level (groups, caps, clean groups).
"""

from __future__ import annotations

from typing import Final

from upto9.cards import Card, Rank, Suit
from upto9.melds import Face
from upto9.rules import Group, GroupKind, Level

__all__ = [
    "LANGS",
    "SHARED",
    "budget_text",
    "card_name",
    "check_lang",
    "contract_text",
    "face_glyph",
    "face_name",
    "group_label",
    "group_name",
    "jokers_text",
    "level_line",
    "rank_name",
    "suit_name",
]

LANGS: Final = ("en", "nb")
"""The languages every text is written in: English and Norwegian bokmål."""


def check_lang(lang: str) -> str:
    """``lang`` if it is one of ``LANGS``; otherwise a ``ValueError`` naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


SHARED: Final[dict[str, dict[str, str]]] = {
    "en": {
        "level": "Level {n}",
        "contract": "Contract",
        "max_wild": "Max wild",
        "min_real": "Min real",
        "reconstructed_mark": "*",
        "reconstructed_note": "* reconstructed: not stated by the rules text; a default of the rule set",
        "house_mark": "†",
        "house_note": "† house rule: changed from the rule set",
        "player": "Player {n}",
        "cards": "{n} cards",
        "card": "1 card",
        "joker": "joker",
        "real": "real",
        "missing": "missing",
        "hidden": "hidden",
        "as": "as",
        "deck_back": "the back of a card",
    },
    "nb": {
        "level": "Nivå {n}",
        "contract": "Regel",
        "max_wild": "Maks wild",
        "min_real": "Min. ekte",
        "reconstructed_mark": "*",
        "reconstructed_note": "* rekonstruert: ikke oppgitt i regelteksten; en standardverdi i regelsettet",
        "house_mark": "†",
        "house_note": "† husregel: endret fra regelsettet",
        "player": "Spiller {n}",
        "cards": "{n} kort",
        "card": "1 kort",
        "joker": "joker",
        "real": "ekte",
        "missing": "mangler",
        "hidden": "skjult",
        "as": "som",
        "deck_back": "baksiden av et kort",
    },
}

_SUITS: Final[dict[str, dict[Suit, str]]] = {
    "en": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
    "nb": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruter", Suit.CLUBS: "kløver"},
}
_RANKS: Final[dict[str, dict[Rank, str]]] = {
    "en": {**{r: str(r) for r in Rank}, Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"},
    "nb": {**{r: str(r) for r in Rank}, Rank.ACE: "ess", Rank.JACK: "knekt", Rank.QUEEN: "dame", Rank.KING: "konge"},
}
# A set's joker stands for a rank alone: "a king", "en konge".
_RANK_INDEFINITE: Final[dict[str, dict[Rank, str]]] = {
    "en": {**{r: f"a {r}" for r in Rank}, Rank.ACE: "an ace", Rank.EIGHT: "an 8", Rank.JACK: "a jack", Rank.QUEEN: "a queen", Rank.KING: "a king"},
    "nb": {**{r: f"en {r}-er" for r in Rank}, Rank.ACE: "et ess", Rank.JACK: "en knekt", Rank.QUEEN: "en dame", Rank.KING: "en konge"},
}
_OF_A_KIND_NB: Final = {2: "par", 3: "tress", 4: "fire like", 5: "fem like", 6: "seks like"}


def suit_name(suit: Suit, lang: str = "en") -> str:
    """``'hearts'`` / ``'hjerter'``."""
    return _SUITS[lang][suit]


def rank_name(rank: Rank, lang: str = "en") -> str:
    """``'king'`` / ``'konge'``; number ranks are their digits."""
    return _RANKS[lang][rank]


def card_name(card: Card, lang: str = "en") -> str:
    """The card's name for screen readers and tooltips: ``'5 of hearts'`` / ``'hjerter 5'``.

    >>> from upto9 import parse_card
    >>> card_name(parse_card("Qs")), card_name(parse_card("Qs"), "nb")
    ('queen of spades', 'spar dame')
    """
    if lang == "nb":
        return f"{suit_name(card.suit, lang)} {rank_name(card.rank, lang)}"
    return f"{rank_name(card.rank, lang)} of {suit_name(card.suit, lang)}"


def face_name(face: Face, lang: str = "en") -> str:
    """What a slot stands for, in words: a card's name, or a set's rank (``'a king'``, ``'en konge'``)."""
    if isinstance(face, Card):
        return card_name(face, lang)
    return _RANK_INDEFINITE[lang][face]


def face_glyph(face: Face) -> str:
    """``'7♥'`` for a card, ``'K'`` for a set's rank."""
    return face.glyph if isinstance(face, Card) else str(face)


def jokers_text(n: int, lang: str = "en") -> str:
    """``'no jokers'``, ``'1 joker'``, ``'3 jokers'`` / ``'ingen jokere'``, ``'1 joker'``, ``'3 jokere'``."""
    if lang == "nb":
        return "ingen jokere" if n == 0 else f"{n} joker{'e' if n != 1 else ''}"
    return "no jokers" if n == 0 else f"{n} joker{'s' if n != 1 else ''}"


def group_name(group: Group, lang: str = "en") -> str:
    """The group's name: the engine's (``'straight of 5'``, ``'three of a kind'``) or the Norwegian
    rules text's (``'5 straight'``, ``'tress'``)."""
    if lang != "nb":
        return group.name
    if group.kind is GroupKind.RUN:
        return f"{group.size} straight"
    return _OF_A_KIND_NB.get(group.size, f"{group.size} like")


def _noun(group: Group, lang: str) -> str:
    if lang != "nb":
        return group.noun
    if group.kind is GroupKind.RUN:
        return "straight"
    return "tress" if group.size == 3 else "sett"


def group_label(level: Level, index: int, lang: str = "en") -> str:
    """A group's label, numbered when the level has several: ``'Three of a kind (2)'``."""
    name = group_name(level.groups[index], lang)
    name = name[0].upper() + name[1:]
    return f"{name} ({index + 1})" if len(level.groups) > 1 else name


def contract_text(level: Level, lang: str = "en", marks: bool = False) -> str:
    """The level's contract in words; with ``marks``, a ``*`` after each reconstructed group size.

    >>> from upto9 import UPTO9
    >>> contract_text(UPTO9.level(5), marks=True), contract_text(UPTO9.level(4), "nb")
    ('straight of 5* + three of a kind', '3× tress')
    """
    if lang != "nb" and not marks:
        return level.contract
    names = [group_name(g, lang) for g in level.groups]
    flags = [marks and level.is_reconstructed(f"groups.{i}.size") for i in range(len(level.groups))]
    if len(set(names)) == 1 and len(names) > 1:
        times = "×" if lang == "nb" else " ×"
        return f"{len(names)}{times} {names[0]}{'*' if any(flags) else ''}"
    return " + ".join(f"{name}{'*' if flag else ''}" for name, flag in zip(names, flags, strict=True))


def _budget_reconstructed(level: Level) -> bool:
    fields = ["jokers", "clean_groups", *(f"groups.{i}.jokers" for i in range(len(level.groups)))]
    return any(level.is_reconstructed(f) for f in fields)


def budget_text(level: Level, lang: str = "en", marks: bool = False) -> str:
    """The joker budget ("max wild") in words, from the level's own fields; with ``marks``, a ``*``
    when any of them is reconstructed.

    >>> from upto9 import UPTO9
    >>> budget_text(UPTO9.level(4), "nb")
    'maks 2 jokere totalt, maks 1 pr. tress, minst én tress uten joker'
    >>> budget_text(UPTO9.level(8), "nb", marks=True)
    '2 + 1 (straight + tress)*'
    """
    mark = "*" if marks and _budget_reconstructed(level) else ""
    if lang != "nb":
        return level.budget + mark
    groups = level.groups
    caps = [g.jokers for g in groups]
    split = len(groups) > 1 and all(c is not None for c in caps) and sum(c or 0 for c in caps) == level.jokers
    if split and len({g.kind for g in groups}) == len(groups):
        return f"{' + '.join(str(c) for c in caps)} ({' + '.join(_noun(g, lang) for g in groups)}){mark}"
    parts = ["ingen jokere" if level.jokers == 0 else f"maks {jokers_text(level.jokers, lang)}"]
    if len(groups) > 1 and level.jokers:
        parts[0] += " totalt"
    if len(set(caps)) == 1 and caps[0] is not None and len(groups) > 1 and caps[0] < level.jokers:
        parts.append(f"maks {caps[0]} pr. {_noun(groups[0], lang)}")
    elif len(set(caps)) > 1:
        parts.extend(f"maks {jokers_text(c, lang)} i {group_name(g, lang)}" for g, c in zip(groups, caps, strict=True) if c is not None)
    if level.clean_groups:
        noun = _noun(groups[0], lang) if len({g.kind for g in groups}) == 1 else "gruppe"
        count = "én" if level.clean_groups == 1 else str(level.clean_groups)
        parts.append(f"minst {count} {noun}{'r' if level.clean_groups > 1 and noun == 'gruppe' else ''} uten joker")
    return ", ".join(parts) + mark


def level_line(level: Level, lang: str = "en", marks: bool = True) -> str:
    """``'Level 4: 3 × three of a kind; max wild: at most 2 jokers …'`` (plain text)."""
    head = SHARED[lang]["level"].format(n=level.number)
    return f"{head}: {contract_text(level, lang, marks)}; {SHARED[lang]['max_wild'].lower()}: {budget_text(level, lang, marks)}"
