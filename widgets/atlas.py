"""The level difficulty atlas's views: the chance of holding each level (in the deal and after k
draws, under each joker budget) and the hurdles, as plotly charts and tables, in English or Norwegian.

Every number comes from an ``upto9.atlas.Atlas`` (``holding()``, ``hurdles()``); the page reads it
from its data file and shows its parts with ``AtlasView(atlas, kind)``, each following the page's
language, and offers more deals with ``MoreDeals(atlas, views)``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Final

import pandas as pd

from upto9.atlas import VARIANTS, Atlas

from .page import LangOutput, RunButton
from .texts import LANGS, budget_text, check_lang, contract_text

__all__ = ["KINDS", "TEXTS", "AtlasView", "MoreDeals", "budget_chart", "hold_chart", "holding_table", "hurdle_chart", "hurdle_table"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "level": "Level",
        "draws": "Cards drawn after the deal (k)",
        "chance": "Chance the cards hold the level",
        "hold_title": "Holding each level: the dealt 11 cards plus the next k cards of the deck",
        "budget_title": "What the joker budget changes: the chance after {k} draws",
        "budget": "Joker budget",
        "none": "no jokers",
        "minus": "one joker fewer",
        "rules": "as the rules say",
        "plus": "one joker more",
        "dealt": "In the dealt 11",
        "after": "After {k} draws",
        "ci": "95 % interval",
        "samples": "Deals",
        "hurdle_title": "The hurdles: how often a player on a level lays it down in a round",
        "rate": "Lay-down rate per round",
        "attempts": "Rounds played on the level",
        "rounds_per_level": "Rounds per level (mean)",
        "passes": "Laid down",
        "contract": "Contract",
        "budget_col": "Max wild",
        "hurdle": "hurdle",
        "more": "Deal {n} more hands",
    },
    "nb": {
        "level": "Nivå",
        "draws": "Kort trukket etter utdelingen (k)",
        "chance": "Sjansen for at kortene holder nivået",
        "hold_title": "Å ha nivået: de 11 utdelte kortene pluss de neste k kortene i trekkbunken",
        "budget_title": "Hva jokerbudsjettet endrer: sjansen etter {k} trekk",
        "budget": "Jokerbudsjett",
        "none": "ingen jokere",
        "minus": "én joker færre",
        "rules": "slik reglene sier",
        "plus": "én joker mer",
        "dealt": "I de 11 utdelte",
        "after": "Etter {k} trekk",
        "ci": "95 %-intervall",
        "samples": "Utdelinger",
        "hurdle_title": "Hindrene: hvor ofte en spiller på et nivå legger det ned i en runde",
        "rate": "Andel runder med nedlegg",
        "attempts": "Runder spilt på nivået",
        "rounds_per_level": "Runder per nivå (snitt)",
        "passes": "Lagt ned",
        "contract": "Regel",
        "budget_col": "Maks wild",
        "hurdle": "hinder",
        "more": "Del ut {n} hender til",
    },
}
assert set(TEXTS) == set(LANGS)


def holding_table(atlas: Atlas, lang: str = "en", ks: Iterable[int] = (0, 5, 10, 20)) -> Any:
    """The chance of holding each level (its own budget) in the dealt 11 and after k draws,
    with the 95 % interval, as a table for people."""
    texts = TEXTS[lang]
    df = atlas.holding()
    df = df[df.variant == "rules"]
    out = []
    for lv in atlas.rules.levels:
        row: dict[str, Any] = {texts["level"]: lv.number, texts["contract"]: contract_text(lv, lang), texts["budget_col"]: budget_text(lv, lang)}
        for k in ks:
            if k > atlas.max_draws:
                continue
            found = df[(df.level == lv.number) & (df.k == k)].iloc[0]
            label = texts["dealt"] if k == 0 else texts["after"].format(k=k)
            row[label] = f"{100 * found.chance:.1f} % ({100 * found.low:.1f}–{100 * found.high:.1f})"
        out.append(row)
    return _styled(pd.DataFrame(out).set_index(texts["level"]))


def hold_chart(atlas: Atlas, lang: str = "en") -> Any:
    """The chance of holding each level against k, with its 95 % band."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    df = atlas.holding()
    df = df[df.variant == "rules"]
    fig = go.Figure()
    colours = _palette()
    for i, lv in enumerate(atlas.rules.levels):
        part = df[df.level == lv.number]
        colour = colours[i % len(colours)]
        fig.add_trace(
            go.Scatter(
                x=list(part.k) + list(part.k)[::-1],
                y=list(part.high) + list(part.low)[::-1],
                fill="toself",
                fillcolor=_alpha(colour, 0.15),
                line={"width": 0},
                hoverinfo="skip",
                showlegend=False,
                legendgroup=str(lv.number),
            )
        )
        fig.add_trace(
            go.Scatter(
                x=part.k,
                y=part.chance,
                mode="lines+markers",
                name=f"{texts['level']} {lv.number}",
                line={"color": colour},
                marker={"size": 4},
                legendgroup=str(lv.number),
                customdata=list(zip(part.low, part.high, strict=True)),
                hovertemplate=f"{texts['level']} {lv.number}, k=%{{x}}: %{{y:.1%}} ({texts['ci']} {_CI_HOVER})<extra></extra>",
            )
        )
    fig.update_layout(
        title=f"{texts['hold_title']} ({texts['samples'].lower()}: {atlas.samples})",
        xaxis_title=texts["draws"],
        yaxis_title=texts["chance"],
        yaxis={"tickformat": ".0%", "range": [0, 1.02]},
        template="plotly_white",
        height=460,
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
    )
    return fig


def budget_chart(atlas: Atlas, lang: str = "en", k: int = 10) -> Any:
    """Per level, the chance after ``k`` draws under each joker budget (grouped bars with 95 % error bars)."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    df = atlas.holding()
    df = df[df.k == k]
    fig = go.Figure()
    colours = {"none": "#9e9e9e", "minus": "#90caf9", "rules": "#6a1b9a", "plus": "#f9a825"}
    for variant in VARIANTS:
        part = df[df.variant == variant]
        fig.add_trace(
            go.Bar(
                x=[f"{texts['level']} {n}" for n in part.level],
                y=part.chance,
                name=texts[variant],
                marker_color=colours[variant],
                error_y={"type": "data", "symmetric": False, "array": part.high - part.chance, "arrayminus": part.chance - part.low, "thickness": 1},
                hovertemplate="%{x}: %{y:.1%}<extra>" + texts[variant] + "</extra>",
            )
        )
    fig.update_layout(
        title=f"{texts['budget_title'].format(k=k)} ({texts['samples'].lower()}: {atlas.samples})",
        barmode="group",
        yaxis={"tickformat": ".0%", "range": [0, 1.05], "title": texts["chance"]},
        legend_title=texts["budget"],
        template="plotly_white",
        height=420,
        margin={"l": 60, "r": 20, "t": 60, "b": 40},
    )
    return fig


def hurdle_chart(atlas: Atlas, lang: str = "en") -> Any:
    """The lay-down rate per round of each level, with its 95 % interval; the hardest three marked."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    df = atlas.hurdles()
    hardest = set(df.nsmallest(3, "rate").level)
    fig = go.Figure(
        go.Bar(
            x=[f"{texts['level']} {n}" for n in df.level],
            y=df.rate,
            marker_color=["#c62828" if n in hardest else "#6a1b9a" for n in df.level],
            error_y={"type": "data", "symmetric": False, "array": df.high - df.rate, "arrayminus": df.rate - df.low, "thickness": 1},
            text=[f"{texts['hurdle']}" if n in hardest else "" for n in df.level],
            textposition="inside",
            customdata=list(zip(df.attempts, df.rounds_per_level, strict=True)),
            hovertemplate="%{x}: %{y:.1%} · " + texts["attempts"] + " %{customdata[0]} · " + texts["rounds_per_level"] + " %{customdata[1]:.2f}<extra></extra>",
        )
    )
    games = len(atlas.games)
    fig.update_layout(
        title=f"{texts['hurdle_title']} ({games} games, {atlas.players} players)"
        if lang == "en"
        else f"{texts['hurdle_title']} ({games} spill, {atlas.players} spillere)",
        yaxis={"tickformat": ".0%", "range": [0, 1.05], "title": texts["rate"]},
        template="plotly_white",
        height=400,
        margin={"l": 60, "r": 20, "t": 60, "b": 40},
    )
    return fig


def hurdle_table(atlas: Atlas, lang: str = "en") -> Any:
    """The hurdles as a table for people."""
    texts = TEXTS[lang]
    df = atlas.hurdles()
    return _styled(
        pd.DataFrame(
            {
                texts["level"]: df.level,
                texts["attempts"]: df.attempts,
                texts["passes"]: df.passes,
                texts["rate"]: [f"{100 * r:.1f} % ({100 * lo:.1f}–{100 * hi:.1f})" for r, lo, hi in zip(df.rate, df.low, df.high, strict=True)],
                texts["rounds_per_level"]: df.rounds_per_level.round(2),
            }
        ).set_index(texts["level"])
    )


_CI_HOVER: Final = "%{customdata[0]:.1%}–%{customdata[1]:.1%}"


def _styled(df: pd.DataFrame) -> Any:
    """A table for a page: no wrapped numbers, text columns left-aligned (a pandas Styler)."""
    text_columns: list[Hashable] = [c for c in df.columns if df[c].dtype == object]
    return (
        df.style.set_table_styles([{"selector": "td, th", "props": "white-space: nowrap; padding: 3px 10px;"}])
        .set_properties(subset=text_columns, **{"text-align": "left"})
        .format(precision=2)
    )


def _palette() -> list[str]:
    return ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"]


def _alpha(colour: str, alpha: float) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


KINDS: Final[dict[str, Callable[[Atlas, str], Any]]] = {
    "holding": hold_chart,
    "holding_table": holding_table,
    "budgets": budget_chart,
    "hurdles": hurdle_chart,
    "hurdle_table": hurdle_table,
}
"""What ``AtlasView`` draws: the holding chart and table, the joker budgets, the hurdles' chart and table."""


class AtlasView(LangOutput):
    """One part of the atlas (``kind``, one of ``KINDS``), drawn in the page's language, and again by ``refresh()`` after more deals."""

    def __init__(self, atlas: Atlas, kind: str, *, lang: str = "en", **kwargs: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        self.atlas = atlas
        self.kind = kind
        draw = KINDS[kind]
        super().__init__(lambda lang: draw(atlas, lang), lang=lang, **kwargs)


class MoreDeals(RunButton):
    """A button that deals ``deals`` more hands into the atlas (``Atlas.sample_more``) and redraws ``views``."""

    def __init__(self, atlas: Atlas, views: Sequence[LangOutput] = (), *, deals: int = 200, lang: str = "en") -> None:
        labels = {code: TEXTS[code]["more"].format(n=deals) for code in LANGS}
        super().__init__(labels, lambda: atlas.sample_more(deals), views, lang=check_lang(lang))
