// @ts-check
// The pictures of the pages, drawn once as SVG <symbol>s and patterns in a hidden sprite
// (no image files, no inline script: the scripts build them) and <use>d by the boards, the
// panels and the galleries. A game's own pictures come from its scripts (`register`); this
// file holds the seats' colours with a shape each (circle, square, triangle, diamond,
// cross), so that a seat is told apart without its colour.

const SVGNS = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#d7263d", "#1f6fd1", "#7b3fb3", "#f08a00", "#0b9a8d"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "cross"];

function el(name, attrs = {}, children = []) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

const SPRITE_ID = "savanna-art";
const SYMBOLS = new Set(); // the pictures registered, by name
const ALIASES = {}; // a key that names a picture otherwise: "A" -> "ape", "gold" -> "nugget"
const pending = { defs: [], symbols: [] }; // markup registered, not yet in the sprite

// Pictures for the sprite: `symbols` {name: markup} drawn in a `box` (their viewBox),
// `defs` markup (patterns, clip paths, in the units of the board that uses them), and
// `aliases` {key: picture name}.
function register({ symbols = {}, box = "0 0 40 40", defs = "", aliases = {} }) {
  for (const [name, body] of Object.entries(symbols)) {
    SYMBOLS.add(name);
    pending.symbols.push(`<symbol id="art-${name}" viewBox="${box}">${body}</symbol>`);
  }
  if (defs) pending.defs.push(defs);
  Object.assign(ALIASES, aliases);
  if (document.getElementById(SPRITE_ID)) ensure();
}

// The sprite, once per document (kept out of sight, not display:none: patterns in a
// display:none SVG do not paint), holding every picture registered so far.
function ensure() {
  let svg = document.getElementById(SPRITE_ID);
  if (!svg) {
    svg = el("svg", { id: SPRITE_ID, width: 0, height: 0, "aria-hidden": "true", focusable: "false",
      style: "position:absolute;width:0;height:0;overflow:hidden" }, [el("defs")]);
    (document.body || document.documentElement).prepend(svg);
  }
  if (pending.defs.length) svg.querySelector("defs").insertAdjacentHTML("beforeend", pending.defs.splice(0).join(""));
  if (pending.symbols.length) svg.insertAdjacentHTML("beforeend", pending.symbols.splice(0).join(""));
}

// Which picture a key has (by `names`, its own name or an alias; a numbered one such as
// "gold-2" by its kind's), or null when there is none (the caller draws its words instead).
function picture(key, names = {}) {
  const name = String(names[key] || ALIASES[key] || key || "").toLowerCase();
  if (SYMBOLS.has(name)) return name;
  const base = name.replace(/-\d+$/, "");
  const kind = ALIASES[base] || base;
  return SYMBOLS.has(kind) ? kind : null;
}

function use(name, x, y, w, h = w, attrs = {}) {
  ensure();
  return el("use", { href: `#art-${name}`, x, y, width: w, height: h, ...attrs });
}

// ------------------------------------------------------------------------ seats

// A seat's shape as a path centred on (cx, cy), about r from the centre.
function shapePath(seat, cx, cy, r) {
  const f = n => +n.toFixed(2);
  switch (SEAT_SHAPES[seat % SEAT_SHAPES.length]) {
    case "circle": return `M${f(cx - r)},${f(cy)} a${f(r)},${f(r)} 0 1 0 ${f(2 * r)},0 a${f(r)},${f(r)} 0 1 0 ${f(-2 * r)},0 Z`;
    case "square": { const s = r * 0.86; return `M${f(cx - s)},${f(cy - s)} h${f(2 * s)} v${f(2 * s)} h${f(-2 * s)} Z`; }
    case "triangle": return `M${f(cx)},${f(cy - r * 1.1)} L${f(cx + r * 1.05)},${f(cy + r * 0.8)} L${f(cx - r * 1.05)},${f(cy + r * 0.8)} Z`;
    case "diamond": return `M${f(cx)},${f(cy - r * 1.15)} L${f(cx + r * 1.0)},${f(cy)} L${f(cx)},${f(cy + r * 1.15)} L${f(cx - r * 1.0)},${f(cy)} Z`;
    default: { const a = r * 1.05, b = r * 0.38; // a cross
      return `M${f(cx - b)},${f(cy - a)} h${f(2 * b)} v${f(a - b)} h${f(a - b)} v${f(2 * b)} h${f(b - a)} v${f(a - b)} h${f(-2 * b)} v${f(b - a)} h${f(b - a)} v${f(-2 * b)} h${f(a - b)} Z`; }
  }
}

// A small inline picture of a seat for the panels: its shape in its colour.
function seatBadge(seat, size = 14, extra = {}) {
  const svg = el("svg", { viewBox: "0 0 16 16", width: size, height: size, class: "seat-badge", "data-seat": seat,
    "aria-hidden": "true", focusable: "false", ...extra });
  svg.appendChild(el("path", { d: shapePath(seat, 8, 8, 6.2), fill: SEAT_COLOURS[seat % SEAT_COLOURS.length],
    stroke: "rgba(0,0,0,.55)", "stroke-width": 1.1, "stroke-linejoin": "round" }));
  return svg;
}

export { register, ensure, use, picture, SEAT_COLOURS, SEAT_SHAPES, shapePath, seatBadge };
