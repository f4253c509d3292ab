"""The house-rule lab (notebooks/lab.py) headless: the base rule set is the explorer's choice, and
the table's rules, the changes listed and the games compared follow it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

from lab import HouseRuleLab  # noqa: E402
from upto9.widgets import RulesExplorer  # noqa: E402

from upto9.rules import PHASE10, UPTO9, builtin_rules  # noqa: E402


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
    assert len(lab.standard) == len(lab.house) == 10 and all(len(g["attempts"]) == 10 for g in lab.standard + lab.house)
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
