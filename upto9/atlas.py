"""The level difficulty atlas: how often the cards hold each level, and which levels hold players up.

Two samples, both from the engine:

* **Holding**: shuffle the decks of a 4-player table, deal 11 cards, and ask the checker
  (``holds``) whether the 11 cards, and the 11 plus the next k cards of the deck, hold each
  level, under the level's own joker budget and under changed budgets (``budget_variant``). Since
  more cards never unmake a lay-down, one number per deal and level says it all: the fewest draws
  after which the cards hold the level (``first_hold``). The chance "after k draws" counts a
  player who keeps every card that matters (an upper bound for a real player, who must discard
  one card each turn).
* **Games**: whole games played by the engine's bots (``upto9.compare.play_games``), one
  ``GameSummary`` per game with the rounds each player spent on each level: how often a player on
  a level lays it down (``hurdles``).

``Atlas`` holds both, saved as JSON (``save``/``load``: ``python notebooks/build_cache.py`` writes
``notebooks/data/atlas.json``); its chances come with 95 % Wilson intervals. Nothing here draws:
the atlas page's views are ``upto9.widgets.atlas``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pandas as pd
from tqdm.auto import tqdm

from upto9.cards import PlayingCard
from upto9.compare import GameSummary, play_games, rules_fingerprint, shuffled_deck
from upto9.family import family_of, holds
from upto9.rules import UPTO9, Rules, rules_from_dict
from upto9.stats import wilson

__all__ = ["FORMAT", "VARIANTS", "Atlas", "Counts", "budget_variant", "first_hold", "hurdles", "sample_first_holds"]

FORMAT: Final = "upto9-atlas/2"
VARIANTS: Final = ("none", "minus", "rules", "plus")
"""Joker budgets tried on every level: no jokers at all, one fewer, the rule set's, one more."""

Counts = list[list[list[int] | None]]
"""``counts[level - 1][variant][k]``: the deals whose first hold is after k draws (``None``: no such variant)."""

_BUILD: Final = "python notebooks/build_cache.py"


# --- joker budgets ------------------------------------------------------------------------------------


def budget_variant(rules: Rules, number: int, variant: str) -> Rules | None:
    """``rules`` with level ``number``'s joker budget changed: ``none`` (no jokers), ``minus`` (one
    fewer in total; a group's cap at most the total), ``rules`` (unchanged) or ``plus`` (one more in
    total and in every group's cap). ``None`` when there is no such budget (one fewer than none).

    >>> str(budget_variant(UPTO9, 7, "plus").level(7).budget_message), str(budget_variant(UPTO9, 7, "none").level(7).budget_message)
    ('at most 4 jokers', 'no jokers')
    >>> budget_variant(UPTO9, 1, "minus") is None, budget_variant(UPTO9, 1, "rules") is UPTO9
    (True, True)
    """
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


def first_hold(deck: Sequence[PlayingCard], level: int, rules: Rules, hand: int, max_draws: int) -> int:
    """The fewest draws ``k`` (0 to ``max_draws``) after which ``deck[:hand + k]`` holds ``level``;
    ``max_draws + 1`` if even ``max_draws`` draws do not.

    >>> from upto9 import parse_hand
    >>> deck = parse_hand("5h 6h Kc Qd 7h 9s 8h Ac")
    >>> first_hold(deck, 1, UPTO9, 4, 4), first_hold(deck, 1, UPTO9, 4, 2)
    (3, 3)
    """
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
    """For deals ``start`` to ``stop``: per deal, per level, per variant, the first hold (-1: no such variant)."""
    start, stop, seed, max_draws, rules = args
    variants = {(lv.number, v): budget_variant(rules, lv.number, v) for lv in rules.levels for v in VARIANTS}
    out = []
    for index in range(start, stop):
        deck = shuffled_deck(rules, 4, f"upto9-atlas:{seed}:{index}")
        per_level = []
        for lv in rules.levels:
            row = []
            for v in VARIANTS:
                varied = variants[(lv.number, v)]
                row.append(-1 if varied is None else first_hold(deck, lv.number, varied, rules.hand_size, max_draws))
            per_level.append(row)
        out.append(per_level)
    return out


def sample_first_holds(
    samples: int, *, seed: int = 0, start: int = 0, rules: Rules = UPTO9, max_draws: int = 20, workers: int = 1, progress: bool = True
) -> Counts:
    """Deal ``samples`` hands of a 4-player table (deal numbers ``start`` on, so more samples can
    be added later) and count, for each level and budget variant, the deals whose first hold is
    after k draws: ``counts[level - 1][variant][k]`` for k = 0 to ``max_draws``, and at
    ``max_draws + 1`` the deals that do not hold it even then (``None``: no such variant). The
    counts are the same whatever the number of ``workers``.

    >>> counts = sample_first_holds(4, max_draws=3, progress=False)
    >>> len(counts), [sum(h) for h in counts[6] if h is not None], counts[0][1]
    (9, [4, 4, 4, 4], None)
    """
    chunk = 25
    jobs = [(a, min(a + chunk, start + samples), seed, max_draws, rules) for a in range(start, start + samples, chunk)]
    results: list[list[list[int]]] = []
    with tqdm(total=samples, desc="deals", unit="deal", disable=not progress) as bar:
        if workers <= 1:
            for job in jobs:
                results.extend(_deal_firsts(job))
                bar.update(job[1] - job[0])
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for job, done in zip(jobs, pool.map(_deal_firsts, jobs), strict=True):
                    results.extend(done)
                    bar.update(job[1] - job[0])
    counts: Counts = [[None if results and results[0][li][vi] < 0 else [0] * (max_draws + 2) for vi in range(len(VARIANTS))] for li in range(len(rules.levels))]
    for deal in results:
        for li, row in enumerate(deal):
            for vi, first in enumerate(row):
                hist = counts[li][vi]
                if hist is not None:
                    hist[first] += 1
    return counts


def _add(a: Counts, b: Counts) -> Counts:
    return [
        [None if x is None or y is None else [i + j for i, j in zip(x, y, strict=True)] for x, y in zip(ra, rb, strict=True)]
        for ra, rb in zip(a, b, strict=True)
    ]


# --- games: the bots' rounds per level ----------------------------------------------------------------


def hurdles(games: Sequence[GameSummary], rules: Rules = UPTO9) -> pd.DataFrame:
    """Per level of ``rules``: the rounds played on it in ``games``, the rounds in which it was
    laid down, the lay-down rate with its 95 % Wilson interval, and the mean rounds a player
    spends on it (rounds played / lay-downs) with its 95 % interval: the rate's, turned over (the
    rounds a level takes are one over its lay-down rate; infinite above when the rate's interval
    reaches 0).

    >>> g = GameSummary(10, 300, 0, 0, 0, 0, (0,), (0, 5), (10, 9), (2,) * 9, (1,) * 9, (0,) * 9)
    >>> df = hurdles([g, g])
    >>> row = df.iloc[0]
    >>> int(row.level), int(row.attempts), int(row.passes), float(row.rate), float(row.rounds_per_level)
    (1, 4, 2, 0.5, 2.0)
    >>> round(float(row.rounds_low), 2), round(float(row.rounds_high), 2), bool(1 / row.high == row.rounds_low)
    (1.18, 6.66, True)
    """
    rows = []
    for li, lv in enumerate(rules.levels):
        attempts = sum(g.attempts[li] for g in games)
        passes = sum(g.passes[li] for g in games)
        interval = wilson(passes, attempts)
        rows.append(
            {
                "level": lv.number,
                "attempts": attempts,
                "passes": passes,
                "rate": passes / attempts if attempts else float("nan"),
                "low": interval.low,
                "high": interval.high,
                "rounds_per_level": attempts / passes if passes else float("nan"),
                "rounds_low": 1 / interval.high if attempts else float("nan"),
                "rounds_high": (1 / interval.low if interval.low > 0 else float("inf")) if attempts else float("nan"),
            }
        )
    return pd.DataFrame(rows)


# --- the atlas ----------------------------------------------------------------------------------------


@dataclass
class Atlas:
    """The sampled deals (``counts``, see ``sample_first_holds``) and games (one ``GameSummary``
    each), with the numbers the atlas page shows.

    >>> atlas = Atlas.build(6, 2, max_draws=4, progress=False)
    >>> atlas.samples, len(atlas.games), Atlas.from_dict(atlas.to_dict()) == atlas
    (6, 2, True)
    >>> atlas.sample_more(4, progress=False)
    >>> atlas.samples, list(atlas.holding().columns)
    (10, ['level', 'variant', 'k', 'deals', 'held', 'chance', 'low', 'high'])
    """

    counts: Counts
    games: list[GameSummary]
    seed: int = 0
    max_draws: int = 20
    players: int = 4
    rules: Rules = field(default=UPTO9)

    # --- files ---

    @classmethod
    def build(
        cls, samples: int, games: int, *, seed: int = 0, max_draws: int = 20, players: int = 4, workers: int = 1, progress: bool = True, client: Any = None
    ) -> Atlas:
        """Deal ``samples`` hands and play ``games`` games of ``players`` with the bots (Up to 9).
        ``client``: a Dask client or scheduler address: the games are played on that cluster
        (``play_games(..., client=...)``), the very same games."""
        counts = sample_first_holds(samples, seed=seed, max_draws=max_draws, workers=workers, progress=progress)
        played = play_games(UPTO9, games, players=players, seed=seed, workers=workers, progress=progress, client=client)
        return cls(counts, list(played), seed, max_draws, players)

    def to_dict(self) -> dict[str, Any]:
        family = family_of(self.rules)
        return {
            "format": FORMAT,
            "command": _BUILD,
            "rules": self.rules.name,
            "fingerprint": rules_fingerprint(self.rules),
            "levels": [{"number": lv.number, "contract": str(family.contract(lv)), "budget": str(family.budget(lv))} for lv in self.rules.levels],
            "seed": self.seed,
            "players": self.players,
            "max_draws": self.max_draws,
            "variants": list(VARIANTS),
            "samples": self.samples,
            "counts": self.counts,
            "games": [g.to_row() for g in self.games],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "<atlas>") -> Atlas:
        """Read ``to_dict``'s shape back; a file made for other rules than Up to 9's own is refused (``ValueError``)."""
        if data.get("format") != FORMAT:
            raise ValueError(f"{source}: not an atlas file ({FORMAT}); run {_BUILD}")
        if data.get("fingerprint") != rules_fingerprint(UPTO9) or data.get("variants") != list(VARIANTS):
            raise ValueError(f"{source}: made for other rules; run {_BUILD}")
        games = [GameSummary.from_row(row) for row in data["games"]]
        return cls(data["counts"], games, int(data["seed"]), int(data["max_draws"]), int(data["players"]))

    def save(self, path: str | Path) -> None:
        """Write the atlas as JSON, one level's counts or one game per line (small diffs, still plain JSON)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = self.to_dict()
        lines = [json.dumps({k: v for k, v in data.items() if k not in ("counts", "games")}, ensure_ascii=False)[:-1] + ","]
        lines.append(' "counts": [')
        lines += [json.dumps(c, separators=(",", ":")) + ("," if i < len(self.counts) - 1 else "") for i, c in enumerate(self.counts)]
        lines.append('], "games": [')
        rows = data["games"]
        lines += [json.dumps(g, separators=(",", ":")) + ("," if i < len(rows) - 1 else "") for i, g in enumerate(rows)]
        lines.append("]}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Atlas:
        """Read a file written by ``save`` (``ValueError`` if it is not one or is for other rules, ``OSError`` if it cannot be read)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}: {error}") from None
        return cls.from_dict(data, str(path))

    @classmethod
    def load_or_build(cls, path: str | Path, *, samples: int = 300, games: int = 40) -> Atlas:
        """The atlas file at ``path`` (the caller's: a page passes its own data file) if it is there
        and made for these rules; else a smaller atlas sampled now (with a progress bar), and
        ``python notebooks/build_cache.py`` makes the full file."""
        try:
            return cls.load(path)
        except (OSError, ValueError) as error:
            print(f"{error}: sampling a small atlas now ({samples} deals, {games} games).")
            return cls.build(samples, games, workers=1, progress=True)

    def sample_more(self, samples: int, progress: bool = True) -> None:
        """Deal ``samples`` more hands (the next deal numbers) and add them."""
        more = sample_first_holds(samples, seed=self.seed, start=self.samples, rules=self.rules, max_draws=self.max_draws, progress=progress)
        self.counts = _add(self.counts, more) if self.counts else more

    def key(self) -> tuple[Any, ...]:
        """What the atlas is made of, as one hashable value: two atlases with equal keys show the
        same numbers (a page keeps its drawings of an atlas by it).

        >>> a, b = Atlas.build(6, 1, max_draws=2, progress=False), Atlas.build(6, 1, max_draws=2, progress=False)
        >>> a.key() == b.key(), hash(a.key()) == hash(b.key())
        (True, True)
        >>> b.sample_more(2, progress=False)
        >>> a.key() == b.key()
        False
        """
        counts = tuple(tuple(None if hist is None else tuple(hist) for hist in row) for row in self.counts)
        return (rules_fingerprint(self.rules), self.seed, self.max_draws, self.players, counts, tuple(self.games))

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
        """One row per level, variant and k: deals, deals holding, chance and its 95 % Wilson interval."""
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
                    share = wilson(held, n)
                    row = {"level": lv.number, "variant": variant, "k": k, "deals": n, "held": held}
                    rows.append(row | {"chance": held / n, "low": share.low, "high": share.high})
        return pd.DataFrame(rows)

    def hurdles(self) -> pd.DataFrame:
        """The games' hurdles per level (``hurdles``)."""
        return hurdles(self.games, self.rules)
