"""Playing whole games with bots, and simulating many games at once (processes or Dask).

``play_game`` plays one game to its end and returns the ``Game`` (every round, every record).
``simulate`` plays many and returns a pandas DataFrame with one row per game (and, with
``per_round=True``, a second one with one row per round).

**Bots** are given as *factories*: anything that, called with a seed, returns a bot (an object
with ``act(view) -> Move``). A bot class such as ``HeuristicBot`` or ``RandomBot`` is a factory;
so is ``lambda seed: MyBot(depth=2)``. A class or function that takes no argument is called
without the seed. Every game makes fresh bots, so a bot may keep state for the game it plays.
Each bot sees only ``game.view(player)``, never the game.

**Seeds**: game ``i`` of ``simulate(..., seed=s)`` is ``play_game(..., seed=game_seed(s, i))``
(the ``seed`` column), and the bot in seat ``p`` is made with ``bot_seed(game seed, p)``; so the
results are the same whatever the number of workers or the backend.

>>> from upto9.bots import RandomBot
>>> from upto9.bots import HeuristicBot, RandomBot
>>> df = simulate(4, players=2, bots=[HeuristicBot, RandomBot], workers=1, progress=False)
>>> list(df["game"]), bool(df["rounds"].min() >= 9)
([0, 1, 2, 3], True)
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Any, Literal

from upto9.bots import Bot, HeuristicBot
from upto9.checker import holds
from upto9.game import Game, Round, RuleError
from upto9.rules import UPTO9, Rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["BotFactory", "bot_seed", "game_row", "game_seed", "play_game", "round_rows", "simulate"]

BotFactory = Callable[..., Bot] | type
"""Makes a fresh bot: called with a seed (an ``int``), or with nothing if it takes no argument."""

Backend = Literal["processes", "dask"]

_PROGRESS_FROM = 50  # games: ``progress=None`` shows a bar from this many games on


def _derive(*parts: object) -> int:
    """A 63-bit number from the parts, the same on every machine and Python."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` in ``simulate(..., seed=seed)``.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return _derive("upto9-game", seed, index)


def bot_seed(seed: int | str, seat: int) -> int:
    """The seed the bot in ``seat`` is made with, in the game with ``seed``."""
    return _derive("upto9-bot", seed, seat)


def _make_bot(factory: Any, seed: int) -> Bot:
    """Call ``factory`` with ``seed`` (or with nothing, if it takes no argument)."""
    if not callable(factory) and hasattr(factory, "act"):
        return factory  # type: ignore[no-any-return]  # an already-made bot, used as it is
    try:
        inspect.signature(factory).bind(seed)
    except TypeError:
        bot = factory()
    except ValueError:  # no signature to read (some builtins): try the seed
        bot = factory(seed)
    else:
        bot = factory(seed)
    if not callable(getattr(bot, "act", None)):
        raise TypeError(f"{factory!r} made {bot!r}, which has no act(view) method")
    return bot  # type: ignore[no-any-return]


def _factories(bots: Sequence[Any] | None, players: int) -> list[Any]:
    if bots is None:
        return [HeuristicBot] * players
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bot factories (one per player), not {bots!r}")
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    return list(bots)


def _bot_name(factory: Any) -> str:
    name = getattr(factory, "__name__", None) or type(factory).__name__
    return str(name)


def play_game(
    players: int = 4,
    rules: Rules = UPTO9,
    bots: Sequence[BotFactory] | None = None,
    seed: int | str = 0,
    names: Sequence[str] | None = None,
) -> Game:
    """Play one game to its end with bots and return it.

    ``bots`` is one factory per seat (default: ``HeuristicBot`` in every seat); each is called
    with ``bot_seed(seed, seat)``. Each bot is asked for one move at a time and sees only its own
    ``game.view(player)``. A bot's illegal move raises ``RuleError`` naming the seat. Under free
    order chosen before the deal, each bot is asked ``choose_phase(game.choice_view(seat))``
    before every deal, from the dealer's left (a bot without it takes the first level it has
    not made).

    >>> game = play_game(players=3, seed=11)
    >>> game.over, len(game.rounds) >= 9, all(r.over for r in game.rounds)
    (True, True, True)
    """
    factories = _factories(bots, players)
    game = Game(players=players, rules=rules, seed=seed, names=names)
    seated = [_make_bot(factory, bot_seed(seed, seat)) for seat, factory in enumerate(factories)]
    while not game.over:
        if game.rounds and not game.round.over:
            current = game.round
            while current.end is None:
                seat = current.turn
                move = seated[seat].act(current.view(seat))
                try:
                    game.play(move)
                except RuleError as error:
                    raise RuleError(f"seat {seat} ({_bot_name(factories[seat])}) played {move!r}: {error}") from None
            continue
        # Free order before the deal: each player announces a level first, from the dealer's left.
        for seat in game.to_choose:
            view = game.choice_view(seat)
            chooser = getattr(seated[seat], "choose_phase", None)
            level = chooser(view) if callable(chooser) else view.open[0]
            try:
                game.choose_phase(seat, level)
            except RuleError as error:
                raise RuleError(f"seat {seat} ({_bot_name(factories[seat])}) chose {level!r}: {error}") from None
        game.next_round()
    return game


# --- one game as table rows ------------------------------------------------------------------------


def game_row(game: Game, index: int, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """One game as a row: index, seed, players, rounds, turns, winners, each player's final level
    and penalties (``level_0``, ``penalties_0``...), and the rounds that ended as impossible
    (safety valve, or nothing left to draw) or stalemate (engine guard). With ``bots``, each seat's
    bot (``bot_0``...). Then the rule set's key (``rules``), the deciding rounds played (Phase 10's
    tie-break), the turns lost to skips, and how many levels each player made (``made_0``...)."""
    ends = [r.end for r in game.rounds if r.end is not None]
    row: dict[str, Any] = {
        "game": index,
        "seed": game.seed,
        "players": game.players,
        "rounds": len(game.rounds),
        "turns": sum(r.turns for r in game.rounds),
        "winners": tuple(game.winners),
        "impossible": sum(1 for e in ends if e.reason.value == "impossible"),
        "stalemates": sum(1 for e in ends if e.reason.value == "stalemate"),
    }
    for p in range(game.players):
        if bots is not None:
            row[f"bot_{p}"] = bots[p]
        row[f"won_{p}"] = p in game.winners
        row[f"level_{p}"] = game.levels[p]
        row[f"penalties_{p}"] = game.penalties[p]
    row["rules"] = game.rules.key
    row["deciding_rounds"] = sum(1 for r in game.rounds if r.deciding)
    row["skipped_turns"] = sum(sum(r.skipped) for r in game.rounds)
    for p in range(game.players):
        row[f"made_{p}"] = len(game.made[p])
    return row


def _dealt_holds(played: Round, player: int) -> bool:
    """Did the player's dealt hand already hold a level they could lay down this round?"""
    hand = played.dealt[player]
    return any(holds(hand, level, played.rules) for level in played.choices(player))


def round_rows(game: Game, index: int) -> list[dict[str, Any]]:
    """Each round of a game as a row: game, round (from 1), dealer, turns, reason, who went out,
    and for each player the level played (``level_0``...), the penalty points scored
    (``penalties_0``...) and whether they laid down (``laid_down_0``...). Then whether it was a
    deciding round, and for each player whether they played it (``seated_0``: a deciding round
    seats only the tied players), the level they made (``made_level_0``: under free order the one
    they chose; ``None`` if they did not lay down), whether their dealt hand already held a level
    they could lay down (``dealt_holds_0``) and the turns they lost to skips (``skipped_0``)."""
    rows = []
    for number, played in enumerate(game.rounds, start=1):
        end = played.end
        if end is None:
            continue
        row: dict[str, Any] = {
            "game": index,
            "round": number,
            "dealer": played.dealer,
            "turns": played.turns,
            "reason": end.reason.value,
            "out": end.out,
        }
        for p in range(game.players):
            row[f"level_{p}"] = played.levels[p]
            row[f"penalties_{p}"] = end.penalties[p]
            row[f"laid_down_{p}"] = end.laid_down[p]
        row["deciding"] = played.deciding
        for p in range(game.players):
            seated = played.seated[p]
            row[f"seated_{p}"] = seated
            row[f"made_level_{p}"] = played.laid_levels[p]
            row[f"dealt_holds_{p}"] = _dealt_holds(played, p) if seated else False
            row[f"skipped_{p}"] = played.skipped[p]
        rows.append(row)
    return rows


# One game's rows as bare tuples in the column order (a dict per row would take several times
# the memory of a long simulation): (game row, round rows).
_Result = tuple[tuple[Any, ...], list[tuple[Any, ...]]]


def _play_rows(index: int, seed: int | str, players: int, rules: Rules, factories: Sequence[Any], per_round: bool) -> _Result:
    """Play game ``index`` of a simulation and keep only its rows (the game itself is dropped)."""
    own_seed = game_seed(seed, index)
    game = play_game(players=players, rules=rules, bots=factories, seed=own_seed)
    row = tuple(game_row(game, index, [_bot_name(f) for f in factories]).values())
    return row, ([tuple(r.values()) for r in round_rows(game, index)] if per_round else [])


def _play_chunk(indices: Sequence[int], seed: int | str, players: int, rules: Rules, factories: Sequence[Any], per_round: bool) -> list[_Result]:
    return [_play_rows(i, seed, players, rules, factories, per_round) for i in indices]


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def _chunk_size(games: int, workers: int) -> int:
    # Small enough for an even finish and a lively progress bar, large enough to amortise.
    return max(1, min(25, games // (workers * 8) or 1))


# --- many games ------------------------------------------------------------------------------------


def simulate(
    games: int,
    players: int = 4,
    rules: Rules = UPTO9,
    bots: Sequence[BotFactory] | None = None,
    seed: int | str = 0,
    workers: int | None = None,
    backend: Backend = "processes",
    per_round: bool = False,
    progress: bool | None = None,
    client: Any = None,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``games`` games with bots and return one row per game, sorted by game index.

    ``bots``: one bot *factory* per seat (a class such as ``HeuristicBot``, or any callable that
    takes a seed and returns an object with ``act(view)``); default ``HeuristicBot`` everywhere.
    Each game makes fresh bots. With ``backend="processes"`` the factories must be picklable
    (classes and functions defined at a module's top level; in a notebook, on Linux, the
    notebook's own classes too).

    Game ``i`` is played with seed ``game_seed(seed, i)``: the frame is the same for any
    ``workers`` and either backend.

    * ``workers``: processes to use (default ``os.cpu_count()``); ``1`` plays in this process.
    * ``backend``: ``"processes"`` (a local process pool) or ``"dask"`` (a ``dask.distributed``
      cluster: ``client`` is a ``Client`` or a scheduler address such as ``"tcp://host:8786"``;
      without it a local cluster is started). Dask is imported only then.
    * ``per_round``: also return a frame with one row per round: ``(games_df, rounds_df)``.
    * ``progress``: a progress bar (``tqdm.auto``: the notebook widget inside Jupyter); ``None``
      shows it from 50 games on.

    Columns of the game frame: ``game, seed, players, rounds, turns, winners, impossible,
    stalemates``, per seat ``bot_p, won_p, level_p, penalties_p``, then ``rules,
    deciding_rounds, skipped_turns`` and per seat ``made_p``; of the round frame ``game, round,
    dealer, turns, reason, out``, per seat ``level_p, penalties_p, laid_down_p``, then
    ``deciding`` and per seat ``seated_p, made_level_p, dealt_holds_p, skipped_p`` (see
    ``game_row`` and ``round_rows``). The same columns for either rule set, so that frames of
    Up to 9 and Phase 10 runs can be put side by side.
    """
    import pandas as pd

    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    factories = _factories(bots, players)
    if not rules.min_players <= players <= rules.max_players:
        raise RuleError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}")
    show = games >= _PROGRESS_FROM if progress is None else progress
    args = (seed, players, rules, factories, per_round)
    if backend == "dask":
        results = _run_dask(games, args, workers, client, show)
    elif backend == "processes":
        count = (os.cpu_count() or 1) if workers is None else workers
        if count < 1:
            raise ValueError(f"workers must be 1 or more, not {count}")
        results = _run_local(games, args, show) if count == 1 or games <= 1 else _run_processes(games, args, count, show)
    else:
        raise ValueError(f"backend must be 'processes' or 'dask', not {backend!r}")
    results.sort(key=lambda r: int(r[0][0]))  # the game index
    games_df = pd.DataFrame([r[0] for r in results], columns=_game_columns(players))
    if not per_round:
        return games_df
    rounds_df = pd.DataFrame([row for r in results for row in r[1]], columns=_round_columns(players))
    rounds_df["out"] = rounds_df["out"].astype("Int64")
    for p in range(players):
        rounds_df[f"made_level_{p}"] = rounds_df[f"made_level_{p}"].astype("Int64")
    return games_df, rounds_df


def _game_columns(players: int) -> list[str]:
    columns = ["game", "seed", "players", "rounds", "turns", "winners", "impossible", "stalemates"]
    for p in range(players):
        columns += [f"bot_{p}", f"won_{p}", f"level_{p}", f"penalties_{p}"]
    columns += ["rules", "deciding_rounds", "skipped_turns", *(f"made_{p}" for p in range(players))]
    return columns


def _round_columns(players: int) -> list[str]:
    columns = ["game", "round", "dealer", "turns", "reason", "out"]
    for p in range(players):
        columns += [f"level_{p}", f"penalties_{p}", f"laid_down_{p}"]
    columns.append("deciding")
    for p in range(players):
        columns += [f"seated_{p}", f"made_level_{p}", f"dealt_holds_{p}", f"skipped_{p}"]
    return columns


def _bar(total: int, show: bool, desc: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not show, desc=desc, unit="game", smoothing=0.1)


def _run_local(games: int, args: tuple[Any, ...], show: bool) -> list[_Result]:
    results = []
    with _bar(games, show, "games") as bar:
        for index in range(games):
            results.append(_play_rows(index, *args))
            bar.update(1)
    return results


# Work handed to forked workers by inheritance rather than by pickling: token -> arguments.
_FORKED: dict[int, tuple[Any, ...]] = {}


def _play_forked(token: int, indices: Sequence[int]) -> list[_Result]:
    return _play_chunk(indices, *_FORKED[token])


def _run_processes(games: int, args: tuple[Any, ...], workers: int, show: bool) -> list[_Result]:
    import multiprocessing

    # With fork (Linux), the workers inherit the bot factories instead of unpickling them, so
    # bots defined in a notebook or script, lambdas and closures included, work too.
    fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if fork else None
    token = id(args)
    results: list[_Result] = []
    size = _chunk_size(games, workers)
    if fork:
        _FORKED[token] = args
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool, _bar(games, show, f"games ({workers} workers)") as bar:
            pending: list[Future[list[_Result]]] = [
                pool.submit(_play_forked, token, list(chunk)) if fork else pool.submit(_play_chunk, list(chunk), *args) for chunk in _chunks(games, size)
            ]
            for future in as_completed(pending):
                done = future.result()
                results.extend(done)
                bar.update(len(done))
    finally:
        _FORKED.pop(token, None)
    return results


def _run_dask(games: int, args: tuple[Any, ...], workers: int | None, client: Any, show: bool) -> list[_Result]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise ImportError("backend='dask' needs dask.distributed: pip install 'upto9[dask]'") from error
    own: list[Any] = []  # what this call started, and so closes
    if client is None:
        cluster = distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True)
        own.append(cluster)
        client = distributed.Client(cluster)
        own.append(client)
    elif isinstance(client, str):
        client = distributed.Client(client)
        own.append(client)
    try:
        size = _chunk_size(games, max(1, len(client.scheduler_info().get("workers", {}))))
        results: list[_Result] = []
        with _bar(games, show, "games (dask)") as bar:
            futures = [client.submit(_play_chunk, list(chunk), *args, pure=False) for chunk in _chunks(games, size)]
            for future in distributed.as_completed(futures):
                done = future.result()
                results.extend(done)
                bar.update(len(done))
                future.release()
        return results
    finally:
        for thing in reversed(own):
            thing.close()
