"""The picture-card game's coach (upto9/families/picture_cards/coach.py): its chance that the next
card ends the turn and its expected gain of one more draw against the engine playing every card
the next one can be; its move always legal, for every decision a seat faces; worked out from the
view alone; the same answer for the same seed; the coach bot playing as ``BestStopBot``; and what
a learner reads, in English and Norwegian."""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_picture_cards import TWO, cards, deal, rules_with, stack
from upto9.cards import Card
from upto9.families.picture_cards.bot import BestStopBot, StopAfterBot, best_advice, worth
from upto9.families.picture_cards.coach import CoachBot, coach, one_more
from upto9.families.picture_cards.family import FAMILY, PictureFamily
from upto9.families.picture_cards.game import Draw, Keep, Lose, PictureRound, PictureView, Place, Shift, Stage, Stay, Stop, legal_moves
from upto9.family import CoachedFamily, Coaching
from upto9.messages import LANGUAGES, Message, render


def fact(said: Coaching, key: str) -> Message:
    found = [m for m in said.facts if m.key == f"picture_cards.coach.fact.{key}"]
    assert len(found) == 1, [m.key for m in said.facts]
    return found[0]


def texts(said: Coaching, lang: str) -> list[str]:
    return [render(said.reason, lang), *(render(line, lang) for _, line in said.options), *(render(m, lang) for m in said.facts)]


def small(numbers: str, players: int = 2) -> PictureRound:
    """A round of the picture cards ``TWO`` and only the number cards ``numbers`` (top first): a
    pile small enough to count by hand."""
    return PictureRound(rules_with(), players, 0, [*cards(TWO), *cards(numbers)])


def play_out(rnd: PictureRound, seat: int) -> float:
    """The engine plays the seat's turn to its end by the coach's moves; the seat's ``worth`` then."""
    while not rnd.over and rnd.turn == seat and rnd.stage is not Stage.DRAW:
        rnd.play(coach(rnd.view(seat)).move)
    return worth(rnd.view(seat))


def outcome(rnd: PictureRound, top: Card | None) -> tuple[bool, float]:
    """On a copy: ``top`` drawn next (``None``: stop now), then the turn played out. Did the card
    end the turn, and the seat's worth after."""
    rnd = copy.deepcopy(rnd)
    seat = rnd.turn
    if top is None:
        rnd.play(Stop())
        return False, play_out(rnd, seat)
    stack(rnd, str(top))
    rnd.play(Draw())
    ended = rnd.turn != seat or rnd.stage is not Stage.DRAW
    if rnd.turn == seat and rnd.stage is Stage.DRAW:
        rnd.play(Stop())
    return ended, play_out(rnd, seat)


# --- the shape ---------------------------------------------------------------------------------------


def test_the_family_offers_the_coach_and_its_bot() -> None:
    assert isinstance(FAMILY, CoachedFamily) and isinstance(FAMILY, PictureFamily)
    assert FAMILY.bots()["coach"] is CoachBot and next(iter(FAMILY.bots())) == "stop_after_3"  # the default stays first
    assert list(inspect.signature(coach).parameters) == ["view", "seed"]  # the view and a seed: nothing else to read
    rnd = deal(TWO, "5s 9d")
    assert FAMILY.coach(rnd.view(0)) == coach(rnd.view(0))


# --- the chance and the gain, against the engine --------------------------------------------------------


@pytest.mark.parametrize(
    ("numbers", "draws"),
    [
        ("5s 9d 6c As 2d 3c 7d 8s", 2),  # a pile of 6 left: 6♣ A♠ 2♦ 3♣ 7♦ 8♠
        ("4c 10s 7s Ad Ac 3s 5d", 1),  # two aces among 6
        ("6s 7c 8d 2s", 3),  # the last card a 2
        ("9s 10d 2c 3d 4s 5c", 2),  # no ace: a loss is the cards held
    ],
)
def test_the_chance_and_the_gain_of_one_more_draw_are_what_the_engine_gives(numbers: str, draws: int) -> None:
    rnd = small(numbers)
    for _ in range(draws):
        rnd.play(Draw())
    assert rnd.turn == 0 and rnd.stage is Stage.DRAW and len(rnd.drawn) == draws
    said = coach(rnd.view(0))
    pile = list(rnd.pile)  # every card is as likely as any other to be on top
    results = [outcome(rnd, c) for c in pile]
    ends = sum(ended for ended, _ in results)
    chance = fact(said, "chance")
    assert (chance.param("ends"), chance.param("pile")) == (ends, len(pile))
    assert chance.param("percent") == round(100 * ends / len(pile), 1)
    _, stop_now = outcome(rnd, None)
    expected = sum(value for _, value in results) / len(pile) - stop_now
    assert one_more(best_advice(rnd.view(0))) == pytest.approx(expected)
    assert fact(said, "one_more").param("gain") == pytest.approx(round(expected, 1))
    assert fact(said, "one_more").param("n") == len(pile)
    assert "Exact" in render(chance) and "Eksakt" in render(chance, "nb")


def test_the_first_card_cannot_end_the_turn_and_its_gain_averages_the_safe_cards() -> None:
    rnd = small("5s 9d 6c As 2d 3c 7d 8s")
    said = coach(rnd.view(0))
    assert said.move == Draw() and [m for m, _ in said.options] == [Draw()]  # PC6: no stop before a card
    assert render(fact(said, "first_safe")).endswith("The chance is exactly 0.")
    pile = list(rnd.pile)
    for c in pile:
        assert not outcome(rnd, c)[0]  # an ace, 2 or 3 on top goes back (PC11): nothing ends the turn
    safe = [c for c in pile if c.rank > 3]
    expected = sum(outcome(rnd, c)[1] for c in safe) / len(safe) - worth(rnd.view(0))
    gain = fact(said, "one_more")
    assert gain.param("n") == len(safe) and gain.param("gain") == pytest.approx(round(expected, 1))


def test_in_a_full_pile_the_chance_is_the_count_of_aces_2s_and_3s() -> None:
    rnd = deal(TWO, "5s 9d")
    rnd.play(Draw())
    said = coach(rnd.view(0))
    chance = fact(said, "chance")
    assert (chance.param("ends"), chance.param("pile"), chance.param("aces"), chance.param("busts")) == (9, 29, 3, 6)  # one suit out
    assert render(chance) == (
        "Chance that the next card ends your turn: 9 of the 29 cards in the number pile are an ace, 2 or 3 (aces: 3, 2s and 3s: 6): 31%. "
        "Exact: counted from the pile's make-up, which everyone sees."
    )
    assert "31 %" in render(chance, "nb")
    assert sum(outcome(rnd, c)[0] for c in rnd.pile) == 9


# --- every decision, worded ----------------------------------------------------------------------------


def test_an_ace_lets_the_learner_choose_and_the_coach_names_the_cheapest_picture_card() -> None:
    rnd = deal(TWO, "9s 5c 7d")  # seat 0: K♠ Q♣ J♦ K♣
    for _ in range(3):
        rnd.play(Draw())
    rnd.play(Stop())
    while rnd.stage is Stage.PLACE:
        rnd.play(coach(rnd.view(0)).move)
    assert rnd.turn == 1
    rnd.play(Draw())
    rnd.play(Stop())
    rnd.play(coach(rnd.view(1)).move)
    stack(rnd, "6s Ah")  # seat 0 again: a safe card, then an ace
    rnd.play(Draw())
    rnd.play(Draw())
    assert rnd.stage is Stage.LOSE and rnd.turn == 0
    said = coach(rnd.view(0))
    assert [m for m, _ in said.options] == [Lose(s) for s in range(4)]
    losses = [loss for _, line in said.options if isinstance(loss := line.param("loss"), float)]
    assert len(losses) == 4 and said.move == said.options[losses.index(min(losses))][0]  # the first of the cheapest
    assert said.move in rnd.legal_moves()
    lines = [render(line) for _, line in said.options]
    assert lines[0].startswith("Give up king of spades (29 points, 1 card on it): your lead falls by ")
    assert render(fact(said, "ace_drawn")) == "The ace takes the card you drew this turn too: 6 of spades goes back into the number pile (PC10)."
    assert render(said.reason, "nb").startswith("Gi fra deg ")


def test_placing_names_each_picture_card_with_its_score_before_and_after() -> None:
    rnd = deal(TWO, "9s 5c 7d")  # seat 0: K♠ Q♣ J♦ K♣
    for _ in range(3):
        rnd.play(Draw())
    rnd.play(Stop())
    said = coach(rnd.view(0))
    assert said.move == Place(cards("9s")[0], 0)  # the highest first, on the king of its suit
    assert [render(line) for _, line in said.options] == [
        "Put 9 of spades on king of spades: 20 → 29 points; your lead changes by 9",
        "Put 9 of spades on queen of clubs: 10 → 10 points; your lead changes by 0",
        "Put 9 of spades on jack of diamonds: 0 → 9 points; your lead changes by 9",
        "Put 9 of spades on king of clubs: 20 → 20 points; your lead changes by 0",
    ]
    assert render(fact(said, "plan")).startswith("The plan for the 3 cards: 9 of spades on king of spades; ")
    assert render(said.reason, "nb") == "Legg spar 9 på sparkonge: der gir det mest forsprang i sortene (9 poeng); det høyeste kortet legges først."


def test_keeping_more_dealt_than_kept_offers_the_keeps_and_names_the_suits() -> None:
    rnd = deal("Ks Kd Qc Qs Jd Jc Kc Js Qd Kh Qh Jh", "", removed_suit="none", deal_two=6)
    assert rnd.stage is Stage.KEEP
    said = coach(rnd.view(rnd.turn))
    assert isinstance(said.move, Keep) and said.move in rnd.legal_moves()
    assert len({c.suit for c in said.move.cards}) >= 3 and said.options[0][0] == said.move and len(said.options) <= 5
    assert render(said.reason).startswith("Keep ") and render(said.reason, "nb").startswith("Behold ")


def test_the_five_card_move_is_weighed_and_letting_it_pass_is_an_option() -> None:
    rnd = deal(TWO, "9s 5c 7d 8c 6d 4s")
    for _ in range(6):
        rnd.play(Draw())
    rnd.play(Stop())
    while rnd.stage is Stage.PLACE:
        rnd.play(coach(rnd.view(0)).move)
    assert rnd.stage is Stage.SHIFT
    said = coach(rnd.view(0))
    moves = [m for m, _ in said.options]
    assert said.move in rnd.legal_moves() and moves[0] == said.move and Stay() in moves
    assert all(isinstance(m, Shift | Stay) for m in moves) and len(moves) <= 5
    assert fact(said, "shifts").param("n") == sum(isinstance(m, Shift) for m in rnd.legal_moves())
    assert said.move == BestStopBot().act(rnd.view(0))


def test_the_third_ace_is_named_when_one_more_ends_a_two_player_game() -> None:
    rnd = deal(TWO, "9s 5c")
    rnd.aces[0] = 2  # as if seat 0 had drawn two aces already
    rnd._views = {}
    rnd.play(Draw())
    said = coach(rnd.view(0))
    assert render(fact(said, "third_ace")) == "One more ace ends the game (PC19): you have drawn 2 of the 3 aces that end a game for two."


def test_a_view_with_no_move_is_refused_in_one_plain_line() -> None:
    rnd = deal(TWO, "9s")
    with pytest.raises(ValueError, match=r"^player 1 has no move: it is seat 0's turn$"):
        coach(rnd.view(1))
    with pytest.raises(ValueError, match="reads a picture-card view, not str"):
        coach("a view")  # type: ignore[arg-type]
    rnd = list(decisions(3, 2))[-1][0]  # the same round, played to its end
    assert rnd.over
    with pytest.raises(ValueError, match=r"^the game is over: there is no move to coach$"):
        coach(rnd.view(0))


# --- games: legal, view only, seeded, as BestStopBot ------------------------------------------------------


def decisions(seed: int, players: int, k: int = 3, **changes: object) -> Iterator[tuple[PictureRound, PictureView]]:
    """Every decision of a game between the coach bot and the default bot (stopping after ``k``
    cards), round and view."""
    rules = rules_with(**changes)
    rnd = PictureRound(rules, players, 0, random.Random(seed).sample(FAMILY.one_deck(rules), len(FAMILY.one_deck(rules))))
    bots = [CoachBot(seed) if p % 2 == 0 else StopAfterBot(seed, k) for p in range(players)]
    while not rnd.over:
        view = rnd.view(rnd.turn)
        yield rnd, view
        rnd.play(bots[rnd.turn].act(view))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), four_suits=st.booleans())
def test_the_coachs_move_and_options_are_always_legal_and_worded_in_both_languages(seed: int, players: int, four_suits: bool) -> None:
    changes = {"removed_suit": "none", "deal_two": 6, "deal_three": 4} if four_suits and players == 2 else {}
    for index, (_, view) in enumerate(decisions(seed, players, 3, **changes)):
        said = coach(view, seed)
        moves = legal_moves(view)
        assert said.move in moves and all(m in moves for m, _ in said.options)
        assert said.move in [m for m, _ in said.options] or view.stage is Stage.KEEP
        if index % 7 == 0:  # the wording of a sample of the decisions (rendering is the slow part)
            for lang in LANGUAGES:
                assert all(text and "{" not in text for text in texts(said, lang))


def test_every_stage_a_seat_faces_is_coached() -> None:
    stages: set[Stage] = set()
    for seed in range(6):
        for rnd, view in decisions(seed, 2, k=5, removed_suit="none", deal_two=6):  # five cards: the move after (PC8)
            said = coach(view)
            stages.add(view.stage)
            assert said.move in rnd.legal_moves()
    assert stages == {Stage.KEEP, Stage.DRAW, Stage.PLACE, Stage.LOSE, Stage.SHIFT}


@pytest.mark.parametrize("players", [2, 3])
def test_the_coach_reads_the_view_alone_the_hidden_pile_order_changes_nothing(players: int) -> None:
    shuffler = random.Random(players)
    checked = 0
    for index, (rnd, view) in enumerate(decisions(41 + players, players)):
        if index % 5 or len(set(rnd.pile)) < 2:
            continue
        other = copy.deepcopy(rnd)
        while other.pile == rnd.pile:
            shuffler.shuffle(other.pile)  # the order nobody sees
        other._sorted_pile, other._views, other._legal = None, {}, None
        assert other.view(rnd.turn) == view
        assert coach(other.view(rnd.turn)) == coach(view)
        checked += 1
    assert checked >= 10


def test_the_same_seed_gives_the_same_answer_and_nothing_is_sampled() -> None:
    for index, (_, view) in enumerate(decisions(7, 3)):
        if index % 4 == 0:
            assert coach(view, 5) == coach(view, 5) == coach(view, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_the_coach_bot_plays_as_best_stop_bot(players: int) -> None:
    for seed in range(3):
        rules = rules_with()
        rnd = PictureRound(rules, players, 0, random.Random(seed).sample(FAMILY.one_deck(rules), 52))
        best = [BestStopBot(seed) for _ in range(players)]
        while not rnd.over:
            view = rnd.view(rnd.turn)
            move = best[rnd.turn].act(view)
            assert coach(view).move == move
            rnd.play(move)
