"""Typing a hand in the learner's language: the Norwegian card letters, the wording and quotes of a
refused card, a hand of more cards than a player holds, the card glyphs and the Norwegian words
of the hand checker (a picky learner's review of the pages in Norwegian)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from upto9.widgets import HandBuilder, HandModel, LayDownEditor, LevelChecker

from upto9 import UPTO9, CardError, parse_hand
from upto9.cards import NOTATIONS, format_hand, notation, parse_card
from upto9.messages import render
from upto9.rules import PHASE10


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


# --- the engine: a language's card notation -------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "cards"),
    [
        ("Knk Dr Kk Es Ah", "Jc Qd Kc As Ah"),  # knekt kløver, dame ruter, konge kløver, ess spar
        ("kNK dR kK", "Jc Qd Kc"),  # either case, as the English letters
        ("10k 5r 2s 9h", "10c 5d 2s 9h"),
        ("Jc Qd 5d 2c Th", "Jc Qd 5d 2c 10h"),  # the English letters keep working on a Norwegian page
        ("Kn♣ D♦ E♥", "Jc Qd Ah"),
    ],
)
def test_norwegian_letters_are_read_rank_first_suit_last(typed: str, cards: str) -> None:
    assert parse_hand(typed, UPTO9, 4, lang="nb") == parse_hand(cards)


def test_the_english_page_does_not_read_the_norwegian_letters() -> None:
    for typed in ("Knk", "Dh", "5r", "Ek"):
        with pytest.raises(CardError):
            parse_hand(typed)
    assert parse_hand("Kc") == parse_hand("Kk", lang="nb")  # K is the king in both


def test_a_norwegian_hand_is_written_back_in_norwegian_letters_and_reads_the_same() -> None:
    hand = parse_hand("Ad Jc Qs Kh 10c")
    written = format_hand(hand, lang="nb")
    assert written == "Ar Knk Ds Kh 10k"
    assert parse_hand(written, lang="nb") == hand
    assert format_hand(hand) == "Ad Jc Qs Kh 10c"


def test_a_refused_norwegian_token_lists_the_norwegian_letters_in_norwegian_quotes() -> None:
    with pytest.raises(CardError) as refused:
        parse_hand("5h 7x", lang="nb")
    said = render(refused.value.msg, "nb")
    assert said == "det 2. kortet, «7x», er ikke et kort: ingen sort «x»; sortene er s h r k / s h d c (eller ♠ ♥ ♦ ♣). Skriv verdien og så sorten, som 5h"
    assert "'" not in said
    with pytest.raises(CardError) as refused:
        parse_hand("1k", lang="nb")
    assert "rangene er A/E 2-10 J/Kn Q/D K" in render(refused.value.msg, "nb")


def test_an_unknown_notation_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="lang must be one of en, nb, not 'de'"):
        notation("de")
    assert set(NOTATIONS) == {"en", "nb"}


def test_phase10_cards_keep_their_letters_on_a_norwegian_page() -> None:
    assert parse_hand("7r 12b W S", PHASE10, 4, lang="nb") == parse_hand("7r 12b W S", PHASE10, 4)


# --- the hand box ------------------------------------------------------------------------------------


def test_the_norwegian_hand_box_reads_the_norwegian_letters_and_shows_them() -> None:
    builder = HandBuilder(lang="nb")
    builder._text.value = "Knk Dr Kk 10r 5h"
    assert builder.model.cards == parse_hand("Jc Qd Kc 10d 5h")
    assert builder._message.value == ""
    assert builder._text.value == "Knk Dr Kk 10r 5h"
    help_text = text_of(builder._help.value)
    assert "Kn knekt" in help_text and "D dame" in help_text and "r ruter" in help_text and "k kløver" in help_text
    assert "A eller E ess" in help_text
    assert builder._text.placeholder == "5h 6h 2k 8h 9h 2r 3s Knk"
    assert parse_hand(builder._text.placeholder, lang="nb")  # the placeholder is a hand the box reads
    builder.lang = "en"  # the same hand, in the English letters
    assert builder._text.value == "Jc Qd Kc 10d 5h"
    assert builder._text.placeholder == "5h 6h 2c 8h 9h 2d 3s Jc"
    builder._text.value = "Knk"
    assert "u9-error" in builder._message.value and builder.model.cards == parse_hand("Jc Qd Kc 10d 5h")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "⚠ The 1st card, 'banana', is not a card: no suit; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h. The hand is unchanged.",
        ),
        (
            "nb",
            "⚠ Det 1. kortet, «banana», er ikke et kort: mangler sort; sortene er s h r k / s h d c (eller ♠ ♥ ♦ ♣). Skriv verdien og så "
            "sorten, som 5h. Hånda er uendret.",
        ),
    ],
)
def test_a_word_that_is_no_card_is_named_as_the_nth_card_without_token(lang: str, said: str) -> None:
    builder = HandBuilder(lang=lang)
    builder._text.value = "banana"
    assert text_of(builder._message.value) == said
    assert "token" not in builder._message.value.lower()


def test_the_place_of_a_bad_card_is_an_ordinal_and_the_quotes_are_one_style() -> None:
    builder = HandBuilder(lang="en")
    builder._text.value = "5h 6h 11h"
    message = text_of(builder._message.value)
    assert message.startswith("⚠ The 3rd card, '11h', is not a card: no rank 11")
    assert "“" not in message and '"' not in message
    builder.lang = "nb"
    builder._text.value = "5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s 4s 5s 6s 7x"
    message = text_of(builder._message.value)
    assert message.startswith("⚠ Det 16. kortet, «7x», er ikke et kort: ingen sort «x»")
    assert "'" not in message and '"' not in message


def test_too_many_copies_show_the_card_as_written_and_as_its_glyph() -> None:
    builder = HandBuilder(lang="nb")
    builder._text.value = "Knk Knk J♣"
    message = text_of(builder._message.value)
    assert message.startswith("⚠ Hånda har 3 × Knk (J♣), men et bord med 4 spillere spiller Up to 9 med 2 kortstokker")
    builder.lang = "en"
    builder._text.value = "7h 7♥ 7H"
    assert text_of(builder._message.value).startswith("⚠ The hand holds 3 × 7h (7♥), but a table of 4 plays Up to 9 with 2 decks")


# --- the checker and the editor ------------------------------------------------------------------------


FIFTEEN = "5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s 4s 5s 6s"


@pytest.mark.parametrize(
    ("lang", "warning"),
    [
        ("en", "⚠ This hand holds 15 cards, but a player holds 11 (12 after drawing a card): no player can hold it. The check below is for all 15 cards."),
        (
            "nb",
            "⚠ Denne hånda har 15 kort, men en spiller har 11 på hånda (12 etter å ha trukket et kort): ingen spiller kan ha den. "
            "Sjekken under gjelder alle de 15 kortene.",
        ),
    ],
)
def test_a_hand_of_more_cards_than_a_player_holds_is_checked_with_a_warning(lang: str, warning: str) -> None:
    hand = HandModel(FIFTEEN, lang=lang)
    checker = LevelChecker(hand, level=1)
    verdict = text_of(checker._verdict.value)
    assert warning in verdict
    assert "u9-ok" in checker._verdict.value  # the verdict is still shown
    hand.set_text("5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2s 3s")  # 12 cards: a player's hand after drawing
    assert "⚠" not in text_of(checker._verdict.value)


def test_phase10_names_its_own_hand_size_in_the_warning() -> None:
    hand = HandModel("1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r", rules=PHASE10)
    checker = LevelChecker(hand, level=1)
    assert "This hand holds 12 cards, but a player holds 10 (11 after drawing a card)" in text_of(checker._verdict.value)


def test_a_lay_down_without_jokers_says_uten_jokere() -> None:
    hand = HandModel("5h 6h 7h 8h", lang="nb")
    checker = LevelChecker(hand, level=1)
    verdict = text_of(checker._verdict.value)
    assert "Hånda har nedlegget, uten jokere." in verdict and "med ingen" not in verdict
    checker.lang = "en"
    assert "The hand holds the lay-down, with no jokers." in text_of(checker._verdict.value)
    hand.set_text("5h 6h 2c 8h 9h 2d 3s Jc")
    checker.model.level = 7
    assert "The hand holds the lay-down, with 3 jokers." in text_of(checker._verdict.value)


SUIT_FIRST = re.compile(r"[♠♥♦♣♤♡♢♧](10|[2-9AJQK])")


def _texts(widget: object) -> list[str]:
    found: list[str] = []
    stack = [widget]
    while stack:
        view = stack.pop()
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(view, name, None)
            if isinstance(value, str):
                found.append(value)
        for option in getattr(view, "options", ()) or ():
            found.append(str(option[0] if isinstance(option, tuple) else option))
        stack.extend(getattr(view, "children", ()))
    return found


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_checker_and_the_editor_write_cards_rank_first(lang: str) -> None:
    hand = HandModel(lang=lang, seed=3)
    checker, editor = LevelChecker(hand), LayDownEditor(hand)
    for size in (11, 12):
        hand.deal(size)
        for level in (1, 4, 7, 9):
            checker.model.level = editor.model.level = level
            for text in _texts(checker) + _texts(editor):
                assert not SUIT_FIRST.search(text), text
    assert parse_card("7h").glyph == "7♥"


# --- a separator that is no space or comma: the one reason on every hand box --------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "⚠ The 2nd card, '7s;', is not a card: cards are separated by spaces or commas, not ';'"),
        ("nb", "⚠ Det 2. kortet, «7s;», er ikke et kort: kortene skilles med mellomrom eller komma, ikke «;»"),
    ],
)
def test_a_semicolon_after_a_card_is_named_as_the_mistake_in_the_tour_and_the_checker(lang: str, said: str) -> None:
    from upto9.widgets.tour import PenaltyCounter

    counter = PenaltyCounter("Kd, 7s; ah", lang=lang)
    builder = HandBuilder(lang=lang)
    builder._text.value = "Kd, 7s; ah"
    for box in (counter._result.value, builder._message.value):
        message = text_of(box)
        assert message.startswith(said), message
        assert "suit" not in message and "sort" not in message  # the card has a suit: the ';' is the trouble
    assert counter.points is None


def test_a_token_whose_trouble_is_no_separator_keeps_its_own_reason() -> None:
    with pytest.raises(CardError) as caught:
        parse_hand("(5h)")
    assert "no suit" in str(caught.value) and "separated" not in str(caught.value)
    with pytest.raises(CardError, match=r"the 1st card, '7r/7y', is not a card: cards are separated by spaces or commas, not '/'$"):
        parse_hand("7r/7y W", rules=PHASE10)


@pytest.mark.parametrize("typed", ["1.5", "-3", "seven", "1e5", "1000000000", ""])
def test_a_deal_number_that_is_no_whole_number_is_refused_in_words_and_the_next_deal_keeps_its_number(typed: str) -> None:
    """The deal number box was a browser's number box: '1.5' typed became deal 15 without a word (a
    learner's review). It reads the text exactly: anything but a whole number from 0 to 999,999,999 is
    refused under it in the page's language, and the next deal is dealt from the number before."""
    builder = HandBuilder(HandModel(seed=7))
    builder._seed.value = typed
    said = re.sub(r"<[^>]+>", "", builder._seed_error.value)
    assert builder.model.seed == 7 and said.startswith("⚠ ") and "The next deal is still number 7." in said and "999,999,999" in said, said
    builder.model.lang = "nb"
    assert "Neste utdeling er fortsatt nr. 7." in builder._seed_error.value
    builder._deal_small.click()
    assert builder.model.dealt[1] == 7 and builder.model.seed == 8 and "fortsatt nr. 8." in builder._seed_error.value
    builder._seed.value = " 42 "
    assert builder._seed_error.value == "" and builder.model.seed == 42 and builder._seed.value == "42"
    builder._deal_small.click()
    assert builder.model.dealt[1] == 42 and builder._seed.value == "43"
