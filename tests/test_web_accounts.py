"""Accounts and sessions (issue 28, its first part): register, log in and out, one's account and
sessions, changing the password, deleting the account; names unique by case and Unicode
normalisation and no computer's; weak passwords refused; one answer, in the same time, for an
unknown name and a wrong password; a new session at every login; CSRF (Origin and token);
limits per address and per name, shared by server processes on PostgreSQL. On SQLite, and on
PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (web_databases.py).

The password hasher is argon2's with cheap parameters (the server's default costs ~50 ms a hash).
"""

from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("argon2")

from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import select

from web_apps import CHEAP, create_app
from web_databases import BACKENDS, fresh_database
from web_memory import ON_MEMORY, app_of

from savanna.web.store.accounts import ACCOUNTS
from savanna.web.table.accounts import check_name, common_passwords

PASSWORD = "savanna-lion-42"
ORIGIN = {"Origin": "http://testserver"}


def app_on(url, **options):
    options = {"autoplay": False, "password_hasher": CHEAP, "login_limit": "none", "register_limit": "none",
               **options}
    return create_app(url, **options)


@pytest.fixture
def app_options():  # app_on's
    return {"autoplay": False, "login_limit": "none", "register_limit": "none"}


@pytest.fixture
def client_options():
    return {"raise_server_exceptions": False}


@pytest.fixture
def app(request, backend, app_options):
    """conftest.py's app, or on the memory stores for the tests of the accounts' rules, marked
    ON_MEMORY (web_memory.py); those of what the database does keep to each database."""
    return app_of(request, backend, app_options)


def register(c, name="Zaza", password=PASSWORD):
    r = c.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()


def changing(c, method, path, body=None, csrf=None, **headers):
    """A state-changing request with the session cookie, its Origin and CSRF token."""
    token = csrf if csrf is not None else c.cookies.get("savanna_csrf")
    return c.request(method, path, json=body, headers={**ORIGIN, "X-CSRF-Token": token, **headers})


def plant(c, session_id):
    """The session cookie set to `session_id`, as a browser would hold it (replacing any)."""
    c.cookies.clear()
    c.cookies.set("savanna_session", session_id, domain="testserver.local", path="/")


def error(r, status, code):
    assert r.status_code == status, r.text
    body = r.json()
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    return body


@ON_MEMORY
def test_register_log_in_log_out_and_me(client):
    got = register(client)
    assert got["name"] == "Zaza" and got["csrf_token"]
    session = client.cookies.get("savanna_session")
    setting = [h for h in client.post("/api/session", json={"name": "zaza", "password": PASSWORD})
               .headers.get_list("set-cookie") if h.startswith("savanna_session=")][0]
    assert "HttpOnly" in setting and "SameSite=lax" in setting and "Path=/" in setting and "Secure" not in setting
    assert client.cookies.get("savanna_session") != session
    me = client.get("/api/me").json()
    assert me["name"] == "Zaza" and me["csrf_token"] == client.cookies.get("savanna_csrf")
    assert len(me["sessions"]) == 2 and sum(s["current"] for s in me["sessions"]) == 1
    r = changing(client, "DELETE", "/api/session")
    assert r.status_code == 200 and r.json()["type"] == "logged_out"
    error(client.get("/api/me"), 401, "not_logged_in")
    error(client.post("/api/session", json={"name": "Zaza", "password": "wrong password"}), 401, "bad_login")


def test_secure_cookie_over_https_or_with_the_flag(url):
    with TestClient(app_on(url), base_url="https://testserver") as c:
        r = c.post("/api/accounts", json={"name": "Zaza", "password": PASSWORD},
                   headers={"Origin": "https://testserver"})
        assert all("Secure" in h for h in r.headers.get_list("set-cookie"))
    with TestClient(app_on(url, https=True)) as c:
        r = c.post("/api/session", json={"name": "Zaza", "password": PASSWORD})
        assert r.status_code == 200 and all("Secure" in h for h in r.headers.get_list("set-cookie"))


@ON_MEMORY
def test_names_are_one_in_any_case_and_normalisation(client):
    register(client, "Zaza")
    for same in ("zaza", "ZAZA", "Ｚａｚａ", "ＺＡＺＡ"):
        error(client.post("/api/accounts", json={"name": same, "password": PASSWORD}), 409, "name_taken")
    r = client.post("/api/session", json={"name": "Ｚａｚａ", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["name"] == "Zaza"
    register(client, "Zazou")


@pytest.mark.parametrize("name", ["medium", "Hard", "EASY", "greedy", "MCTS", "random", "Computer", "computer 2",
                                  "Computer 1 (medium)"[:10], "ordinateur", "Rechner", "hard-bot", "Ｍｅｄｉｕｍ",
                                  "moyen", "schwer"])
def test_computer_names_refused(shared_client, name):
    error(shared_client.post("/api/accounts", json={"name": name, "password": PASSWORD}), 422, "bad_name")


@pytest.mark.parametrize("name", ["a", "x" * 25, " Ann", "Ann ", "A  B", "Ann!", "<b>", "Ann\x00", "", "Zé\u0301"])
def test_bad_names_refused(shared_client, name):
    error(shared_client.post("/api/accounts", json={"name": name, "password": PASSWORD}), 422, "bad_name")


def test_good_names_pass():
    for name in ("Zoé", "Hard Rock", "li_na-2", "Ann Lee", "Μαρία", "東京"):
        assert check_name(name) == name


@ON_MEMORY
def test_short_and_common_passwords_refused(client):
    assert len(common_passwords()) >= 9900  # (casefolded: a few of the 10,000 are one)
    error(client.post("/api/accounts", json={"name": "Zaza", "password": "x7#kQ2"}), 422, "weak_password")
    for common in ("password", "12345678", "Sunshine", "iloveyou", "football"):
        body = error(client.post("/api/accounts", json={"name": "Zaza", "password": common}), 422, "weak_password")
        assert "common" in body["message"]
    register(client, "Zaza", "x7#kQ2-long-enough")


@ON_MEMORY
def test_unknown_name_and_wrong_password_answer_alike(client):
    register(client)
    client.cookies.clear()
    unknown = client.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    wrong = client.post("/api/session", json={"name": "Zaza", "password": PASSWORD + "x"})
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()
    assert "set-cookie" not in unknown.headers and "set-cookie" not in wrong.headers


def test_unknown_name_and_wrong_password_take_the_same_time(url):
    """Verified against a dummy hash of the same parameters: the quickest of interleaved tries
    within a third of each other (without the dummy, an unknown name answers many times faster;
    the quickest, not the median, so that other work on a loaded machine does not count)."""
    hasher = PasswordHasher(time_cost=2, memory_cost=8192, parallelism=1)  # ~15 ms a verification
    app = app_on(url, password_hasher=hasher)
    with TestClient(app):
        accounts = app.state.parts.accounts
        accounts.register("Zaza", PASSWORD)
        unknown, wrong = [], []
        for _ in range(15):
            for name, into in (("Nobody", unknown), ("Zaza", wrong)):
                t = time.perf_counter()
                with pytest.raises(Exception, match="unknown name or wrong password"):
                    accounts.login(name, "not the password")
                into.append(time.perf_counter() - t)
    a, b = min(unknown), min(wrong)
    assert abs(a - b) <= max(a, b) / 3 + 0.002, (unknown, wrong)


@ON_MEMORY
def test_a_new_session_id_at_every_login(client):
    register(client)
    plant(client, "planted-by-an-attacker-0123456789")  # fixation, by a value chosen
    r = client.post("/api/session", json={"name": "Zaza", "password": PASSWORD})
    first = client.cookies.get("savanna_session")
    assert r.status_code == 200 and first != "planted-by-an-attacker-0123456789"
    client.post("/api/session", json={"name": "Zaza", "password": PASSWORD})  # with a session already
    second = client.cookies.get("savanna_session")
    assert second != first
    plant(client, "planted-by-an-attacker-0123456789")
    error(client.get("/api/me"), 401, "not_logged_in")
    plant(client, first)  # the first login's session is still one (logging in again ends none)
    assert client.get("/api/me").status_code == 200


@ON_MEMORY
def test_log_out_ends_the_session_everywhere(client):
    register(client)
    session = client.cookies.get("savanna_session")
    assert changing(client, "DELETE", "/api/session").status_code == 200
    plant(client, session)  # the cookie kept (another tab, a copy): ended all the same
    error(client.get("/api/me"), 401, "not_logged_in")


@ON_MEMORY
def test_list_and_end_ones_sessions(app):
    with TestClient(app) as laptop:  # (the app started once; a second client of it needs no start)
        phone = TestClient(app)
        register(laptop)
        phone.post("/api/session", json={"name": "Zaza", "password": PASSWORD},
                   headers={"User-Agent": "Mozilla/5.0 (Linux; Android 14) Firefox/128.0"})
        sessions = laptop.get("/api/me/sessions").json()["sessions"]
        assert len(sessions) == 2
        other = next(s for s in sessions if not s["current"])
        assert other["agent"] == "Firefox on Android" and other["created"] and other["last_seen"]
        error(changing(laptop, "DELETE", "/api/me/sessions/not-one-of-mine"), 404, "not_found")
        assert changing(laptop, "DELETE", f"/api/me/sessions/{other['id']}").status_code == 200
        error(phone.get("/api/me"), 401, "not_logged_in")
        assert [s["current"] for s in laptop.get("/api/me").json()["sessions"]] == [True]


@ON_MEMORY
def test_a_new_password_ends_the_other_sessions_and_hashes_are_renewed(app):
    with TestClient(app) as laptop:  # (the app started once; a second client of it needs no start)
        phone = TestClient(app)
        register(laptop)
        phone.post("/api/session", json={"name": "Zaza", "password": PASSWORD})
        error(changing(laptop, "POST", "/api/me/password", {"password": "not it", "new_password": "a-new-one-99"}),
              403, "wrong_password")
        error(changing(laptop, "POST", "/api/me/password", {"password": PASSWORD, "new_password": "qwerty123"}),
              422, "weak_password")
        r = changing(laptop, "POST", "/api/me/password", {"password": PASSWORD, "new_password": "a-new-one-99"})
        assert r.status_code == 200 and r.json()["ended"] == 1
        error(phone.get("/api/me"), 401, "not_logged_in")
        assert laptop.get("/api/me").status_code == 200
        error(phone.post("/api/session", json={"name": "Zaza", "password": PASSWORD}), 401, "bad_login")

        # the hasher's parameters change (a new release, a stronger machine): the next login rehashes
        def stored():
            return app.state.parts.accounts.store.by_key("zaza").password_hash

        before = stored()
        stronger = PasswordHasher(time_cost=2, memory_cost=2048, parallelism=1)
        assert stronger.check_needs_rehash(before)
        app.state.parts.accounts.hasher = stronger
        assert phone.post("/api/session", json={"name": "Zaza", "password": "a-new-one-99"}).status_code == 200
        after = stored()
        assert after != before and not stronger.check_needs_rehash(after) and stronger.verify(after, "a-new-one-99")


def test_delete_account(client, app):
    register(client)
    error(changing(client, "DELETE", "/api/me", {"password": "not it"}), 403, "wrong_password")
    r = changing(client, "DELETE", "/api/me", {"password": PASSWORD})
    assert r.status_code == 200 and r.json()["type"] == "deleted"
    error(client.get("/api/me"), 401, "not_logged_in")
    error(client.post("/api/session", json={"name": "Zaza", "password": PASSWORD}), 401, "bad_login")
    with app.state.parts.store.engine.connect() as con:  # the row stays (what links to it), unlinked from the name
        row = con.execute(select(ACCOUNTS)).one()
    assert row.name == "Zaza" and row.key is None and row.password_hash is None and row.deleted_at is not None
    register(client, "zaza")  # the name is free again: a new account
    assert client.get("/api/me").json()["name"] == "zaza"


@ON_MEMORY
def test_csrf_needs_the_origin_and_the_token(client):
    register(client)
    token = client.cookies.get("savanna_csrf")
    body = {"password": PASSWORD, "new_password": "a-new-one-99"}
    error(client.post("/api/me/password", json=body, headers=ORIGIN), 403, "bad_csrf_token")
    error(client.post("/api/me/password", json=body, headers={**ORIGIN, "X-CSRF-Token": "guessed"}), 403,
          "bad_csrf_token")
    error(client.post("/api/me/password", json=body, headers={"Origin": "https://evil.example",
                                                              "X-CSRF-Token": token}), 403, "bad_origin")
    error(client.post("/api/me/password", json=body, headers={"Sec-Fetch-Site": "cross-site",
                                                              "X-CSRF-Token": token}), 403, "bad_origin")
    error(client.request("DELETE", "/api/me", json={"password": PASSWORD}, headers=ORIGIN), 403, "bad_csrf_token")
    error(client.delete("/api/session", headers={"Origin": "https://evil.example", "X-CSRF-Token": token}), 403,
          "bad_origin")
    assert client.get("/api/me").status_code == 200  # nothing of it was done
    r = client.post("/api/me/password", json=body, headers={**ORIGIN, "X-CSRF-Token": token})
    assert r.status_code == 200, r.text
    # logging in from another site's page (login CSRF) is refused too
    error(client.post("/api/session", json={"name": "Zaza", "password": "a-new-one-99"},
                      headers={"Origin": "https://evil.example"}), 403, "bad_origin")


def test_limits_per_address_and_per_name(url):
    app = app_on(url, login_limit="3/minute", register_limit="2/minute")
    with TestClient(app, client=("192.0.2.1", 1000)) as one:
        two = TestClient(app, client=("192.0.2.2", 1000))
        register(one, "Zaza")
        register(one, "Zazou")
        r = one.post("/api/accounts", json={"name": "Zora", "password": PASSWORD})
        error(r, 429, "rate_limited")
        assert int(r.headers["Retry-After"]) >= 1 and "your address" in r.json()["message"]
        register(two, "Zora")  # another address
        # per name: three tries at Zaza from one address, the fourth from another is refused
        for _ in range(3):
            error(one.post("/api/session", json={"name": "Zaza", "password": "guess-" * 2}), 401, "bad_login")
        r = two.post("/api/session", json={"name": "ZAZA", "password": PASSWORD})
        error(r, 429, "rate_limited")
        assert "this account name" in r.json()["message"] and int(r.headers["Retry-After"]) >= 1
        assert two.post("/api/session", json={"name": "Zazou", "password": PASSWORD}).status_code == 200
        # per address: the first address has used its three
        error(one.post("/api/session", json={"name": "Zazou", "password": PASSWORD}), 429, "rate_limited")


@pytest.mark.skipif("postgresql" not in BACKENDS, reason="needs SAVANNA_TEST_DATABASE_URL")
def test_limits_are_shared_by_server_processes(tmp_path):
    url = fresh_database("postgresql", tmp_path)
    first, second = app_on(url, login_limit="2/minute"), app_on(url, login_limit="2/minute")
    with TestClient(first) as a, TestClient(second) as b:
        for _ in range(2):
            error(a.post("/api/session", json={"name": "Zaza", "password": PASSWORD}), 401, "bad_login")
        error(b.post("/api/session", json={"name": "Zaza", "password": PASSWORD}), 429, "rate_limited")
        # and a session made by one is known by the other
        register(a, "Zazou")
        plant(b, a.cookies.get("savanna_session"))
        assert b.get("/api/me").json()["name"] == "Zazou"


def test_a_database_from_before_accounts_gets_their_tables(tmp_path):
    from sqlalchemy import create_engine, inspect

    from savanna.web.store.storage import Store

    path = tmp_path / "old.db"
    Store(str(path)).close()
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as con:
        con.exec_driver_sql("DROP TABLE IF EXISTS account_sessions")
        con.exec_driver_sql("DROP TABLE IF EXISTS accounts")
        con.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")  # (a database from before migrations too)
    assert "accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    with TestClient(app_on(str(path))) as c:
        register(c)


def test_hostile_text_never_fails_the_server(client):
    """NUL bytes, lone surrogates and odd sizes in every field and path: a 4xx naming it, never
    a 5xx (PostgreSQL refuses a NUL byte with an error: none reaches it)."""
    register(client)
    for text in ("\x00", "Zaza\x00", "\ud800", "Ｚａｚａ\ud800", "x" * 200, " ", "é" * 30):
        for path in ("/api/accounts", "/api/session"):
            for body in ({"name": text, "password": PASSWORD}, {"name": "Zaza", "password": text + PASSWORD}):
                r = client.post(path, content=json.dumps(body), headers={"Content-Type": "application/json"})
                assert r.status_code < 500 and r.json()["code"], (path, body, r.text)
        r = changing(client, "DELETE", "/api/me/sessions/" + quote(text, errors="surrogatepass"))
        assert r.status_code in (404, 405), r.text
        r = client.post("/api/me/password", content=json.dumps({"password": text, "new_password": text}),
                        headers={**ORIGIN, "X-CSRF-Token": client.cookies.get("savanna_csrf"),
                                 "Content-Type": "application/json"})
        assert r.status_code < 500, r.text
    assert client.get("/api/me", headers={"X-CSRF-Token": "\x00"}).status_code == 200
    plant(client, "x\x00" * 20)
    error(client.get("/api/me"), 401, "not_logged_in")


def test_sessions_unused_for_a_while_end(app):
    """A session not seen for 30 days is refused, and deleted at the next login (of anyone)."""
    from datetime import datetime, timedelta, timezone

    from sqlalchemy import func, update

    from savanna.web.store.accounts import SESSIONS

    with TestClient(app) as c:
        register(c)
        old = c.cookies.get("savanna_session")
        with app.state.parts.store.engine.begin() as con:  # last seen 31 days ago
            con.execute(update(SESSIONS).values(seen_at=datetime.now(timezone.utc) - timedelta(days=31)))
        register(c, "Zazou")
        assert c.get("/api/me").status_code == 200
        with app.state.parts.store.engine.connect() as con:
            assert con.execute(select(func.count()).select_from(SESSIONS)).scalar() == 1  # only Zazou's
        plant(c, old)
        error(c.get("/api/me"), 401, "not_logged_in")
