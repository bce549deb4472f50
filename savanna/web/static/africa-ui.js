// @ts-check
// Knizia's Africa on the game page: the hex map drawn from the view (any map
// renders), the explorers, base camps and tiles, the legal steps and actions
// clickable on the map, and the object exchange as a clear choice.

import * as B from "./board.js";
import * as Games from "./games.js";
import * as Art from "./art.js";
import * as Layout from "./layout.js";
import * as Words from "./words.js";
import { h } from "./common.js";
import { _, ngettext, N_ } from "./i18n.js";
import { badge } from "./coach.js";
import "./animals-art.js";
import "./africa-art.js";
import "./africa-words.js";

/** @typedef {import("./view-types.js").AfricaView} AfricaView */

const Africa = Games.get("africa");
const name = Africa.words.name; // a tile's or a city's name in the page's language

const R = 40; // hex radius (SVG units)
const W = Math.sqrt(3) * R;
// A hex holds, from top to bottom: its picture, its name (in the widest band, inside any ring
// round the hex: a choice's, the last move's), its pieces (a base camp, explorers), its space.
// Names are drawn over everything else on the map, and at the page's own zoom never under
// MIN_NAME_PX on the screen (the view keeps to MIN_SCALE there, panned to what matters).
const NAME_PX = 14; // a name's font size (SVG units: africa-ui.css)
const NAME_WIDTH = 54; // at most this wide: inside the inner edge of a ring round its hex
const MIN_NAME_PX = 11;
const MIN_SCALE = MIN_NAME_PX / NAME_PX; // screen pixels a unit (hexes 54 px across)
// the colours of the kinds of tile, as in the game (animals green, objects red, monuments
// blue, nomads yellow; gold and gems, violet in the box, told apart here: gold and violet)
const KIND_COLOURS = { animal: "#9cc56b", nomad: "#f0d27a", monument: "#8fb3d9", object: "#e08f80", gold: "#f2cf5b",
  gems: "#c3a3e8" };
const FOLLOW_AFTER_MS = 5000; // the view follows the moves again this long after the person moved it
const SPACE_ACTION = /^([PSJDAN>])([a-z]+\d+)$/;
const MARK_LABELS = { P: N_("start"), S: N_("step"), J: N_("jump"), D: null, A: N_("move"), N: N_("move"), ">": N_("here") };
// how to choose on the map, for a mouse, a finger and the keys (layout.js's hint shows the device's)
const HINTS = {
  move: { pointer: N_("Click a highlighted space on the map (your own space: stay)."),
    touch: N_("Tap a highlighted space on the map (your own space: stay), then Confirm."), keys: N_("Keys: arrows and Enter.") },
  other: { pointer: N_("Click a highlighted space on the map."), touch: N_("Tap a highlighted space on the map, then Confirm."),
    keys: N_("Keys: arrows and Enter.") } };

function centre(sp) { return [sp.col * W + (sp.row % 2 ? W / 2 : 0), sp.row * 1.5 * R]; }

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function label(id) {
  const m = /^(gold|gems)-(\d)$/.exec(id || "");
  if (m) return `${name(m[1])} ${"●".repeat(+m[2])}`;
  return name(id);
}

// A discovered tile's or a city's picture, in the top of its hex (smaller over a name of two
// lines). Gold and gems show as many nuggets or stones as they count.
const KIND_PICTURES = { animal: null, object: "object", gold: "nugget", gems: "gem", nomad: "nomad", monument: "monument" };
function tilePicture(sp, cx, cy, twoLines) {
  const A = Art;
  const top = cy - (twoLines ? 34 : 32), h = twoLines ? 16 : 22, w = h * 1.1;
  if (sp.city) return [A.use("city", cx - w * 0.6, top - 1, w * 1.2, h * 1.1, { class: "art" })];
  const m = /^(gold|gems)-(\d)$/.exec(sp.tile);
  const pic = A.picture(sp.tile) || KIND_PICTURES[sp.kind] || null;
  if (!pic) return [];
  if (m && +m[2] > 1) {
    const n = Math.min(+m[2], 3), s = w * 0.8;
    return Array.from({ length: n }, (_x, k) => A.use(pic, cx - s / 2 - (n - 1) * s * 0.3 + k * s * 0.6, top + (k % 2) * 3, s, s * 0.9, { class: "art" }));
  }
  return [A.use(pic, cx - w / 2, top, w, h, { class: "art" })];
}

// the name of what is on a hex (a city's, a tile's; gold and gems by their kind), or null
function hexName(sp) {
  if (sp.city) return name(sp.city);
  if (!sp.tile || sp.tile === "face-down") return null;
  const m = /^(gold|gems)-(\d)$/.exec(sp.tile);
  return name(m ? m[1] : sp.tile);
}

// A name in the middle of its hex: on one line, squeezed to the hex's width if it must be,
// or on two where it has two words and one line would squeeze it too far.
function nameText(text, cx, cy, cls, space) { return B.text(cx, cy - 1, text, { class: cls, "data-space": space }); }

// the name laid out once it is on the page (its width is known only then); true: two lines
function fitName(t) {
  let len;
  try { len = t.getComputedTextLength(); } catch (e) { return false; }
  if (!len || len <= NAME_WIDTH) return false;
  const words = t.textContent.split(" ");
  if (len > NAME_WIDTH * 1.35 && words.length > 1) { // two lines, split where they are most even
    let best = 1, diff = Infinity;
    for (let i = 1; i < words.length; i++) {
      const d = Math.abs(words.slice(0, i).join(" ").length - words.slice(i).join(" ").length);
      if (d < diff) { diff = d; best = i; }
    }
    const x = t.getAttribute("x"), y = +t.getAttribute("y");
    const lines = [words.slice(0, best).join(" "), words.slice(best).join(" ")];
    t.textContent = "";
    lines.forEach((line, i) => {
      const span = B.el("tspan", { x, y: y - 9 + i * 14 });
      span.textContent = line;
      t.appendChild(span);
      try { if (span.getComputedTextLength() > NAME_WIDTH) { span.setAttribute("textLength", NAME_WIDTH); span.setAttribute("lengthAdjust", "spacingAndGlyphs"); } }
      catch (e) { /* not drawn */ }
    });
    t.classList.add("two-lines");
    return true;
  }
  t.setAttribute("textLength", NAME_WIDTH);
  t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  return false;
}

// a base camp: a tent in the seat's colour with the seat's mark
function camp(x, y, seat) {
  const c = B.SEAT_COLOURS[seat % B.SEAT_COLOURS.length];
  return B.el("g", { class: "camp", "data-camp": seat, transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(.9)` }, [
    B.el("path", { d: "M-9,6 L0,-10 L9,6 Z", fill: c, class: "camp-tent" }),
    B.el("path", { d: "M0,-10 L-3,6 H3 Z", class: "camp-door" }),
    B.el("path", { d: B.shapePath(seat, 0, -12.5, 2.6), class: "camp-flag", fill: c })]);
}

// an explorer: a pawn in the seat's colour with the seat's mark on it
function explorer(x, y, seat) {
  const c = B.SEAT_COLOURS[seat % B.SEAT_COLOURS.length];
  return B.el("g", { class: "explorer", "data-explorer": seat, transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(.8)` }, [
    B.el("path", { d: "M-7.5,10 C-7.5,4 -4,-1 -2.6,-3 A5.2,5.2 0 1 1 2.6,-3 C4,-1 7.5,4 7.5,10 Z", fill: c, class: "pawn" }),
    B.el("path", { d: B.shapePath(seat, 0, 4.5, 2.6), class: "pawn-mark" })]);
}

// a hex's pieces in a row under its name: its camp, then its explorers
function pieces(sp, cx, cy) {
  const out = [];
  const n = (sp.camp !== null && sp.camp !== undefined ? 1 : 0) + sp.explorers.length;
  const gap = n > 4 ? 10 : 13;
  let x = cx - gap * (n - 1) / 2;
  if (sp.camp !== null && sp.camp !== undefined) { out.push(camp(x, cy + 26, sp.camp)); x += gap; }
  for (const s of sp.explorers) { out.push(explorer(x, cy + 23, s)); x += gap; }
  return out;
}

function icon(name) {
  const pic = Art.picture(name);
  const svg = B.el("svg", { viewBox: "0 0 44 40", width: 17, height: 16, class: "icon", "aria-hidden": "true" });
  if (pic) svg.appendChild(Art.use(pic, 0, 0, 44, 40));
  return svg;
}

class AfricaUI {
  constructor(page) {
    this.page = page;
    this.menu = null; // a space whose several actions are offered in the panel
    this.userMoved = -Infinity; // when the person last panned or zoomed the map
    let seen = page.pz.moves;
    page.pz.onChange(pz => { if (pz.moves !== seen) { seen = pz.moves; this.userMoved = performance.now(); } });
  }

  get view() { return this.page.view; }
  myTurn() { return this.page.myTurn(); }
  seatName(s) { return this.page.seatName(s); }
  send(a) { this.menu = null; this.page.send(a); }

  /** @param {AfricaView} view @param {AfricaView | null} prev */
  show(view, prev) {
    if (prev && prev.moves !== view.moves) this.menu = null;
    const layer = this.page.layer;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    this.spaces = new Map(view.board.map(sp => [sp.space, sp]));
    const last = this.lastSpaces(view);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const g = B.el("g", { class: "africa-map" });
    const men = B.el("g", { class: "pieces" }); // camps and explorers, over every hex
    // the names: over everything, the choices' rings and marks too (drawMarks keeps them last)
    const labels = B.el("g", { class: "africa-map labels", "aria-hidden": "true" });
    const cells = [];
    for (const sp of view.board) {
      const [cx, cy] = centre(sp);
      x0 = Math.min(x0, cx - W / 2); x1 = Math.max(x1, cx + W / 2); y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
      const cell = B.el("g", { class: "hex", "data-space": sp.space });
      let cls = "land", fill = null;
      if (sp.city) cls = "city";
      else if (sp.tile === "face-down") cls = "face-down";
      else if (sp.kind) { cls = `tile ${sp.kind}`; fill = KIND_COLOURS[sp.kind] || "#ccc"; }
      cell.appendChild(B.el("polygon", { points: hexPoints(cx, cy, R - 1), class: cls, fill }));
      if (sp.tile === "face-down") cell.appendChild(B.text(cx, cy - 3, "?", { class: "down-mark" }));
      const text = hexName(sp);
      const t = text ? nameText(text, cx, cy, sp.city ? "city-name" : "tile-name", sp.space) : null;
      if (t) labels.appendChild(t);
      cell.appendChild(B.text(cx, cy + R - 6, sp.space, { class: "space-name" }));
      if (last.has(sp.space)) cell.appendChild(B.el("polygon", { points: hexPoints(cx, cy, R - 5), class: "last-move" }));
      cell.appendChild(B.el("title", {}, [document.createTextNode(this.describe(sp))]));
      g.appendChild(cell);
      men.append(...pieces(sp, cx, cy));
      cells.push([sp, cell, t, cx, cy]);
    }
    g.appendChild(men);
    layer.appendChild(g);
    this.labels = labels;
    this.page.marks.appendChild(labels);
    // a name too long for its hex: squeezed, or on two lines over a smaller picture
    for (const [sp, cell, t, cx, cy] of cells) {
      const two = t ? fitName(t) : false;
      if (sp.city || (sp.tile && sp.tile !== "face-down")) cell.insertBefore(this.pictureGroup(sp, cx, cy, two), cell.querySelector(".space-name"));
    }
    const b = { x0, y0, x1, y1, pad: 8, minScale: MIN_SCALE }; // the whole map where it fits readably, else panned
    b.focus = this.framing(view, b).focus;
    return b;
  }

  pictureGroup(sp, cx, cy, two) { return B.el("g", { class: "picture" }, tilePicture(sp, cx, cy, two)); }

  // Where the view of the map goes when the whole map is not shown (a phone): round what the
  // seat to act may choose and where its explorer stands (at set-up, as many free cities as
  // fit), else round the last action and the explorer of the seat to act. `size`: the view's
  // size in map units (by default, the screen's at the readable scale), `from`: its middle now.
  // {focus: the middle to show, stay: true when the view already shows all that fits}
  framing(view, b, size = null, from = null) {
    const r = this.page.svg.getBoundingClientRect();
    const span = { w: b.x1 - b.x0 + 2 * b.pad, h: b.y1 - b.y0 + 2 * b.pad };
    const w = size ? size.w : Math.min(span.w, (r.width || 390) / MIN_SCALE), h = size ? size.h : Math.min(span.h, (r.height || 450) / MIN_SCALE);
    const mid = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
    const c0 = from || mid;
    const at = sp => (sp && this.spaces.has(sp) ? centre(this.spaces.get(sp)) : null);
    const explorerOf = seat => { for (const sp of view.board) if (sp.explorers.includes(seat)) return centre(sp); return null; };
    let anchor = null;
    const points = [];
    if (this.myTurn()) {
      anchor = explorerOf(view.current_player);
      for (const a of view.legal_actions) { const m = SPACE_ACTION.exec(a); const p = m && at(m[2]); if (p) points.push(p); }
    } else {
      for (const sp of this.lastSpaces(view)) { const p = at(sp); if (p) points.push(p); }
      if (view.current_player !== null && view.current_player !== undefined) { const p = explorerOf(view.current_player); if (p) points.push(p); }
    }
    // a hex shows whole when its middle is this far in from the view's edges
    const mx = Math.max(0, w / 2 - W / 2 - 4), my = Math.max(0, h / 2 - R - 4);
    const clamp = c => [w >= span.w ? mid[0] : Math.min(Math.max(c[0], b.x0 - b.pad + w / 2), b.x1 + b.pad - w / 2),
      h >= span.h ? mid[1] : Math.min(Math.max(c[1], b.y0 - b.pad + h / 2), b.y1 + b.pad - h / 2)];
    const inside = (c, p) => Math.abs(p[0] - c[0]) <= mx + 0.5 && Math.abs(p[1] - c[1]) <= my + 0.5;
    const score = c => (anchor && inside(c, anchor) ? 1000 : 0) + points.filter(p => inside(c, p)).length;
    const candidates = [c0];
    if (anchor) candidates.push(anchor, ...points.map(p => [(p[0] + anchor[0]) / 2, (p[1] + anchor[1]) / 2]));
    candidates.push(...points);
    for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++)
      candidates.push([(points[i][0] + points[j][0]) / 2, (points[i][1] + points[j][1]) / 2]);
    if (points.length) candidates.push([points.reduce((a, p) => a + p[0], 0) / points.length, points.reduce((a, p) => a + p[1], 0) / points.length]);
    let best = null, bestScore = -1, bestMove = Infinity;
    for (const c of candidates.map(clamp)) {
      const sc = score(c), move = Math.hypot(c[0] - c0[0], c[1] - c0[1]);
      if (sc > bestScore || (sc === bestScore && move < bestMove)) { best = c; bestScore = sc; bestMove = move; }
    }
    // the least move that shows the same: towards the best window only as far as needed
    const shown = [anchor, ...points].filter(p => p && inside(best, p));
    if (from && shown.every(p => inside(c0, p))) return { focus: c0, stay: true };
    let focus = best;
    if (from && shown.length) {
      const lo = [Math.max(...shown.map(p => p[0] - mx)), Math.max(...shown.map(p => p[1] - my))];
      const hi = [Math.min(...shown.map(p => p[0] + mx)), Math.min(...shown.map(p => p[1] + my))];
      focus = clamp([Math.min(Math.max(c0[0], lo[0]), hi[0]), Math.min(Math.max(c0[1], lo[1]), hi[1])]);
    }
    return { focus, stay: false };
  }

  // After a move: the view follows it (see framing) unless the person moved the view in the
  // last few seconds, or asked for the whole map (the fit button). Not moved by the person
  // yet: a new framing at the readable scale; moved: panned, at the person's zoom.
  follow() {
    const page = this.page, pz = page.pz, v = this.view;
    const key = `${v.moves}:${this.myTurn()}`;
    const first = this.followed === undefined;
    if (key === this.followed || !page.bounds) return;
    this.followed = key;
    if (first || (pz.lastFit && pz.lastFit[1]) || performance.now() - this.userMoved < FOLLOW_AFTER_MS) return;
    const vis = pz.visible();
    const c0 = [(vis.x0 + vis.x1) / 2, (vis.y0 + vis.y1) / 2];
    const f = this.framing(v, page.bounds, { w: vis.x1 - vis.x0, h: vis.y1 - vis.y0 }, c0);
    if (f.stay) return;
    if (!pz.touched) { pz.fit({ ...page.bounds, focus: f.focus }); return; }
    pz.box.x += f.focus[0] - c0[0];
    pz.box.y += f.focus[1] - c0[1];
    pz.apply();
  }

  // where on the map a scoring event happened (SVG units), for its "+N": over its hex's
  // picture, above the name (more than one rise from there)
  pointOf(e) {
    const sp = e.space && this.spaces && this.spaces.get(e.space);
    if (!sp) return null;
    const [cx, cy] = centre(sp);
    return [cx, cy - 18];
  }

  // the spaces of the last action (and of the one before it in the same turn)
  lastSpaces(view) {
    const out = new Set();
    const hist = view.history || [];
    for (const m of hist.slice(-2)) {
      const p = SPACE_ACTION.exec(m.action);
      if (p && m.turn === hist[hist.length - 1].turn) out.add(p[2]);
    }
    return out;
  }

  describe(sp) {
    const bits = [sp.space + (sp.city ? ` · ${name(sp.city)}` : "")];
    if (sp.tile === "face-down") bits.push(_("a face-down tile"));
    else if (sp.tile) bits.push(label(sp.tile));
    if (sp.camp !== null && sp.camp !== undefined) bits.push(_("base camp of {who}", { who: this.seatName(sp.camp) }));
    for (const s of sp.explorers) bits.push(_("explorer of {who}", { who: this.seatName(s) }));
    return bits.join("\n");
  }

  /** @param {AfricaView} v */
  phaseText(v) {
    const step = v.step ? " " + _("(step {n} of 2)", { n: v.step }) : "";
    const jump = v.legal_actions.includes("jump");
    switch (v.phase) {
      case "setup": return _("put your explorer on a city");
      case "move": return jump ? _("move 0 to 2 spaces{step}, or jump", { step }) : _("move 0 to 2 spaces{step}", { step });
      case "jump": return _("jump: choose where");
      case "action": return _("an action{step}, or pass", { step });
      case "target": return _("choose where it goes");
      case "exchange": return _("exchange the new object, or keep it");
      default: return v.phase;
    }
  }

  seatDetails(s) {
    const v = this.view;
    const chips = Object.entries(s.objects || {}).map(([k, n]) => h("span", { class: "chip object", title: `${name(k)}: ${n}` }, icon(k), `${name(k)}${n > 1 ? " ×" + n : ""}`));
    const treasure = s.gold === null
      ? [h("span", { class: "chip hidden", title: _("gold and gems hidden (rules option)") }, _("treasure: {n} hidden", { n: s.treasure_tiles }))]
      : [h("span", { class: "chip gold", title: _("nuggets of gold") }, icon("nugget"), `${name("gold")} ${s.gold}`),
        h("span", { class: "chip gems", title: _("gem stones") }, icon("gem"), `${name("gems")} ${s.gems}`)];
    return [h("span", { class: "meeples", title: _("base camps in reserve") }, _("camps {n}", { n: s.camps })),
      h("span", { class: "tokens" }, ...chips, ...treasure,
        v.last_monument_bonus === s.seat ? h("span", { class: "chip bonus" }, "+3") : null)];
  }

  render() {
    this.drawMarks();
    this.follow();
    this.renderPanel();
    this.renderChoices();
    this.renderInfo();
  }

  bySpace() {
    const out = new Map();
    for (const a of this.page.legalActions()) {
      const m = SPACE_ACTION.exec(a);
      if (!m) continue;
      if (!out.has(m[2])) out.set(m[2], []);
      out.get(m[2]).push(a);
    }
    return out;
  }

  drawMarks() {
    const ch = this.page.chooser;
    ch.begin();
    const g = this.page.marks;
    while (g.firstChild) g.removeChild(g.firstChild);
    if (!this.myTurn()) { ch.end(); g.appendChild(this.labels); return; }
    const pills = [];
    for (const [space, actions] of this.bySpace()) {
      const sp = this.spaces.get(space);
      if (!sp) continue;
      const [cx, cy] = centre(sp);
      const kind = actions[0][0];
      const one = actions.length === 1;
      const attrs = { class: `choice hex-choice kind-${kind === ">" ? "target" : kind}`, "data-space": space };
      if (one) attrs["data-action"] = actions[0];
      // the ring round the hex, and what a tap does in a tag at its foot (under the pieces' feet)
      const mark = B.el("g", attrs, [B.el("polygon", { points: hexPoints(cx, cy, R - 4), class: "halo" })]);
      const tag = one ? this.markLabel(actions[0], sp) : "…";
      if (tag) {
        const t = B.text(cx, cy + R - 7, tag, { class: "mark-label" });
        const pill = B.el("rect", { x: cx - 12, y: cy + R - 13, width: 24, height: 12, rx: 6, class: "mark-pill" });
        mark.append(pill, t);
        pills.push([pill, t, cx]);
      }
      mark.appendChild(B.el("title", {}, [document.createTextNode(actions.map(a => this.explain(a)).join("\n"))]));
      g.appendChild(mark);
      ch.add(mark, { key: space, at: [cx, cy], confirm: one ? "Confirm" : N_("Choose"),
        label: one ? this.words({ action: actions[0] }) : space + ": " + actions.map(a => this.words({ action: a })).join(_(", or ")),
        commit: () => {
          if (one) this.send(actions[0]);
          else { this.menu = space; this.renderChoices(); const b = /** @type {HTMLElement | null} */ (document.querySelector("#choices .menu-choice")); if (b) b.focus(); }
        } });
    }
    g.appendChild(this.labels);
    for (const [pill, t, cx] of pills) { // each tag as wide as its word
      try { const w = t.getComputedTextLength() + 8; pill.setAttribute("x", cx - w / 2); pill.setAttribute("width", w); } catch (e) { /* not drawn */ }
    }
    ch.end();
  }

  // The coach's moves on the map (coach.js: a hint's best move, a review's move played and the
  // better one): each space of the move and the rest of its turn ringed, numbered in order,
  // with the move's badge on its first.
  coachMarks(view, moves) {
    const g = B.el("g", { class: "coach-marks" });
    for (const m of moves) {
      const one = B.el("g", { class: `coach-move coach-${m.kind}`, "data-coach": m.kind, "data-coach-action": m.action });
      const spaces = [m.action, ...(m.then || [])].map(a => SPACE_ACTION.exec(a)).filter(Boolean).map(x => this.spaces.get(x[2])).filter(Boolean);
      spaces.forEach((sp, i) => {
        const [cx, cy] = centre(sp);
        one.appendChild(B.el("polygon", { points: hexPoints(cx, cy, R - 2), class: "coach-ring" }));
        if (spaces.length > 1) one.appendChild(B.text(cx + 18, cy + 14, String(i + 1), { class: "coach-step" }));
        if (!i) one.appendChild(badge(cx - 18, cy - 22, m.kind));
      });
      g.appendChild(one);
    }
    return g;
  }

  markLabel(a, sp) {
    const k = a[0];
    if (k === "S" && sp.explorers.includes(this.view.current_player)) return _("stay");
    return MARK_LABELS[k] ? _(MARK_LABELS[k]) : null;
  }

  // a move in words (the live region): the explanation without its notation
  words(m) { return this.explain(m.action).replace(/ \([^()]*\)$/, ""); }

  explain(a) {
    const v = this.view;
    let m;
    if ((m = SPACE_ACTION.exec(a))) {
      const sp = this.spaces.get(m[2]) || /** @type {Partial<import("./view-types.js").Space>} */ ({});
      const space = m[2];
      const what = sp.tile && sp.tile !== "face-down" ? label(sp.tile) : null;
      const moveIt = what ? _("move the {tile} on {space}", { tile: what, space }) : _("move it on {space}", { space });
      return {
        P: () => _("start on {space}", { space: sp.city ? name(sp.city) : space }),
        S: () => sp.explorers && sp.explorers.includes(v.current_player) ? _("stay on {space}", { space }) : _("step to {space}", { space }),
        J: () => _("jump to {space}", { space }), D: () => _("discover the tile on {space}", { space }), A: () => moveIt, N: () => moveIt,
        ">": () => v.pending && v.pending.from === space ? _("leave it on {space}", { space }) : _("put it on {space}", { space }),
      }[m[1]]() + ` (${a})`;
    }
    if ((m = /^E(\d+):([a-z-]+)(\*?)$/.exec(a))) {
      const other = this.seatName(+m[1]);
      const kind = name(m[2]);
      const n = (v.seats[+m[1]].objects || {})[m[2]] || 0;
      // in words only (the notation is in the list of every choice)
      if (m[3]) {
        return v.pending ? _("Exchange with {other}: {n} of your {mine}s for all {n} of their {kind}s", { n, other, kind, mine: label(v.pending.object) })
          : _("Exchange with {other}: as many new objects for all {n} of their {kind}s", { n, other, kind });
      }
      return v.pending ? _("Exchange with {other}: your {mine} for their {kind}", { mine: label(v.pending.object), other, kind })
        : _("Exchange with {other}: your new object for their {kind}", { other, kind });
    }
    const text = { jump: N_("jump: move anywhere allowed, and that is the whole turn"), "B+": N_("build a base camp here for points"),
      "B$": N_("build a base camp here to explore: take the gold and gems around it"), pass: N_("no action"), keep: N_("keep it: no exchange") }[a];
    return text ? _(text) : a;
  }

  renderPanel() {
    const v = this.view;
    const box = this.page.panelBox;
    box.innerHTML = "";
    const p = v.pending;
    if (!p) { box.hidden = true; return; }
    box.hidden = false;
    if (p.choice === "target") {
      box.append(h("div", { class: "panel-title" }, _("The {tile} on {space}", { tile: label(p.tile), space: p.from })),
        h("p", { class: "small" }, p.discovered ? _("Just discovered: it may go to a better space (it scores the difference).") : _("Choose where it goes: only to a better space, scoring the difference.")));
    } else if (p.choice === "exchange") {
      box.append(h("div", { class: "panel-title" }, _("A new object: {object}", { object: label(p.object) })),
        h("p", { class: "small" }, _("You may exchange it with another player: one for one, or all of one of their kinds for as many of yours.")));
    }
  }

  renderChoices() {
    const v = this.view;
    const box = this.page.choiceBox;
    box.innerHTML = "";
    if (!this.myTurn()) {
      box.hidden = this.page.mode === "replay" || v.status === "over";
      if (!box.hidden && v.current_player !== null) box.append(h("div", { class: "muted" }, _("Waiting for {who}…", { who: this.seatName(v.current_player) })));
      return;
    }
    box.hidden = false;
    const acts = this.page.legalActions();
    const onMap = acts.filter(a => SPACE_ACTION.test(a));
    const buttons = acts.filter(a => !SPACE_ACTION.test(a));
    box.append(h("div", { class: "panel-title" }, v.phase === "exchange" ? _("Exchange?") : _("Your choices")));
    if (onMap.length) box.append(Layout.hint(v.phase === "move" ? HINTS.move : HINTS.other));
    // at set-up, the free cities by name too: each one a button, wherever the map is panned
    const cities = v.phase === "setup" ? onMap.filter(a => a[0] === "P") : [];
    if (cities.length) {
      box.append(h("div", { class: "buttons city-choices" }, cities.map(a => h("button", { class: "choice-button", dataset: { action: a },
        title: this.explain(a), onclick: () => this.send(a) }, name(this.spaces.get(SPACE_ACTION.exec(a)[2]).city)))));
    }
    if (this.menu) {
      const here = onMap.filter(a => a.endsWith(this.menu) && SPACE_ACTION.exec(a)[2] === this.menu);
      box.append(h("div", { class: "buttons" }, here.map(a => h("button", { class: "choice-button menu-choice", dataset: { action: a }, onclick: () => this.send(a) }, this.explain(a)))));
    }
    if (buttons.length) {
      box.append(h("div", { class: "buttons column" }, buttons.map(a => h("button", {
        class: "choice-button" + (a === "pass" || a === "keep" ? "" : " primary"), dataset: { action: a }, onclick: () => this.send(a),
      }, this.explain(a)))));
    }
    box.append(h("details", { class: "all-actions" }, h("summary", {}, _("All {n} choices in notation", { n: acts.length })),
      h("div", { class: "notation-list" }, acts.slice(0, 400).map(a => h("button", { class: "notation", title: this.explain(a), onclick: () => this.send(a) }, a))),
      h("form", { class: "notation-form", onsubmit: e => { e.preventDefault(); const t = e.target.elements.a.value.trim(); if (t) this.send(t); } },
        h("input", { name: "a", placeholder: _("or type one, e.g. {example}", { example: "Sg3" }), autocomplete: "off", "aria-label": _("action in notation") }),
        h("button", {}, _("Play")))));
  }

  renderInfo() {
    const v = this.view;
    const box = this.page.infoBox;
    box.innerHTML = "";
    const unseen = Object.entries(v.unseen_tiles || {}).map(([k, n]) => `${label(k)} ×${n}`).join(", ");
    box.append(
      h("div", {}, ngettext("{found} of {n} monument found", "{found} of {n} monuments found", v.monuments.total, { found: v.monuments.found }), " · ",
        ngettext("{n} base camp in the supply", "{n} base camps in the supply", v.camp_supply)),
      h("div", {}, ngettext("{n} tile face down", "{n} tiles face down", v.tiles_face_down)),
      h("details", {}, h("summary", {}, _("Tiles still face down")), h("div", { class: "muted small" }, unseen || _("none"))),
      h("div", { class: "muted small" }, v.rules.hidden_treasure ? _("Option: each player sees only their own gold and gem totals until the end (every pick-up is on the board and in the move log).") : _("Everyone's gold and gems are open.")));
  }

  key(e) {
    if (e.key === "Escape" && this.menu) { this.menu = null; this.renderChoices(); }
    else if (e.key === "p" && this.myTurn() && this.view.legal_actions.includes("pass")) this.send("pass");
  }
}

// A swatch of the legend for one of the map's classes (in a map's group, as the map's own).
function legendSwatch(cls) {
  if (!cls.startsWith("hex-choice") && cls !== "last-move") return null;
  const g = B.el("g", { class: cls }, [B.el("polygon", { points: "20,2 36,9 36,19 20,26 4,19 4,9", class: cls === "last-move" ? "last-move" : "halo" })]);
  return B.el("g", { class: cls === "last-move" ? "africa-map" : "" }, [g]);
}

// A part of final scoring in the summary: its words, and the sets of objects it counted as a tooltip.
function finalItem(e, view) {
  const { tileName } = Africa.words;
  return h("li", { title: Object.entries(e.sets || {}).map(([k, n]) => `${tileName(k)} ×${n}`).join(", ") },
    Words.finalPart(view, e));
}

Games.register("africa", { UI: AfricaUI, legendSwatch, finalItem });
