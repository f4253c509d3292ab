"""The rummies' coach (``upto9.coach``, Up to 9 and Phase 10): it sees only the seat's view, its
chances agree with exact counts on small positions, its move is always legal, the same seed gives
the same answer, and it says everything in both languages."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from upto9 import PHASE10, UPTO9, parse_hand
from upto9.bots import HeuristicBot, make_chances
from upto9.cards import PlayingCard
from upto9.coach import K_DRAWS, REACH, CoachBot, coach, lay_down_chances, reach, unseen
from upto9.families.phase10.phases import Phase10Meld
from upto9.families.upto9.melds import Meld
from upto9.family import CoachedFamily, Coaching, family_of, holds
from upto9.game import Discard, Donate, Draw, Game, LayDown, Phase, Round, Source, View, game_deck, legal_moves
from upto9.messages import Message, render
from upto9.rules import Rules, rules_from_dict
from upto9.simulate import play_game

RUMMIES = [UPTO9, PHASE10]


def _texts(answer: Coaching) -> list[Message]:
    return [answer.reason, *(line for _move, line in answer.options), *answer.facts]


def _chance_of(line: Message) -> Message:
    """The ``coach.chance`` message inside an option's line."""
    found = next(m for m in line.walk() if m.key == "coach.chance")
    return found


def _exact(hand: Sequence[PlayingCard], level: int, rules: Rules, pool: Sequence[PlayingCard], k: int) -> float:
    """The exact chance that ``hand`` and ``k`` cards drawn from ``pool`` hold the level: every
    ``k`` of the pool's places counted once (the sampler draws places, as the deck does)."""
    subsets = list(combinations(range(len(pool)), k))
    return sum(holds([*hand, *(pool[i] for i in picked)], level, rules) for picked in subsets) / len(subsets)


def _in_interval(line: Message, exact: float) -> bool:
    """Is the exact chance inside the line's 95 % interval? And (asserted) within 4 standard
    errors of the sampled value: a wrong sampler lands far off, a right one rarely past 3."""
    chance = _chance_of(line)
    low, high, value, n = (float(str(chance.param(name))) for name in ("low", "high", "value", "n"))
    value /= 100
    error = max((exact * (1 - exact) / n) ** 0.5, 1 / n)
    assert abs(value - exact) <= 4 * error + 0.001, f"exact {exact:.3f} far from {render(chance)}"
    return low - 0.05 <= exact * 100 <= high + 0.05


def _mostly_inside(lines: list[tuple[Message, float]]) -> None:
    """Every sampled chance lies near its exact value (``_in_interval``), and most 95 % intervals hold
    it. The options share their samples (so that they differ only where they truly differ): an
    unlucky sample moves them together, so not nineteen in twenty, but at least half."""
    inside = sum(_in_interval(line, exact) for line, exact in lines)
    assert 2 * inside >= len(lines), f"only {inside} of {len(lines)} intervals hold the exact chance"


def _positions(rules: Rules, seed: int, rounds: int = 1) -> list[tuple[Round, View]]:
    """Every position of the first ``rounds`` rounds of a 2-player heuristic game: (round, the view of the seat to move)."""
    game = Game(players=2, rules=rules, seed=seed)
    bots = [HeuristicBot(), HeuristicBot()]
    found = []
    while not game.over and len(game.rounds) <= rounds:
        rnd = game.round
        while not rnd.over:
            view = rnd.view(rnd.turn)
            found.append((rnd, view))
            game.play(bots[rnd.turn].act(view))
        if game.over or len(game.rounds) == rounds:
            break
        game.next_round()
    return found


# --- the shape -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RUMMIES, ids=lambda r: r.key)
def test_each_rummy_has_the_coach_and_offers_its_bot(rules: Rules) -> None:
    family = family_of(rules)
    assert isinstance(family, CoachedFamily)
    bots = family.bots()  # type: ignore[attr-defined]  # an optional member of a family
    assert next(iter(bots)) == "heuristic" and bots["coach"] is CoachBot
    assert list(inspect.signature(family.coach).parameters) == ["view", "seed"]
    assert list(inspect.signature(coach).parameters) == ["view", "seed"]


# --- chances against exact counts --------------------------------------------------------------------


def test_the_sampled_chances_hold_the_exact_chance_of_each_discard() -> None:
    hand: list[PlayingCard] = list(parse_hand("5h 6h 7h Kc 9s"))
    pool = parse_hand("8h 4h 9h Qd Jc 2s 5c Th Ad 7c")
    found = lay_down_chances(hand, [1], UPTO9, pool, draws=2, samples=2000, seed=3, discards=parse_hand("5h Kc"))
    lines = []
    for card, chance in found.items():
        rest = list(hand)
        if card is not None:
            rest.remove(card)
        lines.append((Message("coach.option.discard", card="x", k=2, chance=chance.message), _exact(rest, 1, UPTO9, pool, 2)))
    _mostly_inside(lines)
    assert found[parse_hand("5h")[0]].value < found[parse_hand("Kc")[0]].value  # the straight's card is worth keeping


def _late_view(
    rules: Rules,
    hand: str,
    unseen_cards: str,
    phase: Phase,
    level: int = 1,
    table: Sequence[Sequence[Meld]] = ((), ()),
    laid_down: tuple[bool, bool] = (False, False),
) -> View:
    """A view late in a 2-player round: ``hand`` held, ``unseen_cards`` the only cards not seen,
    ``table`` the melds laid down (by player), every other card of the decks on the discard pile (a
    view the engine's constructor builds as it would any other)."""
    held = parse_hand(hand, rules)
    hidden = parse_hand(unseen_cards, rules)
    pile = Counter(game_deck(rules, 2))
    pile.subtract(held)
    pile.subtract(hidden)
    pile.subtract(placed.card for row in table for meld in row for placed in meld.cards)
    assert min(pile.values()) >= 0
    discard = tuple(sorted(pile.elements(), key=lambda c: (not c.skips, c.key)))  # no skip on top
    return View(
        player=0,
        rules=rules,
        hand=tuple(held),
        levels=(level, level),
        laid_down=laid_down,
        table=tuple(tuple(row) for row in table),
        discard=discard,
        deck_count=len(hidden) - 3,
        hand_counts=(len(held), 3),
        turn=0,
        phase=phase,
    )


@pytest.mark.parametrize(
    ("rules", "hand", "hidden", "level"),
    [
        (UPTO9, "5h 6h 7h Kc 9s Qd Jd 4c As 8c Tc Kd", "8h 4h 9h Qc Jc 5c Th Ad 7c 6s 6d", 1),
        (PHASE10, "7r 7y 9b 9g 1b 4y 5y 11g 12r 10b 3g", "7g 9r 2b 8b 6y W 1r 12y 10r 11y", 1),
    ],
    ids=["upto9", "phase10"],
)
def test_the_coachs_discard_chances_hold_the_exact_ones(rules: Rules, hand: str, hidden: str, level: int) -> None:
    view = _late_view(rules, hand, hidden, Phase.PLAY, level)
    answer = coach(view, seed=2)
    assert answer.move in legal_moves(view) and isinstance(answer.move, Discard)
    pool = sorted(unseen(view).elements(), key=lambda c: c.key)
    assert Counter(pool) == Counter(parse_hand(hidden, rules))
    weighed = [(move, line) for move, line in answer.options if isinstance(move, Discard)]
    assert {m.card for m, _line in weighed} == set(view.hand)
    lines = []
    for move, line in weighed:
        rest = list(view.hand)
        rest.remove(move.card)
        lines.append((line, _exact(rest, level, rules, pool, K_DRAWS)))
    _mostly_inside(lines)


@pytest.mark.parametrize("rules", RUMMIES, ids=lambda r: r.key)
def test_the_coachs_draw_chances_hold_the_exact_ones(rules: Rules) -> None:
    if rules is UPTO9:
        view = _late_view(rules, "5h 6h 7h Kc 9s Qd Jd 4c As 8c Tc", "8h 4h 9h Qc Jc 5c Th Ad 7c 6s 6d", Phase.DRAW)
    else:
        view = _late_view(rules, "7r 7y 9b 9g 1b 4y 5y 11g 12r 10b", "7g 9r 2b 8b 6y W 1r 12y 10r 11y", Phase.DRAW)
    answer = coach(view, seed=4)
    top = view.discard_top
    assert top is not None and answer.move in legal_moves(view)
    pool = sorted(unseen(view).elements(), key=lambda c: c.key)
    lines = dict(answer.options)
    deck = _exact(list(view.hand), 1, rules, pool, K_DRAWS)
    pile = _exact([*view.hand, top], 1, rules, pool, K_DRAWS - 1)
    _mostly_inside([(lines[Draw(Source.DECK)], deck), (lines[Draw(Source.DISCARD)], pile)])


def test_the_outs_and_their_unseen_copies_are_counted_exactly() -> None:
    view = _late_view(UPTO9, "5h 6h 7h Kc 9s Qd Jd 4c As 8c Tc", "8h 4h 9h Qc 8h 5c Th Ad 7c 6s 6d", Phase.DRAW)
    answer = coach(view)
    outs_fact = next(m for m in answer.facts if m.key == "coach.outs")
    said = {str(m.param("card")): m.param("n") for m in outs_fact.walk() if m.key == "coach.out"}
    # 5h 6h 7h 8c: the straight of 4 needs 4♥ or 8♥, and jokers (2s, 3s) none of which is unseen.
    assert said["4♥"] == 1 and said["8♥"] == 2
    assert all(n == 0 for card, n in said.items() if card[0] in "23")
    unseen_fact = next(m for m in answer.facts if m.key == "coach.unseen")
    assert unseen_fact.param("n") == 11


@pytest.mark.parametrize("rules", RUMMIES, ids=lambda r: r.key)
def test_the_unseen_cards_said_are_the_deck_and_the_other_hands_at_every_turn_of_whole_games(rules: Rules) -> None:
    """The coach's "N cards you have not seen: in the deck and the other players' hands": at every view of
    whole bot games (through discard piles shuffled back, lay-downs, hits and skips), N is the
    deck's count plus the other hands' counts, never one off."""
    views = 0
    for players in (2, 4):
        game = Game(players=players, rules=rules, seed=players)
        bots = [HeuristicBot() for _ in range(players)]
        while not game.over:
            if not game.rounds or game.round.over:
                game.next_round()
                continue
            seat = game.round.turn
            view = game.round.view(seat)
            others = sum(n for i, n in enumerate(view.hand_counts) if i != seat)
            assert sum(unseen(view).values()) == view.deck_count + others, (players, len(game.rounds))
            views += 1
            game.play(bots[seat].act(view))
    assert views > 500  # (whole games: several rounds each)


# --- what the coach may see ------------------------------------------------------------------------


def _swapped_rounds(rules: Rules, seed: int) -> tuple[Round, Round, int]:
    """Two rounds that differ only in a card the seat to move cannot see: one card of the other
    seat's hand swapped with a card deep in the deck."""
    family = family_of(rules)
    deck = list(game_deck(rules, 2))
    import random

    random.Random(seed).shuffle(deck)
    first = family.new_round(rules, 2, 0, deck)
    assert isinstance(first, Round)
    seat = first.turn
    other = set(first.zones()[f"hand.{1 - seat}"]) - set(first.zones()[f"hand.{seat}"])
    i = next(n for n, c in enumerate(deck) if c in other)
    j = next(n for n in range(len(deck) - 1, 0, -1) if deck[n] not in other and deck[n] != deck[i])  # the deck's bottom card
    swapped = list(deck)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    second = family.new_round(rules, 2, 0, swapped)
    assert isinstance(second, Round)
    assert first.zones()[f"hand.{1 - seat}"] != second.zones()[f"hand.{1 - seat}"]
    return first, second, seat


@pytest.mark.parametrize("rules", RUMMIES, ids=lambda r: r.key)
def test_two_rounds_with_the_same_view_get_the_same_coaching(rules: Rules) -> None:
    first, second, seat = _swapped_rounds(rules, 11)
    for _step in range(2):  # the draw, then the discard
        view = first.view(seat)
        assert view == second.view(seat)
        assert coach(view, seed=7) == coach(second.view(seat), seed=7)
        move = Draw(Source.DECK) if view.phase is Phase.DRAW else coach(view, seed=7).move
        first.play(move)
        second.play(move)
        if first.turn != seat:
            break


# --- every position of real games ------------------------------------------------------------------


@pytest.mark.parametrize("rules", RUMMIES, ids=lambda r: r.key)
def test_the_move_is_legal_the_seed_decides_and_every_word_is_in_both_languages(rules: Rules) -> None:
    keys: set[str] = set()
    for _rnd, view in _positions(rules, seed=5, rounds=2):
        answer = coach(view, seed=1)
        legal = legal_moves(view)  # what the round offered at that moment (checked while playing: tests/test_families.py)
        assert answer.move in legal
        assert all(move in legal for move, _line in answer.options)
        keys.add(answer.reason.key)
        for message in _texts(answer):
            english, norwegian = render(message, "en"), render(message, "nb")
            assert "{" not in english + norwegian and english != norwegian
        if view.phase is Phase.PLAY and not view.laid_down[view.player] and not any(isinstance(m, LayDown) for m in legal):
            assert coach(view, seed=1) == answer  # the same seed, the same answer
            assert any(m.key == "coach.chance" for line in _texts(answer) for m in line.walk())
    discarding = {"coach.reason.discard_best", "coach.reason.discard_even", "coach.reason.discard_close", "coach.reason.discard_none"}
    assert "coach.reason.lay_down" in keys and keys & discarding


def test_a_hand_that_holds_the_level_lays_down_and_says_what_it_can_donate_after() -> None:
    view = _late_view(UPTO9, "5h 6h 7h 8h Kc 9h Qd", "4h Qc 5c Th Ad 7c 6s 6d", Phase.PLAY)
    answer = coach(view)
    assert isinstance(answer.move, LayDown) and answer.reason.key == "coach.reason.lay_down"
    donations = answer.facts[0]
    assert donations.key == "coach.donations.donate" and "9♥" in render(donations)


def test_under_free_order_it_lays_down_the_level_hardest_to_make_later() -> None:
    free = rules_from_dict({**UPTO9.to_dict(), "free_order": True})
    view = _late_view(free, "5h 6h 7h 8h 7s 7d 7c Kc Kd Ks 2c 9d", "4h Qc 5c Th Ad 6s 6d", Phase.PLAY)
    laying = [m for m in legal_moves(view) if isinstance(m, LayDown)]
    assert len(laying) > 1
    answer = coach(view)
    chances = make_chances(free)
    assert isinstance(answer.move, LayDown) and answer.move.level == min((m.level for m in laying if m.level), key=lambda n: (chances[n - 1], -n))
    assert answer.reason.key == "coach.reason.lay_down_hardest"


def test_a_view_with_no_move_is_refused_in_one_line() -> None:
    game = Game(players=2, seed=1)
    idle = game.view(1 - game.round.turn)
    with pytest.raises(ValueError, match=r"^player \d has no move: it is not their turn$"):
        coach(idle)


def test_the_coach_bot_plays_whole_games_the_same_way_from_the_same_seed() -> None:
    first = play_game(players=2, rules=PHASE10, bots=[CoachBot, HeuristicBot], seed=9)
    second = play_game(players=2, rules=PHASE10, bots=[CoachBot, HeuristicBot], seed=9)
    assert first.over and [r.history for r in first.rounds] == [r.history for r in second.rounds]


def test_before_the_deal_under_free_order_it_names_the_open_level_most_often_held() -> None:
    before = rules_from_dict({**PHASE10.to_dict(), "free_order": "before_deal"})
    game = Game(players=2, rules=before, seed=1)
    game.made[0] = [2]
    view = game.choice_view(0)
    answer = coach(view)
    chances = make_chances(before)
    assert answer.move in view.open and answer.move != 2
    assert answer.move == max(view.open, key=lambda n: (chances[n - 1], -n)) == HeuristicBot().choose_phase(view)
    assert [move for move, _line in answer.options] == list(view.open)
    assert "%" in render(answer.reason, "nb") and "500" in render(answer.reason)


# --- once down, and beside a player who is down ----------------------------------------------------


def test_reach_counts_the_cards_a_meld_needs_first_each_placed_as_itself() -> None:
    run = Meld.from_text("run", "5h 6h 7h 8h")
    sevens = Meld.from_text("set", "7s 7d 7c")
    hand = parse_hand("9h 10h Jh Qh 7h Kc 2d")
    found = reach(hand, [run, sevens], UPTO9, parse_hand("9h 10h Jh"))
    # 2d fits as a joker now; 7h goes on the sevens; Qh needs 9h 10h Jh first: beyond REACH.
    assert {str(c): n for c, n in found.items()} == {"9h": 0, "10h": 1, "Jh": 2, "7h": 0, "2d": 0}
    assert REACH == 2
    # Jokers fit anywhere, so they never bring a card nearer; a card that is not there cannot either.
    assert {str(c): n for c, n in reach(hand, [run], UPTO9, parse_hand("2c 3d 2h 10h")).items()} == {"9h": 0, "2d": 0}
    phases = [Phase10Meld.from_text("run", "3r 4y 5g 6b"), Phase10Meld.from_text("set", "9r 9y 9g")]
    cards = parse_hand("8r 9b 12g", PHASE10)
    assert {str(c): n for c, n in reach(cards, phases, PHASE10, parse_hand("7b 7g", PHASE10)).items()} == {"8r": 1, "9b": 0}


def test_once_down_it_sheds_the_card_furthest_from_a_meld_not_the_costliest() -> None:
    run = Meld.from_text("run", "5h 6h 7h 8h")
    view = _late_view(UPTO9, "10h 9c", "9h 9s Kd Qc 4d 2s Jc As", Phase.PLAY, table=[[run], []], laid_down=(True, False))
    moves = legal_moves(view)
    assert not any(isinstance(m, Donate) for m in moves)
    # The heuristic bot sheds 10h, the costlier (10 points against 5); 10h goes on the run once a 9h does.
    assert HeuristicBot().act(view) == Discard(parse_hand("10h")[0])
    answer = coach(view)
    assert answer.move == Discard(parse_hand("9c")[0])
    assert answer.reason.key == "coach.reason.shed.donate"
    assert render(answer.reason) == (
        "Discard 9♣: no meld on the table takes it, even after 2 more cards are donated, and it would cost you 5 penalty points if someone went out."
    )
    lines = {str(move.card): render(line) for move, line in answer.options if isinstance(move, Discard)}
    assert lines["10h"] == "Discard 10♥: 1 card away from fitting the table (10 penalty points in your hand)."
    assert "2 kort til" in render(answer.reason, "nb")


def test_once_down_of_cards_equally_near_it_sheds_the_costliest_and_says_how_near() -> None:
    run = Meld.from_text("run", "5h 6h 7h 8h")
    queen_high = Meld.from_text("run", "9s 10s Js Qs")
    view = _late_view(UPTO9, "10h 3c Ks", "9h 9s Kd Qc 4d 2s Jc As", Phase.PLAY, table=[[run], [queen_high]], laid_down=(True, False))
    answer = coach(view)
    # 3c as a joker and Ks go on the table: donated first.
    assert isinstance(answer.move, Donate)
    spades = Meld.from_text("run", "8s 9s 10s Js")
    view = _late_view(UPTO9, "10h 6s", "9h 7s Kd Qc 4d 2s Jc As", Phase.PLAY, table=[[run], [spades]], laid_down=(True, False))
    answer = coach(view)
    assert answer.move == Discard(parse_hand("10h")[0]) and answer.reason.key == "coach.reason.shed_near.donate"
    assert "only after 1 more card is donated" in render(answer.reason)
    # With both 7s already seen, 6s can never go on the spades this round: it goes first.
    view = _late_view(UPTO9, "10h 6s", "9h 9s Kd Qc 4d 2s Jc As", Phase.PLAY, table=[[run], [spades]], laid_down=(True, False))
    assert coach(view).move == Discard(parse_hand("6s")[0])


def test_before_its_lay_down_it_keeps_from_the_next_player_who_is_down_a_card_they_would_donate() -> None:
    run = Meld.from_text("run", "5h 6h 7h 8h")
    hand = "5c 6c 7c 9h Qs Ks"
    hidden = "4c 8c 4c 9d Kd 2h Qc 5s 6d 4d"  # (no spade near Qs and Ks is left: they cannot make a run)
    view = _late_view(UPTO9, hand, hidden, Phase.PLAY, table=[[], [run]], laid_down=(False, True))
    # The heuristic bot discards 9h, its least useful card, which player 2 would take and donate.
    assert HeuristicBot().act(view) == Discard(parse_hand("9h")[0])
    answer = coach(view, seed=1)
    assert isinstance(answer.move, Discard) and str(answer.move.card) in {"Qs", "Ks"}
    assert answer.reason.key == "coach.reason.discard_deny.donate"
    assert "player 2 has laid down and would take 9♥" in render(answer.reason)
    assert "spiller 2 har lagt ned" in render(answer.reason, "nb")
    # Without a player down beside it, the same hand discards as the heuristic bot does.
    alone = _late_view(UPTO9, hand, hidden, Phase.PLAY, table=[[], []], laid_down=(False, False))
    assert coach(alone, seed=1).move == Discard(parse_hand("9h")[0])
