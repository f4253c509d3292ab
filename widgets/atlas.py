"""The level difficulty atlas's views: the chance of holding each level (in the deal and after k
draws, under each joker budget) and the hurdles, as plotly charts and tables, in English or Norwegian.

Every number comes from an ``upto9.atlas.Atlas`` (``holding()``, ``hurdles()``); the page reads it
from its data file and shows its parts with ``AtlasView(atlas, kind)``, each following the page's
language, and offers more deals with ``MoreDeals(atlas)``, which redraws every view of that atlas
the deals change (put it just above them). Numbers are written the language's way (decimal comma
in Norwegian). A table too wide for a phone shows its headline columns there, every column a tap
away (``fit_phone``); any table still too wide scrolls inside its own box (``TABLE_SCROLL``).

``ViewChoice`` shows one of a section's views at a time ("Table" / "Chart"), each made the first time
it is chosen: a page opens with its tables and one chart, and draws another chart when a learner asks
for it (each plotly chart costs the browser up to a second on a small machine; see ``ViewChoice``).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from upto9.atlas import VARIANTS, Atlas

from ._common import OwnLanguage, guard
from .page import LangOutput, RunButton
from .texts import LANGS, budget_text, check_lang, contract_text, number_text, percent_text, percent_ticks

__all__ = [
    "DEAL_KINDS",
    "FIT",
    "KINDS",
    "TABLE_SCROLL",
    "TEXTS",
    "AtlasView",
    "MoreDeals",
    "ViewChoice",
    "budget_chart",
    "budget_table",
    "estimate_cell",
    "fit_phone",
    "hold_chart",
    "holding_table",
    "hurdle_chart",
    "hurdle_table",
]

TABLE_SCROLL: Final = "u9-table-scroll"
"""The class of the box around a wide table: on a narrow screen the table scrolls inside it."""

FIT: Final = "u9-fit"
"""The class of the box around a table shown two ways (``fit_phone``): its headline columns on a
phone, every column on a wider screen."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "level": "Level",
        "draws": "Cards drawn after the deal (k)",
        "chance": "Chance the cards hold the level",
        "hold_title": "Holding each level after k more cards",
        "hold_sub": "{deals} shuffled deals; the bars are 95% intervals",
        "budget_title": "The joker budget, after {k} draws",
        "budget_sub": "{deals} shuffled deals; whiskers: 95% intervals",
        "budget": "Joker budget",
        "none": "no jokers",
        "minus": "one joker fewer",
        "rules": "as the rules say",
        "plus": "one joker more",
        "dealt": "In the dealt 11",
        "after": "After {k} draws",
        "ci": "95% interval",
        "ci_note": "Under each chance, its 95% interval: the range the true chance lies in, 19 times out of 20 ({deals} shuffled deals).",
        "hurdle_title": "How often each level is laid down",
        "hurdle_sub": "{games} games, {players} players; the 3 hardest in red",
        "rate": "Rounds ending with the level laid down",
        "attempts": "Rounds played on the level",
        "rounds_per_level": "Rounds per level (average)",
        "passes": "Laid down",
        "contract": "Contract",
        "budget_col": "Jokers allowed",
        "hurdle": "hurdle",
        "more": "Deal {n} more hands",
        "more_note": "Redraws the holding chart and table and the joker budgets.",
        "no_games": "No games in the atlas yet: nothing to show about the hurdles.",
        "no_deals": "No deals in the atlas yet.",
        "never": "never played",
        "table": "Table",
        "chart": "Chart",
        "choice": "Show the table or the chart",
        "all_columns": "Show every column (also {columns})",
    },
    "nb": {
        "level": "Nivå",
        "draws": "Kort trukket etter utdelingen (k)",
        "chance": "Sjansen for at kortene holder nivået",
        "hold_title": "Å ha nivået etter k kort til",
        "hold_sub": "{deals} stokkede utdelinger; strekene er 95 %-intervaller",
        "budget_title": "Jokerbudsjettet, etter {k} trekk",
        "budget_sub": "{deals} utdelinger; strekene: 95 %-intervaller",
        "budget": "Jokerbudsjett",
        "none": "ingen jokere",
        "minus": "én joker færre",
        "rules": "slik reglene sier",
        "plus": "én joker mer",
        "dealt": "I de 11 utdelte",
        "after": "Etter {k} trekk",
        "ci": "95 %-intervall",
        "ci_note": "Under hver sjanse står 95 %-intervallet: området den sanne sjansen ligger i, 19 av 20 ganger ({deals} stokkede utdelinger).",
        "hurdle_title": "Hvor ofte hvert nivå legges ned",
        "hurdle_sub": "{games} spill, {players} spillere; de 3 vanskeligste i rødt",
        "rate": "Runder som ender med nivået lagt ned",
        "attempts": "Runder spilt på nivået",
        "rounds_per_level": "Runder per nivå (snitt)",
        "passes": "Lagt ned",
        "contract": "Regel",
        "budget_col": "Jokere tillatt",
        "hurdle": "hinder",
        "more": "Del ut {n} hender til",
        "more_note": "Tegner sjansediagrammet, tabellen og jokerbudsjettene på nytt.",
        "no_games": "Ingen spill i atlaset ennå: ingenting å vise om hindrene.",
        "no_deals": "Ingen utdelinger i atlaset ennå.",
        "never": "aldri spilt",
        "table": "Tabell",
        "chart": "Diagram",
        "choice": "Vis tabellen eller diagrammet",
        "all_columns": "Vis alle kolonnene (også {columns})",
    },
}
assert set(TEXTS) == set(LANGS)


# --- pieces every view uses ---------------------------------------------------------------------


def _html(text: str) -> Any:
    from IPython.display import HTML

    return HTML(text)  # type: ignore[no-untyped-call]


def _note(text: str) -> Any:
    """An empty result, said in words instead of an empty chart."""
    return _html(f"<div class='u9-note u9-empty'>{escape(text)}</div>")


_TEXT_CELL: Final = "class='u9-text' style='text-align:left;white-space:normal;min-width:7em;max-width:18em'"
_NUMBER_CELL: Final = "class='u9-number' style='text-align:right;white-space:nowrap'"


def fit_phone(full: str, compact: str, hidden: Sequence[str], lang: str, *, key: str) -> str:
    """A table that fits a phone (issue 26): there ``compact``, its headline columns, with a box to
    tick above it that shows ``full``, every column (scrolling sideways in its own box), instead;
    on a wider screen ``full`` alone. ``hidden`` names what only the full table holds, on the box's
    label. Both tables are in the page and the stylesheet shows one (widgets/style.css, "Tables
    that fit a phone"): the tap needs no kernel, and turning the phone sideways shows every column.
    The full table comes first: a page without the stylesheet shows it first. ``key`` names the
    table in every language (``"atlas-holding"``): the page's template ticks a redrawn box again
    when the learner had ticked the one it replaces (more deals, the other language)."""
    columns = ", ".join(h[:1].lower() + h[1:] for h in hidden)
    label = escape(TEXTS[lang]["all_columns"].format(columns=columns))
    return (
        f"<div class='{FIT}' data-u9-fit='{escape(key)}'><label class='u9-fit-toggle'><input type='checkbox'><span>{label}</span></label>"
        f"<div class='u9-fit-full'>{full}</div><div class='u9-fit-compact'>{compact}</div></div>"
    )


def _table_html(head: Sequence[str], rows: Sequence[Sequence[str]], label: str, css: str, text_columns: Sequence[int], columns: Sequence[int]) -> str:
    """The ``columns`` of a table for people (cells HTML already) in a box of its own that scrolls
    sideways if it must: words (``text_columns``) wrap on the left, numbers stay whole on the right."""

    def cell(i: int, c: str) -> str:
        return f"<td {_TEXT_CELL if i in text_columns else _NUMBER_CELL}>{c}</td>"

    def align(i: int) -> str:
        return "left" if i in text_columns else "right"

    header = "".join(f"<th scope='col' style='text-align:{align(i)};white-space:normal'>{escape(head[i])}</th>" for i in columns)
    body = "".join("<tr>" + "".join(cell(i, row[i]) for i in columns) + "</tr>" for row in rows)
    return (
        f"<div class='{TABLE_SCROLL}' role='region' tabindex='0' aria-label='{escape(label)}' style='overflow-x:auto;max-width:100%'>"
        f"<table class='u9-table {css}'><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def _table(
    head: Sequence[str],
    rows: Iterable[Sequence[str]],
    label: str,
    css: str,
    note: str = "",
    text_columns: Sequence[int] = (),
    *,
    lang: str,
    headline: Sequence[int],
    short: dict[int, str] | None = None,
) -> Any:
    """A table for people that fits a phone (``fit_phone``): there the ``headline`` columns, some
    under a ``short`` heading; every column on a wider screen or a tap away."""
    rows = [list(row) for row in rows]
    compact_head = [(short or {}).get(i, h) for i, h in enumerate(head)]
    full = _table_html(head, rows, label, css, text_columns, range(len(head)))
    compact = _table_html(compact_head, rows, label, f"{css} u9-compact", text_columns, headline)
    foot = f"<div class='u9-note'>{escape(note)}</div>" if note else ""
    hidden = [h for i, h in enumerate(head) if i not in headline]
    return _html(fit_phone(full, compact, hidden, lang, key=css.split()[-1].removeprefix("u9-")) + foot)


def estimate_cell(value: str, low: str, high: str) -> str:
    """A number and under it its 95% interval, ``low–high`` (so that a column stays narrow); the
    texts written already."""
    return f"<span class='u9-num'>{escape(value)}</span><br><span class='u9-ci' style='white-space:nowrap'>{escape(low)}–{escape(high)}</span>"


def _chance_cell(chance: float, low: float, high: float, lang: str) -> str:
    """The chance, and under it its interval (``estimate_cell``)."""
    return estimate_cell(percent_text(chance, lang), number_text(100 * low, lang, end=True), number_text(100 * high, lang, end=True))


def _upper(value: float, lang: str) -> str:
    """An interval's upper end of rounds, ``'∞'`` where the lay-down rate's interval reaches 0."""
    return "∞" if math.isinf(value) else number_text(value, lang, 2)


def _hover(head: str, value: float, low: float, high: float, lang: str) -> str:
    """A chart's hover text: ``'Level 3: 41.2%<br>95% interval: 39.0–43.4%'``."""
    texts = TEXTS[lang]
    return f"{head}: {percent_text(value, lang)}<br>{texts['ci']}: {number_text(100 * low, lang, end=True)}–{percent_text(high, lang)}"


def _figure_layout(fig: Any, lang: str, title: str, subtitle: str, height: int) -> None:
    """Title and subtitle kept short (a phone's width), the language's decimal mark on the axes."""
    fig.update_layout(
        title={"text": title, "font": {"size": 15}, "subtitle": {"text": subtitle, "font": {"size": 12}}},
        template="plotly_white",
        height=height,
        separators=",\u00a0" if lang == "nb" else ".,",
        margin={"l": 60, "r": 20, "t": 80, "b": 50},
        legend={"orientation": "h", "y": -0.2, "x": 0, "yanchor": "top"},
    )


# --- holding: tables and charts -----------------------------------------------------------------


HEADLINE_DRAWS: Final = 10
"""The draws after the deal whose chances a phone shows beside the deal's (as the joker budgets' chart)."""


def holding_table(atlas: Atlas, lang: str = "en", ks: Iterable[int] = (0, 5, 10, 20)) -> Any:
    """The chance of holding each level (its own budget) in the dealt 11 and after k draws, with
    the 95% interval under each, as a table for people."""
    texts = TEXTS[lang]
    if not atlas.samples:
        return _note(texts["no_deals"])
    df = atlas.holding()
    df = df[df.variant == "rules"]
    shown = [k for k in ks if k <= atlas.max_draws]
    head = [texts["level"], texts["contract"], texts["budget_col"], *(texts["dealt"] if k == 0 else texts["after"].format(k=k) for k in shown)]
    rows = []
    for lv in atlas.rules.levels:
        row = [str(lv.number), escape(contract_text(lv, lang)), escape(budget_text(lv, lang))]
        for k in shown:
            found = df[(df.level == lv.number) & (df.k == k)].iloc[0]
            row.append(_chance_cell(found.chance, found.low, found.high, lang))
        rows.append(row)
    deals = number_text(atlas.samples, lang, 0)
    # On a phone: the level, its contract, the deal and one k (10, the joker budgets' k, or the
    # atlas's last below it); the budget and the other ks a tap away.
    later = [i for i, k in enumerate(shown) if 0 < k <= HEADLINE_DRAWS][-1:]
    headline = [0, 1, *(3 + i for i, k in enumerate(shown) if k == 0), *(3 + i for i in later)]
    note = texts["ci_note"].format(deals=deals)
    return _table(head, rows, texts["hold_title"], "u9-atlas-table u9-atlas-holding", note, text_columns=(1, 2), lang=lang, headline=headline)


def hold_chart(atlas: Atlas, lang: str = "en") -> Any:
    """The chance of holding each level against k, with its 95% band."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    if not atlas.samples:
        return _note(texts["no_deals"])
    df = atlas.holding()
    df = df[df.variant == "rules"]
    fig = go.Figure()
    colours = _palette()
    for i, lv in enumerate(atlas.rules.levels):
        part = df[df.level == lv.number]
        colour = colours[i % len(colours)]
        name = f"{texts['level']} {lv.number}"
        hover = [_hover(f"{name}, k = {k}", c, lo, hi, lang) for k, c, lo, hi in zip(part.k, part.chance, part.low, part.high, strict=True)]
        # The 95% interval as error bars on the line's own points: one trace a level, not a second
        # filled polygon, halves what the browser draws when the page opens (issue 10's 5 s).
        fig.add_trace(
            go.Scatter(
                x=part.k,
                y=part.chance,
                mode="lines+markers",  # one level against k: the line joins the same contract
                name=name,
                line={"color": colour},
                marker={"size": 4},
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": list(part.high - part.chance),
                    "arrayminus": list(part.chance - part.low),
                    "color": _alpha(colour, 0.45),
                    "thickness": 1,
                    "width": 0,
                },
                customdata=hover,
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    _figure_layout(fig, lang, texts["hold_title"], texts["hold_sub"].format(deals=number_text(atlas.samples, lang, 0)), 500)
    fig.update_xaxes(title_text=texts["draws"])
    fig.update_yaxes(title_text=texts["chance"], range=[0, 1.02], **percent_ticks(lang))
    return fig


def budget_chart(atlas: Atlas, lang: str = "en", k: int = HEADLINE_DRAWS) -> Any:
    """Per level, the chance after ``k`` draws under each joker budget (grouped bars with 95% error bars)."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    if not atlas.samples:
        return _note(texts["no_deals"])
    k = min(k, atlas.max_draws)  # an atlas sampled with fewer draws shows its last
    df = atlas.holding()
    df = df[df.k == k]
    fig = go.Figure()
    colours = {"none": "#9e9e9e", "minus": "#90caf9", "rules": "#6a1b9a", "plus": "#f9a825"}
    for variant in VARIANTS:
        part = df[df.variant == variant]
        fig.add_trace(
            go.Bar(
                x=[str(n) for n in part.level],
                y=part.chance,
                name=texts[variant],
                marker_color=colours[variant],
                error_y={"type": "data", "symmetric": False, "array": part.high - part.chance, "arrayminus": part.chance - part.low, "thickness": 1},
                customdata=[
                    _hover(f"{texts['level']} {n}, {texts[variant]}", c, lo, hi, lang)
                    for n, c, lo, hi in zip(part.level, part.chance, part.low, part.high, strict=True)
                ],
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    _figure_layout(fig, lang, texts["budget_title"].format(k=k), texts["budget_sub"].format(deals=number_text(atlas.samples, lang, 0)), 460)
    fig.update_layout(barmode="group", legend_title=texts["budget"])
    fig.update_xaxes(title_text=texts["level"], type="category")
    fig.update_yaxes(title_text=texts["chance"], range=[0, 1.05], **percent_ticks(lang))
    return fig


def budget_table(atlas: Atlas, lang: str = "en", k: int = HEADLINE_DRAWS) -> Any:
    """The joker-budget chart's numbers as a table for people: per level, the chance after ``k``
    draws under each budget (``VARIANTS``), its 95% interval under it."""
    texts = TEXTS[lang]
    if not atlas.samples:
        return _note(texts["no_deals"])
    k = min(k, atlas.max_draws)  # as in budget_chart
    df = atlas.holding()
    df = df[df.k == k]
    head = [texts["level"], texts["contract"], *(texts[variant] for variant in VARIANTS)]
    rows = []
    for lv in atlas.rules.levels:
        row = [str(lv.number), escape(contract_text(lv, lang))]
        for variant in VARIANTS:
            found = df[(df.level == lv.number) & (df.variant == variant)]
            # No bar in the chart either: the budget does not exist there (one joker fewer than none).
            row.append("—" if found.empty else _chance_cell(found.iloc[0].chance, found.iloc[0].low, found.iloc[0].high, lang))
        rows.append(row)
    deals = number_text(atlas.samples, lang, 0)
    title = texts["budget_title"].format(k=k)
    # On a phone: no jokers beside the rules' budget, the gap the narrative points at.
    headline = [0, 1, 2 + VARIANTS.index("none"), 2 + VARIANTS.index("rules")]
    note = f"{title}. {texts['ci_note'].format(deals=deals)}"
    return _table(head, rows, title, "u9-atlas-table u9-atlas-budgets", note, text_columns=(1,), lang=lang, headline=headline)


# --- hurdles: the bots' games -------------------------------------------------------------------


HURDLES: Final = 3
"""How many levels the hurdle chart and table mark as the hurdles: the lowest lay-down rates."""


def _hardest(df: Any) -> set[int]:
    """The ``HURDLES`` levels with the lowest lay-down rate among those played (``atlas.hurdles()``)."""
    played = df[df.attempts > 0]
    return {int(n) for n in played.nsmallest(HURDLES, "rate").level}


def hurdle_chart(atlas: Atlas, lang: str = "en") -> Any:
    """The lay-down rate per round of each level, with its 95% interval; the hardest three marked."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    df = atlas.hurdles()
    if not atlas.games or not df.attempts.any():
        return _note(texts["no_games"])
    hardest = _hardest(df)
    hover = []
    spent = zip(df.rounds_per_level, df.rounds_low, df.rounds_high, strict=True)
    for n, attempts, rate, low, high, (per_level, fewest, most) in zip(df.level, df.attempts, df.rate, df.low, df.high, spent, strict=True):
        if not attempts:
            hover.append(f"{texts['level']} {n}: {texts['never']}")
            continue
        rounds = f"{number_text(per_level, lang, 2)} ({number_text(fewest, lang, 2)}–{_upper(most, lang)})" if not math.isnan(per_level) else "—"
        hover.append(
            _hover(f"{texts['level']} {n}", rate, low, high, lang)
            + f"<br>{texts['attempts']}: {number_text(attempts, lang, 0)}<br>{texts['rounds_per_level']}: {rounds}"
        )
    levels = [str(n) for n in df.level]
    # Lying bars, a level a row: on a phone a standing bar is too narrow for the word "hurdle",
    # which plotly then turned on its side. Here the word stands in the level's own label, level
    # by level from the top, every label horizontal at any width.
    fig = go.Figure(
        go.Bar(
            x=df.rate,
            y=levels,
            orientation="h",
            marker_color=["#c62828" if n in hardest else "#6a1b9a" for n in df.level],
            error_x={"type": "data", "symmetric": False, "array": df.high - df.rate, "arrayminus": df.rate - df.low, "thickness": 1},
            customdata=hover,
            hovertemplate="%{customdata}<extra></extra>",
        )
    )
    subtitle = texts["hurdle_sub"].format(games=number_text(len(atlas.games), lang, 0), players=atlas.players)
    _figure_layout(fig, lang, texts["hurdle_title"], subtitle, 120 + 34 * len(levels))
    labels = [f"<span style='color:#c62828'><b>{n}</b> {escape(texts['hurdle'])}</span>" if int(n) in hardest else n for n in levels]
    fig.update_yaxes(
        title_text=texts["level"],
        type="category",
        categoryorder="array",
        categoryarray=levels,
        autorange="reversed",
        tickmode="array",
        tickvals=levels,
        ticktext=labels,
        tickangle=0,
        automargin=True,
    )
    fig.update_xaxes(title_text=texts["rate"], range=[0, 1.05], tickangle=0, automargin=True, **percent_ticks(lang))
    return fig


def hurdle_table(atlas: Atlas, lang: str = "en") -> Any:
    """The hurdles as a table for people."""
    texts = TEXTS[lang]
    if not atlas.games:
        return _note(texts["no_games"])
    df = atlas.hurdles()
    head = [texts["level"], texts["attempts"], texts["passes"], texts["rate"], texts["rounds_per_level"]]
    hardest = _hardest(df)
    rows = []
    spent = zip(df.rounds_per_level, df.rounds_low, df.rounds_high, strict=True)
    for n, attempts, passes, rate, low, high, (per_level, fewest, most) in zip(df.level, df.attempts, df.passes, df.rate, df.low, df.high, spent, strict=True):
        shown = _chance_cell(rate, low, high, lang) if attempts else escape(texts["never"])
        rounds = "—" if math.isnan(per_level) else estimate_cell(number_text(per_level, lang, 2), number_text(fewest, lang, 2), _upper(most, lang))
        # The hurdles in red, as in the chart (the word too: colour is not the only cue).
        level = f"{n} <span class='u9-hurdle' style='color:#c62828;font-weight:600'>{escape(texts['hurdle'])}</span>" if n in hardest else str(n)
        rows.append([level, number_text(attempts, lang, 0), number_text(passes, lang, 0), shown, rounds])
    # On a phone: the rate and the rounds per level; the counts they come from a tap away.
    return _table(head, rows, texts["hurdle_title"], "u9-atlas-table u9-atlas-hurdles", lang=lang, headline=(0, 3, 4))


def _palette() -> list[str]:
    return ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"]


def _alpha(colour: str, alpha: float) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


KINDS: Final[dict[str, Callable[[Atlas, str], Any]]] = {
    "holding": hold_chart,
    "holding_table": holding_table,
    "budgets": budget_chart,
    "budget_table": budget_table,
    "hurdles": hurdle_chart,
    "hurdle_table": hurdle_table,
}
"""What ``AtlasView`` draws: the holding chart and table, the joker budgets' chart and table, the hurdles' chart and table."""

DEAL_KINDS: Final = frozenset({"holding", "holding_table", "budgets", "budget_table"})
"""The views drawn from the deals: those more deals change."""

# The views of each atlas (by its id), so that its MoreDeals redraws them wherever they are on the page.
_VIEWS: dict[int, weakref.WeakSet[AtlasView]] = {}


class AtlasView(LangOutput):
    """One part of the atlas (``kind``, one of ``KINDS``), drawn in the page's language, and again by ``refresh()`` after more deals."""

    def __init__(self, atlas: Atlas, kind: str, *, lang: str = "en", **kwargs: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.atlas = atlas
        self.kind = kind
        draw = KINDS[kind]
        super().__init__(lambda lang: draw(atlas, lang), lang=lang, key=lambda: (kind, atlas.key()), **kwargs)
        self.add_class("u9-atlas-view")
        _VIEWS.setdefault(id(atlas), weakref.WeakSet()).add(self)


class MoreDeals(RunButton):
    """A button that deals ``deals`` more hands into the atlas (``Atlas.sample_more``), its
    progress as "50 of 200 deals", and redraws ``views``; with no views given, every view of the
    atlas drawn from its deals (``DEAL_KINDS``), wherever it is on the page."""

    def __init__(self, atlas: Atlas, views: Sequence[LangOutput] | None = None, *, deals: int = 200, lang: str = "en") -> None:
        self.atlas = atlas
        self.deals = deals
        labels = {code: TEXTS[code]["more"].format(n=deals) for code in LANGS}
        self._note: w.HTML | None = None
        super().__init__(labels, self._deal, list(views) if views is not None else [], lang=check_lang(lang))
        self._own_views = views is not None
        self._note = w.HTML()
        self.children = (w.HBox([self._button, self._note], layout=w.Layout(flex_flow="row wrap", align_items="center")), self.progress, self._log)
        self.add_class("u9-more-deals")
        self.redraw()

    def _deal(self) -> None:
        if not self._own_views:
            self.outputs = [v for v in _VIEWS.get(id(self.atlas), ()) if v.kind in DEAL_KINDS]
        self.progress.start(self.deals, "deals")
        left = self.deals
        while left > 0:  # in steps, so the bar moves; the deals are the same as in one go (deal numbers go on)
            step = min(25, left)
            self.atlas.sample_more(step, progress=False)
            self.progress.step(step)
            left -= step

    def redraw(self) -> None:
        super().redraw()
        if self._note is not None:
            self._note.value = f"<span class='u9-note'>{escape(TEXTS[self._lang]['more_note'])}</span>"


# --- one view of a section at a time --------------------------------------------------------------------

CHOICES: Final = ("table", "chart")
"""The kinds of view a ``ViewChoice`` offers, named on its buttons in the page's language (``TEXTS``)."""


class ViewChoice(OwnLanguage, w.VBox):  # type: ignore[misc]
    """A section's views, one shown at a time, chosen with buttons ("Table" / "Chart"): ``views``
    holds, per choice, its kind (one of ``CHOICES``) and ``make(lang)``, which makes the view. A view
    is made the first time it is chosen and then kept (chosen again, it shows at once, drawn as it
    was). Each plotly chart costs the browser up to a second on a small machine (drawn, redrawn for
    its box, copied into a picture by plotly's renderer), so a page that opens with its tables and
    one chart is interactive seconds earlier, and the language switch redraws only the charts a
    learner opened. The views made follow ``lang``.

    >>> choice = ViewChoice([("table", lambda lang: w.HTML(lang)), ("chart", lambda lang: w.HTML("a chart, " + lang))], lang="nb")
    >>> choice.labels, [view.value for view in choice.made]
    (['Tabell', 'Diagram'], ['nb'])
    >>> choice.choose(1)
    >>> [view.value for view in choice.made], choice.shown.value
    (['nb', 'a chart, nb'], 'a chart, nb')
    """

    def __init__(self, views: Sequence[tuple[str, Callable[[str], Any]]], *, selected: int = 0, lang: str = "en") -> None:
        unknown = [kind for kind, _make in views if kind not in CHOICES]
        if unknown or not views:
            raise ValueError(f"views must be (kind, make) pairs with kinds among {', '.join(CHOICES)}, not {unknown or 'none'}")
        if not 0 <= selected < len(views):
            raise ValueError(f"selected must be 0 to {len(views) - 1}, not {selected}")
        self.kinds = [kind for kind, _make in views]
        self._makers = [make for _kind, make in views]
        self._made: dict[int, Any] = {}
        self._lang = check_lang(lang)
        self._relabelling = False
        self._buttons = w.ToggleButtons(options=self._options(), value=selected, style={"button_width": "auto"})
        self._buttons.add_class("u9-view-choice")
        self._buttons.tooltips = [TEXTS[self._lang]["choice"]] * len(self.kinds)
        self._box = w.VBox(layout=w.Layout(width="100%"))
        super().__init__([self._buttons, self._box])
        self.add_class("u9")
        self.add_class("u9-view-choices")
        self._buttons.observe(guard(self, lambda change: self.choose(int(change["new"]))), names="value")
        self.choose(selected)

    def _options(self) -> list[tuple[str, int]]:
        return [(TEXTS[self._lang][kind], i) for i, kind in enumerate(self.kinds)]

    @property
    def labels(self) -> list[str]:
        """The buttons' words, in the view's language."""
        return [str(label) for label in self._buttons._options_labels]

    @property
    def made(self) -> list[Any]:
        """The views made so far, in the order of the choices."""
        return [self._made[i] for i in sorted(self._made)]

    @property
    def shown(self) -> Any:
        """The view shown now."""
        return self._made[int(self._buttons.value)]

    def choose(self, index: int) -> None:
        """Show the ``index``-th view (making it the first time)."""
        if self._relabelling:
            return
        if index not in self._made:
            self._made[index] = self._makers[index](self._lang)
            self._box.children = self.made
        for i, view in self._made.items():
            view.layout.display = None if i == index else "none"
        if self._buttons.value != index:
            self._buttons.value = index

    def redraw(self) -> None:
        """The buttons' words and the views made, in the view's language."""
        shown = int(self._buttons.value)
        self._relabelling = True  # new options reset the choice: put it back without making a view
        try:
            self._buttons.options = self._options()
            self._buttons.value = shown
        finally:
            self._relabelling = False
        self._buttons.tooltips = [TEXTS[self._lang]["choice"]] * len(self.kinds)
        for view in self._made.values():
            if hasattr(view, "lang"):
                view.lang = self._lang
