"""The picture-card play page in a headless Chromium (the fixtures of tests/test_browser.py): at a
phone's size (390 x 844) and a desktop's, in English and Norwegian, a learner plays a few turns by
clicks under Voila: the bots play to their turn, they draw, see the exact chance that the next card
ends the turn (the count and its percent) and the best policy's advice, stop, place the cards drawn,
and read what they chose beside what the best policy would do, gone when their next turn begins;
the suit two players take out is named under the number pile, and "New game" moves on to the next
game number. Screenshots go to
test-output/screenshots/9_picture_cards_play.*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import SHOTS, browser, open_page, published_site, widget_problems  # noqa: F401  (fixtures)
from tests.voila_helpers import VoilaServer

PAGE = "9_picture_cards_play.ipynb"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
WAIT_MS = 60_000
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "norsk": "",
        "your_turn": "Your turn.",
        "chance": r"(\d+) of (\d+) cards in the pile are an ace, 2 or 3: (\d+(?:\.\d)?)%",
        "advice": "The best policy:",
        "chose": r"You chose to stop; the best policy would (stop|draw)\.",
        "you": "You",
        "log": "What happened",
        "taken_out": "Taken out for two players: ♥ hearts",
    },
    "nb": {
        "norsk": "Norsk",
        "your_turn": "Din tur.",
        "chance": r"(\d+) av (\d+) kort i bunken er ess, 2 eller 3: (\d+(?:,\d)?)\s%",
        "advice": "Den beste strategien:",
        "chose": r"Du valgte å stoppe; den beste strategien ville (stoppe|trekke)\.",
        "you": "Du",
        "log": "Hva som skjedde",
        "taken_out": "Tatt ut for to spillere: ♥ hjerter",
    },
}


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The published site: the session's one server, a kernel heated for every page (this one included)."""
    yield from published_site()


@pytest.fixture
def tab(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:  # noqa: F811  (the fixture above)
    size = request.node.callspec.params["size"]
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


def moves_done(tab: Any) -> int:
    return int(tab.locator(".u9-pc-log").first.get_attribute("data-moves"))


def click_and_wait(tab: Any, button: Any) -> None:
    """Click a button of the page and wait for the kernel's answer (one move more in the log)."""
    before = moves_done(tab)
    button.click()
    tab.wait_for_function(
        "(n) => { const log = document.querySelector('.u9-pc-log'); return log && Number(log.dataset.moves) > n; }",
        arg=before,
        timeout=WAIT_MS,
    )


def visible(locator: Any) -> list[Any]:
    return [locator.nth(i) for i in range(locator.count()) if locator.nth(i).is_visible()]


# A learner on a Norwegian phone (the page's first audience): every page is also read at both sizes
# in both languages by tests/test_browser_layout.py and tests/test_browser_norwegian.py, kept short for CI.
@pytest.mark.parametrize(("lang", "size"), [("nb", "phone")])
def test_play_a_few_turns_by_clicks_and_see_the_chance_and_the_advice(tab: Any, server: VoilaServer, size: str, lang: str) -> None:
    words = WORDS[lang]
    open_page(tab, server, PAGE)
    tab.locator(".u9-pc-log").first.wait_for(timeout=WAIT_MS)
    if words["norsk"]:
        tab.locator(".u9-lang-switch button", has_text=words["norsk"]).click()
        tab.locator(".u9-pc-log", has_text=words["log"]).wait_for(timeout=WAIT_MS)
    assert words["taken_out"] in tab.locator(".u9-pc-pile").first.inner_text()
    chances = choices = turns = 0
    for _ in range(80):
        if turns >= 3 and choices >= 1:
            break
        status = tab.locator(".u9-pc [role=status]").first.inner_text()
        if "over" in status.lower() or "slutt" in status.lower():
            break
        draw, stop = visible(tab.locator(".u9-pc-move.u9-pc-draw")), visible(tab.locator(".u9-pc-move.u9-pc-stop"))
        moves = visible(tab.locator(".u9-pc-move"))
        if not moves:
            click_and_wait(tab, tab.locator(".u9-pc-tome").first)
            if visible(tab.locator(".u9-pc-move.u9-pc-draw")):  # the learner's new turn: no word on the last one's choice
                assert not visible(tab.locator(".u9-pc-choice")), tab.locator(".u9-pc-choice").first.inner_text()
            continue
        assert status.startswith(words["your_turn"] + " "), status
        chance = tab.locator(".u9-pc-chance[data-ends]")
        if chance.count():
            text = chance.first.inner_text()
            found = re.search(words["chance"], text)
            assert found is not None, text
            ends, pile = int(found[1]), int(found[2])
            assert (str(ends), str(pile)) == (chance.first.get_attribute("data-ends"), chance.first.get_attribute("data-pile"))
            assert abs(float(found[3].replace(",", ".")) - 100 * ends / pile) < 0.06
            assert words["advice"] in tab.locator(".u9-pc-advice").first.inner_text()
            chances += 1
        if stop and (len(tab.locator(".u9-pc .u9-row[aria-label] .u9-card").all()) >= 2 or not draw):
            click_and_wait(tab, stop[0])
            choice = tab.locator(".u9-pc-choice").first
            choice.wait_for(timeout=WAIT_MS)
            assert re.search(words["chose"], choice.inner_text()), choice.inner_text()
            choices += 1
            turns += 1
        elif draw:
            click_and_wait(tab, draw[0])
        else:  # placing, an ace's loss, the five-card move: the first button offered
            click_and_wait(tab, moves[0])
    assert chances >= 1 and choices >= 1, (chances, choices)
    assert moves_done(tab) >= 5
    assert words["you"] in tab.locator(".u9-pc-table").first.inner_text()
    if size == "phone":  # nothing wider than the screen, and tap targets of 44 px
        width = tab.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width
        for button in visible(tab.locator(".u9-pc .jupyter-button")):
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44, (button.inner_text(), box)
    assert widget_problems(tab) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    play = tab.locator(".u9-pc").first
    play.scroll_into_view_if_needed()
    play.screenshot(path=str(SHOTS / f"9_picture_cards_play.{size}.{lang}.png"))
    tab.screenshot(path=str(SHOTS / f"9_picture_cards_play.{size}.{lang}.viewport.png"))
    # "New game" deals the next game number, shown in the box.
    box = tab.locator(".u9-pc-seed input").first
    number = int(box.input_value())
    tab.locator(".u9-pc-new button, button.u9-pc-new").first.click()
    tab.wait_for_function(
        "(n) => { const box = document.querySelector('.u9-pc-seed input'); return box && box.value === String(n); }", arg=number + 1, timeout=WAIT_MS
    )
    assert widget_problems(tab) == []
