"""The rules explorer: the level table of a rule set, and house rules tried out on a hand at once.

``RulesModel`` holds a base rule set and the house-rule version the learner makes: a level's joker
budget, its groups' sizes and caps, how many groups must be clean. Every change is rebuilt through
the engine (``rules_from_dict``), which refuses a rule set that cannot be, with its reason; the
result is an ordinary ``Rules`` that the checker and the simulator take, and ``house_toml`` writes
it as a house-rule file that ``load_rules`` reads back. ``RulesExplorer`` is the view.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

import ipywidgets as w
import traitlets as t

from upto9.rules import UPTO9, GroupKind, Rules, RulesError, rules_from_dict

from ._common import checked, style_tag
from .engine_text import rules_error_text
from .hand import HandModel
from .level_checker import CheckerModel, LevelChecker
from .texts import LANGS, SHARED, budget_text, check_lang, contract_text, group_label, jokers_text

__all__ = ["TEXTS", "RulesExplorer", "RulesModel"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Explore the rules: the level table and house rules",
        "help": "Pick a level and change its joker budget or its groups' sizes: that is a house rule. The checked hand below shows the effect at once.",
        "col_level": "Level",
        "level": "Level",
        "size": "Cards",
        "cap": "Max jokers here",
        "no_cap": "— (only the total)",
        "total": "Max jokers in total",
        "clean": "Groups with no joker",
        "reset_level": "Undo this level's house rule",
        "reset_all": "Back to {name}",
        "refused": "Not changed: {error}",
        "hand": "Hand",
        "compare": "Level {n} with this hand",
        "under": "{name}",
        "valid": "✔ valid ({jokers})",
        "not_valid": "✘ not valid ({short} short)",
        "toml": "The house rules as a file (load_rules reads it; simulate(rules=...) plays it)",
        "download": "Download house.toml",
        "no_house": "No house rules yet: this is {name} as it stands.",
        "card_short": "{n} card",
        "cards_short": "{n} cards",
    },
    "nb": {
        "title": "Utforsk reglene: nivåtabellen og husregler",
        "help": (
            "Velg et nivå og endre jokerbudsjettet eller størrelsen på gruppene: det er en husregel. Den sjekkede hånda nedenfor viser virkningen med en gang."
        ),
        "col_level": "Nivå",
        "level": "Nivå",
        "size": "Kort",
        "cap": "Maks jokere her",
        "no_cap": "— (bare totalen)",
        "total": "Maks jokere totalt",
        "clean": "Grupper uten joker",
        "reset_level": "Angre husregelen på dette nivået",
        "reset_all": "Tilbake til {name}",
        "refused": "Ikke endret: {error}",
        "hand": "Hånd",
        "compare": "Nivå {n} med denne hånda",
        "under": "{name}",
        "valid": "✔ gyldig ({jokers})",
        "not_valid": "✘ ikke gyldig (mangler {short})",
        "toml": "Husreglene som fil (load_rules leser den; simulate(rules=...) spiller med den)",
        "download": "Last ned house.toml",
        "no_house": "Ingen husregler ennå: dette er {name} slik det er.",
        "card_short": "{n} kort",
        "cards_short": "{n} kort",
    },
}
assert set(TEXTS) == set(LANGS)

_KEEP: Final = object()


class RulesModel(t.HasTraits):
    """A rule set with the learner's house rules, always one the engine accepts.

    >>> model = RulesModel()
    >>> model.set_budget(1, 1)
    True
    >>> model.rules.level(1).jokers, model.rules.is_house_rule("levels.1")
    (1, True)
    >>> model.set_budget(1, 9), model.rules.level(1).jokers
    (False, 1)
    >>> model.error
    '<house rules>: level 1: jokers: must be a whole number from 0 to 4, got 9'
    """

    base = t.Instance(Rules)
    rules = t.Instance(Rules)
    level = t.Int(1)
    error = t.Unicode("")
    lang = t.Unicode("en")

    def __init__(self, base: Rules = UPTO9, *, lang: str = "en") -> None:
        super().__init__(base=base, rules=base, lang=check_lang(lang))

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.validate("level")
    def _valid_level(self, proposal: Any) -> int:
        number = int(proposal["value"])
        self.rules.level(number)
        return number

    # --- house rules ---------------------------------------------------------------------------------

    def _entry(self, number: int) -> dict[str, Any]:
        entry = self.rules.level(number).to_dict()
        entry.pop("reconstructed", None)  # a house rule's values are the house's, not reconstructed
        return entry

    def _apply(self, number: int, entry: dict[str, Any] | None) -> bool:
        """Replace level ``number`` with ``entry`` (``None``: the base's level again) through the engine."""
        data = self.rules.to_dict()
        house = set(data.get("house_rules", []))
        if entry is None:
            entry = next(lv for lv in self.base.to_dict()["levels"] if lv["number"] == number)
            house.discard(f"levels.{number}")
        else:
            house.add(f"levels.{number}")
        data["levels"] = sorted([lv for lv in data["levels"] if lv["number"] != number] + [entry], key=lambda lv: int(lv["number"]))
        data["house_rules"] = sorted(house)
        data["name"] = f"{self.base.name} (house rules)" if house else self.base.name
        if house:
            data["base"] = self.base.key
        else:
            data.pop("base", None)
        try:
            rules = rules_from_dict(data, "<house rules>")
        except RulesError as error:
            self.error = str(error)
            return False
        self.error = ""
        self.rules = self.base if not house and rules.levels == self.base.levels else rules
        return True

    def set_budget(self, number: int, jokers: int) -> bool:
        """Level ``number`` allows at most ``jokers`` jokers in total. False (and ``error``) if the engine refuses."""
        entry = self._entry(number)
        entry["jokers"] = jokers
        return self._apply(number, entry)

    def set_group(self, number: int, index: int, size: int | None = None, jokers: Any = _KEEP) -> bool:
        """Group ``index`` of level ``number`` holds ``size`` cards and at most ``jokers`` jokers
        (``None``: only the level's total applies)."""
        entry = self._entry(number)
        group = dict(entry["groups"][index])
        if size is not None:
            group["size"] = size
        if jokers is not _KEEP:
            if jokers is None:
                group.pop("jokers", None)
            else:
                group["jokers"] = jokers
        entry["groups"] = [group if i == index else g for i, g in enumerate(entry["groups"])]
        return self._apply(number, entry)

    def set_clean(self, number: int, clean_groups: int) -> bool:
        """At least ``clean_groups`` groups of level ``number`` must hold no joker."""
        entry = self._entry(number)
        entry["clean_groups"] = clean_groups
        if not clean_groups:
            entry.pop("clean_groups")
        return self._apply(number, entry)

    def reset_level(self, number: int) -> None:
        """Level ``number`` as the base rule set has it."""
        self._apply(number, None)

    def reset(self) -> None:
        """The base rule set, with no house rules."""
        self.error = ""
        self.rules = self.base

    @property
    def house_levels(self) -> list[int]:
        """The levels a house rule changed."""
        return [lv.number for lv in self.rules.levels if self.rules.is_house_rule(f"levels.{lv.number}")]

    def house_toml(self) -> str:
        """The house rules as a house-rule file: ``base`` and the changed levels (``load_rules`` reads it)."""
        lines = [f"base = {json.dumps(self.base.key)}", f"name = {json.dumps(self.rules.name, ensure_ascii=False)}"]
        for number in self.house_levels:
            level = self.rules.level(number)
            groups = ", ".join(
                "{ " + ", ".join([f'kind = "{g.kind.value}"', f"size = {g.size}", *([f"jokers = {g.jokers}"] if g.jokers is not None else [])]) + " }"
                for g in level.groups
            )
            lines += ["", "[[levels]]", f"number = {number}", f"groups = [{groups}]", f"jokers = {level.jokers}"]
            if level.clean_groups:
                lines.append(f"clean_groups = {level.clean_groups}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        """Write ``house_toml()`` to ``path``."""
        Path(path).write_text(self.house_toml(), encoding="utf-8")


def table_html(rules: Rules, selected: int, lang: str) -> str:
    """The level table: contract, max wild, min real; reconstructed values ``*``, house rules ``†``."""
    shared = SHARED[lang]
    head = (
        f"<tr><th>{escape(TEXTS[lang]['col_level'])}</th><th>{escape(shared['contract'])}</th>"
        f"<th>{escape(shared['max_wild'])}</th><th>{escape(shared['min_real'])}</th></tr>"
    )
    rows = []
    marks = False
    houses = False
    for level in rules.levels:
        house = rules.is_house_rule(f"levels.{level.number}")
        houses = houses or house
        min_real_mark = "*" if level.is_reconstructed("jokers") or level.is_reconstructed("groups") else ""
        contract = contract_text(level, lang, marks=True)
        budget = budget_text(level, lang, marks=True)
        marks = marks or "*" in contract + budget + min_real_mark
        classes = " ".join(c for c in ("u9-selected" if level.number == selected else "", "u9-house" if house else "") if c)
        attr = f' class="{classes}"' if classes else ""
        number = f"{level.number}{' ' + shared['house_mark'] if house else ''}"
        rows.append(f"<tr{attr}><td>{escape(number)}</td><td>{escape(contract)}</td><td>{escape(budget)}</td><td>{level.min_real}{min_real_mark}</td></tr>")
    notes = [shared["reconstructed_note"]] if marks else []
    if houses:
        notes.append(shared["house_note"])
    caption = f"<caption style='text-align:left'><b>{escape(rules.name)}</b></caption>"
    foot = "".join(f'<div class="u9-note">{escape(n)}</div>' for n in notes)
    return f"<table class='u9-table'>{caption}{head}{''.join(rows)}</table>{foot}"


class RulesExplorer(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The rules explorer view: the level table, editors for one level's budget and group sizes,
    the effect on a checked hand (the base rules beside the house rules), and the house-rule file.

    ``RulesExplorer(hand_model, rules=load_rules("house.toml"), lang="nb")`` starts from any rule set.

    ``explorer.rules`` is the rule set made: ``simulate(100, rules=explorer.rules)`` plays it.
    """

    def __init__(self, hand: HandModel | None = None, *, rules: Rules = UPTO9, model: RulesModel | None = None, lang: str | None = None, **kwargs: Any) -> None:
        self.model = model if model is not None else RulesModel(rules, lang=lang or "en")
        if lang is not None:
            self.model.lang = lang
        self.hand = hand if hand is not None else HandModel("5h 6h 2c 8h Kc Kd Ks 9s", lang=str(self.model.lang))
        self.checker = CheckerModel(self.hand, level=self.model.level, rules=self.model.rules, lang=str(self.model.lang))
        t.dlink((self.model, "rules"), (self.checker, "rules"))
        t.link((self.model, "level"), (self.checker, "level"))
        t.dlink((self.model, "lang"), (self.checker, "lang"))
        self._title = w.HTML()
        self._help = w.HTML()
        self._table = w.HTML()
        self._levels = w.ToggleButtons(style={"button_width": "2.6em"})
        self._levels.observe(self._level_picked, names="value")
        self._editors = w.VBox()
        self._editing: tuple[Any, ...] = ()
        self._sizes: list[w.BoundedIntText] = []
        self._caps: list[w.Dropdown] = []
        self._total = w.BoundedIntText(min=0, max=99, layout=w.Layout(width="16em"), style={"description_width": "10em"})
        self._total.observe(lambda c: self._edit(lambda: self.model.set_budget(self.model.level, c["new"])), names="value")
        self._clean = w.BoundedIntText(min=0, max=99, layout=w.Layout(width="16em"), style={"description_width": "10em"})
        self._clean.observe(lambda c: self._edit(lambda: self.model.set_clean(self.model.level, c["new"])), names="value")
        self._error = w.HTML()
        self._reset_level = w.Button(icon="undo")
        self._reset_level.on_click(lambda _b: self.model.reset_level(self.model.level))
        self._reset_all = w.Button(icon="refresh", button_style="warning")
        self._reset_all.on_click(lambda _b: self.model.reset())
        self._hand_text = w.Text(continuous_update=False, layout=w.Layout(width="100%", max_width="40em"))
        self._hand_text.observe(self._typed, names="value")
        self._hand_error = w.HTML()
        self._compared = w.HTML()
        self._checker_view = LevelChecker(self.checker)
        self._toml_label = w.HTML()
        self._toml = w.Textarea(disabled=True, layout=w.Layout(width="100%", max_width="46em", height="9em"))
        self._download = w.HTML()
        self._syncing = False
        super().__init__(
            [
                style_tag(),
                self._title,
                self._help,
                self._table,
                self._levels,
                self._editors,
                self._error,
                w.HBox([self._reset_level, self._reset_all], layout=w.Layout(flex_flow="row wrap")),
                self._hand_text,
                self._hand_error,
                self._compared,
                self._checker_view,
                self._toml_label,
                self._toml,
                self._download,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.model.observe(self.update, names=["rules", "level", "error", "lang"])
        self.hand.observe(self.update, names=["cards", "error"])
        self.update()

    @property
    def rules(self) -> Rules:
        """The rule set made here (house rules included): give it to ``check``, ``play_game`` or ``simulate``."""
        return self.model.rules

    @property
    def lang(self) -> str:
        return str(self.model.lang)

    @lang.setter
    def lang(self, lang: str) -> None:
        self.model.lang = lang
        self.hand.lang = lang

    # --- edits ---------------------------------------------------------------------------------------

    def _edit(self, change: Any) -> None:
        if not self._syncing:
            change()
            if self.model.error:
                self.update()  # put the refused value back

    def _level_picked(self, change: Any) -> None:
        if change["new"] is not None and change["new"] != self.model.level:
            self.model.level = change["new"]

    def _typed(self, change: Any) -> None:
        if change["new"] != self.hand.text:
            self.hand.set_text(change["new"])
            self.update()

    def size_box(self, index: int) -> w.BoundedIntText:
        """The box holding group ``index``'s size, for the selected level."""
        return self._sizes[index]

    def cap_dropdown(self, index: int) -> w.Dropdown:
        """The dropdown holding group ``index``'s joker cap, for the selected level."""
        return self._caps[index]

    @property
    def total_box(self) -> w.BoundedIntText:
        """The box holding the selected level's joker budget in total."""
        return self._total

    def _build_editors(self, lang: str) -> None:
        texts = TEXTS[lang]
        level = self.model.rules.level(self.model.level)
        self._sizes, self._caps = [], []
        rows: list[w.Widget] = []
        for i, group in enumerate(level.groups):
            size = w.BoundedIntText(min=1, max=14, layout=w.Layout(width="9em"), description=texts["size"])
            size.observe(lambda c, i=i: self._edit(lambda: self.model.set_group(self.model.level, i, size=c["new"])), names="value")
            cap = w.Dropdown(layout=w.Layout(width="18em"), description=texts["cap"], style={"description_width": "8em"})
            cap.observe(lambda c, i=i: self._edit(lambda: self.model.set_group(self.model.level, i, jokers=c["new"])), names="value")
            self._sizes.append(size)
            self._caps.append(cap)
            kind = "↔" if group.kind is GroupKind.RUN else "≡"
            rows.append(w.HBox([w.HTML(f"<b>{kind} {escape(group_label(level, i, lang))}</b>", layout=w.Layout(width="14em")), size, cap]))
        rows.append(self._total)
        if len(level.groups) > 1:
            rows.append(self._clean)
        self._editors.children = rows

    def update(self, change: Any = None) -> None:
        """Show the rule set, the editors' values, the refusal if any, the effect on the hand and the file."""
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        rules = model.rules
        level = rules.level(model.level)
        self._syncing = True
        try:
            self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
            self._help.value = f'<div class="u9-note">{escape(texts["help"])}</div>'
            self._table.value = table_html(rules, level.number, lang)
            options = tuple((str(lv.number), lv.number) for lv in rules.levels)
            if self._levels.options != options:
                self._levels.options = options
            self._levels.value = level.number
            self._levels.description = texts["level"]
            editing = (lang, level.number, len(level.groups))
            if editing != self._editing:
                self._editing = editing
                self._build_editors(lang)
            for i, group in enumerate(level.groups):
                self._sizes[i].value = group.size
                caps: list[tuple[str, int | None]] = [(texts["no_cap"], None)] + [(str(k), k) for k in range(group.size + 1)]
                if list(self._caps[i].options) != caps:
                    self._caps[i].options = caps
                self._caps[i].value = group.jokers
            self._total.description = texts["total"]
            self._total.value = level.jokers
            self._clean.description = texts["clean"]
            self._clean.value = level.clean_groups
            self._error.value = (
                f'<div class="u9-error" role="alert">⚠ {escape(texts["refused"].format(error=rules_error_text(model.error, lang)))}</div>'
                if model.error
                else ""
            )
            self._reset_level.description = texts["reset_level"]
            self._reset_level.disabled = not rules.is_house_rule(f"levels.{level.number}")
            self._reset_all.description = texts["reset_all"].format(name=model.base.name)
            self._reset_all.disabled = rules is model.base
            self._hand_text.description = texts["hand"]
            if not self.hand.error and self._hand_text.value != self.hand.text:
                self._hand_text.value = self.hand.text
            self._hand_error.value = f'<div class="u9-error" role="alert">⚠ {escape(self.hand.error)}</div>' if self.hand.error else ""
            self._compared.value = self._comparison(lang)
            self._toml_label.value = f"<b>{escape(texts['toml'])}</b>"
            if model.house_levels:
                text = model.house_toml()
                self._toml.value = text
                self._download.value = f'<a download="house.toml" href="data:text/plain;charset=utf-8,{quote(text)}">{escape(texts["download"])}</a>'
            else:
                self._toml.value = texts["no_house"].format(name=model.base.name)
                self._download.value = ""
        finally:
            self._syncing = False

    def _comparison(self, lang: str) -> str:
        """The hand's verdict on the selected level under the base rules and under the house rules."""
        texts = TEXTS[lang]
        model = self.model
        cells = []
        for rules in (model.base, model.rules) if model.rules is not model.base else (model.base,):
            verdict = checked(self.hand.cards, model.level, rules)
            if verdict.ok:
                assert verdict.jokers is not None
                words = f'<span class="u9-ok">{escape(texts["valid"].format(jokers=jokers_text(verdict.jokers, lang)))}</span>'
            else:
                short = verdict.cards_short
                amount = texts["card_short" if short == 1 else "cards_short"].format(n=short)
                words = f'<span class="u9-bad">{escape(texts["not_valid"].format(short=amount))}</span>'
            cells.append(f"<li><b>{escape(texts['under'].format(name=rules.name))}</b>: {words}</li>")
        return f"<div><b>{escape(texts['compare'].format(n=model.level))}</b><ul style='margin:.2em 0'>{''.join(cells)}</ul></div>"
