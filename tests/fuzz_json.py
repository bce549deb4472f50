"""Mutations of a valid JSON document, for the loaders' fuzz tests (tests/test_loaders_fuzz.py,
tests/test_web_uploads_fuzz.py).

Nothing here knows a file format: a document's fields are found by walking it, so that a
field a save gains later (a section of seats, say) is fuzzed as soon as the saves the tests
start from hold it. A field is a path with its list positions left out ("tiles.*.features.*.edges"):
every copy of a tile is one field, and each field is as likely to be drawn as any other,
however many instances the document holds of it.

A mutation replaces a value (by any JSON value: null, booleans, numbers small, negative,
huge and not finite, strings empty, long and odd, lists, objects, nested deep, or another
value of the same document, which has the right shape for some other field), edits it a
little (a number off by one, a string cut or with a character changed: what gets past a
check of the type to the checks of meaning), deletes it, adds an unknown key or a list
element, or repeats a list element.
"""

from __future__ import annotations

import copy
import json
import math
import sys
from dataclasses import dataclass
from typing import Any, Iterator

from hypothesis import strategies as st

Path = tuple[Any, ...]

# A Python int of more digits than int() and str() convert (sys.get_int_max_str_digits): a
# parsed document can hold one only if it was built in Python, but a check that writes it
# into a message with repr() fails on it. (JSON text of one is refused by the parser.)
BIG_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
TOO_LONG_TO_PRINT = 10 ** (BIG_DIGITS + 10)
DEEP = 5000  # levels of nesting: past Python's recursion limit
LONG = 100_000  # characters or elements


def nested(depth: int, kind: str = "list") -> Any:
    """[[[...]]] or {"a": {"a": ...}} `depth` levels deep, built without recursion."""
    value: Any = None
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


# the values every field is tried with in the sweep: one of each JSON type, the edges of each
SWEEP_VALUES: list[tuple[str, Any]] = [
    ("null", None), ("false", False), ("true", True), ("0", 0), ("-1", -1), ("2**64", 2**64),
    ("-2**300", -2**300), ("huge int", TOO_LONG_TO_PRINT), ("1.5", 1.5), ("1.0", 1.0), ("nan", math.nan),
    ("inf", math.inf), ('""', ""), ("long string", "x" * LONG), ("odd string", "\x00\u00e9\U0001f418 N"),
    ("[]", []), ("{}", {}), ("[null]", [None]), ("[0]", [0]), ('[""]', [""]), ("[[]]", [[]]), ("[{}]", [{}]),
    ('{"": null}', {"": None}), ("long list", [0] * LONG), ("deep list", nested(DEEP)),
    ("deep object", nested(DEEP, "object")),
]

_INTS = st.one_of(
    st.integers(-3, 300),
    st.integers(),
    st.sampled_from([-2**31, 2**31, 2**63 - 1, -2**63, 2**64 + 1, 2**255, 2**256, 2**257, -10**30, 10**100]),
    # (built, not listed: Hypothesis writes out a strategy's listed values, and these it cannot)
    st.booleans().map(lambda minus: -TOO_LONG_TO_PRINT if minus else TOO_LONG_TO_PRINT),
)
_TEXT = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="NESWstbAGZ0123456789-/~@,:=>+$ abcdefghijklmnopqrstuvwxyz", max_size=8),
    st.sampled_from(["", " ", "x" * LONG, "\x00", "\ud800", "null", "0", "-1", "1e999", "N", "s", "ssss", "tttt",
                     "START", "S01", "S01/1", "real-1", "reconstruction-1", "f2", "f1", "a1", "elephant", "lion",
                     "explicit", "sampled", "all", "majority", "{", "[", "safari", "africa"]),
)
SCALARS = st.one_of(st.none(), st.booleans(), _INTS, st.floats(allow_nan=True, allow_infinity=True), _TEXT)
VALUES = st.one_of(
    SCALARS,
    st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=6) | st.dictionaries(_TEXT, kids, max_size=6),
                 max_leaves=24),
    st.builds(nested, st.integers(2, DEEP), st.sampled_from(["list", "object"])),
    st.sampled_from(["zeros", "blanks", "keys"]).map(
        lambda kind: [0] * LONG if kind == "zeros" else [""] * LONG if kind == "blanks" else {str(i): i for i in range(10_000)}),
)


def shown(value: Any, chars: int = 80) -> str:
    """`value` in a test's report: cut short, and a huge number by its size."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"{'-' if value < 0 else ''}a number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge number inside, or nested too deeply
        text = f"a {type(value).__name__} too big to write out"
    return text if len(text) <= chars else f"{type(value).__name__} {text[:chars - 20]}..."


def walk(doc: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value in `doc` with its path, the document itself first; in what a mutation
    put there (a long or deep value), only its first levels and the ends of its lists."""
    todo = [(path, doc)]
    while todo:
        p, v = todo.pop()
        yield p, v
        if len(p) >= 40:
            continue
        if isinstance(v, dict):
            todo.extend((p + (k,), x) for k, x in reversed(list(v.items())[:1000]))
        elif isinstance(v, list):
            at = range(len(v)) if len(v) <= 1000 else (0, 1, len(v) - 1)
            todo.extend((p + (i,), v[i]) for i in reversed(at))


def field(path: Path) -> str:
    """The field a path is an instance of: its keys, each list position written '*'."""
    return ".".join("*" if isinstance(k, int) else str(k) for k in path) or "(the whole document)"


def fields(doc: Any) -> dict[str, list[Path]]:
    """Each field of `doc` with the paths of its instances, in document order."""
    out: dict[str, list[Path]] = {}
    for p, _ in walk(doc):
        out.setdefault(field(p), []).append(p)
    return out


def get(doc: Any, path: Path) -> Any:
    for k in path:
        doc = doc[k]
    return doc


@dataclass(frozen=True)
class Mutation:
    op: str  # "replace", "edit", "delete", "add", "repeat"
    path: Path
    value: Any = None

    def __repr__(self) -> str:
        return f"{self.op} {field(self.path)} at {list(self.path)}" + (f": {shown(self.value)}" if self.op != "delete" else "")

    def apply(self, doc: Any) -> Any:
        """`doc` changed; `doc` is left as it was (the objects and lists on the path are copied,
        the rest is shared: a deep or long value is never copied)."""
        if not self.path:
            return self.value if self.op in ("replace", "edit") else doc
        doc = top = copy.copy(doc)
        for k in self.path[:-1]:
            doc[k] = copy.copy(doc[k])
            doc = doc[k]
        parent, key = doc, self.path[-1]
        if self.op in ("replace", "edit"):
            parent[key] = self.value
        elif self.op == "delete":
            del parent[key]
        elif self.op == "add":  # a key beside this one, or an element before this one
            if isinstance(parent, dict):
                parent[f"{key}_"] = self.value
            else:
                parent.insert(key, self.value)
        elif self.op == "repeat":
            if isinstance(parent, list):
                parent.insert(key, parent[key])
            else:
                parent[f"{key}_"] = parent[key]
        return top


def edited(value: Any) -> st.SearchStrategy:
    """`value` changed a little: what passes a check of its type and meets the checks of its meaning."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.sampled_from([value + 1, value - 1, -value, value * 1000 + 7, -value - 1, 0])
    if isinstance(value, float):
        return st.sampled_from([value + 0.5, -value, math.floor(value)])
    if isinstance(value, str):
        if not value:
            return st.text(min_size=1, max_size=3)
        return st.one_of(
            st.integers(0, len(value) - 1).map(lambda i: value[:i] + value[i + 1:]),  # a character left out
            st.tuples(st.integers(0, len(value) - 1), st.characters()).map(
                lambda ic: value[:ic[0]] + ic[1] + value[ic[0] + 1:]),  # one changed
            st.just(value + value[-1]), st.just(value.upper()), st.just(value.lower()), st.just(value * 3))
    if isinstance(value, list):
        if not value:
            return st.just([None])
        return st.one_of(st.just(value[:-1]), st.just(value[::-1]), st.just(value + value), st.just([value]))
    if isinstance(value, dict):
        return st.one_of(st.just({}), st.just({k: v for k, v in list(value.items())[:-1]}), st.just([value]),
                         st.just(list(value.values())))
    return st.just(value)


@st.composite
def mutation(draw, doc: Any) -> Mutation:
    """One mutation of `doc`: a field drawn first (each as likely as any other), then one of
    its instances, then what is done to it."""
    by_field = fields(doc)
    paths = by_field[draw(st.sampled_from(sorted(by_field)))]
    path = draw(st.sampled_from(paths))
    here = get(doc, path)
    ops = ["replace", "replace", "edit", "replace_from_doc"] + (["delete", "add", "repeat"] if path else [])
    op = draw(st.sampled_from(ops))
    if op == "replace":
        return Mutation("replace", path, draw(VALUES))
    if op == "replace_from_doc":  # another field's value: the right shape for something
        others = [v for _, v in walk(doc)]
        return Mutation("replace", path, draw(st.sampled_from(others)))
    if op == "edit":
        return Mutation("edit", path, draw(edited(here)))
    if op == "add":
        return Mutation("add", path, draw(VALUES))
    return Mutation(op, path)


@st.composite
def mutated(draw, docs: list[str], most: int = 3) -> tuple[Any, list[Mutation]]:
    """One of `docs` (JSON texts: each example parses its own) with 1 to `most` mutations, each
    drawn on the document as the last left it; and the mutations."""
    doc = json.loads(draw(st.sampled_from(docs)))
    done = []
    for _ in range(draw(st.integers(1, most))):
        m = draw(mutation(doc))
        doc = m.apply(doc)
        done.append(m)
    return doc, done


def sweep(doc: Any, quick: bool = False, done: set[str] | None = None) -> Iterator[Mutation]:
    """Every field of `doc`, its first and its last instance, given each of SWEEP_VALUES,
    deleted, with an unknown key or element added, and repeated. `quick`: the first instance
    only, given three of the values in turn (field after field, so that every value is tried
    on some fields) and deleted, and not the fields in `done` (those swept in another file,
    to which this adds its own): a sweep of a few hundred loads instead of thousands."""
    for n, (name, paths) in enumerate(fields(doc).items()):
        if quick and done is not None:
            if name in done:
                continue
            done.add(name)
        for path in dict.fromkeys((paths[0],) if quick else (paths[0], paths[-1])):
            values = [SWEEP_VALUES[(3 * n + i) % len(SWEEP_VALUES)] for i in range(3)] if quick else SWEEP_VALUES
            for _, value in values:
                yield Mutation("replace", path, value)
            if path:
                yield Mutation("delete", path)
                if not quick:
                    yield Mutation("add", path, None)
                    yield Mutation("repeat", path)
