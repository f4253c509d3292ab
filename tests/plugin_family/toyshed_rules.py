"""Toyshed's own rules, one named test each (``toyshed.game``'s S1-S7). Not collected by a normal
test run (the file name is no ``test_*.py``, and ``toyshed`` is not installed there):
tests/test_plugin_family.py runs it with ``tests/plugin_family`` on ``PYTHONPATH``."""

from __future__ import annotations

import pytest
from toyshed.family import FAMILY
from toyshed.game import DOWN, DrewUp, Finished, PickedUp, PickUp, Play, PlayBlind, Played, PlayedBlind, ToyRound

from upto9.cards import PlayingCard, full_deck, parse_card, parse_hand
from upto9.game import RuleError
from upto9.messages import render
from upto9.rounds import RoundsGame

RULES = FAMILY.rules


def dealt(*, hands: list[str], down: list[str], deck: str = "") -> ToyRound:
    """A two-player round (dealer 1: seat 0 starts) dealt so that seat p holds ``hands[p]`` and
    ``down[p]`` face down, with ``deck`` on top of the rest of the deck."""
    chosen = [parse_hand(h) for h in hands], [parse_hand(d) for d in down]
    top = parse_hand(deck) if deck else ()
    order: list[PlayingCard] = []
    for i in range(DOWN):
        order += [chosen[1][0][i], chosen[1][1][i]]
    for i in range(RULES.hand_size):
        order += [chosen[0][0][i], chosen[0][1][i]]
    used = [*order, *top]
    rest = [c for c in full_deck() if c not in used]
    return ToyRound(RULES, 2, 1, [*order, *top, *rest])


def test_s1_the_deal_gives_three_face_down_and_three_in_hand_from_the_dealers_left() -> None:
    rnd = dealt(hands=["4h 5h 6h", "4s 5s 6s"], down=["Ac Kc Qc", "Ad Kd Qd"])
    assert rnd.turn == 0 and rnd.hands == [list(parse_hand("4h 5h 6h")), list(parse_hand("4s 5s 6s"))]
    assert rnd.zones()["down.0"] == parse_hand("Ac Kc Qc") and len(rnd.deck) == 52 - 12
    assert "Ac" not in {str(c) for field in ("hand", "pile", "cleared") for c in getattr(rnd.view(0), field)}


def test_s2_equal_or_higher_plays_and_a_lower_card_is_refused_in_words() -> None:
    rnd = dealt(hands=["7h 5h 9c", "7s 6s 2s"], down=["Ac Kc Qc", "Ad Kd Qd"])
    rnd.play(Play(parse_card("7h")))
    assert rnd.pile == [parse_card("7h")]
    with pytest.raises(RuleError) as refused:
        rnd.play(Play(parse_card("6s")))
    assert str(refused.value) == "6s is lower than 7h on the pile: play an equal or higher card, or a 10"
    assert render(refused.value.msg, "nb").startswith("6s er lavere enn 7h på bunken")
    assert Play(parse_card("7s")) in rnd.legal_moves() and rnd.play(Play(parse_card("7s"))) == Played(1, parse_card("7s"), False)


def test_s3_a_ten_goes_on_anything_and_clears_the_pile_out_of_the_game() -> None:
    rnd = dealt(hands=["Ah 5h 9c", "Ts 6s 2s"], down=["Ac Kc Qc", "Ad Kd Qd"])
    rnd.play(Play(parse_card("Ah")))
    record = rnd.play(Play(parse_card("Ts")))
    assert record == Played(1, parse_card("Ts"), True) and record.to_dict()["cleared"] is True
    assert rnd.pile == [] and rnd.cleared == list(parse_hand("Ah Ts"))
    assert "cleared" in rnd.visible(0) and rnd.view(0).cleared == tuple(parse_hand("Ah Ts"))


def test_s4_picking_up_takes_the_pile_and_is_refused_while_a_card_plays() -> None:
    rnd = dealt(hands=["Kh 5h 9c", "Qs 6s 2s"], down=["Ac Kc Qc", "Ad Kd Qd"])
    rnd.play(Play(parse_card("Kh")))
    assert rnd.legal_moves() == [PickUp()]
    before = rnd.zones()
    with pytest.raises(RuleError, match="lower than Kh"):
        rnd.play(Play(parse_card("Qs")))
    assert rnd.zones() == before
    assert rnd.play(PickUp()) == PickedUp(1, (parse_card("Kh"),)) and parse_card("Kh") in rnd.hands[1] and rnd.pile == []
    with pytest.raises(RuleError) as refused:
        rnd.play(PickUp())
    assert str(refused.value) == "the pile is empty: there is nothing to pick up"


def test_s5_a_play_from_the_hand_draws_back_up_to_three_while_the_deck_lasts() -> None:
    rnd = dealt(hands=["4h 5h 9c", "4s 6s 2s"], down=["Ac Kc Qc", "Ad Kd Qd"], deck="8d")
    rnd.play(Play(parse_card("4h")))
    assert rnd.history[-1] == DrewUp(0, (parse_card("8d"),)) and len(rnd.hands[0]) == 3
    assert FAMILY.move_from_dict(rnd.history[-1].to_dict(), rnd) is None  # the engine's own record


def test_s6_blind_cards_come_once_the_hand_is_empty_and_one_that_does_not_fit_takes_the_pile() -> None:
    rnd = dealt(hands=["4h 5h 9c", "4s 6s 2s"], down=["3c 5c Qc", "Ad Kd Qd"])
    with pytest.raises(RuleError, match="play your hand first"):
        rnd.play(PlayBlind(0))
    rnd.hands[0], rnd._stock = [parse_card("9c")], []  # the deck spent, one card left in the hand
    rnd.play(Play(parse_card("9c")))
    rnd.play(PickUp())  # seat 1 has nothing as high as the 9
    assert rnd.turn == 0 and rnd.hands[0] == [] and rnd.legal_moves() == [PlayBlind(0), PlayBlind(1), PlayBlind(2)]
    assert rnd.play(PlayBlind(0)) == PlayedBlind(0, 0, parse_card("3c"), True, False)  # a 3 on an empty pile fits
    rnd.play(Play(parse_card("9c")))
    before = rnd.zones()
    with pytest.raises(RuleError, match="no face-down card in slot 0"):
        rnd.play(PlayBlind(0))
    assert rnd.zones() == before
    record = rnd.play(PlayBlind(1))  # a 5 on a 9 does not fit: it and the pile go into the hand
    assert record == PlayedBlind(0, 1, parse_card("5c"), False, False) and record.to_dict()["played"] is False
    assert sorted(map(str, rnd.hands[0])) == ["3c", "5c", "9c"] and rnd.pile == []
    assert rnd.view(1).hand_counts[0] == 3 and parse_card("5c") not in rnd.view(1).hand


def test_s7_the_first_with_no_cards_ends_the_round_and_each_seat_scores_the_cards_it_holds() -> None:
    rnd = dealt(hands=["4h 5h 9c", "4s 6s 2s"], down=["3c Kc Qc", "Ad Kd Qd"])
    rnd.hands[0], rnd.down[0], rnd._stock = [parse_card("9c")], [None, None, None], []
    rnd.play(Play(parse_card("9c")))
    assert rnd.over and rnd.history[-1] == Finished(0, "out") and rnd.scores() == (0, 6)
    with pytest.raises(RuleError, match="the round is over"):
        rnd.play(PickUp())


def test_a_game_is_three_rounds_the_dealer_moving_and_the_fewest_cards_winning() -> None:
    game = FAMILY.new_game(RULES, 3, 4, None)
    assert isinstance(game, RoundsGame)
    while not game.over:
        if game.round.over:
            game.next_round()
        else:
            game.play(game.legal_moves()[0])
    assert [rnd.dealer for rnd in game.rounds] == [0, 1, 2] and RULES.fields.to_dict() == {"rounds": 3}
    assert game.winners == tuple(p for p in range(3) if game.totals[p] == min(game.totals))
