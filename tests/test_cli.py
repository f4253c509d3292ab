"""The command line as a user sees it: what `upto9 ...` prints, to which stream, and its exit status."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_helpers import fuzz_examples
from upto9.cards import shown
from upto9.cli import RECONSTRUCTED_NOTE, main
from upto9.rules import builtin_keys

BUILT_IN = ", ".join(builtin_keys())  # the built-in rule sets as installed: the engine's and each game family's


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_error(capsys: pytest.CaptureFixture[str], argv: list[str], *fragments: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("upto9: error: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err
    return err


# --- check: the verdict and the arrangement --------------------------------------------------------


def test_valid_straight_with_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "5h 6h 2c 8h 9h 2d 3s Jc", "--level", "7")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "VALID for level 7: straight of 7; at most 3 jokers"
    assert "  hand      5♥ 6♥ 2♣ 8♥ 9♥ 2♦ 3♠ J♣" in lines
    assert "  straight  [2♦=3♥] [2♣=4♥] 5♥ 6♥ [3♠=7♥] 8♥ 9♥" in lines
    assert "  jokers    3 of 3 allowed" in lines
    assert "  left      J♣" in lines
    assert "  The best lay-down uses 3 jokers of 3 allowed: 2♦ as 3♥, 2♣ as 4♥, 3♠ as 7♥." in lines


def test_real_twos_and_threes_cost_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "2h 3h 4h 5h", "-l", "1")
    assert code == 0
    assert out.startswith("VALID for level 1: straight of 4; no jokers\n")
    assert "  straight  2♥ 3♥ 4♥ 5♥\n" in out
    assert "  jokers    none used\n" in out
    assert "left" not in out
    assert "2♥ stands for itself, so it is real and costs nothing from the budget." in out


def test_failing_hand_shows_the_closest_arrangement(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "5h 6h 2c 8h", "--level", "1")
    assert (code, err) == (1, "")  # a verdict, not an error: NOT VALID is exit status 1
    lines = out.splitlines()
    assert lines[0] == "NOT VALID for level 1: straight of 4; no jokers"
    # Level 1 allows no jokers, so the 2♣ cannot stand in: the 7♥ is missing and the 2♣ is left over.
    assert "  closest  5♥ 6♥ ·7♥· 8♥" in lines
    assert "  missing  7♥" in lines
    assert "  left     2♣" in lines
    assert "  ·7♥·: an empty slot; no card of the hand fills it." in lines
    assert "  Level 1 allows no jokers; the closest straight needs 1: 7♥ is missing." in lines
    assert "  Any one of these makes it: 7♥." in lines


def test_failing_hand_marks_empty_slots(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "5h 6h 7h", "-l", "1")
    assert "  closest  ·4♥· 5♥ 6♥ 7♥\n" in out
    assert "  missing  4♥\n" in out
    assert "·4♥·: an empty slot" in out


def test_failing_sets_are_numbered_and_show_rank_slots(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "Kh Kd 7s 7h 5d 5c 9h", "-l", "4")
    lines = out.splitlines()
    assert lines[0].startswith("NOT VALID for level 4: 3 × three of a kind; at most 2 jokers in total")
    assert "  closest set 1  5♦ 5♣ ·5·" in lines
    assert "  closest set 3  K♥ K♦ ·K·" in lines
    assert "  missing        a 5, a 7, a K" in lines
    assert "  left           9♥" in lines


def test_a_set_joker_in_a_failing_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "Kh Kd 8s 8h 5d 5c 9h 2c", "-l", "4")
    assert "  closest set 1  5♦ 5♣ [2♣=5]\n" in out
    assert "  closest set 2  8♠ 8♥ ·8·\n" in out
    # The joker fills the 5's slot, so only the 8 and the K are missing: as many as the cards short.
    assert "  missing        an 8, a K\n" in out
    assert "  [2♣=5]: a joker stands in for a 5; it fills the slot, so nothing is missing there.\n" in out
    assert "  The three of a kind (1) needs 1 joker: 2♣ stands in for a 5.\n" in out
    assert "  The three of a kind (2) needs 1 joker: an 8 is missing.\n" in out
    assert "  The hand is 2 cards short of the lay-down.\n" in out


def test_two_kinds_of_group_are_labelled_by_kind(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "5h 6h 7h 8h 9h Ks Kd 2c Qs", "-l", "5")
    assert "  straight  5♥ 6♥ 7♥ 8♥ 9♥\n" in out
    assert "  set       K♠ K♦ [2♣=K]\n" in out
    assert "  jokers    1 of 2 allowed\n" in out


@pytest.mark.parametrize("hand", ["", "   ", " , ,, "])
def test_an_empty_hand_is_bad_input(capsys: pytest.CaptureFixture[str], hand: str) -> None:
    err = assert_error(capsys, ["check", hand, "-l", "1"])
    assert err == 'upto9: error: the hand is empty: write its cards separated by spaces, e.g. "5h 6h 7h 8h"; see "upto9 check --help"\n'
    phase10 = assert_error(capsys, ["check", hand, "-l", "1", "--rules", "phase10"])
    assert 'e.g. "7r 7y W 9b"' in phase10


def test_cards_may_be_written_with_glyphs_and_commas(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "10♥, J♥, Qh,kh", "-l", "1")
    assert code == 0
    assert out.startswith("VALID")


# --- check --json -----------------------------------------------------------------------------------


def test_json_of_a_valid_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "Kh Kd 2c 7s 7h 7c 5d 5c 3h", "--level", "4", "--json")
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {"ok", "level", "jokers", "melds", "missing", "outs", "explanation"}
    assert (data["ok"], data["level"], data["jokers"], data["missing"], data["outs"]) == (True, 4, 2, [], [])
    assert [m["kind"] for m in data["melds"]] == ["set", "set", "set"]
    placed = [c for m in data["melds"] for c in m["cards"]]
    assert all(set(c) == {"card", "as", "wild"} for c in placed)
    assert {"card": "2c", "as": "5", "wild": True} in placed
    assert sum(c["wild"] for c in placed) == 2
    assert "♣" in out  # not escaped: ensure_ascii=False
    assert data["explanation"][-1] == "The best lay-down uses 2 jokers of 2 allowed: 2♣ as a 5, 3♥ as a K."


def test_json_of_a_failing_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "5h 6h 7h Kc", "-l", "1", "--json")
    data = json.loads(out)
    assert data["ok"] is False
    assert data["jokers"] is None
    assert data["melds"] == []
    assert data["missing"] == ["4h"]
    assert data["outs"] == ["4h", "8h"]
    assert data["explanation"][0] == "Level 1: straight of 4; no jokers."


# --- bad input: one line on stderr, exit status 2, never a traceback --------------------------------


def test_bad_card(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "5h 6h 11h", "-l", "1"])
    assert err == "upto9: error: the 3rd card, '11h', is not a card: no rank 11; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h\n"


def test_bad_suit(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "5x", "-l", "1"], "the 1st card, '5x', is not a card", "suits are s h d c")


@pytest.mark.parametrize("level", ["0", "10", "-3"])
def test_level_out_of_range(capsys: pytest.CaptureFixture[str], level: str) -> None:
    err = assert_error(capsys, ["check", "5h", "--level", level])
    assert err == f"upto9: error: Up to 9 has levels 1 to 9, not {level}\n"


def test_level_not_a_number_points_to_the_commands_own_help(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "5h", "--level", "abc"])
    assert err == "upto9: error: argument -l/--level: expected a whole number such as 3, got 'abc'; see \"upto9 check --help\"\n"


# int() reads all of these; a level is written in ASCII digits.
@pytest.mark.parametrize("level", ["٧", "７", "1_0", " 7", "7.0", "+7", ""])
def test_level_in_ascii_digits_only(capsys: pytest.CaptureFixture[str], level: str) -> None:
    assert_error(capsys, ["check", "5h", "--level", level], "argument -l/--level: expected a whole number such as 3, got", 'see "upto9 check --help"')


def test_a_huge_level_or_player_count_is_refused_without_echoing_it(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "5h", "--level", "9" * 5000])
    assert err == f'upto9: error: argument -l/--level: {shown("9" * 5000)!r} is too large: 5000 digits, at most 6; see "upto9 check --help"\n'
    assert len(err) < 200
    assert_error(capsys, ["check", "5h", "-l", "1", "--players", "1" * 7], "argument --players: '1111111' is too large: 7 digits, at most 6")
    assert_error(capsys, ["check", "5h", "--level", "999999"], "Up to 9 has levels 1 to 9, not 999999")


def test_level_missing(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "5h"])
    assert err == 'upto9: error: the following arguments are required: -l/--level; see "upto9 check --help"\n'


def test_no_command_and_unknown_command_point_to_the_main_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, [], "required: COMMAND", 'see "upto9 --help"')
    assert_error(capsys, ["frob"], "invalid choice: 'frob'", 'see "upto9 --help"')
    # A stray argument belongs to the command it follows.
    assert_error(capsys, ["levels", "--json"], "unrecognized arguments: --json", 'see "upto9 levels --help"')
    assert_error(capsys, ["check", "5h", "-l", "1", "6h"], "unrecognized arguments: 6h", 'see "upto9 check --help"')


def test_more_copies_than_the_decks_hold(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "7h 7h 7h", "-l", "4", "--players", "4"])
    assert (
        err == "upto9: error: the hand holds 3 × 7h, but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; choose 5 or 6 players for 3 decks\n"
    )
    # Five players play with three decks; without --players, the largest table's decks are the limit.
    assert run(capsys, "check", "7h 7h 7h", "-l", "4", "--players", "5")[0] == 1  # a verdict: NOT VALID
    assert_error(capsys, ["check", "7h 7h 7h 7h", "-l", "4"], "no game of Up to 9 holds more than 3 × 7h: 5 or 6 players play with 3 decks")


def test_the_command_line_says_card_and_one_deck_as_a_person_would(capsys: pytest.CaptureFixture[str]) -> None:
    # A mistake in one card is "the 2nd card", never a "token"; one deck is "1 deck", never "1 deck(s)".
    err = assert_error(capsys, ["check", "5h garbage 7h", "-l", "1"])
    assert err == "upto9: error: the 2nd card, 'garbage', is not a card: no suit; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h\n"
    err = assert_error(capsys, ["check", "7h 7h", "-l", "4", "--players", "4", "--rules", "upto9_lean"])
    assert err == (
        "upto9: error: the hand holds 2 × 7h, but a table of 4 plays Up to 9, one deck fewer with 1 deck: at most 1 of each card; "
        "choose 5 or 6 players for 2 decks\n"
    )
    err = assert_error(capsys, ["check", "7r 7r 7r", "-l", "1", "--players", "3", "--rules", "phase10"])
    assert err == "upto9: error: the hand holds 3 × 7r, but a table of 3 plays Phase 10 with 1 deck: at most 2 × 7r\n"
    for said in (err, assert_error(capsys, ["check", "7r 13b", "-l", "1", "--rules", "phase10"])):
        assert "token" not in said and "(s)" not in said and said.count("\n") == 1


def test_players_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "7h", "-l", "1", "--players", "9"], "Up to 9 is for 2 to 6 players, not 9")


def test_bad_rules_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert_error(capsys, ["levels", "--rules", str(tmp_path / "nope.toml")], "nope.toml: cannot read")
    broken = tmp_path / "broken.toml"
    broken.write_text("levels = [1\n", encoding="utf-8")
    assert_error(capsys, ["check", "5h", "-l", "1", "--rules", str(broken)], "broken.toml: not valid TOML")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('base = "upto9"\n[[levels]]\nnumber = 1\ngroups = [{ kind = "run", size = 4 }]\njokers = "x"\n', encoding="utf-8")
    err = assert_error(capsys, ["levels", "--rules", str(wrong)])
    assert err.endswith("wrong.toml: level 1: jokers: must be a whole number from 0 to 4, got 'x'\n")


def test_help_is_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--help")
    assert (code, err) == (0, "")
    assert out.startswith("usage: upto9 check")
    assert "--players N" in out


EXIT_STATUS_LINES = [
    "  0    VALID (check); done (levels, --help, --version)",
    "  1    NOT VALID (check): a verdict, not an error",
    "  2    bad input (the command line, the hand, the level, the rule file) or an",
    "  3    an internal error: a bug in upto9 (its traceback follows; please report it)",
    "  130  interrupted (Ctrl-C)",
]


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["levels", "--help"]])
def test_every_help_documents_the_exit_status(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert "exit status:" in lines
    for line in EXIT_STATUS_LINES:
        assert line in lines


def test_the_main_help_names_each_commands_help(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--help")
    assert 'each command has its own help: "upto9 check --help", "upto9 levels --help"' in out
    assert "check     does the hand make the level's lay-down? (exit status 0 VALID, 1" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import upto9

    assert run(capsys, "--version") == (0, f"upto9 {upto9.__version__}\n", "")


# --- levels -----------------------------------------------------------------------------------------


def test_levels_marks_reconstructed_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "levels")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Up to 9: the levels"
    rows = {line.split()[0]: line.split() for line in lines if line.startswith("  ") and line.split()[0].isdigit()}
    assert sorted(rows, key=int) == [str(n) for n in range(1, 10)]
    level = {n: " ".join(cells) for n, cells in rows.items()}
    assert level["1"] == "1 straight of 4 no jokers 4"
    assert level["2"] == "2 straight of 5* at most 1 joker* 4*"
    assert level["4"] == "4 3 × three of a kind at most 2 jokers in total, at most 1 per set, at least one set with no joker 7"
    assert level["5"] == "5 straight of 5* + three of a kind 1 + 1 (straight + set)* 6*"
    assert level["6"] == "6 2 × four of a kind* at most 2 jokers in total* 6*"
    assert level["7"] == "7 straight of 7 at most 3 jokers 4"
    assert level["9"] == "9 straight of 9 at most 4 jokers 5"
    assert lines[-1] == RECONSTRUCTED_NOTE == "* reconstructed: not stated by the rules text; a default of the rule set"


def test_house_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "upto9"\n[[levels]]\nnumber = 1\ngroups = [{ kind = "run", size = 4 }]\njokers = 1\n', encoding="utf-8")
    _, out, _ = run(capsys, "levels", "--rules", str(house))
    assert "  1      straight of 4                     at most 1 joker " in out
    code, out, _ = run(capsys, "check", "5h 6h 2c 8h", "-l", "1", "--rules", str(house))
    assert code == 0
    assert out.startswith("VALID for level 1: straight of 4; at most 1 joker\n")
    assert "  straight  5♥ 6♥ [2♣=7♥] 8♥\n" in out


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "upto9", "check", "5h 6h 7h 8h", "-l", "1", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["ok"] is True
    bad = subprocess.run([sys.executable, "-m", "upto9", "check", "5h", "-l", "12"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr == "upto9: error: Up to 9 has levels 1 to 9, not 12\n"


# --- Phase 10, chosen with --rules phase10 ---------------------------------------------------------


def test_phase10_valid_hand_names_the_phase_and_the_wild(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "7r 7y W 9b 9g 9r", "--level", "1", "--rules", "phase10")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "VALID for phase 1: 2 sets of 3; any number of wild cards, at least 1 number card"
    assert "  set 2  7r 7y [W=7]" in lines
    assert "  The best lay-down uses 1 wild card: W as 7." in lines


def test_phase10_json_has_the_same_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "5r 5y 5g 6b 7r 8g", "--level", "2", "--rules", "phase10", "--json")
    data = json.loads(out)
    assert code == 1
    assert list(data) == ["ok", "level", "jokers", "melds", "missing", "outs", "explanation"]
    assert (data["ok"], data["level"], data["jokers"]) == (False, 2, None)
    assert "W" in data["outs"] and "5b" in data["outs"]


@pytest.mark.parametrize(
    ("hand", "fragment"),
    [
        ("7r 13b", "the 2nd card, '13b', is not a card: no number 13; numbers are 1-12"),
        ("7h", "the 1st card, '7h', is not a card: no colour 'h'; colours are r y g b"),
        ("7r 7r 7r", "the hand holds 3 × 7r, but no game of Phase 10 holds more than 2 × 7r: 2 to 6 players play with 1 deck"),
    ],
)
def test_phase10_bad_hands(capsys: pytest.CaptureFixture[str], hand: str, fragment: str) -> None:
    assert_error(capsys, ["check", hand, "--level", "1", "--rules", "phase10"], fragment)


def test_phase10_phase_out_of_range_says_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "7r", "--level", "11", "--rules", "phase10"], "Phase 10 has phases 1 to 10, not 11")


def test_unknown_built_in_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "7r", "--level", "1", "--rules", "phase11"], f"no built-in rule set 'phase11'; built-in: {BUILT_IN}")


def test_phase10_levels_table_uses_phase_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "levels", "--rules", "phase10")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Phase 10: the phases"
    assert lines[2].split() == ["phase", "contract", "max", "wild", "min", "number", "cards"]
    assert lines[3].split()[:5] == ["1", "2", "sets", "of", "3"]
    assert "7 cards of one colour" in lines[10]


# --- exit status: a script can tell VALID from NOT VALID from a mistake ------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["check", "5h 6h 7h 8h", "-l", "1"], 0),
        (["check", "5h 6h 7h 8h", "-l", "1", "--json"], 0),
        (["check", "5h 6h 7h Kc", "-l", "1"], 1),
        (["check", "5h 6h 7h Kc", "-l", "1", "--json"], 1),
        (["check", "7r 7y W 9b 9g 9r", "-l", "1", "--rules", "phase10"], 0),
        (["check", "7r 7y 9b", "-l", "1", "--rules", "phase10"], 1),
        (["check", "5h 6h 7h 8h", "-l", "12"], 2),
        (["levels"], 0),
        (["levels", "--rules", "phase10"], 0),
        (["levels", "--rules", "nope"], 2),
    ],
)
def test_exit_status(capsys: pytest.CaptureFixture[str], argv: list[str], expected: int) -> None:
    code, out, err = run(capsys, *argv)
    assert code == expected
    assert (out == "") == (code == 2)  # a verdict or a table on stdout; an error only on stderr
    assert (err == "") == (code != 2)


# --- the separator actually used ---------------------------------------------------------------------


@pytest.mark.parametrize("separator", [";", "/", "|", "-", ".", "+", ":"])
def test_an_error_names_the_separator_actually_used(capsys: pytest.CaptureFixture[str], separator: str) -> None:
    hand = separator.join(["5h", "6h", "7h", "8h"])
    err = assert_error(capsys, ["check", hand, "-l", "1"])
    assert err == f'upto9: error: the 1st card, {hand!r}, is not a card: cards are separated by spaces or commas, not {separator!r}; see "upto9 check --help"\n'


def test_the_separator_error_counts_tokens_and_knows_phase10(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "Kc 5h;6h", "-l", "1"], "the 2nd card, '5h;6h', is not a card: cards are separated by spaces or commas, not ';'")
    assert_error(
        capsys, ["check", "7r;7y W", "-l", "1", "--rules", "phase10"], "the 1st card, '7r;7y', is not a card: cards are separated by spaces or commas, not ';'"
    )


def test_a_mark_after_a_card_is_named_as_the_separator_not_a_missing_suit(capsys: pytest.CaptureFixture[str]) -> None:
    """``5h; 6h`` joins its cards with "; ": the card has a suit, the ';' is the mistake (as on every page)."""
    err = assert_error(capsys, ["check", "Kd, 7s; ah", "-l", "1"])
    assert err == "upto9: error: the 2nd card, '7s;', is not a card: cards are separated by spaces or commas, not ';'; see \"upto9 check --help\"\n"


def test_a_stray_mark_next_to_no_card_keeps_the_card_error(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "5h (6h", "-l", "1"], "the 2nd card, '(6h', is not a card")
    assert "separated" not in err


# --- input the engine refuses: files, huge numbers, odd bytes ----------------------------------------


def assert_refused_quickly(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    started = time.perf_counter()
    err = assert_error(capsys, argv, fragment)
    assert time.perf_counter() - started < 2.0, "refused at once, not read"
    assert err.count("\n") == 1


POSIX = pytest.mark.skipif(os.name != "posix", reason="needs /dev/zero, named pipes and a shell")


@POSIX
def test_rules_that_are_not_a_regular_file_are_refused_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert_refused_quickly(capsys, ["levels", "--rules", "/dev/zero"], "upto9: error: /dev/zero: cannot read: not a regular file")
    assert_refused_quickly(capsys, ["check", "5h", "-l", "1", "--rules", str(tmp_path)], f"{tmp_path}: cannot read: not a regular file")
    fifo = tmp_path / "house.toml"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    assert_refused_quickly(capsys, ["levels", "--rules", str(fifo)], "house.toml: cannot read: not a regular file")


def test_a_huge_rules_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from upto9.files import MAX_FILE_BYTES

    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert_refused_quickly(capsys, ["levels", "--rules", str(huge)], f"huge.toml: cannot read: too large ({MAX_FILE_BYTES + 1} bytes")


def test_a_rules_path_with_odd_characters(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["levels", "--rules", "a\0b.toml"], "cannot read: no such file")
    # A name holding a terminal's escape codes is shown escaped, not sent to the terminal.
    err = assert_error(capsys, ["levels", "--rules", "a\x1b[2Jb.toml"])
    assert err == "upto9: error: a\\x1b[2Jb.toml: cannot read: no such file\n"


def test_a_phase10_number_of_thousands_of_digits_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "7r " + "1" * 5000 + "r", "-l", "1", "--rules", "phase10"], "the 2nd card, ")
    assert err.count("\n") == 1
    assert len(err) < 1000


def test_a_long_token_gives_a_bounded_line(capsys: pytest.CaptureFixture[str]) -> None:
    from upto9.cli import MAX_ERROR_CHARS

    err = assert_error(capsys, ["check", "x" * 100_000 + "h", "-l", "1"])
    assert err.count("\n") == 1
    assert len(err) <= MAX_ERROR_CHARS + len('; see "upto9 check --help"\n')


# --- an error that is ours, not the user's --------------------------------------------------------------


def test_an_internal_error_says_so_and_keeps_its_traceback(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.cli

    def broken(*_args: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(upto9.cli, "check", broken)
    code, out, err = run(capsys, "check", "5h 6h 7h 8h", "-l", "1")
    assert (code, out) == (3, "")
    assert err.startswith("upto9: internal error: this is a bug in upto9; please report it with the traceback below\nTraceback (most recent call last):\n")
    assert err.endswith("ZeroDivisionError: a bug\n")


def test_ctrl_c_is_exit_status_130_without_a_traceback(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.cli

    def interrupted(*_args: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(upto9.cli, "check", interrupted)
    assert run(capsys, "check", "5h 6h 7h 8h", "-l", "1") == (130, "", "")


# --- ASCII where the terminal cannot print suit symbols ------------------------------------------------


def test_the_ascii_form_of_every_card_is_its_code() -> None:
    from upto9.cards import full_deck
    from upto9.cli import _ASCII

    assert all(card.glyph.translate(_ASCII) == str(card) for card in full_deck())


def test_render_check_in_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    from upto9.cli import render_check
    from upto9.families.upto9.checker import check

    lines = render_check(check("Kh Kd 8s 8h 5d 5c 9h 2c", 4), glyphs=False)
    assert all(line.isascii() for line in lines)
    assert "  closest set 1  5d 5c [2c=5]" in lines
    assert "  closest set 2  8s 8h _8_" in lines
    assert "  The three of a kind (1) needs 1 joker: 2c stands in for a 5." in lines
    assert "  _8_: an empty slot; no card of the hand fills it." in lines


# --- as a process: pipes, a full disk, an ASCII terminal ------------------------------------------------


def upto9(*argv: str, env: dict[str, str] | None = None, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m upto9 ARGV`` as a shell would run it; bytes, so that no decoding hides anything."""
    environment = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "upto9", *argv], env=environment, capture_output="stdout" not in kwargs, check=False, timeout=60, **kwargs)


CLOSED_PIPE_COMMANDS = [(["levels"], 0), (["check", "5h 6h 7h Kc", "-l", "1"], 1), (["check", "5h 6h 7h 8h", "-l", "1", "--json"], 0), (["--help"], 0)]


@pytest.mark.parametrize(("argv", "verdict"), CLOSED_PIPE_COMMANDS)
def test_quiet_on_a_closed_pipe(argv: list[str], verdict: int) -> None:
    # `upto9 levels | true`, made certain: the reading end is closed before upto9 writes a byte.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "upto9", *argv], stdout=write_end, stderr=subprocess.PIPE, check=False, timeout=60)
    finally:
        os.close(write_end)
    assert done.stderr == b""
    assert done.returncode == verdict  # a closed pipe is no error: the status stays the verdict's


@POSIX
def test_quiet_under_head() -> None:
    done = subprocess.run(f"{shlex.quote(sys.executable)} -m upto9 levels | head -1", shell=True, capture_output=True, check=False, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"Up to 9: the levels\n", b"")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["levels"], ["check", "5h 6h 7h 8h", "-l", "1", "--json"], ["check", "--help"]])
def test_a_full_disk_is_one_line_and_exit_status_2(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = upto9(*argv, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert done.stderr == b"upto9: error: cannot write the output: No space left on device\n"


ASCII = {"PYTHONIOENCODING": "ascii"}


def test_an_ascii_terminal_gets_the_level_table_in_ascii() -> None:
    done = upto9("levels", env=ASCII)
    assert (done.returncode, done.stderr) == (0, b"")
    text = done.stdout.decode("ascii")
    assert "  4      3 x three of a kind  " in text
    assert text.splitlines()[-1] == RECONSTRUCTED_NOTE


def test_an_ascii_terminal_gets_cards_in_their_code_form() -> None:
    done = upto9("check", "5h 6h 2c 8h 9h 2d 3s Jc", "--level", "7", env=ASCII)
    assert (done.returncode, done.stderr) == (0, b"")
    lines = done.stdout.decode("ascii").splitlines()
    assert "  hand      5h 6h 2c 8h 9h 2d 3s Jc" in lines
    assert "  straight  [2d=3h] [2c=4h] 5h 6h [3s=7h] 8h 9h" in lines
    assert "  The best lay-down uses 3 jokers of 3 allowed: 2d as 3h, 2c as 4h, 3s as 7h." in lines
    failing = upto9("check", "5h 6h 7h", "--level", "1", env=ASCII)
    assert failing.returncode == 1
    assert b"  closest  _4h_ 5h 6h 7h\n" in failing.stdout
    assert b"  Any one of these makes it: 4h, 8h.\n" in failing.stdout


def test_an_ascii_terminal_gets_json_escaped_and_errors_in_ascii() -> None:
    done = upto9("check", "5h 6h 7h Kc", "-l", "1", "--json", env=ASCII)
    assert done.returncode == 1
    assert done.stdout.isascii()
    assert json.loads(done.stdout)["explanation"][1] == "Level 1 allows no jokers; the closest straight needs 1: 4♥ is missing."
    error = upto9("check", "7h 7h 7h", "-l", "4", "--players", "4", env=ASCII)
    assert error.returncode == 2
    assert (
        error.stderr
        == b"upto9: error: the hand holds 3 x 7h, but a table of 4 plays Up to 9 with 2 decks: at most 2 of each card; choose 5 or 6 players for 3 decks\n"
    )
    # The user's own odd characters are escaped, never a UnicodeEncodeError.
    odd = upto9("check", "5é", "-l", "1", env=ASCII)
    assert odd.returncode == 2
    assert odd.stderr.startswith(b"upto9: error: the 1st card, '5\\xe9', is not a card")
    helped = upto9("check", "--help", env=ASCII)
    assert (helped.returncode, helped.stderr) == (0, b"")
    assert b'"10h Qs"' in helped.stdout


# --- fuzz: random command lines ---------------------------------------------------------------------------

FUZZ_EXAMPLES = fuzz_examples(150)
"""CI-sized by default; ``UPTO9_FUZZ_EXAMPLES=5000`` for a longer hunt."""

WORDS = ["check", "levels", "--level", "-l", "--rules", "--players", "--json", "--help", "upto9", "phase10", "upto9_lean", "/dev/zero", "-", "--"]
CARDS = ["5h", "6h", "7h", "8h", "2c", "3s", "Kh", "10♥", "Th", "qS", "7r", "12b", "W", "S", "wild", "13r", "11h", "0", "1", "9", "-3"]
token = st.one_of(st.sampled_from(WORDS), st.sampled_from(CARDS), st.integers(-20, 20).map(str), st.text(max_size=12))
hand = st.lists(st.one_of(st.sampled_from(CARDS), st.text(max_size=6)), max_size=12).flatmap(
    lambda cards: st.sampled_from([" ", ",", ", ", ";", "  "]).map(lambda sep: sep.join(cards))
)
command_line = st.one_of(
    st.lists(token, max_size=8),
    st.tuples(hand, st.sampled_from(["1", "4", "9", "10", "x"]), st.lists(token, max_size=3)).map(lambda t: ["check", t[0], "-l", t[1], *t[2]]),
)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_line)
def test_fuzz_any_command_line_is_a_verdict_or_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    started = time.perf_counter()
    code = main(argv)
    elapsed = time.perf_counter() - started
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, err)
    assert "Traceback" not in err and "internal error" not in err
    assert elapsed < 2.0, argv
    if code == 2:
        assert err.startswith("upto9: error: ") and err.count("\n") == 1, (argv, err)
        assert out == ""
    else:
        assert err == ""


def test_the_readme_lists_every_exit_status() -> None:
    from upto9 import cli

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Command line") : readme.index("## Python API")]
    listed = {int(code) for code in re.findall(r"^\| (\d+) \|", section, flags=re.MULTILINE)}
    assert listed == {cli.EXIT_VALID, cli.EXIT_NOT_VALID, cli.EXIT_BAD_INPUT, cli.EXIT_INTERNAL, cli.EXIT_INTERRUPTED}
