"""The comparison page's views (upto9.widgets.compare), headless: the tables show the rule sets'
own values in both languages, the charts hold the engine's estimates with their intervals, and the
published figure is shown with its source, or the page says there is none."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterator

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

from upto9.widgets.atlas import ViewChoice
from upto9.widgets.compare import (
    ComparisonChart,
    ComparisonModel,
    Findings,
    HoldingTable,
    LevelsSideBySide,
    MeasuredTable,
    PenaltyTable,
    PublishedTable,
    RoundsPerLevelTable,
    RulesSideBySide,
    SampleNote,
)

from upto9.compare import Comparison, PublishedFigure, rules_facts
from upto9.rules import PHASE10, UPTO9

FIGURE = PublishedFigure("phase10", (0.2, None, 0.05), "A study of Phase 10 deals", "https://example.org/study", "A study", 10, notes=(("en", "Read it."),))


def part(html: str, which: str) -> str:
    """The compact (phone) or the full table of a table that fits a phone (``fit_phone``)."""
    assert html.startswith("<div class='u9-fit' data-u9-fit='compare-"), html[:80]
    full, compact = html.split("<div class='u9-fit-full'>")[1].split("<div class='u9-fit-compact'>")
    return compact if which == "compact" else full


def text_of(html: str) -> str:
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", html))
    return re.sub(r" ([:.,;)])", r"\1", re.sub(r"\s+", " ", text)).strip()


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return Comparison.build([UPTO9, PHASE10], games=3, deals=40, seed=1, progress=False)


@pytest.fixture
def model(comparison: Comparison) -> Iterator[ComparisonModel]:
    yield ComparisonModel(comparison, FIGURE, rule_sets=(UPTO9, PHASE10))


def test_the_rules_table_shows_each_rule_sets_own_values(model: ComparisonModel) -> None:
    view = RulesSideBySide(model)
    text = text_of(view._html.value)
    up, ph = rules_facts(UPTO9), rules_facts(PHASE10)
    assert f"{up.deck_size} cards" in text and f"{ph.deck_size} cards" in text
    assert f"{up.hand_size} cards" in text and f"{ph.hand_size} cards" in text
    assert "every 2 and 3; each is a joker and also itself" in text
    assert f"{ph.wild_cards} wild cards: only wild" in text and f"{ph.skips} skip cards" in text
    assert "a budget per level: 0 to 4 jokers" in text and "any number, as long as the phase holds at least 1 number card" in text
    assert "9 levels" in text and "10 phases" in text
    assert "share the win" in text and "deciding round of the last phase" in text
    assert "2, 3: 20 ·" in text and "wild: 25*" in text  # the 2s' and 3s' points are stated; Phase 10's reconstructed
    model.lang = "nb"
    text = text_of(view._html.value)
    assert "Kortstokk" in text and "10 faser" in text and "9 nivåer" in text and "hopp over-kort" in text


def test_the_levels_table_pairs_level_n_with_phase_n(model: ComparisonModel) -> None:
    text = text_of(LevelsSideBySide(model)._html.value)
    assert "Level 1: straight of 4" in text and "Phase 8:" in text and "Phase 10:" in text
    assert text.count("Level ") == 9 and text.count("Phase ") >= 10


def test_the_note_says_how_the_numbers_were_measured(model: ComparisonModel, comparison: Comparison) -> None:
    note = SampleNote(model)
    text = text_of(note._html.value)
    assert f"{comparison.games} games of each rule set" in text and f"{comparison.deals} shuffled deals" in text
    assert "sensible bots in every seat" in text and "95% interval" in text and "Not measured" not in text
    # The developer's details are in the "Advanced" section, closed until opened.
    assert "HeuristicBot" not in text and "seed" not in text and "bootstrap" not in text and "upto9." not in text
    advanced = text_of(note._dev.value)
    assert "HeuristicBot" in advanced and "seed 1" in advanced and "bootstrap" in advanced
    # What the page's second "Advanced" section said is here too: the page has one (issue 26).
    assert "upto9.UPTO9 and upto9.rules.PHASE10" in advanced and "make notebook-data" in advanced
    assert "which records how many games and deals it played and from which seed" in advanced
    assert "notebooks/data/phase10_published.json" in advanced and "Wilson score intervals" in advanced
    assert note._advanced.selected_index is None and note._advanced.get_title(0).startswith("Advanced")
    model.lang = "nb"
    assert "fornuftige roboter" in text_of(note._html.value) and note._advanced.get_title(0).startswith("Avansert")
    assert "Regelsettene: upto9.UPTO9 og upto9.rules.PHASE10" in text_of(note._dev.value) and "frø 1" in text_of(note._dev.value)


def test_the_comparison_page_has_one_advanced_section_for_the_measurements() -> None:
    import json
    from pathlib import Path

    notebook = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "6_comparison.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(cell["source"]) for cell in notebook["cells"]]
    note = next(i for i, source in enumerate(cells) if "SampleNote(model)" in source and "import" not in source)
    # The section's words above the note hold no "Advanced" of their own: the note's is the one.
    assert "<details" not in cells[note - 1] and "Measured: the same games for both" in cells[note - 1]


def test_a_rule_set_not_measured_is_named(comparison: Comparison) -> None:
    only = Comparison(comparison.sides[:1], comparison.players, comparison.seed)
    model = ComparisonModel(only, None, rule_sets=(UPTO9, PHASE10))
    assert "Not measured yet: Phase 10." in text_of(SampleNote(model)._html.value)
    assert "Phase 10" in text_of(RulesSideBySide(model)._html.value)  # the rules are still compared
    figure = ComparisonChart(model, "length").figure
    assert list(figure.data[0].x) == ["Up to 9"]


def test_the_measured_table_shows_the_engines_estimates(model: ComparisonModel) -> None:
    view = MeasuredTable(model)
    text = text_of(view._html.value)
    stats = model.stats("upto9")
    assert f"{stats.rounds.value:.2f} {stats.rounds.low:.2f}–{stats.rounds.high:.2f}" in text
    assert "Up to 9" in text and "Phase 10" in text and "Rounds ended as impossible" in text
    model.lang = "nb"
    assert f"{stats.rounds.value:.2f}".replace(".", ",") in text_of(view._html.value)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_measured_table_puts_each_interval_on_its_own_line_under_its_number(model: ComparisonModel, lang: str) -> None:
    """On a phone a range "10.91 (10.84–10.98)" broke in two; now the number, and under it the
    whole range, unbroken (as the other tables show an estimate)."""
    model.lang = lang
    html = MeasuredTable(model)._html.value
    stats = model.stats("upto9")
    low, high = (f"{x:.2f}".replace(".", "," if lang == "nb" else ".") for x in (stats.rounds.low, stats.rounds.high))
    assert f"<br><span class='u9-ci' style='white-space:nowrap'>{low}–{high}</span>" in html
    cells = re.findall(r"<td>(.*?)</td>", html)
    assert cells and not [c for c in cells if "(" in c] and "&lt;" not in html  # no bracketed range, no tag shown as text
    shares = re.findall(r"<span class='u9-num'>([^<]*)</span>", html)
    assert any(s.endswith("%" if lang == "en" else "\u00a0%") for s in shares), shares


def test_the_penalty_tables_average_is_a_number_over_its_interval_not_tags(model: ComparisonModel) -> None:
    html = PenaltyTable(model)._html.value
    assert "&lt;span" not in html and "u9-ci" in html
    mean = model.stats(model.measured[0].rules.key).final_penalties
    assert f"{mean.low:,.1f}–{mean.high:,.1f}" in text_of(html)


def test_the_charts_hold_the_estimates_and_their_intervals(model: ComparisonModel) -> None:
    holding = ComparisonChart(model, "holding")
    figure = holding.figure
    names = [trace.name for trace in figure.data]
    assert names == [
        "Up to 9: sampled deals",
        "Phase 10: sampled deals",
        "Up to 9: in the games (a player's deal, on that level)",
        "Phase 10: in the games (a player's deal, on that level)",
        "Phase 10: published (A study)",
    ]
    phase10 = model.comparison.side("phase10").holding.estimates()
    trace = figure.data[1]
    assert list(trace.y) == [e.value for e in phase10]
    assert list(trace.error_y.array) == pytest.approx([e.high - e.value for e in phase10])
    assert len(figure.data[0].x) == 9 and len(trace.x) == 10
    in_games = model.stats("phase10").dealt_holds
    assert list(figure.data[3].y) == [None if e is None else e.value for e in in_games]
    assert list(figure.data[4].y)[:3] == [0.2, None, 0.05]
    levels = ComparisonChart(model, "levels").figure
    assert [len(t.x) for t in levels.data] == [9, 10]
    assert ComparisonChart(model, "penalties").figure.data[0].type == "box"
    assert holding._output.outputs and "application/vnd.plotly.v1+json" in holding._output.outputs[0]["data"]
    model.lang = "nb"
    assert "Sjansen" in holding.figure.layout.title.text
    with pytest.raises(ValueError, match="kind must be one of"):
        ComparisonChart(model, "pie")


def test_the_published_figure_is_shown_beside_the_engine_with_its_source(model: ComparisonModel) -> None:
    view = PublishedTable(model)
    html = view._html.value
    text = text_of(html)
    assert "20.00%" in text and "5.00%" in text and "Read it." in text
    assert 'href="https://example.org/study"' in html.replace("'", '"') and "A study of Phase 10 deals" in text
    assert "the study (on GitHub)" in text and "https://example.org" not in text  # words to tap, not a bare address
    engine = model.comparison.side("phase10").holding.estimates()[0]
    assert f"{100 * engine.value:.2f}% ({100 * engine.low:.2f}–{100 * engine.high:.2f})" in text
    # On a phone: phase, published, the engine's over its interval, the verdict; the contract a tap away.
    narrow = text_of(part(html, "compact"))
    assert narrow.startswith("Phase Published This engine 95% interval Inside the interval?")
    assert f"1 20.00% {100 * engine.value:.2f}% {100 * engine.low:.2f}–{100 * engine.high:.2f}" in narrow and "sets of 3" not in narrow
    assert "Show every column (also contract)" in text
    model.lang = "nb"  # the citation is the source's English: in Norwegian a link to it, marked as English
    text = text_of(view._html.value)
    assert "studien (på engelsk)" in text and "A study of Phase 10 deals" not in text and "20,00 %" in text
    model.lang = "en"
    model.published = PublishedFigure("phase10", (), "Searched: none found", "", "none", 10, notes=(("en", "No credible published figure exists."),))
    text = text_of(view._html.value)
    assert "No credible published figure exists." in text and "%" not in text


def test_the_findings_are_sentences_made_from_the_estimates(model: ComparisonModel) -> None:
    view = Findings(model)
    text = text_of(view._html.value)
    rounds = model.comparison.difference("upto9", "phase10", "rounds")
    digits = 0 if min(abs(rounds.low), abs(rounds.high)) >= 10 else 1
    if rounds.contains(0):
        assert f"likely between {-rounds.low:.{digits}f} fewer and {rounds.high:.{digits}f} more" in text
    else:
        near, far = sorted((abs(rounds.low), abs(rounds.high)))
        assert f"A game of Phase 10 has about {abs(rounds.value):.{digits}f} rounds {'more' if rounds.value >= 0 else 'fewer'} than a game of Up to 9" in text
        assert f"(likely between {near:.{digits}f} and {far:.{digits}f})" in text
    assert "In Up to 9, the level that holds players up longest is Level" in text and "In Phase 10, the phase that holds players up longest is Phase" in text
    assert "In Phase 10, the rarest in the dealt hand is Phase" in text
    assert "of the 2 published values lie inside the engine's 95% intervals" in text  # the figure reports phases 1 and 3
    model.lang = "nb"
    assert "Et spill Phase 10 har i snitt" in text_of(view._html.value)


# --- what a learner sees: the charts' axes, no lines across contracts, Norwegian numbers -----------

ENGLISH_WORDS = ("Level", "rounds", "games", "interval", "Rule set", "Penalty", "chance", "deals", "HeuristicBot", "seed")


def test_every_chart_axis_is_titled_in_both_languages(model: ComparisonModel) -> None:
    for lang in ("en", "nb"):
        model.lang = lang
        for kind in ("length", "levels", "holding", "penalties"):
            figure = ComparisonChart(model, kind).figure
            axes = [name for name in figure.layout.to_plotly_json() if re.fullmatch(r"[xy]axis\d*", name)]
            assert axes, kind
            for name in axes:
                title = figure.layout[name].title.text
                assert title, f"{kind} {lang}: {name} has no title"
    assert ComparisonChart(model, "levels").figure.layout.xaxis.title.text == "Nivå / fase"


def test_no_line_joins_a_level_to_a_phase(model: ComparisonModel) -> None:
    """x mixes Up to 9's levels and Phase 10's phases (different contracts): markers or bars, never lines."""
    for kind in ("levels", "holding"):
        figure = ComparisonChart(model, kind).figure
        for trace in figure.data:
            assert "lines" not in (getattr(trace, "mode", None) or ""), f"{kind}: {trace.name} is drawn with lines"
    levels = ComparisonChart(model, "levels").figure
    assert [t.type for t in levels.data] == ["bar", "bar"] and levels.layout.barmode == "group"
    holding = ComparisonChart(model, "holding").figure
    assert {t.mode for t in holding.data} == {"markers"}
    # Side by side: the four estimates of level 1 sit at four different places.
    assert len({t.x[0] for t in holding.data[:4]}) == 4


def test_norwegian_tables_and_charts_use_decimal_commas_and_no_english(model: ComparisonModel) -> None:
    model.lang = "nb"
    measured = text_of(MeasuredTable(model)._html.value)
    stats = model.stats("upto9")
    assert f"{stats.rounds.value:.2f}".replace(".", ",") in measured
    assert not re.search(r"\d\.\d", measured), measured
    published = text_of(PublishedTable(model)._html.value)
    assert "20,00 %" in published and not re.search(r"\d\.\d", published)
    findings = text_of(Findings(model)._html.value)
    assert not re.search(r"\d\.\d", findings), findings
    for kind in ("length", "levels", "holding"):
        figure = ComparisonChart(model, kind).figure
        assert figure.layout.separators.startswith(",")
        hovers = [str(c) for t in figure.data for c in (t.customdata or ())]
        assert hovers and all(not re.search(r"\d\.\d", h) for h in hovers), (kind, hovers[:3])
        shown = " ".join([figure.layout.title.text, *(t.name or "" for t in figure.data), *hovers])
        for word in ENGLISH_WORDS:
            assert not re.search(rf"\b{word}\b", shown), f"{kind}: {word!r} in {shown[:300]}"
        assert not re.search(r"Phase [1-9](?!\d)", shown), shown[:300]  # a phase is "Fase n"; "Phase 10" is the game's name
    for view in (MeasuredTable(model), SampleNote(model), RulesSideBySide(model)):
        text = text_of(view._html.value)
        for word in ("HeuristicBot", "seed", "Wilson", "bootstrap", *ENGLISH_WORDS):
            assert not re.search(rf"\b{word}\b", text), f"{type(view).__name__}: {word!r} in {text[:300]}"


# --- the charts' numbers as tables, the chart on demand ----------------------------------------------


def test_the_rounds_per_level_table_holds_the_levels_charts_numbers(model: ComparisonModel) -> None:
    figure = ComparisonChart(model, "levels").figure
    html = RoundsPerLevelTable(model)._html.value
    rows = re.findall(r"<tr>(.*?)</tr>", part(html, "full"))[1:]
    narrow = re.findall(r"<tr>(.*?)</tr>", part(html, "compact"))[1:]  # a phone's: the numbers, no contracts
    assert len(rows) == len(narrow) == max(len(trace.y) for trace in figure.data)
    for side_index, trace in enumerate(figure.data):
        estimates = model.stats(model.measured[side_index].rules.key).rounds_per_level
        for n, value in enumerate(trace.y, start=1):
            cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[n - 1])
            shown = cells[2 * side_index + 1]
            assert shown == "—" if value is None else shown.startswith(f"{value:.2f} ("), (trace.name, n, shown)
            short = text_of(re.findall(r"<td[^>]*>(.*?)</td>", narrow[n - 1])[side_index])
            e = estimates[n - 1] if n <= len(estimates) else None
            assert short == ("—" if e is None else f"{e.value:.2f} {e.low:.2f}–{e.high:.2f}"), (trace.name, n, short)
    assert "Show every column (also each level's and phase's contract)" in text_of(html)
    text = text_of(RoundsPerLevelTable(model)._html.value)
    assert "straight of 4" in text and "2 sets of 3" in text  # level 1 beside phase 1, each its own contract
    model.lang = "nb"
    text = text_of(RoundsPerLevelTable(model)._html.value)
    assert "Runder per nedlegg" in text and "Nr." in text and not re.search(r"\d\.\d", text) and re.search(r"\d,\d", text)
    assert "Vis alle kolonnene (også kontrakten til hvert nivå og hver fase)" in text


def test_the_holding_table_holds_the_holding_charts_numbers_with_their_deals_and_games(model: ComparisonModel) -> None:
    """The dealt hands' chances, a table first as the page's other charts have (the chart alone
    had no table): each number of the chart's sampled deals and games, with its interval, and how
    many deals and games stand behind them; on a phone the sampled deals' chances alone."""
    figure = ComparisonChart(model, "holding").figure
    html = HoldingTable(model)._html.value
    rows = re.findall(r"<tr>(.*?)</tr>", part(html, "full"))[1:]
    narrow = re.findall(r"<tr>(.*?)</tr>", part(html, "compact"))[1:]
    sides = model.comparison.sides
    assert len(rows) == len(narrow) == max(len(s.rules.levels) for s in sides)
    chances = [(s.holding.estimates(), model.stats(s.rules.key).dealt_holds) for s in sides]
    traces = [trace for trace in figure.data if "published" not in trace.name]
    assert len(traces) == 2 * len(sides)  # the deals' and the games' of each rule set: the table holds every one
    for n, (row, short) in enumerate(zip(rows, narrow, strict=True), start=1):
        cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        small = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", short)]
        for i, (deals, games) in enumerate(chances):
            if n > len(sides[i].rules.levels):  # (no such level: empty cells, as in the rounds-per-level table)
                assert cells[3 * i : 3 * i + 3] == ["", "", ""]
                continue
            for shown, e in ((cells[3 * i + 1], deals[n - 1]), (cells[3 * i + 2], games[n - 1])):
                assert shown.startswith("—" if e is None else f"{100 * e.value:.2f}% {100 * e.low:.2f}–{100 * e.high:.2f}"), (n, i, shown)
            e = deals[n - 1] if n <= len(deals) else None
            assert small[i] == ("—" if e is None else f"{100 * e.value:.2f}% {100 * e.low:.2f}–{100 * e.high:.2f}"), (n, i, small[i])
    text = text_of(html)
    deals, games = f"{sides[0].holding.deals:,}", f"{len(sides[0].games):,}"
    assert f"Up to 9: {deals} sampled deals" in text and f"Phase 10: in {games} games" in text
    assert "straight of 4" in text and "2 sets of 3" in text
    assert "Show every column (also each level's and phase's contract, the chances in the games)" in text
    model.lang = "nb"
    text = text_of(HoldingTable(model)._html.value)
    assert "stokkede utdelinger" in text and " spill" in text and "sjansene i spillene" in text
    assert not re.search(r"\d\.\d", text) and re.search(r"\d,\d", text) and not re.search(r"\b(sampled|games|hands)\b", text)


def test_the_penalty_table_holds_what_the_box_chart_draws(model: ComparisonModel) -> None:
    figure = ComparisonChart(model, "penalties").figure
    text = text_of(PenaltyTable(model)._html.value)
    for trace in figure.data:
        totals = sorted(trace.y)
        assert f"{int(totals[0]):,}" in text and f"{int(totals[-1]):,}" in text  # the whiskers' ends: lowest and highest
    for label in ("Lowest", "A quarter of the players hold at most", "Half of the players hold at most", "Highest", "Average"):
        assert label in text
    first = model.measured[0].penalty_totals()
    assert f"{sum(first) / len(first):.1f}" in text
    model.lang = "nb"
    text = text_of(PenaltyTable(model)._html.value)
    assert "Halvparten av spillerne har høyst" in text and "Snitt (den stiplede linjen)" in text
    assert not re.search(r"\b(Lowest|Highest|Average|players)\b", text) and not re.search(r"\d\.\d", text)


def test_the_page_draws_a_chart_only_when_the_learner_asks(model: ComparisonModel) -> None:
    choice = ViewChoice([("table", lambda lang: PenaltyTable(model)), ("chart", lambda lang: ComparisonChart(model, "penalties"))])
    assert [type(v).__name__ for v in choice.made] == ["PenaltyTable"]
    choice._buttons.value = 1
    table, chart = choice.made
    assert choice.shown is chart and chart._output.outputs and table.layout.display == "none"
    choice.lang = "nb"  # the views follow the model's language, and the buttons the page's
    assert model.lang == "nb" and choice.labels == ["Tabell", "Diagram"] and "Straffepoeng" in str(chart._output.outputs[0]["data"])


def test_the_compared_games_keep_their_colours_whatever_families_are_installed() -> None:
    # Up to 9 purple and Phase 10 teal on every chart, though 3UP 3DOWN and Picture cards sort among them.
    from upto9.widgets.compare import COLOURS

    assert COLOURS["upto9"] == "#6a1b9a" and COLOURS["phase10"] == "#00897b"
    assert len(set(COLOURS.values())) == len(COLOURS)


# --- the words a picky learner read: percent signs, the Norwegian "samples", the way home ---------------


def test_the_published_notes_write_percent_each_languages_way_and_say_samples_in_norwegian(comparison: Comparison) -> None:
    from pathlib import Path

    data = Path(__file__).resolve().parent.parent / "notebooks" / "data"
    model = ComparisonModel(comparison, PublishedFigure.load(data / "phase10_published.json"), rule_sets=(UPTO9, PHASE10))
    english = text_of(PublishedTable(model)._html.value)
    assert "99% margins" in english and "a 95% interval" in english
    assert not re.search(r"\d[ \u00a0]%", english), english
    model.lang = "nb"
    norwegian = text_of(PublishedTable(model)._html.value)
    assert "0,5 billioner trukne hender" in norwegian and "billioner trekk" not in norwegian
    assert "99\u00a0%-feilmarginer" in norwegian or "99 %-feilmarginer" in norwegian


@pytest.mark.parametrize(("lang", "words"), [("en", "← Back to the home page"), ("nb", "← Tilbake til forsiden")])
def test_the_last_pages_link_home_points_back(lang: str, words: str) -> None:
    from upto9.widgets.nav import EXPLAINERS, Nav

    for bottom in (False, True):
        links = re.findall(r"<a [^>]*>([^<]*)</a>", Nav(EXPLAINERS[-1].notebook, bottom=bottom, lang=lang).value)
        assert links[-1] == words and "→" not in links[-1], links


def test_the_rarest_and_commonest_in_the_deal_carry_their_intervals_and_deals(model: ComparisonModel) -> None:
    """A learner's review: "0.18% of dealt hands hold it. The commonest is Level 2: 8.5%." stood
    without intervals beside sentences that had them; and the source ran its citation into the
    link's words ("…from 0.5 trillion samples the study (on GitHub)")."""
    for lang, words in (
        ("en", ("of dealt hands hold it (likely between ", " deals).", "The commonest is ")),
        ("nb", ("(trolig mellom ", " utdelinger).", "Vanligst er ")),
    ):
        model.lang = lang
        text = text_of(Findings(model)._html.value)
        assert all(w in text for w in words), text
        commonest = text[text.index(words[2]) :].split(").")[0]
        assert ("likely between" in commonest) or ("trolig mellom" in commonest), commonest
    model.lang = "en"
    assert "; the study (on GitHub)" in text_of(PublishedTable(model)._html.value)
