"""A server that starts and stops quietly (issue 26, part 6; issue 22, part 7).

``make serve``'s own command line prints no deprecation warning and keeps one preheated kernel per
page; a teacher who stops the server (Ctrl-C in its terminal, SIGTERM as systemd sends) reads plain
lines only: no traceback, no KeyboardInterrupt, no ZMQError, and the server exits 0. Each server
here is started from the command ``make -n serve`` prints, with a page handed over first (its
pool's refill is still waiting when the stop comes) and its kernels gone before the log is read.
"""

from __future__ import annotations

import asyncio
import doctest
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from traitlets import Dict, TraitError
from traitlets.config import Application
from traitlets.config.loader import KVArgParseConfigLoader

from tests.test_simulate_stop import terminal_ctrl_c  # noqa: F401  (the fixture: Ctrl-C as in a terminal, however pytest was started)
from tests.voila_helpers import PUBLISHED, ROOT, SITE, STOP_TIMEOUT_S, TEMPLATES, VOILA, VoilaServer, get, in_a_loop, make_voila_options

pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")

from upto9.server import settings as settings_module
from upto9.server.kernels import ClassKernelManager  # after the skip: it imports jupyter_server

NOISE = ("Traceback", "KeyboardInterrupt", "ZMQError", "DeprecationWarning", "Task exception", "Exception in")
"""What a clean start and stop must not log."""
STOPPED = "Stopping: shutting down"
"""The site's own line when the server shuts its kernels down."""


@pytest.fixture
def served() -> Iterator[VoilaServer]:
    """The site as ``make serve`` starts it (its pools, not the tests'), in a session of its own (so
    that a signal to its process group reaches it alone, as a terminal's Ctrl-C does), with every
    pool filled and one page handed over."""
    options = [o for o in make_voila_options("serve") if o != "--no-browser"]  # VoilaServer's command has it
    server = VoilaServer("server_stop.log", pools=None, options=tuple(options), new_session=True)
    try:
        log = server.wait_for_log("Kernel pool of", count=len(PUBLISHED), timeout=300)
        status, _, body = get(server.page("1_rules_tour.ipynb"))
        assert status == 200 and "Up to 9" in body
        server.wait_for_log("Using pre-heated kernel")
        log = server.log()
        filled = dict(re.findall(r"Kernel pool of (\S+) is filled with (\d+) kernel", log))
        assert filled == dict.fromkeys(PUBLISHED, "1"), "make serve keeps one preheated kernel per page"
        yield server
    finally:
        server.stop()


def stop_and_read(server: VoilaServer, signum: int, to_group: bool) -> str:
    """Send ``signum`` (to the server's process group, or to the server alone); the server's log once
    it and all its kernels have ended. Fails unless the server exits 0 in time."""
    kernels = psutil.Process(server.process.pid).children(recursive=True)
    assert kernels, "the server has no kernels to shut down"
    if to_group:
        os.killpg(server.process.pid, signum)
    else:
        server.process.send_signal(signum)
    code = server.process.wait(timeout=STOP_TIMEOUT_S * 3)
    _, alive = psutil.wait_procs(kernels, timeout=STOP_TIMEOUT_S)
    assert not alive, f"kernels {[p.pid for p in alive]} still running after the server stopped"
    assert code == 0, f"the server exited with {code}; see {server.log_path}"
    return server.log()


def assert_quiet(log: str, stop_line: str) -> None:
    """The log holds none of :data:`NOISE`, and from the stop on only plain log lines."""
    found = [word for word in NOISE if word in log]
    first = min((log.index(word) for word in found), default=0)
    assert not found, f"the server's log holds {found}, first:\n{log[max(0, first - 2000) : first + 3000]}"
    after = log[log.rfind("\n", 0, log.index(stop_line)) + 1 :]  # from the start of the stop's line
    assert STOPPED in after
    assert all(line.startswith("[") for line in after.splitlines() if line.strip()), after


@pytest.mark.usefixtures("terminal_ctrl_c")
def test_ctrl_c_stops_the_server_quietly(served: VoilaServer) -> None:
    """Ctrl-C in the terminal of ``make serve`` (SIGINT to the server's process group)."""
    log = stop_and_read(served, signal.SIGINT, to_group=True)
    assert_quiet(log, "Ctrl-C: stopping the server")
    assert not re.search(r"Kernel started", log[log.index(STOPPED) :]), "a stopping server started a kernel"


def test_sigterm_stops_the_server_quietly(served: VoilaServer) -> None:
    """systemd's stop (SIGTERM) of the server."""
    log = stop_and_read(served, signal.SIGTERM, to_group=False)
    assert_quiet(log, "Handle signal 15")


def test_sigterm_while_the_pools_fill_stops_the_server_quietly() -> None:
    """A stop in the server's first seconds (Ctrl-C as soon as ``make serve`` prints its address),
    while its pools' kernels are still starting: they failed to start once the stop had removed
    Voila's folder of connection files, and the shutdown then asked for each by its id (404
    "Kernel does not exist", a traceback, and the server and a kernel left running)."""
    options = [o for o in make_voila_options("serve") if o != "--no-browser"]
    server = VoilaServer("server_stop_early.log", pools=None, options=tuple(options), new_session=True)
    try:
        server.wait_for_log("Kernel started", timeout=120)
        # A pool counts as filled once its kernel's start returns, which can be in the same moment
        # as the log's "Kernel started" (a fast machine): the stop must come before the last pool.
        filled = server.log().count("is filled with")
        assert filled < len(PUBLISHED), "every pool filled before the stop: nothing was starting"
        log = stop_and_read(server, signal.SIGTERM, to_group=False)
        assert_quiet(log, "Handle signal 15")
        assert re.search(r"Stopping: \d+ kernel\(s\) still starting given up", log), "the stop came when no kernel was starting"
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("--ClassKernelManager.max_kernels=-2", "max_kernels must be a whole number of kernels, 0 or more, not -2"),
        ("--ClassKernelManager.refill_wait=soon", "The 'refill_wait' trait of a VoilaKernelManager instance expected a float, not the str 'soon'"),
        ("--VoilaKernelManager.fill_delay=-1", "fill_delay must be a number of seconds, 0 or more, not -1.0"),
    ],
)
def test_a_wrong_setting_stops_the_server_at_start_in_one_line(option: str, said: str) -> None:
    """A wrong value in voila.json or on the command line: the server says which and why in one
    line, exits 1 and leaves no connection folder behind (it printed a traceback through traitlets,
    with the reason at its very end)."""
    folders = {p.name for p in Path(tempfile.gettempdir()).glob("voila_*")}
    env = {**os.environ, "JUPYTER_PATH": str(TEMPLATES), "PYTHONUNBUFFERED": "1"}
    done = subprocess.run([*VOILA, "--port=0", option], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    printed = done.stdout + done.stderr
    assert done.returncode == 1, printed
    assert f"The server did not start: a setting is wrong (voila.json or the command line): {said}" in printed
    assert "Traceback" not in printed and "Voilà is running" not in printed, printed
    made = re.findall(r"Storing connection files in (\S+?)\.?$", printed, re.MULTILINE)
    assert made and not Path(made[0]).exists() and Path(made[0]).name not in folders


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"Voila": {"port": 8866,}}', "voila.json is not valid JSON, line 1, column 25: Expecting property name enclosed in double quotes"),
        ('{"ClassKernelManager": {"max_kernels": 35}\n', "voila.json is not valid JSON, line 2, column 1: Expecting ',' delimiter"),
        ("[]", "voila.json must hold a JSON object of settings ({...}), not a list"),
    ],
)
def test_a_voila_json_that_is_no_json_stops_make_serve_in_one_line(tmp_path: Path, text: str, said: str) -> None:
    """``make serve``'s check before Voila, run as make runs it, on an edited voila.json (traitlets
    logs a traceback for it and serves the folder without the site's settings)."""
    make = subprocess.run(["make", "-n", "--no-print-directory", "serve"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    (check,) = [shlex.split(line) for line in make.stdout.splitlines() if "upto9.server.settings" in line]
    executable = [sys.executable if word.endswith("/python") else word for word in check]  # (the venv's, by its relative path)
    fine = subprocess.run(executable, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (fine.returncode, fine.stdout, fine.stderr) == (0, "", ""), "the project's own voila.json passes, silently"
    (tmp_path / "voila.json").write_text(text, encoding="utf-8")
    done = subprocess.run(executable, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [f"The server did not start: {said} ({tmp_path / 'voila.json'})"]


def test_the_settings_check_examples_hold() -> None:
    failed, tried = doctest.testmod(settings_module)
    assert tried > 0 and failed == 0


def test_a_wrong_setting_made_on_its_own_is_the_error_itself() -> None:
    """Outside a server (a script, a test) the manager's error is raised as it is: only the server
    turns it into its one line."""
    with pytest.raises(TraitError, match="max_kernels must be"):
        SiteManager(max_kernels=-1)
    with pytest.raises(SystemExit) as stopped:
        SiteManager(max_kernels=-1, parent=Application())
    assert stopped.value.code == 1


# --- the pools on the command line ------------------------------------------------------------------


class SiteManager(ClassKernelManager):
    """The site's kernel manager with the trait Voila's VoilaKernelManager adds to it."""

    kernel_pools_config = Dict(config=True)


def _pools_from(*arguments: str) -> dict[str, dict[str, int]]:
    """The pools a command line gives, read as the server reads it (traitlets' parser, then the site's manager)."""
    config = KVArgParseConfigLoader(argv=[f"--SiteManager.kernel_pools_config={a}" for a in arguments], classes=[SiteManager]).load_config()
    pools: dict[str, dict[str, int]] = SiteManager(config=config).kernel_pools_config
    return pools


def test_the_pools_option_takes_one_page_at_a_time_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # traitlets' DeprecationWarning for a whole dict would fail here
        pools = _pools_from('default={"pool_size": 1}', '2_hand_checker.ipynb={"pool_size": 3}')
    assert pools == {"default": {"pool_size": 1}, "2_hand_checker.ipynb": {"pool_size": 3}}
    assert (
        SiteManager(kernel_pools_config=pools).pool_size("1_rules_tour.ipynb"),
        SiteManager(kernel_pools_config=pools).pool_size("2_hand_checker.ipynb"),
    ) == (1, 3)


@pytest.mark.parametrize(
    ("argument", "said"),
    [
        ("default=pool_size", "the settings of 'default' must be a JSON object such as {\"pool_size\": 1}, not 'pool_size'"),
        ("default=[1]", "the settings of 'default' must be a JSON object"),
        ('default={"pool_size": -1}', "the pool_size of 'default' must be a whole number of kernels, 0 or more, not -1"),
        ('2_hand_checker.ipynb={"pool_size": "30"}', "the pool_size of '2_hand_checker.ipynb' must be a whole number of kernels, 0 or more, not '30'"),
    ],
)
def test_a_wrong_pool_is_named_at_start(argument: str, said: str) -> None:
    with pytest.raises(TraitError, match=re.escape(said)):
        _pools_from(argument)


@pytest.mark.parametrize(
    ("setting", "given", "said"),
    [
        ("spare_kernels", -1, "spare_kernels must be a whole number of kernels, 0 or more, not -1"),
        ("spare_kernels", "two", "expected an int"),
        ("max_kernels", -5, "max_kernels must be a whole number of kernels, 0 or more, not -5"),
    ],
)
def test_a_wrong_number_of_kernels_is_named_at_start(setting: str, given: object, said: str) -> None:
    with pytest.raises(TraitError, match=re.escape(said)):
        SiteManager(**{setting: given})


@pytest.mark.parametrize(
    ("setting", "given", "said"),
    [
        ("refill_quiet", -1, "refill_quiet must be a number of seconds, 0 or more, not -1"),
        ("refill_wait", float("nan"), "refill_wait must be a number of seconds, 0 or more, not nan"),
        ("refill_quiet", "soon", "expected a float"),
    ],
)
def test_a_wrong_refill_wait_is_named_at_start(setting: str, given: object, said: str) -> None:
    with pytest.raises(TraitError, match=re.escape(said)):
        SiteManager(**{setting: given})


@pytest.mark.parametrize(("started_with", "taken_over"), [(signal.default_int_handler, True), (signal.SIG_IGN, False)], ids=["terminal", "ignored"])
def test_ctrl_c_is_taken_over_only_where_python_handles_it(started_with: object, taken_over: bool) -> None:
    """The manager takes Ctrl-C over (so that it stops the server like SIGTERM) only from Python's
    own handling: a server started with SIGINT ignored (nohup, ``trap "" INT``) goes on ignoring it."""

    async def first_start() -> object:
        manager = SiteManager()
        manager._start_keeper()  # what the first kernel start does
        try:
            return signal.getsignal(signal.SIGINT)
        finally:
            manager.stop_keeper()
            asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)

    old = signal.signal(signal.SIGINT, started_with)  # type: ignore[arg-type]
    try:
        now = asyncio.run(first_start())
    finally:
        signal.signal(signal.SIGINT, old)
    assert (now is not started_with) is taken_over


# --- the pages' kernel ------------------------------------------------------------------------------


def _stop_a_kernel(log_path: Path, cell: str | None, after: float) -> str:
    """Start the site's kernel (share/jupyter/kernels/python3) in the notebooks' folder, run ``cell``
    (if any) without waiting for it, and shut the kernel down ``after`` seconds later as Voila does
    (jupyter_client interrupts it first); what the kernel wrote to its log."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    async def stop() -> None:
        manager = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(TEMPLATES / "kernels")]))
        with log_path.open("w", encoding="utf-8") as log:
            await manager.start_kernel(stdout=log, stderr=log, cwd=str(SITE))
            client = manager.client()
            client.start_channels()
            try:
                if cell is not None:
                    await client.wait_for_ready(timeout=60)
                    client.execute(cell)
                await asyncio.sleep(after)
                await manager.shutdown_kernel()
            finally:
                client.stop_channels()

    asyncio.run(stop())
    return log_path.read_text(encoding="utf-8")


WAITING = "import threading, time\nwaiting = threading.Thread(target=time.sleep, args=(60,), daemon=True)\nwaiting.start()\nwaiting.join()"
"""A cell that waits in a thread's join, as a pooled page waits for its visitor."""


def test_a_kernel_stopped_in_a_cell_logs_one_plain_line(tmp_path: Path) -> None:
    log = _stop_a_kernel(tmp_path / "kernel.log", WAITING, after=2)  # inside the cell by then
    assert "[published kernel] a cell was interrupted (the server interrupts a kernel before it shuts it down)" in log, log
    assert not [word for word in NOISE if word in log], log


def test_a_kernel_interrupted_between_cells_logs_one_plain_line(tmp_path: Path) -> None:
    """The server's interrupt before a shutdown, landing between a pool's page's cells, makes
    ipykernel log the ERROR "KeyboardInterrupt caught in kernel." (seen in a CI run's early stop):
    the published kernel writes its own plain line instead. The record is made here as ipykernel
    makes it, in the kernel."""
    log = _stop_a_kernel(tmp_path / "kernel.log", "get_ipython().kernel.log.error('KeyboardInterrupt caught in kernel.')", after=2)
    assert "[published kernel] interrupted between cells (the server interrupts a kernel before it shuts it down)" in log, log
    assert not [word for word in NOISE if word in log], log


@pytest.mark.parametrize("after", [0.3, 1.0, 1.5])
def test_a_kernel_stopped_as_it_starts_logs_nothing_else(tmp_path: Path, after: float) -> None:
    """A pool's refill shut down as the server stops: interrupted while ipykernel sets itself up, or
    before its debugger poll has run. Only ipykernel's start-up line may be in its log."""
    log = _stop_a_kernel(tmp_path / "kernel.log", None, after)
    # Allowed besides: libzmq's own line when the shutdown lands while its threads start (seen once in
    # a loaded CI run: "Assertion failed: pfd.revents & POLLIN (src/signaler.cpp:238)"). It is written
    # by the C library to file descriptor 2 as the ending kernel aborts; nothing in Python can catch
    # it, and it names nothing of the server.
    allowed = ("Kernel is running over TCP", "Assertion failed: pfd.revents & POLLIN (src/signaler.cpp:")
    assert [line for line in log.splitlines() if not line.startswith(allowed) and allowed[0] not in line] == [], log


def test_the_launcher_leaves_the_import_path_as_ipykernel_has_it() -> None:
    """kernel.json runs launch_published.py in place of ``python -m ipykernel_launcher``: the
    launcher's folder must not come first on the kernel's import path (a script's folder does)."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    said: list[str] = []

    async def import_path() -> None:
        manager = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(TEMPLATES / "kernels")]))
        await manager.start_kernel(cwd=str(SITE))
        client = manager.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            hook = lambda m: said.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None  # noqa: E731
            reply = await client.execute_interactive("import json, sys; print(json.dumps(sys.path))", timeout=60, output_hook=hook)
            assert reply["content"]["status"] == "ok"
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    in_a_loop(import_path)  # (its kernel is forked: the warm process ends with the loop)
    path = json.loads("".join(said))
    assert str(TEMPLATES / "kernels" / "python3") not in path and path, path
