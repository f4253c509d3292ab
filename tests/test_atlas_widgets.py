"""The atlas page's views (upto9.widgets.atlas) as a learner sees them: every chart axis titled in
both languages, numbers written the language's way (decimal comma in Norwegian) with no English
left, wide tables in a box that scrolls on a phone, an empty result said in words, and the "more
deals" button redrawing the views it changes with a plain progress bar."""

from __future__ import annotations

import copy
import html as html_lib
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets.atlas import DEAL_KINDS, KINDS, TABLE_SCROLL, AtlasView, MoreDeals, budget_chart, hold_chart, holding_table, hurdle_chart, hurdle_table

from upto9.atlas import Atlas

ENGLISH = ("Level", "level", "Chance", "chance", "draws", "deals", "games", "players", "interval", "Contract", "Max wild", "Jokers allowed", "Rounds", "hurdle")


@pytest.fixture(scope="module")
def atlas() -> Atlas:
    return Atlas.build(12, 2, max_draws=5, progress=False)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def english_in(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


def chart_text(figure: object) -> str:
    """Everything a chart writes: titles, axis titles, legend names, bar labels and hover texts."""
    layout = figure.layout  # type: ignore[attr-defined]
    parts = [layout.title.text or "", layout.title.subtitle.text or "", layout.legend.title.text or ""]
    parts += [layout[a].title.text or "" for a in ("xaxis", "yaxis")]
    for trace in figure.data:  # type: ignore[attr-defined]
        parts += [trace.name or "", *(str(c) for c in (trace.customdata or ())), *(str(t) for t in (getattr(trace, "text", None) or ()))]
    return " ".join(parts)


@pytest.mark.parametrize("draw", [hold_chart, budget_chart, hurdle_chart])
def test_every_chart_axis_is_titled_in_both_languages(atlas: Atlas, draw: object) -> None:
    titles = {}
    for lang in ("en", "nb"):
        figure = draw(atlas, lang)  # type: ignore[operator]
        x, y = figure.layout.xaxis.title.text, figure.layout.yaxis.title.text
        assert x and y, f"{draw.__name__} {lang}: an axis has no title"  # type: ignore[attr-defined]
        titles[lang] = (x, y)
    assert titles["en"] != titles["nb"]
    assert titles["nb"][0] in ("Nivå", "Kort trukket etter utdelingen (k)")


@pytest.mark.parametrize("draw", [hold_chart, budget_chart, hurdle_chart])
def test_norwegian_charts_have_decimal_commas_and_no_english(atlas: Atlas, draw: object) -> None:
    figure = draw(atlas, "nb")  # type: ignore[operator]
    shown = chart_text(figure)
    assert re.search(r"\d,\d", shown), shown[:300]  # the hover texts hold the figures
    assert not re.search(r"\d\.\d", shown), shown[:300]
    assert english_in(shown) == [], shown[:300]
    assert figure.layout.separators.startswith(",")  # the axes' ticks too
    english = chart_text(draw(atlas, "en"))  # type: ignore[operator]
    assert re.search(r"\d\.\d", english) and not re.search(r"\d,\d", english)


def test_the_tables_fit_a_phone_by_scrolling_in_their_own_box_and_speak_norwegian(atlas: Atlas) -> None:
    for draw in (holding_table, hurdle_table):
        html = draw(atlas, "nb").data
        assert html.startswith(f"<div class='{TABLE_SCROLL}'") and "overflow-x:auto" in html
        text = text_of(html)
        assert english_in(text) == [], (draw.__name__, english_in(text))
        assert re.search(r"\d,\d", text) and not re.search(r"\d\.\d", text), text[:300]
    text = text_of(holding_table(atlas, "nb").data)
    assert "Jokere tillatt" in text and "Maks wild" not in text and "I de 11 utdelte" in text and "Etter 5 trekk" in text
    # k beyond the atlas's draws is left out rather than shown empty.
    assert "Etter 10 trekk" not in text and "After 5 draws" in text_of(holding_table(atlas, "en").data)
    first = atlas.holding()
    row = first[(first.variant == "rules") & (first.level == 1) & (first.k == 0)].iloc[0]
    assert f"{100 * row.chance:.1f}".replace(".", ",") + "\u00a0%" in html_lib.unescape(holding_table(atlas, "nb").data)


def test_an_empty_atlas_says_so_in_words() -> None:
    empty = Atlas([], [])
    for lang, deals, games in (("en", "No deals in the atlas yet", "No games in the atlas yet"), ("nb", "Ingen utdelinger", "Ingen spill i atlaset")):
        for kind, draw in KINDS.items():
            shown = draw(empty, lang)
            assert not hasattr(shown, "layout"), f"{kind}: an empty chart"
            assert (deals if kind in DEAL_KINDS else games) in shown.data


def test_more_deals_redraws_every_view_it_changes_with_a_plain_progress_bar(atlas: Atlas) -> None:
    mine = copy.deepcopy(atlas)
    views = {kind: AtlasView(mine, kind) for kind in KINDS}
    more = MoreDeals(mine, deals=30)
    assert more._button.description == "Deal 30 more hands" and more.progress.layout.display == "none"
    before = text_of(holding_table(mine, "en").data)
    more.run()
    assert mine.samples == atlas.samples + 30
    assert {v.kind for v in more.outputs} == DEAL_KINDS and all(v.atlas is mine for v in more.outputs)
    assert set(more.outputs) == {views[k] for k in DEAL_KINDS}
    assert more.progress.text == "30 of 30 deals" and "/s" not in more.progress.text
    assert text_of(holding_table(mine, "en").data) != before
    # Dealt in steps of 25 for the bar: the same deals as in one go.
    once = copy.deepcopy(atlas)
    once.sample_more(30, progress=False)
    assert once.counts == mine.counts
    more.lang = "nb"
    assert more._button.description == "Del ut 30 hender til" and more.progress.text == "30 av 30 utdelinger"
    assert "Tegner" in more._note.value
