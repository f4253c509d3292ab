"""The explainer pages' own views (upto9.widgets.page and upto9.widgets.tour) headless: the page's
language switch, the rules tour's live examples, questions, donation demo, penalty counter, level
table and its safety-valve game."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from upto9.widgets.page import LangOutput, Page, RunButton, page_lang
from upto9.widgets.tour import DonationDemo, Example, LevelTable, PenaltyCounter, Predict, valve_demo

from upto9.game import EndReason


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_the_page_switch_sets_every_views_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=nb")
    assert page_lang() == "nb"
    monkeypatch.setenv("QUERY_STRING", "")
    page = Page()
    example = page.show(Example("5s 6s 7s 8s", level=1))
    drawn: list[str] = []
    output = page.show(LangOutput(lambda lang: drawn.append(lang) or None))
    assert "✔ VALID for level 1" in text_of(example.value) and drawn == ["en"]
    page.lang = "nb"
    assert "✔ GYLDIG for nivå 1" in text_of(example.value) and drawn == ["en", "nb"] and output.lang == "nb"
    runs: list[int] = []
    button = RunButton({"en": "Again", "nb": "Igjen"}, lambda: runs.append(1), [output], lang="nb")
    assert button._button.description == "Igjen"
    button.run()
    assert runs == [1] and drawn[-1] == "nb"


def test_the_tour_views_show_the_engines_verdicts() -> None:
    predict = Predict(1, hand="3s 4h 5h 6h")
    assert "Predict first" in text_of(predict._reveal.value)
    predict.pick(True)
    assert predict.valid is False and "Not quite." in text_of(predict._reveal.value)
    melds = Predict(4, melds=[("set", "7s 7h 2h=7"), ("set", "Kh Kd 2c=K"), ("set", "5d 5c 3s=5")])
    melds.pick(False)
    assert "Right!" in text_of(melds._reveal.value)
    demo = text_of(DonationDemo("run", "4c 5c 6c 7c", "8c 3c Kc 2h").value)
    assert "✔ 8♣ can be donated" in demo and "✘ K♣ cannot be donated here" in demo
    counter = PenaltyCounter("2c Kd 7s Ah")
    assert counter.points == 20 + 10 + 5 + 15 and "50 penalty points" in text_of(counter._result.value)
    assert "Level" in text_of(LevelTable().value)


def test_the_valve_demo_ends_a_round_by_the_safety_valve() -> None:
    game, number = valve_demo()
    end = game.rounds[number].end
    assert end is not None and end.reason is EndReason.IMPOSSIBLE
