"""Your games for a browser without an account: POST /api/games/held looks up the games whose
seats the browser's tokens play (edge/held_routes.py, table/held.py), the games to move in
first; a wrong token, a claimed seat's old token, an unknown game are left out; the request is
bounded and limited per address; GET /games is the page."""

from __future__ import annotations

from datetime import datetime

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from web_client import act, create, error, view  # noqa: E402


ANN, BOB = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}


@pytest.fixture
def app_options():
    return {"autoplay": False, "search_processes": False}


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def held(client, pairs):
    r = client.post("/api/games/held", json={"games": [{"id": i, "token": t} for i, t in pairs]})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_games_of_a_browsers_tokens_with_those_to_move_first(client):
    a = create(client, [ANN, BOB], seed=3)
    b = create(client, [ANN, BOB], seed=4)
    ta, tb = a["seats"][0]["token"], b["seats"][1]["token"]  # Ann's seat in a (to move), Bob's in b (not)
    got = held(client, [(a["id"], ta), (b["id"], tb), (a["id"], "not-a-token"), ("nosuchgame", ta),
                        ("bad id!", ta)])
    assert [g["id"] for g in got["to_move"]] == [a["id"]]
    assert {g["id"] for g in got["playing"]} == {a["id"], b["id"]}
    mine = {g["id"]: g for g in got["playing"]}
    assert mine[a["id"]]["my_seats"] == [0] and mine[b["id"]]["my_seats"] == [1]
    assert mine[a["id"]]["seats"][1]["name"] == "Bob"  # listed as the lobby lists a game
    assert got["over"] == []
    # Ann moves in a: then it waits for Bob, and Bob's token in b is not yet to move either
    v = view(client, a["id"], ta)
    assert act(client, a["id"], ta, v["legal_actions"][0]).status_code == 200
    while view(client, a["id"])["current_player"] == 0:
        v = view(client, a["id"], ta)
        assert act(client, a["id"], ta, v["legal_actions"][0]).status_code == 200
    got = held(client, [(a["id"], ta), (b["id"], tb)])
    assert got["to_move"] == []
    # the other seat's token sees a to move now
    assert [g["id"] for g in held(client, [(a["id"], a["seats"][1]["token"])])["to_move"]] == [a["id"]]


def test_a_hotseat_token_holds_every_seat_and_a_finished_game_is_listed_over(client):
    c = create(client, [ANN, BOB], hotseat=True, seed=5, on_resign="end")
    got = held(client, [(c["id"], c["hotseat_token"])])
    assert got["to_move"][0]["my_seats"] == [0, 1]
    r = client.post(f"/api/games/{c['id']}/resign", json={"token": c["hotseat_token"], "seat": 0})
    assert r.status_code == 200, r.text
    assert view(client, c["id"])["status"] == "over"
    got = held(client, [(c["id"], c["hotseat_token"])])
    assert [g["id"] for g in got["over"]] == [c["id"]] and got["playing"] == []


def test_the_look_up_is_bounded_and_strict(client):
    many = [{"id": f"g{i}", "token": "t"} for i in range(51)]
    error(client.post("/api/games/held", json={"games": many}), 400, "bad_request", "games")
    error(client.post("/api/games/held", json={"games": [{"id": "x" * 33, "token": "t"}]}), 400, "bad_request", "id")
    error(client.post("/api/games/held", json={"games": [{"id": "abc", "token": 5}]}), 400, "bad_request", "token")
    error(client.post("/api/games/held", json={"games": [], "more": 1}), 400, "bad_request")
    assert held(client, []) == {"playing": [], "to_move": [], "over": []}


def test_the_look_up_is_limited_per_address(client):
    for _ in range(30):
        held(client, [])
    r = client.post("/api/games/held", json={"games": []})
    error(r, 429, "rate_limited", "look-ups")
    assert int(r.headers["Retry-After"]) >= 1


def test_the_page_is_served(client):
    r = client.get("/games")
    assert r.status_code == 200 and "mine.js" in r.text


def test_a_timed_game_is_listed_with_its_clock_and_deadline(client):
    c = create(client, [ANN, BOB], seed=6, clock={"days": 3})
    untimed = create(client, [ANN, BOB], seed=6)
    got = held(client, [(c["id"], c["seats"][0]["token"]), (untimed["id"], untimed["seats"][0]["token"])])
    items = {g["id"]: g for g in got["to_move"]}
    timed = items[c["id"]]["clock"]
    assert timed["control"] == {"days": 3} and timed["running"] == 0
    shown = view(client, c["id"])["clock"]["deadline"]
    assert abs((instant(timed["deadline"]) - instant(shown)).total_seconds()) < 1  # (the lobby writes whole seconds)
    assert items[untimed["id"]]["clock"] is None
    # as the lobby lists it
    listed = {g["id"]: g for g in client.get("/api/games").json()["open"]}
    assert listed[c["id"]]["clock"] == timed
