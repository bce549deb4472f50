// @ts-check
// The game page's clocks: each seat's in its row, the running one counting down in the browser
// between the server's updates and set again by each. The server keeps the time: the view's
// "clock" gives each seat's remaining seconds as of "at", when the running clock last started
// (the view does not change while nobody acts), and the page counts down from then by this
// machine's clock (or from when the figures came, if this clock puts "at" later: a clock
// behind the server's never shows more time than the server gave). The running
// clock is highlighted, and marked low under the view's threshold (with an optional sound for
// one's own, off unless switched on in this browser); a flag fall, an aborted game and the
// server's absence are said in words, on the page and in the live region. A correspondence
// turn shows its time left and its deadline in the reader's time zone. Replays show the clocks
// as they stood after each step, still.

import * as T from "./clocktext.js";
import { h } from "./common.js";
import { _ } from "./i18n.js";
import { Alerts } from "./alerts.js";

/** @typedef {import("./view-types.js").View} View */

const TICK_MS = 100;
const SOUND_KEY = "savanna:clock-sound";

const sound = {
  on() { try { return localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; } },
  set(on) { try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private mode */ } },
};

class Clocks {
  constructor(page) {
    this.page = page;
    this.clock = null; // the view's "clock"
    this.key = null; // its figures as text: a view whose figures did not change keeps their arrival
    this.arrived = 0; // Date.now() when the figures came
    this.timer = null;
    this.warned = null; // "seat:since" of the last low-time warning (once a turn)
    this.audio = null;
  }

  // A new view (prev: the one before, or null).
  /** @param {View} view */
  update(view) {
    const c = view.clock || null;
    const key = c ? JSON.stringify(c) : null;
    if (key !== this.key) { this.key = key; this.arrived = Date.now(); }
    this.clock = c;
    const ticking = this.ticking(view);
    if (ticking && !this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
    if (!ticking && this.timer) { clearInterval(this.timer); this.timer = null; }
    document.body.dataset.clock = c ? c.kind : "none";
  }

  ticking(view) {
    return !!this.clock && this.page.mode === "play" && view.status === "playing" && this.clock.running !== null
      && this.clock.running !== undefined;
  }

  // seconds the running clock has run since "at" (0 when it does not run here: over, a replay)
  elapsed() {
    const c = this.clock;
    if (!this.timer || !c.at) return 0;
    const since = Date.parse(c.at);
    return Math.max(0, Date.now() - Math.min(since, this.arrived)) / 1000;
  }

  // a seat's seconds left now
  left(seat) {
    const c = this.clock;
    const r = c.remaining[seat] ?? 0;
    return Math.max(0, seat === c.running && !c.first_move ? r - this.elapsed() : r);
  }

  // the first-move window's seconds left now (the running seat's), or null
  windowLeft() {
    const c = this.clock;
    if (!c.first_move || !c.deadline || !c.at) return null;
    return Math.max(0, (Date.parse(c.deadline) - Date.parse(c.at)) / 1000 - this.elapsed());
  }

  // The clock in a seat's row (null for an untimed game): filled, and kept ticking, by tick().
  cell(s) {
    if (!this.clock) return null;
    return h("span", { class: "clock", dataset: { seat: s.seat }, title: T.words(this.clock.control) });
  }

  // The running seat's clock again beside whose turn it is, in the status (always in sight, on
  // a phone too, where the seats' rows are below the tile and the choices); null: none runs (a
  // first-move window is said in words, with its own count): "".
  statusClock() {
    const c = this.clock;
    if (!c || this.page.mode !== "play" || c.running === null || c.running === undefined || c.first_move) return "";
    return h("span", { class: "clock status-clock", id: "status-clock", dataset: { seat: c.running }, title: T.words(c.control) });
  }

  // Every clock on the page, as they stand now.
  tick() {
    const c = this.clock, v = this.page.view;
    if (!c || !v) return;
    const over = v.status !== "playing";
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#seats .clock, #status .clock"))) {
      const seat = +el.dataset.seat;
      const left = this.left(seat);
      const running = !over && seat === c.running;
      const flagged = (c.flagged || []).includes(seat);
      const text = flagged ? _("out of time") : c.kind === "correspondence" ? (running ? T.span(left) : T.words(c.control))
        : T.clock(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("running", running && !c.first_move);
      el.classList.toggle("waiting-first", running && !!c.first_move);
      el.classList.toggle("low", !flagged && running && left <= c.low);
      el.classList.toggle("out", flagged || (running && left <= 0));
      el.setAttribute("aria-label", flagged ? _("out of time") : _("time left: {time}", { time: c.kind === "correspondence" && running ? T.span(left) : text }));
      if (running && !c.first_move && left <= c.low) this.warn(seat, left);
    }
    for (const id of ["first-move-left", "deadline-left"]) {
      const el = document.getElementById(id);
      if (el && !over) el.textContent = this.turnLeftText();
    }
  }

  // the running seat's time to act, as the status says it ("2 d 4 h left"): its first-move
  // window, or its time
  turnLeftText() {
    const c = this.clock;
    const left = c.first_move ? this.windowLeft() ?? 0 : this.left(c.running);
    return _("{time} left", { time: c.kind === "correspondence" ? T.span(left) : T.clock(left) });
  }

  // One's own clock fell low: said once a turn, in the live region, and heard if switched on.
  warn(seat, left) {
    const key = `${seat}:${this.page.view.turn}:${this.page.view.current_player}`;
    if (this.warned === key || !this.page.mySeats.includes(seat) || this.page.mode !== "play") return;
    this.warned = key;
    document.body.dataset.lowWarnings = String(+(document.body.dataset.lowWarnings || 0) + 1);
    this.page.announcer.say(_("Your time is running low: {time} left.", { time: this.clock.kind === "correspondence" ? T.span(left) : T.clock(left) }));
    if (sound.on()) this.beep();
  }

  // three short high notes (alerts.js's tones)
  beep() {
    if (Alerts.tones(this, [[0, 990, 0.1], [0.15, 990, 0.1], [0.3, 990, 0.1]]))
      document.body.dataset.clockBeeps = String(+(document.body.dataset.clockBeeps || 0) + 1);
  }

  // the low-time sound's switch, beside the your-turn alerts' (a timed game, a seat of one's own)
  controls() {
    if (!this.clock || this.clock.kind !== "realtime") return null;
    return h("label", { class: "check small", title: _("a short sound when your clock runs low") },
      h("input", { type: "checkbox", id: "clock-sound-toggle", checked: sound.on(),
        onchange: e => { sound.set(e.target.checked); if (e.target.checked) this.beep(); } }), " " + _("Low-time sound"));
  }

  // What the status says of the clocks while the game is played: the first-move window, a
  // correspondence turn's deadline, the server's last absence.
  notes() {
    const c = this.clock, v = this.page.view;
    if (!c) return [];
    const out = [];
    const name = s => this.page.seatName(s);
    if (v.status === "playing" && c.running !== null && c.running !== undefined) {
      if (c.kind === "correspondence" && c.deadline) {
        out.push(h("div", { id: "deadline-note", class: "clock-note", dataset: { deadline: c.deadline } },
          _("{who} moves by {deadline}", { who: name(c.running), deadline: T.when(c.deadline) }), " · ",
          h("strong", { id: "deadline-left" }, this.turnLeftText())));
      }
      if (c.first_move && c.kind === "correspondence") {
        out.push(h("div", { id: "first-move-note", class: "clock-note" }, _("Without a first move by then, the game is aborted.")));
      } else if (c.first_move) {
        out.push(h("div", { id: "first-move-note", class: "clock-note" },
          this.page.myTurn() ? _("Make your first move, or the game is aborted:")
            : _("{who} must make a first move, or the game is aborted:", { who: name(c.running) }), " ",
          h("strong", { id: "first-move-left" }, this.turnLeftText())));
      }
    }
    if (c.away) out.push(h("div", { id: "away-note", class: "clock-note muted" },
      _("The server was away for {time}; the clocks did not run.", { time: T.span(c.away.seconds) })));
    return out;
  }

  // How a game over by the clock ended, in a sentence (null: it did not).
  /** @param {View} v */
  ended(v) {
    const seat = v.ended ? v.ended.seat : null;
    if (v.ended_by === "aborted") return _("The game was aborted: {who} made no first move in time. It counts for nothing.", { who: this.page.seatName(seat) });
    if (v.ended_by === "time") return _("{who} ran out of time: the game is over.", { who: this.page.seatName(seat) });
    return null;
  }

  // A flag fall since the last view that did not end the game, in words (the end is said as the
  // game's end: ended()), and the server's absence newly credited.
  news(prev, view) {
    const lines = [];
    const away = view.clock && view.clock.away, before = prev && prev.clock && prev.clock.away;
    if (prev && away && (!before || before.to !== away.to))
      lines.push(_("The server was away for {time}; the clocks did not run.", { time: T.span(away.seconds) }));
    const was = new Set(prev && prev.clock ? prev.clock.flagged || [] : []);
    const now = view.clock ? view.clock.flagged || [] : [];
    if (prev) {
      for (const s of now.filter(s => !was.has(s))) {
        if (view.status === "over" && view.ended && view.ended.seat === s) continue; // said as the end
        const seat = view.seats[s];
        lines.push(seat && seat.kind === "computer"
          ? _("{who} ran out of time: a computer player plays the seat on.", { who: this.page.seatName(s) })
          : view.on_time === "skip" && view.status !== "over"
            ? _("{who} ran out of time: the others play on without the seat.", { who: this.page.seatName(s) })
            : _("{who} ran out of time.", { who: this.page.seatName(s) }));
      }
    }
    return lines;
  }

  // a seat whose flag fell (its row says so, not "resigned")
  flagged(seat) { return !!this.clock && (this.clock.flagged || []).includes(seat); }
}

export { Clocks };
