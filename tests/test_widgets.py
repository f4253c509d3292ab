"""The widgets as a learner uses them, headless: type text, click() buttons, move sliders, pick from
dropdowns, and read what the widgets then show (their HTML and values). No browser needed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import traitlets
from upto9.widgets import (
    CheckerModel,
    HandBuilder,
    HandModel,
    LayDownEditor,
    LevelChecker,
    RoundModel,
    RoundStepper,
    RuleSetChoice,
    RulesExplorer,
    RulesModel,
    Workbench,
)
from upto9.widgets.cards_html import card_html
from upto9.widgets.engine_text import translate
from upto9.widgets.stepper import WHOLE_TABLE, render_step, replay_round

from upto9 import UPTO9, Card, check, load_rules, parse_card, parse_hand, save_game
from upto9.families.phase10.cards import Colour, Phase10Card
from upto9.families.phase10.fields import deck_of
from upto9.family import FamilyGame
from upto9.game import Discarded, Donated, Drew, Game, Reshuffled, Source
from upto9.records import game_record
from upto9.rules import PHASE10, Rules, builtin_rules
from upto9.simulate import play_game


def cards(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


def text_of(html: str) -> str:
    """The visible text of some HTML, tags dropped and entities read."""
    import html as html_lib

    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", html))
    return re.sub(r" ([:.,;)])", r"\1", re.sub(r"\s+", " ", text)).strip()


def row(html: str, label: str) -> str:
    """The HTML of the card row with this label."""
    return html.split(f'aria-label="{label}"', 1)[1].split("</div>", 1)[0]


def data_cards(html: str) -> list[str]:
    """Every card drawn face up (``data-card``) in some HTML."""
    return re.findall(r'data-card="([^"]+)"', html)


# --- packaging ---------------------------------------------------------------------------------------


def test_import_upto9_does_not_import_ipywidgets() -> None:
    code = "import sys, upto9, upto9.game, upto9.family; assert 'ipywidgets' not in sys.modules, 'ipywidgets was imported'; print('clean')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "clean"


def test_every_text_table_has_english_and_norwegian_with_the_same_keys() -> None:
    from upto9.widgets import editor, explorer, hand, level_checker, stepper, texts

    for module in (hand, level_checker, editor, stepper, explorer):
        assert set(module.TEXTS) == {"en", "nb"}, module.__name__
        assert set(module.TEXTS["en"]) == set(module.TEXTS["nb"]), module.__name__
    assert set(texts.SHARED["en"]) == set(texts.SHARED["nb"])


# --- the one card-drawing function -----------------------------------------------------------------------


def test_card_html_names_every_card_for_screen_readers_in_both_languages() -> None:
    assert 'aria-label="queen of hearts"' in card_html(parse_card("Qh"))
    assert 'aria-label="hjerterdame"' in card_html(parse_card("Qh"), lang="nb")
    joker = card_html(parse_card("2c"), parse_card("7h"))
    assert "u9-joker" in joker and 'data-face="7h"' in joker and "=7♥" in joker
    assert 'aria-label="2 of clubs, joker for 7 of hearts"' in joker
    real = card_html(parse_card("3h"), real=True)
    assert "u9-real" in real and "real" in text_of(real)
    assert "ekte" in text_of(card_html(parse_card("3h"), real=True, lang="nb"))
    missing = card_html(None, parse_card("7h"))
    assert "u9-missing" in missing and 'aria-label="missing: 7 of hearts"' in missing and "data-card" not in missing
    back = card_html(None, count=11)
    assert 'aria-label="11 cards, hidden"' in back and "data-card" not in back
    assert "×2" in card_html(parse_card("7h"), count=2)


# --- 1. the hand builder ---------------------------------------------------------------------------------


def test_clicking_the_grid_builds_the_hand_and_keeps_the_text_in_sync() -> None:
    builder = HandBuilder()
    for text in ("5h", "6h", "2c"):
        builder._buttons[parse_card(text)].click()
    assert builder.model.cards == cards("5h 6h 2c")
    assert builder._text.value == "5h 6h 2c"
    assert data_cards(builder._hand.value) == ["5h", "6h", "2c"]
    assert "3 cards in the hand" in text_of(builder._title.value)
    button = builder._buttons[parse_card("5h")]
    assert button.description == "5♥" and button.style.button_color != "#ffffff"
    assert button.tooltip == "5 of hearts"


def test_two_decks_allow_two_copies_with_a_badge_and_a_third_click_takes_them_out() -> None:
    builder = HandBuilder()
    seven = builder._buttons[parse_card("7h")]
    seven.click()
    seven.click()
    assert builder.model.cards == cards("7h 7h")
    assert seven.description == "7♥ ×2"
    assert builder._text.value == "7h 7h"
    seven.click()
    assert builder.model.cards == ()
    assert seven.description == "7♥" and seven.style.button_color == "#ffffff"


def test_typing_the_text_sets_the_hand_and_the_grid() -> None:
    builder = HandBuilder()
    builder._text.value = "5H, 6h  10♣ Th"
    assert builder.model.cards == cards("5h 6h 10c 10h")
    assert builder._text.value == "5h 6h 10c 10h"
    assert builder._buttons[parse_card("10c")].style.button_color != "#ffffff"
    assert builder._message.value == ""


def test_bad_text_names_the_bad_token_and_leaves_the_hand_as_it_was() -> None:
    builder = HandBuilder()
    builder._text.value = "5h 6h 7h"
    builder._text.value = "5h 6h 11h 8h"
    assert builder.model.cards == cards("5h 6h 7h")
    message = text_of(builder._message.value)
    assert "The 3rd card, '11h', is not a card" in message and "no rank 11" in message and "token" not in message.lower()
    assert "The hand is unchanged." in message
    assert builder._text.value == "5h 6h 11h 8h"  # the learner's text stays, to be fixed
    assert data_cards(builder._hand.value) == ["5h", "6h", "7h"]
    builder._text.value = "5h 6h 7h 8h"
    assert builder._message.value == ""
    assert builder.model.cards == cards("5h 6h 7h 8h")


def test_bad_text_in_norwegian_and_too_many_copies() -> None:
    builder = HandBuilder(lang="nb")
    builder._text.value = "5h 6x"
    message = text_of(builder._message.value)
    assert "Det 2. kortet, «6x», er ikke et kort" in message and "ingen sort «x»" in message and "Hånda er uendret." in message
    builder._text.value = "7h 7h 7h"
    assert builder.model.cards == ()
    assert "3 × 7h (7♥)" in text_of(builder._message.value) and "maks 2 av hvert kort" in text_of(builder._message.value)


def test_sort_clear_and_seeded_deals() -> None:
    builder = HandBuilder()
    builder._text.value = "Kc 5h 2s 5c Ah"
    builder._sort_suit.click()
    assert builder._text.value == "2s Ah 5h 5c Kc"
    builder._sort_rank.click()
    assert builder._text.value == "Ah 2s 5h 5c Kc"
    builder._clear.click()
    assert builder.model.cards == () and builder._text.value == ""

    builder._seed.value = 7
    builder._deal_small.click()
    first = builder.model.cards
    assert len(first) == 11 and builder._seed.value == "8"
    assert "deal number 7" in text_of(builder._message.value) and "seed" not in text_of(builder._message.value).lower()
    builder._deal_large.click()
    assert len(builder.model.cards) == 12 and builder.model.cards != first
    builder._seed.value = 7
    builder._deal_small.click()
    assert builder.model.cards == first  # the same seed deals the same hand
    assert all(n <= 2 for n in Counter(builder.model.cards).values())
    assert builder._deal_small.description == "Deal 11" and builder._deal_large.description == "Deal 12"


def test_hand_builder_in_norwegian() -> None:
    builder = HandBuilder(lang="nb")
    assert builder._clear.description == "Tøm"
    assert builder._deal_small.description == "Del ut 11"
    assert "Hånda er tom" in text_of(builder._hand.value)
    builder._buttons[parse_card("Qs")].click()
    assert builder._buttons[parse_card("Qs")].tooltip == "spardame"
    assert "1 kort på hånda" in text_of(builder._title.value)


# --- 2. the level checker ----------------------------------------------------------------------------------


def test_checker_shows_a_valid_verdict_with_each_joker_and_the_card_it_stands_for() -> None:
    hand = HandModel("5h 6h 2c 8h 9h 2d 3s Jc")
    checker = LevelChecker(hand, level=7)
    assert "VALID for level 7" in text_of(checker._verdict.value)
    assert "NOT" not in text_of(checker._verdict.value)
    arrangement = checker._arrangement.value
    expected = check(hand.cards, 7).melds[0]
    assert re.findall(r'data-card="([^"]+)"', arrangement)[:7] == [str(p.card) for p in expected.cards]
    faces = dict(re.findall(r'data-card="([^"]+)" data-face="([^"]+)"', arrangement))
    assert faces == {"2d": "3h", "2c": "4h", "3s": "7h"}
    assert arrangement.count("u9-joker") == 3
    assert "Jc" in data_cards(arrangement)  # the card left out, drawn in its own row
    assert "Not laid down" in text_of(arrangement)
    assert "uses 3 of 3" in text_of(checker._budget.value)
    assert "2♦ as 3♥, 2♣ as 4♥, 3♠ as 7♥" in text_of(checker._details.value)


def test_a_two_or_three_counting_as_itself_is_marked_real() -> None:
    checker = LevelChecker(HandModel("2h 3h 4h 5h"), level=1)
    assert "VALID for level 1" in text_of(checker._verdict.value)
    assert checker._arrangement.value.count("u9-real") == 2
    assert "u9-joker" not in checker._arrangement.value
    assert "uses 0 of 0" in text_of(checker._budget.value)
    assert "2♥ stands for itself" in text_of(checker._details.value)


def test_a_hand_that_falls_short_shows_the_reasons_missing_cards_and_outs() -> None:
    hand = HandModel("5h 6h 7h Kc")
    checker = LevelChecker(hand, level=1)
    verdict = text_of(checker._verdict.value)
    assert "NOT VALID for level 1" in verdict and "1 card short" in verdict
    details = checker._details.value
    assert "Level 1 allows no jokers; the closest straight needs 1: 4♥ is missing." in text_of(details)
    assert re.findall(r'data-missing="([^"]+)"', row(details, "Missing")) == ["4h"]
    assert data_cards(row(details, "Any one of these makes it")) == ["4h", "8h"]
    assert 'data-missing="4h"' in checker._arrangement.value


def test_the_verdict_follows_the_hand_and_the_level_buttons() -> None:
    builder = HandBuilder()
    checker = LevelChecker(builder.model)
    builder._text.value = "5h 6h 7h"
    assert "NOT VALID" in text_of(checker._verdict.value)
    builder._buttons[parse_card("8h")].click()
    assert "VALID for level 1" in text_of(checker._verdict.value) and "NOT" not in text_of(checker._verdict.value)
    checker._levels.value = 2
    assert checker.model.level == 2
    assert "NOT VALID for level 2" in text_of(checker._verdict.value)
    assert [label for label, _ in checker._levels.options] == [str(n) for n in range(1, 10)]


def test_the_contract_and_budget_mark_reconstructed_values() -> None:
    checker = LevelChecker(HandModel("5h 6h"), level=2)
    contract = text_of(checker._contract.value)
    assert "straight of 5*" in contract and "at most 1 joker*" in contract and "reconstructed" in contract
    checker.model.level = 7
    contract = text_of(checker._contract.value)
    assert "straight of 7" in contract and "*" not in contract and "reconstructed" not in contract
    checker.model.level = 5
    assert "straight of 5* + three of a kind" in text_of(checker._contract.value)


def test_budget_meters_per_group_and_in_total_show_a_group_over_its_cap() -> None:
    checker = LevelChecker(HandModel("Kh Kd 7s 7h 5d 5c 9h 2c"), level=4)
    budget = text_of(checker._budget.value)
    assert "Three of a kind (1)" in budget and "Three of a kind (3)" in budget
    assert "needs 3, 2 allowed" in budget  # in total
    assert "Groups with no joker: 0 (at least 1 required)" in budget
    assert checker._budget.value.count('role="meter"') == 4
    assert "u9-over" in checker._budget.value


def test_checker_in_norwegian() -> None:
    checker = LevelChecker(HandModel("Kh Kd 7s 7h 5d 5c 9h 2c"), level=4, lang="nb")
    assert "IKKE GYLDIG for nivå 4" in text_of(checker._verdict.value)
    contract = text_of(checker._contract.value)
    assert "Nivå 4" in contract and "3× tress" in contract and "maks 2 jokere totalt, maks 1 pr. tress, minst én tress uten joker" in contract
    details = text_of(checker._details.value)
    assert "Nivå 4 legger ned 9 kort; hånda har 8." in details
    assert "Nivå 4 krever minst én tress uten joker." in details
    assert "Hånda mangler 2 kort for nedlegget." in details
    assert "Tress (1)" in text_of(checker._arrangement.value)
    checker.model.hand.set_text("5h 6h 2c 8h 9h 2d 3s Jc")
    checker.model.level = 7
    assert "GYLDIG for nivå 7" in text_of(checker._verdict.value)
    assert "Det beste nedlegget bruker 3 jokere av 3 tillatt: 2♦ som 3♥, 2♣ som 4♥, 3♠ som 7♥." in text_of(checker._details.value)
    assert "bruker 3 av 3" in text_of(checker._budget.value)


def test_an_empty_hand_is_a_prompt_not_a_red_verdict() -> None:
    checker = LevelChecker(HandModel(), level=1)
    shown = checker._verdict.value + checker._arrangement.value + checker._budget.value + checker._details.value
    assert text_of(checker._verdict.value) == "Pick cards to check a level."
    assert "u9-bad" not in shown and "NOT VALID" not in shown and "short" not in text_of(shown)
    checker.lang = "nb"
    assert text_of(checker._verdict.value) == "Velg kort for å sjekke et nivå."
    checker.model.hand.set_text("5h")  # the learner has picked a card: now the verdict speaks
    assert "IKKE GYLDIG for nivå 1" in text_of(checker._verdict.value)
    phase = LevelChecker(HandModel(rules=PHASE10), level=1)
    assert text_of(phase._verdict.value) == "Pick cards to check a phase." and "u9-bad" not in phase._verdict.value


def test_missing_cards_short_and_the_gaps_drawn_agree() -> None:
    """One definition everywhere: the cards listed as missing, the verdict's "cards short" and the
    empty slots drawn in the closest arrangement are the same cards, all from the engine's Check."""
    hand = HandModel("Kh Kd 7s 7h 5d 5c 9h 2c")
    checker = LevelChecker(hand, level=4)
    result = checker.model.result
    short = int(re.search(r"The hand is (\d+) cards? short", text_of(checker._verdict.value))[1])
    listed = re.findall(r'data-missing="([^"]+)"', row(checker._details.value, "Missing"))
    gaps = re.findall(r'data-missing="([^"]+)"', checker._arrangement.value)
    assert short == result.cards_short
    assert Counter(listed) == Counter(str(f) for f in result.missing)
    assert len(listed) == short == len(gaps), (listed, short, gaps)
    assert Counter(listed) == Counter(gaps)


def test_every_engine_sentence_of_a_sample_is_translated_to_norwegian() -> None:
    """Each explanation line the engine writes for these hands has a Norwegian wording."""
    from upto9.widgets.engine_text import explanation_lines

    hands = ["5h 6h 7h Kc", "Kh Kd 7s 7h 5d 5c 9h 2c", "5h 6h 2c 8h 9h 2d 3s Jc", "2h 3h 4h 5h", "5s 6h 7s 8s", "", "7h 7d 7s 2c 9h 9d 3c 5h 6h 8h"]
    for text in hands:
        for level in range(1, 10):
            result = check(text, level)
            english = result.explanation
            norwegian = explanation_lines(result, "nb")
            assert len(norwegian) == len(english)
            for en, nb in zip(english[1:], norwegian[1:], strict=True):
                assert en != nb, f"not translated: {en!r}"


# --- 3. the lay-down editor ------------------------------------------------------------------------------------


def place_all(editor: LayDownEditor, text: str, group: int = 0) -> None:
    editor._target.value = group
    for card in parse_hand(text, editor.model.rules):
        editor.click_free(card)


def test_a_club_two_in_a_hearts_straight_stands_for_the_card_it_fills_and_level_1_allows_no_joker() -> None:
    builder = HandBuilder()
    builder._text.value = "5h 6h 2c 8h Kc"
    editor = LayDownEditor(builder.model, level=1)
    place_all(editor, "5h 6h 2c 8h")
    assert editor.model.groups[0][2].card == parse_card("2c")
    # The 2♣ cannot be itself in a hearts straight: it starts on the one card that fits, 7♥, shown.
    dropdown = editor.face_dropdown(0, 2)
    assert dropdown.options == (("as 7♥", parse_card("7h")),) and dropdown.value == parse_card("7h") and dropdown.label == "as 7♥"
    preview = editor._group_parts[0][2].value
    assert 'data-card="2c" data-face="7h"' in preview and "u9-real" not in preview  # drawn as the joker the verdict counts
    assert data_cards(preview) == ["5h", "6h", "2c", "8h"]  # drawn as the engine orders it
    verdict = text_of(editor._verdict.value)
    assert "Not a valid lay-down for level 1" in verdict
    assert "Level 1 allows no jokers; this lay-down uses 1 (2♣ as 7♥)" in verdict
    editor.lang = "nb"
    assert dropdown.label == "som 7♥"
    assert "Nivå 1 tillater ingen jokere; dette nedlegget bruker 1 (2♣ som 7♥)" in text_of(editor._verdict.value)


def test_the_editor_draws_each_2_and_3_as_the_verdict_counts_it() -> None:
    """The tester's hearts straight: 2♦ 2♣ 3♠ among hearts are jokers in the drawing, the dropdowns
    and the verdict alike; a 2♥ and 3♥ in their places are REAL everywhere."""
    hand = HandModel("5h 6h 2d 2c 3s 8h 9h 2h 3h 4h")
    editor = LayDownEditor(hand, level=7)
    place_all(editor, "5h 6h 2d 2c 3s 8h 9h")
    preview = editor._group_parts[0][2].value
    assert preview.count("u9-joker") == 3 and "u9-real" not in preview
    assert "A valid lay-down for level 7" in text_of(editor._verdict.value) and "It uses 3 jokers." in text_of(editor._verdict.value)
    assert not text_of(editor._group_parts[0][3].value)  # no reason against the group
    for k in (2, 3, 4):
        dropdown = editor.face_dropdown(0, k)
        assert dropdown.value is not None and dropdown.label.startswith("as ") and "♥" in dropdown.label
        assert all(label.startswith("as ") and label.endswith("♥") for label, _ in dropdown.options)  # only hearts that fit
        assert len(dropdown.options) < 13
        for _label, face in dropdown.options:  # every face offered keeps the straight whole
            dropdown.value = face
            assert "A valid lay-down for level 7" in text_of(editor._verdict.value), face
    # Real 2♥ 3♥ in their own places: tagged REAL, and the verdict uses no joker.
    editor.model.level = 1
    place_all(editor, "2h 3h 4h 5h")
    assert editor._group_parts[0][2].value.count("u9-real") == 2 and "u9-joker" not in editor._group_parts[0][2].value
    assert editor.face_dropdown(0, 0).options[0] == ("itself (2♥)", parse_card("2h")) and editor.face_dropdown(0, 0).label == "itself (2♥)"
    assert "It uses no jokers." in text_of(editor._verdict.value)
    # The learner makes the 2♥ a joker (it may stand for 6♥ at the top): it is drawn as one at once.
    editor.face_dropdown(0, 0).value = parse_card("6h")
    assert 'data-card="2h" data-face="6h"' in editor._group_parts[0][2].value
    assert editor._group_parts[0][2].value.count("u9-real") == 1
    assert "Level 1 allows no jokers; this lay-down uses 1 (2♥ as 6♥)" in text_of(editor._verdict.value)


def test_a_2_that_no_longer_fits_moves_to_a_face_that_does() -> None:
    editor = LayDownEditor(HandModel("2d 5h 6h 7h"), level=1)
    place_all(editor, "2d")
    assert editor.face_dropdown(0, 0).options == (("itself (2♦)", parse_card("2d")),)  # alone: only itself
    place_all(editor, "5h 6h 7h")  # now a hearts straight: a 2♦ can only stand in for 4♥ or 8♥
    dropdown = editor.face_dropdown(0, 0)
    assert [label for label, _ in dropdown.options] == ["as 4♥", "as 8♥"] and dropdown.label == "as 4♥"
    assert 'data-card="2d" data-face="4h"' in editor._group_parts[0][2].value


def test_an_empty_editor_is_a_prompt_not_a_verdict() -> None:
    editor = LayDownEditor(HandModel("Kh Kd 2c 7s 7h 7c 5d 5c 3h Qs"), level=4)
    shown = editor._verdict.value + "".join(parts[k].value for parts in editor._group_parts for k in (0, 2, 3))
    assert "Pick cards from the hand to lay down level 4." in text_of(editor._verdict.value)
    assert "u9-bad" not in shown and "u9-error" not in shown and "Not a valid" not in text_of(shown)
    editor.lang = "nb"
    assert "Velg kort fra hånda for å legge ned nivå 4." in text_of(editor._verdict.value)
    editor.lang = "en"
    editor.click_free(parse_card("Kh"))  # the learner has started: now the rules speak
    assert "Not a valid lay-down for level 4" in text_of(editor._verdict.value)
    assert "holds 0 cards" in text_of(editor._group_parts[1][3].value)
    phase = LayDownEditor(HandModel("7r 7b", rules=PHASE10), level=1)
    assert "Pick cards from the hand to lay down phase 1." in text_of(phase._verdict.value) and "u9-bad" not in phase._verdict.value


def test_a_valid_lay_down_and_cards_going_back_to_the_hand() -> None:
    editor = LayDownEditor(HandModel("5h 6h 7h 8h Kc 3h"), level=1)
    assert "The hand (click to place)" in text_of(editor._free_label.value)
    place_all(editor, "5h 6h 7h")
    assert "the straight (1) holds 3 cards; level 1 lays down a straight of 4, exactly 4" in text_of(editor._group_parts[0][3].value).lower()
    editor.click_free(parse_card("8h"))
    assert "A valid lay-down for level 1" in text_of(editor._verdict.value)
    assert "It uses no jokers." in text_of(editor._verdict.value)
    assert [str(c) for c in editor.model.free_cards()] == ["Kc", "3h"]
    editor.click_placed(0, 0)
    assert "Not a valid lay-down" in text_of(editor._verdict.value)
    assert [str(c) for c in editor.model.free_cards()] == ["5h", "Kc", "3h"]


def test_an_empty_group_asks_for_cards_and_the_checkers_arrangement_fills_the_groups() -> None:
    hand = HandModel("Kh Kd 2c 7s 7h 7c 5d 5c 3h Qs")
    editor = LayDownEditor(hand, level=4)
    assert editor._target.options == (("Three of a kind (1)", 0), ("Three of a kind (2)", 1), ("Three of a kind (3)", 2))
    assert "Empty: pick cards from the hand for it." in text_of(editor._group_parts[0][2].value)
    editor._auto.click()
    assert "A valid lay-down for level 4" in text_of(editor._verdict.value)
    assert "It uses 2 jokers." in text_of(editor._verdict.value)
    assert [str(c) for c in editor.model.free_cards()] == ["Qs"]
    # A 2 in a set stands for the set's rank, the one face that fits.
    place = next((g, k) for g, group in enumerate(editor.model.groups) for k, e in enumerate(group) if e.card == parse_card("2c"))
    rank = next(e.card.rank for e in editor.model.groups[place[0]] if e.card.rank not in (2, 3))
    dropdown = editor.face_dropdown(*place)
    assert [label for label, _ in dropdown.options] == [f"as {rank}"] and dropdown.label == f"as {rank}"
    editor._clear.click()
    assert all(not group for group in editor.model.groups)


def test_the_editor_follows_the_hand() -> None:
    builder = HandBuilder()
    builder._text.value = "5h 6h 7h 8h 9c"
    editor = LayDownEditor(builder.model, level=1)
    place_all(editor, "5h 6h 7h 8h")
    assert "A valid lay-down" in text_of(editor._verdict.value)
    builder._buttons[parse_card("6h")].click()  # a second 6♥ joins the hand
    assert [str(c) for c in editor.model.free_cards()] == ["9c", "6h"]
    builder._buttons[parse_card("6h")].click()  # the third click takes both 6♥ out of the hand
    assert [str(e.card) for e in editor.model.groups[0]] == ["5h", "7h", "8h"]
    assert "Not a valid lay-down" in text_of(editor._verdict.value)


def test_a_lay_down_that_breaks_the_group_cap_and_the_clean_group_rule() -> None:
    editor = LayDownEditor(HandModel("Kh Kd 2c 7s 7h 3d 5d 5c 3h"), level=4)
    for group, text in enumerate(("Kh Kd 2c", "7s 7h 3d", "5d 5c 3h")):
        place_all(editor, text, group)
    for group, rank in enumerate(("K", "7", "5")):
        assert editor.face_dropdown(group, 2).label == f"as {rank}"  # a 2 or 3 in a set stands for its rank
    reasons = text_of(editor._verdict.value)
    assert "level 4 allows 2 jokers; this lay-down uses 3" in reasons.lower()
    assert "level 4 needs at least 1 set with no joker; every one holds a joker" in reasons.lower()


# --- 4. the round stepper ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stepper() -> RoundStepper:
    return RoundStepper(seed=3, players=3)


def test_the_stepper_starts_at_the_deal_and_moves_with_the_buttons_and_the_slider(stepper: RoundStepper) -> None:
    model = stepper.model
    stepper._start.click()
    assert model.step == 0
    assert "The deal: each player gets 11 cards" in text_of(stepper._action.value)
    assert "Setup: all the cards are shuffled into one face-down deck" in text_of(stepper._action.value)
    assert f"action 0 of {model.last_step}" in text_of(stepper._status.value)
    deck = model.current.views[0].deck_count
    table = text_of(stepper._table.value)  # the deck's size said once, beside its back (a "×n" badge said it twice)
    assert f"Deck ? {deck} cards" in table and f"×{deck}" not in table
    stepper._forward.click()
    assert model.step == 1 and stepper._slider.value == 1
    action = model.current.action
    assert isinstance(action, Drew)
    words = text_of(stepper._action.value)
    assert "draws" in words or "takes" in words
    assert "draw 1 card" in words
    stepper._back.click()
    assert model.step == 0
    stepper._slider.value = 5
    assert model.step == 5 and f"action 5 of {model.last_step}" in text_of(stepper._status.value)
    stepper._autoplay.value = 7  # autoplay moves the slider, which moves the stepper
    assert stepper._slider.value == 7 and model.step == 7
    stepper._speed.value = 5
    assert stepper._autoplay.interval == 200
    stepper._end.click()
    assert model.step == model.last_step


def test_the_round_end_shows_penalties_and_who_moves_up(stepper: RoundStepper) -> None:
    stepper._end.click()
    game = stepper.model.game
    assert game is not None
    played = game.rounds[0]
    assert played.end is not None
    table = text_of(stepper._table.value)
    assert "The round's end" in table
    for seat in range(game.players):
        assert f"Player {seat + 1}" in table
    out = played.end.out
    assert out is not None
    assert f"The round is over: Player {out + 1} went out." in text_of(stepper._action.value)
    assert "moves up to level 2" in table
    assert "stays on level 1" in table
    for points in played.end.penalties:
        assert f" {points} " in table


def test_a_players_view_never_shows_another_players_cards(stepper: RoundStepper) -> None:
    model = stepper.model
    game = model.game
    assert game is not None
    saw_hidden_draw = saw_donation = False
    for number in range(len(game.rounds)):  # every round of the game, from every seat
        model.round_index = number
        for seat in range(game.players):
            saw_hidden_draw, saw_donation = check_seat(model, seat, saw_hidden_draw, saw_donation)
    assert saw_hidden_draw and saw_donation
    model.round_index = 0
    # The whole table shows every hand.
    _, _, whole = render_step(model, 0, WHOLE_TABLE)
    dealt = Counter(c for hand in game.rounds[0].dealt for c in hand)
    assert not dealt - Counter(parse_card(c) for c in data_cards(whole))


def check_seat(model: RoundModel, seat: int, saw_hidden_draw: bool, saw_donation: bool) -> tuple[bool, bool]:
    """Every step of the model's round seen from ``seat`` shows no card that seat may not see."""
    game = model.game
    assert game is not None
    for index, step in enumerate(model.steps):
        own = step.views[seat]
        status, action, table = render_step(model, index, seat)
        public = Counter(own.hand)
        for melds in own.table:
            for meld in melds:
                public.update(p.card for p in meld.cards)
        if own.discard_top is not None:
            public[own.discard_top] += 1
        shown = Counter(parse_card(c) for c in data_cards(status + action + table))
        assert not shown - public, f"seat {seat}, step {index}: shows {shown - public}"
        hidden_hands = [p for p in range(game.players) if p != seat and own.hand_counts[p]]
        assert table.count("data-hidden=") == len(hidden_hands) + (1 if own.deck_count else 0)
        record = step.action
        if isinstance(record, Drew) and record.source is Source.DECK and record.player != seat:
            saw_hidden_draw = True
            assert "draws a card from the deck" in text_of(action)
            assert record.card.glyph not in text_of(action)
        saw_donation = saw_donation or isinstance(record, Donated)
    return saw_hidden_draw, saw_donation


def test_the_perspective_selector(stepper: RoundStepper) -> None:
    model = stepper.model
    stepper._start.click()
    stepper._perspective.value = 1
    assert model.perspective == 1
    assert "Player 2 (you)" in text_of(stepper._table.value)
    own = model.current.views[1].hand
    assert Counter(parse_card(c) for c in data_cards(stepper._table.value)) - Counter([*own, model.current.views[1].discard_top]) == Counter()
    assert [label for label, _ in stepper._perspective.options][:2] == ["The whole table", "Player 1: only what they see"]
    stepper._perspective.value = WHOLE_TABLE
    assert len(data_cards(stepper._table.value)) == 3 * 11 + 1


def test_stepper_in_norwegian() -> None:
    stepper = RoundStepper(seed=3, players=3, lang="nb")
    assert "Utdelingen: hver spiller får 11 kort" in text_of(stepper._action.value)
    assert "Oppsett: Alle kortene blandes" in text_of(stepper._action.value)
    assert "Spiller 2 sin tur: trekk et kort" in text_of(stepper._status.value)
    stepper._end.click()
    assert "Slutten på runden" in text_of(stepper._table.value)
    assert "rykker opp til nivå 2" in text_of(stepper._table.value)
    assert stepper._perspective.options[0][0] == "Hele bordet"


def test_a_reshuffle_rides_with_its_draw_and_every_round_replays() -> None:
    model = RoundModel()
    model.play(seed=0, players=2, bots="random")
    played = model.game.rounds[0] if model.game is not None else None
    assert played is not None and any(isinstance(r, Reshuffled) for r in played.history)
    with_reshuffle = [i for i, step in enumerate(model.steps) if step.reshuffled is not None]
    assert with_reshuffle
    model.step = with_reshuffle[0]
    what = render_step(model, model.step, WHOLE_TABLE)[1]
    assert "The deck was empty: the discard pile below its top card is shuffled into a new deck" in text_of(what)
    assert "(ruling 7)" not in text_of(what) and "ruling" not in text_of(what)
    assert model.steps[-1].views[0].phase.value == "over"


def test_loading_a_saved_game_record(tmp_path: Path) -> None:
    game = play_game(players=2, seed=5)
    path = tmp_path / "game.json"
    save_game(game, path)
    stepper = RoundStepper(record=path)
    assert stepper.model.game is not None and len(stepper.model.game.rounds) == len(game.rounds)
    assert "A saved game, 2 players." in text_of(stepper._source.value) and "game.json" not in text_of(stepper._source.value)
    assert "The game record game.json" in text_of(stepper._developer.value)  # in the Advanced section, closed
    assert stepper._advanced.selected_index is None and stepper._new_game.layout.display == "none"
    stepper._rounds.value = len(game.rounds) - 1
    stepper._end.click()
    assert "The game is over. Winner:" in text_of(stepper._table.value)
    # The upload button reads a record too; a broken one is refused with the engine's reason.
    upload = {"name": "again.json", "type": "application/json", "size": 1, "content": memoryview(path.read_bytes()), "last_modified": datetime.now(UTC)}
    stepper._upload.value = (upload,)
    assert stepper._error.value == "" and "again.json" in text_of(stepper._developer.value)
    broken = json.loads(path.read_text(encoding="utf-8"))
    broken["rounds"][0]["actions"][0]["card"] = "Kh" if broken["rounds"][0]["actions"][0]["card"] != "Kh" else "Qh"
    stepper.model.load_record(broken, "broken.json")
    # Plain words on the page; the engine's, naming the action, under Advanced (issue 26).
    assert text_of(stepper._error.value) == "⚠ This file is not a saved game of Up to 9 or Phase 10: move 1 of round 1 is not a legal move."
    assert "round 1, action 1 (draw)" in text_of(stepper._developer.value)


# --- 5. the rules explorer ------------------------------------------------------------------------------------------


def test_the_level_table_marks_reconstructed_values() -> None:
    explorer = RulesExplorer()
    table = text_of(explorer._table.value)
    assert "straight of 5*" in table and "2 × four of a kind*" in table and "reconstructed" in table
    assert "house rule" not in table


def test_a_house_rule_changes_the_checked_hand_at_once_and_the_simulator_takes_it(tmp_path: Path) -> None:
    explorer = RulesExplorer(HandModel("5h 6h 2c 8h Kc"))
    compare = text_of(explorer._compared.value)
    assert "Up to 9: ✘ not valid (1 card short)" in compare
    explorer.total_box.value = 1  # level 1 now allows one joker
    assert explorer.rules.level(1).jokers == 1 and explorer.rules.is_house_rule("levels.1")
    compare = text_of(explorer._compared.value)
    assert "Up to 9: ✘ not valid" in compare and "Up to 9 (house rules): ✔ valid (1 joker)" in compare
    assert "VALID for level 1" in text_of(explorer._checker_view._verdict.value)
    assert "1 †" in text_of(explorer._table.value) and "house rule" in text_of(explorer._table.value)
    # The house-rule file reads back as the same rule set.
    path = tmp_path / "house.toml"
    path.write_text(explorer._toml.value, encoding="utf-8")
    loaded = load_rules(path)
    assert loaded.levels == explorer.rules.levels and loaded.is_house_rule("levels.1")
    assert 'download="house.toml"' in explorer._download.value
    # The simulator plays it.
    game = play_game(players=2, rules=explorer.rules, seed=2)
    assert game.over and game.rules.level(1).jokers == 1


def test_group_sizes_and_caps_and_a_refused_change() -> None:
    explorer = RulesExplorer(HandModel("5h 6h 7h 8h 9h 10h Kc Kd 2s"))
    explorer._levels.value = 5
    assert explorer.model.level == 5 and explorer.checker.level == 5
    explorer.size_box(0).value = 6
    assert explorer.rules.level(5).groups[0].size == 6
    assert "straight of 6 + three of a kind" in text_of(explorer._table.value)
    explorer.cap_dropdown(1).value = 0
    assert explorer.rules.level(5).groups[1].jokers == 0
    explorer.total_box.value = 99
    assert "Not changed: Level 5: Max jokers in total: must be a whole number from 0 to 9, got 99" in text_of(explorer._error.value)
    assert explorer.rules.level(5).jokers == 2 and explorer.total_box.number == 2  # the refused value is put back
    explorer._reset_level.click()
    assert explorer.rules.level(5) == UPTO9.level(5) and explorer.rules is UPTO9
    assert explorer._reset_all.disabled


def test_rules_explorer_in_norwegian() -> None:
    explorer = RulesExplorer(lang="nb")
    table = text_of(explorer._table.value)
    assert "Nivå" in table and "5 straight*" in table and "rekonstruert" in table and "3× tress" in table
    explorer.total_box.value = 9
    assert "Ikke endret: Nivå 1: Maks jokere totalt: må være et helt tall fra 0 til 4, ikke 9" in text_of(explorer._error.value)
    assert "Nivå 1 med denne hånda" in text_of(explorer._compared.value)


def test_rules_model_api() -> None:
    model = RulesModel()
    assert model.set_group(8, 0, size=7)
    assert model.rules.level(8).groups[0].size == 7
    assert model.set_clean(6, 1)
    assert model.house_levels == [6, 8]
    assert "[[levels]]\nnumber = 6" in model.house_toml() and "clean_groups = 1" in model.house_toml()
    model.reset()
    assert model.rules is UPTO9 and model.house_levels == []


# --- composing: one hand, three components -----------------------------------------------------------------------------


def test_components_share_one_hand_model() -> None:
    builder = HandBuilder(lang="nb")
    checker = LevelChecker(builder.model)
    editor = LayDownEditor(builder.model)
    assert checker.lang == "nb" and editor.lang == "nb"
    builder._text.value = "5h 6h 7h 8h"
    assert "GYLDIG for nivå 1" in text_of(checker._verdict.value)
    assert [str(c) for c in editor.model.free_cards()] == ["5h", "6h", "7h", "8h"]
    assert isinstance(checker.model, CheckerModel)


def test_translate_renders_messages_and_never_looks_up_english_text() -> None:
    assert translate("Something the engine will say one day.", "nb") == "Something the engine will say one day."
    said = check("5h 6h", 1).messages[-1]
    assert translate(said, "nb") == "Hånda mangler 2 kort for nedlegget."
    # The English text of a sentence the engine has just said is not looked up: only a message is worded.
    assert translate(str(said), "nb") == str(said) == "The hand is 2 cards short of the lay-down."


def test_the_workbench_shares_one_hand_and_switches_every_language_at_once() -> None:
    bench = Workbench("5h 6h 7h Kc", level=1)
    assert bench._tabs.titles == ("Hand and check", "Lay down", "A round", "Rules and house rules")
    bench.hand_builder._buttons[parse_card("8h")].click()
    assert "VALID for level 1" in text_of(bench.checker._verdict.value)
    assert parse_card("8h") in bench.editor.model.free_cards()
    bench.checker._levels.value = 2
    assert bench.editor.model.level == 2
    bench._language.value = "nb"
    assert bench._tabs.titles[0] == "Hånd og sjekk"
    assert "nivå 2" in text_of(bench.checker._verdict.value)
    assert "Nivå 2" in text_of(bench.editor._contract.value)
    assert "Utdelingen" in text_of(bench.stepper._action.value)
    assert "Nivå" in text_of(bench.explorer._table.value)
    assert bench.hand_builder._clear.description == "Tøm"


def test_the_examples_in_the_widgets_docstrings() -> None:
    import doctest
    import importlib

    for name in (
        *("_common", "texts", "cards_html", "engine_text", "hand", "level_checker", "editor", "stepper", "explorer", "choice"),
        *("lab", "atlas", "page", "nav", "table", "designer", "compare", "tour", "figures"),
        *("games.seat", "games.seat_panels", "games.picture_play", "games.picture_tour", "games.threeup_tour", "games.tips"),
    ):  # (budget's: tests/test_pinning.py)
        module = importlib.import_module(f"upto9.widgets.{name}")
        failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert failed == 0, name


# --- Phase 10: every component with the other rule set -------------------------------------------------------------


def p10(text: str) -> tuple:
    return parse_hand(text, PHASE10)


def test_phase10_cards_are_drawn_in_their_colours_with_labelled_wild_cards_and_skips() -> None:
    seven, wild, skip = p10("7r W S")
    red = card_html(seven)
    assert 'aria-label="red 7"' in red and "u9-cr" in red and text_of(red) == "7"
    assert 'aria-label="gul 12"' in card_html(p10("12y")[0], lang="nb") and "u9-cy" in card_html(p10("12y")[0])
    assert 'aria-label="wild"' in card_html(wild) and "WILD" in text_of(card_html(wild)).upper()
    assert 'aria-label="joker"' in card_html(wild, lang="nb")
    assert 'aria-label="skip"' in card_html(skip) and "skip" in text_of(card_html(skip))
    assert 'aria-label="hopp over"' in card_html(skip, lang="nb")
    as_nine = card_html(wild, 9)
    assert 'aria-label="wild, as a 9"' in as_nine and 'data-face="9"' in as_nine and "=9" in text_of(as_nine)
    as_red = card_html(wild, Colour.RED, lang="nb")
    assert 'aria-label="joker, som rød"' in as_red and 'data-face="r"' in as_red and "= rød" in text_of(as_red)
    gap = card_html(None, Colour.BLUE)
    assert "u9-missing" in gap and 'aria-label="missing: blue"' in gap and "u9-cb" in gap
    assert 'aria-label="missing: an 8"' in card_html(None, 8)
    # Up to 9's cards are drawn as before.
    assert card_html(parse_card("7h")).startswith('<span class="u9-card u9-red" role="img" aria-label="7 of hearts" data-card="7h">7♥')


def test_phase10_hand_builder_has_a_grid_of_numbers_in_four_colours_wild_cards_and_skips() -> None:
    builder = HandBuilder(rules=PHASE10)
    assert len(builder._buttons) == 50 and builder._grid.children[0].children[0].layout.grid_template_columns.startswith("repeat(12,")
    seven, wild, skip = p10("7r W S")
    button = builder._buttons[seven]
    assert button.description == "7" and button.tooltip == "red 7" and button.style.button_color == "#ffffff"
    button.click()
    button.click()
    assert builder._text.value == "7r 7r" and button.description == "7 ×2" and button.style.button_color != "#ffffff"
    button.click()  # one deck holds two red 7s: the third click takes them out
    assert builder.model.cards == ()
    for _ in range(3):
        builder._buttons[wild].click()
    builder._buttons[skip].click()
    assert builder._text.value == "W W W S" and builder._buttons[wild].description == "✱ WILD ×3"
    builder._text.value = "7r 13r"
    message = text_of(builder._message.value)
    assert "'13r'" in message and "no number 13; numbers are 1-12" in message and "The hand is unchanged." in message
    assert builder.model.text == "W W W S"
    builder.lang = "nb"
    assert "ikke noe tall 13; tallene er 1-12" in text_of(builder._message.value)
    assert builder._sort_suit.description == "Sorter etter farge" and builder._buttons[skip].tooltip == "hopp over"
    builder.lang = "en"
    builder._text.value = "12b W 3g 7r S 3r"
    builder._sort_suit.click()
    assert builder._text.value == "3r 7r 3g 12b W S"
    builder._sort_rank.click()
    assert builder._text.value == "3r 3g 7r 12b W S"
    builder._seed.value = 4
    builder._deal_small.click()
    assert len(builder.model.cards) == 10 and builder._deal_small.description == "Deal 10"
    assert all(isinstance(c, Phase10Card) for c in builder.model.cards)


def test_phase10_checker_says_valid_for_a_phase_with_each_wild_card_and_what_it_stands_for() -> None:
    hand = HandModel("7r 7b W 3g 4g 5y 6r 12b S 9y", rules=PHASE10)
    checker = LevelChecker(hand, level=2)
    assert "Check the hand against a phase" in text_of(checker._title.value)
    assert checker._levels.description == "Phase" and [label for label, _ in checker._levels.options] == [str(n) for n in range(1, 11)]
    assert "Phase 2: 1 set of 3 + 1 run of 4 · Wild cards: any number of wild cards, at least 1 number card" in text_of(checker._contract.value)
    verdict = text_of(checker._verdict.value)
    assert "✔ VALID for phase 2" in verdict and "with 1 wild card" in verdict
    arrangement = checker._arrangement.value
    assert 'data-card="W" data-face="7"' in row(arrangement, "Set of 3 (1)")
    assert data_cards(row(arrangement, "Run of 4 (2)")) == ["3g", "4g", "5y", "6r"]
    assert sorted(data_cards(row(arrangement, "Not laid down"))) == ["12b", "9y", "S"]
    assert "this lay-down uses 1 wild card" in text_of(checker._budget.value)
    assert "Number cards in the lay-down: 6 (at least 1 required)" in text_of(checker._budget.value)
    assert "The best lay-down uses 1 wild card: W as 7." in text_of(checker._details.value)
    checker.lang = "nb"
    assert "GYLDIG for fase 2" in text_of(checker._verdict.value) and "3 like (1)" in text_of(checker._arrangement.value)
    assert "Fase 2: 3 like og serie på 4" in text_of(checker._contract.value)
    assert "Det beste nedlegget bruker 1 joker: én som 7." in text_of(checker._details.value)


def test_phase10_checker_shows_what_is_missing_and_the_outs_for_a_colour_phase() -> None:
    checker = LevelChecker(HandModel("1r 2r 5r 9r 12r 3b W S", rules=PHASE10), level=8)
    verdict = text_of(checker._verdict.value)
    assert "NOT VALID for phase 8" in verdict and "1 card short" in verdict
    assert "7 cards of one colour" in text_of(checker._contract.value)
    missing = re.findall(r'data-missing="([^"]+)"', row(checker._details.value, "Missing"))
    assert missing == ["r"] == re.findall(r'data-missing="([^"]+)"', checker._arrangement.value)  # the wild card's slot is not missing
    outs = data_cards(row(checker._details.value, "Any one of these makes it"))
    assert "W" in outs and all(c == "W" or c.endswith("r") for c in outs) and "S" not in outs
    checker.lang = "nb"
    details = text_of(checker._details.value)
    assert "7 kort i samme farge mangler" in details and "Hånda mangler 1 kort for fasen." in details


def test_phase10_lay_down_editor_takes_bigger_groups_colour_groups_and_names_a_wild_cards_face() -> None:
    hand = HandModel("7r 7b 7g 7y W 3g 4g 5y 6r S", rules=PHASE10)
    editor = LayDownEditor(hand, level=2)
    assert editor._target.options == (("Set of 3 (1)", 0), ("Run of 4 (2)", 1))
    place_all(editor, "7r 7b 7g 7y")  # four of a kind where three are asked
    place_all(editor, "3g 4g 5y W", group=1)
    dropdown = editor.face_dropdown(1, 3)
    assert dropdown.options == (("as 2", 2), ("as 6", 6)) and dropdown.value == 2 and dropdown.label == "as 2"  # the run's open ends, shown
    assert "A valid lay-down for phase 2" in text_of(editor._verdict.value)
    dropdown.value = 6
    assert "A valid lay-down for phase 2" in text_of(editor._verdict.value) and "It uses 1 wild card." in text_of(editor._verdict.value)
    assert 'data-card="W" data-face="6"' in editor._group_parts[1][2].value
    editor.lang = "nb"
    assert dropdown.label == "som 6"
    editor.lang = "en"
    editor.click_free(p10("S")[0])  # a skip is never part of a phase: the engine says so
    assert "a skip can never be part of a phase" in text_of(editor._group_parts[1][3].value)
    # Phase 8: a wild card stands for a colour.
    hand.set_text("1r 4r 6r 8r 10r 12r W")
    editor.model.level = 8
    place_all(editor, "1r 4r 6r 8r 10r 12r W")
    assert editor.face_dropdown(0, 6).value == Colour.RED
    assert editor.face_dropdown(0, 6).options == (("as red", Colour.RED),)  # a red group: the one colour that fits
    assert "A valid lay-down for phase 8" in text_of(editor._verdict.value)


def test_the_rule_set_choice_switches_the_hand_the_checker_and_the_editor_and_keeps_each_games_hand() -> None:
    builder = HandBuilder()
    builder._text.value = "5h 6h 7h 8h"
    checker = LevelChecker(builder.model, level=7)
    editor = LayDownEditor(builder.model, level=7)
    traitlets.link((checker.model, "level"), (editor.model, "level"))  # as the hand checker page does
    choice = RuleSetChoice(builder.model)
    assert [label for label, _ in choice._buttons.options] == ["Up to 9", "Phase 10"]
    choice._buttons.value = 1
    assert builder.model.rules is PHASE10 and checker.model.rules is PHASE10 and editor.model.rules is PHASE10
    assert builder._text.value == "7r 7b W 3g 4g 5y 6r 12b S 9y" and len(builder._buttons) == 50
    assert "Check the hand against a phase" in text_of(checker._title.value)
    assert "NOT VALID for phase 7" in text_of(checker._verdict.value)
    checker._levels.value = 2
    assert "✔ VALID for phase 2" in text_of(checker._verdict.value)
    assert editor._levels.description == "Phase" and "Phase 2" in text_of(editor._contract.value)
    choice._buttons.value = 0
    assert builder.model.rules is UPTO9 and builder._text.value == "5h 6h 7h 8h"
    assert "VALID for level 2" in text_of(checker._verdict.value) and len(builder._buttons) == 52
    choice.lang = "nb"
    assert choice._buttons.description == "Spill"


def test_phase10_round_stepper_shows_who_a_skip_names_and_the_turn_they_lose() -> None:
    stepper = RoundStepper(seed=3, players=3, rules=PHASE10)
    model = stepper.model
    assert "each player gets 10 cards" in text_of(stepper._action.value)
    skips = [i for i, step in enumerate(model.steps) if step.skipped]
    assert skips, "seed 3's first round has a skip"
    model.step = skips[0]
    action = model.current.action
    assert isinstance(action, Discarded) and action.target is not None
    words = text_of(stepper._action.value)
    victim = f"Player {action.target + 1}"
    assert f"discards a skip, naming {victim}: {victim} loses their next turn." in words
    assert f"{victim} loses this turn to a skip." in words and "neither draws, lays down nor discards" in words
    stepper._end.click()
    assert "moves up to phase 2" in text_of(stepper._table.value)
    stepper.lang = "nb"
    model.step = skips[0]
    assert f"Spiller {action.target + 1} mister denne turen" in text_of(stepper._action.value)


def test_every_phase10_engine_sentence_of_a_sample_is_translated_to_norwegian() -> None:
    from upto9.widgets.engine_text import explanation_lines

    hands = ["7r 7b W 3g 4g 5y 6r 12b S 9y", "1r 2r 5r 9r 12r 3b W S", "W W S", "", "1r 2y 3g 5b 6r 7y W W 11g 12b", "5r 5y 5g 9b 9r W S S"]
    for text in hands:
        for level in range(1, 11):
            result = check(parse_hand(text, PHASE10), level, PHASE10)
            norwegian = explanation_lines(result, "nb")
            assert len(norwegian) == len(result.explanation)
            for en, nb in zip(result.explanation, norwegian, strict=True):
                assert en != nb, f"not translated: {en!r}"


def test_phase10_stepper_names_cards_in_the_pages_language() -> None:
    from upto9.widgets.stepper import describe

    stepper = RoundStepper(seed=3, players=3, rules=PHASE10)
    model = stepper.model
    code = re.compile(r"\b\d{1,2}[rygb]\b|\[W=|\bW\b")  # '11b', '[W=5]', 'W': Phase 10's card codes
    said = {lang: [] for lang in ("en", "nb")}
    for lang in said:
        model.lang = lang
        for step in model.steps:
            said[lang].extend(describe(model, step, WHOLE_TABLE)[0])
    for lang in said:  # by name in both languages, as the seat's buttons name them (English said '9y')
        joined = " ".join(said[lang])
        assert not code.findall(joined), (lang, code.findall(joined))
    assert "Spiller 2 trekker gul 9 fra trekkbunken." in said["nb"]
    assert "Spiller 3 legger ned fase 1: rød 11, gul 11, grønn 11 · rød 5, grønn 5, joker som 5." in said["nb"]
    assert "Spiller 1 legger gul 5 til 3 like (2) hos Spiller 3." in said["nb"]  # the checker's own group words
    assert "Player 2 draws yellow 9 from the deck." in said["en"]
    assert "Player 3 lays down phase 1: red 11, yellow 11, green 11 · red 5, green 5, wild card as 5." in said["en"]
    assert "Player 1 hits Player 3's set (2) with yellow 5." in said["en"]
    model.lang = "nb"
    model.step = len(model.steps) - 1
    assert "5 like (1)" in text_of(stepper._table.value) and "gruppen med like kort" not in text_of(stepper._table.value)


# --- the rules explorer with three rule sets ---------------------------------------------------------------------------


LEAN = builtin_rules("upto9_lean")


def test_explorer_offers_three_rule_sets_and_shows_phase10_in_its_own_words() -> None:
    explorer = RulesExplorer()
    assert [label for label, _ in explorer.choice._buttons.options] == ["Up to 9", "Phase 10", "Up to 9, one deck fewer"]
    assert "standard 52-card decks" in text_of(explorer._facts.value) and "every 2 and 3 is a joker" in text_of(explorer._facts.value)
    explorer.choice._buttons.value = 1
    assert explorer.model.base is PHASE10 and explorer.hand.rules is PHASE10 and explorer.checker.rules is PHASE10
    assert "the phase table" in text_of(explorer._title.value)
    facts = text_of(explorer._facts.value)
    deck = PHASE10.one_deck()
    assert f"Deck {len(deck)} cards: the numbers 1–12 in four colours (red, yellow, green, blue), 2 of each; 8 wild cards; 4 skips" in facts
    assert len(deck) == 108 and sum(c.is_wild for c in deck) == deck_of(PHASE10).wilds == 8 and sum(c.is_skip for c in deck) == 4
    assert "Wild cards any number in a phase, as long as it holds at least 1 number card" in facts
    assert "Skips a skip, discarded, names a player who loses their next turn" in facts
    # Penalties with their marks: every Phase 10 penalty value is reconstructed (the rules text gives none).
    assert PHASE10.is_reconstructed("penalties.wild") and "1–9: 5*, 10–12: 10*, wild: 25*, skip: 15*" in facts
    assert "reconstructed: not stated by the rules text" in facts
    assert "they play a deciding round of phase 10" in facts and "Safety valve none: a round ends only when someone goes out" in facts
    table = text_of(explorer._table.value)
    assert "Phase Contract Wild cards allowed Number cards, at least" in table
    assert table.count("any number of wild cards, at least 1 number card 1") == 10
    assert "2 sets of 3" in table and "7 cards of one colour" in table and "†" not in table
    # Phase 10 counts wild cards for the whole phase: no caps per group, no clean groups; "any number" is a choice.
    assert explorer._caps == [] and explorer._clean not in explorer._editors.children
    assert explorer.wild_dropdown.value == "unlimited" and explorer.wild_dropdown.options[0] == ("any number", "unlimited")
    assert explorer.natural_box.number == 1
    assert explorer.hand.text == "7r 7b W 3g 4g 5y 6r 12b S 9y" and "Phase 1 with this hand" in text_of(explorer._compared.value)
    explorer._levels.value = 2
    assert "Phase 10: ✔ valid (1 wild card)" in text_of(explorer._compared.value)
    assert "VALID for phase 2" in text_of(explorer._checker_view._verdict.value)
    explorer.choice._buttons.value = 0  # back to Up to 9: its cards and its words
    assert explorer.model.base is UPTO9 and "the level table" in text_of(explorer._title.value) and explorer._caps


def test_explorer_editing_an_unlimited_phase_keeps_it_unlimited_and_the_file_says_so(tmp_path: Path) -> None:
    explorer = RulesExplorer(rules=PHASE10)
    explorer._levels.value = 2
    explorer.size_box(1).value = 5  # a run of 5: a house rule on the group's size only
    level = explorer.rules.level(2)
    assert level.groups[1].size == 5 and level.unlimited and explorer.wild_dropdown.value == "unlimited"
    assert "2 † 1 set of 3 + 1 run of 5 any number of wild cards, at least 1 number card 1" in text_of(explorer._table.value)
    toml = explorer._toml.value
    assert 'base = "phase10"' in toml and 'jokers = "unlimited"' in toml and "natural_cards = 1" in toml
    path = tmp_path / "house.toml"
    path.write_text(toml, encoding="utf-8")
    loaded = load_rules(path)
    assert loaded.levels == explorer.rules.levels and loaded.level(2).unlimited and loaded.is_house_rule("levels.2")
    # A limit is the learner's choice, and "any number" takes it back.
    explorer.wild_dropdown.value = 2
    assert explorer.rules.level(2).jokers == 2 and not explorer.rules.level(2).unlimited
    assert "at most 2 wild cards, at least 1 number card 6" in text_of(explorer._table.value)
    assert "jokers = 2" in explorer._toml.value
    explorer.natural_box.value = 3
    assert explorer.rules.level(2).natural_cards == 3 and "natural_cards = 3" in explorer._toml.value
    explorer.wild_dropdown.value = "unlimited"
    assert explorer.rules.level(2).unlimited and "any number of wild cards, at least 3 number cards" in text_of(explorer._table.value)
    # The engine refuses a run longer than 1..12, with its reason, and the box is put back.
    explorer.size_box(1).value = 13
    assert "Not changed: Level 2, group 2: Cards: must be a whole number from 3 to 12, got 13" in text_of(explorer._error.value)
    assert explorer.size_box(1).number == 5 and explorer.rules.level(2).groups[1].size == 5
    explorer._reset_level.click()
    explorer.natural_box.value = 1
    assert explorer.rules is PHASE10 and explorer._reset_all.disabled
    # The house rules play: the simulator takes them.
    explorer.wild_dropdown.value = 0
    game = play_game(players=2, rules=explorer.rules, seed=1)
    assert game.over and game.rules.level(2).jokers == 0


def test_explorer_shows_the_house_rule_file_rule_set_with_its_marks_and_exports_a_file_that_reads_back(tmp_path: Path) -> None:
    explorer = RulesExplorer()
    explorer.pick(LEAN)
    assert explorer.model.base == LEAN and explorer.hand.rules is explorer.model.base
    about = text_of(explorer.choice._about.value)
    assert about == "Up to 9, one deck fewer: Up to 9 with house rules, written only as a house-rule file."
    facts = text_of(explorer._facts.value)
    assert LEAN.is_house_rule("decks") and "1 deck for 2–4 players; 2 decks for 5–6 players†" in facts
    assert "is Up to 9 with house rules; what it changes is marked †" in facts and ".toml" not in facts  # no file name for a learner
    table = text_of(explorer._table.value)
    assert LEAN.is_house_rule("levels.4") and "4 † 3 × three of a kind at most 2 jokers in total, at most 1 per set 7" in table
    assert "house rule: changed from the rule set" in table
    assert "No house rules yet: this is Up to 9, one deck fewer as it stands." in explorer._toml.value
    explorer._levels.value = 4
    assert explorer._reset_level.disabled  # level 4 is the rule set's own house rule, not the learner's
    explorer._levels.value = 1
    assert explorer.cap_dropdown(0).label == "— (only the total)"  # no cap of its own, shown as such (not blank)
    explorer.total_box.value = 1
    path = tmp_path / "house.toml"
    path.write_text(explorer._toml.value, encoding="utf-8")
    loaded = load_rules(path)  # written over Up to 9 itself, the rule set's own changes spelt out
    assert 'base = "upto9"' in explorer._toml.value
    assert loaded.levels == explorer.rules.levels and loaded.decks == LEAN.decks and loaded.level(1).jokers == 1
    explorer._reset_all.click()
    assert explorer.rules is explorer.model.base == LEAN


def test_explorer_in_norwegian_for_phase10_and_the_workbench_switching_games() -> None:
    explorer = RulesExplorer(rules=PHASE10, lang="nb")
    assert "fasetabellen" in text_of(explorer._title.value)
    facts = text_of(explorer._facts.value)
    assert "108 kort: tallene 1–12 i fire farger (rød, gul, grønn, blå), 2 av hvert; 8 jokere; 4 hopp over-kort" in facts
    assert "joker: 25*, hopp over: 15*" in facts and "avgjørende runde av fase 10" in facts and "ingen: en runde slutter bare når noen går ut" in facts
    assert "så mange jokere du vil, minst 1 tallkort" in text_of(explorer._table.value) and "Tallkort, minst" in text_of(explorer._table.value)
    assert explorer.wild_dropdown.options[0] == ("så mange du vil", "unlimited") and explorer.choice._buttons.description == "Spill"
    bench = Workbench()
    bench.rule_set.pick(PHASE10)  # one choice of game for every tab, the explorer's too
    assert bench.explorer.model.base is PHASE10 and "Fase 1" not in text_of(bench.explorer._compared.value)
    assert bench.stepper.model.game is not None and bench.stepper.model.game.rules is PHASE10  # the round played too
    assert "Phase 1 with this hand" in text_of(bench.explorer._compared.value)
    bench.lang = "nb"
    assert "Fase 1 med denne hånda" in text_of(bench.explorer._compared.value)


# --- the round stepper: the game as a choice, Phase 10's saved game and its deciding round -------------------------------


DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
RECORDS = {"upto9": DATA / "sample_game.json", "phase10": DATA / "sample_phase10_game.json"}


def test_stepper_game_choice_plays_phase10_from_the_seed_with_its_skips_and_hits() -> None:
    stepper = RoundStepper(seed=3, players=3, rule_sets=(UPTO9, PHASE10))
    assert [label for label, _ in stepper._game_choice.options] == ["Up to 9", "Phase 10"] and stepper._game_choice.value == 0
    assert stepper._game_choice.description == "Game" and "each player gets 11 cards" in text_of(stepper._action.value)
    stepper._game_choice.value = 1
    model = stepper.model
    assert model.game is not None and model.game.rules is PHASE10 and model.source == ("seed", 3, 3, "heuristic")
    assert "each player gets 10 cards" in text_of(stepper._action.value)
    # Every round of the game: a skip and the turn it costs, and a hit, in Phase 10's words.
    skip = hit = None
    for index in range(len(model.game.rounds)):
        model.round_index = index
        skip = skip or next(((index, i) for i, s in enumerate(model.steps) if isinstance(s.action, Discarded) and s.action.target is not None), None)
        hit = hit or next(((index, i) for i, s in enumerate(model.steps) if isinstance(s.action, Donated)), None)
    assert skip is not None and hit is not None
    model.round_index, model.step = skip
    action = model.current.action
    victim = model.name(action.target)
    assert f"discards a skip, naming {victim}: {victim} loses their next turn." in text_of(stepper._action.value)
    model.round_index, model.step = hit
    action = model.current.action
    whose = "their own" if action.owner == action.player else f"{model.name(action.owner)}'s"
    assert f"{model.name(action.player)} hits {whose}" in text_of(stepper._action.value)
    assert "Once your phase is down, you may hit" in text_of(stepper._action.value)
    stepper._game_choice.value = 0
    assert model.game.rules is UPTO9 and model.round_index == 0 and model.step == 0


def test_stepper_shows_the_saved_phase10_games_deciding_round() -> None:
    stepper = RoundStepper(rule_sets=(UPTO9, PHASE10), records=RECORDS)
    model = stepper.model
    assert model.source == ("file", "sample_game.json") and model.game is not None and model.game.rules.key == "upto9"
    stepper.pick(PHASE10)
    game = model.game
    assert model.source == ("file", "sample_phase10_game.json") and game.rules.key == "phase10" and stepper._game_choice.value == 1
    deciding = [i for i, r in enumerate(game.rounds) if r.deciding]
    assert deciding, "the saved Phase 10 game ends in a deciding round"
    last = deciding[0]
    tied = [p for p in range(game.players) if game.rounds[last].seated[p]]
    out = [p for p in range(game.players) if not game.rounds[last].seated[p]]
    points = sum(r.end.penalties[tied[0]] for r in game.rounds[:last])
    assert all(sum(r.end.penalties[p] for r in game.rounds[:last]) == points for p in tied)
    assert stepper._rounds.options[last] == (f"Round {last + 1}: deciding round", last)
    names = " and ".join(game.names[p] for p in tied)
    # The round before: the tie, and what it leads to.
    model.round_index = last - 1
    model.to_end()
    assert f"A tie: {names} made phase 10 with {points} penalty points each, so they play a deciding round next." in text_of(stepper._table.value)
    # The deciding round: who plays, who sits out, and the rule.
    stepper._rounds.value = last
    assert model.step == 0 and f"Round {last + 1} (deciding round) · action 0 of" in text_of(stepper._status.value)
    words = text_of(stepper._action.value)
    assert f"A deciding round: {names} made phase 10 with the same, fewest penalty points ({points}); they play phase 10 again" in words
    assert f"{game.names[out[0]]} sits out." in words and "played off in a deciding round" in words
    assert f"{game.names[out[0]]} phase" in text_of(stepper._table.value) and "sits out the deciding round" in text_of(stepper._table.value)
    stepper._end.click()
    winners = ", ".join(game.names[p] for p in game.winners)
    assert f"The game is over. Winner: {winners}." in text_of(stepper._table.value)
    stepper.lang = "nb"
    assert "avgjørende runde" in text_of(stepper._status.value) and "står over den avgjørende runden" in text_of(stepper._table.value)
    # The page's narrative tells the same tie.
    notebook = (DATA.parent / "3_round_stepper.ipynb").read_text(encoding="utf-8")
    assert f"{names} both make phase 10 with {points} penalty points" in notebook


def test_stepper_a_shorter_round_picked_at_the_end_of_a_longer_one_starts_at_its_deal() -> None:
    stepper = RoundStepper(record=RECORDS["upto9"])
    model = stepper.model
    lengths = [len(replay_round(r)) for r in model.game.rounds]
    longer = max(range(len(lengths)), key=lambda i: lengths[i])
    shorter = min(range(len(lengths)), key=lambda i: lengths[i])
    stepper._rounds.value = longer
    stepper._end.click()
    stepper._rounds.value = shorter
    assert model.round_index == shorter and model.step == 0 and stepper._slider.value == 0
    assert "The deal" in text_of(stepper._action.value)


def test_every_phase10_lay_down_reason_is_translated_to_norwegian() -> None:
    from upto9.widgets.engine_text import problem_text

    from upto9 import Phase10Meld, validate

    def melds(*groups: tuple[str, str]) -> list[Phase10Meld]:
        return [Phase10Meld.from_text(kind, text) for kind, text in groups]

    cases = [
        (melds(("run", "10r 11y 12g 1b 2r 3y 4g")), 4, None, "wrap from 12 to 1"),
        (melds(("set", "7r 7y 7g"), ("set", "8r 8y 8g")), 1, "7r 7y 8r 8y 8g", "the hand holds"),
        (melds(("set", "W=7 W=7 W=7"), ("set", "W=8 W=8 W=8")), 1, None, "all wild cards"),
        (melds(("set", "7r 7y 7g")), 1, None, "groups, not"),
        (melds(("colour", "1r 2r 3r 4r 5r 6r 7y")), 8, None, "mixes"),
        (melds(("set", "7r 7y 9g"), ("set", "8r 8y 8g")), 1, None, "cannot hold"),
        (melds(("set", "7r 7y 7g"), ("run", "3r 4r 6r 7r")), 2, None, "has a gap"),
        (melds(("run", "1r 2r 3r 4r 5r 6r 6y")), 4, None, "twice"),
        (melds(("run", "1r 2r 3r 4r 5r 6r 7r"), ("set", "1r 1y 1g")), 4, None, "group, not"),
    ]
    english = re.compile(r"\b(the|holds|cannot|phase|group|wild cards?|number cards?|run|set|lays|twice|gap|wrap)\b")
    seen = set()
    for given, level, hand, reason in cases:
        problems = validate(given, level, PHASE10, hand=p10(hand) if hand else None)
        found = [p for p in problems if reason in p.message]
        assert found, (reason, [p.message for p in problems])
        for problem in problems:
            norwegian = problem_text(problem, "nb")
            assert not english.search(norwegian), f"not translated: {problem.message!r} -> {norwegian!r}"
            seen.add(problem.rule)
    assert {"hand", "natural", "groups"} <= seen


# --- the round stepper: a new game with another player count (issue 10), uploads, a learner's words ------------------


def upload_of(name: str, content: bytes) -> dict[str, object]:
    """What the upload button's value holds for one file chosen."""
    return {"name": name, "type": "application/json", "size": len(content), "content": memoryview(content), "last_modified": datetime.now(UTC)}


@pytest.mark.parametrize("rules", [UPTO9, PHASE10], ids=["upto9", "phase10"])
def test_stepper_a_new_game_with_another_player_count_shows_every_player(rules: object) -> None:
    """Issue 10: after a 3-player game, "Play a new game" with 4 players raised IndexError in
    render_step (the view drew the new game with the old game's steps) and the stepper stuck."""
    from upto9.widgets._common import trouble

    stepper = RoundStepper(seed=7, players=3, rules=rules)  # type: ignore[arg-type]
    for players in (4, 2, 6, 5, 3):
        stepper._players.value = players
        stepper._forward.click()
        stepper._play.click()
        model = stepper.model
        assert trouble(stepper) == "" and model.game is not None and model.game.players == players
        assert model.step == 0 and all(len(step.views) == players for step in model.steps)
        table = text_of(stepper._table.value)
        assert all(f"Player {seat + 1}" in table for seat in range(players)) and f"Player {players + 1}" not in table
        assert len(stepper._perspective.options) == players + 1 and f"{players} players" in text_of(stepper._source.value)


def test_stepper_model_play_with_another_player_count_never_shows_a_view_a_half_changed_game() -> None:
    """The very call of the issue, with every view the model notifies looking at it."""
    model = RoundModel()
    model.play(seed=7, players=3)
    seen: list[tuple[int, int]] = []
    model.observe(lambda _c: seen.append((model.game.players, len(model.steps[model.step].views))), names=["game", "steps", "step", "round_index"])
    model.perspective = 2
    model.play(seed=7, players=4)
    model.play(seed=7, players=2)  # seat 2 is no seat of a 2-player game: back to the whole table
    assert seen and all(players == views for players, views in seen), seen
    assert model.perspective == WHOLE_TABLE and len(render_step(model, model.last_step, 1)[2]) > 0


def test_stepper_speaks_a_learners_words_and_hides_the_new_game_controls_for_a_saved_game() -> None:
    stepper = RoundStepper(seed=7, players=3)
    assert stepper._seed.description == "Game number" and [label for label, _ in stepper._bots.options] == ["sensible bots", "random bots"]
    assert stepper._upload.description == "" and "u9-upload-en" in stepper._upload._dom_classes  # the label without a "(0)"
    assert any('content:"Load a saved game…"' in str(getattr(child, "value", "")) for child in stepper.children)
    assert text_of(stepper._source.value) == "A game played by sensible bots: game number 7, 3 players."
    shown = text_of(stepper._title.value + stepper._source.value + stepper._status.value + stepper._action.value + stepper._table.value)
    assert not re.search(r"HeuristicBot|RandomBot|upto9\.|\.json|[Ss]eed", shown)
    assert "HeuristicBot" in stepper._developer.value and stepper._advanced.selected_index is None  # kept for a developer, closed
    assert stepper._new_game.layout.display is None
    stepper.lang = "nb"
    assert stepper._seed.description == "Spillnummer" and [label for label, _ in stepper._bots.options] == ["fornuftige roboter", "tilfeldige roboter"]
    assert "u9-upload-nb" in stepper._upload._dom_classes and "u9-upload-en" not in stepper._upload._dom_classes
    assert text_of(stepper._source.value) == "Et spill spilt av fornuftige roboter: spillnummer 7, 3 spillere."
    stepper.lang = "en"
    stepper.model.load(RECORDS["upto9"])
    assert stepper._new_game.layout.display == "none" and text_of(stepper._source.value) == "A saved game, 3 players."
    stepper._play.click()  # a new game from the saved one: its controls are back, set to the game played
    assert stepper._new_game.layout.display is None and stepper.model.source[0] == "seed"


def test_stepper_uploads_a_good_record_and_refuses_broken_wrong_and_hostile_ones_in_one_line() -> None:
    from upto9.widgets._common import trouble

    stepper = RoundStepper(seed=1, players=2)
    good = RECORDS["phase10"].read_bytes()
    stepper._upload.value = (upload_of("phase10.json", good),)
    assert stepper._error.value == "" and stepper.model.game is not None and stepper.model.game.rules.key == "phase10"
    assert stepper._upload.value == ()  # read and let go: the same file chosen again is read again
    record = json.loads(good)
    cases = {
        b'{"format": "upto9-game/1", "rounds": [': "not a whole JSON file, truncated or corrupt at line 1 column 39",
        b"\xff\xfe not text": "not UTF-8 text",
        json.dumps({**record, "format": "upto9-game/7"}).encode(): 'format: this is "upto9-game/7"',
        json.dumps([1, 2, 3]).encode(): "not a game record",
        json.dumps({**record, "players": ["x"] * 5000}).encode(): "is for 2 to 6 players, not 5000",
        b"[" * 200_000 + b"]" * 200_000: "nested too deeply",
        b'{"seed": ' + b"9" * 5000 + b"}": "not a game record: a number of more than 4300 digits",
        b" " * (5 * 1024 * 1024): "it is 5,120 KB, and a saved game is at most 4,096 KB",
    }
    for content, reason in cases.items():
        stepper._upload.value = (upload_of("bad.json", content),)
        error = text_of(stepper._error.value)
        # Plain words on the page; the engine's own words under Advanced (issue 26).
        assert error.startswith("⚠ This file is not a saved game of Up to 9 or Phase 10") and error.endswith("."), (reason, error)
        assert reason in error + text_of(stepper._developer.value), (reason, error)
        assert "\n" not in stepper._error.value and len(error) < 300 and "/tmp" not in error and "Traceback" not in error
        assert trouble(stepper) == "" and stepper.model.game.rules.key == "phase10"  # the game shown stays
    stepper._upload.value = (upload_of("again.json", RECORDS["upto9"].read_bytes()),)
    assert stepper._error.value == "" and stepper.model.game.rules.key == "upto9"


def test_a_game_number_is_played_once_per_kernel_and_gives_the_game_bots_play_from_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stepper keeps the games it plays from a game number: the same number gives the same game
    (as played afresh, move for move), without the bots playing it again. The published pages'
    kernels are forked from a process that has run every page once, so a page's own games are
    played there, not by every learner's kernel."""
    import upto9.widgets.stepper as stepper

    stepper._played.cache_clear()
    plays: list[int] = []
    playing = stepper._play_game

    def counted(players: int, seed: int, bots: str, rules: Rules) -> Game | FamilyGame:
        plays.append(seed)
        return playing(players, seed, bots, rules)

    monkeypatch.setattr(stepper, "_play_game", counted)
    first, second = RoundModel(), RoundModel()
    first.play(seed=7, players=3)
    second.play(seed=7, players=3)
    assert plays == [7], "the second stepper shows the kept game"
    fresh = play_game(players=3, rules=UPTO9, seed=7)
    assert game_record(second.game) == game_record(fresh), "the kept game is the game the bots play from 7"
    assert second.steps == first.steps and second.steps is not first.steps
    second.play(seed=8, players=3)
    assert plays == [7, 8] and game_record(second.game) == game_record(play_game(players=3, rules=UPTO9, seed=8))


def test_the_checkers_arrangement_of_a_hand_that_falls_short_says_so_and_what_it_lacks() -> None:
    """A learner's review: "Use the checker's arrangement" on a hand that cannot make level 1 laid
    out 3♥ 4♥ 6♥ with "has a gap" beside it, and never said plainly that the hand cannot lay down
    yet, nor that 5♥ is missing. It says both now, until the learner changes the arrangement; a
    hand that makes the level is laid down with nothing more to say."""
    editor = LayDownEditor(HandModel("3h 4h 6h Kc Qd 9s 9d 7c"), level=1)
    editor._auto.click()
    said = "This hand cannot lay down level 1 yet: the checker has laid out its closest arrangement, which lacks 5♥."
    assert said in text_of(editor._notice.value)
    editor.lang = "nb"
    assert "Denne hånda kan ikke legge ned nivå 1 ennå" in text_of(editor._notice.value) and "mangler 5♥" in text_of(editor._notice.value)
    editor.click_free(parse_card("Kc"))  # the learner changes it: the note was of the checker's layout
    assert "u9-editor-short" not in editor._notice.value
    made = LayDownEditor(HandModel("3h 4h 5h 6h Kc"), level=1)
    made._auto.click()
    assert made.model.valid and "u9-editor-short" not in made._notice.value
    phase = LayDownEditor(HandModel("7r 7b 8g", rules=PHASE10), level=1)
    phase._auto.click()
    assert "cannot lay down phase 1 yet" in text_of(phase._notice.value)


def test_the_editors_phase_10_buttons_say_each_cards_colour_in_words() -> None:
    """A learner's review: the lay-down editor's Phase 10 buttons read "6", "6", "10" (a colour-blind
    learner or a screen reader could not tell a red 6 from a green one). A hand and a group say the
    name; the hand builder's grid of every card keeps the number."""
    editor = LayDownEditor(HandModel("7r 7b 12y W", rules=PHASE10), level=1)
    free = [b.description for b in editor._free_buttons]
    assert free[:3] == ["red 7", "blue 7", "yellow 12"] and "WILD" in free[3], free
    editor.lang = "nb"
    assert [b.description for b in editor._free_buttons][:2] == ["rød 7", "blå 7"]
    editor.click_free(editor.model.free[0])
    assert editor._slot(0, 0).button.description == "rød 7"
