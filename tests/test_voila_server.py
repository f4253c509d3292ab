"""The published site: Voila as voila.json configures it renders every explainer, shows no source
code and no traceback, and refuses everything that is not published. Its root is the home page
(the site's Voila template, share/jupyter/voila/templates/upto9/): the explainers in order, in
one language at a time, and every link carries the language on to the next page."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser  # noqa: F401  (the browser fixture)
from tests.voila_helpers import CONFIG, PUBLISHED, SITE, SIZES, TEMPLATES, VoilaServer, get, shared_site

pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")

# What each page must show once its notebook has run (its title, in the page's <title> or body).
TITLES = {
    "1_rules_tour.ipynb": "a tour of the rules",
    "2_hand_checker.ipynb": "the hand checker",
    "3_round_stepper.ipynb": "step through a round",
    "4_level_atlas.ipynb": "the level difficulty atlas",
    "5_house_rule_lab.ipynb": "the house-rule lab",
    "6_comparison.ipynb": "and Phase 10 compared",
    "7_threeup_tour.ipynb": "3UP 3DOWN: a tour of the rules",
    "8_picture_cards_tour.ipynb": "cards: a tour of the rules",
    "9_picture_cards_play.ipynb": "cards: draw or stop?",
    "10_picture_cards_tips.ipynb": "cards: tips for the author",
    "11_play.ipynb": "a seat at the table",
}
# Strings that appear only in the notebooks' code cells: if one is in a page, sources leaked.
SOURCE_MARKS = ("from upto9.widgets", "page = Page(", "page.show(", "page.footer()", "import traitlets", "Atlas.load_or_build(", "ComparisonModel.load(")
ERROR_MARKS = ("Traceback", "There was an error when executing cell", "An exception occurred at the server", "ExecutionError")
# Other servers a page must not load from (a classroom may be offline): Voila's lab template links Font
# Awesome from a CDN, and nbconvert's loads mermaid from one; the site's template serves what it needs.
CDN_MARKS = ("cdn.jsdelivr.net", "cdnjs.cloudflare.com", "unpkg.com", "fonts.googleapis.com")
TEMPLATE = TEMPLATES / "voila" / "templates" / "upto9"


@pytest.fixture(scope="module")
def server() -> VoilaServer:
    return shared_site()  # the session's one published site (no browser needed), stopped by conftest at the end


def test_the_site_publishes_the_explainers() -> None:
    assert sorted(TITLES) == PUBLISHED, "voila.json's root_dir holds exactly the published explainers"
    assert CONFIG["VoilaConfiguration"]["strip_sources"] is True
    assert CONFIG["VoilaConfiguration"]["show_tracebacks"] is False
    assert CONFIG["VoilaConfiguration"]["allow_template_override"] == "NO"
    assert CONFIG["VoilaConfiguration"]["allow_theme_override"] == "NO"
    assert CONFIG["VoilaConfiguration"]["template"] == "upto9" and (TEMPLATE / "tree.html").is_file()


@pytest.mark.parametrize("notebook", sorted(TITLES))
def test_each_explainer_renders_without_source_or_traceback(server: VoilaServer, notebook: str) -> None:
    status, _url, body = get(server.page(notebook))
    assert status == 200, f"{notebook}: HTTP {status}"
    assert TITLES[notebook] in body, f"{notebook}: its title is not on the page"
    assert "application/vnd.jupyter.widget-view+json" in body, f"{notebook}: no widget on the page"
    for mark in SOURCE_MARKS:
        assert mark not in body, f"{notebook}: source code on the page ({mark!r})"
    for mark in ERROR_MARKS:
        assert mark not in body, f"{notebook}: an error on the page ({mark!r})"
    assert 'class="u9-en"' in body and 'class="u9-nb"' in body, f"{notebook}: the narrative is not in both languages"
    for mark in CDN_MARKS:
        assert mark not in body, f"{notebook}: the page loads from another server ({mark})"
    assert "voila/templates/upto9/static/voila-style.js" in body, f"{notebook}: not drawn with the site's template"


def test_the_tree_lists_only_the_explainers(server: VoilaServer) -> None:
    status, _url, body = get(server.url + "/voila/api/contents/")
    assert status == 200
    names = sorted(re.findall(r'"name": "([^"]+)"', body))
    assert names == sorted(TITLES), names


@pytest.mark.parametrize(
    "path",
    [
        # the notebooks' own files: sources, the data script and data
        "/voila/files/1_rules_tour.ipynb",
        "/voila/files/4_level_atlas.ipynb",
        "/voila/files/5_house_rule_lab.ipynb",
        "/voila/files/build_cache.py",
        "/voila/files/data/atlas.json",
        "/voila/files/data/sample_game.json",
        "/voila/files/data/comparison.json",
        "/voila/files/data/phase10_published.json",
        "/voila/files/data/sample_phase10_game.json",
        "/voila/render/build_cache.py",
        "/voila/render/data/atlas.json",
        "/voila/api/contents/build_cache.py",
        "/voila/api/contents/data/atlas.json",
        # anything outside the published folder (path traversal: CVE-2024-30265 and friends)
        "/voila/files/../pyproject.toml",
        "/voila/files/%2e%2e/pyproject.toml",
        "/voila/files/..%2fupto9/cli.py",
        "/voila/render/../README.md",
        "/voila/render/%2e%2e/tests/playthroughs/game-3p-seed48.json",
        "/voila/render/../voila.json",
        "/voila/static/../../../../pyproject.toml",
        "/voila/templates/lab/static/../../../../../../pyproject.toml",
        "/voila/tree/../upto9",
        "/voila/render/scratch.ipynb",
        # the home page's pictures folder serves pictures only; the site's template serves no source
        "/voila/files/img/../build_cache.py",
        "/voila/files/img/../data/atlas.json",
        "/voila/files/img/../1_rules_tour.ipynb",
        "/voila/templates/upto9/static/../../../../../../pyproject.toml",
        "/voila/templates/upto9/static/%2e%2e/tree.html",
    ],
)
def test_unpublished_files_are_refused(server: VoilaServer, path: str) -> None:
    status, url, body = get(server.url + path, timeout=60)
    if ".." in path or "%2e" in path or "%2f" in path:
        assert status >= 400, f"{path}: HTTP {status} ({url})"  # a traversal is refused, whatever the code
    else:
        assert status in (403, 404), f"{path}: HTTP {status} ({url})"
    assert "[tool.pytest" not in body and "def main" not in body and '"cells"' not in body and '"counts"' not in body


def test_overrides_are_off(server: VoilaServer) -> None:
    status, _url, body = get(server.page("3_round_stepper.ipynb") + "?theme=dark&template=classic")
    assert status == 200
    assert "theme-dark" not in body and "JupyterLab Dark" not in body
    assert "voila/templates/upto9/" in body and "voila/templates/classic/" not in body


def test_the_published_folder_holds_no_stray_notebook() -> None:
    stray = [p.relative_to(SITE) for p in SITE.rglob("*.ipynb") if p.parent != SITE and ".ipynb_checkpoints" not in p.parts]
    assert not stray, f"notebooks under {SITE.name}/ subfolders would be published: {stray}"


def test_template_sources_are_not_served(server: VoilaServer) -> None:
    # Voila's template handler answers only under static/: a template's own files give an error page.
    for path in ("/voila/templates/upto9/tree.html", "/voila/templates/upto9/index.html.j2", "/voila/templates/upto9/conf.json"):
        status, _url, body = get(server.url + path, timeout=60)
        assert status >= 400, f"{path}: HTTP {status}"
        assert "{%" not in body and "base_template" not in body, f"{path}: the template's source is served"


# --- the home page ---------------------------------------------------------------------------------------

CARD = re.compile(r'<li class="u9-card" data-notebook="([^"]+)">\s*<a href="([^"]+)">\s*<img src="([^"]+)"[^>]*>.*?<h3>(.*?)</h3>\s*<p>(.*?)</p>', re.S)


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html)).strip()


def _home(server: VoilaServer, query: str) -> str:
    status, _url, body = get(f"{server.url}/{query}")
    assert status == 200, f"/{query}: HTTP {status}"
    return body


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_root_is_the_home_page_with_the_explainers_in_order(server: VoilaServer, lang: str) -> None:
    from upto9.widgets.nav import EXPLAINERS

    body = _home(server, f"?lang={lang}")
    assert f'<html lang="{lang}">' in body
    assert re.search(r"<h1>Up to 9</h1>", body)
    cards = CARD.findall(body)
    assert [c[0] for c in cards] == [e.notebook for e in EXPLAINERS], "the explainers, in order"
    assert sorted(c[0] for c in cards) == PUBLISHED, "every published page, and only those"
    titles = [_text(c[3]) for c in cards]
    assert titles == [f"{i}. {e.title[lang]}" for i, e in enumerate(EXPLAINERS, 1)], titles
    for notebook, link, picture, _title, words in cards:
        assert link == f"/voila/render/{notebook}?lang={lang}", link  # the link carries the language
        assert len(_text(words)) > 40, f"{notebook}: no description"
        status, _url, _png = get(server.url + picture, timeout=60)
        assert status == 200 and picture.endswith(".png"), f"{picture}: HTTP {status}"
    # The language switch: this language is marked, the other one a link to the same page.
    assert re.search(rf'<a href="/\?lang={lang}"[^>]*aria-current="true"', body)
    other = "nb" if lang == "en" else "en"
    assert re.search(rf'<a href="/\?lang={other}"[^>]*>', body) and not re.search(rf'<a href="/\?lang={other}"[^>]*aria-current', body)
    # Only the chosen language: no file list, no file names on show, no source.
    shown = _text(re.sub(r"<(style|script)\b.*?</\1>", "", body, flags=re.S))
    assert ".ipynb" not in shown and "Select items to open" not in shown and "{{" not in shown
    english, norwegian = ("Learn a card game", "Lær et kortspill")
    assert (english in shown) == (lang == "en") and (norwegian in shown) == (lang == "nb")
    for mark in CDN_MARKS:
        assert mark not in body


SECTION = re.compile(
    r'<section class="u9-game" id="([^"]+)"[^>]*>\s*<h2[^>]*>(.*?)</h2>\s*<p class="u9-what">(.*?)</p>\s*<p class="u9-facts">(.*?)</p>(.*?)</section>', re.S
)
GAMES = ["upto9", "threeup", "picture_cards"]
"""The home page's games, in order: the keys of their rule sets (upto9.rules.builtin_rules)."""


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_home_page_lists_the_games_each_with_its_pages(server: VoilaServer, lang: str) -> None:
    """A section per game: its name (the rule set's own, in English), what it is, how many play (the
    rule set's own numbers), and its pages as cards; the sections' cards are the explainers in order.
    A page that also plays the game (the round stepper, the house-rule lab) is named under it as a link."""
    from upto9.widgets.nav import EXPLAINERS, explainer

    from upto9.rules import builtin_rules

    body = _home(server, f"?lang={lang}")
    sections = SECTION.findall(body)
    assert [s[0] for s in sections] == GAMES
    listed: list[str] = []
    others: dict[str, list[str]] = {}
    for key, name, what, facts, rest in sections:
        rules = builtin_rules(key)
        if lang == "en":
            assert _text(name) == rules.name
        assert [int(n) for n in re.findall(r"\d+", _text(facts))] == [rules.min_players, rules.max_players], (key, _text(facts))
        assert len(_text(what)) > 40 and _text(what).endswith("."), (key, what)
        cards = CARD.findall(rest)
        assert cards, f"{key}: no page"
        listed += [c[0] for c in cards]
        also = re.findall(r'<p class="u9-also">(.*?)</p>', rest, re.S)
        links = re.findall(r'<a href="([^"]+)">(.*?)</a>', also[0]) if also else []
        for href, words in links:
            page = explainer(href.split("/")[-1].split("?")[0])
            assert href == f"/voila/render/{page.notebook}?lang={lang}", href
            assert _text(words) == f"{EXPLAINERS.index(page) + 1}. {page.title[lang]}", words
        others[key] = [href.split("/")[-1].split("?")[0] for href, _words in links]
    assert listed == [e.notebook for e in EXPLAINERS]
    # The seat (page 11) plays every game, and stands under the picture cards, the last game: the
    # other games name it too (a learner read it as a picture-card page).
    assert others == {
        "upto9": ["11_play.ipynb"],
        "threeup": ["3_round_stepper.ipynb", "5_house_rule_lab.ipynb", "11_play.ipynb"],
        "picture_cards": ["3_round_stepper.ipynb"],
    }
    # One tap to each game's section; the lead counts no pages.
    jump = re.search(r'<ul class="u9-jump">(.*?)</ul>', body, re.S)
    assert jump is not None and re.findall(r'href="#([^"]+)"', jump[1]) == GAMES
    lead_html = re.search(r'<p class="u9-lead">(.*?)</p>', body, re.S)
    assert lead_html is not None
    lead = _text(lead_html[1])
    assert not re.search(r"\b(six|seks|these \w+ pages|disse \w+ sidene)\b", lead), lead


def test_the_home_page_opens_in_english_without_a_language(server: VoilaServer) -> None:
    body = _home(server, "")
    assert '<html lang="en">' in body and "?lang=en" in body and "?lang=nb" in body
    assert _home(server, "?lang=xx") == body  # an unknown language is English


def _home_as(server: VoilaServer, query: str, **headers: str) -> tuple[str, str]:
    """The home page's ``<html lang>`` and the cookie it sets, asked with these headers."""
    import urllib.request

    request = urllib.request.Request(f"{server.url}/{query}", headers={k.replace("_", "-"): v for k, v in headers.items()})
    with urllib.request.urlopen(request, timeout=180) as response:
        body = response.read().decode("utf-8")
        cookies = " ".join(response.headers.get_all("Set-Cookie") or [])
    found = re.search(r'<html lang="(\w+)"', body)
    assert found, body[:300]
    return found.group(1), cookies


def test_the_home_page_opened_without_a_language_speaks_the_visitors(server: VoilaServer) -> None:
    """A Norwegian browser's first visit to the root was English, and a visitor who chose Norsk there
    was back in English on the next visit: the browser's language and the last choice count now."""
    assert _home_as(server, "", Accept_Language="nb-NO,nb;q=0.9,en;q=0.5")[0] == "nb"
    assert _home_as(server, "", Accept_Language="nn,en;q=0.5")[0] == "nb"
    assert _home_as(server, "", Accept_Language="de-DE,de;q=0.9")[0] == "en"
    assert _home_as(server, "", Accept_Language="en-GB,en;q=0.9,nb;q=0.8")[0] == "en"
    lang, cookies = _home_as(server, "?lang=nb", Accept_Language="en")
    assert lang == "nb" and "u9-lang=nb" in cookies  # a choice made there is kept ...
    assert _home_as(server, "", Accept_Language="en", Cookie="u9-lang=nb")[0] == "nb"  # ... for the next visit
    assert _home_as(server, "?lang=en", Cookie="u9-lang=nb")[0] == "en"  # the address still decides


@pytest.mark.parametrize("query", ["?classic-tree=false", "?classic-tree=true&lang=nb", "voila/tree/", "voila/tree/img", "voila/tree/data"])
def test_no_file_list_is_shown_anywhere(server: VoilaServer, query: str) -> None:
    body = _home(server, query)
    assert len(CARD.findall(body)) == len(PUBLISHED), f"/{query}: not the home page"
    assert "jp-DirListing" not in body and "voila-notebooks" not in body and "atlas.json" not in body


def test_the_home_page_titles_are_the_explainers_own() -> None:
    """The home page lists each explainer under its own heading: the h1 of its narrative, in each language."""
    from upto9.widgets.nav import EXPLAINERS

    for page in EXPLAINERS:
        cells = json.loads((SITE / page.notebook).read_text(encoding="utf-8"))["cells"]
        text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        for lang in ("en", "nb"):
            blocks = re.findall(rf'<div class="u9-{lang}">(.*?)</div>', text, re.S)
            h1 = next(m[1] for b in blocks if (m := re.search(r"^# (.+)$", b, re.M)))
            assert h1.lower().endswith(page.title[lang].lower()), (page.notebook, lang, h1)


# --- the links between the pages -------------------------------------------------------------------------


def test_every_explainer_links_home_and_to_the_next_page_and_says_so_in_its_code() -> None:
    """Each notebook opens its page with ``Page(explainer=<its own file>)`` and closes it with ``page.footer()``."""
    for notebook in PUBLISHED:
        cells = json.loads((SITE / notebook).read_text(encoding="utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert f'page = Page(explainer="{notebook}")' in code[0], f"{notebook}: its first cell does not start the page with its links"
        assert code[-1].strip() == "page.footer()", f"{notebook}: its last cell does not close the page with its links"


def _links(html: str) -> list[tuple[str, str]]:
    return [(href, _text(words)) for href, words in re.findall(r'<a class="u9-nav-[a-z]+" href="([^"]+)">(.*?)</a>', html)]


def test_the_page_links_follow_the_language_switch() -> None:
    from upto9.widgets.page import Page

    page = Page("nb", explainer="2_hand_checker.ipynb")
    nav = page.children[2]
    assert _links(nav.value) == [("/?lang=nb", "⌂ Hjem"), ("/voila/render/3_round_stepper.ipynb?lang=nb", "Neste: Gå gjennom en runde →")]
    assert f"2 av {len(PUBLISHED)}" in _text(nav.value)
    footer = page.footer()
    page.lang = "en"
    assert _links(nav.value) == [("/?lang=en", "⌂ Home"), ("/voila/render/3_round_stepper.ipynb?lang=en", "Next: Step through a round →")]
    assert _links(footer.value) == _links(nav.value) and f"2 of {len(PUBLISHED)}" in _text(nav.value)


def test_the_last_page_leads_home_and_the_pages_chain_in_order() -> None:
    from upto9.widgets.nav import EXPLAINERS, Nav

    seen = []
    for page in EXPLAINERS:
        links = _links(Nav(page.notebook, lang="en").value)
        seen.append(links[-1][0])
    assert seen == [f"/voila/render/{e.notebook}?lang=en" for e in EXPLAINERS[1:]] + ["/?lang=en"]
    last = _links(Nav(EXPLAINERS[-1].notebook, bottom=True, lang="nb").value)
    assert last == [("/?lang=nb", "← Tilbake til forsiden")]


def test_the_links_respect_voilas_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    from upto9.widgets.nav import Nav

    monkeypatch.setenv("VOILA_BASE_URL", "/games/upto9/")
    assert _links(Nav("5_house_rule_lab", lang="nb").value)[-1][0] == "/games/upto9/voila/render/6_comparison.ipynb?lang=nb"


def test_a_page_that_names_no_explainer_says_which_ones_there_are() -> None:
    from upto9.widgets.page import Page

    with pytest.raises(ValueError, match=r"no explainer is published as '7_quiz.ipynb'; the explainers are 1_rules_tour.ipynb"):
        Page(explainer="7_quiz.ipynb")
    with pytest.raises(ValueError, match=r"page.footer\(\) needs the page's notebook"):
        Page().footer()


# --- the narrative ---------------------------------------------------------------------------------------


def _narrative(notebook: str) -> str:
    cells = json.loads((SITE / notebook).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


# Words a learner should not have to read: they go into the "Advanced" notes, closed by default.
DEVELOPER_TALK = re.compile(
    r"HeuristicBot|\bseeds?\b|\bfrø\w*|save_game|build_cache|load_rules|simulate\(|\bTOML\b|engine guard|\bSD\b|\bIQR\b"
    r"|\.json\b|\.py\b|Wilson|Monte Carlo|bootstrap|engine's bots|motorens roboter|`[^`]+`",
    re.I,
)
# English words that no Norwegian sentence holds ("to", "for", "i" and the like are Norwegian words too).
ENGLISH = {"the", "and", "of", "is", "with", "you", "your", "this", "that", "are", "from", "which", "when", "what", "each", "every"}
ENGLISH |= {"player", "players", "card", "cards", "level", "levels", "round", "rounds", "game", "games", "seed", "bot", "bots", "engine"}


@pytest.mark.parametrize("notebook", PUBLISHED)
def test_developer_details_are_in_closed_advanced_notes(notebook: str) -> None:
    text = _narrative(notebook)
    notes = re.findall(r"<details(?P<attrs>[^>]*)>\s*<summary>(?P<summary>[^<]+)</summary>", text)
    for attrs, summary in notes:
        assert "open" not in attrs, f"{notebook}: an Advanced note is open by default"
        assert summary.startswith(("Advanced", "Avansert")), summary
    learner = re.sub(r"<details.*?</details>", "", text, flags=re.S).replace("`*`", "*")  # the marker of a reconstructed value
    found = [m.group(0) for m in DEVELOPER_TALK.finditer(learner)]
    assert not found, f"{notebook}: developer talk outside the Advanced notes: {found}"


@pytest.mark.parametrize("notebook", PUBLISHED)
def test_the_norwegian_narrative_is_norwegian(notebook: str) -> None:
    text = _narrative(notebook)
    blocks = re.findall(r'<div class="u9-nb">(.*?)\n</div>', text, re.S)
    assert len(blocks) == len(re.findall(r'<div class="u9-en">', text)), f"{notebook}: an English block has no Norwegian one"
    for block in blocks:
        words = re.sub(r"`[^`]*`", "", block)  # code names (in the Advanced notes) are not sentences
        english = [w for w in re.findall(r"[A-Za-zæøåÆØÅ]+", words) if w.lower() in ENGLISH]
        assert not english, f"{notebook}: English in a Norwegian block: {english} in {block[:120]!r}"
        decimals = re.findall(r"\d\.\d", words)
        assert not decimals, f"{notebook}: a decimal point in Norwegian text (Norwegian writes a comma): {decimals}"
    summaries = re.findall(r'<div class="u9-nb">.*?</div>', text, re.S)
    assert all("Advanced" not in s for s in summaries), f"{notebook}: an English summary in a Norwegian block"


# --- a chart's tool bar -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_norwegian_chart_has_a_norwegian_tool_bar(browser: Any, server: VoilaServer, size: str) -> None:  # noqa: F811  (the browser fixture, imported)
    """The comparison's charts in Norwegian: the tool bar's buttons (zoom, pan, reset, save as a
    picture) say what they do in Norwegian, from the figure's own settings (nothing loaded from
    another host); in English they keep plotly's words."""
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone", device_scale_factor=1)
    try:
        tab = context.new_page()
        titles = {}
        for lang in ("nb", "en"):
            tab.goto(server.page("6_comparison.ipynb") + f"?lang={lang}", timeout=LOAD_MS, wait_until="domcontentloaded")
            # Every chart of the page is drawn when asked (a table shows first): the first one asked for.
            button = tab.locator(".u9-view-choice button").filter(has_text=re.compile(r"^(Chart|Diagram)$")).first
            button.wait_for(timeout=LOAD_MS)
            button.click()
            tab.wait_for_selector(".js-plotly-plot .modebar-btn", state="attached", timeout=LOAD_MS)
            chart = tab.locator(".js-plotly-plot").first
            chart.scroll_into_view_if_needed()
            chart.hover()  # the tool bar shows on hover
            titles[lang] = chart.locator(".modebar-btn").evaluate_all("buttons => buttons.map(b => b.getAttribute('data-title'))")
            if size == "desktop":  # a button's title shows under a mouse (a phone's tool bar shows on a tap)
                chart.locator(".modebar-btn").last.hover()
                tab.wait_for_timeout(300)
            SHOTS.mkdir(parents=True, exist_ok=True)
            chart.screenshot(path=str(SHOTS / f"6_comparison.toolbar.{lang}.{size}.png"))
    finally:
        context.close()
    assert "Tilbakestill aksene" in titles["nb"] and "Last ned diagrammet som PNG-bilde" in titles["nb"], titles
    assert not set(titles["nb"]) & set(titles["en"]), f"English words left in the Norwegian tool bar: {titles}"
    assert "Reset axes" in titles["en"], titles
