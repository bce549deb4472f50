"""What changed between two views, as a JSON Patch (RFC 6902): the server sends one per
change of a game instead of the whole view.

    diff(old, new, keys=None) -> [op, ...]    ops that turn `old` into `new`
    apply(doc, ops) -> doc                    the ops applied to `doc` (changed in place)

Only "add", "remove" and "replace" are emitted, with JSON Pointer paths (RFC 6901); any
RFC 6902 implementation applies them (the tests check with the `jsonpatch` package).
`apply` handles exactly those three: it is the load client's, which applies hundreds a
second, and about ten times faster than a general implementation.

The diff is built for views, where most of a 20-50 KB document stays as it was: values
equal as a whole (compared in C) are skipped; objects are compared key by key; lists by
their unchanged head and tail, then position by position in between, or wholly replaced
when much of them changed (a new list of legal actions). A list whose elements have an
identity (`keys`: the top-level field's name -> the function giving an element's key,
e.g. a board tile's space) is matched by it, so a tile put in the middle of a sorted board
is one "add", not a shift of every tile after it. (`jsonpatch.make_patch` does all this in
general, about fifty times slower on a view and with larger patches.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, final

from ..jsontext import dumps, loads

Op = dict[str, Any]
Keys = dict[str, Callable[[Any], Hashable]]


class _Kept:
    __slots__ = ()

    def __repr__(self) -> str:
        return "KEPT"


KEPT = _Kept()  # a document's value that is the one of the Snapshot before (see Snapshot)


@final  # (no subclass: `type(v) is Grown` tells it)
class Grown:
    """A document's list value that is the Snapshot before's, all `n` of its elements but the
    first `drop`, with `tail` after them (see Snapshot): a history, whose entries never change
    (a view carries the latest: the oldest drop out as new ones come)."""

    __slots__ = ("n", "tail", "drop")

    def __init__(self, n: int, tail: list[Any], drop: int = 0):
        self.n, self.tail, self.drop = n, tail, drop


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def diff(old: Any, new: Any, keys: Keys | None = None) -> list[Op]:
    """The ops that turn `old` into `new` (empty when they are equal). A document with an
    object at the top is diffed through its Snapshot, as the server diffs its views."""
    if type(old) is dict and type(new) is dict:
        return Snapshot(old, keys).diff(new, Snapshot(new, keys))
    ops: list[Op] = []
    if old != new:
        _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    """Append to `ops` what turns `old` into `new`, which differ."""
    if type(old) is dict and type(new) is dict:
        for k in old:
            if k not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(k)}"})
        for k, v in new.items():
            if k not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(k)}", "value": v})
            elif old[k] != v:
                _diff(old[k], v, f"{path}/{_escape(k)}", ops)
    elif type(old) is list and type(new) is list:
        _list_ops(old, new, old.__getitem__, new, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _list_ops(old_cmp: Any, new_cmp: Any, old_value: Callable[[int], Any], new: list[Any], path: str,
              ops: list[Op], keys: tuple[Any, Any] | None = None) -> None:
    """A list's change to `new`. Elements are compared as `old_cmp[i]` and `new_cmp[j]` (the
    elements themselves, or their JSON texts), and an old element that changed is
    `old_value(i)`. With `keys` (each side's element identities): elements gone are
    removed, new ones added where they stand, kept ones compared; positionally if keys
    repeat or kept ones changed order. Positionally: the unchanged head and tail are
    skipped, the middle compared element by element, or the list replaced when much of
    it is new (a new list of legal actions)."""
    no, nn = len(old_cmp), len(new_cmp)
    if keys is not None:
        old_keys, new_keys = keys
        in_old, in_new = set(old_keys), set(new_keys)
        if (len(in_old) == len(old_keys) and len(in_new) == len(new_keys)
                and [k for k in old_keys if k in in_new] == [k for k in new_keys if k in in_old]):
            i = j = 0  # old[i] and new[j] stand at index j of the list being patched
            while i < no or j < nn:
                if i < no and old_keys[i] not in in_new:
                    ops.append({"op": "remove", "path": f"{path}/{j}"})
                    i += 1
                elif j < nn and new_keys[j] not in in_old:
                    ops.append({"op": "add", "path": f"{path}/{'-' if j == nn - 1 and i == no else j}",
                                "value": new[j]})
                    j += 1
                else:
                    if old_cmp[i] != new_cmp[j]:
                        _diff(old_value(i), new[j], f"{path}/{j}", ops)
                    i += 1
                    j += 1
            return
    if no < nn <= 2 * no + 2 and new_cmp[:no] == old_cmp:  # grown at the end (a history): compared in C
        ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new[no:])
        return
    if keys is None and nn:  # slid: the oldest gone, new ones at the end (a view's latest history)
        for d in range(1, min(no - 1, _most_slid(nn)) + 1):
            if old_cmp[d] == new_cmp[0] and old_cmp[d:] == new_cmp[:no - d]:
                _slide_ops(d, new[no - d:], path, ops)
                return
    shorter = min(no, nn)
    head = 0
    while head < shorter and old_cmp[head] == new_cmp[head]:
        head += 1
    tail = 0
    while tail < shorter - head and old_cmp[no - 1 - tail] == new_cmp[nn - 1 - tail]:
        tail += 1
    mid_old, mid_new = no - head - tail, nn - head - tail
    if max(mid_old, mid_new) > max(2, nn // 4):  # much of it is new: one value beats many ops
        ops.append({"op": "replace", "path": path, "value": new})
        return
    for i in range(head, head + min(mid_old, mid_new)):
        _diff(old_value(i), new[i], f"{path}/{i}", ops)
    if mid_new > mid_old:
        for i in range(head + mid_old, head + mid_new):
            ops.append({"op": "add", "path": f"{path}/{'-' if i == nn - 1 else i}", "value": new[i]})
    else:  # from the last, so that each index is still the element's
        for i in range(head + mid_old - 1, head + mid_new - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{i}"})


class Snapshot:
    """A document (an object at the top) kept as JSON text: each top-level value's text, and
    for a list each element's (with its key, for lists matched by identity). `diff` against
    it parses only what changed. A server keeps the last view of every game so: held as
    objects, hundreds of views of a thousand containers each, replaced at every move, made
    the garbage collector stop the server for 100-300 ms every few seconds (see feed.py)."""

    __slots__ = ("parts",)
    # a top-level value's text, or a list's: (its elements' texts, their keys or None)
    parts: dict[str, str | tuple[tuple[str, ...], tuple[Hashable, ...] | None]]

    def __init__(self, doc: dict[str, Any], keys: Keys | None = None, before: Snapshot | None = None):
        """`before`: the snapshot whose text a value KEPT or Grown in `doc` takes (the builder
        of `doc` knew it unchanged, or grown, and did not build it again)."""
        parts: dict[str, Any] = {}
        held: dict[str, Any] = {} if before is None else before.parts  # (KEPT and Grown come with a before)
        for k, v in doc.items():
            if v is KEPT:
                parts[k] = held[k]
            elif type(v) is Grown:
                texts, ids = held[k]
                if len(texts) != v.n:
                    raise ValueError(f"{k}: grown from {v.n} elements, but {len(texts)} are held")
                key = keys.get(k) if keys else None
                d = v.drop
                grown = texts[d:] + tuple(map(dumps, v.tail))
                if ids is None:
                    parts[k] = (grown, None)
                else:
                    assert key is not None  # (a list's keys are held only if it has a key)
                    parts[k] = (grown, ids[d:] + tuple(map(key, v.tail)))
            elif type(v) is list:
                key = keys.get(k) if keys else None
                parts[k] = (tuple(map(dumps, v)), None if key is None else tuple(map(key, v)))
            else:
                parts[k] = dumps(v)
        self.parts = parts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Snapshot) and self.parts == other.parts

    def json(self) -> str:
        """The document's JSON text."""
        return "{" + ",".join(dumps(k) + ":" + (v if type(v) is str else "[" + ",".join(v[0]) + "]")
                              for k, v in self.parts.items()) + "}"

    def diff(self, doc: dict[str, Any], new: Snapshot) -> list[Op]:
        """The ops that turn this snapshot's document into `doc`, whose snapshot is `new`."""
        ops: list[Op] = []
        was = self.parts
        for k in was:
            if k not in new.parts:
                ops.append({"op": "remove", "path": "/" + _escape(k)})
        for k, now in new.parts.items():
            path = "/" + _escape(k)
            if k not in was:
                ops.append({"op": "add", "path": path, "value": doc[k]})
            elif was[k] is not now and was[k] != now:  # (a KEPT value is the same object)
                before = was[k]
                if type(before) is tuple and type(now) is tuple:
                    _diff_texts(before, now, doc[k], path, ops)
                else:
                    old = loads(before) if type(before) is str else [loads(t) for t in before[0]]
                    _diff(old, doc[k], path, ops)
        return ops


def _most_slid(n: int) -> int:
    """The most elements a list of `n` may lose at its head and still be patched as slid."""
    return max(2, n // 4)


def _slide_ops(d: int, tail: list[Any], path: str, ops: list[Op]) -> None:
    ops.extend({"op": "remove", "path": f"{path}/0"} for _ in range(d))
    ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in tail)


def _diff_texts(before: tuple[Any, Any], now: tuple[Any, Any], new: list[Any] | Grown, path: str,
                ops: list[Op]) -> None:
    """A list's change from its elements' texts (and keys) `before` to `new`, whose are `now`;
    an element that changed is parsed and compared."""
    (old, old_keys), (texts, new_keys) = before, now
    keys = None if old_keys is None or new_keys is None else (old_keys, new_keys)
    if type(new) is Grown:
        no, nn, d = len(old), len(texts), new.drop
        if keys is None and 0 < d < no and d <= _most_slid(nn):  # slid, as _list_ops finds it
            _slide_ops(d, new.tail, path, ops)
            return
        if keys is None and not d and no < nn <= 2 * no + 2:  # grown at the end, as _list_ops finds it: the tail added
            ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new.tail)
            return
        new = [loads(t) for t in old[d:]] + new.tail
    _list_ops(old, texts, lambda i: loads(old[i]), new, path, ops, keys)


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~") if "~" in token else token


def apply(doc: Any, ops: list[Op]) -> Any:
    """`ops` (add, remove, replace) applied to `doc`, in place; returns the document (a new
    one only if an op replaces the whole). ValueError if an op does not fit the document."""
    for op in ops:
        try:
            kind, path = op["op"], op["path"]
            if path == "":
                if kind not in ("add", "replace"):
                    raise ValueError(f"cannot {kind} the whole document")
                doc = op["value"]
                continue
            tokens = path.split("/")
            parent = doc
            for t in tokens[1:-1]:
                parent = parent[int(t)] if type(parent) is list else parent[_unescape(t)]
            last = tokens[-1]
            if type(parent) is list:
                if kind == "add":
                    if last == "-":
                        parent.append(op["value"])
                    else:
                        i = int(last)
                        if not 0 <= i <= len(parent):
                            raise IndexError(i)
                        parent.insert(i, op["value"])
                    continue
                i = int(last)
                if not 0 <= i < len(parent):
                    raise IndexError(i)
                if kind == "replace":
                    parent[i] = op["value"]
                elif kind == "remove":
                    del parent[i]
                else:
                    raise ValueError(f"unknown op {kind!r}")
            else:
                last = _unescape(last)
                if kind == "add":
                    parent[last] = op["value"]
                elif kind == "replace":
                    if last not in parent:
                        raise KeyError(last)
                    parent[last] = op["value"]
                elif kind == "remove":
                    del parent[last]
                else:
                    raise ValueError(f"unknown op {kind!r}")
        except (KeyError, IndexError, TypeError, AttributeError) as e:
            raise ValueError(f"patch op {op!r} does not fit the document: {e!r}") from None
    return doc
