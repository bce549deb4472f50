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


def values_after_follow_up(game: Any, seat: int, ev: Any) -> list[float]:
    """The values of a position, seen through `seat`'s best follow-up when the same
    seat must act again this turn (Safari: the action after placing a tile)."""
    if not game.is_terminal() and game.current_player == seat:
        best = None
        for a in ev.follow_ups(game, game.legal_actions()):
            h = game.clone()
            h.apply(a)
            v = ev.values(h)
            m = margin(v, seat)
            if best is None or m > best[0]:
                best = (m, v)
        if best is not None:
            return best[1]
    return ev.values(game)
