// @ts-check
// A player's profile (/players/{name}, from GET /api/players/{name}): each game's rating (the
// number, marked provisional while uncertain, the games it rests on) with its history drawn
// here as an SVG chart (a title and a description for screen readers, and the same points as a
// table), the finished games with their result, rating change and replay, and the games
// waiting for the player's move now.

import * as A from "./accounts.js";
import * as Games from "./games.js";
import * as I18n from "./i18n.js";
import { api, h, toast, seatName } from "./common.js";
import { _, ngettext, number } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(typeof c === "string" ? document.createTextNode(c) : c);
  return e;
}

// round steps for the rating axis: 10, 20, 25, 50, 100 ... points between lines
function step(span) {
  const raw = span / 4, p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  return [1, 2, 2.5, 5, 10].map(m => m * p).find(m => m >= raw) || 10 * p;
}

// The history [{at, rating, game_id}] as a line over the games in order, rating up, from
// `start` (the rating before the first, when known), drawn `width` units wide for a box about
// as many pixels wide (its text stays readable on a phone).
function chart(id, gameTitle, history, start, width) {
  const W = Math.round(Math.max(300, Math.min(640, width))), H = 220, L = 48, R = 12, T = 12, B = 30;
  const from = start === null ? 0 : 1; // the first game's index on the line
  const ratings = [...(start === null ? [] : [start]), ...history.map(p => p.rating)];
  let lo = Math.min(...ratings), hi = Math.max(...ratings);
  if (hi - lo < 40) { const mid = (hi + lo) / 2; lo = mid - 20; hi = mid + 20; }
  const st = step(hi - lo);
  lo = Math.floor(lo / st) * st; hi = Math.ceil(hi / st) * st;
  const x = i => L + (ratings.length === 1 ? (W - L - R) / 2 : i * (W - L - R) / (ratings.length - 1));
  const y = r => T + (hi - r) * (H - T - B) / (hi - lo);
  const first = ratings[0], last = ratings[ratings.length - 1];
  const titleText = _("Rating in {game}", { game: gameTitle });
  const desc = ngettext("{n} rated game: the rating went from {first} to {last}.", "{n} rated games: the rating went from {first} to {last}.",
    history.length, { first: A.rating(first), last: A.rating(last) });
  const grid = [];
  for (let v = lo; v <= hi + 1e-9; v += st) {
    grid.push(s("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
      s("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, A.rating(v)));
  }
  const points = history.map((p, i) => s("circle", { cx: x(i + from), cy: y(p.rating), r: 4, class: "point" },
    s("title", {}, _("after game {n} ({date}): {rating}", { n: i + 1, date: A.when(p.at), rating: A.rating(p.rating) }))));
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", id, role: "img", "aria-labelledby": `${id}-title ${id}-desc`,
    preserveAspectRatio: "xMidYMid meet" },
  s("title", { id: `${id}-title` }, titleText), s("desc", { id: `${id}-desc` }, desc),
  grid,
  s("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "base" }),
  s("text", { x: (L + W - R) / 2, y: H - 8, class: "axis", "text-anchor": "middle" }, _("rated games, in order")),
  ratings.length > 1 ? s("polyline", { points: ratings.map((r, i) => `${x(i)},${y(r)}`).join(" "), class: "line" }) : null,
  start === null ? null : s("circle", { cx: x(0), cy: y(start), r: 3, class: "start" },
    s("title", {}, _("before the first rated game: {rating}", { rating: A.rating(start) }))),
  points);
}

class PlayerPage {
  constructor(root) {
    this.root = root;
    this.name = decodeURIComponent(location.pathname.replace(/^\/players\//, "").replace(/\/$/, ""));
    this.load();
  }

  async load() {
    let account = null, profile, catalogue;
    try { account = await A.me(); } catch (e) { /* the profile shows all the same */ }
    const main = h("main", { class: "account-main" });
    this.root.replaceChildren(A.header(_("Profile"), account), main);
    document.title = `savanna · ${this.name}`;
    try {
      [profile, catalogue] = await Promise.all([api(`/api/players/${encodeURIComponent(this.name)}`), Games.catalogue()]);
    } catch (e) {
      main.append(h("section", { class: "card", id: "no-player" }, h("h1", {}, this.name),
        h("p", { id: "player-error" }, e.status === 404 ? _("There is no player of that name.") : _("The server did not answer: {reason}", { reason: e.message }))));
      return;
    }
    this.titles = Object.fromEntries(catalogue.games.map(g => [g.game, _(g.name)]));
    this.profile = profile;
    this.mine = !!account && account.name.toLowerCase() === profile.name.toLowerCase();
    // the games played first, then the others (a rating nobody has earned yet)
    const games = catalogue.games.map(g => g.game).filter(g => profile.ratings && profile.ratings[g])
      .sort((a, b) => Number(profile.ratings[b].games > 0) - Number(profile.ratings[a].games > 0));
    main.append(...[
      h("section", { class: "card", id: "player-head" }, h("h1", {}, profile.name,
        profile.computer ? h("span", { class: "badge computer", title: _("a computer player") }, _("computer")) : null),
      profile.created && !profile.computer ? h("p", { class: "muted" }, _("Playing here since {date}.", { date: A.when(profile.created) })) : null),
      this.toMoveCard(profile.to_move || []),
      h("div", { class: "ratings" }, games.length ? games.map(g => this.ratingCard(g, profile.ratings[g]))
        : h("section", { class: "card" }, h("p", { class: "muted", id: "no-ratings" }, _("No rated game yet.")))),
      this.gamesCard(profile.games || [])].filter(Boolean));
  }

  ratingCard(game, r) {
    const history = r.history || [];
    const id = `chart-${game}`;
    return h("section", { class: "card rating-card", id: `rating-${game}`, dataset: { game } },
      h("h2", {}, this.titles[game] || game),
      h("p", { class: "rating-line" }, h("span", { class: "rating", dataset: { rating: r.rating } }, A.rating(r.rating)),
        r.provisional ? h("span", { class: "provisional", title: _("provisional: too few games to be sure") }, "?") : null, " ",
        h("span", { class: "muted" }, ngettext("{n} rated game", "{n} rated games", r.games)),
        r.provisional ? h("span", { class: "muted small" }, " · " + _("provisional")) : null),
      h("p", { class: "muted small" }, `μ ${r.mu.toFixed(2)} · σ ${r.sigma.toFixed(2)}`),
      history.length ? chart(id, this.titles[game] || game, history, this.start(history), this.root.clientWidth - 70) : h("p", { class: "muted" }, _("No rated game yet.")),
      history.length ? h("details", { class: "chart-table" }, h("summary", {}, _("The history as a table")),
        h("div", { class: "table-wrap" }, h("table", { class: "data" },
          h("caption", { class: "sr-only" }, _("Rating in {game}", { game: this.titles[game] || game })),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, _("Date")),
            h("th", { scope: "col" }, _("Rating")), h("th", { scope: "col" }, _("Game")))),
          h("tbody", {}, history.map((p, i) => h("tr", {}, h("td", {}, number(i + 1)), h("td", {}, A.when(p.at, true)),
            h("td", {}, A.rating(p.rating)), h("td", {}, p.game_id ? h("a", { href: `/replay/${p.game_id}` }, _("replay")) : "–"))))))) : null);
  }

  // the rating before the first game of a history: that game's rating less what it changed
  start(history) {
    const first = (this.profile.games || []).find(g => g.id === history[0].game_id);
    return first && typeof first.rating_change === "number" ? history[0].rating - first.rating_change : null;
  }

  // a finished game's result for this player: won, or its place among the players
  result(g) {
    return g.rank === 1 ? _("won") : _("place {rank} of {n}", { rank: g.rank, n: g.players });
  }

  // a game's seats, each linked to its player's profile when it has one, this player's marked
  seats(g) {
    return g.seats.map(st => h("span", { class: "who" + (st.seat === g.seat ? " me" : "") },
      st.profile && st.seat !== g.seat ? h("a", { href: A.profilePath(st.profile) }, seatName({ ...st, kind: st.computer ? "computer" : "human" }))
        : seatName({ ...st, kind: st.computer ? "computer" : "human" })));
  }

  gamesCard(list) {
    return h("section", { class: "card", id: "finished" }, h("h2", {}, _("Finished games")),
      list.length ? h("ul", { class: "games" }, list.map(g => {
        const d = g.rating_change;
        return h("li", { class: "game-item", dataset: { game: g.game, id: g.id } },
          h("span", { class: "game-tag" }, this.titles[g.game] || g.game),
          g.rated ? h("span", { class: "badge rated" }, _("rated")) : null,
          h("span", { class: "players" }, this.seats(g)),
          h("span", { class: "result" }, this.result(g) + " · " + ngettext("{n} point", "{n} points", g.points)),
          typeof d === "number" ? h("span", { class: `change ${d >= 0 ? "up" : "down"}`, title: _("rating after it: {rating}", { rating: A.rating(g.rating) }) },
            (d > 0 ? "+" : d < 0 ? "−" : "±") + A.rating(Math.abs(d))) : null,
          h("span", { class: "muted small" }, A.when(g.ended)),
          h("span", { class: "actions" }, h("a", { href: g.replay || `/replay/${g.id}`, class: "replay" }, _("replay"))));
      })) : h("p", { class: "muted" }, _("None yet.")));
  }

  toMoveCard(list) {
    if (!list.length) return null;
    return h("section", { class: "card highlight", id: "to-move" },
      h("h2", {}, this.mine ? _("Your turn now") : _("Waiting for {name}'s move", { name: this.profile.name })),
      h("ul", { class: "games" }, list.map(g => h("li", { class: "game-item", dataset: { id: g.id } },
        h("span", { class: "game-tag" }, this.titles[g.game] || g.game),
        h("span", { class: "muted" }, ngettext("{n} player", "{n} players", g.players) + " · " + ngettext("{n} move", "{n} moves", g.moves)),
        h("span", { class: "actions" }, h("a", { href: g.play || `/play/${g.id}` }, this.mine ? _("play") : _("watch")))))));
  }
}

// the page, once drawn (the browser tests read it)
export let playerPage = null;

if (location.pathname.startsWith("/players/")) window.addEventListener("DOMContentLoaded", () => I18n.ready.then(() => {
  playerPage = new PlayerPage(document.getElementById("app"));
}).catch(e => toast(e.message)));
