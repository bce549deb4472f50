"""No request body makes the server fail (issue 27, point 12): every endpoint that takes a
body gets arbitrary JSON, JSON of nearly the right shape (each field of a valid body swapped
for values of every JSON type), and bytes that are no JSON at all; it must answer with a 2xx
or a 4xx error naming what is wrong, never a 5xx. A game's uploads are fuzzed field by field
in test_web_uploads_fuzz.py; here are the bodies around them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, note, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.control import currently_in_test_context  # noqa: E402

from web_apps import create_app  # noqa: E402

ACCOUNT_PASSWORD = "fuzzing-all-day"
HUMAN = {"kind": "human", "name": "Ann"}
RANDOM = {"kind": "computer", "player": "random"}
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=30)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=12)
# values that are each JSON type, and the edge cases of each
ODD = [None, True, False, 0, -1, 2**64, 1.5, -0.0, 1e308, "", "x" * 300, "\x00", "é", [], [None], {}, {"a": 1}]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(str(tmp_path_factory.mktemp("bodies") / "games.db"), autoplay=False, create_limit="none",
                     login_limit="none", register_limit="none", coach_limit="none", coach_iterations=1,
                     search_processes=False)
    with TestClient(app, raise_server_exceptions=False) as c:
        # logged in, with the CSRF token sent along: the account's bodies reach their checks
        r = c.post("/api/accounts", json={"name": "Fuzzer", "password": ACCOUNT_PASSWORD})
        c.headers["X-CSRF-Token"] = r.json()["csrf_token"]
        yield c


@pytest.fixture(scope="module")
def game(client):
    """A game to send a seat's requests to, its seat token, and a valid action."""
    c = client.post("/api/games", json={"seats": [HUMAN, RANDOM], "seed": 5}).json()
    token = c["seats"][0]["token"]
    action = client.get(f"/api/games/{c['id']}").json()["legal_actions"][0]
    return c["id"], token, action


def endpoints(gid: str, token: str, action: str) -> dict[tuple[str, str], dict[str, Any]]:
    """(method, path) -> a valid body of it."""
    return {
        ("POST", "/api/games"): {"game": "safari", "seats": [HUMAN, RANDOM], "listed": False},
        ("POST", "/api/games/import"): {"saved": {"game": "safari", "seed": 1, "actions": []}, "listed": False},
        ("POST", "/api/tiles"): {"tiles": []},
        ("POST", f"/api/games/{gid}/actions"): {"token": token, "action": action, "version": 0},
        ("POST", f"/api/games/{gid}/takeback"): {"token": token, "seat": 0},
        ("POST", f"/api/games/{gid}/takeback/answer"): {"token": token, "accept": True},
        ("POST", f"/api/games/{gid}/resign"): {"token": "not-the-token", "seat": 0},
        ("POST", f"/api/games/{gid}/hint"): {"token": token, "seat": 0, "version": 0},
        ("POST", f"/api/games/{gid}/review"): {},
        ("DELETE", f"/api/games/{gid}"): {"token": "not-the-token"},
        ("POST", f"/api/games/{gid}/claim"): {"token": "not-the-token"},
        ("POST", f"/api/games/{gid}/seats/1/take"): {},
        ("POST", "/api/games/held"): {"games": [{"id": gid, "token": token}]},
        ("POST", "/api/accounts"): {"name": "Fuzzed", "password": "a-long-password"},
        ("POST", "/api/session"): {"name": "Fuzzer", "password": ACCOUNT_PASSWORD},
        ("POST", "/api/me/password"): {"password": "not-the-password", "new_password": "another-password"},
        ("DELETE", "/api/me"): {"password": "not-the-password"},
    }


def check(client, method: str, path: str, content: bytes) -> None:
    r = client.request(method, path, content=content, headers={"content-type": "application/json"})
    if currently_in_test_context():
        note(f"{method} {path} {content[:200]!r} -> {r.status_code} {r.text[:300]}")
    assert r.status_code < 500, (method, path, content[:200], r.status_code, r.text[:500])
    if r.status_code >= 400:
        err = r.json()
        assert isinstance(err.get("code"), str) and isinstance(err.get("message"), str) and err["message"], err


def test_every_field_of_every_body_swapped_for_every_json_type(client, game):
    for (method, path), valid in endpoints(*game).items():
        for key in valid:
            for odd in ODD:
                check(client, method, path, json.dumps({**valid, key: odd}).encode())
            check(client, method, path, json.dumps({k: v for k, v in valid.items() if k != key}).encode())
        for whole in ([], [valid], "text", 7, None, {**valid, "unknown": 1}):
            check(client, method, path, json.dumps(whole).encode())


@pytest.mark.parametrize("content", [b"", b"{", b"{\"a\":", b"\xff\xfe", b"nul\x00", b"[" * 5000 + b"]" * 5000,
                                     b"{\"seats\": NaN}", b"1" * 5000, b"\"\\ud800\""])
def test_bytes_that_are_no_json(client, game, content):
    for method, path in endpoints(*game):
        check(client, method, path, content)


@QUICK
@given(data=st.data())
def test_arbitrary_json_at_every_endpoint(client, game, data):
    points = endpoints(*game)
    method, path = data.draw(st.sampled_from(sorted(points)))
    valid = points[(method, path)]
    shapes = values | st.fixed_dictionaries({k: values for k in valid})
    if valid:  # (a route of no fields, such as taking a seat, has none to vary)
        shapes |= st.builds(lambda extra: {**valid, **extra}, st.dictionaries(st.sampled_from(sorted(valid)), values,
                                                                             max_size=2))
    body = data.draw(shapes)
    check(client, method, path, json.dumps(body).encode())
