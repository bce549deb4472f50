"""A hint for the seat to act: the best move found, why (in facts), and the next best."""

from __future__ import annotations

import random
from typing import Any

from .judging import Candidate, judge
from .reasons import reasons


def hint(game: Any, *, time: float | None = None, iterations: int | None = None, seed: int = 0,
         alternatives: int = 3, clock: str = "wall") -> dict[str, Any]:
    """The hint JSON: {"seat", "moves" (the history's length: the position it answers),
    "budget" (seconds searched), "iterations", "best", "others"}, each move {"action", "then",
    "margin", "events", "now", "facts"} (reasons.py): the best, and up to `alternatives` next best."""
    if not isinstance(alternatives, int) or isinstance(alternatives, bool) or alternatives < 0:
        raise ValueError(f"alternatives must be a whole number >= 0, not {alternatives!r}")
    j = judge(game, time=time, iterations=iterations, seed=seed, k=max(8, alternatives + 1), clock=clock)
    view = game.determinize(random.Random(seed))

    def told(c: Candidate) -> dict[str, Any]:
        return {"action": c.action, "then": list(c.then), "margin": round(c.margin, 2),
                **reasons(view, j.seat, [c.action, *c.then])}

    return {"seat": j.seat, "moves": len(game.history), "budget": round(j.seconds, 3),
            "iterations": j.iterations, "best": told(j.moves[0]),
            "others": [told(c) for c in j.moves[1:1 + alternatives]]}
