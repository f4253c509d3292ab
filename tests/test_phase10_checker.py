"""Phase 10's lay-down rules, one named test each (docs/rules.md#phase-10),
and property tests: the Phase 10 checker agrees with the brute-force reference (tests/reference.py)
on thousands of hands for all ten phases, and what it lays down is a valid lay-down from the hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.reference import phase10_reference_jokers, phase10_reference_outs
from upto9 import PHASE10, UPTO9, CardError, Colour, Family, GroupKind, Level, Phase10Card, Phase10Meld, Rules, RulesError, check, holds, outs, validate
from upto9.cards import parse_hand
from upto9.families.phase10.cards import SKIP, WILD, parse_phase10_card
from upto9.families.phase10.phases import Phase10Check, Phase10Placed, SkipError, contract
from upto9.families.upto9.melds import MeldError, Problem
from upto9.rules import rules_from_dict

DECK = PHASE10.one_deck()
NUMBER_CARDS = tuple(c for c in DECK if c.special is None)
WILDS = tuple(c for c in DECK if c.is_wild)
PHASES = [level.number for level in PHASE10.levels]


def card(text: str) -> Phase10Card:
    return parse_phase10_card(text)


def hand(text: str) -> tuple[Phase10Card, ...]:
    cards = parse_hand(text, rules=PHASE10)
    assert all(isinstance(c, Phase10Card) for c in cards)
    return cards  # type: ignore[return-value]


def meld(kind: str, text: str) -> Phase10Meld:
    return Phase10Meld.from_text(kind, text)


def rules_of(problems: Sequence[Problem]) -> list[str]:
    return [p.rule for p in problems]


# --- the phases ---------------------------------------------------------------------------------------


def test_the_ten_phases_as_the_rules_list_them() -> None:
    assert [contract(level) for level in PHASE10.levels] == [
        "2 sets of 3",
        "1 set of 3 + 1 run of 4",
        "1 set of 4 + 1 run of 4",
        "1 run of 7",
        "1 run of 8",
        "1 run of 9",
        "2 sets of 4",
        "7 cards of one colour",
        "1 set of 5 + 1 set of 2",
        "1 set of 5 + 1 set of 3",
    ]
    assert all(level.unlimited and level.natural_cards == 1 for level in PHASE10.levels)


def test_check_answers_phase10_through_the_common_entry_points() -> None:
    c = check("7r 7y W 9b 9g 9r", 1, PHASE10)
    assert isinstance(c, Phase10Check)
    assert (c.ok, c.jokers) == (True, 1)
    assert [str(m) for m in c.melds] == ["set: 9r 9g 9b", "set: 7r 7y [W=7]"]
    assert holds("7r 7y W 9b 9g 9r", 1, PHASE10) and not holds("7r 7y 9b 9g 9r", 1, PHASE10)
    assert outs("7r 7y 9b 9g 9r", 1, PHASE10) == (*hand("7r 7y 7g 7b"), WILD)
    assert outs("7r 7y W 9b 9g 9r", 1, PHASE10) == ()


def test_up_to_9_refuses_phase10_cards_and_phase10_refuses_standard_cards() -> None:
    with pytest.raises(CardError, match="not a card of these rules' standard decks"):
        check(hand("7r 7y 7g"), 1)
    with pytest.raises(CardError, match="7h is a standard card, not a card of Phase 10's deck"):
        check(parse_hand("7h 7d 7c"), 1, PHASE10)
    with pytest.raises(CardError, match=r"no colour .h.; colours are r y g b"):
        check("7h 7d 7c", 1, PHASE10)


# --- groups -------------------------------------------------------------------------------------------


def test_in_phase_2_you_need_seven_separate_cards() -> None:
    # "A card cannot count in two parts of the same phase. In phase 2 you therefore need seven separate cards."
    c = check("5r 5y 5g 6b 7r 8g", 2, PHASE10)
    assert not c.ok
    assert (c.missing, c.cards_short) == ((5,), 1)
    assert "The set of 3 (1) lacks a 5." in c.explanation
    c = check("5r 5y 5g 5b 6b 7r 8g", 2, PHASE10)
    assert (c.ok, c.jokers) == (True, 0)
    problems = validate([meld("set", "5r 5y 5g"), meld("run", "5r 6b 7r 8g")], 2, PHASE10, hand=hand("5r 5y 5g 6b 7r 8g"))
    assert rules_of(problems) == ["hand"]
    assert problems[0].message == "the lay-down uses 2 × 5r; the hand holds 1"


def test_two_sets_may_have_the_same_number() -> None:
    # "When a phase asks for two groups, the groups may have the same number, but each card is used once."
    assert validate([meld("set", "7r 7y 7g"), meld("set", "7b 7r 7y")], 1, PHASE10) == ()
    c = check("7r 7y 7g 7b 7r 7y 2b", 1, PHASE10)
    assert (c.ok, c.jokers) == (True, 0)
    assert [m.number for m in c.melds] == [7, 7]
    assert validate(c.melds, 1, PHASE10, hand=c.hand) == ()


def test_two_sets_share_a_number_card_rather_than_one_set_of_wild_cards_alone() -> None:
    # Three 7s and three wild cards make phase 1 with three wild cards either way; a player lays
    # down 7 7 W + 7 W W, a number card in each set, not 7 7 7 + W W W.
    c = check("7r 7y 7g W W W", 1, PHASE10)
    assert (c.ok, c.jokers) == (True, 3) == (True, phase10_reference_jokers(c.hand, PHASE10.level(1)))
    assert [m.number for m in c.melds] == [7, 7] and all(m.naturals >= 1 for m in c.melds)
    assert validate(c.melds, 1, PHASE10, hand=c.hand) == ()
    # Phase 9, a set of 5 and a set of 2: the pair holds a 7 too.
    c = check("7r 7y 7g 7b 7r W W", 9, PHASE10)
    assert c.jokers == 2 and [(m.number, m.naturals) for m in c.melds] == [(7, 4), (7, 1)]
    # A hand that falls short is shown the same way: each set of its closest arrangement holds a 7.
    short = check("7r 7y W W", 1, PHASE10)
    assert not short.ok and all(any(s.card is not None and not s.wild for s in slots) for slots in short.closest.groups)


def test_colours_are_free_in_sets_and_runs() -> None:
    assert validate([meld("set", "6r 6y 6b"), meld("run", "4g 5r 6y 7b")], 2, PHASE10) == ()
    assert check("6r 6y 6b 4g 5r 6y 7b", 2, PHASE10).jokers == 0


def test_a_run_cannot_wrap_from_12_to_1() -> None:
    problems = validate([meld("run", "10r 11y 12g 1b 2r 3y 4g")], 4, PHASE10)
    assert rules_of(problems) == ["wrap"]
    assert problems[0].message == "a run cannot wrap from 12 to 1 (the run of 7 (1))"
    c = check("10r 11y 12g 1b 2r 3y 4g", 4, PHASE10)
    assert not c.ok
    assert c.cards_short == 3
    assert check("10r 11y 12g 1b 2r 3y 4g W W W", 4, PHASE10).jokers == 3
    # A run stays within 1..12 and grows at its ends only.
    top = meld("run", "9r 10y 11g 12b")
    assert top.open_cards() == (8,)
    assert top.why_not(card("1r")) == ("1r does not continue the run 9-12: a run grows at its low or high end, never past 12 or below 1; it takes only 8")
    assert rules_of(validate([meld("run", "3r 4y 6g 7b 8r 9y 10g")], 4, PHASE10)) == ["run"]


def test_a_set_is_one_number() -> None:
    problems = validate([meld("set", "7r 7y 9b"), meld("set", "2r 2y 2b")], 1, PHASE10)
    assert [p.message for p in problems] == ["a set of 7s cannot hold a 9 (the set of 3 (1))"]


def test_phase8_is_seven_cards_of_one_colour() -> None:
    # "Numbers need not be equal or follow each other."
    assert validate([meld("colour", "1r 3r 5r 7r 9r 11r 12r")], 8, PHASE10) == ()
    c = check("1r 3r 5r 7r 9r 11r 12r 4b", 8, PHASE10)
    assert (c.ok, c.jokers) == (True, 0)
    assert c.melds[0].to_dict()["kind"] == "colour"
    assert c.melds[0].colour is Colour.RED
    problems = validate([meld("colour", "1r 3r 5r 7b 9r 11r 12r")], 8, PHASE10)
    assert [p.message for p in problems] == ["a colour group is one colour; this one mixes red, blue (the colour group of 7 (1))"]
    c = check("1r 3r 5r W 9b 11b 12g", 8, PHASE10)
    # Four slots no red card fills; the wild card fills one of them, so three red cards are missing:
    # exactly the cards the hand is short.
    assert (c.ok, c.missing, c.cards_short) == (False, (Colour.RED,) * 3, 3)
    assert c.to_dict()["missing"] == ["r", "r", "r"]
    assert "The colour group of 7 lacks three red cards; W stands in for a red card." in c.explanation


def test_several_wild_cards_but_at_least_one_number_card() -> None:
    # "You may use several wild cards in one phase, but the phase must hold at least one normal number card."
    c = check("7r W W W W W", 1, PHASE10)
    assert (c.ok, c.jokers) == (True, 5)
    assert "The best lay-down uses 5 wild cards: W as 7, W as 7, W as 1, W as 1, W as 1." in c.explanation
    c = check("W W W W W W W W", 1, PHASE10)
    assert not c.ok
    assert c.cards_short == 1
    assert "A phase must hold at least one number card; the hand has none." in c.explanation
    assert len(c.outs) == 48 and WILD not in c.outs  # any number card makes it, another wild card does not
    problems = validate([meld("set", "W=7 W=7 W=7"), meld("set", "W=9 W=9 W=9")], 1, PHASE10)
    assert [p.message for p in problems] == ["the phase must hold at least one number card; this one is all wild cards"]
    # One number card anywhere is enough: a set of wild cards beside a set with a 7 is valid.
    assert validate([meld("set", "7r W=7 W=7"), meld("set", "W=9 W=9 W=9")], 1, PHASE10) == ()


def test_a_skip_is_never_part_of_a_phase() -> None:
    with pytest.raises(SkipError, match="a skip can never be part of a phase"):
        meld("set", "7r 7y S")
    problems = validate([{"kind": "set", "cards": [{"card": "7r"}, {"card": "7y"}, {"card": "S"}]}, meld("set", "9r 9y 9g")], 1, PHASE10)
    assert rules_of(problems) == ["skip"]
    assert problems[0].message == "group 1: card 3 of the set: a skip can never be part of a phase"
    forged = Phase10Meld(GroupKind.SET, (Phase10Placed(card("7r"), 7), Phase10Placed(card("7y"), 7), Phase10Placed(SKIP, 7)))
    assert "skip" in rules_of(validate([forged, meld("set", "9r 9y 9g")], 1, PHASE10))
    assert meld("set", "7r 7y 7g").why_not(SKIP) == "a skip can never be part of a phase"
    assert not meld("run", "4r 5y 6g 7b").accepts(SKIP)
    c = check("7r 7y S S 9r 9y 9g", 1, PHASE10)
    assert not c.ok and SKIP not in c.outs
    assert c.explanation[1] == "Phase 1 lays down 6 cards; the hand holds 5 (and 2 skips, which can never be part of a phase)."


def test_a_lay_down_may_hold_more_cards_than_the_phase_asks() -> None:
    # "You may also lay down extra matching cards with the phase, e.g. four of a kind where three are asked."
    assert validate([meld("set", "7r 7y 7g 7b"), meld("set", "9r 9y 9g")], 1, PHASE10) == ()
    assert validate([meld("run", "2r 3y 4g 5b 6r 7y 8g 9b")], 4, PHASE10) == ()
    problems = validate([meld("set", "7r 7y"), meld("set", "9r 9y 9g")], 1, PHASE10)
    assert [p.message for p in problems] == ["the set of 3 (1) holds 2 cards; phase 1 needs at least 3"]
    # The checker answers with exactly the phase's sizes.
    c = check("7r 7y 7g 7b 9r 9y 9g 9b", 1, PHASE10)
    assert [len(m.cards) for m in c.melds] == [3, 3]


def test_groups_match_the_phase_in_any_order() -> None:
    assert validate([meld("run", "4g 5r 6y 7b"), meld("set", "6r 6y 6b")], 2, PHASE10) == ()
    assert rules_of(validate([meld("run", "4g 5r 6y 7b")], 2, PHASE10)) == ["groups"]
    assert rules_of(validate([meld("run", "4g 5r 6y 7b"), meld("run", "4g 5r 6y 7b")], 2, PHASE10)) == ["kind"]


def test_a_wild_card_says_what_it_stands_for() -> None:
    # "When you lay down a wild card, make clear which number or colour it replaces."
    with pytest.raises(MeldError, match="say what the wild card stands for"):
        meld("set", "7r 7y W")
    assert Phase10Placed(WILD, Colour.BLUE).to_dict() == {"card": "W", "as": "b", "wild": True}
    assert Phase10Meld.from_dict(meld("colour", "1r W=r 3r").to_dict()) == meld("colour", "1r W=r 3r")
    with pytest.raises(MeldError, match="is a wild card, but the record says wild=false"):
        Phase10Meld.from_dict({"kind": "set", "cards": [{"card": "W", "as": "7", "wild": False}]})
    problems = validate([meld("set", "7r 7y 9b=7"), meld("set", "2r 2y 2b")], 1, PHASE10)
    assert [p.message for p in problems] == ["9b cannot stand for 7: only a wild card stands for another number or colour (the set of 3 (1))"]


# --- hitting ------------------------------------------------------------------------------------------


def test_hitting_a_set_takes_the_same_number_in_any_colour() -> None:
    sevens = meld("set", "7r 7y 7g")
    assert sevens.accepts(card("7b")) and sevens.accepts(card("7r"))
    assert sevens.why_not(card("9b")) == "a set of 7s takes only 7s, not 9b"
    assert str(sevens.extend(WILD)) == "set: 7r 7y 7g [W=7]"
    assert sevens.why_not(WILD, 8) == "a set of 7s takes only 7s, not 8"
    assert sevens.open_cards() == (7,)


def test_hitting_a_run_at_its_low_or_high_end() -> None:
    # "A run from 4 to 7 can be extended with 3 or 8."
    run = meld("run", "4r 5b 6g 7r")
    assert run.accepts(card("3y")) and run.accepts(card("8b")) and not run.accepts(card("9r"))
    assert str(run.extend(card("3y"))) == "run: 3y 4r 5b 6g 7r"
    assert str(run.extend(WILD, 8)) == "run: 4r 5b 6g 7r [W=8]"
    assert run.accepts(WILD)
    with pytest.raises(MeldError, match="say which number the wild card stands for: 3 or 8"):
        run.extend(WILD)
    full = meld("run", " ".join(f"{n}r" for n in range(1, 13)))
    assert full.open_cards() == ()
    assert full.why_not(WILD) == "the run holds every number from 1 to 12: it takes no more cards"


def test_hitting_a_colour_group_takes_the_same_colour() -> None:
    reds = meld("colour", "1r 3r 5r 7r 9r 11r 12r")
    assert reds.accepts(card("2r")) and not reds.accepts(card("2b"))
    assert reds.why_not(card("2b")) == "a red colour group takes only red cards, not 2b"
    assert str(reds.extend(WILD)) == "colour: 1r 3r 5r 7r 9r 11r 12r [W=r]"
    assert reds.why_not(card("S")) == "a skip can never be part of a phase"


# --- the verdict --------------------------------------------------------------------------------------


def test_the_verdict_explains_itself_and_has_the_common_json_shape() -> None:
    c = check("7r 7y 9b 9g 12r", 1, PHASE10)
    data = c.to_dict()
    assert set(data) == {"ok", "level", "jokers", "melds", "missing", "outs", "explanation"}
    assert (data["ok"], data["jokers"], data["melds"], data["missing"]) == (False, None, [], ["7", "9"])
    assert c.explanation == (
        "Phase 1: 2 sets of 3; any number of wild cards, at least 1 number card.",
        "Phase 1 lays down 6 cards; the hand holds 5.",
        "The set of 3 (1) lacks a 7.",
        "The set of 3 (2) lacks a 9.",
        "Wild cards may stand in for missing cards, but the hand holds no wild cards for 2 missing.",
        "The hand is 2 cards short of the phase.",
    )
    assert c.outs == ()
    arrangement = c.closest
    assert [[(s.face, str(s.card)) for s in slots] for slots in arrangement.groups] == [
        [(7, "7r"), (7, "7y"), (7, "None")],
        [(9, "9g"), (9, "9b"), (9, "None")],
    ]


def test_the_whole_deck_makes_every_phase_without_wild_cards() -> None:
    for level in PHASE10.levels:
        c = check(DECK, level, PHASE10)
        assert (c.ok, c.jokers) == (True, 0), level.number
        assert validate(c.melds, level, PHASE10, hand=DECK) == ()


def test_phase10_rule_sets_have_no_per_group_wild_limits() -> None:
    data = PHASE10.to_dict()
    data["levels"] = [{"number": 1, "groups": [{"kind": "set", "size": 3, "jokers": 1}], "jokers": 2}]
    with pytest.raises(RulesError, match="Phase 10 limits wild cards for the whole phase only"):
        rules_from_dict(data, "house.toml")


def test_a_house_rule_budget_of_wild_cards() -> None:
    house = phase10_house([{"number": 1, "groups": [{"kind": "run", "size": 5}], "jokers": 1, "natural_cards": 3}])
    assert check("3r 4y W 6b 7g", 1, house).jokers == 1
    c = check("3r W W 6b 7g", 1, house)
    assert not c.ok
    assert "Phase 1 allows 1 wild card; the closest lay-down needs 2." in c.explanation
    assert c.outs == hand("4r 4y 4g 4b 5r 5y 5g 5b")
    assert rules_of(validate([meld("run", "3r W=4 W=5 6b 7g")], 1, house)) == ["budget"]


# --- property tests against the reference -----------------------------------------------------------


def phase10_house(levels: list[dict[str, object]]) -> Rules:
    return rules_from_dict({**PHASE10.to_dict(), "key": "house10", "name": "Phase 10 (house)", "levels": levels}, "house.toml")


HOUSE = phase10_house(
    [
        # A colour group beside a set and beside a run: cards wanted by number and by colour at once.
        {"number": 1, "groups": [{"kind": "colour", "size": 4}, {"kind": "set", "size": 3}], "jokers": "unlimited", "natural_cards": 1},
        {"number": 2, "groups": [{"kind": "run", "size": 4}, {"kind": "colour", "size": 3}], "jokers": "unlimited", "natural_cards": 2},
        # Two runs and a set; two colour groups; three sets with a budget.
        {"number": 3, "groups": [{"kind": "run", "size": 3}, {"kind": "run", "size": 3}, {"kind": "set", "size": 2}], "jokers": 3},
        {"number": 4, "groups": [{"kind": "colour", "size": 3}, {"kind": "colour", "size": 3}], "jokers": "unlimited", "natural_cards": 1},
        {"number": 5, "groups": [{"kind": "set", "size": 2}, {"kind": "set", "size": 3}, {"kind": "set", "size": 2}], "jokers": 2},
    ]
)


def cards_from(pool: Sequence[Phase10Card], min_size: int, max_size: int) -> st.SearchStrategy[list[Phase10Card]]:
    """Distinct physical cards of ``pool``."""
    return st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=min_size, max_size=max_size).map(lambda ix: [pool[i] for i in ix])


random_hands = cards_from(DECK, 10, 11)  # a dealt hand, and one after the draw


@st.composite
def wild_rich_hands(draw: st.DrawFn) -> list[Phase10Card]:
    """10 cards holding 2 to 7 wild cards."""
    k = draw(st.integers(2, 7))
    cards = draw(cards_from(WILDS, k, k)) + draw(cards_from(NUMBER_CARDS, 10 - k, 10 - k))
    return list(draw(st.permutations(cards)))


@st.composite
def crowded_hands(draw: st.DrawFn) -> list[Phase10Card]:
    """Few numbers, few colours, both copies: where groups compete for cards."""
    low = draw(st.integers(1, 9))
    numbers = range(low, low + draw(st.integers(2, 4)))
    colours = draw(st.lists(st.sampled_from(list(Colour)), min_size=1, max_size=2, unique=True))
    pool = [c for c in NUMBER_CARDS if c.number in numbers and c.colour in colours] + list(WILDS[:3]) + [SKIP]
    return draw(cards_from(pool, 4, min(12, len(pool))))


any_size_hands = cards_from(DECK, 0, 18)


def text(cards: Sequence[Phase10Card]) -> str:
    return " ".join(str(c) for c in cards)


def assert_agrees_with_reference(cards: Sequence[Phase10Card], level: Level, rules: Rules = PHASE10) -> None:
    """check() says ok exactly when the reference finds a lay-down, with the same fewest wild
    cards; its lay-down re-validates against the phase and the hand at exactly the phase's sizes."""
    expected = phase10_reference_jokers(cards, level)
    c = check(cards, level, rules)
    event("lay-down" if expected is not None else "no lay-down")
    assert (c.ok, c.jokers) == (expected is not None, expected), f"hand {text(cards)} phase {level.number}: check {c.jokers}, reference {expected}"
    assert holds(cards, level, rules) is c.ok
    if not c.ok:
        assert c.melds == ()
        assert 1 <= c.cards_short <= len(c.missing) + level.natural_cards
        return
    assert validate(c.melds, level, rules, hand=cards) == (), f"hand {text(cards)} phase {level.number}: {[str(m) for m in c.melds]}"
    assert [(m.kind, len(m.cards)) for m in c.melds] == [(g.kind, g.size) for g in level.groups]
    assert sum(m.jokers for m in c.melds) == c.jokers


@pytest.mark.parametrize("number", PHASES)
@settings(max_examples=120)
@given(cards=random_hands)
def test_random_hands_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    assert_agrees_with_reference(cards, PHASE10.level(number))


@pytest.mark.parametrize("number", PHASES)
@settings(max_examples=120)
@given(cards=wild_rich_hands())
def test_wild_rich_hands_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    assert_agrees_with_reference(cards, PHASE10.level(number))


@pytest.mark.parametrize("number", PHASES)
@settings(max_examples=60)
@given(cards=st.one_of(crowded_hands(), any_size_hands))
def test_crowded_and_any_size_hands_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    assert_agrees_with_reference(cards, PHASE10.level(number))


@pytest.mark.parametrize("number", [level.number for level in HOUSE.levels])
@settings(max_examples=50)
@given(cards=st.one_of(crowded_hands(), wild_rich_hands(), random_hands))
def test_house_rule_phases_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    assert_agrees_with_reference(cards, HOUSE.level(number), HOUSE)


@pytest.mark.parametrize("number", PHASES)
@settings(max_examples=10)
@given(cards=st.one_of(random_hands, wild_rich_hands(), crowded_hands()))
def test_outs_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    level = PHASE10.level(number)
    expected = phase10_reference_outs(cards, level)
    event("some outs" if expected else "no outs")
    assert outs(cards, level, PHASE10) == expected, f"hand {text(cards)} phase {number}"


@pytest.mark.parametrize("number", [1, 2, 4])  # where colour matters: every number card is tried
@settings(max_examples=5)
@given(cards=st.one_of(crowded_hands(), wild_rich_hands()))
def test_house_rule_outs_agree_with_reference(number: int, cards: list[Phase10Card]) -> None:
    level = HOUSE.level(number)
    assert outs(cards, level, HOUSE) == phase10_reference_outs(cards, level), f"hand {text(cards)} house phase {number}"


SET_PHASES = [level.number for level in PHASE10.levels if all(g.kind is GroupKind.SET for g in level.groups)]


@pytest.mark.parametrize("number", SET_PHASES)
@settings(max_examples=80)
@given(cards=st.one_of(wild_rich_hands(), crowded_hands()))
def test_no_set_is_wild_cards_alone_while_another_could_spare_a_number_card(number: int, cards: list[Phase10Card]) -> None:
    """The tie-break between lay-downs with as many wild cards: the count stays the reference's,
    and no set is wild cards alone while another set holds two number cards (one could move over,
    the set taking its number, with as many wild cards)."""
    level = PHASE10.level(number)
    c = check(cards, level, PHASE10)
    assert c.jokers == phase10_reference_jokers(cards, level), f"hand {text(cards)} phase {number}"
    groups = [m.cards for m in c.melds] if c.ok else [tuple(s for s in slots if s.card is not None) for slots in c.closest.groups]
    naturals = [sum(1 for p in g if not p.wild) for g in groups]
    if 0 in naturals:
        assert max(naturals) < 2, f"hand {text(cards)} phase {number}: {naturals}"


def test_families_know_their_checker() -> None:
    assert PHASE10.family == Family.PHASE10 and UPTO9.family == Family.UPTO9
