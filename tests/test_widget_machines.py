"""The widgets as state machines (issue 10, "never silently broken"), and the error boundary they run behind.

Each machine puts a page's widgets together as the page does (a ``Page`` with its language switch)
and drives them the way a learner does: ``button.click()`` and setting a widget's ``.value``, in
random order. After every action no handler may have failed (nothing logged on ``upto9.widgets``,
no failure notice shown in any widget) and the invariants hold: the verdict shown is ``check()``'s
for the hand and level shown, a player's view in the stepper never shows a card that player may not
see (asserted on the HTML drawn), and the counters (step, round, level, player count) stay in range.

The default is CI-sized (the whole file well under two minutes on two cores); set
``UPTO9_MACHINE_EXAMPLES`` for more examples per machine (and longer runs: twice as many steps).
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from upto9.widgets import HandBuilder, LayDownEditor, LevelChecker, RoundStepper, RulesExplorer
from upto9.widgets._common import TROUBLE, boundary, guard, trouble
from upto9.widgets.atlas import KINDS, AtlasView, MoreDeals
from upto9.widgets.choice import RuleSetChoice
from upto9.widgets.hand import HandModel
from upto9.widgets.lab import BAD_FIELD_CLASS, HouseRuleLab
from upto9.widgets.page import Page
from upto9.widgets.stepper import WHOLE_TABLE, RoundModel
from upto9.widgets.tour import DonationDemo, Example, LevelTable, PenaltyCounter, Predict, valve_demo

from upto9 import check
from upto9.atlas import Atlas
from upto9.cards import check_copies
from upto9.family import game_family
from upto9.game import Game
from upto9.rules import PHASE10, UPTO9, Rules, builtin_rules

LEAN = builtin_rules("upto9_lean")  # the house-rule file upto9/rulesets/upto9_lean.toml
RULE_SETS = (UPTO9, PHASE10, LEAN)
DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"

_ASKED = int(os.environ.get("UPTO9_MACHINE_EXAMPLES", "0") or 0)


def machine_settings(examples: int, steps: int) -> settings:
    """A CI-sized run (``examples`` sequences of ``steps`` actions), or ``UPTO9_MACHINE_EXAMPLES`` sequences twice as long."""
    if _ASKED:
        return settings(max_examples=_ASKED, stateful_step_count=2 * steps, deadline=None)
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None)


# --- what a learner sees ------------------------------------------------------------------------------------------


class Failures(logging.Handler):
    """Every failure the error boundary logs (logger ``upto9.widgets``), and any callback error
    that ipywidgets itself would swallow ("Exception in callback")."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("upto9.widgets") or "Exception in callback" in record.getMessage():
            self.records.append(record)

    def text(self) -> str:
        return "\n".join(self.format(r) for r in self.records)


@pytest.fixture(autouse=True)
def failures() -> Iterator[Failures]:
    handler = Failures()
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


_FAILED: list[Failures] = []


def watch_failures() -> Failures:
    """A handler collecting failures for one run of a machine (a fixture does not reach into a machine)."""
    handler = Failures()
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    _FAILED.append(handler)
    return handler


def text_of(html: str) -> str:
    import html as html_lib

    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def data_cards(html: str) -> list[str]:
    """Every card drawn face up (``data-card``) in some HTML."""
    return re.findall(r'data-card="([^"]+)"', html)


def live_widgets() -> int:
    """Widgets alive in this process: ipywidgets keeps each one until it is closed."""
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def views_of(widget: Any) -> Iterator[Any]:
    """``widget`` and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from views_of(child)


def card_texts(text: str) -> st.SearchStrategy[str]:
    """Typed hands: cards of the rule set, and garbage."""
    up = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "hdcs"]
    p10 = [f"{n}{c}" for n in range(1, 13) for c in "rygb"] + ["W", "S"]
    cards = st.lists(st.sampled_from(up + p10), max_size=14).map(" ".join)
    garbage = st.text(alphabet="0123456789AJQKWSxzhdcsrygb ,=♥♠-", max_size=20)
    return st.one_of(cards, garbage, st.just(text))


class PageMachine(RuleBasedStateMachine):
    """What every page machine shares: the page, its views, and the checks after every action."""

    page: Page
    views: list[Any]

    def __init__(self) -> None:
        super().__init__()
        self.failures = watch_failures()

    def no_failure(self) -> None:
        assert not self.failures.records, self.failures.text()
        for view in self.views:
            for part in views_of(view):
                assert trouble(part) == "", f"{type(part).__name__} shows a failure notice"
        assert all(view.lang == self.page.lang for view in self.views), "a view did not follow the language switch"

    @rule(lang=st.sampled_from(["en", "nb"]))
    def switch_language(self, lang: str) -> None:
        self.page._switch.value = lang

    def teardown(self) -> None:
        logging.getLogger().removeHandler(self.failures)
        _FAILED.remove(self.failures)


# --- the hand checker's page: rule set, hand builder, level checker, lay-down editor ------------------------------


class HandCheckerPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.hand = HandModel("5h 6h 2c 8h 9h 2d 3s Jc")
        self.choice = RuleSetChoice(self.hand, RULE_SETS)
        self.builder = HandBuilder(self.hand)
        self.checker = LevelChecker(self.hand, level=7)
        self.editor = LayDownEditor(self.hand, level=7)
        self.views = [self.choice, self.builder, self.checker, self.editor]
        self.page.add(*self.views)

    @rule(data=st.data())
    def toggle_card(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(sorted(self.builder._buttons, key=str)))
        self.builder._buttons[card].click()

    @rule(text=card_texts("5h 6h 2c 8h 9h 2d 3s Jc"))
    def type_hand(self, text: str) -> None:
        before = self.hand.cards
        self.builder._text.value = text
        message = self.builder._message.value
        if self.hand.error:  # garbage: said in one line, and the hand stays as it was
            assert "u9-error" in message and self.hand.cards == before and "Traceback" not in message
        else:
            assert "u9-error" not in message
        if text == self.hand.text:  # the hand's own text, typed back after a bad one: no error left
            assert not self.hand.error and "u9-error" not in message

    @rule(button=st.sampled_from(["_clear", "_sort_suit", "_sort_rank", "_deal_small", "_deal_large"]))
    def hand_button(self, button: str) -> None:
        getattr(self.builder, button).click()

    @rule(seed=st.integers(0, 10**6))
    def deal_seed(self, seed: int) -> None:
        self.builder._seed.value = seed

    @rule(data=st.data())
    def table_size(self, data: st.DataObject) -> None:
        """The player count: the decks a hand is read against (a new one reads the hand again)."""
        self.builder._players.value = data.draw(st.sampled_from(list(self.builder._players.options)))

    @rule(text=st.sampled_from(["7h 7h 7h Ks Kd 2c 5s 5d 5c", "7h 7h 7h 7h", "7r 7r W W W 3g", "7r 7r 7r"]))
    def type_many_copies(self, text: str) -> None:
        self.builder._text.value = text

    @rule(index=st.integers(0, len(RULE_SETS) - 1))
    def rule_set(self, index: int) -> None:
        self.choice._buttons.value = index

    @rule(data=st.data())
    def checker_level(self, data: st.DataObject) -> None:
        self.checker._levels.value = data.draw(st.sampled_from([v for _, v in self.checker._levels.options]))

    @rule(data=st.data())
    def editor_level(self, data: st.DataObject) -> None:
        self.editor._levels.value = data.draw(st.sampled_from([v for _, v in self.editor._levels.options]))

    @rule(data=st.data())
    def editor_target(self, data: st.DataObject) -> None:
        self.editor._target.value = data.draw(st.sampled_from([v for _, v in self.editor._target.options]))

    @precondition(lambda self: bool(self.editor._free))
    @rule(data=st.data())
    def editor_place(self, data: st.DataObject) -> None:
        self.editor.click_free(data.draw(st.sampled_from(self.editor._free)))

    @precondition(lambda self: any(self.editor.model.groups))
    @rule(data=st.data())
    def editor_take_back(self, data: st.DataObject) -> None:
        places = [(g, i) for g, entries in enumerate(self.editor.model.groups) for i in range(len(entries))]
        self.editor.click_placed(*data.draw(st.sampled_from(places)))

    @precondition(lambda self: bool(self.wild_slots()))
    @rule(data=st.data())
    def editor_joker_face(self, data: st.DataObject) -> None:
        group, index = data.draw(st.sampled_from(self.wild_slots()))
        dropdown = self.editor.face_dropdown(group, index)
        dropdown.value = data.draw(st.sampled_from([v for _, v in dropdown.options]))

    def wild_slots(self) -> list[tuple[int, int]]:
        slots = self.editor._slots
        return [
            (g, i)
            for g, entries in enumerate(self.editor.model.groups)
            for i in range(len(entries))
            if g < len(slots) and i < len(slots[g]) and slots[g][i].dropdown.layout.display != "none"
        ]

    @rule(button=st.sampled_from(["_auto", "_clear"]))
    def editor_button(self, button: str) -> None:
        getattr(self.editor, button).click()

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def the_verdict_shown_is_the_checkers(self) -> None:
        rules: Rules = self.hand.rules
        model = self.checker.model
        assert model.rules == rules and self.choice.rules == rules
        assert 1 <= model.level <= len(rules.levels) and self.checker._levels.value == model.level
        verdict = self.checker._verdict.value
        if not self.hand.cards:
            assert "u9-ok" not in verdict and "u9-bad" not in verdict  # nothing red before anything is picked
            return
        result = check(self.hand.cards, rules.level(model.level), rules)
        assert ("u9-ok" in verdict) == result.ok and ("u9-bad" in verdict) == (not result.ok), (self.hand.text, model.level, verdict)
        assert str(model.level) in text_of(verdict)
        if not result.ok:
            assert str(result.cards_short) in text_of(verdict)

    @invariant()
    def the_hand_fits_its_table(self) -> None:
        check_copies(self.hand.cards, self.hand.rules, self.hand.players)  # the chosen table's decks hold the hand
        players = self.hand.players
        assert self.builder._players.value == players and f" {players} " in text_of(self.builder._table.value)
        refusal = self.hand.refusal if self.hand.error else None
        if refusal is not None and refusal.key.startswith("card.copies"):  # said of this table, in the page's language
            table = f"a table of {players} " if self.page.lang == "en" else f"et bord med {players} spillere"
            assert table in text_of(self.builder._message.value)

    @invariant()
    def the_hand_shown_is_the_hand(self) -> None:
        shown = Counter(data_cards(self.builder._hand.value))
        assert shown == Counter(str(c) for c in self.hand.cards)
        if not self.hand.error:
            assert self.builder._text.value == self.hand.text

    @invariant()
    def the_editor_is_in_range_and_says_its_verdict(self) -> None:
        model = self.editor.model
        level = model.rules.level(model.level)
        assert model.rules == self.hand.rules and 1 <= model.level <= len(model.rules.levels)
        assert 0 <= model.target < len(level.groups) and len(model.groups) == len(level.groups)
        placed = Counter(e.card for entries in model.groups for e in entries)
        assert not placed - Counter(self.hand.cards), "the editor holds a card the hand does not"
        verdict = self.editor._verdict.value
        if any(model.groups):
            assert ("u9-ok" in verdict) == model.valid
        else:
            assert "u9-bad" not in verdict


TestHandCheckerPage = HandCheckerPage.TestCase
TestHandCheckerPage.settings = machine_settings(12, 20)


# --- the round stepper's page ---------------------------------------------------------------------------------------


def _upload(name: str, content: bytes) -> dict[str, Any]:
    return {"name": name, "type": "application/json", "size": len(content), "content": memoryview(content), "last_modified": datetime.now(UTC)}


_GOOD = {"upto9": (DATA / "sample_game.json").read_bytes(), "phase10": (DATA / "sample_phase10_game.json").read_bytes()}
_RECORD = json.loads(_GOOD["upto9"])
_BAD = {
    "truncated": _GOOD["upto9"][: len(_GOOD["upto9"]) // 2],
    "not_text": b"\x89PNG\r\n\x1a\n\x00\x00",
    "wrong_format": json.dumps({**_RECORD, "format": "upto9-game/99"}).encode(),
    "not_a_table": b"[1, 2, 3]",
    "cheating": json.dumps({**_RECORD, "rounds": [{**_RECORD["rounds"][0], "deck": list(reversed(_RECORD["rounds"][0]["deck"]))}]}).encode(),
    "nested": b"[" * 100_000 + b"]" * 100_000,
    "long_number": b'{"seed": ' + b"7" * 6000 + b"}",
    "huge": b" " * (4097 * 1024),
}


class StepperPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.stepper = RoundStepper(seed=7, players=3, rule_sets=RULE_SETS)
        self.views = [self.stepper]
        self.page.add(self.stepper)
        self.said = ""  # where the page says why the last control did nothing: "box" (the game number's), "above" (a file's), "" nowhere
        self.refused_on: Any = None  # the game shown when it was said: it stays until a game is shown

    def refused(self, where: str) -> None:
        if not self.said:
            self.refused_on = self.stepper.model.game
        self.said = where

    @rule(players=st.integers(2, 6), seed=st.integers(0, 50), bots=st.sampled_from(["heuristic", "random"]))
    def play_a_new_game(self, players: int, seed: int, bots: str) -> None:
        stepper = self.stepper
        if stepper._new_game.layout.display == "none":  # a saved game shown: the first click plays, and shows the controls
            stepper._play.click()
        stepper._players.value = players
        typed = str(seed) != stepper._seed.value  # (the number shown, typed again, sends nothing: the next one is dealt)
        stepper._seed.value = seed
        stepper._bots.value = bots
        stepper._play.click()
        assert stepper.model.game is not None and stepper.model.game.players == players
        assert stepper.model.source == ("seed", seed if typed else seed + 1, players, bots)
        self.said = ""

    @rule(text=st.sampled_from(["123456789012345678901234567890", "9223372036854775808", "-1", "1e5", "seven", ""]))
    def play_a_bad_game_number(self, text: str) -> None:
        stepper = self.stepper
        if stepper._new_game.layout.display == "none":  # no game number to type for a saved game
            return
        game = stepper.model.game
        stepper._seed.value = text
        stepper._play.click()
        assert stepper.model.game is game, "a refused game number leaves the game shown"
        self.refused("box")

    @rule(index=st.integers(0, len(RULE_SETS) - 1))
    def game_choice(self, index: int) -> None:
        stepper = self.stepper
        before = stepper.model.game
        stepper._game_choice.value = index
        if stepper.model.game is not before:
            self.said = ""
        elif RULE_SETS[index].key != before.rules.key:  # another game asked for, none shown: the page says why, at the box
            said = text_of(stepper._seed_note.value)
            assert stepper._new_game.layout.display is None and said.startswith(("⚠ To play ", "⚠ For å spille ")), "a game choice that did nothing says why"
            self.refused("box")

    @rule(data=st.data())
    def round_choice(self, data: st.DataObject) -> None:
        self.stepper._rounds.value = data.draw(st.sampled_from([v for _, v in self.stepper._rounds.options]))

    @rule(button=st.sampled_from(["_start", "_back", "_forward", "_end"]), times=st.integers(1, 3))
    def step_button(self, button: str, times: int) -> None:
        for _ in range(times):
            getattr(self.stepper, button).click()

    @rule(data=st.data())
    def slide(self, data: st.DataObject) -> None:
        self.stepper._slider.value = data.draw(st.integers(self.stepper._slider.min, self.stepper._slider.max))

    @rule(data=st.data())
    def autoplay(self, data: st.DataObject) -> None:
        self.stepper._autoplay.value = data.draw(st.integers(0, self.stepper._autoplay.max))

    @rule(speed=st.integers(1, 10))
    def speed(self, speed: int) -> None:
        self.stepper._speed.value = speed

    @rule(data=st.data())
    def perspective(self, data: st.DataObject) -> None:
        self.stepper._perspective.value = data.draw(st.sampled_from([v for _, v in self.stepper._perspective.options]))

    @rule(which=st.sampled_from(sorted(_GOOD)))
    def upload_a_saved_game(self, which: str) -> None:
        self.stepper._upload.value = (_upload(f"{which}.json", _GOOD[which]),)
        assert self.stepper.model.game is not None and self.stepper.model.game.rules.key == which
        self.said = ""

    @rule(which=st.sampled_from(sorted(_BAD)))
    def upload_a_bad_file(self, which: str) -> None:
        game = self.stepper.model.game
        self.stepper._upload.value = (_upload(f"{which}.json", _BAD[which]),)
        assert self.stepper.model.game is game, "a refused file leaves the game shown"
        self.refused("above")

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def a_refusal_says_why_in_one_line_where_it_belongs_and_the_game_stays(self) -> None:
        stepper = self.stepper
        error, note = text_of(stepper._error.value), text_of(stepper._seed_note.value)
        said = {"box": note, "above": error}.get(self.said, "")
        assert (error, note) == ((said, "") if self.said == "above" else ("", said)), (self.said, error, note)
        if self.said:
            assert said.startswith("⚠ ") and "\n" not in said and len(said) < 300 and "Traceback" not in said
            assert not re.search(r"null|UTF-8|JSON|upto9-game|token", said), said
            assert stepper.model.game is self.refused_on, "a refusal leaves the game shown as it was"

    @invariant()
    def the_counters_stay_in_range(self) -> None:
        stepper, model = self.stepper, self.stepper.model
        game = model.game
        assert game is not None and 2 <= game.players <= 6
        assert 0 <= model.round_index < len(game.rounds) and len(stepper._rounds.options) == len(game.rounds)
        assert 0 <= model.step <= model.last_step and stepper._slider.value == model.step
        assert model.perspective == WHOLE_TABLE or 0 <= model.perspective < game.players
        assert len(stepper._perspective.options) == game.players + 1
        assert all(len(step.views) == game.players for step in model.steps)
        words = "steg {k} av {n}" if self.page.lang == "nb" else "action {k} of {n}"
        assert words.format(k=model.step, n=model.last_step) in text_of(stepper._status.value)
        assert stepper._table.value.count('class="u9-player') == game.players
        assert (stepper._new_game.layout.display == "none") == (model.source[:1] != ("seed",))

    @invariant()
    def a_players_view_shows_no_hidden_card(self) -> None:
        model = self.stepper.model
        seat = model.perspective
        if seat == WHOLE_TABLE:
            return
        own = model.current.views[seat]
        allowed = Counter(str(c) for c in own.hand)
        for melds in own.table:
            for meld in melds:
                allowed.update(str(p.card) for p in meld.cards)
        if own.discard_top is not None:
            allowed[str(own.discard_top)] += 1
        html = self.stepper._status.value + self.stepper._action.value + self.stepper._table.value
        shown = Counter(data_cards(html))
        assert not shown - allowed, f"seat {seat} sees {shown - allowed}"
        others = [p for p in range(model.game.players) if p != seat and own.hand_counts[p]]
        assert self.stepper._table.value.count("data-hidden=") == len(others) + (1 if own.deck_count else 0)


TestStepperPage = StepperPage.TestCase
TestStepperPage.settings = machine_settings(8, 16)


def _every_stepper_control(stepper: RoundStepper) -> list[tuple[str, Any]]:
    """Every control of the stepper but the game number and the upload, each as a learner uses it."""
    other_round = [v for _, v in stepper._rounds.options][-1]
    return [
        ("round", lambda: setattr(stepper._rounds, "value", other_round)),
        ("seat", lambda: setattr(stepper._perspective, "value", 1)),
        ("whole table", lambda: setattr(stepper._perspective, "value", WHOLE_TABLE)),
        ("forward", stepper._forward.click),
        ("end", stepper._end.click),
        ("forward at the end", stepper._forward.click),
        ("back", stepper._back.click),
        ("start", stepper._start.click),
        ("back at the start", stepper._back.click),
        ("slider", lambda: setattr(stepper._slider, "value", 3)),
        ("autoplay", lambda: setattr(stepper._autoplay, "value", 5)),
        ("speed", lambda: setattr(stepper._speed, "value", 7)),
        ("players", lambda: setattr(stepper._players, "value", 5)),
        ("bots", lambda: setattr(stepper._bots, "value", "random")),
        ("Phase 10", lambda: setattr(stepper._game_choice, "value", 1)),
        ("the house rules", lambda: setattr(stepper._game_choice, "value", 2)),
        ("play", stepper._play.click),
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("state", ["bad number", "refused file"])
def test_every_stepper_control_after_a_refusal_works_or_says_why_and_the_game_stays(state: str, lang: str, failures: Failures) -> None:
    page = Page(lang=lang)
    stepper = RoundStepper(seed=7, players=3, rule_sets=RULE_SETS)
    page.add(stepper)
    shown = stepper.model.game
    assert shown is not None
    if state == "bad number":
        stepper._seed.value = "1e5"
        stepper._play.click()
    else:
        stepper._upload.value = (_upload("photo.json", _BAD["not_text"]),)
    for name, use in _every_stepper_control(stepper):
        use()
        assert not failures.records, (name, failures.text())
        note, error = text_of(stepper._seed_note.value), text_of(stepper._error.value)
        if state == "refused file" and name in ("Phase 10", "the house rules", "play"):
            # The game number is good: the control works, shows its game, and the file's refusal is done with
            # (play deals a new game: the next number, as no other was typed).
            assert stepper.model.source[:2] == ("seed", 8 if name == "play" else 7) and error == note == "", name
            assert stepper.model.game is not shown, name
            shown = stepper.model.game
            continue
        assert stepper.model.game is shown, f"{name}: the game shown changed"
        if state == "bad number":
            if name in ("Phase 10", "the house rules"):  # nothing played: the page says why, next to the box
                game = RULE_SETS[1 if name == "Phase 10" else 2].name
                start = {"en": f"⚠ To play {game}, first fix the game number", "nb": f"⚠ For å spille {game} må du først rette spillnummeret"}[lang]
            else:  # the number's refusal stays said, under its box, while the other controls work on the game shown
                start = {"en": "⚠ The game number must be", "nb": "⚠ Spillnummeret må være"}[lang]
            assert note.startswith(start) and ("“1e5”" in note or "«1e5»" in note) and error == "", (name, note)
        else:  # the file's refusal stays said until a game is shown; the controls work on the game shown
            words = {"en": "⚠ This file is not a saved game of Up to 9 or Phase 10: it is a picture", "nb": "⚠ Denne filen er ikke et lagret spill av"}
            assert error.startswith(words[lang]) and note == "", (name, error)
        # A step control that did nothing (at the end, at the start) shows where the round stands.
        words = "steg {k} av {n}" if lang == "nb" else "action {k} of {n}"
        assert words.format(k=stepper.model.step, n=stepper.model.last_step) in text_of(stepper._status.value), name


# --- the rules explorer -----------------------------------------------------------------------------------------------


class ExplorerPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.explorer = RulesExplorer()
        self.views = [self.explorer]
        self.page.add(self.explorer)

    @rule(data=st.data())
    def rule_set(self, data: st.DataObject) -> None:
        buttons = self.explorer.choice._buttons
        buttons.value = data.draw(st.sampled_from([v for _, v in buttons.options]))

    @rule(data=st.data())
    def level(self, data: st.DataObject) -> None:
        self.explorer._levels.value = data.draw(st.sampled_from([v for _, v in self.explorer._levels.options]))

    @rule(box=st.sampled_from(["_total", "_natural", "_clean"]), value=st.integers(0, 99))
    def budget(self, box: str, value: int) -> None:
        getattr(self.explorer, box).value = value

    @rule(data=st.data())
    def wild_budget(self, data: st.DataObject) -> None:
        options = [v for _, v in self.explorer._wild.options]
        if options:
            self.explorer._wild.value = data.draw(st.sampled_from(options))

    @precondition(lambda self: bool(self.explorer._sizes))
    @rule(data=st.data(), size=st.integers(1, 14))
    def group_size(self, data: st.DataObject, size: int) -> None:
        self.explorer.size_box(data.draw(st.integers(0, len(self.explorer._sizes) - 1))).value = size

    @precondition(lambda self: bool(self.explorer._caps))
    @rule(data=st.data())
    def group_cap(self, data: st.DataObject) -> None:
        cap = self.explorer.cap_dropdown(data.draw(st.integers(0, len(self.explorer._caps) - 1)))
        cap.value = data.draw(st.sampled_from([v for _, v in cap.options]))

    @rule(button=st.sampled_from(["_reset_level", "_reset_all"]))
    def reset(self, button: str) -> None:
        getattr(self.explorer, button).click()

    @rule(text=card_texts("Kh Kd 7s 7h 5d 5c 9h 2c"))
    def type_hand(self, text: str) -> None:
        self.explorer._hand_text.value = text
        said = self.explorer._hand_error.value
        assert ("u9-error" in said) == bool(self.explorer.hand.error), said
        if text == self.explorer.hand.text:  # the hand's own text, typed back after a bad one: no error left
            assert not self.explorer.hand.error

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def the_verdict_shown_is_the_checkers_under_the_rules_shown(self) -> None:
        explorer = self.explorer
        rules, level = explorer.model.rules, explorer.model.level
        assert 1 <= level <= len(rules.levels) and explorer._levels.value == level
        assert explorer.checker.rules == rules and explorer.checker.level == level  # equal rules: traitlets passes on no equal value
        verdict = explorer._checker_view._verdict.value
        if explorer.hand.cards:
            result = check(explorer.hand.cards, rules.level(level), rules)
            assert ("u9-ok" in verdict) == result.ok, (explorer.hand.text, level, verdict)
        else:
            assert "u9-bad" not in verdict

    @invariant()
    def a_refusal_sits_under_its_box_and_says_what_the_box_shows_again(self) -> None:
        explorer = self.explorer
        rows = list(explorer._editors.children)
        assert rows.count(explorer._error) == 1 and bool(explorer._error.value) == bool(explorer.model.error)
        field = explorer._refused_at
        holding = [row for row in rows if field is not None and (row is field or field in getattr(row, "children", ()))]
        if explorer._error.value and holding:  # a box shown on the page was refused and set back
            assert rows.index(explorer._error) == rows.index(holding[0]) + 1
            shown = str(field.label if isinstance(field, w.Dropdown) else field.value)
            assert text_of(explorer._error.value).endswith(f" {shown}."), (shown, explorer._error.value)


TestExplorerPage = ExplorerPage.TestCase
TestExplorerPage.settings = machine_settings(8, 16)


# --- the rules tour's views ---------------------------------------------------------------------------------------------


class TourPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.predicts = [
            Predict(1, hand="Qh Kh Ah 2h"),
            Predict(1, hand="3s 4h 5h 6h"),
            Predict(4, melds=[("set", "7s 7h 2h=7")]),
            Predict(7, melds=[("run", "5h 6h 2c=7h 8h 9h 3s=10h 2d=Jh")]),
        ]
        self.penalty = PenaltyCounter("2c Kd 7s Ah")
        self.stepper = RoundStepper(seed=3, players=3)
        self.valve = RoundStepper(new_game=valve_demo)  # section 10: the safety-valve round
        statics = [Example("5s 6s 7s 8s", level=1), Example("2h 3h 4h 5h", level=1), DonationDemo("set", "Kh Kd Ks", "Kc 7c"), LevelTable()]
        self.views = [*self.predicts, self.penalty, self.stepper, self.valve, *statics]
        self.page.add(*self.views)

    @rule(which=st.integers(0, 3), answer=st.sampled_from(["_yes", "_no", "_again"]))
    def predict(self, which: int, answer: str) -> None:
        getattr(self.predicts[which], answer).click()

    @rule(text=card_texts("2c Kd 7s Ah"))
    def penalty_hand(self, text: str) -> None:
        self.penalty._text.value = text

    @rule(players=st.integers(2, 6))
    def tour_stepper_new_game(self, players: int) -> None:
        self.stepper._players.value = players
        self.stepper._play.click()
        assert self.stepper.model.game is not None and self.stepper.model.game.players == players

    @rule(button=st.sampled_from(["_forward", "_end", "_start"]))
    def tour_stepper_step(self, button: str) -> None:
        getattr(self.stepper, button).click()

    @rule(seed=st.integers(0, 8))
    def tour_valve_new_game(self, seed: int) -> None:
        self.valve._seed.value = str(seed)
        self.valve._play.click()
        model = self.valve.model
        assert model.source[:2] == ("made", seed) and self.valve._error.value == ""
        assert model.step == model.last_step and model.current.action.reason.name == "IMPOSSIBLE"

    @rule(button=st.sampled_from(["_back", "_start", "_end"]))
    def tour_valve_step(self, button: str) -> None:
        getattr(self.valve, button).click()

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def a_reveal_is_the_engines_and_only_after_an_answer(self) -> None:
        for predict in self.predicts:
            reveal = predict._reveal.value
            if predict.answer is None:
                assert "u9-ok" not in reveal and "u9-bad" not in reveal and predict._yes.button_style == predict._no.button_style == ""
            else:
                engine = check(predict.hand, predict.level, predict.rules).ok if predict.hand is not None else predict.valid
                assert ("u9-ok" in reveal) == engine and ("u9-bad" in reveal) == (not engine), reveal
                assert predict._yes.disabled and predict._no.disabled  # locked after the reveal
        points = self.penalty.points
        if points is not None:
            assert str(points) in text_of(self.penalty._result.value)


TestTourPage = TourPage.TestCase
TestTourPage.settings = machine_settings(6, 14)


# --- the lab and the atlas (tiny simulations) ----------------------------------------------------------------------------


_ATLAS = Atlas.load(DATA / "atlas.json")


class LabAndAtlasPage(PageMachine):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.explorer = RulesExplorer()
        self.lab = HouseRuleLab(self.explorer, games=10, players=2)
        self.lab._games.min = 2  # tiny: two games a side
        self.lab._games.value = 2
        small = Atlas(_ATLAS.counts, _ATLAS.games[:2])
        self.atlas_views = [AtlasView(small, kind) for kind in KINDS]
        self.more = MoreDeals(small, [self.atlas_views[0]], deals=3)
        self.views = [self.explorer, self.lab, self.more, *self.atlas_views]
        self.page.add(*self.views)
        self.compared = 0
        self.typed: dict[int, tuple[w.IntText, int]] = {}  # the values typed in the lab's boxes: never changed behind the learner's back

    @rule(data=st.data())
    def base_rule_set(self, data: st.DataObject) -> None:
        buttons = self.explorer.choice._buttons
        buttons.value = data.draw(st.sampled_from([v for _, v in buttons.options]))

    @rule(data=st.data(), value=st.integers(-5, 1200))
    def table_rule(self, data: st.DataObject, value: int) -> None:
        boxes = [*self.lab._decks, *self.lab._penalties.values()]
        box = data.draw(st.sampled_from(boxes))
        box.value = value  # any number a learner may type: out of range is refused in words
        self.typed[id(box)] = (box, value)

    @rule(data=st.data(), decks=st.sampled_from([-1, 0, 7]), points=st.sampled_from([-1, 1001]))
    def two_bad_boxes(self, data: st.DataObject, decks: int, points: int) -> None:
        deck_box = data.draw(st.sampled_from(self.lab._decks))
        penalty_box = data.draw(st.sampled_from(list(self.lab._penalties.values())))
        deck_box.value, penalty_box.value = decks, points
        self.typed |= {id(deck_box): (deck_box, decks), id(penalty_box): (penalty_box, points)}
        summary = text_of(self.lab._changed.value)
        for box, listed in ((deck_box, self.lab._decks_refused), (penalty_box, self.lab._penalties_refused)):
            assert BAD_FIELD_CLASS in box._dom_classes and f"⚠ {box.description}: " in text_of(listed.value) and str(box.value) in listed.value
            assert box.description in summary  # beside the button too, both at once
        assert self.lab._button.disabled

    @rule(value=st.integers(0, 9))
    def level_budget(self, value: int) -> None:
        self.explorer._total.value = value

    @rule(players=st.integers(2, 6))
    def lab_players(self, players: int) -> None:
        if players in self.lab._players.options:
            self.lab._players.value = players

    @precondition(lambda self: self.compared < 2)
    @rule()
    def compare(self) -> None:
        self.lab._players.value = self.lab._players.options[0]  # tiny: two players
        refused, before = self.lab._button.disabled, (self.lab.standard, self.lab.house)
        self.lab._button.click()  # a click on a refused table (one that reaches the kernel): nothing played, the page says why
        assert not refused or ((self.lab.standard, self.lab.house) == before and "u9-error" in self.lab._changed.value)
        self.compared += 1

    @precondition(lambda self: self.compared < 3)
    @rule()
    def more_deals(self) -> None:
        self.more._button.click()
        self.compared += 1

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()

    @invariant()
    def the_lab_plays_the_explorers_base(self) -> None:
        assert self.lab.explorer.model.base is self.explorer.model.base
        assert all(2 <= p <= 6 for p in self.lab._players.options)

    @invariant()
    def the_rule_set_table_and_the_results_follow_the_settings(self) -> None:
        from upto9.widgets.explorer import facts_html

        if not self.lab._button.disabled:  # a table the engine accepts: "The rule set" shows it as set now
            assert self.explorer._facts.value == facts_html(self.lab.rules, self.explorer.lang)
        assert bool(self.lab._stale.value) == self.lab.stale  # results for earlier settings say so

    @invariant()
    def every_bad_box_is_named_under_its_row_and_beside_the_button(self) -> None:
        lab = self.lab
        boxes = [*lab._decks, *lab._penalties.values()]
        bad = [box for box in boxes if BAD_FIELD_CLASS in box._dom_classes]
        listed, summary = text_of(lab._decks_refused.value + lab._penalties_refused.value), text_of(lab._changed.value)
        assert listed.count("⚠") == len(bad) and all(f"⚠ {box.description}: " in listed and box.description in summary for box in bad), listed
        assert not bad or (lab._button.disabled and "u9-error" in lab._changed.value)
        for box, value in self.typed.values():
            assert box not in boxes or box.number == value  # what was typed stays (another rule set's boxes are its own)


TestLabAndAtlasPage = LabAndAtlasPage.TestCase
TestLabAndAtlasPage.settings = machine_settings(4, 10)


def test_the_lab_with_two_bad_boxes_then_every_other_control_says_why_and_raises_nothing() -> None:
    """The lab's machine taken by hand to the bad-boxes state, then through every other control of the page."""
    machine = LabAndAtlasPage()
    lab, explorer = machine.lab, machine.explorer
    invariants = (
        machine.nothing_failed,
        machine.the_lab_plays_the_explorers_base,
        machine.the_rule_set_table_and_the_results_follow_the_settings,
        machine.every_bad_box_is_named_under_its_row_and_beside_the_button,
    )
    try:
        lab._decks[0].value, lab._penalties["pen_ace"].value = 0, 1001
        machine.typed = {id(lab._decks[0]): (lab._decks[0], 0), id(lab._penalties["pen_ace"]): (lab._penalties["pen_ace"], 1001)}
        steps = {
            "two bad boxes": lambda: None,
            "language": lambda: machine.switch_language("nb"),
            "a good box beside them": lambda: setattr(lab._penalties["pen_wild"], "value", 30),
            "level budget": lambda: machine.level_budget(2),
            "explorer's level": lambda: setattr(explorer._levels, "value", 5),
            "explorer's refused box": lambda: setattr(explorer.size_box(0), "value", 99),
            "players": lambda: machine.lab_players(3),
            "games": lambda: setattr(lab._games, "value", 4),
            "run button": machine.compare,
            "more deals": machine.more_deals,
            "language back": lambda: machine.switch_language("en"),
        }
        for name, step in steps.items():
            step()
            for check_ in invariants:
                check_()
            said = text_of(lab._changed.value)
            assert lab._button.disabled and lab.standard == lab.house == [], name
            assert said.startswith(("⚠ Nothing can be played until these 2 boxes", "⚠ Ingenting kan spilles før disse 2 boksene")), (name, said)
        assert [box.number for box in lab._decks] == [0, 3] and lab._penalties["pen_ace"].number == 1001 and lab._penalties["pen_wild"].number == 30
        explorer.choice._buttons.value = 1  # another rule set: its own boxes, nothing refused
        for check_ in invariants:
            check_()
        assert not lab._button.disabled and lab._decks_refused.value == lab._penalties_refused.value == ""
    finally:
        machine.teardown()


# --- the error boundary, by name ------------------------------------------------------------------------------------------


def test_a_failing_handler_shows_a_plain_notice_in_its_widget_and_logs_the_traceback(failures: Failures, monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.widgets.stepper as stepper_module

    stepper = RoundStepper(seed=3, players=3)
    real = stepper_module.render_step
    monkeypatch.setattr(stepper_module, "render_step", lambda *a: 1 / 0)
    stepper._forward.click()  # the view cannot draw: the learner is told, the traceback goes to the log
    assert trouble(stepper) == TROUBLE["en"] == "Something went wrong here; the rest of the page still works. Try again or reload the page."
    notice = stepper.children[0]
    assert isinstance(notice, w.HTML) and 'role="alert"' in notice.value and "ZeroDivisionError" not in notice.value
    assert len(failures.records) == 1 and failures.records[0].name == "upto9.widgets" and failures.records[0].exc_info is not None
    assert failures.records[0].exc_info[0] is ZeroDivisionError and "render_step" not in trouble(stepper)
    stepper._forward.click()  # fails again: one notice, not two
    assert trouble(stepper) and sum(1 for c in stepper.children if "u9-trouble" in getattr(c, "_dom_classes", ())) == 1
    monkeypatch.setattr(stepper_module, "render_step", real)
    stepper._forward.click()  # the next action that succeeds takes the notice away
    assert trouble(stepper) == "" and not any("u9-trouble" in getattr(c, "_dom_classes", ()) for c in stepper.children)
    assert stepper.model.step == 3 and "action 3 of" in text_of(stepper._status.value)


def test_the_language_switch_reaches_every_view_even_when_one_fails(failures: Failures, monkeypatch: pytest.MonkeyPatch) -> None:
    import upto9.widgets.stepper as stepper_module

    page = Page(lang="en")
    hand = HandModel("5h 6h 7h 8h")
    builder, stepper, checker = HandBuilder(hand), RoundStepper(seed=3, players=3), LevelChecker(hand)
    page.add(builder, stepper, checker)
    monkeypatch.setattr(stepper_module, "render_step", lambda *a: [][1])
    page._switch.value = "nb"
    assert builder.lang == stepper.lang == checker.lang == "nb"
    assert "Sjekk hånda mot et nivå" in text_of(checker._title.value)  # drawn in Norwegian after the view that failed
    assert trouble(stepper) == TROUBLE["nb"] and trouble(builder) == trouble(checker) == ""
    assert len(failures.records) == 1
    page._switch.value = "en"  # still failing: the notice follows the language
    assert trouble(stepper) == TROUBLE["en"] and builder.lang == checker.lang == "en"


def test_a_failure_inside_another_widgets_action_shows_where_it_happened(failures: Failures) -> None:
    """A hand click that makes a second view fail: the notice is that view's, the hand's click succeeds."""
    hand = HandModel("5h 6h 7h 8h")
    builder = HandBuilder(hand)
    broken = w.VBox([w.HTML("a view")])
    hand.observe(guard(broken, lambda _c: 1 / 0), names="cards")
    builder._clear.click()
    assert hand.cards == () and trouble(builder) == "" and trouble(broken) == TROUBLE["en"]
    assert broken.children[0].value.startswith('<div class="u9-error u9-trouble"')


def test_a_boundary_lets_keyboard_interrupts_through_and_works_on_html_and_output_views() -> None:
    html = w.HTML("text")
    with pytest.raises(KeyboardInterrupt), boundary(html):
        raise KeyboardInterrupt
    with boundary(html):
        raise ValueError("x")
    assert html.value.endswith("text") and trouble(html) == TROUBLE["en"] and "u9-trouble" in html.value
    with boundary(html):
        pass
    assert html.value == "text" and trouble(html) == ""
    out = w.Output()
    with boundary(out):
        raise RuntimeError("y")
    assert trouble(out) and out.outputs[0]["data"]["text/plain"] == TROUBLE["en"]


def test_every_handler_of_every_widget_runs_behind_the_boundary() -> None:
    """No ``observe`` or ``on_click`` in a widget file without ``guard`` (models observing models excepted)."""
    folder = Path(__file__).resolve().parent.parent / "widgets"
    unguarded = []
    for path in sorted(folder.rglob("*.py")):  # a game's own pages (widgets/games/) too
        source = path.read_text(encoding="utf-8")
        for found in re.finditer(r"(?<!@t)\.(observe|on_click)\((?!\s*guard\()", source):
            line = source[source.rfind("\n", 0, found.start()) + 1 : source.find("\n", found.end())]
            unguarded.append(f"{path.name}:{source.count(chr(10), 0, found.start()) + 1}: {line.strip()}")
    models = {"hand.observe(self._follow_hand", "hand.observe(self._follow_rules", "hand.observe(self._recheck"}
    scripts = {"new MutationObserver("}  # a page script's DOM observer (JavaScript in a string), no Python handler
    assert [u for u in unguarded if not any(m in u for m in models | scripts)] == []


def test_a_model_played_with_another_player_count_keeps_the_stepper_working() -> None:
    """The issue's call, on the model a page's stepper shows."""
    stepper = RoundStepper(seed=7, players=3)
    stepper.model.play(seed=7, players=4)
    assert trouble(stepper) == "" and stepper._table.value.count('class="u9-player') == 4
    model = RoundModel()
    model.play(seed=7, players=4)
    assert model.game is not None and model.game.players == 4


def test_a_run_button_whose_action_fails_shows_the_notice_not_a_traceback_in_a_kernel(failures: Failures, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel an output area's capture prints a traceback on the page and swallows it: the
    button's action runs captured, but its failure reaches the boundary instead."""
    import ipywidgets.widgets.widget_output as widget_output
    from upto9.widgets.page import RunButton

    shown: list[object] = []

    class Kernel:
        kernel = None

        def showtraceback(self, *args: object, **kwargs: object) -> None:
            shown.append(args)

    monkeypatch.setattr(widget_output, "get_ipython", lambda: Kernel())
    button = RunButton({"en": "Play", "nb": "Spill"}, lambda: [][0], lang="nb")
    button._button.click()
    assert shown == [] and trouble(button) == TROUBLE["nb"] and not button._button.disabled
    assert len(failures.records) == 1 and failures.records[0].exc_info is not None and failures.records[0].exc_info[0] is IndexError


def test_typing_the_hands_own_text_back_after_a_bad_one_takes_the_error_away() -> None:
    """Found by the hand checker's machine: a bad text, then the hand's own text again, left the error showing."""
    builder = HandBuilder(HandModel("5h 6h"))
    builder._text.value = "5h zz"
    assert "u9-error" in builder._message.value and builder.model.text == "5h 6h"
    builder._text.value = "5h 6h"
    assert builder.model.error == "" and "u9-error" not in builder._message.value
    explorer = RulesExplorer()
    own = explorer.hand.text
    explorer._hand_text.value = own + " zz"
    assert "u9-error" in explorer._hand_error.value
    explorer._hand_text.value = own
    assert explorer.hand.error == "" and explorer._hand_error.value == ""


# --- the round stepper playing every family: the rummies and the games drawn from their zones (issue 21.5) ----------

FAMILY_GAMES = (UPTO9, PHASE10, game_family("threeup").rules, game_family("picture_cards").rules)
FAMILY_RECORDS = {
    "upto9": DATA / "sample_game.json",
    "phase10": DATA / "sample_phase10_game.json",
    "threeup": DATA / "sample_threeup_game.json",
    "picture_cards": DATA / "sample_picture_cards_game.json",
}


class FamilyStepperPage(PageMachine):
    """The stepper offering all four games, played and saved: switching games, players,
    perspective and steps; a seat never sees a card outside what it may see."""

    def __init__(self) -> None:
        super().__init__()
        self.page = Page(lang="en")
        self.stepper = RoundStepper(seed=7, players=3, rule_sets=FAMILY_GAMES)
        self.views = [self.stepper]
        self.page.add(self.stepper)

    @rule(index=st.integers(0, len(FAMILY_GAMES) - 1))
    def game_choice(self, index: int) -> None:
        self.stepper._game_choice.value = index
        assert self.stepper.model.game.rules.key == FAMILY_GAMES[index].key

    @rule(players=st.integers(2, 6), seed=st.integers(0, 50), bots=st.sampled_from(["heuristic", "random"]))
    def play_a_new_game(self, players: int, seed: int, bots: str) -> None:
        stepper = self.stepper
        if stepper._new_game.layout.display == "none":  # a saved game shown: the first click plays, and shows the controls
            stepper._play.click()
        rules = stepper.model.rules
        if players in stepper._players.options:
            stepper._players.value = players
        typed = str(seed) != stepper._seed.value  # (the number shown, typed again, sends nothing: the next one is dealt)
        stepper._seed.value = seed
        stepper._bots.value = bots
        stepper._play.click()
        game = stepper.model.game
        assert game is not None and game.rules.key == rules.key and rules.min_players <= game.players <= rules.max_players
        assert stepper.model.source[:2] == ("seed", seed if typed else seed + 1)

    @rule(which=st.sampled_from(sorted(FAMILY_RECORDS)))
    def upload_a_saved_game(self, which: str) -> None:
        self.stepper._upload.value = (_upload(f"{which}.json", FAMILY_RECORDS[which].read_bytes()),)
        assert self.stepper.model.game is not None and self.stepper.model.game.rules.key == which
        assert not self.stepper.model.error

    @rule(button=st.sampled_from(["_start", "_back", "_forward", "_end"]), times=st.integers(1, 3))
    def step_button(self, button: str, times: int) -> None:
        for _ in range(times):
            getattr(self.stepper, button).click()

    @rule(data=st.data())
    def slide(self, data: st.DataObject) -> None:
        self.stepper._slider.value = data.draw(st.integers(self.stepper._slider.min, self.stepper._slider.max))

    @rule(data=st.data())
    def perspective(self, data: st.DataObject) -> None:
        self.stepper._perspective.value = data.draw(st.sampled_from([v for _, v in self.stepper._perspective.options]))

    @invariant()
    def nothing_failed(self) -> None:
        self.no_failure()
        assert not self.stepper.model.error and not text_of(self.stepper._error.value)

    @invariant()
    def the_counters_stay_in_range(self) -> None:
        stepper, model = self.stepper, self.stepper.model
        game = model.game
        assert game is not None and game.rules.min_players <= game.players <= game.rules.max_players
        assert 0 <= model.step <= model.last_step and stepper._slider.value == model.step
        assert len(stepper._perspective.options) == game.players + 1
        assert list(stepper._players.options) == list(range(game.rules.min_players, game.rules.max_players + 1))
        words = "steg {k} av {n}" if self.page.lang == "nb" else "action {k} of {n}"
        assert words.format(k=model.step, n=model.last_step) in text_of(stepper._status.value)
        assert FAMILY_GAMES[stepper._game_choice.value].key == game.rules.key

    @invariant()
    def a_seat_sees_only_its_visible_zones(self) -> None:
        model = self.stepper.model
        seat = model.perspective
        if seat == WHOLE_TABLE or isinstance(model.game, Game):  # the rummies' own invariant is StepperPage's
            return
        step = model.current
        allowed = Counter(str(c) for zone in step.visible[seat] for c in step.zones[zone])
        html = self.stepper._status.value + self.stepper._action.value + self.stepper._table.value
        shown = Counter(data_cards(html))
        assert not shown - allowed, f"seat {seat} sees {shown - allowed}"
        assert self.stepper._table.value.count('class="u9-player') == model.game.players + 1  # each seat, and the shared zones


TestFamilyStepperPage = FamilyStepperPage.TestCase
TestFamilyStepperPage.settings = machine_settings(6, 14)
