// The board in SVG, drawn from the tile data of the view (no tile images): savanna,
// trails, bush with its birds, baobabs, animals, meeples, rangers, watering holes, with
// the pictures of art.js (animal silhouettes, the classic meeple with its seat's mark,
// the rangers' jeep, textures). Pure drawing: game.js decides what is clickable and
// passes the markers to add.
(() => {
"use strict";

const S = 100; // SVG units per tile
const SVGNS = "http://www.w3.org/2000/svg";
const ART = window.SavannaArt;
const SEAT_COLOURS = ART.SEAT_COLOURS;
const { _, ngettext, N_ } = window.SavannaI18n;
const SEAT_NAMES = [N_("red"), N_("blue"), N_("purple"), N_("orange"), N_("teal")]; // translated where shown
const ANIMAL_COLOURS = { A: "#6b4a2f", E: "#7d8591", G: "#e0a526", L: "#c8561c", Z: "#2b2b2b" };
const MID = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
const CORNER_XY = { NW: [0, 0], NE: [100, 0], SE: [100, 100], SW: [0, 100] };
// the two sides meeting at a corner (a bush on both covers it)
const CORNER_SIDES = { NE: "NE", SE: "ES", SW: "SW", NW: "WN" };

function el(name, attrs = {}, children = []) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

function text(x, y, s, attrs = {}) {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs });
  t.textContent = s;
  return t;
}

// ------------------------------------------------------------------ tile geometry
// Where everything on a tile goes, worked out from its layout alone (its edges and
// features, turned already), so that any tile set draws; kept per layout, as a board
// shows the same few dozen layouts again and again. Tile-local units 0..100, x east, y south.
//
// Bush: each side of a bush area gets a bump reaching inwards; two sides of one area
// meeting at a corner fill that corner, and two sides or more join in a blob. Two
// separate bush areas never touch: where their sides meet at a corner, both stop short
// of the corner's diagonal, leaving a strip of savanna between them.
// Trails: a trail of two sides runs from one to the other, of three or more meets in
// the middle. A trail that ends on the tile (one side) runs into the nearest bush and
// ends under its edge, meets the others at a crossroads (three dead ends or more), or
// ends in the savanna with an end mark. The baobab stands where there is most room;
// animals sit on their own feature, birds inside their own bush area, meeples beside.

const DIR = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
// the side met at the left and the right end of a side, seen from the middle of the tile
const LEFT_SIDE = { N: "W", E: "N", S: "E", W: "S" };
const RIGHT_SIDE = { N: "E", E: "S", S: "W", W: "N" };
const GAP = 3; // how far two bush areas stay off a corner's diagonal, each
const ANIMAL_R = 9; // an animal token's radius
const BAOBAB_R = 19; // the baobab's crown and trunk fit a circle this big around (x, y - 2)

// a point given in side N's frame (x along the edge from the NW corner, y inwards) on side s
function onSide(s, [x, y]) {
  if (s === "E") return [100 - y, x];
  if (s === "S") return [100 - x, 100 - y];
  if (s === "W") return [y, 100 - x];
  return [x, y];
}

// Paths are lists of commands ["M", p], ["L", p], ["Q", c, p], ["C", c1, c2, p], ["Z"].
function pathD(cmds) {
  const f = p => `${+p[0].toFixed(2)},${+p[1].toFixed(2)}`;
  return cmds.map(c => c[0] === "Z" ? "Z" : c[0] + c.slice(1).map(f).join(" ")).join(" ");
}

// the points along a path, one list per "M" (curves cut into n pieces)
function pathPoints(cmds, n = 16) {
  const lines = [];
  let at = null, line = null;
  for (const c of cmds) {
    if (c[0] === "M") { at = c[1]; line = [at]; lines.push(line); continue; }
    if (c[0] === "Z") continue;
    const p = c[c.length - 1];
    for (let i = 1; i <= (c[0] === "L" ? 1 : n); i++) {
      const t = i / n, u = 1 - t;
      if (c[0] === "L") line.push(p);
      else if (c[0] === "Q") line.push([0, 1].map(k => u * u * at[k] + 2 * u * t * c[1][k] + t * t * p[k]));
      else line.push([0, 1].map(k => u * u * u * at[k] + 3 * u * u * t * c[1][k] + 3 * u * t * t * c[2][k] + t * t * t * p[k]));
    }
    at = p;
  }
  return lines;
}

function dist(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); }

function segDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l = dx * dx + dy * dy;
  const t = l ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

// distance from p to a polyline
function lineDist(p, pts) {
  let d = Infinity;
  for (let i = 1; i < pts.length; i++) d = Math.min(d, segDist(p, pts[i - 1], pts[i]));
  return d;
}

function inPolygon(p, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i], [xj, yj] = pts[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < (xj - xi) * (p[1] - yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function lineLength(pts) {
  let l = 0;
  for (let i = 1; i < pts.length; i++) l += dist(pts[i - 1], pts[i]);
  return l;
}

// a polyline's point at a fraction of its length
function alongLine(pts, frac) {
  const lens = [0];
  for (let i = 1; i < pts.length; i++) lens.push(lens[i - 1] + dist(pts[i - 1], pts[i]));
  const want = lens[lens.length - 1] * frac;
  for (let i = 1; i < pts.length; i++) {
    if (lens[i] >= want) {
      const t = lens[i] === lens[i - 1] ? 0 : (want - lens[i - 1]) / (lens[i] - lens[i - 1]);
      return [pts[i - 1][0] + t * (pts[i][0] - pts[i - 1][0]), pts[i - 1][1] + t * (pts[i][1] - pts[i - 1][1])];
    }
  }
  return pts[pts.length - 1];
}

// One side of a bush area: a bump from the edge inwards, `depth` deep in the middle.
// An end next to another bush area keeps off that corner's diagonal.
function bushBump(s, depth, leftApart, rightApart) {
  const D = depth, h = D * 0.7, cmds = [["M", leftApart ? [GAP, 0] : [0, 0]]];
  if (rightApart) {
    const H = [100 - GAP - h, h];
    cmds.push(["L", [100 - GAP, 0]], ["L", H], ["C", [H[0] - 10, H[1] + 8], [Math.min(62, 95 - D), D], [50, D]]);
  } else {
    cmds.push(["L", [100, 0]], ["C", [88, D * 0.75], [68, D], [50, D]]);
  }
  if (leftApart) {
    const H = [GAP + h, h];
    cmds.push(["C", [Math.max(38, 5 + D), D], [H[0] + 10, H[1] + 8], H], ["Z"]);
  } else {
    cmds.push(["C", [32, D], [12, D * 0.75], [0, 0]], ["Z"]);
  }
  return cmds.map(c => c[0] === "Z" ? c : [c[0], ...c.slice(1).map(p => onSide(s, p))]);
}

function circlePoints([cx, cy], r, n = 32) {
  return Array.from({ length: n }, (_, i) => [cx + r * Math.cos(2 * Math.PI * i / n), cy + r * Math.sin(2 * Math.PI * i / n)]);
}

// the bush areas of a tile: per bush feature its parts (to draw) and their outlines.
// They reach less deep when the tile has several, or a trail across it.
function bushAreas(feats, owner) {
  const idx = feats.map((f, i) => i).filter(i => feats[i].kind === "bush" && (feats[i].sides || "").length);
  const many = idx.length > 1;
  const bigAmongMany = many && idx.some(i => feats[i].sides.length >= 2);
  const crossed = feats.some(f => f.kind === "trail" && (f.sides || "").length >= 2)
    || feats.filter(f => f.kind === "trail" && (f.sides || "").length === 1).length >= 3; // a crossroads
  const areas = new Map();
  for (const i of idx) {
    const sides = feats[i].sides;
    const depth = !many ? (crossed ? 35 : 42) : (sides.length >= 2 || !bigAmongMany) ? 34 : 22;
    const apart = s => owner[s] !== undefined && owner[s] !== i && feats[owner[s]].kind === "bush";
    const parts = [];
    for (const s of sides) {
      const cmds = bushBump(s, depth, apart(LEFT_SIDE[s]), apart(RIGHT_SIDE[s]));
      parts.push({ d: pathD(cmds), outline: pathPoints(cmds)[0] });
    }
    let anchor = onSide(sides[0], [50, depth * 0.5]);
    const corners = Object.entries(CORNER_SIDES).filter(([, pair]) => sides.includes(pair[0]) && sides.includes(pair[1]));
    for (const [c] of corners) { // the quarter of the tile at that corner, rounded towards the middle
      const [cx, cy] = CORNER_XY[c], sx = cx > 50 ? 1 : -1, sy = cy > 50 ? 1 : -1, r = 18;
      const arc = Array.from({ length: 9 }, (_, k) => {
        const a = Math.PI / 2 * k / 8;
        return [50 + r * sx - r * sx * Math.cos(a), 50 + r * sy - r * sy * Math.sin(a)];
      });
      parts.push({ d: `M${cx},${cy} L${cx},50 Q50,50 50,${cy} Z`, rect: [Math.min(cx, 50), Math.min(cy, 50)],
        outline: [[cx, cy], [cx, 50], ...arc.reverse(), [50, cy]] });
    }
    if (sides.length >= 2) {
      const m = [0, 1].map(k => [...sides].reduce((a, s) => a + DIR[s][k], 0) / sides.length);
      const small = many || crossed; // off the middle, towards its own sides
      const ml = Math.hypot(m[0], m[1]), off = small && ml > 0.01 ? 22 / ml : 0;
      const centre = [50 + m[0] * off, 50 + m[1] * off];
      const r = small ? 18 : 24;
      parts.push({ circle: [centre, r], outline: circlePoints(centre, r) });
      anchor = centre;
      if (corners.length === 1 && sides.length === 2) { // two sides round a corner: sit in the corner
        const [cx, cy] = CORNER_XY[corners[0][0]];
        anchor = [50 + (cx - 50) * 0.45, 50 + (cy - 50) * 0.45];
      }
    }
    areas.set(i, { feature: i, sides, depth, parts, anchor });
  }
  return areas;
}

function inArea(area, p) { return area.parts.some(part => inPolygon(p, part.outline)); }

// Fields on a grid of CELL units (cell centres at 1, 3, ... 99): how far each cell is from
// the nearest cell where `inside` is false (the tile's border counts as such when `border`),
// by a two-pass chamfer distance. Placing animals, birds and the baobab reads them.
const CELL = 2, CELLS = 100 / CELL;

function distanceField(inside, border) {
  const n = CELLS, d = new Float32Array(n * n), far = 1e6;
  for (let k = 0; k < n * n; k++) d[k] = inside[k] ? far : 0;
  const diag = Math.SQRT2 * CELL;
  const at = (i, j) => (i < 0 || j < 0 || i >= n || j >= n) ? (border ? -CELL / 2 : far) : d[j * n + i];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
    const k = j * n + i;
    if (d[k]) d[k] = Math.min(d[k], at(i - 1, j) + CELL, at(i, j - 1) + CELL, at(i - 1, j - 1) + diag, at(i + 1, j - 1) + diag);
  }
  for (let j = n - 1; j >= 0; j--) for (let i = n - 1; i >= 0; i--) {
    const k = j * n + i;
    if (d[k]) d[k] = Math.min(d[k], at(i + 1, j) + CELL, at(i, j + 1) + CELL, at(i + 1, j + 1) + diag, at(i - 1, j + 1) + diag);
  }
  return d;
}

function cellOf(p) {
  const i = Math.max(0, Math.min(CELLS - 1, Math.floor(p[0] / CELL))), j = Math.max(0, Math.min(CELLS - 1, Math.floor(p[1] / CELL)));
  return j * CELLS + i;
}

// the cells of an area, each part's outline filled row by row (even-odd)
function rasterise(area) {
  const inside = new Uint8Array(CELLS * CELLS);
  for (const { outline } of area.parts) {
    for (let j = 0; j < CELLS; j++) {
      const y = j * CELL + CELL / 2, xs = [];
      for (let k = 0, m = outline.length - 1; k < outline.length; m = k++) {
        const [x1, y1] = outline[m], [x2, y2] = outline[k];
        if ((y1 > y) !== (y2 > y)) xs.push(x1 + (y - y1) * (x2 - x1) / (y2 - y1));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k] / CELL - 0.5)), to = Math.min(CELLS - 1, Math.floor(xs[k + 1] / CELL - 0.5));
        for (let i = from; i <= to; i++) inside[j * CELLS + i] = 1;
      }
    }
  }
  area.inside = inside;
  area.depth = distanceField(inside, true); // how deep inside the area a cell is (0: outside)
}

// p and everything within r of it in the area
function deepInArea(area, p, r) {
  return p[0] >= 0 && p[1] >= 0 && p[0] <= 100 && p[1] <= 100 && area.depth[cellOf(p)] >= r + CELL / 2;
}

const GEOMETRY = new Map();

function tileGeometry(layout) {
  const feats = layout.features || [];
  const key = JSON.stringify(feats.map(f => [f.kind, f.sides || "", f.animals || "", f.birds || 0]));
  let geo = GEOMETRY.get(key);
  if (!geo) {
    geo = computeGeometry(feats);
    if (GEOMETRY.size > 2000) GEOMETRY.clear();
    GEOMETRY.set(key, geo);
  }
  return geo;
}

function computeGeometry(feats) {
  const owner = {};
  feats.forEach((f, i) => { if (f.kind !== "baobab") for (const s of f.sides || "") owner[s] = i; });
  const areas = bushAreas(feats, owner);
  const anyBush = new Uint8Array(CELLS * CELLS);
  for (const a of areas.values()) {
    rasterise(a);
    for (let k = 0; k < anyBush.length; k++) if (a.inside[k]) anyBush[k] = 1;
  }
  const bushDist = distanceField(anyBush.map(v => 1 - v), false); // how far from any bush
  const spots = feats.map(() => ({ animals: [], birds: null, meeple: null }));
  const centre = [50, 50];

  // trails
  const trailIdx = feats.map((f, i) => i).filter(i => feats[i].kind === "trail" && (feats[i].sides || "").length);
  const deadEnds = trailIdx.filter(i => feats[i].sides.length === 1);
  const crossroads = deadEnds.length >= 3 ? centre : null;
  const trails = [];
  for (const i of trailIdx) {
    const sides = feats[i].sides;
    const t = { feature: i, end: "through", bush: null, endAt: null };
    let cmds;
    if (sides.length === 2) cmds = [["M", MID[sides[0]]], ["Q", centre, MID[sides[1]]]];
    else if (sides.length >= 3) {
      cmds = [["M", MID[sides[0]]], ["L", centre], ["L", MID[sides[1]]]];
      for (const s of sides.slice(2)) cmds.push(["M", centre], ["L", MID[s]]);
    } else {
      const m = MID[sides[0]];
      const towards = k => [m[0] + (50 - m[0]) * k, m[1] + (50 - m[1]) * k];
      if (crossroads) { cmds = [["M", m], ["L", crossroads]]; t.end = "crossroads"; t.endAt = crossroads; }
      else if (areas.size) {
        let best = null;
        for (const a of areas.values()) if (!best || dist(m, a.anchor) < dist(m, best.anchor)) best = a;
        cmds = [["M", m], ["Q", towards(0.4), best.anchor]];
        t.end = "bush"; t.bush = best.feature; t.endAt = best.anchor;
      } else {
        const middle = trailIdx.some(j => feats[j].sides.length >= 2);
        t.endAt = towards(trailIdx.length === 1 ? 0.8 : middle ? 0.5 : 0.6);
        cmds = [["M", m], ["L", t.endAt]];
        t.end = "savanna";
      }
    }
    t.d = pathD(cmds);
    t.lines = pathPoints(cmds);
    if (t.end === "bush") { // what shows: up to where it goes under the bush
      const area = areas.get(t.bush), line = t.lines[0];
      const k = line.findIndex(p => inArea(area, p));
      t.visible = [k > 0 ? line.slice(0, k + 1) : line];
    } else t.visible = t.lines;
    trails.push(t);
  }

  // animals on trails: spread along what shows of the trail, closer together (overlapping)
  // where it is short
  const animalAt = [];
  for (const t of trails) {
    const n = (feats[t.feature].animals || "").length;
    if (!n) continue;
    const line = t.visible[0], len = lineLength(line);
    const room = len - (t.end === "savanna" ? 10 : t.end === "bush" ? ANIMAL_R + 1 : 0);
    const gap = 2 * ANIMAL_R + 1;
    let at = Array.from({ length: n }, (_, k) => room * (k + 1) / (n + 1));
    if (n > 1 && room / (n + 1) < gap) {
      const first = Math.min(ANIMAL_R + 2, room / 2), step = Math.min(gap, (room - first) / (n - 1));
      at = at.map((_, k) => first + k * step);
    }
    for (const d of at) {
      const p = alongLine(line, Math.max(0, d) / len);
      spots[t.feature].animals.push(p);
      animalAt.push(p);
    }
  }
  // animals in bush: near the area's anchor, deep enough inside
  const grid = [];
  for (let y = 4; y <= 96; y += 3) for (let x = 4; x <= 96; x += 3) grid.push([x, y]);
  for (const a of areas.values()) {
    const n = (feats[a.feature].animals || "").length;
    const cands = grid.filter(p => deepInArea(a, p, ANIMAL_R + 1));
    for (let k = 0; k < n; k++) { // side by side if there is room
      const want = [a.anchor[0] + (k - (n - 1) / 2) * (2 * ANIMAL_R + 1), a.anchor[1]];
      const p = cands.filter(c => spots[a.feature].animals.every(o => dist(c, o) >= 2 * ANIMAL_R + 1))
        .sort((p, q) => dist(p, want) - dist(q, want))[0] || a.anchor;
      spots[a.feature].animals.push(p);
      animalAt.push(p);
    }
  }
  // birds: a row of them inside their own bush area, clear of the animals, above them if
  // there is room; two or three rows where one does not fit
  const birdBoxes = [];
  for (const a of areas.values()) {
    const n = feats[a.feature].birds || 0;
    if (!n) continue;
    const want = [a.anchor[0], a.anchor[1] - 15];
    const cands = grid.concat(grid.map(([x, y]) => [x + 1.5, y + 1.5])).sort((p, q) => dist(p, want) - dist(q, want));
    let found = null;
    for (let rows = 1; rows <= Math.min(3, n) && !found; rows++) {
      const perRow = Math.ceil(n / rows);
      const place = ([x, y]) => Array.from({ length: n }, (_, k) => {
        const row = Math.floor(k / perRow), inRow = Math.min(perRow, n - row * perRow), col = k % perRow;
        return [x + (col - (inRow - 1) / 2) * 12, y + (row - (rows - 1) / 2) * 8];
      });
      const fits = c => place(c).every(([bx, by]) => [[bx - 6, by - 5], [bx + 6, by - 5], [bx - 6, by + 2], [bx + 6, by + 2]]
        .every(q => deepInArea(a, q, 1)) && animalAt.every(o => Math.max(Math.abs(o[0] - bx) - 6, Math.abs(o[1] - by + 1.5) - 3.5) >= ANIMAL_R + 2));
      const c = cands.find(fits);
      if (c) found = place(c);
    }
    if (!found) found = [a.anchor]; // no room at all: one bird stands for them
    spots[a.feature].birds = found;
    for (const p of found) birdBoxes.push(p);
  }

  // the baobab: where it is farthest from everything else (in the middle if there is room)
  const baobabIdx = feats.findIndex(f => f.kind === "baobab");
  let baobabAt = null;
  if (baobabIdx >= 0) {
    const room = p => {
      const c = [p[0], p[1] - 2];
      let d = Infinity;
      for (const t of trails) { // a little room to spare round everything
        for (const line of t.visible) d = Math.min(d, lineDist(c, line) - 10);
        if (t.end === "savanna" || t.end === "crossroads") d = Math.min(d, dist(c, t.endAt) - 13);
      }
      d = Math.min(d, bushDist[cellOf(c)] - CELL - 2);
      for (const o of animalAt) d = Math.min(d, dist(c, o) - ANIMAL_R - 3);
      for (const o of birdBoxes) d = Math.min(d, dist(c, o) - 10);
      return d - BAOBAB_R;
    };
    let best = null, bestScore = -Infinity;
    for (let y = 23; y <= 83; y += 3) for (let x = 21; x <= 79; x += 3) {
      const p = [x, y], score = Math.min(room(p), 6) * 100 - dist(p, [50, 52]);
      if (score > bestScore) { best = p; bestScore = score; }
    }
    baobabAt = best;
  }

  // meeples: on their feature, clear of its animals, birds and the baobab (a meeple is 15
  // high and wide about the point)
  const onTile = q => q[0] >= 9 && q[0] <= 91 && q[1] >= 13 && q[1] <= 90;
  const taken = p => !onTile(p) || animalAt.some(o => dist(p, o) < ANIMAL_R + 8) || birdBoxes.some(o => dist(p, o) < 13)
    || (baobabAt && dist(p, [baobabAt[0], baobabAt[1] - 2]) < BAOBAB_R + 6);
  for (const t of trails) {
    const line = t.visible[0];
    const fracs = [0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.5, 0.15, 0.85, 0.1];
    const clear = q => !taken(q) && bushDist[cellOf(q)] > 9;
    let p = fracs.map(f => alongLine(line, f)).find(clear);
    if (!p) { // beside the trail, by its first animal
      const a = spots[t.feature].animals[0] || alongLine(line, 0.5);
      const beside = [[a[0] + 14, a[1] + 10], [a[0] - 14, a[1] + 10], [a[0] + 14, a[1] - 10], [a[0] - 14, a[1] - 10]]
        .filter(onTile);
      p = beside.find(clear) || beside.find(q => !taken(q)) || [a[0] + 12, a[1] + 12];
    }
    spots[t.feature].meeple = p;
  }
  for (const a of areas.values()) {
    const cands = grid.filter(p => deepInArea(a, p, 7) && !taken(p)).sort((p, q) => dist(p, a.anchor) - dist(q, a.anchor));
    spots[a.feature].meeple = cands[0] || [a.anchor[0] - 12, a.anchor[1] + 12];
  }
  if (baobabIdx >= 0) {
    const [bx, by] = baobabAt;
    const beside = [[bx + 22, by + 10], [bx - 22, by + 10], [bx + 22, by - 12], [bx - 22, by - 12], [bx, by + 24]]
      .filter(onTile);
    const free = q => onTile(q) && !animalAt.some(o => dist(q, o) < ANIMAL_R + 8) && bushDist[cellOf(q)] > 6
      && trails.every(t => t.visible.every(line => lineDist(q, line) > 12));
    const near = [bx, by + 4], room = q => free(q) && dist(q, [bx, by - 2]) >= BAOBAB_R + 4;
    spots[baobabIdx].meeple = beside.find(free) || grid.filter(room).sort((p, q) => dist(p, near) - dist(q, near))[0]
      || beside[0] || [bx, by + 20];
    spots[baobabIdx].at = baobabAt;
  }
  for (const s of spots) if (!s.meeple) s.meeple = [50, 50];
  return { areas: [...areas.values()], trails, crossroads, baobab: baobabAt, spots };
}

// An animal: a round token with its silhouette (its letter where the picture is unknown).
function animalMarker(letter, x, y, r = ANIMAL_R, names = {}) {
  const g = el("g", { class: "animal", "data-animal": letter });
  const ring = ANIMAL_COLOURS[letter] || "#555";
  g.appendChild(el("circle", { cx: x, cy: y, r, class: "token", stroke: ring }));
  const pic = ART.picture(letter, names);
  if (pic) {
    const w = r * 2.05;
    g.appendChild(ART.use(pic, x - w / 2, y - w / 2 - r * 0.04, w, w, { class: "animal-art" }));
  } else {
    g.appendChild(text(x, y + 0.5, letter, { class: "animal-letter", "font-size": r * 1.25, fill: ring }));
  }
  return g;
}

// A meeple of the classic shape in the seat's colour, with the seat's mark on its chest
// (a shape per seat, for eyes that do not tell the colours apart). `extra` goes on the
// meeple's path; the mark is drawn over it.
function meeple(x, y, seat, size = 15, extra = {}) {
  const f = document.createDocumentFragment();
  f.appendChild(el("path", { d: ART.meeplePath(x, y, size), class: "meeple", fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], ...extra }));
  f.appendChild(el("path", { d: ART.meepleMark(x, y, seat, size), class: "meeple-mark", "data-seat": seat }));
  return f;
}

// A baobab: a swollen trunk, bare branches and a flat crown (the first ellipse is the
// crown's middle: where the tree stands).
function baobab(x, y, attrs = {}) {
  return el("g", { class: "baobab", ...attrs }, [
    el("ellipse", { cx: x, cy: y - 6, rx: 17, ry: 5.5, class: "crown" }),
    el("path", { class: "trunk", d: `M${x - 7},${y + 14} C${x - 8},${y + 6} ${x - 5},${y + 1} ${x - 3.2},${y - 4} L${x + 3.2},${y - 4} `
      + `C${x + 5},${y + 1} ${x + 8},${y + 6} ${x + 7},${y + 14} Q${x},${y + 15.5} ${x - 7},${y + 14} Z` }),
    el("path", { class: "branches", d: `M${x - 2},${y - 3} L${x - 9},${y - 10} M${x + 2},${y - 3} L${x + 10},${y - 11} M${x},${y - 4} L${x + 1},${y - 12}` }),
    el("ellipse", { cx: x - 10, cy: y - 11, rx: 8, ry: 4.6, class: "crown" }),
    el("ellipse", { cx: x + 10, cy: y - 12, rx: 8, ry: 4.6, class: "crown" }),
    el("ellipse", { cx: x + 1, cy: y - 13.5, rx: 7.5, ry: 4.2, class: "crown light" }),
    el("path", { class: "bark", d: `M${x - 3},${y + 2} q-1.5,5 -.5,10 M${x + 2.5},${y + 4} q1,4 .5,8` }),
  ]);
}

// birds, one centred on each spot: a light gull's silhouette, one path each
function birds(spots, attrs = {}) {
  const g = el("g", { class: "birds", ...attrs });
  for (const [x, y] of spots) {
    const by = y + 1;
    g.appendChild(el("path", { d: `M${x - 5.8},${by - 1.6} Q${x - 3},${by - 4.6} ${x},${by - 0.6} Q${x + 3},${by - 4.6} ${x + 5.8},${by - 1.6} `
      + `Q${x + 3},${by - 2.2} ${x},${by + 1.2} Q${x - 3},${by - 2.2} ${x - 5.8},${by - 1.6} Z` }));
  }
  return g;
}

// A bush area: its parts twice, a dark edge under a leafy fill, so that the edge shows
// only round the whole area.
function drawBush(area) {
  const g = el("g", { class: "bush", "data-feature": area.feature, "data-sides": area.sides });
  // (the edge keeps off the tile's border, where the bush goes on into the next tile)
  for (const [cls, fill, clip] of [["bush-edge", null, "url(#clip-tile-inner)"], ["bush-fill", "url(#tex-bush)", null]]) {
    const layer = el("g", { class: cls, fill, "clip-path": clip });
    for (const part of area.parts) {
      if (part.circle) layer.appendChild(el("circle", { cx: part.circle[0][0], cy: part.circle[0][1], r: part.circle[1] }));
      else if (part.rect) {
        layer.appendChild(el("path", { d: part.d }));
        layer.appendChild(el("rect", { x: part.rect[0], y: part.rect[1], width: 50, height: 50, rx: 18 }));
      } else layer.appendChild(el("path", { d: part.d }));
    }
    g.appendChild(layer);
  }
  return g;
}

function drawTrail(t, f) {
  const done = f.complete ? " complete" : "";
  const g = el("g", { class: "trail-feature", "data-feature": t.feature, "data-end": t.end, "data-sides": f.sides });
  g.appendChild(el("path", { d: t.d, class: "trail-edge" + done }));
  if (t.end === "savanna") g.appendChild(el("circle", { cx: t.endAt[0], cy: t.endAt[1], r: 9, class: "trail-end-edge" + done }));
  g.appendChild(el("path", { d: t.d, class: "trail" }));
  g.appendChild(el("path", { d: t.d, class: "trail-tex" }));
  if (t.end === "savanna") g.appendChild(el("circle", { cx: t.endAt[0], cy: t.endAt[1], r: 5, class: "trail-end" }));
  return g;
}

// One tile at tile-local coordinates (the caller translates it). `layout` holds
// edges, corners and features (rotated already); board tiles add meeples and ids.
// Every part drawn for a feature carries its index in the layout (data-feature).
function drawTile(layout, opts = {}) {
  const g = el("g", { class: "tile" + (opts.ghost ? " ghost" : ""), "data-edges": layout.edges });
  g.appendChild(el("rect", { x: 0, y: 0, width: S, height: S, class: "savanna" }));
  g.appendChild(el("rect", { x: 0, y: 0, width: S, height: S, class: "grass", fill: "url(#tex-grass)" }));
  const features = layout.features || [];
  const geo = tileGeometry(layout);
  // trails that end in a bush go under it: the bush's edge is where they end
  for (const t of geo.trails) if (t.end === "bush") g.appendChild(drawTrail(t, features[t.feature]));
  for (const a of geo.areas) g.appendChild(drawBush(a));
  for (const t of geo.trails) if (t.end !== "bush") g.appendChild(drawTrail(t, features[t.feature]));
  if (geo.crossroads) g.appendChild(el("circle", { cx: geo.crossroads[0], cy: geo.crossroads[1], r: 10, class: "junction" }));
  features.forEach((f, i) => {
    const spot = geo.spots[i];
    if (f.kind === "baobab" && spot.at) g.appendChild(baobab(spot.at[0], spot.at[1], { "data-feature": i }));
  });
  features.forEach((f, i) => {
    const spot = geo.spots[i];
    [...(f.animals || "")].forEach((a, k) => {
      const [x, y] = spot.animals[k] || spot.meeple;
      const m = animalMarker(a, x, y, ANIMAL_R, opts.animals);
      m.setAttribute("data-feature", i);
      g.appendChild(m);
    });
    if (f.kind === "bush" && f.birds && spot.birds) g.appendChild(birds(spot.birds, { "data-feature": i }));
  });
  features.forEach((f, i) => {
    const [mx, my] = geo.spots[i].meeple;
    (f.meeples || []).forEach((seat, k) => g.appendChild(meeple(mx + k * 10, my, seat, 17, { "data-seat": seat, "data-feature": i })));
  });
  g.appendChild(el("rect", { x: 0.5, y: 0.5, width: S - 1, height: S - 1, rx: 1.5, class: "tile-edge" }));
  if (opts.label) g.appendChild(text(50, 92, opts.label, { class: "tile-label" }));
  return g;
}

// A tile's tooltip: its id and what is on it, in words.
function describeTile(t, names = {}) {
  const parts = (t.features || []).map(f => {
    const name = window.SavannaWords ? window.SavannaWords.name : s => s; // the game page's names of things
    const animals = [...(f.animals || "")].map(a => name(names[a] || a)).join(", ");
    const bits = [name(f.kind) + (f.kind === "baobab" ? "" : ` ${f.sides || ""}`)];
    if (animals) bits.push(animals);
    if (f.birds) bits.push(ngettext("{n} bird", "{n} birds", f.birds));
    if (f.complete) bits.push(_("complete"));
    if ((f.meeples || []).length) bits.push(_("meeples: {seats}", { seats: f.meeples.map(s => _(SEAT_NAMES[s])).join(", ") }));
    return bits.join(" · ");
  });
  return [_("{id} at {x},{y}", { id: t.id, x: t.x, y: t.y }) + (t.rotation ? ` (${t.rotation}°)` : ""), ...parts].join("\n");
}

// Where a meeple would stand on feature `index` of a tile (tile-local).
function meepleSpot(tile, index) {
  return tileGeometry(tile).spots[index].meeple;
}

// Slot k of a watering hole point: 0 NW, 1 NE, 2 SE, 3 SW around the point.
const SLOT_OFFSETS = [[-12, -12], [12, -12], [12, 12], [-12, 12]];
// the slot a tile corner fills: the NE corner of tile (x,y) is slot 3 of point (x+1, y)...
const CORNER_TO_POINT = { NW: [0, 0, 2], NE: [1, 0, 3], SE: [1, 1, 0], SW: [0, 1, 1] };

function cornerPoint(x, y, corner) {
  const [dx, dy, slot] = CORNER_TO_POINT[corner];
  return { point: [x + dx, y + dy], slot };
}

function drawHole(h, names = {}) {
  const [px, py] = [h.point[0] * S, h.point[1] * S];
  const g = el("g", { class: "hole" + (h.complete ? " complete" : ""), "data-point": h.point.join(",") });
  const pond = [[0, -27], [19, -20], [27, 0], [20, 19], [0, 27], [-20, 20], [-27, 0], [-19, -19]];
  const d = pond.map(([x, y], i) => {
    const [nx, ny] = pond[(i + 1) % pond.length];
    return `${i ? "" : `M${px + x},${py + y} `}Q${px + x + (nx - x) / 2 + (x + nx) * 0.08},${py + y + (ny - y) / 2 + (y + ny) * 0.08} ${px + nx},${py + ny}`;
  }).join(" ") + " Z";
  g.appendChild(el("path", { d, class: "water" }));
  g.appendChild(el("path", { d: `M${px - 14},${py + 1} q4,-3 8,0 M${px + 6},${py - 1} q4,-3 8,0 M${px - 4},${py + 8} q4,-3 8,0`, class: "ripple" }));
  h.slots.forEach((a, k) => {
    if (!a) return;
    const [ox, oy] = SLOT_OFFSETS[k];
    g.appendChild(animalMarker(a, px + ox, py + oy, 9.5, names));
  });
  (h.diggers || []).forEach(([seat, slot], i) => {
    const [ox, oy] = SLOT_OFFSETS[slot];
    g.appendChild(meeple(px + ox * 2.3, py + oy * 2.3, seat, 14, { "data-seat": seat }));
  });
  return g;
}

// A ranger: the white jeep, with its number on the door.
function drawRanger(x, y, index, attrs = {}) {
  const cx = x * S + 78, cy = y * S + 20;
  return el("g", { class: "ranger", ...attrs }, [
    el("ellipse", { cx, cy: cy + 12, rx: 18, ry: 3.5, class: "shadow" }),
    ART.use("ranger", cx - 22, cy - 20, 44, 40),
    text(cx - 1, cy + 5.5, String(index + 1), { class: "ranger-label" }),
  ]);
}

// The whole board of a view into <g> `layer`; returns the bounds in tile units.
function drawBoard(layer, view, opts = {}) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const tiles = el("g", { class: "tiles" });
  let minX = 0, maxX = 0, minY = 0, maxY = 0;
  const last = view.last_placed;
  for (const t of view.board) {
    minX = Math.min(minX, t.x); maxX = Math.max(maxX, t.x); minY = Math.min(minY, t.y); maxY = Math.max(maxY, t.y);
    const g = el("g", { transform: `translate(${t.x * S},${t.y * S})`, "data-tile": `${t.x},${t.y}`, "data-id": t.id });
    g.appendChild(drawTile(t));
    g.appendChild(el("title", {}, [document.createTextNode(describeTile(t, opts.animals))]));
    if (last && last[0] === t.x && last[1] === t.y) g.appendChild(el("rect", { x: 2, y: 2, width: S - 4, height: S - 4, class: "last-placed" }));
    tiles.appendChild(g);
  }
  layer.appendChild(tiles);
  if (opts.scoring) {
    const hl = el("g", { class: "scoring-highlight" });
    for (const [x, y] of opts.scoring) hl.appendChild(el("rect", { x: x * S + 3, y: y * S + 3, width: S - 6, height: S - 6 }));
    layer.appendChild(hl);
  }
  const holes = el("g", { class: "holes" });
  for (const h of view.watering_holes) holes.appendChild(drawHole(h, opts.animals));
  layer.appendChild(holes);
  const rangers = el("g", { class: "rangers" });
  view.rangers.forEach((r, i) => { if (r) rangers.appendChild(drawRanger(r[0], r[1], i, { "data-ranger": i })); });
  layer.appendChild(rangers);
  for (const [x, y] of view.empty_spaces) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX, maxX, minY, maxY };
}

// Pan and zoom of an <svg> through its viewBox: wheel zooms about the pointer, dragging
// pans (a finger too), two fingers pinch to zoom and pan together; a click or tap that
// did not drag still reaches the board. `lastPointer` is the kind of the last pointer
// pressed ("mouse", "touch", "pen"): a touch screen has no hover, so a tap selects.
// `onChange` listeners hear every change of the view (the marks keep their tap targets
// a finger wide at any zoom).
class PanZoom {
  constructor(svg) {
    this.svg = svg;
    this.box = { x: -300, y: -250, w: 700, h: 500 };
    this.pointers = new Map(); // pointerId -> {x, y}
    this.dragging = null; // one pointer: {x, y, box}; two: {pinch: true, d, mid, box}
    this.moved = false;
    this.touched = false; // the user panned or zoomed: stop fitting the board by itself
    this.lastPointer = "mouse";
    this.listeners = [];
    this.lastFit = null;
    this.moves = 0; // the user's own pans and zooms so far
    this.fits = 0; // the page's fits so far
    svg.addEventListener("wheel", e => { e.preventDefault(); this.touched = true; this.moves++; this.zoomAt(e.clientX, e.clientY, e.deltaY < 0 ? 0.85 : 1 / 0.85); }, { passive: false });
    window.addEventListener("pointerdown", e => { this.lastPointer = e.pointerType || "mouse"; }, true);
    svg.addEventListener("pointerdown", e => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      if (e.isPrimary) this.pointers.clear(); // the first finger down: none is still down (one whose lift was missed)
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.start();
      if (this.pointers.size === 1) this.moved = false;
    });
    window.addEventListener("pointermove", e => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.move();
    });
    const up = e => {
      if (!this.pointers.delete(e.pointerId)) return;
      this.start(); // two fingers to one: the one left drags on from where it is
      if (!this.pointers.size) { this.dragging = null; svg.classList.remove("panning"); }
    };
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
    // swallow the click that ends a drag
    svg.addEventListener("click", e => { if (this.moved) { e.stopPropagation(); e.preventDefault(); this.moved = false; } }, true);
    if (window.ResizeObserver) { // the page's layout settled or changed (a phone turned): fit again if the user did not move it
      let size = null;
      new ResizeObserver(() => {
        const r = svg.getBoundingClientRect(), now = `${Math.round(r.width)}x${Math.round(r.height)}`;
        if (now === size) return;
        size = now;
        if (this.lastFit && !this.touched) this.fit(...this.lastFit);
        else this.apply();
      }).observe(svg);
    }
    this.apply();
  }
  start() {
    const pts = [...this.pointers.values()];
    if (pts.length >= 2) {
      const [a, b] = pts;
      this.dragging = { pinch: true, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), mid: [(a.x + b.x) / 2, (a.y + b.y) / 2], box: { ...this.box } };
      this.moved = true; // two fingers never click
    } else if (pts.length === 1) {
      this.dragging = { x: pts[0].x, y: pts[0].y, box: { ...this.box } };
    }
  }
  move() {
    const g = this.dragging;
    if (!g) return;
    const pts = [...this.pointers.values()];
    if (g.pinch && pts.length >= 2) {
      const [a, b] = pts, d = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      this.touched = true;
      this.moves++;
      // the board's point under the first midpoint goes under the new one, zoomed by the spread
      this.box = { ...g.box };
      const [px, py] = this.toBoard(g.mid[0], g.mid[1]);
      const f = Math.min(Math.max(g.box.w * g.d / d, 200), 8000) / g.box.w;
      this.box = { x: px - (px - g.box.x) * f, y: py - (py - g.box.y) * f, w: g.box.w * f, h: g.box.h * f };
      const [qx, qy] = this.toBoard(mid[0], mid[1]);
      this.box.x += px - qx; this.box.y += py - qy;
      this.apply();
      this.svg.classList.add("panning");
      return;
    }
    if (g.pinch) return;
    const dx = pts[0].x - g.x, dy = pts[0].y - g.y;
    if (!this.moved && Math.hypot(dx, dy) < (this.lastPointer === "touch" ? 9 : 5)) return;
    this.moved = true;
    this.touched = true;
    this.moves++;
    this.svg.classList.add("panning");
    const k = this.scale();
    this.box.x = g.box.x - dx * k;
    this.box.y = g.box.y - dy * k;
    this.apply();
  }
  scale() { // board units per screen pixel
    const r = this.svg.getBoundingClientRect();
    return Math.max(this.box.w / Math.max(r.width, 1), this.box.h / Math.max(r.height, 1));
  }
  // the board's point at a screen point (preserveAspectRatio meet: the box is centred)
  toBoard(cx, cy) {
    const r = this.svg.getBoundingClientRect();
    const k = this.scale();
    const ox = this.box.x + (this.box.w - r.width * k) / 2, oy = this.box.y + (this.box.h - r.height * k) / 2;
    return [ox + (cx - r.left) * k, oy + (cy - r.top) * k];
  }
  // what the screen shows, in board units
  visible() {
    const r = this.svg.getBoundingClientRect();
    const [x0, y0] = this.toBoard(r.left, r.top), [x1, y1] = this.toBoard(r.right, r.bottom);
    return { x0, y0, x1, y1 };
  }
  zoomAt(cx, cy, f) {
    const [px, py] = this.toBoard(cx, cy);
    const w = Math.min(Math.max(this.box.w * f, 200), 8000), h = w * (this.box.h / this.box.w);
    const g = w / this.box.w;
    this.box = { x: px - (px - this.box.x) * g, y: py - (py - this.box.y) * g, w, h };
    this.apply();
  }
  zoom(f) { this.touched = true; this.moves++; const r = this.svg.getBoundingClientRect(); this.zoomAt(r.left + r.width / 2, r.top + r.height / 2, f); }
  // Show the box {x0, y0, x1, y1} (SVG units) with a margin. A board may ask for a
  // smallest scale (b.minScale, screen pixels a unit) so that its pieces stay readable:
  // then the view shows what fits at that scale round b.focus, within the box. `all`
  // shows the whole box whatever the scale (the "fit" button).
  fit(b, all = false) {
    this.lastFit = [b, all];
    this.fits++;
    const pad = b.pad ?? 0.8 * S; // room round the board (a tile's place for Safari)
    const x = b.x0 - pad, y = b.y0 - pad, w = b.x1 - b.x0 + 2 * pad, h = b.y1 - b.y0 + 2 * pad;
    const minW = b.pad === undefined ? 500 : 0, minH = b.pad === undefined ? 400 : 0;
    this.box = { x, y, w: Math.max(w, minW), h: Math.max(h, minH) };
    this.box.x -= (this.box.w - w) / 2; this.box.y -= (this.box.h - h) / 2;
    const r = this.svg.getBoundingClientRect();
    if (!all && b.minScale && r.width > 0 && r.height > 0 && this.scale() > 1 / b.minScale) {
      const W = r.width / b.minScale, H = r.height / b.minScale;
      const [fx, fy] = b.focus || [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
      const within = (c, size, lo, span) => size >= span ? lo + (span - size) / 2 : Math.min(Math.max(c - size / 2, lo), lo + span - size);
      this.box = { x: within(fx, W, x, w), y: within(fy, H, y, h), w: W, h: H };
    }
    this.apply();
  }
  // centre the view on the board's point (x, y) at `px` screen pixels a unit (no more than
  // the screen can show of a box w x h round it)
  zoomTo(x, y, px, w = 0, h = 0) {
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const k = Math.max(1 / px, w / r.width, h / r.height);
    this.box = { x: x - r.width * k / 2, y: y - r.height * k / 2, w: r.width * k, h: r.height * k };
    this.apply();
  }
  // pan (not zoom) so that the box {x0, y0, x1, y1} is on the screen, if it is not
  reveal(b, margin = 20) {
    const v = this.visible();
    let dx = 0, dy = 0;
    if (b.x0 - margin < v.x0) dx = b.x0 - margin - v.x0; else if (b.x1 + margin > v.x1) dx = b.x1 + margin - v.x1;
    if (b.y0 - margin < v.y0) dy = b.y0 - margin - v.y0; else if (b.y1 + margin > v.y1) dy = b.y1 + margin - v.y1;
    if (dx || dy) { this.box.x += dx; this.box.y += dy; this.apply(); }
  }
  onChange(f) { this.listeners.push(f); }
  apply() {
    this.svg.setAttribute("viewBox", `${this.box.x} ${this.box.y} ${this.box.w} ${this.box.h}`);
    for (const f of this.listeners) f(this);
  }
}

// the score chart's line per seat: solid, dashed, dotted... (with the seat's shape at its end)
const SEAT_DASHES = [null, "9 4", "2 4", "10 3 2 3", "5 2"];

window.SavannaBoard = {
  S, SEAT_COLOURS, SEAT_DASHES, seatBadge: ART.seatBadge, shapePath: ART.shapePath, SEAT_NAMES, ANIMAL_COLOURS, el, text, drawTile, describeTile, drawBoard, drawHole, drawRanger,
  meeple, meepleSpot, animalMarker, cornerPoint, SLOT_OFFSETS, PanZoom, tileGeometry,
};
})();
