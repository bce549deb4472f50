"""How much a move lost, in words people know from chess reviews, and a seat's summary.

The thresholds are points of expected final margin lost against the best move found
(the benchmark bench/coach_accuracy.py calibrates them and `REVIEW_THINK`)."""

from __future__ import annotations

from typing import Any, Iterable

from savanna import games

# the default; a game's advice part may hold its own (`thresholds_for`). bench/coach_accuracy.py
# (docs/benchmarks.md, "How right the review is"): from 3 points, 14 of 15 planted bad moves are mistakes or
# blunders, 1 of 237 strong players' own moves
THRESHOLDS = {"inaccuracy": 1.5, "mistake": 3.0, "blunder": 8.0}
KINDS = ("inaccuracy", "mistake", "blunder")  # mildest first
REVIEW_THINK = 0.5  # seconds of search per judged decision of a review (0.25: too noisy, the bench says)
# what a review's seconds count: the searching process's own CPU time, so that a loaded server
# reviews as well as an idle one, only later (judged on the wall clock, a busy machine's review
# marked 15% of strong moves; bench/coach_accuracy.py measures on this clock)
REVIEW_CLOCK = "cpu"


def thresholds_for(game: Any) -> dict[str, float]:
    """The thresholds of a game (an engine game or its name): its advice part's `THRESHOLDS`
    where it has its own (a game whose judgements spread wider needs higher ones), else ours."""
    spec = games.spec(game) if isinstance(game, str) else games.spec_of(game)
    try:
        own = getattr(spec.part("advice"), "THRESHOLDS", None)
    except (ImportError, ValueError):
        own = None
    return dict(own or THRESHOLDS)


def mark(loss: float, thresholds: dict[str, float] = THRESHOLDS) -> str | None:
    """The mark of a move that lost `loss` points: None, "inaccuracy", "mistake" or "blunder"."""
    out = None
    for kind in KINDS:
        if loss >= thresholds[kind]:
            out = kind
    return out


def summary(entries: Iterable[dict[str, Any]], seats: Iterable[int] | int | None,
            players: int | None = None) -> list[dict | None]:
    """Per seat (a list as long as the game's `players`): None for a seat not reviewed, else its
    decisions judged, turns, points lost in all and per turn, its worst entries (up to 3, worst
    first, by their `index` in the game's history) and how many of each mark. `seats`: the seats
    reviewed; an int: that many seats, all reviewed."""
    entries = list(entries)
    if isinstance(seats, int):
        seats = range(seats)
    reviewed = sorted(set(seats or ()))
    n = max([*reviewed, *(e["seat"] for e in entries), -1, (players or 0) - 1]) + 1
    out: list[dict | None] = [None] * n
    for s in reviewed:
        mine = [(i, e) for i, e in enumerate(entries) if e["seat"] == s]
        lost = sum(e["loss"] for _, e in mine)
        turns = len({e["turn"] for _, e in mine})
        worst = [e["index"] for _, e in sorted((t for t in mine if t[1]["loss"] > 0),
                                                 key=lambda t: (-t[1]["loss"], t[0]))[:3]]
        out[s] = {"seat": s, "judged": len(mine), "turns": turns, "lost": round(lost, 2),
                  "per_turn": round(lost / turns, 2) if turns else 0.0, "worst": worst,
                  "counts": {k: sum(1 for _, e in mine if e.get("mark") == k) for k in KINDS}}
    return out
