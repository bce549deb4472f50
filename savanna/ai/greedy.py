"""The greedy player: one move ahead, judged by the expected final scores.

Each legal action is tried on a copy of the game and the position after it
is valued by the game's evaluation (points now, plus a tuned estimate of what
open features, meeples and tokens will bring). When the same seat must act
again in the same turn (Safari: the action after placing a tile), the best of
the follow-ups the evaluation names is taken into account, so a tile is
placed where a meeple can go.
"""

from __future__ import annotations

import random
from typing import Any

from .base import legal_actions, register
from .evaluation import evaluation_for, margin


@register("greedy")
class GreedyPlayer:
    """One move ahead with a tuned evaluation."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        actions = legal_actions(game)
        if len(actions) == 1:
            return actions[0]
        ev = evaluation_for(game)
        seat = game.current_player
        best = float("-inf")
        choice: list = []
        for a in actions:
            g = game.clone()
            g.apply(a)
            v = self._value(g, seat, ev, lookahead=True)
            if v > best + 1e-9:
                best, choice = v, [a]
            elif v > best - 1e-9:
                choice.append(a)
        return self.rng.choice(choice)

    def _value(self, g: Any, seat: int, ev: Any, lookahead: bool) -> float:
        if lookahead and not g.is_terminal() and g.current_player == seat:
            nexts = ev.follow_ups(g, g.legal_actions())
            if nexts:
                best = float("-inf")
                for a in nexts:
                    h = g.clone()
                    h.apply(a)
                    best = max(best, self._value(h, seat, ev, lookahead=False))
                return best
        return margin(ev.values(g), seat)
