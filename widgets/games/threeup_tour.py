"""The 3UP 3DOWN rules tour's views: "predict, then reveal" questions on positions built from
cards, the set-up choice, and how much of the game is luck.

Every answer is the engine's (``upto9.families.threeup.round``): a position is built with
``arranged``, a question's answer is read from ``legal_moves`` or from the round after the move is
played, and a refusal is the engine's own words. This module only names the rule (its number in
``docs/rules.md``, T1-T20) beside what the engine did; it never decides a rule itself.

* ``CanPlay``: the pile and a card (or several): can it be played?
* ``WhatNext``: a move on a position (a Clear, a Clear +1, three of one number, a 3DOWN card):
  what happens after it?
* ``WhereFrom``: hand, 3UP or 3DOWN: where does the next card come from?
* ``SetUp``: six cards dealt; choose three to lay face up, the engine lays them (and says what
  a sensible player would have chosen).
* ``LuckTable``: how often a better player wins, with 95 % intervals and sample sizes.

Every view has a ``lang`` ('en' or 'nb') that the page's switch sets. No pandas, numpy or plotly:
the page also runs on the static site.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

import ipywidgets as w
import traitlets as t

from upto9.families.threeup.bot import ThreeUpBot
from upto9.families.threeup.cards import ThreeUpCard, parse_threeup_card, threeup_deck
from upto9.families.threeup.round import (
    ChooseUp,
    Draw,
    DrewUp,
    Move,
    PickedUp,
    PickUp,
    Play,
    PlayBlind,
    PlayedBlind,
    Record,
    Source,
    ThreeUpRound,
    arranged,
    fields_of,
)
from upto9.messages import Message, message_of, render
from upto9.rules import Rules, builtin_rules
from upto9.turns import RuleError

from .._common import OwnLanguage, guard
from ..cards_html import card_html, card_row, style_card_button
from ..page import Advanced
from ..texts import LANGS, check_lang, number_text, percent_text

__all__ = ["BOT_FIGURES", "THREEUP", "CanPlay", "Figure", "LuckTable", "PredictModel", "Scene", "SetUp", "WhatNext", "WhereFrom", "cards", "outcome"]

THREEUP: Final[Rules] = builtin_rules("threeup")
"""The game as the text plays it (every optional rule off)."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "pile": "Pile (top →)",
        "pile_empty": "The pile is empty.",
        "hand": "Your hand",
        "up": "Your 3UP",
        "down": "Your 3DOWN",
        "deck": "Draw pile: {n} cards",
        "deck_empty": "The draw pile is empty.",
        "play": "You play",
        "turn": "You turn over",
        "cleared": "Out of the game: {n} cards",
        "can_play": "Can you play this?",
        "can_play_many": "Can you play these together?",
        "yes": "Yes",
        "no": "No",
        "reveal": "Predict first: tap an answer, then the game's rules show what happens.",
        "right": "Right!",
        "wrong": "Not quite.",
        "you_said": "You said: {answer}.",
        "try_again": "Try again",
        "plays": "✔ It can be played.",
        "refused": "✘ It cannot be played: {why}.",
        "only_pick_up": "Nothing you hold fits: you must pick up the pile.",
        "what_next": "What happens after this play?",
        "what_next_blind": "What happens when you turn it over?",
        "what_next_pick_up": "What happens when you pick up the pile?",
        "o_stays": "It stays on the pile; the next player's turn",
        "o_clear_end": "The pile leaves the game; your turn ends",
        "o_clear_1": "The pile leaves the game; you play once more",
        "o_clear_2": "The pile leaves the game; you play twice more",
        "o_taken_up": "You take it up with the pile",
        "o_picked_up": "You take the whole pile into your hand",
        "o_win": "You win",
        "after": "Afterwards",
        "owed_1": "You still owe 1 more play (a card, or several of one number).",
        "owed_n": "You still owe {n} more plays (a card, or several of one number); the second goes on the first.",
        "may_draw": "Before it you may draw one card from the draw pile.",
        "may_draw_each": "Before each of them you may draw one card from the draw pile.",
        "next_turn": "Now it is the next player's turn.",
        "won": "You have no cards left: you win, at once.",
        "others_held": "The other player still holds",
        "others_points": "If you play for points, the other player scores {points} for these cards.",
        "hand_after": "Your hand now",
        "where_from": "Where does your next card come from?",
        "w_hand": "My hand",
        "w_up": "My 3UP",
        "w_down": "My 3DOWN",
        "w_pick_up": "I must pick up the pile",
        "from_hand": "From your hand: {cards}.",
        "from_up": "From your 3UP cards: {cards}.",
        "from_down": "From your 3DOWN: turn one over; play it if it fits, else take it up with the pile.",
        "from_pick_up": "Nothing fits, so you pick up the pile.",
        "rule": "The rule",
        "setup_title": "Your six cards: tap three to lay face up (your 3UP)",
        "lay": "Lay them face up",
        "deal": "Deal again",
        "chosen": "{n} of {total} chosen",
        "setup_full": "You have chosen {total} already: tap a chosen card again to put it back, then choose another.",
        "setup_none": "No card is chosen yet: tap {total} of your six cards first.",
        "setup_few": "Only {n} of {total} chosen: choose {k} more of your six cards.",
        "setup_done": "Laid face up on your three 3DOWN cards; the other three are your hand.",
        "setup_bot": "A sensible player (the computer's heuristic player) lays its strongest cards face up, kept for the end of the game:",
        "setup_bot_row": "Its 3UP",
        "setup_refused": "The game refuses: {why}.",
        "luck_title": "How often the better player wins",
        "luck_line": "Wins {share} of {games} games (95% interval: {low} to {high}); by chance alone {chance}.",
        "luck_legend": "The bar: in blue the share of games won, the yellow frame its 95% interval, the red line what chance alone would give.",
        "sampling_vs_heuristic": "A player who thinks about the unseen cards against a sensible player",
        "heuristic_vs_random": "A sensible player against one who plays at random",
        "starter_2": "The player who starts, 2 players",
        "starter_4": "The player who starts, 4 players",
        "luck_note": (
            "Games between the project's computer players, 1,000 for each line: the first two lines two-player games, each player "
            "starting half of them; the last two sensible players in every seat."
        ),
        "luck_details": (
            "The players are the bots of upto9.families.threeup.bot: the sensible one ThreeUpBot, the cleverer SamplingBot, and "
            "upto9.bots.RandomBot. The figures are the README's, from benchmarks/bench_threeup.py (1,000 games per line, seed 2026); "
            "the intervals are Wilson score intervals (upto9.stats.wilson)."
        ),
    },
    "nb": {
        "pile": "Bunken (øverst →)",
        "pile_empty": "Bunken er tom.",
        "hand": "Hånda di",
        "up": "Dine 3UP",
        "down": "Dine 3DOWN",
        "deck": "Trekkbunken: {n} kort",
        "deck_empty": "Trekkbunken er tom.",
        "play": "Du spiller",
        "turn": "Du snur",
        "cleared": "Ute av spillet: {n} kort",
        "can_play": "Kan du spille dette?",
        "can_play_many": "Kan du spille disse sammen?",
        "yes": "Ja",
        "no": "Nei",
        "reveal": "Tipp først: trykk på et svar, så viser spillereglene hva som skjer.",
        "right": "Riktig!",
        "wrong": "Ikke helt.",
        "you_said": "Du svarte: {answer}.",
        "try_again": "Prøv igjen",
        "plays": "✔ Det kan spilles.",
        "refused": "✘ Det kan ikke spilles: {why}.",
        "only_pick_up": "Ingenting du har passer: du må ta opp bunken.",
        "what_next": "Hva skjer når dette er spilt?",
        "what_next_blind": "Hva skjer når du snur det?",
        "what_next_pick_up": "Hva skjer når du tar opp bunken?",
        "o_stays": "Det blir liggende på bunken; neste spillers tur",
        "o_clear_end": "Bunken går ut av spillet; turen din er over",
        "o_clear_1": "Bunken går ut av spillet; du spiller én gang til",
        "o_clear_2": "Bunken går ut av spillet; du spiller to ganger til",
        "o_taken_up": "Du tar det opp sammen med bunken",
        "o_picked_up": "Du tar hele bunken opp på hånda",
        "o_win": "Du vinner",
        "after": "Etterpå",
        "owed_1": "Du skal fortsatt spille 1 gang til (ett kort, eller flere med samme tall).",
        "owed_n": "Du skal fortsatt spille {n} ganger til (ett kort, eller flere med samme tall); den andre legges på den første.",
        "may_draw": "Før du spiller, kan du trekke ett kort fra trekkbunken.",
        "may_draw_each": "Før hver gang kan du trekke ett kort fra trekkbunken.",
        "next_turn": "Nå er det neste spillers tur.",
        "won": "Du har ingen kort igjen: du vinner, med en gang.",
        "others_held": "Den andre spilleren har fortsatt",
        "others_points": "Spiller dere om poeng, får den andre spilleren {points} poeng for disse kortene.",
        "hand_after": "Hånda di nå",
        "where_from": "Hvor kommer det neste kortet ditt fra?",
        "w_hand": "Hånda mi",
        "w_up": "Mine 3UP",
        "w_down": "Mine 3DOWN",
        "w_pick_up": "Jeg må ta opp bunken",
        "from_hand": "Fra hånda di: {cards}.",
        "from_up": "Fra dine 3UP-kort: {cards}.",
        "from_down": "Fra dine 3DOWN: snu ett; spill det hvis det passer, ellers tar du det opp sammen med bunken.",
        "from_pick_up": "Ingenting passer, så du tar opp bunken.",
        "rule": "Regelen",
        "setup_title": "Dine seks kort: trykk på tre som skal ligge med forsiden opp (dine 3UP)",
        "lay": "Legg dem med forsiden opp",
        "deal": "Del ut på nytt",
        "chosen": "{n} av {total} valgt",
        "setup_full": "Du har alt valgt {total}: trykk på et valgt kort igjen for å legge det tilbake, og velg så et annet.",
        "setup_none": "Ingen kort er valgt ennå: trykk først på {total} av de seks kortene dine.",
        "setup_few": "Bare {n} av {total} valgt: velg {k} til av de seks kortene dine.",
        "setup_done": "Lagt med forsiden opp på dine tre 3DOWN-kort; de tre andre er hånda di.",
        "setup_bot": "En fornuftig spiller (datamaskinens enkle spiller) legger de sterkeste kortene med forsiden opp, til slutten av spillet:",
        "setup_bot_row": "Dens 3UP",
        "setup_refused": "Spillet sier nei: {why}.",
        "luck_title": "Hvor ofte den beste spilleren vinner",
        "luck_line": "Vinner {share} av {games} spill (95\u00a0%-intervall: {low} til {high}); ved ren flaks {chance}.",
        "luck_legend": "Stolpen: i blått andelen spill vunnet, den gule rammen 95\u00a0%-intervallet, den røde streken det ren flaks ville gitt.",
        "sampling_vs_heuristic": "En spiller som tenker på de usette kortene, mot en fornuftig spiller",
        "heuristic_vs_random": "En fornuftig spiller mot en som spiller tilfeldig",
        "starter_2": "Den som begynner, 2 spillere",
        "starter_4": "Den som begynner, 4 spillere",
        "luck_note": (
            "Spill mellom prosjektets dataspillere, 1\u00a0000 for hver linje: de to første linjene spill for to, der hver spiller "
            "begynner halvparten; de to siste fornuftige spillere på alle plasser."
        ),
        "luck_details": (
            "Spillerne er robotene i upto9.families.threeup.bot: den fornuftige ThreeUpBot, den smartere SamplingBot, og "
            "upto9.bots.RandomBot. Tallene er README-ens, fra benchmarks/bench_threeup.py (1\u00a0000 spill per linje, frø 2026); "
            "intervallene er Wilson-intervaller (upto9.stats.wilson)."
        ),
    },
}
assert set(TEXTS) == set(LANGS)
assert all(set(TEXTS[lang]) == set(TEXTS["en"]) for lang in LANGS)

RULES: Final[dict[str, dict[str, str]]] = {
    # docs/rules.md "3UP 3DOWN", the rule's number and its sentence, shown beside what the engine did.
    "en": {
        "T5": "T5. One number at a time: one card, or several cards of one number; a Clear is played alone.",
        "T6": "T6. Equal or higher: a number card goes only on the same number or a lower one; on an empty pile any card goes.",
        "T7": "T7. Clears go on anything: Clear, Clear +1 and Clear +2 are higher than every number.",
        "T8": "T8. Must play: a player who can play must.",
        "T9": "T9. Picking up: a player who cannot play takes the whole pile into the hand, and the turn ends.",
        "T10": "T10. Drawing up: at the end of a turn you draw until you hold three cards, while the draw pile lasts.",
        "T11": (
            "T11. Hand, then 3UP, then 3DOWN: the 3UP cards only once the draw pile and the hand are empty, the 3DOWN cards only once the 3UP cards are gone."
        ),
        "T12": "T12. Blind cards: turn a 3DOWN card over and play it if it fits; if not, take it up with the pile.",
        "T13": "T13. Clear: a Clear sends the whole pile, itself included, out of the game; after a plain Clear the turn ends.",
        "T14": "T14. Three of one number in a row on top of the pile count as a Clear: the pile leaves the game.",
        "T15": "T15. Clear +1, Clear +2: after a Clear +1 you owe one more play, after a Clear +2 two; before each you may draw one card.",
        "T16": "T16. Winning: the first player to play their last 3DOWN card wins, at once.",
        "T18": (
            "T18. Points (optional): a player scores the cards they still hold, a number card its number, a Clear 15, a Clear +1 20, "
            "a Clear +2 25; the fewest points win."
        ),
        "T2": "T2. The set-up: three cards face down (3DOWN), then six; lay three of the six face up on them (3UP) and keep three as your hand.",
    },
    "nb": {
        "T5": "T5. Ett tall om gangen: ett kort, eller flere kort med samme tall; et Clear-kort spilles alene.",
        "T6": "T6. Likt eller høyere: et tallkort kan bare legges på samme tall eller et lavere; på en tom bunke kan alle kort legges.",
        "T7": "T7. Clear-kort kan legges på alt: Clear, Clear +1 og Clear +2 er høyere enn alle tall.",
        "T8": "T8. Spilleplikt: den som kan spille, må.",
        "T9": "T9. Ta opp bunken: den som ikke kan spille, tar hele bunken opp på hånda, og turen er over.",
        "T10": "T10. Trekke opp: på slutten av turen trekker du til du har tre kort, så lenge trekkbunken varer.",
        "T11": "T11. Hånda, så 3UP, så 3DOWN: 3UP-kortene først når trekkbunken og hånda er tomme, 3DOWN-kortene først når 3UP-kortene er borte.",
        "T12": "T12. Blinde kort: snu et 3DOWN-kort og spill det hvis det passer; hvis ikke, tar du det opp sammen med bunken.",
        "T13": "T13. Clear: et Clear-kort sender hele bunken, seg selv med, ut av spillet; etter et vanlig Clear er turen over.",
        "T14": "T14. Tre like tall etter hverandre øverst på bunken teller som et Clear: bunken går ut av spillet.",
        "T15": "T15. Clear +1, Clear +2: etter et Clear +1 skal du spille én gang til, etter et Clear +2 to ganger; før hver kan du trekke ett kort.",
        "T16": "T16. Å vinne: den første som spiller sitt siste 3DOWN-kort, vinner, med en gang.",
        "T18": (
            "T18. Poeng (valgfritt): en spiller får poeng for kortene de fortsatt har, et tallkort tallet sitt, et Clear 15, "
            "et Clear +1 20, et Clear +2 25; færrest poeng vinner."
        ),
        "T2": "T2. Oppstillingen: tre kort med forsiden ned (3DOWN), så seks til; legg tre av de seks med forsiden opp på dem (3UP) og behold tre som hånd.",
    },
}
assert set(RULES) == set(LANGS) and set(RULES["en"]) == set(RULES["nb"])

_REFUSAL_RULE: Final = {
    # The engine's refusal (its message key) and the rule it quotes.
    "threeup.lower": "T6",
    "threeup.one_number": "T5",
    "threeup.hand_first": "T11",
    "threeup.deck_first": "T11",
    "threeup.up_first": "T11",
    "threeup.must_play": "T8",
}

_CLEARS_RULE: Final = {"clear": "T13", "clear+1": "T15", "clear+2": "T15", "same": "T14"}
"""What cleared the pile (``Played.clears``) and the rule that says so."""


def cards(text: str) -> tuple[ThreeUpCard, ...]:
    """Cards from their texts (``"7r 7g C1"``), as players type them.

    >>> cards("7r C+1")
    (ThreeUpCard('7r'), ThreeUpCard('C1'))
    """
    return tuple(parse_threeup_card(token) for token in text.split())


@dataclass(frozen=True)
class Scene:
    """A position to ask about: seat 0 to move, with these cards (texts, as ``cards`` reads them)."""

    hand: str = ""
    up: str = ""
    down: str = ""
    pile: str = ""
    deck: str = ""
    opponent: str = "4r 8g 9b"

    def round(self, rules: Rules = THREEUP) -> ThreeUpRound:
        """The position as a round in play (``arranged``)."""
        return arranged(
            rules,
            cards(self.hand),
            up=cards(self.up),
            down=cards(self.down),
            pile=cards(self.pile),
            deck=cards(self.deck),
            opponent=cards(self.opponent),
        )


def outcome(rnd: ThreeUpRound, record: Record) -> str:
    """What a move did, read from the round after it: ``'win'``, ``'taken_up'`` (a 3DOWN card that did
    not fit), ``'picked_up'``, ``'clear_end'``, ``'clear_1'``, ``'clear_2'`` or ``'stays'``.

    >>> rnd = Scene(hand="C1 5r", pile="7b 9g").round()
    >>> outcome(rnd, rnd.play(Play(Source.HAND, cards("C1"))))
    'clear_1'
    """
    seat = getattr(record, "player", None)  # every record of a player's move names the player
    if rnd.over and rnd.places and rnd.places[0] == seat:
        return "win"
    if isinstance(record, PlayedBlind) and not record.played:
        return "taken_up"
    if isinstance(record, PickedUp):
        return "picked_up"
    clears = getattr(record, "clears", None)
    if clears is None:
        return "stays"
    if rnd.turn != seat:
        return "clear_end"
    return "clear_1" if rnd.actions_left == 1 else "clear_2"


class PredictModel(t.HasTraits):
    """A question's state: the learner's pick (``None`` until they answer) and the language."""

    picked = t.Unicode(None, allow_none=True)
    lang = t.Unicode("en")


def _rule_html(keys: Sequence[str], lang: str) -> str:
    lines = "".join(f"<li>{escape(RULES[lang][k])}</li>" for k in dict.fromkeys(keys))
    return f"<div class='u9-note'><b>{escape(TEXTS[lang]['rule'])}</b><ul style='margin:.1em 0'>{lines}</ul></div>"


def _said(lines: Sequence[str]) -> str:
    return "".join(f"<div><b>{escape(line)}</b></div>" for line in lines)


def _scene_html(rnd: ThreeUpRound, lang: str, *, hand: bool = True, deck: bool = True) -> str:
    """Seat 0's side of the table and the pile, as the engine holds them (the draw pile's size
    with ``deck``, or when it has cards)."""
    texts = TEXTS[lang]
    rows = []
    if rnd.pile:
        rows.append(card_row((card_html(c, lang=lang) for c in rnd.pile), texts["pile"]))
    else:
        rows.append(f"<div class='u9-row'><span class='u9-label'>{escape(texts['pile'])}</span><span>{escape(texts['pile_empty'])}</span></div>")
    if hand and rnd.hands[0]:
        rows.append(card_row((card_html(c, lang=lang) for c in rnd.hands[0]), texts["hand"]))
    up = [c for c in rnd.up[0] if c is not None]
    if up:
        rows.append(card_row((card_html(c, lang=lang) for c in up), texts["up"]))
    down = sum(1 for c in rnd.down[0] if c is not None)
    if down:
        rows.append(card_row([card_html(None, count=down, lang=lang)], texts["down"]))
    left = len(rnd.deck)
    if deck or left:
        rows.append(f"<div class='u9-note'>{escape(texts['deck'].format(n=left) if left else texts['deck_empty'])}</div>")
    return "".join(rows)


_STYLE: Final = (
    "<style>.u9-predict .jupyter-button{white-space:normal;height:auto;min-height:44px;max-width:calc(100% - 6px);"
    "line-height:1.25;padding-top:6px;padding-bottom:6px;text-align:left}</style>"
)
"""An answer's button wraps its words on a narrow screen instead of cutting them off."""

_MARK: Final = (
    '<span aria-hidden="true" style="display:inline-block;width:1.4em;border-radius:50%;'
    'background:#6a1b9a;color:#fff;text-align:center;font-weight:800">?</span>'
)


class _Question(OwnLanguage, w.VBox):  # type: ignore[misc]
    """A "predict, then reveal" question: one button per answer (full width on a phone, big enough to
    tap), neutral until the learner picks; then locked, the engine's answer marked ✔ (a wrong pick ✘),
    the reveal shown and "Try again" offered. Subclasses say the choices, the question, the answer
    (``right``, from the engine) and the reveal."""

    choices: tuple[str, ...] = ()

    def __init__(self, lang: str = "en") -> None:
        self.model = PredictModel(lang=check_lang(lang))
        self._lang = self.model.lang
        self._question = w.HTML()
        self._buttons = {key: self._button(key) for key in self.choices}
        self._again = w.Button(icon="undo", layout=w.Layout(width="auto", min_height="44px", display="none"))
        self._again.add_class("u9-predict-again")
        self._again.on_click(guard(self, lambda _b: self.try_again()))
        self._reveal = w.HTML()
        self._reveal.add_class("u9-reveal")
        row = w.Box([*self._buttons.values(), self._again], layout=w.Layout(display="flex", flex_flow="row wrap"))
        super().__init__([self._question, row, self._reveal], layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"))
        self.add_class("u9")
        self.add_class("u9-predict")
        self.model.observe(guard(self, lambda _c: self.redraw()), names=["picked", "lang"])
        self.redraw()

    def _button(self, key: str) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto", min_width="64px", min_height="44px", height="auto"))
        button.add_class(f"u9-choice-{key}")
        button.on_click(guard(self, lambda _b: self.pick(key)))
        return button

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_lang(lang)
        self.model.lang = self._lang
        self.redraw()

    @property
    def right(self) -> str:
        """The engine's answer: one of ``choices``."""
        raise NotImplementedError

    @property
    def answered(self) -> bool:
        return self.model.picked is not None

    def pick(self, key: str) -> None:
        """The learner's prediction; reveals the engine's answer (kept until ``try_again``)."""
        if key not in self.choices:
            raise ValueError(f"no answer {key!r}; the answers are {', '.join(self.choices)}")
        if self.model.picked is None:
            self.model.picked = key

    def try_again(self) -> None:
        """Forget the prediction: the question is open again."""
        self.model.picked = None

    def label(self, key: str, lang: str) -> str:
        return TEXTS[lang][key]

    def question_html(self, lang: str) -> str:
        raise NotImplementedError

    def reveal_html(self, lang: str) -> str:
        raise NotImplementedError

    def redraw(self) -> None:
        lang = self._lang
        texts = TEXTS[lang]
        picked = self.model.picked
        right = self.right if picked is not None else None
        for key, button in self._buttons.items():
            text = self.label(key, lang)
            if right is None:
                button.description, button.button_style = text, ""
            elif key == right:
                button.description, button.button_style = f"✔ {text}", "success"
            elif key == picked:
                button.description, button.button_style = f"✘ {text}", "danger"
            else:
                button.description, button.button_style = text, ""
            button.tooltip = button.description
            button.disabled = right is not None
        self._again.description = texts["try_again"]
        self._again.layout.display = "none" if right is None else None
        self._question.value = _STYLE + self.question_html(lang)
        if picked is None:
            self._reveal.value = f"<div class='u9-note'>{escape(texts['reveal'])}</div>"
            return
        head = f"<div><b>{escape(texts['right' if picked == right else 'wrong'])}</b> {escape(texts['you_said'].format(answer=self.label(picked, lang)))}</div>"
        self._reveal.value = f"<div role='status'>{head}{self.reveal_html(lang)}</div>"


class CanPlay(_Question):
    """The pile and a card (or several of one number): can it be played now? From ``where``
    (``'hand'`` or ``'up'``); the position's other cards as ``Scene`` takes them. The answer is
    whether the play is among the engine's ``legal_moves``; the reveal says the engine's reason.

    >>> q = CanPlay(pile="4r 7b", play="6g")
    >>> q.right, q.pick("no"), "lower than 7" in q._reveal.value
    ('no', None, True)
    """

    choices = ("yes", "no")

    def __init__(
        self, *, pile: str, play: str, where: str = "hand", hand: str | None = None, up: str = "", down: str = "", deck: str = "", lang: str = "en"
    ) -> None:
        self.source = Source(where)
        self.cards = cards(play)
        if self.source is Source.HAND:
            self.scene = Scene(hand=play if hand is None else hand, up=up, down=down, pile=pile, deck=deck)
        else:
            self.scene = Scene(hand=hand or "", up=up or play, down=down, pile=pile, deck=deck)
        self.show_hand = hand is not None  # a hand of just the cards played is shown once, as "You play"
        self.move = Play(self.source, self.cards)
        rnd = self.scene.round()
        self.legal = self.move in rnd.legal_moves()
        self.why: Message | None = None
        if not self.legal:
            try:
                rnd.verify(self.move)
            except RuleError as error:
                self.why = message_of(error)
        super().__init__(lang)

    @property
    def right(self) -> str:
        return "yes" if self.legal else "no"

    def question_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        question = texts["can_play" if len(self.cards) == 1 else "can_play_many"]
        shown = card_row((card_html(c, lang=lang) for c in self.cards), texts["play"])
        return f"<div>{_MARK} <b>{escape(question)}</b></div>{_scene_html(self.scene.round(), lang, hand=self.show_hand, deck=self.source is Source.UP)}{shown}"

    def reveal_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        if self.legal:
            first = self.cards[0]
            keys = ["T7" if first.clear else "T6"] + (["T5"] if len(self.cards) > 1 else []) + (["T11"] if self.source is Source.UP else [])
            return f"<div class='u9-ok'>{escape(texts['plays'])}</div>{_rule_html(keys, lang)}"
        assert self.why is not None
        rule = _REFUSAL_RULE.get(self.why.key, "T6")
        return f"<div class='u9-bad'>{escape(texts['refused'].format(why=render(self.why, lang)))}</div>{_rule_html([rule], lang)}"


_OUTCOMES: Final = ("stays", "clear_end", "clear_1", "clear_2", "taken_up", "picked_up", "win")


class WhatNext(_Question):
    """A move on a position, and "what happens after it?": the learner picks among ``choices``
    (keys of ``outcome``); the engine plays the move and the reveal shows the pile after it, what
    the player still owes, and the rule. ``play`` is the cards played from the hand (``"C1"``), or
    ``blind=slot`` turns a 3DOWN card over, or ``pick_up=True`` takes the pile.

    >>> q = WhatNext(Scene(hand="C1 5r", pile="7b 9g", deck="6y 2k"), play="C1", choices=("stays", "clear_end", "clear_1", "clear_2"))
    >>> q.right
    'clear_1'
    """

    def __init__(
        self,
        scene: Scene,
        *,
        play: str = "",
        blind: int | None = None,
        pick_up: bool = False,
        choices: Sequence[str] = ("stays", "clear_end", "clear_1", "clear_2"),
        lang: str = "en",
    ) -> None:
        bad = [c for c in choices if c not in _OUTCOMES]
        if bad:
            raise ValueError(f"no outcome {bad[0]!r}; the outcomes are {', '.join(_OUTCOMES)}")
        self.choices = tuple(choices)
        self.scene = scene
        self.move: Move = PickUp() if pick_up else PlayBlind(blind) if blind is not None else Play(Source.HAND, cards(play))
        self.before = scene.round()
        self.after = self.before.copy()
        self.record = self.after.play(self.move)  # the engine refuses a move the position does not allow
        self.result = outcome(self.after, self.record)
        if self.result not in self.choices:
            raise ValueError(f"the move's outcome {self.result!r} is not among the answers")
        super().__init__(lang)

    @property
    def right(self) -> str:
        return self.result

    def label(self, key: str, lang: str) -> str:
        return TEXTS[lang][f"o_{key}"] if key in _OUTCOMES else TEXTS[lang][key]

    def question_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        rnd = self.before
        if isinstance(self.move, Play):
            shown = card_row((card_html(c, lang=lang) for c in self.move.cards), texts["play"])
            question = texts["what_next"]
        elif isinstance(self.move, PlayBlind):
            card = rnd.down[0][self.move.slot]
            shown = card_row([card_html(card, lang=lang)], texts["turn"])
            question = texts["what_next_blind"]
        else:
            shown = f"<div class='u9-note'>{escape(texts['only_pick_up'])}</div>"
            question = texts["what_next_pick_up"]
        return f"<div>{_MARK} <b>{escape(question)}</b></div>{_scene_html(rnd, lang)}{shown}"

    def reveal_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        rnd = self.after
        lines: list[str] = []
        keys: list[str] = []
        others = ""
        if self.result == "win":
            lines.append(texts["won"])
            keys.append("T16")
            # Points are an optional rule (T18): said as "if you play for points", from the engine's count,
            # beside the cards it counts (the other seat's cards in the rules' score zones) and their sum.
            held = rnd.held(1)
            values = [rnd.rules.penalty(c) for c in held]
            total = rnd.scores()[1]
            assert sum(values) == total
            points = f"{' + '.join(map(str, values))} = {total}" if len(values) > 1 else str(total)
            others = card_row((card_html(c, lang=lang) for c in held), texts["others_held"]) + _said([texts["others_points"].format(points=points)])
            keys.append("T18")
        else:
            if self.result in ("clear_1", "clear_2"):
                owed = rnd.actions_left
                lines.append(texts["owed_1"] if owed == 1 else texts["owed_n"].format(n=owed))
                if Draw() in rnd.legal_moves():  # T15: a draw may come before each action owed
                    lines.append(texts["may_draw"] if owed == 1 else texts["may_draw_each"])
            elif rnd.turn != 0:
                lines.append(texts["next_turn"])
            clears = getattr(self.record, "clears", None)
            if isinstance(self.record, PlayedBlind):
                keys.append("T12")
            if clears is not None:
                keys.append(_CLEARS_RULE[clears])
            elif self.result == "stays":
                keys.append("T6")
            if self.result == "picked_up":
                keys.append("T9")
            if any(isinstance(r, DrewUp) for r in rnd.history):
                keys.append("T10")  # the hand drawn back up at the end of the turn
        cleared = len(rnd.cleared)
        out = f"<div class='u9-note'>{escape(texts['cleared'].format(n=cleared))}</div>" if cleared else ""
        hand = card_row((card_html(c, lang=lang) for c in rnd.hands[0]), texts["hand_after"]) if rnd.hands[0] else ""
        return (
            f"<div class='u9-example'><b>{escape(texts['after'])}</b>{_scene_html(rnd, lang, hand=False)}{out}{hand}{_said(lines)}{others}</div>"
            f"{_rule_html(keys, lang)}"
        )


class WhereFrom(_Question):
    """Hand, 3UP or 3DOWN: where does the next card come from in this position? The answer is
    read from the engine's ``legal_moves`` (its plays' source, a 3DOWN card, or picking up).

    >>> WhereFrom(Scene(up="8r C", down="5g 6g 7g", pile="4b")).right
    'w_up'
    """

    choices = ("w_hand", "w_up", "w_down", "w_pick_up")

    def __init__(self, scene: Scene, *, lang: str = "en") -> None:
        self.scene = scene
        self.moves = scene.round().legal_moves()
        super().__init__(lang)

    @property
    def right(self) -> str:
        plays = [m for m in self.moves if isinstance(m, Play)]
        if plays:
            return "w_hand" if plays[0].source is Source.HAND else "w_up"
        if any(isinstance(m, PlayBlind) for m in self.moves):
            return "w_down"
        return "w_pick_up"

    def question_html(self, lang: str) -> str:
        return f"<div>{_MARK} <b>{escape(TEXTS[lang]['where_from'])}</b></div>{_scene_html(self.scene.round(), lang)}"

    def reveal_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        right = self.right
        playable = " ".join(dict.fromkeys(c.glyph for m in self.moves if isinstance(m, Play) for c in m.cards))
        said = {
            "w_hand": texts["from_hand"].format(cards=playable),
            "w_up": texts["from_up"].format(cards=playable),
            "w_down": texts["from_down"],
            "w_pick_up": texts["from_pick_up"],
        }[right]
        keys = ["T11"] + (["T12"] if right == "w_down" else ["T9"] if right == "w_pick_up" else [])
        after = ""
        if right == "w_pick_up":  # the engine takes the pile up: the hand it leaves
            rnd = self.scene.round()
            rnd.play(PickUp())
            after = card_row((card_html(c, lang=lang) for c in rnd.hands[0]), texts["hand_after"])
        return f"<div class='u9-ok' style='font-size:1.1em'>{escape(said)}</div>{after}{_rule_html(keys, lang)}"


class SetUp(OwnLanguage, w.VBox):  # type: ignore[misc]
    """The set-up choice (T2), live: a real deal (from ``seed``); the seat that chooses first sees
    its six cards and taps three (a fourth tap is not taken: the count line says to put one back
    first); the engine lays them face up (``ChooseUp``) or says why not; then what the heuristic
    bot chose from the same six. "Deal again" deals the next seed.

    The engine's refusal of too few cards ("choose exactly 3 cards of your hand", the hand being
    all six at the set-up) is said in the page's words, where "your hand" is the three kept: none
    chosen yet, or how many more to choose of the six. Any other refusal is the engine's words.

    >>> s = SetUp(seed=1)
    >>> s.choose([0, 1, 2]); s.lay(); len(s.laid)
    3
    """

    def __init__(self, seed: int = 1, *, rules: Rules = THREEUP, lang: str = "en") -> None:
        self.rules = rules
        self._lang = check_lang(lang)
        self._title = w.HTML()
        self._cards = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap"))
        self._count = w.HTML()
        self._lay = w.Button(layout=w.Layout(width="auto", min_height="44px"), button_style="primary")
        self._deal = w.Button(icon="refresh", layout=w.Layout(width="auto", min_height="44px"))
        self._lay.add_class("u9-setup-lay")
        self._deal.add_class("u9-setup-deal")
        self._lay.on_click(guard(self, lambda _b: self.lay()))
        self._deal.on_click(guard(self, lambda _b: self.deal(self.seed + 1)))
        self._result = w.HTML()
        self._buttons: list[w.Button] = []
        self._pool: list[w.Button] = []  # the card buttons by place, made once
        row = w.Box([self._lay, self._deal], layout=w.Layout(display="flex", flex_flow="row wrap"))
        super().__init__([self._title, self._cards, self._count, row, self._result], layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"))
        self.add_class("u9")
        self.add_class("u9-setup")
        self.deal(seed)

    def deal(self, seed: int) -> None:
        """A new deal from ``seed``: the six cards of the seat that chooses first."""
        self.seed = seed
        f = fields_of(self.rules)
        deck = list(threeup_deck(f.colours, f.clears, f.clears_plus_1, f.clears_plus_2))
        random.Random(f"tour:setup:{seed}").shuffle(deck)
        self.round = ThreeUpRound(self.rules, 2, 1, deck)
        self.seat = self.round.turn
        self.six = tuple(self.round.hands[self.seat])
        bot = ThreeUpBot(0).act(self.round.view(self.seat))
        assert isinstance(bot, ChooseUp)
        self.bot_choice = bot.cards
        self.picked: set[int] = set()
        self.laid: tuple[ThreeUpCard, ...] | None = None
        self.refusal: Message | None = None
        self.full = False  # a fourth card was tapped: not taken
        self.short = False  # the engine refused too few cards (said in the page's words)
        # The card buttons, by place: made once (a new deal relabels them; new ones each deal stayed alive).
        pool = self._pool
        for place in range(len(pool), len(self.six)):
            button = w.Button(layout=w.Layout(width="auto", min_width="56px", height="56px"))  # (wide enough for its name: "grønn 8")
            button.add_class("u9-setup-card")
            button.on_click(guard(self, lambda _b, i=place: self.tap(i)))
            pool.append(button)
        self._buttons = pool[: len(self.six)]
        self._cards.children = tuple(self._buttons)
        self.redraw()

    @property
    def chosen(self) -> tuple[ThreeUpCard, ...]:
        """The cards tapped, in the order of the six."""
        return tuple(c for i, c in enumerate(self.six) if i in self.picked)

    @property
    def face_up(self) -> int:
        """How many cards are laid face up (T2: three)."""
        return fields_of(self.rules).face_up

    def tap(self, index: int) -> None:
        """Tap the card at ``index`` of the six: chosen, or no longer (until the cards are laid).
        With three chosen another card is not taken: ``full`` says to put one back first."""
        if self.laid is not None:
            return
        self.full = index not in self.picked and len(self.picked) >= self.face_up
        if not self.full:
            self.picked ^= {index}
        self.refusal = None
        self.short = False
        self.redraw()

    def choose(self, picks: Sequence[int]) -> None:
        """Choose exactly the cards at these positions of the six (as tapping them does: the cards
        no longer wanted are put back first)."""
        for i in sorted(self.picked - set(picks)) + sorted(set(picks) - self.picked):
            self.tap(i)

    def lay(self) -> None:
        """Ask the engine to lay the chosen cards face up: done, or its refusal in words."""
        if self.laid is not None:
            return
        self.full = False
        try:
            self.round.play(ChooseUp(self.chosen))
        except RuleError as error:
            refusal = message_of(error)
            self.short = refusal.key == "threeup.choose_three" and len(self.picked) < self.face_up
            self.refusal = None if self.short else refusal
        else:
            self.laid = self.chosen
        self.redraw()

    def redraw(self) -> None:
        lang = self._lang
        texts = TEXTS[lang]
        self._title.value = f"<b>{escape(texts['setup_title'])}</b>"
        for i, (card, button) in enumerate(zip(self.six, self._buttons, strict=True)):
            style_card_button(button, card, 1 if i in self.picked else 0, lang, named=True)
            button.disabled = self.laid is not None
        total, n = self.face_up, len(self.picked)
        count = f"<div class='u9-note'>{escape(texts['chosen'].format(n=n, total=total))}</div>"
        if self.full:
            count += f"<div class='u9-error' role='alert'>⚠ {escape(texts['setup_full'].format(total=total))}</div>"
        self._count.value = count
        self._lay.description = texts["lay"]
        self._lay.disabled = self.laid is not None
        self._deal.description = texts["deal"]
        parts = []
        if self.short:
            said = texts["setup_none"].format(total=total) if not n else texts["setup_few"].format(n=n, total=total, k=total - n)
            parts.append(f"<div class='u9-error' role='alert'>⚠ {escape(said)}</div>")
        if self.refusal is not None:
            parts.append(f"<div class='u9-error' role='alert'>⚠ {escape(texts['setup_refused'].format(why=render(self.refusal, lang)))}</div>")
        if self.laid is not None:
            kept = list(self.six)
            for c in self.laid:
                kept.remove(c)
            parts.append(card_row((card_html(c, lang=lang) for c in self.laid), texts["up"]))
            parts.append(card_row([card_html(None, count=fields_of(self.rules).face_down, lang=lang)], texts["down"]))
            parts.append(card_row((card_html(c, lang=lang) for c in kept), texts["hand"]))
            parts.append(f"<div>{escape(texts['setup_done'])}</div>")
            parts.append(f"<div class='u9-note' style='margin-top:.4em'>{escape(texts['setup_bot'])}</div>")
            parts.append(card_row((card_html(c, lang=lang) for c in self.bot_choice), texts["setup_bot_row"]))
        parts.append(_rule_html(["T2"], lang))
        self._result.value = "".join(parts)


@dataclass(frozen=True)
class Figure:
    """One measured share: ``won`` of ``games``, its 95 % interval (Wilson, ``upto9.stats.wilson``)
    and the share chance alone would give."""

    key: str
    won: int
    games: int
    low: float
    high: float
    chance: float

    @property
    def value(self) -> float:
        return self.won / self.games


BOT_FIGURES: Final = (
    # README "3UP 3DOWN, the third game": benchmarks/bench_threeup.py, 1,000 games per row, seed 2026,
    # 95 % Wilson intervals (tests/test_threeup_tour.py checks them against the README and upto9.stats.wilson).
    Figure("heuristic_vs_random", 892, 1000, 0.871, 0.910, 0.5),
    Figure("sampling_vs_heuristic", 594, 1000, 0.563, 0.624, 0.5),
    Figure("starter_2", 493, 1000, 0.462, 0.524, 0.5),
    Figure("starter_4", 245, 1000, 0.219, 0.273, 0.25),
)


class LuckTable(OwnLanguage, w.VBox):  # type: ignore[misc]
    """How often the better player wins, from the bots' games (``BOT_FIGURES``): each share with
    its 95 % interval and its number of games, beside what chance alone would give; one block per
    figure (a phone reads them one under the other), with a bar: the share, its interval as a band,
    and chance as a line. Where the figures come from (the bots, the benchmark, its seed) is in
    an *Advanced* section, closed.

    >>> "89.2%" in LuckTable().html.value
    True
    """

    def __init__(self, figures: Sequence[Figure] = BOT_FIGURES, *, lang: str = "en") -> None:
        self.figures = tuple(figures)
        self._lang = check_lang(lang)
        self.html = w.HTML()
        self.details = w.HTML()
        self._advanced = Advanced([self.details], lang=self._lang)
        super().__init__([self.html, self._advanced])
        self.add_class("u9")
        self.add_class("u9-luck")
        self.redraw()

    def redraw(self) -> None:
        lang = self._lang
        texts = TEXTS[lang]
        blocks = []
        for f in self.figures:
            said = texts["luck_line"].format(
                share=percent_text(f.value, lang),
                low=percent_text(f.low, lang),
                high=percent_text(f.high, lang),
                games=number_text(f.games, lang, 0),
                chance=percent_text(f.chance, lang, 0),
            )
            bar = (
                "<div aria-hidden='true' style='position:relative;height:14px;background:#eceff1;border-radius:3px;margin:.2em 0 .1em 0;max-width:30em'>"
                f"<div style='position:absolute;left:0;top:0;bottom:0;width:{100 * f.value:.1f}%;background:#0b5c8a;border-radius:3px'></div>"
                f"<div style='position:absolute;left:{100 * f.low:.1f}%;width:{100 * (f.high - f.low):.1f}%;top:-3px;bottom:-3px;"
                "border:2px solid #f9a825;box-sizing:border-box'></div>"
                f"<div style='position:absolute;left:{100 * f.chance:.1f}%;top:-5px;bottom:-5px;width:2px;background:#c62828'></div></div>"
            )
            blocks.append(f"<div class='u9-luck-row' style='margin:.5em 0'><b>{escape(texts[f.key])}</b>{bar}<div>{escape(said)}</div></div>")
        legend = texts["luck_legend"]
        self.html.value = (
            f"<div class='u9-example'><b style='font-size:1.1em'>{escape(texts['luck_title'])}</b>{''.join(blocks)}"
            f"<div class='u9-note'>{escape(legend)}</div><div class='u9-note'>{escape(texts['luck_note'])}</div></div>"
        )
        self.details.value = f"<div class='u9-note'>{escape(texts['luck_details'])}</div>"
        self._advanced.lang = lang
