"""How long does the level-table designer take to its first answer? Run: ``python benchmarks/bench_designer.py``.

The target: a first answer within 30 s on this machine (2 cores), from ``FIRST_DEALS`` deals. For
each game and target shape this runs ``Designer.search`` headless (no browser) from the standard
table and prints the wall-clock and CPU seconds to the answer (on a loaded machine the wall clock
waits for a core), the standard table's and the best table's distance to the target (root mean
square of the misses, in percentage points), the levels changed, and the tables the search measured.
Then one ``refine`` (300 more deals) and its time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from upto9.designer import FIRST_DEALS, Designer, Shape, Target
from upto9.rules import PHASE10, UPTO9, Rules

TARGET_S = 30.0

CASES: tuple[tuple[str, Rules, Target], ...] = (
    ("Up to 9, each level harder", UPTO9, Target(Shape.FALLING)),
    ("Up to 9, even climb 95 % to 35 %", UPTO9, Target(Shape.EVEN, (0.95, 0.35))),
    ("Phase 10, each phase harder", PHASE10, Target(Shape.FALLING)),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=FIRST_DEALS, help=f"deals behind the first answer (default {FIRST_DEALS})")
    parser.add_argument("--refine", type=int, default=300, help="deals one refine adds (0: none)")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}; first answer from {args.deals} deals; target {TARGET_S:.0f} s")
    slow = False
    for name, rules, target in CASES:
        wall, cpu = time.monotonic(), time.process_time()
        designer = Designer(rules, target, deals=args.deals)
        best = designer.search(seconds=TARGET_S - 2)[0]
        wall, cpu = time.monotonic() - wall, time.process_time() - cpu
        standard = designer.standard()
        slow |= wall > TARGET_S
        print(
            f"{name}: first answer {wall:.1f} s wall, {cpu:.1f} s CPU; distance {100 * standard.distance:.1f} -> "
            f"{100 * best.distance:.1f} points; levels changed {list(best.changed)}; {designer.evaluated} level measures"
        )
        if args.refine:
            wall = time.monotonic()
            again = designer.refine(args.refine, seconds=TARGET_S - 2)[0]
            print(f"  refine +{args.refine} deals ({again.deals}): {time.monotonic() - wall:.1f} s; distance {100 * again.distance:.1f} points")
    print("within target" if not slow else f"SLOWER than {TARGET_S:.0f} s")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
