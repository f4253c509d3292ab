"""Cards and hands as a user types them, and the rules as data: the level table, reconstructed marks,
house-rule files and their errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from upto9 import (
    UPTO9,
    Card,
    CardError,
    GroupKind,
    Rank,
    RulesError,
    Suit,
    check,
    format_hand,
    full_deck,
    load_rules,
    parse_card,
    parse_hand,
    rules_from_dict,
)
from upto9.rules import builtin_keys

BUILT_IN = ", ".join(builtin_keys())  # the built-in rule sets as installed: the engine's and each game family's

# --- reading cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("5h", "5h"),
        ("10♥", "10h"),
        ("Th", "10h"),
        ("th", "10h"),
        ("qS", "Qs"),
        ("QS", "Qs"),
        ("ah", "Ah"),
        ("Kc", "Kc"),
        ("jD", "Jd"),
        ("2♣", "2c"),
        ("3♤", "3s"),  # the outlined suit symbols too
        ("t♡", "10h"),
        ("Q♢", "Qd"),
        ("9♧", "9c"),
        ("  7d  ", "7d"),
    ],
)
def test_parse_card_spellings(text: str, card: str) -> None:
    assert str(parse_card(text)) == card


def test_card_text_forms() -> None:
    ten = parse_card("10h")
    assert (str(ten), ten.glyph, repr(ten)) == ("10h", "10♥", "Card('10h')")
    assert ten == Card(Rank.TEN, Suit.HEARTS)
    assert [parse_card(t).glyph for t in ("As", "Jh", "Qd", "Kc")] == ["A♠", "J♥", "Q♦", "K♣"]
    assert parse_card("5d").is_red and not parse_card("5c").is_red
    assert format_hand(parse_hand("5h 10c Ad")) == "5h 10c Ad"
    assert format_hand(parse_hand("5h 10c Ad"), glyphs=True) == "5♥ 10♣ A♦"


def test_full_deck_order() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    # By rank, then ♠ ♥ ♦ ♣: the order outs are listed in.
    assert [str(c) for c in deck[:5]] == ["As", "Ah", "Ad", "Ac", "2s"]
    assert [c.index for c in deck] == list(range(52))


@pytest.mark.parametrize(
    ("text", "hand"),
    [
        ("5h 6h 7h", "5h 6h 7h"),
        ("5h,6h,7h", "5h 6h 7h"),
        ("5h, 6h ,7h", "5h 6h 7h"),
        ("5h,,  6h\t7h\n8h", "5h 6h 7h 8h"),
        ("10♥ Th qS 2♣", "10h 10h Qs 2c"),
        ("  5h  ", "5h"),
        ("", ""),
        ("   ", ""),
        (",", ""),
    ],
)
def test_parse_hand_separators(text: str, hand: str) -> None:
    assert format_hand(parse_hand(text)) == hand


def test_parse_hand_keeps_order_and_duplicates() -> None:
    # Two decks may put two ♥7 in one hand; the hand is kept in the player's order.
    assert [str(c) for c in parse_hand("7h Kc 7h 2d")] == ["7h", "Kc", "7h", "2d"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5h 6h 11h", "the 3rd card, '11h', is not a card: no rank 11; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h"),
        ("1h", "the 1st card, '1h', is not a card: no rank 1; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h"),
        ("Kh,5x", "the 2nd card, '5x', is not a card: no suit 'x'; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h"),
        ("5h 5", "the 2nd card, '5', is not a card: no suit; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h"),
        ("h", "the 1st card, 'h', is not a card: no rank; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h"),
        ("5h 6h 7h 8h ♥5", "the 5th card, '♥5', is not a card: no suit; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h"),
    ],
)
def test_parse_hand_errors_name_token_and_position(text: str, message: str) -> None:
    with pytest.raises(CardError) as error:
        parse_hand(text)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("11h", "'11h': no rank 11; ranks are A 2-10 J Q K"),
        ("5x", "'5x': no suit 'x'; suits are s h d c (or ♠ ♥ ♦ ♣)"),
        ("", "no card in ''"),
    ],
)
def test_parse_card_errors(text: str, message: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert str(error.value) == message


def test_check_reads_hand_text_and_reports_bad_tokens() -> None:
    assert check("5h,6h,7h,8h", 1).ok
    with pytest.raises(CardError, match=r"^the 4th card, '8x', is not a card: no suit 'x'"):
        check("5h 6h 7h 8x", 1)


# --- the level table (docs/rules.md#the-level-table) ---------------------------------------------------

RUN, SET = GroupKind.RUN, GroupKind.SET

# number: (contract, groups as (kind, size, own cap), total jokers, clean groups, min real)
LEVEL_TABLE = {
    1: ("straight of 4", [(RUN, 4, None)], 0, 0, 4),
    2: ("straight of 5", [(RUN, 5, None)], 1, 0, 4),
    3: ("straight of 6", [(RUN, 6, None)], 2, 0, 4),
    4: ("3 × three of a kind", [(SET, 3, 1), (SET, 3, 1), (SET, 3, 1)], 2, 1, 7),
    5: ("straight of 5 + three of a kind", [(RUN, 5, 1), (SET, 3, 1)], 2, 0, 6),
    6: ("2 × four of a kind", [(SET, 4, None), (SET, 4, None)], 2, 0, 6),
    7: ("straight of 7", [(RUN, 7, None)], 3, 0, 4),
    8: ("straight of 6 + three of a kind", [(RUN, 6, 2), (SET, 3, 1)], 3, 0, 6),
    9: ("straight of 9", [(RUN, 9, None)], 4, 0, 5),
}


def test_level_table_matches_readme() -> None:
    assert [level.number for level in UPTO9.levels] == list(LEVEL_TABLE)
    for number, (contract, groups, jokers, clean, min_real) in LEVEL_TABLE.items():
        level = UPTO9.level(number)
        assert str(level.contract_message) == contract, number
        assert [(g.kind, g.size, g.jokers) for g in level.groups] == groups, number
        assert (level.jokers, level.clean_groups, level.min_real) == (jokers, clean, min_real), number


def test_level_budgets_in_words() -> None:
    assert [str(UPTO9.level(n).budget_message) for n in LEVEL_TABLE] == [
        "no jokers",
        "at most 1 joker",
        "at most 2 jokers",
        "at most 2 jokers in total, at most 1 per set, at least one set with no joker",
        "1 + 1 (straight + set)",
        "at most 2 jokers in total",
        "at most 3 jokers",
        "2 + 1 (straight + set)",
        "at most 4 jokers",
    ]


def test_per_group_caps() -> None:
    # A group without its own cap may take the level's whole budget.
    assert [UPTO9.level(4).cap(i) for i in range(3)] == [1, 1, 1]
    assert [UPTO9.level(5).cap(i) for i in range(2)] == [1, 1]
    assert [UPTO9.level(6).cap(i) for i in range(2)] == [2, 2]
    assert [UPTO9.level(8).cap(i) for i in range(2)] == [2, 1]
    assert UPTO9.level(9).cap(0) == 4


def test_no_level_10() -> None:
    with pytest.raises(RulesError, match=r"^Up to 9 has levels 1 to 9, not 10$"):
        UPTO9.level(10)


def test_cards_decks_and_penalties() -> None:
    assert UPTO9.wild_ranks == {Rank.TWO, Rank.THREE}
    assert UPTO9.is_wild(parse_card("2h")) and UPTO9.is_wild(parse_card("3s")) and not UPTO9.is_wild(parse_card("4s"))
    assert UPTO9.hand_size == 11
    assert (UPTO9.min_players, UPTO9.max_players) == (2, 6)
    # Ruling 1: 2 decks for 2-4 players, 3 for 5-6.
    assert [UPTO9.decks_for(n) for n in range(2, 7)] == [2, 2, 2, 3, 3]
    for players in (1, 7):
        with pytest.raises(RulesError, match=f"^Up to 9 is for 2 to 6 players, not {players}$"):
            UPTO9.decks_for(players)
    # Ruling 2: 2 and 3: 20 (stated); 4-9: 5; 10 J Q K: 10; ace: 15.
    expected = {"A": 15, "2": 20, "3": 20, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5, "10": 10, "J": 10, "Q": 10, "K": 10}
    assert {str(rank): UPTO9.penalty(Card(rank, Suit.CLUBS)) for rank in Rank} == expected


def test_reconstructed_marks() -> None:
    # Stated by the text: level 1, the forms of 4, 5, 8 and levels 7, 9; the 2s' and 3s' 20 points.
    assert not UPTO9.is_reconstructed("levels.1.jokers")
    assert UPTO9.is_reconstructed("levels.2.jokers")
    assert UPTO9.is_reconstructed("levels.2.groups.0.size")
    assert UPTO9.is_reconstructed("levels.3.jokers")
    assert not UPTO9.is_reconstructed("levels.4.jokers")
    assert not UPTO9.is_reconstructed("levels.4.clean_groups")
    assert UPTO9.is_reconstructed("levels.5.groups.0.size")  # the straight's 5
    assert not UPTO9.is_reconstructed("levels.5.groups.1.size")  # "three of a kind" is stated
    assert UPTO9.is_reconstructed("levels.5.groups.0.jokers")
    assert UPTO9.is_reconstructed("levels.6.groups.0.size")
    assert UPTO9.is_reconstructed("levels.6.jokers")
    assert not UPTO9.is_reconstructed("levels.7.jokers")
    assert not UPTO9.is_reconstructed("levels.7.groups.0.size")
    assert UPTO9.is_reconstructed("levels.8.groups.0.size")
    assert UPTO9.is_reconstructed("levels.8.jokers")
    assert not UPTO9.is_reconstructed("levels.9.jokers")
    assert not UPTO9.is_reconstructed("penalties.2")
    assert not UPTO9.is_reconstructed("penalties.3")
    assert UPTO9.is_reconstructed("penalties.K")
    assert UPTO9.is_reconstructed("penalties.A")
    assert UPTO9.is_reconstructed("decks")
    assert not UPTO9.is_reconstructed("hand_size")  # "Each player gets 11 cards"
    assert UPTO9.is_reconstructed("max_players")
    # The Level object answers the same questions.
    assert UPTO9.level(2).is_reconstructed("jokers") and not UPTO9.level(7).is_reconstructed("jokers")


# --- house-rule files --------------------------------------------------------------------------------


def write(tmp_path: Path, body: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


LEVEL6_THREE_JOKERS = """\
base = "upto9"
name = "Our kitchen table"

[[levels]]
number = 6
groups = [{ kind = "set", size = 4 }, { kind = "set", size = 4 }]
jokers = 3
"""


def test_house_rule_file_changes_level6_jokers(tmp_path: Path) -> None:
    path = write(tmp_path, LEVEL6_THREE_JOKERS)
    rules = load_rules(path)
    assert rules.name == "Our kitchen table"
    assert rules.base == "upto9"
    assert rules.source == str(path)
    assert rules.level(6).jokers == 3
    # Everything it does not name comes from the base.
    assert [lv for lv in rules.levels if lv.number != 6] == [lv for lv in UPTO9.levels if lv.number != 6]
    assert (rules.penalties, rules.decks, rules.wild_ranks, rules.hand_size) == (UPTO9.penalties, UPTO9.decks, UPTO9.wild_ranks, UPTO9.hand_size)
    # The house value is the house's own, not a reconstruction.
    assert not rules.level(6).is_reconstructed("jokers")
    # And the checker plays by it: three jokers now make two sets of four.
    hand = parse_hand("7s 7h 7d Ks Kh 2c 3d 2h")
    assert not check(hand, 6).ok
    c = check(hand, 6, rules)
    assert (c.ok, c.jokers) == (True, 3)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # bad TOML
        ('base = "upto9"\n[[levels]\nnumber = 6\n', "not valid TOML: "),
        # negative jokers
        (
            'base = "upto9"\n[[levels]]\nnumber = 3\ngroups = [{ kind = "run", size = 6 }]\njokers = -1\n',
            "level 3: jokers: must be a whole number from 0 to 6, got -1",
        ),
        # a group's jokers above its size
        (
            'base = "upto9"\n[[levels]]\nnumber = 5\ngroups = [{ kind = "run", size = 5, jokers = 6 }, { kind = "set", size = 3 }]\njokers = 2\n',
            "level 5: groups[0]: jokers: must be a whole number from 0 to 5, got 6",
        ),
        # levels not numbered 1..N
        (
            'base = "upto9"\n[[levels]]\nnumber = 11\ngroups = [{ kind = "run", size = 10 }]\njokers = 4\n',
            "level 11: number: levels must be numbered 1 to 10 once each",
        ),
        # a straight longer than ace to ace
        (
            'base = "upto9"\n[[levels]]\nnumber = 9\ngroups = [{ kind = "run", size = 15 }]\njokers = 4\n',
            "level 9: groups[0]: size: must be a whole number from 3 to 14, got 15",
        ),
        # an unknown kind of group
        (
            'base = "upto9"\n[[levels]]\nnumber = 1\ngroups = [{ kind = "flush", size = 4 }]\njokers = 0\n',
            "level 1: groups[0]: kind: must be 'run' or 'set', got 'flush'",
        ),
        # an unknown top-level field
        ('base = "upto9"\ncolour = "red"\n', "rules: unknown field 'colour'; fields are "),
        # Phase 10's unlimited wilds and number-card minimum on an Up to 9 level
        (
            'base = "upto9"\n[[levels]]\nnumber = 2\ngroups = [{ kind = "run", size = 5 }]\njokers = "unlimited"\n',
            "level 2: jokers: unlimited wild cards and a smallest number of number cards are Phase 10's rules",
        ),
        (
            'base = "upto9"\n[[levels]]\nnumber = 2\ngroups = [{ kind = "run", size = 5 }]\njokers = 1\nnatural_cards = 1\n',
            "level 2: natural_cards: unlimited wild cards",
        ),
        # Up to 9's per-group caps on a Phase 10 phase
        (
            'base = "phase10"\n[[levels]]\nnumber = 1\ngroups = [{ kind = "set", size = 3, jokers = 1 }, { kind = "set", size = 3 }]\njokers = "unlimited"\n',
            "level 1: Phase 10 limits wild cards for the whole phase only",
        ),
        # a base that does not exist
        ('base = "phase11"\n', f"base: no built-in rule set 'phase11'; built-in: {BUILT_IN}"),
    ],
)
def test_bad_house_rule_files_are_refused_naming_file_level_and_field(tmp_path: Path, body: str, message: str) -> None:
    path = write(tmp_path, body)
    with pytest.raises(RulesError) as error:
        load_rules(path)
    assert str(error.value).startswith(f"{path}: {message}"), str(error.value)


def test_a_house_rule_file_may_start_from_a_built_in_house_rule_set(tmp_path: Path) -> None:
    # upto9_lean is itself a house-rule file over upto9; a file over it keeps both layers' changes.
    path = write(tmp_path, 'base = "upto9_lean"\nname = "lean, 10 cards"\nhand_size = 10\n')
    rules = load_rules(path)
    assert (rules.hand_size, rules.decks_for(4), rules.level(4).clean_groups) == (10, 1, 0)
    assert rules.is_house_rule("hand_size") and rules.is_house_rule("levels.4") and rules.is_house_rule("decks")


def test_unknown_field_in_a_level_names_the_level(tmp_path: Path) -> None:
    # The file's only [[levels]] entry is level 6; the message must say so, not where the merged
    # table happens to hold it.
    path = write(tmp_path, 'base = "upto9"\n[[levels]]\nnumber = 6\ngroups = [{ kind = "set", size = 4 }]\njokers = 2\ncolour = "red"\n')
    with pytest.raises(RulesError) as error:
        load_rules(path)
    message = str(error.value)
    assert message.startswith(f"{path}: ")
    assert "unknown field 'colour'" in message
    assert "level 6" in message, message


def test_file_without_base_must_be_a_whole_rule_set(tmp_path: Path) -> None:
    # Without base = "upto9", a file is read as a complete rule set; the first missing field is named.
    path = write(tmp_path, '[[levels]]\nnumber = 1\ngroups = [{ kind = "run", size = 4 }]\njokers = 0\n')
    with pytest.raises(RulesError) as error:
        load_rules(path)
    assert str(error.value) == (
        f'{path}: rules: key: missing; a whole rule set needs a key, and a house-rule file starts with base = "upto9" and names only what it changes'
    )


def test_whole_rule_set_with_duplicate_level_numbers_is_refused() -> None:
    data = UPTO9.to_dict()
    data["levels"] = [data["levels"][0], data["levels"][0]]
    with pytest.raises(RulesError, match=r"^mine\.toml: level 1: number: levels must be numbered 1 to 2 once each$"):
        rules_from_dict(data, "mine.toml")


def test_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(RulesError, match="cannot read"):
        load_rules(path)


def test_rules_round_trip_through_dict() -> None:
    data = UPTO9.to_dict()
    again = rules_from_dict(data)
    for field in dataclasses.fields(UPTO9):
        if field.name != "source":  # where it was read from
            assert getattr(again, field.name) == getattr(UPTO9, field.name), field.name
    assert again.to_dict() == data


def test_house_rules_round_trip_through_dict(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, LEVEL6_THREE_JOKERS))
    again = rules_from_dict(rules.to_dict(), rules.source)
    assert again == rules
