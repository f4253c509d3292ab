"""A class on the published site: thirty learners open the hand checker at once, or over a minute.

Run: ``.venv/bin/python benchmarks/bench_site.py`` (``make bench`` runs it too). Options:
``--learners 30`` (how many), ``--over 60`` (seconds the second scenario's arrivals spread over),
``--page 2_hand_checker`` (the page they open), ``--skip-burst``, ``--skip-arrivals``,
``--json figures.json`` (the figures, for the README or a comparison).

It starts the published configuration, the site a class gets: Voila from the project's top folder
(so the top-level voila.json applies as it is: its pools, limits and culling), the site's template
and kernel found through JUPYTER_PATH=share/jupyter; only the port is a free one. It waits until the
server is warm (every page's pool holds its preheated kernels and they have run their notebooks:
as many kernels alive as voila.json's pools hold, and neither they nor the server using CPU for a
few seconds) and says how long that took. Then, without a browser, it plays learners (asyncio, tornado's HTTP and websocket
clients), each doing what a browser opening the page does first:

1. GET /voila/render/<page> (the whole page: from a preheated kernel, which finishes its notebook
   for this visitor, or from a kernel started for the request), and read the page's kernel id from
   its page config;
2. GET /api/kernels/<id>, open the kernel's websocket /api/kernels/<id>/channels (in the wire
   protocol the page's browser asks for, ``v1.kernel.websocket.jupyter.org``), ask for kernel_info
   (the front end's kernel connection does, before anything else);
3. as the page's widget manager does (ipywidgets 8): open a comm to ``jupyter.widget.control``,
   send ``{"method": "request_states"}`` and wait for the ``update_states`` reply (every widget's
   state).

A learner's time runs from the GET until that reply: the page has rendered and its kernel answers
over its websocket. (The browser's own work, the scripts and drawing, is bench_pages.py's.) A page
that is not a 200, such as the "class is full" page (503), counts as not completed; so does a
learner not done within LEARNER_TIMEOUT_S. Percentiles are nearest-rank over all N learners, a
learner who did not complete counting as never ("never" is printed when one falls in the
percentile).

Each learner's browser has been on the site's home page before (untimed): Voila sets its XSRF
cookie there, not on a notebook's page, and the page's shutdown on unload needs it.

Scenarios: (1) N learners open the page at the same moment; (2) N learners arrive evenly over
``--over`` seconds. In each, the learners keep their pages open until the last one is done, then
all leave as a closed tab does (Voila's front end, on unload, POSTs /voila/api/shutdown/<id>; then
the websocket closes), and the benchmark times how long until the site is back at rest (kernels
alive back to the warm count, all at rest). Memory: the server process and all its children (the
kernels), sampled twice a second by a process of the benchmark's own at the lowest priority (the
sampling costs CPU a real class does not pay: ``_sample_forever``): the peak during each scenario (from the first arrival until the
pools are full again) and at rest, as the sum of RSS (conservative: shared pages counted in every
process) and of USS (memory unique to each process).

Targets (issue 12, on the project's 2-core machine): 30 at once: 30/30 complete and p95 at most
5 s; 30 arriving over 60 s: p95 at most 2 s; the server and its kernels at most 3 GB (RSS sum, the
conservative measure; USS is printed beside it). Run it on a quiet machine: another process's work
shows in every figure. It always stops the server and every kernel it started, on Ctrl-C or an
error too (the server's processes carry a marker in their environment, so none is left behind).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import functools
import json
import math
import multiprocessing
import os
import platform
import re
import signal
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Final

import psutil
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.voila_helpers import ROOT, VoilaServer

LEARNERS: Final = 30
"""A class: the issue's thirty learners."""
OVER_S: Final = 60.0
"""The second scenario's arrivals spread over a minute (the issue's)."""
PAGE: Final = "2_hand_checker.ipynb"
"""The page the class opens: the hand checker, the issue's."""
BURST_P95_S: Final = 5.0
"""Target: with 30 at once, 95 % of learners have an answering page within 5 s (issue 12)."""
ARRIVALS_P95_S: Final = 2.0
"""Target: with 30 arriving over a minute, within 2 s (issue 12)."""
MEMORY_GB: Final = 3.0
"""Target: the server and its kernels at most 3 GB at their peak (issue 12), on the RSS sum."""
LEARNER_TIMEOUT_S: Final = 180.0
"""A learner not answered within 3 minutes has given up: not completed (a teacher would not wait longer)."""
QUIET_S: Final = 3.0
"""The site counts as at rest after this long with no CPU used by its kernels and server: the cells
of a notebook follow each other within milliseconds, so a 3 s silence is the end of the run (or a
preheated kernel waiting in a cell for its visitor)."""
KERNEL_IDLE: Final = 0.05
"""The share of a core a kernel may use and still count as doing nothing: a waiting kernel uses a
few milliseconds a second (its heartbeat), a cell at work most of the second."""
SERVER_IDLE: Final = 0.1
"""The same for the server: with nothing to do it answers heartbeats and runs the culler; starting
kernels or sending a notebook's cells keeps it far above a tenth of a core."""
POLL_S: Final = 1.0
"""How often the benchmark looks at the kernels while waiting for the site to come to rest."""
SETTLE_S: Final = 60.0
"""With fewer kernels than the pools hold, all idle and none coming or going for a minute, the site
is taken as warm as it will get (Voila does not retry a pooled kernel that failed to start)."""
START_TIMEOUT_S: Final = 120.0
"""Longest wait for the server's first answer: it starts heating its pools (35 kernels) at once."""
WARM_TIMEOUT_S: Final = 600.0
"""Longest wait for the pools to fill (at start-up and after a scenario) before giving up."""
SAMPLE_S: Final = 0.5
"""Memory sampling period: fine enough to catch a peak, light enough not to load the machine."""
GB: Final = 1e9
"""Memory is printed in decimal gigabytes, as the issue's figures are."""
CONTROL_PROTOCOL: Final = "1.0.0"
"""The ipywidgets 8 control protocol the page's widget manager speaks (``__control_protocol_version__``)."""

CONFIG = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
CONFIG_DATA = re.compile(r'<script[^>]*id="jupyter-config-data"[^>]*>(.*?)</script>', re.S)


# --- the server ------------------------------------------------------------------------------------------


class Site(VoilaServer):
    """Voila started from the project's top folder (voila.json as it is: its pools, its address) on
    a free port, in a session of its own (a Ctrl-C in the terminal reaches the benchmark, which
    stops the server itself); every process of it carries ``UPTO9_BENCH_SITE=<token>`` in its
    environment, so that stop() finds and ends all of them (and only them) even if the server died
    first."""

    stop_timeout = 30.0  # the server shuts down a class's worth of kernels first

    def __init__(self) -> None:
        self.token = uuid.uuid4().hex
        self.killed: list[int] = []
        """The pids of the processes stop() had to kill (none if the server ended them all)."""
        super().__init__("voila-bench-site.log", pools=None, env={"UPTO9_BENCH_SITE": self.token}, ip=None, timeout=START_TIMEOUT_S, new_session=True)

    @functools.cached_property
    def server(self) -> psutil.Process:
        return psutil.Process(self.process.pid)

    def tree(self) -> list[psutil.Process]:
        """The server and all its children (the kernels); none once the server has gone."""
        try:
            return [self.server, *self.server.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kernels(self) -> dict[str, psutil.Process]:
        """The kernels alive, by id (read from the connection file each one is started with)."""
        found = {}
        for process in self.tree()[1:]:
            try:
                match = KERNEL_FILE.search(" ".join(process.cmdline()))
            except psutil.Error:
                continue
            if match:
                found[match.group(1)] = process
        return found

    def stop(self) -> None:
        """Stop the server (it shuts its kernels down), then kill whatever of it is still alive
        (their pids in ``killed``)."""
        marked = self._marked()
        super().stop()
        survivors = [p for p in {*marked, *self._marked()} if p.is_running()]
        for process in survivors:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.kill()
        psutil.wait_procs(survivors, timeout=10)
        self.killed += [p.pid for p in survivors]

    def _marked(self) -> list[psutil.Process]:
        """This server's processes: the server's tree and any process carrying its token (a kernel
        whose server has gone)."""
        found = {p.pid: p for p in self.tree()}
        for process in psutil.process_iter(["environ"]):
            environ = process.info.get("environ") or {}
            if environ.get("UPTO9_BENCH_SITE") == self.token:
                found[process.pid] = process
        return list(found.values())


def warm_count() -> tuple[int, dict[str, int]]:
    """How many kernels the warm site holds: the pools voila.json configures, notebook by notebook,
    computed as Voila's kernel manager does (every notebook under root_dir not on the preheat
    denylist, its own pool size or the default's), and the spare kernels for any page."""
    if not CONFIG.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return 0, {}
    manager = CONFIG.get("VoilaKernelManager", {})
    pools = manager.get("kernel_pools_config", {})
    default = pools.get("default", {}).get("pool_size", 1)
    denied = manager.get("preheat_denylist", [])
    root = ROOT / CONFIG["Voila"].get("root_dir", ".")
    sizes = {}
    for path in sorted(root.rglob("*.ipynb")):
        name = str(path.relative_to(root))
        if ".ipynb_checkpoints" in name or any(p in name or re.match(p, name) for p in denied):
            continue
        sizes[name] = max(int(pools.get(name, {}).get("pool_size", default)), 0)
    spares = int(CONFIG.get("ClassKernelManager", {}).get("spare_kernels", 0))
    if spares:
        sizes["(spare kernels, any page)"] = spares
    return sum(sizes.values()), sizes


# --- memory ----------------------------------------------------------------------------------------------


@dataclass
class Sample:
    at: float
    rss: int
    uss: int
    kernels: int
    server_rss: int = 0
    server_uss: int = 0
    pss: int = 0
    """The proportional sum: each shared page counted once, split among its sharers, as the service's
    memory limit counts it (the kernels forked from one warm process share most of theirs, which an
    RSS sum counts once per kernel)."""


def _measure(server: psutil.Process) -> Sample:
    """The server's tree as it stands: its RSS, USS and PSS sums and its kernels (none if it is gone)."""
    rss = uss = pss = server_rss = server_uss = 0
    try:
        tree = [server, *server.children(recursive=True)]
    except psutil.NoSuchProcess:
        tree = []
    for process in tree:
        try:
            info = process.memory_full_info()
        except psutil.Error:
            continue
        rss += info.rss
        uss += info.uss
        pss += info.pss
        if process.pid == server.pid:
            server_rss, server_uss = info.rss, info.uss
    kernels = sum(1 for p in tree[1:] if _is_kernel(p))
    return Sample(time.perf_counter(), rss, uss, kernels, server_rss, server_uss, pss)


def _sample_forever(server_pid: int, out: Connection) -> None:
    """The sampler's own process: a sample every SAMPLE_S, sent to ``out`` until it is closed. It
    runs at the lowest priority (nice 19): reading a process's USS and PSS makes the operating
    system walk its memory, about 0.12 s of CPU for a sample of 50 kernels (0.24 s a second at
    SAMPLE_S, an eighth of a 2-core machine), which a real class does not pay. At 19 it takes only
    what the class leaves, so it no longer slows the learners it measures; ``scenario`` reads once
    more when every learner has the page, all of their kernels alive and holding what they used.
    A process, not a thread: a thread of the benchmark starved while it held the interpreter's lock
    would stall the learners too."""
    with contextlib.suppress(OSError):
        os.nice(19)
    server = psutil.Process(server_pid)
    while True:
        try:
            out.send(dataclasses.astuple(_measure(server)))
        except (OSError, ValueError):  # the benchmark closed its end, or is gone
            return
        time.sleep(SAMPLE_S)


class Sampler(threading.Thread):
    """The server's tree, sampled every SAMPLE_S (RSS, USS and PSS sums and the number of kernels)
    by a process of its own at the lowest priority (``_sample_forever``); this thread keeps the
    samples it sends."""

    def __init__(self, site: Site) -> None:
        super().__init__(daemon=True)
        self.site = site
        self.samples: list[Sample] = []
        self.halt = threading.Event()

    def measure(self) -> Sample:
        return _measure(self.site.server)

    def run(self) -> None:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: this one has threads and loops
        received, sent = context.Pipe(duplex=False)
        sampler = context.Process(target=_sample_forever, args=(self.site.server.pid, sent), daemon=True, name="upto9-bench-sampler")
        sampler.start()
        sent.close()
        try:
            while not self.halt.is_set():
                if received.poll(0.1):
                    try:
                        self.samples.append(Sample(*received.recv()))
                    except EOFError:  # it ended: no more samples
                        break
        finally:
            received.close()
            sampler.terminate()
            sampler.join(10)

    def peak(self, since: float, until: float) -> Sample:
        window = [s for s in self.samples if since <= s.at <= until] or [self.measure()]
        return Sample(until, max(s.rss for s in window), max(s.uss for s in window), max(s.kernels for s in window), pss=max(s.pss for s in window))


def _is_kernel(process: psutil.Process) -> bool:
    try:
        # The published kernel (share/jupyter/kernels/python3) starts through launch_published.py, or
        # is forked from the warm process (server/forking.py: the kernel keeps its parent's command).
        if any(m in " ".join(process.cmdline()) for m in ("ipykernel_launcher", "launch_published.py")):
            return True
        parent = process.parent()
        return parent is not None and "upto9.server.forking" in " ".join(parent.cmdline())
    except psutil.Error:
        return False


# --- a learner -------------------------------------------------------------------------------------------


@dataclass
class Learner:
    status: int = 0
    page_s: float = math.inf
    total_s: float = math.inf
    widgets: int = 0
    error: str = ""
    kernel_id: str = ""
    left: int = 0
    xsrf: str = field(default="", repr=False)
    ws: WebSocketClientConnection | None = field(default=None, repr=False)

    @property
    def completed(self) -> bool:
        return self.status == 200 and math.isfinite(self.total_s)


WS_PROTOCOL: Final = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket's wire protocol a Voila page's browser asks for (and jupyter_server
chooses): the kernel's message parts framed as they come, which the server passes on without
reading them. The learners speak it too: with the older JSON protocol the server decodes every
message and encodes it again, work no browser asks of it."""


def _message(msg_type: str, channel: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> bytes:
    """A kernel message to send over the websocket, framed as the v1 protocol frames it."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "learner",
        "session": session,
        "date": datetime.now(UTC).isoformat(),
        "version": "5.3",
    }
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    return bytes(serialize_msg_to_ws_v1(parts, channel))


@dataclass
class Received:
    """A kernel message off the websocket: its header read, its content read only when asked for
    (a browser reads every message, but on the learner's own machine, not the server's)."""

    header: dict[str, Any]
    raw_content: bytes

    @property
    def content(self) -> dict[str, Any]:
        return dict(json.loads(self.raw_content))


def _decode(raw: str | bytes) -> Received:
    """A kernel message off the websocket, in the v1 protocol's framing: a count, offsets, the
    channel, then the message's parts (header, parent header, metadata, content, buffers).

    >>> sent = _message("comm_msg", "shell", {"comm_id": "x"}, "s")
    >>> got = _decode(sent)
    >>> got.header["msg_type"], got.content
    ('comm_msg', {'comm_id': 'x'})
    >>> _decode("{}")
    Traceback (most recent call last):
    ValueError: a text message on a v1 kernel websocket (the server chose another protocol)
    """
    if isinstance(raw, str):
        raise ValueError("a text message on a v1 kernel websocket (the server chose another protocol)")
    _, parts = deserialize_msg_from_ws_v1(raw)
    return Received(header=dict(json.loads(parts[0])), raw_content=bytes(parts[3]))


async def _receive(ws: WebSocketClientConnection, wanted: Any) -> Received:
    while True:
        raw = await ws.read_message()
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        message = _decode(raw)
        if wanted(message):
            return message


async def open_page(site: Site, page: str, learner: Learner) -> None:
    """What a browser opening the page does until its widgets have their states (see the docstring)."""
    http = AsyncHTTPClient()
    started = time.perf_counter()
    response = await http.fetch(site.page(page), raise_error=False, request_timeout=LEARNER_TIMEOUT_S)
    learner.status = response.code
    if response.code != 200:
        learner.error = "class is full (503)" if response.code == 503 else f"HTTP {response.code}"
        return
    learner.page_s = time.perf_counter() - started
    body = response.body.decode("utf-8", "replace")
    found = CONFIG_DATA.search(body)
    if not found or not json.loads(found.group(1)).get("kernelId"):
        kept = ROOT / "test-output" / f"bench-site-page-{uuid.uuid4().hex[:8]}.html"
        kept.write_text(body, encoding="utf-8")
        learner.error = f"no kernel id in the page (kept in {kept.relative_to(ROOT)})"
        return
    learner.kernel_id = json.loads(found.group(1))["kernelId"]
    cookies = {"Cookie": f"_xsrf={learner.xsrf}"} if learner.xsrf else {}
    await http.fetch(f"{site.url}/api/kernels/{learner.kernel_id}", headers=cookies, request_timeout=LEARNER_TIMEOUT_S)
    session = uuid.uuid4().hex
    ws_url = f"ws://127.0.0.1:{site.port}/api/kernels/{learner.kernel_id}/channels?session_id={session}"
    learner.ws = ws = await websocket_connect(HTTPRequest(ws_url, headers=cookies), max_message_size=256 * 2**20, subprotocols=[WS_PROTOCOL])
    ws.write_message(_message("kernel_info_request", "shell", {}, session), binary=True)
    await _receive(ws, lambda m: m.header["msg_type"] == "kernel_info_reply")
    comm_id = uuid.uuid4().hex
    # The control protocol's version goes in the metadata: ipywidgets closes the comm without it.
    opening = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
    ws.write_message(_message("comm_open", "shell", opening, session, {"version": CONTROL_PROTOCOL}), binary=True)
    request = {"comm_id": comm_id, "data": {"method": "request_states"}}
    ws.write_message(_message("comm_msg", "shell", request, session), binary=True)

    def states(message: Received) -> bool:
        if message.header["msg_type"] != "comm_msg":
            return False
        content = message.content
        return bool(content.get("comm_id") == comm_id and content["data"].get("method") == "update_states")

    reply = await _receive(ws, states)
    learner.total_s = time.perf_counter() - started
    learner.widgets = len(reply.content["data"].get("states", {}))
    ws.write_message(_message("comm_close", "shell", {"comm_id": comm_id, "data": {}}, session), binary=True)


async def home_cookie(site: Site) -> str:
    """The site's XSRF cookie, as a learner's browser holds it after the home page (Voila sets it
    on the home page, not on a notebook's page; without it Voila refuses the page's shutdown on
    unload, and the kernel of a closed tab waits for the culler)."""
    response = await AsyncHTTPClient().fetch(f"{site.url}/", request_timeout=LEARNER_TIMEOUT_S)
    for cookie in response.headers.get_list("Set-Cookie"):
        if cookie.startswith("_xsrf="):
            return cookie.split(";")[0].removeprefix("_xsrf=")
    return ""


async def learner_opens(site: Site, page: str, delay: float, xsrf: str) -> Learner:
    await asyncio.sleep(delay)
    learner = Learner(xsrf=xsrf)
    try:
        await asyncio.wait_for(open_page(site, page, learner), LEARNER_TIMEOUT_S)
    except TimeoutError:
        learner.error = f"no answer within {LEARNER_TIMEOUT_S:.0f} s"
        learner.total_s = math.inf
    except Exception as error:  # a learner's failure is a figure, not the benchmark's end
        learner.error = f"{type(error).__name__}: {error}"
        learner.total_s = math.inf
    return learner


async def learner_leaves(site: Site, learner: Learner) -> None:
    """As Voila's front end on unload: POST the kernel's shutdown (with the page's XSRF cookie), then
    the websocket closes. Awaited to the end: see :func:`learner_goes_on` for a learner who leaves
    for another page."""
    if learner.kernel_id:
        body = f"_xsrf={learner.xsrf}"
        headers = {"Cookie": f"_xsrf={learner.xsrf}", "Content-Type": "application/x-www-form-urlencoded"}
        try:
            response = await AsyncHTTPClient().fetch(
                f"{site.url}/voila/api/shutdown/{learner.kernel_id}", method="POST", body=body, headers=headers, raise_error=False, request_timeout=60
            )
            learner.left = response.code
        except Exception as error:
            learner.error = learner.error or f"leaving: {type(error).__name__}: {error}"
    if learner.ws is not None:
        learner.ws.close()
        learner.ws = None


def learner_goes_on(site: Site, learner: Learner) -> asyncio.Task[None]:
    """A learner leaves the page for another, as a browser does: Voila's front end sends the kernel's
    shutdown as a beacon on unload (``navigator.sendBeacon``), which the browser does not wait for,
    and the page's websocket closes as the next page loads. The shutdown's task, to be awaited once
    the next page is timed (it answers only when the kernel has ended, a second or more while a
    class moves)."""
    ws, learner.ws = learner.ws, None
    if ws is not None:
        ws.close()
    return asyncio.ensure_future(learner_leaves(site, learner))


# --- rest ------------------------------------------------------------------------------------------------


async def wait_at_rest(site: Site, warm: int) -> tuple[float, int]:
    """(seconds from now until the site came to rest, kernels alive then). At rest: at least the warm
    count of kernels alive and nothing working for QUIET_S: no kernel and not the server using CPU
    (a preheated kernel waits for its visitor in a cell, "busy" but doing nothing; the server's
    quiet rules out kernels started but not yet given their notebook). The moment is the last
    activity. If fewer kernels than that have rested and none has come or gone for SETTLE_S, the
    site is as warm as it gets (a kernel failed to start, or a pool waits for room): those seconds
    and that count. Infinity if nothing settles within WARM_TIMEOUT_S."""
    started = before = time.perf_counter()
    cpu: dict[int, float] = {}
    seen: set[int] = set()
    changed = latest = started
    while time.perf_counter() - started < WARM_TIMEOUT_S:
        await asyncio.sleep(POLL_S)
        if site.process.poll() is not None:
            raise RuntimeError(f"voila exited with {site.process.returncode}; see {site.log_path}")
        kernels = site.kernels()
        now = time.perf_counter()
        if {p.pid for p in kernels.values()} != seen:
            seen, changed = {p.pid for p in kernels.values()}, now
        for process, share in ((site.server, SERVER_IDLE), *((p, KERNEL_IDLE) for p in kernels.values())):
            try:
                used = sum(process.cpu_times()[:2])
            except psutil.Error:
                continue
            if process.pid not in cpu or used - cpu[process.pid] > share * (now - before):
                latest = now
            cpu[process.pid] = used
        before = now
        if now - latest >= QUIET_S and (len(kernels) >= warm or now - max(latest, changed) >= SETTLE_S):
            return max(0.0, latest - started), len(kernels)
    return math.inf, len(site.kernels())


# --- the scenarios ---------------------------------------------------------------------------------------


def nearest_rank(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` of the values at or
    below it (a learner who never completed is infinity, so a percentile can be "never").

    >>> nearest_rank([float(n) for n in range(1, 31)], 0.95), nearest_rank([1.0, 2.0, math.inf], 0.5)
    (29.0, 2.0)
    >>> nearest_rank([1.0, 2.0, math.inf], 0.95)
    inf
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def seconds(value: float) -> str:
    return f"{value:.2f}" if math.isfinite(value) else "never"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def tree_cpu(site: Site) -> dict[int, float]:
    """The CPU seconds (user + system) each process of the server's tree has used so far, by pid."""
    used = {}
    for process in site.tree():
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            used[process.pid] = times.user + times.system
    return used


def not_completed(learners: list[Learner]) -> dict[str, int]:
    """How many learners did not complete their page, by reason (their error, or "not completed")."""
    reasons: dict[str, int] = {}
    for learner in learners:
        if not learner.completed:
            reason = learner.error or "not completed"
            reasons[reason] = reasons.get(reason, 0) + 1
    return reasons


def cpu_per_learner(site: Site, before: dict[int, float], after: dict[int, float], learners: int) -> tuple[float, float]:
    """The server's CPU, and the other processes' (its kernels, the warm process), in seconds per
    learner between two ``tree_cpu`` readings; a process started between them counts whole, one
    that ended between them (a pooled kernel whose place a learner took) not at all."""
    server = site.server.pid
    own = after.get(server, 0.0) - before.get(server, 0.0)
    others = sum(used - before.get(pid, 0.0) for pid, used in after.items() if pid != server)
    return own / learners, others / learners


async def scenario(site: Site, sampler: Sampler, page: str, learners: int, over: float, warm: int) -> dict[str, Any]:
    xsrf = await asyncio.gather(*(home_cookie(site) for _ in range(learners)))  # before the class: not timed
    cpu_before = tree_cpu(site)
    own_before = time.process_time()
    started = time.perf_counter()
    delays = [i * over / learners for i in range(learners)] if over > 0 else [0.0] * learners
    class_ = await asyncio.gather(*(learner_opens(site, page, d, x) for d, x in zip(delays, xsrf, strict=True)))
    everyone_in = time.perf_counter()
    server_cpu, others_cpu = cpu_per_learner(site, cpu_before, tree_cpu(site), learners)
    own_cpu = (time.process_time() - own_before) / learners
    # Every learner's kernel is alive and has run its page: read once here, whatever the sampler
    # (at the lowest priority, it may not have read while the class was busy).
    sampler.samples.append(sampler.measure())
    await asyncio.gather(*(learner_leaves(site, learner) for learner in class_))
    back, back_kernels = await wait_at_rest(site, warm)
    peak = sampler.peak(started, time.perf_counter())  # the refill after the class counts too
    rest = sampler.measure()
    totals = [learner.total_s for learner in class_]
    done = [learner for learner in class_ if learner.completed]
    pages = [learner.page_s for learner in class_]
    errors = not_completed(class_)
    return {
        "learners": learners,
        "over_s": over,
        "completed": len(done),
        "p50_s": nearest_rank(totals, 0.5),
        "p95_s": nearest_rank(totals, 0.95),
        "max_s": max(totals),
        "page_p50_s": nearest_rank(pages, 0.5),
        "page_p95_s": nearest_rank(pages, 0.95),
        "widgets_per_page": max((learner.widgets for learner in done), default=0),
        "statuses": sorted({learner.status for learner in class_}),
        "shutdowns": sorted({learner.left for learner in class_ if learner.kernel_id}),
        "not_completed": errors,
        "duration_s": everyone_in - started,
        "cpu_server_s_per_learner": server_cpu,
        "cpu_kernels_s_per_learner": others_cpu,
        "cpu_client_s_per_learner": own_cpu,
        "peak_rss_gb": peak.rss / GB,
        "peak_uss_gb": peak.uss / GB,
        "peak_pss_gb": peak.pss / GB,
        "peak_kernels": peak.kernels,
        "pool_back_s": back if back_kernels >= warm else math.inf,
        "pool_back_kernels": back_kernels,
        "warm_kernels": warm,
        "rest_rss_gb": rest.rss / GB,
        "rest_uss_gb": rest.uss / GB,
        "rest_pss_gb": rest.pss / GB,
        "rest_kernels": rest.kernels,
    }


def report(name: str, figures: dict[str, Any], target_p95: float, require_all: bool) -> list[bool]:
    n, done = figures["learners"], figures["completed"]
    print(f"\n{name}: {n} learners" + (f" arriving evenly over {figures['over_s']:g} s" if figures["over_s"] else " at the same moment"))
    verdicts = []
    line = f"  completed {done}/{n}"
    if require_all:
        verdicts.append(done == n)
        line += f"  (target {n}/{n})  {verdict(done == n)}"
    print(line)
    for reason, count in figures["not_completed"].items():
        print(f"    not completed: {count} x {reason}")
    p95_ok = figures["p95_s"] <= target_p95
    verdicts.append(p95_ok)
    print(f"  until the widgets answer: p50 {seconds(figures['p50_s'])} s, p95 {seconds(figures['p95_s'])} s, max {seconds(figures['max_s'])} s", end="")
    print(f"  (target p95 <= {target_p95:g} s)  {verdict(p95_ok)}")
    print(f"  the page alone (GET until the last byte): p50 {seconds(figures['page_p50_s'])} s, p95 {seconds(figures['page_p95_s'])} s")
    print(f"  widget states per page {figures['widgets_per_page']}; HTTP statuses {figures['statuses']}; shutdown answers {figures['shutdowns']}")
    server_ms, kernels_ms = 1000 * figures["cpu_server_s_per_learner"], 1000 * figures["cpu_kernels_s_per_learner"]
    print(f"  CPU a learner: the server {server_ms:.0f} ms, its kernels and warm process {kernels_ms:.0f} ms")
    memory_ok = figures["peak_pss_gb"] <= MEMORY_GB
    verdicts.append(memory_ok)
    print(
        f"  memory at the peak: PSS sum {figures['peak_pss_gb']:.2f} GB (target <= {MEMORY_GB:g} GB)  {verdict(memory_ok)};"
        f" RSS sum {figures['peak_rss_gb']:.2f} GB, USS sum {figures['peak_uss_gb']:.2f} GB; {figures['peak_kernels']} kernels alive"
    )
    if math.isfinite(figures["pool_back_s"]):
        back = f"the pools full again in {figures['pool_back_s']:.1f} s"
    else:
        back = f"the pools NOT full again ({figures['pool_back_kernels']} of {figures['warm_kernels']} kernels when the site settled)"
    print(
        f"  after everyone left: {back}; then PSS {figures['rest_pss_gb']:.2f} GB,"
        f" RSS {figures['rest_rss_gb']:.2f} GB, USS {figures['rest_uss_gb']:.2f} GB, {figures['rest_kernels']} kernels"
    )
    return verdicts


async def run(args: argparse.Namespace, site: Site, sampler: Sampler) -> dict[str, Any]:
    warm, pools = warm_count()
    waiting = time.perf_counter()
    took, alive = await wait_at_rest(site, warm)
    if not math.isfinite(took):
        raise RuntimeError(f"the site did not warm up within {WARM_TIMEOUT_S:.0f} s ({alive} of {warm} kernels); see {site.log_path}")
    if alive < warm:
        print(f"WARNING: only {alive} of the {warm} preheated kernels came up (see {site.log_path.relative_to(ROOT)}); the rest is measured against {alive}.")
        warm = alive
    warm_up = waiting - site.started + took
    rest = sampler.measure()
    filled = len(re.findall(r"Kernel pool of .* is filled", site.log()))
    print(f"Warm-up: {warm_up:.1f} s from the server's start until {warm} preheated kernel(s) had run their notebooks ({filled} pool(s) reported filled).")
    print(f"At rest: PSS sum {rest.pss / GB:.2f} GB, RSS sum {rest.rss / GB:.2f} GB, USS sum {rest.uss / GB:.2f} GB, {rest.kernels} kernels alive.", end="")
    if rest.kernels:
        each_rss, each_uss = (rest.rss - rest.server_rss) / rest.kernels, (rest.uss - rest.server_uss) / rest.kernels
        server = f"The server: RSS {rest.server_rss / 1e6:.0f} MB, USS {rest.server_uss / 1e6:.0f} MB"
        print(f" {server}; a kernel: RSS {each_rss / 1e6:.0f} MB, USS {each_uss / 1e6:.0f} MB.")
    else:
        print()
    figures: dict[str, Any] = {
        "warm_up_s": warm_up,
        "warm_kernels": warm,
        "pools": pools,
        "rest_rss_gb": rest.rss / GB,
        "rest_uss_gb": rest.uss / GB,
        "rest_pss_gb": rest.pss / GB,
        "server_rss_mb": rest.server_rss / 1e6,
        "server_uss_mb": rest.server_uss / 1e6,
    }
    verdicts: list[bool] = []
    if not args.skip_burst:
        figures["burst"] = await scenario(site, sampler, args.page, args.learners, 0.0, warm)
        verdicts += report("At once", figures["burst"], BURST_P95_S, require_all=True)
    if not args.skip_arrivals:
        figures["arrivals"] = await scenario(site, sampler, args.page, args.learners, args.over, warm)
        verdicts += report("Arriving", figures["arrivals"], ARRIVALS_P95_S, require_all=False)
    figures["targets_met"], figures["targets"] = sum(verdicts), len(verdicts)
    return figures


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _finite(value: Any) -> Any:
    """The figures for JSON: a learner who never completed is null, not Infinity."""
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return None if isinstance(value, float) and not math.isfinite(value) else value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=LEARNERS, help=f"learners in each scenario (default {LEARNERS})")
    parser.add_argument("--over", type=float, default=OVER_S, help=f"seconds the second scenario's arrivals spread over (default {OVER_S:g})")
    parser.add_argument("--page", default=PAGE, help=f"the page the learners open (default {PAGE.removesuffix('.ipynb')})")
    parser.add_argument("--skip-burst", action="store_true", help="leave out the learners arriving at once")
    parser.add_argument("--skip-arrivals", action="store_true", help="leave out the learners arriving over --over seconds")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    if args.learners < 1:
        parser.error("--learners must be at least 1")
    if args.over <= 0:
        parser.error("--over must be more than 0 seconds")
    args.page = args.page if args.page.endswith(".ipynb") else f"{args.page}.ipynb"
    root = ROOT / CONFIG["Voila"].get("root_dir", ".")
    if not (root / args.page).is_file():
        parser.error(f"no page {args.page} in {root.relative_to(ROOT)}/")
    # SIGTERM stops the benchmark as Ctrl-C does, through the finally below.
    signal.signal(signal.SIGTERM, _interrupt)
    AsyncHTTPClient.configure(None, max_clients=10 * args.learners + 10)

    warm, pools = warm_count()
    pool_text = ", ".join(f"{n.removesuffix('.ipynb')} {s}" for n, s in pools.items()) or "no preheating"
    manager = CONFIG.get("VoilaKernelManager", {})
    load = os.getloadavg()[0]
    limit = CONFIG.get("ClassKernelManager", {}).get("max_kernels", 0) or "none"
    culler = CONFIG.get("MappingKernelManager", {})
    print(f"upto9 site benchmark: Python {platform.python_version()} ({platform.machine()}), {os.cpu_count()} CPUs, load average {load:.2f} at the start")
    print(f"The published configuration (voila.json): preheated pools {pool_text} ({warm} kernels), fill delay {manager.get('fill_delay', 1):g} s,")
    print(f"kernel limit {limit}, idle kernels culled after {culler.get('cull_idle_timeout', 0)} s (checked every {culler.get('cull_interval', 300)} s).")
    print(f"Each learner opens {args.page}: GET the page, open its kernel's websocket, request the widgets' states; timed until they arrive.")
    started = time.perf_counter()
    site = Site()
    sampler = Sampler(site)
    figures: dict[str, Any] = {}
    interrupted = False
    try:
        sampler.start()
        figures = asyncio.run(run(args, site, sampler))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        sampler.halt.set()
        site.stop()
        killed = site.killed
        left = [p.pid for p in psutil.process_iter(["environ"]) if (p.info.get("environ") or {}).get("UPTO9_BENCH_SITE") == site.token]
        ended = "every process ended" if not left else f"STILL ALIVE: {left}"
        print(f"\nServer stopped ({ended}" + (f"; killed {len(killed)} left over" if killed else "") + ").")
    if interrupted:
        print("Interrupted: no figures.")
        return 130
    took = time.perf_counter() - started
    print(f"{figures['targets_met']} of {figures['targets']} targets met. ({took:.0f} s; load average {os.getloadavg()[0]:.2f} at the end)")
    if args.json:
        figures["load_average_end"] = os.getloadavg()[0]
        args.json.write_text(json.dumps(_finite(figures), indent=2) + "\n", encoding="utf-8")
        print(f"Figures written to {args.json}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
