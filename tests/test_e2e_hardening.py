"""End-to-end: the pages under the server's limits (issue 14), in a real browser.

The lobby shows the server's refusals in its form (429 with the time to wait, counting
down; 422 with the message), keeps computer players within the server's seconds a move,
hints instead of sending a game of computers only, and sends a seed of any size exactly.
The game page says why the server closed its connection (1013: over a cap) and tries
again later and later. Screenshots go to test-artifacts/ (or $SAVANNA_ARTIFACTS).

Needs what tests/test_e2e_browser.py needs (playwright and Chromium); skips without them.
"""

from __future__ import annotations

import json
import re
import urllib.request

from browser import Pages, browser, page, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from web_remote import request

from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)

BIG_SEED = 2**200 + 1


# No creation limit; computers think at most 0.5 s a move; games of computers only refused
# (the default); one spectator of a game, one connection of a seat.
server = served("e2e-limits", "--max-think", "0.5", "--max-game-spectators", "1", "--max-seat-connections", "1")


# Two games a minute from one address.
limited = served("e2e-rate", create_limit="2/minute")


def create(base: str, body: dict) -> tuple[int, dict]:
    return request(base, "POST", "/api/games", body)


# ------------------------------------------------------------------ the lobby


def test_the_lobby_shows_the_rate_limit_and_when_to_try_again(limited, page):
    page.goto(limited + "/")
    expect(page.locator("#create-button")).to_be_enabled()
    for _ in range(3):  # use up this address's two games a minute (from any earlier test too)
        status, _ = create(limited, {"seats": [{"kind": "human"}, {"kind": "computer", "player": "easy"}]})
        if status == 429:
            break
    assert status == 429
    page.fill("input[name=name-0]", "Ann")
    page.click("#create-button")
    error = page.locator("#create-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("too many games created or imported from your address: at most 2 per minute")
    expect(error).to_contain_text("try again in")
    expect(error.locator(".retry-wait")).to_have_text(re.compile(r"You can try again in \d+ s\."))
    expect(page.locator("#create-button")).to_be_disabled()  # until Retry-After has passed
    expect(page.locator("#upload button[type=submit]")).to_be_disabled()  # an upload counts the same
    assert page.url.rstrip("/") == limited  # still in the lobby
    def seconds_left() -> int:
        return int(re.search(r"again in (\d+) s", error.locator(".retry-wait").inner_text()).group(1))

    first = seconds_left()
    page.wait_for_timeout(2200)
    later = seconds_left()
    assert 0 < later < first <= 60  # counting down
    shot(page, "lobby-rate-limited.png")


def test_the_lobby_hints_instead_of_sending_a_game_of_computers_only(server, page):
    page.goto(server + "/")
    expect(page.locator("#people-note")).to_contain_text("needs at least one person")
    hints = page.locator("#form-hints")
    expect(hints).to_be_hidden()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    page.select_option("select[name=kind-0]", "computer")
    expect(hints).to_be_visible()
    expect(hints).to_contain_text("at least one person in them: make one of the seats a person")
    expect(page.locator("#create-button")).to_be_disabled()
    page.click("#create summary")
    page.press("#seed", "Enter")  # implicit submission does nothing either
    shot(page, "lobby-computers-only.png")
    page.select_option("select[name=kind-1]", "human")
    expect(hints).to_be_hidden()
    expect(page.locator("#create-button")).to_be_enabled()
    assert requests == []


def test_the_lobby_keeps_computer_players_within_the_servers_time(server, page):
    page.goto(server + "/")
    level = page.locator("select[name=level-1]")
    hard = level.locator("option[value=hard]")
    expect(hard).to_be_disabled()  # mcts:time=1 on a server allowing 0.5 s
    expect(hard).to_contain_text("over the limit")
    expect(page.locator("#think-limit")).to_contain_text("at most 0.5 s a move on this server")
    level.select_option("custom")
    spec = page.locator("input[name=spec-1]")
    expect(spec).to_have_value("mcts:time=0.5")  # the custom spec starts within the limit
    form, box = page.locator("#create").bounding_box(), spec.bounding_box()
    assert box["x"] + box["width"] <= form["x"] + form["width"], (box, form)  # the seat row fits its card
    spec.fill("mcts:time=3")
    hints = page.locator("#form-hints")
    expect(hints).to_contain_text("Seat 2: mcts:time=3 thinks 3 s a move: this server allows at most 0.5 s")
    expect(page.locator("#create-button")).to_be_disabled()
    expect(spec).to_have_attribute("aria-invalid", "true")
    shot(page, "lobby-think-limit.png")
    # what only the server knows is wrong comes back as its message (422), by the form
    spec.fill("nonsense")
    expect(hints).to_be_hidden()
    page.click("#create-button")
    error = page.locator("#create-error")
    expect(error).to_contain_text("The game was not created: unknown player 'nonsense'")
    expect(page.locator("#create-button")).to_be_enabled()
    assert "/play/" not in page.url
    shot(page, "lobby-bad-settings.png")


def test_the_lobby_sends_a_big_seed_exactly(server, page):
    page.goto(server + "/")
    page.fill("input[name=name-0]", "Ann")
    page.click("#create summary")
    seed = page.locator("#seed")
    seed.fill("12a")
    expect(page.locator("#form-hints")).to_contain_text("The seed must be a whole number of at most 256 bits")
    expect(page.locator("#create-button")).to_be_disabled()
    seed.fill(str(2**256))  # one bit too many
    expect(page.locator("#create-button")).to_be_disabled()
    seed.fill("000" + str(BIG_SEED))  # leading zeros are no part of the number
    expect(page.locator("#form-hints")).to_be_hidden()
    shot(page, "lobby-big-seed.png")
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as sent:
        page.click("#create-button")
    body = sent.value.post_data
    assert f'"seed":{BIG_SEED}}}' in body, body  # the digits themselves, not a Number's 1.6e60
    assert json.loads(body)["seed"] == BIG_SEED
    page.wait_for_url("**/play/**")
    game_id = page.url.split("/play/")[1].split("#")[0]
    token = page.url.split("#token=")[1]
    expect(page.locator("#deal-note")).to_contain_text("chosen by its creator")
    # the game holds it exactly: the save (its player holds every human seat, so may have it now)
    with urllib.request.urlopen(f"{server}/api/games/{game_id}/export?token={token}", timeout=10) as r:
        saved = json.load(r)
    assert saved["seed"] == BIG_SEED
    status, view = request(server, "GET", f"/api/games/{game_id}")
    assert view["deal"] == "chosen" and view["seed"] is None  # shown only once the game is over


# ------------------------------------------------------------------ the game page


def test_the_game_page_says_why_the_server_refused_it_and_tries_again_later(server, pages):
    status, c = create(server, {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    assert status == 201, c
    first, watcher, second = pages.new(), pages.new(), pages.new()
    first.goto(server + c["seats"][0]["join_path"])
    expect(first.locator("#status")).to_contain_text("Your turn")
    expect(first.locator("#conn")).to_have_text("● live")
    watcher.goto(f"{server}/play/{c['id']}")
    expect(watcher.locator("#conn")).to_have_text("● live")
    # the game's one place for a spectator is taken: a second one's page is refused (1013) and says why
    second.goto(f"{server}/play/{c['id']}")
    notice = second.locator("#status #conn-notice")
    expect(notice).to_contain_text("The server closed the connection: too many spectators of this game "
                                   "(at most 1). Trying again in")
    expect(second.locator("#conn")).to_have_text("○ server busy")
    shot(second, "game-over-connection-cap.png")
    # refused again 2 s later, it waits longer: 2 s, 4 s, 8 s, ... at most 60 s
    second.wait_for_function("() => window.page.busy >= 2", timeout=10_000)
    wait = second.evaluate("window.page.notice.until - Date.now()")
    assert 2500 < wait <= 4000, wait
    assert second.evaluate("window.page.view") is None
    # the first spectator leaves: the second one's next try gets in, and the notice goes
    watcher.context.close()
    expect(second.locator("#status")).to_contain_text("Ann to play", timeout=15_000)
    expect(second.locator("#conn-notice")).to_have_count(0)
    expect(second.locator("#conn")).to_have_text("● live")
    assert second.evaluate("window.page.busy") == 0
    shot(second, "game-back-after-the-cap.png")


def test_a_seat_opened_again_elsewhere_closes_the_older_page_for_good(server, pages):
    status, c = create(server, {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    assert status == 201, c
    old, new = pages.new(), pages.new()
    old.goto(server + c["seats"][0]["join_path"])
    expect(old.locator("#conn")).to_have_text("● live")
    new.goto(server + c["seats"][0]["join_path"])  # the same seat again: the newest gets in
    expect(new.locator("#status")).to_contain_text("Your turn")
    expect(old.locator("#status")).to_contain_text("The server closed the connection: this seat was opened in a "
                                                   "newer connection (at most 1 at once): this one is closed.")
    expect(old.locator("#conn")).to_have_text("✕")
    # it plays no more: no choices on its board, not "your turn", as a finished game's page
    expect(old.locator("body")).to_have_attribute("data-my-turn", "no")
    expect(old.locator("#status")).not_to_contain_text("Your turn")
    assert old.evaluate("window.page.legalActions().length") == 0
    expect(old.locator("#choices button:not([disabled])")).to_have_count(0)
    expect(old.locator("#resign")).to_have_count(0)
    shot(old, "game-seat-opened-elsewhere.png")
    old.wait_for_timeout(1500)  # and it does not come back to close the newer one in turn
    assert old.evaluate("window.page.busy + window.page.retry") == 0
    expect(new.locator("#conn")).to_have_text("● live")


def test_an_unknown_game_is_not_retried(server, page):
    page.goto(server + "/play/nosuchgame")
    expect(page.locator("#status")).to_contain_text("There is no such game")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.page.busy + window.page.retry") == 0
    expect(page.locator("#conn")).to_have_text("✕")
