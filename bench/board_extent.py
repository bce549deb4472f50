"""Benchmark: how far from the start tile Safari games spread, per tile set: the evidence
for the research encoding's board window (savanna/research/safari_encoding.py, DEFAULT_WINDOW).

    python bench/board_extent.py [--random-games 5000] [--greedy-games 40] [--tiles real-1 reconstruction-1]

Plays random games (2 to 5 seats, in turn) and greedy games (2 seats) on each tile set
and reports, over all games, the largest distance from (0, 0) in x or y of a tile and of
an empty space next to a tile (where tiles and rangers go), and how many games reached
each distance (the tail).
A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from savanna import safari
from savanna.ai import make_player
from savanna.safari.geometry import xy


def extent(spaces) -> int:
    return max(max(abs(x), abs(y)) for x, y in map(xy, spaces))


def play(tiles: str, seed: int, players: int, spec: str) -> tuple[int, int]:
    """(furthest tile, furthest empty space next to a tile) over the whole game."""
    g = safari.new_game(players=players, seed=seed, tiles=tiles)
    ps = [make_player(spec, seed=seed * 8 + s) for s in range(players)]
    far_tile = far_space = 0
    while not g.is_terminal():
        g.apply(ps[g.current_player].choose(g))
        if g.frontier:
            far_space = max(far_space, extent(g.frontier))
    far_tile = extent(g.board)
    return far_tile, far_space


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random-games", type=int, default=5000)
    ap.add_argument("--greedy-games", type=int, default=40)
    ap.add_argument("--tiles", nargs="+", default=["real-1", "reconstruction-1"], choices=list(safari.TILE_SETS))
    args = ap.parse_args()
    for tiles in args.tiles:
        t0 = time.perf_counter()
        tiles_at: Counter = Counter()
        spaces_at: Counter = Counter()
        runs = [(s, 2 + s % 4, "random") for s in range(args.random_games)]
        runs += [(100_000 + s, 2, "greedy") for s in range(args.greedy_games)]
        for seed, players, spec in runs:
            t, sp = play(tiles, seed, players, spec)
            tiles_at[t] += 1
            spaces_at[sp] += 1
        n = len(runs)
        print(f"[{tiles}] {args.random_games} random games (2-5 seats) and {args.greedy_games} greedy games "
              f"(2 seats) in {time.perf_counter() - t0:.0f} s")
        print(f"  furthest tile from (0, 0): {max(tiles_at)}; furthest empty space next to a tile: {max(spaces_at)}")
        tail = "  ".join(f"{d}: {sum(c for k, c in tiles_at.items() if k >= d)}"
                         for d in range(max(1, max(tiles_at) - 6), max(tiles_at) + 1))
        print(f"  games with a tile at least d away, of {n}: {tail}")


if __name__ == "__main__":
    main()
