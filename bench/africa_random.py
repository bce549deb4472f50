"""Benchmark: random Africa games with full legal-move generation at every step.

    python bench/africa_random.py [--games 200] [--players 3]

Reports the median time per game, per legal_actions() call, per apply() and per clone().
A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from savanna import africa


def play(seed: int, players: int, calls: list[float], applies: list[float]) -> tuple[float, int, int]:
    rng = random.Random(seed)
    clock = time.perf_counter
    t0 = clock()
    g = africa.new_game(players=players, seed=seed)
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
    return clock() - t0, steps, g.turn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()

    for s in range(5):  # warm the interned-action caches as a long-running process would
        play(10_000 + s, args.players, [], [])
    calls: list[float] = []
    applies: list[float] = []
    games, steps, turns = [], [], []
    for s in range(args.games):
        t, n, k = play(s, args.players, calls, applies)
        games.append(t)
        steps.append(n)
        turns.append(k)

    g = africa.new_game(players=args.players, seed=1)
    rng = random.Random(1)
    for _ in range(400):
        g.apply(rng.choice(g.legal_actions()))
    t0 = time.perf_counter()
    for _ in range(2000):
        g.clone()
    clone_us = (time.perf_counter() - t0) / 2000 * 1e6

    ms = sorted(x * 1e3 for x in games)
    print(f"python {platform.python_version()} on {platform.machine()}, {args.games} random {args.players}-player games")
    print(f"game:            median {statistics.median(ms):.2f} ms   p90 {ms[int(len(ms) * 0.9)]:.2f} ms   "
          f"mean {statistics.fmean(ms):.2f} ms   ({statistics.fmean(steps):.0f} actions, "
          f"{statistics.fmean(turns):.0f} turns per game)")
    print(f"legal_actions(): median {statistics.median(calls) * 1e6:.1f} us   mean {statistics.fmean(calls) * 1e6:.1f} us"
          f"   ({len(calls)} calls)")
    print(f"apply():         median {statistics.median(applies) * 1e6:.1f} us   mean {statistics.fmean(applies) * 1e6:.1f} us")
    print(f"clone() mid-game: {clone_us:.1f} us")


if __name__ == "__main__":
    main()
