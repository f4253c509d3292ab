"""The 3UP 3DOWN rules tour (notebooks/7_threeup_tour.ipynb, upto9.widgets.games.threeup_tour): every
answer is the engine's, a reveal says the right words in English and Norwegian, the answer stays
hidden until the learner picks one, the page runs without numpy or pandas (the static site), and
the luck figures are the README's, with the intervals ``upto9.stats.wilson`` gives."""

from __future__ import annotations

import html as html_lib
import json
import logging
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from upto9.widgets._common import TROUBLE
from upto9.widgets.games.threeup_tour import BOT_FIGURES, RULES, TEXTS, CanPlay, LuckTable, Scene, SetUp, WhatNext, WhereFrom, cards
from upto9.widgets.page import Page

from tests.test_widget_machines import live_widgets
from upto9.families.threeup.cards import threeup_deck
from upto9.families.threeup.round import Play, PlayBlind, Source, arranged
from upto9.rules import builtin_rules
from upto9.stats import wilson

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "7_threeup_tour.ipynb"
THREEUP = builtin_rules("threeup")
DECK = threeup_deck()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


# --- the engine's answers ------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(pile=st.lists(st.sampled_from(DECK), max_size=3), play=st.lists(st.sampled_from(DECK), min_size=1, max_size=2, unique=True))
def test_can_play_answers_as_the_engines_legal_moves(pile: list, play: list) -> None:
    """Any pile and any one or two cards: "yes" exactly when the play is among the engine's legal moves."""
    text = " ".join(str(c) for c in play)
    q = CanPlay(pile=" ".join(str(c) for c in pile), play=text)
    legal = Play(Source.HAND, tuple(play)) in arranged(THREEUP, play, pile=pile, opponent=cards("4r")).legal_moves()
    assert q.right == ("yes" if legal else "no")
    q.pick("no")
    shown = text_of(q._reveal.value)
    assert ("It can be played." in shown) == legal and ("It cannot be played" in shown) == (not legal)


@pytest.mark.parametrize(
    ("kwargs", "right", "words_en", "words_nb", "rule"),
    [
        ({"pile": "4r 7b", "play": "9g"}, "yes", "It can be played.", "Det kan spilles.", "T6"),
        ({"pile": "4r 7b", "play": "6g"}, "no", "6 is lower than 7 on the pile", "6 er lavere enn 7 på bunken", "T6"),
        ({"pile": "9g 10k", "play": "C"}, "yes", "It can be played.", "Det kan spilles.", "T7"),
        ({"pile": "5y", "play": "6r 8g"}, "no", "several of one number", "flere med samme tall", "T5"),
        ({"pile": "4k", "play": "9b", "where": "up", "hand": "3r", "up": "9b C1 5g"}, "no", "play your hand first", "spill hånda først", "T11"),
    ],
)
def test_a_can_play_reveal_says_the_engines_verdict_and_the_rule_in_both_languages(kwargs: dict, right: str, words_en: str, words_nb: str, rule: str) -> None:
    q = CanPlay(**kwargs)
    assert q.right == right
    wrong = "no" if right == "yes" else "yes"
    q.pick(wrong)
    shown = text_of(q._reveal.value)
    assert shown.startswith("Not quite. You said: " + TEXTS["en"][wrong]) and words_en in shown and RULES["en"][rule] in shown
    assert q._buttons[right].description == "✔ " + TEXTS["en"][right] and q._buttons[wrong].description == "✘ " + TEXTS["en"][wrong]
    q.lang = "nb"
    shown = text_of(q._reveal.value)
    assert shown.startswith("Ikke helt. Du svarte: " + TEXTS["nb"][wrong]) and words_nb in shown and RULES["nb"][rule] in shown
    q.try_again()
    q.pick(right)
    assert text_of(q._reveal.value).startswith("Riktig!")


def test_what_next_plays_the_move_and_shows_the_pile_and_the_actions_owed() -> None:
    hand, pile, deck = "6r 8g", "4r 7b 9y", "5g 2k 10p"
    clear = WhatNext(Scene(hand=f"C {hand}", pile=pile, deck=deck), play="C")
    plus1 = WhatNext(Scene(hand=f"C1 {hand}", pile=pile, deck=deck), play="C1")
    plus2 = WhatNext(Scene(hand=f"C2 {hand}", pile=pile, deck=deck), play="C2")
    three = WhatNext(Scene(hand="8k 10r 2g", pile="3g 8r 8b", deck=deck), play="8k")
    assert (clear.right, plus1.right, plus2.right, three.right) == ("clear_end", "clear_1", "clear_2", "clear_end")
    for q in (clear, plus1, plus2, three):
        assert q.after.pile == [] and len(q.after.cleared) == 4  # the three cards and the clearing one
    assert clear.after.turn == three.after.turn == 1 and plus1.after.turn == plus2.after.turn == 0
    assert (plus1.after.actions_left, plus2.after.actions_left) == (1, 2)
    for q, words, rule_key in (
        (clear, "Now it is the next player's turn.", "T13"),
        (plus1, "You still owe 1 more play", "T15"),
        (plus2, "You still owe 2 more plays", "T15"),
        (three, "Now it is the next player's turn.", "T14"),
    ):
        q.pick("stays")
        shown = text_of(q._reveal.value)
        assert "Out of the game: 4 cards" in shown and words in shown and RULES["en"][rule_key] in shown, shown
    assert "Before it you may draw one card from the draw pile." in text_of(plus1._reveal.value)
    # the turn that ended drew the hand back up to three; the turn that goes on did not
    assert RULES["en"]["T10"] in text_of(clear._reveal.value) and RULES["en"]["T10"] not in text_of(plus1._reveal.value)
    assert [str(c) for c in clear.after.hands[0]] == ["6r", "8g", "5g"]
    plus2.lang = "nb"
    shown = text_of(plus2._reveal.value)
    assert "Du skal fortsatt spille 2 ganger til" in shown and "Ute av spillet: 4 kort" in shown and RULES["nb"]["T15"] in shown


def test_a_3down_card_that_does_not_fit_is_taken_up_and_the_last_one_wins() -> None:
    blind = WhatNext(Scene(down="4g 9r 2b", pile="3r 6k"), blind=0, choices=("stays", "taken_up", "win"))
    assert blind.right == "taken_up" and sorted(map(str, blind.after.hands[0])) == ["3r", "4g", "6k"]
    blind.pick("win")
    shown = text_of(blind._reveal.value)
    assert shown.startswith("Not quite.") and RULES["en"]["T12"] in shown
    last = WhatNext(Scene(down="9r", pile="3g 6b", opponent="4r 8g 9b"), blind=0, choices=("stays", "taken_up", "win"))
    assert last.right == "win" and last.after.over and last.after.places[0] == 0
    last.pick("win")
    shown = text_of(last._reveal.value)
    assert "you win, at once" in shown and "scores 4 + 8 + 9 = 21" in shown and RULES["en"]["T16"] in shown
    with pytest.raises(ValueError, match="outcome 'win' is not among the answers"):
        WhatNext(Scene(down="9r", pile="6b"), blind=0, choices=("stays", "taken_up"))


def test_where_from_follows_the_engine_hand_then_3up_then_3down_else_the_pile() -> None:
    cases = [
        (Scene(hand="5r", up="8r C 3g", down="5g 6g 7g", pile="4b", deck="2k"), "w_hand"),
        (Scene(up="8r C 3g", down="5g 6g 7g", pile="4b"), "w_up"),
        (Scene(down="5g 6g 7g", pile="4b"), "w_down"),
        (Scene(hand="3r 5g", pile="4b 8y", deck="2k 9p 6o"), "w_pick_up"),
    ]
    for scene, right in cases:
        q = WhereFrom(scene)
        moves = scene.round().legal_moves()
        assert q.right == right
        assert any(isinstance(m, PlayBlind) for m in moves) == (right == "w_down")
        q.pick("w_hand")
        assert RULES["en"]["T11"] in text_of(q._reveal.value)
    q = WhereFrom(Scene(hand="3r 5g", pile="4b 8y", deck="2k 9p 6o"))
    q.pick("w_pick_up")
    assert re.findall(r'data-card="([^"]+)"', q._reveal.value.split("Your hand now")[-1]) == ["3r", "5g", "4b", "8y"]
    q = WhereFrom(Scene(up="8r C 3g", down="5g 6g 7g", pile="4b"), lang="nb")
    q.pick("w_up")
    assert text_of(q._reveal.value).startswith("Riktig! Du svarte: Mine 3UP.") and "Fra dine 3UP-kort: 8 C." in text_of(q._reveal.value)


def test_the_set_up_lays_three_chosen_cards_face_up_and_refuses_two_in_words() -> None:
    s = SetUp(seed=1)
    assert len(s.six) == 6 and len(s._buttons) == 6 and all(b.description for b in s._buttons)
    s._buttons[0].click()
    s._buttons[1].click()
    s._lay.click()
    assert s.laid is None and "Only 2 of 3 chosen: choose 1 more of your six cards." in text_of(s._result.value)
    s.lang = "nb"
    assert "Bare 2 av 3 valgt: velg 1 til av de seks kortene dine." in text_of(s._result.value)
    s._buttons[4].click()
    s._lay.click()
    assert s.laid == (s.six[0], s.six[1], s.six[4])
    assert s.round.up[s.seat] == [*s.laid] and sorted(s.round.hands[s.seat]) == sorted([s.six[2], s.six[3], s.six[5]])
    shown = text_of(s._result.value)
    assert "Lagt med forsiden opp" in shown and all(b.disabled for b in s._buttons)
    assert "legger de sterkeste kortene med forsiden opp" in shown
    bot_row = s._result.value.split("Dens 3UP")[-1]
    assert re.findall(r'data-card="([^"]+)"', bot_row) == [str(c) for c in s.bot_choice]
    s._deal.click()
    assert s.seed == 2 and s.laid is None and not s.picked
    assert not any(b.disabled for b in s._buttons) and all(b.description for b in s._buttons)  # the new deal's cards, to tap


def test_after_a_clear_plus_2_you_may_draw_before_each_of_the_plays_owed() -> None:
    """T15: "before each they may draw one card": after a Clear +2 the reveal says each, not "before it"."""
    plus1 = WhatNext(Scene(hand="C1 6r 8g", pile="4r 7b 9y", deck="5g 2k 10p"), play="C1")
    plus2 = WhatNext(Scene(hand="C2 6r 8g", pile="4r 7b 9y", deck="5g 2k 10p"), play="C2")
    for q in (plus1, plus2):
        q.pick("clear_2")
    shown = text_of(plus2._reveal.value)
    assert "You still owe 2 more plays (a card, or several of one number); the second goes on the first." in shown
    assert "Before each of them you may draw one card from the draw pile." in shown and "Before it" not in shown
    assert "Before it you may draw one card from the draw pile." in text_of(plus1._reveal.value)
    for q in (plus1, plus2):
        q.lang = "nb"
    shown = text_of(plus2._reveal.value)
    assert "Før hver gang kan du trekke ett kort fra trekkbunken." in shown and "Før det" not in shown
    assert "Før du spiller, kan du trekke ett kort fra trekkbunken." in text_of(plus1._reveal.value)
    assert "before each you may draw one card" in RULES["en"]["T15"] and "før hver kan du trekke ett kort" in RULES["nb"]["T15"]


def test_the_winning_reveal_shows_the_cards_the_other_player_scores() -> None:
    """T18: the points the other player scores come from cards the reveal shows, summed."""
    last = WhatNext(Scene(down="9r", pile="3g 6b", opponent="4r 8g 9b"), blind=0, choices=("stays", "taken_up", "win"))
    last.pick("win")
    html = last._reveal.value
    assert re.findall(r'data-card="([^"]+)"', html.split("The other player still holds")[-1]) == ["4r", "8g", "9b"]
    shown = text_of(html)
    assert "The other player still holds" in shown and "If you play for points, the other player scores 4 + 8 + 9 = 21 for these cards." in shown
    assert "a number card its number, a Clear 15, a Clear +1 20, a Clear +2 25" in shown  # T18, as the engine counts
    penalties = dict(THREEUP.penalties)
    assert (penalties["7"], penalties["clear"], penalties["clear+1"], penalties["clear+2"]) == (7, 15, 20, 25)
    last.lang = "nb"
    html = last._reveal.value
    assert re.findall(r'data-card="([^"]+)"', html.split("Den andre spilleren har fortsatt")[-1]) == ["4r", "8g", "9b"]
    assert "Spiller dere om poeng, får den andre spilleren 4 + 8 + 9 = 21 poeng for disse kortene." in text_of(html)
    one = WhatNext(Scene(down="9r", pile="3g 6b", opponent="C1"), blind=0, choices=("stays", "taken_up", "win"))
    one.pick("win")
    assert "the other player scores 20 for these cards." in text_of(one._reveal.value)


def test_the_set_up_takes_no_fourth_card_and_says_when_none_is_chosen() -> None:
    """The picker holds at most three cards (a fourth tap says why, before the button), and laying
    none says none are chosen; its words call the six "your six cards", the kept three "your hand"."""
    s = SetUp(seed=1)
    s._lay.click()
    shown = text_of(s._result.value)
    assert s.laid is None and "No card is chosen yet: tap 3 of your six cards first." in shown and "exactly" not in shown
    s.lang = "nb"
    assert "Ingen kort er valgt ennå: trykk først på 3 av de seks kortene dine." in text_of(s._result.value)
    s.lang = "en"
    for i in (0, 1, 2, 3):
        s._buttons[i].click()
    assert s.picked == {0, 1, 2}
    count = text_of(s._count.value)
    assert "3 of 3 chosen" in count and "You have chosen 3 already: tap a chosen card again to put it back, then choose another." in count
    assert "4 of 3" not in count
    s.lang = "nb"
    assert "Du har alt valgt 3: trykk på et valgt kort igjen for å legge det tilbake, og velg så et annet." in text_of(s._count.value)
    s._buttons[2].click()  # put one back: the note goes, and the fourth card can be chosen
    s._buttons[3].click()
    assert s.picked == {0, 1, 3} and "Du har alt valgt" not in text_of(s._count.value)
    s._lay.click()
    assert s.laid == (s.six[0], s.six[1], s.six[3])
    s2 = SetUp(seed=2)
    s2.choose([0, 1, 2])
    s2.choose([3, 4, 5])  # choosing another three as tapping does: the old ones put back first
    assert s2.picked == {3, 4, 5}


def test_the_norwegian_words_of_the_tour_say_play_ruling_and_face_up_one_way() -> None:
    """In 3UP 3DOWN "trekke" is drawing from "trekkbunken": a play is never "et trekk" in the tour;
    face up and down is "med forsiden opp/ned" everywhere in the 3UP words the tour shows."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    norwegian = " ".join(re.findall(r'<div class="u9-nb">(.*?)</div>', markdown, re.S))
    words = " ".join([*TEXTS["nb"].values(), *RULES["nb"].values(), norwegian])
    assert not re.findall(r"\btrekk(et|ene)?\b", words, re.I), re.findall(r".{30}\btrekk(?:et|ene)?\b.{30}", words, re.I)
    assert "kjennelse" not in words and "billedsiden" not in words and "bildesiden" not in words
    assert words.count("forsiden") >= 8
    catalog = (ROOT / "upto9" / "families" / "threeup" / "locale" / "nb" / "LC_MESSAGES" / "threeup.po").read_text(encoding="utf-8")
    assert "billedsiden" not in catalog  # the seat's words (page 11) say it as the tour does
    q = WhatNext(Scene(hand="C 6r 8g", pile="4r 7b 9y", deck="5g 2k 10p"), play="C", lang="nb")
    assert "Hva skjer når dette er spilt?" in text_of(q._question.value)
    q.pick("clear_end")
    assert text_of(q._reveal.value).split("Etterpå")[0].strip().startswith("Riktig!")
    blind = WhatNext(Scene(down="4g 9r 2b", pile="3r 6k"), blind=0, choices=("stays", "taken_up", "win"), lang="nb")
    assert "Hva skjer når du snur det?" in text_of(blind._question.value)
    blind.lang = "en"
    assert "What happens when you turn it over?" in text_of(blind._question.value)


def test_new_deals_of_the_set_up_leave_no_button_behind() -> None:
    """A new deal relabels the six card buttons: a new six each deal stayed alive, in the kernel and the browser."""
    s = SetUp(seed=1)
    s._deal.click()
    alive = live_widgets()
    for _ in range(5):
        s._buttons[0].click()
        s._deal.click()
    assert live_widgets() == alive and not s.picked


# --- how much is luck ------------------------------------------------------------------------------------------------


def test_the_luck_figures_are_the_readmes_with_wilson_intervals() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {
        "sampling_vs_heuristic": "SamplingBot vs ThreeUpBot",
        "heuristic_vs_random": "ThreeUpBot vs RandomBot",
        "starter_2": "2 players",
        "starter_4": "4 players",
    }
    for f in BOT_FIGURES:
        line = next(line for line in readme.splitlines() if line.startswith(rows[f.key]))
        assert f"{100 * f.value:.1f}%  [{100 * f.low:.1f}%, {100 * f.high:.1f}%]" in line, line
        e = wilson(f.won, f.games)
        assert (round(e.low, 3), round(e.high, 3)) == (f.low, f.high)
    assert "1,000 two-player games per pairing" in readme
    table = LuckTable()
    shown = text_of(table.html.value)
    assert "A sensible player against one who plays at random Wins 89.2% of 1,000 games (95% interval: 87.1% to 91.0%); by chance alone 50%." in shown
    assert "Wins 59.4% of 1,000 games (95% interval: 56.3% to 62.4%)" in shown
    table.lang = "nb"
    shown = text_of(table.html.value).replace("\xa0", " ")
    assert "Vinner 89,2 % av 1 000 spill (95 %-intervall: 87,1 % til 91,0 %); ved ren flaks 50 %." in shown
    assert "Den som begynner, 4 spillere Vinner 24,5 % av 1 000 spill (95 %-intervall: 21,9 % til 27,3 %); ved ren flaks 25 %." in shown
    assert "SamplingBot" not in shown and "frø 2026" in table.details.value and table._advanced.selected_index is None


def test_the_page_runs_without_numpy_or_pandas() -> None:
    """The static site's browser Python has neither: the tour's module must not import them."""
    code = "import sys, upto9.widgets.games.threeup_tour, upto9.widgets.page; print(sorted(m for m in ('numpy', 'pandas', 'plotly') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


def test_the_notebook_cites_rules_that_exist_and_has_both_languages() -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = nb["cells"]
    assert 'Page(explainer="7_threeup_tour.ipynb")' in "".join(cells[0]["source"]) and "".join(cells[-1]["source"]).strip() == "page.footer()"
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert text.count('<div class="u9-en">') == text.count('<div class="u9-nb">') > 10
    assert "../shared" not in text
    rules_md = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bT\d+\b", text))
    assert cited and all(f"**{t}." in rules_md for t in cited), cited
    for lang in RULES:
        for key in RULES[lang]:
            assert f"**{key}." in rules_md


# --- the page as a learner drives it ----------------------------------------------------------------------------------


class TourMachine(RuleBasedStateMachine):
    """Every control of the tour's widgets, in random order: nothing fails, and an answer stays
    hidden until the learner picks one; then it is the engine's, and the buttons are locked."""

    def __init__(self) -> None:
        super().__init__()
        self.failures: list[logging.LogRecord] = []
        handler = logging.Handler()
        handler.emit = self.failures.append  # type: ignore[method-assign]
        logging.getLogger("upto9.widgets").addHandler(handler)
        self.page = Page(lang="en")
        self.questions = [
            CanPlay(pile="4r 7b", play="9g"),
            CanPlay(pile="5y", play="6r 8g"),
            WhatNext(Scene(hand="C1 6r 8g", pile="4r 7b 9y", deck="5g 2k 10p"), play="C1"),
            WhatNext(Scene(down="4g 9r 2b", pile="3r 6k"), blind=0, choices=("stays", "taken_up", "win")),
            WhereFrom(Scene(up="8r C 3g", down="5g 6g 7g", pile="4b")),
        ]
        self.setup = SetUp(seed=3)
        self.luck = LuckTable()
        self.page.add(*self.questions, self.setup, self.luck)

    @rule(which=st.integers(0, 4), choice=st.integers(0, 6))
    def tap_answer(self, which: int, choice: int) -> None:
        q = self.questions[which]
        list(q._buttons.values())[choice % len(q._buttons)].click()

    @rule(which=st.integers(0, 4))
    def try_again(self, which: int) -> None:
        self.questions[which]._again.click()

    @rule(lang=st.sampled_from(["en", "nb"]))
    def switch_language(self, lang: str) -> None:
        self.page._switch.value = lang

    @rule(index=st.integers(0, 5))
    def tap_card(self, index: int) -> None:
        self.setup._buttons[index].click()

    @rule()
    def lay(self) -> None:
        self.setup._lay.click()

    @rule()
    def deal_again(self) -> None:
        self.setup._deal.click()

    @rule(opened=st.booleans())
    def open_the_details(self, opened: bool) -> None:
        self.luck._advanced.selected_index = 0 if opened else None

    @invariant()
    def nothing_failed(self) -> None:
        assert not self.failures, [r.getMessage() for r in self.failures]
        for q in self.questions:
            assert TROUBLE["en"] not in q._reveal.value and TROUBLE["nb"] not in q._reveal.value

    @invariant()
    def the_answer_is_hidden_until_picked_then_the_engines(self) -> None:
        for q in self.questions:
            texts = TEXTS[q.lang]
            marks = [b.description[:1] for b in q._buttons.values()]
            if q.model.picked is None:
                assert "✔" not in marks and "✘" not in marks and not any(b.disabled for b in q._buttons.values())
                assert text_of(q._reveal.value) == texts["reveal"]
            else:
                assert q._buttons[q.right].description.startswith("✔") and all(b.disabled for b in q._buttons.values())
                assert text_of(q._reveal.value).startswith(texts["right" if q.model.picked == q.right else "wrong"])

    @invariant()
    def the_set_up_is_the_engines(self) -> None:
        s = self.setup
        if s.laid is not None:
            assert len(s.laid) == 3 and s.round.up[s.seat] == list(s.laid)
        assert len(s.picked) <= 3  # a fourth card is never taken
        assert len(s.six) == 6
        words = TEXTS[self.page._switch.value]
        assert words["luck_title"] in self.luck.html.value and words["setup_title"] in s._title.value


TestTourMachine = TourMachine.TestCase
TestTourMachine.settings = settings(max_examples=8, stateful_step_count=20, deadline=None)
