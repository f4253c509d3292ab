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
from upto9.widgets.hand import refusal_sentence
from upto9.widgets.stepper import MAX_SEED, WHOLE_TABLE, describe, render_step
from upto9.widgets.tour import PenaltyCounter, valve_demo

from upto9 import PHASE10, UPTO9, CardError, parse_hand
from upto9.game import Donated, EndReason, Game, RoundEnded
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


def test_the_level_tables_words_name_the_columns_the_table_shows() -> None:
    """Section 6 spoke of "Max wild" and "cards minus max wild" beside a table whose columns are
    "Jokers allowed" and "Real cards, at least" (a learner's review): it names them, in both languages."""
    from upto9.widgets.explorer import TEXTS as EXPLORER

    cells = json.loads(TOUR.read_text(encoding="utf-8"))["cells"]
    words = next("".join(c["source"]) for c in cells if "## 6. The level table" in "".join(c["source"]))
    english, norwegian = words.split('<div class="u9-nb">')
    for lang, text in (("en", english), ("nb", norwegian)):
        for column in ("col_budget", "col_min_real"):
            assert f"**{EXPLORER[lang][column]}**" in text, (lang, column)


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
    # Pressed again with no number typed: a new game, the next number (it dealt the same game again,
    # and a learner who pressed "Play a new game" saw the same round: a learner's review).
    valve._play.click()
    assert "game number 5, 3 players" in text_of(valve._source.value) and valve._seed.value == "5"
    assert model.game.rounds[model.round_index].end == valve_demo(5)[0].rounds[valve_demo(5)[1]].end
    valve._seed.value = "4"  # a number typed (Enter): that game exactly
    assert "game number 4, 3 players" in text_of(valve._source.value)
    valve.lang = "nb"
    assert "spillnummer 4, 3 spillere" in text_of(valve._source.value) and valve._play.description == "Spill et nytt spill"


# --- 2. a file that is no saved game -----------------------------------------------------------------------


NOT_A_GAME = {"en": "⚠ This file is not a saved game of Up to 9 or Phase 10: ", "nb": "⚠ Denne filen er ikke et lagret spill av Up to 9 eller Phase 10: "}


@pytest.mark.parametrize(
    ("content", "where", "en", "nb"),
    [
        (b"not json at all", "line 1 column 1", "it holds something other than a game.", "den inneholder noe annet enn et spill."),
        (
            b'{"format": "upto9-game/1", "rounds": [',
            "line 1 column 39",
            "it is cut off or damaged; save the game again and open the new file.",
            "den er avkortet eller ødelagt; lagre spillet på nytt og åpne den nye filen.",
        ),
        (b"", "line 1 column 1", "it is empty.", "den er tom."),
    ],
    ids=["words", "truncated", "empty"],
)
def test_a_file_that_is_no_json_is_said_to_be_no_saved_game_in_the_pages_language(content: bytes, where: str, en: str, nb: str) -> None:
    stepper = RoundStepper(seed=7, players=3)
    shown = stepper.model.game
    stepper._upload.value = (upload_of("notes.json", content),)
    assert text_of(stepper._error.value) == NOT_A_GAME["en"] + en
    # The reader's own words (line and column, JSON) only under Advanced, for a developer.
    advanced = text_of(stepper._developer.value)
    assert f"The file notes.json was refused: not a whole JSON file, truncated or corrupt at {where}" in advanced, advanced
    assert "Expecting" not in advanced and stepper._advanced.layout.display is None
    assert stepper.model.game is shown and "game number 7" in text_of(stepper._source.value)  # the game shown before stays
    stepper.lang = "nb"
    assert text_of(stepper._error.value) == NOT_A_GAME["nb"] + nb
    assert f"Filen notes.json ble avvist: ikke en hel JSON-fil, avkortet eller ødelagt på {where.replace('line', 'linje').replace('column', 'kolonne')}" in (
        text_of(stepper._developer.value)
    )


def test_a_file_that_is_no_text_is_said_to_be_no_saved_game() -> None:
    stepper = RoundStepper(seed=7, players=3, lang="nb")
    shown = stepper.model.game
    stepper._upload.value = (upload_of("photo.json", b"\x89PNG\r\n\x1a\n\x00"),)
    assert text_of(stepper._error.value) == NOT_A_GAME["nb"] + "den er et bilde, ikke en tekstfil."
    assert stepper.model.game is shown
    stepper._upload.value = (upload_of("notes.json", "blåbær".encode("latin-1")),)
    assert text_of(stepper._error.value) == NOT_A_GAME["nb"] + "den er ikke en tekstfil, og et lagret spill er det."
    assert "UTF-8" in text_of(stepper._developer.value)  # the detail, under Advanced


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


@pytest.mark.parametrize("typed", ["123456789012345678901234567890", str(MAX_SEED + 1), "1e21", "-3", "seven"])
def test_a_game_number_out_of_range_is_refused_with_the_limit_and_the_game_stays(typed: str) -> None:
    stepper = RoundStepper(seed=7, players=3)
    shown = stepper.model.game
    stepper._seed.value = typed
    stepper._play.click()
    said = text_of(stepper._error.value)
    assert said == "", said  # said under the box, not above the round
    said = text_of(stepper._seed_note.value)
    range_en = "a whole number from 0 to 9,223,372,036,854,775,807 (about nine quintillion)"
    assert said == f"⚠ The game number must be {range_en}, and “{typed}” is not; the game shown stays.", said
    assert stepper.model.game is shown and stepper._seed.value == typed  # what was typed stays, to be corrected
    stepper.lang = "nb"
    assert text_of(stepper._seed_note.value).startswith("⚠ Spillnummeret må være et helt tall fra 0 til 9 223 372 036 854 775 807 (rundt ni trillioner), og «")
    stepper._seed.value = "8"
    stepper._play.click()
    assert stepper._error.value == stepper._seed_note.value == "" and stepper.model.source[1] == 8


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


@pytest.mark.parametrize(
    ("players", "limit"), [(None, "no game of Up to 9 holds more than 3 × 2c (2♣)"), (3, "at most 2 of each card"), (6, "at most 3 of each card")]
)
def test_the_penalty_counter_refuses_more_copies_than_the_decks_hold(players: int | None, limit: str) -> None:
    text = "2c 2c 2c 2c 2c"
    counter = PenaltyCounter(text) if players is None else PenaltyCounter(text, players=players)
    with pytest.raises(CardError) as caught:
        parse_hand(text, UPTO9, players)
    said = text_of(counter._result.value)
    assert said == "⚠ " + refusal_sentence(caught.value.msg, "en", UPTO9) and limit in said
    assert counter.points is None and "penalty points" not in said
    counter.lang = "nb"
    assert text_of(counter._result.value) == "⚠ " + refusal_sentence(caught.value.msg, "nb", UPTO9)
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

    # The path: "1e5", "Play a new game" (refused), then Phase 10: said next to the box, plainly.
    stepper = RoundStepper(seed=7, players=3, rule_sets=(UPTO9, PHASE10))
    shown = stepper.model.game
    stepper._seed.value = "1e5"
    stepper._play.click()
    refused = text_of(stepper._seed_note.value)
    assert refused.startswith("⚠ The game number must be a whole number from 0 to 9,223,372,036,854,775,807 (about nine quintillion)")
    stepper._game_choice.value = 1  # Phase 10, played from the game number typed
    assert stepper.model.game is shown and stepper._game_choice.value == 0  # the choice stays on the game shown
    said = text_of(stepper._seed_note.value)
    assert said == (
        "⚠ To play Phase 10, first fix the game number: it must be a whole number from 0 to 9,223,372,036,854,775,807 "
        "(about nine quintillion), and “1e5” is not."
    ), said
    assert stepper._error.value == "" and 'role="alert"' in stepper._seed_note.value
    # The box sits in the row of the new-game controls, the note right after it.
    assert stepper._new_game.children.index(stepper._seed_note) == stepper._new_game.children.index(stepper._seed) + 1
    stepper.lang = "nb"
    assert text_of(stepper._seed_note.value).startswith("⚠ For å spille Phase 10 må du først rette spillnummeret: det må være et helt tall fra 0 til")
    stepper._seed.value = "5"
    stepper._game_choice.value = 1
    assert stepper.model.game.rules.key == "phase10" and stepper.model.source[1] == 5 and stepper._error.value == stepper._seed_note.value == ""


def test_the_page_and_its_warnings_word_the_game_numbers_range_alike() -> None:
    page = (ROOT / "notebooks" / "3_round_stepper.ipynb").read_text(encoding="utf-8")
    for lang in ("en", "nb"):
        assert stepper_module.seed_range(lang) in json.loads(json.dumps(page)), lang
    assert "a whole number from 0 to 9,223,372,036,854,775,807 (about nine quintillion)" in page
    assert "quintillion" not in stepper_module.TEXTS["en"]["bad_seed"]  # the one wording lives in seed_range


def test_a_saved_game_shown_plays_a_new_game_from_the_play_button_whatever_its_hidden_box_holds() -> None:
    stepper = RoundStepper(seed=7, players=3)
    stepper._seed.value = "1e5"
    stepper._play.click()  # refused, under the box
    good = (ROOT / "notebooks" / "data" / "sample_game.json").read_bytes()
    stepper._upload.value = (upload_of("sample_game.json", good),)
    assert stepper._new_game.layout.display == "none" and stepper._seed_note.value == ""
    stepper._play.click()  # the box was hidden, so what it held is no learner's: a game is played, from 0
    assert stepper.model.source[:2] == ("seed", 0) and stepper._new_game.layout.display is None and stepper._seed.value == "0"


# --- a picky learner's round stepper: old refusals, an empty box, Norwegian words, the page's words ----------


def test_a_refusal_goes_when_the_number_is_fixed_and_enter_plays_it() -> None:
    from upto9.rules import PHASE10

    stepper = RoundStepper(seed=7, players=3, rule_sets=(UPTO9, PHASE10))
    shown = stepper.model.game
    assert stepper._seed.continuous_update is False  # the box sends its text on Enter (or on leaving it), not at every key
    stepper._seed.value = "1e5"  # typed, then Enter: refused at once, as "Play a new game" refuses it
    assert "“1e5” is not" in text_of(stepper._seed_note.value) and stepper.model.game is shown
    stepper._game_choice.value = 1
    assert text_of(stepper._seed_note.value).startswith("⚠ To play Phase 10, first fix the game number")
    stepper._seed.value = "42"  # fixed, then Enter: the message goes and game 42 is shown, as the button shows it
    assert stepper._seed_note.value == stepper._error.value == ""
    assert stepper.model.source == ("seed", 42, 3, "heuristic") and "game number 42, 3 players" in text_of(stepper._source.value)
    stepper._seed.value = "seven"  # another bad text is refused in its own words, not the old ones
    assert "“seven” is not" in text_of(stepper._seed_note.value) and "1e5" not in stepper._seed_note.value
    stepper.lang = "nb"
    stepper._seed.value = "8"
    assert stepper._seed_note.value == "" and stepper.model.source[1] == 8 and "spillnummer 8" in text_of(stepper._source.value)


def test_a_saved_games_hidden_box_plays_nothing_on_its_own() -> None:
    stepper = RoundStepper(record=ROOT / "notebooks" / "data" / "sample_game.json")
    shown = stepper.model.game
    stepper._seed.value = "5"  # not the learner's: hidden under a saved game
    assert stepper.model.game is shown and stepper._seed_note.value == ""


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_game_number_asks_for_one(typed: str) -> None:
    from upto9.rules import PHASE10

    stepper = RoundStepper(seed=7, players=3, rule_sets=(UPTO9, PHASE10))
    shown = stepper.model.game
    stepper._seed.value = typed
    stepper._play.click()
    range_en = "a whole number from 0 to 9,223,372,036,854,775,807 (about nine quintillion)"
    assert text_of(stepper._seed_note.value) == f"⚠ Type a game number, {range_en}; the game shown stays."
    assert stepper.model.game is shown and "“”" not in stepper._seed_note.value
    stepper._game_choice.value = 1
    assert text_of(stepper._seed_note.value) == f"⚠ To play Phase 10, first type a game number, {range_en}."
    stepper.lang = "nb"
    range_nb = "et helt tall fra 0 til 9 223 372 036 854 775 807 (rundt ni trillioner)"
    assert text_of(stepper._seed_note.value) == f"⚠ For å spille Phase 10 må du først skrive inn et spillnummer, {range_nb}."
    stepper._play.click()
    assert text_of(stepper._seed_note.value) == f"⚠ Skriv inn et spillnummer, {range_nb}; spillet som vises, blir stående."
    assert "«»" not in stepper._seed_note.value


def test_norwegian_says_spillnummer_and_a_draw_is_drawing_a_card_not_a_move() -> None:
    stepper = RoundStepper(seed=7, players=3, lang="nb")
    assert stepper._seed.description == "Spillnummer" and "spillnummer 7" in text_of(stepper._source.value)
    assert stepper._slider.description == "Steg"  # a step: the slider and the count
    status = text_of(stepper._status.value)
    assert status.startswith("Runde 1 · steg 0 av ") and status.endswith("sin tur: trekk et kort"), status
    stepper.lang = "en"
    assert text_of(stepper._status.value).endswith("to move: draw a card")
    for lang in ("en", "nb"):  # every draw the stepper describes reads as a card drawn
        for key in ("phase_draw", "draw_deck", "draw_deck_hidden"):
            said = stepper_module.TEXTS[lang][key]
            assert ("kort" in said or "{card}" in said) if lang == "nb" else ("card" in said), (lang, key, said)
    assert not re.search(r"[Ss]pill nummer", json.dumps(stepper_module.TEXTS["nb"], ensure_ascii=False))  # one word, as in the messages


def test_the_saved_game_paragraph_names_what_the_learner_sees() -> None:
    from upto9.rules import PHASE10

    cells = json.loads((ROOT / "notebooks" / "3_round_stepper.ipynb").read_text(encoding="utf-8"))["cells"]
    text = next("".join(c["source"]) for c in cells if "## A saved game" in "".join(c["source"]))
    en, nb = text.split('<div class="u9-nb">')
    data = ROOT / "notebooks" / "data"
    saved = RoundStepper(rule_sets=(UPTO9, PHASE10), records={"upto9": data / "sample_game.json", "phase10": data / "sample_phase10_game.json"})
    # The widget below opens on Up to 9: the paragraph says so, and which button shows the Phase 10 tie.
    assert saved.model.game.rules.key == "upto9" and "opens on\na game of Up to 9" in en and "**Phase 10**" in en
    assert "åpnes på et spill av Up to 9" in nb and "**Phase 10**" in nb
    # The button named as it reads.
    assert f"**{stepper_module.TEXTS['en']['load']}**" in en and "upload button" not in en
    assert f"**{stepper_module.TEXTS['nb']['load']}**" in nb and "opplastingsknappen" not in nb
    saved.model.perspective = 1
    saved._game_choice.value = 1  # Phase 10: the tie the paragraph tells, seen by Bjørn
    game = saved.model.game
    assert game.rules.key == "phase10" and saved.model.perspective == 1 and saved.model.name(1) == "Bjørn"
    assert game.rounds[-1].deciding and [saved.model.name(p) for p in range(3) if game.rounds[-1].seated[p]] == ["Bjørn", "Cai"]
    assert "Bjørn and Cai both make phase 10 with 115 penalty points" in " ".join(en.split())


def test_the_stepper_page_has_one_style_of_advanced_section() -> None:
    cells = json.loads((ROOT / "notebooks" / "3_round_stepper.ipynb").read_text(encoding="utf-8"))["cells"]
    assert not any("<details" in "".join(c["source"]) for c in cells)  # no narrative disclosure beside the widgets' Advanced
    # What the narrative's note said is in the stepper's own Advanced section, in the page's language.
    seeded = RoundStepper(seed=7, players=3)
    assert "The game number is the game's seed: every shuffle in the game is drawn from it" in text_of(seeded._developer.value)
    assert seeded._advanced.layout.display is None and "u9-advanced" in seeded._advanced._dom_classes
    seeded.lang = "nb"
    assert "Spillnummeret er spillets frø: hver stokking i spillet trekkes fra det" in text_of(seeded._developer.value)
    saved = RoundStepper(record=ROOT / "notebooks" / "data" / "sample_game.json")
    assert "sample_game.json, written by upto9.save_game(game, path)" in text_of(saved._developer.value)


def test_the_autoplay_button_is_named_in_the_pages_language() -> None:
    stepper = RoundStepper(seed=7, players=3)
    assert stepper._autoplay.tooltip.startswith("Autoplay: play the round")
    # ipywidgets puts the tooltip on the widget's box: the page's script names the icon button by it.
    script = stepper_module._UPLOAD_SCRIPT
    assert ".u9-autoplay[title]" in script and 'setAttribute("aria-label", title)' in script and 'attributeFilter: ["title"]' in script
    stepper.lang = "nb"
    assert stepper._autoplay.tooltip.startswith("Spill av: spill runden steg for steg")


# --- issue 26: a refused file in plain words; the upload button without a count -------------------------------


def _changed(record: dict[str, Any], change: Any) -> bytes:
    data = json.loads(json.dumps(record))
    change(data)
    return json.dumps(data).encode()


def _illegal(record: dict[str, Any]) -> None:
    action = next(a for a in record["rounds"][0]["actions"] if a["type"] == "discard")
    action["card"] = next(card for card in reversed(record["rounds"][0]["deck"]) if card != action["card"])  # the deck's bottom: in no hand yet


def _cases() -> list[tuple[str, bytes, str, str]]:
    from upto9.records import game_record

    record = game_record(play_game(players=2, seed=1))
    return [
        ("null", b"null", "it holds something other than a game", "den inneholder noe annet enn et spill"),
        ("a table", b'{"a": 1}', "it holds something other than a game", "den inneholder noe annet enn et spill"),
        (
            "newer",
            _changed(record, lambda r: r.update(format="upto9-game/2")),
            "it was saved by a newer version of upto9; update upto9 to open it",
            "den ble lagret av en nyere versjon av upto9; oppdater upto9 for å åpne den",
        ),
        ("illegal", _changed(record, _illegal), "is not a legal move", "er ikke et lovlig trekk"),
        (
            "key edited",
            _changed(record, lambda r: r["rules"].update(key="mine")),
            "it says it plays Up to 9, but its rules were changed",
            "den sier at den spiller Up to 9, men reglene er endret",
        ),
        ("penalties deleted", _changed(record, lambda r: r["rules"].pop("penalties")), "its rules are incomplete or broken", "reglene i den er ufullstendige"),
        ("a jpeg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01", "it is a picture, not a text file", "den er et bilde, ikke en tekstfil"),
        ("too big", b" " * (4 * 1024 * 1024 + 1), "it is 4,097 KB, and a saved game is at most 4,096 KB", "den er på 4 097 KB"),
    ]


@pytest.mark.parametrize(("case", "content", "en", "nb"), _cases(), ids=[case[0] for case in _cases()])
def test_a_refused_file_is_said_in_plain_words_with_the_engines_words_under_advanced(case: str, content: bytes, en: str, nb: str) -> None:
    stepper = RoundStepper(seed=7, players=3)
    shown = stepper.model.game
    stepper._upload.value = (upload_of("mine.json", content),)
    said = text_of(stepper._error.value)
    assert said.startswith(NOT_A_GAME["en"]) and en in said and said.endswith("."), said
    assert not re.search(r"null|None|UTF-8|JSON|upto9-game|token|format", said), said
    assert stepper.model.game is shown and stepper._upload.value == ()
    if case != "too big":  # refused unread: the size says it all
        assert "The file mine.json was refused: " in text_of(stepper._developer.value)
    stepper.lang = "nb"
    said = text_of(stepper._error.value)
    assert said.startswith(NOT_A_GAME["nb"]) and nb in said, said


def test_a_move_that_breaks_a_rule_is_named_by_its_round_and_number() -> None:
    from upto9.records import game_record

    record = game_record(play_game(players=2, seed=1))
    index = next(i for i, a in enumerate(record["rounds"][0]["actions"], start=1) if a["type"] == "discard")
    stepper = RoundStepper(seed=7, players=3)
    stepper._upload.value = (upload_of("mine.json", _changed(record, _illegal)),)
    assert text_of(stepper._error.value) == NOT_A_GAME["en"] + f"move {index} of round 1 is not a legal move."
    assert f"round 1, action {index} (discard)" in text_of(stepper._developer.value)


def test_the_upload_button_has_no_count_to_copy_or_hear() -> None:
    stepper = RoundStepper(seed=7, players=3)
    assert "font-size:0" not in stepper_module._UPLOAD_CSS.replace(" ", "")  # nothing hidden by its size
    scripts = [child for child in stepper.children if isinstance(child, stepper_module.w.Output)]
    assert len(scripts) == 1 and scripts[0].outputs[0]["data"]["application/javascript"] == stepper_module._UPLOAD_SCRIPT
    assert "button.u9-upload" in stepper_module._UPLOAD_SCRIPT and "MutationObserver" in stepper_module._UPLOAD_SCRIPT


# --- issue 26 in a real browser: phone and desktop, English and Norwegian ------------------------------------

JUNK = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
"""A picture chosen by mistake."""


@pytest.fixture(scope="module")
def stepper_site() -> Any:
    from tests.test_browser import published_site

    yield from published_site()


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_in_a_browser_a_junk_file_and_a_bad_number_say_why_plainly_and_no_upload_count_is_left(stepper_site: Any, size: str, lang: str) -> None:
    from playwright.sync_api import sync_playwright

    from tests.test_browser import SHOTS, _need_browser
    from tests.voila_helpers import CHROMIUM_ARGS, SIZES

    words = {
        "en": {
            "title": "Step through a round",
            "junk": "This file is not a saved game of Up to 9, 3UP 3DOWN, Phase 10 or Picture cards: it is a picture, not a text file.",
        },
        "nb": {
            "title": "Gå gjennom en runde",
            "junk": "Denne filen er ikke et lagret spill av Up to 9, 3UP 3DOWN, Phase 10 eller Bildekort: den er et bilde, ikke en tekstfil.",
        },
    }[lang]
    first_fix = {"en": "To play Phase 10, first fix the game number", "nb": "For å spille Phase 10 må du først rette spillnummeret"}[lang]
    play = {"en": "Play a new game", "nb": "Spill et nytt spill"}[lang]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_need_browser(), args=CHROMIUM_ARGS)
        try:
            phone = size == "phone"
            tab = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone).new_page()
            errors: list[str] = []
            tab.on("pageerror", lambda error: errors.append(str(error)))
            tab.goto(stepper_site.page("3_round_stepper.ipynb") + ("?lang=nb" if lang == "nb" else ""), timeout=180_000, wait_until="domcontentloaded")
            stepper = tab.locator(".u9", has=tab.locator("h3", has_text=words["title"])).first
            stepper.locator("button.u9-upload").first.wait_for(timeout=180_000)
            # No "(0)" anywhere: not in the buttons' text a screen reader reads, not in what is copied.
            tab.wait_for_function("() => [...document.querySelectorAll('button.u9-upload')].every((b) => !/\\(\\d+\\)/.test(b.textContent))", timeout=10_000)
            assert tab.locator("button.u9-upload").count() >= 2
            assert "(0)" not in tab.inner_text("body")
            # A picture chosen by mistake: said plainly, above the round; the engine's words under Advanced.
            with tab.expect_file_chooser() as chooser:
                stepper.locator("button.u9-upload").first.click()
            chooser.value.set_files({"name": "photo.json", "mimeType": "application/json", "buffer": JUNK})
            error = stepper.locator(".u9-error").first
            error.wait_for(timeout=30_000)
            assert error.inner_text().strip() == f"⚠ {words['junk']}"
            assert "(0)" not in stepper.inner_text() and not re.search(r"UTF-8|JSON|null", stepper.locator(".u9-error").first.inner_text())
            stepper.evaluate("(element) => element.scrollIntoView()")  # the page scrolls inside Voila's own box: a viewport's picture
            tab.screenshot(path=str(SHOTS / f"stepper-junk-file-{size}-{lang}.png"))
            # The engine's own words, for a developer: in the Advanced section, closed until opened.
            advanced = stepper.locator(".u9-advanced").first
            assert "photo.json" not in advanced.inner_text() or not advanced.locator("code").first.is_visible()
            advanced.locator(".jupyter-widget-Collapse-header").first.click()
            detail = advanced.locator("code", has_text="photo.json").first
            detail.wait_for(timeout=10_000)
            assert "UTF-8" in detail.inner_text()
            advanced.screenshot(path=str(SHOTS / f"stepper-junk-file-advanced-{size}-{lang}.png"))
            # "1e5", "Play a new game", then Phase 10: said under the box, and the game stays.
            stepper.locator("input[type=text]").first.fill("1e5")
            stepper.locator("button", has_text=play).first.click()
            stepper.locator(".u9-error", has_text="1e5").first.wait_for(timeout=10_000)
            stepper.locator(".u9-ruleset button", has_text="Phase 10").first.click()
            note = stepper.locator(".u9-error", has_text=first_fix).first
            note.wait_for(timeout=10_000)
            box = stepper.locator("input[type=text]").first.bounding_box()
            said = note.bounding_box()
            assert box and said and 0 <= said["y"] - (box["y"] + box["height"]) < 60, (box, said)  # right under the box
            stepper.evaluate("(element) => element.scrollIntoView()")
            tab.screenshot(path=str(SHOTS / f"stepper-bad-number-phase10-{size}-{lang}.png"))
            assert not errors, errors
        finally:
            browser.close()


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_in_a_browser_a_fixed_number_and_enter_clear_the_refusal_and_the_words_read_right(stepper_site: Any, size: str, lang: str) -> None:
    from playwright.sync_api import sync_playwright

    from tests.test_browser import SHOTS, _need_browser
    from tests.voila_helpers import CHROMIUM_ARGS, SIZES

    words = {
        "en": {"title": "Step through a round", "play": "Play a new game", "fix": "To play Phase 10, first fix the game number", "shown": "game number 42,"},
        "nb": {
            "title": "Gå gjennom en runde",
            "play": "Spill et nytt spill",
            "fix": "For å spille Phase 10 må du først rette spillnummeret",
            "shown": "spillnummer 42,",
        },
    }[lang]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_need_browser(), args=CHROMIUM_ARGS)
        try:
            phone = size == "phone"
            tab = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone).new_page()
            errors: list[str] = []
            tab.on("pageerror", lambda error: errors.append(str(error)))
            tab.goto(stepper_site.page("3_round_stepper.ipynb") + ("?lang=nb" if lang == "nb" else ""), timeout=180_000, wait_until="domcontentloaded")
            stepper = tab.locator(".u9", has=tab.locator("h3", has_text=words["title"])).first
            stepper.locator("button.u9-upload").first.wait_for(timeout=180_000)
            # One style of "Advanced" on the page: the widgets' sections, no narrative disclosure.
            assert tab.locator("details").count() == 0 and tab.locator(".u9-advanced").count() >= 2
            # The autoplay's icon button has a name, in the page's language.
            autoplay = stepper.locator(".u9-autoplay button").first
            tab.wait_for_function("() => !!document.querySelector('.u9-autoplay button[aria-label]')", timeout=10_000)
            assert autoplay.get_attribute("aria-label") == stepper_module.TEXTS[lang]["autoplay"]
            # "1e5", "Play a new game", then Phase 10: refused under the box; Play and Load stay on their line on a desktop.
            box = stepper.locator("input[type=text]").first
            box.fill("1e5")
            stepper.locator("button", has_text=words["play"]).first.click()
            stepper.locator(".u9-error", has_text="1e5").first.wait_for(timeout=10_000)
            stepper.locator(".u9-ruleset button", has_text="Phase 10").first.click()
            stepper.locator(".u9-error", has_text=words["fix"]).first.wait_for(timeout=10_000)
            if not phone:
                at, play = box.bounding_box(), stepper.locator("button", has_text=words["play"]).first.bounding_box()
                assert at and play and abs((play["y"] + play["height"] / 2) - (at["y"] + at["height"] / 2)) < at["height"], (at, play)
            stepper.evaluate("(element) => element.scrollIntoView()")
            tab.screenshot(path=str(SHOTS / f"stepper-refused-{size}-{lang}.png"))
            # Fixed and entered: the refusal goes and game 42 is shown, as "Play a new game" shows it.
            box.fill("42")
            box.press("Enter")
            stepper.locator(".u9-note", has_text=words["shown"]).first.wait_for(timeout=20_000)
            assert stepper.locator(".u9-error").count() == 0 or not stepper.locator(".u9-error").first.is_visible()
            status = stepper.locator("b", has_text=re.compile(r"^(Round|Runde) 1 ·")).first.locator("xpath=..").inner_text()
            assert status.endswith("trekk et kort" if lang == "nb" else "draw a card"), status
            if lang == "nb":
                assert stepper.get_by_text("Spillnummer", exact=True).first.is_visible()
            stepper.evaluate("(element) => element.scrollIntoView()")
            tab.screenshot(path=str(SHOTS / f"stepper-fixed-{size}-{lang}.png"))
            assert not errors, errors
        finally:
            browser.close()


@pytest.mark.parametrize("rules", [UPTO9, PHASE10], ids=["upto9", "phase10"])
def test_a_donation_to_the_donors_own_meld_says_their_own_not_their_name(rules: Any) -> None:
    """'Bot 1 donates 7♥ to their own straight (1)', not 'to Bot 1's straight (1)' (Norwegian: 'hos
    seg selv'); a donation to another player's meld still names its owner."""
    stepper = RoundStepper(rules=rules, seed=3, players=4)
    model = stepper.model
    assert isinstance(model.game, Game)
    seen: dict[bool, int] = {True: 0, False: 0}
    for number in range(len(model.game.rounds)):
        model.round_index = number
        for step in model.steps:
            action = step.action
            if not isinstance(action, Donated):
                continue
            own = action.owner == action.player
            seen[own] += 1
            for lang, mark in (("en", "their own "), ("nb", " hos seg selv.")):
                model.lang = lang
                said = describe(model, step, WHOLE_TABLE)[0][0]
                owner = model.name(action.owner)
                assert (mark in said) is own and (owner in said.split(" ", 2)[2]) is not own, said
            model.lang = "en"
    assert seen[True] and seen[False], seen


def test_the_tour_says_how_the_game_is_won_as_ruling_10_does() -> None:
    """Section 1 said 'the first player to complete level 9 wins' (a learner's review): the game ends
    after the round in which someone completes level 9, and of those, the fewest penalty points win."""
    cells = json.loads(TOUR.read_text(encoding="utf-8"))["cells"]
    first = next("".join(c["source"]) for c in cells if "## 1. Nine levels" in "".join(c["source"]))
    words = " ".join(first.split())
    assert "first player to complete level 9 wins" not in words and "den første som fullfører nivå 9, vinner" not in words
    assert "ends after the round in which someone completes level 9" in words and "fewest penalty points wins" in words
    assert "slutter etter runden der noen fullfører nivå 9" in words and "færrest straffepoeng" in words


def test_the_stepper_says_a_step_in_norwegian_and_phase_10s_own_word_for_adding_to_a_meld() -> None:
    """A learner's review: the Norwegian status counted "trekk 1 av 139" (read as "draw 1 of 139"
    in a game where 'trekke' is to draw), and Phase 10's play said "donate" where the game says "hit"."""
    stepper = RoundStepper(seed=7, players=3, rules=PHASE10, lang="nb")
    while "legg ned" not in text_of(stepper._status.value):
        stepper._forward.click()
    status = text_of(stepper._status.value)
    assert "· steg " in status and status.endswith("legg ned, legg til eller kast"), status
    stepper.lang = "en"
    assert text_of(stepper._status.value).endswith("lay down, hit or discard")
    assert RoundStepper(seed=7, players=3, lang="nb")._forward.tooltip == "Ett steg fram"
