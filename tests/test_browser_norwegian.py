"""Every page in Norwegian, in a real browser, with no English sentence left.

Each explainer page is read twice, served by Voila, in tests/test_browser_layout.py's
``test_page_layout``, which opens each page once at each size anyway: at a phone's size opened in
English and switched with its own language switch ("Norsk") (:func:`use_switched`), at a desktop's
opened from its address (``?lang=nb``) (:func:`use_opened`). The home page is read here, both from
its address and with its own language links. On each page the controls that make text are used the
way a learner would (a hand typed and checked against a level, the lay-down filled in, the round
stepped forward, a prediction answered, the rule set switched), and then everything a learner
can read is collected: the visible text (the hidden ``.u9-en`` blocks and a closed "Avansert"
section are not visible), the choices of every dropdown, the words on buttons, tooltips, the
placeholders of text boxes and the texts drawn in the charts. The code inside an "Avansert"
section (file names, API calls) is left out. A sentence or label is English when it holds one of
``ENGLISH``: common English words that are not Norwegian words. The game's words that the
Norwegian rules text uses too (straight, joker, wild) are not among them, and the proper names in
``NAMES`` (Up to 9, Phase 10, ...) are taken out first.

The test fails naming, page by page, every English sentence it found; the list of all of them is
written to test-output/english-left.txt. A Norwegian screenshot of each page at a phone's size
(390 x 844) goes to test-output/screenshots/<page>.nb.phone.png. Without Chromium it skips as the
other browser tests do (tests/test_browser.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.test_browser import LOAD_MS, SHOTS, browser, published_site, widget_problems  # noqa: F401  (the browser fixture)
from tests.voila_helpers import OUTPUT, PUBLISHED, VoilaServer, quiet

PHONE = {"width": 390, "height": 844}
READ = OUTPUT / "norwegian-text"
"""Everything the test read on each page, one line each (where it was read, the text)."""
STEP_MS = 30_000  # the kernel answers a click within this, on a busy two-core machine
ENGLISH_PAGE = 10
"""At least this many English sentences are read on each page before it is switched."""
FORWARD = 'button[title="Ett steg fram"]'  # the stepper's forward button, in Norwegian

ENGLISH: frozenset[str] = frozenset(
    re.split(
        r"\s+",
        """
    the and is are was were been being has have had do does did done not no yes
    of with without within from into onto about after before between until while during than then
    you your yours this that these those which what when where who whom whose why how
    it its they them their there here he she his we our us
    an in on or if as so can could must may might will would should shall also only just still even
    again always never none nothing something anything every each any some many much more most less fewer same other another
    one two three four five six seven eight nine ten first second third next previous
    card cards hand hands level levels round rounds player players game games turn turns
    play plays played playing win wins won winner winners lose loses lost score scores
    allowed missing valid invalid short long real set sets run runs phase phases skip skips
    draw draws drew drawn take takes took taken discard discards discarded deck deal deals dealt shuffle shuffled
    lay lays laid down out up goes went gone go donate donates donated donation
    penalty penalties points point rule rules house contract budget
    suit suits rank ranks hearts spades clubs diamonds ace aces king kings queen queens jack jacks colour colours color colors
    number numbers joker's jokers wilds
    check checker checks builder editor stepper explorer step steps action actions forward back end
    show shows shown see click pick picks choose chosen select typed clear random sorted
    table chart charts share chance chances probability average measured sample samples published compare compared comparison
    length difficulty easy holding needs need needed makes make made gives give given
    why because answer question predict reveal right wrong try example examples
    new old now today yet already
    seed seeds bot bots simulate simulated token tokens
    """.strip(),
    )
)
"""Common English words that are not Norwegian words ("straight", "joker", "wild", "tiebreaker"
are the Norwegian rules text's own; "for", "over", "under", "at", "i", "to", "by", "be", "like",
"hold", "her", "hard", "start", "last", "sort", "pile", "held" and "type" are Norwegian words too and are not listed)."""

NAMES: tuple[str, ...] = (
    *("Up to 9", "Phase 10", "3UP 3DOWN", "3UP", "3DOWN", "Clear"),
    *("upto9.no", "upto9", "Voila", "Jupyter", "Mattel", "Uno", "Python", "Enter"),
)
"""Proper names (and the Enter key), the same in every language: taken out of a sentence before its words are read.
3UP 3DOWN's name and its Clear cards are printed so on the cards, in every language."""

LANGUAGE_NAMES: frozenset[str] = frozenset({"English", "Norsk"})
"""The language switch names each language in its own words."""

COLLECT = r"""([selector, tag]) => {
  const roots = selector ? [...document.querySelectorAll(selector)] : [document.querySelector('#rendered_cells') || document.body];
  const visible = (e) => !!e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  // Code inside an "Advanced" section is for developers: its file names and calls stay as they are.
  const advanced = '.u9-advanced, details';
  const code = roots.flatMap((root) => [...root.querySelectorAll(['code', 'pre', 'textarea'].map((c) => `:is(${advanced}) ${c}`).join(', '))]);
  // What a learner types (<kbd>: the card codes) is notation, read apart from the sentences.
  const typed = roots.flatMap((root) => [...root.querySelectorAll('kbd')]).filter((e) => !code.includes(e));
  code.push(...typed);
  const saved = code.map((e) => e.style.display);
  code.forEach((e) => { e.style.display = 'none'; });
  const found = [];
  const push = (where, text) => found.push([tag + where, text]);
  typed.filter(visible).forEach((e) => push('kbd', e.innerText));
  try {
   for (const root of roots) {
    if (!visible(root)) continue;
    found.push(...root.innerText.split('\n').map((line) => [tag + 'text', line]));
    for (const e of root.querySelectorAll('select')) {
      if (visible(e)) for (const o of e.options) push('choice', o.text);
    }
    for (const e of root.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      if (!visible(e) || e.closest('.js-plotly-plot')) continue;
      for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
        const said = e.getAttribute(name);
        if (said) push(name, said);
      }
    }
    for (const e of root.querySelectorAll('input[type=text], textarea')) {
      if (visible(e) && e.readOnly) push('box', e.value);
    }
    for (const plot of root.querySelectorAll('.js-plotly-plot')) {
      if (!visible(plot)) continue;
      for (const t of plot.querySelectorAll('.infolayer text, .xtitle, .ytitle, .gtitle, .annotation-text, .legendtext, .g-xtitle text, .g-ytitle text')) {
        push('chart', t.textContent);
      }
    }
   }
  } finally {
    code.forEach((e, i) => { e.style.display = saved[i]; });
  }
  return found;
}"""
"""(where, text) pairs of everything a learner can read on the page (or in the elements that
``selector`` picks, ``where`` then starting with ``tag``): its visible lines, the choices of every
dropdown, tooltips, labels read aloud, placeholders, read-only boxes, chart texts, and apart
from the sentences the keys a learner types (``<kbd>``)."""

ADVANCED = "advanced "
"""The tag of what was read inside an "Avansert" section."""

_WORD = re.compile(r"[A-Za-zÆØÅæøåÉé]+(?:'[a-z]+)?")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=:)\s+(?=[A-ZÆØÅ])|\s+[·•|—]\s+")
"""Where a sentence ends (a colon ends one before a capital letter: a list after it stays with it)."""
_NOT_WORDS = re.compile(r"https?://\S+|[♠♥♦♣]|\b(?:10|[2-9AJQK])[shdc]\b")
_CODE = re.compile(r"\S*(?:\w_\w|\w\.\w|[(=]|[a-z][A-Z])\S*|'[\w.]+'")
"""A name from the code (``load_rules``, ``simulate(rules=...)``, ``house.toml``, ``HeuristicBot``,
a quoted field name ``'cards'``): an "Avansert" section, and an error about a file, name them as
they are."""


def english_words(sentence: str, *, code: bool = False) -> list[str]:
    """The English words of ``sentence`` (proper names, addresses and card glyphs taken out first; with
    ``code``, the names from the code too).

    >>> english_words("Spiller 2 trekker fra kastebunken")
    []
    >>> english_words("Playing 30 games under each rule set...")
    ['playing', 'games', 'each', 'rule', 'set']
    >>> english_words("Up to 9, én kortstokk færre · Phase 10")
    []
    >>> english_words("Spill 0 til 29 av upto9.simulate(30, players=4, seed=0), en HeuristicBot", code=True)
    []
    """
    if sentence.strip() in LANGUAGE_NAMES:
        return []
    for name in NAMES:
        sentence = sentence.replace(name, " ")
    sentence = _NOT_WORDS.sub(" ", sentence)
    if code:
        sentence = _CODE.sub(" ", sentence)
    return [word for word in (w.lower() for w in _WORD.findall(sentence)) if word in ENGLISH]


_CARD_CODES = re.compile(r"\b(?:1[0-2]|[1-9])[rybg]\b|\bW\b")
"""Phase 10's cards as the engine writes them (``7r``, ``12y``, ``W``): the letters are the English
colours' (red, yellow, blue, green, wild). A learner types them; the page should not say them."""
NOTATION = frozenset({"placeholder", "box", "kbd"})
"""Where card codes are the notation a learner types, not words shown."""


def english_sentences(found: list[list[str]]) -> list[str]:
    """Every sentence or label among ``found`` (``COLLECT``'s pairs) that holds English words or
    Phase 10's English card codes, once, marked with where it was read and what is English.

    >>> english_sentences([["text", "Sjekk hånda. Ett av disse fullfører: 2r, 2y, W."], ["placeholder", "7r 7b W"]])
    ['Ett av disse fullfører: 2r, 2y, W.   [text: 2r, 2y, W]']
    """
    seen: dict[str, None] = {}
    for where, text in found:
        for sentence in _SENTENCE_END.split(" ".join(text.split())):
            words = english_words(sentence, code=where.startswith(ADVANCED))
            if where.split()[-1] not in NOTATION and not where.startswith(ADVANCED):
                words += _CARD_CODES.findall(sentence)
            if words:
                seen.setdefault(f"{sentence}   [{where}: {', '.join(dict.fromkeys(words))}]", None)
    return list(seen)


# --- the texts themselves, without a browser ---------------------------------------------------------

_MARKUP = re.compile(r"<code>.*?</code>|`[^`]*`|\{[^{}]*\}|%\([^)]*\)[sd]|<[^>]+>", re.S)
"""What a text holds besides words: code, a parameter (``{n}``), markup."""


def norwegian_problems(texts: dict[str, str]) -> list[str]:
    """The English sentences among ``texts`` (name -> Norwegian text), code and parameters taken out."""
    found = []
    for name, text in texts.items():
        for sentence in _SENTENCE_END.split(" ".join(_MARKUP.sub(" ", text).split())):
            words = english_words(sentence, code=True)
            if words:
                found.append(f"{name}: {sentence!r} {words}")
    return found


def _strings(value: Any, name: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _strings(inner, f"{name}.{key}")


def test_the_reading_tells_english_from_norwegian() -> None:
    # What issue 10 found left in English, and what the Norwegian pages say instead.
    for english in ("Playing 30 games under each rule set...", "Up to 9, one deck fewer", "Use the checker's arrangement", "2 cards short", "Missing"):
        assert english_words(english), english
    for norsk in ("Spiller 30 spill med hvert regelsett …", "Up to 9, én kortstokk færre", "Bruk sjekkerens oppsett", "Hånda mangler 2 kort.", "Mangler"):
        assert not english_words(norsk), (norsk, english_words(norsk))
    found = english_sentences([["text", "Hva som skjer: Player 2 draws 7♣ from the deck."], ["choice", "Spiller 1: bare det hen ser"]])
    assert found == ["Player 2 draws 7♣ from the deck.   [text: player, draws, from, the, deck]"], found


def test_every_widget_text_table_is_norwegian_in_norwegian() -> None:
    import importlib
    import pkgutil

    import upto9.widgets

    texts: dict[str, str] = {}
    for module in pkgutil.walk_packages(upto9.widgets.__path__, "upto9.widgets."):  # widgets.games too
        loaded = importlib.import_module(module.name)
        for table in ("TEXTS", "SHARED"):
            found = getattr(loaded, table, None)
            if isinstance(found, dict) and "nb" in found:
                texts.update(_strings(found["nb"], f"{module.name.removeprefix('upto9.widgets.')}.{table}"))
    assert len(texts) > 300, f"only {len(texts)} Norwegian widget texts found"
    problems = norwegian_problems(texts)
    assert not problems, "English in the widgets' Norwegian texts:\n" + "\n".join(problems)


def test_the_engines_norwegian_catalog_is_norwegian() -> None:
    from babel.messages.pofile import read_po

    from upto9.messages import catalog_domains, catalog_file

    texts: dict[str, str] = {}
    for domain in catalog_domains():  # the engine's catalog and each family's
        with catalog_file(domain, "nb").open("rb") as po:
            catalog = read_po(po)
        for message in catalog:
            if message.id:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                texts.update((f"{message.id}[{i}]", text) for i, text in enumerate(strings) if text)
    assert len(texts) > 200, f"only {len(texts)} Norwegian messages found"
    problems = norwegian_problems(texts)
    assert not problems, "English in the engine's Norwegian catalog:\n" + "\n".join(problems)


@pytest.mark.parametrize("notebook", PUBLISHED)
def test_the_norwegian_narrative_of_every_page_is_norwegian(notebook: str) -> None:
    import json

    from tests.voila_helpers import SITE

    cells = json.loads((SITE / notebook).read_text(encoding="utf-8"))["cells"]
    blocks = [b for c in cells if c["cell_type"] == "markdown" for b in re.findall(r'<div class="u9-nb"[^>]*>(.*?)</div>', "".join(c["source"]), re.S)]
    assert blocks, f"{notebook} has no Norwegian narrative"
    problems = norwegian_problems({f"{notebook} block {i + 1}": block for i, block in enumerate(blocks)})
    assert not problems, f"English in {notebook}'s Norwegian narrative:\n" + "\n".join(problems)


# --- the server and the pages ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    yield from published_site()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:  # noqa: F811  (the browser fixture, imported)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    tab = context.new_page()
    tab.errors = []  # type: ignore[attr-defined]
    tab.found = []  # type: ignore[attr-defined]  (what the page showed, read after each step)
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    try:
        yield tab
    finally:
        context.close()


LEFT: dict[str, list[str]] = {}
"""The English sentences found, per page and way of opening it (written to english-left.txt)."""


def _record() -> None:
    OUTPUT.mkdir(exist_ok=True)
    lines = []
    for name, sentences in sorted(LEFT.items()):
        lines.append(f"== {name}: {len(sentences)} English sentence(s)")
        lines.extend(f"  {s}" for s in sentences)
    (OUTPUT / "english-left.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def in_norwegian(page: Any) -> None:
    """The page's switch says Norsk and its Norwegian narrative shows."""
    page.locator(".u9-lang-switch button.mod-active", has_text="Norsk").first.wait_for(timeout=STEP_MS)
    page.locator(".u9-nb").first.wait_for(state="visible", timeout=STEP_MS)


# --- what a learner does on each page -------------------------------------------------------------


def settle(page: Any, ms: int = 600) -> None:
    """Let the kernel answer the last click and the widgets draw it."""
    page.wait_for_timeout(ms)


def read(page: Any) -> None:
    """Collect what the page shows now (a page is read after each thing a learner does)."""
    page.found.extend(page.evaluate(COLLECT, [None, ""]))


def changes(page: Any, box: Any, act: Callable[[], None]) -> None:
    """Do ``act`` and wait until ``box``'s text changes (the kernel has answered)."""
    before = box.inner_text()
    act()
    page.wait_for_function("([e, before]) => e.innerText !== before", arg=[box.element_handle(), before], timeout=STEP_MS)


def step_forward(page: Any, stepper: Any, steps: int) -> None:
    forward = stepper.locator(FORWARD).first
    for _ in range(steps):
        changes(page, stepper, forward.click)


def steppers(page: Any) -> Any:
    return page.locator(".u9", has=page.locator(FORWARD))


def open_advanced(page: Any) -> None:
    """Open every "Avansert" section (a widget's, or a ``<details>`` of the narrative): its prose is
    read too, its code is not."""
    headers = page.locator(".u9-advanced .jupyter-widget-Collapse-header")
    for i in range(headers.count()):
        if headers.nth(i).is_visible():
            headers.nth(i).click()
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    settle(page)
    page.found.extend(page.evaluate(COLLECT, [".u9-advanced, details", ADVANCED]))


def use_tour(page: Any) -> None:
    # Answer every prediction (the reveal explains the engine's verdict), step the first round,
    # count a hand with a card that cannot be read.
    questions = page.locator(".u9-predict")
    for i in range(questions.count()):
        questions.nth(i).locator(".u9-predict-no").click()
    page.locator(".u9-predict .u9-predict-again:visible").nth(questions.count() - 1).wait_for(timeout=STEP_MS)
    step_forward(page, steppers(page).first, 3)
    penalty = page.locator(".u9 input[type=text]").last
    penalty.fill("2c Kd 7s Ah Xx")
    penalty.press("Enter")
    settle(page)
    read(page)
    penalty.fill("2c Kd 7s Ah")
    penalty.press("Enter")
    settle(page)


def checker_box(page: Any) -> Any:
    return page.locator(".u9", has=page.locator("h3", has_text=re.compile("Sjekk hånda"))).last


def type_hand(page: Any, hand: str) -> None:
    box = page.locator(".widget-text input").first
    box.fill(hand)
    box.press("Enter")


def use_checker(page: Any) -> None:
    checker = checker_box(page)
    editor = page.locator(".u9", has=page.locator(".widget-button", has_text="Bruk sjekkerens oppsett")).last
    # A hand that falls short of level 4: the verdict, what is missing, and the engine's reasons;
    # the lay-down editor with the checker's arrangement (a joker's "stands for" choice).
    type_hand(page, "Kh Kd 2c 7s 7h 5d 5c 3h 9s")
    checker.locator("button", has_text=re.compile(r"^4$")).click()
    checker.locator("[role=status]", has_text="nivå 4").wait_for(timeout=STEP_MS)
    changes(page, editor, editor.locator(".widget-button", has_text="Bruk sjekkerens oppsett").click)
    read(page)
    # A valid hand, and the editor's arrangement of it.
    type_hand(page, "Kh Kd 2c 7s 7h 7c 5d 5c 3h")
    checker.locator("[role=status]", has_text="GYLDIG for nivå 4").wait_for(timeout=STEP_MS)
    changes(page, editor, editor.locator(".widget-button", has_text="Bruk sjekkerens oppsett").click)
    read(page)
    # A typo: the engine's error about the card it cannot read.
    type_hand(page, "Kh Kd 11h")
    settle(page)
    read(page)
    # Phase 10: a hand that falls short of phase 2, and the editor's arrangement.
    page.locator(".u9-ruleset button", has_text="Phase 10").first.click()
    checker.locator("h3", has_text="Sjekk hånda mot en fase").wait_for(timeout=STEP_MS)
    type_hand(page, "7r 7b 3g 4g 5y 12b S 9y W")
    checker.locator("button", has_text=re.compile(r"^2$")).click()
    checker.locator("[role=status]", has_text="fase 2").wait_for(timeout=STEP_MS)
    changes(page, editor, editor.locator(".widget-button", has_text="Bruk sjekkerens oppsett").click)
    read(page)


def use_stepper(page: Any) -> None:
    seeded, saved = steppers(page).nth(0), steppers(page).nth(1)
    step_forward(page, seeded, 4)
    seeded.locator("select", has=page.locator("option", has_text="Hele bordet")).select_option(index=1)  # a player's seat
    settle(page)
    read(page)
    saved.locator("select", has=page.locator("option", has_text="Runde 1")).select_option(index=3)
    settle(page)
    saved.locator("button[title='Til slutten av runden']").first.click()
    settle(page)
    read(page)
    # A new game with four players (the words of the deal for four), then Phase 10 and a few turns.
    seeded.locator("select", has=page.locator("option", has_text=re.compile(r"^6$"))).first.select_option(label="4")
    changes(page, seeded, seeded.locator("button", has_text="Spill et nytt spill").click)
    step_forward(page, seeded, 2)
    read(page)
    changes(page, seeded, seeded.locator(".u9-ruleset button", has_text="Phase 10").click)
    step_forward(page, seeded, 4)
    read(page)


def use_lab(page: Any) -> None:
    explorer = page.locator(".u9-explorer").first
    changes(page, explorer, explorer.locator("button", has_text=re.compile(r"^4$")).first.click)
    hand = explorer.locator("input[type=text]").first
    hand.fill("7s 7h 7c Kh Kd 2c 5d 5c 3s")
    hand.press("Enter")
    settle(page, 1500)
    read(page)
    # The lab plays its games again: its progress, then its charts and tables.
    lab = page.locator(".u9", has=page.locator("button", has_text="Spill begge og sammenlign")).last
    lab.locator("button", has_text="Spill begge og sammenlign").click()
    settle(page, 300)
    read(page)  # while it plays (its progress), if it is still playing
    page.wait_for_function("(e) => !e.querySelector('button:disabled')", arg=lab.element_handle(), timeout=LOAD_MS)
    settle(page, 1000)
    read(page)


def open_charts(page: Any) -> None:
    """Press every "Diagram" button (the charts the atlas and the comparison draw on demand) and read them."""
    buttons = page.locator(".u9-view-choice button", has_text="Diagram")
    for i in range(buttons.count()):
        buttons.nth(i).click()
    if buttons.count():
        page.wait_for_function("(n) => document.querySelectorAll('.u9-view-choices .js-plotly-plot').length >= n", arg=buttons.count(), timeout=STEP_MS)
        settle(page, 1000)
        read(page)


def use_comparison(page: Any) -> None:
    open_charts(page)


def use_atlas(page: Any) -> None:
    open_charts(page)
    # More deals: the progress bar, then the charts drawn again.
    more = page.locator(".u9-more-deals").first
    more.locator("button").first.click()
    more.locator(".u9-progress").first.wait_for(state="visible", timeout=STEP_MS)
    read(page)
    page.wait_for_function("(e) => !e.querySelector('button:disabled')", arg=more.element_handle(), timeout=LOAD_MS)
    settle(page, 1000)
    read(page)


def nothing(page: Any) -> None:
    settle(page, 1500)


USE: dict[str, Callable[[Any], None]] = {
    "1_rules_tour.ipynb": use_tour,
    "2_hand_checker.ipynb": use_checker,
    "3_round_stepper.ipynb": use_stepper,
    "4_level_atlas.ipynb": use_atlas,
    "5_house_rule_lab.ipynb": use_lab,
    "6_comparison.ipynb": use_comparison,
}


def shot(page: Any, name: str) -> None:
    """The whole page at a phone's width (Voila scrolls inside an element: the viewport grows to its height)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = page.evaluate(
        """() => Math.max(document.documentElement.scrollHeight,
              ...[...document.querySelectorAll('*')].filter(e => /auto|scroll/.test(getComputedStyle(e).overflowY))
                 .map(e => e.scrollHeight + 60))"""
    )
    page.set_viewport_size({"width": PHONE["width"], "height": min(int(height), 14000)})
    quiet(page, 300)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(PHONE)


def check_norwegian(page: Any, name: str) -> None:
    read(page)
    open_advanced(page)
    found = page.found
    READ.mkdir(parents=True, exist_ok=True)  # everything read, to look through by eye
    slug = re.sub(r"[^\w.-]+", "_", name).strip("_")
    (READ / f"{slug}.txt").write_text("\n".join(f"{where}\t{text}" for where, text in found if text.strip()) + "\n", encoding="utf-8")
    left = english_sentences(found)
    LEFT[name] = left
    _record()
    assert not widget_problems(page), f"{name}: {widget_problems(page)}"
    assert not left, f"{name}: {len(left)} English sentence(s) left in Norwegian:\n" + "\n".join(left)


def english_page_read(page: Any, notebook: str) -> None:
    """The same reading finds the English page English: what it reads is what the page shows."""
    english = english_sentences(page.evaluate(COLLECT, [None, ""]))
    assert len(english) >= ENGLISH_PAGE, f"{notebook}: only {len(english)} English sentences read on the English page: {english}"


def use_switched(page: Any, notebook: str) -> None:
    """``notebook``'s page, opened in English and just switched with its own switch ("Norsk"): used
    as a learner would, its screenshot taken, and no English left. Called by tests/test_browser_layout.py's
    ``test_page_layout``, which opens each page at a phone's size and switches it anyway (each opening
    costs seconds of CPU on two cores); it reads the English page with :func:`english_page_read`."""
    page.found = []
    in_norwegian(page)
    settle(page, 1000)
    USE.get(notebook, nothing)(page)
    shot(page, notebook.removesuffix(".ipynb") + ".nb.phone")
    check_norwegian(page, f"{notebook} (switched)")


def use_opened(page: Any, notebook: str) -> None:
    """``notebook``'s page, opened from its address in Norwegian (``?lang=nb``): used as a learner
    would, and no English left. Called by tests/test_browser_layout.py's ``test_page_layout`` on
    the page it opens so at a desktop's size, before its first click."""
    page.found = []
    in_norwegian(page)
    USE.get(notebook, nothing)(page)
    check_norwegian(page, f"{notebook} (?lang=nb)")


def test_the_home_page_in_norwegian_has_no_english_left(phone: Any, server: VoilaServer) -> None:
    phone.goto(server.url + "/", timeout=LOAD_MS)
    phone.locator(".u9-langs a", has_text="Norsk").click()
    phone.wait_for_url("**/?lang=nb", timeout=LOAD_MS)
    phone.locator("html[lang=nb]").wait_for(state="attached", timeout=STEP_MS)
    shot(phone, "home.nb.phone")
    check_norwegian(phone, "home (Norsk link)")
    phone.found = []
    phone.goto(server.url + "/?lang=nb", timeout=LOAD_MS)
    check_norwegian(phone, "home (?lang=nb)")
