"""The package people install: ``python -m build`` makes an sdist and a wheel without warnings,
``twine check`` passes, and the wheel installed into a fresh virtual environment runs ``upto9
check`` and imports ``upto9.widgets`` from that environment, not from this checkout.

Offline and quick: the build runs without isolation (setuptools, build and twine come with the dev
extra), and the fresh environment gets only the wheel (``--no-deps --no-index``); its dependencies
(pandas, Babel, ipywidgets, ...) are borrowed from this project's venv through a ``.pth`` line,
which adds that folder to ``sys.path`` without running its ``.pth`` files, so the checkout's
editable install stays out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION = PROJECT["version"]
BUILD_S = 300  # generous: a build takes about 5 s, an install about 3 s on this two-core machine


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPATH", "VIRTUAL_ENV"))}
    # PYTHONDONTWRITEBYTECODE makes setuptools warn "byte-compiling is disabled": the environment's, not the package's.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run(args, capture_output=True, text=True, timeout=BUILD_S, env=env, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """(the output folder, the build's whole output): the sdist, and the wheel built from it."""
    pytest.importorskip("build", reason="the package test needs `build`: pip install -e '.[dev]'")
    out = tmp_path_factory.mktemp("dist")
    done = _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)], cwd=out)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log[-3000:]
    yield out, log


def test_the_build_makes_an_sdist_and_a_wheel_without_warnings(dist: tuple[Path, str]) -> None:
    out, log = dist
    assert sorted(p.name for p in out.iterdir()) == [f"upto9-{VERSION}-py3-none-any.whl", f"upto9-{VERSION}.tar.gz"]
    warnings = [line for line in log.splitlines() if re.search(r"warn|deprecat", line, re.I)]
    assert not warnings, "the build warns:\n" + "\n".join(warnings)


def test_the_sdist_holds_the_licence_the_changelog_and_the_data(dist: tuple[Path, str]) -> None:
    import tarfile

    out, _log = dist
    with tarfile.open(out / f"upto9-{VERSION}.tar.gz") as sdist:
        names = {n.removeprefix(f"upto9-{VERSION}/") for n in sdist.getnames()}
    assert {"LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml", "upto9/rulesets/upto9.toml", "widgets/style.css"} <= names, sorted(names)


def test_twine_check_passes(dist: tuple[Path, str]) -> None:
    out, _log = dist
    done = _run([sys.executable, "-m", "twine", "check", "--strict", *map(str, sorted(out.iterdir()))])
    assert done.returncode == 0 and done.stdout.count("PASSED") == 2, done.stdout + done.stderr


def test_the_wheel_holds_the_data_the_engine_and_widgets_read(dist: tuple[Path, str]) -> None:
    out, _log = dist
    with zipfile.ZipFile(out / f"upto9-{VERSION}-py3-none-any.whl") as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"upto9-{VERSION}.dist-info/METADATA").decode()
    # Every file the runtime reads (importlib.resources in rules.py and messages.py, the widgets' style.css).
    needed = {f"upto9/rulesets/{p.name}" for p in (ROOT / "upto9" / "rulesets").glob("*.toml")}
    needed |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "upto9").rglob("*.po")}  # the engine's catalog and each family's
    needed |= {"upto9/py.typed", "upto9/widgets/style.css", "upto9/cli.py", "upto9/widgets/page.py"}
    assert {"upto9/rulesets/upto9.toml", "upto9/rulesets/phase10.toml", "upto9/locale/nb/LC_MESSAGES/upto9.po"} <= needed
    assert {"upto9/families/upto9/locale/nb/LC_MESSAGES/upto9.po", "upto9/families/phase10/locale/en/LC_MESSAGES/phase10.po"} <= needed
    assert needed <= names, f"missing from the wheel: {sorted(needed - names)}"
    assert f"upto9-{VERSION}.dist-info/licenses/LICENSE" in names
    assert not [n for n in names if n.startswith(("tests/", "notebooks/", "benchmarks/", "widgets/")) or "__pycache__" in n]
    assert "License-Expression: MIT" in metadata and f"Version: {VERSION}" in metadata


def test_the_version_is_written_once() -> None:
    import upto9

    assert upto9.__version__ == VERSION
    copies = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in [*(ROOT / "upto9").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(rf"['\"]{re.escape(VERSION)}['\"]", line)
    ]
    assert not copies, f"the version is written again in {copies}; upto9.__version__ reads pyproject.toml's"


@pytest.fixture(scope="module")
def fresh(dist: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed: its bin/ folder."""
    out, _log = dist
    env_dir = tmp_path_factory.mktemp("fresh") / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"]).stdout.strip())
    # The dependencies only: this venv's site-packages as a plain path (its .pth files, the editable install among them, are not run).
    (site / "_upto9_test_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    wheel = out / f"upto9-{VERSION}-py3-none-any.whl"
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "--no-cache-dir", "--quiet", str(wheel)])
    assert done.returncode == 0, done.stdout + done.stderr
    return bin_dir


def test_the_installed_command_checks_a_hand(fresh: Path) -> None:
    valid = _run([str(fresh / "upto9"), "check", "5h 6h 2c 8h 9h 2d 3s Jc", "--level", "7"], cwd=fresh)
    assert valid.returncode == 0, valid.stderr
    assert valid.stdout.startswith("VALID for level 7: straight of 7; at most 3 jokers\n"), valid.stdout
    assert "[2♦=3♥] [2♣=4♥] 5♥ 6♥ [3♠=7♥] 8♥ 9♥" in valid.stdout
    phase10 = _run([str(fresh / "upto9"), "check", "7r 7y W 9b 9g 9r", "--level", "1", "--rules", "phase10"], cwd=fresh)
    assert phase10.returncode == 0 and phase10.stdout.startswith("VALID for phase 1"), phase10.stdout + phase10.stderr
    short = _run([str(fresh / "upto9"), "check", "5h 6h 7h Kc", "--level", "1"], cwd=fresh)
    assert short.returncode == 1 and short.stdout.startswith("NOT VALID for level 1: straight of 4; no jokers\n"), short.stdout + short.stderr
    bad = _run([str(fresh / "upto9"), "check", "5h 6h 11h", "--level", "1"], cwd=fresh)
    assert bad.returncode == 2 and bad.stdout == "", bad.stdout
    assert bad.stderr.startswith("upto9: error: the 3rd card, '11h', is not a card: no rank 11") and len(bad.stderr.splitlines()) == 1, bad.stderr


def test_the_installed_package_is_the_wheel_and_imports_the_widgets(fresh: Path) -> None:
    code = (
        "import upto9, upto9.widgets, upto9.widgets.cards_html as c; from upto9 import render, check; "
        "print(upto9.__file__); print(upto9.widgets.__file__); print(upto9.__version__); "
        "print(render(check('5h 6h 7h', 1).messages[-1], 'nb')); print(len(c.LAYOUT_CSS) > 1000)"
    )
    done = _run([str(fresh / "python"), "-c", code], cwd=fresh)
    assert done.returncode == 0, done.stderr
    engine, widgets, version, norwegian, css = done.stdout.splitlines()
    env_dir = fresh.parent.resolve()
    assert Path(engine).resolve().is_relative_to(env_dir), f"upto9 came from {engine}, not the fresh environment"
    assert Path(widgets).resolve().is_relative_to(env_dir), f"upto9.widgets came from {widgets}"
    assert version == VERSION
    assert norwegian == "Ett av disse kortene fullfører: 4♥, 8♥."  # the catalogs are in the wheel
    assert css == "True"
