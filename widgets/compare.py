"""The comparison page's views: two rule sets side by side (Up to 9 and Phase 10), in words, in
tables and in plotly charts with 95% intervals.

``ComparisonModel`` holds a measured ``upto9.compare.Comparison`` (deals and bot games of each
rule set, usually read from the cached file), an optional published reference figure, and the
language; every number comes from the engine (``rules_facts``, ``Side.stats``,
``Holding.estimates``, ``published_rows``). The views draw it:

* ``RulesSideBySide``: the rules compared aspect by aspect (deck, hand, wild cards, budgets,
  levels and phases, donating and hitting, skips, penalties, ties, the safety valve);
* ``LevelsSideBySide``: level n of one beside phase n of the other;
* ``SampleNote``: how the numbers were measured (games, deals, players, bot, seed, intervals);
* ``MeasuredTable``: the games' estimates beside each other;
* ``Findings``: what they say, in sentences built from the estimates and their intervals;
* ``ComparisonChart(model, "length" | "levels" | "holding" | "penalties")``: a plotly chart;
* ``RoundsPerLevelTable``, ``HoldingTable``, ``PenaltyTable``: the levels, holding and penalties charts' numbers as tables (the
  page shows a table first and its chart when asked, ``upto9.widgets.atlas.ViewChoice``);
* ``PublishedTable``: a published Phase 10 figure beside the engine's estimate, with its source.

The tables wider than a phone (rounds per level, the published figure) show their headline numbers
there, every column a tap away (``upto9.widgets.atlas.fit_phone``).

Each view's ``lang`` is the model's, so one switch turns the whole page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Final

import ipywidgets as w
import traitlets as t

from upto9.compare import Comparison, GameStats, PublishedFigure, RulesFacts, Side, published_rows, rules_facts, slowest
from upto9.family import families, family_of
from upto9.rules import PHASE10, UPTO9, GroupKind, Rules, TieBreak
from upto9.stats import RESAMPLES, Estimate, five_numbers

from ._common import ModelLanguage, guard, style_tag
from .atlas import TABLE_SCROLL, estimate_cell, fit_phone
from .choice import ruleset_name
from .page import Advanced, drawn
from .texts import LANGS, budget_text, check_lang, contract_text, interval_text, level_title, number_text, percent_text

__all__ = [
    "TEXTS",
    "ComparisonChart",
    "ComparisonModel",
    "Findings",
    "HoldingTable",
    "LevelsSideBySide",
    "MeasuredTable",
    "PenaltyTable",
    "PublishedTable",
    "RoundsPerLevelTable",
    "RulesSideBySide",
    "SampleNote",
]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "aspect": "",
        "players": "Players",
        "deck": "Deck",
        "deck_upto9": "{size} cards: {decks} standard deck{s} of 52{mark} ({players} players)",
        "deck_phase10": "{size} cards: {numbers} number cards (1–12 in four colours), {wilds} wild cards, {skips} skips",
        "hand": "Hand size",
        "hand_value": "{n} cards",
        "wild": "Wild cards",
        "wild_natural": "{n} cards: every {ranks}; each is a joker and also itself",
        "wild_pure": "{n} wild cards: only wild, never a number",
        "wild_none": "none",
        "budget": "How many wilds",
        "budget_levels": "a budget per level: {low} to {high} jokers (no jokers on level 1)",
        "budget_unlimited": "any number, as long as the {word} holds at least {n} number card",
        "levels": "Levels or phases",
        "levels_value": "{count} {word}; lay-downs of {low} to {high} cards",
        "extent_upto9": "a lay-down holds exactly the contract's groups",
        "extent_phase10": "a group may hold more cards than asked",
        "kinds": "Groups",
        "run_upto9": "straights (one suit, ace low or high)",
        "run_phase10": "runs (1–12, colours free)",
        "set": "sets (one rank or number)",
        "colour": "colour groups (one colour, any numbers)",
        "adding": "Adding to the table",
        "donate": "donate, once your own contract is down (the same turn too); a donated joker must stand for a card that continues the meld and stays locked",
        "hit": (
            "hit, once your own phase is down (the same turn too): a set takes its number, a run its ends, a colour group its colour; a wild card stays locked"
        ),
        "skips": "Skips",
        "skips_none": "none",
        "skips_value": "{n} skip cards: the discarder names a player who loses the next turn",
        "penalties": "Penalty points in hand",
        "ties": "Ties for the win",
        "tie_share": "equal lowest totals share the win",
        "tie_deciding": "equal lowest totals play a deciding round of the last {word}",
        "valve": "A round no one can finish",
        "valve_on": "ends early (safety valve: no waiting player's level can still be formed)",
        "valve_off": "no such rule",
        "order": "Order",
        "order_fixed": "in order, one {word} per round",
        "order_free": "free order (house rule)",
        "reconstructed": "* reconstructed: not stated by the rules text; a default of the rule set",
        "wild_word": "wild",
        "skip_word": "skip",
        "number": "No.",
        "level_word": "level",
        "phase_word": "phase",
        "level_one": "one",
        "phase_one": "one",
        "sample": (
            "Measured on <b>{games} games</b> of each rule set, {players} players, sensible bots in every seat; the chance of holding "
            "a level in the deal from <b>{deals} shuffled deals</b> of each, every hand checked exactly. Each number comes with its "
            "95% interval: the range the true value lies in, 19 times out of 20."
        ),
        "sample_dev": (
            "The rule sets: <code>upto9.UPTO9</code> and <code>upto9.rules.PHASE10</code>. The bots: the engine's <code>{bot}</code> "
            "in every seat; seed {seed}; each deal checked by <code>upto9.holds</code>. Intervals: Wilson score intervals for shares "
            "of deals and games, percentile bootstrap intervals ({resamples} resamples of whole games) for means and ratios. Cached "
            "in <code>notebooks/data/comparison.json</code> by <code>{command}</code> (<code>make notebook-data</code>), which "
            "records how many games and deals it played and from which seed; the published figure is read from "
            "<code>notebooks/data/phase10_published.json</code>."
        ),
        "missing_side": "Not measured yet: {names}.",
        "measure": "Measured",
        "games": "Games played",
        "rounds": "Rounds per game",
        "turns": "Turns per game",
        "turns_per_round": "Turns per round",
        "impossible": "Rounds ended as impossible",
        "stalemate": "Rounds stopped as stuck (everyone down, no one could go out)",
        "final": "Penalty total at the end (per player)",
        "winner": "The winner's penalty total",
        "spread": "Spread per game (highest − lowest total)",
        "spread_sd": "How far a game's totals typically lie from their average",
        "tied": "Games with a shared win",
        "deciding": "Games that needed a deciding round",
        "skipped_turns": "Turns lost to skips per game",
        "deals": "Deals checked",
        "none_measured": "—",
        "length_title": "Game length, with 95% intervals",
        "levels_title": "Rounds per level or phase laid down",
        "levels_sub": "Rounds a player spends per lay-down; 95% intervals",
        "levels_axis": "Rounds per lay-down",
        "contracts": "each level's and phase's contract",
        "rate_axis": "Lay-down rate per round",
        "holding_title": "Chance that the dealt hand holds it",
        "holding_sub": "Each level or phase; 95% intervals",
        "holding_axis": "Chance in the dealt hand",
        "holding_axis_log": "Chance in the dealt hand (log scale)",
        "number_axis": "Level / phase",
        "side_axis": "Rule set",
        "penalty_title": "Penalty totals at the end (every player)",
        "penalty_axis": "Penalty points",
        "rounds_axis": "Rounds",
        "turns_axis": "Turns",
        "published_trace": "{name}: published ({source})",
        "deals_trace": "{name}: sampled deals",
        "f_more": "more",
        "f_fewer": "fewer",
        "f_length": "A game of {second} has about {d} {unit} {more} than a game of {first} on average (likely between {low} and {high}).",
        "f_length_same": (
            "A game of {second} and a game of {first} have about as many {unit} on average: the difference is likely between "
            "{low} {fewer} and {high} {more}, so these games do not tell the two apart on this."
        ),
        "f_rounds": "rounds",
        "f_turns": "turns",
        "f_points": "penalty points",
        "f_penalties": (
            "At the end of a game, the players of {second} hold about {d} {unit} {more} each than the players of {first} on average "
            "(likely between {low} and {high})."
        ),
        "f_penalties_same": (
            "At the end of a game, the players of {second} and of {first} hold about as many {unit} on average: the difference is "
            "likely between {low} {fewer} and {high} {more}, so these games do not tell the two apart on this."
        ),
        "f_slowest": (
            "In {name}, the {word} that holds players up longest is {title} ({contract}): {value} rounds per lay-down (likely between {low} and {high})."
        ),
        "f_rarest": (
            "In {name}, the rarest in the dealt hand is {title} ({contract}): {value} of dealt hands hold it (likely between {low} and {high}; {n} deals)."
        ),
        "f_commonest": "The commonest is {title} ({contract}): {value} (likely between {low} and {high}).",
        "f_published": "{inside} of the {count} published values lie inside the engine's 95% intervals.",
        "games_trace": "{name}: in the games (a player's deal, on that level)",
        "hold_deals": "{name}: {n} sampled deals",
        "hold_games": "{name}: in {n} games",
        "hold_hands": "{n} hands",
        "hold_hidden": "the chances in the games",
        "ci": "95% interval",
        "pub_phase": "Phase",
        "pub_contract": "Contract",
        "pub_published": "Published",
        "pub_engine": "This engine",
        "pub_inside": "Published value inside the engine's interval?",
        "pub_inside_short": "Inside the interval?",
        "yes": "yes",
        "no": "no",
        "no_published": "{note}",
        "source": "Source",
        "source_link": "the study (on GitHub)",
        "pen_lowest": "Lowest",
        "pen_q1": "A quarter of the players hold at most",
        "pen_median": "Half of the players hold at most",
        "pen_q3": "Three quarters of the players hold at most",
        "pen_highest": "Highest",
        "pen_mean": "Average (the dashed line)",
        "pen_players": "Players' totals counted",
    },
    "nb": {
        "aspect": "",
        "players": "Spillere",
        "deck": "Kortstokk",
        "deck_upto9": "{size} kort: {decks} vanlige kortstokker à 52{mark} ({players} spillere)",
        "deck_phase10": "{size} kort: {numbers} tallkort (1–12 i fire farger), {wilds} jokere, {skips} hopp over-kort",
        "hand": "Kort på hånda",
        "hand_value": "{n} kort",
        "wild": "Jokere",
        "wild_natural": "{n} kort: alle {ranks}; hver er joker og også seg selv",
        "wild_pure": "{n} jokerkort: bare joker, aldri et tall",
        "wild_none": "ingen",
        "budget": "Hvor mange jokere",
        "budget_levels": "et budsjett per nivå: {low} til {high} jokere (ingen jokere på nivå 1)",
        "budget_unlimited": "så mange du vil, så lenge {word}n har minst {n} tallkort",
        "levels": "Nivåer eller faser",
        "levels_value": "{count} {word}; nedlegg på {low} til {high} kort",
        "extent_upto9": "et nedlegg har nøyaktig kontraktens grupper",
        "extent_phase10": "en gruppe kan ha flere kort enn kravet",
        "kinds": "Grupper",
        "run_upto9": "straighter (én farge, ess lavt eller høyt)",
        "run_phase10": "serier (1–12, fargene fritt)",
        "set": "like kort (samme rang eller tall)",
        "colour": "samme farge (én farge, alle tall)",
        "adding": "Legge til på bordet",
        "donate": "donere, når ditt eget nedlegg ligger (også samme tur); en donert joker må stå for et kort som fortsetter kombinasjonen, og låses",
        "hit": "legge til, når din egen fase ligger (også samme tur): like kort tar sitt tall, en serie sine ender, samme farge sin farge; en joker låses",
        "skips": "Hopp over",
        "skips_none": "ingen",
        "skips_value": "{n} hopp over-kort: den som kaster, velger en spiller som mister neste tur",
        "penalties": "Straffepoeng på hånda",
        "ties": "Likt om seieren",
        "tie_share": "like laveste summer deler seieren",
        "tie_deciding": "like laveste summer spiller en avgjørende runde av siste {word}",
        "valve": "En runde ingen kan fullføre",
        "valve_on": "slutter tidlig (sikkerhetsventil: ingen ventende spillers nivå kan lenger dannes)",
        "valve_off": "ingen slik regel",
        "order": "Rekkefølge",
        "order_fixed": "i rekkefølge, {one} {word} per runde",
        "order_free": "valgfri rekkefølge (husregel)",
        "reconstructed": "* rekonstruert: ikke oppgitt i regelteksten; en standardverdi i regelsettet",
        "wild_word": "joker",
        "skip_word": "hopp over",
        "number": "Nr.",
        "level_word": "nivå",
        "phase_word": "fase",
        "level_plural": "nivåer",
        "phase_plural": "faser",
        "level_one": "ett",
        "phase_one": "én",
        "level_the": "nivået",
        "phase_the": "fasen",
        "level_it": "det",
        "phase_it": "den",
        "sample": (
            "Målt på <b>{games} spill</b> av hvert regelsett, {players} spillere, fornuftige roboter på alle plasser; sjansen for å ha "
            "et nivå i utdelingen fra <b>{deals} stokkede utdelinger</b> av hvert, hver hånd sjekket nøyaktig. Hvert tall har sitt "
            "95 %-intervall: området den sanne verdien ligger i, 19 av 20 ganger."
        ),
        "sample_dev": (
            "Regelsettene: <code>upto9.UPTO9</code> og <code>upto9.rules.PHASE10</code>. Robotene: motorens <code>{bot}</code> på "
            "hver plass; frø {seed}; hver utdeling sjekket av <code>upto9.holds</code>. Intervallene: Wilson-intervaller for andeler "
            "av utdelinger og spill, persentil-bootstrap ({resamples} nye utvalg av hele spill) for snitt og forholdstall. Lagret i "
            "<code>notebooks/data/comparison.json</code> av <code>{command}</code> (<code>make notebook-data</code>), som lagrer hvor "
            "mange spill og utdelinger den spilte og fra hvilket frø; det publiserte tallet leses fra "
            "<code>notebooks/data/phase10_published.json</code>."
        ),
        "missing_side": "Ikke målt ennå: {names}.",
        "measure": "Målt",
        "games": "Spill spilt",
        "rounds": "Runder per spill",
        "turns": "Turer per spill",
        "turns_per_round": "Turer per runde",
        "impossible": "Runder som endte som umulige",
        "stalemate": "Runder stoppet som fastlåst (alle har lagt ned, ingen kunne gå ut)",
        "final": "Straffepoeng til slutt (per spiller)",
        "winner": "Vinnerens straffepoeng",
        "spread": "Spredning per spill (høyeste − laveste sum)",
        "spread_sd": "Hvor langt et spills summer typisk ligger fra snittet",
        "tied": "Spill med delt seier",
        "deciding": "Spill som trengte en avgjørende runde",
        "skipped_turns": "Turer tapt til hopp over per spill",
        "deals": "Utdelinger sjekket",
        "none_measured": "—",
        "length_title": "Spillets lengde, med 95 %-intervaller",
        "levels_title": "Runder per nivå eller fase lagt ned",
        "levels_sub": "Runder en spiller bruker; 95 %-intervaller",
        "levels_axis": "Runder per nedlegg",
        "contracts": "kontrakten til hvert nivå og hver fase",
        "rate_axis": "Andel runder med nedlegg",
        "holding_title": "Sjansen for at utdelingen holder kravet",
        "holding_sub": "Hvert nivå eller hver fase; 95 %-intervaller",
        "holding_axis": "Sjanse i den utdelte hånda",
        "holding_axis_log": "Sjanse i den utdelte hånda (logaritmisk skala)",
        "number_axis": "Nivå / fase",
        "side_axis": "Regelsett",
        "penalty_title": "Straffepoeng til slutt (alle spillere)",
        "penalty_axis": "Straffepoeng",
        "rounds_axis": "Runder",
        "turns_axis": "Turer",
        "published_trace": "{name}: publisert studie",
        "deals_trace": "{name}: stokkede utdelinger",
        "f_more": "flere",
        "f_fewer": "færre",
        "f_length": "Et spill {second} har i snitt omtrent {d} {unit} {more} enn et spill {first} (trolig mellom {low} og {high}).",
        "f_length_same": (
            "Et spill {second} og et spill {first} har i snitt omtrent like mange {unit}: forskjellen er trolig mellom "
            "{low} {fewer} og {high} {more}, så disse spillene skiller ikke de to på dette."
        ),
        "f_rounds": "runder",
        "f_turns": "turer",
        "f_points": "straffepoeng",
        "f_penalties": (
            "Ved slutten av et spill har spillerne i {second} i snitt omtrent {d} {unit} {more} hver enn spillerne i {first} (trolig mellom {low} og {high})."
        ),
        "f_penalties_same": (
            "Ved slutten av et spill har spillerne i {second} og i {first} i snitt omtrent like mange {unit}: forskjellen er "
            "trolig mellom {low} {fewer} og {high} {more}, så disse spillene skiller ikke de to på dette."
        ),
        "f_slowest": (
            "I {name} er {the_word} som holder spillerne lengst igjen, {title} ({contract}): {value} runder per nedlegg (trolig mellom {low} og {high})."
        ),
        "f_rarest": (
            "I {name} er {title} ({contract}) sjeldnest i den utdelte hånda: {value} av de utdelte hendene har {it} "
            "(trolig mellom {low} og {high}; {n} utdelinger)."
        ),
        "f_commonest": "Vanligst er {title} ({contract}): {value} (trolig mellom {low} og {high}).",
        "f_published": "{inside} av de {count} publiserte verdiene ligger innenfor motorens 95 %-intervaller.",
        "games_trace": "{name}: i spillene (utdelingen til en spiller på det nivået)",
        "hold_deals": "{name}: {n} stokkede utdelinger",
        "hold_games": "{name}: i {n} spill",
        "hold_hands": "{n} hender",
        "hold_hidden": "sjansene i spillene",
        "ci": "95 %-intervall",
        "pub_phase": "Fase",
        "pub_contract": "Kontrakt",
        "pub_published": "Publisert",
        "pub_engine": "Denne motoren",
        "pub_inside": "Publisert verdi innenfor motorens intervall?",
        "pub_inside_short": "Innenfor intervallet?",
        "yes": "ja",
        "no": "nei",
        "no_published": "{note}",
        "source": "Kilde",
        "source_link": "studien (på engelsk)",
        "pen_lowest": "Lavest",
        "pen_q1": "En firedel av spillerne har høyst",
        "pen_median": "Halvparten av spillerne har høyst",
        "pen_q3": "Tre firedeler av spillerne har høyst",
        "pen_highest": "Høyest",
        "pen_mean": "Snitt (den stiplede linjen)",
        "pen_players": "Spillersummer telt",
    },
}
assert set(TEXTS) == set(LANGS)

FAMILY_COLOURS: Final = {"phase10": "#00897b", "upto9": "#6a1b9a"}
"""The compared games' own colours, kept whatever else is installed: Phase 10 teal, Up to 9 purple."""
PALETTE: Final = ("#ef6c00", "#37474f", "#2e7d32", "#ad1457")
"""The colours of the other families, in the registry's order (by key; a fifth takes the first again)."""
COLOURS: Final[dict[str, str]] = {
    **{f.key: PALETTE[i % len(PALETTE)] for i, f in enumerate(f for f in families() if f.key not in FAMILY_COLOURS)},
    **FAMILY_COLOURS,
}
"""Each family's colour in every chart, by family key."""


# --- the model --------------------------------------------------------------------------------------


class ComparisonModel(t.HasTraits):
    """The measured comparison, the published reference (if any) and the page's language.

    >>> from upto9.compare import Comparison
    >>> from upto9.rules import UPTO9
    >>> model = ComparisonModel(Comparison.build([UPTO9], games=2, deals=10, progress=False))
    >>> model.stats("upto9").games, model.facts("upto9").hand_size
    (2, 11)
    """

    comparison = t.Instance(Comparison)
    published = t.Instance(PublishedFigure, allow_none=True)
    lang = t.Unicode("en")

    def __init__(self, comparison: Comparison, published: PublishedFigure | None = None, *, rule_sets: Sequence[Rules] = (), lang: str = "en") -> None:
        self._stats: dict[str, GameStats] = {}
        self.rule_sets = tuple(rule_sets) or tuple(side.rules for side in comparison.sides)
        super().__init__(comparison=comparison, published=published, lang=check_lang(lang))

    @classmethod
    def load(cls, path: str | Path, published: str | Path | None = None, *, lang: str = "en") -> ComparisonModel:
        """The model of a saved comparison (``Comparison.load``) and, if given, a published figure
        (``PublishedFigure.load``): what the comparison page shows."""
        figure = PublishedFigure.load(published) if published is not None else None
        return cls(Comparison.load(path), figure, rule_sets=(UPTO9, PHASE10), lang=lang)

    @t.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    @t.observe("comparison")
    def _new_data(self, _change: Any) -> None:
        self._stats.clear()

    def facts(self, key: str) -> RulesFacts:
        """The rule set's facts (``rules_facts``) at the comparison's table."""
        rules = next((r for r in self.rule_sets if r.key == key), None) or self.comparison.side(key).rules
        return rules_facts(rules, self.comparison.players)

    @property
    def measured(self) -> tuple[Side, ...]:
        """The sides with games measured."""
        return tuple(s for s in self.comparison.sides if s.games)

    def stats(self, key: str) -> GameStats:
        """The games' estimates of one side (computed once per comparison)."""
        if key not in self._stats:
            self._stats[key] = self.comparison.side(key).stats(self.comparison.seed)
        return self._stats[key]


# --- words ------------------------------------------------------------------------------------------


def _word(facts: RulesFacts, lang: str, plural: bool = False) -> str:
    """``level`` / ``phase`` / ``nivå`` / ``fase`` (plural: ``levels``, ``phases``, ``nivåer``, ``faser``)."""
    texts = TEXTS[lang]
    level = family_of(facts.family).level_word
    word = texts[f"{level}_word"]
    if not plural:
        return word
    return texts.get(f"{level}_plural", word + "s")


def _one(facts: RulesFacts, lang: str) -> str:
    """ "one" before the level word: Norwegian ``ett nivå`` (neuter) but ``én fase``."""
    return TEXTS[lang][f"{family_of(facts.family).level_word}_one"]


def _count(n: int, lang: str) -> str:
    """``20,000`` / ``20 000`` (Norwegian groups thousands with a space)."""
    return number_text(n, lang, 0)


def _keys_text(keys: Sequence[str], lang: str) -> str:
    """Penalty keys in words: consecutive numbers as a range (``4–9``), ``wild``/``skip`` translated."""
    texts = TEXTS[lang]
    numbers = [int(k) for k in keys if k.isdigit()]
    words = [texts.get(f"{k}_word", k) for k in keys if not k.isdigit()]
    if len(numbers) > 2 and sorted(numbers) == list(range(min(numbers), max(numbers) + 1)):
        shown = [f"{min(numbers)}–{max(numbers)}"]
    else:
        shown = [str(n) for n in numbers]
    return ", ".join([*shown, *words])


def _penalties_text(facts: RulesFacts, lang: str) -> str:
    return " · ".join(f"{_keys_text(p.keys, lang)}: {p.points}{'*' if p.reconstructed else ''}" for p in facts.penalties)


def _deck_text(facts: RulesFacts, lang: str) -> str:
    texts = TEXTS[lang]
    mark = "*" if facts.decks_reconstructed else ""
    return texts[f"deck_{facts.family}"].format(
        size=facts.deck_size,
        decks=facts.decks,
        s="s" if facts.decks != 1 else "",
        mark=mark,
        players=facts.table_players,
        numbers=facts.numbers,
        wilds=facts.wild_cards,
        skips=facts.skips,
    )


def _wild_text(facts: RulesFacts, lang: str) -> str:
    texts = TEXTS[lang]
    if not facts.wild_cards:
        return texts["wild_none"]
    if facts.pure_wilds:
        return texts["wild_pure"].format(n=facts.wild_cards)
    joiner = " og " if lang == "nb" else " and "
    return texts["wild_natural"].format(n=facts.wild_cards, ranks=joiner.join(facts.wild_ranks))


def _budget_text(facts: RulesFacts, lang: str) -> str:
    texts = TEXTS[lang]
    if facts.unlimited_wilds:
        least = min(lv.natural_cards for lv in facts.levels)
        return texts["budget_unlimited"].format(word=_word(facts, lang), n=least)
    budgets = [lv.jokers for lv in facts.levels if not lv.unlimited]
    text = texts["budget_levels"].format(low=min(budgets), high=max(budgets))
    return text if facts.levels[0].jokers == 0 else text.split(" (")[0]


def _kinds(rules: Rules) -> tuple[GroupKind, ...]:
    found = {g.kind for lv in rules.levels for g in lv.groups}
    return tuple(k for k in (GroupKind.RUN, GroupKind.SET, GroupKind.COLOUR) if k in found)


def _kinds_text(rules: Rules, lang: str) -> str:
    texts = TEXTS[lang]
    names = {
        GroupKind.RUN: texts[f"run_{rules.family}"],
        GroupKind.SET: texts["set"],
        GroupKind.COLOUR: texts["colour"],
    }
    return "; ".join(names[k] for k in _kinds(rules))


def _levels_text(facts: RulesFacts, lang: str) -> str:
    texts = TEXTS[lang]
    low, high = facts.lay_down_cards
    head = texts["levels_value"].format(count=len(facts.levels), word=_word(facts, lang, plural=True), low=low, high=high)
    return f"{head}; {texts[f'extent_{facts.family}']}"


def _row(label: str, cells: Sequence[str]) -> str:
    return _html_row(label, [escape(c) for c in cells])


def _html_row(label: str, cells: Sequence[str]) -> str:
    """A row whose cells are HTML already (an estimate over its interval: ``_stacked``)."""
    return f"<tr><th scope='row'>{escape(label)}</th>{''.join(f'<td>{c}</td>' for c in cells)}</tr>"


def _interval(e: Estimate | None, lang: str, percent: bool = False, digits: int = 1) -> str:
    if e is None:
        return "—"
    if percent:
        return f"{percent_text(e.value, lang, digits)} ({number_text(100 * e.low, lang, digits, end=True)}–{number_text(100 * e.high, lang, digits, end=True)})"
    return interval_text(e.value, e.low, e.high, lang, digits)


def _stacked(e: Estimate | None, lang: str, percent: bool = False, digits: int = 1) -> str:
    """An estimate over its 95% interval (``estimate_cell``): the narrow form of ``_interval``."""
    if e is None:
        return "—"
    if percent:
        low, high = number_text(100 * e.low, lang, digits, end=True), number_text(100 * e.high, lang, digits, end=True)
        return estimate_cell(percent_text(e.value, lang, digits), low, high)
    return estimate_cell(number_text(e.value, lang, digits), number_text(e.low, lang, digits, end=True), number_text(e.high, lang, digits, end=True))


def _scroll(table: str) -> str:
    """A table in a box of its own that scrolls sideways on a narrow screen."""
    return f"<div class='{TABLE_SCROLL}' role='region' tabindex='0' style='overflow-x:auto;max-width:100%'>{table}</div>"


# --- views ------------------------------------------------------------------------------------------


class _HTMLView(ModelLanguage, w.VBox):  # type: ignore[misc]
    """A view that draws itself as HTML from the model, again when the language or the data change."""

    def __init__(self, model: ComparisonModel, **kwargs: Any) -> None:
        self.model = model
        self._html = w.HTML()
        super().__init__([style_tag(), self._html], **kwargs)
        self.add_class("u9")
        model.observe(guard(self, lambda _c: self.redraw()), names=["lang", "comparison", "published"])
        self.redraw()

    def redraw(self) -> None:
        self._html.value = self.html(str(self.model.lang))

    def html(self, lang: str) -> str:
        raise NotImplementedError


class RulesSideBySide(_HTMLView):
    """The rule sets compared aspect by aspect, every value read from the rule sets' data; values
    the rules text does not state are marked ``*``."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        model = self.model
        rules = model.rule_sets
        facts = [model.facts(r.key) for r in rules]
        rows = [
            (texts["players"], [f"{f.players[0]}–{f.players[1]}{'*' if f.players_reconstructed else ''}" for f in facts]),
            (texts["deck"], [_deck_text(f, lang) for f in facts]),
            (texts["hand"], [texts["hand_value"].format(n=f.hand_size) + ("*" if f.hand_size_reconstructed else "") for f in facts]),
            (texts["wild"], [_wild_text(f, lang) for f in facts]),
            (texts["budget"], [_budget_text(f, lang) for f in facts]),
            (texts["levels"], [_levels_text(f, lang) for f in facts]),
            (texts["kinds"], [_kinds_text(r, lang) for r in rules]),
            (texts["order"], [texts["order_free" if f.free_order else "order_fixed"].format(word=_word(f, lang), one=_one(f, lang)) for f in facts]),
            (texts["adding"], [texts[family_of(f.family).donating] for f in facts]),
            (texts["skips"], [texts["skips_value"].format(n=f.skips) if f.skips else texts["skips_none"] for f in facts]),
            (texts["penalties"], [_penalties_text(f, lang) for f in facts]),
            (
                texts["ties"],
                [texts["tie_deciding" if f.tie_break is TieBreak.DECIDING_ROUND else "tie_share"].format(word=_word(f, lang)) for f in facts],
            ),
            (texts["valve"], [texts["valve_on" if f.safety_valve else "valve_off"] for f in facts]),
        ]
        names = [ruleset_name(r, lang) for r in rules]
        head = "<tr><th></th>" + "".join(f"<th scope='col'>{escape(name)}</th>" for name in names) + "</tr>"
        body = "".join(_row(label, cells) for label, cells in rows)
        return (
            _scroll(f"<table class='u9-table u9-compare-rules' aria-label='{escape(' / '.join(names))}'>{head}{body}</table>")
            + f"<div class='u9-note'>{escape(texts['reconstructed'])}</div>"
        )


class LevelsSideBySide(_HTMLView):
    """Level n of each rule set beside each other: contract and how many wild cards."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        rules = self.model.rule_sets
        count = max(len(r.levels) for r in rules)
        head = f"<tr><th>{escape(texts['number'])}</th>" + "".join(f"<th scope='col'>{escape(ruleset_name(r, lang))}</th>" for r in rules) + "</tr>"
        rows = []
        for n in range(1, count + 1):
            cells = []
            for r in rules:
                if n > len(r.levels):
                    cells.append("<td>—</td>")
                    continue
                level = r.level(n)
                contract = contract_text(level, lang, marks=True, rules=r)
                budget = budget_text(level, lang, marks=True)
                cells.append(f"<td><b>{escape(level_title(r, n, lang))}</b>: {escape(contract)}<br><span class='u9-note'>{escape(budget)}</span></td>")
            rows.append(f"<tr><td>{n}</td>{''.join(cells)}</tr>")
        table = _scroll(f"<table class='u9-table u9-compare-levels'>{head}{''.join(rows)}</table>")
        return f"{table}<div class='u9-note'>{escape(texts['reconstructed'])}</div>"


class SampleNote(_HTMLView):
    """How the numbers were measured, in plain words (games, deals, players, what an interval
    means); the rule sets' and the bot's names, the seed, the statistics' names and the data files
    in an "Advanced" section closed by default (the page's only one for the measurements)."""

    def __init__(self, model: ComparisonModel, **kwargs: Any) -> None:
        self._dev = w.HTML()
        self._advanced = Advanced([self._dev], lang=str(model.lang))
        super().__init__(model, **kwargs)
        self.children = (style_tag(), self._html, self._advanced)

    def redraw(self) -> None:
        super().redraw()
        lang = str(self.model.lang)
        self._dev.value = self.dev_html(lang)
        self._advanced.lang = lang

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        c = self.model.comparison
        text = texts["sample"].format(players=c.players, games=_count(c.games, lang), deals=_count(c.deals, lang))
        missing = [ruleset_name(r, lang) for r in self.model.rule_sets if not any(s.rules.key == r.key and s.games for s in c.sides)]
        note = f"<div class='u9-bad' style='font-size:1em'>{escape(texts['missing_side'].format(names=', '.join(missing)))}</div>" if missing else ""
        return f"<div class='u9-note u9-sample-note' style='font-size:.95em'>{text}</div>{note}"

    def dev_html(self, lang: str) -> str:
        """The details a developer wants: the bots' class, the seed, the intervals' methods, the cache file."""

        c = self.model.comparison
        text = TEXTS[lang]["sample_dev"].format(bot=escape(c.bot), seed=c.seed, command=escape(c.command), resamples=_count(RESAMPLES, lang))
        return f"<div class='u9-note u9-sample-dev'>{text}</div>"


class MeasuredTable(_HTMLView):
    """The games' estimates of each rule set beside each other, each with its 95% interval."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        sides = self.model.measured
        stats = [self.model.stats(s.rules.key) for s in sides]
        # Each estimate over its interval (``_stacked``), as on the other tables: a range never breaks in two on a phone.
        rows: list[tuple[str, list[str]]] = [
            (texts["games"], [escape(_count(s.games, lang)) for s in stats]),
            (texts["rounds"], [_stacked(s.rounds, lang, digits=2) for s in stats]),
            (texts["turns"], [_stacked(s.turns, lang) for s in stats]),
            (texts["turns_per_round"], [_stacked(s.turns_per_round, lang) for s in stats]),
            (texts["impossible"], [_stacked(s.impossible_share, lang, percent=True, digits=2) for s in stats]),
            (texts["stalemate"], [_stacked(s.stalemate_share, lang, percent=True, digits=2) for s in stats]),
            (texts["tied"], [_stacked(s.tied_wins, lang, percent=True) for s in stats]),
            (texts["deciding"], [_stacked(s.deciding_games, lang, percent=True) for s in stats]),
            (texts["skipped_turns"], [_stacked(s.skipped_turns, lang) for s in stats]),
            (texts["final"], [_stacked(s.final_penalties, lang) for s in stats]),
            (texts["winner"], [_stacked(s.winner_penalties, lang) for s in stats]),
            (texts["spread"], [_stacked(s.spread, lang) for s in stats]),
            (texts["spread_sd"], [_stacked(s.spread_sd, lang) for s in stats]),
        ]
        head = f"<tr><th>{escape(texts['measure'])}</th>" + "".join(f"<th scope='col'>{escape(ruleset_name(s.rules, lang))}</th>" for s in sides) + "</tr>"
        return _scroll(f"<table class='u9-table u9-compare-measured'>{head}{''.join(_html_row(label, cells) for label, cells in rows)}</table>")


class RoundsPerLevelTable(_HTMLView):
    """The rounds-per-level chart's numbers: for each number, level n of one rule set and phase n
    of the other in columns of their own (different contracts, side by side, never joined), with
    the rounds a player spends per lay-down and its 95% interval."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        sides = self.model.measured
        per_level = [self.model.stats(s.rules.key).rounds_per_level for s in sides]
        names = [ruleset_name(s.rules, lang) for s in sides]
        head = f"<tr><th scope='col'>{escape(texts['number'])}</th>" + "".join(
            f"<th scope='col'>{escape(name)}</th><th scope='col'>{escape(texts['levels_axis'])}</th>" for name in names
        )
        rows = []
        for n in range(1, max((len(e) for e in per_level), default=0) + 1):
            cells = [f"<th scope='row'>{n}</th>"]
            for side, estimates in zip(sides, per_level, strict=True):
                rules = side.rules
                if n > len(estimates):
                    cells.append("<td></td><td></td>")
                    continue
                contract = contract_text(rules.level(n), lang, rules=rules)
                cells.append(f"<td>{escape(contract)}</td><td class='u9-number' style='white-space:nowrap'>{_interval(estimates[n - 1], lang, digits=2)}</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        full = _scroll(f"<table class='u9-table u9-compare-per-level'>{head}</tr>{''.join(rows)}</table>")
        return fit_phone(full, self._compact(lang), [texts["contracts"]], lang, key="compare-per-level")

    def _compact(self, lang: str) -> str:
        """The table on a phone: per number, each rule set's rounds per lay-down over its interval."""
        texts = TEXTS[lang]
        sides = self.model.measured
        per_level = [self.model.stats(s.rules.key).rounds_per_level for s in sides]
        unit = f"<br><span class='u9-note'>{escape(texts['levels_axis'])}</span>"
        names = "".join(f"<th scope='col'>{escape(ruleset_name(s.rules, lang))}{unit}</th>" for s in sides)
        head = f"<tr><th scope='col'>{escape(texts['number'])}</th>{names}"
        rows = []
        for n in range(1, max((len(e) for e in per_level), default=0) + 1):
            cells = "".join(f"<td class='u9-number'>{_stacked(e[n - 1] if n <= len(e) else None, lang, digits=2)}</td>" for e in per_level)
            rows.append(f"<tr><th scope='row'>{n}</th>{cells}</tr>")
        return _scroll(f"<table class='u9-table u9-compare-per-level u9-compact'>{head}</tr>{''.join(rows)}</table>")


class HoldingTable(_HTMLView):
    """The holding chart's numbers: for each number, each rule set's contract and the chance that a
    dealt hand holds it, from the sampled deals and in the games (a player's deal on that level),
    with 95% intervals and how many deals or games (in the column's head). On a
    phone, the sampled deals' chances alone, every column a tap away (``fit_phone``)."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        columns = self._columns(lang)
        head = f"<tr><th scope='col'>{escape(texts['number'])}</th>" + "".join(
            f"<th scope='col'>{escape(name)}</th>" + "".join(f"<th scope='col'>{escape(title)}</th>" for title, _e, _hands in chances)
            for name, _rules, chances in columns
        )
        rows = []
        for n in range(1, self._numbers() + 1):
            cells = [f"<th scope='row'>{n}</th>"]
            for _name, rules, chances in columns:
                if n > len(rules.levels):
                    cells.append("<td></td>" * (1 + len(chances)))
                    continue
                cells.append(f"<td>{escape(contract_text(rules.level(n), lang, rules=rules))}</td>")
                for _title, estimates, hands in chances:
                    e = estimates[n - 1] if n <= len(estimates) else None
                    # A bootstrap over the games (their number in the head); where no hand or every hand on
                    # the level held it, Wilson's interval over those hands, whose number differs.
                    under = ""
                    if hands and e is not None and e.method == "wilson":
                        under = f"<br><span class='u9-note'>{escape(texts['hold_hands'].format(n=_count(e.n, lang)))}</span>"
                    cells.append(f"<td class='u9-number' style='white-space:nowrap'>{_stacked(e, lang, percent=True, digits=2)}{under}</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        full = _scroll(f"<table class='u9-table u9-compare-holding'>{head}</tr>{''.join(rows)}</table>")
        return fit_phone(full, self._compact(columns, lang), [texts["contracts"], texts["hold_hidden"]], lang, key="compare-holding")

    def _columns(self, lang: str) -> list[tuple[str, Rules, list[tuple[str, Sequence[Estimate | None], bool]]]]:
        """Per rule set: its name, its rules, and its chances (a column's title, per number, whether
        each cell says its hands) from the sampled deals and from the games, where measured."""
        texts = TEXTS[lang]
        measured = {s.rules.key for s in self.model.measured}
        columns = []
        for side in self.model.comparison.sides:
            name = ruleset_name(side.rules, lang)
            chances: list[tuple[str, Sequence[Estimate | None], bool]] = []
            if side.holding.deals:
                chances.append((texts["hold_deals"].format(name=name, n=_count(side.holding.deals, lang)), side.holding.estimates(), False))
            if side.rules.key in measured:
                games = texts["hold_games"].format(name=name, n=_count(len(side.games), lang))
                chances.append((games, self.model.stats(side.rules.key).dealt_holds, True))
            if chances:
                columns.append((name, side.rules, chances))
        return columns

    def _numbers(self) -> int:
        return max((len(s.rules.levels) for s in self.model.comparison.sides), default=0)

    def _compact(self, columns: list[tuple[str, Rules, list[tuple[str, Sequence[Estimate | None], bool]]]], lang: str) -> str:
        """The table on a phone (``columns``: the full table's): per number, each rule set's chance
        from the sampled deals (or, with none, from the games), over its interval."""
        firsts = [chances[0] for _name, _rules, chances in columns]
        head = f"<tr><th scope='col'>{escape(TEXTS[lang]['number'])}</th>" + "".join(f"<th scope='col'>{escape(title)}</th>" for title, _e, _h in firsts)
        rows = []
        for n in range(1, self._numbers() + 1):
            cells = "".join(
                f"<td class='u9-number'>{_stacked(estimates[n - 1] if n <= len(estimates) else None, lang, percent=True, digits=2)}</td>"
                for _title, estimates, _hands in firsts
            )
            rows.append(f"<tr><th scope='row'>{n}</th>{cells}</tr>")
        return _scroll(f"<table class='u9-table u9-compare-holding u9-compact'>{head}</tr>{''.join(rows)}</table>")


class PenaltyTable(_HTMLView):
    """The penalty chart's numbers: every player's penalty total at the end of a game, for each
    rule set its lowest, its quarters (what the chart's box shows), its highest and its average."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        sides = self.model.measured
        totals = [s.penalty_totals() for s in sides]
        # The quartiles the chart's box draws (upto9.stats.five_numbers: plotly's "linear" way).
        described = [five_numbers(t) if len(t) else None for t in totals]
        rows: list[tuple[str, list[str]]] = [(texts["pen_players"], [escape(_count(len(t), lang)) for t in totals])]
        for i, key in enumerate(("pen_lowest", "pen_q1", "pen_median", "pen_q3", "pen_highest")):
            rows.append((texts[key], [escape(_number(d[i], lang, 0)) if d is not None else "—" for d in described]))
        # The mean is an estimate: with its 95% interval, as on the rest of the page.
        rows.append((texts["pen_mean"], [_stacked(self.model.stats(s.rules.key).final_penalties, lang) for s in sides]))
        head = f"<tr><th>{escape(texts['penalty_axis'])}</th>" + "".join(f"<th scope='col'>{escape(ruleset_name(s.rules, lang))}</th>" for s in sides) + "</tr>"
        return _scroll(f"<table class='u9-table u9-compare-penalties'>{head}{''.join(_html_row(label, cells) for label, cells in rows)}</table>")


def _number(x: float, lang: str, digits: int = 1, *, end: bool = False) -> str:
    return number_text(x, lang, digits, end=end)


def _plain_digits(*values: float) -> int:
    """Decimals for a difference said in words: none from 10 on ("about 42"), else one ("about 3.5")."""
    return 0 if min(abs(v) for v in values) >= 10 else 1


def _percent(x: float, lang: str) -> str:
    """A share as a percentage; small ones with two decimals (0.35%, not 0.3%)."""
    return percent_text(x, lang, 2 if x < 0.01 else 1)


def _percent_ticks(values: Sequence[float], lang: str) -> dict[str, Any]:
    """A log axis's ticks for shares, labelled the language's way (``'0.1%'``, ``'0,1 %'``):
    plotly's own percent format writes ``0.1%`` in every language."""
    import math

    shown = [v for v in values if v > 0]
    if not shown:
        return {}
    low, high = math.floor(math.log10(min(shown))), math.ceil(math.log10(max(shown)))
    steps = (1, 2, 5) if high - low <= 3 else (1,)
    ticks = [m * 10.0**e for e in range(low, high + 1) for m in steps if m * 10.0**e <= 1]
    labels = [percent_text(v, lang, max(0, -math.floor(math.log10(100 * v) + 1e-9))) for v in ticks]
    return {"tickmode": "array", "tickvals": ticks, "ticktext": labels}


def _extents(figure: Any) -> list[float]:
    """Every value a figure's traces show, their error bars' ends too."""
    found: list[float] = []
    for trace in figure.data:
        ys = [y for y in (trace.y or ()) if y is not None]
        found += ys
        bars = getattr(trace, "error_y", None)
        if bars is not None and bars.array is not None:
            found += [y + e for y, e in zip(trace.y, bars.array, strict=False) if y is not None and e is not None]
            found += [y - e for y, e in zip(trace.y, bars.arrayminus or (), strict=False) if y is not None and e is not None]
    return found


class Findings(_HTMLView):
    """What the measurements say, in sentences built from the estimates (so they stay true when
    the cache is made again): the differences in game length and penalties with their intervals,
    the level (phase) that holds players up longest, the rarest and commonest in the deal, and how
    many published values the engine's intervals hold."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        model = self.model
        c = model.comparison
        lines: list[str] = []
        measured = model.measured
        if len(measured) >= 2:
            first, second = measured[0].rules, measured[1].rules
            for measure, unit, key in (("rounds", "f_rounds", "f_length"), ("turns", "f_turns", "f_length"), ("penalties", "f_points", "f_penalties")):
                d = c.difference(first.key, second.key, measure)
                names = {"first": ruleset_name(first, lang), "second": ruleset_name(second, lang), "unit": texts[unit]}
                digits = _plain_digits(d.low, d.high)
                if d.contains(0):  # the difference may go either way: "between 2 fewer and 3 more"
                    fewest, most = _number(-d.low, lang, digits, end=True), _number(d.high, lang, digits, end=True)
                    lines.append(texts[f"{key}_same"].format(**names, low=fewest, high=most, fewer=texts["f_fewer"], more=texts["f_more"]))
                    continue
                # "About 42 turns fewer (likely between 38 and 46)": sizes, never a negative interval for a "fewer".
                near, far = sorted((abs(d.low), abs(d.high)))
                lines.append(
                    texts[key].format(
                        **names,
                        d=_number(abs(d.value), lang, digits),
                        more=texts["f_more" if d.value >= 0 else "f_fewer"],
                        low=_number(near, lang, digits, end=True),
                        high=_number(far, lang, digits, end=True),
                    )
                )
        for side in measured:
            rules = side.rules
            facts = model.facts(rules.key)
            stats = model.stats(rules.key)
            number = slowest(stats.rounds_per_level)
            if number is not None:
                e = stats.rounds_per_level[number - 1]
                assert e is not None
                word = _word(facts, lang)
                lines.append(
                    texts["f_slowest"].format(
                        word=word,
                        the_word=texts.get(f"{family_of(facts.family).level_word}_the", word),
                        name=ruleset_name(rules, lang),
                        title=level_title(rules, number, lang),
                        contract=contract_text(rules.level(number), lang, rules=rules),
                        value=_number(e.value, lang, 2),
                        low=_number(e.low, lang, 2, end=True),
                        high=_number(e.high, lang, 2, end=True),
                    )
                )
        for side in c.sides:
            if not side.holding.deals:
                continue
            rules = side.rules
            shares = side.holding.estimates()
            low = min(range(len(shares)), key=lambda i: shares[i].value)
            high = max(range(len(shares)), key=lambda i: shares[i].value)
            rarest = texts["f_rarest"].format(
                name=ruleset_name(rules, lang),
                title=level_title(rules, low + 1, lang),
                contract=contract_text(rules.level(low + 1), lang, rules=rules),
                value=_percent(shares[low].value, lang),
                low=_percent(shares[low].low, lang),
                high=_percent(shares[low].high, lang),
                n=_count(shares[low].n, lang),
                it=texts.get(f"{family_of(rules).level_word}_it", "it"),
            )
            commonest = texts["f_commonest"].format(
                title=level_title(rules, high + 1, lang),
                contract=contract_text(rules.level(high + 1), lang, rules=rules),
                value=_percent(shares[high].value, lang),
                low=_percent(shares[high].low, lang),
                high=_percent(shares[high].high, lang),
            )
            lines.append(f"{rarest} {commonest}")
        if model.published is not None:
            rows = [r for r in published_rows(c, model.published) if r.published is not None]
            if rows:
                inside = sum(1 for r in rows if r.engine.contains(r.published or 0.0))
                lines.append(texts["f_published"].format(inside=inside, count=len(rows)))
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        return f"<ul class='u9-findings' style='margin:.2em 0'>{items}</ul>"


class PublishedTable(_HTMLView):
    """A published figure (the share of dealt hands that already hold each phase) beside the
    engine's own estimate from its deals, with the source; or, when there is no credible published
    figure, the note that says so."""

    def html(self, lang: str) -> str:
        texts = TEXTS[lang]
        published = self.model.published
        if published is None:
            return ""
        # The citation is the source's own words (English): in another language a link to it, marked as English.
        cited = escape(published.citation) if lang == "en" or not published.url else ""
        words = escape(texts["source_link"] or published.url)
        link = f"<a href='{escape(published.url)}' target='_blank' rel='noopener' hreflang='en'>{words}</a>" if published.url else ""
        said = f"{cited}; {link}" if cited and link else cited or link  # the citation's last words, then the link: not run together
        source = f"<div class='u9-note u9-source'><b>{escape(texts['source'])}</b>: {said}</div>"
        note = published.note(lang)
        rows_data = published_rows(self.model.comparison, published)
        if not rows_data:
            return f"<div class='u9-note u9-published-none' style='font-size:1em'>{escape(note)}</div>{source}"
        rules = next(r for r in self.model.rule_sets if r.key == published.rules)
        head = (
            f"<tr><th>{escape(texts['pub_phase'])}</th><th>{escape(texts['pub_contract'])}</th><th>{escape(texts['pub_published'])}</th>"
            f"<th>{escape(texts['pub_engine'])} ({escape(texts['ci'])})</th><th>{escape(texts['pub_inside'])}</th></tr>"
        )
        # On a phone: the phase, the two figures (the engine's over its interval) and the verdict.
        short = (
            f"<tr><th>{escape(texts['pub_phase'])}</th><th>{escape(texts['pub_published'])}</th>"
            f"<th>{escape(texts['pub_engine'])}<br><span class='u9-note'>{escape(texts['ci'])}</span></th><th>{escape(texts['pub_inside_short'])}</th></tr>"
        )
        body, compact = [], []
        for row in rows_data:
            shown = "—" if row.published is None else percent_text(row.published, lang, 2)
            inside = "—" if row.published is None else texts["yes" if row.engine.contains(row.published) else "no"]
            engine = _interval(row.engine, lang, percent=True, digits=2)
            contract = contract_text(rules.level(row.level), lang, rules=rules)
            body.append(f"<tr><td>{row.level}</td><td>{escape(contract)}</td><td>{shown}</td><td>{engine}</td><td>{inside}</td></tr>")
            compact.append(f"<tr><td>{row.level}</td><td>{shown}</td><td>{_stacked(row.engine, lang, percent=True, digits=2)}</td><td>{inside}</td></tr>")
        full = _scroll(f"<table class='u9-table u9-published'>{head}{''.join(body)}</table>")
        narrow = _scroll(f"<table class='u9-table u9-published u9-compact'>{short}{''.join(compact)}</table>")
        return fit_phone(full, narrow, [texts["pub_contract"]], lang, key="compare-published") + f"<div class='u9-note'>{escape(note)}</div>{source}"


# --- charts -----------------------------------------------------------------------------------------


def _error_y(estimates: Sequence[Estimate | None]) -> dict[str, Any]:
    return {
        "type": "data",
        "symmetric": False,
        "array": [None if e is None else e.high - e.value for e in estimates],
        "arrayminus": [None if e is None else e.value - e.low for e in estimates],
        "thickness": 1.2,
        "width": 4,
    }


def _values(estimates: Sequence[Estimate | None]) -> list[float | None]:
    return [None if e is None else e.value for e in estimates]


def _layout(figure: Any, title: str, height: int = 420, lang: str = "en", subtitle: str = "") -> None:
    """Short titles (a phone's width), the language's decimal mark on the axes."""
    heading: dict[str, Any] = {"text": title, "font": {"size": 15}}
    if subtitle:
        heading["subtitle"] = {"text": subtitle, "font": {"size": 12}}
    figure.update_layout(
        title=heading,
        template="plotly_white",
        height=height,
        separators=",\u00a0" if lang == "nb" else ".,",
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"orientation": "h", "y": -0.18},
    )


def length_chart(model: ComparisonModel, lang: str) -> Any:
    """Mean rounds and turns per game of each rule set, with 95% bootstrap intervals."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    texts = TEXTS[lang]
    sides = model.measured
    figure = make_subplots(rows=1, cols=2, subplot_titles=(texts["rounds"], texts["turns"]), horizontal_spacing=0.2)  # room for a y-axis title
    for col, pick in ((1, "rounds"), (2, "turns")):
        estimates = [getattr(model.stats(s.rules.key), pick) for s in sides]
        names = [ruleset_name(s.rules, lang) for s in sides]
        figure.add_trace(
            go.Bar(
                x=names,
                y=_values(estimates),
                error_y=_error_y(estimates),
                marker_color=[COLOURS.get(s.rules.family, "#555") for s in sides],
                customdata=[
                    f"{name}: {_number(e.value, lang)}<br>{texts['ci']}: {_number(e.low, lang, end=True)}–{_number(e.high, lang, end=True)}"
                    for name, e in zip(names, estimates, strict=True)
                ],
                hovertemplate="%{customdata}<extra></extra>",
                showlegend=False,
            ),
            row=1,
            col=col,
        )
    figure.update_xaxes(title_text=texts["side_axis"])
    figure.update_yaxes(title_text=texts["rounds_axis"], row=1, col=1, rangemode="tozero")
    figure.update_yaxes(title_text=texts["turns_axis"], row=1, col=2, rangemode="tozero")
    _layout(figure, texts["length_title"], 380, lang)
    return figure


def _per_level_hover(side: Side, estimates: Sequence[Estimate | None], lang: str, percent: bool, name: str) -> list[str]:
    """Each level's hover text: the rule set, the level (phase) and its contract, the value and its interval."""
    texts = TEXTS[lang]
    rules = side.rules
    shown = []
    for n, e in enumerate(estimates, start=1):
        head = f"{escape(name)}<br>{level_title(rules, n, lang)}: {escape(contract_text(rules.level(n), lang, rules=rules))}"
        if e is None:
            shown.append(f"{head}: —")
            continue
        digits = 2
        value = percent_text(e.value, lang, digits) if percent else _number(e.value, lang, digits)
        high = percent_text(e.high, lang, digits) if percent else _number(e.high, lang, digits, end=True)
        low = _number(100 * e.low if percent else e.low, lang, digits, end=True)
        shown.append(f"{head}<br>{value} ({texts['ci']}: {low}–{high})")
    return shown


def _per_level_trace(side: Side, estimates: Sequence[Estimate | None], lang: str, percent: bool, name: str, offset: float = 0.0, hollow: bool = False) -> Any:
    """One rule set's estimates level by level, as markers with their 95% error bars and no line:
    level n of one rule set and phase n of another are different contracts, and neither is a step
    on the way to the next one."""
    import plotly.graph_objects as go

    colour = COLOURS.get(side.rules.family, "#555")
    numbers = list(range(1, len(estimates) + 1))
    return go.Scatter(
        x=[n + offset for n in numbers],  # side by side, so the markers do not hide each other
        y=_values(estimates),
        error_y={**_error_y(estimates), "color": colour},
        mode="markers",
        name=name,
        marker={"symbol": "circle-open" if hollow else "circle", "size": 9, "color": colour, "line": {"width": 2, "color": colour}},
        customdata=_per_level_hover(side, estimates, lang, percent, name),
        hovertemplate="%{customdata}<extra></extra>",
    )


def _per_level_layout(figure: Any, lang: str, title: str, axis: str, percent: bool, subtitle: str = "") -> None:
    texts = TEXTS[lang]
    figure.update_xaxes(title_text=texts["number_axis"], dtick=1)
    figure.update_yaxes(title_text=axis, rangemode="tozero")
    _layout(figure, title, 460, lang, subtitle)
    figure.update_layout(margin={"t": 80})


def levels_chart(model: ComparisonModel, lang: str) -> Any:
    """Rounds a player spends per level (phase) laid down, as grouped bars (one colour per rule set)
    with 95% bootstrap intervals: level n of Up to 9 beside phase n of Phase 10, never joined."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    figure = go.Figure()
    for side in model.measured:
        estimates = model.stats(side.rules.key).rounds_per_level
        name = ruleset_name(side.rules, lang)
        figure.add_trace(
            go.Bar(
                x=list(range(1, len(estimates) + 1)),
                y=_values(estimates),
                error_y={**_error_y(estimates), "color": "#333"},
                name=name,
                marker_color=COLOURS.get(side.rules.family, "#555"),
                customdata=_per_level_hover(side, estimates, lang, False, name),
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    _per_level_layout(figure, lang, texts["levels_title"], texts["levels_axis"], percent=False, subtitle=texts["levels_sub"])
    figure.update_layout(barmode="group")
    return figure


def holding_chart(model: ComparisonModel, lang: str) -> Any:
    """The chance that the dealt hand holds each level (phase): from the sampled deals (filled
    markers), and in the games, from the dealt hands of the players on that level (hollow markers),
    with 95% intervals; the published figure, if any, as diamonds. Markers only: no line joins
    one contract to another."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    figure = go.Figure()
    traces: list[tuple[Side, Sequence[Estimate | None], str, bool]] = []
    for side in model.comparison.sides:
        if side.holding.deals:
            traces.append((side, side.holding.estimates(), texts["deals_trace"].format(name=ruleset_name(side.rules, lang)), False))
    for side in model.measured:
        traces.append((side, model.stats(side.rules.key).dealt_holds, texts["games_trace"].format(name=ruleset_name(side.rules, lang)), True))
    step = 0.12
    offsets = [(i - (len(traces) - 1) / 2) * step for i in range(len(traces))]
    for (side, estimates, name, hollow), offset in zip(traces, offsets, strict=True):
        figure.add_trace(_per_level_trace(side, estimates, lang, True, name, offset, hollow))
    published = model.published
    if published is not None and published.shares:
        rules = next((r for r in model.rule_sets if r.key == published.rules), None)
        name = ruleset_name(rules, lang) if rules is not None else published.rules
        # Beside the same rule set's sampled deals, the estimate it is compared with.
        offset = next((o for (side, _e, _n, hollow), o in zip(traces, offsets, strict=True) if side.rules.key == published.rules and not hollow), 0.0)
        figure.add_trace(
            go.Scatter(
                x=[n + offset for n in range(1, len(published.shares) + 1)],
                y=list(published.shares),
                mode="markers",
                marker={"symbol": "diamond-open", "size": 12, "color": "#e65100", "line": {"width": 2}},
                name=texts["published_trace"].format(name=name, source=published.short),
                customdata=[f"{escape(published.short)}: {'—' if v is None else percent_text(v, lang, 2)}" for v in published.shares],
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    _per_level_layout(figure, lang, texts["holding_title"], texts["holding_axis"], percent=True, subtitle=texts["holding_sub"])
    # A log axis: the rare levels (a fraction of a percent) matter as much as the common ones.
    figure.update_yaxes(type="log", rangemode=None, title_text=texts["holding_axis_log"], **_percent_ticks(_extents(figure), lang))
    # The legend well below the axis title: drawn on demand, plotly places it up to 40 px higher than asked.
    figure.update_layout(height=600, legend={"orientation": "h", "y": -0.26, "x": 0, "yanchor": "top"}, margin={"b": 170})
    return figure


def penalties_chart(model: ComparisonModel, lang: str) -> Any:
    """Every player's penalty total at the end of a game, as a box per rule set (the mean marked)."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    figure = go.Figure()
    for side in model.measured:
        figure.add_trace(
            go.Box(
                y=side.penalty_totals(),
                name=ruleset_name(side.rules, lang),
                boxmean=True,
                marker_color=COLOURS.get(side.rules.family, "#555"),
                boxpoints=False,
                hoverinfo="skip",  # plotly's box labels (q1, median, fences) are English statistics terms
            )
        )
    figure.update_xaxes(title_text=texts["side_axis"])
    figure.update_yaxes(title_text=texts["penalty_axis"], rangemode="tozero")
    _layout(figure, texts["penalty_title"], 400, lang)
    figure.update_layout(showlegend=False)
    return figure


CHARTS: Final[dict[str, Callable[[ComparisonModel, str], Any]]] = {
    "length": length_chart,
    "levels": levels_chart,
    "holding": holding_chart,
    "penalties": penalties_chart,
}


class ComparisonChart(ModelLanguage, w.VBox):  # type: ignore[misc]
    """One plotly chart of the comparison (``kind``: ``'length'``, ``'levels'``, ``'holding'`` or
    ``'penalties'``), drawn again when the language or the data change. The figure is set as the
    output widget's output (not captured while it runs: Voila's capture can stall on a large
    output such as a plotly figure)."""

    def __init__(self, model: ComparisonModel, kind: str, **kwargs: Any) -> None:
        if kind not in CHARTS:
            raise ValueError(f"kind must be one of {', '.join(CHARTS)}, not {kind!r}")
        self.model = model
        self.kind = kind
        self._output = w.Output()
        super().__init__([self._output], **kwargs)
        self.add_class("u9")
        self.add_class(f"u9-chart-{kind}")
        model.observe(guard(self, lambda _c: self.redraw()), names=["lang", "comparison", "published"])
        self.redraw()

    @property
    def figure(self) -> Any:
        """The chart as a plotly figure, in the model's language."""
        return CHARTS[self.kind](self.model, str(self.model.lang))

    def redraw(self) -> None:
        # Kept by what it is drawn from: the page's kernels, forked after the warm process drew it, do not draw it again.
        model = self.model
        self._output.outputs = drawn((self.kind, model.comparison, model.published, model.rule_sets), str(model.lang), lambda: self.figure)
