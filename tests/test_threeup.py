"""3UP 3DOWN (``upto9.families.threeup``): one named test per rule T1-T20 and per 3UP ruling of
docs/rules.md#3up-3down, the card notation, the rule set's bounds in words, the turn limit, and
hypothesis properties (cards conserved, same seed same game, a view never holds a hidden card).
The shared invariant suite of tests/test_families.py runs on the family as on every other."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.threeup_helpers import STANDARD, card, cards, house, stacked, start
from upto9.bots import RandomBot
from upto9.cards import CardError, PlayingCard, read_one
from upto9.families.threeup.bot import SamplingBot, ThreeUpBot, unseen
from upto9.families.threeup.cards import CLEAR, CLEAR_1, CLEAR_2, COLOURS, parse_threeup_card, parse_threeup_token, threeup_deck
from upto9.families.threeup.family import FAMILY
from upto9.families.threeup.round import (
    ChooseUp,
    Draw,
    DrewUp,
    Finished,
    KeepUp,
    PickUp,
    Play,
    PlayBlind,
    Played,
    PlayedBlind,
    Source,
    Stage,
    Stopped,
    SwappedPiles,
    SwapUp,
    ThreeUpRound,
    legal_moves,
)
from upto9.messages import render
from upto9.rules import RulesError, builtin_rules, load_rules, rules_from_dict
from upto9.simulate import play_game
from upto9.turns import RuleError


def hand_play(text: str) -> Play:
    return Play(Source.HAND, tuple(cards(text)))


def up_play(text: str) -> Play:
    return Play(Source.UP, tuple(cards(text)))


def refused(rnd: ThreeUpRound, move: object) -> tuple[str, str]:
    """The refusal of ``move`` in English and Norwegian; the round must be unchanged."""
    before = (rnd.zones(), rnd.turn, len(rnd.history), rnd.stage)
    with pytest.raises(RuleError) as caught:
        rnd.play(move)
    assert (rnd.zones(), rnd.turn, len(rnd.history), rnd.stage) == before
    assert caught.value.msg is not None
    return str(caught.value), render(caught.value.msg, "nb")


# --- T1 the cards, T2 the set-up, T3 who starts, T4 the order -------------------------------------


def test_t1_the_deck_is_84_cards_and_left_out_colours_take_their_ten_numbers_with_them() -> None:
    deck = STANDARD.one_deck()
    assert len(deck) == 84 and Counter(deck)[CLEAR] == 7 and Counter(deck)[CLEAR_1] == 6 and Counter(deck)[CLEAR_2] == 1
    numbers = [c for c in deck if isinstance(c, type(CLEAR)) and not c.clear]
    assert len(numbers) == 70 and len(set(numbers)) == 70 and {c.number for c in numbers} == set(range(1, 11))
    fewer = house(colours=4).one_deck()
    assert len(fewer) == 40 + 14 and {c.colour for c in fewer if not c.clear} == {c.colour for c in threeup_deck(4) if not c.clear} == set(COLOURS[:4])
    assert STANDARD.is_reconstructed("colours") and not STANDARD.is_reconstructed("clears")


def test_t2_each_player_gets_three_face_down_and_six_and_lays_three_of_the_six_face_up() -> None:
    deck = stacked(["1r 2r 3r", "1g 2g 3g"], ["4r 5r 6r 7r 8r 9r", "4g 5g 6g 7g 8g 9g"], "10r 10g")
    rnd = ThreeUpRound(house(), 2, 1, deck)
    assert rnd.stage is Stage.CHOOSE and rnd.turn == 0
    assert rnd.zones()["down.0"] == tuple(cards("1r 2r 3r")) and len(rnd.zones()["hand.1"]) == 6
    assert rnd.zones()["deck"] == tuple(cards("10r 10g"))
    choices = rnd.legal_moves()
    assert len(choices) == 20 and all(isinstance(m, ChooseUp) and len(m.cards) == 3 for m in choices)
    assert refused(rnd, hand_play("4r"))[0] == "first choose 3 cards of your hand to lay face up"
    assert refused(rnd, ChooseUp(tuple(cards("4r 5r"))))[0] == "choose exactly 3 cards of your hand to lay face up"
    rnd.play(ChooseUp(tuple(cards("7r 8r 9r"))))
    # Seat 1 does not see seat 0's choice before it has chosen (ruling 9); then everyone does.
    assert rnd.view(1).up[0] is None and "up.0" not in rnd.visible(1)
    assert rnd.seen_by(rnd.history[0], 1) == {"type": "choose_up", "player": 0, "cards": 3}
    rnd.play(ChooseUp(tuple(cards("4g 8g 9g"))))
    assert rnd.stage is Stage.PLAY and rnd.view(1).up[0] == tuple(cards("7r 8r 9r"))
    assert rnd.seen_by(rnd.history[0], 1) == {"type": "choose_up", "player": 0, "cards": ["7r", "8r", "9r"]}
    assert rnd.zones()["hand.0"] == tuple(cards("4r 5r 6r")) and rnd.zones()["up.1"] == tuple(cards("4g 8g 9g"))


def test_t3_a_seeded_random_player_starts_and_left_of_the_dealer_is_a_house_rule() -> None:
    starters = {FAMILY.new_game(STANDARD, 4, seed, None).round.turn for seed in range(40)}
    assert starters == {0, 1, 2, 3}  # every seat starts some games
    assert FAMILY.new_game(STANDARD, 4, 7, None).round.turn == FAMILY.new_game(STANDARD, 4, 7, None).round.turn
    assert STANDARD.is_reconstructed("first_player")
    left = house(first_player="left_of_dealer")
    assert {FAMILY.new_game(left, 4, seed, None).round.turn for seed in range(10)} == {1}  # the first dealer is seat 0


def test_t4_play_goes_clockwise_and_with_reverse_ones_a_play_of_1s_turns_it() -> None:
    down, up, hand = ["2r 2o 2y"] * 3, ["8r 8o 8y", "8g 8b 8p", "9r 9o 9y"], ["4r 5r 6r", "4g 5g 6g", "4b 5b 6b"]
    rnd = start(down, up, hand, "1r 1g 1b 7r 7g 7b")
    rnd.play(hand_play("4r"))
    assert rnd.turn == 1
    rnd = start(down, up, ["1y 5r 6r", "4g 5g 6g", "4b 5b 6b"], "7r 7g 7b", rules=house(reverse_ones=True))
    record = rnd.play(hand_play("1y"))
    assert isinstance(record, Played) and record.reversed and record.to_dict()["reversed"] is True
    assert rnd.turn == 2 and rnd.direction == -1


# --- T5 one number, T6 equal or higher, T7 clears --------------------------------------------------


def test_t5_a_play_is_one_card_or_several_of_one_number_and_a_clear_is_played_alone() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["4r 4g C", "3b 5b 6b"], "C C1 7b")
    moves = rnd.legal_moves()
    assert hand_play("4r 4g") in moves and hand_play("4r") in moves and hand_play("C") in moves
    assert refused(rnd, hand_play("4r C"))[0] == "play one card, or several of one number; a Clear is played alone"
    rnd.play(hand_play("4r 4g"))
    assert rnd.zones()["pile"] == tuple(cards("4r 4g"))


def test_t6_a_card_lower_than_the_top_is_refused() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 4g 9k", "3b 5b 6b"], "1p 2p 3p")
    rnd.play(hand_play("6r"))
    en, nb = refused(rnd, hand_play("5b"))
    assert en == "5 is lower than 6 on the pile: play an equal or higher card"
    assert nb == "5 er lavere enn 6 på bunken: spill et kort som er like høyt eller høyere"
    assert hand_play("6b") in rnd.legal_moves()


def test_t7_clears_go_on_anything() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["10r 4g 9k", "3b 5b C"], "1p 2p 3p")
    rnd.play(hand_play("10r"))
    assert rnd.legal_moves() == [hand_play("C")]


# --- T8 must play, T9 picking up, T10 drawing up ----------------------------------------------------


def test_t8_who_can_play_must_and_without_must_play_may_draw_one_card_instead() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 4g 9k", "3b 5b 7b"], "1p 2p 3p 4p")
    rnd.play(hand_play("6r"))
    assert PickUp() not in rnd.legal_moves() and Draw() not in rnd.legal_moves()
    en, nb = refused(rnd, PickUp())
    assert en == "you can play 7, so you must play" and nb == "du kan spille 7, så du må spille"
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 4g 9k", "3b 5b 7b"], "1p 2p 3p 4p", rules=house(must_play=False))
    rnd.play(hand_play("6r"))
    assert Draw() in rnd.legal_moves()
    rnd.play(Draw())
    assert rnd.turn == 0 and rnd.zones()["hand.1"] == (*cards("3b 5b 7b"), card("2p"))  # one card, and the turn ends


def test_t9_picking_up_takes_the_whole_pile_and_ends_the_turn() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 4g 9k", "3b 5b 4b"], "1p 2p 3p 4p")
    rnd.play(hand_play("6r"))
    assert rnd.legal_moves() == [PickUp()]
    record = rnd.play(PickUp())
    assert record.to_dict() == {"type": "pick_up", "player": 1, "cards": ["6r"]}
    assert rnd.turn == 0 and rnd.zones()["pile"] == () and card("6r") in rnd.zones()["hand.1"]
    rnd.play(hand_play("4g"))
    assert refused(rnd, PickUp())[0].startswith("you can play")  # the pile holds 4g, and seat 1 holds 6r


def test_t10_a_turn_ends_by_drawing_back_up_to_three_and_more_than_three_draws_nothing() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 6g 9k", "3b 5b 4b"], "1p 2p 3p 4p")
    rnd.play(hand_play("6r 6g"))
    assert rnd.history[-1] == DrewUp(0, tuple(cards("1p 2p")))
    assert len(rnd.zones()["hand.0"]) == 3
    rnd.play(PickUp())  # seat 1: five cards now
    rnd.play(hand_play("9k"))
    rnd.play(PickUp())  # seat 1 cannot beat 9: six cards, and no drawing
    assert not isinstance(rnd.history[-1], DrewUp) and len(rnd.zones()["hand.1"]) == 6


# --- T11 hand, face up, face down; T12 blind cards ---------------------------------------------------


def test_t11_face_up_cards_only_once_the_deck_and_hand_are_empty_and_face_down_after_them() -> None:
    rnd = start(["2r 2o 2y", "3r 3o 3y"], ["8r 8o 9y", "8g 8b 8p"], ["4r 4g 9k", "4b 5b 6b"], "7p")
    en, nb = refused(rnd, up_play("8r"))
    assert en.startswith("play your hand first") and nb.startswith("spill hånda først")
    rnd.play(hand_play("4r 4g"))  # draws 7p: the deck is empty
    rnd.play(hand_play("4b"))
    rnd.play(hand_play("7p"))
    rnd.play(PickUp())
    rnd.play(hand_play("9k"))  # seat 0's hand is empty now, and the deck too
    rnd.play(PickUp())
    assert all(isinstance(m, Play) and m.source is Source.UP for m in rnd.legal_moves())
    assert refused(rnd, PlayBlind(0))[0] == "the face-down cards come once your face-up cards are gone"
    rnd.play(up_play("8r 8o"))
    assert rnd.zones()["up.0"] == (card("9y"),) and rnd.view(0).up[0] == (None, None, card("9y"))


def test_t12_a_face_down_card_that_does_not_fit_is_taken_up_with_the_pile_unseen_by_the_others() -> None:
    rnd = start(["2r 9o 2y", "3r 3o 3y"], ["8r 8o 8y", "8g 8b 8p"], ["4r 5r 6r", "9b 10b 10g"], "")
    # Play seat 0 down to its face-down cards: hand, then face-up.
    rnd.play(hand_play("4r"))
    rnd.play(hand_play("9b"))
    rnd.play(PickUp())
    assert rnd.turn == 1
    rnd.play(hand_play("10b 10g"))
    rnd.hands[0].clear()  # a position for the test: seat 0 holds nothing but its face-down cards
    rnd.up[0] = [None, None, None]
    rnd.cleared.extend(cards("4r 9b 5r 6r 8r 8o 8y"))
    moves = legal_moves(rnd.view(0))
    assert moves == [PlayBlind(0), PlayBlind(1), PlayBlind(2)]
    record = rnd.play(PlayBlind(0))
    assert isinstance(record, PlayedBlind) and not record.played and record.picked_up == tuple(cards("10g 10b"))
    assert sorted(map(str, rnd.zones()["hand.0"])) == ["10b", "10g", "2r"]
    assert "card" in rnd.seen_by(record, 0) and "card" not in rnd.seen_by(record, 1)
    assert card("2r") not in rnd.view(1).hand and rnd.view(1).hand_counts[0] == 3
    assert rnd.turn == 1  # the turn ended


# --- T13 clear, T14 same number, T15 Clear +1 and +2 -------------------------------------------------


def test_t13_a_clear_sends_the_pile_out_of_the_game_and_ends_the_turn() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 6g 9k", "C 5b 4b"], "1p 2p 3p 4p")
    rnd.play(hand_play("6r 6g"))
    record = rnd.play(hand_play("C"))
    assert record.to_dict() == {"type": "play", "player": 1, "source": "hand", "cards": ["C"], "clears": "clear"}
    assert rnd.zones()["pile"] == () and rnd.zones()["cleared"] == tuple(cards("6r 6g C")) and rnd.turn == 0


def test_t14_three_of_one_number_in_a_row_clear_the_pile_from_one_play_or_several() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 6g 9k", "6b 5b 4b"], "6p 2p 3p 4p 5p")
    rnd.play(hand_play("6r 6g"))
    record = rnd.play(hand_play("6b"))  # two plays, by two players
    assert isinstance(record, Played) and record.clears == "same" and rnd.zones()["pile"] == () and rnd.turn == 0
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["6r 6g 6b", "6p 5b 4b"], "1p 2p 3p 4p")
    assert rnd.play(hand_play("6r 6g 6b")).to_dict()["clears"] == "same"  # one play
    assert rnd.turn == 1  # ruling 4: it acts as a plain Clear


def test_t15_clear_plus_one_and_two_owe_extra_actions_with_an_optional_draw_before_each() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["C1 5g 9k", "6b 5b 4b"], "1p 2p 3p 4p")
    rnd.play(hand_play("C1"))
    assert rnd.turn == 0 and rnd.actions_left == 1 and Draw() in rnd.legal_moves()
    rnd.play(Draw())
    assert Draw() not in rnd.legal_moves() and hand_play("1p") in rnd.legal_moves()
    rnd.play(hand_play("9k"))  # the extra action on the empty pile: anything goes
    assert rnd.turn == 1 and len(rnd.zones()["hand.0"]) == 3
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["C2 5g 9k", "6b 5b 4b"], "1p 2p 3p 4p")
    rnd.play(hand_play("C2"))
    rnd.play(hand_play("9k"))
    assert rnd.turn == 0 and rnd.actions_left == 1
    # The second action goes on the first: 5g does not, so with no play the pile is taken.
    assert hand_play("5g") not in rnd.legal_moves() and rnd.legal_moves() == [PickUp(), Draw()]
    rnd.play(PickUp())
    assert rnd.turn == 1


def test_t15_the_second_extra_action_goes_on_the_first_and_a_lower_face_down_card_takes_the_pile() -> None:
    rnd = start(["4r 2o 2y", "3r 3o 3y"], ["C2 8o 8y", "8g 8b 8p"], ["5r 5g 5b", "9b 9g 9p"], "")
    rnd.hands[0] = []  # a position for the test: seat 0 is on its face-up cards, a Clear +2 among them
    rnd.up[0] = [CLEAR_2, None, None]
    rnd.cleared.extend(cards("5r 5g 5b 8o 8y"))
    rnd.play(up_play("C2"))
    assert rnd.legal_moves() == [PlayBlind(0), PlayBlind(1), PlayBlind(2)]  # ruling 5: the extra action from the face-down cards
    first = rnd.play(PlayBlind(0))
    assert isinstance(first, PlayedBlind) and first.played and rnd.turn == 0
    second = rnd.play(PlayBlind(1))  # 2o is lower than the 4r the first action played
    assert isinstance(second, PlayedBlind) and second.played is False and second.picked_up == (card("4r"),)
    assert rnd.turn == 1 and sorted(map(str, rnd.zones()["hand.0"])) == ["2o", "4r"]


# --- T16 winning, T17 places, T18 points ----------------------------------------------------------------


def test_t16_the_first_player_to_play_their_last_card_wins_at_once() -> None:
    rnd = start(["4r 2o 2y", "3r 3o 3y"], ["C1 8o 8y", "8g 8b 8p"], ["5r 5g 5b", "9b 9g 9p"], "")
    rnd.hands[0] = []
    rnd.up[0] = [CLEAR_1, None, None]
    rnd.down[0] = [None, card("4r"), None]
    rnd.cleared.extend(cards("5r 5g 5b 8o 8y 2o 2y"))
    rnd.play(up_play("C1"))
    rnd.play(PlayBlind(1))  # the extra action plays the last card
    assert rnd.over and rnd.history[-1] == Finished(0, 1) and rnd.end == {"reason": "out", "places": [0], "turns": 1}
    assert rnd.scores()[0] == 0 and rnd.scores()[1] > 0 and rnd.legal_moves() == []


def test_t17_with_play_out_the_others_play_on_for_the_places() -> None:
    rules = house(play_out=True)
    game = play_game(players=4, rules=rules, seed=3, any_family=True)
    end = game.round.end
    assert end is not None and end["reason"] == "out" and sorted(end["places"]) == [0, 1, 2, 3]
    assert [r.place for r in game.round.history if isinstance(r, Finished)] == [1, 2, 3, 4]
    assert game.winners == (end["places"][0],)
    points = game.round.scores()
    assert all(points[p] == 0 for p in end["places"][:3]) and points[end["places"][3]] > 0


def test_t18_points_count_the_cards_left_and_the_fewest_over_several_games_win() -> None:
    assert dict(STANDARD.penalties) == {**{str(n): n for n in range(1, 11)}, "clear": 15, "clear+1": 20, "clear+2": 25}
    rnd = start(["2r 2o 2y", "3r 3o 3y"], ["C1 8o 8y", "8g 8b 8p"], ["5r 5g 5b", "9b 9g C"], "")
    assert rnd.scores() == (2 + 2 + 2 + 20 + 8 + 8 + 15, 3 * 3 + 8 * 3 + 9 + 9 + 15)
    rules = house(rounds=3)
    game = play_game(players=3, rules=rules, seed=2, any_family=True)
    assert len(game.rounds) == 3 and list(game.totals) == [sum(r.scores()[p] for r in game.rounds) for p in range(3)]
    assert set(game.winners) == {p for p in range(3) if game.totals[p] == min(game.totals)}
    assert [r.dealer for r in game.rounds] == [0, 1, 2]


# --- T19 the colour swap, T20 piles swapped ------------------------------------------------------------


def test_t19_four_of_one_colour_in_a_row_let_the_player_swap_a_face_up_card() -> None:
    rules = house(colour_swap=True)
    rnd = start(["2r 2o 2y", "3r 3o 3g"], ["1o 1y 8y", "8g 8b 8p"], ["4r 6r 10k", "5r 7r 9b"], "1g 2g 3b 4b 5b 6b", rules=rules)
    rnd.play(hand_play("4r"))
    rnd.play(hand_play("5r"))
    rnd.play(hand_play("6r"))
    assert rnd.stage is Stage.PLAY
    rnd.play(hand_play("7r"))  # the fourth red in a row: seat 1 may swap
    assert rnd.stage is Stage.SWAP and rnd.turn == 1 and KeepUp() in rnd.legal_moves()
    assert refused(rnd, hand_play("9b"))[0].startswith("four of one colour in a row")
    rnd.play(SwapUp(card("9b"), card("8g")))
    assert rnd.zones()["up.1"] == tuple(cards("9b 8b 8p")) and card("8g") in rnd.zones()["hand.1"] and rnd.turn == 0
    assert refused(rnd, KeepUp())[0].startswith("no swap is open now")
    plain = start(["2r 2o 2y", "3r 3o 3g"], ["1o 1y 8y", "8g 8b 8p"], ["4r 6r 10k", "5r 7r 9b"], "1g 2g 3b 4b 5b 6b")
    for text in ("4r", "5r", "6r", "7r"):
        plain.play(hand_play(text))
    assert plain.stage is Stage.PLAY and plain.turn == 0  # the rule is off as the text plays


def test_t20_with_swap_piles_the_seats_stacks_are_swapped_at_random_after_the_set_up() -> None:
    rules = house(swap_piles=True)
    for seed in range(6):
        game = FAMILY.new_game(rules, 3, seed, None)
        rnd = game.round
        hands = [tuple(rnd.zones()[f"hand.{p}"]) for p in range(3)]
        downs = [tuple(rnd.zones()[f"down.{p}"]) for p in range(3)]
        chosen = []
        while rnd.stage is Stage.CHOOSE:
            move = rnd.legal_moves()[0]
            assert isinstance(move, ChooseUp)
            chosen.append((rnd.turn, move.cards))
            rnd.play(move)
        swap = rnd.history[-1]
        assert isinstance(swap, SwappedPiles) and sorted(swap.order) == [0, 1, 2]
        ups = dict(chosen)
        for p in range(3):
            assert rnd.zones()[f"down.{p}"] == downs[swap.order[p]] and rnd.zones()[f"up.{p}"] == ups[swap.order[p]]
            assert Counter(rnd.zones()[f"hand.{p}"]) == Counter(hands[p]) - Counter(ups[p])


# --- the 3UP rulings ---------------------------------------------------------------------------------------


def test_threeup_ruling_5_a_player_with_no_card_for_an_extra_action_owes_none_and_an_empty_hand_draws_for_it() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["C1 C 9k", "6b 5b 4b"], "1p 2p 3p 4p")
    rnd.hands[0] = [CLEAR_1]  # a position for the test: the Clear +1 is the hand's last card, the deck has cards
    rnd.cleared.extend(cards("C 9k"))
    rnd.play(hand_play("C1"))
    assert rnd.legal_moves() == [Draw()]  # the extra action needs a card: it comes from the deck
    assert refused(rnd, up_play("8r"))[0].startswith("the face-up cards come only once the draw pile is empty")
    rnd.play(Draw())
    assert rnd.turn == 0 and rnd.legal_moves() == [hand_play("1p")]


def test_threeup_ruling_6_the_draw_before_an_extra_action_is_one_card_while_the_deck_lasts() -> None:
    rnd = start(["2r 2o 2y"] * 2, ["8r 8o 8y", "8g 8b 8p"], ["C1 5g 9k", "6b 5b 4b"], "")
    rnd.play(hand_play("C1"))
    assert Draw() not in rnd.legal_moves()  # the deck is empty
    assert refused(rnd, Draw())[0] == "the draw pile is empty"


def test_threeup_ruling_8_the_turn_limit_ends_a_game_as_turn_limit_never_a_win() -> None:
    rules = house(turn_limit=50)
    game = FAMILY.new_game(rules, 4, 1, None)
    bots = [RandomBot(p) for p in range(4)]
    while not game.over:
        game.play(bots[game.round.turn].act(game.view(game.round.turn)))
    rnd = game.round
    assert isinstance(rnd, ThreeUpRound)
    if rnd.reason == "turn_limit":
        assert rnd.history[-1] == Stopped(50) and game.winners == () and rnd.end == {"reason": "turn_limit", "places": [], "turns": 50}
    else:  # a quick game: the random players finished it
        assert rnd.turns < 50
    limited = [FAMILY.new_game(rules, 6, seed, None) for seed in range(8)]
    for game in limited:
        while not game.over:
            moves = game.legal_moves()
            game.play(next((m for m in moves if isinstance(m, PickUp)), moves[0]))  # players that pick up whenever they can
    assert any(g.round.end is not None and g.round.end["reason"] == "turn_limit" and g.winners == () for g in limited)
    with pytest.raises(RulesError, match="turn_limit: must be a whole number from 50 to 100000, got 10"):
        house(turn_limit=10)


def test_threeup_ruling_9_a_view_shows_the_hand_the_face_up_cards_the_pile_and_the_counts_only() -> None:
    rnd = start(["2r 2o 2y", "3r 3o 3y"], ["C1 8o 8y", "8g 8b 8p"], ["5r 5g 5b", "9b 9g C"], "1p 2p 3p")
    view = rnd.view(1)
    assert view.hand == tuple(cards("9b 9g C")) and view.hand_counts == (3, 3) and view.deck_count == 3
    assert view.up[0] == tuple(cards("8o 8y C1")) and view.down == ((True,) * 3, (True,) * 3)
    shown = Counter(c for f in dataclasses.fields(view) if f.name != "rules" for c in _cards_in(getattr(view, f.name)))
    assert not shown & Counter(cards("2r 2o 2y 3r 3o 3y 5r 5g 5b 1p 2p 3p"))
    rnd.play(hand_play("5r 5g 5b"))
    drew = rnd.history[-1]
    assert isinstance(drew, DrewUp) and rnd.seen_by(drew, 1) == {"type": "draw_up", "player": 0, "cards": 3}


def _cards_in(value: object) -> list[PlayingCard]:
    if isinstance(value, PlayingCard):
        return [value]
    if isinstance(value, tuple):
        return [c for item in value for c in _cards_in(item)]
    return []


# --- the card notation, the rule set's bounds ------------------------------------------------------------


def test_cards_are_typed_in_english_and_norwegian_and_a_wrong_card_is_refused_in_words() -> None:
    assert [str(parse_threeup_card(t)) for t in ("7r", "7RED", "7rød", "10svart", "3gul", "3grønn", "C", "c+1", "Clear+2", "1lilla")] == [
        "7r", "7r", "7r", "10k", "3y", "3g", "C", "C1", "C2", "1p",
    ]  # fmt: skip
    assert [read_one(str(c), parse_threeup_token) for c in STANDARD.one_deck()] == list(STANDARD.one_deck())
    for text, en, nb in (
        ("11r", "'11r': no number 11; numbers are 1-10", "ingen tall 11; tallene er 1–10"),
        ("7x", "'7x': no colour 'x'", "ingen farge 'x'"),
        ("hello", "'hello': not a card", "ikke et kort"),
    ):
        with pytest.raises(CardError) as caught:
            parse_threeup_card(text)
        assert str(caught.value).startswith(en) and nb in render(caught.value.msg, "nb")


def test_the_rule_set_and_a_house_rule_file_out_of_range_are_refused_naming_the_field_in_both_languages(tmp_path) -> None:
    assert builtin_rules("threeup") == STANDARD.__class__(**{f: getattr(STANDARD, f) for f in STANDARD.__slots__})
    house_file = tmp_path / "quick.toml"
    house_file.write_text('base = "threeup"\ncolours = 4\nmax_players = 4\nplay_out = true\n', encoding="utf-8")
    quick = load_rules(house_file)
    assert quick.family == "threeup" and len(quick.one_deck()) == 54 and quick.is_house_rule("play_out") and quick.fields.play_out
    for text, field in (
        ("colours = 9", "colours: must be a whole number from 1 to 7, got 9"),
        ("clears = -1", "clears: must be a whole number from 0 to 16, got -1"),
        ("must_play = 3", "must_play"),
        ('first_player = "youngest"', "first_player"),
        ('score_zones = ["pocket"]', "score_zones"),
        ("colours = 1\nmax_players = 6", "6 players need 54 cards for the set-up, but the deck has 24"),
    ):
        house_file.write_text(f'base = "threeup"\n{text}\n', encoding="utf-8")
        with pytest.raises(RulesError) as caught:
            load_rules(house_file)
        assert field in str(caught.value), text
        assert str(caught.value) != render(caught.value.msg, "nb")
    with pytest.raises(RulesError) as caught:
        rules_from_dict({**STANDARD.to_dict(), "colours": 9}, "h.toml")
    assert render(caught.value.msg, "nb") == "h.toml: rules: colours: må være et helt tall fra 1 til 7, ikke 9"


# --- the bots see only their view -----------------------------------------------------------------------


def test_the_bots_decide_from_the_view_alone_and_the_sampling_bot_imagines_only_the_unseen_cards() -> None:
    game = FAMILY.new_game(STANDARD, 3, 5, None)
    view = game.view(game.round.turn)
    assert isinstance(ThreeUpBot(1).act(view), ChooseUp) and isinstance(SamplingBot(1).act(view), ChooseUp)
    heuristic = ThreeUpBot(0).act(view)
    assert isinstance(heuristic, ChooseUp)
    assert sorted(c.key for c in heuristic.cards) == sorted(c.key for c in view.hand)[-3:]  # the strongest face up
    hidden = unseen(view)
    assert sum(hidden.values()) == 84 - len(view.hand) and hidden + Counter(view.hand) == Counter(STANDARD.one_deck())
    with pytest.raises(ValueError, match="has no move"):
        ThreeUpBot(0).act(game.view((game.round.turn + 1) % 3))
    # Late in a game: an imagined deal shows the seat exactly what its view shows, whatever the order of the unseen cards.
    late = FAMILY.new_game(STANDARD, 3, 8, None)
    bots = [ThreeUpBot(p) for p in range(3)]
    while late.round.view(0).deck_count or late.round.turn != 0 or late.round.stage is not Stage.PLAY:
        late.play(bots[late.round.turn].act(late.view(late.round.turn)))
    seen = late.view(0)
    hidden = list(unseen(seen).elements())
    for order in (hidden, hidden[::-1]):
        imagined = ThreeUpRound.sampled(seen, order)
        assert dataclasses.replace(imagined.view(0)) == seen
        assert sum((Counter(z) for z in imagined.zones().values()), Counter()) == Counter(STANDARD.one_deck())
    move = SamplingBot(1).act(seen)
    assert move in legal_moves(seen)
    with pytest.raises(ValueError, match="unseen cards do not fill"):
        ThreeUpRound.sampled(seen, hidden[1:])


# --- hypothesis properties --------------------------------------------------------------------------------


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    colours=st.integers(3, 7),
    options=st.fixed_dictionaries({"must_play": st.booleans(), "reverse_ones": st.booleans(), "colour_swap": st.booleans(), "play_out": st.booleans()}),
)
def test_property_cards_are_conserved_and_a_view_never_holds_a_hidden_card(seed: int, players: int, colours: int, options: dict[str, bool]) -> None:
    try:
        rules = house(colours=colours, first_player="random", **options)
    except RulesError:
        return  # too few cards for six players with few colours: refused, as the rule-set test shows
    game = FAMILY.new_game(rules, players, seed, None)
    deck = Counter(rules.one_deck())
    bot = RandomBot(seed)
    for _ in range(400):
        rnd = game.round
        zones = rnd.zones()
        assert sum((Counter(z) for z in zones.values()), Counter()) == deck
        for p in range(players):
            view = rnd.view(p)
            seen = Counter(c for f in dataclasses.fields(view) if f.name != "rules" for c in _cards_in(getattr(view, f.name)))
            shown = sum((Counter(zones[z]) for z in rnd.visible(p)), Counter())
            assert not seen - shown
            assert not any(zones[f"down.{q}"] and c in zones[f"down.{q}"] and c not in shown for q in range(players) for c in seen)
        if game.over:
            break
        game.play(bot.act(game.view(rnd.turn)))


@PROPERTY
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_property_the_same_seed_plays_the_same_game(seed: int, players: int) -> None:
    first = play_game(players=players, rules=STANDARD, seed=seed, any_family=True)
    again = play_game(players=players, rules=STANDARD, seed=seed, any_family=True)
    assert [r.to_dict() for r in first.round.history] == [r.to_dict() for r in again.round.history]
    assert first.winners == again.winners and first.round.deck_order == again.round.deck_order


@PROPERTY
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), moves=st.integers(0, 150), order=st.randoms(use_true_random=False))
def test_property_a_view_is_the_same_whatever_the_cards_it_does_not_see(seed: int, players: int, moves: int, order: random.Random) -> None:
    """Ruling 9 from the other side: deal the cards a seat has not seen (other hands, face-down
    cards, the deck) differently, and that seat's view and legal moves stay as they were."""
    game = FAMILY.new_game(STANDARD, players, seed, None)
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(bot.act(game.view(game.round.turn)))
    rnd = game.round
    assert isinstance(rnd, ThreeUpRound)
    if rnd.stage is Stage.CHOOSE:
        return  # another seat's face-up choice is unseen but not yet dealt anywhere else: nothing to re-deal
    for player in range(players):
        view = rnd.view(player)
        hidden = list(unseen(view).elements())
        order.shuffle(hidden)
        other = ThreeUpRound.sampled(view, hidden)
        assert other.view(player) == view and legal_moves(other.view(player)) == legal_moves(view)
