"""Publishing: each connection of a game is brought up to date after every change of it.

A game's views are built by the views (one per viewer: a seat that sees what others do not, or
the spectators'), compared with those sent before and encoded once per viewer, as a patch or
the whole view (feed.py), in the pool of moves; then handed to each connection's outbox. One
game publishes at a time (a lock per game), so that each connection gets its patches in order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..store.storage import GameRecord
from ..table.errors import GameError
from ..table.seats import Credential, held_seats, viewer_for
from ..views import build as views
from ..views import history as recent
from .connection import Connection
from .feed import Feed, Viewer, Whole
from .presence import Presence

log = logging.getLogger("savanna.web")

Out = list[tuple[Connection, "str | Whole", tuple[int, Viewer]]]


class Publisher:
    """The views of the games with connections (see the module docstring). `service`: the
    table (records, positions, seats); `presence`: who is connected; `work(fn, *args)`: runs a
    call in the pool of moves and views."""

    def __init__(self, service: Any, presence: Presence, work: Callable[..., Awaitable[Any]]):
        self.service, self.presence, self.work = service, presence, work
        self.locks: dict[str, asyncio.Lock] = {}
        self.feeds: dict[str, Feed] = {}  # the views last sent, of games with connections
        self.versions: dict[str, int] = {}  # the version last sent of each game with connections

    async def view(self, game_id: str | GameRecord, token: str | Credential | None = None) -> dict[str, Any]:
        """The view as the token's seat sees it (no token, or another game's: a spectator)."""
        gid = game_id if isinstance(game_id, str) else game_id.id
        connected, spectators = self.presence.connected(gid), self.presence.spectators(gid)

        def build() -> dict[str, Any]:
            rec = game_id if isinstance(game_id, GameRecord) else self.service.record(game_id)
            viewer = viewer_of(rec, self.service.seats_for(rec, token)) if token else None
            return views.build(rec, self.service.position(rec), connected=connected, spectators=spectators,
                               viewer=viewer)

        view: dict[str, Any] = await self.work(build)
        return view

    async def history(self, game_id: str, first: Any, stop: Any = None, token: Any = None,
                      seats: frozenset[int] | None = None) -> dict[str, Any]:
        """The history entries of actions first+1 .. stop as the view of the token's seat (or of
        `seats`: a connection's) would carry them (views/history.py); GameError "bad_range" if
        the game has no such entries."""

        def build() -> dict[str, Any]:
            rec = self.service.record(game_id)
            mine = seats if seats is not None else self.service.seats_for(rec, token) if token else frozenset()
            viewer = viewer_of(rec, mine) if mine else None
            try:
                return recent.page(rec, self.service.position(rec), first, stop, viewer)
            except ValueError as e:
                raise GameError("bad_range", str(e)) from None

        page: dict[str, Any] = await self.work(build)
        return page

    def replay(self, game_id: str, step: Any) -> dict[str, Any]:
        """The replay view after the first `step` actions (in the caller's thread)."""
        rec, pos, _, meta = self.service.replay(game_id, step)
        return views.build(rec, pos, replay=meta)

    def render(self, game: str | GameRecord, audience: tuple[frozenset[int], int], conns: list[Connection],
               whole: dict[Connection, Any]) -> Out:
        """(connection, message, what it has then) for each of `conns` that lacks the game's
        latest view: its viewer's view is built, compared with the one sent before, and the
        patch or the whole view encoded (once per viewer; a whole view is a feed.Whole, made
        text when sent). `whole`: connections that get the whole view whatever they have, with
        the ref to echo. Runs in a worker thread, under the game's publish lock."""
        rec = game if isinstance(game, GameRecord) else self.service.record(game)
        feed = self.feeds.get(rec.id)
        if feed is None:
            feed = self.feeds[rec.id] = Feed(views.patch_keys(rec.game))
        hides = views.hides(rec)  # else every connection sees the spectators' view
        held = held_seats(rec)  # a seat resigned or taken over: its connections see what a spectator sees
        for c in conns:
            if c.seats and not c.seats <= held:
                c.seats = c.seats & held
        viewers_of = {c: viewer_of(rec, c.seats) if hides and c.seats else None for c in conns}
        position = self.service.position(rec)
        viewers, layout = set(viewers_of.values()), views.layout_key(rec, position)
        kept = feed.held(viewers, layout)  # what need not be built again (view.build)
        frames = feed.update({v: views.build(rec, position, connected=audience[0], spectators=audience[1], viewer=v,
                                             held=kept) for v in viewers}, layout)
        self.versions[rec.id] = rec.version
        out = []
        for c, viewer in viewers_of.items():
            frame = frames[viewer]
            message = frame.message(c.has, viewer, c.seats, c in whole, whole.get(c))
            if message is not None:
                out.append((c, message, (frame.rev, viewer)))
        return out

    @staticmethod
    def deliver(out: Out) -> None:
        for c, message, has in out:
            c.has = has
            c.send(message, view=True)

    async def publish(self, game_id: str, whole: dict[Connection, Any] | None = None, version: int | None = None) -> None:
        """Bring every connection of the game up to date (one at a time per game, so that each
        gets its patches in order). `whole`: connections to send the whole view, with the ref
        of the request to echo (None: none). `version`: only if they have not been sent that
        version yet (a move told by the database, which may be this server's own)."""
        if not self.presence.of(game_id):
            return
        lock = self.locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            conns = list(self.presence.of(game_id))
            if conns and (version is None or self.versions.get(game_id, -1) < version):
                try:  # built, compared and encoded in a worker thread: the loop keeps serving
                    out = await self.work(self.render, game_id, self.presence.audience(game_id), conns, whole or {})
                except GameError as e:
                    for c in conns:
                        c.send(e.as_dict())
                    return
                self.deliver(out)
        self.forget(game_id)

    async def publish_after(self, game_id: str, write: Callable[[], Any],
                            record: Callable[[Any], GameRecord] = lambda out: out) -> Any:
        """`write()` in the pool of moves (a write of the game, its answer giving the record as
        stored through `record`), then the game's connections brought up to date from that record
        in the same trip: a move and its new views cost one hop to a worker thread. Its answer."""
        lock = self.locks.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                conns = list(self.presence.of(game_id))
                audience = self.presence.audience(game_id)

                def write_and_render() -> tuple[Any, Out | None]:
                    done = write()
                    if not conns:
                        return done, []
                    rec = record(done)
                    self.versions[game_id] = rec.version  # its notification need not publish it again
                    try:
                        return done, self.render(rec, audience, conns, {})
                    except Exception:  # stored all the same: publish() below tries again and says what failed
                        log.exception("game %s: the views after a move failed", game_id)
                        return done, None

                done, out = await self.work(write_and_render)
                if out is not None:
                    self.deliver(out)
            if out is None:
                await self.publish(game_id)
        finally:
            self.forget(game_id)
        return done

    def forget(self, game_id: str) -> None:
        """Drop a game's lock and views once no connection is left to it (and no one holds the lock)."""
        lock = self.locks.get(game_id)
        if not self.presence.of(game_id) and (lock is None or not lock.locked()):
            self.locks.pop(game_id, None)
            self.feeds.pop(game_id, None)
            self.versions.pop(game_id, None)
            self.presence.remote.pop(game_id, None)


def viewer_of(record: GameRecord, seats: frozenset[int]) -> int | None:
    return viewer_for(record.summary.get("current_player"), seats)
