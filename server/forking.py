"""Kernels forked from one warm process: every published page's kernel starts in a fraction of a
second and shares the memory of the modules it imports.

A published page's kernel used to be a new Python process that imported ipykernel, the engine, the
widgets, pandas and plotly before it ran a cell: about two seconds of CPU and 70-150 MB each. A class
of thirty opening a page whose pool held one kernel waited for 29 such starts on two cores (48 s at
p95), and thirty lab kernels needed more than the service's 4 GB. Here one process, the *warm
process* (``python -m upto9.server.forking``), imports all of that once; each kernel is a ``fork()``
of it, so it starts with everything imported (it only sets up its sockets and runs its notebook)
and shares those pages of memory with the warm process and every other kernel until it writes to
them (copy on write: ``gc.freeze()`` keeps the collector from touching the shared objects).

:class:`ForkProvisioner` is a jupyter_client kernel provisioner (the entry point
``upto9-fork`` of ``jupyter_client.kernel_provisioners``), named by the published kernel spec
(share/jupyter/kernels/python3/kernel.json, ``metadata.kernel_provisioner``). It is the local
provisioner with one change: instead of ``Popen``, it asks the warm process to fork a kernel with the
same command, environment and folder. The warm process is started by the first kernel and ends when
the server does (it reads its requests from a pipe the server holds: end of file, it exits, and its
kernels, whose parent it is, end with it). If it cannot be started or dies, kernels start as before,
with ``Popen`` (logged once), so a page never fails because of it.

Only the published kernel spec uses it (the Voila site, found through the site's JUPYTER_PATH);
JupyterLab and nbval run ordinary kernels.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner
from traitlets import Bool, List, Unicode

PRELOAD: Final = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.debugger",
    "ipykernel.comm",
    "IPython.core.interactiveshell",
    "ipywidgets",
    "upto9.widgets",
)
"""What the warm process imports when the kernel spec names nothing (kernel.json names the pages'
own modules too)."""


READY: Final = b"ready"
"""The warm process's first line: its modules are imported, its pages rehearsed, and it forks on request."""
READY_WAIT_S: Final = 60.0
"""How long a pool's kernel waits for the warm process to be ready before it starts on its own."""
FORK_TIMEOUT_S: Final = 60.0
"""How long a fork may take before the warm process is given up and kernels start as new processes."""
SPARE_VARIABLE: Final = "UPTO9_SPARE_KERNEL"
"""A kernel variable, ``True`` in a spare kernel (started ahead for any page): it waits for the warm
process, as a pool's kernel does."""
REHEARSE: Final = "--rehearse"
"""The warm process's flag to rehearse the notebooks of its folder before it forks (``_rehearse``)."""


class ForkedKernel:
    """A forked kernel as ``LocalProvisioner`` handles a ``Popen``: its pid, ``poll``, ``wait``,
    ``send_signal``, ``kill``, ``terminate``. The warm process is its parent and reaps it; here it is
    alive while its pid exists."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                self.returncode = 0  # its exit status went to the warm process, which reaped it
            except PermissionError:  # a pid reused by someone else's process: ours is gone
                self.returncode = 0
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        # LocalProvisioner.wait polls until poll() says it ended, then calls this.
        return self.returncode if self.returncode is not None else 0

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class WarmProcess:
    """The server's one warm process: started on the first kernel, asked over a pipe to fork each
    kernel (one request at a time), and not used again once it fails."""

    def __init__(self, options: Sequence[str]) -> None:
        self.options = tuple(options)
        """The warm process's arguments: the modules it imports, and ``REHEARSE`` if it rehearses."""
        self._process: asyncio.subprocess.Process | None = None
        self._lock = asyncio.Lock()
        self._waiting: asyncio.Task[None] | None = None
        self._settled = asyncio.Event()
        """Set once it is ready or has failed (kernels started meanwhile may wait for it)."""
        self._started = False
        self.ready = False
        """Whether it has imported its modules and answers (``READY``)."""
        self.failed = False

    async def start(self, cwd: str) -> None:
        """Start it (once), without waiting for it to be ready (``wait_until_ready``)."""
        if self._started:
            return
        self._started = True  # before the await: kernels launched meanwhile must not start another
        try:
            self._process = await self._spawn(cwd)
        except OSError:
            self.failed = True
            self._settled.set()
            raise
        self._waiting = asyncio.ensure_future(self._wait_until_ready())

    async def _spawn(self, cwd: str) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            __name__,
            *self.options,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            # Its own session: Ctrl-C in the server's terminal reaches the server, which stops its
            # kernels as it should, not this process and every kernel at once.
            start_new_session=True,
            cwd=cwd,
        )

    async def _wait_until_ready(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        line = b""
        try:
            line = await self._process.stdout.readline()
        finally:
            self.ready = line.strip() == READY
            self.failed = not self.ready
            self._settled.set()

    async def wait_until_ready(self, timeout: float) -> None:
        """Wait, at most ``timeout`` seconds, until it is ready (or has failed)."""
        with contextlib.suppress(TimeoutError):  # then not ready: the caller goes on without it
            await asyncio.wait_for(self._settled.wait(), timeout)

    async def fork(self, cmd: Sequence[str], env: dict[str, str], cwd: str) -> int:
        """The pid of a kernel forked to run ``cmd`` (``python <script> <args>`` or
        ``python -m <module> <args>``) in ``cwd`` with ``env``; ``OSError`` when the warm process
        cannot do it."""
        process = self._process
        if process is None or process.returncode is not None or not self.ready:
            raise OSError("the warm process is not running")
        assert process.stdin is not None and process.stdout is not None
        async with self._lock:
            request = {"cmd": list(cmd), "env": env, "cwd": cwd}
            process.stdin.write(json.dumps(request).encode() + b"\n")
            await process.stdin.drain()
            line = await asyncio.wait_for(process.stdout.readline(), timeout=FORK_TIMEOUT_S)
        if not line:
            raise OSError("the warm process ended")
        reply = json.loads(line)
        if "pid" not in reply:
            raise OSError(reply.get("error", "the warm process could not fork a kernel"))
        return int(reply["pid"])


class ForkProvisioner(LocalProvisioner):
    """The local provisioner, with kernels forked from the warm process (module docstring)."""

    preload = List(
        Unicode(),
        default_value=list(PRELOAD),
        config=True,
        help="The modules the warm process imports before it forks kernels (the pages' own modules).",
    )

    rehearse = Bool(
        True,
        config=True,
        help="Whether the warm process runs every notebook of the pages' folder once before it forks kernels.",
    )

    _warm: ClassVar[dict[tuple[str, ...], WarmProcess]] = {}
    """One warm process per server (its event loop) and list of modules (class-level: a provisioner
    lives as long as its kernel)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        options = (*self.preload, REHEARSE) if self.rehearse else tuple(self.preload)
        # One per event loop too: its pipes belong to the loop that made them (a server has one).
        key = (*options, str(id(asyncio.get_running_loop())))
        warm = self._warm.get(key) or self._warm.setdefault(key, WarmProcess(options))
        # A kernel whose output is sent somewhere of its own (a file, a pipe) starts on its own: a
        # forked kernel writes where the server does (Voila passes no streams).
        streams = any(kwargs.get(name) is not None for name in ("stdin", "stdout", "stderr"))
        if warm.failed or streams:
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or Path.cwd())
        try:
            await warm.start(cwd)
        except OSError as error:
            warm.failed = True
            self.log.warning("The warm process could not start (%s): kernels start as new processes", error)
        if env.get("VOILA_PREHEAT") == "True" or env.get(SPARE_VARIABLE) == "True":
            # A pool's kernel waits for the warm process (a few seconds once, at the server's start):
            # started on its own it would hold its own copy of everything for as long as it waits.
            await warm.wait_until_ready(READY_WAIT_S)
        if not warm.ready:  # still importing: a visitor's kernel does not wait, it starts on its own
            return await super().launch_kernel(cmd, **kwargs)
        try:
            pid = await warm.fork(cmd, env, cwd)
        except (TimeoutError, OSError, ValueError) as error:
            warm.failed = True
            self.log.warning("The warm process failed (%s): kernels start as new processes from now on", error)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)  # type: ignore[assignment]  # what LocalProvisioner asks of a Popen
        self.pid = pid
        self.pgid = pid  # its own session, as Popen(start_new_session=True) gives
        self.cwd = cwd
        return self.connection_info


# --- the warm process -------------------------------------------------------------------------------

_title: Callable[[str], None] | None = None
"""``setproctitle.setproctitle`` in the warm process, when it is installed."""


def _run_kernel(request: dict[str, Any], requests: int, replies: int) -> None:
    """In the forked child: become the kernel ``request`` names, as ``Popen`` would have started it,
    and never return into the warm process's loop."""
    code = 1
    try:
        if _title is not None:  # before the environment changes: setproctitle needs the old one
            _title(" ".join(request["cmd"]))
        os.setsid()  # its own process group: the server interrupts the kernel, not its siblings
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, requests)  # the warm process's pipes are not the kernel's (its fd 1 is the log's)
        os.close(replies)  # held open here, the server would not see the warm process end
        if null > 2:
            os.close(null)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the kernel's own subprocesses are waited for
        os.chdir(request["cwd"])
        env = dict(request["env"])
        env["JPY_PARENT_PID"] = str(os.getppid())  # ipykernel ends itself when this parent goes
        os.environ.clear()
        os.environ.update(env)
        import random

        random.seed()  # not the warm process's sequence, shared by every kernel
        gc.enable()  # the warm process collects nothing (``main``); a kernel does
        # ipykernel read JPY_PARENT_PID when the warm process imported it: given again here.
        cmd: list[str] = [*request["cmd"], f"--IPKernelApp.parent_handle={env['JPY_PARENT_PID']}"]
        threading.excepthook = _quiet_when_folder_gone(request["cmd"], threading.excepthook)
        sys.argv = list(cmd[1:])
        import runpy

        if len(cmd) > 2 and cmd[1] == "-m":
            sys.argv = [cmd[2], *cmd[3:]]
            runpy.run_module(cmd[2], run_name="__main__", alter_sys=True)
        else:
            sys.path[0] = str(Path(cmd[1]).parent)
            runpy.run_path(cmd[1], run_name="__main__")
        code = 0
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
    except BaseException as error:
        if _connection_folder_gone(request["cmd"]):
            print(f"[published kernel] not started: its server stopped as it started ({error})", file=sys.stderr)
        else:
            import traceback

            traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _quiet_when_folder_gone(cmd: Sequence[str], hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """A thread's exception hook for a forked kernel: ipykernel's heartbeat thread binds its socket in
    the connection folder too, and a kernel forked as Voila removes that folder failed there with a
    traceback of its own ("Exception in thread Heartbeat"); it now says so in one plain line. Any
    other failure goes to ``hook`` as before."""

    def quiet(args: Any) -> object:
        if _connection_folder_gone(cmd):
            print(f"[published kernel] not started: its server stopped as it started ({args.exc_value})", file=sys.stderr, flush=True)
            return None
        return hook(args)

    return quiet


def _connection_folder_gone(cmd: Sequence[str]) -> bool:
    """Whether the folder of a kernel's connection file (its ``-f``) is gone: Voila removes it as the
    server stops, and a kernel forked a moment before could then not bind its sockets or write its
    file there (a traceback in the server's log, at every stop in its first seconds)."""
    try:
        connection_file = cmd[list(cmd).index("-f") + 1]
    except (ValueError, IndexError):
        return False
    return not Path(connection_file).parent.is_dir()


def _rehearse(notebook: Path) -> None:
    """Run the code of ``notebook`` once, here, and throw away what it made: what a page imports only
    when it first draws (plotly's figure classes, its templates) and what the engine caches on first
    use (the families, the message catalogs, the cached findings) is then in every kernel forked
    after, shared, instead of being done again by each visitor's kernel."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for cell in cells:
            if cell.get("cell_type") == "code":
                source = "".join(cell.get("source", []))
                exec(compile(source, str(notebook), "exec"), namespace)  # the site's own notebooks
    except Exception as error:  # that page's kernel does the work itself, as before
        print(f"[warm process] rehearsing {notebook.name} stopped: {error!r}", file=sys.stderr, flush=True)
    _fit_to_fork()


def _fit_to_fork() -> None:
    """Leave nothing a kernel must not inherit: the rehearsal's widgets (they belong to no kernel) and
    the plain IPython shell an Output widget's display makes, with its history thread (a kernel forked
    with it could not make its own shell, one a process, and died at once; no thread may run when
    the process forks). Then keep every object made so far out of the collector's reach, so its
    pages stay shared with the kernels."""
    try:
        from ipywidgets import Widget  # type: ignore[import-untyped]  # untyped upstream

        Widget.close_all()
    except ImportError:
        pass
    try:
        from IPython.core.interactiveshell import InteractiveShell
    except ImportError:
        pass
    else:
        if InteractiveShell.initialized():
            import atexit

            shell = InteractiveShell.instance()
            atexit.unregister(shell.atexit_operations)  # its history, closed here, is not written at exit
            history = shell.history_manager
            if history is not None:
                history.save_thread.stop()  # joins it
                history.db.close()
            InteractiveShell.clear_instance()
    gc.freeze()


def main(preload: Sequence[str], rehearse: bool = False) -> None:
    """The warm process: import ``preload``, rehearse the notebooks of its folder (``rehearse``),
    then fork one kernel per request line on stdin (JSON: ``cmd``, ``env``, ``cwd``), answering each
    with the kernel's pid on stdout. Ends at end of file (the server is gone).

    The rehearsal comes before the first kernel, which waits for it (about 2.5 s on a 2-core
    machine): a kernel forked before it lacked what it leaves (a page's games played, its charts
    drawn), and the spare kernels forked at the server's start ran the first class's pages with
    about a fifth more CPU a learner than those forked after (the rules tour: p95 5.4 s against
    4.5 s, docs/deploy.md)."""
    import importlib
    import time

    # The answers get a pipe of their own: what anything here prints (an import, a rehearsed page's
    # print) goes to fd 1, now the log's, and cannot be read by the server as an answer.
    replies = os.dup(sys.stdout.fileno())
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops it (end of file), not Ctrl-C
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # kernels are reaped as they end: no zombies
    # No collection here at all (Python's advice for a process that forks): what a collection frees
    # leaves holes among the shared objects, and a kernel's first objects would fill them, copying
    # those pages into every kernel. The kernels collect as usual (``_run_kernel``).
    gc.disable()
    # As ipykernel's own kernel spec sets it: debugpy (imported with ipykernel.debugger) would warn
    # in the log about Python's frozen modules, which matter only to a debugger, off here.
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    for name in preload:
        try:
            importlib.import_module(name)
        except Exception as error:  # a kernel imports it itself, at its own cost
            print(f"[warm process] could not import {name}: {error}", file=sys.stderr, flush=True)
    global _title
    try:  # `ps` (and the benchmarks) see each kernel's own command, not the warm process's
        from setproctitle import setproctitle

        _title = setproctitle
    except ImportError:
        pass
    _fit_to_fork()
    if rehearse:
        started = time.perf_counter()
        for notebook in sorted(Path.cwd().glob("*.ipynb")):
            _rehearse(notebook)
        print(f"[warm process] rehearsed the pages in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    os.write(replies, READY + b"\n")
    requests = sys.stdin.fileno()
    pending = b""
    while True:
        if b"\n" not in pending:
            chunk = os.read(requests, 1 << 16)  # (blocks until the server asks, or ends)
            if not chunk:
                return  # the server is gone
            pending += chunk
            continue
        line, pending = pending.split(b"\n", 1)
        try:
            request = json.loads(line)
            pid = os.fork()
        except (ValueError, OSError) as error:
            answer: dict[str, str | int] = {"error": str(error)}
        else:
            if pid == 0:
                _run_kernel(request, requests, replies)
            answer = {"pid": pid}
        try:
            os.write(replies, json.dumps(answer).encode() + b"\n")
        except BrokenPipeError:
            return  # the server is gone


if __name__ == "__main__":
    given = sys.argv[1:]
    main([m for m in given if m != REHEARSE] or PRELOAD, rehearse=REHEARSE in given)
