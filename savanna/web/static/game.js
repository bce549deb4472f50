// The game page: live play (a seat's join link, or the hotseat link), watching,
// and replays (/replay/{id}). The server decides every rule: this page shows the
// view it sends and offers exactly the view's legal actions.
"use strict";

const { api, h, toast, copyText, Tokens } = window.Savanna;
const B = window.SavannaBoard;

const KIND_NAMES = { T: "place the tile", M: "meeple", D: "dig a watering hole", X: "expand a watering hole",
  R: "move a ranger", pass: "pass", "+": "add a token", "R>": "put the ranger back" };

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

class GamePage {
  constructor(root) {
    this.root = root;
    const parts = location.pathname.split("/").filter(Boolean);
    this.mode = parts[0] === "replay" ? "replay" : "play";
    this.id = decodeURIComponent(parts[1] || "");
    const frag = new URLSearchParams(location.hash.slice(1));
    this.token = frag.get("token") || (this.mode === "play" ? Tokens.get(this.id).token : null) || null;
    if (frag.get("token")) Tokens.set(this.id, { token: frag.get("token") });
    this.view = null;
    this.mySeats = [];
    this.rotation = 0;
    this.hover = null;
    this.pending = null; // a two-step choice in progress: {kind: "dig", ...} / {kind: "ranger", from}
    this.sending = false;
    this.replayStep = 0;
    this.summaryShown = false;
    this.build();
    if (this.mode === "replay") this.loadReplay(parseInt(frag.get("step") || "0", 10) || 0);
    else this.connect();
  }

  // ----------------------------------------------------------------- layout

  build() {
    this.svg = B.el("svg", { id: "board", role: "img", "aria-label": "the board", preserveAspectRatio: "xMidYMid meet" });
    this.layer = B.el("g", { class: "layer-board" });
    this.marks = B.el("g", { class: "layer-marks" });
    this.svg.append(this.layer, this.marks);
    this.status = h("div", { id: "status", class: "status" }, "Connecting…");
    this.seatsBox = h("div", { id: "seats" });
    this.tileBox = h("div", { id: "drawn", class: "panel" });
    this.choiceBox = h("div", { id: "choices", class: "panel" });
    this.infoBox = h("div", { id: "info", class: "panel small" });
    this.logBox = h("ol", { id: "log", class: "log" });
    this.replayBox = h("div", { id: "replay-controls", class: "panel" });
    const zoom = h("div", { class: "zoom" },
      h("button", { title: "zoom in", onclick: () => this.pz.zoom(0.8) }, "+"),
      h("button", { title: "zoom out", onclick: () => this.pz.zoom(1.25) }, "−"),
      h("button", { title: "fit the board", onclick: () => this.fit() }, "⤢"));
    this.header = h("header", { class: "bar" },
      h("a", { href: "/", class: "brand" }, "savanna"),
      h("span", { id: "game-title" }, `Game ${this.id}`),
      h("span", { class: "spacer" }),
      h("span", { id: "conn", class: "conn" }),
      h("button", { id: "watch-link", onclick: () => copyText(`${location.origin}/play/${this.id}`) }, "Copy watch link"),
      h("a", { id: "download", class: "button", href: "#", onclick: e => this.download(e) }, "Download"),
      this.mode === "play" ? h("a", { id: "replay-link", class: "button", href: `/replay/${this.id}` }, "Replay")
        : h("a", { class: "button", href: `/play/${this.id}` }, "Live"));
    const side = h("aside", { class: "side" }, this.status, this.seatsBox,
      this.mode === "replay" ? this.replayBox : null, this.tileBox, this.choiceBox, this.infoBox,
      h("details", { open: true, class: "panel" }, h("summary", {}, "Moves"), this.logBox),
      this.invitePanel());
    const main = h("main", { class: "board-wrap" }, this.svg, zoom);
    this.root.append(this.header, h("div", { class: "game" }, main, side));
    this.pz = new B.PanZoom(this.svg);
    window.addEventListener("keydown", e => this.key(e));
  }

  invitePanel() {
    const links = Tokens.get(this.id).links;
    if (!links || !links.length) return null;
    return h("details", { class: "panel small", id: "invite" }, h("summary", {}, "Invite: seat links"),
      h("ul", {}, links.map(l => h("li", {}, `${l.name}: `, h("button", { onclick: () => copyText(l.link) }, "copy link"),
        " ", h("a", { href: l.path, target: "_blank" }, "open")))));
  }

  // -------------------------------------------------------------- transport

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(this.id)}${q}`);
    this.ws = ws;
    this.setConn("connecting");
    ws.onopen = () => { this.retry = 0; this.setConn("live"); };
    ws.onmessage = e => this.onMessage(JSON.parse(e.data));
    ws.onclose = e => {
      this.sending = false;
      if (e.code === 4404) { this.setConn("gone"); this.status.textContent = "There is no such game."; return; }
      this.setConn("reconnecting");
      const delay = Math.min(8000, 500 * 2 ** (this.retry = (this.retry || 0) + 1));
      setTimeout(() => this.connect(), delay);
    };
  }

  setConn(s) {
    const c = document.getElementById("conn");
    c.textContent = { live: "● live", connecting: "○ connecting", reconnecting: "○ reconnecting…", gone: "✕" }[s] || s;
    c.className = `conn ${s}`;
  }

  onMessage(m) {
    if (m.type === "state") {
      if (this.view && m.view.version < this.view.version) return; // stale
      this.mySeats = m.seats || [];
      this.show(m.view);
    } else if (m.type === "error") {
      this.sending = false;
      toast(m.message);
      if (m.code === "bad_token") this.token = null;
      if (m.code === "not_found" || m.code === "unknown_game") this.status.textContent = m.message;
    } else if (m.type === "accepted") {
      this.sending = false;
    }
  }

  send(action) {
    if (this.sending) return;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) { toast("Not connected: reconnecting…"); return; }
    this.sending = true;
    this.pending = null;
    this.ws.send(JSON.stringify({ type: "action", action, version: this.view.version }));
  }

  async loadReplay(step) {
    try {
      const v = await api(`/api/games/${encodeURIComponent(this.id)}/replay?step=${step}`);
      this.replayStep = v.replay.step;
      history.replaceState(null, "", `#step=${this.replayStep}`);
      this.mySeats = [];
      this.show(v);
    } catch (e) {
      this.status.textContent = e.message;
    }
  }

  async download(e) {
    e.preventDefault();
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    try {
      const resp = await fetch(`/api/games/${encodeURIComponent(this.id)}/export${q}`);
      if (!resp.ok) { const b = await resp.json().catch(() => ({})); throw new Error(b.message || resp.statusText); }
      const blob = await resp.blob();
      const a = h("a", { href: URL.createObjectURL(blob), download: `savanna-${this.id}.json` });
      document.body.appendChild(a); a.click(); a.remove();
    } catch (err) { toast(`Download: ${err.message}`); }
  }

  // ------------------------------------------------------------------- view

  myTurn() {
    const v = this.view;
    return this.mode === "play" && v && v.status === "playing" && this.mySeats.includes(v.current_player);
  }

  show(view) {
    const first = !this.view;
    const prevPhase = this.view && this.view.phase;
    if (this.view && (view.moves !== this.view.moves || view.phase !== prevPhase)) this.pending = null;
    this.view = view;
    if (view.drawn_tile && view.phase === "place" && (first || prevPhase !== "place" || !this.legalAt(this.rotation))) {
      this.rotation = this.firstRotation();
    }
    const scoring = view.scoring ? (view.features.find(f => f.feature === view.scoring.feature) || {}).spaces : null;
    const bounds = B.drawBoard(this.layer, view, { scoring, animals: view.animals });
    const grown = !this.bounds || ["minX", "maxX", "minY", "maxY"].some(k => bounds[k] !== this.bounds[k]);
    this.bounds = bounds;
    if (grown && !this.pz.touched) this.pz.fit(bounds);
    this.drawMarks();
    this.renderStatus();
    this.renderSeats();
    this.renderTile();
    this.renderChoices();
    this.renderInfo();
    this.renderLog();
    if (this.mode === "replay") this.renderReplay();
    document.body.dataset.phase = view.phase;
    document.body.dataset.status = view.status;
    document.body.dataset.myTurn = this.myTurn() ? "yes" : "no";
    if (view.status === "over" && this.mode === "play" && !this.summaryShown) { this.summaryShown = true; this.showSummary(); }
  }

  fit() { if (this.bounds) { this.pz.fit(this.bounds); this.pz.touched = false; } }

  seatName(s) {
    const seat = this.view.seats[s];
    return seat ? seat.name : `seat ${s}`;
  }

  renderStatus() {
    const v = this.view;
    const st = this.status;
    st.innerHTML = "";
    if (v.status === "over") {
      const w = v.winners.map(s => this.seatName(s));
      st.append(h("strong", {}, w.length > 1 ? `Tie: ${w.join(" and ")} win` : `${w[0]} wins`), ` with ${v.seats[v.winners[0]].score} points.`);
      st.className = "status over";
      return;
    }
    const cp = v.current_player;
    const dot = h("span", { class: "dot", style: `background:${B.SEAT_COLOURS[cp]}` });
    const who = this.myTurn() ? (this.mySeats.length > 1 ? `${this.seatName(cp)}: your turn` : "Your turn") : `${this.seatName(cp)} to play`;
    const what = { place: "place the tile", action: "meeple, watering hole, ranger, or pass", score: "a scoring choice",
      ranger: "put the ranger back" }[v.phase] || v.phase;
    const during = v.active_player !== null && v.active_player !== cp ? ` in ${this.seatName(v.active_player)}'s turn` : "";
    st.append(dot, h("strong", {}, who), ` · ${what}${during}`, h("span", { class: "muted" }, ` · turn ${v.turn}`));
    st.className = "status" + (this.myTurn() ? " mine" : "");
  }

  renderSeats() {
    const v = this.view;
    this.seatsBox.innerHTML = "";
    for (const s of v.seats) {
      const tokens = Object.entries(s.tokens).filter(([, n]) => n > 0)
        .map(([a, n]) => h("span", { class: "token", title: `${v.animals[a]}: ${n}`, style: `background:${B.ANIMAL_COLOURS[a]}` }, `${a}${n > 1 ? "×" + n : ""}`));
      const me = this.mySeats.includes(s.seat);
      this.seatsBox.appendChild(h("div", {
        class: "seat" + (v.current_player === s.seat ? " to-act" : "") + (me ? " me" : ""), dataset: { seat: s.seat } },
        h("span", { class: "swatch", style: `background:${B.SEAT_COLOURS[s.seat]}` }),
        h("span", { class: "name" }, s.name, me ? " (you)" : "",
          s.kind === "computer" && !s.name.includes(s.player || "") ? h("span", { class: "muted" }, ` · computer ${s.player || ""}`) : null,
          s.kind === "human" && !s.connected ? h("span", { class: "muted" }, " · away") : null),
        h("span", { class: "score", title: "score" }, String(s.score)),
        h("span", { class: "meeples", title: "meeples in supply" }, `♟${s.meeples}`),
        h("span", { class: "tokens" }, tokens)));
    }
  }

  renderTile() {
    const v = this.view;
    const box = this.tileBox;
    box.innerHTML = "";
    if (!v.drawn_tile) { box.hidden = true; return; }
    box.hidden = false;
    const lay = v.drawn_tile.layouts.find(l => l.rotation === this.rotation) || v.drawn_tile.layouts[0];
    const svg = B.el("svg", { viewBox: "-4 -4 108 108", class: "tile-preview", "aria-label": `tile ${v.drawn_tile.id}` });
    svg.appendChild(B.drawTile(lay));
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
      const [mx, my] = B.meepleSpot(placed.features[idx], idx);
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
      box.append(h("div", { class: "panel-title" }, `Scoring: the ${sc.kind} (${sc.animals || "no animals"})`),
        h("p", {}, `You lead it. Add one of your animal tokens of a kind not on it, for more points?`),
        h("div", { class: "buttons" }, acts.map(a => {
          const p = parseAction(a);
          return h("button", { class: "choice-button", dataset: { action: a }, onclick: () => this.send(a) },
            p.animal === "none" ? "No token" : `Add ${v.animals[p.animal]} (${p.animal})`);
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

  renderLog() {
    const v = this.view;
    const box = this.logBox;
    box.innerHTML = "";
    const items = v.history.slice(-200);
    for (const m of items) {
      const last = m.move === v.history.length;
      box.appendChild(h("li", { class: last ? "last" : "", value: m.move },
        h("span", { class: "dot", style: `background:${B.SEAT_COLOURS[m.seat]}` }), h("code", {}, m.action),
        h("span", { class: "muted" }, ` t${m.turn}`)));
    }
    box.scrollTop = box.scrollHeight;
  }

  renderReplay() {
    const v = this.view;
    const r = v.replay;
    const box = this.replayBox;
    box.innerHTML = "";
    const go = s => this.loadReplay(Math.max(0, Math.min(r.steps, s)));
    const slider = h("input", { type: "range", min: 0, max: r.steps, value: r.step, id: "replay-slider", "aria-label": "move" });
    slider.addEventListener("change", () => go(+slider.value));
    box.append(h("div", { class: "panel-title" }, `Replay: move ${r.step} of ${r.steps}`),
      h("div", { class: "buttons" },
        h("button", { id: "replay-start", onclick: () => go(0), title: "start (Home)" }, "|◀"),
        h("button", { id: "replay-back", onclick: () => go(r.step - 1), title: "back (←)" }, "◀"),
        h("button", { id: "replay-forward", onclick: () => go(r.step + 1), title: "forward (→)" }, "▶"),
        h("button", { id: "replay-end", onclick: () => go(r.steps), title: "end (End)" }, "▶|")),
      slider,
      h("div", { class: "small" }, r.last_action ? `Last: ${this.seatName(r.last_action.seat)} ${r.last_action.action}` : "The start.",
        r.next_action ? ` Next: ${this.seatName(r.next_action.seat)} ${r.next_action.action}` : ""),
      v.status === "over" ? h("button", { onclick: () => this.showSummary() }, "Final summary") : "");
  }

  key(e) {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    if (this.mode === "replay" && this.view) {
      const r = this.view.replay;
      if (e.key === "ArrowRight") this.loadReplay(Math.min(r.steps, r.step + 1));
      else if (e.key === "ArrowLeft") this.loadReplay(Math.max(0, r.step - 1));
      else if (e.key === "Home") this.loadReplay(0);
      else if (e.key === "End") this.loadReplay(r.steps);
      return;
    }
    if (!this.myTurn()) return;
    if (this.view.phase === "place" && (e.key === "r" || e.key === "e")) this.rotate(1);
    else if (this.view.phase === "place" && e.key === "q") this.rotate(-1);
    else if (e.key === "p" && this.view.legal_actions.includes("pass")) this.send("pass");
    else if (e.key === "Escape") { this.pending = null; this.drawMarks(); }
  }

  // ----------------------------------------------------------------- summary

  showSummary() {
    const v = this.view;
    const old = document.getElementById("summary");
    if (old) old.remove();
    const order = [...v.seats].sort((a, b) => b.score - a.score);
    const dlg = h("div", { id: "summary", class: "modal", role: "dialog", "aria-label": "final scores" },
      h("div", { class: "modal-body" },
        h("h2", {}, "Final scores"),
        h("table", { class: "scores" },
          h("tr", {}, h("th", {}, ""), h("th", {}, "player"), h("th", {}, "score"), h("th", {}, "final scoring")),
          order.map(s => h("tr", { class: v.winners.includes(s.seat) ? "winner" : "" },
            h("td", { class: "medal" }, v.winners.includes(s.seat) ? "★" : ""),
            h("td", {}, h("span", { class: "swatch", style: `background:${B.SEAT_COLOURS[s.seat]}` }), ` ${s.name}`),
            h("td", { class: "num" }, String(s.score)),
            h("td", { class: "num" }, v.final_points ? `+${v.final_points[s.seat]}` : "")))),
        h("h3", {}, "Scores over the game"),
        scoreChart(v),
        h("div", { class: "buttons" },
          h("a", { class: "button", href: `/replay/${this.id}` }, "Replay it"),
          h("a", { class: "button", href: "#", onclick: e => this.download(e) }, "Download"),
          h("a", { class: "button primary", href: "/" }, "New game"),
          h("button", { onclick: () => dlg.remove() }, "Close"))));
    document.body.appendChild(dlg);
  }
}

// A line chart of the scores after every turn (SVG, no library needed for five lines).
function scoreChart(v) {
  const hist = v.score_history;
  const W = 520, H = 250, L = 36, R = 10, T = 22, Bm = 28;
  const maxS = Math.max(10, ...hist.flatMap(e => e.scores));
  const n = Math.max(1, hist.length - 1);
  const X = i => L + (W - L - R) * i / n, Y = s => T + (H - T - Bm) * (1 - s / maxS);
  const svg = B.el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", id: "score-chart", role: "img", "aria-label": "scores over the game" });
  const step = Math.pow(10, Math.floor(Math.log10(maxS))) / (maxS / Math.pow(10, Math.floor(Math.log10(maxS))) < 3 ? 2 : 1);
  for (let s = 0; s <= maxS; s += step) {
    svg.appendChild(B.el("line", { x1: L, x2: W - R, y1: Y(s), y2: Y(s), class: "grid" }));
    svg.appendChild(B.text(L - 6, Y(s), String(Math.round(s)), { class: "axis", "text-anchor": "end" }));
  }
  svg.appendChild(B.text((L + W - R) / 2, H - 8, "turns (the last point adds final scoring)", { class: "axis" }));
  v.seats.forEach(s => {
    const pts = hist.map((e, i) => `${X(i)},${Y(e.scores[s.seat])}`).join(" ");
    svg.appendChild(B.el("polyline", { points: pts, class: "series", stroke: B.SEAT_COLOURS[s.seat], "data-seat": s.seat }));
    const lastE = hist[hist.length - 1];
    svg.appendChild(B.text(X(hist.length - 1) - 4, Y(lastE.scores[s.seat]) - 8, s.name, { class: "series-label", fill: B.SEAT_COLOURS[s.seat], "text-anchor": "end" }));
  });
  return svg;
}

window.addEventListener("DOMContentLoaded", () => { window.page = new GamePage(document.getElementById("app")); });
