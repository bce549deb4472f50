"""Benchmark: random 2-player Safari games with full legal-move generation at every step.

    python bench/safari_random.py [--games 300] [--players 2] [--tiles real-1 reconstruction-1]

For each tile set (default: the real set, then the invented one as a reference, in the
same run): the median time per game, per legal_actions() call, per apply() and per
clone(), and the ratio of real to reference. Then new_game() on its own: the default
set, a set named by version, and a user's set given as a dict (the same content each
call, as a server rebuilding stored games passes it).
A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from savanna import safari


def play(seed: int, players: int, calls: list[float], applies: list[float], tiles: str) -> tuple[float, int]:
    rng = random.Random(seed)
    clock = time.perf_counter
    t0 = clock()
    g = safari.new_game(players=players, seed=seed, tiles=tiles)
    steps = 0
    while not g.is_terminal():
        a0 = clock()
        acts = g.legal_actions()
        a1 = clock()
        g.apply(rng.choice(acts))
        a2 = clock()
        calls.append(a1 - a0)
        applies.append(a2 - a1)
        steps += 1
    return clock() - t0, steps


def measure(tiles: str, games: int, players: int) -> dict:
    for s in range(5):  # warm the interned-action caches as a long-running process would
        play(10_000 + s, players, [], [], tiles)
    calls: list[float] = []
    applies: list[float] = []
    times = []
    steps = []
    for s in range(games):
        t, n = play(s, players, calls, applies, tiles)
        times.append(t)
        steps.append(n)
    g = safari.new_game(players=players, seed=1, tiles=tiles)
    rng = random.Random(1)
    for _ in range(70):
        g.apply(rng.choice(g.legal_actions()))
    t0 = time.perf_counter()
    for _ in range(2000):
        g.clone()
    ms = sorted(x * 1e3 for x in times)
    return {"game": statistics.median(ms), "p90": ms[int(len(ms) * 0.9)], "mean": statistics.fmean(ms),
            "actions": statistics.fmean(steps), "legal": statistics.median(calls) * 1e6,
            "legal_mean": statistics.fmean(calls) * 1e6, "calls": len(calls),
            "apply": statistics.median(applies) * 1e6, "apply_mean": statistics.fmean(applies) * 1e6,
            "clone": (time.perf_counter() - t0) / 2000 * 1e6}


def per_call_us(make, n: int = 5000) -> float:
    """The best of five rounds of n calls, in microseconds a call."""
    make()
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            make()
        best = min(best, (time.perf_counter() - t0) / n * 1e6)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--tiles", nargs="+", default=["real-1", "reconstruction-1"], choices=list(safari.TILE_SETS),
                    help="tile sets to measure; the first is compared with each of the others")
    args = ap.parse_args()

    print(f"python {platform.python_version()} on {platform.machine()}, {args.games} random "
          f"{args.players}-player games per tile set")
    results = {}
    for tiles in args.tiles:
        r = results[tiles] = measure(tiles, args.games, args.players)
        print(f"[{tiles}]")
        print(f"  game:            median {r['game']:.2f} ms   p90 {r['p90']:.2f} ms   mean {r['mean']:.2f} ms   "
              f"({r['actions']:.0f} actions per game)")
        print(f"  legal_actions(): median {r['legal']:.1f} us   mean {r['legal_mean']:.1f} us   ({r['calls']} calls)")
        print(f"  apply():         median {r['apply']:.1f} us   mean {r['apply_mean']:.1f} us")
        print(f"  clone() mid-game: {r['clone']:.1f} us")
    first = args.tiles[0]
    for other in args.tiles[1:]:
        a, b = results[first], results[other]
        print(f"{first} / {other}: game {a['game'] / b['game']:.2f}, legal_actions {a['legal'] / b['legal']:.2f}, "
              f"apply {a['apply'] / b['apply']:.2f}, clone {a['clone'] / b['clone']:.2f}, "
              f"actions per game {a['actions'] / b['actions']:.2f}")

    own = safari.load_tiles(first).data
    own = {k: v for k, v in own.items() if k != "version"}  # a user's copy: not the packaged set
    print("new_game() (best of 5 rounds):")
    print(f"  default set:             {per_call_us(lambda: safari.new_game(players=args.players, seed=5)):.1f} us")
    print(f"  by version ({args.tiles[-1]}): "
          f"{per_call_us(lambda: safari.new_game(players=args.players, seed=5, tiles=args.tiles[-1])):.1f} us")
    print(f"  a user's set as a dict:  "
          f"{per_call_us(lambda: safari.new_game(players=args.players, seed=5, tiles=own)):.1f} us")


if __name__ == "__main__":
    main()
