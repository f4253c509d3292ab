"""Small pieces every component uses: the checker's verdicts, remembered; the stylesheet widget."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from upto9.cards import AnyCard
from upto9.checker import Check, check
from upto9.phase10 import Phase10Check
from upto9.rules import Level, Rules

from .cards_html import CARD_CSS
from .texts import check_lang

__all__ = ["AnyCheck", "ModelLanguage", "OwnLanguage", "checked", "style_tag"]

AnyCheck = Check | Phase10Check
"""The checker's verdict: Up to 9's, or Phase 10's (the same public interface)."""

_CACHE_SIZE = 512
_checks: OrderedDict[tuple[int, int, tuple[int, ...]], tuple[Rules, AnyCheck]] = OrderedDict()


def checked(cards: Iterable[AnyCard], level: int | Level, rules: Rules) -> AnyCheck:
    """``check(cards, level, rules)``, remembered for the last few hundred hands: a learner who
    clicks a card in and out again sees the verdict at once. The verdict depends on the cards,
    not their order, so the hand is looked up sorted. The ``Check`` keeps its own explanation,
    closest arrangement and outs once worked out."""
    number = level if isinstance(level, int) else level.number
    hand = tuple(sorted(cards, key=lambda c: c.key))
    key = (id(rules), number, tuple(c.key for c in hand))
    found = _checks.get(key)
    if found is not None and found[0] is rules:
        _checks.move_to_end(key)
        return found[1]
    verdict: AnyCheck = check(hand, rules.level(number), rules)
    _checks[key] = (rules, verdict)  # the rules are kept with it, so their id is not reused meanwhile
    if len(_checks) > _CACHE_SIZE:
        _checks.popitem(last=False)
    return verdict


def style_tag() -> w.HTML:
    """The cards' stylesheet, as a widget to put at the top of a view."""
    return w.HTML(CARD_CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden"))


class ModelLanguage:
    """A view's ``lang`` is its model's: setting it on the view switches the model, and so every view of it."""

    model: Any

    @property
    def lang(self) -> str:
        return str(self.model.lang)

    @lang.setter
    def lang(self, lang: str) -> None:
        self.model.lang = lang


class OwnLanguage:
    """A view that keeps its own language (``_lang``): setting ``lang`` checks it and draws the view again (``redraw``)."""

    _lang: str

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_lang(lang)
        self.redraw()

    def redraw(self) -> None:
        raise NotImplementedError
