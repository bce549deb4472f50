"""The view's JSON Schema (static/view.schema.json), generated from the view's models
(savanna/web/views/models.py): committed up to date, and REAL views of both games valid against
it: several positions of random games (every phase they went through), as a spectator and as
each seat sees them (Africa hides each seat's treasure from the others), finished games, replays
at several steps, a timed game, a game ended by a resignation."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
jsonschema = pytest.importorskip("jsonschema")

from fastapi.testclient import TestClient

from savanna import games
from savanna.web import create_app
from savanna.web.views.models import VIEW, jsdoc_text, schema, schema_text

STATIC = Path(__file__).resolve().parent.parent / "savanna" / "web" / "static"
SCHEMA = STATIC / "view.schema.json"
TWO = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
OPTIONS = {"safari": {}, "africa": {"hidden_treasure": True}}


def test_the_committed_schema_is_the_models_own():
    assert SCHEMA.read_text() == schema_text(), (
        "static/view.schema.json is stale: python -m savanna.web.views.models > savanna/web/static/view.schema.json")


def test_the_committed_jsdoc_types_are_the_schemas_own():
    """The pages' JSDoc types of the view (static/view-types.js) are generated from the schema."""
    text = (STATIC / "view-types.js").read_text()
    assert text == jsdoc_text(), (
        "static/view-types.js is stale: python -m savanna.web.views.models --jsdoc > savanna/web/static/view-types.js")
    for name in ("View", "SafariView", "AfricaView", "SafariSeat", "AfricaSeat", "HistoryEntry", "Clock"):
        assert f"@typedef {{" in text and f"}} {name}\n" in text, name


def positions(name: str, seed: int) -> tuple[list[dict], dict]:
    """Saved games of a random game at its first position, the first of every phase it goes
    through, and a few more; and the finished game."""
    g = games.spec(name).new_game(players=2, seed=seed, **OPTIONS[name])
    rnd = random.Random(seed)
    saved, phases = [json.loads(g.to_json())], {g.phase_name}
    while not g.is_terminal():
        g.apply(rnd.choice(g.legal_actions()))
        if g.phase_name not in phases or len(g.history) in (5, 50):
            phases.add(g.phase_name)
            if not g.is_terminal():
                saved.append(json.loads(g.to_json()))
    return saved, json.loads(g.to_json())


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(str(tmp_path_factory.mktemp("views") / "games.db"), autoplay=False)) as c:
        yield c


def seen(client, body: dict) -> tuple[dict, list[dict]]:
    """An imported game's creation answer, and its views: a spectator's and each seat's."""
    c = client.post("/api/games/import", json=body)
    assert c.status_code == 201, c.text
    c = c.json()
    out = [client.get(f"/api/games/{c['id']}").json()]
    out += [client.get(f"/api/games/{c['id']}", params={"token": s["token"]}).json() for s in c["seats"]]
    return c, out


def real_views(client, name: str, seed: int) -> list[dict]:
    saved, finished = positions(name, seed)
    views = []
    for s in saved:
        views += seen(client, {"saved": s, "seats": TWO, "hotseat": False})[1]
    c, over = seen(client, {"saved": finished, "seats": TWO, "hotseat": False})
    views += over
    steps = over[0]["moves"]
    views += [client.get(f"/api/games/{c['id']}/replay", params={"step": k}).json()
              for k in sorted({0, 1, steps // 3, steps // 2, steps - 1, steps})]
    # a game ended by a resignation (the room's "ended"), and a timed game (the clock's fields)
    c, _ = seen(client, {"saved": saved[-1], "seats": TWO, "hotseat": False, "on_resign": "end"})
    r = client.post(f"/api/games/{c['id']}/resign", json={"token": c["seats"][0]["token"]})
    assert r.status_code == 200, r.text
    views.append(client.get(f"/api/games/{c['id']}").json())
    c = client.post("/api/games", json={"game": name, "seats": TWO, "clock": {"base": 180, "increment": 2}}).json()
    view = client.get(f"/api/games/{c['id']}").json()
    who = next(s for s in c["seats"] if s["seat"] == view["current_player"])
    r = client.post(f"/api/games/{c['id']}/actions", json={"token": who["token"], "action": view["legal_actions"][0]})
    assert r.status_code == 200, r.text
    views.append(client.get(f"/api/games/{c['id']}").json())
    return views


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_real_views_of_both_games_are_valid_against_the_schema(client, name):
    validator = jsonschema.Draft202012Validator(schema())
    views = real_views(client, name, seed=11)
    assert {v["status"] for v in views} == {"playing", "over"}
    assert any(v.get("replay") for v in views) and any(v["ended"] for v in views) and any(v["clock"] for v in views)
    assert len({v["phase"] for v in views}) >= 3
    for v in views:
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(v)]
        assert not errors, errors[:5]
        VIEW.validate_python(v)  # and the models themselves


def test_a_view_with_a_field_the_schema_does_not_describe_is_refused(client):
    validator = jsonschema.Draft202012Validator(schema())
    c, (view, *_) = seen(client, {"saved": positions("safari", 3)[0][0], "seats": TWO, "hotseat": False})
    assert validator.is_valid(view)
    for broken in ({**view, "surprise": 1}, {**view, "seats": [{**view["seats"][0], "score": "12"}]},
                   {**view, "status": "paused"}, {**view, "game": "chess"}):
        assert not validator.is_valid(broken)
