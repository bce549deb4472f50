"""Computer moves shared fairly (issue 27, point 4): the search workers go round by creating
address, then by game, not first come first served; random and greedy players never wait
behind a search; a game's searches are bounded per hour of real time.

The searches here are a stand-in for the worker's `think` that records which game started
and, for a search, waits until the test lets it end: deterministic, and no real search runs."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient

from web_apps import create_app

from savanna.web.live import worker
from savanna.web.live.searches import FALLBACK, Job, Searches

SEARCH = "mcts:time=1.0"
HUMAN = {"kind": "human", "name": "Ann"}


class Thinking:
    """worker.think's stand-in: `started` lists (game, player) of each move begun; a search
    waits for `end()` unless `blocking` is off; a quick player answers at once."""

    def __init__(self, blocking: bool = True, clock: list[float] | None = None, takes: float = 0.0):
        self.started: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        self.go = threading.Semaphore(0)
        self.blocking, self.clock, self.takes = blocking, clock, takes

    def __call__(self, job: Job) -> str:
        with self.lock:
            self.started.append((job.game_id, job.player))
        if job.player.startswith("mcts"):
            if self.blocking:
                assert self.go.acquire(timeout=30), "never let go"
            if self.clock is not None:
                self.clock[0] += self.takes
        return "move"

    def games(self) -> list[str]:
        with self.lock:
            return [g for g, _ in self.started]

    def end(self, n: int = 1) -> None:
        for _ in range(n):
            self.go.release()


def job(game: str, owner: str | None = None, player: str = SEARCH) -> Job:
    return Job(game, "safari", {}, (), player, 0, owner=owner)


async def until(cond, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.002)


@pytest.fixture
def thinking(monkeypatch):
    t = Thinking()
    monkeypatch.setattr(worker, "think", t)
    return t


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_asking_while_another_floods_starts_after_one_running_search_per_worker(thinking, workers):
    """Game A asks for eight searches at once; B asks once A's first searches run: B starts
    as soon as one of them ends (before: after all eight)."""
    searches = Searches(workers, processes=False)

    async def main():
        flood = [asyncio.create_task(searches.choose(job("A", "10.0.0.1"))) for _ in range(8)]
        await until(lambda: len(thinking.started) == workers)
        b = asyncio.create_task(searches.choose(job("B", "10.0.0.2")))
        await until(lambda: searches.waiting == 8 - workers + 1)
        thinking.end()  # one of A's running searches ends: B's turn
        await until(lambda: len(thinking.started) == workers + 1)
        thinking.end(8)
        await asyncio.gather(b, *flood)

    try:
        asyncio.run(main())
    finally:
        searches.close()
    assert thinking.games()[:workers + 1] == ["A"] * workers + ["B"], thinking.games()


def test_two_games_from_one_address_share_one_turn(monkeypatch):
    """One worker; the address X plays two games that search again and again, Y one: Y's game
    gets every other search, X's two games one in four each (before: one in three each)."""
    thinking = Thinking(blocking=False)
    monkeypatch.setattr(worker, "think", thinking)
    searches = Searches(1, processes=False)

    async def game(gid, owner, moves):
        for _ in range(moves):
            await searches.choose(job(gid, owner))

    async def main():
        await asyncio.gather(game("X1", "198.51.100.7", 6), game("X2", "198.51.100.7", 6), game("Y1", "203.0.113.9", 6))

    try:
        asyncio.run(main())
    finally:
        searches.close()
    assert thinking.games()[:8] == ["X1", "Y1", "X2", "Y1", "X1", "Y1", "X2", "Y1"], thinking.games()


def test_an_ipv6_client_is_its_64():
    """A game's computers take their turns as its creator's address counts everywhere
    (savanna/web/addresses.py): an IPv6 address by its /64, a mapped IPv4 address as itself."""
    from savanna import safari

    searches, game = Searches(1, processes=False), safari.new_game(players=2, seed=1)
    owner = [searches.job("g", "safari", {}, game, SEARCH, 1, owner=o).owner
             for o in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:3::1", "::ffff:192.0.2.4", None)]
    assert owner == ["2001:db8:1:2::/64", "2001:db8:1:2::/64", "2001:db8:1:3::/64", "192.0.2.4", None]


def test_a_greedy_move_is_answered_while_every_search_worker_is_busy(thinking):
    """The only worker searches for game A, and A asks for more; game B's greedy ('medium')
    seat and C's random one answer meanwhile (before: they waited their turn behind A's)."""
    searches = Searches(1, processes=False)

    async def main():
        flood = [asyncio.create_task(searches.choose(job("A"))) for _ in range(3)]
        await until(lambda: len(thinking.started) == 1)
        try:
            for gid, player in (("B", "greedy"), ("C", "random")):
                assert await asyncio.wait_for(searches.choose(job(gid, player=player)), 10) == "move"
            assert searches.running == 1 and searches.waiting == 2
        finally:
            thinking.end(3)
        await asyncio.gather(*flood)

    try:
        asyncio.run(main())
    finally:
        searches.close()
    assert thinking.started[1:3] == [("B", "greedy"), ("C", "random")], thinking.started


def test_the_hourly_budget_stops_a_games_searches(monkeypatch):
    """A budget of 10 search seconds an hour, each search taking 6 s (a clock of the test's):
    A's third move is greedy's, played at once, as are its moves until the hour has passed;
    another game searches meanwhile."""
    clock = [0.0]
    thinking = Thinking(blocking=False, clock=clock, takes=6.0)
    monkeypatch.setattr(worker, "think", thinking)
    searches = Searches(1, processes=False, budget=10, clock=lambda: clock[0])

    async def main():
        for _ in range(4):
            await searches.choose(job("A"))
        await searches.choose(job("B"))
        assert searches.stats()["over_budget"] == 1
        clock[0] += 3600  # the searches leave the hour
        await searches.choose(job("A"))

    try:
        asyncio.run(main())
    finally:
        searches.close()
    assert thinking.started == [("A", SEARCH), ("A", SEARCH), ("A", FALLBACK), ("A", FALLBACK), ("B", SEARCH),
                                ("A", SEARCH)], thinking.started


def test_a_waiter_that_leaves_gives_up_its_turn(thinking):
    """A game waiting for a search that is cancelled (its server closing, say) neither keeps
    a place nor blocks the next game."""
    searches = Searches(1, processes=False)

    async def main():
        a = asyncio.create_task(searches.choose(job("A")))
        await until(lambda: len(thinking.started) == 1)
        b = asyncio.create_task(searches.choose(job("B")))
        c = asyncio.create_task(searches.choose(job("C")))
        await until(lambda: searches.waiting == 2)
        b.cancel()
        await asyncio.gather(b, return_exceptions=True)
        thinking.end()
        await until(lambda: len(thinking.started) == 2)
        thinking.end()
        await asyncio.gather(a, c)
        assert searches.deep.turns.busy == 0 and searches.waiting == 0

    try:
        asyncio.run(main())
    finally:
        searches.close()
    assert thinking.games() == ["A", "C"]


def test_the_creating_address_is_whose_turn_a_games_searches_take(tmp_path):
    app = create_app(str(tmp_path / "games.db"), autoplay=False)
    with TestClient(app) as c:
        gid = c.post("/api/games", json={"seats": [{"kind": "computer", "player": "mcts:time=1"}, HUMAN]}).json()["id"]
        _, _, search = app.state.parts.live.computers.next_search(gid)
        assert search.owner == "testclient"  # TestClient's address
        # nothing of it is shown
        assert "testclient" not in c.get(f"/api/games/{gid}").text and "testclient" not in c.get("/api/games").text


def test_serve_takes_a_search_budget(monkeypatch, capsys):
    import uvicorn

    from savanna import cli

    seen = {}
    monkeypatch.setattr(cli, "_cannot_listen", lambda host, port: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    assert cli.main(["serve", "--db", "sqlite://", "--search-budget", "-1"]) == 1
    assert "--search-budget must be 0 (no bound) or a number of seconds, not -1" in " ".join(capsys.readouterr().err.split())
    for given, budget in ((["--search-budget", "90"], 90.0), (["--search-budget", "0"], None),
                          (["--max-think", "3"], 900.0)):
        assert cli.main(["serve", "--db", "sqlite://", *given]) == 0
        with TestClient(seen["app"], base_url="http://localhost") as c:
            assert c.get("/api/health").json()["computers"]["budget_seconds_per_hour"] == budget, given
