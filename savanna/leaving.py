"""Turn order once seats have left a game (`out`; each engine's leaving.py holds its own rule of
what a seat leaving mid-turn gives up): the same for every game, on a game's `players` and `gone`."""

from __future__ import annotations

ACTION = "out"  # the engines' action for a seat leaving: a server's alone (a flag fall), never legal, never typed


def next_seat(g, seat: int) -> int:
    """The seat after `seat` in turn order that has not left (`seat` itself if it alone remains)."""
    n = g.players
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s not in g.gone:
            return s
    return seat


def all_gone(g) -> bool:
    """Whether every seat has left (the game then ends)."""
    return len(g.gone) >= g.players
