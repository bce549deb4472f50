"""End-to-end: every tile of a tile set as the web board draws it.

The tile gallery (/tiles) draws each tile type of a set at its four rotations, and
the start tile, with the board's own code (safari-board.js); a real game's board draws the
start tile the same way. In the browser, a checker reads the SVG back and fails on
drawing that misleads: bush areas that run into each other (or one that falls
apart), a trail that ends on the tile but runs on to the far edge or ends short of
its bush, a trail across a bush, birds outside their own bush area, an animal off
its feature, a baobab on a trail or in the bush. Screenshots go to test-artifacts/
(tiles-*.png, board-start-tile.png) for a person to look at.

Same needs and skips as test_e2e_browser.py, whose server and browser it uses.
"""

from __future__ import annotations

import copy
import json
import urllib.request

from browser import ARTIFACTS, api, browser, page, pages  # noqa: F401 (fixtures; skips this module without a browser)
from test_e2e_browser import server  # noqa: F401 (fixture)
from playwright.sync_api import Page, expect  # isort: skip  (installed when the import above passed)

from savanna.safari.tileset import default_data

# checks(pairs): pairs of [a drawn tile's <g class="tile">, its layout]; the problems found, as text.
# Points are in tile-local units (0..100), where every part of a tile is drawn.
CHECKER = r"""
window.checkTiles = (pairs) => {
  const problems = [];
  const P = (x, y) => new DOMPoint(x, y);
  const parts = g => [...g.querySelectorAll("path, rect, circle, ellipse")];
  const inFill = (g, x, y) => parts(g).some(e => e.isPointInFill(P(x, y)));
  const MID = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
  for (const [tile, layout, name] of pairs) {
    const say = s => problems.push(`${name}: ${s}`);
    const feats = layout.features;
    const bushes = [...tile.querySelectorAll(":scope > g.bush")];
    const bushOf = i => bushes.find(b => b.dataset.feature === String(i));
    const wantBush = feats.map((f, i) => i).filter(i => feats[i].kind === "bush");
    if (bushes.length !== wantBush.length) say(`${bushes.length} bush shapes for ${wantBush.length} bush areas`);
    for (const i of wantBush) if (!bushOf(i)) say(`no bush shape for feature ${i}`);
    // bush: a grid of points, each in at most one area; each area one piece, apart from the others
    const owner = new Map();
    for (let y = 1; y < 100; y += 2) for (let x = 1; x < 100; x += 2) {
      const hit = bushes.filter(b => inFill(b, x, y));
      if (hit.length > 1) { say(`bush areas overlap at ${x},${y}`); break; }
      if (hit.length) owner.set(`${x},${y}`, hit[0].dataset.feature);
    }
    const seen = new Set();
    let pieces = 0;
    for (const start of owner.keys()) {
      if (seen.has(start)) continue;
      pieces++;
      const todo = [start];
      seen.add(start);
      while (todo.length) {
        const [x, y] = todo.pop().split(",").map(Number);
        for (const [dx, dy] of [[2, 0], [-2, 0], [0, 2], [0, -2], [2, 2], [2, -2], [-2, 2], [-2, -2]]) {
          const k = `${x + dx},${y + dy}`;
          if (owner.has(k) && !seen.has(k)) { seen.add(k); todo.push(k); }
        }
      }
    }
    if (pieces !== wantBush.length) say(`bush shows as ${pieces} separate piece(s) for ${wantBush.length} bush area(s)`);
    const anyBush = (x, y) => bushes.some(b => inFill(b, x, y));
    // trails
    const deadEnds = feats.filter(f => f.kind === "trail" && f.sides.length === 1).length;
    feats.forEach((f, i) => {
      if (f.kind !== "trail") return;
      const g = tile.querySelector(`:scope > g.trail-feature[data-feature="${i}"]`);
      if (!g) { say(`trail ${i} (${f.sides}) is not drawn`); return; }
      const path = g.querySelector("path.trail-edge");
      const len = path.getTotalLength();
      const pts = [];
      for (let d = 0; d <= len; d += 1) { const p = path.getPointAtLength(d); pts.push([p.x, p.y]); }
      const first = pts[0], last = pts[pts.length - 1];
      const [mx, my] = MID[f.sides[0]];
      if (Math.hypot(first[0] - mx, first[1] - my) > 1) say(`trail ${f.sides} does not start at the middle of its edge`);
      if (f.sides.length === 2) {
        const [ex, ey] = MID[f.sides[1]];
        if (Math.hypot(last[0] - ex, last[1] - ey) > 1) say(`trail ${f.sides} does not reach its edge ${f.sides[1]}`);
      }
      if (f.sides.length >= 2 && pts.some(([x, y]) => anyBush(x, y))) say(`trail ${f.sides} runs through bush`);
      if (f.sides.length !== 1) return;
      // a trail that ends on the tile stays off the far edge and ends visibly
      const far = { N: p => 100 - p[1], S: p => p[1], E: p => p[0], W: p => 100 - p[0] }[f.sides[0]];
      if (Math.min(...pts.map(far)) < 20) say(`trail ${f.sides} ends on the tile but reaches the far edge`);
      const end = g.dataset.end;
      if (wantBush.length && deadEnds < 3 && end !== "bush") say(`trail ${f.sides} ends by a bush but not against it (${end})`);
      if (end === "bush") {
        const into = pts.findIndex(([x, y]) => anyBush(x, y));
        if (into < 8) say(`trail ${f.sides} hardly shows before its bush`);
        else if (pts.slice(into).some(([x, y]) => !anyBush(x, y))) say(`trail ${f.sides} comes out of the bush again`);
      } else if (end === "savanna") {
        const mark = g.querySelector("circle.trail-end");
        if (!mark || Math.hypot(+mark.getAttribute("cx") - last[0], +mark.getAttribute("cy") - last[1]) > 1) say(`trail ${f.sides} ends without an end mark`);
        if (anyBush(...last)) say(`trail ${f.sides} ends in the savanna inside a bush`);
        // and apart from the other trails, which it does not join
        const others = [...tile.querySelectorAll(":scope > g.trail-feature path.trail-edge")].filter(p => p !== path);
        for (let k = 0; k < 16; k++) {
          const a = Math.PI * k / 8, q = P(last[0] + 11 * Math.cos(a), last[1] + 11 * Math.sin(a));
          if (others.some(o => o.isPointInStroke(q))) { say(`trail ${f.sides} ends touching another trail`); break; }
        }
      } else if (end === "crossroads") {
        if (!tile.querySelector(":scope > circle.junction")) say(`trail ${f.sides} ends at a crossroads that is not drawn`);
      } else say(`trail ${f.sides} ends nowhere (${end})`);
    });
    // animals on their own feature
    feats.forEach((f, i) => {
      const marks = [...tile.querySelectorAll(`:scope > g.animal[data-feature="${i}"]`)];
      if (marks.length !== (f.animals || "").length) say(`feature ${i} shows ${marks.length} animals, has ${f.animals}`);
      for (const m of marks) {
        const c = m.querySelector("circle"), x = +c.getAttribute("cx"), y = +c.getAttribute("cy");
        if (f.kind === "bush") {
          if (!inFill(bushOf(i), x, y)) say(`an animal of bush ${f.sides} is not in it`);
          if (bushes.some(b => b !== bushOf(i) && inFill(b, x, y))) say(`an animal of bush ${f.sides} is in another bush`);
        } else if (f.kind === "trail") {
          const path = tile.querySelector(`:scope > g.trail-feature[data-feature="${i}"] path.trail-edge`);
          if (!path.isPointInStroke(P(x, y))) say(`an animal of trail ${f.sides} is not on it`);
          if (anyBush(x, y)) say(`an animal of trail ${f.sides} is under a bush`);
        }
      }
      if (f.kind !== "bush") return;
      // birds: every one inside its own bush area, none in another
      const birds = [...tile.querySelectorAll(`:scope > g.birds[data-feature="${i}"] path`)];
      if (birds.length !== (f.birds || 0)) say(`bush ${f.sides} shows ${birds.length} birds, has ${f.birds || 0}`);
      for (const b of birds) {
        const r = b.getBBox();
        const corners = [[r.x, r.y], [r.x + r.width, r.y], [r.x, r.y + r.height], [r.x + r.width, r.y + r.height]];
        if (!corners.every(([x, y]) => inFill(bushOf(i), x, y))) say(`a bird of bush ${f.sides} is not inside it`);
        if (corners.some(([x, y]) => bushes.some(o => o !== bushOf(i) && inFill(o, x, y)))) say(`a bird of bush ${f.sides} is in another bush`);
      }
    });
    // meeples (where the layout has them): on their own bush, out of the others, off the animals
    const animals = [...tile.querySelectorAll(":scope > g.animal circle")].map(c => [+c.getAttribute("cx"), +c.getAttribute("cy")]);
    feats.forEach((f, i) => {
      const drawn = [...tile.querySelectorAll(`:scope > path.meeple[data-feature="${i}"]`)];
      if (drawn.length !== (f.meeples || []).length) say(`feature ${i} shows ${drawn.length} meeples, has ${(f.meeples || []).length}`);
      for (const m of drawn) {
        const r = m.getBBox(), x = r.x + r.width / 2, y = r.y + r.height / 2;
        if (r.x < 0 || r.y < 0 || r.x + r.width > 100 || r.y + r.height > 100) say(`the meeple of ${f.kind} ${f.sides} sticks out of the tile`);
        if (animals.some(([ax, ay]) => Math.hypot(ax - x, ay - y) < 9)) say(`the meeple of ${f.kind} ${f.sides} covers an animal`);
        if (f.kind === "bush" && !inFill(bushOf(i), x, y)) say(`the meeple of bush ${f.sides} is not in it`);
        if (bushes.some(b => b !== bushOf(i) && inFill(b, x, y))) say(`the meeple of ${f.kind} ${f.sides} is in another bush`);
      }
    });
    // the baobab: on the tile, off the trails and out of the bush
    const hasBaobab = feats.some(f => f.kind === "baobab");
    const tree = tile.querySelector(":scope > g.baobab");
    if (!!tree !== hasBaobab) say(hasBaobab ? "the baobab is not drawn" : "a baobab is drawn that is not there");
    if (tree) {
      const crown = tree.querySelector("ellipse"), x = +crown.getAttribute("cx"), y = +crown.getAttribute("cy");
      const r = tree.getBBox();
      if (r.x < 0 || r.y < 0 || r.x + r.width > 100 || r.y + r.height > 100) say("the baobab sticks out of the tile");
      if (anyBush(x, y)) say("the baobab stands in the bush");
      for (const p of tile.querySelectorAll(":scope > g.trail-feature path.trail-edge")) if (p.isPointInStroke(P(x, y))) say("the baobab stands on a trail");
    }
  }
  return problems;
};
"""


def check(pg: Page, selector: str, layouts: str) -> list[str]:
    """Run the checker over the tiles `selector` finds: `layouts` is JS giving each one's layout and name."""
    pg.evaluate("() => {" + CHECKER + "}")  # (the page's CSP refuses an inline script tag)
    return pg.evaluate(f"""() => {{
        const pairs = [...document.querySelectorAll({json.dumps(selector)})].map(el => {{
            const [layout, name] = ({layouts})(el);
            return [el.querySelector("g.tile"), layout, name];
        }});
        return {{ count: pairs.length, problems: window.checkTiles(pairs) }};
    }}""")


GALLERY_LAYOUT = """el => {
    const t = window.gallery.types.find(t => t.id === el.dataset.type);
    return [t.layouts[[0, 90, 180, 270].indexOf(+el.dataset.rotation)], `${el.dataset.type} at ${el.dataset.rotation}°`];
}"""
START_LAYOUT = """el => {
    const [x, y] = el.dataset.tile.split(",").map(Number);
    return [window.gallery.start.find(c => c.x === x && c.y === y), `start cell ${x},${y}`];
}"""
BOARD_LAYOUT = """el => {
    const [x, y] = el.dataset.tile.split(",").map(Number);
    return [window.page.view.board.find(t => t.x === x && t.y === y), `board tile ${el.dataset.id} at ${x},${y}`];
}"""


def open_gallery(pg: Page, url: str) -> dict:
    pg.goto(url)
    pg.wait_for_function("() => document.body.dataset.ready === 'yes'")
    # the layouts as the gallery dresses them with its "meeples" box ticked
    pg.evaluate("() => { window.withMeeples = lay => ({...lay, features: lay.features.map((f, i) => ({...f, meeples: [i % 5]}))}); }")
    return pg.evaluate("window.gallery")


def test_the_gallery_draws_every_real_tile_at_every_rotation_and_the_start_tile(server, page):
    data = api(server, "/api/tiles")
    assert data["version"] == "real-1"
    ids = [t["id"] for t in data["types"]]
    assert ids == [f"S{n:02d}" for n in range(1, 34)]
    open_gallery(page, server + "/tiles")
    tiles = page.locator("svg.gallery-tile")
    expect(tiles).to_have_count(33 * 4)
    for t in ids:
        expect(page.locator(f".type[data-type={t}] .type-label")).to_contain_text(t)
    shot_full(page, "tiles-gallery.png")
    for section, name in (("#group-start", "tiles-start.png"), ("#group-1", "tiles-S01-S11.png"),
                          ("#group-2", "tiles-S12-S22.png"), ("#group-3", "tiles-S23-S33.png")):
        shot_element(page, section, name)
    result = check(page, "svg.gallery-tile", GALLERY_LAYOUT)
    assert result["count"] == 132
    assert result["problems"] == [], "\n".join(result["problems"])
    # the start tile: three cells side by side, each with its own features
    cells = page.locator("#start-tile [data-tile]")
    expect(cells).to_have_count(3)
    assert sorted(cells.evaluate_all("gs => gs.map(g => g.dataset.tile)")) == ["-1,0", "0,0", "1,0"]
    start = check(page, "#start-tile [data-tile]", START_LAYOUT)
    assert start == {"count": 3, "problems": []}
    drawn = {k: page.evaluate(f"""() => {{
        const g = document.querySelector('#start-tile [data-tile="{k}"] g.tile');
        return {{ bush: g.querySelectorAll(':scope > g.bush').length,
                  trails: [...g.querySelectorAll(':scope > g.trail-feature')].map(t => t.dataset.sides + ':' + t.dataset.end),
                  animals: [...g.querySelectorAll(':scope > g.animal')].map(a => a.dataset.animal).join('') }};
    }}""") for k in ("-1,0", "0,0", "1,0")}
    assert drawn == {"-1,0": {"bush": 1, "trails": [], "animals": "E"},
                     "0,0": {"bush": 0, "trails": ["S:savanna"], "animals": "G"},
                     "1,0": {"bush": 1, "trails": ["E:bush"], "animals": "A"}}


def test_the_tiles_with_several_bush_areas_keep_them_apart_with_the_birds_in_their_own(server, page):
    """S22, S23, S24, S25 (two areas), S32 (three): as many separate shapes as areas, the
    birds in the one they belong to; S31's trails end against its bush and do not cross it."""
    open_gallery(page, server + "/tiles")
    for t, areas in (("S22", 2), ("S23", 2), ("S24", 2), ("S25", 2), ("S32", 3)):
        for r in (0, 90, 180, 270):
            expect(page.locator(f'svg[data-type={t}][data-rotation="{r}"] g.tile > g.bush')).to_have_count(areas)
    # S22's bird belongs to bush E, S25's to bush E, S32's to bush S: after turning, to where those went
    for t, side in (("S22", "E"), ("S25", "E"), ("S32", "S")):
        for r in (0, 90, 180, 270):
            turned = "NESW"[("NESW".index(side) + r // 90) % 4]
            sel = f'svg[data-type={t}][data-rotation="{r}"] g.tile > g.bush[data-sides="{turned}"]'
            feature = page.get_attribute(sel, "data-feature")
            expect(page.locator(f'svg[data-type={t}][data-rotation="{r}"] g.birds[data-feature="{feature}"]')).to_have_count(1)
    for r in (0, 90, 180, 270):
        ends = page.locator(f'svg[data-type=S31][data-rotation="{r}"] g.trail-feature')
        assert ends.evaluate_all("gs => gs.map(g => g.dataset.end)") == ["bush", "bush"]
    shot_types(page, ["S22", "S23", "S24", "S25", "S31", "S32"], "tiles-several-bush-areas.png")
    # a meeple on every feature, where the board would put one
    page.check("#show-meeples")
    expect(page.locator("svg.gallery-tile path.meeple").first).to_be_visible()
    result = check(page, "svg.gallery-tile", f"el => {{ const [l, n] = ({GALLERY_LAYOUT})(el); return [withMeeples(l), n]; }}")
    assert result["count"] == 132
    assert result["problems"] == [], "\n".join(result["problems"])
    shot_full(page, "tiles-meeples.png")
    page.uncheck("#show-meeples")
    shot_types(page, ["S02", "S03", "S08", "S09", "S10", "S11", "S14", "S17", "S18", "S19", "S26", "S27"],
               "tiles-trail-ends.png")


def test_two_bush_areas_on_one_tile_are_parted_by_a_clear_strip_of_savanna(server, page):
    """As on the real tiles, not a hairline: between any two bush areas of a tile (S22-S25,
    S32 and the like, at every rotation) at least 8 units of savanna (a tile is 100)."""
    open_gallery(page, server + "/tiles")
    gaps = page.evaluate("""async () => {
      const geo = (await import("/static/games.js")).get("safari").geometry, out = [];
      const set = await (await fetch("/api/tiles?set=real-1")).json();
      for (const t of set.types) for (const layout of t.layouts) {
        const g = geo.tileGeometry(layout), areas = g.areas.filter(a => a.inside);
        for (let a = 0; a < areas.length; a++) for (let b = a + 1; b < areas.length; b++) {
          let best = Infinity;
          const cells = k => { const out = []; for (let i = 0; i < k.length; i++) if (k[i]) out.push([i % 50, Math.floor(i / 50)]); return out; };
          const A = cells(areas[a].inside), B = cells(areas[b].inside);
          for (const p of A) for (const q of B) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]) * 2);
          out.push([t.id + "@" + layout.rotation, best]);
        }
      }
      return out;
    }""")
    assert len(gaps) >= 6 * 4, gaps  # the real set has several such tiles, each at four rotations
    narrow = [(t, round(d, 1)) for t, d in gaps if d < 8]
    assert narrow == [], narrow


def test_each_baobab_stands_where_the_tiles_picture_has_it_at_every_rotation(server, page):
    """The tile set gives the baobab's place where the drawing's own rule (the most room) put it
    elsewhere than the picture (S11 bottom right, S25 top middle, S12 and S16 top left); it
    turns with the tile. The crown's middle (the first ellipse) must lie in that part of the tile."""
    open_gallery(page, server + "/tiles")
    quadrant = {"SE": lambda x, y: x > 55 and y > 55, "N": lambda x, y: 35 <= x <= 65 and y < 45,
                "NW": lambda x, y: x < 45 and y < 45}
    turns = {"SE": ["SE", "SW", "NW", "NE"], "N": ["N", "E", "S", "W"], "NW": ["NW", "NE", "SE", "SW"]}
    inside = {"SE": quadrant["SE"], "SW": lambda x, y: x < 45 and y > 55, "NW": quadrant["NW"],
              "NE": lambda x, y: x > 55 and y < 45, "N": quadrant["N"], "E": lambda x, y: x > 55 and 35 <= y <= 65,
              "S": lambda x, y: 35 <= x <= 65 and y > 55, "W": lambda x, y: x < 45 and 35 <= y <= 65}
    for t, at in (("S11", "SE"), ("S25", "N"), ("S12", "NW"), ("S16", "NW")):
        for k, r in enumerate((0, 90, 180, 270)):
            crown = page.locator(f'svg[data-type={t}][data-rotation="{r}"] g.baobab ellipse.crown').first
            x, y = float(crown.get_attribute("cx")), float(crown.get_attribute("cy")) + 6  # where it stands
            # the tile's own frame: the gallery draws each tile at 0..100
            assert inside[turns[at][k]](x, y), (t, r, x, y, turns[at][k])
    shot_types(page, ["S02", "S06", "S11", "S12", "S16", "S25"], "tiles-baobabs.png")


def test_the_gallery_draws_the_older_set_and_a_users_own_set_by_the_same_rules(server, page, tmp_path):
    open_gallery(page, server + "/tiles?set=reconstruction-1")
    expect(page.locator("h1")).to_contain_text("reconstruction-1")
    shot_full(page, "tiles-reconstruction-1.png")
    result = check(page, "svg.gallery-tile", GALLERY_LAYOUT)
    assert result["count"] == 33 * 4
    assert result["problems"] == [], "\n".join(result["problems"])
    assert check(page, "#start-tile [data-tile]", START_LAYOUT)["problems"] == []
    # a user's set with tiles no packaged set has, loaded from a file on the page
    data = copy.deepcopy(default_data())
    data["version"] = "odd-shapes"

    def tile(ident: str, edges: str, features: list, animals: list) -> dict:
        return {"id": ident, "edges": edges, "savanna_corners": [], "count": 1, "copies": [animals],
                "features": [{"kind": k, "edges": list(s), **({"birds": b} if b else {})} for k, s, b in features]}

    data["tiles"] = [
        tile("X1", "bbbb", [("bush", "NE", 1), ("bush", "S", 0), ("bush", "W", 2)], ["A", "E", "G"]),
        tile("X2", "bbbb", [("bush", "NE", 1), ("bush", "SW", 1)], ["LZ", "G"]),
        tile("X3", "tbtt", [("trail", "N", 0), ("trail", "S", 0), ("trail", "W", 0), ("bush", "E", 1)],
             ["A", "", "E", "G"]),
        tile("X4", "tttt", [("trail", "NES", 0), ("trail", "W", 0), ("baobab", "", 0)], ["GZ", "L", ""]),
        tile("X5", "bbbb", [("bush", "EW", 1), ("bush", "N", 1), ("bush", "S", 0)], ["A", "E", "L"]),
        tile("X6", "tbbb", [("trail", "N", 0), ("bush", "ESW", 3)], ["AE", "GLZ"]),
        tile("X7", "sssb", [("bush", "W", 0), ("baobab", "", 0)], ["", ""]),
        tile("X8", "tsts", [("trail", "N", 0), ("trail", "S", 0), ("baobab", "", 0)], ["EEE", "Z", ""]),
    ]
    path = tmp_path / "odd-shapes.json"
    path.write_text(json.dumps(data))
    page.set_input_files("input[type=file]", str(path))
    expect(page.locator("h1")).to_contain_text("odd-shapes")
    page.wait_for_function("() => window.gallery.version === 'odd-shapes'")
    expect(page.locator("svg.gallery-tile")).to_have_count(8 * 4)
    shot_full(page, "tiles-user-set.png")
    result = check(page, "svg.gallery-tile", GALLERY_LAYOUT)
    assert result["count"] == 32
    assert result["problems"] == [], "\n".join(result["problems"])
    # the server refuses a broken set, and the page says so
    req = urllib.request.Request(server + "/api/tiles", data=b'{"format": "nope"}',
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req)
        raise AssertionError("a broken tile set was accepted")
    except urllib.error.HTTPError as e:
        assert e.code == 400 and json.load(e)["code"] == "bad_request"


def test_a_real_games_board_draws_the_start_tile_as_three_cells_with_their_features(server, page):
    body = json.dumps({"seats": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "player": "easy"}],
                       "seed": 3}).encode()
    req = urllib.request.Request(server + "/api/games", data=body, headers={"Content-Type": "application/json"})
    c = json.load(urllib.request.urlopen(req))
    page.goto(server + c["seats"][0]["join_path"])
    page.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    tiles = page.locator("#board [data-tile]")
    expect(tiles).to_have_count(3)
    assert tiles.evaluate_all("gs => gs.map(g => g.dataset.id)") == ["START"] * 3
    result = check(page, "#board g.tiles > [data-tile]", BOARD_LAYOUT)
    assert result == {"count": 3, "problems": []}
    # zoom in on the start tile for the screenshot
    page.evaluate("""() => { const pz = window.page.pz;
        pz.touched = true; pz.box = { x: -160, y: -45, w: 420, h: 190 }; pz.apply(); }""")
    shot_element(page, "#board", "board-start-tile.png")
    # the drawn tile's preview is drawn by the same code, and checks out too
    lay = page.evaluate("window.page.view.drawn_tile.layouts.find(l => l.rotation === window.page.ui.rotation)")
    problems = page.evaluate("""(lay) => window.checkTiles([[document.querySelector('svg.tile-preview g.tile'), lay, 'drawn tile']])""", lay)
    assert problems == []


def shot_full(pg: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / name), full_page=True)


def shot_element(pg: Page, selector: str, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.locator(selector).screenshot(path=str(ARTIFACTS / name))


def shot_types(pg: Page, types: list[str], name: str) -> None:
    """A screenshot of just these tile types, drawn larger."""
    pg.evaluate("""(types) => {
        const box = document.createElement('section');
        box.className = 'card'; box.id = 'shot-box';
        for (const t of types) box.appendChild(document.querySelector(`.type[data-type=${t}]`).cloneNode(true));
        document.querySelector('main').prepend(box);
    }""", types)
    pg.add_style_tag(content="#shot-box .gallery-tile { width: 140px; height: 140px; } "
                             "#shot-box { display: grid; grid-template-columns: repeat(2, max-content); gap: .8em 1.6em; }")
    shot_element(pg, "#shot-box", name)
    pg.evaluate("document.getElementById('shot-box').remove()")
