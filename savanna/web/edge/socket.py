"""The WebSocket of a game: admit the connection under the caps, then read each message into
its command (commands.py: the typed set the REST routes' bodies are too) and answer it by its
type from a table of handlers, which hand every change to the conductor (live/conductor.py).

    server -> {"type": "state", "seats": [seats this connection acts for], "rev": 7, "view": {...}}
              the whole view: on connect, after "auth", and when asked for
              {"type": "patch", "base": 7, "rev": 8, "patch": [...]}
              after every change of the game (moves, people connecting): a JSON Patch
              (RFC 6902) of the view at rev `base`; a client holding another rev has
              missed one and asks for the whole view (live/feed.py tells more)
              {"type": "accepted", "action", "version"}   your action was stored
              {"type": "history", "id", "version", "moves", "from", "to", "entries": [...]}
              the history entries asked for ({"type": "history", "from": N, "to"?: M}), as
              GET /api/games/{id}/history answers (views/history.py)
              {"type": "pong"}
              {"type": "error", "code", "message"}        nothing changed; the connection stays
    client -> `MESSAGES`, each {"type": ..., its fields}; any message may carry "ref" (a
              string or number of at most 64 characters), echoed in the reply to it.

A browser's handshake from another site's page is refused by the guard (HTTP 403). An unknown
game: an error message, then the connection closes with code 4404. A spectator over a cap
(live's Limits: spectators in all, of the game, and from the client's address, IPv6 by its /64)
is closed at once with code 1013 and a reason naming the cap and its size. Without a token,
the session cookie's account plays the seats it claimed (edge/credentials.py). A seat's token
always gets in; a seat's connection over its own cap closes its oldest (code 4409, the reason
says why). Messages over the message limit, malformed JSON, unknown types, a missing or wrong
token, acting out of turn and illegal actions each get an error reply, and nothing changes.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..live.connection import CLOSE_UNKNOWN_GAME, SEND_ERRORS, TRY_LATER, Connection
from ..live.room import GameError
from ..live.room import Credential
from . import commands
from .accounts import COOKIE, session_of
from .credentials import account_of
from .errors import json_problem, validation_message
from .parts import Parts
from .ratelimit import client_key
from .routes import ROOM_REQUESTS

log = logging.getLogger("savanna.web")

Reply = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Message:
    """One type of client message: its command (commands.py; its fields all optional unless
    `required`) and its handler, `handle(parts, conn, command, ref, reply)`."""

    type: str
    command: builtins.type[BaseModel]  # (`type` is the field above)
    handle: Callable[..., Awaitable[None]]
    required: tuple[str, ...] = ()
    example: str = ""
    changes: bool = False  # made with a session: refused once that session has ended (logged out)

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(info.alias or name for name, info in self.command.model_fields.items())

    def read(self, data: dict[str, Any]) -> BaseModel:
        """The message's command, from its own fields ("type", "ref" and others are left);
        GameError "bad_request" saying what is wrong."""
        try:
            return self.command.model_validate({f: data[f] for f in self.fields if f in data})
        except ValidationError as e:
            raise GameError("bad_request", validation_message(e.errors())) from None


async def _ping(parts: Parts, conn: Connection, command: commands.Ping, ref: Any, reply: Reply) -> None:
    reply({"type": "pong"})


async def _state(parts: Parts, conn: Connection, command: commands.State, ref: Any, reply: Reply) -> None:
    """The whole view, in its place among the patches."""
    await parts.live.publish(conn.game_id, whole={conn: ref})


async def _auth(parts: Parts, conn: Connection, command: commands.Auth, ref: Any, reply: Reply) -> None:
    """Act for another token's seats from now on."""
    token = command.token
    if not isinstance(token, str) or not token:
        raise GameError("missing_token", "auth needs a token")
    rec = await parts.reads.record(conn.game_id)
    seats = parts.reads.seats_for(rec, token)
    if not seats:
        raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
    conn.token, conn.seats = token, seats
    parts.live.make_room(conn.game_id, seats, keep=conn)
    await parts.live.publish(conn.game_id, whole={conn: None})


async def _action(parts: Parts, conn: Connection, command: commands.Act, ref: Any, reply: Reply) -> None:
    rec = await parts.conductor.act(conn.game_id, conn.token, command.action, command.version)
    reply({"type": "accepted", "action": rec.actions[-1], "version": rec.version})


async def _history(parts: Parts, conn: Connection, command: commands.History, ref: Any, reply: Reply) -> None:
    """History entries the view does not carry, as the connection's seats see them."""
    reply(await parts.live.history(conn.game_id, command.first, command.to, seats=conn.seats))


def _room(kind: str) -> Callable[..., Awaitable[None]]:
    """A room request (as its REST route: takeback, its answer, resign) from the connection's token."""
    async def handle(parts: Parts, conn: Connection, command: BaseModel, ref: Any, reply: Reply) -> None:
        reply(await ROOM_REQUESTS[kind](parts.conductor, conn.game_id, conn.token, **command.model_dump()))
    return handle


MESSAGES = {m.type: m for m in (
    Message("action", commands.Act, _action, required=("action",),
            example='{"type": "action", "action": "T0,-1@0"}', changes=True),
    Message("ping", commands.Ping, _ping),
    Message("auth", commands.Auth, _auth),
    Message("state", commands.State, _state),
    Message("history", commands.History, _history, required=("from",), example='{"type": "history", "from": 0}'),
    Message("takeback", commands.TakeBack, _room("takeback"), changes=True),
    Message("takeback_answer", commands.Answer, _room("takeback_answer"), required=("accept",),
            example='{"type": "takeback_answer", "accept": true}', changes=True),
    Message("resign", commands.Resign, _room("resign"), changes=True),
)}
TYPES = ", ".join(list(MESSAGES)[:-1]) + " or " + list(MESSAGES)[-1]  # as the errors say it


def router(parts: Parts) -> APIRouter:
    """The game WebSocket, /ws/games/{id}?token=TOKEN (no token: the seats the session cookie's
    account claimed; neither: a spectator)."""
    r = APIRouter()
    live, reads = parts.live, parts.reads

    @r.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        await websocket.accept()  # then refused with a close code and reason a client can read
        # an IPv6 client counts by its /64 (it may hold many addresses), an IPv4 one by its address
        address = client_key(websocket.client.host if websocket.client else None)[:64]  # (as the holds store it)
        account = None if token else await account_of(parts, websocket.cookies)
        if not token and account is None and (refused := live.admit(game_id, address)):
            return await refuse(websocket, refused)  # a spectator: before the database is asked
        try:
            rec = await reads.record(game_id)
        except GameError as e:
            await websocket.send_text(json.dumps(e.as_dict()))
            await websocket.close(code=CLOSE_UNKNOWN_GAME, reason="unknown game")
            return
        given = token or (Credential(account=account) if account is not None else None)
        seats = reads.seats_for(rec, given)
        # a spectator's caps again (others may have joined meanwhile), and those of every server if
        # several; a seat always gets in
        conn = await live.enter(websocket, game_id, given, seats, address)
        if isinstance(conn, str):
            return await refuse(websocket, conn)
        if given is not None and not token:  # acting by session: as long as the session lasts
            conn.session = websocket.cookies.get(COOKIE)
        parts.expiry.touch(game_id)  # someone is here: the game is not abandoned
        try:
            await live.publish(game_id)  # the state to this connection, who is connected to everyone
            if token and not seats:
                conn.send(GameError("bad_token", "this token is not one of this game's seats (check your join "
                                                 "link); you are watching as a spectator").as_dict())
            live.kick(game_id)
            while not conn.closed:  # (closed as too slow: read no more of it)
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    try:
                        text = (message.get("bytes") or b"").decode("utf-8")
                    except UnicodeDecodeError:
                        conn.send(GameError("bad_json", "a message must be JSON text").as_dict())
                        continue
                try:
                    await answer(parts, conn, text)
                except Exception:  # a bug or a database failure: say so, keep the connection
                    log.exception("game %s: message failed", game_id)
                    conn.send(GameError("server_error", "the server failed to answer; nothing was changed").as_dict())
        except WebSocketDisconnect:
            pass
        finally:
            live.leave(conn)
            parts.expiry.touch(game_id)
            if conn.closing is not None:  # the close frame, after what the client has yet to read
                await asyncio.wait([conn.closing])
            if websocket.application_state == WebSocketState.CONNECTED and live.closed:
                with contextlib.suppress(*SEND_ERRORS):
                    await websocket.close(code=1012, reason="server restarting")

    return r


async def refuse(websocket: WebSocket, reason: str) -> None:
    log.warning("game WebSocket refused: %s", reason)
    with contextlib.suppress(*SEND_ERRORS):
        await websocket.close(code=TRY_LATER, reason=reason)


async def answer(parts: Parts, conn: Connection, text: str) -> None:
    """Read one client message and answer it (an error reply when it is refused)."""
    ref = None

    def reply(message: dict[str, Any]) -> None:
        if ref is not None:
            message["ref"] = ref
        conn.send(message)

    def fail(code: str, message: str) -> None:
        reply(GameError(code, message).as_dict())

    if not conn.allow():
        return fail("rate_limited", "too many messages: slow down")
    limit = parts.message_limit
    size = len(text) if len(text) > limit else len(text.encode("utf-8"))
    if size > limit:
        return fail("too_large", f"the message is {size} bytes; at most {limit} are accepted")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        return fail("bad_json", f"the message is not valid JSON: {json_problem(e)}")
    if not isinstance(data, dict):
        return fail("bad_request", 'a message must be a JSON object such as {"type": "ping"}')
    r = data.get("ref")
    if isinstance(r, (str, int)) and not isinstance(r, bool) and len(str(r)) <= 64:
        ref = r
    kind = data.get("type")
    if kind is None:
        return fail("bad_request", f'a message needs a "type": {TYPES}')
    message = MESSAGES.get(kind) if isinstance(kind, str) else None
    if message is None:
        return fail("unknown_type", f"unknown message type {str(kind)[:40]!r}: expected {TYPES}")
    missing = [f for f in message.required if f not in data]
    if missing:
        return fail("bad_request", f'an {kind} message needs "{missing[0]}", e.g. {message.example}')
    try:
        if message.changes and conn.session:  # logged out since (elsewhere, or this session ended)?
            await asyncio.to_thread(session_of, parts, {COOKIE: conn.session})
        await message.handle(parts, conn, message.read(data), ref, reply)
    except GameError as e:
        fail(e.code, e.message)
