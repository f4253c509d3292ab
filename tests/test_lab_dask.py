"""The lab and the atlas send their games to a Dask cluster (issue 22 part 4): the same games as on
this machine, on a small in-process ``LocalCluster``; an address that does not answer is said in one
line in the page's language, and the games are played on this machine instead."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from upto9.widgets import RulesExplorer  # noqa: E402
from upto9.widgets.lab import DASK_ENV, FAMILY_GAMES, HouseRuleLab  # noqa: E402

from upto9.atlas import Atlas  # noqa: E402
from upto9.compare import CompareError, dask_client, play_family_games, play_games  # noqa: E402
from upto9.rules import UPTO9  # noqa: E402
from upto9.simulate import simulate  # noqa: E402

THREEUP = FAMILY_GAMES[0]
DEAD = "tcp://127.0.0.1:9"  # the discard port: nothing listens there


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as local:
        yield local


@pytest.fixture
def client(cluster: Any) -> Iterator[Any]:
    found = dask_client(cluster.scheduler_address)
    yield found
    found.close()


def test_simulate_of_3up_3down_on_dask_gives_the_very_frame_of_the_processes(cluster: Any) -> None:
    on_dask = simulate(10, players=3, rules=THREEUP, seed=4, backend="dask", client=cluster.scheduler_address, progress=False)
    here = simulate(10, players=3, rules=THREEUP, seed=4, workers=2, progress=False)
    assert isinstance(on_dask, type(here))
    assert list(on_dask.columns) == list(here.columns)
    assert on_dask.equals(here)
    assert {"turns", "pick_ups", "clears", "picked_up_cards"} <= set(here.columns)


def test_the_compare_modules_games_on_dask_are_the_games_of_this_machine_in_order(client: Any) -> None:
    seen: list[Any] = []
    on_dask = play_family_games(THREEUP, 6, players=4, seed=1, start=3, on_game=seen.append, client=client)
    assert on_dask == play_family_games(THREEUP, 6, players=4, seed=1, start=3)
    assert list(on_dask) == seen  # handed over one by one, in the games' order
    rummy = play_games(UPTO9, 2, players=2, seed=5, start=1, client=client, on_game=seen.append)
    assert rummy == play_games(UPTO9, 2, players=2, seed=5, start=1)
    assert play_games(UPTO9, 2, players=2, seed=5, client=client) == play_games(UPTO9, 2, players=2, seed=5)


def test_a_scheduler_that_does_not_answer_is_one_plain_line() -> None:
    with pytest.raises(CompareError) as raised:
        dask_client(DEAD, timeout=1.0)
    assert str(raised.value) == f"the Dask scheduler at {DEAD!r} does not answer"


def test_the_lab_on_a_cluster_answers_as_on_this_machine_and_says_where_it_played(cluster: Any) -> None:
    answers = {}
    for where in ("", cluster.scheduler_address):
        lab = HouseRuleLab(RulesExplorer(), games=30, players=3, dask=where)
        lab.pick(THREEUP)
        lab.set_house_rule("must_play", False)
        lab.compare(progress=False)
        answers[where] = (lab.standard, lab.house, [(m.key, m.difference) for m in lab._measures])
        note = text_of(lab._note.value)
        if where:
            assert f"The games were played on the Dask cluster at {where}." in note
            for client in lab._clients.values():
                client.close()
        else:
            assert "Dask" not in note
    assert answers[""] == answers[cluster.scheduler_address]
    assert len(answers[""][0]) == 30


def test_the_lab_takes_the_address_from_the_environment_and_a_dead_one_plays_here_in_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DASK_ENV, DEAD)
    lab = HouseRuleLab(RulesExplorer(), games=10, players=2, lang="nb")
    assert lab._dask.value == DEAD
    assert lab._dask.description == "Adressen til Dask-planleggeren, tom: denne maskinen"
    lab.pick(THREEUP)
    lab.compare(progress=False)
    note = text_of(lab._note.value)
    assert f"Dask-planleggeren på {DEAD} svarer ikke: disse spillene ble spilt på denne maskinen i stedet." in note
    assert len(lab.standard) == 10 and lab.standard == list(play_family_games(THREEUP, 10, players=2))
    lab.lang = "en"
    assert f"The Dask scheduler at {DEAD} does not answer: these games were played on this machine instead." in text_of(lab._note.value)
    lab._dask.value = ""  # empty: this machine, and nothing said about Dask
    lab.compare(progress=False)
    assert "Dask" not in text_of(lab._note.value)


def test_the_atlas_builds_its_games_on_a_cluster_the_same(cluster: Any) -> None:
    here = Atlas.build(0, 3, players=2, progress=False)
    there = Atlas.build(0, 3, players=2, progress=False, client=cluster.scheduler_address)
    assert there.games == here.games
