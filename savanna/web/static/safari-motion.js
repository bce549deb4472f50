// @ts-check
// Carcassonne Safari's moves, animated (Motion does the moving, and nothing
// moves under reduced motion): the tile slides in from the stack (the drawn tile's picture)
// and turns to how it was laid, a new meeple drops onto its spot, a meeple that comes back
// goes home (to its seat's row), and an animal token flies from a seat to the watering hole
// it was laid at or the feature it was added to, or from where it was won to the seat.
// The game page calls `before` with the view still drawn and `after` once the next one is.

import * as Motion from "./motion.js";
import * as Games from "./games.js";
import * as Board from "./board.js";
import { fresh } from "./history.js";
import "./safari-board.js";
import "./safari-words.js";

const Safari = Games.get("safari");
const B = { ...Board, ...Safari.board };
const parse = Safari.words.parse;
const S = B.S;
const MOST_MOVES = 8; // more new moves than this at once (a replay's jump, a reconnection): nothing moves
const TILE_MS = 430, MEEPLE_MS = 300, HOME_MS = 560, TOKEN_MS = 480;

// the board's point under a screen point, and back, at the moment asked (the view may glide)
function toBoard(layer, x, y) {
  const m = layer.getScreenCTM();
  if (!m) return [x, y];
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return [p.x, p.y];
}
function toScreen(layer, x, y) {
  const m = layer.getScreenCTM();
  if (!m) return [x, y];
  const p = new DOMPoint(x, y).matrixTransform(m);
  return [p.x, p.y];
}
const unit = layer => { const m = layer.getScreenCTM(); return m ? Math.hypot(m.a, m.b) : 1; }; // screen pixels a board unit

// every meeple on the board: a key that names it (where it stands, its feature, its seat and
// which of them), and its element(s)
function meeples(layer) {
  const out = new Map(), count = new Map();
  for (const el of layer.querySelectorAll(".meeple[data-seat]")) {
    const t = el.closest("[data-tile]"), hole = el.closest("[data-point]");
    const base = `${t ? "t" + t.dataset.tile : hole ? "h" + hole.dataset.point : "?"}|${el.getAttribute("data-feature") ?? ""}|${el.getAttribute("data-seat")}`;
    const k = count.get(base) || 0;
    count.set(base, k + 1);
    // its outline (drawn before it) and its mark (after it) move with it
    const next = el.nextElementSibling, prev = el.previousElementSibling;
    const parts = [el];
    if (next && next.classList.contains("meeple-mark")) parts.push(next);
    if (prev && prev.classList.contains("meeple-halo")) parts.unshift(prev);
    out.set(`${base}|${k}`, { el, parts, seat: +el.getAttribute("data-seat") });
  }
  return out;
}

// a copy of board elements to fly over the page, drawn round (0, 0) at `k` screen pixels a unit
function copyOf(parts, k) {
  const box = parts[0].getBBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  return B.el("g", { transform: `scale(${k}) translate(${-cx},${-cy})` }, parts.map(p => p.cloneNode(true)));
}

function seatRow(seat, part) {
  const row = document.querySelector(`#seats .seat[data-seat="${seat}"], .seat[data-seat="${seat}"]`);
  return row ? row.querySelector(part) || row : null;
}

// what shows before the new view is drawn
function before(page, prev) {
  const layer = page.layer;
  const stack = Motion.centreOf(page.panelBox && page.panelBox.querySelector(".tile-preview"));
  const preview = page.panelBox && page.panelBox.querySelector(".tile-preview");
  const gone = new Map();
  for (const [key, m] of meeples(layer)) {
    const at = Motion.centreOf(m.el);
    if (at) gone.set(key, { at, seat: m.seat, piece: copyOf(m.parts, unit(layer)) });
  }
  const tokens = {};
  for (const s of prev.seats) tokens[s.seat] = Motion.centreOf(seatRow(s.seat, ".tokens")) || Motion.centreOf(seatRow(s.seat, ".name"));
  return { stack, stackPx: preview && stack ? preview.getBoundingClientRect().width * 100 / 108 : 0,
    rotation: page.ui ? page.ui.rotation : 0, meeples: gone, tokens };
}

// the new view is drawn: what changed moves into place
function after(page, view, prev, was) {
  if (!was || !Motion.enabled()) return;
  const moved = fresh(view, prev); // (each view carries the latest moves only)
  if (!moved.length || moved.length > MOST_MOVES || view.moves <= prev.moves) return;
  const layer = page.layer;
  const mine = seat => page.mode === "play" && page.mySeats.includes(seat);
  let delay = 0;
  for (const m of moved) {
    const p = parse(m.action);
    if (p.kind === "T") { slideTile(page, p, was, mine(m.seat)); delay = mine(m.seat) ? 120 : TILE_MS - 80; }
  }
  // meeples: the new ones drop, those gone go home
  const now = meeples(layer);
  for (const [key, m] of now) if (!was.meeples.has(key)) drop(m, delay);
  for (const [key, m] of was.meeples) if (!now.has(key)) home(m, delay);
  // tokens laid at a watering hole or added to a feature, and tokens won
  for (const m of moved) {
    const p = parse(m.action);
    const from = was.tokens[m.seat];
    if ((p.kind === "D" || p.kind === "X") && from) {
      const { point, slot } = B.cornerPoint(p.x, p.y, p.corner);
      const [ox, oy] = B.SLOT_OFFSETS[slot];
      const at = [point[0] * S + ox, point[1] * S + oy];
      const target = nearest(layer.querySelectorAll(`[data-point="${point.join(",")}"] .animal[data-animal="${p.animal}"]`), at);
      token(page, p.animal, from, () => toScreen(layer, ...at), target, delay);
    } else if (p.kind === "+" && p.animal !== "none" && from && prev.scoring) {
      const f = prev.features.find(x => x.feature === prev.scoring.feature);
      if (f && f.spaces.length) {
        const at = [f.spaces.reduce((a, s) => a + s[0] + 0.5, 0) / f.spaces.length * S, f.spaces.reduce((a, s) => a + s[1] + 0.5, 0) / f.spaces.length * S];
        token(page, p.animal, from, () => toScreen(layer, ...at), null, delay, true);
      }
    }
  }
  won(page, view, prev, moved, delay);
}

// the tile laid slides in from the stack, turning from how the stack showed it; the person's
// own (laid where they clicked) only settles
function slideTile(page, p, was, own) {
  const layer = page.layer;
  const g = layer.querySelector(`[data-tile="${p.x},${p.y}"]`);
  if (!g) return;
  const rest = g.getAttribute("transform");
  const cx = p.x * S + S / 2, cy = p.y * S + S / 2;
  g.parentNode.appendChild(g); // over its neighbours while it moves
  const put = (x, y, a, s) => g.setAttribute("transform", `translate(${x},${y}) rotate(${a}) scale(${s}) translate(${-S / 2},${-S / 2})`);
  if (own) {
    Motion.tween(180, q => { if (q >= 1) g.setAttribute("transform", rest); else put(cx, cy, 0, 1.08 - 0.08 * q); }, { kind: "tile" });
    return;
  }
  let turn = ((was.rotation - p.r) % 360 + 540) % 360 - 180; // the short way round
  if (Math.abs(turn) === 180 && was.rotation === p.r) turn = 0;
  const from = () => {
    if (was.stack) return toBoard(layer, ...was.stack);
    const r = page.svg.getBoundingClientRect(), [sx] = toScreen(layer, cx, cy);
    return toBoard(layer, sx, r.top - 60); // the stack is not on the screen: from above the board
  };
  const s0 = was.stack && was.stackPx ? Math.min(2, Math.max(0.3, was.stackPx / (S * unit(layer)))) : 1;
  Motion.tween(TILE_MS, q => {
    if (q >= 1) { g.setAttribute("transform", rest); return; }
    const [fx, fy] = from();
    put(fx + (cx - fx) * q, fy + (cy - fy) * q, turn * (1 - q), s0 + (1 - s0) * q);
  }, { kind: "tile", ease: Motion.ease.inOut });
}

// a new meeple drops onto its spot
function drop(m, delay) {
  for (const el of m.parts) el.setAttribute("opacity", "0");
  Motion.tween(MEEPLE_MS, q => {
    for (const el of m.parts) {
      if (q >= 1) { el.removeAttribute("transform"); el.removeAttribute("opacity"); continue; }
      el.setAttribute("transform", `translate(0,${(-46 * (1 - q)).toFixed(1)})`);
      el.setAttribute("opacity", String(Math.min(1, Math.max(0, q * 3))));
    }
  }, { delay, kind: "meeple", ease: Motion.ease.outBack });
}

// a meeple that left the board goes back to its seat's supply
function home(m, delay) {
  const to = Motion.centreOf(seatRow(m.seat, ".meeples"));
  Motion.fly(m.piece, m.at, to || [m.at[0], m.at[1] - 60], { ms: HOME_MS, delay, s1: to ? 0.7 : 1, fade: !to, kind: "meeple-home" });
}

// an animal token flies from `from` (a seat's row) to a board point `to`; the marker drawn
// there shows when it lands
function token(page, animal, from, to, target, delay, fade = false) {
  const k = unit(page.layer);
  const piece = B.el("g", { transform: `scale(${k})` }, [B.animalMarker(animal, 0, 0, 9.5, page.view.animals)]);
  if (target) target.setAttribute("opacity", "0");
  Motion.fly(piece, from, to, { ms: TOKEN_MS, delay, s0: 1.4, fade, kind: "token", land: () => { if (target) target.removeAttribute("opacity"); } });
}

// tokens a seat won (a surrounded baobab, ...) fly from where they were won to its row
function won(page, view, prev, fresh, delay) {
  const layer = page.layer;
  for (const s of view.seats) {
    const before = (prev.seats[s.seat] || {}).tokens || {};
    for (const [a, n] of Object.entries(s.tokens)) {
      if (n <= (before[a] || 0)) continue;
      const e = fresh.flatMap(m => m.scored || []).find(x => x.seat === s.seat && (x.space || x.point));
      const t = fresh.map(m => parse(m.action)).find(x => x.kind === "T");
      const at = e ? (e.point ? [e.point[0] * S, e.point[1] * S] : [(e.space[0] + 0.5) * S, (e.space[1] + 0.5) * S])
        : t ? [(t.x + 0.5) * S, (t.y + 0.5) * S] : null;
      const to = Motion.centreOf(seatRow(s.seat, ".tokens"));
      if (!at || !to) continue;
      const piece = B.el("g", { transform: `scale(${unit(layer)})` }, [B.animalMarker(a, 0, 0, 9.5, view.animals)]);
      Motion.fly(piece, toScreen(layer, ...at), to, { ms: TOKEN_MS, delay: delay + 150, s1: 0.8, kind: "token" });
    }
  }
}

// of some elements, the one whose middle is nearest to the board point `at`
function nearest(els, at) {
  let best = null, d = Infinity;
  for (const el of els) {
    const b = el.getBBox(), dd = Math.hypot(b.x + b.width / 2 - at[0], b.y + b.height / 2 - at[1]);
    if (dd < d) { d = dd; best = el; }
  }
  return best;
}

Games.register("safari", { motion: { before, after } });
