"""The routes of the players' mail (table/mail.py says what is sent, live/mail.py sends it):

    GET    /api/mail                  {"enabled": bool}: whether this server sends mail (--smtp)
    PUT    /api/me/email              {"email", "lang"?}: the account's address (session + X-CSRF-Token)
    DELETE /api/me/email              remove it
    GET    /api/games/{id}/email      ?token=: whether the seat has an address of its own
    POST   /api/games/{id}/email      {"token"?, "seat"?, "email": address | null, "lang"?}: the
                                      address of a seat its holder plays (token, or the session's
                                      claimed seat with X-CSRF-Token); null removes it

With mail off, the changes answer 404 "mail_off". An address is shown back to its owner only
(here and in GET /api/me), and to nobody else: no view, export or lobby item holds one. The
mails' language is "lang" if given, else the request's Accept-Language, else English; their
links start with the server's address as this request reached it (or --smtp's site=).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ..live.room import ADDRESS_MAX, GameError, account_owner, checked_token, seat_of, seat_owner
from ..live.room import seat_mail as mail
from .commands import STRICT
from .credentials import credential, session_for_change
from .parts import Parts

NO_STORE = {"Cache-Control": "no-store"}


class EmailIn(BaseModel):
    model_config = STRICT
    email: str = Field(..., max_length=ADDRESS_MAX * 4, description="an e-mail address, e.g. ann@example.org")
    lang: str | None = Field(None, description="the mails' language: en, fr, it or de (default: the browser's)")


class SeatEmailIn(BaseModel):
    model_config = STRICT
    token: str | None = Field(None, max_length=200, description="the seat's token (none: the session's seat)")
    seat: int | None = Field(None, description="which of the token's seats (a hotseat token plays several)")
    email: str | None = Field(..., max_length=ADDRESS_MAX * 4, description="an e-mail address; null removes it")
    lang: str | None = Field(None, description="the mails' language: en, fr, it or de (default: the browser's)")


def language(request: Request, given: str | None) -> str:
    """The mails' language: `given`, else the first of Accept-Language this app has, else English."""
    chosen = mail.checked_language(given)
    if chosen:
        return chosen
    for part in request.headers.get("accept-language", "")[:500].split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in mail.LANGUAGES:
            return tag
    return "en"


def site(parts: Parts, request: Request) -> str:
    """The server's address as this request reached it: the mails' links start with it."""
    base = str(request.base_url).rstrip("/")
    return "https" + base[4:] if parts.https and base.startswith("http:") else base


def mail_on(parts: Parts) -> None:
    if not parts.mail_on:
        raise GameError("mail_off", "this server sends no mail (it was started without --smtp)")


def router(parts: Parts) -> APIRouter:
    r = APIRouter()
    store = parts.mail

    @r.get("/api/mail", tags=["mail"])
    async def mail_setting() -> dict[str, Any]:
        """Whether this server sends mail (`savanna serve --smtp`): the pages offer the address
        fields only then."""
        return {"enabled": parts.mail_on}

    @r.put("/api/me/email", tags=["accounts"])
    async def set_my_email(request: Request, body: EmailIn) -> JSONResponse:
        """The account's e-mail address (session and X-CSRF-Token): "it is your turn" in its
        correspondence games and "your time runs low" in its timed ones, in `lang`. 422
        "bad_email" says what is wrong with one. -> {"type": "email_set", "email"}"""
        mail_on(parts)
        cur = await session_for_change(parts, request)
        address = mail.checked_address(body.email)
        await asyncio.to_thread(store.put, account_owner(cur.account.id), address, language(request, body.lang),
                                site(parts, request))
        return JSONResponse({"type": "email_set", "email": address}, headers=NO_STORE)

    @r.delete("/api/me/email", tags=["accounts"])
    async def remove_my_email(request: Request) -> JSONResponse:
        """Remove the account's e-mail address: no more mail. -> {"type": "email_removed"}"""
        cur = await session_for_change(parts, request)
        await asyncio.to_thread(store.remove, account_owner(cur.account.id))
        return JSONResponse({"type": "email_removed"}, headers=NO_STORE)

    @r.get("/api/games/{game_id}/email", tags=["games"])
    async def seat_email(request: Request, game_id: str, token: str | None = None, seat: int | None = None
                         ) -> JSONResponse:
        """A seat's own e-mail address, to its holder only (its token, or the session's claimed
        seat): {"seat", "email": address | null, "enabled"}."""
        cred = await credential(parts, request, token, change=False)
        rec = await parts.reads.record(game_id)
        mine = checked_token(rec.seats, cred)
        chosen = seat_of(rec.summary.get("current_player"), mine, seat, "read the e-mail address of")
        found = await asyncio.to_thread(store.get, seat_owner(game_id, chosen))
        return JSONResponse({"seat": chosen, "email": None if found is None else found.address,
                             "enabled": parts.mail_on}, headers=NO_STORE)

    @r.post("/api/games/{game_id}/email", tags=["games"])
    async def set_seat_email(request: Request, game_id: str, body: SeatEmailIn) -> JSONResponse:
        """Set the e-mail address of a seat its holder plays ("e-mail me when it is my turn"),
        or remove it (null): dropped when the game ends. -> {"type": "email_set", "seat", "email"}"""
        mail_on(parts)
        cred = await credential(parts, request, body.token, change=True)
        seat = await asyncio.to_thread(mail.set_seat_address, parts.service, store, game_id, cred, body.seat,
                                       body.email, language(request, body.lang), site(parts, request))
        shown = None if body.email is None else mail.checked_address(body.email)
        if shown and parts.notices is not None:  # its turn may be now: told at once, not at the next scan
            parts.notices.look(game_id)
        return JSONResponse({"type": "email_set" if shown else "email_removed", "seat": seat, "email": shown},
                            headers=NO_STORE)

    return r
