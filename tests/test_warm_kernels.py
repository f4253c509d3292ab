"""The published pages' kernels forked from one warm process (server/forking.py), the server's
shared compiled templates and its quiet logger (server/kernels.py)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from upto9.server.forking import ForkedKernel

from tests.voila_helpers import ROOT, SITE, TEMPLATES

READY_WITHIN_S = 120.0
"""How long the warm process may take to import the pages' modules on a busy machine."""


@asynccontextmanager
async def published_kernel(**kwargs: Any) -> AsyncIterator[AsyncKernelManager]:
    """A kernel of the site's kernel spec, as Voila starts one (in the pages' folder), shut down after."""
    manager = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(TEMPLATES / "kernels")]))
    await manager.start_kernel(cwd=str(SITE), **kwargs)
    try:
        yield manager
    finally:
        await manager.shutdown_kernel(now=True)


async def forked_kernel(env: dict[str, str]) -> AsyncIterator[AsyncKernelManager]:
    """Kernels until one is forked (the first ones start on their own while the warm process imports)."""
    deadline = time.monotonic() + READY_WITHIN_S
    while True:
        async with published_kernel(env=env) as manager:
            if isinstance(manager.provisioner.process, ForkedKernel):  # type: ignore[union-attr]
                yield manager
                return
        assert time.monotonic() < deadline, "no kernel was forked from the warm process"
        await asyncio.sleep(1)


async def run(manager: AsyncKernelManager, code: str) -> str:
    """What ``code``'s last line prints in the kernel."""
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        printed: list[str] = []

        def keep(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])

        reply = await client.execute_interactive(code, timeout=60, output_hook=keep)
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(printed).strip()
    finally:
        client.stop_channels()


def test_a_page_kernel_is_forked_from_the_warm_process_with_its_own_request_and_shares_its_memory() -> None:
    env = {**os.environ, "QUERY_STRING": "lang=nb", "JUPYTER_PATH": str(TEMPLATES)}

    async def check() -> None:
        async for manager in forked_kernel(env):
            pid = manager.provisioner.pid  # type: ignore[union-attr]
            kernel = psutil.Process(pid)
            warm = kernel.parent()
            assert warm is not None and "upto9.server.forking" in " ".join(warm.cmdline())
            said = await run(
                manager,
                "import os, sys, ipywidgets\n"
                "from ipykernel.comm import CommManager\n"
                "from IPython import get_ipython\n"
                "targets = get_ipython().kernel.comm_manager.targets\n"
                "print(os.environ['QUERY_STRING'], os.getcwd(), 'upto9.widgets.lab' in sys.modules,"
                " 'jupyter.widget' in targets, 'jupyter.widget.control' in targets)",
            )
            assert said == f"lang=nb {SITE} True True True", "the visitor's request, the pages' folder, the modules imported once, the widgets' comm targets"
            assert "launch_published.py" in " ".join(kernel.cmdline()), "ps should show the kernel's own command"
            memory = kernel.memory_full_info()
            assert memory.uss < memory.rss / 2, f"most of a forked kernel's memory should be shared: USS {memory.uss >> 20} MB of RSS {memory.rss >> 20} MB"
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE, "a shut-down kernel should be gone"

    asyncio.run(check())


def test_a_kernel_with_output_streams_of_its_own_starts_as_a_process_of_its_own(tmp_path: Path) -> None:
    async def check() -> None:
        with (tmp_path / "kernel.log").open("w") as log:
            async with published_kernel(stdout=log, stderr=log) as manager:
                assert not isinstance(manager.provisioner.process, ForkedKernel)  # type: ignore[union-attr]
                assert await run(manager, "print(6 * 7)") == "42"

    asyncio.run(check())


def test_when_the_warm_process_dies_kernels_start_as_processes_of_their_own(caplog: pytest.LogCaptureFixture) -> None:
    async def check() -> None:
        async for manager in forked_kernel({**os.environ}):
            warm = psutil.Process(manager.provisioner.pid).parent()  # type: ignore[union-attr]
        assert warm is not None
        warm.send_signal(signal.SIGKILL)
        warm.wait(30)
        with caplog.at_level(logging.WARNING):
            async with published_kernel() as manager:
                assert not isinstance(manager.provisioner.process, ForkedKernel)  # type: ignore[union-attr]
                assert await run(manager, "print('still here')") == "still here"
        assert "kernels start as new processes" in caplog.text

    asyncio.run(check())


def test_the_rehearsal_leaves_nothing_a_kernel_must_not_inherit() -> None:
    """Every page run once in the warm process, then: no thread but the main one, no IPython shell, no
    widget, and no page failed."""
    code = (
        "import sys, threading\n"
        "from pathlib import Path\n"
        "from upto9.server import forking\n"
        "for page in sorted(Path('.').glob('*.ipynb')):\n"
        "    forking._rehearse(page)\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "from ipywidgets import Widget\n"
        "print(len(threading.enumerate()), InteractiveShell.initialized(), len(Widget.widgets))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=SITE, capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert "rehearsing" not in done.stderr, done.stderr  # a page whose rehearsal stopped says so there
    assert done.stdout.split()[-3:] == ["1", "False", "0"], done.stdout


def test_every_exporter_shares_the_compiled_templates() -> None:
    from nbconvert.exporters import HTMLExporter
    from upto9.server.kernels import COMPILED_TEMPLATES, share_compiled_templates

    share_compiled_templates()
    share_compiled_templates()  # once is enough: a second call changes nothing
    first, second = HTMLExporter().environment, HTMLExporter().environment
    assert first is not second and first.bytecode_cache is second.bytecode_cache is COMPILED_TEMPLATES
    first.get_template("index.html.j2")
    kept = len(COMPILED_TEMPLATES._code)
    assert kept, "the first exporter's compiled templates should be kept"
    second.get_template("index.html.j2")
    assert len(COMPILED_TEMPLATES._code) == kept, "the second exporter should find them compiled"


def test_the_server_makes_no_log_record_that_no_handler_writes() -> None:
    from upto9.server.kernels import ClassKernelManager

    log = logging.getLogger("upto9-test-quiet")
    log.propagate = False
    handler = logging.StreamHandler()
    handler.setLevel(logging.INFO)
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)  # as traitlets sets an application's logger
    try:
        ClassKernelManager(log=log)
        assert log.level == logging.INFO
    finally:
        log.removeHandler(handler)
