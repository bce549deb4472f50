"""Spaces, sides, corners and watering-hole points, as small integers.

A space (x, y) is encoded as one int so that the hot path does integer
arithmetic instead of building tuples: x grows east, y grows south, and the
neighbour on side N of (x, y) is (x, y-1).

Watering holes sit on points where four spaces meet. The point at the NW
corner of space (x, y) is point (x, y) and shares its encoding. Its slots,
in order around it: 0 the SE corner of (x-1, y-1), 1 the SW corner of
(x, y-1), 2 the NW corner of (x, y), 3 the NE corner of (x-1, y). Slots next
to each other in that order are adjacent, the other two diagonal.
"""

from __future__ import annotations

WIDTH = 1 << 10  # row stride: x and y each fit in [-512, 511]
OFFSET = WIDTH // 2
LIMIT = OFFSET - 2  # coordinates beyond this are refused on input

SIDES = "NESW"
CORNERS = ("NE", "SE", "SW", "NW")  # clockwise, so a 90-degree turn adds 1
POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # where on a tile a piece is drawn: a turn adds 2
ROTATIONS = (0, 90, 180, 270)

# Step to the neighbouring space on each side N, E, S, W.
STEP = (-WIDTH, 1, WIDTH, -1)

# The eight spaces around a space (for baobabs).
RING = (-WIDTH - 1, -WIDTH, -WIDTH + 1, -1, 1, WIDTH - 1, WIDTH, WIDTH + 1)


def space(x: int, y: int) -> int:
    """The integer code of space (x, y)."""
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def xy(code: int) -> tuple[int, int]:
    """The (x, y) of a space (or point) code."""
    y, x = divmod(code, WIDTH)
    return x - OFFSET, y - OFFSET


def in_range(x: int, y: int) -> bool:
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


# Corner c of a space -> (offset from the space to the point, slot at that point).
_CORNER_POINT = (
    (1, 3),  # NE: point (x+1, y), slot 3
    (WIDTH + 1, 0),  # SE: point (x+1, y+1), slot 0
    (WIDTH, 1),  # SW: point (x, y+1), slot 1
    (0, 2),  # NW: point (x, y), slot 2
)
# Slot k of a point -> (offset from the point to the space, corner of that space).
_SLOT_CORNER = (
    (-WIDTH - 1, 1),  # SE of (x-1, y-1)
    (-WIDTH, 2),  # SW of (x, y-1)
    (0, 3),  # NW of (x, y)
    (-1, 0),  # NE of (x-1, y)
)


def corner_slot(space_code: int, corner: int) -> int:
    """The slot id (point * 4 + slot) of corner `corner` of a space."""
    off, k = _CORNER_POINT[corner]
    return (space_code + off) * 4 + k


def slot_corner(slot_id: int) -> tuple[int, int]:
    """The (space code, corner) that a slot id lies on."""
    point, k = divmod(slot_id, 4)
    off, c = _SLOT_CORNER[k]
    return point + off, c


def fmt_space(code: int) -> str:
    x, y = xy(code)
    return f"{x},{y}"
