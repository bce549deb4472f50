"""Final scoring: sets of objects, and the majorities of gold and of gems.

Objects: each kind a player holds scores by how many of it they hold
(1, 2, 3, 4, 5 alike: 1, 3, 5, 8, 12 points by default).

Gold, then gems, counted in nuggets and stones (not in tiles): the most scores
10, the second most 6. Players tied for most share 10 + 6, rounded down, and
nobody scores second; with one first, players tied for second share the 6,
rounded down. A player with no nuggets (stones) takes no place.
"""

from __future__ import annotations


def object_points(counts: list[int], sets: tuple[int, ...]) -> int:
    """Points for one player's objects, given how many of each kind they hold."""
    top = len(sets) - 1
    return sum(sets[n] if n <= top else sets[top] for n in counts)


def majority(amounts: list[int], awards: tuple[int, int]) -> list[int]:
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
