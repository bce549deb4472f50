"""Actions and their notation.

An `Action` *is* its notation string (a `str` subclass), with the parsed
fields attached as `kind` and `args`, so actions print, compare, hash and
serialise as the strings of SAFARI.md while the engine reads integers.
Actions are interned: building the same one twice returns the same object,
which keeps legal-move generation to dictionary look-ups.

| kind   | text               | args                          |
|--------|--------------------|-------------------------------|
| T      | T2,-1@90           | (space, rotation index 0..3)  |
| M      | M:trail:S, M:baobab| (feature kind, side or -1)    |
| D      | D1,0:SE=G          | (space, corner 0..3, animal)  |
| X      | X2,0:SW=Z          | (space, corner 0..3, animal)  |
| R      | R-1,-1>0,-1        | (from space, to space)        |
| pass   | pass               | ()                            |
| +      | +L, +none          | (animal or None,)             |
| R>     | R>3,0              | (space,)                      |
| ~      | ~S05, ~S03/2, ~A   | (tile outcome or animal,)     |
| out    | out                | ()                            |

`~` actions are chance outcomes (explicit-chance games only, see
savanna/chance.py): the land tile drawn, named as the tile set's outcome
(`TileSet.outcome_names`: a type's id when all its copies are alike, else the
first copy of those alike), or the animal token drawn. Which of the two a
chance node draws is the game's to say; parsing checks the form only.

`out` is administrative, not a move: the seat to act leaves the game (leaving.py).
`apply` takes it, `legal_actions` never offers it, so players, search and the
research encodings never see it; a game that holds it replays like any other.
"""

from __future__ import annotations

import re
from typing import Any

from .geometry import CORNERS, LIMIT, ROTATIONS, SIDES, fmt_space, in_range, slot_corner, space

PLACE, MEEPLE, DIG, EXPAND, MOVE, PASS, ADD, RETURN = "T", "M", "D", "X", "R", "pass", "+", "R>"
CHANCE = "~"
OUT = "out"


class Action(str):
    """One action: its notation string, with `kind` and `args` attached."""

    kind: str
    args: tuple[Any, ...]  # by kind: spaces, corners, letters, None (parse)

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"

    @staticmethod
    def parse(text: str) -> "Action":
        """Parse notation; raise ValueError saying what is malformed."""
        return parse(text)


def _make(text: str, kind: str, args: tuple[Any, ...]) -> Action:
    a = str.__new__(Action, text)
    a.kind = kind
    a.args = args
    return a


# the actions made so far, by code (one object per action): the hot loops of legal_actions
# (table.py, rangers.py) read these before asking place, move or put_back to make one
PLACE_ACTIONS: dict[int, Action] = {}
_MEEPLE: dict[tuple[str, int | None], Action] = {}
_CORNER: dict[int, Action] = {}
MOVE_ACTIONS: dict[int, Action] = {}
_ADD: dict[str | None, Action] = {}
RETURN_ACTIONS: dict[int, Action] = {}
_OUTCOME: dict[str, Action] = {}
PASS_ACTION = _make("pass", PASS, ())
OUT_ACTION = _make("out", OUT, ())


def place(sp: int, rot: int) -> Action:
    key = sp * 4 + rot
    a = PLACE_ACTIONS.get(key)
    if a is None:
        a = PLACE_ACTIONS[key] = _make(f"T{fmt_space(sp)}@{ROTATIONS[rot]}", PLACE, (sp, rot))
    return a


def meeple(kind: str, side: int = -1) -> Action:
    key = (kind, side)
    a = _MEEPLE.get(key)
    if a is None:
        text = f"M:{kind}" if side < 0 else f"M:{kind}:{SIDES[side]}"
        a = _MEEPLE[key] = _make(text, MEEPLE, key)
    return a


def corner_action(kind: str, sp: int, corner: int, animal: str) -> Action:
    """A dig (kind D) or expand (kind X) on corner `corner` of space `sp`."""
    key = ((sp * 4 + corner) << 8 | ord(animal)) << 1 | (kind == EXPAND)
    a = _CORNER.get(key)
    if a is None:
        a = _CORNER[key] = _make(f"{kind}{fmt_space(sp)}:{CORNERS[corner]}={animal}", kind, (sp, corner, animal))
    return a


def move(src: int, dst: int) -> Action:
    key = src << 24 | dst
    a = MOVE_ACTIONS.get(key)
    if a is None:
        a = MOVE_ACTIONS[key] = _make(f"R{fmt_space(src)}>{fmt_space(dst)}", MOVE, (src, dst))
    return a


def add(animal: str | None) -> Action:
    a = _ADD.get(animal)
    if a is None:
        a = _ADD[animal] = _make(f"+{animal or 'none'}", ADD, (animal,))
    return a


def return_ranger(sp: int) -> Action:
    a = RETURN_ACTIONS.get(sp)
    if a is None:
        a = RETURN_ACTIONS[sp] = _make(f"R>{fmt_space(sp)}", RETURN, (sp,))
    return a


def outcome(name: str) -> Action:
    """A chance outcome: the land tile outcome or the animal letter drawn."""
    a = _OUTCOME.get(name)
    if a is None:
        a = _OUTCOME[name] = _make(f"~{name}", CHANCE, (name,))
    return a


_DIG_ROWS: dict[int, dict[str, Action]] = {}  # slot -> letter -> dig action


def dig_row(slot: int) -> dict[str, Action]:
    """The dig actions on one slot, by animal letter (interned)."""
    row = _DIG_ROWS.get(slot)
    if row is None:
        sp, c = slot_corner(slot)
        row = _DIG_ROWS[slot] = _LazyRow(sp, c)
    return row


class _LazyRow(dict[str, Action]):
    """A slot's dig actions, each made when first asked for."""
    __slots__ = ("sp", "c")

    def __init__(self, sp: int, c: int):
        super().__init__()
        self.sp, self.c = sp, c

    def __missing__(self, animal: str) -> Action:
        a = self[animal] = corner_action(DIG, self.sp, self.c, animal)
        return a


_INT = r"(-?[0-9]{1,4})"
_RE_PLACE = re.compile(rf"T{_INT},{_INT}@([0-9]{{1,3}})")
_RE_MEEPLE = re.compile(r"M:(trail|bush|baobab)(?::([NESW]))?")
_RE_CORNER = re.compile(rf"([DX]){_INT},{_INT}:(NE|SE|SW|NW)=([A-Z])")
_RE_MOVE = re.compile(rf"R{_INT},{_INT}>{_INT},{_INT}")
_RE_RETURN = re.compile(rf"R>{_INT},{_INT}")
_RE_ADD = re.compile(r"\+([A-Z]|none)")
_RE_OUTCOME = re.compile(r"~([^\s~]{1,40})")


def _sp(xs: str, ys: str, text: str) -> int:
    x, y = int(xs), int(ys)
    if not in_range(x, y):
        raise ValueError(f"malformed action {text!r}: coordinates must lie within ±{LIMIT}")
    return space(x, y)


def parse(text: str) -> Action:
    """Parse an action string. Raises ValueError naming what is malformed."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ValueError(f"an action must be a string, not {type(text).__name__}")
    t = text.strip()
    if t == "pass":
        return PASS_ACTION
    if t == "out":
        return OUT_ACTION
    if t.startswith("T"):
        m = _RE_PLACE.fullmatch(t)
        if not m:
            raise ValueError(f"malformed tile placement {text!r}: expected T<x>,<y>@<rotation>, e.g. T2,-1@90")
        r = int(m[3])
        if r not in ROTATIONS:
            raise ValueError(f"malformed tile placement {text!r}: rotation must be 0, 90, 180 or 270")
        return place(_sp(m[1], m[2], text), ROTATIONS.index(r))
    if t.startswith("M"):
        m = _RE_MEEPLE.fullmatch(t)
        if not m:
            raise ValueError(f"malformed meeple action {text!r}: expected M:<trail|bush|baobab>[:<N|E|S|W>]")
        if m[1] == "baobab" and m[2]:
            raise ValueError(f"malformed meeple action {text!r}: a baobab has no side")
        return meeple(m[1], SIDES.index(m[2]) if m[2] else -1)
    if t[:1] in ("D", "X"):
        m = _RE_CORNER.fullmatch(t)
        if not m:
            raise ValueError(f"malformed watering hole action {text!r}: expected {t[0]}<x>,<y>:<NE|SE|SW|NW>=<animal>")
        return corner_action(m[1], _sp(m[2], m[3], text), CORNERS.index(m[4]), m[5])
    if t.startswith("R>"):
        m = _RE_RETURN.fullmatch(t)
        if not m:
            raise ValueError(f"malformed ranger placement {text!r}: expected R><x>,<y>")
        return return_ranger(_sp(m[1], m[2], text))
    if t.startswith("R"):
        m = _RE_MOVE.fullmatch(t)
        if not m:
            raise ValueError(f"malformed ranger move {text!r}: expected R<x>,<y>><x>,<y>")
        return move(_sp(m[1], m[2], text), _sp(m[3], m[4], text))
    if t.startswith("+"):
        m = _RE_ADD.fullmatch(t)
        if not m:
            raise ValueError(f"malformed token addition {text!r}: expected +<animal letter> or +none")
        return add(None if m[1] == "none" else m[1])
    if t.startswith("~"):
        m = _RE_OUTCOME.fullmatch(t)
        if not m:
            raise ValueError(f"malformed chance outcome {text!r}: expected ~<tile> (e.g. ~S05, ~S03/2) "
                             "or ~<animal letter> (e.g. ~A)")
        # (interned only when the engine names it: any text may be parsed, the cache stays small)
        return _OUTCOME.get(m[1]) or _make(t, CHANCE, (m[1],))
    raise ValueError(
        f"malformed action {text!r}: not one of T<x>,<y>@<r>, M:<kind>[:<side>], D.., X.., R<from>><to>, pass, "
        "+<animal>, R><x>,<y>, ~<outcome>, out"
    )
