"""What a picky learner found on a phone (390 x 844), in Norwegian and in English, and that it stays fixed:

* a row of level buttons (1-9, Phase 10's 1-10) lays out in equal columns, with no lone "9" on a
  line of its own, every button still at least 40 x 40 px;
* the atlas's hurdle chart writes every word horizontally (no bar label turned on its side), its
  hurdles named in the levels' own labels, both axes titled;
* the Norwegian home page shows the pages drawn in Norwegian (its own pictures), the English one
  the English pictures;
* a page whose first cell fails (so no language switch yet) says so in the language of its
  address, with a link home and one to the page in the other language, big enough to tap;
* the comparison page's source link is at least 14 px, 40 px high to tap, and wraps in the column.

The headless checks run everywhere; the browser checks skip without Chromium, as
tests/test_browser.py's do. Phone screenshots: test-output/screenshots/polish.*.png.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, _need_browser, browser, published_site  # noqa: F401  (the browser fixture)
from tests.test_browser_layout import open_charts
from tests.voila_helpers import CONFIG, DRAWN, LOADED, PHONE, ROOT, VoilaServer, get

TREE = ROOT / "share" / "jupyter" / "voila" / "templates" / "upto9"
IMG = ROOT / "notebooks" / "img"


# --- headless: the hurdle chart's words and the home page's pictures ---------------------------------------


@pytest.fixture(scope="module")
def atlas() -> Any:
    pytest.importorskip("plotly")
    from upto9.atlas import Atlas

    return Atlas.build(12, 2, max_draws=5, progress=False)


@pytest.mark.parametrize(("lang", "word", "level"), [("en", "hurdle", "Level"), ("nb", "hinder", "Nivå")])
def test_the_hurdle_chart_names_its_hurdles_in_horizontal_level_labels(atlas: Any, lang: str, word: str, level: str) -> None:
    from upto9.widgets.atlas import hurdle_chart

    figure = hurdle_chart(atlas, lang)
    bars = figure.data[0]
    # Lying bars: nothing written on a bar, which plotly would turn on its side when the bar is narrow.
    assert bars.orientation == "h" and not bars.text, (bars.orientation, bars.text)
    axis = figure.layout.yaxis
    assert axis.title.text == level and figure.layout.xaxis.title.text, "both axes are titled"
    assert axis.tickangle == 0 and figure.layout.xaxis.tickangle == 0
    labels = dict(zip(axis.tickvals, axis.ticktext, strict=True))
    red = {y for y, colour in zip(bars.y, bars.marker.color, strict=True) if colour == "#c62828"}
    named = {y for y, label in labels.items() if word in label}
    assert len(red) == 3 and named == red, (named, red)
    assert all(re.sub(r"<[^>]+>", "", labels[y]).split()[0] == y for y in labels), labels  # every label starts with its level
    assert list(axis.categoryarray) == sorted(bars.y, key=int) and axis.autorange == "reversed"  # level 1 at the top


def _home(lang: str) -> str:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TREE)), autoescape=True)
    return env.get_template("tree.html").render(query=f"lang={lang}", base_url="/")


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_norwegian_home_page_shows_norwegian_pictures() -> None:
    pictures = {lang: re.findall(r'<img src="/voila/files/img/([^"]+)"', _home(lang)) for lang in ("en", "nb")}
    from upto9.widgets.nav import EXPLAINERS

    assert len(pictures["en"]) == len(pictures["nb"]) == len(EXPLAINERS), pictures  # every page its picture
    for english, norwegian in zip(pictures["en"], pictures["nb"], strict=True):
        assert norwegian == english.removesuffix(".png") + ".nb.png", (english, norwegian)
        assert _png_size(IMG / norwegian) == _png_size(IMG / english) == (560, 350)
        assert (IMG / norwegian).read_bytes() != (IMG / english).read_bytes(), f"{norwegian} is the English picture"
        # Served as the English ones are: voila.json lets pictures in img/ through, and nothing else.
        assert any(re.fullmatch(pattern, f"img/{norwegian}") for pattern in CONFIG["VoilaConfiguration"]["file_allowlist"])


# --- in a browser, on a phone --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811  (the browser fixture, imported)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1)
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    try:
        yield tab
    finally:
        context.close()


def open_drawn(tab: Any, url: str) -> None:
    tab.goto(url, timeout=LOAD_MS, wait_until="domcontentloaded")
    tab.wait_for_selector(".u9-lang-switch button", timeout=LOAD_MS)
    tab.wait_for_function(LOADED, timeout=LOAD_MS)
    tab.wait_for_function(DRAWN, timeout=LOAD_MS)


ROWS = r"""() => [...document.querySelectorAll('.widget-toggle-buttons')]
  .map((group) => [...group.querySelectorAll('button')].filter((b) => b.getClientRects().length))
  .filter((buttons) => buttons.length >= 9)
  .map((buttons) => {
    const rows = new Map();
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      const top = Math.round(r.top);
      rows.set(top, (rows.get(top) || []).concat([{text: b.innerText.trim(), width: r.width, height: r.height, left: r.left, right: r.right}]));
    }
    return [...rows.values()];
  })"""


@pytest.mark.parametrize("notebook", ["2_hand_checker.ipynb", "5_house_rule_lab.ipynb"])
def test_a_row_of_level_buttons_fits_a_phone_without_a_lone_button(phone: Any, server: VoilaServer, notebook: str) -> None:
    open_drawn(phone, server.page(notebook) + "?lang=nb")
    phone.wait_for_selector(".widget-toggle-buttons button[data-value='9']", timeout=60_000)
    phone.wait_for_timeout(800)
    groups = phone.evaluate(ROWS)
    assert groups, "no row of level buttons on the page"
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.locator(".widget-toggle-buttons:has(button[data-value='9'])").first.screenshot(path=str(SHOTS / f"polish.levels.{notebook[:-6]}.phone.png"))
    # Phase 10's ten levels, where the page offers that game.
    ruleset = phone.locator(".u9-ruleset button", has_text="Phase 10")
    if ruleset.count():
        ruleset.first.click()
        phone.wait_for_selector(".widget-toggle-buttons button[data-value='10']", timeout=30_000)
        phone.wait_for_timeout(800)
        groups += phone.evaluate(ROWS)
    problems = []
    for rows in groups:
        texts = [" ".join(b["text"] for b in row) for row in rows]
        if any(len(row) == 1 for row in rows):
            problems.append(f"a button alone on its line: {texts}")
        if len({len(row) for row in rows[:-1]}) > 1 or len(rows[-1]) > len(rows[0]):
            problems.append(f"rows of unequal columns: {texts}")
        for b in (b for row in rows for b in row):
            if b["width"] < 39.5 or b["height"] < 39.5:
                problems.append(f"the button {b['text']} is {b['width']:.0f} x {b['height']:.0f} px (at least 40 x 40)")
            if b["right"] > PHONE["width"] or b["left"] < 0:
                problems.append(f"the button {b['text']} reaches outside the window")
    assert not problems, f"{notebook}:\n" + "\n".join(problems)
    assert not phone.errors, phone.errors


SLANTED = r"""(title) => {
  const chart = [...document.querySelectorAll('.js-plotly-plot')].find((c) => (c.querySelector('.gtitle') || {}).textContent === title);
  if (!chart) return null;
  const words = [...chart.querySelectorAll('.main-svg text')].filter((t) => t.textContent.trim() && t.getClientRects().length);
  const turned = words.filter((t) => !t.closest('.g-ytitle') && /rotate\((?!0[ ,)])/.test(t.getAttribute('transform') || '')).map((t) => t.textContent);
  const ticks = [...chart.querySelectorAll('.ytick text')].map((t) => t.textContent);
  const titles = ['.g-xtitle', '.g-ytitle'].map((c) => (chart.querySelector(c) || {}).textContent || '');
  const r = chart.getBoundingClientRect();
  return {turned, ticks, titles, right: r.right, width: r.width};
}"""


HURDLE_TITLES = [("en", "How often each level is laid down", "hurdle"), ("nb", "Hvor ofte hvert nivå legges ned", "hinder")]


@pytest.mark.parametrize(("lang", "title", "word"), HURDLE_TITLES)
def test_the_hurdle_chart_on_a_phone_writes_every_word_horizontally(phone: Any, server: VoilaServer, lang: str, title: str, word: str) -> None:
    open_drawn(phone, server.page("4_level_atlas.ipynb") + f"?lang={lang}")
    assert open_charts(phone) >= 2  # the joker budgets' chart and the hurdles' chart are drawn on demand
    phone.wait_for_function(f"(t) => ({SLANTED})(t) !== null", arg=title, timeout=60_000)
    phone.wait_for_timeout(1500)
    found = phone.evaluate(SLANTED, title)
    assert found["turned"] == [], f"words turned on their side: {found['turned']}"
    assert all(found["titles"]), f"an axis without a title: {found['titles']}"
    assert sum(word in t for t in found["ticks"]) == 3, found["ticks"]
    assert found["right"] <= PHONE["width"], found
    chart = phone.locator(".js-plotly-plot", has=phone.locator(".gtitle", has_text=title)).first
    SHOTS.mkdir(parents=True, exist_ok=True)
    chart.screenshot(path=str(SHOTS / f"polish.hurdles.phone.{lang}.png"))


def test_the_source_link_is_big_enough_to_tap_and_wraps_on_a_phone(phone: Any, server: VoilaServer) -> None:
    open_drawn(phone, server.page("6_comparison.ipynb") + "?lang=en")
    link = phone.locator(".u9-source a").first
    link.wait_for(timeout=60_000)
    box = link.evaluate(
        "a => { const r = a.getBoundingClientRect(); return {height: r.height, left: r.left, right: r.right, size: parseFloat(getComputedStyle(a).fontSize)}; }"
    )
    assert box["height"] >= 40, f"the source link is {box['height']:.0f} px high (at least 40 to tap)"
    assert box["size"] >= 14, box
    assert box["left"] >= 0 and box["right"] <= PHONE["width"], f"the source link runs outside the window: {box}"


# --- a page whose first cell fails ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The site's configuration and template serving one page whose first cell raises."""
    _need_browser()
    pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")
    folder = tmp_path_factory.mktemp("broken")
    (folder / "pages").mkdir()
    config = json.loads(json.dumps(CONFIG))
    config["Voila"]["root_dir"] = "pages"
    (folder / "voila.json").write_text(json.dumps(config), encoding="utf-8")
    cells = [
        {"cell_type": "code", "id": "c0", "metadata": {}, "source": 'raise RuntimeError("the first cell fails")', "outputs": [], "execution_count": None},
        {"cell_type": "markdown", "id": "c1", "metadata": {}, "source": "After the failure"},
    ]
    kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = {"cells": cells, "metadata": {"kernelspec": kernelspec}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "pages" / "broken.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    site = VoilaServer("voila-polish-broken.log", folder=folder)
    try:
        yield site
    finally:
        site.stop()


ERROR_BOX = r"""() => {
  const box = document.querySelector('.u9-page-error');
  if (!box) return null;
  const links = [...box.querySelectorAll('a')].filter((a) => a.getClientRects().length).map((a) => {
    const r = a.getBoundingClientRect();
    return {words: a.innerText.trim(), href: a.getAttribute('href'), height: r.height, right: r.right, size: parseFloat(getComputedStyle(a).fontSize)};
  });
  return {text: box.innerText, links};
}"""


def test_a_failed_first_cell_speaks_the_pages_language_and_leads_home(phone: Any, broken: VoilaServer) -> None:
    status, _url, body = get(broken.page("broken.ipynb"))
    assert status == 200 and "could not be shown" in body
    phone.goto(broken.page("broken.ipynb") + "?lang=nb", timeout=LOAD_MS)
    phone.wait_for_function(LOADED, timeout=LOAD_MS)
    phone.wait_for_selector(".u9-page-error", timeout=LOAD_MS)
    box = phone.evaluate(ERROR_BOX)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "polish.failed-cell.phone.nb.png"))
    assert "Denne delen av siden kunne ikke vises" in box["text"] and "could not be shown" not in box["text"], box["text"]
    assert [(a["words"], a["href"]) for a in box["links"]] == [("⌂ Tilbake til forsiden", "/?lang=nb"), ("English", "?lang=en")], box["links"]
    assert all(a["height"] >= 40 and a["size"] >= 14 and a["right"] <= PHONE["width"] for a in box["links"]), box["links"]

    # The other language's link opens the same page in English.
    phone.locator(".u9-page-error a", has_text="English").click()
    phone.wait_for_url("**/voila/render/broken.ipynb?lang=en", timeout=LOAD_MS)
    phone.wait_for_selector(".u9-page-error", timeout=LOAD_MS)
    box = phone.evaluate(ERROR_BOX)
    assert "could not be shown" in box["text"] and "kunne ikke vises" not in box["text"], box["text"]
    assert [(a["words"], a["href"]) for a in box["links"]] == [("⌂ Back to the home page", "/?lang=en"), ("Norsk", "?lang=nb")], box["links"]
    phone.locator(".u9-page-error a", has_text="Back to the home page").click()
    phone.wait_for_url("**/?lang=en", timeout=LOAD_MS)

    # No language in the address: both, each with its way home.
    phone.goto(broken.page("broken.ipynb"), timeout=LOAD_MS)
    phone.wait_for_selector(".u9-page-error", timeout=LOAD_MS)
    box = phone.evaluate(ERROR_BOX)
    assert "could not be shown" in box["text"] and "kunne ikke vises" in box["text"], box["text"]
    assert {a["href"] for a in box["links"]} >= {"/?lang=en", "/?lang=nb"}, box["links"]
