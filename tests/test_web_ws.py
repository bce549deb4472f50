"""The web app's WebSocket: the state on connect and after every change, players and
spectators, reconnecting, computer moves pushed live, and every kind of bad message
answered with an error while the connection and the game go on. On SQLite, and on
PostgreSQL too when SAVANNA_TEST_DATABASE_URL is set (see web_databases.py).
"""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

import anyio
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from savanna import safari
from savanna.web.live.feed import Mirror

HUMAN = {"kind": "human", "name": "Ann"}


@pytest.fixture
def app_options():
    return {"search_processes": False}


def create(client, seats, **kw):
    r = client.post("/api/games", json={"seats": seats, **kw})
    assert r.status_code == 201, r.text
    return r.json()


def recv_raw(ws, timeout=10.0):
    """The next message as sent, or fail after `timeout` seconds instead of hanging the test run."""
    rx = getattr(ws, "_send_rx", None)
    if rx is None:  # another TestClient: no timeout
        message = ws.receive()
    else:
        async def get():
            with anyio.fail_after(timeout):
                return await rx.receive()
        message = ws.portal.call(get)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    return json.loads(message["text"])


def mirror(ws):
    """The connection's copy of the view, as a client keeps it."""
    return ws.__dict__.setdefault("mirror", Mirror())


def recv(ws, timeout=10.0):
    """The next message; a whole view or a patch comes as {"type": "state", "seats", "rev",
    "view"} with the view as it stands then (patched; a copy), and "ref" if it had one.
    A patch that does not fit fails the test: the server sends none such."""
    m = recv_raw(ws, timeout)
    if m["type"] not in ("state", "patch"):
        return m
    copy = mirror(ws)
    assert copy.take(m) == "view", f"a patch that does not fit the view held: {m}"
    out = {"type": "state", "seats": copy.seats, "rev": copy.rev, "view": deepcopy(copy.view)}
    if "ref" in m:
        out["ref"] = m["ref"]
    return out


def recv_until(ws, pred, limit=500):
    """The first message, received or set aside earlier, for which pred holds; the others
    are set aside for later calls (a state and an "accepted" may come in either order)."""
    kept = ws.__dict__.setdefault("kept", [])
    for i, m in enumerate(kept):
        if pred(m):
            return kept.pop(i)
    for _ in range(limit):
        m = recv(ws)
        if pred(m):
            return m
        kept.append(m)
    raise AssertionError("no such message")


def state(ws, pred=lambda v: True):
    return recv_until(ws, lambda m: m["type"] == "state" and pred(m["view"]))


def error_reply(ws, code, *words):
    m = recv_until(ws, lambda m: m["type"] in ("error", "accepted", "pong"))
    assert m["type"] == "error" and m["code"] == code, m
    for w in words:
        assert w.lower() in m["message"].lower(), m["message"]
    return m


def alive(ws):
    ws.send_json({"type": "ping", "ref": "are-you-there"})
    assert recv_until(ws, lambda m: m["type"] != "state") == {"type": "pong", "ref": "are-you-there"}


def test_state_on_connect_and_every_change_reaches_every_connection(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}])
    gid, t0 = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        first = recv(watcher)
        assert first["type"] == "state" and first["seats"] == [] and first["view"]["id"] == gid
        assert first["view"]["spectators"] == 1
        with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as player:
            mine = state(player)
            assert mine["seats"] == [0] and mine["view"]["seats"][0]["connected"] is True
            # the watcher sees the player arrive
            assert state(watcher, lambda v: v["seats"][0]["connected"])["seats"] == []
            action = mine["view"]["legal_actions"][0]
            player.send_json({"type": "action", "action": action, "ref": 7})
            accepted = recv_until(player, lambda m: m["type"] == "accepted")
            assert accepted == {"type": "accepted", "action": action, "version": 1, "ref": 7}
            for ws in (player, watcher):
                v = state(ws, lambda v: v["version"] == 1)["view"]
                assert v["history"] == [{"move": 1, "turn": 1, "seat": 0, "action": action}]
            # and REST actions are pushed too
            v = client.get(f"/api/games/{gid}").json()
            r = client.post(f"/api/games/{gid}/actions", json={"token": t0, "action": "pass"})
            assert r.status_code == 200, r.text
            assert state(watcher, lambda v: v["version"] == 2)["view"]["moves"] == 2
        # the watcher sees the player leave
        assert state(watcher, lambda v: not v["seats"][0]["connected"])["view"]["spectators"] == 1


def test_a_player_reconnects_to_the_game_where_it_is(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}], seed=3)
    gid, t0 = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
        m = recv(ws)
        assert m["seats"] == [0]
        ws.send_json({"type": "action", "action": m["view"]["legal_actions"][0]})
        before = state(ws, lambda v: v["version"] == 1)
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:  # a reload, a lost network...
        m = recv(ws)
        assert m["seats"] == [0] and m["view"]["version"] == 1
        assert m["view"]["history"] == before["view"]["history"]
        assert m["view"]["legal_actions"] == before["view"]["legal_actions"]
        ws.send_json({"type": "action", "action": "pass"})
        assert recv_until(ws, lambda m: m["type"] == "accepted")["version"] == 2
        ws.send_json({"type": "state", "ref": "again"})
        m = recv_until(ws, lambda m: m.get("ref") == "again")
        assert m["type"] == "state" and m["view"]["version"] == 2


def test_computer_moves_are_pushed_live(client):
    g = create(client, [HUMAN, {"kind": "computer", "player": "greedy"}], seed=4)
    gid, token = g["id"], g["seats"][0]["token"]
    rng = random.Random(4)
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        v = state(ws)["view"]
        turns = 0
        while turns < 3:
            if v["current_player"] == 0:
                ws.send_json({"type": "action", "action": rng.choice(v["legal_actions"]), "version": v["version"]})
                recv_until(ws, lambda m: m["type"] in ("accepted", "error"))
            seen = v["version"]
            v = state(ws, lambda v, seen=seen: v["version"] > seen)["view"]
            if v["history"][-1]["seat"] == 1 and v["current_player"] == 0:
                turns += 1
        seats = {h["seat"] for h in v["history"]}
        assert seats == {0, 1}


def test_hotseat_connection_acts_for_every_human_seat(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}], hotseat=True)
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['hotseat_token']}") as ws:
        v = recv(ws)
        assert v["seats"] == [0, 1]
        v = v["view"]
        while len({h["seat"] for h in v["history"]}) < 2:
            ws.send_json({"type": "action", "action": rng.choice(v["legal_actions"])})
            assert recv_until(ws, lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
            seen = v["version"]
            v = state(ws, lambda v, seen=seen: v["version"] > seen)["view"]
        assert all(s["connected"] for s in v["seats"])


def test_every_bad_message_gets_an_error_and_changes_nothing(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}], seed=8)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    other = create(client, [HUMAN, {"kind": "human"}])["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}?token={t1}") as ws1, \
            client.websocket_connect(f"/ws/games/{gid}") as spectator, \
            client.websocket_connect(f"/ws/games/{gid}?token={other}") as stranger:
        start = state(ws)["view"]
        legal = start["legal_actions"]
        # malformed JSON, not an object, no type, unknown type, binary garbage
        ws.send_text('{"type": "action", "action": ')
        error_reply(ws, "bad_json", "not valid JSON")
        ws.send_text("[" * 1900 + "]" * 1900)  # deeper than Python's parser goes, within the message limit
        error_reply(ws, "bad_json", "nested too deeply")
        ws.send_text("[1, 2, 3]")
        error_reply(ws, "bad_request", "JSON object")
        ws.send_json({"action": "pass"})
        error_reply(ws, "bad_request", "type")
        ws.send_json({"type": "teleport", "ref": "x1"})
        assert error_reply(ws, "unknown_type", "teleport")["ref"] == "x1"
        ws.send_bytes(b"\xff\xfe\x00")
        error_reply(ws, "bad_json")
        ws.send_json({"type": "action"})
        error_reply(ws, "bad_request", "action")
        ws.send_json({"type": "action", "action": 42})
        error_reply(ws, "bad_request", "notation string")
        # oversized
        ws.send_json({"type": "action", "action": "pass", "pad": "x" * 5000})
        error_reply(ws, "too_large", "4096")
        ws.send_text("é" * 2100)  # 2,100 characters, 4,200 bytes
        error_reply(ws, "too_large")
        # out of turn, no token, a wrong token
        ws1.send_json({"type": "action", "action": legal[0]})
        error_reply(ws1, "not_your_turn", "seat 0")
        spectator.send_json({"type": "action", "action": legal[0]})
        error_reply(spectator, "missing_token", "watching")
        error_reply(stranger, "bad_token", "spectator")  # said once on connecting
        stranger.send_json({"type": "action", "action": legal[0]})
        error_reply(stranger, "bad_token")
        stranger.send_json({"type": "auth", "token": "nope"})
        error_reply(stranger, "bad_token")
        # malformed and illegal actions: the engine's message
        e = safari.new_game(players=2, seed=8)
        for bad in ("T0,0", "pass", "T50,50@0", "M:castle", "T0,-1@45"):
            with pytest.raises(ValueError) as info:
                e.apply(bad)
            ws.send_json({"type": "action", "action": bad})
            assert error_reply(ws, "illegal_action")["message"] == str(info.value)
        ws.send_json({"type": "action", "action": legal[0], "version": 99})
        error_reply(ws, "stale")
        for conn in (ws, ws1, spectator, stranger):
            alive(conn)
        after = client.get(f"/api/games/{gid}").json()
        assert after["version"] == start["version"] and after["history"] == [] and after["legal_actions"] == legal
        # the same connections go on: the right seat acts, everyone hears of it
        ws.send_json({"type": "action", "action": legal[0]})
        assert recv_until(ws, lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
        for conn in (ws1, spectator, stranger):
            assert state(conn, lambda v: v["version"] == 1)["view"]["moves"] == 1


def test_auth_message_takes_a_seat_without_a_token_in_the_url(client):
    g = create(client, [HUMAN, {"kind": "human", "name": "Bo"}])
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        assert recv(ws)["seats"] == []
        ws.send_json({"type": "auth", "token": g["seats"][0]["token"]})
        m = state(ws, lambda v: v["seats"][0]["connected"])
        assert m["seats"] == [0]
        ws.send_json({"type": "action", "action": m["view"]["legal_actions"][0]})
        assert recv_until(ws, lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"


def test_unknown_game_closes_with_a_reason(client):
    with client.websocket_connect("/ws/games/nosuchgame") as ws:
        m = recv(ws)
        assert m["type"] == "error" and m["code"] == "not_found" and "nosuchgame" in m["message"]
        with pytest.raises(WebSocketDisconnect) as info:
            recv(ws)
        assert info.value.code == 4404 and "unknown game" in info.value.reason
    # the server goes on
    assert client.get("/api/health").status_code == 200


def test_a_flood_of_messages_is_slowed_down(client):
    g = create(client, [HUMAN, {"kind": "human"}])
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        recv(ws)
        for _ in range(40):
            ws.send_json({"type": "ping"})
        replies = [recv_until(ws, lambda m: m["type"] != "state") for _ in range(40)]
        assert {"pong"} == {m["type"] for m in replies[:30]}
        assert any(m.get("code") == "rate_limited" for m in replies[30:])


def test_views_are_sent_as_the_same_json_whichever_encoder(client, monkeypatch):
    from savanna.web import jsontext

    g = create(client, [{"kind": "human", "name": "Zoë ✓"}, {"kind": "human", "name": "Bo"}], seed=12)
    rng = random.Random(12)
    for _ in range(30):  # a board with features, meeples and history
        v = client.get(f"/api/games/{g['id']}").json()
        token = g["seats"][v["current_player"]]["token"]
        assert client.post(f"/api/games/{g['id']}/actions",
                           json={"token": token, "action": rng.choice(v["legal_actions"])}).status_code == 200
    view = client.get(f"/api/games/{g['id']}").json()
    fast = jsontext.dumps(view)
    assert jsontext.dumps({1: "a key that is not text"}) == '{"1":"a key that is not text"}'  # orjson refuses it
    monkeypatch.setattr(jsontext, "orjson", None)
    assert json.loads(fast) == json.loads(jsontext.dumps(view)) == jsontext.loads(fast) == view
