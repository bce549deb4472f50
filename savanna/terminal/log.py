"""Who played what: the engine's history is a plain list of actions, so the
seat behind each one is recovered by replaying it from the same set-up."""

from __future__ import annotations

import json

from savanna import safari


def fresh_copy(game) -> "safari.Game":
    """The same game (players, seed, rules, tile and token order) before its first action."""
    data = json.loads(game.to_json())
    data["actions"] = []
    data["scores"] = None
    data["over"] = None
    return safari.from_dict(data)


def seat_log(game) -> list[tuple[int, str]]:
    """(seat, action) for every action in the game's history."""
    g = fresh_copy(game)
    out = []
    for a in game.history:
        out.append((g.current_player, str(a)))
        g.apply(a)
    return out


def split_turns(log: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Group a seat log into turns: each starts with a tile placement."""
    turns: list[list[tuple[int, str]]] = []
    for seat, a in log:
        if a.startswith("T") or not turns:
            turns.append([])
        turns[-1].append((seat, a))
    return turns
