"""The engine against the rules: one named test for each rule of the text and each ruling.

Source: docs/rules.md (the rules of the text, R1-R24, and rulings 1-12). Most
positions are built by hand: ``stacked_deck`` orders a deck so that the deal is known (seat by
seat, the discard pile's first card, then the cards the deck gives in order). Seats are numbered
clockwise; with dealer 0 in a 2-player round, seat 1 moves first.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from tests.game_helpers import discard_any, game_snapshot, seats_from_left_of, simple_move, snapshot, stacked_deck
from upto9 import UPTO9, Card, GroupKind, Meld, Placed, Rank, full_deck, parse_card, parse_hand, rules_from_dict
from upto9.game import (
    Discard,
    Discarded,
    Donate,
    Donated,
    Draw,
    Drew,
    EndReason,
    Game,
    LaidDown,
    LayDown,
    Move,
    Phase,
    Reshuffled,
    Round,
    RuleError,
    Source,
    View,
    legal_moves,
)


def c(text: str) -> Card:
    return parse_card(text)


def run(text: str) -> Meld:
    return Meld.from_text("run", text)


def set_(text: str) -> Meld:
    return Meld.from_text("set", text)


def round_of(hands: list[str], top: str, stock: str = "", levels: list[int] | None = None, dealer: int = 0, fill: bool = True, rules: Any = UPTO9) -> Round:
    """A round dealt from a hand-stacked deck. ``fill=False`` leaves out the rest of the decks,
    so the deck holds just ``stock`` (and the safety valve sees only these cards)."""
    deck = stacked_deck(hands, top, stock, dealer=dealer, rules=rules, fill=fill)
    return Round(rules, levels or [1] * len(hands), dealer, deck)


def game_at(levels: list[int], penalties: list[int], deck: list[Card]) -> Game:
    """A game whose first round is dealt from ``deck`` at these levels and starting penalties.

    Constructed state: a fresh Game deals round 1 at level 1 with no penalties, so these tests set
    ``game.levels`` and ``game.penalties`` directly and put a round dealt at those levels in place
    of the first one (the engine's own Round, from the same deck)."""
    game = Game(players=len(levels), deck=deck)
    game.levels = list(levels)
    game.penalties = list(penalties)
    game.rounds[0] = Round(game.rules, game.levels, 0, deck)
    return game


# --- set-up --------------------------------------------------------------------------------------


def test_setup_eleven_cards_each_dealt_one_at_a_time_clockwise_from_left_of_dealer() -> None:
    deck = list(full_deck()) * 2
    rnd = Round(UPTO9, [1, 1, 1], 1, deck)
    order = seats_from_left_of(1, 3)
    assert order == [2, 0, 1]
    for k, seat in enumerate(order):
        assert rnd.hands[seat] == deck[k:33:3]
        assert len(rnd.hands[seat]) == 11
    assert rnd.dealt == tuple(tuple(h) for h in rnd.hands)


def test_setup_next_card_starts_the_discard_pile_and_the_rest_is_the_deck() -> None:
    deck = list(full_deck()) * 2
    rnd = Round(UPTO9, [1, 1, 1], 1, deck)
    assert rnd.discard_pile == [deck[33]]
    assert rnd.deck == tuple(deck[34:])
    assert rnd.deck_order == tuple(deck)


def test_setup_player_left_of_dealer_moves_first() -> None:
    for players in (2, 3, 4, 6):
        for dealer in range(players):
            deck = list(full_deck()) * UPTO9.decks_for(players)
            rnd = Round(UPTO9, [1] * players, dealer, deck)
            assert (rnd.turn, rnd.phase) == ((dealer + 1) % players, Phase.DRAW)


def test_ruling_01_two_decks_for_2_to_4_players_three_for_5_to_6() -> None:
    for players, decks in ((2, 2), (3, 2), (4, 2), (5, 3), (6, 3)):
        game = Game(players=players, seed=players)
        assert Counter(game.round.deck_order) == Counter(full_deck() * decks)
        assert [len(h) for h in game.round.hands] == [11] * players
    with pytest.raises(RuleError, match="2 to 6 players"):
        Game(players=7)
    with pytest.raises(RuleError, match="exactly 2 full decks"):
        Game(players=2, deck=list(full_deck()))


def test_ruling_06_dealer_rotates_one_seat_each_round_and_left_of_dealer_starts() -> None:
    game = Game(players=3, seed=4)
    rng = random.Random(4)
    for number in range(5):
        rnd = game.round
        assert rnd.dealer == number % 3
        first = rnd.turn
        assert first == (rnd.dealer + 1) % 3
        while not rnd.over:
            game.play(simple_move(game.legal_moves(), rng))
        assert isinstance(rnd.history[0], Drew) and rnd.history[0].player == first
        if game.over:
            break
        game.next_round()


# --- drawing -------------------------------------------------------------------------------------

DRAW_HANDS = ["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "4h 5h 6h 7h 8h 3h 2c 10h Ks 8c 9c"]


def test_draw_from_the_deck_takes_its_top_card() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h")
    deck_before = rnd.deck
    record = rnd.draw("deck")
    assert record == Drew(1, Source.DECK, c("Ah"))
    assert rnd.hands[1][-1] == c("Ah") and len(rnd.hands[1]) == 12
    assert rnd.deck == deck_before[1:]
    assert rnd.discard_pile == [c("Jc")]


def test_draw_from_the_discard_pile_takes_only_its_top_card() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h")
    rnd.draw("deck")
    rnd.discard(c("Ks"))
    assert rnd.discard_pile == [c("Jc"), c("Ks")]
    # The only draws on offer name a source, never a card: no digging.
    assert legal_moves(rnd.view(0)) == [Draw(Source.DECK), Draw(Source.DISCARD)]
    assert rnd.view(0).discard_top == c("Ks")
    record = rnd.draw("discard")
    assert record == Drew(0, Source.DISCARD, c("Ks"))
    assert rnd.discard_pile == [c("Jc")]


def test_ruling_12_any_top_card_may_be_taken_a_two_or_three_included() -> None:
    rnd = round_of(DRAW_HANDS, top="2d", stock="Ah")
    assert rnd.can_draw("discard")
    assert rnd.draw("discard").card == c("2d")
    assert rnd.discard_pile == []


def test_draw_from_an_unknown_source_is_refused() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    with pytest.raises(RuleError, match="'deck' or 'discard'"):
        rnd.draw("table")


# --- the order of a turn (ruling 11) ---------------------------------------------------------------


def test_ruling_11_no_lay_down_donation_or_discard_before_drawing() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    assert rnd.phase is Phase.DRAW
    with pytest.raises(RuleError, match="draw a card first"):
        rnd.lay_down([run("4h 5h 6h 7h")])
    with pytest.raises(RuleError, match="draw a card first"):
        rnd.discard(c("Ks"))
    with pytest.raises(RuleError, match="draw a card first"):
        rnd.donate(c("8h"), 1, 0)
    assert not rnd.can_lay_down([run("4h 5h 6h 7h")])


def test_ruling_11_no_drawing_twice() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h")
    rnd.draw("deck")
    for source in ("deck", "discard"):
        assert not rnd.can_draw(source)
        with pytest.raises(RuleError, match="only at the start of your turn"):
            rnd.draw(source)
    rnd.lay_down([run("4h 5h 6h 7h")])
    assert not rnd.can_draw("deck")  # laying down does not end the turn either


def test_ruling_11_a_discard_ends_the_turn_and_play_goes_clockwise() -> None:
    hands = ["4s 6s 8s 10s Qs 5d 7d 9d Jd Kd Ac", "4c 6c 8c 10c Qc 4d 6d 8d 10d Qd Kc", "5s 7s 9s Js Ks 5c 7c 9c Jc Kh Ah"]
    rnd = round_of(hands, top="Ad", stock="5h 6h 7h 8h 9h 10h")
    seen = []
    for _ in range(6):
        seen.append(rnd.turn)
        rnd.draw("deck")
        discard_any(rnd)
        assert rnd.phase is Phase.DRAW
    assert seen == [1, 2, 0, 1, 2, 0]


def test_ruling_11_after_laying_down_the_turn_goes_on_until_the_discard() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.donate(c("8h"), 1, 0)
    assert (rnd.turn, rnd.phase) == (1, Phase.PLAY)
    rnd.discard(c("Ks"))
    assert (rnd.turn, rnd.phase) == (0, Phase.DRAW)


# --- laying down -----------------------------------------------------------------------------------

SETS_HANDS = ["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "8h 8s 8d Kh Kd Kc 2h 2s 2d 9c 3c"]


def test_lay_down_is_all_or_nothing() -> None:
    rnd = round_of(SETS_HANDS, top="Jc", stock="2c", levels=[1, 4])
    rnd.draw("deck")
    before = snapshot(rnd)
    with pytest.raises(RuleError, match="3 groups, not 2"):
        rnd.lay_down([set_("8h 8s 8d"), set_("Kh Kd Kc")])
    assert snapshot(rnd) == before
    record = rnd.lay_down([set_("8h 8s 8d"), set_("Kh Kd Kc"), set_("2h 2s 2d")])
    assert record == LaidDown(1, (set_("8h 8s 8d"), set_("Kh Kd Kc"), set_("2h 2s 2d")))
    assert sorted(rnd.hands[1]) == sorted(parse_hand("9c 3c 2c"))
    assert rnd.table[1] == [set_("8h 8s 8d"), set_("Kh Kd Kc"), set_("2h 2s 2d")]
    assert rnd.laid_down == [False, True]


def test_ruling_03_the_lay_down_holds_the_contract_at_its_exact_sizes() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    with pytest.raises(RuleError, match="exactly 4"):
        rnd.lay_down([run("4h 5h 6h 7h 8h")])
    assert not rnd.laid_down[1]
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.donate(c("8h"), 1, 0)  # more cards go on by donation, the same turn
    assert len(rnd.table[1][0].cards) == 5


def test_lay_down_only_with_cards_in_hand() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    with pytest.raises(RuleError, match="the hand holds 0"):
        rnd.lay_down([run("9h 10h Jh Qh")])


def test_lay_down_respects_the_joker_budget_and_real_twos_and_threes_are_free() -> None:
    rnd = round_of(["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "2h 3h 4h 5h 7h 8h 2c 10h Ks 8c 9c"], top="Jc", stock="Ah")
    rnd.draw("deck")
    with pytest.raises(RuleError, match="level 1 allows no jokers"):
        rnd.lay_down([run("4h 5h 2c=6h 7h")])
    rnd.lay_down([run("2h 3h 4h 5h")])  # the 2 and the 3 are real hearts here
    assert rnd.table[1][0].jokers == 0


def test_lay_down_only_once_a_round() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h 5c")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    with pytest.raises(RuleError, match="already laid down"):
        rnd.lay_down([run("8h 9h 10h Jh")])
    rnd.discard(c("Ks"))
    rnd.draw("deck")
    discard_any(rnd)
    rnd.draw("deck")
    assert not any(isinstance(m, LayDown) for m in rnd.legal_moves())
    with pytest.raises(RuleError, match="already laid down"):
        rnd.lay_down([run("3h 4h 5h 6h")])


def test_a_straight_of_no_card_or_one_is_refused_for_its_size_and_no_gap() -> None:
    # A lay-down editor's group left empty: "the straight (1) () has a gap" said nothing true.
    from upto9 import validate

    for cards, held in (("", "0 cards"), ("5h", "1 card")):
        problems = validate([Meld.from_text("run", cards)], 1)
        assert [p.message for p in problems] == [f"the straight (1) holds {held}; level 1 lays down a straight of 4, exactly 4"]
    assert [p.rule for p in validate([Meld.from_text("run", "5h 7h 8h 9h")], 1)] == ["sequence"]  # a gap is still named


def test_a_straight_laid_down_out_of_order_lies_on_the_table_in_order() -> None:
    # A Meld built directly (not through Meld.of / from_text) may hold a straight's cards out of
    # order; validate accepts it, and the table and the LaidDown record keep it scrambled:
    # "run: 7♥ 5♥ 4♥ 6♥", and after two donations "run: 3♥ 7♥ 5♥ 4♥ 6♥ 8♥".
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    scrambled = Meld(GroupKind.RUN, tuple(Placed(c(t), c(t)) for t in ["7h", "5h", "4h", "6h"]))
    record = rnd.lay_down([scrambled])
    rnd.donate(c("8h"), 1, 0)
    rnd.donate(c("3h"), 1, 0)
    assert record.melds == (run("4h 5h 6h 7h"),)
    assert rnd.table[1][0] == run("3h 4h 5h 6h 7h 8h")


# --- donating --------------------------------------------------------------------------------------


def test_donation_before_laying_down_is_refused() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h 5c")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.donate(c("8h"), 1, 0)
    rnd.discard(c("Ks"))
    rnd.draw("deck")  # seat 0 draws 9h, which would continue seat 1's straight
    assert not any(isinstance(m, Donate) for m in rnd.legal_moves())
    before = snapshot(rnd)
    with pytest.raises(RuleError, match="only once you have laid down your own contract"):
        rnd.donate(c("9h"), 1, 0)
    assert snapshot(rnd) == before


def test_donation_on_the_same_turn_as_laying_down_is_allowed() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    record = rnd.donate(c("8h"), 1, 0)
    assert record == Donated(1, c("8h"), c("8h"), False, 1, 0)
    assert rnd.table[1][0] == run("4h 5h 6h 7h 8h")


def test_donating_onto_other_players_melds() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h 5c")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.donate(c("8h"), 1, 0)
    rnd.discard(c("Ks"))
    rnd.draw("deck")  # seat 0: 9h
    rnd.lay_down([run("4s 5s 6s 7s")])
    assert rnd.donate(c("9h"), 1, 0) == Donated(0, c("9h"), c("9h"), False, 1, 0)  # onto seat 1's straight
    rnd.discard(c("Kd"))
    rnd.draw("deck")  # seat 1: 5c
    assert rnd.donate(c("2c"), 0, 0, c("8s")) == Donated(1, c("2c"), c("8s"), True, 0, 0)  # onto seat 0's
    assert rnd.table[0][0] == Meld.from_text("run", "4s 5s 6s 7s 2c=8s")
    assert rnd.table[1][0] == run("4h 5h 6h 7h 8h 9h")


def test_straight_donations_at_either_end_in_the_same_suit_only() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    assert rnd.table[1][0].open_cards() == (c("3h"), c("8h"))
    assert not rnd.can_donate(c("8c"), 1, 0)  # another suit
    assert not rnd.can_donate(c("10h"), 1, 0)  # not at an end
    with pytest.raises(RuleError, match="does not continue the straight"):
        rnd.donate(c("Ks"), 1, 0)
    assert rnd.donate(c("8h"), 1, 0).wild is False  # up
    record = rnd.donate(c("3h"), 1, 0)  # down: a real three in its own place
    assert (record.face, record.wild) == (c("3h"), False)
    assert rnd.table[1][0] == run("3h 4h 5h 6h 7h 8h")
    assert rnd.table[1][0].jokers == 0


def test_straight_donations_never_past_an_ace() -> None:
    # Ace high: J Q K A takes only the 10 below.
    rnd = round_of(["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "Jh Qh Kh Ah 10h Ad 9s 5s 9c 8c 4d"], top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("Jh Qh Kh Ah")])
    assert rnd.table[1][0].open_cards() == (c("10h"),)
    assert not rnd.can_donate(c("Ah"), 1, 0)  # the second ace cannot go low: it would wrap
    assert not rnd.can_donate(c("Ad"), 1, 0)
    rnd.donate(c("10h"), 1, 0)
    # Ace low: A 2 3 4 takes only the 5 above; a king would wrap around the corner.
    rnd = round_of(["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "Ah 2h 3h 4h 5h Kh 9s 9c 8c 6d Qd"], top="Jc", stock="Kc")
    rnd.draw("deck")
    rnd.lay_down([run("Ah 2h 3h 4h")])
    assert rnd.table[1][0].open_cards() == (c("5h"),)
    with pytest.raises(RuleError, match="does not continue the straight"):
        rnd.donate(c("Kh"), 1, 0)
    rnd.donate(c("5h"), 1, 0)


def test_a_joker_donated_onto_a_straight_past_the_ace_is_refused() -> None:
    rnd = round_of(["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "Jh Qh Kh Ah 2c 3d 9s 5s 9c 8c 4d"], top="Jc", stock="Ac")
    rnd.draw("deck")
    rnd.lay_down([run("Jh Qh Kh Ah")])
    before = snapshot(rnd)
    for face in ("2h", "Ah", "3h"):  # past the ace, wrapping, or not at an end
        with pytest.raises(RuleError, match="never past an ace"):
            rnd.donate(c("2c"), 1, 0, c(face))
    assert snapshot(rnd) == before
    record = rnd.donate(c("2c"), 1, 0)  # without a named card: the only open end, the 10
    assert (record.face, record.wild) == (c("10h"), True)


def test_ruling_04_a_donated_joker_needs_no_budget_and_locks_to_its_face() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])  # level 1: no jokers allowed in the lay-down
    record = rnd.donate(c("2c"), 1, 0, c("8h"))
    assert record == Donated(1, c("2c"), c("8h"), True, 1, 0)
    meld = rnd.table[1][0]
    assert meld.cards[-1].card == c("2c") and meld.cards[-1].face == c("8h") and meld.cards[-1].wild
    assert meld.open_cards() == (c("3h"), c("9h"))
    # The real 8h no longer continues the straight: the joker holds its place.
    assert not rnd.can_donate(c("8h"), 1, 0)
    assert not rnd.can_donate(c("8h"), 1, 0, c("8h"))


def test_ruling_05_a_locked_joker_stays_as_it_was_laid_down() -> None:
    rnd = round_of(DRAW_HANDS, top="Jc", stock="Ah 9h 9s")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.donate(c("2c"), 1, 0, c("8h"))
    rnd.discard(c("Ks"))
    rnd.draw("deck")
    rnd.lay_down([run("4s 5s 6s 7s")])
    rnd.donate(c("9h"), 1, 0)
    rnd.discard(c("Kd"))
    # The joker is still there, still the 8h; no move takes it back or swaps it.
    assert [p.text(glyphs=False) for p in rnd.table[1][0].cards] == ["4h", "5h", "6h", "7h", "[2c=8h]", "9h"]
    rnd.draw("deck")
    assert all(not (isinstance(m, Donate) and m.card == c("8h") and m.owner == 1) for m in rnd.legal_moves())


def test_set_donations_by_rank_any_suit() -> None:
    rnd = round_of(SETS_HANDS, top="Jc", stock="8c 2c", levels=[1, 4])
    rnd.draw("deck")
    rnd.lay_down([set_("8h 8s 8d"), set_("Kh Kd Kc"), set_("2h 2s 2d")])
    assert rnd.donate(c("8c"), 1, 0) == Donated(1, c("8c"), c("8c"), False, 1, 0)  # same rank, any suit
    assert not rnd.can_donate(c("9c"), 1, 0)
    with pytest.raises(RuleError, match="a set of 8s takes only 8s"):
        rnd.donate(c("9c"), 1, 0)
    # A 3 on the set of 2s is a joker standing for a 2; on the set of kings, for a king.
    record = rnd.donate(c("3c"), 1, 1)
    assert (record.face, record.wild) == (Rank.KING, True)
    assert rnd.table[1][1].cards[-1].text(glyphs=False) == "[3c=K]"


def test_a_real_two_on_a_set_of_twos_is_real_a_three_is_a_joker() -> None:
    rnd = round_of(SETS_HANDS, top="Jc", stock="2c", levels=[1, 4])
    rnd.draw("deck")
    rnd.lay_down([set_("8h 8s 8d"), set_("Kh Kd Kc"), set_("2h 2s 2d")])
    assert rnd.table[1][2].jokers == 0  # a set of 2s is real 2s
    assert rnd.donate(c("2c"), 1, 2).wild is False
    record = rnd.donate(c("3c"), 1, 2)
    assert (record.face, record.wild) == (Rank.TWO, True)


# --- going out ---------------------------------------------------------------------------------------

OUT_HANDS = ["2s 3d 4c 9c 10s Jd Qc Kc As Ad 7d", "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 6s"]


def test_going_out_by_discard_ends_the_round() -> None:
    rnd = round_of(OUT_HANDS, top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    for card in ("8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"):
        rnd.donate(c(card), 1, 0)
    assert rnd.hands[1] == [c("6s")] and not rnd.over
    rnd.discard(c("6s"))
    assert rnd.end is not None
    assert (rnd.end.reason, rnd.end.out, rnd.phase) == (EndReason.OUT, 1, Phase.OVER)
    assert rnd.legal_moves() == []
    with pytest.raises(RuleError, match="the round is over"):
        rnd.draw("deck")


def test_going_out_by_donation_ends_the_round_at_once_without_a_discard() -> None:
    rnd = round_of(["2s 3d 4c 9c 10s Jd Qc Kc As Ad 7d", "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 3h"], top="Jc", stock="Ah")
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    for card in ("3h", "8h", "9h", "10h", "Jh", "Qh", "Kh"):
        rnd.donate(c(card), 1, 0)
    assert not rnd.over
    rnd.donate(c("Ah"), 1, 0)
    assert rnd.end is not None and (rnd.end.reason, rnd.end.out) == (EndReason.OUT, 1)
    assert rnd.hands[1] == []
    assert not any(isinstance(r, Discarded) for r in rnd.history)
    with pytest.raises(RuleError, match="the round is over"):
        rnd.discard(c("Jc"))


def test_going_out_by_the_lay_down_itself_ends_the_round() -> None:
    # House rules with 3-card hands: with Up to 9's 11 cards no contract holds all 12 cards of a
    # hand after the draw, so going out by the lay-down needs a smaller hand.
    tiny = rules_from_dict({**UPTO9.to_dict(), "key": "tiny", "name": "Tiny hands", "hand_size": 3}, "tiny.toml")
    rnd = round_of(["8c 9d Kd", "4h 5h 6h"], top="Jc", stock="7h", rules=tiny)
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    assert rnd.end is not None
    assert (rnd.end.reason, rnd.end.out, rnd.end.penalties) == (EndReason.OUT, 1, (20, 0))
    assert not any(isinstance(r, Discarded) for r in rnd.history)


# --- penalties -----------------------------------------------------------------------------------------


def test_ruling_02_penalty_values() -> None:
    expected = {1: 15, 2: 20, 3: 20, **{r: 5 for r in range(4, 10)}, **{r: 10 for r in range(10, 14)}}
    for card in full_deck():
        assert UPTO9.penalty(card) == expected[int(card.rank)], card


def test_penalties_count_the_cards_left_and_zero_for_the_player_who_went_out() -> None:
    game = Game(players=2, deck=stacked_deck(OUT_HANDS, top="Jc", stock="Ah"))
    game.draw("deck")
    game.lay_down([run("4h 5h 6h 7h")])
    for card in ("8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"):
        game.donate(c(card), 1, 0)
    game.discard(c("6s"))
    # 2s 3d: 20 + 20 (always, in hand); 4c 9c 7d: 5 each; 10s Jd Qc Kc: 10 each; As Ad: 15 each.
    assert game.round.end is not None and game.round.end.penalties == (125, 0)
    assert game.penalties == [125, 0]


def test_a_player_who_laid_down_but_did_not_go_out_scores_the_cards_left() -> None:
    hands = ["4s 5s 6s 7s 8s 9s 10s Js Qs Ks As", "4h 5h 6h 7h 5c 6c 4d 9d 10d Jd Qd", "Kh Kd 8c 9c 10c Jc Qc 7d 8d Ah Ac"]
    game = Game(players=3, deck=stacked_deck(hands, top="Kc", stock="Ad 2c"))
    game.draw("deck")  # seat 1: Ad
    game.lay_down([run("4h 5h 6h 7h")])
    game.discard(c("Ad"))
    game.draw("deck")  # seat 2: 2c, cannot lay down
    game.discard(c("2c"))
    game.draw("discard")  # seat 0: 2c
    game.lay_down([run("4s 5s 6s 7s")])
    for card in ("8s", "9s", "10s", "Js", "Qs", "Ks", "As"):
        game.donate(c(card), 0, 0)
    game.donate(c("2c"), 1, 0, c("8h"))
    end = game.round.end
    assert end is not None and (end.reason, end.out) == (EndReason.OUT, 0)
    assert end.penalties == (0, 5 + 5 + 5 + 5 + 10 + 10 + 10, 10 + 10 + 5 + 5 + 10 + 10 + 10 + 5 + 5 + 15 + 15)


# --- level progression -------------------------------------------------------------------------------


def test_level_progression_only_those_who_laid_down_go_up_by_one() -> None:
    hands = ["5d 6d 8c 9c Jh Qh 10d 4d Jd 8d Qc", "4h 5h 6h 7h Kc Qd 9s 9d 10c Jc 6c", "4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"]
    game = Game(players=3, seed=1, deck=stacked_deck(hands, top="Ac", stock="Kd 5c"))
    game.draw("deck")
    game.lay_down([run("4h 5h 6h 7h")])
    game.discard(c("Kd"))
    game.draw("deck")
    game.lay_down([run("4s 5s 6s 7s")])
    for card in ("8s", "9s", "10s", "Js", "Qs", "Ks", "As"):
        game.donate(c(card), 2, 0)
    game.discard(c("5c"))
    assert game.round.end is not None and game.round.end.laid_down == (False, True, True)
    assert game.levels == [1, 2, 2]  # seat 0 did not lay down and stays
    nxt = game.next_round()
    assert (nxt.levels, nxt.dealer, nxt.turn) == ((1, 2, 2), 1, 2)


def test_level_progression_is_individual_over_rounds() -> None:
    game = Game(players=2, seed=9)
    rng = random.Random(9)
    while not game.over:
        before = list(game.levels)
        rnd = game.round
        while not rnd.over:
            game.play(simple_move(game.legal_moves(), rng))
        assert rnd.end is not None
        assert game.levels == [lv + 1 if down and lv < 9 else lv for lv, down in zip(before, rnd.end.laid_down, strict=True)]
        if not game.over:
            game.next_round()


# --- the deck and the discard pile (ruling 7) ----------------------------------------------------------

FILLER_HANDS = ["4c 6c 8c 10c Qc 4d 6d 8d 10d Qd Kd", "4s 6s 8s 10s Qs 5d 7d 9d Jd Kc Ks"]


def test_the_discard_pile_is_recycled_only_once_the_deck_is_empty() -> None:
    rnd = round_of(FILLER_HANDS, top="Kh", stock="9h 10h", fill=False)
    rnd.rng = random.Random(3)
    rnd.draw("deck")
    rnd.discard(c("4s"))
    rnd.draw("deck")
    assert rnd.deck == () and not any(isinstance(r, Reshuffled) for r in rnd.history)
    rnd.discard(c("4c"))
    assert rnd.discard_pile == [c("Kh"), c("4s"), c("4c")]
    drew = rnd.draw("deck")
    reshuffled = rnd.history[-2]
    assert isinstance(reshuffled, Reshuffled)
    assert sorted(reshuffled.deck) == sorted([c("Kh"), c("4s")])  # the pile below its top card
    assert rnd.discard_pile == [c("4c")]  # the top card stays to start the new pile
    assert drew == rnd.history[-1] and drew.card == reshuffled.deck[0]
    assert rnd.deck == reshuffled.deck[1:]
    assert reshuffled.to_dict() == {"type": "reshuffle", "deck": [str(x) for x in reshuffled.deck]}


def test_ruling_07_with_the_deck_empty_and_only_the_top_card_left_take_the_top_card() -> None:
    rnd = round_of(FILLER_HANDS, top="Ac", fill=False)
    assert rnd.deck == ()
    assert rnd.legal_moves() == [Draw(Source.DISCARD)]
    with pytest.raises(RuleError, match="ruling 7"):
        rnd.draw("deck")
    assert rnd.draw("discard").card == c("Ac")
    rnd.discard(c("4s"))
    assert rnd.legal_moves() == [Draw(Source.DISCARD)]
    assert not rnd.can_draw("deck")


# --- the safety valve (ruling 8) -----------------------------------------------------------------------


def test_ruling_08_safety_valve_ends_the_round_after_a_lay_down_that_leaves_the_waiting_level_impossible() -> None:
    # Only this round's cards are in play (fill=False). Besides the hearts, every card is a 6, 8,
    # 10 or Q: no straight of 4 anywhere. 5h-8h is the only level 1 in circulation; seat 1 lays
    # it down, and seat 0, still waiting at level 1, can never make it.
    hands = ["Qd 6c 8c 10c Qc 6s 8s 10s Qs 6d 8d", "5h 6h 7h 8h 6s 8s 10s Qs 6d 8d 10d"]
    deck = stacked_deck(hands, top="10d", stock="Qd 6c 8c", fill=False)
    # Constructed state: Game needs full decks, so the hand-made round replaces the dealt one.
    game = Game(players=2, seed=0)
    game.rounds[0] = Round(UPTO9, [1, 1], 0, deck)
    game.draw("deck")
    game.lay_down([run("5h 6h 7h 8h")])
    end = game.round.end
    assert end is not None
    assert (end.reason, end.out, end.laid_down) == (EndReason.IMPOSSIBLE, None, (False, True))
    assert end.penalties == (10 + 5 + 5 + 10 + 10 + 5 + 5 + 10 + 10 + 5 + 5, 5 + 5 + 10 + 10 + 5 + 5 + 10 + 10)
    assert not any(isinstance(r, Discarded) for r in game.round.history)  # at once, before a discard
    assert game.levels == [1, 2]  # who laid down moves up as normal
    assert game.penalties == list(end.penalties)
    assert not game.over and game.can_next_round()


def test_ruling_08_safety_valve_runs_after_a_donation_too() -> None:
    hands = ["5h 6h 7h 6c 8c 10c Qc 6s 8s 10s Qs", "9h 10h Jh Qh 8h 6s 8s 10s Qs 6d 8d"]
    rnd = round_of(hands, top="10d", stock="Qd 6c 8c", fill=False)
    rnd.draw("deck")
    rnd.lay_down([run("9h 10h Jh Qh")])
    assert not rnd.over  # seat 0 could still make 5h 6h 7h 8h
    rnd.donate(c("8h"), 1, 0)
    assert rnd.end is not None and (rnd.end.reason, rnd.end.out) == (EndReason.IMPOSSIBLE, None)


def test_ruling_08_safety_valve_waits_while_a_waiting_level_can_still_be_formed() -> None:
    game = Game(players=2, deck=stacked_deck(DRAW_HANDS, top="Jc", stock="Ah 9h"))
    game.draw("deck")
    game.lay_down([run("4h 5h 6h 7h")])
    assert not game.round.over  # the rest of two full decks makes level 1 many times over


# --- the stalemate guard (ruling 9: an engine guard, not a rule of the text) ---------------------------


def _play_stalemate(stock: str) -> tuple[Round, list[tuple[int, int]]]:
    """Both players lay down at once; then no card can be donated (unless ``stock`` brings one).
    Returns the round and, for each table change, (history length, cards in deck and discard)."""
    hands = ["4s 5s 6s 7s 5c 6c 7c 8c 9c 10c Jc", "4h 5h 6h 7h 9d 10d Jd Qd Kd Ad 4c"]
    rnd = round_of(hands, top="Qc", stock=stock, fill=False)
    changes: list[tuple[int, int]] = []
    rng = random.Random(0)
    while not rnd.over:
        moves = rnd.legal_moves()
        lay = [m for m in moves if isinstance(m, LayDown)]
        donations = [m for m in moves if isinstance(m, Donate)]
        move = lay[0] if lay else donations[0] if donations else moves[0] if rnd.phase is Phase.DRAW else rng.choice(moves)
        rnd.play(move)
        if isinstance(rnd.history[-1], LaidDown | Donated) and not rnd.over:
            changes.append((len(rnd.history), len(rnd.deck) + len(rnd.discard_pile)))
    return rnd, changes


def test_ruling_09_stalemate_guard_ends_the_round_after_a_quiet_pass_through_the_deck() -> None:
    rnd, changes = _play_stalemate("Kc Ac 5d 6d 7d 8d")
    assert rnd.end is not None
    assert (rnd.end.reason, rnd.end.out, rnd.end.laid_down) == (EndReason.STALEMATE, None, (True, True))
    assert all(p > 0 for p in rnd.end.penalties)
    start, cards = changes[-1]  # everyone is down from here on
    quiet_draws = sum(isinstance(r, Drew) for r in rnd.history[start:])
    assert quiet_draws == cards
    assert isinstance(rnd.history[-1], Discarded)


def test_ruling_09_a_donation_starts_the_pass_again() -> None:
    rnd, changes = _play_stalemate("Kc Ac 5d 6d 7d 8d 3h 9d")
    assert any(isinstance(r, Donated) for r in rnd.history)
    assert rnd.end is not None and rnd.end.reason is EndReason.STALEMATE
    start, cards = changes[-1]
    assert isinstance(rnd.history[start - 1], Donated)
    assert sum(isinstance(r, Drew) for r in rnd.history[start:]) == cards


# --- the end of the game (ruling 10) -------------------------------------------------------------------

NINE_HANDS = ["5c 6c 7c 8c Jc Qc Kc 9d Jd Kd Ad", "4h 5h 6h 7h 8h 9h 10h Jh Qh 5d 6d", "4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"]


def _nine_round(game: Game) -> None:
    """Seat 1 lays down level 9 and keeps 5d 6d; seat 2 lays down level 9 and goes out."""
    game.draw("deck")  # Kh
    game.lay_down([run("4h 5h 6h 7h 8h 9h 10h Jh Qh")])
    assert not game.over  # the game ends after the round, not at the lay-down
    game.discard(c("Kh"))
    game.draw("deck")  # 9c
    game.lay_down([run("4s 5s 6s 7s 8s 9s 10s Js Qs")])
    game.donate(c("Ks"), 2, 0)
    game.donate(c("As"), 2, 0)
    game.discard(c("9c"))


def test_ruling_10_the_game_ends_after_the_round_in_which_level_nine_is_laid_down() -> None:
    hands = ["5c 6c 7c 8c Jc Qc Kc 9d Jd Kd Ad", "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh 5d", "4s 5s 6s 7s 8s 9s 10s Js Qs Ks As"]
    game = game_at([9, 9, 8], [0, 200, 0], stacked_deck(hands, top="Ac", stock="Ah"))
    game.draw("deck")
    game.lay_down([run("4h 5h 6h 7h 8h 9h 10h Jh Qh")])
    assert not game.over
    game.donate(c("Kh"), 1, 0)
    game.donate(c("Ah"), 1, 0)
    game.discard(c("5d"))
    # The only player who laid down level 9 wins, whatever the penalties.
    assert game.over and game.winners == (1,)
    with pytest.raises(RuleError, match="the game is over"):
        game.next_round()


def test_ruling_10_fewest_penalties_among_level_nine_finishers_wins() -> None:
    game = game_at([9, 9, 9], [0, 50, 100], stacked_deck(NINE_HANDS, top="Ac", stock="Kh 9c"))
    _nine_round(game)
    assert game.round.end is not None and game.round.end.out == 2
    assert game.penalties[1:] == [60, 100]
    # Seat 0 has the fewest penalties but never laid down level 9: not a finisher.
    assert game.winners == (1,)


def test_ruling_10_a_level_nine_tie_shares_the_win() -> None:
    game = game_at([9, 9, 9], [0, 90, 100], stacked_deck(NINE_HANDS, top="Ac", stock="Kh 9c"))
    _nine_round(game)
    assert game.penalties[1:] == [100, 100]
    assert game.over and game.winners == (1, 2)


def test_the_game_goes_on_while_no_one_lays_down_level_nine() -> None:
    game = game_at([9, 1, 9], [0, 0, 0], stacked_deck([*OUT_HANDS, "5s 6s 7s 8s 9s 10s Js Qs Ks 5c 6c"], top="Jc", stock="Ah"))
    game.draw("deck")
    game.lay_down([run("4h 5h 6h 7h")])
    for card in ("8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"):
        game.donate(c(card), 1, 0)
    game.discard(c("6s"))
    assert game.round.over and not game.over and game.winners == ()
    assert game.levels == [9, 2, 9]
    assert game.next_round().levels == (9, 2, 9)


# --- an illegal move changes nothing ---------------------------------------------------------------------


def _illegal_moves(rnd: Round) -> list[tuple[str, Any]]:
    """Moves that must be refused in the round's current state."""
    player = rnd.turn
    hand = rnd.hands[player]
    missing = next(card for card in full_deck() if card not in hand)
    moves: list[tuple[str, Any]] = [
        ("discard", (missing,)),
        ("donate", (missing, 0, 0, None)),
        ("donate", (hand[0] if hand else missing, 0, 99, None)),
        ("donate", (hand[0] if hand else missing, 7, 0, None)),
        ("lay_down", ([run("4h 5h 6h 8h")],)),
        ("lay_down", ([],)),
        ("draw", ("nowhere",)),
    ]
    if rnd.phase is Phase.DRAW:
        moves += [("discard", (hand[0],)), ("lay_down", ([],))]
        if not rnd.deck and len(rnd.discard_pile) < 2:
            moves.append(("draw", ("deck",)))
    else:
        moves += [("draw", ("deck",)), ("draw", ("discard",))]
        if rnd.laid_down[player]:
            verdict = [(card, owner, i) for card in hand for owner in range(rnd.players) for i in range(len(rnd.table[owner]))]
            refused = [(card, owner, i, None) for card, owner, i in verdict if not rnd.can_donate(card, owner, i)]
            moves += [("donate", args) for args in refused[:3]]
            moves.append(("lay_down", ([run("4h 5h 6h 7h")],)))
        else:
            tabled = [(owner, i) for owner in range(rnd.players) for i in range(len(rnd.table[owner]))]
            if tabled and hand:
                moves.append(("donate", (hand[0], *tabled[0], None)))
    return moves


def test_an_illegal_move_leaves_the_state_exactly_as_it_was() -> None:
    tried = 0
    for seed in range(3):
        game = Game(players=2 + seed, seed=seed)
        rng = random.Random(seed)
        for _ in range(3):  # three rounds of each game
            while not game.round.over:
                rnd = game.round
                for name, args in _illegal_moves(rnd):
                    before = game_snapshot(game)
                    with pytest.raises(RuleError):
                        getattr(game, name)(*args)
                    assert not getattr(game, f"can_{name}")(*args)
                    assert game_snapshot(game) == before, (name, args)
                    tried += 1
                game.play(simple_move(game.legal_moves(), rng))
            before = game_snapshot(game)
            for name, args in [("draw", ("deck",)), ("discard", (game.round.dealt[0][0],))]:
                with pytest.raises(RuleError, match="the round is over"):
                    getattr(game, name)(*args)
            assert game_snapshot(game) == before
            if game.over:
                break
            game.next_round()
            before = game_snapshot(game)
            with pytest.raises(RuleError, match="still being played"):
                game.next_round()
            assert game_snapshot(game) == before
    assert tried > 1000


# --- views -----------------------------------------------------------------------------------------------

VIEW_FIELDS = {"player", "rules", "hand", "levels", "laid_down", "table", "discard", "deck_count", "hand_counts", "turn", "phase"}
# Phase 10 and the house rules: who waits to skip, who plays a deciding round, the levels each has made (no cards).
VIEW_FIELDS |= {"waiting_skip", "seated", "made", "deciding"}
# Free order chosen before the deal: the level each player announced aloud (level numbers, no cards).
VIEW_FIELDS |= {"chosen"}


def _cards_in(value: Any) -> list[Card]:
    """Every card anywhere inside a value (tuples, lists, sets, dicts, dataclasses)."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, str | int | float | bool | type(None) | Rank):
        return []
    if isinstance(value, dict):
        return [card for item in value.items() for card in _cards_in(item)]
    if isinstance(value, tuple | list | set | frozenset):
        return [card for item in value for card in _cards_in(item)]
    if dataclasses.is_dataclass(value):
        return [card for f in dataclasses.fields(value) for card in _cards_in(getattr(value, f.name))]
    return []


def _check_view(rnd: Round, player: int) -> None:
    view = rnd.view(player)
    assert {f.name for f in dataclasses.fields(View)} == VIEW_FIELDS  # a new field must be reviewed here
    assert not hasattr(view, "__dict__")  # slots: nothing can be attached
    assert [name for name in dir(view) if "deck" in name.lower()] == ["deck_count"]
    assert view.hand == tuple(rnd.hands[player])
    assert view.deck_count == len(rnd.deck)
    assert view.hand_counts == tuple(len(h) for h in rnd.hands)
    assert view.table == tuple(tuple(m) for m in rnd.table)
    assert view.discard == tuple(rnd.discard_pile)
    # Cards appear only in the player's own hand, the table and the discard pile.
    for name in VIEW_FIELDS - {"hand", "table", "discard"}:
        assert _cards_in(getattr(view, name)) == [], name
    # ... and those are exactly the player's own hand, the table and the discard pile.
    assert view.hand == tuple(rnd.hands[player]) and view.discard == tuple(rnd.discard_pile)
    assert [p.card for melds in view.table for m in melds for p in m.cards] == [p.card for melds in rnd.table for m in melds for p in m.cards]


def test_views_never_carry_another_players_cards_or_the_deck_order() -> None:
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        game = Game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(2):
            while not game.round.over:
                for player in range(players):
                    _check_view(game.round, player)
                    checked += 1
                game.play(simple_move(game.legal_moves(), rng))
            for player in range(players):
                _check_view(game.round, player)
            if game.over:
                break
            game.next_round()
    assert checked > 500


def test_a_view_is_a_copy_the_player_cannot_change_the_round_through_it() -> None:
    game = Game(players=2, seed=5)
    view = game.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert isinstance(view.hand, tuple) and isinstance(view.discard, tuple)
    with pytest.raises(RuleError, match="no player 2"):
        game.view(2)


def test_legal_moves_need_only_the_view_and_only_for_the_player_to_move() -> None:
    game = Game(players=3, seed=2)
    assert legal_moves(game.view(0)) == [] and legal_moves(game.view(2)) == []
    assert legal_moves(game.view(1)) == game.legal_moves()


# --- ruling 9 as refined: count turns, not deck draws; the turn limit is no rule -----------------------
#
# The hands of ``_play_stalemate``: both players can lay down level 1 at once (4h-7h, 4s-7s), and
# ``fill=False`` leaves just ``stock`` in the deck, so the count's length is known.


def _both_down(stock: str, waits: int = 0) -> Round:
    """Seat 1 lays down 4h-7h on the first turn, seat 0 lays down 4s-7s on its ``waits + 1``-th turn
    (drawing from the deck and throwing the drawn card away until then): everyone is down."""
    hands = ["4s 5s 6s 7s 5c 6c 7c 8c 9c 10c Jc", "4h 5h 6h 7h 9d 10d Jd Qd Kd Ad 4c"]
    rnd = round_of(hands, top="Qc", stock=stock, fill=False)
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])
    rnd.discard(rnd.hands[1][-1])
    for _ in range(waits):
        rnd.draw("deck")
        rnd.discard(rnd.hands[rnd.turn][-1])
        assert rnd.quiet_turns is None  # seat 0 still waits to lay down: ruling 9 does not count yet
        rnd.draw("deck")
        rnd.discard(rnd.hands[rnd.turn][-1])
    rnd.draw("deck")
    rnd.lay_down([run("4s 5s 6s 7s")])
    return rnd


def _pass_top(rnd: Round) -> None:
    """One turn that takes the discard pile's top card and throws it straight back."""
    rnd.draw("discard")
    rnd.discard(rnd.hands[rnd.turn][-1])


def test_ruling_09_two_players_passing_one_card_through_the_discard_pile_end_the_round_as_a_stalemate() -> None:
    rnd = _both_down("Kc Ac 5d 6d")
    cards = len(rnd.deck) + len(rnd.discard_pile)
    assert (rnd.quiet_limit, cards) == (4, 4)  # 5d 6d in the deck, Qc Kc on the discard pile
    rnd.discard(c("Ac"))
    assert rnd.quiet_turns == 0  # the lay-down's own turn put a card on the table: it does not count
    for quiet in range(1, cards):
        _pass_top(rnd)  # Ac goes back and forth; the deck is never drawn from
        assert not rnd.over and rnd.quiet_turns == quiet
    _pass_top(rnd)
    assert rnd.end is not None
    assert (rnd.end.reason, rnd.end.out, rnd.end.laid_down) == (EndReason.STALEMATE, None, (True, True))
    assert rnd.deck == (c("5d"), c("6d"))  # no deck draw in the whole count
    with pytest.raises(RuleError, match=r"^the round is over \(stalemate\); no one may draw$"):
        rnd.draw("deck")


def test_ruling_09_a_donation_restarts_the_count() -> None:
    rnd = _both_down("Kc Ac 8h 6d")
    rnd.discard(c("Ac"))
    _pass_top(rnd)
    _pass_top(rnd)
    assert (rnd.quiet_turns, rnd.quiet_limit) == (2, 4)  # two more quiet turns would end it
    rnd.draw("deck")  # seat 1 draws 8h
    rnd.donate(c("8h"), 1, 0)
    # The count starts again, as long as the deck (6d) and the discard pile (Qc Kc Ac) now.
    assert (rnd.quiet_turns, rnd.quiet_limit) == (0, 4)
    rnd.discard(c("4c"))
    for quiet in range(1, 4):
        _pass_top(rnd)  # 4c back and forth
        assert not rnd.over and rnd.quiet_turns == quiet
    _pass_top(rnd)
    assert rnd.end is not None and rnd.end.reason is EndReason.STALEMATE
    assert isinstance(rnd.history[-10], Donated)  # four quiet turns (two records each) and the discard since


def test_ruling_09_the_count_starts_only_when_everyone_has_laid_down() -> None:
    hands = ["4s 5s 6s 7s 5c 6c 7c 8c 9c 10c Jc", "4h 5h 6h 7h 9d 10d Jd Qd Kd Ad 4c"]
    rnd = round_of(hands, top="Qc", stock="Kc Ac 5d 6d", fill=False)
    rnd.draw("deck")
    rnd.lay_down([run("4h 5h 6h 7h")])  # seat 0 still waits: no count
    rnd.discard(c("Kc"))
    for _ in range(20):  # five times the cards in the deck and the discard pile
        _pass_top(rnd)
        assert not rnd.over and rnd.quiet_turns is None and rnd.quiet_limit is None
    rnd.draw("deck")
    rnd.lay_down([run("4s 5s 6s 7s")])  # now everyone is down: the count begins
    assert rnd.quiet_limit == len(rnd.deck) + len(rnd.discard_pile) == 4
    rnd.discard(c("Ac"))
    assert rnd.quiet_turns == 0 and not rnd.over


def test_ruling_09_the_count_is_as_long_as_the_deck_and_the_discard_pile_when_it_began() -> None:
    # Seat 0 waits two turns, so the discard pile holds Qc Kc Ac 9s when the count begins and the
    # deck Qh Ks 5d 6d: eight turns, not the deck's four. Every quiet turn draws from the deck (a
    # reshuffle among them); deck and discard pile keep their size while no card reaches the table.
    rnd = _both_down("Kc Ac 9s Jh Qh Ks 5d 6d", waits=1)
    assert (len(rnd.deck), len(rnd.discard_pile)) == (4, 4) and rnd.quiet_limit == 8
    rnd.discard(c("Jh"))
    for quiet in range(1, 8):
        rnd.draw("deck")
        rnd.discard(rnd.hands[rnd.turn][-1])
        assert not rnd.over and rnd.quiet_turns == quiet
    assert any(isinstance(r, Reshuffled) for r in rnd.history)
    rnd.draw("deck")
    rnd.discard(rnd.hands[rnd.turn][-1])
    assert rnd.end is not None and rnd.end.reason is EndReason.STALEMATE


class _NeverLaysDown:
    """A software player that only ever draws from the deck and throws the drawn card away."""

    def act(self, view: View) -> Move:
        return Draw(Source.DECK) if view.phase is Phase.DRAW else Discard(view.hand[-1])


def test_the_turn_limit_ends_a_round_of_bots_that_never_lay_down_with_turn_limit_not_stalemate() -> None:
    from upto9.game import MAX_TURNS_PER_ROUND
    from upto9.records import game_record, replay

    game = Game(players=2, seed=4)
    bots = [_NeverLaysDown(), _NeverLaysDown()]
    rnd = game.round
    while not rnd.over:
        assert rnd.turns < MAX_TURNS_PER_ROUND
        game.play(bots[rnd.turn].act(game.view(rnd.turn)))
    assert rnd.end is not None
    assert (rnd.end.reason, rnd.end.out, rnd.end.laid_down, rnd.turns) == (EndReason.TURN_LIMIT, None, (False, False), MAX_TURNS_PER_ROUND)
    assert rnd.end.reason.value == "turn_limit" and rnd.quiet_turns is None
    with pytest.raises(RuleError, match=r"^the round is over \(turn limit reached\); no one may draw$"):
        rnd.draw("deck")
    # No one moves up; the game goes on, and the record keeps the reason and replays.
    assert not game.over and list(game.next_round().levels) == [1, 1]
    assert game_record(game)["rounds"][0]["end"]["reason"] == "turn_limit"
    assert replay(game_record(game)).rounds[0].end == rnd.end


def test_a_shorter_game_of_up_to_9_plays_its_first_five_levels_and_the_fifth_ends_it(tmp_path: Any) -> None:
    """docs/rules.md, a shorter game (reconstructed for Up to 9): levels 1 to 5, the fifth ends the game;
    a house rule, so the game's record carries it and loads again."""
    import json

    from upto9 import HeuristicBot
    from upto9.records import game_record, load_game
    from upto9.rules import RulesError
    from upto9.simulate import play_game

    short = UPTO9.first_levels(5)
    assert short.played_levels == (1, 2, 3, 4, 5) and short.base == "upto9" and short.is_house_rule("level_order")
    assert short.levels == UPTO9.levels and short.hand_size == UPTO9.hand_size  # nothing else changes
    game = play_game(players=3, rules=short, bots=[HeuristicBot] * 3, seed=4)
    assert game.over and game.winners
    assert all(set(rnd.levels) <= {1, 2, 3, 4, 5} for rnd in game.rounds)
    last = game.rounds[-1]
    assert last.end is not None
    assert all(last.levels[p] == 5 and last.end.laid_down[p] for p in game.winners)
    record = json.dumps(game_record(game))
    assert json.loads(record)["rules"]["level_order"] == [1, 2, 3, 4, 5]
    path = tmp_path / "short.json"
    path.write_text(record, encoding="utf-8")
    again = load_game(path)
    assert again.rules.played_levels == (1, 2, 3, 4, 5) and len(again.rounds) == len(game.rounds)
    with pytest.raises(RulesError):
        UPTO9.first_levels(10)
