"""The hand checker's player count in a headless Chromium (the fixtures of tests/test_browser.py): at a
phone's size (390 x 844) and a desktop's, in English and Norwegian, a learner chooses 6 players,
types a hand with three 7♥ and sees it checked; at 4 players the same hand is refused naming the
table. Screenshots go to test-output/screenshots/2_hand_checker.players.*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, checker_box, open_page, server, widget_problems  # noqa: F401  (fixtures)
from tests.voila_helpers import VoilaServer

BIG_TABLE = "7h 7h 7h Ks Kd 2c 5s 5d 5c"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
WORDS = {
    "en": {"table6": "A table of 6 plays with 3 decks.", "valid": "VALID for level 4", "refused": "a table of 4 plays Up to 9 with 2 decks"},
    "nb": {"table6": "Et bord med 6 spillere spiller med 3 kortstokker.", "valid": "GYLDIG for nivå 4", "refused": "et bord med 4 spillere spiller Up to 9"},
}


@pytest.fixture
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:  # noqa: F811  (the fixture above)
    size = request.node.callspec.params["size"]
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_choose_6_players_type_three_sevens_and_see_the_hand_checked(tab: Any, server: VoilaServer, size: str, lang: str) -> None:  # noqa: F811
    open_page(tab, server, "2_hand_checker.ipynb")
    checker = checker_box(tab)
    checker.locator("[role=status]", has_text="VALID for level 7").wait_for(timeout=30_000)
    if lang == "nb":  # the switch redraws the hand box in Norwegian letters: wait for it before typing
        tab.locator(".u9-lang-switch button", has_text="Norsk").click()
        checker.locator("[role=status]", has_text="GYLDIG for nivå 7").wait_for(timeout=30_000)
        tab.locator(".u9-players .widget-label", has_text="Spillere").wait_for(timeout=30_000)
    words = WORDS[lang]
    checker.locator("button", has_text=re.compile(r"^4$")).click()  # level 4: three of a kind, three times
    checker.locator("[role=status]", has_text=re.compile("level 4|nivå 4")).wait_for(timeout=30_000)

    box = tab.locator(".widget-text input").first
    box.wait_for(timeout=LOAD_MS)  # a busy machine may take its time to draw the box
    box.fill(BIG_TABLE)
    box.press("Enter")
    refusal = tab.locator(".u9-error", has_text=words["refused"])
    refusal.wait_for(timeout=30_000)  # four players: two decks
    SHOTS.mkdir(parents=True, exist_ok=True)
    refusal.screenshot(path=str(SHOTS / f"2_hand_checker.players.{size}.{lang}.refused.png"))

    players = tab.locator(".u9-players button")
    assert [players.nth(i).inner_text() for i in range(players.count())] == ["2", "3", "4", "5", "6"]
    six = players.filter(has_text=re.compile(r"^6$"))
    six.click()
    tab.locator(".u9-note", has_text=words["table6"]).wait_for(timeout=30_000)
    checker.locator("[role=status]", has_text=words["valid"]).wait_for(timeout=30_000)
    assert tab.locator(".u9-error").count() == 0
    assert box.input_value() == BIG_TABLE if lang == "en" else box.input_value() == "7h 7h 7h Ks Kr 2k 5s 5r 5k"
    sevens = tab.locator('.u9-row[aria-label] .u9-card[data-card="7h"]')
    assert sevens.count() >= 3

    if size == "phone":  # touch targets of 40 px, and nothing wider than the screen
        box_of = six.bounding_box()
        assert box_of is not None and box_of["height"] >= 40 and box_of["width"] >= 40, box_of
        width = tab.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width
    assert widget_problems(tab) == []

    SHOTS.mkdir(parents=True, exist_ok=True)
    builder = tab.locator(".u9", has=tab.locator(".u9-players")).last
    builder.scroll_into_view_if_needed()
    builder.screenshot(path=str(SHOTS / f"2_hand_checker.players.{size}.{lang}.png"))
    checker.screenshot(path=str(SHOTS / f"2_hand_checker.players.{size}.{lang}.checker.png"))
