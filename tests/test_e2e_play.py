"""End-to-end, in a real browser: scores explained, undo and resign, and the your-turn alerts.

- the move log in words with the notation beside it, "+N" on the board after a scoring,
  the legend of the highlights, the final scoring's breakdown (Safari and Africa);
- taking back a turn against the computer by clicking, a takeback asked of another person
  and refused then accepted, resigning (the seat to a computer, or the game ends);
- the tab's title and icon, the sound and the notification when it becomes my turn in a
  background tab;
- the creator deletes an unfinished game from the lobby; no one else is offered to.

Screenshots go to test-artifacts/ (play-*.png). Needs Playwright and Chromium, as
test_e2e_browser.py (whose fixtures' conventions these follow).
"""

from __future__ import annotations

import random

import pytest
from browser import browser, click, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from web_client import poll
from web_history import whole_history
from web_remote import request

from savanna import games

from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)


server = served("e2e-play")


def create(server, seats, **kw):
    status, body = request(server, "POST", "/api/games", {"seats": seats, **kw})
    assert status == 201, body
    return body


def view(server, gid):
    status, body = request(server, "GET", f"/api/games/{gid}")
    assert status == 200, body
    return body


def act(server, gid, token, action):
    status, body = request(server, "POST", f"/api/games/{gid}/actions", {"token": token, "action": action})
    assert status == 200, body
    return body


def wait_view(server, gid, pred, timeout=30.0):
    return poll(lambda: view(server, gid), pred, timeout, pause=0.05)


def open_seat(pg, server, c, seat):
    pg.goto(server + c["seats"][seat]["join_path"])
    pg.wait_for_function("() => window.page && window.page.view !== null")


def click_a_choice(pg, rng):
    """Click one of the choices on the board or in the panel, at random; whether it was an action."""
    marks = pg.locator("svg#board [data-action], svg#board [data-hole], svg#board [data-ranger-from], "
                       "#choices button[data-action]")
    n = marks.count()
    assert n > 0, "it is my turn but the page offers nothing to click"
    pick = marks.nth(rng.randrange(n))
    action = pick.get_attribute("data-action")
    click(pick)
    return action is not None


def play_my_turn(pg, rng):
    """Click through the turn being played (one turn: the computer may answer at once)."""
    turn = pg.evaluate("window.page.view.turn")
    while pg.evaluate(f"document.body.dataset.myTurn === 'yes' && window.page.view.turn === {turn}"):
        moves = pg.evaluate("window.page.view.moves")
        if click_a_choice(pg, rng):
            pg.wait_for_function(f"() => window.page.view.moves !== {moves}", timeout=60000)


def wait_my_turn(pg, timeout=60):
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes' || document.body.dataset.status === 'over'",
                         timeout=timeout * 1000)


# --------------------------------------------------------------- scores explained


def test_the_log_in_words_points_on_the_board_and_the_legend(server, pages):
    pg = pages.new()
    pg.goto(server + "/")
    pg.fill("input[name=name-0]", "Ann")
    pg.select_option("select[name=level-1]", "easy")
    pg.click("#create-button")
    pg.wait_for_url("**/play/**")
    rng = random.Random(5)
    seen_points = []
    for _ in range(60):
        wait_my_turn(pg)
        if pg.evaluate("document.body.dataset.status") == "over":
            break
        if pg.locator("#choices button[data-action^='+']").count():  # the scoring choice says what a token adds
            expect(pg.locator("#choices button[data-action='+none']")).to_contain_text("No token: +")
            shot(pg, "play-scoring-choice.png")
        moves = pg.evaluate("window.page.view.moves")
        if click_a_choice(pg, rng):
            pg.wait_for_function(f"() => window.page.view.moves !== {moves}", timeout=60000)
        seen_points = pg.evaluate("[...document.querySelectorAll('svg#board .float-points')].map(t => t.textContent)")
        if seen_points:  # (each stays 2.6 s)
            shot(pg, "play-points-on-the-board.png")
            break
    assert seen_points, "no scoring in 60 moves"
    v = pg.evaluate("window.page.view")
    scored = [(m, e) for m in v["history"] for e in m.get("scored", [])]
    assert scored and int(pg.evaluate("document.body.dataset.floats")) >= 1
    assert all(t.startswith("+") and int(t[1:]) in {e["points"] for _, e in scored} for t in seen_points)
    # the log: each move in words with its notation beside it, and what it scored under it
    log = pg.locator("#log li[data-move]")
    # read together: the computer may move meanwhile, and the log follows the view in one render
    shown, moves_now = pg.evaluate("[document.querySelectorAll('#log li[data-move]').length, "
                                   "window.page.view.moves]")  # (every move: the view carries the latest)
    assert shown == moves_now >= v["moves"]
    first = log.first
    expect(first.locator(".words")).to_contain_text("Ann places a tile at")
    history = whole_history(lambda path: request(server, "GET", path)[1], v["id"])
    expect(first.locator("code.notation")).to_have_text(history[0]["action"])
    m, e = scored[-1]
    line = pg.locator(f"#log li[data-move='{m['move']}'] .scored").first
    expect(line).to_contain_text(f"+{e['points']}")
    # the legend of the highlights
    pg.click("#legend summary")
    expect(pg.locator("#legend li[data-legend]")).to_have_count(8)
    expect(pg.locator("#legend")).to_contain_text("where the drawn tile fits")
    pg.locator("#legend").scroll_into_view_if_needed()
    shot(pg, "play-log-and-legend.png")


def finish_by_api(server, gid, token, seed):
    rng = random.Random(seed)
    while True:
        v = wait_view(server, gid, lambda v: v["status"] == "over" or v["current_player"] == 0)
        if v["status"] == "over":
            return v
        act(server, gid, token, rng.choice(v["legal_actions"]))


def near_end(game, seed, seat=0, left=12):
    """A two-seat game of `game` played at random by the engine from `seed`, saved at a turn of
    `seat` at most `left` actions before that play ended: its end a few moves away (a whole random
    game of Africa over HTTP is thousands of actions, each view carrying the whole history)."""
    rng, g, actions = random.Random(seed), games.spec(game).new_game(2, seed=seed), []
    while not g.is_terminal():
        actions.append(rng.choice(g.legal_actions()))
        g.apply(actions[-1])
    g = games.spec(game).new_game(2, seed=seed)
    for k, a in enumerate(actions):
        if len(actions) - k <= left and g.current_player == seat:
            return g.to_json()
        g.apply(a)
    raise AssertionError(f"seat {seat} never plays in the last {left} actions")


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_the_final_scoring_is_broken_down(server, pages, game):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "random"}]
    status, c = request(server, "POST", "/api/games/import", {"saved": near_end(game, 3), "seats": seats})
    assert status == 201, c
    v = finish_by_api(server, c["id"], c["seats"][0]["token"], 3)
    pg = pages.new()
    open_seat(pg, server, c, 0)
    box = pg.locator("#summary #final-breakdown")
    expect(box).to_be_visible()
    for s in v["seats"]:
        mine = [e for e in v["final_scoring"] if e["seat"] == s["seat"]]
        total = sum(e["points"] for e in mine)
        expect(box.locator(f"li[data-seat='{s['seat']}'] > strong")).to_have_text(f"{s['name']} +{total}")
    if game == "safari":
        feature = next(e for e in v["final_scoring"] if e["what"] == "final_feature")
        expect(box.locator(f"li[data-seat='{feature['seat']}']")).to_contain_text(f"+{feature['points']} an unfinished")
    else:
        expect(box).to_contain_text("objects +")
        history = whole_history(lambda path: request(server, "GET", path)[1], v["id"])  # (a view carries the latest)
        found = max(m["move"] for m in history if m["action"].startswith("D"))  # the log shows the last 200
        expect(pg.locator(f"#log li[data-move='{found}'] .words")).to_contain_text("discovers the tile on")
    expect(pg.locator("#log-final")).to_contain_text("Final scoring:")
    shot(pg, f"play-final-breakdown-{game}.png")


# ------------------------------------------------------------------ undo and resign


def test_taking_back_a_turn_against_the_computer_by_clicking(server, pages):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "random"}], seed=8)
    gid = c["id"]
    pg = pages.new()
    open_seat(pg, server, c, 0)
    rng = random.Random(8)
    expect(pg.locator("#takeback")).to_be_disabled()  # nothing to take back yet
    play_my_turn(pg, rng)
    wait_my_turn(pg)
    before = pg.evaluate("window.page.view")
    assert any(m["seat"] == 1 for m in before["history"])  # the computer moved
    to = before["takeback"]["to"][0]
    assert to == 0
    start = request(server, "GET", f"/api/games/{gid}/replay?step={to}")[1]
    pg.click("#takeback")
    pg.wait_for_function(f"() => window.page.view.moves === {to}")
    after = pg.evaluate("window.page.view")
    assert after == view(server, gid)
    for key in ("board", "drawn_tile", "legal_actions", "current_player", "tiles_left"):
        assert after[key] == start[key]
    expect(pg.locator("#toasts")).to_contain_text("taken back")
    shot(pg, "play-taken-back.png")
    # I play again, and the computer moves again
    play_my_turn(pg, rng)
    wait_my_turn(pg)
    assert any(m["seat"] == 1 for m in pg.evaluate("window.page.view.history"))


def test_a_takeback_asked_of_another_person_refused_then_accepted(server, pages):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=9)
    ann, bo = pages.new(), pages.new()
    open_seat(ann, server, c, 0)
    open_seat(bo, server, c, 1)
    rng = random.Random(9)
    play_my_turn(ann, rng)
    expect(ann.locator("#takeback")).to_have_text("Ask to take back my turn")
    ann.click("#takeback")
    moves = ann.evaluate("window.page.view.moves")
    expect(bo.locator("#takeback-request")).to_contain_text(
        f"Ann asks to take back their last turn: moves 1–{moves} would be undone" if moves > 1 else "move 1 would be")
    expect(ann.locator("#takeback-request")).to_contain_text("You asked to take back your turn; waiting for Bo")
    shot(bo, "play-takeback-asked.png")
    bo.click("#takeback-refuse")
    expect(ann.locator("#toasts")).to_contain_text("Bo refused Ann's takeback")
    expect(bo.locator("#takeback-request")).to_have_count(0)
    assert ann.evaluate("window.page.view.moves") == moves
    ann.click("#takeback")
    bo.click("#takeback-accept")
    for pg in (ann, bo):
        pg.wait_for_function("() => window.page.view.moves === 0")
    expect(ann.locator("#status")).to_contain_text("Your turn")


def test_resigning_passes_the_seat_to_a_computer_or_ends_the_game(server, pages):
    # the seat to a computer (the default): Bo resigns, and the computer plays his turns
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=10,
               resign_player="easy")
    ann, bo = pages.new(), pages.new()
    open_seat(ann, server, c, 0)
    open_seat(bo, server, c, 1)
    bo.click("#resign")
    expect(bo.locator("#resign-dialog")).to_contain_text("passes to a computer player (easy)")
    shot(bo, "play-resign-dialog.png")
    bo.click("#resign-confirm")
    expect(ann.locator("#seats div.seat[data-seat='1']")).to_contain_text("resigned")
    expect(ann.locator("#toasts")).to_contain_text("Bo resigned: a computer plays the seat on")
    expect(bo.locator("#play-controls")).to_be_hidden()  # nothing of the seat is his now
    play_my_turn(ann, random.Random(10))
    wait_my_turn(ann)
    v = ann.evaluate("window.page.view")
    assert any(m["seat"] == 1 for m in v["history"]) and v["seats"][1]["kind"] == "computer"
    shot(ann, "play-resigned-seat.png")
    # the game ends (the creator's choice): the summary says so
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=11,
               on_resign="end")
    ann2 = pages.new()
    open_seat(ann2, server, c, 0)
    ann2.click("#resign")
    expect(ann2.locator("#resign-dialog")).to_contain_text("The game ends now")
    ann2.click("#resign-confirm")
    expect(ann2.locator("#summary")).to_contain_text("The game ended when Ann resigned")
    expect(ann2.locator("#status")).to_contain_text("Bo wins")
    shot(ann2, "play-resigned-game-over.png")


# ----------------------------------------------------------------------- your turn


def test_the_title_icon_sound_and_notification_when_it_becomes_my_turn_in_a_background_tab(server, pages):
    c = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], seed=12)
    gid, bo = c["id"], c["seats"][1]["token"]
    pg = pages.new()
    pg.context.grant_permissions(["notifications"], origin=server)
    open_seat(pg, server, c, 0)
    title = pg.title()
    assert pg.evaluate("document.querySelector('link[rel~=icon]').getAttribute('href')") == "/static/favicon.svg"
    # nothing is asked of the browser until the player asks: then sound and notifications on
    pg.check("#sound-toggle")
    pg.click("#notify-button")
    expect(pg.locator("#notify-button")).to_have_text("Notifications on")
    assert pg.evaluate("localStorage.getItem('savanna:sound')") == "on"
    play_my_turn(pg, random.Random(12))
    # the tab goes to the background; Bo plays his turn
    pg.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        Object.defineProperty(document, 'hidden', { value: true, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    assert pg.title() == title  # not my turn yet
    beeps = int(pg.evaluate("document.body.dataset.beeps || 0"))
    rng = random.Random(1)
    while view(server, gid)["current_player"] == 1:
        act(server, gid, bo, rng.choice(view(server, gid)["legal_actions"]))
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    assert pg.title() == f"● Your turn · {title}"
    assert pg.evaluate("document.querySelector('link[rel~=icon]').getAttribute('href')") == "/static/favicon-turn.svg"
    assert int(pg.evaluate("document.body.dataset.beeps || 0")) == beeps + 1
    assert int(pg.evaluate("document.body.dataset.notified || 0")) == 1
    # back in front: as before
    pg.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
        Object.defineProperty(document, 'hidden', { value: false, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    assert pg.title() == title
    assert pg.evaluate("document.querySelector('link[rel~=icon]').getAttribute('href')") == "/static/favicon.svg"
    shot(pg, "play-alert-controls.png")


# ------------------------------------------------------------------------ deleting


def test_the_creator_deletes_an_unfinished_game_from_the_lobby(server, pages):
    pg = pages.new()
    pg.goto(server + "/")
    pg.fill("input[name=name-0]", "Ann")
    pg.select_option("select[name=kind-1]", "human")
    pg.fill("input[name=name-1]", "Deletable")
    pg.click("#create-button")
    expect(pg.locator("#created a.join")).to_have_count(2)
    gid = pg.locator("#created a.join").first.get_attribute("href").split("/play/")[1].split("#")[0]
    row = pg.locator(f"#lists button[data-delete='{gid}']")
    expect(row).to_have_count(1, timeout=15000)
    other = pages.new()  # another browser: no creator token, no delete button
    other.goto(server + "/")
    expect(other.locator(f"#lists a[href='/play/{gid}']")).to_have_count(1, timeout=15000)
    assert other.locator(f"#lists button[data-delete='{gid}']").count() == 0
    row.scroll_into_view_if_needed()
    shot(pg, "play-lobby-delete.png")
    pg.once("dialog", lambda d: d.accept())
    row.click()
    expect(pg.locator("#toasts")).to_contain_text("Game deleted")
    expect(pg.locator(f"#lists a[href='/play/{gid}']")).to_have_count(0)
    assert request(server, "GET", f"/api/games/{gid}")[0] == 404
