"""A game's whole history as a page gathers it: a view carries only the latest entries
(views/history.py), the page asks for the older ones a page at a time
(GET /api/games/{id}/history?from=N&to=M)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Get = Callable[[str], dict[str, Any]]  # a path -> its JSON answer (200)


def whole_history(get: Get, game_id: str, token: str | None = None, stop: int | None = None) -> list[dict[str, Any]]:
    """Every history entry of the game (up to action `stop`), asked page by page through `get`."""
    entries: list[dict[str, Any]] = []
    auth = f"&token={token}" if token else ""
    while stop is None or len(entries) < stop:
        to = "" if stop is None else f"&to={min(stop, len(entries) + 500)}"
        page = get(f"/api/games/{game_id}/history?from={len(entries)}{to}{auth}")
        assert page["type"] == "history" and page["from"] == len(entries), page
        assert page["to"] == len(entries) + len(page["entries"]), page
        entries += page["entries"]
        if stop is None and page["to"] >= page["moves"]:
            break
    return entries


def history_of(get: Get, view: dict[str, Any], token: str | None = None) -> list[dict[str, Any]]:
    """The whole history of a view (a replay's too: up to its step), as a page has it: the
    entries it carries after those it lacks, asked for."""
    assert len(view["history"]) == view["moves"] - view["history_from"], view["history_from"]
    return whole_history(get, view["id"], token, stop=view["history_from"]) + view["history"]


def client_get(client: Any) -> Get:
    """A TestClient's GET, answered 200, as whole_history wants it."""

    def get(path: str) -> dict[str, Any]:
        r = client.get(path)
        assert r.status_code == 200, r.text
        return r.json()

    return get
