"""The README's examples are real: its Python blocks run as doctests, its TOML block is the file they read."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_python_examples_in_the_readme_run_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The house-rule example reads house.toml: the README's own TOML block.
    (tmp_path / "house.toml").write_text(blocks("toml")[0], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    examples = [b for b in blocks("python") if ">>>" in b]
    assert examples, "the README shows Python examples"
    # One doctest for all blocks: later blocks use the names earlier ones import.
    test = doctest.DocTestParser().get_doctest("\n".join(examples), {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed; see the output above"
    assert os.getcwd() == str(tmp_path)


def test_the_command_line_examples_in_the_readme_print_as_shown(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    from upto9.cli import main

    shown = 0
    for block in blocks("console"):
        # Each "$ upto9 ..." line, then what it prints (stdout and stderr together), up to the next one.
        for command, printed in re.findall(r"^\$ upto9 (.*)\n((?:(?!\$ ).*\n)*)", block, flags=re.MULTILINE):
            if not command.startswith("check"):
                continue  # the level table has its own tests; the README shows it abridged
            main(shlex.split(command))
            out, err = capsys.readouterr()
            assert (out + err).rstrip("\n") == printed.rstrip("\n"), command
            shown += 1
    assert shown >= 4
