"""What every explainer page has: its language switch, and output areas drawn in the page's language.

* ``Page``: the switch (English / Norsk). Every view registered with ``page.show(view)`` follows
  it (its ``lang``), and it shows the narrative blocks of that language: a page's narrative is
  Markdown in both languages, ``<div class="u9-en">`` and ``<div class="u9-nb">`` blocks. On an
  explainer (``Page(explainer="2_hand_checker.ipynb")``) it links home and to the next page, and
  ``page.footer()`` closes the page with the same links (``nav.Nav``), in the page's language. The
  page marks the language it shows (``.u9-page-lang``): the site's template writes it into the
  address (``?lang=nb``), the tab title and ``<html lang>``, so a reload or Back keeps it.
* ``page_lang``: the language a page opens in (``?lang=nb`` in its address).
* ``wait_for_visitor``: in a kernel Voila started ahead of its visitor (a preheated kernel), waits
  for the page's request, so that ``page_lang`` can read its address (``page.footer()`` does this).
* ``LangOutput``: an output area drawn by ``draw(lang)`` (a plotly figure, a table).
* ``RunButton``: a button that runs an action (its progress bar under it) and then redraws outputs.
* ``Progress``: a plain progress bar, "12 of 30 games" in the page's language (no rates).
* ``Advanced``: a section closed by default, for the details a developer wants (bots, seeds, files).
"""

from __future__ import annotations

import contextlib
import io
import os
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Final
from urllib.parse import parse_qs

import ipywidgets as w
from IPython import get_ipython
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display

from ._common import OwnLanguage, boundary, guard, log, style_tag
from .figures import figure_output, is_figure
from .nav import Nav
from .texts import LANGS, check_lang, number_text

__all__ = ["Advanced", "LangOutput", "Page", "Progress", "RunButton", "page_lang", "wait_for_visitor"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "language": "Language",
        "advanced": "Advanced: how it was computed",
        "games": "{done} of {total} games",
        "games_both": "{done} of {total} games, both rule sets together",
        "games_upto": "{done} games so far (it stops once the answer is clear; at most {total})",
        "games_both_upto": "{done} games so far, both rule sets together (it stops once the answer is clear; at most {total})",
        "deals": "{done} of {total} deals",
    },
    "nb": {
        "language": "Språk",
        "advanced": "Avansert: hvordan det ble regnet ut",
        "games": "{done} av {total} spill",
        "games_both": "{done} av {total} spill, begge regelsettene til sammen",
        "games_upto": "{done} spill så langt (det stopper når svaret er klart; høyst {total})",
        "games_both_upto": "{done} spill så langt, begge regelsettene til sammen (det stopper når svaret er klart; høyst {total})",
        "deals": "{done} av {total} utdelinger",
    },
}
assert set(TEXTS) == set(LANGS)

_SHOW: Final = {
    "en": "<style>.u9-nb{display:none !important}.u9-en{display:block}</style>",
    "nb": "<style>.u9-en{display:none !important}.u9-nb{display:block !important}</style>",
}
_MARK: Final = '<span class="u9-page-lang" data-lang="{lang}" hidden></span>'
"""The language the page shows, for the site's template: its script puts it into the page's address
(``?lang=``), its tab title and ``<html lang>``, so that a reload, a bookmark or Back keeps it."""


def _shown(lang: str) -> str:
    """What the page's hidden style box holds in ``lang``: the rules that show that language's
    narrative, and the mark that tells the template's script the language (``_MARK``)."""
    return _SHOW[lang] + _MARK.format(lang=lang)


def page_lang(default: str = "en") -> str:
    """The language a page opens in: ``?lang=nb`` in the page's address (Voila passes its query
    string to the kernel), else ``UPTO9_LANG``, else ``default``."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    for lang in (*query.get("lang", []), os.environ.get("UPTO9_LANG", ""), default):
        if lang in LANGS:
            return lang
    return default


_visited = False
"""Whether this kernel's visitor has arrived (their request can only arrive once)."""


def wait_for_visitor() -> bool:
    """Under Voila's preheated kernels (``VOILA_PREHEAT=True``) the notebook runs before anyone opens
    the page, so its address (``?lang=nb``) is not known yet: wait for the request (Voila's
    ``wait_for_request``, which puts its QUERY_STRING into the environment) and return True. Anywhere
    else (a kernel Voila starts for a request, Jupyter, nbval, the tests) return False at once."""
    global _visited
    if _visited or os.environ.get("VOILA_PREHEAT", "False") != "True":
        return False
    try:
        arrived = _wait_for_request()
    except Exception:  # the page still works, in the language it was drawn in
        log.exception("the page's request did not reach its preheated kernel")
        return False
    _visited = arrived
    return arrived


def _wait_for_request() -> bool:
    """Voila's ``voila.utils.wait_for_request`` without importing voila: that import loads
    jupyter_server, nbconvert and jinja2 into every preheated kernel (43 MB of a hand checker's 104).
    Reads the visitor's request from Voila's ``/voila/query/<kernel id>`` websocket with tornado
    (ipykernel has loaded it already) and puts it into ``os.environ``, as Voila's does."""
    import asyncio
    import json
    import threading

    from tornado.websocket import websocket_connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    host = f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:{env.get('VOILA_APP_PORT', '8866')}"
    url = f"{host}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    received: list[str] = []
    failed: list[BaseException] = []

    async def read() -> None:
        connection = await websocket_connect(url, connect_timeout=5)
        try:
            message = await connection.read_message()
            if isinstance(message, str):
                received.append(message)
        finally:
            connection.close()

    def run() -> None:
        try:
            asyncio.run(read())
        except BaseException as error:  # raised in the caller's thread below
            failed.append(error)

    # Its own loop in its own thread: the kernel's loop is busy running this very cell.
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    if not received:
        return False
    os.environ.update(json.loads(received[0]))
    return True


class Page(w.VBox):  # type: ignore[misc]
    """The page's language switch (English / Norsk). ``page.show(view)`` registers a view (or
    several: the last is returned for display, the others displayed before it); the switch sets ``lang`` on every view
    registered and shows the narrative blocks of that language. ``explainer`` names the page's
    notebook: the page then starts with its links (home, the next page), which follow the switch."""

    def __init__(self, lang: str | None = None, *, explainer: str | None = None, **kwargs: Any) -> None:
        lang = check_lang(lang or page_lang())
        self._views: list[Any] = []
        self.explainer = explainer
        nav = [] if explainer is None else [Nav(explainer, lang=lang)]
        self._views.extend(nav)
        self._switch = w.ToggleButtons(options=[("English", "en"), ("Norsk", "nb")], value=lang, style={"button_width": "7em"})
        self._switch.add_class("u9-lang-switch")
        self._style = w.HTML(_shown(lang), layout=w.Layout(height="0px", margin="0", overflow="hidden"))
        self._switch.observe(guard(self, lambda change: self._switched(change["new"])), names="value")
        super().__init__([style_tag(), self._style, *nav, self._switch], **kwargs)
        self.add_class("u9")
        self._label(lang)

    @property
    def lang(self) -> str:
        return str(self._switch.value)

    @lang.setter
    def lang(self, lang: str) -> None:
        self._switch.value = check_lang(lang)

    def _label(self, lang: str) -> None:
        self._switch.description = TEXTS[lang]["language"]

    def _switched(self, lang: str) -> None:
        self._style.value = _shown(lang)
        self._label(lang)
        for view in self._views:
            with boundary(view, "the language switch"):  # one view that fails shows its notice; the others still switch
                view.lang = lang

    def add(self, *views: Any) -> Any:
        """Register views: each follows the switch from now on. Returns the last one."""
        for view in views:
            with boundary(view, "the page's language"):
                view.lang = self.lang
            self._views.append(view)
        return views[-1] if views else None

    def show(self, *views: Any) -> Any:
        """Register ``views`` and return the last one (the last expression of a cell displays it);
        the ones before it are displayed here, in their order, where a front end shows them. Views
        shown one under the other are one cell: Voila runs a page cell by cell, and each cell costs
        the server and the kernel about 6 ms of CPU per learner, whatever it does (docs/deploy.md).

        >>> page = Page()
        >>> first, second = w.Label("a"), w.Label("b")
        >>> page.show(first, second) is second, page._views[-2:] == [first, second]
        (True, True)
        """
        if not views:
            raise TypeError("page.show() needs a view to show")
        shell = get_ipython()
        for view in views[:-1]:
            self.add(view)
            if shell is not None and type(shell) is not InteractiveShell:  # a kernel's or a terminal's, not the warm process's plain one
                display(view)  # type: ignore[no-untyped-call]  # untyped upstream
        return self.add(views[-1])

    def opened(self) -> None:
        """Switch to the language of the page's address once its visitor has arrived: a preheated
        Voila kernel ran the notebook before the request, in English (``wait_for_visitor``); the
        widgets change their state before the browser fetches it. Elsewhere it does nothing."""
        if wait_for_visitor():
            self.lang = page_lang(self.lang)

    def footer(self) -> Nav:
        """The links that close an explainer page: home, and the next page (or back home). Being
        the page's last cell, it first waits for the page's visitor (``opened``)."""
        if self.explainer is None:
            raise ValueError("page.footer() needs the page's notebook: Page(explainer='2_hand_checker.ipynb')")
        self.opened()
        nav: Nav = self.show(Nav(self.explainer, bottom=True, lang=self.lang))
        return nav


DRAWN_KEPT: Final = 64
"""How many drawings ``LangOutput`` keeps by their ``key`` (a page draws fewer than ten)."""

_drawn: OrderedDict[tuple[Hashable, str], tuple[dict[str, Any], ...]] = OrderedDict()


class LangOutput(w.Output):  # type: ignore[misc]
    """An output area drawn by ``draw(lang)`` (a plotly figure, a table), drawn again when the
    language changes. ``refresh()`` draws it again (after new data).

    ``key``, when given, says what the drawing is made from (its data, as one hashable value;
    ``draw`` depends on nothing else but the language): a drawing is then made once for a key and
    language, and kept (the last DRAWN_KEPT). A page's kernel is forked from the warm process after
    it has rehearsed the page (upto9.server.forking), so its charts and tables are drawn there once,
    not again by every learner's kernel: on the atlas and the lab most of a kernel's work for its
    page. Only a drawing that is no widget is kept (a widget belongs to one kernel).

    >>> from IPython.display import HTML
    >>> drawn = []
    >>> def table(lang):
    ...     drawn.append(lang)
    ...     return HTML(f"<b>{lang}</b>")
    >>> first, second = LangOutput(table, key=lambda: ("a table", 1)), LangOutput(table, key=lambda: ("a table", 1))
    >>> drawn, first.outputs == second.outputs
    (['en'], True)
    >>> second.lang = "nb"
    >>> drawn, second.outputs[0]["data"]["text/html"], first.outputs[0]["data"]["text/html"]
    (['en', 'nb'], '<b>nb</b>', '<b>en</b>')
    """

    def __init__(self, draw: Callable[[str], Any], lang: str = "en", *, key: Callable[[], Hashable] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._draw = draw
        self._key = key
        self._lang = check_lang(lang)
        self.refresh()

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        lang = check_lang(lang)
        if lang != self._lang:
            self._lang = lang
            self.refresh()

    def refresh(self) -> None:
        """Draw again. The drawing is set as the widget's outputs, not captured with ``with self:``:
        Voila emulates an Output widget's capture while it runs a notebook, and that emulation can
        stall the page on a large output such as a plotly figure."""
        lang = self._lang
        self.outputs = drawn(None if self._key is None else self._key(), lang, lambda: self._draw(lang))


def drawn(key: Hashable | None, lang: str, draw: Callable[[], Any]) -> tuple[dict[str, Any], ...]:
    """What ``draw()`` shows (a figure, a table; ``None``: nothing), as an Output widget's outputs;
    kept by ``key`` and ``lang`` when ``key`` is not ``None`` (``LangOutput``). A key that cannot be
    hashed keeps nothing."""
    try:
        kept = None if key is None else _drawn.get((key, lang))
    except TypeError:
        key = kept = None
    if kept is not None:
        _drawn.move_to_end((key, lang))
        return kept
    shown = draw()
    outputs = () if shown is None else (_display_data(shown),)
    if key is not None and not isinstance(shown, w.Widget):
        _drawn[(key, lang)] = outputs
        if len(_drawn) > DRAWN_KEPT:
            _drawn.popitem(last=False)
    return outputs


def _display_data(shown: Any) -> dict[str, Any]:
    """``shown`` as a ``display_data`` output: its MIME bundle (a plotly figure's own, not its
    ``_ipython_display_``, which would display it instead of returning it)."""
    if is_figure(shown):  # responsive, and without plotly.io.renderers (seconds to import)
        return figure_output(shown)
    mimebundle = getattr(shown, "_repr_mimebundle_", None)
    if callable(mimebundle):
        found = mimebundle()
        data, metadata = found if isinstance(found, tuple) else (found, {})
    else:
        from IPython.core.formatters import format_display_data

        data, metadata = format_display_data(shown)  # type: ignore[no-untyped-call]
    return {"output_type": "display_data", "data": data, "metadata": metadata or {}}


class Progress(OwnLanguage, w.HBox):  # type: ignore[misc]
    """A plain progress bar with "12 of 30 games" (``unit``: ``"games"`` or ``"deals"``; ``"games_upto"``
    for a run that may stop early: "12 games so far (... at most 600)") in its language; hidden
    until ``start``. No rate and no time: a learner wants to see it move.

    >>> bar = Progress(lang="nb")
    >>> bar.start(30)
    >>> bar.step(12)
    >>> bar.text
    '12 av 30 spill'
    """

    def __init__(self, unit: str = "games", *, lang: str = "en") -> None:
        self.unit = unit
        self.done, self.total = 0, 0
        self._lang = check_lang(lang)
        self._bar = w.IntProgress(min=0, max=1, layout=w.Layout(width="14em", max_width="60%"))
        self._text = w.Label()
        super().__init__([self._bar, self._text], layout=w.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self.add_class("u9-progress")

    @property
    def text(self) -> str:
        return str(self._text.value)

    def start(self, total: int, unit: str | None = None) -> None:
        """Show the bar at 0 of ``total``."""
        self.unit = unit or self.unit
        self.done, self.total = 0, total
        self._bar.max = max(total, 1)
        self.layout.display = None
        self.redraw()

    def step(self, n: int = 1) -> None:
        """``n`` more done."""
        self.done = min(self.done + n, self.total)
        self.redraw()

    @contextlib.contextmanager
    def following(self) -> Iterator[None]:
        """While inside, the engine's own progress bars (``tqdm.auto``, which ``simulate`` opens
        when asked for ``progress``) move this bar instead of drawing theirs, with its rate."""
        import tqdm.auto
        import tqdm.std

        bar = self

        class Forward(tqdm.std.tqdm):  # type: ignore[type-arg]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **{**kwargs, "file": io.StringIO()})  # written nowhere

            def update(self, n: float | None = 1) -> bool | None:
                bar.step(int(n or 0))
                return super().update(n)

        saved = tqdm.auto.tqdm
        tqdm.auto.tqdm = Forward  # type: ignore[assignment]
        try:
            yield
        finally:
            tqdm.auto.tqdm = saved

    def redraw(self) -> None:
        self._bar.value = self.done
        done, total = (number_text(n, self._lang, 0) for n in (self.done, self.total))
        self._text.value = TEXTS[self._lang][self.unit].format(done=done, total=total) if self.total else ""


class Advanced(OwnLanguage, w.Accordion):  # type: ignore[misc]
    """A section closed by default ("Advanced" / "Avansert") holding ``children``: the details a
    developer wants (the bots' class names, seeds, API calls, files, statistics terms), out of a
    learner's way."""

    def __init__(self, children: Sequence[Any], *, lang: str = "en", **kwargs: Any) -> None:
        self._lang = check_lang(lang)
        super().__init__([w.VBox(list(children))], selected_index=None, **kwargs)
        self.add_class("u9-advanced")
        self.redraw()

    def redraw(self) -> None:
        self.set_title(0, TEXTS[self._lang]["advanced"])


class RunButton(OwnLanguage, w.VBox):  # type: ignore[misc]
    """A button that runs ``action()`` (its progress bar, ``progress``, shows under it: the action
    moves it) and then redraws ``outputs`` (``LangOutput``s). ``labels`` holds the button's words
    per language."""

    def __init__(self, labels: dict[str, str], action: Callable[[], Any], outputs: Sequence[LangOutput] = (), *, lang: str = "en") -> None:
        self.labels = labels
        self.action = action
        self.outputs = list(outputs)
        self._lang = check_lang(lang)
        self._button = w.Button(icon="refresh", button_style="info", layout=w.Layout(width="auto"))
        self._button.on_click(guard(self, lambda _b: self.run()))
        self._log = w.Output()
        self.progress = Progress(lang=self._lang)
        super().__init__([self._button, self.progress, self._log], layout=w.Layout(align_items="flex-start"))
        self.lang = lang

    def run(self) -> None:
        self._button.disabled = True
        try:
            self._log.outputs = ()
            failure: Exception | None = None
            with self._log:
                try:
                    self.action()
                except Exception as error:  # raised again outside the capture: in a kernel the capture would print the traceback on the page
                    failure = error
            if failure is not None:
                raise failure
            for output in self.outputs:
                output.refresh()
        finally:
            self._button.disabled = False

    def redraw(self) -> None:
        """The button's words (and its progress bar's) in its language (``lang``)."""
        self._button.description = self.labels[self._lang]
        self.progress.lang = self._lang
