"""The rules tour's views: live rule examples, "predict, then reveal" questions, a donation demo,
a penalty counter and the level table, and the safety valve shown in a game.

Every view has a ``lang`` ('en' or 'nb') that the page's switch (``upto9.widgets.page.Page``) sets,
and draws with the widgets' own card drawing, so an example looks like the checker. Every verdict
is the engine's (``check``, ``validate``, ``Meld.accepts``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from upto9 import UPTO9, Card, HeuristicBot, Meld, Rules, check, parse_card, parse_hand, validate
from upto9.cards import parse_rank
from upto9.family import family_of
from upto9.game import Donated, EndReason, Game, LaidDown, Round
from upto9.messages import message_of, render
from upto9.problems import MeldError
from upto9.rules import GroupKind, rules_from_dict
from upto9.simulate import bot_seed

from ._common import OwnLanguage, guard
from .cards_html import card_html, card_row
from .engine_text import explanation_lines, problem_text
from .explorer import table_html
from .hand import refusal_sentence
from .level_checker import arrangement_html
from .texts import LANGS, SHARED, budget_text, check_lang, face_glyph, group_label, jokers_text

__all__ = ["DonatedJokers", "DonationDemo", "Example", "LevelTable", "PenaltyCounter", "Predict", "valve_demo", "valve_rules"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "valid": "✔ VALID for level {n}",
        "not_valid": "✘ NOT VALID for level {n}",
        "uses": "uses {jokers}",
        "short": "{n} card short",
        "short_many": "{n} cards short",
        "hand": "Hand",
        "left": "Not laid down",
        "why": "Why",
        "question_hand": "Can this hand be laid down for level {n}?",
        "question_melds": "Is this a valid lay-down for level {n}?",
        "yes": "Yes, valid",
        "no": "No, not valid",
        "you_right": "Right!",
        "you_wrong": "Not quite.",
        "you_said": "You said {answer}; the engine says:",
        "answer_yes": "valid",
        "answer_no": "not valid",
        "reveal": "Predict first: pick an answer and the engine reveals its verdict.",
        "try_again": "Try again",
        "no_wrap": ("A straight cannot wrap from K over A to 2 (no K-A-2): {cards} is no straight. The ace goes low (A 2 3 4) or high (J Q K A)."),
        "donated_title": "Why does this straight hold jokers?",
        "donated": "{player} laid down {cards} for level {n} (joker budget: {budget}), then donated {jokers}.",
        "donated_rule": (
            "The joker budget limits the lay-down only: a donated joker needs no budget, but it must stand for a card that really "
            "continues the meld (at either end of a straight, never past an ace; on a set, its rank), and it stays locked to that card."
        ),
        "rules_ok": "It breaks no rule.",
        "meld_error": "These cards make no meld: {error}",
        "meld": "On the table",
        "donate_ok": "✔ {card} can be donated: {why}",
        "donate_no": "✘ {card} cannot be donated here: {why}",
        "continues_low": "it continues the straight downward",
        "continues_high": "it continues the straight upward",
        "same_rank": "a set takes any card of its rank",
        "joker_for": "as a joker for {face}, and it stays locked to {face}",
        "takes_only": "this meld takes only {cards}",
        "takes_rank": "this set takes only cards of its rank",
        "full": "the straight runs from ace to ace: it takes no more cards",
        "penalty_title": "Penalty points for the cards left in hand",
        "penalty_total": "{n} penalty points",
        "penalty_hand": "Type the cards left in a hand",
        "rank": "Card",
        "points": "Points",
        "reconstructed": "* reconstructed: not stated by the rules text; a default of the rule set",
    },
    "nb": {
        "valid": "✔ GYLDIG for nivå {n}",
        "not_valid": "✘ IKKE GYLDIG for nivå {n}",
        "uses": "bruker {jokers}",
        "short": "mangler {n} kort",
        "short_many": "mangler {n} kort",
        "hand": "Hånd",
        "left": "Ikke lagt ned",
        "why": "Hvorfor",
        "question_hand": "Kan denne hånda legges ned på nivå {n}?",
        "question_melds": "Er dette et gyldig nedlegg på nivå {n}?",
        "yes": "Ja, gyldig",
        "no": "Nei, ikke gyldig",
        "you_right": "Riktig!",
        "you_wrong": "Ikke helt.",
        "you_said": "Du svarte {answer}; motoren sier:",
        "answer_yes": "gyldig",
        "answer_no": "ikke gyldig",
        "reveal": "Tipp først: velg et svar, så viser motoren dommen sin.",
        "try_again": "Prøv igjen",
        "no_wrap": (
            "En straight kan ikke gå fra konge over ess til 2 (ingen K-A-2): {cards} er ingen straight. Esset står lavt (A 2 3 4) eller høyt (J Q K A)."
        ),
        "donated_title": "Hvorfor har denne straighten jokere?",
        "donated": "{player} la ned {cards} på nivå {n} (jokerbudsjett: {budget}), og donerte så {jokers}.",
        "donated_rule": (
            "Jokerbudsjettet gjelder bare nedlegget: en donert joker trenger ikke budsjett, men den må stå for et kort som faktisk "
            "fortsetter kombinasjonen (i en av endene av en straight, aldri forbi et ess; på et sett: dets rang), og den låses til det kortet."
        ),
        "rules_ok": "Det bryter ingen regel.",
        "meld_error": "Disse kortene danner ingen kombinasjon: {error}",
        "meld": "På bordet",
        "donate_ok": "✔ {card} kan doneres: {why}",
        "donate_no": "✘ {card} kan ikke doneres her: {why}",
        "continues_low": "det fortsetter straighten nedover",
        "continues_high": "det fortsetter straighten oppover",
        "same_rank": "et sett tar alle kort av sin rang",
        "joker_for": "som joker for {face}, og den låses til {face}",
        "takes_only": "denne kombinasjonen tar bare {cards}",
        "takes_rank": "dette settet tar bare kort av sin rang",
        "full": "straighten går fra ess til ess: den tar ikke flere kort",
        "penalty_title": "Straffepoeng for kortene som er igjen på hånda",
        "penalty_total": "{n} straffepoeng",
        "penalty_hand": "Skriv kortene som er igjen på en hånd",
        "rank": "Kort",
        "points": "Poeng",
        "reconstructed": "* rekonstruert: ikke oppgitt i regelteksten; en standardverdi i regelsettet",
    },
}
assert set(TEXTS) == set(LANGS)


class _View(OwnLanguage, w.HTML):  # type: ignore[misc]
    """An HTML view that redraws itself in its language."""

    def __init__(self, lang: str = "en") -> None:
        self._lang = check_lang(lang)
        super().__init__()
        self.add_class("u9")

    def redraw(self) -> None:
        self.value = self.html(self._lang)

    def html(self, lang: str) -> str:
        raise NotImplementedError


def _verdict_html(hand: Sequence[Card], level: int, rules: Rules, lang: str, explain: bool = True) -> str:
    texts = TEXTS[lang]
    result = check(hand, level, rules)
    if result.ok:
        assert result.jokers is not None
        verdict = f'<span class="u9-ok">{escape(texts["valid"].format(n=level))}</span> {escape(texts["uses"].format(jokers=jokers_text(result.jokers, lang)))}'
    else:
        short = result.cards_short
        words = texts["short" if short == 1 else "short_many"].format(n=short)
        verdict = f'<span class="u9-bad">{escape(texts["not_valid"].format(n=level))}</span> {escape(words)}'
    rows, _needs, left = arrangement_html(result, lang)
    left_row = card_row((card_html(c, lang=lang) for c in left), texts["left"]) if left else ""
    hand_row = card_row((card_html(c, lang=lang) for c in hand), texts["hand"])
    why = ""
    if explain:
        lines = "".join(f"<li>{escape(line)}</li>" for line in explanation_lines(result, lang))
        why = f"<div class='u9-note'><b>{escape(texts['why'])}</b><ul style='margin:.1em 0'>{lines}</ul></div>"
    return f'<div class="u9-example" role="status">{hand_row}<div class="u9-verdict">{verdict}</div>{rows}{left_row}{why}</div>'


class Example(_View):
    """A hand checked against a level, live from the engine: the hand, the verdict, the best (or
    closest) arrangement and the engine's explanation. ``Example("5s 6s 7s 8s", 1)``."""

    def __init__(self, hand: str | Iterable[Card], level: int, *, rules: Rules = UPTO9, explain: bool = True, lang: str = "en") -> None:
        self.hand = parse_hand(hand) if isinstance(hand, str) else tuple(hand)
        self.level = level
        self.rules = rules
        self.explain = explain
        super().__init__(lang)
        self.redraw()

    @property
    def result(self) -> Any:
        """The engine's verdict (``upto9.check``)."""
        return check(self.hand, self.level, self.rules)

    def html(self, lang: str) -> str:
        return _verdict_html(self.hand, self.level, self.rules, lang, self.explain)


def _melds_html(melds: Sequence[Meld], level: int, rules: Rules, lang: str) -> str:
    lv = rules.level(level)
    rows = []
    for i, meld in enumerate(melds):
        label = group_label(lv, i, lang) if i < len(lv.groups) else f"#{i + 1}"
        # REAL only where the verdict counts a 2 or 3 as itself (a 2♣ "as itself" among hearts is a joker).
        reals = family_of(rules).counts_real(meld, rules)
        cells = (card_html(p.card, p.face, real=real and rules.is_wild(p.card), lang=lang) for p, real in zip(meld.cards, reals, strict=True))
        rows.append(card_row(cells, label))
    return "".join(rows)


class Predict(OwnLanguage, w.VBox):  # type: ignore[misc]
    """A "predict, then reveal" question: a hand (``hand=``) or an arranged lay-down (``melds=``,
    pairs of kind and text such as ``("run", "5h 6h 2c=7h 8h")``) and a level. The learner picks
    "valid" or "not valid"; then the engine's verdict and its reasons are shown."""

    def __init__(
        self,
        level: int,
        *,
        hand: str | None = None,
        melds: Sequence[tuple[str, str]] | None = None,
        rules: Rules = UPTO9,
        lang: str = "en",
    ) -> None:
        if (hand is None) == (melds is None):
            raise ValueError("give a hand or melds, not both")
        self.level = level
        self.rules = rules
        self.hand = parse_hand(hand) if hand is not None else None
        self.melds: tuple[Meld, ...] = ()
        self.meld_error: MeldError | None = None  # kept as the error, worded in the page's language
        if melds is not None:
            try:
                self.melds = tuple(Meld.from_text(kind, text) for kind, text in melds)
            except MeldError as error:
                self.meld_error = error
                self.melds_text = melds
        self.answer: bool | None = None
        self._lang = check_lang(lang)
        self._question = w.HTML()
        # Neutral until the learner answers: no colour says what is right before the reveal.
        self._yes = w.Button(layout=w.Layout(width="auto"))
        self._no = w.Button(layout=w.Layout(width="auto"))
        self._again = w.Button(icon="undo", layout=w.Layout(width="auto", display="none"))
        self._again.add_class("u9-predict-again")
        self._yes.add_class("u9-predict-yes")
        self._no.add_class("u9-predict-no")
        self._yes.on_click(guard(self, lambda _b: self.pick(True)))
        self._no.on_click(guard(self, lambda _b: self.pick(False)))
        self._again.on_click(guard(self, lambda _b: self.try_again()))
        self._reveal = w.HTML()
        self._reveal.add_class("u9-reveal")
        super().__init__(
            [self._question, w.HBox([self._yes, self._no, self._again], layout=w.Layout(flex_flow="row wrap")), self._reveal],
            layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"),
        )
        self.add_class("u9")
        self.add_class("u9-predict")
        self.redraw()

    @property
    def valid(self) -> bool:
        """The engine's verdict."""
        if self.hand is not None:
            return check(self.hand, self.level, self.rules).ok
        return not self.meld_error and not validate(self.melds, self.level, self.rules)

    def pick(self, answer: bool) -> None:
        """The learner's prediction; reveals the engine's verdict. Once revealed, the answer stays
        until ``try_again``."""
        if self.answer is not None:
            return
        self.answer = answer
        self.redraw()

    def try_again(self) -> None:
        """Forget the prediction: the question is open again."""
        self.answer = None
        self.redraw()

    def _wrap_html(self, lang: str) -> str:
        """For a hand that a straight would hold only by wrapping K-A-2, the rule in plain words
        (the engine's ``validate`` says whether the cards, laid down as one straight, wrap)."""
        level = self.rules.level(self.level)
        if self.hand is None or len(level.groups) != 1 or level.groups[0].kind is not GroupKind.RUN or len(self.hand) != level.groups[0].size:
            return ""
        meld = family_of(self.rules).meld_of(GroupKind.RUN, [(c, None) for c in self.hand], self.rules)
        if not any(p.rule == "wrap" for p in validate([meld], level, self.rules)):
            return ""
        cards = " ".join(c.glyph for c in self.hand)
        return f"<div style='margin:.2em 0'><b>{escape(TEXTS[lang]['no_wrap'].format(cards=cards))}</b></div>"

    def _buttons(self, texts: dict[str, str]) -> None:
        """Neutral and open before the answer; after it, locked, the right answer marked ✔ (and a
        wrong pick ✘), and "Try again" shown."""
        right = self.valid if self.answer is not None else None
        for button, says, key in ((self._yes, True, "yes"), (self._no, False, "no")):
            if right is None:
                description, style = texts[key], ""
            elif says == right:
                description, style = f"✔ {texts[key]}", "success"
            elif says == self.answer:
                description, style = f"✘ {texts[key]}", "danger"
            else:
                description, style = texts[key], ""
            button.description = description
            button.button_style = style
            button.disabled = right is not None
        self._again.description = texts["try_again"]
        self._again.layout.display = "none" if right is None else None

    def redraw(self) -> None:
        lang = self._lang
        texts = TEXTS[lang]
        if self.hand is not None:
            question = texts["question_hand"].format(n=self.level)
            shown = card_row((card_html(c, lang=lang) for c in self.hand), texts["hand"])
        else:
            question = texts["question_melds"].format(n=self.level)
            if self.meld_error:
                shown = "".join(card_row([f"<code>{escape(text)}</code>"], kind) for kind, text in self.melds_text)
            else:
                shown = _melds_html(self.melds, self.level, self.rules, lang)
        mark = (
            '<span aria-hidden="true" style="display:inline-block;width:1.4em;border-radius:50%;'
            'background:#6a1b9a;color:#fff;text-align:center;font-weight:800">?</span>'
        )
        self._question.value = f"<div>{mark} <b>{escape(question)}</b></div>{shown}"
        self._buttons(texts)
        if self.answer is None:
            self._reveal.value = f"<div class='u9-note'>{escape(texts['reveal'])}</div>"
            return
        right = self.answer == self.valid
        said = texts["you_said"].format(answer=texts["answer_yes" if self.answer else "answer_no"])
        head = f"<div><b>{escape(texts['you_right' if right else 'you_wrong'])}</b> {escape(said)}</div>"
        if self.hand is not None:
            body = self._wrap_html(lang) + _verdict_html(self.hand, self.level, self.rules, lang)
        elif self.meld_error:
            error = texts["meld_error"].format(error=render(message_of(self.meld_error), lang))
            body = f'<div><span class="u9-bad">{escape(texts["not_valid"].format(n=self.level))}</span> {escape(error)}</div>'
        else:
            problems = validate(self.melds, self.level, self.rules)
            if problems:
                reasons = "".join(f"<li>{escape(problem_text(p, lang))}</li>" for p in problems)
                body = f'<div><span class="u9-bad">{escape(texts["not_valid"].format(n=self.level))}</span><ul style="margin:.1em 0">{reasons}</ul></div>'
            else:
                jokers = sum(m.jokers for m in self.melds)
                body = (
                    f'<div><span class="u9-ok">{escape(texts["valid"].format(n=self.level))}</span> '
                    f"{escape(texts['uses'].format(jokers=jokers_text(jokers, lang)))}. {escape(texts['rules_ok'])}</div>"
                )
        self._reveal.value = head + body


class DonationDemo(_View):
    """A meld on the table and loose cards: which of them can be donated to it, and why, as the
    engine's ``Meld.accepts`` says. A 2 or 3 may be given with what it stands for: ``"2h=8c"``."""

    def __init__(self, kind: str, meld: str, cards: str, *, rules: Rules = UPTO9, lang: str = "en") -> None:
        self.meld = Meld.from_text(kind, meld)
        self.rules = rules
        self.cards: list[tuple[Card, Any]] = []
        for token in cards.replace(",", " ").split():
            card_text, _, face_text = token.partition("=")
            face: Any = None
            if face_text:
                face = parse_card(face_text) if self.meld.kind is GroupKind.RUN else parse_rank(face_text)
            self.cards.append((parse_card(card_text), face))
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        rules = self.rules
        meld = self.meld
        shown = card_row((card_html(p.card, p.face, real=not p.wild and rules.is_wild(p.card), lang=lang) for p in meld.cards), texts["meld"])
        lines = []
        for card, face in self.cards:
            name = card.glyph if face is None else f"{card.glyph} (= {face_glyph(face)})"
            lines.append(self._line(card, face, name, texts))
        return f"<div class='u9-example'>{shown}<ul style='margin:.2em 0'>{''.join(lines)}</ul></div>"

    def _line(self, card: Card, face: Any, name: str, texts: dict[str, str]) -> str:
        meld, rules = self.meld, self.rules
        if not meld.accepts(card, face, rules):
            if meld.kind is GroupKind.SET:
                why = texts["takes_rank"]
            else:
                ends = meld.open_cards()
                why = texts["takes_only"].format(cards=" / ".join(face_glyph(f) for f in ends)) if ends else texts["full"]
            return f"<li class='u9-bad' style='font-size:1em'>{escape(texts['donate_no'].format(card=name, why=why))}</li>"
        if face is None and meld.why_not(card, None, rules) is not None:  # a 2 or 3 that fits only as a joker
            face = next(f for f in meld.open_cards() if meld.why_not(card, f, rules) is None)
        grown = meld.extend(card, face, rules)
        placed = grown.cards[0] if grown.cards[0] is not meld.cards[0] and grown.cards[0].card == card else grown.cards[-1]
        if placed.wild:
            why = texts["joker_for"].format(face=face_glyph(placed.face))
        elif meld.kind is GroupKind.SET:
            why = texts["same_rank"]
        elif placed is grown.cards[0]:
            why = texts["continues_low"]
        else:
            why = texts["continues_high"]
        return f"<li class='u9-ok' style='font-size:1em'>{escape(texts['donate_ok'].format(card=name, why=why))}</li>"


class DonatedJokers(_View):
    """Why a straight on the table holds jokers that its level does not allow: in a round (a
    ``RoundStepper``'s ``model``), the first player who donated a joker, what they laid down for
    which level and its budget, the jokers they donated, and the rule (rulings 4 and 5): the budget
    limits the lay-down only; a donated joker needs none, must continue the meld and stays locked.
    Shows nothing for a round without a donated joker. Follows the model to a new game."""

    def __init__(self, round_model: Any, *, lang: str = "en") -> None:
        self.round_model = round_model
        super().__init__(lang)
        round_model.observe(guard(self, lambda _c: self.redraw()), names=["steps"])
        self.redraw()

    def html(self, lang: str) -> str:
        texts, shared = TEXTS[lang], SHARED[lang]
        steps = list(self.round_model.steps)
        actions = [s.action for s in steps]
        first = next((a for a in actions if isinstance(a, Donated) and a.wild), None)
        if first is None:
            return ""
        owner = first.owner
        laid = next((i for i, a in enumerate(actions) if isinstance(a, LaidDown) and a.player == owner), None)
        if laid is None:
            return ""
        lay_down = actions[laid]
        assert isinstance(lay_down, LaidDown)
        number = steps[laid].views[owner].levels[owner] if lay_down.level is None else lay_down.level
        rules = self.round_model.rules
        level = rules.level(number)
        meld = lay_down.melds[first.meld]
        donated = [a for a in actions if isinstance(a, Donated) and a.wild and a.owner == owner and a.meld == first.meld]
        jokers = ", ".join(f"{a.card.glyph} {shared['as']} {face_glyph(a.face, lang)}" for a in donated)
        said = texts["donated"].format(
            player=shared["player"].format(n=owner + 1),
            cards=" ".join(p.card.glyph for p in meld.cards),
            n=number,
            budget=budget_text(level, lang, rules=rules),
            jokers=jokers,
        )
        return (
            f"<div class='u9-example' role='note'><b>{escape(texts['donated_title'])}</b>"
            f"<div>{escape(said)}</div><div>{escape(texts['donated_rule'])}</div></div>"
        )


class PenaltyCounter(OwnLanguage, w.VBox):  # type: ignore[misc]
    """The penalty table of the rules, and a box to type the cards left in a hand: their points.
    The hand is read in the rule set's cards, and one holding more copies of a card than the game's
    decks do (for ``players``, or any table of the rule set: no game of Up to 9 holds more than 3
    of one card) is refused with the engine's reason, worded as the hand box words it."""

    def __init__(self, hand: str = "2c Kd 7s Ah", *, rules: Rules = UPTO9, players: int | None = None, lang: str = "en") -> None:
        self.rules = rules
        self.players = players
        self._lang = check_lang(lang)
        self._text = w.Text(value=hand, continuous_update=True, layout=w.Layout(width="30em"))
        self._text.observe(guard(self, lambda _c: self.redraw()), names="value")
        self._table = w.HTML()
        self._result = w.HTML()
        super().__init__([self._table, self._text, self._result])
        self.add_class("u9")
        self.redraw()

    @property
    def points(self) -> int | None:
        """The points of the typed hand (``None`` while the text is not a hand)."""
        try:
            hand = parse_hand(self._text.value, self.rules, self.players, lang=self._lang)
        except ValueError:
            return None
        return sum(self.rules.penalty(c) for c in hand)

    def redraw(self) -> None:
        lang = self._lang
        texts = TEXTS[lang]
        rules = self.rules
        groups: dict[int, list[str]] = {}
        marks: dict[int, bool] = {}
        for rank, points in rules.penalties:
            groups.setdefault(points, []).append(str(rank))
            marks[points] = marks.get(points, False) or rules.is_reconstructed(f"penalties.{rank}")
        cells = "".join(
            f"<tr><td>{escape(' '.join(ranks))}</td><td>{points}{'*' if marks[points] else ''}</td></tr>"
            for points, ranks in sorted(groups.items(), reverse=True)
        )
        note = f"<div class='u9-note'>{escape(texts['reconstructed'])}</div>" if any(marks.values()) else ""
        self._table.value = (
            f"<b>{escape(texts['penalty_title'])}</b><table class='u9-table'><tr><th>{escape(texts['rank'])}</th>"
            f"<th>{escape(texts['points'])}</th></tr>{cells}</table>{note}"
        )
        self._text.description = texts["penalty_hand"]
        self._text.style.description_width = "16em"
        self._text.layout.width = "36em"
        try:
            hand = parse_hand(self._text.value, rules, self.players, lang=lang)
        except ValueError as error:  # the hand box's words: a card mistake, or a hand no game's decks hold
            self._result.value = f"<div class='u9-error' role='alert'>⚠ {escape(refusal_sentence(message_of(error), lang, rules))}</div>"
            return
        cards = [card_html(c, lang=lang) + f"<span class='u9-note' style='align-self:center'>{rules.penalty(c)}</span>" for c in hand]
        total = sum(rules.penalty(c) for c in hand)
        self._result.value = card_row(cards) + f"<div class='u9-bad' style='font-size:1.1em'>{escape(texts['penalty_total'].format(n=total))}</div>"


class LevelTable(_View):
    """The level table of a rule set (contract, max wild, min real; reconstructed values ``*``)."""

    def __init__(self, rules: Rules = UPTO9, *, selected: int = 0, lang: str = "en") -> None:
        self.rules = rules
        self.selected = selected
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        return table_html(self.rules, self.selected, lang)


# --- the safety valve, shown with a house rule that makes a level impossible ------------------------


def valve_rules() -> Rules:
    """Up to 9 with two house rules that make level 2 impossible: one deck for two to four players, and
    level 2 is five of a kind with no joker (a deck holds four of each rank)."""
    data = UPTO9.to_dict()
    data["name"] = "Up to 9 (house rules: one deck; level 2 is five of a kind, no jokers)"
    data["decks"] = [{"players": [2, 4], "decks": 1}, {"players": [5, 6], "decks": 2}]
    data["levels"] = [lv if lv["number"] != 2 else {"number": 2, "groups": [{"kind": "set", "size": 5}], "jokers": 0} for lv in data["levels"]]
    data["base"] = "upto9"
    data["house_rules"] = ["decks", "levels.2"]
    return rules_from_dict(data, "<safety valve demo>")


def valve_demo(seed: int = 0, max_rounds: int = 6) -> tuple[Game, int]:
    """A three-player game under ``valve_rules`` played by bots until a round ends by the safety
    valve; returns the game and that round's index. The game stops there (once both players wait
    on the impossible level, no round could end)."""
    rules = valve_rules()
    for attempt in range(50):
        game = Game(players=3, rules=rules, seed=f"{seed}:{attempt}")
        bots = [HeuristicBot(bot_seed(seed, p)) for p in range(3)]
        for _ in range(max_rounds):
            current: Round = game.round
            guard = 0
            while current.end is None and guard < 2000:
                game.play(bots[current.turn].act(current.view(current.turn)))
                guard += 1
            if current.end is None:
                break
            if current.end.reason is EndReason.IMPOSSIBLE:
                return game, len(game.rounds) - 1
            if min(game.levels) >= 2 or game.over:
                break
            game.next_round()
    raise RuntimeError("no round ended by the safety valve")
