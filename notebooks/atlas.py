"""The level difficulty atlas: how often the cards hold each level, and which levels hold players up.

Two samples, both from the engine:

* **Holding**: shuffle the decks of a 4-player table, deal 11 cards, and ask the checker
  (``upto9.holds``) whether the 11 cards, and the 11 plus the next k cards of the deck, hold each
  level, under the level's own joker budget and under changed budgets. Since more cards never
  unmake a lay-down, one number per deal and level says it all: the fewest draws after which the
  cards hold the level. The chance "after k draws" counts a player who keeps every card that
  matters (an upper bound for a real player, who must discard one card each turn).
* **Games**: whole games played by the engine's bots (``upto9.simulate``), one row per game with
  the rounds each player spent on each level: how often a player on a level lays it down.

``python notebooks/build_cache.py`` plays both and writes ``data/atlas.json``; the atlas
notebook reads it (and samples more on request). Chances come with 95 % Wilson intervals.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pandas as pd
from tqdm.auto import tqdm

from upto9 import UPTO9, Rules, full_deck, holds, simulate
from upto9.rules import rules_from_dict

__all__ = ["CACHE", "VARIANTS", "Atlas", "budget_variant", "first_hold", "game_summaries", "play_games", "sample_holding", "wilson"]

CACHE: Final = Path(__file__).with_name("data") / "atlas.json"
FORMAT: Final = "upto9-atlas/1"
VARIANTS: Final = ("none", "minus", "rules", "plus")
"""Joker budgets tried on every level: no jokers at all, one fewer, the rule set's, one more."""

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "level": "Level",
        "draws": "Cards drawn after the deal (k)",
        "chance": "Chance the cards hold the level",
        "hold_title": "Holding each level: the dealt 11 cards plus the next k cards of the deck",
        "budget_title": "What the joker budget changes: the chance after {k} draws",
        "budget": "Joker budget",
        "none": "no jokers",
        "minus": "one joker fewer",
        "rules": "as the rules say",
        "plus": "one joker more",
        "dealt": "In the dealt 11",
        "after": "After {k} draws",
        "ci": "95 % interval",
        "samples": "Deals",
        "hurdle_title": "The hurdles: how often a player on a level lays it down in a round",
        "rate": "Lay-down rate per round",
        "attempts": "Rounds played on the level",
        "rounds_per_level": "Rounds per level (mean)",
        "passes": "Laid down",
        "contract": "Contract",
        "budget_col": "Max wild",
        "hurdle": "hurdle",
    },
    "nb": {
        "level": "Nivå",
        "draws": "Kort trukket etter utdelingen (k)",
        "chance": "Sjansen for at kortene holder nivået",
        "hold_title": "Å ha nivået: de 11 utdelte kortene pluss de neste k kortene i trekkbunken",
        "budget_title": "Hva jokerbudsjettet endrer: sjansen etter {k} trekk",
        "budget": "Jokerbudsjett",
        "none": "ingen jokere",
        "minus": "én joker færre",
        "rules": "slik reglene sier",
        "plus": "én joker mer",
        "dealt": "I de 11 utdelte",
        "after": "Etter {k} trekk",
        "ci": "95 %-intervall",
        "samples": "Utdelinger",
        "hurdle_title": "Hindrene: hvor ofte en spiller på et nivå legger det ned i en runde",
        "rate": "Andel runder med nedlegg",
        "attempts": "Runder spilt på nivået",
        "rounds_per_level": "Runder per nivå (snitt)",
        "passes": "Lagt ned",
        "contract": "Regel",
        "budget_col": "Maks wild",
        "hurdle": "hinder",
    },
}


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# --- joker budgets ------------------------------------------------------------------------------------


def budget_variant(rules: Rules, number: int, variant: str) -> Rules | None:
    """``rules`` with level ``number``'s joker budget changed: ``none`` (no jokers), ``minus`` (one
    fewer in total; a group's cap at most the total), ``rules`` (unchanged) or ``plus`` (one more in
    total and in every group's cap). ``None`` when there is no such budget (one fewer than none)."""
    if variant == "rules":
        return rules
    level = rules.level(number)
    entry = level.to_dict()
    entry.pop("reconstructed", None)
    total = {"none": 0, "minus": level.jokers - 1, "plus": level.jokers + 1}[variant]
    if total < 0 or (variant == "minus" and level.jokers == 0):
        return None
    entry["jokers"] = total
    groups = []
    for group in entry["groups"]:
        group = dict(group)
        if "jokers" in group:
            group["jokers"] = min(group["jokers"] + 1, group["size"]) if variant == "plus" else min(group["jokers"], total)
        groups.append(group)
    entry["groups"] = groups
    if total == 0:
        entry.pop("clean_groups", None)
    data = rules.to_dict()
    data["levels"] = [entry if lv["number"] == number else lv for lv in data["levels"]]
    return rules_from_dict(data, f"<level {number}: {variant}>")


# --- holding: deals and the checker -------------------------------------------------------------------


def first_hold(deck: Sequence[Any], level: int, rules: Rules, hand: int, max_draws: int) -> int:
    """The fewest draws ``k`` (0 to ``max_draws``) after which ``deck[:hand + k]`` holds ``level``;
    ``max_draws + 1`` if even ``max_draws`` draws do not."""
    if not holds(deck[: hand + max_draws], level, rules):
        return max_draws + 1
    low, high = 0, max_draws  # holds at high
    while low < high:
        middle = (low + high) // 2
        if holds(deck[: hand + middle], level, rules):
            high = middle
        else:
            low = middle + 1
    return low


def _deal_firsts(args: tuple[int, int, int, int, Rules]) -> list[list[list[int]]]:
    """For deals ``start`` to ``stop``: per deal, per level, per variant, the first hold."""
    start, stop, seed, max_draws, rules = args
    variants = {(lv.number, v): budget_variant(rules, lv.number, v) for lv in rules.levels for v in VARIANTS}
    decks = rules.decks_for(4)
    cards = list(full_deck()) * decks
    out = []
    for index in range(start, stop):
        deck = cards[:]
        random.Random(f"upto9-atlas:{seed}:{index}").shuffle(deck)
        per_level = []
        for lv in rules.levels:
            row = []
            for v in VARIANTS:
                varied = variants[(lv.number, v)]
                row.append(-1 if varied is None else first_hold(deck, lv.number, varied, rules.hand_size, max_draws))
            per_level.append(row)
        out.append(per_level)
    return out


def sample_holding(
    samples: int, *, seed: int = 0, start: int = 0, rules: Rules = UPTO9, max_draws: int = 20, workers: int = 1, progress: bool = True
) -> list[list[list[int] | None]]:
    """Deal ``samples`` hands (deal numbers ``start`` on, so more samples can be added later) and
    count, for each level and budget variant, the deals whose first hold is after k draws:
    ``counts[level - 1][variant][k]`` for k = 0 to ``max_draws``, and at ``max_draws + 1`` the
    deals that do not hold it even then (``None``: no such variant)."""
    chunk = 25
    jobs = [(a, min(a + chunk, start + samples), seed, max_draws, rules) for a in range(start, start + samples, chunk)]
    results: list[list[list[int]]] = []
    with tqdm(total=samples, desc="deals", unit="deal", disable=not progress) as bar:
        if workers <= 1:
            for job in jobs:
                results.extend(_deal_firsts(job))
                bar.update(job[1] - job[0])
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                for job, done in zip(jobs, pool.map(_deal_firsts, jobs), strict=True):
                    results.extend(done)
                    bar.update(job[1] - job[0])
    counts: list[list[list[int] | None]] = [
        [None if results and results[0][li][vi] < 0 else [0] * (max_draws + 2) for vi in range(len(VARIANTS))] for li in range(len(rules.levels))
    ]
    for deal in results:
        for li, row in enumerate(deal):
            for vi, first in enumerate(row):
                hist = counts[li][vi]
                if hist is not None:
                    hist[first] += 1
    return counts


def _add(a: list[list[list[int] | None]], b: list[list[list[int] | None]]) -> list[list[list[int] | None]]:
    return [
        [None if x is None or y is None else [i + j for i, j in zip(x, y, strict=True)] for x, y in zip(ra, rb, strict=True)]
        for ra, rb in zip(a, b, strict=True)
    ]


# --- games: the bots' rounds per level ----------------------------------------------------------------


def game_summaries(games_df: pd.DataFrame, rounds_df: pd.DataFrame, players: int, levels: int = 9) -> list[dict[str, Any]]:
    """One small record per game from ``simulate(..., per_round=True)``: its rounds and turns, the
    impossible and stalemate rounds, each player's penalty points and final level, and per level
    the rounds played on it by all players (``attempts``) and how many of them laid it down (``passes``)."""
    levels = int(max(levels, max((int(rounds_df[f"level_{p}"].max()) for p in range(players)), default=levels)))
    out = []
    by_game = {int(g): frame for g, frame in rounds_df.groupby("game")}
    for row in games_df.itertuples(index=False):
        frame = by_game[int(row.game)]
        attempts = [0] * levels
        passes = [0] * levels
        for r in frame.itertuples(index=False):
            for p in range(players):
                level = int(getattr(r, f"level_{p}"))
                attempts[level - 1] += 1
                if bool(getattr(r, f"laid_down_{p}")):
                    passes[level - 1] += 1
        out.append(
            {
                "game": int(row.game),
                "rounds": int(row.rounds),
                "turns": int(row.turns),
                "impossible": int(row.impossible),
                "stalemates": int(row.stalemates),
                "penalties": [int(getattr(row, f"penalties_{p}")) for p in range(players)],
                "levels": [int(getattr(row, f"level_{p}")) for p in range(players)],
                "attempts": attempts,
                "passes": passes,
            }
        )
    return out


def play_games(games: int, *, players: int = 4, rules: Rules = UPTO9, seed: int = 0, workers: int = 1, progress: bool = True) -> list[dict[str, Any]]:
    """Play ``games`` games with the engine's bots and summarise them (``game_summaries``)."""
    if games == 0:
        return []
    games_df, rounds_df = simulate(games, players=players, rules=rules, seed=seed, workers=workers, per_round=True, progress=progress)
    return game_summaries(games_df, rounds_df, players, len(rules.levels))  # every level, even one no game reached


# --- the atlas ----------------------------------------------------------------------------------------


@dataclass
class Atlas:
    """The sampled deals and games, with the tables and charts of the atlas notebook."""

    counts: list[list[list[int] | None]]
    games: list[dict[str, Any]]
    seed: int = 0
    max_draws: int = 20
    players: int = 4
    rules: Rules = field(default=UPTO9)

    # --- files ---

    @classmethod
    def build(cls, samples: int, games: int, *, seed: int = 0, max_draws: int = 20, players: int = 4, workers: int = 1, progress: bool = True) -> Atlas:
        counts = sample_holding(samples, seed=seed, max_draws=max_draws, workers=workers, progress=progress)
        played = play_games(games, players=players, seed=seed, workers=workers, progress=progress)
        return cls(counts, played, seed, max_draws, players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "command": "python notebooks/build_cache.py",
            "rules": self.rules.name,
            "levels": [{"number": lv.number, "contract": lv.contract, "budget": lv.budget} for lv in self.rules.levels],
            "seed": self.seed,
            "players": self.players,
            "max_draws": self.max_draws,
            "variants": list(VARIANTS),
            "samples": self.samples,
            "counts": self.counts,
            "games": self.games,
        }

    def save(self, path: str | Path = CACHE) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = self.to_dict()
        # One deal or game per line: small diffs, still plain JSON.
        lines = [json.dumps({k: v for k, v in data.items() if k not in ("counts", "games")}, ensure_ascii=False)[:-1] + ","]
        lines.append(' "counts": [')
        lines += [json.dumps(c, separators=(",", ":")) + ("," if i < len(self.counts) - 1 else "") for i, c in enumerate(self.counts)]
        lines.append('], "games": [')
        lines += [json.dumps(g, separators=(",", ":")) + ("," if i < len(self.games) - 1 else "") for i, g in enumerate(self.games)]
        lines.append("]}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path = CACHE) -> Atlas:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"{path}: not an atlas file ({FORMAT}); run python notebooks/build_cache.py")
        current = [{"number": lv.number, "contract": lv.contract, "budget": lv.budget} for lv in UPTO9.levels]
        if data["levels"] != current or data["variants"] != list(VARIANTS):
            raise ValueError(f"{path}: made for other rules; run python notebooks/build_cache.py")
        return cls(data["counts"], data["games"], data["seed"], data["max_draws"], data["players"])

    @classmethod
    def load_or_build(cls, path: str | Path = CACHE, *, samples: int = 300, games: int = 40) -> Atlas:
        """The atlas file if it is there and made for these rules; else a smaller atlas sampled now
        (with a progress bar), and ``python notebooks/build_cache.py`` makes the full file."""
        try:
            return cls.load(path)
        except (OSError, ValueError) as error:
            print(f"{error}: sampling a small atlas now ({samples} deals, {games} games).")
            return cls.build(samples, games, workers=1, progress=True)

    def sample_more(self, samples: int, progress: bool = True) -> None:
        """Deal ``samples`` more hands (the next deal numbers) and add them."""
        more = sample_holding(samples, seed=self.seed, start=self.samples, rules=self.rules, max_draws=self.max_draws, progress=progress)
        self.counts = _add(self.counts, more) if self.counts else more

    # --- numbers ---

    @property
    def samples(self) -> int:
        """How many deals the holding chances are from."""
        for row in self.counts:
            for hist in row:
                if hist is not None:
                    return sum(hist)
        return 0

    def holding(self) -> pd.DataFrame:
        """One row per level, variant and k: deals, deals holding, chance and its 95 % interval."""
        rows = []
        n = self.samples
        for li, lv in enumerate(self.rules.levels):
            for vi, variant in enumerate(VARIANTS):
                hist = self.counts[li][vi] if li < len(self.counts) else None
                if hist is None or n == 0:
                    continue
                held = 0
                for k in range(self.max_draws + 1):
                    held += hist[k]
                    low, high = wilson(held, n)
                    rows.append({"level": lv.number, "variant": variant, "k": k, "deals": n, "held": held, "chance": held / n, "low": low, "high": high})
        return pd.DataFrame(rows)

    def table(self, lang: str = "en", ks: Iterable[int] = (0, 5, 10, 20)) -> Any:
        """The chance of holding each level (its own budget) in the dealt 11 and after k draws,
        with the 95 % interval, as a table for people."""
        texts = TEXTS[lang]
        from upto9.widgets.texts import budget_text, contract_text

        df = self.holding()
        df = df[df.variant == "rules"]
        out = []
        for lv in self.rules.levels:
            row: dict[str, Any] = {texts["level"]: lv.number, texts["contract"]: contract_text(lv, lang), texts["budget_col"]: budget_text(lv, lang)}
            for k in ks:
                if k > self.max_draws:
                    continue
                found = df[(df.level == lv.number) & (df.k == k)].iloc[0]
                label = texts["dealt"] if k == 0 else texts["after"].format(k=k)
                row[label] = f"{100 * found.chance:.1f} % ({100 * found.low:.1f}–{100 * found.high:.1f})"
            out.append(row)
        return _styled(pd.DataFrame(out).set_index(texts["level"]))

    def hurdles(self, games: Sequence[dict[str, Any]] | None = None) -> pd.DataFrame:
        """Per level: rounds played on it, rounds in which it was laid down, the lay-down rate with
        its 95 % interval, and the mean rounds a player spends on it."""
        games = self.games if games is None else games
        rows = []
        for li, lv in enumerate(self.rules.levels):
            attempts = sum(g["attempts"][li] for g in games)
            passes = sum(g["passes"][li] for g in games)
            low, high = wilson(passes, attempts)
            rows.append(
                {
                    "level": lv.number,
                    "attempts": attempts,
                    "passes": passes,
                    "rate": passes / attempts if attempts else float("nan"),
                    "low": low,
                    "high": high,
                    "rounds_per_level": attempts / passes if passes else float("nan"),
                }
            )
        return pd.DataFrame(rows)

    # --- charts ---

    def hold_chart(self, lang: str = "en") -> Any:
        """The chance of holding each level against k, with its 95 % band."""
        import plotly.graph_objects as go

        texts = TEXTS[lang]
        df = self.holding()
        df = df[df.variant == "rules"]
        fig = go.Figure()
        colours = _palette()
        for i, lv in enumerate(self.rules.levels):
            part = df[df.level == lv.number]
            colour = colours[i % len(colours)]
            fig.add_trace(
                go.Scatter(
                    x=list(part.k) + list(part.k)[::-1],
                    y=list(part.high) + list(part.low)[::-1],
                    fill="toself",
                    fillcolor=_alpha(colour, 0.15),
                    line={"width": 0},
                    hoverinfo="skip",
                    showlegend=False,
                    legendgroup=str(lv.number),
                )
            )
            fig.add_trace(
                go.Scatter(
                    x=part.k,
                    y=part.chance,
                    mode="lines+markers",
                    name=f"{texts['level']} {lv.number}",
                    line={"color": colour},
                    marker={"size": 4},
                    legendgroup=str(lv.number),
                    customdata=list(zip(part.low, part.high, strict=True)),
                    hovertemplate=f"{texts['level']} {lv.number}, k=%{{x}}: %{{y:.1%}} ({texts['ci']} {_CI_HOVER})<extra></extra>",
                )
            )
        fig.update_layout(
            title=f"{texts['hold_title']} ({texts['samples'].lower()}: {self.samples})",
            xaxis_title=texts["draws"],
            yaxis_title=texts["chance"],
            yaxis={"tickformat": ".0%", "range": [0, 1.02]},
            template="plotly_white",
            height=460,
            margin={"l": 60, "r": 20, "t": 60, "b": 50},
        )
        return fig

    def budget_chart(self, lang: str = "en", k: int = 10) -> Any:
        """Per level, the chance after ``k`` draws under each joker budget (grouped bars with 95 % error bars)."""
        import plotly.graph_objects as go

        texts = TEXTS[lang]
        df = self.holding()
        df = df[df.k == k]
        fig = go.Figure()
        colours = {"none": "#9e9e9e", "minus": "#90caf9", "rules": "#6a1b9a", "plus": "#f9a825"}
        for variant in VARIANTS:
            part = df[df.variant == variant]
            fig.add_trace(
                go.Bar(
                    x=[f"{texts['level']} {n}" for n in part.level],
                    y=part.chance,
                    name=texts[variant],
                    marker_color=colours[variant],
                    error_y={"type": "data", "symmetric": False, "array": part.high - part.chance, "arrayminus": part.chance - part.low, "thickness": 1},
                    hovertemplate="%{x}: %{y:.1%}<extra>" + texts[variant] + "</extra>",
                )
            )
        fig.update_layout(
            title=f"{texts['budget_title'].format(k=k)} ({texts['samples'].lower()}: {self.samples})",
            barmode="group",
            yaxis={"tickformat": ".0%", "range": [0, 1.05], "title": texts["chance"]},
            legend_title=texts["budget"],
            template="plotly_white",
            height=420,
            margin={"l": 60, "r": 20, "t": 60, "b": 40},
        )
        return fig

    def hurdle_chart(self, lang: str = "en") -> Any:
        """The lay-down rate per round of each level, with its 95 % interval; the hardest three marked."""
        import plotly.graph_objects as go

        texts = TEXTS[lang]
        df = self.hurdles()
        hardest = set(df.nsmallest(3, "rate").level)
        fig = go.Figure(
            go.Bar(
                x=[f"{texts['level']} {n}" for n in df.level],
                y=df.rate,
                marker_color=["#c62828" if n in hardest else "#6a1b9a" for n in df.level],
                error_y={"type": "data", "symmetric": False, "array": df.high - df.rate, "arrayminus": df.rate - df.low, "thickness": 1},
                text=[f"{texts['hurdle']}" if n in hardest else "" for n in df.level],
                textposition="inside",
                customdata=list(zip(df.attempts, df.rounds_per_level, strict=True)),
                hovertemplate="%{x}: %{y:.1%} · "
                + texts["attempts"]
                + " %{customdata[0]} · "
                + texts["rounds_per_level"]
                + " %{customdata[1]:.2f}<extra></extra>",
            )
        )
        games = len(self.games)
        fig.update_layout(
            title=f"{texts['hurdle_title']} ({games} games, {self.players} players)"
            if lang == "en"
            else f"{texts['hurdle_title']} ({games} spill, {self.players} spillere)",
            yaxis={"tickformat": ".0%", "range": [0, 1.05], "title": texts["rate"]},
            template="plotly_white",
            height=400,
            margin={"l": 60, "r": 20, "t": 60, "b": 40},
        )
        return fig

    def hurdle_table(self, lang: str = "en") -> Any:
        """The hurdles as a table for people."""
        texts = TEXTS[lang]
        df = self.hurdles()
        return _styled(
            pd.DataFrame(
                {
                    texts["level"]: df.level,
                    texts["attempts"]: df.attempts,
                    texts["passes"]: df.passes,
                    texts["rate"]: [f"{100 * r:.1f} % ({100 * lo:.1f}–{100 * hi:.1f})" for r, lo, hi in zip(df.rate, df.low, df.high, strict=True)],
                    texts["rounds_per_level"]: df.rounds_per_level.round(2),
                }
            ).set_index(texts["level"])
        )


_CI_HOVER: Final = "%{customdata[0]:.1%}–%{customdata[1]:.1%}"


def _styled(df: pd.DataFrame) -> Any:
    """A table for a page: no wrapped numbers, text columns left-aligned (a pandas Styler)."""
    text_columns = [c for c in df.columns if df[c].dtype == object]
    return (
        df.style.set_table_styles([{"selector": "td, th", "props": "white-space: nowrap; padding: 3px 10px;"}])
        .set_properties(subset=text_columns, **{"text-align": "left"})
        .format(precision=2)
    )


def _palette() -> list[str]:
    return ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"]


def _alpha(colour: str, alpha: float) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"
