"""The picture-card game's rules, one named test per rule of docs/rules.md#picture-cards (PC1-PC19)
and per picture ruling (1-10), with the text's own examples; what a player would see: the cards
on the table, the points, the words of a refusal in both languages."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from upto9.cards import Card, full_deck, parse_card, parse_hand
from upto9.families.picture_cards.bot import BestStopBot, StopAfterBot
from upto9.families.picture_cards.family import FAMILY, read_card
from upto9.families.picture_cards.game import (
    Draw,
    Keep,
    Lose,
    PictureRound,
    Place,
    Shift,
    Stage,
    Stay,
    Stop,
    card_score,
    standing,
)
from upto9.messages import render
from upto9.rules import Rules, RulesError, load_rules, rules_from_dict
from upto9.turns import RuleError

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def rules_with(**changes: Any) -> Rules:
    """The standard rule set, the first seat starting (so a test knows who draws), and ``changes``."""
    return rules_from_dict({**FAMILY.rules.to_dict(), "first_player": "seat_0", **changes}, "test.toml")


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def deal(pictures: str, numbers: str, players: int = 2, **changes: Any) -> PictureRound:
    """A round whose picture cards come in the order ``pictures`` (dealt one at a time from seat 0)
    and whose number pile starts with ``numbers`` (top first); the rest of the deck follows."""
    first, top = cards(pictures), cards(numbers)
    rest = [c for c in full_deck() if c not in first and c not in top]
    return PictureRound(rules_with(**changes), players, 0, [*first, *top, *rest])


TWO = "Ks Kd Qc Qs Jd Jc Kc Js Qd"  # seat 0: K♠ Q♣ J♦ K♣; seat 1: K♦ Q♠ J♣ J♠; Q♦ left over


def stack(rnd: PictureRound, top: str) -> None:
    """Put ``top`` (top card first) on top of the number pile, as if it had been shuffled so."""
    wanted = cards(top)
    rnd.pile = [c for c in rnd.pile if c not in wanted] + wanted[::-1]
    rnd._sorted_pile, rnd._views, rnd._legal = None, {}, None


def refused(rnd: PictureRound, move: object) -> tuple[str, str]:
    before = (rnd.zones(), rnd.turn, rnd.stage, [r.to_dict() for r in rnd.history])
    with pytest.raises(RuleError) as error:
        rnd.play(move)
    assert (rnd.zones(), rnd.turn, rnd.stage, [r.to_dict() for r in rnd.history]) == before
    assert error.value.msg is not None
    return render(error.value.msg, "en"), render(error.value.msg, "nb")


# --- the stated rules -----------------------------------------------------------------------------


def test_pc1_two_players_take_one_whole_suit_out_and_three_play_with_all_four() -> None:
    two = deal(TWO, "")
    assert {c.suit.value for c in two.removed} == {"h"} and len(two.removed) == 13
    assert all(c.suit.value != "h" for zone, found in two.zones().items() if zone != "removed" for c in found)
    assert len(two.pile) == 30
    three = PictureRound(rules_with(), 3, 0, full_deck())
    assert not three.removed and len(three.pile) == 40
    keep_all = deal(TWO, "", removed_suit="none", deal_two=6)
    assert not keep_all.removed and len(keep_all.pile) == 40


def test_pc2_the_deck_splits_into_picture_cards_and_number_cards() -> None:
    rnd = PictureRound(rules_with(), 3, 0, full_deck())
    zones = rnd.zones()
    pictures = [c for z in ("hand.0", "hand.1", "hand.2", "unused") for c in zones[z]]
    assert sorted(c.rank for c in pictures) == sorted([11, 12, 13] * 4)
    assert all(1 <= c.rank <= 10 for c in zones["pile"]) and len(zones["pile"]) == 40


def test_pc3_the_texts_deal_cannot_be_dealt_and_is_refused_in_words() -> None:
    text_deal = {**FAMILY.rules.to_dict(), "deal_two": 6, "deal_three": 5}
    with pytest.raises(RulesError) as error:
        rules_from_dict(text_deal, "text.toml")
    assert (
        str(error.value) == "text.toml: rules: deal_two: the deal cannot be dealt: 2 players dealt 6 picture cards each need 12, but the picture pile holds 9"
    )
    assert "bunken med bildekort har 9" in render(error.value.msg, "nb")
    with pytest.raises(RulesError, match="3 players dealt 5 picture cards each need 15, but the picture pile holds 12"):
        rules_from_dict({**text_deal, "deal_two": 4}, "text.toml")
    # The readings that can be dealt: two players keeping all four suits (deal 6, keep 4), two decks' picture cards.
    four_suits = rules_with(removed_suit="none", deal_two=6)
    rnd = deal("Ks Kd Qc Qs Jd Jc Kc Js Qd Kh Qh Jh", "", **{"removed_suit": "none", "deal_two": 6})
    assert rnd.stage is Stage.KEEP and [len(rnd.zones()[f"hand.{p}"]) for p in (0, 1)] == [6, 6]
    keep = next(m for m in rnd.legal_moves() if isinstance(m, Keep))
    rnd.play(keep)
    assert len(rnd.zones()["hand.0"]) == 4 and len(rnd.zones()["out"]) == 2 and rnd.turn == 1
    assert four_suits.fields.deal(2) == 6
    two_decks = rules_with(picture_decks=2, deal_three=6)
    assert len(two_decks.one_deck()) == 64


def test_pc3_the_picture_cards_kept_lie_face_up_for_everyone() -> None:
    rnd = deal(TWO, "")
    assert rnd.stage is Stage.DRAW  # four dealt, four kept: nothing to discard (picture ruling 1)
    for p in (0, 1):
        assert {"hand.0", "hand.1"} <= rnd.visible(p)
        assert rnd.view(p).pictures == (tuple(cards("Ks Qc Jd Kc")), tuple(cards("Kd Qs Jc Js")))


def test_pc3_a_keep_must_name_cards_held_and_the_right_number() -> None:
    rnd = deal("Ks Kd Qc Qs Jd Jc Kc Js Qd Kh Qh Jh", "", removed_suit="none", deal_two=6)
    en, nb = refused(rnd, Keep(tuple(cards("Ks Qc Jd"))))
    assert en == "keep exactly 4 picture cards" and nb == "behold nøyaktig 4 bildekort"
    en, _ = refused(rnd, Keep(tuple(cards("Ks Qc Jd Kd"))))
    assert en == "you do not hold K♦"  # seat 1's
    en, _ = refused(rnd, Draw())
    assert en == "first choose the picture cards to keep"


def test_pc4_a_deal_that_leaves_anyone_fewer_than_three_suits_is_dealt_again() -> None:
    # Seat 0 would get K♠ Q♠ J♠ K♣: two suits. The picture cards are dealt again.
    rnd = deal("Ks Kd Qs Qc Js Jc Kc Jd Qd", "")
    assert rnd.redeals >= 1
    for p in (0, 1):
        assert len({c.suit for c in rnd.zones()[f"hand.{p}"]}) >= 3
    assert Counter(rnd.deck_order) == Counter(full_deck())
    ok = deal(TWO, "")
    assert ok.redeals == 0


def test_pc5_the_goal_is_the_most_suits_and_a_suit_goes_to_the_most_points() -> None:
    rules = rules_with()
    suits = deal(TWO, "").suits
    pictures = [cards("Ks Qc Jd"), cards("Kd Qs Jc")]
    placed = [[cards("9s"), [], cards("10d 9d")], [[], cards("8s"), []]]
    s = standing(pictures, placed, suits, rules)
    # Spades 29 to 18, diamonds 19 to 20, clubs 10 to 0.
    assert s.points == ((29, 18), (19, 20), (10, 0)) and s.suit_winners == (0, 1, 0) and s.won == (2, 1) and s.winners == (0,)


def test_pc6_a_turn_draws_one_card_at_a_time_and_stops_whenever_the_player_likes() -> None:
    rnd = deal(TWO, "5s 6s 7s 8s")
    assert rnd.legal_moves() == [Draw()]  # a turn draws at least one card
    en, nb = refused(rnd, Stop())
    assert en == "draw at least one card before you stop" and nb == "trekk minst ett kort før du gir deg"
    rnd.play(Draw())
    assert rnd.zones()["drawn"] == (parse_card("5s"),) and rnd.legal_moves() == [Draw(), Stop()]
    rnd.play(Draw())
    rnd.play(Stop())
    assert rnd.stage is Stage.PLACE and rnd.turn == 0


def test_pc7_every_card_drawn_is_placed_where_the_player_likes_and_never_moves_again() -> None:
    rnd = deal(TWO, "5s 6d 7s 8s")
    rnd.play(Draw())
    rnd.play(Draw())
    rnd.play(Stop())
    assert set(rnd.legal_moves()) == {Place(c, s) for c in cards("5s 6d") for s in range(4)}
    en, _ = refused(rnd, Draw())
    assert en == "first place the cards drawn this turn on your picture cards"
    en, _ = refused(rnd, Place(parse_card("7s"), 0))
    assert en == "7♠ is not among the cards you drew this turn"
    rnd.play(Place(parse_card("6d"), 0))  # on K♠: allowed, though it scores nothing there
    rnd.play(Place(parse_card("5s"), 3))
    assert rnd.placed[0] == [cards("6d"), [], [], cards("5s")] and rnd.turn == 1 and rnd.stage is Stage.DRAW
    assert not any(isinstance(m, Shift) for m in rnd.legal_moves())  # fewer than five cards: nothing moves


def test_pc8_five_cards_in_one_turn_let_one_placed_card_move_once() -> None:
    rnd = deal(TWO, "4s 5s 6s 7s 8s 9s")
    for _ in range(5):
        rnd.play(Draw())
    rnd.play(Stop())
    for card in cards("4s 5s 6s 7s 8s"):
        rnd.play(Place(card, 1))  # all on Q♣
    assert rnd.stage is Stage.SHIFT and rnd.turn == 0
    assert Shift(parse_card("8s"), 1, 0) in rnd.legal_moves() and Stay() in rnd.legal_moves()
    en, _ = refused(rnd, Shift(parse_card("8s"), 1, 1))
    assert en == "move the card to another picture card"
    rnd.play(Shift(parse_card("8s"), 1, 0))
    assert rnd.placed[0][0] == cards("8s") and rnd.turn == 1 and rnd.stage is Stage.DRAW
    four = deal(TWO, "4s 5s 6s 7s 8s")
    for _ in range(4):
        four.play(Draw())
    four.play(Stop())
    for card in cards("4s 5s 6s 7s"):
        four.play(Place(card, 1))
    assert four.turn == 1  # four cards: no move
    off = deal(TWO, "4s 5s 6s 7s 8s 9s", move_after=0)
    for _ in range(5):
        off.play(Draw())
    off.play(Stop())
    for card in cards("4s 5s 6s 7s 8s"):
        off.play(Place(card, 1))
    assert off.turn == 1


def test_pc9_a_2_or_3_ends_the_turn_the_cards_drawn_go_back_and_it_is_laid_aside_face_up() -> None:
    rnd = deal(TWO, "5s 6s 2d 7s")
    before = Counter(rnd.zones()["pile"])
    rnd.play(Draw())
    rnd.play(Draw())
    rnd.play(Draw())
    assert rnd.zones()["aside"] == (parse_card("2d"),) and not rnd.zones()["drawn"]
    assert Counter(rnd.zones()["pile"]) == before - Counter(cards("2d"))
    assert rnd.turn == 1 and not any(rnd.placed[0])
    assert "aside" in rnd.visible(1) and rnd.view(1).aside == (parse_card("2d"),)


def test_pc10_an_ace_takes_a_picture_card_of_the_players_choice_with_its_cards_and_both_leave_the_game() -> None:
    rnd = deal(TWO, "5s 6s 7s Ad 9s")
    rnd.play(Draw())
    rnd.play(Stop())
    rnd.play(Place(parse_card("5s"), 0))  # on K♠
    rnd.play(Draw())  # seat 1
    rnd.play(Stop())
    rnd.play(Place(parse_card("6s"), 1))
    rnd.play(Draw())  # seat 0: 7♠
    rnd.play(Draw())  # the ace
    assert rnd.stage is Stage.LOSE and rnd.legal_moves() == [Lose(0), Lose(1), Lose(2), Lose(3)]
    en, nb = refused(rnd, Stop())
    assert en == "the ace takes one of your picture cards: choose which" and nb == "esset tar ett av bildekortene dine: velg hvilket"
    pile = Counter(rnd.zones()["pile"])
    rnd.play(Lose(0))
    assert rnd.pictures[0] == [None, *cards("Qc Jd Kc")] and Counter(rnd.zones()["out"]) == Counter(cards("Ks Ad"))
    assert Counter(rnd.zones()["pile"]) == pile + Counter(cards("5s 7s"))
    assert rnd.turn == 1 and rnd.aces == [1, 0]
    rnd.play(Draw())
    rnd.play(Stop())
    slots = {m.slot for m in rnd.legal_moves() if isinstance(m, Place)}
    assert slots == {0, 1, 2, 3}  # seat 1 keeps all four


def test_pc11_a_first_card_that_is_an_ace_2_or_3_is_shuffled_back() -> None:
    rnd = deal(TWO, "2s Ad 3c 5s")
    record = rnd.play(Draw())
    assert record.to_dict()["back"][:1] == ["2s"] and record.to_dict()["card"] not in ("2s", "Ad", "3c")
    assert not rnd.zones()["aside"] and not rnd.zones()["out"] and rnd.turn == 0  # the turn goes on, nothing lost
    assert rnd.legal_moves() == [Draw(), Stop()]
    assert Counter(rnd.zones()["pile"]) + Counter(rnd.zones()["drawn"]) == Counter(c for c in full_deck() if c.rank <= 10 and c.suit.value != "h")
    off = deal(TWO, "2s 5s", first_card_back=False)
    off.play(Draw())
    assert off.zones()["aside"] == (parse_card("2s"),) and off.turn == 1


def test_pc12_a_king_scores_20_and_the_cards_of_its_suit_as_in_the_text() -> None:
    rules = FAMILY.rules
    assert card_score(parse_card("Kh"), cards("5h 7d"), rules) == 25
    assert card_score(parse_card("Ks"), [], rules) == 20


def test_pc13_a_queen_scores_10_its_suit_and_every_number_that_occurs_twice_as_in_the_text() -> None:
    rules = FAMILY.rules
    assert card_score(parse_card("Qc"), cards("5s 5h 7d"), rules) == 20
    assert card_score(parse_card("Qc"), cards("5c 5h"), rules) == 20  # the five of clubs counts once
    assert card_score(parse_card("Qc"), cards("9c 7d"), rules) == 19


def test_pc14_a_jack_scores_every_card_on_it_as_in_the_text() -> None:
    assert card_score(parse_card("Jh"), cards("10d 7s"), FAMILY.rules) == 17


def test_pc15_two_picture_cards_of_one_suit_count_only_the_better_never_added() -> None:
    suits = deal(TWO, "").suits
    pictures = [cards("Kc Jc Qs Jd"), cards("Kd Qd Js Qc")]
    placed = [[[], cards("10d 9d 8d"), [], []], [[], [], [], []]]
    s = standing(pictures, placed, suits, rules_with())
    assert s.points[suits.index(parse_card("Kc").suit)] == (27, 10)  # J♣ 27 beats K♣ 20; not 47


def test_pc16_two_players_the_more_suits_wins_per_and_lise() -> None:
    # The text's example: spades 45 to 32, clubs 23 to 33, diamonds 31 to 35: Lise wins clubs and diamonds, and the game.
    per = (cards("Ks Jc Kd"), [cards("10s 9s 6s"), cards("10c 9c 4c"), cards("5d 6d")])
    lise = (cards("Qs Qc Jd"), [cards("8s 7s 7d"), cards("8c 7c 8d"), cards("10d 9d 6c 5c 5s")])
    suits = deal(TWO, "").suits
    s = standing([per[0], lise[0]], [per[1], lise[1]], suits, rules_with())
    by_suit = {str(suit): (s.points[i], s.suit_winners[i]) for i, suit in enumerate(suits)}
    assert by_suit == {"s": ((45, 32), 0), "c": ((23, 33), 1), "d": ((31, 35), 1)}
    assert s.won == (1, 2) and s.winners == (1,) and not s.draw


def test_pc17_three_players_two_suits_win_and_2_2_0_goes_to_the_higher_points_in_them() -> None:
    rules = rules_with()
    suits = PictureRound(rules, 3, 0, full_deck()).suits  # all four
    # 2-1-1: seat 0 wins spades and hearts.
    s = standing([cards("Ks Kh"), cards("Kd"), cards("Kc")], [[[], []], [[]], [[]]], suits, rules)
    assert s.won == (2, 1, 1) and s.winners == (0,)
    # 2-2-0: seat 0 wins spades (30) and hearts (20), seat 1 diamonds (20) and clubs (20): 50 to 40.
    s = standing([cards("Ks Kh"), cards("Kd Kc"), cards("Js")], [[cards("10s"), []], [[], []], [cards("9s")]], suits, rules)
    assert s.won == (2, 2, 0) and s.won_points == (50, 40, 0) and s.winners == (0,) and s.places() == (0, 1, 2)


def test_pc18_the_game_ends_when_the_aces_are_gone_and_three_2s_or_3s_are_left() -> None:
    rnd = deal(TWO, "")
    rnd.pile = cards("3c 2d 2s 5s")  # as if the game had used the rest: no ace, three 2s and 3s, 5♠ on top
    stack(rnd, "5s")
    rnd.play(Draw())
    rnd.play(Stop())
    rnd.play(Place(parse_card("5s"), 0))
    assert rnd.over and rnd.end is not None and rnd.end["reason"] == "aces_gone"
    assert rnd.history[-1].to_dict() == {"type": "end", "reason": "aces_gone"}
    more = deal(TWO, "")
    more.pile = cards("3c 3d 2d 2s 5s")  # four 2s and 3s: the game goes on
    stack(more, "5s")
    more.play(Draw())
    more.play(Stop())
    more.play(Place(parse_card("5s"), 0))
    assert not more.over and more.turn == 1


def test_pc19_with_two_players_drawing_ones_third_ace_ends_the_game() -> None:
    rnd = deal(TWO, "")
    for turn in range(3):
        stack(rnd, "5s Ad" if turn == 0 else f"{5 + turn}s {('Ac', 'As')[turn - 1]}")
        rnd.play(Draw())  # seat 0: a safe card, then an ace, which takes a picture card
        rnd.play(Draw())
        rnd.play(Lose(turn))
        if turn < 2:
            assert not rnd.over and rnd.turn == 1
            stack(rnd, f"{8 + turn}d")
            rnd.play(Draw())  # seat 1: one safe card, placed
            rnd.play(Stop())
            rnd.play(Place(parse_card(f"{8 + turn}d"), 0))
    assert rnd.over and rnd.aces == [3, 0] and rnd.end is not None and rnd.end["reason"] == "third_ace"
    assert rnd.end["winners"] == [1]
    three = PictureRound(rules_with(), 3, 0, full_deck())
    three.aces = [2, 0, 0]
    stack(three, "5s Ad")
    three.play(Draw())
    three.play(Draw())
    three.play(Lose(0))
    assert not three.over  # three players: a third ace ends nothing


# --- the picture rulings ---------------------------------------------------------------------------


def test_picture_ruling_01_everyone_gets_four_picture_cards_and_the_rest_leaves_unseen() -> None:
    two = deal(TWO, "")
    assert [len(two.zones()[f"hand.{p}"]) for p in (0, 1)] == [4, 4] and two.zones()["unused"] == (parse_card("Qd"),)
    assert all("unused" not in two.visible(p) for p in (0, 1))
    assert "deal_two" in FAMILY.rules.reconstructed and "deal_three" in FAMILY.rules.reconstructed
    three = PictureRound(rules_with(), 3, 0, full_deck())
    assert [len(three.zones()[f"hand.{p}"]) for p in range(3)] == [4, 4, 4] and not three.unused


def test_picture_ruling_02_a_seeded_random_player_starts_and_turns_go_clockwise() -> None:
    firsts = {FAMILY.new_game(FAMILY.rules, 3, seed, None).round.turn for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert FAMILY.new_game(FAMILY.rules, 3, 5, None).round.turn == FAMILY.new_game(FAMILY.rules, 3, 5, None).round.turn
    rnd = PictureRound(rules_with(), 3, 0, [*cards("Ks Kh Kd Qs Qh Qd Js Jh Jd Kc Qc Jc"), *(c for c in full_deck() if c.rank <= 10)])
    seen = []
    for _ in range(3):
        seen.append(rnd.turn)
        rnd.play(Draw())
        rnd.play(Stop())
        rnd.play(next(m for m in rnd.legal_moves() if isinstance(m, Place)))
    assert seen == [0, 1, 2] and rnd.turn == 0


def test_picture_ruling_03_the_player_chooses_the_picture_card_the_ace_takes() -> None:
    for slot in range(4):
        rnd = deal(TWO, "5s Ad")
        rnd.play(Draw())
        rnd.play(Draw())
        rnd.play(Lose(slot))
        assert rnd.pictures[0][slot] is None and sum(c is None for c in rnd.pictures[0]) == 1


def test_picture_ruling_04_every_card_of_a_safe_stop_is_placed_and_the_move_follows_the_placing() -> None:
    rnd = deal(TWO, "4s 5s 6s 7s 8s 2d")
    for _ in range(5):
        rnd.play(Draw())
    rnd.play(Stop())
    assert rnd.stage is Stage.PLACE and not any(isinstance(m, Stop | Shift | Stay) for m in rnd.legal_moves())
    for card in cards("4s 5s 6s 7s"):
        rnd.play(Place(card, 0))
        assert rnd.stage is Stage.PLACE
    rnd.play(Place(parse_card("8s"), 0))
    assert rnd.stage is Stage.SHIFT
    rnd.play(Stay())
    # A turn that ends on a 2 after five cards places nothing and moves nothing.
    rnd.play(Draw())
    assert rnd.turn == 1 or rnd.stage is Stage.DRAW


def test_picture_ruling_05_number_cards_count_at_face_value_and_an_ace_2_or_3_is_never_placed() -> None:
    assert card_score(parse_card("Js"), cards("4s 10d"), FAMILY.rules) == 14
    rnd = deal(TWO, "Ad 5s", first_card_back=False)
    rnd.play(Draw())
    assert rnd.stage is Stage.LOSE and not any(isinstance(m, Place) for m in rnd.legal_moves())


def test_picture_ruling_06_a_first_card_shuffled_back_into_a_pile_of_only_aces_2s_and_3s_ends_the_game() -> None:
    rnd = deal(TWO, "")
    rnd.pile = cards("As 2s 3d 2c 3s")  # no safe card left
    stack(rnd, "As")
    record = rnd.play(Draw())
    assert record.to_dict()["card"] is None and len(record.to_dict()["back"]) == 1
    assert rnd.over and rnd.end is not None and rnd.end["reason"] == "only_low"
    assert Counter(rnd.zones()["pile"]) == Counter(cards("As 2s 3d 2c 3s"))


def test_picture_ruling_07_the_end_is_checked_after_a_turn_and_an_empty_pile_ends_the_game() -> None:
    rnd = deal(TWO, "")
    rnd.pile = cards("6s 5s")
    stack(rnd, "5s 6s")
    rnd.play(Draw())
    rnd.play(Draw())
    assert rnd.stage is Stage.PLACE  # nothing left to draw: the cards are placed
    en, _ = refused(rnd, Draw())
    assert en == "first place the cards drawn this turn on your picture cards"
    rnd.play(Place(parse_card("5s"), 0))
    assert not rnd.over
    rnd.play(Place(parse_card("6s"), 0))
    assert rnd.over and rnd.end is not None and rnd.end["reason"] == "pile_empty"


def test_picture_ruling_08_a_player_with_no_picture_card_takes_no_more_turns() -> None:
    rnd = PictureRound(rules_with(), 3, 0, full_deck())
    rnd.out.extend(c for c in rnd.pictures[0][1:] if c is not None)  # seat 0 is down to one picture card
    rnd.pictures[0] = [rnd.pictures[0][0], None, None, None]
    rnd._table = None
    stack(rnd, "5s Ad")
    rnd.play(Draw())
    rnd.play(Draw())
    rnd.play(Lose(0))
    assert rnd.pictures[0] == [None] * 4 and rnd.turn == 1 and not rnd.over
    for expected in (1, 2, 1, 2):
        assert rnd.turn == expected
        stack(rnd, "9c")
        rnd.play(Draw())
        rnd.play(Stop())
        rnd.play(Place(parse_card("9c"), 0))
        rnd.pile.append(rnd.placed[expected][0].pop())  # the 9♣ back on the pile for the next turn
        rnd._table, rnd._sorted_pile, rnd._views, rnd._legal = None, None, {}, None


def test_picture_ruling_09_a_tie_in_a_suit_wins_it_for_nobody_and_a_level_game_is_a_draw() -> None:
    rules = rules_with()
    suits = deal(TWO, "").suits
    s = standing([cards("Ks Qd"), cards("Kd Qs")], [[[], []], [[], []]], suits, rules)
    assert s.suit_winners == (0, 1, None) and s.won == (1, 1) and s.winners == (0, 1) and s.draw and s.places() == (0, 0)
    # Level on suits, not on points in them: the higher points win.
    s = standing([cards("Ks Qd"), cards("Kd Qs")], [[cards("10s"), []], [[], []]], suits, rules)
    assert s.winners == (0,) and not s.draw


def test_picture_ruling_10_nothing_is_hidden_but_the_order_of_the_number_pile() -> None:
    rnd = deal(TWO, "9s 5s 2d")
    rnd.play(Draw())
    view = rnd.view(1)
    assert view.drawn == (parse_card("9s"),) and view.pictures[0] == tuple(cards("Ks Qc Jd Kc"))
    assert Counter(view.pile) == Counter(rnd.zones()["pile"]) and list(view.pile) == sorted(view.pile, key=lambda c: c.key)
    assert view.removed == tuple(rnd.removed) and rnd.visible(1) == frozenset(rnd.zones()) - {"unused"}
    # Two deals whose piles differ only in order give every seat the same view.
    other = deal(TWO, "9s 2d 5s")
    other.play(Draw())
    assert other.view(1) == view


# --- reading and bad input ---------------------------------------------------------------------------


def test_cards_are_typed_in_english_or_norwegian_and_records_write_english() -> None:
    assert [read_card(t) for t in ("Dk", "Qc", "Knr", "Jd", "E♠", "10h")] == cards("Qc Qc Jd Jd As 10h")
    assert parse_hand("Dk Knr Kh", FAMILY.rules) == tuple(cards("Qc Jd Kh"))
    assert str(read_card("Dk")) == "Qc"


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("deal_two", 0, "deal_two: must be a whole number from 1 to 12, got 0"),
        ("king_base", 101, "king_base: must be a whole number from 0 to 100, got 101"),
        ("removed_suit", "x", "removed_suit: must be one of 'h', 's', 'd', 'c', 'none', got 'x'"),
        ("min_suits", 4, "min_suits: 2 players cannot each hold 4 suits: at most 3 can be held"),
        ("max_players", 4, "max_players: the picture-card game is for 2 or 3 players, not up to 4"),
        ("hand_size", 5, "hand_size: 2 players are dealt 4 picture cards each and cannot keep 5"),
    ],
)
def test_an_out_of_range_value_is_refused_naming_the_field_in_both_languages(field: str, value: object, words: str) -> None:
    with pytest.raises(RulesError) as error:
        rules_from_dict({**FAMILY.rules.to_dict(), field: value}, "house.toml")
    assert str(error.value).endswith(words), str(error.value)
    nb = render(error.value.msg, "nb")
    assert field in nb and nb != str(error.value)


def test_a_house_rule_file_builds_on_the_built_in_rule_set(tmp_path: Path) -> None:
    path = tmp_path / "four_suits.toml"
    path.write_text(
        'base = "picture_cards"\nkey = "four_suits"\nname = "Four suits"\nremoved_suit = "none"\ndeal_two = 6\nhouse_rules = ["removed_suit", "deal_two"]\n',
        encoding="utf-8",
    )
    rules = load_rules(path)
    assert rules.family == "picture_cards" and rules.fields.deal(2) == 6
    game = FAMILY.new_game(rules, 2, 3, None)
    assert game.round.stage is Stage.KEEP


def test_the_rules_section_numbers_every_rule_and_ruling_once_and_cites_its_tests() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    body = text.split("\n## Picture cards\n", 1)[1].split("\n## ", 1)[0]
    items = re.findall(r"^\*\*(PC\d+|Picture ruling \d+)\. [^*]+\*\*(.*?)(?=^\*\*|\Z)", body, flags=re.M | re.S)
    labels = [label for label, _ in items]
    assert [int(label[2:]) for label in labels if label.startswith("PC")] == list(range(1, 20))
    assert [int(label.split()[-1]) for label in labels if label.startswith("Picture")] == list(range(1, 11))
    here = Path(__file__).read_text(encoding="utf-8")
    for label, part in items:
        named = re.findall(r"\[`(test_[a-z0-9_]+)`\]\(\.\./tests/test_picture_cards\.py\)", part)
        assert "*Checked by:*" in part and named, label
        assert all(f"def {name}(" in here for name in named), label
        prefix = f"test_pc{label[2:]}_" if label.startswith("PC") else f"test_picture_ruling_{int(label.split()[-1]):02d}_"
        own = set(re.findall(rf"^def ({prefix}[a-z0-9_]+)\(", here, flags=re.M))
        assert own and own <= set(named), label


def test_the_bots_play_whole_games_and_the_best_stopper_beats_stopping_after_five_cards() -> None:
    from upto9.simulate import play_game

    wins = 0
    for seed in range(60):
        bots = [BestStopBot, lambda s: StopAfterBot(s, k=5)] if seed % 2 == 0 else [lambda s: StopAfterBot(s, k=5), BestStopBot]
        game = play_game(players=2, rules=FAMILY.rules, bots=bots, seed=seed, any_family=True)
        best = 0 if seed % 2 == 0 else 1
        wins += game.winners == (best,)
    assert wins >= 33
