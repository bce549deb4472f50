"""A hint for the seat to act: the best move found, why (in facts), and the next best."""

from __future__ import annotations

import random
from typing import Any

from .judging import Candidate, judge
from .reasons import reasons


def hint(game: Any, *, time: float | None = None, iterations: int | None = None, seed: int = 0,
         alternatives: int = 3, clock: str = "wall") -> dict[str, Any]:
    """The hint JSON (see savanna/coach/review.py's docstring for the review's): the best move
    with its `then`, expected margin and reasons, and up to `alternatives` next best."""
    j = judge(game, time=time, iterations=iterations, seed=seed, k=max(8, alternatives + 1), clock=clock)
    view = game.determinize(random.Random(seed))

    def told(c: Candidate) -> dict[str, Any]:
        return {"action": c.action, "then": list(c.then), "margin": round(c.margin, 2),
                **reasons(view, j.seat, [c.action, *c.then])}

    return {"seat": j.seat, "moves": len(game.history), "budget": round(j.seconds, 3),
            "iterations": j.iterations, "best": told(j.moves[0]),
            "others": [told(c) for c in j.moves[1:1 + alternatives]]}
