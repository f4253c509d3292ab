"""The Picture cards rules tour's views (upto9.widgets.games.picture_tour) headless: what a learner reads is
the engine's (scores against ``card_score``, suits against ``standing``, chances against
``end_chance``, the best play against ``BestStopBot``), the text's own examples are shown (the
king's 25, the queen's 20, the jack's 17, Per and Lise), the deal's contradiction is shown as such,
and a state machine taps every control in random order: nothing fails, an answer stays hidden
until the learner has predicted."""

from __future__ import annotations

import html
import logging
import re
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from upto9.widgets._common import trouble
from upto9.widgets.games.picture_tour import (
    AceChoice,
    DealNote,
    GameEnd,
    PageLink,
    PictureScore,
    ScoreQuestion,
    StopOrDraw,
    SuitsExample,
    TurnDemo,
    positions,
    score_choices,
)
from upto9.widgets.page import Page
from upto9.widgets.texts import percent_text

from upto9.cards import Card, Rank, Suit, parse_card, parse_hand
from upto9.families.picture_cards.bot import BestStopBot, Board, cheapest_loss, end_chance
from upto9.families.picture_cards.family import FAMILY
from upto9.families.picture_cards.game import Draw, Lose, Place, Shift, Stop, card_score, counted, is_low, standing

RULES = FAMILY.rules
TWO = "Ks Kd Qc Qs Jd Jc Kc Js Qd"  # Per: K♠ Q♣ J♦ K♣; Lise: K♦ Q♠ J♣ J♠
BEFORE = [Draw(), Draw(), Stop(), Place(parse_card("9s"), 1), Place(parse_card("6s"), 0), Draw(), Stop(), Place(parse_card("5d"), 0)]


def text_of(markup: str) -> str:
    """What a reader sees: no style sheet, no tags, entities read."""
    bare = re.sub(r"<style>.*?</style>", " ", markup, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", bare))).strip()  # a no-break space stays


def framed(markup: str) -> list[str]:
    """The cards drawn framed as counting."""
    return re.findall(r'<span class="u9-pc-counts"><span [^>]*data-card="([^"]+)"', markup)


# --- scores ------------------------------------------------------------------------------------


TEXT_EXAMPLES = [("Kh", "5h 7d", 25, ["5h"]), ("Qc", "5s 5h 7d", 20, ["5s", "5h"]), ("Jh", "10d 7s", 17, ["10d", "7s"])]
"""PC12-PC14's examples, and the cards that count in each."""


@pytest.mark.parametrize(("picture", "cards", "score", "counts"), TEXT_EXAMPLES)
def test_the_texts_examples_are_shown_with_the_engines_score(picture: str, cards: str, score: int, counts: list[str]) -> None:
    view = PictureScore(picture, cards)
    assert view.score == card_score(parse_card(picture), parse_hand(cards), RULES) == score
    shown = text_of(view.value)
    assert f"{parse_card(picture).glyph} scores {score}" in shown and f"= {score}" in shown
    assert framed(view.value) == counts
    view.lang = "nb"
    assert f"{parse_card(picture).glyph} gir {score}" in text_of(view.value)


def test_the_why_names_the_cards_that_count_and_the_rule() -> None:
    shown = text_of(PictureScore("Qc", "5s 5h 7d").value)
    assert "Counted: 5♠ 5♥ (+10)" in shown and "Not counted: 7♦" in shown and "(PC13)" in shown
    nb = text_of(PictureScore("Kh", "5h 7d", lang="nb").value)
    assert "Teller: 5♥ (+5)" in nb and "Teller ikke: 7♦" in nb and "En konge gir 20" in nb


pictures = st.sampled_from([Card(r, s) for r in (Rank.JACK, Rank.QUEEN, Rank.KING) for s in Suit])
number_cards = st.lists(st.sampled_from([Card(Rank(r), s) for r in range(4, 11) for s in Suit]), max_size=8, unique=True)


@settings(max_examples=150, deadline=None)
@given(pictures, number_cards)
def test_a_score_shown_is_card_score_and_the_counted_cards_add_up_to_it(picture: Card, cards: list[Card]) -> None:
    score = card_score(picture, cards, RULES)
    chosen = counted(picture, cards, RULES)
    assert card_score(picture, [], RULES) + sum(int(c.rank) for c in chosen) == score
    assert not Counter(chosen) - Counter(cards)
    view = PictureScore(picture, cards)
    assert f"= {score}" in text_of(view.value)
    assert sorted(framed(view.value)) == sorted(str(c) for c in chosen)
    assert score in score_choices(picture, cards, RULES)


def test_a_score_question_hides_the_answer_until_a_number_is_tapped() -> None:
    q = ScoreQuestion("Qc", "5s 5h 7d")
    assert q.choices == (17, 20, 27)
    assert "20" not in text_of(q._question.value) and "Predict first" in text_of(q._reveal.value)
    assert all(b.button_style == "" and not b.disabled for b in q._buttons)
    q._buttons[0].click()  # 17: what a jack would score
    assert "Not quite. You said 17; the engine says 20." in text_of(q._reveal.value)
    assert [b.description for b in q._buttons] == ["✘ 17", "✔ 20", "27"] and all(b.disabled for b in q._buttons)
    q._again.click()
    q._buttons[1].click()
    assert "Right! You said 20" in text_of(q._reveal.value)
    q.lang = "nb"
    assert "Riktig! Du svarte 20; motoren sier 20." in text_of(q._reveal.value)


def test_no_picture_card_no_question() -> None:
    with pytest.raises(ValueError, match="no picture card"):
        PictureScore("9h", "5h")


# --- suits ---------------------------------------------------------------------------------------

PER = [("Ks", "10s 9s 6s"), ("Jc", "10c 9c 4c"), ("Kd", "5d 6d")]
LISE = [("Qs", "8s 7s 7d"), ("Qc", "8c 7c 8d"), ("Jd", "10d 9d 6c 5c 5s")]


def test_per_and_lise_as_in_the_text() -> None:
    view = SuitsExample([PER, LISE])
    s = view.standing
    assert s.winners == (1,)
    shown = text_of(view.value)
    assert "♠ spades 45 32 Per" in shown and "♦ diamonds 31 35 Lise" in shown and "♣ clubs 23 33 Lise" in shown
    assert "Lise: 2 suits, 68 points in them" in shown and "Lise wins the game." in shown
    view.lang = "nb"
    assert "♣ kløver 23 33 Lise" in text_of(view.value) and "Lise vinner spillet." in text_of(view.value)


def test_only_the_best_picture_card_of_a_suit_counts_and_ties_win_nothing() -> None:
    best = SuitsExample([[("Kc", ""), ("Jc", "10d 9d 8d"), ("Qs", "")], [("Kd", ""), ("Qd", ""), ("Js", "")]])
    shown = text_of(best.value)
    assert "♣ clubs 27 0 Per" in shown and "47" not in shown and "J♣ 10♦ 9♦ 8♦ = 27 ★ counts for its suit" in shown
    tie = SuitsExample([[("Ks", ""), ("Jc", "9c 8d"), ("Kd", "")], [("Qs", "10s"), ("Kc", ""), ("Jd", "10d 9s")]])
    assert tie.standing.draw
    shown = text_of(tie.value)
    assert "♠ spades 20 20 nobody (a tie)" in shown and "the game is a draw" in shown
    pictures = [[parse_card(p) for p, _ in seat] for seat in ([("Ks", ""), ("Jc", "9c 8d"), ("Kd", "")], [("Qs", "10s"), ("Kc", ""), ("Jd", "10d 9s")])]
    assert tie.standing == standing(pictures, tie.placed, tie.suits, RULES)


# --- stop or draw ----------------------------------------------------------------------------------


def test_every_position_shows_the_engines_chance_and_the_best_play() -> None:
    view = StopOrDraw()
    assert len(view.views) == 8 and {BestStopBot().stop(v) for v in view.views} == {True, False}
    for n, position in enumerate(view.views):
        assert view.index == n and position.drawn and position.turn == position.player
        assert "Predict first" in text_of(view._reveal.value) and "%" not in text_of(view._reveal.value)
        shown = text_of(view._question.value)
        assert f"The number pile: {len(position.pile)} cards." in shown
        assert all(c.glyph in shown for c in position.drawn)
        view._stop.click()
        revealed = text_of(view._reveal.value)
        low = sum(is_low(c) for c in position.pile)
        assert low / len(position.pile) == pytest.approx(end_chance(position))
        assert f"{low} of {len(position.pile)} cards, {percent_text(end_chance(position), 'en')}" in revealed
        best = BestStopBot().stop(position)
        assert ("stops here" if best else "draws one more here") in revealed
        assert ("You chose as it does." in revealed) == best
        assert (view._stop.button_style == "success") == best and (view._draw.button_style == "success") == (not best)
        view._next.click()
    assert view.index == 0


def test_the_chance_in_norwegian_has_a_decimal_comma() -> None:
    view = StopOrDraw(lang="nb")
    view._draw.click()
    shown = text_of(view._reveal.value)
    assert percent_text(end_chance(view.view), "nb") in shown and "," in percent_text(end_chance(view.view), "nb")
    assert "Du valgte: Trekk ett til." in shown


def test_positions_alternate_between_drawing_and_stopping() -> None:
    assert [BestStopBot().stop(v) for v in positions(6)] == [False, True, False, True, False, True]


# --- turns, ends, the deal ---------------------------------------------------------------------


def test_a_2_ends_the_turn_and_is_laid_aside() -> None:
    demo = TurnDemo(TWO, "9s 6s 5d 8c 7c 2d", BEFORE, [Draw(), Draw(), Draw()])
    shown = text_of(demo.value)
    assert "Per draws 8♣. Per draws 7♣. Per draws 2♦. A 2: Per's turn ends." in shown
    assert "Laid aside (2s and 3s): 2♦" in shown and demo.round.aside == [parse_card("2d")]
    assert parse_card("8c") in demo.round.pile and parse_card("7c") in demo.round.pile  # back in the pile


def test_an_ace_takes_the_picture_card_chosen_with_its_cards() -> None:
    demo = TurnDemo(TWO, "9s 6s 5d 8c Ad", BEFORE, [Draw(), Draw()])
    assert cheapest_loss(demo.round.view(0))[0] == 1  # the page says Q♣ is the card worth least to Per: so the bots judge too
    demo = TurnDemo(TWO, "9s 6s 5d 8c Ad", BEFORE, [Draw(), Draw(), Lose(1)])
    shown = text_of(demo.value)
    assert "The ace takes Q♣ with 9♠" in shown and "Out of the game: Q♣ A♦" in shown
    assert parse_card("Qc") not in demo.round.pictures[0] and parse_card("9s") in demo.round.pile
    assert "Esset tar Q♣ med 9♠" in text_of(TurnDemo(TWO, "9s 6s 5d 8c Ad", BEFORE, [Draw(), Draw(), Lose(1)], lang="nb").value)


def test_an_ace_question_plays_the_learners_choice_and_marks_the_cheapest() -> None:
    ace = AceChoice(TWO, "9s 6s 5d 8c Ad", [*BEFORE, Draw(), Draw()])
    assert [b.description for b in ace._buttons] == ["K♠ (26)", "Q♣ (10)", "J♦ (0)", "K♣ (20)"]
    assert "Predict first" in text_of(ace._reveal.value) and "Drawn this turn 8♣ A♦" in text_of(ace._question.value)
    board = Board(ace.round.view(0))
    least = max(board.worth_without(s) for s in ace.slots)
    assert ace.best == cheapest_loss(ace.round.view(0))[0] and ace.best_slots == {s for s in ace.slots if board.worth_without(s) == least} == {1, 2}
    ace._buttons[0].click()  # the king of spades: Per's spades go to Lise
    shown = text_of(ace._reveal.value)
    after = ace.after(0).standing()
    assert after.points[0] == (0, 10) and after.suit_winners[0] == 1
    assert "Not quite. The ace takes K♠ with 6♠" in shown and "♠ spades 26 0 Lise" in shown and "The bots give up Q♣." in shown
    assert [b.description for b in ace._buttons] == ["✘ K♠ (26)", "✔ Q♣ (10)", "✔ J♦ (0)", "K♣ (20)"]
    ace._again.click()
    ace._buttons[2].click()
    assert "Right! The ace takes J♦" in text_of(ace._reveal.value)
    ace.lang = "nb"
    assert "Riktig! Esset tar J♦" in text_of(ace._reveal.value) and "Robotene gir fra seg Q♣." in text_of(ace._reveal.value)
    with pytest.raises(ValueError, match="ace drawn"):
        AceChoice(TWO, "9s 6s 5d 8c Ad", BEFORE)


def test_five_cards_let_one_placed_card_move() -> None:
    five = [Draw(), Stop(), Place(parse_card("9s"), 1), Draw(), Stop(), Place(parse_card("5d"), 0)]
    placing = [Place(parse_card(c), slot) for c, slot in (("10s", 0), ("8c", 3), ("7c", 3), ("6c", 3), ("4d", 2))]
    demo = TurnDemo(TWO, "9s 5d 10s 8c 7c 6c 4d", five, [Draw()] * 5 + [Stop(), *placing, Shift(parse_card("9s"), 1, 0)])
    shown = text_of(demo.value)
    assert "Per moves 9♠ from Q♣ to K♠ (the five-card move, PC8)" in shown and "K♠ 10♠ 9♠ = 39" in shown


ENDS = [("aces_gone", "no ace and no more than 3 cards that are 2s or 3s"), ("third_ace", "drew their third ace (PC19)")]


@pytest.mark.parametrize(("reason", "words"), ENDS)
def test_a_game_played_to_each_end_says_why_it_ended(reason: str, words: str) -> None:
    view = GameEnd(reason)
    assert view.round.reason == reason and view.round.over
    shown = text_of(view.value)
    assert words in shown
    winner = view.round.standing().winners
    assert any(f"{['Per', 'Lise'][w]} wins the game." in shown for w in winner) or "draw" in shown


def test_the_deal_is_shown_as_the_contradiction_it_is() -> None:
    shown = text_of(DealNote().value)
    refused = "✘ The engine refuses it: the deal cannot be dealt: 2 players dealt 6 picture cards each need 12, but the picture pile holds 9"
    assert "2 players get 6 picture cards each. " + refused in shown
    assert "3 players dealt 5 picture cards each need 15, but the picture pile holds 12" in shown
    assert "everyone gets 4 picture cards" in shown and "12 of 12 picture cards" in shown and "15 of 24" in shown
    nb = text_of(DealNote(lang="nb").value)
    assert "Motoren nekter: kortene kan ikke deles ut: 2 spillere som får 6 bildekort hver, trenger 12, men bunken med bildekort har 9" in nb


def test_the_link_to_the_tips_page_carries_the_language() -> None:
    link = PageLink("10_picture_cards_tips.ipynb", lang="nb")
    assert "10_picture_cards_tips.ipynb?lang=nb" in link.value and "Bildekort: tips til forfatteren" in text_of(link.value)


# --- every control, in random order -----------------------------------------------------------------


class _Failures(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("upto9.widgets") or "Exception in callback" in record.getMessage():
            self.records.append(record)


class TourPage(RuleBasedStateMachine):
    """The page's interactive views under one language switch, tapped as a learner taps them."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = _Failures()
        logging.getLogger().addHandler(self.failures)
        self.page = Page(explainer="8_picture_cards_tour.ipynb")
        self.questions = [self.page.show(ScoreQuestion(p, c)) for p, c in (("Ks", "8s 8d 5s"), ("Qd", "6d 6s 9c 9s"), ("Jc", "9d 4s 10c"))]
        self.stop = self.page.show(StopOrDraw())
        self.ace = self.page.show(AceChoice(TWO, "9s 6s 5d 8c Ad", [*BEFORE, Draw(), Draw()]))
        self.static: list[Any] = [self.page.show(SuitsExample([PER, LISE])), self.page.show(DealNote())]

    @rule(lang=st.sampled_from(["en", "nb"]))
    def switch_language(self, lang: str) -> None:
        self.page._switch.value = lang

    @rule(data=st.data())
    def tap_a_score(self, data: st.DataObject) -> None:
        q = data.draw(st.sampled_from(self.questions))
        data.draw(st.sampled_from(q._buttons)).click()

    @rule(data=st.data())
    def try_again(self, data: st.DataObject) -> None:
        data.draw(st.sampled_from(self.questions))._again.click()

    @rule(data=st.data())
    def tap_a_picture_card_for_the_ace(self, data: st.DataObject) -> None:
        data.draw(st.sampled_from([*self.ace._buttons, self.ace._again])).click()

    @rule(button=st.sampled_from(["_stop", "_draw", "_next"]))
    def stop_or_draw(self, button: str) -> None:
        getattr(self.stop, button).click()

    @invariant()
    def nothing_failed_and_every_view_speaks_the_pages_language(self) -> None:
        assert not self.failures.records
        for view in [*self.questions, self.stop, self.ace, *self.static]:
            assert trouble(view) == "" and view.lang == self.page.lang

    @invariant()
    def an_answer_is_shown_only_after_a_prediction(self) -> None:
        for q in self.questions:
            revealed = text_of(q._reveal.value)
            if q.answer is None:
                assert str(q.score) not in revealed and all(b.button_style == "" and not b.disabled for b in q._buttons)
            else:
                said = {"en": "the engine says {s}.", "nb": "motoren sier {s}."}[q.lang].format(s=q.score)
                assert said in revealed and all(b.disabled for b in q._buttons)
        revealed = text_of(self.ace._reveal.value)
        if self.ace.answer is None:
            assert "PC10" not in revealed and not any(b.button_style or b.disabled for b in self.ace._buttons)
        else:
            assert "(PC10)" in revealed and all(b.disabled for b in self.ace._buttons)
        revealed = text_of(self.stop._reveal.value)
        if self.stop.answer is None:
            assert "%" not in revealed and "stopping rule" not in revealed and "stopperegel" not in revealed and not self.stop._stop.disabled
        else:
            assert percent_text(end_chance(self.stop.view), self.stop.lang) in revealed and self.stop._stop.disabled

    def teardown(self) -> None:
        logging.getLogger().removeHandler(self.failures)


TourPage.TestCase.settings = settings(max_examples=25, stateful_step_count=25, deadline=None)
test_the_tour_page_as_a_state_machine = TourPage.TestCase


# --- the notebook ----------------------------------------------------------------------------------


def test_the_notebook_speaks_both_languages_and_shows_the_deals_contradiction() -> None:
    import json
    from pathlib import Path

    notebook = Path(__file__).resolve().parent.parent / "notebooks" / "8_picture_cards_tour.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert 'Page(explainer="8_picture_cards_tour.ipynb")' in code[0] and code[-1].strip() == "page.footer()"
    blocks = {"en": [], "nb": []}  # type: dict[str, list[str]]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            found = re.findall(r'<div class="u9-(en|nb)">(.*?)</div>', text, flags=re.S)
            assert [lang for lang, _ in found] == ["en", "nb"], text[:200]
            heads = [re.findall(r"^#+ ", block, flags=re.M) for _, block in found]
            assert heads[0] == heads[1], text[:200]  # every heading in both languages
            for lang, block in found:
                blocks[lang].append(block)
    # that nothing points outside the repository is tests/test_rules_reference.py's check, for every file
    deal_en, deal_nb = blocks["en"][1], blocks["nb"][1]
    everything = "\n".join(blocks["en"] + blocks["nb"])
    assert all(n in deal_en for n in ("**6", "(12)", "5\neach to three (15)", "**9**", "**12**", "cannot be dealt"))
    assert all(n in deal_nb for n in ("**6", "(12)", "(15)", "**9**", "**12**", "kan ikke deles ut"))
    assert any('PageLink("10_picture_cards_tips.ipynb")' in c for c in code)
    assert all(f"PC{n}" in everything for n in range(1, 20))
