"""Hostile input to the cards, melds and checkers: random text (any Unicode), random hands, random
levels (wrong types included) in both rule sets. Each call answers, or raises one of the errors its
docstring names (``CardError``, ``MeldError``, ``RulesError`` for a level the rules lack,
``TypeError`` for an argument of the wrong type), within a time bound, with a short message.

CI-sized by default; ``UPTO9_FUZZ_EXAMPLES=2000`` runs that many examples per test.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_helpers import fuzz_examples
from upto9 import (
    PHASE10,
    UPTO9,
    CardError,
    Group,
    GroupKind,
    Level,
    Meld,
    MeldError,
    Phase10Meld,
    Problem,
    RulesError,
    check,
    holds,
    outs,
    parse_hand,
    validate,
)
from upto9.cards import MAX_HAND, MAX_SHOWN_CHARS, full_deck
from upto9.families.phase10.cards import phase10_deck
from upto9.families.phase10.phases import Phase10Placed
from upto9.families.upto9.melds import Placed

FUZZ = settings(max_examples=fuzz_examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)

SECONDS = 2.0
"""A safety bound per example, not a speed target: a loaded machine must not make it flake."""

LONGEST_MESSAGE = 3 * MAX_SHOWN_CHARS + 300
"""An error repeats at most ``MAX_SHOWN_CHARS`` of what it refuses, a few times, in one sentence."""

T = TypeVar("T")


def timed(call: Callable[[], T]) -> T:
    started = time.perf_counter()
    try:
        return call()
    finally:
        assert time.perf_counter() - started < SECONDS, "took longer than the per-example bound"


def refused(call: Callable[[], Any], *errors: type[BaseException]) -> BaseException | None:
    """Run ``call`` within the time bound; the error it raised (one of ``errors``), or ``None``."""
    try:
        timed(call)
    except errors as error:
        assert 0 < len(str(error)) <= LONGEST_MESSAGE, str(error)[:200]
        return error
    return None


RULE_SETS = [UPTO9, PHASE10]
UPTO9_TOKENS = ["5h", "10♥", "Th", "qS", "2c=K", "2c=4h", "A", "K", "=", ",", " ", "1", "٧", "７", "²", "\u212a"]
PHASE10_TOKENS = ["7r", "12B", "W", "wild", "S", "skip", "W=7", "W=r", "7red", "0r", "13r", "٧r", "７y", "W=²", "s\u212aip"]
card_text = st.lists(st.sampled_from(UPTO9_TOKENS + PHASE10_TOKENS) | st.text(max_size=6), max_size=12).map(" ".join) | st.text(max_size=60)
wrong_level = st.none() | st.text(max_size=5) | st.floats() | st.booleans() | st.binary(max_size=3) | st.lists(st.integers(), max_size=2) | st.just(UPTO9)
wrong_rules = st.none() | st.text(max_size=8) | st.integers() | st.sampled_from([UPTO9.levels[0], {}, object()])
wrong_hand = st.none() | st.integers() | st.floats() | st.booleans() | st.lists(st.text(max_size=3) | st.integers(), min_size=1, max_size=3)


@FUZZ
@given(text=card_text, rules=st.sampled_from([None, UPTO9, PHASE10]), players=st.none() | st.integers(2, 6))
def test_parse_hand_reads_cards_or_names_the_token(text: str, rules: Any, players: int | None) -> None:
    error = refused(lambda: parse_hand(text, rules=rules, players=players), CardError)
    if error is None:
        hand = parse_hand(text, rules=rules, players=players)
        # Only ASCII and the suit symbols are read: no digit of another script becomes a number.
        assert all(ch.isascii() or ch in "♠♥♦♣♤♡♢♧" for token in text.replace(",", " ").split() for ch in token), (text, hand)


@FUZZ
@given(kind=st.sampled_from(["run", "set", "colour", "foo", ""]) | st.text(max_size=6), text=card_text)
def test_meld_from_text_builds_a_meld_or_raises_meld_or_card_errors(kind: str, text: str) -> None:
    refused(lambda: Meld.from_text(kind, text), MeldError, CardError)
    refused(lambda: Phase10Meld.from_text(kind, text), MeldError)


def _levels(rules: Any) -> st.SearchStrategy[int | Level]:
    return st.integers(-3, len(rules.levels) + 3) | st.sampled_from(rules.levels)


@st.composite
def hands(draw: st.DrawFn) -> tuple[Any, Any, Any]:
    rules = draw(st.sampled_from(RULE_SETS))
    deck = full_deck() * 2 if rules is UPTO9 else phase10_deck()
    cards = draw(st.lists(st.sampled_from(deck), max_size=24))
    hand = " ".join(str(c) for c in cards) if draw(st.booleans()) and rules is UPTO9 else cards
    return hand, draw(_levels(rules)), rules


@FUZZ
@given(case=hands())
def test_check_and_outs_answer_any_hand_of_the_rules_cards(case: tuple[Any, Any, Any]) -> None:
    hand, level, rules = case
    if refused(lambda: check(hand, level, rules), RulesError) is not None:
        assert isinstance(level, int) and not 1 <= level <= len(rules.levels)
        return
    verdict = timed(lambda: check(hand, level, rules))
    assert timed(lambda: holds(hand, level, rules)) == verdict.ok
    assert timed(lambda: outs(hand, level, rules)) == verdict.outs
    timed(lambda: verdict.explanation)


@FUZZ
@given(rules=st.sampled_from(RULE_SETS), level=wrong_level, hand=wrong_hand, bad_rules=wrong_rules)
def test_a_wrong_argument_type_is_a_type_error_naming_it(rules: Any, level: Any, hand: Any, bad_rules: Any) -> None:
    good_hand = "5h 6h 7h 8h" if rules is UPTO9 else "7r 7y 7g"
    for call in (check, holds, outs):
        error = refused(lambda call=call: call(good_hand, level, rules), TypeError)
        assert error is not None and "level must be an int or a Level" in str(error)
        error = refused(lambda call=call: call(hand, 1, rules), TypeError)
        assert error is not None and str(error).startswith("hand must")
        error = refused(lambda call=call: call(good_hand, 1, bad_rules), TypeError)
        assert error is not None and str(error).startswith("rules must be a Rules")
    error = refused(lambda: validate([], level, rules), TypeError)
    assert error is not None and "level must be an int or a Level" in str(error)
    error = refused(lambda: validate([], 1, bad_rules), TypeError)
    assert error is not None and str(error).startswith("rules must be a Rules")
    error = refused(lambda: parse_hand(good_hand, rules=bad_rules), TypeError) if bad_rules is not None else TypeError("rules must")
    assert error is not None and str(error).startswith("rules must")


def _up9_melds(draw: st.DrawFn) -> Any:
    deck = full_deck()
    kind = draw(st.sampled_from([GroupKind.RUN, GroupKind.SET]))
    cards = draw(st.lists(st.sampled_from(deck), max_size=7))
    faces = [draw(st.sampled_from([c, *deck[:8]])) if kind is GroupKind.RUN else draw(st.sampled_from([c, c.rank, deck[0].rank])) for c in cards]
    return Meld.of(kind, [Placed(c, f) for c, f in zip(cards, faces, strict=True)])


def _p10_melds(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from(list(GroupKind)))
    cards = draw(st.lists(st.sampled_from(phase10_deck()), max_size=8))
    placed = []
    for c in cards:
        face: Any = draw(st.integers(0, 13)) if kind is not GroupKind.COLOUR else draw(st.sampled_from("rygb"))
        if not c.is_wild and not c.is_skip:
            face = c.number if kind is not GroupKind.COLOUR else c.colour
        placed.append(Phase10Placed(c, face))
    return Phase10Meld(kind, tuple(placed))


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Any, Any, Any]:
    rules = draw(st.sampled_from(RULE_SETS))
    if draw(st.booleans()):
        level: Any = draw(_levels(rules))
        if isinstance(level, Level):
            count = len(level.groups)
        else:
            count = len(rules.level(level).groups) if 1 <= level <= len(rules.levels) else draw(st.integers(0, 3))
    else:  # many groups: the matching of melds to groups must stay fast
        groups = tuple(
            Group(
                draw(st.sampled_from([GroupKind.RUN, GroupKind.SET] if rules is UPTO9 else list(GroupKind))),
                draw(st.integers(2, 6)),
                draw(st.sampled_from([None, 0, 1, 2])),
            )
            for _ in range(draw(st.integers(1, 12)))
        )
        unlimited = rules is PHASE10
        level = Level(
            1,
            groups,
            jokers=99 if unlimited else draw(st.integers(0, 4)),
            clean_groups=draw(st.integers(0, 1)),
            unlimited=unlimited,
            natural_cards=int(unlimited),
        )
        count = len(groups) if draw(st.integers(0, 4)) else draw(st.integers(0, 13))
    makers = _up9_melds if rules is UPTO9 else _p10_melds
    table = st.fixed_dictionaries(
        {"kind": st.text(max_size=6) | st.sampled_from(["run", "set", "colour"]), "cards": st.lists(st.fixed_dictionaries({"card": card_text}), max_size=3)}
    )
    melds = [makers(draw) if draw(st.integers(0, 5)) else draw(table | st.text(max_size=5)) for _ in range(count)]
    return melds, level, rules


@FUZZ
@given(case=layouts())
def test_validate_judges_any_layout_quickly(case: tuple[Any, Any, Any]) -> None:
    melds, level, rules = case
    if refused(lambda: validate(melds, level, rules), RulesError) is not None:
        return
    problems = timed(lambda: validate(melds, level, rules))
    assert all(isinstance(p, Problem) and p.message for p in problems)


# --- the issue's own cases ------------------------------------------------------------------------


def test_a_wild_card_standing_for_a_superscript_two_is_a_meld_error_naming_it() -> None:
    with pytest.raises(MeldError, match="W=²: no number '²'"):
        Phase10Meld.from_text("set", "7r 7y W=²")


def test_an_unknown_meld_kind_is_a_meld_error_in_both_games() -> None:
    with pytest.raises(MeldError, match="'foo'"):
        Meld.from_text("foo", "5h 5d 5c")
    with pytest.raises(MeldError, match="'foo'"):
        Phase10Meld.from_text("foo", "7r 7y 7g")
    with pytest.raises(MeldError, match="'colour'"):  # colour groups are Phase 10's
        Meld.from_text("colour", "5h 6h 7h")


@pytest.mark.parametrize(
    ("text", "rules", "token"), [("٧r ７y", PHASE10, "٧r"), ("7r ７y", PHASE10, "７y"), ("5h ٧h", None, "٧h"), ("7r s\u212aip", PHASE10, "s\u212aip")]
)
def test_digits_and_letters_of_other_scripts_are_refused(text: str, rules: Any, token: str) -> None:
    with pytest.raises(CardError, match=f"'{token}'.*cannot be part of a card"):
        parse_hand(text, rules=rules)


def test_a_number_of_thousands_of_digits_and_a_10_mb_token_give_short_errors() -> None:
    with pytest.raises(CardError, match="no number 1111") as long_number:
        parse_hand("1" * 5000 + "r", rules=PHASE10)
    with pytest.raises(CardError) as long_token:
        parse_hand("5h " + "x" * 10_000_000)
    assert len(str(long_number.value)) < LONGEST_MESSAGE and len(str(long_token.value)) < LONGEST_MESSAGE


def test_a_hand_longer_than_the_limit_is_refused_and_an_endless_one_too() -> None:
    with pytest.raises(CardError, match=f"more than {MAX_HAND} cards"):
        parse_hand("5h " * (MAX_HAND + 1))
    with pytest.raises(CardError, match=f"more than {MAX_HAND} cards"):
        check(itertools.repeat(full_deck()[0]), 1)
    assert len(parse_hand("5h " * MAX_HAND)) == MAX_HAND


def test_check_with_a_text_level_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="level must be an int or a Level, not str"):
        check("5h 6h 7h 8h", level="x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="level must be an int or a Level, not bool"):
        check("5h 6h 7h 8h", level=True)


@pytest.mark.parametrize("groups", [9, 12])
def test_validate_matches_many_groups_without_trying_every_order(groups: int) -> None:
    # Every order of 12 melds is 479 million orders; the matching is a few thousand steps.
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    level = Level(1, tuple(Group(GroupKind.SET, 3) for _ in range(groups)), jokers=0)
    melds = [Meld.from_text("set", f"{r}h {r}d {r}s") for r in (ranks * 2)[: groups - 1]] + [Meld.from_text("set", "5h 6d 7c")]
    problems = timed(lambda: validate(list(reversed(melds)), level))
    assert [(p.rule, p.meld) for p in problems] == [("rank", 0)]
    wild = Level(1, tuple(Group(GroupKind.SET, 3) for _ in range(groups)), jokers=99, unlimited=True, natural_cards=1)
    sets = [Phase10Meld.from_text("set", f"{n}r {n}y W=7".replace("W=7", f"W={n}")) for n in range(1, groups)] + [Phase10Meld.from_text("set", "1r 2y 3g")]
    assert [(p.rule, p.meld) for p in timed(lambda: validate(sets, wild, PHASE10))] == [("set", groups - 1)]


def test_a_lay_down_whose_melds_all_fit_is_judged_on_its_jokers_whatever_their_order() -> None:
    # Trying every order used to keep the first order with the fewest problems: two "wrong kind"
    # problems beat a budget and a group-budget problem when the set came first.
    set_of_jokers, straight = Meld.from_text("set", "2c=K 3c=K 2d=K"), Meld.from_text("run", "5h 6h 7h 8h 9h")
    for melds in ([set_of_jokers, straight], [straight, set_of_jokers]):
        assert [p.rule for p in validate(melds, 5)] == ["budget", "group budget"]
