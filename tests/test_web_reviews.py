"""Reviews of finished games in the web app (GET/POST /api/games/{id}/review; table/reviews.py,
store/reviews.py, live/reviews.py): queued when a game with people ends, a planted blunder
marked, stored; resumed from the entries stored (in the app, and a real `savanna serve` killed
mid-review and started again); computed once (the lease's compare-and-set; two server
processes on one PostgreSQL database). The reviews' rules on the memory stores (web_memory.py),
the lease and the real servers on SQLite and PostgreSQL (web_databases.py)."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from web_apps import create_app
from web_client import create, error
from web_databases import BACKENDS, fresh_database
from web_remote import ServerProcess, request

from savanna import coach, safari
from savanna.ai import make_player
from savanna.ai.evaluation import evaluation_for, ranked
from savanna.web.store.reviews import ReviewStore
from savanna.web.store.storage import Store
from savanna.web.store.stores import Stores, memory_stores
from savanna.web.table import reviews as reviewing

ANN = {"kind": "human", "name": "Ann"}
BO = {"kind": "human", "name": "Bo"}
ITERATIONS = 8  # each decision's search: small, and the same on any machine
SEED, PLANTED, LENGTH = 2, 23, 26  # the game, the action replaced by the greedy judgement's worst, its length


def app_on(url, **options):
    """The app on the database `url`, or on `url` if it is Stores (tests/web_memory.py): the
    reviews' rules (what is queued, marked, resumed) run on the memory stores; the lease on a
    database and real servers, on each database."""
    stores = url if isinstance(url, Stores) else None
    return create_app(None if stores else url, search_processes=False, coach_iterations=ITERATIONS, autoplay=False,
                      stores=stores, **options)


def planted_game(service, on_resign="end", length=LENGTH):
    """A game of two people (greedy moves, but the one at PLANTED: the legal move the greedy
    judgement ranks last), Bo resigning after `length` actions: the game ends. Its id, the
    move planted."""
    c = service.create(seats=[ANN, BO], seed=SEED, on_resign=on_resign)
    tokens = [s["token"] for s in c.seats]
    greedy = make_player("greedy", seed=SEED)
    planted = None
    while len((rec := service.record(c.id)).actions) < length:
        g = service.position(rec).game
        if len(g.history) == PLANTED:
            planted = str(ranked(g, g.legal_actions(), g.current_player, evaluation_for(g))[-1][1])
            action = planted
        else:
            action = str(greedy.choose(g.clone()))
        service.act(c.id, tokens[g.current_player], action)
    return c.id, tokens, planted


def review_of(client, gid, status=200):
    r = client.get(f"/api/games/{gid}/review")
    assert r.status_code == status, r.text
    return r.json()


def until_done(client, gid, timeout=180):
    deadline = time.monotonic() + timeout
    while (rv := review_of(client, gid))["status"] != "done":
        assert rv["status"] in ("queued", "running"), rv
        assert time.monotonic() < deadline, rv["progress"]
        time.sleep(0.05)
    return rv


def test_a_game_with_people_ending_is_reviewed_and_its_planted_blunder_marked():
    stores = memory_stores()
    with TestClient(app_on(stores)) as client:
        service = client.app.state.parts.service
        c = create(client, [ANN, BO], seed=SEED)
        error(client.get(f"/api/games/{c['id']}/review"), 409, "game_not_over", "finished")
        error(client.post(f"/api/games/{c['id']}/review"), 409, "game_not_over")
        error(client.get("/api/games/nosuch/review"), 404, "not_found")
        gid, tokens, planted = planted_game(service, length=LENGTH - 1)
        assert review_of(client, gid, 409)["code"] == "game_not_over"
        r = client.post(f"/api/games/{gid}/resign", json={"token": tokens[1]})  # Bo resigns: the game ends
        assert r.status_code == 200 and r.json()["status"] == "over", r.text
        rv = until_done(client, gid)
        game = service.position(service.record(gid)).game
        assert [e["index"] for e in rv["entries"]] == coach.review.decisions(game, [0, 1])
        assert rv["progress"] == {"done": len(rv["entries"]), "total": len(rv["entries"])}
        entry = next(e for e in rv["entries"] if e["index"] == PLANTED)
        assert entry["played"] == planted and entry["mark"] in ("mistake", "blunder"), entry
        assert entry["loss"] >= rv["thresholds"]["mistake"] and entry["best"]["action"] != planted
        seat = entry["seat"]
        assert rv["seats"][seat]["worst"][0] == PLANTED and rv["seats"][seat]["counts"][entry["mark"]] >= 1
        assert rv["budget"] == coach.marks.REVIEW_THINK and set(rv["thresholds"]) == {"inaccuracy", "mistake",
                                                                                      "blunder"}
        # stored: as served, and asked again it is the same review (nothing computed again)
        stored = stores.reviews.get(gid)
        assert stored.status == "done" and stored.entries == rv["entries"] and stored.holder is None
        judged = client.app.state.parts.reviews.judged
        r = client.post(f"/api/games/{gid}/review")
        assert r.status_code == 202 and r.json()["entries"] == rv["entries"]
        assert client.app.state.parts.reviews.judged == judged == len(rv["entries"])
        assert client.get("/api/health").json()["reviews"]["judged"] == judged


def finished_save(seed, players=2):
    g = safari.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return json.loads(g.to_json())


def test_a_review_is_none_until_asked_and_asking_queues_it_once():
    stores = memory_stores()
    with TestClient(app_on(stores, review_loop=False)) as client:
        r = client.post("/api/games/import", json={"saved": finished_save(4), "seats": [ANN, BO]})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        rv = review_of(client, gid)  # an uploaded game did not end here: nothing queued
        assert rv["status"] == "none" and rv["entries"] == [] and rv["seats"] == [None, None]
        for _ in range(2):
            r = client.post(f"/api/games/{gid}/review")
            assert r.status_code == 202 and r.json()["status"] == "queued", r.text
        store = stores.reviews
        assert store.get(gid).seats is None  # an uploaded game: every seat reviewed
        # a game ended here with one person: that person's seat only
        service = client.app.state.parts.service
        c = service.create(seats=[ANN, {"kind": "computer", "player": "random"}], seed=5, on_resign="end")
        client.post(f"/api/games/{c.id}/resign", json={"token": c.seats[0]["token"]})
        assert store.get(c.id).seats == [0] and store.get(c.id).status == "queued"


def test_reviews_are_asked_within_the_per_address_limit():
    with TestClient(app_on(memory_stores(), review_loop=False, coach_limit="2/minute")) as client:
        gid = client.post("/api/games/import", json=finished_save(4)).json()["id"]
        assert [client.post(f"/api/games/{gid}/review").status_code for _ in range(2)] == [202, 202]
        error(client.post(f"/api/games/{gid}/review"), 429, "rate_limited", "reviews")


def test_a_review_resumes_from_its_stored_entries():
    url = memory_stores()  # (kept from one app to the next, as a database is from one server to the next)
    with TestClient(app_on(url, review_loop=False)) as client:
        service = client.app.state.parts.service
        gid, tokens, _ = planted_game(service, length=12)
        client.post(f"/api/games/{gid}/resign", json={"token": tokens[1]})  # over: its review queued
        todo = [i for i, _ in reviewing.decisions(service, service.record(gid), [0, 1])]
    # a server that judged three decisions and stopped (its lease run out): entries stored, marked
    reviews = url.reviews
    assert reviews.get(gid).status == "queued"
    assert reviews.claim("gone", until=time.time() - 1, now=time.time()).game_id == gid
    kept = [{"index": i, "seat": 0, "turn": 1, "played": "STORED", "loss": 0.0, "mark": None, "margin": 0.0,
             "best": {"action": "STORED", "then": [], "margin": 0.0}, "moves": []} for i in todo[:3]]
    assert reviews.save(gid, "gone", time.time() - 1, entries=kept, total=len(todo))
    with TestClient(app_on(url)) as client:  # claims it (the lease ran out) and goes on
        rv = until_done(client, gid)
        assert rv["entries"][:3] == kept and [e["index"] for e in rv["entries"]] == todo
        assert all(e["played"] != "STORED" for e in rv["entries"][3:])
        assert client.app.state.parts.reviews.judged == len(todo) - 3  # the three stored were not judged again


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_reviews_lease_is_taken_by_one_server_at_a_time(backend, tmp_path):
    store = Store(fresh_database(backend, tmp_path))
    a, b = ReviewStore(store.engine), ReviewStore(store.engine)
    try:
        assert a.ask("g1", [0], 0.5) and not b.ask("g1", [0], 0.5)  # asked twice, queued once
        now = 1000.0
        got = a.claim("A", until=now + 60, now=now)
        assert got.game_id == "g1" and got.status == "running" and got.holder == "A"
        assert b.claim("B", until=now + 60, now=now + 30) is None  # held
        assert not b.save("g1", "B", now + 90, entries=[{"index": 1}])  # only the holder writes
        assert a.save("g1", "A", now + 90, entries=[{"index": 1}], total=3)
        assert b.claim("B", until=now + 200, now=now + 91).holder == "B"  # A's lease ran out: B's now
        assert not a.save("g1", "A", now + 150, entries=[{"index": 1}, {"index": 2}])  # A lost it
        r = b.get("g1")
        assert r.entries == [{"index": 1}] and (r.done, r.total) == (1, 3)
        assert b.save("g1", "B", now + 100, entries=[{"index": 1}, {"index": 2}], status="done")
        assert a.claim("A", until=now + 500, now=now + 400) is None  # done: nothing to claim
        assert b.get("g1").holder is None
    finally:
        store.close()


# ------------------------------------------------------- real servers


def rest_game(server, moves, seed=SEED):
    """A game of two people played over the API (random moves), Bo resigning after `moves`
    actions: over, its review queued. Its id."""
    status, c = request(server.base, "POST", "/api/games", {"seats": [ANN, BO], "seed": seed, "on_resign": "end"})
    assert status == 201, c
    tokens = [s["token"] for s in c["seats"]]
    rng = random.Random(seed)
    for _ in range(moves):
        v = request(server.base, "GET", f"/api/games/{c['id']}")[1]
        status, body = request(server.base, "POST", f"/api/games/{c['id']}/actions",
                               {"token": tokens[v["current_player"]], "action": rng.choice(v["legal_actions"])})
        assert status == 200, body
    status, body = request(server.base, "POST", f"/api/games/{c['id']}/resign", {"token": tokens[1]})
    assert status == 200 and body["status"] == "over", body
    return c["id"]


def served(server, path):
    status, body = request(server.base, "GET", path)
    assert status == 200, (status, body)
    return body


def wait(pred, timeout, what):
    deadline = time.monotonic() + timeout
    while not (got := pred()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return got


COACH = ["--coach-iterations", str(ITERATIONS)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_server_killed_mid_review_resumes_it_from_the_stored_entries(backend, tmp_path):
    url = fresh_database(backend, tmp_path)
    server = ServerProcess(url, log=tmp_path / "server.log", options=[*COACH, "--search-workers", "1"])
    server.start()
    try:
        gid = rest_game(server, 40)
        wait(lambda: served(server, f"/api/games/{gid}/review")["progress"]["done"] >= 4, 120, "a few decisions")
        server.kill()
        store = Store(url)
        try:
            at_kill = ReviewStore(store.engine).get(gid)
        finally:
            store.close()
        assert at_kill.status == "running" and 4 <= at_kill.done < at_kill.total, (at_kill.done, at_kill.total)
        server.start()
        rv = wait(lambda: (r := served(server, f"/api/games/{gid}/review"))["status"] == "done" and r, 240,
                  "the review to end after the restart")
        assert rv["entries"][:at_kill.done] == at_kill.entries  # kept, not judged again
        # the server started again judged only the decisions left, and said where it resumed
        assert served(server, "/api/health")["reviews"]["judged"] == at_kill.total - at_kill.done
        assert f"review of game {gid}: resumed at {at_kill.done} of {at_kill.total}" in server.log.read_text()
    finally:
        server.stop()


@pytest.mark.skipif("postgresql" not in BACKENDS, reason="several servers share a PostgreSQL database")
def test_two_servers_on_one_database_compute_a_review_once(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    servers = [ServerProcess(url, log=tmp_path / f"server-{n}.log", options=COACH) for n in range(2)]
    for s in servers:
        s.start()
    try:
        a, b = servers
        gid = rest_game(a, 30)  # ends through a, which queues its review
        assert request(b.base, "POST", f"/api/games/{gid}/review")[0] == 202  # b is woken to it too
        rv = wait(lambda: (r := served(b, f"/api/games/{gid}/review"))["status"] == "done" and r, 240,
                  "the review")
        judged = [served(s, "/api/health")["reviews"]["judged"] for s in servers]
        assert sum(judged) == len(rv["entries"]) == rv["progress"]["total"] > 0, judged  # each decision once
        started = [len(re.findall(f"review of game {gid}: started", s.log.read_text())) for s in servers]
        assert sum(started) == 1, started
    finally:
        for s in servers:
            s.stop()
