// @ts-check
// Carcassonne Safari's board in SVG, drawn from the tile data of the view (no tile images):
// savanna, trails, bush with its birds, baobabs, animals, meeples, rangers, watering holes,
// where safari-geometry.js puts them, with the pictures of art.js and safari-art.js (animal
// silhouettes, the classic meeple with its seat's mark, the rangers' jeep, textures). Pure
// drawing: safari-ui.js decides what is clickable and passes the markers to add.

import * as ART from "./art.js";
import * as Games from "./games.js";
import { el, text, SEAT_COLOURS, SEAT_NAMES } from "./board.js";
import { _, ngettext } from "./i18n.js";
import "./safari-art.js";
import "./safari-geometry.js";
import "./safari-words.js";

const S = 100; // SVG units per tile
const Safari = Games.get("safari");
const { tileGeometry, ANIMAL_R } = Safari.geometry;
const ANIMAL_COLOURS = { A: "#6b4a2f", E: "#7d8591", G: "#e0a526", L: "#c8561c", Z: "#2b2b2b" };

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
// (a shape per seat, for eyes that do not tell the colours apart), outlined twice, dark
// inside a light halo, so that every seat's colour stands out on savanna, bush and trail.
// It is the biggest thing on a tile (MEEPLE units wide: more than a quarter of it). `extra` goes on the
// meeple's path; the mark is drawn over it.
const MEEPLE = 29;
function meeple(x, y, seat, size = MEEPLE, extra = {}) {
  const f = document.createDocumentFragment();
  const d = Safari.art.meeplePath(x, y, size);
  f.appendChild(el("path", { d, class: "meeple-halo", "data-feature": extra["data-feature"] }));
  f.appendChild(el("path", { d, class: "meeple", fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], ...extra }));
  f.appendChild(el("path", { d: Safari.art.meepleMark(x, y, seat, size), class: "meeple-mark", "data-seat": seat, "data-feature": extra["data-feature"] }));
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
    (f.meeples || []).forEach((seat, k) => g.appendChild(meeple(mx + k * 14, my, seat, MEEPLE, { "data-seat": seat, "data-feature": i })));
  });
  g.appendChild(el("rect", { x: 0.5, y: 0.5, width: S - 1, height: S - 1, rx: 1.5, class: "tile-edge" }));
  if (opts.label) g.appendChild(text(50, 92, opts.label, { class: "tile-label" }));
  return g;
}

// A tile's tooltip: its id and what is on it, in words.
function describeTile(t, names = {}) {
  const parts = (t.features || []).map(f => {
    const name = Safari.words.name; // the names of things in the page's language
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
    g.appendChild(meeple(px + ox * 2.5, py + oy * 2.5, seat, 22, { "data-seat": seat }));
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

Games.register("safari", { board: {
  S, MEEPLE, ANIMAL_COLOURS, drawTile, describeTile, drawBoard, drawHole, drawRanger, meeple, meepleSpot, animalMarker, cornerPoint,
  SLOT_OFFSETS,
} });
