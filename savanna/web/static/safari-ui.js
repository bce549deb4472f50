// @ts-check
// Carcassonne Safari on the game page: the board, the drawn tile, the clickable
// choices (spaces, meeple spots, watering holes, rangers) and the scoring choice.

import * as Games from "./games.js";
import * as Board from "./board.js";
import * as Layout from "./layout.js";
import * as Art from "./art.js";
import * as I18n from "./i18n.js";
import { pts } from "./words.js";
import { h } from "./common.js";
import { _, ngettext, N_ } from "./i18n.js";
import { badge as coachBadge } from "./coach.js";
import "./animals-art.js";
import "./safari-board.js";
import "./safari-words.js";
import "./safari-motion.js";

/** @typedef {import("./view-types.js").SafariView} SafariView */

const Safari = Games.get("safari");
const B = { ...Board, ...Safari.board };
const Words = Safari.words;
const parseAction = Words.parse;
const MEEPLE_PX = 26; // a meeple's least height on the screen
const PICK_R = 15; // an animal's radius in the watering-hole picker (board units)
const READABLE = 0.95; // the smallest scale (screen pixels a board unit) the view follows the game at: a tile 95 px, every animal 14 px
const MOST = 1.5; // the largest it frames a small board at
const PAD = 24; // room round the board (its ring of open spaces is room already)

// an animal's silhouette as a small inline picture (panels, buttons)
// how to choose, for a mouse, a finger and the keys (layout.js's hint shows the device's ways)
const SAFARI_HINTS = {
  place: { pointer: N_("Click a highlighted space to place the tile (the outline shows it under the pointer)."),
    touch: N_("Tap a highlighted space, then Confirm."), keys: N_("Keys: arrows, R to rotate, Enter.") },
  action: { pointer: N_("Click a meeple spot on the tile, a watering hole mark (then the animal), a ranger (then where it goes), or Pass."),
    touch: N_("Tap a meeple spot on the tile, a watering hole mark (then the animal), a ranger (then where it goes), or Pass."),
    keys: N_("Keys: arrows, Enter, P to pass.") },
  ranger: { pointer: N_("Click a highlighted space to put the displaced ranger back."),
    touch: N_("Tap a highlighted space to put the displaced ranger back.") } };
const ROTATION_HINT = { pointer: N_("click a highlighted space"), touch: N_("tap a highlighted space"),
  keys: N_("arrow keys and Enter; R rotates") };
function rotationHint(rotation) {
  const p = Layout.hint(ROTATION_HINT, "muted small");
  p.prepend(`${rotation}° · `);
  return p;
}

function animalIcon(a, names) {
  const pic = Art.picture(a, names);
  const svg = B.el("svg", { viewBox: "0 0 40 40", width: 18, height: 18, class: "icon", "aria-hidden": "true" });
  if (pic) svg.appendChild(Art.use(pic, 0, 0, 40, 40));
  else svg.appendChild(B.text(20, 20, a, { "font-size": 26, "font-weight": 700 }));
  return svg;
}

class SafariUI {
  constructor(page) {
    this.page = page;
    this.rotation = 0;
    this.hover = null;
    this.pending = null; // a two-step choice in progress: {kind: "hole", key} / {kind: "ranger", from}
    // meeples never under MEEPLE_PX screen pixels: zoomed out, they grow (up to twice their size)
    const pz = page.pz, size = () => {
      const k = Math.min(2, Math.max(1, MEEPLE_PX * pz.scale() / (0.9 * B.MEEPLE)));
      page.svg.style.setProperty("--meeple-k", k.toFixed(3));
    };
    pz.onChange(size);
    size();
    // a trail, bush or baobab under the mouse, or tapped: its whole extent, its meeples and
    // what it would score now (a card over the board's corner)
    this.focus = null; // {x, y, index, pinned}
    this.card = h("div", { class: "feature-card", id: "feature-card", role: "status", hidden: true });
    page.svg.parentNode.append(this.card);
    page.layer.addEventListener("pointerover", e => {
      if (e.pointerType !== "mouse" || (this.focus && this.focus.pinned)) return;
      const at = this.featureAt(e.target);
      if (at && this.focus && at.x === this.focus.x && at.y === this.focus.y && at.index === this.focus.index) return;
      this.setFocus(at);
    });
    page.svg.addEventListener("pointerleave", e => { if (e.pointerType === "mouse" && this.focus && !this.focus.pinned) this.setFocus(null); });
    page.svg.addEventListener("click", e => { // (a choice's mark stops its own click)
      const at = this.featureAt(e.target);
      const same = at && this.focus && this.focus.pinned && at.x === this.focus.x && at.y === this.focus.y && at.index === this.focus.index;
      this.setFocus(at && !same ? { ...at, pinned: true } : null);
    });
  }

  // the tile and the feature (its index in the tile's layout) that a board element is part of
  featureAt(target) {
    const part = target && target.closest && target.closest("[data-feature]"), tile = part && part.closest("g.tiles > [data-tile]");
    if (!tile) return null;
    const [x, y] = tile.dataset.tile.split(",").map(Number);
    return { x, y, index: +part.dataset.feature };
  }

  setFocus(at) {
    this.focus = at;
    this.drawFocus();
  }

  // the focused feature: the rest of the board dimmed, its parts on every tile over it, the
  // spaces it covers outlined, and the card in words
  drawFocus() {
    const layer = this.page.layer, v = this.view;
    const old = layer.querySelector(":scope > g.feature-focus");
    if (old) old.remove();
    const at = this.focus;
    const tile = at && v && Array.isArray(v.board) ? v.board.find(t => t.x === at.x && t.y === at.y) : null;
    const f = tile && tile.features[at.index];
    this.page.svg.classList.toggle("focusing", !!f);
    if (!f) { this.focus = null; this.card.hidden = true; this.card.innerHTML = ""; return; }
    const S = B.S;
    const g = B.el("g", { class: "feature-focus", "aria-hidden": "true" });
    g.appendChild(B.el("rect", { x: -1e5, y: -1e5, width: 2e5, height: 2e5, class: "dim" }));
    const whole = f.kind === "baobab" ? null : (v.features || []).find(w => w.feature === f.feature);
    const spaces = whole ? whole.spaces : [[tile.x, tile.y]];
    if (!whole) { // a baobab: the ring of eight spaces round it
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const there = v.board.some(t => t.x === tile.x + dx && t.y === tile.y + dy);
        g.appendChild(B.el("rect", { x: (tile.x + dx) * S + 3, y: (tile.y + dy) * S + 3, width: S - 6, height: S - 6, rx: 4,
          class: "ring" + (there ? " filled" : "") }));
      }
    }
    for (const [x, y] of spaces) {
      const tg = layer.querySelector(`g.tiles > [data-tile="${x},${y}"]`), t = v.board.find(q => q.x === x && q.y === y);
      if (!tg || !t) continue;
      const mine = t.features.map((q, i) => i).filter(i => whole ? t.features[i].feature === whole.feature : i === at.index);
      const copy = B.el("g", { transform: `translate(${x * S},${y * S})`, class: "focus-tile" });
      copy.appendChild(B.el("rect", { x: 0, y: 0, width: S, height: S, class: "savanna" }));
      for (const part of tg.querySelectorAll(":scope > g.tile > *")) {
        if (mine.includes(+part.getAttribute("data-feature")) && part.hasAttribute("data-feature")) copy.appendChild(part.cloneNode(true));
      }
      copy.appendChild(B.el("rect", { x: 1.5, y: 1.5, width: S - 3, height: S - 3, class: "extent" }));
      g.appendChild(copy);
    }
    layer.appendChild(g);
    this.renderCard(f, tile, whole);
  }

  renderCard(f, tile, whole) {
    const v = this.view, W = Words, seat = s => [B.seatBadge(s, 12, { class: "seat-badge dot" }), " ", this.seatName(s)];
    const lines = [];
    if (!whole) { // a baobab
      const around = v.board.filter(t => Math.max(Math.abs(t.x - tile.x), Math.abs(t.y - tile.y)) === 1).length;
      lines.push(h("div", { class: "card-title" }, W.name("baobab"), " · ", _("{n} of 8 tiles around it", { n: around })));
      lines.push(h("div", {}, f.meeples.length ? seat(f.meeples[0]) : _("no meeple on it")));
      lines.push(h("div", { class: "muted" }, _("Surrounded, it sends its meeple home with 2 more tokens; baobabs score no points.")));
    } else {
      const n = whole.spaces.length;
      lines.push(h("div", { class: "card-title" }, W.name(whole.kind), " · ", ngettext("{n} tile", "{n} tiles", n), " · ",
        whole.complete ? _("complete") : ngettext("{n} open end", "{n} open ends", whole.open_ends)));
      const icons = [...(whole.animals || "")].map(a => animalIcon(a, v.animals));
      lines.push(h("div", {}, icons.length ? [...icons, " ", ngettext("{n} animal", "{n} animals", whole.animal_count)] : _("no animal yet"),
        whole.birds ? " · " + ngettext("{n} bird", "{n} birds", whole.birds) : ""));
      const held = whole.meeples.map((c, s) => [s, c]).filter(([, c]) => c > 0);
      lines.push(h("div", {}, held.length ? held.flatMap(([s, c], i) => [i ? ", " : "", ...seat(s), c > 1 ? ` ×${c}` : ""]) : _("no meeple on it")));
      const who = list => I18n.list(list.map(s => this.seatName(s)));
      if (!whole.complete || held.length) {
        const now = whole.leaders.length ? _("Completed now: {n} points to {who}", { n: whole.points_if_completed, who: who(whole.leaders) })
          : _("Completed now: {n} points", { n: whole.points_if_completed });
        lines.push(h("div", { class: "card-score" }, now, " ", _("({n} with a new animal token)", { n: whole.points_if_completed_with_token })));
      }
      if (!whole.complete) {
        const end = whole.final_points.map((p, s) => [s, p]).filter(([, p]) => p > 0);
        lines.push(h("div", { class: "card-score" }, end.length
          ? _("At the end as it stands: {scores}", { scores: end.map(([s, p]) => `${this.seatName(s)} ${pts(p)}`).join(", ") })
          : _("At the end as it stands: {n} points to whoever holds it", { n: whole.animal_count + whole.birds })));
      }
    }
    this.card.innerHTML = "";
    this.card.append(...lines);
    this.card.hidden = false;
    this.placeCard();
  }

  // the card in the corner of the board where it covers least of the feature (top left, top
  // right, bottom left)
  placeCard() {
    const wrap = this.card.parentNode.getBoundingClientRect(), c = this.card;
    const parts = [...this.page.layer.querySelectorAll(":scope > g.feature-focus .extent, :scope > g.feature-focus .ring")]
      .map(e => e.getBoundingClientRect());
    const w = c.offsetWidth, hgt = c.offsetHeight, m = 8;
    const spots = [["left", "top", m, m], ["right", "top", wrap.width - w - m, m], ["left", "bottom", m, wrap.height - hgt - m]];
    const covered = (/** @type {any[]} */ [, , x, y]) => parts.reduce((a, r) => a + Math.max(0, Math.min(r.right - wrap.left, x + w) - Math.max(r.left - wrap.left, x))
      * Math.max(0, Math.min(r.bottom - wrap.top, y + hgt) - Math.max(r.top - wrap.top, y)), 0);
    const best = spots.reduce((a, b) => covered(b) < covered(a) ? b : a);
    c.dataset.corner = `${best[1]}-${best[0]}`;
  }

  get view() { return this.page.view; }
  get mode() { return this.page.mode; }
  get tileBox() { return this.page.panelBox; }
  get choiceBox() { return this.page.choiceBox; }
  get infoBox() { return this.page.infoBox; }
  get marks() { return this.page.marks; }
  myTurn() { return this.page.myTurn(); }
  send(a) { this.pending = null; this.page.send(a); }
  seatName(s) { return this.page.seatName(s); }

  // a new view arrived (prev: the one before, or null); draw the board, return its bounds
  /** @param {SafariView} view @param {SafariView | null} prev */
  show(view, prev) {
    if (prev && (view.moves !== prev.moves || view.phase !== prev.phase)) this.pending = null;
    if (view.drawn_tile && view.phase === "place" && (!prev || prev.phase !== "place" || !this.legalAt(this.rotation))) {
      this.rotation = this.firstRotation();
    }
    const scoring = view.scoring ? (view.features.find(f => f.feature === view.scoring.feature) || {}).spaces : null;
    const b = B.drawBoard(this.page.layer, view, { scoring, animals: view.animals });
    if (this.focus) this.drawFocus();
    return this.framing(view, b);
  }

  // What the view frames (PanZoom.frame): the whole board when it shows at READABLE pixels a
  // unit or more (its animals and meeples read), else the last tiles placed, the newest first
  // (a round of them, as many as fit); a small board is not blown up past MOST. Each new tile
  // is followed (`follow`: how many there are).
  framing(view, b) {
    const S = B.S, tiles = [];
    for (let i = (view.history || []).length - 1; i >= 0 && tiles.length < Math.max(view.seats.length, 2) + 1; i--) {
      const m = view.history[i], p = parseAction(typeof m === "string" ? m : m.action);
      if (p.kind === "T") tiles.push({ x0: p.x * S, y0: p.y * S, x1: (p.x + 1) * S, y1: (p.y + 1) * S });
    }
    if (!tiles.length) tiles.push({ x0: -S, y0: 0, x1: S, y1: S }); // the start tiles
    return { x0: b.minX * S, y0: b.minY * S, x1: (b.maxX + 1) * S, y1: (b.maxY + 1) * S,
      pad: PAD, readable: READABLE, most: MOST, focus: tiles, follow: String(view.board.length) };
  }

  // where on the board a scoring event happened (SVG units), for its "+N"
  pointOf(e) {
    const S = B.S;
    if (e.point) return [e.point[0] * S, e.point[1] * S];
    if (e.space) return [(e.space[0] + 0.5) * S, (e.space[1] + 0.5) * S];
    return null;
  }

  /** @param {SafariView} v */
  phaseText(v) {
    const text = { place: N_("place the tile"), action: N_("meeple, watering hole, ranger, or pass"), score: N_("a scoring choice"),
      ranger: N_("put the ranger back") }[v.phase];
    return text ? _(text) : v.phase;
  }

  seatDetails(s) {
    const v = this.view;
    const tokens = Object.entries(s.tokens).filter(([, n]) => n > 0)
      .map(([a, n]) => h("span", { class: "token", title: `${Words.animalName(v, a)}: ${n}`,
        "aria-label": _("{animal} tokens: {n}", { animal: Words.animalName(v, a), n }) },
        animalIcon(a, v.animals), n > 1 ? `×${n}` : ""));
    return [h("span", { class: "meeples", title: _("meeples in supply") }, `♟${s.meeples}`), h("span", { class: "tokens" }, tokens)];
  }

  render() {
    this.drawMarks();
    this.renderTile();
    this.renderChoices();
    this.renderInfo();
  }

  key(e) {
    if (e.key === "Escape" && this.focus) this.setFocus(null);
    if (!this.myTurn()) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.view.phase === "place" && (e.key === "r" || e.key === "e" || e.key === "R" || e.key === "E")) this.rotate(1);
    else if (this.view.phase === "place" && (e.key === "q" || e.key === "Q")) this.rotate(-1);
    else if (e.key === "p" && this.view.legal_actions.includes("pass")) this.send("pass");
    else if (e.key === "Escape") { this.pending = null; this.drawMarks(); }
  }

  renderTile() {
    const v = this.view;
    const box = this.tileBox;
    box.innerHTML = "";
    if (!v.drawn_tile) { box.hidden = true; return; }
    box.hidden = false;
    const lay = v.drawn_tile.layouts.find(l => l.rotation === this.rotation) || v.drawn_tile.layouts[0];
    const svg = B.el("svg", { viewBox: "-4 -4 108 108", class: "tile-preview", role: "img",
      "aria-label": _("the drawn tile {id}, turned {r}°", { id: v.drawn_tile.id, r: this.rotation })
        + `: ${B.describeTile({ ...lay, x: "", y: "" }, v.animals).split("\n").slice(1).join("; ")}` });
    svg.appendChild(B.drawTile(lay, { animals: v.animals }));
    const placing = v.phase === "place" && this.myTurn();
    box.append(...[h("div", { class: "panel-title" }, _("Tile {id}", { id: v.drawn_tile.id }), h("span", { class: "muted" }, " · " + ngettext("{n} left", "{n} left", v.tiles_left))),
      h("div", { class: "drawn-row" },
        placing ? h("button", { id: "rotate-left", title: _("rotate left (Q)"), "aria-label": _("rotate left"), onclick: () => this.rotate(-1) }, "⟲") : null,
        svg,
        placing ? h("button", { id: "rotate-right", title: _("rotate right (R or E)"), "aria-label": _("rotate right"), onclick: () => this.rotate(1) }, "⟳") : null),
      placing ? rotationHint(this.rotation) : null].filter(Boolean));
  }

  rotate(d) {
    // a space selected: its own rotations; else every rotation that fits somewhere
    const sel = this.page.chooser.key, own = sel && sel.startsWith("T") ? this.placements().get(sel.slice(1)) : null;
    const legal = own || [0, 90, 180, 270].filter(r => this.legalAt(r));
    if (!legal.length) return;
    let r = this.rotation;
    for (let i = 0; i < 4; i++) { r = (r + 90 * d + 360) % 360; if (legal.includes(r)) break; }
    this.rotation = r;
    this.renderTile();
    this.drawMarks();
  }

  legalActions() { return this.myTurn() ? this.view.legal_actions : []; }

  placements() {
    const out = new Map(); // "x,y" -> [rotations]
    for (const a of this.legalActions()) {
      const p = parseAction(a);
      if (p.kind !== "T") continue;
      const k = `${p.x},${p.y}`;
      if (!out.has(k)) out.set(k, []);
      out.get(k).push(p.r);
    }
    return out;
  }

  legalAt(r) { for (const rs of this.placements().values()) if (rs.includes(r)) return true; return false; }
  firstRotation() { for (const r of [0, 90, 180, 270]) if (this.legalAt(r)) return r; return 0; }

  // Marks over the board for the legal actions of this seat, each a choice of the page's
  // chooser (a click plays it, a tap or the arrow keys select it, Enter or Confirm plays).
  drawMarks() {
    const ch = this.page.chooser;
    ch.begin();
    const g = this.marks;
    while (g.firstChild) g.removeChild(g.firstChild);
    this.ghost = null;
    const v = this.view;
    const S = B.S;
    if (this.mode === "play" && v.status === "playing" && v.phase === "place") {
      for (const [x, y] of v.empty_spaces) g.appendChild(B.el("rect", { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, class: "empty" }));
    }
    if (!this.myTurn()) { ch.end(); return; }
    const acts = this.legalActions().map(a => [a, parseAction(a)]);
    const words = a => this.words({ action: a }, v);
    if (v.phase === "place") {
      for (const [key, rots] of this.placements()) {
        const [x, y] = key.split(",").map(Number);
        const fits = rots.includes(this.rotation);
        const r = fits ? this.rotation : rots[0];
        const action = `T${x},${y}@${r}`;
        const cell = B.el("g", { class: "choice fit" + (fits ? " now" : ""), "data-action": action, "data-space": key });
        cell.appendChild(B.el("rect", { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4 }));
        cell.addEventListener("pointerenter", e => { if (e.pointerType === "mouse") { this.hover = key; this.drawGhost(); } });
        cell.addEventListener("pointerleave", e => { if (e.pointerType === "mouse" && this.hover === key) { this.hover = null; this.drawGhost(); } });
        g.appendChild(cell);
        ch.add(cell, { key: `T${key}`, at: [(x + 0.5) * S, (y + 0.5) * S], label: _("place the tile at {x},{y}, turned {r}°", { x, y, r }),
          commit: () => { if (!fits) this.rotation = r; this.send(action); },
          preview: on => { if (on && !fits) { this.rotation = r; this.renderTile(); this.drawMarks(); return; } this.drawGhost(); } });
      }
      this.ghost = B.el("g", { class: "ghost-layer" });
      g.appendChild(this.ghost);
      ch.end();
      this.drawGhost();
      return;
    }
    const tileAt = (x, y) => v.board.find(t => t.x === x && t.y === y);
    // watering holes: one mark per open point; opened, it shows each animal once (the
    // picker hides the other marks, so that nothing lies under it)
    const corners = new Map();
    for (const [a, p] of acts) {
      if (p.kind !== "D" && p.kind !== "X") continue;
      const { point } = B.cornerPoint(p.x, p.y, p.corner);
      const key = point.join(",");
      if (!corners.has(key)) corners.set(key, { point, actions: [] });
      corners.get(key).actions.push([a, p]);
    }
    const openHole = this.pending && this.pending.kind === "hole" && corners.has(this.pending.key) ? this.pending.key : null;
    // meeples on the placed tile
    const placed = v.last_placed && tileAt(v.last_placed[0], v.last_placed[1]);
    for (const [a, p] of acts) {
      if (p.kind !== "M" || !placed || openHole) continue;
      const idx = placed.features.findIndex(f => f.kind === p.feature && (!p.side || (f.sides || "").includes(p.side)));
      if (idx < 0) continue;
      const [mx, my] = B.meepleSpot(placed, idx);
      const at = [placed.x * S + mx, placed.y * S + my];
      const m = B.el("g", { class: "choice meeple-choice", "data-action": a }, [
        B.el("circle", { cx: at[0], cy: at[1], r: 17, class: "halo" }),
        B.meeple(at[0], at[1], v.current_player)]);
      m.appendChild(B.el("title", {}, [document.createTextNode(`${a}: ${words(a)}`)]));
      g.appendChild(m);
      ch.add(m, { key: a, at, hit: 17, label: words(a), commit: () => this.send(a) });
    }
    for (const [key, c] of corners) {
      if (openHole && key !== openHole) continue;
      const [px, py] = [c.point[0] * S, c.point[1] * S];
      const dig = c.actions.some(([, p]) => p.kind === "D");
      const gain = this.holeGain(key, dig);
      const open = key === openHole;
      const mark = B.el("g", { class: "choice hole-choice" + (open ? " open" : "") + (dig ? " dig" : " expand"), "data-hole": key }, [
        B.el("circle", { cx: px, cy: py, r: 11, class: "halo" }),
        B.text(px, py, dig ? _("dig") : `+${gain.points}`, { class: "hole-label",
          ...(dig && _("dig").length > 3 ? { textLength: 19, lengthAdjust: "spacingAndGlyphs" } : {}) })]); // inside its ring in every language
      mark.appendChild(B.el("title", {}, [document.createTextNode(gain.text)]));
      g.appendChild(mark);
      const animals = open ? this.holeAnimals(c.actions) : [];
      const picker = open ? this.drawHolePicker(px, py, animals, gain) : null;
      ch.add(mark, { key: `hole:${key}`, at: [px, py], hit: 11, confirm: open ? N_("Close") : N_("Choose the animal"),
        label: (dig ? _("dig a watering hole at the corner {at}", { at: key }) : _("expand the watering hole at the corner {at}", { at: key }))
          + ": " + gain.text + (open ? " " + _("(open: its animals follow)") : ""),
        commit: () => { const keyboard = ch.keyboard; this.pending = open ? null : { kind: "hole", key }; this.drawMarks(); this.renderChoices();
          if (!open && keyboard) this.selectFirst(["D", "X"]); } });
      if (picker) {
        g.appendChild(picker.panel);
        for (const { a, p, at } of picker.options) {
          const opt = B.el("g", { class: "choice animal-choice", "data-action": a, "data-animal": p.animal }, [
            B.el("circle", { cx: at[0], cy: at[1], r: PICK_R + 2.5, class: "halo" }), B.animalMarker(p.animal, at[0], at[1], PICK_R, v.animals)]);
          opt.appendChild(B.el("title", {}, [document.createTextNode(`${a}: ${words(a)}`)]));
          g.appendChild(opt);
          ch.add(opt, { key: a, at, hit: PICK_R + 2.5, label: words(a) + ": " + gain.text, commit: () => this.send(a) });
        }
      }
    }
    if (openHole) { ch.end(); return; }
    // rangers: click one, then where it goes; putting a displaced one back
    const moves = acts.filter(([, p]) => p.kind === "R");
    const fromKeys = [...new Set(moves.map(([, p]) => p.from.join(",")))];
    for (const key of fromKeys) {
      const [fx, fy] = key.split(",").map(Number);
      const open = (this.pending && this.pending.kind === "ranger" && this.pending.from === key) || fromKeys.length === 1 && this.pending && this.pending.kind === "ranger";
      const mark = B.el("g", { class: "choice ranger-choice" + (open ? " open" : ""), "data-ranger-from": key }, [
        B.el("rect", { x: fx * S + 56, y: fy * S + 4, width: 44, height: 32, rx: 6, class: "halo" })]);
      mark.appendChild(B.el("title", {}, [document.createTextNode(_("move this ranger"))]));
      g.appendChild(mark);
      ch.add(mark, { key: `ranger:${key}`, at: [fx * S + 78, fy * S + 20], hit: 18, confirm: open ? N_("Close") : N_("Choose where"),
        label: _("move the ranger at {at}", { at: key }) + (open ? " " + _("(open: where it may go follows)") : ""),
        commit: () => { const keyboard = ch.keyboard; this.pending = open ? null : { kind: "ranger", from: key }; this.drawMarks(); this.renderChoices();
          if (!open && keyboard) this.selectFirst(["R"]); } });
      if (open) {
        for (const [a, p] of moves.filter(([, q]) => q.from.join(",") === key)) {
          const [tx, ty] = p.to;
          const dest = B.el("g", { class: "choice ranger-dest", "data-action": a }, [
            B.el("rect", { x: tx * S + 8, y: ty * S + 8, width: S - 16, height: S - 16, rx: 10, class: "halo" }),
            B.text(tx * S + 50, ty * S + 50, "R→", { class: "dest-label" })]);
          dest.appendChild(B.el("title", {}, [document.createTextNode(a)]));
          g.appendChild(dest);
          ch.add(dest, { key: a, at: [(tx + 0.5) * S, (ty + 0.5) * S], label: words(a), commit: () => this.send(a) });
        }
      }
    }
    for (const [a, p] of acts) {
      if (p.kind !== "R>") continue;
      const dest = B.el("g", { class: "choice ranger-dest", "data-action": a }, [
        B.el("rect", { x: p.x * S + 8, y: p.y * S + 8, width: S - 16, height: S - 16, rx: 10, class: "halo" }),
        B.text(p.x * S + 50, p.y * S + 50, "R", { class: "dest-label" })]);
      dest.appendChild(B.el("title", {}, [document.createTextNode(a + ": " + _("put the ranger back here"))]));
      g.appendChild(dest);
      ch.add(dest, { key: a, at: [(p.x + 0.5) * S, (p.y + 0.5) * S], label: words(a), commit: () => this.send(a) });
    }
    ch.end();
  }

  // after opening a watering hole or a ranger by the keyboard: on to its first choice
  selectFirst(kinds) {
    const ch = this.page.chooser;
    const key = [...ch.items.keys()].find(k => kinds.includes(parseAction(k).kind));
    if (key) ch.select(key, { focus: true, reveal: true });
  }

  // what digging or expanding the watering hole at point `key` ("x,y") scores: {points, text}
  holeGain(key, dig) {
    const v = this.view, pts = v.hole_points || { dig: 3, complete: 3 };
    if (dig) return { points: pts.dig, short: _("dig: +{n}", { n: pts.dig }), text: _("digging scores {n} and puts your meeple on it", { n: pts.dig }) };
    const h = v.watering_holes.find(w => w.point.join(",") === key) || {};
    const n = h.next_points ?? 0;
    if (!h.next_completes) return { points: n, short: _("expand: +{n}", { n }), text: _("expanding scores {n}", { n }) };
    return { points: n, short: _("complete: +{n}, meeples +{k}", { n, k: pts.complete }),
      text: _("completing it scores {n}, and {k} to each seat with a meeple on it", { n, k: pts.complete }) };
  }

  // the animals a watering hole may take, once each: of the actions for one animal (one per
  // tile corner round the point), the one on the tile just placed, else the first
  holeAnimals(actions) {
    const last = this.view.last_placed, out = new Map();
    for (const [a, p] of actions) {
      const mine = last && p.x === last[0] && p.y === last[1];
      if (!out.has(p.animal) || (mine && !out.get(p.animal).mine)) out.set(p.animal, { a, p, mine });
    }
    return [...out.values()];
  }

  // the opened watering hole's picker: a card above its point (below it near the top of the
  // view) with what it scores and the animals in a row, over everything else
  drawHolePicker(px, py, animals, gain) {
    const gap = 2 * PICK_R + 10, w = Math.max(animals.length * gap + 12, gain.short.length * 6 + 20), h = 2 * PICK_R + 34;
    const seen = this.page.pz.visible();
    const below = py - 18 - h < seen.y0;
    const x0 = Math.min(Math.max(px - w / 2, seen.x0 + 4), Math.max(seen.x0 + 4, seen.x1 - w - 4));
    const y0 = below ? py + 18 : py - 18 - h;
    const panel = B.el("g", { class: "hole-picker", "aria-hidden": "true" }, [
      B.el("rect", { x: x0, y: y0, width: w, height: h, rx: 8, class: "card" }),
      B.text(x0 + w / 2, y0 + 12, gain.short, { class: "picker-points" })]);
    const options = animals.map(({ a, p }, i) => ({ a, p, at: [x0 + w / 2 + (i - (animals.length - 1) / 2) * gap, y0 + 24 + PICK_R] }));
    return { panel, options };
  }

  // the drawn tile, faint, on the space under the mouse or selected
  drawGhost() {
    const g = this.ghost;
    if (!g) return;
    while (g.firstChild) g.removeChild(g.firstChild);
    const sel = this.page.chooser.key;
    const key = this.hover || (sel && sel.startsWith("T") ? sel.slice(1) : null);
    const rots = key && this.placements().get(key);
    if (!rots) return;
    const [x, y] = key.split(",").map(Number);
    const r = rots.includes(this.rotation) ? this.rotation : rots[0];
    const lay = this.view.drawn_tile.layouts.find(l => l.rotation === r);
    const t = B.drawTile(lay, { ghost: true, animals: this.view.animals });
    t.setAttribute("transform", `translate(${x * B.S},${y * B.S})`);
    g.appendChild(t);
  }

  // The coach's moves on the board (coach.js: a hint's best move, a review's move played and the
  // better one): the tile faint on its space, turned as the move turns it, the meeple of the
  // rest of the turn on its spot, a watering hole's corner or a ranger's space ringed, each
  // with the move's badge.
  coachMarks(view, moves) {
    const S = B.S, g = B.el("g", { class: "coach-marks" });
    const badge = coachBadge;
    for (const m of moves) {
      const one = B.el("g", { class: `coach-move coach-${m.kind}`, "data-coach": m.kind, "data-coach-action": m.action });
      let tile = null; // the tile the move places, where it goes (a meeple after it stands on it)
      for (const a of [m.action, ...(m.then || [])]) {
        const p = parseAction(a);
        if (p.kind === "T" && view.drawn_tile) {
          const lay = view.drawn_tile.layouts.find(l => l.rotation === p.r);
          if (!lay) continue;
          const t = B.drawTile(lay, { ghost: true, animals: view.animals });
          t.setAttribute("transform", `translate(${p.x * S},${p.y * S})`);
          tile = { ...lay, x: p.x, y: p.y };
          one.append(t, B.el("rect", { x: p.x * S + 3, y: p.y * S + 3, width: S - 6, height: S - 6, rx: 6, class: "coach-ring" }),
            badge(p.x * S + 15, p.y * S + 15, m.kind));
        } else if (p.kind === "M") {
          const on = tile || (view.last_placed && view.board.find(t => t.x === view.last_placed[0] && t.y === view.last_placed[1]));
          const idx = on ? on.features.findIndex(f => f.kind === p.feature && (!p.side || (f.sides || "").includes(p.side))) : -1;
          if (idx < 0) continue;
          const [mx, my] = B.meepleSpot(on, idx), at = [on.x * S + mx, on.y * S + my];
          one.append(B.el("circle", { cx: at[0], cy: at[1], r: 18, class: "coach-ring" }),
            B.meeple(at[0], at[1], view.current_player ?? 0), tile ? "" : badge(at[0] + 16, at[1] - 16, m.kind));
        } else if (p.kind === "D" || p.kind === "X") {
          const [px, py] = B.cornerPoint(p.x, p.y, p.corner).point;
          one.append(B.el("circle", { cx: px * S, cy: py * S, r: 22, class: "coach-ring" }), badge(px * S + 18, py * S - 18, m.kind));
        } else if (p.kind === "R" || p.kind === "R>") {
          const [x, y] = p.kind === "R" ? p.to : [p.x, p.y];
          one.append(B.el("rect", { x: x * S + 6, y: y * S + 6, width: S - 12, height: S - 12, rx: 10, class: "coach-ring" }),
            badge(x * S + 18, y * S + 18, m.kind));
        }
      }
      g.appendChild(one);
    }
    return g;
  }

  // the confirm bar's tools for a selected space: turn the tile there
  selectionTools(key) {
    if (!key.startsWith("T") || this.view.phase !== "place") return [];
    const rots = this.placements().get(key.slice(1)) || [];
    if (rots.length < 2) return [];
    return [h("button", { class: "bar-rotate", onclick: () => this.rotate(-1), title: _("rotate left (Q)"), "aria-label": _("rotate left") }, "⟲"),
      h("button", { class: "bar-rotate", onclick: () => this.rotate(1), title: _("rotate right (R)"), "aria-label": _("rotate right") }, "⟳")];
  }

  // a choice in words, as an order (a choice's label, the Confirm bar)
  words(m, view) {
    const v = view || this.view;
    const p = parseAction(m.action);
    const an = a => Words.animalName(v, a);
    switch (p.kind) {
      case "T": return _("place the tile at {x},{y}", { x: p.x, y: p.y }) + (p.r ? ", " + _("turned {r}°", { r: p.r }) : "");
      case "M": {
        const side = p.side;
        if (p.feature === "trail") return side ? _("put a meeple on the trail ({side} side)", { side }) : _("put a meeple on the trail");
        if (p.feature === "bush") return side ? _("put a meeple on the bush ({side} side)", { side }) : _("put a meeple on the bush");
        if (p.feature === "baobab") return _("put a meeple on the baobab");
        return _("put a meeple on the {feature}", { feature: p.feature }) + (side ? ` (${side})` : ""); // a tile set's own kind
      }
      case "D": return _("dig a watering hole at {x},{y} {corner} with a {animal} token", { x: p.x, y: p.y, corner: p.corner, animal: an(p.animal) });
      case "X": return _("expand the watering hole at {x},{y} {corner} with a {animal} token", { x: p.x, y: p.y, corner: p.corner, animal: an(p.animal) });
      case "R": return _("move a ranger from {from} to {to}", { from: p.from.join(","), to: p.to.join(",") });
      case "R>": return _("put the ranger back at {x},{y}", { x: p.x, y: p.y });
      case "+": return p.animal === "none" ? _("add no token to the scoring") : _("add a {animal} token to the scoring", { animal: an(p.animal) });
      case "pass": return _("pass");
      default: return _("play {action}", { action: m.action });
    }
  }

  renderChoices() {
    const v = this.view;
    const box = this.choiceBox;
    box.innerHTML = "";
    if (!this.myTurn()) {
      box.hidden = this.mode === "replay" || v.status === "over";
      if (!box.hidden) box.append(h("div", { class: "muted" }, v.current_player === null ? "" : _("Waiting for {who}…", { who: this.seatName(v.current_player) })));
      return;
    }
    box.hidden = false;
    const acts = this.legalActions();
    if (v.phase === "score" && v.scoring) {
      const sc = v.scoring;
      const C = Words.choice;
      const named = [...(sc.animals || "")].map(a => Words.animalName(v, a)).join(", ");
      box.append(h("div", { class: "panel-title" }, C.title(sc.kind, named)),
        h("p", {}, C.ask()),
        h("div", { class: "buttons" }, acts.map(a => {
          const p = parseAction(a);
          return h("button", { class: "choice-button", dataset: { action: a }, onclick: () => this.send(a) },
            p.animal === "none" ? C.none(sc.points)
              : [animalIcon(p.animal, v.animals), " " + C.add(Words.animalName(v, p.animal), p.animal, sc.points_with_token, sc.points_with_token - sc.points)]);
        })));
      return;
    }
    const groups = {};
    for (const a of acts) (groups[parseAction(a).kind] = groups[parseAction(a).kind] || []).push(a);
    const hint = SAFARI_HINTS[v.phase];
    box.append(h("div", { class: "panel-title" }, _("Your choices")));
    if (hint) box.append(Layout.hint(hint));
    if (groups.pass) box.append(h("div", { class: "buttons" }, h("button", { id: "pass", class: "choice-button primary", dataset: { action: "pass" }, onclick: () => this.send("pass") }, _("Pass"))));
    const list = h("details", { class: "all-actions" }, h("summary", {}, _("All {n} choices in notation", { n: acts.length })),
      h("div", { class: "notation-list" }, acts.slice(0, 400).map(a => h("button", { class: "notation", onclick: () => this.send(a),
        onmouseenter: () => this.preview(a), onmouseleave: () => this.preview(null) }, a))),
      h("form", { class: "notation-form", onsubmit: e => { e.preventDefault(); const t = e.target.elements.a.value.trim(); if (t) this.send(t); } },
        h("input", { name: "a", placeholder: _("or type one, e.g. {example}", { example: "M:trail:S" }), autocomplete: "off", "aria-label": _("action in notation") }),
        h("button", {}, _("Play"))));
    box.append(list);
  }

  preview(a) {
    if (!a) { if (this.hover) { this.hover = null; this.drawGhost(); } return; }
    const p = parseAction(a);
    if (p.kind === "T") { this.rotation = p.r; this.hover = `${p.x},${p.y}`; this.renderTile(); this.drawMarks(); }
  }

  renderInfo() {
    const v = this.view;
    const box = this.infoBox;
    box.innerHTML = "";
    const rem = Object.entries(v.remaining_tiles).map(([k, n]) => `${k}×${n}`).join(" ");
    box.append(...[
      h("div", {}, ngettext("{n} land tile left", "{n} land tiles left", v.tiles_left), " · ",
        ngettext("{n} token face down", "{n} tokens face down", v.tokens.supply)),
      v.removed_tiles.length ? h("div", { class: "muted" }, _("Removed (fitted nowhere): {tiles}", { tiles: v.removed_tiles.join(", ") })) : null,
      h("details", {}, h("summary", {}, _("Tiles still to come")), h("div", { class: "muted mono" }, rem || _("none"))),
      h("div", { class: "muted" }, v.rules.final_scoring === "all" ? _("Final scoring: everyone on an open feature scores (English rules)")
        : _("Final scoring: majority only (German edition)"),
        v.spectators ? " · " + ngettext("{n} watching", "{n} watching", v.spectators) : "")].filter(Boolean));
  }

}

// A swatch of the legend for one of the board's classes (null: game.js's plain one).
function legendSwatch(cls) {
  if (cls === "choice" || cls === "hole-choice") {
    return B.el("g", { class: `choice ${cls === "hole-choice" ? "hole-choice" : ""}` }, [B.el("circle", { cx: 20, cy: 14, r: 10, class: "halo" })]);
  }
  if (cls === "ranger-dest") {
    return B.el("g", { class: "choice ranger-dest" }, [B.el("rect", { x: 5, y: 3, width: 30, height: 22, rx: 5, class: "halo" })]);
  }
  if (cls === "empty" || cls === "last-placed") return B.el("rect", { x: 5, y: 3, width: 30, height: 22, class: cls });
  return null;
}

Games.register("safari", { UI: SafariUI, legendSwatch });
