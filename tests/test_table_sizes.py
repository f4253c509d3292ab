"""Every table size's hands check, and a card mistake is said one way everywhere.

Issue 26 (parts 2 and 3): the hand checker has a player count (2-6, 4 unless chosen) that sets the
decks a hand is read against, so a hand of a table of 5 or 6 checks and a hand a table cannot hold
is refused naming the table size and its decks, and the table sizes that would hold it; the tour's
penalty counter says what "any game" means; and the hand box, the penalty counter and the engine's
``parse_hand`` word a card that is no card in the same sentence."""

from __future__ import annotations

import re
from html import unescape

import pytest
from upto9.widgets import HandBuilder, HandModel, LayDownEditor, LevelChecker
from upto9.widgets.hand import TEXTS
from upto9.widgets.tour import PenaltyCounter

from upto9 import PHASE10, UPTO9, CardError, check, parse_hand
from upto9.messages import render
from upto9.rules import rules_from_dict

BIG_TABLE = "7h 7h 7h Ks Kd 2c 5s 5d 5c"  # three 7♥: only the 3 decks of 5-6 players hold them


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def refused(text: str, rules=None, players: int | None = None, lang: str = "en") -> str:
    with pytest.raises(CardError) as error:
        parse_hand(text, rules, players, lang=lang)
    return render(error.value.msg, lang)


# --- the engine: every table size ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
def test_a_hand_of_a_table_of_5_or_6_checks(players: int) -> None:
    hand = parse_hand(BIG_TABLE, UPTO9, players)
    verdict = check(hand, 4, UPTO9)
    assert verdict.ok and verdict.jokers == 1
    fours = parse_hand("9s 9s 9s 9d Kh Kh Kh Kd", UPTO9, players)  # three 9♠ and three K♥: level 6, two fours of a kind
    assert check(fours, 6, UPTO9).ok


def test_a_hand_of_three_copies_is_refused_at_a_table_of_4_naming_the_table_and_the_way_out() -> None:
    assert refused(BIG_TABLE, UPTO9, 4) == (
        "the hand holds 3 × 7h, but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; choose 5 or 6 players for 3 decks"
    )
    assert refused(BIG_TABLE, UPTO9, 2, "nb") == (
        "hånda har 3 × 7h, men et bord med 2 spillere spiller Up to 9 med 2 kortstokker: maks 2 av hvert kort; velg 5 eller 6 spillere for 3 kortstokker"
    )
    # No table holds four: the largest table is named, and no way out is offered.
    assert refused("7h 7h 7h 7h", UPTO9, 6) == "the hand holds 4 × 7h, but a table of 6 plays Up to 9 with 3 decks: at most 3 of each card"


def test_phase10_has_one_deck_at_every_table() -> None:
    hand = "7r 7r 7y W W 3g 4g 5g 6g"
    for players in range(2, 7):
        assert len(parse_hand(hand, PHASE10, players)) == 9
    assert refused("7r 7r 7r", PHASE10, 6) == "the hand holds 3 × 7r, but a table of 6 plays Phase 10 with 1 deck: at most 2 × 7r"
    assert refused("7r 7r 7r", PHASE10) == "the hand holds 3 × 7r, but no game of Phase 10 holds more than 2 × 7r: 2 to 6 players play with 1 deck"


# --- the hand checker's page: a player count -------------------------------------------------------------------


def page(lang: str = "en") -> tuple[HandBuilder, LevelChecker, LayDownEditor]:
    hand = HandModel("5h 6h 2c 8h 9h 2d 3s Jc", lang=lang)
    return HandBuilder(hand), LevelChecker(hand, level=4), LayDownEditor(hand, level=4)


def test_choose_6_players_type_a_hand_of_three_copies_and_it_is_checked() -> None:
    builder, checker, editor = page()
    assert builder._players.options == (2, 3, 4, 5, 6) and builder._players.value == 4  # four unless chosen
    assert text_of(builder._table.value) == "A table of 4 plays with 2 decks."
    builder._players.value = 6
    assert text_of(builder._table.value) == "A table of 6 plays with 3 decks."
    builder._text.value = BIG_TABLE
    assert builder._message.value == "" and builder.model.cards == parse_hand(BIG_TABLE)
    assert "✔ VALID for level 4" in text_of(checker._verdict.value)
    editor._auto.click()  # the lay-down editor follows the same hand
    assert editor.model.valid


def test_at_a_table_of_4_the_refusal_names_the_table_and_choosing_5_takes_the_hand() -> None:
    builder, checker, _editor = page()
    before = builder.model.cards
    builder._text.value = BIG_TABLE
    assert text_of(builder._message.value) == (
        "⚠ The hand holds 3 × 7h (7♥), but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; "
        "choose 5 or 6 players for 3 decks. The hand is unchanged."
    )
    assert builder.model.cards == before and builder._text.value == BIG_TABLE  # nothing lost: the text stays in the box
    builder._players.value = 5  # a new table size reads the typed text again
    assert builder._message.value == "" and builder.model.text == BIG_TABLE
    assert "✔ VALID for level 4" in text_of(checker._verdict.value)


def test_a_smaller_table_sets_the_hand_aside_and_a_larger_one_brings_it_back() -> None:
    builder, checker, editor = page("nb")
    builder._players.value = 6
    builder._text.value = BIG_TABLE
    builder._players.value = 3
    assert builder.model.cards == () and builder._text.value == "7h 7h 7h Ks Kr 2k 5s 5r 5k"  # kept, in the page's letters
    assert text_of(builder._message.value) == (
        "⚠ Hånda har 3 × 7h (7♥), men et bord med 3 spillere spiller Up to 9 med 2 kortstokker: maks 2 av hvert kort; "
        "velg 5 eller 6 spillere for 3 kortstokker. Hånda venter til den passer bordet."
    )
    assert text_of(builder._table.value) == "Et bord med 3 spillere spiller med 2 kortstokker."
    # Where the hand is shown: set aside, with its cards, not "the hand is empty: click cards" (a learner's review).
    assert text_of(builder._hand.value) == (
        "Hånda er lagt til side til et bord kan holde den: 7h 7h 7h Ks Kr 2k 5s 5r 5k. Velg flere spillere, eller endre kortene i feltet."
    )
    builder.lang = "en"
    # In English the waiting hand, and the box, are in the English letters (ruter: diamonds).
    assert text_of(builder._hand.value).startswith("The hand is set aside until a table holds it: 7h 7h 7h Ks Kd 2c 5s 5d 5c.")
    assert builder._text.value == "7h 7h 7h Ks Kd 2c 5s 5d 5c" and "a table of 3" in text_of(builder._message.value)
    builder.lang = "nb"
    assert "GYLDIG" not in text_of(checker._verdict.value) and not any(editor.model.groups)
    builder._players.value = 5
    assert builder._message.value == "" and builder.model.cards == parse_hand(BIG_TABLE)
    assert "✔ GYLDIG for nivå 4" in text_of(checker._verdict.value)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_clear_empties_a_hand_set_aside_with_its_text_and_its_warning(lang: str) -> None:
    """Clear on a hand set aside for a larger table (no cards held, its text kept): it did nothing,
    the box, the warning and the waiting hand all stayed (a learner's review)."""
    builder, checker, _editor = page(lang)
    builder._players.value = 6
    builder._text.value = BIG_TABLE
    builder._players.value = 3
    assert builder.model.cards == () and builder._message.value and builder._text.value
    builder._clear.click()
    assert builder._text.value == "" and builder._message.value == "" and builder.model.typed is None
    assert text_of(builder._hand.value) == text_of(f"<div>{TEXTS[lang]['empty']}</div>")
    builder._players.value = 5  # nothing comes back: the text is gone, not waiting
    assert builder.model.cards == () and builder._text.value == ""
    assert "GYLDIG" not in text_of(checker._verdict.value) and "VALID" not in text_of(checker._verdict.value)


def test_a_grid_click_past_the_tables_copies_takes_the_card_out_and_a_larger_table_holds_more() -> None:
    builder, _checker, _editor = page()
    builder.model.set_text("")
    seven = parse_hand("7h")[0]
    for _ in range(3):
        builder._buttons[seven].click()
    assert builder.model.count(seven) == 0  # two decks: the third click takes both out, as before
    builder._players.value = 6
    for _ in range(3):
        builder._buttons[seven].click()
    assert builder.model.count(seven) == 3


def test_phase10_and_house_rules_have_their_own_table_sizes() -> None:
    builder, _checker, _editor = page()
    builder._players.value = 6
    builder.model.rules = PHASE10
    assert builder._players.value == 6 and text_of(builder._table.value) == "A table of 6 plays with 1 deck."
    builder._text.value = "7r 7r 7r"
    assert text_of(builder._message.value) == "⚠ The hand holds 3 × 7r, but a table of 6 plays Phase 10 with 1 deck: at most 2 × 7r. The hand is unchanged."
    small = rules_from_dict({**UPTO9.to_dict(), "name": "Small tables", "max_players": 4, "decks": [{"players": [2, 4], "decks": 2}]}, "small.toml")
    builder.model.rules = small  # no table of 6 here: the nearest one it has
    assert builder.model.players == 4 and builder._players.options == (2, 3, 4) and builder._players.value == 4


# --- the tour's penalty counter ------------------------------------------------------------------------------


def test_the_tours_deck_message_says_no_game_holds_more_and_which_tables_play_3_decks() -> None:
    counter = PenaltyCounter("7h 7h 7h 7h")
    said = text_of(counter._result.value)
    assert said == "⚠ The hand holds 4 × 7h (7♥), but no game of Up to 9 holds more than 3 × 7h (7♥): 5 or 6 players play with 3 decks."
    assert "any game" not in said
    counter.lang = "nb"
    assert text_of(counter._result.value) == (
        "⚠ Hånda har 4 × 7h (7♥), men ikke noe spill i Up to 9 har mer enn 3 × 7h (7♥): 5 eller 6 spillere spiller med 3 kortstokker."
    )
    counter._text.value = "7h 7h 7h Kk"  # three copies: a game of 5 or 6 players holds them; Norwegian letters on a Norwegian page
    assert text_of(counter._result.value).endswith("25 straffepoeng")


# --- one way of saying a card mistake --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("typed", ["5h 6h 1x", "2c garbage!!", "Kd 11h", "7h ٧h"])
def test_a_card_mistake_is_worded_alike_in_the_hand_box_the_penalty_counter_and_parse_hand(typed: str, lang: str) -> None:
    engine = refused(typed, lang=lang)
    sentence = engine[:1].upper() + engine[1:] + "."
    builder = HandBuilder(lang=lang)
    builder._text.value = typed
    unchanged = "The hand is unchanged." if lang == "en" else "Hånda er uendret."
    assert text_of(builder._message.value) == f"⚠ {sentence} {unchanged}"
    counter = PenaltyCounter(typed, lang=lang)
    assert text_of(counter._result.value) == f"⚠ {sentence}"
    for said in (engine, text_of(builder._message.value), text_of(counter._result.value)):
        assert "token" not in said.lower()
        assert ("card" in said) if lang == "en" else ("kortet" in said)


def test_a_card_mistake_names_its_place_as_an_ordinal_and_how_the_game_writes_a_card() -> None:
    assert refused("5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s 10s Js 1x").startswith("the 21st card, '1x', is not a card")
    assert refused("5h " * 11 + "5x").startswith("the 12th card, '5x', is not a card")
    assert refused("7r 1x", PHASE10).endswith(". Write a number and then a colour, like 7r")
    assert refused("7r 1x", PHASE10, lang="nb").endswith(". Skriv tallet og så fargen, som 7r")
    assert refused("5h \x1bx").startswith("the 2nd card, '\\x1bx', is not a card")  # a control character is shown escaped


def test_a_joker_nothing_fits_beside_its_group_shows_no_empty_list() -> None:
    # Two copies of 7♥ in a straight leave a 2♣ no place to stand: no dropdown without options to open.
    hand = HandModel("7h 7h 2c 8h 9h Ks")
    editor = LayDownEditor(hand, level=1)
    for card in parse_hand("7h 7h 2c"):
        editor.click_free(card)
    assert editor.model.face_options(0, 2) == []
    assert editor._slots[0][2].dropdown.layout.display == "none"
    assert "Not a valid lay-down" in text_of(editor._verdict.value)
