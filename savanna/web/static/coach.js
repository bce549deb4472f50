// @ts-check
// The coach on the game page: a hint in an unrated game (POST /api/games/{id}/hint: the best
// move for the seat to act, drawn on the board, said in words, with the next best and their
// expected margins), and the review of a finished game on its replay (GET /api/games/{id}/review:
// its progress, marks in the moves, the better move beside the one played, the expected margin
// along the game, each seat's summary, and "Find the better move"). The reasons are the
// server's facts and scoring events; each game says them in words (its words' `coach`) and
// draws a move on its board (its UI's `coachMarks`).

import * as B from "./board.js";
import * as I18n from "./i18n.js";
import * as Games from "./games.js";
import * as Savanna from "./common.js";
import * as Words from "./words.js";
import { api, h, errorText } from "./common.js";
import { _, ngettext, N_ } from "./i18n.js";

const POLL_MS = 1500; // how often a running review is asked for again
// a mark's sign in the moves (as chess writes them) and its words for screen readers and titles
const MARKS = { inaccuracy: ["?!", N_("a small loss")], mistake: ["?", N_("a mistake")], blunder: ["??", N_("a blunder")] };
const FOUND = ["mistake", "blunder"]; // what "Find the better move" steps to
const margins = new Intl.NumberFormat(I18n.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "always" });
const CODES = { // the refusals of the coach's routes, in the page's language
  no_hints: N_("Hints are off in rated games."),
  hint_pending: N_("A hint is being prepared for this game already."),
  moved_on: N_("The game moved on before the hint was ready."),
  rate_limited: N_("Too many requests from your address: wait a little."),
  game_not_over: N_("The review comes once the game is over."),
};

// an expected margin in points, signed, with one decimal ("+6.2", "−1.0")
function margin(m) { return margins.format(m).replace("-", "−"); }
function said(e) { return CODES[e.code] ? _(CODES[e.code]) : errorText(e); }
function markWords(mark) { return MARKS[mark] ? _(MARKS[mark][1]) : ""; }

// a mark in a list of moves: its sign, with its words for a screen reader
function markTag(mark) {
  if (!MARKS[mark]) return null;
  return h("span", { class: `review-mark ${mark}`, title: markWords(mark), dataset: { mark } },
    h("span", { "aria-hidden": "true" }, MARKS[mark][0]), h("span", { class: "sr-only" }, ` ${markWords(mark)}`));
}

class Coach {
  constructor(page) {
    this.page = page;
    this.layer = B.el("g", { class: "layer-coach", "aria-hidden": "true" }); // under the choices' marks
    this.box = h("div", { id: "coach", class: "panel", hidden: true });
    this.hint = null; // the last hint, while the position it answers shows
    this.asking = false;
    this.review = null; // the review JSON, once asked for
    this.reviewState = null; // null | "asking" | "gone" (none for this game)
    this.timer = null;
    this.finding = null; // "Find the better move": {seat, list: [entry], at, tried: [action], shown}
    this.chart = null;
  }

  get view() { return this.page.view; }
  words() { const g = Games.get(this.view.game); return (g && g.words && g.words.coach) || null; }

  // a new view was drawn
  update(view) {
    if (this.page.mode === "replay") this.updateReview(view);
    else this.updateHint(view);
    this.draw();
  }

  // ------------------------------------------------------------------- hints

  hintAllowed(v) {
    const mine = this.page.mySeats.filter(s => v.seats[s] && !v.seats[s].resigned);
    return !v.rated && v.status === "playing" && !this.page.closedFor && mine.length > 0;
  }

  updateHint(v) {
    if (this.hint && this.hint.moves !== v.moves) this.hint = null; // the game moved on
    const box = this.box;
    box.replaceChildren();
    if (!this.hintAllowed(v)) { box.hidden = true; return; }
    box.hidden = false;
    const can = this.page.myTurn() && !this.asking;
    const button = h("button", { id: "hint", class: this.asking ? "thinking" : "", disabled: !can, "aria-busy": this.asking ? "true" : "false",
      title: _("The strongest computer player's move for you, and why"), onclick: () => this.askHint() },
    this.asking ? _("Thinking…") : _("Hint"));
    box.append(h("div", { class: "panel-title" }, _("Coach")), h("div", { class: "buttons" }, button));
    if (this.hint) box.append(this.hintText(this.hint));
    else if (!this.page.myTurn()) box.append(h("div", { class: "muted small" }, _("A hint is for your turn.")));
  }

  async askHint() {
    const v = this.view;
    if (this.asking || !this.page.myTurn()) return;
    this.asking = true;
    this.updateHint(v);
    const csrf = (document.cookie.match(/(?:^|; )savanna_csrf=([^;]*)/) || [])[1];
    let out = null;
    try {
      out = await api(`/api/games/${encodeURIComponent(this.page.id)}/hint`, { json: { token: this.page.token, seat: v.current_player, version: v.version },
        headers: csrf ? { "X-CSRF-Token": decodeURIComponent(csrf) } : {} });
    } catch (e) { Savanna.toast(said(e)); }
    this.asking = false;
    if (out && out.moves === this.view.moves) this.hint = out;
    this.updateHint(this.view);
    this.draw();
    if (this.hint) this.page.announcer && this.page.announcer.say && this.page.announcer.say(this.moveText(this.hint.best, this.hint.seat));
  }

  // the hint in words: the best move and why, then the next best with their margins
  hintText(hint) {
    const best = hint.best;
    const others = hint.others || [];
    return h("div", { id: "hint-text", role: "status" },
      h("div", { class: "hint-best" }, h("strong", {}, _("Best: {move}", { move: this.moveName(best) })), " ",
        h("code", { class: "notation" }, [best.action, ...(best.then || [])].join(" "))),
      h("div", { class: "hint-why" }, this.reasons(best, hint.seat)),
      h("div", { class: "hint-margin muted" }, this.marginLine(best)),
      others.length ? h("div", { class: "hint-others" }, h("div", { class: "muted" }, _("Next best:")),
        h("ol", {}, others.map(m => h("li", { dataset: { action: m.action } }, this.moveName(m), " ",
          h("code", { class: "notation" }, m.action), " ", h("span", { class: "margin" }, _("{m} expected", { m: margin(m.margin) })))))) : null,
      h("div", { class: "muted small" }, ngettext("searched {n} play-out", "searched {n} play-outs", hint.iterations || 0)));
  }

  moveName(m) {
    const ui = this.page.ui;
    return ui && ui.words ? ui.words({ action: m.action }, this.view) : m.action;
  }

  // why, in the game's words: what the move and the rest of its turn score and do
  reasons(m, seat) {
    const w = this.words();
    const parts = w ? w.reasons(this.view, m, seat, s => this.page.seatName(s)) : [];
    return parts.length ? parts.join("; ") : _("no points now; it keeps the better chances for later");
  }

  marginLine(m) {
    const now = m.now || 0;
    return (now ? _("{n} now", { n: Words.pts(now) }) + " · " : "")
      + _("expected margin at the end: {m} points", { m: margin(m.margin) });
  }

  moveText(m, seat) { return `${this.moveName(m)}: ${this.reasons(m, seat)}`; }

  // ------------------------------------------------------------------ review

  updateReview(v) {
    const over = v.replay && v.replay.game_status === "over";
    if (!over) { this.box.hidden = true; return; }
    if (!this.review && !this.reviewState) this.loadReview();
    if (this.finding) this.finding.away = this.finding.list[this.finding.at].index !== v.replay.step;
    this.renderReview();
  }

  async loadReview(ask = true) {
    this.reviewState = "asking";
    const url = `/api/games/${encodeURIComponent(this.page.id)}/review`;
    try {
      let r = await api(url);
      if (r.status === "none" && ask) { await api(url, { method: "POST", json: {} }); r = await api(url); }
      this.review = r;
      this.reviewState = null;
    } catch (e) {
      this.reviewState = "gone";
      this.reviewError = said(e);
    }
    if (this.review && ["queued", "running", "none"].includes(this.review.status)) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.loadReview(false), POLL_MS);
    }
    if (this.view) { this.renderReview(); this.page.renderLog(); this.draw(); }
  }

  entries() { return (this.review && this.review.entries) || []; }
  entryAt(index) { return this.entries().find(e => e.index === index) || null; }

  renderReview() {
    const box = this.box, r = this.review, v = this.view;
    box.hidden = false;
    box.replaceChildren(h("div", { class: "panel-title" }, _("Review")));
    if (this.reviewState === "gone") { box.append(h("div", { class: "muted" }, this.reviewError)); return; }
    if (!r) { box.append(h("div", { class: "muted" }, _("Asking for the review…"))); return; }
    const p = r.progress || { done: 0, total: 0 };
    if (r.status !== "done") {
      const text = r.status === "failed" ? _("The review failed.")
        : r.status === "queued" || r.status === "none" ? _("The review is waiting for its turn.")
          : _("Reviewing: {done} of {total} moves judged", { done: p.done, total: p.total });
      box.append(h("div", { id: "review-progress", role: "status" }, h("progress", { max: p.total || 1, value: p.done }), " ", text));
    }
    const entries = this.entries();
    if (!entries.length) return;
    box.append(this.atStep(v), this.findPanel(), this.summaries(r), this.chartOf(r), this.markedList(entries), this.thresholds(r));
  }

  // what the marks mean, in points of expected final margin lost
  thresholds(r) {
    const t = r.thresholds;
    if (!t) return null;
    const text = _("Marks, in points of expected margin lost: {small} from {a}, {mistake} from {b}, {blunder} from {c}.",
      { small: "?!", mistake: "?", blunder: "??", a: t.inaccuracy, b: t.mistake, c: t.blunder });
    return h("p", { id: "review-thresholds", class: "muted small" }, text);
  }

  // the judged move at this step of the replay: what was played, its mark, the better move
  atStep(v) {
    const e = this.entryAt(v.replay.step);
    const out = h("div", { id: "review-step", class: "review-step" });
    if (!e) return out;
    const f = this.finding;
    const hide = f && !f.away && !f.shown; // "Find the better move": the answer waits
    const who = this.page.seatName(e.seat);
    out.append(h("div", {}, markTag(e.mark) || "", " ", _("{who} played {move}", { who, move: this.moveName({ action: e.played }) }), " ",
      h("code", { class: "notation" }, e.played), ` · ${_("{m} expected", { m: margin(e.margin) })}`));
    if (e.mark) out.append(h("div", { class: "muted" }, this.lossText(e)));
    if (!hide && e.best && e.best.action !== e.played) {
      out.append(h("div", { id: "review-better" }, h("strong", {}, _("Better: {move}", { move: this.moveName(e.best) })), " ",
        h("code", { class: "notation" }, [e.best.action, ...(e.best.then || [])].join(" ")), ` · ${_("{m} expected", { m: margin(e.best.margin) })}`));
    } else if (!hide && e.best) out.append(h("div", { class: "muted" }, _("The move played was the best one found.")));
    return out;
  }

  // a judged move's mark and the points it lost, in words
  lossText(e) {
    const mark = markWords(e.mark) || _("no mark");
    return _("{mark}: {n} points lost", { mark, n: margin(-e.loss) });
  }

  // each reviewed seat: moves judged, points lost a turn, the marks, its three worst moves
  summaries(r) {
    const rows = (r.seats || []).filter(Boolean);
    if (!rows.length) return null;
    return h("table", { id: "review-seats", class: "scores small" },
      h("tr", {}, h("th", {}, _("player")), h("th", {}, _("lost a turn")), h("th", {}, _("marks")), h("th", {}, _("worst moves"))),
      rows.map(s => h("tr", { dataset: { seat: s.seat } },
        h("td", {}, B.seatBadge(s.seat, 12), ` ${this.page.seatName(s.seat)}`),
        h("td", { class: "num", title: _("{n} points lost in {turns} turns", { n: s.lost.toFixed(1), turns: s.turns }) }, s.per_turn.toFixed(1)),
        h("td", {}, Object.keys(MARKS).map(k => s.counts[k] ? h("span", { class: "count" }, markTag(k), `×${s.counts[k]} `) : null)),
        h("td", {}, (s.worst || []).map(i => this.entryAt(i)).filter(Boolean).map(e =>
          h("button", { class: "link worst", dataset: { step: e.index }, onclick: () => this.go(e.index),
            title: this.lossText(e) }, _("move {n}", { n: e.index + 1 })))))));
  }

  // every marked move of the game, to go to
  markedList(entries) {
    const marked = entries.filter(e => e.mark);
    if (!marked.length) return h("div", { class: "muted" }, _("No move marked so far."));
    return h("details", { id: "review-marked", open: true }, h("summary", {}, ngettext("{n} marked move", "{n} marked moves", marked.length)),
      h("ol", { class: "log small" }, marked.map(e => h("li", { value: e.index + 1, dataset: { step: e.index, mark: e.mark } },
        h("button", { class: "link", onclick: () => this.go(e.index) }, markTag(e.mark), " ", this.page.seatName(e.seat), ": ",
          h("code", { class: "notation" }, e.played), ` ${margin(-e.loss)}`)))));
  }

  // The expected margin along the game, a line per seat (SVG): each judged move a point,
  // the marked ones ringed; the replay's step a line across; a click goes to a move.
  chartOf(r) {
    const entries = this.entries(), steps = this.view.replay.steps;
    const W = 360, H = 170, L = 42, R = 8, T = 10, Bm = 22;
    const ms = entries.flatMap(e => [e.margin, e.best ? e.best.margin : e.margin]);
    const lo = Math.min(-5, ...ms), hi = Math.max(5, ...ms);
    const X = i => L + (W - L - R) * i / Math.max(1, steps), Y = m => T + (H - T - Bm) * (hi - m) / (hi - lo);
    const svg = B.el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", id: "margin-chart", role: "img",
      "aria-label": _("The expected margin along the game, per seat") });
    svg.appendChild(B.el("line", { x1: L, x2: W - R, y1: Y(0), y2: Y(0), class: "grid zero" }));
    for (const m of [lo, hi]) svg.appendChild(B.text(L - 5, Y(m), margin(m), { class: "axis", "text-anchor": "end" }));
    svg.appendChild(B.text((L + W - R) / 2, H - 7, _("moves; the margin each move played leads to"), { class: "axis" }));
    const seats = [...new Set(entries.map(e => e.seat))];
    for (const s of seats) {
      const mine = entries.filter(e => e.seat === s);
      svg.appendChild(B.el("polyline", { points: mine.map(e => `${X(e.index)},${Y(e.margin)}`).join(" "), class: "series",
        stroke: B.SEAT_COLOURS[s], "data-seat": s, "stroke-dasharray": B.SEAT_DASHES[s % B.SEAT_DASHES.length] }));
      for (const e of mine.filter(q => q.mark)) {
        const dot = B.el("circle", { cx: X(e.index), cy: Y(e.margin), r: e.mark === "blunder" ? 5 : e.mark === "mistake" ? 4 : 3,
          class: `chart-mark ${e.mark}`, fill: B.SEAT_COLOURS[s], "data-step": e.index });
        const title = _("move {n}", { n: e.index + 1 });
        dot.appendChild(B.el("title", {}, [document.createTextNode(`${title}: ${markWords(e.mark)}`)]));
        dot.addEventListener("click", () => this.go(e.index));
        svg.appendChild(dot);
      }
    }
    const step = this.view.replay.step;
    svg.appendChild(B.el("line", { x1: X(step), x2: X(step), y1: T, y2: H - Bm, class: "chart-now" }));
    return svg;
  }

  go(step) { this.page.loadReplay(step); }

  // ----------------------------------------------------- find the better move

  findPanel() {
    const seats = (this.review.seats || []).filter(s => s && FOUND.some(k => s.counts[k]));
    const box = h("div", { id: "find-better", class: "find" });
    const f = this.finding;
    if (!f) {
      if (!seats.length) return box;
      box.append(...seats.map(s => h("button", { class: "find-start", dataset: { seat: s.seat }, onclick: () => this.startFinding(s.seat) },
        seats.length > 1 ? _("Find the better move: {who}", { who: this.page.seatName(s.seat) }) : _("Find the better move"))));
      return box;
    }
    const e = f.list[f.at];
    box.append(h("div", { class: "panel-title" }, _("Find the better move: {n} of {total}", { n: f.at + 1, total: f.list.length })));
    if (f.away) box.append(h("button", { onclick: () => this.go(e.index) }, _("Back to this mistake")));
    else if (!f.shown) box.append(h("div", { class: "muted" }, _("{who} played {move} here: try a better move on the board.", { who: this.page.seatName(e.seat), move: e.played })));
    if (f.said) box.append(h("div", { id: "find-result", role: "status", class: f.found ? "found" : "" }, f.said));
    box.append(h("div", { class: "buttons" },
      !f.shown ? h("button", { id: "find-show", onclick: () => { f.shown = true; this.refresh(); } }, _("Show the answer")) : null,
      f.at > 0 ? h("button", { id: "find-previous", onclick: () => this.findAt(f.at - 1) }, _("Previous")) : null,
      f.at + 1 < f.list.length ? h("button", { id: "find-next", onclick: () => this.findAt(f.at + 1) }, _("Next")) : null,
      h("button", { id: "find-stop", onclick: () => { this.finding = null; this.refresh(); } }, _("Stop"))));
    return box;
  }

  startFinding(seat) {
    const list = this.entries().filter(e => e.seat === seat && FOUND.includes(e.mark));
    if (!list.length) return;
    this.finding = { seat, list, at: 0 };
    this.findAt(0);
  }

  findAt(k) {
    const f = this.finding;
    Object.assign(f, { at: k, tried: [], shown: false, found: false, said: null, away: false });
    this.go(f.list[k].index);
  }

  // whether the board offers the position's moves to try ("Find the better move" at its step)
  trying() {
    const f = this.finding, v = this.view;
    return !!(f && !f.away && !f.shown && v && v.replay && f.list[f.at].index === v.replay.step);
  }

  // a move tried: the better one, or its margin when the review judged it, or neither
  tryMove(action) {
    const f = this.finding, e = f.list[f.at];
    const judged = (e.moves || []).find(m => m.action === action);
    const name = this.moveName({ action });
    if (e.best && action === e.best.action) {
      Object.assign(f, { found: true, shown: true, said: _("Yes: {move} is the better move ({m} expected).", { move: name, m: margin(e.best.margin) }) });
    } else if (action === e.played) {
      f.said = _("That is the move played: try another.");
    } else if (judged) {
      f.said = _("{move}: {m} expected, against {best} for the better move. Try again, or show the answer.",
        { move: name, m: margin(judged.margin), best: margin(e.best.margin) });
    } else {
      f.said = _("{move} was not among the moves judged here. Try again, or show the answer.", { move: name });
    }
    f.tried.push(action);
    this.refresh();
  }

  refresh() { this.page.show(this.view); }

  // the log's moves with their marks (the replay's list of moves)
  markLog(list) {
    if (this.page.mode !== "replay") return;
    for (const li of list.querySelectorAll("li[data-move]")) {
      const e = this.entryAt(+li.dataset.move - 1);
      const tag = e && markTag(e.mark);
      if (tag) { li.dataset.mark = e.mark; li.querySelector(".words").after(" ", tag); }
    }
  }

  // beside a seat's row: the hints it used, for everyone to see
  seatNote(s) {
    const n = (this.view.hints || [])[s.seat] || 0;
    return n ? h("span", { class: "muted hints-used", dataset: { hints: n } }, " · " + ngettext("hints used: {n}", "hints used: {n}", n)) : null;
  }

  // -------------------------------------------------------------- the board

  // the moves to show on the board: the hint's best (and the next best, fainter), or at a
  // reviewed step the move played and the better one
  shown() {
    const v = this.view;
    if (!v) return [];
    if (this.page.mode === "play") {
      if (!this.hint || this.hint.moves !== v.moves) return [];
      return [{ ...this.hint.best, kind: "best" }];
    }
    const e = v.replay && this.entryAt(v.replay.step);
    if (!e) return [];
    const f = this.finding, hide = f && !f.away && !f.shown;
    const out = [{ action: e.played, then: [], kind: "played" }];
    if (!hide && e.best && e.best.action !== e.played) out.push({ ...e.best, kind: "best" });
    return out;
  }

  draw() {
    const layer = this.layer, ui = this.page.ui;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    if (!ui || !ui.coachMarks || !this.view) return;
    const moves = this.shown();
    if (moves.length) layer.appendChild(ui.coachMarks(this.view, moves));
  }
}

// A coach's move's badge on the board, at (x, y): a star for the better move, a dot for the one
// played (the games' coachMarks put it where the move is).
function badge(x, y, kind) {
  return B.el("g", { class: `coach-badge ${kind}` }, [B.el("circle", { cx: x, cy: y, r: 11 }),
    B.text(x, y + 0.5, kind === "best" ? "★" : "●", { class: "coach-badge-sign" })]);
}

export { Coach, margin, badge };
Object.assign(Coach, { margin, badge });
