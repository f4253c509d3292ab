"""The same seed still gives the same game: a fixed set of seeded games of both rummy families (2-6
players, the built-in rule sets and the house rules of tests/rulesets/) is played and each game's
whole record (every deal, every move, every lay-down's melds, the result) is hashed; the digests
must equal those the engine gave before the speed work of issue 22 (recorded at commit ec3be4f,
before any change). A faster bot or checker that changes a single decision changes a digest.

Regenerate the table only for a change meant to alter games: ``python tests/test_same_games.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from upto9 import HeuristicBot, RandomBot, builtin_rules, load_rules, play_game
from upto9.records import game_record
from upto9.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "tests" / "rulesets"

Case = tuple[str, int, str, int]
"""(rule set, players, seats: one letter per seat, H heuristic or R random, seed)."""


def _cases() -> list[Case]:
    cases: list[Case] = []
    for rules in ("upto9", "phase10"):
        for players in range(2, 7):
            for seed in (1, 22):
                cases.append((rules, players, "H" * players, seed))
            cases.append((rules, players, ("HR" * players)[:players], 7))
    for rules in ("upto9_lean", "phase10_free", "phase10_free_before", "phase10_chosen", "phase10_short"):
        for players, seed in ((3, 5), (4, 9)):
            cases.append((rules, players, "H" * players, seed))
    return cases


CASES = _cases()


def _rules(name: str) -> Rules:
    path = RULESETS / f"{name}.toml"
    return load_rules(path) if path.is_file() else builtin_rules(name)


def digest(case: Case) -> str:
    """The first 16 hex digits of the SHA-256 of the game's record (JSON, keys sorted), without the
    rule set's own fields (the game is its deals and moves; a new rule field is no new game)."""
    name, players, seats, seed = case
    bots = [HeuristicBot if s == "H" else RandomBot for s in seats]
    game = play_game(players=players, rules=_rules(name), bots=bots, seed=seed)
    record = {k: v for k, v in game_record(game).items() if k != "rules"}
    text = json.dumps(record, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


EXPECTED: dict[Case, str] = {
    ("upto9", 2, "HH", 1): "fa2656abaf16714f",
    ("upto9", 2, "HH", 22): "81d3a36dc5808eb1",
    ("upto9", 2, "HR", 7): "87b7346f79e14123",
    ("upto9", 3, "HHH", 1): "9738a650eb4109ae",
    ("upto9", 3, "HHH", 22): "2825407aedd47e6a",
    ("upto9", 3, "HRH", 7): "fc614c5054fe1093",
    ("upto9", 4, "HHHH", 1): "9c3639184764873c",
    ("upto9", 4, "HHHH", 22): "f85d2a939dcb0914",
    ("upto9", 4, "HRHR", 7): "0ba2d8494f9bf24d",
    ("upto9", 5, "HHHHH", 1): "009d0570ef2aac6e",
    ("upto9", 5, "HHHHH", 22): "ae221b20fc94caca",
    ("upto9", 5, "HRHRH", 7): "ae226b3e029cddfd",
    ("upto9", 6, "HHHHHH", 1): "abdb80df46a531c2",
    ("upto9", 6, "HHHHHH", 22): "673bfb03e7c85aa3",
    ("upto9", 6, "HRHRHR", 7): "eb3204c378f80444",
    ("phase10", 2, "HH", 1): "2c4e6bf5d2fc7711",
    ("phase10", 2, "HH", 22): "dba699673395fa51",
    ("phase10", 2, "HR", 7): "e8c1ba4265ae732d",
    ("phase10", 3, "HHH", 1): "d29f08b1d9d9c9d4",
    ("phase10", 3, "HHH", 22): "18a4499a4e46aaca",
    ("phase10", 3, "HRH", 7): "b0cc760a659f7cbf",
    ("phase10", 4, "HHHH", 1): "0a43ab57f400ffad",
    ("phase10", 4, "HHHH", 22): "14170874837e381c",
    ("phase10", 4, "HRHR", 7): "0270734178ab99c9",
    ("phase10", 5, "HHHHH", 1): "33a8b2dae7a8af72",
    ("phase10", 5, "HHHHH", 22): "9cddb6d821a4d3af",
    ("phase10", 5, "HRHRH", 7): "26407c42719b7043",
    ("phase10", 6, "HHHHHH", 1): "1039a9339d304855",
    ("phase10", 6, "HHHHHH", 22): "fcc84f6777ae05fe",
    ("phase10", 6, "HRHRHR", 7): "bb6631da0c0c0464",
    ("upto9_lean", 3, "HHH", 5): "655202141c801cbf",
    ("upto9_lean", 4, "HHHH", 9): "271713dcbe1409c7",
    ("phase10_free", 3, "HHH", 5): "0a2669e38baec5a0",
    ("phase10_free", 4, "HHHH", 9): "52d403fd9f49b52f",
    ("phase10_free_before", 3, "HHH", 5): "35a9a47e97afeb79",
    ("phase10_free_before", 4, "HHHH", 9): "8bc99921bf1a7c36",
    ("phase10_chosen", 3, "HHH", 5): "75529cb6e65d1534",
    ("phase10_chosen", 4, "HHHH", 9): "6ca5fda3d31351dd",
    ("phase10_short", 3, "HHH", 5): "7fdb0ce7a1143101",
    ("phase10_short", 4, "HHHH", 9): "cadbf9c8862f0697",
}
"""Each case's digest as commit ec3be4f played it (before the speed work)."""


@pytest.mark.parametrize("case", CASES, ids=["-".join(map(str, c)) for c in CASES])
def test_the_same_seed_plays_the_same_game(case: Case) -> None:
    assert digest(case) == EXPECTED[case], f"{case}: the game differs from the one this seed played before"


def test_the_cases_cover_both_families_and_every_table_size() -> None:
    assert set(EXPECTED) == set(CASES)
    assert {p for _r, p, _s, _seed in CASES} == {2, 3, 4, 5, 6}
    assert {_rules(r).family for r, _p, _s, _seed in CASES} == {"upto9", "phase10"}


if __name__ == "__main__":
    for case in CASES:
        print(f"    {case!r}: {digest(case)!r},", flush=True)
