"""Every example of the rules text and every ruling that touches checking, one named test each.

Source: docs/rules.md (the rules of the text, the level table and the rulings).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.reference import reference_jokers, reference_outs
from upto9 import (
    UPTO9,
    Card,
    CardError,
    GroupKind,
    Meld,
    Problem,
    Rank,
    Rules,
    Suit,
    check,
    load_rules,
    outs,
    parse_card,
    parse_hand,
    rules_from_dict,
    validate,
)


def run(text: str) -> Meld:
    return Meld.from_text("run", text)


def set_(text: str) -> Meld:
    return Meld.from_text("set", text)


def rules_of(problems: tuple[Problem, ...]) -> list[str]:
    return [p.rule for p in problems]


def house_rules(tmp_path: Path, body: str, name: str = "house.toml") -> Rules:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return load_rules(path)


def house_level(groups: list[dict[str, Any]], jokers: int, clean_groups: int = 0) -> Rules:
    """A rule set whose only level (1) is this contract, read the way a rule-set file is read."""
    data = UPTO9.to_dict()
    data["levels"] = [{"number": 1, "groups": groups, "jokers": jokers, "clean_groups": clean_groups}]
    return rules_from_dict(data, "house.toml")


# --- the examples of the rules text --------------------------------------------------------------


def test_level1_example_spades_5_to_8_is_valid() -> None:
    assert validate([run("5s 6s 7s 8s")], 1) == ()
    c = check("5s 6s 7s 8s", 1)
    assert (c.ok, c.jokers) == (True, 0)


def test_level1_example_hearts_2_3_4_5_real_twos_and_threes() -> None:
    # "here the 2 and the 3 are real cards in the right suit, not jokers"
    assert validate([run("2h 3h 4h 5h")], 1) == ()
    c = check("2h 3h 4h 5h", 1)
    assert (c.ok, c.jokers) == (True, 0)
    assert [p.wild for p in c.melds[0].cards] == [False] * 4
    assert "2♥ stands for itself, so it is real and costs nothing from the budget." in c.explanation
    assert "3♥ stands for itself, so it is real and costs nothing from the budget." in c.explanation


def test_level3_example_real_three_of_hearts_costs_nothing() -> None:
    # "The straight ♥3 ♥4 ♥5 ♥6 contains a real three in the three slot — 0 jokers used"
    assert validate([run("3h 4h 5h 6h")], 1) == ()
    assert check("3h 4h 5h 6h", 1).jokers == 0


def test_level1_example_mixed_suits_invalid() -> None:
    problems = validate([run("5s 6h 7s 8s")], 1)
    assert rules_of(problems) == ["suit"]
    assert "mixes spades, hearts" in problems[0].message
    c = check("5s 6h 7s 8s", 1)
    assert not c.ok
    assert c.missing == (parse_card("6s"),)


def test_level4_example_three_sets_two_jokers_valid() -> None:
    # 7-7-7 (fully real) · K-K-[2 as wild] · 5-5-[3 as wild]
    assert validate([set_("7s 7h 7c"), set_("Kh Kd 2c=K"), set_("5d 5c 3h=5")], 4) == ()
    hand = parse_hand("7s 7h 7c Kh Kd 2c 5d 5c 3h")
    c = check(hand, 4)
    assert (c.ok, c.jokers) == (True, 2)
    assert sorted(m.jokers for m in c.melds) == [0, 1, 1]
    assert validate(c.melds, 4, hand=hand) == ()


def test_level7_example_three_jokers_just_inside_budget() -> None:
    # ♥5 ♥6 [wild=♥7] ♥8 ♥9 [wild=♥10] [wild=♥J]
    assert validate([run("5h 6h 2c=7h 8h 9h 3d=10h 2s=Jh")], 7) == ()
    hand = parse_hand("5h 6h 8h 9h 2c 3d 2s")
    c = check(hand, 7)
    assert (c.ok, c.jokers) == (True, 3)
    assert validate(c.melds, 7, hand=hand) == ()
    # A fourth joker is one too many; a real 4♥ in its place keeps it at 3.
    assert validate([run("4h 5h 6h 2c=7h 8h 9h 3d=10h")], 7) == ()
    problems = validate([run("2h=4h 5h 6h 2c=7h 8h 3s=9h 3d=10h")], 7)
    assert rules_of(problems) == ["budget"]
    assert problems[0].message.startswith("level 7 allows 3 jokers; this lay-down uses 4")


def test_donation_example_clubs() -> None:
    laid = run("4c 5c 6c 7c")
    assert laid.accepts(parse_card("8c"))  # continuing upward
    assert laid.accepts(parse_card("3c"))  # a real three continuing downward in clubs
    assert not laid.accepts(parse_card("Kc"))
    assert laid.why_not(parse_card("Kc")) == "K♣ does not continue the straight: it takes only 3♣ or 8♣"
    grown = laid.extend(parse_card("3c")).extend(parse_card("8c"))
    assert str(grown) == "run: 3♣ 4♣ 5♣ 6♣ 7♣ 8♣"
    assert grown.jokers == 0  # the ♣3 is real
    # The ♣K goes onto someone else's set of kings.
    kings = set_("Kh Kd Ks")
    assert kings.accepts(parse_card("Kc"))
    assert str(kings.extend(parse_card("Kc"))) == "set: K♥ K♦ K♠ K♣"


def test_donation_onto_a_set_any_suit_same_rank_only() -> None:
    # "If an opponent has laid down 8-8-8, you can donate your 8s there."
    eights = set_("8s 8h 8d")
    assert eights.accepts(parse_card("8c")) and eights.accepts(parse_card("8h"))
    assert not eights.accepts(parse_card("9c"))
    assert eights.why_not(parse_card("9c")) == "a set of 8s takes only 8s, not 9"


def test_straight_extends_toward_ace_but_never_past_it() -> None:
    high = run("Jc Qc Kc Ac")
    assert [str(c) for c in high.open_cards()] == ["10c"]
    assert not high.accepts(parse_card("2c"), parse_card("2c"))  # no wrap onto the 2
    low = run("Ac 2c 3c 4c")
    assert [str(c) for c in low.open_cards()] == ["5c"]
    assert not low.accepts(parse_card("Kc"))


# --- aces, wrap, positions -----------------------------------------------------------------------


def test_ace_low_and_high_in_one_straight() -> None:
    # "a run can in fact have aces at both ends (… Q K A and A 2 3 … in the same run)"
    whole = run("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah")
    assert whole.positions == tuple(range(1, 15))
    assert whole.open_cards() == ()  # reachable by donations; takes nothing more
    assert run("Qh Kh Ah").positions == (12, 13, 14)
    assert run("Ah 2h 3h").positions == (1, 2, 3)
    # A house straight of 14 needs both aces: two decks give two A♥, or a joker stands for one.
    rules = house_level([{"kind": "run", "size": 14}], 1)
    hand = parse_hand("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah")
    c = check(hand, 1, rules)
    assert (c.ok, c.jokers) == (True, 0)
    one_ace = parse_hand("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 2c")
    c = check(one_ace, 1, rules)
    assert (c.ok, c.jokers) == (True, 1)
    assert validate(c.melds, 1, rules, hand=one_ace) == ()


def test_ace_high_straight_on_level1() -> None:
    c = check("Jd Qd Kd Ad", 1)
    assert (c.ok, c.jokers) == (True, 0)
    assert str(c.melds[0]) == "run: J♦ Q♦ K♦ A♦"


def test_no_wrap_K_A_2() -> None:
    problems = validate([run("Kh Ah 2h 3h")], 1)
    assert rules_of(problems) == ["wrap"]
    assert "cannot wrap around the corner" in problems[0].message
    assert not check("Kh Ah 2h 3h", 1).ok
    assert reference_jokers(parse_hand("Kh Ah 2h 3h"), UPTO9.level(1)) is None
    # Not by donation either: Q K A takes only the J.
    assert not run("Qh Kh Ah").accepts(parse_card("2h"), parse_card("2h"))


def test_no_position_twice() -> None:
    problems = validate([run("5h 6h 6h 7h")], 1)
    assert rules_of(problems) == ["repeat"]
    assert not check("5h 6h 6h 7h", 1).ok


# --- 2s and 3s: jokers and themselves --------------------------------------------------------------


def test_set_of_twos_is_real() -> None:
    # "A set of 2s is real 2s" (README): no joker used.
    c = check("2s 2h 2d 7s 7h 7c Ks Kd Kc", 4)
    assert (c.ok, c.jokers) == (True, 0)
    assert validate([set_("2s 2h 2d"), set_("7s 7h 7c"), set_("Ks Kd Kc")], 4) == ()


def test_three_in_set_of_twos_is_joker() -> None:
    twos = set_("2s 2h 3d=2")
    assert twos.jokers == 1
    assert [p.wild for p in twos.cards] == [False, False, True]
    c = check("2s 2h 3d 7s 7h 7c Ks Kd Kc", 4)
    assert (c.ok, c.jokers) == (True, 1)
    assert "3♦ as a 2" in " ".join(c.explanation)


def test_two_of_another_suit_in_a_straight_is_a_joker() -> None:
    # "another suit than its own" makes it a joker: ♣2 for ♥2 costs one.
    problems = validate([run("Ah 2c=2h 3h 4h")], 1)
    assert rules_of(problems) == ["budget"]
    assert problems[0].message == "level 1 allows no jokers; this lay-down uses 1 (2♣ as 2♥)"
    assert not check("Ah 2c 3h 4h", 1).ok
    c = check("Ah 2c 3h 4h 5h", 2)  # level 2 allows one joker
    assert (c.ok, c.jokers) == (True, 1)


def test_fewest_jokers_chosen() -> None:
    # A checker always finds the arrangement with the FEWEST jokers; the budget is a maximum.
    c = check("4h 5h 6h 7h 8h 2c", 2)
    assert (c.ok, c.jokers) == (True, 0)
    assert all(not p.wild for m in c.melds for p in m.cards)
    # The 2♥ and 3♥ play themselves rather than jokers; the ♣2 and ♣3 stay in hand.
    c = check("2h 3h 4h 5h 6h 7h 8h 2c 3c", 7)
    assert (c.ok, c.jokers) == (True, 0)
    assert {str(p.card) for p in c.melds[0].cards} == {"2h", "3h", "4h", "5h", "6h", "7h", "8h"}
    assert c.explanation[1] == "The best lay-down uses no jokers."


# --- budgets -------------------------------------------------------------------------------------


def test_level4_at_most_one_joker_per_set() -> None:
    # Two jokers in total would do, but not both in the set of 5s.
    hand = parse_hand("7s 7h 7c Ks Kd Kc 5d 2c 3h")
    assert not check(hand, 4).ok
    assert reference_jokers(hand, UPTO9.level(4)) is None
    problems = validate([set_("7s 7h 7c"), set_("Ks Kd Kc"), set_("5d 2c=5 3h=5")], 4)
    assert rules_of(problems) == ["group budget"]
    assert problems[0].message == "level 4 allows at most 1 joker in each set; the set (3) holds 2"


def test_level4_clean_set_rule(tmp_path: Path) -> None:
    # With the stated total of 2 the clean rule never bites (three sets, one joker each, is 3).
    # A house total of 3 makes it the rule that decides.
    three_sets = 'groups = [{ kind = "set", size = 3, jokers = 1 }, { kind = "set", size = 3, jokers = 1 }, { kind = "set", size = 3, jokers = 1 }]\n'
    rules = house_rules(tmp_path, 'base = "upto9"\n[[levels]]\nnumber = 4\njokers = 3\nclean_groups = 1\n' + three_sets)
    one_each = parse_hand("7s 7h Ks Kd 5d 5c 2c 3h 2d")
    c = check(one_each, 4, rules)
    assert not c.ok
    assert reference_jokers(one_each, rules.level(4), rules) is None
    # The shortfall cites the clean rule (the first line only restates the level).
    assert any("with no joker" in line for line in c.explanation[1:]), c.explanation
    problems = validate([set_("7s 7h 2c=7"), set_("Ks Kd 3h=K"), set_("5d 5c 2d=5")], 4, rules)
    assert rules_of(problems) == ["clean"]
    # One clean set and it is valid; without the clean rule the hand above is valid too.
    c = check([*one_each, parse_card("7c")], 4, rules)
    assert (c.ok, c.jokers) == (True, 2)
    no_clean = house_rules(tmp_path, 'base = "upto9"\n[[levels]]\nnumber = 4\njokers = 3\n' + three_sets, "noclean.toml")
    c = check(one_each, 4, no_clean)
    assert (c.ok, c.jokers) == (True, 3)


def test_level5_and_8_split_budget() -> None:
    # Level 5: 1 + 1. A straight needing two jokers fails though the total would allow 2.
    hand = parse_hand("5h 6h 9h 2c 3d 7s 7d 7c")
    assert not check(hand, 5).ok
    assert reference_jokers(hand, UPTO9.level(5)) is None
    c = check("5h 6h 7h 9h 2c 3d 7s 7d", 5)  # one in the straight (8♥), one in the set
    assert (c.ok, c.jokers) == (True, 2)
    assert [m.jokers for m in c.melds] == [1, 1]
    # Level 8: 2 + 1. A set needing two jokers fails though the total would allow 3.
    hand = parse_hand("4h 5h 6h 7h 8h 9h Ks 2c 3d")
    assert not check(hand, 8).ok
    assert reference_jokers(hand, UPTO9.level(8)) is None
    c = check("4h 5h 7h 9h 2c 3d Ks Kd 2s", 8)  # two in the straight (6♥ 8♥), one in the set
    assert (c.ok, c.jokers) == (True, 3)
    assert [m.jokers for m in c.melds] == [2, 1]
    problems = validate([run("4h 5h 6h 7h 8h 9h"), set_("Ks 2c=K 3d=K")], 8)
    assert rules_of(problems) == ["group budget"]


def test_min_real_cards_level9() -> None:
    # "level 9 ... needs at least 5 real cards of the same suit in a row": 4 real + 5 jokers fail.
    assert not check("5h 6h 7h 8h 2c 2d 2s 3c 3d", 9).ok
    c = check("5h 6h 7h 8h 9h 2c 2d 2s 3c", 9)
    assert (c.ok, c.jokers) == (True, 4)


def test_donated_joker_needs_no_budget_but_must_continue() -> None:
    # Ruling 4: a level-1 straight (no jokers allowed) still takes a donated joker...
    laid = run("4c 5c 6c 7c")
    assert validate([laid], 1) == ()
    assert laid.accepts(parse_card("2h"), parse_card("8c"))
    grown = laid.extend(parse_card("2h"), parse_card("8c"))
    assert str(grown) == "run: 4♣ 5♣ 6♣ 7♣ [2♥=8♣]"
    # ...locked to the card it stands for: the straight now continues at 9♣, not 8♣.
    assert [str(c) for c in grown.open_cards()] == ["3c", "9c"]
    assert not grown.accepts(parse_card("8c"))
    # It must stand for a card that continues the meld.
    assert not laid.accepts(parse_card("2h"), parse_card("9c"))
    assert not laid.accepts(parse_card("2h"), parse_card("5h"))
    assert "does not continue the straight" in (laid.why_not(parse_card("2h"), parse_card("9c")) or "")
    # Onto a set it stands for the set's rank, and nothing else.
    kings = set_("Kh Kd Ks")
    assert str(kings.extend(parse_card("3c"))) == "set: K♥ K♦ K♠ [3♣=K]"
    assert not kings.accepts(parse_card("3c"), Rank.QUEEN)
    # Only 2s and 3s may stand for another card.
    assert not laid.accepts(parse_card("9h"), parse_card("8c"))


def test_donated_joker_without_a_named_card_is_accepted_when_it_can_continue() -> None:
    # Meld.accepts: "A 2 or 3 without as_card is accepted if it can stand for some card that
    # continues the meld." A 2♥ can stand for 3♣ or 8♣ on ♣4-♣7; extend() then asks which.
    laid = run("4c 5c 6c 7c")
    assert laid.accepts(parse_card("2h"))
    assert laid.accepts(parse_card("3h"))


def test_decks_limit_copies_in_hand() -> None:
    # Ruling 1: 2 decks for 2-4 players, 3 decks for 5-6.
    with pytest.raises(CardError) as error:
        parse_hand("7h 7h 7h", UPTO9, players=4)
    assert str(error.value) == "the hand holds 3 × 7h, but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; choose 5 or 6 players for 3 decks"
    assert parse_hand("7h 7h 7h", UPTO9, players=5) == (parse_card("7h"),) * 3
    assert parse_hand("7h 7h", UPTO9, players=2) == (parse_card("7h"),) * 2
    with pytest.raises(CardError, match="at most 3 of each card"):
        parse_hand("7h 7h 7h 7h", UPTO9, players=6)
    # Without rules a hand is only read, not counted.
    assert len(parse_hand("7h 7h 7h 7h")) == 4


def test_two_copies_of_a_card_from_two_decks_make_two_sets() -> None:
    # Level 6 from two decks: two sets of four 7s share no physical card.
    hand = parse_hand("7s 7s 7h 7h 7d 7d 7c 7c")
    c = check(hand, 6)
    assert (c.ok, c.jokers) == (True, 0)
    assert [len(m.cards) for m in c.melds] == [4, 4]
    assert validate(c.melds, 6, hand=hand) == ()


# --- what the user reads ------------------------------------------------------------------------


def test_explanation_cites_budget() -> None:
    hand = parse_hand("5h 6h 9h 2c 3d 2s")
    c = check(hand, 7)
    assert not c.ok
    assert c.explanation[0] == "Level 7: straight of 7; at most 3 jokers."
    text = "\n".join(c.explanation)
    assert "Level 7 allows 3 jokers" in text
    # Any straight of 7 around 5♥ 6♥ 9♥ lacks four hearts: three jokers stand in for three of them,
    # so one heart is missing, the one card the hand is short; the explanation names all four.
    assert "the closest straight needs 4: 2♠ stands in for 3♥, 2♣ stands in for 4♥, 3♦ stands in for 7♥; 8♥ is missing." in text
    assert c.missing == (parse_card("8h"),)
    assert len(c.missing) == c.cards_short == 1
    assert all(isinstance(f, Card) and f.suit is Suit.HEARTS for f in c.missing)
    assert "The hand is 1 card short of the lay-down." in c.explanation
    # A valid level 7 says what the jokers stand for, against the 3 allowed.
    c = check("5h 6h 8h 9h 2c 3d 2s", 7)
    assert c.explanation[1].startswith("The best lay-down uses 3 jokers of 3 allowed: ")


def test_missing_and_outs() -> None:
    c = check("5h 6h 7h", 1)
    assert not c.ok
    assert [str(f) for f in c.missing] == ["4h"]
    assert [str(o) for o in c.outs] == ["4h", "8h"]
    assert c.cards_short == 1
    assert "Level 1 lays down 4 cards; the hand holds 3." in c.explanation
    assert "Any one of these makes it: 4♥, 8♥." in c.explanation
    # Level 7, three jokers and a gap of four: only the hearts that close it help, no more 2s or 3s.
    hand = parse_hand("5h 6h 9h 2c 3d 2s")
    assert [str(o) for o in outs(hand, 7)] == ["3h", "4h", "7h", "8h", "10h", "Jh"]
    assert outs(hand, 7) == reference_outs(hand, UPTO9.level(7))
    # Level 4 with 7-7-7, K-K-[2♦] and 5-5: a third 5, a third K (freeing the ♦2), or any 2 or 3.
    hand = parse_hand("7s 7h 7c Ks Kd 5d 5c 2d")
    expected = [f"{r}{s}" for r in ("2", "3", "5", "K") for s in "shdc"]
    assert [str(o) for o in outs(hand, 4)] == expected
    assert outs(hand, 4) == reference_outs(hand, UPTO9.level(4))
    # A hand that already makes it has no outs and nothing missing.
    c = check("5h 6h 7h 8h", 1)
    assert (c.missing, c.outs, c.cards_short) == ((), (), 0)


def test_two_cards_short_has_no_outs() -> None:
    c = check("5h 6h", 1)
    assert c.cards_short == 2
    assert c.outs == ()
    assert "The hand is 2 cards short of the lay-down." in c.explanation


def test_empty_hand_is_short_of_every_level() -> None:
    for level in UPTO9.levels:
        c = check("", level)
        assert not c.ok
        # Every slot needs a card: a 2 or 3 added to the hand is a card too.
        assert c.cards_short == level.cards
        assert c.outs == ()


def test_to_dict_is_json_ready() -> None:
    d = check("5h 6h 2c 8h 9h", 2).to_dict()
    assert d["ok"] is True and d["level"] == 2 and d["jokers"] == 1
    assert d["melds"] == [
        {
            "kind": "run",
            "cards": [
                {"card": "5h", "as": "5h", "wild": False},
                {"card": "6h", "as": "6h", "wild": False},
                {"card": "2c", "as": "7h", "wild": True},
                {"card": "8h", "as": "8h", "wild": False},
                {"card": "9h", "as": "9h", "wild": False},
            ],
        }
    ]
    assert (d["missing"], d["outs"]) == ([], [])
    # The JSON meld reads back and re-validates.
    assert validate(d["melds"], 2, hand=parse_hand("5h 6h 2c 8h 9h")) == ()


# --- validate(): the problems a user is told ------------------------------------------------------


def test_validate_club_two_counted_as_real_in_hearts_straight() -> None:
    # The checker's JSON shape claims ♣2 as ♥7 is real: refused, and the record is named wrong.
    meld = {
        "kind": "run",
        "cards": [
            {"card": "5h", "as": "5h", "wild": False},
            {"card": "6h", "as": "6h", "wild": False},
            {"card": "2c", "as": "7h", "wild": False},
            {"card": "8h", "as": "8h", "wild": False},
        ],
    }
    problems = validate([meld], 1)
    assert rules_of(problems) == ["format"]
    assert problems[0].message == "meld 1: card 3 of the run: 2c as 7h is a joker, but the record says wild=false: a card is real only as itself"


def test_validate_club_two_as_itself_in_hearts_straight_is_named() -> None:
    # Written as itself, the ♣2 breaks the hearts straight; the user is told which card is at fault.
    problems = validate([run("Ah 2c 3h 4h")], 1)
    assert problems
    assert any("2♣" in p.message for p in problems), [p.message for p in problems]


def test_validate_second_joker_in_one_set_level4() -> None:
    problems = validate([set_("7s 7h 7c"), set_("Kh 2c=K 3d=K"), set_("5d 5c 5s")], 4)
    assert rules_of(problems) == ["group budget"]
    assert problems[0].meld == 1
    assert problems[0].message == "level 4 allows at most 1 joker in each set; the set (2) holds 2"


def test_validate_wrap_K_A_2() -> None:
    problems = validate([run("Qh Kh Ah 2h 3h")], 2)
    assert "wrap" in rules_of(problems)


def test_validate_wrong_group_sizes() -> None:
    problems = validate([run("5h 6h 7h 8h 9h")], 1)
    assert rules_of(problems) == ["size"]
    assert problems[0].message == "the straight (1) holds 5 cards; level 1 lays down a straight of 4, exactly 4"
    problems = validate([run("5h 6h 7h")], 1)
    assert problems[0].message == "the straight (1) holds 3 cards; level 1 lays down a straight of 4, exactly 4"
    # Level 5 wants a straight of 5 and a three of a kind, in either order; four 7s are too many.
    problems = validate([set_("7s 7h 7c 7d"), run("5h 6h 7h 8h 9h")], 5)
    assert rules_of(problems) == ["size"]
    # The wrong number of groups.
    problems = validate([set_("7s 7h 7c")], 4)
    assert problems[0].message == "level 4 lays down 3 × three of a kind: 3 groups, not 1"
    # A set where a straight belongs.
    assert rules_of(validate([set_("7s 7h 7c 7d")], 1)) == ["kind"]


def test_validate_card_not_in_hand() -> None:
    melds = [set_("7s 7h 7c"), set_("Kh Kd 2c=K"), set_("5d 5c 3h=5")]
    problems = validate(melds, 4, hand=parse_hand("7s 7h 7c Kh Kd 2c 5d 5c"))
    assert rules_of(problems) == ["hand"]
    assert problems[0].message == "the lay-down uses 1 × 3♥; the hand holds 0"
    # A card held once cannot be laid twice.
    problems = validate([run("7h 8h 9h 10h"), run("7h 8h 9h 10h")], house_level([{"kind": "run", "size": 4}] * 2, 0).level(1), hand=parse_hand("7h 8h 9h 10h"))
    assert rules_of(problems) == ["hand"] * 4


def test_validate_non_wild_card_cannot_be_a_joker() -> None:
    problems = validate([run("5h 6h 9c=7h 8h 9h")], 2)
    assert rules_of(problems) == ["joker"]
    assert problems[0].message == "9♣ cannot stand for 7♥: only 2s and 3s are jokers"


@pytest.mark.parametrize(
    ("hand", "level", "jokers"),
    [
        ("5s 6s 7s 8s", 1, 0),
        ("2h 3h 4h 5h", 1, 0),
        ("5s 6h 7s 8s", 1, None),
        ("7s 7h 7c Kh Kd 2c 5d 5c 3h", 4, 2),
        ("5h 6h 8h 9h 2c 3d 2s", 7, 3),
        ("5h 6h 8h 9h 2c 3d", 7, None),
    ],
)
def test_rules_text_examples_agree_with_reference(hand: str, level: int, jokers: int | None) -> None:
    # The reference reads the rules the same way on the text's own examples.
    assert reference_jokers(parse_hand(hand), UPTO9.level(level)) == jokers
    assert check(hand, level).jokers == jokers


def test_set_suits_are_free() -> None:
    # "A set is N cards of one rank, suits free": even two of one suit, from two decks.
    rules = house_level([{"kind": "set", "size": 3}], 0)
    assert check("9s 9h 9d", 1, rules).ok
    assert check("9s 9s 9h", 1, rules).ok
    assert not check("9s 9h 8d", 1, rules).ok
    assert [g.kind for g in UPTO9.level(5).groups] == [GroupKind.RUN, GroupKind.SET]


# --- house contracts: the budget binds whatever the contract --------------------------------------


def assert_no_lay_down(hand_text: str, rules: Rules) -> None:
    hand = parse_hand(hand_text)
    c = check(hand, 1, rules)
    assert reference_jokers(hand, rules.level(1), rules) is None
    assert (c.ok, c.jokers) == (False, None), [str(m) for m in c.melds]


def test_house_two_straights_in_one_suit_share_no_card_and_the_budget() -> None:
    # Two straights of 4, 2 jokers: 5♠-8♠ and 6♠-9♠ would need 6♠ 7♠ 8♠ twice; three jokers is one too many.
    assert_no_lay_down("5s 6s 7s 8s 9s 2h 2d 2c", house_level([{"kind": "run", "size": 4}] * 2, 2))


def test_house_straight_of_14_needs_the_ace_twice() -> None:
    # A 2 ... K A needs two aces; with one A♠ and no jokers allowed there is no lay-down.
    assert_no_lay_down("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks 2h", house_level([{"kind": "run", "size": 14}], 0))


def test_house_total_budget_binds_groups_with_their_own_caps() -> None:
    # A set (cap 1) and a straight (cap 1) with 1 joker in total: 10♥ [2] and 9♣ [2=10♣] J♣ is 2.
    assert_no_lay_down("9c Jc 10c 10h 2h 2d", house_level([{"kind": "set", "size": 3, "jokers": 1}, {"kind": "run", "size": 3, "jokers": 1}], 1))
