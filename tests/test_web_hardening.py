"""The web server's hardening (issue 14): unguessable seeds and an honest deal, tokens
redacted from the access log without breaking it, strict API bodies, security headers
and the WebSocket's Origin check.

Each test runs the app through FastAPI's TestClient on its own temporary SQLite file, and
again on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (see web_databases.py).
"""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient

from web_apps import create_app

from savanna.web.edge.guard import import_map

HUMAN = {"kind": "human", "name": "Ann"}
GREEDY = {"kind": "computer", "player": "greedy"}
RANDOM = {"kind": "computer", "player": "random"}


@pytest.fixture
def app_options():
    return {"autoplay": False}


# ------------------------------------------------------------ strict bodies


@pytest.mark.parametrize("body", [
    {"players": "2"},                                   # a string is not a number
    {"players": True},                                  # nor is a bool
    {"players": 2.0},
    {"seed": "7"},
    {"seed": True},
    {"hotseat": 1},                                     # a number is not a bool
    {"listed": "false"},
    {"seats": [{"kind": "human", "hotseat": 1}, RANDOM]},
    {"seats": [HUMAN, {"kind": "computer", "player": 3}]},
])
def test_create_takes_json_types_as_they_are(shared_client, body):
    r = shared_client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_request"


def test_action_version_true_is_not_version_1(client):
    c = client.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()
    token = c["seats"][0]["token"]
    legal = client.get(f"/api/games/{c['id']}").json()["legal_actions"]
    r = client.post(f"/api/games/{c['id']}/actions", json={"token": token, "action": legal[0], "version": True})
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad_request"
    r = client.post(f"/api/games/{c['id']}/actions", json={"token": token, "action": legal[0], "version": "1"})
    assert r.status_code == 400, r.text
    assert client.get(f"/api/games/{c['id']}").json()["moves"] == 0  # nothing was played


def test_a_computer_seat_without_player_is_medium(client):
    c = client.post("/api/games", json={"seats": [HUMAN, {"kind": "computer"}]})
    assert c.status_code == 201, c.text
    assert c.json()["seats"][1]["player"] == "medium"
    v = client.get(f"/api/games/{c.json()['id']}").json()
    assert v["seats"][1]["player"] == "medium"
    # the same on import
    saved = client.get(f"/api/games/{c.json()['id']}/export?token={c.json()['seats'][0]['token']}").text
    r = client.post("/api/games/import", json={"saved": __import__("json").loads(saved),
                                                "seats": [HUMAN, {"kind": "computer"}]})
    assert r.status_code == 201, r.text
    assert r.json()["seats"][1]["player"] == "medium"


def test_import_seats_are_strict_too(client):
    c = client.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()
    saved = client.get(f"/api/games/{c['id']}/export?token={c['seats'][0]['token']}").json()
    r = client.post("/api/games/import", json={"saved": saved, "seats": [{"kind": "human", "hotseat": 1}, RANDOM]})
    assert r.status_code == 400, r.text


# ------------------------------------------------------------ the access log


def test_a_token_in_a_url_is_redacted_from_the_access_log_which_still_formats(client, capsys):
    """uvicorn's access logger formats its record with AccessFormatter, which unpacks the
    five arguments (client, method, path, HTTP version, status): redaction keeps them."""
    import io
    import logging

    from uvicorn.logging import AccessFormatter

    from savanna.web.edge.guard import RedactTokens

    logger = logging.getLogger("uvicorn.access")
    assert any(isinstance(f, RedactTokens) for f in logger.filters)  # create_app installed it
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False))
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        # what uvicorn's h11 and httptools protocols log for every request
        logger.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", "/api/games/abc?token=s3cr3t-T0k_en&x=1",
                    "1.1", 200)
        logger.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", "/api/health", "1.1", 200)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate
    err = capsys.readouterr().err
    assert "Logging error" not in err, err
    lines = out.getvalue().splitlines()
    assert lines == ['127.0.0.1:5000 - "GET /api/games/abc?token=***&x=1 HTTP/1.1" 200 OK',
                     '127.0.0.1:5000 - "GET /api/health HTTP/1.1" 200 OK'], lines


def test_the_error_logger_is_redacted_too(client):
    import logging

    from savanna.web.edge.guard import RedactTokens

    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5", "/ws/games/abc?token=s3cr3t-T0k_en&x=1"), None)
    assert RedactTokens().filter(record)
    assert record.args == ("127.0.0.1:5", "/ws/games/abc?token=***&x=1")  # the shape kept
    assert record.getMessage() == '127.0.0.1:5 - "WebSocket /ws/games/abc?token=***&x=1" [accepted]'
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "GET /x?token=abc done", (), None)
    assert RedactTokens().filter(record) and record.getMessage() == "GET /x?token=*** done"


# ------------------------------------------------------- headers and origins


def _import_map_hash() -> str:
    """The CSP's source for the pages' one inline script, their import map (computed here from its text)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(import_map().encode()).digest()).decode()


@pytest.mark.parametrize("path", ["/", "/play/x", "/replay/x", "/tiles", "/static/game.js", "/api/health",
                                  "/api/games/nope", "/api/players", "/nowhere"])
def test_security_headers_on_pages_and_api_answers(shared_client, path):
    r = shared_client.get(path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    csp = r.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["frame-ancestors"] == "'none'"
    assert directives["script-src"] == f"'self' '{_import_map_hash()}'"  # no inline script but the import map, no eval
    assert "'unsafe-inline'" not in directives["default-src"]


def test_security_headers_on_errors_and_posts(client):
    r = client.post("/api/games", json={"players": "2"})
    assert r.status_code == 400 and r.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def _guarded(r) -> None:
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert f"script-src 'self' '{_import_map_hash()}';" in r.headers["content-security-policy"]


def test_security_headers_on_a_crash(db, monkeypatch, caplog):
    """An unexpected exception in a route answers 500 {"code": "server_error"} from Starlette's
    outermost error middleware: Guard, outside even that, still adds its headers."""
    app = create_app(db, autoplay=False)

    def boom(*args, **kwargs):
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        monkeypatch.setattr(app.state.parts.service, "lobby", boom)
        monkeypatch.setattr(app.state.parts.service, "replay", boom)
        for r in (client.get("/api/games"), client.get("/api/games/abc/replay?step=1")):
            assert r.status_code == 500, r.text
            assert r.json() == {"type": "error", "code": "server_error",
                                "message": "the server failed to answer; nothing was changed"}
            _guarded(r)
    assert "a bug" in caplog.text  # logged, not shown


def test_security_headers_on_a_crash_in_a_route_of_its_own(db):
    app = create_app(db, autoplay=False)

    @app.get("/api/crash")
    async def crash():
        raise ZeroDivisionError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.get("/api/crash")
        assert r.status_code == 500 and r.json()["code"] == "server_error"
        _guarded(r)
        _guarded(client.get("/api/health"))  # and the others keep them


def test_the_pages_need_no_inline_script():
    """What the CSP forbids is not in the pages: inline <script> bodies, on...= handlers."""
    import re
    from pathlib import Path

    static = Path(__file__).resolve().parent.parent / "savanna" / "web" / "static"
    for page in static.glob("*.html"):
        text = page.read_text()
        for m in re.finditer(r"<script\b([^>]*)>(.*?)</script>", text, re.S | re.I):
            assert "src=" in m.group(1) and not m.group(2).strip(), f"{page.name}: inline script"
            assert 'type="module"' in m.group(1), f"{page.name}: a script that is not a module"
        assert not re.search(r"\son[a-z]+\s*=", text, re.I), f"{page.name}: an inline event handler"
        assert "javascript:" not in text


def _game(client):
    return client.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()["id"]


def test_a_websocket_from_the_pages_own_origin_or_none_is_accepted(client):
    from starlette.websockets import WebSocketDisconnect  # noqa: F401

    gid = _game(client)
    # TestClient's Host header is "testserver"
    for headers in ({"origin": "http://testserver"}, {}, {"origin": "https://testserver"}):
        with client.websocket_connect(f"/ws/games/{gid}", headers=headers) as ws:
            assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize("origin", ["http://evil.example", "http://testserver:8001", "null",
                                    "http://testserver.evil.example", "not a url"])
def test_a_websocket_from_a_foreign_origin_is_refused(shared_client, origin):
    from starlette.websockets import WebSocketDisconnect

    client = shared_client  # (one app for these: a game of its own each)
    gid = _game(client)
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/ws/games/{gid}", headers={"origin": origin}) as ws:
            ws.receive_json()
    assert e.value.code == 1008


def test_extra_allowed_origins(db):
    from starlette.websockets import WebSocketDisconnect

    with TestClient(create_app(db, autoplay=False, allowed_origins=["https://Play.Example.org:443/"])) as client:
        gid = _game(client)
        with client.websocket_connect(f"/ws/games/{gid}", headers={"origin": "https://play.example.org"}) as ws:
            assert ws.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(f"/ws/games/{gid}", headers={"origin": "http://play.example.org"}) as ws:
                ws.receive_json()


def test_serve_refuses_a_malformed_allow_origin(capsys):
    pytest.importorskip("uvicorn")
    from savanna.cli import main

    assert main(["serve", "--db", "sqlite://", "--allow-origin", "example.org"]) == 1
    assert "--allow-origin" in capsys.readouterr().err


# ------------------------------------------------------------------- seeds


def _finish(client, gid, token):
    """Play the human seat (seat 0) with greedy's choices, and step the computer seats, until
    the game is over (random play can wander for thousands of moves in Africa)."""
    from savanna.ai import make_player

    me = make_player("greedy", seed=1)
    service = client.app.state.parts.service
    for _ in range(3000):
        v = client.get(f"/api/games/{gid}").json()
        if v["status"] == "over":
            return v
        if v["current_player"] == 0:
            action = str(me.choose(service.position(service.record(gid)).game))
            r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action})
            assert r.status_code == 200, r.text
        else:
            assert service.computer_step(gid)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_the_server_deals_128_bit_seeds_that_survive_storage_views_replays_and_exports(client, game):
    from savanna.web.table.service import new_seed

    assert max(new_seed() for _ in range(20)) >= 2**100  # (fails once in 2**500 runs)
    c = client.post("/api/games", json={"game": game, "seats": [HUMAN, GREEDY]}).json()
    gid, token = c["id"], c["seats"][0]["token"]
    rec = client.app.state.parts.store.get(gid)
    seed = rec.settings["seed"]
    assert isinstance(seed, int) and seed >= 2**64, seed  # read back from the database exactly
    v = client.get(f"/api/games/{gid}").json()
    assert v["seed"] is None and v["deal"] == "random"
    v = _finish(client, gid, token)
    assert v["seed"] == str(seed) and v["deal"] == "random"
    assert client.get(f"/api/games/{gid}/replay?step=3").json()["seed"] is None
    assert client.get(f"/api/games/{gid}/replay?step={v['moves']}").json()["seed"] == str(seed)
    saved = client.get(f"/api/games/{gid}/export").json()
    assert saved["seed"] == seed  # the save keeps the engine's number
    lobby = client.get("/api/games").json()
    assert gid in [g["id"] for g in lobby["recent"]]
    # an upload of it replays the same game, and says its order was the uploader's
    r = client.post("/api/games/import", json=saved)
    assert r.status_code == 201, r.text
    again = client.get(f"/api/games/{r.json()['id']}").json()
    assert again["seed"] == str(seed) and again["deal"] == "chosen" and again["history"] == v["history"]


def test_the_seed_arrives_exactly_over_the_websocket(client):
    c = client.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()
    gid = c["id"]
    v = _finish(client, gid, c["seats"][0]["token"])
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        state = ws.receive_json()
    assert state["view"]["seed"] == v["seed"] and int(v["seed"]) >= 2**64


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_a_seed_given_by_the_creator_is_shown_to_every_seat_as_chosen(client, game):
    big = 2**127 + 12345
    c = client.post("/api/games", json={"game": game, "seats": [HUMAN, RANDOM], "seed": big}).json()
    v = client.get(f"/api/games/{c['id']}").json()
    assert v["deal"] == "chosen" and v["seed"] is None
    assert client.app.state.parts.store.get(c["id"]).settings["seed"] == big
    with client.websocket_connect(f"/ws/games/{c['id']}?token={c['seats'][0]['token']}") as ws:
        assert ws.receive_json()["view"]["deal"] == "chosen"


def test_an_upload_with_a_tile_order_is_chosen(client):
    from savanna import safari

    g = safari.new_game(players=2, seed=5, tile_order=["S03"])
    r = client.post("/api/games/import", json={"saved": __import__("json").loads(g.to_json()), "seats": [HUMAN, RANDOM]})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/games/{r.json()['id']}").json()["deal"] == "chosen"


def test_the_game_page_says_when_the_order_was_chosen():
    from pathlib import Path

    js = (Path(__file__).resolve().parent.parent / "savanna" / "web" / "static" / "game.js").read_text()
    assert "This game's order was chosen by its creator" in js and 'deal === "chosen"' in js


# ------------------------------------------------------ memory of the cache


def test_the_cache_keeps_few_games_on_their_own_tile_sets(db):
    """Each game on its own tile set holds the set (up to about a megabyte): a flood of such
    uploads must not fill the cache of positions, however many games it may hold."""
    from savanna import safari
    from savanna.safari.tileset import packaged_data
    from savanna.web.table.service import GameService
    from savanna.web.views.build import build
    from savanna.web.store.storage import Store

    service = GameService(Store(db))
    service.own_data_cache_size = 3
    try:
        ids = []
        for i in range(6):
            own = dict(packaged_data("real-1"), version=f"mine-{i}")
            ids.append(service.import_game(safari.new_game(players=2, seed=i, tiles=own).to_json()).id)
        plain = service.create(seats=[HUMAN, HUMAN]).id
        cached = list(service._cache)
        assert [g for g in cached if g in ids] == ids[-3:]
        assert plain in cached
        for gid in ids:  # the ones dropped are rebuilt when asked for, on their own set
            rec = service.record(gid)
            assert build(rec, service.position(rec))["rules"]["tiles"] == "custom"
        assert len([g for g in service._cache if g in ids]) == 3
    finally:
        service.close()
        service.store.close()


# the lobby sends a seed as its digits written into the JSON text (lobby.js create(): a
# JavaScript Number keeps 53 bits); the API reads that JSON integer exactly, to 256 bits
def _lobby_body(body: dict, digits: str) -> str:
    import json

    text = json.dumps(body, separators=(",", ":"))
    return f'{text[:-1]},"seed":{digits}}}'


@pytest.mark.parametrize("seed", [2**53 + 1, 2**200 + 1, 2**256 - 1, -(2**255)])
def test_a_big_seed_sent_as_the_lobby_sends_it_is_kept_exactly(client, seed):
    import json

    body = {"seats": [HUMAN, GREEDY], "game": "safari", "hotseat": False, "listed": True, "final_scoring": "all"}
    text = _lobby_body(body, str(seed))
    assert str(seed) in text and json.loads(text)["seed"] == seed
    r = client.post("/api/games", content=text, headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    c = r.json()
    assert client.app.state.parts.store.get(c["id"]).settings["seed"] == seed
    saved = client.get(f"/api/games/{c['id']}/export?token={c['seats'][0]['token']}")
    assert saved.status_code == 200, saved.text
    assert f'"seed": {seed},' in saved.text or f'"seed":{seed},' in saved.text  # the digits, not a float
    assert json.loads(saved.text)["seed"] == seed
    assert client.get(f"/api/games/{c['id']}").json()["deal"] == "chosen"


def test_a_seed_over_256_bits_or_as_a_string_is_refused(client):
    r = client.post("/api/games", content=_lobby_body({"seats": [HUMAN, GREEDY]}, str(2**256)),
                    headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "bad_settings", r.text
    assert "257 bits; at most 256" in r.json()["message"]
    r = client.post("/api/games", json={"seats": [HUMAN, GREEDY], "seed": str(2**200 + 1)})
    assert r.status_code == 400 and r.json()["code"] == "bad_request", r.text  # strict: a JSON integer


def test_the_lobby_is_told_the_limits_it_checks(db):
    with TestClient(create_app(db, autoplay=False, max_think=0.5)) as client:
        limits = client.get("/api/players").json()["limits"]
        assert limits["time"] == 0.5 and limits["computer_only"] is False and limits["seed_bits"] == 256
        r = client.post("/api/games", json={"seats": [HUMAN, {"kind": "computer", "player": "hard"}]})
        assert r.status_code == 422 and "at most 0.5 seconds a move" in r.json()["message"]
        r = client.post("/api/games", json={"seats": [GREEDY, GREEDY]})
        assert r.status_code == 422 and "at least one person" in r.json()["message"]
        schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateIn"]
        assert "writes the digits into the JSON text" in schema["properties"]["seed"]["description"]


@pytest.mark.parametrize("path", ["/", "/play/x", "/replay/x", "/tiles", "/games", "/account", "/leaderboard"])
def test_a_page_carries_the_import_map_its_csp_allows(client, path):
    """A page's one inline script is the import map, exactly the text whose hash the CSP names,
    before its one module script; the map names every game's modules."""
    import re

    r = client.get(path)
    maps = re.findall(r'<script type="importmap">(.*?)</script>', r.text, re.S)
    assert maps == [import_map()]
    assert r.text.index('<script type="importmap">') < r.text.index('<script type="module"')
    assert len(re.findall(r"<script\b", r.text)) == 2
    assert f"'{_import_map_hash()}'" in r.headers["content-security-policy"]
    names = json.loads(maps[0])["imports"]
    assert names["savanna/safari-ui.js"] == "/static/safari-ui.js" and names["savanna/africa-ui.js"] == "/static/africa-ui.js"
