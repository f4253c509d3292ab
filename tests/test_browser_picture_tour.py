"""The Picture cards rules tour in a real browser, on a phone (390 x 844) and a desktop, in English and
in Norwegian (``?lang=nb``): the page opens in its language and shows the text's own examples and the
deal's contradiction; a learner answers the first "what does this picture card score?" question, and
the page shows the engine's score and why; nothing is wider than the screen and the page passes the
layout checks of tests/test_browser_layout.py. Full-page screenshots:
test-output/screenshots/8_picture_cards_tour.<lang>.<size>.png. Without Chromium these tests skip as
the other browser tests do (tests/test_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.test_browser_layout import MEASURE, full_screenshot
from tests.voila_helpers import LOADED, SIZES, VoilaServer

PAGE = "8_picture_cards_tour.ipynb"
WORDS = {
    # what the page shows, and what the first question shows once the learner taps 33 (K♠ with 8♠ 8♦ 5♠)
    "en": {
        "title": "Picture cards: a tour of the rules",
        "examples": ("K♥ scores 25", "Q♣ scores 20", "J♥ scores 17"),
        "deal": "2 players dealt 6 picture cards each need 12, but the picture pile holds 9",
        "question": "What does this picture card score?",
        "right": "Right! You said 33; the engine says 33.",
        "why": "A king scores 20 plus the number cards of its own suit (PC12).",
        "per_lise": "Lise wins the game.",
    },
    "nb": {
        "title": "Bildekort: en omvisning i reglene",
        "examples": ("K♥ gir 25", "Q♣ gir 20", "J♥ gir 17"),
        "deal": "2 spillere som får 6 bildekort hver, trenger 12, men bunken med bildekort har 9",
        "question": "Hvor mange poeng gir dette bildekortet?",
        "right": "Riktig! Du svarte 33; motoren sier 33.",
        "why": "En konge gir 20 pluss tallkortene i sin egen sort (PC12).",
        "per_lise": "Lise vinner spillet.",
    },
}


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()  # the session's one server (its pools heat every page once for all the browser modules)


# A learner on a Norwegian phone (the page's first audience): every page is also read at both sizes
# in both languages by tests/test_browser_layout.py and tests/test_browser_norwegian.py, kept short for CI.
@pytest.mark.parametrize(("lang", "size"), [("nb", "phone")])
def test_the_tour_answers_a_score_question_in_its_language_and_fits_the_screen(browser: Any, server: VoilaServer, lang: str, size: str) -> None:  # noqa: F811  (the browser fixture)
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
        question = tab.locator(".u9-predict", has=tab.locator(".u9-pc-choice")).first
        question.wait_for(timeout=LOAD_MS)
        assert tab.locator("h1:visible", has_text=words["title"]).count() == 1
        body = tab.inner_text("#rendered_cells")
        assert all(example in body for example in words["examples"]), body[:2000]
        assert words["deal"] in body and words["per_lise"] in body
        assert words["question"] in question.inner_text()
        reveal = question.locator(".u9-reveal")
        assert "33" not in reveal.inner_text()  # hidden until the learner predicts
        question.locator(".u9-pc-choice", has_text="33").click()
        reveal.get_by_text(words["right"]).wait_for(timeout=30_000)
        assert words["why"] in reveal.inner_text()
        assert question.locator(".u9-pc-choice", has_text="33").inner_text().startswith("✔")
        assert question.locator(".u9-pc-choice", has_text="33").is_disabled()
        heights = [b.bounding_box()["height"] for b in question.locator(".u9-pc-choice").all()]
        assert min(heights) >= 44, heights
        assert widget_problems(tab) == []
        tab.wait_for_timeout(800)
        found = dict(tab.evaluate(MEASURE, phone))
        assert found["problems"] == [], found["problems"]
        if phone:
            widest = tab.evaluate("() => Math.max(...[...document.querySelectorAll('#rendered_cells *')].map(e => e.getBoundingClientRect().right))")
            assert widest <= SIZES["phone"]["width"] + 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        full_screenshot(tab, str(SHOTS / f"8_picture_cards_tour.{lang}.{size}.png"), SIZES[size])
    finally:
        context.close()
