// Carcassonne Safari on the game page: the board, the drawn tile, the clickable
// choices (spaces, meeple spots, watering holes, rangers) and the scoring choice.
"use strict";

(() => {
const { h } = window.Savanna;
const B = window.SavannaBoard;

function parseAction(a) {
  let m;
  if ((m = /^T(-?\d+),(-?\d+)@(\d+)$/.exec(a))) return { kind: "T", x: +m[1], y: +m[2], r: +m[3] };
  if ((m = /^M:(\w+)(?::([NESW]))?$/.exec(a))) return { kind: "M", feature: m[1], side: m[2] || null };
  if ((m = /^([DX])(-?\d+),(-?\d+):([NS][EW])=([A-Z])$/.exec(a))) return { kind: m[1], x: +m[2], y: +m[3], corner: m[4], animal: m[5] };
  if ((m = /^R(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R", from: [+m[1], +m[2]], to: [+m[3], +m[4]] };
  if ((m = /^R>(-?\d+),(-?\d+)$/.exec(a))) return { kind: "R>", x: +m[1], y: +m[2] };
  if ((m = /^\+([A-Z]|none)$/.exec(a))) return { kind: "+", animal: m[1] };
  if (a === "pass") return { kind: "pass" };
  return { kind: "?" };
}


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
    // fitted, but never so small that an animal is under 14 px or a tile under 100 px: then
    // round the last tile placed (pinch, the wheel or the fit button show the rest)
    const last = view.last_placed || [0, 0];
    return { x0: b.minX * B.S, y0: b.minY * B.S, x1: (b.maxX + 1) * B.S, y1: (b.maxY + 1) * B.S,
      minScale: 1, focus: [(last[0] + 0.5) * B.S, (last[1] + 0.5) * B.S] };
  }

  phaseText(v) {
    return { place: "place the tile", action: "meeple, watering hole, ranger, or pass", score: "a scoring choice",
      ranger: "put the ranger back" }[v.phase] || v.phase;
  }

  seatDetails(s) {
    const v = this.view;
    const tokens = Object.entries(s.tokens).filter(([, n]) => n > 0)
      .map(([a, n]) => h("span", { class: "token", title: `${v.animals[a]}: ${n}`, "aria-label": `${v.animals[a]} tokens: ${n}` },
        animalIcon(a, v.animals), n > 1 ? `×${n}` : ""));
    return [h("span", { class: "meeples", title: "meeples in supply" }, `♟${s.meeples}`), h("span", { class: "tokens" }, tokens)];
  }

  render() {
    this.drawMarks();
    this.renderTile();
    this.renderChoices();
    this.renderInfo();
  }

  key(e) {
    if (!this.myTurn()) return;
    if (this.view.phase === "place" && (e.key === "r" || e.key === "e")) this.rotate(1);
    else if (this.view.phase === "place" && e.key === "q") this.rotate(-1);
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
      "aria-label": `the drawn tile ${v.drawn_tile.id}, turned ${this.rotation}°: ${B.describeTile({ ...lay, x: "", y: "" }, v.animals).split("\n").slice(1).join("; ")}` });
    svg.appendChild(B.drawTile(lay, { animals: v.animals }));
    const placing = v.phase === "place" && this.myTurn();
    box.append(...[h("div", { class: "panel-title" }, `Tile ${v.drawn_tile.id}`, h("span", { class: "muted" }, ` · ${v.tiles_left} left`)),
      h("div", { class: "drawn-row" },
        placing ? h("button", { id: "rotate-left", title: "rotate left (Q)", onclick: () => this.rotate(-1) }, "⟲") : null,
        svg,
        placing ? h("button", { id: "rotate-right", title: "rotate right (R or E)", onclick: () => this.rotate(1) }, "⟳") : null),
      placing ? h("div", { class: "muted small" }, `${this.rotation}° · click a highlighted space; R rotates`) : null].filter(Boolean));
  }

  rotate(d) {
    const legal = [0, 90, 180, 270].filter(r => this.legalAt(r));
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

  // Clickable marks over the board for the legal actions of this seat.
  drawMarks() {
    const g = this.marks;
    while (g.firstChild) g.removeChild(g.firstChild);
    const v = this.view;
    const S = B.S;
    if (this.mode === "play" && v.status === "playing" && v.phase === "place") {
      for (const [x, y] of v.empty_spaces) g.appendChild(B.el("rect", { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, class: "empty" }));
    }
    if (!this.myTurn()) return;
    const acts = this.legalActions().map(a => [a, parseAction(a)]);
    if (v.phase === "place") {
      for (const [key, rots] of this.placements()) {
        const [x, y] = key.split(",").map(Number);
        const fits = rots.includes(this.rotation);
        const r = fits ? this.rotation : rots[0];
        const action = `T${x},${y}@${r}`;
        const cell = B.el("g", { class: "fit" + (fits ? " now" : ""), "data-action": action, "data-space": key });
        cell.appendChild(B.el("rect", { x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4 }));
        if (this.hover === key) {
          const lay = v.drawn_tile.layouts.find(l => l.rotation === r);
          const t = B.drawTile(lay, { ghost: true });
          t.setAttribute("transform", `translate(${x * S},${y * S})`);
          cell.appendChild(t);
        }
        cell.addEventListener("pointerenter", () => { if (this.hover !== key) { this.hover = key; this.drawMarks(); } });
        cell.addEventListener("pointerleave", () => { if (this.hover === key) { this.hover = null; this.drawMarks(); } });
        cell.addEventListener("click", () => { if (!fits) this.rotation = r; this.send(action); });
        g.appendChild(cell);
      }
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
      const m = B.el("g", { class: "choice meeple-choice", "data-action": a, tabindex: 0 }, [
        B.el("circle", { cx: placed.x * S + mx, cy: placed.y * S + my, r: 13, class: "halo" }),
        B.meeple(placed.x * S + mx, placed.y * S + my, v.current_player, 16)]);
      m.appendChild(B.el("title", {}, [document.createTextNode(`${a}: a meeple on this ${p.feature}`)]));
      m.addEventListener("click", () => this.send(a));
      g.appendChild(m);
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
      const mark = B.el("g", { class: "choice hole-choice" + (open ? " open" : ""), "data-hole": key, tabindex: 0 }, [
        B.el("circle", { cx: px, cy: py, r: 11, class: "halo" }),
        B.text(px, py, kinds.has("D") ? "dig" : "+", { class: "hole-label" })]);
      mark.appendChild(B.el("title", {}, [document.createTextNode(kinds.has("D") ? "dig a watering hole here" : "expand this watering hole")]));
      mark.addEventListener("click", () => { this.pending = open ? null : { kind: "hole", key }; this.drawMarks(); this.renderChoices(); });
      g.appendChild(mark);
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
            const opt = B.el("g", { class: "choice animal-choice", "data-action": a, tabindex: 0 }, [
              B.el("circle", { cx: ax, cy: ay, r: 12, class: "halo" }), B.animalMarker(p.animal, ax, ay, 9)]);
            opt.appendChild(B.el("title", {}, [document.createTextNode(`${a}: ${p.kind === "D" ? "dig" : "expand"} with ${v.animals[p.animal]}`)]));
            opt.addEventListener("click", e => { e.stopPropagation(); this.send(a); });
            g.appendChild(opt);
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
      const mark = B.el("g", { class: "choice ranger-choice" + (open ? " open" : ""), "data-ranger-from": key, tabindex: 0 }, [
        B.el("rect", { x: fx * S + 62, y: fy * S + 6, width: 36, height: 28, rx: 6, class: "halo" })]);
      mark.appendChild(B.el("title", {}, [document.createTextNode("move this ranger")]));
      mark.addEventListener("click", () => { this.pending = open ? null : { kind: "ranger", from: key }; this.drawMarks(); this.renderChoices(); });
      g.appendChild(mark);
      if (open) {
        for (const [a, p] of moves.filter(([, q]) => q.from.join(",") === key)) {
          const [tx, ty] = p.to;
          const dest = B.el("g", { class: "choice ranger-dest", "data-action": a, tabindex: 0 }, [
            B.el("rect", { x: tx * S + 8, y: ty * S + 8, width: S - 16, height: S - 16, rx: 10, class: "halo" }),
            B.text(tx * S + 50, ty * S + 50, "R→", { class: "dest-label" })]);
          dest.appendChild(B.el("title", {}, [document.createTextNode(a)]));
          dest.addEventListener("click", () => this.send(a));
          g.appendChild(dest);
        }
      }
    }
    for (const [a, p] of acts) {
      if (p.kind !== "R>") continue;
      const dest = B.el("g", { class: "choice ranger-dest", "data-action": a, tabindex: 0 }, [
        B.el("rect", { x: p.x * S + 8, y: p.y * S + 8, width: S - 16, height: S - 16, rx: 10, class: "halo" }),
        B.text(p.x * S + 50, p.y * S + 50, "R", { class: "dest-label" })]);
      dest.appendChild(B.el("title", {}, [document.createTextNode(`${a}: put the ranger back here`)]));
      dest.addEventListener("click", () => this.send(a));
      g.appendChild(dest);
    }
  }

  renderChoices() {
    const v = this.view;
    const box = this.choiceBox;
    box.innerHTML = "";
    if (!this.myTurn()) {
      box.hidden = this.mode === "replay" || v.status === "over";
      if (!box.hidden) box.append(h("div", { class: "muted" }, v.current_player === null ? "" : `Waiting for ${this.seatName(v.current_player)}…`));
      return;
    }
    box.hidden = false;
    const acts = this.legalActions();
    if (v.phase === "score" && v.scoring) {
      const sc = v.scoring;
      const named = [...(sc.animals || "")].map(a => v.animals[a] || a).join(", ");
      box.append(h("div", { class: "panel-title" }, `Scoring: the ${sc.kind} (${named || "no animals"})`),
        h("p", {}, `You lead it. Add one of your animal tokens of a kind not on it, for more points?`),
        h("div", { class: "buttons" }, acts.map(a => {
          const p = parseAction(a);
          return h("button", { class: "choice-button", dataset: { action: a }, onclick: () => this.send(a) },
            p.animal === "none" ? "No token" : [animalIcon(p.animal, v.animals), ` Add ${v.animals[p.animal]} (${p.animal})`]);
        })));
      return;
    }
    const groups = {};
    for (const a of acts) (groups[parseAction(a).kind] = groups[parseAction(a).kind] || []).push(a);
    const hint = {
      place: "Click a highlighted space to place the tile (the outline shows it under the pointer).",
      action: "Click a meeple spot on the tile, a watering hole mark (then the animal), a ranger (then where it goes), or pass.",
      ranger: "Click a highlighted space to put the displaced ranger back.",
    }[v.phase];
    box.append(h("div", { class: "panel-title" }, "Your choices"));
    if (hint) box.append(h("p", { class: "small" }, hint));
    if (groups.pass) box.append(h("div", { class: "buttons" }, h("button", { id: "pass", class: "choice-button primary", dataset: { action: "pass" }, onclick: () => this.send("pass") }, "Pass")));
    const list = h("details", { class: "all-actions" }, h("summary", {}, `All ${acts.length} choices in notation`),
      h("div", { class: "notation-list" }, acts.slice(0, 400).map(a => h("button", { class: "notation", onclick: () => this.send(a),
        onmouseenter: () => this.preview(a), onmouseleave: () => this.preview(null) }, a))),
      h("form", { class: "notation-form", onsubmit: e => { e.preventDefault(); const t = e.target.elements.a.value.trim(); if (t) this.send(t); } },
        h("input", { name: "a", placeholder: "or type one, e.g. M:trail:S", autocomplete: "off", "aria-label": "action in notation" }),
        h("button", {}, "Play")));
    box.append(list);
  }

  preview(a) {
    if (!a) { if (this.hover) { this.hover = null; this.drawMarks(); } return; }
    const p = parseAction(a);
    if (p.kind === "T") { this.rotation = p.r; this.hover = `${p.x},${p.y}`; this.renderTile(); this.drawMarks(); }
  }

  renderInfo() {
    const v = this.view;
    const box = this.infoBox;
    box.innerHTML = "";
    const rem = Object.entries(v.remaining_tiles).map(([k, n]) => `${k}×${n}`).join(" ");
    box.append(...[
      h("div", {}, h("strong", {}, String(v.tiles_left)), " land tiles left · ", h("strong", {}, String(v.tokens.supply)), " tokens face down"),
      v.removed_tiles.length ? h("div", { class: "muted" }, `Removed (fitted nowhere): ${v.removed_tiles.join(", ")}`) : null,
      h("details", {}, h("summary", {}, "Tiles still to come"), h("div", { class: "muted mono" }, rem || "none")),
      h("div", { class: "muted" }, `Final scoring: ${v.rules.final_scoring === "all" ? "everyone on an open feature scores (English rules)" : "majority only (German edition)"}`,
        v.spectators ? ` · ${v.spectators} watching` : "")].filter(Boolean));
  }

}

window.SavannaGames = window.SavannaGames || {};
window.SavannaGames.safari = SafariUI;
})();
