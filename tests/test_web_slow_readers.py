"""Slow readers must not grow the server's memory (issue 14, point 5): a connection's
outgoing queue is bounded in bytes, whole views waiting there collapse into the newest, and
a connection over its bound is closed and forgotten."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("fastapi")

from savanna.web.feed import Feed, Mirror, Whole
from savanna.web.live import Connection, Limits, LiveGames
from savanna.web.outbox import QUEUE_BYTES, Outbox

# ------------------------------------------------------------- the outbox


class StuckSocket:
    """A client that does not read: send_text does not return until `release` is set."""

    def __init__(self):
        self.sent: list[str] = []
        self.release = asyncio.Event()
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await self.release.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def big_view(i: int) -> dict:
    """About 52 KB, like a Safari view late in the game; changes a little each time."""
    return {"version": i, "board": [{"x": k, "tile": "T" * 40, "seen": k <= i} for k in range(800)],
            "history": [{"move": m} for m in range(i)]}


def churning_view(i: int) -> dict:
    """A view whose every change is a 12 KB patch."""
    return {"version": i, "text": f"{i:06d}" * 2000}


def publish(feed: Feed, conn: Connection, view: dict, whole: bool = False, ref=None) -> None:
    """What LiveGames._render and _deliver do for one connection."""
    frame = feed.update({None: view})[None]
    message = frame.message(conn.has, None, conn.seats, whole, ref)
    if message is not None:
        conn.has = (frame.rev, None)
        conn.send(message, view=True)


def test_a_connection_that_does_not_read_keeps_one_whole_view_and_stays_under_its_bound():
    async def run():
        sock, feed = StuckSocket(), Feed()
        conn = Connection(sock, "g", None, frozenset())
        conn.start()
        publish(feed, conn, big_view(0))  # the first view: the writer takes it and is stuck sending it
        await asyncio.sleep(0)
        assert len(feed.frames[None].view_json) > 50_000
        for i in range(1, 300):  # moves (patches), the client asking for the whole view, replies
            publish(feed, conn, big_view(i), whole=i % 3 == 0, ref=i if i % 3 == 0 else None)
            if i % 7 == 0:
                conn.send({"type": "accepted", "version": i})
            assert conn.outbox.views() <= 1
            assert conn.outbox.bytes <= QUEUE_BYTES
        assert not conn.closed and sock.closed is None
        # the whole view asked for last waits, with its ref, and the patches after it
        sock.release.set()
        await conn.stop()
        kinds = [json.loads(t)["type"] for t in sock.sent]
        assert kinds.count("state") == 2  # the first, and the newest asked for
        assert kinds.count("accepted") == 42  # replies are never dropped, and keep their order
        versions = [json.loads(t)["version"] for t in sock.sent if '"accepted"' in t]
        assert versions == sorted(versions)
        newest = [json.loads(t) for t in sock.sent if t.startswith('{"type":"state"')][-1]
        assert newest["ref"] == 297
        # a client applying them in order ends with the latest view, and never misses a base
        mirror = Mirror()
        for t in sock.sent:
            assert mirror.take(json.loads(t)) in ("view", None)
        assert mirror.gaps == 0 and mirror.view == big_view(299)

    asyncio.run(run())


def test_a_collapsed_whole_view_answers_the_request_of_the_one_it_replaced():
    feed = Feed()
    frame = feed.update({None: {"a": 1}})[None]
    box = Outbox()
    box.put(Whole(frame, frozenset(), ref="r1"))
    box.put('{"type":"pong"}')
    box.put(Whole(frame, frozenset()))  # sent for another reason (auth, a missed base): no ref of its own
    assert len(box) == 2 and box.views() == 1
    assert json.loads(box.pop()) == {"type": "pong"}
    assert json.loads(box.pop())["ref"] == "r1"
    assert box.pop() is None and box.bytes == 0


def test_a_connection_over_its_byte_bound_is_closed_and_forgotten():
    async def run():
        live = LiveGames(service=None, autoplay=False, limits=Limits(queue_bytes=200_000))
        try:
            sock, feed = StuckSocket(), Feed()
            conn = live.join(sock, "g", None, frozenset())
            live._feeds["g"] = feed
            publish(feed, conn, churning_view(0))
            await asyncio.sleep(0)
            i = 1
            while not conn.closed:  # patches only: nothing collapses them
                publish(feed, conn, churning_view(i))
                assert conn.outbox.bytes <= 200_000
                i += 1
            assert 15 < i < 20  # the bound in bytes closed it, long before its 256 messages
            await asyncio.wait_for(conn.closing, 5)
            await asyncio.sleep(0)
            assert sock.closed == (1013, "too slow: reconnect to get the game again")
            assert len(conn.outbox) == 0 and conn.outbox.bytes == 0  # its memory given back at once
            assert conn.writer.done()
            assert "g" not in live.connections and "g" not in live._feeds  # nothing of it left here
            conn.send({"type": "pong"})  # later messages go nowhere
            assert len(conn.outbox) == 0
        finally:
            live._moves.shutdown(wait=False)

    asyncio.run(run())


def test_one_message_larger_than_the_bound_still_goes_when_nothing_waits():
    box = Outbox(max_bytes=1000)
    assert box.put("x" * 5000)
    assert not box.put("y")
    assert box.pop() == "x" * 5000 and box.put("y")
