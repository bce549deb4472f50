"""The animal token supply: a face-down pile, its discards, and reshuffling.

When a token must be drawn and the pile is empty, the discards are shuffled
into a new pile; with none there either, nothing is drawn. Every shuffle comes
from the game's seed, so a game is reproducible from its seed and actions.
"""

from __future__ import annotations

import random


def shuffled(seed: int, what: str, items: list) -> list:
    """A copy of `items` shuffled by a generator named for seed and purpose.

    The steps of CPython 3.11's `Random.shuffle` (Fisher-Yates, each index drawn
    by rejection from `getrandbits`), written out: the deal of every saved game
    depends on them, so they are the project's, not the interpreter's, and a
    new game starts without a method call per card."""
    out = list(items)
    getrandbits = random.Random(f"safari/{seed}/{what}").getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


def initial_pile(seed: int, counts: tuple[int, ...], order: list[int]) -> list[int]:
    """The face-down pile, top at the end: `order` first, the rest shuffled."""
    rest = list(counts)
    for a in order:
        rest[a] -= 1
    pool = [a for a, n in enumerate(rest) for _ in range(n)]
    top_first = list(order) + shuffled(seed, "tokens", pool)
    top_first.reverse()
    return top_first
