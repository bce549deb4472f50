"""Scores explained, takebacks, resigning and deleting games in the web app.

- Scoring events: the engines' `apply_explained` events add up to every score change of
  random games of both games, and the view carries them (history "scored", the final
  scoring's breakdown) in agreement with the scores.
- Takebacks: against computer players, at once and to the exact position before the turn,
  after which the computer moves again; between people, a request the others accept or
  refuse (only they may answer, a stale request cannot be accepted, the asker may withdraw).
- Resigning: the seat passes to a computer player, or the game ends, as the creator chose;
  a resigned seat ranks last.
- Deleting: by the creator token only, and only an unfinished game.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from starlette.websockets import WebSocketDisconnect
from web_client import act, create, error, view, wait_for
from web_history import client_get, history_of

from savanna import africa, safari
from savanna.ai import make_player

HUMAN = {"kind": "human", "name": "Ann"}
BO = {"kind": "human", "name": "Bo"}
CY = {"kind": "human", "name": "Cy"}
RANDOM = {"kind": "computer", "player": "random"}


@pytest.fixture
def app_options():
    return {"search_processes": False}


def post(client, gid, what, **body):
    return client.post(f"/api/games/{gid}/{what}", json=body)


def ok(r):
    assert r.status_code == 200, r.text
    return r.json()


def delete(client, gid, token):
    return client.request("DELETE", f"/api/games/{gid}", json={"token": token})


# the parts of a view that say where the game stands (not when, nor who is connected)
POSITION_KEYS = ("status", "current_player", "active_player", "phase", "turn", "moves", "drawn_tile", "tiles_left",
                 "remaining_tiles", "board", "features", "watering_holes", "rangers", "empty_spaces", "scoring",
                 "tokens", "legal_actions", "history", "score_history", "last_placed")


def position_of(v):
    out = {k: v[k] for k in POSITION_KEYS if k in v}
    out["seats"] = [{k: x for k, x in s.items() if k not in ("connected",)} for s in v["seats"]]
    return out


# ------------------------------------------------------------------ scoring events


def random_game(module, seed, players, **kw):
    """A game of random legal actions (and a few greedy ones, to complete more features),
    applied with apply_explained: (events per action, score changes per action)."""
    g = module.new_game(players=players, seed=seed, **kw)
    rng = random.Random(seed)
    greedy = make_player("greedy", seed=seed)
    events, deltas = [], []
    while not g.is_terminal():
        a = greedy.choose(g.clone()) if rng.random() < 0.5 else rng.choice(g.legal_actions())
        before = g.scores
        events.append(g.apply_explained(a))
        deltas.append([x - y for x, y in zip(g.scores, before)])
    return g, events, deltas


@pytest.mark.parametrize("module,seed,players,kw", [
    (safari, 1, 2, {}), (safari, 2, 3, {}), (safari, 3, 4, {"final_scoring": "majority"}), (safari, 4, 5, {}),
    (africa, 1, 2, {}), (africa, 2, 3, {}), (africa, 3, 4, {"hidden_treasure": True}), (africa, 4, 5, {}),
])
def test_scoring_events_add_up_to_every_score_change(module, seed, players, kw):
    g, events, deltas = random_game(module, seed, players, **kw)
    kinds = set()
    for scored, delta in zip(events, deltas):
        got = [0] * players
        for e in scored:
            assert {"what", "seat", "points"} <= set(e) and 0 <= e["seat"] < players
            got[e["seat"]] += e["points"]
            kinds.add(e["what"])
        assert got == delta, scored
    finals = [e for e in events[-1] if e["what"].startswith("final")]
    per_seat = [sum(e["points"] for e in finals if e["seat"] == s) for s in range(players)]
    assert per_seat == [p if isinstance(p, int) else p["total"] for p in g.final_points]
    if module is safari:
        assert {"feature", "final_feature"} <= kinds
        for e in (e for scored in events for e in scored if e["what"] == "feature"):
            n = len(e["animals"]) + (e["added"] is not None)
            assert e["points"] == n * (n + 1) // 2 + e["birds"] and e["seat"] in e["leaders"]
            assert e["added"] is None or e["added"] not in e["animals"]
    else:
        assert {"animal", "final"} <= kinds
        for e in finals:
            assert e["points"] == e["objects"] + e["gold"] + e["gems"]


def test_a_completed_watering_hole_and_baobab_are_explained():
    """The rarer events, from a game built to reach them: every digger of a completed hole
    scores 3 once; a completed baobab gives back its meeple and two tokens, no points."""
    seen = set()
    for seed in range(40):
        _, events, deltas = random_game(safari, seed, 2)
        for scored, delta in zip(events, deltas):
            for e in scored:
                seen.add(e["what"])
                if e["what"] == "hole":
                    assert e["points"] == 3 and e["meeples"] >= 1
                if e["what"] == "baobab":
                    assert e["points"] == 0 and 0 <= e["tokens"] <= 2
        if {"hole", "baobab"} <= seen:
            break
    assert {"hole", "baobab", "dig", "expand", "ranger"} <= seen


def test_the_view_carries_what_each_action_scored(client):
    g = create(client, [HUMAN, RANDOM], seed=5)
    gid, token = g["id"], g["seats"][0]["token"]
    rng = random.Random(5)
    while True:
        v = wait_for(client, gid, lambda v: v["status"] == "over" or v["current_player"] == 0)
        if v["status"] == "over":
            break
        if v["phase"] == "score":  # the choice says what a token adds
            sc = v["scoring"]
            assert sc["points_with_token"] - sc["points"] == len(sc["animals"]) + 1
        ok(act(client, gid, token, rng.choice(v["legal_actions"]), version=v["version"]))
    totals = [0, 0]
    for h in history_of(client_get(client), v):  # (the older moves asked for, as a page does)
        for e in h.get("scored", []):
            totals[e["seat"]] += e["points"]
    assert totals == [s["score"] for s in v["seats"]]
    finals = v["final_scoring"]
    assert finals and all(e["what"] in ("final_feature", "final_tokens") for e in finals)
    assert [sum(e["points"] for e in finals if e["seat"] == s) for s in (0, 1)] == v["final_points"]
    assert finals == [e for e in v["history"][-1]["scored"] if e["what"].startswith("final")]
    assert all(h["scored"] for h in v["history"] if "scored" in h)  # present only when an action scored


# ------------------------------------------------------------------------- takebacks


def test_a_takeback_against_the_computer_restores_the_turn_exactly_and_the_computer_moves_again(client):
    g = create(client, [HUMAN, RANDOM], seed=21)
    gid, token = g["id"], g["seats"][0]["token"]
    rng = random.Random(21)
    starts = {}  # the view when each of my turns began, by the length of the game then
    v = None
    while len(starts) < 4:
        v = wait_for(client, gid, lambda v: v["current_player"] == 0)
        if v["active_player"] == 0 and (not v["history"] or v["history"][-1]["seat"] != 0):
            starts.setdefault(v["moves"], v)
        ok(act(client, gid, token, rng.choice(v["legal_actions"]), version=v["version"]))
    v = wait_for(client, gid, lambda v: v["current_player"] == 0 and v["active_player"] == 0)
    starts.setdefault(v["moves"], v)
    # it is my turn and I have not acted in it: my previous turn goes, with the computer's after it
    last = max(m for m in starts if m < v["moves"])
    assert v["takeback"]["to"][0] == last
    before = ok(post(client, gid, "takeback", token=token, version=v["version"]))
    assert before["outcome"] == "done" and before["moves"] == last
    after = view(client, gid)
    assert position_of(after) == position_of(starts[last])
    assert after["version"] > v["version"] and after["takeback"]["count"] == 1
    assert after["takeback"]["last"]["outcome"] == "done" and after["takeback"]["last"]["from"] == v["moves"]
    # the stored game is the shorter one: the replay and the download agree
    assert client.get(f"/api/games/{gid}/replay?step={last}").json()["replay"]["steps"] == last
    saved = client.get(f"/api/games/{gid}/export?token={token}")
    assert saved.status_code == 200 and len(safari.from_json(saved.text).history) == last
    # the same tile comes again (the deal is the seed's); I play, then the computer moves again
    assert after["drawn_tile"] == starts[last]["drawn_tile"]
    while True:
        w = view(client, gid)
        if w["current_player"] != 0:
            break
        ok(act(client, gid, token, rng.choice(w["legal_actions"]), version=w["version"]))
    done = wait_for(client, gid, lambda w: w["current_player"] == 0 and w["active_player"] == 0)
    assert any(h["seat"] == 1 for h in history_of(client_get(client), done)[last:])
    # in the middle of my turn: that turn is the one taken back
    first = done["moves"]
    ok(act(client, gid, token, done["legal_actions"][0]))
    assert view(client, gid)["takeback"]["to"][0] == first
    assert ok(post(client, gid, "takeback", token=token))["moves"] == first
    assert position_of(view(client, gid)) == position_of(done)


def test_a_takeback_while_the_computer_thinks_stores_none_of_its_move(client):
    """The computer's search, begun before the takeback, is refused when it tries to store its move."""
    app = client.app
    live, service = app.state.parts.live, app.state.parts.service
    g = create(client, [HUMAN, {"kind": "computer", "player": "mcts:time=0.5"}], seed=8)
    gid, token = g["id"], g["seats"][0]["token"]
    v = view(client, gid)
    start = v
    while view(client, gid)["current_player"] == 0:  # my first turn, then the computer thinks
        w = view(client, gid)
        ok(act(client, gid, token, w["legal_actions"][0]))
    assert gid in live.computers.tasks  # searching
    ok(post(client, gid, "takeback", token=token))
    client.portal.call(live.idle, 10.0)
    after = view(client, gid)
    assert position_of(after) == position_of(start)
    assert service.store.get(gid).actions == []


def test_takeback_requests_between_people(client):
    g = create(client, [HUMAN, BO, CY], seed=3)
    gid = g["id"]
    ann, bo, cy = (s["token"] for s in g["seats"])
    tokens = [ann, bo, cy]
    rng = random.Random(3)
    # each plays a turn
    while view(client, gid)["turn"] < 4:
        v = view(client, gid)
        ok(act(client, gid, tokens[v["current_player"]], rng.choice(v["legal_actions"])))
    v = view(client, gid)
    assert v["active_player"] == 0
    error(post(client, gid, "takeback/answer", token=bo, accept=True), 409, "stale", "none")
    # Bo asks: Ann and Cy must agree
    asked = ok(post(client, gid, "takeback", token=bo))
    assert asked["outcome"] == "asked" and asked["moves"] == v["moves"]
    req = view(client, gid)["takeback"]["request"]
    assert req["seat"] == 1 and req["waiting"] == [0, 2] and req["accepted"] == [] and req["moves"] == v["moves"]
    error(post(client, gid, "takeback", token=cy), 409, "conflict", "already")
    error(post(client, gid, "takeback/answer", token=bo, accept=True), 403, "not_asked")
    error(post(client, gid, "takeback/answer", token="nobody", accept=True), 403, "bad_token")
    error(post(client, gid, "takeback/answer", token=ann, accept="yes"), 400, "bad_request")
    assert ok(post(client, gid, "takeback/answer", token=ann, accept=True))["outcome"] == "accepted"
    assert view(client, gid)["moves"] == v["moves"]  # not yet: Cy has not answered
    error(post(client, gid, "takeback/answer", token=ann, accept=True), 403, "not_asked")
    # Cy refuses: nothing is taken back
    assert ok(post(client, gid, "takeback/answer", token=cy, accept=False))["outcome"] == "refused"
    w = view(client, gid)
    assert w["moves"] == v["moves"] and w["takeback"]["request"] is None
    assert w["takeback"]["last"] == {"seat": 1, "outcome": "refused", "by": [2], "from": v["moves"], "to": req["to"]}
    # asked again, then a move makes the request stale: it can no longer be accepted
    ok(post(client, gid, "takeback", token=bo))
    moves = view(client, gid)["moves"]
    ok(act(client, gid, ann, view(client, gid)["legal_actions"][0]))
    assert view(client, gid)["takeback"]["request"] is None
    error(post(client, gid, "takeback/answer", token=cy, accept=True), 409, "stale")
    error(post(client, gid, "takeback/answer", token=cy, accept=True, moves=moves), 409, "stale")
    # asked, withdrawn by the asker
    ok(post(client, gid, "takeback", token=ann))
    assert ok(post(client, gid, "takeback/answer", token=ann, accept=False))["outcome"] == "withdrawn"
    # asked, and accepted by all: Ann's turn (the one she is in) is taken back
    w = view(client, gid)
    ok(post(client, gid, "takeback", token=ann))
    req = view(client, gid)["takeback"]["request"]
    assert req["to"] == w["takeback"]["to"][0] and req["waiting"] == [1, 2]
    ok(post(client, gid, "takeback/answer", token=bo, accept=True, moves=req["moves"]))
    done = ok(post(client, gid, "takeback/answer", token=cy, accept=True))
    assert done["outcome"] == "done" and done["moves"] == req["to"]
    x = view(client, gid)
    assert x["moves"] == req["to"] and x["current_player"] == 0 and x["takeback"]["count"] == 1
    assert x["takeback"]["last"]["outcome"] == "done"
    assert client.app.state.parts.store.get(gid).meta["takebacks"][0]["agreed"] == [1, 2]


def test_takebacks_refused_when_there_is_nothing_to_take_back_or_the_game_is_over(client):
    g = create(client, [HUMAN, RANDOM], seed=4)
    gid, token = g["id"], g["seats"][0]["token"]
    error(post(client, gid, "takeback", token=token), 409, "nothing_to_take_back")
    error(post(client, gid, "takeback"), 401, "missing_token")
    error(post(client, gid, "takeback", token="nope"), 403, "bad_token")
    error(post(client, "nope", "takeback", token=token), 404, "not_found")
    v = view(client, gid)
    ok(act(client, gid, token, v["legal_actions"][0]))
    error(post(client, gid, "takeback", token=token, version=v["version"]), 409, "stale")
    ok(post(client, gid, "resign", token=token))  # the only person: the game ends
    error(post(client, gid, "takeback", token=token), 403, "bad_token")  # the token plays no seat now


def test_a_hotseat_takes_back_at_once(client):
    g = create(client, [HUMAN, BO], seed=6, hotseat=True)
    gid, token = g["id"], g["hotseat_token"]
    rng = random.Random(6)
    while view(client, gid)["turn"] < 3:
        v = view(client, gid)
        ok(act(client, gid, token, rng.choice(v["legal_actions"])))
    v = view(client, gid)
    out = ok(post(client, gid, "takeback", token=token))
    assert out["outcome"] == "done" and out["moves"] == v["takeback"]["to"][1]  # Bo's turn was the last one


# ------------------------------------------------------------------------- resigning


def test_a_resigned_seat_passes_to_a_computer_player_that_plays_it_on(client):
    g = create(client, [HUMAN, BO], seed=9, resign_player="random")
    gid, ann, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    v = view(client, gid)
    assert v["on_resign"] == "computer" and v["resign_player"] == "random"
    ok(act(client, gid, ann, v["legal_actions"][0]))
    out = ok(post(client, gid, "resign", token=ann))  # in the middle of her turn
    assert out["outcome"] == "computer" and out["status"] == "playing"
    v = wait_for(client, gid, lambda v: v["current_player"] == 1)  # the computer finished her turn
    assert v["seats"][0]["resigned"] and v["seats"][0]["kind"] == "computer" and v["seats"][0]["player"] == "random"
    assert v["seats"][0]["name"] == "Ann"
    error(act(client, gid, ann, "pass"), 403, "bad_token")
    error(post(client, gid, "resign", token=ann), 403, "bad_token")
    # played to the end by Bo and the computer: Ann's seat ranks last
    rng = random.Random(9)
    while True:
        v = wait_for(client, gid, lambda v: v["status"] == "over" or v["current_player"] == 1)
        if v["status"] == "over":
            break
        ok(act(client, gid, bo, rng.choice(v["legal_actions"]), version=v["version"]))
    assert v["winners"] == [1] and v["ended"] is None and v["final_points"] is not None
    lobby = client.get("/api/games").json()
    assert [x["winners"] for x in lobby["recent"] if x["id"] == gid] == [[1]]


def test_a_resignation_ends_the_game_if_the_creator_chose_so(client):
    error(client.post("/api/games", json={"seats": [HUMAN, BO], "on_resign": "never"}), 400, "bad_request")
    error(client.post("/api/games", json={"seats": [HUMAN, BO], "resign_player": "nobody"}), 422, "bad_settings")
    g = create(client, [HUMAN, BO, RANDOM], seed=10, on_resign="end")
    gid, ann, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    rng = random.Random(10)
    while view(client, gid)["turn"] < 5:
        v = wait_for(client, gid, lambda v: v["current_player"] in (0, 1))
        ok(act(client, gid, [ann, bo][v["current_player"]], rng.choice(v["legal_actions"])))
    v = wait_for(client, gid, lambda v: v["current_player"] in (0, 1))
    out = ok(post(client, gid, "resign", token=bo))
    assert out == {"type": "resigned", "outcome": "ended", "version": v["version"] + 1, "status": "over"}
    w = view(client, gid)
    assert w["status"] == "over" and w["phase"] == "over" and w["current_player"] is None and w["legal_actions"] == []
    assert w["ended"]["seat"] == 1 and w["ended"]["reason"] == "resigned" and w["seats"][1]["resigned"]
    assert w["seats"][1]["kind"] == "human" and w["seed"] == "10"
    scores = [s["score"] for s in w["seats"]]
    assert scores == [s["score"] for s in v["seats"]]  # no final scoring
    best = max(scores[0], scores[2])
    assert w["winners"] == [s for s in (0, 2) if scores[s] == best]
    error(act(client, gid, ann, v["legal_actions"][0]), 409, "game_over")
    error(post(client, gid, "resign", token=ann), 409, "game_over")
    assert client.get(f"/api/games/{gid}/export").status_code == 200  # over: downloadable
    replay = client.get(f"/api/games/{gid}/replay?step=1").json()
    assert replay["status"] == "playing" and replay["ended"] is None  # before the end, the game went on
    lobby = client.get("/api/games").json()
    assert gid in [x["id"] for x in lobby["recent"]] and gid not in [x["id"] for x in lobby["open"]]


def test_resigning_the_last_person_ends_the_game(client):
    g = create(client, [HUMAN, RANDOM], seed=12)
    out = ok(post(client, g["id"], "resign", token=g["seats"][0]["token"]))
    assert out["outcome"] == "ended"
    v = view(client, g["id"])
    assert v["winners"] == [1] and v["ended"]["people_left"] == 0


def test_the_seat_that_resigned_first_ranks_last_when_every_seat_resigned(client):
    """Ann leads and resigns (a computer plays her seat on), then Bo, the last person, resigns,
    which ends the game: Bo stayed longest and wins; Ann's seat ranks last, whatever it scored."""
    g = create(client, [HUMAN, BO], seed=21, resign_player="random")
    gid, ann, bo = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    rng = random.Random(1)
    while True:  # play until Ann leads, at Bo's turn
        v = view(client, gid)
        if v["moves"] > 12 and v["seats"][0]["score"] > v["seats"][1]["score"] and v["current_player"] == 1:
            break
        ok(act(client, gid, [ann, bo][v["current_player"]], rng.choice(v["legal_actions"])))
    assert ok(post(client, gid, "resign", token=ann))["outcome"] == "computer"
    moves_then = v["moves"]
    assert ok(post(client, gid, "resign", token=bo))["outcome"] == "ended"
    w = view(client, gid)
    assert w["status"] == "over" and w["ended"]["seat"] == 1 and w["ended"]["people_left"] == 0
    assert w["seats"][0]["score"] > w["seats"][1]["score"]  # Ann's seat still leads on points
    assert w["winners"] == [1] and w["ranking"] == [1, 0]
    lobby = client.get("/api/games").json()
    assert [x["winners"] for x in lobby["recent"] if x["id"] == gid] == [[1]]
    # a replay before the resignations shows two people playing, none resigned, no ranking yet
    r = client.get(f"/api/games/{gid}/replay?step={moves_then - 1}").json()
    assert r["status"] == "playing" and r["ranking"] is None and r["ended"] is None
    assert [(s["kind"], s["resigned"]) for s in r["seats"]] == [("human", False), ("human", False)]


def test_the_ranking_puts_the_seats_that_played_on_first_by_score(client):
    g = create(client, [HUMAN, BO, CY], seed=10, on_resign="end")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = random.Random(10)
    while view(client, gid)["turn"] < 4:
        v = view(client, gid)
        ok(act(client, gid, tokens[v["current_player"]], rng.choice(v["legal_actions"])))
    ok(post(client, gid, "resign", token=tokens[0]))  # ends the game: Bo and Cy by score, then Ann
    w = view(client, gid)
    scores = [s["score"] for s in w["seats"]]
    assert w["ranking"][-1] == 0 and sorted(w["ranking"][:2], key=lambda s: -scores[s]) == w["ranking"][:2]
    assert set(w["ranking"]) == {0, 1, 2}


# -------------------------------------------------------------------------- deleting


def test_only_the_creator_deletes_an_unfinished_game(client):
    g = create(client, [HUMAN, BO], seed=13)
    gid = g["id"]
    assert g["creator_token"] and g["creator_token"] not in (g["seats"][0]["token"], g["seats"][1]["token"])
    other = create(client, [HUMAN, RANDOM])
    error(delete(client, gid, g["seats"][0]["token"]), 403, "bad_token", "creator")
    error(delete(client, gid, other["creator_token"]), 403, "bad_token")
    error(delete(client, gid, None), 401, "missing_token")
    error(delete(client, "nope", g["creator_token"]), 404, "not_found")
    stored = client.app.state.parts.store.get(gid).meta
    assert g["creator_token"] not in str(stored) and len(stored["creator_hash"]) == 64
    with client.websocket_connect(f"/ws/games/{gid}?token={g['seats'][1]['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
        assert ok(delete(client, gid, g["creator_token"])) == {"type": "deleted", "id": gid}
        m = ws.receive_json()
        while m["type"] != "error":
            m = ws.receive_json()
        assert m["code"] == "not_found" and "deleted" in m["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    error(client.get(f"/api/games/{gid}"), 404, "not_found")
    assert gid not in [x["id"] for x in client.get("/api/games").json()["open"]]


def test_a_finished_game_is_not_deleted(client):
    g = create(client, [HUMAN, BO], seed=14, on_resign="end")
    ok(post(client, g["id"], "resign", token=g["seats"][0]["token"]))
    error(delete(client, g["id"], g["creator_token"]), 409, "game_over", "finished")
    assert view(client, g["id"])["status"] == "over"


# ------------------------------------------------------------------------ websocket


def test_takeback_and_resign_over_the_websocket(client):
    g = create(client, [HUMAN, RANDOM], seed=15)
    gid, token = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        def until(pred):
            while True:
                m = ws.receive_json()
                if pred(m):
                    return m

        first = until(lambda m: m["type"] == "state")
        rev = first["rev"]
        ws.send_json({"type": "action", "action": first["view"]["legal_actions"][0], "ref": 1})
        until(lambda m: m.get("ref") == 1)
        ws.send_json({"type": "takeback", "ref": 2})
        m = until(lambda m: m.get("ref") == 2)
        assert m["type"] == "takeback" and m["outcome"] == "done" and m["moves"] == 0
        ws.send_json({"type": "takeback", "ref": 3})
        m = until(lambda m: m.get("ref") == 3)
        assert m["type"] == "error" and m["code"] == "nothing_to_take_back"
        ws.send_json({"type": "resign", "ref": 4})
        m = until(lambda m: m.get("ref") == 4)
        assert m["type"] == "resigned" and m["outcome"] == "ended"
        ws.send_json({"type": "state", "ref": 5})
        m = until(lambda m: m["type"] == "state" and m.get("ref") == 5)
        assert m["rev"] > rev and m["view"]["status"] == "over" and m["view"]["moves"] == 0
