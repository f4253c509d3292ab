"""A plotly figure as an output for the page: plotly's own MIME type, drawn by the plotly renderer of
JupyterLab and Voila, fitted to its box.

* ``figure_bundle(figure)``: the MIME bundle. The chart is responsive: it takes the width of its
  box and follows the window (a phone turned sideways), keeping the height the figure asks for.
* ``figure_output(figure)``: the same as a ``display_data`` output, for an output area.
* ``is_figure(shown)``: whether ``shown`` is a plotly figure.

A Norwegian chart (one whose numbers are written with a decimal comma: ``layout.separators`` as
the charts set it for ``lang="nb"``) gets a Norwegian tool bar: plotly.js takes a locale's words in
the figure's own ``config`` (``locale``, ``locales``), so nothing is loaded from another host
(plotly.js's own locale files are scripts for a CDN or a bundler).

The bundle is made with plotly's JSON encoder alone. Plotly's own ``_repr_mimebundle_`` goes
through ``plotly.io.renderers``, whose import pulls in nbformat and jsonschema: about three seconds
on a page's first chart, the better part of the atlas and comparison pages' opening time.
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["CONFIG", "NORWEGIAN_SEPARATORS", "PLOTLY_MIME", "TOOLBAR_NB", "figure_bundle", "figure_output", "is_figure", "wrap_title"]

PLOTLY_MIME: Final = "application/vnd.plotly.v1+json"

CONFIG: Final[dict[str, Any]] = {
    # Follows the window (a phone turned sideways). Its box is then 100 % of the plot div, whose
    # height is "auto" in the output area: widgets/style.css gives the div its plot's height.
    "responsive": True,
    "displaylogo": False,
    "showSendToCloud": False,  # plotly.js 3's "Share chart..." posts the chart to another host
    "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d"],
}
"""Plotly's settings for every chart: it follows its box's width; the tools a learner needs (zoom,
reset, save as a picture), no logo, nothing sent to another host."""

NORWEGIAN_SEPARATORS: Final = ",\u00a0"
"""``layout.separators`` of a Norwegian chart (decimal comma, a no-break space between thousands)."""

TOOLBAR_NB: Final[dict[str, str]] = {
    # plotly.js's own English words (its modebar and notices) -> bokmål. The chart's tool bar: zoom,
    # pan, zoom in and out, reset, save as a picture; the rest are notices a chart may show.
    "Download plot as a PNG": "Last ned diagrammet som PNG-bilde",
    "Download plot": "Last ned diagrammet",
    "Zoom": "Zoom inn på et område",
    "Pan": "Flytt",
    "Zoom in": "Zoom inn",
    "Zoom out": "Zoom ut",
    "Reset axes": "Tilbakestill aksene",
    "Reset": "Tilbakestill",
    "Autoscale": "Tilpass aksene",
    "Toggle Spike Lines": "Hjelpelinjer av/på",
    "Show closest data on hover": "Vis nærmeste verdi under pekeren",
    "Compare data on hover": "Sammenlign verdiene under pekeren",
    "Double-click to zoom back out": "Dobbeltklikk for å zoome ut igjen",
    "Double-click on legend to isolate one trace": "Dobbeltklikk på forklaringen for å vise bare én serie",
    "Taking snapshot - this may take a few seconds": "Lager bildet – det kan ta noen sekunder",
    "Snapshot succeeded": "Bildet er laget",
    "Sorry, there was a problem downloading your snapshot!": "Beklager, bildet kunne ikke lastes ned.",
}
"""The Norwegian words of a chart's tool bar, given to plotly.js as the figure's locale ``nb``."""


def is_figure(shown: Any) -> bool:
    """Whether ``shown`` is a plotly figure (checked without importing plotly).

    >>> is_figure("a table")
    False
    """
    return type(shown).__module__.startswith("plotly.") and callable(getattr(shown, "to_plotly_json", None))


DEFAULT_HEIGHT: Final = 450
"""A chart's height when its figure sets none (plotly's own default)."""

TITLE_CHARS: Final = 40
"""A chart title's longest line: plotly does not wrap a title, and a phone's chart is about 40
characters of a 15 px title wide."""
SUBTITLE_CHARS: Final = 50
"""A subtitle's longest line (12 px)."""


def wrap_title(text: str, width: int = TITLE_CHARS) -> str:
    """``text`` in lines of at most ``width`` characters (plotly's ``<br>``), broken between words;
    a text already broken by hand is kept.

    >>> wrap_title("Holding each level: the dealt hand and after k draws")
    'Holding each level: the dealt hand and<br>after k draws'
    >>> wrap_title("Short title")
    'Short title'
    """
    if len(text) <= width or "<br" in text:
        return text
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def _wrap(layout: dict[str, Any], title: dict[str, Any]) -> None:
    """Wrap the title and subtitle; each line more grows the top margin and the figure by a line,
    so that the plot keeps its size, and the title hangs from the figure's top."""
    extra = 0.0
    wrapped = wrap_title(str(title["text"]))
    extra += wrapped.count("<br>") * 1.3 * float(title.get("font", {}).get("size", 17))
    title["text"] = wrapped
    subtitle = title.get("subtitle")
    if isinstance(subtitle, dict) and subtitle.get("text"):
        subtitle["text"] = wrap_title(str(subtitle["text"]), SUBTITLE_CHARS)
        extra += subtitle["text"].count("<br>") * 1.3 * float(subtitle.get("font", {}).get("size", 13))
    if extra:
        margin = layout.setdefault("margin", {})
        margin["t"] = round(float(margin.get("t", 100)) + extra)
        layout["height"] = round(float(layout.get("height", 450)) + extra)
        title.update(yref="container", yanchor="top", y=1 - 12 / layout["height"])


def figure_bundle(figure: Any) -> dict[str, Any]:
    """The figure's MIME bundle in plotly's MIME type, as wide as its box: no fixed width
    (``autosize``), a fixed height (the figure's, else plotly's 450 px), plotly's ``responsive``
    setting on (see ``CONFIG``); a long title and subtitle wrapped (``wrap_title``), the
    top margin growing to hold them.

    >>> import plotly.graph_objects as go
    >>> bundle = figure_bundle(go.Figure(go.Bar(x=["a"], y=[1]), layout={"width": 900, "height": 300}))
    >>> shown = bundle[PLOTLY_MIME]
    >>> shown["config"]["responsive"], shown["layout"]["autosize"], "width" in shown["layout"], shown["layout"]["height"]
    (True, True, False, 300)
    >>> figure_bundle(go.Figure())[PLOTLY_MIME]["layout"]["height"]
    450
    >>> long = go.Figure(layout={"title": {"text": "Holding each level: the dealt hand and after k draws", "font": {"size": 15}}})
    >>> shown = figure_bundle(long)[PLOTLY_MIME]["layout"]
    >>> shown["title"]["text"], shown["margin"]["t"], shown["height"]
    ('Holding each level: the dealt hand and<br>after k draws', 120, 470)

    A Norwegian chart's tool bar speaks Norwegian (an English chart's keeps plotly's words):

    >>> config = figure_bundle(go.Figure(layout={"separators": NORWEGIAN_SEPARATORS}))[PLOTLY_MIME]["config"]
    >>> config["locale"], config["locales"]["nb"]["dictionary"]["Reset axes"]
    ('nb', 'Tilbakestill aksene')
    >>> "locale" in figure_bundle(go.Figure(layout={"separators": ".,"}))[PLOTLY_MIME]["config"]
    False
    """
    from plotly.io.json import to_json_plotly

    shown = json.loads(to_json_plotly(figure.to_plotly_json()))
    layout = shown.setdefault("layout", {})
    layout.pop("width", None)
    layout["autosize"] = True
    layout.setdefault("height", DEFAULT_HEIGHT)
    title = layout.get("title")
    if isinstance(title, dict) and title.get("text"):
        _wrap(layout, title)
    shown["config"] = {**CONFIG, **shown.get("config", {})}
    if layout.get("separators") == NORWEGIAN_SEPARATORS:  # a Norwegian chart: its tool bar too
        shown["config"].setdefault("locale", "nb")
        shown["config"].setdefault("locales", {"nb": {"dictionary": TOOLBAR_NB}})
    return {PLOTLY_MIME: shown}


def figure_output(figure: Any) -> dict[str, Any]:
    """The figure as a ``display_data`` output (``figure_bundle``'s MIME bundle), for an output
    area's ``outputs``: the same wherever the kernel runs (plotly's default renderer depends on it).

    >>> import plotly.graph_objects as go
    >>> output = figure_output(go.Figure())
    >>> output["output_type"], list(output["data"])
    ('display_data', ['application/vnd.plotly.v1+json'])
    """
    return {"output_type": "display_data", "data": figure_bundle(figure), "metadata": {}}
