"""The rules reference, docs/rules.md: every rule and ruling is in it, every test it names exists,
every link and anchor in it (and every ``docs/rules.md#...`` cited in the repository) leads
somewhere, and nothing in the repository points outside it."""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"

# A check, as docs/rules.md writes it: [`test_name`](../tests/test_file.py).
CHECK = re.compile(r"\[`(?P<name>[^`]+)`\]\((?P<path>\.\./tests/[^)#\s]+)\)")
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")


@cache
def text() -> str:
    return RULES.read_text(encoding="utf-8")


@cache
def functions_in(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return frozenset(node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"))


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub makes of the headings: lower case, punctuation dropped, spaces to hyphens."""
    found = set()
    for line in markdown.splitlines():
        if m := re.match(r"#{1,6}\s+(.*)", line):
            found.add(re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-"))
    return found


def sections() -> list[tuple[str, str]]:
    """(heading, body) of each ``##`` section."""
    parts = re.split(r"^## (.+)$", text(), flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_every_cited_test_exists() -> None:
    checks = [(m["path"], m["name"]) for m in CHECK.finditer(text())]
    assert len(checks) > 100
    missing = []
    for path, name in checks:
        file = (RULES.parent / path).resolve()
        if not file.is_file() or name not in functions_in(file):
            missing.append(f"{path}::{name}")
    assert missing == [], "docs/rules.md names tests that do not exist"


def test_every_rule_of_the_text_and_every_ruling_is_numbered_once_and_checked() -> None:
    items = re.findall(r"^\*\*(R\d+|Ruling \d+|P\d+)\. [^*]+\*\*(.*?)(?=^\*\*|^## |\Z)", text(), flags=re.M | re.S)
    labels = [label for label, _ in items]
    assert len(labels) == len(set(labels))
    assert [int(label[1:]) for label in labels if label.startswith("R") and not label.startswith("Ruling")] == list(range(1, 25))
    assert [int(label.split()[1]) for label in labels if label.startswith("Ruling")] == list(range(1, 13))
    assert [int(label[1:]) for label in labels if label.startswith("P")] == list(range(1, 20))
    unchecked = [label for label, body in items if "*Checked by:*" not in body or not CHECK.search(body)]
    assert unchecked == []


def test_rulings_keep_the_numbers_the_code_and_tests_cite() -> None:
    rulings = dict(re.findall(r"^\*\*Ruling (\d+)\. ([^*]+)\*\*", text(), flags=re.M))
    assert sorted(int(n) for n in rulings) == list(range(1, 13))
    # The subjects the engine's comments and the tests name with these numbers.
    subjects = {"1": "Decks", "2": "Penalty", "6": "dealer", "7": "empty deck", "8": "safety valve", "9": "stalemate", "10": "end of the game", "11": "turn"}
    for number, word in subjects.items():
        assert word.lower() in rulings[number].lower(), number
    # Each ruling's own named tests (test_ruling_NN_...) are cited under it.
    body = dict(sections())["The rulings"]
    for number in range(1, 13):
        own = {name for name in functions_in(ROOT / "tests" / "test_game_rules.py") if name.startswith(f"test_ruling_{number:02d}_")}
        assert own, number
        part = re.search(rf"^\*\*Ruling {number}\..*?(?=^\*\*Ruling |\Z)", body, flags=re.M | re.S)
        assert part is not None
        assert own <= {m["name"] for m in CHECK.finditer(part.group(0))}, number


def test_every_3up_3down_rule_and_ruling_is_numbered_once_and_checked_by_a_test_of_its_own_file() -> None:
    body = dict(sections())["3UP 3DOWN"]
    items = re.findall(r"^\*\*(T\d+|3UP ruling \d+)\. [^*]+\*\*(.*?)(?=^\*\*|\Z)", body, flags=re.M | re.S)
    labels = [label for label, _ in items]
    assert [int(label[1:]) for label in labels if label.startswith("T")] == list(range(1, 21))
    assert [int(label.split()[-1]) for label in labels if label.startswith("3UP")] == list(range(1, 10))
    for label, part in items:
        named = [m["name"] for m in CHECK.finditer(part)]
        assert "*Checked by:*" in part and named, label
        assert all(m["path"] == "../tests/test_threeup.py" for m in CHECK.finditer(part)), label
    # Each rule T<n>'s own tests (test_t<n>_...) are cited under it.
    for number in range(1, 21):
        own = {name for name in functions_in(ROOT / "tests" / "test_threeup.py") if name.startswith(f"test_t{number}_")}
        cited = {m["name"] for label, part in items if label == f"T{number}" for m in CHECK.finditer(part)}
        assert own and own <= cited, number


def test_the_level_table_marks_every_reconstructed_value() -> None:
    rows = re.findall(r"^\| (\d) \| (.+) \| (.+) \| (.+) \| (.+) \|$", text(), flags=re.M)
    assert [int(r[0]) for r in rows] == list(range(1, 10))
    for number, contract, wild, real, source in rows:
        marked = "*" in contract + wild + real
        assert marked == (source != "stated"), number  # a value marked * is one the text does not state
    # Levels 2 and 3, 6: wholly reconstructed; 5 and 8: their sizes.
    assert {r[0]: r[4] for r in rows} == {
        "1": "stated",
        "2": "reconstructed",
        "3": "reconstructed",
        "4": "stated",
        "5": "form stated, sizes reconstructed",
        "6": "reconstructed",
        "7": "stated",
        "8": "form stated, sizes reconstructed",
        "9": "stated",
    }


def test_the_level_table_is_the_rule_sets() -> None:
    from upto9 import UPTO9

    rows = re.findall(r"^\| (\d) \| (.+) \| (.+) \| (.+) \| (.+) \|$", text(), flags=re.M)
    for number, contract, _wild, real, _source in rows:
        level = UPTO9.level(int(number))
        assert contract.replace("\\*", "") == str(level.contract_message), number
        assert int(real.replace("\\*", "")) == level.min_real, number
        assert ("\\*" in contract) == UPTO9.is_reconstructed(f"levels.{number}.groups.0.size"), number


def test_the_turn_limit_is_documented_as_no_rule_of_the_game() -> None:
    from upto9.game import MAX_TURNS_PER_ROUND, EndReason

    body = dict(sections())["The engine's turn limit (no rule of the game)"]
    assert "**no rule of the game**" in body and f"{MAX_TURNS_PER_ROUND:,}" in body
    assert f"`{EndReason.TURN_LIMIT.value}`, never `{EndReason.STALEMATE.value}`" in body


def test_every_link_and_anchor_in_the_reference_leads_somewhere() -> None:
    own = anchors(text())
    broken = []
    for m in LINK.finditer(text()):
        target = m["target"]
        path, _, anchor = target.partition("#")
        if path and not (RULES.parent / path).exists():
            broken.append(target)
        if not path and anchor not in own:
            broken.append(target)
    assert broken == []


@cache
def tracked() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [name for name in out.splitlines() if not name.startswith(".scratch/")]


def tracked_texts() -> list[tuple[str, str]]:
    files = []
    for name in tracked():
        path = ROOT / name
        if not path.is_file() or path.suffix in {".png", ".jpg", ".gif", ".ico", ".woff", ".woff2"}:
            continue
        try:
            files.append((name, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue
    return files


def test_nothing_in_the_repository_points_outside_it() -> None:
    # The rules sources are not part of the repository: cite docs/rules.md instead. This file
    # spells the patterns in pieces, so that it does not match itself.
    outside = re.compile("(?<![A-Za-z0-9_.])" + "shared" + r"/|/" + "work" + r"/")
    files = tracked_texts()
    assert {"README.md", "upto9/game.py", "upto9/rulesets/upto9.toml"} <= {name for name, _ in files}
    found = [f"{name}:{n}" for name, body in files for n, line in enumerate(body.splitlines(), 1) if outside.search(line)]
    assert found == []


def test_every_citation_of_the_reference_names_a_section_it_has() -> None:
    own = anchors(text())
    cited = re.compile(r"docs/rules\.md#([\w\-]+)")
    broken = [f"{name}: #{anchor}" for name, body in tracked_texts() for anchor in cited.findall(body) if anchor not in own]
    assert broken == []
    assert any("docs/rules.md" in body for name, body in tracked_texts() if name == "README.md")


def test_the_round_stepper_words_the_turn_limit_as_no_rule_and_never_as_a_stalemate() -> None:
    from upto9.widgets.stepper import TEXTS, WHOLE_TABLE, RoundModel, describe
    from upto9.widgets.texts import number_text

    from upto9.game import MAX_TURNS_PER_ROUND, Discard, Draw, Game, Phase, RoundEnded, Source

    game = Game(players=2, seed=4)
    rnd = game.round
    while not rnd.over:  # players that never lay down
        view = game.view(rnd.turn)
        game.play(Draw(Source.DECK) if view.phase is Phase.DRAW else Discard(view.hand[-1]))
    model = RoundModel(game)
    end = model.steps[-1]
    assert isinstance(end.action, RoundEnded)
    said = {}
    for lang in ("en", "nb"):
        model.lang = lang
        what, why = describe(model, end, WHOLE_TABLE)
        assert TEXTS[lang]["end_stalemate"] not in what and TEXTS[lang]["rule_end_stalemate"] not in why
        said[lang] = " ".join(what + why)
    # The limit is written as each language writes numbers (2,000 / 2 000).
    assert f"limit of {number_text(MAX_TURNS_PER_ROUND, 'en', 0)} turns" in said["en"] and "no rule of the game" in said["en"]
    assert f"grense på {number_text(MAX_TURNS_PER_ROUND, 'nb', 0)} turer" in said["nb"] and "ingen regel i spillet" in said["nb"]
