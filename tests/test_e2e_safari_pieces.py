"""End-to-end: the pieces on Safari's board, read as a person sees them (issue 26).

- meeples are the biggest thing on a tile: at least 24 screen pixels at the default zoom
  and when the view is zoomed out, outlined (a dark line in a light halo);
- hovering (desktop) or tapping (phone) a trail or bush shows its whole extent, its meeples
  and what it would score now, in the engine's numbers;
- the watering-hole picker: one mark per open point, each animal once, large, on a card that
  says what digging scores, with no other mark under it.

Screenshots go to test-artifacts/ (pieces-*.png), at 1280x800 and 390x844."""

from __future__ import annotations

import random

import pytest
from browser import PHONE, browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from web_remote import request



server = served("e2e-pieces")


def a_game_where_one_may_dig(base):
    """Two people; random moves (meeples and holes preferred) until a seat may dig with two
    kinds of animal; that seat's join path and the view."""
    _, g = request(base, "POST", "/api/games", {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], "seed": 7})
    tokens, rng = [s["token"] for s in g["seats"]], random.Random(3)
    while True:
        _, v = request(base, "GET", f"/api/games/{g['id']}")
        acts, p = v["legal_actions"], v["current_player"]
        assert acts, "the game ended before a seat could dig"
        if v["turn"] >= 8 and v["phase"] == "action" and len({a[-1] for a in acts if a[0] == "D"}) >= 2:
            return g["seats"][p]["join_path"], v
        pref = [a for a in acts if a[0] in "MDX"] if v["phase"] == "action" else []
        a = rng.choice(pref) if pref and rng.random() < 0.45 else rng.choice(acts)
        assert request(base, "POST", f"/api/games/{g['id']}/actions", {"token": tokens[p], "action": a})[0] == 200


def open_the_game(server, pages, size):
    """The page of the seat that may dig (a_game_where_one_may_dig), at the size named; the view."""
    path, v = a_game_where_one_may_dig(server)
    pg = pages.new(**(PHONE if size == "phone" else {}))
    pg.goto(server + path)
    pg.wait_for_function("() => window.page && window.page.view !== null")
    return pg, v


MEEPLES = """() => [...document.querySelectorAll('svg#board g.tiles path.meeple')].map(m => {
    const r = m.getBoundingClientRect(), halo = m.previousElementSibling;
    return { w: r.width, h: r.height, halo: !!halo && halo.classList.contains('meeple-halo'),
             stroke: getComputedStyle(m).stroke, haloStroke: halo ? getComputedStyle(halo).stroke : null };
})"""


# a screen point where one of the elements `sel` finds is what a pointer there meets
def look_at(pg, x, y, scale):
    """Zoom to the board's point (x, y) as the person would: once the page has framed the
    board, and so that the view holds still (it follows the game only when the person has not
    just panned or zoomed)."""
    pg.wait_for_function("() => window.page.pz.fits > 0")
    pg.evaluate("([x, y, k]) => { window.page.pz.userMove(); window.page.pz.zoomTo(x, y, k); }", [x, y, scale])


SPOT = """([sel]) => {
    const parts = [...document.querySelectorAll(sel)];
    for (const p of parts) {
        const r = p.getBoundingClientRect();
        for (let fy = .5; fy < 1; fy += .1) for (const s of [1, -1]) for (let fx = .5; fx > 0 && fx < 1; fx += s * .1) {
            const x = r.left + r.width * fx, y = r.top + r.height * (s > 0 ? fy : 1 - fy), e = document.elementFromPoint(x, y);
            if (e && parts.some(q => q.contains(e))) return [x, y];
        }
    }
    return null;
}"""


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_meeples_are_big_and_outlined_and_a_feature_shows_its_extent_and_score(server, pages, size):
    pg, v = open_the_game(server, pages, size)
    pg.wait_for_timeout(400)
    shot(pg, f"pieces-board-{size}.png")
    meeples = pg.evaluate(MEEPLES)
    assert meeples, "no meeple on the board"
    for m in meeples:
        assert m["h"] >= 24 and m["w"] >= 22, m  # the meeple's figure is a little narrower than tall
        assert m["halo"] and m["stroke"] == "rgb(20, 20, 20)" and m["haloStroke"].startswith("rgba(255, 253, 245"), m
    # zoomed out (tiles of about 60 pixels), they keep their size on the screen
    look_at(pg, 0, 0, 0.6)
    pg.wait_for_timeout(200)
    assert min(m["h"] for m in pg.evaluate(MEEPLES)) >= 24
    shot(pg, f"pieces-board-zoomed-out-{size}.png")
    pg.locator(".zoom button").nth(2).click()  # fit
    # a trail or bush with a meeple: hovered or tapped, it shows all its spaces, meeples and points
    held = [f for f in v["features"] if any(f["meeples"]) and not f["complete"]]
    assert held
    f = max(held, key=lambda f: len(f["spaces"]))
    x, y = f["spaces"][0]
    t = next(t for t in v["board"] if (t["x"], t["y"]) == (x, y))
    i = next(i for i, q in enumerate(t["features"]) if q["feature"] == f["feature"])
    look_at(pg, (x + .5) * 100, (y + .5) * 100, 1)
    at = pg.evaluate(SPOT, [f'svg#board g.tiles > [data-tile="{x},{y}"] g.tile > [data-feature="{i}"]'])
    assert at, "no point of the feature is uncovered"
    if size == "phone":
        pg.touchscreen.tap(*at)
    else:
        pg.mouse.move(*at)
    card = pg.locator("#feature-card")
    card.wait_for(state="visible")
    outlined = pg.evaluate("() => [...document.querySelectorAll('svg#board g.feature-focus .focus-tile')].map(g => g.getAttribute('transform'))")
    assert sorted(outlined) == sorted(f"translate({a * 100},{b * 100})" for a, b in f["spaces"])
    text = card.inner_text()
    names = {0: "Ann", 1: "Bo"}
    for s, n in enumerate(f["meeples"]):
        assert (names[s] in text) == (n > 0), (text, f["meeples"])
    assert f"{f['points_if_completed']} points" in text and f"({f['points_if_completed_with_token']} with" in text
    for s, p in enumerate(f["final_points"]):
        if p:
            assert f"{names[s]} +{p}" in text, text
    shot(pg, f"pieces-feature-{size}.png")
    # Escape (desktop) or a tap on the savanna (phone) closes it
    if size == "phone":
        pg.touchscreen.tap(*pg.evaluate(SPOT, ['svg#board g.tiles rect.savanna']))
    else:
        pg.keyboard.press("Escape")
    card.wait_for(state="hidden")
    assert pg.locator("svg#board g.feature-focus").count() == 0


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_watering_hole_picker_shows_each_animal_once_and_what_digging_scores(server, pages, size):
    pg, v = open_the_game(server, pages, size)
    digs = [a for a in v["legal_actions"] if a[0] == "D"]
    points = pg.locator("svg#board [data-hole]")
    keys = points.evaluate_all("gs => gs.map(g => g.dataset.hole)")
    assert len(keys) == len(set(keys))  # one mark per point
    # the mark of a point where two kinds of animal may go, near the last tile placed
    animals_at = {}
    for a in digs:
        x, y, corner = int(a[1:].split(",")[0]), int(a.split(",")[1].split(":")[0]), a.split(":")[1][:2]
        dx, dy = {"NW": (0, 0), "NE": (1, 0), "SE": (1, 1), "SW": (0, 1)}[corner]
        animals_at.setdefault(f"{x + dx},{y + dy}", set()).add(a[-1])
    key = max(animals_at, key=lambda k: len(animals_at[k]))
    px, py = map(int, key.split(","))
    look_at(pg, px * 100, py * 100, 1)
    at = pg.evaluate(SPOT, [f'svg#board [data-hole="{key}"]'])
    if size == "phone":
        pg.touchscreen.tap(*at)  # a mark that opens more choices opens at a tap
    else:
        pg.mouse.click(*at)
    card = pg.locator("svg#board .hole-picker")
    card.wait_for()
    assert "+3" in card.text_content()
    options = pg.locator("svg#board .animal-choice")
    shown = options.evaluate_all("gs => gs.map(g => g.dataset.animal)")
    assert sorted(shown) == sorted(animals_at[key])  # each animal once
    boxes = [options.nth(k).locator("circle.token").bounding_box() for k in range(options.count())]
    for b in boxes:
        assert b["width"] >= 26, b  # large enough to see and to hit
    # nothing else is under the picker: the other marks are gone while it is open
    assert pg.locator("svg#board [data-hole]").count() == 1
    assert pg.locator("svg#board .meeple-choice, svg#board .ranger-choice").count() == 0
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"], (a, b)
    shot(pg, f"pieces-picker-{size}.png")
    moves = pg.evaluate("window.page.view.moves")
    at = pg.evaluate(SPOT, ["svg#board .animal-choice"])
    if size == "phone":
        pg.touchscreen.tap(*at)
        pg.locator("#confirm-bar button", has_text="Confirm").click()
    else:
        pg.mouse.click(*at)
    pg.wait_for_function(f"() => window.page.view.moves !== {moves}")
    holes = pg.evaluate("window.page.view.watering_holes")
    assert any(",".join(map(str, h["point"])) == key and h["next_points"] == 4 for h in holes)
