"""Baobabs: a tile's tree, complete when eight tiles surround it.

A meeple goes on the baobab of the tile just placed whenever its player has
one in supply (no other rule limits it), and that player draws two tokens at
once. When a tile completes the ring of eight around a baobab with a meeple
(the placed tile's space or one of the eight around it), the meeple goes home
and its owner draws two more tokens, before the trails and bush score: those
tokens may be added to them. Baobabs score no points.

A game keeps `baobab_meeples`: space -> the seat of the meeple on its baobab.
"""

from __future__ import annotations

from typing import Any

from . import tokens
from .geometry import RING, xy
from .state import State

TOKENS = 2  # drawn for a meeple laid on a baobab, and again when it is surrounded


def complete(board: dict[int, Any], sp: int) -> bool:
    """Whether the baobab on `sp` is surrounded by eight tiles."""
    return all(sp + o in board for o in RING)


def place_meeple(g: State, seat: int) -> None:
    """A meeple from `seat`'s supply on the baobab of the tile just placed; two tokens drawn."""
    g.baobab_meeples[g.placed] = seat
    g.supply_meeples[seat] -= 1
    tokens.draw(g, seat, TOKENS)


def score_completed(g: State) -> None:
    """The baobabs with a meeple that the tile just placed surrounded: meeple home, two tokens."""
    sp = g.placed
    board = g.board
    bm = g.baobab_meeples
    for q in (sp,) + tuple(sp + o for o in RING):
        if q in bm and complete(board, q):
            seat = bm.pop(q)
            g.supply_meeples[seat] += 1
            if g.explain is None:
                tokens.draw(g, seat, TOKENS)
                continue
            k = g.num_animals
            before = sum(g.hands[seat * k:(seat + 1) * k]) + len(g.draws)  # explicit: queued
            tokens.draw(g, seat, TOKENS)
            g.explain.append({"what": "baobab", "seat": seat, "points": 0, "space": list(xy(q)),
                              "tokens": sum(g.hands[seat * k:(seat + 1) * k]) + len(g.draws) - before})
