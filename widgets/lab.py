"""The house-rule lab's view: change a rule and compare it with the standard rules on the same seeds.

The level rules (budgets, group sizes) are changed in the widgets' ``RulesExplorer``; this view
adds the table's other rules (the number of decks, the penalty values), plays games with the
engine's bots under both rule sets from the same seeds (``upto9.compare.play_games``: game ``i``
has the same shuffles and bots under both), and draws the comparison: game length, rounds per
level (``upto9.atlas.hurdles``), impossible rounds, and the spread of penalty points
(``upto9.compare.game_means``).

The base rule set is the explorer's choice (Up to 9, Phase 10, or Up to 9 with one deck fewer): the
table's rules below are that rule set's own (its deck entries, its penalty groups), and both sides
are played under it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w
import pandas as pd

from upto9.atlas import Atlas, hurdles
from upto9.compare import GameSummary, game_means, play_games
from upto9.rules import UPTO9, Family, Rules, RulesError, rules_from_dict

from ._common import OwnLanguage
from .engine_text import rules_error_text
from .explorer import RulesExplorer
from .page import LangOutput
from .texts import LANGS, check_lang

__all__ = ["TEXTS", "HouseRuleLab", "compare_table", "comparison_chart", "penalty_groups", "with_table_rules"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
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
        "games": "Games",
        "compare": "Compare on the same seeds",
        "standard": "Standard rules",
        "house": "House rules",
        "changed": "Changed from the standard rules: {what}.",
        "unchanged": "No rule changed yet: both sides play the standard rules.",
        "refused": "Not a rule set the engine accepts: {error}",
        "running": "Playing {games} games under each rule set…",
        "cached": "The standard side is read from the atlas file (the same seeds); the house side is played now.",
        "rounds": "Rounds per game",
        "turns": "Turns per game",
        "impossible": "Impossible rounds (safety valve)",
        "stalemates": "Stalemate rounds (engine guard)",
        "penalty_mean": "Penalty points per player (mean)",
        "penalty_sd": "Penalty points per player (SD)",
        "penalty_iqr": "Penalty points per player (IQR)",
        "rounds_level": "Rounds per level (mean)",
        "t_length": "Game length: rounds per game",
        "t_levels": "Rounds a player spends on each level",
        "t_impossible": "Impossible and stalemate rounds per 100 games",
        "t_penalty": "Penalty spread: each player's total",
        "level": "Level",
        "per100": "per 100 games",
        "what": "Measure",
        "seeds": "{games} games, {players} players: games 0 to {last} of upto9.simulate(seed={seed}), HeuristicBot in every seat",
        "decks": "decks",
        "penalty": "penalties",
    },
    "nb": {
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
        "games": "Spill",
        "compare": "Sammenlign med samme frø",
        "standard": "Standardregler",
        "house": "Husregler",
        "changed": "Endret fra standardreglene: {what}.",
        "unchanged": "Ingen regel er endret ennå: begge sider spiller standardreglene.",
        "refused": "Ikke et regelsett motoren godtar: {error}",
        "running": "Spiller {games} spill med hvert regelsett …",
        "cached": "Standardsiden leses fra atlasfila (samme frø); hussiden spilles nå.",
        "rounds": "Runder per spill",
        "turns": "Turer per spill",
        "impossible": "Umulige runder (sikkerhetsventil)",
        "stalemates": "Fastlåste runder (motorens vakt)",
        "penalty_mean": "Straffepoeng per spiller (snitt)",
        "penalty_sd": "Straffepoeng per spiller (SA)",
        "penalty_iqr": "Straffepoeng per spiller (IKV)",
        "rounds_level": "Runder per nivå (snitt)",
        "t_length": "Spillets lengde: runder per spill",
        "t_levels": "Runder en spiller bruker på hvert nivå",
        "t_impossible": "Umulige og fastlåste runder per 100 spill",
        "t_penalty": "Spredning i straffepoeng: hver spillers sum",
        "level": "Nivå",
        "per100": "per 100 spill",
        "what": "Mål",
        "seeds": "{games} spill, {players} spillere: spill 0 til {last} av upto9.simulate(seed={seed}), HeuristicBot på alle plasser",
        "decks": "kortstokker",
        "penalty": "straffepoeng",
    },
}
assert set(TEXTS) == set(LANGS)

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


def penalty_groups(rules: Rules) -> dict[str, tuple[str, ...]]:
    """The penalty values the lab edits together, by their text key: Up to 9's by rank, Phase 10's by number."""
    return _PHASE10_PENALTY_GROUPS if rules.family is Family.PHASE10 else _PENALTY_GROUPS


def with_table_rules(rules: Rules, decks: Sequence[int] | None = None, penalties: dict[str, int] | None = None) -> Rules:
    """``rules`` with the number of decks (one per entry of ``rules.decks``, in order) and some
    penalty values (``{"2": 25, "K": 10}``) changed, marked as house rules; through the engine,
    which refuses a table that cannot be dealt (``RulesError``)."""
    data = rules.to_dict()
    house = set(data.get("house_rules", []))
    if decks is not None and [d["decks"] for d in data["decks"]] != list(decks):
        data["decks"] = [{"players": d["players"], "decks": n} for d, n in zip(data["decks"], decks, strict=True)]
        house.add("decks")
    for rank, points in (penalties or {}).items():
        if data["penalties"][rank] != points:
            data["penalties"][rank] = points
            house.add(f"penalties.{rank}")
            marks = data["penalties"].get("reconstructed")
            if marks and rank in marks:
                marks.remove(rank)
    if house != set(data.get("house_rules", [])):
        data["house_rules"] = sorted(house)
        data["base"] = data.get("base") or rules.key
        if "(house rules)" not in data["name"]:
            data["name"] = f"{data['name']} (house rules)"
    return rules_from_dict(data, "<house rules>")


def compare_table(standard: Sequence[GameSummary], house: Sequence[GameSummary], lang: str = "en") -> pd.DataFrame:
    """The two rule sets' games side by side: mean game length, impossible rounds per 100 games, penalty spread."""
    texts = TEXTS[lang]
    a, b = game_means(standard), game_means(house)
    rows = []
    for key in ("rounds", "turns", "impossible", "stalemates", "penalty_mean", "penalty_sd", "penalty_iqr"):
        label = texts[key] + (f" ({texts['per100']})" if key in ("impossible", "stalemates") else "")
        rows.append({texts["what"]: label, texts["standard"]: round(a[key], 2), texts["house"]: round(b[key], 2), "Δ": round(b[key] - a[key], 2)})
    return pd.DataFrame(rows).set_index(texts["what"])


def comparison_chart(
    standard: Sequence[GameSummary], house: Sequence[GameSummary], rules: Rules = UPTO9, lang: str = "en", house_rules: Rules | None = None
) -> Any:
    """Four panels comparing the rule sets: rounds per game, rounds per level, impossible rounds, penalty spread."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    texts = TEXTS[lang]
    phase = "_phase" if rules.family is Family.PHASE10 else ""
    titles = (texts["t_length"], texts[f"t_levels{phase}"], texts["t_impossible"], texts["t_penalty"])
    fig = make_subplots(rows=2, cols=2, subplot_titles=titles, vertical_spacing=0.16)
    sides = ((texts["standard"], standard, "#6a1b9a", rules), (texts["house"], house, "#f9a825", house_rules or rules))
    for name, games, colour, side_rules in sides:
        fig.add_trace(go.Box(y=[g.rounds for g in games], name=name, marker_color=colour, legendgroup=name, showlegend=True, boxmean=True), row=1, col=1)
        per_level = hurdles(games, side_rules)
        fig.add_trace(
            go.Bar(x=[f"{n}" for n in per_level.level], y=per_level.rounds_per_level, name=name, marker_color=colour, legendgroup=name, showlegend=False),
            row=1,
            col=2,
        )
        s = game_means(games)
        fig.add_trace(
            go.Bar(
                x=[texts["impossible"], texts["stalemates"]],
                y=[s["impossible"], s["stalemates"]],
                name=name,
                marker_color=colour,
                legendgroup=name,
                showlegend=False,
            ),
            row=2,
            col=1,
        )
        fig.add_trace(
            go.Box(y=[p for g in games for p in g.penalties], name=name, marker_color=colour, legendgroup=name, showlegend=False, boxmean="sd"),
            row=2,
            col=2,
        )
    fig.update_layout(
        barmode="group",
        template="plotly_white",
        height=660,
        margin={"l": 50, "r": 20, "t": 90, "b": 40},
        legend={"orientation": "h", "y": 1.1, "x": 1, "xanchor": "right"},
    )
    fig.update_yaxes(rangemode="tozero", row=1, col=2)
    fig.update_yaxes(rangemode="tozero", row=2, col=1)
    if not any(g.impossible or g.stalemates for g in (*standard, *house)):
        fig.update_yaxes(range=[0, 1], row=2, col=1)
    fig.update_xaxes(title_text=texts[f"level{phase}"], row=1, col=2)
    fig.update_yaxes(title_text=texts["per100"], row=2, col=1)
    return fig


class HouseRuleLab(OwnLanguage, w.VBox):  # type: ignore[misc]
    """The decks and penalty values of the table, and the comparison: ``HouseRuleLab(explorer,
    atlas=Atlas.load("data/atlas.json"))`` (the atlas's games serve as the standard side when they
    are its games). ``lab.rules`` is the house rule set (the explorer's levels and this view's
    table rules); ``lab.compare()`` plays both sides and draws them."""

    def __init__(self, explorer: RulesExplorer, *, atlas: Atlas | None = None, games: int = 40, players: int = 4, seed: int = 0, lang: str = "en") -> None:
        self.explorer = explorer
        self.atlas = atlas
        self.seed = seed
        self._lang = check_lang(lang)
        base = explorer.model.base
        self._decks: list[w.BoundedIntText] = []
        self._penalties: dict[str, w.BoundedIntText] = {}
        self._decks_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._penalties_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._players = w.Dropdown(options=list(range(base.min_players, base.max_players + 1)), value=players, layout=w.Layout(width="12em"))
        self._games = w.IntSlider(value=games, min=10, max=300, step=10, layout=w.Layout(width="26em"))
        self._button = w.Button(icon="play", button_style="primary", layout=w.Layout(width="auto"))
        self._button.add_class("u9-compare")
        self._button.on_click(lambda _b: self.compare())
        self._title = w.HTML()
        self._changed = w.HTML()
        self._progress = w.Output()
        self._note = w.HTML()
        self.standard: list[GameSummary] = []
        self.house: list[GameSummary] = []
        self._house_rules: Rules = base
        self._note_args: tuple[int, int, bool] | None = None
        self._table = LangOutput(self._draw_table, lang=self._lang)
        self._chart = LangOutput(self._draw_chart, lang=self._lang)
        self._table_rules(base)
        explorer.model.observe(lambda _c: self._show_changes(), names="rules")
        explorer.model.observe(self._base_changed, names="base")
        super().__init__(
            [
                self._title,
                self._decks_box,
                w.HTML(),
                self._penalties_box,
                self._changed,
                w.HBox([self._players, self._games, self._button], layout=w.Layout(flex_flow="row wrap", align_items="center")),
                self._progress,
                self._note,
                self._table,
                self._chart,
            ]
        )
        self._penalty_label = self.children[2]
        self.add_class("u9")
        self._label()
        self._show_changes()

    # --- the rules ---

    def _table_rules(self, base: Rules) -> None:
        """The boxes for the base rule set's own table rules: one per deck entry, one per penalty group."""
        self._decks = [w.BoundedIntText(value=d.decks, min=1, max=6, layout=w.Layout(width="17em"), style={"description_width": "12em"}) for d in base.decks]
        table = dict(base.penalties)
        self._penalties = {
            key: w.BoundedIntText(value=table[keys[0]], min=0, max=200, layout=w.Layout(width="13em"), style={"description_width": "7em"})
            for key, keys in penalty_groups(base).items()
        }
        for box in (*self._decks, *self._penalties.values()):
            box.observe(lambda _c: self._show_changes(), names="value")
        self._decks_box.children = self._decks
        self._penalties_box.children = list(self._penalties.values())

    def _base_changed(self, change: Any) -> None:
        """Another base rule set: its own table rules, and the games played under the old one go."""
        base = change["new"]
        self._table_rules(base)
        players = self._players.value
        self._players.options = list(range(base.min_players, base.max_players + 1))
        self._players.value = players if base.min_players <= players <= base.max_players else base.min_players
        self.standard, self.house, self._house_rules, self._note_args = [], [], base, None
        self._note.value = ""
        self._table.refresh()
        self._chart.refresh()
        self._label()
        self._show_changes()

    @property
    def rules(self) -> Rules:
        """The house rules: the explorer's levels with this view's decks and penalty values (``RulesError`` if refused)."""
        groups = penalty_groups(self.explorer.model.base)
        penalties = {rank: int(box.value) for key, box in self._penalties.items() for rank in groups[key]}
        return with_table_rules(self.explorer.rules, [int(b.value) for b in self._decks], penalties)

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
        noun = texts["level_phase" if rules.family is Family.PHASE10 else "level"].lower()
        what = [f"{noun} {lv.number}" for lv in rules.levels if rules.is_house_rule(f"levels.{lv.number}") and not base.is_house_rule(f"levels.{lv.number}")]
        if rules.decks != base.decks:
            what.append(texts["decks"] + " " + "/".join(str(d.decks) for d in rules.decks))
        base_points = dict(base.penalties)
        changed = [(rank, points) for rank, points in rules.penalties if points != base_points[rank]]
        if changed:
            what.append(texts["penalty"] + " " + ", ".join(f"{rank} = {points}" for rank, points in changed))
        return what

    def _show_changes(self) -> None:
        texts = TEXTS[self._lang]
        try:
            rules = self.rules
        except RulesError as error:
            self._changed.value = f"<div class='u9-error'>⚠ {escape(texts['refused'].format(error=rules_error_text(str(error), self._lang)))}</div>"
            self._button.disabled = True
            return
        self._button.disabled = False
        what = self._changes(rules)
        words = texts["changed"].format(what="; ".join(what)) if what else texts["unchanged"]
        self._changed.value = f"<div class='u9-note'>{escape(words)}</div>"

    # --- playing ---

    def _standard_games(self, games: int, players: int) -> list[GameSummary] | None:
        atlas = self.atlas
        same_rules = atlas is not None and atlas.rules.key == self.explorer.model.base.key and atlas.rules.levels == self.explorer.model.base.levels
        if atlas is not None and same_rules and atlas.players == players and atlas.seed == self.seed and len(atlas.games) >= games:
            return atlas.games[:games]
        return None

    def compare(self, progress: bool = True) -> None:
        """Play ``games`` games under both rule sets from the same seeds and draw the comparison;
        with ``progress``, progress bars show under the button (in the page, after it has loaded:
        a notebook being run by Voila calls it with ``progress=False``)."""
        texts = TEXTS[self._lang]
        rules = self.rules
        games, players = int(self._games.value), int(self._players.value)
        self._progress.outputs = ()
        self._button.disabled = True
        try:
            with self._progress if progress else contextlib.nullcontext():
                if progress:
                    print(texts["running"].format(games=games))
                standard = self._standard_games(games, players)
                cached = standard is not None
                if standard is None:
                    standard = list(play_games(self.explorer.model.base, games, players=players, seed=self.seed, progress=progress))
                base = self.explorer.model.base
                same = rules.levels == base.levels and rules.decks == base.decks and rules.penalties == base.penalties
                house = standard if same else list(play_games(rules, games, players=players, seed=self.seed, progress=progress))
            self.standard, self.house, self._house_rules = list(standard), list(house), rules
            self._note_args = (games, players, cached and not same)
            self._show_note()
            self._table.refresh()
            self._chart.refresh()
        finally:
            self._button.disabled = False

    # --- drawing ---

    def _show_note(self) -> None:
        if self._note_args is None:
            return
        texts = TEXTS[self._lang]
        games, players, cached = self._note_args
        note = texts["seeds"].format(games=games, players=players, last=games - 1, seed=self.seed)
        if cached:
            note += " · " + texts["cached"]
        self._note.value = f"<div class='u9-note'>{escape(note)}</div>"

    def _draw_table(self, lang: str) -> Any:
        if not self.standard:
            return None
        return compare_table(self.standard, self.house, lang)

    def _draw_chart(self, lang: str) -> Any:
        if not self.standard:
            return None
        return comparison_chart(self.standard, self.house, self.explorer.model.base, lang, self._house_rules)

    def _label(self) -> None:
        texts = TEXTS[self._lang]
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
        self._table.lang = self._lang
        self._chart.lang = self._lang
