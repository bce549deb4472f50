// @ts-check
// Clocks in words and figures, for every page that shows one (the game page, the lobby, your
// games): a real-time clock's "4:59" (tenths under 10 s), a correspondence turn's "2 d 4 h", a
// deadline in the reader's own time zone, and a time control's "10+5" or "3 days a move".
// The server keeps the time (GET /api/games/{id}'s "clock"); these only say it.

import { _, ngettext, lang, number } from "./i18n.js";

const pad = n => String(n).padStart(2, "0");

// a real-time clock: "1:02:03", "4:59", "0:09.3" (under 10 s, tenths: the last seconds count)
function clock(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) {
    const tenths = Math.floor(s * 10);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, sec = whole % 60;
  return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

// a long span, to the unit that matters: "2 d 4 h", "5 h 12 min", "12 min", "40 s"
function span(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60;
  if (d) return _("{d} d {h} h", { d, h });
  if (h) return _("{h} h {m} min", { h, m });
  if (m) return _("{n} min", { n: m });
  return _("{n} s", { n: s });
}

// an instant (ISO, or epoch milliseconds) in the reader's time zone, with the zone's name:
// "Tue, 3 Dec, 14:05 GMT+1" (as the page's language writes it)
function when(at, zone) {
  const d = typeof at === "number" ? new Date(at) : new Date(at);
  return new Intl.DateTimeFormat(lang, { weekday: "short", day: "numeric", month: "short", hour: "2-digit",
    minute: "2-digit", timeZoneName: "short", ...(zone ? { timeZone: zone } : {}) }).format(d);
}

// seconds as the control's figures show them: whole minutes as minutes ("10"), else seconds ("3 s")
const minutes = s => (s % 60 === 0 ? number(s / 60) : _("{n} s", { n: number(s) }));

// A time control, short ("10+5", "3 s+1", "3 d"): lobby rows and badges; null: untimed.
function short(control) {
  if (!control) return null;
  if (control.days) return _("{n} d", { n: control.days });
  return `${minutes(control.base)}+${number(control.increment || 0)}`;
}

// A time control in words ("10 min + 5 s a turn", "3 days a move"), or "untimed".
function words(control) {
  if (!control) return _("untimed");
  if (control.days) return ngettext("{n} day a move", "{n} days a move", control.days);
  const base = control.base % 60 === 0 ? _("{n} min", { n: control.base / 60 }) : _("{n} s", { n: control.base });
  return _("{base} + {inc} s a turn", { base, inc: control.increment || 0 });
}

// a preset of GET /api/players' "clocks" as {base, increment} seconds, whatever its form:
// {base, increment}, [minutes, seconds] or "3+2"
function preset(p) {
  if (Array.isArray(p)) return { base: p[0] * 60, increment: p[1] };
  if (typeof p === "string") { const [m, s] = p.split("+").map(Number); return { base: m * 60, increment: s }; }
  return { base: p.base, increment: p.increment || 0 };
}

// How long an action took, beside it in the log: "4.2 s", "3 min 05 s", "2 h 10 min".
function took(seconds) {
  if (seconds < 60) return _("{n} s", { n: Math.round(seconds * 10) / 10 });
  if (seconds < 3600) return _("{m} min {s} s", { m: Math.floor(seconds / 60), s: pad(Math.floor(seconds % 60)) });
  return span(seconds);
}

export { clock, span, when, short, words, preset, took };
