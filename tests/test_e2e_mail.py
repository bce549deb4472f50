"""End-to-end: the players' mail in the pages (issue 29), at phone size, in a real browser, against
a real `savanna serve --smtp` and a local SMTP server this test starts (aiosmtpd).

- A seat's holder opens "E-mail me when it is my turn" on the game page, gives an address (a bad
  one is refused, saying why), and gets the mail when the turn passes to it; stops the mails.
- The account page's address, in German; on a server without --smtp neither field shows.

Screenshots: test-artifacts/mail-*.png. Same needs and skips as test_e2e_browser.py."""

from __future__ import annotations

import pytest

from browser import PHONE, browser, pages, serve, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from playwright.sync_api import Page, expect  # isort: skip  (installed when the import above passed)
from test_e2e_mobile import no_sideways_scroll  # isort: skip
from web_remote import request  # noqa: E402

pytest.importorskip("aiosmtpd")
from test_web_mail import Inbox, free_port, wait_for  # noqa: E402
from aiosmtpd.controller import Controller  # noqa: E402


PASSWORD = "a long passphrase 7"


@pytest.fixture(scope="module")
def inbox():
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    box.url = f"smtp://127.0.0.1:{controller.port}?from=savanna@example.org&timeout=5"
    yield box
    controller.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, inbox):
    s = serve(tmp_path_factory, "e2e-mail", "--smtp", inbox.url, "--register-limit", "none", "--login-limit", "none")
    yield s.base
    s.stop()


plain = served("e2e-nomail", "--register-limit", "none", "--login-limit", "none")


def play_turn(base: str, gid: str, token: str, seat: int) -> None:
    while True:
        _, v = request(base, "GET", f"/api/games/{gid}?token={token}")
        if v["current_player"] != seat:
            return
        action = {"token": token, "action": v["legal_actions"][0]}
        status, out = request(base, "POST", f"/api/games/{gid}/actions", action)
        assert status == 200, out


def register(pg: Page, base: str, name: str) -> None:
    pg.goto(base + "/")
    status = pg.evaluate("""async ([name, password]) => (await fetch('/api/accounts', { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password }) })).status""",
                         [name, PASSWORD])
    assert status == 201


def test_a_seats_holder_asks_for_mail_on_a_phone_and_gets_it(pages, server, inbox):
    status, g = request(server, "POST", "/api/games", {"seats": [{"kind": "human", "name": "Ann"},
                                                                 {"kind": "human", "name": "Ben"}],
                                                       "clock": {"days": 2}})
    assert status == 201, g
    gid, t0 = g["id"], g["seats"][0]["token"]
    pg = pages.new(**PHONE)
    pg.goto(server + g["seats"][1]["join_path"])
    field = pg.locator("#mail-seat")
    expect(field).to_be_visible()
    field.locator("summary").tap()
    pg.fill("#mail-seat-form-input", "ben@example")
    pg.locator("#mail-seat-form-save").tap()
    expect(pg.locator("#mail-seat-form-error")).to_contain_text("domain")
    pg.fill("#mail-seat-form-input", "ben@example.org")
    pg.locator("#mail-seat-form-save").tap()
    expect(pg.locator("#toasts")).to_contain_text("Mails go to ben@example.org")
    expect(pg.locator("#mail-seat-form-remove")).to_be_visible()
    no_sideways_scroll(pg, "the game page with the mail field")
    field.scroll_into_view_if_needed()
    shot(pg, "mail-seat-phone.png")
    play_turn(server, gid, t0, 0)
    mail = wait_for(lambda: inbox.mails)[-1]
    assert mail["To"] == "ben@example.org" and mail["Subject"] == "Your turn in Carcassonne Safari"
    assert f"{server}/play/{gid}" in mail.get_body(("plain",)).get_content()
    # a reload shows the address kept; "Stop the mails" removes it
    pg.reload()
    expect(pg.locator("#mail-seat-form-input")).to_have_value("ben@example.org")
    pg.locator("#mail-seat-form-remove").tap()
    expect(pg.locator("#toasts")).to_contain_text("No more mails")
    _, got = request(server, "GET", f"/api/games/{gid}/email?token={g['seats'][1]['token']}")
    assert got["email"] is None


def test_the_account_pages_address_in_german_and_no_field_without_mail(pages, server, plain):
    pg = pages.new(**PHONE, locale="de-DE")
    register(pg, server, "Zaza")
    pg.goto(server + "/account")
    card = pg.locator("#email")
    expect(card).to_contain_text("Deine E-Mail-Adresse")
    pg.fill("#email-form-input", "zaza@example.org")
    pg.locator("#email-form-save").tap()
    expect(pg.locator("#toasts")).to_contain_text("E-Mails gehen an zaza@example.org")
    no_sideways_scroll(pg, "the account page")
    card.scroll_into_view_if_needed()
    shot(pg, "mail-account-phone-de.png")
    me = pg.evaluate("async () => (await fetch('/api/me')).json()")
    assert me["email"] == "zaza@example.org"
    # a server without --smtp offers neither field
    other = pages.new(**PHONE)
    register(other, plain, "Momo")
    other.goto(plain + "/account")
    expect(other.locator("#sessions")).to_be_visible()
    expect(other.locator("#email")).to_have_count(0)
    status, g = request(plain, "POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}],
                                                      "clock": {"days": 1}})
    other.goto(plain + g["seats"][0]["join_path"])
    expect(other.locator("#resign")).to_be_attached()
    other.wait_for_load_state("networkidle")  # (GET /api/mail answered)
    expect(other.locator("#mail-seat")).to_be_hidden()
    # nor does an untimed game on a server that mails (it would send nothing)
    _, g = request(server, "POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    pg.goto(server + g["seats"][0]["join_path"])
    expect(pg.locator("#resign")).to_be_attached()
    expect(pg.locator("#mail-seat")).to_have_count(0)
