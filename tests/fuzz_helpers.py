"""What every fuzz test shares: how many examples a run asks for."""

from __future__ import annotations

import os


def fuzz_examples(default: int) -> int:
    """The CI-sized ``default``, or ``UPTO9_FUZZ_EXAMPLES`` examples per test when it is set (a longer hunt)."""
    return int(os.environ.get("UPTO9_FUZZ_EXAMPLES", "0") or 0) or default
