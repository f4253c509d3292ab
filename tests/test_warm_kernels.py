"""The published pages' kernels forked from one warm process (server/forking.py), the server's
shared compiled templates and its quiet logger (server/kernels.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
import threading
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

from tests.voila_helpers import ROOT, SITE, TEMPLATES, VoilaServer, in_a_loop

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


@asynccontextmanager
async def published_client() -> AsyncIterator[Any]:
    """A ready client of a published kernel (the site's kernel spec, found as the site finds it)."""
    async with published_kernel(env={**os.environ, "JUPYTER_PATH": str(TEMPLATES)}) as manager:
        client = manager.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            yield client
        finally:
            client.stop_channels()


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

    in_a_loop(check)


def test_a_kernel_with_output_streams_of_its_own_starts_as_a_process_of_its_own(tmp_path: Path) -> None:
    async def check() -> None:
        with (tmp_path / "kernel.log").open("w") as log:
            async with published_kernel(stdout=log, stderr=log) as manager:
                assert not isinstance(manager.provisioner.process, ForkedKernel)  # type: ignore[union-attr]
                assert await run(manager, "print(6 * 7)") == "42"

    in_a_loop(check)


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

    in_a_loop(check)


def _fork_a_failing_kernel(folder: Path, remove_folder: bool) -> str:
    """What a kernel forked by the warm process writes to the log when it fails to start: its command
    (a script standing in for ipykernel's launcher, given ``-f`` a connection file in ``folder``)
    removes ``folder`` first if ``remove_folder``, as Voila's stop does, then fails as a kernel's
    bind in a removed folder does."""
    folder.mkdir()
    script = folder.parent / "kernel.py"
    script.write_text(
        f"import shutil, sys\nif {remove_folder!r}:\n    shutil.rmtree({str(folder)!r})\nraise OSError('No such file or directory for ipc path')\n",
        encoding="utf-8",
    )
    warm = subprocess.Popen(
        [sys.executable, "-m", "upto9.server.forking", "json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=folder.parent,
    )
    assert warm.stdin is not None and warm.stdout is not None and warm.stderr is not None
    try:
        assert warm.stdout.readline().strip() == b"ready"
        cmd = [sys.executable, str(script), "-f", str(folder / "kernel-1.json")]
        warm.stdin.write(json.dumps({"cmd": cmd, "env": dict(os.environ), "cwd": str(folder.parent)}).encode() + b"\n")
        warm.stdin.flush()
        assert "pid" in json.loads(warm.stdout.readline())
    finally:
        warm.stdin.close()  # end of file: the warm process ends, and its log closes once the kernel's has
        log = warm.stderr.read().decode()
        warm.wait(timeout=30)
    return log


def test_a_kernel_forked_as_its_server_stops_says_so_in_one_line(tmp_path: Path) -> None:
    """A kernel forked just before the server removed its folder of connection files (Voila does so
    as it stops) cannot start: one plain line in the server's log, not a traceback (a stop in the
    server's first seconds logged one for each such kernel). Any other failure keeps its traceback."""
    log = _fork_a_failing_kernel(tmp_path / "voila_connections", remove_folder=True)
    assert log.splitlines() == ["[published kernel] not started: its server stopped as it started (No such file or directory for ipc path)"], log
    log = _fork_a_failing_kernel(tmp_path / "still_there", remove_folder=False)
    assert "Traceback" in log and "OSError: No such file or directory for ipc path" in log, log


def test_a_thread_of_a_kernel_forked_as_its_server_stops_says_so_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ipykernel's heartbeat thread binds its socket in the connection folder too: in a kernel forked
    as Voila removed it, the thread's failure printed "Exception in thread Heartbeat" and a traceback
    (a fresh-clone run's early-stop test). One plain line now; a thread's failure with the folder
    there still goes to the hook it had."""
    from upto9.server.forking import _quiet_when_folder_gone

    folder = tmp_path / "voila_connections"
    folder.mkdir()
    cmd = ["python", "launch.py", "-f", str(folder / "kernel-1.json")]
    passed_on: list[object] = []
    hook = _quiet_when_folder_gone(cmd, passed_on.append)
    failure = threading.ExceptHookArgs([OSError, OSError("No such file or directory for ipc path"), None, None])
    hook(failure)
    assert passed_on == [failure] and capsys.readouterr().err == ""
    folder.rmdir()
    hook(failure)
    assert passed_on == [failure]
    assert capsys.readouterr().err == "[published kernel] not started: its server stopped as it started (No such file or directory for ipc path)\n"


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
    from types import CodeType

    from jinja2.bccache import Bucket
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
    # Kept as code objects, handed over as they are (no bytes to read back), for the same source only.
    key, (checksum, code) = next(iter(COMPILED_TEMPLATES._code.items()))
    bucket = Bucket(second, key, checksum)
    COMPILED_TEMPLATES.load_bytecode(bucket)
    assert isinstance(code, CodeType) and bucket.code is code
    changed = Bucket(second, key, "another source")
    COMPILED_TEMPLATES.load_bytecode(changed)
    assert changed.code is None, "a changed template is compiled afresh"


def test_a_markdown_cell_is_rendered_once_and_kept_for_every_page_after(monkeypatch: pytest.MonkeyPatch) -> None:
    from jinja2 import pass_context
    from upto9.server import kernels
    from voila.exporter import VoilaExporter

    rendered: list[str] = []
    render = VoilaExporter.markdown2html

    @pass_context
    def counted(exporter: Any, context: Any, source: str) -> str:
        rendered.append(source)
        return str(render(exporter, context, source))

    monkeypatch.setattr(VoilaExporter, "markdown2html", counted)
    kernels.keep_rendered_markdown()
    kernels.keep_rendered_markdown()  # once is enough: a second call changes nothing
    cell = {"cell_type": "markdown", "source": "## Deal\n\nA *hand* of ten cards", "metadata": {}}

    def page(source: str) -> str:
        exporter = VoilaExporter(template_name="lab")
        return str(exporter.environment.filters["markdown2html"]({"cell": {**cell, "source": source}}, source))

    first, again = page(cell["source"]), page(cell["source"])
    assert first == again and "<em>hand</em>" in first and "<h2" in first
    assert rendered == [cell["source"]], "the second page gets the kept HTML"
    other = page("A *different* cell")
    assert "<em>different</em>" in other and len(rendered) == 2


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


def test_every_kernel_of_the_server_shares_one_event_logger() -> None:
    """A kernel's manager no longer makes an event logger of its own (reading and registering the
    kernel events' schema each time): the server's kernels share the first one, schema registered."""
    from upto9.server.kernels import ClassKernelManager, SiteKernelManager

    first, second = SiteKernelManager(), SiteKernelManager()
    assert first.event_logger is second.event_logger
    assert "https://events.jupyter.org/jupyter_server/kernel_actions/v1" in first.event_logger.schemas.schema_ids
    manager = ClassKernelManager(log=logging.getLogger("upto9-test-events"))
    assert isinstance(manager.kernel_manager_factory(), SiteKernelManager), "the server's kernels are the site's"


def test_the_server_builds_a_kernels_outputs_unchecked_and_checks_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    """nbformat's schema check of each output built from a kernel's message is skipped in the server
    (a tenth of its work for a page); any other part of a notebook is still checked."""
    import nbformat
    from nbformat.v4 import nbbase, output_from_msg
    from upto9.server.kernels import outputs_built_unchecked

    monkeypatch.setattr(nbbase, "validate", nbbase.validate)  # put back after the test
    outputs_built_unchecked()
    outputs_built_unchecked()  # once is enough: the check is wrapped once
    shown = output_from_msg({"header": {"msg_type": "display_data"}, "content": {"data": {"text/html": "<b>x</b>"}, "metadata": {}}})
    assert shown == {"output_type": "display_data", "data": {"text/html": "<b>x</b>"}, "metadata": {}}
    nbbase.new_output("stream", name="stdout", text="x", extra="not in the schema")  # not checked: no error
    with pytest.raises(nbformat.ValidationError):
        nbbase.validate({"cell_type": "code", "source": 1}, "code_cell")


def test_the_server_reads_the_page_configuration_once_and_gives_each_page_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila works out a page's JupyterLab configuration from the extensions' files for every page
    and every pooled kernel's page (3 ms of the server's CPU a page); the site's server once, each
    page getting its own copy to write its theme into."""
    import logging

    import voila.handler
    import voila.voila_kernel_manager
    from upto9.server.kernels import page_config_read_once
    from voila.configuration import VoilaConfiguration

    reads: list[str] = []

    def read(base_url: str, settings: dict[str, Any], log: logging.Logger, voila_configuration: Any) -> dict[str, Any]:
        reads.append(base_url)
        return {"baseUrl": base_url, "federated_extensions": [{"name": "@jupyter-widgets/jupyterlab-manager"}]}

    monkeypatch.setattr(voila.handler, "get_page_config", read)  # put back after the test, both
    monkeypatch.setattr(voila.voila_kernel_manager, "get_page_config", voila.voila_kernel_manager.get_page_config)
    page_config_read_once()
    page_config_read_once()  # once is enough: wrapped once
    settings: dict[str, Any] = {}
    configuration = VoilaConfiguration()
    asked = {"base_url": "/", "settings": settings, "log": logging.getLogger("test"), "voila_configuration": configuration}
    first = voila.handler.get_page_config(**asked)
    first["jupyterLabTheme"] = "light"  # what a page's renderer does with its copy
    second = voila.voila_kernel_manager.get_page_config(**asked)  # a pooled kernel's page
    assert reads == ["/"]
    assert second == {"baseUrl": "/", "federated_extensions": [{"name": "@jupyter-widgets/jupyterlab-manager"}]}
    voila.handler.get_page_config(**{**asked, "base_url": "/site/"})
    assert reads == ["/", "/site/"]  # another server's address is another configuration


def _chunks(port: int, path: str) -> tuple[str, list[bytes]]:
    """GET ``path`` over a plain socket: the status line and the answer's chunks as they were sent
    (HTTP/1.1 chunked transfer: one chunk a flush of the server's handler)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=180) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while part := connection.recv(65536):
            data += part
    head, _, body = data.partition(b"\r\n\r\n")
    assert b"transfer-encoding: chunked" in head.lower(), head
    chunks = []
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        chunks.append(rest[:size])
        body = rest[size + 2 :]
    return head.split(b"\r\n")[0].decode(), chunks


def test_a_page_is_sent_in_a_few_pieces_whole() -> None:
    """Voila's handler flushed each piece its template yields: about 260 writes to the visitor's
    socket for the rules tour. The site's server sends the pieces ready within 10 ms together
    (``pages_sent_in_fewer_pieces``): a few chunks, the page whole, each cell's part as it is drawn."""
    from upto9.server.kernels import PIECES_GATHERED_S

    assert PIECES_GATHERED_S <= 0.05  # a cell's part reaches the browser at once, as a person sees it
    server = VoilaServer("voila-pieces.log", pools={"default": {"pool_size": 0}})  # a visitor's own kernel: the page drawn as it runs
    try:
        status, chunks = _chunks(server.port, "/voila/render/1_rules_tour.ipynb")
    finally:
        server.stop()
    page = b"".join(chunks).decode()
    assert status == "HTTP/1.1 200 OK"
    assert 2 <= len(chunks) <= 40, len(chunks)  # progressive, in a few pieces (it was 257)
    assert page.rstrip().endswith("</html>") and "Traceback" not in page
    assert page.count("application/vnd.jupyter.widget-view+json") >= 13  # every code cell's views came


async def _iopub_until(client: Any, done: Any, timeout: float = 30.0) -> list[dict[str, Any]]:
    """The kernel's iopub messages until ``done(message)`` says so (that one included)."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = await client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        except Exception:  # queue.Empty: nothing more before the deadline
            break
        seen.append(message)
        if done(message):
            return seen
    raise AssertionError(f"the kernel never sent what was awaited; it sent {[m['msg_type'] for m in seen]}")


async def _shell_reply_to(client: Any, msg_id: str, timeout: float = 30.0) -> dict[str, Any]:
    """The shell reply to ``msg_id``, past any other: on a busy machine ``wait_for_ready`` sends a
    ``kernel_info_request`` each second it waits, and the late replies stay queued on the shell
    channel (one, read as the execute reply, had no ``execution_count``: a KeyError in CI)."""
    deadline = time.monotonic() + timeout
    while True:
        reply: dict[str, Any] = await client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply


def _idle_after(msg_id: str) -> Any:
    """Whether a message says the kernel is done with the request ``msg_id``."""
    return lambda m: m["msg_type"] == "status" and m["parent_header"].get("msg_id") == msg_id and m["content"]["execution_state"] == "idle"


def _comm_opens(messages: list[dict[str, Any]]) -> list[str]:
    return [m["content"]["data"]["state"]["_model_name"] for m in messages if m["msg_type"] == "comm_open" and m["content"]["target_name"] == "jupyter.widget"]


def test_widgets_send_nothing_until_the_page_connects_and_then_all_of_their_state_at_once() -> None:
    """While Voila runs a page's notebook no browser listens: a widget made then sends no comm_open
    and no update (Voila's server would parse each and use none). The browser's request for every
    state gets each widget as it stands; an Output widget speaks from the start (the server puts a
    cell's output shown in it there); after the browser has connected, widgets send as usual."""

    async def check() -> None:
        async with published_client() as client:
            made = "import ipywidgets as w\nb = w.Button(description='first')\nb.description = 'Deal'\nout = w.Output()\nbox = w.VBox([b, out])\nbox"
            msg_id = client.execute(made)
            while_running = await _iopub_until(client, _idle_after(msg_id))
            assert _comm_opens(while_running) == ["OutputModel"], "only the Output widget opens its comm before a browser connects"
            assert not [m for m in while_running if m["msg_type"] == "comm_msg"], "no widget sends an update before a browser connects"
            shown = [m for m in while_running if m["msg_type"] == "execute_result"]
            assert shown and "application/vnd.jupyter.widget-view+json" in shown[0]["content"]["data"], "the page still shows the box"
            box_id = shown[0]["content"]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]

            # The browser, as ipywidgets' front end does it: the control comm, then every state.
            opening = {"comm_id": "control-1", "target_name": "jupyter.widget.control", "data": {}}
            control = client.session.msg("comm_open", opening, metadata={"version": "1.0.0"})
            client.shell_channel.send(control)
            ask = client.session.msg("comm_msg", {"comm_id": "control-1", "data": {"method": "request_states"}})
            client.shell_channel.send(ask)
            answered = await _iopub_until(client, lambda m: m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update_states")
            states = answered[-1]["content"]["data"]["states"]
            names = sorted(s["model_name"] for s in states.values())
            # The Output widget made its layout when it opened its comm; the button and the box share one.
            assert names == ["ButtonModel", "ButtonStyleModel", "LayoutModel", "LayoutModel", "OutputModel", "VBoxModel"], names
            button = next(s["state"] for s in states.values() if s["model_name"] == "ButtonModel")
            assert button["description"] == "Deal", "the state as it stands, not as it was made"
            assert button["layout"].removeprefix("IPY_MODEL_") in states and button["style"].removeprefix("IPY_MODEL_") in states
            assert box_id in states
            shared = button["layout"]
            assert states[box_id]["state"]["layout"] == shared, "the box and the button are drawn with one default layout"
            assert states[shared.removeprefix("IPY_MODEL_")]["state"]["width"] is None

            msg_id = client.execute("b.layout.width = '50%'")
            own = await _iopub_until(client, _idle_after(msg_id))
            assert _comm_opens(own) == ["LayoutModel"], "the button makes a layout of its own"
            made_id = next(m["content"]["comm_id"] for m in own if m["msg_type"] == "comm_open")
            updates = [(m["content"]["comm_id"], m["content"]["data"]["state"]) for m in own if m["msg_type"] == "comm_msg"]
            button_id = next(k for k, v in states.items() if v["model_name"] == "ButtonModel")
            assert (button_id, {"layout": f"IPY_MODEL_{made_id}"}) in updates, "the browser's button takes its new layout"
            assert (made_id, {"width": "50%"}) in updates
            assert not [u for u in updates if u[0] == shared.removeprefix("IPY_MODEL_")], "the shared layout is not changed"

            msg_id = client.execute("b.description = 'Draw'\nw.Label('new')")
            after = await _iopub_until(client, _idle_after(msg_id))
            updates = [m["content"]["data"]["state"] for m in after if m["msg_type"] == "comm_msg"]
            assert {"description": "Draw"} in updates, "once connected, a change is sent"
            assert "LabelModel" in _comm_opens(after), "once connected, a new widget opens its comm"

    in_a_loop(check)


STATES_READ = """
import json, re
import ipywidgets as w
made = [w.Button(description="Deal", icon="check", button_style="info"), w.IntSlider(3, min=0, max=9, description="n"),
        w.Dropdown(options=["a", "b"], value="b"), w.HTML("<b>x</b>"), w.VBox([w.Label("a")]), w.Text(placeholder="p"),
        w.ToggleButtons(options=["a", "b"]), w.Checkbox(True, description="c"), w.Output()]
made[0].layout.width = "50%"
read = [(type(x).__name__, x.keys, x.get_state(), x.get_state(drop_defaults=True), x.get_state("_view_name"), x.get_state(["_model_name", "layout"]))
        for x in made]
print(re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL_", json.dumps(read, sort_keys=True)))
"""


def test_the_published_kernel_reads_a_widgets_state_as_an_ordinary_kernel_does() -> None:
    """The published kernel reads each widget class's traits once (published_kernel.py): the keys and
    the states it gives, whole, without defaults, of one trait or of a list of them, are an ordinary
    kernel's (ipykernel's own kernel spec), widget for widget."""

    async def read(manager: AsyncKernelManager) -> str:
        try:
            return await run(manager, STATES_READ)
        finally:
            await manager.shutdown_kernel(now=True)

    async def check() -> None:
        ordinary = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]))
        await ordinary.start_kernel(cwd=str(SITE))
        expected = await read(ordinary)
        async with published_kernel(env={**os.environ, "JUPYTER_PATH": str(TEMPLATES)}) as manager:
            got = await run(manager, STATES_READ)
        assert [read[0] for read in json.loads(expected)][:2] == ["Button", "IntSlider"] and "Deal" in expected
        differ = [
            (e[0], [i for i, (x, y) in enumerate(zip(e, g, strict=True)) if x != y])
            for e, g in zip(json.loads(expected), json.loads(got), strict=True)
            if e != g
        ]
        assert not differ, f"read otherwise (widget, which of keys/state/without defaults/one trait/a list): {differ}"

    in_a_loop(check)


def test_the_published_kernel_echoes_no_code_and_still_runs_it() -> None:
    """No ``execute_input`` on IOPub (published_kernel.py, ``_no_echo_of_the_code``): the code runs
    and its output and reply come as before."""

    async def check() -> None:
        async with published_client() as client:
            msg_id = client.execute("print(6 * 7)")
            seen = await _iopub_until(client, _idle_after(msg_id))
            types = [m["msg_type"] for m in seen if m["parent_header"].get("msg_id") == msg_id]
            assert "execute_input" not in types, types
            assert [m["content"]["text"] for m in seen if m["msg_type"] == "stream"] == ["42\n"]
            reply = await _shell_reply_to(client, msg_id)
            assert reply["content"]["status"] == "ok" and reply["content"]["execution_count"] >= 1

    in_a_loop(check)


def test_the_published_kernel_makes_no_log_record_that_no_handler_writes() -> None:
    """ipykernel's debug lines (four a cell) are not made into records its WARNING handler drops."""

    async def check() -> None:
        async with published_kernel(env={**os.environ, "JUPYTER_PATH": str(TEMPLATES)}) as manager:
            code = "log = get_ipython().kernel.log\nprint(log.getEffectiveLevel(), min(h.level for h in log.handlers))"
            level, written = (await run(manager, code)).split()
            assert level == written, "the kernel's logger stops where its handler does"

    in_a_loop(check)
