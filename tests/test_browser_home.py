"""The home page and the links between the pages, in a real browser, on a phone and on a desktop.

A learner lands on the home page, picks Norwegian, opens the hand checker, follows "next" to the
round stepper and goes home again: every page opens in the language picked, and the links on a
page follow its language switch. Screenshots go to test-output/screenshots/ (home.*.png).
Without Chromium these tests skip as the other browser tests do (tests/test_browser.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from upto9.widgets.nav import EXPLAINERS

from tests.test_browser import LOAD_MS, SHOTS, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.voila_helpers import PUBLISHED, SIZES, VoilaServer

HOME_MS = 3000  # the home page starts no kernel: it is there at once


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


def _tab(browser: Any, size: str) -> Any:  # noqa: F811  (the browser fixture, imported)
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    tab = context.new_page()
    tab.errors = []  # type: ignore[attr-defined]
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    return tab


def wait_drawn(page: Any) -> None:
    """An explainer page has run its notebook and drawn its widgets (the language switch, the links)."""
    page.wait_for_selector(".u9-lang-switch button", timeout=LOAD_MS)
    page.wait_for_selector(".u9-nav a", timeout=LOAD_MS)
    loaded = "() => { const spinner = document.querySelector('#loading'); return !spinner || getComputedStyle(spinner).display === 'none'; }"
    page.wait_for_function(loaded, timeout=LOAD_MS)


def shot(page: Any, name: str, size: str) -> None:
    """The whole page at this width (Voila scrolls inside an element: the viewport grows to its height)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = page.evaluate(
        """() => Math.max(document.documentElement.scrollHeight,
              ...[...document.querySelectorAll('*')].filter(e => /auto|scroll/.test(getComputedStyle(e).overflowY))
                 .map(e => e.scrollHeight + 60))"""
    )
    page.set_viewport_size({"width": SIZES[size]["width"], "height": min(int(height), 12000)})
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / f"{name}.{size}.png"), full_page=True)
    page.set_viewport_size(SIZES[size])


def home_layout(page: Any) -> dict[str, Any]:
    """What a phone user would trip over: sideways scrolling, small text, small links; and the grid's columns."""
    return dict(
        page.evaluate(
            """() => {
        const links = [...document.querySelectorAll('a')].map(a => a.getBoundingClientRect());
        const texts = [...document.querySelectorAll('p, h3, a, li')].map(e => parseFloat(getComputedStyle(e).fontSize));
        const cards = [...document.querySelectorAll('.u9-card')].map(c => c.getBoundingClientRect());
        return {
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            lowest_link: Math.min(...links.map(r => r.height)),
            smallest_text: Math.min(...texts),
            columns: new Set(cards.map(r => Math.round(r.left))).size,
            widest_card: Math.max(...cards.map(r => r.right)),
            width: window.innerWidth,
        };
    }"""
        )
    )


def nav_links(page: Any) -> list[tuple[str, str]]:
    """The links at the top of an explainer page: (address, words)."""
    top = page.locator(".u9-nav").first
    return [(str(a.get_attribute("href")), a.inner_text().strip()) for a in top.locator("a").all()]


@pytest.mark.parametrize("size", list(SIZES))
def test_home_page_then_the_hand_checker_and_the_next_page_in_norwegian(browser: Any, server: VoilaServer, size: str) -> None:  # noqa: F811  (the browser fixture, imported)
    page = _tab(browser, size)
    try:
        started = time.perf_counter()
        page.goto(server.url + "/", timeout=LOAD_MS)
        page.locator("h1", has_text="Up to 9").wait_for(timeout=HOME_MS)
        home_ms = (time.perf_counter() - started) * 1000
        titles = [t.strip() for t in page.locator(".u9-card h3").all_inner_texts()]
        assert titles == [f"{i}. {e.title['en']}" for i, e in enumerate(EXPLAINERS, 1)], titles
        assert len(EXPLAINERS) == len(PUBLISHED)
        assert page.locator(".u9-card img").count() == len(EXPLAINERS)
        assert all(page.locator(".u9-card img").nth(i).evaluate("img => img.complete && img.naturalWidth > 0") for i in range(2))
        layout = home_layout(page)
        assert layout["overflow"] <= 0, f"{size}: the home page scrolls sideways by {layout['overflow']} px"
        assert layout["lowest_link"] >= 40, f"{size}: a link only {layout['lowest_link']} px high"
        assert layout["smallest_text"] >= 14, f"{size}: text at {layout['smallest_text']} px"
        assert layout["columns"] == (1 if size == "phone" else 3), layout
        assert layout["widest_card"] <= layout["width"], layout
        # A family picks a game: one tap on its name brings its section, its name and its pages, into view.
        games = [t.strip() for t in page.locator("section.u9-game h2").all_inner_texts()]
        assert games == ["Up to 9", "3UP 3DOWN", "Picture cards"], games
        page.locator(".u9-jump a", has_text="3UP 3DOWN").click()
        page.wait_for_url("**/#threeup")
        heading = page.locator("#threeup h2")
        in_view = "h => { const r = h.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
        page.wait_for_function(in_view, arg=heading.element_handle(), timeout=HOME_MS)
        assert page.locator("#threeup .u9-card h3").first.inner_text().strip() == f"7. {EXPLAINERS[6].title['en']}"
        assert "2 to 6 players" in page.locator("#threeup .u9-facts").inner_text()
        page.goto(server.url + "/", timeout=LOAD_MS)
        page.locator("h1", has_text="Up to 9").wait_for(timeout=HOME_MS)
        shot(page, "home", size)

        # Norwegian, then the hand checker from its card.
        page.locator(".u9-langs a", has_text="Norsk").click()
        page.wait_for_url("**/?lang=nb")
        page.locator("h3", has_text="Håndsjekkeren").wait_for(timeout=HOME_MS)
        assert page.locator("html").get_attribute("lang") == "nb"
        assert "Lær et kortspill" in page.inner_text("body") and "Learn a card game" not in page.inner_text("body")
        shot(page, "home.nb", size)
        page.locator(".u9-card a", has_text="Håndsjekkeren").click()
        page.wait_for_url("**/voila/render/2_hand_checker.ipynb?lang=nb", timeout=LOAD_MS)
        wait_drawn(page)
        page.locator("h1", has_text="håndsjekkeren").first.wait_for(timeout=30_000)
        assert page.locator(".u9-nb").first.is_visible() and page.locator(".u9-en").first.is_hidden()
        assert page.locator(".u9-lang-switch button.mod-active").inner_text().strip() == "Norsk"
        page.locator("[role=status]", has_text="GYLDIG for nivå 7").first.wait_for(timeout=30_000)
        assert nav_links(page) == [("/?lang=nb", "⌂ Hjem"), ("/voila/render/3_round_stepper.ipynb?lang=nb", "Neste: Gå gjennom en runde →")]
        assert f"2 av {len(EXPLAINERS)}" in page.locator(".u9-nav").first.inner_text()
        assert not widget_problems(page), widget_problems(page)
        shot(page, "home.checker.nb", size)

        # The page's own switch moves its links to English and back.
        page.locator(".u9-lang-switch button", has_text="English").click()
        page.locator(".u9-nav a", has_text="Next: Step through a round").first.wait_for(timeout=30_000)
        assert nav_links(page)[-1][0] == "/voila/render/3_round_stepper.ipynb?lang=en"
        page.locator(".u9-nav-bottom a", has_text="Next: Step through a round").wait_for(timeout=30_000)  # the links that close the page too
        page.locator(".u9-lang-switch button", has_text="Norsk").click()
        page.locator(".u9-nav a", has_text="Neste: Gå gjennom en runde").first.wait_for(timeout=30_000)

        # "Next" from the bottom of the page: the round stepper, still in Norwegian.
        page.locator(".u9-nav-bottom a", has_text="Neste").click()
        page.wait_for_url("**/voila/render/3_round_stepper.ipynb?lang=nb", timeout=LOAD_MS)
        wait_drawn(page)
        page.locator("h1", has_text="gå gjennom en runde").first.wait_for(timeout=30_000)
        assert page.locator(".u9-nb").first.is_visible() and page.locator(".u9-en").first.is_hidden()
        assert page.locator(".u9-lang-switch button.mod-active").first.inner_text().strip() == "Norsk"
        assert nav_links(page)[-1] == ("/voila/render/4_level_atlas.ipynb?lang=nb", "Neste: Nivåatlaset →")

        # Home again, in Norwegian.
        page.locator(".u9-nav a", has_text="Hjem").first.click()
        page.wait_for_url("**/?lang=nb", timeout=LOAD_MS)
        page.locator("h3", has_text="Håndsjekkeren").wait_for(timeout=HOME_MS)
        assert page.locator("html").get_attribute("lang") == "nb"
        assert not page.errors, page.errors
        print(f"\n{size}: home page drawn in {home_ms:.0f} ms")
    finally:
        page.context.close()


def test_the_last_page_leads_home(browser: Any, server: VoilaServer) -> None:  # noqa: F811  (the browser fixture, imported)
    page = _tab(browser, "desktop")
    last = EXPLAINERS[-1].notebook
    try:
        page.goto(server.url + f"/voila/render/{last}?lang=nb", timeout=LOAD_MS)
        wait_drawn(page)
        assert nav_links(page) == [("/?lang=nb", "← Tilbake til forsiden")]
        assert f"{len(EXPLAINERS)} av {len(EXPLAINERS)}" in page.locator(".u9-nav").first.inner_text()
        page.locator(".u9-nav-bottom a", has_text="Tilbake til forsiden").click()
        page.wait_for_url("**/?lang=nb", timeout=LOAD_MS)
        page.locator("h1", has_text="Up to 9").wait_for(timeout=HOME_MS)
        assert page.locator(".u9-langs a[aria-current=true]").inner_text().strip() == "Norsk"
    finally:
        page.context.close()
