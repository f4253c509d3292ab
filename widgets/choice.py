"""The game's rule set as a choice on the page: Up to 9 or Phase 10 (or any rule sets given).

``RuleSetChoice(hand)`` switches ``hand.rules``; the hand builder, the level checker and the
lay-down editor that follow that hand take the new rule set at once (their words, their cards,
their verdicts). Each rule set keeps its own hand: switching back brings the last hand of that game
back; a game shown for the first time starts from its sample hand, if one is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from upto9.messages import Message, catalog_keys, render
from upto9.rules import PHASE10, UPTO9, Rules

from ._common import OwnLanguage, guard
from .hand import HandModel
from .texts import LANGS, check_lang

__all__ = ["RULESET_NAMES", "SAMPLE_HANDS", "TEXTS", "RuleSetChoice", "ruleset_name"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "game": "Game",
        "about_upto9": "Up to 9: standard cards, every 2 and 3 is a joker and also itself; nine levels.",
        "about_phase10": "Phase 10: numbers 1-12 in four colours, wild cards and skips; ten phases, any number of wild cards in a phase.",
        "about_other": "{name}: a rule set of its own.",
        "about_house": "{name}: {base} with house rules, written only as a house-rule file.",
    },
    "nb": {
        "game": "Spill",
        "about_upto9": "Up to 9: vanlige kort, hver 2-er og 3-er er joker og også seg selv; ni nivåer.",
        "about_phase10": "Phase 10: tall 1-12 i fire farger, jokere og hopp over-kort; ti faser, så mange jokere du vil i en fase.",
        "about_other": "{name}: et eget regelsett.",
        "about_house": "{name}: {base} med husregler, skrevet bare som en husregelfil.",
    },
}
assert set(TEXTS) == set(LANGS)

RULESET_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {"upto9": "Up to 9", "phase10": "Phase 10", "upto9_lean": "Up to 9, one deck fewer", "house": "{name} (house rules)"},
    "nb": {"upto9": "Up to 9", "phase10": "Phase 10", "upto9_lean": "Up to 9, én kortstokk færre", "house": "{name} (husregler)"},
}
"""Each built-in rule set's name on a page, by its key and language (the engine's data keeps its own ``name``)."""
assert set(RULESET_NAMES) == set(LANGS)

_HOUSE_SUFFIX: Final = " (house rules)"


def ruleset_name(rules: Rules, lang: str = "en") -> str:
    """The rule set's name in the page's language: a built-in one's from ``RULESET_NAMES`` (by its
    key), a learner's house rules as ``'… (husregler)'``, any other rule set by its own ``name``.

    >>> from upto9.rules import builtin_rules
    >>> ruleset_name(builtin_rules("upto9_lean"), "nb"), ruleset_name(PHASE10, "nb"), ruleset_name(builtin_rules("picture_cards"), "nb")
    ('Up to 9, én kortstokk færre', 'Phase 10', 'Bildekort')
    """
    names = RULESET_NAMES[check_lang(lang)]
    name = rules.name
    house = name.endswith(_HOUSE_SUFFIX)
    own = name.removesuffix(_HOUSE_SUFFIX)
    english = RULESET_NAMES["en"]
    key = next((k for k in (rules.key, rules.base) if k in names and english[k] == own), None)
    if key is not None:
        shown = names[key]
    else:  # a family names its own rule sets in its catalog (``ruleset.name.<key>``): a new game brings its names
        known = catalog_keys("en")
        found = next((k for k in (rules.key, rules.base) if f"ruleset.name.{k}" in known and render(Message(f"ruleset.name.{k}"), "en") == own), None)
        shown = render(Message(f"ruleset.name.{found}"), lang) if found is not None else own
    return names["house"].format(name=shown) if house else shown


SAMPLE_HANDS: Final[dict[str, str]] = {
    "upto9": "5h 6h 2c 8h 9h 2d 3s Jc",
    "phase10": "7r 7b W 3g 4g 5y 6r 12b S 9y",
}
"""A hand to start each built-in rule set with, by its key."""


class RuleSetChoice(OwnLanguage, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Buttons naming the rule sets (Up to 9, Phase 10); a click sets the hand's rules, which every
    component of that hand follows. ``choice.rules`` is the rule set chosen.

    >>> hand = HandModel("5h 6h 7h 8h")
    >>> choice = RuleSetChoice(hand)
    >>> choice.pick(PHASE10)
    >>> hand.rules.name, hand.text
    ('Phase 10', '7r 7b W 3g 4g 5y 6r 12b S 9y')
    >>> choice.pick(UPTO9)
    >>> hand.text
    '5h 6h 7h 8h'
    """

    def __init__(
        self,
        hand: HandModel,
        rule_sets: Sequence[Rules] = (UPTO9, PHASE10),
        *,
        samples: Mapping[str, str] = SAMPLE_HANDS,
        lang: str = "en",
        **kwargs: Any,
    ) -> None:
        self.hand = hand
        self.rule_sets = tuple(rule_sets)
        if hand.rules not in self.rule_sets:
            self.rule_sets = (hand.rules, *self.rule_sets)
        self.samples = dict(samples)
        self._shown = {hand.rules.key}
        self._renaming = False
        self._lang = check_lang(lang)
        self._buttons = w.ToggleButtons(
            options=[(ruleset_name(r, self._lang), i) for i, r in enumerate(self.rule_sets)],
            value=self.rule_sets.index(hand.rules),
            style={"button_width": "auto"},
        )
        self._buttons.add_class("u9-ruleset")
        self._buttons.observe(guard(self, self._picked), names="value")
        self._about = w.HTML()
        super().__init__([self._buttons, self._about], **kwargs)
        self.add_class("u9")
        hand.observe(guard(self, self._follow), names="rules")
        self.redraw()

    @property
    def rules(self) -> Rules:
        """The rule set chosen."""
        return self.hand.rules

    def pick(self, rules: Rules) -> None:
        """Choose ``rules`` (as a click on its button does)."""
        self._buttons.value = self.rule_sets.index(rules)

    def _picked(self, change: Any) -> None:
        if self._renaming or change["new"] is None:
            return
        rules = self.rule_sets[change["new"]]
        if rules is self.hand.rules:
            return
        self.hand.rules = rules
        if rules.key not in self._shown and not self.hand.cards and rules.key in self.samples:
            self.hand.set_text(self.samples[rules.key])
        self._shown.add(rules.key)

    def _follow(self, change: Any) -> None:
        rules = change["new"]
        if rules in self.rule_sets and self._buttons.value != self.rule_sets.index(rules):
            self._buttons.value = self.rule_sets.index(rules)
        self.redraw()

    def redraw(self) -> None:
        texts = TEXTS[self._lang]
        self._buttons.description = texts["game"]
        names = [(ruleset_name(r, self._lang), i) for i, r in enumerate(self.rule_sets)]
        if list(self._buttons.options) != names:
            value = self._buttons.value
            self._renaming = True  # new labels for the same buttons: not a click
            try:
                self._buttons.options = names
                self._buttons.value = value
            finally:
                self._renaming = False
        rules = self.hand.rules
        key = f"about_{rules.key}"
        if key in texts:
            about = texts[key]
        elif rules.base is not None:
            base = next((ruleset_name(r, self._lang) for r in (UPTO9, PHASE10, *self.rule_sets) if r.key == rules.base), rules.base)
            about = texts["about_house"].format(name=ruleset_name(rules, self._lang), base=base)
        else:
            about = texts["about_other"].format(name=ruleset_name(rules, self._lang))
        self._about.value = f'<div class="u9-note">{escape(about)}</div>'
