"""Position evaluation, by game: each game's knowledge lives in its own module
(`safari_eval`), and the players ask for it here, so greedy and search stay
written once for every game.

An evaluation module offers `values(game) -> [expected final score per seat]`
and `follow_ups(game, actions)`: the actions worth a look when a player's turn
goes on after its first decision.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


def _score_values(game: Any) -> list[float]:
    return [float(s) for s in game.scores]


GENERIC = SimpleNamespace(values=_score_values, follow_ups=lambda game, actions: actions)


def evaluation_for(game: Any):
    """The evaluation module for a game object (score-only for unknown games)."""
    module = type(game).__module__
    if module.startswith("savanna.safari"):
        from . import safari_eval
        return safari_eval
    return GENERIC


def margin(values: list[float], seat: int) -> float:
    """How far `seat` is ahead of its strongest rival."""
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)
