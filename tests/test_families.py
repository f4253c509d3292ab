"""One invariant suite for every registered game family, in the style of OpenSpiel's random
simulation test: bots play seeded games of each family's standard rule set and of its house rule
sets, and the engine must keep, for every family alike:

1. card conservation: at every step the hands, the table, the discard pile and the deck hold
   exactly the dealt deck (as a multiset), and the dealt deck is the game's cards;
2. legal moves only: every move a bot makes is one ``legal_moves()`` offers, and a move it does
   not offer (drawn at random from plausible candidates: draws, discards naming anyone, donations
   to any meld as any face, lay-downs that cannot be right) is refused with ``RuleError``;
3. a refused move changes nothing (a full snapshot of the game and its round, before and after);
4. a player's view shows the player's own hand, the table and the discard pile, and no other card:
   never another player's hand or the deck's order (the cards in every field of the ``View``);
5. games end within the engine's limits (``MAX_ROUNDS_PER_GAME``, ``MAX_TURNS_PER_ROUND``), and
   every round's end agrees with the cards left;
6. a game's record round-trips: save, load and save again give the same bytes, the same record
   and the same scores, at any point of the game;
7. the same seed plays the same game.

Nothing here names a family. The numbered suite is the rummies' (``upto9.family.rummies()``, which
have levels, melds and a lay-down checker); the ``test_turn_model_...`` tests at the end are every
family's, a rummy or not (``families()``), through the core protocol only (``GameFamily``,
``FamilyGame``, ``FamilyRound``: zones, views, legal moves, records), and a family plugged in from
outside runs them as soon as it is installed (tests/test_plugin_family.py, with the toy family of
tests/plugin_family). The rummy cases are each rummy (test ids: the family's key) with its
standard rule set (``family.rules``), its house rule sets (the family's
``house_rules`` keys if it lists them, the package's other built-in rule sets of the family, and
the house-rule files in tests/rulesets/ of the family). A rummy registered under the
``upto9.families`` entry points runs this suite as soon as it is installed. Each family's own
rules are its own named tests (tests/test_game_rules.py, tests/test_phase10_game.py, the
property files tests/test_game_properties.py and tests/test_phase10_properties.py) and its own
recorded playthroughs (tests/test_playthrough.py, tests/test_phase10_playthrough.py).

CI-sized (hypothesis, derandomized by tests/conftest.py); ``UPTO9_FUZZ_EXAMPLES=40`` plays that
many games per test and rule set.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_helpers import fuzz_examples
from tests.game_helpers import check_cards, check_records, check_round_end, full_snapshot
from upto9.bots import HeuristicBot, RandomBot
from upto9.cards import PlayingCard
from upto9.family import FamilyGame, FamilyRound, GameFamily, RummyFamily, families, rummies
from upto9.game import (
    ChoiceView,
    Discard,
    Donate,
    Draw,
    Game,
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
from upto9.records import RecordError, game_record, load_game, replay, save_game
from upto9.rules import Rules, builtin_rules, load_rules
from upto9.simulate import MAX_ROUNDS_PER_GAME, bot_seed, play_game

HOUSE_FILES = Path(__file__).parent / "rulesets"
LONG = bool(fuzz_examples(0))  # UPTO9_FUZZ_EXAMPLES is set: a longer hunt, whole games checked move by move
CHECKED_MOVES = 250  # CI-sized: the rounds of a game's first 250 moves (a few rounds), checked move by move
PROBES_PER_MOVE = 4  # refused candidates tried before each move: one of each kind of move
SECONDS_PER_GAME = 60.0  # a safety bound for one checked game on a loaded machine, not a speed target


def _shipped_keys() -> list[str]:
    folder = resources.files("upto9") / "rulesets"
    return sorted(f.name.removesuffix(".toml") for f in folder.iterdir() if f.name.endswith(".toml"))


def rule_sets(family: RummyFamily) -> list[Rules]:
    """The family's standard rule set first, then its house rule sets (each once)."""
    keys = list(getattr(family, "house_rules", ()))
    keys += [key for key in _shipped_keys() if key not in keys and builtin_rules(key).family == family.key]
    found = [family.rules, *(builtin_rules(key) for key in keys)]
    found += [rules for rules in (load_rules(path) for path in sorted(HOUSE_FILES.glob("*.toml"))) if rules.family == family.key]
    unique: dict[str, Rules] = {}
    for rules in found:
        unique.setdefault(rules.key or rules.name, rules)
    return list(unique.values())


CASES = [(family, rules) for family in rummies() for rules in rule_sets(family)]
IDS = [family.key if rules is family.rules else f"{family.key}-{rules.key}" for family, rules in CASES]


def test_every_registered_rummy_is_a_case_with_its_standard_rules_first() -> None:
    assert [family.key for family, rules in CASES if rules is family.rules] == [f.key for f in rummies()]
    assert len(set(IDS)) == len(IDS)
    for family, rules in CASES:
        assert rules.family == family.key, (family.key, rules.name)


# --- what the checks look at --------------------------------------------------------------------------


def cards_in(value: Any) -> list[PlayingCard]:
    """Every card anywhere inside a value (a meld counts its placed cards, not their faces)."""
    if isinstance(value, PlayingCard):
        return [value]
    if isinstance(value, str | bytes | int | float | Enum | type(None)):
        return []
    placed = getattr(value, "cards", None)
    if placed is not None and hasattr(value, "kind"):  # a meld (``TableMeld``), duck-typed: quicker than the protocol
        return [p.card for p in placed]
    if isinstance(value, Mapping):
        return [card for item in value.items() for card in cards_in(item)]
    if isinstance(value, tuple | list | set | frozenset):
        return [card for item in value for card in cards_in(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [card for f in dataclasses.fields(value) for card in cards_in(getattr(value, f.name))]
    return []


def table_cards(rnd: Round) -> list[PlayingCard]:
    return [placed.card for melds in rnd.table for meld in melds for placed in meld.cards]


class Where:
    """Where a check is: the rule set, seed, players, round and move, for every failure message."""

    def __init__(self, rules: Rules, seed: int | str, players: int) -> None:
        self.rules, self.seed, self.players = rules, seed, players
        self.round, self.move = 0, 0

    def __str__(self) -> str:
        return f"{self.rules.key} seed={self.seed!r} players={self.players} round {self.round} move {self.move}"


def check_views(rnd: Round, where: Where) -> None:
    """Invariant 4: each view holds the player's own hand, the table and the discard pile, and no other card."""
    public = Counter(rnd.discard_pile) + Counter(table_cards(rnd))
    for player in range(rnd.players):
        view = rnd.view(player)
        assert view.rules == rnd.rules
        shown = Counter(card for f in dataclasses.fields(View) if f.name != "rules" for card in cards_in(getattr(view, f.name)))
        assert shown == Counter(rnd.hands[player]) + public, f"{where}: player {player}'s view shows {shown - Counter(rnd.hands[player]) - public}"
        assert view.hand == tuple(rnd.hands[player]) and view.discard == tuple(rnd.discard_pile)
        assert view.deck_count == len(rnd.deck) and view.hand_counts == tuple(len(hand) for hand in rnd.hands)
        assert [name for name in dir(view) if "deck" in name.lower() and not name.startswith("_")] == ["deck_count"]
        assert not hasattr(view, "__dict__")  # slots: nothing can be attached to a view
        if player != rnd.turn or rnd.over:
            assert legal_moves(view) == [], f"{where}: player {player} is offered moves out of turn"


# --- moves a bot would not make ----------------------------------------------------------------------


def offered(move: Move, legal: list[Move]) -> bool:
    """Is ``move`` one ``legal_moves`` offers (a donation: of that card to that meld)?"""
    if move in legal:
        return True
    if isinstance(move, Donate):
        # A face may have more than one spelling (no face: the engine picks; a joker in a set as
        # a rank or as a card of it), so a donation of a card to a meld it offers is not probed.
        return any(isinstance(m, Donate) and (m.card, m.owner, m.meld) == (move.card, move.owner, move.meld) for m in legal)
    return False


def certainly_wrong_lay_downs(rnd: Round, lay_downs: list[LayDown], rng: random.Random) -> Iterator[LayDown]:
    """Lay-downs no rule allows now, from lay-downs seen this round (legal once, or on the table):
    before drawing, after laying down, as a level the player may not lay down this round, with a
    card the player does not hold; and the empty lay-down. (A lay-down ``legal_moves`` does not
    offer may still be valid: it offers the checker's best one only.)"""
    player = rnd.turn
    hand = Counter(rnd.hands[player])
    yield LayDown(())
    played = rnd.rules.played_levels
    wrong_levels = [n for n in (0, max(played) + 1, *played) if n not in rnd.choices(player)]
    for lay in rng.sample(lay_downs, min(3, len(lay_downs))):
        cards = Counter(placed.card for meld in lay.melds for placed in meld.cards)
        if rnd.phase is not Phase.PLAY or rnd.laid_down[player] or cards - hand:
            yield lay
        if wrong_levels:
            yield LayDown(lay.melds, rng.choice(wrong_levels))


def candidates(game: Game, legal: list[Move], lay_downs: list[LayDown], rng: random.Random) -> list[Move]:
    """Plausible moves ``legal_moves`` does not offer now, each of which the engine must refuse."""
    rnd = game.round
    player = rnd.turn
    hand = sorted(set(rnd.hands[player]), key=str)
    elsewhere = sorted(set(rnd.deck_order) - set(hand), key=str)
    cards = rng.sample(hand, min(4, len(hand))) + rng.sample(elsewhere, min(2, len(elsewhere)))
    moves: list[Move] = [Draw(source) for source in Source]
    targets = (None, *range(rnd.players + 1))
    moves += [Discard(card, rng.choice(targets)) for card in cards for _ in range(2)]
    faces: list[Any] = [None, *dict.fromkeys(m.as_card for m in legal if isinstance(m, Donate))]  # in order: seeded runs repeat
    for melds in rnd.table:
        for meld in melds:
            faces += [getattr(placed, "face", None) for placed in meld.cards[:1] + meld.cards[-1:]]
            faces += list(getattr(meld, "open_cards", tuple)())
    tabled = [(owner, index) for owner in range(rnd.players) for index in range(len(rnd.table[owner]))]
    nowhere = [(owner, len(rnd.table[owner])) for owner in range(rnd.players)] + [(rnd.players, 0)]
    for card in cards:
        for _ in range(3):
            owner, index = rng.choice(tabled if tabled and rng.random() < 0.8 else nowhere)
            moves.append(Donate(card, owner, index, rng.choice(faces)))
    moves += list(certainly_wrong_lay_downs(rnd, lay_downs, rng))
    # One of each kind of move a turn (draw, lay-down, donation, discard), in a seeded order.
    kinds: dict[type, list[Move]] = {}
    for move in moves:
        if not offered(move, legal):
            kinds.setdefault(type(move), []).append(move)
    return [rng.choice(wrong) for wrong in kinds.values()][:PROBES_PER_MOVE]


def refused(game: Game, attempt: Callable[[], object], what: str, where: Where, before: Any = None) -> None:
    """Invariants 2 and 3: ``attempt`` raises ``RuleError`` and the game is exactly as it was
    (``before``: its snapshot, if taken already)."""
    before = full_snapshot(game) if before is None else before
    try:
        attempt()
    except RuleError:
        pass
    else:
        raise AssertionError(f"{where}: {what} was accepted, but legal_moves() does not offer it")
    assert full_snapshot(game) == before, f"{where}: the refused {what} changed the game"


# --- one game, checked after every move ---------------------------------------------------------------


def seat_bots(seed: int | str, players: int, random_seats: frozenset[int]) -> list[HeuristicBot | RandomBot]:
    return [RandomBot(bot_seed(seed, p)) if p in random_seats else HeuristicBot(bot_seed(seed, p)) for p in range(players)]


def choose(game: Game, bots: list[HeuristicBot | RandomBot], where: Where, rng: random.Random) -> None:
    """Before a deal that waits for choices: each player's choice view shows no card; a level not
    open is refused and changes nothing; the bot's choice is open."""
    for seat in game.to_choose:
        view = game.choice_view(seat)
        assert isinstance(view, ChoiceView) and cards_in(view) == [], where
        shut = [n for n in (0, max(game.rules.played_levels) + 1, *game.rules.played_levels) if n not in view.open]
        wrong = rng.choice(shut)
        refused(game, lambda seat=seat, wrong=wrong: game.choose_phase(seat, wrong), f"choosing a level that is not open for seat {seat}", where)
        level = bots[seat].choose_phase(view)
        assert level in view.open, where
        game.choose_phase(seat, level)


def play_checked(rules: Rules, seed: int, players: int, random_seats: frozenset[int], moves: int | None = None) -> Game:
    """A game by bots with every invariant checked before and after every move: to its end, or
    to the end of the round in which ``moves`` moves have been played."""
    where = Where(rules, seed, players)
    rng = random.Random(f"probes:{seed}")
    game = Game(players=players, rules=rules, seed=seed)
    bots = seat_bots(seed, players, random_seats)
    started, played = time.monotonic(), 0
    while True:
        if not game.rounds or game.round.over:
            choose(game, bots, where, rng)
            game.next_round()
        rnd = game.round
        where.round, where.move = len(game.rounds), 0
        assert rnd.dealer == (len(game.rounds) - 1) % players, where
        lay_downs: list[LayDown] = []
        while not rnd.over:
            where.move += 1
            check_cards(rnd, where)
            check_views(rnd, where)
            legal = game.legal_moves()
            assert legal, f"{where}: the player to move has no move"
            lay_downs += [m for m in legal if isinstance(m, LayDown)]
            lay_downs += [LayDown(tuple(melds)) for melds in rnd.table if melds]
            before = full_snapshot(game)
            for move in candidates(game, legal, lay_downs, rng):
                refused(game, lambda move=move: game.play(move), repr(move), where, before)
            if where.move % 50 == 1:
                refused(game, game.next_round, "dealing while the round is played", where, before)
            seat = rnd.turn
            move = bots[seat].act(rnd.view(seat))
            assert offered(move, legal), f"{where}: seat {seat}'s bot played {move!r}, which legal_moves() does not offer"
            seen = len(rnd.history)
            game.play(move)
            check_records(rnd, seen, where)
            played += 1
            assert time.monotonic() - started < SECONDS_PER_GAME, f"{where}: the game runs too long"
        check_views(rnd, where)
        check_round_end(rnd, where)
        before = full_snapshot(game)
        for move in (Draw(Source.DECK), Discard(next(card for hand in rnd.dealt for card in hand))):
            refused(game, lambda move=move: game.play(move), f"{move!r} after the round ended", where, before)
        assert all(level in rules.played_levels for level in game.levels), where
        if game.over:
            assert game.winners and set(game.winners) <= set(range(players)), where
            refused(game, game.next_round, "dealing after the game ended", where)
            return game
        assert len(game.rounds) < MAX_ROUNDS_PER_GAME, f"{where}: the game does not end"
        if moves is not None and played >= moves:
            return game


def seats(data: st.DataObject, rules: Rules, most_random: int) -> tuple[int, frozenset[int]]:
    """A player count within the rules and the seats played by random bots (at most ``most_random``)."""
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    random_seats = data.draw(st.frozensets(st.integers(0, players - 1), max_size=min(most_random, players)), label="random seats")
    return players, random_seats


def examples(family: RummyFamily, rules: Rules, standard: int, house: int = 1) -> settings:
    """CI-sized: ``standard`` examples for the family's standard rule set, ``house`` for each
    house rule set; ``UPTO9_FUZZ_EXAMPLES`` for each when it is set."""
    return settings(max_examples=fuzz_examples(standard if rules is family.rules else house))


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_every_move_of_bot_games_keeps_the_invariants(family: RummyFamily, rules: Rules) -> None:
    """Invariants 1-5 before and after every move (CI-sized: the rounds of a game's first
    ``CHECKED_MOVES`` moves; whole games when ``UPTO9_FUZZ_EXAMPLES`` is set)."""

    @examples(family, rules, 2)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**31), label="seed")
        players, random_seats = seats(data, rules, 1)
        game = play_checked(rules, seed, players, random_seats, None if LONG else CHECKED_MOVES)
        assert all(rnd.over for rnd in game.rounds)

    run()


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_a_view_is_a_frozen_copy_the_player_cannot_change_the_round_through(family: RummyFamily, rules: Rules) -> None:
    game = Game(players=rules.min_players, rules=rules, seed=1)
    rnd = dealt(game)
    view = rnd.view(rnd.turn)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert isinstance(view.hand, tuple) and isinstance(view.discard, tuple) and isinstance(view.table, tuple)
    with pytest.raises(RuleError):
        rnd.view(rnd.players)


# --- whole games: they end, and their records round-trip ---------------------------------------------


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_bot_games_end_within_the_limits_and_each_round_end_is_consistent(family: RummyFamily, rules: Rules) -> None:
    """Invariants 1 and 5 on whole games, a round's end at a time (``simulate.play_game``)."""

    @examples(family, rules, 3)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**31), label="seed")
        players, random_seats = seats(data, rules, 1)
        kinds = [RandomBot if p in random_seats else HeuristicBot for p in range(players)]
        game = play_game(players=players, rules=rules, bots=kinds, seed=seed)
        where = Where(rules, seed, players)
        assert game.over and game.winners and len(game.rounds) <= MAX_ROUNDS_PER_GAME, where
        assert len(game.rounds) >= len(rules.played_levels), f"{where}: a player made more than one level in a round"
        for number, rnd in enumerate(game.rounds, start=1):
            where.round = number
            assert rnd.dealer == (number - 1) % players, where
            check_round_end(rnd, where)

    run()


def public(rnd: Round) -> tuple[Any, ...]:
    """A round's state as play sees it (not its random source: a replay takes the recorded shuffles)."""
    return (rnd.hands, rnd.deck, rnd.discard_pile, rnd.table, rnd.laid_down, rnd.turn, rnd.phase, rnd.history, rnd.end, rnd.turns, rnd.waiting_skip)


def score(game: Game) -> tuple[Any, ...]:
    return (list(game.levels), [list(m) for m in game.made], list(game.penalties), game.winners, game.deciding, game.chosen, game.over)


def round_trip(game: Game, folder: Path) -> Game:
    """Save, load and save again: the same bytes, the same record, the same scores and round."""
    first, second = folder / "first.json", folder / "second.json"
    save_game(game, first)
    loaded = load_game(first)
    save_game(loaded, second)
    assert second.read_bytes() == first.read_bytes()
    assert game_record(loaded) == game_record(game) and score(loaded) == score(game)
    if game.rounds:
        assert public(loaded.round) == public(game.round)
    return loaded


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_a_saved_game_loads_and_saves_byte_identical_at_any_point(family: RummyFamily, rules: Rules, tmp_path: Path) -> None:
    """Invariant 6: a game by bots (a random one in seat 0), with a number or a text seed,
    round-trips before its first move, after one, after a drawn number of steps (mid-turn,
    mid-round, between rounds, between choices before a deal) and once over; replaying its
    record leaves the record untouched."""

    @examples(family, rules, 3, 1)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**31) | st.text(min_size=1, max_size=12), label="seed")
        players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
        stops = {0, 1, data.draw(st.integers(2, 400), label="stop after steps")}
        game = Game(players=players, rules=rules, seed=seed, names=[f"P{p}" for p in range(players)])
        bots = seat_bots(seed, players, frozenset({0}))
        steps = 0
        while not game.over:
            if steps in stops:
                round_trip(game, tmp_path)
            if game.rounds and not game.round.over:
                seat = game.round.turn
                game.play(bots[seat].act(game.view(seat)))
            elif game.to_choose:
                seat = game.to_choose[0]
                game.choose_phase(seat, bots[seat].choose_phase(game.choice_view(seat)))
            else:
                game.next_round()
            steps += 1
        round_trip(game, tmp_path)
        record = game_record(game)
        kept = copy.deepcopy(record)
        assert game_record(replay(record)) == kept and record == kept

    run()


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_random_play_reshuffles_the_discard_pile_and_the_record_round_trips(family: RummyFamily, rules: Rules, tmp_path: Path) -> None:
    """Random legal moves make long rounds: the deck runs out, the discard pile is reshuffled
    (recorded), and the replay takes the recorded order."""
    seed = f"reshuffle {rules.key}"
    game = Game(players=rules.min_players, rules=rules, seed=seed)
    rng = random.Random(seed)
    while not any(isinstance(record, Reshuffled) for rnd in game.rounds for record in rnd.history) and not game.over:
        if game.rounds and not game.round.over:
            game.play(rng.choice(game.legal_moves()))
        elif game.to_choose:
            game.choose_phase(game.to_choose[0], rng.choice(game.choice_view(game.to_choose[0]).open))
        else:
            game.next_round()
    assert any(action["type"] == "reshuffle" for r in game_record(game)["rounds"] for action in r["actions"]), "random play never reshuffled"
    round_trip(game, tmp_path)


# --- determinism ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("family", "rules"), CASES, ids=IDS)
def test_the_same_seed_plays_the_same_game(family: RummyFamily, rules: Rules) -> None:
    """Invariant 7: a seed deals the same decks and, with the same bots, plays the same game;
    another seed deals another deck."""

    @examples(family, rules, 2)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**31), label="seed")
        players, random_seats = seats(data, rules, 1)
        kinds = [RandomBot if p in random_seats else HeuristicBot for p in range(players)]
        once = game_record(play_game(players=players, rules=rules, bots=kinds, seed=seed))
        assert game_record(play_game(players=players, rules=rules, bots=kinds, seed=seed)) == once
        assert [str(card) for card in dealt(Game(players=players, rules=rules, seed=seed)).deck_order] == once["rounds"][0]["deck"]
        assert [str(card) for card in dealt(Game(players=players, rules=rules, seed=seed + 1)).deck_order] != once["rounds"][0]["deck"]

    run()


def dealt(game: Game) -> Round:
    """The game's first round, dealt once every player has chosen (if the rules ask for choices)."""
    for seat in game.to_choose:
        game.choose_phase(seat, game.choice_view(seat).open[0])
    return game.round if game.rounds else game.next_round()


# --- the turn model: every family, a rummy or not, through the core protocol only ------------------
#
# These tests know a game only as ``upto9.family`` describes it (``GameFamily``, ``FamilyGame``,
# ``FamilyRound``): ``new_game``, ``legal_moves``, ``play``, ``zones``, ``visible``, ``view``,
# ``scores``, ``history``, and the records of ``upto9.records`` (``any_family=True``). A family
# plugged in from outside runs them as soon as it is installed (tests/test_plugin_family.py does,
# with the toy family of tests/plugin_family).

TURN_MODEL = list(families())
TURN_MODEL_IDS = [family.key for family in TURN_MODEL]
TURN_MODEL_MOVES = 300  # CI-sized: moves checked one by one per game (whole games with UPTO9_FUZZ_EXAMPLES)
TURN_MODEL_SEEDS = (3, 8)


def family_bots(family: GameFamily, players: int, seed: int) -> list[Any]:
    """A random player in seat 0, the family's first bot (``bots()``) or a random one elsewhere."""
    named = getattr(family, "bots", None)
    default = next(iter(named().values()), RandomBot) if callable(named) else RandomBot
    return [RandomBot(bot_seed(seed, p)) if p == 0 else default(bot_seed(seed, p)) for p in range(players)]


def turn_snapshot(game: FamilyGame) -> tuple[Any, ...]:
    """What a refused move must leave as it was: every zone, the turn, the history, the scores."""
    rnd = game.round
    return (rnd.zones(), rnd.turn, rnd.over, [r.to_dict() for r in rnd.history], len(game.rounds), game.totals, game.over)


def foreign_moves(family: GameFamily) -> list[object]:
    """Moves of the other families' first deals, and things that are no move at all."""
    moves: list[object] = [None, object(), "pick_up", 0]
    for other in families():
        if other.key != family.key:
            moves += list(other.new_game(other.rules, other.rules.min_players, 0, None).legal_moves())
    return moves


def mutated(move: object, rnd: FamilyRound, rng: random.Random) -> Iterator[object]:
    """Offered moves made wrong: a card the player to move does not hold, a seat or slot far out
    of range (each field of the move's dataclass in turn)."""
    if not dataclasses.is_dataclass(move) or isinstance(move, type):
        return
    held = Counter(rnd.zones()[f"hand.{rnd.turn}"])
    strangers = sorted({card for card in rnd.deck_order if card not in held}, key=str)
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if isinstance(value, PlayingCard) and strangers:
            yield dataclasses.replace(move, **{f.name: rng.choice(strangers)})
        elif isinstance(value, int) and not isinstance(value, bool | Enum):
            yield dataclasses.replace(move, **{f.name: value + 1000})


def check_turn_model_round(rnd: FamilyRound, deck: Counter[PlayingCard], where: str) -> None:
    """Card conservation and what views hide, for the round as it stands."""
    zones = rnd.zones()
    assert sum((Counter(cards) for cards in zones.values()), Counter()) == deck == Counter(rnd.deck_order), f"{where}: cards not conserved"
    assert all(rnd.visible(p) <= set(zones) for p in range(rnd.players)), where
    for player in range(rnd.players):
        view = rnd.view(player)
        assert view.player == player and view.rules == rnd.rules, where
        assert dataclasses.is_dataclass(view), f"{where}: a view is a dataclass"
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.player = player  # type: ignore[misc]  # a frozen one: the seat cannot change the round through it
        seen = Counter(card for f in dataclasses.fields(view) if f.name != "rules" for card in cards_in(getattr(view, f.name)))
        shown = sum((Counter(zones[zone]) for zone in rnd.visible(player)), Counter())
        assert not seen - shown, f"{where}: player {player}'s view shows {sorted(map(str, (seen - shown).elements()))}, which that seat does not see"


def play_turn_model(family: GameFamily, seed: int, players: int, moves: int | None) -> FamilyGame:
    """A seeded game by bots through the core protocol, every invariant checked at each move: its
    first ``moves`` moves (CI-sized), or the whole game when ``moves`` is ``None``."""
    rules = family.rules
    rng = random.Random(f"turn model:{family.key}:{seed}")
    game = family.new_game(rules, players, seed, None)
    deck = Counter(list(rules.one_deck()) * rules.decks_for(players))
    bots = [RandomBot(bot_seed(seed, p)) for p in range(players)]  # each move one of legal_moves(view), by the protocol alone
    strangers = foreign_moves(family)
    seen: list[object] = []  # moves offered earlier in the game, a few of each kind
    played, started = 0, time.monotonic()
    while not game.over:
        rnd = game.round
        while not rnd.over:
            where = f"{family.key} seed={seed} players={players} round {len(game.rounds)} move {played + 1}"
            legal = list(rnd.legal_moves())
            if moves is None or played < moves:
                check_turn_model_round(rnd, deck, where)
                assert legal, f"{where}: the player to move has no move"
                assert list(family.legal_moves(rnd.view(rnd.turn))) == legal, f"{where}: legal_moves(view) is not the round's legal_moves()"
                for other in range(players):
                    if other != rnd.turn:
                        assert not family.legal_moves(rnd.view(other)), f"{where}: seat {other} is offered moves out of turn"
                wrong = [m for m in strangers if m not in legal]
                wrong = rng.sample(wrong, min(2, len(wrong))) + [m for move in rng.sample(legal, min(2, len(legal))) for m in mutated(move, rnd, rng)]
                # Moves of a kind offered before but none of which is offered now (picking up while a
                # card plays, a blind card while the hand holds cards, drawing after the draw).
                kinds = {type(m) for m in legal}
                earlier = [m for m in seen if type(m) not in kinds]
                wrong += rng.sample(earlier, min(2, len(earlier)))
                seen.extend(m for m in legal if type(m) not in {type(k) for k in seen} or rng.random() < 0.05)
                before = turn_snapshot(game)
                for move in wrong:
                    if move in legal:
                        continue
                    with pytest.raises(RuleError) as refusal:
                        game.play(move)
                    assert refusal.value.msg is not None, f"{where}: {move!r} was refused without a message"
                    assert turn_snapshot(game) == before, f"{where}: the refused {move!r} changed the game"
            if moves is not None and played >= moves:
                return game  # CI-sized: the checked moves are done
            move = bots[rnd.turn].act(rnd.view(rnd.turn))
            assert move in legal, f"{where}: the bot played {move!r}, which legal_moves() does not offer"
            game.play(move)
            played += 1
            assert time.monotonic() - started < SECONDS_PER_GAME, f"{where}: the game runs too long"
        check_turn_model_round(rnd, deck, f"{family.key} seed={seed} round {len(game.rounds)} end")
        if not game.over:
            assert len(game.rounds) < MAX_ROUNDS_PER_GAME, f"{family.key} seed={seed}: the game does not end"
            with pytest.raises(RuleError):
                game.round.play(None)
            game.next_round()
    return game


@pytest.mark.parametrize("family", TURN_MODEL, ids=TURN_MODEL_IDS)
def test_turn_model_conserves_cards_offers_only_legal_moves_refuses_the_rest_and_hides_cards(family: GameFamily) -> None:
    """Card conservation, legal moves only, a refused move changes nothing, views hide what they
    must: at every move of the first ``TURN_MODEL_MOVES`` of seeded bot games, for every family."""
    for seed in TURN_MODEL_SEEDS:
        players = family.rules.min_players + seed % (family.rules.max_players - family.rules.min_players + 1)
        game = play_turn_model(family, seed, players, None if LONG else TURN_MODEL_MOVES)
        assert all(rnd.over for rnd in game.rounds[:-1]) and (game.over or not LONG)


@pytest.mark.parametrize("family", TURN_MODEL, ids=TURN_MODEL_IDS)
def test_turn_model_games_end_within_the_limits_and_the_totals_add_up(family: GameFamily) -> None:
    """Games end (``play_game(any_family=True)``, the family's default bots), within
    ``MAX_ROUNDS_PER_GAME``; winners hold the fewest totals; a finished game takes no more moves."""
    for seed in TURN_MODEL_SEEDS:
        game = play_game(players=family.rules.min_players, rules=family.rules, seed=seed, any_family=True)
        assert game.over and 1 <= len(game.rounds) <= MAX_ROUNDS_PER_GAME and all(rnd.over for rnd in game.rounds)
        assert set(game.winners) <= set(range(game.players)) and game.winners
        if not isinstance(family, RummyFamily):  # a rummy's winners are the finishers, not the fewest points
            assert list(game.totals) == [sum(rnd.scores()[p] for rnd in game.rounds) for p in range(game.players)]
            assert set(game.winners) == {p for p in range(game.players) if game.totals[p] == min(game.totals)}
        assert not game.legal_moves()
        with pytest.raises(RuleError):
            game.next_round()


def round_trip_any(game: FamilyGame, folder: Path) -> None:
    """Save, load (``any_family=True``), save again: the same bytes and the same record."""
    first, second = folder / "first.json", folder / "second.json"
    save_game(game, first)
    loaded = load_game(first, any_family=True)
    save_game(loaded, second)
    assert second.read_bytes() == first.read_bytes(), f"{game.rules.key}: the record changed on a round trip"
    assert game_record(loaded) == game_record(game) and loaded.totals == game.totals and loaded.winners == game.winners
    assert loaded.round.zones() == game.round.zones() and loaded.round.turn == game.round.turn


@pytest.mark.parametrize("family", TURN_MODEL, ids=TURN_MODEL_IDS)
def test_turn_model_replay_is_identical_at_any_point(family: GameFamily, tmp_path: Path) -> None:
    """A game saved, loaded and saved again gives the same bytes: as dealt, mid-round, between
    rounds and once over (``upto9.records``); a record that disagrees with its replay is refused."""
    rules = family.rules
    game = family.new_game(rules, rules.min_players, "replay", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][: rules.min_players])
    bots = family_bots(family, rules.min_players, 5)
    stops, steps = {0, 1, 37}, 0
    while not game.over:
        if steps in stops or (game.round.over and len(game.rounds) == 1):
            round_trip_any(game, tmp_path)
        if game.round.over:
            game.next_round()
        else:
            game.play(bots[game.round.turn].act(game.view(game.round.turn)))
        steps += 1
    round_trip_any(game, tmp_path)
    record = game_record(game)
    kept = copy.deepcopy(record)
    assert game_record(replay(record, any_family=True)) == kept and record == kept
    actions = record["rounds"][0]["actions"]
    if actions:
        broken = copy.deepcopy(record)
        broken["rounds"][0]["actions"][0]["player"] = 99
        with pytest.raises(RecordError, match=r"round 1, action 1"):
            replay(broken, any_family=True)


@pytest.mark.parametrize("family", TURN_MODEL, ids=TURN_MODEL_IDS)
def test_turn_model_same_seed_same_game(family: GameFamily) -> None:
    """The same seed deals the same decks and, with the same bots, plays the same game; another seed deals another deck."""
    rules = family.rules
    once = game_record(play_game(players=rules.min_players, rules=rules, seed=21, any_family=True))
    assert game_record(play_game(players=rules.min_players, rules=rules, seed=21, any_family=True)) == once
    again = family.new_game(rules, rules.min_players, 21, None)
    assert [str(card) for card in again.round.deck_order] == once["rounds"][0]["deck"]
    assert [str(card) for card in family.new_game(rules, rules.min_players, 22, None).round.deck_order] != once["rounds"][0]["deck"]
