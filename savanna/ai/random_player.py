"""The random player: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import Any

from .base import chance_choice, legal_actions, register


@register("random")
class RandomPlayer:
    name = "random"
    cheap = True  # decides in milliseconds, without a search (base.is_cheap)

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        drawn = chance_choice(game, self.rng)
        if drawn is not None:
            return drawn
        actions = legal_actions(game)
        return self.rng.choice(actions)
