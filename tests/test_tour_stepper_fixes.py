"""The rules tour and the round stepper as a picky learner drove them (headless, clicking and typing
as a learner does): the safety-valve round's "Play a new game", a file that is no saved game, the
icon buttons' titles and the autoplay's pause, a huge game number, the penalty points beside the
round's total, the penalty counter's deck limit, and no citation of a document the learner cannot see."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from upto9.widgets import RoundStepper
from upto9.widgets import choice as choice_module
from upto9.widgets import stepper as stepper_module
from upto9.widgets import tour as tour_module
from upto9.widgets.engine_text import card_error_text
from upto9.widgets.stepper import MAX_SEED, render_step
from upto9.widgets.tour import PenaltyCounter, valve_demo

from upto9 import UPTO9, CardError, parse_hand
from upto9.game import EndReason, RoundEnded
from upto9.simulate import play_game

ROOT = Path(__file__).resolve().parents[1]
TOUR = ROOT / "notebooks" / "1_rules_tour.ipynb"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&quot;", '"').strip()


def upload_of(name: str, content: bytes) -> dict[str, object]:
    return {"name": name, "type": "application/json", "size": len(content), "content": memoryview(content), "last_modified": datetime.now(UTC)}


def _tour_cell(marker: str) -> str:
    """The code of the rules tour's code cell that holds ``marker``."""
    cells = json.loads(TOUR.read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and marker in "".join(c["source"]))


# --- 1. the safety-valve round's "Play a new game" -----------------------------------------------------


def test_the_tours_safety_valve_round_plays_a_new_game_from_its_button() -> None:
    # The tour's own cells, run as the page runs them: the imports, then section 10.
    space: dict[str, Any] = {}
    exec(_tour_cell("page = Page("), space)
    exec(_tour_cell("valve = page.show("), space)
    valve = space["valve"]
    model = valve.model
    first = model.game
    assert model.current.action is not None and model.current.action.reason is EndReason.IMPOSSIBLE  # shown at the valve's end
    assert valve._new_game.layout.display is None and valve._seed.layout.display is None  # the game number can be changed
    assert valve._players.layout.display == "none" and valve._bots.layout.display == "none"  # the house rules' game is 3 sensible bots
    assert "game number 0, 3 players" in text_of(valve._source.value)
    valve._seed.value = "4"
    valve._play.click()
    assert model.game is not first and text_of(valve._error.value) == ""
    assert model.game.rules.key == first.rules.key and "five of a kind" in model.game.rules.name  # the same house rules
    end = model.current.action
    assert isinstance(end, RoundEnded) and end.reason is EndReason.IMPOSSIBLE and model.step == model.last_step
    assert model.game.rounds[model.round_index].end == end == valve_demo(4)[0].rounds[valve_demo(4)[1]].end
    assert "game number 4, 3 players" in text_of(valve._source.value)
    assert "The safety valve" in text_of(valve._action.value)
    valve._play.click()  # the same number again: the same game, shown again
    assert model.game.rounds[model.round_index].end == end
    valve.lang = "nb"
    assert "spill nummer 4, 3 spillere" in text_of(valve._source.value) and valve._play.description == "Spill et nytt spill"


# --- 2. a file that is no saved game -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "where"),
    [(b"not json at all", "line 1 column 1"), (b'{"format": "upto9-game/1", "rounds": [', "line 1 column 39"), (b"", "line 1 column 1")],
    ids=["words", "truncated", "empty"],
)
def test_a_file_that_is_no_json_is_said_to_be_no_saved_game_in_the_pages_language(content: bytes, where: str) -> None:
    stepper = RoundStepper(seed=7, players=3)
    shown = stepper.model.game
    stepper._upload.value = (upload_of("notes.json", content),)
    english = text_of(stepper._error.value)
    assert english.startswith("⚠ Could not open that saved game: the file is not a saved game (not a whole JSON file"), english
    assert where in english and "Expecting" not in english and "char " not in english
    assert stepper.model.game is shown and "game number 7" in text_of(stepper._source.value)  # the game shown before stays
    stepper.lang = "nb"
    norwegian = text_of(stepper._error.value)
    assert norwegian.startswith("⚠ Kunne ikke åpne det lagrede spillet: filen er ikke et lagret spill (ikke en hel JSON-fil"), norwegian
    assert where.replace("line", "linje").replace("column", "kolonne") in norwegian and "Expecting" not in norwegian


def test_a_file_that_is_no_text_is_said_to_be_no_saved_game() -> None:
    stepper = RoundStepper(seed=7, players=3, lang="nb")
    shown = stepper.model.game
    stepper._upload.value = (upload_of("photo.json", b"\x89PNG\r\n\x1a\n\x00"),)
    assert text_of(stepper._error.value).startswith("⚠ Kunne ikke åpne det lagrede spillet: filen er ikke et lagret spill (")
    assert stepper.model.game is shown


# --- 3. the icon buttons' titles, and an autoplay that pauses where it is -----------------------------------


def test_every_icon_button_has_a_title_in_the_pages_language_and_the_autoplay_pauses_in_place() -> None:
    stepper = RoundStepper(seed=7, players=3)
    icons = {"_start": "To the start", "_back": "Back one action", "_forward": "Forward one action", "_end": "To the end of the round"}
    for name, title in icons.items():
        assert getattr(stepper, name).tooltip == title
    assert "pause it where it is" in stepper._autoplay.tooltip
    assert stepper._upload.tooltip == "Load a saved game…" and stepper._speed.tooltip.startswith("Autoplay speed")
    english = {name: getattr(stepper, name).tooltip for name in [*icons, "_autoplay", "_upload", "_speed"]}
    stepper.lang = "nb"
    norwegian = {name: getattr(stepper, name).tooltip for name in english}
    assert all(norwegian[name] and norwegian[name] != english[name] for name in english), norwegian
    assert stepper._start.tooltip == "Til starten" and "pause der den er" in stepper._autoplay.tooltip
    # The autoplay's own stop button sends the round back to action 0: it is hidden, so its play
    # button pauses where the round is, and the reset is the button named "To the start".
    assert "u9-autoplay" in stepper._autoplay._dom_classes and stepper._autoplay.show_repeat is False
    assert ".u9-autoplay.widget-play button:nth-of-type(2){display:none" in stepper_module._UPLOAD_CSS
    assert any(stepper_module._UPLOAD_CSS in getattr(child, "value", "") for child in stepper.children)
    stepper.model.step = 9
    stepper._autoplay.playing = False  # a pause
    assert stepper.model.step == 9 and stepper._slider.value == 9
    stepper._start.click()
    assert stepper.model.step == 0


# --- 4. a huge game number ---------------------------------------------------------------------------------


def test_a_game_number_past_a_browsers_exact_numbers_is_played_and_shown_exactly() -> None:
    stepper = RoundStepper(seed=7, players=2)
    huge = 2**53 + 1  # a browser's number field shows and sends 9007199254740992
    stepper._seed.value = str(huge)
    stepper._play.click()
    assert stepper.model.source == ("seed", huge, 2, "heuristic") and stepper._seed.value == str(huge)
    assert f"game number {huge}, 2 players" in text_of(stepper._source.value)
    assert stepper.model.game.rounds[0].deck == play_game(players=2, seed=huge).rounds[0].deck
    stepper._seed.value = str(MAX_SEED)
    stepper._play.click()
    assert stepper.model.source[1] == MAX_SEED and text_of(stepper._error.value) == ""


@pytest.mark.parametrize("typed", ["123456789012345678901234567890", str(MAX_SEED + 1), "1e21", "-3", "seven", ""])
def test_a_game_number_out_of_range_is_refused_with_the_limit_and_the_game_stays(typed: str) -> None:
    stepper = RoundStepper(seed=7, players=3)
    shown = stepper.model.game
    stepper._seed.value = typed
    stepper._play.click()
    said = text_of(stepper._error.value)
    assert said == f"⚠ The game number must be a whole number from 0 to 9,223,372,036,854,775,807, and “{typed}” is not; the game shown stays.", said
    assert stepper.model.game is shown and stepper._seed.value == typed  # what was typed stays, to be corrected
    stepper.lang = "nb"
    assert text_of(stepper._error.value).startswith("⚠ Spillnummeret må være et helt tall fra 0 til 9 223 372 036 854 775 807, og «")
    stepper._seed.value = "8"
    stepper._play.click()
    assert stepper._error.value == "" and stepper.model.source[1] == 8


# --- 5. penalty points beside the round's total; the penalty counter's decks ---------------------------------


def test_each_seats_penalty_points_agree_with_the_rounds_total() -> None:
    stepper = RoundStepper(seed=3, players=3)
    model = stepper.model
    model.round_index = 2  # two rounds of points before it
    before = model.penalties_before()
    assert any(before)
    model.step = 1
    seats = text_of(stepper._table.value)
    for points in before:
        assert f"penalty points from earlier rounds: {points}" in seats
    model.to_end()
    end = model.current.action
    assert isinstance(end, RoundEnded)
    table = text_of(stepper._table.value)
    totals = [before[p] + end.penalties[p] for p in range(3)]
    for p, total in enumerate(totals):
        assert f"{model.name(p)} {end.penalties[p]} {total} " in table  # the summary's row: this round, total
        assert f"penalty points in total, this round included: {total}" in table
    assert "so far" not in table
    stepper.lang = "nb"
    assert f"straffepoeng totalt, denne runden medregnet: {totals[0]}" in text_of(stepper._table.value)
    html = render_step(model, 1, -1)[2]
    assert f"straffepoeng fra tidligere runder: {before[0]}" in text_of(html)


@pytest.mark.parametrize(("players", "limit"), [(None, 3), (3, 2), (6, 3)])
def test_the_penalty_counter_refuses_more_copies_than_the_decks_hold(players: int | None, limit: int) -> None:
    text = "2c 2c 2c 2c 2c"
    counter = PenaltyCounter(text) if players is None else PenaltyCounter(text, players=players)
    with pytest.raises(CardError) as caught:
        parse_hand(text, UPTO9, players)
    said = text_of(counter._result.value)
    assert said == "⚠ " + card_error_text(caught.value, "en") and f"at most {limit} of each card" in said
    assert counter.points is None and "penalty points" not in said
    counter.lang = "nb"
    assert text_of(counter._result.value) == "⚠ " + card_error_text(caught.value, "nb")
    counter._text.value = "2c 2c Kd"
    assert counter.points == 50 and "50 straffepoeng" in text_of(counter._result.value)


# --- 6. no citation of a document the learner cannot see ------------------------------------------------------

_CITATION = re.compile(r"\((?:see )?(?:rulings?|avgjørelse|avgjørelsene|kjennelse) \d", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"\b(?:game number|spill nummer|level|nivå|phase|fase|round|runde) [a-z]\b")


@pytest.mark.parametrize("module", [stepper_module, tour_module, choice_module], ids=["stepper", "tour", "choice"])
def test_no_text_a_learner_reads_cites_a_ruling(module: Any) -> None:
    for lang, texts in module.TEXTS.items():
        for key, words in texts.items():
            assert not _CITATION.search(words), (module.__name__, lang, key, words)
            assert not _PLACEHOLDER.search(words), (module.__name__, lang, key, words)


def test_a_whole_round_in_both_languages_reads_without_citations_or_placeholders() -> None:
    game, number = valve_demo()
    for stepper in (RoundStepper(seed=0, players=2), RoundStepper(game=game)):
        stepper.model.round_index = number if stepper.model.game is game else 0
        for lang in ("en", "nb"):
            stepper.lang = lang
            for index in range(stepper.model.last_step + 1):
                said = " ".join(text_of(part) for part in render_step(stepper.model, index, -1))
                assert not _CITATION.search(said) and not _PLACEHOLDER.search(said) and "{" not in said, said
    notebook = TOUR.read_text(encoding="utf-8")
    assert not _CITATION.search(notebook)


def test_a_bad_game_number_is_refused_when_the_game_choice_would_play_from_it() -> None:
    from upto9.rules import PHASE10

    stepper = RoundStepper(seed=7, players=3, rule_sets=(UPTO9, PHASE10))
    shown = stepper.model.game
    stepper._seed.value = "7.5"
    stepper._game_choice.value = 1  # Phase 10, played from the game number typed
    assert stepper.model.game is shown and stepper._game_choice.value == 0  # the choice stays on the game shown
    assert text_of(stepper._error.value).startswith("⚠ The game number must be a whole number from 0 to")
    stepper._seed.value = "5"
    stepper._game_choice.value = 1
    assert stepper.model.game.rules.key == "phase10" and stepper.model.source[1] == 5 and stepper._error.value == ""
