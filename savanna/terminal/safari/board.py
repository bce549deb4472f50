"""Drawing a Safari game with rich.

Every function here takes a game (or a tile description from
`game.tiles_on_board()`) and returns rich renderables; nothing is printed.

A tile is a block 7 characters wide and 3 tall (about square on screen)::

    ░░░░░░░      top row: the N edge (here bush), corners NW and NE
     ♣ ┏A━━      middle: the W and E edges, the centre (here a trail E-S with an ape)
    ·  ┃  ·      bottom row: the S edge, corners SW and SE

- edges: savanna is the tile's sand colour; a trail is a heavy line from the
  middle of its edge (``┃`` or ``━``); bush fills a band along its edge with
  ``░`` (a row for N and S, two columns for E and W), and a bush joining two
  edges fills both bands (across the middle when they face each other);
  separate bush areas stay apart, even at the corner between them;
- a trail joining edges runs through the centre (a straight line, a curve); a
  trail that ends on the tile stops with half a line (``╸ ╺ ╹ ╻``), at the
  centre when it is the tile's only trail and the centre is free, else short
  of it (a trail from N or S then ends in its edge's cell), so trails that end
  never meet or run on; ``♣`` a baobab, in the centre when free, else on the
  savanna beside;
- animals (A E G L Z) and meeples (the seat's digit in its colour) sit on their
  feature: on the trail's line (beside it, on its edge's row, for a trail
  along the N-S axis), or in the bush; ``v`` is a bird in its own bush area;
- corners: ``·`` an open savanna corner where a watering hole may be dug; a
  token there shows its animal letter on water blue (on the digger's colour
  while the digger's meeple stands on the hole);
- empty spaces: a dotted frame marks where the drawn tile fits (with the menu
  numbers when the loop supplies them), a boxed ``R`` is a ranger.
"""

from __future__ import annotations

from typing import Iterable

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..log import seat_log, split_turns
from ..screen import BoardView, Grid, Window
from ..seats import seat_badge, seat_style

TILE_W, TILE_H = 7, 3
LABEL_W = 4
SIDES = "NESW"
CORNERS = ("NE", "SE", "SW", "NW")

# ----------------------------------------------------------------- styles

SAVANNA = ("#000000 on #d7af5f", "#000000 on #af875f")  # checkerboard, so tiles stand apart
SAVANNA_LAST = "#000000 on #ffd787"  # the tile placed last
TRAIL = "bold #ffffff"  # trail line, drawn on the savanna colour
TRAIL_ANIMAL = "bold #5f0000 on #ffffd7"
BUSH = "#5f8700 on #005f00"
BUSH_ANIMAL = "bold #ffffff on #005f00"
BIRD = "bold #ffd7ff on #005f00"
BAOBAB = "bold #005f00"
OPEN_CORNER = "#5f3700"
WATER = "bold #ffffff on #0087d7"
RANGER = "bold #ff5fff"
FRAME = "#8a8a8a"
FRAME_LABEL = "bold #5fd7ff"

# ------------------------------------------------------------ tile layout

MID = {"N": (0, 3), "E": (1, 6), "S": (2, 3), "W": (1, 0)}
MID_GLYPH = {"N": "┃", "S": "┃", "E": "━", "W": "━"}
CORNER_CELL = {"NE": (0, 6), "SE": (2, 6), "SW": (2, 0), "NW": (0, 0)}
CENTRE = (1, 3)
# the cells nearer one side than the others: where that side's features and what sits on them belong
ZONE = {
    "N": [(0, c) for c in range(TILE_W)],
    "S": [(2, c) for c in range(TILE_W)],
    "W": [(r, c) for r in range(TILE_H) for c in (0, 1, 2)],
    "E": [(r, c) for r in range(TILE_H) for c in (4, 5, 6)],
}
# the band a bush on each side fills: a row for N and S, two columns for E and W (about as thick on screen)
BUSH_BAND = {
    "N": [(0, c) for c in range(TILE_W)],
    "S": [(2, c) for c in range(TILE_W)],
    "W": [(r, c) for r in range(TILE_H) for c in (0, 1)],
    "E": [(r, c) for r in range(TILE_H) for c in (5, 6)],
}
# a trail's line from each side's midpoint towards the centre (the midpoint and centre not included)
ARM = {"W": [(1, 1), (1, 2)], "E": [(1, 5), (1, 4)], "N": [], "S": []}
ARM_PREF = {"W": [(1, 2), (1, 1)], "E": [(1, 4), (1, 5)], "N": [], "S": []}
# a trail along column 3 has no room on its line: what sits on it stands beside it, on its edge's row
BESIDE = {"N": [(0, 2), (0, 4), (0, 1), (0, 5)], "S": [(2, 2), (2, 4), (2, 1), (2, 5)], "W": [], "E": []}
# where a baobab goes when the centre is taken (never an edge's midpoint or a corner)
BAOBAB_SPOTS = [CENTRE, (1, 1), (1, 5), (1, 2), (1, 4), (0, 2), (2, 4), (0, 4), (2, 2), (0, 1), (0, 5), (2, 1), (2, 5)]
CENTRE_GLYPH = {
    "NS": "┃", "EW": "━", "NE": "┗", "ES": "┏", "SW": "┓", "NW": "┛",
    "NES": "┣", "ESW": "┳", "NSW": "┫", "NEW": "┻", "NESW": "╋",
}
END_GLYPH = {"W": "╸", "E": "╺", "N": "╹", "S": "╻"}  # half a line: the trail from that side stops here
BAOBAB_GLYPH = "♣"
BIRD_GLYPH = "v"
BUSH_FILL = "░"
# two trails curving past each other (tile S26 of reconstruction-1): the first keeps the centre
DOUBLE_CURVES = {
    ("NE", "SW"): {"NE": [((0, 3), "┃"), ((1, 3), "┗"), ((1, 4), "━"), ((1, 5), "━"), ((1, 6), "━")],
                   "SW": [((1, 0), "━"), ((1, 1), "━"), ((1, 2), "┓"), ((2, 2), "┗"), ((2, 3), "┓")]},
    ("ES", "NW"): {"ES": [((1, 3), "┏"), ((1, 4), "━"), ((1, 5), "━"), ((1, 6), "━"), ((2, 3), "┃")],
                   "NW": [((1, 0), "━"), ((1, 1), "━"), ((1, 2), "┛"), ((0, 2), "┏"), ((0, 3), "┛")]},
}

Cell = tuple  # (character, style)
RC = tuple  # (row, column) in a tile's block


def _sorted_sides(sides: str) -> str:
    return "".join(s for s in SIDES if s in sides)


def _touching(a: RC, b: RC) -> bool:
    """Next to each other, across a side or a corner."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _next_to(a: RC, b: RC) -> bool:
    """Next to each other across a side."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def feature_zone(feature: dict) -> set[RC]:
    """The cells where a feature and what sits on it may be drawn: the zones of its
    sides, and the middle of the tile when it joins two sides."""
    sides = f_sides(feature)
    cells = {rc for s in sides for rc in ZONE[s]}
    if len(sides) >= 2:
        cells |= {(1, 2), CENTRE, (1, 4)}
    return cells


def bush_areas(features: list[dict]) -> dict[int, set[RC]]:
    """The cells of each bush feature (by index): the bands of its sides, joined
    through the middle when it crosses the tile. Separate bushes never touch, not
    even at a corner: a corner two of them would share stays savanna, and where
    two areas would still meet diagonally the bigger one gives up that cell."""
    claims: dict[RC, set[int]] = {}
    trail_sides = {s for f in features if f["kind"] == "trail" for s in f_sides(f)}
    for i, f in enumerate(features):
        if f["kind"] == "bush":
            for s in f_sides(f):
                for rc in BUSH_BAND[s]:
                    claims.setdefault(rc, set()).add(i)
    areas: dict[int, set[RC]] = {i: set() for i, f in enumerate(features) if f["kind"] == "bush"}
    for rc, who in claims.items():
        if len(who) == 1:
            areas[next(iter(who))].add(rc)
    for i, cells in areas.items():
        sides = f_sides(features[i])
        if sides == "EW":
            join = [(1, 2), CENTRE, (1, 4)]
        elif sides == "NS":
            join = [CENTRE] + [rc for rc, s in (((1, 2), "W"), ((1, 4), "E")) if s not in trail_sides]
        else:
            continue
        cells.update(rc for rc in join if rc not in claims)
    mids = set(MID.values())
    while True:
        meeting = next(((i, a, j, b) for i in areas for j in areas if i < j
                        for a in sorted(areas[i]) for b in sorted(areas[j]) if _touching(a, b)), None)
        if meeting is None:
            break
        i, a, j, b = meeting
        give_up_i = (len(areas[i]) >= len(areas[j]) and a not in mids) or b in mids
        if give_up_i:
            areas[i].discard(a)
        else:
            areas[j].discard(b)
    return areas


def tile_cells(tile: dict, *, tokens: dict[str, str] | None = None, diggers: dict[str, int] | None = None,
               shade: int = 0, last: bool = False) -> list[list[Cell]]:
    """The 3 x 7 character cells of one tile.

    `tile` is an entry of `game.tiles_on_board()` (or the same shape, for the
    drawn tile); `tokens` maps a corner ("NE") to the animal of the watering
    hole token on it, `diggers` a corner to the seat whose meeple dug it."""
    tokens = tokens or {}
    diggers = diggers or {}
    bg = SAVANNA_LAST if last else SAVANNA[shade % 2]
    on_bg = " on " + bg.split(" on ")[1]
    grid: list[list[Cell]] = [[(" ", bg) for _ in range(TILE_W)] for _ in range(TILE_H)]
    owner: list[list[int | None]] = [[None] * TILE_W for _ in range(TILE_H)]
    fixed: set[RC] = set()  # cells whose glyph must stay (edge midpoints of trails, trail ends, the baobab, corners)
    pref: dict[int, list[RC]] = {}  # where each feature's animals, meeples and birds go first
    beside: dict[int, list[RC]] = {}  # then, for a trail: next to its line
    feats = tile.get("features", [])
    trail_style = TRAIL + on_bg

    def put(rc, ch, style, who=None, keep=False):
        r, c = rc
        grid[r][c] = (ch, style)
        if who is not None:
            owner[r][c] = who
        if keep:
            fixed.add(rc)

    # bush: the band along each of its edges
    areas = bush_areas(feats)
    for i, cells in areas.items():
        mids = [MID[s] for s in f_sides(feats[i])]
        for rc in cells:
            put(rc, BUSH_FILL, BUSH, i)
        pref[i] = sorted(cells, key=lambda rc: (min(abs(rc[0] - m[0]) * 2 + abs(rc[1] - m[1]) for m in mids), rc[1]))
    for s, e in zip(SIDES, tile.get("edges", "ssss")):  # bush edges no feature claims (malformed sets)
        if e == "b" and not any(s in f_sides(f) for f in feats if f["kind"] == "bush"):
            for rc in BUSH_BAND[s]:
                if owner[rc[0]][rc[1]] is None:
                    put(rc, BUSH_FILL, BUSH, -1)
    centre_free = owner[CENTRE[0]][CENTRE[1]] is None

    # trails. Who has the centre: trails running through it, else the baobab, else a trail
    # that ends alone on the tile. Other trails that end stop short of it, each at its own end.
    trails = [i for i, f in enumerate(feats) if f["kind"] == "trail"]
    through = [i for i in trails if len(f_sides(feats[i])) >= 2]
    dead = [i for i in trails if len(f_sides(feats[i])) == 1]
    baobab = next((i for i, f in enumerate(feats) if f["kind"] == "baobab"), None)
    double = None
    if len(through) == 2:
        key = tuple(sorted((f_sides(feats[through[0]]), f_sides(feats[through[1]])), key=lambda k: SIDES.index(k[0])))
        for pair, layout in DOUBLE_CURVES.items():
            if set(pair) == set(key):
                double = layout
    lone_end = len(dead) == 1 and len(trails) == 1 and baobab is None and centre_free
    for i in through:
        sides = f_sides(feats[i])
        if double is not None and sides in double:
            path = double[sides]
            for rc, ch in path:
                put(rc, ch, trail_style, i, keep=rc in MID.values())
            inner = [rc for rc, _ in path if rc not in MID.values()]
            straight = [rc for rc, ch in path if ch in "━┃" and rc not in MID.values()]
            pref[i] = straight + [rc for rc in inner if rc not in straight]
            continue
        pref[i] = []
        for s in sides:
            put(MID[s], MID_GLYPH[s], trail_style, i, keep=True)
            for rc in ARM[s]:
                put(rc, "━", trail_style, i)
            pref[i] += ARM_PREF[s]
        if len(through) == 1:
            put(CENTRE, CENTRE_GLYPH.get(sides, "╋"), trail_style, i, keep=sides not in ("NS", "EW"))
            if sides in ("NS", "EW"):  # a straight line may carry an animal in its middle
                pref[i].append(CENTRE)
        beside[i] = [rc for s in sides for rc in BESIDE[s]]
    if through and double is None and len(through) > 1:
        put(CENTRE, "╋", trail_style, None, keep=True)
    for i in dead:
        s = f_sides(feats[i])
        line = [MID[s]] + ARM[s] + ([CENTRE] if lone_end else [])
        end = line[-1]
        for rc in line[:-1]:
            put(rc, MID_GLYPH[s], trail_style, i, keep=rc == MID[s])
        put(end, END_GLYPH[s], trail_style, i, keep=True)
        pref[i] = list(reversed(line[1:-1]))
        beside[i] = BESIDE[s]

    # the baobab: in the centre when it is free, else on a savanna cell away from the trails
    if baobab is not None:
        trail_cells = {(r, c) for r in range(TILE_H) for c in range(TILE_W) if owner[r][c] in trails}
        spots = [rc for rc in BAOBAB_SPOTS if owner[rc[0]][rc[1]] is None]
        spots.sort(key=lambda rc: 0 if rc == CENTRE else sum(_touching(rc, t) for t in trail_cells))
        if spots:
            put(spots[0], BAOBAB_GLYPH, BAOBAB + on_bg, baobab, keep=True)
        pref[baobab] = []

    # corners: tokens and open savanna
    for corner in CORNERS:
        rc = CORNER_CELL[corner]
        if corner in tokens:
            seat = diggers.get(corner)
            put(rc, tokens[corner], WATER if seat is None else seat_style(seat), keep=True)
        elif corner in tile.get("corners", ()):
            put(rc, "·", OPEN_CORNER + on_bg, keep=True)

    # what sits on each feature: animals, meeples, birds; on the feature's own cells, else on
    # the savanna nearest them within the zone of its edges, and only then anywhere
    used: set[RC] = set()
    corner_cells = set(CORNER_CELL.values())
    for i, f in enumerate(feats):
        items: list[Cell] = []
        kind = f["kind"]
        style = BUSH_ANIMAL if kind == "bush" else TRAIL_ANIMAL
        items += [(a, style) for a in f.get("animals", "")]
        items += [(str(s), seat_style(s)) for s in f.get("meeples", [])]
        items += [(BIRD_GLYPH, BIRD)] * f.get("birds", 0)
        if not items:
            continue
        mine = {(r, c) for r in range(TILE_H) for c in range(TILE_W) if owner[r][c] == i} or {CENTRE}
        others = {(r, c) for r in range(TILE_H) for c in range(TILE_W) if owner[r][c] not in (None, i)}
        other_trails = {rc for rc in others if owner[rc[0]][rc[1]] in trails}

        def crowded(rc):
            return any(_next_to(rc, o) for o in others)

        # on its own line first, then beside it; but not on its line right next to another
        # trail, where it would look as if that trail ran on into it
        on = [rc for rc in pref.get(i, []) if rc not in fixed and owner[rc[0]][rc[1]] in (None, i)]
        by = [rc for rc in beside.get(i, []) if rc not in fixed and owner[rc[0]][rc[1]] is None]
        tier = {rc: 2 if any(_next_to(rc, t) for t in other_trails) else 0 for rc in on}
        tier.update((rc, 1) for rc in by)
        own = sorted(on + by, key=lambda rc: (tier[rc], crowded(rc)))
        spare = [(r, c) for r in range(TILE_H) for c in range(TILE_W)
                 if owner[r][c] is None and (r, c) not in fixed and (r, c) not in corner_cells]
        zone = feature_zone(f)

        def nearness(rc):
            return (rc not in zone, min(abs(rc[0] - m[0]) * 2 + abs(rc[1] - m[1]) for m in mine), rc[1])

        spare.sort(key=nearness)
        # with no room left in its zone, a trail's things go on its own line, over an edge's midpoint
        lines = [rc for rc in sorted(mine) if rc in fixed and rc in MID.values()] if kind == "trail" else []
        slots = [rc for rc in dict.fromkeys(own + [rc for rc in spare if rc in zone] + lines + spare)
                 if rc not in used]
        for (ch, st), rc in zip(items, slots):
            put(rc, ch, st)
            used.add(rc)
    return grid


def f_sides(feature: dict) -> str:
    return _sorted_sides(feature.get("sides", ""))


def empty_cells(label: str | None = None, ranger: bool = False) -> list[list[Cell]]:
    """An empty space: blank, a dotted frame where the drawn tile fits (with a
    label, e.g. the menu numbers), and/or a ranger."""
    grid: list[list[Cell]] = [[(" ", "") for _ in range(TILE_W)] for _ in range(TILE_H)]
    if label is not None:
        top = list("╭┄┄┄┄┄╮")
        if ranger:
            top[3] = "R"
        grid[0] = [(ch, RANGER if ch == "R" and ranger else FRAME) for ch in top]
        grid[2] = [(ch, FRAME) for ch in "╰┄┄┄┄┄╯"]
        if len(label) <= TILE_W - 2:
            mid = "┆" + label.center(TILE_W - 2) + "┆"
        else:
            mid = label[:TILE_W].center(TILE_W)
        grid[1] = [(ch, FRAME if ch == "┆" else FRAME_LABEL) for ch in mid]
    elif ranger:
        grid[0] = [(ch, RANGER) for ch in "  ┌─┐  "]
        grid[1] = [(ch, RANGER) for ch in "  │R│  "]
        grid[2] = [(ch, RANGER) for ch in "  └─┘  "]
    return grid


def cells_text(grid: list[list[Cell]]) -> list[Text]:
    lines = []
    for row in grid:
        t = Text()
        for ch, st in row:
            t.append(ch, st or None)
        lines.append(t)
    return lines


# -------------------------------------------------------- the drawn tile

def render_drawn_tile(game, rotations: Iterable[int] = (0, 90, 180, 270), per_row: int = 4) -> Text | None:
    """The tile to place, in each rotation, side by side ("@0", "@90", ...), `per_row` to a row."""
    if game.drawn_tile is None:
        return None
    blocks = [cells_text(tile_cells(game.drawn_tile_layout(r))) + [Text(f"@{r}".center(TILE_W), style="bold")]
              for r in rotations]
    out = []
    for first in range(0, len(blocks), per_row):
        for row in range(TILE_H + 1):
            t = Text()
            for b in blocks[first:first + per_row]:
                if t:
                    t.append("  ")
                t.append_text(b[row])
            out.append(t)
    return Text("\n").join(out)


def describe_edges(edges: str) -> str:
    names = {"s": "savanna", "t": "trail", "b": "bush"}
    return " ".join(f"{s}:{names.get(e, e)}" for s, e in zip(SIDES, edges))


def describe_feature(feature: dict) -> str:
    """A feature in words: 'trail E–W: G G', 'bush N: A, 1 bird', 'baobab'."""
    kind = feature["kind"]
    if kind == "baobab":
        return "baobab"
    sides = "–".join(f_sides(feature))
    bits = []
    if feature.get("animals"):
        bits.append(" ".join(feature["animals"]))
    birds = feature.get("birds", 0)
    if birds:
        bits.append(f"{birds} bird" + ("s" if birds > 1 else ""))
    return f"{kind} {sides}" + (": " + ", ".join(bits) if bits else ": no animals")


# ---------------------------------------------------------------- the board

# a watering hole point's slots 0..3: (offset from the point to the space, corner of that space)
SLOT_CORNERS = (((-1, -1), "SE"), ((0, -1), "SW"), ((0, 0), "NW"), ((-1, 0), "NE"))


def hole_corners(game) -> tuple[dict, dict]:
    """Watering hole tokens, and the seats whose meeples stand on the holes they
    dug, by (x, y) -> {corner: animal or seat}."""
    tokens: dict[tuple[int, int], dict[str, str]] = {}
    diggers: dict[tuple[int, int], dict[str, int]] = {}
    for hole in game.watering_holes():
        px, py = hole["point"]
        for ((dx, dy), corner), animal in zip(SLOT_CORNERS, hole["slots"]):
            if animal:
                tokens.setdefault((px + dx, py + dy), {})[corner] = animal
        for seat, slot in hole["diggers"]:
            (dx, dy), corner = SLOT_CORNERS[slot]
            diggers.setdefault((px + dx, py + dy), {})[corner] = seat
    return tokens, diggers


def _board_parts(game, labels: dict[tuple[int, int], str] | None, mark_fits: bool, highlight_last: bool,
                 ring: bool = True) -> dict:
    """What a view of the board needs: tiles by space, the labelled spaces, the rangers,
    the watering holes' tokens and diggers, the last tile, the extent (with `ring`, a
    row or column of empty spaces all round)."""
    tiles = {(t["x"], t["y"]): t for t in game.tiles_on_board()}
    if labels is None:
        labels = {}
        if mark_fits and game.phase_name == "place":
            for a in game.legal_actions():
                s = str(a)
                x, y = s[1:].split("@")[0].split(",")
                labels[(int(x), int(y))] = "+"
    rangers = {sp for sp in game.ranger_spaces() if sp is not None}
    tokens, diggers = hole_corners(game)
    last = game.last_placed if highlight_last else None
    xs = [x for x, _ in tiles] or [0]
    ys = [y for _, y in tiles] or [0]
    x0, x1 = min(xs) - ring, max(xs) + ring
    y0, y1 = min(ys) - ring, max(ys) + ring
    for x, y in list(labels) + list(rangers):
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
    return dict(tiles=tiles, labels=labels, rangers=rangers, tokens=tokens, diggers=diggers, last=last,
                extent=(x0, x1, y0, y1))


def _board_lines(parts: dict, xs: range, ys: range) -> list[Text]:
    """The lines of the board's columns `xs` and rows `ys`: a row of x labels, then three
    lines per row of tiles with its y label."""
    tiles, labels, rangers, last = parts["tiles"], parts["labels"], parts["rangers"], parts["last"]
    tokens, diggers = parts["tokens"], parts["diggers"]
    head = Text(" " * LABEL_W)
    for x in xs:
        head.append(str(x).center(TILE_W), style="bold underline" if last and x == last[0] else "bold")
    lines = [head]
    for y in ys:
        blocks: list[list[list[Cell]] | None] = []
        for x in xs:
            t = tiles.get((x, y))
            if t is not None:
                blocks.append(tile_cells(t, tokens=tokens.get((x, y)), diggers=diggers.get((x, y)),
                                         shade=(x + y) % 2, last=(x, y) == last))
            elif (x, y) in labels or (x, y) in rangers:
                blocks.append(empty_cells(labels.get((x, y)), (x, y) in rangers))
            else:
                blocks.append(None)
        while blocks and blocks[-1] is None:
            blocks.pop()
        for r in range(TILE_H):
            t = Text()
            if r == 1:
                t.append(f"{y:>3} ", style="bold underline" if last and y == last[1] else "bold")
            else:
                t.append(" " * LABEL_W)
            for b in blocks:
                if b is None:
                    t.append(" " * TILE_W)
                else:
                    for ch, st in b[r]:
                        t.append(ch, st or None)
            lines.append(t)
    for t in lines:
        t.no_wrap = True
        t.overflow = "crop"
    return lines


def render_board(game, *, labels: dict[tuple[int, int], str] | None = None, width: int | None = None,
                 mark_fits: bool = True, highlight_last: bool = True) -> Group:
    """The board: tiles, rangers, watering holes, meeples, with x across and y down.

    `labels` marks empty spaces with a dotted frame and a short text (the play
    loop puts menu numbers there). Without labels, the spaces where the drawn
    tile fits are framed and marked ``+`` (when `mark_fits`). `width` is the
    console width: a board wider than that is cut into strips, west to east."""
    parts = _board_parts(game, labels, mark_fits, highlight_last)
    x0, x1, y0, y1 = parts["extent"]
    ncols = x1 - x0 + 1
    per_strip = ncols if width is None else max(1, (width - LABEL_W) // TILE_W)
    strips = []
    for sx in range(x0, x1 + 1, per_strip):
        ex = min(x1, sx + per_strip - 1)
        strips.append(Text("\n").join(_board_lines(parts, range(sx, ex + 1), range(y0, y1 + 1))))
    return Group(*strips)


def board_view(game, *, labels: dict[tuple[int, int], str] | None = None, mark_fits: bool = True,
               highlight_last: bool = True, drawn: bool = False) -> BoardView:
    """The board for a screen of any size (see `screen.BoardView`): cells are tiles, the
    focus the last tile placed; with `drawn`, the tile to place beside it."""
    parts = _board_parts(game, labels, mark_fits, highlight_last, ring=False)
    x0, x1, y0, y1 = parts["extent"]
    focus = game.last_placed or (0, 0)
    grid = Grid(x0, x1, y0, y1, focus, TILE_W, TILE_H, LABEL_W, 1)

    def draw(win: Window) -> list[Text]:
        return _board_lines(parts, range(win.x0, win.x1 + 1), range(win.y0, win.y1 + 1))

    side: list[Text] = []
    if drawn and game.drawn_tile is not None and game.phase_name == "place":
        title = Text("To place: ", "bold")
        title.append(game.drawn_tile, "bold cyan")
        picture = render_drawn_tile(game, per_row=2)
        assert picture is not None  # (a tile is drawn)
        side = [title] + list(picture.split())
    return BoardView(grid, draw, side, 2 * TILE_W + 2 if side else 0)


def legend() -> Columns:
    """What the board's glyphs mean (laid out to the console width)."""
    items = [
        ("━", TRAIL + " on #af875f", "trail"),
        (BUSH_FILL, BUSH, "bush"),
        (BIRD_GLYPH, BIRD, "bird"),
        (BAOBAB_GLYPH, BAOBAB + " on #d7af5f", "baobab"),
        (END_GLYPH["W"], TRAIL + " on #af875f", "trail ends"),
        ("·", OPEN_CORNER + " on #d7af5f", "open corner"),
        ("G", WATER, "watering hole"),
        ("0", seat_style(0), "meeple"),
        ("R", RANGER, "ranger"),
        ("┆", FRAME, "tile fits"),
    ]
    cells = []
    for glyph, style, name in items:
        t = Text()
        t.append(glyph, style)
        t.append(" " + name, "dim")
        cells.append(t)
    return Columns(cells, padding=(0, 2))


# ---------------------------------------------------------------- status

def token_text(counts) -> Text:
    t = Text()
    for a in sorted(counts):
        t.append(a * counts[a], "bold")
    if not t:
        t.append("–", "dim")
    return t


def render_scores(game, names: list[str] | None = None, *, you: int | None = None) -> Table:
    """Scores, meeples and tokens per seat; ▶ marks the seat to act, ▷ the seat
    whose turn it is when another must act (a scoring choice)."""
    names = names or [f"seat {s}" for s in range(game.players)]
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("", width=1)
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("meeples", justify="right")
    table.add_column("tokens")
    cur, active = game.current_player, game.active_player
    for s in range(game.players):
        name = names[s] + (" (you)" if s == you else "")
        mark = "▶" if s == cur else "▷" if s == active else ""
        table.add_row(mark, seat_badge(s), name, str(game.scores[s]), str(game.meeples(s)), token_text(game.tokens(s)))
    return table


def seat_chunks(game, names: list[str] | None = None, *, you: int | None = None) -> list[Text]:
    """Each seat in a few words, for a screen's status ('▶ 0 you 12 pts · 5 meeples · tokens LL'),
    then the watering holes with meeples on them; ▶ and ▷ as in `render_scores`."""
    names = names or [f"seat {s}" for s in range(game.players)]
    cur, active = game.current_player, game.active_player
    chunks = []
    for s in range(game.players):
        t = Text()
        t.append("▶ " if s == cur else "▷ " if s == active else "  ", "bold")
        t.append_text(seat_badge(s))
        t.append(" you" if s == you else f" {names[s]}", "bold" if s == you else "")
        t.append(f" {game.scores[s]} pts", "bold")
        t.append(f" · {game.meeples(s)} meeples · tokens ", "dim")
        t.append_text(token_text(game.tokens(s)))
        chunks.append(t)
    for h in game.watering_holes():
        if h.get("meeples") and not h.get("complete"):
            t = Text("hole {},{} ".format(*h["point"]), "dim")
            t.append("".join(a or "·" for a in h["slots"]) + " ")
            for seat in h["meeples"]:
                t.append_text(seat_badge(seat))
            chunks.append(t)
    return chunks


def render_recent(log: list[tuple[int, str]], turns: int = 6) -> Text:
    """The last few turns of a (seat, action) log in notation, each with its seat."""
    t = Text()
    for turn in split_turns(log)[-turns:]:
        if t:
            t.append("\n")
        seat = turn[0][0]
        t.append_text(seat_badge(seat))
        for s, a in turn:
            t.append(" " + a)
            if s != seat:
                t.append(f" (seat {s})", "dim")
    if not t:
        t.append("no moves yet", "dim")
    return t


def render_status(game, names: list[str] | None = None, *, recent: bool = False, you: int | None = None,
                  drawn: bool = True) -> Panel:
    """The status panel: scores, meeples and tokens per seat, tiles left, the
    drawn tile in its four rotations, and (with `recent`) the recent moves."""
    parts: list = [render_scores(game, names, you=you)]
    info = Text()
    info.append(f"{game.tiles_left} tiles left", "bold")
    info.append(f" · phase: {game.phase_name}")
    holes = [h for h in game.watering_holes() if h.get("meeples") and not h.get("complete")]
    if holes:
        info.append(" · watering holes with meeples: ")
        for i, h in enumerate(holes):
            if i:
                info.append(", ")
            info.append("{},{}".format(*h["point"]))
            info.append(" " + "".join(a or "·" for a in h["slots"]) + " ")
            for s in h["meeples"]:
                info.append_text(seat_badge(s))
    parts.append(info)
    if drawn and game.drawn_tile is not None and game.phase_name == "place":
        head = Text()
        head.append("Tile to place: ", "bold")
        head.append(game.drawn_tile, "bold cyan")
        head.append("  " + describe_edges(game.drawn_tile_layout(0)["edges"]) + " at @0", "dim")
        parts += [head, render_drawn_tile(game)]
    if recent:
        parts += [Text("Recent moves", style="bold"), render_recent(seat_log(game))]
    return Panel(Group(*parts), title="Status", title_align="left", expand=False)


def render_final(game, names: list[str] | None = None, *, you: int | None = None) -> Panel:
    """Final scores, winners, and the final-scoring points."""
    named = names is not None
    names = names or [f"seat {s}" for s in range(game.players)]
    fp = game.final_points or [0] * game.players
    winners = game.winners()
    table = Table(box=None, padding=(0, 1))
    table.add_column("seat")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("of which final scoring", justify="right")
    table.add_column("")
    for s in range(game.players):
        table.add_row(seat_badge(s), names[s] + (" (you)" if s == you else ""), str(game.scores[s]), str(fp[s]),
                      Text("winner", "bold green") if s in winners else "")
    line = Text()
    if len(winners) == 1:
        w = winners[0]
        line.append("You win!" if w == you else f"Seat {w} ({names[w]}) wins." if named else f"Seat {w} wins.",
                    "bold green")
    elif winners:
        line.append("Shared win: " + ", ".join(f"seat {w}" for w in winners) + ".", "bold green")
    rule = "English rulebook: every meeple scores" if game.final_scoring == "all" else \
        "German edition: only the majority scores"
    return Panel(Group(table, line, Text(f"Final scoring '{game.final_scoring}' ({rule}) for incomplete trails "
                                         "and bush, plus 1 per token in supply.", style="dim")),
                 title="Game over", title_align="left", expand=False)
