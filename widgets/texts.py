"""Texts shared by every widget, in English (``en``) and Norwegian bokmål (``nb``, the game's home language).

Card, suit and rank names, the names of a level's groups, its contract and its joker budget. Each
component keeps its own texts in a ``TEXTS`` table at the top of its module; the engine's sentences
are translated in ``engine_text``.

What a game calls its cards, faces, groups, contracts and budgets is its family's (``upto9.family``:
``card_words``, ``face_words``, ``group_words``, ``contract``, ``budget``), as keyed messages
rendered here in the page's language (``upto9.messages.render``): the widgets keep no copy of a
game's wording and never ask which game a rule set plays.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from upto9.cards import PlayingCard
from upto9.family import DrawnFamily, RummyFamily, drawn_families, family_of
from upto9.messages import Message, catalog_keys, render
from upto9.rules import UPTO9, Group, Level, Rules
from upto9.stats import decimal

__all__ = [
    "LANGS",
    "PERCENT_SIGN",
    "SHARED",
    "budget_text",
    "card_name",
    "card_text",
    "check_lang",
    "contract_text",
    "drawer_for",
    "face_glyph",
    "face_name",
    "family_for",
    "group_label",
    "group_name",
    "interval_text",
    "jokers_text",
    "level_line",
    "level_noun",
    "level_title",
    "number_text",
    "percent_text",
    "percent_ticks",
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
        "a_wild": "a wild card",
        "a_skip": "a skip",
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
        "a_wild": "en joker",
        "a_skip": "et hopp over-kort",
        "real": "ekte",
        "missing": "mangler",
        "hidden": "skjult",
        "as": "som",
        "deck_back": "baksiden av et kort",
    },
}
# What each family's level word (``RummyFamily.level_word``) is in a Norwegian sentence.
_LEVEL_NOUN_NB: Final = {"level": "nivå", "phase": "fase"}


def _family(rules: Rules | None) -> RummyFamily:
    """The rule set's family; no rule set: Up to 9's (the suite's own game)."""
    return family_of(rules if rules is not None else UPTO9)


def drawer_for(value: object) -> DrawnFamily:
    """The family that draws the card or face ``value``, a rummy or not (``DrawnFamily.owns``,
    which decides by the value's type: asked once per type).

    >>> from upto9 import parse_card
    >>> from upto9.families.threeup.cards import CLEAR
    >>> [drawer_for(v).key for v in (parse_card("Qs"), 7, CLEAR)]
    ['upto9', 'phase10', 'threeup']
    """
    kind = type(value)
    found = _BY_TYPE.get(kind)
    if found is None:
        found = next((f for f in drawn_families() if f.owns(value)), None)
        if found is None:
            raise TypeError(f"no installed game family draws {value!r}")
        _BY_TYPE[kind] = found
    return found


def family_for(value: object) -> RummyFamily:
    """The rummy whose card or face ``value`` is: what a joker, a missing slot or a hand builder
    asks (``drawer_for`` for any family's card).

    >>> from upto9 import parse_card
    >>> family_for(parse_card("Qs")).key, family_for(7).key
    ('upto9', 'phase10')
    """
    found = _RUMMY_BY_TYPE.get(type(value))
    if found is None:
        drawer = drawer_for(value)
        if not isinstance(drawer, RummyFamily):  # the protocol check looks at every member: once per type
            raise TypeError(f"{value!r} is a card of a game without melds or jokers")
        found = _RUMMY_BY_TYPE[type(value)] = drawer
    return found


_NAMES_CACHE: Final = 1024
"""How many card names are kept per process: both games' decks (52 + 50 cards) in both languages, with room."""
_BY_TYPE: dict[type, DrawnFamily] = {}  # a handful of types: the families' cards and faces
_RUMMY_BY_TYPE: dict[type, RummyFamily] = {}


def worded(texts: dict[str, str], key: str, rules: Rules | None) -> str:
    """The text ``key`` of a component's table in the rule set's words: its variant for the
    family's level word (``key_phase``) where the table has one, else ``key``."""
    return texts.get(f"{key}_{_family(rules).level_word}", texts[key])


def level_noun(rules: Rules | None, lang: str = "en") -> str:
    """What the rule set calls a level, in a sentence: ``'level'``, ``'phase'``, ``'nivå'``, ``'fase'``."""
    word = _family(rules).level_word
    return _LEVEL_NOUN_NB.get(word, word) if lang == "nb" else word


def level_title(rules: Rules | None, number: int, lang: str = "en") -> str:
    """``'Level 4'``, ``'Phase 4'``, ``'Nivå 4'``, ``'Fase 4'``."""
    return SHARED[lang][_family(rules).level_word].format(n=number)


@lru_cache(maxsize=_NAMES_CACHE)  # every drawn card asks: the same few hundred cards, each page
def card_name(card: PlayingCard, lang: str = "en") -> str:
    """The card's name for screen readers and tooltips, its family's words (``card_words``):
    ``'5 of hearts'`` / ``'hjerter 5'``; a Phase 10 card's ``'red 7'`` / ``'rød 7'``, ``'wild'`` /
    ``'joker'``, ``'skip'`` / ``'hopp over'``.

    >>> from upto9 import parse_card
    >>> card_name(parse_card("Qs")), card_name(parse_card("Qs"), "nb")
    ('queen of spades', 'spardame')
    >>> [card_name(family_for(7).read_token(c), "nb") for c in ("7r", "12y", "W")]
    ['rød 7', 'gul 12', 'joker']
    """
    return render(drawer_for(card).card_words(card), lang)


def card_text(card: PlayingCard, lang: str = "en", *, article: bool = False) -> str:
    """A card in a sentence or on a button: its glyph where that names it on a white card (``'7♥'``,
    ``'Q♠'``), else its family's words (``card_words``): ``'red 7'`` / ``'rød 7'`` for Phase 10's and 3UP
    3DOWN's colours, ``'Clear +1'``. ``article``: a wild card or a skip with its article, as a
    sentence says it (``'a wild card'``, ``'en joker'``).

    >>> from upto9.family import game_family
    >>> seven, wild = (game_family("phase10").read_token(c) for c in ("7r", "W"))
    >>> card_text(seven), card_text(seven, "nb"), card_text(wild), card_text(wild, article=True), card_text(wild, "nb", article=True)
    ('red 7', 'rød 7', 'wild', 'a wild card', 'en joker')
    >>> card_text(game_family("upto9").read_token("Qs")), card_text(game_family("threeup").read_token("7o"), "nb")
    ('Q♠', 'oransje 7')
    """
    try:
        drawer = drawer_for(card)
    except TypeError:  # no installed family draws it: its own text
        return card.glyph
    look = drawer.card_look(card)
    if look.names_it and not look.faced:
        return card.glyph
    if article and look.tag in ("wild", "skip"):
        return SHARED[lang]["a_wild" if look.tag == "wild" else "a_skip"]
    return card_name(card, lang)


def face_name(face: object, lang: str = "en") -> str:
    """What a slot stands for, in words: a card's name, or a set's rank (``'a king'``, ``'en konge'``);
    in Phase 10 a number (``'a 7'``, ``'en 7-er'``) or a colour (``'red'``, ``'rød'``)."""
    return render(family_for(face).face_words(face), lang)


def face_glyph(face: object, lang: str = "en") -> str:
    """``'7♥'`` for a card, ``'K'`` for a set's rank; in Phase 10 ``'7'`` for a number, ``'red'`` for a colour."""
    return render(family_for(face).face_glyph(face), lang)


def jokers_text(n: int, lang: str = "en", rules: Rules | None = None) -> str:
    """``'no jokers'``, ``'1 joker'``, ``'3 jokers'`` / ``'ingen jokere'``, ``'1 joker'``, ``'3 jokere'``;
    with Phase 10's rules ``'1 wild card'`` in English (the Norwegian rules text calls them jokere too).

    >>> from upto9.rules import PHASE10
    >>> jokers_text(2, rules=PHASE10), jokers_text(2, "nb", PHASE10), jokers_text(0, "nb")
    ('2 wild cards', '2 jokere', 'ingen jokere')
    """
    return render(_family(rules).wild_words(n), lang)


def group_name(group: Group, lang: str = "en", rules: Rules | None = None) -> str:
    """The group's name in its family's words (``group_words``): ``'straight of 5'``, ``'three of
    a kind'`` (``'5 straight'``, ``'tress'``); Phase 10's ``'set of 3'``, ``'run of 4'``, ``'7 cards
    of one colour'`` (``'3 like'``, ``'serie på 4'``, ``'7 kort i samme farge'``)."""
    return render(_family(rules).group_words(group), lang)


def group_label(level: Level, index: int, lang: str = "en", rules: Rules | None = None) -> str:
    """A group's label, numbered when the level has several: ``'Three of a kind (2)'``, ``'Run of 4 (2)'``."""
    name = group_name(level.groups[index], lang, rules)
    name = name[0].upper() + name[1:]
    return f"{name} ({index + 1})" if len(level.groups) > 1 else name


def contract_text(level: Level, lang: str = "en", marks: bool = False, rules: Rules | None = None) -> str:
    """The level's contract in its family's words (``contract``); with ``marks``, a ``*`` after
    each reconstructed group size (``marked_contract``).

    >>> from upto9 import UPTO9
    >>> contract_text(UPTO9.level(5), marks=True), contract_text(UPTO9.level(4), "nb")
    ('straight of 5* + three of a kind', '3× tress')
    >>> from upto9.rules import PHASE10
    >>> [contract_text(PHASE10.level(n), rules=PHASE10) for n in (1, 2, 8)]
    ['2 sets of 3', '1 set of 3 + 1 run of 4', '7 cards of one colour']
    >>> contract_text(PHASE10.level(2), "nb", rules=PHASE10)
    '3 like og serie på 4'
    """
    family = _family(rules)
    return render(family.marked_contract(level) if marks else family.contract(level), lang)


def _budget_reconstructed(level: Level) -> bool:
    fields = ["jokers", "clean_groups", *(f"groups.{i}.jokers" for i in range(len(level.groups)))]
    return any(level.is_reconstructed(f) for f in fields)


def budget_text(level: Level, lang: str = "en", marks: bool = False, rules: Rules | None = None) -> str:
    """The joker budget ("max wild") in its family's words (``budget``); with ``marks``, a ``*``
    when any of its values is reconstructed.

    >>> from upto9 import UPTO9
    >>> budget_text(UPTO9.level(4), "nb")
    'maks 2 jokere totalt, maks 1 pr. tress, minst én tress uten joker'
    >>> budget_text(UPTO9.level(8), "nb", marks=True)
    '2 + 1 (straight + tress)*'
    >>> from upto9.rules import PHASE10
    >>> budget_text(PHASE10.level(1), rules=PHASE10), budget_text(PHASE10.level(1), "nb", rules=PHASE10)
    ('any number of wild cards, at least 1 number card', 'så mange jokere du vil, minst 1 tallkort')
    """
    mark = "*" if marks and _budget_reconstructed(level) else ""
    return render(_family(rules).budget(level), lang) + mark


def level_line(level: Level, lang: str = "en", marks: bool = True, rules: Rules | None = None) -> str:
    """``'Level 4: 3 × three of a kind; max wild: at most 2 jokers …'`` (plain text)."""
    head = level_title(rules, level.number, lang)
    return f"{head}: {contract_text(level, lang, marks, rules)}; {SHARED[lang]['max_wild'].lower()}: {budget_text(level, lang, marks, rules)}"


def field_label(rules: Rules, name: str, lang: str = "en") -> str:
    """A house rule's label in the page's language, from its family's catalog (``<family>.field.<name>``:
    a new game brings its own words); a field without one shows its name.

    >>> from upto9.rules import builtin_rules
    >>> field_label(builtin_rules("threeup"), "must_play", "nb"), field_label(builtin_rules("picture_cards"), "king_base")
    ('Må spille når du kan', 'A king is worth')
    """
    key = f"{rules.family}.field.{name}"
    return render(Message(key), lang) if key in catalog_keys(lang) else name


# --- numbers ---------------------------------------------------------------------------------------


def number_text(value: float, lang: str = "en", digits: int = 1, *, end: bool = False) -> str:
    """A number for people, in the language's own way (``upto9.stats.decimal``, Babel's CLDR data):
    ``digits`` decimals, thousands grouped, a typographic minus, no sign on a 0; a decimal comma and
    a space between thousands in Norwegian. ``end``: an interval's end, shown with more decimals
    where it would round to a 0 it is not.

    >>> number_text(1234.567, "en", 2), number_text(1234.567, "nb", 2), number_text(-0.25, "nb", 2)
    ('1,234.57', '1\\xa0234,57', '−0,25')
    >>> number_text(3, "nb", 0), number_text(-0.2, "en", 0), number_text(-0.2, "en", 0, end=True)
    ('3', '0', '−0.2')
    """
    return decimal(value, check_lang(lang), digits, end=end)


PERCENT_SIGN: Final[dict[str, str]] = {"en": "%", "nb": "\u00a0%"}
"""How each language writes a percentage, one form per language on every page: English ``95%``,
Norwegian ``95 %`` (a non-breaking space), in texts, tables and charts' tick labels alike."""


def percent_text(share: float, lang: str = "en", digits: int = 1) -> str:
    """A share (0 to 1) as a percentage, the language's way (``PERCENT_SIGN``): ``'12.5%'``, ``'12,5 %'``.

    >>> percent_text(0.125, "en"), percent_text(0.125, "nb")
    ('12.5%', '12,5\\xa0%')
    """
    return number_text(100 * share, lang, digits) + PERCENT_SIGN[lang]


def percent_ticks(lang: str, top: float = 1.0, step: float = 0.25) -> dict[str, object]:
    """A chart axis of shares labelled the language's way (plotly's own ``%`` format has no space
    for Norwegian): ``fig.update_yaxes(**percent_ticks(lang))``.

    >>> percent_ticks("nb")["ticktext"]
    ['0\\xa0%', '25\\xa0%', '50\\xa0%', '75\\xa0%', '100\\xa0%']
    """
    values = [round(i * step, 10) for i in range(round(top / step) + 1)]
    return {"tickmode": "array", "tickvals": values, "ticktext": [percent_text(v, lang, 0) for v in values]}


def interval_text(value: float, low: float, high: float, lang: str = "en", digits: int = 1, percent: bool = False) -> str:
    """A value with its interval: ``'12.5% (10.0–15.0)'``, ``'3,25 (3,00–3,50)'``.

    >>> interval_text(3.25, 3, 3.5, "nb", 2)
    '3,25 (3,00–3,50)'
    >>> interval_text(0.125, 0.1, 0.15, "en", percent=True)
    '12.5% (10.0–15.0)'
    """
    scale = 100 if percent else 1
    shown = percent_text(value, lang, digits) if percent else number_text(value, lang, digits)
    return f"{shown} ({number_text(scale * low, lang, digits, end=True)}–{number_text(scale * high, lang, digits, end=True)})"
