"""The house-rule lab (upto9.widgets.lab) headless: the base rule set is the explorer's choice, and
the table's rules, the changes listed and the games compared follow it; and the atlas it reads
(upto9.atlas, its views in upto9.widgets.atlas) from the notebooks' data file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets import RulesExplorer
from upto9.widgets.atlas import KINDS, AtlasView, MoreDeals
from upto9.widgets.lab import CHART_KINDS, HouseRuleLab, compare_table, lab_chart, measure_label, measure_verdict

from tests.test_widget_machines import live_widgets
from upto9.atlas import Atlas
from upto9.compare import HEADLINES, GameSummary, PlayedGames, play_games
from upto9.rules import PHASE10, UPTO9, builtin_rules

ATLAS = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "atlas.json"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_lab_follows_the_explorers_rule_set_with_its_own_table_rules() -> None:
    explorer = RulesExplorer()
    lab = HouseRuleLab(explorer, games=10)
    assert [b.description for b in lab._decks] == ["Decks, 2–4 players", "Decks, 5–6 players"]
    assert [b.description for b in lab._penalties.values()] == ["2 and 3", "4 to 9", "10 J Q K", "Ace"]
    explorer.pick(PHASE10)
    assert [(b.description, b.number) for b in lab._decks] == [("Decks, 2–6 players", PHASE10.decks_for(4))]
    penalties = dict(PHASE10.penalties)
    shown = {b.description: b.number for b in lab._penalties.values()}
    assert shown == {"1 to 9": penalties["1"], "10 to 12": penalties["10"], "Wild card": penalties["wild"], "Skip": penalties["skip"]}
    assert "No rule changed yet" in text_of(lab._changed.value)
    lab.set_penalty("wild", 50)
    explorer._levels.value = 1
    explorer.wild_dropdown.value = 2
    assert "Changed from the standard rules: phase 1; penalties wild card = 50." in text_of(lab._changed.value)  # the box's label
    rules = lab.rules
    assert rules.family == PHASE10.family and dict(rules.penalties)["wild"] == 50
    assert rules.level(1).jokers == 2 and not rules.level(1).unlimited
    with pytest.raises(ValueError, match="Phase 10 has no penalty group 'A'"):
        lab.set_penalty("A", 20)
    lab.compare(progress=False)
    assert len(lab.standard) == len(lab.house) == 10 and all(len(g.attempts) == 10 for g in lab.standard + lab.house)
    assert lab.standard != lab.house  # the house side played its own rules
    chart = lab._draw_chart("en", "levels")
    assert chart.layout.title.text == "Rounds a player spends on each phase" and chart.layout.xaxis.title.text == "Phase"
    assert chart.layout.yaxis.title.text == "Rounds per phase (average)"
    # Up to 9 with one deck fewer: its own deck entries; the games played under Phase 10 are gone.
    lean = builtin_rules("upto9_lean")
    explorer.pick(lean)
    assert [b.number for b in lab._decks] == [d.decks for d in lean.decks] and lab.standard == []
    assert "No rule changed yet" in text_of(lab._changed.value)
    explorer.pick(UPTO9)
    assert [b.number for b in lab._decks] == [d.decks for d in UPTO9.decks]


def test_switching_games_levels_and_languages_leaves_no_widget_behind() -> None:
    """The lab's boxes for each game and the explorer's rows for each level are made again when they
    change: the old ones are closed, so a learner going through every game and level many times
    keeps as many widgets alive as after the first time (each time left a few dozen alive, in the
    kernel and in the browser)."""
    lab = HouseRuleLab(RulesExplorer(), games=10)
    explorer = lab.explorer
    alive = []
    for _ in range(3):
        for index in range(len(lab._offered)):
            lab._game.value = index
            for level in [value for _label, value in explorer._levels.options]:
                explorer._levels.value = level
        explorer.model.lang = "nb" if explorer.model.lang == "en" else "en"
        lab.lang = explorer.model.lang
        alive.append(live_widgets())
    assert alive[2] == alive[1], alive


def test_the_atlas_file_is_todays_and_its_views_draw_in_both_languages() -> None:
    atlas = Atlas.load(ATLAS)
    assert atlas.samples == 2000 and len(atlas.games) == 300 and atlas.rules is UPTO9
    assert atlas.games[:5] == list(play_games(UPTO9, 5, players=atlas.players, seed=atlas.seed)), "run `python notebooks/build_cache.py --only atlas`"
    views = {kind: AtlasView(atlas, kind) for kind in KINDS}
    assert all(view.outputs for view in views.values())
    table = views["holding_table"].outputs[0]["data"]["text/html"]
    assert "In the dealt 11" in table and "After 20 draws" in table
    views["holding_table"].lang = "nb"
    assert "I de 11 utdelte" in views["holding_table"].outputs[0]["data"]["text/html"]
    more = MoreDeals(Atlas(atlas.counts, atlas.games[:2]), [views["holding"]], deals=3)
    assert more._button.description == "Deal 3 more hands"
    more.lang = "nb"
    assert more._button.description == "Del ut 3 hender til"
    with pytest.raises(ValueError, match="kind must be one of"):
        AtlasView(atlas, "pie")


def test_the_lab_takes_the_standard_side_from_the_atlas_when_it_is_the_same_games() -> None:
    atlas = Atlas.load(ATLAS)
    lab = HouseRuleLab(RulesExplorer(), atlas=atlas, games=10)
    lab.set_decks(3, 4)
    lab.compare(progress=False)
    assert lab.standard == atlas.games[:10] and lab.house != lab.standard
    assert "The games played in advance are read from the page" in text_of(lab._dev_note.value)  # a file: the Advanced section


# --- what a learner sees in the lab ---------------------------------------------------------------


def summary(rounds: int, impossible: int = 0, penalties: tuple[int, ...] = (40, 95, 120, 61)) -> GameSummary:
    return GameSummary(rounds, 30 * rounds, impossible, 0, 0, 0, (0,), penalties, (9, 8, 8, 9), (2,) * 9, (1,) * 9, (0,) * 9)


def test_every_lab_chart_has_titled_axes_and_an_empty_result_is_said_in_words() -> None:
    standard, house = [summary(10), summary(12)], [summary(11), summary(13)]
    for lang, empty in (("en", "No impossible or stuck rounds in these games"), ("nb", "Ingen umulige eller fastlåste runder i disse spillene")):
        for kind in CHART_KINDS:
            shown = lab_chart(kind, standard, house, UPTO9, lang)
            if kind == "impossible":  # every count is 0: a sentence, not an empty chart
                assert not hasattr(shown, "layout") and empty in shown.data
                continue
            assert shown.layout.title.text, kind
            assert shown.layout.xaxis.title.text and shown.layout.yaxis.title.text, f"{kind} {lang}: an axis has no title"
    assert lab_chart("levels", standard, house, UPTO9, "nb").layout.yaxis.title.text == "Runder per nivå (snitt)"
    # Once one round was impossible, the chart is drawn, its axes titled.
    drawn = lab_chart("impossible", standard, [summary(11, impossible=1), summary(13)], UPTO9, "en")
    assert [list(t.y) for t in drawn.data] == [[0.0, 0.0], [50.0, 0.0]] and drawn.layout.yaxis.title.text == "Rounds per 100 games"
    with pytest.raises(ValueError, match="kind must be one of"):
        lab_chart("pie", standard, house)


def test_the_lab_table_is_written_the_languages_way_and_keeps_statistics_terms_in_advanced(capsys: pytest.CaptureFixture[str]) -> None:
    standard, house = [summary(10), summary(12)], [summary(11), summary(14)]
    table = compare_table(standard, house, "nb")
    # Each side's figure, the paired difference with its 95 % interval, and what it means with its n.
    assert table.loc["Runder per spill (snitt)"].tolist() == [
        "11,0",
        "12,5",
        "+1,5 (1,0 til 2,0)",
        "spillene blir lengre med 1,5 runder, trolig mellom 1,0 og 2,0 (2 spill på hver side)",
    ]
    same = "ingen målbar endring: ingen forskjell i det hele tatt i noen av de 2 spillene på hver side"
    assert table.loc["Straffepoeng per spiller til slutt (snitt)"].iloc[-1] == same
    text = " ".join([*table.index, *table.columns, *(str(v) for v in table.to_numpy().ravel())])
    assert not re.search(r"\d\.\d", text)
    for word in ("BCa", "bootstrap", "Newcombe", "Rounds", "Penalty", "games", "Difference"):
        assert not re.search(rf"\b{word}\b", text), word
    every = compare_table(standard, house, "en", plain=False)  # "Advanced": every measure, with n and the method's own name
    assert every.loc["Rounds per game (average)"].tolist() == ["11.0", "12.5", "+1.5 (1.0 to 2.0)", "2", "paired bootstrap, BCa"]
    assert every.loc["Level 9: share of rounds ending in a lay-down (%)", "Interval (method)"] == "paired bootstrap of a ratio, percentile"
    explorer = RulesExplorer()
    explorer.model.set_budget(9, 2)
    lab = HouseRuleLab(explorer, games=10)
    seen: list[str] = []
    lab._progress._text.observe(lambda change: seen.append(change["new"]), names="value")
    lab.compare()  # tiny: 10 games a side
    # A plain bar, game by game, in words: no rate, no time (tqdm's own bar is not shown).
    # While it plays, what it may stop at; at the end, the games played (a learner read "43 of 1200"
    # and saw it jump to "80 of 80").
    upto = [f"{n} games so far, both rule sets together (it stops once the answer is clear; at most 20)" for n in range(21)]
    assert seen[: len(upto)] == upto and seen[-1] == "20 of 20 games, both rule sets together"
    assert "it/s" not in capsys.readouterr().err
    note = text_of(lab._note.value)
    assert "sensible bots" in note and "HeuristicBot" not in note and "seed" not in note
    assert "HeuristicBot" in lab._dev_note.value and "seed=0" in lab._dev_note.value and lab._advanced.selected_index is None
    lab.lang = "nb"
    assert lab._progress.text == "20 av 20 spill, begge regelsettene til sammen" and lab._button.description.startswith("Spill begge")
    assert "fornuftige roboter" in text_of(lab._note.value) and lab._advanced.get_title(0).startswith("Avansert")
    shown = lab._table.outputs[0]["data"]["text/html"]
    assert "u9-table-scroll" in shown and "Runder per spill" in shown and not re.search(r"\d\.\d", text_of(shown))


def test_the_explorer_names_rule_sets_in_the_pages_language_and_keeps_the_file_in_advanced() -> None:
    explorer = RulesExplorer()
    explorer.lang = "nb"
    labels = [label for label, _ in explorer.choice._buttons.options]
    assert labels == ["Up to 9", "Phase 10", "Up to 9, én kortstokk færre"]
    explorer.pick(builtin_rules("upto9_lean"))
    assert explorer.rules.name == "Up to 9, one deck fewer"  # the engine's data keeps its own name
    assert "Up to 9, én kortstokk færre" in text_of(explorer._table.value) and "one deck fewer" not in text_of(explorer._facts.value)
    assert explorer._reset_all.description == "Tilbake til Up to 9, én kortstokk færre"
    # The house-rule file (TOML, load_rules, simulate) is a developer's: in "Avansert", closed.
    advanced = explorer._advanced
    assert advanced.selected_index is None and advanced.get_title(0).startswith("Avansert")
    assert explorer._toml in advanced.children[0].children and explorer._toml not in explorer.children
    explorer.model.set_budget(9, 2)
    assert "Up to 9, én kortstokk færre (husregler)" in text_of(explorer._compared.value)


# --- the lab opens from games played in advance ----------------------------------------------------

LAB = ATLAS.parent / "lab.json"
FRESH_GAMES = int(os.environ.get("UPTO9_LAB_FRESH_GAMES", "10"))
"""Games of the lab's opening played afresh to compare with the file (10, the slider's least; up to 40, the page's own answer)."""


def opening_lab(played: PlayedGames | tuple[()] = (), games: int = 600) -> HouseRuleLab:
    """The lab as notebooks/5_house_rule_lab.ipynb opens it: level 9 allows 2 jokers."""
    explorer = RulesExplorer()
    explorer.model.level = 9
    explorer.model.set_budget(9, 2)
    return HouseRuleLab(explorer, atlas=Atlas.load(ATLAS), played=played, games=games)


def test_the_lab_opens_without_playing_and_shows_what_playing_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.widgets.lab as lab_module

    def no_playing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the lab played games when it opened")

    lab = opening_lab(PlayedGames.load(LAB))
    with monkeypatch.context() as patched:
        patched.setattr(lab_module, "play_games", no_playing)
        lab.compare(progress=False)  # the notebook's call: read from data/atlas.json and data/lab.json
    assert len(lab.standard) == len(lab.house) == 40 and lab.house != lab.standard  # clear after the first batch
    assert "Both sides were played in advance" in text_of(lab._dev_note.value)
    # The answer first, in plain words: the sampling stopped once it was clear, on the games read from the files.
    note = text_of(lab._note.value)
    assert note.startswith("The answer: Clear after 40 games a side. Rounds per game (average): games get longer by ")
    lab.lang = "nb"
    assert text_of(lab._note.value).startswith("Svaret: Tydelig etter 40 spill på hver side. Runder per spill (snitt): spillene blir lengre med ")
    lab.lang = "en"
    # The same comparison played now (the first games: the same whatever the number asked for).
    fresh = opening_lab(games=FRESH_GAMES)
    fresh.atlas = None
    fresh.compare(progress=False)
    assert fresh.standard == lab.standard[:FRESH_GAMES]
    assert fresh.house == lab.house[:FRESH_GAMES], "the lab's games are not today's engine's: run `python notebooks/build_cache.py --only lab`"
    cached = opening_lab(PlayedGames.load(LAB), games=FRESH_GAMES)
    cached.compare(progress=False)
    assert cached._table.outputs == fresh._table.outputs and cached._charts["levels"].outputs == fresh._charts["levels"].outputs
    # Another house rule is played when the learner asks.
    lab.set_decks(3, 4)
    lab._games.value = 10
    lab.compare(progress=False)
    assert len(lab.house) == 10 and lab.house != fresh.house
    assert "the others are played now" in text_of(lab._dev_note.value)


# --- sequential sampling: the answer, and what ended it --------------------------------------------------


def test_the_lab_stops_once_the_answer_is_clear_and_says_why_in_both_languages() -> None:
    explorer = RulesExplorer()
    lab = HouseRuleLab(explorer, games=1000, players=2)
    lab.compare()  # no rule changed: both sides are the very same games, settled by the first batch
    assert len(lab.standard) == 40 and lab.house == lab.standard and lab._progress.text == "40 of 40 games"
    note = text_of(lab._note.value)
    assert note.startswith("The answer: No measurable change after 40 games a side: the intervals are narrow enough.")
    assert "Rounds per game (average): no measurable change: no difference at all in any of the 40 games a side." in note
    lab.set_penalty("A", 50)  # the aces cost more: the penalty points go up, clearly
    lab.compare()
    assert len(lab.house) == len(lab.standard) == 40 and lab._progress.text == "80 of 80 games, both rule sets together"  # (40 a side)
    note = text_of(lab._note.value)
    assert note.startswith("The answer: Clear after 40 games a side.")
    assert re.search(r"Penalty points per player at the end \(average\): higher by \d+ points, likely between \d+ and \d+ \(40 games a side\)\.", note), note
    lab.lang = "nb"
    note = text_of(lab._note.value)
    assert note.startswith("Svaret: Tydelig etter 40 spill på hver side.")
    assert re.search(r"Straffepoeng per spiller til slutt \(snitt\): høyere med \d+ poeng, trolig mellom \d+ og \d+ \(40 spill på hver side\)\.", note), note
    shown = text_of(lab._table.outputs[0]["data"]["text/html"])
    # What each difference means is written under its row's label (a phone shows it without scrolling sideways).
    assert "Forskjell (95 %-intervall)" in shown and "Hva det betyr" not in shown and "(40 spill på hver side)" in shown
    assert (
        "<th scope='row' style='text-align:left;white-space:normal;min-width:12em'>Runder per spill (snitt)<div class='u9-lab-verdict'"
        in (lab._table.outputs[0]["data"]["text/html"])
    )


def test_a_clear_change_beyond_the_headline_measures_is_said_in_the_answer_too() -> None:
    """One deck for a table of up to four (a learner's review): the rounds per game and the penalty
    points showed no measurable change in 10 games, and the answer said only that, while the turns per
    game went up thousands of turns; the answer names every whole-game measure whose interval leaves out 0."""
    lab = HouseRuleLab(RulesExplorer(), games=10, players=2)
    lab.set_decks(1, 2)
    lab.compare()
    note = text_of(lab._note.value)
    assert len(lab.standard) == 10 and lab._progress.text == "20 of 20 games, both rule sets together", lab._progress.text
    clear = [m for m in lab._measures if not m.level and m.key not in HEADLINES and m.difference is not None and m.difference.excludes_zero]
    assert clear, lab._measures
    head, _, rest = note.partition("Also changed (each interval leaves out 0; the table below has every measure):")
    assert rest and "Rounds per game (average):" in head, note
    for m in clear:
        assert f"{measure_label(m, 'en', lab._house_rules)}: {measure_verdict(m, 'en', lab._house_rules)}." in rest, (m, rest)
    assert "(10 games a side)" in rest
    lab.lang = "nb"
    assert "Også endret (hvert intervall utelater 0; tabellen under har alle målene):" in text_of(lab._note.value)


def test_a_levels_rounds_say_they_are_per_lay_down_and_what_they_count() -> None:
    """ "Level 9: rounds a player spends (average)": a teacher added the levels' figures up past the
    game's length (a learner's review). It is a ratio: all players' rounds on the level over the
    times it was laid down, and the label says so, in both languages."""
    from upto9.compare import PairedMeasure

    measure = PairedMeasure("rounds_level", 9, 2.5, 3.0, None)
    assert measure_label(measure, "en") == "Level 9: rounds per lay-down (all players' rounds on it ÷ the times it was laid down)"
    assert measure_label(measure, "nb") == "Nivå 9: runder per nedlegg (alle spillernes runder på nivået ÷ gangene det ble lagt ned)"
