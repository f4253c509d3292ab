"""The move panels of the seat at the table (``widgets/games/seat.py``): where a move's shape differs
from game to game, each family's panel turns the learner's view, its legal moves and the cards the
learner has picked into labelled buttons. The seat page asks ``panel_for(family)`` and never which
game it is beyond that: a family with no panel of its own gets ``GenericPanel`` (one button a legal
move). The panels hold no rule: every button is a legal move of the family's ``legal_moves`` or a
move built from the learner's picked cards, which the engine judges (a refusal is its message).

The rummies share ``RummyPanel`` (draw or take the discard, the checker's lay-down, donate or hit on a
chosen meld, discard); ``ThreeUpPanel`` is 3UP 3DOWN's (choose the 3UP cards, play, pick up, turn a
3DOWN card); ``PicturePanel`` is the picture-card game's, its labels those of page 9
(``picture_play.move_label``).

>>> from upto9.family import game_family
>>> type(panel_for(game_family("phase10"))).__name__, type(panel_for(game_family("picture_cards"))).__name__
('RummyPanel', 'PicturePanel')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final, Protocol, cast

from upto9.cards import PlayingCard
from upto9.families.picture_cards.game import Draw as PictureDraw
from upto9.families.picture_cards.game import Move as PictureMove
from upto9.families.picture_cards.game import PictureView, Place, Stop
from upto9.families.threeup.bot import strength
from upto9.families.threeup.cards import ThreeUpCard
from upto9.families.threeup.round import ChooseUp, KeepUp, PickUp, Play, PlayBlind, Stage, SwapUp, ThreeUpView
from upto9.families.threeup.round import Draw as ThreeUpDraw
from upto9.families.threeup.round import Source as ThreeUpSource
from upto9.family import FamilyView, GameFamily, RummyFamily, TableMeld
from upto9.game import Discard, Donate, LayDown, Phase, Source, View
from upto9.messages import Message, joined, render

from ..cards_html import card_html, card_row
from ..stepper import _meld_text as meld_text
from ..texts import LANGS, card_text, check_lang, contract_text, level_title
from .picture_play import PLAY_CSS as PICTURE_CSS
from .picture_play import move_label as picture_label
from .picture_play import table_html as picture_table

__all__ = ["Button", "GenericPanel", "Panel", "PicturePanel", "RummyPanel", "ThreeUpPanel", "card_text", "panel_for"]


@dataclass(frozen=True)
class Button:
    """One move button: its label (plain text), a style (``''``, ``'success'``, ``'warning'``) and the move."""

    label: str
    move: object
    style: str = ""


class Panel(Protocol):
    """A family's move panel: the cards the learner may pick (``pickable``: picked ones build a move),
    how many at most, a hint, the buttons, and a move's one-line label."""

    def pickable(self, view: FamilyView) -> tuple[PlayingCard, ...]: ...

    def most(self, view: FamilyView) -> int: ...

    def hint(self, view: FamilyView, lang: str) -> str: ...

    def buttons(self, view: FamilyView, moves: Sequence[object], picked: Sequence[PlayingCard], names: Sequence[str], lang: str) -> list[Button]: ...

    def label(self, move: object, view: FamilyView, names: Sequence[str], lang: str) -> str: ...

    def arranges(self, view: FamilyView) -> int | None:
        """The level the learner may lay down now by arranging the cards themselves (the lay-down
        editor), ``None`` when there is none."""
        ...

    def arranged(self, melds: Sequence[object], view: FamilyView) -> object:
        """The move that lays down ``melds``, the learner's own arrangement."""
        ...

    def table(self, view: FamilyView, names: Sequence[str], lang: str) -> str | None:
        """The table as this game shows it (a rummy's melds, numbered, and levels); ``None``: the
        generic drawing of the round's zones (``widgets.table.table_html``)."""
        ...


TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "draw_deck": "Draw from the deck",
        "draw_discard": "Take the discard {card}",
        "lay_down": "Lay down: {melds}",
        "donate": "Put {card} on {owner}'s meld {n}: {meld}",
        "donate_own": "Put {card} on your meld {n}: {meld}",
        "discard": "Discard {card}",
        "discard_skip": "Discard {card}: {target} loses a turn",
        "pick_one": "Pick one card of your hand to put it on a meld or to discard it.",
        "hint_draw": "Draw from the deck or take the top of the discard pile.",
        "hint_play": "Lay down if you can, put cards on the melds on the table once you are down, then discard one card.",
        "hint_down": "You are down: put cards on the melds on the table, then discard one card.",
        "choose": "Lay {cards} face up (3UP)",
        "choose_picked": "Lay the picked cards face up",
        "play": "Play {cards}",
        "play_picked": "Play the picked cards",
        "pick_up": "Pick up the pile",
        "blind": "Turn 3DOWN card {n}",
        "draw": "Draw a card",
        "swap": "Swap {hand} for your 3UP {up}",
        "keep": "Keep your 3UP cards",
        "hint_choose": "Pick three cards to lay face up on your 3DOWN cards (or tap a ready-made choice: the strongest cards first).",
        "hint_threeup": "Pick cards of one number and play them, or tap a play below.",
        "hint_blind": "Your hand and 3UP cards are gone: turn a 3DOWN card, blind.",
        "hint_picture": "Tap a move.",
        "hint_place": "Pick a card you drew, then the picture card it goes on.",
        "move": "{move}",
        "discard_pile": "Discard pile",
        "deck": "Deck: {n} cards",
        "your_hand": "Your hand",
        "seat": "{name}: {n} cards in hand",
        "seat_level": "{level}: {contract}",
        "melds": "On the table",
        "no_melds": "nothing laid down yet",
        "meld_n": "meld {n}",
        "empty": "empty",
    },
    "nb": {
        "draw_deck": "Trekk fra bunken",
        "draw_discard": "Ta kastekortet {card}",
        "lay_down": "Legg ned: {melds}",
        "donate": "Legg {card} på {owner} sin gruppe {n}: {meld}",
        "donate_own": "Legg {card} på din gruppe {n}: {meld}",
        "discard": "Kast {card}",
        "discard_skip": "Kast {card}: {target} mister en tur",
        "pick_one": "Velg ett kort på hånda for å legge det på en gruppe eller kaste det.",
        "hint_draw": "Trekk fra bunken eller ta det øverste kastekortet.",
        "hint_play": "Legg ned hvis du kan, legg kort på gruppene på bordet når du har lagt ned, og kast så ett kort.",
        "hint_down": "Du har lagt ned: legg kort på gruppene på bordet, og kast så ett kort.",
        "choose": "Legg {cards} med forsiden opp (3UP)",
        "choose_picked": "Legg de valgte kortene med forsiden opp",
        "play": "Spill {cards}",
        "play_picked": "Spill de valgte kortene",
        "pick_up": "Ta opp bunken",
        "blind": "Snu 3DOWN-kort {n}",
        "draw": "Trekk et kort",
        "swap": "Bytt {hand} mot 3UP-kortet ditt {up}",
        "keep": "Behold 3UP-kortene",
        "hint_choose": "Velg tre kort som skal ligge med forsiden opp på 3DOWN-kortene dine (eller trykk på et ferdig valg: de sterkeste kortene først).",
        "hint_threeup": "Velg kort med samme tall og spill dem, eller trykk på et spill under.",
        "hint_blind": "Hånda og 3UP-kortene er brukt opp: snu et 3DOWN-kort, i blinde.",
        "hint_picture": "Trykk på et trekk.",
        "hint_place": "Velg et kort du trakk, og så bildekortet det skal på.",
        "move": "{move}",
        "discard_pile": "Kastebunken",
        "deck": "Trekkbunken: {n} kort",
        "your_hand": "Hånda di",
        "seat": "{name}: {n} kort på hånda",
        "seat_level": "{level}: {contract}",
        "melds": "På bordet",
        "no_melds": "ingenting lagt ned ennå",
        "meld_n": "gruppe {n}",
        "empty": "tom",
    },
}
assert set(TEXTS) == set(LANGS) and all(set(TEXTS[lang]) == set(TEXTS["en"]) for lang in LANGS)

MAX_QUICK: Final = 12
"""The most ready-made buttons a panel shows for one kind of move (3UP 3DOWN's plays); the picked
cards build any other."""

MAX_CHOICES_UP: Final = 4
"""The ready-made choices of 3UP 3DOWN's face-up cards, the strongest first (the heuristic bot's
order): twelve of twenty in the order dealt hid the strong ones and pushed a refusal off a phone."""


def _cards(cards: Sequence[PlayingCard], lang: str) -> str:
    return joined([card_text(c, lang) for c in cards], check_lang(lang))  # "red 8, purple 8 and Clear"


def _meld(meld: Any, lang: str) -> str:
    return meld_text(meld, check_lang(lang))  # as the round stepper writes a meld


class GenericPanel:
    """One button a legal move, labelled by the move's own text: a family without a panel still plays."""

    def arranges(self, view: FamilyView) -> int | None:
        return None

    def arranged(self, melds: Sequence[object], view: FamilyView) -> object:
        return tuple(melds)

    def table(self, view: FamilyView, names: Sequence[str], lang: str) -> str | None:
        return None

    def pickable(self, view: FamilyView) -> tuple[PlayingCard, ...]:
        return ()

    def most(self, view: FamilyView) -> int:
        return 0

    def hint(self, view: FamilyView, lang: str) -> str:
        return TEXTS[check_lang(lang)]["hint_picture"]

    def buttons(self, view: FamilyView, moves: Sequence[object], picked: Sequence[PlayingCard], names: Sequence[str], lang: str) -> list[Button]:
        return [Button(self.label(m, view, names, lang), m) for m in moves]

    def label(self, move: object, view: FamilyView, names: Sequence[str], lang: str) -> str:
        return repr(move)


class RummyPanel:
    """A rummy's turn: draw from the deck or take the discard; lay down (the checker's lay-down for
    each level open); once down, a picked card onto any meld on the table (the engine refuses one
    that does not fit, in its words); discard a picked card (a Phase 10 skip names who loses a turn)."""

    def arranges(self, view: FamilyView) -> int | None:
        assert isinstance(view, View)
        if not view.my_turn or view.phase is not Phase.PLAY or view.laid_down[view.player]:
            return None
        return view.choices[0] if len(view.choices) == 1 else view.level

    def arranged(self, melds: Sequence[object], view: FamilyView) -> object:
        return LayDown(tuple(cast(Sequence[TableMeld], melds)))

    def table(self, view: FamilyView, names: Sequence[str], lang: str) -> str | None:
        """The discard pile's top, the deck's size, the learner's hand, and per seat its level, its
        hand's size and its melds, numbered as the donate buttons name them."""
        assert isinstance(view, View)
        lang = check_lang(lang)
        texts = TEXTS[lang]
        top = view.discard_top
        pile = card_html(top, lang=lang) if top is not None else f'<span class="u9-note">{escape(texts["empty"])}</span>'
        hand = "".join(card_html(c, lang=lang) for c in sorted(view.hand, key=_rummy_key))
        parts = [
            card_row([pile], texts["discard_pile"]),
            f'<div class="u9-note">{escape(texts["deck"].format(n=view.deck_count))}</div>',
            card_row([hand], texts["your_hand"]),
        ]
        for seat, melds in enumerate(view.table):
            level = view.rules.level(view.levels[seat])
            said = texts["seat_level"].format(level=level_title(view.rules, level.number, lang), contract=contract_text(level, lang, rules=view.rules))
            rows = [
                card_row(["".join(card_html(p.card, p.face, lang=lang) for p in meld.cards)], texts["meld_n"].format(n=n)) for n, meld in enumerate(melds, 1)
            ]
            shown = "".join(rows) or f'<div class="u9-note">{escape(texts["no_melds"])}</div>'
            turn = " u9-turn" if seat == view.turn and view.phase is not Phase.OVER else ""
            head = texts["seat"].format(name=names[seat], n=view.hand_counts[seat])
            parts.append(f'<div class="u9-player{turn}" data-seat="{seat}"><b>{escape(head)}</b><div class="u9-note">{escape(said)}</div>{shown}</div>')
        return "".join(parts)

    def pickable(self, view: FamilyView) -> tuple[PlayingCard, ...]:
        assert isinstance(view, View)
        return tuple(sorted(view.hand, key=_rummy_key)) if view.my_turn and view.phase is Phase.PLAY else ()

    def most(self, view: FamilyView) -> int:
        return 1

    def hint(self, view: FamilyView, lang: str) -> str:
        assert isinstance(view, View)
        texts = TEXTS[check_lang(lang)]
        if view.phase is Phase.DRAW:
            return texts["hint_draw"]
        return texts["hint_down" if view.laid_down[view.player] else "hint_play"] + " " + texts["pick_one"]

    def buttons(self, view: FamilyView, moves: Sequence[object], picked: Sequence[PlayingCard], names: Sequence[str], lang: str) -> list[Button]:
        assert isinstance(view, View)
        shown = [Button(self.label(m, view, names, lang), m, "success") for m in moves if not isinstance(m, (Donate, Discard))]
        if view.phase is not Phase.PLAY or len(picked) != 1:
            return shown
        card = picked[0]
        if view.laid_down[view.player]:
            for owner, melds in enumerate(view.table):
                for index in range(len(melds)):
                    fits = [m for m in moves if isinstance(m, Donate) and m.card == card and m.owner == owner and m.meld == index]
                    # A meld the card does not fit is offered too: the engine says why not.
                    move = fits[0] if fits else Donate(card, owner, index)
                    shown.append(Button(self.label(move, view, names, lang), move))
        shown.extend(Button(self.label(m, view, names, lang), m, "warning") for m in moves if isinstance(m, Discard) and m.card == card)
        return shown

    def label(self, move: object, view: FamilyView, names: Sequence[str], lang: str) -> str:
        assert isinstance(view, View)
        texts = TEXTS[check_lang(lang)]
        if isinstance(move, LayDown):
            return texts["lay_down"].format(melds=" · ".join(_meld(m, lang) for m in move.melds))
        if isinstance(move, Donate):
            meld = view.table[move.owner][move.meld] if move.owner < len(view.table) and move.meld < len(view.table[move.owner]) else None
            template = texts["donate_own"] if move.owner == view.player else texts["donate"]
            shown = _meld(meld, lang) if meld is not None else ""
            return template.format(card=card_text(move.card, lang), owner=names[move.owner], n=move.meld + 1, meld=shown)
        if isinstance(move, Discard):
            if move.card.skips and move.target is not None:
                return texts["discard_skip"].format(card=card_text(move.card, lang), target=names[move.target])
            return texts["discard"].format(card=card_text(move.card, lang))
        if getattr(move, "source", None) is Source.DISCARD:
            top = view.discard_top
            return texts["draw_discard"].format(card=card_text(top, lang) if top is not None else "")
        if getattr(move, "source", None) is Source.DECK:
            return texts["draw_deck"]
        return repr(move)


def _rummy_key(card: PlayingCard) -> Any:
    return card  # a family's cards order among their own kind


class ThreeUpPanel:
    """3UP 3DOWN's turn: choose the 3UP cards (picked, or a ready-made choice); play picked cards of
    one number from the hand (from the 3UP cards once hand and deck are empty), or a legal play;
    pick up the pile; turn a 3DOWN card; draw; the colour swap."""

    def arranges(self, view: FamilyView) -> int | None:
        return None

    def arranged(self, melds: Sequence[object], view: FamilyView) -> object:
        return tuple(melds)

    def table(self, view: FamilyView, names: Sequence[str], lang: str) -> str | None:
        return None

    def pickable(self, view: FamilyView) -> tuple[PlayingCard, ...]:
        assert isinstance(view, ThreeUpView)
        if view.turn != view.player or view.stage not in (Stage.CHOOSE, Stage.PLAY):
            return ()
        if view.hand or view.stage is Stage.CHOOSE:
            return tuple(sorted(view.hand, key=lambda c: c.key))
        return tuple(sorted((c for c in view.up[view.player] or () if c is not None), key=lambda c: c.key))

    def most(self, view: FamilyView) -> int:
        return 6

    def hint(self, view: FamilyView, lang: str) -> str:
        assert isinstance(view, ThreeUpView)
        texts = TEXTS[check_lang(lang)]
        if view.stage is Stage.CHOOSE:
            return texts["hint_choose"]
        if view.stage is Stage.PLAY and not view.hand and not any(c is not None for c in view.up[view.player] or ()) and not view.deck_count:
            return texts["hint_blind"]
        return texts["hint_threeup"]

    def buttons(self, view: FamilyView, moves: Sequence[object], picked: Sequence[PlayingCard], names: Sequence[str], lang: str) -> list[Button]:
        assert isinstance(view, ThreeUpView)
        texts = TEXTS[check_lang(lang)]
        shown: list[Button] = []
        if picked and view.stage is Stage.CHOOSE:
            shown.append(Button(texts["choose_picked"], ChooseUp(cast(tuple[ThreeUpCard, ...], tuple(picked))), "success"))
        elif picked and view.stage is Stage.PLAY:
            source = ThreeUpSource.HAND if view.hand else ThreeUpSource.UP
            shown.append(Button(texts["play_picked"], Play(source, cast(tuple[ThreeUpCard, ...], tuple(picked))), "success"))
        choices = [m for m in moves if isinstance(m, ChooseUp)]
        ranked = sorted(choices, key=lambda m: sorted((strength(c) for c in m.cards), reverse=True), reverse=True)[:MAX_CHOICES_UP]
        quick = [*ranked, *[m for m in moves if isinstance(m, Play)][:MAX_QUICK]]
        shown.extend(Button(self.label(m, view, names, lang), m) for m in quick)
        shown.extend(
            Button(self.label(m, view, names, lang), m, "warning" if isinstance(m, PickUp) else "") for m in moves if not isinstance(m, (ChooseUp, Play))
        )
        return shown

    def label(self, move: object, view: FamilyView, names: Sequence[str], lang: str) -> str:
        texts = TEXTS[check_lang(lang)]
        if isinstance(move, ChooseUp):
            return texts["choose"].format(cards=_cards(move.cards, lang))
        if isinstance(move, Play):
            return texts["play"].format(cards=_cards(move.cards, lang))
        if isinstance(move, PickUp):
            return texts["pick_up"]
        if isinstance(move, PlayBlind):
            return texts["blind"].format(n=move.slot + 1)
        if isinstance(move, ThreeUpDraw):
            return texts["draw"]
        if isinstance(move, SwapUp):
            return texts["swap"].format(hand=card_text(move.hand, lang), up=card_text(move.up, lang))
        if isinstance(move, KeepUp):
            return texts["keep"]
        return repr(move)


class PicturePanel:
    """The picture-card game's turn, labelled as page 9 labels it: draw or stop; place a picked card
    you drew on a picture card; the picture card an ace takes; keep; the five-card move."""

    def arranges(self, view: FamilyView) -> int | None:
        return None

    def arranged(self, melds: Sequence[object], view: FamilyView) -> object:
        return tuple(melds)

    def table(self, view: FamilyView, names: Sequence[str], lang: str) -> str | None:
        """Page 9's table: each picture card with its points, and who wins each suit."""
        assert isinstance(view, PictureView)
        return f'{PICTURE_CSS}<div class="u9-pc">{picture_table(view, names, check_lang(lang))}</div>'

    def pickable(self, view: FamilyView) -> tuple[PlayingCard, ...]:
        assert isinstance(view, PictureView)
        if view.turn != view.player or view.stage.value != "place":
            return ()
        return tuple(sorted(set(view.drawn), key=lambda c: (-c.rank, c.key)))

    def most(self, view: FamilyView) -> int:
        return 1

    def hint(self, view: FamilyView, lang: str) -> str:
        assert isinstance(view, PictureView)
        texts = TEXTS[check_lang(lang)]
        return texts["hint_place"] if view.stage.value == "place" else texts["hint_picture"]

    def buttons(self, view: FamilyView, moves: Sequence[object], picked: Sequence[PlayingCard], names: Sequence[str], lang: str) -> list[Button]:
        assert isinstance(view, PictureView)
        places = [m for m in moves if isinstance(m, Place)]
        if places:
            card = picked[0] if picked else places[0].card  # the first card until one is picked
            return [Button(self.label(m, view, names, lang), m) for m in places if m.card == card]
        styles = {PictureDraw: "success", Stop: "warning"}
        return [Button(self.label(m, view, names, lang), m, styles.get(type(m), "")) for m in moves]

    def label(self, move: object, view: FamilyView, names: Sequence[str], lang: str) -> str:
        assert isinstance(view, PictureView)
        return picture_label(move, view, check_lang(lang)) if isinstance(move, PictureMove) else repr(move)


_PANELS: Final[dict[str, Panel]] = {"threeup": ThreeUpPanel(), "picture_cards": PicturePanel()}


def panel_for(family: GameFamily) -> Panel:
    """The move panel of ``family``: its own, the rummies' shared one, or one button a legal move."""
    if family.key in _PANELS:
        return _PANELS[family.key]
    if isinstance(family, RummyFamily):
        return RummyPanel()
    return GenericPanel()


def said(message: Message | str, lang: str) -> str:
    """An engine message (or a plain text) in ``lang``."""
    return render(message, lang) if isinstance(message, Message) else message
