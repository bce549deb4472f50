"""The accounts' pages: one's account (/account), a player's profile (/players/{name}) and the
leaderboards (/leaderboard?game=...). Each is a static page whose script asks the API
(edge/accounts.py, the ratings' routes) for what it shows: no data is written into the HTML."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from .parts import Parts
from .routes import page


def router(parts: Parts) -> APIRouter:
    r = APIRouter()

    @r.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        """One's account: sessions, password, deleting it (logging in first when not)."""
        return page("account.html")

    @r.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        """A player's profile: ratings with their history, games, games waiting for them."""
        return page("player.html")

    @r.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page() -> FileResponse:
        """A game's leaderboard (?game=...; the page switches between the games)."""
        return page("leaderboard.html")

    return r
