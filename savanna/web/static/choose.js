// @ts-check
// Choosing a move on the board without a mouse's hover: the marks a game page draws for
// its legal choices (tile spaces, meeple spots, watering holes, rangers, hexes) are
// registered here, and this makes them work alike for every input:
// - a mouse click plays at once (the hover showed what it does);
// - a tap selects (the preview shows), a second tap or the Confirm button plays; a click too,
//   when the person asked to confirm every move (the settings, motion.js), and then every
//   other choice that acts (a panel's button, a key) asks in the same bar (`ask`);
// - the keyboard: Tab reaches the board's choices (one tab stop, as a composite widget),
//   the arrow keys move among them by where they are on the board, Enter or Space plays,
//   Escape lets go; what is selected is read out by its label.
// Small marks get a round tap target a finger wide (44 px) at any zoom.

import * as B from "./board.js";
import * as Motion from "./motion.js";
import { h } from "./common.js";
import { _ } from "./i18n.js";

const HIT_PX = 22; // a small mark's tap target: this many screen pixels round its middle
const APART_PX = 46; // on a touch screen, small marks closer than this bring the view closer
const MAX_ZOOM = 3.2; // ... up to this many pixels a board unit
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

class Chooser {
  constructor(page) {
    this.page = page;
    this.items = new Map(); // key -> {el, at: [x, y], label, commit, preview, hit, confirm}
    this.key = null; // the selected choice
    this.lastPress = 0; // when a pointer last went down (a focus that follows it is not the keyboard's)
    this.keyboard = false; // the board's choices were last reached by the keyboard: keep the focus on them from turn to turn
    this.asked = null; // a move asked to be confirmed (not a board's choice): {label, play, version}
    this.confirming = false; // a choice is being played by its confirmation
    this.bar = h("div", { id: "confirm-bar", class: "confirm-bar", hidden: true, role: "group", "aria-label": _("selected move") });
    window.addEventListener("pointerdown", () => { this.lastPress = performance.now(); this.keyboard = false; }, true);
    window.addEventListener("keydown", e => { if (["Tab", "Enter", " "].includes(e.key) || ARROWS[e.key]) this.keyboard = true; }, true);
    page.pz.onChange(() => this.sizeHits());
  }

  get selected() { return this.key !== null ? this.items.get(this.key) || null : null; }
  touchy() { return this.page.pz.lastPointer !== "mouse"; }
  // a choice is selected before it is played: on a touch screen, or when asked to (the settings)
  selectsFirst() { return this.touchy() || Motion.settings.get("confirm"); }

  // before the page draws its marks again: what had the focus
  begin() {
    const a = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
    this.focusKey = a && a.dataset && a.dataset.choice && a.closest("svg#board") ? a.dataset.choice : null;
    for (const it of this.items.values()) if (it.preview && it.el.classList.contains("selected")) it.preview(false);
    this.items = new Map();
  }

  // a mark for a choice: `key` names it across redraws; `commit` plays it (or opens its
  // sub-choices: then `confirm` says so); `preview(on)` shows what it would do;
  // `hit`: the mark's own radius, when it is small, to grow its tap target round `at`
  add(el, { key, at, label, commit, preview = null, hit = 0, confirm = "Confirm" }) {
    const it = { el, key, at, label, commit, preview, hit, confirm };
    this.items.set(key, it);
    el.dataset.choice = key;
    el.classList.add("choosable");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", label);
    el.setAttribute("tabindex", "-1");
    if (hit) {
      it.hitEl = B.el("circle", { cx: at[0], cy: at[1], r: hit, class: "hit" });
      el.insertBefore(it.hitEl, el.firstChild);
    }
    el.addEventListener("click", e => {
      e.stopPropagation();
      // a tap (or a pen) selects first, unless it opens more choices: harmless, and at once
      if (this.selectsFirst() && this.key !== key && confirm === "Confirm") this.select(key);
      else this.commit(key);
    });
    el.addEventListener("focus", () => {
      if (performance.now() - this.lastPress < 600) return;
      this.keyboard = true;
      if (this.key !== key) this.select(key, { reveal: true });
    });
    return el;
  }

  // after the marks are drawn: the selection and the focus stay on the same choice
  end() {
    const focus = this.focusKey;
    this.focusKey = null;
    if (this.key !== null && !this.items.has(this.key)) this.key = null;
    const first = this.items.keys().next().value;
    for (const it of this.items.values()) it.el.setAttribute("tabindex", it.key === (this.key ?? first) ? "0" : "-1");
    if (this.key !== null) this.select(this.key, { quiet: true });
    else this.showBar();
    this.closer();
    this.sizeHits();
    if (focus !== null && this.keyboard && !document.activeElement?.closest?.("svg#board [data-choice]")) {
      const want = this.items.has(focus) ? focus : this.key ?? first;
      if (want !== undefined && want !== null) this.select(want, { focus: true, reveal: true });
    }
  }

  select(key, { focus = false, reveal = false, quiet = false } = {}) {
    const it = this.items.get(key);
    if (!it) { this.clear(); return; }
    const old = this.selected;
    if (old && old !== it) { old.el.classList.remove("selected"); if (old.preview) old.preview(false); }
    this.asked = null;
    this.key = key;
    for (const o of this.items.values()) o.el.setAttribute("tabindex", o === it ? "0" : "-1");
    it.el.classList.add("selected");
    if (focus && document.activeElement !== it.el) it.el.focus({ preventScroll: true });
    if (it.preview) it.preview(true);
    if (reveal) this.page.pz.reveal(this.box(it));
    this.showBar();
    this.clearOfBar(it);
  }

  // the selected choice is not left under the Confirm bar: the view slides up over it
  clearOfBar(it) {
    if (this.bar.hidden) return;
    const b = this.bar.getBoundingClientRect(), pz = this.page.pz;
    const r = (it.hitEl || it.el).getBoundingClientRect();
    const cy = (r.top + r.bottom) / 2, half = Math.max(14, Math.min(r.height / 2, 60));
    if (cy + half < b.top - 4 || cy - half > b.bottom + 4 || r.right < b.left || r.left > b.right) return;
    const up = cy + half - (b.top - 12); // screen pixels to lift it by
    pz.box.y += up * pz.scale();
    pz.apply();
  }

  clear() {
    const it = this.selected;
    if (it) { it.el.classList.remove("selected"); if (it.preview) it.preview(false); }
    this.key = null;
    this.asked = null;
    this.showBar();
  }

  commit(key) {
    const it = this.items.get(key);
    if (!it) return;
    this.clear();
    this.confirming = true;
    try { it.commit(); } finally { this.confirming = false; }
  }

  // a move chosen elsewhere than on the board (a panel's button, a key), asked to be
  // confirmed in the bar: `label` says it, `play` plays it
  ask(label, play) {
    this.clear();
    this.asked = { label, play, version: this.page.view.version };
    this.showBar();
    if (this.keyboard) this.bar.querySelector("#confirm").focus({ preventScroll: true });
  }

  playAsked() {
    const a = this.asked;
    if (!a) return;
    this.clear();
    this.confirming = true;
    try { a.play(); } finally { this.confirming = false; }
  }

  box(it) {
    const r = Math.max(it.hit || 0, 30);
    return { x0: it.at[0] - r, y0: it.at[1] - r, x1: it.at[0] + r, y1: it.at[1] + r };
  }

  // the bar over the board: what is selected, the page's tools for it (rotate), Confirm, Cancel
  showBar() {
    const it = this.selected;
    const bar = this.bar;
    bar.replaceChildren();
    if (!it && this.asked) {
      bar.append(h("span", { class: "confirm-label" }, this.asked.label),
        h("button", { id: "confirm", class: "primary", onclick: () => this.playAsked(), title: _("play it (Enter)") }, _("✓ Confirm")),
        h("button", { id: "cancel-choice", onclick: () => this.clear(), title: _("let go (Escape)"), "aria-label": _("cancel") }, "✕"));
      bar.hidden = false;
      document.body.dataset.selected = "asked";
      return;
    }
    if (!it) { bar.hidden = true; document.body.dataset.selected = ""; return; }
    const tools = this.page.ui && this.page.ui.selectionTools ? this.page.ui.selectionTools(it.key) : [];
    bar.append(h("span", { class: "confirm-label" }, it.label), ...tools,
      h("button", { id: "confirm", class: "primary", onclick: () => this.commit(it.key), title: _("play it (Enter)") }, it.confirm === "Confirm" ? _("✓ Confirm") : _(it.confirm)),
      h("button", { id: "cancel-choice", onclick: () => this.clear(), title: _("let go (Escape)"), "aria-label": _("cancel") }, "✕"));
    bar.hidden = false;
    document.body.dataset.selected = it.key;
  }

  // On a touch screen, small marks (meeple spots, a watering hole's animals) too close
  // together for a finger bring the view closer to them, and it goes back to where it was
  // once they are gone (unless the player moved the view, or the page fitted it, since).
  closer() {
    const pz = this.page.pz;
    const small = [...this.items.values()].filter(it => it.hit);
    let near = null, d = Infinity;
    for (let i = 0; i < small.length; i++) for (let j = i + 1; j < small.length; j++) {
      const dd = dist(small[i].at, small[j].at);
      if (dd < d) { d = dd; near = [small[i], small[j]]; }
    }
    const px = 1 / pz.scale();
    if (near && this.touchy() && d * px < APART_PX && px < MAX_ZOOM) {
      if (!this.zoomed) this.zoomed = { box: { ...pz.box } };
      const want = Math.min(MAX_ZOOM, APART_PX / Math.max(d, 1));
      pz.zoomTo((near[0].at[0] + near[1].at[0]) / 2, (near[0].at[1] + near[1].at[1]) / 2, want);
      Object.assign(this.zoomed, { moves: pz.moves, fits: pz.fits });
    } else if (this.zoomed && !near) {
      const z = this.zoomed;
      this.zoomed = null;
      if (pz.moves === z.moves && pz.fits === z.fits) { pz.box = z.box; pz.apply(); }
    }
  }

  // every small mark's tap target a finger wide on the screen at the zoom of the moment, but
  // never over another choice's middle (each stays reachable; zoom in where they crowd)
  sizeHits() {
    const k = this.page.pz.scale();
    const all = [...this.items.values()];
    for (const it of all) {
      if (!it.hitEl) continue;
      let room = Infinity;
      for (const o of all) if (o !== it) room = Math.min(room, dist(o.at, it.at) - 4 * k);
      it.hitEl.setAttribute("r", Math.max(it.hit, Math.min(HIT_PX * k, room)));
    }
  }

  // the keyboard: true when the key was this one's
  onKey(e) {
    const t = e.target;
    const onControl = t && t.closest && t.closest("button, a, input, select, textarea, summary");
    if (ARROWS[e.key] && !onControl && this.items.size && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.keyboard = true;
      this.step(ARROWS[e.key]);
      return true;
    }
    if ((e.key === "Enter" || e.key === " ") && !onControl && this.selected) {
      e.preventDefault();
      this.commit(this.key);
      return true;
    }
    if ((e.key === "Enter" || e.key === " ") && !onControl && this.asked) {
      e.preventDefault();
      this.playAsked();
      return true;
    }
    if (e.key === "Escape" && (this.selected || this.asked)) { this.clear(); return false; }
    return false;
  }

  // to the nearest choice in that direction (the first, nearest the middle of the view, if none is selected)
  step([dx, dy]) {
    const from = this.selected;
    if (!from) {
      const v = this.page.pz.visible(), mid = [(v.x0 + v.x1) / 2, (v.y0 + v.y1) / 2];
      let best = null;
      for (const it of this.items.values()) if (!best || dist(it.at, mid) < dist(best.at, mid)) best = it;
      if (best) this.select(best.key, { focus: true, reveal: true });
      return;
    }
    let best = null, bestScore = Infinity;
    for (const it of this.items.values()) {
      if (it === from) continue;
      const vx = it.at[0] - from.at[0], vy = it.at[1] - from.at[1];
      const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.5 || across > along * 2.5) continue;
      const score = along + 2 * across;
      if (score < bestScore) { best = it; bestScore = score; }
    }
    if (best) this.select(best.key, { focus: true, reveal: true });
  }

  // is a keyboard user's focus on the board's choices or the turn's panels?
  hasFocus() {
    const a = document.activeElement;
    return !!(a && a.closest && a.closest("svg#board, #choices, #drawn, #confirm-bar"));
  }

  // after the whole page is drawn again: a keyboard user's focus does not fall off the page
  // (to the board's choice, or to the panel's first choice when the board has none), from
  // one turn to the next (a mouse or a finger is left alone)
  settle() {
    if (this.asked && this.asked.version !== this.page.view.version) { this.asked = null; this.showBar(); } // the game moved on
    const a = document.activeElement;
    if (!this.keyboard || (a && a !== document.body && a.isConnected)) return;
    const it = this.selected || this.items.values().next().value;
    if (it) { this.select(it.key, { focus: true, reveal: true }); return; }
    const button = /** @type {HTMLElement | null} */ (document.querySelector("#choices .choice-button, #choices button, #drawn button"));
    if (button) button.focus({ preventScroll: true });
  }
}

function dist(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); }

export { Chooser };
