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

**Stopping**: Ctrl-C returns the games already finished, with a ``SimulationInterrupted`` warning
saying how many; a game that raises, or a worker that dies, raises ``SimulationError`` naming the
game and holding the finished games in ``.partial``; workers end when the main process ends.

>>> from upto9.bots import RandomBot
>>> from upto9.bots import HeuristicBot, RandomBot
>>> df = simulate(4, players=2, bots=[HeuristicBot, RandomBot], workers=1, progress=False)
>>> list(df["game"]), bool(df["rounds"].min() >= 9)
([0, 1, 2, 3], True)
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import os
import pickle
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from upto9.bots import Bot, FamilyBot, HeuristicBot, RandomBot
from upto9.family import FamilyGame, GameFamily, RummyFamily, family_of, game_family, holds
from upto9.game import Game, Round, RuleError
from upto9.messages import Message, said
from upto9.rules import UPTO9, Rules

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    import pandas as pd

__all__ = [
    "MAX_ROUNDS_PER_GAME",
    "BotFactory",
    "SimulationError",
    "SimulationInterrupted",
    "bot_seed",
    "family_game_row",
    "family_round_rows",
    "game_row",
    "game_seed",
    "play_game",
    "round_rows",
    "simulate",
]

BotFactory = Callable[..., Bot] | type
"""Makes a fresh bot: called with a seed (an ``int``), or with nothing if it takes no argument."""

Backend = Literal["processes", "dask"]

_PROGRESS_FROM = 50  # games: ``progress=None`` shows a bar from this many games on

MAX_ROUNDS_PER_GAME: Final = 1000
"""A safety limit, no rule of the game: a bots' game still running after this many rounds stops
with ``RuleError``. Real games take 9 to a few dozen rounds; a house level no hand can make
(a lay-down larger than a hand, say) would otherwise deal impossible rounds for ever."""

STOP_TIMEOUT: Final = 1.0
"""Seconds a stopped worker is given to end after ``SIGTERM`` before it is killed outright. A
worker ends at once unless it is handing over a finished game (``SIGTERM`` waits for that), which
takes milliseconds; with this bound, Ctrl-C returns within about one second however long the
games being played would still take."""

PARENT_CHECK_EVERY: Final = 0.5
"""Seconds between a worker's looks at whether the process that started it is still alive, where
the operating system cannot end the worker itself (Linux's ``PR_SET_PDEATHSIG`` does that at
once): short enough that orphaned workers go within a second, long enough to cost nothing."""


class SimulationInterrupted(UserWarning):
    """Warned by ``simulate`` when Ctrl-C (``KeyboardInterrupt``) stopped it: it returned the games
    that had finished. ``done`` and ``total`` are the games finished and asked for; ``msg`` is the
    warning as a ``upto9.messages.Message``.

    >>> str(SimulationInterrupted(3, 10))
    'interrupted: stopped after 3 of 10 games; the frame holds the games that finished'
    """

    def __init__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self.msg = Message("sim.interrupted", done=done, n=total)
        super().__init__(str(self.msg))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.done, self.total)


class SimulationError(RuntimeError):
    """A game of ``simulate`` failed (its bot raised) or a worker process died. The games that had
    finished are kept: ``partial`` is what ``simulate`` would have returned for them (a frame, or
    the pair of frames with ``per_round=True``). ``game`` and ``seed`` are the index and the seed
    (``game_seed``) of the game that failed or that the dead worker was playing (``None`` when that
    is not known: a worker that died between games; on Dask, ``games`` is the range of games
    whose work failed). ``done`` and ``total`` count the games finished and asked for. The
    exception a game raised is the ``__cause__`` (with the worker's traceback as its cause); ``msg``
    is the error as a ``upto9.messages.Message``."""

    def __init__(
        self,
        message: Message | str,
        *,
        partial: Any = None,
        game: int | None = None,
        seed: int | None = None,
        games: range | None = None,
        done: int = 0,
        total: int = 0,
    ) -> None:
        text, self.msg = said(message)
        super().__init__(text)
        self.partial, self.game, self.seed, self.games, self.done, self.total = partial, game, seed, games, done, total

    def __reduce__(self) -> tuple[Any, ...]:
        kwargs = {"partial": self.partial, "game": self.game, "seed": self.seed, "games": self.games, "done": self.done, "total": self.total}
        return _rebuild_error, (self.msg or str(self), kwargs)


def _rebuild_error(message: Message | str, kwargs: dict[str, Any]) -> SimulationError:
    return SimulationError(message, **kwargs)


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
        made: Bot = factory  # an already-made bot, used as it is
        return made
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
    found: Bot = bot
    return found


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


@overload
def play_game(
    players: int = ...,
    rules: Rules = ...,
    bots: Sequence[BotFactory] | None = ...,
    seed: int | str = ...,
    names: Sequence[str] | None = ...,
    *,
    any_family: Literal[False] = ...,
) -> Game: ...


@overload
def play_game(
    players: int = ...,
    rules: Rules = ...,
    bots: Sequence[BotFactory] | None = ...,
    seed: int | str = ...,
    names: Sequence[str] | None = ...,
    *,
    any_family: Literal[True],
) -> FamilyGame: ...


def play_game(
    players: int = 4,
    rules: Rules = UPTO9,
    bots: Sequence[BotFactory] | None = None,
    seed: int | str = 0,
    names: Sequence[str] | None = None,
    *,
    any_family: bool = False,
) -> Game | FamilyGame:
    """Play one game to its end with bots and return it.

    ``bots`` is one factory per seat (default: ``HeuristicBot`` in every seat); each is called
    with ``bot_seed(seed, seat)``. Each bot is asked for one move at a time and sees only its own
    ``game.view(player)``. A bot's illegal move raises ``RuleError`` naming the seat. Under free
    order chosen before the deal, each bot is asked ``choose_phase(game.choice_view(seat))``
    before every deal, from the dealer's left (a bot without it takes the first level it has
    not made). A game still running after ``MAX_ROUNDS_PER_GAME`` rounds raises ``RuleError``.

    >>> game = play_game(players=3, seed=11)
    >>> game.over, len(game.rounds) >= 9, all(r.over for r in game.rounds)
    (True, True, True)

    With ``any_family=True`` it plays any family's rule set, a rummy or not, through the turn model
    (``upto9.family.game_family(rules).new_game``), and returns the ``FamilyGame``; the default
    bots are then the first of the family's ``bots()``, or ``RandomBot``. Without it, a family
    that is no rummy is refused (a ``RulesError`` naming it): the returned game is an
    ``upto9.game.Game``, with levels.

    >>> play_game(players=2, seed=1, any_family=True).winners == play_game(players=2, seed=1).winners
    True
    """
    if not any_family:
        family_of(rules)  # a game without levels is no upto9.game.Game: refused, naming the game
        return _play_rummy(players, rules, bots, seed, names)
    family = game_family(rules)
    if isinstance(family, RummyFamily):
        return _play_rummy(players, rules, bots, seed, names)
    factories = _factories(bots, players) if bots is not None else [_default_bot(family)] * players
    game = family.new_game(rules, players, seed, names)
    seated = [_make_any_bot(factory, bot_seed(seed, seat)) for seat, factory in enumerate(factories)]
    while not game.over:
        current = game.round
        while not current.over:
            seat = current.turn
            move = seated[seat].act(current.view(seat))
            try:
                game.play(move)
            except RuleError as error:
                raise RuleError(f"seat {seat} ({_bot_name(factories[seat])}) played {move!r}: {error}") from None
        if game.over:
            break
        if len(game.rounds) >= MAX_ROUNDS_PER_GAME:
            raise RuleError(Message("game.round_limit", rounds=MAX_ROUNDS_PER_GAME))
        game.next_round()
    return game


def _make_any_bot(factory: Any, seed: int) -> FamilyBot:
    """``_make_bot`` for a bot of any family (``upto9.bots.FamilyBot``)."""
    bot: object = _make_bot(factory, seed)
    if not isinstance(bot, FamilyBot):
        raise TypeError(f"{factory!r} made {bot!r}, which has no act(view) method")
    return bot


def _default_bot(family: GameFamily) -> Any:
    """A family's default player: the first of its ``bots()`` if it names any, else ``RandomBot``."""
    named = getattr(family, "bots", None)
    found = named() if callable(named) else {}
    return next(iter(found.values()), RandomBot) if isinstance(found, Mapping) else RandomBot


def _play_rummy(players: int, rules: Rules, bots: Sequence[BotFactory] | None, seed: int | str, names: Sequence[str] | None) -> Game:
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
        if len(game.rounds) >= MAX_ROUNDS_PER_GAME:
            raise RuleError(Message("game.round_limit", rounds=MAX_ROUNDS_PER_GAME))
        game.next_round()
    return game


# --- one game as table rows ------------------------------------------------------------------------


def game_row(game: Game, index: int, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """One game as a row: index, seed, players, rounds, turns, winners, each player's final level
    and penalties (``level_0``, ``penalties_0``...), and the rounds that ended as impossible
    (safety valve, or nothing left to draw) or stalemate (ruling 9's guard). With ``bots``, each seat's
    bot (``bot_0``...). Then the rule set's key (``rules``), the deciding rounds played (Phase 10's
    tie-break), the turns lost to skips, how many levels each player made (``made_0``...), and
    last the rounds stopped by the engine's turn limit (``turn_limits``: no rule of the game)."""
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
    row["turn_limits"] = sum(1 for e in ends if e.reason.value == "turn_limit")
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
    names = [_bot_name(f) for f in factories]
    if not _is_rummy(rules.family):
        played = play_game(players=players, rules=rules, bots=factories, seed=own_seed, any_family=True)
        rows = [tuple(r.values()) for r in family_round_rows(played, index)] if per_round else []
        return tuple(family_game_row(played, index, names).values()), rows
    game = play_game(players=players, rules=rules, bots=factories, seed=own_seed)
    row = tuple(game_row(game, index, names).values())
    return row, ([tuple(r.values()) for r in round_rows(game, index)] if per_round else [])


@cache
def _is_rummy(key: str) -> bool:
    return isinstance(game_family(key), RummyFamily)


def family_game_row(game: FamilyGame, index: int, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """One game of a family without levels (``upto9.family.GameFamily``) as a row: index, seed,
    players, rounds, moves (every step the rounds recorded), winners, per seat its bot
    (``bot_0``...), whether it won and its total points (``total_0``...), and the rule set's key.

    >>> from upto9.rules import UPTO9
    >>> game = play_game(players=2, seed=3, any_family=True)
    >>> row = family_game_row(game, 0)
    >>> row["rounds"] == len(game.rounds), row["total_0"] == game.totals[0], row["rules"]
    (True, True, 'upto9')
    """
    row: dict[str, Any] = {
        "game": index,
        "seed": game.seed,
        "players": game.players,
        "rounds": len(game.rounds),
        "moves": sum(len(r.history) for r in game.rounds),
        "winners": tuple(game.winners),
    }
    for p in range(game.players):
        if bots is not None:
            row[f"bot_{p}"] = bots[p]
        row[f"won_{p}"] = p in game.winners
        row[f"total_{p}"] = game.totals[p]
    row.update(_family_columns(game.rules, "game_columns", game))
    row["rules"] = game.rules.key
    return row


def _family_columns(rules: Rules, hook: str, played: object) -> dict[str, Any]:
    """A family's own measures of a game or a round (its optional ``game_columns(game)`` and
    ``round_columns(round)``: pick-ups, clears, why it ended, in the order its
    ``game_column_names`` and ``round_column_names`` say), none without the hook. A column
    the engine writes itself is refused: a family adds measures, it does not change the common ones."""
    family = game_family(rules)
    columns = getattr(family, hook, None)
    found = dict(columns(played)) if callable(columns) else {}
    names = tuple(getattr(family, "game_column_names" if hook == "game_columns" else "round_column_names", ()))
    if tuple(found) != names:
        raise TypeError(f"the game family of {rules.key!r} gives the columns {list(found)}, not the {list(names)} it names")
    common = {"game", "seed", "players", "rounds", "moves", "winners", "rules", "round", "dealer"}
    clash = sorted(k for k in found if k in common or k.startswith(("bot_", "won_", "total_", "score_")))
    if clash:
        raise TypeError(f"the game family of {rules.key!r} writes the engine's own column {clash[0]!r}")
    return found


def family_round_rows(game: FamilyGame, index: int) -> list[dict[str, Any]]:
    """One row per round of a family without levels: game, round (from 1), dealer, moves, and per
    seat the round's points (``score_0``...).

    >>> rows = family_round_rows(play_game(players=2, seed=3, any_family=True), 0)
    >>> rows[0]["round"], sorted(rows[0])[:3]
    (1, ['dealer', 'game', 'moves'])
    """
    rows = []
    for number, played in enumerate(game.rounds, start=1):
        row: dict[str, Any] = {"game": index, "round": number, "dealer": played.dealer, "moves": len(played.history)}
        for p, points in enumerate(played.scores()):
            row[f"score_{p}"] = points
        row.update(_family_columns(game.rules, "round_columns", played))
        rows.append(row)
    return rows


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
    deciding_rounds, skipped_turns``, per seat ``made_p`` and ``turn_limits``; of the round frame ``game, round,
    dealer, turns, reason, out``, per seat ``level_p, penalties_p, laid_down_p``, then
    ``deciding`` and per seat ``seated_p, made_level_p, dealt_holds_p, skipped_p`` (see
    ``game_row`` and ``round_rows``). The same columns for either rule set, so that frames of
    Up to 9 and Phase 10 runs can be put side by side. A family without levels (a game that is no
    rummy, ``upto9.family.GameFamily``) is played through its turn model, its default bots the
    first of its ``bots()``; its frames have the columns of ``family_game_row`` and
    ``family_round_rows``, the family's own measures among them (3UP 3DOWN: turns, why the game
    ended, pick-ups, clears, cards picked up).

    **Stopping.** Ctrl-C (``KeyboardInterrupt``) stops the workers within about a second and
    returns the games that had finished (fewer rows than asked for, still sorted by game index)
    with a ``SimulationInterrupted`` warning saying how many: an interrupted simulation of many
    games keeps what it played, in a notebook as in a script (a script that must not go on turns
    the warning into an error with ``warnings.simplefilter("error", SimulationInterrupted)``).
    A game whose bot raises, or a worker process that dies, stops the simulation with a
    ``SimulationError`` naming the game (its index and seed) and holding the games that had
    finished in ``.partial``. Workers ignore Ctrl-C themselves (the main process stops them), and
    end when the main process ends, however it ends. On Dask, the tasks not yet started are
    cancelled and the games of finished tasks returned; a task already running finishes on the
    cluster (Dask cannot stop it), and a cluster that ``simulate`` started is closed.

    >>> from upto9.bots import RandomBot
    >>> def bot(seed):  # fails in game 2
    ...     if seed == bot_seed(game_seed(0, 2), 0):
    ...         raise ValueError("no bot today")
    ...     return RandomBot(seed)
    >>> try:
    ...     simulate(4, players=2, bots=[bot, RandomBot], workers=1, progress=False)
    ... except SimulationError as error:
    ...     print(error.game, error.seed == game_seed(0, 2), list(error.partial["game"]))
    ...     print(str(error).replace(str(error.seed), "S"))
    2 True [0, 1]
    game 2 (seed S) failed: ValueError: no bot today; 2 of 4 games finished (kept in the error's .partial)
    """
    import pandas  # noqa: F401  # now, not after Ctrl-C: importing it takes a while

    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    rummy = _is_rummy(rules.family)
    factories = _factories(bots, players) if rummy or bots is not None else [_default_bot(game_family(rules))] * players
    if not rules.min_players <= players <= rules.max_players:
        raise RuleError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}")
    show = games >= _PROGRESS_FROM if progress is None else progress
    args = (seed, players, rules, factories, per_round)
    if backend not in ("processes", "dask"):
        raise ValueError(f"backend must be 'processes' or 'dask', not {backend!r}")
    count = (os.cpu_count() or 1) if workers is None else workers
    if backend == "processes" and count < 1:
        raise ValueError(f"workers must be 1 or more, not {count}")
    with _CtrlC() as ctrl_c:
        if backend == "dask":
            results, stop = _run_dask(games, args, workers, client, show, ctrl_c)
        elif count == 1 or games <= 1:
            results, stop = _run_local(games, args, show, ctrl_c)
        else:
            results, stop = _run_processes(games, args, count, show, ctrl_c)
    frames = _frames(results, players, per_round, rummy, rules)
    if stop is None:
        return frames
    done = len(results)
    if stop == "interrupted":
        warnings.warn(SimulationInterrupted(done, games), stacklevel=2)
        return frames
    message = Message("sim.failed", what=stop.what, done=done, n=games)
    own_seed = None if stop.game is None else game_seed(seed, stop.game)
    raise SimulationError(message, partial=frames, game=stop.game, seed=own_seed, games=stop.games, done=done, total=games) from stop.cause


def _frames(
    results: dict[int, _Result], players: int, per_round: bool, rummy: bool = True, rules: Rules = UPTO9
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """The frames ``simulate`` returns, from the games' rows, in the order of the game index."""
    import pandas as pd

    ordered = [results[index] for index in sorted(results)]
    if not rummy:
        seats = range(players)
        family = game_family(rules)
        own = tuple(getattr(family, "game_column_names", ()))  # the family's own measures (``game_columns``)
        columns = ["game", "seed", "players", "rounds", "moves", "winners", *(f"{c}_{p}" for p in seats for c in ("bot", "won", "total")), *own, "rules"]
        games_df = pd.DataFrame([r[0] for r in ordered], columns=columns)
        if not per_round:
            return games_df
        own_round = tuple(getattr(family, "round_column_names", ()))
        round_columns = ["game", "round", "dealer", "moves", *(f"score_{p}" for p in seats), *own_round]
        return games_df, pd.DataFrame([row for r in ordered for row in r[1]], columns=round_columns)
    games_df = pd.DataFrame([r[0] for r in ordered], columns=_game_columns(players))
    if not per_round:
        return games_df
    rounds_df = pd.DataFrame([row for r in ordered for row in r[1]], columns=_round_columns(players))
    rounds_df["out"] = rounds_df["out"].astype("Int64")
    for p in range(players):
        rounds_df[f"made_level_{p}"] = rounds_df[f"made_level_{p}"].astype("Int64")
    return games_df, rounds_df


def _game_columns(players: int) -> list[str]:
    columns = ["game", "seed", "players", "rounds", "turns", "winners", "impossible", "stalemates"]
    for p in range(players):
        columns += [f"bot_{p}", f"won_{p}", f"level_{p}", f"penalties_{p}"]
    columns += ["rules", "deciding_rounds", "skipped_turns", *(f"made_{p}" for p in range(players)), "turn_limits"]
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


# --- running the games, and stopping ------------------------------------------------------------


ERROR_TEXT_LIMIT: Final = 500
"""The most characters of a failed game's exception text that a ``SimulationError`` quotes: room
for any real explanation, while a bot's runaway message cannot make a runaway error."""


@dataclass(frozen=True)
class _Failure:
    """Why a simulation stopped before its end: what happened, the game (or, on Dask, the games)
    it concerns and the exception behind it."""

    what: Message
    game: int | None = None
    games: range | None = None
    cause: BaseException | None = None


# How a run ended early: Ctrl-C, or a failure; ``None`` when every game was played.
_Stop = Literal["interrupted"] | _Failure | None

# A game's exception as a worker sends it: pickled (or None, if it cannot be), its type's name,
# its text and the worker's traceback.
_Sent = tuple[bytes | None, str, str, str]


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker process, as the cause of that exception."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def _error_text(error: BaseException | str) -> str:
    """``"ValueError: its text"``, cut to ``ERROR_TEXT_LIMIT`` characters."""
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return text if len(text) <= ERROR_TEXT_LIMIT else text[: ERROR_TEXT_LIMIT - 1] + "…"


def _game_failed(index: int, seed: int | str, error: BaseException, text: str | None = None) -> _Failure:
    """Game ``index`` raised ``error`` (``text``: as the worker worded it, if it was a worker's)."""
    what = Message("sim.game_failed", game=index, seed=game_seed(seed, index), error=_error_text(text or error))
    return _Failure(what, game=index, cause=error)


def _portable(error: BaseException) -> _Sent:
    """A game's exception in a form that crosses to the main process, whatever the exception."""
    data: bytes | None
    try:
        data = pickle.dumps(error, protocol=pickle.HIGHEST_PROTOCOL)
        pickle.loads(data)
    except Exception:  # an exception class that does not pickle: its name and text are sent
        data = None
    # The traceback's last part: it ends with the failing line and the exception's (perhaps huge) text.
    return data, type(error).__name__, str(error)[:ERROR_TEXT_LIMIT], traceback.format_exc()[-40 * ERROR_TEXT_LIMIT :]


def _revive(sent: _Sent) -> BaseException:
    data, name, text, remote = sent
    error: object = None
    if data is not None:
        try:
            error = pickle.loads(data)
        except Exception:  # a class the main process cannot import (a spawned worker's own)
            error = None
    if not isinstance(error, BaseException):
        error = RuntimeError(f"{name}: {text}")
    error.__cause__ = _RemoteTraceback(remote)
    return error


def _load_words() -> None:
    """Read the message catalog now, while games are played: read after Ctrl-C, it would delay
    the return by its reading time (a second on a loaded machine)."""
    str(SimulationInterrupted(0, 1))


class _CtrlC:
    """While inside, Ctrl-C is noted as well as raised. Python swallows a ``KeyboardInterrupt``
    that strikes inside a weakref or gc callback (it prints "Exception ignored in ..."), so the
    loops below also look at the note: a Ctrl-C is never lost. Only the main thread's default
    handler is replaced; a handler the caller installed is left alone."""

    def __init__(self) -> None:
        self.pressed = False
        self._old: Any = None

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._old = signal.signal(signal.SIGINT, self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)

    def _note(self, signum: int, frame: Any) -> None:
        self.pressed = True
        raise KeyboardInterrupt

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C came (its own raise may have been swallowed)."""
        if self.pressed:
            raise KeyboardInterrupt


def _run_local(games: int, args: tuple[Any, ...], show: bool, ctrl_c: _CtrlC) -> tuple[dict[int, _Result], _Stop]:
    results: dict[int, _Result] = {}
    try:
        if games >= _PROGRESS_FROM:  # a run long enough to be stopped
            _load_words()
        with _bar(games, show, "games") as bar:
            for index in range(games):
                try:
                    played = _play_rows(index, *args)
                except Exception as error:
                    return results, _game_failed(index, args[0], error)
                ctrl_c.check()  # a Ctrl-C during the game leaves it out, as one raised in it would
                results[index] = played
                bar.update(1)
    except KeyboardInterrupt:  # the game being played is not finished: it is left out
        return results, "interrupted"
    return results, None


# --- worker processes ----------------------------------------------------------------------------

_PDEATHSIG = sys.platform.startswith("linux")  # the tests turn it off to try the watching thread
_PR_SET_PDEATHSIG: Final = 1  # from <linux/prctl.h>
_POLL: Final = 0.2  # seconds: the main process looks for Ctrl-C at least this often while it waits


@contextlib.contextmanager
def _held(signum: int) -> Iterator[None]:
    """Hold back ``signum`` in this thread while inside (where the platform can): it arrives after."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signum})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _end_with_parent(parent: int) -> None:
    """Make this worker end when the process that started it ends (killed, crashed, exited).

    On Linux the kernel kills it (``PR_SET_PDEATHSIG``); elsewhere a thread watches the parent."""
    if _PDEATHSIG:
        try:
            import ctypes

            asked = ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            asked = False
        if asked:
            if os.getppid() != parent:  # the parent died before the request was made
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), name="upto9-watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    import multiprocessing

    # An orphan gets a new parent pid on POSIX; on Windows the parent's sentinel closes instead.
    process = multiprocessing.parent_process()
    while os.getppid() == parent and (process is None or process.is_alive()):
        time.sleep(PARENT_CHECK_EVERY)
    os._exit(1)


def _send(out: Connection, message: tuple[Any, ...]) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    with _held(signal.SIGTERM):  # a worker being stopped hands over a finished game whole first
        out.send_bytes(data)


def _worker(slot: int, games: int, args: tuple[Any, ...], lock: Any, next_game: Any, playing: Any, out: Connection, parent: int) -> None:
    """One worker process: take the next game nobody has taken, play it, send its rows back; until
    no game is left, or until the main process stops it (``SIGTERM``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle: no traceback here
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held back by the main process while starting us
    _end_with_parent(parent)
    while True:
        with lock:
            index = next_game.value
            if index >= games:
                break
            next_game.value = index + 1
            playing[slot] = index  # so that the main process can name the game, should this worker die
        try:
            result = _play_rows(index, *args)
        except Exception as error:
            _send(out, ("failed", index, _portable(error)))
            break
        _send(out, ("game", result))
    out.close()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


class _Workers:
    """The worker processes of one simulation, and the games they have sent back (``results``)."""

    def __init__(self, games: int, args: tuple[Any, ...], count: int, bar: Any) -> None:
        import multiprocessing

        # With fork (Linux), the workers inherit the bot factories instead of unpickling them, so
        # bots defined in a notebook or script, lambdas and closures included, work too.
        fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
        self.context: Any = multiprocessing.get_context("fork" if fork else None)
        self.games, self.args, self.count, self.bar = games, args, count, bar
        self.processes: dict[int, BaseProcess] = {}
        self.conns: dict[int, Connection] = {}
        self.results: dict[int, _Result] = {}
        self.reading: int | None = None  # the slot whose message is being read
        self.unread: bytes | None = None  # a message read, its game not yet kept
        self.playing = self.context.RawArray("q", [-1] * count)

    def start(self) -> None:
        # Kept on self: a spawned worker opens them after start() has returned.
        self.lock, self.next_game = self.context.Lock(), self.context.RawValue("q", 0)
        with _held(signal.SIGINT):  # until a worker ignores Ctrl-C itself (a pending one arrives after)
            for slot in range(self.count):
                reader, writer = self.context.Pipe(duplex=False)
                args = (slot, self.games, self.args, self.lock, self.next_game, self.playing, writer, os.getpid())
                process = self.context.Process(target=_worker, args=args, name=f"upto9-simulate-{slot}", daemon=True)
                process.start()
                # Closed here before the next worker starts, so only its own worker holds the writing
                # end: the pipe reads as ended exactly when that worker has ended.
                writer.close()
                self.processes[slot], self.conns[slot] = process, reader

    def pump(self, timeout: float) -> _Stop:
        """Wait up to ``timeout`` seconds, then take what the workers sent and note those that ended."""
        from multiprocessing.connection import wait

        sentinels = {process.sentinel: slot for slot, process in self.processes.items()}
        ready = wait([*self.conns.values(), *sentinels], timeout=timeout)
        stop: _Stop = None
        for slot, conn in list(self.conns.items()):
            if conn in ready and slot in self.conns:
                said = self.receive(slot)
                stop = stop or said  # the first reason counts
        for item in ready:
            if isinstance(item, int) and sentinels[item] in self.processes:
                said = self.ended(sentinels[item])
                stop = stop or said
        return stop

    def receive(self, slot: int) -> _Stop:
        """Read one message of the worker in ``slot``; the end of its pipe closes it."""
        conn = self.conns[slot]
        self.reading = slot
        try:
            self.unread = conn.recv_bytes()
        except (EOFError, OSError):  # the worker ended (or died in the middle of a message, now lost)
            self.conns.pop(slot).close()
            self.reading = None
            return None
        self.reading = None  # read whole: the pipe is in step again
        return self.take()

    def take(self) -> _Stop:
        """Keep the game in the message just read (or say which game failed)."""
        if self.unread is None:
            return None
        message = pickle.loads(self.unread)
        stop: _Stop = None
        if message[0] == "game":
            result: _Result = message[1]
            index = int(result[0][0])
            if index not in self.results:
                self.results[index] = result
                self.bar.update(1)
        else:
            sent: _Sent = message[2]
            stop = _game_failed(message[1], self.args[0], _revive(sent), f"{sent[1]}: {sent[2]}")
        self.unread = None
        return stop

    def ended(self, slot: int) -> _Stop:
        """The worker in ``slot`` has ended: read what it still sent, then say if it died."""
        process = self.processes.pop(slot)
        process.join()
        stop: _Stop = None
        while slot in self.conns:
            if not self.conns[slot].poll(_POLL):  # something else holds the pipe open: stop reading it
                self.conns.pop(slot).close()
                break
            said = self.receive(slot)
            stop = stop or said
        if stop is not None:
            return stop  # it reported its failed game and ended
        code = process.exitcode or 0
        last = int(self.playing[slot])
        game = None if last < 0 or last in self.results else last
        if code == 0 and game is None:
            return None  # no game left for it
        # Died: the others stop too (it may have died holding the lock they take games with).
        how = Message("sim.killed_by", signal=_signal_name(-code)) if code < 0 else Message("sim.exit_code", code=code)
        if game is None:
            return _Failure(Message("sim.worker_died_between", how=how))
        return _Failure(Message("sim.worker_died", game=game, seed=game_seed(self.args[0], game), how=how), game=game)

    def interrupted(self) -> None:
        """Ctrl-C came (a ``KeyboardInterrupt`` may strike anywhere): a message cut in the middle
        leaves its pipe out of step, so it is read no more; a message read whole is kept."""
        if self.reading is not None and self.reading in self.conns:
            self.conns.pop(self.reading).close()
        self.reading = None
        self.take()

    def shut(self) -> None:
        """Stop every worker still running; keep the games they sent before they stopped."""
        for process in self.processes.values():
            process.terminate()
        deadline = time.monotonic() + STOP_TIMEOUT
        try:
            while self.conns or self.processes:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                try:
                    self.pump(min(left, _POLL))  # what stopped workers say now is no news
                except KeyboardInterrupt:  # Ctrl-C again while stopping: stopping already
                    self.interrupted()
        finally:
            for process in self.processes.values():
                process.kill()
                process.join()
            for conn in self.conns.values():
                conn.close()
            self.processes.clear()
            self.conns.clear()


def _run_processes(games: int, args: tuple[Any, ...], workers: int, show: bool, ctrl_c: _CtrlC) -> tuple[dict[int, _Result], _Stop]:
    count = min(workers, games)
    with _bar(games, show, f"games ({count} workers)") as bar:
        pool = _Workers(games, args, count, bar)
        stop: _Stop = None
        try:
            pool.start()
            _load_words()  # while the workers play
            while stop is None and (pool.conns or pool.processes):
                stop = pool.pump(_POLL)  # with a timeout: Ctrl-C may reach another thread of this process
                ctrl_c.check()
        except KeyboardInterrupt:
            pool.interrupted()
            stop = "interrupted"
        finally:
            pool.shut()
    return pool.results, stop


# --- Dask ----------------------------------------------------------------------------------------


def _play_guarded(
    indices: Sequence[int], seed: int | str, players: int, rules: Rules, factories: Sequence[Any], per_round: bool
) -> tuple[list[_Result], tuple[int, _Sent] | None]:
    """A chunk of games on a Dask worker: the rows of the games played, and the first game that
    raised (its index and exception), if one did; the games after it are not played."""
    results = []
    for index in indices:
        try:
            results.append(_play_rows(index, seed, players, rules, factories, per_round))
        except Exception as error:
            return results, (index, _portable(error))
    return results, None


def _run_dask(games: int, args: tuple[Any, ...], workers: int | None, client: Any, show: bool, ctrl_c: _CtrlC) -> tuple[dict[int, _Result], _Stop]:
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
    results: dict[int, _Result] = {}
    stop: _Stop = None
    try:
        size = _chunk_size(games, max(1, len(client.scheduler_info().get("workers", {}))))
        with _bar(games, show, "games (dask)") as bar:
            futures: list[Any] = []
            where: dict[str, range] = {}  # each task's games, by its key
            taken: set[str] = set()

            def take(future: Any) -> _Stop:
                try:
                    done, failed = future.result()
                except Exception as error:  # the task itself failed: a worker died (KilledWorker), ...
                    taken.add(future.key)
                    chunk = where[future.key]
                    what = Message("sim.chunk_failed", first=chunk[0], last=chunk[-1], error=_error_text(error))
                    return _Failure(what, games=chunk, cause=error)
                new = [result for result in done if int(result[0][0]) not in results]
                results.update((int(result[0][0]), result) for result in new)
                taken.add(future.key)  # only now: a Ctrl-C before this takes it again, none lost
                bar.update(len(new))
                future.release()
                if failed is None:
                    return None
                sent = failed[1]
                return _game_failed(failed[0], args[0], _revive(sent), f"{sent[1]}: {sent[2]}")

            try:
                for chunk in _chunks(games, size):
                    futures.append(client.submit(_play_guarded, list(chunk), *args, pure=False))
                    where[futures[-1].key] = chunk
                _load_words()  # while the cluster plays
                # The client's own loop: a client made with set_as_default=False is no default to find.
                for future in distributed.as_completed(futures, loop=client.loop):
                    ctrl_c.check()
                    stop = take(future)
                    if stop is not None:
                        break
                ctrl_c.check()
            except KeyboardInterrupt:
                stop = "interrupted"
            if stop is not None:
                client.cancel([future for future in futures if not future.done()])
                for future in futures:  # keep what finished meanwhile
                    if future.key not in taken and future.status == "finished":
                        take(future)
    finally:
        for thing in reversed(own):
            thing.close()
    return results, stop
