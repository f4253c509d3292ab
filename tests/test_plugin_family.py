"""A game that is not a rummy, plugged in from outside the package: the toy shedding game of
tests/plugin_family (``toyshed``, registered by its ``toyshed-0.1.dist-info`` for
``importlib.metadata``). It is installed only for a subprocess, with ``tests/plugin_family`` on
``PYTHONPATH``: the normal run never finds it. There the engine's generic code must play, simulate, record
and replay it, the turn-model invariant suite of tests/test_families.py must run on it (its ids
name ``toyshed``: read from ``-rA``'s summary), its catalog must pass the message checks of tests/test_messages.py, and its own named
rule tests (tests/plugin_family/toyshed_rules.py) must pass.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from upto9.family import families

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugin_family"
TIMEOUT = 300  # seconds: a safety bound on a loaded machine (the run takes about 15 s)

TURN_MODEL_TESTS = (
    "test_turn_model_conserves_cards_offers_only_legal_moves_refuses_the_rest_and_hides_cards",
    "test_turn_model_games_end_within_the_limits_and_the_totals_add_up",
    "test_turn_model_replay_is_identical_at_any_point",
    "test_turn_model_same_seed_same_game",
)
RULE_TESTS = (
    "test_s1_the_deal_gives_three_face_down_and_three_in_hand_from_the_dealers_left",
    "test_s2_equal_or_higher_plays_and_a_lower_card_is_refused_in_words",
    "test_s3_a_ten_goes_on_anything_and_clears_the_pile_out_of_the_game",
    "test_s4_picking_up_takes_the_pile_and_is_refused_while_a_card_plays",
    "test_s5_a_play_from_the_hand_draws_back_up_to_three_while_the_deck_lasts",
    "test_s6_blind_cards_come_once_the_hand_is_empty_and_one_that_does_not_fit_takes_the_pile",
    "test_s7_the_first_with_no_cards_ends_the_round_and_each_seat_scores_the_cards_it_holds",
)


def with_plugin(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(PLUGIN), os.environ.get("PYTHONPATH"))))}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)


def test_the_toy_family_is_not_installed_in_a_normal_run() -> None:
    assert "toyshed" not in [family.key for family in families()]
    assert "toyshed" not in sys.modules


def test_the_toy_family_plays_and_records_and_a_bad_record_or_a_rummy_question_is_refused_in_words() -> None:
    script = """
import copy
import json
from upto9.family import families, family_of, game_family, rummies
from upto9.records import game_record, replay, RecordError
from upto9.rules import RulesError
from upto9.simulate import play_game, simulate
toy = game_family("toyshed")
print(json.dumps([f.key for f in families()]), json.dumps([f.key for f in rummies()]))
game = play_game(players=3, rules=toy.rules, seed=7, any_family=True)
record = game_record(game)
print(type(game).__name__, record["family"], len(record["rounds"]), game.over, replay(record, any_family=True).totals == game.totals)
for attempt in (lambda: family_of("toyshed"), lambda: play_game(players=2, rules=toy.rules), lambda: replay(record)):
    try:
        attempt()
    except (RulesError, RecordError) as error:
        print(type(error).__name__, error)
def broken(change):
    bad = copy.deepcopy(record)
    change(bad)
    try:
        replay(bad, any_family=True)
    except RecordError as error:
        print(error)
broken(lambda r: r["rounds"][0].pop("scores"))
broken(lambda r: r.update(family="nope"))
broken(lambda r: r["rounds"][0]["actions"][0].update(type="fly"))
broken(lambda r: r["rounds"][0]["actions"][0].update(card="Zz"))
broken(lambda r: r["rounds"][0]["actions"].pop(1))
broken(lambda r: r["result"].update(totals=[0, 0, 0]))
broken(lambda r: r["rounds"][0]["deck"].reverse())
frame, rounds = simulate(6, players=3, rules=toy.rules, seed=5, workers=2, per_round=True, progress=False)
alone = simulate(6, players=3, rules=toy.rules, seed=5, workers=1, progress=False)
again = play_game(players=3, rules=toy.rules, seed=frame["seed"][4], any_family=True)
print(list(frame.columns), list(rounds.columns), frame.equals(alone), frame["total_1"][4] == again.totals[1], frame["bot_0"][0])
print(len(rounds) == frame["rounds"].sum(), (rounds.groupby("game")["score_2"].sum() == frame["total_2"]).all())
"""
    done = with_plugin("-c", script)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    installed = sorted([*(family.key for family in families()), "toyshed"])  # the project's families and the toy
    assert lines[0] == f'{json.dumps(installed)} ["phase10", "upto9"]'
    assert lines[1] == "RoundsGame toyshed 3 True True"
    assert lines[2] == "RulesError Toyshed is not a rummy: it has no levels to check"
    assert lines[3] == "RulesError Toyshed is not a rummy: it has no levels to check"
    assert lines[4] == 'RecordError family: this is a record of "toyshed", a game without levels: read it with any_family=True'
    # A bad generic record is refused whole, naming the round, the action and the field.
    assert lines[5] == "round 1 (deal): field 'scores' is missing"
    assert lines[6] == 'family: no installed game family "nope"; the installed ones are ' + ", ".join(repr(k) for k in installed)
    assert lines[7] == "round 1, action 1 (fly): type: 'fly' is no Toyshed action (play, pick_up, blind, draw_up, finish)"
    assert lines[8].startswith("round 1, action 1 (play): card: not a card: 'Zz': no suit")
    assert lines[9] == 'round 1, action 2 (play): the engine recorded a "draw_up" here that the record lacks'
    assert lines[10].startswith("result: the record says totals [0, 0, 0], the replay gives [")
    assert lines[11].startswith("round 1 (deal): the record says deck [")
    # simulate plays it through the turn model, on processes as in this process, with the family's own bot.
    game_columns = "'game', 'seed', 'players', 'rounds', 'moves', 'winners', " + ", ".join(f"'bot_{p}', 'won_{p}', 'total_{p}'" for p in range(3))
    assert lines[12] == f"[{game_columns}, 'rules'] ['game', 'round', 'dealer', 'moves', 'score_0', 'score_1', 'score_2'] True True LowestBot"
    assert lines[13] == "True True"
    assert len(lines) == 14


def test_the_turn_model_suite_the_message_checks_and_the_toy_familys_own_rules_pass_with_the_family_installed() -> None:
    done = with_plugin(
        "-m", "pytest", "tests/test_families.py", "tests/test_messages.py", "tests/plugin_family/toyshed_rules.py",
        "-k", "toyshed", "-rA", "-p", "no:cacheprovider",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    for name in TURN_MODEL_TESTS:
        assert f"PASSED tests/test_families.py::{name}[toyshed]" in done.stdout, name
    assert "PASSED tests/test_messages.py::test_every_message_renders_in_both_languages_and_is_translated[toyshed]" in done.stdout
    for name in RULE_TESTS:
        assert f"PASSED tests/plugin_family/toyshed_rules.py::{name}" in done.stdout, name
