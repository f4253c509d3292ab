"""The picture-card tips page for the game's author (issue 23, parts 5-7): what thousands of games
say, and a changed rule tried on the same games.

* ``TipsModel``: the page's state (traitlets, no widgets): the cached findings
  (``upto9.families.picture_cards.tips.TipsData``), the changed rule's controls (players, the deal,
  the suit taken out, the picture decks, the five-card move, the players' style, games) or a typed
  house-rule file, the last answer and the last refusal. ``run()`` asks the engine
  (``tips.compare``): no rule is worked out here.
* ``TipsView``: the tips as short cards (one sentence each, with its number, interval and sample
  size, and the house-rule file to try it), two charts, and the "try a changed rule" section with
  its progress bar. A rule file that cannot be used gets one plain line in the page's language;
  the answer shown before stays.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any, Final
from urllib.parse import quote

import ipywidgets as w
import traitlets as t

from upto9.families.picture_cards.tips import (
    BOTS,
    FAMILY_RULES,
    RULE_FILES,
    TIPS_TEXTS,
    Comparison,
    Difference,
    Finding,
    OtherGame,
    TipsData,
    change_verdict,
    compare,
    interval_words,
    percent,
    rule_file,
    rule_file_text,
    rules_from_text,
    tip_text,
)
from upto9.messages import render
from upto9.rules import Rules, RulesError, rules_from_dict
from upto9.stats import Estimate, decimal

from .._common import DrawnView, ModelLanguage, guard
from ..budget import OverBudget, within
from ..figures import NORWEGIAN_SEPARATORS
from ..page import Advanced, LangOutput, Progress
from ..texts import check_lang, field_label, number_text

__all__ = ["ANSWER_SECONDS", "GAMES", "TEXTS", "TipsModel", "TipsView", "ends_chart", "ranks_chart", "result_html", "tips_html"]

ANSWER_SECONDS: Final = 15.0
"""Wall seconds a changed rule may play before it answers with the games so far (issue 23 part 6: within 20 s)."""

CPU_SECONDS: Final = 25.0
"""The CPU budget of one answer (``widgets/budget.py``): a guard, never reached when ``ANSWER_SECONDS`` holds."""

PARTS: Final = ("tips", "try")
"""What a ``TipsView`` shows: the tips and their charts, the "try a changed rule" section, or both."""

GAMES: Final = (100, 200, 300, 500, 1000)
DEFAULT_GAMES: Final = 200

MOVE_AFTER: Final = (0, 3, 4, 5, 6, 8)
SUITS: Final = ("h", "s", "d", "c", "none")

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "tips": "What the games say",
        "try_file": "Try it: the house-rule file",
        "download": "Download {name}",
        "ends_title": "How games end (two players)",
        "ranks_title": "Which picture card wins the suits",
        "share": "share of games, %",
        "share_suits": "share of suits won, %",
        "chart_sub": "{n} games; the line on each bar is its 95 % interval",
        "try": "Try a changed rule",
        "players": "Players",
        "deal": "Deal",
        "deal.ruling": "the ruling: 4 each",
        "deal.written": "as written: 6 each for two, 5 for three",
        "removed": "Suit two players take out",
        "suit.h": "hearts",
        "suit.s": "spades",
        "suit.d": "diamonds",
        "suit.c": "clubs",
        "suit.none": "none: keep all four",
        "decks": "Picture cards from",
        "decks.1": "one deck",
        "decks.2": "two decks",
        "move_after": "Five-card move after",
        "move.0": "never",
        "move.n": "{n} cards",
        "bots": "Every seat",
        "games": "Games",
        "file": "Or type a house-rule file (it replaces the choices above):",
        "file_hint": "move_after = 0",
        "file_example": "For example:",
        "run": "Compare with the rules as played",
        "same_games": "Both rule sets are played on the same {n} games (the same shuffles, the same players), so the luck of the deal cancels out.",
        "cut": "The time limit came first: {n} games a side were played.",
        "same_games.1": "Both rule sets are played on the same game (the same shuffle, the same players), so the luck of the deal cancels out.",
        "cut.1": "The time limit came first: one game a side was played.",
        "shifted": "Games in which the five-card move was made: {before} of {n} as played, {after} with the change.",
        "before": "as played",
        "side": "{value} ({low} to {high})",
        "difference": "Difference {value} (95% interval {low} to {high}): {verdict}.",
        "after": "changed",
        "nothing_yet": "Nothing compared yet: choose a change and press the button.",
        "compared": "Compared: {changes}; {players} players, every seat {bots}.",
        "change": "{label}: {value} (as played: {before})",
        "yes": "yes",
        "no": "no",
        "refused": "This rule file cannot be used: {reason}",
        "cannot_play": "These choices cannot be played together: {reason}.",
        "undealable.2": "For the deal as written, take the picture cards from two decks, or keep all four suits.",
        "undealable.3": "For the deal as written, take the picture cards from two decks.",
        "other_game": 'This page tries changes to the picture-card game: write base = "picture_cards" or leave base out (the file says {base}).',
        "over_budget": "That took too long for this page: choose fewer games or a quicker player, and try again.",
        "unchanged": "Nothing is changed: choose a different value, or type a rule file.",
        "advanced_seed": "Findings: {games} games a run, seed {seed}, bots {bots}; three players: half as many games. Made by "
        "notebooks/build_cache.py (upto9.families.picture_cards.tips.tips_data).",
        "advanced_compare": "Last comparison: {games} games a side, seed {seed}, bots {bots}.",
    },
    "nb": {
        "tips": "Hva spillene sier",
        "try_file": "Prøv det: husregelfilen",
        "download": "Last ned {name}",
        "ends_title": "Hvordan spillene slutter (to spillere)",
        "ranks_title": "Hvilket bildekort som vinner sortene",
        "share": "andel av spillene, %",
        "share_suits": "andel av vunne sorter, %",
        "chart_sub": "{n} spill; streken på hver stolpe er 95 %-intervallet",
        "try": "Prøv en endret regel",
        "players": "Spillere",
        "deal": "Utdeling",
        "deal.ruling": "avgjørelsen: 4 hver",
        "deal.written": "som skrevet: 6 hver for to, 5 for tre",
        "removed": "Sorten to spillere tar ut",
        "suit.h": "hjerter",
        "suit.s": "spar",
        "suit.d": "ruter",
        "suit.c": "kløver",
        "suit.none": "ingen: behold alle fire",
        "decks": "Bildekort fra",
        "decks.1": "én kortstokk",
        "decks.2": "to kortstokker",
        "move_after": "Femkortstrekket etter",
        "move.0": "aldri",
        "move.n": "{n} kort",
        "bots": "På hver plass",
        "games": "Spill",
        "file": "Eller skriv en husregelfil (den erstatter valgene over):",
        "file_hint": "move_after = 0",
        "file_example": "For eksempel:",
        "run": "Sammenlign med reglene slik de spilles",
        "same_games": "Begge regelsettene spilles på de samme {n} spillene (de samme stokkingene, de samme spillerne), så flaksen i utdelingen går opp i opp.",
        "cut": "Tidsgrensen kom først: {n} spill på hver side ble spilt.",
        "same_games.1": "Begge regelsettene spilles på det samme spillet (den samme stokkingen, de samme spillerne), så flaksen i utdelingen går opp i opp.",
        "cut.1": "Tidsgrensen kom først: ett spill på hver side ble spilt.",
        "shifted": "Spill der femkortstrekket ble gjort: {before} av {n} slik det spilles, {after} med endringen.",
        "before": "slik det spilles",
        "side": "{value} ({low} til {high})",
        "difference": "Forskjell {value} (95 %-intervall {low} til {high}): {verdict}.",
        "after": "endret",
        "nothing_yet": "Ingenting sammenlignet ennå: velg en endring og trykk på knappen.",
        "compared": "Sammenlignet: {changes}; {players} spillere, på hver plass {bots}.",
        "change": "{label}: {value} (slik det spilles: {before})",
        "yes": "ja",
        "no": "nei",
        "refused": "Denne regelfilen kan ikke brukes: {reason}",
        "cannot_play": "Disse valgene kan ikke spilles sammen: {reason}.",
        "undealable.2": "For utdelingen slik den er skrevet: ta bildekortene fra to kortstokker, eller behold alle fire sortene.",
        "undealable.3": "For utdelingen slik den er skrevet: ta bildekortene fra to kortstokker.",
        "other_game": 'Denne siden prøver endringer i bildekortspillet: skriv base = "picture_cards" eller la base være (filen sier {base}).',
        "over_budget": "Det tok for lang tid for denne siden: velg færre spill eller en raskere spiller, og prøv igjen.",
        "unchanged": "Ingenting er endret: velg en annen verdi, eller skriv en regelfil.",
        "advanced_seed": "Funnene: {games} spill per kjøring, frø {seed}, roboter {bots}; tre spillere: halvparten så mange "
        "spill. Laget av notebooks/build_cache.py (upto9.families.picture_cards.tips.tips_data).",
        "advanced_compare": "Siste sammenligning: {games} spill på hver side, frø {seed}, roboter {bots}.",
    },
}


class TipsModel(t.HasTraits):
    """The page's state: the findings, the changed rule's controls, the last answer and refusal.

    >>> from upto9.families.picture_cards.tips import tips_data
    >>> model = TipsModel(tips_data(games=2, seed=1))
    >>> model.move_after = 0
    >>> model.changed_rules().fields.move_after, model.changed_rules().house_rules
    (0, frozenset({'move_after'}))
    """

    lang = t.Unicode("en")
    players = t.Int(2)
    deal = t.Unicode("ruling")
    removed_suit = t.Unicode("h")
    decks = t.Int(1)
    move_after = t.Int(5)
    bots = t.Unicode("best")
    games = t.Int(DEFAULT_GAMES)
    text = t.Unicode("")
    result = t.Any(None)
    compared = t.Any(None)  # the changed rule set ``result`` is for (Rules)
    refusal = t.Any(None)
    seed = t.Int(0)

    def __init__(self, data: TipsData, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data = data
        self.answer_seconds = ANSWER_SECONDS
        self.batch = 10  # games a side between two moves of the progress bar

    @t.validate("lang")
    def _lang(self, proposal: Any) -> str:
        return check_lang(proposal["value"])

    def changed_rules(self) -> Rules:
        """The rule set the controls (or the typed file, when not blank) describe; ``RulesError``
        (``OtherGame``) when it cannot be used."""
        if self.text.strip():
            return rules_from_text(self.text)
        f = FAMILY_RULES.fields
        values: dict[str, Any] = {"removed_suit": self.removed_suit, "picture_decks": self.decks, "move_after": self.move_after}
        if self.deal == "written":  # the text's deal at the table played: 6 each for two, 5 each for three
            values["deal_two" if self.players == 2 else "deal_three"] = 6 if self.players == 2 else 5
        defaults = {k: getattr(f, k) for k in ("removed_suit", "picture_decks", "move_after", "deal_two", "deal_three")}
        changed = sorted(k for k, v in values.items() if defaults[k] != v)
        return rules_from_dict({**FAMILY_RULES.to_dict(), **values, "house_rules": changed}, "house.toml")

    def run(self, progress: Callable[[int, int], None] | None = None) -> Comparison | None:
        """Play the rules as played and the changed rules on the same games and keep the answer;
        a rule set that cannot be used, or a table it is not for, is kept as ``refusal`` and the
        answer before stays."""
        try:
            rules = self.changed_rules()
            if not rules.min_players <= self.players <= rules.max_players:
                raise RulesError(f"house.toml: players: the rule file is for {rules.min_players} to {rules.max_players} players, not {self.players}")
        except RulesError as error:
            # The page's own choices, refused, are said as choices (no file, no field's key).
            self.refusal = error if self.text.strip() or isinstance(error, OtherGame) else Unplayable(error)
            return None
        if not rules.house_rules:
            self.refusal = "unchanged"
            return None
        bots = (self.bots,) * self.players
        with within(CPU_SECONDS):
            found = compare(
                FAMILY_RULES, rules, self.games, self.seed, players=self.players, bots=bots, seconds=self.answer_seconds, batch=self.batch, progress=progress
            )
        self.refusal = None
        self.compared = rules
        self.result = found
        return found


@dataclass(frozen=True)
class Unplayable:
    """The page's choices, not a typed file, make a rule set the engine refuses (the deal as written
    with one deck's picture cards): said as choices, with what would make them playable."""

    error: RulesError


def refusal_line(refusal: Any, lang: str) -> str:
    """The one plain line a refusal gets, in ``lang``.

    >>> from upto9.families.picture_cards.tips import tips_data
    >>> model = TipsModel(tips_data(games=2, seed=1), deal="written")
    >>> model.run()
    >>> print(refusal_line(model.refusal, "en"))  # doctest: +NORMALIZE_WHITESPACE
    These choices cannot be played together: the deal cannot be dealt: 2 players dealt 6 picture cards
    each need 12, but the picture pile holds 9. For the deal as written, take the picture cards from
    two decks, or keep all four suits.
    """
    texts = TEXTS[lang]
    if isinstance(refusal, Unplayable):
        inner = refusal.error.reason  # (no file was typed: the engine's reason alone)
        said = texts["cannot_play"].format(reason=render(inner, lang) if inner is not None else str(refusal.error))
        if inner is not None and inner.key == "picture_cards.rules.undealable":
            said += " " + texts["undealable.2" if inner.param("players") == 2 else "undealable.3"]
        return said
    if refusal == "unchanged":
        return texts["unchanged"]
    if refusal == "over_budget":
        return texts["over_budget"]
    if isinstance(refusal, OtherGame):
        return texts["other_game"].format(base=repr(refusal.base))
    if isinstance(refusal, RulesError):
        reason = render(refusal.msg, lang) if refusal.msg is not None else str(refusal)
        return texts["refused"].format(reason=reason.split(": rules: ", 1)[-1])
    return ""


def _download(name: str, lang: str) -> str:
    text = rule_file_text(name)
    filename = rule_file(name).name
    link = f"data:text/plain;charset=utf-8,{quote(text)}"
    return (
        f"<details class='u9-tip-file'><summary style='display:list-item;padding:11px 0;cursor:pointer;color:#00585f;text-decoration:underline'>"
        f"{escape(TEXTS[lang]['try_file'])}</summary>"
        f"<pre style='white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;background:#f5f5f5;padding:8px;margin:4px 0'>{escape(text)}</pre>"
        f"<a download='{escape(filename)}' href='{escape(link)}' style='display:inline-block;min-height:44px;line-height:44px'>"
        f"{escape(TEXTS[lang]['download'].format(name=filename))}</a></details>"
    )


def tips_html(data: TipsData, lang: str) -> str:
    """The tips as short cards: one sentence each, and the house-rule file to try it.

    >>> from upto9.families.picture_cards.tips import tips_data
    >>> html = tips_html(tips_data(games=2, seed=1), "nb")
    >>> "spill" in html and "tips_four_suits.toml" in html
    True
    """
    cards = []
    for finding in data.findings:
        body = f"<p style='margin:0'>{escape(tip_text(finding, lang))}</p>"
        if finding.rule_file:
            body += _download(finding.rule_file, lang)
        cards.append(f"<div class='u9-tip' style='border-left:4px solid #00707d;background:#f3f8f9;padding:8px 10px;margin:8px 0;font-size:15px'>{body}</div>")
    return f"<h3>{escape(TEXTS[lang]['tips'])}</h3>" + "".join(cards)


def _finding(data: TipsData, key: str) -> Finding:
    return next(f for f in data.findings if f.key == key)


def _bars(labels: list[str], estimates: list[Any], title: str, axis: str, lang: str) -> Any:
    """A horizontal bar chart of shares with their 95 % intervals, sized for a 390 px phone."""
    import plotly.graph_objects as go

    values = [100 * e.value for e in estimates]
    hover = [f"{label}: {percent(e.value, lang)} ({interval_words(e, lang, True)}; n = {e.n})" for label, e in zip(labels, estimates, strict=True)]
    fig = go.Figure(
        go.Bar(
            y=labels,
            x=values,
            orientation="h",
            marker_color="#00707d",
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [100 * (e.high - e.value) for e in estimates],
                "arrayminus": [100 * (e.value - e.low) for e in estimates],
            },
            customdata=hover,
            hovertemplate="%{customdata}<extra></extra>",
        )
    )
    # The sample size in sight, not only on hover (a phone shows no hover until a bar is tapped).
    games = max((e.n for e in estimates), default=0)
    subtitle = TEXTS[lang]["chart_sub"].format(n=number_text(games, lang, 0))
    fig.update_layout(
        title={"text": title, "font": {"size": 15}, "subtitle": {"text": subtitle, "font": {"size": 12}}},
        template="plotly_white",
        height=130 + 46 * len(labels),
        separators=NORWEGIAN_SEPARATORS if lang == "nb" else ".,",
        margin={"l": 10, "r": 16, "t": 64, "b": 46},
        font={"size": 14},
        showlegend=False,
    )
    fig.update_xaxes(title_text=axis, rangemode="tozero")
    fig.update_yaxes(automargin=True, autorange="reversed", categoryorder="array", categoryarray=labels)
    return fig


def ends_chart(data: TipsData, lang: str) -> Any:
    """How two-player games end: each end condition's share with its interval."""
    found = _finding(data, "ends").parts
    parts = dict(sorted(found.items(), key=lambda kv: -kv[1].value))  # the commonest end first
    words = TIPS_TEXTS[lang]
    labels = [words[f"measure.{r}"] if f"measure.{r}" in words else words[f"reason.{r}"] for r in parts]
    return _bars(labels, list(parts.values()), TEXTS[lang]["ends_title"], TEXTS[lang]["share"], lang)


def ranks_chart(data: TipsData, lang: str) -> Any:
    """Of the suits won, the share each picture rank won, with its interval."""
    found = _finding(data, "ranks").parts
    parts = {r: found[r] for r in "KQJ" if r in found}  # king, queen, jack: the cache keeps its keys sorted
    labels = [TIPS_TEXTS[lang][f"rank.{r}"] for r in parts]
    return _bars(labels, list(parts.values()), TEXTS[lang]["ranks_title"], TEXTS[lang]["share_suits"], lang)


def _value(d: Difference, e: Estimate, lang: str) -> str:
    """One side's value with its 95 % interval: "12.8 (12.5 to 13.1)"; a share in percent."""
    unit = "" if d.measure == "turns" else "\u00a0%"
    return TEXTS[lang]["side"].format(value=decimal(e.value, lang, 1) + unit, low=decimal(e.low, lang, 1), high=decimal(e.high, lang, 1) + unit)


def _difference(d: Difference, lang: str) -> str:
    """The paired change with its 95 % interval, signed, then what it means: "Difference +0.1 turns
    (95% interval −0.4 to +0.6): no measurable change ..." (the lab's way: how much, and how sure)."""
    unit = TIPS_TEXTS[lang]["unit.turns" if d.measure == "turns" else "unit.pp"]
    e = d.estimate

    def signed(x: float, end: bool) -> str:
        said = decimal(x, lang, 1, end=end)
        return "+" + said if x > 0 and said.strip("0,.") else said

    return TEXTS[lang]["difference"].format(
        value=signed(e.value, False) + unit, low=signed(e.low, True), high=signed(e.high, True), verdict=change_verdict(d, lang)
    )


def _field_value(name: str, value: Any, lang: str) -> str:
    """A rule's value as the page's choices say it ("3 cards", "hearts", "two decks"); a value no
    choice offers (a typed file's) as a number, or yes and no."""
    texts = TEXTS[lang]
    if name == "removed_suit" and f"suit.{value}" in texts:
        return texts[f"suit.{value}"]
    if name == "picture_decks" and f"decks.{value}" in texts:
        return texts[f"decks.{value}"]
    if name == "move_after":
        return texts["move.0"] if value == 0 else texts["move.n"].format(n=value)
    if isinstance(value, bool):
        return texts["yes" if value else "no"]
    return decimal(value, lang, 0) if isinstance(value, int) else str(value)


_FIELD_LABELS: Final = {"removed_suit": "removed", "picture_decks": "decks", "move_after": "move_after"}
"""The rules the page's own choices set, labelled as the page labels them; any other (from a typed
file) by the family's catalog (``widgets.texts.field_label``)."""


def changes_text(rules: Rules, lang: str) -> str:
    """What ``rules`` change from the rules as played, each with its value before: the answer's own
    account of what it compared, which stays when the choices above it move on.

    >>> from upto9.rules import rules_from_dict
    >>> changed = rules_from_dict({**FAMILY_RULES.to_dict(), "move_after": 3, "house_rules": ["move_after"]}, "house.toml")
    >>> changes_text(changed, "en")
    'Five-card move after: 3 cards (as played: 5 cards)'
    """
    texts = TEXTS[lang]
    before = FAMILY_RULES.fields
    lines = []
    for name in sorted(rules.house_rules):
        label = texts[_FIELD_LABELS[name]] if name in _FIELD_LABELS else field_label(rules, name, lang)
        value, was = getattr(rules.fields, name, None), getattr(before, name, None)
        lines.append(texts["change"].format(label=label, value=_field_value(name, value, lang), before=_field_value(name, was, lang)))
    return "; ".join(lines)


def result_html(result: Comparison | None, lang: str, rules: Rules | None = None) -> str:
    """The answer: what was compared (``rules``, the changed rule set, when given), then per measure
    the value as played, changed, and the change in words with its paired interval
    (``upto9.stats.verdict``)."""
    texts = TEXTS[lang]
    if result is None:
        return f"<p>{escape(texts['nothing_yet'])}</p>"
    rows = []
    for d in result.differences:
        # One block a measure, not a table: a phone reads it top to bottom without scrolling sideways.
        rows.append(
            f"<div style='margin:6px 0;padding:6px 8px;border-left:3px solid #00707d'>"
            f"<b>{escape(TIPS_TEXTS[lang]['measure.' + d.measure])}</b>: "
            f"{escape(texts['before'])} {escape(_value(d, d.before, lang))}, {escape(texts['after'])} {escape(_value(d, d.after, lang))}<br>"
            f"{escape(_difference(d, lang))}</div>"
        )
    one = ".1" if result.games == 1 else ""  # ("the same 1 games")
    note = texts["same_games" + one].format(n=decimal(result.games, lang, 0))
    if result.out_of_time:
        note += " " + texts["cut" + one].format(n=decimal(result.games, lang, 0))
    if result.shifted is not None:  # a rule about the five-card move changes nothing in games that never make it
        note += " " + texts["shifted"].format(
            n=decimal(result.games, lang, 0), before=decimal(result.shifted[0], lang, 0), after=decimal(result.shifted[1], lang, 0)
        )
    head = ""
    if rules is not None:
        bots = TIPS_TEXTS[lang].get(f"bot.{result.bots[0]}", result.bots[0]) if result.bots else ""
        compared = texts["compared"].format(changes=changes_text(rules, lang), players=result.players, bots=bots)
        head = f"<p class='u9-tips-compared'><b>{escape(compared)}</b></p>"
    return f"<div class='u9-tips-result' style='font-size:15px'>{head}<p>{escape(note)}</p>{''.join(rows)}</div>"


class TipsView(ModelLanguage, DrawnView, w.VBox):  # type: ignore[misc]
    """The tips page's widget (its language the model's: ``view.lang = "nb"``)."""

    def __init__(self, model: TipsModel, parts: tuple[str, ...] = PARTS) -> None:
        if not parts or not set(parts) <= set(PARTS):
            raise ValueError(f"parts must be some of {PARTS}, not {parts!r}")
        self.model = model
        self.parts = parts
        self.elapsed = 0.0
        full = w.Layout(width="auto", max_width="32em")
        self.tips = w.HTML()
        # Kept by the finding each draws (its repr: the finding holds dicts): drawn once, by the warm process.
        self.ends = LangOutput(
            lambda lang: ends_chart(model.data, lang), model.lang, key=lambda: ("ends", repr(_finding(model.data, "ends"))), layout=w.Layout(max_width="40em")
        )
        self.ranks = LangOutput(
            lambda lang: ranks_chart(model.data, lang),
            model.lang,
            key=lambda: ("ranks", repr(_finding(model.data, "ranks"))),
            layout=w.Layout(max_width="40em"),
        )
        self.heading = w.HTML()
        self.players = w.ToggleButtons(options=[("2", 2), ("3", 3)], value=model.players, layout=w.Layout(width="auto"))
        self.players.style.button_width = "5em"
        self.deal = w.Dropdown(layout=full)
        self.removed = w.Dropdown(layout=full)
        self.decks = w.Dropdown(layout=full)
        self.move_after = w.Dropdown(layout=full)
        self.bots = w.Dropdown(layout=full)
        self.games = w.Dropdown(options=[(f"{n}", n) for n in GAMES], value=model.games, layout=full)
        self.labels = {name: w.HTML() for name in ("players", "deal", "removed", "decks", "move_after", "bots", "games", "file")}
        # Sent whole, on leaving the box (for the button's click): widgets.stepper.GameNumber says why.
        self.file = w.Textarea(continuous_update=False, layout=w.Layout(width="auto", max_width="32em", height="6em"))
        self.button = w.Button(button_style="info", icon="play", layout=w.Layout(width="auto", min_height="44px"))
        self.progress = Progress(lang=model.lang)
        self.refusal = w.HTML()
        self.refusal.add_class("u9-refusal")
        self.answer = w.HTML()
        self.details = w.HTML()
        self.advanced = Advanced([self.details], lang=model.lang)
        rows: list[Any] = []
        for name, control in (
            ("players", self.players),
            ("deal", self.deal),
            ("removed", self.removed),
            ("decks", self.decks),
            ("move_after", self.move_after),
            ("bots", self.bots),
            ("games", self.games),
            ("file", self.file),
        ):
            rows.append(w.VBox([self.labels[name], control], layout=w.Layout(width="100%", margin="0 0 6px 0")))
        super().__init__(
            [
                *((self.tips, self.ends, self.ranks) if "tips" in parts else ()),
                *((self.heading, *rows, self.button, self.progress, self.refusal, self.answer, self.advanced) if "try" in parts else ()),
            ],
            layout=w.Layout(width="100%", max_width="48em"),
        )
        self.add_class("u9-tips")
        for control, trait in (
            (self.players, "players"),
            (self.deal, "deal"),
            (self.removed, "removed_suit"),
            (self.decks, "decks"),
            (self.move_after, "move_after"),
            (self.bots, "bots"),
            (self.games, "games"),
            (self.file, "text"),
        ):
            control.observe(guard(self, self._setter(trait)), names="value")
        self.button.on_click(guard(self, lambda _b: self.run()))
        model.observe(guard(self, lambda _c: self.update()), names="lang")
        self.update()

    def _setter(self, trait: str) -> Callable[[Any], None]:
        def set_value(change: Any) -> None:
            if change["new"] is not None and not self._drawing:  # a redraw's new options are no learner's choice
                setattr(self.model, trait, change["new"])

        return set_value

    def run(self) -> None:
        """Compare the changed rules with the rules as played, the progress bar moving; a refusal
        is one line and the answer before stays."""
        model = self.model
        self.button.disabled = True
        started = time.perf_counter()
        # While it plays, no answer or refusal of an earlier press stands under the progress bar.
        self.refusal.value = ""
        self.answer.layout.display = "none"
        try:
            self.progress.start(model.games)

            def moved(done: int, _total: int) -> None:
                self.progress.step(done - self.progress.done)

            try:
                model.run(progress=moved)
            except OverBudget:
                model.refusal = "over_budget"
        finally:
            self.button.disabled = False
            self.progress.layout.display = "none"
            self.answer.layout.display = None
            self.elapsed = time.perf_counter() - started
        self.update()

    def _draw(self) -> None:
        model = self.model
        lang = model.lang
        texts = TEXTS[lang]
        self.tips.value = tips_html(model.data, lang)
        self.ends.lang = lang
        self.ranks.lang = lang
        self.heading.value = f"<h3>{escape(texts['try'])}</h3>" if "tips" in self.parts else ""  # alone, the page's own heading stands above it
        for name, label in self.labels.items():
            label.value = f"<b>{escape(texts[name])}</b>"
        # the example is a line of a file (notation, as a typed card is): under the label, not a placeholder
        self.labels["file"].value += f"<br><span style='font-size:14px'>{escape(texts['file_example'])} <kbd>{escape(texts['file_hint'])}</kbd></span>"
        self.deal.options = [(texts["deal.ruling"], "ruling"), (texts["deal.written"], "written")]
        self.deal.value = model.deal
        self.removed.options = [(texts[f"suit.{s}"], s) for s in SUITS]
        self.removed.value = model.removed_suit
        self.decks.options = [(texts["decks.1"], 1), (texts["decks.2"], 2)]
        self.decks.value = model.decks
        self.move_after.options = [(texts["move.0"] if n == 0 else texts["move.n"].format(n=n), n) for n in MOVE_AFTER]
        self.move_after.value = model.move_after
        self.bots.options = [(TIPS_TEXTS[lang][f"bot.{name}"], name) for name in BOTS]
        self.bots.value = model.bots
        self.button.description = texts["run"]
        self.progress.lang = lang
        self.advanced.lang = lang
        line = refusal_line(model.refusal, lang)
        self.refusal.value = f"<p role='alert' style='color:#b71c1c;font-size:15px;margin:4px 0'>{escape(line)}</p>" if line else ""
        self.answer.value = result_html(model.result, lang, model.compared)
        details = texts["advanced_seed"].format(games=model.data.games, seed=model.data.seed, bots="BestStopBot")
        if model.result is not None:
            details += "<br>" + escape(texts["advanced_compare"].format(games=model.result.games, seed=model.result.seed, bots=", ".join(model.result.bots)))
        self.details.value = f"<p style='font-size:14px'>{details}</p>"


def file_names() -> list[str]:
    """The house-rule files of the tips, by name (``RULE_FILES``)."""
    return list(RULE_FILES.values())
