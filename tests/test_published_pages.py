"""Published pages leak nothing and need no internet.

A scratch page, served with the site's own configuration (voila.json, its template and its kernel
from share/jupyter), writes to stderr, warns, logs, writes to file descriptor 2, fails behind the
widgets' error boundary and raises, while it runs and again in a widget callback: the page shows a
plain sentence where a cell failed, and neither the served HTML, nor the page in a browser, nor
anything the kernel sends over the page's websocket holds a traceback, a server path or a version.

Then every page of the real site (the home page in both languages, every explainer, an error
page) is opened in Chromium with every request to another host blocked: none is attempted, and
no console error appears (the explainers where tests/test_browser_layout.py opens them). A static check finds no external address in the site's templates.

The browser tests skip without Chromium, as tests/test_browser.py's do.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.test_browser import LOAD_MS, browser, published_site  # noqa: F401  (the browser fixture)
from tests.voila_helpers import CONFIG, LOADED, ROOT, VoilaServer, get

pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")

SHARE = ROOT / "share" / "jupyter"
# What the scratch page writes where a visitor must not see it; each mark is unique to one channel.
RUN_MARKS = ("STDERR-MARK", "WARN-MARK", "LOG-MARK", "FD-MARK", "BOUNDARY-MARK", "RAISE-MARK")
CALLBACK_MARKS = ("CB-STDERR", "CB-WARN", "CB-LOG", "CB-FD", "CB-BOUNDARY", "CB-RAISE")
PLAIN_EN = "This part of the page could not be shown"
"""The site template's sentence for a cell that failed (share/jupyter/voila/templates/upto9/index.html.j2)."""
TROUBLE_EN = "Something went wrong here; the rest of the page still works."
"""The widgets' error boundary's notice (widgets/_common.py TROUBLE)."""

SCRATCH_CELLS = [
    ("markdown", "# A scratch page"),
    ("code", 'print("STDOUT-OK")'),
    ("code", 'import sys\nprint("STDERR-MARK", file=sys.stderr)'),
    ("code", 'import warnings\nwarnings.warn("WARN-MARK")'),
    ("code", 'import logging\nlogging.getLogger("scratch").error("LOG-MARK")'),
    ("code", 'import os\n_ = os.write(2, b"FD-MARK\\n")'),
    ("code", 'from upto9.widgets._common import boundary, log\nlog.error("BOUNDARY-MARK")'),
    (
        "code",
        """import ipywidgets as w
import upto9
out = w.Output()
box = w.VBox([w.HTML("a view")])
button = w.Button(description="go")
def go(_):
    with out:
        print("CB-STDOUT")
        print("CB-STDERR", file=sys.stderr)
        warnings.warn("CB-WARN")
        logging.getLogger("scratch").error("CB-LOG")
        os.write(2, b"CB-FD\\n")
        with boundary(box):
            raise ValueError(f"CB-BOUNDARY {upto9.__file__}")
        raise RuntimeError(f"CB-RAISE {upto9.__file__} Python {sys.version}")
button.on_click(go)
display(w.VBox([button, box, out]))""",
    ),
    ("code", 'raise RuntimeError(f"RAISE-MARK {upto9.__file__} Python {sys.version}")'),
]


def _leaks(text: str, marks: tuple[str, ...], site: Path) -> list[str]:
    """What a visitor must not see that ``text`` holds: a mark, a traceback, a server path, a version."""
    from importlib.metadata import version

    python = sys.version.split()[0]
    words = [*marks, "Traceback", "RuntimeError", "ValueError", "UserWarning", "There was an error", "show_tracebacks", "site-packages", "ipykernel_"]
    words += [
        str(ROOT),
        str(site),
        sys.prefix,
        os.path.realpath(sys.prefix),
        f"Python {python}",
        f"voila {version('voila')}",
        f"ipykernel {version('ipykernel')}",
        f"IPython {version('ipython')}",
        f'"{python}"',
    ]
    return [f"{w!r} in ...{text[max(0, i - 80) : i + 80]!r}..." for w in words if (i := text.find(w)) >= 0]


def scratch_site(folder: Path) -> VoilaServer:
    """Voila started in ``folder`` (holding a copy of voila.json whose root is ``pages/``), with the
    site's template and kernel (JUPYTER_PATH), as ``make serve`` starts the real site. Under
    PYTEST_CURRENT_TEST ipykernel does not capture file descriptor 2: the test would miss that channel."""
    return VoilaServer("voila-published-pages-scratch.log", folder=folder, drop_env=("PYTEST_CURRENT_TEST",))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("site")
    (folder / "pages").mkdir()
    config = json.loads(json.dumps(CONFIG))
    config["Voila"]["root_dir"] = "pages"
    (folder / "voila.json").write_text(json.dumps(config), encoding="utf-8")
    cells: list[dict[str, Any]] = [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": text} for i, (kind, text) in enumerate(SCRATCH_CELLS)]
    for cell in cells:
        if cell["cell_type"] == "code":
            cell.update(outputs=[], execution_count=None)
    kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = {"cells": cells, "metadata": {"kernelspec": kernelspec}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "pages" / "leaky.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    site = scratch_site(folder)
    try:
        yield site, folder
    finally:
        site.stop()


def test_the_site_shows_no_tracebacks() -> None:
    assert CONFIG["VoilaConfiguration"]["show_tracebacks"] is False
    spec = json.loads((SHARE / "kernels" / "python3" / "kernel.json").read_text(encoding="utf-8"))
    assert "--IPKernelApp.capture_fd_output=False" in spec["argv"] and any("published_kernel.py" in a for a in spec["argv"])


def test_the_site_templates_name_no_other_host() -> None:
    texts = [p for p in SHARE.rglob("*") if p.suffix in {".html", ".j2", ".json", ".py", ".css", ".js"}]
    assert len(texts) >= 6, texts
    found = [f"{p.relative_to(ROOT)}: {url}" for p in texts for url in re.findall(r"(?:https?:)?//[\w.-]+\.\w+", p.read_text("utf-8"))]
    assert not found, found


def test_the_served_page_shows_a_plain_sentence_and_nothing_of_the_server(scratch: tuple[VoilaServer, Path]) -> None:
    site, folder = scratch
    status, _url, body = get(f"{site.url}/voila/render/leaky.ipynb")
    assert status == 200
    assert "STDOUT-OK" in body, "the scratch page did not run"
    assert PLAIN_EN in body and "Denne delen av siden kunne ikke vises" in body
    assert not _leaks(body, RUN_MARKS, folder), _leaks(body, RUN_MARKS, folder)
    # The publisher still has them all: the server's log holds the kernel's stderr and the traceback.
    log = site.log()
    assert all(mark in log for mark in RUN_MARKS), [mark for mark in RUN_MARKS if mark not in log]


def test_an_error_page_loads_nothing_from_another_host(scratch: tuple[VoilaServer, Path]) -> None:
    site, _folder = scratch
    status, _url, body = get(f"{site.url}/voila/render/missing.ipynb")
    assert status == 404 and "404" in body
    assert not re.findall(r"(?:src|href)=\"(?:https?:)?//", body), body


class Guard:
    """A browser tab that refuses every request to another host and records it, with the
    console's errors, the page's uncaught errors, and every websocket frame the server sends."""

    def __init__(self, chromium: Any, origin: str, tab: Any = None) -> None:
        """A tab of its own (closed by :meth:`close`), or ``tab``, watched from now on (``watching``)."""
        self.context = chromium.new_context(viewport={"width": 1280, "height": 900}) if tab is None else None
        self.tab = self.context.new_page() if self.context is not None else tab
        self.origin = urlsplit(origin).netloc
        self.elsewhere: list[str] = []
        self.console: list[str] = []
        self.frames: list[str] = []
        self.tab.route("**/*", self._route)
        self.tab.on("console", self._console)
        self.tab.on("pageerror", lambda e: self.console.append(f"uncaught: {e}"))
        self.tab.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(f if isinstance(f, str) else f.decode("utf-8", "replace"))))

    @classmethod
    def watching(cls, origin: str, tab: Any) -> Guard:
        """A tab another test opened, watched from now on (its context stays the opener's to close)."""
        return cls(None, origin, tab)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.console.append(f"{message.text} ({message.location.get('url', '')})")

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:", "about:")) or urlsplit(url).netloc == self.origin:
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()

    def problems(self, path: str) -> list[str]:
        """What a page must not do offline: ask another host for anything, or log an error to the
        console (an error page's own 404 aside)."""
        console = [c for c in self.console if not (path.endswith("missing.ipynb") and "404" in c)]
        return [f"{path}: requests to another host: {self.elsewhere}"] * bool(self.elsewhere) + [f"{path}: console errors: {console}"] * bool(console)


def test_a_widget_callback_sends_the_page_nothing_of_the_server(browser: Any, scratch: tuple[VoilaServer, Path]) -> None:  # noqa: F811  (the browser fixture, imported)
    site, folder = scratch
    guard = Guard(browser, site.url)
    try:
        page = guard.tab
        page.goto(f"{site.url}/voila/render/leaky.ipynb", timeout=LOAD_MS, wait_until="domcontentloaded")
        page.wait_for_function(LOADED, timeout=LOAD_MS)
        page.locator("button", has_text="go").click()
        page.get_by_text("CB-STDOUT").wait_for(timeout=30_000)  # the callback ran, its Output widget captures
        page.locator("[role=alert].u9-trouble", has_text=TROUBLE_EN).wait_for(timeout=30_000)  # the boundary's notice in its view
        # The traceback that escaped the boundary: the kernel sends the widgets' plain notice in its place.
        page.locator(".jp-OutputArea-output pre", has_text=TROUBLE_EN).wait_for(timeout=30_000)
        page.wait_for_timeout(2000)  # what else the kernel sends after the callback
        text = page.inner_text("body")
        assert PLAIN_EN in text
        assert not _leaks(text, RUN_MARKS + CALLBACK_MARKS, folder), _leaks(text, RUN_MARKS + CALLBACK_MARKS, folder)
        sent = "\n".join(guard.frames)
        assert "CB-STDOUT" in sent, "the websocket frames were not seen"
        assert not _leaks(sent, RUN_MARKS + CALLBACK_MARKS, folder), _leaks(sent, RUN_MARKS + CALLBACK_MARKS, folder)
        assert not guard.elsewhere, guard.elsewhere
    finally:
        guard.close()
    log = site.log()
    assert all(mark in log for mark in CALLBACK_MARKS), [mark for mark in CALLBACK_MARKS if mark not in log]


# --- the real site, offline ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


@pytest.mark.parametrize("path", ["/?lang=en", "/?lang=nb", "/voila/render/missing.ipynb"])
def test_every_page_works_offline(browser: Any, server: VoilaServer, path: str) -> None:  # noqa: F811  (the browser fixture, imported)
    """The home page in both languages and an error page. Each explainer page is watched the same way
    where tests/test_browser_layout.py's ``test_page_layout`` opens it at both sizes and uses it (each
    opening costs seconds of CPU on two cores)."""
    guard = Guard(browser, server.url)
    try:
        page = guard.tab
        response = page.goto(server.url + path, timeout=LOAD_MS, wait_until="load")
        assert response is not None and response.status == (404 if "missing" in path else 200)
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        page.wait_for_timeout(500)  # fonts and icons load as they are drawn
        assert not guard.problems(path), guard.problems(path)
        text = page.inner_text("body")
        assert not server_words(text), server_words(text)
    finally:
        guard.close()


def server_words(text: str) -> list[str]:
    """What of the server a page's text must not show: a traceback, a path of its Python or of the project."""
    return [word for word in ("Traceback", "site-packages", str(ROOT)) if word in text]
