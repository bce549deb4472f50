// @ts-check
// Your games (/games): the games this person holds a seat in, those where it is their turn
// first, the nearest deadline first, each with its time control and the time left of the
// clock that runs. Logged in: the account's games (GET /api/me/games); and, logged in or not,
// the games of the join links this browser holds (their tokens, kept in localStorage by the
// lobby and the game page, looked up together: POST /api/games/held). The lists are asked for
// again every 20 s; the time left counts down in between.

import * as A from "./accounts.js";
import * as T from "./clocktext.js";
import * as Games from "./games.js";
import * as I18n from "./i18n.js";
import { api, h, toast, Tokens, seatName } from "./common.js";
import { _, ngettext } from "./i18n.js";
import { SEAT_COLOURS as COLOURS } from "./art.js";

const REFRESH_MS = 20000;
const PREFIX = "savanna:game:";

// the (game id, token) pairs this browser holds, as many as the server looks up at once
function heldPairs(limit = 50) {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      const id = key.slice(PREFIX.length), token = Tokens.get(id).token;
      if (token) out.push({ id, token });
    }
  } catch (e) { /* no storage: no held seats */ }
  return { pairs: out.slice(0, limit), more: Math.max(0, out.length - limit) };
}

// the account's lists and the browser's, one entry a game (the seats of both together)
function merge(...lists) {
  const byId = new Map();
  for (const l of lists) {
    for (const g of l || []) {
      const had = byId.get(g.id);
      if (had) had.my_seats = [...new Set([...had.my_seats, ...g.my_seats])].sort();
      else byId.set(g.id, { ...g, my_seats: [...(g.my_seats || [g.seat])] });
    }
  }
  return [...byId.values()];
}

// a game's deadline as epoch ms (null: none)
const due = g => (g.clock && g.clock.deadline && g.status === "playing" ? Date.parse(g.clock.deadline) : null);

class MinePage {
  constructor(root) {
    this.root = root;
    /** @type {any} */
    this.catalogue = null; // GET /api/catalogue (load)
    this.load();
  }

  async load() {
    try { [this.account, this.catalogue] = await Promise.all([A.me().catch(() => null), Games.catalogue()]); }
    catch (e) { toast(_("The server did not answer: {reason}", { reason: e.message })); return; }
    this.titles = Object.fromEntries(this.catalogue.games.map(g => [g.game, _(g.name)]));
    this.main = h("main", { class: "account-main", id: "mine" });
    this.root.replaceChildren(A.header(_("Your games"), this.account), this.main);
    document.title = `savanna · ${_("Your games")}`;
    await this.refresh();
    setInterval(() => this.refresh(), REFRESH_MS);
    setInterval(() => this.tick(), 1000);
  }

  async refresh() {
    const held = heldPairs();
    const asks = [this.account ? api("/api/me/games") : null, held.pairs.length ? api("/api/games/held", { json: { games: held.pairs } }) : null];
    let mine, browser;
    try { [mine, browser] = await Promise.all(asks); }
    catch (e) { this.failed(e); return; }
    mine = mine || {}; browser = browser || {};
    const toMove = new Set([...(mine.to_move || []), ...(browser.to_move || [])].map(g => g.id));
    const playing = merge(mine.playing, browser.playing);
    const over = merge(mine.over, browser.over).slice(0, 20);
    const first = playing.filter(g => toMove.has(g.id))
      .sort((a, b) => (due(a) ?? Infinity) - (due(b) ?? Infinity) || Date.parse(b.updated) - Date.parse(a.updated));
    const others = playing.filter(g => !toMove.has(g.id));
    this.main.replaceChildren(...[
      h("section", { class: "card" + (first.length ? " highlight" : ""), id: "to-move" }, h("h1", {}, _("Your turn")),
        first.length ? h("ul", { class: "games" }, first.map(g => this.row(g, true))) : h("p", { class: "muted", id: "none-to-move" }, _("No game waits for your move."))),
      h("section", { class: "card", id: "waiting" }, h("h2", {}, _("Waiting for the others")),
        others.length ? h("ul", { class: "games" }, others.map(g => this.row(g, false))) : h("p", { class: "muted" }, _("None."))),
      over.length ? h("section", { class: "card", id: "finished" }, h("h2", {}, _("Finished")),
        h("ul", { class: "games" }, over.map(g => this.row(g, false)))) : null,
      h("p", { class: "muted small", id: "mine-note" }, this.account
        ? _("Your account's games, and those of the join links opened in this browser.")
        : _("The games of the join links opened in this browser. Log in to have your games on any device."),
      held.more ? " " + ngettext("{n} more link is not looked up.", "{n} more links are not looked up.", held.more) : "")]
      .filter(Boolean));
    this.tick();
  }

  failed(e) {
    if (e.status === 401) { this.account = null; this.refresh(); return; } // the session ended meanwhile
    toast(e.code === "rate_limited" ? _("Too many look-ups: the list comes again in a moment.") : _("The server did not answer: {reason}", { reason: e.message }));
  }

  row(g, mineNow) {
    const mine = new Set(g.my_seats);
    const c = g.clock;
    const live = g.status === "playing" && c && c.deadline;
    return h("li", { class: "game-item" + (mineNow ? " to-move" : ""), dataset: { id: g.id, game: g.game } },
      h("span", { class: "game-tag" }, this.titles[g.game] || g.game),
      g.rated ? h("span", { class: "badge rated" }, _("rated")) : null,
      c && c.control ? h("span", { class: "badge clock-badge", title: T.words(c.control) }, T.short(c.control)) : null,
      h("span", { class: "players" }, g.seats.map(s => h("span", { class: "who" },
        h("span", { class: "swatch", style: `background:${COLOURS[s.seat]}` }), ` ${seatName(s)}` + (mine.has(s.seat) ? " (" + _("you") + ")" : "")))),
      mineNow ? h("strong", { class: "your-turn" }, _("your turn")) : null,
      live ? h("span", { class: "deadline", dataset: { deadline: c.deadline, kind: c.control.days ? "correspondence" : "realtime" } },
        c.control.days ? _("by {deadline}", { deadline: T.when(c.deadline) }) + " · " : "",
        h("span", { class: "time-left" })) : null,
      g.status === "over" ? h("span", { class: "muted small" }, A.when(g.updated)) : null,
      h("span", { class: "actions" }, h("a", { href: g.status === "over" ? `/replay/${g.id}` : `/play/${g.id}`, class: "play" },
        g.status === "over" ? _("replay") : mineNow ? _("play") : _("open"))));
  }

  // the time left of each running clock, now
  tick() {
    for (const el of this.root.querySelectorAll(".deadline")) {
      const left = (Date.parse(el.dataset.deadline) - Date.now()) / 1000;
      const text = el.dataset.kind === "correspondence" ? T.span(left) : T.clock(left);
      el.querySelector(".time-left").textContent = _("{time} left", { time: text });
      el.classList.toggle("late", left <= 0);
    }
  }
}

// the page, once drawn (the browser tests read it)
export let minePage = null;

window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  minePage = new MinePage(document.getElementById("app"));
}));
