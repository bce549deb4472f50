// @ts-check
// The game page: live play (a seat's join link, or the hotseat link), watching,
// and replays (/replay/{id}). The server decides every rule: this page shows the
// view it sends and offers exactly the view's legal actions.

import * as B from "./board.js";
import * as Words from "./words.js";
import * as Motion from "./motion.js";
import * as I18n from "./i18n.js";
import * as Layout from "./layout.js";
import * as Games from "./games.js";
import * as ClockText from "./clocktext.js";
import * as Mail from "./mail.js";
import { api, h, toast, copyText, Tokens, applyPatch, errorText, seatName, playerWords } from "./common.js";
import { _, ngettext } from "./i18n.js";
import { Coach } from "./coach.js";
import { Chooser } from "./choose.js";
import { Announcer } from "./a11y.js";
import { Alerts } from "./alerts.js";
import { Clocks } from "./clocks.js";
import { History, fresh } from "./history.js";

/** @typedef {import("./view-types.js").View} View */

const W = Words.W;
const FLOAT_MS = 2600; // how long a "+N" stays on the board

// the session's CSRF token (the cookie the server sets at login for its pages' scripts), or null
function csrfToken() {
  const m = document.cookie.match(/(?:^|; )savanna_csrf=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : null;
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
    // the entries before those the view carries, asked for when the log needs them (history.js)
    this.past = new History((from, to) => {
      const query = new URLSearchParams({ from: String(from), to: String(to) });
      if (this.token && this.mode === "play") query.set("token", this.token);
      return api(`/api/games/${encodeURIComponent(this.id)}/history?${query}`);
    });
    this.rev = null; // the rev of the view (the server's patches name the rev they apply to)
    this.asking = false; // a patch did not fit: the whole view is asked for
    this.mySeats = [];
    this.ui = null; // the game's own part of the page (its UI script), made by the first view
    this.shown = null; // the view drawn last (this.view: the last one come, drawn once its game's files are here)
    this.loading = null; // the game whose files are being added to the page
    this.sending = false;
    this.sentVersion = -1; // the view's version when the action waiting for its answer was sent
    this.retry = 0; // reconnections since the game last came (a lost connection: 1 s, 2 s, ... 8 s)
    this.busy = 0; // of them, refused or dropped by the server with 1013 (2 s, 4 s, ... 60 s)
    this.notice = null; // {reason, until}: why the server closed the connection, until it is back
    this.replayStep = 0;
    this.summaryShown = false;
    this.build();
    if (this.mode === "replay") this.loadReplay(parseInt(frag.get("step") || "0", 10) || 0);
    else this.claimThenConnect();
  }

  // A logged-in person's join link claims its seat for their account: the session plays it
  // from then on (on any device), and the token is dropped. Not logged in (no CSRF cookie, or
  // the session ended), a hotseat link, a bad one: the token plays, as before.
  // A logged-in person takes an open seat: their session plays it from then on.
  async takeSeat(seat) {
    try {
      await api(`/api/games/${encodeURIComponent(this.id)}/seats/${seat}/take`, { method: "POST" });
    } catch (e) { toast(errorText(e)); return; }
    const ws = this.ws;
    ws.onclose = null; // not a loss of connection: a new one, as the seat's player
    ws.close();
    this.connect();
  }

  async claimThenConnect() {
    const csrf = csrfToken();
    if (this.token && csrf) {
      try {
        await api(`/api/games/${encodeURIComponent(this.id)}/claim`, { json: { token: this.token }, headers: { "X-CSRF-Token": csrf } });
        this.token = null;
      } catch (e) {
        if (e.code === "seat_taken" || e.code === "claimed") { toast(errorText(e)); this.token = null; }
      }
      if (!this.token) Tokens.set(this.id, { token: null });
    }
    this.connect();
  }

  // ----------------------------------------------------------------- layout

  build() {
    this.svg = B.el("svg", { id: "board", role: "group", "aria-label": _("the board (arrow keys: the legal choices, Enter: play)"), preserveAspectRatio: "xMidYMid meet" });
    this.layer = B.el("g", { class: "layer-board" });
    this.marks = B.el("g", { class: "layer-marks" });
    this.floats = B.el("g", { class: "layer-floats", "aria-hidden": "true" }); // "+N" after a scoring
    this.coach = new Coach(this); // hints, and a finished game's review (coach.js)
    this.svg.append(this.layer, this.coach.layer, this.marks, this.floats);
    this.status = h("div", { id: "status", class: "status" }, _("Connecting…"));
    this.seatsBox = h("div", { id: "seats" });
    this.panelBox = h("div", { id: "drawn", class: "panel" });
    this.choiceBox = h("div", { id: "choices", class: "panel" });
    this.infoBox = h("div", { id: "info", class: "panel small" });
    this.logBox = h("ol", { id: "log", class: "log" });
    this.playBox = h("div", { id: "play-controls", class: "panel", hidden: true }); // takeback, resign, alerts
    this.legendBox = h("details", { id: "legend", class: "panel small" }, h("summary", {}, W.legendTitle()));
    this.replayBox = h("div", { id: "replay-controls", class: "panel" });
    this.frameButton = h("button", { id: "follow-game", title: _("follow the game: the whole board when it fits, else the last moves (F)"),
      "aria-label": _("follow the game"), onclick: () => this.frameNow() }, followIcon());
    const zoom = h("div", { class: "zoom" },
      h("button", { title: _("zoom in"), "aria-label": _("zoom in"), onclick: () => this.pz.zoom(0.8) }, "+"),
      h("button", { title: _("zoom out"), "aria-label": _("zoom out"), onclick: () => this.pz.zoom(1.25) }, "−"),
      h("button", { title: _("fit the board"), "aria-label": _("fit the board"), onclick: () => this.fit() }, "⤢"),
      this.frameButton);
    this.header = h("header", { class: "bar" },
      h("a", { href: "/", class: "brand" }, "savanna"),
      h("span", { id: "game-title" }, _("Game {id}", { id: this.id })),
      h("span", { class: "spacer" }),
      h("span", { id: "conn", class: "conn" }),
      h("button", { id: "watch-link", onclick: () => copyText(`${location.origin}/play/${this.id}`) }, _("Copy watch link")),
      h("a", { id: "download", class: "button", href: "#", onclick: e => this.download(e) }, _("Download")),
      this.mode === "play" ? h("a", { id: "replay-link", class: "button", href: `/replay/${this.id}` }, _("Replay"))
        : h("a", { class: "button", href: `/play/${this.id}` }, _("Live")),
      I18n.switcher());
    document.title = this.mode === "replay" ? _("savanna · replay") : _("savanna · game");
    const side = h("aside", { class: "side" }, this.status, this.seatsBox,
      this.mode === "replay" ? this.replayBox : null, this.panelBox, this.choiceBox, this.coach.box, this.playBox, this.infoBox,
      h("details", { open: true, class: "panel" }, h("summary", {}, W.logTitle()), this.logBox),
      this.legendBox, Motion.panel(), this.invitePanel());
    const main = h("main", { class: "board-wrap" }, this.svg, zoom);
    this.root.append(this.header, h("div", { class: "game" }, main, side));
    this.pz = new B.PanZoom(this.svg);
    this.chooser = new Chooser(this); // taps, keys and clicks on the board's choices
    main.append(this.chooser.bar);
    this.announcer = new Announcer(this); // the screen reader's live region
    document.body.append(this.announcer.region);
    Layout.arrange(side, this.header, zoom, this); // phones: the panel in tabs below the board, the zoom beside them
    window.addEventListener("keydown", e => this.key(e));
    this.alerts = new Alerts(this);
    this.clocks = new Clocks(this); // the seats' clocks (clocks.js)
  }

  invitePanel() {
    const links = Tokens.get(this.id).links;
    if (!links || !links.length) return null;
    return h("details", { class: "panel small", id: "invite" }, h("summary", {}, _("Invite: seat links")),
      h("ul", {}, links.map(l => h("li", {}, `${seatName({ kind: "human", name: l.name })}: `, h("button", { onclick: () => copyText(l.link) }, _("copy link")),
        " ", h("a", { href: l.path, target: "_blank" }, _("open"))))));
  }

  // -------------------------------------------------------------- transport

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(this.id)}${q}`);
    this.ws = ws;
    this.setConn("connecting");
    // live once the game's state comes: a connection over one of the server's caps is opened,
    // then closed at once (1013)
    ws.onopen = () => { this.asking = false; };
    ws.onmessage = e => this.onMessage(JSON.parse(e.data));
    ws.onclose = e => {
      this.sending = false;
      if (e.code === 4404) { this.setConn("gone"); this.status.textContent = _("There is no such game."); return; }
      if (e.code === 4409) { // this seat opened in too many windows: this, its oldest, closed for good
        this.setConn("gone");
        this.closedFor = e.reason; // it plays no more here: no choices, as when a game is over
        if (this.view && this.ui) this.show(this.view);
        else this.status.textContent = _("The server closed the connection: {reason}.", { reason: e.reason });
        return;
      }
      if (e.code === 1013) { // over a cap, or too slow a reader: the reason says which; later, and later again
        const delay = Math.min(60000, 2000 * 2 ** this.busy++);
        this.setConn("busy");
        this.notice = { reason: e.reason || _("the server is busy"), until: Date.now() + delay };
        this.showNotice();
        if (!this.noticeTimer) this.noticeTimer = setInterval(() => this.showNotice(), 1000);
        setTimeout(() => this.connect(), delay);
        return;
      }
      this.setConn("reconnecting");
      const delay = Math.min(8000, 500 * 2 ** ++this.retry);
      setTimeout(() => this.connect(), delay);
    };
  }

  setConn(s) {
    const c = document.getElementById("conn");
    c.textContent = { live: _("● live"), connecting: _("○ connecting"), reconnecting: _("○ reconnecting…"), busy: _("○ server busy"), gone: "✕" }[s] || s;
    c.className = `conn ${s}`;
  }

  // The server's reason for closing the connection (1013), in the status area with the seconds
  // to the next try, until the game's state comes again.
  showNotice() {
    let box = document.getElementById("conn-notice");
    if (!this.notice) {
      if (box) box.remove();
      clearInterval(this.noticeTimer);
      this.noticeTimer = null;
      return;
    }
    if (!box) box = h("div", { id: "conn-notice", class: "conn-notice", role: "status" });
    if (!this.view) this.status.replaceChildren(box); // nothing else to show yet
    else if (!box.isConnected) this.status.append(box);
    const left = Math.ceil((this.notice.until - Date.now()) / 1000);
    box.textContent = _("The server closed the connection: {reason}.", { reason: this.notice.reason }) + " "
      + (left > 0 ? _("Trying again in {n} s.", { n: left }) : _("Trying again…"));
  }

  onMessage(m) {
    if (m.type === "state") { // the whole view
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.setConn("live");
      this.retry = this.busy = 0;
      this.notice = null;
      this.showNotice();
      this.rev = m.rev;
      this.asking = false;
      this.mySeats = m.seats || [];
      this.show(m.view);
    } else if (m.type === "patch") { // what changed in the view at rev m.base
      let view = null;
      if (this.view && !this.asking && m.base === this.rev) {
        try { view = applyPatch(this.view, m.patch); } catch (e) { console.warn(e.message); }
      }
      if (view) {
        this.rev = m.rev;
        this.show(view);
      } else if (!this.asking) { // missed one: the whole view comes in its place among the patches
        this.asking = true;
        this.ws.send(JSON.stringify({ type: "state" }));
      }
    } else if (m.type === "error") {
      this.sending = false;
      toast(errorText(m));
      if (m.code === "bad_token" || m.code === "claimed") this.token = null;
      if (m.code === "not_found" || m.code === "unknown_game") this.status.textContent = errorText(m);
    } else if (m.type === "accepted") {
      this.sending = false;
    }
  }

  send(action) {
    if (this.coach.trying()) { this.coach.tryMove(action); return; } // "Find the better move": a try, not a move
    if (this.sending) return;
    if (Motion.settings.get("confirm") && !this.chooser.confirming) { // asked first, as a tap on the board is
      this.chooser.ask(this.ui && this.ui.words ? this.ui.words({ action }, this.view) : action, () => this.send(action));
      return;
    }
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast(this.notice ? _("Not connected: {reason}", { reason: this.notice.reason }) : _("Not connected: reconnecting…"));
      return;
    }
    this.sending = true;
    this.sentVersion = this.view.version;
    this.pz.release(); // the person acted: the view follows the game again at once
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
      this.status.textContent = errorText(e);
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
    } catch (err) { toast(_("Download: {reason}", { reason: err.message })); }
  }

  // ------------------------------------------------------------------- view

  myTurn() {
    const v = this.view;
    if (this.mode === "replay") return this.coach.trying(); // the board offers the moves to try
    return this.mode === "play" && !this.closedFor && v && v.status === "playing" && !this.openSeats().length
      && this.mySeats.includes(v.current_player);
  }

  // A rated game's seats still open: nothing is played until each is taken (table/claims.py).
  openSeats() {
    const v = this.view;
    return v && v.status === "playing" ? v.seats.filter(s => s.open).map(s => s.seat) : [];
  }

  /** @param {View} view */
  show(view) {
    const prev = this.shown;
    // the view shows the action sent stored (its patches come before the "accepted"): the next
    // key or click is the person's next action, not one dropped as sent twice
    if (this.sending && view.version > this.sentVersion) this.sending = false;
    this.view = view;
    this.past.take(view);
    const game = Games.get(view.game);
    if (!game || !game.UI) { this.loadGame(view.game); return; }
    if (!this.ui || (prev && prev.game !== view.game)) {
      this.ui = new game.UI(this);
      document.body.dataset.game = view.game;
    }
    const motion = prev && prev.game === view.game ? game.motion || null : null;
    const before = motion && motion.before ? quietly(() => motion.before(this, prev)) : null; // what shows before it changes
    Motion.finishAll(); // what still moved stands where it ends
    this.shown = view;
    this.clocks.update(view);
    this.bounds = this.ui.show(view, prev);
    this.follow(this.bounds, view, prev);
    this.renderStatus();
    this.renderSeats();
    this.clocks.tick();
    this.ui.render();
    this.renderLog();
    this.renderPlay();
    this.renderLegend(prev);
    this.showScored(view, prev);
    this.tellOutcome(view, prev);
    if (this.mode === "replay") this.renderReplay();
    this.coach.update(view);
    document.body.dataset.phase = view.phase;
    document.body.dataset.status = view.status;
    document.body.dataset.myTurn = this.myTurn() ? "yes" : "no";
    if (this.alerts) this.alerts.update();
    this.chooser.settle();
    this.announcer.update(prev, view);
    if (view.status === "over" && this.mode === "play" && !this.summaryShown) { this.summaryShown = true; this.showSummary(); }
    if (motion && motion.after) quietly(() => motion.after(this, view, prev, before)); // the changes, animated
  }

  // The view follows the game (PanZoom.frame, with the game's boxes): the whole board when it
  // fits at a readable size, else the last moves; the whole board once the game is over and at
  // every step of a replay. Each new move (the game's `follow` key changes; by default the
  // board's bounds) is followed, gliding, unless the person panned or zoomed in the last few
  // seconds: then the follow button says that the view is behind.
  follow(bounds, view, prev) {
    const frame = view.status === "over" || this.mode === "replay" ? { ...bounds, whole: true } : bounds;
    const key = (frame.follow ?? ["x0", "y0", "x1", "y1"].map(k => Math.round(frame[k])).join()) + (frame.whole ? ":whole" : "");
    if (!prev || prev.game !== view.game) this.pz.frame(frame, { force: true });
    else if (key !== this.followKey) this.pz.frame(frame, { glide: true });
    else this.pz.framing = frame; // the same moves: what a resize or the follow button frames
    this.followKey = key;
    this.markBehind(this.pz.behind);
  }

  // the follow button's dot: a move was not followed (the person had moved the view)
  markBehind(on) {
    this.frameButton.classList.toggle("behind", on);
    this.frameButton.querySelector(".behind-dot").setAttribute("visibility", on ? "visible" : "hidden");
  }

  // the follow button (F): back to the game's framing, and following it again
  frameNow() {
    if (!this.bounds) return;
    this.pz.release();
    this.pz.frame(this.pz.framing || this.bounds, { force: true, glide: true });
    this.markBehind(false);
  }

  // a game's scripts and styles (the server's catalogue names them), then the view that came meanwhile
  loadGame(name) {
    if (this.loading === name) return;
    this.loading = name;
    Games.load(name).then(game => {
      if (!game || !game.UI) throw new Error(name);
      this.loading = null;
      if (this.view && this.view.game === name) this.show(this.view);
    }).catch(() => {
      this.loading = null;
      this.status.textContent = _("This page cannot show a game of {game}.", { game: name });
    });
  }

  // the fit button: the whole board, whatever the scale (the person's own view: kept a while)
  fit() {
    if (!this.bounds) return;
    this.pz.userMove();
    this.pz.frame({ ...this.bounds, whole: true }, { force: true, glide: true });
  }

  legalActions() { return this.myTurn() ? this.view.legal_actions : []; }

  seatName(s) {
    const seat = this.view.seats[s];
    return seat ? seatName(seat) : _("seat {n}", { n: s });
  }

  // the stack's order was not the server's secret: say so to every seat (view.deal)
  dealNote() {
    const out = this.view.deal === "chosen" ? [h("div", { id: "deal-note", class: "muted" }, _("This game's order was chosen by its creator"))] : [];
    if (this.view.rated) out.unshift(h("div", { id: "rated-note", class: "muted" }, _("Rated game: the result changes the players' ratings.")));
    return out;
  }

  renderStatus() {
    const v = this.view;
    const st = this.status;
    st.innerHTML = "";
    if (this.mode === "replay" && v.status !== "over") { this.renderReplayStatus(); return; }
    if (v.status === "over") {
      const w = v.winners.map(s => this.seatName(s));
      if (v.ended_by === "aborted") st.append(h("strong", { id: "aborted" }, _("Game aborted")));
      else {
        st.append(h("strong", {}, w.length > 1 ? _("Tie: {names} win", { names: I18n.list(w) }) : _("{who} wins", { who: w[0] })),
          " " + ngettext("with {n} point.", "with {n} points.", v.seats[v.winners[0]].score));
      }
      if (v.ended) st.append(h("div", { id: "ended-note", class: "muted" + (v.ended_by === "time" || v.ended_by === "aborted" ? " clock-end" : "") },
        this.clocks.ended(v) || W.finalEnded(this.seatName(v.ended.seat))));
      if (v.replay) st.append(h("div", { class: "muted replay-step" }, W.replayStep(v.replay.step, v.replay.steps)));
      st.append(...this.dealNote());
      st.className = "status over";
      this.showNotice();
      return;
    }
    const open = this.openSeats();
    if (open.length && this.mode === "play") {
      st.append(h("strong", {}, ngettext("Waiting for a player to take the open seat.", "Waiting for players to take the {n} open seats.", open.length)),
        ...this.dealNote());
      st.className = "status waiting";
      this.showNotice();
      return;
    }
    const cp = v.current_player;
    const dot = B.seatBadge(cp, 14, { class: "seat-badge dot" });
    const who = this.myTurn() ? (this.mySeats.length > 1 ? _("{who}: your turn", { who: this.seatName(cp) }) : _("Your turn"))
      : _("{who} to play", { who: this.seatName(cp) });
    const what = this.ui.phaseText(v);
    const during = v.active_player !== null && v.active_player !== cp ? " " + _("in {who}'s turn", { who: this.seatName(v.active_player) }) : "";
    st.append(dot, h("strong", {}, who), this.clocks.statusClock(), ` · ${what}${during}`, h("span", { class: "muted" }, " · " + _("turn {n}", { n: v.turn })),
      ...this.clocks.notes(), ...this.dealNote());
    st.className = "status" + (this.myTurn() ? " mine" : "");
    if (this.closedFor) st.append(h("div", { id: "closed-note", class: "muted" },
      _("The server closed the connection: {reason}.", { reason: this.closedFor })));
    this.showNotice();
  }

  // A replay's status: the step of how many, who played the last move and who plays the next
  // (no "to play": nobody is asked to).
  renderReplayStatus() {
    const v = this.view, r = v.replay, st = this.status;
    const next = r.next_action ? r.next_action.seat : v.current_player;
    const parts = [r.last_action ? W.replayPlayed(this.seatName(r.last_action.seat)) : null,
      next !== null && next !== undefined ? W.replayNext(this.seatName(next)) : null].filter(Boolean);
    st.append(next !== null && next !== undefined ? B.seatBadge(next, 14, { class: "seat-badge dot" }) : "",
      h("strong", { id: "replay-step" }, r.step ? W.replayStep(r.step, r.steps) : W.replayStart(r.steps)),
      parts.length ? ` · ${parts.join(" · ")}` : "", h("span", { class: "muted" }, " · " + _("turn {n}", { n: v.turn })),
      ...this.dealNote());
    st.className = "status replay";
  }

  renderSeats() {
    const v = this.view;
    this.seatsBox.innerHTML = "";
    this.seatsBox.classList.toggle("timed", !!v.clock);
    for (const s of v.seats) {
      const me = this.mySeats.includes(s.seat);
      this.seatsBox.appendChild(h("div", {
        class: "seat" + (v.current_player === s.seat ? " to-act" : "") + (me ? " me" : ""), dataset: { seat: s.seat } },
        B.seatBadge(s.seat, 16),
        h("span", { class: "name" }, seatName(s), me ? " " + _("(you)") : "",
          s.kind === "computer" && !s.name.includes(s.player || "") ? h("span", { class: "muted" }, " · " + _("computer: {player}", { player: playerWords(s.player) })) : null,
          this.mode === "play" && s.kind === "human" && !s.connected && !s.resigned ? h("span", { class: "muted" }, " · " + _("away")) : null,
          s.resigned && !this.clocks.flagged(s.seat) ? h("span", { class: "muted resigned" }, ` · ${W.resignedTag()}`) : null,
          s.open && v.status === "playing" ? h("span", { class: "muted open-seat" }, " · " + _("open seat")) : null,
          this.coach.seatNote(s)),
        s.open && v.status === "playing" && this.mode === "play" && !this.mySeats.length && csrfToken()
          ? h("button", { class: "take-seat", id: `take-seat-${s.seat}`, onclick: () => this.takeSeat(s.seat) }, _("Take this seat")) : null,
        this.clocks.cell(s),
        h("span", { class: "score", title: _("score") }, String(s.score)),
        this.ui.seatDetails(s)));
    }
  }

  // A move in words with its notation beside it, and what it scored under it (the log's and the
  // replay's lines).
  moveLine(v, m) {
    return [B.seatBadge(m.seat, 12, { class: "seat-badge dot" }),
      h("span", { class: "words" }, Words.action(v, m, this.seatName(m.seat))), " ", h("code", { class: "notation" }, m.action),
      h("span", { class: "muted", title: _("turn {n}", { n: m.turn }) }, ` t${m.turn}`),
      typeof m.took === "number" ? h("span", { class: "muted took", title: _("time taken") }, ` · ${ClockText.took(m.took)}`) : null,
      ...(m.scored || []).filter(e => !e.what.startsWith("final")).map(e => h("div", { class: "scored", dataset: { seat: e.seat } },
        h("span", { class: "points", style: `color:${B.SEAT_COLOURS[e.seat]}` }, e.points ? W.points(e.points) : W.noPoints), " ",
        Words.scored(v, e, this.seatName(e.seat))))];
  }

  // The moves in words, each with its notation beside it, and what it scored under it.
  // The view carries the latest moves: the older ones are asked for, and the log drawn again
  // once they are here (history.js).
  renderLog() {
    const v = this.view;
    const box = this.logBox;
    box.innerHTML = "";
    const all = { ...v, history: this.past.whole(v) }; // (the words of a move may read the moves before it)
    if (!this.past.complete(v)) this.past.fill(v).then(ok => { if (ok && this.view) this.renderLog(); });
    box.dataset.from = String(all.history.length ? all.history[0].move - 1 : v.moves);
    const items = all.history.slice(-200);
    for (const m of items) {
      const last = m.move === v.moves;
      box.appendChild(h("li", { class: last ? "last" : "", value: m.move, dataset: { move: m.move } }, this.moveLine(all, m)));
    }
    if (v.final_scoring) {
      const totals = v.seats.map(s => `${seatName(s)} ${W.points(v.final_scoring.filter(e => e.seat === s.seat).reduce((a, e) => a + e.points, 0))}`);
      box.appendChild(h("li", { class: "note final", id: "log-final" }, W.finalLine(totals.join(", "))));
    }
    if (v.takeback && v.takeback.count) box.appendChild(h("li", { class: "muted note" }, W.takenBack(v.takeback.count)));
    this.coach.markLog(box);
    box.scrollTop = box.scrollHeight;
  }

  // "+N" on the board where the actions since the last view scored (a few at a time).
  /** @param {View} view @param {View | null} prev */
  showScored(view, prev) {
    if (prev && view.moves < prev.moves) this.floats.replaceChildren(); // taken back: what it scored is gone
    if (!prev || !this.ui.pointOf || view.moves <= prev.moves || view.moves - prev.moves > 12) return;
    const scored = fresh(view, prev).flatMap(m => m.scored || []);
    const shown = new Map(); // where -> how many so far, to stack them
    for (const e of scored) {
      if (e.what.startsWith("final") || !e.points) continue;
      const at = this.ui.pointOf(e);
      if (!at) continue;
      const key = at.join(",");
      const k = shown.get(key) || 0;
      shown.set(key, k + 1);
      const t = B.text(at[0], at[1] - 26 * k, W.points(e.points), {
        class: "float-points", fill: B.SEAT_COLOURS[e.seat], "data-seat": e.seat });
      if (!Motion.enabled()) t.style.animation = "none"; // it rises (style.css) only where things may move
      this.floats.appendChild(t);
      setTimeout(() => t.remove(), FLOAT_MS);
      document.body.dataset.floats = String(+(document.body.dataset.floats || 0) + 1);
    }
  }

  // A takeback's outcome, or a resignation, said once when the view shows it.
  /** @param {View} view @param {View | null} prev */
  tellOutcome(view, prev) {
    if (!prev || this.mode !== "play") return;
    const last = view.takeback && view.takeback.last, before = prev.takeback && prev.takeback.last;
    if (last && JSON.stringify(last) !== JSON.stringify(before)) {
      const who = this.seatName(last.seat);
      const by = (last.by || []).map(s => this.seatName(s)).join(", ");
      toast(last.outcome === "done" ? W.outcome.done(who, last.to, last.from) : last.outcome === "refused" ? W.outcome.refused(who, by)
        : W.outcome.withdrawn(who), "info");
    }
    view.seats.forEach((s, i) => {
      if (s.resigned && prev.seats[i] && !prev.seats[i].resigned && !this.clocks.flagged(i)) toast(W.resigned(seatName(s), s.kind === "computer" ? "computer" : "end"), "info");
    });
    for (const line of this.clocks.news(prev, view)) toast(line, "info"); // a seat's flag fall
  }

  // Take back, resign, answer a takeback request; the your-turn alerts' switches.
  renderPlay() {
    const v = this.view;
    const box = this.playBox;
    box.innerHTML = "";
    const mine = this.mySeats.filter(s => v.seats[s] && !v.seats[s].resigned);
    const tb = v.takeback || { to: [], request: null };
    const req = v.status === "playing" ? tb.request : null;
    if (this.mode !== "play" || this.closedFor || (!mine.length && !req)) { box.hidden = true; return; }
    box.hidden = false;
    if (req) box.append(this.takebackRequest(req, mine));
    if (!mine.length) return; // a spectator (or a resigned seat) reads the request, and acts on nothing
    if (v.status === "playing") {
      const starts = mine.map(s => tb.to[s]).filter(n => n !== null && n !== undefined);
      const to = starts.length ? Math.max(...starts) : null;
      const others = v.seats.filter(s => s.kind === "human" && !s.resigned && !this.mySeats.includes(s.seat));
      box.append(h("div", { class: "buttons" },
        v.rated ? null : h("button", { id: "takeback", disabled: to === null || !!req, title: to === null ? W.takeBackNothing() : W.takeBackTitle(to, v.moves),
          onclick: () => this.takeBack() }, others.length ? W.askTakeBack() : W.takeBack()),
        h("button", { id: "resign", onclick: () => this.confirmResign() }, W.resign())));
    }
    if (this.alerts) box.append(this.alerts.controls());
    const clockSound = this.clocks.controls();
    if (clockSound && v.status === "playing") box.lastChild.append(clockSound);
    if (v.status === "playing") box.append(Mail.seatField(this, mine) || "");
  }

  // A takeback request, as each reader sees it: the asker in the first person (with Withdraw),
  // the seats it waits for with Accept and Refuse, everyone else (spectators too) read-only.
  takebackRequest(req, mine) {
    const waiting = req.waiting.filter(s => !req.accepted.includes(s));
    const names = I18n.list(waiting.map(s => this.seatName(s)));
    const toAnswer = waiting.some(s => mine.includes(s));
    const asked = req.by.some(s => mine.includes(s)) || mine.includes(req.seat);
    const box = h("div", { id: "takeback-request", class: "request", role: "status" });
    if (asked && !toAnswer) {
      box.append(h("div", {}, W.requestMine(names)), h("div", { class: "muted" }, W.requestUndoes(req.to, req.moves)),
        h("button", { id: "takeback-withdraw", onclick: () => this.answer(false, req.moves) }, W.withdraw()));
    } else if (toAnswer) {
      box.append(h("div", {}, W.requestFor(this.seatName(req.seat), req.to, req.moves)), h("div", { class: "buttons" },
        h("button", { id: "takeback-accept", class: "primary", onclick: () => this.answer(true, req.moves) }, W.accept()),
        h("button", { id: "takeback-refuse", onclick: () => this.answer(false, req.moves) }, W.refuse())));
    } else {
      box.append(h("div", {}, W.requestFor(this.seatName(req.seat), req.to, req.moves)),
        h("div", { class: "muted" }, W.requestWaiting(names)));
    }
    return box;
  }

  async post(what, body) {
    try {
      const csrf = csrfToken(); // a claimed seat: the session acts, with its CSRF token
      return await api(`/api/games/${encodeURIComponent(this.id)}/${what}`, { json: { token: this.token, ...body },
        headers: csrf ? { "X-CSRF-Token": csrf } : {} });
    } catch (e) { toast(errorText(e)); return null; }
  }

  async takeBack() {
    const out = await this.post("takeback", { version: this.view.version });
    if (out && out.outcome === "asked") toast(W.asked(), "info");
  }

  answer(accept, moves) { return this.post("takeback/answer", { accept, moves }); }

  confirmResign() {
    const v = this.view;
    const old = document.getElementById("resign-dialog");
    if (old) old.remove();
    const others = v.seats.filter(s => s.kind === "human" && !s.resigned && !this.mySeats.includes(s.seat));
    const seat = this.mySeats.includes(v.current_player) ? v.current_player : this.mySeats[0];
    const what = !others.length ? W.resignLast() : v.on_resign === "end" ? W.resignEnd() : W.resignComputer(v.resign_player);
    const close = () => dlg.remove();
    const dlg = h("div", { id: "resign-dialog", class: "modal", role: "dialog", "aria-label": W.resignTitle() },
      h("div", { class: "modal-body" }, h("h2", {}, W.resignTitle()), h("p", {}, what),
        h("div", { class: "buttons" },
          h("button", { id: "resign-confirm", class: "primary danger", onclick: async () => { close(); await this.post("resign", { seat }); } }, W.resignConfirm()),
          h("button", { id: "resign-cancel", onclick: close }, W.cancel()))));
    document.body.appendChild(dlg);
    dlg.querySelector("#resign-cancel").focus();
  }

  // What the board's highlights mean, for this game (its legend, each swatch drawn with the
  // board's own classes: by the game, or a plain rectangle of the class).
  renderLegend(prev) {
    const v = this.view;
    if (prev && prev.game === v.game && this.legendBox.children.length > 1) return;
    const game = Games.get(v.game);
    const swatch = cls => B.el("svg", { viewBox: "0 0 40 28", class: "legend-swatch", "aria-hidden": "true" },
      [(game.legendSwatch && game.legendSwatch(cls)) || B.el("g", { class: cls }, [B.el("rect", { x: 5, y: 3, width: 30, height: 22 })])]);
    const items = game.legend || [];
    this.legendBox.replaceChildren(h("summary", {}, W.legendTitle()),
      h("ul", { class: "legend" }, items.map(([cls, text]) => h("li", { dataset: { legend: cls } }, swatch(cls), " ", _(text))),
        h("li", {}, h("span", { class: "legend-seats" }, v.seats.map(s => h("span", { class: "swatch", title: seatName(s),
          style: `background:${B.SEAT_COLOURS[s.seat]}` }))), " ", W.legendSeats())));
  }

  renderReplay() {
    const v = this.view;
    const r = v.replay;
    const box = this.replayBox;
    box.innerHTML = "";
    const go = s => this.loadReplay(Math.max(0, Math.min(r.steps, s)));
    const slider = h("input", { type: "range", min: 0, max: r.steps, value: r.step, id: "replay-slider", "aria-label": _("move") });
    slider.addEventListener("change", () => go(+slider.value));
    box.append(h("div", { class: "panel-title" }, _("Replay: move {step} of {steps}", { step: r.step, steps: r.steps })),
      h("div", { class: "buttons" },
        h("button", { id: "replay-start", onclick: () => go(0), title: _("start (Home)") }, "|◀"),
        h("button", { id: "replay-back", onclick: () => go(r.step - 1), title: _("back (←)") }, "◀"),
        h("button", { id: "replay-forward", onclick: () => go(r.step + 1), title: _("forward (→)") }, "▶"),
        h("button", { id: "replay-end", onclick: () => go(r.steps), title: _("end (End)") }, "▶|")),
      slider,
      h("div", { class: "replay-moves small" },
        h("div", { id: "replay-last", class: "replay-move" }, h("span", { class: "muted" }, W.replayLast()), " ",
          r.last_action ? this.moveLine(v, r.last_action) : W.replayNone()),
        r.next_action ? h("div", { id: "replay-next", class: "replay-move" }, h("span", { class: "muted" }, W.replayNextMove()), " ",
          this.moveLine(v, r.next_action)) : null),
      v.status === "over" ? h("button", { onclick: () => this.showSummary() }, _("Final summary")) : "");
  }

  key(e) {
    if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
    if ((e.key === "f" || e.key === "F") && !e.ctrlKey && !e.metaKey && !e.altKey) { this.frameNow(); return; }
    if (this.mode === "replay" && this.view) {
      const r = this.view.replay;
      if (e.key === "ArrowRight") this.loadReplay(Math.min(r.steps, r.step + 1));
      else if (e.key === "ArrowLeft") this.loadReplay(Math.max(0, r.step - 1));
      else if (e.key === "Home") this.loadReplay(0);
      else if (e.key === "End") this.loadReplay(r.steps);
      return;
    }
    if (this.chooser.onKey(e)) return;
    if (this.ui) this.ui.key(e);
  }

  // ----------------------------------------------------------------- summary

  showSummary() {
    const v = this.view;
    const old = document.getElementById("summary");
    if (old) old.remove();
    const order = v.ranking ? v.ranking.map(s => v.seats[s]) : [...v.seats].sort((a, b) => b.score - a.score);
    const dlg = h("div", { id: "summary", class: "modal", role: "dialog", "aria-label": _("Final scores") },
      h("div", { class: "modal-body" },
        h("h2", {}, _("Final scores")),
        h("table", { class: "scores" },
          h("tr", {}, h("th", {}, ""), h("th", {}, _("player")), h("th", {}, _("score")), h("th", {}, _("final scoring"))),
          order.map(s => h("tr", { class: v.winners.includes(s.seat) ? "winner" : "" },
            h("td", { class: "medal" }, v.winners.includes(s.seat) ? "★" : ""),
            h("td", {}, B.seatBadge(s.seat, 14), ` ${seatName(s)}`),
            h("td", { class: "num" }, String(s.score)),
            h("td", { class: "num" }, v.final_points ? `+${finalPoints(v, s.seat)}` : "")))),
        finalBreakdown(v, s => this.seatName(s), this.clocks.ended(v)),
        h("h3", {}, _("Scores over the game")),
        scoreChart(v),
        h("div", { class: "buttons" },
          h("a", { class: "button", href: `/replay/${this.id}` }, _("Replay it")),
          h("a", { class: "button", href: "#", onclick: e => this.download(e) }, _("Download")),
          h("a", { class: "button primary", href: "/" }, _("New game")),
          h("button", { onclick: () => dlg.remove() }, _("Close")))));
    document.body.appendChild(dlg);
  }
}

// the follow button's picture: a frame's corners round a point
function followIcon() {
  return B.el("svg", { viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true", class: "icon" }, [
    B.el("path", { d: "M2,7 V2 H7 M13,2 H18 V7 M18,13 V18 H13 M7,18 H2 V13", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    B.el("circle", { cx: 10, cy: 10, r: 3, fill: "currentColor" }),
    B.el("circle", { cx: 17, cy: 3, r: 3.2, fill: "#d9432f", stroke: "#fff", "stroke-width": 1.2, class: "behind-dot", visibility: "hidden" })]);
}

// an extra that must never stop the page (an animation): its failure is said in the console
function quietly(f) {
  try { return f(); } catch (e) { console.error(e); return null; }
}

// what final scoring added for a seat (a number, or a breakdown with its total)
function finalPoints(v, seat) {
  const p = v.final_points[seat];
  return typeof p === "number" ? p : p.total;
}

// Final scoring, seat by seat and part by part, from the view's final scoring events.
function finalBreakdown(v, name, clockEnd) {
  const game = Games.get(v.game);
  if (!v.final_scoring) return v.ended ? h("p", { class: "muted", id: "final-breakdown" }, clockEnd || W.finalEnded(name(v.ended.seat))) : null;
  const seats = v.seats.map(s => {
    const mine = v.final_scoring.filter(e => e.seat === s.seat);
    const total = mine.reduce((a, e) => a + e.points, 0);
    const parts = mine.map(e => game.finalItem ? game.finalItem(e, v)
      : h("li", {}, h("span", { class: "points" }, W.points(e.points)), " ", Words.finalPart(v, e)));
    return h("li", { dataset: { seat: s.seat } },
      h("span", { class: "swatch", style: `background:${B.SEAT_COLOURS[s.seat]}` }), " ",
      h("strong", {}, `${seatName(s)} ${W.points(total)}`),
      parts.length ? h("ul", { class: "final-features" }, parts) : h("span", { class: "muted" }, ` · ${W.finalNone()}`));
  });
  return h("div", { id: "final-breakdown" }, h("h3", {}, W.finalTitle()), h("ul", { class: "final-seats" }, seats));
}

// A line chart of the scores after every turn (SVG, no library needed for five lines).
function scoreChart(v) {
  const hist = v.score_history;
  const W = 520, H = 250, L = 36, R = 10, T = 22, Bm = 28;
  const maxS = Math.max(10, ...hist.flatMap(e => e.scores));
  const n = Math.max(1, hist.length - 1);
  const X = i => L + (W - L - R) * i / n, Y = s => T + (H - T - Bm) * (1 - s / maxS);
  const svg = B.el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", id: "score-chart", role: "img", "aria-label": _("Scores over the game") });
  const step = Math.pow(10, Math.floor(Math.log10(maxS))) / (maxS / Math.pow(10, Math.floor(Math.log10(maxS))) < 3 ? 2 : 1);
  for (let s = 0; s <= maxS; s += step) {
    svg.appendChild(B.el("line", { x1: L, x2: W - R, y1: Y(s), y2: Y(s), class: "grid" }));
    svg.appendChild(B.text(L - 6, Y(s), String(Math.round(s)), { class: "axis", "text-anchor": "end" }));
  }
  svg.appendChild(B.text((L + W - R) / 2, H - 8, _("turns (the last point adds final scoring)"), { class: "axis" }));
  v.seats.forEach(s => {
    const pts = hist.map((e, i) => `${X(i)},${Y(e.scores[s.seat])}`).join(" ");
    svg.appendChild(B.el("polyline", { points: pts, class: "series", stroke: B.SEAT_COLOURS[s.seat], "data-seat": s.seat,
      "stroke-dasharray": B.SEAT_DASHES[s.seat % B.SEAT_DASHES.length] }));
    const lastE = hist[hist.length - 1];
    svg.appendChild(B.el("path", { d: B.shapePath(s.seat, X(hist.length - 1), Y(lastE.scores[s.seat]), 5), class: "series-mark", fill: B.SEAT_COLOURS[s.seat] }));
    svg.appendChild(B.text(X(hist.length - 1) - 4, Y(lastE.scores[s.seat]) - 8, seatName(s), { class: "series-label", fill: B.SEAT_COLOURS[s.seat], "text-anchor": "end" }));
  });
  return svg;
}

// the page, once drawn (the browser tests read it)
export let page = null;

window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  page = new GamePage(document.getElementById("app"));
}));
