// @ts-check
// Helpers shared by the lobby and the game page.

import * as I18n from "./i18n.js";
import { _, N_, ngettext } from "./i18n.js";

// The server's errors the pages meet, by code, in the page's language; the server's own
// (English) message for any other code, and as the detail of those that need it.
const ERRORS = {
  illegal_action: N_("That move is not allowed now."),
  not_your_turn: N_("It is not your turn."),
  stale: N_("The game has moved on since: look again and choose."),
  game_over: N_("The game is over."),
  bad_token: N_("This link's seat key is not valid for this game."),
  missing_token: N_("This needs your seat's link (its key is missing)."),
  not_found: N_("There is no such game."),
  unknown_game: N_("There is no such game."),
  conflict: N_("Someone else acted first: try again."),
  nothing_to_take_back: N_("You have no turn to take back yet"),
  not_asked: N_("There is no takeback request to answer."),
  hidden: N_("That is hidden in this game."),
  too_large: N_("That is too large for this server."),
  server_error: N_("The server failed; try again."),
  claimed: N_("This seat is played by the account that claimed it: log in as that account to play it."),
  seat_taken: N_("Another account took that seat first."),
  cannot_claim: N_("This seat cannot be claimed (a shared screen's seats, or a finished game)."),
  no_seat: N_("You hold no seat in this game that can play now."),
  rated_game: N_("Not in a rated game."),
  waiting_for_players: N_("The game waits until every open seat is taken."),
  not_logged_in: N_("You are not logged in, or your session has ended: log in again."),
  mail_off: N_("This server sends no mail."),
  out_of_time: N_("Your time ran out: the move is refused."),
};
const DETAILED = {
  bad_settings: N_("The settings were refused: {detail}"),
  bad_import: N_("The saved game was refused: {detail}"),
  bad_json: N_("That is not a valid saved game: {detail}"),
  bad_request: N_("The request was refused: {detail}"),
  rate_limited: N_("Too many games created from your address: {detail}"),
  bad_step: N_("No such step: {detail}"),
  bad_email: N_("That e-mail address was refused: {detail}"),
  bad_clock: N_("The time control was refused: {detail}"),
};

// the computer levels' names, and a seat's name as shown: the server names a seat its creator
// (or a saved game) gave no name "Player 2", or a computer's "Computer 2 (easy)", said here in
// the page's language
const LEVELS = { easy: N_("easy"), medium: N_("medium"), hard: N_("hard") };
function levelName(level) { return LEVELS[level] ? _(LEVELS[level]) : level; }
function seatName(seat) {
  const name = seat.name || "";
  const m = seat.kind === "computer" && /^Computer (\d+) \(([\w-]+)\)$/.exec(name);
  if (m) return _("Computer {n} ({level})", { n: +m[1], level: levelName(m[2]) });
  const p = /^Player (\d+)$/.exec(name);
  return p ? _("Player {n}", { n: +p[1] }) : name;
}

// A computer player's spec in words: its level's name, or what the player does ("random" is
// "random moves", "greedy" "looks one move ahead", "mcts:time=1" "searches 1 s a move"); a
// spec with other options as written.
function playerWords(spec) {
  const text = (spec || "").trim();
  if (LEVELS[text]) return levelName(text);
  const [name, options = ""] = text.split(/:(.*)/s);
  const opts = Object.fromEntries(options.split(",").filter(Boolean).map(o => o.split("=").map(x => x.trim())));
  const keys = Object.keys(opts);
  if (name === "random" && !keys.length) return _("random moves");
  if (name === "greedy" && !keys.length) return _("looks one move ahead");
  if (name === "mcts" && keys.length === 1 && keys[0] === "time") return _("searches {time} s a move", { time: Number(opts.time) || opts.time });
  if (name === "mcts" && keys.length === 1 && keys[0] === "iterations" && /^\d+$/.test(opts.iterations))
    return ngettext("searches {n} play-out a move", "searches {n} play-outs a move", +opts.iterations);
  return text;
}

// what to say of a refusal {code, message} (a thrown api() error, a WebSocket error message)
function errorText(err) {
  if (I18n.lang === "en" || !err.code) return err.message;
  if (ERRORS[err.code]) return _(ERRORS[err.code]);
  if (DETAILED[err.code]) return _(DETAILED[err.code], { detail: err.message });
  return err.message;
}

/**
 * @param {string} path
 * @param {RequestInit & { json?: any, headers?: Record<string, string> }} [options]
 */
async function api(path, options = {}) {
  /** @type {RequestInit & { json?: any, headers: Record<string, string> }} */
  const init = { headers: {}, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
    delete init.json;
  }
  // a change made with the session cookie carries its CSRF token (edge/accounts.py)
  const csrf = /(?:^|;\s*)savanna_csrf=([^;]*)/.exec(document.cookie);
  if (csrf && (init.method || "GET").toUpperCase() !== "GET") init.headers["X-CSRF-Token"] = decodeURIComponent(csrf[1]);
  const resp = await fetch(path, init);
  let body = null;
  try { body = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) {
    const message = body && body.message ? body.message : `${resp.status} ${resp.statusText}`;
    const err = /** @type {Error & { code?: string, status?: number, line?: number, column?: number, retryAfter?: number | null }} */ (new Error(message));
    err.code = body && body.code;
    err.status = resp.status;
    if (body && Number.isInteger(body.line)) { err.line = body.line; err.column = body.column; } // where a body is not JSON
    const wait = parseInt(resp.headers.get("Retry-After") || "", 10); // seconds (429 rate_limited)
    err.retryAfter = Number.isFinite(wait) && wait >= 0 ? wait : null;
    throw err;
  }
  return body;
}

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return e;
}

function toast(message, kind = "error") {
  let box = document.getElementById("toasts");
  if (!box) { box = h("div", { id: "toasts", role: "status", "aria-live": "polite" }); document.body.appendChild(box); }
  const t = h("div", { class: `toast ${kind}` }, message);
  box.appendChild(t);
  setTimeout(() => t.remove(), kind === "error" ? 6000 : 3500);
}

async function copyText(s) {
  try { await navigator.clipboard.writeText(s); toast(_("Link copied"), "info"); }
  catch (e) { window.prompt(_("Copy this link:"), s); }
}

// A JSON Patch (RFC 6902) of the ops the server sends (add, remove, replace), applied to a
// copy of doc: the page keeps the view before to see what changed. Throws if an op does not fit.
function applyPatch(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    if (op.path === "") { root = op.value; continue; }
    const keys = op.path.split("/").slice(1).map(k => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent = root;
    for (const k of keys) {
      parent = parent !== null && typeof parent === "object" ? parent[k] : undefined;
      if (parent === undefined) throw new Error(`patch: no ${op.path}`);
    }
    if (Array.isArray(parent)) {
      const i = last === "-" ? parent.length : Number(last);
      const end = op.op === "add" ? parent.length : parent.length - 1;
      if (!Number.isInteger(i) || i < 0 || i > end) throw new Error(`patch: no ${op.path}`);
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "replace") parent[i] = op.value;
      else if (op.op === "remove") parent.splice(i, 1);
      else throw new Error(`patch: unknown op ${op.op}`);
    } else if (parent !== null && typeof parent === "object") {
      if (op.op !== "add" && !(last in parent)) throw new Error(`patch: no ${op.path}`);
      if (op.op === "add" || op.op === "replace") parent[last] = op.value;
      else if (op.op === "remove") delete parent[last];
      else throw new Error(`patch: unknown op ${op.op}`);
    } else throw new Error(`patch: no ${op.path}`);
  }
  return root;
}

// Seat tokens this browser holds, per game (a reload or a later visit finds them).
const Tokens = {
  key: id => `savanna:game:${id}`,
  get(id) { try { return JSON.parse(localStorage.getItem(this.key(id))) || {}; } catch (e) { return {}; } },
  set(id, data) { try { localStorage.setItem(this.key(id), JSON.stringify({ ...this.get(id), ...data })); } catch (e) { /* private mode */ } },
};

export { api, h, toast, copyText, Tokens, applyPatch, errorText, seatName, levelName, playerWords };
