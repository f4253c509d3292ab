"""The hand builder: click cards into a hand from a grid of the 52, or type them; sort, clear, deal.

``HandModel`` is the state (the cards, the text that mirrors them, the last refused text's error,
kept as the engine's message so that the view words it in the page's language);
``HandBuilder`` is the view. The checker and the lay-down editor take a ``HandModel`` and follow it.
The hand's ``rules`` name its card model: with Phase 10's rules (``HandModel(rules=PHASE10)``) the
grid holds the numbers 1-12 in four colours, the wild card and the skip, and text reads ``7r 12b W S``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from html import escape
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.cards import CardError, PlayingCard, check_copies, format_hand, parse_hand
from upto9.family import family_of
from upto9.messages import Message, message_of, render
from upto9.rules import UPTO9, Rules

from ._common import GameNumber, ModelLanguage, as_typed, guard, style_tag
from .cards_html import card_html, card_row, style_card_button
from .engine_text import card_error_text
from .texts import LANGS, check_lang, family_for, number_text, worded

__all__ = ["TEXTS", "HandBuilder", "HandModel", "refusal_sentence", "typed_html"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Your hand",
        "help": (
            "Click a card to put it in the hand; another click adds another copy while the table's decks hold one, and the next click "
            "takes them all out. "
            "Or type the cards, rank first and suit last: `5h Jc Qd` (suits `s` `h` `d` `c`; ranks `A` `2`-`10` `J` `Q` `K`)."
        ),
        "text": "Cards",
        "placeholder": "5h 6h 2c 8h 9h 2d 3s Jc",
        "count": "{n} cards in the hand",
        "count_one": "1 card in the hand",
        "empty": "The hand is empty: click cards in the grid, type them, or deal.",
        "sort_suit": "Sort by suit",
        "sort_rank": "Sort by rank",
        "clear": "Clear",
        "deal": "Deal {n}",
        "deal_tip": "Deal {n} cards at random from {decks} shuffled decks (deal number {seed})",
        "seed": "Deal number",
        "bad_seed": "“{typed}” is no deal number: type a whole number from 0 to {top}. The next deal is still number {seed}.",
        "dealt": "Dealt {n} cards: deal number {seed} (the same number deals the same hand again).",
        "unchanged": "The hand is unchanged.",
        "grid": "All 52 cards",
        "hand_row": "The hand",
        "help_phase": (
            "Click a card to put it in the hand; a second click adds a second copy (the deck holds two of each number, 8 wild cards "
            "and 4 skips), and a click when the deck holds no more takes them all out. Or type the cards: `7r 12b W S` (a number and its "
            "colour: `r` red, `y` yellow, `g` green, `b` blue; `W` a wild card, `S` a skip)."
        ),
        "placeholder_phase": "7r 7b W 3g 4g 5y 6r 12b S 9y",
        "sort_suit_phase": "Sort by colour",
        "sort_rank_phase": "Sort by number",
        "grid_phase": "Every Phase 10 card",
        "players": "Players",
        "players_tip": "The number of players at the table: it sets how many decks the game uses, so how many copies of a card a hand may hold",
        "table": "A table of {n} plays with {decks}.",
        "set_aside": "The hand waits until it fits the table.",
        "waiting": "The hand is set aside until a table holds it: {text}. Pick more players, or change the cards in the box.",
    },
    "nb": {
        "title": "Hånda di",
        "help": (
            "Klikk et kort for å ta det på hånda; et nytt klikk legger til ett eksemplar til så lenge bordets kortstokker har flere, og "
            "neste klikk tar dem alle ut. Eller skriv kortene, først verdien og så sorten: `5h Knk Dr` (sort: `s` spar, `h` hjerter, `r` ruter, "
            "`k` kløver; verdi: `2`-`10`, `Kn` knekt, `D` dame, `K` konge, `A` eller `E` ess). `Kk` er kløverkonge. De engelske "
            "bokstavene virker også (`J` `Q`, `d` `c`). Kortene vises som på de fleste kortstokker: knekt som J, dame som Q."
        ),
        "text": "Kort",
        "placeholder": "5h 6h 2k 8h 9h 2r 3s Knk",
        "count": "{n} kort på hånda",
        "count_one": "1 kort på hånda",
        "empty": "Hånda er tom: klikk kort i rutenettet, skriv dem, eller del ut.",
        "sort_suit": "Sorter etter sort",
        "sort_rank": "Sorter etter rang",
        "clear": "Tøm",
        "deal": "Del ut {n}",
        "deal_tip": "Del ut {n} tilfeldige kort fra {decks} stokkede kortstokker (utdeling nr. {seed})",
        "seed": "Utdeling nr.",
        "bad_seed": "«{typed}» er ikke et utdelingsnummer: skriv et helt tall fra 0 til {top}. Neste utdeling er fortsatt nr. {seed}.",
        "dealt": "Delte ut {n} kort: utdeling nr. {seed} (samme nummer deler ut samme hånd igjen).",
        "unchanged": "Hånda er uendret.",
        "grid": "Alle 52 kort",
        "hand_row": "Hånda",
        "help_phase": (
            "Klikk et kort for å ta det på hånda; et nytt klikk legger til ett eksemplar til (kortstokken har to av hvert tall, 8 jokere "
            "og 4 hopp over-kort), og et klikk når kortstokken ikke har flere, tar dem alle ut. Eller skriv kortene: `7r 12b W S` (tallet og "
            "fargens bokstav: `r` rød, `y` gul, `g` grønn, `b` blå; `W` en joker, `S` et hopp over-kort)."
        ),
        "placeholder_phase": "7r 7b W 3g 4g 5y 6r 12b S 9y",
        "sort_suit_phase": "Sorter etter farge",
        "sort_rank_phase": "Sorter etter tall",
        "grid_phase": "Alle kortene i Phase 10",
        "players": "Spillere",
        "players_tip": "Antall spillere ved bordet: det avgjør hvor mange kortstokker spillet bruker, altså hvor mange eksemplarer av et kort en hånd kan ha",
        "table": "Et bord med {n} spillere spiller med {decks}.",
        "set_aside": "Hånda venter til den passer bordet.",
        "waiting": "Hånda er lagt til side til et bord kan holde den: {text}. Velg flere spillere, eller endre kortene i feltet.",
    },
}


def grid_cards(rules: Rules) -> tuple[tuple[PlayingCard, ...], ...]:
    """The rows of the hand builder's grid: Up to 9's 52 cards (rows ♠ ♥ ♦ ♣, columns A to K), or
    Phase 10's numbers 1-12 in rows red, yellow, green, blue and a last row with the wild card and
    the skip: the family's ``card_grid``."""
    return family_of(rules).card_grid(rules)


def by_suit(card: PlayingCard) -> tuple[int, int, int]:
    """Sort key: by suit (♠ ♥ ♦ ♣) or colour (red, yellow, green, blue), then rank or number; wild
    cards and skips last (the card's family's ``sort_key``)."""
    return family_for(card).sort_key(card)


def typed_html(text: str) -> str:
    """``text`` as HTML, what a learner types (between backticks) as keys: the card codes are the
    engine's notation in every language, so they are shown as such (``<kbd>``).

    >>> typed_html("Or type the cards: `7r 12b` <here>.")
    'Or type the cards: <kbd>7r 12b</kbd> &lt;here&gt;.'
    """
    return re.sub(r"`([^`]+)`", r"<kbd>\1</kbd>", escape(text))


def refusal_text(refusal: Message, lang: str, rules: Rules) -> str:
    """A refused hand text as the hand box says it: the engine's message in ``lang`` (a card
    mistake worded as everywhere else), with a card over the copy limit written as the page
    writes it and as its glyph where that differs: 7h (7♥).

    >>> refusal_text(HandModel(lang="nb").refuse("5h banan"), "nb", UPTO9)
    'Det 2. kortet, «banan», er ikke et kort: mangler sort; sortene er s h r k / s h d c (eller ♠ ♥ ♦ ♣). Skriv verdien og så sorten, som 5h'
    """
    if refusal.key.startswith("card.copies"):
        params = dict(refusal.params)
        try:
            card = family_of(rules).read_token(str(params["card"]))
        except CardError:
            return card_error_text(refusal, lang)
        written = format_hand([card], lang=lang)
        refusal = Message(refusal.key, **{**params, "card": written if written == card.glyph else f"{written} ({card.glyph})"})
    return card_error_text(refusal, lang)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def refusal_sentence(refusal: Message, lang: str, rules: Rules) -> str:
    """``refusal_text`` as a sentence, as every box that reads a typed hand shows it (the hand
    box, the tour's penalty counter): one wording of a card mistake on every page.

    >>> refusal_sentence(HandModel().refuse("7h 1x"), "en", UPTO9)
    "The 2nd card, '1x', is not a card: no suit; suits are s h d c (or ♠ ♥ ♦ ♣). Write a rank and then a suit, like 5h."
    """
    return _sentence(refusal_text(refusal, lang, rules))


MAX_DEAL: Final = 999_999_999
"""The largest deal number the box takes: any number deals a hand, and nine digits are plenty to type."""


class HandModel(t.HasTraits):
    """A hand of cards and the text that mirrors it.

    ``cards`` is the hand in its own order (a tuple of ``Card``); ``text`` is its canonical text,
    kept in sync both ways: ``set_text`` reads a text with the engine's ``parse_hand`` and, if the
    text is bad, leaves the hand as it was and puts the engine's message (which names the bad
    token) in ``error`` (its English text) and ``refusal`` (the message itself, which the view
    renders in the page's language). How many copies of a card the hand may hold is the number of decks the
    rules use for ``players`` (the table size, 4 unless set). A new table size reads the hand
    again: a text refused at the old table is taken if it fits the new one, and a hand that does
    not fit the new table waits, refused (its text kept in ``typed``), until the table fits it.

    >>> hand = HandModel()
    >>> hand.set_text("5h 6h 2c")
    True
    >>> hand.set_text("5h 6h 11h"), hand.text, hand.error
    (False, '5h 6h 2c', "the 3rd card, '11h', is not a card: no rank 11; ranks are A 2-10 J Q K. Write a rank and then a suit, like 5h")
    >>> hand.set_text("7h 7h 7h Ks Kd 2c 5s 5d 5c"), hand.refusal.key
    (False, 'card.copies.more')
    >>> hand.players = 6
    >>> hand.text, hand.error
    ('7h 7h 7h Ks Kd 2c 5s 5d 5c', '')
    """

    cards = t.Tuple()
    text = t.Unicode("")
    error = t.Unicode("")
    dealt = t.Tuple()
    rules = t.Instance(Rules)
    players = t.Int(4)
    seed = t.Int(0)
    lang = t.Unicode("en")

    def __init__(self, cards: str | Iterable[PlayingCard] = (), *, rules: Rules = UPTO9, players: int = 4, seed: int = 0, lang: str = "en") -> None:
        self._kept: dict[str, tuple[PlayingCard, ...]] = {}
        # The refused text's message, beside ``error``: set before it, so that an observer of
        # ``error`` finds it (not a trait: one change, one redraw).
        self.refusal: Message | None = None
        # The refused text itself, what the hand box shows while ``error`` is set (None when no text is refused).
        self.typed: str | None = None
        self._clamping = False  # a new rule set moving the table size into its range
        super().__init__(rules=rules, players=players, seed=seed, lang=check_lang(lang))
        if isinstance(cards, str):
            if not self.set_text(cards):
                raise CardError(self.refusal or self.error)
        else:
            self.set_cards(tuple(cards))

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.validate("players")
    def _valid_players(self, proposal: Any) -> int:
        players = int(proposal["value"])
        self.rules.decks_for(players)  # the engine refuses a table the rules do not have
        return players

    @t.observe("rules")
    def _on_rules(self, change: Any) -> None:
        """Another rule set: a hand of the other game's cards is kept aside and the hand last held
        with this game's cards comes back (or none); a hand over the new decks' copy limit is emptied.
        A table size the new rules do not have becomes the nearest one they have."""
        old, new = change["old"], change["new"]
        self._clamping = True  # the hand is judged below, against the new rules and table at once
        try:
            self.players = min(max(self.players, new.min_players), new.max_players)
        finally:
            self._clamping = False
        if old is not None and old.family != new.family:  # another game: its own cards
            self._kept[old.family] = self.cards
            self.cards = self._fits(self._kept.pop(new.family, ()))
            if self.error:  # a text refused in the other game's cards is no text of this one
                self.refusal = self.typed = None
                self.error = ""
                self.text = format_hand(self.cards, lang=self.lang)
        elif not self._fits(self.cards) and self.cards:
            self.cards = ()

    def _fits(self, cards: tuple[PlayingCard, ...]) -> tuple[PlayingCard, ...]:
        try:
            check_copies(cards, self.rules, self.players)
        except CardError:
            return ()
        return cards

    @t.observe("players")
    def _on_players(self, change: Any) -> None:
        """Another table size: the text refused at the old table is read again (and taken if this
        table's decks hold it); a hand this table's decks cannot hold is set aside, its text kept
        in the box with the refusal that names the table, until a table that holds it is chosen."""
        if self._clamping:
            return
        typed = self.typed if self.error else None
        if typed is not None and self.set_text(typed):
            return
        if self.cards and not self._fits(self.cards):
            text = typed if typed is not None else format_hand(self.cards, lang=self.lang)
            self.cards = ()
            self.set_text(text)

    @t.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if not self.error:  # the hand's text in the new language's card letters
            self.text = format_hand(self.cards, lang=self.lang)
        elif self.typed is not None and not self.cards:  # a hand set aside for a larger table: its text in the new letters too
            try:
                waiting = parse_hand(self.typed, self.rules, self.rules.max_players, lang=change["old"])
            except CardError:
                return  # (a text refused for what it says, not for this table: kept as typed)
            self.typed = format_hand(waiting, lang=self.lang)

    @t.observe("cards")
    def _on_cards(self, change: Any) -> None:
        self._cards_said()

    def _cards_said(self) -> None:
        """The text is the hand's, and whatever was refused, set aside or dealt before is forgotten."""
        self.text = format_hand(self.cards, lang=self.lang)
        self.refusal = None
        self.typed = None
        self.error = ""
        self.dealt = ()

    # --- what the hand holds ------------------------------------------------------------------------

    @property
    def max_copies(self) -> int:
        """How many decks the game uses (2 for 2-4 players in Up to 9, 1 in Phase 10): each card
        may be in the hand as often as these decks hold it."""
        return self.rules.decks_for(self.players)

    def count(self, card: PlayingCard) -> int:
        """How many copies of ``card`` the hand holds."""
        return sum(1 for c in self.cards if c == card)

    def counts(self) -> Counter[PlayingCard]:
        """Every card of the hand with its number of copies."""
        return Counter(self.cards)

    # --- changing it ----------------------------------------------------------------------------------

    def set_cards(self, cards: Iterable[PlayingCard]) -> None:
        """Replace the hand; refused (``CardError``) if it holds more copies than the decks."""
        hand = tuple(cards)
        parse_hand(format_hand(hand), self.rules, self.players)  # the engine's copy limit
        self.cards = hand

    def set_text(self, text: str) -> bool:
        """Read the hand from text such as ``"5h 6h 2c"``. A bad text leaves the hand as it was and
        sets ``error`` to the engine's message; returns whether the text was taken."""
        try:
            hand = parse_hand(text, self.rules, self.players, lang=self.lang)
        except CardError as error:
            self.refusal = message_of(error)
            self.typed = text
            self.error = str(error)
            return False
        if hand == self.cards:
            self.text = format_hand(hand, lang=self.lang)
            self.refusal = None
            self.typed = None
            self.error = ""
        self.cards = hand
        return True

    def refuse(self, text: str) -> Message | None:
        """Read ``text`` as the hand box does and give its refusal (``None`` when it was taken)."""
        self.set_text(text)
        return self.refusal

    def add(self, card: PlayingCard) -> bool:
        """Add one copy of ``card`` at the end, if the game's decks hold another (the engine's copy limit)."""
        try:
            self.set_cards((*self.cards, card))
        except CardError:
            return False
        return True

    def remove(self, card: PlayingCard, copies: int = 1) -> None:
        """Take ``copies`` of ``card`` out (the last ones first)."""
        cards = list(self.cards)
        for _ in range(copies):
            if card in cards:
                del cards[len(cards) - 1 - cards[::-1].index(card)]
        self.cards = tuple(cards)

    def click(self, card: PlayingCard) -> None:
        """What a click on the grid does: add a copy while the decks hold one more, else take them all out."""
        if not self.add(card):
            self.remove(card, self.count(card))

    def sort(self, by: str = "suit") -> None:
        """Sort by suit (♠ ♥ ♦ ♣, then rank; good for straights) or by rank (good for sets); Phase 10's
        cards by colour or by number, wild cards and skips last."""
        if by == "suit":
            self.cards = tuple(sorted(self.cards, key=by_suit))
        elif by == "rank":
            self.cards = tuple(sorted(self.cards, key=lambda c: c.key))
        else:
            raise ValueError(f"sort by 'suit' or 'rank', not {by!r}")

    def clear(self) -> None:
        """Empty the hand, and forget a text refused or set aside for a larger table (an empty
        hand's cards do not change, so the change of ``cards`` alone did not reach them)."""
        with self.hold_trait_notifications():
            self.cards = ()
            self._cards_said()

    def deal(self, n: int | None = None) -> tuple[PlayingCard, ...]:
        """Deal ``n`` cards (default: the rules' hand size) from the game's decks, shuffled with
        ``seed``; the seed then moves on by one, so the next deal differs and any deal can be
        dealt again by setting its seed."""
        size = self.rules.hand_size if n is None else n
        deck = list(self.rules.one_deck()) * self.max_copies
        random.Random(f"upto9-hand:{self.seed}").shuffle(deck)
        used = self.seed
        self.cards = tuple(deck[:size])
        self.dealt = (size, used)
        self.seed = used + 1
        return self.cards


class HandBuilder(ModelLanguage, w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The hand builder: a grid of the 52 cards (rows ♠ ♥ ♦ ♣, columns A to K) to click cards in
    and out, a count badge on cards held twice, a text box kept in sync both ways, sort, clear,
    and seeded deal buttons. A bad text shows an inline message naming the bad token.
    With Phase 10's rules the grid holds Phase 10's cards, drawn in their colours.

    ``HandBuilder(lang="nb")``, ``HandBuilder(rules=PHASE10)``; ``builder.model`` is the ``HandModel``
    to give the other components.
    """

    def __init__(self, model: HandModel | None = None, *, rules: Rules | None = None, lang: str | None = None, **kwargs: Any) -> None:
        self.model = model if model is not None else HandModel(lang=lang or "en", rules=rules or UPTO9)
        if lang is not None:
            self.model.lang = lang
        if rules is not None:
            self.model.rules = rules
        self._title = w.HTML()
        self._help = w.HTML()
        # The table size: a ToggleButtons of the rules' table sizes (40 px targets on a phone, style.css).
        self._players = w.ToggleButtons(style={"button_width": "2.6em"})
        self._players.add_class("u9-players")
        self._resizing = False
        self._players.observe(guard(self, self._players_picked), names="value")
        self._table = w.HTML()
        self._grids: dict[str, tuple[w.Box, dict[PlayingCard, w.Button]]] = {}
        self._grid = w.Box()
        self._text = w.Text(continuous_update=False, layout=w.Layout(width="100%", max_width="46em"))
        self._text.observe(guard(self, self._typed), names="value")
        self._message = w.HTML()
        self._sort_suit = w.Button(icon="sort")
        self._sort_suit.on_click(guard(self, lambda _b: self.model.sort("suit")))
        self._sort_rank = w.Button(icon="sort-numeric-asc")
        self._sort_rank.on_click(guard(self, lambda _b: self.model.sort("rank")))
        self._clear = w.Button(icon="times", button_style="warning")
        self._clear.on_click(guard(self, lambda _b: self.model.clear()))
        self._deal_small = w.Button(icon="random", button_style="info")
        self._deal_small.on_click(guard(self, lambda _b: self.model.deal(self.model.rules.hand_size)))
        self._deal_large = w.Button(icon="random", button_style="info")
        self._deal_large.on_click(guard(self, lambda _b: self.model.deal(self.model.rules.hand_size + 1)))
        # A text read exactly (a browser's number box turns a typed "1.5" into 15 without a word).
        self._seed = GameNumber(value=self.model.seed, layout=w.Layout(width="11em"))
        self._seed.observe(guard(self, self._seed_typed), names="value")
        self._seed_error = w.HTML()
        self._hand = w.HTML()
        self._counts: dict[PlayingCard, int] = {}
        self._lang_shown = ""
        super().__init__(
            [
                style_tag(),
                self._title,
                self._help,
                w.HBox([self._players, self._table], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._grid,
                w.HBox([self._text], layout=w.Layout(width="100%")),
                self._message,
                w.HBox([self._sort_suit, self._sort_rank, self._clear, self._deal_small, self._deal_large, self._seed], layout=w.Layout(flex_flow="row wrap")),
                self._seed_error,
                self._hand,
            ],
            **kwargs,
        )
        self.add_class("u9")
        self.model.observe(guard(self, self.update), names=["cards", "error", "dealt", "lang", "players", "rules", "seed"])
        self.update()

    def _seed_typed(self, _change: Any) -> None:
        """The deal number typed: taken when it is a whole number in range, else refused in words
        under the box (the next deal keeps its number)."""
        typed = self._seed.typed(MAX_DEAL)
        if isinstance(typed, int):
            self.model.seed = typed
        self._show_seed_error()

    def _show_seed_error(self) -> None:
        typed = self._seed.typed(MAX_DEAL)
        if isinstance(typed, int) or typed == str(self.model.seed):  # (a model's own number past the box's range stands)
            self._seed_error.value = ""
            return
        texts = TEXTS[str(self.model.lang)]
        said = texts["bad_seed"].format(typed=as_typed(typed).strip('"'), top=number_text(MAX_DEAL, str(self.model.lang), 0), seed=self.model.seed)
        self._seed_error.value = f'<div class="u9-error" role="alert">⚠ {escape(said)}</div>'

    @property
    def _buttons(self) -> dict[PlayingCard, w.Button]:
        """The grid's card buttons for the hand's rule set (built once per card model)."""
        return self._grid_of(self.model.rules)[1]

    def _grid_of(self, rules: Rules) -> tuple[w.Box, dict[PlayingCard, w.Button]]:
        family = rules.family
        if family not in self._grids:
            buttons: dict[PlayingCard, w.Button] = {}
            specials: list[w.Button] = []  # cards with a tag (Phase 10's wild card, skip): a row of their own, wide enough for their names
            for cards in grid_cards(rules):
                for card in cards:
                    special = family_for(card).card_look(card).tag is not None
                    layout = (
                        w.Layout(width="9em", height="2.5em", margin="0 3px 0 0")
                        if special
                        else w.Layout(width="auto", height="2.5em", padding="0", margin="0")
                    )
                    button = w.Button(layout=layout)
                    button.on_click(guard(self, lambda _b, card=card: self.model.click(card)))
                    buttons[card] = button
                    if special:
                        specials.append(button)
            numbers = [b for b in buttons.values() if b not in specials]
            columns = len(grid_cards(rules)[0])
            grid = w.GridBox(
                numbers,
                layout=w.Layout(grid_template_columns=f"repeat({columns}, minmax(2.5em, 1fr))", grid_gap="3px", max_width="46em"),
            )
            grid.add_class("u9-cardgrid")  # on a phone the grid wraps each suit into two rows (style.css)
            grid.add_class(f"u9-cols{columns}")
            box = w.VBox([grid, w.HBox(specials, layout=w.Layout(margin="3px 0 0 0"))]) if specials else grid
            self._grids[family] = (box, buttons)
        return self._grids[family]

    def _players_picked(self, change: Any) -> None:
        if not self._resizing and change["new"] is not None and change["new"] != self.model.players:
            self.model.players = change["new"]

    def _typed(self, change: Any) -> None:
        if change["new"] != self.model.text or self.model.error:  # the hand's own text typed back after a bad one clears the error
            self.model.set_text(change["new"])
            self.update()

    def update(self, change: Any = None) -> None:
        """Show the model: the grid's picked cards and badges, the text, the message, the hand."""
        model = self.model
        lang = str(model.lang)
        texts = TEXTS[lang]
        counts = model.counts()
        rules = model.rules
        grid = self._grid_of(rules)[0]
        relabel = lang != self._lang_shown or self._grid.children != (grid,) or (change is not None and change["name"] in ("lang", "rules", "players", "seed"))
        if relabel:
            self._lang_shown = lang
            self._grid.children = (grid,)
            self._help.value = f'<div class="u9-note">{typed_html(worded(texts, "help", rules))}</div>'
            self._text.description = texts["text"]
            self._text.placeholder = worded(texts, "placeholder", rules)
            self._seed.description = texts["seed"]
            if isinstance(self._seed.typed(MAX_DEAL), int) and self._seed.value != str(model.seed):
                self._seed.value = str(model.seed)  # a deal moves the number on
            self._show_seed_error()
            self._sort_suit.description = worded(texts, "sort_suit", rules)
            self._sort_rank.description = worded(texts, "sort_rank", rules)
            self._clear.description = texts["clear"]
            sizes = list(range(rules.min_players, rules.max_players + 1))
            if list(self._players.options) != sizes:
                self._resizing = True  # new options reset the value: not a learner's choice
                try:
                    self._players.options = sizes
                finally:
                    self._resizing = False
            self._players.value = model.players
            self._players.description = texts["players"]
            self._players.tooltips = [texts["players_tip"]] * len(sizes)
            table = texts["table"].format(n=model.players, decks=render(Message("card.decks", n=model.max_copies), lang))
            self._table.value = f'<span class="u9-note">{escape(table)}</span>'
            decks = model.max_copies
            for button, n in ((self._deal_small, model.rules.hand_size), (self._deal_large, model.rules.hand_size + 1)):
                button.description = texts["deal"].format(n=n)
                button.tooltip = texts["deal_tip"].format(n=n, decks=decks, seed=model.seed)
            for card, button in self._buttons.items():
                style_card_button(button, card, counts.get(card, 0), lang)
        else:
            for card in set(counts) | {c for c, n in self._counts.items() if n}:
                if counts.get(card, 0) != self._counts.get(card, 0):
                    style_card_button(self._buttons[card], card, counts.get(card, 0), lang)
        self._counts = dict(counts)
        size = len(model.cards)
        count = texts["count_one"] if size == 1 else texts["count"].format(n=size)
        self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])} <span class='u9-note'>· {escape(count)}</span></h3>"
        boxed = model.typed if model.error and model.typed is not None else model.text
        if (not model.error or model.typed is not None) and self._text.value != boxed:
            self._text.value = boxed  # the hand's text, or the text refused (kept while the hand waits for a table that holds it)
        waits = False
        if model.error:
            refusal = model.refusal or Message("raw", text=model.error)
            refused = refusal_sentence(refusal, lang, rules)
            waits = not model.cards and refusal.key == "card.copies.more"  # a larger table would hold it
            after = texts["set_aside" if waits else "unchanged"]
            self._message.value = f'<div class="u9-error" role="alert">⚠ {escape(refused)} {escape(after)}</div>'
        elif model.dealt:
            dealt = texts["dealt"].format(n=model.dealt[0], seed=model.dealt[1])
            self._message.value = f'<div class="u9-note" role="status">{escape(dealt)}</div>'
        else:
            self._message.value = ""
        if model.cards:
            self._hand.value = card_row((card_html(c, lang=lang) for c in model.cards), row_label=texts["hand_row"])
        elif waits and model.typed:  # not an empty hand: one this table's decks cannot hold, kept for a larger table
            self._hand.value = f'<div class="u9-note">{escape(texts["waiting"].format(text=model.typed.strip()))}</div>'
        else:
            self._hand.value = f'<div class="u9-note">{escape(texts["empty"])}</div>'


assert set(TEXTS) == set(LANGS)
