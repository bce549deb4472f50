// @ts-check
// What a screen reader hears on the game page: a polite live region that says, in words,
// each move as it comes and what it scored (in words.js's sentences), the scores, whose
// turn it is when that changes, and the end of the game.

import * as Words from "./words.js";
import { h, seatName } from "./common.js";
import { _, list } from "./i18n.js";

/** @typedef {import("./view-types.js").View} View */

const KEEP = 12; // lines kept in the region (older ones go)

class Announcer {
  constructor(page) {
    this.page = page;
    this.region = h("div", { id: "announce", class: "sr-only", role: "log", "aria-live": "polite", "aria-relevant": "additions" });
    this.heard = []; // every line said (tests and the curious read the game page's announcer.heard)
  }

  say(line) {
    if (!line) return;
    this.heard.push(line);
    this.region.appendChild(h("p", {}, line));
    while (this.region.childNodes.length > KEEP) this.region.firstChild.remove();
  }

  // a new view came (prev: the one before, or null)
  update(prev, view) {
    const page = this.page;
    const name = s => page.seatName(s);
    if (!prev) {
      this.say(view.status === "over" ? this.over(view) : this.turn(view, true));
      return;
    }
    for (const line of page.clocks.news(prev, view)) this.say(line); // a seat's flag fall (clocks.js)
    const since = prev.history.length ? prev.history[prev.history.length - 1].move : 0;
    const fresh = view.history.filter(m => m.move > since);
    if (!fresh.length && view.moves === prev.moves && view.status === prev.status) return; // no move: a spectator came, a seat connected
    for (const m of fresh.slice(-6)) {
      this.say(`${Words.action(view, m, name(m.seat))}.`);
      for (const e of m.scored || []) {
        if (!e.what.startsWith("final")) this.say(`${Words.scored(view, e, name(e.seat))}: ${e.points ? Words.W.points(e.points) : "0"}.`);
      }
    }
    const scored = view.seats.filter(s => prev.seats[s.seat] && s.score !== prev.seats[s.seat].score)
      .map(s => `${name(s.seat)} ${s.score}`);
    if (scored.length) this.say(_("Scores now: {scores}.", { scores: scored.join("; ") }));
    if (view.status === "over" && prev.status !== "over") this.say(this.over(view));
    else if (view.status === "playing" && (view.current_player !== prev.current_player || page.myTurn()))
      this.say(this.turn(view, false)); // another seat's own steps are said as its moves
  }

  /** @param {View} view */
  turn(view, first) {
    const page = this.page;
    if (view.status !== "playing" || view.current_player === null) return null;
    const what = page.ui ? page.ui.phaseText(view) : view.phase;
    if (page.myTurn()) {
      return page.mySeats.length > 1 ? _("Your turn ({who}): {what}.", { who: page.seatName(view.current_player), what })
        : _("Your turn: {what}.", { what });
    }
    return first || page.mode !== "replay" ? _("{who} to play: {what}.", { who: page.seatName(view.current_player), what }) : null;
  }

  /** @param {View} view */
  over(view) {
    const end = this.page.clocks.ended(view); // by the clock (clocks.js): said first
    if (view.ended_by === "aborted") return end;
    const w = view.winners.map(s => this.page.seatName(s));
    const scores = [...view.seats].sort((a, b) => b.score - a.score).map(s => `${seatName(s)} ${s.score}`).join(", ");
    const over = w.length > 1 ? _("Game over: {names} win. Scores: {scores}.", { names: list(w), scores })
      : _("Game over: {who} wins. Scores: {scores}.", { who: w[0], scores });
    return end ? `${end} ${over}` : over;
  }
}

export { Announcer };
