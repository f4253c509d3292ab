"""The published site: Voila as voila.json configures it renders every explainer, shows no source
code and no traceback, and refuses everything that is not published."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.voila_helpers import CONFIG, PUBLISHED, SITE, VoilaServer, get

pytest.importorskip("voila", reason="the published site needs Voila: pip install -e '.[dev]'")

# What each page must show once its notebook has run (its title, in the page's <title> or body).
TITLES = {
    "1_rules_tour.ipynb": "a tour of the rules",
    "2_hand_checker.ipynb": "the hand checker",
    "3_round_stepper.ipynb": "step through a round",
    "4_level_atlas.ipynb": "the level difficulty atlas",
    "5_house_rule_lab.ipynb": "the house-rule lab",
    "6_comparison.ipynb": "and Phase 10 compared",
}
# Strings that appear only in the notebooks' code cells: if one is in a page, sources leaked.
SOURCE_MARKS = ("from upto9.widgets", "page = Page()", "page.show(", "import traitlets", "Atlas.load_or_build(", "ComparisonModel.load(")
ERROR_MARKS = ("Traceback", "There was an error when executing cell", "An exception occurred at the server", "ExecutionError")


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    site = VoilaServer("voila-server-test.log")
    try:
        yield site
    finally:
        site.stop()


def test_the_site_publishes_the_explainers() -> None:
    assert sorted(TITLES) == PUBLISHED, "voila.json's root_dir holds exactly the published explainers"
    assert CONFIG["VoilaConfiguration"]["strip_sources"] is True
    assert CONFIG["VoilaConfiguration"]["show_tracebacks"] is False
    assert CONFIG["VoilaConfiguration"]["allow_template_override"] == "NO"
    assert CONFIG["VoilaConfiguration"]["allow_theme_override"] == "NO"


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
    assert "voila/templates/lab/" in body and "voila/templates/classic/" not in body


def test_the_published_folder_holds_no_stray_notebook() -> None:
    stray = [p.relative_to(SITE) for p in SITE.rglob("*.ipynb") if p.parent != SITE and ".ipynb_checkpoints" not in p.parts]
    assert not stray, f"notebooks under {SITE.name}/ subfolders would be published: {stray}"
