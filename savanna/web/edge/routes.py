"""The REST API and the pages: parse, check, call down (every change to a game through the
conductor, live/conductor.py; views through the live games), answer. No rule and no game's name here: a game is known by its description (savanna.games).
A game's own routes (its description's `routes`) are included beside these by app.py."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from savanna import __version__, games
from savanna.ai.base import LEVELS, OPTIONS, PLAYERS
from savanna.limits import SEED_BITS

from ..live.room import MAX_ITERATIONS, NAME_LIMIT, GameError, clock
from ..views.history import PAGE as HISTORY_PAGE
from . import i18n
from .bodies import ActionIn, AnswerIn, CreateIn, TokenIn, import_body
from .credentials import credential
from .guard import import_map
from .parts import Parts
from .ratelimit import client_host

STATIC = Path(__file__).parent.parent / "static"


def page(name: str) -> HTMLResponse:
    """A page of the static folder with the import map (guard.import_map) before its module
    script: an import map must be inline, and the Content-Security-Policy allows it by its hash."""
    html = (STATIC / name).read_text(encoding="utf-8")
    tag = '<script type="module"'
    if tag in html:
        html = html.replace(tag, f'<script type="importmap">{import_map()}</script>\n{tag}', 1)
    return HTMLResponse(html, headers={"Cache-Control": "no-cache"})


def links(request: Request, game_id: str, token: str | None = None) -> dict[str, str]:
    base = str(request.base_url).rstrip("/")
    path = f"/play/{game_id}" + (f"#token={token}" if token else "")
    return {"path": path, "link": base + path}


def created(request: Request, c: Any) -> JSONResponse:
    """201 with a new game's links and secrets (given once)."""
    seats = []
    for s in c.seats:
        entry = dict(s)
        if s["token"]:
            ln = links(request, c.id, s["token"])
            entry.update(join_link=ln["link"], join_path=ln["path"])
        else:
            entry.update(join_link=None, join_path=None)
        seats.append(entry)
    watch = links(request, c.id)
    body = {"id": c.id, "watch_link": watch["link"], "watch_path": watch["path"],
            "view_url": f"/api/games/{c.id}", "ws_url": f"/ws/games/{c.id}", "seats": seats,
            "hotseat_token": c.hotseat_token,
            "hotseat_link": links(request, c.id, c.hotseat_token)["link"] if c.hotseat_token else None,
            "creator_token": c.creator_token}
    return JSONResponse(body, status_code=201)


def catalogue() -> dict[str, Any]:
    """The games this server plays, each as its description gives it (GET /api/catalogue)."""
    return {"default": games.DEFAULT_GAME, "games": [s.catalogue() for s in games.specs()]}


def players_info(max_think: float, computer_only: bool, first_move: float = clock.FIRST_MOVE) -> dict[str, Any]:
    """GET /api/players: the computer players, levels, the server's limits, the time controls
    ("clocks": {"presets", "days", "bounds", "on_time", "first_move"}), and the games with
    their options (as before GET /api/catalogue; the default game's choice options also under
    their own names, where the lobby read them when there was one game)."""
    default = games.spec(games.DEFAULT_GAME)
    out: dict[str, Any] = {
        "levels": [{"level": k, "player": v} for k, v in LEVELS.items()],
        "default": "medium",
        "players": [{"name": n, "description": ((PLAYERS[n].__doc__ or "").strip().splitlines() or [""])[0],
                     "options": [{"name": k, "type": o[0].__name__, "description": o[1],
                                  "minimum": o[2] if len(o) > 2 else None} for k, o in OPTIONS[n].items()]}
                    for n in sorted(PLAYERS)],
    }
    for o in default.options:
        if o.lobby and o.choices:
            out[o.name] = [{"value": c.value, "description": c.help} for c in o.choices]
    out["seats"] = {"min": default.min_players, "max": default.max_players}
    out["limits"] = {"time": max_think, "iterations": MAX_ITERATIONS, "name": NAME_LIMIT,
                     "computer_only": computer_only, "seed_bits": SEED_BITS}
    out["games"] = [{"game": s.name, "name": s.title, "seats": {"min": s.min_players, "max": s.max_players},
                     "options": [o.catalogue() for o in s.options if o.lobby]} for s in games.specs()]
    out["clocks"] = clock.offered(first_move)
    return out


def router(parts: Parts) -> APIRouter:
    """Every REST route and page, calling down into `parts`."""
    r = APIRouter()
    reads, live, conductor = parts.reads, parts.live, parts.conductor

    # ------------------------------------------------------------ pages

    @r.get("/", include_in_schema=False)
    async def home() -> HTMLResponse:
        """The lobby."""
        return page("lobby.html")

    @r.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> HTMLResponse:
        """A game: a seat's join link (/play/{id}#token=...), the hotseat link, or watching."""
        return page("game.html")

    @r.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> HTMLResponse:
        """A game's replay, move by move."""
        return page("game.html")

    # ------------------------------------------------------------ server

    @r.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        out = {"status": "ok", "version": __version__, "database": parts.store.backend,
               "computers": parts.searches.stats()}
        if parts.cluster is not None:
            out["cluster"] = await asyncio.to_thread(parts.cluster.stats)
        if parts.reviews is not None:
            out["reviews"] = parts.reviews.stats()
        return out

    @r.get("/api/players", tags=["lobby"])
    async def players() -> dict[str, Any]:
        """Computer players, strength levels and options, and the games, for the lobby's form."""
        return players_info(reads.max_think, reads.computer_only, reads.first_move)

    @r.get("/api/catalogue", tags=["lobby"])
    async def games_catalogue() -> dict[str, Any]:
        """The games this server plays, from their descriptions: name, title, seats, the options
        a player picks (choices, default, help text in English: the pages translate them) and
        the game page's own scripts and styles."""
        return catalogue()

    @r.get("/api/messages/{lang}", tags=["pages"])
    async def messages(lang: str) -> JSONResponse:
        """The pages' sentences in a language (en, fr, it, de): {"lang", "plural": {CLDR category:
        form index}, "messages": {English msgid: translation, or its plural forms}}."""
        try:
            body = i18n.catalogue(lang)
        except KeyError as e:
            raise GameError("not_found", e.args[0]) from None
        return JSONResponse(body, headers={"Cache-Control": "public, max-age=3600"})

    # ------------------------------------------------------------ lobby

    @r.post("/api/games", status_code=201, tags=["lobby"])
    async def create_game(request: Request, body: CreateIn) -> JSONResponse:
        """Create a game. The answer holds each human seat's secret token and join link: they are
        shown once (only their hashes are stored). Limited per client address (429 with
        Retry-After when over). A rated game ("rated": true) is created by a logged-in person
        (the session cookie and its X-CSRF-Token); seats may be invited by account name or open."""
        creator = (await credential(parts, request, None, change=True)).account if body.rated else None
        parts.limits.hit("create", client_host(request))
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        c = await conductor.create(seats=seats, players=body.players, game=body.game,
                                   options=body.game_options(), seed=body.seed, hotseat=body.hotseat,
                                   listed=body.listed, on_resign=body.on_resign, resign_player=body.resign_player,
                                   address=client_host(request), rated=body.rated, creator_account=creator,
                                   clock=body.clock, on_time=body.on_time)
        return created(request, c)  # (a computer sitting first was let move: the conductor's subscriber)

    @r.get("/api/games", tags=["lobby"])
    async def lobby(limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        """Listed games: "open" (being played) and "recent" (over), latest first."""
        return await reads.lobby(limit)

    @r.post("/api/games/import", status_code=201, tags=["lobby"])
    async def import_game(request: Request, body: Annotated[dict[str, Any], Body(
            description="a saved game, or {\"saved\": <saved game>, \"seats\": [...], \"hotseat\": bool, "
                        "\"listed\": bool}; without seats every seat is human, on one hotseat token")]) -> JSONResponse:
        """Upload a saved game (the command line's JSON) as a new game here. Counts as creating
        one, in the same limit per client address."""
        parts.limits.hit("create", client_host(request))
        c = await conductor.import_game(**import_body(body), address=client_host(request))
        return created(request, c)

    # ------------------------------------------------------------ games

    @r.get("/api/games/{game_id}", tags=["games"])
    async def game_view(request: Request, game_id: str, token: str | None = None) -> dict[str, Any]:
        """The game's view (documented in savanna/web/views/), as the token's seat sees it, or the
        session's claimed seat (neither: a spectator; only a game that hides something differs)."""
        return await live.view(game_id, token=await credential(parts, request, token, change=False))

    @r.get("/api/games/{game_id}/history", tags=["games"])
    async def history(request: Request, game_id: str,
                      first: int = Query(alias="from", description="actions before the first entry wanted, from 0"),
                      to: int | None = Query(None, description="actions up to the last entry wanted (none: "
                                             f"as many as a page holds, {HISTORY_PAGE})"),
                      token: str | None = None) -> dict[str, Any]:
        """The history entries of actions from+1 .. to, which a view carries only the latest of
        (views/history.py), as the token's seat (or the session's) sees them, like the view.
        -> {"type": "history", "id", "version", "moves", "from", "to", "entries": [...]}"""
        return await live.history(game_id, first, to, token=await credential(parts, request, token, change=False))

    @r.get("/api/games/{game_id}/replay", tags=["games"])
    async def replay(game_id: str, step: int = Query(0, description="actions played, from 0")) -> dict[str, Any]:
        """The view after the first `step` actions, with a "replay" key."""
        return await asyncio.to_thread(live.replay, game_id, step)

    @r.post("/api/games/{game_id}/actions", tags=["games"])
    async def act(request: Request, game_id: str, body: ActionIn) -> dict[str, Any]:
        """Play an action for the token's seat (without a token: the seat the session's account
        claimed, with X-CSRF-Token). The new view follows over the WebSocket, and in the answer."""
        rec = await conductor.act(game_id, await credential(parts, request, body.token, change=True), body.action,
                                  body.version)
        view = await live.view(rec)
        return {"type": "accepted", "action": rec.actions[-1], "version": rec.version, "view": view}

    @r.get("/api/games/{game_id}/export", tags=["games"])
    async def export(request: Request, game_id: str, token: str | None = None) -> Response:
        """The saved game: the engine's JSON that `savanna replay FILE` reads. Once the game is
        over; before that only for a token (or a session's account) that plays every human seat
        (the file holds the seed)."""
        cred = await credential(parts, request, token, change=False)
        text = await reads.export(game_id, cred)
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="savanna-{game_id}.json"'})

    # --------------------------------------------- takebacks, resigning, deleting

    @r.post("/api/games/{game_id}/takeback", tags=["games"])
    async def take_back(request: Request, game_id: str, body: TokenIn) -> dict[str, Any]:
        """Take back the token's seat's last turn (table/takeback.py says exactly what that is): at
        once if no other person plays in the game, else a request the others answer.
        -> {"outcome": "done" | "asked", "version", "moves"}"""
        return await room_request("takeback", game_id, await credential(parts, request, body.token, change=True),
                                  seat=body.seat, version=body.version)

    @r.post("/api/games/{game_id}/takeback/answer", tags=["games"])
    async def answer_take_back(request: Request, game_id: str, body: AnswerIn) -> dict[str, Any]:
        """Accept or refuse the takeback asked for (the asker: withdraw it).
        -> {"outcome": "done" | "accepted" | "refused" | "withdrawn", "version", "moves"}"""
        return await room_request("takeback_answer", game_id, await credential(parts, request, body.token, change=True),
                                  accept=body.accept, moves=body.moves)

    @r.post("/api/games/{game_id}/resign", tags=["games"])
    async def resign_seat(request: Request, game_id: str, body: TokenIn) -> dict[str, Any]:
        """Resign (abandon) the token's seat: it passes to a computer player, or the game ends,
        as the creator chose (table/resign.py). -> {"outcome": "computer" | "ended", "version", "status"}"""
        return await room_request("resign", game_id, await credential(parts, request, body.token, change=True),
                                  seat=body.seat)

    @r.delete("/api/games/{game_id}", tags=["lobby"])
    async def delete_game(game_id: str, body: TokenIn) -> dict[str, Any]:
        """Delete an unfinished game: {"token": <the creator token from its creation>}. A
        finished game is kept. Its connections are told and closed (code 4404)."""
        await conductor.delete(game_id, body.token)  # (its connections told and closed)
        return {"type": "deleted", "id": game_id}

    async def room_request(kind: str, game_id: str, token: Any, **args: Any) -> dict[str, Any]:
        return await ROOM_REQUESTS[kind](conductor, game_id, token, **args)

    return r


# The room's requests, by the type their REST route and WebSocket message share: each runs its
# concern (table/) through the conductor, which publishes the change and tells its subscribers,
# and answers with its outcome.


async def _take_back(conductor: Any, game_id: str, token: Any, seat: Any = None, version: Any = None) -> dict[str, Any]:
    rec, outcome = await conductor.take_back(game_id, token, seat, version)
    return {"type": "takeback", "outcome": outcome, "version": rec.version, "moves": len(rec.actions)}


async def _answer(conductor: Any, game_id: str, token: Any, accept: Any = None, moves: Any = None) -> dict[str, Any]:
    rec, outcome = await conductor.answer(game_id, token, accept, moves)
    return {"type": "takeback_answer", "outcome": outcome, "version": rec.version, "moves": len(rec.actions)}


async def _resign(conductor: Any, game_id: str, token: Any, seat: Any = None) -> dict[str, Any]:
    rec, outcome = await conductor.resign(game_id, token, seat)
    return {"type": "resigned", "outcome": outcome, "version": rec.version, "status": rec.status}


ROOM_REQUESTS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {
    "takeback": _take_back, "takeback_answer": _answer, "resign": _resign}
