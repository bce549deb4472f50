"""Computer play on the web server (issue 14, point 1): a per-move budget the server caps,
searches in worker processes behind a fair queue, games of computers only when the server
allows them, and people's requests that never wait behind a search."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient

from web_apps import create_app
from web_history import client_get, history_of
from web_remote import ServerProcess, percentile, request

from savanna import safari
from savanna.ai import make_player
from savanna.web.live import worker
from savanna.web.live.searches import Job, Searches, capped

HUMAN = {"kind": "human", "name": "Ann"}
GREEDY = {"kind": "computer", "player": "greedy"}


# ------------------------------------------------------------ the budget


@pytest.mark.parametrize("spec, cap, expected", [
    ("mcts:time=10", 2.0, "mcts:time=2.0"),
    ("mcts:time=0.5,k=4", 2.0, "mcts:time=0.5,k=4"),
    ("mcts:iterations=100000", 2.0, "mcts:iterations=100000,time=2.0"),
    ("mcts", 0.5, "mcts:time=0.5"),
    ("hard", 2.0, "mcts:time=1.0"),
    ("medium", 2.0, "greedy"),
    ("random", 2.0, "random"),
])
def test_the_server_caps_each_search(spec, cap, expected):
    assert capped(spec, cap) == expected


def test_a_search_counting_iterations_stops_at_its_time_budget():
    g = safari.new_game(players=3, seed=4)
    for _ in range(6):
        g.apply(make_player("greedy", seed=1).choose(g))
    p = make_player("mcts:iterations=100000000,time=0.3", seed=2)
    t0 = time.perf_counter()
    p.choose(g)
    assert time.perf_counter() - t0 < 5  # without the time bound: hours
    assert 0 < p.last_iterations < 100_000_000


def test_a_game_asking_more_than_the_servers_budget_is_refused(db):
    with TestClient(create_app(db, autoplay=False, max_think=1.5)) as c:
        r = c.post("/api/games", json={"seats": [HUMAN, {"kind": "computer", "player": "mcts:time=2"}]})
        assert r.status_code == 422 and "at most 1.5 seconds a move on this server" in r.json()["message"]
        assert c.get("/api/players").json()["limits"]["time"] == 1.5
        assert c.post("/api/games", json={"seats": [HUMAN, {"kind": "computer", "player": "hard"}]}).status_code == 201


def test_a_stored_game_that_asked_for_more_is_searched_within_the_budget(db):
    with TestClient(create_app(db, autoplay=False, max_think=10)) as c:
        gid = c.post("/api/games", json={"seats": [{"kind": "computer", "player": "mcts:time=10"}, HUMAN]}).json()["id"]
    app = create_app(db, autoplay=False, max_think=2)
    with TestClient(app):
        live = app.state.parts.live
        rec, pos, job = live.computers.next_search(gid)
        assert job.player == "mcts:time=2.0"


# ------------------------------------------------------- computers only


def test_games_of_computers_only_are_refused_unless_the_server_allows_them(db):
    two = {"seats": [GREEDY, {"kind": "computer", "player": "random"}]}
    with TestClient(create_app(db, autoplay=False)) as c:
        r = c.post("/api/games", json=two)
        assert r.status_code == 422 and "at least one person" in r.json()["message"]
        saved = safari.new_game(players=2, seed=3).to_json()
        r = c.post("/api/games/import", json={"saved": json.loads(saved), "seats": two["seats"]})
        assert r.status_code == 422 and "at least one person" in r.json()["message"]
        assert c.post("/api/games", json={"seats": [HUMAN, GREEDY]}).status_code == 201
    with TestClient(create_app(db, autoplay=False, computer_only=True)) as c:
        gid = c.post("/api/games", json=two).json()["id"]
    # a server that does not allow them does not play one stored before, after a restart
    app = create_app(db, search_processes=False)
    with TestClient(app) as c:
        assert app.state.parts.service.games_waiting_for_computers() == []
        time.sleep(0.3)
        assert c.get(f"/api/games/{gid}").json()["moves"] == 0
    app = create_app(db, search_processes=False, computer_only=True)
    with TestClient(app) as c:
        deadline = time.monotonic() + 30
        while c.get(f"/api/games/{gid}").json()["moves"] == 0:
            assert time.monotonic() < deadline, "the allowed game never resumed"
            time.sleep(0.05)


# ------------------------------------------------------------ the queue


def test_waiting_games_are_served_in_turn(monkeypatch):
    """One worker, game A asking again and again: a game that asks again waits behind those
    already waiting, so B and C are not starved by A."""
    order = []

    def fake_think(job):
        order.append(job.game_id)
        time.sleep(0.02)
        return "x"

    monkeypatch.setattr(worker, "think", fake_think)
    searches = Searches(1, processes=False)

    def job(gid):
        return Job(gid, "safari", {}, (), "greedy", 0)

    async def game(gid, moves, start):
        await asyncio.sleep(start)
        for _ in range(moves):
            await searches.choose(job(gid))

    async def main():
        await asyncio.gather(game("A", 4, 0), game("B", 2, 0.005), game("C", 2, 0.005))

    asyncio.run(main())
    searches.close()
    assert order == ["A", "B", "C", "A", "B", "C", "A", "A"], order


def test_searches_run_in_worker_processes(db):
    app = create_app(db, search_workers=1)  # the default: worker processes
    with TestClient(app) as c:
        g = c.post("/api/games", json={"seats": [GREEDY, HUMAN], "seed": 8}).json()
        deadline = time.monotonic() + 60  # a worker starts (spawned) on the first search
        while c.get(f"/api/games/{g['id']}").json()["moves"] == 0:
            assert time.monotonic() < deadline, "the computer never moved"
            time.sleep(0.05)
        stats = c.get("/api/health").json()["computers"]
        assert stats["processes"] and stats["workers"] == 1
        pool = app.state.parts.live.searches.quick._pool  # greedy decides at once: the quick lane's worker
        assert pool is not None and type(pool).__name__ == "ProcessPoolExecutor"
        # the worker's move is the one the same player makes here, with the same seed
        from savanna.web.table.seats import player_seed

        first = safari.new_game(players=2, seed=8)
        expected = make_player("greedy", seed=player_seed(8, 0, 0)).choose(first.clone())
        assert history_of(client_get(c), c.get(f"/api/games/{g['id']}").json())[0]["action"] == str(expected)


# ------------------------------------------------------------ the flood


def test_a_flood_of_computer_games_does_not_stall_people(tmp_path):
    """The issue's flood, at this server's budget: ten games of five searching computers,
    nobody in them. The lobby, creating a game and a person's move keep answering at once."""
    server = ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log",
                           options=["--computer-only-games", "--search-workers", "1", "--max-think", "2"])
    with server:
        for i in range(10):
            status, body = request(server.base, "POST", "/api/games", {
                "seats": [{"kind": "computer", "player": "mcts:time=2"}] * 5, "listed": False})
            assert status == 201, body
        time.sleep(1)  # the searches are under way
        lobby, moves = [], []
        status, g = request(server.base, "POST", "/api/games", {"seats": [HUMAN, {"kind": "human"}]})
        assert status == 201, g
        tokens = [s["token"] for s in g["seats"]]
        t_end = time.monotonic() + 6
        while time.monotonic() < t_end:
            t0 = time.perf_counter()
            status, _ = request(server.base, "GET", "/api/games")
            lobby.append(time.perf_counter() - t0)
            assert status == 200
            status, view = request(server.base, "GET", f"/api/games/{g['id']}")
            if view["status"] == "playing":
                seat = view["current_player"]
                action = view["legal_actions"][0] if "legal_actions" in view else None
                if action is not None:
                    t0 = time.perf_counter()
                    status, body = request(server.base, "POST", f"/api/games/{g['id']}/actions",
                                           {"token": tokens[seat], "action": action, "version": view["version"]})
                    moves.append(time.perf_counter() - t0)
                    assert status == 200, body
            time.sleep(0.05)
        status, health = request(server.base, "GET", "/api/health")
        assert health["computers"]["running"] == 1 and health["computers"]["waiting"] >= 5, health
    assert len(lobby) >= 20
    # before: about 10 s each, behind the searches
    assert percentile(lobby, 99) < 1.0, sorted(lobby)[-5:]
    assert moves and percentile(moves, 99) < 1.0, sorted(moves)[-5:]


def test_a_killed_server_leaves_no_search_worker_behind(tmp_path):
    server = ServerProcess(str(tmp_path / "games.db"), log=tmp_path / "server.log", options=["--search-workers", "1"])
    server.start()
    try:
        status, g = request(server.base, "POST", "/api/games", {"seats": [GREEDY, HUMAN]})
        assert status == 201, g
        deadline = time.monotonic() + 60
        while request(server.base, "GET", f"/api/games/{g['id']}")[1]["moves"] == 0:
            assert time.monotonic() < deadline, "the computer never moved"
            time.sleep(0.05)
        children = [int(p) for p in Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()]
        assert children, "no worker process"
    finally:
        server.kill()
    deadline = time.monotonic() + 10
    while [p for p in children if Path(f"/proc/{p}").exists() and "Z" not in _state(p)]:
        assert time.monotonic() < deadline, "search workers outlived their server"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
