// @ts-check
// The game page on a narrow screen (a phone, a tablet upright): the board takes the
// whole width and the side panel becomes a sheet below it, in tabs (Play: the turn's
// tile, choices and seats; Moves: the log; Game: the rest). On a wide screen the tabs
// hide and every panel shows, as before. The header's buttons fold into a menu.
// The page's panels are found by id; a panel this does not know goes to the Game tab.
// On a narrow screen the board's zoom buttons leave the board for the tabs' row (nothing they
// could cover on the board), and when the person must act in the panel (a scoring choice) the
// board gives up the height the status and the choice's buttons need to show without scrolling.

import { h } from "./common.js";
import { _, N_ } from "./i18n.js";

const TABS = [["play", N_("Play")], ["moves", N_("Moves")], ["game", N_("Game")]];
const NARROW = "(max-width: 820px)"; // as style.css's phones and tablets upright
const BOARD_MIN_PX = 200; // the least the board keeps when the panel's choices need the room
const WHERE = { drawn: "play", choices: "play", "replay-controls": "play", seats: "play", "play-controls": "play", coach: "play", log: "moves", info: "game", legend: "game", invite: "game" };

function tabOf(node) {
  if (node.id === "status") return null; // always shown, above the tabs
  if (WHERE[node.id]) return WHERE[node.id];
  for (const [id, tab] of Object.entries(WHERE)) if (node.querySelector && node.querySelector(`#${id}`)) return tab;
  return "game";
}

// aside: the side panel; header: the page's bar (everything after #conn folds into a menu);
// zoom: the board's zoom buttons (beside the tabs on a narrow screen); page: the game page (its view's moves)
function arrange(aside, header, zoom = null, page = null) {
  aside.classList.add("sheet");
  const list = h("div", { class: "tabs", role: "tablist", "aria-label": _("panels") });
  const buttons = TABS.map(([id, label]) => h("button", {
    class: "tab", role: "tab", id: `tab-${id}`, dataset: { tab: id },
    onclick: () => show(id), onkeydown: e => {
      const i = TABS.findIndex(t => t[0] === id), d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (d) { e.preventDefault(); const next = TABS[(i + d + TABS.length) % TABS.length][0]; show(next); document.getElementById(`tab-${next}`).focus(); }
    } }, _(label)));
  list.append(...buttons);
  const row = h("div", { class: "sheet-bar" }, list);
  const status = aside.querySelector("#status");
  (status ? status.after.bind(status) : aside.prepend.bind(aside))(row);
  const place = () => { for (const node of aside.children) if (node !== row && node.id !== "status" && !node.dataset.tab) node.dataset.tab = tabOf(node); };
  place();
  new MutationObserver(place).observe(aside, { childList: true }); // panels added later find their tab too
  function show(id) {
    aside.dataset.tabShown = id;
    for (const b of buttons) {
      const on = b.dataset.tab === id;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.tabIndex = on ? 0 : -1;
    }
  }
  show("play");
  if (header) foldMenu(header);
  const narrow = window.matchMedia(NARROW);
  if (zoom) {
    const home = zoom.parentNode;
    const put = () => { if (narrow.matches) row.appendChild(zoom); else home.appendChild(zoom); };
    put();
    narrow.addEventListener("change", put);
  }
  keepInView(aside, narrow, show, page);
  return { show };
}

// The panel's controls a person must reach to act now: the status, and where the board offers
// nothing to choose (a scoring choice, an exchange), the panel's choices.
function mustSee(aside) {
  const out = [aside.querySelector("#status")];
  if (!document.querySelector("svg#board [data-choice]")) {
    out.push(...aside.querySelectorAll("#choices button[data-action], #choices .menu-choice, #drawn button[data-action], #takeback-request button"));
  }
  return out.filter(e => e && e.getClientRects().length);
}

// On a narrow screen, when it is the person's turn: the panel scrolled to its top when the turn
// comes and after each of their moves (the Play tab shown if the choice is in it), and the board as much shorter as the status
// and the panel's choices need to be on the screen. Otherwise the board's height is style.css's.
function keepInView(aside, narrow, show, page) {
  const wrap = aside.parentNode && aside.parentNode.querySelector(".board-wrap");
  if (!wrap) return;
  let mine = false, moves = null, queued = false;
  const run = () => {
    queued = false;
    const now = document.body.dataset.myTurn === "yes";
    const at = page && page.view ? page.view.moves : null; // a hotseat's turns follow each other
    const came = now && (!mine || at !== moves);
    mine = now;
    moves = at;
    wrap.style.height = "";
    if (!narrow.matches || !now) return;
    if (came) {
      if (!document.querySelector("svg#board [data-choice]") && aside.querySelector("#choices [data-action]")) show("play");
      aside.scrollTop = 0;
    }
    const must = mustSee(aside);
    if (!must.length) return;
    const top = aside.getBoundingClientRect().top;
    const bottom = Math.max(...must.map(e => e.getBoundingClientRect().bottom - top + aside.scrollTop)) + top;
    const screen = window.visualViewport ? window.visualViewport.height : window.innerHeight;
    const over = bottom + 8 - screen;
    if (over > 0) {
      const height = wrap.getBoundingClientRect().height;
      wrap.style.height = `${Math.round(Math.max(Math.min(BOARD_MIN_PX, height), height - over))}px`;
    }
  };
  const soon = () => { if (!queued) { queued = true; requestAnimationFrame(run); } };
  new MutationObserver(soon).observe(aside, { childList: true, subtree: true });
  new MutationObserver(soon).observe(document.body, { attributes: true, attributeFilter: ["data-my-turn"] });
  window.addEventListener("resize", soon);
  narrow.addEventListener("change", soon);
}

// A hint of how to choose, said for each way of pointing (msgids, N_()): with a mouse (`pointer`),
// a finger (`touch`), the keyboard (`keys`); style.css shows those of the device (a phone: the finger's).
function hint({ pointer, touch, keys = null }, cls = "small") {
  const part = (kind, text) => (text ? [" ", h("span", { class: `hint-${kind}` }, _(text))] : []);
  return h("p", { class: `${cls} hint` }, ...[...part("pointer", pointer), ...part("touch", touch), ...part("keys", keys)].slice(1));
}

function foldMenu(header) {
  const conn = header.querySelector("#conn");
  if (!conn) return;
  const box = h("div", { class: "bar-actions", id: "bar-actions" });
  let n = conn.nextSibling;
  while (n) { const next = n.nextSibling; box.appendChild(n); n = next; }
  const toggle = h("button", { class: "bar-menu", id: "bar-menu", "aria-expanded": "false", "aria-controls": "bar-actions",
    title: _("more"), "aria-label": _("more: links and downloads") }, "☰");
  toggle.addEventListener("click", () => {
    const open = box.classList.toggle("open");
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  });
  box.addEventListener("click", e => { if (e.target.closest("button, a")) { box.classList.remove("open"); toggle.setAttribute("aria-expanded", "false"); } });
  header.append(toggle, box);
}

export { arrange, hint };
