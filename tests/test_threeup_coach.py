"""3UP 3DOWN's coach (``upto9.families.threeup.coach``): it sees only the seat's view, its chances
agree with an exact count of every deal on small positions, its move is always legal, the same seed
gives the same answer, and it says everything in English and Norwegian."""

from __future__ import annotations

import dataclasses
import inspect
import random
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.threeup_helpers import STANDARD, cards
from upto9.families.threeup.bot import ThreeUpBot, unseen
from upto9.families.threeup.coach import FEWEST, SAMPLES, Chance, CoachBot, coach, next_can_play, out_of_game
from upto9.families.threeup.family import FAMILY
from upto9.families.threeup.round import ChooseUp, Move, PickUp, Play, PlayBlind, Stage, ThreeUpRound, ThreeUpView, arranged, legal_moves
from upto9.family import CoachedFamily, Coaching
from upto9.messages import LANGUAGES, Message, render
from upto9.simulate import play_game


def position(hand: str, pile: str = "", opponent: str = "", deck: str = "", up: str = "", down: str = "", opp_up: str = "", opp_down: str = "") -> ThreeUpRound:
    """A two-player round at a position, seat 0 to move, the rest of the deck out of the game (so
    that what seat 0 has not seen is exactly the cards hidden in the round)."""
    rnd = arranged(STANDARD, cards(hand), up=cards(up), down=cards(down), pile=cards(pile), deck=cards(deck), opponent=cards(opponent))
    rnd.up[1], rnd.down[1] = list(cards(opp_up)), list(cards(opp_down))
    rnd.cleared = out_of_game(rnd)
    return rnd


def every_deal(view: ThreeUpView) -> list[ThreeUpRound]:
    """Every distinct order of the unseen cards, dealt: each as likely as another."""
    hidden = sorted(unseen(view).elements(), key=lambda c: c.key)
    return [ThreeUpRound.sampled(view, list(order)) for order in sorted(set(permutations(hidden)), key=lambda o: [c.key for c in o])]


def can_play(rnd: ThreeUpRound) -> bool:
    """Can the seat to move play (its blind card, the one the heuristic turns, fits)?"""
    moves = rnd.legal_moves()
    if any(isinstance(m, Play) for m in moves):
        return True
    blind = next((m for m in moves if isinstance(m, PlayBlind)), None)
    card = rnd.down[rnd.turn][blind.slot] if blind is not None else None
    return card is not None and (bool(card.clear) or not rnd.pile or card.number >= rnd.pile[-1].number)


def exact_next(view: ThreeUpView, move: Move) -> float:
    """The share of every deal in which the next seat can play after ``move`` (the move ends the turn)."""
    outcomes = []
    for rnd in every_deal(view):
        rnd.play(move)
        assert not rnd.over and rnd.turn != view.player
        outcomes.append(can_play(rnd))
    return sum(outcomes) / len(outcomes)


def exact_win(view: ThreeUpView, move: Move) -> float:
    """The share of every deal in which the seat goes out first after ``move``, heuristic players after it."""
    won = 0
    deals = every_deal(view)
    for rnd in deals:
        rnd.play(move)
        while not rnd.over:
            rnd.play(ThreeUpBot(0).act(rnd.view(rnd.turn)))
        won += rnd.places[:1] == [view.player]
    return won / len(deals)


def line_of(advice: Coaching, move: Move) -> Message:
    return next(line for m, line in advice.options if m == move)


def params(message: Message, name: str) -> Message:
    value = message.param(name)
    assert isinstance(value, Message), value
    return value


def all_messages(advice: Coaching) -> list[Message]:
    return [advice.reason, *(line for _, line in advice.options), *advice.facts]


# --- the shape: a member of FAMILY that takes the view and a seed ------------------------------------------


def test_the_coach_takes_nothing_but_the_view_and_a_seed_and_the_family_offers_its_bot() -> None:
    assert list(inspect.signature(coach).parameters) == ["view", "seed"]
    assert list(inspect.signature(FAMILY.coach).parameters) == ["view", "seed"]
    assert isinstance(FAMILY, CoachedFamily)
    assert FAMILY.bots()["coach"] is CoachBot and next(iter(FAMILY.bots())) == "heuristic"


def test_two_rounds_that_differ_only_in_cards_the_seat_cannot_see_get_the_same_coaching() -> None:
    game = FAMILY.new_game(STANDARD, 3, 11, None)
    rnd = game.round
    bots = [ThreeUpBot(p) for p in range(3)]
    asked = 0
    while not rnd.over and asked < 4:
        view = rnd.view(rnd.turn)
        plays = {(m.cards[0].number, int(m.cards[0].clear)) for m in legal_moves(view) if isinstance(m, Play)}
        if view.stage is Stage.PLAY and len(plays) > 1:  # a turn the coach weighs by imagined deals
            hidden = list(unseen(view).elements())
            random.Random(asked).shuffle(hidden)
            other = ThreeUpRound.sampled(view, hidden)  # the hidden cards dealt otherwise
            assert other.zones() != rnd.zones() and dataclasses.replace(other.view(view.player)) == view
            assert FAMILY.coach(other.view(view.player), 5) == FAMILY.coach(view, 5)
            asked += 1
        rnd.play(bots[rnd.turn].act(view))
    assert asked == 4


def test_the_same_seed_gives_the_same_answer() -> None:
    rnd = position("3r 5g 8b 8k", pile="2b", opponent="5r 9k 4y", deck="6o 7o 1p 2p 3p 4p")
    first = coach(rnd.view(0), 3)
    assert coach(rnd.view(0), 3) == first
    assert len(first.options) == 3 and all(params(line, "win").key == "threeup.coach.chance.sampled" for _, line in first.options)


# --- the chances against an exact count of every deal -----------------------------------------------------


@pytest.mark.parametrize(
    "where",
    [
        dict(hand="3r 8g 8b", pile="2b", opponent="5r 9k"),  # the next hand: two of two unseen cards
        dict(hand="3r 8g 8b", pile="2b", opponent="5r 9k", deck="1g 4g 6y"),  # two of five: hypergeometric
        dict(hand="3r 8g 8b", pile="2b", opponent="", opp_up="4r 9g", opp_down="1k 6k"),  # the next seat's 3UP cards
        dict(hand="3r 8g 8b", pile="2b", opponent="", opp_down="1k 6k C"),  # the next seat's blind card
    ],
)
def test_the_next_players_chance_is_an_exact_count_of_every_deal(where: dict[str, str]) -> None:
    rnd = position(**where)
    view = rnd.view(0)
    advice = coach(view)
    weighed = [m for m, _ in advice.options]
    assert sorted(" ".join(map(str, m.cards)) for m in weighed if isinstance(m, Play)) == ["3r", "8g 8b"]  # all copies of each number
    for move, line in advice.options:
        counted = exact_next(view, move)
        said = params(line, "next")
        assert said.key == "threeup.coach.chance.exact" and said.param("p") == round(100 * counted)
        assert next_can_play(view, [*view.pile, *move.cards] if isinstance(move, Play) else [], 1) == pytest.approx(counted)


def test_with_few_cards_unseen_every_order_is_counted_and_the_chances_are_exact() -> None:
    rnd = position("3r 8g 8b", pile="2b", opponent="5r 9k 4g")  # 3 unseen cards: 6 orders
    view = rnd.view(0)
    advice = coach(view)
    assert len(every_deal(view)) <= SAMPLES
    for move, line in advice.options:
        for name in ("win", "next", "own"):
            assert params(line, name).key == "threeup.coach.chance.exact"
        assert params(line, "win").param("p") == round(100 * exact_win(view, move))
    assert advice.move == max((m for m, _ in advice.options), key=lambda m: exact_win(view, m))  # the draw pile is empty


def test_while_the_draw_pile_lasts_the_coach_suggests_the_heuristics_play_with_the_figures() -> None:
    rnd = position("3r 5g 8b 8k", pile="2b", opponent="5r 9k 4y", deck="6o 7o 1p")
    view = rnd.view(0)
    advice = coach(view)
    assert advice.move == ThreeUpBot(0).act(view) and advice.reason.key == "threeup.coach.reason.early" and len(advice.options) == 3


def test_a_sampled_win_chance_holds_the_exact_value_in_its_interval() -> None:
    rnd = position("3r 5g 8b 8k", pile="2b", opponent="5r 9k 4y", deck="6o 7o 1p")  # 6 unseen cards: 720 orders
    view = rnd.view(0)
    advice = coach(view)
    for move, line in advice.options:
        win = params(line, "win")
        n = win.param("n")
        assert win.key == "threeup.coach.chance.sampled" and isinstance(n, int) and FEWEST <= n <= SAMPLES
        exact = 100 * exact_win(view, move)
        low, high = win.param("low"), win.param("high")
        assert isinstance(low, int) and isinstance(high, int) and low - 1 <= exact <= high + 1, (move, exact, low, high)
        assert params(line, "next").key == "threeup.coach.chance.exact"  # a play that ends the turn: counted, not sampled


def test_a_blind_card_fits_with_the_exact_share_of_the_unseen_cards() -> None:
    rnd = position("", pile="6b", opponent="5r 9k", down="1g 7g C")
    view = rnd.view(0)
    advice = coach(view)
    assert isinstance(advice.move, PlayBlind) and advice.move in legal_moves(view)
    fits = sum(can_play(deal) for deal in every_deal(view)) / len(every_deal(view))
    assert advice.reason.key == "threeup.coach.reason.blind"
    assert params(advice.reason, "fit").param("p") == round(100 * fits) == 60  # 9k, 7g, C of 1g 7g C 5r 9k


def test_with_nothing_that_goes_the_coach_says_take_the_pile() -> None:
    rnd = position("3r 4g", pile="2b 9b", opponent="5r 9k")
    advice = coach(rnd.view(0))
    assert advice.move == PickUp() and render(advice.reason) == "Nothing you hold goes on the blue 9 on the pile: take the pile (2 cards)."
    assert render(advice.options[0][1], "nb") == "Ta opp bunken: neste spiller kan spille på bunken etterpå 100 % (eksakt)."


def test_the_set_up_lays_the_strongest_cards_face_up_and_ranks_the_choices() -> None:
    game = FAMILY.new_game(STANDARD, 2, 4, None)
    view = game.view(game.round.turn)
    advice = coach(view)
    assert isinstance(advice.move, ChooseUp) and advice.move == ThreeUpBot(0).act(view)
    assert 1 < len(advice.options) <= 6 and advice.options[0][0] == advice.move
    shares = [params(line, "fit") for _, line in advice.options]
    assert all(s.key == "threeup.coach.chance.exact" for s in shares)
    hidden = unseen(view)
    best = advice.move.cards
    goes = sum(sum(n for c, n in hidden.items() if c.clear or card.clear or card.number >= c.number) for card in best) / (3 * sum(hidden.values()))
    assert shares[0].param("p") == round(100 * goes)


# --- legal, fast enough, in both languages ----------------------------------------------------------------


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), stop=st.integers(0, 60))
def test_the_suggested_move_is_always_a_legal_one_and_every_line_is_worded(seed: int, players: int, stop: int) -> None:
    game = FAMILY.new_game(STANDARD, players, seed, None)
    rnd = game.round
    bots = [ThreeUpBot(p) for p in range(players)]
    for turn in range(stop + 1):
        if rnd.over:
            break
        view = rnd.view(rnd.turn)
        if turn % 5 == 0 or turn == stop:
            advice = coach(view, seed)
            assert advice.move in legal_moves(view)
            assert advice.move in [m for m, _ in advice.options]
            for message in all_messages(advice):
                for lang in LANGUAGES:
                    text = render(message, lang)
                    assert text and "{" not in text and "}" not in text
            hidden_places = sum(view.hand_counts) - len(view.hand) + sum(sum(s) for s in view.down) + view.deck_count
            if view.stage is not Stage.CHOOSE:
                assert advice.facts[0].param("n") == hidden_places
        rnd.play(bots[rnd.turn].act(view))


def test_the_coach_bot_plays_a_whole_game_of_legal_moves() -> None:
    game = play_game(players=2, rules=STANDARD, seed=7, bots=[CoachBot, ThreeUpBot], any_family=True)
    assert game.over and game.round.end is not None and game.round.end["reason"] == "out"


def test_a_sampled_chance_says_its_interval_and_deals_an_exact_one_says_it_is_exact() -> None:
    assert render(Chance.sampled(9, 12).message()) == "75% (95% interval 47–91%, 12 imagined deals)"
    assert render(Chance.sampled(9, 12).message(), "nb") == "75 % (95 %-intervall 47–91 %, 12 tenkte utdelinger)"
    assert render(Chance.exact(1 / 3).message()) == "33% (exact)"


def test_bad_input_gets_one_plain_line() -> None:
    rnd = position("3r 8g", pile="2b", opponent="5r 9k")
    with pytest.raises(ValueError, match=r"^player 2 has no move now: it is not their turn$"):
        coach(rnd.view(1))
    from upto9.families.picture_cards.family import FAMILY as PICTURES

    other = PICTURES.new_game(PICTURES.rules, 2, 1, None)
    with pytest.raises(ValueError, match=r"^the 3UP 3DOWN coach reads a 3UP 3DOWN view, not "):
        coach(other.view(0))
