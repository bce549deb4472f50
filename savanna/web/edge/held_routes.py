"""Your games: the page (/games) and the look-up of the games a browser holds seats in by their
tokens (table/held.py), for a person who is not logged in (an account's games are GET
/api/me/games):

    GET  /games                 the page (static/mine.html): an account's games, and this browser's
    POST /api/games/held        {"games": [{"id", "token"}, ...]} (at most 50) -> {"playing",
                                "to_move", "over"}, each game as the lobby lists it with "seat"
                                and "my_seats"; pairs that hold nothing are left out

The look-up is limited per client address (LOOKUP_LIMIT, counted where the creation limits
are: in memory, or in the database that several servers share): the page asks every 20 s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from ..live.room import MAX_PAIRS
from .commands import STRICT
from .parts import Parts
from .ratelimit import CreationLimits, client_host
from .routes import page

LOOKUP_LIMIT = "30/minute;600/hour"


class HeldSeat(BaseModel):
    model_config = STRICT
    id: str = Field(..., max_length=32, description="the game's id")
    token: str = Field(..., max_length=200, description="a seat's token (from its join link)")


class HeldIn(BaseModel):
    model_config = STRICT
    games: list[HeldSeat] = Field(..., max_length=MAX_PAIRS, description=f"at most {MAX_PAIRS} games and tokens")


def router(parts: Parts, lookup_limit: str | None = LOOKUP_LIMIT) -> APIRouter:
    r = APIRouter()
    limits = CreationLimits(lookup_limit, storage=parts.limits.storage)

    @r.get("/games", include_in_schema=False)
    async def your_games() -> HTMLResponse:
        """The games this person plays: by account when logged in, and by this browser's tokens."""
        return page("mine.html")

    @r.post("/api/games/held", tags=["lobby"])
    async def held(request: Request, body: HeldIn) -> JSONResponse:
        """The games whose seats these tokens play (a browser's join links, for its "Your games"
        page): "playing", "to_move" (one of those seats is to act) and "over", latest first, as
        the lobby lists them with "seat" and "my_seats". A pair whose token plays no seat of its
        game (or no such game) is left out. Limited per client address (429 with Retry-After)."""
        limits.hit("lookup", client_host(request))
        out = await parts.reads.held([(g.id, g.token) for g in body.games])
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    return r
