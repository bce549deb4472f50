"""The accounts' REST routes: register, log in and out, one's account and sessions
(table/accounts.py says what accounts are).

    POST   /api/accounts            {"name", "password"} -> 201: registered and logged in
    POST   /api/session             {"name", "password"} -> logged in (a new session)
    DELETE /api/session             log out
    GET    /api/me                  {"name", "created", "csrf_token", "sessions", "email", "mail"}
    GET    /api/me/sessions         {"sessions": [...]}
    DELETE /api/me/sessions/{id}    end one of one's sessions
    POST   /api/me/password         {"password", "new_password"}: the other sessions end
    DELETE /api/me                  {"password"}: delete the account

The session is the cookie `savanna_session` (HttpOnly, SameSite=Lax, Path=/; Secure when the
request came over HTTPS, or always with `savanna serve --https`, behind a proxy that terminates
TLS). Cross-site request forgery: every state-changing request made with that cookie (log out,
end a session, change the password, delete the account) must come from this server's own pages
or an allowed origin (the Origin header, as the guard checks a WebSocket's; a browser's
Sec-Fetch-Site "cross-site" is refused too), AND carry the session's CSRF token in the
X-CSRF-Token header: the token is given at login, by GET /api/me, and in the cookie `savanna_csrf`
(readable by the pages' scripts, not by another site's). Refused: 403 "bad_origin" or
"bad_csrf_token". Registering and logging in need no token, but a foreign Origin is refused.

Registering and logging in are limited per client address and per account name, across server
processes (edge/ratelimit.py's storage): 429 "rate_limited" with Retry-After.

The WebSocket will accept a session as it accepts a seat token (issue 28's seats that count):
`session_of(parts, cookies)` is what it calls.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..live.room import IDLE, PASSWORD_MAX, Credential, Current, GameError, Login, account_owner, normalised
from .commands import STRICT
from .guard import origin_allowed, origin_of
from .parts import Parts
from .ratelimit import client_host

COOKIE = "savanna_session"
CSRF_COOKIE = "savanna_csrf"
CSRF_HEADER = "x-csrf-token"
HASHING = max(1, (os.cpu_count() or 2) // 2)  # password hashes at once per server process (see router)


class CredentialsIn(BaseModel):
    model_config = STRICT
    name: str = Field(..., max_length=200, description="the account name: 2 to 24 letters, digits, spaces, _ or -")
    password: str = Field(..., max_length=PASSWORD_MAX, description="at least 8 characters, not a common one")


class PasswordIn(BaseModel):
    model_config = STRICT
    password: str = Field(..., max_length=PASSWORD_MAX, description="the account's current password")


class NewPasswordIn(PasswordIn):
    new_password: str = Field(..., max_length=PASSWORD_MAX, description="the new password (at least 8 "
                                                                       "characters, not a common one)")


def session_of(parts: Parts, cookies: dict[str, str]) -> Current:
    """The account and session of a request's cookies, or GameError "not_logged_in" (blocking:
    call it in a thread)."""
    return parts.accounts.current(cookies.get(COOKIE))


def name_key(name: str) -> str:
    """A name as its rate limits count it: the hash of its normalised form (any text fits)."""
    return hashlib.sha256(normalised(name).encode("utf-8", "surrogatepass")).hexdigest()


async def resign_all(parts: Parts, account: int) -> list[str]:
    """Resign every seat the account holds in an unfinished game (its account deleted): the
    games it resigned in."""
    done = []
    playing = await parts.reads.playing(account)
    for found in playing:
        for seat in found.seats:
            try:
                await parts.conductor.resign(found.listing.id, Credential(account=account), seat)
            except GameError:  # over or resigned meanwhile
                continue
            done.append(found.listing.id)
    return sorted(set(done))


def secure(parts: Parts, request: Request) -> bool:
    return parts.https or request.url.scheme == "https"


def check_origin(request: Request) -> None:
    """GameError "bad_origin" when a browser sent the request from a page of another site."""
    allowed = {origin_of(o) for o in getattr(request.app, "allowed_origins", ())}
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site" or not origin_allowed(request.scope,
                                                                                               allowed):
        raise GameError("bad_origin", "this request comes from a page of another site (its Origin header is not "
                                      "this server's): refused, to protect your account")


def logged_in(parts: Parts, request: Request, login: Login, status: int) -> JSONResponse:
    body = {"type": "logged_in", "name": login.account.name, "csrf_token": login.csrf,
            "session": login.session.handle}
    resp = JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
    ssl = secure(parts, request)
    age = int(IDLE.total_seconds())
    resp.set_cookie(COOKIE, login.session_id, max_age=age, path="/", secure=ssl, httponly=True, samesite="lax")
    resp.set_cookie(CSRF_COOKIE, login.csrf, max_age=age, path="/", secure=ssl, httponly=False, samesite="lax")
    return resp


def logged_out(parts: Parts, request: Request, body: dict[str, Any]) -> JSONResponse:
    resp = JSONResponse(body, headers={"Cache-Control": "no-store"})
    ssl = secure(parts, request)
    resp.delete_cookie(COOKIE, path="/", secure=ssl, httponly=True, samesite="lax")
    resp.delete_cookie(CSRF_COOKIE, path="/", secure=ssl, httponly=False, samesite="lax")
    return resp


def router(parts: Parts) -> APIRouter:
    r = APIRouter()
    accounts = parts.accounts
    # Argon2 takes a core for tens of milliseconds and tens of megabytes: this process runs HASHING
    # at once, the rest wait their turn here (not in a thread), so a flood of logins from many
    # addresses slows logins, never the games' moves, the lobby or the threads they use
    hashing = asyncio.Semaphore(HASHING)

    async def hashed(fn: Any, *args: Any) -> Any:
        async with hashing:
            return await asyncio.to_thread(fn, *args)

    async def enter(kind: str, request: Request, body: CredentialsIn, status: int) -> JSONResponse:
        """Register or log in ("register", "login"): the Origin checked, counted per address and per
        name, then a new session."""
        check_origin(request)
        limits = parts.account_limits[kind]
        limits.hit(kind, client_host(request))
        limits.hit_key(kind + "-name", name_key(body.name), "this account name")
        login = await hashed(getattr(accounts, kind), body.name, body.password,
                             request.headers.get("user-agent", ""), client_host(request) or "")
        return logged_in(parts, request, login, status)

    async def current(request: Request, change: bool) -> Current:
        """The request's session; for a change, its Origin and CSRF token checked too."""
        cur = await asyncio.to_thread(session_of, parts, dict(request.cookies))
        if change:
            check_origin(request)
            accounts.check_csrf(cur, request.headers.get(CSRF_HEADER))
        return cur

    @r.post("/api/accounts", status_code=201, tags=["accounts"])
    async def register(request: Request, body: CredentialsIn) -> JSONResponse:
        """Register a name and a password, and log in (the session cookie is set). Names: 2 to 24
        letters, digits, spaces, _ or -, unique in any case and after Unicode normalisation, no
        computer player's; passwords: at least 8 characters, not one of the 10,000 most common.
        Limited per client address and per name (429 with Retry-After).
        -> 201 {"type": "logged_in", "name", "csrf_token", "session"}"""
        return await enter("register", request, body, 201)

    @r.post("/api/session", tags=["accounts"])
    async def log_in(request: Request, body: CredentialsIn) -> JSONResponse:
        """Log in: a new session (a new cookie; one set before is not kept). An unknown name and a
        wrong password get the same answer, 401 "bad_login". Limited per client address and per
        name (429 with Retry-After). -> {"type": "logged_in", "name", "csrf_token", "session"}"""
        return await enter("login", request, body, 200)

    @r.delete("/api/session", tags=["accounts"])
    async def log_out(request: Request) -> JSONResponse:
        """Log out: the session ends (needs the X-CSRF-Token header). Without a session: nothing
        to end, the cookies are cleared all the same. -> {"type": "logged_out"}"""
        try:
            cur = await current(request, change=False)
        except GameError as e:
            if e.code != "not_logged_in":
                raise
            return logged_out(parts, request, {"type": "logged_out"})
        check_origin(request)
        accounts.check_csrf(cur, request.headers.get(CSRF_HEADER))
        await asyncio.to_thread(accounts.logout, request.cookies.get(COOKIE))
        return logged_out(parts, request, {"type": "logged_out"})

    @r.get("/api/me", tags=["accounts"])
    async def me(request: Request) -> JSONResponse:
        """The logged-in account: {"name", "created", "csrf_token" (for the X-CSRF-Token header),
        "sessions", "email" (its address for the mail, or null), "mail" (whether the server sends
        mail)}; 401 "not_logged_in" without a session."""
        cur = await current(request, change=False)
        sessions = await asyncio.to_thread(accounts.sessions, cur)
        email = None if parts.mail is None else await asyncio.to_thread(parts.mail.get, account_owner(cur.account.id))
        return JSONResponse({"name": cur.account.name, "created": cur.account.created_at.isoformat(),
                             "csrf_token": cur.session.csrf, "session": cur.session.handle, "sessions": sessions,
                             "email": None if email is None else email.address, "mail": parts.mail_on},
                            headers={"Cache-Control": "no-store"})

    @r.get("/api/me/sessions", tags=["accounts"])
    async def my_sessions(request: Request) -> JSONResponse:
        """The account's sessions, the last seen first: {"sessions": [{"id", "current", "created",
        "last_seen", "agent", "address"}]}"""
        cur = await current(request, change=False)
        return JSONResponse({"sessions": await asyncio.to_thread(accounts.sessions, cur)},
                            headers={"Cache-Control": "no-store"})

    @r.delete("/api/me/sessions/{session}", tags=["accounts"])
    async def end_session(request: Request, session: str) -> JSONResponse:
        """End one of the account's sessions, by its id in the list (needs X-CSRF-Token); ending
        the current one logs out. -> {"type": "ended"}"""
        cur = await current(request, change=True)
        await asyncio.to_thread(accounts.end_session, cur, session)
        if session == cur.session.handle:
            return logged_out(parts, request, {"type": "ended", "id": session})
        return JSONResponse({"type": "ended", "id": session})

    @r.post("/api/me/password", tags=["accounts"])
    async def change_password(request: Request, body: NewPasswordIn) -> JSONResponse:
        """Change the password: {"password": the current one, "new_password"} (needs X-CSRF-Token).
        Every other session of the account ends. -> {"type": "password_changed", "ended": N}"""
        cur = await current(request, change=True)
        ended = await hashed(accounts.change_password, cur, body.password, body.new_password)
        return JSONResponse({"type": "password_changed", "ended": ended})

    @r.delete("/api/me", tags=["accounts"])
    async def delete_account(request: Request, body: PasswordIn) -> JSONResponse:
        """Delete the account: {"password"} (needs X-CSRF-Token). Its sessions end and its name is
        free again; its games stay, under a name no longer linked to it. Its seats in unfinished
        games are resigned (as the game's creator chose: a computer plays on, or the game ends),
        so that no game waits for someone who is gone. -> {"type": "deleted", "resigned": [game ids]}"""
        cur = await current(request, change=True)
        await hashed(accounts.delete, cur, body.password)
        if parts.mail is not None:
            await asyncio.to_thread(parts.mail.remove, account_owner(cur.account.id))
        resigned = await resign_all(parts, cur.account.id)
        return logged_out(parts, request, {"type": "deleted", "resigned": resigned})

    return r
