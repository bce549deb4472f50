"""The coach's hints in the web app (POST /api/games/{id}/hint; table/hints.py, live/hints.py):
a legal move for the seat to act, with its reasons in facts, recorded and shown to everyone;
refused in a rated game, to a seat not to act, in a game over, while one waits already, over
the per-address limit; dropped when the game moves on; a flood of hints from one address does
not hold back another's computer opponent. On SQLite and PostgreSQL (web_databases.py)."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from web_apps import create_app
from web_client import act, create, error, view, wait_for
from web_databases import BACKENDS, fresh_database

from savanna import games, safari
from savanna.web.live.hints import Waiting

ANN = {"kind": "human", "name": "Ann"}
BO = {"kind": "human", "name": "Bo"}
MEDIUM = {"kind": "computer", "player": "medium"}
ITERATIONS = 24  # each hint's search: small, and the same on any machine


def app_on(backend, tmp_path, **options):
    return create_app(fresh_database(backend, tmp_path), search_processes=False, coach_iterations=ITERATIONS,
                      review_loop=False, **options)


@pytest.fixture(params=BACKENDS)
def client(request, tmp_path):
    with TestClient(app_on(request.param, tmp_path)) as c:
        yield c


def hint(client, gid, token=None, **body):
    return client.post(f"/api/games/{gid}/hint", json={**({"token": token} if token else {}), **body})


@pytest.mark.parametrize("game", games.names())
def test_a_hint_is_a_legal_move_with_its_reasons_and_everyone_sees_it_was_given(client, game):
    c = create(client, [ANN, MEDIUM], game=game, seed=7)
    gid, token = c["id"], c["seats"][0]["token"]
    before = wait_for(client, gid, lambda v: v["current_player"] == 0)
    r = hint(client, gid, token, version=before["version"])
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["seat"] == 0 and h["moves"] == before["moves"] and h["iterations"] >= 1
    assert h["best"]["action"] in before["legal_actions"]
    for move in [h["best"], *h["others"]]:
        assert move["action"] in before["legal_actions"]
        assert {"then", "margin", "now", "events", "facts"} <= set(move), move
        assert isinstance(move["facts"], list) and all(isinstance(f, dict) and "fact" in f for f in move["facts"])
    assert 1 <= len(h["others"]) <= 3
    # recorded, shown to everyone (a spectator's view too), and the game is where it was
    after = view(client, gid)
    assert after["hints"] == [1, 0] and after["moves"] == before["moves"]
    assert client.app.state.parts.service.record(gid).meta["hints"] == [{"seat": 0, "moves": before["moves"]}]
    # the move hinted is played as any other (the view's version moved with the record of the hint)
    r = act(client, gid, token, h["best"]["action"])
    assert r.status_code == 200, r.text


def test_hints_are_refused_where_they_are_not_allowed_saying_why(client):
    service = client.app.state.parts.service
    c = create(client, [ANN, BO], seed=3)
    gid, ann, bo = c["id"], c["seats"][0]["token"], c["seats"][1]["token"]
    error(hint(client, gid, bo), 409, "not_your_turn", "seat 0")  # Bo's seat is not the one to act
    error(hint(client, gid, ann, seat=1), 403, "bad_token")  # a seat not the token's
    error(hint(client, gid), 401, "missing_token")
    error(hint(client, gid, "nope"), 403, "bad_token")
    error(hint(client, gid, ann, version=999), 409, "stale")
    error(hint(client, "nosuchgame", ann), 404, "not_found")
    error(client.post(f"/api/games/{gid}/hint", json={"token": ann, "version": "1"}), 400, "bad_request")
    # a rated game: no hints, whoever asks
    rated = service.create(seats=[ANN, BO], seed=4)
    rec = service.record(rated.id)
    service.store.rewrite(rec, actions=rec.actions, status=rec.status, summary=rec.summary, seats=rec.seats,
                          meta={**rec.meta, "rated": True})
    service.forget([rated.id])
    error(hint(client, rated.id, rated.seats[0]["token"]), 403, "no_hints", "rated")
    # a game over
    over = client.post("/api/games/import", json=finished_save(5))
    assert over.status_code == 201, over.text
    error(hint(client, over.json()["id"], over.json()["hotseat_token"]), 409, "game_over")
    # one hint of a game at a time: another waiting is refused
    client.app.state.parts.hints.waiting[gid] = Waiting(())
    try:
        error(hint(client, gid, ann), 429, "hint_pending")
    finally:
        del client.app.state.parts.hints.waiting[gid]
    assert view(client, gid)["hints"] == [0, 0]  # nothing refused was recorded


def finished_save(seed):
    """A saved game played to its end by random players (the command line's JSON)."""

    g = safari.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return {"saved": json.loads(g.to_json())}


def test_hints_over_the_per_address_limit_are_refused_with_retry_after(tmp_path):
    with TestClient(app_on("sqlite", tmp_path, coach_limit="2/minute")) as client:
        c = create(client, [ANN, BO], seed=3)
        gid, ann = c["id"], c["seats"][0]["token"]
        for _ in range(2):
            assert hint(client, gid, ann).status_code == 200
        r = hint(client, gid, ann)
        error(r, 429, "rate_limited", "hints")
        assert int(r.headers["Retry-After"]) >= 1


# ------------------------------------------------------- the lane: moved on, floods


class Lane:
    """The app's search lane, its one place held by the test (so that what asks for it waits),
    and the order its places are given in."""

    def __init__(self, client):
        self.client = client
        self.searches = client.app.state.parts.live.searches
        self.turns = self.searches.deep.turns
        self.grants: list[tuple[str, str]] = []
        grant = self.turns._grant

        def recorded(owner, game):
            self.grants.append((owner, game))
            grant(owner, game)

        self.turns._grant = recorded

    def hold(self):
        self.client.portal.call(self.turns.take, "the test", "held")
        self.held = True

    def give(self):
        if self.held:
            self.held = False
            self.client.portal.call(self.turns.give)

    def __enter__(self):
        self.hold()
        return self

    def __exit__(self, *exc):
        self.give()  # (a failing test's threads are let go)

    def until_waiting(self, n, timeout=30):
        deadline = time.monotonic() + timeout
        while self.turns.waiting != n:
            assert time.monotonic() < deadline, f"{self.turns.waiting} waiting, not {n}"
            time.sleep(0.005)


def in_thread(fn, *args, **kw):
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", fn(*args, **kw)))
    t.start()
    return t, out


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_hint_waiting_when_the_game_moves_on_is_dropped_and_says_so(backend, tmp_path):
    with TestClient(app_on(backend, tmp_path, search_workers=1)) as client:
        c = create(client, [ANN, BO], seed=3)
        gid, ann = c["id"], c["seats"][0]["token"]
        v = view(client, gid)
        with Lane(client) as lane:
            check_dropped(client, lane, gid, ann, v)


def check_dropped(client, lane, gid, ann, v):
    t, out = in_thread(hint, client, gid, ann)
    lane.until_waiting(1)
    assert act(client, gid, ann, v["legal_actions"][0]).status_code == 200  # Ann plays on meanwhile
    t.join(10)
    assert not t.is_alive(), "the hint waiting was not dropped"
    error(out["r"], 409, "moved_on", "ask again")
    assert lane.turns.waiting == 0  # its place in the queue went with it
    lane.give()
    assert view(client, gid)["hints"] == [0, 0]
    assert lane.grants == [("the test", "held")]  # never searched


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_flood_of_hints_does_not_hold_back_another_addresses_computer(backend, tmp_path):
    with TestClient(app_on(backend, tmp_path, search_workers=1, max_think=0.2)) as client:
        service = client.app.state.parts.service
        flood = [create(client, [ANN, MEDIUM], seed=10 + i) for i in range(6)]  # this address's games
        other = service.create(seats=[ANN, {"kind": "computer", "player": "mcts:time=0.2"}], seed=3,
                               address="198.51.100.7")
        with Lane(client) as lane:
            check_flood(client, lane, flood, other)


def check_flood(client, lane, flood, other):
    asked = [in_thread(hint, client, g["id"], g["seats"][0]["token"]) for g in flood]
    lane.until_waiting(len(flood))
    while (v := view(client, other.id))["current_player"] == 0:  # Ann's turn, to its end: the computer's then
        assert act(client, other.id, other.seats[0]["token"], v["legal_actions"][0]).status_code == 200
    moves = v["moves"]
    lane.until_waiting(len(flood) + 1)  # the computer's search, behind the six hints
    lane.give()
    wait_for(client, other.id, lambda v: v["current_player"] == 0 and v["moves"] > moves, timeout=60)
    for t, _ in asked:
        t.join(60)
    assert all(out["r"].status_code == 200 for _, out in asked), [out["r"].text for _, out in asked]
    after = [g for _, g in lane.grants[1:]]
    # the other address's game got the second place given (after at most one hint), not the seventh
    assert other.id in after[:2], after
    assert sorted(after) == sorted([g["id"] for g in flood] + [other.id] * after.count(other.id))
