"""End-to-end: accounts in the pages (issue 28), in a real browser (Playwright, Debian's Chromium).

- The lobby's account bar: register (a common password refused, then a good one), log out, a
  wrong password refused, log in again; a name taken; in English and German, on a desktop and
  on a phone (nothing wider than the screen).
- /account: the sessions (this one marked, another ended, which logs that browser out), the
  password changed (a wrong current one and two differing new ones refused), the account
  deleted (its password asked, then confirmed), after which its name logs in no more.
- Too many logins: the refusal says so and the button waits for the server's Retry-After.
- /players/{name} and /leaderboard: an unknown name said, a newcomer's ratings, the switch
  between the games.
- Rated games (with the seats' and the ratings' parts): two people in two browsers, one
  inviting the other by name, play a rated game to the end; both profiles then draw a chart
  and the leaderboard has changed. On a phone, a person plays a rated game against the medium
  computer to the end.

Screenshots: test-artifacts/accounts-*.png. Same needs and skips as test_e2e_browser.py.
"""

from __future__ import annotations

import itertools
import json
import random
import time

import pytest

from browser import DESK, PHONE, api, browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_mobile import no_sideways_scroll
from playwright.sync_api import Page, expect  # isort: skip  (installed when the import above passed)

PASSWORD = "a long passphrase 7"
NAMES = (f"Zaza{i}" for i in itertools.count(1))  # a new account name each time

# what the pages say, where the tests look, in each language they are tested in
SAID = {
    "en": {"register": "Register", "log in": "Log in", "common": "one of the 10,000 most common",
           "bad login": "Unknown name or wrong password", "taken": "is taken", "wrong password": "not your current password",
           "differ": "The two new passwords differ", "no player": "There is no player of that name",
           "no rated game": "No rated game yet", "computer": "computer", "too many": "Too many"},
    "de": {"register": "Registrieren", "log in": "Anmelden", "common": "10.000 häufigsten",
           "bad login": "Unbekannter Name oder falsches Passwort", "taken": "Dieser Name ist vergeben",
           "wrong password": "nicht dein aktuelles Passwort", "differ": "Die beiden neuen Passwörter sind verschieden",
           "no player": "Es gibt keinen Spieler mit diesem Namen", "no rated game": "Noch keine gewertete Partie",
           "computer": "Computer", "too many": "Zu viele Versuche"},
}
SIZES = {"desktop": DESK, "phone": PHONE}


server = served("e2e-accounts", "--register-limit", "none", "--login-limit", "none")


def open_entry(pg: Page, server: str) -> None:
    """The lobby with its log-in form unfolded (the header's "Log in" link)."""
    pg.goto(server + "/")
    pg.locator("#login-link").click()
    expect(pg.locator("#entry-form")).to_be_visible()


def enter(pg: Page, name: str, password: str, mode: str) -> None:
    """Fill the lobby's form, as "login" or "register", and send it."""
    if pg.locator("#entry-form").get_attribute("data-mode") != mode:
        pg.locator("#entry-switch").click()
    pg.fill("#entry-name", name)
    pg.fill("#entry-password", password)
    pg.locator("#entry-submit").click()


def register(pg: Page, server: str, name: str, password: str = PASSWORD) -> None:
    open_entry(pg, server)
    enter(pg, name, password, "register")
    expect(pg.locator("#me-link")).to_have_text(name)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_person_registers_logs_out_and_logs_in_again_in_the_lobby(server, pages, lang, size):
    said, name = SAID[lang], next(NAMES)
    pg = pages.new(**SIZES[size], locale=lang)
    open_entry(pg, server)
    assert pg.evaluate("document.documentElement.lang") == lang
    expect(pg.locator("#entry-submit")).to_have_text(said["log in"])
    enter(pg, name, "password", "register")  # the commonest password there is
    expect(pg.locator("#entry-submit")).to_have_text(said["register"])
    expect(pg.locator("#entry-error")).to_contain_text(said["common"])
    shot(pg, f"accounts-register-refused-{lang}-{size}.png")
    enter(pg, name, PASSWORD, "register")
    expect(pg.locator("#me-link")).to_have_text(name)
    expect(pg.locator("#me-link")).to_have_attribute("href", f"/players/{name}")
    expect(pg.locator("#rated")).to_be_visible()  # a rated game: only logged in
    if size == "phone":
        no_sideways_scroll(pg, f"the {lang} lobby, logged in")
    shot(pg, f"accounts-lobby-logged-in-{lang}-{size}.png")

    pg.locator("#logout").click()  # a change made with the session: the CSRF token goes with it
    expect(pg.locator("#login-link")).to_be_visible()
    expect(pg.locator("#me-link")).to_have_count(0)
    expect(pg.locator("#rated")).to_have_count(0)
    open_entry(pg, server)
    enter(pg, name, "not the password", "login")
    expect(pg.locator("#entry-error")).to_contain_text(said["bad login"])
    if size == "phone":
        no_sideways_scroll(pg, f"the {lang} lobby's log-in form")
    shot(pg, f"accounts-login-refused-{lang}-{size}.png")
    enter(pg, name.upper(), PASSWORD, "login")  # a name in any case
    expect(pg.locator("#me-link")).to_have_text(name)

    other = pages.new(**SIZES[size], locale=lang)
    open_entry(other, server)
    enter(other, name.lower(), PASSWORD, "register")
    expect(other.locator("#entry-error")).to_contain_text(said["taken"])


def test_the_account_page_ends_a_session_changes_the_password_and_deletes_the_account(server, pages):
    name = next(NAMES)
    pg, elsewhere = pages.new(locale="en"), pages.new(**PHONE, locale="en")
    register(pg, server, name)
    open_entry(elsewhere, server)
    enter(elsewhere, name, PASSWORD, "login")
    expect(elsewhere.locator("#me-link")).to_have_text(name)

    pg.locator("#account-link").click()
    rows = pg.locator("#sessions tbody tr")
    expect(rows).to_have_count(2)
    expect(pg.locator("#sessions tr.current")).to_have_count(1)
    expect(pg.locator("#sessions tr.current .end-session")).to_have_count(0)  # this one is ended by logging out
    shot(pg, "accounts-account-desktop.png")
    pg.locator("#sessions tr:not(.current) .end-session").click()
    expect(rows).to_have_count(1)
    elsewhere.goto(server + "/account")  # that browser's session has ended
    expect(elsewhere.locator("#entry-form")).to_be_visible()
    no_sideways_scroll(elsewhere, "the account page's log-in form on a phone")

    form = pg.locator("#password")
    form.locator("input[name=password]").fill("not it at all")
    form.locator("input[name=new_password]").fill("another long passphrase")
    form.locator("input[name=again]").fill("another long passphrase")
    form.locator("#password-submit").click()
    expect(pg.locator("#password-error")).to_contain_text(SAID["en"]["wrong password"])
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("input[name=again]").fill("another long passphrase!")
    form.locator("#password-submit").click()
    expect(pg.locator("#password-error")).to_contain_text(SAID["en"]["differ"])
    form.locator("input[name=again]").fill("another long passphrase")
    form.locator("#password-submit").click()
    expect(pg.locator("#toasts")).to_contain_text("Password changed")
    expect(pg.locator("#password-error")).to_be_hidden()

    dialogs = []
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.accept()))
    expect(pg.locator("#delete-resigns")).to_contain_text("seats in games not yet over are resigned")
    pg.locator("#delete input[name=password]").fill(PASSWORD)  # the old one
    pg.locator("#delete-submit").click()
    expect(pg.locator("#delete-error")).to_contain_text(SAID["en"]["wrong password"])
    pg.locator("#delete input[name=password]").fill("another long passphrase")
    pg.locator("#delete-submit").click()
    pg.wait_for_url(server + "/")
    assert dialogs and name in dialogs[-1]
    expect(pg.locator("#login-link")).to_be_visible()
    open_entry(pg, server)
    enter(pg, name, "another long passphrase", "login")
    expect(pg.locator("#entry-error")).to_contain_text(SAID["en"]["bad login"])


def test_the_account_page_in_german_on_a_phone(server, pages):
    pg = pages.new(**PHONE, locale="de")
    register(pg, server, next(NAMES))
    pg.goto(server + "/account")
    expect(pg.locator("#sessions h2")).to_have_text("Sitzungen")
    expect(pg.locator("#password-submit")).to_have_text("Passwort ändern")
    no_sideways_scroll(pg, "the German account page")
    shot(pg, "accounts-account-de-phone.png")


strict_server = served("e2e-accounts-strict", "--login-limit", "2/minute")


def test_too_many_logins_are_refused_with_the_wait(strict_server, pages):
    pg = pages.new(locale="en")
    open_entry(pg, strict_server)
    for _ in range(2):
        enter(pg, "Nobody", "wrong password", "login")
        expect(pg.locator("#entry-error")).to_contain_text(SAID["en"]["bad login"])
        expect(pg.locator("#entry-submit")).to_be_enabled()
    enter(pg, "Nobody", "wrong password", "login")
    expect(pg.locator("#entry-error .retry-wait")).to_be_visible()
    expect(pg.locator("#entry-error")).to_contain_text(SAID["en"]["too many"])
    expect(pg.locator("#entry-submit")).to_be_disabled()  # until the server's Retry-After
    shot(pg, "accounts-rate-limited-en.png")
    de = pages.new(**PHONE, locale="de")  # the same address, still over the limit
    open_entry(de, strict_server)
    enter(de, "Jemand", "wrong password", "login")
    expect(de.locator("#entry-error")).to_contain_text(SAID["de"]["too many"])
    expect(de.locator("#entry-error .retry-wait")).to_contain_text("erneut versuchen")
    shot(de, "accounts-rate-limited-de-phone.png")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_profiles_and_leaderboards_before_any_rated_game(server, pages, lang):
    said, name = SAID[lang], next(NAMES)
    pg = pages.new(locale=lang)
    pg.goto(server + "/players/nobody-here")
    expect(pg.locator("#player-error")).to_contain_text(said["no player"])
    register(pg, server, name)
    pg.locator("#me-link").click()
    pg.wait_for_url(f"**/players/{name}")
    expect(pg.locator("#player-head h1")).to_contain_text(name)
    expect(pg.locator(".rating-card")).to_have_count(2)  # one per game, none played
    expect(pg.locator(".rating-card").first).to_contain_text(said["no rated game"])
    expect(pg.locator(".rating-card .rating").first).to_have_text("1500")
    pg.locator("#leaderboard-link").click()
    expect(pg.locator("#leaderboard")).to_have_attribute("data-game", "safari")
    pg.locator(".game-switch a[data-game=africa]").click()
    expect(pg.locator("#leaderboard")).to_have_attribute("data-game", "africa")
    expect(pg.locator(".game-switch a[aria-current=page]")).to_have_attribute("data-game", "africa")
    shot(pg, f"accounts-leaderboard-empty-{lang}.png")


# ------------------------------------------------------------------ rated games (seats and ratings)


def csrf(pg: Page) -> str:
    return next(c["value"] for c in pg.context.cookies() if c["name"] == "savanna_csrf")


def as_account(pg: Page, server: str, method: str, path: str, body: dict | None = None) -> dict:
    """A REST call made with the page's session (its cookies, its CSRF token, this server's Origin)."""
    r = pg.context.request.fetch(server + path, method=method, data=None if body is None else json.dumps(body),
                                 headers={"Content-Type": "application/json", "X-CSRF-Token": csrf(pg), "Origin": server})
    assert r.ok, f"{method} {path}: {r.status} {r.text()}"
    return r.json()


def play_by_rest(server: str, game_id: str, owners: dict[int, Page], rng: random.Random,
                 until=lambda v: v["status"] == "over", timeout: float = 120) -> dict:
    """Play a game at random through the REST API, each person's seat by its account's session,
    until `until(view)` (a computer's turn: its move waited for); the last view."""
    deadline = time.monotonic() + timeout
    v = api(server, f"/api/games/{game_id}")
    while not until(v) and v["status"] != "over":
        assert time.monotonic() < deadline, f"game {game_id} stands still at move {v['moves']}"
        if v["current_player"] not in owners:  # the computer's turn
            time.sleep(0.05)
            v = api(server, f"/api/games/{game_id}")
            continue
        v = as_account(owners[v["current_player"]], server, "POST", f"/api/games/{game_id}/actions",
                       {"action": rng.choice(v["legal_actions"]), "version": v["version"]})["view"]
    return v


# A page that plays its seats itself, through its own connection (the page's `send`, as its
# board and buttons do), a random legal choice (from a seeded generator) at each of its turns.
AUTOPLAY = """seed => {
  let s = seed, sent = null;
  const pick = n => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
  window.autoplay = setInterval(() => {
    const p = window.page;
    if (!p || !p.view || p.sending || p.view.status !== "playing" || !p.myTurn() || p.view.version === sent) return;
    sent = p.view.version;
    p.send(p.view.legal_actions[pick(p.view.legal_actions.length)]);
  }, 25);
}"""


def autoplay(pgs: list[Page], seed: int, until: str, timeout: float = 60) -> None:
    """Each page plays its own seats (AUTOPLAY) until `until` (a JavaScript condition on `v`, the
    page's view) holds on every page."""
    for i, pg in enumerate(pgs):
        pg.wait_for_function("() => window.page && window.page.view")
        pg.evaluate(AUTOPLAY, seed + i)
    for pg in pgs:
        pg.wait_for_function(f"() => {{ const v = window.page.view; return {until}; }}", timeout=timeout * 1000, polling=100)
        pg.evaluate("clearInterval(window.autoplay)")


def play_rated_game(server: str, game_id: str, owners: dict[int, Page], seed: int) -> None:
    """A rated game played to its end, shown on its people's pages: the pages play its first moves
    from their controls' `send`; they go back to the lobby, where "My games" has it, while the
    sessions play on by REST (a whole game played on two pages under load takes minutes); then
    they open it from "My games" again and play its last tiles."""
    pgs = list(dict.fromkeys(owners.values()))
    autoplay(pgs, seed, "v.moves >= 8 || v.status === 'over'")
    for pg in pgs:
        pg.goto(pg.url.split("/play/")[0] + "/")
        expect(pg.locator(f"#my-games li[data-id='{game_id}']")).to_be_visible()
    play_by_rest(server, game_id, owners, random.Random(seed), until=lambda v: v["tiles_left"] <= 3)
    for pg in pgs:
        pg.reload()
        pg.locator(f"#my-games li[data-id='{game_id}'] a.play").click()
        pg.wait_for_url(f"**/play/{game_id}")
    autoplay(pgs, seed, "v.status === 'over'")


def leaderboard(server: str, game: str) -> list[dict]:
    return api(server, f"/api/leaderboard?game={game}")["players"]


def test_an_open_seat_is_taken_from_the_lobby_by_the_first_person_logged_in(server, pages):
    ann, bob, cy = next(NAMES), next(NAMES), next(NAMES)
    pa, pb, pc = pages.new(locale="en"), pages.new(**PHONE, locale="it"), pages.new(locale="en")
    register(pa, server, ann)
    pa.locator("#rated").check()
    pa.select_option("select[name=kind-1]", "human")
    pa.select_option("select[name=how-1]", "open")
    pa.locator("#create-button").click()
    pa.wait_for_url("**/play/**")  # the creator's own seat: played by the session, no link
    game_id = pa.url.split("/play/")[1].split("#")[0]
    # the game waits for its open seat, says it is rated, and offers no takeback
    expect(pa.locator("#status")).to_contain_text("Waiting for a player to take the open seat.")
    expect(pa.locator("#rated-note")).to_be_visible()
    expect(pa.locator("body")).to_have_attribute("data-my-turn", "no")
    expect(pa.locator("#takeback")).to_have_count(0)
    expect(pa.locator("#resign")).to_be_visible()

    pb.goto(server + "/")  # not logged in: the seat is there, to take once logged in
    row = pb.locator(f"#open-seats li[data-id='{game_id}']")
    expect(row.locator("button.take")).to_be_disabled()
    expect(pb.locator("#login-to-take")).to_be_visible()
    register(pc, server, cy)
    pc.evaluate("clearInterval(window.lobby.timer)")  # this page's list stays as it is: the seat goes meanwhile
    expect(pc.locator(f"#open-seats li[data-id='{game_id}'] button.take")).to_be_enabled()
    pb.locator("#login-to-take").click()
    enter(pb, bob, PASSWORD, "register")
    expect(pb.locator("#me-link")).to_have_text(bob)
    row = pb.locator(f"#open-seats li[data-id='{game_id}']")
    expect(row.locator(".badge.rated")).to_be_visible()
    no_sideways_scroll(pb, "the Italian lobby with an open seat")
    row.scroll_into_view_if_needed()
    shot(pb, "accounts-open-seat-it-phone.png")
    row.locator("button.take[data-seat='1']").click()
    pb.wait_for_url(f"**/play/{game_id}")
    expect(pa.locator("#status")).not_to_contain_text("Waiting for", timeout=15_000)  # the game begins
    expect(pb.locator("#seats .seat.me")).to_have_attribute("data-seat", "1")
    pb.goto(server + "/")
    expect(pb.locator(f"#my-games li[data-id='{game_id}']")).to_be_visible()
    assert pb.evaluate("document.getElementById('my-games').getBoundingClientRect().top"
                       " < document.getElementById('create').getBoundingClientRect().top"), "on a phone, my games come first"
    shot(pb, "accounts-my-games-it-phone.png")
    expect(pb.locator(f"#open-seats li[data-id='{game_id}']")).to_have_count(0)
    pc.locator(f"#open-seats li[data-id='{game_id}'] button.take").click()  # too late
    expect(pc.locator("#toasts")).to_contain_text("taken by another account first")


def test_two_people_play_a_rated_game_by_invitation_and_their_profiles_and_the_leaderboard_change(server, pages):
    """Two accounts end two rated games by resigning (the leaderboard lists a person from the
    third rated game on), then play a third from their pages: one invites the other by name."""
    rng = random.Random(28)
    ann, bob = next(NAMES), next(NAMES)
    pa, pb = pages.new(locale="en", reduced_motion="reduce"), pages.new(locale="de", reduced_motion="reduce")
    register(pa, server, ann)
    register(pb, server, bob)
    for loser in (pa, pb):  # two rated games ended by a resignation (the seat that resigns ranks last)
        c = as_account(pa, server, "POST", "/api/games", {"game": "safari", "rated": True, "on_resign": "end",
                                                           "seats": [{"kind": "human", "account": ann},
                                                                     {"kind": "human", "account": bob}]})
        out = as_account(loser, server, "POST", f"/api/games/{c['id']}/resign", {})
        assert out["outcome"] == "ended"
    before = {p["name"] for p in leaderboard(server, "safari")}
    assert ann not in before and bob not in before

    pa.goto(server + "/")
    pa.locator("#rated").check()
    expect(pa.locator("input[name=account-0]")).to_have_value(ann)
    pa.select_option("select[name=kind-1]", "human")
    pa.select_option("select[name=how-1]", "account")
    pa.fill("input[name=account-1]", bob)
    expect(pa.locator("#seed")).to_be_disabled()
    expect(pa.locator("input[name=hotseat]")).to_be_disabled()
    shot(pa, "accounts-rated-form.png")
    pa.locator("#create-button").click()
    pa.wait_for_url("**/play/**")
    game_id = pa.url.split("/play/")[1].split("#")[0]

    pb.goto(server + "/")  # the invitation is in Bob's games
    mine = pb.locator(f"#my-games li[data-id='{game_id}']")
    expect(mine).to_be_visible()
    expect(mine.locator(".badge.rated")).to_be_visible()
    shot(pb, "accounts-my-games-de.png")
    mine.locator("a.play").click()
    pb.wait_for_url(f"**/play/{game_id}")
    play_rated_game(server, game_id, {0: pa, 1: pb}, 28)
    shot(pa, "accounts-rated-over.png")

    for pg, name in ((pa, ann), (pb, bob)):
        pg.goto(server + f"/players/{name}")
        card = pg.locator("#rating-safari")
        expect(card.locator("svg.rating-chart circle.point")).to_have_count(3)
        expect(card.locator("svg.rating-chart polyline.line")).to_have_count(1)
        expect(card.locator("svg.rating-chart circle.start")).to_have_count(1)  # 1500, before the first
        assert card.locator("svg.rating-chart").get_attribute("aria-labelledby")
        expect(card).to_contain_text("3")
        expect(pg.locator(f"#finished li[data-id='{game_id}'] .change")).to_be_visible()
        expect(pg.locator(f"#finished li[data-id='{game_id}'] a.replay")).to_have_attribute("href", f"/replay/{game_id}")
        expect(pg.locator("main")).not_to_contain_text("null")
        card.locator("details.chart-table summary").click()
        expect(card.locator("details.chart-table tbody tr")).to_have_count(3)
    shot(pa, "accounts-profile-en.png")
    shot(pb, "accounts-profile-de.png")
    pa.goto(server + "/leaderboard?game=safari")
    expect(pa.locator(f"#leaderboard tr[data-name='{ann}']")).to_be_visible()
    expect(pa.locator(f"#leaderboard tr[data-name='{bob}']")).to_be_visible()
    expect(pa.locator(f"#leaderboard tr.me")).to_have_attribute("data-name", ann)
    shot(pa, "accounts-leaderboard-en.png")


def test_on_a_phone_a_person_plays_a_rated_game_against_the_medium_computer(server, pages):
    name = next(NAMES)
    pg = pages.new(**PHONE, locale="fr", reduced_motion="reduce")
    register(pg, server, name)
    assert "medium" not in {p["name"] for p in leaderboard(server, "safari")}
    pg.locator("#rated").check()
    expect(pg.locator("select[name=level-1]")).to_have_value("medium")
    no_sideways_scroll(pg, "the lobby's rated game form on a phone")
    shot(pg, "accounts-phone-rated-form-fr.png")
    pg.locator("#create-button").click()
    pg.wait_for_url("**/play/**")
    play_rated_game(server, pg.url.split("/play/")[1].split("#")[0], {0: pg}, 5)
    shot(pg, "accounts-phone-rated-over-fr.png")
    pg.goto(server + f"/players/{name}")
    card = pg.locator("#rating-safari")
    expect(card.locator("svg.rating-chart circle.point")).to_have_count(1)
    expect(card.locator("svg.rating-chart polyline.line")).to_have_count(1)  # from the rating before it
    no_sideways_scroll(pg, "a profile on a phone")
    shot(pg, "accounts-phone-profile-fr.png")
    pg.locator("#finished li .who a", has_text="moyen").first.click()  # the computer's own profile
    expect(pg.locator("#player-head .badge.computer")).to_be_visible()
    pg.goto(server + "/leaderboard?game=safari")
    expect(pg.locator("#leaderboard tr.computer[data-name='medium']")).to_be_visible()
    no_sideways_scroll(pg, "the leaderboard on a phone")
    shot(pg, "accounts-phone-leaderboard-fr.png")


def test_an_open_seat_is_taken_from_the_game_page_by_a_person_logged_in(server, pages):
    ann, bob = next(NAMES), next(NAMES)
    pa, pb = pages.new(locale="en"), pages.new(**PHONE, locale="fr")
    register(pa, server, ann)
    pa.locator("#rated").check()
    pa.select_option("select[name=kind-1]", "human")
    pa.select_option("select[name=how-1]", "open")
    pa.locator("#create-button").click()
    pa.wait_for_url("**/play/**")
    game_id = pa.url.split("/play/")[1].split("#")[0]
    pb.goto(server + f"/play/{game_id}")  # the watch link, not logged in: the open seat, no button
    expect(pb.locator("#seats .open-seat")).to_have_count(1)
    expect(pb.locator("#take-seat-1")).to_have_count(0)
    register(pb, server, bob)
    pb.goto(server + f"/play/{game_id}")  # logged in: the seat's row offers it
    expect(pb.locator("#status")).to_contain_text("Attente")  # waiting, in French
    shot(pb, "accounts-take-seat-game-page-fr-phone.png")
    pb.locator("#take-seat-1").click()
    expect(pb.locator("#seats .seat.me")).to_have_attribute("data-seat", "1")
    expect(pb.locator("#take-seat-1")).to_have_count(0)
    expect(pa.locator("#status")).to_contain_text("Your turn", timeout=15_000)  # Ann plays first
    expect(pb.locator("#rated-note")).to_be_visible()
    shot(pb, "accounts-seat-taken-game-page-fr-phone.png")
