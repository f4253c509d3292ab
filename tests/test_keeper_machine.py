"""The kernel limit and the pools' keeper as a state machine (issue 25, part 5).

The real :class:`upto9.server.kernels.ClassKernelManager` inside Voila's real ``VoilaKernelManager``
(its pools, their fills after ``fill_delay``, handing a pooled kernel to a visitor, its cull filter),
with two test doubles only: a kernel launch that starts no process (a kernel is an entry in the
manager's table, born after a turn of the event loop) and a notebook renderer that renders nothing.
Hypothesis plays a class at it: visitors arrive on any page (pooled or cold), the event loop runs a
few turns at a time (so a visitor can come while a refill waits, as in the issue's ``curl`` run),
visitors' pages are being sent (the refills wait for them), learners close their tabs (Voila's ``beforeunload`` shutdown) or just drop them (then the culler
ends the kernel), the keeper looks, the whole class leaves. Throughout:

- never more kernels alive than the limit, not even for a moment (checked at each kernel's birth);
- a visitor is refused ("the class is full") only when no pool holds a ready kernel and no spare
  kernel is left, and never handed a failed pool fill;
- a visitor of a page without a ready pooled kernel is handed a spare kernel while one is left,
  never a pool's fill still on its way;
- every pool, and the spare kernels, are whole again after the class has left and the keeper has
  looked.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

pytest.importorskip("voila", reason="the keeper runs inside Voila's kernel manager: pip install -e '.[dev]'")

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Any as AnyTrait
from traitlets import Integer, Unicode
from traitlets.config import LoggingConfigurable
from upto9.server.kernels import HANDED_SPARES, PAGES_BEING_SENT, REFILL_LOOK_S, ClassFull, ClassKernelManager
from voila.voila_kernel_manager import voila_kernel_manager_factory

PAGES = ("a.ipynb", "b.ipynb", "c.ipynb")
"""a and b have pools (of drawn sizes); c has none and always starts cold."""

_ASKED = int(os.environ.get("UPTO9_MACHINE_EXAMPLES", "0") or 0)


@dataclass
class FakeKernel:
    """A kernel without a process: its tab is open while a learner's browser holds it."""

    tab_open: bool = False


@dataclass
class Refusal:
    """What the pools held at the moment a start was refused."""

    ready_pooled: int
    in_use: int
    spares: int


@dataclass
class Record:
    """What the test doubles saw: kernels born beyond the limit, and every refusal by its task."""

    over_limit: list[str] = field(default_factory=list)
    refusals: dict[asyncio.Task[Any] | None, Refusal] = field(default_factory=dict)
    shut_down_now: list[bool] = field(default_factory=list)
    """For each kernel shut down, whether at once (``now``)."""


class FakeLaunch(AsyncMappingKernelManager):
    """jupyter_server's kernel launch and shutdown without processes, below ClassKernelManager in
    the MRO (its ``super().start_kernel`` lands here)."""

    record: Record

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        assert kernel_id is not None  # ClassKernelManager always names the kernel before it starts
        if kernel_id in self._kernels:
            return kernel_id
        await asyncio.sleep(0)  # a launch takes at least a turn of the loop
        limit = self.max_kernels  # type: ignore[attr-defined]
        if limit and len(self._kernels) >= limit:
            self.record.over_limit.append(f"kernel {len(self._kernels) + 1} born with {limit} as the limit")
        self._kernels[kernel_id] = FakeKernel()
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:  # type: ignore[override]
        self.record.shut_down_now.append(now)
        await asyncio.sleep(0)
        self._kernels.pop(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The real culler's decision for a kernel that has been idle long enough: no tab, no kernel."""
        kernel = self._kernels.get(kernel_id)
        if kernel is not None and not kernel.tab_open:
            await self.shutdown_kernel(kernel_id)


class Recorded(ClassKernelManager, FakeLaunch):
    """Notes what the pools held each time ClassKernelManager refuses a start (at that very moment)."""

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        except ClassFull:
            self.record.refusals[asyncio.current_task()] = Refusal(self.ready_pooled(), self.in_use(), len(self._spares))
            raise

    def ready_pooled(self) -> int:
        return sum(1 for _name, pool in self._pool_lists() for t in pool if _ready(t))


def _ready(task: asyncio.Task[Any]) -> bool:
    """Whether a pool's fill has ended with its kernel, ready to hand over."""
    return task.done() and not task.cancelled() and task.exception() is None


class FakeRenderer:
    """Voila's NotebookRenderer as the pools use it, rendering nothing."""

    def __init__(self, notebook_path: str) -> None:
        self.notebook_path = notebook_path
        self.template_name, self.theme = "upto9", "light"
        self.notebook = SimpleNamespace(metadata=SimpleNamespace(kernelspec=SimpleNamespace(name="python3")))
        self.stop_generator = False
        self.rendered_cache: list[str] = []

    async def initialize(self) -> None:
        await asyncio.sleep(0)

    async def generate_content_hybrid(self, kernel_id: str, kernel_future: Any) -> tuple[list[str], None]:
        return [f"<p>{kernel_id}</p>"], None


VoilaManager: Any = voila_kernel_manager_factory(Recorded, True, 1)


class Manager(VoilaManager):  # type: ignore[misc]
    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> FakeRenderer:
        return FakeRenderer(str(notebook_path))


class FakeServer(LoggingConfigurable):
    """What Voila's kernel manager reads of its parent, the Voila application."""

    root_dir = Unicode()
    notebook_path = AnyTrait(None)
    base_url = Unicode("/")
    server_url = Unicode("/")
    port = Integer(8866)


def _manager(folder: str, loop: asyncio.AbstractEventLoop, record: Record, **options: Any) -> Any:
    """The real manager inside Voila's, with the test doubles, over pages a, b and c written to
    ``folder``; its pools start filling (the keeper never looks by itself)."""
    for page in PAGES:
        (Path(folder) / page).write_text("{}", encoding="utf-8")

    async def build() -> Any:
        Recorded.record = record
        return Manager(parent=FakeServer(root_dir=folder), keeper_interval=1e6, **options)

    return loop.run_until_complete(build())


def _close(loop: asyncio.AbstractEventLoop) -> None:
    """End ``loop`` and what runs on it, and the server's page count with it (no later test inherits it)."""
    PAGES_BEING_SENT[0] = 0
    for task in asyncio.all_tasks(loop):
        task.cancel()
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    asyncio.set_event_loop(None)


def machine_settings(examples: int, steps: int) -> settings:
    """A CI-sized run, or ``UPTO9_MACHINE_EXAMPLES`` sequences twice as long."""
    if _ASKED:
        return settings(max_examples=_ASKED, stateful_step_count=2 * steps, deadline=None)
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None)


class ClassOnTheServer(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.record = Record()
        self.manager: Any = None
        self.sizes: dict[str, int] = {}
        self.visiting: list[tuple[str, asyncio.Task[str]]] = []
        """Visitors whose page is on its way."""
        self.tabs: dict[str, str] = {}
        """Open tabs: kernel -> page."""
        self.refused = 0
        self.served = 0
        self.closing: list[asyncio.Task[None]] = []
        """Tabs' shutdown requests on their way."""
        self.refills_held = False
        """Whether pages have been sent since the class last left (refills may be waiting for real time)."""

    @initialize(
        limit=st.integers(1, 6),
        a=st.integers(0, 4),
        b=st.integers(0, 2),
        spares=st.integers(0, 3),
    )
    def start_server(self, limit: int, a: int, b: int, spares: int) -> None:
        a, b = min(a, limit), min(b, limit - min(a, limit))  # the published rule: the pools fit the limit
        spares = min(spares, limit - a - b)  # and so do the spare kernels
        self.sizes = {"a.ipynb": a, "b.ipynb": b, "c.ipynb": 0}
        self.spares = spares
        pools = {"default": {"pool_size": 0}, "a.ipynb": {"pool_size": a}, "b.ipynb": {"pool_size": b}}
        options = {"max_kernels": limit, "fill_delay": 0, "kernel_pools_config": pools, "spare_kernels": spares, "refill_quiet": 0}
        self.manager = _manager(self.tmp(), self.loop, self.record, **options)
        self.settle()

    def tmp(self) -> str:
        self._tmp = tempfile.TemporaryDirectory()
        return self._tmp.name

    # --- the loop ---------------------------------------------------------------------------------

    def turn(self, turns: int) -> None:
        for _ in range(turns):
            self.loop.run_until_complete(asyncio.sleep(0))
        self.harvest()

    def settle(self) -> None:
        """Run the loop until nothing is left to do (every fill, every visitor's page)."""
        for _ in range(1000):
            pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
            if not pending:
                break
            self.loop.run_until_complete(asyncio.sleep(0))
        else:
            raise AssertionError(f"the loop never settles: {pending}")
        self.harvest()

    def harvest(self) -> None:
        """Visitors whose page has come: served (a kernel, the tab open) or refused (the 'class is full' page)."""
        still = []
        for page, task in self.visiting:
            if not task.done():
                still.append((page, task))
                continue
            error = task.exception()
            if error is None:
                kernel = task.result()
                assert kernel in self.manager, f"a visitor of {page} was handed kernel {kernel}, which is not alive"
                self.tabs[kernel] = page
                self.served += 1
            else:
                assert isinstance(error, ClassFull), f"a visitor of {page} got {error!r}, not a page"
                self.refused += 1
        self.visiting = still
        for closed in [t for t in self.closing if t.done()]:
            self.closing.remove(closed)
            # A failed shutdown is a 500 for the closing tab and a kernel left running.
            assert closed.exception() is None, f"a closing tab's shutdown failed: {closed.exception()!r}"

    # --- a visitor, as Voila's handler does it ------------------------------------------------------

    async def visit(self, page: str) -> str:
        manager = self.manager
        if manager.get_pool_size(page) > 0 and manager.notebook_data.get(page):
            handed = manager._pools[page][0]  # what get_rendered_notebook pops before it awaits
            if manager._spares:  # a fill on its way makes its visitor wait out fill_delay and a start
                assert _ready(handed), f"a visitor of {page} was handed a pool fill on its way while {len(manager._spares)} spare kernel(s) were left"
            try:
                render, _cache, kernel = await manager.get_rendered_notebook(notebook_name=page)
            except ClassFull:
                refusal = self.record.refusals.get(handed)
                assert refusal is not None, f"a visitor of {page} was handed a fill that failed before it started"
                assert refusal.ready_pooled == 0, f"a visitor of {page} was refused while {refusal.ready_pooled} pooled kernel(s) waited"
                raise
            await render
        else:
            spares = manager.spare_ids()
            try:
                kernel = await manager.start_kernel(kernel_name="python3", path="", env={"VOILA_PREHEAT": "False"})
            except ClassFull:
                refusal = self.record.refusals[asyncio.current_task()]
                assert refusal.ready_pooled == 0, f"a visitor of {page} was refused while {refusal.ready_pooled} pooled kernel(s) waited"
                assert refusal.spares == 0, f"a visitor of {page} was refused while {refusal.spares} spare kernel(s) were left"
                raise
            if spares:  # a spare kernel waited as the visitor came: the visitor has it, nothing started
                assert kernel in spares and kernel in HANDED_SPARES, f"a visitor of {page} started a kernel while {len(spares)} spare(s) waited"
        manager._kernels[kernel].tab_open = True  # the browser connects
        return str(kernel)

    # --- what the class and the server do -------------------------------------------------------------

    @rule(page=st.sampled_from(PAGES), turns=st.integers(0, 3))
    def a_visitor_arrives(self, page: str, turns: int) -> None:
        self.visiting.append((page, self.loop.create_task(self.visit(page))))
        self.turn(turns)

    @rule(turns=st.integers(1, 6))
    def time_passes(self, turns: int) -> None:
        self.turn(turns)

    @rule(sending=st.booleans(), turns=st.integers(0, 3))
    def pages_are_being_sent(self, sending: bool, turns: int) -> None:
        """Visitors' pages being sent (or not): meanwhile the pools' refills wait (for real time,
        which the loop's turns do not give them), holding their places."""
        PAGES_BEING_SENT[0] = int(sending)
        self.refills_held = self.refills_held or sending
        self.turn(turns)

    def pages_sent(self) -> None:
        """No page is being sent any more: the refills held meanwhile see it and go on."""
        PAGES_BEING_SENT[0] = 0
        if self.refills_held:
            self.loop.run_until_complete(asyncio.sleep(1.5 * REFILL_LOOK_S))  # a held refill looks every REFILL_LOOK_S
            self.refills_held = False

    @precondition(lambda self: bool(self.tabs))
    @rule(which=st.integers(0, 100), closes=st.booleans(), turns=st.integers(0, 3))
    def a_learner_leaves(self, which: int, closes: bool, turns: int) -> None:
        kernel = sorted(self.tabs)[which % len(self.tabs)]
        del self.tabs[kernel]
        if kernel not in self.manager:
            return  # already ended (the page's kernel was culled)
        if closes:  # Voila's beforeunload request
            self.closing.append(self.loop.create_task(self.manager.shutdown_kernel(kernel, now=True)))
        else:  # a phone drops the tab without a word: the culler will see it
            self.manager._kernels[kernel].tab_open = False
        self.turn(turns)

    @rule()
    def the_culler_looks(self) -> None:
        self.loop.run_until_complete(self.manager.cull_kernels())
        self.harvest()

    @rule(turns=st.integers(0, 3))
    def the_keeper_looks(self, turns: int) -> None:
        self.manager.keep_pools()
        self.turn(turns)

    @rule()
    def the_class_leaves(self) -> None:
        self.everyone_leaves_and_the_pools_come_back()

    def everyone_leaves_and_the_pools_come_back(self) -> None:
        self.pages_sent()
        self.settle()
        for kernel in list(self.tabs):
            if kernel in self.manager:
                self.loop.run_until_complete(self.manager.shutdown_kernel(kernel, now=True))
        self.tabs.clear()
        self.settle()
        assert not self.visiting, "a visitor never got an answer (a page or 'the class is full')"
        for _look in range(2):  # dropped tabs: the culler sees a kernel out of its pool once, then culls it
            self.loop.run_until_complete(self.manager.cull_kernels())
        self.settle()
        self.manager.keep_pools()
        self.settle()
        manager = self.manager
        for page, size in self.sizes.items():
            pool = manager._pools.get(page, [])
            ready = [t for t in pool if _ready(t)]
            assert len(ready) == size == len(pool), f"the pool of {page} holds {len(ready)} ready of {len(pool)}, not {size}, after the class left"
        assert len(manager.spare_ids()) == self.spares == len(manager._spares), (
            f"{len(manager.spare_ids())} spare kernels after the class left, not {self.spares}"
        )
        assert manager.in_use() == sum(self.sizes.values()) + self.spares == len(manager._kernels), "kernels left over after the class left"

    # --- what always holds --------------------------------------------------------------------------

    @invariant()
    def never_more_kernels_than_the_limit(self) -> None:
        if self.manager is None:
            return
        assert not self.record.over_limit, self.record.over_limit
        assert len(self.manager._kernels) <= self.manager.max_kernels
        assert self.manager.in_use() <= self.manager.max_kernels

    @invariant()
    def every_open_tab_has_its_kernel(self) -> None:
        if self.manager is None:
            return
        for kernel, page in self.tabs.items():
            assert kernel in self.manager, f"the open tab of {page} lost its kernel {kernel}"

    def teardown(self) -> None:
        try:
            if self.manager is not None:
                self.everyone_leaves_and_the_pools_come_back()
                self.manager.stop_keeper()
        finally:
            _close(self.loop)
            if hasattr(self, "_tmp"):
                self._tmp.cleanup()


ClassOnTheServer.TestCase.settings = machine_settings(examples=100, steps=30)
TestClassOnTheServer = ClassOnTheServer.TestCase


# --- named cases: what a visitor is handed, and a refill that waits for the class ---------------------


def _server(folder: str, loop: asyncio.AbstractEventLoop, **options: Any) -> Any:
    """The manager of the machine above, over pages a, b and c in ``folder``, its pools filled."""
    manager = _manager(folder, loop, Record(), **options)
    loop.run_until_complete(asyncio.sleep(0.05))
    return manager


async def _refused() -> None:
    raise ClassFull(1, 1)


FILL_DELAY_S = 1.0
"""Voila's delay before a refill: the assertions between the loop's runs take no time of the loop's."""


@pytest.fixture
def loop() -> Any:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield loop
        PAGES_BEING_SENT[0] = 0
        loop.run_until_complete(asyncio.sleep(1.5 * REFILL_LOOK_S))  # the refills still on their way start
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        assert not pending, f"fills still on their way: {pending}"
    finally:
        _close(loop)


def test_a_visitor_is_handed_a_ready_pooled_kernel_or_a_spare_never_a_fill_on_its_way(loop: Any, tmp_path: Path) -> None:
    pools = {"default": {"pool_size": 0}, "a.ipynb": {"pool_size": 2}}
    manager = _server(str(tmp_path), loop, kernel_pools_config=pools, spare_kernels=1, fill_delay=FILL_DELAY_S)
    pool = manager._pools["a.ipynb"]
    assert len(pool) == 2 and all(_ready(t) for t in pool) and manager.get_pool_size("a.ipynb") == 2
    loop.run_until_complete(manager.get_rendered_notebook(notebook_name="a.ipynb"))  # a visitor takes one
    # Its refill waits out fill_delay at the pool's end; put first, the ready kernel still goes first.
    assert [_ready(t) for t in pool] == [True, False]
    pool.reverse()
    assert manager.get_pool_size("a.ipynb") == 1 and _ready(pool[0]), "the page handler would hand over the fill on its way"
    loop.run_until_complete(manager.get_rendered_notebook(notebook_name="a.ipynb"))
    # Only the refills on their way are left: while a spare is left, the page counts as having no
    # pool (the handler starts the visitor's kernel, which takes the spare)...
    assert not any(_ready(t) for t in pool) and len(pool) == 2
    assert manager.get_pool_size("a.ipynb") == 0
    spare = next(iter(manager.spare_ids()))
    assert loop.run_until_complete(manager.start_kernel(kernel_name="python3", path="", env={"VOILA_PREHEAT": "False"})) == spare
    # ...and with no spare left, a fill on its way is the visitor's best (it then takes a place at the limit as its own start).
    assert not manager._spares and manager.get_pool_size("a.ipynb") == 2
    # A failed fill (refused at the limit) never counts, and never comes first.
    failed = loop.create_task(_refused())
    loop.run_until_complete(asyncio.sleep(0))
    assert isinstance(failed.exception(), ClassFull)
    pool.insert(0, failed)
    assert manager.get_pool_size("a.ipynb") == 2 and pool[-1] is failed and not pool[0].done()
    pool.remove(failed)
    loop.run_until_complete(asyncio.sleep(FILL_DELAY_S + REFILL_LOOK_S))  # (the refills come, as the loop's time passes)
    assert len(pool) == 2 and all(_ready(t) for t in pool)


def test_a_refill_waits_while_pages_are_being_sent_and_goes_at_once_for_a_visitor_handed_it(loop: Any, tmp_path: Path) -> None:
    pools = {"default": {"pool_size": 0}, "a.ipynb": {"pool_size": 1}}
    manager = _server(str(tmp_path), loop, kernel_pools_config=pools, fill_delay=0, refill_quiet=0)
    assert len(manager._kernels) == 1
    PAGES_BEING_SENT[0] = 1  # a class is getting its pages
    loop.run_until_complete(manager.get_rendered_notebook(notebook_name="a.ipynb"))
    loop.run_until_complete(asyncio.sleep(5 * REFILL_LOOK_S))
    pool = manager._pools["a.ipynb"]
    assert len(manager._kernels) == 1 and len(pool) == 1 and not pool[0].done(), "the refill started while pages were being sent"
    PAGES_BEING_SENT[0] = 0
    loop.run_until_complete(asyncio.sleep(5 * REFILL_LOOK_S))
    assert len(manager._kernels) == 2 and _ready(pool[0]), "the refill did not start once the pages were sent"
    # A visitor handed a waiting refill (the pool holds nothing else, no spare) does not wait for the class.
    PAGES_BEING_SENT[0] = 1
    loop.run_until_complete(manager.get_rendered_notebook(notebook_name="a.ipynb"))
    assert manager.get_pool_size("a.ipynb") == 1 and not pool[0].done()
    began = loop.time()
    loop.run_until_complete(manager.get_rendered_notebook(notebook_name="a.ipynb"))
    assert loop.time() - began < 2 * REFILL_LOOK_S, "a visitor waited for the class before its kernel started"
    assert len(manager._kernels) == 3


def test_the_spares_come_back_after_the_class_not_while_its_pages_are_being_sent(loop: Any, tmp_path: Path) -> None:
    # A class reading a page gets its spares back for the next page; but their starts wait, as a
    # refill does, until no page is being sent: they would take the CPU from learners still waiting.
    pools = {"default": {"pool_size": 0}}
    manager = _server(str(tmp_path), loop, kernel_pools_config=pools, spare_kernels=2, refill_quiet=0)
    assert len(manager.spare_ids()) == 2
    for _ in range(2):  # two visitors take them
        loop.run_until_complete(manager.start_kernel(kernel_name="python3", path="", env={"VOILA_PREHEAT": "False"}))
    assert not manager._spares and len(manager._kernels) == 2
    PAGES_BEING_SENT[0] = 1
    manager.keep_pools()
    loop.run_until_complete(asyncio.sleep(5 * REFILL_LOOK_S))
    assert not manager._spares and len(manager._kernels) == 2, "spare kernels started while pages were being sent"
    PAGES_BEING_SENT[0] = 0
    manager.keep_pools()
    loop.run_until_complete(asyncio.sleep(5 * REFILL_LOOK_S))
    assert len(manager.spare_ids()) == 2 and len(manager._kernels) == 4, "the spare kernels did not come back after the class"


def test_a_learners_kernel_is_shut_down_at_once_when_the_page_is_left(loop: Any, tmp_path: Path) -> None:
    # Voila's page asks for the kernel's shutdown as it closes: killed at once (a page's kernel holds
    # nothing to keep), not asked to end and then polled, which cost a class moving on its CPU.
    record = Record()
    manager = _manager(str(tmp_path), loop, record, kernel_pools_config={"default": {"pool_size": 0}})
    kernel = loop.run_until_complete(manager.start_kernel(kernel_name="python3", path="", env={"VOILA_PREHEAT": "False"}))
    loop.run_until_complete(manager.shutdown_kernel(kernel))
    assert record.shut_down_now == [True] and kernel not in manager._kernels
