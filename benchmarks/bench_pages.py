"""Time to interactive of every published page, as a learner opens it: the site as `make serve`
publishes it (voila.json, the site's template), Debian's headless Chromium at a phone's size
(390 x 844) and a desktop's (1366 x 900).

"Interactive" is the moment the page's widgets have drawn and a first click (the page's Norsk
switch) has been answered by the kernel. The server warms up first (one opening of every page,
not counted); then each page is opened ``--repeat`` times at each size, each time in a fresh
browser context, one page at a time. Targets (issue 10): 3 s for the tour, the hand checker and
the round stepper; 5 s for the atlas, the lab and the comparison, on the median of the openings.
Run it on a quiet machine: another process's work shows in every figure.

The published site preheats a kernel per page (voila.json): an opening takes the page's waiting
kernel, and the pool refills a few seconds later. Each opening here is a learner arriving at a
ready site, so the benchmark waits ``--pause`` seconds after each (long enough for the refill:
the fill delay and a notebook's run) before the next; the class-sized case, learners arriving
together, is another benchmark's.

    python benchmarks/bench_pages.py [--repeat 3] [--pause 15] [--pages 2_hand_checker ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.voila_helpers import CHROMIUM_ARGS, PUBLISHED, SIZES, TARGET_S, VoilaServer, chromium_path, open_timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="openings per page and size (default 3)")
    parser.add_argument("--pause", type=float, default=None, help="seconds after each opening for the pool to refill (default 15 when preheating, else 0)")
    parser.add_argument("--pages", nargs="*", default=[p.removesuffix(".ipynb") for p in PUBLISHED], help="page names (default: every page)")
    args = parser.parse_args()
    unknown = sorted(set(args.pages) - set(TARGET_S))
    if unknown:
        parser.error(f"unknown page(s) {', '.join(unknown)}; pages are {', '.join(TARGET_S)}")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    pause = args.pause if args.pause is not None else (15.0 if _preheats() else 0.0)
    if pause < 0:
        parser.error("--pause must be 0 or more")
    path = chromium_path()
    if path is None:
        print("bench_pages: no chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    print(f"upto9 pages benchmark: Python {platform.python_version()} ({platform.machine()}), {os.cpu_count()} CPUs, load average {load:.2f} at the start")
    print(f"Seconds from opening a page to its first click answered; median of {args.repeat} openings per size, each in a fresh browser context.")
    if pause:
        print(f"Preheated kernels: {pause:g} s after each opening for the pool to refill (a learner arriving at a ready site).")
    started = time.perf_counter()
    site = VoilaServer("voila-bench-pages.log")
    met = total = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            for name in args.pages:  # warm-up: the server's first opening of a page is not a learner's
                context, *_ = open_timed(browser, site.page(f"{name}.ipynb"), "desktop")
                context.close()  # type: ignore[attr-defined]
                time.sleep(pause)
            print(f"\n{'page':<18} {'size':<8} {'median':>7} {'best':>6} {'worst':>6} {'drawn':>6} {'target':>7}")
            for name in args.pages:
                for size in SIZES:
                    times: list[float] = []
                    drawn: list[float] = []
                    for _ in range(args.repeat):
                        context, _tab, shown, interactive = open_timed(browser, site.page(f"{name}.ipynb"), size)
                        context.close()  # type: ignore[attr-defined]
                        time.sleep(pause)
                        times.append(interactive)
                        drawn.append(shown)
                    median = statistics.median(times)
                    total += 1
                    verdict = "PASS" if median <= TARGET_S[name] else "MISS"
                    met += verdict == "PASS"
                    spread = f"{min(times):>6.2f} {max(times):>6.2f} {statistics.median(drawn):>6.2f}"
                    print(f"{name:<18} {size:<8} {median:>7.2f} {spread} {TARGET_S[name]:>5.0f} s  {verdict}", flush=True)
            browser.close()
    finally:
        site.stop()
    print(f"\n{met} of {total} targets met. ({time.perf_counter() - started:.0f} s; load average {os.getloadavg()[0]:.2f} at the end)")
    return 0


def _preheats() -> bool:
    """Does the published configuration (voila.json) preheat kernels?"""
    import json

    config = json.loads((Path(__file__).resolve().parents[1] / "voila.json").read_text(encoding="utf-8"))
    return bool(config.get("VoilaConfiguration", {}).get("preheat_kernel"))


if __name__ == "__main__":
    raise SystemExit(main())
