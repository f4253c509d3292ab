"""The house-rule lab's view: change a rule and compare it with the standard rules on the same seeds.

The level rules (budgets, group sizes) are changed in the widgets' ``RulesExplorer``; this view
adds the table's other rules (the number of decks, the penalty values), plays games with the
engine's bots under both rule sets from the same seeds (``upto9.compare.play_games``: game ``i``
has the same shuffles and bots under both), and draws the comparison: game length, rounds per
level, impossible rounds, penalty points and their spread, the first seat's wins: each as the
house side's difference on the same deals with its 95 % paired interval, its sample size and
what it means in plain words (``upto9.compare.paired_measures``, ``upto9.stats``). It plays in
batches until the answer is clear, the most games asked for, or its time budget (``LAB_SECONDS``).

The base rule set is the explorer's choice (Up to 9, Phase 10, or Up to 9 with one deck fewer): the
table's rules below are that rule set's own (its deck entries, its penalty groups), and both sides
are played under it.

Games played in advance are served instead of playing them again when they are the very games asked
for (the same rules, table and game numbers): the standard side from the atlas file, and any side
from ``played`` (``upto9.compare.PlayedGames``: the notebook's opening house rule, from
``data/lab.json``). So the page opens at once, and shows what playing them now would give.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w
import pandas as pd

from upto9.atlas import Atlas
from upto9.compare import (
    HEADLINES,
    CompareError,
    FamilySummary,
    GameSummary,
    PairedMeasure,
    PlayedGames,
    dask_client,
    family_headlines,
    family_paired_measures,
    paired_measures,
    play_family_games,
    play_games,
)
from upto9.family import RummyFamily, game_family
from upto9.rules import UPTO9, Rules, RulesError, builtin_rules, rules_from_dict
from upto9.stats import Estimate, Stop, bootstrap_mean, bootstrap_ratio, stop_reason, stop_words, verdict

from ._common import OwnLanguage, WholeNumber, guard, replace_children
from .atlas import TABLE_SCROLL
from .budget import OverBudget, within
from .choice import ruleset_name
from .explorer import HOUSE_SOURCE, RulesExplorer, facts_html, refusal_reason, refusal_text
from .page import Advanced, LangOutput, Progress
from .texts import LANGS, check_lang, field_label, level_title, number_text, worded

__all__ = [
    "BAD_FIELD_CLASS",
    "CHART_KINDS",
    "DASK_ENV",
    "FAMILY_GAMES",
    "LAB_SECONDS",
    "MAX_LAB_GAMES",
    "STALE_CLASS",
    "TEXTS",
    "HouseRuleLab",
    "compare_table",
    "family_fields",
    "game_name",
    "lab_chart",
    "penalty_groups",
    "refusal_text",
    "table_html",
    "with_family_rules",
    "with_table_rules",
]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "game": "Game",
        "family_title": "{name}: the house rules to try",
        "family_help": (
            "{name} has no levels, so the rules explorer above has nothing to change for it: set its house rules here, "
            "and the lab plays both rule sets with the game's own bots on the same game numbers."
        ),
        "yes": "yes",
        "no": "no",
        "seats_fewer": "With {what} the deck seats at most {n} players: the table of {players} cannot be dealt; pick fewer players.",
        "moves": "Moves per game (average)",
        "pick_ups": "Pick-ups per game: the pile taken up (average)",
        "clears": "Clears per game: the pile sent out (average)",
        "picked_up_cards": "Cards picked up per game (average)",
        "blind_failed": "Face-down cards that did not fit, per game (average)",
        "busts": "Turns ended by a 2 or 3, per game (average)",
        "aces": "Aces drawn per game (average)",
        "shifts": "Placed cards moved per game (average)",
        "draw": "Games ending in a draw (%)",
        "first_seat_family": "Games won by the player who starts (%)",
        "t_turns": "Game length: turns per game",
        "t_second": "{what}",
        "u_moves": " moves",
        "u_pick_ups": " pick-ups",
        "u_clears": " clears",
        "u_cards": " cards",
        "dask": "Dask scheduler address, empty: this machine",
        "dask_used": "The games were played on the Dask cluster at {address}.",
        "dask_down": "The Dask scheduler at {address} does not answer: these games were played on this machine instead.",
        "luck": (
            "{name}: the wins of the player who starts are the game's luck in one figure: with {players} players, "
            "pure luck would give the starter {share} of the wins."
        ),
        "title": "The table's rules: decks and penalty points",
        "decks_for": "Decks, {low}–{high} players",
        "pen_wild": "2 and 3",
        "pen_p10_low": "1 to 9",
        "pen_p10_high": "10 to 12",
        "pen_p10_wild": "Wild card",
        "pen_p10_skip": "Skip",
        "level_phase": "Phase",
        "t_levels_phase": "Rounds a player spends on each phase",
        "pen_low": "4 to 9",
        "pen_high": "10 J Q K",
        "pen_ace": "Ace",
        "penalties": "Penalty points for a card left in hand",
        "players": "Players",
        "games": "At most, games a side",
        "compare": "Play both and compare (the same deals)",
        "standard": "Standard rules",
        "house": "House rules",
        "changed": "Changed from the standard rules: {what}.",
        "unchanged": "No rule changed yet: both sides play the standard rules.",
        "refused": "Not a rule set that can be played: {error}",
        "fix_one": "Nothing can be played until this box is put right: {fields}.",
        "fix_many": "Nothing can be played until these {count} boxes are put right: {fields}.",
        "cached": "The games played in advance are read from the page's data files (the same seeds); the others are played now.",
        "cached_both": "Both sides were played in advance (the same seeds) and are read from the page's data files.",
        "rounds": "Rounds per game (average)",
        "turns": "Turns per game (average)",
        "impossible": "Impossible rounds per 100 games (no one could still make their level)",
        "stalemates": "Stuck rounds per 100 games (everyone down, no one could go out)",
        "penalty_mean": "Penalty points per player at the end (average)",
        "rounds_level": "Rounds per level (average)",
        "rounds_level_phase": "Rounds per phase (average)",
        "t_length": "Game length: rounds per game",
        "t_levels": "Rounds a player spends on each level",
        "t_impossible": "Impossible and stuck rounds per 100 games",
        "t_penalty": "Penalty points at the end, every player",
        "impossible_short": "Impossible rounds",
        "stalemates_short": "Stuck rounds",
        "no_impossible": "No impossible or stuck rounds in these games, under either rule set.",
        "level": "Level",
        "side": "Rule set",
        "points": "Penalty points",
        "per100": "per 100 games",
        "per100_axis": "Rounds per 100 games",
        "what": "Measure",
        "difference": "Difference (95% interval)",
        "meaning": "What it means",
        "to": "to",
        "method": "Interval (method)",
        "penalty_spread": "Penalty points: highest minus lowest player in a game (average)",
        "first_seat": "Games won by the player in seat 1 (%)",
        "rounds_level_n": "{level}: rounds per lay-down (all players' rounds on it ÷ the times it was laid down)",
        "lay_down_n": "{level}: share of rounds ending in a lay-down (%)",
        "u_rounds": " rounds",
        "u_turns": " turns",
        "u_per100": " per 100 games",
        "u_points": " points",
        "u_pp": " percentage points",
        "headline": "The answer: {why}.",
        "also": "Also changed (each interval leaves out 0; the table below has every measure):",
        "time_limit": "A comparison may take {seconds} s of the shared server's time; these are the games played in it.",
        "sequential": (
            "The lab plays the games in batches (40 a side first) and stops as soon as the game length and the "
            "penalty points are each clear (their interval leaves out 0) or narrow enough (±0.5 rounds, ±5 points), "
            "at the most games asked for, or at the time limit."
        ),
        "seeds": (
            "{games} games, {players} players, sensible bots in every seat. Each game is shuffled and played the same way "
            "under both rule sets (the same game numbers, 0 to {last}), so a difference comes from the rules."
        ),
        "seeds_dev": "Games 0 to {last} of {call}, a {bot} in every seat.",
        "all_figures": "Every figure, with the statistics' own names:",
        "decks": "decks",
        "penalty": "penalties",
        "stale": ("These results are for the earlier settings: the rules, players or games have changed since. Press “{button}” to play the games again."),
        "none": (
            "Not one game could be finished in the {seconds} s a comparison may take on this shared server: under these rules a "
            "round can go on for a very long time (a level no one can make). Make the level easier, or undo the house rule."
        ),
    },
    "nb": {
        "game": "Spill",
        "family_title": "{name}: husreglene du kan prøve",
        "family_help": (
            "{name} har ingen nivåer, så regelutforskeren ovenfor har ingenting å endre for det: velg husreglene her, "
            "så spiller laben begge regelsettene med spillets egne roboter på de samme spillnumrene."
        ),
        "yes": "ja",
        "no": "nei",
        "seats_fewer": "Med {what} har kortstokken plass til høyst {n} spillere: et bord med {players} kan ikke deles ut; velg færre spillere.",
        "moves": "Trekk per spill (snitt)",
        "pick_ups": "Ganger bunken tas opp per spill (snitt)",
        "clears": "Ganger bunken ryddes per spill (snitt)",
        "picked_up_cards": "Kort tatt opp per spill (snitt)",
        "blind_failed": "Kort med forsiden ned som ikke passet, per spill (snitt)",
        "busts": "Turer som endte med en 2-er eller 3-er, per spill (snitt)",
        "aces": "Ess trukket per spill (snitt)",
        "shifts": "Lagte kort flyttet per spill (snitt)",
        "draw": "Spill som ender uavgjort (%)",
        "first_seat_family": "Spill vunnet av spilleren som begynner (%)",
        "t_turns": "Spillets lengde: turer per spill",
        "t_second": "{what}",
        "u_moves": " trekk",
        "u_pick_ups": " ganger",
        "u_clears": " ganger",
        "u_cards": " kort",
        "dask": "Adressen til Dask-planleggeren, tom: denne maskinen",
        "dask_used": "Spillene ble spilt på Dask-klyngen på {address}.",
        "dask_down": "Dask-planleggeren på {address} svarer ikke: disse spillene ble spilt på denne maskinen i stedet.",
        "luck": (
            "{name}: seirene til spilleren som begynner, er spillets flaks i ett tall: med {players} spillere "
            "ville ren flaks gitt den som begynner {share} av seirene."
        ),
        "title": "Bordets regler: kortstokker og straffepoeng",
        "decks_for": "Kortstokker, {low}–{high} spillere",
        "pen_wild": "2 og 3",
        "pen_p10_low": "1 til 9",
        "pen_p10_high": "10 til 12",
        "pen_p10_wild": "Joker",
        "pen_p10_skip": "Hopp over",
        "level_phase": "Fase",
        "t_levels_phase": "Runder en spiller bruker på hver fase",
        "pen_low": "4 til 9",
        "pen_high": "10 J Q K",
        "pen_ace": "Ess",
        "penalties": "Straffepoeng for et kort igjen på hånda",
        "players": "Spillere",
        "games": "Høyst, spill per side",
        "compare": "Spill begge og sammenlign (samme utdelinger)",
        "standard": "Standardregler",
        "house": "Husregler",
        "changed": "Endret fra standardreglene: {what}.",
        "unchanged": "Ingen regel er endret ennå: begge sider spiller standardreglene.",
        "refused": "Ikke et regelsett som kan spilles: {error}",
        "fix_one": "Ingenting kan spilles før denne boksen er rettet: {fields}.",
        "fix_many": "Ingenting kan spilles før disse {count} boksene er rettet: {fields}.",
        "cached": "Spillene som ble spilt på forhånd, leses fra sidens datafiler (samme frø); de andre spilles nå.",
        "cached_both": "Begge sidene ble spilt på forhånd (samme frø) og leses fra sidens datafiler.",
        "rounds": "Runder per spill (snitt)",
        "turns": "Turer per spill (snitt)",
        "impossible": "Umulige runder per 100 spill (ingen kunne lenger klare nivået sitt)",
        "stalemates": "Fastlåste runder per 100 spill (alle har lagt ned, ingen kunne gå ut)",
        "penalty_mean": "Straffepoeng per spiller til slutt (snitt)",
        "rounds_level": "Runder per nivå (snitt)",
        "rounds_level_phase": "Runder per fase (snitt)",
        "t_length": "Spillets lengde: runder per spill",
        "t_levels": "Runder en spiller bruker på hvert nivå",
        "t_impossible": "Umulige og fastlåste runder per 100 spill",
        "t_penalty": "Straffepoeng til slutt, alle spillere",
        "impossible_short": "Umulige runder",
        "stalemates_short": "Fastlåste runder",
        "no_impossible": "Ingen umulige eller fastlåste runder i disse spillene, med noen av regelsettene.",
        "level": "Nivå",
        "side": "Regelsett",
        "points": "Straffepoeng",
        "per100": "per 100 spill",
        "per100_axis": "Runder per 100 spill",
        "what": "Mål",
        "difference": "Forskjell (95 %-intervall)",
        "meaning": "Hva det betyr",
        "to": "til",
        "method": "Intervall (metode)",
        "penalty_spread": "Straffepoeng: høyeste minus laveste spiller i et spill (snitt)",
        "first_seat": "Spill vunnet av spilleren på plass 1 (%)",
        "rounds_level_n": "{level}: runder per nedlegg (alle spillernes runder på nivået ÷ gangene det ble lagt ned)",
        "lay_down_n": "{level}: andel runder som ender med nedlegg (%)",
        "u_rounds": " runder",
        "u_turns": " turer",
        "u_per100": " per 100 spill",
        "u_points": " poeng",
        "u_pp": " prosentpoeng",
        "headline": "Svaret: {why}.",
        "also": "Også endret (hvert intervall utelater 0; tabellen under har alle målene):",
        "time_limit": "En sammenligning kan ta {seconds} s av den delte serverens tid; dette er spillene som ble spilt på den tiden.",
        "sequential": (
            "Laben spiller spillene i omganger (40 på hver side først) og stopper så snart spillets lengde og "
            "straffepoengene hver for seg er tydelige (intervallet utelater 0) eller smale nok (±0,5 runder, ±5 poeng), "
            "ved flest spill du ba om, eller ved tidsgrensen."
        ),
        "seeds": (
            "{games} spill, {players} spillere, fornuftige roboter på alle plasser. Hvert spill stokkes og spilles likt "
            "med begge regelsettene (de samme spillnumrene, 0 til {last}), så en forskjell kommer fra reglene."
        ),
        "seeds_dev": "Spill 0 til {last} av {call}, en {bot} på hver plass.",
        "all_figures": "Alle tallene, med statistikkens egne navn:",
        "decks": "kortstokker",
        "penalty": "straffepoeng",
        "stale": (
            "Disse resultatene gjelder de forrige innstillingene: reglene, spillerne eller spillene er endret siden. "
            "Trykk «{button}» for å spille spillene på nytt."
        ),
        "none": (
            "Ikke ett eneste spill ble ferdig på de {seconds} s en sammenligning kan ta på denne delte serveren: med disse reglene "
            "kan en runde vare svært lenge (et nivå ingen klarer). Gjør nivået lettere, eller angre husregelen."
        ),
    },
}
assert set(TEXTS) == set(LANGS)

MAX_LAB_GAMES: Final = 1000
"""The most games a comparison may play, per side (the slider's end). The lab plays in batches and
stops well before it when the answer is clear (``upto9.stats.stop_reason``); the time budget
(``LAB_SECONDS``) ends a long run first on a shared server."""

LAB_SECONDS: Final = 15.0
"""The CPU seconds one comparison may take, both sides together: about 110 games a side at some
0.07 s a game (4 sensible bots, Up to 9), enough to settle most questions, and with the drawing
after it the slowest question still answers within 20 s of CPU (``benchmarks/bench_lab.py``); a
published page's kernel shares its machine's two cores with the whole class. Past it the games that finished are compared,
the same game numbers on both sides, and the page says so; a house rule that makes rounds endless (a
level no one can make: one game alone can take many minutes) is stopped here."""

FIRST_BATCH: Final = 40
"""Games a side in the first batch; each later batch adds half the games played so far (40, 40, 40,
60, 90, ...), so the intervals are looked at a handful of times, not after every game."""

STOP_CONFIDENCE: Final = 0.99
"""The confidence of the intervals that decide when to stop (the page shows 95 % ones): looking at
the data after every batch gives luck several chances to look like a change; at 99 % per look, a few
looks together stay near the 95 % the page promises (``docs/statistics.md``)."""

_PENALTY_GROUPS: Final = {
    "pen_wild": ("2", "3"),
    "pen_low": ("4", "5", "6", "7", "8", "9"),
    "pen_high": ("10", "J", "Q", "K"),
    "pen_ace": ("A",),
}
_PHASE10_PENALTY_GROUPS: Final = {
    "pen_p10_low": tuple(str(n) for n in range(1, 10)),
    "pen_p10_high": ("10", "11", "12"),
    "pen_p10_wild": ("wild",),
    "pen_p10_skip": ("skip",),
}
_GROUP_NAMES: Final = {"2 and 3": "pen_wild", "4 to 9": "pen_low", "10 J Q K": "pen_high", "A": "pen_ace"} | {
    "1 to 9": "pen_p10_low",
    "10 to 12": "pen_p10_high",
    "wild": "pen_p10_wild",
    "skip": "pen_p10_skip",
}


_PENALTY_GROUPS_OF: Final = {"upto9": _PENALTY_GROUPS, "phase10": _PHASE10_PENALTY_GROUPS}
"""Each family's penalty groups (their names are this module's text keys), by family key."""


def penalty_groups(rules: Rules) -> dict[str, tuple[str, ...]]:
    """The penalty values the lab edits together, by their text key: Up to 9's by rank, Phase 10's by number."""
    return _PENALTY_GROUPS_OF[rules.family]


def with_table_rules(rules: Rules, decks: Sequence[int | str] | None = None, penalties: dict[str, int | str] | None = None) -> Rules:
    """``rules`` with the number of decks (one per entry of ``rules.decks``, in order) and some
    penalty values (``{"2": 25, "K": 10}``) changed, marked as house rules; through the engine,
    which refuses a table that cannot be dealt, and a value that is no whole number (a box's text,
    ``'1.5'``), in its words (``RulesError``)."""
    data = rules.to_dict()
    house = set(data.get("house_rules", []))
    changed = False
    if decks is not None and [d["decks"] for d in data["decks"]] != list(decks):
        data["decks"] = [{"players": d["players"], "decks": n} for d, n in zip(data["decks"], decks, strict=True)]
        house.add("decks")
        changed = True
    for rank, points in (penalties or {}).items():
        if data["penalties"][rank] != points:
            changed = True
            data["penalties"][rank] = points
            house.add(f"penalties.{rank}")
            marks = data["penalties"].get("reconstructed")
            if marks and rank in marks:
                marks.remove(rank)
    if not changed:
        return rules  # the table as the rule set has it: the very rule set
    if house != set(data.get("house_rules", [])):
        data["house_rules"] = sorted(house)
        data["base"] = data.get("base") or rules.key
        if "(house rules)" not in data["name"]:
            data["name"] = f"{data['name']} (house rules)"
    return rules_from_dict(data, HOUSE_SOURCE)


FAMILY_GAMES: Final[tuple[Rules, ...]] = (builtin_rules("threeup"), builtin_rules("picture_cards"))
"""The games without levels the lab offers beside the explorer's rummies: their house rules are the lab's own controls."""

DASK_ENV: Final = "UPTO9_DASK_SCHEDULER"
"""The environment variable naming a Dask scheduler (``tcp://host:8786``) the lab sends its games to; unset: this machine."""

_FAMILY_SKIPPED: Final = frozenset({"turn_limit", "rounds"})
"""Fields the lab does not offer: the engine's turn guard (no rule) and a game of several games for points (another question)."""


def game_name(rules: Rules, lang: str = "en") -> str:
    """A game's name on the page (``ruleset_name``: a family names its rule sets in its catalog).

    >>> game_name(FAMILY_GAMES[1], "nb"), game_name(FAMILY_GAMES[0], "nb")
    ('Bildekort', '3UP 3DOWN')
    """
    return ruleset_name(rules, lang)


def family_fields(rules: Rules) -> tuple[tuple[str, bool | int], ...]:
    """The house rules the lab offers for a game without levels: its rule set's yes-or-no and number
    fields with their values (the family's fields dataclass, in its order), the guard and the points
    games left out.

    >>> [name for name, _ in family_fields(FAMILY_GAMES[0])][:4]
    ['colours', 'clears', 'clears_plus_1', 'clears_plus_2']
    """
    fields = getattr(rules, "fields", None)
    if fields is None or not dataclasses.is_dataclass(fields):
        return ()
    found: list[tuple[str, bool | int]] = []
    for f in dataclasses.fields(fields):
        value = getattr(fields, f.name)
        if f.name not in _FAMILY_SKIPPED and isinstance(value, bool | int):
            found.append((f.name, value))
    return tuple(found)


def with_family_rules(rules: Rules, values: Mapping[str, bool | int]) -> Rules:
    """``rules`` (a game without levels) with some of its fields changed, marked as house rules,
    through the engine (``RulesError`` names a refused value). A deck made smaller (colours left
    out, T1: "for a quicker game of two to four") seats fewer players: the house rule set then
    takes the most players its deck can seat.

    >>> house = with_family_rules(FAMILY_GAMES[0], {"colours": 3, "must_play": False})
    >>> sorted(house.house_rules), house.max_players, with_family_rules(FAMILY_GAMES[0], {"colours": 7}) is FAMILY_GAMES[0]
    (['colours', 'max_players', 'must_play'], 4, True)
    """
    data = rules.to_dict()
    changed = {k for k, v in values.items() if data.get(k) != v}
    if not changed:
        return rules
    data.update({k: values[k] for k in changed})
    data["house_rules"] = sorted(set(data.get("house_rules", [])) | changed)
    data["base"] = data.get("base") or rules.key
    if "(house rules)" not in data["name"]:
        data["name"] = f"{data['name']} (house rules)"
    try:
        return rules_from_dict(data, HOUSE_SOURCE)
    except RulesError as error:
        refused = error
    for most in range(rules.max_players - 1, rules.min_players - 1, -1):
        fewer = dict(data, max_players=most, house_rules=sorted({*data["house_rules"], "max_players"}))
        try:
            return rules_from_dict(fewer, HOUSE_SOURCE)
        except RulesError:
            continue
    raise refused


FAMILY_RULE_CLASS: Final = "u9-family-rule"
"""The class of a house rule of a game without levels: its label above its control."""

BAD_FIELD_CLASS: Final = "u9-bad-field"
"""The class of a table box whose value the engine refuses: framed in red (style.css), its reason listed under its row."""

STALE_CLASS: Final = "u9-lab-stale"
"""The class of the results (note, table, charts) while they are for earlier settings: greyed out."""

_UNITS: Final = {
    "rounds": ("u_rounds", 1, "stats.length"),
    "turns": ("u_turns", 0, "stats"),
    "impossible": ("u_per100", 1, "stats"),
    "stalemates": ("u_per100", 1, "stats"),
    "penalty_mean": ("u_points", 0, "stats"),
    "penalty_spread": ("u_points", 0, "stats"),
    "first_seat": ("u_pp", 1, "stats"),
    "rounds_level": ("u_rounds", 2, "stats"),
    "lay_down": ("u_pp", 1, "stats"),
    "moves": ("u_moves", 1, "stats.length"),
    "pick_ups": ("u_pick_ups", 1, "stats"),
    "clears": ("u_clears", 1, "stats"),
    "picked_up_cards": ("u_cards", 1, "stats"),
    "blind_failed": ("u_cards", 2, "stats"),
    "busts": ("u_turns", 1, "stats"),
    "aces": ("u_cards", 2, "stats"),
    "shifts": ("u_cards", 2, "stats"),
    "draw": ("u_pp", 1, "stats"),
}
"""Per measure: the unit its verdict writes after the number, its decimals, and the catalog's phrasing (``upto9.stats.verdict``)."""

_METHODS: Final = {
    "en": {
        "paired-bca": "paired bootstrap, BCa",
        "paired-percentile": "paired bootstrap, percentile",
        "paired-bootstrap": "paired bootstrap of a ratio, percentile",
        "newcombe-paired": "Newcombe, paired",
    },
    "nb": {
        "paired-bca": "parvis bootstrap, BCa",
        "paired-percentile": "parvis bootstrap, persentil",
        "paired-bootstrap": "parvis bootstrap av et forhold, persentil",
        "newcombe-paired": "Newcombe, parvis",
    },
}
"""The intervals' methods by name (the "Advanced" table), in each language (docs/statistics.md)."""


def measure_label(measure: PairedMeasure, lang: str, rules: Rules | None = None) -> str:
    """A measure's row label in the page's language (per level: "Level 9: ...", "Fase 9: ...")."""
    texts = TEXTS[lang]
    if measure.level:
        return texts[f"{measure.key}_n"].format(level=level_title(rules, measure.level, lang))
    if measure.key == "first_seat" and rules is not None and not rules.levels:
        return texts["first_seat_family"]  # a game without levels: the seat that started, drawn at random
    if measure.key == "turns" and rules is not None and not rules.levels:
        return texts["turns"]
    return texts.get(measure.key, measure.key.replace("_", " "))  # another family's own column: its name


def measure_verdict(measure: PairedMeasure, lang: str, rules: Rules | None = None) -> str:
    """What a measure's difference means, in plain words (``upto9.stats.verdict``), with its sample
    size; a game without levels (``rules``) says its length in turns as games getting longer or shorter."""
    if measure.difference is None:
        return "—"
    unit, digits, words = _UNITS.get(measure.key, ("", 2, "stats"))
    if measure.key == "turns" and rules is not None and not rules.levels:
        words = "stats.length"  # game length in turns, for a game without rounds to count
    return verdict(measure.difference, lang, digits=digits, unit=TEXTS[lang].get(unit, ""), words=words)


def interval_text(e: Estimate | None, lang: str, digits: int = 1) -> str:
    """``'+0.5 (0.4 to 0.6)'``, signed, the language's way (``'+0,5 (0,4 til 0,6)'``); ``'—'`` for nothing measured."""
    if e is None or math.isnan(e.value):
        return "—"
    shown = number_text(e.value, lang, digits)
    sign = "+" if e.value > 0 and any(c in "123456789" for c in shown) else ""  # no "+0.00" for a speck above 0
    return f"{sign}{shown} ({number_text(e.low, lang, digits, end=True)} {TEXTS[lang]['to']} {number_text(e.high, lang, digits, end=True)})"


def compare_table(
    standard: Sequence[GameSummary] | Sequence[FamilySummary],
    house: Sequence[GameSummary] | Sequence[FamilySummary],
    lang: str = "en",
    plain: bool = True,
    rules: Rules | None = None,
    measures: Sequence[PairedMeasure] | None = None,
) -> pd.DataFrame:
    """The two rule sets' games side by side, game ``i`` the same deal on both sides: each measure's
    figure under each rule set, the house side's difference with its 95 % paired interval, and what
    it means in plain words with the games a side (``upto9.stats``); each number the language's way
    (decimal comma in Norwegian). ``plain``: the measures of a whole game and the rounds per level;
    else every measure (also each level's lay-down rate) with the interval's method. ``measures``:
    the ``paired_measures`` of these games, if already drawn."""
    texts = TEXTS[lang]
    found = measures
    if found is None:
        rummy = [g for g in standard if isinstance(g, GameSummary)], [g for g in house if isinstance(g, GameSummary)]
        if len(rummy[0]) == len(standard) and len(rummy[1]) == len(house):
            levels = len(rules.levels) if rules is not None else max((len(g.attempts) for g in rummy[0]), default=0)
            found = paired_measures(rummy[0], rummy[1], levels)
        else:  # a game without levels: its own simulate columns
            found = family_paired_measures([g for g in standard if isinstance(g, FamilySummary)], [g for g in house if isinstance(g, FamilySummary)])
    rows = []
    for m in found:
        if plain and m.key == "lay_down":
            continue
        digits = _UNITS.get(m.key, ("", 2, "stats"))[1]
        row = {
            texts["what"]: measure_label(m, lang, rules),
            texts["standard"]: _figure(m.standard, lang, digits),
            texts["house"]: _figure(m.house, lang, digits),
            texts["difference"]: interval_text(m.difference, lang, digits),
        }
        if plain:
            row[texts["meaning"]] = measure_verdict(m, lang, rules)
        else:
            row["n"] = "—" if m.difference is None else str(m.difference.n)
            row[texts["method"]] = "—" if m.difference is None else _METHODS[lang].get(m.difference.method, m.difference.method)
        rows.append(row)
    return pd.DataFrame(rows).set_index(texts["what"])


def _figure(x: float, lang: str, digits: int = 1) -> str:
    return "—" if math.isnan(x) else number_text(x, lang, digits)


def table_html(table: pd.DataFrame) -> str:
    """A ``compare_table`` as HTML in a box that scrolls sideways on a narrow screen. What a row's
    difference means (the plain table's last column) is written under the row's label, so that a
    phone shows it without scrolling sideways; the figures stay on one line, right-aligned. On a
    phone each row stacks: its label and meaning, then each figure on a line of its own after its
    column's name (both rule sets and the difference in sight, none off to the side)."""
    words = {TEXTS[lang]["meaning"] for lang in LANGS}
    columns = [c for c in table.columns if c not in words]
    meaning = next((c for c in table.columns if c in words), None)
    head = "".join(
        f"<th scope='col' style='text-align:{'left' if i == 0 else 'right'}'>{escape(str(c))}</th>" for i, c in enumerate((table.index.name, *columns))
    )
    body = []
    for label, row in table.iterrows():
        verdict = "font-weight:normal;font-size:max(14px, .92em);margin-top:.15em"  # never under 14 px
        said = f"<div class='u9-lab-verdict' style='{verdict}'>{escape(str(row[meaning]))}</div>" if meaning else ""
        # Each figure carries its column's name, shown on a phone only, where the rows stack (style.css).
        cells = "".join(
            f"<td style='text-align:right;white-space:nowrap'><span class='u9-lab-col'>{escape(str(c))}</span><span>{escape(str(row[c]))}</span></td>"
            for c in columns
        )
        body.append(f"<tr><th scope='row' style='text-align:left;white-space:normal;min-width:12em'>{escape(str(label))}{said}</th>{cells}</tr>")
    return (
        f"<div class='{TABLE_SCROLL}' role='region' tabindex='0' style='overflow-x:auto;max-width:100%'>"
        f"<table class='u9-table u9-lab-table'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


CHART_KINDS: Final = ("length", "levels", "impossible", "penalty")
"""The lab's charts, one figure each (so that a phone shows them one per row)."""


def lab_chart(
    kind: str,
    standard: Sequence[GameSummary],
    house: Sequence[GameSummary],
    rules: Rules = UPTO9,
    lang: str = "en",
    house_rules: Rules | None = None,
) -> Any:
    """One chart comparing the rule sets (``kind`` one of ``CHART_KINDS``): rounds per game, rounds
    per level, impossible rounds, penalty points. Every axis titled; with no impossible or stuck
    round at all, a sentence saying so instead of an empty chart (an ``IPython.display.HTML``)."""
    import plotly.graph_objects as go
    from IPython.display import HTML

    if kind not in CHART_KINDS:
        raise ValueError(f"kind must be one of {', '.join(CHART_KINDS)}, not {kind!r}")
    texts = TEXTS[lang]
    sides = ((texts["standard"], standard, "#6a1b9a", rules), (texts["house"], house, "#f9a825", house_rules or rules))
    fig = go.Figure()
    if kind == "impossible" and not any(g.impossible or g.stalemates for g in (*standard, *house)):
        return HTML(f"<div class='u9-note u9-empty'><b>{escape(texts['t_impossible'])}</b><br>{escape(texts['no_impossible'])}</div>")  # type: ignore[no-untyped-call]
    for name, games, colour, side_rules in sides:
        if kind == "length":
            rounds = [g.rounds for g in games]
            fig.add_trace(go.Box(y=rounds, name=name, marker_color=colour, boxmean=True, hoverinfo="skip"))
        elif kind == "levels":
            # Each bar with its 95 % interval (a bootstrap over whole games: upto9.stats.bootstrap_ratio).
            levels = [lv.number for lv in side_rules.levels]
            found = [
                bootstrap_ratio([g.attempts[i] for g in games], [g.passes[i] for g in games], seed=f"lab-chart:{i}") if games else None
                for i in range(len(levels))
            ]
            values = [None if e is None else e.value for e in found]
            hover = [
                f"{name}: {level_title(side_rules, n, lang)}: {interval_text(e, lang, 2).lstrip('+')} (n = {len(games)})"
                for n, e in zip(levels, found, strict=True)
            ]
            fig.add_trace(
                go.Bar(
                    x=[str(n) for n in levels],
                    y=values,
                    name=name,
                    marker_color=colour,
                    error_y=_error_bars(found),
                    customdata=hover,
                    hovertemplate="%{customdata}<extra></extra>",
                )
            )
        elif kind == "impossible":
            labels = [texts["impossible_short"], texts["stalemates_short"]]
            per100 = [bootstrap_mean([100 * getattr(g, field) for g in games], seed=f"lab-chart:{field}") for field in ("impossible", "stalemates")]
            hover = [
                f"{name}: {label}: {interval_text(e, lang, 1).lstrip('+')} {texts['per100']} (n = {len(games)})"
                for label, e in zip(labels, per100, strict=True)
            ]
            fig.add_trace(
                go.Bar(
                    x=labels,
                    y=[e.value for e in per100],
                    name=name,
                    marker_color=colour,
                    error_y=_error_bars(per100),
                    customdata=hover,
                    hovertemplate="%{customdata}<extra></extra>",
                )
            )
        else:
            fig.add_trace(go.Box(y=[p for g in games for p in g.penalties], name=name, marker_color=colour, boxmean=True, hoverinfo="skip"))
    titles = {"length": texts["t_length"], "levels": worded(texts, "t_levels", rules), "impossible": texts["t_impossible"], "penalty": texts["t_penalty"]}
    axes = {
        "length": (texts["side"], texts["rounds"]),
        "levels": (worded(texts, "level", rules), worded(texts, "rounds_level", rules)),
        "impossible": ("", texts["per100_axis"]),
        "penalty": (texts["side"], texts["points"]),
    }
    x_title, y_title = axes[kind]
    fig.update_layout(
        title={"text": titles[kind], "font": {"size": 15}},
        barmode="group",
        template="plotly_white",
        height=380,
        separators=",\u00a0" if lang == "nb" else ".,",
        margin={"l": 60, "r": 16, "t": 50, "b": 50},
        showlegend=kind in ("levels", "impossible"),
        legend={"orientation": "h", "y": -0.25, "x": 0, "yanchor": "top"},
    )
    fig.update_xaxes(title_text=x_title or texts["what"], type="category")
    fig.update_yaxes(title_text=y_title, rangemode="tozero")
    return fig


def _error_bars(found: Sequence[Estimate | None]) -> dict[str, Any]:
    """Plotly's asymmetric error bars of some estimates: each bar's 95 % interval."""
    return {
        "type": "data",
        "symmetric": False,
        "array": [None if e is None else e.high - e.value for e in found],
        "arrayminus": [None if e is None else e.value - e.low for e in found],
        "color": "#333",
        "thickness": 1.2,
    }


def family_chart(key: str, standard: Sequence[FamilySummary], house: Sequence[FamilySummary], lang: str = "en", rules: Rules | None = None) -> Any:
    """One measure of a game without levels (a ``FamilySummary`` column: 3UP 3DOWN's turns or
    pick-ups per game) under both rule sets, as box plots with the mean marked; the axis titled with
    the measure's label."""
    import plotly.graph_objects as go

    texts = TEXTS[lang]
    label = measure_label(PairedMeasure(key, 0, math.nan, math.nan, None), lang, rules)
    fig = go.Figure()
    for name, games, colour in ((texts["standard"], standard, "#6a1b9a"), (texts["house"], house, "#f9a825")):
        fig.add_trace(go.Box(y=[g.value(key) for g in games], name=name, marker_color=colour, boxmean=True, hoverinfo="skip"))
    title = texts["t_turns"] if key == "turns" else label
    fig.update_layout(
        title={"text": title, "font": {"size": 15}},
        template="plotly_white",
        height=380,
        separators=",\u00a0" if lang == "nb" else ".,",
        margin={"l": 60, "r": 16, "t": 50, "b": 50},
        showlegend=False,
    )
    fig.update_xaxes(title_text=texts["side"], type="category")
    fig.update_yaxes(title_text=label, rangemode="tozero")
    return fig


class HouseRuleLab(OwnLanguage, w.VBox):  # type: ignore[misc]
    """The decks and penalty values of the table, and the comparison: ``HouseRuleLab(explorer,
    atlas=Atlas.load("data/atlas.json"))`` (the atlas's games serve as the standard side when they
    are its games; ``played``: other games played in advance, ``PlayedGames.load("data/lab.json")``).
    ``lab.rules`` is the house rule set (the explorer's levels and this view's table rules);
    ``lab.compare()`` plays both sides (or reads them, when played in advance) and draws them."""

    def __init__(
        self,
        explorer: RulesExplorer,
        *,
        atlas: Atlas | None = None,
        played: Sequence[PlayedGames] | PlayedGames = (),
        games: int = 40,
        players: int = 4,
        seed: int = 0,
        lang: str = "en",
        dask: str | None = None,
    ) -> None:
        self.explorer = explorer
        self.atlas = atlas
        self.played = (played,) if isinstance(played, PlayedGames) else tuple(played)
        self.seed = seed
        self._lang = check_lang(lang)
        base = explorer.model.base
        # The games offered: the explorer's rummies (picked there too), then the games without levels.
        self._offered: tuple[Rules, ...] = (*explorer.choice.rule_sets, *FAMILY_GAMES)
        self._family: Rules | None = None  # the game without levels chosen, if one is
        self._syncing_game = False
        self._game = w.ToggleButtons(options=self._game_options(), value=self._index_of(base) or 0, style={"button_width": "auto"})
        self._game.add_class("u9-lab-game")
        self._game.observe(guard(self, self._game_picked), names="value")
        self._family_title = w.HTML()
        self._family_help = w.HTML()
        self._family_controls: dict[str, w.Widget] = {}
        self._family_labels: dict[str, w.HTML] = {}
        self._family_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._family_refused = w.HTML()
        # Where the games go: a Dask scheduler's address (the environment's, or typed in "Advanced"), empty: this machine.
        self._dask = w.Text(
            value=(os.environ.get(DASK_ENV, "") if dask is None else dask).strip(),
            placeholder="tcp://scheduler:8786",
            continuous_update=False,
            layout=w.Layout(width="40em", max_width="100%"),
            style={"description_width": "initial"},
        )
        self._clients: dict[str, Any] = {}  # a Dask client per address, kept for the next comparison
        self._where: tuple[str, str] | None = None  # ("dask" | "down", address) of the games shown
        self._decks: list[WholeNumber] = []
        self._penalties: dict[str, WholeNumber] = {}
        self._decks_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._penalties_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        # Each box's refusal, in the words of its label, listed right under its row of boxes.
        self._decks_refused = w.HTML()
        self._penalties_refused = w.HTML()
        self._penalty_label = w.HTML()
        self._players = w.Dropdown(options=list(range(base.min_players, base.max_players + 1)), value=players, layout=w.Layout(width="12em"))
        self._games = w.IntSlider(
            value=min(games, MAX_LAB_GAMES),
            min=10,
            max=MAX_LAB_GAMES,
            step=10,
            layout=w.Layout(width="26em", max_width="100%"),
            style={"description_width": "initial"},
        )
        self._button = w.Button(icon="play", button_style="primary", layout=w.Layout(width="auto"))
        self._button.add_class("u9-compare")
        self._button.on_click(guard(self, self._clicked))
        self._compared: tuple[Any, ...] | None = None  # what the comparison shown was asked with
        self._title = w.HTML()
        self._changed = w.HTML()
        self._progress = Progress(lang=self._lang)
        self._note = w.HTML()
        self._stale = w.HTML()  # says so when the results shown are for earlier settings
        self._dev_note = w.HTML()
        # GameSummary for a rummy, FamilySummary for a game without levels (upto9.compare).
        self.standard: list[Any] = []
        self.house: list[Any] = []
        self._house_rules: Rules = base
        self._note_args: tuple[int, int, bool, bool] | None = None  # (games compared a side, players, any read from files, any played now)
        self._stop: tuple[Stop, int] | None = None  # why the sampling ended, and after how many games a side
        self._measures: tuple[PairedMeasure, ...] = ()  # the paired differences shown (``paired_measures``)
        self._table = LangOutput(self._draw_table, lang=self._lang, key=lambda: self._drawn_from("table"))
        self._all_figures = LangOutput(lambda lang: self._draw_table(lang, plain=False), lang=self._lang, key=lambda: self._drawn_from("all"))
        self._charts = {kind: LangOutput(self._chart_drawer(kind), lang=self._lang, key=functools.partial(self._drawn_from, kind)) for kind in CHART_KINDS}
        for chart in self._charts.values():
            # Two charts a row on a desktop, one on a phone (they wrap).
            chart.layout = w.Layout(flex="1 1 420px", min_width="0", max_width="100%", min_height="3em")
            chart.add_class("u9-lab-chart")
        self._chart = w.Box(list(self._charts.values()), layout=w.Layout(display="flex", flex_flow="row wrap", width="100%"))
        self._chart.add_class("u9-chart-grid")
        self._advanced = Advanced([self._dask, self._dev_note, self._all_figures], lang=self._lang)
        self._table_rules(base)
        explorer.model.observe(guard(self, lambda _c: self._show_changes()), names="rules")
        explorer.model.observe(guard(self, self._base_changed), names="base")
        # The explorer draws its rule-set table ("The rule set: ...") from its levels alone: whenever
        # it does, the table is drawn again with this view's decks and penalties.
        explorer._facts.observe(guard(self, lambda _c: self._show_rule_set()), names="value")
        self._games.observe(guard(self, lambda _c: self._mark_stale()), names="value")
        # A game without levels: its deck may seat fewer players than the table chosen.
        self._players.observe(guard(self, lambda _c: self._show_changes() if self._family is not None else self._mark_stale()), names="value")
        self._rummy_part = w.VBox([self._title, self._decks_box, self._decks_refused, self._penalty_label, self._penalties_box, self._penalties_refused])
        self._family_part = w.VBox([self._family_title, self._family_help, self._family_box, self._family_refused], layout=w.Layout(display="none"))
        super().__init__(
            [
                self._game,
                self._rummy_part,
                self._family_part,
                self._changed,
                w.HBox([self._players, self._games, self._button], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._progress,
                self._stale,
                self._note,
                self._table,
                self._chart,
                self._advanced,
            ]
        )
        self.add_class("u9")
        self._label()
        self._show_changes()

    # --- the rules ---

    def _table_rules(self, base: Rules) -> None:
        """The boxes for the base rule set's own table rules: one per deck entry, one per penalty group.
        Plain number boxes: a value out of range is refused in words by the engine (``_show_changes``),
        never changed silently to the nearest bound."""
        self._decks = [WholeNumber(value=d.decks, layout=w.Layout(width="23em"), style={"description_width": "14em"}) for d in base.decks]
        table = dict(base.penalties)
        self._penalties = {
            key: WholeNumber(value=table[keys[0]], layout=w.Layout(width="13em"), style={"description_width": "7em"})
            for key, keys in penalty_groups(base).items()
        }
        for box in (*self._decks, *self._penalties.values()):
            box.observe(guard(self, lambda _c: self._show_changes()), names="value")
        replace_children(self._decks_box, self._decks)  # (the last rule set's boxes closed)
        replace_children(self._penalties_box, list(self._penalties.values()))

    # --- the game: a rummy of the explorer's, or a game without levels ---

    def _game_options(self) -> list[tuple[str, int]]:
        return [(game_name(r, self._lang), i) for i, r in enumerate(self._offered)]

    def _index_of(self, rules: Rules) -> int | None:
        return next((i for i, r in enumerate(self._offered) if r is rules), None)

    def _show_game(self, rules: Rules) -> None:
        """The choice showing ``rules``; the explorer and the table's rules shown for a rummy, the family's house rules for a game without levels."""
        index = self._index_of(rules)
        if index is not None and self._game.value != index:
            self._syncing_game = True
            try:
                self._game.value = index
            finally:
                self._syncing_game = False
        family = self._family is not None
        self.explorer.layout.display = "none" if family else None  # no levels: nothing there to change
        self._rummy_part.layout.display = "none" if family else None
        self._family_part.layout.display = None if family else "none"

    def _game_picked(self, change: Any) -> None:
        if self._syncing_game:
            return
        self.pick(self._offered[change["new"]])

    def pick(self, rules: Rules) -> None:
        """Compare under ``rules``: a rule set of the explorer's (it is picked there too), or a game
        without levels (``FAMILY_GAMES``), whose house rules are this view's own controls."""
        if isinstance(game_family(rules), RummyFamily):
            if self.explorer.model.base is not rules:
                self.explorer.pick(rules)  # the explorer's own choice: it tells this view (``_base_changed``)
            elif self._family is not None:
                self._base_changed({"new": rules})  # back from a game without levels to the explorer's
            return
        self._family = rules
        for box in (*self._decks, *self._penalties.values()):  # the rummy's boxes, folded away, refuse nothing meanwhile
            box.remove_class(BAD_FIELD_CLASS)
        self._decks_refused.value = self._penalties_refused.value = ""
        self._family_rules_controls(rules)
        self._reset_results(rules)
        self._show_game(rules)
        self._label()
        self._show_changes()

    def _reset_results(self, base: Rules) -> None:
        """The players a table of ``base`` seats, and no results: the games played under the old game go."""
        players = self._players.value
        self._players.options = list(range(base.min_players, base.max_players + 1))
        self._players.value = players if base.min_players <= players <= base.max_players else base.min_players
        self.standard, self.house, self._house_rules, self._note_args, self._stop, self._measures = [], [], base, None, None, ()
        self._note.value = self._dev_note.value = ""
        self._refresh()

    def _family_rules_controls(self, base: Rules) -> None:
        """A control per house rule of a game without levels (``family_fields``): yes or no for a rule
        that is on or off, a plain number box for a number (a value out of range is refused in words)."""
        controls: dict[str, w.Widget] = {}
        flags = [(n, v) for n, v in family_fields(base) if isinstance(v, bool)]
        numbers = [(n, v) for n, v in family_fields(base) if not isinstance(v, bool)]
        for name, value in (*flags, *numbers):
            layout = w.Layout(width="100%")
            if isinstance(value, bool):
                control: w.Widget = w.Dropdown(options=self._yes_no(), value=value, layout=layout)
            else:
                control = WholeNumber(value=value, layout=layout)  # read exactly as typed: 1.5 is refused, not taken as 1
            control.observe(guard(self, lambda _c: self._show_changes()), names="value")
            controls[name] = control
        self._family_controls = controls
        self._family_labels = {name: w.HTML() for name in controls}
        # Each label above its control: a long label wraps over its own width, never over the next row.
        rows = []
        for name, control in controls.items():
            row = w.VBox([self._family_labels[name], control], layout=w.Layout(width="21em", max_width="100%", margin="0 1em .5em 0"))
            row.add_class(FAMILY_RULE_CLASS)
            rows.append(row)
        replace_children(self._family_box, rows)  # (the last game's controls closed)

    def family_label(self, name: str) -> str:
        """The words of a house rule's label (``"must_play"``: "Must play when you can"), in the page's language."""
        return field_label(self._family, name, self._lang) if self._family is not None else name

    def _yes_no(self) -> list[tuple[str, bool]]:
        texts = TEXTS[self._lang]
        return [(texts["yes"], True), (texts["no"], False)]

    def _family_values(self, keep: Sequence[str] = ()) -> dict[str, bool | int]:
        """The values the family's controls hold; a control named in ``keep`` read as the base game has it."""
        assert self._family is not None
        base = dict(family_fields(self._family))
        controls = self._family_controls
        return {name: base[name] if name in keep else (bool(c.value) if isinstance(c, w.Dropdown) else c.number) for name, c in controls.items()}

    def set_house_rule(self, name: str, value: bool | int) -> None:
        """A house rule of the game without levels being compared (``"must_play"``, ``"colours"``...), as its control sets it."""
        if name not in self._family_controls:
            known = ", ".join(self._family_controls) or "none: pick a game without levels first"
            raise ValueError(f"no house rule {name!r} here; the lab offers {known}")
        self._family_controls[name].value = value

    def _show_family_changes(self) -> None:
        """The family's house rules as set now: what changed, or each refused control framed in red with
        its reason under the controls, in the page's language, and the button disabled until put right."""
        assert self._family is not None
        texts = TEXTS[self._lang]
        base = self._family
        refused: dict[str, RulesError] = {}
        problem = ""
        try:
            rules = self.rules
        except RulesError as error:
            for name in self._family_controls:  # each control alone, the others as the game has them: every one named
                try:
                    with_family_rules(base, self._family_values(keep=[n for n in self._family_controls if n != name]))
                except RulesError as alone:
                    refused[name] = alone
            if refused:
                names = "; ".join(self.family_label(n) for n in refused)
                problem = texts["fix_one" if len(refused) == 1 else "fix_many"].format(fields=names, count=len(refused))
            else:
                problem = texts["refused"].format(error=refusal_text(error, self._lang, base))
        else:
            players = int(self._players.value)
            if players > rules.max_players:
                what = "; ".join(self._family_changes(rules))
                problem = texts["seats_fewer"].format(what=what, n=rules.max_players, players=players)
        for name, control in self._family_controls.items():
            if name in refused:
                control.add_class(BAD_FIELD_CLASS)
            else:
                control.remove_class(BAD_FIELD_CLASS)
        said = [(self.family_label(n), refusal_reason(e, self._lang)) for n, e in refused.items()]
        lines = "".join(f"<div class='u9-error'>⚠ {escape(label)}: {escape(reason)}</div>" for label, reason in said)
        shown = f"<div class='u9-refused' role='alert'>{lines}</div>" if lines else ""
        if self._family_refused.value != shown:
            self._family_refused.value = shown
        if problem:
            self._changed.value = f"<div class='u9-error' role='alert'>⚠ {escape(problem)}</div>"
            self._button.disabled = True
        else:
            self._button.disabled = False
            changed = self._family_changes(rules)
            words = texts["changed"].format(what="; ".join(changed)) if changed else texts["unchanged"]
            self._changed.value = f"<div class='u9-note'>{escape(words)}</div>"
        self._mark_stale()

    def _family_changes(self, rules: Rules) -> list[str]:
        """The family's house rules changed, each named as its control is labelled ("must play when you can = no")."""
        assert self._family is not None
        texts = TEXTS[self._lang]
        base, now = dict(family_fields(self._family)), dict(family_fields(rules))
        out = []
        for name, value in now.items():
            if base.get(name) != value:
                label = field_label(self._family, name, self._lang)
                shown = (texts["yes"] if value else texts["no"]) if isinstance(value, bool) else str(value)
                out.append(f"{label[:1].lower() + label[1:]} = {shown}")
        return out

    def _base_changed(self, change: Any) -> None:
        """Another base rule set: its own table rules, and the games played under the old one go."""
        base = change["new"]
        self._family = None  # the explorer's game: a rummy
        self._family_controls, self._family_labels = {}, {}
        replace_children(self._family_box, [])  # (the game without levels' controls closed)
        self._family_refused.value = ""
        self._show_game(base)
        self._table_rules(base)
        players = self._players.value
        self._players.options = list(range(base.min_players, base.max_players + 1))
        self._players.value = players if base.min_players <= players <= base.max_players else base.min_players
        self.standard, self.house, self._house_rules, self._note_args, self._stop, self._measures = [], [], base, None, None, ()
        self._note.value = self._dev_note.value = ""
        self._refresh()
        self._label()
        self._show_changes()

    @property
    def rules(self) -> Rules:
        """The house rules: the explorer's levels with this view's decks and penalty values; for a game
        without levels, its rule set with this view's house rules (``RulesError`` if refused)."""
        if self._family is not None:
            return with_family_rules(self._family, self._family_values())
        return with_table_rules(self.explorer.rules, *self._table_values())

    @property
    def base(self) -> Rules:
        """The rule set the house rules are compared with: the explorer's, or the game without levels chosen here."""
        return self._family if self._family is not None else self.explorer.model.base

    def _table_values(self, keep: Sequence[WholeNumber] = ()) -> tuple[list[int | str], dict[str, int | str]]:
        """The decks and penalty values the boxes hold, a box in ``keep`` read as the explorer's rule set has it."""
        rules = self.explorer.rules
        points = dict(rules.penalties)
        groups = penalty_groups(self.explorer.model.base)
        # A box's text that is no whole number goes to the engine as typed: it refuses it in its words ("got '1.5'").
        decks = [entry.decks if box in keep else box.number for box, entry in zip(self._decks, rules.decks, strict=True)]
        penalties = {rank: points[rank] if box in keep else box.number for key, box in self._penalties.items() for rank in groups[key]}
        return decks, penalties

    def _refused_boxes(self) -> list[tuple[WholeNumber, RulesError]]:
        """Every box the engine refuses on its own (the other boxes as the explorer's rule set has
        them), in the page's order: all of them are named at once, not only the first the engine meets."""
        boxes = [*self._decks, *self._penalties.values()]
        refused = []
        for box in boxes:
            try:
                with_table_rules(self.explorer.rules, *self._table_values(keep=[b for b in boxes if b is not box]))
            except RulesError as error:
                refused.append((box, error))
        return refused

    def set_decks(self, *decks: int) -> None:
        """The number of decks, one value per entry of the rule set (2–4 players, 5–6 players)."""
        for box, n in zip(self._decks, decks, strict=False):
            box.value = n

    def set_penalty(self, group: str, points: int) -> None:
        """Penalty points of a card group: ``"2 and 3"``, ``"4 to 9"``, ``"10 J Q K"`` or ``"A"``;
        in Phase 10 ``"1 to 9"``, ``"10 to 12"``, ``"wild"`` or ``"skip"``."""
        key = _GROUP_NAMES.get(group)
        if key not in self._penalties:
            known = ", ".join(name for name, k in _GROUP_NAMES.items() if k in self._penalties)
            raise ValueError(f"{self.explorer.model.base.name} has no penalty group {group!r}; it has {known}")
        self._penalties[key].value = points

    def _changes(self, rules: Rules) -> list[str]:
        texts = TEXTS[self._lang]
        base = self.explorer.model.base
        noun = worded(texts, "level", rules).lower()
        what = [f"{noun} {lv.number}" for lv in rules.levels if rules.is_house_rule(f"levels.{lv.number}") and not base.is_house_rule(f"levels.{lv.number}")]
        if rules.decks != base.decks:
            what.append(texts["decks"] + " " + "/".join(str(d.decks) for d in rules.decks))
        # Each penalty group named as its box is labelled ("2 and 3 = 50", "wild card = 50"), not rank by rank.
        base_points, points = dict(base.penalties), dict(rules.penalties)
        changed = [(texts[key], points[ranks[0]]) for key, ranks in penalty_groups(base).items() if any(points[r] != base_points[r] for r in ranks)]
        if changed:
            what.append(texts["penalty"] + " " + ", ".join(f"{label[:1].lower() + label[1:]} = {value}" for label, value in changed))
        return what

    def _show_changes(self) -> None:
        if self._family is not None:
            self._show_family_changes()
            return
        texts = TEXTS[self._lang]
        refused: list[tuple[WholeNumber, RulesError]] = []
        try:
            rules = self.rules
        except RulesError as error:
            # Beside the button: every box to put right, in its label's words (their reasons are under their rows);
            # boxes each fine on their own but refused together: the engine's reason.
            refused = self._refused_boxes()
            if refused:
                names = "; ".join(str(box.description) for box, _ in refused)
                words = texts["fix_one" if len(refused) == 1 else "fix_many"].format(fields=names, count=len(refused))
            else:
                words = texts["refused"].format(error=refusal_text(error, self._lang, self.explorer.model.base))
            self._changed.value = f"<div class='u9-error' role='alert'>⚠ {escape(words)}</div>"
            self._button.disabled = True
        else:
            self._button.disabled = False
            what = self._changes(rules)
            words = texts["changed"].format(what="; ".join(what)) if what else texts["unchanged"]
            self._changed.value = f"<div class='u9-note'>{escape(words)}</div>"
        self._show_refused(refused)
        self._show_rule_set(refused)
        self._mark_stale()

    def _show_refused(self, refused: Sequence[tuple[WholeNumber, RulesError]]) -> None:
        """Each refused box framed in red, and its reason under its row of boxes, named by the box's label
        ("2 and 3: must be ..."); the value the learner typed stays in the box."""
        reasons = {id(box): refusal_reason(error, self._lang) for box, error in refused}
        for box in (*self._decks, *self._penalties.values()):
            if id(box) in reasons:
                box.add_class(BAD_FIELD_CLASS)
            else:
                box.remove_class(BAD_FIELD_CLASS)
        for view, boxes in ((self._decks_refused, self._decks), (self._penalties_refused, list(self._penalties.values()))):
            lines = "".join(f"<div class='u9-error'>⚠ {escape(str(box.description))}: {escape(reasons[id(box)])}</div>" for box in boxes if id(box) in reasons)
            shown = f"<div class='u9-refused' role='alert'>{lines}</div>" if lines else ""
            if view.value != shown:
                view.value = shown

    def _show_rule_set(self, refused: Sequence[tuple[WholeNumber, RulesError]] | None = None) -> None:
        """The explorer's rule-set table as the rules are set now: its levels with this view's decks
        and penalty values (a refused box: as the explorer's rule set has it, its refusal says why)."""
        if self._family is not None:
            return  # the explorer is folded away: its table is a rummy's
        try:
            rules = self.rules
        except RulesError:
            kept = [box for box, _ in (self._refused_boxes() if refused is None else refused)]
            try:
                rules = with_table_rules(self.explorer.rules, *self._table_values(keep=kept))
            except RulesError:  # the boxes are refused together: none of them
                rules = self.explorer.rules
        facts = self.explorer._facts  # the explorer's "The rule set: ..." table
        shown = facts_html(rules, str(self.explorer.model.lang))
        if facts.value != shown:
            facts.value = shown

    @property
    def stale(self) -> bool:
        """Whether the results shown are for other settings than those set now (rules, players, games)."""
        if not self.standard or self._compared is None:
            return False
        try:
            return self._asked() != self._compared
        except RulesError:
            return True

    def _mark_stale(self) -> None:
        """Results for earlier settings greyed out, with a note saying so, until the next run."""
        stale = self.stale
        for view in (self._note, self._table, self._chart):
            if stale:
                view.add_class(STALE_CLASS)
            else:
                view.remove_class(STALE_CLASS)
        if stale:
            words = TEXTS[self._lang]["stale"].format(button=TEXTS[self._lang]["compare"])
            self._stale.value = (
                f"<style>.{STALE_CLASS}{{opacity:.45;filter:grayscale(1)}}</style><div class='u9-note u9-stale-note' role='status'><b>{escape(words)}</b></div>"
            )
        else:
            self._stale.value = ""

    # --- playing ---

    def _standard_games(self, players: int) -> Sequence[GameSummary]:
        """Every game of the base rule set played in advance for this table (the atlas's, else ``played``'s)."""
        atlas = self.atlas
        same_rules = atlas is not None and atlas.rules.key == self.explorer.model.base.key and atlas.rules.levels == self.explorer.model.base.levels
        if atlas is not None and same_rules and atlas.players == players and atlas.seed == self.seed:
            return atlas.games
        return self._played_games(self.explorer.model.base, players)

    def _played_games(self, rules: Rules, players: int) -> Sequence[GameSummary]:
        """The games ``play_games(rules, n, ...)`` would play, as many as were played in advance (game ``i`` is the same whatever ``n``)."""
        for played in self.played:
            found = played.first(rules, len(played.games), players=players, seed=self.seed)
            if found is not None:
                return found
        return ()

    def _asked(self) -> tuple[Any, ...]:
        """What a comparison is asked with: the rules, the most games and the players."""
        return (self.rules, min(int(self._games.value), MAX_LAB_GAMES), int(self._players.value))

    def _clicked(self, _button: Any) -> None:
        # The same rules, games and players play the very same games: the comparison shown is theirs.
        # So clicks made while it ran (the kernel answers them in turn, at its end) play nothing again.
        try:
            asked = self._asked()
        except RulesError:  # a refused table rule (a click that reached the kernel before the button was disabled): the refusal stays shown
            self._show_changes()
            return
        if asked != self._compared:
            self.compare()

    def compare(self, progress: bool = True) -> None:
        """Play games under both rule sets from the same seeds, in batches, until the answer is clear
        (``upto9.stats.stop_reason``: the game length and the penalty points each settled), the most
        games asked for, or the time budget; then draw every measure's paired difference with its
        interval and what it means. Games played in advance (the atlas, ``played``) are read instead
        of played: the same games, at once. With ``progress``, a plain bar ("30 of 600 games") moves
        under the button as games finish (a notebook being run by Voila calls it with ``progress=False``)."""
        rules = self.rules
        # At most the limit, whatever the slider was set to: a page's own messages can set any of its traits.
        most, players = min(int(self._games.value), MAX_LAB_GAMES), int(self._players.value)
        family = self._family
        if family is not None and players > rules.max_players:  # a deck that cannot seat the table: the page says why
            self._show_changes()
            return
        self._button.disabled = True
        try:
            base = self.base
            if family is not None:
                same = rules is family
                stored: tuple[Sequence[Any], Sequence[Any]] = ((), ())
            else:
                same = rules.levels == base.levels and rules.decks == base.decks and rules.penalties == base.penalties
                stored = (self._standard_games(players), () if same else self._played_games(rules, players))
            client = self._cluster()
            if progress:  # (the page counts games a side; the run may stop long before the most, and says so)
                self._progress.start(most * (1 if same else 2), "games_upto" if same else "games_both_upto")
            standard, house, stop, (read, played) = self._sample(base, None if same else rules, stored, most, players, progress, client)
            finished = len(standard) + (0 if same else len(house))
            if progress:  # the bar ends at the games played, not at the most there might have been
                self._progress.start(finished, "games" if same else "games_both")
                self._progress.step(finished)
            # Game i is the same deal on both sides: compare as many as both sides finished.
            done = min(len(standard), len(house))
            self.standard, self.house, self._house_rules = list(standard[:done]), list(house[:done]), rules
            if not done:
                self._measures = ()
            elif family is not None:
                self._measures = family_paired_measures(self.standard, self.house, seed=f"lab:{self.seed}")
            else:
                self._measures = paired_measures(self.standard, self.house, len(rules.levels), seed=f"lab:{self.seed}")
            self._stop = (stop, done)
            self._note_args = (done, players, read > 0, played > 0) if done else None
            self._show_note()
            self._refresh()
            self._compared = (rules, most, players)
            self._mark_stale()
        finally:
            self._button.disabled = False

    def _sample(
        self,
        base: Rules,
        house_rules: Rules | None,
        stored: tuple[Sequence[Any], Sequence[Any]],
        most: int,
        players: int,
        progress: bool,
        client: Any = None,
    ) -> tuple[list[Any], list[Any], Stop, tuple[int, int]]:
        """The sequential sampling: batches of games a side (``FIRST_BATCH``, then half as many as
        played so far), read from ``stored`` while it lasts and played after, until ``stop_reason``
        stops it, all within ``LAB_SECONDS`` of CPU time (the games finished by then are kept). The
        house side is ``None`` when no rule changed (both sides are the same games). Returns both
        sides' games, why it stopped, and how many games were read and how many played now. With a Dask
        ``client``, each batch is played on the cluster, side by side, and the time budget is the wall
        clock's (this machine only waits); a cluster that fails mid-way leaves the rest to this machine."""
        standard: list[Any] = []
        house: list[Any] = standard if house_rules is None else []
        sides = ((base, stored[0], standard),) + (() if house_rules is None else ((house_rules, stored[1], house),))
        played, read = [0], [0]
        stop: Stop | None = None

        def finished(games: list[Any]) -> Callable[[Any], None]:
            def keep(game: Any) -> None:
                games.append(game)  # kept at once: a stop in the next game loses none
                played[0] += 1
                if progress:
                    self._progress.step(1)

            return keep

        def extend(index: int) -> None:
            """Game ``index`` on every side: read where it was played in advance, else played now."""
            for rules, kept, games in sides:
                if len(games) > index:
                    continue
                if index < len(kept):
                    games.append(kept[index])
                    read[0] += 1
                    if progress:
                        self._progress.step(1)
                else:
                    self._play(rules, 1, players, index, finished(games), None)

        def extend_on_cluster(stop_at: int) -> None:
            """Games up to ``stop_at`` on every side: read where played in advance, the rest on the cluster."""
            for rules, kept, games in sides:
                while len(kept) > len(games) < stop_at:
                    games.append(kept[len(games)])
                    read[0] += 1
                    if progress:
                        self._progress.step(1)
                if stop_at > len(games):
                    self._play(rules, stop_at - len(games), players, len(games), finished(games), client)

        budget = within(LAB_SECONDS, partial=True)  # the games finished before the stop are compared
        started = time.monotonic()
        try:
            with budget:
                while stop is None:
                    n = min(len(standard), len(house))
                    size = min(most - n, max(FIRST_BATCH, n // 2))
                    if client is not None:
                        try:
                            extend_on_cluster(n + size)
                        except Exception:  # the cluster went away (or failed) mid-way: this machine plays on
                            client = None
                            self._where = ("down", self._where[1] if self._where else "")
                    # Game by game, both sides in turn: a stop at the time limit leaves them a game apart at most.
                    for index in range(n, n + size):
                        extend(index)
                    late = client is not None and time.monotonic() - started > LAB_SECONDS
                    stop = stop_reason(self._headlines(standard, house, base), min(len(standard), len(house)), most, budget.exceeded or late)
        except OverBudget:
            stop = Stop.TIME
        return standard, house, stop, (read[0], played[0])

    def _play(self, rules: Rules, games: int, players: int, start: int, on_game: Callable[[Any], None], client: Any) -> None:
        """Games ``start`` on of ``rules``, each handed to ``on_game`` (a rummy's ``play_games``, another family's ``play_family_games``)."""
        if isinstance(game_family(rules), RummyFamily):
            play_games(rules, games, players=players, seed=self.seed, start=start, on_game=on_game, client=client)
        else:
            play_family_games(rules, games, players=players, seed=self.seed, start=start, on_game=on_game, client=client)

    def _cluster(self) -> Any:
        """The Dask client of the address set (``DASK_ENV`` or the box in "Advanced"), ``None`` for this
        machine; an address that does not answer is noted (``_where``), and this machine plays."""
        address = str(self._dask.value).strip()
        self._where = None
        if not address:
            return None
        client = self._clients.get(address)
        if client is None or client.status != "running":
            try:
                client = dask_client(address)
            except CompareError:
                self._where = ("down", address)
                return None
            self._clients[address] = client
        self._where = ("dask", address)
        return client

    def _headline_tolerances(self, base: Rules | None = None) -> dict[str, float]:
        """The measures that decide when to stop, with their tolerances: the rummies' ``HEADLINES``, a family's ``family_headlines``."""
        rules = base if base is not None else self.base
        return dict(HEADLINES) if isinstance(game_family(rules), RummyFamily) else family_headlines(rules)

    def _headlines(self, standard: Sequence[Any], house: Sequence[Any], base: Rules | None = None) -> list[tuple[Estimate | None, float]]:
        """The differences that decide when to stop (``upto9.compare.HEADLINES``, a family's
        ``family_headlines``), at ``STOP_CONFIDENCE``."""
        n = min(len(standard), len(house))
        if not n:
            return [(None, tolerance) for tolerance in self._headline_tolerances(base).values()]
        if isinstance(standard[0], FamilySummary):
            tolerances = self._headline_tolerances(base)
            own = family_paired_measures(standard[:n], house[:n], keys=tuple(tolerances), resamples=1000, confidence=STOP_CONFIDENCE)
            return [(m.difference, tolerances[m.key]) for m in own]
        if not n:
            return [(None, tolerance) for tolerance in HEADLINES.values()]
        found = paired_measures(standard[:n], house[:n], 0, keys=tuple(HEADLINES), per_level=False, resamples=1000, confidence=STOP_CONFIDENCE)
        return [(m.difference, HEADLINES[m.key]) for m in found]

    # --- drawing ---

    def _refresh(self) -> None:
        self._table.refresh()
        self._all_figures.refresh()
        for chart in self._charts.values():
            chart.refresh()

    def _show_note(self) -> None:
        texts = TEXTS[self._lang]
        seconds = number_text(LAB_SECONDS, self._lang, 0)
        if self._note_args is None:
            if self._stop is not None:  # not one game finished in the time budget
                self._note.value = f"<div class='u9-error' role='alert'>⚠ {escape(texts['none'].format(seconds=seconds))}</div>"
                self._dev_note.value = ""
            return
        games, players, read, played = self._note_args
        note = texts["seeds"].format(games=games, players=players, last=games - 1)
        # The call and the bot's class are code: in <code>, as every developer detail in the "Advanced" section.
        family = self._family
        rules_arg = "" if family is None else f", rules={family.key}"
        call = f"<code>upto9.simulate({games}, players={players}, seed={escape(repr(self.seed))}{escape(rules_arg)})</code>"
        dev = escape(texts["seeds_dev"]).format(last=games - 1, call=call, bot=f"<code>{escape(self._bot_name())}</code>")
        if read:
            dev += " " + escape(texts["cached" if played else "cached_both"])
        head = ""
        if self._stop is not None:
            stop, done = self._stop
            why = stop_words(stop, done, self._lang)
            lines = [f"<b>{escape(texts['headline'].format(why=why[:1].upper() + why[1:]))}</b>"]
            headlines = self._headline_tolerances(self._house_rules)
            said = [m for m in self._measures if m.key in headlines]
            # A clear change in another whole-game measure is news too (a house rule that leaves the rounds as they
            # were may still make the games far longer): said after the headline, each with its interval.
            also = [m for m in self._measures if m.key not in headlines and not m.level and m.difference is not None and m.difference.excludes_zero]

            def told(m: PairedMeasure) -> str:
                return escape(f"{measure_label(m, self._lang, self._house_rules)}: {measure_verdict(m, self._lang, self._house_rules)}.")

            lines += [told(m) for m in said]
            if also:
                lines += [escape(texts["also"]), *(told(m) for m in also)]
            if stop is Stop.TIME:
                lines.append(escape(texts["time_limit"].format(seconds=seconds)))
            head = f"<div class='u9-note u9-lab-answer' role='status'>{'<br>'.join(lines)}</div>"
        luck = ""
        if family is not None:  # the starter's wins beside what pure luck gives: the game's luck in one figure
            share = number_text(100 / players, self._lang, 0) + " %"
            luck = f"<div class='u9-note'>{escape(texts['luck'].format(name=game_name(family, self._lang), players=players, share=share))}</div>"
        where = ""
        if self._where is not None:
            kind, address = self._where
            words = texts["dask_used" if kind == "dask" else "dask_down"].format(address=address)
            where = f"<div class='{'u9-note' if kind == 'dask' else 'u9-error'}' role='{'status' if kind == 'dask' else 'alert'}'>{escape(words)}</div>"
        self._note.value = f"{head}{where}<div class='u9-note'>{escape(note)}</div>{luck}"
        self._dev_note.value = (
            f"<div class='u9-note'>{dev}</div><div class='u9-note'>{escape(texts['sequential'])}</div><div class='u9-note'>{escape(texts['all_figures'])}</div>"
        )

    def _drawn_from(self, part: str) -> tuple[Any, ...]:
        """What the lab's ``part`` (its table, its table of every figure, or a chart's kind) is drawn
        from, as one hashable value (``LangOutput``'s key): the games of both sides, the two rule
        sets and the measures shown."""
        return (part, tuple(self.standard), tuple(self.house), self.explorer.model.base, self._house_rules, self._measures)

    def _draw_table(self, lang: str, plain: bool = True) -> Any:
        if not self.standard:
            return None
        from IPython.display import HTML

        return HTML(table_html(compare_table(self.standard, self.house, lang, plain=plain, rules=self._house_rules, measures=self._measures)))  # type: ignore[no-untyped-call]

    def _chart_drawer(self, kind: str) -> Callable[[str], Any]:
        return lambda lang: self._draw_chart(lang, kind)

    def _bot_name(self) -> str:
        """The class name of the bot in every seat: ``HeuristicBot``, or a family's default player."""
        if self._family is None:
            return "HeuristicBot"
        found: object = getattr(game_family(self._family), "bots", dict)()
        first = next(iter(found.values()), None) if isinstance(found, Mapping) else None
        return str(getattr(first, "__name__", type(first).__name__))

    def _draw_chart(self, lang: str, kind: str) -> Any:
        if not self.standard:
            return None
        if isinstance(self.standard[0], FamilySummary):  # a game without levels: its headline measures, one chart each
            keys = list(self._headline_tolerances(self._house_rules))
            index = {"length": 0, "levels": 1}.get(kind)
            if index is None or index >= len(keys):
                return None
            return family_chart(keys[index], self.standard, self.house, lang, self._house_rules)
        return lab_chart(kind, self.standard, self.house, self.explorer.model.base, lang, self._house_rules)

    def _label(self) -> None:
        texts = TEXTS[self._lang]
        self._game.description = texts["game"]
        options = self._game_options()
        if list(self._game.options) != options:
            value, self._syncing_game = self._game.value, True
            try:
                self._game.options = options
                self._game.value = value
            finally:
                self._syncing_game = False
        if self._family is not None:
            name = game_name(self._family, self._lang)
            self._family_title.value = f"<h3 style='margin:.2em 0'>{escape(texts['family_title'].format(name=name))}</h3>"
            self._family_help.value = f"<div class='u9-note'>{escape(texts['family_help'].format(name=name))}</div>"
            for field, control in self._family_controls.items():
                self._family_labels[field].value = f"<label style='font-size:max(14px, 1em);line-height:1.3'>{escape(self.family_label(field))}</label>"
                if isinstance(control, w.Dropdown) and list(control.options) != self._yes_no():
                    value = control.value
                    control.options = self._yes_no()
                    control.value = value
        self._dask.description = texts["dask"]
        self._title.value = f"<h3 style='margin:.2em 0'>{escape(texts['title'])}</h3>"
        for box, entry in zip(self._decks, self.explorer.model.base.decks, strict=True):
            box.description = texts["decks_for"].format(low=entry.players[0], high=entry.players[1])
        self._penalty_label.value = f"<b>{escape(texts['penalties'])}</b>"
        for key, box in self._penalties.items():
            box.description = texts[key]
        self._players.description = texts["players"]
        self._games.description = texts["games"]
        self._button.description = texts["compare"]

    def redraw(self) -> None:
        """Every text again, in the lab's language (``lang``)."""
        self._label()
        self._show_changes()
        self._show_note()
        self._mark_stale()
        self._progress.lang = self._lang
        self._advanced.lang = self._lang
        for view in (self._table, self._all_figures, *self._charts.values()):
            view.lang = self._lang
