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


def test_a_predict_question_is_neutral_until_answered_then_locked_with_the_right_answer_and_a_try_again() -> None:
    predict = Predict(1, hand="3s 4h 5h 6h")
    buttons = (predict._yes, predict._no)
    # Before any answer: no colour and no mark gives the answer away; nothing to try again.
    assert [b.button_style for b in buttons] == ["", ""] and not any(b.disabled for b in buttons)
    assert [b.description for b in buttons] == ["Yes, valid", "No, not valid"]
    assert predict._again.layout.display == "none"
    predict._yes.click()  # wrong: the 3♠ is a joker in a hearts straight, and level 1 allows none
    assert predict.answer is True and "Not quite." in text_of(predict._reveal.value)
    assert all(b.disabled for b in buttons)
    assert predict._no.description == "✔ No, not valid" and predict._no.button_style == "success"
    assert predict._yes.description == "✘ Yes, valid" and predict._yes.button_style == "danger"
    assert predict._again.layout.display is None and predict._again.description == "Try again"
    predict.pick(False)  # locked: a second pick changes nothing
    assert predict.answer is True and "Not quite." in text_of(predict._reveal.value)
    predict.lang = "nb"
    assert predict._again.description == "Prøv igjen" and predict._no.description == "✔ Nei, ikke gyldig"
    predict.lang = "en"
    predict._again.click()
    assert predict.answer is None and "Predict first" in text_of(predict._reveal.value)
    assert [b.button_style for b in buttons] == ["", ""] and not any(b.disabled for b in buttons)
    predict._no.click()
    assert "Right!" in text_of(predict._reveal.value) and predict._yes.button_style == "" and predict._no.button_style == "success"


def test_the_wrap_around_reveal_says_no_k_a_2() -> None:
    wrap = Predict(1, hand="Qh Kh Ah 2h")
    wrap.pick(True)
    reveal = text_of(wrap._reveal.value)
    assert "A straight cannot wrap from K over A to 2 (no K-A-2): Q♥ K♥ A♥ 2♥ is no straight." in reveal
    wrap.lang = "nb"
    assert "En straight kan ikke gå fra konge over ess til 2 (ingen K-A-2)" in text_of(wrap._reveal.value)
    plain = Predict(1, hand="3s 4h 5h 6h")  # no wrap there: not a word about it
    plain.pick(False)
    assert "K-A-2" not in text_of(plain._reveal.value)


def test_the_going_out_round_explains_its_donated_jokers() -> None:
    from upto9.widgets import RoundStepper
    from upto9.widgets.tour import DonatedJokers

    ending = RoundStepper(seed=3, players=3)  # the tour's "Going out" round
    note = DonatedJokers(ending.model)
    said = text_of(note.value)
    assert said.startswith("Why does this straight hold jokers?")
    assert "Player 2 laid down 10♠ J♠ Q♠ K♠ for level 1 (joker budget: no jokers), then donated 2♠ as 9♠, 3♣ as 8♠" in said
    assert "The joker budget limits the lay-down only: a donated joker needs no budget, but it must stand for a card that really continues" in said
    assert "stays locked to that card" in said
    note.lang = "nb"
    assert "Jokerbudsjettet gjelder bare nedlegget" in text_of(note.value) and "Spiller 2 la ned 10♠ J♠ Q♠ K♠ på nivå 1" in text_of(note.value)


def test_a_question_draws_each_2_and_3_as_the_verdict_counts_it() -> None:
    stray = Predict(1, melds=[("run", "5h 6h 2c 8h")])  # the 2♣ "as itself" in a hearts straight: a joker, never REAL
    assert "u9-real" not in stray._question.value
    stray.pick(True)
    assert "2♣ in a hearts straight is a joker, not a real card" in text_of(stray._reveal.value)
    real = Predict(1, melds=[("run", "2h 3h 4h 5h")])
    assert real._question.value.count("u9-real") == 2
