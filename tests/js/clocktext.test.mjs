// The clocks' and time controls' texts (clocktext.js), in English (the message ids).
import "./env.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { clock, span, short, words, preset, took } from "../../savanna/web/static/clocktext.js";

test("a clock: hours when there are, tenths in the last ten seconds, never negative", () => {
  assert.equal(clock(3723), "1:02:03");
  assert.equal(clock(299), "4:59");
  assert.equal(clock(9.34), "0:09.3");
  assert.equal(clock(10), "0:10");
  assert.equal(clock(-5), "0:00.0");
});

test("a long span to the unit that matters", () => {
  assert.equal(span(2 * 86400 + 4 * 3600 + 59), "2 d 4 h");
  assert.equal(span(5 * 3600 + 12 * 60), "5 h 12 min");
  assert.equal(span(12 * 60 + 30), "12 min");
  assert.equal(span(40.9), "40 s");
});

test("a time control short and in words; none is untimed", () => {
  assert.equal(short({ base: 600, increment: 5 }), "10+5");
  assert.equal(short({ base: 3, increment: 1 }), "3 s+1");
  assert.equal(short({ days: 3 }), "3 d");
  assert.equal(short(null), null);
  assert.equal(words({ base: 600, increment: 5 }), "10 min + 5 s a turn");
  assert.equal(words({ base: 45 }), "45 s + 0 s a turn");
  assert.equal(words({ days: 1 }), "1 day a move");
  assert.equal(words({ days: 3 }), "3 days a move");
  assert.equal(words(null), "untimed");
});

test("a preset in any of its forms", () => {
  assert.deepEqual(preset([3, 2]), { base: 180, increment: 2 });
  assert.deepEqual(preset("10+5"), { base: 600, increment: 5 });
  assert.deepEqual(preset({ base: 60 }), { base: 60, increment: 0 });
});

test("how long an action took", () => {
  assert.equal(took(4.24), "4.2 s");
  assert.equal(took(185), "3 min 05 s");
  assert.equal(took(2 * 3600 + 600), "2 h 10 min");
});
