"""Who a seat's request is from: its seat token, else the account of its session cookie
(table/seats.py's Credential), so that every seat route and the WebSocket accept a session as
they accept a token.

A token given is used alone (a join link's holder acts as before, logged in or not). Without
one, the session's account acts for the seats it claimed. A request that changes something
with the session (an action, a takeback, an answer, a resignation) is checked as every other
such request is (edge/accounts.py): its Origin, and the session's CSRF token in X-CSRF-Token.
A read (the view, the export) needs neither, and a cookie whose session has ended is then
read as none (a spectator's). The WebSocket's handshake is checked by the guard (Origin), and
its messages come over the connection so made.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import Request

from ..live.room import Credential, Current, GameError
from .accounts import COOKIE, CSRF_HEADER, check_origin, session_of
from .parts import Parts


async def session_for_change(parts: Parts, request: Request) -> Current:
    """The request's session, its Origin and CSRF token checked (GameError if any is wrong)."""
    cur = await asyncio.to_thread(session_of, parts, dict(request.cookies))
    check_origin(request)
    parts.accounts.check_csrf(cur, request.headers.get(CSRF_HEADER))
    return cur


async def account_of(parts: Parts, cookies: dict[str, str]) -> int | None:
    """The account of a session cookie, None without one or when it has ended."""
    if not cookies.get(COOKIE) or parts.accounts is None:
        return None
    try:
        return (await asyncio.to_thread(session_of, parts, dict(cookies))).account.id
    except GameError as e:
        if e.code != "not_logged_in":
            raise
        return None


async def credential(parts: Parts, request: Request, token: Any, change: bool) -> Credential:
    """A seat request's credential: its `token` if given, else its session's account (for a
    `change`, with its Origin and CSRF token checked), else none (refused down below as
    "missing_token")."""
    if token is not None and token != "":
        return Credential(token=token)
    if not request.cookies.get(COOKIE) or parts.accounts is None:
        return Credential()
    if not change:
        return Credential(account=await account_of(parts, request.cookies))
    return Credential(account=(await session_for_change(parts, request)).account.id)
