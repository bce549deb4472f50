"""Who played what, turn by turn: the engine records the seat behind every
action of its history (`game.actors`)."""

from __future__ import annotations


def seat_log(game) -> list[tuple[int, str]]:
    """(seat, action) for every action in the game's history."""
    return list(zip(game.actors, map(str, game.history)))


def split_turns(log: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Group a seat log into turns: each starts with a tile placement."""
    turns: list[list[tuple[int, str]]] = []
    for seat, a in log:
        if a.startswith("T") or not turns:
            turns.append([])
        turns[-1].append((seat, a))
    return turns
