"""The games a browser holds seats in by their tokens (the "Your games" page of a person who is
not logged in: its join links' tokens are kept in the browser, never on the server). Given
(game id, token) pairs, the games whose seats those tokens play now, as GET /api/me/games lists
an account's: "playing", "to_move" (one of the held seats is to act) and "over". A pair that
names no game, or whose token plays none of its seats (a wrong, claimed or resigned one), is
left out without saying which: the answer tells nothing its tokens do not already open."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..store.storage import Listing, possible_id
from . import claims, clock
from .errors import GameError
from .seats import seats_for

MAX_PAIRS = 50  # pairs in one request: a browser's games, looked up at once


def listing(record: Any) -> Listing:
    """A stored game as the lobby lists it (its clock as Store.listings reads it)."""
    state = record.meta.get("clock")
    found = None if not state else {"control": state["control"], "running": state["running"],
                                    "deadline": clock.deadline(state)}
    return Listing(id=record.id, game=record.game, settings=record.settings, seats=record.seats, status=record.status,
                   summary=record.summary, created_at=record.created_at, updated_at=record.updated_at,
                   rated=claims.is_rated(record), clock=found)


def held_games(service: Any, pairs: Iterable[tuple[str, str]],
               connected: Mapping[str, Iterable[int]] | None = None) -> dict[str, list[dict[str, Any]]]:
    """The games the `pairs`' tokens hold seats in, latest changed first, each as the lobby lists
    it (the service's `listed`) with "seat" and "my_seats" (the seats held there)."""
    found: dict[str, dict[str, Any]] = {}
    for game_id, token in list(pairs)[:MAX_PAIRS]:
        if not possible_id(game_id) or not isinstance(token, str) or not token:
            continue
        try:
            rec = service.record(game_id)
        except GameError:
            continue
        mine = seats_for(rec.seats, token)
        if not mine:
            continue
        entry = found.setdefault(game_id, {"rec": rec, "seats": set()})
        entry["seats"] |= mine
    rows = sorted(found.values(), key=lambda e: e["rec"].updated_at, reverse=True)
    games = [(e["rec"], {**service.listed(listing(e["rec"]), connected or {}), "seat": min(e["seats"]), "my_seats": sorted(e["seats"])})
             for e in rows]
    playing = [g for rec, g in games if rec.status == "playing"]
    return {"playing": playing,
            "to_move": [g for g in playing if g["current_player"] in g["my_seats"] and not g["open_seats"]],
            "over": [g for rec, g in games if rec.status == "over"]}
