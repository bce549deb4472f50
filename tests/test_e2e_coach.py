"""End-to-end, in a real browser, through the real API: the coach.

A person asks for a hint on their turn (the Hint button thinks, then the best move is drawn on
the board and said in the page's language, with the next best and their expected margins; the
seats' rows say how many hints were used); the game is finished; its replay shows the review
coming (its progress, then the marks in the moves, the margin chart and each seat's summary);
the person steps to a marked mistake, where the board draws the move played beside the better
one, and "Find the better move" says whether a try is the better move before the answer. At
desktop and phone size, in English and French; screenshots go to test-artifacts/ (coach-*.png).

The server thinks 0.05 s a hint and a judged move (--max-think): the review of a whole game
takes seconds. The person plays badly on purpose (random tiles, never a meeple), so that the
review has mistakes to find.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from browser import PHONE, browser, click, pages, serve, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from web_client import poll
from web_remote import request

from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "easy"}]
# what the page says, by language: the hint's button, the review's words
SAYS = {
    "en": {"hint": "Hint", "margin": "expected margin at the end", "found": "Yes:", "find": "Find the better move",
           "review": "Review", "played": "played", "thinking": "Thinking…"},
    "fr": {"hint": "Conseil", "margin": "marge attendue à la fin", "found": "Oui :", "find": "Trouver le meilleur coup",
           "review": "Analyse", "played": "a joué", "thinking": "Réflexion…"},
}


server = served("e2e-coach", "--max-think", "0.05")


def call(server, method, path, body=None, status=200):
    got, out = request(server, method, path, body)
    assert got == status, out
    return out


def finish(server, gid, token, rng):
    """Play seat 0 to the game's end through the API, badly: a random tile, then pass."""
    while True:
        v = poll(lambda: call(server, "GET", f"/api/games/{gid}"),
                 lambda v: v["status"] == "over" or v["current_player"] == 0, timeout=60, pause=0.02)
        if v["status"] == "over":
            return v
        legal = v["legal_actions"]
        action = "pass" if "pass" in legal else rng.choice(legal)
        got, out = request(server, "POST", f"/api/games/{gid}/actions", {"token": token, "action": action, "version": v["version"]})
        assert got in (200, 409), out  # 409: the computer's move came between (stale)


def open_page(pages, size, lang):
    # (nothing moves: the screenshots show where things stand)
    return pages.new(locale={"en": "en-GB", "fr": "fr-FR"}[lang], reduced_motion="reduce", **(PHONE if size == "phone" else {}))


def tab(pg, name):
    """On a phone, the panel's tab that holds the coach (the Play tab); nothing on a desktop."""
    t = pg.locator(f"#tab-{name}")
    if t.is_visible():
        t.click()


def try_on_board(pg, action):
    """Play `action` on the board as a person would: its mark (the tile turned first), else its
    button in the panel or in the list of every choice; a touch screen's Confirm after a tap."""
    m = re.match(r"^T(-?\d+),(-?\d+)@(\d+)$", action)
    mark = pg.locator(f'svg#board [data-action="{action}"]')
    for _ in range(4 if m else 0):
        if mark.count():
            break
        pg.locator("#rotate-right").click()
    if mark.count():
        click(mark.first)
        confirm = pg.locator("#confirm")
        if confirm.is_visible():
            confirm.click()
        return
    button = pg.locator(f'#choices button[data-action="{action}"]')  # pass, a scoring choice's token
    if button.count():
        button.first.click()
        return
    pg.locator("#choices details.all-actions > summary").click()
    pg.locator("#choices .notation-list button", has_text=re.compile(f"^{re.escape(action)}$")).click()


@pytest.mark.parametrize("size,lang", [("desk", "en"), ("phone", "fr"), ("desk", "fr"), ("phone", "en")])
def test_a_hint_then_the_review_and_finding_the_better_move(server, pages, size, lang):
    says = SAYS[lang]
    c = call(server, "POST", "/api/games", {"seats": SEATS, "seed": 30}, status=201)
    gid, token = c["id"], c["seats"][0]["token"]
    pg = open_page(pages, size, lang)
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_function("() => window.page && window.page.view && document.body.dataset.myTurn === 'yes'", timeout=60000)
    tab(pg, "play")

    # the hint: asked on my turn, thinking, then drawn on the board and said in words
    button = pg.locator("#hint")
    expect(button).to_have_text(says["hint"])
    expect(button).to_be_enabled()
    # (what the button says while the server thinks, however short: each state it is drawn in)
    pg.evaluate("""() => { window.hintStates = []; new MutationObserver(() => { const b = document.getElementById('hint');
      if (b) window.hintStates.push([b.textContent, b.disabled]); }).observe(document.getElementById('coach'), { childList: true, subtree: true }); }""")
    button.click()
    expect(pg.locator("#hint-text")).to_be_visible(timeout=60000)
    assert [says["thinking"], True] in pg.evaluate("window.hintStates")
    hint = pg.evaluate("window.page.coach.hint")
    assert hint["best"]["action"] in pg.evaluate("window.page.view.legal_actions")
    expect(pg.locator("#hint-text .hint-margin")).to_contain_text(says["margin"])
    assert pg.locator("#hint-text .hint-why").inner_text().strip()
    assert pg.locator("#hint-text .hint-others li").count() == len(hint["others"]) >= 1
    best = pg.locator(f'svg#board .layer-coach [data-coach="best"][data-coach-action="{hint["best"]["action"]}"]')
    expect(best).to_have_count(1)
    expect(pg.locator("#seats .seat[data-seat='0'] .hints-used")).to_contain_text("1")
    pg.locator("#coach").scroll_into_view_if_needed()
    shot(pg, f"coach-hint-{size}-{lang}.png")
    # a spectator has no Hint button, and reads the hints used beside the seat
    watcher = open_page(pages, size, lang)
    watcher.goto(f"{server}/play/{gid}")
    watcher.wait_for_function("() => window.page && window.page.view")
    expect(watcher.locator("#hint")).to_have_count(0)
    expect(watcher.locator("#seats .seat[data-seat='0'] .hints-used")).to_contain_text("1")

    # the game finished; its replay shows the review as it comes
    finish(server, gid, token, random.Random(30))
    watcher.wait_for_function("() => document.body.dataset.status === 'over'", timeout=60000)
    # (the review's progress as the page showed it, each time it changed)
    pg.add_init_script("""addEventListener('DOMContentLoaded', () => { window.progressSeen = [];
      new MutationObserver(() => { const p = document.getElementById('review-progress');
        if (p) window.progressSeen.push(p.textContent); }).observe(document.body, { childList: true, subtree: true }); });""")
    pg.goto(f"{server}/replay/{gid}")
    pg.wait_for_function("() => window.page && window.page.view && window.page.coach.review", timeout=30000)
    first_status = pg.evaluate("window.page.coach.review.status")
    if first_status != "done":
        shot(pg, f"coach-review-progress-{size}-{lang}.png")
    tab(pg, "play")
    expect(pg.locator("#coach .panel-title").first).to_have_text(says["review"])
    review = poll(lambda: call(server, "GET", f"/api/games/{gid}/review"), lambda r: r["status"] in ("done", "failed"),
                  timeout=240, pause=0.5)
    assert review["status"] == "done"
    pg.wait_for_function("() => window.page.coach.review.status === 'done'", timeout=30000)
    if first_status != "done":  # it was computed while the page looked: the page said how far it got
        assert pg.evaluate("window.progressSeen"), first_status
    expect(pg.locator("#review-progress")).to_have_count(0)
    expect(pg.locator("#margin-chart")).to_be_visible()
    expect(pg.locator("#review-seats tr[data-seat='0']")).to_be_visible()
    mistakes = [e for e in review["entries"] if e["seat"] == 0 and e["mark"] in ("mistake", "blunder")]
    assert mistakes, "the review marked none of the bad moves"
    first = mistakes[0]
    pg.locator("#review-seats").scroll_into_view_if_needed()
    shot(pg, f"coach-review-{size}-{lang}.png")

    # a marked move: the move played beside the better one, on the board and in words
    pg.locator(f"#review-marked li[data-step='{first['index']}'] button").click()
    pg.wait_for_function(f"() => window.page.view.replay.step === {first['index']}")
    expect(pg.locator("#review-step")).to_contain_text(says["played"])
    expect(pg.locator("#review-better")).to_be_visible()
    expect(pg.locator('svg#board .layer-coach [data-coach="played"]')).to_have_attribute("data-coach-action", first["played"])
    expect(pg.locator('svg#board .layer-coach [data-coach="best"]')).to_have_attribute("data-coach-action", first["best"]["action"])
    pg.locator("#review-step").scroll_into_view_if_needed()
    shot(pg, f"coach-mistake-{size}-{lang}.png")
    # one move on, the move list has the move, marked (its sign, and its words for a screen reader)
    pg.locator("#replay-forward").click()
    pg.wait_for_function(f"() => window.page.view.replay.step === {first['index'] + 1}")
    expect(pg.locator(f"#log li[data-move='{first['index'] + 1}'] .review-mark")).to_have_attribute("data-mark", first["mark"])
    pg.locator(f"#review-marked li[data-step='{first['index']}'] button").click()
    pg.wait_for_function(f"() => window.page.view.replay.step === {first['index']}")

    # find the better move: the answer waits; the move played is said so; the better one is found
    pg.locator("#find-better .find-start").first.click()
    pg.wait_for_function(f"() => window.page.view.replay.step === {first['index']} && window.page.coach.trying()")
    expect(pg.locator('svg#board .layer-coach [data-coach="best"]')).to_have_count(0)
    try_on_board(pg, first["played"])
    expect(pg.locator("#find-result")).to_be_visible()
    assert pg.evaluate("window.page.coach.finding.found") is False
    try_on_board(pg, first["best"]["action"])
    expect(pg.locator("#find-result.found")).to_contain_text(says["found"])
    expect(pg.locator('svg#board .layer-coach [data-coach="best"]')).to_have_attribute("data-coach-action", first["best"]["action"])
    assert pg.evaluate("window.page.view.replay.step") == first["index"]  # a try is not a move
    pg.locator("#find-result").scroll_into_view_if_needed()
    shot(pg, f"coach-found-{size}-{lang}.png")


def test_an_africa_hint_rings_its_spaces_on_the_map_and_says_its_facts(server, pages):
    c = call(server, "POST", "/api/games", {"game": "africa", "seats": SEATS, "seed": 30}, status=201)
    pg = open_page(pages, "desk", "en")
    pg.goto(server + c["seats"][0]["join_path"])
    pg.wait_for_function("() => window.page && window.page.view && document.body.dataset.myTurn === 'yes'", timeout=60000)
    v = pg.evaluate("window.page.view")
    if v["phase"] == "setup":  # the explorer put on a city first: the hint is of a turn's steps
        call(server, "POST", f"/api/games/{c['id']}/actions", {"token": c["seats"][0]["token"], "action": v["legal_actions"][0]})
        pg.wait_for_function("() => window.page.view.phase !== 'setup' && document.body.dataset.myTurn === 'yes'", timeout=60000)
    pg.locator("#hint").click()
    expect(pg.locator("#hint-text")).to_be_visible(timeout=60000)
    hint = pg.evaluate("window.page.coach.hint")
    spaces = [a[1:] for a in [hint["best"]["action"], *hint["best"]["then"]] if re.match(r"^[PSJDAN>][a-z]+\d+$", a)]
    assert spaces, hint["best"]
    rings = pg.locator('svg#board .layer-coach [data-coach="best"] .coach-ring')
    expect(rings).to_have_count(len(spaces))
    why = pg.locator("#hint-text .hint-why").inner_text()
    assert re.search(r"stays on|walks to|jumps to|discovers|moves the|base camp|takes", why), why
    pg.locator("#coach").scroll_into_view_if_needed()
    shot(pg, "coach-hint-africa.png")


def test_a_rated_game_offers_no_hint(server, pages):
    pg = open_page(pages, "desk", "en")
    pg.goto(server + "/")
    name = f"Coached{random.randrange(10 ** 6)}"
    r = pg.context.request.post(server + "/api/accounts", data=json.dumps({"name": name, "password": "a long password 30"}),
                                headers={"Content-Type": "application/json", "Origin": server})
    assert r.ok, r.text()
    csrf = next(c["value"] for c in pg.context.cookies() if c["name"] == "savanna_csrf")
    r = pg.context.request.post(server + "/api/games", headers={"Content-Type": "application/json", "X-CSRF-Token": csrf, "Origin": server},
                                data=json.dumps({"rated": True, "seats": [{"kind": "human", "account": name},
                                                                          {"kind": "computer", "player": "medium"}]}))
    assert r.ok, r.text()
    gid = r.json()["id"]
    pg.goto(f"{server}/play/{gid}")
    pg.wait_for_function("() => window.page && window.page.view && document.body.dataset.myTurn === 'yes'", timeout=60000)
    expect(pg.locator("#rated-note")).to_be_visible()
    expect(pg.locator("#hint")).to_have_count(0)
    expect(pg.locator("#coach")).to_be_hidden()


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory):
    """A server judging a finished game's moves slowly (3000 play-outs each: seconds), and that
    game's id: its review runs while the pages look (one review at a time: both look at this one)."""
    from savanna import safari
    from savanna.ai import make_player

    s = serve(tmp_path_factory, "e2e-coach-slow", "--max-think", "0.05", "--coach-iterations", "3000")
    g, player = safari.new_game(players=2, seed=12), make_player("greedy", seed=1)
    while not g.is_terminal():
        g.apply(player.choose(g))
    gid = call(s.base, "POST", "/api/games/import", json.loads(g.to_json()), status=201)["id"]
    asked = call(s.base, "POST", f"/api/games/{gid}/review", {}, status=202)
    assert asked["status"] in ("queued", "running"), asked
    yield s.base, gid
    s.stop()


@pytest.mark.parametrize("size, lang", [("desk", "en"), ("phone", "fr")])
def test_the_replay_shows_a_running_reviews_progress(reviewing, pages, size, lang):
    server, gid = reviewing
    pg = open_page(pages, size, lang)
    pg.goto(f"{server}/replay/{gid}")
    tab(pg, "play")
    progress = pg.locator("#review-progress")
    # a server judging: "1 of N", then more, with the page asking again on its own
    word = {"en": r"Reviewing: (\d+) of (\d+) moves judged", "fr": r"Analyse : (\d+) sur (\d+) coups jugés"}[lang]
    pg.wait_for_function("() => { const p = document.querySelector('#review-progress progress');"
                         " return p && p.value >= 1 && p.max > 1; }", timeout=90000)
    m = re.search(word, progress.inner_text())
    assert m and 1 <= int(m.group(1)) < int(m.group(2)), progress.inner_text()
    review = call(server, "GET", f"/api/games/{gid}/review")
    assert review["status"] == "running" and review["progress"]["total"] == int(m.group(2))
    assert len(review["entries"]) >= int(m.group(1))
    expect(pg.locator("#margin-chart")).to_be_visible()  # what is judged so far is drawn already
    progress.scroll_into_view_if_needed()
    shot(pg, f"coach-review-progress-{size}-{lang}.png")
