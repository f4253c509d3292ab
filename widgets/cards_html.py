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

How a card looks is its family's answer (``RummyFamily.card_look``, ``face_look``: a text, a
colour role, a tag); this module only draws it. A card on a coloured face (Phase 10's) is a number
on a red, yellow, green or blue face; a wild card a four-coloured card labelled ``WILD``
(``JOKER``); a skip a dark card labelled ``SKIP`` (``HOPP OVER``). A wild card in a meld shows what
it stands for: a number (``=7``) or a colour (``=red``, in that colour). Ink on a white card
(Up to 9's) is red or black.

Clickable cards (the hand builder's grid, the lay-down editor) are ipywidgets buttons; they take
the same colours and classes through ``style_card_button``.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Final

from upto9.cards import PlayingCard
from upto9.looks import CardLook

from .texts import SHARED, card_name, drawer_for, face_glyph, face_name, family_for

if TYPE_CHECKING:
    from ipywidgets import Button

__all__ = ["BLACK", "CARD_CSS", "FACE_TONES", "LAYOUT_CSS", "PHASE10_COLOURS", "RED", "card_html", "card_row", "face_strip", "style_card_button"]

RED: Final = "#c62828"
BLACK: Final = "#1a1a1a"
JOKER: Final = "#6a1b9a"
REAL: Final = "#2e7d32"
PICKED: Final = "#ffecb3"  # light enough that red text on it keeps 4.5:1
PHASE10_COLOURS: Final[dict[str, tuple[str, str, str]]] = {
    # face colour, text on it, text on white (dark enough to read)
    "r": ("#d32f2f", "#ffffff", "#c62828"),
    "y": ("#fbc02d", "#212121", "#8d6e00"),
    "g": ("#2e7d32", "#ffffff", "#2e7d32"),
    "b": ("#1565c0", "#ffffff", "#1565c0"),
}
"""The colour faces' tones (``CardLook.tone`` of a card on a coloured face: Phase 10's red,
yellow, green, blue): each colour's card face, the number's colour on it, and its text colour on white."""
FACE_TONES: Final[dict[str, tuple[str, str, str]]] = {
    **PHASE10_COLOURS,
    # 3UP 3DOWN's other colours and its clears (the text on each keeps 4.5:1)
    "o": ("#f57c00", "#212121", "#bf360c"),
    "p": ("#6a1b9a", "#ffffff", "#6a1b9a"),
    "k": ("#212121", "#ffffff", "#212121"),
    "clear": ("#eceff1", "#263238", "#37474f"),
}
"""Every coloured face's tone: Phase 10's four colours, and 3UP 3DOWN's orange, purple, black and clear."""
CLEAR_HELD: Final = "#b0bec5"
"""A clear card's face on a button once picked or held: its own face is nearly white, and a picked
clear card looked like an unpicked one (3UP 3DOWN's set-up)."""
WILD_FACE: Final = "linear-gradient(135deg, #d32f2f 0 25%, #fbc02d 25% 50%, #2e7d32 50% 75%, #1565c0 75%)"
"""The wild card's four colours: its frame (a white face inside keeps its words readable)."""
SKIP_FACE: Final = "#263238"

_P10_CSS: Final = "".join(
    f".u9-p10.u9-c{tone} {{ background: {face}; color: {text}; border-color: {face}; }}\n"
    f".u9-as.u9-c{tone}, .u9-missing.u9-c{tone} {{ color: {dark}; }}\n"
    f".u9-missing.u9-c{tone} {{ border-color: {face}; }}\n"
    for tone, (face, text, dark) in FACE_TONES.items()
)

_STRIP_FACES: Final[dict[str, str]] = {
    **{tone: CLEAR_HELD if tone == "clear" else face for tone, (face, _text, _dark) in FACE_TONES.items()},
    # The wild card's four colours one above the other (its own face has them corner to corner).
    "wild": "linear-gradient(" + ", ".join(f"{face} {25 * i}% {25 * i + 25}%" for i, (face, _text, _dark) in enumerate(PHASE10_COLOURS.values())) + ")",
    "skip": SKIP_FACE,
}
"""A named card's face as a strip at its button's left edge (``face_strip``): a clear card's in its
picked grey, as its own near-white face would not show on a grey button."""

_STRIP_CSS: Final = "".join(
    f".jupyter-button.u9-strip-{tone} {{ background-image: {face if face.startswith('linear') else f'linear-gradient({face}, {face})'}; "
    "background-size: .45em 100%; background-repeat: no-repeat; padding-left: .9em; }\n"
    for tone, face in _STRIP_FACES.items()
)

LAYOUT_CSS: Final = (Path(__file__).parent / "style.css").read_text(encoding="utf-8")
"""The page layout (style.css): phone first, every row of controls wrapping, text at least 14 px."""

CARD_CSS: Final = f"""<style>
.u9 {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.35; }}
.u9-row {{ display: flex; flex-wrap: wrap; gap: .35em; align-items: flex-start; margin: .25em 0; }}
.u9-label {{ font-weight: 600; min-width: 9em; align-self: center; }}
.u9-row > .u9-note {{ align-self: center; }}
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
{_P10_CSS}{_STRIP_CSS}.u9-swatch {{ display: inline-block; width: .7em; height: .7em; border-radius: 50%; margin-right: .15em;
  vertical-align: -.05em; border: 1px solid #0006; }}
.jupyter-button.u9-cardbtn {{ font-weight: 700; font-size: calc(var(--jp-widgets-font-size, 13px) * 1.05);
  border: 1px solid #777; border-radius: .35em; padding: 0 .2em; }}
.jupyter-button.u9-cardbtn.u9-p10btn {{ border: 2px solid #455a64; }}
@media (max-width: 600px) {{ .u9-card {{ font-size: 1.05em; min-width: 2.3em; height: 3.2em; }} }}
{LAYOUT_CSS}</style>"""
"""The stylesheet of every component; each view puts it once at its top."""


def _ink(look: CardLook) -> str:
    """The class of ink on a white card: ``u9-red`` or ``u9-black``."""
    return f"u9-{look.tone}" if look.tone in ("red", "black") else "u9-black"


def _tone_class(look: CardLook) -> str:
    """The class of a coloured face's colour (``' u9-cr'``), or none."""
    return f" u9-c{look.tone}" if look.tone in FACE_TONES else ""


def _faced_face(face: object, look: CardLook, lang: str) -> str:
    """What a wild card or a missing slot on coloured faces stands for: ``7``, or a colour (a swatch and its name)."""
    if look.tone in PHASE10_COLOURS:
        swatch = f'<span class="u9-swatch" style="background:{PHASE10_COLOURS[look.tone][0]}" aria-hidden="true"></span>'
        return f"{swatch}{escape(face_glyph(face, lang))}"
    return escape(face_glyph(face, lang))


def _faced_html(card: PlayingCard | None, face: object | None, count: int, lang: str) -> str:
    """A card on a coloured face: a number on its colour, a card wild by nature (with what it
    stands for in a meld), a special card (a skip), or a missing slot (a number, or a colour)."""
    texts = SHARED[lang]
    badge = f'<span class="u9-badge" aria-hidden="true">×{count}</span>' if count > 1 else ""
    if card is None:
        assert face is not None
        seen = family_for(face).face_look(face)
        label = f"{texts['missing']}: {face_name(face, lang)}"
        return (
            f'<span class="u9-card u9-missing u9-p10m{_tone_class(seen)}" role="img" aria-label="{escape(label)}" '
            f'data-missing="{escape(str(face))}">·{_faced_face(face, seen, lang)}·</span>'
        )
    look = drawer_for(card).card_look(card)
    name = card_name(card, lang)
    if look.tag == "wild":
        stands = ""
        label = name
        data = ""
        if face is not None:
            seen = family_for(face).face_look(face)
            label = f"{name}, {texts['as']} {face_name(face, lang)}"
            stands = f'<span class="u9-as{_tone_class(seen)}">={_faced_face(face, seen, lang)}</span>'
            data = f' data-face="{escape(str(face))}"'
        label = label if count == 1 else f"{label} × {count}"
        return (
            f'<span class="u9-card u9-p10 u9-p10-wild" role="img" aria-label="{escape(label)}" data-card="{card}"{data}>'
            f'{look.text}{stands}<span class="u9-tag">{escape(texts["wild"])}</span>{badge}</span>'
        )
    label = name if count == 1 else f"{name} × {count}"
    if look.tag is not None:
        return (
            f'<span class="u9-card u9-p10 u9-p10-{look.tone}" role="img" aria-label="{escape(label)}" data-card="{card}">'
            f'{look.text}<span class="u9-tag">{escape(texts[look.tag])}</span>{badge}</span>'
        )
    return f'<span class="u9-card u9-p10 u9-c{look.tone}" role="img" aria-label="{escape(label)}" data-card="{card}">{escape(look.text)}{badge}</span>'


def card_html(
    card: PlayingCard | None = None,
    face: object | None = None,
    *,
    real: bool = False,
    count: int = 1,
    lang: str = "en",
    badge: bool = True,
) -> str:
    """Draw one card as HTML.

    * ``card_html(card)``: the card; ``count`` above 1 adds a badge (two decks, two copies);
    * ``card_html(card, face)`` where the card stands for another (a joker): the card and ``=face``;
    * ``card_html(card, real=True)``: a 2 or 3 that counts as itself, tagged ``real``;
    * ``card_html(None, face)``: a missing slot that ``face`` would fill;
    * ``card_html(None, count=n)``: the back of a card, for ``n`` cards the viewer may not see
      (``badge=False``: no ``×n`` on it, where the row says the count in words beside it).

    Whether a card is a joker is its family's answer (``RummyFamily.as_itself``); how it looks too
    (``card_look``, ``face_look``). A card on a coloured face (Phase 10's) is drawn in its colour;
    ``face`` is what a wild card stands for (a number or a colour).

    >>> from upto9 import parse_card
    >>> print(card_html(parse_card("2c"), parse_card("7h")))  # doctest: +ELLIPSIS
    <span class="u9-card u9-black u9-joker" role="img" aria-label="2 of clubs, joker for 7 of hearts" data-card="2c" data-face="7h">2♣...
    >>> seven, wild = (family_for(7).read_token(c) for c in ("7r", "W"))
    >>> print(card_html(seven))
    <span class="u9-card u9-p10 u9-cr" role="img" aria-label="red 7" data-card="7r">7</span>
    >>> print(card_html(wild, 9))  # doctest: +ELLIPSIS
    <span class="u9-card u9-p10 u9-p10-wild" role="img" aria-label="wild, as a 9" data-card="W" data-face="9">✱<span class="u9-as">=9</span>...
    """
    if card is not None and drawer_for(card).card_look(card).faced:
        return _faced_html(card, face, count, lang)
    if card is None and face is not None and family_for(face).face_look(face).faced:
        return _faced_html(None, face, count, lang)  # a missing slot on coloured faces: a number or a colour
    texts = SHARED[lang]
    stack = f'<span class="u9-badge" aria-hidden="true">×{count}</span>' if count > 1 else ""
    if card is None and face is None:
        label = texts["cards"].format(n=count) if count != 1 else texts["card"]
        label = f"{label}, {texts['hidden']}"
        return f'<span class="u9-card u9-back" role="img" aria-label="{escape(label)}" data-hidden="{count}">?{stack if badge else ""}</span>'
    if card is None:
        assert face is not None
        seen = family_for(face).face_look(face)
        label = f"{texts['missing']}: {face_name(face, lang)}"
        return (
            f'<span class="u9-card u9-missing {_ink(seen)}" role="img" aria-label="{escape(label)}" '
            f'data-missing="{escape(str(face))}">·{escape(seen.text)}·</span>'
        )
    family = family_for(card)
    look = family.card_look(card)
    name = card_name(card, lang)
    if face is not None and not family.as_itself(card, face):
        seen = family.face_look(face)
        label = f"{name}, {texts['joker']} for {face_name(face, lang)}"
        return (
            f'<span class="u9-card {_ink(look)} u9-joker" role="img" aria-label="{escape(label)}" '
            f'data-card="{card}" data-face="{escape(str(face))}">{escape(look.text)}'
            f'<span class="u9-as {_ink(seen)}">={escape(seen.text)}</span>'
            f'<span class="u9-tag">{escape(texts["joker"])}</span>{stack}</span>'
        )
    if real:
        label = f"{name}, {texts['real']}"
        return (
            f'<span class="u9-card {_ink(look)} u9-real" role="img" aria-label="{escape(label)}" data-card="{card}">'
            f'{escape(look.text)}<span class="u9-tag">{escape(texts["real"])}</span>{stack}</span>'
        )
    label = name if count == 1 else f"{name} × {count}"
    return f'<span class="u9-card {_ink(look)}" role="img" aria-label="{escape(label)}" data-card="{card}">{escape(look.text)}{stack}</span>'


def card_row(cards: Iterable[str], label: str | None = None, row_label: str | None = None) -> str:
    """Cards drawn with ``card_html`` in one wrapping row, after an optional visible label."""
    head = f'<span class="u9-label">{escape(label)}</span>' if label else ""
    name = row_label or label
    aria = f' role="group" aria-label="{escape(name)}"' if name else ""
    return f'<div class="u9-row"{aria}>{head}{"".join(cards)}</div>'


def _button_look(card: PlayingCard, count: int, lang: str) -> tuple[str, str, str]:
    """A card button's text, text colour and background. A card on a coloured face not in the hand
    is its number in its colour on white; in the hand, the number on the colour's face (a card
    with a tag, a wild card or a skip, is named, on its own face when held)."""
    look = drawer_for(card).card_look(card)
    if look.faced:
        if look.tag is not None:
            text = f"{look.text} " + SHARED[lang][look.tag].upper()
            held = "#4a148c" if look.tag == "wild" else SKIP_FACE
            colours = ("#ffffff", held) if count else (held, "#ffffff")
        else:
            face, on_face, on_white = FACE_TONES[look.tone]
            face = CLEAR_HELD if look.tone == "clear" else face
            text = look.text
            colours = (on_face, face) if count else (on_white, "#ffffff")
        return (text if count <= 1 else f"{text} ×{count}"), *colours
    colour = RED if look.tone == "red" else BLACK
    return (look.text if count <= 1 else f"{look.text} ×{count}"), colour, PICKED if count else "#ffffff"


def face_strip(card: PlayingCard) -> str | None:
    """The class that draws a card's coloured face as a strip at the left of a button naming it in
    words (``'u9-strip-y'`` for Phase 10's yellow 1, ``'u9-strip-wild'``), ``None`` for a card in ink on
    white: the name says the colour, the strip shows it as on the table.

    >>> from upto9.family import game_family
    >>> p10 = game_family("phase10")
    >>> face_strip(p10.read_token("1y")), face_strip(p10.read_token("W")), face_strip(game_family("upto9").read_token("Qs"))
    ('u9-strip-y', 'u9-strip-wild', None)
    """
    look = drawer_for(card).card_look(card)
    if not look.faced:
        return None
    tone = look.tag if look.tag in _STRIP_FACES else look.tone
    return f"u9-strip-{tone}" if tone in _STRIP_FACES else None


def style_card_button(button: Button, card: PlayingCard, count: int = 0, lang: str = "en", *, named: bool = False) -> None:
    """Give a clickable card button the cards' look: the card's glyph in its colour, a picked
    background and a ``×n`` badge when the hand holds it, and the card's name as its tooltip.
    A card on a coloured face is drawn in its colour (filled with it when the hand holds it);
    ``named``: a number on a coloured face says its colour in words too (``'red 6'``), for a row
    with room for it (a hand, a group), where a colour-blind learner or a screen reader has only
    the number otherwise (a grid of every card keeps the numbers)."""
    description, colour, background = _button_look(card, count, lang)
    name = card_name(card, lang)
    look = drawer_for(card).card_look(card)
    if named and look.faced and look.tag is None and not look.names_it:
        description = name if count <= 1 else f"{name} ×{count}"
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
    if drawer_for(card).card_look(card).faced and "u9-p10btn" not in button._dom_classes:
        button.add_class("u9-p10btn")
