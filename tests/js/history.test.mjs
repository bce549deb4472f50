// The page's history (static/history.js): a view carries its latest entries, the rest is
// asked for a page at a time, and a takeback forgets what was held.
import "./env.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { History, PAGE, fresh } from "../../savanna/web/static/history.js";

const entry = i => ({ move: i + 1, turn: 1 + Math.floor(i / 3), seat: i % 2, action: `a${i}` });
const game = n => Array.from({ length: n }, (_, i) => entry(i));
const viewOf = (all, carried = 50, count = 0) => {
  const from = Math.max(0, all.length - carried);
  return { history: all.slice(from), history_from: from, moves: all.length, takeback: { count } };
};

test("a view with every entry needs nothing asked", async () => {
  const h = new History(async () => { throw new Error("asked"); });
  const v = viewOf(game(20));
  h.take(v);
  assert.ok(h.complete(v));
  assert.deepEqual(h.whole(v), game(20));
  assert.equal(await h.fill(v), true);
});

test("the older entries are asked for a page at a time, then the whole history is held", async () => {
  const all = game(1234), asked = [];
  const h = new History(async (from, to) => { asked.push([from, to]); return { entries: all.slice(from, to) }; });
  const v = viewOf(all);
  h.take(v);
  assert.ok(!h.complete(v));
  assert.deepEqual(h.whole(v), v.history); // what it has, meanwhile
  assert.equal(await h.fill(v), true);
  assert.deepEqual(asked, [[0, PAGE], [PAGE, 2 * PAGE], [2 * PAGE, 1184]]);
  assert.deepEqual(h.whole(v), all);
  const later = viewOf(game(1240)); // moves on: what is held serves the next view as well
  h.take(later);
  assert.ok(h.complete(later));
  assert.deepEqual(h.whole(later), game(1240));
});

test("a takeback forgets what was held", async () => {
  const all = game(300);
  const h = new History(async (from, to) => ({ entries: all.slice(from, to) }));
  const v = viewOf(all);
  h.take(v);
  await h.fill(v);
  const back = viewOf(game(200), 50, 1);
  h.take(back);
  assert.ok(!h.complete(back));
  await h.fill(back);
  assert.deepEqual(h.whole(back), game(200));
});

test("a failed request leaves the view's own entries, to ask again later", async () => {
  let fail = true;
  const all = game(120);
  const h = new History(async (from, to) => { if (fail) throw new Error("offline"); return { entries: all.slice(from, to) }; });
  const v = viewOf(all);
  h.take(v);
  assert.equal(await h.fill(v), false);
  assert.deepEqual(h.whole(v), v.history);
  fail = false;
  assert.equal(await h.fill(v), true);
  assert.deepEqual(h.whole(v), all);
});

test("the fresh entries of a view are those after the moves of the one before", () => {
  const prev = viewOf(game(100)), view = viewOf(game(103));
  assert.deepEqual(fresh(view, prev).map(m => m.move), [101, 102, 103]);
  assert.deepEqual(fresh(view, null), []);
});
