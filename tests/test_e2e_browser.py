"""End-to-end: the web app in a real browser (Playwright driving Debian's Chromium).

A person creates a game in the lobby and clicks through a whole game against a
computer player on the board; a second browser joins a seat by its link while a
spectator watches live; a finished game replays move by move, downloads and
uploads. Screenshots go to test-artifacts/ (or $SAVANNA_ARTIFACTS).

Needs `playwright` (the test extra) and a Chromium at /usr/bin/chromium (Debian's
`chromium` package; or $SAVANNA_CHROMIUM). Without them these tests skip, unless
SAVANNA_REQUIRE_BROWSER=1 (set by .ci/run), which makes a missing browser a failure.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request

from savanna import safari

from browser import api, browser, click, page, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from playwright.sync_api import Page, expect  # isort: skip  (installed when the import above passed)


# Games of computers only allowed (the replays need finished games).
server = served("e2e", "--computer-only-games")


def click_a_choice(pg: Page, rng: random.Random) -> str:
    """Click one of the choices the page offers on the board (or its buttons), at random:
    tile spaces, meeple spots, watering hole marks and their animals, rangers, pass."""
    marks = pg.locator("svg#board [data-action], svg#board [data-hole], svg#board [data-ranger-from], "
                       "#choices button[data-action]")
    n = marks.count()
    assert n > 0, "it is my turn but the page offers nothing to click"
    pick = marks.nth(rng.randrange(n))
    what = pick.get_attribute("data-action") or "open a choice"
    click(pick)
    return what


def wait_for_my_turn_or_end(pg: Page, timeout: float = 20) -> str:
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes' || document.body.dataset.status === 'over'",
                         timeout=timeout * 1000)
    return pg.evaluate("document.body.dataset.status")


def test_a_person_creates_a_game_and_clicks_through_it_to_the_final_score(server, pages):
    rng = random.Random(7)
    # (nothing here is about motion: with reduced motion a click need not wait for a mark to stand still)
    page = pages.new(accept_downloads=True, reduced_motion="reduce")
    page.goto(server + "/")
    page.fill("input[name=name-0]", "Ann")
    page.select_option("select[name=level-1]", "medium")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    game_id = page.url.split("/play/")[1].split("#")[0]
    wait_for_my_turn_or_end(page)
    expect(page.locator("#board [data-tile]")).to_have_count(3)  # the start tile's three spaces
    shot(page, "board-start.png")
    clicks = 0
    seen_kinds = set()
    while wait_for_my_turn_or_end(page) != "over":
        moves = page.evaluate("window.page.view.moves")
        what = click_a_choice(page, rng)
        seen_kinds.add(what[:1])
        clicks += 1
        if what != "open a choice":  # the action goes to the server; wait for the game to move on
            page.wait_for_function(f"() => window.page.view.moves > {moves}", timeout=15000)
        if clicks == 40:
            shot(page, "board-mid-game.png")
        assert clicks < 2000, "the game does not end"
    view = api(server, f"/api/games/{game_id}")
    assert view["status"] == "over"
    assert page.evaluate("window.page.view") == view  # the patches of a whole game add up to the view
    assert {"T"} <= seen_kinds
    # the summary the page shows is the server's: scores, winners, a chart line per seat
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    for s in view["seats"]:
        expect(summary).to_contain_text(s["name"])
        expect(summary.locator("td.num").first).to_be_visible()
    expect(page.locator("#score-chart polyline")).to_have_count(2)
    shown = sorted(int(t) for t in page.locator("#summary tr td:nth-child(3)").all_inner_texts())
    assert shown == sorted(s["score"] for s in view["seats"])
    shot(page, "board-final.png")
    # the stored game is a whole game of the engine, with the person's moves in it
    saved = urllib.request.urlopen(f"{server}/api/games/{game_id}/export").read().decode()
    g = safari.from_json(saved)
    assert g.is_terminal() and g.scores == [s["score"] for s in view["seats"]]
    assert 0 in g.actors and 1 in g.actors


def test_a_second_browser_joins_by_its_link_and_a_spectator_watches_live(server, browser, page):
    page.goto(server + "/")
    page.fill("input[name=name-0]", "Ann")
    page.select_option("select[name=kind-1]", "human")
    page.fill("input[name=name-1]", "Bob")
    page.click("#create-button")
    links = page.locator("#created a.join")
    expect(links).to_have_count(2)
    bob_link = server + links.nth(1).get_attribute("href")
    page.click("#go")
    page.wait_for_url("**/play/**")
    game_id = page.url.split("/play/")[1].split("#")[0]

    bob_ctx = browser.new_context(viewport={"width": 1100, "height": 750})
    watch_ctx = browser.new_context(viewport={"width": 1100, "height": 750})
    try:
        bob, watcher = bob_ctx.new_page(), watch_ctx.new_page()
        bob.goto(bob_link)
        watcher.goto(f"{server}/play/{game_id}")
        for pg in (page, bob, watcher):
            pg.wait_for_function("() => window.page && window.page.view !== null")
        expect(page.locator("#status")).to_contain_text("Your turn")
        expect(bob.locator("#status")).to_contain_text("Ann to play")
        expect(watcher.locator("#status")).to_contain_text("Ann to play")
        assert watcher.locator("#board [data-action]").count() == 0

        # Ann places a tile: both other browsers see it without reloading
        page.locator("#board .fit.now").first.click()
        for pg in (bob, watcher):
            pg.wait_for_function("() => window.page.view.moves === 1")
            expect(pg.locator("#board [data-tile]")).to_have_count(4)
        rng = random.Random(1)
        while page.evaluate("window.page.view.current_player") == 0:  # pass, or what her tile asks for
            moves = page.evaluate("window.page.view.moves")
            if page.locator("#pass").count():
                page.locator("#pass").click()
            elif click_a_choice(page, rng) == "open a choice":
                continue
            page.wait_for_function(f"() => window.page.view.moves > {moves}")
        expect(bob.locator("#status")).to_contain_text("Your turn")
        expect(watcher.locator("#status")).to_contain_text("Bob to play")

        # Bob reloads (a lost connection): he is back in his seat, and plays
        bob.reload()
        bob.wait_for_function("() => window.page && window.page.view && document.body.dataset.myTurn === 'yes'")
        before = bob.evaluate("window.page.view.moves")
        bob.locator("#board .fit").first.click()
        for pg in (page, watcher):
            pg.wait_for_function(f"() => window.page.view.moves > {before}")
        assert watcher.locator("#board [data-action]").count() == 0
        assert watcher.locator("#choices button[data-action]").count() == 0
        view = api(server, f"/api/games/{game_id}")
        seats = [h["seat"] for h in view["history"]]
        assert seats[0] == 0 and seats[-1] == 1 and seats == sorted(seats)
        shot(watcher, "spectator.png")
    finally:
        bob_ctx.close()
        watch_ctx.close()


def test_hotseat_plays_every_person_from_one_screen(server, page):
    page.goto(server + "/")
    page.select_option("select[name=kind-1]", "human")
    page.check("input[name=hotseat]")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    rng = random.Random(3)
    turns = []  # the seat to play, each time it changes, until both people have played from this screen
    clicks = 0
    while len(turns) < 3:
        wait_for_my_turn_or_end(page)
        seat = page.evaluate("window.page.view.current_player")
        if not turns or turns[-1] != seat:
            turns.append(seat)
        moves = page.evaluate("window.page.view.moves")
        if click_a_choice(page, rng) != "open a choice":  # random clicks may open choices many times in a row
            page.wait_for_function(f"() => window.page.view.moves > {moves}")
        clicks += 1
        assert clicks < 300, f"the turn never passed from one screen: {turns}"
    assert turns == [0, 1, 0]


def finished_game(server: str) -> tuple[str, str]:
    """A finished game played by two computers on the server: (id, its saved JSON)."""
    body = json.dumps({"seats": [{"kind": "computer", "player": "easy"}, {"kind": "computer", "player": "easy"}],
                       "seed": 11}).encode()
    req = urllib.request.Request(server + "/api/games", data=body, headers={"Content-Type": "application/json"})
    game_id = json.load(urllib.request.urlopen(req))["id"]
    deadline = time.time() + 60
    while api(server, f"/api/games/{game_id}")["status"] != "over":
        assert time.time() < deadline, "the computers did not finish"
        time.sleep(0.2)
    return game_id, urllib.request.urlopen(f"{server}/api/games/{game_id}/export").read().decode()


def test_a_finished_game_replays_move_by_move_downloads_and_uploads(server, page, tmp_path):
    game_id, saved = finished_game(server)
    steps = len(json.loads(saved)["actions"])
    page.goto(f"{server}/replay/{game_id}")
    expect(page.locator("#replay-controls")).to_contain_text(f"move 0 of {steps}")
    expect(page.locator("#board [data-tile]")).to_have_count(3)
    page.click("#replay-forward")
    expect(page.locator("#replay-controls")).to_contain_text(f"move 1 of {steps}")
    expect(page.locator("#board [data-tile]")).to_have_count(4)
    page.keyboard.press("End")
    expect(page.locator("#replay-controls")).to_contain_text(f"move {steps} of {steps}")
    page.click("#replay-back")
    expect(page.locator("#replay-controls")).to_contain_text(f"move {steps - 1} of {steps}")
    assert page.locator("#board [data-action]").count() == 0  # a replay offers no moves
    shot(page, "replay.png")

    with page.expect_download() as d:
        page.click("#download")
    path = tmp_path / "game.json"
    d.value.save_as(path)
    assert safari.from_json(path.read_text()).history == safari.from_json(saved).history

    page.goto(server + "/")
    page.set_input_files("#upload input[type=file]", str(path))
    page.click("#upload button[type=submit]")
    page.wait_for_url("**/replay/**")
    new_id = page.url.split("/replay/")[1].split("#")[0]
    assert new_id != game_id
    assert api(server, f"/api/games/{new_id}")["history"] == api(server, f"/api/games/{game_id}")["history"]


def post(base: str, path: str, body: dict):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def test_a_page_that_misses_a_patch_asks_for_the_whole_view_and_shows_the_game_as_it_is(server, page):
    g = post(server, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3})
    tokens = [s["token"] for s in g["seats"]]
    page.goto(f"{server}/play/{g['id']}")  # watching
    page.wait_for_function("() => window.page && window.page.view !== null")
    # the next patch is lost (a bug, a message gone astray); count the whole views that come
    page.evaluate("""() => {
        const p = window.page, take = p.onMessage.bind(p);
        p.dropped = 0; p.wholes = 0;
        p.onMessage = m => {
            if (m.type === "patch" && !p.dropped) { p.dropped = 1; return; }
            if (m.type === "state") p.wholes += 1;
            take(m);
        };
    }""")
    rng = random.Random(3)
    for _ in range(3):
        v = api(server, f"/api/games/{g['id']}")
        post(server, f"/api/games/{g['id']}/actions",
             {"token": tokens[v["current_player"]], "action": rng.choice(v["legal_actions"])})
    page.wait_for_function("() => window.page.view.moves === 3 && !window.page.asking")
    assert page.evaluate("[window.page.dropped, window.page.wholes]") == [1, 1]
    assert page.evaluate("window.page.view") == api(server, f"/api/games/{g['id']}")
    expect(page.locator("#log li")).to_have_count(3)


def test_the_page_says_so_when_the_game_does_not_exist(server, page):
    page.goto(f"{server}/play/nosuchgame")
    expect(page.locator("#status")).to_contain_text("no such game", ignore_case=True)


def position_with_a_scoring_choice_for_the_other_seat() -> str:
    """A saved game stopped where seat 0 must choose whether to add a token in seat 1's
    turn: the first such position of random play from seeds 1, 2, ..."""
    for seed in range(1, 100):
        g = safari.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            if g.phase_name == "score" and (g.current_player, g.active_player) == (0, 1):
                return g.to_json()
            acts = g.legal_actions()
            meeples = [a for a in acts if a.kind == "M"]
            g.apply(rng.choice(meeples) if meeples and rng.random() < 0.7 else rng.choice(acts))
    raise AssertionError("no seed up to 99 reaches a scoring choice for the seat not playing the turn")


def test_the_scoring_choice_is_asked_of_the_seat_that_must_make_it(server, browser, page):
    saved = json.loads(position_with_a_scoring_choice_for_the_other_seat())
    body = json.dumps({"saved": saved, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                       "hotseat": False}).encode()
    req = urllib.request.Request(server + "/api/games/import", data=body, headers={"Content-Type": "application/json"})
    c = json.load(urllib.request.urlopen(req))
    game_id = c["id"]
    ann_path, bob_path = (s["join_path"] for s in c["seats"])
    view = api(server, f"/api/games/{game_id}")
    assert view["current_player"] == 0 and view["active_player"] == 1  # Bob's turn, Ann's choice
    ctx = browser.new_context(viewport={"width": 1100, "height": 750})
    try:
        bob = ctx.new_page()
        bob.goto(server + bob_path)
        page.goto(server + ann_path)
        expect(bob.locator("#status")).to_contain_text("Ann to play")
        assert bob.locator("#choices button[data-action]").count() == 0
        choices = page.locator("#choices button[data-action]")
        expect(choices).to_have_count(len(view["legal_actions"]))
        assert sorted(choices.evaluate_all("bs => bs.map(b => b.dataset.action)")) == sorted(view["legal_actions"])
        expect(page.locator("#board .scoring-highlight rect").first).to_be_visible()
        shot(page, "scoring-choice.png")
        pick = next(a for a in view["legal_actions"] if a != "+none")
        page.locator(f"#choices button[data-action='{pick}']").click()
        bob.wait_for_function(f"() => window.page.view.moves === {view['moves'] + 1}")
        last = api(server, f"/api/games/{game_id}")["history"][-1]
        assert {k: v for k, v in last.items() if k != "scored"} == {  # (and what it scored, if it closed the scoring)
            "move": view["moves"] + 1, "turn": view["turn"], "seat": 0, "action": pick}
    finally:
        ctx.close()


def test_the_drawn_tile_rotates_previews_under_the_pointer_and_the_board_pans_and_zooms(server, page):
    body = json.dumps({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "easy"}],
                       "seed": 5}).encode()
    req = urllib.request.Request(server + "/api/games", data=body, headers={"Content-Type": "application/json"})
    c = json.load(urllib.request.urlopen(req))
    page.goto(server + c["seats"][0]["join_path"])
    wait_for_my_turn_or_end(page)
    view = api(server, f"/api/games/{c['id']}")
    legal = [a for a in view["legal_actions"] if a.startswith("T")]
    spaces = {a[1:].split("@")[0] for a in legal}
    expect(page.locator("#board .fit")).to_have_count(len(spaces))  # every space where the tile fits

    def fitting_now() -> tuple[set[str], int]:
        rotation = page.evaluate("window.page.ui.rotation")
        expect(page.locator("#drawn")).to_contain_text(f"{rotation}°")
        return {k for k in page.locator("#board .fit.now").evaluate_all("gs => gs.map(g => g.dataset.space)")}, rotation

    now, r0 = fitting_now()
    assert now == {a[1:].split("@")[0] for a in legal if a.endswith(f"@{r0}")}
    page.keyboard.press("r")
    now, r1 = fitting_now()
    assert r1 != r0 or len({a.split("@")[1] for a in legal}) == 1
    assert now == {a[1:].split("@")[0] for a in legal if a.endswith(f"@{r1}")}
    # the tile previewed under the pointer
    page.locator("#board .fit.now").first.hover()
    expect(page.locator("#board .tile.ghost")).to_have_count(1)
    # zoom with the wheel, pan by dragging
    box0 = page.get_attribute("#board", "viewBox")
    page.mouse.move(300, 300)
    page.mouse.wheel(0, -300)
    page.wait_for_function(f"() => document.querySelector('#board').getAttribute('viewBox') !== '{box0}'")
    w0, w1 = float(box0.split()[2]), float(page.get_attribute("#board", "viewBox").split()[2])
    assert w1 < w0  # zoomed in
    box1 = page.get_attribute("#board", "viewBox")
    page.mouse.move(200, 400)
    page.mouse.down()
    page.mouse.move(320, 460, steps=5)
    page.mouse.up()
    x1, x2 = float(box1.split()[0]), float(page.get_attribute("#board", "viewBox").split()[0])
    assert x2 < x1  # dragged right: the view moved left
    assert page.evaluate("window.page.view.moves") == 0  # panning placed nothing


def test_the_lobby_says_what_hidden_gold_and_gems_hide_and_what_anyone_can_follow(server, page):
    page.goto(server + "/")
    page.select_option("#game-select", "africa")
    note = page.locator("#hidden_treasure-note")
    expect(note).to_contain_text("Hidden from the other players, spectators, the lobby, replays and the API")
    expect(note).to_contain_text("anyone watching closely, or stepping through the replay, can add up")
    assert page.get_attribute("input[name=hidden_treasure]", "aria-describedby") == "hidden_treasure-note"
    shot(page, "lobby-africa-options.png")


def test_a_person_plays_africa_against_the_computer_to_the_end(server, pages):
    rng = random.Random(5)
    page = pages.new(accept_downloads=True, reduced_motion="reduce")  # (it tests no motion)
    page.goto(server + "/")
    page.select_option("#game-select", "africa")
    expect(page.locator("#how-to-play")).to_contain_text("Africa")
    page.fill("input[name=name-0]", "Ann")
    page.check("input[name=hidden_treasure]")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    game_id = page.url.split("/play/")[1].split("#")[0]
    wait_for_my_turn_or_end(page)
    expect(page.locator("#board .hex")).to_have_count(101)
    clicks = 0
    kinds = set()
    while wait_for_my_turn_or_end(page) != "over":
        # (the view's fields read here, not the whole view: it carries the game's history)
        v = page.evaluate("(({viewer, seats, moves}) => ({viewer, seats: [0, {gold: seats[1].gold}], moves}))(window.page.view)")
        assert v["viewer"] == 0 and v["seats"][1]["gold"] is None  # the computer's treasure stays hidden
        marks = page.locator("svg#board [data-action], #choices button[data-action]")
        n = marks.count()
        assert n > 0, "it is my turn but the page offers nothing to click"
        discover = page.locator("svg#board [data-action^=D]")  # an explorer explores, mostly
        pick = discover.first if discover.count() and rng.random() < 0.8 else marks.nth(rng.randrange(n))
        kinds.add((pick.get_attribute("data-action") or "?")[0])
        click(pick)
        page.wait_for_function(f"() => window.page.view.moves > {v['moves']}", timeout=15000)
        clicks += 1
        if clicks == 30:
            shot(page, "africa-mid-game.png")
        assert clicks < 3000, "the game does not end"
    final = api(server, f"/api/games/{game_id}")
    assert final["status"] == "over" and all(s["gold"] is not None for s in final["seats"])
    assert {"S", "D"} <= kinds
    expect(page.locator("#summary")).to_be_visible()
    shown = sorted(int(t) for t in page.locator("#summary tr td:nth-child(3)").all_inner_texts())
    assert shown == sorted(s["score"] for s in final["seats"])
    shot(page, "africa-final.png")
