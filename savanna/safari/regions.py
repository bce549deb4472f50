"""The trails and bush as they join: a union-find over their parts, kept as flat lists so that a
game copies cheaply (a game's `regions`). trails_and_bush.py holds their rules: who may put a
meeple on one, who leads it, what it scores.
"""

from __future__ import annotations

TRAIL_KIND, BUSH_KIND = 0, 1
KIND_NAMES = ("trail", "bush")


def distinct_points(distinct: int) -> int:
    """Points for a number of different animals: 1, 3, 6, 10, 15."""
    return distinct * (distinct + 1) // 2


def popcount(mask: int) -> int:
    return mask.bit_count()


class Regions:
    """Union-find over trail and bush parts, as flat lists for cheap copies.

    Read-only outside the engine (docs/safari.md, "The engine's state, read-only"): a part
    is a node (an index); `find(node)` its feature's root; by root, `kind` (TRAIL_KIND or
    BUSH_KIND), `open` (open ends: 0 when complete), `mask` (bit i: animal i of the tile
    set is on it), `total` (animals, duplicates counted), `birds`, `meeples` (how many)."""

    __slots__ = ("parent", "kind", "open", "mask", "total", "birds", "meeples")
    READ_ONLY = ("find", "kind", "open", "mask", "total", "birds", "meeples")  # what code outside the engine may read

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
