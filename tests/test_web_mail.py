"""The players' mail (issue 29): `create_app(smtp=...)` / `savanna serve --smtp`, an account's and a
seat's address, "your turn" in correspondence games and "your time runs low", each sent once
across processes, against a local SMTP server this test starts (aiosmtpd), never a real one.
The games' clock is the service's, injected (`service.now`): no test waits for a day. The tests of
the notices' rules run on the memory stores (tests/web_memory.py); those of what a database keeps
(across two servers, a restart, out of the logs) on SQLite, and on PostgreSQL when
SAVANNA_TEST_DATABASE_URL is set (web_databases.py)."""

from __future__ import annotations

import email
import email.policy
import logging
import socket
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("aiosmtpd")
pytest.importorskip("argon2")

from aiosmtpd.controller import Controller  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from test_web_accounts import CHEAP, ORIGIN, PASSWORD, changing, error  # noqa: E402
from web_apps import create_app  # noqa: E402

from savanna.cli import main as cli_main  # noqa: E402
from savanna.web.live.smtp import parse_smtp  # noqa: E402
from savanna.web.store.mail import MailStore, account_owner, seat_owner  # noqa: E402
from savanna.web.store.stores import Stores, memory_stores  # noqa: E402
from savanna.web.table import mail as table_mail  # noqa: E402
from savanna.web.table.errors import GameError  # noqa: E402

HUMAN = {"kind": "human"}
DAY = 86400.0


class Inbox:
    """aiosmtpd's handler: every mail received, parsed."""

    def __init__(self):
        self.mails: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.mails.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtpd():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{controller.port}?from=savanna@example.org&timeout=5"
    try:
        yield inbox
    finally:
        controller.stop()


class Clock:
    """The games' time, moved by the test."""

    def __init__(self, t: float = 1_800_000_000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def make_app(url, smtp=None, clock=None, **options):
    """The app on the database `url`, or on `url` if it is Stores (tests/web_memory.py: the tests
    of the notices' rules, above the store, run on the memory stores; those of what a database
    keeps across servers and restarts, on each database)."""
    stores = url if isinstance(url, Stores) else None
    app = create_app(None if stores else url, autoplay=False, password_hasher=CHEAP, login_limit="none",
                     register_limit="none", create_limit="none", smtp=smtp, mail_delays=(0.05,), stores=stores,
                     **options)
    if clock is not None:
        app.state.parts.service.now = clock
    return app


def wait_for(pred, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError("timed out")


def settle(app, timeout=15.0):
    """Until the app's mail has looked at every write and sent what it owes."""
    wait_for(lambda: app.state.parts.notices.idle(), timeout)


def create(c, seats, **body):
    r = c.post("/api/games", json={"seats": seats, **body})
    assert r.status_code == 201, r.text
    return r.json()


def view(c, gid, token=None):
    return c.get(f"/api/games/{gid}" + (f"?token={token}" if token else "")).json()


def finish_turn(c, gid, seat, token=None):
    """Play the first legal action while it is `seat`'s turn (a turn may be several actions)."""
    while view(c, gid, token)["current_player"] == seat:
        body = {"action": view(c, gid, token)["legal_actions"][0], **({"token": token} if token else {})}
        r = c.post(f"/api/games/{gid}/actions", json=body) if token else \
            changing(c, "POST", f"/api/games/{gid}/actions", body)
        assert r.status_code == 200, r.text


def seat_email(c, gid, email_, token=None, **kw):
    body = {"email": email_, **({"token": token} if token else {}), **kw}
    return c.post(f"/api/games/{gid}/email", json=body) if token else \
        changing(c, "POST", f"/api/games/{gid}/email", body)


def person(app, name):
    c = TestClient(app, raise_server_exceptions=False)
    r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return c


def person_with_address(app, name, email):
    """An account logged in whose address is `email` (set through the route)."""
    c = person(app, name)
    r = changing(c, "PUT", "/api/me/email", {"email": email})
    assert r.status_code == 200, r.text
    return c


def text_of(mail) -> str:
    return mail.get_body(("plain",)).get_content()


# ------------------------------------------------------------------ the notices


def test_your_turn_in_a_correspondence_game_then_low_time_once(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"days": 3})
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        r = seat_email(c, gid, "Ben@Example.ORG", t1, lang="fr")
        assert r.status_code == 200 and r.json() == {"type": "email_set", "seat": 1, "email": "Ben@example.org"}
        assert c.get(f"/api/games/{gid}/email?token={t1}").json()["email"] == "Ben@example.org"
        clock.t += 3600
        finish_turn(c, gid, 0, t0)
        mail = wait_for(lambda: smtpd.mails)[0]
        assert smtpd.envelopes[0] == ("savanna@example.org", ["Ben@example.org"])
        assert mail["To"] == "Ben@example.org" and mail["Auto-Submitted"] == "auto-generated"
        assert mail["Subject"] == "À vous de jouer dans Carcassonne Safari", mail["Subject"]
        body = text_of(mail)
        assert f"http://testserver/play/{gid}" in body  # the game's link
        assert "retirez-la dans la page de la partie" in body  # how to stop: the seat's setting
        deadline = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(clock.t + 3 * DAY))
        assert deadline in body, body
        # the clock moves on to 11 h before the deadline: one "low" mail, however often it is looked at
        settle(app)
        clock.t += 3 * DAY - 11 * 3600
        app.state.parts.notices.scan()
        app.state.parts.notices.scan()
        mails = wait_for(lambda: smtpd.mails if len(smtpd.mails) >= 2 else None)
        settle(app)
        app.state.parts.notices.check_game(gid)
        settle(app)
        assert len(smtpd.mails) == 2, [m["Subject"] for m in smtpd.mails]
        assert mails[1]["Subject"] == "Votre temps s’épuise dans Carcassonne Safari"
        assert "11 h 00 min" in text_of(mails[1])
        sent = app.state.parts.notices.mail.sent(gid)
        assert [(s, k, state) for _, s, k, _, state in sent] == [(1, "turn", "sent"), (1, "low", "sent")]


def test_the_first_turn_is_told_as_soon_as_the_seat_gives_its_address(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"days": 2})
        gid, t0 = g["id"], g["seats"][0]["token"]
        assert seat_email(c, gid, "ann@example.org", t0).status_code == 200
        mail = wait_for(lambda: smtpd.mails)[0]  # not at the next scan, minutes later
        assert smtpd.envelopes[0][1] == ["ann@example.org"] and f"/play/{gid}" in text_of(mail)


def test_an_invited_accounts_first_turn_is_told_when_the_game_is_created(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as anon:
        zaza = person_with_address(app, "Zaza", "zaza@example.org")
        create(anon, [{"kind": "human", "account": "Zaza"}, HUMAN], clock={"days": 1})
        wait_for(lambda: smtpd.mails)
        assert smtpd.envelopes[0][1] == ["zaza@example.org"]


def test_an_accounts_address_gets_its_claimed_seats_turns_in_its_language(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as anon:
        zaza = person(app, "Zaza")
        assert zaza.get("/api/me").json()["email"] is None
        r = changing(zaza, "PUT", "/api/me/email", {"email": "zaza@example.org", "lang": "de"})
        assert r.status_code == 200 and r.json()["email"] == "zaza@example.org", r.text
        assert zaza.get("/api/me").json()["email"] == "zaza@example.org"
        g = create(anon, [HUMAN, {"kind": "human", "account": "Zaza"}], clock={"days": 1})
        gid, t0 = g["id"], g["seats"][0]["token"]
        finish_turn(anon, gid, 0, t0)
        mail = wait_for(lambda: smtpd.mails)[0]
        assert mail["To"] == "zaza@example.org" and mail["Subject"] == "Du bist am Zug in Carcassonne Safari"
        assert "http://testserver/account" in text_of(mail)  # how to stop: the account page
        # removed: no more mail
        settle(app)
        assert changing(zaza, "DELETE", "/api/me/email").json() == {"type": "email_removed"}
        assert zaza.get("/api/me").json()["email"] is None
        finish_turn(zaza, gid, 1)
        finish_turn(anon, gid, 0, t0)
        settle(app)
        assert len(smtpd.mails) == 1


def test_low_time_in_a_real_time_game_once(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"base": 100, "increment": 0})  # low: under 20 s
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert seat_email(c, gid, "ann@example.org", t0).status_code == 200
        finish_turn(c, gid, 0, t0)
        finish_turn(c, gid, 1, t1)
        clock.t += 70  # seat 0: 30 s left
        app.state.parts.notices.scan()
        settle(app)
        assert smtpd.mails == []  # no "your turn" in real time, and not low yet
        clock.t += 15  # 15 s left
        app.state.parts.notices.scan()
        mail = wait_for(lambda: smtpd.mails)[0]
        assert mail["Subject"] == "Your time runs low in Carcassonne Safari" and "15 s left" in text_of(mail)
        clock.t += 1
        app.state.parts.notices.scan()
        settle(app)
        assert len(smtpd.mails) == 1


def test_low_time_in_a_real_time_game_on_the_wall_clock(smtpd):
    # no scan asked for: the mail's thread wakes when the running clock comes to its low time
    app = make_app(memory_stores(), smtp=smtpd.url)
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"base": 8, "increment": 0})  # low: under 1.6 s
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert seat_email(c, gid, "ann@example.org", t0).status_code == 200
        finish_turn(c, gid, 0, t0)  # (first moves: no clock runs yet)
        finish_turn(c, gid, 1, t1)
        started = time.monotonic()
        mail = wait_for(lambda: smtpd.mails, timeout=20)[0]
        took = time.monotonic() - started
        assert 6.0 <= took < 8.0, took  # (after 6.4 s, before the flag would fall)
        assert mail["Subject"] == "Your time runs low in Carcassonne Safari"


def test_nothing_is_sent_without_smtp_or_without_an_address(url, smtpd):
    clock = Clock()
    off = make_app(url, clock=clock)  # no --smtp
    with TestClient(off, raise_server_exceptions=False) as c:
        assert c.get("/api/mail").json() == {"enabled": False} and off.state.parts.notices is None
        g = create(c, [HUMAN, HUMAN], clock={"days": 2})
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        error(seat_email(c, gid, "ben@example.org", t1), 404, "mail_off")
        zaza = person(off, "Zaza")
        error(changing(zaza, "PUT", "/api/me/email", {"email": "zaza@example.org"}), 404, "mail_off")
        assert zaza.get("/api/me").json()["mail"] is False
        # an address kept from when the server mailed: the turn passes, nothing is sent
        mail_store = MailStore(off.state.parts.store.engine)
        mail_store.put(seat_owner(gid, 1), "ben@example.org", "en", "http://testserver", game_id=gid)
        finish_turn(c, gid, 0, t0)
        clock.t += 2 * DAY - 3600  # low time too
        time.sleep(0.3)
        assert smtpd.mails == [] and mail_store.sent(gid) == []
    # with --smtp, a game whose seats have no address: nothing either
    on = make_app(url, smtp=smtpd.url, clock=clock)
    with TestClient(on, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN, HUMAN], clock={"days": 2})
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        finish_turn(c, gid, 0, tokens[0])
        finish_turn(c, gid, 1, tokens[1])
        clock.t += 2 * DAY - 3600
        on.state.parts.notices.scan()
        settle(on)
        assert all(m["To"] == "ben@example.org" for m in smtpd.mails)  # (the earlier game's, caught up)
        assert on.state.parts.notices.mail.sent(gid) == []


def test_once_across_two_server_instances_on_one_database(url, smtpd):
    clock = Clock()
    one, two = make_app(url, smtp=smtpd.url, clock=clock), make_app(url, smtp=smtpd.url, clock=clock)
    with TestClient(one, raise_server_exceptions=False) as c1, TestClient(two, raise_server_exceptions=False) as c2:
        g = create(c1, [HUMAN, HUMAN], clock={"days": 1})
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert seat_email(c2, gid, "ben@example.org", t1).status_code == 200
        finish_turn(c1, gid, 0, t0)
        for app in (one, two, one, two):  # both look at it, as their scans would after a restart
            app.state.parts.notices.check_game(gid)
            app.state.parts.notices.scan()
        wait_for(lambda: smtpd.mails)
        settle(one)
        settle(two)
        assert len(smtpd.mails) == 1
    # a third, started afresh (a restart) sends it no more either
    three = make_app(url, smtp=smtpd.url, clock=clock)
    with TestClient(three, raise_server_exceptions=False):
        three.state.parts.notices.scan()
        settle(three)
    assert len(smtpd.mails) == 1


def test_a_turn_passed_while_no_server_mailed_is_mailed_by_the_next_to_start_once(url, smtpd):
    clock = Clock()
    off = make_app(url, clock=clock)
    with TestClient(off, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"days": 7})
        gid, t0 = g["id"], g["seats"][0]["token"]
        MailStore(off.state.parts.store.engine).put(seat_owner(gid, 1), "ben@example.org", "it", "http://testserver",
                                              game_id=gid)
        finish_turn(c, gid, 0, t0)  # days before its deadline: no "low" due
    for _ in range(2):  # started, and started again
        app = make_app(url, smtp=smtpd.url, clock=clock)
        with TestClient(app, raise_server_exceptions=False):
            wait_for(lambda: smtpd.mails)
            app.state.parts.notices.scan()
            settle(app)
    assert len(smtpd.mails) == 1 and smtpd.mails[0]["Subject"] == "Tocca a te in Carcassonne Safari"


def test_a_claimed_seats_own_address_goes_first_and_a_deleted_account_loses_its_own(smtpd):
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    with TestClient(app, raise_server_exceptions=False) as anon:
        zaza = person_with_address(app, "Zaza", "zaza@example.org")
        g = create(anon, [HUMAN, {"kind": "human", "account": "Zaza"}], clock={"days": 1})
        gid, t0 = g["id"], g["seats"][0]["token"]
        r = seat_email(zaza, gid, "zaza.games@example.org")  # by the session, for its claimed seat
        assert r.status_code == 200 and r.json()["seat"] == 1, r.text
        error(anon.post(f"/api/games/{gid}/email", json={"email": "x@example.org"}), 401, "missing_token")
        error(seat_email(anon, gid, "x@example.org", t0, seat=1), 403, "bad_token")
        finish_turn(anon, gid, 0, t0)
        assert wait_for(lambda: smtpd.mails)[0]["To"] == "zaza.games@example.org"
        aid = app.state.parts.accounts.named("Zaza")[0]
        assert app.state.parts.notices.mail.get(account_owner(aid)) is not None
        assert changing(zaza, "DELETE", "/api/me", {"password": PASSWORD}).status_code == 200
        assert app.state.parts.notices.mail.get(account_owner(aid)) is None


def test_one_address_gets_a_bounded_number_of_mails_a_day(smtpd, caplog):
    # anyone may type anyone's address for a seat: many games do not make many mails
    clock = Clock()
    app = make_app(memory_stores(), smtp=smtpd.url, clock=clock)
    app.state.parts.notices.per_address = 2
    with TestClient(app, raise_server_exceptions=False) as c:
        for _ in range(3):
            g = create(c, [HUMAN, HUMAN], clock={"days": 1})
            assert seat_email(c, g["id"], "victim@example.org", g["seats"][1]["token"]).status_code == 200
            finish_turn(c, g["id"], 0, g["seats"][0]["token"])
            settle(app)
        assert len(wait_for(lambda: smtpd.mails if len(smtpd.mails) >= 2 else None)) == 2
        assert [n[4] for n in app.state.parts.notices.mail.sent()] == ["sent", "sent", "skipped"]
    assert "skipped" in caplog.text and "victim@" not in caplog.text


def test_a_dead_mail_server_fails_no_move_and_is_given_up_quietly(caplog):
    clock = Clock()
    dead = f"smtp://127.0.0.1:{free_port()}?from=savanna@example.org&timeout=1"  # nobody listens there
    app = make_app(memory_stores(), smtp=dead, clock=clock)
    caplog.set_level(logging.INFO, logger="savanna.web")
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"days": 1})
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert seat_email(c, gid, "ben@example.org", t1).status_code == 200
        finish_turn(c, gid, 0, t0)
        finish_turn(c, gid, 1, t1)  # the moves go on
        wait_for(lambda: [s for s in app.state.parts.notices.mail.sent(gid) if s[4] == "failed"])
        assert view(c, gid)["status"] == "playing"
    text = caplog.text
    assert "given up" in text and "try 2 failed" in text
    assert "ben@example.org" not in text


def test_a_seats_address_goes_when_the_game_ends(smtpd):
    app = make_app(memory_stores(), smtp=smtpd.url, clock=Clock())
    with TestClient(app, raise_server_exceptions=False) as c:
        g = create(c, [HUMAN, HUMAN], clock={"days": 1}, on_resign="end")
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert seat_email(c, gid, "ben@example.org", t1).status_code == 200
        assert app.state.parts.notices.mail.seat_games() == [gid]
        assert c.post(f"/api/games/{gid}/resign", json={"token": t0}).status_code == 200
        assert app.state.parts.notices.mail.seat_games() == []
        error(seat_email(c, gid, "ben@example.org", t1), 409, "game_over")


# ------------------------------------------------------------------ privacy


def test_an_address_is_in_no_view_export_lobby_item_or_log(url, smtpd, caplog):
    caplog.set_level(logging.DEBUG)
    app = make_app(url, smtp=smtpd.url, clock=Clock())
    with TestClient(app, raise_server_exceptions=False) as anon:
        zaza, momo = person_with_address(app, "Zaza", "zaza.secret@example.org"), person(app, "Momo")
        g = create(anon, [HUMAN, {"kind": "human", "account": "Zaza"}], clock={"days": 1}, on_resign="end")
        gid, t0 = g["id"], g["seats"][0]["token"]
        assert seat_email(anon, gid, "ann.secret@example.org", t0).status_code == 200
        finish_turn(anon, gid, 0, t0)
        wait_for(lambda: smtpd.mails)
        seen = [anon.get(f"/api/games/{gid}").text, anon.get(f"/api/games/{gid}?token={t0}").text,
                zaza.get(f"/api/games/{gid}").text, anon.get("/api/games").text, zaza.get("/api/me/games").text,
                anon.get(f"/api/games/{gid}/replay?step=1").text, momo.get("/api/me").text,
                anon.get("/api/players/Zaza").text, zaza.get(f"/api/games/{gid}/email").text]
        with anon.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
            seen.append(str(ws.receive_json()))
        assert changing(zaza, "POST", f"/api/games/{gid}/resign", {}).status_code == 200
        export = anon.get(f"/api/games/{gid}/export")
        assert export.status_code == 200, export.text
        seen.append(export.text)
        assert all("secret@" not in s for s in seen), [s for s in seen if "secret@" in s]
        assert "zaza.secret@example.org" in zaza.get("/api/me").text  # to its owner only
    ours = [r.getMessage() for r in caplog.records if not r.name.startswith("mail.log")]  # (not the SMTP server's)
    assert ours and not [m for m in ours if "secret@" in m]


# ------------------------------------------------------------------ bad input


BAD = ["", " ", "ann", "ann@", "@example.org", "ann@example", "ann@@example.org", "a b@example.org",
       '"ann"@example.org', "ann@exa mple.org", "ann@-example.org", "ann@example.123", "ann..b@example.org",
       ".ann@example.org", "Ann <ann@example.org>", "ann@example.org\r\nBcc: x@example.org", "é@example.org",
       "a" * 65 + "@example.org", "ann@" + "a" * 250 + ".org", "ann@example.org,ben@example.org"]


@pytest.mark.parametrize("bad", BAD)
def test_bad_addresses_are_refused_saying_why(bad):
    with pytest.raises(GameError) as e:
        table_mail.checked_address(bad)
    assert e.value.code == "bad_email" and e.value.message


def test_good_addresses_are_kept():
    assert table_mail.checked_address(" Ann.B+savanna@Example.ORG ") == "Ann.B+savanna@example.org"
    assert table_mail.checked_address("ann@bücher.example") == "ann@bücher.example"
    assert table_mail.ascii_address("ann@bücher.example") == "ann@xn--bcher-kva.example"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.from_regex(r"[a-z.+\-]{0,70}@[a-z0-9.\-]{0,70}", fullmatch=True),
                 st.emails()))
def test_any_text_is_an_address_or_refused_clearly(text):
    try:
        got = table_mail.checked_address(text)
    except GameError as e:
        assert e.code == "bad_email" and e.message
        return
    import email.headerregistry as hr

    assert len(got) <= 254 and got.count("@") == 1 and not any(ch.isspace() for ch in got)
    address = hr.Address(addr_spec=table_mail.ascii_address(got))
    assert address.addr_spec == table_mail.ascii_address(got)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    app = make_app(str(tmp_path_factory.mktemp("mail-fuzz") / "games.db"),
                   smtp="smtp://127.0.0.1:9?from=savanna@example.org")
    with TestClient(app, raise_server_exceptions=False) as c:
        c.post("/api/accounts", json={"name": "Zaza", "password": PASSWORD})
        c.headers.update({**ORIGIN, "X-CSRF-Token": c.cookies.get("savanna_csrf")})
        g = create(c, [HUMAN, HUMAN])
        yield c, g["id"], g["seats"][0]["token"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=st.one_of(st.text(max_size=1200), st.integers(), st.none(), st.lists(st.text(max_size=5))),
       lang=st.one_of(st.none(), st.sampled_from(["en", "de", "xx", ""])))
def test_the_routes_answer_any_address_with_a_clear_code(fuzzed, value, lang):
    c, gid, token = fuzzed
    for r in (c.put("/api/me/email", json={"email": value, "lang": lang}),
              c.post(f"/api/games/{gid}/email", json={"token": token, "email": value, "lang": lang})):
        assert r.status_code in (200, 400, 413, 422), r.text
        body = r.json()
        if r.status_code != 200:
            assert body["code"] in ("bad_email", "bad_request", "too_large") and body["message"], body


def test_smtp_urls_are_read_or_refused_saying_why():
    s = parse_smtp("smtp://me%40x:p%3Ass@mail.example.org:587?from=savanna@example.org&starttls=1")
    assert (s.host, s.port, s.user, s.password, s.starttls, s.tls) == ("mail.example.org", 587, "me@x", "p:ss",
                                                                       True, False)
    assert "p:ss" not in s.shown() and "p:ss" not in repr(s)
    assert parse_smtp("smtps://mail.example.org?from=a@b.org").port == 465
    for bad, words in [("http://x?from=a@b.org", "smtp://"), ("smtp://x", "from="), ("smtp://?from=a@b.org", "host"),
                       ("smtp://x?from=a@b.org&starttls=maybe", "starttls"), ("smtp://x?from=a@b.org&tls=1", "tls"),
                       ("smtps://x?from=a@b.org&starttls=1", "starttls"), ("smtp://x:99999?from=a@b.org", "Port"),
                       ("smtp://x?from=a@b.org&timeout=0", "timeout"), ("smtp://x?from=a@b.org&site=ftp://y", "site")]:
        with pytest.raises(ValueError, match=words):
            parse_smtp(bad)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200),
                 st.builds(lambda scheme, rest: scheme + rest, st.sampled_from(["smtp://", "smtps://", "smtp://u:p@h"]),
                           st.text(max_size=120))))
def test_any_smtp_url_is_read_or_refused_saying_why(text):
    try:
        got = parse_smtp(text)
    except ValueError as e:
        assert str(e)
        return
    assert got.host and 0 < got.port < 65536 and "@" in got.sender and 0.5 <= got.timeout <= 300


def test_serve_refuses_a_bad_smtp_url(capsys, monkeypatch):
    assert cli_main(["serve", "--port", str(free_port()), "--smtp", "smtp://mail.example.org"]) == 1
    assert "--smtp: the SMTP URL needs the mails' sender" in " ".join(capsys.readouterr().err.split())
    monkeypatch.setenv("SAVANNA_SMTP_URL", "ftp://mail.example.org")  # the option's default
    assert cli_main(["serve", "--port", str(free_port())]) == 1
    assert "smtp://" in capsys.readouterr().err
