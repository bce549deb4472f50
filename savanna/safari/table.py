"""The table: the tiles laid, and the empty spaces next to them where the next may go.

A game keeps `board` (space -> the tile there: its type, rotation, animals, name, and
its trail and bush parts, by side and by feature, as nodes of `regions`) and `frontier`
(each empty space next to a tile -> the edges it demands of a tile there, two bits a
side, OPEN_PATTERN's 3 for a side with no neighbour; `TileType.fits[pattern]` lists the
rotations that fit it). Laying a tile joins its trails and bush to its neighbours'
(trails_and_bush.Regions) and opens its savanna corners to tokens (watering_holes).

Placing (`T<x>,<y>@<r>`): the drawn tile on an empty space next to a tile, turned so that
each edge shows what its neighbour shows there (savanna, trail or bush).
"""

from __future__ import annotations

import weakref

from . import actions as act
from . import watering_holes as wh
from .geometry import SIDES, STEP, corner_slot, fmt_space, space
from .tileset import OPEN_PATTERN, TileSet, TileType
from .state import State, Table
from .regions import BUSH_KIND, TRAIL_KIND, Regions
from .actions import Action

EDGE_NAMES = ("savanna", "trail", "bush")


def lay(g: Table, sp: int, tt: TileType, rot: int, animals: tuple[str, ...], name: str) -> None:
    """Lay a tile: join its features, update the frontier and open corners."""
    rd = tt.rotations[rot]
    regions = g.regions
    ts = g.tileset
    nodes = []
    for f, a in zip(tt.features, animals):
        if f.kind == "baobab":
            nodes.append(-1)
        else:
            kind = TRAIL_KIND if f.kind == "trail" else BUSH_KIND
            nodes.append(regions.add(kind, len(f.sides), ts.mask(a), len(a), f.birds))
    parts = tuple(nodes)
    nodes.append(-1)  # (a side with no feature, -1, reads this last entry)
    side_nodes = tuple([nodes[i] for i in rd.side_feature])
    board = g.board
    board[sp] = (tt, rot, animals, name, side_nodes, parts)
    frontier = g.frontier
    frontier.pop(sp, None)
    edges = rd.edges
    for d in range(4):
        nb = sp + STEP[d]
        other = board.get(nb)
        if other is None:
            shift = ((d + 2) & 3) * 2
            frontier[nb] = (frontier.get(nb, OPEN_PATTERN) & ~(3 << shift)) | (edges[d] << shift)
        else:
            mine = side_nodes[d]
            if mine >= 0:
                regions.join(mine, other[4][(d + 2) & 3])
    holes, free, dig = g.holes, g.free_slots, g.dig_slots
    for c in rd.corners:  # open savanna corners: empty slots, some open to digging
        slot = corner_slot(sp, c)
        free[slot] = None
        if wh.dig_allowed(holes.get(slot >> 2), slot & 3):
            dig[slot] = None


def fits_anywhere(g: State, tt: TileType) -> bool:
    """Whether a tile of type `tt` fits some empty space next to a tile, in some rotation."""
    fits = tt.fits
    for pat in g.frontier.values():
        if fits[pat]:
            return True
    return False


def placements(g: State) -> list[act.Action]:
    """Every way to place the drawn tile."""
    fits = g.tileset.copies[g.tile].type.fits
    cache = act.PLACE_ACTIONS
    out = []
    for sp, pat in g.frontier.items():
        for r in fits[pat]:
            out.append(cache.get(sp * 4 + r) or act.place(sp, r))
    return out


def place(g: State, a: Action) -> None:
    """`a` (T<x>,<y>@<r>): the drawn tile laid, once checked to fit there."""
    sp, rot = a.args
    copy = g.tileset.copies[g.tile]
    tt = copy.type
    pat = g.frontier.get(sp)
    if pat is None:
        where = "already has a tile" if sp in g.board else "is not next to any tile"
        raise ValueError(f"illegal action {a}: space {fmt_space(sp)} {where}")
    if rot not in tt.fits[pat]:
        edges = tt.rotations[rot].edges
        for d in range(4):
            need = (pat >> (2 * d)) & 3
            if need != 3 and need != edges[d]:
                raise ValueError(
                    f"illegal action {a}: tile {copy.name} turned {rot * 90} shows {EDGE_NAMES[edges[d]]} on its "
                    f"{SIDES[d]} edge where the neighbour shows {EDGE_NAMES[need]}")
    lay(g, sp, tt, rot, copy.animals, copy.name)
    g.placed = sp


class Start(Table):
    """The table before the first turn: what every new game of a tile set copies."""

    __slots__ = ("tileset", "board", "frontier", "regions", "holes", "free_slots", "dig_slots", "rangers")
    rangers: list[int]


_START_POSITIONS: weakref.WeakKeyDictionary[TileSet, Start] = weakref.WeakKeyDictionary()


def start_position(ts: TileSet) -> Start:
    """The table with the start tile and the rangers laid, once per tile set: every new
    game copies it (laying the start joins features and opens corners, as costly as the
    rest of setting up)."""
    g = _START_POSITIONS.get(ts)
    if g is None:
        g = Start()
        g.tileset = ts
        g.board, g.frontier, g.regions, g.holes, g.free_slots, g.dig_slots = {}, {}, Regions(), {}, {}, {}
        for cell in ts.start:
            lay(g, space(cell.x, cell.y), cell.type, 0, cell.animals, "START")
        g.rangers = [space(x, y) for x, y in ts.ranger_spaces]
        for r in g.rangers:
            if r not in g.frontier:
                raise ValueError(f"tile set: ranger space {fmt_space(r)} is not next to the start tile")
        _START_POSITIONS[ts] = g
    return g
