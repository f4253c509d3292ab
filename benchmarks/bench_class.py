"""Every published page holds a class: for each page, thirty learners at once, and visitors one after another.

Run: ``.venv/bin/python benchmarks/bench_class.py`` (every published page), or
``--pages 3_round_stepper,5_house_rule_lab`` (some), ``--learners 30`` (the class), ``--visits 3``
(the one-at-a-time visitors), ``--json figures.json``.

The server is the published configuration as bench_site.py starts it (voila.json as it is: its pools,
its kernel limit, its culling; a free port), and a learner is bench_site.py's: GET the page, open its
kernel's websocket, ask for the widgets' states, timed until they arrive; a 503 ("the class is full")
is a refusal. For each page, once the site is warm (every pool full, everything quiet):

1. **At once**: N learners open the page at the same moment and keep it open until the last one is
   answered, then all leave (Voila's shutdown on unload); p50, p95 and max of their times (a learner
   not answered counts as never), refusals, and the peak memory of the server and its kernels (RSS
   sum, USS sum); the CPU a learner cost (the server's, and its other processes': the kernels and
   the warm process; their CPU times read before the class and when every learner has the page,
   divided by the learners: what a machine's speed at processes and messages shows in); then the
   seconds until every pool is full again;
2. **The class moves on** (unless ``--no-moving``): the class opens the page again and reads it
   until the server is at rest with every learner's kernel alive (as in the minutes a class spends
   on a page: the spares come back meanwhile; ``--moving-at-once``: no reading), then every learner
   at the same moment leaves it and opens the next page (the site's order, as its "Next" link
   goes; from the last page, the first), timed from the leaving; p50, p95, max and refusals. A
   learner leaves as a browser does: the kernel's shutdown goes as a beacon, not waited for, and
   the next page is asked for at once;
3. **One after another**: ``--visits`` visitors open the page one at a time, each keeping it open, as
   a teacher checking the site with ``curl`` does (the issue's case: the first takes the page's pooled
   kernel, the second comes while its refill waits at the limit); each one's time and status.

``--classes-stay`` measures instead the kernel limit's worst case for memory: one class on each
page of ``--pages`` in turn, each staying on its page while the next comes.

Percentiles of 30 are nearest-rank figures of one run, not estimates with an interval: the benchmark
measures this machine at this moment, and another process's work shows in every figure. It stops the
server and every kernel it started, on Ctrl-C or an error too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_site import (
    CONFIG,
    GB,
    LEARNERS,
    Learner,
    Sampler,
    Site,
    _finite,
    _interrupt,
    cpu_per_learner,
    home_cookie,
    learner_goes_on,
    learner_leaves,
    learner_opens,
    nearest_rank,
    not_completed,
    scenario,
    seconds,
    tree_cpu,
    wait_at_rest,
    warm_count,
)
from tests.voila_helpers import PUBLISHED, ROOT

VISITS = 3
"""The issue's teacher opened each page three times in a row."""
REFUSED = "class is full (503)"
"""bench_site's reason for a learner given the 'class is full' page."""


def say_not_completed(reasons: dict[str, int]) -> None:
    """Print why learners did not complete, but for refusals (their count is on the figures' line)."""
    others = {reason: n for reason, n in reasons.items() if reason != REFUSED}
    if others:
        print(f"    not completed: {others}")


def next_page(page: str, pages: list[str]) -> str:
    """The page a class goes on to from ``page``: the next in the site's order (the number its name
    starts with, as each page's "Next" link goes); from the last, the first (the next lesson)."""
    ordered = sorted(pages, key=lambda name: int(name.split("_", 1)[0]))
    return ordered[(ordered.index(page) + 1) % len(ordered)]


async def moves_on(site: Site, page: str, then: str, learners: int, warm: int, reading: bool = True) -> dict[str, Any]:
    """The class on ``page`` goes on to ``then``: every learner opens ``page`` at once (not timed
    here: the class above) and reads it (``reading``: until the server is at rest, its spares and
    pools back beside the class's kernels, as in the minutes a class spends on a page), then all at
    the same moment leave it (Voila's shutdown on unload) and open ``then``, each as soon as its own
    page is left. Timed from the leaving; then all leave and the site comes to rest."""
    xsrf = await asyncio.gather(*(home_cookie(site) for _ in range(learners)))
    class_ = await asyncio.gather(*(learner_opens(site, page, 0.0, x) for x in xsrf))
    if reading:
        await wait_at_rest(site, warm + sum(1 for learner in class_ if learner.completed))

    leaving: list[asyncio.Task[None]] = []

    async def move(learner: Learner) -> Learner:
        began = time.perf_counter()
        leaving.append(learner_goes_on(site, learner))  # as a browser: the shutdown is not waited for
        moved = await learner_opens(site, then, 0.0, learner.xsrf)
        if moved.completed:  # timed from the leaving: the learner's wait for the next page
            moved.total_s = time.perf_counter() - began
        return moved

    cpu_before = tree_cpu(site)
    moved = await asyncio.gather(*(move(learner) for learner in class_ if learner.completed))
    server_cpu, others_cpu = cpu_per_learner(site, cpu_before, tree_cpu(site), max(1, len(moved)))
    await asyncio.gather(*leaving)
    stayed = [learner for learner in class_ if not learner.completed]  # (kernels a class left open)
    await asyncio.gather(*(learner_leaves(site, learner) for learner in [*stayed, *moved]))
    await wait_at_rest(site, warm)
    totals = [learner.total_s for learner in moved] + [math.inf] * (learners - len(moved))
    errors = not_completed(moved)
    return {
        "from": page,
        "learners": len(moved),
        "completed": sum(1 for learner in moved if learner.completed),
        "p50_s": nearest_rank(totals, 0.5),
        "p95_s": nearest_rank(totals, 0.95),
        "max_s": max(totals),
        "not_completed": errors,
        "cpu_server_s_per_learner": server_cpu,
        "cpu_kernels_s_per_learner": others_cpu,
    }


async def classes_stay(site: Site, sampler: Sampler, pages: list[str], learners: int, warm: int) -> list[dict[str, Any]]:
    """One class on each of ``pages`` in turn, each staying on its page (the site comes to rest before
    the next class comes), then every class leaves: the kernel limit's worst case for memory, a
    second and a third class while the first still reads (past the limit, their kernels take the
    places of waiting pooled kernels). For each class: completed, refused, and the memory at rest
    after it came (PSS sum, kernels) and the peak so far."""
    everyone: list[Learner] = []
    rows = []
    started = time.perf_counter()
    for page in pages:
        xsrf = await asyncio.gather(*(home_cookie(site) for _ in range(learners)))
        class_ = await asyncio.gather(*(learner_opens(site, page, 0.0, x) for x in xsrf))
        everyone += class_
        await wait_at_rest(site, warm + sum(1 for learner in everyone if learner.completed))
        rest = sampler.measure()
        sampler.samples.append(rest)
        peak = sampler.peak(started, time.perf_counter())
        reasons = not_completed(class_)
        rows.append(
            {
                "page": page,
                "completed": sum(1 for learner in class_ if learner.completed),
                "refused": reasons.get(REFUSED, 0),
                "not_completed": reasons,
                "rest_pss_gb": rest.pss / GB,
                "rest_kernels": rest.kernels,
                "peak_pss_gb": peak.pss / GB,
            }
        )
    await asyncio.gather(*(learner_leaves(site, learner) for learner in everyone))
    await wait_at_rest(site, warm)
    return rows


async def one_after_another(site: Site, page: str, visits: int, warm: int) -> list[dict[str, Any]]:
    """``visits`` visitors in a row, each keeping the page open; then all leave and the pools refill."""
    xsrf = await home_cookie(site)
    seen = []
    for _ in range(visits):
        learner = await learner_opens(site, page, 0.0, xsrf)
        seen.append(learner)
    for learner in seen:
        await learner_leaves(site, learner)
    await wait_at_rest(site, warm)
    return [{"status": v.status, "total_s": v.total_s, "error": v.error} for v in seen]


async def run(
    pages: list[str],
    learners: int,
    visits: int,
    site: Site,
    sampler: Sampler,
    moving: bool = True,
    at_once: bool = False,
    stay: bool = False,
) -> dict[str, Any]:
    warm, _pools = warm_count()
    took, alive = await wait_at_rest(site, warm)
    print(f"Warm: {alive} of {warm} preheated kernels, {took:.0f} s after the benchmark began waiting.")
    warm = min(warm, alive)
    figures: dict[str, Any] = {}
    if stay:
        rows = await classes_stay(site, sampler, pages, learners, warm)
        for number, row in enumerate(rows, 1):
            print(
                f"class {number} on {row['page'].removesuffix('.ipynb')} ({number - 1} before it still there): completed {row['completed']}/{learners},"
                f" refused {row['refused']}; at rest {row['rest_pss_gb']:.2f} GB PSS sum ({row['rest_kernels']} kernels), peak {row['peak_pss_gb']:.2f} GB",
                flush=True,
            )
            say_not_completed(row["not_completed"])
        return {"classes_stay": rows}
    for page in pages:
        burst = await scenario(site, sampler, page, learners, 0.0, warm)
        refused = burst["not_completed"].get(REFUSED, 0)
        burst["refused"] = refused
        row = (
            f"{page.removesuffix('.ipynb')}: {learners} at once: completed {burst['completed']}/{learners}, p50 {seconds(burst['p50_s'])} s,"
            f" p95 {seconds(burst['p95_s'])} s, max {seconds(burst['max_s'])} s, refused {refused};"
            f" peak PSS sum {burst['peak_pss_gb']:.2f} GB (RSS {burst['peak_rss_gb']:.2f} GB,"
            f" USS {burst['peak_uss_gb']:.2f} GB, {burst['peak_kernels']} kernels);"
            f" pools back in {seconds(burst['pool_back_s'])} s; CPU a learner: server"
            f" {1000 * burst['cpu_server_s_per_learner']:.0f} ms + kernels {1000 * burst['cpu_kernels_s_per_learner']:.0f} ms"
            f" (and this benchmark's own, the learners' side, {1000 * burst['cpu_client_s_per_learner']:.0f} ms)"
        )
        print(row, flush=True)
        say_not_completed(burst["not_completed"])
        if moving:
            then = next_page(page, list(PUBLISHED))
            move = await moves_on(site, page, then, learners, warm, reading=not at_once)
            how = "the moment it has the page" if at_once else "having read the page"
            refused = move["not_completed"].get(REFUSED, 0)
            print(
                f"{page.removesuffix('.ipynb')} -> {then.removesuffix('.ipynb')}: the class moves on, {how}: completed {move['completed']}/{learners},"
                f" p50 {seconds(move['p50_s'])} s, p95 {seconds(move['p95_s'])} s, max {seconds(move['max_s'])} s, refused {refused};"
                f" CPU a learner: server {1000 * move['cpu_server_s_per_learner']:.0f} ms + kernels {1000 * move['cpu_kernels_s_per_learner']:.0f} ms",
                flush=True,
            )
            say_not_completed(move["not_completed"])
            burst["moves_on"] = {**move, "to": then, "refused": refused, "read_first": not at_once}
        sequence = await one_after_another(site, page, visits, warm)
        shown = ", ".join(f"{v['status']} in {seconds(v['total_s'])} s" for v in sequence)
        print(f"{page.removesuffix('.ipynb')}: {visits} visitors one after another: {shown}", flush=True)
        figures[page] = {"at_once": burst, "one_after_another": sequence}
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="", help="comma-separated pages (without .ipynb); default every published page")
    parser.add_argument("--learners", type=int, default=LEARNERS, help=f"learners at once on each page (default {LEARNERS})")
    parser.add_argument("--visits", type=int, default=VISITS, help=f"visitors one after another on each page (default {VISITS})")
    parser.add_argument("--no-moving", action="store_true", help="skip the class moving on to the next page (after each page's class)")
    parser.add_argument(
        "--moving-at-once",
        action="store_true",
        help="the class moves on the moment every learner has the page, without reading it (no spare back meanwhile)",
    )
    parser.add_argument(
        "--classes-stay",
        action="store_true",
        help="instead: one class on each page of --pages in turn, each staying (the limit's worst case for memory)",
    )
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    if args.learners < 1 or args.visits < 0:
        parser.error("--learners must be at least 1 and --visits at least 0")
    root = ROOT / CONFIG["Voila"].get("root_dir", ".")
    names = [p.strip() for p in args.pages.split(",") if p.strip()]
    pages = [n if n.endswith(".ipynb") else f"{n}.ipynb" for n in names] or list(PUBLISHED)
    missing = [p for p in pages if not (root / p).is_file()]
    if missing:
        parser.error(f"no page {', '.join(missing)} in {root.relative_to(ROOT)}/")
    signal.signal(signal.SIGTERM, _interrupt)
    AsyncHTTPClient.configure(None, max_clients=10 * args.learners + 10)
    limit = CONFIG.get("ClassKernelManager", {}).get("max_kernels", 0) or "none"
    print(f"upto9 class benchmark: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start; kernel limit {limit}; pages: {', '.join(pages)}")
    started = time.perf_counter()
    site = Site()
    sampler = Sampler(site)
    figures: dict[str, Any] = {}
    try:
        sampler.start()
        figures = asyncio.run(
            run(pages, args.learners, args.visits, site, sampler, moving=not args.no_moving, at_once=args.moving_at_once, stay=args.classes_stay)
        )
    except KeyboardInterrupt:
        print("Interrupted: no figures.")
        return 130
    finally:
        sampler.halt.set()
        site.stop()
        peak = max((s.pss for s in sampler.samples), default=0) / GB
        print(f"Server stopped. Peak PSS sum over the whole run {peak:.2f} GB.")
    print(f"{time.perf_counter() - started:.0f} s; load average {os.getloadavg()[0]:.2f} at the end.")
    if args.json:
        args.json.write_text(json.dumps(_finite(figures), indent=2) + "\n", encoding="utf-8")
        print(f"Figures written to {args.json}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
