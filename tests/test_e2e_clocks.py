"""End-to-end, in a real browser (Playwright, Debian's Chromium), issue 29's pages:

- the seats' clocks tick in the browser between the server's updates (the shown time goes down
  between two screenshots with no update come), the running clock is highlighted, the low-time
  warning shows (and sounds, once switched on), and THE flag fall of a 3 s base game is said in
  words, on the page and in the live region, at desktop and phone size; its replay shows the
  clocks at each step;
- the lobby's time control creates a timed game, and its row shows the control;
- a correspondence game's deadline in the browser's own time zone (the context's), and the
  "Your games" page listing it, to move, with its deadline.

The flag falls by itself: the server's clock loop (live/clocks.py) ends the game. Screenshots go
to test-artifacts/ (clocks-*.png).
"""

from __future__ import annotations

import re
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from browser import DESK, PHONE, browser, pages, serve, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_mobile import no_sideways_scroll
from test_e2e_play import create, view
from web_remote import request


ANN, BOB = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}
SIZES = {"desk": DESK, "phone": PHONE}


server = served("e2e-clocks")


def seat_view(server, gid, token):
    status, body = request(server, "GET", f"/api/games/{gid}?token={token}")
    assert status == 200, body
    return body


def play_until_running(server, c, seat):
    """Play the seats' turns by REST (each its first legal action) until every seat has moved and
    it is `seat`'s turn again, its clock running."""
    tokens = [s["token"] for s in c["seats"]]
    for _ in range(40):
        v = view(server, c["id"])
        clock = v["clock"]
        moved = {m["seat"] for m in v["history"]}
        if clock["running"] == seat and not clock["first_move"] and len(moved) == len(tokens) \
                and v["history"][-1]["seat"] != seat:
            return v
        cp = v["current_player"]
        mine = seat_view(server, c["id"], tokens[cp])
        status, body = request(server, "POST", f"/api/games/{c['id']}/actions",
                               {"token": tokens[cp], "action": mine["legal_actions"][0], "version": mine["version"]})
        assert status == 200, body
    raise AssertionError("the seat's clock never ran")


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def clock_text(pg, seat):
    return pg.locator(f"#seats .clock[data-seat='{seat}']").inner_text()


def seconds(text):
    """"0:03.2", "1:05" -> seconds."""
    m = re.fullmatch(r"(?:(\d+):)?(\d+):(\d+(?:\.\d)?)", text.strip())
    assert m, text
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))


@pytest.mark.parametrize("size", SIZES)
def test_the_clocks_tick_the_running_one_is_highlighted_it_warns_low_and_the_flag_falls(server, pages, size):
    c = create(server, [ANN, BOB], clock={"base": 3, "increment": 1}, seed=7)
    gid = c["id"]
    pg = pages.new(**SIZES[size])
    pg.add_init_script("localStorage.setItem('savanna:clock-sound', 'on')")  # the low-time sound switched on
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_function("() => window.page && window.page.view && window.page.view.clock")
    # both seats make their first move (the first-move window does not count down a clock); then Ann's runs
    play_until_running(server, c, 0)
    pg.wait_for_selector("#seats .seat[data-seat='0'] .clock.running")
    expect_row = pg.locator("#seats .seat[data-seat='0']")
    assert "to-act" in expect_row.get_attribute("class")
    assert pg.locator("#seats .clock.running").count() == 1  # the active clock alone is highlighted
    rev = pg.evaluate("window.page.rev")
    first, bob = clock_text(pg, 0), clock_text(pg, 1)
    shot(pg, f"clocks-ticking-1-{size}.png")
    pg.wait_for_timeout(700)
    second = clock_text(pg, 0)
    shot(pg, f"clocks-ticking-2-{size}.png")
    if pg.evaluate("window.page.rev") == rev and pg.evaluate("document.body.dataset.status") == "playing":
        assert seconds(second) < seconds(first), (first, second)  # no update came: the browser counted down
    assert clock_text(pg, 1) == bob  # Bob's stands still
    assert 3 < seconds(bob) <= 4  # 3 s, less what his turn took, and his increment
    # low time: red, said in the live region, and the sound (switched on) played
    pg.wait_for_selector("#seats .clock.low[data-seat='0'], body[data-status='over']")
    if pg.evaluate("document.body.dataset.status") == "playing":
        shot(pg, f"clocks-low-{size}.png")
    pg.wait_for_function("() => +(document.body.dataset.lowWarnings || 0) >= 1")
    assert int(pg.evaluate("document.body.dataset.clockBeeps || 0")) >= 1
    # the flag falls by itself: the server ends the game, and the page says so
    pg.wait_for_function("() => document.body.dataset.status === 'over'", timeout=20000)
    v = view(server, gid)
    assert v["ended_by"] == "time" and v["ended"]["seat"] == 0 and v["winners"] == [1]
    pg.locator("#summary button", has_text="Close").click()  # (the seats are in the Play tab, shown first on a phone)
    note = pg.locator("#ended-note")
    assert "Ann ran out of time: the game is over." in note.inner_text()
    assert pg.locator("#seats .clock.out[data-seat='0']").inner_text() == "out of time"
    heard = pg.evaluate("window.page.announcer.heard")
    assert any("Ann ran out of time" in line for line in heard), heard
    assert "Ann ran out of time" in pg.locator("#announce").inner_text()
    shot(pg, f"clocks-flag-fall-{size}.png")
    # the replay shows the clocks at each step, still
    rp = pages.new(**SIZES[size])
    rp.goto(f"{server}/replay/{gid}#step=0")
    rp.wait_for_function("() => window.page && window.page.view && window.page.view.replay")
    assert [rp.locator(f"#seats .clock[data-seat='{s}']").inner_text() for s in (0, 1)] == ["0:03.0", "0:03.0"]
    steps = rp.evaluate("window.page.view.replay.steps")
    rp.evaluate(f"window.page.loadReplay({steps})")
    rp.wait_for_function(f"() => window.page.view.replay.step === {steps}")
    status, end = request(server, "GET", f"/api/games/{gid}/replay?step={steps}")
    for s in (0, 1):
        assert seconds(rp.locator(f"#seats .clock[data-seat='{s}']").inner_text()) == \
            pytest.approx(end["clock"]["remaining"][s], abs=0.1)
    assert seconds(rp.locator("#seats .clock[data-seat='1']").inner_text()) == seconds(bob)
    assert rp.locator("#log .took").count() == steps  # each action's time beside it
    shot(rp, f"clocks-replay-{size}.png")


def test_the_lobby_creates_a_real_time_game_and_lists_its_time_control(server, pages):
    pg = pages.new()
    pg.goto(server + "/")
    pg.wait_for_selector("#clock-kind")
    pg.fill("input[name=name-0]", "Ann")
    pg.select_option("#clock-kind", "realtime")
    preset = pg.locator("#clock-preset option", has_text=re.compile(r"^3\+2 · 3 min \+ 2 s a turn$"))
    pg.select_option("#clock-preset", preset.get_attribute("value"))
    assert pg.locator("#on-time").count() == 0  # two seats: a flag fall ends the game
    pg.click("#add-seat")  # three: what a flag fall does is asked
    assert pg.locator("#on-time option").evaluate_all("os => os.map(o => o.value)") == ["computer", "end", "skip"]
    pg.select_option("#on-time", "skip")
    pg.select_option("#clock-preset", "custom")  # one's own: 1 min 30 s + 4 s
    pg.fill("#clock-minutes", "1")
    pg.fill("#clock-seconds", "30")
    pg.fill("#clock-increment", "4")
    pg.fill("#clock-increment", "999")  # over the bound: the form says so and waits
    pg.wait_for_selector("#form-hints li", state="attached")
    assert "increment must be from 0 s to 180 s" in pg.locator("#form-hints").inner_text()
    assert pg.locator("#create-button").is_disabled()
    pg.fill("#clock-increment", "4")
    shot(pg, "clocks-lobby-time-control.png")
    pg.click("#create-button")
    pg.wait_for_url("**/play/**")
    gid = pg.url.split("/play/")[1].split("#")[0]
    pg.wait_for_selector("#seats .clock[data-seat='0']")
    v = view(server, gid)
    assert v["clock"]["control"] == {"base": 90.0, "increment": 4.0} and v["clock"]["kind"] == "realtime"
    assert v["on_time"] == "skip" and len(v["seats"]) == 3
    assert pg.locator("#seats .clock[data-seat='1']").inner_text() == "1:30"
    shot(pg, "clocks-lobby-game.png")
    pg.goto(server + "/")
    row = pg.locator(f"#lists .game-item:has(a[href='/play/{gid}'])")
    row.wait_for()
    assert row.locator(".clock-badge").inner_text() == "90 s+4"


def test_a_correspondence_deadline_in_local_time_and_your_games_lists_it(server, pages):
    pg = pages.new(timezone_id="Asia/Tokyo", **PHONE)
    pg.goto(server + "/")
    pg.wait_for_selector("#clock-kind")
    pg.fill("input[name=name-0]", "Ann")
    pg.select_option("#clock-kind", "correspondence")
    pg.select_option("#clock-days", "3")
    pg.click("#create-button")
    pg.wait_for_url("**/play/**")
    gid = pg.url.split("/play/")[1].split("#")[0]
    pg.wait_for_selector("#deadline-note")
    v = view(server, gid)
    assert v["clock"]["kind"] == "correspondence" and v["clock"]["control"] == {"days": 3}
    deadline = datetime.fromisoformat(v["clock"]["deadline"].replace("Z", "+00:00")).astimezone(ZoneInfo("Asia/Tokyo"))
    text = pg.locator("#deadline-note").inner_text()
    assert "GMT+9" in text, text
    shown = {(deadline + timedelta(seconds=d)).strftime("%I:%M %p") for d in (0, 2)}  # (a minute may turn meanwhile)
    assert any(s in text for s in shown), (text, shown)
    assert re.search(r"(2 d 23 h|3 d 0 h) left", text), text
    assert "Without a first move by then, the game is aborted." in pg.locator("#first-move-note").inner_text()
    assert "Your turn" in pg.locator("#status").inner_text() and "null" not in pg.locator("#status").inner_text()
    shot(pg, "clocks-correspondence-phone.png")
    # Your games: the game to move first, with its deadline (this browser holds its seat's token)
    pg.goto(server + "/games")
    item = pg.locator(f"#to-move .game-item[data-id='{gid}']")
    item.wait_for()
    assert "GMT+9" in item.locator(".deadline").inner_text()
    assert re.search(r"(2 d 23 h|3 d 0 h) left", item.inner_text())
    shot(pg, "clocks-your-games-phone.png")


def test_with_three_seats_a_flag_fall_passes_the_seat_to_a_computer_and_the_page_says_so(server, pages):
    cy = {"kind": "human", "name": "Cy"}
    c = create(server, [ANN, BOB, cy], clock={"base": 3, "increment": 1}, on_time="computer", seed=8)
    pg = pages.new()
    pg.goto(server + c["seats"][1]["join_path"])  # Bob watches Ann's flag fall
    pg.wait_for_function("() => window.page && window.page.view && window.page.view.clock")
    play_until_running(server, c, 0)
    pg.wait_for_function("() => window.page.announcer.heard.some(l => l.includes('Ann ran out of time'))", timeout=20000)
    heard = [line for line in pg.evaluate("window.page.announcer.heard") if "Ann ran out of time" in line]
    assert heard == ["Ann ran out of time: a computer player plays the seat on."]
    pg.wait_for_selector("#toasts .toast", state="attached")
    assert "Ann ran out of time: a computer player plays the seat on." in pg.locator("#toasts").inner_text()
    assert pg.locator("#seats .clock.out[data-seat='0']").inner_text() == "out of time"
    assert pg.locator("#seats .seat[data-seat='0'] .resigned").count() == 0  # not said to have resigned
    assert pg.evaluate("window.page.view.status") == "playing"
    shot(pg, "clocks-three-seats-flag-fall.png")


def test_after_the_server_was_away_the_clocks_resume_and_the_page_says_for_how_long(tmp_path_factory, pages):
    s = serve(tmp_path_factory, "e2e-clocks-away")
    try:
        c = create(s.base, [ANN, BOB], clock={"base": 120, "increment": 0}, seed=9)
        pg = pages.new(**PHONE)
        pg.goto(s.base + c["seats"][0]["join_path"])
        pg.wait_for_function("() => window.page && window.page.view && window.page.view.clock")
        before = play_until_running(s.base, c, 0)["clock"]
        pg.wait_for_selector("#status-clock")
        s.kill()  # kill -9 mid-turn: nothing of the server runs meanwhile
        pg.wait_for_selector("#conn.reconnecting")
        pg.wait_for_timeout(7000)  # over the time after which no server was up (live/clocks.py's AWAY_AFTER)
        s.start()
        pg.wait_for_function("() => window.page.view.clock.away !== null", timeout=30000)
        after = view(s.base, c["id"])["clock"]
        assert after["away"]["seconds"] >= 7 and after["remaining"][0] <= before["remaining"][0]
        note = pg.locator("#away-note").inner_text()
        assert re.fullmatch(r"The server was away for \d+ s; the clocks did not run\.", note), note
        assert any("The server was away for" in line for line in pg.evaluate("window.page.announcer.heard"))
        # Ann's clock resumed where it stood: the page shows the server's figures, counted from their
        # "at" (which the outage moved on), not the time the server was away
        shown = seconds(pg.locator("#seats .clock[data-seat='0']").inner_text())
        left = after["remaining"][0] - (time.time() - instant(after["at"]).timestamp())
        assert shown == pytest.approx(left, abs=1.5)
        assert instant(after["at"]) >= instant(before["at"]) + timedelta(seconds=7)  # the wait credited
        shot(pg, "clocks-server-away-phone.png")
    finally:
        s.stop()


@pytest.mark.parametrize("lang, said", [
    ("de", {"title": "Deine Partien", "first": "Mach deinen ersten Zug, sonst wird die Partie abgebrochen:",
            "left": "noch", "control": "Bedenkzeit"}),
    ("fr", {"title": "Vos parties", "first": "Jouez votre premier coup, sinon la partie est annulée :",
            "left": "reste", "control": "Cadence"}),
    ("it", {"title": "Le tue partite", "first": "Fai la tua prima mossa, o la partita è annullata:",
            "left": "restano", "control": "Tempo di gioco"})])
def test_the_clocks_in_the_browsers_language(server, pages, lang, said):
    c = create(server, [ANN, {"kind": "computer", "player": "easy"}], clock={"base": 300, "increment": 3}, seed=10)
    pg = pages.new(locale=f"{lang}-{lang.upper()}", **PHONE)
    pg.goto(server + "/")
    pg.select_option("#clock-kind", "realtime")
    assert said["control"] in pg.locator("#time-control legend").inner_text()
    pg.locator("#time-control").scroll_into_view_if_needed()
    box, card = pg.locator("#time-control").bounding_box(), pg.locator("#create").bounding_box()
    assert box["x"] + box["width"] <= card["x"] + card["width"]  # within its card
    no_sideways_scroll(pg, f"the {lang} lobby with a time control")
    shot(pg, f"clocks-lobby-{lang}-phone.png")
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_selector("#first-move-note")
    assert said["first"] in pg.locator("#first-move-note").inner_text()
    assert said["left"] in pg.locator("#first-move-left").inner_text()
    assert pg.locator("#seats .clock[data-seat='1']").inner_text() == "5:00"
    shot(pg, f"clocks-game-{lang}-phone.png")
    pg.goto(server + "/games")
    pg.locator(f"#to-move .game-item[data-id='{c['id']}']").wait_for()
    assert said["title"] in pg.locator("header").inner_text()
    no_sideways_scroll(pg, f"the {lang} your games page")
    assert said["left"] in pg.locator(f"#to-move .game-item[data-id='{c['id']}'] .deadline").inner_text()


@pytest.fixture
def quick_first_move(tmp_path):
    """A server in this process whose people have 8 s for their first move (GameService's
    first_move; `savanna serve` keeps the 30 s default), its clocks' loop running. (The window
    runs from the game's creation: the page must be up, its countdown shown, before it ends,
    even on a machine busy with other browsers.)"""
    import threading

    import uvicorn

    from web_apps import create_app
    from web_remote import free_port

    app = create_app(str(tmp_path / "games.db"), create_limit="none", search_processes=False)
    app.state.parts.service.first_move = 8.0
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def test_a_game_without_a_first_move_in_time_is_aborted_and_the_page_says_so(quick_first_move, pages):
    server = quick_first_move
    c = create(server, [ANN, {"kind": "computer", "player": "easy"}], clock={"base": 60, "increment": 0}, seed=11)
    pg = pages.new(**PHONE)
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_selector("#first-move-left")
    pg.wait_for_function("() => document.body.dataset.status === 'over'", timeout=30000)
    v = view(server, c["id"])
    assert v["ended_by"] == "aborted" and v["ended"]["seat"] == 0
    pg.locator("#summary button", has_text="Close").click()
    assert pg.locator("#status #aborted").inner_text() == "Game aborted"
    said = "The game was aborted: Ann made no first move in time. It counts for nothing."
    assert pg.locator("#ended-note").inner_text() == said
    assert "wins" not in pg.locator("#status").inner_text()
    assert said in pg.evaluate("window.page.announcer.heard")
    shot(pg, "clocks-aborted-phone.png")


def test_your_games_by_account_lists_a_claimed_seat_to_move_with_its_deadline(server, pages):
    c = create(server, [ANN, BOB], clock={"days": 2}, seed=12)
    pg = pages.new()
    r = pg.request.post(server + "/api/accounts", data={"name": "Clockwatcher", "password": "savanna-lion-42"},
                        headers={"Origin": server})
    assert r.ok, r.text()
    pg.goto(server + c["seats"][0]["join_path"])  # logged in: the join link claims the seat for the account
    pg.wait_for_function("() => window.page && window.page.view && window.page.mySeats.includes(0) && !window.page.token")
    assert pg.evaluate("localStorage.getItem(`savanna:game:${window.page.id}`)").find('"token":null') >= 0
    pg.goto(server + "/")
    pg.click("#your-games-link")  # linked from the lobby
    pg.wait_for_url("**/games")
    item = pg.locator(f"#to-move .game-item[data-id='{c['id']}']")
    item.wait_for()  # found by the account (the browser holds no token of it now)
    assert re.search(r"by .+ · (1 d 23 h|2 d 0 h) left", item.locator(".deadline").inner_text())
    assert "Clockwatcher (you)" in item.inner_text()  # the claimed seat bears the account's name
    assert "Your account's games" in pg.locator("#mine-note").inner_text()
    shot(pg, "clocks-your-games-account.png")
