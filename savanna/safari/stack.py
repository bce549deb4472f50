"""The land tile stack: the tiles named by `tile_order` on top, top first, and the rest
shuffled by the seed (Game.__init__); an explicit-chance game's stack is a multiset in no
order, each draw a chance node whose outcome names the tile (copies alike are one outcome).

A tile drawn that fits nowhere on the table is removed from the game (`removed`) and the
next one drawn; when the stack runs out, the game ends. A game keeps `stack` (copies,
a sampled game's top at the end), `removed` and `tile` (the drawn copy, else -1).
"""

from __future__ import annotations

from typing import Iterable

from savanna.limits import at_most, short

from . import actions as act
from . import limits
from .table import fits_anywhere
from .tileset import TileSet
from .state import State
from .actions import Action


def check_order(ts: TileSet, tile_order: Iterable[str] | None) -> list[int]:
    """The copies of a game's `tile_order` (the land tiles drawn first, top first), checked against the set."""
    if tile_order is None:
        return []
    if isinstance(tile_order, str):
        tile_order = tile_order.replace(",", " ").split()
    if not isinstance(tile_order, (list, tuple)):
        raise ValueError(f"tile_order must be a list of tile names like ['S03', 'S07/2'], not {short(tile_order)}")
    at_most("tile_order", tile_order, limits.TILES, "tiles")  # (past the set's own, the loop says which)
    used: set[int] = set()
    out = []
    for name in tile_order:
        if not isinstance(name, str):
            raise ValueError(f"tile_order entries must be tile names like 'S03' or 'S03/2', not {short(name)}")
        if "/" in name:
            c = ts.copy_by_name.get(name)
            if c is None:
                raise ValueError(f"tile_order: no tile copy {short(name)} in this tile set")
            if c.index in used:
                raise ValueError(f"tile_order: tile {short(name)} is listed twice")
        else:
            if name not in ts.type_by_id:
                raise ValueError(f"tile_order: no tile type {short(name)} in this tile set")
            c = next((c for c in ts.copies if c.type.id == name and c.index not in used), None)
            if c is None:
                raise ValueError(f"tile_order: no copy of {short(name)} is left")
        used.add(c.index)
        out.append(c.index)
    return out


def draw(g: State) -> int:
    """A sampled game's next tile that fits somewhere (those that fit nowhere removed), or -1."""
    copies = g.tileset.copies
    stack = g.stack
    while stack:
        c = stack.pop()
        if fits_anywhere(g, copies[c].type):
            return c
        g.removed.append(c)
    return -1


def outcome_counts(g: State) -> list[tuple[act.Action, int]]:
    """A tile draw's chance outcomes, with how many copies in the stack show each."""
    ts = g.tileset
    counts = [0] * len(ts.outcome_names)
    outcome_of = ts.outcome_of
    for c in g.stack:
        counts[outcome_of[c]] += 1
    return [(act.outcome(ts.outcome_names[o]), n) for o, n in enumerate(counts) if n]


def take_outcome(g: State, a: Action) -> int:
    """The copy a tile draw's outcome `a` (~<tile>) names, taken from the stack (checked first)."""
    (name,) = a.args
    ts = g.tileset
    o = ts.outcome_index.get(name)
    if o is None:
        alias = ts.outcome_name(name)
        if alias is None and name in ts.type_by_id:
            alias = next(n for n in ts.outcome_names if n.split("/")[0] == name)
            raise ValueError(f"illegal action {a}: the copies of {name} are not all alike; name the tile "
                             f"drawn as its outcome, e.g. ~{alias}")
        if alias is not None:
            raise ValueError(f"illegal action {a}: copies alike are one outcome: write ~{alias}")
        raise ValueError(f"illegal action {a}: a land tile is drawn now (~<tile>, e.g. ~{ts.outcome_names[0]}), "
                         f"and {short(name)} is no tile of this tile set")
    outcome_of = ts.outcome_of
    c = next((c for c in g.stack if outcome_of[c] == o), -1)
    if c < 0:
        raise ValueError(f"illegal action {a}: no {name} tile is left to draw (its probability is 0)")
    g.stack.remove(c)  # the first copy of those alike: which one is immaterial
    return c
