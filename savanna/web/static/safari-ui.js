// Carcassonne Safari on the game page: the board, the drawn tile, the clickable
// choices (spaces, meeple spots, watering holes, rangers) and the scoring choice.
"use strict";

(() => {
const { h } = window.Savanna;
const { _, ngettext, N_ } = window.SavannaI18n;
const Safari = window.SavannaGames.get("safari");
const B = { ...window.SavannaBoard, ...Safari.board };
const Words = Safari.words;
const parseAction = Words.parse;
const READABLE = 0.95; // the smallest scale (screen pixels a board unit) the view follows the game at: a tile 95 px, every animal 14 px
const MOST = 1.5; // the largest it frames a small board at
const PAD = 24; // room round the board (its ring of open spaces is room already)

// an animal's silhouette as a small inline picture (panels, buttons)
function animalIcon(a, names) {
  const pic = window.SavannaArt.picture(a, names);
  const svg = B.el("svg", { viewBox: "0 0 40 40", width: 18, height: 18, class: "icon", "aria-hidden": "true" });
  if (pic) svg.appendChild(window.SavannaArt.use(pic, 0, 0, 40, 40));
  else svg.appendChild(B.text(20, 20, a, { "font-size": 26, "font-weight": 700 }));
  return svg;
}

class SafariUI {
  constructor(page) {
    this.page = page;
    this.rotation = 0;
    this.hover = null;
    this.pending = null; // a two-step choice in progress: {kind: "hole", key} / {kind: "ranger", from}
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
  show(view, prev) {
    if (prev && (view.moves !== prev.moves || view.phase !== prev.phase)) this.pending = null;
    if (view.drawn_tile && view.phase === "place" && (!prev || prev.phase !== "place" || !this.legalAt(this.rotation))) {
      this.rotation = this.firstRotation();
    }
    const scoring = view.scoring ? (view.features.find(f => f.feature === view.scoring.feature) || {}).spaces : null;
    const b = B.drawBoard(this.page.layer, view, { scoring, animals: view.animals });
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
      placing ? h("div", { class: "muted small" }, `${this.rotation}° · ` + _("click or tap a highlighted space (arrow keys and Enter too); R rotates")) : null].filter(Boolean));
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
    // meeples on the placed tile
    const placed = v.last_placed && tileAt(v.last_placed[0], v.last_placed[1]);
    for (const [a, p] of acts) {
      if (p.kind !== "M" || !placed) continue;
      const idx = placed.features.findIndex(f => f.kind === p.feature && (!p.side || (f.sides || "").includes(p.side)));
      if (idx < 0) continue;
      const [mx, my] = B.meepleSpot(placed, idx);
      const at = [placed.x * S + mx, placed.y * S + my];
      const m = B.el("g", { class: "choice meeple-choice", "data-action": a }, [
        B.el("circle", { cx: at[0], cy: at[1], r: 13, class: "halo" }),
        B.meeple(at[0], at[1], v.current_player, 16)]);
      m.appendChild(B.el("title", {}, [document.createTextNode(`${a}: ${words(a)}`)]));
      g.appendChild(m);
      ch.add(m, { key: a, at, hit: 13, label: words(a), commit: () => this.send(a) });
    }
    // watering holes: one mark per corner point, then the animal
    const corners = new Map();
    for (const [a, p] of acts) {
      if (p.kind !== "D" && p.kind !== "X") continue;
      const { point } = B.cornerPoint(p.x, p.y, p.corner);
      const key = point.join(",");
      if (!corners.has(key)) corners.set(key, { point, actions: [] });
      corners.get(key).actions.push([a, p]);
    }
    for (const [key, c] of corners) {
      const [px, py] = [c.point[0] * S, c.point[1] * S];
      const kinds = new Set(c.actions.map(([, p]) => p.kind));
      const open = this.pending && this.pending.kind === "hole" && this.pending.key === key;
      const mark = B.el("g", { class: "choice hole-choice" + (open ? " open" : ""), "data-hole": key }, [
        B.el("circle", { cx: px, cy: py, r: 11, class: "halo" }),
        B.text(px, py, kinds.has("D") ? _("dig") : "+", { class: "hole-label",
          ...(kinds.has("D") && _("dig").length > 3 ? { textLength: 19, lengthAdjust: "spacingAndGlyphs" } : {}) })]); // inside its ring in every language
      mark.appendChild(B.el("title", {}, [document.createTextNode(kinds.has("D") ? _("dig a watering hole here") : _("expand this watering hole"))]));
      g.appendChild(mark);
      ch.add(mark, { key: `hole:${key}`, at: [px, py], hit: 11, confirm: open ? N_("Close") : N_("Choose the animal"),
        label: (kinds.has("D") ? _("dig a watering hole at the corner {at}", { at: key }) : _("expand the watering hole at the corner {at}", { at: key }))
          + (open ? " " + _("(open: its animals follow)") : ""),
        commit: () => { const keyboard = ch.keyboard; this.pending = open ? null : { kind: "hole", key }; this.drawMarks(); this.renderChoices();
          if (!open && keyboard) this.selectFirst(["D", "X"]); } });
      if (open) {
        const bySlot = new Map();
        for (const [a, p] of c.actions) {
          const { slot } = B.cornerPoint(p.x, p.y, p.corner);
          if (!bySlot.has(slot)) bySlot.set(slot, []);
          bySlot.get(slot).push([a, p]);
        }
        for (const [slot, list] of bySlot) {
          const [ox, oy] = B.SLOT_OFFSETS[slot];
          list.forEach(([a, p], k) => {
            const ax = px + ox * 2.4 + k * 22 * Math.sign(ox), ay = py + oy * 2.4;
            const opt = B.el("g", { class: "choice animal-choice", "data-action": a }, [
              B.el("circle", { cx: ax, cy: ay, r: 12, class: "halo" }), B.animalMarker(p.animal, ax, ay, 9.5, v.animals)]);
            opt.appendChild(B.el("title", {}, [document.createTextNode(`${a}: ${words(a)}`)]));
            g.appendChild(opt);
            ch.add(opt, { key: a, at: [ax, ay], hit: 12, label: words(a), commit: () => this.send(a) });
          });
        }
      }
    }
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
    const hint = {
      place: N_("Click a highlighted space to place the tile (the outline shows it under the pointer); on a touch screen tap it, then Confirm. Keys: arrows, R to rotate, Enter."),
      action: N_("Click or tap a meeple spot on the tile, a watering hole mark (then the animal), a ranger (then where it goes), or pass (P). Keys: arrows and Enter."),
      ranger: N_("Click or tap a highlighted space to put the displaced ranger back."),
    }[v.phase];
    box.append(h("div", { class: "panel-title" }, _("Your choices")));
    if (hint) box.append(h("p", { class: "small" }, _(hint)));
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

window.SavannaGames.register("safari", { UI: SafariUI, legendSwatch });
})();
