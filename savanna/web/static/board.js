// The boards' common parts in SVG: making elements and text, the seats' colours, names,
// shapes and chart dashes, and PanZoom, which pans and zooms a board through its viewBox.
// Each game draws its own board in its own script; game.js decides what is clickable.
(() => {
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const ART = window.SavannaArt;
const SEAT_COLOURS = ART.SEAT_COLOURS;
const { N_ } = window.SavannaI18n;
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
    const pad = b.pad ?? 80; // room round the board (by default, most of a square tile's)
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
  SEAT_COLOURS, SEAT_DASHES, SEAT_NAMES, seatBadge: ART.seatBadge, shapePath: ART.shapePath, el, text, PanZoom,
};
})();
