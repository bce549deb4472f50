"""The web app's REST API: a whole game through it, seats and tokens, hotseat, restart,
concurrent writers, every kind of bad input, export and import, replays and the lobby.

Each test runs the app through FastAPI's TestClient on its own temporary SQLite file, and
again on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (see web_databases.py).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from sqlalchemy import Text, cast, select

from web_apps import create_app
from web_client import act, create, error, service_view, view, wait_for
from web_history import client_get, history_of

from savanna import safari
from savanna.web.table.errors import GameError
from savanna.web.table.seats import hash_token
from savanna.web.table.service import GameService
from savanna.web.store.storage import GAMES, Store

HUMAN = {"kind": "human", "name": "Ann"}
RANDOM = {"kind": "computer", "player": "random"}


# ----------------------------------------------------------------- helpers


@pytest.fixture
def app_options():
    return {"search_processes": False}


def engine_game(seed, players=2, actions=(), final_scoring="all"):
    g = safari.new_game(players=players, seed=seed, final_scoring=final_scoring)
    for a in actions:
        g.apply(a)
    return g


def finished_save(seed=11, players=2):
    g = safari.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return g


def unchanged(client, gid, before):
    after = view(client, gid)
    assert after["version"] == before["version"]
    assert after["history"] == before["history"]
    assert after["legal_actions"] == before["legal_actions"]


def play_until(client, gid, token, pred, rng, limit=400):
    """Play random legal actions with `token` whenever one of its seats is to act, until pred(view)."""
    for _ in range(limit):
        v = view(client, gid)
        if pred(v):
            return v
        r = act(client, gid, token, rng.choice(v["legal_actions"]), version=v["version"])
        assert r.status_code == 200, r.text
    raise AssertionError("pred never held")


# ------------------------------------------------------------- whole game


def test_a_whole_game_against_a_computer_through_the_api(client):
    g = create(client, [HUMAN, RANDOM], seed=7)
    gid, token = g["id"], g["seats"][0]["token"]
    assert g["seats"][1]["token"] is None and g["seats"][0]["join_link"].endswith(f"/play/{gid}#token={token}")
    assert "seed" not in json.dumps(g).replace('"seed": null', "")
    rng = random.Random(3)
    moves = 0
    while True:
        v = wait_for(client, gid, lambda v: v["status"] == "over" or v["current_player"] == 0)
        if v["status"] == "over":
            break
        assert v["seed"] is None  # the seed fixes the stack: hidden while playing
        assert v["drawn_tile"] is None or len(v["drawn_tile"]["layouts"]) == 4
        action = rng.choice(v["legal_actions"])
        r = act(client, gid, token, action, version=v["version"])
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["type"] == "accepted" and body["action"] == action and body["version"] == v["version"] + 1
        moves += 1
    assert moves > 20
    # the final view agrees with the engine replaying the same actions from the seed
    assert v["seed"] == "7"  # as text: a JavaScript Number cannot hold the server's 128-bit seeds
    history = history_of(client_get(client), v)  # the view carries the latest entries: the page asks for the rest
    actions = [h["action"] for h in history]
    g2 = engine_game(7, actions=actions)
    assert g2.is_terminal()
    assert [s["score"] for s in v["seats"]] == g2.scores
    assert v["final_points"] == g2.final_points and v["winners"] == g2.winners()
    assert {h["seat"] for h in history} == {0, 1}
    assert [h["seat"] for h in history] == g2.actors
    chart = v["score_history"]
    assert chart[0]["scores"] == [0, 0] and chart[-1]["final"] and chart[-1]["scores"] == g2.scores
    assert [e["turn"] for e in chart[:-1]] == list(range(len(chart) - 1))
    assert v["legal_actions"] == [] and v["current_player"] is None and v["phase"] == "over"
    # and the export is the engine's own saved game, with who sat at it (the computer's default
    # name left out: a reader says it in its own language)
    assert client.get(f"/api/games/{gid}/export").text == g2.to_json(seats=[HUMAN, RANDOM])
    # a finished game takes no more actions
    error(act(client, gid, token, "pass"), 409, "game_over")


def test_view_holds_the_contract_and_no_secrets(client, db):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}, RANDOM], final_scoring="majority")
    v = view(client, g["id"])
    for key in ("id", "status", "version", "seats", "current_player", "active_player", "phase", "drawn_tile",
                "tiles_left", "board", "features", "watering_holes", "rangers", "empty_spaces", "scoring",
                "legal_actions", "history", "score_history", "last_placed", "final_points", "winners"):
        assert key in v
    assert v["rules"] == {"players": 3, "final_scoring": "majority", "tiles": "real-1"}
    assert [s["kind"] for s in v["seats"]] == ["human", "human", "computer"]
    assert v["seats"][2]["player"] == "random" and v["seats"][2]["connected"] is True
    assert v["seats"][0]["connected"] is False and v["seats"][0]["meeples"] == 6
    assert sum(v["seats"][0]["tokens"].values()) == 2 and set(v["seats"][0]["tokens"]) == set("AEGLZ")
    assert v["drawn_tile"]["layouts"][1]["rotation"] == 90
    assert len(v["board"]) == 3 and v["phase"] == "place" and v["turn"] == 1
    # what a trail or bush would score as it stands, and what watering holes score: the engine's numbers
    assert v["hole_points"] == {"dig": 3, "complete": 3}
    for f in v["features"]:
        assert f["leaders"] == [] and f["final_points"] == [0, 0, 0]
        d = len(f["animals"])  # 1, 3, 6, 10, 15 for 1 to 5 kinds, and the birds of a bush
        assert f["points_if_completed"] == d * (d + 1) // 2 + (f["birds"] if f["kind"] == "bush" else 0)
        assert f["points_if_completed_with_token"] == f["points_if_completed"] + d + 1
    text = json.dumps(v) + json.dumps(client.get("/api/games").json())
    for s in g["seats"]:
        if s["token"]:
            assert s["token"] not in text and hash_token(s["token"]) not in text
    # the database keeps hashes only
    store = Store(db)
    try:
        with store.engine.connect() as con:
            stored = con.execute(select(cast(GAMES.c.seats, Text)).where(GAMES.c.id == g["id"])).scalar_one()
    finally:
        store.close()
    assert g["seats"][0]["token"] not in stored and hash_token(g["seats"][0]["token"]) in stored


# ------------------------------------------------------- seats and tokens


def test_only_the_seats_token_acts(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}])
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    other = create(client, [HUMAN, RANDOM])["seats"][0]["token"]
    assert t0 != t1
    v = view(client, gid)
    a = v["legal_actions"][0]
    error(act(client, gid, t1, a), 409, "not_your_turn", "seat 0", "Ann")
    error(act(client, gid, other, a), 403, "bad_token")
    error(act(client, gid, None, a), 401, "missing_token")
    error(client.post(f"/api/games/{gid}/actions", json={"action": a}), 401, "missing_token")
    error(act(client, gid, "", a), 401, "missing_token")
    unchanged(client, gid, v)
    assert act(client, gid, t0, a).status_code == 200
    # play on until seat 1 must act: then seat 0's token is refused and seat 1's accepted
    rng = random.Random(1)
    v = play_until(client, gid, t0, lambda v: v["current_player"] == 1, rng)
    error(act(client, gid, t0, v["legal_actions"][0]), 409, "not_your_turn")
    assert act(client, gid, t1, v["legal_actions"][0]).status_code == 200


def test_hotseat_token_acts_for_every_human_seat(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}, RANDOM], hotseat=True)
    gid, token = g["id"], g["hotseat_token"]
    assert token and [s["token"] for s in g["seats"]] == [token, token, None]
    assert [s["hotseat"] for s in g["seats"]] == [True, True, False]
    assert g["hotseat_link"].endswith(f"#token={token}")
    rng = random.Random(2)
    while True:  # until the computer seat (which moves by itself) has played a turn
        v = wait_for(client, gid, lambda v: v["current_player"] in (0, 1))
        if 2 in {h["seat"] for h in v["history"]}:
            break
        assert act(client, gid, token, rng.choice(v["legal_actions"]), version=v["version"]).status_code == 200
    assert {h["seat"] for h in v["history"]} == {0, 1, 2}


def test_a_game_can_mix_hotseat_and_remote_seats(client):
    g = create(client, [{"kind": "human", "hotseat": True}, {"kind": "human"}, {"kind": "human", "hotseat": True}])
    tokens = [s["token"] for s in g["seats"]]
    assert tokens[0] == tokens[2] == g["hotseat_token"] and tokens[1] not in (tokens[0], None)
    assert [s["name"] for s in g["seats"]] == ["Player 1", "Player 2", "Player 3"]


# --------------------------------------------------------------- restart


def test_a_restarted_server_resumes_every_game(db):
    with TestClient(create_app(db, autoplay=False)) as c:
        g = create(c, [HUMAN, {"kind": "computer", "player": "greedy"}], seed=5)
        waiting = create(c, [HUMAN, {"kind": "human", "name": "Bo"}], seed=6)
        gid, token = g["id"], g["seats"][0]["token"]
        rng = random.Random(4)
        before = play_until(c, gid, token, lambda v: v["current_player"] == 1, rng)
        before_history = history_of(client_get(c), before)
        t0 = waiting["seats"][0]["token"]
        assert act(c, waiting["id"], t0, view(c, waiting["id"])["legal_actions"][0]).status_code == 200
        other_before = view(c, waiting["id"])
        time.sleep(0.05)
        assert view(c, gid)["version"] == before["version"]  # nobody moved the computer
    # a new server on the same file: the computer seat moves, nothing is lost
    with TestClient(create_app(db, search_processes=False)) as c:
        after = wait_for(c, gid, lambda v: v["current_player"] == 0)
        assert after["moves"] > before["moves"]
        assert history_of(client_get(c), after)[:before["moves"]] == before_history
        assert {h["seat"] for h in history_of(client_get(c), after)[before["moves"]:]} == {1}
        # the human's token still works, and the other game is exactly where it was
        assert act(c, gid, token, after["legal_actions"][0]).status_code == 200
        other = view(c, waiting["id"])
        for key in ("version", "history", "board", "legal_actions", "seats", "current_player"):
            assert other[key] == other_before[key]
        t = waiting["seats"][other["current_player"]]["token"]
        assert act(c, waiting["id"], t, other["legal_actions"][0]).status_code == 200


def test_computer_moves_after_a_restart_are_those_it_would_have_made(db, tmp_path):
    """A computer's choice is seeded by the game and the move: resuming changes nothing."""
    seats = [HUMAN, {"kind": "computer", "player": "greedy"}]
    e = engine_game(9)
    rng = random.Random(9)
    while e.current_player == 0:  # the human's first turn, worked out on the engine
        e.apply(rng.choice(e.legal_actions()))
    mine = [str(a) for a in e.history]
    histories = []
    for path, interrupted in ((db, False), (str(tmp_path / "other.db"), True)):
        with TestClient(create_app(path, autoplay=not interrupted, search_processes=False)) as c:
            g = create(c, seats, seed=9)
            for a in mine:
                assert act(c, g["id"], g["seats"][0]["token"], a).status_code == 200
            if not interrupted:
                histories.append(history_of(client_get(c), wait_for(c, g["id"], lambda v: v["current_player"] == 0)))
        if interrupted:
            with TestClient(create_app(path, search_processes=False)) as c:
                histories.append(history_of(client_get(c), wait_for(c, g["id"], lambda v: v["current_player"] == 0)))
    assert histories[0] == histories[1] and histories[0][-1]["seat"] == 1


# ---------------------------------------------------------- concurrency


def test_two_writers_with_the_same_version_cannot_both_land(db):
    """Two servers (two services with their own stores, caches and locks) on one database
    act at the same moment from the same version: exactly one action is stored; the other
    is refused as a conflict, or as stale when its server looked again after the conflict."""
    s1, s2 = GameService(Store(db)), GameService(Store(db))
    c = s1.create(seats=[HUMAN, {"kind": "human"}], seed=3)
    token = c.seats[0]["token"]
    legal = service_view(s1, c.id)["legal_actions"]
    barrier = threading.Barrier(2)
    for svc in (s1, s2):
        save = svc.store.advance

        def slow_save(*a, _save=save, **kw):
            barrier.wait(timeout=5)  # both have checked the move against version 0
            return _save(*a, **kw)
        svc.store.advance = slow_save
    results = {}

    def run(name, svc, action):
        try:
            results[name] = svc.act(c.id, token, action, version=0).version
        except GameError as e:
            results[name] = e.code

    threads = [threading.Thread(target=run, args=("a", s1, legal[0])),
               threading.Thread(target=run, args=("b", s2, legal[1]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(results.values(), key=str) in ([1, "conflict"], [1, "stale"])
    stored = s2.record(c.id)
    s1.store.close()
    s2.store.close()
    assert stored.version == 1 and len(stored.actions) == 1
    assert stored.actions[0] == (legal[0] if results["a"] == 1 else legal[1])


def test_a_server_acts_on_the_game_as_stored_when_another_has_moved_it_on(db):
    s1, s2 = GameService(Store(db)), GameService(Store(db))
    c = s1.create(seats=[HUMAN, {"kind": "human"}], seed=3)
    token = c.seats[0]["token"]
    first = service_view(s1, c.id)["legal_actions"][0]
    s2.act(c.id, token, first)  # s1's own copy of the game is behind now
    then = service_view(s2, c.id)["legal_actions"][0]
    with pytest.raises(GameError) as e:
        s1.act(c.id, token, then, version=0)
    assert e.value.code == "stale"
    rec = s1.act(c.id, token, then, version=1)
    assert rec.version == 2 and rec.actions == [first, then]
    assert s2.record(c.id).actions == [first, then]
    s1.store.close()
    s2.store.close()


def test_concurrent_requests_in_one_server_store_each_action_once(client):
    g = create(client, [HUMAN, {"kind": "human"}])
    gid, token = g["id"], g["seats"][0]["token"]
    v = view(client, gid)
    codes = []

    def run(a):
        codes.append(act(client, gid, token, a, version=v["version"]).status_code)

    threads = [threading.Thread(target=run, args=(a,)) for a in v["legal_actions"][:4]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(codes) == [200, 409, 409, 409]
    assert view(client, gid)["moves"] == 1


# ------------------------------------------------------------ bad input


def test_every_bad_request_gets_a_clear_error_and_changes_nothing(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}], seed=21)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    v = view(client, gid)
    url = f"/api/games/{gid}/actions"
    # malformed JSON, JSON of the wrong shape
    error(client.post(url, content=b'{"token": "x", "action": ', headers={"content-type": "application/json"}),
          400, "bad_json", "not valid JSON")
    # a number longer than Python converts, or nesting deeper than it parses: said as such
    error(client.post("/api/games", content=b'{"seed": ' + b"9" * 5000 + b"}",
                      headers={"content-type": "application/json"}), 400, "bad_json", "more than 4300 digits")
    error(client.post(url, content=b"[" * 1900 + b"]" * 1900, headers={"content-type": "application/json"}),
          400, "bad_json", "nested too deeply")
    error(client.post(url, content=b"[1, 2]", headers={"content-type": "application/json"}), 400, "bad_request")
    error(client.post(url, json={"token": t0}), 400, "bad_request", "action")
    error(client.post(url, json={"token": t0, "action": 5}), 400, "bad_request", "action")
    error(client.post(url, json={"token": t0, "action": "pass", "extra": 1}), 400, "bad_request", "extra")
    # an unknown game
    error(act(client, "nosuchgame", t0, "pass"), 404, "not_found", "nosuchgame")
    error(client.get("/api/games/nosuchgame"), 404, "not_found")
    error(client.get("/api/games/" + "x" * 300), 404, "not_found")
    # tokens and turns
    error(act(client, gid, None, "pass"), 401, "missing_token")
    error(act(client, gid, "not-a-token", "pass"), 403, "bad_token")
    error(act(client, gid, t1, v["legal_actions"][0]), 409, "not_your_turn")
    # malformed and illegal actions: the engine's own message
    msg = error(act(client, gid, t0, "T1,2"), 422, "illegal_action", "malformed")
    assert msg == _engine_error(engine_game(21), "T1,2")
    msg = error(act(client, gid, t0, "pass"), 422, "illegal_action")
    assert msg == _engine_error(engine_game(21), "pass")
    far = "T40,40@0"
    assert error(act(client, gid, t0, far), 422, "illegal_action") == _engine_error(engine_game(21), far)
    error(act(client, gid, t0, "T" + "1" * 100), 422, "illegal_action", "longer than")
    # a stale version
    error(act(client, gid, t0, v["legal_actions"][0], version=v["version"] + 3), 409, "stale")
    # an oversized body, whether it says so up front or not
    big = json.dumps({"token": t0, "action": "pass", "pad": "x" * 5000})
    error(client.post(url, content=big, headers={"content-type": "application/json"}), 413, "too_large")

    def chunks():
        for _ in range(10):
            yield b" " * 1000
    error(client.post(url, content=chunks(), headers={"content-type": "application/json"}), 413, "too_large")
    unchanged(client, gid, v)
    # and the game goes on
    assert act(client, gid, t0, v["legal_actions"][0]).status_code == 200


def _engine_error(g, action):
    with pytest.raises(ValueError) as e:
        g.apply(action)
    return str(e.value)


@pytest.mark.parametrize("body, code, words", [
    ({"seats": [HUMAN]}, "bad_settings", ["players must be a whole number from 2 to 5, not 1"]),
    ({"seats": [HUMAN] * 6}, "bad_settings", ["from 2 to 5, not 6"]),
    ({"players": 9}, "bad_settings", ["from 2 to 5, not 9"]),
    ({"seats": [HUMAN, HUMAN], "players": 3}, "bad_settings", ["players is 3"]),
    ({"seats": [HUMAN, {"kind": "computer", "player": "deep-blue"}]}, "bad_settings", ["unknown player 'deep-blue'"]),
    ({"seats": [HUMAN, {"kind": "computer", "player": "mcts:speed=3"}]}, "bad_settings", ["unknown option 'speed'"]),
    ({"seats": [HUMAN, {"kind": "computer", "player": "mcts:time=600"}]}, "bad_settings", ["at most 2 seconds"]),
    ({"seats": [HUMAN, {"kind": "human", "player": "greedy"}]}, "bad_settings", ["takes no computer player"]),
    ({"seats": [HUMAN, {"kind": "robot"}]}, "bad_request", ["seats.1.kind"]),
    ({"seats": [HUMAN, {"kind": "human", "name": "x" * 41}]}, "bad_settings", ["at most 40 characters"]),
    ({"seats": [HUMAN, HUMAN], "final_scoring": "most"}, "bad_settings", ["final_scoring must be 'all'"]),
    ({"seats": [HUMAN, HUMAN], "seed": "abc"}, "bad_request", ["seed"]),
    ({"seats": [HUMAN, HUMAN], "colour": "red"}, "bad_request", ["colour"]),
])
def test_bad_game_settings_are_refused_with_the_reason(shared_client, body, code, words):
    client = shared_client  # (one app for these: each refused, none makes a game)
    r = client.post("/api/games", json=body)
    error(r, 400 if code == "bad_request" else 422, code, *words)
    assert client.get("/api/games").json() == {"open": [], "recent": []}


def test_defaults_make_a_game_against_the_medium_computer(client):
    g = client.post("/api/games", json={}).json()
    assert [s["kind"] for s in g["seats"]] == ["human", "computer"] and g["seats"][1]["player"] == "medium"
    assert [s["name"] for s in g["seats"]] == ["Player 1", "Computer 2 (medium)"]
    g = create(client, [{"kind": "human", "name": "  Ann\n\tLee "}, RANDOM])
    assert g["seats"][0]["name"] == "Ann Lee"


def test_unknown_routes_and_oversized_creates_answer_in_the_same_error_form(client):
    error(client.get("/api/nothing"), 404, "not_found")
    error(client.delete("/api/games"), 405, "method_not_allowed")
    error(client.post("/api/games", content="x" * 20000, headers={"content-type": "application/json"}),
          413, "too_large")


# ------------------------------------------------------ export and import


def test_export_then_import_round_trip(client):
    g = finished_save(seed=11)
    text = g.to_json()
    r = client.post("/api/games/import", content=text, headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    imp = r.json()
    v = view(client, imp["id"])
    assert v["status"] == "over" and [s["score"] for s in v["seats"]] == g.scores
    assert [h["action"] for h in history_of(client_get(client), v)] == [str(a) for a in g.history]
    assert [s["kind"] for s in v["seats"]] == ["human", "human"] and imp["hotseat_token"]
    exported = client.get(f"/api/games/{imp['id']}/export")
    # the same save, now naming its seats: two people with no names of their own
    text = g.to_json(seats=[{"kind": "human"}, {"kind": "human"}])
    assert exported.status_code == 200 and exported.text == text
    assert "attachment" in exported.headers["content-disposition"]
    assert safari.from_json(exported.text).scores == g.scores
    # and the export of that imports again to the same game
    again = client.post("/api/games/import", content=exported.text, headers={"content-type": "application/json"})
    assert client.get(f"/api/games/{again.json()['id']}/export").text == text


def test_a_saved_game_keeps_its_seats_names_and_kinds_through_download_and_upload(client):
    g = create(client, [HUMAN, {"kind": "computer", "player": "random", "name": "Zaza"}, {"kind": "human"}], seed=4)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    rng = random.Random(4)
    while True:
        v = wait_for(client, gid, lambda v: v["status"] == "over" or v["current_player"] != 1)
        if v["status"] == "over":
            break
        r = act(client, gid, tokens[v["current_player"]], rng.choice(v["legal_actions"]), version=v["version"])
        assert r.status_code == 200, r.text
    saved = json.loads(client.get(f"/api/games/{gid}/export").text)
    # a seat without a name of its own saves none: a reader says "Player 3" in its language
    assert saved["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Zaza", "kind": "computer", "player": "random"},
                              {"kind": "human"}]
    imp = client.post("/api/games/import", json=saved).json()
    v = view(client, imp["id"])
    assert [(s["name"], s["kind"], s["player"]) for s in v["seats"]] == [
        ("Ann", "human", None), ("Zaza", "computer", "random"), ("Player 3", "human", None)]
    assert not any(s["connected"] for s in v["seats"] if s["kind"] == "human")
    # a finished game's computer keeps the player it was, even one this server would not run
    strong = dict(saved, seats=[saved["seats"][0], {"kind": "computer", "player": "mcts:time=60"}, {"kind": "human"}])
    v = view(client, client.post("/api/games/import", json=strong).json()["id"])
    assert v["seats"][1]["player"] == "mcts:time=60" and v["seats"][1]["name"] == "Computer 2 (mcts)"
    # a file without seats reads as before: everyone a person, named by seat
    old = {k: x for k, x in saved.items() if k != "seats"}
    v = view(client, client.post("/api/games/import", json=old).json()["id"])
    assert [(s["name"], s["kind"]) for s in v["seats"]] == [(f"Player {i}", "human") for i in (1, 2, 3)]
    # a malformed seats section is refused, naming the field
    for seats, words in (([{"kind": "robot"}] * 3, "seats[0].kind"), ([{"kind": "human"}], "3 players"),
                         ([{"kind": "human", "name": 5}] * 3, "seats[0].name"),
                         ([{"kind": "computer"}] * 3, "seats[0].player"), ("Ann", "'seats' must be a list")):
        error(client.post("/api/games/import", json=dict(saved, seats=seats)), 422, "bad_import", words)


def test_an_unfinished_save_whose_computer_this_server_will_not_run_is_refused_saying_so(client):
    g = engine_game(13)
    for a in g.legal_actions()[:1]:
        g.apply(a)
    data = json.loads(g.to_json(seats=[{"name": "Ann", "kind": "human"}, {"kind": "computer", "player": "mcts:time=60"}]))
    error(client.post("/api/games/import", json=data), 422, "bad_import", "seats cannot play on here", "upload it with")
    data["seats"][1]["player"] = "random"
    imp = client.post("/api/games/import", json=data).json()
    v = view(client, imp["id"])
    assert [(s["name"], s["kind"]) for s in v["seats"]] == [("Ann", "human"), ("Computer 2 (random)", "computer")]


def test_import_a_game_in_progress_with_seats_and_continue_it(client):
    g = engine_game(13)
    rng = random.Random(13)
    while not (g.current_player == 1 and g.phase_name == "place"):
        g.apply(rng.choice(g.legal_actions()))
    r = client.post("/api/games/import", json={"saved": json.loads(g.to_json()),
                                               "seats": [{"kind": "human", "name": "Ann"}, RANDOM]})
    assert r.status_code == 201, r.text
    imp = r.json()
    assert imp["hotseat_token"] is None and imp["seats"][0]["token"]
    v = wait_for(client, imp["id"], lambda v: v["current_player"] == 0 and v["moves"] > len(g.history))
    assert [h["action"] for h in history_of(client_get(client), v)][:len(g.history)] == [str(a) for a in g.history]
    # export while playing: not for a spectator, nor while another person plays; the all-seats token may
    error(client.get(f"/api/games/{imp['id']}/export"), 403, "hidden", "seed")
    assert client.get(f"/api/games/{imp['id']}/export", params={"token": imp["seats"][0]["token"]}).status_code == 200
    two = create(client, [HUMAN, {"kind": "human"}])
    error(client.get(f"/api/games/{two['id']}/export", params={"token": two["seats"][0]["token"]}), 403, "hidden")
    hot = create(client, [HUMAN, {"kind": "human"}], hotseat=True)
    r = client.get(f"/api/games/{hot['id']}/export", params={"token": hot["hotseat_token"]})
    assert r.status_code == 200 and json.loads(r.text)["actions"] == []


def test_corrupt_or_foreign_uploads_are_refused_with_the_engines_message(client):
    g = finished_save(seed=12)
    data = json.loads(g.to_json())
    cases = []
    bad_scores = dict(data, scores=[s + 1 for s in data["scores"]])
    cases.append((bad_scores, "the actions give scores"))
    bad_action = dict(data, actions=data["actions"][:5] + ["T99,99@0"] + data["actions"][6:])
    cases.append((bad_action, "action 6"))
    cases.append((dict(data, format="other/1"), "format must be"))
    cases.append((dict(data, players=7), "players must be a whole number"))
    for body, words in cases:
        with pytest.raises(ValueError) as e:
            safari.from_dict(body)
        msg = error(client.post("/api/games/import", json=body), 422, "bad_import", words)
        assert msg == str(e.value)
    with pytest.raises(ValueError) as e:
        safari.from_json("{not json")
    assert error(client.post("/api/games/import", json={"saved": "{not json"}), 422, "bad_import") == str(e.value)
    r = client.post("/api/games/import", json={"saved": g.to_json(), "seats": [HUMAN, RANDOM]})
    assert r.status_code == 201 and r.json()["seats"][1]["token"] is None  # the file's text works as well
    error(client.post("/api/games/import", content=b"{not json", headers={"content-type": "application/json"}),
          400, "bad_json")
    # where the parser stopped, for the page to say in its language
    r = client.post("/api/games/import", content=b'{"players": 2,\n "seed": 5 "actions": []}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and (r.json()["code"], r.json()["line"], r.json()["column"]) == ("bad_json", 2, 12)
    error(client.post("/api/games/import", json={"saved": data, "seats": [HUMAN]}), 422, "bad_settings", "2 seats")
    error(client.post("/api/games/import", json={"saved": data, "colour": 1}), 400, "bad_request", "colour")
    big = json.dumps(dict(data, pad="x" * (1024 * 1024)))
    error(client.post("/api/games/import", content=big, headers={"content-type": "application/json"}),
          413, "too_large")
    assert len(client.get("/api/games").json()["recent"]) == 1  # only the good one


# ----------------------------------------------------------------- replay


def test_replay_steps_forward_and_back_like_the_engine(client):
    g = finished_save(seed=14, players=3)
    imp = client.post("/api/games/import", content=g.to_json(), headers={"content-type": "application/json"}).json()
    actions = [str(a) for a in g.history]
    n = len(actions)
    for step in (0, 1, 2, 7, 40, n - 1, n, 39, 6, 0):
        r = client.get(f"/api/games/{imp['id']}/replay", params={"step": step})
        assert r.status_code == 200, r.text
        v = r.json()
        e = safari.new_game(players=3, seed=14)
        for a in actions[:step]:
            e.apply(a)
        assert v["replay"]["step"] == step and v["replay"]["steps"] == n
        assert v["moves"] == step and [h["action"] for h in history_of(client_get(client), v)] == actions[:step]
        assert [s["score"] for s in v["seats"]] == e.scores
        assert v["legal_actions"] == [str(a) for a in e.legal_actions()]
        assert v["current_player"] == e.current_player and v["phase"] == e.phase_name
        assert len(v["board"]) == len(e.tiles_on_board()) and v["tiles_left"] == e.tiles_left
        assert v["replay"]["last_action"] == (None if step == 0 else
                                              {**v["history"][-1]})
        assert (v["replay"]["next_action"] or {}).get("action") == (actions[step] if step < n else None)
        assert v["status"] == ("over" if step == n else "playing") and v["replay"]["game_status"] == "over"
    error(client.get(f"/api/games/{imp['id']}/replay", params={"step": n + 1}), 400, "bad_step", f"0 to {n}")
    error(client.get(f"/api/games/{imp['id']}/replay", params={"step": -1}), 400, "bad_step")
    error(client.get(f"/api/games/{imp['id']}/replay", params={"step": "x"}), 400, "bad_request", "step")
    error(client.get("/api/games/nosuch/replay", params={"step": 0}), 404, "not_found")


# ------------------------------------------------------------------ lobby


def test_lobby_lists_open_and_recent_games(client):
    assert client.get("/api/games").json() == {"open": [], "recent": []}
    a = create(client, [HUMAN, {"kind": "human", "name": "Bo"}])
    b = create(client, [HUMAN, RANDOM], listed=False)
    done = client.post("/api/games/import", content=finished_save(seed=15).to_json(),
                       headers={"content-type": "application/json"}).json()
    c = create(client, [HUMAN, {"kind": "human", "name": "Cy"}])
    act(client, a["id"], a["seats"][0]["token"], view(client, a["id"])["legal_actions"][0])
    lobby = client.get("/api/games").json()
    assert [g["id"] for g in lobby["open"]] == [a["id"], c["id"]]  # latest change first
    assert [g["id"] for g in lobby["recent"]] == [done["id"]]
    assert b["id"] not in json.dumps(lobby)
    first = lobby["open"][0]
    assert first["moves"] == 1 and first["current_player"] == 0 and first["players"] == 2
    assert [s["name"] for s in first["seats"]] == ["Ann", "Bo"]
    assert lobby["recent"][0]["winners"] and lobby["recent"][0]["status"] == "over"
    assert len(client.get("/api/games", params={"limit": 1}).json()["open"]) == 1
    error(client.get("/api/games", params={"limit": 0}), 400, "bad_request")


def test_players_endpoint_describes_the_lobby_form(client):
    p = client.get("/api/players").json()
    assert [lv["level"] for lv in p["levels"]] == ["easy", "medium", "hard"]
    names = {x["name"]: x for x in p["players"]}
    assert {"random", "greedy", "mcts"} <= set(names)
    assert "time" in {o["name"] for o in names["mcts"]["options"]}
    assert [f["value"] for f in p["final_scoring"]] == ["all", "majority"]
    assert p["seats"] == {"min": 2, "max": 5}


def test_tiles_endpoint_lays_out_every_tile_type_at_every_rotation_and_the_start_tile(client):
    from savanna.safari.game import tile_layout
    from savanna.safari.tileset import default_data

    ts = safari.load_tiles("real-1")
    t = client.get("/api/tiles").json()
    assert t["version"] == "real-1" and t["animals"] == ts.animal_names
    assert [x["id"] for x in t["types"]] == [tt.id for tt in ts.types]
    s22 = next(x for x in t["types"] if x["id"] == "S22")
    assert s22["count"] == 1 and s22["copies"] == [["L", ""]]
    assert s22["layouts"] == [tile_layout(ts.type_by_id["S22"], r, ("L", "")) for r in range(4)]
    assert [x["rotation"] for x in s22["layouts"]] == [0, 90, 180, 270]
    assert s22["layouts"][1]["features"] == [{"kind": "bush", "sides": "E", "animals": "L", "birds": 0},
                                             {"kind": "bush", "sides": "S", "animals": "", "birds": 1}]
    assert [(c["x"], c["y"], c["edges"]) for c in t["start"]] == [(-1, 0, "ssbs"), (0, 0, "ssts"), (1, 0, "btss")]
    assert client.get("/api/tiles?set=reconstruction-1").json()["version"] == "reconstruction-1"
    r = client.get("/api/tiles?set=nope")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    # a user's own set, and one that is not a tile set
    mine = default_data()
    mine["version"] = "mine"
    mine["tiles"] = mine["tiles"][:2]
    assert [x["id"] for x in client.post("/api/tiles", json=mine).json()["types"]] == ["S01", "S02"]
    r = client.post("/api/tiles", json={"format": "nope"})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"
    assert client.get("/tiles").status_code == 200


def test_seat_tokens_are_kept_out_of_the_server_logs(client):
    import logging

    from savanna.web.edge.guard import RedactTokens

    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5", "/ws/games/abc?token=s3cr3t-T0k_en&x=1"), None)
    assert RedactTokens().filter(record)
    assert record.getMessage() == '127.0.0.1:5 - "WebSocket /ws/games/abc?token=***&x=1" [accepted]'
    assert any(isinstance(f, RedactTokens) for f in logging.getLogger("uvicorn.access").filters)


def test_pages_and_health(client):
    lobby = client.get("/")
    assert lobby.status_code == 200 and "/static/lobby.js" in lobby.text
    for path in ("/play/abc", "/replay/abc"):  # the page itself asks for the game, and says if it is unknown
        page = client.get(path)
        assert page.status_code == 200 and "/static/game.js" in page.text
    for asset, kind in (("game.js", "javascript"), ("board.js", "javascript"), ("style.css", "text/css")):
        r = client.get(f"/static/{asset}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/api/health").json()["status"] == "ok"
    assert "/api/games/{game_id}/actions" in client.get("/openapi.json").json()["paths"]


# -------------------------------------------------------------------- cli


def test_serve_command_runs_uvicorn_on_the_database(monkeypatch, tmp_path, capsys):
    import uvicorn

    from savanna import cli

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    path = tmp_path / "served.db"
    assert cli.main(["serve", "--port", "8123", "--db", str(path)]) == 0
    assert seen["port"] == 8123 and seen["host"] == "127.0.0.1" and path.exists()
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and str(path) in out
    assert cli.main(["serve", "--host", "0.0.0.0", "--db", str(path)]) == 0
    assert "http://localhost:8000/" in capsys.readouterr().out
    assert cli.main(["serve", "--db", "nosuchdriver://x/y"]) == 1
    assert "error" in capsys.readouterr().err


def test_serve_on_a_busy_port_says_so_before_starting_and_how_to_choose_another(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "savanna", "serve", "--port", str(port), "--db",
                            str(tmp_path / "busy.db")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"cannot listen on 127.0.0.1:{port}" in r.stderr and f"--port {port + 1}" in r.stderr
    assert "open http" not in r.stdout and "startup complete" not in r.stderr + r.stdout
    assert not (tmp_path / "busy.db").exists()  # refused before the database was opened
