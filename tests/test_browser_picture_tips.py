"""The picture-card tips page in a real browser, on a phone (390 x 844) and a desktop, in English and
Norwegian (``?lang=nb``): the tips show with their numbers, intervals and sample sizes, the two charts
draw, the author tries a changed rule (no five-card move) and sees each measure's difference in words,
then types the text's own deal and gets one plain line while the answer stays; nothing is wider than
the screen and the page passes the layout checks of tests/test_browser_layout.py. Full-page
screenshots: test-output/screenshots/10_picture_cards_tips.<lang>.<size>.png. Without Chromium these
tests skip as the other browser tests do (tests/test_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.test_browser_layout import MEASURE, full_screenshot
from tests.voila_helpers import LOADED, SIZES, VoilaServer

PAGE = "10_picture_cards_tips.ipynb"
WORDS = {
    "en": {
        "title": "Picture cards: tips for the author",
        "first_tip": "A two-player game lasts",
        "interval": "95 % interval",
        "never": "never",
        "quick": "stops after three cards",
        "run": "Compare with the rules as played",
        "row": "turns per game",
        "same": "Both rule sets are played on the same",
        "refused": "This rule file cannot be used: deal_two: the deal cannot be dealt",
    },
    "nb": {
        "title": "Bildekort: tips til forfatteren",
        "first_tip": "Et spill med to spillere varer",
        "interval": "95 % intervall",
        "never": "aldri",
        "quick": "stopper etter tre kort",
        "run": "Sammenlign med reglene slik de spilles",
        "row": "turer per spill",
        "same": "Begge regelsettene spilles på de samme",
        "refused": "Denne regelfilen kan ikke brukes: deal_two: kortene kan ikke deles ut",
    },
}


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()  # the session's one server (its pools heat every page once for all the browser modules)


# A learner on a Norwegian phone (the page's first audience): every page is also read at both sizes
# in both languages by tests/test_browser_layout.py and tests/test_browser_norwegian.py, kept short for CI.
@pytest.mark.parametrize(("lang", "size"), [("nb", "phone")])
def test_the_tips_show_and_a_changed_rule_is_answered_in_its_language(browser: Any, server: VoilaServer, lang: str, size: str) -> None:  # noqa: F811  (the browser fixture)
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
        tips = tab.locator(".u9-tips").first
        tips.wait_for(timeout=LOAD_MS)
        assert tab.locator("h1:visible", has_text=words["title"]).count() == 1
        cards = tips.locator(".u9-tip")
        assert cards.count() >= 10
        assert cards.first.inner_text().startswith(words["first_tip"]) and words["interval"] in cards.first.inner_text()
        tab.locator(".js-plotly-plot").nth(1).wait_for(timeout=LOAD_MS)
        assert tab.locator(".js-plotly-plot").count() == 2

        trying = tab.locator(".u9-tips").nth(1)  # the page's second view of the same model: the changed rule
        selects = trying.locator("select")
        selects.nth(3).select_option(label=words["never"])  # the five-card move: never
        selects.nth(4).select_option(label=words["quick"])
        selects.nth(5).select_option(label="100")
        button = trying.locator("button", has_text=words["run"])
        button.click()
        answer = trying.locator(".u9-tips-result")
        answer.wait_for(timeout=60_000)
        assert words["row"] in answer.inner_text()
        assert words["same"] in trying.inner_text()

        trying.locator("textarea").fill("deal_two = 6")  # then the click at once (tests/test_text_fields.py)
        shown = answer.inner_text()
        button.click()
        line = trying.locator(".u9-refusal", has_text=words["refused"])
        line.wait_for(timeout=30_000)
        assert line.inner_text().count("\n") == 0
        assert answer.inner_text() == shown  # nothing lost

        if phone:
            box = button.bounding_box()
            assert box is not None and box["height"] >= 40, box
            widest = tab.evaluate("() => Math.max(...[...document.querySelectorAll('#rendered_cells *')].map(e => e.getBoundingClientRect().right))")
            assert widest <= SIZES["phone"]["width"] + 1, widest
        assert widget_problems(tab) == []
        tab.wait_for_timeout(800)
        found = dict(tab.evaluate(MEASURE, phone))
        assert found["problems"] == [], found["problems"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        full_screenshot(tab, str(SHOTS / f"10_picture_cards_tips.{lang}.{size}.png"), SIZES[size])
    finally:
        context.close()
