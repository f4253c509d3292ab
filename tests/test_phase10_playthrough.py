"""A recorded game of Phase 10 (tests/playthroughs/phase10-3p-seed36.json) replayed move by move
through the engine, tampered copies refused with errors naming the round and the action, and exact
save/load round trips.

Regenerate the recording with ``.venv/bin/python tests/playthroughs/make_playthrough.py``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from upto9 import RecordError, game_record, load_game, replay, save_game
from upto9.families.phase10.cards import parse_phase10_card
from upto9.game import Game
from upto9.records import FORMAT, move_from_dict
from upto9.rules import rules_from_dict

PATH = Path(__file__).parent / "playthroughs" / "phase10-3p-seed36.json"
RECORD: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))


def test_the_recording_is_a_whole_phase10_game_with_the_variety_it_was_picked_for() -> None:
    assert RECORD["format"] == FORMAT and RECORD["rules"]["family"] == "phase10" and RECORD["seed"] == 36
    actions = [a for r in RECORD["rounds"] for a in r["actions"]]
    assert {a["type"] for a in actions} == {"draw", "lay_down", "donate", "discard", "skip"}
    assert any(a["type"] == "discard" and a["card"] == "S" and isinstance(a["target"], int) for a in actions)
    assert any(r["actions"][0]["type"] == "skip" for r in RECORD["rounds"])  # a skip turned up first
    assert any(a["type"] == "donate" and a["wild"] for a in actions)  # a wild card hit
    assert any(r["actions"][-1]["type"] == "donate" for r in RECORD["rounds"])  # out by a hit
    assert RECORD["result"]["over"] is True and 10 in RECORD["result"]["levels"]


def test_the_recording_replays_move_by_move_through_the_engine() -> None:
    rules = rules_from_dict(RECORD["rules"])
    game: Game | None = None
    for number, data in enumerate(RECORD["rounds"], start=1):
        deck = [parse_phase10_card(t) for t in data["deck"]]
        if game is None:
            game = Game(players=3, rules=rules, seed=RECORD["seed"], deck=deck, names=RECORD["players"])
        else:
            game.next_round(deck=deck)
        rnd = game.round
        assert (data["dealer"], data["levels"]) == (rnd.dealer, list(rnd.levels))
        assert [[parse_phase10_card(t) for t in hand] for hand in data["dealt"]] == [list(h) for h in rnd.dealt]
        for index, action in enumerate(data["actions"]):
            if action["type"] == "skip":
                continue  # the engine records a lost turn itself, with the deal or the discard before it
            before = len(rnd.history)
            game.play(move_from_dict(action, rules, rnd.table))
            new = [record.to_dict() for record in rnd.history[before:]]
            assert new == data["actions"][index : index + len(new)], f"round {number}, action {index + 1}"
        assert [r.to_dict() for r in rnd.history] == data["actions"]
        assert rnd.end is not None and rnd.end.to_dict() == data["end"]
    assert game is not None and game.over
    assert (list(game.winners), game.levels, game.penalties) == (RECORD["result"]["winners"], RECORD["result"]["levels"], RECORD["result"]["penalties"])


def test_load_and_save_of_the_recording_is_byte_identical(tmp_path: Path) -> None:
    game = load_game(PATH)
    assert game_record(game) == RECORD
    again = tmp_path / "again.json"
    save_game(game, again)
    assert again.read_bytes() == PATH.read_bytes()


def tampered(round_number: int, index: int, **changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(RECORD)
    record["rounds"][round_number - 1]["actions"][index - 1].update(changes)
    return record


def first(kind: str, **fields: Any) -> tuple[int, int, dict[str, Any]]:
    for number, data in enumerate(RECORD["rounds"], start=1):
        for index, action in enumerate(data["actions"], start=1):
            if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
                return number, index, action
    raise AssertionError(f"no {kind} action with {fields}")


def test_a_changed_drawn_card_is_refused_naming_round_and_action() -> None:
    number, index, action = first("draw", source="deck")
    with pytest.raises(RecordError, match=rf"round {number}, action {index} \(draw\): card: the record says"):
        replay(tampered(number, index, card="S" if action["card"] != "S" else "W"))


def test_a_changed_skip_target_is_refused_naming_round_and_action() -> None:
    number, index, action = next(
        (n, i, a)
        for n, r in enumerate(RECORD["rounds"], start=1)
        for i, a in enumerate(r["actions"], start=1)
        if a["type"] == "discard" and a["card"] == "S" and a["target"] is not None
    )
    with pytest.raises(RecordError, match=rf"round {number}, action {index} \(discard\): a skip names another player"):
        replay(tampered(number, index, target=action["player"]))
    with pytest.raises(RecordError, match=rf"round {number}, action {index} \(discard\): a skip names the player who loses"):
        replay(tampered(number, index, target=None))


def test_a_missing_or_invented_lost_turn_is_refused() -> None:
    number, index, _action = first("skip")
    record = copy.deepcopy(RECORD)
    del record["rounds"][number - 1]["actions"][index - 1]
    with pytest.raises(RecordError, match=rf"round {number}, action {index} \(\w+\): player \d loses this turn to a skip"):
        replay(record)
    record = copy.deepcopy(RECORD)
    record["rounds"][0]["actions"].insert(3, {"type": "skip", "player": 2})
    with pytest.raises(RecordError, match=r"round 1, action 4 \(skip\): the record has player 2 lose a turn here, but no skip makes them"):
        replay(record)


def test_a_wild_hit_standing_for_a_number_the_phase_cannot_take_is_refused() -> None:
    number, index, action = first("donate", wild=True)
    with pytest.raises(RecordError, match=rf"round {number}, action {index} \(donate\)"):
        replay(tampered(number, index, **{"as": "12" if action["as"] != "12" else "1"}))
