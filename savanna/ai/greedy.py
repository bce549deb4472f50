"""The greedy player: one move ahead, judged by the expected final scores.

Each legal action is tried on a copy of the game and the position after it
is valued by the game's evaluation (points now, plus a tuned estimate of what
open features, meeples and tokens will bring). When the same seat must act
again in the same turn (a turn of two steps: the action after placing a tile),
the best of the follow-ups the evaluation names is taken into account, so a
tile is placed where a meeple can go. An action that reveals a hidden tile is
valued by its expectation over the tiles it could be.
"""

from __future__ import annotations

import random
from typing import Any

from savanna.chance import decision_view

from .base import chance_choice, legal_actions, register
from .evaluation import evaluation_for, greedy_action


@register("greedy")
class GreedyPlayer:
    """One move ahead with a tuned evaluation."""

    name = "greedy"
    cheap = True  # decides in milliseconds, without a search (base.is_cheap)

    def __init__(self, seed: int | None = None, evaluation: Any = None):
        self.rng = random.Random(seed)
        self.evaluation = evaluation  # None: the game's own (`evaluation_for`); else one with other weights

    def choose(self, game: Any) -> Any:
        drawn = chance_choice(game, self.rng)
        if drawn is not None:
            return drawn
        game = decision_view(game, self.rng)  # an explicit-chance game: a sampled world
        ev = self.evaluation if self.evaluation is not None else evaluation_for(game)
        return greedy_action(game, legal_actions(game), ev, self.rng)
