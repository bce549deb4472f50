// The page's JSON Patch (RFC 6902's add, replace, remove), as the socket's updates use it.
import "./env.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch } from "../../savanna/web/static/common.js";

test("add, replace and remove on objects and arrays, the document left as it was", () => {
  const doc = { moves: 3, seats: [{ score: 1 }, { score: 2 }], history: ["a"], last: { x: 1 } };
  const out = applyPatch(doc, [
    { op: "replace", path: "/moves", value: 4 },
    { op: "replace", path: "/seats/1/score", value: 7 },
    { op: "add", path: "/history/-", value: "b" },
    { op: "add", path: "/history/0", value: "z" },
    { op: "remove", path: "/last" },
    { op: "add", path: "/drawn", value: { id: "S1" } },
  ]);
  assert.deepEqual(out, { moves: 4, seats: [{ score: 1 }, { score: 7 }], history: ["z", "a", "b"], drawn: { id: "S1" } });
  assert.deepEqual(doc, { moves: 3, seats: [{ score: 1 }, { score: 2 }], history: ["a"], last: { x: 1 } });
});

test("an array's element removed shifts the rest; the whole document replaced by the empty path", () => {
  assert.deepEqual(applyPatch({ a: [1, 2, 3] }, [{ op: "remove", path: "/a/1" }]), { a: [1, 3] });
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: "replace", path: "", value: { b: 2 } }]), { b: 2 });
});

test("~1 and ~0 in a path are / and ~ in a key", () => {
  assert.deepEqual(applyPatch({ "a/b": 1, "c~d": 2 }, [
    { op: "replace", path: "/a~1b", value: 3 }, { op: "replace", path: "/c~0d", value: 4 }]), { "a/b": 3, "c~d": 4 });
});

test("a path to nothing, an index out of range or an unknown op throws", () => {
  assert.throws(() => applyPatch({}, [{ op: "replace", path: "/nope", value: 1 }]), /patch: no \/nope/);
  assert.throws(() => applyPatch({ a: {} }, [{ op: "add", path: "/a/b/c", value: 1 }]), /patch: no/);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "replace", path: "/a/1", value: 1 }]), /patch: no/);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "add", path: "/a/3", value: 1 }]), /patch: no/);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "move", path: "/a/0", value: 1 }]), /unknown op move/);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: "copy", path: "/a", value: 1 }]), /unknown op copy/);
});
