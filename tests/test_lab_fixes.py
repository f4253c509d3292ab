"""The house-rule lab and the comparison page as a picky learner read them (headless, both languages):
the rule-set table follows the lab's decks and penalties, results for earlier settings are marked
stale, a refused table says why in the learner's words, a comparison cut short by its time limit
says "N of M games played", and the findings, percentages and chart ticks read each language's way."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets import RulesExplorer
from upto9.widgets import lab as lab_module
from upto9.widgets.compare import TEXTS as COMPARE_TEXTS
from upto9.widgets.compare import ComparisonChart, ComparisonModel, Findings, PublishedTable, SampleNote
from upto9.widgets.lab import CHART_KINDS, STALE_CLASS, HouseRuleLab, lab_chart

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
    shown = text_of(lab._changed.value)
    assert "Not a rule set that can be played: 5 players: 1 deck(s) cannot deal 11 cards each and a discard" in shown
    assert "house rules>" not in shown and "decks:" not in shown and lab._button.disabled
    lab.lang = "nb"
    shown = text_of(lab._changed.value)
    assert "Ikke et regelsett som kan spilles: 5 spillere: 1 kortstokk(er) kan ikke gi 11 kort til hver og ett til kastebunken" in shown
    assert "house rules>" not in shown and "decks" not in shown
    lab.set_decks(2, 3)
    assert not lab._button.disabled and "u9-error" not in lab._changed.value


# --- 3. a comparison cut short by its time limit ------------------------------------------------------------


def test_a_comparison_cut_short_says_how_many_games_were_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lab_module, "LAB_SECONDS", 1.0)
    explorer, lab = _lab(games=lab_module.MAX_LAB_GAMES)
    explorer.model.set_budget(9, 2)
    lab.compare(progress=False)
    done = len(lab.standard)
    assert 0 < done < lab_module.MAX_LAB_GAMES
    shown = text_of(lab._note.value)
    assert f"{done} of 100 games played (time limit)." in shown and "⏱" not in lab._note.value
    lab.lang = "nb"
    shown = text_of(lab._note.value)
    assert f"{done} av 100 spill spilt (tidsgrense)." in shown and "⏱" not in lab._note.value


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
        assert explorer.model.rules is before and explorer.total_box.value == jokers  # nothing changed, the box says so


def test_a_straight_of_fewer_than_three_cards_is_refused_and_a_pair_is_allowed() -> None:
    explorer = RulesExplorer(lang="en")
    explorer.model.level = 1  # Up to 9's level 1: a straight of 4
    explorer.size_box(0).value = 1
    assert "Level 1, group 1: Cards: must be a whole number from 3 to 14, got 1" in text_of(explorer._error.value)
    assert explorer.model.rules.level(1).groups[0].size == 4 and explorer.size_box(0).value == 4
    explorer.model.level = 4  # three sets of three: a set may become a pair
    explorer.size_box(0).value = 2
    assert explorer._error.value == "" and explorer.model.rules.level(4).groups[0].size == 2


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", ("Decks for 2–4 players: must be a whole number from 1 to 6, got -3", "Penalty points for 2: must be a whole number from 0 to 1000, got -3")),
        ("nb", ("Kortstokker for 2–4 spillere: må være et helt tall fra 1 til 6, ikke -3", "Straffepoeng for 2: må være et helt tall fra 0 til 1000, ikke -3")),
    ],
)
def test_decks_and_penalty_points_out_of_range_are_refused_in_words_not_changed_silently(lang: str, says: tuple[str, str]) -> None:
    _explorer, lab = _lab(lang=lang)
    lab.set_decks(-3)
    assert says[0] in text_of(lab._changed.value) and lab._button.disabled
    assert lab._decks[0].value == -3  # the learner's value stays in the box, beside the refusal
    lab.set_decks(2)
    assert lab._changed.value and not lab._button.disabled and "⚠" not in lab._changed.value
    lab.set_penalty("2 and 3", -3)
    assert says[1] in text_of(lab._changed.value) and lab._button.disabled
    lab._button.click()  # a click that reaches the kernel anyway plays nothing and keeps the refusal
    assert says[1] in text_of(lab._changed.value) and lab.standard == lab.house == []
