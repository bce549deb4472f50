"""End-to-end: Africa readable on a phone, and touch screens made for fingers (issue 26).

- Africa on a phone (390x844, touch): hexes at least 44 px across and names at least 11 px
  at the page's own zoom, the map panned to what the seat to act may choose (set-up, an
  action, a move), each name inside its hex's choice ring and drawn over it, no choice's tag
  nor piece over a name, the zoom buttons beside the panel's tabs and off the map; the view
  follows the game turn after turn (a choice on the screen at each of the person's turns).
- Africa on a desktop (1280x800): the whole map, the choices' tags off the names, and the
  "+N" of what a move scored floats over the map.
- Touch screens: every control outside the board at least 44 px (the lobby's check boxes,
  radio buttons, menus and summaries; the game page's sound check box, Notify me, "All N
  choices", the language menu); the hints speak of taps, never of keys or clicks (a desktop's
  of clicks and keys, never of taps); on a phone the status and a scoring choice's buttons on
  the first screen, and no legal choice under the zoom buttons.

Screenshots: test-artifacts/phone26-*.png and desk26-*.png. Same needs and skips as
test_e2e_browser.py.
"""

from __future__ import annotations

import json
import random
import urllib.request

from browser import DESK, PHONE, Pages, browser, shot  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_browser import position_with_a_scoring_choice_for_the_other_seat, server  # noqa: F401 (fixture)
from playwright.sync_api import Page, expect  # isort: skip  (installed when the import above passed)

from savanna import africa

TWO = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))


def africa_position(stop) -> dict:
    """A two-seat game of Africa played at random from seed 4 until `stop(game, moves)`."""
    g, rng, n = africa.new_game(2, seed=4), random.Random(5), 0
    while not g.is_terminal() and not stop(g, n):
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return json.loads(g.to_json())


def open_page(pages: Pages, url: str, **options) -> Page:
    pg = pages.new(**options)
    pg.goto(url)
    pg.wait_for_function("() => document.body.dataset.status && window.page && window.page.view")
    pg.wait_for_timeout(400)  # the view framed, the tags sized
    return pg


# What a person sees of Africa's map, in screen pixels.
AFRICA = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }; };
  const board = document.getElementById('board'), zoom = document.querySelector('.zoom');
  const names = [...board.querySelectorAll('.city-name, .tile-name')].map(t => ({ ...box(t), text: t.textContent,
    space: t.dataset.space, px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a }));
  const hexes = [...board.querySelectorAll('.africa-map g.hex > polygon')].map(p => box(p).x1 - box(p).x0);
  const rings = Object.fromEntries([...board.querySelectorAll('.hex-choice')].map(g =>
    [g.dataset.space, { ...box(g.querySelector('.halo')), sx: box(g.querySelector('.halo')).x0 }]));
  const labels = board.querySelector('.labels');
  const lastRing = [...board.querySelectorAll('.hex-choice')].pop();
  // the zoom buttons where they show: inside the panel's scrolled box (or wherever they are on a desktop)
  const aside = zoom.closest('aside'), z = box(zoom), a = aside ? box(aside) : null;
  const shown = a ? { x0: Math.max(z.x0, a.x0), y0: Math.max(z.y0, a.y0), x1: Math.min(z.x1, a.x1), y1: Math.min(z.y1, a.y1) } : z;
  return { board: box(board), zoom: shown, names, hexes, rings,
    tags: [...board.querySelectorAll('.mark-pill')].map(box),
    pieces: [...board.querySelectorAll('.explorer, .camp')].map(box),
    namesOverRings: !lastRing || !!(lastRing.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING),
    width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth) };
}"""


def overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return a["x0"] + slack < b["x1"] and b["x0"] + slack < a["x1"] and a["y0"] + slack < b["y1"] and b["y0"] + slack < a["y1"]


def on(box: dict, board: dict) -> bool:
    """the middle of `box` is on the board"""
    x, y = (box["x0"] + box["x1"]) / 2, (box["y0"] + box["y1"]) / 2
    return board["x0"] < x < board["x1"] and board["y0"] < y < board["y1"]


def check_africa_map(m: dict, where: str, phone: bool) -> None:
    b = m["board"]
    if phone:
        assert m["width"] <= 390, f"{where}: the page is {m['width']} px wide"
        assert min(m["hexes"]) >= 44, f"{where}: hexes {min(m['hexes']):.1f} px across"
        assert not overlap(m["zoom"], b, 0), f"{where}: the zoom buttons {m['zoom']} are over the map {b}"
    shown = [n for n in m["names"] if on(n, b)]
    assert shown, f"{where}: no name on the screen"
    for n in shown:
        assert n["px"] >= 10.95, f"{where}: {n['text']} is {n['px']:.1f} px"
        ring = m["rings"].get(n["space"])
        if ring:  # inside its ring (the ring's stroke is 4 units, over 2 px)
            assert ring["x0"] + 2 <= n["x0"] and n["x1"] <= ring["x1"] - 2, f"{where}: {n['text']} crosses its ring {ring}"
        for t in m["tags"]:
            assert not overlap(n, t), f"{where}: a choice's tag covers {n['text']}"
        for p in m["pieces"]:
            assert not overlap(n, p, 1), f"{where}: a piece covers {n['text']}"
    assert m["namesOverRings"], f"{where}: the names are not drawn over the choices' rings"


def test_africa_on_a_phone_is_read_at_44_px_hexes_panned_to_the_choices(server, browser):
    pages = Pages(browser)
    try:
        positions = {
            "setup": africa_position(lambda g, n: True),
            "action": africa_position(lambda g, n: n > 40 and g.phase_name == "action"
                                      and any(str(a).startswith("D") for a in g.legal_actions())),
            "move": africa_position(lambda g, n: n > 60 and g.phase_name == "move"),
        }
        for phase, saved in positions.items():
            c = post(server, "/api/games/import", {"saved": saved, "seats": TWO, "hotseat": True})
            pg = open_page(pages, c["hotseat_link"], **PHONE)
            assert pg.evaluate("window.page.view.phase") == phase
            m = pg.evaluate(AFRICA)
            check_africa_map(m, phase, phone=True)
            # not the whole map (it would be 27 px hexes): panned, with what to choose on the screen
            assert pg.evaluate("(() => { const v = window.page.pz.visible(), b = window.page.bounds; "
                               "return v.x1 - v.x0 < b.x1 - b.x0; })()")
            assert any(on(r, m["board"]) for r in m["rings"].values()), f"{phase}: no choice on the screen"
            shot(pg, f"phone26-africa-{phase}.png")
        # turn after turn (hotseat: every turn is a person's), the view follows to the choices
        c = post(server, "/api/games", {"game": "africa", "seats": TWO, "seed": 4, "hotseat": True})
        pg = open_page(pages, c["hotseat_link"], **PHONE)
        rng = random.Random(3)
        for step in range(14):
            pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
            pg.wait_for_timeout(250)
            m = pg.evaluate(AFRICA)
            check_africa_map(m, f"step {step}", phone=True)
            assert pg.evaluate("""(() => { const s = document.getElementById('status').getBoundingClientRect();
              return s.top >= document.querySelector('aside').getBoundingClientRect().top - 1 && s.bottom <= innerHeight; })()"""), \
                f"step {step}: the status is not on the screen"
            moves = pg.evaluate("window.page.view.moves")
            on_screen = [(s, r) for s, r in m["rings"].items() if on(r, m["board"])]
            buttons = pg.locator("#choices button[data-action]")
            assert on_screen or buttons.count(), f"step {step}: nothing to choose on the screen"
            if on_screen and rng.random() < 0.85:
                space, r = rng.choice(on_screen)
                pg.touchscreen.tap((r["x0"] + r["x1"]) / 2, (r["y0"] + r["y1"]) / 2)
                if pg.locator(f"#board .hex-choice[data-space='{space}'][data-action]").count():
                    pg.locator("#confirm").tap()
                else:  # several actions there: the panel lists them
                    pg.locator("#choices .menu-choice").first.tap()
            else:
                buttons.nth(rng.randrange(buttons.count())).tap()
            pg.wait_for_function(f"() => window.page.view.moves > {moves}")
        shot(pg, "phone26-africa-later.png")
    finally:
        pages.close()
    pages.check()


def test_africa_on_a_desktop_shows_the_whole_map_with_the_tags_off_the_names_and_points_floating(server, browser):
    pages = Pages(browser)
    try:
        c = post(server, "/api/games", {"game": "africa", "seed": 4,
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "easy"}]})
        pg = open_page(pages, server + c["seats"][0]["join_path"], **DESK)
        rng = random.Random(1)
        floated = False
        for step in range(60):
            pg.wait_for_function("() => document.body.dataset.myTurn === 'yes' || document.body.dataset.status === 'over'",
                                 timeout=30000)
            if pg.evaluate("document.body.dataset.status") == "over":
                break
            pg.wait_for_timeout(150)
            m = pg.evaluate(AFRICA)
            check_africa_map(m, f"desk step {step}", phone=False)
            # the whole map on the screen
            mp = pg.evaluate("(() => { const r = document.querySelector('#board .africa-map').getBoundingClientRect(); "
                             "return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }; })()")
            b = m["board"]
            assert b["x0"] - 1 <= mp["x0"] and mp["x1"] <= b["x1"] + 1 and b["y0"] - 1 <= mp["y0"] and mp["y1"] <= b["y1"] + 1
            if step == 0:
                shot(pg, "desk26-africa-choices.png")
            moves = pg.evaluate("window.page.view.moves")
            choices = pg.locator("#board .hex-choice")
            buttons = pg.locator("#choices button[data-action]")
            if choices.count() and (rng.random() < 0.85 or not buttons.count()):
                pick = choices.nth(rng.randrange(choices.count()))
                pick.locator(".halo").click()
                if pick.get_attribute("data-action") is None:
                    pg.locator("#choices .menu-choice").first.click()
            else:
                buttons.nth(rng.randrange(buttons.count())).click()
            pg.wait_for_function(f"() => window.page.view.moves > {moves}", timeout=30000)
            if pg.locator("#board .float-points").count():
                floated = True
                shot(pg, "desk26-africa-points.png")
                break
        assert floated, "no '+N' floated over the map in 60 moves"
    finally:
        pages.close()
    pages.check()


# the visible controls a finger may tap outside the board, each with its size
CONTROLS = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length && !e.closest('svg'))
  .map(e => { const r = e.getBoundingClientRect(); return { what: e.outerHTML.slice(0, 80), w: r.width, h: r.height }; })"""


def small(pg: Page, sel: str) -> list:
    return [c for c in pg.evaluate(CONTROLS, sel) if c["w"] < 44 or c["h"] < 44]


def test_on_a_touch_screen_controls_are_44_px_hints_speak_of_taps_and_the_zoom_is_off_the_board(server, browser):
    pages = Pages(browser)
    try:
        pg = pages.new(**PHONE)
        pg.goto(server + "/")
        pg.wait_for_selector("#create-button")
        for game in ("safari", "africa"):
            pg.select_option("#game-select", game)
            assert pg.locator("label.check").count() >= 2 and pg.locator("label.radio").count() >= (2 if game == "safari" else 0)
            pg.locator("#create details summary").first.tap()  # More: its controls too
            assert not small(pg, "label.check, label.radio, select, button, summary, input:not([type=checkbox]):not([type=radio])"), \
                small(pg, "label.check, label.radio, select, button, summary, input:not([type=checkbox]):not([type=radio])")
            # a check box is checked by a tap anywhere on its label
            box = pg.locator("label.check", has=pg.locator("input[name=hotseat]"))
            before = pg.is_checked("input[name=hotseat]")
            b = box.bounding_box()
            pg.touchscreen.tap(b["x"] + b["width"] - 10, b["y"] + b["height"] / 2)
            assert pg.is_checked("input[name=hotseat]") != before
        shot(pg, "phone26-lobby.png")
        # the game page: a game of Safari at its first turn
        c = post(server, "/api/games", {"game": "safari", "seed": 1, "seats": [{"kind": "human", "name": "Ann"},
                                                                              {"kind": "computer", "player": "easy"}]})
        pg = open_page(pages, server + c["seats"][0]["join_path"], **PHONE)
        pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
        expect(pg.locator("#choices .hint-touch")).to_be_visible()
        expect(pg.locator("#choices .hint-keys")).to_be_hidden()
        expect(pg.locator("#choices .hint-pointer")).to_be_hidden()
        assert "Keys" not in pg.locator("#choices").inner_text() and "Click" not in pg.locator("#choices").inner_text()
        assert not small(pg, "#choices summary, #choices button, .sheet-bar button"), small(pg, "#choices summary, #choices button")
        m = pg.evaluate("""(() => { const r = e => { const b = e.getBoundingClientRect(); return { x0: b.left, y0: b.top, x1: b.right, y1: b.bottom }; };
          return { board: r(document.getElementById('board')), zoom: r(document.querySelector('.zoom')),
            choices: [...document.querySelectorAll('#board [data-choice]')].map(r) }; })()""")
        assert not overlap(m["zoom"], m["board"], 0), "the zoom buttons are over the board"
        assert m["choices"] and not [x for x in m["choices"] if overlap(x, m["zoom"], 0)]
        shot(pg, "phone26-safari-play.png")
        pg.locator("#sound-toggle").scroll_into_view_if_needed()  # in the Play tab, under the seats
        expect(pg.locator("#sound-toggle")).to_be_visible()
        assert not small(pg, "label:has(#sound-toggle), #notify-button"), small(pg, "label:has(#sound-toggle), #notify-button")
        shot(pg, "phone26-alerts.png")
        pg.locator("#bar-menu").tap()  # the header's menu: the language menu in it
        expect(pg.locator("#lang-select")).to_be_visible()
        assert not small(pg, "#lang-select"), small(pg, "#lang-select")
        # on a desktop the same page speaks of clicks and keys, never of taps
        pg = open_page(pages, server + c["seats"][0]["join_path"], **DESK)
        pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
        expect(pg.locator("#choices .hint-keys")).to_be_visible()
        expect(pg.locator("#choices .hint-pointer")).to_be_visible()
        expect(pg.locator("#choices .hint-touch")).to_be_hidden()
        shot(pg, "desk26-safari-play.png")
    finally:
        pages.close()
    pages.check()


def test_on_a_phone_the_status_and_a_scoring_choices_buttons_are_on_the_first_screen(server, browser):
    saved = json.loads(position_with_a_scoring_choice_for_the_other_seat())
    c = post(server, "/api/games/import", {"saved": saved, "seats": TWO, "hotseat": False})
    pages = Pages(browser)
    try:
        pg = open_page(pages, server + c["seats"][0]["join_path"], **PHONE)
        pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
        pg.wait_for_timeout(300)
        buttons = pg.locator("#choices button[data-action^='+']")
        assert buttons.count() >= 2
        boxes = pg.evaluate("""[...document.querySelectorAll("#status, #choices button[data-action^='+']")].map(e => {
          const r = e.getBoundingClientRect(); return { id: e.id || e.dataset.action, top: r.top, bottom: r.bottom }; })""")
        for b in boxes:
            assert 0 <= b["top"] and b["bottom"] <= 844, f"{b['id']} is not on the first screen: {b}"
        assert pg.evaluate("document.querySelector('#board').getBoundingClientRect().height") >= 200  # the board still shows
        shot(pg, "phone26-scoring-choice.png")
        moves = pg.evaluate("window.page.view.moves")
        buttons.first.tap()  # a tap plays it
        pg.wait_for_function(f"() => window.page.view.moves > {moves}")
    finally:
        pages.close()
    pages.check()
