"""Every text colour of the explainers' stylesheet (``CARD_CSS``, with style.css) and of the card
buttons is readable: WCAG AA, a contrast ratio of at least 4.5:1 against what the text sits on.

A rule that sets a text colour is checked against its own background (every colour of the
background's top layer: both stripes of a card's back), else against the background of a card
class its selector names (a missing card's grey face, a joker's lilac), else against white.
"""

from __future__ import annotations

import re

import pytest
from upto9.widgets.cards_html import CARD_CSS, LAYOUT_CSS, PHASE10_COLOURS, _button_look

from upto9.families.phase10.cards import Phase10Card
from upto9.rules import PHASE10, UPTO9, builtin_rules

AA = 4.5

_HEX = re.compile(r"#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})\b")


def _rgb(colour: str) -> tuple[float, float, float]:
    digits = colour.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in _rgb(colour)]
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 to 21.

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#777777", "#ffffff"), 2)
    (21.0, 4.48)
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _rules(css: str) -> list[tuple[list[str], dict[str, str]]]:
    """(selectors, declarations) of every rule, the ones inside @media too."""
    css = re.sub(r"/\*.*?\*/", "", css.replace("<style>", "").replace("</style>", ""), flags=re.S)
    found = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        selector = selector.strip()
        if selector.startswith("@"):
            selector = selector.split("{")[-1].strip()
        decls = {}
        for part in body.split(";"):
            if ":" in part:
                name, value = part.split(":", 1)
                decls[name.strip()] = value.strip()
        found.append((_split(selector), decls))
    return found


def _split(text: str) -> list[str]:
    """``text`` split at its commas outside brackets (``:is(a, b) c, d`` is two selectors)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    return [*parts, text[start:].strip()]


def _top_layer(background: str) -> list[str]:
    """The colours of a background's top layer (its first layer)."""
    return _HEX.findall(_split(background)[0])


def _text_pairs() -> list[tuple[str, str, str]]:
    """(where, text colour, background colour) for every text colour of the stylesheet."""
    rules = _rules(CARD_CSS)
    surfaces: dict[str, list[str]] = {}
    for selectors, decls in rules:
        background = decls.get("background") or decls.get("background-color")
        colours = _top_layer(background) if background else []
        for selector in selectors:
            if colours and re.fullmatch(r"\.[\w-]+", selector):
                surfaces[selector[1:]] = colours
    pairs = []
    for selectors, decls in rules:
        text = decls.get("color")
        if not text or not _HEX.fullmatch(text):
            continue
        background = decls.get("background") or decls.get("background-color")
        for selector in selectors:
            if background:
                grounds = _top_layer(background)
            else:
                named = [c for cls in re.findall(r"\.([\w-]+)", selector) for c in surfaces.get(cls, [])]
                grounds = named or ["#ffffff"]
            pairs.extend((selector, text, ground) for ground in grounds)
    return pairs


def test_the_stylesheet_has_text_colours_to_check() -> None:
    pairs = _text_pairs()
    assert len({p[0] for p in pairs}) > 30, pairs
    # The stylesheet's layout part is in it, with the role-coloured buttons.
    assert "flex-wrap: wrap" in LAYOUT_CSS and LAYOUT_CSS in CARD_CSS
    assert any(".mod-warning" in selector for selector, _, _ in pairs)
    # The chosen button of a row of choices is blue with white text (a learner's review could not tell it
    # from the others, a slightly darker grey): checked for contrast below with the rest.
    assert [(t, g) for s, t, g in pairs if ".widget-toggle-button.mod-active" in s] == [("#ffffff", "#1565c0")]
    # A card's back is checked against both of its stripes; a joker's tag against its lilac face.
    assert {g for s, _, g in pairs if s == ".u9-back"} == {"#1e3a8a", "#3557b7"}
    assert "#f3e5f5" in {g for s, _, g in pairs if s == ".u9-joker .u9-tag"}


@pytest.mark.parametrize(("selector", "text", "ground"), _text_pairs())
def test_every_text_colour_of_the_stylesheet_meets_wcag_aa(selector: str, text: str, ground: str) -> None:
    ratio = contrast(text, ground)
    assert ratio >= AA, f"{selector}: {text} on {ground} is {ratio:.2f}:1 (WCAG AA needs {AA}:1)"


def test_every_card_button_meets_wcag_aa() -> None:
    """The hand builder's and the editor's card buttons, in and out of the hand, in both games."""
    weak = []
    for rules in (UPTO9, PHASE10):
        for card in set(rules.one_deck()):
            for count in (0, 1, 2):
                label, text, ground = _button_look(card, count, "en")
                if contrast(text, ground) < AA:
                    weak.append(f"{label}: {text} on {ground} ({contrast(text, ground):.2f}:1)")
    assert not weak, weak


def test_a_picked_clear_card_stands_out_and_reads_on_its_face() -> None:
    """3UP 3DOWN's clear cards (C, C+1, C+2) on a button: picked, the face is plainly not white (it
    was #eceff1 on white, 1.1:1: a learner could not tell which clear cards were picked)."""
    clears = [c for c in set(builtin_rules("threeup").one_deck()) if str(c).startswith("C")]
    assert clears
    for card in clears:
        _label, text, ground = _button_look(card, 1, "en")
        assert contrast(ground, "#ffffff") >= 1.5 and contrast(text, ground) >= AA, (card, text, ground)


def test_phase10_colours_read_on_their_faces_and_on_white() -> None:
    for colour, (face, text, on_white) in PHASE10_COLOURS.items():
        assert contrast(text, face) >= AA, colour
        assert contrast(on_white, "#ffffff") >= AA, colour


def test_a_colour_too_light_is_caught() -> None:
    """The check can fail: JupyterLab's own orange warning button (white on #f57c00) and the old
    missing red card (#d08080 on #fafafa) are below AA."""
    assert contrast("#ffffff", "#f57c00") < AA
    assert contrast("#d08080", "#fafafa") < AA
    assert any(p[0] == ".u9-missing.u9-red" and p[2] == "#fafafa" for p in _text_pairs())
    assert any(isinstance(card, Phase10Card) and card.is_wild for card in PHASE10.one_deck())
