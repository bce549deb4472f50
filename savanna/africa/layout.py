"""Set-up: the tiles laid face down, shuffled by the seed. Two set-ups for tests and
puzzles, not in the rules: `tile_layout` fixes the tiles of named spaces, and `revealed`
turns named spaces face up before play. In an explicit-chance game the face-down spaces
then hold the unseen tiles as placeholders, in space order (the seed's layout forgotten)."""

from __future__ import annotations

import random

from savanna.chance import EXPLICIT
from savanna.limits import at_most, short

from .phases import EMPTY
from .tiles import GameData
from typing import Any
from .state import State


def deal(g: State, tile_layout: dict[str, str] | None, revealed: list[str] | None) -> None:
    """Lay out the tiles of game `g` (its data, board, seed and chance set), checking the two options."""
    gd, b = g.data, g.board
    fixed = _layout(gd, tile_layout)
    g.tile_layout = None if tile_layout is None else {b.labels[sp]: gd.types[t].id for sp, t in sorted(fixed.items())}
    left = [t.count for t in gd.types]
    for t in fixed.values():
        left[t] -= 1
    pool = [t for t, n in enumerate(left) for _ in range(n)]
    random.Random(f"africa/{g.seed}/tiles").shuffle(pool)
    g.content = [EMPTY] * b.n
    g.down = [False] * b.n
    free = iter(pool)
    for sp in b.discovery:
        g.content[sp] = fixed[sp] if sp in fixed else next(free)
        g.down[sp] = True
    g.n_down = len(b.discovery)
    g.monuments_found = 0
    g.revealed = _reveal(g, revealed)
    g.fixed = frozenset(fixed) if g.chance == EXPLICIT else frozenset()
    if g.chance == EXPLICIT:  # forget where the seed put them: placeholders, in space order
        spaces = [sp for sp in b.discovery if g.down[sp] and sp not in g.fixed]
        for sp, t in zip(spaces, sorted(g.content[sp] for sp in spaces)):
            g.content[sp] = t


def _layout(gd: GameData, tile_layout: Any) -> dict[int, int]:
    if tile_layout is None:
        return {}
    if not isinstance(tile_layout, dict):
        raise ValueError("tile_layout must map space names to tile ids, e.g. {'f2': 'elephant'}")
    at_most("tile_layout", tile_layout, len(gd.board.discovery), "spaces")  # (the map's)
    left = {t.id: t.count for t in gd.types}
    out = {}
    for name, tid in tile_layout.items():
        try:
            sp = gd.board.space(name)
        except ValueError as e:
            raise ValueError(f"tile_layout: {e}") from None
        if gd.board.is_city[sp]:
            raise ValueError(f"tile_layout: {name} is a city, which holds no tile")
        if not isinstance(tid, str) or tid not in left:
            raise ValueError(f"tile_layout: {name}: {short(tid)} is not a tile of this game "
                             f"({', '.join(t.id for t in gd.types)})")
        if left[tid] == 0:
            raise ValueError(f"tile_layout: more {tid!r} tiles than the game has ({gd.by_id[tid].count})")
        left[tid] -= 1
        out[sp] = gd.by_id[tid].index
    return out


def _reveal(g: State, revealed: Any) -> list[str] | None:
    """Tiles that start face up."""
    if revealed is None:
        return None
    gd, b = g.data, g.board
    if isinstance(revealed, str) or not isinstance(revealed, (list, tuple)):
        raise ValueError("revealed must be a list of space names, e.g. ['f2', 'g2']")
    at_most("revealed", revealed, len(b.discovery), "spaces")  # (the map's)
    names = []
    for name in revealed:
        try:
            sp = b.space(name)
        except ValueError as e:
            raise ValueError(f"revealed: {e}") from None
        if b.is_city[sp]:
            raise ValueError(f"revealed: {name} is a city, which holds no tile")
        if not g.down[sp]:
            raise ValueError(f"revealed: {name} is listed twice")
        t = gd.types[g.content[sp]]
        if t.kind == "object":
            raise ValueError(f"revealed: {name} holds an object ({t.id}); objects never lie face up")
        if t.kind == "monument":
            g.monuments_found += 1
            if g.monuments_found >= gd.monuments:
                raise ValueError("revealed: every monument would be face up, and the game over before it starts")
        g.down[sp] = False
        g.n_down -= 1
        names.append(name)
    return sorted(names)
