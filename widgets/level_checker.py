"""The level checker: pick a level, see at once whether the hand makes it, and why.

``CheckerModel`` follows a ``HandModel`` and holds the engine's verdict (``upto9.check``) for the
chosen level; ``LevelChecker`` draws it: the contract and its joker budget (reconstructed values
marked), the verdict, the best (or closest) arrangement as card rows, a budget meter per group and
in total, and for a hand that falls short the explanation, the missing cards and the outs.

With Phase 10's rules (the hand's, or ``rules=PHASE10``) it checks phases: the words are Phase 10's
(phase, wild card), the budget is "any number of wild cards, at least one number card", and the
cards are drawn in Phase 10's colours.

A hand of more cards than a player ever holds (the rules' ``hand_size``, one more after drawing) is
still checked, as a player who miscounted would want, but a warning above the verdict names how
many cards it holds and how many a player holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.cards import CardError, PlayingCard
from upto9.family import Slot as ArrangedSlot
from upto9.family import TableMeld, Verdict
from upto9.rules import UPTO9, Level, Rules, RulesError

from ._common import ModelLanguage, checked, guard, style_tag
from .budget import CLICK_SECONDS, OverBudget, within
from .cards_html import card_html, card_row
from .engine_text import explanation_lines
from .hand import HandModel, by_suit
from .texts import LANGS, SHARED, budget_text, check_lang, contract_text, group_label, jokers_text, level_title, number_text, worded

__all__ = ["TEXTS", "CheckerModel", "LevelChecker", "arrangement_html", "budget_html", "level_html", "naturals", "too_long_html", "worked_out"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Check the hand against a level",
        "level": "Level",
        "level_tip": "Level {n}: {contract}",
        "valid": "✔ VALID for level {n}",
        "not_valid": "✘ NOT VALID for level {n}",
        "valid_more": "The hand holds the lay-down, with {jokers}.",
        "valid_clean": "The hand holds the lay-down, with no jokers.",
        "valid_clean_phase": "The hand holds the lay-down, with no wild cards.",
        "oversize": (
            "This hand holds {n} cards, but a player holds {size} ({more} after drawing a card): no player can hold it. The check below is for all {n} cards."
        ),
        "short": "The hand is {n} card short.",
        "short_many": "The hand is {n} cards short.",
        "best": "The best lay-down (fewest jokers)",
        "closest": "The closest arrangement",
        "left": "Not laid down",
        "missing": "Missing",
        "outs": "Any one of these makes it",
        "no_outs": "No single card makes it: the hand needs more than one.",
        "budget": "Joker budget",
        "total": "In total",
        "uses": "uses {used} of {allowed}",
        "needs": "needs {need}, {allowed} allowed",
        "clean": "Groups with no joker: {have} (at least {need} required)",
        "why": "Why",
        "legend": (
            "How to read it: a joker is dashed and purple, with the card it stands for (=7♥); a 2 or 3 that counts as itself is "
            "tagged REAL; a grey dashed gap is a missing card."
        ),
        "start": "Pick cards to check a level.",
        "start_phase": "Pick cards to check a phase.",
        "meter": "Jokers in {group}",
        "title_phase": "Check the hand against a phase",
        "level_phase": "Phase",
        "level_tip_phase": "Phase {n}: {contract}",
        "valid_phase": "✔ VALID for phase {n}",
        "not_valid_phase": "✘ NOT VALID for phase {n}",
        "best_phase": "The best lay-down (fewest wild cards)",
        "budget_phase": "Wild cards",
        "unlimited": "any number of wild cards; this lay-down uses {used}",
        "unlimited_short": "any number of wild cards; the closest arrangement uses {used} and lacks {n} more",
        "natural": "Number cards in the lay-down: {have} (at least {need} required)",
        "legend_phase": (
            "How to read it: each card is drawn in its colour; a wild card shows what it stands for (=7, or a colour); a grey dashed gap is a missing card."
        ),
        "too_long": "This check took too long (more than {seconds} s of the server's time), so it was stopped: remove some cards, or pick another level.",
        "too_long_phase": "This check took too long (more than {seconds} s of the server's time), so it was stopped: remove some cards, or pick another phase.",
    },
    "nb": {
        "title": "Sjekk hånda mot et nivå",
        "level": "Nivå",
        "level_tip": "Nivå {n}: {contract}",
        "valid": "✔ GYLDIG for nivå {n}",
        "not_valid": "✘ IKKE GYLDIG for nivå {n}",
        "valid_more": "Hånda har nedlegget, med {jokers}.",
        "valid_clean": "Hånda har nedlegget, uten jokere.",
        "valid_clean_phase": "Hånda har nedlegget, uten jokere.",
        "oversize": (
            "Denne hånda har {n} kort, men en spiller har {size} på hånda ({more} etter å ha trukket et kort): ingen spiller kan ha den. "
            "Sjekken under gjelder alle de {n} kortene."
        ),
        "short": "Hånda mangler {n} kort.",
        "short_many": "Hånda mangler {n} kort.",
        "best": "Det beste nedlegget (færrest jokere)",
        "closest": "Det nærmeste oppsettet",
        "left": "Ikke lagt ned",
        "missing": "Mangler",
        "outs": "Ett av disse kortene fullfører",
        "no_outs": "Ingen enkeltkort fullfører: hånda trenger mer enn ett.",
        "budget": "Jokerbudsjett",
        "total": "Totalt",
        "uses": "bruker {used} av {allowed}",
        "needs": "trenger {need}, {allowed} tillatt",
        "clean": "Grupper uten joker: {have} (minst {need} kreves)",
        "why": "Hvorfor",
        "legend": (
            "Slik leser du det: en joker er stiplet og lilla, med kortet den står for (=7♥); en 2-er eller 3-er som teller som seg "
            "selv er merket EKTE; et grått, stiplet hull er et kort som mangler."
        ),
        "start": "Velg kort for å sjekke et nivå.",
        "start_phase": "Velg kort for å sjekke en fase.",
        "meter": "Jokere i {group}",
        "title_phase": "Sjekk hånda mot en fase",
        "level_phase": "Fase",
        "level_tip_phase": "Fase {n}: {contract}",
        "valid_phase": "✔ GYLDIG for fase {n}",
        "not_valid_phase": "✘ IKKE GYLDIG for fase {n}",
        "best_phase": "Det beste nedlegget (færrest jokere)",
        "budget_phase": "Jokere",
        "unlimited": "så mange jokere du vil; dette nedlegget bruker {used}",
        "unlimited_short": "så mange jokere du vil; det nærmeste oppsettet bruker {used} og mangler {n} til",
        "natural": "Tallkort i nedlegget: {have} (minst {need} kreves)",
        "legend_phase": (
            "Slik leser du det: hvert kort vises i sin farge; en joker viser hva den står for (=7, eller en farge); et grått, stiplet "
            "hull er et kort som mangler."
        ),
        "too_long": "Denne sjekken tok for lang tid (mer enn {seconds} s av serverens tid), så den ble stoppet: fjern noen kort, eller velg et annet nivå.",
        "too_long_phase": (
            "Denne sjekken tok for lang tid (mer enn {seconds} s av serverens tid), så den ble stoppet: fjern noen kort, eller velg en annen fase."
        ),
    },
}
assert set(TEXTS) == set(LANGS)


class CheckerModel(t.HasTraits):
    """The engine's verdict on a hand for a level, kept up to date as the hand changes.

    >>> hand = HandModel("5h 6h 2c 8h 9h 2d 3s Jc")
    >>> model = CheckerModel(hand, level=7)
    >>> model.result.ok, model.result.jokers
    (True, 3)
    >>> hand.set_text("5h 6h 2c 8h")
    True
    >>> model.level = 1
    >>> model.result.ok, [str(f) for f in model.result.missing]
    (False, ['7h'])
    """

    hand = t.Instance(HandModel)
    level = t.Int(1)
    rules = t.Instance(Rules)
    lang = t.Unicode("en")
    result = t.Any(default_value=None, allow_none=True)  # any family's verdict (upto9.family.Verdict), or None
    too_long = t.Bool(False)  # the last check ran past ``CLICK_SECONDS`` and was stopped: no verdict

    def __init__(self, hand: HandModel | None = None, *, level: int = 1, rules: Rules | None = None, lang: str | None = None) -> None:
        hand = hand if hand is not None else HandModel(lang=lang or "en", rules=rules if rules is not None else UPTO9)
        super().__init__(hand=hand, rules=rules if rules is not None else hand.rules, lang=check_lang(lang or str(hand.lang)))
        self.level = level
        hand.observe(self._recheck, names="cards")
        if rules is None:  # the hand's rule set, followed when it changes (Up to 9 or Phase 10)
            hand.observe(self._follow_rules, names="rules")
        self._recheck()

    def _follow_rules(self, change: Any) -> None:
        self.rules = change["new"]

    @t.validate("level")
    def _valid_level(self, proposal: Any) -> int:
        number = int(proposal["value"])
        self.rules.level(number)  # the engine names the levels there are
        return number

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("rules")
    def _on_rules(self, change: Any) -> None:
        if self.level > len(self.rules.levels):
            self.level = len(self.rules.levels)  # a house rule set with fewer levels
        self._recheck()

    @t.observe("level")
    def _on_level(self, change: Any) -> None:
        self._recheck()

    def _recheck(self, change: Any = None) -> None:
        try:
            result = worked_out(self.hand.cards, self.level, self.rules)
        except (RulesError, CardError):  # for a moment, the hand holds the other game's cards
            result = None
        except OverBudget:
            with self.hold_trait_notifications():  # the view sees both at once
                self.too_long = True
                self.result = None
            return
        with self.hold_trait_notifications():
            self.too_long = False
            self.result = result

    @property
    def level_rules(self) -> Level:
        """The chosen level of the rules."""
        return self.rules.level(self.level)


def worked_out(cards: Sequence[PlayingCard], level: int, rules: Rules) -> Verdict:
    """``checked(cards, level, rules)`` with all a page shows of it worked out (the explanation, and
    for a hand that falls short its closest arrangement, missing cards and outs), within
    ``CLICK_SECONDS`` of CPU time: past that, ``OverBudget`` and no verdict at all (never a partial one).

    >>> worked_out(HandModel("5h 6h 7h 8h").cards, 1, UPTO9).ok
    True
    """
    with within(CLICK_SECONDS):
        result = checked(cards, level, rules)
        _ = result.messages
        if not result.ok:
            _ = (result.closest, result.missing, result.outs)
    return result


def too_long_html(texts: dict[str, str], rules: Rules, lang: str, seconds: float, key: str = "too_long") -> str:
    """The notice for a computation stopped at its time budget (``seconds``), in the page's language."""
    words = worded(texts, key, rules).format(seconds=number_text(seconds, lang, 0))
    return f'<div class="u9-error" role="alert">⚠ {escape(words)}</div>'


# --- drawing pieces the other components share ---------------------------------------------------


def level_html(level: Level, rules: Rules, lang: str) -> str:
    """The level's contract and joker budget, reconstructed values marked ``*`` and a house rule ``†``.

    >>> print(level_html(UPTO9.level(7), UPTO9, "en"))
    <div><b>Level 7</b>: straight of 7 · <span>Joker budget: at most 3 jokers</span></div>
    """
    shared = SHARED[lang]
    texts = TEXTS[lang]
    contract = contract_text(level, lang, marks=True, rules=rules)
    budget = budget_text(level, lang, marks=True, rules=rules)
    house = rules.is_house_rule(f"levels.{level.number}")
    notes = []
    if "*" in contract + budget:
        notes.append(shared["reconstructed_note"])
    if house:
        notes.append(shared["house_note"])
    mark = f" {shared['house_mark']}" if house else ""
    note = "".join(f'<div class="u9-note">{escape(n)}</div>' for n in notes)
    return (
        f"<div><b>{escape(level_title(rules, level.number, lang))}{mark}</b>: {escape(contract)} · "
        f"<span>{escape(worded(texts, 'budget', rules))}: {escape(budget)}</span></div>{note}"
    )


def _meter(need: int, covered: int, allowed: int, label: str) -> str:
    cells = []
    for k in range(max(need, allowed)):
        kind = "u9-used" if k < covered else "u9-gap" if k < need else ""
        if allowed <= k < need:
            kind += " u9-over"
        cells.append(f'<span class="u9-cell {kind}"></span>' if kind else '<span class="u9-cell"></span>')
    aria = f'role="meter" aria-valuemin="0" aria-valuemax="{allowed}" aria-valuenow="{need}" aria-label="{escape(label)}"'
    return f'<span class="u9-meter" {aria}>{"".join(cells)}</span>'


def budget_html(
    level: Level, groups: Sequence[tuple[int, int]], ok: bool, lang: str, rules: Rules | None = None, naturals: int | None = None, short: int | None = None
) -> str:
    """A joker meter per group and in total. ``groups`` holds, per group of the level, how many
    of its slots need a joker and how many of those a 2 or 3 of the hand covers. A level with any
    number of wild cards (Phase 10) has no meter: it says how many wild cards the lay-down uses and
    how many number cards it holds (``naturals``) against the level's least, and for a hand that
    falls short, the verdict's cards short (``short``: ``Check.cards_short``)."""
    texts = TEXTS[lang]
    rows = []
    if level.unlimited:
        need = sum(n for n, _ in groups)
        covered = sum(c for _, c in groups)
        used = jokers_text(covered, lang, rules)
        line = texts["unlimited"].format(used=used) if ok else texts["unlimited_short"].format(used=used, n=short if short is not None else need - covered)
        rows.append(f"<div>{escape(line)}</div>")
        if level.natural_cards and naturals is not None:
            rows.append(f"<div>{escape(texts['natural'].format(have=naturals, need=level.natural_cards))}</div>")
        return f"<div><b>{escape(worded(texts, 'budget', rules))}</b>{''.join(rows)}</div>"

    def words(need: int, allowed: int) -> str:
        return texts["uses"].format(used=need, allowed=allowed) if ok else texts["needs"].format(need=need, allowed=allowed)

    if len(level.groups) > 1:
        for i, (need, covered) in enumerate(groups):
            name = group_label(level, i, lang)
            cap = level.cap(i)
            rows.append(f"<div>{escape(name)}{_meter(need, covered, cap, texts['meter'].format(group=name))}{escape(words(need, cap))}</div>")
    need = sum(n for n, _ in groups)
    covered = sum(c for _, c in groups)
    if len(level.groups) > 1:
        total = texts["total"]
        rows.append(f"<div><b>{escape(total)}</b>{_meter(need, covered, level.jokers, total)}{escape(words(need, level.jokers))}</div>")
    else:
        rows.append(f"<div>{_meter(need, covered, level.jokers, texts['budget'])}{escape(words(need, level.jokers))}</div>")
    if level.clean_groups:
        have = sum(1 for n, _ in groups if n == 0)
        rows.append(f"<div>{escape(texts['clean'].format(have=have, need=level.clean_groups))}</div>")
    return f"<div><b>{escape(texts['budget'])}</b>{''.join(rows)}</div>"


def naturals(result: Verdict) -> int:
    """How many real (number) cards the verdict's lay-down, or its closest arrangement, holds."""
    if result.ok:
        return sum(1 for m in result.melds for p in m.cards if not p.wild)
    return sum(1 for slots in result.closest.groups for s in slots if s.card is not None and not s.wild)


def arrangement_html(result: Verdict, lang: str) -> tuple[str, list[tuple[int, int]], list[PlayingCard]]:
    """The verdict's arrangement as card rows: the best lay-down, or the closest one for a hand that
    falls short. Also, per group, (slots needing a joker, of those covered by a 2 or 3), and the
    hand's cards left out of it."""
    level, rules = result.level, result.rules
    rows: list[str] = []
    needs: list[tuple[int, int]] = []
    used: Counter[PlayingCard] = Counter()
    if result.ok:
        melds: Sequence[TableMeld] = result.melds
        for i, meld in enumerate(melds):
            cells = []
            for p in meld.cards:
                cells.append(card_html(p.card, p.face, real=not p.wild and rules.is_wild(p.card), lang=lang))
                used[p.card] += 1
            rows.append(card_row(cells, group_label(level, i, lang, rules)))
            needs.append((meld.jokers, meld.jokers))
    else:
        groups: Sequence[Sequence[ArrangedSlot]] = result.closest.groups
        for i, slots in enumerate(groups):
            cells = []
            need = covered = 0
            for slot in slots:
                if slot.card is None:
                    cells.append(card_html(None, slot.face, lang=lang))
                    need += 1
                    continue
                wild = slot.wild
                cells.append(card_html(slot.card, slot.face, real=not wild and rules.is_wild(slot.card), lang=lang))
                used[slot.card] += 1
                if wild:
                    need += 1
                    covered += 1
            rows.append(card_row(cells, group_label(level, i, lang, rules)))
            needs.append((need, covered))
    held: Counter[PlayingCard] = Counter(result.hand)
    left = list((held - used).elements())
    left.sort(key=by_suit)
    return "".join(rows), needs, left


class LevelChecker(ModelLanguage, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The level checker view: level buttons 1-9, the contract and budget, a live verdict, the
    arrangement, the budget meters, and the reasons, missing cards and outs of a hand that falls short.

    ``LevelChecker(hand_builder.model, lang="nb")``; ``checker.model`` is its ``CheckerModel``.
    """

    def __init__(self, hand: HandModel | CheckerModel | None = None, *, level: int = 1, lang: str | None = None, **kwargs: Any) -> None:
        if isinstance(hand, CheckerModel):
            self.model = hand
            if lang is not None:
                self.model.lang = lang
        else:
            self.model = CheckerModel(hand, level=level, lang=lang)
        self._title = w.HTML()
        self._levels = w.ToggleButtons(style={"button_width": "2.6em"})
        self._levels.observe(guard(self, self._picked), names="value")
        self._contract = w.HTML()
        self._verdict = w.HTML()
        self._arrangement = w.HTML()
        self._budget = w.HTML()
        self._details = w.HTML()
        self._legend = w.HTML()
        self._shown_levels: tuple[Any, ...] = ()
        self._relabelling = False
        super().__init__(
            [style_tag(), self._title, self._levels, self._contract, self._verdict, self._arrangement, self._budget, self._details, self._legend],
            **kwargs,
        )
        self.add_class("u9")
        self.model.observe(guard(self, self.update), names=["result", "too_long", "lang", "rules", "level"])
        self.update()

    def _picked(self, change: Any) -> None:
        # New options (another rule set or language) reset the buttons' value: that is no learner's pick.
        if not self._relabelling and change["new"] is not None and change["new"] != self.model.level:
            self.model.level = change["new"]

    def update(self, change: Any = None) -> None:
        """Show the model's verdict."""
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        rules = model.rules
        options = tuple((str(lv.number), lv.number) for lv in rules.levels)
        tips = [worded(texts, "level_tip", rules).format(n=lv.number, contract=contract_text(lv, lang, rules=rules)) for lv in rules.levels]
        if (options, tips) != self._shown_levels:
            self._shown_levels = (options, tips)
            self._relabelling = True
            try:
                self._levels.options = options
                self._levels.tooltips = tips
                self._levels.style.button_width = "3.2em" if len(options) > 9 else "2.6em"  # room for "10"
            finally:
                self._relabelling = False
        if self._levels.value != model.level:
            self._levels.value = model.level
        self._title.value = f"<h3 style='margin:.2em 0'>{escape(worded(texts, 'title', rules))}</h3>"
        self._levels.description = worded(texts, "level", rules)
        level = model.level_rules
        self._contract.value = level_html(level, rules, lang)
        self._legend.value = f'<div class="u9-note">{escape(worded(texts, "legend", rules))}</div>'
        result = model.result
        if model.too_long:  # stopped at the time budget: no verdict, and nothing of the last hand's
            self._verdict.value = too_long_html(texts, rules, lang, CLICK_SECONDS)
            self._arrangement.value = self._budget.value = self._details.value = ""
            return
        if result is None:
            return
        number = level.number
        if not result.hand:  # nothing picked yet: a prompt, nothing red
            self._verdict.value = f'<div role="status" aria-live="polite" class="u9-note">{escape(worded(texts, "start", rules))}</div>'
            self._arrangement.value = ""
            self._budget.value = ""
            self._details.value = ""
            return
        if result.ok:
            assert result.jokers is not None
            # "uten jokere", not "med ingen jokere": a lay-down with no joker has a sentence of its own
            with_jokers = texts["valid_more"].format(jokers=jokers_text(result.jokers, lang, rules)) if result.jokers else worded(texts, "valid_clean", rules)
            self._verdict.value = (
                f'<div role="status" aria-live="polite"><span class="u9-ok">{escape(worded(texts, "valid", rules).format(n=number))}</span> '
                f"{escape(with_jokers)}</div>"
            )
        else:
            short = result.cards_short
            key = "short" if short == 1 else "short_many"
            self._verdict.value = (
                f'<div role="status" aria-live="polite"><span class="u9-bad">{escape(worded(texts, "not_valid", rules).format(n=number))}</span> '
                f"{escape(texts[key].format(n=short))}</div>"
            )
        if len(result.hand) > rules.hand_size + 1:  # more cards than a player ever holds: said, and the verdict still shown
            oversize = texts["oversize"].format(n=len(result.hand), size=rules.hand_size, more=rules.hand_size + 1)
            self._verdict.value += f'<div class="u9-error" role="alert">⚠ {escape(oversize)}</div>'
        rows, needs, left = arrangement_html(result, lang)
        heading = worded(texts, "best", rules) if result.ok else texts["closest"]
        left_row = card_row((card_html(c, lang=lang) for c in left), texts["left"]) if left else ""
        self._arrangement.value = f"<div><b>{escape(heading)}</b>{rows}{left_row}</div>"
        self._budget.value = budget_html(level, needs, result.ok, lang, rules, naturals(result) if level.unlimited else None, result.cards_short)
        lines = explanation_lines(result, lang)
        why = "".join(f"<li>{escape(line)}</li>" for line in lines)
        parts = [f"<div><b>{escape(texts['why'])}</b><ul style='margin:.2em 0'>{why}</ul></div>"]
        if not result.ok:
            if result.missing:
                parts.append(card_row((card_html(None, f, lang=lang) for f in result.missing), texts["missing"]))
            if result.outs:
                parts.append(card_row((card_html(c, lang=lang) for c in result.outs), texts["outs"]))
            else:
                parts.append(f'<div class="u9-note">{escape(texts["no_outs"])}</div>')
        self._details.value = "".join(parts)
