"""The hex map: spaces, their names, neighbours and distances.

The map is drawn in the data as rows of characters ("odd-r" layout: pointy-top
hexagons, the odd rows -- the 2nd, 4th, ... -- sitting half a hex to the east
of the even ones). `o` is a discovery space, a digit a city, `.` no space.

A space is named like a chess square: its column as a letter (a = the
westernmost column) and its row as a number counted from 1 at the top (north):
`f1` is column f of the first row. Inside the engine a space is a small int,
its index in reading order.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from savanna.limits import short

from .limits import COLUMNS, ROWS

LABEL = re.compile(r"[a-z][1-9][0-9]?")
LAYOUTS = ("odd-r",)
DISCOVERY = "o"
NOTHING = ".", " "

# neighbour offsets (drow, dcol) on an even row and on an odd row of an odd-r layout
_EVEN = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
_ODD = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1))


def label(row: int, col: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_label(text: str) -> tuple[int, int]:
    """(row, col) of a space name like 'f1'; ValueError if malformed."""
    if not isinstance(text, str) or not LABEL.fullmatch(text):
        raise ValueError(f"{short(text)} is not a space name (column letter and row number, like f1)")
    return int(text[1:]) - 1, ord(text[0]) - ord("a")


class Board:
    """The map. Spaces are ints 0..n-1 in reading order (row by row, west to east)."""

    def __init__(self, rows: list[str], cities: dict[str, str], layout: str = "odd-r"):
        if layout not in LAYOUTS:
            raise ValueError(f"map: layout must be one of {LAYOUTS}, not {layout!r}")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise ValueError("map: 'rows' must be a non-empty list of strings")
        if len(rows) > ROWS or max(len(r) for r in rows) > COLUMNS:
            raise ValueError(f"map: at most {ROWS} rows of at most {COLUMNS} columns")
        if not isinstance(cities, dict) or not all(isinstance(k, str) and len(k) == 1 and isinstance(v, str) and v
                                                   for k, v in cities.items()):
            raise ValueError("map: 'cities' must map one-character marks to city names")
        self.rows = list(rows)
        self.layout = layout
        self.rc: list[tuple[int, int]] = []
        self.labels: list[str] = []
        self.city_name: list[str | None] = []
        at: dict[tuple[int, int], int] = {}
        seen_marks: set[str] = set()
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch in NOTHING:
                    continue
                if ch == DISCOVERY:
                    name = None
                elif ch in cities:
                    if ch in seen_marks:
                        raise ValueError(f"map: city mark {ch!r} appears twice")
                    seen_marks.add(ch)
                    name = cities[ch]
                else:
                    raise ValueError(f"map: row {r + 1} has {ch!r}, which is neither 'o', '.' nor a city mark")
                at[(r, c)] = len(self.rc)
                self.rc.append((r, c))
                self.labels.append(label(r, c))
                self.city_name.append(name)
        missing = set(cities) - seen_marks
        if missing:
            raise ValueError(f"map: cities {sorted(missing)} are not drawn on the map")
        if len(set(cities.values())) != len(cities):
            raise ValueError("map: two cities have the same name")
        self.n = len(self.rc)
        self.index: dict[str, int] = {lb: i for i, lb in enumerate(self.labels)}
        nbs = []
        for r, c in self.rc:
            offs = _ODD if r & 1 else _EVEN
            nbs.append(tuple(at[(r + dr, c + dc)] for dr, dc in offs if (r + dr, c + dc) in at))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(nbs)
        self.cities: tuple[int, ...] = tuple(i for i, n in enumerate(self.city_name) if n is not None)
        self.discovery: tuple[int, ...] = tuple(i for i, n in enumerate(self.city_name) if n is None)
        self.is_city = tuple(n is not None for n in self.city_name)
        self._check()

    def _check(self) -> None:
        if not self.cities:
            raise ValueError("map: there must be at least one city")
        # one piece of land: every space reachable from the first
        seen = {0}
        todo = [0]
        while todo:
            for nb in self.neighbours[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != self.n:
            lost = sorted(set(range(self.n)) - seen)
            raise ValueError(f"map: not all in one piece; {self.labels[lost[0]]} cannot be reached from {self.labels[0]}")
        for c in self.cities:
            room = sum(1 for nb in self.neighbours[c] if not self.is_city[nb])
            if room < 2:
                raise ValueError(f"map: city {self.city_name[c]} ({self.labels[c]}) needs at least two discovery "
                                 f"spaces around it, not {room}")
            for nb in self.neighbours[c]:
                if self.is_city[nb]:
                    raise ValueError(f"map: cities {self.city_name[c]} and {self.city_name[nb]} touch")

    # ------------------------------------------------------------ geometry

    def cube(self, sp: int) -> tuple[int, int, int]:
        r, c = self.rc[sp]
        x = c - (r - (r & 1)) // 2
        return x, r, -x - r

    def distance(self, a: int, b: int) -> int:
        """Hexes between two spaces as the crow flies (ignoring holes in the map)."""
        ax, ay, az = self.cube(a)
        bx, by, bz = self.cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def within(self, start: int, steps: int, passable: Callable[[int], bool]) -> list[int]:
        """Spaces reachable from `start` in at most `steps` steps, each step onto a
        neighbour for which `passable(space)` holds; `start` itself first."""
        out = [start]
        seen = {start}
        frontier = [start]
        nbs = self.neighbours
        for _ in range(steps):
            nxt = []
            for sp in frontier:
                for nb in nbs[sp]:
                    if nb not in seen and passable(nb):
                        seen.add(nb)
                        nxt.append(nb)
                        out.append(nb)
            frontier = nxt
        return out

    def space(self, name: str) -> int:
        """The index of a space by name; ValueError if the map has no such space (or `name` is not text)."""
        i = self.index.get(name) if isinstance(name, str) else None
        if i is None:
            parse_label(name)
            raise ValueError(f"{name} is not a space of the map")
        return i

    def where(self, sp: int) -> str:
        """A space as messages name it: its label, and its city's name if it is one ("f1 (Algiers)")."""
        lb = self.labels[sp]
        name = self.city_name[sp]
        return f"{lb} ({name})" if name else lb

    def spaces(self, names: Iterable[str]) -> list[int]:
        return [self.space(n) for n in names]
