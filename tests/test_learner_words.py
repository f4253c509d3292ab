"""No learner reads a developer's word (issue 26): "token", "null", "UTF-8", "ASCII" or a format's
name (``upto9-game/1``, JSON, TOML) in any message of the engine's catalogs (the core domain and
every game family's, both languages) or in any widget module's texts, but where the words are
truly a developer's: listed below, each with the reason.

Placeholders (``{token}``) are names in the code, never read: they are left out before the search.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

pytest.importorskip("ipywidgets")

import upto9.widgets as widgets_package
from babel.messages.pofile import read_po
from upto9.widgets.texts import LANGS

from upto9.messages import catalog_domains, catalog_file

DEVELOPER_WORDS = re.compile(r"\btokens?\b|\bnull\b|\bUTF-?8\b|\bASCII\b|upto9-game|\bJSON\b|\bTOML\b", re.IGNORECASE)
"""What a learner should never have to read: the reader's words for a piece of text, the file
formats' and encodings' names."""

_FILE_WORDS = (
    "the engine's words for a file it refuses: the command line and the Python API say them, and the "
    "round stepper only under Advanced (the page says record.plain.*)"
)
_RULE_FILE = "a rule-set file read by load_rules: only the command line and the Python API read one; no page does"

CATALOG_EXEMPT: dict[tuple[str, str], str] = {
    ("core", "record.broken_json"): _FILE_WORDS,
    ("core", "record.broken_json_plain"): _FILE_WORDS,
    ("core", "record.not_utf8"): _FILE_WORDS,
    ("core", "record.not_json"): _FILE_WORDS,
    ("core", "file.not_utf8"): _FILE_WORDS,
    ("core", "rules.not_toml"): _RULE_FILE,
    ("core", "rules.base_path"): _RULE_FILE,
}
"""Catalog messages (domain, key) a learner never reads on a page, with the reason."""

WIDGET_EXEMPT: dict[tuple[str, str, str], str] = {
    ("compare", "TEXTS", "sample_dev"): "the comparison page's Advanced section: the data files it reads, by name (comparison.json)",
}
"""Widget texts (module, table, key) shown only in an Advanced section, with the reason."""


def _catalog_texts() -> Iterator[tuple[tuple[str, str], str, str]]:
    """Every msgstr of every catalog: ((domain, key), language, text); a plural's every form."""
    for domain in catalog_domains():
        for lang in LANGS:
            with catalog_file(domain, lang).open("rb") as file:
                catalog = read_po(file)
            for message in catalog:
                if not message.id:
                    continue
                key = message.id if isinstance(message.id, str) else message.id[0]
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in forms:
                    yield (domain, str(key)), lang, str(text or "")


def _widget_texts() -> Iterator[tuple[tuple[str, str, str], str, str]]:
    """Every text of every widget module's tables of words by language (``TEXTS``, ``SHARED``...):
    ((module, table, key), language, text)."""
    for info in pkgutil.walk_packages(widgets_package.__path__, "upto9.widgets."):  # widgets.games too
        module = importlib.import_module(info.name)
        for name, table in vars(module).items():
            if isinstance(table, dict) and set(table) == set(LANGS) and all(isinstance(words, dict) for words in table.values()):
                for lang, words in table.items():
                    for key, text in words.items():
                        if isinstance(text, str):
                            yield (info.name.removeprefix("upto9.widgets."), name, str(key)), lang, text


def _found(text: str) -> list[str]:
    return DEVELOPER_WORDS.findall(re.sub(r"\{[^{}]*\}", "", text))


def test_the_walk_reads_every_catalog_and_every_widget_modules_words() -> None:
    catalogs = {key[0] for key, _, _ in _catalog_texts()}
    assert catalogs == set(catalog_domains()) and {"core", "upto9", "phase10"} <= catalogs
    modules = {key[0] for key, _, _ in _widget_texts()}
    assert {"stepper", "hand", "tour", "lab", "explorer", "atlas", "compare", "texts", "page"} <= modules, modules
    assert DEVELOPER_WORDS.search("not UTF-8 text") and DEVELOPER_WORDS.search("a JSON file") and not DEVELOPER_WORDS.search("nullify none")


def test_no_catalog_message_a_learner_reads_holds_a_developers_word() -> None:
    hits = [
        f"{domain} {lang} {key}: {_found(text)} in {text!r}"
        for (domain, key), lang, text in _catalog_texts()
        if (domain, key) not in CATALOG_EXEMPT and _found(text)
    ]
    assert not hits, "\n".join(hits)


def test_no_widget_text_a_learner_reads_holds_a_developers_word() -> None:
    hits = [f"{'.'.join(where)} ({lang}): {_found(text)} in {text!r}" for where, lang, text in _widget_texts() if where not in WIDGET_EXEMPT and _found(text)]
    assert not hits, "\n".join(hits)


def test_every_exemption_is_still_needed() -> None:
    """An exemption names a message that exists and still holds such a word: none is kept out of habit."""
    catalog = {(domain, key) for (domain, key), _, text in _catalog_texts() if _found(text)}
    assert set(CATALOG_EXEMPT) <= catalog, set(CATALOG_EXEMPT) - catalog
    texts = {where for where, _, text in _widget_texts() if _found(text)}
    assert set(WIDGET_EXEMPT) <= texts, set(WIDGET_EXEMPT) - texts


@pytest.mark.parametrize(
    "content",
    [b"null", b'{"a": 1}', b"\x89PNG\r\n\x1a\n\x00", "blåbær".encode("latin-1"), b'{"format": "upto9-game/1", "rounds": [', b'{"format": "upto9-game/9"}'],
    ids=["null", "a table", "a picture", "latin-1 text", "cut off", "newer"],
)
def test_a_refused_file_is_said_without_a_developers_word_outside_advanced(content: bytes) -> None:
    from upto9.widgets import RoundStepper
    from upto9.widgets.stepper import TEXTS

    stepper = RoundStepper(seed=7, players=3)
    stepper._upload.value = ({"name": "mine.json", "type": "", "size": len(content), "content": memoryview(content), "last_modified": datetime.now(UTC)},)
    for lang in LANGS:
        stepper.lang = lang
        page = [getattr(child, "value", "") for child in stepper.children if child is not stepper._advanced and isinstance(getattr(child, "value", ""), str)]
        shown = re.sub(r"<[^>]+>", " ", "".join(page[2:]))  # after the page's own style and script
        assert stepper.model.error and not _found(shown), (lang, _found(shown), shown[:300])
        assert TEXTS[lang]["advanced_refused"].split("{")[0] in re.sub(r"<[^>]+>", "", stepper._developer.value)  # the detail: under Advanced
