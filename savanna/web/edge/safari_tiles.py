"""Carcassonne Safari's own routes: the tile gallery (/tiles: every tile type of a set drawn by
the board's own code, at every rotation) and the tile sets it shows."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import HTMLResponse

from savanna.safari import DEFAULT_TILE_SET, TILE_SETS, load_tiles

from ..live.room import GameError
from ..views.safari import tile_catalogue
from .parts import Parts
from .ratelimit import client_host
from .routes import page


def router(parts: Parts) -> APIRouter:
    r = APIRouter()

    @r.get("/tiles", include_in_schema=False)
    async def tiles_page() -> HTMLResponse:
        """The tile gallery: every tile type drawn as the board draws it."""
        return page("safari-tiles.html")

    @r.get("/api/tiles", tags=["tiles"])
    async def tile_set(version: str = Query(DEFAULT_TILE_SET, alias="set",
                                            description="a packaged tile set's version")) -> dict[str, Any]:
        """A packaged tile set's types, each laid out at every rotation, and its start tile."""
        if version not in TILE_SETS:
            raise GameError("not_found", f"no tile set {version!r}; there are {', '.join(TILE_SETS)}")
        return tile_catalogue(load_tiles(version))

    @r.post("/api/tiles", tags=["tiles"])
    async def user_tile_set(request: Request, body: Annotated[dict[str, Any], Body(
            description="a tile set (safari-tiles/1)")]) -> dict[str, Any]:
        """A user's own tile set, checked and laid out as GET /api/tiles lays out a packaged one
        (limited per client address as creating games is: a set is kept in memory a while)."""
        parts.limits.hit("tiles", client_host(request))

        def lay_out() -> dict[str, Any]:
            try:
                return tile_catalogue(load_tiles(body))
            except ValueError as e:
                raise GameError("bad_request", f"not a usable tile set: {e}") from None

        return await asyncio.to_thread(lay_out)

    return r
