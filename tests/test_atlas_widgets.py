"""The atlas page's views (upto9.widgets.atlas) as a learner sees them: every chart axis titled in
both languages, numbers written the language's way (decimal comma in Norwegian) with no English
left, tables that fit a phone (their headline columns there, every column a tap away, each in a box
that scrolls), an empty result said in words, and the "more deals" button redrawing the views it
changes with a plain progress bar."""

from __future__ import annotations

import copy
import html as html_lib
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets.atlas import (
    DEAL_KINDS,
    FIT,
    KINDS,
    TABLE_SCROLL,
    AtlasView,
    MoreDeals,
    ViewChoice,
    budget_chart,
    budget_table,
    hold_chart,
    holding_table,
    hurdle_chart,
    hurdle_table,
)

from upto9.atlas import Atlas

ENGLISH = ("Level", "level", "Chance", "chance", "draws", "deals", "games", "players", "interval", "Contract", "Max wild", "Jokers allowed", "Rounds", "hurdle")


@pytest.fixture(scope="module")
def atlas() -> Atlas:
    return Atlas.build(12, 2, max_draws=5, progress=False)


@pytest.fixture(scope="module")
def page_atlas() -> Atlas:
    """An atlas drawn as far as the page's: 5, 10 and 20 cards after the deal."""
    return Atlas.build(12, 2, max_draws=20, progress=False)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def part(html: str, which: str) -> str:
    """The compact (phone) or the full table of a table that fits a phone (``fit_phone``)."""
    assert html.startswith(f"<div class='{FIT}' data-u9-fit='atlas-"), html[:80]
    full, compact = html.split("<div class='u9-fit-full'>")[1].split("<div class='u9-fit-compact'>")
    return compact if which == "compact" else full


def columns(table: str) -> list[list[str]]:
    """A table's rows (the head first), each a list of its cells' HTML."""
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]


def english_in(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


def chart_text(figure: object) -> str:
    """Everything a chart writes: titles, axis titles and tick labels, legend names, bar labels and hover texts."""
    layout = figure.layout  # type: ignore[attr-defined]
    parts = [layout.title.text or "", layout.title.subtitle.text or "", layout.legend.title.text or ""]
    parts += [layout[a].title.text or "" for a in ("xaxis", "yaxis")]
    parts += [re.sub(r"<[^>]+>", " ", str(t)) for a in ("xaxis", "yaxis") for t in (layout[a].ticktext or ())]
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
    assert "Nivå" in titles["nb"] or titles["nb"][0] == "Kort trukket etter utdelingen (k)"  # the levels on either axis


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
    for draw in (holding_table, budget_table, hurdle_table):
        html = draw(atlas, "nb").data
        for which in ("compact", "full"):  # each in a box that scrolls, should it still be too wide
            assert part(html, which).startswith(f"<div class='{TABLE_SCROLL}'") and "overflow-x:auto" in part(html, which)
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


@pytest.mark.parametrize(
    ("draw", "headline", "hidden"),
    [
        (holding_table, ["Level", "Contract", "In the dealt 11", "After 10 draws"], "jokers allowed, after 5 draws, after 20 draws"),
        (budget_table, ["Level", "Contract", "no jokers", "as the rules say"], "one joker fewer, one joker more"),
        (hurdle_table, ["Level", "Rounds ending with the level laid down", "Rounds per level (average)"], "rounds played on the level, laid down"),
    ],
)
def test_on_a_phone_a_table_shows_its_headline_columns_and_every_column_a_tap_away(page_atlas: Atlas, draw: object, headline: list[str], hidden: str) -> None:
    atlas = page_atlas
    html = draw(atlas, "en").data  # type: ignore[operator]
    full, compact = columns(part(html, "full")), columns(part(html, "compact"))
    assert [text_of(h) for h in compact[0]] == headline
    assert len(full[0]) > len(compact[0]) and len(compact) == len(full) == len(atlas.rules.levels) + 1
    # The same numbers, cell for cell: the compact table is the full one's headline columns.
    picked = [[text_of(h) for h in full[0]].index(name) for name in headline]
    for short, whole in zip(compact[1:], full[1:], strict=True):
        assert short == [whole[i] for i in picked]
    assert f"Show every column (also {hidden})" in text_of(html)
    norwegian = text_of(draw(atlas, "nb").data)  # type: ignore[operator]
    assert "Vis alle kolonnene (også " in norwegian and "Show every column" not in norwegian


def test_each_phone_table_names_itself_the_same_in_both_languages_for_its_ticked_box(page_atlas: Atlas) -> None:
    """The page's template ticks a redrawn "Show every column" box again by the table's name
    (``data-u9-fit``): one name a table, the same in English and Norwegian."""
    keys = {}
    for draw in (holding_table, budget_table, hurdle_table):
        names = {lang: re.findall(r"data-u9-fit='([^']+)'", draw(page_atlas, lang).data) for lang in ("en", "nb")}  # type: ignore[operator]
        assert names["en"] == names["nb"] and len(names["en"]) == 1, names
        keys[draw.__name__] = names["en"][0]
    assert keys == {"holding_table": "atlas-holding", "budget_table": "atlas-budgets", "hurdle_table": "atlas-hurdles"}


def test_an_atlas_with_fewer_draws_shows_its_last_on_a_phone(atlas: Atlas) -> None:
    head = columns(part(holding_table(atlas, "en").data, "compact"))[0]  # drawn up to 5 after the deal
    assert [text_of(h) for h in head] == ["Level", "Contract", "In the dealt 11", "After 5 draws"]


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


# --- the budget table, the hurdles marked, one view at a time -------------------------------------


def test_the_budget_table_holds_the_budget_charts_numbers_in_both_languages(atlas: Atlas) -> None:
    figure = budget_chart(atlas, "en")
    table = html_lib.unescape(part(budget_table(atlas, "en").data, "full"))
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]  # after the head
    assert len(rows) == len(atlas.rules.levels)
    for trace, column in zip(figure.data, range(2, 6), strict=True):  # the chart's bars per budget, the table's columns
        bars = dict(zip(trace.x, trace.y, strict=True))
        for lv, row in zip(atlas.rules.levels, rows, strict=True):
            cell = re.findall(r"<td[^>]*>(.*?)</td>", row)[column]
            if str(lv.number) in bars:
                assert f"{100 * bars[str(lv.number)]:.1f}%" in cell, (trace.name, lv.number, cell)
            else:  # no bar, no number: that budget does not exist on this level
                assert cell == "—", (trace.name, lv.number, cell)
    norwegian = text_of(budget_table(atlas, "nb").data)
    assert english_in(norwegian) == [] and "ingen jokere" in norwegian and "Jokerbudsjettet, etter 5 trekk" in norwegian
    assert re.search(r"\d,\d", norwegian) and not re.search(r"\d\.\d", norwegian)


def test_the_hurdle_table_marks_the_levels_the_chart_marks_red(atlas: Atlas) -> None:
    bars = hurdle_chart(atlas, "en").data[0]
    red = {int(y) for y, colour in zip(bars.y, bars.marker.color, strict=True) if colour == "#c62828"}
    assert len(red) == 3
    for lang, word in (("en", "hurdle"), ("nb", "hinder")):
        for which in ("compact", "full"):
            rows = re.findall(r"<tr>(.*?)</tr>", part(hurdle_table(atlas, lang).data, which))[1:]
            marked = {int(re.search(r"<td[^>]*>(\d+)", row).group(1)) for row in rows if f">{word}<" in row}  # type: ignore[union-attr]
            assert marked == red, (lang, which, marked, red)


def test_the_rounds_per_level_carry_their_interval_in_the_table_and_the_chart(atlas: Atlas) -> None:
    """The rounds a level takes come from the games sampled: each carries its 95 % interval (the lay-down
    rate's, turned over), as the rate beside it does (a learner's review: a bare '1.32')."""
    df = atlas.hurdles()
    hover = hurdle_chart(atlas, "en").data[0].customdata
    for lang, mark in (("en", "."), ("nb", ",")):
        rows = re.findall(r"<tr>(.*?)</tr>", part(hurdle_table(atlas, lang).data, "full"))[1:]
        for row, per_level, low, high in zip(rows, df.rounds_per_level, df.rounds_low, df.rounds_high, strict=True):
            cell = html_lib.unescape(re.findall(r"<td[^>]*>(.*?)</td>", row)[-1])
            if per_level != per_level:  # (never laid down: nothing to turn over)
                assert cell == "—", cell
                continue
            assert low <= per_level <= high
            shown = f"{low:.2f}–{high:.2f}".replace(".", mark) if high != float("inf") else f"{low:.2f}–∞".replace(".", mark)
            assert text_of(cell) == f"{per_level:.2f}".replace(".", mark) + " " + shown, cell
    for h, per_level, low, high in zip(hover, df.rounds_per_level, df.rounds_low, df.rounds_high, strict=True):
        if per_level == per_level:
            assert h.endswith(f"Rounds per level (average): {per_level:.2f} ({low:.2f}–{'∞' if high == float('inf') else f'{high:.2f}'})"), h


def test_a_view_choice_draws_a_view_only_when_a_learner_chooses_it(atlas: Atlas) -> None:
    mine = copy.deepcopy(atlas)
    choice = ViewChoice([("table", lambda lang: AtlasView(mine, "budget_table", lang=lang)), ("chart", lambda lang: AtlasView(mine, "budgets", lang=lang))])
    assert choice.labels == ["Table", "Chart"]
    assert [v.kind for v in choice.made] == ["budget_table"] and choice.shown.kind == "budget_table"  # no chart drawn yet
    choice.lang = "nb"
    assert choice.labels == ["Tabell", "Diagram"] and choice._buttons.value == 0 and [v.kind for v in choice.made] == ["budget_table"]
    choice._buttons.value = 1  # the learner presses "Diagram"
    table, chart = choice.made
    assert choice.shown is chart and chart.lang == "nb" and table.layout.display == "none" and chart.layout.display is None
    assert "Jokerbudsjettet" in str(chart.outputs[0]["data"])
    choice._buttons.value = 0  # back to the table: the chart is kept, hidden, not drawn again
    assert choice.made == [table, chart] and chart.layout.display == "none" and table.layout.display is None
    choice.lang = "en"
    assert table.lang == chart.lang == "en" and "The joker budget" in str(chart.outputs[0]["data"])
    # More deals redraw the views made, the chart too.
    more = MoreDeals(mine, deals=25)
    before = str(chart.outputs[0]["data"])
    more.run()
    assert chart in more.outputs and table in more.outputs and str(chart.outputs[0]["data"]) != before


def test_a_view_choice_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="kinds among table, chart"):
        ViewChoice([("picture", lambda lang: None)])
    with pytest.raises(ValueError, match="selected must be 0 to 0"):
        ViewChoice([("table", lambda lang: None)], selected=1)
