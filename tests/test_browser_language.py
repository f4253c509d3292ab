"""The page's language stays where a learner put it (issue 26): in a real browser, at a phone's size.

A learner presses Norsk on a page opened in English: the address says ``?lang=nb`` at once (the other
parts of its query kept), the tab title and ``<html lang>`` are Norwegian, and the links the page
shows carry the language. Then a reload, Next and Back, and the lost-connection notice's reload all
bring the page back in Norwegian, narrative and widgets, with its Norwegian title from the first
paint. Voila serves the site as in tests/test_browser.py; screenshots of the page in both languages,
at a phone's and a desktop's size, go to test-output/screenshots/<page>.lang.*.png.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from upto9.widgets.nav import explainer

from tests.test_browser import DELETE_KERNEL, LOAD_MS, SHOTS, WAKE, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.voila_helpers import DESKTOP, PHONE, PUBLISHED, SITE, VoilaServer, get

STEP_MS = 30_000  # the kernel answers a click within this, on a busy two-core machine
CHECKER = "2_hand_checker.ipynb"
STEPPER = "3_round_stepper.ipynb"
TITLE_NB = {CHECKER: "Up to 9: håndsjekkeren", STEPPER: "Up to 9: gå gjennom en runde"}
"""The Norwegian tab titles: the explainers' own titles (widgets/nav.py), after the site's name."""


def title_en(notebook: str) -> str:
    """The English tab title: the notebook's own (its metadata), as before the page had a Norwegian one."""
    return str(json.loads((SITE / notebook).read_text(encoding="utf-8"))["metadata"]["title"])


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


def tab(browser: Any, size: dict[str, int]) -> Any:  # noqa: F811  (the browser fixture, imported)
    phone = size == PHONE
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811
    page = tab(browser, PHONE)
    try:
        yield page
    finally:
        page.context.close()


def query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def drawn(page: Any) -> None:
    page.wait_for_selector(".u9-lang-switch button", timeout=LOAD_MS)
    loaded = "() => { const spinner = document.querySelector('#loading'); return !spinner || getComputedStyle(spinner).display === 'none'; }"
    page.wait_for_function(loaded, timeout=LOAD_MS)


def first_paint(page: Any, url: str | None = None) -> tuple[str, str]:
    """Open ``url`` (or reload the page) and return its tab title and ``<html lang>`` as soon as the
    document is there, before its widgets are drawn; then wait until they are."""
    if url is None:
        page.reload(timeout=LOAD_MS, wait_until="domcontentloaded")
    else:
        page.goto(url, timeout=LOAD_MS, wait_until="domcontentloaded")
    said = page.evaluate("() => [document.title, document.documentElement.lang, !!document.querySelector('.u9-lang-switch')]")
    drawn(page)
    return said[0], said[1]


def in_language(page: Any, notebook: str, lang: str) -> None:
    """The page shows ``lang``: its switch, its narrative, its widgets' words, its title and ``lang``."""
    words = {"en": "English", "nb": "Norsk"}
    page.locator(".u9-lang-switch button.mod-active", has_text=words[lang]).first.wait_for(timeout=STEP_MS)
    page.locator(f".u9-{lang}").first.wait_for(state="visible", timeout=STEP_MS)
    assert page.locator(".u9-nb" if lang == "en" else ".u9-en").first.is_hidden()
    label = {"en": "Language", "nb": "Språk"}[lang]  # the switch's own label, a widget's words
    page.locator(".u9-lang-switch", has_text=label).first.wait_for(timeout=STEP_MS)
    title = title_en(notebook) if lang == "en" else TITLE_NB[notebook]
    page.wait_for_function("(title) => document.title === title", arg=title, timeout=STEP_MS)
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert query(page).get("lang") == [lang], page.url


def press(page: Any, lang: str) -> None:
    page.locator(".u9-lang-switch button", has_text={"en": "English", "nb": "Norsk"}[lang]).first.click()


def checker_in_norwegian(page: Any) -> None:
    """The hand checker's widgets speak Norwegian (its verdict on the hand it opens with)."""
    page.locator("[role=status]", has_text="GYLDIG for nivå").first.wait_for(timeout=STEP_MS)


def screenshot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def headings(notebook: str) -> dict[str, str]:
    """The page's own heading in each language: the first ``# `` line of its narrative's blocks."""
    cells = json.loads((SITE / notebook).read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    found = {}
    for lang in ("en", "nb"):
        block = re.search(rf'<div class="u9-{lang}"[^>]*>(.*?)</div>', text, re.S)
        assert block, f"{notebook}: no {lang} block"
        found[lang] = re.search(r"^# (.+)$", block.group(1), re.M).group(1).strip()  # type: ignore[union-attr]
    return found


def test_every_page_has_its_tab_title_in_both_languages(server: VoilaServer) -> None:
    """Each page's tab titles, as its template gives them to the page's script, are its own headings
    (the English one its notebook's title too); the page is drawn in English until its address is read."""
    for notebook in PUBLISHED:
        status, _url, body = get(server.page(notebook) + "?lang=nb")
        assert status == 200, f"{notebook}: HTTP {status}"
        given = json.loads(re.search(r"const PAGE = (\{.*?\});\n", body).group(1))  # type: ignore[union-attr]
        assert given == {"titles": headings(notebook), "files": None}, (notebook, given)
        assert given["titles"]["en"] == title_en(notebook)
        assert f"<title>{title_en(notebook)}</title>" in body and '<html lang="en">' in body


def test_a_switch_to_norsk_survives_a_reload(phone: Any, server: VoilaServer) -> None:
    title, lang = first_paint(phone, server.page(CHECKER) + "?lang=en&from=bookmark#checker")
    assert (title, lang) == (title_en(CHECKER), "en")
    in_language(phone, CHECKER, "en")
    screenshot(phone, "2_hand_checker.lang.en.phone")
    entries = phone.evaluate("() => history.length")
    press(phone, "nb")
    in_language(phone, CHECKER, "nb")
    checker_in_norwegian(phone)
    # The address changed in place: its other parts stay, and it is still one entry in the history.
    parts = urlsplit(phone.url)
    assert query(phone) == {"lang": ["nb"], "from": ["bookmark"]} and parts.fragment == "checker", phone.url
    assert phone.evaluate("() => history.length") == entries
    # The links the page shows carry the language now (each nav, the top one and the bottom one, is
    # a widget the kernel draws again: the bottom one can come a moment after the checker's verdict).
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # then the assertion below names the link
        phone.wait_for_function("() => [...document.querySelectorAll('.u9-nav a')].every((a) => a.getAttribute('href').endsWith('?lang=nb'))", timeout=STEP_MS)
    for link in phone.locator(".u9-nav a").all():
        assert link.get_attribute("href").endswith("?lang=nb"), link.get_attribute("href")
    screenshot(phone, "2_hand_checker.lang.nb.phone")
    title, lang = first_paint(phone)
    assert (title, lang) == (TITLE_NB[CHECKER], "nb"), "the Norwegian title and lang from the first paint"
    in_language(phone, CHECKER, "nb")
    checker_in_norwegian(phone)
    assert not widget_problems(phone), widget_problems(phone)
    screenshot(phone, "2_hand_checker.lang.nb.reloaded.phone")
    # And back to English: the address, the title and the lang follow again.
    press(phone, "en")
    in_language(phone, CHECKER, "en")
    phone.locator("[role=status]", has_text="VALID for level").first.wait_for(timeout=STEP_MS)


def test_next_then_back_returns_to_the_page_in_norsk(phone: Any, server: VoilaServer) -> None:
    first_paint(phone, server.page(CHECKER))
    press(phone, "nb")
    in_language(phone, CHECKER, "nb")
    following = phone.locator(".u9-nav a.u9-nav-next").first
    assert following.inner_text().startswith("Neste: " + explainer(STEPPER).title["nb"])
    following.click()
    phone.wait_for_url(re.compile(re.escape(STEPPER) + r"\?lang=nb$"), timeout=LOAD_MS)
    drawn(phone)
    in_language(phone, STEPPER, "nb")
    phone.go_back(timeout=LOAD_MS, wait_until="domcontentloaded")
    assert urlsplit(phone.url).path.endswith(CHECKER) and query(phone).get("lang") == ["nb"], phone.url
    assert phone.evaluate("() => [document.title, document.documentElement.lang]") == [TITLE_NB[CHECKER], "nb"]
    drawn(phone)
    in_language(phone, CHECKER, "nb")
    checker_in_norwegian(phone)
    assert not widget_problems(phone), widget_problems(phone)
    screenshot(phone, "2_hand_checker.lang.nb.back.phone")


def test_the_lost_connection_reload_comes_back_in_norsk(phone: Any, server: VoilaServer) -> None:
    first_paint(phone, server.page(CHECKER) + "?lang=en")
    press(phone, "nb")
    in_language(phone, CHECKER, "nb")
    assert phone.evaluate(DELETE_KERNEL) == 204  # what the server's culler does to a sleeping phone's kernel
    phone.evaluate(WAKE)
    notice = phone.locator("#u9-lost")
    notice.wait_for(state="visible", timeout=15_000)
    assert "Siden har mistet forbindelsen" in notice.inner_text() and "lost its connection" not in notice.inner_text()
    notice.locator("button").click()
    phone.wait_for_load_state("domcontentloaded", timeout=LOAD_MS)
    drawn(phone)
    in_language(phone, CHECKER, "nb")
    checker_in_norwegian(phone)


def test_a_desktop_keeps_the_language_too(browser: Any, server: VoilaServer) -> None:  # noqa: F811
    desktop = tab(browser, DESKTOP)
    try:
        first_paint(desktop, server.page(CHECKER))
        in_language(desktop, CHECKER, "en")
        screenshot(desktop, "2_hand_checker.lang.en.desktop")
        press(desktop, "nb")
        in_language(desktop, CHECKER, "nb")
        title, lang = first_paint(desktop)
        assert (title, lang) == (TITLE_NB[CHECKER], "nb")
        in_language(desktop, CHECKER, "nb")
        checker_in_norwegian(desktop)
        screenshot(desktop, "2_hand_checker.lang.nb.desktop")
    finally:
        desktop.context.close()
