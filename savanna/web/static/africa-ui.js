// Knizia's Africa on the game page: the hex map drawn from the view (any map
// renders), the explorers, base camps and tiles, the legal steps and actions
// clickable on the map, and the object exchange as a clear choice.
"use strict";

(() => {
const { h } = window.Savanna;
const { _, ngettext, N_ } = window.SavannaI18n;
const B = window.SavannaBoard;
const Africa = window.SavannaGames.get("africa");
const name = Africa.words.name; // a tile's or a city's name in the page's language

const R = 40; // hex radius (SVG units)
const W = Math.sqrt(3) * R;
// the colours of the kinds of tile, as in the game (animals green, objects red, monuments
// blue, nomads yellow; gold and gems, violet in the box, told apart here: gold and violet)
const KIND_COLOURS = { animal: "#9cc56b", nomad: "#f0d27a", monument: "#8fb3d9", object: "#e08f80", gold: "#f2cf5b",
  gems: "#c3a3e8" };
const SPACE_ACTION = /^([PSJDAN>])([a-z]+\d+)$/;
const MARK_LABELS = { P: N_("start"), S: N_("step"), J: N_("jump"), D: "?", A: N_("move"), N: N_("move"), ">": N_("here") };

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

// A discovered tile: its picture (one per id; by its kind where the id is unknown: any
// tile mix draws) over its name. Gold and gems show as many nuggets or stones as they count.
const KIND_PICTURES = { animal: null, object: "object", gold: "nugget", gems: "gem", nomad: "nomad", monument: "monument" };
function tilePicture(sp, cx, cy) {
  const A = window.SavannaArt;
  const out = [];
  const m = /^(gold|gems)-(\d)$/.exec(sp.tile);
  const pic = A.picture(sp.tile) || KIND_PICTURES[sp.kind] || null;
  if (m && +m[2] > 1) {
    const n = Math.min(+m[2], 3);
    for (let k = 0; k < n; k++) out.push(A.use(pic, cx - 14 - (n - 1) * 6 + k * 12, cy - 8 + (k % 2) * 4, 28, 25, { class: "art" }));
  } else if (pic) out.push(A.use(pic, cx - 16, cy - 10, 32, 29, { class: "art" }));
  out.push(B.text(cx, cy - 22, name(m ? m[1] : sp.tile), { class: "tile-name" + (pic ? "" : " alone") }));
  return out;
}

// a base camp: a tent in the seat's colour with the seat's mark
function camp(x, y, seat) {
  const c = B.SEAT_COLOURS[seat % B.SEAT_COLOURS.length];
  return B.el("g", { class: "camp", "data-camp": seat }, [
    B.el("path", { d: `M${x - 9},${y + 6} L${x},${y - 10} L${x + 9},${y + 6} Z`, fill: c, class: "camp-tent" }),
    B.el("path", { d: `M${x},${y - 10} L${x - 3},${y + 6} H${x + 3} Z`, class: "camp-door" }),
    B.el("path", { d: B.shapePath(seat, x, y - 12.5, 2.6), class: "camp-flag", fill: c })]);
}

// an explorer: a pawn in the seat's colour with the seat's mark on it
function explorer(x, y, seat) {
  const c = B.SEAT_COLOURS[seat % B.SEAT_COLOURS.length];
  return B.el("g", { class: "explorer", "data-explorer": seat }, [
    B.el("path", { d: `M${x - 7.5},${y + 10} C${x - 7.5},${y + 4} ${x - 4},${y - 1} ${x - 2.6},${y - 3} A5.2,5.2 0 1 1 ${x + 2.6},${y - 3} `
      + `C${x + 4},${y - 1} ${x + 7.5},${y + 4} ${x + 7.5},${y + 10} Z`, fill: c, class: "pawn" }),
    B.el("path", { d: B.shapePath(seat, x, y + 4.5, 2.6), class: "pawn-mark" })]);
}

function icon(name) {
  const pic = window.SavannaArt.picture(name);
  const svg = B.el("svg", { viewBox: "0 0 44 40", width: 17, height: 16, class: "icon", "aria-hidden": "true" });
  if (pic) svg.appendChild(window.SavannaArt.use(pic, 0, 0, 44, 40));
  return svg;
}

class AfricaUI {
  constructor(page) {
    this.page = page;
    this.menu = null; // a space whose several actions are offered in the panel
  }

  get view() { return this.page.view; }
  myTurn() { return this.page.myTurn(); }
  seatName(s) { return this.page.seatName(s); }
  send(a) { this.menu = null; this.page.send(a); }

  show(view, prev) {
    if (prev && prev.moves !== view.moves) this.menu = null;
    const layer = this.page.layer;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    this.spaces = new Map(view.board.map(sp => [sp.space, sp]));
    const last = this.lastSpaces(view);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const g = B.el("g", { class: "africa-map" });
    const pieces = B.el("g", { class: "pieces" }); // camps and explorers, over every hex
    const labels = B.el("g", { class: "labels" }); // city names, over everything: never under a piece
    for (const sp of view.board) {
      const [cx, cy] = centre(sp);
      x0 = Math.min(x0, cx - W / 2); x1 = Math.max(x1, cx + W / 2); y0 = Math.min(y0, cy - R); y1 = Math.max(y1, cy + R);
      const cell = B.el("g", { class: "hex", "data-space": sp.space });
      let cls = "land", fill = null;
      if (sp.city) cls = "city";
      else if (sp.tile === "face-down") cls = "face-down";
      else if (sp.kind) { cls = `tile ${sp.kind}`; fill = KIND_COLOURS[sp.kind] || "#ccc"; }
      cell.appendChild(B.el("polygon", { points: hexPoints(cx, cy, R - 1), class: cls, fill }));
      if (sp.city) {
        cell.appendChild(window.SavannaArt.use("city", cx - 17, cy - 6, 34, 31, { class: "art" }));
        labels.appendChild(B.text(cx, cy - 19, name(sp.city), { class: "city-name", "data-space": sp.space }));
      } else if (sp.tile === "face-down") cell.appendChild(B.text(cx, cy - 1, "?", { class: "down-mark" }));
      else if (sp.tile) cell.append(...tilePicture(sp, cx, cy));
      cell.appendChild(B.text(cx, cy + R - 9, sp.space, { class: "space-name" }));
      if (last.has(sp.space)) cell.appendChild(B.el("polygon", { points: hexPoints(cx, cy, R - 5), class: "last-move" }));
      cell.appendChild(B.el("title", {}, [document.createTextNode(this.describe(sp))]));
      g.appendChild(cell);
      if (sp.camp !== null && sp.camp !== undefined) pieces.appendChild(camp(cx - 22, cy + 12, sp.camp));
      sp.explorers.forEach((s, k) => pieces.appendChild(explorer(cx + 21 - k * 11, cy + 8, s)));
    }
    g.append(pieces, labels);
    layer.appendChild(g);
    // a long city name is squeezed to its hex's width, never cut off
    for (const t of labels.childNodes) {
      try { if (t.getComputedTextLength() > W - 10) { t.setAttribute("textLength", W - 10); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); } }
      catch (e) { /* not drawn yet */ }
    }
    // the map's box, its labels in it (a long city name on the coast is not cut off)
    let b = { x0, y0, x1, y1, pad: 8 }; // the whole map, as large as the screen allows
    try {
      const bb = g.getBBox();
      if (bb.width) b = { ...b, x0: Math.min(x0, bb.x), y0: Math.min(y0, bb.y), x1: Math.max(x1, bb.x + bb.width), y1: Math.max(y1, bb.y + bb.height) };
    } catch (e) { /* not drawn yet */ }
    return b;
  }

  // where on the map a scoring event happened (SVG units), for its "+N"
  pointOf(e) {
    const sp = e.space && this.spaces && this.spaces.get(e.space);
    return sp ? centre(sp) : null;
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
    if (!this.myTurn()) { ch.end(); return; }
    for (const [space, actions] of this.bySpace()) {
      const sp = this.spaces.get(space);
      if (!sp) continue;
      const [cx, cy] = centre(sp);
      const kind = actions[0][0];
      const attrs = { class: `choice hex-choice kind-${kind === ">" ? "target" : kind}`, "data-space": space };
      if (actions.length === 1) attrs["data-action"] = actions[0];
      const mark = B.el("g", attrs, [B.el("polygon", { points: hexPoints(cx, cy, R - 4), class: "halo" }),
        B.text(cx, cy + 21, actions.length === 1 ? this.markLabel(actions[0], sp) : "…", { class: "mark-label" })]);
      mark.appendChild(B.el("title", {}, [document.createTextNode(actions.map(a => this.explain(a)).join("\n"))]));
      g.appendChild(mark);
      const one = actions.length === 1;
      ch.add(mark, { key: space, at: [cx, cy], confirm: one ? "Confirm" : N_("Choose"),
        label: one ? this.words({ action: actions[0] }) : space + ": " + actions.map(a => this.words({ action: a })).join(_(", or ")),
        commit: () => {
          if (one) this.send(actions[0]);
          else { this.menu = space; this.renderChoices(); const b = document.querySelector("#choices .menu-choice"); if (b) b.focus(); }
        } });
    }
    ch.end();
  }

  markLabel(a, sp) {
    const k = a[0];
    if (k === "S" && sp.explorers.includes(this.view.current_player)) return _("stay");
    return MARK_LABELS[k] ? _(MARK_LABELS[k]) : a;
  }

  // a move in words (the live region): the explanation without its notation
  words(m) { return this.explain(m.action).replace(/ \([^()]*\)$/, ""); }

  explain(a) {
    const v = this.view;
    let m;
    if ((m = SPACE_ACTION.exec(a))) {
      const sp = this.spaces.get(m[2]) || {};
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
    if (onMap.length) box.append(h("p", { class: "small" }, v.phase === "move"
      ? _("Click a highlighted space on the map (your own space: stay); on a touch screen tap it, then Confirm; keys: arrows and Enter.")
      : _("Click a highlighted space on the map; on a touch screen tap it, then Confirm; keys: arrows and Enter.")));
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
    window.SavannaWords.finalPart(view, e));
}

window.SavannaGames.register("africa", { UI: AfricaUI, legendSwatch, finalItem });
})();
