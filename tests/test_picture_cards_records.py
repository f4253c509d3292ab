"""The picture-card game's records, its recorded playthrough, its properties and its bad input at
the command line.

``tests/playthroughs/picture_cards-3p-seed50.json`` is a whole three-player game (Per with
``BestStopBot``, Lise with ``RiskBot(p=0.3)``, Kari with ``StopAfterBot(k=5)``; seed 50): the picture
cards dealt again three times, first cards sent back, 2s and 3s laid aside, aces taking picture
cards, five-card moves made and passed, ending on a pile of aces, 2s and 3s (picture ruling 6):
2-2-0, won on the points in the suits won (PC17). Regenerate it (after a
deliberate change to the records or the bots) with ``.venv/bin/python -m tests.test_picture_cards_records``
from the project's root, and review the diff: one action per line.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from upto9.bots import RandomBot
from upto9.families.picture_cards.bot import BestStopBot, RiskBot, StopAfterBot
from upto9.families.picture_cards.family import FAMILY
from upto9.families.picture_cards.game import PictureRound
from upto9.family import FamilyGame
from upto9.messages import render
from upto9.records import RecordError, game_record, load_game, replay, save_game
from upto9.simulate import bot_seed, play_game, simulate

ROOT = Path(__file__).resolve().parent.parent
PLAYTHROUGH = ROOT / "tests" / "playthroughs" / "picture_cards-3p-seed50.json"
BOTS: list[Any] = [BestStopBot, partial(RiskBot, p=0.3), partial(StopAfterBot, k=5)]


def recorded_game() -> FamilyGame:
    game = play_game(players=3, rules=FAMILY.rules, bots=BOTS, seed=50, names=["Per", "Lise", "Kari"], any_family=True)
    assert not isinstance(game, PictureRound)
    return game


def test_the_recorded_playthrough_replays_move_by_move_to_the_same_bytes_and_the_same_end(tmp_path: Path) -> None:
    game = load_game(PLAYTHROUGH, any_family=True)
    again = tmp_path / "again.json"
    save_game(game, again)
    assert again.read_bytes() == PLAYTHROUGH.read_bytes()
    record = json.loads(PLAYTHROUGH.read_text(encoding="utf-8"))
    kinds = Counter(a["type"] for a in record["rounds"][0]["actions"])
    assert {"draw", "stop", "place", "lose", "shift", "stay", "end"} <= set(kinds)
    assert any("back" in a for a in record["rounds"][0]["actions"])
    end = record["rounds"][0]["end"]
    # A 2-2-0 ending (PC17): Per and Kari win two suits each; Kari's 99 points in hers beat Per's 69.
    assert end["reason"] == "only_low" and end["won"] == [2, 0, 2] and end["won_points"] == [69, 0, 99]
    assert end["winners"] == [2] and not end["draw"] and record["result"] == {"over": True, "winners": [2], "totals": [1, 2, 0]}
    assert record["rounds"][0]["redeals"] == 3
    # The bots play it again the same way: the file is this game.
    assert game_record(recorded_game()) == record


def test_an_altered_action_is_refused_naming_the_round_and_the_action() -> None:
    record = json.loads(PLAYTHROUGH.read_text(encoding="utf-8"))
    actions = record["rounds"][0]["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "draw" and a["card"] == "9d")
    broken = copy.deepcopy(record)
    broken["rounds"][0]["actions"][index]["card"] = "9s"
    with pytest.raises(RecordError) as error:
        replay(broken, any_family=True)
    assert f"round 1, action {index + 1}" in str(error.value) and "9s" in str(error.value)
    assert "\n" not in str(error.value) and render(error.value.msg, "nb") != str(error.value)
    placed = copy.deepcopy(record)
    where = next(i for i, a in enumerate(actions) if a["type"] == "place")
    placed["rounds"][0]["actions"][where]["slot"] = 7
    with pytest.raises(RecordError, match=rf"round 1, action {where + 1}.*no picture card in place 7"):
        replay(placed, any_family=True)
    end = copy.deepcopy(record)
    end["rounds"][0]["end"]["winners"] = [0]
    with pytest.raises(RecordError, match="end"):
        replay(end, any_family=True)
    unknown = copy.deepcopy(record)
    unknown["rounds"][0]["actions"][0] = {"type": "peek", "player": 1}
    with pytest.raises(RecordError, match="no action 'peek'; the actions are keep, draw, stop, place"):
        replay(unknown, any_family=True)


def test_a_game_saves_loads_and_replays_at_any_point(tmp_path: Path) -> None:
    game = FAMILY.new_game(FAMILY.rules, 2, "points", ["Ann", "Bob"])
    bots = [StopAfterBot(bot_seed(1, p)) for p in range(2)]
    steps = 0
    while not game.over:
        if steps % 7 == 0:
            first, second = tmp_path / "a.json", tmp_path / "b.json"
            save_game(game, first)
            loaded = load_game(first, any_family=True)
            save_game(loaded, second)
            assert first.read_bytes() == second.read_bytes() and loaded.round.zones() == game.round.zones()
        game.play(bots[game.round.turn].act(game.view(game.round.turn)))
        steps += 1


def test_the_command_line_says_bad_input_in_one_line_with_exit_status_2(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "upto9", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)

    text = tmp_path / "text.toml"
    text.write_text('base = "picture_cards"\nkey = "text"\nname = "As written"\ndeal_two = 6\ndeal_three = 5\n', encoding="utf-8")
    done = run("cards", "Dk Knr 10h", "--rules", str(text))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "the deal cannot be dealt: 2 players dealt 6 picture cards each need 12, but the picture pile holds 9" in done.stderr
    record = json.loads(PLAYTHROUGH.read_text(encoding="utf-8"))
    record["rounds"][0]["actions"][0]["card"] = "9s"
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(record), encoding="utf-8")
    done = run("replay", str(altered))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "round 1, action 1" in done.stderr, done.stderr
    done = run("replay", str(PLAYTHROUGH))
    assert done.returncode == 0 and "Picture cards, 3 players, seed 50" in done.stdout and "won by Kari" in done.stdout
    done = run("cards", "Dk Knr 10h", "--rules", "picture_cards")
    assert done.returncode == 0 and "Qc Jd 10h" in done.stdout, done.stdout + done.stderr


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), random_seat=st.booleans())
def test_property_cards_are_conserved_at_every_move_and_the_same_seed_plays_the_same_game(seed: int, players: int, random_seat: bool) -> None:
    rules = FAMILY.rules
    deck = Counter(rules.one_deck())
    game = FAMILY.new_game(rules, players, seed, None)
    bots: list[Any] = [RandomBot(bot_seed(seed, p)) if random_seat and p == 0 else StopAfterBot(bot_seed(seed, p)) for p in range(players)]
    while not game.over:
        rnd = game.round
        zones = rnd.zones()
        assert sum((Counter(cards) for cards in zones.values()), Counter()) == deck
        assert sum(c is not None for seat in rnd.pictures for c in seat) <= rules.hand_size * players  # type: ignore[attr-defined]
        game.play(bots[rnd.turn].act(rnd.view(rnd.turn)))
    again = FAMILY.new_game(rules, players, seed, None)
    bots = [RandomBot(bot_seed(seed, p)) if random_seat and p == 0 else StopAfterBot(bot_seed(seed, p)) for p in range(players)]
    while not again.over:
        again.play(bots[again.round.turn].act(again.view(again.round.turn)))
    assert game_record(again) == game_record(game)


def test_simulate_counts_the_suits_the_ends_and_the_draws() -> None:
    games = simulate(20, players=2, rules=FAMILY.rules, seed=3, workers=1, progress=False)
    assert list(games.columns[-10:]) == ["turns", "end", "draw", "busts", "aces", "shifts", "suits_0", "suits_1", "suits_2", "rules"]
    assert set(games["end"]) <= {"aces_gone", "pile_empty", "only_low", "third_ace", "no_pictures"}
    assert games["suits_2"].isna().all() and (games["suits_0"] + games["suits_1"] <= 3).all()
    drawn = games[games["draw"]]
    assert all(len(w) == 2 for w in drawn["winners"]) and all(len(w) == 1 for w in games[~games["draw"]]["winners"])


if __name__ == "__main__":
    save_game(recorded_game(), PLAYTHROUGH)
    print(f"wrote {PLAYTHROUGH.relative_to(ROOT)}")
