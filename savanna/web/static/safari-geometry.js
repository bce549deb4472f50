// @ts-check
// Carcassonne Safari's tiles: where everything on one goes (pure geometry, which
// safari-board.js draws).

import * as Games from "./games.js";

const MID = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
const CORNER_XY = { NW: [0, 0], NE: [100, 0], SE: [100, 100], SW: [0, 100] };
// the two sides meeting at a corner (a bush on both covers it)
const CORNER_SIDES = { NE: "NE", SE: "ES", SW: "SW", NW: "WN" };

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
const GAP = 5; // how far two bush areas stay off a corner's diagonal, each: a clear strip of savanna between
const ANIMAL_R = 9; // an animal token's radius
const BAOBAB_R = 19; // the baobab's crown and trunk fit a circle this big around (x, y - 2)
// where on a tile a baobab stands when the tile set gives its place (a point of the compass)
const BAOBAB_AT = { N: [50, 26], NE: [73, 27], E: [75, 50], SE: [73, 73], S: [50, 75], SW: [27, 73], W: [25, 50],
  NW: [27, 27] };
const MEEPLE_R = 14; // half a meeple's size (safari-board.js's MEEPLE)

// a point given in side N's frame (x along the edge from the NW corner, y inwards) on side s
/** @param {string} s @param {number[]} point @returns {number[]} */
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
  return cmds.map(c => c[0] === "Z" ? c : [c[0], ...c.slice(1).map(p => onSide(s, /** @type {number[]} */ (p)))]);
}

/** @param {number[]} centre @param {number} r */
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
  const key = JSON.stringify(feats.map(f => [f.kind, f.sides || "", f.animals || "", f.birds || 0, f.at || ""]));
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
    // where there is room: near where the tile's picture has it when the tile set says so
    // (`at`, turned with the tile), else the widest open savanna round it, then the north
    const target = BAOBAB_AT[feats[baobabIdx].at];
    const open = p => { let n = 0; for (let a = 0; a < 12; a++) n += Number(room([p[0] + 24 * Math.cos(a * Math.PI / 6), p[1] + 24 * Math.sin(a * Math.PI / 6)]) > -12); return n; };
    let best = null, bestScore = -Infinity;
    for (let y = 23; y <= 83; y += 3) for (let x = 21; x <= 79; x += 3) {
      const p = [x, y], fit = Math.min(room(p), 6) * 100;
      const score = target ? fit - 3 * dist(p, target) : fit + open(p) * 4 - dist(p, [50, 44]);
      if (score > bestScore) { best = p; bestScore = score; }
    }
    baobabAt = best;
  }

  // meeples: on their feature, clear of its animals, birds and the baobab (a meeple is
  // MEEPLE_R, half its size, about the point: the biggest thing on the tile)
  const onTile = q => q[0] >= MEEPLE_R + 1 && q[0] <= 99 - MEEPLE_R && q[1] >= MEEPLE_R + 1 && q[1] <= 99 - MEEPLE_R;
  const taken = p => !onTile(p) || animalAt.some(o => dist(p, o) < ANIMAL_R + MEEPLE_R - 2) || birdBoxes.some(o => dist(p, o) < MEEPLE_R + 3)
    || (baobabAt && dist(p, [baobabAt[0], baobabAt[1] - 2]) < BAOBAB_R + MEEPLE_R - 5);
  for (const t of trails) {
    const line = t.visible[0];
    const fracs = [0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.5, 0.15, 0.85, 0.1];
    const clear = q => !taken(q) && bushDist[cellOf(q)] > MEEPLE_R - 3;
    let p = fracs.map(f => alongLine(line, f)).find(clear);
    if (!p) { // beside the trail, nearest its first animal, out of the bush
      const a = spots[t.feature].animals[0] || alongLine(line, 0.5);
      const near = grid.filter(q => lineDist(q, line) < 24).sort((q, r) => dist(q, a) - dist(r, a));
      const outOfBush = q => onTile(q) && bushDist[cellOf(q)] > 3;
      p = near.find(clear) || near.find(q => !taken(q) && outOfBush(q))
        || near.find(q => outOfBush(q) && animalAt.every(o => dist(q, o) >= ANIMAL_R + 7)) || near.find(q => !taken(q))
        || [a[0] + 18, a[1] + 12];
    }
    spots[t.feature].meeple = p;
  }
  for (const a of areas.values()) {
    const deep = r => grid.filter(p => deepInArea(a, p, r) && !taken(p)).sort((p, q) => dist(p, a.anchor) - dist(q, a.anchor))[0];
    const clamp = v => Math.min(99 - MEEPLE_R, Math.max(MEEPLE_R + 1, v));
    spots[a.feature].meeple = deep(MEEPLE_R - 3) || deep(5) || deep(1) || a.anchor.map(clamp);
  }
  if (baobabIdx >= 0) {
    const [bx, by] = baobabAt;
    const beside = [[bx + 25, by + 10], [bx - 25, by + 10], [bx + 25, by - 12], [bx - 25, by - 12], [bx, by + 27]]
      .filter(onTile);
    const free = q => onTile(q) && !animalAt.some(o => dist(q, o) < ANIMAL_R + MEEPLE_R - 2) && bushDist[cellOf(q)] > 6
      && trails.every(t => t.visible.every(line => lineDist(q, line) > 12));
    const near = [bx, by + 4], room = q => free(q) && dist(q, [bx, by - 2]) >= BAOBAB_R + 6;
    spots[baobabIdx].meeple = beside.find(free) || grid.filter(room).sort((p, q) => dist(p, near) - dist(q, near))[0]
      || beside[0] || [bx, by + 20];
    spots[baobabIdx].at = baobabAt;
  }
  for (const s of spots) if (!s.meeple) s.meeple = [50, 50];
  return { areas: [...areas.values()], trails, crossroads, baobab: baobabAt, spots };
}

Games.register("safari", { geometry: { tileGeometry, ANIMAL_R } });
export { tileGeometry, ANIMAL_R, inPolygon, lineLength, alongLine };
