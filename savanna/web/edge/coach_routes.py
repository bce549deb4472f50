"""The coach's routes (table/hints.py, table/reviews.py say what they give and refuse):

    POST /api/games/{id}/hint     {"token"?, "seat"?, "version"?} -> the hint JSON (savanna.coach.hint):
                                  for the seat to act, its holder's (a token, or the session)
    GET  /api/games/{id}/review   -> the review JSON (status "none" if never asked; while it
                                  runs, the entries so far and "progress")
    POST /api/games/{id}/review   -> 202 the review JSON, queued if it was not (idempotent)

Hints and reviews asked are limited per client address (create_app's `coach_limit`). Refusals:
403 no_hints (a rated game), 409 not_your_turn, 409 game_over, 429 hint_pending (a hint of the
game is waiting already), 409 moved_on (the game moved on meanwhile), 409 game_not_over (a
review of a game being played), 429 rate_limited (with Retry-After).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from .bodies import TokenIn
from .credentials import credential
from .parts import Parts
from .ratelimit import client_host


def router(parts: Parts) -> APIRouter:
    r = APIRouter()

    @r.post("/api/games/{game_id}/hint", tags=["coach"])
    async def hint(request: Request, game_id: str, body: TokenIn) -> JSONResponse:
        """The coach's move for the seat to act (yours): the best move found within the server's
        cap on a search, why (events and facts), and the next best, each with its expected
        final margin. Recorded in the game (the view's "hints"). Not in rated games."""
        cred = await credential(parts, request, body.token, change=True)
        parts.coach_limits.hit("hint", client_host(request))
        found = await parts.hints.ask(game_id, cred, body.seat, body.version, client_host(request))
        return JSONResponse(found, headers={"Cache-Control": "no-store"})

    @r.get("/api/games/{game_id}/review", tags=["coach"])
    async def review(game_id: str) -> JSONResponse:
        """The review of a finished game: every decision of its people judged against the best
        move found, marked, and each seat's summary; while it is computed, as far as it got."""
        return JSONResponse(await parts.reviews.show(game_id), headers={"Cache-Control": "no-store"})

    @r.post("/api/games/{game_id}/review", status_code=202, tags=["coach"])
    async def ask_review(request: Request, game_id: str) -> JSONResponse:
        """Ask for the review of a finished game (queued once; computed in the background)."""
        parts.coach_limits.hit("review", client_host(request))
        body: Any = await parts.reviews.ask(game_id)
        return JSONResponse(body, status_code=202, headers={"Cache-Control": "no-store"})

    return r
