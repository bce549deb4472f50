// Helpers shared by the lobby and the game page.
(() => {
"use strict";

async function api(path, options = {}) {
  const init = { headers: {}, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
    delete init.json;
  }
  const resp = await fetch(path, init);
  let body = null;
  try { body = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) {
    const message = body && body.message ? body.message : `${resp.status} ${resp.statusText}`;
    const err = new Error(message);
    err.code = body && body.code;
    err.status = resp.status;
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
  try { await navigator.clipboard.writeText(s); toast("Link copied", "info"); }
  catch (e) { window.prompt("Copy this link:", s); }
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

window.Savanna = { api, h, toast, copyText, Tokens, applyPatch };
})();
