"""Picture cards, the play page: the learner plays a whole game against one or two bots and sees,
before each draw, the exact chance that the next card ends the turn and what the best stopping
policy would do (issue 23).

``PlayModel`` (traitlets, no widgets) holds the game (the family's ``new_game``), the learner in
seat 0 and the bots in the other seats, and what happened, move by move. Everything it tells the
learner is worked out from the learner's own view (``PictureView``: ruling 10, nothing hidden but
the order of the number pile): the chance is ``end_chance``'s count (``end_counts``), the advice
``best_advice``. ``PicturePlay`` is the view: the new-game controls, the learner's moves (only the
legal ones), the bots' moves step by step, the table's standing, and the winner at the end.

>>> model = PlayModel(seed=3, players=2, bot_kind="best")
>>> model.bots_to_me()
>>> model.my_turn, model.view().stage.value, model.chance() == end_counts(model.view())
(True, 'draw', False)
>>> model.play(Draw())
>>> model.chance() == end_counts(model.view()) or model.view().stage.value != "draw"
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.cards import Card, Rank, Suit
from upto9.families.picture_cards.bot import Advice, best_advice, cheapest_loss, end_counts, plan
from upto9.families.picture_cards.family import FAMILY, PictureFamily
from upto9.families.picture_cards.game import (
    BUST,
    Draw,
    Drew,
    Ended,
    Keep,
    Kept,
    Lose,
    Lost,
    Move,
    PictureRound,
    PictureView,
    Place,
    Placed,
    Record,
    Shift,
    Shifted,
    Stage,
    Stay,
    Stayed,
    Stop,
    Stopped,
    fields_of,
    is_low,
    score_with,
    standing,
)
from upto9.family import FamilyGame
from upto9.messages import Message, render
from upto9.rules import Rules
from upto9.simulate import bot_seed
from upto9.turns import RuleError

from .._common import ChoiceButtons, DrawnView, GameNumber, ModelLanguage, as_typed, guard, keyed, style_tag
from ..cards_html import card_html
from ..texts import LANGS, check_lang, number_text, percent_text

__all__ = ["BOT_KINDS", "LEARNER", "MAX_SEED", "PLAY_CSS", "TEXTS", "PicturePlay", "PlayModel", "move_label", "table_html"]

LEARNER: Final = 0
"""The learner's seat."""


def _bots() -> dict[str, Callable[[int | str | None], Any]]:
    """The family's bots by name (``PictureFamily.bots``)."""
    family = FAMILY
    assert isinstance(family, PictureFamily), family
    return dict(family.bots())


BOT_KINDS: Final = tuple(_bots())
"""The family's bots by name: ``stop_after_3``, ``risk_30``, ``best``."""

MAX_SEED: Final = 999_999_999
MAX_BOT_MOVES: Final = 5_000
"""A guard, no rule: "bots play to your turn" stops after this many moves (a game has a few hundred)."""
LOG_LINES: Final = 10
"""How many of the latest moves the page lists."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Play against the bots",
        "players": "Players",
        "bot_kind": "Bots",
        "bot_stop_after_3": "stop after 3 cards",
        "bot_risk_30": "stop when the risk is over 30%",
        "bot_best": "the best stopping policy",
        "bot_coach": "the coach (as the best policy)",
        "seed": "Game number",
        "new_game": "New game",
        "you": "You",
        "bot": "Bot {n}",
        "your_turn": "Your turn.",
        "hint_draw": "Draw a card, or stop and place the cards you drew.",
        "hint_first": "Draw your first card.",
        "hint_place": "Place the cards you drew: pick a card, then the picture card it goes on.",
        "hint_lose": "Choose the picture card the ace takes.",
        "hint_shift": "Move one placed card, or make no move.",
        "hint_keep": "Choose the picture cards you keep.",
        "their_turn": "{name}'s turn: press a bot button to see what they do.",
        "no_pictures": "You have no picture card left, so you take no more turns (ruling 8): let the bots play to the end.",
        "over": "The game is over.",
        "next_bot": "Next bot move",
        "bots_to_me": "Bots play to your turn",
        "bots_to_end": "Bots play to the end",
        "draw": "Draw a card",
        "stop": "Stop and place",
        "drawn": "Drawn this turn",
        "nothing_drawn": "nothing yet",
        "chance": "Chance that the next card ends your turn: <b>{ends} of {pile}</b> cards in the pile are an ace, 2 or 3: <b>{percent}</b>.",
        "chance_note": "Counted from the cards you can see (the pile's make-up, not its order), so it is exact: no sampling.",
        "first_safe": "Your first card cannot end your turn: an ace, 2 or 3 drawn first goes back into the pile and you draw again (PC11).",
        "must_draw": "The best policy: <b>draw</b>. A turn draws at least one card (PC6).",
        "advice_stop": (
            "The best policy: <b>stop</b>. Placing your cards now gains {held} points of lead; "
            "drawing on is worth {draw} on average, because {ends} of the {pile} cards would end the turn."
        ),
        "advice_draw": (
            "The best policy: <b>draw</b>. Drawing on (and then stopping at the best moment) is worth {draw} points of lead "
            "on average; stopping now gains {held}."
        ),
        "chose": "You chose to {chose}; the best policy would {best}.",
        "verb_draw": "draw",
        "verb_stop": "stop",
        "same": "The same choice.",
        "place_pick": "Card to place",
        "place_on": "Put {card} on {picture} ({before} → {after})",
        "place_tip": "Tip: the bots would put {card} on {picture}.",
        "lose_on": "Give up {picture} ({score} points, {n} cards on it)",
        "lose_tip": "An ace! It takes one of your picture cards with every card on it (PC10). Tip: the cheapest to lose is {picture}.",
        "keep_on": "Keep {cards}",
        "keep_tip": "Keep four picture cards of at least three suits (PC3, PC4).",
        "shift_tip": "Five cards this turn: you may move one placed card to another picture card, once (PC8).",
        "shift_pick": "Move",
        "shift_do": "Move it",
        "stay": "No move",
        "shift_label": "{card} from {source} to {target}",
        "what_happened": "What happened (newest first)",
        "nothing_yet": "Nothing yet.",
        "table": "The table",
        "lost": "lost to an ace",
        "points": "{n} points",
        "suit": "Suit",
        "suits_won": "Suits won",
        "nobody": "tie: nobody",
        "pile": "Number pile: <b>{n}</b> cards: {aces} aces, {busts} 2s and 3s, {safe} cards 4-10.",
        "aside": "Laid aside (2s and 3s that ended a turn): {cards}",
        "none": "none",
        "winner_you": "You win!",
        "winner": "{name} wins.",
        "draw_game": "A draw: {names} are level on suits and on points in them (ruling 9).",
        "result": "Suits won: {counts}.",
        "result_one": "{name} {won} ({points} points)",
        "reason_aces_gone": "Every ace is gone and at most three 2s and 3s are left in the pile (PC18).",
        "reason_pile_empty": "The number pile is empty (ruling 7).",
        "reason_only_low": "Only aces, 2s and 3s were left in the pile when a first card went back (ruling 6).",
        "reason_third_ace": "A player drew their third ace (PC19).",
        "reason_no_pictures": "Nobody holds a picture card any more (ruling 8).",
        "not_your_turn": "Wait: it is {name}'s turn, not yours.",
        "no_bot_turn": "It is your turn: the bots wait for you.",
        "game_over": "The game is over: start a new game.",
        "bad_players": "Players must be 2 or 3, not {value}.",
        "pending": "The game on the table goes on. New game starts {n} players, bots: {bots}.",
        "bad_bot": "No such bot: {value}.",
        "bad_seed": "A game number is a whole number from 0 to {top}, not {value}.",
        "line_keep": "{name} keeps {cards}.",
        "line_keep_you": "You keep {cards}.",
        "line_draw": "{name} draws {card}.",
        "line_draw_you": "You draw {card}.",
        "line_back": "{name} draws {back} first: it goes back into the pile (PC11).",
        "line_back_you": "You draw {back} first: it goes back into the pile (PC11).",
        "line_bust": "{name} draws {card}: the turn ends and the cards drawn go back into the pile (PC9).",
        "line_bust_you": "You draw {card}: your turn ends and the cards you drew go back into the pile (PC9).",
        "line_ace": "{name} draws {card}: an ace takes one of their picture cards (PC10).",
        "line_ace_you": "You draw {card}: an ace takes one of your picture cards (PC10).",
        "line_stop": "{name} stops.",
        "line_stop_you": "You stop.",
        "line_place": "{name} puts {card} on {picture}: {score} points.",
        "line_place_you": "You put {card} on {picture}: {score} points.",
        "line_lose": "{name} gives up {picture} with {n} cards on it.",
        "line_lose_you": "You give up {picture} with {n} cards on it.",
        "line_shift": "{name} moves {card} from {source} to {target} (PC8).",
        "line_shift_you": "You move {card} from {source} to {target} (PC8).",
        "line_stay": "{name} makes no five-card move.",
        "line_stay_you": "You make no five-card move.",
        "line_end": "The game ends.",
        "suit_s": "♠ spades",
        "suit_h": "♥ hearts",
        "suit_d": "♦ diamonds",
        "suit_c": "♣ clubs",
        "won_one": "1 suit",
        "won_many": "{n} suits",
    },
    "nb": {
        "title": "Spill mot robotene",
        "players": "Spillere",
        "bot_kind": "Roboter",
        "bot_stop_after_3": "stopper etter 3 kort",
        "bot_risk_30": "stopper når risikoen er over 30\u00a0%",
        "bot_best": "den beste stoppestrategien",
        "bot_coach": "treneren (som den beste strategien)",
        "seed": "Spillnummer",
        "new_game": "Nytt spill",
        "you": "Du",
        "bot": "Robot {n}",
        "your_turn": "Din tur.",
        "hint_draw": "Trekk et kort, eller stopp og legg ut kortene du har trukket.",
        "hint_first": "Trekk ditt første kort.",
        "hint_place": "Legg ut kortene du trakk: velg et kort og så bildekortet det skal på.",
        "hint_lose": "Velg bildekortet esset skal ta.",
        "hint_shift": "Flytt ett utlagt kort, eller la være.",
        "hint_keep": "Velg bildekortene du vil beholde.",
        "their_turn": "{name} sin tur: trykk på en robotknapp for å se hva den gjør.",
        "no_pictures": "Du har ingen bildekort igjen, så du får ingen flere turer (avgjørelse 8): la robotene spille ferdig.",
        "over": "Spillet er over.",
        "next_bot": "Neste robottrekk",
        "bots_to_me": "Robotene spiller til din tur",
        "bots_to_end": "Robotene spiller ferdig",
        "draw": "Trekk et kort",
        "stop": "Stopp og legg ut",
        "drawn": "Trukket denne turen",
        "nothing_drawn": "ingenting ennå",
        "chance": "Sjansen for at neste kort avslutter turen din: <b>{ends} av {pile}</b> kort i bunken er ess, 2 eller 3: <b>{percent}</b>.",
        "chance_note": "Telt fra kortene du kan se (hva bunken består av, ikke rekkefølgen), så den er eksakt: ingen simulering.",
        "first_safe": (
            "Det første kortet ditt kan ikke avslutte turen: et ess, en 2 eller en 3 som trekkes først, stokkes tilbake i bunken, og du trekker på nytt (PC11)."
        ),
        "must_draw": "Den beste strategien: <b>trekk</b>. En tur trekker minst ett kort (PC6).",
        "advice_stop": (
            "Den beste strategien: <b>stopp</b>. Å legge ut kortene nå gir {held} poeng forsprang; "
            "å trekke videre er i snitt verdt {draw}, fordi {ends} av de {pile} kortene ville avsluttet turen."
        ),
        "advice_draw": (
            "Den beste strategien: <b>trekk</b>. Å trekke videre (og så stoppe på beste tidspunkt) er i snitt verdt "
            "{draw} poeng forsprang; å stoppe nå gir {held}."
        ),
        "chose": "Du valgte å {chose}; den beste strategien ville {best}.",
        "verb_draw": "trekke",
        "verb_stop": "stoppe",
        "same": "Samme valg.",
        "place_pick": "Kort som skal legges",
        "place_on": "Legg {card} på {picture} ({before} → {after})",
        "place_tip": "Tips: robotene ville lagt {card} på {picture}.",
        "lose_on": "Gi fra deg {picture} ({score} poeng, {n} kort på)",
        "lose_tip": "Et ess! Det tar ett av bildekortene dine med alle kortene på (PC10). Tips: det billigste å miste er {picture}.",
        "keep_on": "Behold {cards}",
        "keep_tip": "Behold fire bildekort i minst tre sorter (PC3, PC4).",
        "shift_tip": "Fem kort denne turen: du kan flytte ett utlagt kort til et annet bildekort, én gang (PC8).",
        "shift_pick": "Flytt",
        "shift_do": "Flytt det",
        "stay": "Ikke flytt",
        "shift_label": "{card} fra {source} til {target}",
        "what_happened": "Hva som skjedde (nyeste først)",
        "nothing_yet": "Ingenting ennå.",
        "table": "Bordet",
        "lost": "tapt til et ess",
        "points": "{n} poeng",
        "suit": "Sort",
        "suits_won": "Sorter vunnet",
        "nobody": "likt: ingen",
        "pile": "Tallbunken: <b>{n}</b> kort: {aces} ess, {busts} toere og treere, {safe} kort fra 4 til 10.",
        "aside": "Lagt til side (toere og treere som avsluttet en tur): {cards}",
        "none": "ingen",
        "winner_you": "Du vant!",
        "winner": "{name} vant.",
        "draw_game": "Uavgjort: {names} står likt i sorter og i poeng i dem (avgjørelse 9).",
        "result": "Sorter vunnet: {counts}.",
        "result_one": "{name} {won} ({points} poeng)",
        "reason_aces_gone": "Alle essene er borte, og det er høyst tre toere og treere igjen i bunken (PC18).",
        "reason_pile_empty": "Tallbunken er tom (avgjørelse 7).",
        "reason_only_low": "Bare ess, toere og treere var igjen i bunken da et første kort gikk tilbake (avgjørelse 6).",
        "reason_third_ace": "En spiller trakk sitt tredje ess (PC19).",
        "reason_no_pictures": "Ingen har bildekort igjen (avgjørelse 8).",
        "not_your_turn": "Vent: det er {name} sin tur, ikke din.",
        "no_bot_turn": "Det er din tur: robotene venter på deg.",
        "game_over": "Spillet er over: start et nytt spill.",
        "bad_players": "Antall spillere må være 2 eller 3, ikke {value}.",
        "pending": "Spillet på bordet fortsetter. Nytt spill starter {n} spillere, roboter: {bots}.",
        "bad_bot": "Det finnes ingen slik robot: {value}.",
        "bad_seed": "Et spillnummer er et helt tall fra 0 til {top}, ikke {value}.",
        "line_keep": "{name} beholder {cards}.",
        "line_keep_you": "Du beholder {cards}.",
        "line_draw": "{name} trekker {card}.",
        "line_draw_you": "Du trekker {card}.",
        "line_back": "{name} trekker {back} først: det går tilbake i bunken (PC11).",
        "line_back_you": "Du trekker {back} først: det går tilbake i bunken (PC11).",
        "line_bust": "{name} trekker {card}: turen er over, og kortene som ble trukket, går tilbake i bunken (PC9).",
        "line_bust_you": "Du trekker {card}: turen din er over, og kortene du trakk, går tilbake i bunken (PC9).",
        "line_ace": "{name} trekker {card}: et ess tar ett av bildekortene (PC10).",
        "line_ace_you": "Du trekker {card}: et ess tar ett av bildekortene dine (PC10).",
        "line_stop": "{name} stopper.",
        "line_stop_you": "Du stopper.",
        "line_place": "{name} legger {card} på {picture}: {score} poeng.",
        "line_place_you": "Du legger {card} på {picture}: {score} poeng.",
        "line_lose": "{name} gir fra seg {picture} med {n} kort på.",
        "line_lose_you": "Du gir fra deg {picture} med {n} kort på.",
        "line_shift": "{name} flytter {card} fra {source} til {target} (PC8).",
        "line_shift_you": "Du flytter {card} fra {source} til {target} (PC8).",
        "line_stay": "{name} flytter ikke noe kort.",
        "line_stay_you": "Du flytter ikke noe kort.",
        "line_end": "Spillet er slutt.",
        "suit_s": "♠ spar",
        "suit_h": "♥ hjerter",
        "suit_d": "♦ ruter",
        "suit_c": "♣ kløver",
        "won_one": "1 sort",
        "won_many": "{n} sorter",
    },
}
assert set(TEXTS) == set(LANGS) and all(set(TEXTS[lang]) == set(TEXTS["en"]) for lang in LANGS)

Said = Callable[[str], str]
"""A sentence in a language: what the model says follows the language switch."""


def _glyph(card: Card) -> str:
    """A card in a line of text: its glyph, red for hearts and diamonds."""
    colour = "#c62828" if card.is_red else "#1a1a1a"
    return f'<b style="color:{colour}">{escape(card.glyph)}</b>'


def _glyphs(cards: Sequence[Card], lang: str) -> str:
    return " ".join(_glyph(c) for c in cards) if cards else TEXTS[lang]["none"]


def _said(key: str, lang: str, html: dict[str, str] | None = None, **params: str | int) -> str:
    """A sentence of the family's catalog (``picture_cards.play.*``) as HTML: its words escaped, the
    ``html`` parameters (cards drawn in colour) put in as they are.

    >>> _said("picture_cards.play.removed_row", "nb")
    'tatt ut for to spillere (PC1)'
    >>> _said("picture_cards.play.out", "en", html={"cards": "<b>K♥</b>"})
    'Gone during the game (picture cards not kept or lost to an ace, and those aces): <b>K♥</b>'
    """
    html = html or {}
    marks = {name: f"\x00{name}\x00" for name in html}
    text = escape(render(Message(key, **params, **marks), lang))
    for name, value in html.items():
        text = text.replace(marks[name], value)
    return text


def _num(value: float, lang: str) -> str:
    """A value of ``worth`` (points of lead), signed, one decimal."""
    text = number_text(value, lang, 1)
    return text if value < 0 else "+" + text


def move_label(move: Move, view: PictureView, lang: str = "en") -> str:
    """A learner's move button's label (plain text: a button draws no HTML), from the seat's view.

    >>> from upto9.cards import parse_card
    >>> model = PlayModel(seed=3, players=2)
    >>> move_label(Draw(), model.view()), move_label(Stop(), model.view(), "nb")
    ('Draw a card', 'Stopp og legg ut')
    """
    texts = TEXTS[check_lang(lang)]
    mine = view.pictures[view.player]
    if isinstance(move, Draw):
        return texts["draw"]
    if isinstance(move, Stop):
        return texts["stop"]
    if isinstance(move, Keep):
        return texts["keep_on"].format(cards=" ".join(c.glyph for c in move.cards))
    f = fields_of(view.rules)
    placed = view.placed[view.player]
    if isinstance(move, Place):
        picture = mine[move.slot]
        assert picture is not None
        before = score_with(picture, placed[move.slot], f)
        after = score_with(picture, [*placed[move.slot], move.card], f)
        return texts["place_on"].format(card=move.card.glyph, picture=picture.glyph, before=before, after=after)
    if isinstance(move, Lose):
        picture = mine[move.slot]
        assert picture is not None
        return texts["lose_on"].format(picture=picture.glyph, score=score_with(picture, placed[move.slot], f), n=len(placed[move.slot]))
    if isinstance(move, Shift):
        source, target = mine[move.source], mine[move.target]
        assert source is not None and target is not None
        return texts["shift_label"].format(card=move.card.glyph, source=source.glyph, target=target.glyph)
    return texts["stay"]


class PlayModel(t.HasTraits):
    """A game of picture cards: the learner in seat 0 against ``players - 1`` bots of one kind
    (``BOT_KINDS``). ``version`` counts the changes (a view redraws on it); ``error`` holds the
    last refusal in the model's language (``''``: none).

    >>> model = PlayModel(seed=1, players=3, bot_kind="stop_after_3")
    >>> model.new_game(players=4)
    >>> model.error
    'Players must be 2 or 3, not 4.'
    >>> model.game.players
    3
    """

    lang = t.Unicode("en")
    version = t.Int(0)
    error = t.Unicode("")

    def __init__(self, *, seed: int = 0, players: int = 2, bot_kind: str = "best", lang: str = "en", rules: Rules | None = None) -> None:
        self._said: Said | None = None
        self.rules = rules if rules is not None else FAMILY.rules
        self.seed, self.players, self.bot_kind = 0, 2, "best"
        self.game: FamilyGame
        self.bots: list[Any] = []
        self.log: list[tuple[int, Said]] = []  # (seat, the line in a language), oldest first
        self.choice: tuple[bool, Advice] | None = None  # the learner's last draw (False) or stop (True), and the advice then
        self.choice_turn = -1  # the round's turn (``PictureRound.turns``) in which that choice was made
        self.moves_made = 0  # the learner's moves in this game
        super().__init__(lang=check_lang(lang))
        self.new_game(seed, players, bot_kind)

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if self._said is not None:
            self.error = self._said(str(self.lang))

    # --- what the learner sees ------------------------------------------------------------------

    @property
    def round(self) -> PictureRound:
        rnd = self.game.round
        assert isinstance(rnd, PictureRound), rnd
        return rnd

    def view(self) -> PictureView:
        """The learner's view: everything the page tells the learner comes from it."""
        found = self.game.view(LEARNER)
        assert isinstance(found, PictureView), found
        return found

    def name(self, seat: int, lang: str | None = None) -> str:
        texts = TEXTS[lang or str(self.lang)]
        return texts["you"] if seat == LEARNER else texts["bot"].format(n=seat)

    @property
    def in_progress(self) -> bool:
        """Has the learner moved in this game, and is it not over? A change of the table size then
        waits for New game instead of throwing the game away."""
        return self.moves_made > 0 and not self.game.over

    @property
    def my_turn(self) -> bool:
        return not self.game.over and self.round.turn == LEARNER

    def moves(self) -> list[Move]:
        """The learner's legal moves now (none out of turn)."""
        return [m for m in self.game.legal_moves() if isinstance(m, (Keep, Draw, Stop, Place, Lose, Shift, Stay))] if self.my_turn else []

    def deciding(self) -> bool:
        """Is the learner about to draw (the draw stage of their turn)?"""
        return self.my_turn and self.view().stage is Stage.DRAW

    def chance(self) -> tuple[int, int] | None:
        """The count the page shows before a draw: (cards that would end the turn, the pile's
        size), ``end_counts`` of the learner's view; ``None`` when it is not the learner's draw or
        when the next card cannot end the turn (the first card of a turn goes back: PC11)."""
        if not self.deciding():
            return None
        view = self.view()
        if not view.drawn and fields_of(view.rules).first_card_back:
            return None
        return end_counts(view)

    def advice(self) -> Advice | None:
        """The best policy's advice before the learner's draw, from the learner's view alone."""
        return best_advice(self.view()) if self.deciding() else None

    def choice_from_last_turn(self) -> bool:
        """Is the choice shown (``choice``) one of the learner's last turn, with their next turn begun?
        Only when that turn came straight back to them (the bots hold no picture card: ruling 8):
        after the bots' moves the choice is gone (``bots_to_me``, ``bot_step``)."""
        return self.choice is not None and self.my_turn and self.round.turns != self.choice_turn

    # --- playing ---------------------------------------------------------------------------------

    def _refuse(self, said: Said) -> None:
        self._said = said
        self.error = said(str(self.lang))
        self.version += 1

    def _clear(self) -> None:
        self._said = None
        self.error = ""

    def new_game(self, seed: object = None, players: object = None, bot_kind: object = None) -> None:
        """Deal a new game (the values not given stay); a bad value is refused in one line and the game shown stays."""
        seed = self.seed if seed is None else seed
        players = self.players if players is None else players
        bot_kind = self.bot_kind if bot_kind is None else bot_kind
        low, high = self.rules.min_players, self.rules.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            value = repr(players)[:20]
            self._refuse(lambda lang: TEXTS[lang]["bad_players"].format(value=value))
            return
        if bot_kind not in BOT_KINDS:
            value = repr(bot_kind)[:40]
            self._refuse(lambda lang: TEXTS[lang]["bad_bot"].format(value=value))
            return
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            value = as_typed(seed)
            self._refuse(lambda lang: TEXTS[lang]["bad_seed"].format(top=number_text(MAX_SEED, lang, 0), value=value))
            return
        assert isinstance(bot_kind, str)
        self.seed, self.players, self.bot_kind = seed, players, bot_kind
        self.game = FAMILY.new_game(self.rules, players, seed, [self.name(p, "en") for p in range(players)])
        factory = _bots()[bot_kind]
        self.bots = [None, *(factory(bot_seed(seed, p)) for p in range(1, players))]
        self.log = []
        self.choice, self.choice_turn = None, -1
        self.moves_made = 0
        self._clear()
        self.version += 1

    def play(self, move: object) -> None:
        """The learner's move; a move the rules refuse is answered with the engine's message."""
        if self.game.over:
            self._refuse(lambda lang: TEXTS[lang]["game_over"])
            return
        if not self.my_turn:
            seat = self.round.turn
            self._refuse(lambda lang: TEXTS[lang]["not_your_turn"].format(name=self.name(seat, lang)))
            return
        advice = self.advice() if isinstance(move, (Draw, Stop)) else None
        drawn = bool(self.view().drawn)
        turn = self.round.turns
        try:
            self._apply(LEARNER, move)
        except RuleError as error:
            said: Message | None = getattr(error, "msg", None)
            plain = str(error)
            self._refuse(lambda lang: render(said, lang) if said is not None else plain)
            return
        self.moves_made += 1
        if advice is not None and drawn:  # a real choice: the first draw of a turn is no choice (PC6)
            self.choice, self.choice_turn = (isinstance(move, Stop), advice), turn
        elif not isinstance(move, (Draw, Stop)) or turn != self.choice_turn:  # a move of a later turn: the choice is done with
            self.choice = None
        self._clear()
        self.version += 1

    def bot_step(self) -> bool:
        """One bot move (it is a bot's turn); False when there is none to make."""
        if self.game.over or self.my_turn:
            self._refuse(lambda lang: TEXTS[lang]["game_over" if self.game.over else "no_bot_turn"])
            return False
        self._bot_move()
        self._forget_choice_at_my_turn()
        self._clear()
        self.version += 1
        return True

    def bots_to_me(self) -> None:
        """The bots play until it is the learner's turn or the game is over."""
        if self.game.over or self.my_turn:
            self._refuse(lambda lang: TEXTS[lang]["game_over" if self.game.over else "no_bot_turn"])
            return
        for _ in range(MAX_BOT_MOVES):
            if self.game.over or self.my_turn:
                break
            self._bot_move()
        self._forget_choice_at_my_turn()
        self._clear()
        self.version += 1

    def _forget_choice_at_my_turn(self) -> None:
        """The bots have played to the learner's next turn: what the page said of their last choice
        is done with (it stood under "Draw a card" before they had chosen anything)."""
        if self.my_turn:
            self.choice = None

    def _bot_move(self) -> None:
        seat = self.round.turn
        self._apply(seat, self.bots[seat].act(self.game.view(seat)))

    def _apply(self, seat: int, move: object) -> None:
        """Play ``move`` for ``seat`` and log it in words (``RuleError`` if refused: nothing changes)."""
        before = len(self.round.history)
        self.game.play(move)
        for record in self.round.history[before:]:
            self.log.append((seat, self._line(seat, record)))

    def _line(self, seat: int, record: Record) -> Said:
        """A move in words, with what it did then (a score after placing)."""
        rnd = self.round
        names = self.name

        def said(key: str, **params: str | int) -> Said:
            def words(lang: str) -> str:
                texts = TEXTS[lang]
                mine = key + "_you" if seat == LEARNER and key + "_you" in texts else key
                return texts[mine].format(name=escape(names(seat, lang)), **params)

            return words

        if isinstance(record, Kept):
            return lambda lang: said("line_keep", cards=_glyphs(record.cards, lang))(lang)
        if isinstance(record, Drew):
            parts: list[Said] = [said("line_back", back=_glyph(c)) for c in record.back]
            if record.card is not None:
                card = record.card
                key = "line_bust" if card.rank in BUST else "line_ace" if card.rank == Rank.ACE else "line_draw"
                parts.append(said(key, card=_glyph(card)))
            return lambda lang: " ".join(part(lang) for part in parts)
        if isinstance(record, Stopped):
            return said("line_stop")
        if isinstance(record, Placed):
            picture = rnd.pictures[seat][record.slot]
            assert picture is not None
            score = score_with(picture, rnd.placed[seat][record.slot], rnd.fields)
            return said("line_place", card=_glyph(record.card), picture=_glyph(picture), score=score)
        if isinstance(record, Lost):
            return said("line_lose", picture=_glyph(record.picture), n=len(record.cards))
        if isinstance(record, Shifted):
            source, target = rnd.pictures[seat][record.source], rnd.pictures[seat][record.target]
            assert source is not None and target is not None
            return said("line_shift", card=_glyph(record.card), source=_glyph(source), target=_glyph(target))
        if isinstance(record, Stayed):
            return said("line_stay")
        assert isinstance(record, Ended), record
        reason = record.reason
        return lambda lang: TEXTS[lang]["line_end"] + " " + TEXTS[lang][f"reason_{reason}"]


# --- the view ------------------------------------------------------------------------------------------

PLAY_CSS: Final = """<style>
.u9-pc .u9-pc-box { border: 1px solid #ddd; border-radius: .4em; padding: .4em .6em; margin: .4em 0; }
.u9-pc .u9-pc-chance { background: #e3f2fd; border-color: #90caf9; }
.u9-pc .u9-pc-advice { background: #f1f8e9; border-color: #aed581; }
.u9-pc .u9-pc-end { background: #fff8e1; border-color: #ffca28; font-size: 1.1em; }
.u9-pc .u9-pc-slot { display: flex; flex-wrap: wrap; align-items: center; gap: .3em; margin: .2em 0; }
.u9-pc .u9-pc-slot .u9-card { font-size: 1em; }
.u9-pc .u9-pc-small .u9-card { font-size: .8em; min-width: 2em; height: 2.8em; }
.u9-pc .u9-pc-log li { margin: .2em 0; }
.u9-pc .u9-pc-log li:first-child { font-weight: 600; }
.u9-pc .jupyter-button, .u9-pc select, .u9-pc input { min-height: 44px !important; }
.u9-pc .u9-pc-moves { display: flex; flex-direction: column; align-items: stretch; gap: .3em; max-width: 32em; }
.u9-pc .u9-pc-seats { display: flex; flex-wrap: wrap; gap: .5em; }
.u9-pc .u9-pc-seats > .u9-player { flex: 1 1 15em; min-width: 0; }
.u9-pc .u9-pc-moves .jupyter-button { width: auto; max-width: 100%; }
.u9-pc .u9-table { max-width: 100%; }
</style>"""


class PicturePlay(ModelLanguage, DrawnView, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The play page's view of a ``PlayModel``: ``PicturePlay(seed=3, players=2, bot_kind="best", lang="nb")``."""

    def __init__(
        self, model: PlayModel | None = None, *, seed: int = 0, players: int = 2, bot_kind: str = "best", lang: str | None = None, **kwargs: Any
    ) -> None:
        self.model = model if model is not None else PlayModel(seed=seed, players=players, bot_kind=bot_kind, lang=lang or "en")
        if lang is not None:
            self.model.lang = lang
        self._title = w.HTML()
        self._players = w.ToggleButtons(options=[("2", 2), ("3", 3)], value=self.model.players, style={"button_width": "4em"})
        self._players.add_class("u9-pc-players")
        self._bot_kind = w.Dropdown(options=[(k, k) for k in BOT_KINDS], value=self.model.bot_kind, layout=w.Layout(width="auto", max_width="100%"))
        self._bot_kind.add_class("u9-pc-bots")
        # A text, read exactly (a number field would clamp -5 to 0 or read 2.5 as 25, and say nothing).
        self._seed = GameNumber(value=self.model.seed, layout=w.Layout(width="auto", max_width="100%"), style={"description_width": "initial"})
        self._seed.add_class("u9-pc-seed")
        self._new = w.Button(button_style="primary", icon="refresh", layout=w.Layout(width="auto"))
        self._new.add_class("u9-pc-new")
        self._new.on_click(guard(self, lambda _b: self.new_game()))
        self._players.observe(guard(self, self._players_picked), names="value")
        self._bot_kind.observe(guard(self, self._bots_picked), names="value")
        self._pending_note = w.HTML()  # what New game starts, when it is not the game on the table
        self._status = w.HTML()
        self._drawn = w.HTML()
        self._chance = w.HTML()
        self._advice = w.HTML()
        self._choice = w.HTML()
        self._tip = w.HTML()
        self._error = w.HTML()
        self._place_pick = w.ToggleButtons(options=[], style={"button_width": "4em"})
        self._place_pick.add_class("u9-pc-pick")
        self._place_pick.observe(guard(self, self._picked), names="value")
        self._shift_pick = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self._shift_pick.add_class("u9-pc-shift")
        self._moves = w.VBox([])
        self._moves.add_class("u9-pc-moves")
        self.move_buttons: list[w.Button] = []
        self._offered: dict[tuple[str, int, int], Move] = {}
        self._move_buttons = ChoiceButtons(self._move_button)
        self._next_bot = w.Button(icon="step-forward", layout=w.Layout(width="auto"))
        self._next_bot.add_class("u9-pc-next")
        self._next_bot.on_click(guard(self, lambda _b: self.model.bot_step()))
        self._bots_to_me = w.Button(icon="fast-forward", layout=w.Layout(width="auto"))
        self._bots_to_me.add_class("u9-pc-tome")
        self._bots_to_me.on_click(guard(self, lambda _b: self.model.bots_to_me()))
        self._bot_row = w.HBox([self._next_bot, self._bots_to_me], layout=w.Layout(flex_flow="row wrap"))
        self._log = w.HTML()
        self._table = w.HTML()
        self._pile = w.HTML()
        super().__init__(
            [
                style_tag(),
                w.HTML(PLAY_CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden")),
                self._title,
                w.HBox([self._players, self._bot_kind, self._seed, self._new], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._pending_note,
                self._error,
                self._status,
                self._drawn,
                self._chance,
                self._advice,
                self._tip,
                self._place_pick,
                self._shift_pick,
                self._moves,
                self._choice,
                self._bot_row,
                self._log,
                self._table,
                self._pile,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.add_class("u9-pc")
        self.model.observe(guard(self, self.update), names=["version", "lang", "error"])
        self.update()

    # --- controls ------------------------------------------------------------------------------------

    def new_game(self) -> None:
        """A new game with the players and bots chosen (as the button does): the game number typed
        since the last deal, that game exactly (the one shown too: a replay), or else the next game
        number (after the last, 0), shown in the box."""
        self.model.new_game(self._seed.for_new_game(self.model.seed, MAX_SEED), self._players.value, self._bot_kind.value)
        if not self.model.error:
            self._seed.show(self.model.seed)

    def _players_picked(self, change: Any) -> None:
        """Another table size: before the learner's first move, a game of that size at once (the same
        game number); once they have moved, the game on the table goes on and the page says what
        New game starts."""
        if self._drawing or change["new"] is None:
            return
        model = self.model
        if change["new"] != model.players and not model.in_progress:
            model.new_game(model.seed, change["new"], model.bot_kind)
        else:
            self.update()

    def _bots_picked(self, change: Any) -> None:
        if not self._drawing and change["new"] is not None:
            self.update()  # (the bots chosen play from New game on: the page says so)

    def _picked(self, change: Any) -> None:
        if not self._drawing:
            self.update()

    # --- drawing -------------------------------------------------------------------------------------

    def _draw(self) -> None:
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        view = model.view()
        self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
        self._players.description = texts["players"]
        self._bot_kind.description = texts["bot_kind"]
        offered = [(texts[f"bot_{k}"], k) for k in BOT_KINDS]
        if list(self._bot_kind.options) != offered:  # (new words keep the bots chosen)
            chosen = self._bot_kind.value
            self._bot_kind.options = offered
            self._bot_kind.value = chosen
        self._seed.description = texts["seed"]
        self._new.description = texts["new_game"]
        self._next_bot.description = texts["next_bot"]
        self._bots_to_me.description = texts["bots_to_me"]
        if not self._seed.chosen and self._seed.value != str(model.seed) and not model.error:
            self._seed.show(model.seed)  # (a number typed for New game stays until then)
        chosen = (self._players.value, self._bot_kind.value)
        if chosen != (model.players, model.bot_kind):
            bots = texts[f"bot_{self._bot_kind.value}"]
            words = texts["pending"].format(n=self._players.value, bots=bots)
            self._pending_note.value = f'<div class="u9-note u9-pc-pending" role="status">{escape(words)}</div>'
        else:
            self._pending_note.value = ""
        self._error.value = f'<div class="u9-error" role="alert">⚠ {escape(model.error)}</div>' if model.error else ""
        self._status.value = self._status_html(view, lang)
        self._drawn.value = self._drawn_html(view, lang)
        self._draw_decision(view, lang)
        self._draw_moves(view, lang)
        over, mine = model.game.over, model.my_turn
        self._bot_row.layout.display = "none" if over or mine else None
        has_pictures = any(c is not None for c in view.pictures[LEARNER])
        self._bots_to_me.description = texts["bots_to_me" if has_pictures else "bots_to_end"]
        self._log.value = self._log_html(lang)
        self._table.value = self._table_html(view, lang)
        self._pile.value = self._pile_html(view, lang)

    def _status_html(self, view: PictureView, lang: str) -> str:
        model, texts = self.model, TEXTS[lang]
        if model.game.over:
            return f'<div class="u9-pc-box u9-pc-end" role="status">{self._end_html(lang)}</div>'
        if model.my_turn:
            hint = texts["hint_first" if view.stage is Stage.DRAW and not view.drawn else f"hint_{view.stage.value}"]
            return f'<div role="status"><b>{escape(texts["your_turn"])}</b> {escape(hint)}</div>'
        if not any(c is not None for c in view.pictures[LEARNER]):
            return f'<div role="status">{escape(texts["no_pictures"])}</div>'
        return f'<div role="status">{escape(texts["their_turn"].format(name=model.name(view.turn, lang)))}</div>'

    def _end_html(self, lang: str) -> str:
        model, texts = self.model, TEXTS[lang]
        rnd = model.round
        s = rnd.standing()
        if s.draw:
            head = texts["draw_game"].format(names=", ".join(model.name(p, lang) for p in s.winners))
        elif s.winners == (LEARNER,):
            head = texts["winner_you"]
        else:
            head = texts["winner"].format(name=model.name(s.winners[0], lang))
        counts = "; ".join(
            texts["result_one"].format(
                name=model.name(p, lang), won=texts["won_one"] if s.won[p] == 1 else texts["won_many"].format(n=s.won[p]), points=s.won_points[p]
            )
            for p in range(rnd.players)
        )
        reason = texts[f"reason_{rnd.reason}"] if rnd.reason else ""
        return f"<b class='u9-pc-winner'>{escape(head)}</b> {escape(texts['result'].format(counts=counts))}<br>{escape(texts['over'])} {escape(reason)}"

    def _drawn_html(self, view: PictureView, lang: str) -> str:
        if view.stage is Stage.OVER:
            return ""
        texts = TEXTS[lang]
        cards = "".join(card_html(c, lang=lang) for c in view.drawn) or f'<span class="u9-note">{escape(texts["nothing_drawn"])}</span>'
        who = self.model.name(view.turn, lang)
        label = f"{texts['drawn']} ({who})"
        return f'<div class="u9-row" role="group" aria-label="{escape(label)}"><span class="u9-label">{escape(label)}</span>{cards}</div>'

    def _draw_decision(self, view: PictureView, lang: str) -> None:
        model, texts = self.model, TEXTS[lang]
        counts, advice = model.chance(), model.advice()
        if model.deciding() and counts is None:
            self._chance.value = f'<div class="u9-pc-box u9-pc-chance u9-pc-first">{escape(texts["first_safe"])}</div>'
        elif counts is not None:
            ends, pile = counts
            percent = percent_text(ends / pile if pile else 1.0, lang)
            self._chance.value = (
                f'<div class="u9-pc-box u9-pc-chance" data-ends="{ends}" data-pile="{pile}">'
                f"{texts['chance'].format(ends=ends, pile=pile, percent=percent)}"
                f'<div class="u9-note">{escape(texts["chance_note"])}</div></div>'
            )
        else:
            self._chance.value = ""
        if advice is None:
            self._advice.value = ""
        elif not view.drawn:
            self._advice.value = f'<div class="u9-pc-box u9-pc-advice" data-best="draw">{texts["must_draw"]}</div>'
        else:
            key = "advice_stop" if advice.stop else "advice_draw"
            said = texts[key].format(held=_num(advice.held, lang), draw=_num(advice.draw, lang), ends=advice.ends, pile=advice.pile)
            self._advice.value = f'<div class="u9-pc-box u9-pc-advice" data-best="{"stop" if advice.stop else "draw"}">{said}</div>'
        if model.choice is None:
            self._choice.value = ""
        else:
            stopped, then = model.choice
            chose, best = texts["verb_stop" if stopped else "verb_draw"], texts["verb_stop" if then.stop else "verb_draw"]
            same = f" {texts['same']}" if stopped == then.stop else ""
            if model.choice_from_last_turn():  # the turn came straight back: said of the last turn
                said = _said("picture_cards.play.chose_last", lang, chose=chose, best=best)
                self._choice.value = f'<div class="u9-note u9-pc-choice u9-pc-last">{said}{escape(same)}</div>'
            else:
                self._choice.value = f'<div class="u9-note u9-pc-choice">{escape(texts["chose"].format(chose=chose, best=best))}{escape(same)}</div>'

    def _draw_moves(self, view: PictureView, lang: str) -> None:
        model, texts = self.model, TEXTS[lang]
        moves = model.moves()
        stage = view.stage if moves else None
        tip = ""
        shown: list[Move] = []
        # Placing: pick a card, then the picture card it goes on (one button each).
        if stage is Stage.PLACE:
            cards = sorted({m.card for m in moves if isinstance(m, Place)}, key=lambda c: (-c.rank, c.key))
            options = [(c.glyph, str(c)) for c in cards]
            if list(self._place_pick.options) != options:
                self._place_pick.options = options
            if self._place_pick.value not in [str(c) for c in cards]:
                self._place_pick.value = str(cards[0])
            self._place_pick.description = texts["place_pick"]
            chosen = next(c for c in cards if str(c) == self._place_pick.value)
            shown = [m for m in moves if isinstance(m, Place) and m.card == chosen]
            card, slot = plan(view, view.drawn)[0][0]
            picture = view.pictures[LEARNER][slot]
            assert picture is not None
            tip = texts["place_tip"].format(card=_glyph(card), picture=_glyph(picture))
        elif stage is Stage.LOSE:
            shown = list(moves)
            picture = view.pictures[LEARNER][cheapest_loss(view)[0]]
            assert picture is not None
            tip = texts["lose_tip"].format(picture=_glyph(picture))
        elif stage is Stage.SHIFT:
            shifts = [m for m in moves if isinstance(m, Shift)]
            labels = [(move_label(m, view, lang), i) for i, m in enumerate(shifts)]
            if list(self._shift_pick.options) != labels:
                self._shift_pick.options = labels
            self._shift_pick.description = texts["shift_pick"]
            if shifts and self._shift_pick.value is None:
                self._shift_pick.value = 0
            shown = [Stay()]
            if shifts and self._shift_pick.value is not None:
                shown = [shifts[int(self._shift_pick.value)], Stay()]
            tip = texts["shift_tip"]
        elif stage is Stage.KEEP:
            shown = list(moves)
            tip = texts["keep_tip"]
        elif stage is Stage.DRAW:
            shown = list(moves)
        self._place_pick.layout.display = None if stage is Stage.PLACE else "none"
        self._shift_pick.layout.display = None if stage is Stage.SHIFT and len(shown) > 1 else "none"
        self._tip.value = f'<div class="u9-note">{tip}</div>' if tip else ""
        # One button per move offered, kept while offered (``ChoiceButtons``): a late click plays what it said.
        # A move's button belongs to this offer (the model's version): "Draw a card" offered again after
        # a draw is a new button, so a double tap's second tap, sent to the first offer's button, is
        # dropped with it instead of drawing a second card the learner never chose.
        self._offered = {(*key, self.model.version): move for key, move in keyed(shown).items()}

        def label(key: Hashable, button: w.Button) -> None:
            move = self._offered[key]  # type: ignore[index]
            button.description = texts["shift_do"] if isinstance(move, Shift) else move_label(move, view, lang)
            button.button_style = "success" if isinstance(move, Draw) else "warning" if isinstance(move, Stop) else ""

        self.move_buttons = self._move_buttons.show(list(self._offered), lambda made: setattr(self._moves, "children", tuple(made)), label)

    def _move_button(self, key: Hashable) -> w.Button:
        """A move offered, as a button, made as it is offered: a click plays that move."""
        move = self._offered[key]  # type: ignore[index]
        button = w.Button(layout=w.Layout(width="auto"))
        button.add_class("u9-pc-move")
        button.add_class(f"u9-pc-{type(move).__name__.lower()}")
        button.on_click(guard(self, lambda _b: self.model.play(move)))
        return button

    def _log_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        lines = self.model.log[-LOG_LINES:][::-1]
        items = "".join(f"<li>{said(lang)}</li>" for _seat, said in lines) or f"<li>{escape(texts['nothing_yet'])}</li>"
        head = f"<b>{escape(texts['what_happened'])}</b>"
        box = f'class="u9-pc-box u9-pc-log" aria-live="polite" data-moves="{len(self.model.log)}"'
        return f'<div {box}>{head}<ul style="margin:.2em 0;padding-left:1.2em">{items}</ul></div>'

    def _table_html(self, view: PictureView, lang: str) -> str:
        return table_html(view, [self.model.name(p, lang) for p in range(len(view.pictures))], lang)

    def _pile_html(self, view: PictureView, lang: str) -> str:
        texts = TEXTS[lang]
        aces = sum(c.rank == Rank.ACE for c in view.pile)
        busts = sum(c.rank in BUST for c in view.pile)
        safe = sum(not is_low(c) for c in view.pile)
        pile = texts["pile"].format(n=len(view.pile), aces=aces, busts=busts, safe=safe)
        lines = [pile]
        removed = fields_of(view.rules).removed(len(view.pictures))
        if removed is not None:  # PC1: the whole suit, picture and number cards, never dealt nor drawn
            n = sum(c.suit == removed for c in view.removed)
            lines.append(f'<span class="u9-pc-taken-out">{_said("picture_cards.play.removed", lang, suit=_suit_name(removed, lang), n=n)}</span>')
        lines.append(texts["aside"].format(cards=_glyphs(view.aside, lang)))
        lines.append(_said("picture_cards.play.out", lang, html={"cards": _glyphs(view.out, lang)}))
        return f'<div class="u9-pc-box u9-pc-pile" data-pile="{len(view.pile)}">{"<br>".join(lines)}</div>'


def table_html(view: PictureView, names: Sequence[str], lang: str) -> str:
    """The table as a seat sees it (everything, picture ruling 10): each seat's picture cards with the
    cards on them and their points, and the suits: each seat's points in it and who wins it (PC12-PC17).
    Page 9 and the seat (page 11) show it alike."""
    texts = TEXTS[lang]
    f = fields_of(view.rules)
    seats = []
    for p, pictures in enumerate(view.pictures):
        slots = []
        for slot, picture in enumerate(pictures):
            placed = view.placed[p][slot]
            if picture is None:
                slots.append(f'<div class="u9-pc-slot u9-note">— {escape(texts["lost"])}</div>')
                continue
            small = "".join(card_html(c, lang=lang) for c in placed)
            score = texts["points"].format(n=score_with(picture, placed, f))
            slots.append(
                f'<div class="u9-pc-slot">{card_html(picture, lang=lang)}'
                f'<span class="u9-pc-small u9-row" style="margin:0">{small}</span><b>= {escape(score)}</b></div>'
            )
        turn = " u9-turn" if view.turn == p and view.stage is not Stage.OVER else ""
        seats.append(f'<div class="u9-player{turn}" data-seat="{p}"><b>{escape(names[p])}</b>{"".join(slots)}</div>')
    s = standing(view.pictures, view.placed, view.suits, view.rules)
    head = "".join(f"<th>{escape(names[p])}</th>" for p in range(len(view.pictures)))
    rows = []
    for i, suit in enumerate(s.suits):
        winner = s.suit_winners[i]
        cells = "".join(f"<td>{'<b>' if winner == p else ''}{s.points[i][p]}{' ✔</b>' if winner == p else ''}</td>" for p in range(len(view.pictures)))
        rows.append(f"<tr><td>{escape(_suit_name(suit, lang))}</td>{cells}</tr>")
    removed = fields_of(view.rules).removed(len(view.pictures))
    if removed is not None:  # PC1: everyone sees which suit two players take out
        said = _said("picture_cards.play.removed_row", lang)
        rows.append(f'<tr class="u9-pc-removed"><td>{escape(_suit_name(removed, lang))}</td><td colspan="{len(view.pictures)}"><i>{said}</i></td></tr>')
    won = "".join(f"<td><b>{s.won[p]}</b></td>" for p in range(len(view.pictures)))
    rows.append(f"<tr><td>{escape(texts['suits_won'])}</td>{won}</tr>")
    table = f'<table class="u9-table u9-pc-suits"><tr><th>{escape(texts["suit"])}</th>{head}</tr>{"".join(rows)}</table>'
    return f'<div class="u9-pc-table"><h4 style="margin:.4em 0">{escape(texts["table"])}</h4><div class="u9-pc-seats">{"".join(seats)}</div>{table}</div>'


def _suit_name(suit: Suit, lang: str) -> str:
    return TEXTS[lang][f"suit_{suit.value}"]
