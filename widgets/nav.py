"""The explainers as one site: their order, their titles in both languages, and the links between them.

* ``EXPLAINERS``: the explainer pages in the suggested order, game by game (the home page lists them so).
* ``page_url`` / ``home_url``: a page's address in a language (``?lang=nb``), under Voila's base URL.
* ``Nav``: the links on an explainer page (home, and the next page; the last page leads home),
  drawn in the page's language, so the language a learner picked goes with them.
* ``on_static_site`` / ``site_explainers``: on the static site (``make site``: Voici, Python in the
  learner's browser) only the pages marked ``static`` are there, each as ``<notebook>.html`` (English)
  and ``<notebook>.nb.html`` (Norsk), with the home page at ``index.html`` / ``index.nb.html``; the
  links are relative, so the site works in any folder of any static host.

The home page itself is Voila's tree page, a template in ``share/jupyter/voila/templates/upto9/``:
it lists the same pages with the same titles, game by game (a test keeps the two in step).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from html import escape
from typing import Any, Final
from urllib.parse import quote

import ipywidgets as w

from ._common import OwnLanguage
from .texts import LANGS, check_lang

__all__ = ["EXPLAINERS", "Explainer", "Nav", "explainer", "home_url", "on_static_site", "page_url", "site_explainers", "static_home_url", "static_page_url"]


@dataclass(frozen=True)
class Explainer:
    """One explainer page: its notebook (the file Voila renders) and its short title per language;
    ``static``: the page also runs in the learner's browser (the static site: no pandas, no numpy)."""

    notebook: str
    title: dict[str, str]
    static: bool = False


EXPLAINERS: Final = (
    Explainer("1_rules_tour.ipynb", {"en": "A tour of the rules", "nb": "En omvisning i reglene"}, static=True),
    Explainer("2_hand_checker.ipynb", {"en": "The hand checker", "nb": "Håndsjekkeren"}, static=True),
    Explainer("3_round_stepper.ipynb", {"en": "Step through a round", "nb": "Gå gjennom en runde"}, static=True),
    Explainer("4_level_atlas.ipynb", {"en": "The level difficulty atlas", "nb": "Nivåatlaset"}),
    Explainer("5_house_rule_lab.ipynb", {"en": "The house-rule lab", "nb": "Husregel-laben"}),
    Explainer("6_comparison.ipynb", {"en": "Up to 9 and Phase 10 compared", "nb": "Up to 9 og Phase 10 sammenlignet"}),
    Explainer("7_threeup_tour.ipynb", {"en": "3UP 3DOWN: a tour of the rules", "nb": "3UP 3DOWN: en omvisning i reglene"}, static=True),
    Explainer("8_picture_cards_tour.ipynb", {"en": "Picture cards: a tour of the rules", "nb": "Bildekort: en omvisning i reglene"}, static=True),
    Explainer("9_picture_cards_play.ipynb", {"en": "Picture cards: draw or stop?", "nb": "Bildekort: trekke eller stoppe?"}),
    Explainer("10_picture_cards_tips.ipynb", {"en": "Picture cards: tips for the author", "nb": "Bildekort: tips til forfatteren"}),
    Explainer("11_play.ipynb", {"en": "Play a game: a seat at the table", "nb": "Spill et spill: en plass ved bordet"}),
)
assert all(set(e.title) == set(LANGS) for e in EXPLAINERS)

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {"home": "Home", "pages": "The explainers", "of": "{n} of {total}", "next": "Next: {title}", "back": "Back to the home page"},
    "nb": {"home": "Hjem", "pages": "Forklaringene", "of": "{n} av {total}", "next": "Neste: {title}", "back": "Tilbake til forsiden"},
}
assert set(TEXTS) == set(LANGS)

# Links big enough to tap (at least 44 px high) and text at least 16 px; colours with AA contrast on white.
_CSS: Final = """<style>
.u9-nav{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;margin:4px 0 12px 0;font-size:16px;line-height:1.3}
.u9-nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 14px;border-radius:6px;text-decoration:none;
  border:1px solid #0b5c8a;color:#0b5c8a;background:#fff}
.u9-nav a:hover,.u9-nav a:focus{background:#e8f1f8;text-decoration:underline}
.u9-nav a.u9-nav-next{background:#0b5c8a;color:#fff}
.u9-nav a.u9-nav-next:hover,.u9-nav a.u9-nav-next:focus{background:#08476b}
.u9-nav .u9-nav-where{color:#444}
.u9-nav-bottom{margin-top:24px;padding-top:12px;border-top:1px solid #ddd}
</style>"""


def explainer(notebook: str) -> Explainer:
    """The explainer published as ``notebook`` (``"2_hand_checker.ipynb"``; the suffix may be left off).

    >>> explainer("2_hand_checker").title["nb"]
    'Håndsjekkeren'
    """
    name = notebook if notebook.endswith(".ipynb") else notebook + ".ipynb"
    for page in EXPLAINERS:
        if page.notebook == name:
            return page
    known = ", ".join(p.notebook for p in EXPLAINERS)
    raise ValueError(f"no explainer is published as {notebook!r}; the explainers are {known}")


def on_static_site() -> bool:
    """Whether this page runs on the static site: Python in the learner's browser (Pyodide, whose
    ``sys.platform`` is ``emscripten``), not in a Voila or Jupyter kernel.

    >>> on_static_site()
    False
    """
    return sys.platform == "emscripten"


def site_explainers() -> tuple[Explainer, ...]:
    """The explainers on the site this page runs on: every one under Voila, the ``static`` ones on
    the static site (in the same order).

    >>> [e.notebook for e in site_explainers()][-1]
    '11_play.ipynb'
    """
    return tuple(e for e in EXPLAINERS if e.static) if on_static_site() else EXPLAINERS


def static_page_url(notebook: str, lang: str) -> str:
    """The address of an explainer page on the static site, relative to another page there (the
    pages are side by side in ``voici/render/``).

    >>> static_page_url("2_hand_checker.ipynb", "nb")
    '2_hand_checker.nb.html'
    """
    stem = explainer(notebook).notebook.removesuffix(".ipynb")
    return quote(f"{stem}.html" if check_lang(lang) == "en" else f"{stem}.{lang}.html")


def static_home_url(lang: str) -> str:
    """The address of the static site's home page, relative to a page (two folders up).

    >>> static_home_url("nb")
    '../../index.nb.html'
    """
    return "../../index.html" if check_lang(lang) == "en" else f"../../index.{lang}.html"


def _base_url() -> str:
    """Voila's base URL (it tells the kernel, ``VOILA_BASE_URL``); ``/`` outside Voila."""
    base = os.environ.get("VOILA_BASE_URL", "") or "/"
    return base if base.endswith("/") else base + "/"


def page_url(notebook: str, lang: str) -> str:
    """The address of an explainer page in ``lang``.

    >>> page_url("3_round_stepper.ipynb", "nb")
    '/voila/render/3_round_stepper.ipynb?lang=nb'
    """
    if on_static_site():
        return static_page_url(notebook, lang)
    return f"{_base_url()}voila/render/{quote(explainer(notebook).notebook)}?lang={check_lang(lang)}"


def home_url(lang: str) -> str:
    """The address of the home page in ``lang``.

    >>> home_url("en")
    '/?lang=en'
    """
    if on_static_site():
        return static_home_url(lang)
    return f"{_base_url()}?lang={check_lang(lang)}"


class Nav(OwnLanguage, w.HTML):  # type: ignore[misc]
    """The links of the explainer page ``notebook``: home, where it stands ("2 of 10") and the next
    page (the last page has one link, back home). ``bottom=True`` draws the links that close a page. Every link
    carries the page's language (``lang``), so they are drawn again when it changes."""

    def __init__(self, notebook: str, *, bottom: bool = False, lang: str = "en", **kwargs: Any) -> None:
        self.page = explainer(notebook)
        self.bottom = bottom
        self._lang = check_lang(lang)
        super().__init__(**kwargs)
        self.add_class("u9-nav-box")
        self.redraw()

    @property
    def next_page(self) -> Explainer | None:
        """The page after this one in the suggested order; ``None`` on the last page."""
        pages = site_explainers()
        at = pages.index(self.page)
        return pages[at + 1] if at + 1 < len(pages) else None

    def redraw(self) -> None:
        t = TEXTS[self._lang]
        lang = self._lang
        after = self.next_page
        links = [] if after is None else [f'<a class="u9-nav-home" href="{escape(home_url(lang))}">⌂ {escape(t["home"])}</a>']
        if not self.bottom:
            pages = site_explainers()
            where = t["of"].format(n=pages.index(self.page) + 1, total=len(pages))
            links.append(f'<span class="u9-nav-where">{escape(where)}</span>')
        if after is None:
            links.append(f'<a class="u9-nav-next" href="{escape(home_url(lang))}">← {escape(t["back"])}</a>')  # back points back
        else:
            words = t["next"].format(title=after.title[lang])
            links.append(f'<a class="u9-nav-next" href="{escape(page_url(after.notebook, lang))}">{escape(words)} →</a>')
        where_class = "u9-nav u9-nav-bottom" if self.bottom else "u9-nav"
        self.value = f'{_CSS}<nav class="{where_class}" aria-label="{escape(t["pages"])}">{"".join(links)}</nav>'
