"""A visitor's time budget: no control of a published page can keep its kernel's core busy for long.

On a class server every visitor drives a kernel on a shared machine (two cores for thirty learners),
so a computation that a click, a typed hand or an uploaded file starts runs inside ``within(seconds)``:
once it has used ``seconds`` of CPU time, it is stopped by an ``OverBudget`` exception raised in the
thread that runs it, and the page says so honestly ("this check took too long"). A computation stopped
this way gives no answer at all, never a partial or wrong one: the engine stays exact when it answers.

How it stops a computation: a small watching thread reads the computing thread's CPU clock a few
times a second and, once the budget is spent, raises ``OverBudget`` in it (CPython's
``PyThreadState_SetAsyncExc``: the exception arrives at the computing thread's next Python bytecode).
CPU time, not the wall clock: on a busy server a fair computation waits for its turn on a core, and
that waiting costs the other visitors nothing. ``OverBudget`` is a ``KeyboardInterrupt``, so the
engine's ``except Exception`` handlers let it through, and ``upto9.simulate`` treats it as Ctrl-C
(it returns the games that finished). Where no thread can be started (Python in the browser, the
static site) there is nothing shared to protect, and no budget is kept.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Final

__all__ = ["CLICK_SECONDS", "OverBudget", "within"]

CLICK_SECONDS: Final = 2.0
"""The CPU seconds one click, typed hand or picked level may take (the level checker, the lay-down
editor, the rules explorer's verdicts). Every rule set the pages offer answers far inside it (the
largest hand a page allows, 104 Up to 9 cards or 108 Phase 10 cards, is checked in well under 0.1 s);
only a house level with very large groups or mixed kinds, which a teacher's own rule file can
hold, comes near it. Two seconds is about what a learner waits for an answer without wondering."""

_GRACE: Final = 0.5
"""CPU seconds a stopped block may go on winding up before ``OverBudget`` is raised in it again."""

_POLL: Final = 0.05
"""Seconds between two looks at the computing thread's CPU clock: the budget is kept to this much."""


class OverBudget(KeyboardInterrupt):
    """A computation used up its time budget (``within``) and was stopped; ``seconds`` is the budget."""

    def __init__(self, seconds: float = 0.0) -> None:
        super().__init__(seconds)
        self.seconds = seconds


def _cpu_clock(thread: int) -> Callable[[], float]:
    """The CPU clock of ``thread`` (where the platform has one per thread), else the wall clock."""
    try:
        clock = time.pthread_getcpuclockid(thread)
        time.clock_gettime(clock)
    except (AttributeError, OSError):
        return time.perf_counter
    return lambda: time.clock_gettime(clock)


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` in ``thread`` at its next bytecode (``None``: take back one not yet raised)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(error) if error is not None else None)


class within:  # lower case: used as a statement, ``with within(2.0):``, like a function
    """``with within(seconds) as budget: ...`` stops the block with ``OverBudget`` once it has used
    ``seconds`` of CPU time; ``budget.exceeded`` says afterwards whether it did (also when the engine
    caught the ``OverBudget`` itself, as ``simulate`` does, and returned what it had finished).

    >>> with within(5.0) as budget:
    ...     total = sum(range(1000))
    >>> total, budget.exceeded
    (499500, False)
    >>> try:
    ...     with within(0.1) as budget:
    ...         while True:
    ...             pass
    ... except OverBudget as error:
    ...     print(f"stopped after {error.seconds} s", budget.exceeded)
    stopped after 0.1 s True
    """

    __slots__ = ("_armed", "_clock", "_done", "_lock", "_thread", "exceeded", "partial", "seconds")

    def __init__(self, seconds: float, partial: bool = False) -> None:
        self.seconds = float(seconds)
        # ``partial``: the block keeps what it finished when stopped (simulate returning its games);
        # otherwise a block that ends normally after its budget ran out (its stop swallowed by a
        # finalizer or a callback on the way) still raises ``OverBudget``: no late answer.
        self.partial = partial
        self.exceeded = False

    def __enter__(self) -> within:
        self._thread = threading.get_ident()
        self._clock = _cpu_clock(self._thread)
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._armed = True
        watcher = threading.Thread(target=self._watch, args=(self._clock() + self.seconds,), name="upto9-budget", daemon=True)
        try:
            watcher.start()
        except RuntimeError:  # no threads here (Pyodide): no shared kernel to protect either
            self._armed = False
        return self

    def _watch(self, until: float) -> None:
        while not self._done.wait(_POLL):
            if self._clock() >= until:
                with self._lock:
                    if not self._armed:
                        return
                    self.exceeded = True
                    _raise_in(self._thread, OverBudget)
                # Again after a grace, while the block still runs: an asynchronous exception can land
                # in a finalizer or a callback that swallows it ("Exception ignored in ..."), and the
                # work would then run on unbounded. Code that catches it and winds up (simulate
                # returning its finished games) leaves the block well within the grace.
                until = self._clock() + _GRACE

    def disarm(self) -> None:
        """Keep no budget from here on (the work that had to be bounded is done): nothing is raised
        after this, unless it was already on its way (then ``exceeded`` is true)."""
        with self._lock:
            self._armed = False

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None) -> None:
        with self._lock:
            armed, self._armed = self._armed, False
            if self.exceeded:  # take back a stop not yet delivered: it would land after the block, anywhere
                _raise_in(self._thread, None)
        self._done.set()
        if self.exceeded and kind is None and armed and not self.partial:
            raise OverBudget(self.seconds)
        if self.exceeded and isinstance(error, OverBudget) and error.seconds != self.seconds:
            raise OverBudget(self.seconds) from None  # raised by class: it carries the budget from here
