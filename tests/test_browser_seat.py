"""The seat at the table (page 11) in a headless Chromium at a phone's size (390 x 844): a learner plays
a seeded two-player game of each game to its end by clicks under Voila, the bots' moves all at once
(the page's pace switch); Up to 9 and Phase 10 as the shorter game (levels 1 to 5), chosen by its
switch (whole games by the page's buttons are played in ``tests/test_seat.py``: in a browser they
took some 530 clicks, most of this test's time); then the switch back to the whole game. Nothing on
the page is wider than the phone. Screenshots go to test-output/screenshots/11_play.*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.test_browser import SHOTS, browser, open_page, published_site, widget_problems  # noqa: F401  (fixtures)
from tests.voila_helpers import VoilaServer

PAGE = "11_play.ipynb"
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
# Each game's seed (the shortest of the first few for the page's click order, measured through the
# model), and whether it is a rummy (a game of levels).
GAMES = [("Picture cards", 18, False), ("3UP 3DOWN", 15, False), ("Phase 10", 1, True), ("Up to 9", 17, True)]


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    """The session's one published site (a server of its own cost its start and a warm process)."""
    yield from published_site()


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:  # noqa: F811  (the fixture above)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


def version(tab: Any) -> int:
    return int(tab.locator(".u9-seat-log").first.get_attribute("data-version"))


def click_and_wait(tab: Any, button: Any) -> None:
    """Click and wait for the kernel's answer: the model's version moves on, and no bot is mid-turn."""
    before = version(tab)
    button.click()
    tab.wait_for_function(
        "(n) => { const log = document.querySelector('.u9-seat-log'); return log && Number(log.dataset.version) > n; }", arg=before, timeout=WAIT_MS
    )


def shown(tab: Any, selector: str, text: str | None = None) -> list[Any]:
    found = tab.locator(selector, has_text=text) if text else tab.locator(selector)
    return [found.nth(i) for i in range(found.count()) if found.nth(i).is_visible()]


def settle(tab: Any) -> None:
    """Wait until the bots have played to the learner's turn (or the round or game is over)."""
    tab.wait_for_function(
        """() => { const s = document.querySelector('.u9-seat-status'), log = document.querySelector('.u9-seat-log');
                   return s && log && s.dataset.version === log.dataset.version && s.dataset.state !== 'bots'; }""",
        timeout=WAIT_MS,
    )


def wider_than_the_phone(tab: Any) -> list[str]:
    return tab.evaluate(
        """() => [...document.querySelectorAll('.u9-seat *')].filter(e => e.getClientRects().length &&
              e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.u9-seat-table'))
              .map(e => e.className || e.tagName).slice(0, 5)"""
    )


STATE = """() => {
  const seen = (e) => { const box = e.getBoundingClientRect(); return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const shown = (selector) => [...document.querySelectorAll(selector)].filter(seen);  // as Playwright's :visible
  const error = shown('.u9-seat .u9-error')[0];
  return {
    version: Number(document.querySelector('.u9-seat-log').dataset.version),
    winner: shown('.u9-seat-winner').length > 0, next: shown('.u9-seat-next').length > 0, bots: shown('.u9-seat-bots').length > 0,
    cards: shown('.u9-seat-card').length, moves: shown('.u9-seat-move').length,
    success: shown('.u9-seat-move.mod-success').length, warning: shown('.u9-seat-move.mod-warning').length,
    error: error ? error.innerText : null, seat: (document.querySelector('.u9-seat') || {}).innerText || '',
  };
}"""
"""What a learner sees of the seat, read in one call (a visibility check per control was a round
trip each: some 20 a click, most of this test's minutes)."""


def click_seen(tab: Any, selector: str, index: int, before: int) -> None:
    """Click the ``index``-th shown ``selector`` and wait for the kernel's answer (the model's version moves on)."""
    tab.locator(f"{selector}:visible").nth(index).click()
    tab.wait_for_function(
        "(n) => { const log = document.querySelector('.u9-seat-log'); return log && Number(log.dataset.version) > n; }", arg=before, timeout=WAIT_MS
    )


def play(tab: Any, rummy: bool) -> int:
    """Click through the game to its end as a learner would: the next round and the bots by their
    buttons; in a game of levels draw, lay down when the page offers it, else pick the last card of
    the hand and discard it (a green button before an orange one: a donation is never tried); in
    the others the first move offered, else the first card."""
    for clicks in range(600):
        settle(tab)
        seen = tab.evaluate(STATE)
        assert seen["error"] is None, seen["error"]
        if seen["winner"]:
            return clicks
        if seen["next"] or seen["bots"]:
            click_seen(tab, ".u9-seat-next" if seen["next"] else ".u9-seat-bots", 0, seen["version"])
        elif rummy and seen["success"]:
            click_seen(tab, ".u9-seat-move.mod-success", 0, seen["version"])
        elif rummy and seen["warning"]:
            click_seen(tab, ".u9-seat-move.mod-warning", 0, seen["version"])
        elif not rummy and seen["moves"]:
            click_seen(tab, ".u9-seat-move", 0, seen["version"])
        elif seen["cards"]:  # a rummy's turn after the draw: pick a card, then discard it
            click_seen(tab, ".u9-seat-card", seen["cards"] - 1 if rummy else 0, seen["version"])
        else:
            raise AssertionError(f"no control to click: {seen['seat'][:400]}")
    raise AssertionError("the game did not end within 600 clicks")


def test_a_seeded_game_of_each_family_by_clicks_on_a_phone(tab: Any, server: VoilaServer) -> None:
    open_page(tab, server, PAGE)
    tab.locator(".u9-seat-log").first.wait_for(timeout=WAIT_MS)
    settle(tab)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.locator(".u9-seat-pace button", has_text="all at once").first.click()  # no pause between the bots' moves
    for name, seed, rummy in GAMES:
        seed_box = tab.locator(".u9-seat-seed input").first
        seed_box.fill(str(seed))
        seed_box.press("Enter")
        before = version(tab)
        tab.locator(".u9-seat-game select").first.select_option(label=name)
        tab.wait_for_function("(n) => Number(document.querySelector('.u9-seat-log').dataset.version) > n", arg=before, timeout=WAIT_MS)
        settle(tab)
        if rummy:
            if not shown(tab, ".u9-seat-length button.mod-active", "A shorter game"):  # (a game of levels stays shorter)
                assert shown(tab, ".u9-seat-length button.mod-active", "The whole game")
                click_and_wait(tab, tab.locator(".u9-seat-length button", has_text="A shorter game").first)
                settle(tab)
            assert shown(tab, ".u9-seat-length button.mod-active", "A shorter game")  # (levels or phases 1–5)
        else:
            assert not shown(tab, ".u9-seat-length")  # a game without levels has no shorter game
        click_and_wait(tab, tab.locator(".u9-seat-new").first)  # the seed typed, surely
        clicks = play(tab, rummy=rummy)
        text = tab.locator(".u9-seat").first.inner_text()
        assert "What happened" in text and "Bot 1" in text, text[:300]
        assert shown(tab, ".u9-seat-winner") and "The game is over." in text
        tab.locator(".u9-seat-save").first.click()
        tab.locator(".u9-seat-download").first.wait_for(timeout=WAIT_MS)
        assert tab.locator(".u9-seat-download").first.get_attribute("href").startswith("data:application/json;base64,")
        assert clicks > 5
        assert wider_than_the_phone(tab) == []
        tab.screenshot(path=str(SHOTS / f"11_play.{name.replace(' ', '_').lower()}.phone.png"), full_page=True)
    # The whole game again, from the last game's page: a new game of all the levels at once.
    click_and_wait(tab, tab.locator(".u9-seat-length button", has_text="The whole game").first)
    settle(tab)
    assert shown(tab, ".u9-seat-length button.mod-active", "The whole game")
    assert not shown(tab, ".u9-seat-winner") and "Level 1" in tab.locator(".u9-seat").first.inner_text()
    assert widget_problems(tab) == []
