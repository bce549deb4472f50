"""Final scoring: sets of objects, and the majorities of gold and of gems; and the
scoring events every rule notes for `Game.apply_explained` (`note`).

Objects: each kind a player holds scores by how many of it they hold
(1, 2, 3, 4, 5 alike: 1, 3, 5, 8, 12 points by default).

Gold, then gems, counted in nuggets and stones (not in tiles): the most scores
10, the second most 6. Players tied for most share 10 + 6, rounded down, and
nobody scores second; with one first, players tied for second share the 6,
rounded down. A player with no nuggets (stones) takes no place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from .inspection import Inspection
from .state import State


def note(g: State, what: str, seat: int, points: int, **more: Any) -> None:
    """A scoring event (call only while `g.explain` is a list: see Game.apply_explained)."""
    assert g.explain is not None
    g.explain.append({"what": what, "seat": seat, "points": points, **more})


def object_points(counts: list[int], sets: tuple[int, ...]) -> int:
    """Points for one player's objects, given how many of each kind they hold."""
    top = len(sets) - 1
    return sum(sets[n] if n <= top else sets[top] for n in counts)


def majority(amounts: Sequence[float], awards: tuple[int, int]) -> list[int]:
    """Points for most and second most of one treasure, with the rules' ties."""
    first, second = awards
    points = [0] * len(amounts)
    ranked = sorted({a for a in amounts if a > 0}, reverse=True)
    if not ranked:
        return points
    tops = [s for s, a in enumerate(amounts) if a == ranked[0]]
    if len(tops) > 1:
        for s in tops:
            points[s] = (first + second) // len(tops)
        return points
    points[tops[0]] = first
    if len(ranked) > 1:
        seconds = [s for s, a in enumerate(amounts) if a == ranked[1]]
        for s in seconds:
            points[s] = second // len(seconds)
    return points


def final_scoring(objects: list[list[int]], gold: list[int], gems: list[int], sets: tuple[int, ...],
                  awards: tuple[int, int]) -> list[dict[str, int]]:
    """Each seat's final points by part: objects, gold, gems, total."""
    g = majority(gold, awards)
    j = majority(gems, awards)
    out = []
    for s, counts in enumerate(objects):
        o = object_points(counts, sets)
        out.append({"objects": o, "gold": g[s], "gems": j[s], "total": o + g[s] + j[s]})
    return out


def apply_final_scoring(g: Inspection) -> None:
    """The end of game `g`: each seat's final points added to its score, by part in
    `g.final_breakdown` and in all in `g.final_points`."""
    gd = g.data
    T = g.num_types
    held = g.held
    objects = [[held[s * T + k] for k in gd.objects] for s in range(g.players)]
    gold = [0] * g.players
    gems = [0] * g.players
    for s in range(g.players):
        for t in gd.types:
            n = held[s * T + t.index]
            if n and t.kind == "gold":
                gold[s] += n * t.value
            elif n and t.kind == "gems":
                gems[s] += n * t.value
    g.final_breakdown = final_scoring(objects, gold, gems, gd.object_sets, gd.treasure_awards)
    g.final_points = [p["total"] for p in g.final_breakdown]
    for s, p in enumerate(g.final_breakdown):
        g.score[s] += p["total"]
        if g.explain is not None:
            note(g, "final", s, p["total"], objects=p["objects"], gold=p["gold"], gems=p["gems"],
                 sets=g.objects(s), nuggets=gold[s], stones=gems[s])
