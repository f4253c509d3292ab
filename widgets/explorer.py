"""The rules explorer: the level table of a rule set, and house rules tried out on a hand at once.

``RulesModel`` holds a base rule set and the house-rule version the learner makes: a level's joker
budget, its groups' sizes and caps, how many groups must be clean. Every change is rebuilt through
the engine (``rules_from_dict``), which refuses a rule set that cannot be, with its reason; the
result is an ordinary ``Rules`` that the checker and the simulator take, and ``house_toml`` writes
it as a house-rule file that ``load_rules`` reads back. ``RulesExplorer`` is the view.

The view offers a choice of rule set (``RuleSetChoice``: Up to 9, Phase 10, and Up to 9 with one deck
fewer, a rule set written only as a house-rule file), each shown in its own words and from its own
data: the deck, the wild cards, the penalties with their reconstructed marks, the tie-break and the
safety valve. A Phase 10 phase with any number of wild cards stays unlimited until the learner picks
a limit; the file it exports says ``jokers = "unlimited"``.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

import ipywidgets as w
import traitlets as t

from upto9.family import Verdict, family_of
from upto9.messages import Message, Param, message_of, render
from upto9.rules import PHASE10, UPTO9, GroupKind, Rules, RulesError, TieBreak, builtin_rules, rules_from_dict

from ._common import WholeNumber, checked, close_tree, guard, style_tag
from .budget import CLICK_SECONDS, OverBudget, within
from .choice import SAMPLE_HANDS, RuleSetChoice, ruleset_name
from .engine_text import rules_error_text
from .hand import HandModel, refusal_sentence
from .level_checker import CheckerModel, LevelChecker
from .page import Advanced
from .texts import LANGS, SHARED, budget_text, check_lang, contract_text, group_label, jokers_text, number_text, worded

__all__ = ["RULE_SETS", "TEXTS", "RulesExplorer", "RulesModel", "facts_html", "refusal_reason", "refusal_text", "table_html"]

RULE_SETS: Final[tuple[Rules, ...]] = (UPTO9, PHASE10, builtin_rules("upto9_lean"))
"""The rule sets the explorer offers: Up to 9, Phase 10, and the one written only as a house-rule file."""

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
        "reset_level_phase": "Undo this phase's house rule",
        "reset_all": "Back to {name}",
        "refused": "Not changed: {error}",
        "put_back": "Not changed: {error}; set back to {value}.",
        "group_n": "group {n}",
        "decks_for": "Decks for {low}–{high} players",
        "penalty_for": "Penalty points for {card}",
        "hand": "Hand",
        "compare": "Level {n} with this hand",
        "under": "Under the rules of {name}",
        "valid": "✔ valid ({jokers})",
        "not_valid": "✘ not valid ({short} short)",
        "toml": "The house rules as a file ({reads} reads it; {plays} plays it)",
        "download": "Download the file ({file})",
        "no_house": "No house rules yet: this is {name} as it stands.",
        "card_short": "{n} card",
        "cards_short": "{n} cards",
        "col_level_phase": "Phase",
        "level_phase": "Phase",
        "compare_phase": "Phase {n} with this hand",
        "title_phase": "Explore the rules: the phase table and house rules",
        "help_phase": (
            "Pick a phase and change its groups' sizes, how many wild cards it allows (any number, or a limit) or how many number cards it "
            "must hold: that is a house rule. The checked hand below shows the effect at once."
        ),
        "col_min_real_phase": "Number cards, at least",
        "col_budget": "Jokers allowed",
        "col_budget_phase": "Wild cards allowed",
        "col_min_real": "Real cards, at least",
        "wild_total": "Wild cards allowed",
        "unlimited": "any number",
        "natural": "Number cards, at least",
        "facts": "The rule set",
        "f_deck": "Deck",
        "f_players": "Players",
        "f_penalties": "Penalty points for a card left in hand",
        "f_tie": "A tie",
        "f_valve": "Safety valve",
        "f_order": "Levels played",
        "f_order_phase": "Phases played",
        "players": "{low} to {high} players, {hand} cards each",
        "tie_share": "equal lowest penalty totals among those who make level {n} share the win",
        "tie_deciding": "equal lowest penalty totals among those who make phase {n}: they play a deciding round of phase {n}, won the same way",
        "valve_on": "a round ends when no player still waiting can ever make their level from the cards in circulation",
        "valve_off": "none: a round ends only when someone goes out",
        "order_free": "in any order, one a round",
        "based_on": "{name} is {base} with house rules; what it changes is marked †.",
        "wild_word": "wild",
        "skip_word": "skip",
        "too_long": "⚠ not checked: it took more than {seconds} s of the server's time",
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
        "reset_level_phase": "Angre husregelen på denne fasen",
        "reset_all": "Tilbake til {name}",
        "refused": "Ikke endret: {error}",
        "put_back": "Ikke endret: {error}; satt tilbake til {value}.",
        "group_n": "gruppe {n}",
        "decks_for": "Kortstokker for {low}–{high} spillere",
        "penalty_for": "Straffepoeng for {card}",
        "hand": "Hånd",
        "compare": "Nivå {n} med denne hånda",
        "under": "Etter reglene i {name}",
        "valid": "✔ gyldig ({jokers})",
        "not_valid": "✘ ikke gyldig (mangler {short})",
        "toml": "Husreglene som fil ({reads} leser den; {plays} spiller med den)",
        "download": "Last ned fila ({file})",
        "no_house": "Ingen husregler ennå: dette er {name} slik det er.",
        "card_short": "{n} kort",
        "cards_short": "{n} kort",
        "col_level_phase": "Fase",
        "level_phase": "Fase",
        "compare_phase": "Fase {n} med denne hånda",
        "title_phase": "Utforsk reglene: fasetabellen og husregler",
        "help_phase": (
            "Velg en fase og endre størrelsen på gruppene, hvor mange jokere den tillater (så mange du vil, eller en grense) eller hvor "
            "mange tallkort den må ha: det er en husregel. Den sjekkede hånda nedenfor viser virkningen med en gang."
        ),
        "col_min_real_phase": "Tallkort, minst",
        "col_budget": "Jokere tillatt",
        "col_budget_phase": "Jokere tillatt",
        "col_min_real": "Ekte kort, minst",
        "wild_total": "Jokere tillatt",
        "unlimited": "så mange du vil",
        "natural": "Tallkort, minst",
        "facts": "Regelsettet",
        "f_deck": "Kortstokk",
        "f_players": "Spillere",
        "f_penalties": "Straffepoeng for et kort igjen på hånda",
        "f_tie": "Likt",
        "f_valve": "Sikkerhetsventil",
        "f_order": "Nivåer som spilles",
        "f_order_phase": "Faser som spilles",
        "players": "{low} til {high} spillere, {hand} kort hver",
        "tie_share": "de som klarer nivå {n} med like få straffepoeng (færrest), deler seieren",
        "tie_deciding": (
            "står flere likt med færrest straffepoeng blant dem som klarer fase {n}, spiller de en avgjørende runde av fase {n}, som avgjøres på samme måte"
        ),
        "valve_on": "runden slutter når ingen spiller som venter, noensinne kan klare nivået sitt med kortene i sirkulasjon",
        "valve_off": "ingen: en runde slutter bare når noen går ut",
        "order_free": "i hvilken som helst rekkefølge, én per runde",
        "based_on": "{name} er {base} med husregler; det den endrer, er merket †.",
        "wild_word": "joker",
        "skip_word": "hopp over",
        "too_long": "⚠ ikke sjekket: det tok mer enn {seconds} s av serverens tid",
    },
}
assert set(TEXTS) == set(LANGS)

_KEEP: Final = object()
_NO_CAP: Final = "total"  # a dropdown shows a value of None as blank: "only the total" is a value of its own


def _cap_value(value: int | str) -> int | None:
    return None if value == _NO_CAP else int(value)


def _shown_value(control: w.Widget) -> str:
    """What a control shows: a dropdown its option's words, a number box its number."""
    return str(control.label if isinstance(control, w.Dropdown) else control.value)


HOUSE_SOURCE: Final = "<house rules>"
"""The source name of the rule sets the explorer and the lab put together (``rules_from_dict``): a
developer's name, never shown."""

_FIELD_WORDS: Final = {"size": "size", "natural_cards": "natural", "clean_groups": "clean"}
"""The rule file's field names as the editors' labels say them (``TEXTS``); a level's ``jokers``
is its total (Phase 10: its wild cards), a group's its cap."""


def refusal_reason(error: RulesError | Message, lang: str) -> str:
    """Only why the engine refused a house rule, in ``lang``: without the place or the field, for
    a page that names the field in its own control's label ("2 and 3: must be ...").

    >>> model = RulesModel()
    >>> model.set_budget(1, 9), refusal_reason(model.refusal, "nb")
    (False, 'må være et helt tall fra 0 til 4, ikke 9')
    """
    said = error if isinstance(error, Message) else message_of(error)
    if said.key != "rules.at":
        return rules_error_text(said, lang)
    reason = dict(said.params)["reason"]
    if isinstance(reason, Message) and reason.key == "rules.field":
        reason = dict(reason.params)["reason"]
    return render(reason, lang) if isinstance(reason, Message) else str(reason)


def refusal_text(error: RulesError | Message, lang: str, rules: Rules = UPTO9) -> str:
    """Why the engine refused a house rule the page put together, in ``lang`` and in the words
    of the page's own controls: the place ("Level 1, group 1", "5 players"), the control's label
    and the reason, without the made-up source name or the rule file's field names (a level's
    wild cards as ``rules``' family counts them). Any other refusal is the engine's message as it stands.

    >>> model = RulesModel()
    >>> model.set_budget(1, 9), refusal_text(model.refusal, "en")
    (False, 'Level 1: Max jokers in total: must be a whole number from 0 to 4, got 9')
    >>> model.set_group(1, 0, size=2), refusal_text(model.refusal, "nb")
    (False, 'Nivå 1, gruppe 1: Kort: må være et helt tall fra 3 til 14, ikke 2')
    """
    said = error if isinstance(error, Message) else message_of(error)
    params = dict(said.params)
    if said.key != "rules.at" or params.get("source") != HOUSE_SOURCE:
        return rules_error_text(said, lang)
    texts = TEXTS[lang]
    reason = params["reason"]
    where: Param | None = params["where"]
    group = None
    if isinstance(where, Message) and where.key == "rules.where.in":
        inner = dict(where.params)
        found = re.fullmatch(r"groups\[(\d+)\]", str(inner.get("field", "")))
        if found:
            group = int(found.group(1))
            where = Message(
                "raw", text=f"{render(inner['where'], lang) if isinstance(inner['where'], Message) else inner['where']}, {texts['group_n'].format(n=group + 1)}"
            )
    table = None  # the lab's table rules: a deck entry ("decks[0]") or the penalty points
    if isinstance(where, str):
        found = re.fullmatch(r"decks\[(\d+)\]", where)
        if found and int(found.group(1)) < len(rules.decks):
            low, high = rules.decks[int(found.group(1))].players
            table, where = texts["decks_for"].format(low=low, high=high), None
        elif where == "penalties":
            table, where = "penalties", None
    why = refusal_reason(said, lang)
    if isinstance(reason, Message) and reason.key == "rules.field":
        field = str(dict(reason.params)["field"])
        if table == "penalties":
            label = texts["penalty_for"].format(card=field)
        elif table is not None:
            label = table
        elif field == "jokers":
            label = texts["cap"] if group is not None else texts["total" if family_of(rules).group_caps else "wild_total"]
        else:
            label = texts.get(_FIELD_WORDS.get(field, ""), field)
        text = f"{label}: {why}"
    else:
        text = why
    if isinstance(where, Message):  # "level 9": the learner's words; "decks": the file's section, the reason names the players
        text = f"{render(where, lang)}: {text}"
    return text[:1].upper() + text[1:]


class RulesModel(t.HasTraits):
    """A rule set with the learner's house rules, always one the engine accepts.

    >>> model = RulesModel()
    >>> model.set_budget(1, 1)
    True
    >>> model.rules.level(1).jokers, model.rules.is_house_rule("levels.1")
    (1, True)
    >>> model.set_budget(1, 9), model.rules.level(1).jokers
    (False, 1)
    >>> model.error  # the engine's words, for the publisher's log; the page shows refusal_text's
    '<house rules>: level 1: jokers: must be a whole number from 0 to 4, got 9'
    >>> model.refusal.key  # the same refusal as the engine's message, for the page's language
    'rules.at'

    A Phase 10 phase allows any number of wild cards until a limit is set, and the file says so:

    >>> model.set_base(PHASE10)
    >>> model.set_group(2, 1, size=5), model.rules.level(2).unlimited
    (True, True)
    >>> 'jokers = "unlimited"' in model.house_toml()
    True
    """

    base = t.Instance(Rules)
    rules = t.Instance(Rules)
    level = t.Int(1)
    error = t.Unicode("")
    lang = t.Unicode("en")

    def __init__(self, base: Rules = UPTO9, *, lang: str = "en") -> None:
        # The refused edit's message, beside ``error`` (its English text): set before it, so that
        # an observer of ``error`` finds it.
        self.refusal: Message | None = None
        super().__init__(base=base, rules=base, lang=check_lang(lang))

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.validate("level")
    def _valid_level(self, proposal: Any) -> int:
        number = int(proposal["value"])
        self.rules.level(number)
        return number

    @t.observe("level")
    def _level_moved(self, _change: Any) -> None:
        # A refusal names the level it was made on: another level starts without one.
        self.refusal = None
        self.error = ""

    def set_base(self, base: Rules) -> None:
        """Start again from another rule set (no house rules); the level stays if the rule set has it."""
        with self.hold_trait_notifications():
            self.base = base
            self.rules = base
            self.error = ""
            self.level = min(self.level, len(base.levels))

    # --- house rules ---------------------------------------------------------------------------------

    @property
    def _own(self) -> set[str]:
        """The learner's house rules: those of ``rules`` that its base does not already have
        (a base written as a house-rule file has its own)."""
        return set(self.rules.house_rules) - set(self.base.house_rules)

    def _entry(self, number: int) -> dict[str, Any]:
        entry = self.rules.level(number).to_dict()
        entry.pop("reconstructed", None)  # a house rule's values are the house's, not reconstructed
        return entry

    def _apply(self, number: int, entry: dict[str, Any] | None) -> bool:
        """Replace level ``number`` with ``entry`` (``None``: the base's level again) through the engine."""
        data = self.rules.to_dict()
        own = self._own
        original = next(lv for lv in self.base.to_dict()["levels"] if lv["number"] == number)
        if entry is None or entry == {k: v for k, v in original.items() if k != "reconstructed"}:
            entry = original  # back to the base's level: no house rule left there
            own.discard(f"levels.{number}")
        else:
            own.add(f"levels.{number}")
        data["levels"] = sorted([lv for lv in data["levels"] if lv["number"] != number] + [entry], key=lambda lv: int(lv["number"]))
        data["house_rules"] = sorted(own | set(self.base.house_rules))
        data["name"] = f"{self.base.name} (house rules)" if own else self.base.name
        data["base"] = self.base.key if own else self.base.base
        if data["base"] is None:
            data.pop("base")
        try:
            rules = rules_from_dict(data, HOUSE_SOURCE)
        except RulesError as error:
            self.refusal = message_of(error)
            self.error = str(error)
            return False
        self.error = ""
        self.rules = self.base if not own and rules.levels == self.base.levels else rules
        return True

    def set_budget(self, number: int, jokers: int | str) -> bool:
        """Level ``number`` allows at most ``jokers`` jokers in total (Phase 10: ``"unlimited"``, any
        number). False (and ``error``) if the engine refuses."""
        entry = self._entry(number)
        entry["jokers"] = jokers
        return self._apply(number, entry)

    def set_natural(self, number: int, cards: int | str) -> bool:
        """A lay-down of level ``number`` holds at least ``cards`` real cards (Phase 10: number cards);
        a text that is no whole number (a box's) goes to the engine, which refuses it in its words."""
        entry = self._entry(number)
        entry["natural_cards"] = cards
        if cards == 0:
            entry.pop("natural_cards")
        return self._apply(number, entry)

    def set_group(self, number: int, index: int, size: int | str | None = None, jokers: Any = _KEEP) -> bool:
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

    def set_clean(self, number: int, clean_groups: int | str) -> bool:
        """At least ``clean_groups`` groups of level ``number`` must hold no joker."""
        entry = self._entry(number)
        entry["clean_groups"] = clean_groups
        if clean_groups == 0:
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
        """The levels the learner's house rules changed."""
        own = self._own
        return [lv.number for lv in self.rules.levels if f"levels.{lv.number}" in own]

    def house_toml(self) -> str:
        """The house rules as a house-rule file: ``base`` and the changed levels (``load_rules`` reads it).

        A base that is itself written as a house-rule file (``upto9_lean``) is spelt out over its own
        base: its changes come first, then the learner's.
        """
        base = self.base
        root = base.base if base.base is not None else base.key
        inherited = set(base.house_rules) if base.base is not None else set()
        data = self.rules.to_dict()
        lines = [f"base = {json.dumps(root)}", f"name = {json.dumps(self.rules.name, ensure_ascii=False)}"]
        tables: list[str] = []
        penalties = sorted(f.removeprefix("penalties.") for f in inherited if f.startswith("penalties."))
        deck = sorted(f.removeprefix("deck.") for f in inherited if f.startswith("deck."))
        for field in sorted(inherited):
            if field == "decks":
                for entry in data["decks"]:
                    tables += ["", "[[decks]]", f"players = {json.dumps(entry['players'])}", f"decks = {entry['decks']}"]
            elif "." not in field and field in data:
                lines.append(f"{field} = {json.dumps(data[field])}")
        if penalties:
            tables += ["", "[penalties]", *(f"{json.dumps(key)} = {data['penalties'][key]}" for key in penalties)]
        if deck:
            tables += ["", "[deck]", *(f"{key} = {data['deck'][key]}" for key in deck)]
        numbers = sorted(set(self.house_levels) | {int(f.split(".")[1]) for f in inherited if f.startswith("levels.")})
        for number in numbers:
            level = self.rules.level(number)
            groups = ", ".join(
                "{ " + ", ".join([f'kind = "{g.kind.value}"', f"size = {g.size}", *([f"jokers = {g.jokers}"] if g.jokers is not None else [])]) + " }"
                for g in level.groups
            )
            jokers = '"unlimited"' if level.unlimited else str(level.jokers)
            tables += ["", "[[levels]]", f"number = {number}", f"groups = [{groups}]", f"jokers = {jokers}"]
            if level.natural_cards:
                tables.append(f"natural_cards = {level.natural_cards}")
            if level.clean_groups:
                tables.append(f"clean_groups = {level.clean_groups}")
        return "\n".join(lines + tables) + "\n"

    def save(self, path: str | Path) -> None:
        """Write ``house_toml()`` to ``path``."""
        Path(path).write_text(self.house_toml(), encoding="utf-8")


def table_html(rules: Rules, selected: int, lang: str) -> str:
    """The level table: contract, jokers allowed (the rules text's "max wild"), the fewest real
    cards; reconstructed values ``*``, house rules ``†``."""
    shared = SHARED[lang]
    texts = TEXTS[lang]
    head = (
        f"<tr><th>{escape(worded(texts, 'col_level', rules))}</th><th>{escape(shared['contract'])}</th>"
        f"<th>{escape(worded(texts, 'col_budget', rules))}</th><th>{escape(worded(texts, 'col_min_real', rules))}</th></tr>"
    )
    rows = []
    marks = False
    houses = False
    for level in rules.levels:
        house = rules.is_house_rule(f"levels.{level.number}")
        houses = houses or house
        min_real_mark = "*" if level.is_reconstructed("jokers") or level.is_reconstructed("groups") else ""
        contract = contract_text(level, lang, marks=True, rules=rules)
        budget = budget_text(level, lang, marks=True, rules=rules)
        marks = marks or "*" in contract + budget + min_real_mark
        classes = " ".join(c for c in ("u9-selected" if level.number == selected else "", "u9-house" if house else "") if c)
        attr = f' class="{classes}"' if classes else ""
        number = f"{level.number}{' ' + shared['house_mark'] if house else ''}"
        rows.append(f"<tr{attr}><td>{escape(number)}</td><td>{escape(contract)}</td><td>{escape(budget)}</td><td>{level.min_real}{min_real_mark}</td></tr>")
    notes = [shared["reconstructed_note"]] if marks else []
    if houses:
        notes.append(shared["house_note"])
    caption = f"<caption style='text-align:left'><b>{escape(ruleset_name(rules, lang))}</b></caption>"
    foot = "".join(f'<div class="u9-note">{escape(n)}</div>' for n in notes)
    table = f"<table class='u9-table u9-levels'>{caption}{head}{''.join(rows)}</table>"
    return f"<div class='u9-table-scroll' role='region' tabindex='0' style='overflow-x:auto;max-width:100%'>{table}</div>{foot}"


def _mark(rules: Rules, *fields: str) -> str:
    """``†`` if a house rule set any of the fields, else ``*`` if any is reconstructed, else nothing."""
    if any(rules.is_house_rule(f) for f in fields):
        return SHARED["en"]["house_mark"]
    return "*" if any(rules.is_reconstructed(f) for f in fields) else ""


def _penalty_groups(rules: Rules, lang: str) -> str:
    """The penalty values, neighbours with the same points and the same mark together: ``'4–9: 5*'``."""
    texts = TEXTS[lang]
    names = {"wild": texts["wild_word"], "skip": texts["skip_word"]}
    groups: list[tuple[list[str], int, str]] = []
    for key, points in rules.penalties:
        mark = _mark(rules, f"penalties.{key}")
        if groups and groups[-1][1:] == (points, mark) and key not in names and groups[-1][0][-1] not in names:
            groups[-1][0].append(key)
        else:
            groups.append(([key], points, mark))
    parts = []
    for keys, points, mark in groups:
        label = names.get(keys[0], keys[0]) if len(keys) == 1 else f"{keys[0]}–{keys[-1]}"
        parts.append(f"{label}: {points}{mark}")
    return ", ".join(parts)


def facts_html(rules: Rules, lang: str = "en") -> str:
    """The rule set's table in its own words, from its data: the deck, the players, the wild cards,
    the skips, the penalties, the tie-break, the safety valve and the levels played; reconstructed
    values ``*``, house rules ``†``.

    >>> from upto9.widgets.explorer import facts_html
    >>> "108 cards" in facts_html(PHASE10) and "deciding round of phase 10" in facts_html(PHASE10)
    True
    """
    texts = TEXTS[lang]
    rows: list[tuple[str, str]] = []
    family = family_of(rules)
    rows.append((texts["f_deck"], render(family.deck_words(rules), lang) + _mark(rules, "deck", "decks")))
    players = texts["players"].format(low=rules.min_players, high=rules.max_players, hand=rules.hand_size)
    rows.append((texts["f_players"], players + _mark(rules, "min_players", "max_players", "hand_size")))
    rows.extend((render(label, lang), render(words, lang) + _mark(rules, *fields)) for label, words, fields in family.card_facts(rules))
    rows.append((texts["f_penalties"], _penalty_groups(rules, lang)))
    last = rules.played_levels[-1]
    tie = texts["tie_deciding" if rules.tie_break is TieBreak.DECIDING_ROUND else "tie_share"].format(n=last)
    rows.append((texts["f_tie"], tie + _mark(rules, "tie_break")))
    rows.append((texts["f_valve"], texts["valve_on" if rules.safety_valve else "valve_off"] + _mark(rules, "safety_valve")))
    if rules.level_order or rules.free_order:
        order = texts["order_free"] if rules.free_order else ", ".join(str(n) for n in rules.played_levels)
        rows.append((worded(texts, "f_order", rules), order + _mark(rules, "level_order", "free_order")))
    body = "".join(f"<tr><th>{escape(label)}</th><td>{escape(value)}</td></tr>" for label, value in rows)
    shown = "".join(value for _, value in rows)
    notes = []
    if rules.base is not None and rules.source.endswith(".toml"):
        base_name = next((ruleset_name(r, lang) for r in RULE_SETS if r.key == rules.base), rules.base)
        notes.append(texts["based_on"].format(name=ruleset_name(rules, lang), base=base_name, source=rules.source))
    if "*" in shown:
        notes.append(SHARED[lang]["reconstructed_note"])
    if "†" in shown:
        notes.append(SHARED[lang]["house_note"])
    foot = "".join(f'<div class="u9-note">{escape(n)}</div>' for n in notes)
    caption = f"<caption style='text-align:left'><b>{escape(texts['facts'])}: {escape(ruleset_name(rules, lang))}</b></caption>"
    return f"<table class='u9-table u9-facts'>{caption}{body}</table>{foot}"


class RulesExplorer(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The rules explorer view: a choice of rule set, its table in its own words, the level table,
    editors for one level's budget and group sizes, the effect on a checked hand (the base rules
    beside the house rules), and the house-rule file.

    ``RulesExplorer(hand_model, rules=load_rules("house.toml"), lang="nb")`` starts from any rule set;
    ``rule_sets=`` names the rule sets offered (one: no choice is shown). The rule set chosen is the
    hand's (``hand.rules``): a ``RuleSetChoice`` on the same hand elsewhere on the page switches it too.

    ``explorer.rules`` is the rule set made: ``simulate(100, rules=explorer.rules)`` plays it.
    """

    def __init__(
        self,
        hand: HandModel | None = None,
        *,
        rules: Rules | None = None,
        model: RulesModel | None = None,
        lang: str | None = None,
        rule_sets: tuple[Rules, ...] = RULE_SETS,
        **kwargs: Any,
    ) -> None:
        start = rules if rules is not None else model.base if model is not None else hand.rules if hand is not None else UPTO9
        self.model = model if model is not None else RulesModel(start, lang=lang or "en")
        if self.model.base is not start:
            self.model.set_base(start)
        if lang is not None:
            self.model.lang = lang
        if hand is None:
            hand = HandModel(SAMPLE_HANDS.get(start.key, "5h 6h 2c 8h Kc Kd Ks 9s"), rules=start, lang=str(self.model.lang))
        elif hand.rules is not start:
            hand.rules = start
        self.hand = hand
        self.choice = RuleSetChoice(self.hand, rule_sets, lang=str(self.model.lang))
        self.choice.layout.display = "none" if len(self.choice.rule_sets) < 2 else None
        self.hand.observe(guard(self, self._game_picked), names="rules")
        self.checker = CheckerModel(self.hand, level=self.model.level, rules=self.model.rules, lang=str(self.model.lang))
        t.dlink((self.model, "rules"), (self.checker, "rules"))
        t.link((self.model, "level"), (self.checker, "level"))
        t.dlink((self.model, "lang"), (self.checker, "lang"))
        self._title = w.HTML()
        self._help = w.HTML()
        self._facts = w.HTML()
        self._table = w.HTML()
        self._levels = w.ToggleButtons(style={"button_width": "3.2em"})
        self._levels.observe(guard(self, self._level_picked), names="value")
        self._editors = w.VBox()
        self._group_rows: list[w.Widget] = []  # the rows _build_editors made for the level shown (one per group)
        self._editing: tuple[Any, ...] = ()
        self._sizes: list[WholeNumber] = []
        self._caps: list[w.Dropdown] = []
        # Whole numbers read exactly as typed (a browser's number box read 1.5 as 15 or 1 without a word).
        self._total = WholeNumber(layout=w.Layout(width="16em"), style={"description_width": "10em"})
        self._total.observe(guard(self, lambda _c: self._edit(self._total, lambda: self.model.set_budget(self.model.level, self._total.number))), names="value")
        # Phase 10: "any number" is a choice of its own, so an unlimited phase never becomes a number by itself.
        self._wild = w.Dropdown(layout=w.Layout(width="24em"), style={"description_width": "12em"})
        self._wild.observe(guard(self, lambda c: self._edit(self._wild, lambda: self.model.set_budget(self.model.level, c["new"]))), names="value")
        self._natural = WholeNumber(layout=w.Layout(width="18em"), style={"description_width": "12em"})
        self._natural.observe(
            guard(self, lambda _c: self._edit(self._natural, lambda: self.model.set_natural(self.model.level, self._natural.number))), names="value"
        )
        self._clean = WholeNumber(layout=w.Layout(width="16em"), style={"description_width": "10em"})
        self._clean.observe(guard(self, lambda _c: self._edit(self._clean, lambda: self.model.set_clean(self.model.level, self._clean.number))), names="value")
        self._error = w.HTML()  # a refusal: in the editors, right under the field refused
        self._refused_at: w.Widget | None = None  # the control whose value was refused and set back
        self._reset_level = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self._reset_level.on_click(guard(self, lambda _b: self.model.reset_level(self.model.level)))
        self._reset_all = w.Button(icon="refresh", button_style="warning", layout=w.Layout(width="auto"))
        self._reset_all.on_click(guard(self, lambda _b: self.model.reset()))
        self._hand_text = w.Text(continuous_update=False, layout=w.Layout(width="100%", max_width="40em"))
        self._hand_text.observe(guard(self, self._typed), names="value")
        self._hand_error = w.HTML()
        self._compared = w.HTML()
        self._checker_view = LevelChecker(self.checker)
        self._toml_label = w.HTML()
        # (width "auto": stretched to its column; "100%" and its margins reached 4 px past it on a phone)
        self._toml = w.Textarea(disabled=True, layout=w.Layout(width="auto", max_width="46em", height="9em"))
        self._download = w.HTML()
        # The file, its name and the calls that read it are a developer's: closed by default.
        self._advanced = Advanced([self._toml_label, self._toml, self._download], lang=str(self.model.lang))
        self._syncing = False
        super().__init__(
            [
                style_tag(),
                self._title,
                self.choice,
                self._facts,
                self._help,
                self._table,
                self._levels,
                self._editors,
                w.HBox([self._reset_level, self._reset_all], layout=w.Layout(flex_flow="row wrap")),
                self._hand_text,
                self._hand_error,
                self._compared,
                self._checker_view,
                self._advanced,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.add_class("u9-explorer")
        self.model.observe(guard(self, self._base_set), names="base")
        self.model.observe(guard(self, self.update), names=["rules", "level", "error", "lang"])
        self.hand.observe(guard(self, self.update), names=["cards", "error"])
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
        self.choice.lang = lang

    # --- edits ---------------------------------------------------------------------------------------

    def pick(self, rules: Rules) -> None:
        """Explore ``rules`` (as a click on its button does): its table, no house rules."""
        self.choice.pick(rules)

    def _game_picked(self, change: Any) -> None:
        if change["new"] is not self.model.base:
            self.model.set_base(change["new"])

    def _base_set(self, change: Any) -> None:
        if self.hand.rules is not change["new"]:
            self.hand.rules = change["new"]  # the hand holds the cards of the game explored

    def _edit(self, control: w.Widget, change: Any) -> None:
        if not self._syncing:
            self._refused_at = control
            change()
            if self.model.error:
                self.update()  # put the refused value back, and say so beside it
            else:
                self._refused_at = None

    def _level_picked(self, change: Any) -> None:
        if change["new"] is not None and change["new"] != self.model.level:
            self.model.level = change["new"]

    def _typed(self, change: Any) -> None:
        if change["new"] != self.hand.text or self.hand.error:  # the hand's own text typed back after a bad one clears the error
            self.hand.set_text(change["new"])
            self.update()

    def size_box(self, index: int) -> WholeNumber:
        """The box holding group ``index``'s size, for the selected level."""
        return self._sizes[index]

    def cap_dropdown(self, index: int) -> w.Dropdown:
        """The dropdown holding group ``index``'s joker cap, for the selected level (Up to 9)."""
        return self._caps[index]

    @property
    def total_box(self) -> WholeNumber:
        """The box holding the selected level's joker budget in total (Up to 9)."""
        return self._total

    @property
    def wild_dropdown(self) -> w.Dropdown:
        """Phase 10: the selected phase's wild cards, ``"unlimited"`` (any number) or a limit."""
        return self._wild

    @property
    def natural_box(self) -> WholeNumber:
        """Phase 10: the number cards the selected phase must hold at least."""
        return self._natural

    def _build_editors(self, lang: str) -> None:
        texts = TEXTS[lang]
        rules = self.model.rules
        level = rules.level(self.model.level)
        per_group = family_of(rules).group_caps  # or one wild-card budget for the whole level (Phase 10)
        self._sizes, self._caps = [], []
        rows: list[w.Widget] = []
        for i, group in enumerate(level.groups):
            size = WholeNumber(layout=w.Layout(width="11em"), style={"description_width": "5em"}, description=texts["size"])
            size.observe(
                guard(self, lambda _c, i=i, box=size: self._edit(box, lambda: self.model.set_group(self.model.level, i, size=box.number))), names="value"
            )
            self._sizes.append(size)
            kind = {GroupKind.RUN: "↔", GroupKind.SET: "≡", GroupKind.COLOUR: "◼"}[group.kind]
            row: list[w.Widget] = [w.HTML(f"<b>{kind} {escape(group_label(level, i, lang, rules))}</b>", layout=w.Layout(width="14em")), size]
            if per_group:
                cap = w.Dropdown(layout=w.Layout(width="21em"), description=texts["cap"], style={"description_width": "8em"})
                cap.observe(
                    guard(self, lambda c, i=i, box=cap: self._edit(box, lambda: self.model.set_group(self.model.level, i, jokers=_cap_value(c["new"])))),
                    names="value",
                )
                self._caps.append(cap)
                row.append(cap)
            rows.append(w.HBox(row))
        if not per_group:
            rows += [self._wild, self._natural]
        else:
            rows.append(self._total)
            if len(level.groups) > 1:
                rows.append(self._clean)
        gone, self._group_rows = self._group_rows, rows[: len(level.groups)]
        self._editors.children = rows
        for row in gone:  # the last level's own rows: closed, or they stay alive in the kernel and the browser
            close_tree(row)

    def update(self, change: Any = None) -> None:
        """Show the rule set, the editors' values, the refusal if any, the effect on the hand and the file."""
        model = self.model
        if self.hand.rules is not model.base:
            return  # the hand has just switched games; the rule set follows at once and draws again
        lang = str(model.lang)
        texts = TEXTS[lang]
        rules = model.rules
        level = rules.level(model.level)
        self._syncing = True
        try:
            self._title.value = f"<h3 style='margin:.2em 0'>{escape(worded(texts, 'title', rules))}</h3>"
            self._facts.value = facts_html(rules, lang)
            self._help.value = f'<div class="u9-note">{escape(worded(texts, "help", rules))}</div>'
            self._table.value = table_html(rules, level.number, lang)
            options = tuple((str(lv.number), lv.number) for lv in rules.levels)
            if self._levels.options != options:
                self._levels.options = options
            self._levels.value = level.number
            self._levels.description = worded(texts, "level", rules)
            editing = (lang, rules.family, level.number, len(level.groups))
            if editing != self._editing:
                self._editing = editing
                self._build_editors(lang)
            for i, group in enumerate(level.groups):
                self._sizes[i].value = group.size
            for i, group in enumerate(level.groups[: len(self._caps)]):
                caps: list[tuple[str, int | str]] = [(texts["no_cap"], _NO_CAP)] + [(str(k), k) for k in range(group.size + 1)]
                if list(self._caps[i].options) != caps:
                    self._caps[i].options = caps
                self._caps[i].value = _NO_CAP if group.jokers is None else group.jokers
            if not family_of(rules).group_caps:
                wild: list[tuple[str, int | str]] = [(texts["unlimited"], "unlimited")] + [(str(k), k) for k in range(level.cards + 1)]
                if list(self._wild.options) != wild:
                    self._wild.options = wild
                self._wild.value = "unlimited" if level.unlimited else level.jokers
                self._wild.description = texts["wild_total"]
                self._natural.max = level.cards
                self._natural.value = level.natural_cards
                self._natural.description = texts["natural"]
            else:
                self._total.description = texts["total"]
                self._total.value = level.jokers
                self._clean.description = texts["clean"]
                self._clean.value = level.clean_groups
            self._error.value = ""
            if not model.error:
                self._refused_at = None
            else:  # the refusal as the engine's message, in the page's language, and the value the box shows again
                refused = refusal_text(model.refusal or Message("raw", text=model.error), lang, rules)
                said = texts["refused"].format(error=refused)
                if self._refused_at is not None:
                    said = texts["put_back"].format(error=refused, value=_shown_value(self._refused_at))
                self._error.value = f'<div class="u9-error" role="alert">⚠ {escape(said)}</div>'
            self._place_error()
            self._reset_level.description = worded(texts, "reset_level", rules)
            self._reset_level.disabled = level.number not in model.house_levels
            self._reset_all.description = texts["reset_all"].format(name=ruleset_name(model.base, lang))
            self._reset_all.disabled = rules is model.base
            self._hand_text.description = texts["hand"]
            if not self.hand.error and self._hand_text.value != self.hand.text:
                self._hand_text.value = self.hand.text
            self._hand_error.value = ""
            if self.hand.error:
                refused = refusal_sentence(self.hand.refusal or Message("raw", text=self.hand.error), lang, self.hand.rules)
                self._hand_error.value = f'<div class="u9-error" role="alert">⚠ {escape(refused)}</div>'
            self._compared.value = self._comparison(lang)
            # The calls are code: in <code>, as every developer detail in the "Advanced" section.
            calls = {"reads": "<code>load_rules</code>", "plays": "<code>simulate(rules=...)</code>"}
            self._toml_label.value = f"<b>{escape(texts['toml']).format(**calls)}</b>"
            self._advanced.lang = lang
            if model.house_levels:
                text = model.house_toml()
                self._toml.value = text
                words = escape(texts["download"]).format(file="<code>house.toml</code>")
                self._download.value = f'<a download="house.toml" href="data:text/plain;charset=utf-8,{quote(text)}">{words}</a>'
            else:
                self._toml.value = texts["no_house"].format(name=ruleset_name(model.base, lang))
                self._download.value = ""
        finally:
            self._syncing = False

    def _place_error(self) -> None:
        """The refusal right under the row of the field refused (one not typed in a box: under the editors)."""
        rows = [row for row in self._editors.children if row is not self._error]
        field = self._refused_at
        at = next((i + 1 for i, row in enumerate(rows) if field is not None and (row is field or field in getattr(row, "children", ()))), len(rows))
        rows.insert(at, self._error)
        if tuple(rows) != tuple(self._editors.children):
            self._editors.children = rows

    def _comparison(self, lang: str) -> str:
        """The hand's verdict on the selected level under the base rules and under the house rules."""
        texts = TEXTS[lang]
        model = self.model
        cells = []
        sides = (model.base, model.rules) if model.rules is not model.base else (model.base,)
        verdicts: dict[int, Verdict] = {}
        try:  # one time budget for the rows together; the checker below keeps its own
            with within(CLICK_SECONDS):
                for rules in sides:
                    if not (self.checker.too_long and rules is self.checker.rules):  # stopped there already
                        found = checked(self.hand.cards, model.level, rules)
                        _ = found.cards_short  # all the row shows, worked out inside the budget
                        verdicts[id(rules)] = found
        except OverBudget:
            pass  # the rows without a verdict say so
        for rules in sides:
            verdict = verdicts.get(id(rules))
            if verdict is None:
                words = f'<span class="u9-bad">{escape(texts["too_long"].format(seconds=number_text(CLICK_SECONDS, lang, 0)))}</span>'
            elif verdict.ok:
                assert verdict.jokers is not None
                words = f'<span class="u9-ok">{escape(texts["valid"].format(jokers=jokers_text(verdict.jokers, lang, rules)))}</span>'
            else:
                short = verdict.cards_short
                amount = texts["card_short" if short == 1 else "cards_short"].format(n=short)
                words = f'<span class="u9-bad">{escape(texts["not_valid"].format(short=amount))}</span>'
            cells.append(f"<li><b>{escape(texts['under'].format(name=ruleset_name(rules, lang)))}</b>: {words}</li>")
        return f"<div><b>{escape(worded(texts, 'compare', model.rules).format(n=model.level))}</b><ul style='margin:.2em 0'>{''.join(cells)}</ul></div>"
