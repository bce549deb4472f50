"""A view carries only the latest part of a game's history (views/history.py), the page asks
for the rest: the view's size stays bounded however long the game; the entries asked for are
exactly those the whole history held (the engine's, for a spectator and every seat, a game
hiding something from some seats included), over REST and over the socket; bad requests are
told what is wrong (4xx, never a 500)."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web_apps import create_app
from web_history import client_get, history_of, whole_history

from savanna import games
from savanna.web.live.feed import Mirror
from savanna.web.views.history import PAGE, RECENT

OPTIONS = {"safari": {}, "africa": {"hidden_treasure": True}}  # Africa's hidden treasure: each seat's view is its own


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    with TestClient(create_app(str(tmp_path_factory.mktemp("history") / "games.db"), autoplay=False,
                               search_processes=False)) as c:
        yield c


def played(name: str, seed: int, left: int = 0):
    """An engine game of `name` played at random from `seed` until `left` actions before its end."""
    rng, g, actions = random.Random(seed), games.spec(name).new_game(2, seed=seed, **OPTIONS[name]), []
    while not g.is_terminal():
        actions.append(rng.choice(g.legal_actions()))
        g.apply(actions[-1])
    g = games.spec(name).new_game(2, seed=seed, **OPTIONS[name])
    for a in actions[:len(actions) - left]:
        g.apply(a)
    return g


def imported(client, g) -> dict:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    r = client.post("/api/games/import", json={"saved": json.loads(g.to_json()), "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


def expected(name: str, g) -> list[dict]:
    """The whole history as a view carried it before it carried only the latest: each action's
    move, turn, seat, notation and what it scored, replayed on the engine."""
    e = games.spec(name).new_game(2, seed=g.seed, **OPTIONS[name])
    out, turn = [], 1
    for i, a in enumerate(g.history):
        active = e.active_player
        scored = e.apply_explained(str(a))
        out.append({"move": i + 1, "turn": turn, "seat": g.actors[i], "action": str(a), **({"scored": scored} if scored else {})})
        if e.is_terminal() or e.active_player != active:
            turn += 1
    return out


@pytest.fixture(scope="module", params=["safari", "africa"])
def long_game(request, client):
    """A game near its end (Africa: thousands of actions), imported, with its engine game."""
    g = played(request.param, 3, left=6)
    return request.param, g, imported(client, g)


def test_a_views_history_is_bounded_however_long_the_game(client, long_game):
    name, g, c = long_game
    n = len(g.history)
    assert n > 2 * RECENT  # (Safari about 150 actions, Africa thousands)
    for token in (None, c["seats"][0]["token"], c["seats"][1]["token"]):
        v = client.get(f"/api/games/{c['id']}", params={"token": token} if token else {}).json()
        assert v["moves"] == n and v["history_from"] == n - RECENT and len(v["history"]) == RECENT
        assert [m["move"] for m in v["history"]] == list(range(n - RECENT + 1, n + 1))
        assert len(v["score_history"]) == 1  # the scores after the last turn (the whole chart once over)
        assert v["score_history"][0]["scores"] == [s["score"] for s in v["seats"]]
        whole = history_of(client_get(client), v, token)
        assert len(whole) == n and v["history"] == whole[-RECENT:]  # the rest is asked for


def test_the_history_asked_for_is_the_whole_history_for_every_viewer(client, long_game):
    name, g, c = long_game
    want = expected(name, g)
    get = client_get(client)
    for token in (None, c["seats"][0]["token"], c["seats"][1]["token"]):  # a spectator, each seat (hidden gold)
        v = get(f"/api/games/{c['id']}" + (f"?token={token}" if token else ""))
        assert history_of(get, v, token) == want
        assert whole_history(get, c["id"], token) == want
        page = get(f"/api/games/{c['id']}/history?from=3&to=9" + (f"&token={token}" if token else ""))
        assert (page["from"], page["to"], page["moves"], page["entries"]) == (3, 9, len(want), want[3:9])
        page = get(f"/api/games/{c['id']}/history?from={len(want)}")
        assert (page["from"], page["to"], page["entries"]) == (len(want), len(want), [])
    page = get(f"/api/games/{c['id']}/history?from=0")  # no `to`: a page at most
    assert page["entries"] == want[:PAGE] and page["to"] == min(PAGE, len(want))


def test_the_socket_answers_a_history_message_with_the_same_entries(client, long_game):
    name, g, c = long_game
    want = expected(name, g)
    with client.websocket_connect(f"/ws/games/{c['id']}?token={c['seats'][1]['token']}") as ws:
        m = Mirror()
        assert m.take(ws.receive_json()) == "view" and m.view["history"] == want[-RECENT:]
        ws.send_json({"type": "history", "from": 0, "to": min(PAGE, m.view["history_from"]), "ref": "old"})
        answer = ws.receive_json()
        assert answer["type"] == "history" and answer["ref"] == "old" and answer["from"] == 0
        assert answer["entries"] == want[:min(PAGE, m.view["history_from"])]
        entries = answer["entries"]
        while len(entries) < m.view["history_from"]:
            ws.send_json({"type": "history", "from": len(entries), "to": min(m.view["history_from"], len(entries) + PAGE)})
            entries += ws.receive_json()["entries"]
        assert entries + m.view["history"] == want
        for bad, code, words in (({"type": "history"}, "bad_request", '"from"'),
                                 ({"type": "history", "from": "1"}, "bad_request", "from"),
                                 ({"type": "history", "from": -1}, "bad_request", "from"),
                                 ({"type": "history", "from": 0, "to": len(want) + 1}, "bad_range", "to"),
                                 ({"type": "history", "from": 0, "to": PAGE + 1}, "bad_range",
                                  f"at most {PAGE}" if len(want) > PAGE else "to must be"),
                                 ({"type": "history", "from": len(want) + 1}, "bad_range", "from")):
            ws.send_json(bad)
            e = ws.receive_json()
            assert e["type"] == "error" and e["code"] == code and words in e["message"], (bad, e)


def test_bad_history_requests_are_told_what_is_wrong(client, long_game):
    name, g, c = long_game
    n, path = len(g.history), f"/api/games/{c['id']}/history"
    cases = [("", 400, "bad_request", "from"), ("?from=x", 400, "bad_request", "from"),
             ("?from=1.5", 400, "bad_request", "from"), ("?from=0&to=y", 400, "bad_request", "to"),
             ("?from=-1", 400, "bad_range", "from must be a whole number from 0"),
             (f"?from={n + 1}", 400, "bad_range", f"from 0 to {n}"),
             (f"?from=0&to={n + 1}", 400, "bad_range", "to must be"), ("?from=9&to=3", 400, "bad_range", "to must be"),
             ("?from=0&to=" + "9" * 40, 400, "bad_range", "to must be")]
    if n > PAGE:
        cases.append((f"?from=0&to={PAGE + 1}", 400, "bad_range", f"at most {PAGE}"))
    for query, status, code, words in cases:
        r = client.get(path + query)
        assert r.status_code == status and r.json()["code"] == code and words in r.json()["message"], (query, r.text)
    r = client.get("/api/games/nosuch/history?from=0")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_a_finished_game_carries_its_whole_score_chart(client):
    g = played("safari", 4)
    c = imported(client, g)
    v = client.get(f"/api/games/{c['id']}").json()
    assert v["status"] == "over" and v["score_history"][-1]["final"] and v["score_history"][0]["turn"] == 0
    assert [e["turn"] for e in v["score_history"][:-1]] == list(range(len(v["score_history"]) - 1))
    assert len(v["history"]) == RECENT and history_of(client_get(client), v) == expected("safari", g)


@pytest.fixture(scope="module")
def short_game(client):
    g = played("safari", 5, left=100)
    return imported(client, g), len(g.history)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.one_of(st.integers(-10, 80), st.integers(), st.text(max_size=6)),
       to=st.one_of(st.none(), st.integers(-10, 80), st.integers(), st.text(max_size=6)))
def test_any_history_query_is_answered_or_refused_with_a_4xx(client, short_game, first, to):
    c, n = short_game
    params = {"from": first} if to is None else {"from": first, "to": to}
    r = client.get(f"/api/games/{c['id']}/history", params=params)
    body = r.json()
    ok = isinstance(first, int) and 0 <= first <= n and (to is None or isinstance(to, int) and first <= to <= n)
    if ok:
        assert r.status_code == 200, r.text
        stop = n if to is None else to
        assert body["from"] == first and body["to"] == stop and [m["move"] for m in body["entries"]] == list(range(first + 1, stop + 1))
    else:
        assert r.status_code == 400 and body["type"] == "error" and body["code"] in ("bad_request", "bad_range"), r.text
