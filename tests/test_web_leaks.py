"""What an attacker still found (issue 27): ids that cannot exist reaching the database,
tokens under an encoded or capitalised parameter name written to the log in clear, Host
headers of a rebound domain accepted, and the server's own log lines never shown.

Each test runs the app through FastAPI's TestClient on its own temporary SQLite file, and
again on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (see web_databases.py).
"""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_web_hardening import HUMAN, RANDOM, app_options  # noqa: F401 (a fixture: the same app)
from web_apps import create_app

from savanna.web.edge.guard import RedactTokens


# ------------------------------------------------------- ids that cannot exist

IMPOSSIBLE = ["%00", "a%00b", "x" * 33, "%C3%A9t%C3%A9", "a.b", "%20", "a%0Ab"]


@pytest.mark.parametrize("gid", IMPOSSIBLE)
def test_an_id_that_cannot_exist_is_not_found_before_the_database_is_asked(shared_client, gid, caplog):
    """A NUL byte made PostgreSQL raise, and every such request answered 500 with a traceback
    and the SQL in the log."""
    client = shared_client  # (one app for these: each request refused)
    caplog.set_level(logging.WARNING)
    body = {"token": "t" * 20}
    answers = [client.get(f"/api/games/{gid}"), client.get(f"/api/games/{gid}/replay"),
               client.get(f"/api/games/{gid}/export"),
               client.request("DELETE", f"/api/games/{gid}", json=body),
               client.post(f"/api/games/{gid}/actions", json={**body, "action": "pass"}),
               client.post(f"/api/games/{gid}/takeback", json=body),
               client.post(f"/api/games/{gid}/resign", json=body)]
    for r in answers:
        assert r.status_code in (403, 404), (r.request.method, r.request.url, r.status_code, r.text)
        assert r.json()["code"] in ("not_found", "forbidden"), r.text
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        assert ws.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_a_real_id_is_still_found(client):
    gid = client.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()["id"]
    assert client.get(f"/api/games/{gid}").status_code == 200
    assert client.app.state.parts.store.get(gid + "\x00") is None


# ------------------------------------------------- credentials in the log


@pytest.mark.parametrize("query", ["token=s3cr3t", "%74oken=s3cr3t", "tok%65n=s3cr3t", "Token=s3cr3t",
                                   "TOKEN=s3cr3t", "x=1&%54OKEN=s3cr3t", "t%6Fken=s3cr3t&y=2",
                                   "password=s3cr3t", "access_token=s3cr3t"])
def test_a_credential_is_redacted_by_its_decoded_name_in_any_case(query):
    line = f'127.0.0.1:5 - "GET /api/games/abc?{query} HTTP/1.1" 200'
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s", (line,), None)
    assert RedactTokens().filter(record)
    text = record.getMessage()
    assert "s3cr3t" not in text and "=***" in text, text
    assert text.startswith('127.0.0.1:5 - "GET /api/games/abc?') and text.endswith(' HTTP/1.1" 200')


def test_other_parameters_are_left_as_they_are():
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s",
                               ("GET /api/games/abc/replay?step=12&lang=fr",), None)
    assert RedactTokens().filter(record) and record.getMessage() == "GET /api/games/abc/replay?step=12&lang=fr"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A real `savanna serve` (its logging set up as it sets it up), and its log file."""
    from web_remote import ServerProcess

    log = tmp_path_factory.mktemp("served") / "server.log"
    with ServerProcess(str(log.parent / "games.db"), log=log) as server:
        yield server, log


def _logged(log, what, timeout=10.0):
    import time

    deadline = time.monotonic() + timeout
    while what not in (text := log.read_text(errors="replace")) and time.monotonic() < deadline:
        time.sleep(0.05)
    return text


@pytest.mark.parametrize("name", ["%74oken", "tok%65n", "Token", "TOKEN"])
def test_a_token_under_any_spelling_of_its_name_reaches_the_access_log_redacted(served, name):
    from web_remote import request

    server, log = served
    status, c = request(server.base, "POST", "/api/games", {"seats": [HUMAN, RANDOM]})
    assert status == 201, c
    token = c["seats"][0]["token"]
    assert request(server.base, "GET", f"/api/games/{c['id']}?{name}={token}")[0] == 200
    text = _logged(log, f"/api/games/{c['id']}?{name}=")
    assert f"/api/games/{c['id']}?{name}=*** HTTP/1.1" in text, text[-2000:]
    assert token not in text


def test_serve_shows_the_servers_own_log_lines(served):
    """The app's logger ("savanna.web": games created, resumed, expired) comes out beside uvicorn's."""
    from web_remote import request

    server, log = served
    status, c = request(server.base, "POST", "/api/games", {"seats": [HUMAN, RANDOM]})
    assert status == 201, c
    text = _logged(log, f"game {c['id']} created")
    assert f"game {c['id']} created: human, computer" in text, text[-2000:]
    assert "savanna web app on" in text and "games still being played are deleted after 30 days" in text


# ------------------------------------------------------------ DNS rebinding


@pytest.fixture
def guarded(db):
    with TestClient(create_app(db, autoplay=False, allowed_hosts=["games.example.org"]),
                    base_url="http://127.0.0.1:8000") as c:
        yield c


@pytest.mark.parametrize("host", ["evil.example", "rebind.attacker.test:8000", "127.0.0.1.nip.io",
                                  "games.example.org.evil.test", ""])
def test_a_host_that_is_not_the_servers_is_refused_over_http_and_websocket(guarded, host):
    gid = guarded.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()["id"]
    for r in (guarded.get("/", headers={"host": host}), guarded.get(f"/api/games/{gid}", headers={"host": host}),
              guarded.post("/api/games", json={"seats": [HUMAN, RANDOM]}, headers={"host": host})):
        assert r.status_code == 400, (host, r.status_code)
        assert r.json()["code"] == "bad_host" and "--allowed-host" in r.json()["message"]
        assert r.headers["x-content-type-options"] == "nosniff"
    # the page of a rebound domain: its Origin matches its own Host, which is what was checked before
    with pytest.raises(WebSocketDisconnect) as e:
        with guarded.websocket_connect(f"/ws/games/{gid}", headers={"host": host, "origin": f"http://{host}"}) as ws:
            ws.receive_json()
    assert e.value.code == 1008


@pytest.mark.parametrize("host", ["games.example.org", "GAMES.example.org:8000", "localhost:8000", "localhost",
                                  "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:8000", "10.0.0.7"])
def test_the_servers_names_localhost_and_addresses_are_served(guarded, host):
    gid = guarded.post("/api/games", json={"seats": [HUMAN, RANDOM]}).json()["id"]
    assert guarded.get(f"/api/games/{gid}", headers={"host": host}).status_code == 200
    with guarded.websocket_connect(f"/ws/games/{gid}", headers={"host": host, "origin": f"http://{host}"}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_subdomain_wildcards_as_starlette_writes_them(db):
    with TestClient(create_app(db, autoplay=False, allowed_hosts=["*.example.org"])) as c:
        assert c.get("/api/health", headers={"host": "play.example.org"}).status_code == 200
        assert c.get("/api/health", headers={"host": "example.org.evil.test"}).status_code == 400


def test_serve_allows_its_own_name_and_those_given(monkeypatch):
    pytest.importorskip("uvicorn")
    import uvicorn

    from savanna import cli

    seen = {}
    monkeypatch.setattr(cli, "_cannot_listen", lambda host, port: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    assert cli.main(["serve", "--db", "sqlite://", "--host", "myhost.lan", "--allowed-host", "games.example.org",
                     "--log-level", "warning"]) == 0
    client = TestClient(seen["app"])
    for host, status in (("myhost.lan:8000", 200), ("games.example.org", 200), ("evil.test", 400)):
        assert client.get("/api/health", headers={"host": host}).status_code == status, host
    assert seen["log_level"] == "warning"
    assert seen["log_config"]["loggers"]["savanna"]["level"] == "WARNING"


# ------------------------------------------------------------ a lean lobby


def test_the_lobby_reads_only_what_it_shows(client):
    """A game's stored row may be large (an uploaded game keeps its own tile set, whose notes
    may run to 100 KB, and its action list): the lobby reads neither, only the columns it shows
    and, of the settings, the options it lists, picked inside the database."""
    from sqlalchemy import event

    made = [client.post("/api/games", json={"seats": [HUMAN, RANDOM], "final_scoring": "majority"}).json()["id"],
            client.post("/api/games", json={"game": "africa", "hidden_treasure": True,
                                            "seats": [HUMAN, RANDOM]}).json()["id"]]
    engine = client.app.state.parts.store.engine
    statements = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        lobby = client.get("/api/games").json()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    listed = {x["id"]: x for x in lobby["open"]}
    assert set(made) <= set(listed)
    assert listed[made[0]]["rules"] == {"final_scoring": "majority"} and listed[made[0]]["moves"] == 0
    assert listed[made[1]]["rules"] == {"hidden_treasure": True}
    reads = [s for s in statements if "FROM games" in s]
    assert reads, statements
    for s in reads:
        columns = s.split("FROM games")[0]
        assert "games.actions" not in columns, s
        whole = columns.count("games.settings")
        picked = columns.upper().count("JSON_EXTRACT(GAMES.SETTINGS") + columns.count("games.settings ->")
        assert whole == picked, s  # the settings only through the keys picked
