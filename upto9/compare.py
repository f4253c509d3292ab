"""Up to 9 beside Phase 10 (or any two rule sets): their facts read from the rules, and measured
estimates with 95 % intervals.

* ``rules_facts(rules, players)``: what a comparison table shows, read from the rule set's data
  (deck, hand size, wild cards, joker budgets, levels, penalties, tie-break, safety valve), with
  the reconstructed marks.
* ``Estimate``, ``wilson``, ``bootstrap_mean``, ``bootstrap_ratio``, ``bootstrap_difference``,
  ``share_of_rounds``: the intervals, from ``upto9.stats`` (re-exported here by their names).
* ``sample_holding``: the chance that a dealt hand already holds each level, by shuffling the
  game's deck and asking the checker (``holds``).
* ``play_games`` / ``summarise_games``: whole games played by bots (``simulate``), kept as one
  small record per game; ``game_stats`` turns them into estimates (game length, rounds per level,
  impossible rounds, penalty spread).
* ``PlayedGames``: one rule set's games played in advance (the house-rule lab's opening), saved
  as JSON, served when a page asks for the very same games.
* ``Comparison``: both sides, with the seed, the numbers of games and deals and the bot, saved as
  JSON (``save``/``load``) so that a page can show it without playing the games again, nor
  drawing their intervals again (each side's ``game_stats``, stored with its seed).

Nothing here draws: the comparison page's view is ``upto9.widgets.compare``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import math
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from upto9.cards import PlayingCard
from upto9.family import family_of, holds
from upto9.game import game_deck
from upto9.rules import Rules, RulesError, TieBreak, builtin_rules, rules_from_dict

# The intervals live in upto9.stats; their names stay importable from here (pages and game
# families import ``from upto9.compare import Estimate, wilson``).
from upto9.stats import (
    CONFIDENCE,
    RESAMPLES,
    Estimate,
    StatsError,
    bootstrap_difference,
    bootstrap_mean,
    bootstrap_ratio,
    share_of_rounds,
    wilson,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CONFIDENCE",
    "DASK_TIMEOUT",
    "FAMILY_HEADLINES",
    "FORMAT",
    "HEADLINES",
    "PAIRED_KEYS",
    "PLAYED_FORMAT",
    "CompareError",
    "Comparison",
    "Estimate",
    "FamilySummary",
    "GameStats",
    "GameSummary",
    "Holding",
    "LevelFacts",
    "PairedMeasure",
    "PenaltyFacts",
    "PlayedGames",
    "PublishedFigure",
    "PublishedRow",
    "RulesFacts",
    "Side",
    "bootstrap_difference",
    "bootstrap_mean",
    "bootstrap_ratio",
    "dask_client",
    "deal",
    "family_headlines",
    "family_paired_measures",
    "family_summary",
    "game_means",
    "game_stats",
    "paired_measures",
    "play_family_games",
    "play_games",
    "published_rows",
    "rules_facts",
    "rules_fingerprint",
    "sample_holding",
    "share_of_rounds",
    "shuffled_deck",
    "slowest",
    "summarise_games",
    "wilson",
]

FORMAT: Final = "upto9-comparison/1"


class CompareError(StatsError):
    """A comparison file or sample that cannot be used; the message says what is wrong."""


def _read_json(path: Path) -> Any:
    """A data file's JSON, or a ``CompareError`` naming the file and what is wrong with it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise CompareError(f"{path}: {error}") from None


# --- the rule sets' facts ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LevelFacts:
    """One level (phase) as a comparison table shows it."""

    number: int
    contract: str
    budget: str
    cards: int  # cards the lay-down holds
    jokers: int  # the most wild cards it may hold
    unlimited: bool  # any number of wild cards (Phase 10)
    natural_cards: int  # the fewest real cards it needs by rule (Phase 10: 1)
    reconstructed: bool  # some value of the level is not stated by the rules text


@dataclass(frozen=True, slots=True)
class PenaltyFacts:
    """The cards that cost ``points`` each when left in hand (``keys``: penalty keys such as ``'K'``, ``'wild'``)."""

    points: int
    keys: tuple[str, ...]
    reconstructed: bool


@dataclass(frozen=True, slots=True)
class RulesFacts:
    """What a comparison table shows about one rule set, read from its data (see ``rules_facts``)."""

    key: str
    name: str
    family: str
    level_word: str  # 'level' or 'phase'
    players: tuple[int, int]
    players_reconstructed: bool
    table_players: int  # the table the deck counts are for
    decks: int  # decks a table of ``table_players`` uses
    decks_reconstructed: bool
    deck_size: int  # cards in that game's deck
    numbers: int  # cards that are only themselves (no wild, no skip)
    wild_cards: int  # cards that can be a joker: pure wild cards, or natural cards that are also themselves
    pure_wilds: bool  # True: the wild cards are only wild (Phase 10); False: they are also themselves (Up to 9's 2s and 3s)
    wild_ranks: tuple[str, ...]  # the ranks that are wild and also themselves (Up to 9: 2, 3)
    skips: int
    hand_size: int
    hand_size_reconstructed: bool
    levels: tuple[LevelFacts, ...]
    unlimited_wilds: bool  # every level allows any number of wild cards
    penalties: tuple[PenaltyFacts, ...]  # highest points first
    tie_break: TieBreak
    safety_valve: bool
    level_order: tuple[int, ...]
    free_order: bool

    @property
    def lay_down_cards(self) -> tuple[int, int]:
        """The fewest and the most cards a level's lay-down holds."""
        sizes = [lv.cards for lv in self.levels]
        return min(sizes), max(sizes)


def rules_facts(rules: Rules, players: int = 4) -> RulesFacts:
    """The facts a comparison shows about ``rules`` at a table of ``players``, all read from the
    rule set (its deck from ``one_deck()`` and ``decks_for``, its levels, penalties, tie-break and
    safety valve), with which of them are reconstructed.

    >>> from upto9.rules import UPTO9, PHASE10
    >>> u, p = rules_facts(UPTO9), rules_facts(PHASE10)
    >>> (u.deck_size, u.wild_cards, u.pure_wilds, u.wild_ranks), (p.deck_size, p.wild_cards, p.pure_wilds, p.skips)
    ((104, 16, False, ('2', '3')), (108, 8, True, 4))
    >>> u.hand_size, p.hand_size, len(u.levels), len(p.levels), u.unlimited_wilds, p.unlimited_wilds
    (11, 10, 9, 10, False, True)
    >>> [(f.points, f.keys) for f in u.penalties][:2]
    [(20, ('2', '3')), (15, ('A',))]
    """
    decks = rules.decks_for(players)
    deck = rules.one_deck() * decks
    family = family_of(rules)
    wild = [c for c in deck if rules.is_wild(c)]
    skips = sum(1 for c in deck if c.skips)
    pure = bool(wild) and all(c.only_wild for c in wild)
    levels = tuple(
        LevelFacts(
            number=lv.number,
            contract=str(family.contract(lv)),  # in the game's own words
            budget=str(family.budget(lv)),
            cards=lv.cards,
            jokers=lv.jokers,
            unlimited=lv.unlimited,
            natural_cards=lv.natural_cards,
            reconstructed=bool(lv.reconstructed),
        )
        for lv in rules.levels
    )
    by_points: dict[int, list[str]] = {}
    for key, points in rules.penalties:
        by_points.setdefault(points, []).append(key)
    penalties = tuple(
        PenaltyFacts(points, tuple(keys), any(rules.is_reconstructed(f"penalties.{k}") for k in keys))
        for points, keys in sorted(by_points.items(), reverse=True)
    )
    return RulesFacts(
        key=rules.key,
        name=rules.name,
        family=rules.family,
        level_word=rules.level_word,
        players=(rules.min_players, rules.max_players),
        players_reconstructed=rules.is_reconstructed("min_players") or rules.is_reconstructed("max_players"),
        table_players=players,
        decks=decks,
        decks_reconstructed=rules.is_reconstructed("decks"),
        deck_size=len(deck),
        numbers=len(deck) - len(wild) - skips,
        wild_cards=len(wild),
        pure_wilds=pure,
        wild_ranks=tuple(str(r) for r in sorted(rules.wild_ranks)) if not pure else (),
        skips=skips,
        hand_size=rules.hand_size,
        hand_size_reconstructed=rules.is_reconstructed("hand_size"),
        levels=levels,
        unlimited_wilds=all(lv.unlimited for lv in rules.levels),
        penalties=penalties,
        tie_break=rules.tie_break,
        safety_valve=rules.safety_valve,
        level_order=rules.played_levels,
        free_order=rules.free_order,
    )


def rules_fingerprint(rules: Rules) -> str:
    """A short digest of the whole rule set: a saved comparison made under other rules is refused.

    >>> from upto9.rules import UPTO9
    >>> len(rules_fingerprint(UPTO9)), rules_fingerprint(UPTO9) == rules_fingerprint(UPTO9)
    (16, True)
    """
    text = json.dumps(rules.to_dict(), sort_keys=True, ensure_ascii=True)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


# --- holding a level in the deal ----------------------------------------------------------------------


def deal(rules: Rules, players: int, seed: int | str, index: int) -> tuple[PlayingCard, ...]:
    """Deal number ``index`` of a sample: the game's whole deck (``decks_for(players)`` decks)
    shuffled with a seed made of the rule set, ``seed`` and ``index``, and its first ``hand_size``
    cards: one player's dealt hand.

    >>> from upto9.rules import UPTO9, PHASE10
    >>> len(deal(UPTO9, 4, 0, 0)), len(deal(PHASE10, 4, 0, 0)), deal(UPTO9, 4, 0, 1) == deal(UPTO9, 4, 0, 1)
    (11, 10, True)
    """
    return tuple(shuffled_deck(rules, players, f"upto9-compare:{rules.key}:{seed}:{index}")[: rules.hand_size])


def shuffled_deck(rules: Rules, players: int, key: str) -> list[PlayingCard]:
    """The whole deck of a game of ``players`` (``game_deck``: ``decks_for(players)`` decks), shuffled
    by ``random.Random(key)``: the same key gives the same order on every machine.

    >>> from upto9.rules import UPTO9
    >>> deck = shuffled_deck(UPTO9, 4, "example")
    >>> len(deck), deck == shuffled_deck(UPTO9, 4, "example"), deck == shuffled_deck(UPTO9, 4, "other")
    (104, True, False)
    """
    cards = list(game_deck(rules, players))
    random.Random(key).shuffle(cards)
    return cards


@dataclass(frozen=True, slots=True)
class Holding:
    """How many of ``deals`` shuffled deals held each level (``held[level - 1]``)."""

    deals: int
    held: tuple[int, ...]

    def estimates(self) -> tuple[Estimate, ...]:
        """Per level, the chance that a dealt hand holds it, with its 95 % Wilson interval."""
        return tuple(wilson(h, self.deals) for h in self.held)

    def __add__(self, other: Holding) -> Holding:
        if len(self.held) != len(other.held):
            raise CompareError(f"cannot add deals checked against {len(self.held)} and {len(other.held)} levels")
        return Holding(self.deals + other.deals, tuple(a + b for a, b in zip(self.held, other.held, strict=True)))


def _hold_chunk(args: tuple[Rules, int, int | str, int, int]) -> list[int]:
    rules, players, seed, start, stop = args
    held = [0] * len(rules.levels)
    for index in range(start, stop):
        hand = deal(rules, players, seed, index)
        for i, level in enumerate(rules.levels):
            held[i] += holds(hand, level, rules)
    return held


def sample_holding(rules: Rules, deals: int, *, players: int = 4, seed: int | str = 0, start: int = 0, workers: int = 1) -> Holding:
    """Deal ``deals`` hands (deal numbers ``start`` on, so a sample can be extended) and count, per
    level, the hands that already hold it (the checker's ``holds``, exact). With ``workers`` > 1
    the deals are checked in a process pool; the counts are the same.

    >>> from upto9.rules import UPTO9
    >>> h = sample_holding(UPTO9, 40, seed=1)
    >>> h.deals, len(h.held), h.held == sample_holding(UPTO9, 40, seed=1, workers=2).held
    (40, 9, True)
    """
    if deals < 0:
        raise CompareError(f"deals must be 0 or more, not {deals}")
    size = 50
    jobs = [(rules, players, seed, a, min(a + size, start + deals)) for a in range(start, start + deals, size)]
    held = [0] * len(rules.levels)
    if workers <= 1 or len(jobs) <= 1:
        parts: Iterable[list[int]] = map(_hold_chunk, jobs)
        return Holding(deals, tuple(sum(col) for col in zip(held, *parts, strict=True)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        parts = list(pool.map(_hold_chunk, jobs))
    return Holding(deals, tuple(sum(col) for col in zip(held, *parts, strict=True)))


# --- games ----------------------------------------------------------------------------------------------


_GAME_FIELDS: Final = (
    "rounds",
    "turns",
    "impossible",
    "stalemates",
    "deciding",
    "skipped",
    "winners",
    "penalties",
    "levels",
    "attempts",
    "passes",
    "dealt_held",
)
_COUNTS: Final = 6  # the leading whole numbers of a row; then the lists


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One simulated game, kept small: its rounds and turns, its rounds ended as impossible (safety
    valve, or nothing left to draw) or by the stalemate guard (ruling 9; a round stopped by the
    engine's turn limit is neither: it is no rule of the game, and ``simulate`` counts it apart in
    its ``turn_limits`` column, so that the cached files keep their rows), its deciding rounds (Phase 10's
    tie-break), the turns lost to skips, the winners, each player's penalty total and final level,
    and per level: the rounds played on it (``attempts``: one per seated player and round, deciding
    rounds left out), how many of them laid it down (``passes``), and in how many the dealt hand
    already held it (``dealt_held``)."""

    rounds: int
    turns: int
    impossible: int
    stalemates: int
    deciding: int
    skipped: int
    winners: tuple[int, ...]
    penalties: tuple[int, ...]
    levels: tuple[int, ...]
    attempts: tuple[int, ...]
    passes: tuple[int, ...]
    dealt_held: tuple[int, ...]

    def to_row(self) -> list[Any]:
        lists = [list(v) for v in (self.winners, self.penalties, self.levels, self.attempts, self.passes, self.dealt_held)]
        return [self.rounds, self.turns, self.impossible, self.stalemates, self.deciding, self.skipped, *lists]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> GameSummary:
        if len(row) != len(_GAME_FIELDS):
            raise CompareError(f"a game row has {len(_GAME_FIELDS)} fields ({', '.join(_GAME_FIELDS)}), got {len(row)}")
        rounds, turns, impossible, stalemates, deciding, skipped = (int(x) for x in row[:_COUNTS])
        winners, penalties, levels, attempts, passes, held = (tuple(int(x) for x in v) for v in row[_COUNTS:])
        return cls(rounds, turns, impossible, stalemates, deciding, skipped, winners, penalties, levels, attempts, passes, held)


def summarise_games(games_df: pd.DataFrame, rounds_df: pd.DataFrame, rules: Rules) -> tuple[GameSummary, ...]:
    """One ``GameSummary`` per row of ``simulate(..., per_round=True)``'s frames. A player counts in
    a round only if seated in it; a deciding round (Phase 10's tie-break replays the last phase)
    counts in the game's length but not as a round on a level."""
    players = int(games_df["players"].iloc[0]) if len(games_df) else 0
    count = len(rules.levels)
    by_game = {int(str(g)): frame for g, frame in rounds_df.groupby("game")}
    out = []
    for row in games_df.to_dict("records"):
        attempts = [0] * count
        passes = [0] * count
        held = [0] * count
        frame = by_game.get(int(row["game"]))
        for r in frame.to_dict("records") if frame is not None else ():
            if bool(r["deciding"]):
                continue
            for p in range(players):
                if not bool(r[f"seated_{p}"]):
                    continue
                i = int(r[f"level_{p}"]) - 1
                attempts[i] += 1
                passes[i] += bool(r[f"laid_down_{p}"])
                held[i] += bool(r[f"dealt_holds_{p}"])
        out.append(
            GameSummary(
                rounds=int(row["rounds"]),
                turns=int(row["turns"]),
                impossible=int(row["impossible"]),
                stalemates=int(row["stalemates"]),
                deciding=int(row["deciding_rounds"]),
                skipped=int(row["skipped_turns"]),
                winners=tuple(int(w) for w in row["winners"]),
                penalties=tuple(int(row[f"penalties_{p}"]) for p in range(players)),
                levels=tuple(int(row[f"level_{p}"]) for p in range(players)),
                attempts=tuple(attempts),
                passes=tuple(passes),
                dealt_held=tuple(held),
            )
        )
    return tuple(out)


def play_games(
    rules: Rules,
    games: int,
    *,
    players: int = 4,
    seed: int | str = 0,
    workers: int = 1,
    progress: bool = False,
    start: int = 0,
    on_game: Callable[[GameSummary], object] | None = None,
    client: Any = None,
) -> tuple[GameSummary, ...]:
    """Play ``games`` games with a ``HeuristicBot`` in every seat (``simulate``) and summarise them.
    ``client``: a Dask client (``dask_client``) or a scheduler address: the games are played on
    that cluster (``simulate(..., backend="dask")``; with ``start`` or ``on_game``, in chunks of
    this module's own), the very same games.

    With ``start`` or ``on_game``, games ``start`` to ``start + games - 1`` are played here, one by
    one, and each is handed to ``on_game`` as soon as it is finished (a page's progress bar, its
    batches; a stop between two games keeps every game already handed over): the very games
    ``simulate`` plays, game ``i`` from ``game_seed(seed, i)``.

    >>> from upto9.rules import UPTO9
    >>> seen = []
    >>> later = play_games(UPTO9, 2, players=2, seed=3, start=1, on_game=seen.append)
    >>> later == play_games(UPTO9, 3, players=2, seed=3)[1:], len(seen)
    (True, 2)
    """
    from upto9.simulate import game_row, game_seed, play_game, round_rows, simulate

    if games < 0 or start < 0:
        raise CompareError(f"games and start must be 0 or more, not {games} and {start}")
    if client is not None and (start or on_game is not None):
        own = dask_client(client) if isinstance(client, str) else None
        try:
            found = _on_cluster(own or client, rules, players, seed, range(start, start + games), on_game)
        finally:
            if own is not None:
                own.close()
        return tuple(g for g in found if isinstance(g, GameSummary))
    if start or on_game is not None:
        import pandas as pd

        out = []
        for index in range(start, start + games):
            game = play_game(players=players, rules=rules, seed=game_seed(seed, index))
            (summary,) = summarise_games(pd.DataFrame([game_row(game, index, ["HeuristicBot"] * players)]), pd.DataFrame(round_rows(game, index)), rules)
            out.append(summary)
            if on_game is not None:
                on_game(summary)
        return tuple(out)
    if games == 0:
        return ()
    if client is not None:
        frames = simulate(games, players=players, rules=rules, seed=seed, backend="dask", client=client, per_round=True, progress=progress)
    else:
        frames = simulate(games, players=players, rules=rules, seed=seed, workers=workers, per_round=True, progress=progress)
    assert isinstance(frames, tuple)  # per_round=True: (games, rounds)
    return summarise_games(frames[0], frames[1], rules)


# --- games of a family without levels (3UP 3DOWN, Picture cards) ---------------------------------------


@dataclass(frozen=True, slots=True)
class FamilySummary:
    """One simulated game of a family without levels (``upto9.family.GameFamily``: 3UP 3DOWN,
    Picture cards), kept small: its winners and the numbers its ``simulate`` row holds (the game's
    ``moves`` and the family's own numeric columns, such as 3UP 3DOWN's turns, pick-ups, clears and
    cards picked up), by column name; ``shares``: the columns that are yes or no (a draw), measured
    as a share of games. A column that is no number (why the game ended), or that is empty for this
    table (Picture cards' suits of a seat past the table), is left out. ``first``: the seat that
    started the game (3UP 3DOWN draws it at random), ``None`` when the family does not say.

    >>> g = FamilySummary((1,), (("moves", 140.0), ("turns", 88.0)))
    >>> g.value("turns"), g.keys
    (88.0, ('moves', 'turns'))
    """

    winners: tuple[int, ...]
    values: tuple[tuple[str, float], ...]
    shares: tuple[str, ...] = ()
    first: int | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """The measures this game holds, in the frame's order."""
        return tuple(k for k, _ in self.values)

    def value(self, key: str) -> float:
        """The game's number in column ``key`` (``first_seat``: 1 if the player who started won, else 0;
        seat 0 when who started is not known)."""
        if key == "first_seat":
            return float((0 if self.first is None else self.first) in self.winners)
        for k, v in self.values:
            if k == key:
                return v
        raise CompareError(f"a game of this family has no measure {key!r}; it has {', '.join(self.keys)}")


def family_summary(row: Mapping[str, Any], rules: Rules, first: int | None = None) -> FamilySummary:
    """The ``FamilySummary`` of one row of ``simulate``'s game frame (``family_game_row``) for a
    family without levels; ``first``: the seat that started (the round frame's ``first``), if known.

    >>> from upto9.rules import builtin_rules
    >>> from upto9.simulate import family_game_row, play_game
    >>> rules = builtin_rules("threeup")
    >>> g = family_summary(family_game_row(play_game(3, rules, seed=1, any_family=True), 0), rules)
    >>> g.keys
    ('moves', 'turns', 'pick_ups', 'clears', 'picked_up_cards', 'blind_failed')
    """
    from upto9.family import game_family

    names = ("moves", *getattr(game_family(rules), "game_column_names", ()))
    values, shares = [], []
    for name in names:
        value = row.get(name)
        if isinstance(value, bool | np.bool_):
            shares.append(name)
            values.append((name, float(value)))
        elif isinstance(value, int | float | np.integer | np.floating) and not (isinstance(value, float | np.floating) and math.isnan(value)):
            values.append((name, float(value)))
    return FamilySummary(tuple(int(w) for w in row["winners"]), tuple(values), tuple(shares), first)


def _summaries(rules: Rules, players: int, seed: int | str, indices: Sequence[int]) -> list[GameSummary] | list[FamilySummary]:
    """Games ``indices`` of ``simulate(..., rules=rules, players=players, seed=seed)``, each kept as
    its summary: the work one Dask task does (a worker imports ``upto9``), and the lab's one game."""
    import pandas as pd

    from upto9.family import RummyFamily, game_family
    from upto9.simulate import family_game_row, game_row, game_seed, play_game, round_rows

    if not isinstance(game_family(rules), RummyFamily):
        found = []
        for index in indices:
            played = play_game(players, rules, seed=game_seed(seed, index), any_family=True)
            first = getattr(played.rounds[0], "first", None) if len(played.rounds) == 1 else None  # who started, in a one-round game
            found.append(family_summary(family_game_row(played, index), rules, first if isinstance(first, int) else None))
        return found
    out: list[GameSummary] = []
    for index in indices:
        game = play_game(players=players, rules=rules, seed=game_seed(seed, index))
        rows = pd.DataFrame([game_row(game, index, ["HeuristicBot"] * players)])
        out.extend(summarise_games(rows, pd.DataFrame(round_rows(game, index)), rules))
    return out


DASK_TIMEOUT: Final = 5.0
"""Seconds a Dask scheduler is given to answer before the games are played on this machine instead."""


def dask_client(address: str, timeout: float = DASK_TIMEOUT) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address`` (``"tcp://host:8786"``), or a
    ``CompareError`` in one line when it does not answer within ``timeout`` seconds (or Dask is not
    installed): the caller decides whether to play on this machine instead.

    >>> dask_client("not an address", timeout=0.5)
    Traceback (most recent call last):
    ...
    upto9.compare.CompareError: the Dask scheduler at 'not an address' does not answer
    """
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:  # pragma: no cover - depends on the installation
        raise CompareError("Dask is not installed here: pip install 'upto9[dask]'") from None
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except Exception:  # OSError, TimeoutError, ValueError (a malformed address): the same answer for a page
        raise CompareError(f"the Dask scheduler at {address!r} does not answer") from None


def _on_cluster(client: Any, rules: Rules, players: int, seed: int | str, indices: range, on_game: Callable[[Any], object] | None) -> list[Any]:
    """Games ``indices`` played on a Dask cluster in chunks, handed to ``on_game`` in the games'
    order as the chunks come back (game ``i`` is the same game as on this machine)."""
    from upto9.simulate import _chunk_size  # the chunking simulate uses on Dask

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    size = _chunk_size(len(indices), workers)
    futures = [client.submit(_summaries, rules, players, seed, list(indices[a : a + size]), pure=False) for a in range(0, len(indices), size)]
    out: list[Any] = []
    try:
        for future in futures:  # in order: a page's batch sees its games in order
            found = future.result()
            for summary in found:
                out.append(summary)
                if on_game is not None:
                    on_game(summary)
    finally:
        client.cancel([f for f in futures if not f.done()])
    return out


def play_family_games(
    rules: Rules,
    games: int,
    *,
    players: int = 4,
    seed: int | str = 0,
    start: int = 0,
    on_game: Callable[[FamilySummary], object] | None = None,
    client: Any = None,
) -> tuple[FamilySummary, ...]:
    """``play_games`` for a family without levels (3UP 3DOWN, Picture cards): games ``start`` to
    ``start + games - 1`` of ``simulate(..., rules=rules, players=players, seed=seed)``, the
    family's default bot in every seat, each kept as a ``FamilySummary`` and handed to ``on_game``
    when finished. ``client``: a Dask client (``dask_client``) to play them on a cluster: the same games.

    >>> from upto9.rules import builtin_rules
    >>> from upto9.simulate import simulate
    >>> rules = builtin_rules("threeup")
    >>> games = play_family_games(rules, 3, players=3, seed=2)
    >>> [g.value("turns") for g in games] == list(simulate(3, players=3, rules=rules, seed=2, workers=1, progress=False)["turns"])
    True
    """
    if games < 0 or start < 0:
        raise CompareError(f"games and start must be 0 or more, not {games} and {start}")
    if not rules.min_players <= players <= rules.max_players:
        raise CompareError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}")
    indices = range(start, start + games)
    if client is not None:
        return tuple(_on_cluster(client, rules, players, seed, indices, on_game))
    out = []
    for index in indices:
        (summary,) = _summaries(rules, players, seed, [index])
        assert isinstance(summary, FamilySummary), summary
        out.append(summary)
        if on_game is not None:
            on_game(summary)
    return tuple(out)


FAMILY_HEADLINES: Final = {"threeup": {"turns": 3.0, "pick_ups": 1.0}, "picture_cards": {"turns": 1.0, "busts": 0.5}}
"""Per family without levels, the measures a sequential comparison waits for, with the half-width
that is narrow enough (as ``HEADLINES`` for the rummies): 3UP 3DOWN's games take some 90 turns and
a dozen pick-ups, so three turns and one pick-up a game are about what a table would notice."""


def family_headlines(rules: Rules) -> dict[str, float]:
    """The headline measures of a family without levels (``FAMILY_HEADLINES``; another family: its
    game length in moves, to within two moves).

    >>> from upto9.rules import builtin_rules
    >>> family_headlines(builtin_rules("threeup"))
    {'turns': 3.0, 'pick_ups': 1.0}
    """
    return dict(FAMILY_HEADLINES.get(rules.family, {"moves": 2.0}))


def family_paired_measures(
    standard: Sequence[FamilySummary],
    house: Sequence[FamilySummary],
    *,
    keys: Sequence[str] | None = None,
    seed: int | str = 0,
    resamples: int = RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[PairedMeasure, ...]:
    """``paired_measures`` for a family without levels: every number both sides' games hold (the
    family's ``simulate`` columns: 3UP 3DOWN's turns, pick-ups, clears, cards picked up, blind
    cards that failed, and the moves), then the share of games won by the player who started (percent),
    each the house side's paired difference with its 95 % interval: a paired bootstrap of the
    means, Newcombe's paired interval for a share (a yes-or-no column, in percent).

    >>> a = FamilySummary((0,), (("turns", 80.0),))
    >>> b = FamilySummary((1,), (("turns", 90.0),))
    >>> m = {p.key: p for p in family_paired_measures([a, b], [a, b])}
    >>> m["turns"].standard, m["turns"].difference.value, m["first_seat"].standard
    (85.0, 0.0, 50.0)
    """
    from upto9.stats import paired_difference, paired_share_difference

    if len(standard) != len(house):
        raise CompareError(f"paired games come in pairs: game i on both sides; got {len(standard)} and {len(house)} games")
    if not standard:
        raise CompareError("no games to measure")
    if keys is None:
        common = set.intersection(*(set(g.keys) for g in (*standard, *house)))
        keys = (*(k for k in standard[0].keys if k in common), "first_seat")
    shares = {"first_seat"} | {k for g in (*standard, *house) for k in g.shares}
    out = []
    for key in keys:
        a, b = [g.value(key) for g in standard], [g.value(key) for g in house]
        k = 100.0 if key in shares else 1.0
        if key in shares:
            diff = paired_share_difference([x > 0 for x in a], [x > 0 for x in b])
        else:
            diff = paired_difference(a, b, seed=f"{seed}:{key}", resamples=resamples, confidence=confidence)
        out.append(PairedMeasure(key, 0, k * sum(a) / len(a), k * sum(b) / len(b), diff.scaled(k)))
    return tuple(out)


PLAYED_FORMAT: Final = "upto9-played-games/1"


@dataclass(frozen=True, slots=True)
class PlayedGames:
    """Games played in advance under one rule set (a house rule set too), so that a page can show
    them without playing them again: ``games[i]`` is game ``i`` of ``play_games(rules, n,
    players=players, seed=seed)`` (game ``i`` is the same whatever ``n``).

    >>> from upto9.rules import UPTO9
    >>> played = PlayedGames.play(UPTO9, 2, players=3, seed=5)
    >>> played.first(UPTO9, 1, players=3, seed=5) == play_games(UPTO9, 1, players=3, seed=5)
    True
    >>> played.first(UPTO9, 3, players=3, seed=5) is None, played.first(UPTO9, 2, players=4, seed=5) is None
    (True, True)
    >>> again = PlayedGames.from_dict(played.to_dict())
    >>> again.games == played.games, again.first(UPTO9, 2, players=3, seed=5) == played.games
    (True, True)
    """

    rules: Rules
    players: int
    seed: int
    games: tuple[GameSummary, ...]
    command: str = "python notebooks/build_cache.py"

    @classmethod
    def play(cls, rules: Rules, games: int, *, players: int = 4, seed: int = 0, workers: int = 1, progress: bool = False) -> PlayedGames:
        """Play ``games`` games under ``rules`` (``play_games``) and keep them."""
        return cls(rules, players, seed, play_games(rules, games, players=players, seed=seed, workers=workers, progress=progress))

    def first(self, rules: Rules, games: int, *, players: int, seed: int | str) -> tuple[GameSummary, ...] | None:
        """The first ``games`` games, if they are the ones ``play_games(rules, games, players=players,
        seed=seed)`` would play (the same rules to the last value, table and seed); else ``None``."""
        if players != self.players or seed != self.seed or games > len(self.games):
            return None
        if rules_fingerprint(rules) != rules_fingerprint(self.rules):
            return None
        return self.games[:games]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": PLAYED_FORMAT,
            "command": self.command,
            "seed": self.seed,
            "players": self.players,
            "bot": "HeuristicBot",
            "fingerprint": rules_fingerprint(self.rules),
            "rules": self.rules.to_dict(),
            "game_fields": list(_GAME_FIELDS),
            "games": [g.to_row() for g in self.games],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "<played games>") -> PlayedGames:
        """Read ``to_dict``'s shape back; a file whose rule set no longer reads as the one it was made
        under is refused (``CompareError``)."""
        if data.get("format") != PLAYED_FORMAT:
            raise CompareError(f"{source}: not a file of played games (format {data.get('format')!r}, expected {PLAYED_FORMAT!r})")
        try:
            rules = rules_from_dict(data["rules"], source)
        except RulesError as error:
            raise CompareError(f"{source}: {error}") from None
        if rules_fingerprint(rules) != data.get("fingerprint"):
            raise CompareError(f"{source}: made under rules that read differently today; run `{data.get('command', 'the build')}` again")
        games = tuple(GameSummary.from_row(row) for row in data["games"])
        return cls(rules, int(data["players"]), int(data["seed"]), games, str(data.get("command", "")))

    def save(self, path: str | Path) -> None:
        """Write the games as JSON (one line per game)."""
        data = self.to_dict()
        rows = ",\n".join(json.dumps(row) for row in data.pop("games"))
        head = json.dumps(data, ensure_ascii=False)[:-1]
        Path(path).write_text(f'{head}, "games": [\n{rows}\n]}}\n', encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> PlayedGames:
        """Read a file written by ``save`` (``CompareError`` if it is not one)."""
        path = Path(path)
        data = _read_json(path)
        return cls.from_dict(data, str(path))


@dataclass(frozen=True, slots=True)
class GameStats:
    """What the games measure, each with its 95 % interval: means by a percentile bootstrap over
    games; ratios and shares of rounds (rounds per level, impossible rounds, dealt hands holding
    their level) by a bootstrap that resamples whole games, or the Wilson interval over the rounds
    when none or all of them count (``share_of_rounds``); shares of games by the Wilson interval.

    ``rounds_per_level[i]`` is the rounds a player spends on level ``i + 1`` per time it is laid
    down (rounds played on it / lay-downs of it), ``None`` where the bots never laid it down;
    ``lay_down_rate[i]`` the share of rounds on it that ended with it laid down."""

    games: int
    rounds: Estimate
    turns: Estimate
    turns_per_round: Estimate | None
    impossible_share: Estimate | None  # of all rounds, those ended as impossible (the safety valve, or nothing left to draw)
    stalemate_share: Estimate | None
    games_with_impossible: Estimate  # share of games with at least one impossible round
    rounds_per_level: tuple[Estimate | None, ...]
    lay_down_rate: tuple[Estimate | None, ...]
    dealt_holds: tuple[Estimate | None, ...]  # per level: share of rounds on it whose dealt hand already held it
    deciding_games: Estimate  # share of games that needed a deciding round
    skipped_turns: Estimate  # turns lost to skips per game
    final_penalties: Estimate  # every player's total at the end
    winner_penalties: Estimate
    spread: Estimate  # per game, highest total minus lowest
    spread_sd: Estimate  # per game, the standard deviation of the players' totals
    tied_wins: Estimate  # share of games won by more than one player

    def to_dict(self) -> dict[str, Any]:
        """Every estimate as JSON: an ``Estimate``'s dict, ``None``, or a list of them per level."""

        def one(e: Estimate | None) -> dict[str, Any] | None:
            return None if e is None else e.to_dict()

        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            out[name] = value if isinstance(value, int) else [one(e) for e in value] if isinstance(value, tuple) else one(value)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameStats:
        """Read ``to_dict``'s shape back."""

        def one(d: dict[str, Any] | None) -> Estimate | None:
            return None if d is None else Estimate.from_dict(d)

        found: dict[str, Any] = {}
        for name in cls.__dataclass_fields__:
            value = data[name]
            found[name] = int(value) if name == "games" else tuple(one(d) for d in value) if isinstance(value, list) else one(value)
        return cls(**found)


def slowest(per_level: Sequence[Estimate | None]) -> int | None:
    """The level (numbered from 1) with the highest estimate, e.g. the most rounds per lay-down;
    ``None`` when nothing was measured.

    >>> slowest([wilson(1, 2), None, wilson(3, 4)])
    3
    """
    measured = [(e.value, i + 1) for i, e in enumerate(per_level) if e is not None and not math.isnan(e.value)]
    return max(measured)[1] if measured else None


def game_stats(summaries: Sequence[GameSummary], levels: int, *, seed: int | str = 0, resamples: int = RESAMPLES) -> GameStats:
    """The estimates of ``GameStats`` from ``summaries`` (seeded bootstrap: the same games give the same intervals).

    >>> g = GameSummary(10, 300, 1, 0, 0, 0, (0,), (40, 90, 120, 60), (9, 8, 8, 9), (5, 5, 4, 4, 4, 4, 4, 4, 4), (4, 4, 4, 4, 4, 4, 4, 2, 2), (0,) * 9)
    >>> s = game_stats([g, g], 9)
    >>> s.rounds.value, s.spread.value, s.impossible_share.value, s.rounds_per_level[0].value
    (10.0, 80.0, 0.1, 1.25)
    """
    if not summaries:
        raise CompareError("no games to measure")
    n = len(summaries)
    opts: dict[str, Any] = {"resamples": resamples}
    # Every interval has a seed of its own, so they can be drawn side by side: numpy draws and
    # gathers without holding the interpreter, and the figures do not depend on the order.
    pool = ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1))
    rounds = [g.rounds for g in summaries]
    totals = [p for g in summaries for p in g.penalties]
    per_level: list[Future[Estimate | None]] = []
    rates: list[Future[Estimate | None]] = []
    dealt: list[Future[Estimate | None]] = []
    for i in range(levels):
        attempts = [g.attempts[i] if i < len(g.attempts) else 0 for g in summaries]
        passes = [g.passes[i] if i < len(g.passes) else 0 for g in summaries]
        per_level.append(pool.submit(bootstrap_ratio, attempts, passes, seed=f"{seed}:per-level:{i}", **opts))
        rates.append(pool.submit(bootstrap_ratio, passes, attempts, seed=f"{seed}:rate:{i}", **opts))
        held = [g.dealt_held[i] if i < len(g.dealt_held) else 0 for g in summaries]
        dealt.append(pool.submit(share_of_rounds, held, attempts, seed=f"{seed}:dealt:{i}", **opts))
    submitted: dict[str, Future[Any]] = dict(
        rounds=pool.submit(bootstrap_mean, rounds, seed=f"{seed}:rounds", **opts),
        turns=pool.submit(bootstrap_mean, [g.turns for g in summaries], seed=f"{seed}:turns", **opts),
        turns_per_round=pool.submit(bootstrap_ratio, [g.turns for g in summaries], rounds, seed=f"{seed}:turns-per-round", **opts),
        impossible_share=pool.submit(share_of_rounds, [g.impossible for g in summaries], rounds, seed=f"{seed}:impossible", **opts),
        stalemate_share=pool.submit(share_of_rounds, [g.stalemates for g in summaries], rounds, seed=f"{seed}:stalemate", **opts),
        skipped_turns=pool.submit(bootstrap_mean, [g.skipped for g in summaries], seed=f"{seed}:skipped", **opts),
        final_penalties=pool.submit(bootstrap_mean, totals, seed=f"{seed}:totals", **opts),
        winner_penalties=pool.submit(bootstrap_mean, [g.penalties[w] for g in summaries for w in g.winners[:1]], seed=f"{seed}:winner", **opts),
        spread=pool.submit(bootstrap_mean, [max(g.penalties) - min(g.penalties) for g in summaries], seed=f"{seed}:spread", **opts),
        spread_sd=pool.submit(bootstrap_mean, [float(np.std(g.penalties)) for g in summaries], seed=f"{seed}:sd", **opts),
    )
    with pool:
        found: dict[str, Any] = {key: future.result() for key, future in submitted.items()}
        return GameStats(
            games=n,
            games_with_impossible=wilson(sum(1 for g in summaries if g.impossible), n),
            rounds_per_level=tuple(f.result() for f in per_level),
            lay_down_rate=tuple(f.result() for f in rates),
            dealt_holds=tuple(f.result() for f in dealt),
            deciding_games=wilson(sum(1 for g in summaries if g.deciding), n),
            tied_wins=wilson(sum(1 for g in summaries if len(g.winners) > 1), n),
            **found,
        )


def game_means(summaries: Sequence[GameSummary]) -> dict[str, float]:
    """Plain figures of some games, without intervals (the house-rule lab's table): the mean rounds
    and turns per game, the impossible and stalemate rounds per 100 games, and the mean, standard
    deviation and interquartile range of every player's penalty total (``nan`` where there are too
    few values).

    >>> g = GameSummary(10, 300, 1, 0, 0, 0, (0,), (40, 90, 120, 60), (9, 8, 8, 9), (1,) * 9, (1,) * 9, (0,) * 9)
    >>> m = game_means([g, g])
    >>> m["rounds"], m["impossible"], m["penalty_mean"], round(m["penalty_sd"], 2), m["penalty_iqr"]
    (10.0, 100.0, 77.5, 32.4, 42.5)
    """
    penalties = np.asarray([p for g in summaries for p in g.penalties], dtype=np.float64)
    n = max(1, len(summaries))
    return {
        "rounds": sum(g.rounds for g in summaries) / n,
        "turns": sum(g.turns for g in summaries) / n,
        "impossible": 100 * sum(g.impossible for g in summaries) / n,
        "stalemates": 100 * sum(g.stalemates for g in summaries) / n,
        "penalty_mean": float(penalties.mean()) if penalties.size else math.nan,
        "penalty_sd": float(penalties.std(ddof=1)) if penalties.size > 1 else math.nan,
        "penalty_iqr": float(np.quantile(penalties, 0.75) - np.quantile(penalties, 0.25)) if penalties.size else math.nan,
    }


@dataclass(frozen=True, slots=True)
class PairedMeasure:
    """One measure of two rule sets played on the same deals (``paired_measures``): each side's
    figure (``standard``, ``house``: a mean, a ratio of sums, or a share, in ``scale``'s units),
    and the house side's difference with its 95 % paired interval and its ``n`` (``None`` where
    a side has nothing to measure, e.g. a level the bots never laid down). ``level``: the level's
    number, for a measure per level; 0 otherwise."""

    key: str
    level: int
    standard: float
    house: float
    difference: Estimate | None


PAIRED_KEYS: Final = ("rounds", "turns", "impossible", "stalemates", "penalty_mean", "penalty_spread", "first_seat")
"""The measures of a whole game ``paired_measures`` gives, in order; then per level ``rounds_level`` and ``lay_down``."""

HEADLINES: Final = {"rounds": 0.5, "penalty_mean": 5.0}
"""The measures a sequential comparison waits for, with the half-width that is narrow enough
(``upto9.stats.settled``): half a round per game, 5 penalty points per player. A change smaller
than these is too small to notice at the table."""


def _per_game(key: str, g: GameSummary) -> float:
    """A measure of one game (``PAIRED_KEYS``, not per level)."""
    if key == "penalty_mean":
        return sum(g.penalties) / len(g.penalties) if g.penalties else 0.0
    if key == "penalty_spread":
        return float(max(g.penalties) - min(g.penalties)) if g.penalties else 0.0
    if key == "first_seat":
        return float(0 in g.winners)
    return float(getattr(g, key))


def paired_measures(
    standard: Sequence[GameSummary],
    house: Sequence[GameSummary],
    levels: int,
    *,
    keys: Sequence[str] = PAIRED_KEYS,
    per_level: bool = True,
    seed: int | str = 0,
    resamples: int = RESAMPLES,
    confidence: float = CONFIDENCE,
) -> tuple[PairedMeasure, ...]:
    """The house-rule lab's measures of two rule sets' games, game ``i`` the same deal on both
    sides (``play_games`` with the same seed): game length (``rounds``, ``turns``), impossible and
    stuck rounds per 100 games, the penalty points per player and their spread in a game (highest
    minus lowest), and the share of games won by the first seat (in percent); with ``per_level``,
    per level the rounds a player spends on it (rounds on it per lay-down) and its lay-down rate
    (percent). Differences by ``upto9.stats``: a paired bootstrap over the games
    (``paired_difference``, ``paired_ratio_difference``), Newcombe's paired interval for the share.

    >>> g = GameSummary(10, 300, 1, 0, 0, 0, (0,), (40, 90, 120, 60), (9, 8, 8, 9), (1,) * 9, (1,) * 9, (0,) * 9)
    >>> m = {p.key: p for p in paired_measures([g, g], [g, g], 9)}
    >>> m["rounds"].difference, m["impossible"].standard
    (Estimate(value=0.0, low=0.0, high=0.0, n=2, method='paired-bca'), 100.0)
    """
    from upto9.stats import paired_difference, paired_ratio_difference, paired_share_difference

    if len(standard) != len(house):
        raise CompareError(f"paired games come in pairs: game i on both sides; got {len(standard)} and {len(house)} games")
    if not standard:
        raise CompareError("no games to measure")
    scale = {"impossible": 100.0, "stalemates": 100.0, "first_seat": 100.0}
    opts: dict[str, Any] = {"resamples": resamples, "confidence": confidence}
    out = []
    for key in keys:
        a, b = [_per_game(key, g) for g in standard], [_per_game(key, g) for g in house]
        k = scale.get(key, 1.0)
        diff = paired_share_difference([x > 0 for x in a], [x > 0 for x in b]) if key == "first_seat" else paired_difference(a, b, seed=f"{seed}:{key}", **opts)
        out.append(PairedMeasure(key, 0, k * sum(a) / len(a), k * sum(b) / len(b), diff.scaled(k)))
    for i in range(levels if per_level else 0):
        tries = [[g.attempts[i] if i < len(g.attempts) else 0 for g in side] for side in (standard, house)]
        laid = [[g.passes[i] if i < len(g.passes) else 0 for g in side] for side in (standard, house)]

        def ratio(top: Sequence[int], bottom: Sequence[int], k: float = 1.0) -> float:
            return k * sum(top) / sum(bottom) if sum(bottom) else math.nan

        spent = paired_ratio_difference(tries[0], laid[0], tries[1], laid[1], seed=f"{seed}:level:{i}", **opts)
        out.append(PairedMeasure("rounds_level", i + 1, ratio(tries[0], laid[0]), ratio(tries[1], laid[1]), spent))
        rate = paired_ratio_difference(laid[0], tries[0], laid[1], tries[1], seed=f"{seed}:rate:{i}", **opts)
        out.append(PairedMeasure("lay_down", i + 1, ratio(laid[0], tries[0], 100), ratio(laid[1], tries[1], 100), None if rate is None else rate.scaled(100)))
    return tuple(out)


# --- both sides -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """One rule set's measurements: its deals (``holding``) and its games."""

    rules: Rules
    holding: Holding
    games: tuple[GameSummary, ...]
    stored: tuple[int | str, GameStats] | None = field(default=None, compare=False)
    """The estimates computed when the file was made, with their seed (``Comparison.load``)."""

    def stats(self, seed: int | str = 0) -> GameStats:
        """The games' estimates (``game_stats``); the stored ones when they are for this seed
        (the same figures: tests/test_compare.py computes them again)."""
        if self.stored is not None and self.stored[0] == seed:
            return self.stored[1]
        return game_stats(self.games, len(self.rules.levels), seed=f"{self.rules.key}:{seed}")

    def penalty_totals(self) -> list[int]:
        """Every player's penalty total at the end of every game (for a distribution)."""
        return [p for g in self.games for p in g.penalties]

    def game_lengths(self) -> tuple[list[int], list[int]]:
        """Every game's rounds and turns."""
        return [g.rounds for g in self.games], [g.turns for g in self.games]


@dataclass(frozen=True, slots=True)
class Comparison:
    """Several rule sets measured alike: the same number of deals and of games, the same table
    (``players``), the same bot in every seat (``bot``) and the same ``seed``.

    >>> from upto9.rules import UPTO9, PHASE10
    >>> c = Comparison.build([UPTO9], games=0, deals=20, seed=3, progress=False)
    >>> c.side("upto9").holding.deals, Comparison.from_dict(c.to_dict()) == c
    (20, True)
    """

    sides: tuple[Side, ...]
    players: int = 4
    seed: int = 0
    bot: str = "HeuristicBot"
    command: str = "python notebooks/build_cache.py"
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def build(
        cls, rule_sets: Sequence[Rules], *, games: int, deals: int, players: int = 4, seed: int = 0, workers: int = 1, progress: bool = True
    ) -> Comparison:
        """Deal ``deals`` hands and play ``games`` games of each rule set, alike."""
        sides = []
        for rules in rule_sets:
            if progress:
                print(f"{rules.name}: {deals} deals, {games} games", flush=True)
            holding = sample_holding(rules, deals, players=players, seed=seed, workers=workers)
            played = play_games(rules, games, players=players, seed=seed, workers=workers, progress=progress)
            sides.append(Side(rules, holding, played))
        return cls(tuple(sides), players, seed)

    def difference(self, first: str, second: str, measure: str) -> Estimate:
        """How much more a game of rule set ``second`` has than one of ``first`` on average, with a
        95 % bootstrap interval: ``measure`` is ``'rounds'``, ``'turns'`` or ``'penalties'`` (every
        player's final total).

        >>> from upto9.rules import UPTO9, PHASE10
        >>> c = Comparison.build([UPTO9, PHASE10], games=3, deals=0, progress=False)
        >>> d = c.difference("upto9", "phase10", "rounds")
        >>> d.low <= d.value <= d.high, d.n
        (True, 3)
        """
        measures = ("rounds", "turns", "penalties")
        if measure not in measures:
            raise CompareError(f"measure must be one of {', '.join(measures)}, not {measure!r}")

        def pick(side: Side) -> list[int]:
            if measure == "penalties":
                return side.penalty_totals()
            return [g.rounds if measure == "rounds" else g.turns for g in side.games]

        return bootstrap_difference(pick(self.side(first)), pick(self.side(second)), seed=f"{self.seed}:{first}:{second}:{measure}")

    def side(self, key: str) -> Side:
        """The side of the rule set with this key (``'upto9'``, ``'phase10'``)."""
        for side in self.sides:
            if side.rules.key == key:
                return side
        raise CompareError(f"no rule set {key!r} in this comparison; it has {', '.join(s.rules.key for s in self.sides)}")

    @property
    def games(self) -> int:
        """Games played per rule set."""
        return len(self.sides[0].games) if self.sides else 0

    @property
    def deals(self) -> int:
        """Deals checked per rule set."""
        return self.sides[0].holding.deals if self.sides else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "command": self.command,
            "seed": self.seed,
            "players": self.players,
            "bot": self.bot,
            "games": self.games,
            "deals": self.deals,
            "confidence": CONFIDENCE,
            "game_fields": list(_GAME_FIELDS),
            "sides": [
                {
                    "rules": side.rules.key,
                    "name": side.rules.name,
                    "fingerprint": rules_fingerprint(side.rules),
                    "holding": {"deals": side.holding.deals, "held": list(side.holding.held)},
                    # The games' estimates, so that a page shows them without drawing ~40
                    # bootstrap intervals of 2,000 resamples at load.
                    **({"stats": {"seed": self.seed, "resamples": RESAMPLES, "estimates": side.stats(self.seed).to_dict()}} if side.games else {}),
                    "games": [g.to_row() for g in side.games],
                }
                for side in self.sides
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "<comparison>", rule_sets: Sequence[Rules] = ()) -> Comparison:
        """Read ``to_dict``'s shape back. Each side's rule set is the built-in one of its key (or
        the one of ``rule_sets`` with that key); a side made under other rules is refused."""
        if data.get("format") != FORMAT:
            raise CompareError(f"{source}: not a comparison file (format {data.get('format')!r}, expected {FORMAT!r})")
        given = {r.key: r for r in rule_sets}
        sides = []
        for entry in data["sides"]:
            key = str(entry["rules"])
            try:
                rules = given.get(key) or builtin_rules(key)
            except RulesError as error:
                raise CompareError(f"{source}: {error}") from None
            if entry["fingerprint"] != rules_fingerprint(rules):
                raise CompareError(f"{source}: made under other rules for {rules.name} than these; run `{data.get('command', 'the build')}` again")
            holding = Holding(int(entry["holding"]["deals"]), tuple(int(x) for x in entry["holding"]["held"]))
            if len(holding.held) != len(rules.levels):
                raise CompareError(f"{source}: {rules.name} has {len(rules.levels)} levels, the file counts {len(holding.held)}")
            stats = entry.get("stats")
            stored = None
            if isinstance(stats, dict) and stats.get("resamples") == RESAMPLES:
                stored = (int(stats["seed"]), GameStats.from_dict(stats["estimates"]))
            sides.append(Side(rules, holding, tuple(GameSummary.from_row(r) for r in entry["games"]), stored))
        known = {"format", "command", "seed", "players", "bot", "games", "deals", "confidence", "game_fields", "sides"}
        return cls(
            tuple(sides),
            int(data["players"]),
            int(data["seed"]),
            str(data["bot"]),
            str(data.get("command", "")),
            {k: v for k, v in data.items() if k not in known},
        )

    def save(self, path: str | Path) -> None:
        """Write the comparison as JSON (one line per game, so that a diff stays readable)."""
        data = self.to_dict()
        data.update(self.extra)
        head = json.dumps({k: v for k, v in data.items() if k != "sides"}, ensure_ascii=False)[:-1]
        parts = []
        for side in data["sides"]:
            games = ",\n".join(json.dumps(g) for g in side["games"])
            rest = json.dumps({k: v for k, v in side.items() if k != "games"}, ensure_ascii=False)[:-1]
            parts.append(f'{rest}, "games": [\n{games}\n]}}')
        Path(path).write_text(f'{head}, "sides": [\n' + ",\n".join(parts) + "\n]}\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, rule_sets: Sequence[Rules] = ()) -> Comparison:
        """Read a file written by ``save`` (``CompareError`` if it is not one, or is for other rules).
        A file read before and unchanged since (its size and time) is not read again: a comparison
        is frozen, so the one read is given (the comparison page's kernels, forked from the warm
        process that has read it, each saved reading 2,000 games).

        >>> import tempfile
        >>> from upto9.rules import UPTO9
        >>> folder = Path(tempfile.mkdtemp())
        >>> Comparison.build([UPTO9], games=0, deals=5, progress=False).save(folder / "c.json")
        >>> Comparison.load(folder / "c.json") is Comparison.load(folder / "c.json")
        True
        >>> Comparison.build([UPTO9], games=0, deals=6, progress=False).save(folder / "c.json")
        >>> Comparison.load(folder / "c.json").side("upto9").holding.deals
        6
        """
        path = Path(path)
        try:
            found = path.stat()
        except OSError as error:
            raise CompareError(f"{path}: {error}") from None
        return _comparison_read(str(path), found.st_mtime_ns, found.st_size, tuple(rule_sets))


COMPARISONS_KEPT: Final = 8
"""How many comparison files ``Comparison.load`` keeps read (the site reads one)."""


@functools.lru_cache(maxsize=COMPARISONS_KEPT)
def _comparison_read(path: str, _mtime_ns: int, _size: int, rule_sets: tuple[Rules, ...]) -> Comparison:
    """``Comparison.load``'s reading, kept by the file's name, time and size (a changed file is read again)."""
    return Comparison.from_dict(_read_json(Path(path)), path, rule_sets)


# --- a published figure beside the engine's ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PublishedFigure:
    """A figure some public study reports for a rule set (``rules``: its key): per level, the share
    of dealt hands of ``hand_size`` cards that already hold it (``shares``; ``None`` for a level it
    does not report; empty when no credible figure was found), with where it comes from and notes
    in each language (``notes``: pairs of language and text)."""

    rules: str
    shares: tuple[float | None, ...]
    citation: str
    url: str
    short: str
    hand_size: int
    samples: int | None = None
    notes: tuple[tuple[str, str], ...] = ()

    def note(self, lang: str) -> str:
        """The note in ``lang`` (else the English one)."""
        found = dict(self.notes)
        return found.get(lang) or found.get("en", "")

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "<published>") -> PublishedFigure:
        """Read ``{"rules": "phase10", "shares": [0.1, null, ...], "citation": ..., "url": ..., ...}``.

        >>> f = PublishedFigure.from_dict({"rules": "phase10", "shares": [0.5, None], "citation": "A study", "url": "", "short": "A",
        ...                                "hand_size": 10, "notes": {"en": "Read off a chart."}})
        >>> f.shares, f.note("nb")
        ((0.5, None), 'Read off a chart.')
        >>> PublishedFigure.from_dict({"rules": "phase10", "shares": [1.5]})
        Traceback (most recent call last):
        ...
        upto9.compare.CompareError: <published>: shares: a share is a number from 0 to 1 (or null), got 1.5
        """
        shares = []
        for value in data.get("shares", []):
            if value is not None and not (isinstance(value, int | float) and 0 <= value <= 1):
                raise CompareError(f"{source}: shares: a share is a number from 0 to 1 (or null), got {value!r}")
            shares.append(None if value is None else float(value))
        notes = data.get("notes", {})
        samples = data.get("samples")
        return cls(
            rules=str(data.get("rules", "")),
            shares=tuple(shares),
            citation=str(data.get("citation", "")),
            url=str(data.get("url", "")),
            short=str(data.get("short", data.get("citation", ""))),
            hand_size=int(data.get("hand_size", 0)),
            samples=None if samples is None else int(samples),
            notes=tuple((str(k), str(v)) for k, v in notes.items()),
        )

    @classmethod
    def load(cls, path: str | Path) -> PublishedFigure:
        path = Path(path)
        data = _read_json(path)
        return cls.from_dict(data, str(path))


@dataclass(frozen=True, slots=True)
class PublishedRow:
    """One level: the published share (``None`` if not reported) and the engine's estimate."""

    level: int
    published: float | None
    engine: Estimate


def published_rows(comparison: Comparison, published: PublishedFigure) -> tuple[PublishedRow, ...]:
    """The published shares level by level beside the engine's own estimate from the comparison's
    deals of the same rule set (empty when the figure has no shares or the comparison has no such
    rule set). A figure for another hand size than the rule set's is refused.

    >>> from upto9.rules import UPTO9
    >>> c = Comparison.build([UPTO9], games=0, deals=30, progress=False)
    >>> f = PublishedFigure("upto9", (0.05,), "A study", "", "A", 11)
    >>> [(r.level, r.published, r.engine.n) for r in published_rows(c, f)][:2]
    [(1, 0.05, 30), (2, None, 30)]
    """
    if not published.shares or not any(s.rules.key == published.rules for s in comparison.sides):
        return ()
    side = comparison.side(published.rules)
    if published.hand_size != side.rules.hand_size:
        raise CompareError(f"the published figure is for {published.hand_size}-card hands; {side.rules.name} deals {side.rules.hand_size}")
    estimates = side.holding.estimates()
    return tuple(PublishedRow(i + 1, published.shares[i] if i < len(published.shares) else None, estimate) for i, estimate in enumerate(estimates))
