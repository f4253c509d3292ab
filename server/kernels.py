"""A kernel limit for a class on one Voila server, and the keeper of its preheated pools.

Voila builds its kernel manager as ``VoilaKernelManager(base)``, where ``base`` is
``VoilaConfiguration.multi_kernel_manager_class``: voila.json names :class:`ClassKernelManager` there.
Both ways a kernel is born go through its :meth:`ClassKernelManager.start_kernel`: a pool fill
(kernel variable ``VOILA_PREHEAT=True``) and a visitor's cold start when the page's pool is empty
(``VOILA_PREHEAT=False``). The rules:

- ``max_kernels`` bounds every kernel alive or starting, pooled, spare or a visitor's;
- a pooled kernel can always be handed over (that starts nothing);
- a visitor's start takes a *spare kernel* while one is left (``spare_kernels``: kernels started
  ahead, which have run no page; the page then runs in it, with the visitor's variables,
  ``spares_take_their_page``), so a class of thirty on any page waits for no kernel to start; the
  keeper starts the missing spares, all of them, once the limit leaves room for all, after the
  pools' own refills and after the class, as a refill waits (below): with room under the limit for
  a class's kernels too, they are back while it reads its page, for the page it moves on to;
- a visitor is handed a pool's ready kernel, or else a spare while one is left: never a pool's fill
  still on its way, which would make the visitor wait out ``fill_delay`` and a whole start
  (:meth:`ClassKernelManager.handed_pool_size`, the page handler's count of a pool);
- a pool's refill waits for the class: while visitors' pages are being sent, and until none has been
  asked for in ``refill_quiet`` seconds (at most ``refill_wait``), so a class arriving at once gets
  the CPU first (:meth:`ClassKernelManager.refill_after_the_class`);
- a kernel is shut down at once (its process group killed, :meth:`ClassKernelManager.shutdown_kernel`):
  a page's kernel holds nothing to keep, and the polite way cost a class moving on its CPU;
- a visitor's start at the limit with no spare left first shuts down a waiting pooled kernel of
  another page, if there is one, and otherwise is refused at once: Voila shows the site's ``503.html``, "the class is full,
  try again in a minute", with a ``Retry-After`` header; nobody waits for room;
- a pool fill that Voila has already handed to a visitor (one who came while the refill waited out
  ``fill_delay``, :meth:`ClassKernelManager._fill_handed_to_visitor`) is that visitor's start, with
  the visitor's rule above: it takes a waiting pooled kernel's place;
- any other pool fill at the limit is refused at once (logged at info) and leaves its pool as it
  fails (:meth:`ClassKernelManager._leave_pool`); the keeper, a periodic callback, refills a pool
  once there is room for all of its missing kernels again, so after a full class leaves its pools
  come back by themselves.

tests/test_keeper_machine.py plays random classes at this manager inside Voila's own pool manager
(kernels without processes): never more kernels than the limit, no refusal while a pooled or spare
kernel waits, no start while a spare waits, every pool and spare back after the class leaves.

The site's template and its pages' kernel (share/jupyter) are found from voila.json's
``ClassKernelManager.site_data``, put first on the server's JUPYTER_PATH
(:meth:`ClassKernelManager._use_site_data`), so a plain ``voila`` beside voila.json serves the site
as ``make serve`` does.

Culling (``MappingKernelManager.cull_*`` in voila.json) frees the kernels of closed tabs; Voila never
culls a pooled kernel, nor the culler here a spare one, and here a kernel's idle clock restarts when the culler first sees it out of
its pool, so a page handed over after a long wait in the pool is not culled before its browser
connects.

A stop (Ctrl-C in ``make serve``'s terminal, SIGTERM from systemd) logs plain lines and exits 0:
Voila stops its loop on SIGTERM and then shuts every kernel down, but on Ctrl-C Python raises
``KeyboardInterrupt`` wherever the server happens to be (a page's rendering, a pool's fill), which
logged tracebacks; here Ctrl-C takes Voila's SIGTERM path (:meth:`ClassKernelManager.stop_on_ctrl_c`).
A stopping server starts no kernel: a pool fill still waiting for its turn is refused, and the
kernels still starting when the stop comes (the server's first seconds) are given up
(:meth:`ClassKernelManager._give_up_starts`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import secrets
import signal
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from hmac import compare_digest
from pathlib import Path
from types import CodeType
from typing import Any, ClassVar, Final
from urllib.parse import parse_qs

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from jupyter_client.manager import KernelManager
from jupyter_client.session import Session
from jupyter_events import EventLogger
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from tornado import httputil
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.web import HTTPError, OutputTransform
from traitlets import Bunch, Float, Integer, TraitError, Unicode, default, validate
from traitlets.config import Application

from .forking import SPARE_VARIABLE

RETRY_AFTER_S: Final = 60
"""The ``Retry-After`` of the "class is full" page, in seconds: the page itself says "try again in a
minute", and within a minute a closed tab's kernel is culled or a pool refilled."""

KEEPER_INTERVAL_S: Final = 5.0
"""How often the keeper looks at the pools (the default of ``ClassKernelManager.keeper_interval``):
often enough that a pool refused at the limit is back seconds after room appears, and the look
itself costs nothing measurable (a few list lengths)."""


REFILL_WAIT_S: Final = 30.0
"""The default of ``ClassKernelManager.refill_wait``: longer than a class of thirty takes to get its
pages on two cores (about 5 s), short enough that pools come back under steady traffic."""

REFILL_QUIET_S: Final = 4.0
"""The default of ``ClassKernelManager.refill_quiet``: after a class of thirty has asked for its
pages, its last learners' kernels still answer for their widgets for a few seconds (measured on the
rules tour: every page sent by about 3 s, the last learner's widgets drawn at about 4.5 s)."""

REFILL_LOOK_S: Final = 0.1
"""How often a waiting refill looks whether the pages it waits for have been sent."""

STARTING_WAIT_S: Final = 30.0
"""How long a stopping server waits for kernels still starting before it shuts every kernel down."""


class ClassFull(HTTPError):
    """A kernel refused at the limit: status 503, shown as the site template's ``503.html`` in the
    visitor's language (``lang``, from the page's ``?lang=``)."""

    def __init__(self, in_use: int, limit: int, lang: str = "en") -> None:
        super().__init__(503, "the class is full: %d of %d kernels in use", in_use, limit, reason="The class is full")
        self.lang = lang


class SiteHeaders(OutputTransform):
    """What the server adds to its responses for a class:

    - ``Retry-After`` on every 503 (only the kernel limit sends one): browsers ignore it, but a proxy
      or a script that retries learns when to come back;
    - an XSRF cookie on an HTML page whose visitor has none. Voila's page shuts its kernel down on
      ``beforeunload`` with the ``_xsrf`` cookie as its token, but a page rendered from a pool sets
      no cookie (only pages rendered by the request's own handler do, such as the home page): a
      learner who opened a link straight to a page was refused (403) and the kernel stayed until
      culled. The cookie is what tornado itself would set (a random token; the check compares the
      cookie with the form's copy of it)."""

    cookie_path: ClassVar[str] = "/"
    """The XSRF cookie's path: the server's base URL (set when the transform is installed)."""

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._has_xsrf = "_xsrf" in request.cookies

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes, finishing: bool) -> tuple[int, httputil.HTTPHeaders, bytes]:
        if status_code == 503:
            headers["Retry-After"] = str(RETRY_AFTER_S)
        html = headers.get("Content-Type", "").startswith("text/html")
        if html and not self._has_xsrf and not any(c.startswith("_xsrf=") for c in headers.get_list("Set-Cookie")):
            headers.add("Set-Cookie", f"_xsrf={secrets.token_hex(16)}; Path={self.cookie_path}; SameSite=Lax")
        return status_code, headers, chunk


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept in memory for the server's life and shared by every page.

    Voila renders a page that no pool has prepared through a new nbconvert exporter, whose new Jinja
    environment parsed and compiled the whole template chain again (the site's, Voila's, nbconvert's):
    a third of the server's CPU for such a page, and the server is one process, so thirty learners
    opening a page at once queued behind it. Each template's code object is kept as it is, not as
    the bytes a file cache writes (unmarshalling those again was a tenth of the server's work for a
    page that shows little). Jinja checks each template's source against the checksum kept with its
    code, so a changed template is compiled afresh."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)


COMPILED_TEMPLATES: Final = CompiledTemplates()


def share_compiled_templates() -> None:
    """Give every nbconvert exporter's Jinja environment :data:`COMPILED_TEMPLATES` (once a process)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "_shares_compiled_templates", False):
        return

    def _create_environment(exporter: TemplateExporter) -> Environment:
        environment: Environment = create(exporter)  # type: ignore[no-untyped-call]  # untyped upstream
        environment.bytecode_cache = COMPILED_TEMPLATES
        return environment

    _create_environment._shares_compiled_templates = True  # type: ignore[attr-defined]  # a mark on the function
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]


MARKDOWN_KEPT: Final = 1024
"""How many rendered markdown cells the server keeps (the site's pages have about 200)."""


def keep_rendered_markdown() -> None:
    """Render each markdown cell once (once a process): Voila's exporter renders a page's markdown
    cells to HTML for every visitor, and the same cells give the same HTML each time; kept, a class
    opening a page spends that (a tenth of the server's work for a page) once.

    The HTML is kept by the cell's source and attachments and the exporter's renderer settings. An
    image a cell shows from a file is inlined when the cell is first rendered, so a changed image
    shows after the server restarts, as docs/deploy.md says of any change to the site."""
    from jinja2 import pass_context
    from voila.exporter import VoilaExporter  # type: ignore[import-untyped]  # untyped upstream

    render = VoilaExporter.markdown2html
    if getattr(render, "_keeps_rendered_markdown", False):
        return
    kept: OrderedDict[tuple[str, ...], str] = OrderedDict()

    @pass_context
    def markdown2html(exporter: VoilaExporter, context: Any, source: str) -> str:
        attachments = json.dumps(context["cell"].get("attachments", {}), sort_keys=True)
        key = (source, attachments, repr(exporter.markdown_renderer_class), str(exporter.anchor_link_text))
        html = kept.get(key)
        if html is None:
            html = kept[key] = render(exporter, context, source)
            if len(kept) > MARKDOWN_KEPT:
                kept.popitem(last=False)
        return html

    markdown2html._keeps_rendered_markdown = True  # type: ignore[attr-defined]  # a mark on the function
    VoilaExporter.markdown2html = markdown2html


OUTPUT_TYPES: Final = frozenset({"stream", "display_data", "execute_result", "error"})
"""The outputs a kernel's messages give a cell (nbformat's ``output_from_msg``)."""


def outputs_built_unchecked() -> None:
    """Build a cell's output from the kernel's message without checking it against the notebook
    format's schema (once a process). nbformat builds each output itself from the message's fields
    (``output_from_msg``) and then checks it with jsonschema, whose slow path is the only one that
    checks a part of the schema: a tenth of the server's work for a learner on the rules tour, for
    outputs of the site's own kernel. A page's notebook is still checked whole, once."""
    from nbformat.v4 import nbbase

    validate = nbbase.validate
    if getattr(validate, "_outputs_unchecked", False):
        return

    def validate_but_outputs(node: Any, ref: str | None = None) -> None:
        if ref in OUTPUT_TYPES:
            return
        validate(node, ref)  # type: ignore[no-untyped-call]  # untyped upstream

    validate_but_outputs._outputs_unchecked = True  # type: ignore[attr-defined]  # a mark on the function
    nbbase.validate = validate_but_outputs


def page_config_read_once() -> None:
    """Work out a page's JupyterLab page configuration once (once a process): Voila reads it for every
    page, and for every pooled kernel's page, from the installed extensions' files on disk (3 ms of
    the server's CPU a page, most of it ``stat`` calls), and it is the same each time until the
    server restarts, as docs/deploy.md says of any change to the site. Each page gets its own copy
    (the page's renderer writes its theme into it)."""
    import copy

    import voila.handler  # type: ignore[import-untyped]  # untyped upstream
    import voila.voila_kernel_manager  # type: ignore[import-untyped]  # untyped upstream

    read = voila.handler.get_page_config
    if getattr(read, "_read_once", False):
        return
    kept: dict[tuple[Any, ...], dict[str, Any]] = {}

    def get_page_config(base_url: str, settings: dict[str, Any], log: logging.Logger, voila_configuration: Any) -> dict[str, Any]:
        key = (base_url, id(settings), id(voila_configuration), settings.get("mathjax_config"), settings.get("mathjax_url"))
        found = kept.get(key)
        if found is None:
            found = kept[key] = read(base_url=base_url, settings=settings, log=log, voila_configuration=voila_configuration)
        return copy.deepcopy(found)

    get_page_config._read_once = True  # type: ignore[attr-defined]  # a mark on the function
    voila.handler.get_page_config = get_page_config  # both places Voila reads it from
    voila.voila_kernel_manager.get_page_config = get_page_config


PIECES_GATHERED_S: Final = 0.01
"""How long the pieces of a page wait to be sent together (``pages_sent_in_fewer_pieces``)."""


PAGES_BEING_SENT: Final[list[int]] = [0]
"""How many visitors' pages the server is sending now (counted by ``pages_sent_in_fewer_pieces``'s
handler): a pool's refill waits for them (:meth:`ClassKernelManager.refill_after_the_class`)."""

LAST_PAGE_ASKED: Final[list[float]] = [-math.inf]
"""When a visitor last asked for a page (``time.monotonic()``; counted there too)."""


LANG_COOKIE: Final = "u9-lang"
"""The cookie that keeps the language a visitor last chose on the home page (``?lang=``), for a
later visit to the site's root without one."""

_SPOKEN: Final = {"nb": "nb", "no": "nb", "nn": "nb", "en": "en"}
"""A browser's language tags (their first part) and the site's language each reads best in:
Norwegian nynorsk and plain "no" readers get bokmål."""


def visitors_language(accept_language: str) -> str | None:
    """The site's language a browser prefers most (its ``Accept-Language``), ``None`` when it names
    neither: ``'nb'`` for ``'nb-NO,nb;q=0.9,en;q=0.5'``.

    >>> visitors_language("nb-NO,nb;q=0.9,en-US;q=0.6,en;q=0.5"), visitors_language("de, en;q=0.3, no;q=0.8")
    ('nb', 'nb')
    >>> visitors_language("de-DE"), visitors_language("en-GB,en;q=0.9,nb;q=0.8"), visitors_language("nb;q=0, en;q=0.1")
    (None, 'en', 'en')
    """
    best: tuple[float, str] | None = None
    for part in accept_language.split(","):
        tag, _, params = part.strip().partition(";")
        lang = _SPOKEN.get(tag.strip().split("-")[0].lower())
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0  # (a weight no number: not a preference)
        if lang is not None and weight > 0 and (best is None or weight > best[0]):
            best = (weight, lang)
    return None if best is None else best[1]


def home_page_in_visitors_language() -> None:
    """The home page opened without ``?lang=`` speaks the language the visitor chose there last (a
    cookie), or else the one their browser prefers (``Accept-Language``), instead of always English;
    with ``?lang=`` it keeps that choice for the next visit (once a process). Its template reads the
    language from the query (tree.html), so the query it is given names the language."""
    from voila.tornado.treehandler import TornadoVoilaTreeHandler  # type: ignore[import-untyped]  # untyped upstream

    render = TornadoVoilaTreeHandler.render_template
    if getattr(render, "_speaks_visitors_language", False):
        return

    def render_template(handler: Any, name: str, **ns: Any) -> Any:
        if name in ("tree.html", "tree-lab.html"):
            query = str(ns.get("query") or "")
            chosen = parse_qs(query).get("lang", [None])[-1]
            if chosen in ("en", "nb"):
                handler.set_cookie(LANG_COOKIE, chosen, path=handler.base_url, expires_days=365, samesite="Lax")
            else:
                kept = handler.get_cookie(LANG_COOKIE)
                lang = kept if kept in ("en", "nb") else visitors_language(handler.request.headers.get("Accept-Language", ""))
                if lang is not None:
                    ns["query"] = f"{query}&lang={lang}" if query else f"lang={lang}"
        return render(handler, name, **ns)

    render_template._speaks_visitors_language = True  # type: ignore[attr-defined]  # a mark on the function
    TornadoVoilaTreeHandler.render_template = render_template


def pages_sent_in_fewer_pieces() -> None:
    """Send a page's pieces together, a few at a time (once a process), and count the pages being
    sent (:data:`PAGES_BEING_SENT`). Voila's page handler writes
    and flushes every piece its template yields, about 260 a page on the rules tour, each a write to
    the visitor's socket and a chunk of the answer: about 5 ms of the server's CPU a learner on the
    tours (docs/deploy.md). Here a piece waits at most :data:`PIECES_GATHERED_S` for those that follow it,
    and they go out as one: the browser still gets each cell's part as it is drawn, 10 ms later at
    the most."""
    from tornado.web import authenticated
    from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]  # untyped upstream

    if getattr(TornadoVoilaHandler.get, "_sends_in_fewer_pieces", False):
        return

    @authenticated  # (as upstream's)
    async def get(self: Any, path: str | None = None) -> None:
        due = False

        def flush() -> None:
            nonlocal due
            due = False
            if not self._finished:  # (the page may have ended meanwhile: finish() sent the rest)
                self.flush()

        PAGES_BEING_SENT[0] += 1
        LAST_PAGE_ASKED[0] = time.monotonic()
        try:
            async for html in self.get_generator(path=path):
                self.write(html)
                if not due:
                    due = True
                    IOLoop.current().call_later(PIECES_GATHERED_S, flush)
        finally:
            PAGES_BEING_SENT[0] -= 1

    get._sends_in_fewer_pieces = True  # type: ignore[attr-defined]  # a mark on the function
    TornadoVoilaHandler.get = get


HANDED_SPARES: Final[dict[str, tuple[dict[str, str], str]]] = {}
"""Spare kernels handed to a visitor whose page has not yet begun in them: kernel id -> (the
variables the visitor's own kernel would have started with, where they differ from the spare's;
the page's folder). Read by the page's renderer (``spares_take_their_page``)."""


def spares_take_their_page() -> None:
    """Give a spare kernel its visitor's variables before the page runs in it (once a process). Voila
    renders a page without a pooled kernel by starting a kernel, then running a line that sets
    ``VOILA_KERNEL_ID`` ahead of the page's cells; in a spare (:attr:`ClassKernelManager.spare_kernels`)
    a second line sets what its start could not know (the page's address and its ``?lang=``, the
    server's URL) and its folder. It goes on the same channel as the cells, so it runs before them."""
    from jupyter_core.utils import ensure_async
    from voila.notebook_renderer import NotebookRenderer  # type: ignore[import-untyped]  # untyped upstream

    start = NotebookRenderer._jinja_kernel_start
    if getattr(start, "_hands_over_spares", False):
        return

    async def _jinja_kernel_start(self: Any, nb: Any, kernel_id: str, kernel_future: Any) -> str:
        started: str = await start(self, nb, kernel_id, kernel_future)
        handed = HANDED_SPARES.pop(kernel_id, None)
        if handed is not None:
            env, cwd = handed
            code = f"import os\nos.environ.update({json.dumps(env)})\nos.chdir({json.dumps(cwd)})\ndel os"
            await ensure_async(self.executor.kc.execute(code, store_history=False, silent=True))
        return started

    _jinja_kernel_start._hands_over_spares = True  # type: ignore[attr-defined]  # a mark on the function
    NotebookRenderer._jinja_kernel_start = _jinja_kernel_start


def _succeeded(task: asyncio.Task[Any]) -> bool:
    """Whether ``task`` (a pool's fill, a spare's start) has ended with its kernel."""
    return task.done() and not task.cancelled() and task.exception() is None


def _failed(task: asyncio.Task[Any]) -> bool:
    """Whether ``task`` has ended without its kernel (refused, failed or cancelled)."""
    return task.done() and (task.cancelled() or task.exception() is not None)


def _read_outcome(task: asyncio.Task[Any]) -> None:
    """A done callback that reads how ``task`` ended, so asyncio logs no "never retrieved"."""
    if not task.cancelled():
        task.exception()


def _lang(env: dict[str, str]) -> str:
    """The visitor's language from a cold start's kernel variables (Voila passes the page's query)."""
    return "nb" if "nb" in parse_qs(env.get("QUERY_STRING", "")).get("lang", []) else "en"


class SiteKernelManager(ServerKernelManager):
    """jupyter_server's manager of one kernel, with one event logger for all of the server's kernels.

    Upstream, a kernel's manager takes its server's event logger, and Voila's server has none: each
    kernel made its own, reading and checking the kernel events' schema (YAML) to register it, for
    events nobody listens to; a twentieth of the server's work for a learner on a page that shows
    little. Here the first kernel's logger, its schema registered, serves every kernel after it."""

    _events: ClassVar[EventLogger | None] = None

    @default("event_logger")
    def _one_event_logger(self) -> EventLogger:
        if SiteKernelManager._events is None:
            SiteKernelManager._events = ServerKernelManager._default_event_logger(self)  # upstream's own, once
        return SiteKernelManager._events


class ClassKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a limit on kernels and a keeper for Voila's pools (the
    pool methods and ``_pools`` are the ``VoilaKernelManager`` subclass's; without preheating there
    are no pools and only the limit applies)."""

    max_kernels = Integer(
        0,
        config=True,
        help="The most kernels alive or starting at once, pooled ones included; 0 means no limit. A visitor's page beyond it gets the 'class is full' page.",
    )
    keeper_interval = Float(KEEPER_INTERVAL_S, config=True, help="Seconds between the keeper's looks at the preheated pools.")
    site_data = Unicode(
        "",
        config=True,
        help=(
            "The site's own Jupyter data folder (its Voila template and its pages' kernel), searched before "
            "JUPYTER_PATH; relative to the folder Voila starts in, which holds voila.json. Empty: JUPYTER_PATH only."
        ),
    )

    spare_kernels = Integer(
        0,
        config=True,
        help=(
            "Kernels started ahead for whichever page is opened: a visitor of a page whose pool is empty takes one "
            "(its page then runs in it) instead of waiting for a kernel to start. They count in max_kernels, and start "
            "again after the class (as a pool's refill waits, refill_quiet)."
        ),
    )
    spare_kernel_name = Unicode("python3", config=True, help="The kernel spec of the spare kernels (a page of another kernel starts its own).")
    refill_quiet = Float(
        REFILL_QUIET_S,
        config=True,
        help="A pool's refill waits until no visitor has asked for a page for this many seconds (and none is being sent).",
    )
    refill_wait = Float(
        REFILL_WAIT_S,
        config=True,
        help=(
            "At most this many seconds a pool's refill waits, once Voila's fill_delay is over, while visitors' pages "
            "are being sent: a class arriving at once gets the CPU first (0: refills never wait)."
        ),
    )

    @default("kernel_manager_class")
    def _site_kernel_manager(self) -> str:
        return f"{SiteKernelManager.__module__}.{SiteKernelManager.__qualname__}"

    def __init__(self, **kwargs: Any) -> None:
        try:
            super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # jupyter_server's is untyped
        except TraitError as error:
            parent = kwargs.get("parent")
            if not isinstance(parent, Application):
                raise  # made on its own (a test, a script): the error as it is
            # Made by the server from voila.json and the command line: a wrong setting is the
            # operator's to put right, so one line naming it, not a traceback through traitlets.
            parent.log.critical("The server did not start: a setting is wrong (voila.json or the command line): %s", error)
            folder = getattr(parent, "connection_dir", None)  # Voila made it just before, and removes it only at a stop
            if isinstance(folder, str):
                with contextlib.suppress(OSError):
                    os.rmdir(folder)  # empty: no kernel was started
            raise SystemExit(1) from None
        self._starting: set[str] = set()
        """Kernels being started through start_kernel (not yet, or only just, in ``_kernels``)."""
        self._evicting: set[str] = set()
        """Pooled kernels being shut down to make room for a visitor: no longer counted."""
        self._seen: set[str] = set()
        """Kernels the culler has seen outside the pools (their idle clock restarted then)."""
        self._keeper: PeriodicCallback | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop (set at the first start)."""
        self._starting_managers: dict[str, KernelManager] = {}
        """The kernel managers of the kernels in :attr:`_starting` (jupyter_server has them only once started)."""
        self._stopping = False
        """Set once the server shuts its kernels down: nothing starts after that."""
        self._fills_begun: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        """Pool fills that have come to start their kernel (counted in :meth:`in_use` from then on)."""
        self._spares: list[asyncio.Task[str]] = []
        """Spare kernels started or starting, not yet handed to a visitor (:attr:`spare_kernels`)."""
        self._use_site_data()
        share_compiled_templates()
        keep_rendered_markdown()
        outputs_built_unchecked()
        pages_sent_in_fewer_pieces()
        home_page_in_visitors_language()
        page_config_read_once()
        spares_take_their_page()
        self._no_unwritten_records()
        for klass in type(self).__mro__:  # VoilaKernelManager's get_pool_size (its subclass, built by Voila): the handler's reading of a pool
            if klass is ClassKernelManager:
                break
            if "get_pool_size" in vars(klass):
                klass.get_pool_size = ClassKernelManager.handed_pool_size  # type: ignore[attr-defined]  # (Voila's class, untyped)
                break
        if self.spare_kernels:  # with no pool, no kernel would start the keeper before a visitor
            IOLoop.current().add_callback(self._start_keeper)

    # --- the site's template and kernel -----------------------------------------------------------

    def _use_site_data(self) -> None:
        """Put :attr:`site_data` first on this server's JUPYTER_PATH, as ``make serve`` does for the
        whole process. Voila finds the site's template and the pages' kernel only on JUPYTER_PATH and
        has no setting of its own for it: a plain ``voila`` beside voila.json, as Voila's documentation
        teaches, rendered every page as a bare 500. Voila reads the variable again later (the template's
        static files, at each request) and the kernels inherit it; what it has already worked out from
        it by the time it builds this manager (its template and static folders, its kernel spec
        manager's folders) is worked out again here, before anything reads it."""
        app = self.parent
        if not self.site_data or app is None or not hasattr(app, "template_paths"):
            return
        from jupyter_core.paths import jupyter_path  # Voila's own way to find its folders
        from voila.paths import collect_static_paths, collect_template_paths  # type: ignore[import-untyped]  # untyped upstream

        given = Path(self.site_data).expanduser()
        site = str(given if given.is_absolute() else Path(os.getcwd(), given))
        if not Path(site).is_dir():
            # A copy of voila.json elsewhere (a test's scratch site) finds them on JUPYTER_PATH as before.
            self.log.warning("ClassKernelManager.site_data: no folder %s; the site's template and kernel are looked for on JUPYTER_PATH only", site)
            return
        path = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != site]
        os.environ["JUPYTER_PATH"] = os.pathsep.join([site, *path])
        template, apps = app.voila_configuration.template, ["voila", "nbconvert"]
        templates = collect_template_paths(apps, template, prune=True, root_dirs=jupyter_path())
        app.template_paths = templates + [p for p in app.template_paths if p not in templates]
        static = collect_static_paths(apps, template, root_dirs=jupyter_path())
        app.static_paths = static + [p for p in app.static_paths if p not in static]
        specs = self.kernel_spec_manager
        if specs is not None:  # Voila always gives its own
            kernels = jupyter_path("kernels")
            specs.kernel_dirs = kernels + [d for d in specs.kernel_dirs if d not in kernels]

    def _no_unwritten_records(self) -> None:
        """Raise the server's logger to the lowest level any of its handlers writes. traitlets sets
        the logger itself to DEBUG and only its handlers to the configured level, so every debug line
        was formatted into a record and then dropped: jupyter_server logs one for each message a
        kernel sends (``start_watching_activity``), a tenth of the server's CPU while a class's
        kernels draw their pages."""
        log = self.log
        if not isinstance(log, logging.Logger) or log.propagate or not log.handlers:
            return  # records go on to other loggers' handlers: leave it as it is
        lowest = min(handler.level for handler in log.handlers)
        if log.level < lowest:
            log.setLevel(lowest)

    # --- the pools' settings ------------------------------------------------------------------------

    @validate("kernel_pools_config")
    def _read_pools(self, proposal: Bunch) -> dict[str, dict[str, Any]]:
        """Voila's ``kernel_pools_config`` (a trait of its ``VoilaKernelManager`` subclass), each page's
        settings checked. On the command line traitlets takes a dict one ``key=value`` at a time
        (the whole dict as JSON is deprecated): ``--VoilaKernelManager.kernel_pools_config=default={"pool_size": 1}``;
        Voila's trait gives the values no type, so a page's settings arrive as text, read here as
        JSON. A wrong value stops the server at start with a message naming it."""
        pools: dict[str, dict[str, Any]] = {}
        for page, given in dict(proposal["value"]).items():
            settings = given
            if isinstance(given, str):
                try:
                    settings = json.loads(given)
                except ValueError:
                    settings = None
            if not isinstance(settings, dict):
                raise TraitError(f'kernel_pools_config: the settings of {page!r} must be a JSON object such as {{"pool_size": 1}}, not {given!r}')
            size = settings.get("pool_size", 1)
            if isinstance(size, bool) or not isinstance(size, int) or size < 0:
                raise TraitError(f"kernel_pools_config: the pool_size of {page!r} must be a whole number of kernels, 0 or more, not {size!r}")
            pools[str(page)] = settings
        return pools

    @validate("spare_kernels", "max_kernels")
    def _read_kernel_count(self, proposal: Bunch) -> int:
        """A number of kernels, 0 or more (for the limit, 0 is none): a wrong one stops the server at
        start, named (a negative limit refused every visitor)."""
        kernels = int(proposal["value"])
        if kernels < 0:
            raise TraitError(f"{proposal['trait'].name} must be a whole number of kernels, 0 or more, not {kernels}")
        return kernels

    @validate("refill_quiet", "refill_wait", "fill_delay")
    def _read_refill_seconds(self, proposal: Bunch) -> float:
        """A refill's wait in seconds, 0 or more: a wrong one stops the server at start, named."""
        seconds = float(proposal["value"])
        if not math.isfinite(seconds) or seconds < 0:
            raise TraitError(f"{proposal['trait'].name} must be a number of seconds, 0 or more, not {proposal['value']!r}")
        return seconds

    # --- the limit --------------------------------------------------------------------------------

    def in_use(self) -> int:
        """Kernels alive or starting, less those being shut down for a visitor."""
        return len((set(self._kernels) | self._starting) - self._evicting)

    # jupyter_server's start_kernel is a coroutine too, where jupyter_client's base declares a str.
    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel unless the limit is reached (then :class:`ClassFull`, at once)."""
        self._start_keeper()
        env: dict[str, str] = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True" and kernel_id is None:
            await self.refill_after_the_class()
        if self._stopping and not (kernel_id is not None and kernel_id in self):
            # Voila's shutdown awaits the pools' fills; one still waiting for its turn would start a kernel now.
            raise RuntimeError("the server is stopping: no kernel starts")
        if kernel_id is not None and kernel_id in self:
            return str(await super().start_kernel(kernel_id=kernel_id, **kwargs))  # an existing kernel: nothing starts
        if env.get("VOILA_PREHEAT") != "True" and kwargs.get("kernel_name", self.spare_kernel_name) == self.spare_kernel_name:
            spare = await self._take_spare(env, str(kwargs.get("path") or ""))
            if spare is not None:
                return spare
        # A fill a visitor was handed while it waited out Voila's fill_delay is that visitor's start.
        preheat = env.get("VOILA_PREHEAT") == "True" and not self._fill_handed_to_visitor()
        task = asyncio.current_task()
        if task is not None and env.get("VOILA_PREHEAT") == "True":
            self._fills_begun.add(task)
        victim = None
        if self.max_kernels and self.in_use() >= self.max_kernels:
            victim = None if preheat else self._take_a_pooled_kernel()
            if victim is None:
                in_use = self.in_use()
                if preheat:
                    self.log.info("Kernel limit reached (%d of %d): the pool waits for room", in_use, self.max_kernels)
                    # Out of its pool before it fails: Voila's shutdown_kernel reads every done fill's result,
                    # and one that ran before a later drop raised this refusal (the tab's kernel stayed).
                    self._leave_pool(asyncio.current_task())
                else:
                    self.log.warning("Kernel limit reached (%d of %d): a visitor gets the 'class is full' page", in_use, self.max_kernels)
                raise ClassFull(in_use, self.max_kernels, _lang(env))
        # Our own id, so the kernel counts from this moment (before any await), before its process exists.
        kernel_id = kernel_id or self.new_kernel_id(**kwargs)
        self._starting.add(kernel_id)
        try:
            if victim is not None:
                await self._shut_down_pooled(victim)
            return str(await super().start_kernel(kernel_id=kernel_id, **kwargs))
        finally:
            self._starting.discard(kernel_id)
            self._starting_managers.pop(kernel_id, None)

    def pre_start_kernel(self, kernel_name: str | None, kwargs: Any) -> tuple[KernelManager, str, str]:
        """jupyter_client's, keeping the new kernel's manager while it starts (a stop gives it up,
        :meth:`_give_up_starts`)."""
        manager, name, kernel_id = super().pre_start_kernel(kernel_name, kwargs)
        if kernel_id in self._starting:
            self._starting_managers[kernel_id] = manager
        return manager, name, kernel_id

    async def refill_after_the_class(self) -> None:
        """Hold a pool fill (in its own task) while visitors' pages are being sent, for at most
        ``refill_wait`` seconds: a refill runs its page as a learner's kernel does, and during a
        class arriving at once it would take the CPU from the learners still waiting for theirs. A
        fill handed to a visitor meanwhile (:meth:`_fill_handed_to_visitor`) is that visitor's start
        and goes at once, as does every fill once the server stops (it is then refused). Until it
        goes it holds its place in the pool, and the keeper counts it as waiting."""
        deadline = time.monotonic() + self.refill_wait
        while self._class_arriving() and time.monotonic() < deadline and not self._stopping and not self._fill_handed_to_visitor():
            await asyncio.sleep(REFILL_LOOK_S)

    def _class_arriving(self) -> bool:
        """Whether visitors' pages are being sent, or one was asked for within ``refill_quiet``
        seconds (its widgets follow its HTML: the kernel answers for them after the page is sent)."""
        return PAGES_BEING_SENT[0] > 0 or time.monotonic() - LAST_PAGE_ASKED[0] < self.refill_quiet

    def _fill_handed_to_visitor(self) -> bool:
        """Whether the pool fill now starting its kernel has been handed to a visitor. Voila refills
        a pool with a task that waits ``fill_delay`` before it starts, and counts that task in the
        pool: a visitor who comes meanwhile is handed it and awaits it (Voila's
        ``get_rendered_notebook`` pops it from the pool). Only that takes a pending fill out of its
        pool (the server's stop empties the pools, but then nothing starts anyway), so a fill missing
        from every pool has a visitor waiting on it: at the limit it must make room as the visitor's
        own cold start does, not be refused as a fill (the visitor got "the class is full" with 30
        idle pooled kernels on the server)."""
        task = asyncio.current_task()
        return task is not None and not any(task in pool for _name, pool in self._pool_lists())

    def _leave_pool(self, task: asyncio.Task[Any] | None) -> None:
        """Take a pool fill that is about to fail out of its pool (the keeper refills the pool)."""
        for _name, pool in self._pool_lists():
            if task in pool:
                pool.remove(task)
                task.add_done_callback(_read_outcome)

    def _take_a_pooled_kernel(self) -> dict[str, Any] | None:
        """Make room for a visitor: take a ready kernel out of the fullest pool (the keeper refills it
        once there is room again) and stop counting it. None when no pool holds a ready kernel."""
        ready: dict[str, list[asyncio.Task[Any]]] = {}
        pools = dict(self._pool_lists())
        for name, pool in pools.items():
            for task in pool:
                if _succeeded(task):
                    ready.setdefault(name, []).append(task)
        if not ready:
            return None
        name = max(ready, key=lambda n: len(ready[n]))
        task = ready[name][-1]
        # Out of the pool at once: no visitor is handed it, nobody takes it twice.
        pools[name].remove(task)
        content: dict[str, Any] = task.result()
        self._evicting.add(str(content["kernel_id"]))
        self.log.info("Kernel limit reached: shutting down pooled kernel %s of %s for a visitor", content["kernel_id"], name)
        return content

    async def _shut_down_pooled(self, content: dict[str, Any]) -> None:
        kernel_id = str(content["kernel_id"])
        try:
            content["task"].cancel()  # its rendering of the page, which nobody will read
            await self.shutdown_kernel(kernel_id, now=True)
        finally:
            self._evicting.discard(kernel_id)

    # --- spare kernels ----------------------------------------------------------------------------

    def _spare_env(self) -> dict[str, str]:
        """A spare's variables: the server's, as a visitor's kernel gets them, less what only its
        visitor's request tells (given at the hand-over, ``spares_take_their_page``)."""
        env = dict(os.environ)
        env["VOILA_PREHEAT"] = "False"
        env[SPARE_VARIABLE] = "True"
        return env

    async def _start_spare(self) -> str:
        if self._stopping:
            raise RuntimeError("the server is stopping: no kernel starts")
        kernel_id = self.new_kernel_id()
        self._starting.add(kernel_id)
        try:
            started = await super().start_kernel(kernel_id=kernel_id, kernel_name=self.spare_kernel_name, path=None, env=self._spare_env())
            return str(started)
        finally:
            self._starting.discard(kernel_id)
            self._starting_managers.pop(kernel_id, None)

    def _keep_spares(self, room: float) -> None:
        """Start the missing spare kernels, all of them, if the limit leaves ``room`` for all."""
        errors = [t.exception() for t in self._spares if _failed(t) and not t.cancelled()]
        if errors:  # said once a look, for the batch (a wrong kernel name fails every spare)
            self.log.warning("%d spare kernel(s) could not start (%s): %s", len(errors), self.spare_kernel_name, errors[0])
        self._spares = [t for t in self._spares if not _failed(t)]
        missing = self.spare_kernels - len(self._spares)
        # After the class, as a pool's refill (refill_after_the_class): their starts would take the
        # CPU from learners still waiting for their pages.
        if 0 < missing <= room and not self._stopping and not self._class_arriving():
            self.log.info("Starting %d spare kernel(s)", missing)
            for _ in range(missing):
                task = asyncio.ensure_future(self._start_spare())
                task.add_done_callback(_read_outcome)
                self._spares.append(task)

    def spare_ids(self) -> set[str]:
        """The spare kernels started and waiting for a visitor."""
        return {t.result() for t in self._spares if _succeeded(t)}

    async def _take_spare(self, env: dict[str, str], path: str) -> str | None:
        """Hand a spare kernel to a visitor (one already started, else one starting): the id of the
        kernel, which has the visitor's variables and folder before the page runs in it; None if no
        spare is left (or the one taken failed to start)."""
        while self._spares:
            ready = [t for t in self._spares if t.done()]
            task = ready[0] if ready else self._spares[0]
            self._spares.remove(task)  # out of the list at once: nobody else takes it
            try:
                kernel_id = await task
            except Exception:  # a failed start (read): the next spare, or the visitor's own start
                continue
            kernel = self._kernels.get(kernel_id)
            if kernel is None:  # ended meanwhile
                continue
            given = self._spare_env()
            HANDED_SPARES[kernel_id] = ({k: v for k, v in env.items() if given.get(k) != v}, str(self.cwd_for_path(path)))  # type: ignore[no-untyped-call]  # untyped upstream
            kernel.last_activity = utcnow()  # its idle clock starts with its visitor
            self.log.info("Kernel %s: a spare kernel handed to a visitor (%d left)", kernel_id, len(self._spares))
            return kernel_id
        return None

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:  # type: ignore[override]
        """jupyter_server's, forgetting a handed spare whose page never began (its tab closed first),
        and at once (``now``: its process group is killed): a page's kernel holds nothing to keep,
        and the polite way (a shutdown message, the kernel's own ending, the server polling it every
        0.1 s) cost the CPU a class moving on to its next page waits for: with 30 learners leaving
        the comparison for the 3UP 3DOWN tour at the same moment, p95 5.3 s, and 4.4 s at once."""
        HANDED_SPARES.pop(kernel_id, None)
        await super().shutdown_kernel(kernel_id, now=now or not restart, restart=restart)  # type: ignore[no-untyped-call]  # untyped upstream

    # --- the keeper -------------------------------------------------------------------------------

    def _start_keeper(self) -> None:
        """Start the keeper, add :class:`SiteHeaders` to the server's responses and take over Ctrl-C
        (:meth:`stop_on_ctrl_c`), on the first start (inside the running loop; Voila's web application
        exists by then)."""
        if self._keeper is not None:
            return
        self._loop = asyncio.get_running_loop()
        # Only where Python's own Ctrl-C handling is in place: a server started with SIGINT ignored
        # (nohup, a shell's `trap "" INT`) goes on ignoring it, and a handler someone set is kept.
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.stop_on_ctrl_c)
        app = getattr(self.parent, "app", None)
        if app is not None and SiteHeaders not in app.transforms:
            SiteHeaders.cookie_path = str(getattr(self.parent, "base_url", "/") or "/")
            app.add_transform(SiteHeaders)
        self._keeper = PeriodicCallback(self.keep_pools, 1000 * self.keeper_interval)
        self._keeper.start()
        pooled = sum(self.pool_size(name) for name, _pool in self._pool_lists())
        if self.max_kernels and self.spare_kernels and pooled + self.spare_kernels > self.max_kernels:
            self.log.warning(
                "spare_kernels (%d) and the pools' %d kernels are more than max_kernels (%d): the spares start only while the pools have room for all of them",
                self.spare_kernels,
                pooled,
                self.max_kernels,
            )
        if self.spare_kernels:  # the spares start with the server's pools, not at the keeper's first look
            asyncio.get_running_loop().call_soon(self.keep_pools)

    def _pool_lists(self) -> Iterator[tuple[str, list[asyncio.Task[Any]]]]:
        """Voila's pools (``VoilaKernelManager._pools``: a list of fill tasks per notebook), if any."""
        pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        yield from pools.items()

    def pool_size(self, notebook: str) -> int:
        """The configured size of ``notebook``'s pool (Voila's own reading of kernel_pools_config)."""
        config: dict[str, Any] = getattr(self, "kernel_pools_config", {})
        default: dict[str, Any] = config.get("default", {})
        return int(config.get(notebook, default).get("pool_size", default.get("pool_size", 1)))

    def handed_pool_size(self, notebook_name: str) -> int:
        """``notebook_name``'s pool as Voila's page handler counts it (``get_pool_size``, which this
        replaces): the handler hands a visitor the pool's first entry whenever the count is above 0,
        ready or not, and a fill still on its way makes the visitor wait out ``fill_delay`` and a
        whole start (2.4 s for a third visitor one after another; in a class arriving at once, every
        learner after the pool's ready kernels). So the ready kernels are put first, and the fills
        on their way count only when no spare kernel is left to take instead (a failed fill, which
        the keeper drops at its next look, never counts and comes last)."""
        pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        pool = pools.get(notebook_name, [])
        pool.sort(key=lambda task: 0 if _succeeded(task) else 2 if _failed(task) else 1)  # (stable: the oldest ready kernel first)
        ready = sum(1 for task in pool if _succeeded(task))
        if ready or self._spares:
            return ready
        return sum(1 for task in pool if not _failed(task))

    def _drop_failed_pool_tasks(self) -> None:
        """Remove refused or failed fills from the pools, so no visitor is handed one and the
        handler's pool count is true (reading the exception also keeps asyncio from logging it)."""
        for _name, pool in self._pool_lists():
            pool[:] = [t for t in pool if not _failed(t)]

    def keep_pools(self) -> None:
        """Refill every pool that is short of kernels, whole, when the limit leaves room for all its
        missing kernels (a pool never competes with visitors for the last places)."""
        self._drop_failed_pool_tasks()
        self._seen &= set(self._kernels)
        # Fills still waiting out Voila's fill_delay hold their places too.
        waiting = sum(1 for _name, pool in self._pool_lists() for t in pool if not t.done() and t not in self._fills_begun)
        room = self.max_kernels - self.in_use() - waiting if self.max_kernels else math.inf
        for name, pool in list(self._pool_lists()):
            missing = self.pool_size(name) - len(pool)
            if 0 < missing <= room:
                self.log.info("Refilling the kernel pool of %s with %d kernel(s)", name, missing)
                getattr(self, "fill_if_needed")(delay=0, notebook_name=name)  # VoilaKernelManager's  # noqa: B009
                room -= missing
        self._keep_spares(room)  # the pools come first

    def stop_keeper(self) -> None:
        if self._keeper is not None:
            self._keeper.stop()

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]  # a coroutine upstream too
        self._stopping = True
        self.stop_keeper()  # the server is stopping: nothing must refill
        self.log.info("Stopping: shutting down %d kernel(s)", len(set(self._kernels) | self._starting))
        # A kernel still starting is not yet one jupyter_server can shut down (its id is unknown to
        # it until the start returns: the shutdown failed with a traceback); its start is short.
        loop = asyncio.get_running_loop()
        if loop is self._loop:  # (Voila's own stop runs on a new loop, where no start goes on)
            deadline = loop.time() + STARTING_WAIT_S
            while self._starting and loop.time() < deadline:
                await asyncio.sleep(0.1)
        self._give_up_starts()
        await super().shutdown_all(now=now)

    def _give_up_starts(self) -> None:
        """Give up the kernels still starting at a stop, killing any process one has already.
        Voila stops the server by shutting its kernels down on a new event loop, once its own has
        ended (jupyter_core's ``run_sync``), so a start under way (a pool's fill in the server's
        first seconds) never ends; jupyter_client's shutdown then asked for each by its id, which
        jupyter_server knows only once the start is over: a traceback (404 "Kernel does not
        exist"), and the server and a kernel left running. A kernel forked but not yet known here
        ends by itself with the server (it watches its parent)."""
        starting = [k for k in self._pending_kernels if k not in self._kernels]
        for kernel_id in starting:
            self._pending_kernels.pop(kernel_id).cancel()
            manager = self._starting_managers.pop(kernel_id, None)
            process = getattr(getattr(manager, "provisioner", None), "process", None)
            if process is not None:
                with contextlib.suppress(OSError):
                    process.kill()
        if starting:
            self.log.info("Stopping: %d kernel(s) still starting given up", len(starting))

    def stop_on_ctrl_c(self) -> None:
        """Ctrl-C stops the server as SIGTERM does (Voila's own way: its loop ends, then every kernel
        is shut down), instead of a ``KeyboardInterrupt`` striking whatever runs. A second Ctrl-C
        ends the server at once (its kernels end by themselves once their parent is gone)."""
        loop = asyncio.get_running_loop()
        loop.remove_signal_handler(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        self.log.info("Ctrl-C: stopping the server (Ctrl-C again stops it at once)")
        loop.stop()

    # --- activity -------------------------------------------------------------------------------

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's watcher of a kernel's IOPub messages (its last activity, for the culler,
        and its execution state), reading only what it uses. Upstream deserializes every message,
        turning each date in its headers into a datetime: with the widgets' hundreds of messages a
        page, a fifth of the server's CPU while a class's pages draw, for the one time it keeps (now).
        Here the signature is checked as upstream does, then only the two headers are read, and a
        status message's content."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)

        untracked = set(self.untracked_message_types)  # upstream's track_message_type, read once

        def record_activity(msg_list: list[bytes]) -> None:
            _idents, given = session.feed_identities(msg_list)
            parts = [part if isinstance(part, bytes) else part.bytes for part in given[:5]]
            if len(parts) < 5:
                return
            if session.auth is not None and not compare_digest(parts[0], session.sign(parts[1:5])):
                return  # not the kernel's: no activity
            header, parent = json.loads(parts[1]), json.loads(parts[2])
            msg_type = header.get("msg_type")
            parent_type = parent.get("msg_type") if isinstance(parent, dict) else None
            if msg_type not in untracked or parent_type not in untracked or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = json.loads(parts[4]).get("execution_state")
                if parent_type not in untracked:
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"

        kernel._activity_stream.on_recv(record_activity)

    # --- culling ----------------------------------------------------------------------------------

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Voila's subclass passes only kernels outside the pools here. The first time one is seen, its
        idle clock restarts: a pooled kernel was idle while it waited, and its page may have been
        handed over a moment ago, before the browser connected."""
        if kernel_id in self.spare_ids():
            return  # a spare waits for its visitor, as a pooled kernel does
        if kernel_id not in self._seen:
            self._seen.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]  # untyped upstream
