"""The ratings' REST routes: a player's profile and a game's leaderboard (table/ratings.py says
what they hold).

    GET /api/players/{name}             a person's (any case) or a computer player's ("medium")
                                        profile; 404 "unknown_player" (a deleted account too)
    GET /api/leaderboard?game=NAME      400 "unknown_game" naming the games
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from .parts import Parts


class Point(BaseModel):
    at: str = Field(description="when the rated game ended (ISO 8601, UTC)")
    rating: int = Field(description="the number shown after it")
    game_id: str


class GameRating(BaseModel):
    rating: int = Field(description="the number shown: 1500 + 29.5 * (mu - 25), rounded (a newcomer: 1500)")
    mu: float = Field(description="OpenSkill's estimate of skill (Plackett-Luce; a newcomer: 25)")
    sigma: float = Field(description="its uncertainty (a newcomer: 25/3)")
    games: int = Field(description="rated games counted")
    provisional: bool = Field(description="the number is still a guess: sigma above 6.5")
    history: list[Point] = Field(description="after each rated game, the oldest first (the profile's chart)")


class SeatOut(BaseModel):
    seat: int
    name: str | None
    computer: bool
    profile: str | None = Field(description="the name of the account to link to (null: none, or deleted)")


class FinishedGame(BaseModel):
    id: str
    game: str
    ended: str
    rated: bool
    seat: int = Field(description="the player's seat")
    rank: int = Field(description="its place: 1 the first, ties share; a resigned seat last")
    points: int
    players: int
    rating: int | None = Field(description="the number shown after the game (rated games)")
    rating_change: int | None = Field(description="what the game changed it by (rated games)")
    replay: str = Field(description="the replay's path")
    seats: list[SeatOut]


class ProfileOut(BaseModel):
    name: str
    computer: bool = Field(description="a computer player's account (nobody logs in as it)")
    deleted: bool
    created: str
    ratings: dict[str, GameRating] = Field(description="per game (every game of the server)")
    games: list[FinishedGame] = Field(description="finished games, the latest first (at most 50)")
    to_move: list[dict[str, Any]] = Field(description="games where it is the player's turn now, as GET "
                                                      "/api/me/games lists them (the lobby's items, plus seat)")


class Leader(BaseModel):
    rank: int = Field(description="1 the best; the same number shown, the same rank")
    name: str
    rating: int
    mu: float
    sigma: float
    games: int
    provisional: bool
    computer: bool


class LeaderboardOut(BaseModel):
    game: str
    min_games: int = Field(description="rated games an account needs to be listed")
    active_days: int = Field(description="... one of them in the last so many days (computers: always listed)")
    players: list[Leader] = Field(description="the best first, at most 100")


def _error(code: str) -> dict[str, Any]:
    return {"description": code, "content": {"application/json": {"example": {"type": "error", "code": code,
                                                                               "message": "..."}}}}


def router(parts: Parts) -> APIRouter:
    r = APIRouter()
    ratings, reads = parts.ratings, parts.reads

    @r.get("/api/players/{name}", tags=["ratings"], response_model=ProfileOut,
           responses={404: _error("unknown_player")})
    async def profile(name: str) -> JSONResponse:
        """A player's profile: ratings per game with their history, finished games with place,
        points, rating change and replay, and the games where it is their turn. `name`: a
        person's account (in any case) or a computer player ("easy", "medium", "hard", a spec)."""
        return JSONResponse(await asyncio.to_thread(ratings.profile, name, await reads.to_move()))

    @r.get("/api/leaderboard", tags=["ratings"], response_model=LeaderboardOut,
           responses={400: _error("unknown_game")})
    async def leaderboard(game: str | None = Query(None, max_length=64, description="the game's name, e.g. "
                                                                             "from GET /api/catalogue")
                          ) -> JSONResponse:
        """A game's leaderboard: the accounts with at least 3 rated games and one in the last 90
        days, and the computer players, best first."""
        return JSONResponse(await asyncio.to_thread(ratings.leaderboard, game))

    return r
