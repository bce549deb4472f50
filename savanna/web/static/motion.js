// @ts-check
// The pages' motion, short and never in the way: `tween` runs a step function on every frame
// for a few hundred milliseconds (the step gets the eased progress, 0 to 1); `fly` moves a
// piece across the page, from one screen point to another, in a layer over everything that
// takes no click. Nothing moves when the system asks for reduced motion
// (prefers-reduced-motion), when the person switched animations off, or when the tab is
// hidden: then every step is called once at 1, the end state, and that is all.
//
// The game page's settings live here too, kept in this browser (localStorage), each on or
// off: "animations" (on by default) and "confirm" (off: a move is played at once with a mouse;
// on: every choice that acts is selected first, then confirmed, as on a touch screen), with
// the panel that switches them.
//
// `stats` counts what ran (tests and curious people read it): started, by kind, and running.

import { h } from "./common.js";
import { _ } from "./i18n.js";

const REDUCE = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

const DEFAULTS = { animations: true, confirm: false };
const heard = []; // listeners of the settings' changes
const settings = {
  get(key) {
    let v = null;
    try { v = localStorage.getItem(`savanna:${key}`); } catch (e) { /* private mode */ }
    return v === null ? !!DEFAULTS[key] : v === "on";
  },
  set(key, on) {
    try { localStorage.setItem(`savanna:${key}`, on ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
    for (const f of heard) f(key, on);
  },
  onChange(f) { heard.push(f); },
};

function reduced() { return !!(REDUCE && REDUCE.matches); }
function enabled() { return !reduced() && settings.get("animations") && document.visibilityState !== "hidden"; }

const running = new Set();
const stats = { started: 0, running: 0, kinds: {} };

function mark() {
  stats.running = running.size;
  if (running.size) document.body.dataset.motion = String(running.size);
  else delete document.body.dataset.motion;
}

const easeOut = t => 1 - (1 - t) ** 3;
const easeInOut = t => t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
const easeOutBack = t => { const c = 1.5; return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2; };

// Run step(p) every frame for `ms` (after `delay`), p eased from 0 to 1, then done().
// Without motion: step(1) and done() at once, and null is returned.
function tween(ms, step, { delay = 0, ease = easeOut, done = null, kind = "other" } = {}) {
  if (!enabled()) { step(1); if (done) done(); return null; }
  const t = { start: performance.now() + delay, ms, step, ease, done, kind, frame: 0, over: false };
  running.add(t);
  stats.started++;
  stats.kinds[kind] = (stats.kinds[kind] || 0) + 1;
  mark();
  step(0);
  const tick = now => {
    if (t.over) return;
    const p = Math.min(1, Math.max(0, (now - t.start) / ms));
    t.step(t.ease(p));
    if (p >= 1) finish(t); else t.frame = requestAnimationFrame(tick);
  };
  t.frame = requestAnimationFrame(tick);
  return t;
}

// to its end state at once (a new view came: what moved is drawn again where it stands)
function finish(t) {
  if (!t || t.over) return;
  t.over = true;
  cancelAnimationFrame(t.frame);
  running.delete(t);
  try { t.step(1); } finally {
    mark();
    if (t.done) t.done();
  }
}

// stop where it is (the person took hold of what moved)
function stop(t) {
  if (!t || t.over) return;
  t.over = true;
  cancelAnimationFrame(t.frame);
  running.delete(t);
  mark();
}

// every piece to where it ends (the view gliding to a frame goes on)
function finishAll() { for (const t of [...running]) if (t.kind !== "camera") finish(t); }

// the layer over the whole page where pieces fly between the board and the panels
let overlay = null;
function layer() {
  if (!overlay || !overlay.isConnected) {
    overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    overlay.setAttribute("class", "motion-layer");
    overlay.setAttribute("aria-hidden", "true");
    Object.assign(overlay.style, { position: "fixed", left: "0", top: "0", width: "100vw", height: "100vh",
      pointerEvents: "none", zIndex: "40", overflow: "visible" });
    document.body.appendChild(overlay);
  }
  return overlay;
}

// A piece (an SVG element drawn round the screen point (0, 0)) flown from screen point
// `from` to `to` (each a point, or a function giving it at each frame: a point on a board
// that glides meanwhile), growing or shrinking from scale `s0` to `s1`, faded out at the end
// when `fade`; removed when it lands (or at once without motion). `land` is called when it lands.
function fly(piece, from, to, { ms = 480, delay = 0, s0 = 1, s1 = 1, fade = false, land = null, kind = "fly", arc = 0.25 } = {}) {
  if (!enabled()) { if (land) land(); return null; }
  const at = q => typeof q === "function" ? q() : q;
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.appendChild(piece);
  g.setAttribute("opacity", "0");
  layer().appendChild(g);
  return tween(ms, p => {
    const a = at(from), b = at(to);
    const lift = -Math.hypot(b[0] - a[0], b[1] - a[1]) * arc; // a little arc, as a hand throws
    const x = a[0] + (b[0] - a[0]) * p, y = a[1] + (b[1] - a[1]) * p + lift * 4 * p * (1 - p);
    const s = s0 + (s1 - s0) * p;
    g.setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${s.toFixed(3)})`);
    g.setAttribute("opacity", fade ? String(Math.min(1, 4 * (1 - p) + 0.05)) : "1");
  }, { delay, ease: easeInOut, kind, done: () => { g.remove(); if (land) land(); } });
}

// the middle of an element on the screen, if it shows (null: hidden, or off the screen)
function centreOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) return null;
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function coarse(box) {
  for (const l of box.querySelectorAll("label.setting")) Object.assign(l.style, { display: "flex", alignItems: "center", minHeight: "44px" });
  for (const l of box.querySelectorAll("summary")) Object.assign(l.style, { minHeight: "44px", lineHeight: "44px" });
  for (const i of box.querySelectorAll("input[type=checkbox]")) Object.assign(i.style, { width: "24px", height: "24px", margin: "0 .4em 0 0" });
}

// The settings panel of the game page: animations, and asking to confirm every move.
function panel() {
  const box = h("details", { id: "settings", class: "panel small" });
  const draw = () => {
    const still = reduced();
    box.replaceChildren(h("summary", {}, _("Settings")),
      h("label", { class: "check setting" }, h("input", { type: "checkbox", id: "setting-animations", checked: settings.get("animations") && !still,
        disabled: still, onchange: e => settings.set("animations", e.target.checked) }), " " + _("Animate the moves")),
      ...(still ? [h("div", { class: "muted" }, _("Your system asks for reduced motion: nothing moves."))] : []),
      h("label", { class: "check setting" }, h("input", { type: "checkbox", id: "setting-confirm", checked: settings.get("confirm"),
        onchange: e => settings.set("confirm", e.target.checked) }), " " + _("Ask me to confirm every move")),
      h("div", { class: "muted" }, _("A click then selects the move and shows it; Confirm or a second click plays it. A touch screen always asks for the board's moves.")));
  };
  draw();
  // a finger's width on a touch screen, the box and its words alike
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
    new MutationObserver(() => coarse(box)).observe(box, { childList: true });
    coarse(box);
  }
  if (REDUCE && REDUCE.addEventListener) REDUCE.addEventListener("change", draw);
  return box;
}

const ease = { out: easeOut, inOut: easeInOut, outBack: easeOutBack };

export { settings, reduced, enabled, tween, finish, stop, finishAll, fly, layer, centreOf, panel, stats, ease };
