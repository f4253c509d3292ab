"""Every published page at a phone's size (390 x 844) and a desktop's (1366 x 900), measured in
headless Chromium after its widgets have drawn (the fixtures of tests/test_browser.py):

* nothing scrolls the page sideways, and no box hides its content sideways, except a data table's
  own scroll box (``u9-table-scroll``), which shows a shadow at the side that has more;
* on the phone the text column takes at least 90 % of the screen; charts stand one per row;
* visible text is at least 14 px, a card's tag (``JOKER``, ``=7♥``, ``×2``) at least 12 px;
* on the phone every button, toggle button, dropdown, text box and slider handle is at least
  40 px tall and wide; on the desktop no table is wider than the page's column;
* in a chart, the title, axis titles, legend and subplot titles do not overlap;
* a dropdown shows its whole choice, a button its whole label;
* on the pages with charts, every chart stands drawn right after the page has loaded (before any
  click or resize), and those drawn on demand once their buttons are pressed: each at least 150 px
  high, at most the column wide, with marks drawn in it;
* the atlas's and the comparison's wide tables fit a phone: their headline numbers in view with no
  sideways scroll, every column a tap away; a desktop shows every column.

The same checks run again in Norwegian (longer words): the phone's page is opened in English and
switched to Norwegian by its first click, the desktop's opened from its address in Norwegian
(``?lang=nb``) and switched to English. The same opening serves the other checks of a whole page,
so that each page is opened once a size (each opening costs seconds of CPU on two cores): it is
used in Norwegian and read for English left, switched at the phone's size and opened so at the
desktop's (tests/test_browser_norwegian.py, ``use_switched`` and ``use_opened``); it is watched
offline, every request to another host refused, with no console error (tests/test_published_pages.py,
``Guard``), and it shows its widgets and none of its code. Each page is opened fresh at each size
and the time from navigation to interactive is measured: the widgets
have drawn and a first click (the language switch) has been answered by the kernel. The figures
are printed at the end of the run (tests/conftest.py) and saved in
test-output/time-to-interactive.txt, each beside the issue's target (3 s for the tour, the checker
and the stepper, 5 s for the atlas, the lab and the comparison). A test holds a page only to a
sanity bound (a page that takes longer is broken, not slow): speed targets are the business of the
benchmark, benchmarks/bench_pages.py, run on a quiet machine. Full-page screenshots:
test-output/screenshots/<page>.phone.png and <page>.desktop.png.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, server, widget_problems  # noqa: F401  (fixtures)
from tests.test_browser_norwegian import english_page_read, use_opened, use_switched
from tests.test_published_pages import Guard, server_words
from tests.voila_helpers import OUTPUT, PUBLISHED, SHOWN, SIZES, TARGET_S, VoilaServer, open_timed, quiet

SANE_S = 60.0
"""A page not interactive after this long is broken (a hung kernel, a cell that never ends), not slow."""

TIMINGS: dict[str, dict[str, float]] = {}
"""Seconds to interactive per page and size, printed at the end of the run (tests/conftest.py)."""

MEASURE = r"""(phone) => {
  const W = window.innerWidth;
  const problems = [];
  const name = (e) => {
    const text = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const raw = e.className && e.className.baseVal !== undefined ? e.className.baseVal : String(e.className || '');
    const cls = raw.split(/\s+/).filter((c) => c && !c.startsWith('lm-')).slice(0, 4).join('.');
    return `${e.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
  };
  const visible = (e) => {
    if (!e.getClientRects().length) return false;
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const scrollBox = (e) => e.closest('.u9-table-scroll') || e.closest('table');
  const inChart = (e) => e.closest('.js-plotly-plot');
  const root = document.querySelector('#rendered_cells') || document.body;
  const all = [...root.querySelectorAll('*')].filter((e) => !inChart(e) && visible(e));

  // 1. Nothing scrolls the page sideways.
  const pageWidth = document.scrollingElement.scrollWidth;
  if (pageWidth > W) problems.push(`the page scrolls sideways: ${pageWidth} px wide in a ${W} px window`);
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`Voila's page box scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);

  // 2. No box hides its content sideways, except a data table's scroll box, which shows a cue.
  const scrollers = [];
  for (const e of all) {
    const cs = getComputedStyle(e);
    if (!/auto|scroll|hidden|clip/.test(cs.overflowX) || e.tagName === 'SELECT' || e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') continue;
    if (e.scrollWidth <= e.clientWidth + 1) continue;
    const table = e.matches('.u9-table-scroll') || (e.tagName === 'TABLE' && /auto|scroll/.test(cs.overflowX));
    if (!table) problems.push(`${name(e)} hides its content sideways (${e.scrollWidth} px in ${e.clientWidth} px)`);
    else if (!/gradient/.test(cs.backgroundImage)) problems.push(`${name(e)} scrolls sideways without a visible cue`);
    else scrollers.push(e);
  }
  // 3. Every element inside the window (an element in a table's scroll box is inside that box).
  for (const e of all) {
    if (scrollBox(e) && !e.matches('.u9-table-scroll')) continue;
    const r = e.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1) problems.push(`${name(e)} reaches outside the window (${Math.round(r.left)} to ${Math.round(r.right)} of ${W} px)`);
  }

  // 4. A dropdown shows its whole choice; a button its whole label.
  const canvas = document.createElement('canvas').getContext('2d');
  for (const s of all.filter((e) => e.tagName === 'SELECT')) {
    const cs = getComputedStyle(s);
    canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const option = s.options[s.selectedIndex];
    if (!option) continue;
    const need = canvas.measureText(option.text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
    if (need > s.clientWidth + 1) problems.push(`the dropdown ${name(s)} cuts its choice "${option.text}" (${Math.round(need)} px in ${s.clientWidth} px)`);
  }

  // 5. Text sizes: explanation text at least 14 px, a card's tag at least 12 px.
  const small = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || inChart(el) || el.closest('style, script, option')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || !visible(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const card = el.closest('.u9-card, .u9-badge');
    const least = card ? 12 : 14;
    if (size < least - 0.05) {
      const key = `${card ? 'card text' : 'text'} at ${size.toFixed(1)} px in ${name(el).split(' "')[0]}`;
      small.set(key, (small.get(key) || []).concat([text.slice(0, 24)]));
    }
  }
  for (const [key, texts] of small) problems.push(`${key} (under ${key.startsWith('card') ? 12 : 14} px): ${texts.slice(0, 4).join(' | ')}`);

  // 6. Touch targets on the phone: buttons, toggle buttons, dropdowns, text boxes, slider handles.
  if (phone) {
    const targets = all.filter((e) => e.matches('button, select, input[type=text], input[type=number], .noUi-handle') && !e.disabled);
    for (const e of targets) {
      const r = e.getBoundingClientRect();
      const size = `${Math.round(r.width)} x ${Math.round(r.height)} px`;
      if (r.height < 39.5 || r.width < 39.5) problems.push(`the touch target ${name(e)} is ${size} (at least 40 x 40)`);
    }
  }

  // 7. Sliders are usable: the track takes a good part of the row.
  for (const track of all.filter((e) => e.matches('.slider-container'))) {
    const width = track.getBoundingClientRect().width;
    if (width < (phone ? 150 : 120)) problems.push(`a slider's track is ${Math.round(width)} px wide`);
  }

  // 8. The text column (the notebook's prose) and the tables.
  const prose = [...root.querySelectorAll('.jp-RenderedMarkdown')].filter(visible).map((e) => e.getBoundingClientRect().width);
  const column = root.firstElementChild;
  const cs = getComputedStyle(column);
  const columnWidth = column.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  if (!phone) {
    for (const t of all.filter((e) => e.tagName === 'TABLE')) {
      const width = Math.max(t.getBoundingClientRect().width, t.scrollWidth);
      if (width > columnWidth + 1) problems.push(`the table ${name(t)} is ${Math.round(width)} px wide in a ${Math.round(columnWidth)} px column`);
    }
  }

  // 9. Charts: inside the column, one per row on the phone, their words not on top of each other.
  const charts = [...root.querySelectorAll('.js-plotly-plot')].filter(visible);
  const boxes = charts.map((c) => c.getBoundingClientRect());
  boxes.forEach((r, i) => {
    if (r.right > W + 1) problems.push(`chart ${i + 1} reaches outside the window (${Math.round(r.right)} of ${W} px)`);
    if (phone && r.width < 0.85 * columnWidth) problems.push(`chart ${i + 1} is ${Math.round(r.width)} px wide in a ${Math.round(columnWidth)} px column`);
    if (!phone) return;
    boxes.forEach((q, j) => {
      if (j > i && q.top < r.bottom - 1 && r.top < q.bottom - 1) problems.push(`charts ${i + 1} and ${j + 1} share a row on the phone`);
    });
  });
  charts.forEach((chart, i) => {
    const words = [...chart.querySelectorAll('.gtitle, .g-gtitle text, .xtitle, .ytitle, .legendtext, .annotation-text, .xtick text, .ytick text')]
      .filter((e) => e.textContent.trim())
      .map((e) => [e, e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0);
    const plot = chart.getBoundingClientRect();
    for (const [e, r] of words) {
      if (r.left < plot.left - 1 || r.right > plot.right + 1) problems.push(`chart ${i + 1}: "${e.textContent.slice(0, 30)}" is cut off at the chart's side`);
    }
    for (let a = 0; a < words.length; a++) for (let b = a + 1; b < words.length; b++) {
      const [ea, ra] = words[a], [eb, rb] = words[b];
      if (ea.contains(eb) || eb.contains(ea) || (ea.closest('.xtick, .ytick') && eb.closest('.xtick, .ytick'))) continue;
      const overlap = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 2 && Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 2;
      if (overlap) problems.push(`chart ${i + 1}: "${ea.textContent.slice(0, 25)}" overlaps "${eb.textContent.slice(0, 25)}"`);
    }
  });
  return {problems, prose, columnWidth, W, charts: charts.length, scrollers: scrollers.length};
}"""


@dataclass
class Opened:
    """A page opened at one size: the tab, and the seconds from navigation to interactive."""

    tab: Any
    drawn_s: float
    interactive_s: float


@pytest.fixture
def opened(browser: Any, server: VoilaServer) -> Iterator[Any]:  # noqa: F811  (the fixtures above)
    contexts: list[Any] = []

    def open_at(
        notebook: str, size: str, watch: Callable[[Any], object] | None = None, before_click: Callable[[Any], object] | None = None, in_norwegian: bool = False
    ) -> Opened:
        """The page at ``size``, switched to Norwegian by its first click (``in_norwegian``: opened
        from its address in Norwegian, ``?lang=nb``, and switched to English)."""
        url = server.page(notebook) + ("?lang=nb" if in_norwegian else "")
        context, tab, drawn, interactive = open_timed(browser, url, size, LOAD_MS, watch, before_click, "en" if in_norwegian else "nb")
        contexts.append(context)
        return Opened(tab, drawn, interactive)

    try:
        yield open_at
    finally:
        for context in contexts:
            context.close()


def settle(tab: Any) -> None:
    """Wait until the page stops changing (charts drawn, widgets laid out)."""
    if tab.locator(".js-plotly-plot").count() or tab.locator(".u9-chart-grid, .u9-atlas-view").count():
        tab.wait_for_selector(".js-plotly-plot", timeout=60_000)
    quiet(tab)


def measure(tab: Any, size: str) -> dict[str, Any]:
    return dict(tab.evaluate(MEASURE, size == "phone"))


def full_screenshot(tab: Any, path: str, viewport: dict[str, int]) -> None:
    """The whole page: Voila scrolls inside an element, so the window grows to its height first."""
    height = tab.evaluate(
        """() => Math.max(document.documentElement.scrollHeight,
              ...[...document.querySelectorAll('*')].filter(e => /auto|scroll/.test(getComputedStyle(e).overflowY))
                 .map(e => e.scrollHeight + 60))"""
    )
    tab.set_viewport_size({"width": viewport["width"], "height": min(int(height), 16000)})
    quiet(tab, 300)
    tab.screenshot(path=path, full_page=True)
    tab.set_viewport_size(viewport)


def record(notebook: str, size: str, opened: Opened) -> None:
    TIMINGS.setdefault(notebook, {})[size] = opened.interactive_s
    TIMINGS[notebook][f"{size}_drawn"] = opened.drawn_s
    lines = ["page\tphone_s\tdesktop_s\ttarget_s"]
    for name, found in sorted(TIMINGS.items()):
        lines.append(f"{name}\t{found.get('phone', float('nan')):.2f}\t{found.get('desktop', float('nan')):.2f}\t{TARGET_S[name]:.0f}")
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "time-to-interactive.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def timing_table() -> list[str]:
    """The time-to-interactive figures as lines for the end of the run (tests/conftest.py)."""
    if not TIMINGS:
        return []
    lines = [
        "Seconds from opening to a first click answered: one opening per size, under the test run's own load,",
        "with a preheated kernel only if the page's pool of one had refilled since a test last opened it.",
        "The targets are judged by benchmarks/bench_pages.py on a quiet machine, not by these figures.",
        f"{'page':<18} {'phone':>7} {'desktop':>8} {'target':>7}",
    ]
    for name, found in sorted(TIMINGS.items()):
        best = min(v for k, v in found.items() if not k.endswith("_drawn"))
        status = "within" if best <= TARGET_S[name] else "over (here)"
        lines.append(f"{name:<18} {found.get('phone', float('nan')):>7.2f} {found.get('desktop', float('nan')):>8.2f} {TARGET_S[name]:>7.0f}  {status}")
    return lines


CHART_PAGES = {"4_level_atlas.ipynb": 1, "5_house_rule_lab.ipynb": 3, "6_comparison.ipynb": 0}
"""The pages that draw charts, and how many charts each draws at least when it opens."""

ON_DEMAND = {"4_level_atlas.ipynb": 2, "6_comparison.ipynb": 4}
"""The charts a page draws when the learner presses their "Chart" button (a table shows first)."""


DRAWN_CHARTS = (
    "(n) => [...(document.querySelector('#rendered_cells') || document.body).querySelectorAll('.js-plotly-plot')]"
    ".filter((p) => p.querySelector('.main-svg')).length >= n"
)
"""Whether at least ``n`` charts stand drawn (each plot with its SVG), for ``wait_for_function``."""


def open_charts(tab: Any) -> int:
    """Press every "Chart" / "Diagram" button of the page's view choices; how many were pressed."""
    buttons = tab.locator(".u9-view-choice button").filter(has_text=re.compile(r"^(Chart|Diagram)$"))
    for i in range(buttons.count()):
        buttons.nth(i).click()
    return int(buttons.count())


CHARTS = r"""() => {
  const root = document.querySelector('#rendered_cells') || document.body;
  const column = root.firstElementChild;
  const cs = getComputedStyle(column);
  const columnWidth = column.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const charts = [...root.querySelectorAll('.js-plotly-plot')].filter((c) => c.getClientRects().length);
  return {columnWidth, charts: charts.map((c) => {
    const r = c.getBoundingClientRect();
    const title = (c.querySelector('.gtitle') || {}).textContent || '';
    // Drawn marks: bars, points, lines and boxes with a shape of their own.
    const marks = [...c.querySelectorAll('.main-svg .bars path, .main-svg .point, .main-svg .js-line, .main-svg .boxlayer path, .main-svg .scatterlayer path')]
      .filter((m) => { const b = m.getBoundingClientRect(); return b.width > 0 || b.height > 0; }).length;
    return {title: title.slice(0, 40), width: r.width, height: r.height, marks};
  })};
}"""


def charts_at_opening(tab: Any, notebook: str) -> int:
    """How many charts stand drawn right after the page has loaded, before any click or resize
    (plotly's responsive setting once left every chart 0 px high until the window was resized)."""
    tab.wait_for_function(
        "(n) => (document.querySelector('#rendered_cells') || document.body).querySelectorAll('.js-plotly-plot .main-svg').length >= n",
        arg=CHART_PAGES[notebook],
        timeout=30_000,
    )
    tab.wait_for_timeout(500)  # plotly draws the marks just after the frame
    return len(tab.evaluate(CHARTS)["charts"])


def chart_problems(tab: Any, notebook: str, size: str, opening: int, pressed: int) -> list[str]:
    """Every chart, those drawn on demand too (their buttons pressed: ``pressed``), stands at least
    150 px high and at most the column wide, its plot holding drawn marks; ``opening`` charts were
    shown on opening (:func:`charts_at_opening`)."""
    least = CHART_PAGES[notebook] + ON_DEMAND.get(notebook, 0)
    tab.wait_for_function(DRAWN_CHARTS, arg=least, timeout=30_000)
    tab.wait_for_timeout(500)
    found = tab.evaluate(CHARTS)
    charts, column = found["charts"], found["columnWidth"]
    problems = []
    if opening < CHART_PAGES[notebook]:
        problems.append(f"{size}: {opening} charts shown on opening, at least {CHART_PAGES[notebook]} expected")
    if pressed != ON_DEMAND.get(notebook, 0):
        problems.append(f"{size}: {pressed} chart buttons, {ON_DEMAND.get(notebook, 0)} expected")
    if len(charts) < least:
        problems.append(f"{size}: {len(charts)} charts shown, at least {least} expected")
    for i, chart in enumerate(charts, 1):
        name = f"{size}: chart {i} ({chart['title']!r})"
        if chart["height"] < 150:
            problems.append(f"{name} is {chart['height']:.0f} px high (at least 150)")
        if chart["width"] > column + 1:
            problems.append(f"{name} is {chart['width']:.0f} px wide in a {column:.0f} px column")
        if not chart["marks"]:
            problems.append(f"{name} has nothing drawn in it")
    return problems


@pytest.mark.parametrize("notebook", PUBLISHED)
def test_page_layout(opened: Any, server: VoilaServer, notebook: str) -> None:  # noqa: F811  (the fixture, imported)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = [problem for size in SIZES for problem in _page_problems(opened, server.url, notebook, size)]
    assert not problems, f"{notebook}:\n" + "\n".join(problems)


def _page_problems(opened: Any, origin: str, notebook: str, size: str) -> list[str]:
    """Every check of a whole page, on one opening of it at ``size``: what is wrong, each line named by the size."""
    stem = notebook.removesuffix(".ipynb")
    # Offline, as tests/test_published_pages.py checks the other pages: every request to another
    # host refused and recorded, with the console's errors, from the opening to the end.
    guards: list[Guard] = []
    # The desktop's page is opened from its address in Norwegian, the phone's in English and
    # switched: each is used in Norwegian and read for English left (tests/test_browser_norwegian.py).
    from_address = size == "desktop"
    opening: list[int] = []
    measured: list[dict[str, Any]] = []

    def before_click(tab: Any) -> None:
        if notebook in CHART_PAGES:
            opening.append(charts_at_opening(tab, notebook))
        if from_address:
            use_opened(tab, notebook)
            settle(tab)
            measured.append(measure(tab, size))

    page = opened(notebook, size, lambda tab: guards.append(Guard.watching(origin, tab)), before_click, from_address)
    record(stem, size, page)
    tab = page.tab
    settle(tab)
    if from_address:  # measured in Norwegian before the first click, in English now
        norwegian = measured[0]
    else:
        norwegian = measure(tab, size)
        use_switched(tab, notebook)
    pressed = open_charts(tab)
    if pressed:  # the charts drawn on demand are measured in English (their tables in Norwegian)
        settle(tab)
    chart_troubles = chart_problems(tab, notebook, size, opening[0], pressed) if notebook in CHART_PAGES else []
    if not from_address:
        tab.locator(".u9-lang-switch button", has_text="English").first.click()
        tab.wait_for_function(SHOWN, arg="u9-en", timeout=60_000)
        settle(tab)
    english = measure(tab, size)
    if size == "phone":
        english_page_read(tab, notebook)
    problems = [f"{size}: {p}" for p in english["problems"]] + [f"{size}, Norwegian: {p}" for p in norwegian["problems"] if p not in english["problems"]]
    assert not widget_problems(tab), widget_problems(tab)
    if size == "phone":
        narrow = [w for w in english["prose"] if w < 0.9 * english["W"]]
        if not english["prose"] or narrow:
            problems.append(f"phone: the text column is {narrow or 'missing'} px wide in a {english['W']} px window (at least 90 %)")
    # Its widgets drawn, and none of its code or a traceback shown: checked here, on the page open
    # anyway, rather than by opening it once more (each opening costs seconds of CPU on two cores).
    drawn = tab.locator(".jupyter-widgets").count()
    if drawn <= 3:
        problems.append(f"{size}: {drawn} widgets drawn")
    text = tab.inner_text("body")
    code = [mark for mark in ("from upto9.widgets", "page = Page()", "page.show(") if mark in text]
    if code:
        problems.append(f"{size}: source code is shown: {code}")  # (a traceback: server_words, below)
    if tab.locator(".jp-CodeMirrorEditor, .jp-InputPrompt:visible").count():
        problems.append(f"{size}: a code cell is shown")
    problems += [f"{size}: {p}" for p in server_words(text) + guards[0].problems(notebook)]
    problems += chart_troubles
    full_screenshot(tab, str(SHOTS / f"{stem}.{size}.png"), SIZES[size])
    print(f"{stem} {size}: interactive in {page.interactive_s:.2f} s (drawn {page.drawn_s:.2f} s), {english['charts']} charts, {len(problems)} problems")
    return problems


@pytest.mark.parametrize("notebook", PUBLISHED)
def test_page_becomes_interactive(opened: Any, notebook: str) -> None:
    """Every page becomes interactive (its widgets drawn, a first click answered) at both sizes,
    within a sanity bound. The time is printed beside the target at the end of the run; the
    targets themselves are held by benchmarks/bench_pages.py."""
    stem = notebook.removesuffix(".ipynb")
    for size in SIZES:
        if size not in TIMINGS.get(stem, {}):
            record(stem, size, opened(notebook, size))
    found = TIMINGS[stem]
    slow = {size: found[size] for size in SIZES if found[size] > SANE_S}
    assert not slow, f"{notebook}: not interactive within {SANE_S:.0f} s: {slow}"


# --- tables that fit a phone (issue 26) -----------------------------------------------------------------

FITTED = r"""() => [...document.querySelectorAll('.u9-fit')].map((fit) => {
  const shown = (e) => e.getClientRects().length > 0;
  // A <br> as a space, in a hidden table too (whose innerText is its textContent, the <br> dropped:
  // '1.32<br>1.28–1.36' read '1.321.28–1.36').
  const text = (e) => {
    const copy = e.cloneNode(true);
    copy.querySelectorAll('br').forEach((br) => br.replaceWith(' '));
    return copy.textContent.replace(/\s+/g, ' ').trim();
  };
  const compact = fit.querySelector('.u9-fit-compact');
  const full = fit.querySelector('.u9-fit-full');
  const toggle = fit.querySelector('.u9-fit-toggle');
  const visible = shown(compact) ? compact : full;
  const box = visible.querySelector('.u9-table-scroll');
  const table = box.querySelector('table');
  const edge = box.getBoundingClientRect();
  const rows = (part) => [...part.querySelectorAll('tr')].map((r) => [...r.children]);
  // A cell is seen if it lies inside its box and the window, not scrolled away sideways.
  const seen = (c) => {
    const r = c.getBoundingClientRect();
    return r.width > 0 && r.left >= edge.left - 1 && r.right <= edge.right + 1 && r.right <= window.innerWidth + 1;
  };
  return {
    table: table.className,
    compactShown: shown(compact), fullShown: shown(full),
    toggle: shown(toggle) ? {height: toggle.getBoundingClientRect().height, text: text(toggle)} : null,
    scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
    cue: /gradient/.test(getComputedStyle(box).backgroundImage),
    head: rows(table)[0].map(text),
    rows: rows(table).slice(1).map((cells) => ({text: cells.map(text), seen: cells.every(seen)})),
    fullRows: rows(full).slice(1).map((cells) => cells.map(text).join(' | ')),
  };
})"""
"""Each table that fits a phone (``upto9.widgets.atlas.fit_phone``) on the page: which of its two
tables shows, how wide the shown one is in its box, its head and rows (each cell seen or not), and
the full table's rows (hidden or not) to compare its numbers with."""

HEADLINES = {
    "4_level_atlas.ipynb": ("u9-atlas-holding", {"en": ["In the dealt 11", "After 10 draws"], "nb": ["I de 11 utdelte", "Etter 10 trekk"]}, 7),
    "6_comparison.ipynb": (
        "u9-compare-per-level",
        {"en": ["Up to 9 Rounds per lay-down", "Phase 10 Rounds per lay-down"], "nb": ["Up to 9 Runder per nedlegg", "Phase 10 Runder per nedlegg"]},
        5,
    ),
}
"""Each page's headline table (its class), the headings of its headline numbers on a phone, and its columns on a desktop."""

WRONG_MARK = {"en": r"\d,\d{1,2}(?!\d)", "nb": r"\d\.\d"}
"""A number written the other language's way: a decimal comma in English (not "1,582"), a decimal point in Norwegian."""


def numbers(text: str) -> list[str]:
    return re.findall(r"\d+[.,]\d+", text)


def fitted_problems(found: list[dict[str, Any]], lang: str, phone: bool) -> list[str]:
    """What is wrong with the page's fitted tables as a learner sees them, at one size and in one language."""
    problems = []
    for table in found:
        name = f"{lang}: {table['table']}"
        if phone and not (table["compactShown"] and not table["fullShown"]):
            problems.append(f"{name}: the phone does not show the compact table alone")
        if not phone and (table["compactShown"] or not table["fullShown"] or table["toggle"]):
            problems.append(f"{name}: the desktop does not show the full table alone")
        if table["scrollWidth"] > table["clientWidth"] + 1:
            problems.append(f"{name} scrolls sideways: {table['scrollWidth']} px in its {table['clientWidth']} px box")
        if phone and (not table["toggle"] or table["toggle"]["height"] < 40):
            problems.append(f"{name}: no box to tick for every column, 40 px high ({table['toggle']})")
        for row, full in zip(table["rows"], table["fullRows"], strict=True):
            shown = " ".join(row["text"])
            if not row["seen"]:
                problems.append(f"{name}: a cell of the row {shown!r} is not seen without scrolling")
            if re.search(WRONG_MARK[lang], shown):
                problems.append(f"{name}: {shown!r} is not written the {lang} way")
            # The compact table's numbers are the full table's, in the same order.
            rest = iter(numbers(full))
            if not all(n in rest for n in numbers(shown)):
                problems.append(f"{name}: the numbers of {shown!r} are not those of {full!r}")
    return problems


@pytest.mark.parametrize("notebook", sorted(HEADLINES))
def test_the_headline_tables_fit_a_phone_and_the_desktop_shows_every_column(opened: Any, notebook: str) -> None:
    """At 390 x 844 the headline tables (the atlas's chances of holding each level, the
    comparison's rounds per lay-down) and the page's other wide tables show their headline
    columns with no sideways scroll, every number inside the screen, in Norwegian and in English;
    the box above each shows every column at a tap (scrolling in its box, with the cue), and a
    second tap the compact table again. At 1366 x 900 every column, in the column's width, and no box."""
    css, headings, columns = HEADLINES[notebook]
    stem = notebook.removesuffix(".ipynb")
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for size in SIZES:
        phone = size == "phone"
        tab = opened(notebook, size).tab  # in Norwegian, the first click
        settle(tab)
        for lang in ("nb", "en"):
            if lang == "en":
                tab.locator(".u9-lang-switch button", has_text="English").first.click()
                tab.wait_for_function(SHOWN, arg="u9-en", timeout=60_000)
                settle(tab)
            # The tables are drawn again in the language a moment after the page's words.
            tab.wait_for_function(
                "([css, heading]) => [...document.querySelectorAll('table.' + css)].some((t) => t.textContent.includes(heading))",
                arg=[css, headings[lang][-1].split(" ")[-1]],  # "draws" / "trekk", "lay-down" / "nedlegg"
                timeout=60_000,
            )
            found = tab.evaluate(FITTED)
            problems += [f"{size}, {p}" for p in fitted_problems(found, lang, phone)]
            headline = next((t for t in found if css in t["table"]), None)
            if headline is None:
                problems.append(f"{size}, {lang}: no {css} table")
                continue
            if phone:
                if not all(h in headline["head"] for h in headings[lang]):
                    problems.append(f"{size}, {lang}: the headline headings {headings[lang]} not in {headline['head']}")
                if not headline["rows"] or any(len(numbers(" ".join(r["text"]))) < 3 for r in headline["rows"][:9]):
                    problems.append(f"{size}, {lang}: a row without its headline number and interval: {headline['rows'][:2]}")
                tab.locator(f".u9-fit:has(.{css})").first.screenshot(path=str(SHOTS / f"{stem}.phone.{lang}.headline.png"))
            elif len(headline["head"]) != columns:
                problems.append(f"{size}, {lang}: the full table has the columns {headline['head']}, {columns} expected")
        if phone:  # a tap shows every column, in a box that scrolls with its cue; a second tap the compact table again
            toggle = tab.locator(f".u9-fit:has(.{css}) .u9-fit-toggle").first
            toggle.click()
            tab.wait_for_timeout(300)  # laid out again
            opened_up = next(t for t in tab.evaluate(FITTED) if css in t["table"])
            if not (opened_up["fullShown"] and not opened_up["compactShown"] and len(opened_up["head"]) == columns and opened_up["cue"]):
                problems.append(f"phone: a tap on the box does not show every column with a cue: {opened_up['head']}")
            tab.locator(f".u9-fit:has(.{css})").first.screenshot(path=str(SHOTS / f"{stem}.phone.en.every-column.png"))
            toggle.click()
            if not next(t for t in tab.evaluate(FITTED) if css in t["table"])["compactShown"]:
                problems.append("phone: a second tap does not show the compact table again")
        if notebook == "6_comparison.ipynb":  # one "Advanced" section for the measurements, not two in a row
            advanced = tab.get_by_text("Advanced: how it was computed", exact=True)
            count = sum(1 for i in range(advanced.count()) if advanced.nth(i).is_visible())
            if count != 1:
                problems.append(f"{size}: {count} 'Advanced' sections on the page, 1 expected")
    assert not problems, f"{notebook}:\n" + "\n".join(problems)


TICKED = r"""(css) => [...document.querySelectorAll('.u9-fit')].filter((f) => f.querySelector('table.' + css)).map((fit) => {
  const shown = (e) => e.getClientRects().length > 0;
  const box = fit.querySelector('.u9-fit-toggle input');
  return {ticked: box.checked, redrawn: !box.u9Old, full: shown(fit.querySelector('.u9-fit-full')),
          compact: shown(fit.querySelector('.u9-fit-compact'))};
})"""
"""The "Show every column" boxes of the tables of class ``css``: ticked or not, whether the box is a
new one (the old ones are marked ``u9Old`` before a redraw) and which table shows."""

MARK_OLD = "() => document.querySelectorAll('.u9-fit-toggle input').forEach((b) => { b.u9Old = true; })"


@pytest.mark.parametrize("notebook", sorted(HEADLINES))
def test_a_ticked_show_every_column_box_stays_ticked_when_the_table_is_drawn_again(opened: Any, notebook: str) -> None:
    """On a phone (390 x 844) the learner ticks "Show every column" above the headline table; the
    table is drawn again (the other language; on the atlas also "Deal 200 more hands") and the new
    box is ticked, the full table shown, as the Table/Chart choice stays; unticked, it stays off."""
    css = HEADLINES[notebook][0]
    stem = notebook.removesuffix(".ipynb")
    tab = opened(notebook, "phone").tab  # in Norwegian
    settle(tab)
    tab.locator(f".u9-fit:has(table.{css}) .u9-fit-toggle").first.click()
    assert tab.evaluate(TICKED, css)[0] == {"ticked": True, "redrawn": True, "full": True, "compact": False}
    problems: list[str] = []

    def redrawn_ticked(what: str, ticked: bool = True) -> None:
        tab.wait_for_function(f"(css) => ({TICKED})(css).some((t) => t.redrawn)", arg=css, timeout=60_000)
        tab.wait_for_timeout(300)
        for table in tab.evaluate(TICKED, css):
            if table != {"ticked": ticked, "redrawn": True, "full": ticked, "compact": not ticked}:
                problems.append(f"after {what}: {table}")

    tab.evaluate(MARK_OLD)
    tab.locator(".u9-lang-switch button", has_text="English").first.click()
    tab.wait_for_function(SHOWN, arg="u9-en", timeout=60_000)
    redrawn_ticked("the switch to English")
    tab.locator(f".u9-fit:has(table.{css})").first.screenshot(path=str(SHOTS / f"{stem}.phone.en.still-every-column.png"))
    if notebook == "4_level_atlas.ipynb":
        tab.evaluate(MARK_OLD)
        more = tab.locator(".u9-more-deals").first
        more.locator("button").first.click()
        tab.wait_for_function("(e) => !e.querySelector('button:disabled')", arg=more.element_handle(), timeout=LOAD_MS)
        redrawn_ticked("dealing more hands")
    tab.locator(f".u9-fit:has(table.{css}) .u9-fit-toggle").first.click()  # unticked: the headline columns, and they stay
    tab.evaluate(MARK_OLD)
    tab.locator(".u9-lang-switch button", has_text="Norsk").first.click()
    tab.wait_for_function(SHOWN, arg="u9-nb", timeout=60_000)
    redrawn_ticked("unticking and the switch to Norsk", ticked=False)
    if notebook == "6_comparison.ipynb":  # the measured table too: each interval whole, under its number
        for lang in ("nb", "en"):
            if lang == "en":
                tab.locator(".u9-lang-switch button", has_text="English").first.click()
                tab.wait_for_function(SHOWN, arg="u9-en", timeout=60_000)
                tab.wait_for_timeout(1000)
            measured = tab.locator("table.u9-compare-measured").first
            measured.screenshot(path=str(SHOTS / f"{stem}.phone.{lang}.measured.png"))
            ranges = measured.evaluate("(t) => [...t.querySelectorAll('.u9-ci')].map((r) => r.getClientRects().length)")
            if not ranges or any(lines != 1 for lines in ranges):
                problems.append(f"{lang}: a measured interval breaks over lines or is missing: {ranges}")
    assert not problems, f"{notebook}:\n" + "\n".join(problems)
