"""Actions and their notation.

An `Action` *is* its notation string (a `str` subclass) with the parsed fields
attached as `kind` and `args`; actions are interned, so building the same one
twice gives the same object. Spaces are named like chess squares (`f1`: column
f, row 1 from the north); the notation does not depend on the map, so parsing
checks the form only, and the game checks that the space exists.

| kind  | text                  | args                         | when                                |
|-------|-----------------------|------------------------------|-------------------------------------|
| P     | Pf1                   | (space,)                     | set-up: put the explorer on a city  |
| S     | Sg5                   | (space,)                     | a step of 0, 1 or 2 spaces          |
| jump  | jump                  | ()                           | turn start: choose to jump (A)      |
| J     | Jk9                   | (space,)                     | where the jump lands                |
| D     | Dg6                   | (space,)                     | discover the face-down tile there   |
| A     | Ag6                   | (space,)                     | move the face-up animal there       |
| N     | Ng6                   | (space,)                     | move the face-up nomads there       |
| >     | >h7                   | (space,)                     | where the animal or nomads go       |
| B     | B+, B$                | ("+",) or ("$",)             | base camp for points / to explore   |
| pass  | pass                  | ()                           | no action after this step           |
| E     | E1:robe, E1:robe*     | (seat, object kind, all)     | exchange the new object             |
| keep  | keep                  | ()                           | no exchange                         |
| ~     | ~elephant, ~gold-2    | (tile id,)                   | explicit chance: the tile turned up |
| out   | out                   | ()                           | the seat to act leaves the game     |

`~` actions are chance outcomes, in explicit-chance games only (savanna/chance.py):
after `D<space>`, the kind of tile that space turns out to hold.

`out` is administrative, not a move: the seat to act leaves the game (leaving.py).
`apply` takes it, `legal_actions` never offers it, so players, search and the
research encodings never see it; a game that holds it replays like any other.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

from .board import Board

SETUP, STEP, JUMP, JUMP_TO, DISCOVER, ANIMAL, NOMAD, TO, CAMP, PASS, EXCHANGE, KEEP, CHANCE, OUT = (
    "P", "S", "jump", "J", "D", "A", "N", ">", "B", "pass", "E", "keep", "~", "out")
SPACE_KINDS = (SETUP, STEP, JUMP_TO, DISCOVER, ANIMAL, NOMAD, TO)
CAMP_POINTS, CAMP_EXPLORE = "+", "$"


class Action(str):
    """One action: its notation string, with `kind` and `args` attached."""

    kind: str
    args: tuple[Any, ...]  # by kind: space names, seats, kinds, None (parse)

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"

    @staticmethod
    def parse(text: str) -> "Action":
        """Parse notation; raise ValueError saying what is malformed."""
        return parse(text)


_CACHE: dict[str, Action] = {}


def _make(text: str, kind: str, args: tuple[Any, ...]) -> Action:
    a = _CACHE.get(text)
    if a is None:
        a = str.__new__(Action, text)
        a.kind = kind
        a.args = args
        _CACHE[text] = a
    return a


def on_space(kind: str, name: str) -> Action:
    """A space action (P, S, J, D, A, N or >) on the space named `name`."""
    return _make(kind + name, kind, (name,))


def space_tables(board: Board) -> dict[str, list[Action]]:
    """The space actions of a board, by kind, indexed by space (built once per board)."""
    t = _SPACE_TABLES.get(board)
    if t is None:
        t = _SPACE_TABLES[board] = {k: [on_space(k, lb) for lb in board.labels] for k in SPACE_KINDS}
    return t


_SPACE_TABLES: weakref.WeakKeyDictionary[Board, dict[str, list[Action]]] = weakref.WeakKeyDictionary()


def space_of(a: Action, board: Board) -> int:
    """The space a space action names, as an int; ValueError if the map has none of that name."""
    sp = board.index.get(a.args[0])
    if sp is None:
        raise ValueError(f"illegal action {a}: {a.args[0]} is not a space of the map")
    return sp


def camp(purpose: str) -> Action:
    return CAMP_FOR_POINTS if purpose == CAMP_POINTS else CAMP_TO_EXPLORE


def exchange(seat: int, kind: str, everything: bool = False) -> Action:
    """An exchange (not interned: object kinds come from the data)."""
    a = str.__new__(Action, f"E{seat}:{kind}{'*' if everything else ''}")
    a.kind = EXCHANGE
    a.args = (seat, kind, everything)
    return a


def outcome(tile_id: str) -> Action:
    """A chance outcome: the tile turned up (not interned: tile ids come from the data)."""
    a = str.__new__(Action, f"~{tile_id}")
    a.kind = CHANCE
    a.args = (tile_id,)
    return a


JUMP_ACTION = _make("jump", JUMP, ())
PASS_ACTION = _make("pass", PASS, ())
KEEP_ACTION = _make("keep", KEEP, ())
OUT_ACTION = _make("out", OUT, ())
CAMP_FOR_POINTS = _make("B+", CAMP, (CAMP_POINTS,))
CAMP_TO_EXPLORE = _make("B$", CAMP, (CAMP_EXPLORE,))

_RE_SPACE = re.compile(r"([PSJDAN>])([a-z][1-9][0-9]?)")
_RE_EXCHANGE = re.compile(r"E([0-9]):([a-z][a-z0-9-]{0,23})(\*?)")
_RE_OUTCOME = re.compile(r"~([a-z][a-z0-9-]{0,23})")
_NAMES = {SETUP: "explorer placement", STEP: "step", JUMP_TO: "jump", DISCOVER: "discovery",
          ANIMAL: "animal move", NOMAD: "nomad move", TO: "destination"}


def parse(text: str) -> Action:
    """Parse an action string. Raises ValueError naming what is malformed."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ValueError(f"an action must be a string, not {type(text).__name__}")
    a = _CACHE.get(text)
    if a is not None:
        return a
    t = text.strip()
    a = _CACHE.get(t)
    if a is not None:
        return a
    if t[:1] in _NAMES:
        m = _RE_SPACE.fullmatch(t)
        if not m:
            raise ValueError(f"malformed {_NAMES[t[0]]} {text!r}: expected {t[0]}<space>, a space being a column "
                             f"letter and a row number, e.g. {t[0]}f1")
        return on_space(m[1], m[2])
    if t.startswith("E"):
        m = _RE_EXCHANGE.fullmatch(t)
        if not m:
            raise ValueError(f"malformed exchange {text!r}: expected E<seat>:<object kind>, or E<seat>:<object kind>* "
                             "for all of that kind, e.g. E1:robe")
        return exchange(int(m[1]), m[2], m[3] == "*")
    if t.startswith("~"):
        m = _RE_OUTCOME.fullmatch(t)
        if not m:
            raise ValueError(f"malformed chance outcome {text!r}: expected ~<tile id>, e.g. ~elephant")
        return outcome(m[1])
    if t.startswith("B"):
        raise ValueError(f"malformed base camp {text!r}: expected B+ (for points) or B$ (to explore)")
    raise ValueError(f"malformed action {text!r}: not one of P<space>, S<space>, jump, J<space>, D<space>, "
                     "A<space>, N<space>, ><space>, B+, B$, pass, E<seat>:<kind>[*], keep, ~<tile>, out")
