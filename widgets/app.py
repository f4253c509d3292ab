"""Every component in one place, for a lesson: ``Workbench(lang="nb")`` in a notebook or a Voila page.

One hand is shared by the hand builder, the level checker, the lay-down editor and the rules
explorer; the checker and the editor look at the same level; one switch changes the language of all,
and one choice the game (Up to 9 or Phase 10) of the hand, the checker, the editor, the round played
and the rules explored.
"""

from __future__ import annotations

from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.rules import PHASE10, UPTO9, Rules

from ._common import boundary, guard, style_tag
from .choice import SAMPLE_HANDS, RuleSetChoice
from .editor import LayDownEditor
from .explorer import RulesExplorer
from .hand import HandBuilder, HandModel
from .level_checker import LevelChecker
from .stepper import RoundStepper
from .texts import LANGS, check_lang

__all__ = ["TEXTS", "Workbench"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "hand": "Hand and check",
        "lay_down": "Lay down",
        "round": "A round",
        "rules": "Rules and house rules",
        "language": "Language",
    },
    "nb": {
        "hand": "Hånd og sjekk",
        "lay_down": "Legg ned",
        "round": "En runde",
        "rules": "Regler og husregler",
        "language": "Språk",
    },
}
assert set(TEXTS) == set(LANGS)


class Workbench(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Tabs with the hand builder and checker, the lay-down editor, the round stepper and the rules
    explorer, sharing one hand; a language switch (English / norsk) over them all."""

    def __init__(
        self,
        hand: str | None = None,
        *,
        level: int = 7,
        rules: Rules = UPTO9,
        lang: str = "en",
        seed: int = 0,
        players: int = 3,
        **kwargs: Any,
    ) -> None:
        lang = check_lang(lang)
        self.hand = HandModel(SAMPLE_HANDS.get(rules.key, "") if hand is None else hand, rules=rules, lang=lang)
        self.rule_set = RuleSetChoice(self.hand, (UPTO9, PHASE10), lang=lang)
        self.hand_builder = HandBuilder(self.hand)
        self.checker = LevelChecker(self.hand, level=level)
        self.editor = LayDownEditor(self.hand, level=level)
        t.link((self.checker.model, "level"), (self.editor.model, "level"))
        self.stepper = RoundStepper(seed=seed, players=players, lang=lang, rules=rules)
        self.explorer = RulesExplorer(self.hand, rules=rules, lang=lang)
        self.hand.observe(guard(self.stepper, lambda change: self.stepper.pick(change["new"])), names="rules")  # the round played is of the game chosen
        self._language = w.ToggleButtons(options=[("English", "en"), ("Norsk", "nb")], value=lang)
        self._language.observe(guard(self, lambda change: setattr(self, "lang", change["new"])), names="value")
        self._tabs = w.Tab(
            [
                w.VBox([self.rule_set, self.hand_builder, self.checker]),
                self.editor,
                self.stepper,
                self.explorer,
            ]
        )
        super().__init__([style_tag(), self._language, self._tabs], **kwargs)
        self.add_class("u9")
        self._label(lang)

    def _label(self, lang: str) -> None:
        texts = TEXTS[lang]
        self._language.description = texts["language"]
        self._tabs.titles = (texts["hand"], texts["lay_down"], texts["round"], texts["rules"])

    @property
    def lang(self) -> str:
        return str(self.hand.lang)

    @lang.setter
    def lang(self, lang: str) -> None:
        lang = check_lang(lang)
        for component in (self.rule_set, self.hand_builder, self.checker, self.editor, self.stepper, self.explorer):
            with boundary(component, "the language switch"):  # one that fails shows its notice; the others still switch
                component.lang = lang
        if self._language.value != lang:
            self._language.value = lang
        self._label(lang)
