"""Rule-set and house-rule files refused cleanly (issue 11, part 1): only small regular files are
read; ``base`` names a built-in rule set or a file beside the house file, never a path, and
circles of bases are refused naming the chain; every value within the bounds the game can mean
(``upto9.rules.MAX_...``), duplicate levels refused; each refusal one ``RulesError`` line naming the
file, the level and the field, in milliseconds. Fuzzed texts, mutated rule sets and house files
with random bases give nothing but ``RulesError`` within a time bound, and whatever is accepted
keeps within the bounds and reads back the same.

The fuzz tests are CI-sized; set ``UPTO9_FUZZ_EXAMPLES`` for more examples per test.
"""

from __future__ import annotations

import copy
import json
import math
import os
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_helpers import fuzz_examples
from upto9 import PHASE10, UPTO9, Rules, RulesError, builtin_rules, load_rules, rules_from_dict
from upto9.families.phase10.fields import MAX_COPIES, MAX_SKIPS, MAX_WILDS, PHASE10_MAX_RUN
from upto9.families.upto9.fields import UPTO9_MAX_RUN
from upto9.messages import render
from upto9.rules import (
    MAX_BASE_CHAIN,
    MAX_DECKS,
    MAX_GROUPS,
    MAX_HAND_SIZE,
    MAX_LAYDOWN_CARDS,
    MAX_LEVELS,
    MAX_NAME_CHARS,
    MAX_PENALTY,
    MAX_PLAYERS,
    MAX_RULES_BYTES,
    MAX_SHOWN_CHARS,
    MIN_PLAYERS,
    builtin_keys,
)

BUILT_IN = ", ".join(builtin_keys())  # the built-in rule sets as installed: the engine's and each game family's

ROOT = Path(__file__).resolve().parent.parent
SECONDS = 2.0  # a safety bound per example on a loaded machine, not a speed target
QUICK = 0.5  # "refused at once": the issue's hostile files, each refused in milliseconds
SECRET = "secret_key_42"  # the first key of a file outside the house file's folder: never echoed


def fuzz(examples: int) -> settings:
    """A CI-sized run of ``examples``, or ``UPTO9_FUZZ_EXAMPLES`` of them."""
    return settings(max_examples=fuzz_examples(examples), deadline=None)


def write(folder: Path, body: str, name: str = "house.toml") -> Path:
    path = folder / name
    path.write_text(body, encoding="utf-8")
    return path


def one_line(error: RulesError) -> str:
    """The error's text, checked to be one short line in both languages."""
    text = str(error)
    assert error.msg is not None
    for said in (text, render(error.msg, "nb")):
        assert "\n" not in said and "\r" not in said, said
        assert len(said) < 600, said
    return text


def refused(path: Path, *, seconds: float = SECONDS) -> str:
    """The one line ``load_rules(path)`` refuses with, within ``seconds``."""
    start = time.perf_counter()
    with pytest.raises(RulesError) as error:
        load_rules(path)
    assert time.perf_counter() - start < seconds
    return one_line(error.value)


def house(folder: Path, body: str, base: str = "upto9") -> Path:
    return write(folder, f'base = "{base}"\n{body}')


LEVEL = "[[levels]]\nnumber = {number}\ngroups = [{groups}]\njokers = {jokers}\n"


def level(groups: str, number: int = 6, jokers: int | str = 0) -> str:
    return LEVEL.format(number=number, groups=groups, jokers=jokers)


# --- the issue's hostile files: refused at load, at once, in little memory ----------------------------

HOSTILE = {
    "max_players = 2**63-1": "max_players = 9223372036854775807\n[[decks]]\nplayers = [2, 9223372036854775807]\ndecks = 9223372036854775807\n",
    "a set of 2**63-1": level('{ kind = "set", size = 9223372036854775807 }', jokers=2),
    "a set of 10**6": level('{ kind = "set", size = 1000000 }', jokers=2),
    "copies = 10**6": "[deck]\ncopies = 1000000\n",
    "1000 groups": level(", ".join(['{ kind = "set", size = 3 }'] * 1000), jokers=2),
}
HOSTILE_SAYS = {
    "max_players = 2**63-1": f"rules: max_players: must be a whole number from 2 to {MAX_PLAYERS}, got 9223372036854775807",
    "a set of 2**63-1": "level 6: groups[0]: size: must be a whole number from 1 to 36, got 9223372036854775807: with 3 decks there are no more cards",
    "a set of 10**6": "level 6: groups[0]: size: must be a whole number from 1 to 36, got 1000000",
    "copies = 10**6": f"deck: copies: must be a whole number from 1 to {MAX_COPIES}, got 1000000",
    "1000 groups": f"level 6: groups: at most {MAX_GROUPS} groups in one level, got 1000",
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_the_issues_hostile_files_are_refused_at_once_in_little_memory(tmp_path: Path, case: str) -> None:
    path = house(tmp_path, HOSTILE[case], "phase10" if "copies" in case else "upto9")
    assert refused(path, seconds=QUICK).startswith(f"{path}: {HOSTILE_SAYS[case]}")
    tracemalloc.start()
    try:
        with pytest.raises(RulesError):
            load_rules(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024, f"{peak} bytes"  # before: hundreds of MB, or a hang


# --- every bound, just past it refused, at it accepted --------------------------------------------------

_ONE_DECK = "max_players = 4\n[[decks]]\nplayers = [2, 4]\ndecks = 1\n"  # 52 cards: four players, 11 each
_ONE_COPY = "max_players = 4\n[deck]\ncopies = 1\nwilds = 1\n"  # 53 cards: enough to deal four players 10 each


def _players(most: int) -> str:
    return f"max_players = {most}\n[[decks]]\nplayers = [2, 4]\ndecks = 2\n[[decks]]\nplayers = [5, {most}]\ndecks = 3\n"


BOUNDS = [
    # (base, body just past the bound, what the error says, body at the bound)
    ("upto9", _players(MAX_PLAYERS + 1), f"rules: max_players: must be a whole number from 2 to {MAX_PLAYERS}, got {MAX_PLAYERS + 1}", _players(MAX_PLAYERS)),
    ("upto9", "min_players = 1\n", f"rules: min_players: must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, got 1", "min_players = 2\n"),
    (
        "upto9",
        "[[decks]]\nplayers = [2, 9]\ndecks = 2\n",
        f"decks[0]: players: must be [fewest, most], each from {MIN_PLAYERS} to {MAX_PLAYERS}, got [2, 9]",
        "[[decks]]\nplayers = [2, 8]\ndecks = 2\n",
    ),
    (
        "upto9",
        f"[[decks]]\nplayers = [2, 6]\ndecks = {MAX_DECKS + 1}\n",
        f"decks[0]: decks: must be a whole number from 1 to {MAX_DECKS}, got {MAX_DECKS + 1}",
        f"[[decks]]\nplayers = [2, 6]\ndecks = {MAX_DECKS}\n",
    ),
    (
        "upto9",
        f"hand_size = {MAX_HAND_SIZE + 1}\n",
        f"rules: hand_size: must be a whole number from 1 to {MAX_HAND_SIZE}, got {MAX_HAND_SIZE + 1}",
        f"hand_size = {MAX_HAND_SIZE}\n",
    ),
    (
        "phase10",
        f"[deck]\ncopies = {MAX_COPIES + 1}\n",
        f"deck: copies: must be a whole number from 1 to {MAX_COPIES}, got {MAX_COPIES + 1}",
        f"[deck]\ncopies = {MAX_COPIES}\n",
    ),
    (
        "phase10",
        f"[deck]\nwilds = {MAX_WILDS + 1}\n",
        f"deck: wilds: must be a whole number from 0 to {MAX_WILDS}, got {MAX_WILDS + 1}",
        f"[deck]\nwilds = {MAX_WILDS}\n",
    ),
    (
        "phase10",
        f"[deck]\nskips = {MAX_SKIPS + 1}\n",
        f"deck: skips: must be a whole number from 0 to {MAX_SKIPS}, got {MAX_SKIPS + 1}",
        f"[deck]\nskips = {MAX_SKIPS}\n",
    ),
    (
        "upto9",
        f"[penalties]\nK = {MAX_PENALTY + 1}\n",
        f"penalties: K: must be a whole number from 0 to {MAX_PENALTY}, got {MAX_PENALTY + 1}",
        f"[penalties]\nK = {MAX_PENALTY}\n",
    ),
    (
        "upto9",
        level(", ".join(['{ kind = "set", size = 2 }'] * (MAX_GROUPS + 1))),
        f"level 6: groups: at most {MAX_GROUPS} groups in one level, got {MAX_GROUPS + 1}",
        level(", ".join(['{ kind = "set", size = 2 }'] * MAX_GROUPS)),
    ),
    # a straight no longer than ace to ace, a Phase 10 run no longer than 1 to 12
    (
        "upto9",
        level(f'{{ kind = "run", size = {UPTO9_MAX_RUN + 1} }}'),
        f"level 6: groups[0]: size: must be a whole number from 3 to {UPTO9_MAX_RUN}, got {UPTO9_MAX_RUN + 1}",
        level(f'{{ kind = "run", size = {UPTO9_MAX_RUN} }}'),
    ),
    (
        "phase10",
        level(f'{{ kind = "run", size = {PHASE10_MAX_RUN + 1} }}', jokers='"unlimited"'),
        f"level 6: groups[0]: size: must be a whole number from 3 to {PHASE10_MAX_RUN}, got {PHASE10_MAX_RUN + 1}",
        level(f'{{ kind = "run", size = {PHASE10_MAX_RUN} }}', jokers='"unlimited"'),
    ),
    # a straight of fewer than three cards is no straight (upto9.rules.MIN_RUN); a set may be a pair
    (
        "upto9",
        level('{ kind = "run", size = 2 }, { kind = "set", size = 2 }'),
        "level 6: groups[0]: size: must be a whole number from 3 to 14, got 2",
        level('{ kind = "run", size = 3 }, { kind = "set", size = 2 }'),
    ),
    # a set no larger than the cards of one rank and the jokers in play: one deck, no wild ranks: 4
    (
        "upto9",
        "wild_ranks = []\n" + _ONE_DECK + level('{ kind = "set", size = 5 }'),
        "level 6: groups[0]: size: must be a whole number from 1 to 4, got 5: with 1 deck there are no more cards for one set, jokers included",
        "wild_ranks = []\n" + _ONE_DECK + level('{ kind = "set", size = 4 }'),
    ),
    # ... with 2s and 3s wild, a set of 7s may hold every 7, 2 and 3 of the decks: 12 per deck
    (
        "upto9",
        _ONE_DECK + level('{ kind = "set", size = 13 }', jokers=8),
        "level 6: groups[0]: size: must be a whole number from 1 to 12, got 13",
        _ONE_DECK + level('{ kind = "set", size = 12 }', jokers=8),
    ),
    # Phase 10, one copy and one wild card: 4 cards of a number and the wild, 12 of a colour and the wild
    (
        "phase10",
        _ONE_COPY + level('{ kind = "set", size = 6 }', jokers='"unlimited"'),
        "level 6: groups[0]: size: must be a whole number from 1 to 5, got 6",
        _ONE_COPY + level('{ kind = "set", size = 5 }', jokers='"unlimited"'),
    ),
    (
        "phase10",
        _ONE_COPY + level('{ kind = "colour", size = 14 }', jokers='"unlimited"'),
        "level 6: groups[0]: size: must be a whole number from 1 to 13, got 14: with 1 deck there are no more cards of one colour, wild cards included",
        _ONE_COPY + level('{ kind = "colour", size = 13 }', jokers='"unlimited"'),
    ),
    (
        "upto9",
        level('{ kind = "run", size = 14 }, { kind = "run", size = 14 }, { kind = "set", size = 1 }'),
        f"level 6: groups: the lay-down holds 29 cards; a level asks for at most {MAX_LAYDOWN_CARDS}",
        level('{ kind = "run", size = 14 }, { kind = "run", size = 14 }'),
    ),
    (
        "upto9",
        level('{ kind = "run", size = 4 }', number=MAX_LEVELS + 1),
        f"level {MAX_LEVELS + 1}: number: must be a whole number from 1 to {MAX_LEVELS}",
        None,
    ),
    (
        "upto9",
        f'name = "{"x" * (MAX_NAME_CHARS + 1)}"\n',
        f"rules: name: must be one line of at most {MAX_NAME_CHARS} printable characters, got 'xxx",
        f'name = "{"x" * MAX_NAME_CHARS}"\n',
    ),
    ("upto9", 'name = "two\\nlines"\n', "rules: name: must be one line of at most", 'name = "one line"\n'),
]


@pytest.mark.parametrize(("base", "past", "says", "at"), BOUNDS, ids=[b[2].split(":")[1].strip() + str(i) for i, b in enumerate(BOUNDS)])
def test_each_bound_is_refused_naming_file_level_field_and_bound(tmp_path: Path, base: str, past: str, says: str, at: str | None) -> None:
    path = house(tmp_path, past, base)
    assert refused(path, seconds=QUICK).startswith(f"{path}: {says}")
    if at is not None:
        house(tmp_path, at, base)
        assert isinstance(load_rules(path), Rules)


def test_whole_rule_sets_are_bounded_too() -> None:
    # The same bounds hold for a rule set given as a table (a record's, the lab's), not only a file.
    data = UPTO9.to_dict()
    data["levels"] = [copy.deepcopy(data["levels"][0]) | {"number": n} for n in range(1, MAX_LEVELS + 2)]
    with pytest.raises(RulesError) as error:
        rules_from_dict(data, "mine.toml")
    assert str(error.value) == f"mine.toml: rules: levels: at most {MAX_LEVELS} levels, got {MAX_LEVELS + 1}"
    data["levels"] = data["levels"][:MAX_LEVELS]
    assert len(rules_from_dict(data).levels) == MAX_LEVELS
    with pytest.raises(RulesError, match=r"^<rules>: decks\[0\]: decks: must be a whole number from 1 to 6, got 10000000$"):
        rules_from_dict({**UPTO9.to_dict(), "decks": [{"players": [2, 6], "decks": 10**7}]})


def test_refused_values_are_quoted_short_and_on_one_line(tmp_path: Path) -> None:
    long = "y" * 50_000
    said = refused(house(tmp_path, f'name = "ok"\n"{long}" = 1\n'))
    assert said.startswith(f"{tmp_path / 'house.toml'}: rules: unknown field 'yyy") and "…" in said
    # A number TOML reads but Python will not write out in decimal is quoted in hex, cut short.
    said = refused(house(tmp_path, f"hand_size = 0x{'f' * 3000}\n"))
    assert f"rules: hand_size: must be a whole number from 1 to {MAX_HAND_SIZE}, got 0xfff" in said
    assert len(said.split("got ")[1]) == MAX_SHOWN_CHARS
    # A value nested deeper than Python's repr goes, given as a table (not TOML), is still named.
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RulesError) as error:
        rules_from_dict({**UPTO9.to_dict(), "hand_size": deep}, "deep.toml")
    assert one_line(error.value) == "deep.toml: rules: hand_size: must be a whole number of at least 1, got <list>"


# --- files: only small regular UTF-8 files are read --------------------------------------------------


def test_files_that_are_not_small_regular_text_are_refused_at_once(tmp_path: Path) -> None:
    assert refused(Path("/dev/zero"), seconds=QUICK) == "/dev/zero: cannot read: not a regular file"
    assert refused(tmp_path, seconds=QUICK) == f"{tmp_path}: cannot read: not a regular file"
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    assert refused(fifo, seconds=QUICK) == f"{fifo}: cannot read: not a regular file"
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_RULES_BYTES + 1))
    assert refused(big, seconds=QUICK) == f"{big}: cannot read: too large ({MAX_RULES_BYTES + 1} bytes; the limit is {MAX_RULES_BYTES} bytes)"
    latin = tmp_path / "latin.toml"
    latin.write_bytes('base = "upto9"\nname = "Bl\xe5b\xe6r"\n'.encode("latin-1"))
    assert refused(latin) == f"{latin}: cannot read: not UTF-8 text (byte 25)"
    assert refused(Path("a\0b.toml")) == "a\0b.toml: cannot read: no such file"
    assert refused(tmp_path / "none.toml") == f"{tmp_path / 'none.toml'}: cannot read: no such file"


def test_deeply_nested_toml_and_huge_numbers_are_refused_in_one_line(tmp_path: Path) -> None:
    for body in ("a = " + "[" * 5000 + "]" * 5000, "a = " + "{b = " * 5000 + "1" + "}" * 5000):
        assert refused(write(tmp_path, body), seconds=QUICK) == f"{tmp_path / 'house.toml'}: cannot read: arrays or tables nested too deeply"
    said = refused(write(tmp_path, 'base = "upto9"\nhand_size = ' + "1" * 5000 + "\n"))
    assert said == f"{tmp_path / 'house.toml'}: not valid TOML: a number of more than 4300 digits"
    # Nesting TOML reads is refused like any other wrong value.
    said = refused(house(tmp_path, "hand_size = " + "[" * 200 + "]" * 200 + "\n"))
    assert said.startswith(f"{tmp_path / 'house.toml'}: rules: hand_size: must be a whole number of at least 1, got [[[[")


# --- base: a built-in rule set, or a file beside the house file, never a path -----------------------


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A rule-set-looking file outside the house file's folder (``tmp_path / 'table'``)."""
    (tmp_path / "table").mkdir()
    (tmp_path / "elsewhere").mkdir()
    return write(tmp_path / "elsewhere", f'{SECRET} = "do not show"\n', "secrets.toml")


@pytest.mark.parametrize(
    "base",
    [
        "{outside}",  # an absolute path
        "../elsewhere/secrets.toml",
        "../elsewhere/secrets",
        "../../elsewhere/secrets",
        "/etc/passwd",
        "sub/family.toml",
        "..\\elsewhere\\secrets.toml",
        "C:secrets.toml",
        ".hidden.toml",
        "/dev/zero",
        "~/secrets.toml",
    ],
)
def test_a_base_that_is_a_path_is_refused_without_reading_it(outside: Path, base: str) -> None:
    table = outside.parent.parent / "table"
    value = base.format(outside=outside)
    path = write(table, f"base = {json.dumps(value)}\n")
    said = refused(path, seconds=QUICK)
    assert said.startswith(f"{path}: base: must name a built-in rule set ({BUILT_IN}) or a .toml file in this file's folder")
    shown = repr(value) if len(repr(value)) <= MAX_SHOWN_CHARS else repr(value)[: MAX_SHOWN_CHARS - 1] + "…"
    assert said.endswith(f"never a path; got {shown}") and SECRET not in said


def test_a_base_that_is_not_text_or_no_built_in_is_refused(tmp_path: Path) -> None:
    assert refused(write(tmp_path, "base = 5\n")).endswith("never a path; got 5")
    assert refused(write(tmp_path, 'base = "upto10"\n')) == f"{tmp_path / 'house.toml'}: base: no built-in rule set 'upto10'; built-in: {BUILT_IN}"


def test_a_link_beside_the_house_file_that_leads_elsewhere_is_refused(outside: Path) -> None:
    table = outside.parent.parent / "table"
    (table / "family.toml").symlink_to(outside)
    path = write(table, 'base = "family.toml"\n')
    said = refused(path, seconds=QUICK)
    assert said == f"{path}: base: 'family.toml' is a link that leads out of this file's folder; a base file must lie in the same folder"


def test_a_base_file_beside_the_house_file_is_laid_under_it(tmp_path: Path) -> None:
    write(tmp_path, 'base = "upto9"\nname = "Family"\nhand_size = 12\n[penalties]\nK = 12\n', "family.toml")
    body = 'base = "family.toml"\nname = "Mine"\n' + level('{ kind = "set", size = 4 }, { kind = "set", size = 4 }', jokers=3)
    rules = load_rules(write(tmp_path, body))
    assert (rules.name, rules.base, rules.key, rules.hand_size, rules.level(6).jokers) == ("Mine", "family.toml", "house", 12, 3)
    assert dict(rules.penalties)["K"] == 12 and rules.level(5) == UPTO9.level(5)
    assert all(rules.is_house_rule(f) for f in ("hand_size", "penalties.K", "levels.6")) and not rules.is_house_rule("levels.5")
    # A whole rule set beside works as a base too.
    write(tmp_path, json_free_toml(PHASE10.to_dict() | {"key": "ours", "name": "Our Phase 10"}), "ours.toml")
    rules = load_rules(write(tmp_path, 'base = "ours.toml"\nhand_size = 9\n'))
    assert (rules.family, rules.hand_size, rules.levels) == (PHASE10.family, 9, PHASE10.levels)


def test_a_base_file_that_is_wrong_is_named_in_the_error(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "family.toml"\n')
    assert refused(path) == f"{path}: base: {tmp_path / 'family.toml'}: cannot read: no such file"
    os.mkfifo(tmp_path / "family.toml")
    assert refused(path, seconds=QUICK) == f"{path}: base: {tmp_path / 'family.toml'}: cannot read: not a regular file"
    (tmp_path / "family.toml").unlink()
    write(tmp_path, 'base = "upto9"\ncolour = "red"\n', "family.toml")
    assert refused(path).startswith(f"{path}: base: {tmp_path / 'family.toml'}: rules: unknown field 'colour'")
    write(tmp_path, 'base = "upto9"\n' + level('{ kind = "set", size = 99 }'), "family.toml")
    assert refused(path).startswith(f"{path}: base: {tmp_path / 'family.toml'}: level 6: groups[0]: size: must be a whole number from 1 to 36, got 99")


# --- circles and chains of bases ----------------------------------------------------------------------


def test_a_file_naming_itself_as_base_is_refused_naming_the_circle(tmp_path: Path) -> None:
    path = write(tmp_path, 'base = "house.toml"\n')
    assert refused(path, seconds=QUICK) == f"{path}: base: the rule-set files name each other as base in a circle: {path} → house.toml"


def test_two_files_naming_each_other_are_refused_naming_the_circle(tmp_path: Path) -> None:
    write(tmp_path, 'base = "house.toml"\n', "family.toml")
    path = write(tmp_path, 'base = "family.toml"\n')
    assert refused(path, seconds=QUICK) == f"{path}: base: the rule-set files name each other as base in a circle: {path} → family.toml → house.toml"


def test_a_longer_circle_is_refused_naming_it(tmp_path: Path) -> None:
    write(tmp_path, 'base = "b.toml"\n', "a.toml")
    write(tmp_path, 'base = "c.toml"\n', "b.toml")
    write(tmp_path, 'base = "a.toml"\n', "c.toml")
    path = write(tmp_path, 'base = "a.toml"\n')
    assert refused(path, seconds=QUICK) == f"{path}: base: the rule-set files name each other as base in a circle: {path} → a.toml → b.toml → c.toml → a.toml"


def _chain(folder: Path, files: int) -> Path:
    """A house file over ``files - 2`` files over the built-in Up to 9: ``files`` rule-set files in all."""
    names = [f"layer{i}.toml" for i in range(files - 2)]
    for name, below in zip(names, [*names[1:], "upto9"], strict=True):
        write(folder, f'base = "{below}"\n', name)
    return write(folder, f'base = "{(names or ["upto9"])[0]}"\nhand_size = 10\n')


def test_a_chain_of_bases_is_bounded(tmp_path: Path) -> None:
    rules = load_rules(_chain(tmp_path, MAX_BASE_CHAIN))
    assert rules.hand_size == 10 and rules.levels == UPTO9.levels
    path = _chain(tmp_path, MAX_BASE_CHAIN + 1)
    said = refused(path, seconds=QUICK)
    assert said.startswith(f"{path}: base: more than {MAX_BASE_CHAIN} rule-set files built on each other: {path} → layer0.toml → layer1.toml")
    assert said.endswith("→ upto9")


# --- duplicate levels ----------------------------------------------------------------------------------


def test_a_house_file_naming_a_level_twice_is_refused(tmp_path: Path) -> None:
    body = level('{ kind = "set", size = 4 }, { kind = "set", size = 4 }', jokers=3) + level('{ kind = "set", size = 4 }, { kind = "set", size = 4 }', jokers=1)
    path = house(tmp_path, body)
    assert refused(path) == f"{path}: level 6: number: more than one [[levels]] entry in this file has this number; a file changes each level once"
    # Once is a house rule: it replaces the base's level 6.
    house(tmp_path, level('{ kind = "set", size = 4 }, { kind = "set", size = 4 }', jokers=3))
    assert load_rules(path).level(6).jokers == 3


def test_a_whole_rule_set_naming_a_level_twice_is_refused(tmp_path: Path) -> None:
    data = UPTO9.to_dict()
    data["levels"].append(copy.deepcopy(data["levels"][3]))
    path = write(tmp_path, json_free_toml(data))
    assert refused(path) == f"{path}: level 4: number: levels must be numbered 1 to 10 once each"


# --- the built-in rule sets are unchanged ----------------------------------------------------------------


def test_built_in_and_sample_rule_sets_load_as_before() -> None:
    assert builtin_rules("upto9") == UPTO9 and builtin_rules("phase10") == PHASE10
    lean = builtin_rules("upto9_lean")
    assert [lean.decks_for(n) for n in range(2, 7)] == [1, 1, 1, 2, 2] and lean.level(4).clean_groups == 0
    for path in sorted((ROOT / "tests" / "rulesets").glob("*.toml")):
        assert load_rules(path).family == PHASE10.family, path


# --- fuzzing --------------------------------------------------------------------------------------------


def json_free_toml(data: dict[str, Any]) -> str:
    """``data`` as TOML: one ``key = value`` line per entry, tables and arrays inline."""
    return "".join(f"{_toml_key(k)} = {_toml(v)}\n" for k, v in data.items())


def _toml_key(key: Any) -> str:
    return _toml(str(key))


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return hex(value) if value > 10**4000 else str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")  # JSON's escapes are TOML's, but for DEL
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


TEXT = st.characters(codec="utf-8")  # no lone surrogate: it cannot be written as UTF-8 at all
FIELDS = ["key", "name", "base", "hand_size", "min_players", "max_players", "wild_ranks", "decks", "penalties", "levels", "deck", "number", "groups"]
FIELDS += ["jokers", "kind", "size", "players", "copies", "wilds", "skips", "clean_groups", "natural_cards", "level_order", "free_order", "family"]
NUMBERS = st.one_of(
    st.integers(-3, 30),
    st.sampled_from([MAX_PLAYERS, MAX_DECKS, MAX_LEVELS, MAX_GROUPS, MAX_LAYDOWN_CARDS, MAX_PENALTY, 10**6, 2**63 - 1, -(2**63)]),
    st.builds(pow, st.just(16), st.just(4000)),  # more digits than Python writes in decimal
    st.integers(),
)
WORDS = st.sampled_from(
    ["run", "set", "colour", "unlimited", "upto9", "phase10", "upto9_lean", "share", "deciding_round", "before_deal", "2", "K", "A", "10", ""]
)
SCALARS = st.one_of(NUMBERS, WORDS, st.booleans(), st.floats(), st.text(TEXT, max_size=12))
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS) | st.text(TEXT, max_size=6), inner, max_size=4), max_leaves=12
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a rule set's table: ('levels', 3, 'groups', 0, 'size')..."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield (*path, key)
        yield from _places(inner, (*path, key))


# rules_from_dict reads tables from records and the lab too, not only TOML: None, tuples, sets.
PY_VALUES = st.recursive(
    SCALARS | st.none() | st.just(()),
    lambda inner: (
        st.lists(inner, max_size=4) | st.tuples(inner) | st.frozensets(st.integers(), max_size=3) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def mutated_rule_sets(draw: st.DrawFn, values: st.SearchStrategy[Any] = VALUES) -> dict[str, Any]:
    """A built-in rule set's table with one to three places changed, removed or doubled."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from([UPTO9.to_dict(), PHASE10.to_dict(), builtin_rules("upto9_lean").to_dict()])))
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(list(_places(data))))
        *outer, last = place
        holder = data
        for key in outer:
            holder = holder[key]
        how = draw(st.sampled_from(["value", "number", "remove", "double"]))
        if how == "remove":
            del holder[last]
        elif how == "double" and isinstance(holder, list):
            holder.append(copy.deepcopy(holder[last]))  # a second level 3, a second deck entry
        else:
            holder[last] = draw(NUMBERS if how == "number" else values)
    return data


def _accepted_is_bounded(rules: Rules) -> None:
    """What a rule set that was accepted promises: every bound holds, and it reads back the same."""
    assert MIN_PLAYERS <= rules.min_players <= rules.max_players <= MAX_PLAYERS
    assert 1 <= rules.hand_size <= MAX_HAND_SIZE and 1 <= len(rules.levels) <= MAX_LEVELS
    assert all(1 <= d.decks <= MAX_DECKS for d in rules.decks)
    assert all(len(lv.groups) <= MAX_GROUPS and lv.cards <= MAX_LAYDOWN_CARDS for lv in rules.levels)
    assert len(rules.one_deck()) <= 48 * MAX_COPIES + MAX_WILDS + MAX_SKIPS
    assert rules_from_dict(rules.to_dict(), rules.source) == rules


def _load_in_time(path: Path) -> Rules | None:
    start = time.perf_counter()
    try:
        rules: Rules | None = load_rules(path)
    except RulesError as error:
        one_line(error)
        assert SECRET not in str(error)
        rules = None
    assert time.perf_counter() - start < SECONDS
    return rules


TOML_LINES = st.sampled_from(
    [
        'base = "upto9"',
        'base = "phase10"',
        'base = "house.toml"',
        'base = "../x.toml"',
        "[[levels]]",
        "number = 6",
        "number = 6",
        "number = 21",
        'groups = [{ kind = "set", size = 4 }, { kind = "set", size = 4 }]',
        'groups = [{ kind = "run", size = 14 }]',
        'groups = [{ kind = "set", size = 1000000 }]',
        "jokers = 3",
        'jokers = "unlimited"',
        "[deck]",
        "copies = 3",
        "[[decks]]",
        "players = [2, 6]",
        "decks = 2",
        "hand_size = 12",
        "max_players = 8",
        "[penalties]",
        "K = 12",
        "a = " + "[" * 50,
        '"\\ud800" = 1',
        "x = 0x" + "f" * 200,
    ]
)


@fuzz(150)
@given(lines=st.lists(st.one_of(TOML_LINES, st.text(max_size=30)), max_size=14))
def test_fuzz_toml_ish_texts_give_rules_or_one_rules_error(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "house.toml")
        path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))  # a lone surrogate: not UTF-8
        rules = _load_in_time(path)
        if rules is not None:
            _accepted_is_bounded(rules)


@fuzz(200)
@given(data=mutated_rule_sets(), as_house=st.booleans())
def test_fuzz_mutated_rule_set_files_give_rules_or_one_rules_error(data: dict[str, Any], as_house: bool) -> None:
    if as_house:  # the same changes as a house file over the rule set
        base = data.get("key") if isinstance(data.get("key"), str) else "upto9"
        data = {"base": base, **{k: v for k, v in data.items() if k in ("levels", "hand_size", "decks", "deck", "penalties", "max_players")}}
    with tempfile.TemporaryDirectory() as folder:
        rules = _load_in_time(write(Path(folder), json_free_toml(data)))
        if rules is not None:
            _accepted_is_bounded(rules)


@fuzz(200)
@given(data=mutated_rule_sets(PY_VALUES))
def test_fuzz_mutated_tables_give_rules_or_one_rules_error(data: dict[str, Any]) -> None:
    start = time.perf_counter()
    try:
        rules = rules_from_dict(data, "table")
    except RulesError as error:
        one_line(error)
    else:
        _accepted_is_bounded(rules)
    assert time.perf_counter() - start < SECONDS


BASES = st.one_of(
    st.sampled_from(
        ["upto9", "phase10", "upto9_lean", "house.toml", "a.toml", "b.toml", "missing.toml", "../elsewhere/secrets.toml", "{secret}", "sub/a.toml"]
    ),
    st.sampled_from(["/dev/zero", "..", ".", "", ".a.toml", "a\\b.toml", "C:a.toml", "upto9.toml", "../../elsewhere/secrets", "a.toml\0"]),
    st.text(TEXT, max_size=20),
    VALUES,
)


@fuzz(150)
@given(
    bases=st.tuples(BASES, BASES, BASES),
    extra=st.lists(st.sampled_from(["hand_size = 10", "name = 'x'", level('{ kind = "set", size = 4 }'), "[deck]\ncopies = 1", "colour = 1"]), max_size=2),
)
def test_fuzz_house_files_with_random_bases_give_rules_or_one_rules_error(bases: tuple[Any, Any, Any], extra: list[str]) -> None:
    with tempfile.TemporaryDirectory() as root:
        table = Path(root, "table")
        (table / "sub").mkdir(parents=True)
        secret = write(Path(root), f'{SECRET} = "do not show"\n', "secrets.toml")
        (Path(root) / "elsewhere").mkdir()
        write(Path(root) / "elsewhere", f'{SECRET} = "do not show"\n', "secrets.toml")
        for name, base in zip(["house.toml", "a.toml", "b.toml"], bases, strict=True):
            value = str(secret) if base == "{secret}" else base
            body = f"base = {_toml(value)}\n" + "\n".join(extra if name == "house.toml" else [])
            write(table, body, name)
        rules = _load_in_time(table / "house.toml")
        if rules is not None:
            _accepted_is_bounded(rules)


# --- each family's own fields, read and checked in its own package (upto9/families/*/fields.py) -------


def test_each_family_refuses_the_fields_of_the_other_game_in_its_own_words(tmp_path: Path) -> None:
    assert refused(house(tmp_path, "[deck]\nwilds = 4\n")).endswith(
        "deck: only a Phase 10 rule set (family = 'phase10') describes its deck; Up to 9 plays with standard 52-card decks"
    )
    says = refused(house(tmp_path, level('{ kind = "run", size = 4 }', jokers='"unlimited"')))
    assert says.endswith(
        "level 6: jokers: unlimited wild cards and a smallest number of number cards are Phase 10's rules; an Up to 9 level has a joker budget"
    )
    assert refused(house(tmp_path, 'wild_ranks = ["2"]\n', base="phase10")).endswith(
        "rules: wild_ranks: Phase 10's wild cards are cards of their own; no rank is wild"
    )


def test_a_house_file_changes_one_value_of_phase10s_deck_and_keeps_the_others(tmp_path: Path) -> None:
    rules = load_rules(house(tmp_path, "[deck]\nwilds = 4\n", base="phase10"))
    assert rules.fields == type(PHASE10.fields)(copies=2, wilds=4, skips=4)
    assert len(rules.one_deck()) == 104 and sum(c.only_wild for c in rules.one_deck()) == 4
    assert rules.is_house_rule("deck.wilds") and not rules.is_house_rule("deck.copies")
    assert rules_from_dict(rules.to_dict()).fields == rules.fields  # written and read back whole


def test_a_family_that_registers_no_reader_of_its_fields_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.plugins as plugins
    import upto9.rules as rules_module

    registered = plugins._entry_points

    def without_readers(group: str = plugins.ENTRY_POINT_GROUP) -> dict[str, Any]:
        return {} if group == plugins.FIELDS_GROUP else registered(group)

    monkeypatch.setattr(plugins, "_entry_points", without_readers)
    plugins.load_fields_reader.cache_clear()
    rules_module.fields_reader.cache_clear()
    try:
        with pytest.raises(RulesError, match="the game family 'upto9' registers no reader of its rule-set fields"):
            rules_from_dict(UPTO9.to_dict())
    finally:
        plugins.load_fields_reader.cache_clear()
        rules_module.fields_reader.cache_clear()
