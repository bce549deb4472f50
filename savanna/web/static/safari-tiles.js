// @ts-check
// Carcassonne Safari's tile gallery: every tile type of a tile set drawn by the board's own
// code (safari-board.js), at its four rotations, and the start tile as the board shows it.
// The layouts come from the server (GET /api/tiles, the engine's tile_layout), so
// any set draws: ?set=VERSION for another packaged one, or a user's own JSON file.

import * as Board from "./board.js";
import * as I18n from "./i18n.js";
import * as Games from "./games.js";
import { api, h, toast, errorText } from "./common.js";
import { _, ngettext } from "./i18n.js";

/** @type {any} */
let B = Board; // with the game's board once its files are here (main)
// the tile set shown (the browser tests read it)
export let gallery = null;
let name = s => s; // a feature's name in the page's language (the game's words, likewise)
const ROTATIONS = [0, 90, 180, 270];

// with a meeple on every feature, where the board puts one (seat colours by feature)
let withMeeples = new URLSearchParams(location.search).has("meeples");
const dressed = layout => withMeeples ? { ...layout, features: layout.features.map((f, i) => ({ ...f, meeples: [i % 5] })) } : layout;

function tileSvg(layout, attrs) {
  const svg = B.el("svg", { viewBox: "-3 -3 106 106", class: "gallery-tile", ...attrs });
  svg.appendChild(B.drawTile(dressed(layout)));
  svg.appendChild(B.el("title", {}, [document.createTextNode(B.describeTile({ ...layout, x: "", y: "" }).split("\n").slice(1).join("\n"))]));
  return svg;
}

// The start tile's cells as a board: drawBoard, as in a game at move 0.
function startSvg(cells) {
  const svg = B.el("svg", { class: "gallery-start", id: "start-tile" });
  const layer = B.el("g");
  svg.appendChild(layer);
  const b = B.drawBoard(layer, { board: cells.map(dressed), watering_holes: [], rangers: [], empty_spaces: [] });
  const pad = 6;
  svg.setAttribute("viewBox", `${b.minX * B.S - pad} ${b.minY * B.S - pad} ${(b.maxX - b.minX + 1) * B.S + 2 * pad} ${(b.maxY - b.minY + 1) * B.S + 2 * pad}`);
  svg.style.width = `${(b.maxX - b.minX + 1) * 150}px`;
  return svg;
}

function render(root, data, source) {
  root.innerHTML = "";
  const groups = [];
  for (let i = 0; i < data.types.length; i += 11) groups.push(data.types.slice(i, i + 11));
  root.append(
    h("header", { class: "bar" }, h("a", { class: "brand", href: "/" }, "savanna"), h("span", {}, _("Tiles")), h("span", { class: "spacer" }),
      h("a", { href: "/tiles" }, "real-1"), h("a", { href: "/tiles?set=reconstruction-1" }, "reconstruction-1"),
      h("label", { title: _("a meeple on every feature, where the board puts one") },
        h("input", { type: "checkbox", id: "show-meeples", checked: withMeeples, onchange: e => { withMeeples = e.target.checked; render(root, data, source); } }), " " + _("meeples")),
      h("label", { class: "button", title: _("a tile set in the {format} format", { format: "safari-tiles/1" }) }, _("Your own set…"),
        h("input", { type: "file", accept: ".json,application/json", hidden: true, onchange: e => loadFile(root, e.target.files[0]) })),
      I18n.switcher()),
    h("main", { class: "gallery" },
      h("h1", {}, data.version ? _("Tile set {version}", { version: data.version }) : _("Tile set (no version)"),
        h("span", { class: "muted" }, " · " + (source === "packaged" ? _("packaged") : source))),
      h("p", { class: "muted small" }, ngettext("{n} tile type, at 0°, 90°, 180° and 270° (turned clockwise), with the animals of its first copy; drawn by the game board's own code. Hover a tile for its features.",
        "{n} tile types, each at 0°, 90°, 180° and 270° (turned clockwise), with the animals of its first copy; drawn by the game board's own code. Hover a tile for its features.", data.types.length)),
      h("section", { class: "card gallery-group", id: "group-start" }, h("h2", {}, _("Start tile")),
        h("div", { class: "start-row" }, startSvg(data.start),
          h("ul", { class: "small muted" }, data.start.map(c => h("li", {}, `${c.x},${c.y} ${c.edges}: ` + c.features.map(f => `${name(f.kind)} ${f.sides}${f.animals ? " " + f.animals : ""}`).join("; ")))))),
      groups.map((g, k) => h("section", { class: "card gallery-group", id: `group-${k + 1}` },
        h("h2", {}, `${g[0].id} – ${g[g.length - 1].id}`),
        h("div", { class: "type-grid" }, g.map(t => h("div", { class: "type", dataset: { type: t.id } },
          h("div", { class: "type-label" }, h("strong", {}, t.id), ` ${t.edges} ×${t.count}`,
            h("div", { class: "muted small" }, t.layouts[0].features.map(f => name(f.kind) + (f.sides ? " " + f.sides : "") + (f.birds ? " (" + ngettext("{n} bird", "{n} birds", f.birds) + ")" : "")).join(" · "))),
          h("div", { class: "rotations" }, t.layouts.map((lay, r) => h("figure", {},
            tileSvg(lay, { "data-type": t.id, "data-rotation": ROTATIONS[r], "aria-label": _("{id} at {r}°", { id: t.id, r: ROTATIONS[r] }) }),
            h("figcaption", {}, `${t.id} ${ROTATIONS[r]}°`)))))))))));
  gallery = data;
  document.body.dataset.ready = "yes";
}

async function loadFile(root, file) {
  if (!file) return;
  try {
    const data = await api("/api/tiles", { json: await file.text() });
    render(root, data, file.name);
  } catch (e) { toast(_("That tile set does not load: {reason}", { reason: e.message })); }
}

async function main() {
  const root = document.getElementById("app");
  const set = new URLSearchParams(location.search).get("set") || "real-1";
  await I18n.ready;
  try {
    const safari = await Games.load("safari"); // the board, the words and the styles of the game
    B = { ...B, ...safari.board };
    name = safari.words.name;
  } catch (e) { root.textContent = _("No tiles: {reason}", { reason: e.message }); document.body.dataset.ready = "error"; return; }
  document.title = "savanna · " + _("Tiles");
  try { render(root, await api(`/api/tiles?set=${encodeURIComponent(set)}`), "packaged"); }
  catch (e) { root.textContent = _("No tiles: {reason}", { reason: errorText(e) }); document.body.dataset.ready = "error"; }
}

main();
