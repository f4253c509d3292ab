"""The house-rule lab takes 3UP 3DOWN (issue 21 part 6) and any game without levels (Picture cards):
its own house rules as controls, both sides on the same game numbers with the game's bots, every
number of its ``simulate`` frame as a paired difference with its interval, sample size and verdict."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule
from upto9.widgets import RulesExplorer
from upto9.widgets.explorer import facts_html
from upto9.widgets.lab import BAD_FIELD_CLASS, FAMILY_GAMES, HouseRuleLab, compare_table, family_chart, family_fields, with_family_rules

from tests import test_widget_machines as machines
from upto9.compare import family_paired_measures, play_family_games
from upto9.rules import PHASE10, UPTO9, RulesError
from upto9.stats import verdict

THREEUP, PICTURES = FAMILY_GAMES


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def threeup_lab(games: int = 40, players: int = 4, lang: str = "en") -> HouseRuleLab:
    lab = HouseRuleLab(RulesExplorer(), games=games, players=players, lang=lang, dask="")
    lab._game.value = next(v for label, v in lab._game.options if label == "3UP 3DOWN")  # as a learner picks it
    return lab


def test_choosing_3up_3down_folds_the_level_controls_away_and_offers_its_house_rules() -> None:
    lab = threeup_lab()
    assert lab.base is THREEUP and lab.rules is THREEUP
    assert lab.explorer.layout.display == "none" and lab._rummy_part.layout.display == "none" and lab._family_part.layout.display is None
    assert {"must_play", "reverse_ones", "colours", "colour_swap", "swap_piles", "same_in_a_row"} <= set(lab._family_controls)
    assert "turn_limit" not in lab._family_controls  # the engine's guard, no rule
    assert lab.family_label("must_play") == "Must play when you can" and "Must play when you can" in lab._family_labels["must_play"].value
    assert list(lab._players.options) == [2, 3, 4, 5, 6]
    assert "3UP 3DOWN: the house rules to try" in text_of(lab._family_title.value)
    lab.lang = "nb"
    assert "Må spille når du kan" in lab._family_labels["must_play"].value
    assert [label for label, _ in lab._family_controls["must_play"].options] == ["ja", "nei"]
    # Back to a rummy: the explorer, its table's rules, its players.
    lab._game.value = next(v for label, v in lab._game.options if label == "Phase 10")
    assert lab.base is PHASE10 and lab.explorer.model.base is PHASE10 and lab.explorer.layout.display is None
    assert lab._family_part.layout.display == "none" and not lab._family_controls


def test_3up_3down_against_itself_shows_no_change_at_all() -> None:
    lab = threeup_lab()
    lab.compare(progress=False)
    assert len(lab.standard) == len(lab.house) >= 40
    assert lab.standard == list(play_family_games(THREEUP, len(lab.standard), players=4))  # the family's bots, game i from the same seed
    note = text_of(lab._note.value)
    assert "The answer: No measurable change after" in note
    assert "Turns per game (average): no measurable change: no difference at all" in note
    table = compare_table(lab.standard, lab.house, "en", rules=lab._house_rules, measures=lab._measures)
    assert {"Turns per game (average)", "Pick-ups per game: the pile taken up (average)", "Clears per game: the pile sent out (average)"} <= set(table.index)
    assert "Cards picked up per game (average)" in table.index and "Games won by the player who starts (%)" in table.index
    assert all(m.difference is not None and m.difference.value == 0 for m in lab._measures)


def test_must_play_off_is_measured_and_said_as_measured_in_both_languages() -> None:
    lab = threeup_lab()
    lab.set_house_rule("must_play", False)
    assert "Changed from the standard rules: must play when you can = no." in text_of(lab._changed.value)
    lab.compare(progress=False)
    n = len(lab.standard)
    house = with_family_rules(THREEUP, {"must_play": False})
    assert lab.house == list(play_family_games(house, n, players=4))
    expected = {m.key: m for m in family_paired_measures(lab.standard, lab.house, seed="lab:0")}
    shown = compare_table(lab.standard, lab.house, "en", rules=lab._house_rules, measures=lab._measures)
    turns = expected["turns"].difference
    assert turns is not None and turns.n == n
    said = verdict(turns, "en", digits=0, unit=" turns", words="stats.length")
    assert shown.loc["Turns per game (average)", "What it means"] == said
    assert f"Turns per game (average): {said}." in text_of(lab._note.value)
    assert ("games get" in said) == turns.excludes_zero and ("no measurable change" in said) != turns.excludes_zero
    assert f"({n} games a side)" in said
    picked = expected["picked_up_cards"]
    assert picked.difference is not None
    assert shown.loc["Cards picked up per game (average)", "Difference (95% interval)"].startswith(("−", "+", "0"))
    lab.lang = "nb"
    note = text_of(lab._note.value)
    assert "Svaret:" in note and "Turer per spill (snitt): " in note
    assert "ren flaks" in note and "25 %" in note  # the luck sentence: 4 players, a quarter of the wins


def test_a_refused_house_rule_is_named_in_words_in_the_pages_language_and_nothing_is_played() -> None:
    lab = threeup_lab(players=3)
    box = lab._family_controls["colours"]
    box.value = 9
    assert BAD_FIELD_CLASS in box._dom_classes and box.number == 9  # what was typed stays
    assert "⚠ Colours in the deck: must be a whole number from 1 to 7, got 9" in text_of(lab._family_refused.value)
    assert "Nothing can be played until this box is put right: Colours in the deck." in text_of(lab._changed.value)
    assert lab._button.disabled
    lab._button.click()  # a click that reaches the kernel anyway: nothing played
    assert lab.standard == []
    lab.lang = "nb"
    assert "⚠ Farger i kortstokken:" in text_of(lab._family_refused.value)
    assert "Farger i kortstokken" in text_of(lab._changed.value) and "Ingenting kan spilles" in text_of(lab._changed.value)
    box.value = 1  # a deck of one colour seats two players: a table of three is refused in words
    assert BAD_FIELD_CLASS not in box._dom_classes
    assert "har kortstokken plass til høyst 2 spillere" in text_of(lab._changed.value) and lab._button.disabled
    lab._players.value = 2
    assert not lab._button.disabled and "farger i kortstokken = 1" in text_of(lab._changed.value)


def test_with_family_rules_goes_through_the_engine() -> None:
    assert with_family_rules(THREEUP, {}) is THREEUP
    with pytest.raises(RulesError, match="colours"):
        with_family_rules(THREEUP, {"colours": 0})
    fewer = with_family_rules(THREEUP, {"colours": 2})  # 34 cards: nine a player, three players
    assert fewer.max_players == 3 and fewer.is_house_rule("colours") and "(house rules)" in fewer.name
    assert dict(family_fields(fewer))["colours"] == 2


def test_picture_cards_works_in_the_lab_through_the_same_generic_path() -> None:
    lab = HouseRuleLab(RulesExplorer(), games=20, players=2, dask="")
    lab.pick(PICTURES)
    assert "king_base" in lab._family_controls and list(lab._players.options) == [2, 3]
    lab.set_house_rule("king_base", 40)
    lab.compare(progress=False)
    assert len(lab.standard) == len(lab.house) > 0
    keys = [m.key for m in lab._measures]
    assert "turns" in keys and "busts" in keys and keys[-1] == "first_seat"
    assert "The answer:" in text_of(lab._note.value)
    with pytest.raises(ValueError, match="no house rule 'must_play' here"):
        lab.set_house_rule("must_play", False)


def test_the_family_charts_have_titled_axes() -> None:
    games = list(play_family_games(THREEUP, 5, players=3))
    for lang, title in (("en", "Game length: turns per game"), ("nb", "Spillets lengde: turer per spill")):
        fig = family_chart("turns", games, games, lang, THREEUP)
        assert fig.layout.title.text == title and fig.layout.yaxis.title.text and fig.layout.xaxis.title.text
    lab = threeup_lab(games=10)
    lab.compare(progress=False)
    drawn = [kind for kind, chart in lab._charts.items() if chart.outputs]
    assert drawn == ["length", "levels"]  # turns and pick-ups; nothing of the rummies' level charts


def test_the_rummies_keep_their_lab() -> None:
    lab = HouseRuleLab(RulesExplorer(), games=10, players=2, dask="")
    lab.pick(THREEUP)
    lab.pick(UPTO9)
    assert lab.base is UPTO9 and lab._rummy_part.layout.display is None and lab._decks
    lab.set_penalty("A", 25)
    assert "penalties ace = 25" in text_of(lab._changed.value)


# --- the lab's widget machine, the games without levels among its choices -------------------------------------------


class LabWithEveryGamePage(machines.LabAndAtlasPage):
    """The lab's machine (tests/test_widget_machines.py) with the lab's own game choice: a rummy of
    the explorer's, 3UP 3DOWN or Picture cards, and any value a learner may set in their house rules."""

    def __init__(self) -> None:
        super().__init__()
        self.lab._dask.value = ""
        self.set_family: dict[str, Any] = {}

    @rule(data=st.data())
    def lab_game(self, data: st.DataObject) -> None:
        self.lab._game.value = data.draw(st.sampled_from([v for _, v in self.lab._game.options]))
        self.set_family = {}

    @precondition(lambda self: self.lab._family is not None)
    @rule(data=st.data(), number=st.integers(-3, 30), flag=st.booleans())
    def family_house_rule(self, data: st.DataObject, number: int, flag: bool) -> None:
        name = data.draw(st.sampled_from(sorted(self.lab._family_controls)))
        control = self.lab._family_controls[name]
        control.value = flag if isinstance(control, w.Dropdown) else number
        self.set_family[name] = flag if isinstance(control, w.Dropdown) else number

    # The rummies' table boxes are only there to type in while a rummy is chosen.
    @precondition(lambda self: self.lab._family is None)
    @rule(data=st.data(), value=st.integers(-5, 1200))
    def table_rule(self, data: st.DataObject, value: int) -> None:
        super().table_rule(data, value)

    @precondition(lambda self: self.lab._family is None)
    @rule(data=st.data(), decks=st.sampled_from([-1, 0, 7]), points=st.sampled_from([-1, 1001]))
    def two_bad_boxes(self, data: st.DataObject, decks: int, points: int) -> None:
        super().two_bad_boxes(data, decks, points)

    @invariant()
    def the_rule_set_table_and_the_results_follow_the_settings(self) -> None:
        lab = self.lab
        if lab._family is None:
            if not lab._button.disabled:
                assert self.explorer._facts.value == facts_html(lab.rules, self.explorer.lang)
        else:
            assert lab.explorer.layout.display == "none" and lab._family_part.layout.display is None
        assert bool(lab._stale.value) == lab.stale

    @invariant()
    def every_refused_house_rule_is_named_and_what_was_set_stays(self) -> None:
        lab = self.lab
        if lab._family is None:
            return
        bad = [c for c in lab._family_controls.values() if BAD_FIELD_CLASS in c._dom_classes]
        listed = text_of(lab._family_refused.value)
        bad_names = [n for n, c in lab._family_controls.items() if BAD_FIELD_CLASS in c._dom_classes]
        assert listed.count("⚠") == len(bad) and all(f"⚠ {lab.family_label(n)}: " in listed for n in bad_names), listed
        assert not bad or (lab._button.disabled and "u9-error" in lab._changed.value)
        for name, value in self.set_family.items():
            control = lab._family_controls[name]
            assert (control.value if isinstance(value, bool) else control.number) == value
        if lab.standard:
            assert len(lab.standard) == len(lab.house) and lab._measures and lab._measures[-1].key == "first_seat"


TestLabWithEveryGamePage = LabWithEveryGamePage.TestCase
TestLabWithEveryGamePage.settings = machines.machine_settings(4, 12)


# --- in a real browser, at phone size ---------------------------------------------------------------------------------

SHOTS = Path("/tmp/h/shots")


@pytest.fixture(scope="module")
def lab_site() -> Iterator[Any]:
    from tests.test_browser import published_site

    # The session's one server, its pools already warm: a server of its own heated every page's kernel while
    # this page ran its notebook and its comparison, minutes on the 2-core CI machine (183 s once).
    yield from published_site()


def test_on_a_phone_the_lab_takes_3up_3down_and_answers_in_words(lab_site: Any) -> None:
    from playwright.sync_api import sync_playwright

    from tests.test_browser import _need_browser, open_page, widget_problems
    from tests.voila_helpers import CHROMIUM_ARGS

    path = _need_browser()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True)
            page = context.new_page()
            page.errors = []
            page.on("pageerror", lambda error: page.errors.append(str(error)))
            open_page(page, lab_site, "5_house_rule_lab.ipynb")
            choice = page.locator(".u9-lab-game button", has_text="3UP 3DOWN")
            choice.wait_for(timeout=60_000)
            choice.click()
            page.locator("h3", has_text="3UP 3DOWN: the house rules to try").wait_for(timeout=60_000)
            assert not page.locator(".u9-explorer").first.is_visible()  # no levels: the explorer folds away
            must = page.locator(".u9-family-rule", has_text="Must play when you can").locator("select")
            must.select_option(label="no")
            page.locator(".u9-note", has_text="must play when you can = no").wait_for(timeout=60_000)
            page.locator("button.u9-compare").click()
            answer = page.locator(".u9-lab-answer", has_text="Turns per game (average):")
            answer.wait_for(timeout=120_000)
            said = answer.inner_text()
            assert "The answer:" in said and "games a side" in said
            assert page.locator(".u9-lab-verdict").count() >= 7  # every measure's verdict in words, under its label
            wide = page.evaluate("() => Math.max(...[...document.querySelectorAll('.u9')].map(e => e.getBoundingClientRect().right))")
            assert wide <= 390 + 1, wide  # nothing wider than the phone
            assert not widget_problems(page), widget_problems(page)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.locator(".u9-lab-game").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "t6_lab_threeup.phone.png"))
            answer.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "t6_lab_threeup.phone.answer.png"))
            page.locator(".u9-lab-table").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "t6_lab_threeup.phone.table.png"))
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_timeout(500)
            page.locator(".u9-lab-game").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "t6_lab_threeup.desktop.png"))
            answer.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "t6_lab_threeup.desktop.answer.png"))
            context.close()
        finally:
            chromium.close()
