"""The servers' liveness mark (store/liveness.py): a server starting knows how long no server was
up, and claims that outage alone, even when several start at once. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("sqlalchemy")

from savanna.web.store.liveness import Liveness
from savanna.web.store.storage import Store

AFTER = 6.0


def test_the_first_server_credits_nothing_and_a_live_one_keeps_the_mark_fresh(store):
    mark = Liveness(store.engine)
    assert mark.begin(1000.0, AFTER) == []  # nothing ran before it
    assert mark.mark()["at"] == 1000.0
    mark.beat(1002.0)
    mark.beat(1001.0)  # a machine whose clock is behind does not move the mark back
    assert mark.mark() == {"at": 1002.0, "stopped": False, "crediting": None}
    assert mark.begin(1002.0 + AFTER, AFTER) == []  # a server beat lately: no outage
    assert mark.mark()["at"] == 1002.0 + AFTER


def test_an_outage_is_claimed_by_one_server_and_the_others_wait_until_it_is_credited(store):
    a, b = Liveness(store.engine), Liveness(store.engine)
    a.begin(1000.0, AFTER)
    a.beat(1010.0)  # then the server is killed: no beat after 1010
    assert a.begin(1030.0, AFTER) == [(1010.0, 1030.0)]
    assert b.begin(1030.5, AFTER) == []  # claimed already
    assert b.crediting()  # the other server waits for it
    a.beat(1032.0)
    a.done()
    assert not b.crediting() and b.mark()["crediting"] is None
    assert b.begin(1033.0, AFTER) == []


def test_servers_starting_together_credit_the_outage_once(store):
    """Threads as servers, released at once, each its own connection: one claim per outage."""
    engine_url = store.url
    servers = [Liveness(Store(engine_url).engine) for _ in range(4)]
    servers[0].begin(0.0, AFTER)
    for round_ in range(10):
        start = 100.0 * (round_ + 1)
        barrier, claims = threading.Barrier(len(servers)), []

        def starting(mark: Liveness) -> None:
            barrier.wait()
            claims.append(mark.begin(start + 50.0, AFTER))

        threads = [threading.Thread(target=starting, args=(m,)) for m in servers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        won = [c for c in claims if c]
        assert len(won) == 1, claims
        servers[0].done()
        servers[0].beat(start + 50.0)
    for m in servers:
        m.engine.dispose()


def test_a_server_stopping_says_so_and_the_next_credits_even_a_short_gap(store):
    mark = Liveness(store.engine)
    mark.begin(1000.0, AFTER)
    mark.stop(1001.0)
    assert mark.mark()["stopped"]
    assert mark.begin(1004.0, AFTER) == [(1001.0, 1004.0)]  # 3 s: shorter than AFTER, but nobody was up
    mark.done()
    mark.stop(1005.0)
    mark.beat(1005.5)  # another server still up: it beat after the stop
    assert mark.begin(1007.0, AFTER) == []


def test_a_server_that_died_crediting_leaves_its_outage_to_the_next(store):
    a, b = Liveness(store.engine), Liveness(store.engine)
    a.begin(1000.0, AFTER)
    assert a.begin(1100.0, AFTER) == [(1000.0, 1100.0)]
    a.beat(1101.0)  # ... and dies before done()
    assert b.begin(1103.0, AFTER) == []  # it may be crediting still
    assert b.begin(1200.0, AFTER) == [(1000.0, 1100.0), (1101.0, 1200.0)]
    b.done()
    assert not b.crediting()
