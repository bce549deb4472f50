"""The accounts' pages: one's account (/account), a player's profile (/players/{name}) and the
leaderboards (/leaderboard?game=...). One static page serves the three (static/accounts.html):
its scripts ask the API (edge/accounts.py, edge/ratings.py) for what they show, and each starts
on its own address; nothing of the request is written into the HTML."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from .parts import Parts
from .routes import page

PAGES = ("/account", "/players/{name}", "/leaderboard")


def router(parts: Parts) -> APIRouter:
    r = APIRouter()

    async def accounts_page() -> HTMLResponse:
        return page("accounts.html")

    for path in PAGES:
        r.add_api_route(path, accounts_page, methods=["GET"], include_in_schema=False)
    return r
