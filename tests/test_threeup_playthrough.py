"""The recorded 3UP 3DOWN playthrough (tests/playthroughs/threeup-4p-seed5.json, made by
make_threeup_playthrough.py): it replays move by move through the engine, every record, the
round's end and the result as the file says; saving the loaded game gives the same bytes; and an
altered or illegal action is refused whole, in words naming the round and the action."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from upto9.families.threeup.family import FAMILY
from upto9.families.threeup.round import ThreeUpRound
from upto9.messages import render
from upto9.records import RecordError, game_record, load_game, replay, save_game

PATH = Path(__file__).parent / "playthroughs" / "threeup-4p-seed5.json"


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def actions(data: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = data["rounds"][0]["actions"]
    return found


def test_the_recording_is_a_whole_game_with_the_variety_it_was_picked_for() -> None:
    data = record()
    kinds = {a["type"] for a in actions(data)}
    assert {"choose_up", "play", "blind", "pick_up", "draw", "draw_up", "finish"} <= kinds
    clears = {a.get("clears") for a in actions(data)}
    assert {"clear", "clear+1", "clear+2", "same"} <= clears
    assert any(a["type"] == "blind" and not a["played"] for a in actions(data))
    assert any(a["type"] == "play" and a["source"] == "up" for a in actions(data))
    assert data["rounds"][0]["end"] == {"reason": "out", "places": [3], "turns": 87} and data["result"]["winners"] == [3]
    assert data["rounds"][0]["first"] != 3  # the winner did not start


def test_the_recording_replays_move_by_move_through_the_engine() -> None:
    data = record()
    game = replay(data, any_family=True)
    rnd = game.round
    assert isinstance(rnd, ThreeUpRound)
    assert [r.to_dict() for r in rnd.history] == actions(data)
    assert list(rnd.scores()) == data["rounds"][0]["scores"] and game.winners == (3,)
    # Move by move, each seat's legal moves held the move the record made.
    again = FAMILY.new_game(FAMILY.rules, 4, data["seed"], data["players"])
    played = 0
    for action in actions(data):
        move = FAMILY.move_from_dict(action, again.round)
        if move is None:
            continue
        assert move in again.legal_moves(), action
        again.play(move)
        played += 1
    assert again.over and game_record(again) == data and played > 60


def test_load_and_save_of_the_recording_is_byte_identical(tmp_path: Path) -> None:
    game = load_game(PATH, any_family=True)
    out = tmp_path / "again.json"
    save_game(game, out)
    assert out.read_bytes() == PATH.read_bytes()


def refusal(data: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(data, any_family=True)
    return caught.value


def test_a_changed_drawn_card_is_refused_naming_round_and_action() -> None:
    data = record()
    index = next(i for i, a in enumerate(actions(data)) if a["type"] == "draw")
    bad = copy.deepcopy(data)
    actions(bad)[index]["card"] = "1r" if actions(bad)[index]["card"] != "1r" else "2r"
    error = refusal(bad)
    assert str(error).startswith(f"round 1, action {index + 1} (draw): ")
    assert render(error.msg, "nb").startswith(f"runde 1, handling {index + 1} (draw): card: det lagrede spillet sier")


def test_an_illegal_play_is_refused_with_the_rule_it_breaks() -> None:
    data = record()
    index = next(i for i, a in enumerate(actions(data)) if a["type"] == "play" and i > 10 and len(a["cards"]) == 1 and a["cards"][0][0].isdigit())
    bad = copy.deepcopy(data)
    actions(bad)[index]["cards"] = ["C2"]  # a card that player does not hold
    error = refusal(bad)
    assert str(error).startswith(f"round 1, action {index + 1} (play): ")
    assert "you do not hold C2 there" in str(error)


def test_an_altered_end_or_an_unknown_action_is_refused() -> None:
    data = record()
    bad = copy.deepcopy(data)
    bad["rounds"][0]["end"]["places"] = [0]
    assert "end" in str(refusal(bad))
    bad = copy.deepcopy(data)
    actions(bad)[4]["type"] = "fly"
    assert str(refusal(bad)).startswith("round 1, action 5 (fly): type: 'fly' is no 3UP 3DOWN action")
    bad = copy.deepcopy(data)
    actions(bad)[4]["cards"] = ["11r"]
    assert "no number 11" in str(refusal(bad))
