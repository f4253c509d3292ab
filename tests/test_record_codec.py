"""The one record codec (``upto9.records.move_from_dict``): a recorded action read back into the
engine move it asks for, in the rule set's own cards, melds and faces; the replay, the round
stepper and the playthrough tests read moves with it and only with it."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from upto9.widgets.stepper import replay_round

from upto9.cards import Rank
from upto9.game import Draw, Drew, Game, LaidDown, Reshuffled, RoundEnded, Skipped, Source
from upto9.records import RecordError, game_record, move_from_dict, replay
from upto9.rules import PHASE10, UPTO9, FreeOrder, Rules
from upto9.simulate import play_game

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
PHASE10_RECORD: dict[str, Any] = json.loads((PLAYTHROUGHS / "phase10-3p-seed36.json").read_text(encoding="utf-8"))


def donation(card: str, face: str) -> dict[str, Any]:
    return {"type": "donate", "player": 0, "card": card, "as": face, "wild": True, "owner": 1, "meld": 0}


@pytest.mark.parametrize("rules", [UPTO9, PHASE10], ids=["upto9", "phase10"])
def test_every_move_an_engine_records_reads_back_as_the_move_that_made_it(rules: Rules) -> None:
    game = play_game(3, rules, seed=11)
    for rnd in game.rounds:
        # The stepper replays each record's move (read back by the codec) and checks that the
        # engine records exactly that record again; it raises ValueError naming the first that does not.
        steps = replay_round(rnd)
        assert [s.action for s in steps[1:] if not isinstance(s.action, RoundEnded)] == [r for r in rnd.history if not isinstance(r, Reshuffled | Skipped)]
    drew = next(r for r in game.rounds[0].history if isinstance(r, Drew))
    assert move_from_dict(drew.to_dict(), rules) == Draw(drew.source)


def test_a_move_is_read_in_its_own_games_cards() -> None:
    assert move_from_dict({"type": "draw", "player": 0, "source": "deck", "card": "W"}, PHASE10) == Draw(Source.DECK)
    with pytest.raises(RecordError, match=r"^action: card: 'W': "):
        move_from_dict({"type": "discard", "player": 0, "card": "W"}, UPTO9)  # no Up to 9 card
    with pytest.raises(RecordError, match=r"^action: card: '7R' is not canonical card text; write '7r'$"):
        move_from_dict({"type": "discard", "player": 0, "card": "7R"}, PHASE10)
    with pytest.raises(RecordError, match=r'^action: the type must be one of draw, lay_down, donate, discard, got "skip"$'):
        move_from_dict({"type": "skip", "player": 0}, PHASE10)  # a lost turn is the engine's, not a move


def test_a_face_is_read_as_its_game_writes_it_and_only_so() -> None:
    assert move_from_dict(donation("2c", "K"), UPTO9).as_card is Rank.KING
    assert str(move_from_dict(donation("2c", "9h"), UPTO9).as_card) == "9h"
    assert str(move_from_dict(donation("W", "b"), PHASE10).as_card) == "b"
    assert move_from_dict(donation("W", "7"), PHASE10).as_card == 7
    refusals = {
        (UPTO9, "Th"): "action: as: 'Th' is not canonical card text; write '10h'",
        (UPTO9, "k"): "action: as: 'k' is not how a record writes what the card stands for; write 'K'",
        (PHASE10, " 7"): "action: as: ' 7' is not how a record writes what the card stands for; write '7'",
        (PHASE10, "Blue"): "action: as: 'Blue' is not how a record writes what the card stands for; write 'b'",
    }
    for (rules, face), said in refusals.items():
        with pytest.raises(RecordError) as caught:
            move_from_dict(donation("W" if rules is PHASE10 else "2c", face), rules)
        assert str(caught.value) == said


def test_a_hits_face_is_read_for_the_kind_of_the_meld_it_goes_on() -> None:
    for number, data in enumerate(PHASE10_RECORD["rounds"], start=1):
        kinds: dict[tuple[int, int], str] = {}
        for index, action in enumerate(data["actions"], start=1):
            if action["type"] == "lay_down":
                kinds.update(((action["player"], i), meld["kind"]) for i, meld in enumerate(action["melds"]))
            if action["type"] == "donate" and action["wild"] and kinds[(action["owner"], action["meld"])] in ("set", "run"):
                kind = kinds[(action["owner"], action["meld"])]
                record = copy.deepcopy(PHASE10_RECORD)
                record["rounds"][number - 1]["actions"][index - 1]["as"] = "r"  # a colour, on a set or a run
                with pytest.raises(RecordError) as caught:
                    replay(record)
                assert str(caught.value) == f"round {number}, action {index} (donate): as: no number 'r'; a wild card in a {kind} stands for a number 1-12"
                return
    raise AssertionError("the playthrough has a wild hit on a set or a run")


def test_the_stepper_steps_through_a_free_order_game_laying_down_other_levels() -> None:
    # The stepper once rebuilt a lay-down without its level: a free-order lay-down of another
    # level than the player's own could not be stepped through.
    rules = dataclasses.replace(PHASE10, free_choice=FreeOrder.AFTER_DEAL, base="phase10", house_rules=frozenset({"free_order"}))
    game = play_game(3, rules, seed=5)
    other = [r for rnd in game.rounds for r in rnd.history if isinstance(r, LaidDown) and r.level not in (None, rnd.levels[r.player])]
    assert other, "the game lays down a level other than the player's own"
    first = next(rnd for rnd in game.rounds if any(r in other for r in rnd.history))
    steps = replay_round(first)
    assert [s.action for s in steps if isinstance(s.action, LaidDown)] == [r for r in first.history if isinstance(r, LaidDown)]
    assert isinstance(replay(game_record(game)), Game)
