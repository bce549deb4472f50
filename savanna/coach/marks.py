"""How much a move lost, in words people know from chess reviews, and a seat's summary.

The thresholds are points of expected final margin lost against the best move found
(the benchmark bench/coach_accuracy.py calibrates them and `REVIEW_THINK`)."""

from __future__ import annotations

from typing import Any, Iterable

THRESHOLDS = {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0}
KINDS = ("inaccuracy", "mistake", "blunder")  # mildest first
REVIEW_THINK = 0.5  # seconds of search per judged decision of a review


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
