"""Game records refused cleanly (issue 11): every limit of ``upto9.records`` and every hostile record
of the issue refused with a one-line ``RecordError`` in milliseconds, rules that pass for a built-in
rule set refused unless marked as house rules, and fuzzed records (random JSON, mutated real records)
that give nothing but ``RecordError`` within a time bound.

The fuzz tests are CI-sized; set ``UPTO9_FUZZ_EXAMPLES`` for more examples per test.
"""

from __future__ import annotations

import copy
import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_helpers import fuzz_examples
from upto9 import UPTO9, Game, RecordError, builtin_rules, game_record, load_game, load_rules, replay, rules_from_dict, save_game, validate
from upto9.messages import render
from upto9.records import MAX_ACTIONS, MAX_DEPTH, MAX_INT, MAX_QUOTE, MAX_RECORD_BYTES, MAX_ROUNDS, MAX_TEXT, MAX_VALUES
from upto9.simulate import play_game

ROOT = Path(__file__).resolve().parent.parent
SAVED = [
    ROOT / "tests" / "playthroughs" / "game-3p-seed48.json",
    ROOT / "tests" / "playthroughs" / "phase10-3p-seed36.json",
    ROOT / "notebooks" / "data" / "sample_game.json",
    ROOT / "notebooks" / "data" / "sample_phase10_game.json",
]
RECORDS: list[dict[str, Any]] = [json.loads(path.read_text(encoding="utf-8")) for path in SAVED]
UPTO9_RECORD, PHASE10_RECORD = RECORDS[0], RECORDS[1]
# The house rules' shapes too: free order after the deal (lay-downs name their phase) and before it
# (rounds list the phases chosen), the second saved between two players' choices.
RECORDS.append(game_record(play_game(players=3, rules=load_rules(ROOT / "tests" / "rulesets" / "phase10_free.toml"), seed=4)))
_BEFORE = Game(players=3, rules=load_rules(ROOT / "tests" / "rulesets" / "phase10_free_before.toml"), seed=5)
_BEFORE.choose_phase(1, 3)
_BEFORE.choose_phase(2, 7)
_BEFORE.choose_phase(0, 2)
_BEFORE.next_round()
_BEFORE.draw("deck")
RECORDS.append(game_record(_BEFORE))

SECONDS = 2.0
"""A safety bound per example on a loaded machine, not a speed target: a refusal takes milliseconds."""
WHOLE_REPLAY_SECONDS = 5.0
"""The bound where a mutation may leave a whole record to replay (0.2 s on an idle machine)."""


def fuzz(examples: int) -> settings:
    """A CI-sized run of ``examples``, or ``UPTO9_FUZZ_EXAMPLES`` of them."""
    return settings(max_examples=fuzz_examples(examples), deadline=None)


def refused(record: Any, *, seconds: float = SECONDS) -> RecordError:
    """The ``RecordError`` replaying ``record`` gives, within ``seconds``; its message is one short line."""
    start = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert time.perf_counter() - start < seconds
    return checked(caught.value)


def checked(error: RecordError) -> RecordError:
    for lang in ("en", "nb"):
        text = render(error.msg, lang)
        assert "\n" not in text and len(text) < 400, text[:500]
    assert str(error) == render(error.msg, "en")
    return error


def file_refused(tmp_path: Path, content: str | bytes) -> RecordError:
    path = tmp_path / "game.json"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    start = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        load_game(path)
    assert time.perf_counter() - start < 2.0
    assert str(caught.value).startswith(f"{path}: ")
    return checked(caught.value)


def changed(record: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    record = copy.deepcopy(record)
    change(record)
    return record


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


# --- the cases ------------------------------------------------------------------------------------


def four_jokers_at_level_1(**marks: Any) -> dict[str, Any]:
    data = UPTO9.to_dict()
    data["levels"][0] = {"number": 1, "groups": [{"kind": "run", "size": 4}], "jokers": 4}
    return {**data, **marks}


def a_game_laying_down_jokers_at_level_1(data: dict[str, Any]) -> Game:
    """A bots' game under ``data`` whose records hold a level-1 lay-down that Up to 9 refuses."""
    rules = rules_from_dict(data)
    for seed in range(40):
        game = play_game(players=2, rules=rules, seed=seed)
        for rnd in game.rounds:
            for record in rnd.history:
                melds = getattr(record, "melds", None)
                if melds and rnd.levels[record.player] == 1 and validate(melds, 1, UPTO9):  # type: ignore[attr-defined]
                    return game
    raise AssertionError("no game laid jokers down at level 1")


def test_a_record_named_up_to_9_whose_level_1_allows_four_jokers_is_refused() -> None:
    game = a_game_laying_down_jokers_at_level_1(four_jokers_at_level_1())
    record = game_record(game)
    assert record["rule_set"] == "Up to 9" and record["rules"]["key"] == "upto9"
    error = refused(record)
    assert str(error) == (
        "rules: levels.1 is not as in the built-in rule set 'Up to 9' that the record names, and is not marked as a house rule (base and house_rules)"
    )
    assert render(error.msg, "nb").startswith("rules: levels.1 er ikke som i den innebygde regelsamlingen 'Up to 9'")
    # Another key, the same name: still named Up to 9, still refused.
    renamed = changed(record, lambda r: r["rules"].update(key="mine"))
    assert "levels.1 is not as in the built-in rule set 'Up to 9'" in str(refused(renamed))
    # A penalty changed quietly is named too.
    quiet = changed(UPTO9_RECORD, lambda r: r["rules"]["penalties"].update(K=11))
    assert str(refused(quiet)).startswith("rules: penalties.K is not as in the built-in rule set 'Up to 9'")


def test_the_same_rules_marked_as_house_rules_on_top_of_up_to_9_load_and_round_trip(tmp_path: Path) -> None:
    game = a_game_laying_down_jokers_at_level_1(four_jokers_at_level_1(base="upto9", house_rules=["levels.1"]))
    path, again = tmp_path / "game.json", tmp_path / "again.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.rules.level(1).jokers == 4 and loaded.rules.is_house_rule("levels.1")
    save_game(loaded, again)
    assert path.read_bytes() == again.read_bytes()
    # Marked, but another field changed without a mark: refused naming that field.
    record = json.loads(path.read_text(encoding="utf-8"))
    record["rules"]["hand_size"] = 10
    assert str(refused(record)).startswith("rules: hand_size is not as in the built-in rule set 'Up to 9'")


def test_rules_whose_name_and_key_no_longer_match_their_built_in_rule_set_are_refused_naming_both() -> None:
    # The rule set's key edited: the rules are still Up to 9's, the name still "Up to 9".
    error = refused(changed(UPTO9_RECORD, lambda r: r["rules"].update(key="mine")))
    assert str(error) == (
        "rules: the name 'Up to 9' and the key 'mine' do not go together: the built-in rule set 'Up to 9' has the key 'upto9'; "
        "rules of their own need a name and a key of their own, and house rules name their base (base = 'upto9')"
    )
    assert render(error.msg, "nb").startswith("rules: navnet 'Up to 9' og nøkkelen 'mine' hører ikke sammen")
    # The name edited under the built-in's key; and Phase 10's key edited.
    renamed = changed(UPTO9_RECORD, lambda r: (r["rules"].update(name="Mine"), r.update(rule_set="Mine")))
    assert str(refused(renamed)).startswith("rules: the name 'Mine' and the key 'upto9' do not go together")
    phase10 = PHASE10_RECORD
    assert "the key 'phase10'" in str(refused(changed(phase10, lambda r: r["rules"].update(key="p10"))))
    # Phase 10's penalties deleted (all, or one): refused, never played with a default.
    assert str(refused(changed(phase10, lambda r: r["rules"].pop("penalties")))) == "record: penalties: must be a table, got None"
    assert str(refused(changed(phase10, lambda r: r["rules"]["penalties"].pop("skip")))) == "record: penalties: skip: missing"
    # House rules name their base: their own name and key are theirs (the tour's safety-valve game, the lean rule set).
    from upto9.widgets.tour import valve_demo

    valve, _ = valve_demo(seed=3)
    assert valve.rules.key == "upto9" and valve.rules.name != "Up to 9" and replay(game_record(valve)).rules.name == valve.rules.name


def test_rules_of_their_own_and_the_built_in_house_rule_set_are_taken_as_written() -> None:
    own = rules_from_dict({**four_jokers_at_level_1(), "key": "mine", "name": "Mine"})
    game = play_game(players=2, rules=own, seed=1)
    assert replay(game_record(game)).rules.level(1).jokers == 4
    lean = play_game(players=2, rules=builtin_rules("upto9_lean"), seed=2)
    assert replay(game_record(lean)).rules.key == "upto9_lean"
    # Where a value comes from (its ``reconstructed`` mark) is no rule of play.
    assert UPTO9.is_reconstructed("penalties.K")
    unmarked = changed(UPTO9_RECORD, lambda r: r["rules"]["penalties"].pop("reconstructed"))
    assert not replay(unmarked).rules.is_reconstructed("penalties.K")


@pytest.mark.parametrize("marked", [False, True], ids=["named-up-to-9", "marked-house-rule"])
def test_ten_million_decks_are_refused_in_milliseconds_and_nothing_is_kept(marked: bool) -> None:
    def change(record: dict[str, Any]) -> None:
        record["rules"]["decks"] = [{"players": [2, 6], "decks": 10**7}]
        if marked:
            record["rules"].update(base="upto9", house_rules=["decks"])

    record = changed(UPTO9_RECORD, change)
    tracemalloc.start()
    try:
        error = refused(record)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "decks" in str(error)
    assert peak < 20 * 2**20  # the issue: 152 s and 4.4 GB, kept


def test_a_deck_of_the_wrong_size_is_refused_before_the_full_decks_are_built(monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.game

    def built(*args: object) -> object:
        raise AssertionError("the engine built the rules' full decks")

    monkeypatch.setattr(upto9.game, "game_deck", built)
    record = changed(UPTO9_RECORD, lambda r: r["rules"].update(decks=[{"players": [2, 6], "decks": 6}], base="upto9", house_rules=["decks"]))
    assert str(refused(record)) == "round 1 (deal): the deck must be exactly 6 full decks"


def test_an_action_type_that_is_a_table_is_a_record_error() -> None:
    record = changed(UPTO9_RECORD, lambda r: r["rounds"][0]["actions"][0].update(type={}))
    assert str(refused(record)) == "round 1, action 1: the type must be one of draw, lay_down, donate, discard, reshuffle, skip, got {}"


def test_nesting_990_deep_is_refused_as_nested_too_deeply(tmp_path: Path) -> None:
    record = changed(UPTO9_RECORD, lambda r: r.update(seed=nested(990)))
    assert "not a game record: nested too deeply" in str(refused(record))
    text = json.dumps(UPTO9_RECORD).replace('"seed": 48', '"seed": ' + "[" * 990 + "1" + "]" * 990)
    assert "not a game record: nested too deeply" in str(file_refused(tmp_path, text))
    assert "not a game record: nested too deeply" in str(file_refused(tmp_path, "[" * 200_000 + "]" * 200_000))


def test_a_4301_digit_number_is_a_record_error(tmp_path: Path) -> None:
    text = json.dumps(UPTO9_RECORD).replace('"seed": 48', '"seed": ' + "9" * 4301)
    assert str(file_refused(tmp_path, text)).endswith(": not a game record: a number of more than 4300 digits")
    assert str(refused(changed(UPTO9_RECORD, lambda r: r.update(seed=10**4301)))) == f"seed: a number beyond ±{MAX_INT}, the largest a record holds"


def test_a_10_mb_card_makes_a_one_line_message(tmp_path: Path) -> None:
    record = changed(UPTO9_RECORD, lambda r: r["rounds"][0]["deck"].__setitem__(0, "K" * 10**7))
    assert str(refused(record)) == "rounds[0].deck[0]: a text of 10000000 characters; the limit is 200"
    # In a file it is over the size limit, refused unread; a 3 MB one is read and refused by length.
    assert "cannot read: too large" in str(file_refused(tmp_path, json.dumps(record)))
    three = changed(UPTO9_RECORD, lambda r: r["rounds"][0]["deck"].__setitem__(0, "K" * 3 * 10**6))
    assert str(file_refused(tmp_path, json.dumps(three))).endswith("rounds[0].deck[0]: a text of 3000000 characters; the limit is 200")


def test_quoted_values_are_cut_to_max_quote_characters() -> None:
    long_key = "k" * MAX_TEXT
    error = refused(changed(UPTO9_RECORD, lambda r: r.update({long_key: 1})))
    assert str(error).startswith(f"record: unknown field {repr(long_key)[: MAX_QUOTE - 3]}...; fields are format, rule_set")
    # A rules table quoted by the rules' own error is cut too.
    table = {"a": ["x" * 150] * 50}
    error = refused(changed(UPTO9_RECORD, lambda r: r["rules"].update(levels=table)))
    assert str(error).startswith(f"record: rules: levels: must be a non-empty list, got {repr(table)[:40]}")
    assert str(error).endswith(("...", "…")) and len(str(error)) < 200
    # So is a meld's card that is not a card's table (the melds' own error quotes it whole).
    record = copy.deepcopy(UPTO9_RECORD)
    number, index = next((n, i) for n, r in enumerate(record["rounds"]) for i, a in enumerate(r["actions"]) if a["type"] == "lay_down")
    record["rounds"][number]["actions"][index]["melds"][0]["cards"][0] = table
    error = refused(record)
    assert str(error).startswith(f"round {number + 1}, action {index + 1} (lay_down): meld 1: card 1 of the ")
    assert str(error).endswith(f"must be a table with 'card', got {repr(table)[: MAX_QUOTE - 3]}...")


# --- each limit, at and past it -----------------------------------------------------------------------------


def test_the_file_size_limit(tmp_path: Path) -> None:
    error = file_refused(tmp_path, b" " * (MAX_RECORD_BYTES + 1))
    assert str(error).endswith(f"cannot read: too large ({MAX_RECORD_BYTES + 1} bytes; the limit is {MAX_RECORD_BYTES} bytes)")
    padded = json.dumps(UPTO9_RECORD)
    padded += " " * (MAX_RECORD_BYTES - len(padded.encode()))
    path = tmp_path / "padded.json"
    path.write_text(padded, encoding="utf-8")
    assert load_game(path).over  # exactly at the limit: read
    assert "not a regular file" in str(file_refused_path("/dev/zero"))


def file_refused_path(path: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_game(path)
    return checked(caught.value)


def test_the_depth_limit() -> None:
    # The record's own nesting is 1 deep at the top; a seed nested to the limit is refused as a seed,
    # one level deeper as nested too deeply.
    at_limit = changed(UPTO9_RECORD, lambda r: r.update(seed=nested(MAX_DEPTH - 1)))
    assert str(refused(at_limit)).startswith("seed: must be a whole number or a text, got [[[")
    past = changed(UPTO9_RECORD, lambda r: r.update(seed=nested(MAX_DEPTH)))
    assert str(refused(past)) == f"seed{'[0]' * (MAX_DEPTH - 1)}: not a game record: nested too deeply (more than {MAX_DEPTH} levels)"
    looped: list[Any] = []
    looped.append(looped)
    assert "nested too deeply" in str(refused(changed(UPTO9_RECORD, lambda r: r.update(seed=looped))))


def test_the_value_limit() -> None:
    error = refused(changed(UPTO9_RECORD, lambda r: r.update(players=[0] * MAX_VALUES)))
    assert str(error) == f"not a game record: more than {MAX_VALUES} values"


def test_the_text_limit() -> None:
    names = ["A" * MAX_TEXT, "B"]
    game = Game(players=2, seed=1, names=names)
    game.draw("deck")
    assert replay(game_record(game)).names == tuple(names)
    record = changed(game_record(game), lambda r: r["players"].__setitem__(0, "A" * (MAX_TEXT + 1)))
    assert str(refused(record)) == f"players[0]: a text of {MAX_TEXT + 1} characters; the limit is {MAX_TEXT}"
    assert str(refused(changed(UPTO9_RECORD, lambda r: r.update(seed="\ud800")))) == "seed: not valid Unicode text"


def test_the_number_limit() -> None:
    game = Game(players=2, seed=MAX_INT)
    assert replay(game_record(game)).seed == MAX_INT
    for seed in (MAX_INT + 1, -MAX_INT - 1):
        assert str(refused(changed(game_record(game), lambda r, s=seed: r.update(seed=s)))).startswith("seed: a number beyond ±")


def test_the_round_and_action_limits() -> None:
    rounds = changed(UPTO9_RECORD, lambda r: r.update(rounds=[0] * (MAX_ROUNDS + 1)))
    assert str(refused(rounds)) == f"rounds: {MAX_ROUNDS + 1} rounds; a record holds at most {MAX_ROUNDS}"
    actions = changed(UPTO9_RECORD, lambda r: r.update(rounds=[{**r["rounds"][0], "actions": [0] * (MAX_ACTIONS + 1)}]))
    assert str(refused(actions)) == f"rounds: {MAX_ACTIONS + 1} actions; a record holds at most {MAX_ACTIONS}"


def test_the_player_count_is_the_rules_own() -> None:
    error = refused(changed(UPTO9_RECORD, lambda r: r.update(players=["x"] * 5000)))
    assert str(error) == "players: Up to 9 is for 2 to 6 players, not 5000"


def test_what_json_cannot_hold_is_refused() -> None:
    assert str(refused(changed(UPTO9_RECORD, lambda r: r.update(seed={1, 2})))) == "seed: not a JSON value: set"
    assert str(refused(changed(UPTO9_RECORD, lambda r: r.update(result={1: 2})))).startswith("result: a field name must be a text, got 1")
    assert str(refused(["not", "a", "record"])).startswith("not a game record")


def test_a_phase10_deck_of_the_wrong_size_is_refused_before_it_is_built() -> None:
    record = changed(PHASE10_RECORD, lambda r: r["rounds"][0]["deck"].pop())
    assert str(refused(record)).startswith("round 1 (deal): the deck must be exactly 1 full deck")


# --- the time limit -----------------------------------------------------------------------------------------


def test_a_replay_past_its_time_limit_is_refused() -> None:
    assert replay(UPTO9_RECORD, time_limit=60).over
    error = refused_in_time(lambda: replay(UPTO9_RECORD, time_limit=0))
    assert str(error) == "the replay took longer than 0 s, the limit here: the record is not opened"
    assert render(error.msg, "nb") == "avspillingen tok lengre tid enn 0 s, grensen her: det lagrede spillet åpnes ikke"


def test_load_game_takes_a_time_limit(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(PHASE10_RECORD), encoding="utf-8")
    assert load_game(path, time_limit=60).rules.key == "phase10"
    error = refused_in_time(lambda: load_game(path, time_limit=0.0))
    assert str(error) == f"{path}: the replay took longer than 0 s, the limit here: the record is not opened"


def refused_in_time(opening: Callable[[], object]) -> RecordError:
    start = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        opening()
    assert time.perf_counter() - start < SECONDS
    return checked(caught.value)


def test_the_stepper_refuses_a_slow_or_hostile_upload_in_one_line_in_the_page_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from upto9.widgets import stepper as module
    from upto9.widgets.stepper import REPLAY_SECONDS, RoundModel

    assert REPLAY_SECONDS == 5.0
    good = SAVED[0].read_bytes()
    model = RoundModel(lang="nb")
    model.load_bytes(good, "game.json")
    assert model.error == "" and model.game is not None
    hostile = changed(UPTO9_RECORD, lambda r: r["rules"].update(decks=[{"players": [2, 6], "decks": 10**7}], base="upto9", house_rules=["decks"]))
    start = time.perf_counter()
    model.load_bytes(json.dumps(hostile).encode(), "evil.json")
    assert time.perf_counter() - start < SECONDS
    assert model.error == render(refused(hostile).msg, "nb") and "decks" in model.error, model.error
    assert model.said() == "Denne filen er ikke et lagret spill av Up to 9 eller Phase 10: reglene i den er ufullstendige eller ødelagte."
    assert model.detail() == model.error  # the engine's words, for the page's Advanced section
    monkeypatch.setattr(module, "REPLAY_SECONDS", 0.0)
    model.load_bytes(good, "slow.json")
    assert model.error == "avspillingen tok lengre tid enn 0 s, grensen her: det lagrede spillet åpnes ikke"
    assert model.said().startswith("Kunne ikke åpne det lagrede spillet: å åpne dette spillet tok for lang tid (mer enn 0 s av")
    model.lang = "en"
    assert model.error == "the replay took longer than 0 s, the limit here: the record is not opened"
    assert model.said().startswith("Could not open that saved game: opening this game took too long (more than 0 s of") and model.detail() == model.error
    model.load_record(copy.deepcopy(UPTO9_RECORD), "slow.json")
    assert model.error == "the replay took longer than 0 s, the limit here: the record is not opened"
    assert model.game is not None and model.game.rules.key == "upto9"  # the game shown stays


# --- fuzzing --------------------------------------------------------------------------------------------------


KEYS = st.sampled_from(("type", "card", "player", "kind", "cards", "as", "x", "")) | st.text(max_size=4)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)
FIELDS = (
    "format",
    "rule_set",
    "rules",
    "players",
    "seed",
    "rounds",
    "result",
    "choosing",
    "round",
    "dealer",
    "levels",
    "deck",
    "dealt",
    "actions",
    "end",
    "type",
    "player",
    "card",
    "source",
    "melds",
)


def opened_or_refused(record: Any, seconds: float = SECONDS) -> None:
    """Replaying ``record`` gives a game or a ``RecordError``, never anything else, within ``seconds``."""
    start = time.perf_counter()
    try:
        replay(record)
    except RecordError as error:
        checked(error)
    assert time.perf_counter() - start < seconds


@fuzz(100)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=9))
def test_fuzz_random_json_tables(data: dict[str, Any]) -> None:
    opened_or_refused(data)
    opened_or_refused({"format": "upto9-game/1", **data})


@fuzz(100)
@given(json_values)
def test_fuzz_random_json_values(value: Any) -> None:
    opened_or_refused(value)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record (as a path of keys and indices), but the deck's and hands' cards one by one."""
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _places(item, (*path, key))
    elif isinstance(value, list) and not (value and all(isinstance(item, str) for item in value)):
        for i, item in enumerate(value):
            places += _places(item, (*path, i))
    return places


PLACES = [[p for p in _places(record) if p] for record in RECORDS]


def _mutation() -> st.SearchStrategy[Callable[[Any], Any]]:
    return st.one_of(
        json_values.map(lambda new: lambda _old: new),
        st.just(lambda old: [old]),
        st.just(lambda old: {"x": old}),
        st.just(lambda old: nested(MAX_DEPTH + 3, old)),
        st.just(lambda old: str(old)),
        st.just(lambda old: -old if isinstance(old, int) and not isinstance(old, bool) else None),
        st.just(lambda old: old + 1 if isinstance(old, int) and not isinstance(old, bool) else old),
        st.just(lambda old: old[::-1] if isinstance(old, list | str) else old),
        st.just(lambda old: old[1:] if isinstance(old, list | str) else old),
        st.just(lambda old: "K" * 1000 if isinstance(old, str) else old),
        st.just(lambda old: 10**30),
    )


@fuzz(60)
@given(st.data())
def test_fuzz_mutated_real_records(data: st.DataObject) -> None:
    which = data.draw(st.integers(0, len(RECORDS) - 1), label="record")
    record = copy.deepcopy(RECORDS[which])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(PLACES[which]), label="place")
        parent = record
        try:
            for key in path[:-1]:
                parent = parent[key]
            old = parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation moved this place
        if data.draw(st.booleans(), label="delete") and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(_mutation(), label="mutation")(old)
    opened_or_refused(record, WHOLE_REPLAY_SECONDS)


@fuzz(40)
@given(st.data())
def test_fuzz_mutated_record_files(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    text = json.dumps(RECORDS[data.draw(st.integers(0, len(RECORDS) - 1), label="record")])
    at = data.draw(st.integers(0, len(text)), label="at")
    cut = data.draw(st.integers(0, 40), label="cut")
    inserted = data.draw(st.text(alphabet='{}[]",:0123456789 "-.eEtrufalsn\\u', max_size=20), label="inserted")
    path = tmp_path_factory.mktemp("fuzz") / "game.json"
    path.write_text(text[:at] + inserted + text[at + cut :], encoding="utf-8")
    start = time.perf_counter()
    try:
        load_game(path)
    except RecordError as error:
        checked(error)
    assert time.perf_counter() - start < WHOLE_REPLAY_SECONDS
