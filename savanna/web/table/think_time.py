"""How long the computer seat to act may search, by its clock: what a real-time game's clock
leaves it now, shared out by the time manager (savanna.ai.timing) over the seat's turns to
come (the tiles left tell how many, shared among the seats still in the game: a skipped seat
takes none). A correspondence game's turn of days is plenty, and a
seat whose flag fell has no clock: both search as in an untimed game, under the server's cap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from savanna.ai import timing

from . import clock


def budget(meta: dict[str, Any], game: Any, now: Callable[[], float], max_think: float) -> float | None:
    """Seconds the search of the seat to act in `game` may take (0: no time to search, play at
    once); None if its clock does not bound it (untimed, correspondence, not running).
    `now`: the service's clock."""
    state = meta.get("clock")
    if not state or "base" not in state["control"]:
        return None
    seat = game.current_player
    if seat is None or seat < 0 or state["running"] != seat or seat in state["flagged"]:
        return None
    actions, per_turn = timing.turn_actions(game, seat)
    return timing.move_budget(clock.left(state, now())[seat], float(state["control"]["increment"]),
                              clock.turns_left(game.tiles_left, game.players - len(game.gone)), max_think,
                              actions=actions, per_turn=per_turn)
