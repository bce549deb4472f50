"""Trails and bush: connected features kept by union-find, and their points.

Every trail or bush part on a tile is a node. Matching edges of two tiles join
their nodes; the root of a set holds the totals for the whole feature:

- open ends: trail or bush edges not yet matched. Each join removes two.
  A trail that ends on a tile (at a baobab, bush, junction or in the
  savanna) has only one edge there, so that end is closed already; a trail
  is complete when it has no open end, and so is a bush.
- the animals on it (a bit mask for the distinct ones, and a total),
- the birds above a bush,
- how many meeples stand on it.

Scoring a completed trail or bush: the players with the most meeples on it
score, each 1, 3, 6, 10, 15 for 1..5 distinct animals (more animals follow the
same triangle numbers), counting the token they added, plus 1 per bird for a
bush. In final scoring an incomplete one gives 1 per animal and per bird.
"""

from __future__ import annotations

TRAIL_KIND, BUSH_KIND = 0, 1


def distinct_points(distinct: int) -> int:
    """Points for a number of different animals: 1, 3, 6, 10, 15."""
    return distinct * (distinct + 1) // 2


def popcount(mask: int) -> int:
    return mask.bit_count()


class Regions:
    """Union-find over trail and bush parts, as flat lists for cheap copies."""

    __slots__ = ("parent", "kind", "open", "mask", "total", "birds", "meeples")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open: list[int] = []
        self.mask: list[int] = []
        self.total: list[int] = []
        self.birds: list[int] = []
        self.meeples: list[int] = []

    def copy(self) -> "Regions":
        r = Regions.__new__(Regions)
        r.parent = self.parent[:]
        r.kind = self.kind[:]
        r.open = self.open[:]
        r.mask = self.mask[:]
        r.total = self.total[:]
        r.birds = self.birds[:]
        r.meeples = self.meeples[:]
        return r

    def add(self, kind: int, ends: int, mask: int, total: int, birds: int) -> int:
        node = len(self.parent)
        self.parent.append(node)
        self.kind.append(kind)
        self.open.append(ends)
        self.mask.append(mask)
        self.total.append(total)
        self.birds.append(birds)
        self.meeples.append(0)
        return node

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(self, a: int, b: int) -> None:
        """Two matched edges meet: join their features, closing two ends."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            self.open[ra] -= 2
            return
        if self.total[ra] + self.open[ra] < self.total[rb] + self.open[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.open[ra] += self.open[rb] - 2
        self.mask[ra] |= self.mask[rb]
        self.total[ra] += self.total[rb]
        self.birds[ra] += self.birds[rb]
        self.meeples[ra] += self.meeples[rb]

    def completed_points(self, root: int, added: bool) -> int:
        """What one scoring player gets for a completed trail or bush."""
        d = popcount(self.mask[root]) + (1 if added else 0)
        return distinct_points(d) + (self.birds[root] if self.kind[root] == BUSH_KIND else 0)

    def final_points(self, root: int) -> int:
        """What an incomplete trail or bush gives at the end: 1 per animal and bird."""
        return self.total[root] + self.birds[root]


def leaders(counts: list[int], first: int) -> list[int]:
    """Seats with the most meeples (ties share), in turn order from `first`."""
    best = max(counts)
    if best == 0:
        return []
    n = len(counts)
    return [s for s in ((first + i) % n for i in range(n)) if counts[s] == best]
