"""Computers on a clock (issue 29): the "hard" level, as the server runs it (searches in a worker
process), plays whole real-time games of every game against itself on a short clock and never
runs out of time. The clock is the real one: what the searches, the worker and the server take
counts, as it would for a person watching."""

from __future__ import annotations

import dataclasses
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient

from web_apps import create_app
from web_history import client_get, history_of

from savanna import games
from savanna.ai import make_player
from savanna.ai.timing import OVERRUN, QUICK
from savanna.web.live import worker
from savanna.web.live.searches import Searches
from savanna.web.table import think_time

HARD = {"kind": "computer", "player": "hard"}
BASE = 30.0  # seconds a seat, no increment: a whole game in well under a minute, even loaded


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_the_hard_level_never_loses_on_time(name, tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'clock.db'}", search_workers=1, computer_only=True, create_limit=None)
    with TestClient(app) as c:
        searches = app.state.parts.live.searches
        specs: list[str] = []
        job = searches.job

        def noted(*args, **kwargs):
            out = job(*args, **kwargs)
            specs.append(out.player)
            return out

        searches.job = noted
        r = c.post("/api/games", json={"game": name, "seats": [HARD, HARD], "seed": 5,
                                       "clock": {"base": BASE, "increment": 0}})
        assert r.status_code in (200, 201), r.text
        gid = r.json()["id"]
        started = time.monotonic()
        while (v := c.get(f"/api/games/{gid}").json())["status"] != "over":
            assert time.monotonic() - started < 2 * BASE + 60, f"the game stalled at move {v['moves']}: {v['clock']}"
            time.sleep(0.2)
        history = history_of(client_get(c), v)  # (the older moves asked for, as a page does)
    assert v["ended_by"] == "play", v["ended_by"]
    assert v["clock"]["flagged"] == []
    assert all(r > 0 for r in v["clock"]["remaining"]), v["clock"]["remaining"]
    spent = [sum(t for t, h in zip(v["times"], history) if h.get("seat") == s) for s in (0, 1)]
    assert all(s <= BASE for s in spent), spent
    searched = [s for s in specs if s != QUICK]
    assert searched, "no action was searched: the clock left no time for the hard level to be itself"
    assert all(s.startswith("mcts:") for s in searched)
    print(f"{name}: {len(specs)} actions, {len(searched)} searched, seats spent {spent} of {BASE} s, "
          f"left {v['clock']['remaining']}")


def test_a_correspondence_clock_or_none_leaves_the_search_to_the_server_cap():
    g = games.spec("safari").new_game(players=2, seed=1)
    meta = {"clock": {"control": {"days": 3}, "running": 0, "flagged": []}}
    assert think_time.budget(meta, g, time.time, 2.0) is None
    assert think_time.budget({}, g, time.time, 2.0) is None


def test_a_job_carries_its_budget_and_the_wait_for_a_place_counts():
    searches = Searches(1, processes=False, max_think=2.0)
    g = games.spec("safari").new_game(players=2, seed=3)
    job = searches.job("g", "safari", {}, g, "hard", 7, budget=0.5)
    assert job.player == "mcts:time=0.5" and job.deadline == pytest.approx(time.time() + 0.5 + OVERRUN, abs=0.5)
    assert searches.job("g", "safari", {}, g, "hard", 7, budget=0.0).player == QUICK  # no time: at once
    assert searches.job("g", "safari", {}, g, "hard", 7).player == "mcts:time=1.0"  # no clock: as before
    searches.close()
    # a job that waited past its deadline for a place plays at once what the quick player plays
    late = dataclasses.replace(job, player="mcts:time=2.0", deadline=time.time() - 1.0)
    t = time.perf_counter()
    assert worker.think(late) == str(make_player(QUICK, seed=7).choose(g.clone()))
    assert time.perf_counter() - t < 1.0
