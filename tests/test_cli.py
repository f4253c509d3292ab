"""The command line as a user sees it: what `upto9 ...` prints, to which stream, and its exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from upto9.cli import RECONSTRUCTED_NOTE, main


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
    assert (code, err) == (0, "")  # a verdict, not an error
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


def test_empty_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "", "-l", "1")
    assert code == 0
    assert "  hand     (empty)\n" in out
    assert "  closest  ·A♠· ·2♠· ·3♠· ·4♠·\n" in out


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
    assert err == "upto9: error: token 3 '11h': no rank 11; ranks are A 2-10 J Q K\n"


def test_bad_suit(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "5x", "-l", "1"], "token 1 '5x'", "suits are s h d c")


@pytest.mark.parametrize("level", ["0", "10", "-3"])
def test_level_out_of_range(capsys: pytest.CaptureFixture[str], level: str) -> None:
    err = assert_error(capsys, ["check", "5h", "--level", level])
    assert err == f"upto9: error: Up to 9 has levels 1 to 9, not {level}\n"


def test_level_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "5h", "--level", "x"], "argument -l/--level: invalid int value: 'x'")


def test_level_missing(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "5h"], "the following arguments are required: -l/--level")


def test_no_command_and_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, [], "required: COMMAND")
    assert_error(capsys, ["frob"], "invalid choice: 'frob'")


def test_more_copies_than_the_decks_hold(capsys: pytest.CaptureFixture[str]) -> None:
    err = assert_error(capsys, ["check", "7h 7h 7h", "-l", "4", "--players", "4"])
    assert err == "upto9: error: the hand holds 3 × 7h, but a 4-player game of Up to 9 uses 2 decks: at most 2 of each card\n"
    # Five players play with three decks; without --players, the largest table's decks are the limit.
    assert run(capsys, "check", "7h 7h 7h", "-l", "4", "--players", "5")[0] == 0
    assert_error(capsys, ["check", "7h 7h 7h 7h", "-l", "4"], "any game of Up to 9 uses 3 decks")


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
    assert code == 0
    assert list(data) == ["ok", "level", "jokers", "melds", "missing", "outs", "explanation"]
    assert (data["ok"], data["level"], data["jokers"]) == (False, 2, None)
    assert "W" in data["outs"] and "5b" in data["outs"]


@pytest.mark.parametrize(
    ("hand", "fragment"),
    [
        ("7r 13b", "token 2 '13b': no number 13; numbers are 1-12"),
        ("7h", "token 1 '7h': no colour 'h'; colours are r y g b"),
        ("7r 7r 7r", "the hand holds 3 × 7r, but any game of Phase 10 uses 1 deck: at most 2 × 7r"),
    ],
)
def test_phase10_bad_hands(capsys: pytest.CaptureFixture[str], hand: str, fragment: str) -> None:
    assert_error(capsys, ["check", hand, "--level", "1", "--rules", "phase10"], fragment)


def test_phase10_phase_out_of_range_says_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "7r", "--level", "11", "--rules", "phase10"], "Phase 10 has phases 1 to 10, not 11")


def test_unknown_built_in_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(capsys, ["check", "7r", "--level", "1", "--rules", "phase11"], "no built-in rule set 'phase11'; built-in: phase10, upto9, upto9_lean")


def test_phase10_levels_table_uses_phase_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "levels", "--rules", "phase10")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Phase 10: the phases"
    assert lines[2].split() == ["phase", "contract", "max", "wild", "min", "number", "cards"]
    assert lines[3].split()[:5] == ["1", "2", "sets", "of", "3"]
    assert "7 cards of one colour" in lines[10]
