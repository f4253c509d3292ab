"""The house-rule lab and the comparison page as a picky learner read them (headless, both languages):
the rule-set table follows the lab's decks and penalties, results for earlier settings are marked
stale, a refused table says why in the learner's words, a comparison cut short by its time limit
says so ("stopped after N games a side: the time limit"), and the findings, percentages and chart ticks read each language's way."""

from __future__ import annotations

import contextlib
import html as html_lib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets import RulesExplorer
from upto9.widgets import lab as lab_module
from upto9.widgets.compare import TEXTS as COMPARE_TEXTS
from upto9.widgets.compare import ComparisonChart, ComparisonModel, Findings, PublishedTable, SampleNote
from upto9.widgets.lab import BAD_FIELD_CLASS, CHART_KINDS, STALE_CLASS, HouseRuleLab, lab_chart

from tests.test_browser import LOAD_MS, SHOTS, browser, open_page, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.voila_helpers import SIZES

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"


def text_of(html: str) -> str:
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u00a0", " ")
    return re.sub(r" ([:.,;)])", r"\1", re.sub(r"\s+", " ", text)).strip()


def _lab(games: int = 10, lang: str = "en") -> tuple[RulesExplorer, HouseRuleLab]:
    explorer = RulesExplorer(lang=lang)
    return explorer, HouseRuleLab(explorer, games=games, lang=lang)


# --- 1. the rule-set table, and results for earlier settings ------------------------------------------


def test_the_rule_set_table_shows_the_decks_and_penalties_set_in_the_lab() -> None:
    explorer, lab = _lab()
    assert "2 decks for 2–4 players" in text_of(explorer._facts.value)
    lab.set_decks(3, 3)
    lab.set_penalty("2 and 3", 50)
    facts = text_of(explorer._facts.value)
    assert "The rule set: Up to 9 (house rules)" in facts
    assert "3 decks for 2–4 players; 3 decks for 5–6 players†" in facts and "2–3: 50†" in facts
    explorer.model.level = 5  # the explorer draws its table again: the lab's rules stay in it
    assert "3 decks for 2–4 players" in text_of(explorer._facts.value)
    explorer.lang = "nb"
    facts = text_of(explorer._facts.value)
    assert "Regelsettet: Up to 9 (husregler)" in facts and "3 kortstokker for 2–4 spillere" in facts and "2–3: 50†" in facts
    lab.set_decks(2, 3)
    lab.set_penalty("2 and 3", 20)
    assert "2 kortstokker for 2–4 spillere" in text_of(explorer._facts.value) and "(husregler)" not in text_of(explorer._facts.value)


def test_results_for_earlier_settings_are_marked_stale_until_the_next_run() -> None:
    _, lab = _lab()
    lab.compare(progress=False)
    assert not lab.stale and lab._stale.value == "" and STALE_CLASS not in lab._table._dom_classes
    lab.set_penalty("2 and 3", 25)
    assert lab.stale
    assert "These results are for the earlier settings" in text_of(lab._stale.value)
    assert "Press “Play both and compare (the same deals)” to play the games again." in text_of(lab._stale.value)
    assert all(STALE_CLASS in view._dom_classes for view in (lab._note, lab._table, lab._chart))
    lab.lang = "nb"
    assert "Disse resultatene gjelder de forrige innstillingene" in text_of(lab._stale.value)
    lab.set_penalty("2 and 3", 20)  # back to the settings compared: the results are theirs again
    assert not lab.stale and lab._stale.value == "" and STALE_CLASS not in lab._chart._dom_classes
    lab._players.value = 3
    assert lab.stale and "Trykk «Spill begge og sammenlign (samme utdelinger)»" in text_of(lab._stale.value)
    lab._button.click()
    assert not lab.stale and lab._stale.value == "" and STALE_CLASS not in lab._table._dom_classes


# --- 2. a refused table in the learner's words ------------------------------------------------------------


def test_a_table_that_cannot_be_dealt_is_refused_in_the_learners_words() -> None:
    _, lab = _lab()
    lab.set_decks(2, 1)
    shown = text_of(lab._decks_refused.value)
    assert "Decks, 5–6 players: 5 players: 1 deck cannot deal 11 cards each and a discard" in shown
    assert "Nothing can be played until this box is put right: Decks, 5–6 players." in text_of(lab._changed.value)
    assert "house rules>" not in shown and "decks:" not in shown and lab._button.disabled
    lab.lang = "nb"
    shown = text_of(lab._decks_refused.value)
    assert "Kortstokker, 5–6 spillere: 5 spillere: 1 kortstokk kan ikke gi 11 kort til hver og ett til kastebunken" in shown
    assert "Ingenting kan spilles før denne boksen er rettet: Kortstokker, 5–6 spillere." in text_of(lab._changed.value)
    assert "house rules>" not in shown and "decks" not in shown
    lab.set_decks(2, 3)
    assert not lab._button.disabled and "u9-error" not in lab._changed.value and lab._decks_refused.value == ""


# --- 3. a comparison cut short by its time limit ------------------------------------------------------------


def test_a_comparison_cut_short_says_how_many_games_were_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_module, "LAB_SECONDS", 1.0)
    explorer, lab = _lab(games=lab_module.MAX_LAB_GAMES)
    explorer.model.set_budget(9, 2)
    lab.compare(progress=False)
    done = len(lab.standard)
    assert 0 < done < lab_module.MAX_LAB_GAMES
    assert len(lab.house) == done  # game i on both sides: the sides were played in turn, game by game
    shown = text_of(lab._note.value)
    assert shown.startswith(f"The answer: Stopped after {done} games a side: the time limit. Rounds per game (average): ") and "⏱" not in lab._note.value
    assert "A comparison may take 1 s of the shared server's time" in shown
    lab.lang = "nb"
    shown = text_of(lab._note.value)
    assert shown.startswith(f"Svaret: Stoppet etter {done} spill på hver side: tidsgrensen. Runder per spill (snitt): ") and "⏱" not in lab._note.value


def test_a_comparison_with_no_game_finished_says_so_without_a_missing_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_module, "LAB_SECONDS", 1.0)
    explorer, lab = _lab(games=10)
    assert explorer.model.set_group(1, 0, size=14) and explorer.model.set_budget(1, 0)
    lab._players.value = 6
    lab.set_decks(6, 6)
    lab.compare(progress=False)
    assert lab.standard == [] and "Not one game could be finished" in lab._note.value and "⏱" not in lab._note.value


# --- 4. the comparison's words, percentages and axes ----------------------------------------------------------


@pytest.fixture(scope="module")
def cached() -> ComparisonModel:
    return ComparisonModel.load(DATA / "comparison.json", published=DATA / "phase10_published.json")


def test_the_findings_say_a_difference_plainly(cached: ComparisonModel) -> None:
    cached.lang = "en"
    turns = cached.comparison.difference("upto9", "phase10", "turns")
    assert not turns.contains(0) and turns.value < 0  # the cached games: Phase 10 is the shorter in turns
    near, far = sorted((abs(turns.low), abs(turns.high)))
    view = Findings(cached)
    text = text_of(view._html.value)
    assert (
        f"A game of Phase 10 has about {abs(turns.value):.0f} turns fewer than a game of Up to 9 on average (likely between {near:.0f} and {far:.0f})." in text
    )
    assert "interval" not in text.replace("95% intervals", "") and "−" not in text
    cached.lang = "nb"
    text = text_of(view._html.value)
    assert f"omtrent {abs(turns.value):.0f} turer færre enn et spill Up to 9 (trolig mellom {near:.0f} og {far:.0f})." in text
    rounds = cached.comparison.difference("upto9", "phase10", "rounds")
    assert f"omtrent {abs(rounds.value):.1f}".replace(".", ",") + " runder" in text and not re.search(r"\d\.\d", text)


def test_each_language_writes_its_percentages_one_way(cached: ComparisonModel) -> None:
    for lang, good, bad in (("en", "95%", "95 %"), ("nb", "95 %", "95%")):
        assert all(bad not in text for text in COMPARE_TEXTS[lang].values())
        cached.lang = lang
        note = text_of(SampleNote(cached)._html.value)
        published = html_lib.unescape(re.sub(r"<[^>]+>", " ", PublishedTable(cached)._html.value))  # the text, not the styles
        assert good in note and bad not in note
        assert re.search(r"\d%" if lang == "en" else "\\d\u00a0%", published) and not re.search("\\d\u00a0%" if lang == "en" else r"\d%", published)


def test_the_holding_charts_percent_ticks_are_written_the_languages_way(cached: ComparisonModel) -> None:
    cached.lang = "en"
    axis = ComparisonChart(cached, "holding").figure.layout.yaxis
    assert axis.ticktext and all(t.endswith("%") and "\u00a0" not in t for t in axis.ticktext) and "0.1%" in axis.ticktext
    assert axis.title.text
    cached.lang = "nb"
    axis = ComparisonChart(cached, "holding").figure.layout.yaxis
    assert all(t.endswith("\u00a0%") for t in axis.ticktext) and "0,1\u00a0%" in axis.ticktext and axis.title.text


def test_every_axis_of_every_chart_is_titled(cached: ComparisonModel) -> None:
    _, lab = _lab()
    lab.compare(progress=False)
    figures = [ComparisonChart(cached, kind).figure for kind in ("length", "levels", "holding", "penalties")]
    figures += [lab_chart(kind, lab.standard, lab.house, lang="nb") for kind in CHART_KINDS if kind != "impossible"]
    for figure in figures:
        axes = [name for name in figure.layout if name.startswith(("xaxis", "yaxis"))]
        assert axes and all(figure.layout[name].title.text for name in axes), figure.layout.title.text


# --- the explorer's number boxes: a value out of range is refused in words, never changed silently ---


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_joker_budget_out_of_range_is_refused_in_the_controls_words_and_the_box_shows_the_rule_again(lang: str) -> None:
    explorer = RulesExplorer(lang=lang)
    before = explorer.model.rules
    jokers = before.level(1).jokers
    for typed in (-3, 99):
        explorer.total_box.value = typed
        shown = text_of(explorer._error.value)
        label = {"en": "Level 1: Max jokers in total: ", "nb": "Nivå 1: Maks jokere totalt: "}[lang]
        assert label in shown and str(typed) in shown, shown
        assert "<house rules>" not in shown and "jokers:" not in shown  # no file or field names
        assert explorer.model.rules is before and explorer.total_box.number == jokers  # nothing changed, the box says so


def test_a_straight_of_fewer_than_three_cards_is_refused_and_a_pair_is_allowed() -> None:
    explorer = RulesExplorer(lang="en")
    explorer.model.level = 1  # Up to 9's level 1: a straight of 4
    explorer.size_box(0).value = 1
    assert "Level 1, group 1: Cards: must be a whole number from 3 to 14, got 1" in text_of(explorer._error.value)
    assert explorer.model.rules.level(1).groups[0].size == 4 and explorer.size_box(0).number == 4
    explorer.model.level = 4  # three sets of three: a set may become a pair
    explorer.size_box(0).value = 2
    assert explorer._error.value == "" and explorer.model.rules.level(4).groups[0].size == 2


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", ("Decks, 2–4 players: must be a whole number from 1 to 6, got -3", "2 and 3: must be a whole number from 0 to 1000, got -3")),
        ("nb", ("Kortstokker, 2–4 spillere: må være et helt tall fra 1 til 6, ikke -3", "2 og 3: må være et helt tall fra 0 til 1000, ikke -3")),
    ],
)
def test_decks_and_penalty_points_out_of_range_are_refused_in_words_not_changed_silently(lang: str, says: tuple[str, str]) -> None:
    _explorer, lab = _lab(lang=lang)
    lab.set_decks(-3)
    assert says[0] in text_of(lab._decks_refused.value) and lab._button.disabled
    assert lab._decks[0].number == -3  # the learner's value stays in the box, beside the refusal
    lab.set_decks(2)
    assert lab._changed.value and not lab._button.disabled and "⚠" not in lab._changed.value and lab._decks_refused.value == ""
    lab.set_penalty("2 and 3", -3)
    assert says[1] in text_of(lab._penalties_refused.value) and lab._button.disabled
    lab._button.click()  # a click that reaches the kernel anyway plays nothing and keeps the refusal
    assert says[1] in text_of(lab._penalties_refused.value) and lab.standard == lab.house == []


@pytest.mark.parametrize("typed", ["1.5", "", "2e0", "three"])
def test_a_box_holding_no_whole_number_is_refused_as_typed_not_read_as_another_number(typed: str) -> None:
    """A browser's number box dropped a typed "." (1.5 became 15) or read 1.5 as 1, and an emptied box as
    1 deck, without a word (two learners' reviews): every number box of the lab and the explorer now
    reads its text exactly, and the engine refuses what is no whole number in its words, the text kept."""
    explorer, lab = _lab(lang="en")
    lab._decks[0].value = typed
    assert f"Decks, 2–4 players: must be a whole number from 1 to 6, got '{typed}'" in text_of(lab._decks_refused.value)
    assert lab._button.disabled and lab._decks[0].value == typed  # the text typed stays, beside its refusal
    lab._decks[0].value = 2
    lab.set_penalty("A", typed)  # type: ignore[arg-type]  (what a learner types)
    assert f"Ace: must be a whole number from 0 to 1000, got '{typed}'" in text_of(lab._penalties_refused.value) and lab._button.disabled
    jokers = explorer.model.rules.level(1).jokers
    explorer.total_box.value = typed
    assert "Level 1: Max jokers in total: must be a whole number from 0 to" in text_of(explorer._error.value)
    assert f"got '{typed}'" in text_of(explorer._error.value) and explorer.total_box.number == jokers  # nothing changed, the box says so


# --- issue 26: every bad box named at once, beside its row, in its label's words -------------------------


@pytest.mark.parametrize(
    ("lang", "decks", "points", "summary"),
    [
        (
            "en",
            "⚠ Decks, 2–4 players: must be a whole number from 1 to 6, got 0",
            "⚠ Ace: must be a whole number from 0 to 1000, got 1200",
            "⚠ Nothing can be played until these 2 boxes are put right: Decks, 2–4 players; Ace.",
        ),
        (
            "nb",
            "⚠ Kortstokker, 2–4 spillere: må være et helt tall fra 1 til 6, ikke 0",
            "⚠ Ess: må være et helt tall fra 0 til 1000, ikke 1200",
            "⚠ Ingenting kan spilles før disse 2 boksene er rettet: Kortstokker, 2–4 spillere; Ess.",
        ),
    ],
)
def test_two_bad_boxes_are_both_named_beside_their_rows_and_the_button_plays_nothing(lang: str, decks: str, points: str, summary: str) -> None:
    explorer, lab = _lab(lang=lang)
    lab.set_decks(0, 3)
    lab.set_penalty("4 to 9", 7)  # a good change beside the bad ones: kept, and shown in the rule-set table
    lab.set_penalty("A", 1200)
    assert text_of(lab._decks_refused.value) == decks  # under the decks' row: only the decks' refusal
    assert text_of(lab._penalties_refused.value) == points
    assert text_of(lab._changed.value) == summary  # beside the button: every box to put right, none other
    assert [BAD_FIELD_CLASS in box._dom_classes for box in (*lab._decks, *lab._penalties.values())] == [True, False, False, False, False, True]
    assert [box.number for box in lab._decks] == [0, 3] and [box.number for box in lab._penalties.values()] == [20, 7, 10, 1200]  # nothing typed is lost
    assert "4–9: 7†" in text_of(explorer._facts.value) and "1200" not in explorer._facts.value
    assert lab._button.disabled
    lab._button.click()  # a click that reaches the kernel anyway plays nothing and says why again
    assert lab.standard == lab.house == [] and text_of(lab._changed.value) == summary
    lab.lang = "en" if lang == "nb" else "nb"  # the other language names the same boxes in its own words
    assert text_of(lab._changed.value).count(";") == 1 and lab._penalties_refused.value and lab._decks_refused.value
    lab.set_decks(2, 3)
    lab.set_penalty("A", 15)
    assert not lab._button.disabled and lab._decks_refused.value == lab._penalties_refused.value == ""
    assert not any(BAD_FIELD_CLASS in box._dom_classes for box in (*lab._decks, *lab._penalties.values()))


@pytest.mark.parametrize(("lang", "label", "engine"), [("en", "2 and 3: ", "Penalty points for 2"), ("nb", "2 og 3: ", "Straffepoeng for 2")])
def test_a_penalty_box_is_named_by_its_own_label_not_by_a_rank(lang: str, label: str, engine: str) -> None:
    _, lab = _lab(lang=lang)
    lab.set_penalty("2 and 3", 1001)
    shown = text_of(lab._penalties_refused.value) + text_of(lab._changed.value)
    assert shown.startswith("⚠ " + label) and label.rstrip(": ") + "." in shown and engine not in shown
    lab.set_penalty("2 and 3", 50)  # and a change is named the same way
    assert {"en": "penalties 2 and 3 = 50", "nb": "straffepoeng 2 og 3 = 50"}[lang] in text_of(lab._changed.value)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "⚠ Not changed: Level 1: Max jokers in total: must be a whole number from 0 to 4, got 999; set back to 0."),
        ("nb", "⚠ Ikke endret: Nivå 1: Maks jokere totalt: må være et helt tall fra 0 til 4, ikke 999; satt tilbake til 0."),
    ],
)
def test_a_value_the_explorer_sets_back_says_so_right_under_its_box(lang: str, said: str) -> None:
    explorer = RulesExplorer(lang=lang)
    explorer.total_box.value = 999
    assert text_of(explorer._error.value) == said and explorer.total_box.number == 0
    rows = list(explorer._editors.children)
    assert rows.index(explorer._error) == rows.index(explorer.total_box) + 1  # beside the box, not at the end of the page
    explorer.size_box(0).value = 99  # another box refused: the message moves under that box's row
    rows = list(explorer._editors.children)
    assert explorer.size_box(0) in rows[rows.index(explorer._error) - 1].children
    assert text_of(explorer._error.value).endswith({"en": "got 99; set back to 4.", "nb": "ikke 99; satt tilbake til 4."}[lang])
    explorer.model.level = 2  # another level: the refusal was of level 1's box, and goes
    assert explorer._error.value == ""


# --- the same in a browser: two bad boxes on the published page, at phone and desktop size ---------------

_BAD_BOXES = {
    "en": ("English", "Decks, 2–4 players", "Ace", "Nothing can be played until these 2 boxes are put right: Decks, 2–4 players; Ace."),
    "nb": ("Norsk", "Kortstokker, 2–4 spillere", "Ess", "Ingenting kan spilles før disse 2 boksene er rettet: Kortstokker, 2–4 spillere; Ess."),
}


@pytest.fixture(scope="module")
def lab_site() -> Any:
    yield from published_site()


@contextlib.contextmanager
def _lab_page(chromium: Any, site: Any, size: str) -> Iterator[Any]:
    """The published lab page open at ``size`` (phone or desktop), its script errors kept in ``page.errors``."""
    phone = size == "phone"
    context = chromium.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        open_page(page, site, "5_house_rule_lab.ipynb")
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_two_bad_boxes_on_the_page_are_named_beside_their_rows_in_both_languages(browser: Any, lab_site: Any, size: str) -> None:  # noqa: F811  (the browser fixture, imported)
    with _lab_page(browser, lab_site, size) as page:
        for lang, (switch, decks, ace, summary) in _BAD_BOXES.items():
            page.locator(".u9-lang-switch button", has_text=switch).click()
            box = page.locator(".widget-inline-hbox", has_text=decks).locator("input")
            box.wait_for(timeout=LOAD_MS)
            if lang == "en":  # typed once; the other language names the same boxes in its words
                for row, value in ((box, "0"), (page.locator(".widget-inline-hbox", has_text=re.compile(f"^{ace}$")).locator("input"), "1200")):
                    row.fill(value)
                    row.press("Enter")
            said = page.locator(".u9-error", has_text=summary)
            said.wait_for(timeout=LOAD_MS)
            deck_reason = page.locator(".u9-refused .u9-error", has_text=f"{decks}: ")
            ace_reason = page.locator(".u9-refused .u9-error", has_text=f"{ace}: ")
            # Each reason is its own widget, sent after the summary: under load it comes a moment later.
            deck_reason.wait_for(timeout=LOAD_MS)
            ace_reason.wait_for(timeout=LOAD_MS)
            assert box.input_value() == "0"  # what was typed stays in the box
            # Beside its row: each reason right under its own row of boxes, the summary just above the button.
            deck_at, ace_at, box_at = deck_reason.bounding_box(), ace_reason.bounding_box(), box.bounding_box()
            button = page.locator("button.u9-compare")
            assert box_at["y"] < deck_at["y"] < ace_at["y"] < said.bounding_box()["y"] < button.bounding_box()["y"]
            last = page.locator(".widget-inline-hbox", has_text=decks.replace("2–4", "5–6")).locator("input").bounding_box()  # the row's last box
            assert 0 < deck_at["y"] - (last["y"] + last["height"]) < 40 and button.is_disabled()
            assert ("got 1200" if lang == "en" else "ikke 1200") in ace_reason.inner_text()
            assert deck_at["x"] + deck_at["width"] <= SIZES[size]["width"] + 1  # the reason wraps inside a phone's screen
            ace_reason.evaluate("(e) => e.scrollIntoView({block: 'center'})")  # the boxes, their reasons and the button in view
            page.wait_for_timeout(400)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"5_house_rule_lab.bad_boxes.{lang}.{size}.png"))
        # The explorer's box keeps the rule (the notebook's level 9: 2 jokers) and says so right under it.
        total = page.locator(".u9-explorer .widget-inline-hbox", has_text="Maks jokere totalt").locator("input")
        total.fill("999")
        total.press("Enter")
        put_back = page.locator(".u9-explorer .u9-error", has_text="satt tilbake til 2.")
        put_back.wait_for(timeout=LOAD_MS)
        assert "Ikke endret: Nivå 9: Maks jokere totalt: " in put_back.inner_text() and "ikke 999" in put_back.inner_text()
        page.wait_for_function("(e) => e.value === '2'", arg=total.element_handle(), timeout=LOAD_MS)
        below, box_at = put_back.bounding_box(), total.bounding_box()
        assert 0 <= below["y"] - (box_at["y"] + box_at["height"]) < 40
        put_back.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(400)
        page.screenshot(path=str(SHOTS / f"5_house_rule_lab.set_back.nb.{size}.png"))
        assert not widget_problems(page), widget_problems(page)


# --- the answer on the page: its verdict and its table, at phone and desktop size, in both languages ----------

_ANSWERS = {
    "en": ("English", "The answer: Clear after 40 games a side.", "Difference (95% interval)", "games get longer by"),
    "nb": ("Norsk", "Svaret: Tydelig etter 40 spill på hver side.", "Forskjell (95 %-intervall)", "spillene blir lengre med"),
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_labs_answer_reads_on_the_page_in_both_languages(browser: Any, lab_site: Any, size: str) -> None:  # noqa: F811  (the browser fixture, imported)
    with _lab_page(browser, lab_site, size) as page:
        for lang, (switch, head, column, words) in _ANSWERS.items():
            page.locator(".u9-lang-switch button", has_text=switch).click()
            answer = page.locator(".u9-lab-answer", has_text=head)
            answer.wait_for(timeout=LOAD_MS)
            assert words in answer.inner_text()
            # The table is drawn again a moment after the answer (under load, after it was read).
            page.locator(".u9-lab-table", has_text=column).first.wait_for(timeout=LOAD_MS)
            table = page.locator(".u9-lab-table").first
            assert column in table.inner_text() and words in table.inner_text()
            if size == "phone":  # each measure stacks: both rule sets and the difference in sight, nothing scrolled to the side
                wide = table.evaluate("(t) => [t.closest('.u9-table-scroll').scrollWidth, t.closest('.u9-table-scroll').clientWidth]")
                assert wide[0] <= wide[1] + 1, wide
                first = table.locator("tbody tr").first
                assert [c.strip() for c in first.locator(".u9-lab-col").all_inner_texts()][:2] == [
                    {"en": "Standard rules", "nb": "Standardregler"}[lang],
                    {"en": "House rules", "nb": "Husregler"}[lang],
                ]
            # The answer wraps inside the screen; the wide table scrolls inside its own box, not the page.
            box = answer.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"] + 1
            answer.evaluate("(e) => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(400)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"5_house_rule_lab.answer.{lang}.{size}.png"))
        # The charts: each estimate's bar with its 95 % interval.
        levels = page.locator(".u9-lab-chart", has_text="Runder en spiller bruker på hvert nivå")
        levels.wait_for(timeout=LOAD_MS)
        assert page.locator(".u9-lab-chart .errorbar").count() > 0
        levels.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(600)
        page.screenshot(path=str(SHOTS / f"5_house_rule_lab.charts.nb.{size}.png"))
        assert not widget_problems(page), widget_problems(page)


def test_an_interval_that_leaves_out_0_never_seems_to_end_at_0() -> None:
    """The lab's table showed "−26 (−58 to −0)" beside "likely between 0 and 58": an end that rounds
    to 0 but is not 0 now shows the decimals that tell it from 0, and a 0 carries no sign."""
    from upto9.stats import Estimate, verdict

    e = Estimate(-26.0, -58.0, -0.3, 10, "paired-bca")
    assert lab_module.interval_text(e, "en", 0) == "\u221226 (\u221258 to \u22120.3)"
    assert lab_module.interval_text(e, "nb", 0) == "\u221226 (\u221258 til \u22120,3)"
    assert "between 0.3 and 58" in verdict(e, "en", digits=0)
    # A 0 that is 0 stays 0, and a speck of a value is 0, never "−0".
    assert lab_module.interval_text(Estimate(-0.2, -1.0, 0.0, 10, "paired-bca"), "en", 0) == "0 (\u22121 to 0)"
