"""Bots, whole games and simulations: bots see only views, games finish, the heuristic bot beats the
random one, simulations are reproducible whatever the workers or backend, and the engine's
shortcuts (the safety valve's witnesses, legal donations) give the answers they replace."""

from __future__ import annotations

import random
from typing import Any

import pandas as pd
import pytest

from upto9 import UPTO9, Bot, HeuristicBot, RandomBot, check, full_deck, holds, parse_card, parse_hand, play_game, simulate
from upto9.families.upto9.bot import _idle
from upto9.families.upto9.melds import Meld
from upto9.game import Discard, Donate, Draw, Game, LayDown, Move, Phase, Round, RuleError, Source, View, legal_moves
from upto9.simulate import game_row, game_seed

H, R = HeuristicBot, RandomBot


def make_view(
    hand: str,
    level: int = 1,
    phase: Phase = Phase.PLAY,
    discard: str = "Kc",
    table: tuple[tuple[Meld, ...], ...] = ((), ()),
    laid_down: tuple[bool, ...] = (False, False),
    deck_count: int = 50,
) -> View:
    """Player 0's view of a two-player round, for asking a bot one question."""
    cards = parse_hand(hand)
    return View(
        player=0,
        rules=UPTO9,
        hand=cards,
        levels=(level, 1),
        laid_down=laid_down,
        table=table,
        discard=parse_hand(discard),
        deck_count=deck_count,
        hand_counts=(len(cards), 11),
        turn=0,
        phase=phase,
    )


class Recorder:
    """Wraps a bot and keeps everything it was handed."""

    received: list[Any]

    def __init__(self, seed: int) -> None:
        self.inner = HeuristicBot(seed)
        self.received = []
        Recorder.instances.append(self)

    instances: list[Recorder] = []  # noqa: RUF012 - a test's register of the bots it made

    def act(self, *args: Any, **kwargs: Any) -> Move:
        self.received.append((args, kwargs))
        return self.inner.act(*args, **kwargs)


# --- bots only see views --------------------------------------------------------------------------


def test_bots_receive_only_their_own_views() -> None:
    Recorder.instances.clear()
    game = play_game(players=3, bots=[Recorder, RandomBot, Recorder], seed=4)
    assert game.over
    assert len(Recorder.instances) == 2
    seats = (0, 2)
    for seat, bot in zip(seats, Recorder.instances, strict=True):
        assert bot.received
        for args, kwargs in bot.received:
            assert kwargs == {} and len(args) == 1
            (view,) = args
            assert type(view) is View
            assert view.player == seat and view.my_turn


def test_the_protocol_fits_every_bot() -> None:
    class Plain:
        def act(self, view: View) -> Move:
            return Draw(Source.DECK)

    for bot in (HeuristicBot(), RandomBot(1), Plain()):
        assert isinstance(bot, Bot)


# --- games finish ----------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", [[R, R], [H, H, H, H], [H, R, R, R], [R, H, R]])
def test_games_with_bots_finish(bots: list[type]) -> None:
    game = play_game(players=len(bots), bots=bots, seed=7)
    assert game.over and game.winners
    assert all(r.over for r in game.rounds)
    assert max(game.levels) == len(UPTO9.levels)
    assert all(game.levels[w] == 9 for w in game.winners)


def test_play_game_is_reproducible() -> None:
    one = play_game(players=4, bots=[H, R, H, R], seed=12)
    two = play_game(players=4, bots=[H, R, H, R], seed=12)
    assert [r.history for r in one.rounds] == [r.history for r in two.rounds]
    assert one.winners == two.winners and one.penalties == two.penalties


def test_a_notebook_bot_is_a_plain_class() -> None:
    class TakeAndDump:  # no seed, no base class: just act(view)
        def act(self, view):  # type: ignore[no-untyped-def]
            if view.phase is Phase.DRAW:
                return Draw(Source.DECK)
            return Discard(view.hand[-1])

    game = play_game(players=2, bots=[TakeAndDump, lambda seed: HeuristicBot(seed)], seed=2, names=["me", "it"])
    assert game.over and game.winners == (1,) and game.names == ("me", "it")


def test_an_illegal_move_names_the_seat() -> None:
    class Cheat:
        def act(self, view: View) -> Move:
            return Discard(parse_card("Kh")) if view.phase is Phase.DRAW else Discard(view.hand[0])

    with pytest.raises(RuleError, match=r"seat 1 \(Cheat\)"):
        play_game(players=2, bots=[HeuristicBot, Cheat], seed=1)


def test_bots_must_match_the_players() -> None:
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        play_game(players=3, bots=[H, H])


# --- the heuristic bot's decisions -----------------------------------------------------------------


def test_takes_the_discard_top_that_makes_the_level() -> None:
    view = make_view("5h 6h 7h Kc Kd 9s 9d 4c Js Qd As", phase=Phase.DRAW, discard="2s 8h")
    assert HeuristicBot().act(view) == Draw(Source.DISCARD)


def test_takes_the_discard_top_that_brings_it_closer() -> None:
    # Level 3: a straight of 6 with at most 2 jokers; ♥7 turns three hearts into four in a row.
    view = make_view("4h 5h 6h Kc Kd 9s 9d 4c Js Qd As", level=3, phase=Phase.DRAW, discard="7h")
    assert HeuristicBot().act(view) == Draw(Source.DISCARD)


def test_leaves_a_useless_discard_top() -> None:
    view = make_view("5h 6h 7h Kc Kd 9s 9d 4c Js Qd As", phase=Phase.DRAW, discard="Jd")
    assert HeuristicBot().act(view) == Draw(Source.DECK)


def test_lays_down_as_soon_as_it_can() -> None:
    view = make_view("5h 6h 7h 8h Kc Kd 9s 9d 4c Js Qd As")
    move = HeuristicBot().act(view)
    assert isinstance(move, LayDown)
    assert [str(m) for m in move.melds] == ["run: 5♥ 6♥ 7♥ 8♥"]


def test_discards_outside_its_closest_arrangement_and_keeps_jokers() -> None:
    # Level 2 (straight of 5, 1 joker): ♥5 ♥6 ♥7 and the ♣2 as a joker are the arrangement.
    view = make_view("5h 6h 7h 2c Kc 9s 4d Js Qd As 10d 4c", level=2)
    move = HeuristicBot().act(view)
    assert isinstance(move, Discard)
    assert move.card not in parse_hand("5h 6h 7h 2c")


def test_discards_a_useless_two_on_a_level_without_jokers() -> None:
    view = make_view("5h 6h 7h 2c Ks Kd 9s 9d 10c Jd Qs Qd", level=1)
    move = HeuristicBot().act(view)
    assert move == Discard(parse_card("2c"))


def test_donates_everything_it_can_then_discards_the_highest_penalty() -> None:
    table = ((Meld.from_text("run", "4c 5c 6c 7c"),), (Meld.from_text("set", "Kh Kd Ks"),))
    bot = HeuristicBot()
    hand = "8c Kc 2h 9s Ah 5d"
    moves = []
    while True:
        view = make_view(hand, table=table, laid_down=(True, True))
        move = bot.act(view)
        moves.append(move)
        if not isinstance(move, Donate):
            break
        meld = table[move.owner][move.meld].extend(move.card, move.as_card)
        row = list(table[move.owner])
        row[move.meld] = meld
        table = tuple(tuple(row) if i == move.owner else t for i, t in enumerate(table))  # type: ignore[assignment]
        cards = list(parse_hand(hand))
        cards.remove(move.card)
        hand = " ".join(str(c) for c in cards)
    donated = {str(m.card) for m in moves if isinstance(m, Donate)}
    assert donated == {"8c", "Kc", "2h"}
    assert moves[-1] == Discard(parse_card("Ah"))  # 15 points, more than the 9 or the 5


def test_a_joker_goes_where_a_held_card_can_follow() -> None:
    table = ((Meld.from_text("run", "4c 5c 6c 7c"),), ())
    view = make_view("2h 9c Qd", table=table, laid_down=(True, False))
    # As 3♣ or 8♣? As 8♣, so that the 9♣ it holds can follow.
    assert HeuristicBot().act(view) == Donate(parse_card("2h"), 0, 0, parse_card("8c"))


def test_random_bot_is_deterministic_from_its_seed() -> None:
    game = Game(players=2, seed=3)
    view = game.view(game.round.turn)
    first = [RandomBot(9).act(view) for _ in range(3)]
    assert len(set(first)) == 1 and first[0] in legal_moves(view)


# --- heuristic against random ----------------------------------------------------------------------


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    one = simulate(20, players=2, bots=[H, R], seed=1, workers=1, progress=False)
    two = simulate(20, players=2, bots=[R, H], seed=2, workers=1, progress=False)
    wins = int(one["won_0"].sum() + two["won_1"].sum())
    assert wins >= 36, wins  # of 40
    # One heuristic bot against three random ones, in every seat.
    wins = 0
    for seat in range(4):
        bots: list[type] = [R, R, R, R]
        bots[seat] = H
        df = simulate(3, players=4, bots=bots, seed=seat, workers=1, progress=False)
        wins += int(df[f"won_{seat}"].sum())
    assert wins >= 11, wins  # of 12


# --- simulations -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_run() -> tuple[pd.DataFrame, pd.DataFrame]:
    result = simulate(6, players=3, bots=[H, R, H], seed=5, workers=1, per_round=True, progress=False)
    assert isinstance(result, tuple)
    return result


def test_simulate_is_deterministic_and_the_same_on_two_workers(small_run: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, rounds = small_run
    again = simulate(6, players=3, bots=[H, R, H], seed=5, workers=2, per_round=True, progress=False)
    assert isinstance(again, tuple)
    pd.testing.assert_frame_equal(games, again[0])
    pd.testing.assert_frame_equal(rounds, again[1])
    other = simulate(6, players=3, bots=[H, R, H], seed=6, workers=1, progress=False)
    assert isinstance(other, pd.DataFrame)
    assert list(other["seed"]) != list(games["seed"])


def test_a_simulated_game_is_play_game_with_its_seed(small_run: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, _rounds = small_run
    row = games.iloc[3]
    assert row["seed"] == game_seed(5, 3)
    game = play_game(players=3, bots=[H, R, H], seed=int(row["seed"]))
    assert len(game.rounds) == row["rounds"] and game.winners == row["winners"]
    assert [game.penalties[p] for p in range(3)] == [row[f"penalties_{p}"] for p in range(3)]
    assert row.to_dict() == game_row(game, 3, ["HeuristicBot", "RandomBot", "HeuristicBot"])


def test_the_round_table_agrees_with_the_game_table(small_run: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, rounds = small_run
    assert list(games["game"]) == list(range(6))
    assert list(games.columns[:8]) == ["game", "seed", "players", "rounds", "turns", "winners", "impossible", "stalemates"]
    per_game = rounds.groupby("game")
    assert (per_game.size() == games.set_index("game")["rounds"]).all()
    assert (per_game["turns"].sum() == games.set_index("game")["turns"]).all()
    for game_index, group in per_game:
        row = games.set_index("game").loc[game_index]
        assert list(group["round"]) == list(range(1, len(group) + 1))
        assert list(group["dealer"]) == [(n - 1) % 3 for n in group["round"]]
        assert (group["reason"] == "impossible").sum() == row["impossible"]
        assert (group["reason"] == "stalemate").sum() == row["stalemates"]
        last = group.iloc[-1]
        for p in range(3):
            assert group[f"penalties_{p}"].sum() == row[f"penalties_{p}"]
            assert min(9, 1 + int(group[f"laid_down_{p}"].sum())) == row[f"level_{p}"]
            assert row[f"won_{p}"] == (p in row["winners"])
            if p in row["winners"]:
                assert last[f"level_{p}"] == 9 and last[f"laid_down_{p}"]
        outs = group[group["reason"] == "out"]
        assert all(o[f"penalties_{int(o['out'])}"] == 0 for _i, o in outs.iterrows())


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="backend"):
        simulate(1, backend="threads", progress=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers"):
        simulate(1, workers=0, progress=False)
    empty = simulate(0, progress=False)
    assert isinstance(empty, pd.DataFrame) and empty.empty and "winners" in empty.columns


def test_the_dask_backend_gives_the_same_frame(small_run: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(6, players=3, bots=[H, R, H], seed=5, backend="dask", client=client, per_round=True, progress=False)
    assert isinstance(result, tuple)
    pd.testing.assert_frame_equal(small_run[0], result[0])
    pd.testing.assert_frame_equal(small_run[1], result[1])


# --- the engine's shortcuts give the answers they replace ------------------------------------------


def test_the_safety_valve_witnesses_agree_with_the_checker() -> None:
    rng = random.Random(0)
    deck = list(full_deck()) * 2
    for trial in range(60):
        rng.shuffle(deck)
        rnd = Round(UPTO9, [1, 1], 0, deck)
        size = rng.choice([6, 9, 12, 20, 40, 90])
        for _ in range(3):  # the same round, its cards shrinking, as in play
            cards = rng.sample(deck, size)
            levels = sorted(rng.sample(range(1, 10), rng.choice([1, 2, 3])))
            expected = any(holds(cards, level) for level in levels)
            assert rnd._any_level_holds(cards, levels) == expected, (trial, levels, cards)
            size = max(4, size - rng.randrange(1, 8))


def test_legal_donations_are_what_the_melds_accept() -> None:
    rng = random.Random(1)
    seen = 0
    for seed in range(4):
        game = Game(players=3, seed=seed)
        bots = [HeuristicBot(), RandomBot(seed), HeuristicBot()]
        while not game.over and seen < 200:
            rnd = game.round
            while rnd.end is None:
                view = rnd.view(rnd.turn)
                if view.phase is Phase.PLAY and view.laid_down[view.player]:
                    got = [m for m in legal_moves(view) if isinstance(m, Donate)]
                    want = [
                        Donate(card, owner, index, face)
                        for card in sorted(set(view.hand))
                        for owner, melds in enumerate(view.table)
                        for index, meld in enumerate(melds)
                        for face in meld.open_cards()
                        if meld.accepts(card, face, view.rules)
                    ]
                    assert got == want
                    seen += 1
                game.play(bots[rnd.turn].act(view) if rng.random() < 0.9 else rng.choice(legal_moves(view)))
            if not game.over:
                game.next_round()
    assert seen >= 50


def test_a_card_the_bot_calls_idle_changes_nothing() -> None:
    """The heuristic bot skips the checker for a card it calls idle: adding it must leave the
    hand exactly as many cards short, with as many missing slots."""
    rng = random.Random(5)
    deck = list(full_deck()) * 2
    idle = 0
    for _ in range(3000):
        level = rng.randint(1, 9)
        cards = rng.sample(deck, 12)
        hand, card = cards[:11], cards[11]
        if not _idle(card, hand, UPTO9.level(level), UPTO9):
            continue
        idle += 1
        before, after = check(hand, level), check([*hand, card], level)
        assert before.ok == after.ok
        if not before.ok:
            assert (before.cards_short, len(before.closest.missing)) == (after.cards_short, len(after.closest.missing)), (level, hand, card)
    assert idle >= 200
