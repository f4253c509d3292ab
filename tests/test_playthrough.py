"""A recorded game (tests/playthroughs/game-3p-seed48.json) replayed move by move through the engine,
tampered copies refused with errors naming the round and the action, and exact save/load round trips.

Regenerate the recording with ``.venv/bin/python tests/playthroughs/make_playthrough.py``.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.game_helpers import stacked_deck
from upto9 import Card, GroupKind, Meld, Placed, RecordError, game_record, load_game, parse_card, rules_from_dict, save_game
from upto9.game import Game
from upto9.records import FORMAT, move_from_dict

PATH = Path(__file__).parent / "playthroughs" / "game-3p-seed48.json"
RECORD: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))


def cards(texts: list[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


# --- the recording, move by move ---------------------------------------------------------------------


def test_the_recording_is_a_whole_game_with_the_variety_it_was_picked_for() -> None:
    assert RECORD["format"] == FORMAT and RECORD["players"] == ["Ada", "Bo", "Cy"] and RECORD["seed"] == 48
    actions = [a for r in RECORD["rounds"] for a in r["actions"]]
    assert {a["type"] for a in actions} == {"draw", "lay_down", "donate", "discard", "reshuffle"}
    assert any(a["type"] == "donate" and a["wild"] and a["as"][-1] not in "shdc" for a in actions)  # a joker on a set
    assert any(r["actions"][-1]["type"] == "donate" for r in RECORD["rounds"])  # out by a donation
    assert RECORD["result"]["over"] is True


def test_the_recording_replays_move_by_move_through_the_engine() -> None:
    rules = rules_from_dict(RECORD["rules"])
    assert rules.name == RECORD["rule_set"]
    game: Game | None = None
    for number, data in enumerate(RECORD["rounds"], start=1):
        deck = cards(data["deck"])
        if game is None:
            game = Game(players=len(RECORD["players"]), rules=rules, seed=RECORD["seed"], deck=deck, names=RECORD["players"])
        else:
            assert not game.over
            game.next_round(deck=deck)
        rnd = game.round
        assert (data["round"], data["dealer"], data["levels"]) == (number, rnd.dealer, list(rnd.levels))
        assert [cards(hand) for hand in data["dealt"]] == [list(hand) for hand in rnd.dealt]
        # The engine's replay hook: the recorded reshuffles instead of shuffling.
        rnd._reshuffles = [tuple(cards(a["deck"])) for a in data["actions"] if a["type"] == "reshuffle"]
        actions = data["actions"]
        for index, action in enumerate(actions):
            if action["type"] == "reshuffle":
                continue  # the engine records it with the draw from the empty deck that follows
            assert rnd.end is None, f"round {number} ended before action {index + 1}"
            if action["type"] == "draw" and action["source"] == "deck" and rnd.deck:
                assert rnd.deck[0] == parse_card(action["card"])  # the top card is the one recorded
            before = len(rnd.history)
            game.play(move_from_dict(action, rules, rnd.table))
            new = [record.to_dict() for record in rnd.history[before:]]
            assert new == actions[before : index + 1], f"round {number}, action {index + 1}"
        assert rnd._reshuffles == []
        assert len(rnd.history) == len(actions)
        assert rnd.end is not None and rnd.end.to_dict() == data["end"], f"round {number}"
    assert game is not None and game.over
    result = RECORD["result"]
    assert (list(game.winners), game.levels, game.penalties) == (result["winners"], result["levels"], result["penalties"])


def test_load_game_gives_the_recorded_game() -> None:
    game = load_game(PATH)
    assert game_record(game) == RECORD
    assert game.names == ("Ada", "Bo", "Cy") and game.winners == tuple(RECORD["result"]["winners"])
    assert all(r.over for r in game.rounds) and game.over


def test_save_of_the_loaded_recording_is_byte_identical(tmp_path: Path) -> None:
    again = tmp_path / "again.json"
    save_game(load_game(PATH), again)
    assert again.read_bytes() == PATH.read_bytes()


def test_a_lay_down_in_the_players_own_card_order_round_trips(tmp_path: Path) -> None:
    """The engine keeps a lay-down's cards as the player gave them; the replay does too."""
    hands = ["4s 5s 6s 7s Kd Qc Jd 9d 10c 6c 8d", "4h 5h 6h 7h 8h 3h 2c 10h Ks 8c 9c"]
    game = Game(players=2, deck=stacked_deck(hands, top="Jc", stock="Ah"))
    game.draw("deck")
    game.lay_down([Meld(GroupKind.RUN, tuple(Placed(parse_card(t), parse_card(t)) for t in ["7h", "5h", "4h", "6h"]))])
    game.donate(parse_card("8h"), 1, 0)
    save_game(game, tmp_path / "a.json")
    loaded = load_game(tmp_path / "a.json")
    assert loaded.round.table == game.round.table
    save_game(loaded, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


# --- tampered copies ---------------------------------------------------------------------------------


def tampered(tmp_path: Path, change: Any) -> Path:
    record = copy.deepcopy(RECORD)
    change(record)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def refused(path: Path, pattern: str) -> str:
    with pytest.raises(RecordError) as caught:
        load_game(path)
    message = str(caught.value)
    assert re.search(pattern, message), message
    assert isinstance(caught.value, ValueError)
    return message


def actions_of(record: dict[str, Any], number: int) -> list[dict[str, Any]]:
    return record["rounds"][number - 1]["actions"]  # type: ignore[no-any-return]


def first(number: int, kind: str, **fields: Any) -> int:
    """The 1-based index of the first action of ``kind`` (with these fields) in round ``number``."""
    for index, action in enumerate(actions_of(RECORD, number), start=1):
        if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
            return index
    raise AssertionError(f"no {kind} in round {number}")


def test_a_changed_drawn_card_is_refused(tmp_path: Path) -> None:
    index = first(2, "draw", source="deck")
    drawn = actions_of(RECORD, 2)[index - 1]["card"]

    def change(record: dict[str, Any]) -> None:
        actions_of(record, 2)[index - 1]["card"] = "Kh" if drawn != "Kh" else "Qh"

    refused(tampered(tmp_path, change), rf"round 2, action {index} \(draw\): card: the record says")


def test_a_changed_card_in_the_deck_is_refused_where_it_shows(tmp_path: Path) -> None:
    # Swap two cards deep in round 4's deck: the deal is the same, a draw is not.
    index = first(4, "draw", source="deck")
    deck = RECORD["rounds"][3]["deck"]
    drawn_at = len(RECORD["players"]) * 11 + 1  # the first card the deck gives
    other = next(i for i in range(drawn_at + 1, len(deck)) if deck[i] != deck[drawn_at])

    def change(record: dict[str, Any]) -> None:
        d = record["rounds"][3]["deck"]
        d[drawn_at], d[other] = d[other], d[drawn_at]

    refused(tampered(tmp_path, change), rf"round 4, action {index} \(draw\): card: the record says")


def test_a_changed_deal_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        d = record["rounds"][2]["deck"]
        d[0], d[1] = d[1], d[0]

    if RECORD["rounds"][2]["deck"][0] == RECORD["rounds"][2]["deck"][1]:
        pytest.skip("the first two cards are the same")
    refused(tampered(tmp_path, change), r"round 3 \(deal\): the record says player \d's dealt hand")


def test_a_deck_that_is_not_the_full_decks_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["rounds"][1]["deck"][50] = "Ah" if record["rounds"][1]["deck"][50] != "Ah" else "Kh"

    refused(tampered(tmp_path, change), r"round 2 \(deal\): the deck must be exactly 2 full decks")


def test_a_truncated_file_is_refused_naming_where_it_breaks_off(tmp_path: Path) -> None:
    text = PATH.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if '"round": 3' in line) + 12  # into round 3's actions
    path = tmp_path / "truncated.json"
    path.write_text("".join(lines[:cut]) + lines[cut][:20], encoding="utf-8")
    message = refused(path, r"not a whole JSON file, truncated or corrupt at line \d+ column \d+")
    assert re.search(r"\(in round 3, action \d+ \((draw|discard|lay_down|donate|reshuffle)\)\)", message), message


def test_a_file_that_is_not_json_or_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "noise.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    refused(path, "not UTF-8 text")
    path.write_text("hello", encoding="utf-8")
    refused(path, "not a whole JSON file")
    path.write_text("[1, 2]", encoding="utf-8")
    refused(path, "not a game record")
    refused(tmp_path / "missing.json", "cannot read")


def test_a_wrong_format_version_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["format"] = "upto9-game/2"

    refused(tampered(tmp_path, change), r"format: this is \"upto9-game/2\"; this version of upto9 reads 'upto9-game/1' records")

    def drop(record: dict[str, Any]) -> None:
        del record["format"]

    refused(tampered(tmp_path, drop), "format: missing; a saved game names its format")  # no "null" (issue 26)


def test_an_illegal_discard_is_refused(tmp_path: Path) -> None:
    index = first(1, "discard")
    action = actions_of(RECORD, 1)[index - 1]
    player = action["player"]
    held = set(RECORD["rounds"][0]["dealt"][player]) | {actions_of(RECORD, 1)[index - 2]["card"]}
    absent = next(str(card) for card in cards(RECORD["rounds"][0]["deck"]) if str(card) not in held)

    def change(record: dict[str, Any]) -> None:
        actions_of(record, 1)[index - 1]["card"] = absent

    refused(tampered(tmp_path, change), rf"round 1, action {index} \(discard\): {absent} is not in your hand")


def test_drawing_twice_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        actions = actions_of(record, 5)
        actions.insert(1, dict(actions[0]))

    refused(tampered(tmp_path, change), r"round 5, action 2 \(draw\): .*only at the start of your turn")


def test_a_move_out_of_turn_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        actions_of(record, 6)[2]["player"] = (actions_of(record, 6)[2]["player"] + 1) % 3

    refused(tampered(tmp_path, change), r"round 6, action 3 \(draw\): the record has player \d move, but it is player \d's turn")


def test_a_lay_down_that_breaks_the_contract_is_refused(tmp_path: Path) -> None:
    index = first(7, "lay_down")

    def change(record: dict[str, Any]) -> None:
        actions_of(record, 7)[index - 1]["melds"][0]["cards"].pop()

    refused(tampered(tmp_path, change), rf"round 7, action {index} \(lay_down\): not a lay-down for level \d")


def test_a_donation_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    index = first(4, "donate", wild=True)  # a joker standing for an ace on a set of aces

    def change(record: dict[str, Any]) -> None:
        actions_of(record, 4)[index - 1]["as"] = "K"

    refused(tampered(tmp_path, change), rf"round 4, action {index} \(donate\): a set of aces takes only aces, not K")


def test_a_wrong_wild_flag_is_refused(tmp_path: Path) -> None:
    index = first(2, "donate", wild=True)

    def change(record: dict[str, Any]) -> None:
        actions_of(record, 2)[index - 1]["wild"] = False

    refused(tampered(tmp_path, change), rf"round 2, action {index} \(donate\): wild: the record says false, the engine gives true")


def test_a_missing_reshuffle_is_refused(tmp_path: Path) -> None:
    index = first(1, "reshuffle")

    def change(record: dict[str, Any]) -> None:
        del actions_of(record, 1)[index - 1]

    refused(tampered(tmp_path, change), rf"round 1, action {index} \(draw\): the deck ran empty, but the record holds no reshuffle here")


def test_a_reshuffle_that_is_not_the_discard_pile_is_refused(tmp_path: Path) -> None:
    index = first(1, "reshuffle")

    def change(record: dict[str, Any]) -> None:
        deck = actions_of(record, 1)[index - 1]["deck"]
        deck[0] = next(c for c in deck if c != deck[0])  # one card more of this, one fewer of that

    refused(tampered(tmp_path, change), rf"round 1, action {index} \(reshuffle\): the new deck must be the discard pile below its top card")


def test_a_reshuffle_where_the_deck_is_not_empty_is_refused(tmp_path: Path) -> None:
    index = first(1, "reshuffle")
    early = first(1, "draw", source="deck")  # the deck is full here

    def change(record: dict[str, Any]) -> None:
        actions = actions_of(record, 1)
        actions.insert(early - 1, actions.pop(index - 1))

    refused(tampered(tmp_path, change), rf"round 1, action {early} \(reshuffle\): the deck still holds \d+ card")


def test_a_changed_round_end_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["rounds"][4]["end"]["penalties"][0] += 5

    refused(tampered(tmp_path, change), r"round 5, end: the record says penalties")


def test_a_round_that_has_not_ended_where_the_record_says_so_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        del actions_of(record, 3)[-1]

    refused(tampered(tmp_path, change), r"round 3, end: the record says the round ended \(\"out\"\), but after its actions it is still being played")


def test_actions_after_the_round_ended_are_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        actions = actions_of(record, 2)
        actions.append({"type": "draw", "player": 0, "source": "deck", "card": "Kh"})

    count = len(actions_of(RECORD, 2)) + 1
    refused(tampered(tmp_path, change), rf"round 2, action {count} \(draw\): the round is over")


def test_a_changed_result_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["result"]["winners"] = [0]

    refused(tampered(tmp_path, change), r"result: the record says winners \[0\]")


def test_a_round_after_the_game_ended_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        extra = copy.deepcopy(record["rounds"][-1])
        extra["round"] = len(record["rounds"]) + 1
        record["rounds"].append(extra)

    number = len(RECORD["rounds"]) + 1
    refused(tampered(tmp_path, change), rf"round {number} \(deal\): the game ended with round {number - 1}; the record goes on")


def test_unknown_or_missing_fields_are_refused(tmp_path: Path) -> None:
    def extra(record: dict[str, Any]) -> None:
        actions_of(record, 3)[4]["note"] = "hi"

    refused(tampered(tmp_path, extra), r"round 3, action 5 \(\w+\): unknown field 'note'")

    def missing(record: dict[str, Any]) -> None:
        del record["seed"]

    refused(tampered(tmp_path, missing), "record: field 'seed' is missing")


def test_broken_rules_are_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["rules"]["hand_size"] = 0

    refused(tampered(tmp_path, change), "rules: hand_size: must be a whole number of at least 1")


def test_non_canonical_card_text_is_refused(tmp_path: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["rounds"][0]["deck"] = [c.replace("10", "T") for c in record["rounds"][0]["deck"]]

    refused(tampered(tmp_path, change), r"round 1 \(deal\): deck, card \d+: 'T\w' is not canonical card text; write '10\w'")
