// The game page on a narrow screen (a phone, a tablet upright): the board takes the
// whole width and the side panel becomes a sheet below it, in tabs (Play: the turn's
// tile, choices and seats; Moves: the log; Game: the rest). On a wide screen the tabs
// hide and every panel shows, as before. The header's buttons fold into a menu.
// The page's panels are found by id; a panel this does not know goes to the Game tab.
(() => {
"use strict";

const { h } = window.Savanna;
const { _, N_ } = window.SavannaI18n;
const TABS = [["play", N_("Play")], ["moves", N_("Moves")], ["game", N_("Game")]];
const WHERE = { drawn: "play", choices: "play", "replay-controls": "play", seats: "play", "play-controls": "play", log: "moves", info: "game", legend: "game", invite: "game" };

function tabOf(node) {
  if (node.id === "status") return null; // always shown, above the tabs
  if (WHERE[node.id]) return WHERE[node.id];
  for (const [id, tab] of Object.entries(WHERE)) if (node.querySelector && node.querySelector(`#${id}`)) return tab;
  return "game";
}

// aside: the side panel; header: the page's bar (everything after #conn folds into a menu)
function arrange(aside, header) {
  aside.classList.add("sheet");
  const list = h("div", { class: "tabs", role: "tablist", "aria-label": _("panels") });
  const buttons = TABS.map(([id, label]) => h("button", {
    class: "tab", role: "tab", id: `tab-${id}`, dataset: { tab: id },
    onclick: () => show(id), onkeydown: e => {
      const i = TABS.findIndex(t => t[0] === id), d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (d) { e.preventDefault(); const next = TABS[(i + d + TABS.length) % TABS.length][0]; show(next); document.getElementById(`tab-${next}`).focus(); }
    } }, _(label)));
  list.append(...buttons);
  const status = aside.querySelector("#status");
  (status ? status.after.bind(status) : aside.prepend.bind(aside))(list);
  const place = () => { for (const node of aside.children) if (node !== list && node.id !== "status" && !node.dataset.tab) node.dataset.tab = tabOf(node); };
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
  return { show };
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

window.SavannaLayout = { arrange };
})();
