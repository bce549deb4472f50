"""The routes of seats that count (table/claims.py says what they are):

    POST /api/games/{id}/claim                {"token"} -> {"type": "claimed", "outcome": "claimed" |
                                              "already", "seat", "version"}
    POST /api/games/{id}/seats/{seat}/take    -> {"type": "taken", "outcome": "taken" | "already",
                                              "seat", "version"}
    GET  /api/me/games                        -> {"playing": [...], "to_move": [...], "over": [...]}

Each needs the session cookie; the two that change a game its Origin and X-CSRF-Token too
(edge/credentials.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from .accounts import session_of
from .commands import STRICT
from .credentials import session_for_change
from .parts import Parts


class ClaimIn(BaseModel):
    model_config = STRICT
    token: str | None = Field(None, max_length=200, description="the seat's token (from its join link)")


def router(parts: Parts) -> APIRouter:
    r = APIRouter()

    @r.post("/api/games/{game_id}/claim", tags=["games"])
    async def claim(request: Request, game_id: str, body: ClaimIn) -> dict[str, Any]:
        """Claim a join link's seat for the logged-in account (session cookie and X-CSRF-Token):
        from then on that account plays it, on any device, and the link's token acts for it no
        more (it answers "claimed"). 409 "seat_taken" if another account claimed it."""
        cur = await session_for_change(parts, request)
        rec, seat, outcome = await parts.conductor.claim(game_id, body.token, cur.account.id, cur.account.name)
        return {"type": "claimed", "outcome": outcome, "seat": seat, "version": rec.version}

    @r.post("/api/games/{game_id}/seats/{seat}/take", tags=["games"])
    async def take(request: Request, game_id: str, seat: int) -> dict[str, Any]:
        """Take an open seat for the logged-in account (session cookie and X-CSRF-Token): the
        first one wins, the others get 409 "seat_taken"."""
        cur = await session_for_change(parts, request)
        rec, outcome = await parts.conductor.take_seat(game_id, seat, cur.account.id, cur.account.name)
        return {"type": "taken", "outcome": outcome, "seat": seat, "version": rec.version}

    @r.get("/api/me/games", tags=["accounts"])
    async def my_games(request: Request, limit: int = Query(50, ge=1, le=200)) -> JSONResponse:
        """The logged-in account's games (its claimed seats'), latest first: "playing", "to_move"
        (those where one of its seats is to act) and "over"; each as the lobby lists it, plus
        "seat" and "my_seats" (its seats there). 401 "not_logged_in" without a session."""
        cur = await asyncio.to_thread(session_of, parts, dict(request.cookies))
        body = await parts.reads.games_of(cur.account.id, limit)
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    return r
