"""A simulation that stops cleanly (issue 11, part 3): Ctrl-C returns the games already finished
with a warning saying how many; a failed game or a killed worker is named and the other games
are kept; the workers end when the main process ends, however it ends.

The Ctrl-C tests send a real SIGINT (to a subprocess's process group, as a terminal does, or to
its main process alone; in this process, to the main thread) and print the time from the signal
to ``simulate`` returning: the target is about 2 s, the asserted bound (``SAFETY``) is generous
so that a loaded machine does not fail them.

They pass however the suite is started: under ``nohup`` or from a shell that ignores Ctrl-C
(SIGINT set to SIG_IGN, which every child inherits) as in a terminal, because they install a
terminal's Ctrl-C handling themselves (:func:`terminal_ctrl_c`).
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import psutil
import pytest

from upto9 import HeuristicBot, play_game
from upto9.bots import Bot
from upto9.messages import render
from upto9.simulate import SimulationError, SimulationInterrupted, bot_seed, game_row, game_seed, simulate

simulate_module = importlib.import_module("upto9.simulate")  # the module: upto9.simulate is also the function
ROOT = Path(__file__).resolve().parent.parent
SAFETY = 8.0  # seconds: the bound asserted for "stops within about 2 s" (a safety bound, not the target)
MANY = 5000  # games: far more than any test lets finish


def _children(
    pid: int, count: int, timeout: float = 20.0, child: subprocess.Popen[str] | None = None, besides: frozenset[int] = frozenset()
) -> list[psutil.Process]:
    """The first ``count`` child processes of ``pid`` (the subprocess ``child``) not in ``besides``, once they exist."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child is not None and child.poll() is not None:
            raise AssertionError(f"the simulation ended before it started its workers: {child.communicate()}")
        found = [p for p in psutil.Process(pid).children() if p.pid not in besides]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"process {pid} did not start {count} workers within {timeout} s")


def _gone(process: psutil.Process) -> bool:
    try:
        return process.status() == psutil.STATUS_ZOMBIE  # dead, waiting for its new parent to reap it
    except psutil.NoSuchProcess:
        return True


def _wait_gone(processes: list[psutil.Process], timeout: float) -> float:
    """Seconds until every process has ended; fails after ``timeout``."""
    start = time.monotonic()
    while not all(_gone(p) for p in processes):
        if time.monotonic() - start > timeout:
            alive = [p.pid for p in processes if not _gone(p)]
            raise AssertionError(f"workers {alive} still running {timeout} s later")
        time.sleep(0.05)
    return time.monotonic() - start


def _same_game(row: pd.Series | dict[str, Any], seed: int, players: int = 2) -> None:
    """The row is what ``play_game`` gives for that game's seed."""
    index = int(row["game"])
    assert int(row["seed"]) == game_seed(seed, index)
    expected = game_row(play_game(players=players, seed=game_seed(seed, index)), index)
    for column in ("rounds", "turns", "penalties_0", "penalties_1", "level_0", "level_1"):
        assert row[column] == expected[column], column
    assert list(row["winners"]) == list(expected["winners"])


# --- Ctrl-C ----------------------------------------------------------------------------------------


@pytest.fixture
def terminal_ctrl_c() -> Iterator[None]:
    """Ctrl-C handled as in a terminal, in this process and in the processes a test starts.

    Python installs ``default_int_handler`` at start-up only where SIGINT is not ignored: under
    ``nohup`` or a shell's ``trap "" INT`` this process and every child inherit SIG_IGN, and a
    Ctrl-C does nothing (rightly: simulate then leaves it alone too, see
    :func:`test_a_simulation_that_ignores_ctrl_c_plays_on`). Here this process gets the handler;
    a child's ``exec`` resets a handled signal to SIG_DFL, so its Python installs its own."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


INTERRUPTED = textwrap.dedent(
    f"""
    import json, signal, time, warnings
    from upto9.simulate import simulate
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, "Ctrl-C is not handled as in a terminal"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = simulate({MANY}, players=2, seed=7, workers=2, progress=False)
    returned = time.monotonic()
    rows = json.loads(frame.to_json(orient="records"))
    warned = [[w.category.__name__, str(w.message), w.message.done, w.message.total] for w in caught]
    print(json.dumps({{"returned": returned, "rows": rows, "warnings": warned}}))
    """
)


def _press_ctrl_c(command: list[str], after: float, to: str = "process group", timeout: float = 30) -> tuple[list[psutil.Process], float, dict[str, Any]]:
    """Run ``command`` (a simulation with two workers that prints a JSON report last) and send it
    SIGINT ``after`` seconds once its workers exist: to its process group (what a terminal's Ctrl-C
    does: the workers get it too) or to its main process. (Its workers, when the signal was sent,
    its report); fails unless it exits 0 without a traceback from any of its processes."""
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        workers = _children(child.pid, 2, child=child)
        time.sleep(after)
        sent = time.monotonic()
        if to == "process group":
            os.killpg(child.pid, signal.SIGINT)
        else:
            os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=timeout)
    finally:
        child.kill()
    assert child.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    report: dict[str, Any] = json.loads(out.splitlines()[-1])
    return workers, sent, report


@pytest.mark.parametrize("to", ["process group", "main process"])
@pytest.mark.usefixtures("terminal_ctrl_c")
def test_ctrl_c_returns_the_finished_games_with_a_warning(to: str) -> None:
    workers, sent, report = _press_ctrl_c([sys.executable, "-c", INTERRUPTED], after=1.5, to=to)  # some games finish first
    took = report["returned"] - sent
    print(f"Ctrl-C ({to}) to simulate returning: {took:.2f} s")
    assert took < SAFETY
    rows = report["rows"]
    assert 0 < len(rows) < MANY
    said = f"interrupted: stopped after {len(rows)} of {MANY} games; the frame holds the games that finished"
    assert report["warnings"] == [["SimulationInterrupted", said, len(rows), MANY]]
    games = [row["game"] for row in rows]
    assert games == sorted(set(games))
    for row in (rows[0], rows[-1]):
        _same_game(row, 7)
    assert _wait_gone(workers, 5.0) < 5.0


IGNORING = textwrap.dedent(
    """
    import json, signal, time, warnings
    from upto9.simulate import simulate
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN, "started with SIGINT ignored"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = simulate(GAMES, players=2, seed=7, workers=2, progress=False)
    returned = time.monotonic()
    print(json.dumps({"returned": returned, "games": list(frame["game"]), "warnings": [str(w.message) for w in caught],
                      "handler": str(signal.getsignal(signal.SIGINT))}))
    """
)


def test_a_simulation_that_ignores_ctrl_c_plays_on() -> None:
    """Started from a shell that ignores Ctrl-C (``trap "" INT``, ``nohup``): simulate does not
    start catching it, and a SIGINT to the whole process group stops nothing."""
    games = 400  # long enough to be playing when the Ctrl-C comes (the engine got faster)
    ignoring = ["/bin/sh", "-c", 'trap "" INT; exec "$0" "$@"', sys.executable, "-c", IGNORING.replace("GAMES", str(games))]
    _, sent, report = _press_ctrl_c(ignoring, after=0.5, timeout=120)
    assert report["returned"] > sent, "the simulation ended before the Ctrl-C: the test saw nothing"
    assert report["games"] == list(range(games)) and report["warnings"] == []
    assert report["handler"] == str(signal.SIG_IGN)  # left as it was


class _SigintLater:
    """Sends SIGINT to this process's main thread once ``after`` seconds have passed and ``ready()``
    holds (unless cancelled first)."""

    def __init__(self, after: float, ready: Callable[[], bool] = lambda: True) -> None:
        self.sent: float | None = None
        self._after, self._ready = after, ready
        self._cancelled = threading.Event()
        self._thread = threading.Thread(target=self._fire)

    def _fire(self) -> None:
        if self._cancelled.wait(self._after):
            return
        deadline = time.monotonic() + 30
        while not self._ready() and time.monotonic() < deadline:
            if self._cancelled.wait(0.05):
                return
        self.sent = time.monotonic()
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    def __enter__(self) -> _SigintLater:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._cancelled.set()
        self._thread.join()


def _interrupted(
    games: int = MANY, after: float = 1.5, ready: Callable[[], bool] = lambda: True, **options: Any
) -> tuple[pd.DataFrame, SimulationInterrupted, float]:
    with pytest.warns(SimulationInterrupted) as caught, _SigintLater(after, ready) as later:
        frame = simulate(games, players=2, seed=2, progress=False, **options)
        returned = time.monotonic()
    assert later.sent is not None, "simulate ended before the Ctrl-C"
    assert isinstance(frame, pd.DataFrame)
    # Only the interruption's own warning counts: a Dask worker may warn about something else meanwhile.
    [warning] = [w.message for w in caught if isinstance(w.message, SimulationInterrupted)]
    assert isinstance(warning, SimulationInterrupted)
    return frame, warning, returned - later.sent


@pytest.mark.usefixtures("terminal_ctrl_c")
def test_ctrl_c_in_this_process_keeps_the_games_played_so_far() -> None:
    frame, warning, took = _interrupted(workers=1)
    print(f"Ctrl-C to simulate returning (one process): {took:.2f} s")
    assert took < SAFETY
    assert 0 < len(frame) < MANY and list(frame["game"]) == list(range(len(frame)))  # the game being played is left out
    assert (warning.done, warning.total) == (len(frame), MANY)
    assert str(warning) == f"interrupted: stopped after {len(frame)} of {MANY} games; the frame holds the games that finished"
    _same_game(frame.iloc[-1], 2)


@pytest.mark.usefixtures("terminal_ctrl_c")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the swallowing, as planted
def test_a_ctrl_c_swallowed_in_a_weakref_callback_still_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python swallows a KeyboardInterrupt raised inside a weakref or gc callback ("Exception
    ignored in ..."): the Ctrl-C still stops the simulation (a CI run once played on past it)."""
    real = simulate_module._play_rows

    def play(index: int, *args: Any) -> Any:
        if index == 3:

            class Thing:
                pass

            def pressed(_: object) -> None:
                signal.raise_signal(signal.SIGINT)  # its KeyboardInterrupt strikes in here, and is swallowed

            thing = Thing()
            ref = weakref.ref(thing, pressed)
            del thing  # the callback runs now
            assert ref() is None
        return real(index, *args)

    monkeypatch.setattr(simulate_module, "_play_rows", play)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = simulate(20, players=2, seed=2, progress=False, workers=1)
    assert list(frame["game"]) == [0, 1, 2]  # the game being played when Ctrl-C came is left out
    [warning] = [w.message for w in caught if isinstance(w.message, SimulationInterrupted)]
    assert (warning.done, warning.total) == (3, 20)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


# --- a game that fails, a worker that dies -----------------------------------------------------------


class FailOn:
    """A bot factory that raises when asked for seat 0's bot of game ``game`` (of a simulation
    with ``seed``), and makes a ``HeuristicBot`` otherwise."""

    __name__ = "HeuristicBot"  # the same bot column as a clean run's

    def __init__(self, seed: int, game: int) -> None:
        self.target = bot_seed(game_seed(seed, game), 0)

    def __call__(self, seed: int) -> Bot:
        if seed == self.target:
            raise ValueError("planted failure")
        return HeuristicBot(seed)


@pytest.fixture(scope="module")
def clean() -> pd.DataFrame:
    frame = simulate(12, players=2, seed=3, workers=1, progress=False)
    assert isinstance(frame, pd.DataFrame)
    return frame


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_that_raises_is_named_and_the_finished_games_kept(workers: int, clean: pd.DataFrame) -> None:
    with pytest.raises(SimulationError) as info:
        simulate(12, players=2, bots=[FailOn(3, 5), HeuristicBot], seed=3, workers=workers, per_round=True, progress=False)
    error = info.value
    assert (error.game, error.seed, error.total) == (5, game_seed(3, 5), 12)
    assert str(error).startswith(f"game 5 (seed {game_seed(3, 5)}) failed: ValueError: planted failure; {error.done} of 12 games finished")
    assert isinstance(error.__cause__, ValueError) and str(error.__cause__) == "planted failure"
    assert render(error.msg, "nb").startswith(f"spill 5 (frø {game_seed(3, 5)}) feilet: ValueError: planted failure; {error.done} av 12 spill")
    games, rounds = error.partial
    assert len(games) == error.done and 5 not in set(games["game"])
    if workers == 1:
        assert list(games["game"]) == [0, 1, 2, 3, 4]
    else:  # games are taken in order: of games 0-4 only the other worker's game may be unfinished
        assert "planted failure" in str(error.__cause__.__cause__)  # the worker's traceback
        assert len(set(range(5)) - set(games["game"])) <= 1
    assert set(rounds["game"]) == set(games["game"])
    pd.testing.assert_frame_equal(games.reset_index(drop=True), clean[clean["game"].isin(games["game"])].reset_index(drop=True))


def test_a_killed_worker_names_its_game_and_the_finished_games_are_kept() -> None:
    victims: list[int] = []
    # This process's children from before (the published site the browser modules share): not workers.
    before = frozenset(p.pid for p in psutil.Process().children())

    def kill_one() -> None:
        worker = _children(os.getpid(), 2, besides=before)[0]
        time.sleep(1.0)
        victims.append(worker.pid)
        os.kill(worker.pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_one)
    killer.start()
    try:
        with pytest.raises(SimulationError) as info:
            simulate(MANY, players=2, seed=4, workers=2, progress=False)
    finally:
        killer.join()
    error = info.value
    assert victims and error.game is not None and error.seed == game_seed(4, error.game)
    assert str(error).startswith(f"the worker playing game {error.game} (seed {error.seed}) died: killed by signal SIGKILL; {error.done} of {MANY} games")
    games = error.partial
    assert 0 < len(games) == error.done and error.game not in set(games["game"])
    _same_game(games.iloc[-1], 4)
    assert [p for p in psutil.Process().children() if p.pid not in before] == []  # the other worker was stopped


# --- the workers end with the main process -----------------------------------------------------------

FOREVER = (
    f"import sys, upto9.simulate; s = sys.modules['upto9.simulate']; s._PDEATHSIG = {{pdeathsig}}; s.simulate({MANY}, players=2, workers=2, progress=False)"
)


@pytest.mark.parametrize("pdeathsig", [True, False], ids=["kernel (PR_SET_PDEATHSIG)", "watching thread"])
def test_killing_the_main_process_ends_its_workers(pdeathsig: bool) -> None:
    if pdeathsig and not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux's")
    child = subprocess.Popen([sys.executable, "-c", FOREVER.format(pdeathsig=pdeathsig)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        workers = _children(child.pid, 2, child=child)
        time.sleep(0.5)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
        took = _wait_gone(workers, 5.0)
    finally:
        child.kill()
        child.communicate()
    print(f"main process killed to its workers gone ({'kernel' if pdeathsig else 'thread'}): {took:.2f} s")


# --- Dask ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_game_that_raises_on_dask_is_named(dask_client: Any, clean: pd.DataFrame) -> None:
    with pytest.raises(SimulationError) as info:
        simulate(12, players=2, bots=[FailOn(3, 5), HeuristicBot], seed=3, backend="dask", client=dask_client, progress=False)
    error = info.value
    assert (error.game, error.seed) == (5, game_seed(3, 5)) and "planted failure" in str(error)
    games = error.partial
    assert 5 not in set(games["game"]) and len(games) == error.done
    pd.testing.assert_frame_equal(games.reset_index(drop=True), clean[clean["game"].isin(games["game"])].reset_index(drop=True))


@pytest.mark.usefixtures("terminal_ctrl_c")
def test_ctrl_c_on_dask_returns_the_finished_games(dask_client: Any) -> None:
    # Last of the Dask tests: the task running when Ctrl-C comes goes on in the cluster's threads
    # (Dask cannot stop a running task). 64 games make tasks of 4 games; Ctrl-C once one is done.
    earlier = set(dask_client.futures)  # an earlier test's tasks, perhaps finishing only now

    def one_done() -> bool:
        return any(key not in earlier and state.status == "finished" for key, state in list(dask_client.futures.items()))

    frame, warning, took = _interrupted(games=64, after=0.5, ready=one_done, backend="dask", client=dask_client)
    print(f"Ctrl-C to simulate returning (Dask): {took:.2f} s")
    assert took < SAFETY
    assert 0 < len(frame) < 64 and (warning.done, warning.total) == (len(frame), 64)
    _same_game(frame.iloc[0], 2)


def test_a_game_no_hand_can_finish_stops_at_the_round_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A house level asking for more cards than a hand holds deals impossible rounds for ever; the
    bots' safety limit stops the game and says why, in both languages."""
    import importlib

    from upto9 import UPTO9, RuleError, rules_from_dict

    simulate_module = importlib.import_module("upto9.simulate")  # the package names its function simulate too

    data = UPTO9.to_dict()
    data["levels"] = [{"number": 1, "groups": [{"kind": "run", "size": 14}], "jokers": 0, "clean_groups": 0}]
    rules = rules_from_dict(data, "house.toml")
    monkeypatch.setattr(simulate_module, "MAX_ROUNDS_PER_GAME", 3)
    with pytest.raises(RuleError) as raised:
        play_game(players=2, rules=rules, seed=1)
    assert "stopped after 3 rounds" in str(raised.value)
    assert raised.value.msg is not None and "stoppet etter 3 runder" in render(raised.value.msg, "nb")
