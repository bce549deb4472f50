"""End-to-end: the game page's claim step (issue 28's seats that count; Playwright, Debian's
Chromium). A logged-in person who opens a join link claims its seat and plays it by their
session; on another device (another browser context) the same account, logged in, plays it
from the watch link, without the token, and takes a turn back; a person logged in to another account who opens the
same join link is told the seat is taken and watches. Screenshots: test-artifacts/seats-*.png.
"""

from __future__ import annotations

import random

from browser import browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_play import create, play_my_turn, view, wait_my_turn

PASSWORD = "savanna-lion-42"


server = served("e2e-seats")


def logged_in(pages, server, name, register):
    """A page in a browser context of its own, logged in as `name` (the context's cookies)."""
    pg = pages.new()
    r = pg.request.post(server + ("/api/accounts" if register else "/api/session"),
                        data={"name": name, "password": PASSWORD}, headers={"Origin": server})
    assert r.ok, r.text()
    return pg


def test_a_join_link_opened_logged_in_claims_the_seat_for_the_session(server, pages):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "random"}])
    gid = c["id"]
    pg = logged_in(pages, server, "Zaza", register=True)
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_function("() => window.page && window.page.view && window.page.mySeats.includes(0)")
    assert pg.evaluate("window.page.token") is None  # the session plays it now
    seat = view(server, gid)["seats"][0]
    assert seat["claimed"] and seat["name"] == "Zaza"
    wait_my_turn(pg)
    play_my_turn(pg, random.Random(3))
    moves = view(server, gid)["moves"]
    assert moves > 0
    shot(pg, "seats-claimed.png")
    # another device: the same account, from the watch link, no token
    phone = logged_in(pages, server, "zaza", register=False)
    phone.goto(f"{server}/play/{gid}")
    phone.wait_for_function("() => window.page && window.page.view && window.page.mySeats.includes(0)")
    wait_my_turn(phone)
    play_my_turn(phone, random.Random(4))
    assert view(server, gid)["moves"] > moves
    shot(phone, "seats-other-device.png")
    # a takeback through the REST route: the session with its CSRF token, no seat token
    wait_my_turn(phone)
    before = view(server, gid)["moves"]
    phone.click("#takeback")
    phone.wait_for_function(f"() => window.page.view.moves < {before}")
    # another account with the same join link: told, and watching
    other = logged_in(pages, server, "Momo", register=True)
    other.goto(server + c["seats"][0]["join_path"])
    other.wait_for_selector("text=/claimed by another account/")
    other.wait_for_function("() => window.page && window.page.view")
    assert other.evaluate("window.page.mySeats") == [] and other.evaluate("window.page.token") is None
