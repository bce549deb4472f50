// Carcassonne Safari's tile drawing (safari-geometry.js): where trails, bush, animals and the
// baobab go on a tile 100 units wide, computed from the tile's features alone.
import "./env.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tileGeometry, ANIMAL_R, inPolygon, lineLength, alongLine } from "../../savanna/web/static/safari-geometry.js";
import * as Games from "../../savanna/web/static/games.js";

const inside = p => p[0] >= 0 && p[0] <= 100 && p[1] >= 0 && p[1] <= 100;

test("the module registers its geometry under the game's name", () => {
  assert.equal(Games.get("safari").geometry.tileGeometry, tileGeometry);
});

test("polygons and lines", () => {
  const square = [[0, 0], [10, 0], [10, 10], [0, 10]];
  assert.ok(inPolygon([5, 5], square));
  assert.ok(!inPolygon([15, 5], square));
  assert.equal(lineLength([[0, 0], [3, 4], [3, 10]]), 11);
  assert.deepEqual(alongLine([[0, 0], [10, 0]], 0.5), [5, 0]);
});

test("a trail through the tile runs from one side's middle to the other's", () => {
  const g = tileGeometry({ features: [{ kind: "trail", sides: "NS" }] });
  assert.equal(g.trails.length, 1);
  const t = g.trails[0];
  assert.equal(t.end, "through");
  const line = t.lines[0];
  assert.deepEqual(line[0], [50, 0]);
  assert.deepEqual(line[line.length - 1], [50, 100]);
  assert.ok(line.every(inside));
});

test("three dead ends meet at a crossroads in the middle", () => {
  const g = tileGeometry({ features: [{ kind: "trail", sides: "N" }, { kind: "trail", sides: "E" }, { kind: "trail", sides: "S" }] });
  assert.deepEqual(g.crossroads, [50, 50]);
  assert.ok(g.trails.every(t => t.end === "crossroads"));
});

test("a layout's geometry is computed once (the same features give the same object)", () => {
  const layout = { features: [{ kind: "trail", sides: "EW", animals: "LZ" }] };
  assert.equal(tileGeometry(layout), tileGeometry({ features: [{ kind: "trail", sides: "EW", animals: "LZ" }] }));
});

test("animals on a trail sit on it, apart, and inside the tile", () => {
  const g = tileGeometry({ features: [{ kind: "trail", sides: "EW", animals: "LZA" }] });
  const spots = g.spots[0].animals;
  assert.equal(spots.length, 3);
  for (const p of spots) assert.ok(inside(p) && Math.abs(p[1] - 50) < 15, `${p}`);
  for (let i = 1; i < spots.length; i++) assert.ok(Math.hypot(spots[i][0] - spots[i - 1][0], spots[i][1] - spots[i - 1][1]) >= 2 * ANIMAL_R);
});

test("two bush areas of one tile are apart, and each one's animals in it", () => {
  const g = tileGeometry({ features: [{ kind: "bush", sides: "N", animals: "E" }, { kind: "bush", sides: "S", animals: "G" }] });
  const areas = g.areas.filter(a => a.inside);
  assert.equal(areas.length, 2);
  const cells = k => { const out = []; for (let i = 0; i < k.length; i++) if (k[i]) out.push([i % 50, Math.floor(i / 50)]); return out; };
  const [A, B] = areas.map(a => cells(a.inside));
  let gap = Infinity;
  for (const p of A) for (const q of B) gap = Math.min(gap, Math.hypot(p[0] - q[0], p[1] - q[1]) * 2);
  assert.ok(gap >= 8, `${gap}`);
  for (const [i, area] of [[0, areas.find(a => a.feature === 0)], [1, areas.find(a => a.feature === 1)]]) {
    const [p] = g.spots[i].animals;
    assert.ok(area.parts.some(part => inPolygon(p, part.outline)), `feature ${i}'s animal at ${p}`);
  }
});
