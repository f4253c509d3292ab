"""How a card looks: one drawing function, ``card_html``, used by every component, and its CSS.

A card is a small white tile with its rank and suit glyph, red for hearts and diamonds, black for
spades and clubs; sizes are in ``em`` so the cards grow with the page (a projector's zoom) and
rows wrap in a narrow notebook column. Each card carries a text alternative for screen readers
(``role="img"`` with an ``aria-label`` naming the card, in the component's language) and a
``data-card`` attribute with its canonical text (``5h``).

The same function draws a card in every role:

* a plain card;
* a joker: the 2 or 3 itself, dashed and purple, with the card it stands for (``=7♥``) under it;
* a 2 or 3 that counts as itself, marked ``real`` (``ekte``);
* a missing slot: a dashed gap showing the card that would fill it;
* the back of a card, for cards a player may not see (with how many).

Phase 10's cards (``Phase10Card``) are drawn in Phase 10's colours: a number on a red, yellow,
green or blue face; a wild card as a four-coloured card labelled ``WILD`` (``JOKER``); a skip as a
dark card labelled ``SKIP`` (``HOPP OVER``). A wild card in a meld shows what it stands for: a
number (``=7``) or a colour (``=red``, in that colour). Up to 9's cards are drawn as they always were.

Clickable cards (the hand builder's grid, the lay-down editor) are ipywidgets buttons; they take
the same colours and classes through ``style_card_button``.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Final

from upto9.cards import AnyCard, Card, Colour, Phase10Card, Rank
from upto9.melds import Placed

from .texts import SHARED, AnyFace, card_name, face_glyph, face_name

if TYPE_CHECKING:
    from ipywidgets import Button

__all__ = ["BLACK", "CARD_CSS", "LAYOUT_CSS", "PHASE10_COLOURS", "RED", "card_html", "card_row", "style_card_button"]

RED: Final = "#c62828"
BLACK: Final = "#1a1a1a"
JOKER: Final = "#6a1b9a"
REAL: Final = "#2e7d32"
PICKED: Final = "#ffecb3"  # light enough that red text on it keeps 4.5:1
PHASE10_COLOURS: Final[dict[Colour, tuple[str, str, str]]] = {
    # face colour, text on it, text on white (dark enough to read)
    Colour.RED: ("#d32f2f", "#ffffff", "#c62828"),
    Colour.YELLOW: ("#fbc02d", "#212121", "#8d6e00"),
    Colour.GREEN: ("#2e7d32", "#ffffff", "#2e7d32"),
    Colour.BLUE: ("#1565c0", "#ffffff", "#1565c0"),
}
"""Phase 10's colours: each colour's card face, the number's colour on it, and its text colour on white."""
WILD_FACE: Final = "linear-gradient(135deg, #d32f2f 0 25%, #fbc02d 25% 50%, #2e7d32 50% 75%, #1565c0 75%)"
"""The wild card's four colours: its frame (a white face inside keeps its words readable)."""
SKIP_FACE: Final = "#263238"

_P10_CSS: Final = "".join(
    f".u9-p10.u9-c{colour.value} {{ background: {face}; color: {text}; border-color: {face}; }}\n"
    f".u9-as.u9-c{colour.value}, .u9-missing.u9-c{colour.value} {{ color: {dark}; }}\n"
    f".u9-missing.u9-c{colour.value} {{ border-color: {face}; }}\n"
    for colour, (face, text, dark) in PHASE10_COLOURS.items()
)

LAYOUT_CSS: Final = (Path(__file__).parent / "style.css").read_text(encoding="utf-8")
"""The page layout (style.css): phone first, every row of controls wrapping, text at least 14 px."""

CARD_CSS: Final = f"""<style>
.u9 {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.35; }}
.u9-row {{ display: flex; flex-wrap: wrap; gap: .35em; align-items: flex-start; margin: .25em 0; }}
.u9-label {{ font-weight: 600; min-width: 9em; align-self: center; }}
.u9-card {{ display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  position: relative; box-sizing: border-box; min-width: 2.4em; height: 3.3em; padding: 0 .3em;
  border: 2px solid #555; border-radius: .4em; background: #fff; color: {BLACK};
  font-size: 1.2em; font-weight: 700; line-height: 1.05; white-space: nowrap; }}
.u9-card.u9-red {{ color: {RED}; }}
.u9-card .u9-as {{ font-size: max(12px, .68em); font-weight: 800; }}
.u9-card .u9-as.u9-red {{ color: {RED}; }}
.u9-card .u9-as.u9-black {{ color: {BLACK}; }}
.u9-card .u9-tag {{ font-size: max(12px, .5em); font-weight: 800; letter-spacing: .02em; text-transform: uppercase; }}
.u9-joker {{ border: 2px dashed {JOKER}; background: #f3e5f5; }}
.u9-joker .u9-tag {{ color: {JOKER}; }}
.u9-real {{ border-color: {REAL}; box-shadow: inset 0 0 0 2px #c8e6c9; }}
.u9-real .u9-tag {{ color: {REAL}; }}
.u9-missing {{ border: 2px dashed #9e9e9e; background: #fafafa; color: #616161; font-weight: 500; }}
.u9-missing.u9-red {{ color: #ad4a4a; }}
.u9-back {{ color: #ffffff; border-color: #1e3a8a;
  background: repeating-linear-gradient(45deg, #1e3a8a, #1e3a8a 4px, #3557b7 4px, #3557b7 8px); }}
.u9-badge {{ position: absolute; top: -.55em; right: -.55em; background: {BLACK}; color: #fff;
  border-radius: 1em; font-size: max(12px, .55em); padding: .05em .4em; }}
.u9-ok {{ color: {REAL}; font-weight: 800; font-size: 1.3em; }}
.u9-bad {{ color: {RED}; font-weight: 800; font-size: 1.3em; }}
.u9-note {{ color: #555; font-size: max(14px, .9em); }}
.u9-error {{ color: {RED}; font-weight: 600; }}
.u9-meter {{ display: inline-flex; gap: 2px; vertical-align: middle; margin: 0 .4em; }}
.u9-cell {{ width: .9em; height: .9em; border: 1px solid #555; border-radius: 2px; background: #fff; }}
.u9-cell.u9-used {{ background: {JOKER}; }}
.u9-cell.u9-gap {{ background: repeating-linear-gradient(45deg, #fff, #fff 2px, #9e9e9e 2px, #9e9e9e 4px); }}
.u9-cell.u9-over {{ background: {RED}; border-color: {RED}; }}
.u9-table {{ border-collapse: collapse; }}
.u9-table th, .u9-table td {{ border-bottom: 1px solid #ddd; padding: .25em .6em; text-align: left; vertical-align: top; }}
.u9-table tr.u9-selected {{ background: #fff8e1; }}
.u9-table tr.u9-house {{ background: #e8f5e9; }}
.u9-player {{ border: 1px solid #ddd; border-radius: .4em; padding: .3em .5em; margin: .3em 0; }}
.u9-player.u9-turn {{ border: 2px solid #f9a825; background: #fffde7; }}
.u9-p10 {{ border-color: #37474f; }}
.u9-p10-wild {{ border: 3px solid transparent; background: linear-gradient(#ffffff, #ffffff) padding-box, {WILD_FACE} border-box; color: #212121; }}
.u9-p10-skip {{ background: {SKIP_FACE}; color: #fff; border-color: #000; }}
.u9-p10-wild .u9-as {{ background: #ffffff; color: {BLACK}; border-radius: .3em; padding: 0 .2em; }}
.u9-missing.u9-p10m {{ color: #616161; }}
{_P10_CSS}.u9-swatch {{ display: inline-block; width: .7em; height: .7em; border-radius: 50%; margin-right: .15em;
  vertical-align: -.05em; border: 1px solid #0006; }}
.jupyter-button.u9-cardbtn {{ font-weight: 700; font-size: calc(var(--jp-widgets-font-size, 13px) * 1.05);
  border: 1px solid #777; border-radius: .35em; padding: 0 .2em; }}
.jupyter-button.u9-cardbtn.u9-p10btn {{ border: 2px solid #455a64; }}
@media (max-width: 600px) {{ .u9-card {{ font-size: 1.05em; min-width: 2.3em; height: 3.2em; }} }}
{LAYOUT_CSS}</style>"""
"""The stylesheet of every component; each view puts it once at its top."""


def _colour_class(card: AnyCard | AnyFace | None) -> str:
    if isinstance(card, Card):
        return "u9-red" if card.is_red else "u9-black"
    return "u9-black"


def _phase10_face(face: AnyFace, lang: str) -> str:
    """What a Phase 10 wild card or a missing slot stands for: ``7``, or a colour (a swatch and its name)."""
    if isinstance(face, Colour):
        swatch = f'<span class="u9-swatch" style="background:{PHASE10_COLOURS[face][0]}" aria-hidden="true"></span>'
        return f"{swatch}{escape(face_glyph(face, lang))}"
    return escape(face_glyph(face, lang))


def _phase10_class(face: AnyFace) -> str:
    return f" u9-c{face.value}" if isinstance(face, Colour) else ""


def _phase10_html(card: Phase10Card | None, face: AnyFace | None, count: int, lang: str) -> str:
    """A Phase 10 card: a number on its colour, a wild card (with what it stands for in a meld),
    a skip, or a missing slot (a number, or a colour)."""
    texts = SHARED[lang]
    badge = f'<span class="u9-badge" aria-hidden="true">×{count}</span>' if count > 1 else ""
    if card is None:
        assert face is not None
        label = f"{texts['missing']}: {face_name(face, lang)}"
        return (
            f'<span class="u9-card u9-missing u9-p10m{_phase10_class(face)}" role="img" aria-label="{escape(label)}" '
            f'data-missing="{escape(str(face))}">·{_phase10_face(face, lang)}·</span>'
        )
    name = card_name(card, lang)
    if card.is_wild:
        stands = ""
        label = name
        data = ""
        if face is not None:
            label = f"{name}, {texts['as']} {face_name(face, lang)}"
            stands = f'<span class="u9-as{_phase10_class(face)}">={_phase10_face(face, lang)}</span>'
            data = f' data-face="{escape(str(face))}"'
        label = label if count == 1 else f"{label} × {count}"
        return (
            f'<span class="u9-card u9-p10 u9-p10-wild" role="img" aria-label="{escape(label)}" data-card="{card}"{data}>'
            f'✱{stands}<span class="u9-tag">{escape(texts["wild"])}</span>{badge}</span>'
        )
    label = name if count == 1 else f"{name} × {count}"
    if card.is_skip:
        return (
            f'<span class="u9-card u9-p10 u9-p10-skip" role="img" aria-label="{escape(label)}" data-card="{card}">'
            f'⊘<span class="u9-tag">{escape(texts["skip"])}</span>{badge}</span>'
        )
    assert card.colour is not None
    return f'<span class="u9-card u9-p10 u9-c{card.colour.value}" role="img" aria-label="{escape(label)}" data-card="{card}">{card.number}{badge}</span>'


def card_html(
    card: AnyCard | None = None,
    face: AnyFace | None = None,
    *,
    real: bool = False,
    count: int = 1,
    lang: str = "en",
) -> str:
    """Draw one card as HTML.

    * ``card_html(card)``: the card; ``count`` above 1 adds a badge (two decks, two copies);
    * ``card_html(card, face)`` where the card stands for another (a joker): the card and ``=face``;
    * ``card_html(card, real=True)``: a 2 or 3 that counts as itself, tagged ``real``;
    * ``card_html(None, face)``: a missing slot that ``face`` would fill;
    * ``card_html(None, count=n)``: the back of a card, for ``n`` cards the viewer may not see.

    Whether a card is a joker is the engine's answer (``Placed(card, face).wild``). A Phase 10 card
    is drawn in its colour; ``face`` is what a wild card stands for (a number or a ``Colour``).

    >>> from upto9 import parse_card
    >>> print(card_html(parse_card("2c"), parse_card("7h")))  # doctest: +ELLIPSIS
    <span class="u9-card u9-black u9-joker" role="img" aria-label="2 of clubs, joker for 7 of hearts" data-card="2c" data-face="7h">2♣...
    >>> from upto9.cards import WILD, parse_phase10_card
    >>> print(card_html(parse_phase10_card("7r")))
    <span class="u9-card u9-p10 u9-cr" role="img" aria-label="red 7" data-card="7r">7</span>
    >>> print(card_html(WILD, 9))  # doctest: +ELLIPSIS
    <span class="u9-card u9-p10 u9-p10-wild" role="img" aria-label="wild, as a 9" data-card="W" data-face="9">✱<span class="u9-as">=9</span>...
    """
    if isinstance(card, Phase10Card):
        return _phase10_html(card, face, count, lang)
    if card is None and isinstance(face, Colour | int) and not isinstance(face, Rank):
        return _phase10_html(None, face, count, lang)  # a missing Phase 10 slot: a number or a colour
    assert face is None or isinstance(face, Card | Rank)
    texts = SHARED[lang]
    badge = f'<span class="u9-badge" aria-hidden="true">×{count}</span>' if count > 1 else ""
    if card is None and face is None:
        label = texts["cards"].format(n=count) if count != 1 else texts["card"]
        label = f"{label}, {texts['hidden']}"
        return f'<span class="u9-card u9-back" role="img" aria-label="{escape(label)}" data-hidden="{count}">?{badge}</span>'
    if card is None:
        assert face is not None
        label = f"{texts['missing']}: {face_name(face, lang)}"
        return (
            f'<span class="u9-card u9-missing {_colour_class(face)}" role="img" aria-label="{escape(label)}" '
            f'data-missing="{escape(str(face))}">·{escape(face_glyph(face))}·</span>'
        )
    name = card_name(card, lang)
    if face is not None and Placed(card, face).wild:
        label = f"{name}, {texts['joker']} for {face_name(face, lang)}"
        return (
            f'<span class="u9-card {_colour_class(card)} u9-joker" role="img" aria-label="{escape(label)}" '
            f'data-card="{card}" data-face="{escape(str(face))}">{escape(card.glyph)}'
            f'<span class="u9-as {_colour_class(face)}">={escape(face_glyph(face))}</span>'
            f'<span class="u9-tag">{escape(texts["joker"])}</span>{badge}</span>'
        )
    if real:
        label = f"{name}, {texts['real']}"
        return (
            f'<span class="u9-card {_colour_class(card)} u9-real" role="img" aria-label="{escape(label)}" data-card="{card}">'
            f'{escape(card.glyph)}<span class="u9-tag">{escape(texts["real"])}</span>{badge}</span>'
        )
    label = name if count == 1 else f"{name} × {count}"
    return f'<span class="u9-card {_colour_class(card)}" role="img" aria-label="{escape(label)}" data-card="{card}">{escape(card.glyph)}{badge}</span>'


def card_row(cards: Iterable[str], label: str | None = None, row_label: str | None = None) -> str:
    """Cards drawn with ``card_html`` in one wrapping row, after an optional visible label."""
    head = f'<span class="u9-label">{escape(label)}</span>' if label else ""
    name = row_label or label
    aria = f' role="group" aria-label="{escape(name)}"' if name else ""
    return f'<div class="u9-row"{aria}>{head}{"".join(cards)}</div>'


def _button_look(card: AnyCard, count: int, lang: str) -> tuple[str, str, str]:
    """A card button's text, text colour and background. A Phase 10 card not in the hand is its
    number in its colour on white; in the hand, the number on the colour's face (a wild card and a
    skip are named, on their own faces when held)."""
    if isinstance(card, Phase10Card):
        if card.is_wild or card.is_skip:
            text = ("✱ " if card.is_wild else "⊘ ") + SHARED[lang]["wild" if card.is_wild else "skip"].upper()
            held = "#4a148c" if card.is_wild else SKIP_FACE
            look = ("#ffffff", held) if count else (held, "#ffffff")
        else:
            assert card.colour is not None
            face, on_face, on_white = PHASE10_COLOURS[card.colour]
            text = str(card.number)
            look = (on_face, face) if count else (on_white, "#ffffff")
        return (text if count <= 1 else f"{text} ×{count}"), *look
    colour = RED if card.is_red else BLACK
    return (card.glyph if count <= 1 else f"{card.glyph} ×{count}"), colour, PICKED if count else "#ffffff"


def style_card_button(button: Button, card: AnyCard, count: int = 0, lang: str = "en") -> None:
    """Give a clickable card button the cards' look: the card's glyph in its colour, a picked
    background and a ``×n`` badge when the hand holds it, and the card's name as its tooltip.
    A Phase 10 card is drawn in its colour (filled with it when the hand holds it)."""
    description, colour, background = _button_look(card, count, lang)
    name = card_name(card, lang)
    if button.description != description:
        button.description = description
    if button.tooltip != name:
        button.tooltip = name
    if button.style.text_color != colour:
        button.style.text_color = colour
    if button.style.button_color != background:
        button.style.button_color = background
    if "u9-cardbtn" not in button._dom_classes:
        button.add_class("u9-cardbtn")
    if isinstance(card, Phase10Card) and "u9-p10btn" not in button._dom_classes:
        button.add_class("u9-p10btn")
