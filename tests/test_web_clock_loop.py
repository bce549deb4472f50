"""The server's clock loop (live/clocks.py) and the servers' outage credited (table/away.py), in
one app with an injected clock: flags fall with nobody sending anything, the game's connections
see it and a seat passed to a computer plays on; a seat closing its connection stops nothing;
a server starting after none was up credits the gap to the running clocks, once. On SQLite and
PostgreSQL."""

from __future__ import annotations

import contextlib
import threading
import time
from datetime import datetime

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from test_web_ws import state
from web_apps import create_app
from web_client import act, create, view, wait_for
from web_history import client_get, history_of

from savanna.web.live.clocks import AWAY_AFTER
from savanna.web.store.liveness import Liveness
from savanna.web.store.storage import Store
from savanna.web.table import away

HUMAN = {"kind": "human"}


class Clock:
    """The service's time, moved on by the test."""

    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


def app_on(db, clock, **kw):
    app = create_app(db, search_processes=False, **kw)
    app.state.parts.service.now = clock
    return app


def epoch(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def left(clock, now):
    """The running seat's seconds left at `now`, from a view's clock (figures as of "at")."""
    return clock["remaining"][clock["running"]] - max(0.0, now - epoch(clock["at"]))


def first_moves(client, gid, tokens):
    """Each seat plays until every one has made its first move; the view then (a clock runs)."""
    while True:
        v = view(client, gid)
        if v["clock"]["running"] is not None and not v["clock"]["first_move"] and \
                len({h["seat"] for h in v["history"]}) == len(tokens):
            return v
        token = tokens[v["current_player"]]
        mine = view(client, gid, token)
        r = act(client, gid, token, mine["legal_actions"][0])
        assert r.status_code == 200, r.text


def timed(client, seats, clock=None, **kw):
    game = create(client, seats, clock=clock or {"base": 60, "increment": 2}, seed=5, **kw)
    return game["id"], [s["token"] for s in game["seats"]]


@contextlib.contextmanager
def under_way(db, seats=(HUMAN, HUMAN), **kw):
    """An app on an injected clock and a timed game in it whose every seat has moved: (client,
    clock, game id, tokens, the view then, the seat whose clock runs)."""
    clock = Clock()
    with TestClient(app_on(db, clock)) as client:
        gid, tokens = timed(client, list(seats), **kw)
        before = first_moves(client, gid, tokens)
        yield client, clock, gid, tokens, before, before["clock"]["running"]


def test_a_flag_falls_with_nobody_sending_anything_and_the_connections_see_it(db):
    with under_way(db) as (client, clock, gid, tokens, before, seat):
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1 - seat]}") as ws:
            state(ws)
            clock.t += before["clock"]["remaining"][seat] - 1
            time.sleep(1.5)  # the loop looked: not due yet
            assert view(client, gid)["status"] == "playing"
            clock.t += 2
            seen = state(ws, lambda v: v["status"] == "over")["view"]  # pushed: nobody asked
        assert seen["ended_by"] == "time" and seen["clock"]["flagged"] == [seat]
        after = view(client, gid)
        assert after["version"] == before["version"] + 1 and after["moves"] == before["moves"]
        assert client.app.state.parts.clocks.fallen == 1


def test_a_seat_cannot_stop_its_clock_by_closing_its_connection(db):
    with under_way(db) as (client, clock, gid, tokens, before, seat):
        store = client.app.state.parts.store
        stored = store.get(gid)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[seat]}") as ws:
            state(ws)
        time.sleep(0.3)  # (the server saw it close)
        gone = store.get(gid)
        assert gone.version == stored.version and gone.meta["clock"] == stored.meta["clock"]
        assert view(client, gid)["clock"]["running"] == seat
        clock.t += before["clock"]["remaining"][seat] + 1
        over = wait_for(client, gid, lambda v: v["status"] == "over", timeout=10)
        assert over["ended_by"] == "time" and over["clock"]["flagged"] == [seat]


def test_a_seat_out_of_time_passes_to_a_computer_that_plays_on(db):
    with under_way(db, (HUMAN, HUMAN, HUMAN), on_time="computer", resign_player="random") as \
            (client, clock, gid, tokens, before, seat):
        clock.t += before["clock"]["remaining"][seat] + 1
        after = wait_for(client, gid, lambda v: v["seats"][seat]["kind"] == "computer"
                         and v["current_player"] != seat, timeout=15)
        assert after["status"] == "playing" and seat in after["clock"]["flagged"]
        assert [h["seat"] for h in history_of(client_get(client), after)[before["moves"]:]][:1] == [seat]  # it played its turn


def test_a_server_starting_after_none_was_up_credits_the_gap_to_the_running_clocks_once(db):
    clock = Clock()
    with TestClient(app_on(db, clock)) as client:
        gid, tokens = timed(client, [HUMAN, HUMAN], clock={"days": 1})
        other, _ = timed(client, [HUMAN, HUMAN])  # no first move: its window runs, and is credited too
        before = first_moves(client, gid, tokens)
        seat = before["clock"]["running"]
        window = view(client, other)["clock"]
        clock.t += 10  # (less than the first-move window)
        stopped = clock.t
        mid = left(view(client, gid)["clock"], clock.t)
    clock.t += 500  # no server up
    with TestClient(app_on(db, clock)) as client:
        after = view(client, gid)
        assert left(after["clock"], clock.t) == pytest.approx(mid, abs=0.01)
        assert after["clock"]["away"]["seconds"] == pytest.approx(500, abs=0.01)
        assert after["version"] == before["version"] + 1
        moved_on = epoch(view(client, other)["clock"]["deadline"]) - epoch(window["deadline"])
        assert moved_on == pytest.approx(500, abs=0.01)
        assert view(client, other)["status"] == "playing"  # its window was not missed meanwhile
        assert client.app.state.parts.clocks.credited == [(stopped, stopped + 500)]
        # crediting the same outage again (a server that died crediting, followed by another) changes nothing
        assert away.shift(client.app.state.parts.service, stopped, stopped + 500) == []
        assert view(client, gid)["version"] == after["version"]
    clock.t += 0.5  # a quick restart after that stop: under a second is not noted
    with TestClient(app_on(db, clock)) as client:
        assert client.app.state.parts.clocks.credited == []
        assert view(client, gid)["version"] == after["version"]


class Lease:
    """A cluster's lease as the loop sees it (cluster.py's are tested with real servers): held
    here or by another server."""

    def __init__(self, mine: bool):
        self.mine, self.released = mine, []

    def lease(self, game_id):
        return self.mine

    def release(self, game_id):
        self.released.append(game_id)


@pytest.mark.parametrize("mine", [False, True])
def test_with_several_servers_the_loop_acts_only_under_the_games_lease(db, mine):
    with under_way(db) as (client, clock, gid, tokens, before, seat):
        clocks = client.app.state.parts.clocks
        clocks.cluster = lease = Lease(mine)
        clock.t += before["clock"]["remaining"][seat] + 1
        done = client.portal.call(clocks.fall, gid)
        assert done is mine
        assert view(client, gid)["status"] == ("over" if mine else "playing")
        assert set(lease.released) == ({gid} if mine else set())  # given back once acted on (the loop may too)
        clocks.cluster = None


def test_a_server_starting_while_another_credits_the_outage_waits_until_it_is_done(db):
    with under_way(db, clock={"days": 1}) as (client, clock, gid, tokens, before, seat):
        pass
    clock.t += 100
    other = Liveness(Store(db).engine)  # another server, starting first: it claims the outage
    assert other.begin(clock.t, AWAY_AFTER) == [(clock.t - 100, clock.t)]
    done = threading.Timer(1.0, other.done)
    done.start()
    started = time.monotonic()
    with TestClient(app_on(db, clock)) as client:
        assert time.monotonic() - started >= 0.9  # it served nobody before the other was done
        assert client.app.state.parts.clocks.credited == []
    done.join()
    other.engine.dispose()


def test_an_outage_left_half_credited_by_a_server_that_died_is_credited_by_the_next(db):
    with under_way(db, clock={"days": 1}) as (client, clock, gid, tokens, before, seat):
        mid = left(view(client, gid)["clock"], clock.t)
    stopped = clock.t
    clock.t += 100
    other = Liveness(Store(db).engine)
    assert other.begin(clock.t, AWAY_AFTER) == [(stopped, stopped + 100)]  # ... and dies, crediting nothing
    clock.t += AWAY_AFTER + 1
    with TestClient(app_on(db, clock)) as client:
        assert client.app.state.parts.clocks.credited == [(stopped, stopped + 100), (stopped + 100, clock.t)]
        after = view(client, gid)
        assert left(after["clock"], clock.t) == pytest.approx(mid, abs=0.01)  # every second of both
        assert after["clock"]["away"]["seconds"] == pytest.approx(AWAY_AFTER + 1, abs=0.01)
    other.engine.dispose()
