"""Clocks and correspondence (issue 29), the server's side: time controls chosen at creation,
the clock kept on every write, flag falls (a loss in two seats, a computer or the end in more,
an abort when a first move never came), a move after the flag fell refused, correspondence
deadlines, the views' clocks and the lobby's. Through the service with an injected clock and
through the HTTP API; `flag.fall` is called here as the server's clock loop calls it (through the
conductor, so that its subscribers hear of it). On SQLite, and on PostgreSQL when
SAVANNA_TEST_DATABASE_URL is set (web_databases.py)."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("argon2")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, text

from test_web_accounts import PASSWORD, app_on, changing
from web_client import error
from web_history import client_get, history_of
from web_conducted import conducted

from savanna.web.store.storage import Store
from savanna.web.table import clock, flag
from savanna.web.table.service import GameService

HUMAN = {"kind": "human"}
COMPUTER = {"kind": "computer", "player": "random"}
GAME = "safari"
DAY = 86400.0
START = 1_800_000_000.0


class Clock:
    """The service's time, moved on by the test."""

    def __init__(self, t: float = START):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clk():
    return Clock()


@pytest.fixture
def app(url, clk):
    app = app_on(url, clock_loop=False)  # (the flags are made to fall here, by hand)
    app.state.parts.service.now = clk
    return app


@pytest.fixture
def client_options():
    return {"raise_server_exceptions": False}


def person(app, name):
    c = TestClient(app, raise_server_exceptions=False)
    r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return c


def view(c, gid):
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()


def turn(c, gid, clk, took, token=None, session=False):
    """The current seat plays its whole turn (its first legal actions), the first action `took`
    seconds after the turn began; the view after."""
    v = view(c, gid)
    seat = v["current_player"]
    clk.advance(took)
    while v["current_player"] == seat and v["status"] == "playing":
        body = {"action": v["legal_actions"][0], "version": v["version"], **({"token": token} if token else {})}
        r = changing(c, "POST", f"/api/games/{gid}/actions", body) if session else \
            c.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 200, r.text
        v = r.json()["view"]
    return v


def play_out(service, gid, tokens, seed=1):
    """Random moves to the end, computers by the service (the clock does not move)."""
    rng = random.Random(seed)
    while (rec := service.record(gid)).status != "over":
        if service.computer_step(gid):
            continue
        g = service.position(rec).game
        service.act(gid, tokens[g.current_player], str(rng.choice(g.legal_actions())))
    return rec


def created(c, seats, status=201, **body):
    r = c.post("/api/games", json={"seats": seats, "game": GAME, **body})
    assert r.status_code == status, r.text
    return r.json()


# ------------------------------------------------------- real time, two seats


def test_a_3s_plus_1s_game_where_a_seat_waits_out_its_time_loses_and_its_rating_drops(app, client, clk):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    seats = [{"kind": "human", "account": "Zaza"}, {"kind": "human", "account": "Momo"}]
    r = changing(zaza, "POST", "/api/games", {"seats": seats, "rated": True, "game": GAME,
                                              "clock": {"base": 3, "increment": 1}})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    v = view(client, gid)
    c = v["clock"]
    assert c["control"] == {"base": 3.0, "increment": 1.0} and c["kind"] == "realtime"
    assert c["remaining"] == [3.0, 3.0] and c["running"] == 0 and c["first_move"] is True
    assert c["deadline"] == clocks_when(START + 30) and v["ended_by"] is None and v["times"] == []
    turn(zaza, gid, clk, 1.0, session=True)  # first moves: in the window, no time spent
    v = turn(momo, gid, clk, 1.0, session=True)
    assert v["clock"]["remaining"] == [4.0, 4.0] and v["clock"]["running"] == 0 and not v["clock"]["first_move"]
    v = turn(zaza, gid, clk, 2.0, session=True)  # 4 - 2 + 1
    assert v["clock"]["remaining"] == [3.0, 4.0] and v["clock"]["deadline"] == clocks_when(clk.t + 4.0)
    assert sum(v["times"]) == pytest.approx(4.0) and len(v["times"]) == v["moves"]
    assert [h["took"] for h in history_of(client_get(zaza), v)] == v["times"]
    turn(momo, gid, clk, 0.5, session=True)
    assert app.state.parts.service.due_games() == [] and conducted(app).run(flag.fall, gid) is None
    clk.advance(3.0)  # Zaza waits out her 3 s
    assert app.state.parts.service.due_games() == [gid]
    body = {"action": view(client, gid)["legal_actions"][0]}
    msg = error(changing(zaza, "POST", f"/api/games/{gid}/actions", body), 409, "out_of_time")
    assert "ran out" in msg and "ending the game" in msg
    rec = conducted(app).run(flag.fall, gid)
    assert rec is not None and rec.status == "over" and conducted(app).run(flag.fall, gid) is None
    v = view(client, gid)
    assert v["status"] == "over" and v["ended_by"] == "time" and v["ended"]["reason"] == "time"
    assert v["ranking"] == [1, 0] and v["winners"] == [1] and v["current_player"] is None
    assert v["clock"]["flagged"] == [0] and v["clock"]["remaining"][0] == 0 and v["clock"]["running"] is None
    assert v["clock"]["deadline"] is None and app.state.parts.service.next_deadline() is None
    error(changing(zaza, "POST", f"/api/games/{gid}/actions", body), 403, "no_seat")  # its seat fell
    zr = client.get("/api/players/Zaza").json()["ratings"][GAME]["rating"]
    mr = client.get("/api/players/Momo").json()["ratings"][GAME]["rating"]
    assert zr < mr


def clocks_when(t):
    from savanna.web.views.clocks import when
    return when(t)


def test_a_move_after_the_flag_fell_is_refused_before_the_server_acts(app, client, clk):
    g = created(client, [HUMAN, HUMAN], clock={"base": 3, "increment": 0})
    t0, t1 = (s["token"] for s in g["seats"])
    turn(client, g["id"], clk, 1, t0)
    turn(client, g["id"], clk, 1, t1)
    clk.advance(2.999)
    assert app.state.parts.service.due_games() == []
    turn(client, g["id"], clk, 0, t0)  # in time
    turn(client, g["id"], clk, 0.5, t1)
    clk.advance(3.001)
    v = view(client, g["id"])
    r = client.post(f"/api/games/{g['id']}/actions", json={"token": t0, "action": v["legal_actions"][0]})
    error(r, 409, "out_of_time", "ran out")
    assert view(client, g["id"])["moves"] == v["moves"]  # nothing stored


# ------------------------------------------------------- more than two seats


def test_a_three_seat_games_timed_out_seat_passes_to_a_computer(app, client, clk):
    service = conducted(app)
    g = created(client, [HUMAN, HUMAN, HUMAN], clock={"base": 3, "increment": 1}, resign_player="easy",
                seed=11)  # (a deal whose first three turns are each one seat's alone)
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    for t in tokens:
        turn(client, gid, clk, 0.5, t)
    clk.advance(5)
    rec = service.run(flag.fall, gid)
    assert rec.status == "playing"
    assert rec.seats[0]["kind"] == "computer" and rec.seats[0]["player"] == "easy" and rec.seats[0]["resigned"]
    assert rec.meta["resignations"][-1]["by"] == "time" and rec.meta["resignations"][-1]["outcome"] == "computer"
    v = view(client, gid)
    assert v["ended_by"] is None and v["clock"]["flagged"] == [0] and v["clock"]["running"] is None
    assert v["current_player"] == 0 and service.computer_to_move(service.record(gid)) == 0
    error(client.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": v["legal_actions"][0]}),
          403, "bad_token")
    while service.record(gid).summary["current_player"] == 0:  # the computer plays it on, its clock stopped
        assert service.computer_step(gid)
    v = view(client, gid)
    # the next seat to decide has its clock running: seat 1, or whoever a scoring choice of the
    # computer's move falls to (the computer's choice, like the deal, varies from run to run)
    assert v["clock"]["running"] == v["current_player"] != 0 and v["clock"]["flagged"] == [0]
    rec = play_out(service, gid, tokens)
    v = view(client, gid)
    assert v["ended_by"] == "play" and v["ranking"][-1] == 0 and 0 not in v["winners"]


def test_a_three_seat_game_that_ends_on_time(app, client, clk):
    g = created(client, [HUMAN, HUMAN, HUMAN], clock={"base": 3, "increment": 1}, on_time="end")
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    turn(client, gid, clk, 0.5, tokens[0])
    turn(client, gid, clk, 0.5, tokens[1])
    clk.advance(3.5)  # seat 2, past its first move? no: it never moved, so this is its first-move window
    assert conducted(app).run(flag.fall, gid) is None
    turn(client, gid, clk, 0.5, tokens[2])
    clk.advance(4.0)
    assert conducted(app).run(flag.fall, gid).status == "over"
    v = view(client, gid)
    assert v["ended_by"] == "time" and v["ended"]["seat"] == 0 and v["ranking"][-1] == 0
    assert v["on_time"] == "end"


@pytest.mark.parametrize("on_time", ["computer", "skip"])
def test_a_game_left_without_people_ends_on_time(app, client, clk, on_time):
    service = conducted(app)
    g = created(client, [HUMAN, COMPUTER, COMPUTER], clock={"base": 3, "increment": 0}, on_time=on_time)
    gid = g["id"]
    turn(client, gid, clk, 0.5, g["seats"][0]["token"])
    while service.computer_step(gid):
        pass
    clk.advance(3.5)
    rec = service.run(flag.fall, gid)
    assert rec.status == "over" and rec.meta["ended"] == {"reason": "time", "seat": 0, "moves": len(rec.actions),
                                                           "people_left": 0}


# ------------------------------------------------------------- correspondence


def test_a_correspondence_games_deadline_moves_with_the_test_clock(app, client, clk):
    service = conducted(app)
    g = created(client, [HUMAN, HUMAN], clock={"days": 1})
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    v = view(client, gid)
    assert v["clock"]["kind"] == "correspondence" and v["clock"]["low"] == 12 * 3600
    assert v["clock"]["deadline"] == clocks_when(START + DAY)
    item = next(i for i in client.get("/api/games").json()["open"] if i["id"] == gid)
    assert item["clock"]["control"] == {"days": 1} and item["clock"]["running"] == 0
    assert item["clock"]["deadline"].startswith(clocks_when(START + DAY)[:19])
    v = turn(client, gid, clk, 0.5 * DAY, t0)
    assert v["clock"]["deadline"] == clocks_when(START + 1.5 * DAY)
    assert service.next_deadline() == pytest.approx(START + 1.5 * DAY)
    v = turn(client, gid, clk, 0.9 * DAY, t1)
    assert v["clock"]["remaining"][0] == DAY and v["clock"]["deadline"] == clocks_when(START + 2.4 * DAY)
    v = turn(client, gid, clk, 0.99 * DAY, t0)  # a turn starts afresh: no carry-over
    assert v["clock"]["remaining"][0] == pytest.approx(0.01 * DAY)
    clk.advance(DAY - 1)
    assert service.due_games() == [] and service.run(flag.fall, gid) is None
    clk.advance(2)
    assert service.due_games() == [gid]
    assert service.run(flag.fall, gid).status == "over"
    v = view(client, gid)
    assert v["ended_by"] == "time" and v["ranking"] == [0, 1]  # seat 1 out of time


# ------------------------------------------------------------------ abort


def test_no_first_move_aborts_the_game_unrated(app, client, clk):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    seats = [{"kind": "human", "account": "Zaza"}, {"kind": "human", "account": "Momo"}]
    gid = changing(zaza, "POST", "/api/games", {"seats": seats, "rated": True, "game": GAME,
                                                "clock": {"base": 60, "increment": 0}}).json()["id"]
    turn(zaza, gid, clk, 5, session=True)
    clk.advance(29.9)
    assert conducted(app).run(flag.fall, gid) is None
    clk.advance(0.2)  # Momo's 30 s first-move window is over
    rec = conducted(app).run(flag.fall, gid)
    assert rec.status == "over" and rec.meta["ended"]["reason"] == "aborted" and rec.meta["ended"]["seat"] == 1
    v = view(client, gid)
    assert v["ended_by"] == "aborted" and v["winners"] == []
    for name in ("Zaza", "Momo"):
        assert all(r["games"] == 0 for r in client.get(f"/api/players/{name}").json()["ratings"].values())


def test_the_servers_first_move_window_is_its_own_choice(url, clk, monkeypatch, capsys):
    app = app_on(url, clock_loop=False, first_move=10.0)
    app.state.parts.service.now = clk
    with TestClient(app, raise_server_exceptions=False) as c:
        assert c.get("/api/players").json()["clocks"]["first_move"] == 10.0  # the lobby tells it
        g = c.post("/api/games", json={"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}],
                                       "clock": {"base": 60, "increment": 0}}).json()
        clk.advance(9.9)
        assert conducted(app).run(flag.fall, g["id"]) is None
        clk.advance(0.2)
        assert conducted(app).run(flag.fall, g["id"]).meta["ended"]["reason"] == "aborted"
    import uvicorn

    from savanna import cli

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app))
    assert cli.main(["serve", "--db", "sqlite://", "--first-move", "45"]) == 0
    assert seen["app"].state.parts.service.first_move == 45.0
    assert cli.main(["serve", "--db", "sqlite://", "--first-move", "2"]) == 1
    assert "--first-move must be from 5 to 600 seconds, not 2" in capsys.readouterr().err


# ------------------------------------------------------ other writes, views


def test_a_waiting_rated_games_clock_starts_when_its_last_seat_is_taken(app, client, clk):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    seats = [{"kind": "human", "account": "Zaza"}, {"kind": "human", "open": True}]
    gid = changing(zaza, "POST", "/api/games", {"seats": seats, "rated": True, "game": GAME,
                                                "clock": {"base": 60, "increment": 1}}).json()["id"]
    v = view(client, gid)
    assert v["clock"]["running"] is None and v["clock"]["deadline"] is None
    assert app.state.parts.service.next_deadline() is None
    clk.advance(1000)
    assert changing(momo, "POST", f"/api/games/{gid}/seats/1/take").status_code == 200
    v = view(client, gid)
    assert v["clock"]["running"] == 0 and v["clock"]["deadline"] == clocks_when(clk.t + 30)
    mine = changing(zaza, "GET", "/api/me/games").json()
    assert mine["to_move"][0]["clock"]["running"] == 0


def test_a_takeback_cuts_the_times_and_gives_no_time_back(app, client, clk):
    service = conducted(app)
    # a chosen deal: with some, a scoring choice hands the turn over midway and "the last turn" is another
    g = created(client, [HUMAN, COMPUTER], clock={"base": 100, "increment": 0}, seed=7)
    gid, t0 = g["id"], g["seats"][0]["token"]
    turn(client, gid, clk, 1, t0)
    clk.advance(2)
    assert service.computer_step(gid)
    while view(client, gid)["current_player"] == 1:
        service.computer_step(gid)
    before = view(client, gid)
    turn(client, gid, clk, 10, t0)
    clk.advance(1)
    r = client.post(f"/api/games/{gid}/takeback", json={"token": t0})
    assert r.status_code == 200 and r.json()["outcome"] == "done", r.text
    v = view(client, gid)
    assert v["moves"] == before["moves"] and v["times"] == before["times"]
    # seat 0's 10 s stay spent; the computer's 2 s, and the 1 s its clock ran before the takeback
    assert v["clock"]["remaining"] == pytest.approx([90, 97]) and v["clock"]["running"] == 0


def test_the_replay_shows_the_clocks_after_each_step(app, client, clk):
    g = created(client, [HUMAN, HUMAN], clock={"base": 30, "increment": 2})
    gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
    for took, t in ((1, t0), (1, t1), (3, t0), (4, t1)):
        turn(client, gid, clk, took, t)
    v = view(client, gid)
    for step in range(v["moves"] + 1):
        r = client.get(f"/api/games/{gid}/replay?step={step}").json()
        assert r["times"] == v["times"][:step] and r["clock"]["at"] is None
    last = client.get(f"/api/games/{gid}/replay?step={v['moves']}").json()
    assert last["clock"]["remaining"] == v["clock"]["remaining"] and last["clock"]["running"] == 0
    assert client.get("/api/games/" + gid + "/replay?step=0").json()["clock"]["remaining"] == [30.0, 30.0]


def test_untimed_games_and_the_lobbys_offer(client):
    g = created(client, [HUMAN, HUMAN])
    v = view(client, g["id"])
    assert v["clock"] is None and v["times"] == [] and v["ended_by"] is None
    assert next(i for i in client.get("/api/games").json()["open"] if i["id"] == g["id"])["clock"] is None
    offer = client.get("/api/players").json()["clocks"]
    assert [p["name"] for p in offer["presets"]] == ["1+0", "3+2", "5+3", "10+5", "15+10", "30+20"]
    assert offer["days"] == [1, 2, 3, 5, 7, 14] and offer["bounds"]["base"] == {"min": 1.0, "max": 10800.0}
    docs = client.get("/openapi.json").json()
    assert "bad_clock" in json.dumps(docs["components"]["schemas"]["CreateIn"]["properties"]["clock"])


# ------------------------------------------------------------ bad clocks


@pytest.mark.parametrize("bad, field", [
    ({"base": 0, "increment": 0}, "clock.base"), ({"base": 10801}, "clock.base"), ({"base": -3}, "clock.base"),
    ({"base": 60, "increment": 181}, "clock.increment"), ({"base": 60, "increment": -1}, "clock.increment"),
    ({"days": 4}, "clock.days"), ({"days": 0}, "clock.days"), ({"base": "60"}, "clock.base"),
    ({"base": 60, "extra": 1}, "extra"), ("3+2", "clock"), (5, "clock"),
])
def test_bad_clocks_are_refused_naming_the_field(client, bad, field):
    r = client.post("/api/games", json={"seats": [HUMAN, HUMAN], "clock": bad})
    assert field in error(r, 400, "bad_clock")


def test_on_time_must_be_a_choice(client):
    r = client.post("/api/games", json={"seats": [HUMAN, HUMAN], "clock": {"days": 1}, "on_time": "pause"})
    assert r.status_code == 400 and r.json()["code"] in ("bad_request", "bad_clock"), r.text


def test_an_import_is_untimed(app, client, clk):
    g = created(client, [HUMAN, COMPUTER], seed=3)
    app.state.parts.service.computer_step(g["id"])
    saved = client.get(f"/api/games/{g['id']}/export?token={g['seats'][0]['token']}").json()
    r = client.post("/api/games/import", json={"saved": saved, "clock": {"days": 1}})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"


ODD = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=8) \
    | st.lists(st.integers(), max_size=2)
CLOCK = ODD | st.dictionaries(st.sampled_from(["base", "increment", "days", "x"]) | st.text(max_size=4), ODD,
                              max_size=3)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    app = app_on(str(tmp_path_factory.mktemp("clock-fuzz") / "games.db"), create_limit="none")
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=CLOCK, on_time=st.sampled_from(["computer", "end"]) | ODD)
def test_fuzzed_clocks_get_a_game_or_a_clear_400(fuzzed, value, on_time):
    body = json.dumps({"seats": [HUMAN, HUMAN], "clock": value, "on_time": on_time}, allow_nan=True)
    r = fuzzed.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code in (201, 400), r.text
    if r.status_code == 400:
        assert r.json()["code"] in ("bad_clock", "bad_request", "bad_json") and r.json()["message"]
    else:
        state = fuzzed.app.state.parts.store.get(r.json()["id"]).meta.get("clock")
        assert (state is None) == (value is None)


# -------------------------------------------------------------- the store


def test_an_older_database_gets_the_deadline_column(tmp_path):
    path = tmp_path / "old.db"
    store = Store(str(path))
    service = GameService(store, now=lambda: START)
    gid = service.create(seats=[HUMAN, HUMAN], clock={"base": 60, "increment": 0}).id
    with store.engine.begin() as con:
        con.execute(text("DROP INDEX ix_games_deadline"))
        con.execute(text("ALTER TABLE games DROP COLUMN deadline"))
        con.execute(text("DROP TABLE alembic_version"))  # (an older version: no migrations)
    store.close()
    store = Store(str(path))
    try:
        assert "deadline" in {c["name"] for c in inspect(store.engine).get_columns("games")}
        assert "ix_games_deadline" in {i["name"] for i in inspect(store.engine).get_indexes("games")}
        assert store.get(gid).meta["clock"]["running"] == 0 and store.due(START + 1e6) == []
        service = GameService(store, now=lambda: START + 31)
        rec = service.record(gid)
        store.rewrite(rec, actions=rec.actions, status="playing", summary=rec.summary, deadline=START + 30)
        assert service.due_games() == [gid] and service.next_deadline() == START + 30
        assert flag.fall(service, gid).meta["ended"]["reason"] == "aborted"
    finally:
        store.close()


def test_due_games_come_earliest_first_and_only_while_played(url):
    store = Store(url)
    try:
        t = Clock()
        service = GameService(store, now=t, first_move=10)
        ids = [service.create(seats=[HUMAN, HUMAN], clock={"base": 60, "increment": 0}).id for _ in range(3)]
        service.create(seats=[HUMAN, HUMAN])  # untimed: never due
        assert service.next_deadline() == START + 10 and service.due_games() == []
        t.advance(10)
        assert service.due_games() == ids or sorted(service.due_games()) == sorted(ids)
        assert service.due_games(limit=2) == service.due_games()[:2]
        assert flag.fall(service, ids[0]).status == "over"
        assert ids[0] not in service.due_games() and len(service.due_games()) == 2
    finally:
        store.close()
