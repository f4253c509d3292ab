"""How a game's card looks, as data for the widgets to draw (``RummyFamily.card_look``,
``RummyFamily.face_look``): what it shows, in which colour role, and whether that alone names it.

The engine knows no HTML and no colours: a ``tone`` is a role that the widgets' stylesheet gives a
colour (``upto9.widgets.cards_html``). A third game's cards use the same roles, or add its own
tones to the stylesheet.

>>> CardLook("5♥", "red")
CardLook(text='5♥', tone='red', faced=False, tag=None, names_it=True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CardLook"]


@dataclass(frozen=True, slots=True)
class CardLook:
    """A card's (or a face's) look.

    * ``text``: what it shows (``'5♥'``, ``'K'``, ``'7'``, ``'✱'``, ``'⊘'``); a colour face shows
      its name in the page's language instead (``face_glyph``), and ``text`` is its letter;
    * ``tone``: its colour role: ``'red'`` or ``'black'`` ink on a white card, or, on a ``faced``
      card, a colour's letter (``'r'``, ``'y'``, ``'g'``, ``'b'``), ``'wild'`` or ``'skip'``; on a
      ``faced`` face, a colour's letter or ``''`` (a number);
    * ``faced``: drawn on a coloured face (Phase 10's cards), not as ink on white;
    * ``tag``: a word drawn under it (``'wild'``, ``'skip'``: a card wild or special by nature);
    * ``names_it``: ``text`` alone names the card (``'5♥'`` does; Phase 10's ``'7'`` has no colour
      in words, so a tooltip names it).
    """

    text: str
    tone: str
    faced: bool = False
    tag: str | None = None
    names_it: bool = True
