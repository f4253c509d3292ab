"""The house-rule lab (upto9.widgets.lab) headless: the base rule set is the explorer's choice, and
the table's rules, the changes listed and the games compared follow it; and the atlas it reads
(upto9.atlas, its views in upto9.widgets.atlas) from the notebooks' data file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets import RulesExplorer
from upto9.widgets.atlas import KINDS, AtlasView, MoreDeals
from upto9.widgets.lab import HouseRuleLab

from upto9.atlas import Atlas
from upto9.compare import play_games
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
    assert [(b.description, b.value) for b in lab._decks] == [("Decks, 2–6 players", PHASE10.decks_for(4))]
    penalties = dict(PHASE10.penalties)
    shown = {b.description: b.value for b in lab._penalties.values()}
    assert shown == {"1 to 9": penalties["1"], "10 to 12": penalties["10"], "Wild card": penalties["wild"], "Skip": penalties["skip"]}
    assert "No rule changed yet" in text_of(lab._changed.value)
    lab.set_penalty("wild", 50)
    explorer._levels.value = 1
    explorer.wild_dropdown.value = 2
    assert "Changed from the standard rules: phase 1; penalties wild = 50." in text_of(lab._changed.value)
    rules = lab.rules
    assert rules.family is PHASE10.family and dict(rules.penalties)["wild"] == 50
    assert rules.level(1).jokers == 2 and not rules.level(1).unlimited
    with pytest.raises(ValueError, match="Phase 10 has no penalty group 'A'"):
        lab.set_penalty("A", 20)
    lab.compare(progress=False)
    assert len(lab.standard) == len(lab.house) == 10 and all(len(g.attempts) == 10 for g in lab.standard + lab.house)
    assert lab.standard != lab.house  # the house side played its own rules
    chart = lab._draw_chart("en")
    assert chart.layout.annotations[1].text == "Rounds a player spends on each phase" and chart.layout.xaxis2.title.text == "Phase"
    # Up to 9 with one deck fewer: its own deck entries; the games played under Phase 10 are gone.
    lean = builtin_rules("upto9_lean")
    explorer.pick(lean)
    assert [b.value for b in lab._decks] == [d.decks for d in lean.decks] and lab.standard == []
    assert "No rule changed yet" in text_of(lab._changed.value)
    explorer.pick(UPTO9)
    assert [b.value for b in lab._decks] == [d.decks for d in UPTO9.decks]


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
    assert "The standard side is read from the atlas file" in text_of(lab._note.value)
