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

from upto9.cards import AnyCard, Card, Colour, Phase10Card, Rank, Suit
from upto9.melds import Face
from upto9.rules import PHASE10, Family, Group, GroupKind, Level, Rules

AnyFace = Face | int | Colour
"""What a card stands for in either game: a card or a rank (Up to 9), a number or a colour (Phase 10)."""

__all__ = [
    "LANGS",
    "SHARED",
    "budget_text",
    "card_name",
    "check_lang",
    "colour_name",
    "contract_text",
    "face_glyph",
    "face_name",
    "group_label",
    "group_name",
    "interval_text",
    "is_phase10",
    "jokers_text",
    "level_line",
    "level_noun",
    "level_title",
    "number_text",
    "percent_text",
    "rank_name",
    "suit_name",
    "worded",
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
        "phase": "Phase {n}",
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
        "wild": "wild",
        "skip": "skip",
        "real": "real",
        "missing": "missing",
        "hidden": "hidden",
        "as": "as",
        "deck_back": "the back of a card",
    },
    "nb": {
        "level": "Nivå {n}",
        "phase": "Fase {n}",
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
        "wild": "joker",
        "skip": "hopp over",
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
_COLOURS: Final[dict[str, dict[Colour, str]]] = {
    "en": {Colour.RED: "red", Colour.YELLOW: "yellow", Colour.GREEN: "green", Colour.BLUE: "blue"},
    "nb": {Colour.RED: "rød", Colour.YELLOW: "gul", Colour.GREEN: "grønn", Colour.BLUE: "blå"},
}


def is_phase10(rules: Rules | None) -> bool:
    """Does this rule set play with Phase 10's cards and words (phases, wild cards, skips)?"""
    return rules is not None and rules.family is Family.PHASE10


def worded(texts: dict[str, str], key: str, rules: Rules | None) -> str:
    """The text ``key`` of a component's table in the rule set's words: its ``key_phase`` variant
    for Phase 10 where the table has one, else ``key``."""
    if is_phase10(rules):
        return texts.get(f"{key}_phase", texts[key])
    return texts[key]


def level_noun(rules: Rules | None, lang: str = "en") -> str:
    """What the rule set calls a level, in a sentence: ``'level'``, ``'phase'``, ``'nivå'``, ``'fase'``."""
    if lang == "nb":
        return "fase" if is_phase10(rules) else "nivå"
    return rules.level_word if rules is not None else "level"


def level_title(rules: Rules | None, number: int, lang: str = "en") -> str:
    """``'Level 4'``, ``'Phase 4'``, ``'Nivå 4'``, ``'Fase 4'``."""
    return SHARED[lang]["phase" if is_phase10(rules) else "level"].format(n=number)


def colour_name(colour: Colour, lang: str = "en") -> str:
    """``'red'`` / ``'rød'``."""
    return _COLOURS[lang][colour]


def suit_name(suit: Suit, lang: str = "en") -> str:
    """``'hearts'`` / ``'hjerter'``."""
    return _SUITS[lang][suit]


def rank_name(rank: Rank, lang: str = "en") -> str:
    """``'king'`` / ``'konge'``; number ranks are their digits."""
    return _RANKS[lang][rank]


def card_name(card: AnyCard, lang: str = "en") -> str:
    """The card's name for screen readers and tooltips: ``'5 of hearts'`` / ``'hjerter 5'``; a
    Phase 10 card's ``'red 7'`` / ``'rød 7'``, ``'wild'`` / ``'joker'``, ``'skip'`` / ``'hopp over'``.

    >>> from upto9 import parse_card
    >>> card_name(parse_card("Qs")), card_name(parse_card("Qs"), "nb")
    ('queen of spades', 'spar dame')
    >>> from upto9.cards import parse_phase10_card
    >>> card_name(parse_phase10_card("7r")), card_name(parse_phase10_card("12y"), "nb"), card_name(parse_phase10_card("W"), "nb")
    ('red 7', 'gul 12', 'joker')
    """
    if isinstance(card, Phase10Card):
        if card.is_wild:
            return SHARED[lang]["wild"]
        if card.is_skip:
            return SHARED[lang]["skip"]
        assert card.colour is not None
        return f"{colour_name(card.colour, lang)} {card.number}"
    if lang == "nb":
        return f"{suit_name(card.suit, lang)} {rank_name(card.rank, lang)}"
    return f"{rank_name(card.rank, lang)} of {suit_name(card.suit, lang)}"


def face_name(face: AnyFace, lang: str = "en") -> str:
    """What a slot stands for, in words: a card's name, or a set's rank (``'a king'``, ``'en konge'``);
    in Phase 10 a number (``'a 7'``, ``'en 7-er'``) or a colour (``'red'``, ``'rød'``)."""
    if isinstance(face, Card):
        return card_name(face, lang)
    if isinstance(face, Rank):
        return _RANK_INDEFINITE[lang][face]
    if isinstance(face, Colour):
        return colour_name(face, lang)
    if lang == "nb":
        return f"en {face}-er"
    return f"an {face}" if face in (8, 11) else f"a {face}"


def face_glyph(face: AnyFace, lang: str = "en") -> str:
    """``'7♥'`` for a card, ``'K'`` for a set's rank; in Phase 10 ``'7'`` for a number, ``'red'`` for a colour."""
    if isinstance(face, Card):
        return face.glyph
    if isinstance(face, Colour):
        return colour_name(face, lang)
    return str(face)


def jokers_text(n: int, lang: str = "en", rules: Rules | None = None) -> str:
    """``'no jokers'``, ``'1 joker'``, ``'3 jokers'`` / ``'ingen jokere'``, ``'1 joker'``, ``'3 jokere'``;
    with Phase 10's rules ``'1 wild card'`` in English (the Norwegian rules text calls them jokere too).

    >>> from upto9.rules import PHASE10
    >>> jokers_text(2, rules=PHASE10), jokers_text(2, "nb", PHASE10)
    ('2 wild cards', '2 jokere')
    """
    if lang == "nb":
        return "ingen jokere" if n == 0 else f"{n} joker{'e' if n != 1 else ''}"
    if is_phase10(rules):
        return "no wild cards" if n == 0 else f"{n} wild card{'s' if n != 1 else ''}"
    return "no jokers" if n == 0 else f"{n} joker{'s' if n != 1 else ''}"


def group_name(group: Group, lang: str = "en", rules: Rules | None = None) -> str:
    """The group's name: the engine's (``'straight of 5'``, ``'three of a kind'``) or the Norwegian
    rules text's (``'5 straight'``, ``'tress'``); Phase 10's in its own words (``'set of 3'``,
    ``'run of 4'``, ``'7 cards of one colour'`` / ``'3 like'``, ``'serie på 4'``, ``'7 kort i samme farge'``)."""
    if is_phase10(rules):
        if lang == "nb":
            words = {GroupKind.SET: "{n} like", GroupKind.RUN: "serie på {n}", GroupKind.COLOUR: "{n} kort i samme farge"}
        else:
            words = {GroupKind.SET: "set of {n}", GroupKind.RUN: "run of {n}", GroupKind.COLOUR: "{n} cards of one colour"}
        return words[group.kind].format(n=group.size)
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


def group_label(level: Level, index: int, lang: str = "en", rules: Rules | None = None) -> str:
    """A group's label, numbered when the level has several: ``'Three of a kind (2)'``, ``'Run of 4 (2)'``."""
    name = group_name(level.groups[index], lang, rules)
    name = name[0].upper() + name[1:]
    return f"{name} ({index + 1})" if len(level.groups) > 1 else name


def _phase10_contract(level: Level, lang: str, marks: bool, rules: Rules) -> str:
    groups = level.groups
    flags = [marks and level.is_reconstructed(f"groups.{i}.size") for i in range(len(groups))]
    if lang != "nb":
        from upto9.phase10 import contract  # the engine's words for a phase

        return contract(level) + ("*" if any(flags) else "")
    if len(groups) > 1 and len({(g.kind, g.size) for g in groups}) == 1 and groups[0].kind is GroupKind.SET:
        return f"{len(groups)} grupper med {groups[0].size} like{'*' if any(flags) else ''}"
    names = [f"{group_name(g, lang, rules)}{'*' if flag else ''}" for g, flag in zip(groups, flags, strict=True)]
    return " og ".join(names)


def contract_text(level: Level, lang: str = "en", marks: bool = False, rules: Rules | None = None) -> str:
    """The level's contract in words; with ``marks``, a ``*`` after each reconstructed group size.
    With Phase 10's rules, in Phase 10's words.

    >>> from upto9 import UPTO9
    >>> contract_text(UPTO9.level(5), marks=True), contract_text(UPTO9.level(4), "nb")
    ('straight of 5* + three of a kind', '3× tress')
    >>> from upto9.rules import PHASE10
    >>> [contract_text(PHASE10.level(n), rules=PHASE10) for n in (1, 2, 8)]
    ['2 sets of 3', '1 set of 3 + 1 run of 4', '7 cards of one colour']
    >>> contract_text(PHASE10.level(2), "nb", rules=PHASE10)
    '3 like og serie på 4'
    """
    if rules is not None and is_phase10(rules):
        return _phase10_contract(level, lang, marks, rules)
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


def budget_text(level: Level, lang: str = "en", marks: bool = False, rules: Rules | None = None) -> str:
    """The joker budget ("max wild") in words, from the level's own fields; with ``marks``, a ``*``
    when any of them is reconstructed. A Phase 10 phase with a house rule's limit counts wild cards
    and number cards (with ``rules``, or whenever the level asks for number cards).

    >>> from upto9 import UPTO9
    >>> budget_text(UPTO9.level(4), "nb")
    'maks 2 jokere totalt, maks 1 pr. tress, minst én tress uten joker'
    >>> budget_text(UPTO9.level(8), "nb", marks=True)
    '2 + 1 (straight + tress)*'
    >>> from upto9.rules import PHASE10
    >>> budget_text(PHASE10.level(1)), budget_text(PHASE10.level(1), "nb")
    ('any number of wild cards, at least 1 number card', 'så mange jokere du vil, minst 1 tallkort')
    """
    mark = "*" if marks and _budget_reconstructed(level) else ""
    if not level.unlimited and (level.natural_cards or is_phase10(rules)):
        natural = ""
        if level.natural_cards:
            natural = (
                f", minst {level.natural_cards} tallkort"
                if lang == "nb"
                else f", at least {level.natural_cards} number card{'s' if level.natural_cards != 1 else ''}"
            )
        if lang == "nb":
            return ("ingen jokere" if level.jokers == 0 else f"maks {jokers_text(level.jokers, lang)}") + natural + mark
        return ("no wild cards" if level.jokers == 0 else f"at most {jokers_text(level.jokers, lang, PHASE10)}") + natural + mark
    if lang != "nb":
        return level.budget + mark
    if level.unlimited:
        natural = f", minst {level.natural_cards} tallkort" if level.natural_cards else ""
        return f"så mange jokere du vil{natural}{mark}"
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


def level_line(level: Level, lang: str = "en", marks: bool = True, rules: Rules | None = None) -> str:
    """``'Level 4: 3 × three of a kind; max wild: at most 2 jokers …'`` (plain text)."""
    head = level_title(rules, level.number, lang)
    return f"{head}: {contract_text(level, lang, marks, rules)}; {SHARED[lang]['max_wild'].lower()}: {budget_text(level, lang, marks, rules)}"


# --- numbers ---------------------------------------------------------------------------------------

_LOCALES: Final = {"en": "en", "nb": "nb_NO"}


def number_text(value: float, lang: str = "en", digits: int = 1) -> str:
    """A number for people, in the language's own way (Babel's CLDR data): ``digits`` decimals,
    thousands grouped, a typographic minus; a decimal comma and a space between thousands in Norwegian.

    >>> number_text(1234.567, "en", 2), number_text(1234.567, "nb", 2), number_text(-0.25, "nb", 2)
    ('1,234.57', '1\\xa0234,57', '−0,25')
    >>> number_text(3, "nb", 0)
    '3'
    """
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    text = format_decimal(value, format=pattern, locale=_LOCALES[check_lang(lang)])
    return text.replace("-", "\u2212")


def percent_text(share: float, lang: str = "en", digits: int = 1) -> str:
    """A share (0 to 1) as a percentage with a non-breaking space before ``%``: ``'12.5 %'``, ``'12,5 %'``.

    >>> percent_text(0.125, "en"), percent_text(0.125, "nb")
    ('12.5\\xa0%', '12,5\\xa0%')
    """
    return number_text(100 * share, lang, digits) + "\u00a0%"


def interval_text(value: float, low: float, high: float, lang: str = "en", digits: int = 1, percent: bool = False) -> str:
    """A value with its interval: ``'12.5 % (10.0–15.0)'``, ``'3,25 (3,00–3,50)'``.

    >>> interval_text(3.25, 3, 3.5, "nb", 2)
    '3,25 (3,00–3,50)'
    >>> interval_text(0.125, 0.1, 0.15, "en", percent=True)
    '12.5\\xa0% (10.0–15.0)'
    """
    scale = 100 if percent else 1
    shown = percent_text(value, lang, digits) if percent else number_text(value, lang, digits)
    return f"{shown} ({number_text(scale * low, lang, digits)}–{number_text(scale * high, lang, digits)})"
