// @ts-check
// The boards' common parts in SVG: making elements and text, the seats' colours, names,
// shapes and chart dashes, and PanZoom, which pans and zooms a board through its viewBox.
// Each game draws its own board in its own script; game.js decides what is clickable.

import * as ART from "./art.js";
import * as Motion from "./motion.js";
import { N_ } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ART.SEAT_COLOURS;
const SEAT_NAMES = [N_("red"), N_("blue"), N_("purple"), N_("orange"), N_("teal")]; // translated where shown

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

// Pan and zoom of an <svg> through its viewBox: wheel zooms about the pointer, dragging
// pans (a finger too), two fingers pinch to zoom and pan together; a click or tap that
// did not drag still reaches the board. `lastPointer` is the kind of the last pointer
// pressed ("mouse", "touch", "pen"): a touch screen has no hover, so a tap selects.
// `onChange` listeners hear every change of the view (the marks keep their tap targets
// a finger wide at any zoom).
//
// Framing: the page says what to frame (`frame(spec)`, the game's boxes, in board units):
//   {x0, y0, x1, y1}   the whole board, with `pad` round it (default 80);
//   readable           the smallest scale (screen pixels a unit) at which its pieces read;
//   most               the largest scale (a small board is not blown up);
//   focus              the area of the last moves: boxes {x0, y0, x1, y1} most important
//                      first (or one point [x, y]);
//   whole              the whole board, whatever the scale (the end of a game, a replay).
// The whole board shows when it fits at a readable scale; else as much of the focus as fits
// at that scale (its first box always), within the board. The page frames each new move;
// for GRACE_MS after the person's own pan or zoom it does not (`behind` then says a move was
// not followed), unless forced (the person asked, or acted: `release`). A frame glides there
// in GLIDE_MS (Motion; at once where nothing may move).
const GRACE_MS = 5000;
const GLIDE_MS = 320;

class PanZoom {
  constructor(svg) {
    this.svg = svg;
    this.box = { x: -300, y: -250, w: 700, h: 500 }; // the view (a glide draws its way there: `shown`)
    this.shown = { ...this.box };
    this.glide = null;
    this.pointers = new Map(); // pointerId -> {x, y}
    this.dragging = null; // one pointer: {x, y, box}; two: {pinch: true, d, mid, box}
    this.moved = false;
    this.touched = false; // the person has panned or zoomed at least once
    this.userAt = -Infinity; // when the person last panned or zoomed (performance.now())
    this.lastPointer = "mouse";
    this.listeners = [];
    this.framing = null; // what the page asked to frame last
    this.lastFit = null;
    this.behind = false; // the last frame asked was not followed: the person had moved the view
    this.moves = 0; // the user's own pans and zooms so far
    this.fits = 0; // the page's frames so far
    svg.addEventListener("wheel", e => { e.preventDefault(); this.userMove(); this.zoomAt(e.clientX, e.clientY, e.deltaY < 0 ? 0.85 : 1 / 0.85); }, { passive: false });
    window.addEventListener("pointerdown", e => { this.lastPointer = e.pointerType || "mouse"; }, true);
    svg.addEventListener("pointerdown", e => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      this.halt(); // a hand on the board stops the view where it is
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
    if (window.ResizeObserver) { // the page's layout settled or changed (a phone turned): frame again unless the person just moved it
      let size = null;
      new ResizeObserver(() => {
        const r = svg.getBoundingClientRect(), now = `${Math.round(r.width)}x${Math.round(r.height)}`;
        if (now === size) return;
        size = now;
        if (this.framing && !this.recent()) this.frame(this.framing, { force: true });
        else this.apply();
      }).observe(svg);
    }
    this.apply();
  }
  // the person panned or zoomed: the game does not move the view for a while
  userMove() { this.halt(); this.touched = true; this.moves++; this.userAt = performance.now(); }
  recent() { return performance.now() - this.userAt < GRACE_MS; }
  // the person acted on the game: the view may follow it again at once
  release() { this.userAt = -Infinity; }
  // a glide stops where it is
  halt() {
    if (!this.glide) return;
    const M = Motion;
    if (M) M.stop(this.glide);
    this.glide = null;
    this.box = { ...this.shown };
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
      this.userMove();
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
    this.userMove();
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
  zoom(f) { this.userMove(); const r = this.svg.getBoundingClientRect(); this.zoomAt(r.left + r.width / 2, r.top + r.height / 2, f); }
  // Frame `spec` (see above): false when it did not (the person moved the view in the last
  // few seconds and it was not forced, or the board has no size yet). `glide`: move there
  // smoothly.
  frame(spec, { glide = false, force = false } = {}) {
    this.framing = spec;
    this.lastFit = [spec, !!spec.whole];
    if (!force && this.recent()) { this.behind = true; return false; }
    const to = this.target(spec);
    if (!to) return false;
    this.behind = false;
    this.fits++;
    this.box = to;
    this.apply(glide);
    return true;
  }
  // the box `spec` frames on this screen (null: the board has no size yet)
  target(spec) {
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const pad = spec.pad ?? 80;
    const grow = q => ({ x0: q.x0 - pad, y0: q.y0 - pad, x1: q.x1 + pad, y1: q.y1 + pad });
    const fits = q => Math.min(r.width / Math.max(q.x1 - q.x0, 1), r.height / Math.max(q.y1 - q.y0, 1)); // the scale that shows it whole
    const all = grow(spec);
    const readable = spec.readable ?? spec.minScale ?? 0, most = spec.most ?? Infinity;
    let s = fits(all), c = [(all.x0 + all.x1) / 2, (all.y0 + all.y1) / 2];
    if (spec.whole || s >= readable) s = Math.min(s, most);
    else {
      s = readable;
      const focus = typeof (spec.focus || [])[0] === "number" ? [{ x0: spec.focus[0], y0: spec.focus[1], x1: spec.focus[0], y1: spec.focus[1] }]
        : spec.focus || [];
      let u = null; // the focus boxes, most important first, as many as fit at the readable scale
      for (const f of focus) {
        const v = u ? { x0: Math.min(u.x0, f.x0), y0: Math.min(u.y0, f.y0), x1: Math.max(u.x1, f.x1), y1: Math.max(u.y1, f.y1) } : f;
        if (!u || fits(grow(v)) >= s) u = v;
      }
      if (u) {
        s = Math.min(s, fits(grow(u))); // the first one whole, even smaller
        c = [(u.x0 + u.x1) / 2, (u.y0 + u.y1) / 2];
      }
      const within = (m, size, lo, hi) => size >= hi - lo ? (lo + hi) / 2 : Math.min(Math.max(m, lo + size / 2), hi - size / 2);
      c = [within(c[0], r.width / s, all.x0, all.x1), within(c[1], r.height / s, all.y0, all.y1)];
    }
    const w = r.width / s, h = r.height / s;
    return { x: c[0] - w / 2, y: c[1] - h / 2, w, h };
  }
  // Show the box {x0, y0, x1, y1} whole (the "fit the board" button: `all`), or frame it
  // (the older name of frame, forced).
  fit(b, all = false) { return this.frame(all ? { ...b, whole: true } : b, { force: true }); }
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
  // draw the view `box` (gliding there from what shows, when asked and allowed)
  apply(glide = false) {
    const M = Motion;
    if (this.glide) { if (M) M.stop(this.glide); this.glide = null; }
    const from = { ...this.shown }, to = { ...this.box };
    const still = ["x", "y", "w", "h"].every(k => Math.abs(from[k] - to[k]) < 0.5);
    if (glide && !still && M && M.enabled()) {
      const mix = p => ({ x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p, w: from.w + (to.w - from.w) * p, h: from.h + (to.h - from.h) * p });
      this.glide = M.tween(GLIDE_MS, p => this.draw(mix(p)), { kind: "camera", ease: M.ease.inOut, done: () => { this.glide = null; } });
    } else this.draw(to);
    for (const f of this.listeners) f(this);
  }
  draw(b) {
    this.shown = b;
    this.svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }
}

// the score chart's line per seat: solid, dashed, dotted... (with the seat's shape at its end)
const SEAT_DASHES = [null, "9 4", "2 4", "10 3 2 3", "5 2"];

export { SEAT_COLOURS, SEAT_DASHES, SEAT_NAMES, el, text, PanZoom };
export { seatBadge, shapePath } from "./art.js";
