// @ts-check
// Your turn, while the page is in a background tab: the tab's title gets a "● Your turn"
// prefix and its icon a red dot (both back once the tab is looked at, or the turn is
// over), an optional short sound (off unless switched on: remembered in this browser),
// and a notification, only once the player asked for them with the button (the page
// never asks the browser for permission by itself).

import * as Savanna from "./common.js";
import { h } from "./common.js";
import { W } from "./words.js";

const ICON = "/static/favicon.svg", ICON_TURN = "/static/favicon-turn.svg";
const prefix = () => `${W.yourTurnTitle()} · `; // after the catalogue came

const Prefs = {
  get(key) { try { return localStorage.getItem(`savanna:${key}`) === "on"; } catch (e) { return false; } },
  set(key, on) { try { localStorage.setItem(`savanna:${key}`, on ? "on" : "off"); } catch (e) { /* private mode */ } },
};

function count(name) { document.body.dataset[name] = String(+(document.body.dataset[name] || 0) + 1); }

// Short notes [start s, frequency Hz, length s] through Web Audio (no sound file to fetch), on
// `owner.audio` (made on first use); whether they were played.
function tones(owner, notes) {
  try {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext; // older WebKit browsers
    if (!Ctx) return false;
    owner.audio = owner.audio || new Ctx();
    const ctx = owner.audio;
    if (ctx.state === "suspended") ctx.resume();
    for (const [t, freq, length] of notes) {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + t);
      gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + t + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + t);
      osc.stop(ctx.currentTime + t + length + 0.01);
    }
    return true;
  } catch (e) { return false; } // no sound: nothing else to do
}

class Alerts {
  constructor(page) {
    this.page = page;
    this.mine = false; // it was my turn at the last update
    this.audio = null;
    this.icon = document.querySelector("link[rel~=icon]");
    if (!this.icon) { this.icon = h("link", { rel: "icon", type: "image/svg+xml", href: ICON }); document.head.appendChild(this.icon); }
    document.addEventListener("visibilitychange", () => this.update());
    window.addEventListener("focus", () => this.update());
  }

  hidden() { return document.visibilityState === "hidden"; }

  // After every view, and when the tab is hidden or shown again.
  update() {
    const mine = this.page.myTurn();
    const flag = mine && this.hidden();
    const PREFIX = prefix();
    const base = document.title.startsWith(PREFIX) ? document.title.slice(PREFIX.length) : document.title;
    document.title = flag ? PREFIX + base : base;
    const href = flag ? ICON_TURN : ICON;
    if (this.icon.getAttribute("href") !== href) this.icon.setAttribute("href", href);
    document.body.dataset.alerted = flag ? "yes" : "no";
    if (mine && !this.mine && this.hidden()) { // it has just become my turn, out of sight
      if (Prefs.get("sound")) this.beep();
      if (Prefs.get("notify")) this.notify();
    }
    this.mine = mine;
  }

  // two short notes
  beep() {
    if (tones(this, [[0, 660, 0.16], [0.18, 880, 0.16]])) count("beeps");
  }

  notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      const n = new Notification("savanna", { body: W.yourTurnBody(this.page.id), tag: `savanna-${this.page.id}`, icon: ICON_TURN });
      n.onclick = () => { window.focus(); n.close(); };
      count("notified");
    } catch (e) { /* some browsers allow notifications only from a service worker */ }
  }

  async askNotify() {
    if (!("Notification" in window)) { Savanna.toast(W.notifyMissing()); return; }
    if (Prefs.get("notify") && Notification.permission === "granted") { Prefs.set("notify", false); this.page.renderPlay(); return; }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    Prefs.set("notify", answer === "granted");
    if (answer !== "granted") Savanna.toast(W.notifyBlocked());
    this.page.renderPlay();
  }

  // the switches, in the page's play panel
  controls() {
    const sound = Prefs.get("sound");
    const notify = Prefs.get("notify") && "Notification" in window && Notification.permission === "granted";
    return h("div", { class: "alerts small" },
      h("label", { class: "check", title: W.soundTitle() }, h("input", { type: "checkbox", id: "sound-toggle", checked: sound,
        onchange: e => { Prefs.set("sound", e.target.checked); if (e.target.checked) this.beep(); } }), ` ${W.sound()}`),
      h("button", { id: "notify-button", class: notify ? "on" : "", title: W.notifyTitle(), "aria-pressed": String(notify),
        onclick: () => this.askNotify() }, notify ? W.notifyOn() : W.notify()));
  }
}

Alerts.tones = tones; // (the clocks' low-time sound too)
export { Alerts };
