// @ts-check
// A game's leaderboard (/leaderboard?game=..., from GET /api/leaderboard): the rated accounts
// with at least a few rated games, best first, computer players marked; a switch between the
// games (each a link, so the board's address names its game).

import * as A from "./accounts.js";
import * as Games from "./games.js";
import * as I18n from "./i18n.js";
import { api, h, toast } from "./common.js";
import { _, ngettext, number } from "./i18n.js";

class Leaderboard {
  constructor(root) { this.root = root; this.load(); }

  async load() {
    let account = null, catalogue, board;
    try { account = await A.me(); } catch (e) { /* the board shows all the same */ }
    const main = h("main", { class: "account-main" });
    this.root.replaceChildren(A.header(_("Leaderboards"), account), main);
    try { catalogue = await Games.catalogue(); } catch (e) { toast(_("The server did not answer: {reason}", { reason: e.message })); return; }
    const asked = new URLSearchParams(location.search).get("game");
    const game = catalogue.games.some(g => g.game === asked) ? asked : catalogue.default;
    const title = _(catalogue.games.find(g => g.game === game).name);
    document.title = `savanna · ${_("Leaderboard")} · ${title}`;
    main.append(h("nav", { class: "game-switch", "aria-label": _("Games") }, catalogue.games.map(g =>
      h("a", { href: `/leaderboard?game=${encodeURIComponent(g.game)}`, class: "button" + (g.game === game ? " primary" : ""),
        "aria-current": g.game === game ? "page" : null, dataset: { game: g.game } }, _(g.name)))));
    const card = h("section", { class: "card", id: "leaderboard", dataset: { game } }, h("h1", {}, _("Leaderboard: {game}", { game: title })));
    main.append(card);
    try { board = await api(`/api/leaderboard?game=${encodeURIComponent(game)}`); }
    catch (e) { card.append(h("p", { class: "form-error" }, _("The server did not answer: {reason}", { reason: e.message }))); return; }
    card.append(h("p", { class: "muted small", id: "board-note" }, ngettext("People with at least {n} rated game, one of them in the last {days} days, and the computer players; a ? marks a provisional rating.",
      "People with at least {n} rated games, one of them in the last {days} days, and the computer players; a ? marks a provisional rating.", board.min_games, { days: board.active_days ?? 90 })));
    if (!board.players.length) { card.append(h("p", { class: "muted", id: "empty" }, _("Nobody yet: play a rated game."))); return; }
    const me = account && account.name.toLowerCase();
    card.append(h("div", { class: "table-wrap" }, h("table", { class: "data board" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, _("Player")),
        h("th", { scope: "col", class: "num" }, _("Rating")), h("th", { scope: "col", class: "num" }, _("Games")))),
      h("tbody", {}, board.players.map(p => h("tr", { dataset: { name: p.name }, class: [p.computer ? "computer" : "", p.name.toLowerCase() === me ? "me" : ""].join(" ").trim() || null },
        h("td", {}, number(p.rank)),
        h("th", { scope: "row" }, h("a", { href: A.profilePath(p.name) }, p.name),
          p.computer ? h("span", { class: "badge computer", title: _("a computer player") }, _("computer")) : null),
        h("td", { class: "num" }, A.rating(p.rating), p.provisional ? h("span", { class: "provisional", title: _("provisional: too few games to be sure") }, "?") : null),
        h("td", { class: "num" }, number(p.games))))))));
  }
}

// the page, once drawn (the browser tests read it)
export let leaderboard = null;

if (location.pathname === "/leaderboard") window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  leaderboard = new Leaderboard(document.getElementById("app"));
}));
