"""The Picture cards rules tour's views (``notebooks/8_picture_cards_tour.ipynb``): live examples and
"predict, then reveal" questions, every number the engine's (``upto9.families.picture_cards``).

* ``DealNote``: the text's deal asked of the engine, which refuses it in words, and the readings it plays.
* ``PictureScore``: a picture card with number cards on it, its score (``card_score``) and the cards that count.
* ``ScoreQuestion``: "what does this picture card score?": tap a number, then the engine's answer and why.
* ``SuitsExample``: a table's suits (``standing``): each player's best picture card of a suit, who wins it, ties.
* ``StopOrDraw``: a position from a game: stop or draw? then the exact chance that the next card
  ends the turn (``end_chance``, counted from the visible cards) and what the best stopping rule does.
* ``TurnDemo``: moves played on a real round, told step by step (a 2 or 3, an ace, the five-card move).
* ``GameEnd``: a game played by bots to one of its ends, and why it ended.

Every view has a ``lang`` ('en' or 'nb') that the page's switch sets. The views ask the engine;
none restates a rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from html import escape
from typing import Any, Final

import ipywidgets as w

from upto9.cards import Card, Rank, Suit, full_deck, parse_card, parse_hand
from upto9.families.picture_cards.bot import BestStopBot, Board, cheapest_loss, end_chance
from upto9.families.picture_cards.family import FAMILY
from upto9.families.picture_cards.game import (
    BUST,
    Drew,
    Ended,
    Lose,
    Lost,
    Move,
    PictureRound,
    PictureView,
    Placed,
    Record,
    Shifted,
    Stage,
    Stayed,
    Stopped,
    card_score,
    counted,
    is_low,
    standing,
)
from upto9.messages import Message, message_of, render
from upto9.rules import Rules, RulesError, rules_from_dict

from .._common import OwnLanguage, guard
from ..cards_html import card_html, card_row
from ..nav import explainer, page_url, site_explainers
from ..texts import LANGS, check_lang, percent_text

__all__ = [
    "TEXTS",
    "AceChoice",
    "DealNote",
    "GameEnd",
    "PageLink",
    "PictureScore",
    "ScoreQuestion",
    "StopOrDraw",
    "SuitsExample",
    "TurnDemo",
    "end_game",
    "positions",
    "score_choices",
]

NAMES: Final = ("Per", "Lise", "Kari")
"""The players' names, as the text names its two (PC16)."""

TEXT_DEAL: Final = {2: 6, 3: 5}
"""The picture cards the text deals each player (PC3): not the engine's, which refuses them (``DealNote``)."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "scores": "{picture} scores {score}",
        "base": "{picture} alone: {base}",
        "counts": "Counted: {cards} (+{total})",
        "not_counted": "Not counted: {cards}",
        "nothing_on": "No number cards on it.",
        "why_K": "A king scores {base} plus the number cards of its own suit (PC12).",
        "why_Q": (
            "A queen scores {base} plus the cards of her suit, plus every card whose number occurs {pairs} times or more on her; a card counts once (PC13)."
        ),
        "why_J": "A jack scores {base} plus every number card on it (PC14).",
        "question_score": "What does this picture card score?",
        "reveal": "Predict first: tap a number, and the engine reveals the score and why.",
        "you_right": "Right!",
        "you_wrong": "Not quite.",
        "you_said": "You said {answer}; the engine says {score}.",
        "try_again": "Try again",
        "suit": "Suit",
        "winner": "Wins the suit",
        "nobody": "nobody (a tie)",
        "suits_won": "{name}: {n} suits, {points} points in them",
        "suits_won_one": "{name}: 1 suit, {points} points in it",
        "wins_game": "{name} wins the game.",
        "draw": "Still level on suits and on points in them: the game is a draw (picture ruling 9).",
        "best_counts": "★ counts for its suit",
        "pictures_of": "{name}'s picture cards",
        "question_stop": "Your turn (you are {name}). Stop, or draw one more?",
        "stop": "Stop",
        "draw_more": "Draw one more",
        "drawn": "Drawn this turn",
        "pile": "The number pile: {n} cards. Aces: {aces}; 2s and 3s: {low}; 4 to 10: {safe}.",
        "chance": "The chance that the next card ends your turn: {k} of {n} cards, {p} (exact: counted from the pile, which everyone may see).",
        "best_stop": "The best stopping rule stops here.",
        "best_draw": "The best stopping rule draws one more here.",
        "same": "You chose as it does.",
        "other": (
            "It chose otherwise: it weighs what drawing on can add against what a 2, a 3 or an ace would cost, counted from the pile. "
            "One turn can go either way."
        ),
        "you_chose": "You chose: {choice}.",
        "another": "Another position",
        "stop_reveal": "Predict first: stop or draw, and the engine reveals the chance and the best play.",
        "position": "Position {n} of {total}",
        "before": "Before",
        "after": "After",
        "steps": "What happens",
        "drew": "{name} draws {card}.",
        "drew_back": "{name}'s first card {back} goes back into the pile, which is shuffled (PC11).",
        "bust": "A {rank}: {name}'s turn ends. The cards drawn this turn go back into the pile; the {rank} is laid aside face up (PC9).",
        "ace": "An ace: {name} loses a picture card with every card on it (PC10).",
        "stopped": "{name} stops.",
        "placed": "{name} puts {card} on {picture}.",
        "lost": "The ace takes {picture}{with_cards}; the picture card and the ace leave the game, the number cards go back into the pile (PC10).",
        "with_cards": " with {cards}",
        "shifted": "Five cards drawn: {name} moves {card} from {source} to {target} (the five-card move, PC8).",
        "stayed": "{name} lets the five-card move pass.",
        "end_aces_gone": "The game ends: the number pile holds no ace and no more than {low} cards that are 2s or 3s (PC18, picture ruling 7).",
        "end_pile_empty": "The game ends: the number pile is empty (picture ruling 7).",
        "end_only_low": "The game ends: only aces, 2s and 3s are left in the number pile (picture ruling 6).",
        "end_third_ace": "The game ends: {name} drew their third ace (PC19).",
        "end_no_pictures": "The game ends: nobody has a picture card left (picture ruling 8).",
        "aside": "Laid aside (2s and 3s): {cards}",
        "out": "Out of the game: {cards}",
        "none": "none",
        "aces_drawn": "Aces drawn: {counts}",
        "turns": "{turns} turns.",
        "text_deal": "The text: {players} players get {deal} picture cards each.",
        "refused": "✘ The engine refuses it: {reason}.",
        "ruling": "The suite plays picture ruling 1: everyone gets {deal} picture cards, dealt one at a time; what is left leaves the game unseen.",
        "house_title": "House rules that give the choice the text meant (the engine deals them):",
        "house_all_suits": "Two players keep all four suits and are dealt {deal} each: {needed} of {pile} picture cards.",
        "house_two_decks": "Two decks' picture cards: {players} players dealt {deal} each: {needed} of {pile}.",
        "dealt_ok": "✔",
        "served_only": "only on the served site, not on this one",
        "question_ace": "{name} drew an ace. Which picture card should the ace take?",
        "ace_reveal": "Predict first: tap a picture card, and the engine plays the loss.",
        "ace_best": "Costs the least in the suits: {cards}. The bots give up {card}.",
        "points_of": "{name}'s points in each suit",
    },
    "nb": {
        "scores": "{picture} gir {score}",
        "base": "{picture} alene: {base}",
        "counts": "Teller: {cards} (+{total})",
        "not_counted": "Teller ikke: {cards}",
        "nothing_on": "Ingen tallkort på det.",
        "why_K": "En konge gir {base} pluss tallkortene i sin egen sort (PC12).",
        "why_Q": (
            "En dame gir {base} pluss kortene i sin sort, pluss hvert kort med et tall som finnes {pairs} ganger eller mer på henne; "
            "et kort teller én gang (PC13)."
        ),
        "why_J": "En knekt gir {base} pluss alle tallkortene på den (PC14).",
        "question_score": "Hvor mange poeng gir dette bildekortet?",
        "reveal": "Tipp først: trykk på et tall, så viser motoren poengene og hvorfor.",
        "you_right": "Riktig!",
        "you_wrong": "Ikke helt.",
        "you_said": "Du svarte {answer}; motoren sier {score}.",
        "try_again": "Prøv igjen",
        "suit": "Sort",
        "winner": "Vinner sorten",
        "nobody": "ingen (uavgjort)",
        "suits_won": "{name}: {n} sorter, {points} poeng i dem",
        "suits_won_one": "{name}: 1 sort, {points} poeng i den",
        "wins_game": "{name} vinner spillet.",
        "draw": "Fortsatt likt på sorter og på poeng i dem: spillet er uavgjort (avgjørelse 9).",
        "best_counts": "★ teller for sorten",
        "pictures_of": "Bildekortene til {name}",
        "question_stop": "Din tur (du er {name}). Stoppe, eller trekke ett til?",
        "stop": "Stopp",
        "draw_more": "Trekk ett til",
        "drawn": "Trukket denne turen",
        "pile": "Tallbunken: {n} kort. Ess: {aces}; 2-ere og 3-ere: {low}; 4 til 10: {safe}.",
        "chance": "Sjansen for at neste kort avslutter turen din: {k} av {n} kort, {p} (nøyaktig: talt fra bunken, som alle kan se).",
        "best_stop": "Den beste stopperegelen stopper her.",
        "best_draw": "Den beste stopperegelen trekker ett til her.",
        "same": "Du valgte som den.",
        "other": (
            "Den valgte annerledes: den veier det et kort til kan gi, mot det en 2-er, en 3-er eller et ess ville koste, talt fra bunken. "
            "Én tur kan gå begge veier."
        ),
        "you_chose": "Du valgte: {choice}.",
        "another": "En annen stilling",
        "stop_reveal": "Tipp først: stopp eller trekk, så viser motoren sjansen og det beste valget.",
        "position": "Stilling {n} av {total}",
        "before": "Før",
        "after": "Etter",
        "steps": "Hva som skjer",
        "drew": "{name} trekker {card}.",
        "drew_back": "Det første kortet til {name}, {back}, går tilbake i bunken, som stokkes (PC11).",
        "bust": "En {rank}-er: turen til {name} er over. Kortene trukket denne turen går tilbake i bunken; {rank}-eren legges til side med forsiden opp (PC9).",
        "ace": "Et ess: {name} mister et bildekort med alle kortene på det (PC10).",
        "stopped": "{name} stopper.",
        "placed": "{name} legger {card} på {picture}.",
        "lost": "Esset tar {picture}{with_cards}; bildekortet og esset går ut av spillet, tallkortene går tilbake i bunken (PC10).",
        "with_cards": " med {cards}",
        "shifted": "Fem kort trukket: {name} flytter {card} fra {source} til {target} (femkortstrekket, PC8).",
        "stayed": "{name} lar femkortstrekket gå.",
        "end_aces_gone": "Spillet er slutt: tallbunken har ingen ess og ikke mer enn {low} kort som er 2-ere eller 3-ere (PC18, avgjørelse 7).",
        "end_pile_empty": "Spillet er slutt: tallbunken er tom (avgjørelse 7).",
        "end_only_low": "Spillet er slutt: bare ess, 2-ere og 3-ere er igjen i tallbunken (avgjørelse 6).",
        "end_third_ace": "Spillet er slutt: {name} trakk sitt tredje ess (PC19).",
        "end_no_pictures": "Spillet er slutt: ingen har bildekort igjen (avgjørelse 8).",
        "aside": "Lagt til side (2-ere og 3-ere): {cards}",
        "out": "Ute av spillet: {cards}",
        "none": "ingen",
        "aces_drawn": "Ess trukket: {counts}",
        "turns": "{turns} turer.",
        "text_deal": "Teksten: {players} spillere får {deal} bildekort hver.",
        "refused": "✘ Motoren nekter: {reason}.",
        "ruling": "Her spilles avgjørelse 1: alle får {deal} bildekort, delt ut ett og ett; det som blir igjen, går usett ut av spillet.",
        "house_title": "Husregler som gir valget teksten mente (motoren deler dem ut):",
        "house_all_suits": "To spillere beholder alle fire sortene og får {deal} hver: {needed} av {pile} bildekort.",
        "house_two_decks": "Bildekortene fra to kortstokker: {players} spillere får {deal} hver: {needed} av {pile}.",
        "dealt_ok": "✔",
        "served_only": "bare på nettstedet med server, ikke her",
        "question_ace": "{name} trakk et ess. Hvilket bildekort bør esset ta?",
        "ace_reveal": "Tipp først: trykk på et bildekort, så spiller motoren tapet.",
        "ace_best": "Koster minst i sortene: {cards}. Robotene gir fra seg {card}.",
        "points_of": "Poengene til {name} i hver sort",
    },
}
assert set(TEXTS) == set(LANGS) and all(set(TEXTS[lang]) == set(TEXTS["en"]) for lang in LANGS)

_SUIT_WORDS: Final = {
    "en": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
    "nb": {Suit.SPADES: "spar", Suit.HEARTS: "hjerter", Suit.DIAMONDS: "ruter", Suit.CLUBS: "kløver"},
}
_RANK_WORDS: Final = {"en": {"K": "king", "Q": "queen", "J": "jack"}, "nb": {"K": "konge", "Q": "dame", "J": "knekt"}}

# A counted card is framed in green (the verdict colour), so the difference shows without colour too:
# the sentence under the cards names them.
_CSS: Final = """<style>
.u9-pc-on { display:inline-flex; flex-wrap:wrap; align-items:center; gap:.25em; }
.u9-pc-counts { outline:3px solid #2e7d32; outline-offset:1px; border-radius:6px; }
.u9-pc-best { font-weight:700; color:#2e7d32; }
.u9-pc-seats { display:flex; flex-wrap:wrap; align-items:center; gap:.1em 1.4em; }
.u9-pc-seat { margin:.3em 0; }
ol.u9-pc-steps { padding-left:2.2em; }
.u9-pc-line { margin:.15em 0; font-size:max(15px, 1em); }
.u9-pc-steps { margin:.2em 0; padding-left:1.3em; font-size:max(15px, 1em); }
.u9-pc-table td, .u9-pc-table th { font-size:max(15px, 1em); }
.u9-pc-link { display:inline-flex; align-items:center; min-height:44px; font-size:16px; color:#0b5c8a; }
</style>"""

_TAP: Final = "44px"
"""A tap target's height on a phone."""


def _rules() -> Rules:
    return FAMILY.rules


def _seat_first(rules: Rules) -> Rules:
    """The rule set with the first seat starting (picture ruling 2's other value), so a demo knows who draws."""
    return rules_from_dict({**rules.to_dict(), "first_player": "seat_0"}, "<picture tour>")


def _glyphs(cards: Sequence[Card], lang: str) -> str:
    return " ".join(c.glyph for c in cards) if cards else TEXTS[lang]["none"]


def _picture_html(picture: Card, cards: Sequence[Card], rules: Rules, lang: str, *, marks: bool = True) -> str:
    """A picture card, the number cards on it (the counted ones framed), and its score."""
    counts = counted(picture, cards, rules) if marks else ()
    left = list(counts)
    drawn = []
    for card in cards:
        framed = card in left
        if framed:
            left.remove(card)
        drawn.append(f'<span class="u9-pc-counts">{card_html(card, lang=lang)}</span>' if framed else card_html(card, lang=lang))
    score = card_score(picture, cards, rules)
    return f'<span class="u9-pc-on">{card_html(picture, lang=lang)}{"".join(drawn)}<b class="u9-pc-line">= {score}</b></span>'


def _score_why(picture: Card, cards: Sequence[Card], rules: Rules, lang: str) -> str:
    """Why the picture card scores what it does: its base, the cards counted and not, the rule."""
    t = TEXTS[lang]
    base = card_score(picture, [], rules)
    counts = counted(picture, cards, rules)
    rest = list(cards)
    for card in counts:
        rest.remove(card)
    fields = rules.fields
    pairs = getattr(fields, "queen_pairs", 2)
    lines = [
        t["scores"].format(picture=picture.glyph, score=card_score(picture, cards, rules)),
        t["base"].format(picture=picture.glyph, base=base),
    ]
    if not cards:
        lines.append(t["nothing_on"])
    else:
        if counts:
            lines.append(t["counts"].format(cards=_glyphs(counts, lang), total=sum(int(c.rank) for c in counts)))
        if rest:
            lines.append(t["not_counted"].format(cards=_glyphs(rest, lang)))
    rank = {11: "J", 12: "Q", 13: "K"}[int(picture.rank)]
    lines.append(t[f"why_{rank}"].format(base=base, pairs=pairs))
    head, *body = lines
    items = "".join(f"<li>{escape(line)}</li>" for line in body)
    return f"<div class='u9-pc-line'><b>{escape(head)}</b></div><ul class='u9-pc-steps'>{items}</ul>"


def _explained(picture: Card, cards: Sequence[Card], rules: Rules, lang: str) -> str:
    return f"<div class='u9-example'>{_picture_html(picture, cards, rules, lang)}{_score_why(picture, cards, rules, lang)}</div>"


class _View(OwnLanguage, w.HTML):  # type: ignore[misc]
    """An HTML view that redraws itself in its language."""

    def __init__(self, lang: str = "en") -> None:
        self._lang = check_lang(lang)
        super().__init__()
        self.add_class("u9")

    def redraw(self) -> None:
        self.value = _CSS + self.html(self._lang)

    def html(self, lang: str) -> str:
        raise NotImplementedError


def _cards(text: str | Sequence[Card]) -> tuple[Card, ...]:
    return parse_hand(text) if isinstance(text, str) else tuple(text)


def _picture(text: str | Card) -> Card:
    card = parse_card(text) if isinstance(text, str) else text
    if card.rank < 11:
        raise ValueError(f"{card.glyph} is no picture card: give a jack, queen or king")
    return card


class PictureScore(_View):
    """A picture card with number cards on it, its score (``card_score``) and why:
    ``PictureScore("Kh", "5h 7d")`` (the text's king: 25)."""

    def __init__(self, picture: str | Card, cards: str | Sequence[Card], *, rules: Rules | None = None, lang: str = "en") -> None:
        self.picture = _picture(picture)
        self.cards = _cards(cards)
        self.rules = rules or _rules()
        super().__init__(lang)
        self.redraw()

    @property
    def score(self) -> int:
        """The engine's score."""
        return card_score(self.picture, self.cards, self.rules)

    def html(self, lang: str) -> str:
        return _explained(self.picture, self.cards, self.rules, lang)


def score_choices(picture: Card, cards: Sequence[Card], rules: Rules) -> tuple[int, ...]:
    """The numbers a "what does it score?" question offers, sorted: the engine's score, what a king,
    queen and jack of the same suit would score with the same cards, and every card counted.

    >>> from upto9.families.picture_cards.family import FAMILY
    >>> score_choices(parse_card("Kh"), parse_hand("5h 7d"), FAMILY.rules)
    (12, 15, 25, 32)
    """
    others = {card_score(Card(rank, picture.suit), cards, rules) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING)}
    everything = card_score(picture, [], rules) + sum(int(c.rank) for c in cards)
    return tuple(sorted({card_score(picture, cards, rules), *others, everything}))


class ScoreQuestion(OwnLanguage, w.VBox):  # type: ignore[misc]
    """ "What does this picture card score?": the card and the number cards on it, a button per
    choice (``score_choices``); a tap reveals the engine's score and why. ``try_again`` opens it again."""

    def __init__(self, picture: str | Card, cards: str | Sequence[Card], *, rules: Rules | None = None, lang: str = "en") -> None:
        self.picture = _picture(picture)
        self.cards = _cards(cards)
        self.rules = rules or _rules()
        self.choices = score_choices(self.picture, self.cards, self.rules)
        self.answer: int | None = None
        self._lang = check_lang(lang)
        self._question = w.HTML()
        self._buttons = [w.Button(description=str(n), layout=w.Layout(width="auto", min_width="64px", min_height=_TAP)) for n in self.choices]
        for n, button in zip(self.choices, self._buttons, strict=True):
            button.add_class("u9-pc-choice")
            button.on_click(guard(self, lambda _b, n=n: self.pick(n)))
        self._again = w.Button(icon="undo", layout=w.Layout(width="auto", min_height=_TAP, display="none"))
        self._again.add_class("u9-predict-again")
        self._again.on_click(guard(self, lambda _b: self.try_again()))
        self._reveal = w.HTML()
        self._reveal.add_class("u9-reveal")
        super().__init__(
            [self._question, w.HBox([*self._buttons, self._again], layout=w.Layout(flex_flow="row wrap")), self._reveal],
            layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"),
        )
        self.add_class("u9")
        self.add_class("u9-predict")
        self.redraw()

    @property
    def score(self) -> int:
        """The engine's score."""
        return card_score(self.picture, self.cards, self.rules)

    def pick(self, answer: int) -> None:
        """The learner's prediction: reveals the engine's score; kept until ``try_again``."""
        if self.answer is not None:
            return
        if answer not in self.choices:
            raise ValueError(f"{answer} is not one of the choices {self.choices}")
        self.answer = answer
        self.redraw()

    def try_again(self) -> None:
        self.answer = None
        self.redraw()

    def redraw(self) -> None:
        lang, t = self._lang, TEXTS[self._lang]
        mark = (
            '<span aria-hidden="true" style="display:inline-block;width:1.4em;border-radius:50%;'
            'background:#6a1b9a;color:#fff;text-align:center;font-weight:800">?</span>'
        )
        shown = card_row([_picture_html(self.picture, self.cards, self.rules, lang, marks=False).replace(f'<b class="u9-pc-line">= {self.score}</b>', "")])
        self._question.value = f"{_CSS}<div class='u9-pc-line'>{mark} <b>{escape(t['question_score'])}</b></div>{shown}"
        right = self.score if self.answer is not None else None
        for n, button in zip(self.choices, self._buttons, strict=True):
            if right is None:
                button.description, button.button_style = str(n), ""
            elif n == right:
                button.description, button.button_style = f"✔ {n}", "success"
            elif n == self.answer:
                button.description, button.button_style = f"✘ {n}", "danger"
            else:
                button.description, button.button_style = str(n), ""
            button.disabled = right is not None
        self._again.description = t["try_again"]
        self._again.layout.display = "none" if right is None else None
        if self.answer is None:
            self._reveal.value = f"<div class='u9-note'>{escape(t['reveal'])}</div>"
            return
        head = t["you_right" if self.answer == self.score else "you_wrong"]
        said = t["you_said"].format(answer=self.answer, score=self.score)
        body = _explained(self.picture, self.cards, self.rules, lang)
        self._reveal.value = f"{_CSS}<div class='u9-pc-line' role='status'><b>{escape(head)}</b> {escape(said)}</div>{body}"


def _suit_name(suit: Suit, lang: str) -> str:
    return f"{suit.glyph} {_SUIT_WORDS[lang][suit]}"


class SuitsExample(_View):
    """A table's suits (PC5, PC15-PC17, picture ruling 9) as ``standing`` counts them: each player's
    picture cards with the cards on them (the one that counts for its suit starred), each suit's
    points per player and its winner, and who wins the game. ``seats`` per player: pairs of a
    picture card and the cards on it, ``[("Ks", "10s 9s 6s"), ...]``; ``names`` name the players."""

    def __init__(
        self,
        seats: Sequence[Sequence[tuple[str, str]]],
        *,
        names: Sequence[str] = NAMES,
        players: int | None = None,
        rules: Rules | None = None,
        lang: str = "en",
    ) -> None:
        if not 2 <= len(seats) <= len(NAMES) or len(names) < len(seats):
            raise ValueError(f"give 2 or 3 players' picture cards, and a name for each; got {len(seats)} players")
        self.rules = rules or _rules()
        self.names = tuple(names[: len(seats)])
        self.pictures = [[_picture(p) for p, _ in seat] for seat in seats]
        self.placed = [[_cards(c) for _, c in seat] for seat in seats]
        count = players or len(seats)
        gone = self.rules.fields.removed(count)  # type: ignore[attr-defined]
        self.suits = tuple(s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s != gone)
        super().__init__(lang)
        self.redraw()

    @property
    def standing(self) -> Any:
        """The engine's standing of the table (``standing``)."""
        return standing(self.pictures, self.placed, self.suits, self.rules)

    def html(self, lang: str) -> str:
        t = TEXTS[lang]
        s = self.standing
        seats = []
        for p, name in enumerate(self.names):
            rows = []
            for picture, cards in zip(self.pictures[p], self.placed[p], strict=True):
                row = s.suits.index(picture.suit) if picture.suit in s.suits else None
                best = row is not None and card_score(picture, cards, self.rules) == s.points[row][p]
                others = [c for c, on in zip(self.pictures[p], self.placed[p], strict=True) if c.suit == picture.suit]
                star = f" <span class='u9-pc-best'>{escape(t['best_counts'])}</span>" if best and len(others) > 1 else ""
                rows.append(f"<div class='u9-pc-seat'>{_picture_html(picture, cards, self.rules, lang)}{star}</div>")
            seats.append(f"<div class='u9-pc-line'><b>{escape(t['pictures_of'].format(name=name))}</b></div><div class='u9-pc-seats'>{''.join(rows)}</div>")
        head = "".join(f"<th>{escape(n)}</th>" for n in self.names)
        body = []
        for i, suit in enumerate(s.suits):
            winner = s.suit_winners[i]
            who = t["nobody"] if winner is None else self.names[winner]
            cells = "".join(f"<td>{'<b>' + str(v) + '</b>' if winner == p else v}</td>" for p, v in enumerate(s.points[i]))
            body.append(f"<tr><td>{escape(_suit_name(suit, lang))}</td>{cells}<td>{escape(who)}</td></tr>")
        table = (
            f"<div class='u9-table-scroll'><table class='u9-table u9-pc-table'><tr><th>{escape(t['suit'])}</th>{head}<th>{escape(t['winner'])}</th></tr>"
            f"{''.join(body)}</table></div>"
        )
        won = [t["suits_won_one" if s.won[p] == 1 else "suits_won"].format(name=name, n=s.won[p], points=s.won_points[p]) for p, name in enumerate(self.names)]
        result = t["draw"] if s.draw else t["wins_game"].format(name=self.names[s.winners[0]])
        summary = "".join(f"<li>{escape(line)}</li>" for line in won)
        verdict = f"<div class='u9-pc-line' role='status'><b>{escape(result)}</b></div>"
        return f"<div class='u9-example'>{''.join(seats)}{table}<ul class='u9-pc-steps'>{summary}</ul>{verdict}</div>"


# --- stop or draw --------------------------------------------------------------------------------


def _deck(seed: int | str) -> list[Card]:
    deck = list(full_deck())
    random.Random(f"picture tour:{seed}").shuffle(deck)
    return deck


@cache
def positions(count: int = 8) -> tuple[PictureView, ...]:
    """``count`` positions where the player to move holds cards drawn this turn (so the next card
    may end it), from two-player games of the best stopping rule, the best play alternating
    between drawing and stopping (a learner meets both).

    >>> views = positions(4)
    >>> [BestStopBot().stop(v) for v in views]
    [False, True, False, True]
    """
    found: list[PictureView] = []
    rules = _rules()
    seed = 0
    while len(found) < count and seed < 1000:
        rnd = PictureRound(rules, 2, 0, _deck(seed))
        bots = [BestStopBot(seed), BestStopBot(seed)]
        while not rnd.over and len(found) < count:
            view = rnd.view(rnd.turn)
            # Two cards held or more, and deep enough in the game that the chance has moved.
            if view.stage is Stage.DRAW and len(view.drawn) >= 2 and rnd.turns >= 6 and bots[0].stop(view) == (len(found) % 2 == 1):
                found.append(view)
                break  # one position a game: the positions differ
            rnd.play(bots[rnd.turn].act(view))
        seed += 1
    return tuple(found)


def _table_html(view: PictureView, names: Sequence[str], lang: str) -> str:
    t = TEXTS[lang]
    parts = []
    order = [view.player, *(p for p in range(len(view.pictures)) if p != view.player)]
    for p in order:
        rows = "".join(
            f"<div class='u9-pc-seat'>{_picture_html(c, view.placed[p][slot], view.rules, lang, marks=False)}</div>"
            for slot, c in enumerate(view.pictures[p])
            if c is not None
        )
        parts.append(f"<div class='u9-pc-line'><b>{escape(t['pictures_of'].format(name=names[p]))}</b></div><div class='u9-pc-seats'>{rows}</div>")
    return "".join(parts)


def _pile_line(view: PictureView, lang: str) -> str:
    aces = sum(int(c.rank) == 1 for c in view.pile)
    low = sum(c.rank in BUST for c in view.pile)
    return TEXTS[lang]["pile"].format(n=len(view.pile), aces=aces, low=low, safe=len(view.pile) - aces - low)


class StopOrDraw(OwnLanguage, w.VBox):  # type: ignore[misc]
    """ "Stop or draw?" on a position from a game (``positions``): the table, the cards drawn this
    turn and the number pile's make-up; the learner taps Stop or Draw; then the exact chance that
    the next card ends the turn (``end_chance``) and what the best stopping rule does
    (``BestStopBot``). "Another position" moves on."""

    def __init__(self, *, count: int = 8, lang: str = "en") -> None:
        self.views = positions(count)
        self.index = 0
        self.answer: bool | None = None  # True: stop
        self._lang = check_lang(lang)
        self._question = w.HTML()
        self._stop = w.Button(layout=w.Layout(width="auto", min_height=_TAP))
        self._draw = w.Button(layout=w.Layout(width="auto", min_height=_TAP))
        self._stop.add_class("u9-pc-stop")
        self._draw.add_class("u9-pc-draw")
        self._stop.on_click(guard(self, lambda _b: self.pick(True)))
        self._draw.on_click(guard(self, lambda _b: self.pick(False)))
        self._next = w.Button(icon="forward", layout=w.Layout(width="auto", min_height=_TAP))
        self._next.add_class("u9-pc-next")
        self._next.on_click(guard(self, lambda _b: self.another()))
        self._reveal = w.HTML()
        self._reveal.add_class("u9-reveal")
        super().__init__(
            [self._question, w.HBox([self._stop, self._draw, self._next], layout=w.Layout(flex_flow="row wrap")), self._reveal],
            layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"),
        )
        self.add_class("u9")
        self.add_class("u9-predict")
        self.redraw()

    @property
    def view(self) -> PictureView:
        return self.views[self.index]

    @property
    def chance(self) -> float:
        """The engine's chance that the next card ends the turn."""
        return end_chance(self.view)

    @property
    def best_stops(self) -> bool:
        """Whether the best stopping rule stops here."""
        return BestStopBot().stop(self.view)

    def pick(self, stop: bool) -> None:
        if self.answer is not None:
            return
        self.answer = stop
        self.redraw()

    def another(self) -> None:
        """The next position (after the last, the first again), its question open."""
        self.index = (self.index + 1) % len(self.views)
        self.answer = None
        self.redraw()

    def redraw(self) -> None:
        lang, t = self._lang, TEXTS[self._lang]
        view = self.view
        drawn = card_row((card_html(c, lang=lang) for c in view.drawn), t["drawn"])
        where = t["position"].format(n=self.index + 1, total=len(self.views))
        self._question.value = (
            f"{_CSS}<div class='u9-note'>{escape(where)}</div><div class='u9-pc-line'><b>{escape(t['question_stop'].format(name=NAMES[view.player]))}</b></div>"
            f"{_table_html(view, NAMES, lang)}{drawn}<div class='u9-pc-line'>{escape(_pile_line(view, lang))}</div>"
        )
        best = self.best_stops if self.answer is not None else None
        for button, says, key in ((self._stop, True, "stop"), (self._draw, False, "draw_more")):
            if best is None:
                button.description, button.button_style = t[key], ""
            elif says == best:
                button.description, button.button_style = f"✔ {t[key]}", "success"
            else:
                button.description, button.button_style = t[key], ""
            button.disabled = best is not None
        self._next.description = t["another"]
        if self.answer is None:
            self._reveal.value = f"<div class='u9-note'>{escape(t['stop_reveal'])}</div>"
            return
        k = sum(is_low(c) for c in view.pile)
        chance = t["chance"].format(k=k, n=len(view.pile), p=percent_text(self.chance, lang))
        chose = t["you_chose"].format(choice=t["stop" if self.answer else "draw_more"])
        verdict = t["best_stop" if best else "best_draw"]
        agree = t["same" if self.answer == best else "other"]
        lines = "".join(f"<div class='u9-pc-line'>{escape(x)}</div>" for x in (chose, chance, verdict, agree))
        self._reveal.value = f"<div class='u9-example' role='status'>{lines}</div>"


# --- a turn told step by step, and a game's end ----------------------------------------------------


def _step_text(record: Record, names: Sequence[str], lang: str) -> list[str]:
    t = TEXTS[lang]
    if isinstance(record, Drew):
        name = names[record.player]
        lines = [t["drew_back"].format(name=name, back=_glyphs(record.back, lang))] if record.back else []
        if record.card is None:
            return lines
        lines.append(t["drew"].format(name=name, card=record.card.glyph))
        if record.card.rank in BUST:
            lines.append(t["bust"].format(name=name, rank=int(record.card.rank)))
        elif int(record.card.rank) == 1:
            lines.append(t["ace"].format(name=name))
        return lines
    if isinstance(record, Stopped):
        return [t["stopped"].format(name=names[record.player])]
    if isinstance(record, Placed):
        return [t["placed"].format(name=names[record.player], card=record.card.glyph, picture="{picture}")]
    if isinstance(record, Lost):
        with_cards = t["with_cards"].format(cards=_glyphs(record.cards, lang)) if record.cards else ""
        return [t["lost"].format(picture=record.picture.glyph, with_cards=with_cards)]
    if isinstance(record, Shifted):
        return [t["shifted"].format(name=names[record.player], card=record.card.glyph, source="{source}", target="{target}")]
    if isinstance(record, Stayed):
        return [t["stayed"].format(name=names[record.player])]
    if isinstance(record, Ended):
        return [t[f"end_{record.reason}"].format(low="{low}", name="{name}")]
    return []


def _table_of(rnd: PictureRound, names: Sequence[str], lang: str) -> str:
    t = TEXTS[lang]
    parts = []
    for p in range(rnd.players):
        rows = "".join(
            f"<div class='u9-pc-seat'>{_picture_html(c, rnd.placed[p][slot], rnd.rules, lang, marks=False)}</div>"
            for slot, c in enumerate(rnd.pictures[p])
            if c is not None
        )
        parts.append(f"<div class='u9-pc-line'><b>{escape(t['pictures_of'].format(name=names[p]))}</b></div><div class='u9-pc-seats'>{rows}</div>")
    return "".join(parts)


class TurnDemo(_View):
    """Moves played on a real round, told step by step. The picture cards are dealt in the order
    ``pictures`` (one at a time from the first player, who starts), the number pile starts with
    ``numbers`` (top first); ``setup`` moves are played first and shown as the table "before",
    then ``moves``, each told in words, and the table after."""

    def __init__(self, pictures: str, numbers: str, setup: Sequence[Move], moves: Sequence[Move], *, players: int = 2, lang: str = "en") -> None:
        self.round = _dealt(pictures, numbers, players)
        for move in setup:
            self.round.play(move)
        self.before = _snapshot(self.round)
        steps: list[tuple[Record, dict[tuple[int, int], Card]]] = []
        for move in moves:
            # Which picture card lies in each slot before the move: a record names slots, the story names cards.
            held = {(p, s): c for p, seat in enumerate(self.round.pictures) for s, c in enumerate(seat) if c is not None}
            done = len(self.round.history)
            self.round.play(move)
            steps.extend((record, held) for record in self.round.history[done:])
        self.steps = tuple(steps)
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        t = TEXTS[lang]
        names = NAMES
        steps = []
        for record, held in self.steps:
            for line in _step_text(record, names, lang):
                if isinstance(record, Placed):
                    line = line.format(picture=held[(record.player, record.slot)].glyph)
                elif isinstance(record, Shifted):
                    line = line.format(source=held[(record.player, record.source)].glyph, target=held[(record.player, record.target)].glyph)
                elif isinstance(record, Ended):
                    line = line.format(low=self.round.fields.low_end, name=names[self.round.turn])
                steps.append(f"<li>{escape(line)}</li>")
        rnd = self.round
        after = [t["aside"].format(cards=_glyphs(rnd.aside, lang)), t["out"].format(cards=_glyphs(rnd.out, lang))]
        extra = "".join(f"<div class='u9-note'>{escape(line)}</div>" for line in after)
        return (
            f"<div class='u9-example'><div class='u9-pc-line'><b>{escape(t['before'])}</b></div>{self.before[lang]}"
            f"<div class='u9-pc-line'><b>{escape(t['steps'])}</b></div><ol class='u9-pc-steps'>{''.join(steps)}</ol>"
            f"<div class='u9-pc-line'><b>{escape(t['after'])}</b></div>{_table_of(rnd, names, lang)}{extra}</div>"
        )


def _snapshot(rnd: PictureRound) -> dict[str, str]:
    """The table drawn now, in each language (the round moves on)."""
    return {lang: _table_of(rnd, NAMES, lang) for lang in LANGS}


def _dealt(pictures: str, numbers: str, players: int) -> PictureRound:
    """A round whose picture cards are dealt in the order ``pictures`` (one at a time from the first
    player, who starts) and whose number pile starts with ``numbers`` (top first)."""
    first, top = parse_hand(pictures), parse_hand(numbers)
    rest = [c for c in full_deck() if c not in first and c not in top]
    return PictureRound(_seat_first(_rules()), players, 0, [*first, *top, *rest])


class AceChoice(OwnLanguage, w.VBox):  # type: ignore[misc]
    """ "An ace: which picture card do you give up?" (PC10, picture ruling 3). The round is played
    from ``pictures``, ``numbers`` and ``moves`` (``TurnDemo``'s) up to an ace; a button per picture
    card of the player; a tap plays the loss on the engine and shows the suits before and after
    (``standing``) and which card the bots give up (``cheapest_loss``: the one that costs least)."""

    def __init__(self, pictures: str, numbers: str, moves: Sequence[Move], *, players: int = 2, lang: str = "en") -> None:
        self.script = (pictures, numbers, tuple(moves), players)
        rnd = self._replayed()
        if rnd.stage is not Stage.LOSE:
            raise ValueError("the moves must end with an ace drawn: the player then chooses the picture card it takes")
        self.round = rnd
        self.seat = rnd.turn
        self.slots = [s for s, c in enumerate(rnd.pictures[self.seat]) if c is not None]
        self.best = cheapest_loss(rnd.view(self.seat))[0]
        board = Board(rnd.view(self.seat))
        least = board.worth_without(self.best)
        # Every card whose loss costs as little as the bots' choice is a right answer.
        self.best_slots = frozenset(s for s in self.slots if board.worth_without(s) >= least)
        self.answer: int | None = None
        self._lang = check_lang(lang)
        self._question = w.HTML()
        self._buttons = [w.Button(layout=w.Layout(width="auto", min_width="64px", min_height=_TAP)) for _ in self.slots]
        for slot, button in zip(self.slots, self._buttons, strict=True):
            button.add_class("u9-pc-lose")
            button.on_click(guard(self, lambda _b, slot=slot: self.pick(slot)))
        self._again = w.Button(icon="undo", layout=w.Layout(width="auto", min_height=_TAP, display="none"))
        self._again.add_class("u9-predict-again")
        self._again.on_click(guard(self, lambda _b: self.try_again()))
        self._reveal = w.HTML()
        self._reveal.add_class("u9-reveal")
        super().__init__(
            [self._question, w.HBox([*self._buttons, self._again], layout=w.Layout(flex_flow="row wrap")), self._reveal],
            layout=w.Layout(border="1px solid #ddd", padding=".4em", margin=".4em 0"),
        )
        self.add_class("u9")
        self.add_class("u9-predict")
        self.redraw()

    def _replayed(self) -> PictureRound:
        pictures, numbers, moves, players = self.script
        rnd = _dealt(pictures, numbers, players)
        for move in moves:
            rnd.play(move)
        return rnd

    def after(self, slot: int) -> PictureRound:
        """The round once the ace has taken the picture card in ``slot`` (played on a fresh copy)."""
        rnd = self._replayed()
        rnd.play(Lose(slot))
        return rnd

    def pick(self, slot: int) -> None:
        if self.answer is not None:
            return
        if slot not in self.slots:
            raise ValueError(f"slot {slot} holds no picture card of the player")
        self.answer = slot
        self.redraw()

    def try_again(self) -> None:
        self.answer = None
        self.redraw()

    def _suits_html(self, before: PictureRound, after: PictureRound, lang: str) -> str:
        t = TEXTS[lang]
        was, now = before.standing(), after.standing()
        name = NAMES[self.seat]
        rows = "".join(
            f"<tr><td>{escape(_suit_name(suit, lang))}</td><td>{was.points[i][self.seat]}</td><td>{now.points[i][self.seat]}</td>"
            f"<td>{escape(t['nobody'] if now.suit_winners[i] is None else NAMES[now.suit_winners[i]])}</td></tr>"  # type: ignore[index]
            for i, suit in enumerate(now.suits)
        )
        head = f"<tr><th>{escape(t['suit'])}</th><th>{escape(t['before'])}</th><th>{escape(t['after'])}</th><th>{escape(t['winner'])}</th></tr>"
        caption = t["points_of"].format(name=name)
        return (
            f"<div class='u9-pc-line'><b>{escape(caption)}</b></div><div class='u9-table-scroll'><table class='u9-table u9-pc-table'>{head}{rows}</table></div>"
        )

    def redraw(self) -> None:
        lang, t = self._lang, TEXTS[self._lang]
        rnd = self.round
        mark = (
            '<span aria-hidden="true" style="display:inline-block;width:1.4em;border-radius:50%;'
            'background:#6a1b9a;color:#fff;text-align:center;font-weight:800">?</span>'
        )
        drawn = card_row((card_html(c, lang=lang) for c in rnd.drawn), t["drawn"])
        question = t["question_ace"].format(name=NAMES[self.seat])
        self._question.value = f"{_CSS}<div class='u9-pc-line'>{mark} <b>{escape(question)}</b></div>{_table_of(rnd, NAMES, lang)}{drawn}"
        for slot, button in zip(self.slots, self._buttons, strict=True):
            picture = rnd.pictures[self.seat][slot]
            assert picture is not None
            label = f"{picture.glyph} ({card_score(picture, rnd.placed[self.seat][slot], rnd.rules)})"
            if self.answer is None:
                button.description, button.button_style = label, ""
            elif slot in self.best_slots:
                button.description, button.button_style = f"✔ {label}", "success"
            elif slot == self.answer:
                button.description, button.button_style = f"✘ {label}", "danger"
            else:
                button.description, button.button_style = label, ""
            button.disabled = self.answer is not None
        self._again.description = t["try_again"]
        self._again.layout.display = "none" if self.answer is None else None
        if self.answer is None:
            self._reveal.value = f"<div class='u9-note'>{escape(t['ace_reveal'])}</div>"
            return
        after = self.after(self.answer)
        lost = next(r for r in after.history if isinstance(r, Lost))
        said = " ".join(_step_text(lost, NAMES, lang))
        best = rnd.pictures[self.seat][self.best]
        assert best is not None
        head = t["you_right" if self.answer in self.best_slots else "you_wrong"]
        cheapest = [c for s in sorted(self.best_slots) if (c := rnd.pictures[self.seat][s]) is not None]
        verdict = t["ace_best"].format(cards=_glyphs(cheapest, lang), card=best.glyph)
        self._reveal.value = (
            f"{_CSS}<div class='u9-example' role='status'><div class='u9-pc-line'><b>{escape(head)}</b> {escape(said)}</div>"
            f"{self._suits_html(rnd, after, lang)}<div class='u9-pc-line'>{escape(verdict)}</div></div>"
        )


@cache
def end_game(reason: str, players: int = 2) -> PictureRound:
    """The first game (by seed) that two or three best stoppers play to the end ``reason``
    (``END_REASONS``); ``ValueError`` when none of the first few hundred does.

    >>> end_game("third_ace").reason
    'third_ace'
    """
    rules = _rules()
    for seed in range(400):
        rnd = PictureRound(rules, players, 0, _deck(seed))
        bots = [BestStopBot(seed) for _ in range(players)]
        while not rnd.over:
            rnd.play(bots[rnd.turn].act(rnd.view(rnd.turn)))
        if rnd.reason == reason:
            return rnd
    raise ValueError(f"no game of the first 400 ends by {reason!r}")


class GameEnd(_View):
    """A game played by bots to the end ``reason``: why it ended (the engine's reason), the number
    pile then, the aces drawn, and the suits as ``standing`` counts them."""

    def __init__(self, reason: str, *, players: int = 2, lang: str = "en") -> None:
        self.round = end_game(reason, players)
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        t = TEXTS[lang]
        rnd = self.round
        assert rnd.reason is not None
        names = NAMES[: rnd.players]
        last = next(r for r in reversed(rnd.history) if not isinstance(r, Ended))
        mover = getattr(last, "player", rnd.turn)
        why = t[f"end_{rnd.reason}"].format(low=rnd.fields.low_end, name=names[mover])
        view = rnd.view(0)
        aces = ", ".join(f"{n} {a}" for n, a in zip(names, rnd.aces, strict=True))
        pile_cards = card_row((card_html(c, lang=lang) for c in view.pile), _pile_line(view, lang)) if view.pile else ""
        lines = [t["turns"].format(turns=rnd.turns), t["aces_drawn"].format(counts=aces)]
        suits = SuitsExample(
            [[(str(c), " ".join(str(x) for x in rnd.placed[p][s])) for s, c in enumerate(rnd.pictures[p]) if c is not None] for p in range(rnd.players)],
            names=names,
            players=rnd.players,
            lang=lang,
        )
        notes = "".join(f"<div class='u9-pc-line'>{escape(x)}</div>" for x in lines)
        return f"<div class='u9-example'><div class='u9-pc-line' role='status'><b>{escape(why)}</b></div>{notes}{pile_cards}</div>{suits.html(lang)}"


# --- the deal ------------------------------------------------------------------------------------


def _innermost(message: Message) -> Message:
    """The reason inside a rule-set error's "file: where: field:" frame."""
    while True:
        inner = dict(message.params).get("reason")
        if not isinstance(inner, Message):
            return message
        message = inner


class DealNote(_View):
    """The text's deal asked of the engine: it refuses it in words (12 picture cards for two
    players from a pile of 9; 15 for three from 12); the ruling it plays; and two house-rule
    readings it deals (two players keeping all four suits; two decks' picture cards)."""

    def __init__(self, *, rules: Rules | None = None, lang: str = "en") -> None:
        self.rules = rules or _rules()
        self.refusals: dict[int, Message] = {}
        base = self.rules.to_dict()
        for players, deal in TEXT_DEAL.items():
            field = "deal_two" if players == 2 else "deal_three"
            try:
                rules_from_dict({**base, field: deal}, "<the text's deal>")
            except RulesError as error:
                self.refusals[players] = _innermost(message_of(error))
        self.house = {
            "all_suits": rules_from_dict({**base, "removed_suit": "none", "deal_two": TEXT_DEAL[2]}, "<all four suits>"),
            "two_decks": rules_from_dict({**base, "picture_decks": 2, "deal_two": TEXT_DEAL[2], "deal_three": TEXT_DEAL[3]}, "<two decks>"),
        }
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        t = TEXTS[lang]
        from upto9.families.picture_cards.fields import picture_count

        lines = []
        for players, deal in TEXT_DEAL.items():
            said = t["text_deal"].format(players=players, deal=deal)
            refusal = self.refusals.get(players)
            verdict = t["refused"].format(reason=render(refusal, lang)) if refusal is not None else ""
            lines.append(f"<li>{escape(said)} <span class='u9-bad' style='font-size:1em'>{escape(verdict)}</span></li>")
        deal = self.rules.fields.deal(2)  # type: ignore[attr-defined]
        ruling = f"<div class='u9-pc-line'><b>{escape(t['ruling'].format(deal=deal))}</b></div>"
        f1, f2 = self.house["all_suits"].fields, self.house["two_decks"].fields
        house = [
            t["house_all_suits"].format(deal=f1.deal(2), needed=2 * f1.deal(2), pile=picture_count(f1.removed_suit, f1.picture_decks, 2)),  # type: ignore[attr-defined]
            t["house_two_decks"].format(players=3, deal=f2.deal(3), needed=3 * f2.deal(3), pile=picture_count(f2.removed_suit, f2.picture_decks, 3)),  # type: ignore[attr-defined]
        ]
        items = "".join(f"<li><span class='u9-ok' style='font-size:1em'>{t['dealt_ok']}</span> {escape(x)}</li>" for x in house)
        return (
            f"<div class='u9-example' role='note'><ul class='u9-pc-steps'>{''.join(lines)}</ul>{ruling}"
            f"<div class='u9-pc-line'>{escape(t['house_title'])}</div><ul class='u9-pc-steps'>{items}</ul></div>"
        )


class PageLink(_View):
    """A link to another explainer page, in the page's language (``?lang=nb`` goes along); on a
    site without that page (the static site), its title without a link, and where to find it."""

    def __init__(self, notebook: str, *, lang: str = "en") -> None:
        self.page = explainer(notebook)
        super().__init__(lang)
        self.redraw()

    def html(self, lang: str) -> str:
        title = escape(self.page.title[lang])
        if self.page not in site_explainers():
            return f"<div class='u9-pc-line'>→ {title} <span class='u9-note'>({escape(TEXTS[lang]['served_only'])})</span></div>"
        link = f"<a class='u9-pc-link' href='{escape(page_url(self.page.notebook, lang))}'>→ {title}</a>"
        return f"<div class='u9-pc-line'>{link}</div>"
