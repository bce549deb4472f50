"""Every tile of the real set (real-1) as the terminal draws it: all 33 types in their
four rotations, each copy's animals, a meeple on each feature in turn, and the
three cells of the start tile (test_safari_cli.py reads the start tile off the whole board).

What must hold, checked on the drawn characters and their colours (not on the
drawing code's own bookkeeping):
- a trail, followed along its line from each of its edges, reaches exactly its own
  edges; one that ends on the tile stops at an end mark (half a line), so it never
  runs on to another edge, into another trail or into a bush; no line dangles;
- each bush area is one patch of bush cells on its own edges, apart from every
  other (not touching, not even at a corner);
- animals, birds and meeples are drawn in the region of their own feature's edges
  (a trail's on the savanna colour, a bush's on the bush colour);
- a baobab shows; open savanna corners stay savanna (``·``).

A plain-text picture of them all is saved as test-artifacts/terminal-tiles.txt.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rich.console import Console

from savanna import safari
from savanna.safari.game import tile_layout
from savanna.terminal.safari.board import TRAIL_ANIMAL, render_board, tile_cells
from savanna.terminal.seats import SEAT_STYLES

ARTIFACTS = Path(os.environ.get("SAVANNA_ARTIFACTS", Path(__file__).resolve().parent.parent / "test-artifacts"))
GAME = safari.new_game(players=2, seed=1)
TILESET = GAME.tileset
TYPES = [t.id for t in TILESET.types]

H, W = 3, 7
MID = {"N": (0, 3), "E": (1, 6), "S": (2, 3), "W": (1, 0)}
CORNER = {"NE": (0, 6), "SE": (2, 6), "SW": (2, 0), "NW": (0, 0)}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# the region of each edge: the row along N and S, the three columns nearest E and W
ZONE = {
    "N": {(0, c) for c in range(W)},
    "S": {(2, c) for c in range(W)},
    "W": {(r, c) for r in range(H) for c in (0, 1, 2)},
    "E": {(r, c) for r in range(H) for c in (4, 5, 6)},
}
CENTRE = (1, 3)
# the sides each line glyph reaches
ARMS = {
    "━": "EW", "┃": "NS", "┏": "ES", "┓": "SW", "┗": "NE", "┛": "NW",
    "┣": "NES", "┫": "NSW", "┳": "ESW", "┻": "NEW", "╋": "NESW",
    "╸": "W", "╺": "E", "╹": "N", "╻": "S",
}
ENDS = "╸╺╹╻"
BUSH_BG = "on #005f00"


def region(feature: dict) -> set:
    sides = feature["sides"]
    cells = set().union(*(ZONE[s] for s in sides)) if sides else set()
    if len(sides) >= 2:  # the middle of the tile, through which it joins its edges
        cells |= {(1, 2), CENTRE, (1, 4)}
    return cells


class Drawing:
    """A tile's drawn cells, read as a person would: which cells are bush (a meeple
    in seat colours counts as what lies under it: the same tile drawn without it)."""

    def __init__(self, layout: dict):
        self.cells = tile_cells(layout)
        bare = tile_cells({**layout, "features": [dict(f, meeples=[]) for f in layout["features"]]})
        self.bushy = [[BUSH_BG in (self.cells[r][c][1] or "") or
                       (self.cells[r][c][1] in SEAT_STYLES and BUSH_BG in (bare[r][c][1] or ""))
                       for c in range(W)] for r in range(H)]
        self.text = "\n".join("".join(ch for ch, _ in row) for row in self.cells)

    def char(self, rc) -> str:
        return self.cells[rc[0]][rc[1]][0]

    def is_item(self, rc) -> bool:
        """An animal, bird or meeple (a letter on an open corner is a watering hole's token)."""
        return self.char(rc).isalnum() and (rc not in CORNER.values() or self.bushy[rc[0]][rc[1]])

    def on_trail(self, rc) -> bool:
        """An animal or meeple drawn on a trail (not in bush, not a watering hole)."""
        style = self.cells[rc[0]][rc[1]][1]
        return self.is_item(rc) and not self.bushy[rc[0]][rc[1]] and (style == TRAIL_ANIMAL or style in SEAT_STYLES)

    def trace(self, side: str):
        """Follow the line that leaves the tile at `side`'s midpoint: the edges it reaches,
        the cells it covers, whether it stops at an end mark, and where it leads nowhere."""
        start = MID[side]
        assert self.char(start) in ARMS or self.on_trail(start), f"no line at the {side} edge's midpoint"
        reached, covered, ends, loose = {side}, set(), False, []
        todo, seen = [(start, side)], set()
        while todo:
            (r, c), entry = todo.pop()
            if ((r, c), entry) in seen:
                continue
            seen.add(((r, c), entry))
            ch = self.char((r, c))
            if ch in ARMS:
                if entry not in ARMS[ch]:
                    loose.append(((r, c), entry))
                    continue
                exits = [d for d in ARMS[ch] if d != entry]
                ends = ends or ch in ENDS
            elif self.on_trail((r, c)):
                exits = [OPPOSITE[entry]]
            else:
                loose.append(((r, c), entry))
                continue
            covered.add((r, c))
            for d in exits:
                nr, nc = r + STEP[d][0], c + STEP[d][1]
                if not (0 <= nr < H and 0 <= nc < W):
                    if (r, c) == MID[d]:
                        reached.add(d)
                    else:
                        loose.append(((r, c), d))
                    continue
                todo.append(((nr, nc), OPPOSITE[d]))
        return reached, covered, ends, loose

    def bush_patches(self) -> list[set]:
        """The bush cells, in patches of cells touching across a side or a corner."""
        left = {(r, c) for r in range(H) for c in range(W) if self.bushy[r][c]}
        patches = []
        while left:
            todo = [left.pop()]
            patch = set(todo)
            while todo:
                r, c = todo.pop()
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        n = (r + dr, c + dc)
                        if n in left:
                            left.discard(n)
                            patch.add(n)
                            todo.append(n)
            patches.append(patch)
        return patches

    def items_in_place(self, feats) -> bool:
        """Can every feature's animals, birds and meeples be given a distinct drawn cell
        showing it, on its feature (in bush, or on the trail), inside its feature's region
        (a meeple on a baobab: next to the tree)?"""
        wanted = []
        for f in feats:
            things = list(f.get("animals", "")) + ["v"] * f.get("birds", 0) + [str(s) for s in f.get("meeples", [])]
            wanted += [(f, t) for t in things]
        tree = [(r, c) for r in range(H) for c in range(W) if self.char((r, c)) == "♣"]
        beside_tree = {(r + dr, c + dc) for r, c in tree for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if 0 <= r + dr < H and 0 <= c + dc < W}
        options = [[rc for rc in sorted(region(f) if f["kind"] != "baobab" else beside_tree)
                    if self.char(rc) == t and self.is_item(rc)
                    and (self.bushy[rc[0]][rc[1]] if f["kind"] == "bush" else
                         self.on_trail(rc) if f["kind"] == "trail" else not self.bushy[rc[0]][rc[1]])]
                   for f, t in wanted]
        taken: dict = {}

        def assign(i, seen):
            for rc in options[i]:
                if rc in seen:
                    continue
                seen.add(rc)
                if rc not in taken or assign(taken[rc], seen):
                    taken[rc] = i
                    return True
            return False

        return all(assign(i, set()) for i in range(len(wanted)))


def check_tile(layout: dict, what: str) -> None:
    d = Drawing(layout)
    where = f"{what}:\n{d.text}"
    feats = layout["features"]
    edges = dict(zip("NESW", layout["edges"]))

    # trails: each reaches its own edges and no other; one that ends stops at an end mark
    line_cells = set()
    for f in feats:
        if f["kind"] != "trail":
            continue
        for s in f["sides"]:
            reached, covered, ends, loose = d.trace(s)
            assert reached == set(f["sides"]), f"trail {f['sides']} from {s} reaches {sorted(reached)} in {where}"
            assert not loose, f"trail {f['sides']} runs on into nothing at {loose} in {where}"
            if len(f["sides"]) == 1:
                assert ends, f"trail {s} has no end mark in {where}"
                assert covered <= ZONE[s] | {CENTRE}, f"trail {s} runs on towards {OPPOSITE[s]} in {where}"
            line_cells |= covered
    for r in range(H):  # no line off the trails (a stray or dangling line)
        for c in range(W):
            if d.char((r, c)) in ARMS:
                assert (r, c) in line_cells, f"a line at {(r, c)} belongs to no trail in {where}"

    # bush: one patch per area, on its own edges, apart from the others
    bushes = [f for f in feats if f["kind"] == "bush"]
    patches = d.bush_patches()
    assert len(patches) == len(bushes), f"{len(bushes)} bush areas drawn as {len(patches)} patches in {where}"
    for f in bushes:
        mine = [p for p in patches if any(MID[s] in p for s in f["sides"])]
        assert len(mine) == 1, f"bush {f['sides']} is not one patch in {where}"
        assert all(MID[s] in mine[0] for s in f["sides"]), f"bush {f['sides']} misses an edge in {where}"
        assert mine[0] <= region(f), f"bush {f['sides']} spreads beyond its edges in {where}"
    for s, e in edges.items():
        if e != "b":
            assert not d.bushy[MID[s][0]][MID[s][1]], f"bush on the {e!r} edge {s} in {where}"

    # animals, birds, meeples: each on its own feature, in the region of its edges; nothing else
    assert d.items_in_place(feats), f"an animal, bird or meeple is off its feature in {where}"
    drawn = sum(d.is_item((r, c)) for r in range(H) for c in range(W))
    expected = sum(len(f.get("animals", "")) + f.get("birds", 0) + len(f.get("meeples", [])) for f in feats)
    assert drawn == expected, f"{drawn} letters drawn for {expected} things in {where}"

    # the baobab; open corners
    baobabs = d.text.count("♣")
    assert baobabs == (1 if any(f["kind"] == "baobab" for f in feats) else 0), where
    for corner in layout["corners"]:
        assert d.char(CORNER[corner]) == "·", f"open corner {corner} shows {d.char(CORNER[corner])!r} in {where}"


def copies_of(type_id: str):
    return [c for c in TILESET.copies if c.type.id == type_id]


def test_the_real_set_is_the_default():
    assert TILESET.version == "real-1" and len(TYPES) == 33


@pytest.mark.parametrize("type_id", TYPES)
@pytest.mark.parametrize("rotation", (0, 1, 2, 3))
def test_real_tile_drawn_right(type_id, rotation):
    tt = TILESET.type_by_id[type_id]
    for copy in copies_of(type_id):
        layout = tile_layout(tt, rotation, copy.animals)
        check_tile(layout, f"{copy.name} @{rotation * 90}")
        for i, f in enumerate(layout["features"]):  # a meeple on each feature in turn
            with_meeple = {**layout, "features": [dict(g, meeples=[3] if j == i else []) for j, g in
                                                  enumerate(layout["features"])]}
            check_tile(with_meeple, f"{copy.name} @{rotation * 90} with a meeple on its {f['kind']} {f['sides']}")


def test_start_tile_cells_drawn_right():
    for t in GAME.tiles_on_board():
        check_tile(t, f"start cell {t['x']},{t['y']}")


def plain(renderable, width=200) -> str:
    console = Console(width=width, color_system=None, force_terminal=False)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


def catalogue() -> str:
    """All 33 types in their four rotations (each with its copy holding the most), then the start tile."""
    out = ["The real tiles (real-1) as the terminal draws them: every type in its four rotations",
           "(the copy with the most animals), then the start tile on the board. ░ bush, v bird,",
           "━ ┃ trail, ╸ ╺ ╹ ╻ where a trail ends, ♣ baobab, · open savanna corner, A E G L Z animals.", ""]
    for type_id in TYPES:
        tt = TILESET.type_by_id[type_id]
        copy = max(copies_of(type_id), key=lambda c: sum(map(len, c.animals)))
        parts = []
        for f, animals in zip(tt.features, copy.animals):
            sides = "".join("NESW"[s] for s in f.sides)
            bits = [b for b in (animals, f"{f.birds} bird" + "s" * (f.birds > 1) if f.birds else "") if b]
            parts.append(f"{f.kind} {sides}".strip() + (": " + ", ".join(bits) if bits else ""))
        out.append(f"{type_id} ({tt.edge_text}, {len(copies_of(type_id))}x, shown: {copy.name}) " + " · ".join(parts))
        blocks = [["".join(ch for ch, _ in row) for row in tile_cells(tile_layout(tt, r, copy.animals))]
                  for r in range(4)]
        out.append("   ".join(f"@{r * 90}".ljust(9) for r in range(4)).rstrip())
        for row in range(3):
            out.append("   ".join(f"|{b[row]}|" for b in blocks))
        out.append("")
    out.append("The start tile (-1,0) (0,0) (1,0) and the rangers:")
    out.append(plain(render_board(GAME, mark_fits=False)).rstrip())
    return "\n".join(out) + "\n"


def test_catalogue_of_every_tile_saved_for_people():
    text = catalogue()
    assert all(t in text for t in TYPES) and text.count("@270") == 33
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "terminal-tiles.txt").write_text(text, encoding="utf-8")
