"""The lay-down editor: the learner arranges a lay-down and the engine says at once what it breaks.

``LayDownModel`` follows a ``HandModel``: the learner moves cards from the hand into the level's
groups and, for each 2 or 3, says what it stands for or that it is itself. After every change the
engine's ``validate`` judges the lay-down; its reasons are the ones shown. ``LayDownEditor`` is the view.

With Phase 10's rules the groups are sets, runs and colour groups, a group may hold more cards than
the phase asks, and each wild card is said to stand for a number (or, in a colour group, a colour).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.cards import PlayingCard
from upto9.family import TableMeld, family_of, validate
from upto9.problems import Problem
from upto9.rules import UPTO9, Group, Level, Rules

from ._common import ModelLanguage, checked, close_tree, guard, style_tag
from .budget import CLICK_SECONDS, OverBudget, within
from .cards_html import card_html, card_row, style_card_button
from .engine_text import problem_text
from .hand import HandModel
from .level_checker import level_html, too_long_html
from .texts import LANGS, card_name, check_lang, face_glyph, family_for, group_label, jokers_text, worded

__all__ = ["TEXTS", "Entry", "LayDownEditor", "LayDownModel"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Make your own lay-down",
        "help": (
            "Pick the group, then click cards of the hand to put them in it; click a card in a group to take it back. For each 2 or "
            "3, say what it stands for, or that it is itself."
        ),
        "level": "Level",
        "into": "Put into",
        "hand": "The hand (click to place)",
        "hand_empty": "Every card of the hand is placed.",
        "itself": "itself ({card})",
        "as": "as {face}",
        "stands_for": "stands for",
        "empty_group": "Empty: pick cards from the hand for it.",
        "engine_view": "As laid down",
        "valid": "✔ A valid lay-down for level {n}",
        "valid_more": "It uses {jokers}.",
        "not_valid": "✘ Not a valid lay-down for level {n} yet",
        "reasons": "What the rules say",
        "auto": "Use the checker's arrangement",
        "clear": "Clear",
        "cap": "at most {jokers} here",
        "cap_none": "no jokers here",
        "take_back": "Take {card} back into the hand",
        "help_phase": (
            "Pick the group, then click cards of the hand to put them in it; click a card in a group to take it back. A group may "
            "hold more cards than the phase asks. For each wild card, say what it stands for: a number, or in a colour group a colour."
        ),
        "level_phase": "Phase",
        "valid_phase": "✔ A valid lay-down for phase {n}",
        "not_valid_phase": "✘ Not a valid lay-down for phase {n} yet",
        "short": "This hand cannot lay down level {n} yet: the checker has laid out its closest arrangement, which lacks {cards}.",
        "short_phase": "This hand cannot lay down phase {n} yet: the checker has laid out its closest arrangement, which lacks {cards}.",
        "start": "Pick cards from the hand to lay down level {n}.",
        "start_phase": "Pick cards from the hand to lay down phase {n}.",
        "cap_phase": "any number of wild cards",
        "too_long": (
            "The checker's arrangement took too long to work out (more than {seconds} s of the server's time), so it was stopped; "
            "the lay-down is as it was. Remove some cards, or arrange them yourself."
        ),
    },
    "nb": {
        "title": "Lag ditt eget nedlegg",
        "help": (
            "Velg gruppen, og klikk så kort på hånda for å legge dem i den; klikk et kort i en gruppe for å ta det tilbake. For hver "
            "2-er og 3-er: si hva den står for, eller at den er seg selv."
        ),
        "level": "Nivå",
        "into": "Legg i",
        "hand": "Hånda (klikk for å legge)",
        "hand_empty": "Alle kortene på hånda er lagt ut.",
        "itself": "seg selv ({card})",
        "as": "som {face}",
        "stands_for": "står for",
        "empty_group": "Tom: velg kort fra hånda til den.",
        "engine_view": "Slik det legges ned",
        "valid": "✔ Et gyldig nedlegg for nivå {n}",
        "valid_more": "Det bruker {jokers}.",
        "not_valid": "✘ Ikke et gyldig nedlegg for nivå {n} ennå",
        "reasons": "Hva reglene sier",
        "auto": "Bruk sjekkerens oppsett",
        "clear": "Tøm",
        "cap": "maks {jokers} her",
        "cap_none": "ingen jokere her",
        "take_back": "Ta {card} tilbake til hånda",
        "help_phase": (
            "Velg gruppen, og klikk så kort på hånda for å legge dem i den; klikk et kort i en gruppe for å ta det tilbake. En gruppe "
            "kan ha flere kort enn fasen krever. For hver joker: si hva den står for, et tall, eller i en fargegruppe en farge."
        ),
        "level_phase": "Fase",
        "valid_phase": "✔ Et gyldig nedlegg for fase {n}",
        "not_valid_phase": "✘ Ikke et gyldig nedlegg for fase {n} ennå",
        "short": "Denne hånda kan ikke legge ned nivå {n} ennå: sjekkeren har lagt ut det nærmeste oppsettet sitt, og det mangler {cards}.",
        "short_phase": "Denne hånda kan ikke legge ned fase {n} ennå: sjekkeren har lagt ut det nærmeste oppsettet sitt, og det mangler {cards}.",
        "start": "Velg kort fra hånda for å legge ned nivå {n}.",
        "start_phase": "Velg kort fra hånda for å legge ned fase {n}.",
        "cap_phase": "så mange jokere du vil",
        "too_long": (
            "Sjekkerens oppsett tok for lang tid å finne (mer enn {seconds} s av serverens tid), så det ble stoppet; nedlegget er "
            "som før. Fjern noen kort, eller legg dem selv."
        ),
    },
}
assert set(TEXTS) == set(LANGS)


@dataclass(frozen=True, slots=True)
class Entry:
    """A card placed in a group and what the learner says it stands for (``None``: itself; for a
    Phase 10 wild card, not said yet)."""

    card: PlayingCard
    face: object | None = None

    def to_dict(self) -> dict[str, str]:
        """The engine's card shape (``{"card": "W", "as": "7"}``): a Phase 10 number card stands for
        itself, as the engine reads it; a wild card stands for what the learner said, if anything."""
        entry = {"card": str(self.card)}
        if self.face is not None:
            entry["as"] = str(self.face)  # a colour's text is its letter
        return entry


class LayDownModel(t.HasTraits):
    """A lay-down the learner arranges from a hand, judged by the engine after every change.

    ``groups`` holds one tuple of ``Entry`` per group of the level; ``problems`` the engine's
    reasons (``validate``), ``valid`` its verdict.

    >>> from upto9 import parse_card
    >>> hand = HandModel("5h 6h 2c 8h")
    >>> model = LayDownModel(hand, level=1)
    >>> for card in hand.cards:
    ...     model.place(card)
    >>> model.set_face(0, 2, parse_card("7h"))
    >>> model.valid, [p.message for p in model.problems]
    (False, ['level 1 allows no jokers; this lay-down uses 1 (2♣ as 7♥)'])
    """

    hand = t.Instance(HandModel)
    level = t.Int(1)
    rules = t.Instance(Rules)
    lang = t.Unicode("en")
    target = t.Int(0)
    groups = t.Tuple()
    free = t.Tuple()
    problems = t.Tuple()
    valid = t.Bool(False)
    too_long = t.Bool(False)  # the checker's arrangement was asked for and stopped at ``CLICK_SECONDS``
    short = t.Tuple()  # the checker's closest arrangement is laid out: the faces it lacks (a hand that falls short)

    def __init__(self, hand: HandModel | None = None, *, level: int = 1, rules: Rules | None = None, lang: str | None = None) -> None:
        hand = hand if hand is not None else HandModel(lang=lang or "en", rules=rules if rules is not None else UPTO9)
        super().__init__(hand=hand, rules=rules if rules is not None else hand.rules, lang=check_lang(lang or str(hand.lang)))
        self.level = level
        self._reset()
        hand.observe(self._follow_hand, names="cards")
        if rules is None:  # the hand's rule set, followed when it changes (Up to 9 or Phase 10)
            hand.observe(self._follow_rules, names="rules")

    def _follow_rules(self, change: Any) -> None:
        self.rules = change["new"]

    @t.validate("level")
    def _valid_level(self, proposal: Any) -> int:
        number = int(proposal["value"])
        self.rules.level(number)
        return number

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("level", "rules")
    def _on_level(self, change: Any) -> None:
        if change["name"] == "rules" and self.level > len(self.rules.levels):
            self.level = len(self.rules.levels)
            return
        self._reset()

    @property
    def level_rules(self) -> Level:
        return self.rules.level(self.level)

    # --- what is where -------------------------------------------------------------------------------

    def free_cards(self) -> list[PlayingCard]:
        """The hand's cards not placed in any group, in the hand's order."""
        return list(self.free)

    def _free_of(self, groups: Sequence[tuple[Entry, ...]]) -> tuple[PlayingCard, ...]:
        placed = Counter(e.card for group in groups for e in group)
        free = []
        for card in self.hand.cards:
            if placed[card] > 0:
                placed[card] -= 1
            else:
                free.append(card)
        return tuple(free)

    def melds(self) -> tuple[TableMeld | None, ...]:
        """The lay-down as the engine's melds, one per group (a straight or run in its order when it
        has one); ``None`` for a Phase 10 group the engine cannot read (a skip in it, a wild card not
        said to stand for anything: the reasons say so)."""
        return self.melds_of(self.level_rules, self.groups, self.rules)

    def group_problems(self, index: int) -> list[Problem]:
        """The engine's reasons about group ``index``."""
        return [p for p in self.problems if p.meld == index]

    def general_problems(self) -> list[Problem]:
        """The engine's reasons about the lay-down as a whole (the budget, clean groups, the hand)."""
        return [p for p in self.problems if p.meld is None]

    def face_options(self, group: int, index: int) -> list[object]:
        """What the ``index``-th card of ``group`` (a 2 or 3; a Phase 10 wild card) may be said to
        stand for: the faces the engine says fit the group beside its other cards (``wild_faces``:
        a straight's gaps and ends in its suit, a set's rank; a Phase 10 run's numbers, a set's
        number, a colour group's colour). A 2 or 3 that may be itself comes first, as its own card;
        alone in its group, it is only itself."""
        return self._fitting(self.level_rules.groups[group], self.groups[group], index)

    def _fitting(self, group: Group, entries: Sequence[Entry], index: int) -> list[object]:
        others = [(e.card, e.face) for k, e in enumerate(entries) if k != index]
        return list(family_of(self.rules).wild_faces(entries[index].card, group.kind, others, group.size, self.rules))

    def _chosen(self, entry: Entry) -> object | None:
        """What the entry stands for, as ``face_options`` names it (a 2 or 3 as itself: its card)."""
        if family_of(self.rules).as_itself(entry.card, entry.face):
            return entry.card
        return entry.face

    def _fitted(self, level: Level, groups: Sequence[tuple[Entry, ...]]) -> list[tuple[Entry, ...]]:
        """The groups with every 2 or 3 (wild card) standing for a face that fits its group: one
        that no longer fits (the group changed around it), or none said yet, takes the first that
        does, itself where it may be. So the editor never shows a card the verdict counts otherwise."""
        fitted = []
        for group, entries in zip(level.groups, groups, strict=True):
            current = list(entries)
            for k, entry in enumerate(current):
                if not self.rules.is_wild(entry.card):
                    continue
                options = self._fitting(group, current, k)
                if options and self._chosen(entry) not in options:
                    face = options[0]
                    current[k] = Entry(entry.card, None if face == entry.card else face)
                elif entry.face is not None and self._chosen(entry) == entry.card:
                    current[k] = Entry(entry.card, None)  # itself, said once way only
            fitted.append(tuple(current))
        return fitted

    # --- changing it ---------------------------------------------------------------------------------

    def place(self, card: PlayingCard, group: int | None = None, face: object | None = None) -> None:
        """Move one copy of ``card`` from the hand into ``group`` (default: ``target``). A 2 or 3
        (a Phase 10 wild card) placed with no face, or one that does not fit, takes the first face
        that fits the group (``face_options``)."""
        index = self.target if group is None else group
        if card not in self.free_cards():
            raise ValueError(f"{card} is not in the hand, or every copy of it is placed")
        groups = list(self.groups)
        groups[index] = (*groups[index], Entry(card, face))
        self._set(groups)

    def unplace(self, group: int, index: int) -> None:
        """Take the ``index``-th card of ``group`` back into the hand."""
        groups = list(self.groups)
        entries = list(groups[group])
        del entries[index]
        groups[group] = tuple(entries)
        self._set(groups)

    def set_face(self, group: int, index: int, face: object | None) -> None:
        """Say what the ``index``-th card of ``group`` stands for (``None``: itself). A face that
        does not fit the group (not in ``face_options``) gives way to one that does."""
        groups = list(self.groups)
        entries = list(groups[group])
        entries[index] = Entry(entries[index].card, face)
        groups[group] = tuple(entries)
        self._set(groups)

    def clear(self) -> None:
        """Take every card back into the hand."""
        self._reset()

    def use_checker(self) -> None:
        """Lay out the checker's arrangement: its best lay-down, or for a hand that falls short,
        the cards of its closest arrangement."""
        try:
            with within(CLICK_SECONDS):
                result = checked(self.hand.cards, self.level, self.rules)
                if result.ok:
                    groups = [tuple(Entry(p.card, p.face if p.wild else None) for p in meld.cards) for meld in result.melds]
                else:
                    groups = [tuple(Entry(s.card, s.face if s.wild else None) for s in slots if s.card is not None) for slots in result.closest.groups]
                lacks = () if result.ok else tuple(result.missing)
        except OverBudget:
            self.too_long = True  # the lay-down stays as it was
            return
        with self.hold_trait_notifications():
            self._set(groups)
            self.short = lacks  # said plainly: no lay-down yet, and what it lacks

    def _reset(self) -> None:
        with self.hold_trait_notifications():  # the views see the new groups and target together
            self.target = 0
            self._set([() for _ in self.level_rules.groups])

    def _follow_hand(self, change: Any) -> None:
        """Keep what is still in the hand; drop placed cards the hand no longer holds."""
        have = Counter(self.hand.cards)
        groups = []
        for entries in self.groups:
            kept = []
            for entry in entries:
                if have[entry.card] > 0:
                    have[entry.card] -= 1
                    kept.append(entry)
            groups.append(tuple(kept))
        self._set(groups)

    def _set(self, groups: Sequence[tuple[Entry, ...]]) -> None:
        level = self.level_rules
        groups = self._fitted(level, groups)
        problems = validate(self._judged(level, groups), level, self.rules, hand=self.hand.cards)
        # An empty group breaks only one rule worth saying: its size (the engine has more to say
        # about an empty straight, none of it useful to a learner who has not started it).
        shown = tuple(p for p in problems if not (p.meld is not None and not groups[p.meld] and p.rule != "size"))
        if not any(groups):
            shown = ()  # nothing placed yet: nothing is wrong yet
        with self.hold_trait_notifications():
            self.groups = tuple(groups)
            self.free = self._free_of(groups)
            self.problems = shown
            self.valid = not problems
            self.too_long = False
            self.short = ()

    def _judged(self, level: Level, groups: Sequence[tuple[Entry, ...]]) -> list[Any]:
        """What ``validate`` is given: the melds, and a Phase 10 group it cannot be built as the
        engine's card shape, so that the engine names what is wrong with it (a skip, a wild card
        not said to stand for anything)."""
        melds = self.melds_of(level, groups, self.rules)
        return [
            meld if meld is not None else {"kind": g.kind.value, "cards": [e.to_dict() for e in entries]}
            for meld, g, entries in zip(melds, level.groups, groups, strict=True)
        ]

    @staticmethod
    def melds_of(level: Level, groups: Sequence[tuple[Entry, ...]], rules: Rules = UPTO9) -> tuple[TableMeld | None, ...]:
        """The engine's melds for these groups of ``level`` (``None`` for a group the engine cannot
        read, such as a Phase 10 group with a skip: ``RummyFamily.meld_of``)."""
        family = family_of(rules)
        return tuple(family.meld_of(g.kind, [(e.card, e.face) for e in entries], rules) for g, entries in zip(level.groups, groups, strict=True))


class _Slot:
    """One place in a group of the editor: the card's button (a click takes it back) and, for a 2
    or 3, the dropdown of what it stands for. Pooled: a slot is relabelled, never rebuilt."""

    def __init__(self, model: LayDownModel, group: int, index: int, view: Any = None) -> None:
        self.model = model
        self.group, self.index = group, index
        self.button = w.Button(layout=w.Layout(width="auto", min_width="2.8em", height="2.5em", padding="0 .2em"))
        self.button.on_click(guard(view, lambda _b: model.unplace(group, index)))
        self.dropdown = w.Dropdown(layout=w.Layout(width="8.5em", display="none"))
        self.dropdown.observe(guard(view, self._picked), names="value")
        self.box = w.VBox([self.button, self.dropdown], layout=w.Layout(align_items="center", margin="0 4px 4px 0"))
        self._options: tuple[Any, ...] = ()
        self._syncing = False

    def _picked(self, change: Any) -> None:
        if self._syncing or change["new"] is None:
            return
        entry = self.model.groups[self.group][self.index]
        face = None if change["new"] == entry.card else change["new"]  # its own card: itself
        if face != entry.face:
            self.model.set_face(self.group, self.index, face)

    def show(self, entry: Entry, faces: Sequence[object], wild: bool, lang: str) -> None:
        """Show ``entry``; for a 2 or 3 (a wild card), the ``faces`` that fit its group, on the one
        it stands for (its own card: itself)."""
        texts = TEXTS[lang]
        style_card_button(self.button, entry.card, 1, lang, named=True)
        # A card whose look does not name it (Phase 10's "7" has no colour in words): its name.
        look = family_for(entry.card).card_look(entry.card)
        tip = texts["take_back"].format(card=look.text if look.names_it else card_name(entry.card, lang))
        if self.button.tooltip != tip:
            self.button.tooltip = tip
        if not wild or not faces:  # a wild card nothing fits beside its group's cards (7♥ 7♥ 2♣): no empty list to open
            if self.dropdown.layout.display != "none":
                self.dropdown.layout.display = "none"
            return
        chosen: Any = entry.card if entry.face is None else entry.face
        self._syncing = True
        try:
            key = (entry.card, tuple(faces), lang)
            if key != self._options:
                self._options = key
                # Every option has a value (never None): a dropdown on None shows nothing at all.
                self.dropdown.options = [
                    (texts["itself"].format(card=entry.card.glyph) if f == entry.card else texts["as"].format(face=face_glyph(f, lang)), f) for f in faces
                ]
                self.dropdown.tooltip = texts["stands_for"]
            if chosen in faces and self.dropdown.value != chosen:
                self.dropdown.value = chosen
            if self.dropdown.layout.display is not None:
                self.dropdown.layout.display = None
        finally:
            self._syncing = False


class LayDownEditor(ModelLanguage, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The lay-down editor view: the hand's free cards, the level's groups with the cards placed
    in them (a dropdown for what each 2 or 3 stands for), the lay-down as the engine orders it,
    and the engine's reasons, by group and in total.

    ``LayDownEditor(hand_builder.model, level=4, lang="nb")``. With ``level_fixed`` the level is the
    caller's to set (a seat at the table lays down the level it plays): no level buttons are shown.
    """

    def __init__(
        self, hand: HandModel | LayDownModel | None = None, *, level: int = 1, lang: str | None = None, level_fixed: bool = False, **kwargs: Any
    ) -> None:
        if isinstance(hand, LayDownModel):
            self.model = hand
            if lang is not None:
                self.model.lang = lang
        else:
            self.model = LayDownModel(hand, level=level, lang=lang)
        self._title = w.HTML()
        self._help = w.HTML()
        self._levels = w.ToggleButtons(style={"button_width": "2.6em"})
        self._levels.observe(guard(self, self._level_picked), names="value")
        if level_fixed:
            self._levels.layout.display = "none"
        self._contract = w.HTML()
        self._target = w.ToggleButtons()
        self._target.observe(guard(self, self._target_picked), names="value")
        self._free_label = w.HTML()
        self._free_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self._free_buttons: list[w.Button] = []
        self._empty = w.HTML()  # shown for a hand with no free card left
        self._free: list[PlayingCard] = []
        self._groups_box = w.VBox()
        self._group_parts: list[tuple[w.HTML, w.Box, w.HTML, w.HTML, w.VBox]] = []
        self._slots: list[list[_Slot]] = []
        self._verdict = w.HTML()
        self._auto = w.Button(icon="magic", button_style="info", layout=w.Layout(width="auto"))
        self._auto.on_click(guard(self, lambda _b: self.model.use_checker()))
        self._clear = w.Button(icon="times", button_style="warning")
        self._clear.on_click(guard(self, lambda _b: self.model.clear()))
        self._notice = w.HTML()
        self._shown: tuple[Any, ...] = ()
        self._relabelling = False
        super().__init__(
            [
                style_tag(),
                self._title,
                self._help,
                self._levels,
                self._contract,
                self._target,
                self._free_label,
                self._free_box,
                self._groups_box,
                self._verdict,
                w.HBox([self._auto, self._clear]),
                self._notice,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.model.observe(guard(self, self.update), names=["groups", "free", "problems", "valid", "lang", "level", "rules", "target", "too_long", "short"])
        self.update()

    def close(self) -> None:
        """Close the editor and every widget it made, shown or pooled for a larger hand (a seat at
        the table makes an editor for each hand the learner arranges)."""
        pooled = [*self._free_buttons, self._empty, *(slot.box for row in self._slots for slot in row), *(parts[4] for parts in self._group_parts)]
        for widget in (*self.children, *pooled):
            close_tree(widget)
        self.layout.close()
        super().close()

    # --- clicks --------------------------------------------------------------------------------------

    def _level_picked(self, change: Any) -> None:
        if not self._relabelling and change["new"] is not None and change["new"] != self.model.level:
            self.model.level = change["new"]

    def _target_picked(self, change: Any) -> None:
        # New options (another language) reset the buttons' value: that is no learner's pick.
        if not self._relabelling and change["new"] is not None and change["new"] != self.model.target:
            self.model.target = change["new"]

    def _free_clicked(self, position: int) -> None:
        if position < len(self._free):
            self.model.place(self._free[position])

    def click_free(self, card: PlayingCard) -> None:
        """Click ``card`` among the hand's free cards (as a learner would)."""
        self._free_buttons[self._free.index(card)].click()

    def click_placed(self, group: int, index: int) -> None:
        """Click the ``index``-th card of ``group`` (it goes back into the hand)."""
        assert index < len(self.model.groups[group]), f"group {group} holds {len(self.model.groups[group])} cards"
        self._slots[group][index].button.click()

    def face_dropdown(self, group: int, index: int) -> w.Dropdown:
        """The dropdown saying what the ``index``-th card of ``group`` stands for (a 2 or 3 only)."""
        slot = self._slots[group][index]
        assert slot.dropdown.layout.display != "none", "only a 2 or a 3 has a choice of what it stands for"
        return slot.dropdown

    # --- drawing -------------------------------------------------------------------------------------

    def _free_button(self, position: int) -> w.Button:
        while len(self._free_buttons) <= position:
            n = len(self._free_buttons)
            button = w.Button(layout=w.Layout(width="auto", min_width="2.8em", height="2.5em", padding="0 .2em", margin="0 3px 3px 0"))
            button.on_click(guard(self, lambda _b, n=n: self._free_clicked(n)))
            self._free_buttons.append(button)
        return self._free_buttons[position]

    def _slot(self, group: int, index: int) -> _Slot:
        while len(self._slots) <= group:
            self._slots.append([])
        slots = self._slots[group]
        while len(slots) <= index:
            slots.append(_Slot(self.model, group, len(slots), self))
        return slots[index]

    def _parts(self, group: int) -> tuple[w.HTML, w.Box, w.HTML, w.HTML, w.VBox]:
        while len(self._group_parts) <= group:
            header, box, preview, reasons = w.HTML(), w.Box(layout=w.Layout(flex_flow="row wrap", align_items="flex-start")), w.HTML(), w.HTML()
            self._group_parts.append((header, box, preview, reasons, w.VBox([header, box, preview, reasons], layout=w.Layout(margin=".3em 0"))))
        return self._group_parts[group]

    def update(self, change: Any = None) -> None:
        """Show the model: the free cards, the groups, the engine's reasons and verdict."""
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        level = model.level_rules
        rules = model.rules
        shown = (lang, level, rules)
        relabel = shown != self._shown
        if relabel:
            self._shown = shown
            self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
            self._help.value = f'<div class="u9-note">{escape(worded(texts, "help", rules))}</div>'
            self._relabelling = True
            try:
                self._levels.options = tuple((str(lv.number), lv.number) for lv in rules.levels)
                self._levels.style.button_width = "3.2em" if len(rules.levels) > 9 else "2.6em"  # room for "10"
                self._target.options = tuple((group_label(level, i, lang, rules), i) for i in range(len(level.groups)))
            finally:
                self._relabelling = False
            self._levels.description = worded(texts, "level", rules)
            self._contract.value = level_html(level, rules, lang)
            self._target.description = texts["into"]

            self._auto.description = texts["auto"]
            self._clear.description = texts["clear"]
            self._free_label.value = f"<b>{escape(texts['hand'])}</b>"
            self._groups_box.children = [self._parts(i)[4] for i in range(len(level.groups))]
        if self._levels.value != model.level:
            self._levels.value = model.level
        if self._target.value != model.target:
            self._target.value = model.target
        # The hand's free cards: pooled buttons, relabelled only where they changed.
        free = model.free_cards()
        if free != self._free or relabel:
            for position, card in enumerate(free):
                style_card_button(self._free_button(position), card, 0, lang, named=True)
            self._free = free
            self._empty.value = f'<span class="u9-note">{escape(texts["hand_empty"])}</span>'
            self._free_box.children = self._free_buttons[: len(free)] or [self._empty]
        melds = model.melds()
        for i, entries in enumerate(model.groups):
            header, box, preview, reasons, _ = self._parts(i)
            cap = level.cap(i)
            target = " ◀" if i == model.target and len(level.groups) > 1 else ""
            # "at most no jokers" says it twice: a group that takes none says so.
            cap_words = texts["cap_phase"] if level.unlimited else texts["cap"].format(jokers=jokers_text(cap, lang, rules)) if cap else texts["cap_none"]
            header.value = f"<b>{escape(group_label(level, i, lang, rules))}</b>{target} <span class='u9-note'>({escape(cap_words)})</span>"
            for k, entry in enumerate(entries):
                wild = rules.is_wild(entry.card)
                self._slot(i, k).show(entry, model.face_options(i, k) if wild else (), wild, lang)
            shown_slots = [s.box for s in self._slots[i][: len(entries)]] if entries else []
            if list(box.children) != shown_slots:
                box.children = shown_slots
            meld = melds[i]
            if entries:
                if meld is None:  # the engine cannot read it yet: the cards as placed
                    cells = [card_html(e.card, e.face, lang=lang) for e in entries]
                else:
                    # REAL only where the verdict counts the 2 or 3 as itself (the engine's counts_real).
                    reals = family_of(rules).counts_real(meld, rules)
                    cells = [card_html(p.card, p.face, real=real and rules.is_wild(p.card), lang=lang) for p, real in zip(meld.cards, reals, strict=True)]
                preview.value = card_row(cells, texts["engine_view"])
            else:
                preview.value = f'<div class="u9-note">{escape(texts["empty_group"])}</div>'
            said = model.group_problems(i)
            reasons.value = "".join(f'<div class="u9-error">✘ {escape(problem_text(p, lang))}</div>' for p in said)
        self._notice.value = too_long_html(texts, rules, lang, CLICK_SECONDS) if model.too_long else ""
        if model.short:
            lacks = ", ".join(face_glyph(f, lang) for f in model.short)
            said = worded(texts, "short", rules).format(n=level.number, cards=lacks)
            self._notice.value += f'<div class="u9-note u9-editor-short" role="status"><b>{escape(said)}</b></div>'
        number = level.number
        if not any(model.groups):  # nothing placed yet: a prompt, nothing red
            self._verdict.value = f'<div role="status" aria-live="polite" class="u9-note">{escape(worded(texts, "start", rules).format(n=number))}</div>'
        elif model.valid:
            jokers = sum(m.jokers for m in melds if m is not None)
            self._verdict.value = (
                f'<div role="status" aria-live="polite"><span class="u9-ok">{escape(worded(texts, "valid", rules).format(n=number))}</span> '
                f"{escape(texts['valid_more'].format(jokers=jokers_text(jokers, lang, rules)))}</div>"
            )
        else:
            general = "".join(f"<li>{escape(problem_text(p, lang))}</li>" for p in model.general_problems())
            listing = f"<div><b>{escape(texts['reasons'])}</b><ul style='margin:.2em 0'>{general}</ul></div>" if general else ""
            self._verdict.value = (
                f'<div role="status" aria-live="polite"><span class="u9-bad">{escape(worded(texts, "not_valid", rules).format(n=number))}</span>{listing}</div>'
            )
