// The board in SVG, drawn from the tile data of the view (no tile art): savanna,
// trails, bush with its birds, baobabs, animals, meeples, rangers, watering holes.
// Pure drawing: game.js decides what is clickable and passes the markers to add.
(() => {
"use strict";

const S = 100; // SVG units per tile
const SVGNS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#d7263d", "#1f6fd1", "#7b3fb3", "#f08a00", "#0b9a8d"];
const SEAT_NAMES = ["red", "blue", "purple", "orange", "teal"];
const ANIMAL_COLOURS = { A: "#6b4a2f", E: "#7d8591", G: "#e0a526", L: "#c8561c", Z: "#2b2b2b" };
const SIDES = "NESW";
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

// Where things sit inside a tile (tile-local units 0..100).
function featureAnchor(f, index) {
  const sides = f.sides || "";
  if (f.kind === "baobab") return [50, 50];
  if (f.kind === "bush") {
    if (sides.length >= 3) return [50, 50];
    if (sides.length === 2 && isAdjacent(sides)) {
      const c = cornerBetween(sides);
      return [50 + (CORNER_XY[c][0] - 50) * 0.55, 50 + (CORNER_XY[c][1] - 50) * 0.55];
    }
    const [mx, my] = MID[sides[0]];
    return [mx + (50 - mx) * 0.38, my + (50 - my) * 0.38];
  }
  // trail: on the way from its first side to the centre
  const [mx, my] = MID[sides[0] || "N"];
  const k = sides.length >= 2 ? 0.55 : 0.45;
  return [mx + (50 - mx) * k + (index % 2) * 4, my + (50 - my) * k];
}

function isAdjacent(two) {
  const a = SIDES.indexOf(two[0]), b = SIDES.indexOf(two[1]);
  return (a - b + 4) % 4 === 1 || (b - a + 4) % 4 === 1;
}

function cornerBetween(two) {
  for (const [c, s] of Object.entries(CORNER_SIDES)) if (s.includes(two[0]) && s.includes(two[1])) return c;
  return "NE";
}

function bushShape(sides) {
  const g = el("g", { class: "bush" });
  if (sides.length === 4) {
    g.appendChild(el("rect", { x: 0, y: 0, width: 100, height: 100 }));
    return g;
  }
  const lens = {
    N: "M0,0 L100,0 Q50,84 0,0 Z", S: "M0,100 L100,100 Q50,16 0,100 Z",
    W: "M0,0 L0,100 Q84,50 0,0 Z", E: "M100,0 L100,100 Q16,50 100,0 Z",
  };
  for (const s of sides) g.appendChild(el("path", { d: lens[s] }));
  for (const [c, pair] of Object.entries(CORNER_SIDES)) {
    if (sides.includes(pair[0]) && sides.includes(pair[1])) {
      const [cx, cy] = CORNER_XY[c];
      g.appendChild(el("path", { d: `M${cx},${cy} L${cx},50 Q50,50 50,${cy} Z` }));
      g.appendChild(el("rect", { x: Math.min(cx, 50), y: Math.min(cy, 50), width: 50, height: 50, rx: 18 }));
    }
  }
  if (sides.length >= 2) g.appendChild(el("circle", { cx: 50, cy: 50, r: 24 }));
  return g;
}

function trailPath(sides, hasCentreStop) {
  if (sides.length === 2) {
    const [a, b] = [MID[sides[0]], MID[sides[1]]];
    return `M${a[0]},${a[1]} Q50,50 ${b[0]},${b[1]}`;
  }
  const [a] = [MID[sides[0]]];
  const end = hasCentreStop ? [50, 50] : [a[0] + (50 - a[0]) * 0.8, a[1] + (50 - a[1]) * 0.8];
  return `M${a[0]},${a[1]} L${end[0]},${end[1]}`;
}

function animalMarker(letter, x, y, r = 8) {
  const g = el("g", { class: "animal", "data-animal": letter });
  g.appendChild(el("circle", { cx: x, cy: y, r, fill: ANIMAL_COLOURS[letter] || "#555" }));
  g.appendChild(text(x, y + 0.5, letter, { class: "animal-letter", "font-size": r * 1.25 }));
  return g;
}

function meeple(x, y, seat, size = 15, extra = {}) {
  const s = size / 15;
  const d = `M${x},${y - 8 * s} a${3.3 * s},${3.3 * s} 0 1 1 0.01,0 Z ` +
    `M${x - 7.5 * s},${y - 1.5 * s} Q${x},${y - 5 * s} ${x + 7.5 * s},${y - 1.5 * s} L${x + 4.5 * s},${y + 1 * s} ` +
    `L${x + 5.5 * s},${y + 8 * s} L${x + 1.5 * s},${y + 8 * s} L${x},${y + 4 * s} L${x - 1.5 * s},${y + 8 * s} ` +
    `L${x - 5.5 * s},${y + 8 * s} L${x - 4.5 * s},${y + 1 * s} Z`;
  return el("path", { d, class: "meeple", fill: SEAT_COLOURS[seat % SEAT_COLOURS.length], ...extra });
}

function baobab(x, y) {
  return el("g", { class: "baobab" }, [
    el("rect", { x: x - 4, y: y - 2, width: 8, height: 16, rx: 2, class: "trunk" }),
    el("ellipse", { cx: x, cy: y - 6, rx: 19, ry: 11, class: "crown" }),
    el("ellipse", { cx: x - 9, cy: y - 12, rx: 9, ry: 6, class: "crown" }),
    el("ellipse", { cx: x + 9, cy: y - 12, rx: 9, ry: 6, class: "crown" }),
  ]);
}

function birds(n, x, y) {
  const g = el("g", { class: "birds" });
  for (let i = 0; i < n; i++) {
    const bx = x - (n - 1) * 6 + i * 12, by = y - 14;
    g.appendChild(el("path", { d: `M${bx - 5},${by - 2} Q${bx - 2.5},${by - 4} ${bx},${by} Q${bx + 2.5},${by - 4} ${bx + 5},${by - 2}` }));
  }
  return g;
}

// One tile at tile-local coordinates (the caller translates it). `layout` holds
// edges, corners and features (rotated already); board tiles add meeples and ids.
function drawTile(layout, opts = {}) {
  const g = el("g", { class: "tile" + (opts.ghost ? " ghost" : "") });
  g.appendChild(el("rect", { x: 0, y: 0, width: S, height: S, class: "savanna" }));
  const features = layout.features || [];
  for (const f of features) if (f.kind === "bush") g.appendChild(bushShape(f.sides || ""));
  const hasBaobab = features.some(f => f.kind === "baobab");
  const trails = features.filter(f => f.kind === "trail");
  const deadEnds = trails.filter(f => (f.sides || "").length === 1).length;
  const centreStop = hasBaobab || deadEnds >= 2 || features.some(f => f.kind === "bush" && (f.sides || "").length >= 2);
  for (const f of trails) {
    const d = trailPath(f.sides || "", centreStop);
    g.appendChild(el("path", { d, class: "trail-edge" + (f.complete ? " complete" : "") }));
    g.appendChild(el("path", { d, class: "trail" }));
  }
  if (deadEnds >= 2 && !hasBaobab) g.appendChild(el("circle", { cx: 50, cy: 50, r: 9, class: "junction" }));
  else if (deadEnds === 1 && !centreStop) {
    const f = trails.find(t => (t.sides || "").length === 1);
    const [mx, my] = MID[f.sides[0]];
    g.appendChild(el("circle", { cx: mx + (50 - mx) * 0.8, cy: my + (50 - my) * 0.8, r: 5, class: "trail-end" }));
  }
  if (hasBaobab) g.appendChild(baobab(50, 52));
  features.forEach((f, i) => {
    const [ax, ay] = featureAnchor(f, i);
    const animals = f.animals || "";
    const n = animals.length;
    for (let k = 0; k < n; k++) {
      const dx = (k - (n - 1) / 2) * 17;
      const along = f.kind === "trail" && (f.sides || "").length === 2 && (f.sides.includes("N") && f.sides.includes("S"));
      g.appendChild(animalMarker(animals[k], along ? ax + 13 : ax + dx, along ? ay - 22 + k * 17 : ay));
    }
    if (f.kind === "bush" && f.birds) g.appendChild(birds(f.birds, ax, ay));
    (f.meeples || []).forEach((seat, k) => {
      const [mx, my] = f.kind === "baobab" ? [70, 70] : [ax + (n ? 0 : 0) + k * 10 - 12, ay + (n ? 16 : 0)];
      g.appendChild(meeple(mx, my, seat, 15, { "data-seat": seat }));
    });
  });
  if (opts.label) g.appendChild(text(50, 92, opts.label, { class: "tile-label" }));
  return g;
}

// A tile's tooltip: its id and what is on it, in words.
function describeTile(t, names = {}) {
  const parts = (t.features || []).map(f => {
    const animals = [...(f.animals || "")].map(a => names[a] || a).join(", ");
    const bits = [f.kind + (f.kind === "baobab" ? "" : ` ${f.sides || ""}`)];
    if (animals) bits.push(animals);
    if (f.birds) bits.push(`${f.birds} bird${f.birds > 1 ? "s" : ""}`);
    if (f.complete) bits.push("complete");
    if ((f.meeples || []).length) bits.push(`meeples: ${f.meeples.map(s => SEAT_NAMES[s]).join(", ")}`);
    return bits.join(" · ");
  });
  return [`${t.id} at ${t.x},${t.y}` + (t.rotation ? ` (${t.rotation}°)` : ""), ...parts].join("\n");
}

// Where a meeple would stand on feature `f` of a tile (tile-local).
function meepleSpot(f, index) {
  if (f.kind === "baobab") return [70, 70];
  const [ax, ay] = featureAnchor(f, index);
  return [ax - 12, ay + ((f.animals || "").length ? 16 : 0)];
}

// Slot k of a watering hole point: 0 NW, 1 NE, 2 SE, 3 SW around the point.
const SLOT_OFFSETS = [[-12, -12], [12, -12], [12, 12], [-12, 12]];
// the slot a tile corner fills: the NE corner of tile (x,y) is slot 3 of point (x+1, y)...
const CORNER_TO_POINT = { NW: [0, 0, 2], NE: [1, 0, 3], SE: [1, 1, 0], SW: [0, 1, 1] };

function cornerPoint(x, y, corner) {
  const [dx, dy, slot] = CORNER_TO_POINT[corner];
  return { point: [x + dx, y + dy], slot };
}

function drawHole(h) {
  const [px, py] = [h.point[0] * S, h.point[1] * S];
  const g = el("g", { class: "hole" + (h.complete ? " complete" : ""), "data-point": h.point.join(",") });
  g.appendChild(el("circle", { cx: px, cy: py, r: 26, class: "water" }));
  h.slots.forEach((a, k) => {
    if (!a) return;
    const [ox, oy] = SLOT_OFFSETS[k];
    g.appendChild(animalMarker(a, px + ox, py + oy, 9));
  });
  (h.diggers || []).forEach(([seat, slot], i) => {
    const [ox, oy] = SLOT_OFFSETS[slot];
    g.appendChild(meeple(px + ox * 2.3, py + oy * 2.3, seat, 14, { "data-seat": seat }));
  });
  return g;
}

function drawRanger(x, y, index, attrs = {}) {
  const cx = x * S + 80, cy = y * S + 20;
  return el("g", { class: "ranger", ...attrs }, [
    el("rect", { x: cx - 14, y: cy - 9, width: 28, height: 16, rx: 4 }),
    el("circle", { cx: cx - 8, cy: cy + 8, r: 4, class: "wheel" }),
    el("circle", { cx: cx + 8, cy: cy + 8, r: 4, class: "wheel" }),
    text(cx, cy - 1, "R" + (index + 1), { class: "ranger-label" }),
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
  for (const h of view.watering_holes) holes.appendChild(drawHole(h));
  layer.appendChild(holes);
  const rangers = el("g", { class: "rangers" });
  view.rangers.forEach((r, i) => { if (r) rangers.appendChild(drawRanger(r[0], r[1], i, { "data-ranger": i })); });
  layer.appendChild(rangers);
  for (const [x, y] of view.empty_spaces) {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX, maxX, minY, maxY };
}

// Pan and zoom of an <svg> through its viewBox: wheel zooms about the pointer,
// dragging pans; a click that did not drag still reaches the board.
class PanZoom {
  constructor(svg) {
    this.svg = svg;
    this.box = { x: -300, y: -250, w: 700, h: 500 };
    this.dragging = null;
    this.moved = false;
    this.touched = false; // the user panned or zoomed: stop fitting the board by itself
    svg.addEventListener("wheel", e => { e.preventDefault(); this.touched = true; this.zoomAt(e.clientX, e.clientY, e.deltaY < 0 ? 0.85 : 1 / 0.85); }, { passive: false });
    svg.addEventListener("pointerdown", e => {
      if (e.button !== 0) return;
      this.dragging = { x: e.clientX, y: e.clientY, box: { ...this.box } };
      this.moved = false;
    });
    window.addEventListener("pointermove", e => {
      if (!this.dragging) return;
      const dx = e.clientX - this.dragging.x, dy = e.clientY - this.dragging.y;
      if (!this.moved && Math.hypot(dx, dy) < 5) return;
      this.moved = true;
      this.touched = true;
      svg.classList.add("panning");
      const k = this.scale();
      this.box.x = this.dragging.box.x - dx * k;
      this.box.y = this.dragging.box.y - dy * k;
      this.apply();
    });
    window.addEventListener("pointerup", () => { this.dragging = null; svg.classList.remove("panning"); });
    // swallow the click that ends a drag
    svg.addEventListener("click", e => { if (this.moved) { e.stopPropagation(); e.preventDefault(); this.moved = false; } }, true);
    this.apply();
  }
  scale() {
    const r = this.svg.getBoundingClientRect();
    return Math.max(this.box.w / Math.max(r.width, 1), this.box.h / Math.max(r.height, 1));
  }
  zoomAt(cx, cy, f) {
    const r = this.svg.getBoundingClientRect();
    const k = this.scale();
    // the point under the pointer stays put (preserveAspectRatio meet: centred)
    const ox = this.box.x + (this.box.w - r.width * k) / 2, oy = this.box.y + (this.box.h - r.height * k) / 2;
    const px = ox + (cx - r.left) * k, py = oy + (cy - r.top) * k;
    const w = Math.min(Math.max(this.box.w * f, 200), 8000), h = w * (this.box.h / this.box.w);
    const g = w / this.box.w;
    this.box = { x: px - (px - this.box.x) * g, y: py - (py - this.box.y) * g, w, h };
    this.apply();
  }
  zoom(f) { this.touched = true; const r = this.svg.getBoundingClientRect(); this.zoomAt(r.left + r.width / 2, r.top + r.height / 2, f); }
  // show the box {x0, y0, x1, y1} (SVG units) with a margin
  fit(b) {
    const pad = 0.8 * S;
    const x = b.x0 - pad, y = b.y0 - pad, w = b.x1 - b.x0 + 2 * pad, h = b.y1 - b.y0 + 2 * pad;
    this.box = { x, y, w: Math.max(w, 500), h: Math.max(h, 400) };
    this.box.x -= (this.box.w - w) / 2; this.box.y -= (this.box.h - h) / 2;
    this.apply();
  }
  apply() { this.svg.setAttribute("viewBox", `${this.box.x} ${this.box.y} ${this.box.w} ${this.box.h}`); }
}

window.SavannaBoard = {
  S, SEAT_COLOURS, SEAT_NAMES, ANIMAL_COLOURS, el, text, drawTile, describeTile, drawBoard, drawHole, drawRanger,
  meeple, meepleSpot, animalMarker, cornerPoint, SLOT_OFFSETS, PanZoom,
};
})();
