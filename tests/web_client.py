"""REST calls the web tests make through Starlette's TestClient, each asserting the answer's
status (a failure shows the server's error body)."""

from __future__ import annotations

import time
from typing import Any, Callable


def create(client: Any, seats: list[dict], status: int = 201, **settings: Any) -> dict:
    r = client.post("/api/games", json={"seats": seats, **settings})
    assert r.status_code == status, r.text
    return r.json()


def view(client: Any, gid: str, token: str | None = None) -> dict:
    r = client.get(f"/api/games/{gid}" + (f"?token={token}" if token else ""))
    assert r.status_code == 200, r.text
    return r.json()


def poll(fetch: Callable[[], dict], pred: Callable[[dict], bool], timeout: float = 20.0, pause: float = 0.005) -> dict:
    """Fetch a game's view until pred(view) (computer seats move in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        v = fetch()
        if pred(v):
            return v
        assert time.monotonic() < deadline, f"timed out; current_player={v['current_player']} moves={v['moves']}"
        time.sleep(pause)


def wait_for(client: Any, gid: str, pred: Callable[[dict], bool], timeout: float = 20.0) -> dict:
    """Poll the view through `client` until pred(view)."""
    return poll(lambda: view(client, gid), pred, timeout)


def act(client: Any, gid: str, token: str, action: str, **kw: Any) -> Any:
    return client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action, **kw})


def error(r: Any, status: int, code: str, *words: str) -> str:
    """Assert that response `r` is the error `code` with `status`, its message saying each of `words`."""
    assert r.status_code == status, r.text
    body = r.json()
    assert body["type"] == "error" and body["code"] == code, body
    for w in words:
        assert w.lower() in body["message"].lower(), body["message"]
    return body["message"]


def service_view(service: Any, game_id: str, viewer: int | None = None) -> dict:
    """A stored game's view straight from a GameService (no server): what a spectator (or
    `viewer`) would be sent."""
    from savanna.web.views.build import build

    rec = service.record(game_id)
    return build(rec, service.position(rec), viewer=viewer)
