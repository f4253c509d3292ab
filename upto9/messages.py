"""The engine's sentences as data: a keyed ``Message`` with parameters, rendered in a language
from that language's message catalog.

The checker, ``validate`` and the engine's errors say what happened as a ``Message``
(``Check.messages``, ``Problem.msg``, and ``.msg`` of ``CardError``, ``MeldError``, ``RulesError``
and ``RuleError``); ``render(message, lang)`` words it in
English (``"en"``) or Norwegian (``"nb"``) from the gettext catalogs, read with Babel: the
engine's own (``upto9/locale``, the domain ``CORE``) merged with each registered game family's
domain (its ``catalog`` folder: ``upto9/families/phase10/locale`` words Phase 10's sentences),
a key in exactly one domain. ``str(message)`` is the English text. A parameter is a whole number, a text (a card
glyph, a name), another ``Message`` (rendered in the same language) or ``Items`` (a list, joined
the way the language joins lists). Plurals follow each catalog's own plural rule: a message with
plural forms takes its count from the parameter ``n``. A new sentence is a new key in both
languages' ``.po`` files of its domain (``tests/test_messages.py`` fails on a key either lacks or
leaves untranslated, and on a key two domains define).

>>> m = Message("check.short", n=2)
>>> str(m), render(m, "nb")
('The hand is 2 cards short of the lay-down.', 'Hånda mangler 2 kort for nedlegget.')
>>> render(Message("check.outs", cards=Items(("4♥", "8♥"))), "nb")
'Ett av disse kortene fullfører: 4♥, 8♥.'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final, Literal, TypeAlias

__all__ = [
    "CORE",
    "LANGUAGES",
    "CatalogError",
    "Items",
    "Message",
    "card_param",
    "catalog_domains",
    "catalog_file",
    "catalog_keys",
    "joined",
    "message_of",
    "p10_card",
    "render",
]

LANGUAGES: Final = ("en", "nb")
"""The languages the catalogs word every message in."""

Join = Literal["and", "or", "contract", "comma", "space", "semicolon", "plus"]


@dataclass(frozen=True, slots=True)
class Items:
    """A list inside a message, joined per language: ``"and"`` (``'a, b and c'`` / ``'a, b og
    c'``), ``"or"``, ``"contract"`` (a phase's parts: ``'a + b'`` / ``'a og b'``), or plain
    separators (``"comma"``, ``"space"``, ``"semicolon"``, ``"plus"``).

    >>> render(Message("check.outs", cards=Items(("a", "b", "c"), "and")), "nb")
    'Ett av disse kortene fullfører: a, b og c.'
    """

    items: tuple[Param, ...]
    join: Join = "comma"


Param: TypeAlias = "int | float | str | Message | Items"


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Message:
    """What the engine says, as a key and its parameters; ``str()`` is the English text.

    >>> m = Message("jokers", n=1)
    >>> m, str(m), render(m, "nb")
    (Message('jokers', n=1), '1 joker', '1 joker')
    >>> m.param("n")
    1
    """

    key: str
    params: tuple[tuple[str, Param], ...]
    _hash: int

    def __init__(self, key: str, /, **params: Param) -> None:
        values = tuple(params.items())
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", values)
        object.__setattr__(self, "_hash", hash((key, values)))  # kept: rendering looks messages up by it

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Message):
            return NotImplemented
        return self._hash == other._hash and self.key == other.key and self.params == other.params

    def param(self, name: str) -> Param:
        """The value of one parameter; ``KeyError`` when the message has none of that name."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        return render(self, "en")

    def __repr__(self) -> str:
        inner = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"Message({self.key!r}{inner})"

    def walk(self) -> Iterator[Message]:
        """This message and every message inside its parameters."""
        yield self
        for _name, value in self.params:
            yield from _walk(value)

    def replaced(self, key: str, by: Callable[[Message], Param]) -> Message:
        """This message with every message of ``key`` inside its parameters replaced by ``by`` of
        it: a page that names the players its own way words what the engine says with its names.

        >>> said = Message("coach.option.donate.donate", card="5♥", owner=Message("coach.player", n=2))
        >>> str(said.replaced("coach.player", lambda m: f"Bot {int(str(m.param('n'))) - 1}"))
        'Donate 5♥ to a meld of Bot 1.'
        """
        return Message(self.key, **{name: _replaced(value, key, by) for name, value in self.params})


def _replaced(value: Param, key: str, by: Callable[[Message], Param]) -> Param:
    if isinstance(value, Message):
        return by(value) if value.key == key else value.replaced(key, by)
    if isinstance(value, Items):
        return Items(tuple(_replaced(item, key, by) for item in value.items), value.join)
    return value


def _walk(value: Param) -> Iterator[Message]:
    if isinstance(value, Message):
        yield from value.walk()
    elif isinstance(value, Items):
        for item in value.items:
            yield from _walk(item)


# --- the catalogs ---------------------------------------------------------------------------------
# The core catalog (upto9/locale/<lang>/LC_MESSAGES/upto9.po) words what the engine says of any game;
# each registered family brings a domain of its own (its ``catalog`` folder, holding
# <lang>/LC_MESSAGES/<family key>.po) with the wording only its game uses. A key lives in one
# domain: the merged catalog refuses a key two domains define.


CORE: Final = "core"
"""The name of the engine's own domain among ``catalog_domains()`` (a family's is its key)."""

_Template = tuple[str, frozenset[str]]  # the text for str.format_map, and the fields written {name:cap}
_Plural = tuple[tuple[_Template, ...], Callable[[int], int]]  # the forms, and their domain's plural rule
_CAP = re.compile(r"\{(\w+):cap\}")


class CatalogError(ValueError):
    """A message catalog that cannot be used: a family without a catalog folder, or a key two
    domains both define."""


def _compile(text: str) -> _Template:
    return _CAP.sub(r"{\1}", text), frozenset(_CAP.findall(text))


@dataclass(frozen=True)
class _Catalog:
    lang: str
    plain: dict[str, _Template]
    plural: dict[str, _Plural]
    where: dict[str, str]  # the domain of each key

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.plain) | frozenset(self.plural)


def catalog_domains() -> tuple[str, ...]:
    """The message domains: the engine's own (``CORE``), then every registered family's, by key.

    >>> catalog_domains()[0], {"phase10", "upto9"} <= set(catalog_domains())
    ('core', True)
    """
    from upto9.plugins import family_keys

    keys = family_keys()
    if CORE in keys:
        raise CatalogError(f"a game family may not be called {CORE!r}: that is the name of the engine's own message domain")
    return (CORE, *keys)


def catalog_file(domain: str, lang: str) -> Traversable:
    """The ``.po`` file of ``domain`` in ``lang`` (it may be absent: a family that words nothing in
    that language); a family's catalog folder is its ``catalog`` member.

    >>> catalog_file("phase10", "nb").name, catalog_file("core", "en").name
    ('phase10.po', 'upto9.po')
    """
    if domain == CORE:
        return resources.files("upto9").joinpath("locale", lang, "LC_MESSAGES", "upto9.po")
    from upto9.plugins import load_family

    folder = getattr(load_family(domain), "catalog", None)
    if not isinstance(folder, Traversable):
        raise CatalogError(f"the game family {domain!r} has no message catalog: its 'catalog' must be a folder (importlib.resources), not {folder!r}")
    return folder.joinpath(lang, "LC_MESSAGES", f"{domain}.po")


@cache
def _domain(domain: str, lang: str) -> _Catalog:
    """One domain's catalog in ``lang``, read once with Babel; its plural rule is the file's own
    ``Plural-Forms`` expression. A family without a file for ``lang`` words nothing in it."""
    from babel.messages.pofile import read_po

    if lang not in LANGUAGES:
        raise ValueError(f"no message catalog for language {lang!r}; languages: {', '.join(LANGUAGES)}")
    source = catalog_file(domain, lang)
    plain: dict[str, _Template] = {}
    plural: dict[str, _Plural] = {}
    if domain != CORE and not source.is_file():
        return _Catalog(lang, plain, plural, {})
    with source.open("rb") as file:
        catalog = read_po(file, locale=lang)
    form = gettext.c2py(catalog.plural_expr)
    for message in catalog:
        if not message.id or not message.string:
            continue
        if message.pluralizable:
            plural[str(message.id[0])] = (tuple(_compile(str(text)) for text in message.string), form)
        else:
            plain[str(message.id)] = _compile(str(message.string))
    return _Catalog(lang, plain, plural, dict.fromkeys([*plain, *plural], domain))


@cache
def _catalog(lang: str) -> _Catalog:
    """The core catalog of ``lang`` merged with every family's domain; ``CatalogError`` names a key
    two domains define."""
    merged = _Catalog(lang, {}, {}, {})
    for name in catalog_domains():
        part = _domain(name, lang)
        twice = sorted(part.keys & merged.keys)
        if twice:
            keys = ", ".join(repr(key) for key in twice)
            raise CatalogError(f"the {lang} catalogs {merged.where[twice[0]]!r} and {name!r} both define {keys}; a key lives in one domain")
        merged.plain.update(part.plain)
        merged.plural.update(part.plural)
        merged.where.update(part.where)
    return merged


def catalog_keys(lang: str, domain: str | None = None) -> frozenset[str]:
    """Every message key the catalogs of ``lang`` word (all domains, or only ``domain``), for tests and tools.

    >>> "check.short" in catalog_keys("nb"), "p10.short" in catalog_keys("nb", "phase10"), "p10.short" in catalog_keys("nb", "core")
    (True, True, False)
    """
    return _catalog(lang).keys if domain is None else _domain(domain, lang).keys


_SEPARATORS: Final = {"comma": ", ", "space": " ", "semicolon": "; ", "plus": " + "}


def _value(value: Param, lang: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Items):
        parts = [_value(item, lang) for item in value.items]
        separator = _SEPARATORS.get(value.join)
        if separator is not None or len(parts) < 2:
            return (separator or "").join(parts)
        plain = _domain(CORE, lang).plain
        between, last = plain[f"join.{value.join}.between"][0], plain[f"join.{value.join}.last"][0]
        return between.join(parts[:-1]) + last + parts[-1]
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=lang))


def joined(items: Sequence[Param], lang: str = "en", join: Join = "and") -> str:
    """Items joined the language's way, as a message's ``Items`` is (``'a, b and c'``, ``'a, b og c'``).

    >>> joined(("red 8", "purple 8", "Clear")), joined(("rød 8", "Clear"), "nb")
    ('red 8, purple 8 and Clear', 'rød 8 og Clear')
    """
    return _value(Items(tuple(items), join), lang)


def render(message: Message, lang: str = "en") -> str:
    """The message in ``lang`` (``"en"`` or ``"nb"``), from that language's catalog.

    >>> render(Message("jokers", n=3), "nb"), render(Message("jokers", n=3))
    ('3 jokere', '3 jokers')
    >>> render(Message("no such key"), "nb")
    Traceback (most recent call last):
    ...
    KeyError: "the nb message catalog has no message 'no such key'"
    """
    memo = (message, lang)
    text = _RENDERED.get(memo)
    if text is not None:
        return text
    key = message.key
    catalog = _domain(CORE, lang)
    if key not in catalog.plain and key not in catalog.plural:
        catalog = _catalog(lang)  # a family's word: the families' domains are read on first need
    found = catalog.plain.get(key)
    if found is None:
        plural = catalog.plural.get(key)
        if plural is None:
            raise KeyError(f"the {lang} message catalog has no message {key!r}")
        forms, form = plural
        count = message.param("n")
        assert isinstance(count, int), f"{key}: the count n must be a whole number"
        found = forms[min(form(count), len(forms) - 1)]
    template, capitals = found
    values = {name: _value(value, lang) for name, value in message.params}
    for name in capitals:
        value = values[name]
        values[name] = value[:1].upper() + value[1:]
    text = template.format_map(values)
    if len(_RENDERED) >= _RENDERED_LIMIT:
        _RENDERED.clear()
    _RENDERED[memo] = text
    return text


# Rendered texts, by message and language: a level's contract and budget, a group's name and most
# sentences recur from check to check.
_RENDERED: dict[tuple[Message, str], str] = {}
_RENDERED_LIMIT: Final = 20_000


# --- errors that carry their message -----------------------------------------------------------------
# An error keeps its Message (``.msg``); a widget keeps the error, never only its text, so that
# nothing is ever translated by looking up an English sentence.


def message_of(error: BaseException) -> Message:
    """What an error says: the engine's own message (``.msg``), or its text as it is when it
    came from elsewhere.

    >>> from upto9 import CardError
    >>> message_of(CardError(Message("check.short", n=2)))
    Message('check.short', n=2)
    >>> message_of(ValueError("oops"))
    Message('raw', text='oops')
    """
    own = getattr(error, "msg", None)
    if isinstance(own, Message):
        return own
    return Message("raw", text=str(error))


def said(message: Message | str) -> tuple[str, Message | None]:
    """For an error's ``__init__``: the English text, and the message, if any.

    >>> said(Message("check.short", n=1))
    ('The hand is 1 card short of the lay-down.', Message('check.short', n=1))
    >>> said("plain words")
    ('plain words', None)
    """
    if isinstance(message, Message):
        return str(message), message
    return message, None


# --- words the engine's messages share ----------------------------------------------------------------
# (Duck-typed on the engine's objects, so that this module imports none of them.)


def jokers(n: int) -> Message:
    """``'no jokers'``, ``'1 joker'``, ``'3 jokers'``.

    >>> [render(jokers(n), "nb") for n in (0, 1, 2)]
    ['ingen jokere', '1 joker', '2 jokere']
    """
    return Message("jokers.none") if n == 0 else Message("jokers", n=n)


def wild_cards(n: int) -> Message:
    """``'no wild cards'``, ``'1 wild card'``, ``'3 wild cards'`` (Phase 10).

    >>> str(wild_cards(2)), render(wild_cards(2), "nb")
    ('2 wild cards', '2 jokere')
    """
    return Message("wilds.none") if n == 0 else Message("wilds", n=n)


def group_name(group: Any) -> Message:
    """An Up to 9 group's name: ``'straight of 5'``, ``'three of a kind'`` (``upto9.rules.Group.name``).

    >>> from upto9.rules import Group, GroupKind
    >>> str(group_name(Group(GroupKind.SET, 4))), render(group_name(Group(GroupKind.RUN, 5)), "nb")
    ('four of a kind', '5 straight')
    """
    kind, size = group.kind.value, group.size
    if kind == "set" and 2 <= size <= 5:
        return Message(f"group.set.{size}")
    return Message(f"group.{kind}", size=size)


def the_group(group: Any, index: int, by: Literal["name", "noun"] = "name") -> Message:
    """``'the three of a kind (1)'`` (by name) or ``'the set (1)'`` (by noun); ``index`` counts from 1.

    >>> from upto9.rules import Group, GroupKind
    >>> [render(the_group(Group(GroupKind.SET, 3), 1), lang) for lang in LANGUAGES]
    ['the three of a kind (1)', 'tressen (1)']
    """
    kind, size = group.kind.value, group.size
    if by == "noun":
        return Message(f"the.noun.{kind}", index=index)
    if kind == "run":
        return Message("the.run", size=size, index=index)
    if kind == "set" and size in (2, 3):
        return Message(f"the.set.{size}", index=index)
    return Message(f"the.{kind}", name=group_name(group), index=index)


def rank_face(rank: Any) -> Message:
    """A set's rank as a face: ``'a K'``, ``'an 8'``, ``'an A'``.

    >>> from upto9.cards import Rank
    >>> str(rank_face(Rank.EIGHT)), render(rank_face(Rank.KING), "nb")
    ('an 8', 'en K')
    """
    text = str(rank)
    return Message("face.an" if text in ("A", "8") else "face.a", rank=text)


def face(value: Any) -> Param:
    """What a card stands for in Up to 9: a card's glyph, or a set's rank (``rank_face``).

    >>> from upto9.cards import Rank, parse_card
    >>> face(parse_card("7h")), str(face(Rank.ACE))
    ('7♥', 'an A')
    """
    glyph = getattr(value, "glyph", None)
    return glyph if isinstance(glyph, str) else rank_face(value)


def wild_ranks(ranks: Any) -> Param:
    """The wild ranks: ``'2s and 3s'`` (``'2-ere og 3-ere'``); ``'no cards'`` when none are wild.

    >>> from upto9.cards import Rank
    >>> render(Message("raw", text=wild_ranks({Rank.THREE, Rank.TWO})), "nb"), render(Message("raw", text=wild_ranks(())))
    ('2-ere og 3-ere', 'no cards')
    """
    names = [Message("rank.plural", rank=str(r)) for r in sorted(ranks)]
    return Items(tuple(names), "and") if names else Message("wilds.no_cards")


def p10_card(card: Any, form: Literal["a", "the", "bare"] = "a") -> Message:
    """A Phase 10 card in words: its code in English (``'7r'``, ``'W'``, ``'S'``), its name in
    Norwegian (``'rød 7'``; a wild card ``'en joker'``, ``'jokeren'`` (``form="the"``) or
    ``'joker'`` (``form="bare"``, after a count: ``'2 × joker'``); a skip likewise).
    (``upto9.cards.Phase10Card``: ``special``, ``number``, ``colour``.)

    >>> from upto9.families.phase10.cards import WILD, parse_phase10_card
    >>> str(p10_card(parse_phase10_card("11b"))), render(p10_card(parse_phase10_card("11b")), "nb")
    ('11b', 'blå 11')
    >>> str(p10_card(WILD, "the")), render(p10_card(WILD, "the"), "nb"), render(p10_card(WILD), "nb")
    ('W', 'jokeren', 'en joker')
    """
    special = card.special
    if special is not None:
        kind = "wild" if special.value == "W" else "skip"
        return Message(f"p10.card.{kind}" if form == "a" else f"p10.card.{kind}.{form}")
    return Message("p10.card.number", number=card.number, colour=Message(f"p10.card.colour.{card.colour.noun}"))


def card_param(value: Any, glyphs: bool = False, form: Literal["a", "the", "bare"] = "a") -> Param:
    """A card of either game as a message parameter: an Up to 9 card as its text (``'5h'``, or
    its glyph ``'5♥'`` with ``glyphs``) in every language, a Phase 10 card by ``p10_card`` (in
    that ``form``).

    >>> from upto9.cards import parse_card
    >>> from upto9.families.phase10.cards import parse_phase10_card
    >>> card_param(parse_card("5h")), card_param(parse_card("5h"), glyphs=True), render(Message("raw", text=card_param(parse_phase10_card("7r"))), "nb")
    ('5h', '5♥', 'rød 7')
    """
    if hasattr(value, "special"):
        return p10_card(value, form)
    return str(value.glyph) if glyphs else str(value)
