"""A seat at the table (issue 24, part 1): the learner plays a whole game of a chosen game against
1-5 bots of a chosen strength.

``SeatModel`` (traitlets, no widgets) plays through the family protocol only (``docs/families.md``):
``new_game``, the game's ``legal_moves()`` and ``play(move)``, ``view(seat)``, ``next_round()``,
``over``/``winners``/``totals``, the family's ``bots()``; a move the rules refuse raises ``RuleError``
and the model shows the engine's message and changes nothing. Each move is told in one line: a
``DescribedFamily``'s ``describe(record, seat, names)``, a rummy's as the round stepper words it
(``widgets.stepper.describe``), as the learner may know it. ``record()`` is the game's record
(``upto9.records``), which the round stepper opens. A family with a coach (``CoachedFamily``) gets
"predict, then reveal": with the coach on, the learner moves first, then sees the coach's move, its
reason, its options and its facts.

``SeatView`` draws it: the game, player-count and strength controls, the table (``table_html``), the
learner's picked cards and move buttons (the family's panel, ``seat_panels.panel_for``), the bots'
moves one at a time with a short pause (``pause`` seconds, 0 in tests), the scores and the winner.

>>> model = SeatModel(family="threeup", players=2, seed=4)
>>> model.my_turn, [type(m).__name__ for m in model.moves()][:1]
(True, ['ChooseUp'])
>>> from upto9.families.threeup.round import ChooseUp
>>> model.play(ChooseUp(model.view().hand[:2]))
>>> model.error, len(model.game.round.history)
('Choose exactly 3 cards of your hand to lay face up', 0)
"""

from __future__ import annotations

import base64
import re
import tempfile
import time
from collections.abc import Callable, Hashable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.bots import HeuristicBot, RandomBot
from upto9.cards import PlayingCard
from upto9.family import CoachedFamily, Coaching, DescribedFamily, FamilyGame, FamilyRecord, FamilyView, GameFamily, families, game_family
from upto9.game import Game, Reshuffled, Skipped
from upto9.messages import Message, catalog_keys, render
from upto9.records import save_game
from upto9.rules import Rules
from upto9.simulate import bot_seed
from upto9.turns import RuleError

from .._common import ChoiceButtons, DrawnView, GameNumber, ModelLanguage, as_typed, guard, keyed, style_tag
from ..cards_html import face_strip
from ..editor import LayDownEditor, LayDownModel
from ..hand import HandModel
from ..stepper import WHOLE_TABLE, RoundModel, Step, is_rummy
from ..stepper import describe as rummy_words
from ..table import _snapshot, table_html
from ..texts import LANGS, check_lang, number_text
from .seat_panels import Button, Panel, card_text, panel_for

__all__ = ["LEARNER", "MAX_SEED", "TEXTS", "SeatModel", "SeatView", "game_keys", "strengths", "you_said"]

LEARNER: Final = 0
"""The learner's seat."""
MAX_SEED: Final = 999_999_999
MAX_BOTS: Final = 5
"""The most bots at the table (issue 24: 1-5)."""
MAX_BOT_MOVES: Final = 20_000
"""A guard, no rule: the bots' moves in a row before the page stops to wait (a round has a few hundred)."""
PAUSED_MOVES: Final = 12
"""The bots' moves shown one at a time with a pause; the rest of a long run (the learner out of the
round) is drawn at once."""
SHORT_LEVELS: Final = 5
"""A shorter game plays the first five levels (Phase 10's text names phases 1 to 5; for Up to 9 the
same is reconstructed: docs/rules.md, a shorter game)."""
LOG_LINES: Final = 12
"""How many of the latest moves the page lists."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Play a game against the bots",
        "game": "Game",
        "players": "Players",
        "strength": "Bots",
        "seed": "Game number",
        "new_game": "New game",
        "length": "Length",
        "length_whole": "The whole game",
        "length_short": "A shorter game: {word} 1–{n}",
        "word_level": "levels",
        "word_phase": "phases",
        "no_short": "{game} has no shorter game.",
        "bad_length": "A game is played whole or shorter, not {value}.",
        "bots_pace": "The bots' moves",
        "pace_slow": "one at a time",
        "pace_fast": "all at once",
        "you": "You",
        "bot": "Bot {n}",
        "strength_heuristic": "sensible",
        "strength_random": "random (weakest)",
        "strength_sampling": "sampling (strongest)",
        "strength_best": "the best stopping policy",
        "strength_stop_after_3": "stop after 3 cards",
        "strength_risk_30": "stop when the risk is over 30%",
        "strength_coach": "the coach",
        "your_turn": "Your turn.",
        "their_turn": "{name} is playing…",
        "bots_on": "Let the bots play",
        "round_over": "Round {n} is over.",
        "next_round": "Deal the next round",
        "game_over": "The game is over.",
        "winner_you": "You win!",
        "winner": "{names} wins.",
        "winners": "{names} share the win.",
        "no_winner": "Nobody wins: the game stopped at the engine's turn limit.",
        "scores": "Scores (fewer points are better)",
        "round_col": "Round",
        "total": "Total",
        "level": "Level",
        "phase": "Phase",
        "picked": "Your picked cards",
        "pick": "Tap cards to pick them",
        "unpick": "Clear the pick",
        "what_happened": "What happened (newest first)",
        "nothing_yet": "Nothing yet.",
        "save": "Save the game as a record",
        "saved": "Download the game record ({kb} kB)",
        "saved_note": "Open it in the round stepper (page 3): its box for a saved game steps through every round, move by move.",
        "coach": "Ask the coach (predict, then reveal)",
        "coach_note": "Choose your move first; then the coach shows what it would have played, and why.",
        "you_chose": "You chose: {move}.",
        "coach_chose": "The coach: {move}.",
        "coach_same": "The same move as the coach.",
        "coach_other": "The coach would have played otherwise.",
        "coach_equal": "As good as the coach's move, as far as its figures can tell: neither is clearly better.",
        "options": "What the coach weighed:",
        "facts": "What your cards and the table showed before your move:",
        "yours": "yours",
        "not_your_turn": "Wait: it is {name}'s turn, not yours.",
        "no_bot_turn": "It is your turn: the bots wait for you.",
        "over_refused": "The game is over: start a new game.",
        "round_refused": "The round is over: deal the next round.",
        "bad_game": "No such game: {value}.",
        "bad_players": "{game} is played by {low} to {high} players, not {value}.",
        "pending": "The game on the table goes on. New game starts {game}, {n} players, bots: {strength}{length}.",
        "bad_strength": "No such bots for {game}: {value}.",
        "bad_seed": "A game number is a whole number from 0 to {top}, not {value}.",
        "bad_pick": "That card is not one you can pick now.",
        "no_move": "That is no move of {game}.",
        "round_end": "The round ends: {scores}.",
        "score_one": "{name} {points}",
        "arrange": "Arrange a lay-down yourself",
        "lay_down_mine": "Lay down my arrangement",
        "not_arranged": "Put cards in every group first: a group is still empty or cannot be read as a meld.",
    },
    "nb": {
        "title": "Spill et spill mot robotene",
        "game": "Spill",
        "players": "Spillere",
        "strength": "Roboter",
        "seed": "Spillnummer",
        "new_game": "Nytt spill",
        "length": "Lengde",
        "length_whole": "Hele spillet",
        "length_short": "Et kortere spill: {word} 1–{n}",
        "word_level": "nivå",
        "word_phase": "fase",
        "no_short": "{game} har ikke noe kortere spill.",
        "bad_length": "Et spill spilles helt eller kortere, ikke {value}.",
        "bots_pace": "Robotenes trekk",
        "pace_slow": "ett om gangen",
        "pace_fast": "alle på en gang",
        "you": "Du",
        "bot": "Robot {n}",
        "strength_heuristic": "fornuftige",
        "strength_random": "tilfeldige (svakest)",
        "strength_sampling": "simulerende (sterkest)",
        "strength_best": "den beste stoppestrategien",
        "strength_stop_after_3": "stopper etter 3 kort",
        "strength_risk_30": "stopper når risikoen er over 30\u00a0%",
        "strength_coach": "treneren",
        "your_turn": "Din tur.",
        "their_turn": "{name} spiller …",
        "bots_on": "La robotene spille",
        "round_over": "Runde {n} er over.",
        "next_round": "Del ut neste runde",
        "game_over": "Spillet er over.",
        "winner_you": "Du vant!",
        "winner": "{names} vant.",
        "winners": "{names} deler seieren.",
        "no_winner": "Ingen vant: spillet stoppet ved motorens grense for antall turer.",
        "scores": "Poeng (færre poeng er bedre)",
        "round_col": "Runde",
        "total": "Sum",
        "level": "Nivå",
        "phase": "Fase",
        "picked": "Kortene du har valgt",
        "pick": "Trykk på kort for å velge dem",
        "unpick": "Fjern valget",
        "what_happened": "Hva som skjedde (nyeste først)",
        "nothing_yet": "Ingenting ennå.",
        "save": "Lagre spillet",
        "saved": "Last ned det lagrede spillet ({kb} kB)",
        "saved_note": "Åpne det i rundeviseren (side 3): feltet for et lagret spill går gjennom hver runde, steg for steg.",
        "coach": "Spør treneren (tipp først, se svaret etterpå)",
        "coach_note": "Velg trekket ditt først; så viser treneren hva den ville ha spilt, og hvorfor.",
        "you_chose": "Du valgte: {move}.",
        "coach_chose": "Treneren: {move}.",
        "coach_same": "Samme trekk som treneren.",
        "coach_other": "Treneren ville ha spilt annerledes.",
        "coach_equal": "Like godt som trenerens trekk, så langt tallene kan si: ingen av dem er tydelig bedre.",
        "options": "Hva treneren veide:",
        "facts": "Hva kortene dine og bordet viste før trekket ditt:",
        "yours": "deg",
        "not_your_turn": "Vent: det er {name} sin tur, ikke din.",
        "no_bot_turn": "Det er din tur: robotene venter på deg.",
        "over_refused": "Spillet er over: start et nytt spill.",
        "round_refused": "Runden er over: del ut neste runde.",
        "bad_game": "Det finnes ikke noe slikt spill: {value}.",
        "bad_players": "{game} spilles av {low} til {high} spillere, ikke {value}.",
        "pending": "Spillet på bordet fortsetter. Nytt spill starter {game}, {n} spillere, roboter: {strength}{length}.",
        "bad_strength": "Det finnes ingen slike roboter for {game}: {value}.",
        "bad_seed": "Et spillnummer er et helt tall fra 0 til {top}, ikke {value}.",
        "bad_pick": "Det kortet kan du ikke velge nå.",
        "no_move": "Det er ikke noe trekk i {game}.",
        "round_end": "Runden er slutt: {scores}.",
        "score_one": "{name} {points}",
        "arrange": "Sett opp et nedlegg selv",
        "lay_down_mine": "Legg ned oppsettet mitt",
        "not_arranged": "Legg kort i hver gruppe først: en gruppe er fortsatt tom eller kan ikke leses som en gruppe.",
    },
}
assert set(TEXTS) == set(LANGS) and all(set(TEXTS[lang]) == set(TEXTS["en"]) for lang in LANGS)

Said = Callable[[str], str]
"""A sentence in a language: what the model says follows the language switch."""


def game_keys() -> tuple[str, ...]:
    """The games the page offers: every installed family, by key.

    >>> game_keys()
    ('phase10', 'picture_cards', 'threeup', 'upto9')
    """
    return tuple(f.key for f in families())


def strengths(family: GameFamily) -> dict[str, Callable[..., Any]]:
    """The bots a game offers, by name: the family's own ``bots()`` (its default first; a rummy's
    engine bot ``heuristic``), and ``random`` for every game (``RandomBot``, the weakest).

    >>> [list(strengths(game_family(key)))[0] for key in ("threeup", "upto9")], all("random" in strengths(f) for f in families())
    (['heuristic', 'heuristic'], True)
    """
    own = getattr(family, "bots", None)
    found: dict[str, Callable[..., Any]] = dict(own()) if callable(own) else {"heuristic": HeuristicBot}
    found.setdefault("random", RandomBot)
    return found


def seat_range(rules: Rules) -> tuple[int, int]:
    """The table sizes offered: the rule set's, within the learner and 1-5 bots."""
    return max(2, rules.min_players), min(MAX_BOTS + 1, rules.max_players)


class _Narrator(RoundModel):
    """The round stepper's words for a rummy's move (``widgets.stepper.describe``), with the seat
    page's names; it never replays a round (its ``round_index`` only names the round told)."""

    def __init__(self, seat_names: Callable[[int, str], str], lang: str) -> None:
        self._seat_names = seat_names
        super().__init__(lang=lang)

    def _on_round(self, change: Any) -> None:
        """No replay: the seat page tells the round as it is played."""

    def name(self, seat: int) -> str:
        return self._seat_names(seat, str(self.lang))


class SeatModel(t.HasTraits):
    """A game of ``family`` (a key of ``game_keys()``): the learner in seat 0 against ``players - 1``
    bots of one ``strength`` (a name of ``strengths(family)``). ``version`` counts the changes (a
    view redraws on it); ``error`` holds the last refusal in the model's language (``''``: none).

    >>> model = SeatModel(family="upto9", players=7)
    >>> model.error, model.players
    ('Up to 9 is played by 2 to 6 players, not 7.', 2)
    """

    lang = t.Unicode("en")
    version = t.Int(0)
    error = t.Unicode("")
    error_setup = t.Bool(False)
    """Is the error about the game's settings (shown by them), not a move (shown by the moves)?"""
    coach_on = t.Bool(False)

    def __init__(self, *, family: str = "upto9", players: int = 2, strength: str | None = None, seed: int = 0, lang: str = "en") -> None:
        self._said: Said | None = None
        self.family: GameFamily = game_family("upto9")
        self.panel: Panel = panel_for(self.family)
        self.players, self.strength, self.seed = 2, "heuristic", 0
        self.short = False  # a shorter game (``SHORT_LEVELS`` levels), for the games of levels
        self.game: FamilyGame
        self.bots: list[Any] = []
        self.log: list[tuple[int, Said]] = []  # (seat, the line in a language), oldest first
        self.picked: tuple[PlayingCard, ...] = ()
        self.reveal: tuple[FamilyView, object, Coaching] | None = None  # the learner's view, move and the coach's answer
        self._told = 0  # records of the current round already told
        self.moves_made = 0  # the learner's moves in this game
        super().__init__(lang=check_lang(lang))
        self.new_game(family, players, strength if strength is not None else None, seed)

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if self._said is not None:
            self.error = self._said(str(self.lang))
        self.version += 1

    # --- what the learner sees ------------------------------------------------------------------

    def name(self, seat: int, lang: str | None = None) -> str:
        texts = TEXTS[check_lang(lang or str(self.lang))]
        return texts["you"] if seat == LEARNER else texts["bot"].format(n=seat)

    def names(self, lang: str | None = None) -> tuple[str, ...]:
        return tuple(self.name(p, lang) for p in range(self.game.players))

    def view(self) -> FamilyView:
        """The learner's view of the current round: everything the page tells comes from it."""
        return self.game.view(LEARNER)

    @property
    def round_over(self) -> bool:
        """Is the current round over while the game goes on (the next round waits to be dealt)?"""
        return self.game.round.over and not self.game.over

    @property
    def my_turn(self) -> bool:
        return not self.game.over and not self.game.round.over and self.game.round.turn == LEARNER

    @property
    def bot_turn(self) -> bool:
        return not self.game.over and not self.game.round.over and self.game.round.turn != LEARNER

    def moves(self) -> list[object]:
        """The learner's legal moves now (none out of turn): the family's ``legal_moves``."""
        return list(self.family.legal_moves(self.view())) if self.my_turn else []

    def pickable(self) -> tuple[PlayingCard, ...]:
        """The cards the learner may pick now to build a move (the family's panel says which)."""
        return self.panel.pickable(self.view()) if self.my_turn else ()

    def buttons(self, lang: str | None = None) -> list[Button]:
        """The learner's move buttons now, labelled in ``lang`` (the family's panel)."""
        if not self.my_turn:
            return []
        language = check_lang(lang or str(self.lang))
        return self.panel.buttons(self.view(), self.moves(), self.picked, self.names(language), language)

    @property
    def coached(self) -> bool:
        """Does this game have a coach (``CoachedFamily``)? Without one the page offers none."""
        return isinstance(self.family, CoachedFamily)

    # --- choosing the game -------------------------------------------------------------------------

    def _refuse(self, said: Said, setup: bool = False) -> None:
        self._said = said
        self.error_setup = setup
        self.error = said(str(self.lang))
        self.version += 1

    def _clear(self) -> None:
        self._said = None
        self.error = ""

    def forget_refusal(self) -> None:
        """The learner changed what a refusal was about (the editor's arrangement): it is gone."""
        if self.error and not self.error_setup:
            self._clear()

    def new_game(self, family: object = None, players: object = None, strength: object = None, seed: object = None, short: object = None) -> None:
        """Deal a new game (the values not given stay; a new game's bots are its default when the
        strength chosen is not one of its own; a shorter game stays shorter where the new game has
        one). ``short``: the first ``SHORT_LEVELS`` levels only, the last ending the game (a game of
        levels). A bad value is refused in one line and the game shown stays."""
        key = self.family.key if family is None else family
        if key not in game_keys():
            value = repr(key)[:40]
            self._refuse(lambda lang: TEXTS[lang]["bad_game"].format(value=value), setup=True)
            return
        assert isinstance(key, str)
        chosen = game_family(key)
        rules = chosen.rules
        low, high = seat_range(rules)
        if players is None:
            players = min(max(self.players, low), high)  # a game switch keeps the table size where the new game allows it
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            value = repr(players)[:20]
            self._refuse(lambda lang: TEXTS[lang]["bad_players"].format(game=_game_name(chosen, lang), low=low, high=high, value=value), setup=True)
            return
        offered = strengths(chosen)
        if strength is None:
            strength = self.strength if self.strength in offered else next(iter(offered))
        if strength not in offered:
            value = repr(strength)[:40]
            self._refuse(lambda lang: TEXTS[lang]["bad_strength"].format(game=_game_name(chosen, lang), value=value), setup=True)
            return
        seed = self.seed if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            value = as_typed(seed)
            self._refuse(lambda lang: TEXTS[lang]["bad_seed"].format(top=number_text(MAX_SEED, lang, 0), value=value), setup=True)
            return
        if short is None:
            short = self.short and is_rummy(rules)
        if not isinstance(short, bool):
            value = repr(short)[:20]
            self._refuse(lambda lang: TEXTS[lang]["bad_length"].format(value=value), setup=True)
            return
        if short and not is_rummy(rules):
            self._refuse(lambda lang: TEXTS[lang]["no_short"].format(game=_game_name(chosen, lang)), setup=True)
            return
        assert isinstance(strength, str)
        self.family, self.panel = chosen, panel_for(chosen)
        self.players, self.strength, self.seed, self.short = players, strength, seed, short
        if short:
            rules = rules.first_levels(min(SHORT_LEVELS, len(rules.levels)))
        self.game = chosen.new_game(rules, players, seed, [self.name(p, "en") for p in range(players)])
        factory = offered[strength]
        self.bots = [None, *(factory(bot_seed(seed, p)) for p in range(1, players))]
        self.log, self.picked, self.reveal, self._told = [], (), None, 0
        self.moves_made = 0
        self._tell()
        self._clear()
        self.version += 1

    # --- playing ---------------------------------------------------------------------------------

    def pick(self, card: PlayingCard) -> None:
        """Pick ``card`` (one of ``pickable()``), or unpick it if picked; the panel's limit holds
        (a one-card panel swaps the pick)."""
        if card in self.picked:
            self.picked = tuple(c for c in self.picked if c != card)
        elif card in self.pickable():
            most = self.panel.most(self.view())
            self.picked = (card,) if most == 1 else (*self.picked, card)[:most]
        else:
            self._refuse(lambda lang: TEXTS[lang]["bad_pick"])
            return
        self._clear()
        self.version += 1

    def unpick(self) -> None:
        self.picked = ()
        self._clear()
        self.version += 1

    def play(self, move: object) -> None:
        """The learner's move; a move the rules refuse is answered with the engine's message and
        changes nothing. With the coach on, the coach answers from the view before the move
        (predict, then reveal)."""
        if not self._may_move():
            return
        view = self.view()
        coaching = self._coaching(view)
        try:
            self.game.play(move)
        except RuleError as error:
            message: Message | None = getattr(error, "msg", None)
            plain = str(error) if message is not None or not isinstance(move, (str, int, type(None))) else ""
            family = self.family
            self._refuse(
                lambda lang: (
                    _cap(render(named(message, lang), lang)) if message is not None else plain or TEXTS[lang]["no_move"].format(game=_game_name(family, lang))
                )
            )
            return
        except (TypeError, AttributeError, ValueError):  # not a move of this game at all (a family may not catch every shape)
            family = self.family
            self._refuse(lambda lang: TEXTS[lang]["no_move"].format(game=_game_name(family, lang)))
            return
        self.reveal = (view, move, coaching) if coaching is not None else None
        self.picked = ()
        self.moves_made += 1
        self._tell()
        self._clear()
        self.version += 1

    def lay_own(self, melds: Sequence[object | None]) -> None:
        """Lay down the learner's own arrangement (the lay-down editor's melds): the engine judges
        it, and refuses it in its words; a group not arranged yet is refused in one line."""
        if not self._may_move():
            return
        if not melds or any(m is None or not getattr(m, "cards", True) for m in melds):  # (an empty group: the editor's untouched start)
            self._refuse(lambda lang: TEXTS[lang]["not_arranged"])
            return
        self.play(self.panel.arranged(list(melds), self.view()))

    @property
    def in_progress(self) -> bool:
        """Has the learner moved in this game, and is it not over? A change of the settings then
        waits for New game instead of throwing the game away."""
        return self.moves_made > 0 and not self.game.over

    def _may_move(self) -> bool:
        if self.game.over:
            self._refuse(lambda lang: TEXTS[lang]["over_refused"])
            return False
        if self.game.round.over:
            self._refuse(lambda lang: TEXTS[lang]["round_refused"])
            return False
        if self.game.round.turn != LEARNER:
            seat = self.game.round.turn
            self._refuse(lambda lang: TEXTS[lang]["not_your_turn"].format(name=self.name(seat, lang)))
            return False
        return True

    def _coaching(self, view: FamilyView) -> Coaching | None:
        family = self.family
        if not self.coach_on or not isinstance(family, CoachedFamily):
            return None
        return family.coach(view, seed=self.seed)

    def bot_step(self) -> bool:
        """One bot move (it is a bot's turn); False, with a line saying why, when there is none."""
        if not self.bot_turn:
            self._refuse(lambda lang: TEXTS[lang]["over_refused" if self.game.over else "round_refused" if self.game.round.over else "no_bot_turn"])
            return False
        seat = self.game.round.turn
        self.game.play(self.bots[seat].act(self.game.view(seat)))
        self._tell()
        self._clear()
        self.version += 1
        return True

    def bots_to_me(self) -> int:
        """The bots play until it is the learner's turn, the round or the game is over; how many moves."""
        moves = 0
        while self.bot_turn and moves < MAX_BOT_MOVES:
            self.bot_step()
            moves += 1
        return moves

    def next_round(self) -> None:
        """Deal the next round once this one is over (the game goes on)."""
        if not self.round_over:
            self._refuse(lambda lang: TEXTS[lang]["over_refused" if self.game.over else "no_bot_turn" if self.my_turn else "not_your_turn"].format(name=""))
            return
        self.game.next_round()
        self._told = 0
        self.picked, self.reveal = (), None
        self._tell()
        self._clear()
        self.version += 1

    # --- telling ---------------------------------------------------------------------------------

    def _tell(self) -> None:
        """Tell the records the current round added since the last telling, one line each."""
        rnd = self.game.round
        records = list(rnd.history)[self._told :]
        self._told = len(rnd.history)
        for index, record in enumerate(records):
            if isinstance(record, Reshuffled):
                continue  # told with the draw it came with
            reshuffled = records[index - 1] if index and isinstance(records[index - 1], Reshuffled) else None
            assert reshuffled is None or isinstance(reshuffled, Reshuffled)
            self.log.append((_seat_of(record), self._line(record, reshuffled)))
        if rnd.over and isinstance(self.game, Game) and not (self.log and self.log[-1][0] == -2):
            end = getattr(rnd, "end", None)
            if end is not None:
                self.log.append((-2, self._line(end, None)))
        if rnd.over and not isinstance(self.game, Game):
            scores = rnd.scores()
            self.log.append(
                (
                    -2,
                    lambda lang: TEXTS[lang]["round_end"].format(
                        scores=", ".join(TEXTS[lang]["score_one"].format(name=self.name(p, lang), points=s) for p, s in enumerate(scores))
                    ),
                )
            )

    def _line(self, record: Any, reshuffled: Reshuffled | None) -> Said:
        """A record in words, as the learner may know it, in any language."""
        family, names = self.family, self.names
        if isinstance(family, DescribedFamily):
            message = family.describe(record, LEARNER, names("en"))

            def described(lang: str) -> str:
                return render(family.describe(record, LEARNER, names(lang)), lang) if lang != "en" else render(message, lang)

            return described
        game = self.game
        if isinstance(game, Game) and not isinstance(record, Skipped):
            rnd = game.round
            index = len(game.rounds) - 1
            views = tuple(rnd.view(p) for p in range(rnd.players))
            step = Step(record, reshuffled, views)

            def worded(lang: str) -> str:
                narrator = _Narrator(self.name, lang)
                narrator.game = game
                narrator.round_index = index
                what, _why = rummy_words(narrator, step, LEARNER)
                return " ".join(what)

            return worded
        if isinstance(game, Game):
            seat = record.player
            return lambda lang: _skip_words(self.name(seat, lang), lang)
        kind = str(record.to_dict().get("type", "?"))
        return lambda lang: kind

    # --- the record --------------------------------------------------------------------------------

    def record(self) -> bytes:
        """The game's record as ``upto9.records.save_game`` writes it (the round stepper opens it)."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.json"
            save_game(self.game, path)
            return path.read_bytes()


_P10_NAMES: Final = {
    **{f"p10.card.wild{form}": words for form, words in (("", "a wild card"), (".the", "the wild card"), (".bare", "wild card"))},
    **{f"p10.card.skip{form}": words for form, words in (("", "a skip"), (".the", "the skip"), (".bare", "skip"))},
}


def named(message: Message, lang: str) -> Message:
    """The engine's message with Phase 10's cards by name, as the seat's buttons and log say them:
    the engine's English writes a card as it is typed ('11r', 'W'); its Norwegian names it already.

    >>> from upto9.families.phase10.cards import parse_phase10_card
    >>> from upto9.messages import card_param
    >>> said = Message("coach.reason.take_completes", card=card_param(parse_phase10_card("11r")))
    >>> render(said), render(named(said, "en"))
    ('Take 11r from the discard pile: it completes your lay-down.', 'Take red 11 from the discard pile: it completes your lay-down.')
    """
    if lang != "en":
        return message

    def number(card: Message) -> str:
        colour = card.param("colour")
        return f"{colour.key.rsplit('.', 1)[1] if isinstance(colour, Message) else colour} {card.param('number')}"

    def special(card: Message) -> str:
        return _P10_NAMES[card.key]

    message = message.replaced("p10.card.number", number)
    for key in _P10_NAMES:
        message = message.replaced(key, special)
    return message


def you_said(line: str, lang: str) -> str:
    """A line told with the learner's name, "You", made grammatical (the stepper and the families
    word a move for a named player: "You draws" becomes "You draw", "You's" "your"); Norwegian
    verbs do not change with the person, but "hos Du" becomes "hos deg" and "Du sin" "din".

    >>> you_said("You draws 5♥. That was You's last card: You goes out.", "en")
    'You draw 5♥. That was your last card: You go out.'
    >>> you_said("You stop drawing and places the cards drawn.", "en")
    'You stop drawing and place the cards drawn.'
    >>> you_said("Bot 1 discards a skip, naming You: You loses their next turn.", "en")
    'Bot 1 discards a skip, naming you: You lose your next turn.'
    >>> you_said("Bot 1 shows You its cards.", "en")
    'Bot 1 shows you its cards.'
    >>> you_said("Du trekker 5♥.", "nb")
    'Du trekker 5♥.'
    >>> you_said("Bot 1 legger 4♣ til straighten (1) hos Du, på Du sin gruppe.", "nb")
    'Bot 1 legger 4♣ til straighten (1) hos deg, på din gruppe.'
    >>> you_said("Robot 1 kaster et hopp over-kort og velger Du: Du mister neste tur.", "nb")
    'Robot 1 kaster et hopp over-kort og velger deg: Du mister neste tur.'
    >>> you_said("Robot 1 og Du deler seieren.", "nb")
    'Robot 1 og Du deler seieren.'
    >>> you_said("You donates 4♣ to their own straight (1).", "en"), you_said("Du legger 4♣ til straighten (1) hos seg selv.", "nb")
    ('You donate 4♣ to your own straight (1).', 'Du legger 4♣ til straighten (1) hos deg selv.')
    """
    if lang == "nb":  # the object form after a preposition, and the possessive
        line = re.sub(r"\bDu sin\b", "din", line)
        line = re.sub(r"(\bDu [^.:;]*?)\bseg selv\b", r"\1deg selv", line)  # "Du legger ... hos deg selv"
        # An object mid-sentence ("hos deg", "velger deg"); a subject after a colon, or one of two ("og Du"), stays.
        return re.sub(r"(?<=[a-zæøå] )(?<! og )Du\b", "deg", line)
    if lang != "en":
        return line
    line = re.sub(r"\bYou's\b", "your", line)
    line = re.sub(r"(?<=[a-z,] )You\b", "you", line)  # an object mid-sentence: "naming you"
    line = re.sub(r"\bYou ([a-z]+)\b", lambda m: "You " + _base_verb(m[1]), line)  # (the subject only: "shows you its")
    line = re.sub(r"(\bYou [^.:;]*?)\btheir\b", r"\1your", line)  # "You lose your next turn", "to your own straight"
    return re.sub(r"(\bYou [^.:;]*? and )([a-z]+)\b", lambda m: m[1] + _base_verb(m[2]), line)  # "You stop and places"


_IRREGULAR: Final = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}


def _base_verb(word: str) -> str:
    """A verb's form after "you": ``draws`` -> ``draw``, ``passes`` -> ``pass``, ``carries`` ->
    ``carry``; a word that is no third-person verb stays."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 2:
        return word[:-1]
    return word


def _names_move(said: str, label: str) -> bool:
    """Does a coach's sentence start by naming the move (its first word is the label's: ``'Discard
    2♣: ...'`` for ``'Discard 2♣'``)?"""
    first = said.split(maxsplit=1)[0].rstrip(":,.").lower() if said.split() else ""
    return bool(label.split()) and first == label.split()[0].lower()


def _option(label: str, said: str) -> str:
    """A weighed move and the coach's line on it, the move named once.

    >>> _option("Discard 2♣", "Discard 2♣: 15 %"), _option("Draw a card", "23 % of ending it")
    ('Discard 2♣: 15 %', 'Draw a card: 23 % of ending it')
    """
    return said if _names_move(said, label) else f"{label}: {said}"


def _seat_of(record: FamilyRecord) -> int:
    seat = getattr(record, "player", -1)
    return seat if isinstance(seat, int) else -1


def _skip_words(name: str, lang: str) -> str:
    return f"{name} mister en tur (hopp over)." if lang == "nb" else f"{name} loses a turn (skip)."  # (the card's name in each language)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _game_name(family: GameFamily, lang: str) -> str:
    """A game's name in ``lang`` (the family's catalog names its rule set: Bildekort in Norwegian)."""
    try:
        return render(Message(f"ruleset.name.{family.key}"), lang)
    except (KeyError, ValueError):
        return family.name


# --- the view ------------------------------------------------------------------------------------------

_CSS: Final = """<style>
.u9-seat .u9-seat-box { border: 1px solid #ddd; border-radius: .4em; padding: .4em .6em; margin: .4em 0; }
.u9-seat .u9-seat-end { background: #fff8e1; border-color: #ffca28; font-size: 1.1em; }
.u9-seat .u9-seat-coach { background: #f1f8e9; border-color: #aed581; }
.u9-seat .u9-seat-log li { margin: .2em 0; }
.u9-seat .u9-seat-log li:first-child { font-weight: 600; }
.u9-seat .jupyter-button, .u9-seat select, .u9-seat input { min-height: 44px !important; font-size: 16px; }
.u9-seat .u9-seat-moves { display: flex; flex-direction: column; align-items: stretch; gap: .3em; max-width: 34em; }
.u9-seat .u9-seat-moves .jupyter-button { width: auto; max-width: 100%; white-space: normal; height: auto; text-align: left; }
.u9-seat .u9-seat-hand { display: flex; flex-wrap: wrap; gap: .3em; }
.u9-seat .u9-seat-hand .jupyter-button { min-width: 44px; width: auto; font-weight: 600; }
.u9-seat .u9-seat-table { max-width: 100%; overflow-x: auto; }
.u9-seat .u9-table { max-width: 100%; }
.u9-seat .widget-label { font-size: 16px; }
.u9-seat .u9-seat-hand .jupyter-button.u9-seat-picked { background-color: #e3f2fd; border: 3px solid #1565c0; transform: translateY(-4px); }
.u9-seat .u9-seat-coach-box { min-height: 44px; display: flex; align-items: center; }
.u9-seat .u9-seat-coach-box label { display: flex; align-items: center; gap: .5em; white-space: normal; }
.u9-seat .u9-seat-coach-box input[type=checkbox] { min-height: 0 !important; width: 24px; height: 24px; margin: 0; flex: none; }
</style>"""


class SeatView(ModelLanguage, DrawnView, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The seat page's view of a ``SeatModel``: ``SeatView(family="threeup", players=3, lang="nb")``.
    ``pause`` is the seconds between two bots' moves as they are drawn (0 in tests)."""

    def __init__(
        self,
        model: SeatModel | None = None,
        *,
        family: str = "upto9",
        players: int = 2,
        strength: str | None = None,
        seed: int = 0,
        lang: str | None = None,
        pause: float = 0.6,
        **kwargs: Any,
    ) -> None:
        self.model = model if model is not None else SeatModel(family=family, players=players, strength=strength, seed=seed, lang=lang or "en")
        if lang is not None:
            self.model.lang = lang
        self.pause = pause
        self._running = False
        self._title = w.HTML()
        self._game = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self._game.add_class("u9-seat-game")
        self._players = w.ToggleButtons(options=[], style={"button_width": "3.2em"})
        self._players.add_class("u9-seat-players")
        self._strength = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self._strength.add_class("u9-seat-strength")
        # A text, read exactly (a number field would clamp -5 to 0 or read 2.5 as 25, and say nothing).
        self._seed = GameNumber(value=self.model.seed, layout=w.Layout(width="auto", max_width="100%"), style={"description_width": "initial"})
        self._seed.add_class("u9-seat-seed")
        self._length = w.ToggleButtons(options=[], style={"button_width": "auto"}, layout=w.Layout(margin="0 1.5em 0 0"))
        self._length.add_class("u9-seat-length")
        self._length.observe(guard(self, self._length_picked), names="value")
        self._pace = w.ToggleButtons(options=[("", True), (" ", False)], value=True, style={"button_width": "auto"})
        self._pace.add_class("u9-seat-pace")
        self._new = w.Button(button_style="primary", icon="refresh", layout=w.Layout(width="auto"))
        self._new.add_class("u9-seat-new")
        self._new.on_click(guard(self, lambda _b: self.new_game()))
        self._game.observe(guard(self, self._game_picked), names="value")
        self._players.observe(guard(self, self._players_picked), names="value")
        self._strength.observe(guard(self, self._strength_picked), names="value")
        # Settings chosen while a game is under way: kept for New game, the game on the table going on.
        self._pending: dict[str, Any] = {}
        self._pending_note = w.HTML()
        self._error = w.HTML()
        self._refusal = w.HTML()  # a move's refusal, by the moves (the settings' own stays by them)
        self._status = w.HTML()
        self._table = w.HTML()
        self._table.add_class("u9-seat-table")
        self._hint = w.HTML()
        self._hand = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self._hand.add_class("u9-seat-hand")
        self.hand_buttons: list[w.Button] = []
        self._cards_offered: dict[tuple[str, int], PlayingCard] = {}
        self._tapped: list[Hashable] = []
        self._card_buttons = ChoiceButtons(self._card_button)
        self._unpick = w.Button(icon="times", layout=w.Layout(width="auto"))
        self._unpick.add_class("u9-seat-unpick")
        self._unpick.on_click(guard(self, lambda _b: self.model.unpick()))
        self._moves = w.VBox([])
        self._moves.add_class("u9-seat-moves")
        self.move_buttons: list[w.Button] = []
        self._moves_offered: dict[tuple[str, int, int], Button] = {}
        self._move_buttons = ChoiceButtons(self._move_button)
        self._arrange = w.ToggleButton(value=False, icon="th", layout=w.Layout(width="auto"))
        self._arrange.add_class("u9-seat-arrange")
        self._arrange.observe(guard(self, lambda _c: self.update()), names="value")
        self._editor_box = w.VBox([])
        self._editor_box.add_class("u9-seat-editor")
        self.editor: LayDownEditor | None = None
        self._editor_for: tuple[object, ...] = ()
        self._lay_mine = w.Button(button_style="success", icon="check", layout=w.Layout(width="auto"))
        self._lay_mine.add_class("u9-seat-laymine")
        self._lay_mine.on_click(guard(self, lambda _b: self.lay_own()))
        self._coach = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self._coach.add_class("u9-seat-coach-box")
        self._coach.observe(guard(self, self._coach_changed), names="value")
        self._reveal = w.HTML()
        self._bots = w.Button(icon="fast-forward", layout=w.Layout(width="auto"))
        self._bots.add_class("u9-seat-bots")
        self._bots.on_click(guard(self, lambda _b: self.run_bots()))
        self._next = w.Button(button_style="primary", icon="step-forward", layout=w.Layout(width="auto"))
        self._next.add_class("u9-seat-next")
        self._next.on_click(guard(self, lambda _b: self.next_round()))
        self._log = w.HTML()
        self._scores = w.HTML()
        self._save = w.Button(icon="download", layout=w.Layout(width="auto"))
        self._save.add_class("u9-seat-save")
        self._save.on_click(guard(self, lambda _b: self.save()))
        self._link = w.HTML()
        super().__init__(
            [
                style_tag(),
                w.HTML(_CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden")),
                self._title,
                w.HBox([self._game, self._players, self._strength, self._seed, self._new], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                w.HBox([self._length, self._pace], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._pending_note,
                self._error,
                self._status,
                self._hint,
                self._hand,
                self._moves,
                self._arrange,
                self._editor_box,
                self._refusal,
                self._coach,
                self._reveal,
                self._bots,
                self._next,
                self._log,
                self._table,
                self._scores,
                self._save,
                self._link,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.add_class("u9-seat")
        self.model.observe(guard(self, self.update), names=["version", "error"])
        self.run_bots(pause=False)  # the bots before the learner in the first round: played at once, told in the log
        self.update()

    # --- controls ------------------------------------------------------------------------------------

    def new_game(self) -> None:
        """A new game with the game, players, bots and game number chosen (as the button does)."""
        self._link.value = ""
        self._pending.clear()
        short = bool(self._length.value) if self._length.layout.display != "none" else None  # hidden: a game without levels
        seed = self._seed.for_new_game(self.model.seed, MAX_SEED)
        self._then_bots(lambda: self.model.new_game(self._game.value, self._players.value, self._strength.value, seed, short))
        if not self.model.error:
            self._seed.show(self.model.seed)

    def _setting_picked(self, name: str, value: Any, now: Callable[[], None] | None) -> None:
        """A setting chosen: ``now`` starts its new game at once before the learner has moved (a
        game, a table size, a length); with a game under way, or a setting that waits for New game
        (the bots), it is kept for New game and the page says so."""
        model = self.model
        shown = {"game": model.family.key, "players": model.players, "strength": model.strength, "short": model.short}[name]
        if now is not None and not model.in_progress:
            self._pending.clear()
            self._link.value = ""
            self._then_bots(now)
            if not model.error:
                self._seed.show(model.seed)
            return
        if value == shown:
            self._pending.pop(name, None)
        else:
            self._pending[name] = value
        self.update()

    def _game_picked(self, change: Any) -> None:
        if self._drawing or change["new"] is None:
            return
        new = change["new"]
        self._setting_picked("game", new, lambda: self.model.new_game(new, None, None, self._seed.typed(MAX_SEED)))

    def _players_picked(self, change: Any) -> None:
        if self._drawing or change["new"] is None:
            return
        self._setting_picked(
            "players",
            change["new"],
            lambda: self.model.new_game(self._game.value, change["new"], self._strength.value, self._seed.typed(MAX_SEED), self._short_chosen()),
        )

    def _strength_picked(self, change: Any) -> None:
        if not self._drawing and change["new"] is not None:
            self._setting_picked("strength", change["new"], None)

    def _length_picked(self, change: Any) -> None:
        if self._drawing or change["new"] is None:
            return
        self._setting_picked(
            "short",
            bool(change["new"]),
            lambda: self.model.new_game(self._game.value, self._players.value, self._strength.value, self._seed.typed(MAX_SEED), bool(change["new"])),
        )

    def _short_chosen(self) -> bool | None:
        return bool(self._length.value) if self._length.layout.display != "none" else None  # hidden: a game without levels

    def _coach_changed(self, change: Any) -> None:
        if not self._drawing:
            self.model.coach_on = bool(change["new"])

    def play(self, move: object) -> None:
        """The learner's move (as its button does), then the bots' moves up to the learner's next turn."""
        self._then_bots(lambda: self.model.play(move))

    def next_round(self) -> None:
        """Deal the next round (as its button does), then the bots' moves up to the learner's turn."""
        self._then_bots(self.model.next_round)

    def lay_own(self) -> None:
        """Lay down the arrangement made in the lay-down editor (as its button does)."""
        editor = self.editor
        melds = editor.model.melds() if editor is not None else ()

        def lay() -> None:
            self.model.lay_own(list(melds))
            if not self.model.error:  # a refused lay-down keeps the editor open, the arrangement in it
                self._arrange.value = False

        self._then_bots(lay)

    def _then_bots(self, action: Callable[[], None]) -> None:
        """``action``, then the bots' moves; the page says the bots are playing from the start (no
        button to make them flashes up in between)."""
        self._running = True
        try:
            action()
        finally:
            self._running = False
        if self.model.error:
            self.update()
        else:
            self.run_bots()

    def run_bots(self, pause: bool = True) -> None:
        """The bots' moves to the learner's turn (or the round's end), each drawn with its line; the
        first ``PAUSED_MOVES`` with ``pause`` seconds between them (``pause=False``: none), so a
        learner sees each."""
        model = self.model
        moves = 0
        self._running = True  # the page says the bots are playing, and offers no button to make them
        try:
            while model.bot_turn and moves < MAX_BOT_MOVES:
                model.bot_step()
                moves += 1
                if pause and self.pause and self._pace.value and moves <= PAUSED_MOVES:
                    time.sleep(self.pause)
        finally:
            self._running = False
        self.update()

    def save(self) -> None:
        """Offer the game's record as a download (the round stepper opens it)."""
        data = self.model.record()
        texts = TEXTS[str(self.model.lang)]
        href = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        name = f"upto9-{self.model.family.key}-{self.model.seed}.json"
        label = texts["saved"].format(kb=max(1, round(len(data) / 1024)))
        self._link.value = (
            f'<div class="u9-seat-box u9-seat-saved"><a class="u9-seat-download" href="{href}" download="{escape(name)}" '
            f'style="display:inline-flex;align-items:center;min-height:44px">{escape(label)}</a>'
            f'<div class="u9-note">{escape(texts["saved_note"])}</div></div>'
        )

    # --- drawing -------------------------------------------------------------------------------------

    def _draw(self) -> None:
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        family = model.family
        self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
        self._game.description = texts["game"]
        games = [(_game_name(game_family(k), lang), k) for k in game_keys()]
        if list(self._game.options) != games:
            self._game.options = games
        # The controls show what New game will start: the game on the table, or what was chosen for the next.
        pending = self._pending
        chosen = game_family(pending.get("game", family.key))
        self._game.value = chosen.key
        low, high = seat_range(chosen.rules)
        seats = [(str(n), n) for n in range(low, high + 1)]
        if list(self._players.options) != seats:
            self._players.options = seats
        self._players.value = min(max(pending.get("players", model.players), low), high)
        self._players.description = texts["players"]
        kinds = strengths(chosen)
        offered = [(texts.get(f"strength_{k}", k), k) for k in kinds]
        if list(self._strength.options) != offered:
            self._strength.options = offered
        wanted = pending.get("strength", model.strength)
        self._strength.value = wanted if wanted in kinds else next(iter(kinds))
        self._strength.description = texts["strength"]
        self._seed.description = texts["seed"]
        if not model.error and not self._seed.chosen:
            self._seed.show(model.seed)  # (a number typed for New game stays until then)
        self._new.description = texts["new_game"]
        if is_rummy(chosen.rules):
            word = texts["word_phase" if chosen.rules.level_word == "phase" else "word_level"]
            lengths = [(texts["length_whole"], False), (texts["length_short"].format(word=word, n=min(SHORT_LEVELS, len(chosen.rules.levels))), True)]
            if list(self._length.options) != lengths:
                self._length.options = lengths
            self._length.value = bool(pending.get("short", model.short))
            self._length.layout.display = None
        else:
            self._length.layout.display = "none"
        self._length.description = texts["length"]
        self._pending_note.value = self._pending_html(lang)
        paces = [(texts["pace_slow"], True), (texts["pace_fast"], False)]
        if list(self._pace.options) != paces:
            chosen = self._pace.value
            self._pace.options = paces
            self._pace.value = chosen
        self._pace.description = texts["bots_pace"]
        shown = f'<div class="u9-error" role="alert">⚠ {escape(model.error)}</div>' if model.error else ""
        self._error.value, self._refusal.value = (shown, "") if model.error_setup else ("", shown)
        self._status.value = self._status_html(lang)
        self._draw_moves(lang)
        self._draw_editor(lang)
        self._coach.layout.display = None if model.coached else "none"
        self._coach.description = texts["coach"]
        self._coach.value = bool(model.coach_on)
        self._reveal.value = self._reveal_html(lang)
        self._bots.description = texts["bots_on"]
        self._bots.layout.display = None if model.bot_turn and not self._running else "none"
        self._next.description = texts["next_round"]
        self._next.layout.display = None if model.round_over else "none"
        self._log.value = self._log_html(lang)
        rnd = model.game.round
        own = model.panel.table(model.view(), model.names(lang), lang)
        if own is not None:
            self._table.value = own
        else:
            step = _snapshot(rnd, (), family)
            seat = LEARNER if not model.game.over else WHOLE_TABLE
            # The learner's seat is named "You" already: no "you" beside it.
            self._table.value = table_html(step, family.key, model.names(lang), perspective=seat, lang=lang, dealer=rnd.dealer, mark_viewer=False)
        self._scores.value = self._scores_html(lang)
        self._save.description = texts["save"]

    def _pending_html(self, lang: str) -> str:
        """What New game will start, when the settings chosen differ from the game on the table."""
        model = self.model
        if not self._pending:
            return ""
        texts = TEXTS[lang]
        strength = self._strength.value
        label = str(self._length.label or "") if self._length.layout.display != "none" else ""
        length = f"; {label[:1].lower()}{label[1:]}" if label and bool(self._length.value) != model.short else ""  # said when it changes
        words = texts["pending"].format(
            game=_game_name(game_family(self._game.value), lang), n=self._players.value, strength=texts.get(f"strength_{strength}", strength), length=length
        )
        different = (self._game.value, self._players.value, strength) != (model.family.key, model.players, model.strength) or bool(length)
        return f'<div class="u9-note u9-seat-pending" role="status">{escape(words)}</div>' if different else ""

    def _status_html(self, lang: str) -> str:
        model, texts = self.model, TEXTS[lang]
        game = model.game
        if game.over:
            winners = tuple(game.winners)
            if not winners:
                head = texts["no_winner"]
            elif winners == (LEARNER,):
                head = texts["winner_you"]
            else:
                names = " & ".join(model.name(p, lang) for p in winners)
                head = texts["winner" if len(winners) == 1 else "winners"].format(names=names)
            return self._status_div("over", f'<b class="u9-seat-winner">{escape(head)}</b> {escape(texts["game_over"])}', " u9-seat-box u9-seat-end")
        if model.round_over:
            return self._status_div("round", f"<b>{escape(texts['round_over'].format(n=len(game.rounds)))}</b>", " u9-seat-box")
        if model.my_turn:
            return self._status_div("you", f"<b>{escape(texts['your_turn'])}</b>")
        said = texts["their_turn"].format(name=model.name(game.round.turn, lang))
        return self._status_div("bots" if self._running else "wait", escape(said))

    def _status_div(self, state: str, inner: str, classes: str = "") -> str:
        """The status line, marked with the state (``you``, ``bots``, ``wait``, ``round``, ``over``)
        and the model's version it was drawn for (a browser test waits for both)."""
        return f'<div class="u9-seat-status{classes}" role="status" data-state="{state}" data-version="{self.model.version}">{inner}</div>'

    def _card_button(self, key: Hashable) -> w.Button:
        """A card of the hand as a button, made as it is offered: a click picks that card."""
        card = self._cards_offered[key]  # type: ignore[index]
        button = w.Button(layout=w.Layout(width="auto"))
        button.add_class("u9-seat-card")
        button.on_click(guard(self, lambda _b: self._tap(key, card)))
        return button

    def _tap(self, key: Hashable, card: PlayingCard) -> None:
        self._tapped = [*(k for k in self._tapped if k != key), key]  # which copy of an equal card was tapped last
        self.model.pick(card)

    def _picked_keys(self) -> set[Hashable]:
        """The buttons shown picked: the model picks cards, not places, so of two equal cards the copy
        tapped (the other one only if both are picked)."""
        shown: set[Hashable] = set()
        for card in set(self.model.picked):
            copies = [key for key, offered in self._cards_offered.items() if offered == card]
            tapped = [key for key in reversed(self._tapped) if key in copies]
            shown.update([*tapped, *(key for key in copies if key not in tapped)][: self.model.picked.count(card)])
        return shown

    def _move_button(self, key: Hashable) -> w.Button:
        """A move offered, as a button, made as it is offered: a click plays that move."""
        move = self._moves_offered[key].move  # type: ignore[index]
        button = w.Button(layout=w.Layout(width="auto"))
        button.add_class("u9-seat-move")
        button.add_class(f"u9-seat-{type(move).__name__.lower()}")
        button.on_click(guard(self, lambda _b: self.play(move)))
        return button

    def _draw_moves(self, lang: str) -> None:
        model, texts = self.model, TEXTS[lang]
        view = model.view()
        pickable = model.pickable()
        self._hint.value = f'<div class="u9-note">{escape(model.panel.hint(view, lang))}</div>' if model.my_turn else ""
        # One button per card and per move offered, kept while offered (``ChoiceButtons``).
        self._cards_offered = keyed(pickable)
        picked = self._picked_keys()

        def label_card(key: Hashable, button: w.Button) -> None:
            card = self._cards_offered[key]  # type: ignore[index]
            button.description = card_text(card, lang)
            button.tooltip = texts["pick"]
            button.style.text_color = "#c62828" if set(button.description) & {"♥", "♦"} else None  # hearts and diamonds red
            strip = face_strip(card)  # a coloured card's face at its left edge, as on the table (its name says the colour)
            if strip is not None and strip not in button._dom_classes:
                button.add_class(strip)
            # Picked: raised, outlined and light blue (the card's red stays readable on it).
            (button.add_class if key in picked else button.remove_class)("u9-seat-picked")

        def place_cards(shown: list[w.Button]) -> None:
            if model.picked:
                self._unpick.description = texts["unpick"]
                shown = [*shown, self._unpick]
            self.hand_buttons = shown
            self._hand.children = tuple(shown)
            self._hand.layout.display = None if shown else "none"

        self._card_buttons.show(list(self._cards_offered), place_cards, label_card)
        # A move's button belongs to this offer (the model's version): the same move offered again after
        # a change (Picture cards' "Draw a card") is a new button, so a double tap's second tap, sent to
        # the first offer's button, is dropped with it instead of playing the move twice.
        self._moves_offered = {(*key, model.version): shown for key, shown in keyed(model.buttons(lang)).items()}

        def label_move(key: Hashable, button: w.Button) -> None:
            shown = self._moves_offered[key]  # type: ignore[index]
            button.description, button.button_style = shown.label, shown.style

        self.move_buttons = self._move_buttons.show(list(self._moves_offered), lambda shown: setattr(self._moves, "children", tuple(shown)), label_move)

    def _draw_editor(self, lang: str) -> None:
        """The lay-down editor (``widgets/editor.py``) on the learner's hand and level, while the
        learner may lay down and asks to arrange the cards themselves."""
        model, texts = self.model, TEXTS[lang]
        view = model.view()
        level = model.panel.arranges(view) if model.my_turn else None
        self._arrange.layout.display = None if level is not None else "none"
        self._arrange.description = texts["arrange"]
        gone = self.editor  # an editor taken off the page is closed once it is off (it would stay alive in the browser)
        if level is None or not self._arrange.value:
            self._editor_box.children = ()
            self.editor, self._editor_for = None, ()
        else:
            hand = model.pickable() or tuple(getattr(view, "hand", ()))  # in the order the hand's buttons show it
            key = (model.game, len(model.game.rounds), hand, level)
            if self.editor is None or self._editor_for != key:
                cards = HandModel(hand, rules=view.rules, players=model.players, lang=lang)
                self.editor = LayDownEditor(LayDownModel(cards, level=level, rules=view.rules, lang=lang), level_fixed=True)
                self.editor.model.observe(guard(self, lambda _c: self._style_lay_mine()), names="valid")
                # A refusal of the arrangement laid down is of that arrangement: not of the next.
                self.editor.model.observe(guard(self, lambda _c: self.model.forget_refusal()), names="groups")
                self._editor_for = key
            self.editor.lang = lang
            self._lay_mine.description = texts["lay_down_mine"]
            self._style_lay_mine()
            self._editor_box.children = (self.editor, self._lay_mine)
        if gone is not None and gone is not self.editor:
            gone.close()

    def _style_lay_mine(self) -> None:
        # Green only for an arrangement the editor finds valid: the engine still judges it.
        valid = self.editor is not None and bool(self.editor.model.valid)
        self._lay_mine.button_style = "success" if valid else ""

    def _reveal_html(self, lang: str) -> str:
        model, texts = self.model, TEXTS[lang]
        if not model.coached:
            return ""
        if model.reveal is None:
            return f'<div class="u9-note">{escape(texts["coach_note"])}</div>' if model.coach_on else ""
        view, move, coaching = model.reveal
        names = model.names(lang)
        mine = model.panel.label(move, view, names, lang)
        theirs = model.panel.label(coaching.move, view, names, lang)

        def said(message: Message) -> str:
            # The coach's "player 2" in this page's names: "Bot 1", and "yours" for the learner.
            def name(player: Message) -> str:
                seat = int(str(player.param("n"))) - 1
                return texts["yours"] if seat == LEARNER else names[seat]

            return render(named(message.replaced("coach.player", name), lang), lang)

        reason = _cap(said(coaching.reason))
        head = texts["coach_chose"].format(move=theirs)
        if _names_move(reason, theirs):  # the coach's reason names its move already: not twice
            head = head.split(":")[0] + ":"
        lines = [escape(texts["you_chose"].format(move=mine)), f"<b>{escape(head)}</b> {escape(reason)}"]
        if move == coaching.move:
            lines.append(escape(texts["coach_same"]))
        elif move in coaching.equal:
            lines.append(escape(texts["coach_equal"]))
        else:
            lines.append(escape(texts["coach_other"]))
        if coaching.options:
            items = "".join(f"<li>{escape(_option(model.panel.label(m, view, names, lang), said(line)))}</li>" for m, line in coaching.options)
            lines.append(f"{escape(texts['options'])}<ul style='margin:.2em 0;padding-left:1.2em'>{items}</ul>")
        if coaching.facts:
            items = "".join(f"<li>{escape(said(fact))}</li>" for fact in coaching.facts)
            lines.append(f"{escape(texts['facts'])}<ul style='margin:.2em 0;padding-left:1.2em'>{items}</ul>")
        return f'<div class="u9-seat-box u9-seat-coach" role="status">{"<br>".join(lines)}</div>'

    def _log_html(self, lang: str) -> str:
        texts = TEXTS[lang]
        lines = self.model.log[-LOG_LINES:][::-1]
        items = "".join(f"<li>{escape(you_said(said(lang), lang))}</li>" for _seat, said in lines) or f"<li>{escape(texts['nothing_yet'])}</li>"
        return (
            f'<div class="u9-seat-box u9-seat-log" aria-live="polite" data-moves="{len(self.model.log)}" data-version="{self.model.version}">'
            f'<b>{escape(texts["what_happened"])}</b><ul style="margin:.2em 0;padding-left:1.2em">{items}</ul></div>'
        )

    def _scores_title(self, lang: str) -> str:
        """The score table's title: the family's own words where its catalog has them (``<family>.seat.scores``:
        a picture-card round scores places, not points), else points, fewer better (a rummy's penalties, 3UP 3DOWN's)."""
        key = f"{self.model.game.rules.family}.seat.scores"
        return render(Message(key), lang) if key in catalog_keys(lang) else TEXTS[lang]["scores"]

    def _scores_html(self, lang: str) -> str:
        model, texts = self.model, TEXTS[lang]
        game = model.game
        names = model.names(lang)
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        rows = []
        for number, rnd in enumerate(game.rounds, 1):
            if rnd.over:
                cells = "".join(f"<td>{s}</td>" for s in rnd.scores())
                rows.append(f"<tr><td>{number}</td>{cells}</tr>")
        totals = "".join(f"<td><b>{s}</b></td>" for s in game.totals)
        rows.append(f"<tr><td><b>{escape(texts['total'])}</b></td>{totals}</tr>")
        if isinstance(game, Game):
            levels = "".join(f"<td>{n}</td>" for n in game.levels)
            word = texts["phase" if game.rules.level_word == "phase" else "level"]  # (the game's own word)
            rows.append(f"<tr><td>{escape(word)}</td>{levels}</tr>")
        rows = rows[-8:]  # the latest rounds, the totals and the levels: a long game stays short on a phone
        return (
            f'<div class="u9-seat-box"><b>{escape(self._scores_title(lang))}</b>'
            f'<table class="u9-table u9-seat-scores"><tr><th>{escape(texts["round_col"])}</th>{head}</tr>{"".join(rows)}</table></div>'
        )
