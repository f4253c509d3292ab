"""The round stepper plays every family (issue 21 part 5, issue 23 part 4): 3UP 3DOWN and the
picture-card game are played and drawn through the turn model alone (``upto9.family``: zones,
visible, the family's ``describe``), seen by the whole table or by one seat; their saved games
open; a bad file of them is refused in one line and the game shown stays. The last test opens the
published page in a browser, at phone and desktop size."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from upto9.widgets import RoundStepper
from upto9.widgets.stepper import WHOLE_TABLE
from upto9.widgets.table import replay_family_round

from tests.test_browser import LOAD_MS, SHOTS, _need_browser, open_page, published_site, widget_problems
from tests.voila_helpers import CHROMIUM_ARGS, VoilaServer
from upto9.families.threeup.round import DrewUp, PlayedBlind
from upto9.family import DescribedFamily, families, game_family
from upto9.messages import render
from upto9.records import load_game
from upto9.rules import PHASE10, UPTO9

THREEUP = game_family("threeup").rules
PICTURE_CARDS = game_family("picture_cards").rules
GAMES = (UPTO9, PHASE10, THREEUP, PICTURE_CARDS)
DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
RECORDS = {
    "upto9": DATA / "sample_game.json",
    "phase10": DATA / "sample_phase10_game.json",
    "threeup": DATA / "sample_threeup_game.json",
    "picture_cards": DATA / "sample_picture_cards_game.json",
}


def text_of(html: str) -> str:
    import html as html_lib

    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def data_cards(html: str) -> Counter[str]:
    return Counter(re.findall(r'data-card="([^"]+)"', html))


def shown(stepper: RoundStepper) -> str:
    return str(stepper._status.value + stepper._action.value + stepper._table.value)


# --- stepping a game to its end and back -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "labels"), [(THREEUP, 3, ("3UP cards", "3DOWN cards", "Draw pile")), (PICTURE_CARDS, 2, ("Picture cards", "Number pile"))]
)
def test_a_seeded_game_steps_to_its_end_and_back(rules: Any, players: int, labels: tuple[str, ...]) -> None:
    stepper = RoundStepper(seed=5, players=players, rule_sets=GAMES)
    stepper.pick(rules)
    model = stepper.model
    game = model.game
    assert game.rules.key == rules.key and game.players == players and game.over
    assert text_of(stepper._action.value).startswith("What happens: The cards are dealt.")
    assert all(label in text_of(stepper._table.value) for label in labels)
    # Every record of the round is told once, in order, from the deal to the end.
    assert sum(len(step.records) for step in model.steps) == len(game.round.history)
    last = model.last_step
    stepper._end.click()
    assert f"action {last} of {last}" in text_of(stepper._status.value) and "the round is over" in text_of(stepper._status.value)
    winners = ", ".join(model.name(p) for p in game.winners)
    assert f"The game is over. Winner: {winners}." in text_of(stepper._table.value)
    for k in range(last - 1, last - 4, -1):
        stepper._back.click()
        assert f"action {k} of {last}" in text_of(stepper._status.value)
        assert "The game is over" not in text_of(stepper._table.value)
    stepper._start.click()
    assert "action 0 of" in text_of(stepper._status.value)
    stepper._forward.click()
    assert text_of(stepper._action.value) != "" and "action 1 of" in text_of(stepper._status.value)


def test_the_table_holds_every_card_of_the_deck_at_every_step_seen_by_the_whole_table() -> None:
    """Whole table: every card face up but the draw pile, which is drawn as its size."""
    stepper = RoundStepper(seed=2, players=3, rules=THREEUP)
    model = stepper.model
    deck = Counter(str(c) for c in model.game.round.deck_order)
    for index in (0, 1, 5, model.last_step // 2, model.last_step):
        model.step = index
        html = stepper._table.value
        faces = data_cards(html)
        stack = len(model.current.zones["deck"])
        assert sum(faces.values()) + stack == sum(deck.values())
        assert not faces - deck
        # The pile's size is said once, in words beside its back (a "×n" badge on it said it twice).
        assert (f"Draw pile ? {stack} cards" in text_of(html) and f"×{stack}" not in text_of(html)) if stack else ("Draw pile empty" in text_of(html))


# --- one seat's eyes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [THREEUP, PICTURE_CARDS])
def test_a_seat_never_sees_a_card_outside_what_it_may_see(rules: Any) -> None:
    stepper = RoundStepper(seed=11, players=3, rules=rules)
    model = stepper.model
    for seat in range(3):
        model.perspective = seat
        for index in range(0, model.last_step + 1, 3):
            model.step = index
            step = model.current
            allowed = Counter(str(c) for zone in step.visible[seat] for c in step.zones[zone])
            extra = data_cards(shown(stepper)) - allowed
            assert not extra, (seat, index, extra)


def test_a_face_down_3down_card_is_a_back_to_every_seat_and_face_up_to_the_whole_table() -> None:
    stepper = RoundStepper(seed=0, players=3, rules=THREEUP)
    model = stepper.model
    step = model.steps[0]
    own, down = step.zones["hand.1"], step.zones["down.1"]
    only_down = [c for c in down if c not in own and all(c not in step.zones[z] for z in step.visible[1])]
    assert only_down, "the seed deals seat 1 a 3DOWN card it holds nowhere else"
    model.perspective = 1
    html = stepper._table.value
    assert all(f'data-card="{c}"' not in html for c in only_down)
    assert 'aria-label="3DOWN cards: 3 cards, hidden"' in html  # its own 3DOWN cards too: nobody sees them
    assert 'aria-label="Hand: 6 cards, hidden"' in html  # another seat's hand
    model.perspective = WHOLE_TABLE
    assert all(f'data-card="{c}"' in stepper._table.value for c in only_down)
    assert text_of(stepper._table.value).count("face down") == 3  # each seat's 3DOWN cards, shown for teaching, say what they are
    model.lang = "nb"
    model.perspective = 1
    assert 'aria-label="3DOWN-kort: 3 kort, skjult"' in stepper._table.value


# --- describe(): what a seat may know -------------------------------------------------------------------------


def test_a_3down_card_taken_up_unseen_is_not_named_to_the_others() -> None:
    game = load_game(RECORDS["threeup"], any_family=True)
    family = game_family(THREEUP)
    assert isinstance(family, DescribedFamily)
    taken = next(r for r in game.round.history if isinstance(r, PlayedBlind) and not r.played)
    other = (taken.player + 1) % game.players
    name = render(family.card_words(taken.card), "en")  # type: ignore[attr-defined]
    names = list(game.names)
    for_others = render(family.describe(taken, other, names), "en")
    assert for_others.startswith(f"{names[taken.player]} takes up a 3DOWN card unseen") and name not in for_others
    assert name in render(family.describe(taken, taken.player, names), "en")
    assert name in render(family.describe(taken, None, names), "en")
    nb = render(family.describe(taken, other, names), "nb")
    assert nb.startswith(f"{names[taken.player]} tar opp et 3DOWN-kort usett") and render(family.card_words(taken.card), "nb") not in nb  # type: ignore[attr-defined]
    # In the stepper: the step says it so to the other seat.
    stepper = RoundStepper(game=game)
    model = stepper.model
    index = next(i for i, step in enumerate(model.steps) if taken in step.records)
    model.step, model.perspective = index, other
    words = text_of(stepper._action.value)
    assert "takes up a 3DOWN card unseen" in words and name not in words
    model.perspective = taken.player
    assert f"turns over a 3DOWN card, {name}: it does not fit" in text_of(stepper._action.value)


def test_another_seats_draw_is_not_named_and_the_whole_table_names_it() -> None:
    game = load_game(RECORDS["threeup"], any_family=True)
    family = game_family(THREEUP)
    assert isinstance(family, DescribedFamily)
    one = next(r for r in game.round.history if isinstance(r, DrewUp) and len(r.cards) == 1)
    other = (one.player + 1) % game.players
    assert render(family.describe(one, other, game.names), "en") == f"{game.names[one.player]} draws 1 card from the draw pile to have three in the hand again."
    drew_up = next(r for r in game.round.history if isinstance(r, DrewUp) and len(r.cards) > 1)
    other = (drew_up.player + 1) % game.players
    said = f"{game.names[drew_up.player]} draws {len(drew_up.cards)} cards from the draw pile to have three in the hand again."
    assert render(family.describe(drew_up, other, game.names), "en") == said
    assert "draws " in render(family.describe(drew_up, None, game.names)) and " cards from" not in render(family.describe(drew_up, None, game.names))


def test_every_family_without_levels_describes_and_the_rummies_are_drawn_as_before() -> None:
    described = [f.key for f in families() if isinstance(f, DescribedFamily)]
    assert described == ["picture_cards", "threeup"]
    stepper = RoundStepper(seed=7, players=3, rule_sets=GAMES)
    assert "each player gets 11 cards" in text_of(stepper._action.value)  # Up to 9's own deal, drawn as it was


def test_the_picture_card_game_is_played_at_its_own_table_sizes() -> None:
    stepper = RoundStepper(seed=3, players=5, rule_sets=GAMES)
    stepper.pick(PICTURE_CARDS)
    assert stepper.model.game.players == 3 and list(stepper._players.options) == [2, 3]
    stepper.pick(UPTO9)
    assert list(stepper._players.options) == [2, 3, 4, 5, 6]


# --- saved games --------------------------------------------------------------------------------------------


def test_the_saved_games_of_every_family_open_on_the_notebook_stepper() -> None:
    stepper = RoundStepper(rule_sets=GAMES, records=RECORDS)
    for rules in (THREEUP, PICTURE_CARDS, PHASE10, UPTO9):
        stepper.pick(rules)
        game = stepper.model.game
        assert game.rules.key == rules.key and list(game.names) == ["Ada", "Bjørn", "Cai"] and not stepper.model.error
        assert text_of(stepper._source.value) == "A saved game, 3 players."
    # Reading the files replays them: the same game as the engine's own reader.
    for key in ("threeup", "picture_cards"):
        game = load_game(RECORDS[key], any_family=True)
        steps = replay_family_round(game.round)
        assert steps[-1].over and steps[-1].zones == game.round.zones()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_bad_saved_game_of_a_new_family_is_refused_in_one_line_and_the_game_stays(lang: str) -> None:
    record = json.loads(RECORDS["threeup"].read_text(encoding="utf-8"))
    action = next(a for a in record["rounds"][0]["actions"] if a["type"] == "play")
    action["cards"] = ["C2", "C2", "C2"]  # three cards the player does not hold
    stepper = RoundStepper(rule_sets=GAMES, records=RECORDS, lang=lang)
    stepper.pick(PICTURE_CARDS)
    before, step = stepper.model.game, stepper.model.step
    stepper.model.load_bytes(json.dumps(record).encode(), "mine.json")
    said = text_of(stepper._error.value)
    start = {"en": "⚠ This file is not a saved game of Up to 9, 3UP 3DOWN, Phase 10 or Picture cards: ", "nb": "⚠ Denne filen er ikke et lagret spill av "}[
        lang
    ]
    assert said.startswith(start) and "\n" not in said and len(said) < 300, said
    assert {"en": "is not a legal move", "nb": "ikke et lovlig trekk"}[lang] in said, said
    assert stepper.model.game is before and stepper.model.step == step


def test_a_stepper_of_the_rummies_alone_still_refuses_the_other_games() -> None:
    stepper = RoundStepper(rule_sets=(UPTO9, PHASE10))
    before = stepper.model.game
    stepper.model.load(RECORDS["threeup"])
    assert stepper.model.game is before
    assert (
        text_of(stepper._error.value)
        == "⚠ This file is not a saved game of Up to 9 or Phase 10: it is a saved game of another card game, which this page does not show."
    )


# --- in a browser, at phone and desktop size -------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


@pytest.mark.parametrize(("size", "width", "height"), [("phone", 390, 844), ("desktop", 1280, 900)])
def test_the_published_stepper_switches_to_3up_3down_and_steps(server: VoilaServer, size: str, width: int, height: int) -> None:
    path = _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            context = chromium.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.errors = []  # type: ignore[attr-defined]
            page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined,call-overload]
            open_page(page, server, "3_round_stepper.ipynb")
            steppers = page.locator(".u9", has=page.locator("h3", has_text="Step through a round"))
            steppers.nth(1).locator("b", has_text="Round 1 · action 0 of").wait_for(timeout=LOAD_MS)  # both drawn: the first is the seeded one
            seeded = steppers.nth(0)
            seeded.locator("b", has_text="Round 1 · action 0 of").wait_for(timeout=LOAD_MS)
            assert "Game number" in seeded.inner_text()
            seeded.locator(".u9-ruleset button", has_text="3UP 3DOWN").click()
            seeded.locator("[role=status]", has_text="The cards are dealt.").wait_for(timeout=30_000)
            assert seeded.locator(".u9-label", has_text="3DOWN cards").count() == 3
            seeded.locator('button[title="Forward one action"]').first.click()
            seeded.locator("b", has_text="action 1 of").wait_for(timeout=10_000)
            words = seeded.locator("[role=status]").first.inner_text()
            assert re.search(r"Player \d lays .+ face up as the 3UP cards\.", words), words
            # Seen by one player: the 3DOWN cards are backs, the other hands too.
            seeded.locator("select", has=page.locator("option", has_text="The whole table")).select_option(label="Player 1: only what they see")
            seeded.locator('[aria-label="3DOWN cards: 3 cards, hidden"]').first.wait_for(timeout=10_000)
            assert seeded.locator('[aria-label="3DOWN cards: 3 cards, hidden"]').count() == 3
            # On a phone nothing is wider than the screen, and the text is at least 14 px.
            widest = page.evaluate("() => Math.max(...[...document.querySelectorAll('.u9-player, .u9-row')].map(e => e.getBoundingClientRect().right))")
            assert widest <= width + 1, widest
            smallest = page.evaluate(
                "() => Math.min(...[...document.querySelectorAll('.u9-player .u9-label, .u9-player b')].map(e => parseFloat(getComputedStyle(e).fontSize)))"
            )
            assert smallest >= 14, smallest
            assert not widget_problems(page), widget_problems(page)
            SHOTS.mkdir(parents=True, exist_ok=True)
            seeded.screenshot(path=str(SHOTS / f"3_round_stepper.threeup.{size}.png"))
            context.close()
        finally:
            chromium.close()
