"""The web app's uploads of malformed files answer 4xx naming what is wrong, never 5xx (issue 26,
point 10): a saved game imported (POST /api/games/import, both games, alone or as "saved" in
the body with seats) and a tile set laid out (POST /api/tiles), each sent as the JSON text a
browser sends.

The files are tests/test_loaders_fuzz.py's (a player's saves of sampled games: the web app
plays no other, and Safari's tile sets), changed by tests/fuzz_json.py's mutations: a quick
sweep of every field, and Hypothesis. An upload must be taken (201 for a game, 200 for a tile
set), or refused with a 4xx error whose message names a field that was changed, as the
engine's loaders do. The long run: `SAVANNA_SLOW=1 pytest -n 0 tests/test_web_uploads_fuzz.py`.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, note, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fuzz_json import DEEP, Mutation, mutated, sweep  # noqa: E402
from test_loaders_fuzz import AFRICA_SAVES, SAFARI_SAVES, TILE_SETS, as_text, check_refusal  # noqa: E402
from web_apps import create_app  # noqa: E402


QUICK = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=int(os.environ.get("SAVANNA_FUZZ_EXAMPLES", "300")), deadline=None,
                suppress_health_check=list(HealthCheck))


def sampled(saves: list[str]) -> list[str]:
    return [s for s in saves if "chance" not in json.loads(s)]


# what is uploaded where, the message's start on a refusal, and the status of a file taken
UPLOADS = {
    "safari save": (sampled(SAFARI_SAVES), "/api/games/import", "saved game", 201),
    "africa save": (sampled(AFRICA_SAVES), "/api/games/import", "saved game", 201),
    "safari tile set": (TILE_SETS, "/api/tiles", "not a usable tile set: ", 200),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(str(tmp_path_factory.mktemp("uploads") / "games.db"), autoplay=False, create_limit="none")
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def body(name: str, doc: Any, wrapped: bool) -> str | None:
    """The upload's JSON text: the file, or for a save {"saved": <it>, "listed": false} (None if
    it nests past what Python writes)."""
    if wrapped and name.endswith("save"):
        doc = {"saved": doc, "listed": False}
    return as_text(doc)


def upload(client, name: str, text: str, mutations: list[Mutation]) -> None:
    _, url, prefix, taken = UPLOADS[name]
    r = client.post(url, content=text, headers={"Content-Type": "application/json"})
    assert r.status_code < 500, f"{mutations}: {r.status_code} {r.text[:300]}"
    if r.status_code == taken:
        return
    assert 400 <= r.status_code < 500 and r.json()["type"] == "error", f"{mutations}: {r.status_code} {r.text[:300]}"
    message = r.json()["message"]
    if message.endswith(f"a number in it has more than {sys.get_int_max_str_digits()} digits"):
        # a body Python's parser refuses: JSON, but with a number of more digits than Python reads
        # (the engine's loaders, which read such a file themselves, name its field)
        assert re.search(r"\d{%d}" % sys.get_int_max_str_digits(), text), f"{mutations}: {message}"
        return
    if r.json()["code"] == "bad_json" or (prefix == "saved game" and not message.startswith(prefix)):
        # a body that is not a JSON object (FastAPI's own words), or a save of no game this app plays
        assert any(not m.path or m.path[:1] in (("game",), ("format",)) for m in mutations), f"{mutations}: {message}"
        return
    check_refusal(message.removeprefix(prefix) if prefix.endswith(": ") else message, mutations,
                  "" if prefix.endswith(": ") else prefix)


@pytest.mark.parametrize("name", UPLOADS)
def test_every_field_of_an_upload_is_refused_with_4xx_or_taken(client, name):
    done: set[str] = set()
    tried = 0
    for text in UPLOADS[name][0]:
        doc = json.loads(text)
        for m in sweep(doc, quick=True, done=done):
            sent = body(name, m.apply(doc), wrapped=tried % 2 == 1)  # a save alone, then with seats, in turn
            if sent is not None:
                upload(client, name, sent, [m])
                tried += 1
    assert tried > 50


@pytest.mark.parametrize("url", ["/api/games/import", "/api/tiles"])
def test_a_body_nested_past_the_recursion_limit_is_refused_with_4xx(client, url):
    for text in ("[" * DEEP + "]" * DEEP, '{"saved": ' + '{"a": ' * DEEP + "0" + "}" * DEEP + "}",
                 '{"format": ' + "[" * DEEP + "]" * DEEP + "}"):
        r = client.post(url, content=text, headers={"Content-Type": "application/json"})
        assert 400 <= r.status_code < 500, r.text[:300]


def fuzzed(client, name: str, how: settings) -> None:
    @how
    @given(mutated(UPLOADS[name][0]), st.booleans())
    def fuzz(client, case, wrapped):
        doc, mutations = case
        note(repr(mutations))
        sent = body(name, doc, wrapped)
        if sent is not None:
            upload(client, name, sent, mutations)

    fuzz(client)


@pytest.mark.parametrize("name", UPLOADS)
def test_fuzzed_uploads_are_refused_with_4xx_or_taken(client, name):
    fuzzed(client, name, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("name", UPLOADS)
def test_many_fuzzed_uploads_are_refused_with_4xx_or_taken(client, name):
    fuzzed(client, name, LONG)
