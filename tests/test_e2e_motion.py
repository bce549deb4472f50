"""End-to-end: the board framed well and the moves animated (issue 26, points 2 and 3).

- Framing: a spectator at 1024x700 sees the whole of a seven-tile board; a finished game and
  a replay show the whole board at 1280x800; a board too big to show whole at a readable size
  follows its last tile (desktop and a 390x844 touch screen), but not in the few seconds after
  the person's own pan (the follow button then says so, and brings the view back); on the
  phone the view frames the new tile again once those seconds are over.
- Motion: another seat's tile slides in and turns, a meeple drops, a meeple scored goes home;
  under prefers-reduced-motion nothing moves at all; the settings' "confirm every move" makes
  a desktop click select first, as a tap does, and Confirm plays.

Screenshots go to test-artifacts/ (motion-*.png). Same needs and skips as test_e2e_browser.py.
"""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from browser import DESK, PHONE, Pages, api, browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from playwright.sync_api import Page  # isort: skip  (installed when the import above passed)


server = served("e2e-motion")


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=10))


class Table:
    """A game of two people played by REST, at random (a meeple or a token where it can)."""

    def __init__(self, base: str, seed: int = 5):
        self.base, self.rng = base, random.Random(seed)
        c = post(base, "/api/games", {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                                      "seed": seed})
        self.id, self.tokens = c["id"], [s["token"] for s in c["seats"]]

    def view(self) -> dict:
        return api(self.base, f"/api/games/{self.id}")

    def act(self, prefer: tuple[str, ...] = ("M", "D")) -> str:
        v = self.view()
        acts = v["legal_actions"]
        picks = [a for a in acts if a.startswith(prefer)] or [a for a in acts if a != "pass"] or acts
        a = self.rng.choice(picks) if self.rng.random() < 0.8 else self.rng.choice(acts)
        post(self.base, f"/api/games/{self.id}/actions",
             {"token": self.tokens[v["current_player"]], "action": a, "version": v["version"]})
        return a

    def to_tiles(self, n: int) -> dict:
        """Play on to the placing of a tile once `n` lie on the board."""
        while True:
            v = self.view()
            if (len(v["board"]) >= n and v["phase"] == "place") or v["status"] == "over":
                return v
            self.act()

    def place(self) -> str:
        """Play on to a tile placed (what comes before it too)."""
        while True:
            if self.act().startswith("T"):
                return self.view()["last_placed"]


def open_page(pages: Pages, base: str, path: str, **options) -> Page:
    pg = pages.new(**options)
    pg.goto(base + path)
    pg.wait_for_function("() => window.page && window.page.view && window.page.ui && window.page.pz.fits > 0")
    settle(pg)
    return pg


def settle(pg: Page) -> None:
    pg.wait_for_function("() => !document.body.dataset.motion")


def shown(pg: Page) -> dict:
    """How the board shows: the board's rectangle on the screen, every tile's, the smallest tile."""
    return pg.evaluate("""() => {
      const r = page.svg.getBoundingClientRect();
      const tiles = [...page.svg.querySelectorAll('g[data-tile][data-id]')].map(g => {
        const b = g.getBoundingClientRect(); return {at: g.dataset.tile, x0: b.left, y0: b.top, x1: b.right, y1: b.bottom}; });
      const animals = [...page.svg.querySelectorAll('g.tiles g.animal circle')].map(c => c.getBoundingClientRect().width);
      return {board: {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}, tiles,
              size: Math.min(...tiles.map(t => t.x1 - t.x0)), animal: Math.min(...animals)};
    }""")


def inside(t: dict, b: dict, slack: float = 1) -> bool:
    return t["x0"] >= b["x0"] - slack and t["y0"] >= b["y0"] - slack and t["x1"] <= b["x1"] + slack and t["y1"] <= b["y1"] + slack


def tile_on_screen(pg: Page, at) -> bool:
    s = shown(pg)
    t = next(t for t in s["tiles"] if t["at"] == f"{at[0]},{at[1]}")
    return inside(t, s["board"])


def whole(pg: Page, where: str) -> None:
    s = shown(pg)
    out = [t["at"] for t in s["tiles"] if not inside(t, s["board"])]
    assert not out, f"{where}: tiles off the screen: {out}"


def test_a_spectator_at_1024x700_sees_the_whole_seven_tile_board(server, pages):
    t = Table(server)
    v = t.to_tiles(7)
    assert len(v["board"]) >= 7
    pg = open_page(pages, server, f"/play/{t.id}", viewport={"width": 1024, "height": 700})
    whole(pg, "a seven-tile board at 1024x700")
    assert shown(pg)["size"] >= 94 and shown(pg)["animal"] >= 16, "the whole board, but not readable"
    shot(pg, "motion-spectator-7tiles-1024x700.png")


def test_a_finished_game_and_its_replay_show_the_whole_board(server, pages):
    t = Table(server, seed=3)
    while t.view()["status"] != "over":
        t.act()
    v = t.view()
    pg = open_page(pages, server, f"/play/{t.id}")
    pg.evaluate("document.getElementById('summary')?.remove()")
    whole(pg, "a finished game")
    shot(pg, "motion-finished-1280x800.png")
    mid = v["moves"] // 2
    pg.goto(f"{server}/replay/{t.id}#step={mid}")
    # at every step, and a step on, a step back, the end: the whole board
    for step, key in ((mid, None), (mid + 1, "ArrowRight"), (v["moves"], "End"), (v["moves"] - 1, "ArrowLeft")):
        if key:
            pg.keyboard.press(key)
        pg.wait_for_function(f"() => window.page && window.page.view && window.page.view.replay && window.page.view.replay.step === {step}")
        pg.wait_for_function("() => window.page.pz.fits > 0")
        settle(pg)
        whole(pg, f"the replay at move {step}")
        if step in (mid, v["moves"]):
            shot(pg, f"motion-replay-{'mid' if step == mid else 'end'}-1280x800.png")


def big_board(server: str) -> Table:
    t = Table(server, seed=11)
    t.to_tiles(34)
    return t


@pytest.mark.parametrize("screen", ["desk", "phone"])
def test_a_big_board_follows_each_new_tile_unless_the_person_just_panned(server, pages, screen):
    t = big_board(server)
    options = DESK if screen == "desk" else PHONE
    pg = open_page(pages, server, f"/play/{t.id}", **options)
    s = shown(pg)
    assert s["size"] >= 94 and s["animal"] >= 16, f"{screen}: a big board is framed at a readable size, not shrunk to {s['size']:.0f} px"
    assert tile_on_screen(pg, t.view()["last_placed"]), "the last tile is framed"
    shot(pg, f"motion-big-board-{screen}.png")
    # each new tile (another seat's) is followed
    for _ in range(2):
        at = t.place()
        pg.wait_for_function(f"() => window.page.view.last_placed + '' === '{at[0]},{at[1]}'")
        settle(pg)
        assert tile_on_screen(pg, at), f"{screen}: the view did not follow the new tile at {at}"
    # the person pans away: a tile placed in the next few seconds leaves the view where it is
    box = pg.evaluate("(() => { const r = page.svg.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    if screen == "desk":
        pg.mouse.move(*box)
        pg.mouse.down()
        pg.mouse.move(box[0] + 150, box[1] + 140, steps=6)
        pg.mouse.up()
    else:
        swipe(pg, box, (box[0] + 150, box[1] + 140))
    view = pg.evaluate("page.svg.getAttribute('viewBox')")
    at = t.place()
    pg.wait_for_function(f"() => window.page.view.last_placed + '' === '{at[0]},{at[1]}'")
    settle(pg)
    assert pg.evaluate("page.svg.getAttribute('viewBox')") == view, "the view moved under the person's hand"
    assert pg.evaluate("document.getElementById('follow-game').classList.contains('behind')"), "the follow button does not say the view is behind"
    shot(pg, f"motion-panned-behind-{screen}.png")
    if screen == "desk":
        # the follow button brings the view back to the game
        pg.click("#follow-game")
        settle(pg)
        assert tile_on_screen(pg, at)
        assert not pg.evaluate("document.getElementById('follow-game').classList.contains('behind')")
    else:
        # a few seconds later, the next tile is framed again (the phone re-fits after a pan)
        pg.evaluate("page.pz.userAt -= 6000")
        at = t.place()
        pg.wait_for_function(f"() => window.page.view.last_placed + '' === '{at[0]},{at[1]}'")
        settle(pg)
        assert tile_on_screen(pg, at), "the phone did not frame the new tile after the pan's grace"
        shot(pg, "motion-refit-after-pan-phone.png")


def swipe(pg: Page, a, b) -> None:
    """A finger's drag (pointer events of a touch, as a phone's browser sends them)."""
    pg.evaluate("""([a, b]) => {
      const svg = page.svg, o = {pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true};
      svg.dispatchEvent(new PointerEvent('pointerdown', {...o, clientX: a[0], clientY: a[1]}));
      for (let i = 1; i <= 6; i++) window.dispatchEvent(new PointerEvent('pointermove',
        {...o, clientX: a[0] + (b[0] - a[0]) * i / 6, clientY: a[1] + (b[1] - a[1]) * i / 6}));
      window.dispatchEvent(new PointerEvent('pointerup', {...o, clientX: b[0], clientY: b[1]}));
    }""", [list(a), list(b)])


def test_another_seats_moves_are_animated_and_reduced_motion_moves_nothing(server, pages):
    t = Table(server, seed=8)
    t.to_tiles(4)
    pg = open_page(pages, server, f"/play/{t.id}", viewport={"width": 1280, "height": 800})
    still = open_page(pages, server, f"/play/{t.id}", viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    kinds = set()
    wanted = {"tile", "tile-mid", "meeple", "camera", "token", "meeple-home"}
    for i in range(160):  # until a meeple has come home and tokens have flown too
        if wanted <= kinds:
            break
        moves = t.view()["moves"]
        if t.view()["status"] == "over":
            break
        a = t.act(prefer=("M", "D", "X", "+"))
        pg.wait_for_function(f"() => window.page.view.moves > {moves}")
        if a.startswith("T") and "tile-mid" not in kinds:
            # mid-slide: the tile is not yet where it lies
            at = a[1:].split("@")[0]
            moving = pg.evaluate(f"document.querySelector('#board g[data-tile=\"{at}\"][data-id]').getAttribute('transform')")
            if "rotate(" in moving:
                kinds.add("tile-mid")
                shot(pg, "motion-tile-sliding.png")
        settle(pg)
        kinds |= set(pg.evaluate("async () => Object.keys((await import('/static/motion.js')).stats.kinds)"))
        still.wait_for_function(f"() => window.page.view.moves > {moves}")
        assert still.evaluate("async () => (await import('/static/motion.js')).stats.started") == 0, "something moved under reduced motion"
        assert still.evaluate("document.body.dataset.motion") is None
    # a tile slid and turned, a meeple dropped, a scored meeple went home, tokens flew, the view followed
    assert {"tile", "meeple", "camera", "token", "meeple-home"} <= kinds, kinds
    assert "tile-mid" in kinds, "no tile was seen on its way"
    # under reduced motion the tiles stand where they lie at once, and the settings say why
    still.click("#settings summary")
    assert still.is_disabled("#setting-animations")
    shot(still, "motion-reduced-settings.png")


def test_the_confirm_setting_makes_a_desktop_click_select_first(server, pages):
    t = Table(server, seed=9)
    pg = open_page(pages, server, f"/play/{t.id}#token={t.tokens[0]}")
    pg.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    pg.click("#settings summary")
    pg.check("#setting-confirm")
    mark = pg.locator("svg#board [data-action^='T']").first
    mark.click()
    pg.wait_for_timeout(300)
    assert t.view()["moves"] == 0, "a click played at once although every move is to be confirmed"
    assert pg.is_visible("#confirm-bar")
    shot(pg, "motion-confirm-setting-desk.png")
    pg.click("#confirm")
    pg.wait_for_function("() => window.page.view.moves === 1")
    # a panel's button (pass) asks too
    pg.wait_for_function("() => window.page.view.legal_actions.includes('pass')")
    pass_button = pg.locator("#choices button[data-action='pass']")
    if pass_button.count():
        pass_button.first.click()
        pg.wait_for_timeout(300)
        assert t.view()["moves"] == 1
        assert pg.is_visible("#confirm-bar")
        pg.click("#confirm")
        pg.wait_for_function("() => window.page.view.moves === 2")
    # the setting is kept in this browser, and off again a click plays at once
    pg.reload()
    pg.wait_for_function("() => window.page && window.page.view && window.page.ui")
    assert pg.is_checked("#setting-confirm")
