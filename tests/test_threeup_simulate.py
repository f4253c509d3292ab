"""3UP 3DOWN explored: ``simulate`` frames with the family's own measures (turns, why a game
ended, pick-ups, clears, cards picked up), the same on processes, on Dask and in this process,
each row the game ``play_game`` plays from its seed; the family's bots by name, and the CLI's
plain one-line refusals (exit status 2) for a wrong card, an altered record and a house-rule file
out of range."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from upto9.families.threeup.bot import SamplingBot, ThreeUpBot
from upto9.families.threeup.family import FAMILY
from upto9.simulate import play_game, simulate

ROOT = Path(__file__).resolve().parent.parent
OWN_COLUMNS = ["turns", "end", "pick_ups", "clears", "picked_up_cards", "blind_failed"]


@pytest.fixture(scope="module")
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    result = simulate(8, players=3, rules=FAMILY.rules, seed=11, workers=2, per_round=True, progress=False)
    assert isinstance(result, tuple)
    return result


def test_simulate_frames_carry_the_games_own_measures(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, rounds = frames
    assert list(games.columns[-7:]) == [*OWN_COLUMNS, "rules"] and set(games["rules"]) == {"threeup"}
    assert (games["end"] == "out").all() and (games["turns"] > 10).all() and (games["clears"] > 0).all()
    assert (games["picked_up_cards"] >= games["pick_ups"]).all()
    assert list(rounds.columns) == ["game", "round", "dealer", "moves", "score_0", "score_1", "score_2", "turns", "first", "end"]
    # Each row is the game play_game plays from its seed, with the family's default bot.
    again = play_game(players=3, rules=FAMILY.rules, seed=games["seed"][5], any_family=True)
    assert games["turns"][5] == again.round.turns and games["winners"][5] == again.winners and games["bot_0"][0] == "ThreeUpBot"
    # One winner a game, the one with no points left.
    assert all(len(w) == 1 for w in games["winners"]) and all(games[f"total_{w[0]}"][i] == 0 for i, w in enumerate(games["winners"]))


def test_the_same_frames_in_this_process_and_on_dask(frames: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    alone = simulate(8, players=3, rules=FAMILY.rules, seed=11, workers=1, per_round=True, progress=False)
    assert isinstance(alone, tuple)
    pd.testing.assert_frame_equal(frames[0], alone[0])
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(8, players=3, rules=FAMILY.rules, seed=11, backend="dask", client=client, per_round=True, progress=False)
    assert isinstance(result, tuple)
    pd.testing.assert_frame_equal(frames[0], result[0])
    pd.testing.assert_frame_equal(frames[1], result[1])


def test_the_bots_play_against_each_other_and_the_starting_seat_is_a_column() -> None:
    frame = simulate(6, players=2, rules=FAMILY.rules, bots=[SamplingBot, ThreeUpBot], seed=3, workers=1, per_round=True, progress=False)
    assert isinstance(frame, tuple)
    games, rounds = frame
    assert list(games["bot_0"].unique()) == ["SamplingBot"] and list(games["bot_1"].unique()) == ["ThreeUpBot"]
    assert set(rounds["first"]) <= {0, 1}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "upto9", *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_the_cli_refuses_bad_input_in_one_plain_line_with_exit_status_2(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "threeup"\ncolours = 9\n', encoding="utf-8")
    done = cli("cards", "--rules", str(house), "7r")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert "colours: must be a whole number from 1 to 7, got 9" in done.stderr
    record = json.loads((ROOT / "tests" / "playthroughs" / "threeup-4p-seed5.json").read_text(encoding="utf-8"))
    record["rounds"][0]["actions"][4]["cards"] = ["C2"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    done = cli("replay", str(bad))
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert "round 1, action 5 (play): " in done.stderr
    done = cli("cards", "--rules", "threeup", "7r 11r")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0 and "no number 11" in done.stderr
    done = cli("check", "7r", "--level", "1", "--rules", "threeup")
    assert done.returncode == 2 and done.stderr.strip() == "upto9: error: 3UP 3DOWN is not a rummy: it has no levels to check"
    done = cli("cards", "--rules", "threeup", "7rød C+1 10svart")
    assert done.returncode == 0 and done.stdout.strip() == "7r C1 10k"
    done = cli("replay", str(ROOT / "tests" / "playthroughs" / "threeup-4p-seed5.json"))
    assert done.returncode == 0 and done.stdout.strip() == "3UP 3DOWN, 4 players, seed 5: 1 round(s), won by Di"
