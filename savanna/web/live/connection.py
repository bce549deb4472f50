"""One WebSocket connection to a game, and the caps on what the server holds for its clients.

Spectators and seats are counted apart: spectators are capped (in all, per game, and per client
address of both), seats never are for spectators; a seat over its own cap of connections has
its oldest one closed instead (CLOSE_SEAT_ELSEWHERE).

Each connection has its own outgoing queue (an Outbox, bounded in bytes, whole views
collapsed) and writer task: a broadcast never waits for a slow client, and one that falls
far behind is closed and forgotten. A client's messages are allowed by a token bucket.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocketDisconnect

from ..jsontext import dumps as encode
from ..table.seats import Credential
from .feed import Viewer, Whole
from .outbox import QUEUE_BYTES, QUEUE_MESSAGES, Outbox

log = logging.getLogger("savanna.web")

# what sending on a socket whose client has gone may raise (Starlette, uvicorn's protocols)
SEND_ERRORS = (RuntimeError, OSError, WebSocketDisconnect)
CLOSE_SECONDS = 5.0  # a close frame waits behind what the client has not read: not for ever
TRY_LATER = 1013  # the close code of a connection closed as too slow, or refused over a cap
CLOSE_UNKNOWN_GAME = 4404
CLOSE_SEAT_ELSEWHERE = 4409  # a seat's oldest connection, closed for its newest (over the seat's own cap)


@dataclass(frozen=True)
class Limits:
    """How much the server holds for WebSocket clients (create_app's and `savanna serve`'s options).
    An address is a client's IPv4 address or its IPv6 address's /64 (edge/ratelimit.py's client_key)."""

    spectators: int = 2000  # spectators' connections in all (on PostgreSQL, of every server together)
    game_spectators: int = 64  # of one game
    address_spectators: int = 100  # from one address, in all: its share of `spectators`
    address_game_spectators: int = 16  # from one address to one game: its share of `game_spectators`
    seat_connections: int = 8  # one seat's own (on PostgreSQL, on every server): a newer one closes its oldest
    queue_bytes: int = QUEUE_BYTES  # waiting to be sent to one connection
    queue_messages: int = QUEUE_MESSAGES


class Connection:
    """One WebSocket connection to one game: its token's seats (none: a spectator)."""

    def __init__(self, websocket: Any, game_id: str, token: str | Credential | None, seats: frozenset[int],
                 rate: float = 10.0, burst: int = 30, address: str | None = None, limits: Limits = Limits()):
        self.websocket = websocket
        self.game_id = game_id
        self.token = token
        self.session: str | None = None  # the session cookie it acts by, if it came in by one (edge/socket.py)
        self.seats = seats
        self.address = address
        self.spectator = not seats  # as it came in (what its caps counted), whatever it auths as later
        self.since = time.monotonic()
        self.outbox = Outbox(limits.queue_bytes, limits.queue_messages)
        self._ready = asyncio.Event()  # set when the outbox has something, or the writer is to end
        self._ending = False
        self.writer: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None  # the close after it fell behind
        self.too_slow: Any = None  # called with the connection when it is closed as too slow
        self.closed = False
        self.hold: str | None = None  # its row among every server's connections (cluster.py)
        self.has: tuple[int, Viewer] | None = None  # (rev, viewer) of the view last sent (feed.py)
        self._rate, self._burst = rate, burst
        self._allowance = float(burst)
        self._stamp = time.monotonic()

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: dict[str, Any] | str | Whole, view: bool = False) -> None:
        """Queue a message (`view`: a patch; a Whole is a view too, see outbox.py)."""
        if self.closed:
            return
        text = message if isinstance(message, (str, Whole)) else encode(message)
        if self.outbox.put(text, view):
            self._ready.set()
            return
        log.warning("game %s: a connection fell %d bytes (%d messages) behind; closing it",
                    self.game_id, self.outbox.bytes, len(self.outbox))
        self.shut(TRY_LATER, "too slow: reconnect to get the game again")
        if self.too_slow is not None:
            self.too_slow(self)

    def shut(self, code: int, reason: str) -> None:
        """Stop sending now (its memory back at once, not when the client is gone) and close it
        (`closing`: the close, waiting behind nothing)."""
        self.closed = True
        self.outbox.clear()
        if self.writer is not None:
            self.writer.cancel()
        self.closing = asyncio.get_running_loop().create_task(self.close(code, reason))

    def allow(self) -> bool:
        """Token bucket: `burst` messages at once, `rate` a second after that."""
        now = time.monotonic()
        self._allowance = min(self._burst, self._allowance + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    async def _write(self) -> None:
        try:
            while True:
                text = self.outbox.pop()
                if text is not None:
                    await self.websocket.send_text(text)
                elif self._ending:
                    return
                else:
                    self._ready.clear()
                    await self._ready.wait()
        except SEND_ERRORS:  # the client went away: its reader ends the connection
            self.closed = True

    async def close(self, code: int, reason: str) -> None:
        """Close the socket with a code and reason a client can read (not waiting for ever)."""
        with contextlib.suppress(*SEND_ERRORS, asyncio.TimeoutError):
            await asyncio.wait_for(self.websocket.close(code=code, reason=reason), CLOSE_SECONDS)

    async def stop(self) -> None:
        """Send what is queued, then stop the writer."""
        self.closed = True
        self._ending = True
        self._ready.set()
        if self.writer is not None and not self.writer.done():
            try:
                await asyncio.wait_for(self.writer, timeout=2)
            except asyncio.TimeoutError:
                self.writer.cancel()
