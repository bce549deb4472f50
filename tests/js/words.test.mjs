// The moves and scorings in words: the pages' own (words.js) and each game's (safari-words.js,
// africa-words.js, registered under the game's name), in English.
import "./env.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import * as Words from "../../savanna/web/static/words.js";
import * as Games from "../../savanna/web/static/games.js";
import "../../savanna/web/static/safari-words.js";
import "../../savanna/web/static/africa-words.js";

const safari = { game: "safari", animals: {}, seats: [{ seat: 0, name: "Ann" }, { seat: 1, name: "Bob" }] };

test("points carry their sign", () => {
  assert.equal(Words.pts(3), "+3");
  assert.equal(Words.pts(0), "+0");
  assert.equal(Words.pts(-2), "-2");
});

test("Safari's notation parsed", () => {
  const { parse } = Games.get("safari").words;
  assert.deepEqual(parse("T-1,2@90"), { kind: "T", x: -1, y: 2, r: 90 });
  assert.deepEqual(parse("M:trail:N"), { kind: "M", feature: "trail", side: "N" });
  assert.deepEqual(parse("D0,1:NE=L"), { kind: "D", x: 0, y: 1, corner: "NE", animal: "L" });
  assert.deepEqual(parse("R1,0>2,0"), { kind: "R", from: [1, 0], to: [2, 0] });
  assert.deepEqual(parse("+none"), { kind: "+", animal: "none" });
  assert.deepEqual(parse("pass"), { kind: "pass" });
  assert.deepEqual(parse("nonsense"), { kind: "?" });
});

test("Safari's moves in words, through the pages' words; an unknown game's move as its notation", () => {
  assert.equal(Words.action(safari, { action: "T0,1" + "@0" }, "Ann"), "Ann places a tile at (0, 1)");
  assert.equal(Words.action(safari, { action: "T0,1@270" }, "Ann"), "Ann places a tile at (0, 1), turned 270°");
  assert.equal(Words.action(safari, { action: "M:baobab" }, "Bob"), "Bob puts a meeple on the baobab");
  assert.equal(Words.action(safari, { action: "D0,0:SW=E" }, "Bob"), "Bob digs a watering hole with an elephant");
  assert.equal(Words.action(safari, { action: "pass" }, "Ann"), "Ann passes");
  assert.equal(Words.action({ game: "chess" }, { action: "e4" }, "Ann"), "Ann: e4");
  assert.equal(Words.scored({ game: "chess" }, { what: "mate" }, "Ann"), "Ann: mate");
});

test("the names of a game's things, from the words its module registered", () => {
  assert.equal(Words.name("lion"), "lion");
  assert.equal(Words.name("not a thing of any game"), "not a thing of any game");
  const names = Games.all().map(([name]) => name).sort();
  assert.deepEqual(names, ["africa", "safari"]);
  assert.equal(typeof Games.get("africa").words.action, "function");
});
