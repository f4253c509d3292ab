"""The 3UP 3DOWN rules tour in a real browser, on a phone (390 x 844) and a desktop, in English and
in Norwegian (``?lang=nb``): the page opens in its language, a learner answers the first "can it be
played?" question, and the page shows the engine's verdict and the rule; nothing is wider than the
screen and the page passes the layout checks of tests/test_browser_layout.py. Full-page screenshots:
test-output/screenshots/7_threeup_tour.<lang>.<size>.png. Without Chromium these tests skip as the
other browser tests do (tests/test_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.test_browser_layout import MEASURE, full_screenshot
from tests.voila_helpers import LOADED, SIZES, VoilaServer

PAGE = "7_threeup_tour.ipynb"
WORDS = {
    # what the first question shows before and after the learner taps the right answer
    "en": {"title": "3UP 3DOWN: a tour of the rules", "question": "Can you play this?", "yes": "Yes", "right": "Right!", "rule": "T6. Equal or higher"},
    "nb": {"title": "3UP 3DOWN: en omvisning i reglene", "question": "Kan du spille dette?", "yes": "Ja", "right": "Riktig!", "rule": "T6. Likt eller høyere"},
}


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()  # the session's one server (its pools heat every page once for all the browser modules)


# A learner on a Norwegian phone (the page's first audience): every page is also read at both sizes
# in both languages by tests/test_browser_layout.py and tests/test_browser_norwegian.py, kept short for CI.
@pytest.mark.parametrize(("lang", "size"), [("nb", "phone")])
def test_the_tour_answers_a_question_in_its_language_and_fits_the_screen(browser: Any, server: VoilaServer, lang: str, size: str) -> None:  # noqa: F811  (the browser fixture)
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    try:
        tab.goto(server.page(PAGE) + ("?lang=nb" if lang == "nb" else ""), timeout=LOAD_MS, wait_until="domcontentloaded")
        tab.wait_for_selector(".u9-lang-switch button", timeout=LOAD_MS)
        tab.wait_for_function(LOADED, timeout=LOAD_MS)
        words = WORDS[lang]
        question = tab.locator(".u9-predict").first
        question.wait_for(timeout=LOAD_MS)
        assert words["question"] in question.inner_text()
        assert tab.locator("h1:visible", has_text=words["title"]).count() == 1
        question.locator(".u9-choice-yes").click()
        reveal = question.locator(".u9-reveal")
        reveal.get_by_text(words["right"]).wait_for(timeout=30_000)
        shown = reveal.inner_text()
        assert words["rule"] in shown and ("It can be played." if lang == "en" else "Det kan spilles.") in shown
        assert question.locator(".u9-choice-yes").inner_text().startswith("✔") and question.locator(".u9-choice-yes").is_disabled()
        assert widget_problems(tab) == []
        tab.wait_for_timeout(800)
        found = dict(tab.evaluate(MEASURE, phone))
        assert found["problems"] == [], found["problems"]
        if phone:
            widest = tab.evaluate("() => Math.max(...[...document.querySelectorAll('#rendered_cells *')].map(e => e.getBoundingClientRect().right))")
            assert widest <= SIZES["phone"]["width"] + 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        full_screenshot(tab, str(SHOTS / f"7_threeup_tour.{lang}.{size}.png"), SIZES[size])
    finally:
        context.close()
