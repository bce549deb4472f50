"""Africa in the web app: created with its own rules option, played through the API and
over WebSockets, views that keep each seat's hidden gold and gems from everyone else,
computer seats, export, replay and the lobby."""

from __future__ import annotations

import json
import random
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from test_web_ws import recv_until
import web_client
from web_client import view
from web_history import client_get, history_of

from savanna import africa


@pytest.fixture
def app_options():
    return {"search_processes": False, "computer_only": True}


def create(client, seats, status=201, **kw):
    return web_client.create(client, seats, status, game="africa", **kw)


PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def test_africa_is_created_with_its_own_rules_option_and_others_are_refused(client):
    g = create(client, PEOPLE, hidden_treasure=True, seed=4)
    v = view(client, g["id"])
    assert v["game"] == "africa" and v["rules"] == {"players": 2, "hidden_treasure": True}
    assert v["phase"] == "setup" and len(v["board"]) == 101 and v["tiles_face_down"] == 96
    assert all(s["gold"] is None for s in v["seats"])  # a spectator sees no one's treasure
    assert "safari" in {x["game"] for x in client.get("/api/players").json()["games"]}
    for body, words in (({"game": "africa", "final_scoring": "all"}, "no option final_scoring"),
                        ({"game": "safari", "hidden_treasure": True}, "no option hidden_treasure"),
                        ({"game": "chess"}, "game")):
        r = client.post("/api/games", json={"seats": PEOPLE, **body})
        assert r.status_code in (400, 422) and words in r.json()["message"], r.text
    assert client.get("/api/games").json()["open"][0]["rules"] == {"hidden_treasure": True}


def play_until(client, g, pred, rng, limit=3000):
    """Play random legal actions for whichever seat must act (preferring base camps that
    explore, which take gold and gems) until pred(spectator view) holds."""
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for _ in range(limit):
        v = view(client, g["id"])
        if pred(v) or v["status"] == "over":
            return v
        seat = v["current_player"]
        acts = view(client, g["id"], tokens[seat])["legal_actions"]
        a = "B$" if "B$" in acts and rng.random() < 0.8 else rng.choice(acts)
        r = client.post(f"/api/games/{g['id']}/actions", json={"token": tokens[seat], "action": a})
        assert r.status_code == 200, r.text
    raise AssertionError("the position was not reached")


def test_hidden_gold_and_gems_reach_only_their_holder_over_rest_and_websockets(client):
    g = create(client, PEOPLE, hidden_treasure=True, seed=8)
    gid = g["id"]
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    v = play_until(client, g, lambda v: v["seats"][0]["treasure_tiles"] and v["seats"][1]["treasure_tiles"],
                   random.Random(1))
    assert v["status"] == "playing"
    mine, theirs = view(client, gid, t0), view(client, gid, t1)
    assert isinstance(mine["seats"][0]["gold"], int) and mine["seats"][1]["gold"] is None
    assert isinstance(theirs["seats"][1]["gems"], int) and theirs["seats"][0]["gems"] is None
    for w in (v, mine, theirs):  # the face-down mix does not tell what was taken either
        assert not any(k.startswith(("gold", "gems")) for k in w["unseen_tiles"]) and "treasure" in w["unseen_tiles"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ann, \
            client.websocket_connect(f"/ws/games/{gid}?token={t1}") as bob, \
            client.websocket_connect(f"/ws/games/{gid}") as watcher:
        a = recv_until(ann, lambda m: m["type"] == "state")["view"]
        b = recv_until(bob, lambda m: m["type"] == "state")["view"]
        w = recv_until(watcher, lambda m: m["type"] == "state")["view"]
        assert a["viewer"] == 0 and a["seats"][0]["gold"] == mine["seats"][0]["gold"] and a["seats"][1]["gold"] is None
        assert b["viewer"] == 1 and b["seats"][1]["gems"] == theirs["seats"][1]["gems"] and b["seats"][0]["gems"] is None
        assert w["viewer"] is None and all(s["gold"] is None and s["gems"] is None for s in w["seats"])
        # after a move, each gets its own view again, pushed
        seat = w["current_player"]
        ws, token = (ann, t0) if seat == 0 else (bob, t1)
        ws.send_json({"type": "action", "action": view(client, gid, token)["legal_actions"][0]})
        for conn, me in ((ann, 0), (bob, 1), (watcher, None)):
            pushed = recv_until(conn, lambda m: m["type"] == "state" and m["view"]["moves"] == w["moves"] + 1)["view"]
            for s in pushed["seats"]:
                assert (s["gold"] is not None) == (s["seat"] == me)
        assert "seed" not in json.dumps(w) or w["seed"] is None


def test_an_africa_game_between_computers_finishes_exports_and_replays(client):
    g = create(client, [{"kind": "computer", "player": "easy"}, {"kind": "computer", "player": "medium"}], seed=3)
    gid = g["id"]
    deadline = time.time() + 120
    while (v := view(client, gid))["status"] != "over":
        assert time.time() < deadline, "the computers did not finish"
        time.sleep(0.2)
    assert v["winners"] and v["final_points"] and v["seed"] == "3"
    saved = client.get(f"/api/games/{gid}/export").text
    game = africa.from_json(saved)
    assert game.is_terminal() and game.scores == [s["score"] for s in v["seats"]]
    assert v["score_history"][-1]["final"] and v["score_history"][-1]["scores"] == game.scores
    before = v["score_history"][-2]["scores"]
    assert [b + p["total"] for b, p in zip(before, v["final_points"])] == game.scores
    step = client.get(f"/api/games/{gid}/replay?step=12").json()
    assert step["replay"]["step"] == 12 and step["moves"] == 12 and step["game"] == "africa"
    recent = client.get("/api/games").json()["recent"]
    assert recent[0]["id"] == gid and recent[0]["game"] == "africa"
    # the saved game comes back as a new game here, identical
    r = client.post("/api/games/import", content=saved, headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    assert view(client, r.json()["id"])["history"] == v["history"]


def test_bad_africa_actions_are_refused_and_change_nothing(client):
    g = create(client, PEOPLE, seed=2)
    gid = g["id"]
    before = view(client, gid)
    seat = before["current_player"]
    token = g["seats"][seat]["token"]
    for action, code in (("Zz99", "illegal_action"), ("Sg4", "illegal_action"), ("", "illegal_action")):
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action})
        assert r.status_code == 422 and r.json()["code"] == code, r.text
    other = g["seats"][1 - seat]["token"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": other, "action": before["legal_actions"][0]})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    assert view(client, gid)["version"] == before["version"]


# ---------------------------------------------- what hidden treasure hides, and what it cannot

TREASURE = ("gold", "gems")


def totals_shown(data, path="$"):
    """Every (path, seat, kind, value) of a "gold" or "gems" field anywhere in the JSON."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in TREASURE and not isinstance(v, (dict, list)):
                out.append((path, data.get("seat"), k, v))
            out += totals_shown(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += totals_shown(v, f"{path}[{i}]")
    return out


def assert_only_own_totals(data, me):
    """No seat's totals in `data` but `me`'s (None: a spectator's, the lobby's: nobody's),
    and the face-down mix does not tell gold from gems."""
    for path, seat, kind, value in totals_shown(data):
        assert seat is not None, f"{path}: {kind} outside a seat"
        if seat != me:
            assert value is None, f"{path}: seat {seat}'s {kind} is shown to {me}: {value}"
        else:
            assert isinstance(value, int)
    if isinstance(data, dict) and "unseen_tiles" in data:  # the face-down mix: gold and gems lumped
        assert not any(k.startswith(TREASURE) for k in data["unseen_tiles"]) and "treasure" in data["unseen_tiles"]


def replay(client, gid, step):
    r = client.get(f"/api/games/{gid}/replay?step={step}")
    assert r.status_code == 200, r.text
    return r.json()


def follow(client, gid):
    """What anyone watching can work out from public answers alone: each seat's gold and
    gems, from the move list and the board before and after each base camp that explored
    ("B$": the gold and gems that left the board went to the seat that built it)."""
    values = {t.id: (t.kind, t.value) for t in africa.new_game(players=2).data.types if t.kind in TREASURE}
    public = view(client, gid)
    totals = [{"gold": 0, "gems": 0, "tiles": 0} for _ in public["seats"]]
    for move in history_of(client_get(client), public):  # (the older moves asked for, as a page does)
        if move["action"] != "B$":
            continue
        before, after = replay(client, gid, move["move"] - 1), replay(client, gid, move["move"])
        assert after["replay"]["last_action"] == move  # (with what it scored: "explore", 0 points)
        for b, a in zip(before["board"], after["board"]):
            if b["tile"] in values and a["tile"] != b["tile"]:
                kind, value = values[b["tile"]]
                totals[move["seat"]][kind] += value
                totals[move["seat"]]["tiles"] += 1
    # nothing else takes gold or gems: the tiles counted are all each seat took (a public count)
    assert [t.pop("tiles") for t in totals] == [s["treasure_tiles"] for s in public["seats"]]
    return totals


def finish(client, gid, tokens, rng):
    """Play the game to its end (random legal actions, through the service: quicker than HTTP)."""
    store, service = client.app.state.parts.store, client.app.state.parts.service
    for _ in range(10_000):
        game = service.position(store.get(gid)).game
        if game.is_terminal():
            return
        seat = game.current_player
        acts = [str(a) for a in game.legal_actions()]
        service.act(gid, tokens[seat], "B$" if "B$" in acts and rng.random() < 0.8 else rng.choice(acts))
    raise AssertionError("the game does not end")


def test_a_resigned_seats_open_websocket_loses_the_seats_hidden_totals(client):
    """Resigning hands the seat to a computer: the resigner's connection, still open, sees from
    then on what a spectator sees, not the totals of the seat the computer now plays."""
    g = create(client, PEOPLE, hidden_treasure=True, seed=8)
    gid = g["id"]
    t0 = g["seats"][0]["token"]
    v = play_until(client, g, lambda v: v["seats"][0]["treasure_tiles"], random.Random(1))
    assert v["status"] == "playing"
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ann:
        a = recv_until(ann, lambda m: m["type"] == "state")["view"]
        assert a["viewer"] == 0 and isinstance(a["seats"][0]["gold"], int)
        r = client.post(f"/api/games/{gid}/resign", json={"token": t0, "seat": 0})
        assert r.status_code == 200, r.text
        # the viewer changed: the whole view, not a patch of the seat's own
        after = recv_until(ann, lambda m: m["type"] == "state" and m["view"]["seats"][0].get("resigned"))["view"]
        assert after["status"] == "playing" and after["seats"][0]["kind"] == "computer"
        assert after["viewer"] is None
        assert all(s["gold"] is None and s["gems"] is None for s in after["seats"]), after["seats"]


def test_hidden_treasure_hides_the_totals_but_anyone_watching_can_follow_them(client):
    """The docs' (docs/play/games.md) and the lobby's statement of the option, both halves: (1) mid-game no
    view of another seat, no spectator's, no lobby entry and no replay step holds a seat's
    gold and gem totals; (2) yet the public replay gives them exactly, as a watcher with
    perfect memory has them; (3) at the end every view shows them."""
    g = create(client, PEOPLE, hidden_treasure=True, seed=8)
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    store, service = client.app.state.parts.store, client.app.state.parts.service
    rng = random.Random(1)
    v = play_until(client, g, lambda v: all(s["treasure_tiles"] for s in v["seats"]), rng)
    assert v["status"] == "playing"
    game = service.position(store.get(gid)).game
    truth = [game.treasure(s) for s in range(2)]
    assert all(t["gold"] + t["gems"] for t in truth)
    n = v["moves"]

    # (1) hidden: the seats' own views (REST and WebSocket), a spectator's, the lobby, replay steps
    for seat, token in tokens.items():
        own = view(client, gid, token)
        assert_only_own_totals(own, seat)
        assert {k: own["seats"][seat][k] for k in TREASURE} == truth[seat]
    assert_only_own_totals(view(client, gid), None)
    lobby = client.get("/api/games").json()
    assert gid in [x["id"] for x in lobby["open"]] and totals_shown(lobby) == []
    for step in range(0, n + 1, 7):
        assert_only_own_totals(replay(client, gid, step), None)
    assert_only_own_totals(replay(client, gid, n), None)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ann, \
            client.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert_only_own_totals(recv_until(ann, lambda m: m["type"] == "state")["view"], 0)
        assert_only_own_totals(recv_until(watcher, lambda m: m["type"] == "state")["view"], None)
    r = client.get(f"/api/games/{gid}/export", params={"token": tokens[0]})
    assert r.status_code == 403 and r.json()["code"] == "hidden"  # nor the saved game

    # (2) followed: the public move list and replay give every seat's totals exactly
    assert follow(client, gid) == truth

    # (3) revealed: at the end every view shows every seat's totals, as the final scoring does
    finish(client, gid, tokens, rng)
    v = view(client, gid)
    assert v["status"] == "over" and len(v["final_points"]) == 2
    game = service.position(store.get(gid)).game
    truth = [game.treasure(s) for s in range(2)]
    for w in (v, view(client, gid, tokens[1]), replay(client, gid, v["moves"])):
        assert [{k: s[k] for k in TREASURE} for s in w["seats"]] == truth
    assert follow(client, gid) == truth


def test_the_lobby_states_what_the_option_hides_and_what_anyone_watching_can_follow(client):
    option = next(o for x in client.get("/api/players").json()["games"] if x["game"] == "africa"
                  for o in x["options"] if o["name"] == "hidden_treasure")
    assert "shown only to that player until the final scoring" in option["description"]
    note = option["note"]
    assert "Hidden from the other players, spectators, the lobby, replays and the API: the totals" in note
    assert "every such pick-up" in note and "anyone watching" in note and "add up each player's totals" in note
    lobby_js = client.get("/static/lobby.js").text
    assert "o.note" in lobby_js and "option-note" in lobby_js  # the page shows it under the checkbox
