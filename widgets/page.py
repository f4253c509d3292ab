"""What every explainer page has: its language switch, and output areas drawn in the page's language.

* ``Page``: the switch (English / Norsk). Every view registered with ``page.show(view)`` follows
  it (its ``lang``), and it shows the narrative blocks of that language: a page's narrative is
  Markdown in both languages, ``<div class="u9-en">`` and ``<div class="u9-nb">`` blocks.
* ``page_lang``: the language a page opens in (``?lang=nb`` in its address).
* ``LangOutput``: an output area drawn by ``draw(lang)`` (a plotly figure, a table).
* ``RunButton``: a button that runs an action (its progress bars under it) and then redraws outputs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Final
from urllib.parse import parse_qs

import ipywidgets as w

from ._common import OwnLanguage, style_tag
from .texts import LANGS, check_lang

__all__ = ["LangOutput", "Page", "RunButton", "page_lang"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {"language": "Language"},
    "nb": {"language": "Språk"},
}
assert set(TEXTS) == set(LANGS)

_SHOW: Final = {
    "en": "<style>.u9-nb{display:none !important}.u9-en{display:block}</style>",
    "nb": "<style>.u9-en{display:none !important}.u9-nb{display:block !important}</style>",
}


def page_lang(default: str = "en") -> str:
    """The language a page opens in: ``?lang=nb`` in the page's address (Voila passes its query
    string to the kernel), else ``UPTO9_LANG``, else ``default``."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    for lang in (*query.get("lang", []), os.environ.get("UPTO9_LANG", ""), default):
        if lang in LANGS:
            return lang
    return default


class Page(w.VBox):  # type: ignore[misc]
    """The page's language switch (English / Norsk). ``page.show(view)`` registers a view (or
    several, ``page.add``) and returns it for display; the switch sets ``lang`` on every view
    registered and shows the narrative blocks of that language."""

    def __init__(self, lang: str | None = None, **kwargs: Any) -> None:
        lang = check_lang(lang or page_lang())
        self._views: list[Any] = []
        self._switch = w.ToggleButtons(options=[("English", "en"), ("Norsk", "nb")], value=lang, style={"button_width": "7em"})
        self._switch.add_class("u9-lang-switch")
        self._style = w.HTML(_SHOW[lang], layout=w.Layout(height="0px", margin="0", overflow="hidden"))
        self._switch.observe(lambda change: self._switched(change["new"]), names="value")
        super().__init__([style_tag(), self._style, self._switch], **kwargs)
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
        self._style.value = _SHOW[lang]
        self._label(lang)
        for view in self._views:
            view.lang = lang

    def add(self, *views: Any) -> Any:
        """Register views: each follows the switch from now on. Returns the last one."""
        for view in views:
            view.lang = self.lang
            self._views.append(view)
        return views[-1] if views else None

    def show(self, view: Any) -> Any:
        """Register ``view`` and return it (the last expression of a cell displays it)."""
        return self.add(view)


class LangOutput(w.Output):  # type: ignore[misc]
    """An output area drawn by ``draw(lang)`` (a plotly figure, a table), drawn again when the
    language changes. ``refresh()`` draws it again (after new data)."""

    def __init__(self, draw: Callable[[str], Any], lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._draw = draw
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
        shown = self._draw(self._lang)
        self.outputs = () if shown is None else (_display_data(shown),)


def _display_data(shown: Any) -> dict[str, Any]:
    """``shown`` as a ``display_data`` output: its MIME bundle (a plotly figure's own, not its
    ``_ipython_display_``, which would display it instead of returning it)."""
    mimebundle = getattr(shown, "_repr_mimebundle_", None)
    if callable(mimebundle):
        found = mimebundle()
        data, metadata = found if isinstance(found, tuple) else (found, {})
    else:
        from IPython.core.formatters import format_display_data

        data, metadata = format_display_data(shown)  # type: ignore[no-untyped-call]
    return {"output_type": "display_data", "data": data, "metadata": metadata or {}}


class RunButton(OwnLanguage, w.VBox):  # type: ignore[misc]
    """A button that runs ``action()`` (its progress bars show under it) and then redraws
    ``outputs`` (``LangOutput``s). ``labels`` holds the button's words per language."""

    def __init__(self, labels: dict[str, str], action: Callable[[], Any], outputs: Sequence[LangOutput] = (), *, lang: str = "en") -> None:
        self.labels = labels
        self.action = action
        self.outputs = list(outputs)
        self._lang = check_lang(lang)
        self._button = w.Button(icon="refresh", button_style="info", layout=w.Layout(width="auto"))
        self._button.on_click(lambda _b: self.run())
        self._log = w.Output()
        super().__init__([self._button, self._log], layout=w.Layout(align_items="flex-start"))
        self.lang = lang

    def run(self) -> None:
        self._button.disabled = True
        try:
            self._log.outputs = ()
            with self._log:
                self.action()
            for output in self.outputs:
                output.refresh()
        finally:
            self._button.disabled = False

    def redraw(self) -> None:
        """The button's words in its language (``lang``)."""
        self._button.description = self.labels[self._lang]
