"""Is the engine slower than a baseline commit? Run: ``python benchmarks/bench_baseline.py``
(``--baseline COMMIT``, default ``BASELINE``; ``--quick`` for a first look in a few minutes).

It exports the baseline commit with ``git archive`` into a temporary folder (this checkout's branch,
index and files stay as they are; the folder is removed afterwards) and runs
``benchmarks/bench_checker.py`` and ``benchmarks/bench_games.py`` of both trees: the baseline's own
scripts on the baseline's own ``upto9``, this checkout's (uncommitted changes included; ``--new``
names another commit or folder) on its own. Each run is ``python -I`` (no PYTHONPATH, no user site)
with its tree first on ``sys.path``, ahead of the editable install that points at this checkout; it
reports which ``upto9/__init__.py`` it imported and any ``upto9`` module from outside its tree.

The trees take turns, benchmark by benchmark, in alternating order (baseline then new in round 1,
new then baseline in round 2, ...), so that the machine's drift falls on both. Each figure's ratio
is the median over the rounds of the round's new/baseline ratio; a benchmark's verdict is the median
of its figures' ratios against ``TOLERANCE``. Ratios are of times: below 1 is faster (for games per
second, the ratio of the time per game, baseline rate / new rate). The figures judged:

* checker, per rule set: the medians of ``check``, ``check(...).to_dict()`` and ``outs`` on every
  level (the 99th percentiles of single calls are the machine's interruptions, not the code, and the
  brute-force comparison times tests/reference.py: ``--ref-hands 0``);
* games, per rule set: games per CPU-second on 1 and 2 workers (wall-clock games per second are
  printed beside them but not judged: they count the time other programs held the CPU; the long
  memory run is skipped: ``--games 0``).

The verdict allows for the noise it measures: each round gives its own median ratio, and the
noise is how far the rounds' ratios stray from their median. PASS: the ratio stays within the
tolerance even if the noise flattered the new tree by that much; FAIL: it exceeds the tolerance even
if the noise wronged it; UNSURE in between (rerun on a quiet machine, or with more ``--rounds``).
The exit status is 0 only if every verdict is PASS. How much the same tree varies between rounds is
printed too.

A script with a ``--json`` option writes its figures to a file; an older one (before issue 13) is
read from its printout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent

BASELINE: Final = "d44fdae"
"""main's HEAD before issue 13 (game families as plug-ins) began: the speed that refactor must keep."""

TOLERANCE: Final = 1.05
"""'No slower' = a median time ratio new/baseline of at most 1.05, after allowing for the noise the
run measures (``judge``). 5 % of the checker's 7-17 µs medians is 0.4-0.9 µs, a few Python calls:
what one more layer of dispatch may cost, while a check per call that was not there before (an
``isinstance`` against a runtime-checkable Protocol, an entry-point lookup) costs several times that.
A tighter bound would need a quieter machine than the figures give: two trees of the same commit
differed by 3-12 % in this statistic over two rounds on 2 busy cores (load 3-16), and a quiet
machine's rounds must agree within the remaining margin for a PASS, or the verdict says UNSURE."""

ROUNDS: Final = 4
"""Rounds of the full comparison: an even number, so that each tree runs first as often as second
(the second of two runs back to back can find the caches warm or the machine busier); four give each
figure a median over four paired ratios and the noise estimate four rounds. About 13 minutes on
2 busy cores (the checker's run about 20 s, the games' about 70 s)."""

QUICK_ROUNDS: Final = 2
"""Rounds of ``--quick``: the fewest that still give a same-tree noise estimate."""

MARKER: Final = "bench_baseline: upto9 modules "
"""How the launcher's last line on stderr starts (a JSON object: module name -> file)."""

LAUNCHER: Final = f"""
import json, runpy, sys
root, script = sys.argv[1], sys.argv[2]
sys.path[:0] = [root, root + "/benchmarks"]
sys.argv = sys.argv[2:]
code = 0
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit as stop:
    code = stop.code
finally:
    found = {{n: getattr(m, "__file__", None) for n, m in sys.modules.items() if n == "upto9" or n.startswith("upto9.")}}
    sys.stderr.write({MARKER!r} + json.dumps(found) + "\\n")
sys.exit(code)
"""
"""Run one benchmark script in ``python -I``: its tree first on ``sys.path`` (before the editable
install's finder), then say which ``upto9`` modules it imported."""

Figures = dict[str, dict[str, dict[str, float]]]
"""rule set name -> row (a level, '1 worker') -> figure name -> value."""


@dataclass(frozen=True)
class Bench:
    """One benchmark script and how to read and judge its figures."""

    name: str
    script: str
    args: tuple[str, ...]
    quick_args: tuple[str, ...]
    columns: tuple[tuple[str, str], ...]
    """(figure key, column heading) of the table, in order."""
    judged: frozenset[str]
    """The figure keys the verdict reads."""
    rates: frozenset[str]
    """Figure keys that are rates (higher is faster): their ratio is baseline / new."""
    unit: str
    parse_text: Callable[[str], Figures]


def number(cell: str) -> float:
    """A table cell's value, without its target verdict, thousands commas or unit.

    >>> number("9.0 PASS"), number("1,162 MISS"), number("6%"), number("466x")
    (9.0, 1162.0, 0.06, 466.0)
    """
    text = re.sub(r"\s+(PASS|MISS)$", "", cell.strip()).replace(",", "")
    if text.endswith("%"):
        return float(text[:-1]) / 100
    return float(text.rstrip("x"))


CHECKER_TABLES: Final = {"level": "Up to 9", "phase": "Phase 10"}
"""The first heading of bench_checker.py's table -> its rule set (for printouts without --json)."""

CHECKER_COLUMNS: Final = {"pass": "pass", "check med": "check_median", "to_dict med": "dict_median", "outs med": "outs_median"}
"""bench_checker.py's column headings -> its --json keys."""


def parse_checker_text(text: str) -> Figures:
    """The figures of bench_checker.py's printout (for a tree whose script has no ``--json``).

    >>> out = '''level  pass  check med  check p99  to_dict med   outs med
    ... -----  ----  ---------  ---------  -----------  ---------
    ... 1        6%   9.0 PASS  42.2 PASS        1,163  27.2 PASS
    ... 2       15%  11.5 PASS  66.4 PASS          203  20.0 MISS
    ...
    ... 54 of 54 targets met. (58 s)'''
    >>> parse_checker_text(out)["Up to 9"]["1"]
    {'pass': 0.06, 'check_median': 9.0, 'dict_median': 1163.0, 'outs_median': 27.2}
    """
    figures: Figures = {}
    lines = text.splitlines()
    for at, line in enumerate(lines):
        heads = re.split(r"\s{2,}", line.strip())
        if heads[0] not in CHECKER_TABLES or "check med" not in heads:
            continue
        rows: dict[str, dict[str, float]] = {}
        for row in lines[at + 1 :]:
            if set(row.strip()) <= {"-", " "} and row.strip():
                continue  # the rule under the headings
            cells = re.split(r"\s{2,}", row.strip())
            if len(cells) != len(heads) or not cells[0].isdigit():
                break
            rows[cells[0]] = {CHECKER_COLUMNS[h]: number(c) for h, c in zip(heads, cells, strict=True) if h in CHECKER_COLUMNS}
        figures[CHECKER_TABLES[heads[0]]] = rows
    return figures


GAMES_LINE: Final = re.compile(r"\s+(\d+ workers?)\s*:\s*([\d.]+) games/s\s*\(\s*([\d.]+) games per CPU-second\)")


def parse_games_text(text: str) -> Figures:
    """The figures of bench_games.py's printout (for a tree whose script has no ``--json``).

    >>> out = '''Up to 9:
    ...   1 worker :  10.05 games/s   ( 10.30 games per CPU-second)  PASS
    ...   2 workers:  20.70 games/s   ( 10.59 games per CPU-second)
    ...   speed-up on 2 workers: 2.06x  PASS'''
    >>> parse_games_text(out)
    {'Up to 9': {'1 worker': {'wall': 10.05, 'cpu': 10.3}, '2 workers': {'wall': 20.7, 'cpu': 10.59}}}
    """
    figures: Figures = {}
    name = None
    for line in text.splitlines():
        if re.fullmatch(r"\S.*:", line):
            name = line[:-1]
        elif name is not None and (found := GAMES_LINE.match(line)):
            figures.setdefault(name, {})[found[1]] = {"wall": float(found[2]), "cpu": float(found[3])}
    return figures


def read_report(path: Path) -> Figures:
    """The figures of a script's ``--json`` report (numbers only)."""
    report = json.loads(path.read_text(encoding="utf-8"))
    return {
        section["name"]: {
            row: {key: float(value) for key, value in values.items() if isinstance(value, int | float)} for row, values in section["rows"].items()
        }
        for section in report["rules"]
    }


BENCHES: Final = (
    Bench(
        name="checker",
        script="benchmarks/bench_checker.py",
        args=("--ref-hands", "0"),
        quick_args=("--ref-hands", "0", "--hands", "300"),
        columns=(("check_median", "check med"), ("dict_median", "to_dict med"), ("outs_median", "outs med")),
        judged=frozenset({"check_median", "dict_median", "outs_median"}),
        rates=frozenset(),
        unit="µs",
        parse_text=parse_checker_text,
    ),
    Bench(
        name="games",
        script="benchmarks/bench_games.py",
        args=("--games", "0"),
        quick_args=("--games", "0", "--rate-games", "12", "--repeat", "2"),
        columns=(("wall", "games/s"), ("cpu", "games/CPU-s")),
        judged=frozenset({"cpu"}),
        rates=frozenset({"wall", "cpu"}),
        unit="games per second",
        parse_text=parse_games_text,
    ),
)
"""The two benchmarks compared, with the options of a full and a ``--quick`` run."""


@dataclass
class Tree:
    """A source tree under comparison."""

    label: str
    """'baseline' or 'new'."""
    path: Path
    described: str
    upto9_files: set[str] = field(default_factory=set)
    figures: dict[str, list[Figures]] = field(default_factory=dict)
    """benchmark name -> one Figures per round."""
    failed: dict[str, str] = field(default_factory=dict)
    """benchmark name -> why its run failed (the tree is not run again for it)."""


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout.strip()


def describe(commit: str) -> str:
    """``d44fdae "The commit's subject"``, from this repository."""
    return git("log", "-1", '--format=%h "%s"', commit)


@contextmanager
def exported(commit: str) -> Iterator[Path]:
    """The tree of ``commit`` in a temporary folder (``git archive``: nothing in this checkout changes)."""
    folder = Path(tempfile.mkdtemp(prefix="upto9-baseline-"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(tree: Tree, bench: Bench, quick: bool, scratch: Path) -> None:
    """Run one benchmark on one tree and keep its figures (or why it failed)."""
    script = tree.path / bench.script
    args = [*(bench.quick_args if quick else bench.args)]
    report = scratch / f"{tree.label}-{bench.name}.json"
    report.unlink(missing_ok=True)
    has_json = script.is_file() and '"--json"' in script.read_text(encoding="utf-8")
    if has_json:
        args += ["--json", str(report)]
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-I", "-c", LAUNCHER, str(tree.path), str(script), *args], cwd=tree.path, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    modules: dict[str, str | None] = {}
    for line in done.stderr.splitlines():
        if line.startswith(MARKER):
            modules = json.loads(line[len(MARKER) :])
    if first := modules.get("upto9"):
        tree.upto9_files.add(first)
    strays = sorted(n for n, f in modules.items() if f and not Path(f).resolve().is_relative_to(tree.path.resolve()))
    problem = ""
    if done.returncode != 0:
        tail = [line for line in done.stderr.splitlines() if line.strip() and not line.startswith(MARKER)][-3:]
        problem = f"exit status {done.returncode}: " + " | ".join(line.strip() for line in tail)
    elif strays:
        problem = f"imported upto9 modules from outside its tree: {', '.join(strays)} ({modules[strays[0]]})"
    else:
        figures = read_report(report) if has_json and report.is_file() else bench.parse_text(done.stdout)
        if not any(figures.values()):
            problem = "no figures found in its output"
        else:
            tree.figures.setdefault(bench.name, []).append(figures)
    if problem:
        tree.failed[bench.name] = problem
    state = "failed" if problem else "done"
    print(f"  {bench.name:<8} {tree.label:<8} {state} in {seconds:5.0f} s", file=sys.stderr, flush=True)


def time_ratio(new: float, base: float, rate: bool) -> float:
    """new / baseline as a ratio of times (for a rate, baseline / new).

    >>> time_ratio(11.0, 10.0, rate=False), time_ratio(8.0, 10.0, rate=True)
    (1.1, 1.25)
    """
    return base / new if rate else new / base


def paired_ratios(news: Sequence[Figures], bases: Sequence[Figures], bench: Bench) -> dict[tuple[str, str, str], float]:
    """Each figure's median over the rounds of the round's new/baseline time ratio."""
    ratios: dict[tuple[str, str, str], list[float]] = {}
    for new, base in zip(news, bases, strict=False):
        for name, rows in base.items():
            for row, values in rows.items():
                for key, _heading in bench.columns:
                    other = new.get(name, {}).get(row, {}).get(key)
                    if other and values.get(key):
                        ratios.setdefault((name, row, key), []).append(time_ratio(other, values[key], key in bench.rates))
    return {k: statistics.median(v) for k, v in ratios.items()}


def same_tree_noise(runs: Sequence[Figures], bench: Bench, name: str) -> list[float]:
    """The verdict's statistic (median judged ratio) between each two rounds of one tree: 1.0 means no noise.

    >>> bench = BENCHES[0]
    >>> runs = [{"G": {"1": {"check_median": 10.0}}}, {"G": {"1": {"check_median": 10.4}}}]
    >>> [round(x, 2) for x in same_tree_noise(runs, bench, "G")]
    [1.04]
    """
    stats = []
    for first, second in combinations(runs, 2):
        ratios = paired_ratios([second], [first], bench)
        judged = [r for (n, _row, key), r in ratios.items() if n == name and key in bench.judged]
        if judged:
            stats.append(statistics.median(judged))
    return stats


def round_ratios(news: Sequence[Figures], bases: Sequence[Figures], bench: Bench, name: str) -> list[float]:
    """Each round's own verdict: the median judged new/baseline time ratio of that round's two runs.

    >>> bench = BENCHES[0]
    >>> bases = [{"G": {"1": {"check_median": 10.0}}}, {"G": {"1": {"check_median": 10.0}}}]
    >>> news = [{"G": {"1": {"check_median": 10.2}}}, {"G": {"1": {"check_median": 9.9}}}]
    >>> [round(x, 2) for x in round_ratios(news, bases, bench, "G")]
    [1.02, 0.99]
    """
    stats = []
    for new, base in zip(news, bases, strict=False):
        ratios = paired_ratios([new], [base], bench)
        judged = [r for (n, _row, key), r in ratios.items() if n == name and key in bench.judged]
        if judged:
            stats.append(statistics.median(judged))
    return stats


def median_of(runs: Sequence[Figures], name: str, row: str, key: str) -> float | None:
    values = [r[name][row][key] for r in runs if key in r.get(name, {}).get(row, {})]
    return statistics.median(values) if values else None


def shown(value: float | None) -> str:
    """A figure as bench_checker.py prints it (three significant digits or so).

    >>> shown(9.04), shown(163.4), shown(1162.0), shown(None)
    ('9.0', '163', '1,162', '-')
    """
    if value is None:
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.2f}" if value < 1 else f"{value:.1f}"


def table(bench: Bench, name: str, base: Tree, new: Tree, tolerance: float) -> tuple[list[str], str]:
    """One rule set's side-by-side table with its verdict line, and the verdict (PASS, FAIL, UNSURE, NO FIGURES)."""
    bases, news = base.figures.get(bench.name, []), new.figures.get(bench.name, [])
    rounds = min(len(bases), len(news))
    title = f"{bench.name}, {name} ({bench.unit}; medians over {rounds} round{'s' * (rounds != 1)}; new/base = ratio of times, below 1 is faster)"
    if rounds == 0:
        why = "; ".join(f"{t.label}: {t.failed[bench.name]}" for t in (base, new) if bench.name in t.failed)
        return [title, f"verdict: NO FIGURES ({why or 'not run'})"], "NO FIGURES"
    ratios = paired_ratios(news[:rounds], bases[:rounds], bench)
    rows = list(bases[0].get(name, {}))
    groups = [["", *(h for _k, h in bench.columns for h in (h, "", ""))], ["", *(c for _k in bench.columns for c in ("base", "new", "new/base"))]]
    body = []
    for row in rows:
        cells = [row]
        for key, _heading in bench.columns:
            ratio = ratios.get((name, row, key))
            cells += [shown(median_of(bases, name, row, key)), shown(median_of(news, name, row, key)), f"{ratio:.2f}" if ratio else "-"]
        body.append(cells)
    medians = ["median"]
    for key, _heading in bench.columns:
        column = [r for (n, _row, k), r in ratios.items() if n == name and k == key]
        medians += ["", "", f"{statistics.median(column):.2f}" if column else "-"]
    grid = [*groups, *body, medians]
    widths = [max(len(line[c]) for line in grid) for c in range(len(grid[0]))]
    lines = [title] + ["  ".join(text.rjust(w) if c else text.ljust(w) for c, (text, w) in enumerate(zip(line, widths, strict=True))).rstrip() for line in grid]
    judged = [r for (n, _row, key), r in ratios.items() if n == name and key in bench.judged]
    if not judged:
        return [*lines, "verdict: NO FIGURES (the trees share no judged figure)"], "NO FIGURES"
    ratio = statistics.median(judged)
    # The noise the verdict allows for: how far one round's paired ratio strays from the median.
    per_round = round_ratios(news[:rounds], bases[:rounds], bench, name)
    noise = max((max(r / ratio, ratio / r) - 1 for r in per_round), default=None) if rounds > 1 else None
    drift = [s for t in (base, new) for s in same_tree_noise(t.figures[bench.name], bench, name)]
    word = judge(ratio, noise, tolerance)
    judged_names = ", ".join(h for k, h in bench.columns if k in bench.judged)
    said = {"PASS": "no slower", "FAIL": "slower", "UNSURE": "within the noise of the tolerance: rerun on a quiet machine or with more --rounds"}[word]
    lines.append(f"verdict: {word}, {said}: median time ratio {ratio:.3f} over {len(judged)} figures ({judged_names}), tolerance {tolerance:g}")
    # Noise moves figures either way; a change in the code moves most of them the same way.
    slower = sum(r > 1 for r in judged)
    lines.append(f"direction: {slower} of {len(judged)} judged figures slower in the new tree, {len(judged) - slower} faster or equal")
    if noise is None:
        lines.append("noise: no estimate from one round")
    else:
        rounds_text = ", ".join(f"{r:.3f}" for r in per_round)
        same = max(max(s, 1 / s) - 1 for s in drift)
        lines.append(f"noise: the rounds' own ratios {rounds_text} (±{noise:.1%} about the median); the same tree between rounds: up to ±{same:.1%}")
    if bench.name == "checker":
        # The printout rounds to whole per cent; the --json report does not.
        differ = [row for row in rows if round(100 * (median_of(bases, name, row, "pass") or 0)) != round(100 * (median_of(news, name, row, "pass") or 0))]
        if differ:
            lines.append(f"note: the share of hands that pass differs on {', '.join(differ)}: the two trees did not time the same hands there")
    return lines, word


def judge(ratio: float, noise: float | None, tolerance: float) -> str:
    """PASS if the ratio is within the tolerance even if the noise flattered it by ``noise``, FAIL if
    it is above the tolerance even if the noise wronged it, UNSURE in between.

    >>> judge(0.98, 0.02, 1.05), judge(1.04, 0.02, 1.05), judge(1.10, 0.02, 1.05), judge(1.04, None, 1.05)
    ('PASS', 'UNSURE', 'FAIL', 'PASS')
    """
    spread = 1 + (noise or 0.0)
    if ratio * spread <= tolerance:
        return "PASS"
    return "FAIL" if ratio / spread > tolerance else "UNSURE"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE}, main before issue 13)")
    parser.add_argument("--new", default=None, help="the commit or folder to time (default: this checkout as it is, uncommitted changes included)")
    parser.add_argument("--quick", action="store_true", help=f"fewer hands and games, {QUICK_ROUNDS} rounds (a first look: the noise is larger)")
    parser.add_argument("--rounds", type=int, default=None, help=f"rounds of alternating runs (default {ROUNDS}, --quick {QUICK_ROUNDS})")
    parser.add_argument("--bench", nargs="+", choices=[b.name for b in BENCHES], default=[b.name for b in BENCHES], help="which benchmarks (default both)")
    parser.add_argument("--tolerance", type=float, default=TOLERANCE, help=f"the largest median time ratio that counts as no slower (default {TOLERANCE})")
    args = parser.parse_args(argv)
    rounds = args.rounds if args.rounds is not None else QUICK_ROUNDS if args.quick else ROUNDS
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        git("rev-parse", "--verify", "--quiet", f"{args.baseline}^{{commit}}")
        if args.new is not None and not Path(args.new).is_dir():
            git("rev-parse", "--verify", "--quiet", f"{args.new}^{{commit}}")
    except (subprocess.CalledProcessError, FileNotFoundError):
        parser.error(f"no such commit in {ROOT} (or no git): {args.baseline if args.new is None or Path(args.new).is_dir() else args.new}")
    benches = [b for b in BENCHES if b.name in args.bench]
    # A kill (SIGTERM) unwinds like Ctrl-C, so that the exported trees are removed.
    signal.signal(signal.SIGTERM, lambda number, _frame: sys.exit(128 + number))
    with exported(args.baseline) as base_path, tempfile.TemporaryDirectory(prefix="upto9-bench-") as scratch:
        base = Tree("baseline", base_path, describe(args.baseline))
        if args.new is None or Path(args.new).is_dir():
            folder = Path(args.new or ROOT).resolve()
            note = " (this checkout, uncommitted changes included)" if folder == ROOT else ""
            return compare(base, Tree("new", folder, f"{folder}{note}"), benches, rounds, args.quick, args.tolerance, Path(scratch))
        with exported(args.new) as new_path:
            return compare(base, Tree("new", new_path, describe(args.new)), benches, rounds, args.quick, args.tolerance, Path(scratch))


def compare(base: Tree, new: Tree, benches: Sequence[Bench], rounds: int, quick: bool, tolerance: float, scratch: Path) -> int:
    """Run the rounds, print the tables; 0 if every verdict is PASS."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    started = time.perf_counter()
    for number in range(rounds):
        order = (base, new) if number % 2 == 0 else (new, base)
        print(f"round {number + 1} of {rounds}: {order[0].label} first", file=sys.stderr, flush=True)
        for bench in benches:
            for tree in order:
                if bench.name not in tree.failed:
                    run(tree, bench, quick, scratch)
    print(f"upto9 baseline comparison: Python {platform.python_version()} ({platform.machine()}), {os.cpu_count()} CPUs, load average {load:.2f} at the start")
    print(f"baseline: {base.described}; new: {new.described}")
    for tree in (base, new):
        print(f"{tree.label} runs imported {', '.join(sorted(tree.upto9_files)) or 'no upto9 (failed)'}")
        for name, why in tree.failed.items():
            print(f"{tree.label} {name} failed (not run again): {why}")
    options = ", ".join(f"{b.script.split('/')[-1]} {' '.join(b.quick_args if quick else b.args)}" for b in benches)
    print(f"{rounds} rounds, the trees' order alternating; {options}; tolerance: median time ratio <= {tolerance:g}")
    verdicts: list[str] = []
    for bench in benches:
        names = list(dict.fromkeys(n for t in (base, new) for f in t.figures.get(bench.name, []) for n in f)) or ["(every rule set)"]
        for name in names:
            lines, word = table(bench, name, base, new, tolerance)
            print()
            print("\n".join(lines))
            verdicts.append(f"{bench.name}, {name}: {word}")
    print()
    passed = sum(v.endswith(": PASS") for v in verdicts)
    print(f"{passed} of {len(verdicts)} verdicts PASS ({'; '.join(verdicts)}). ({time.perf_counter() - started:.0f} s)")
    return 0 if passed == len(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
