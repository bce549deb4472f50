"""Benchmark: random steps per second of the PettingZoo environments, against PettingZoo's own
connect_four_v3 in the same run, and of the vector environments.

    python bench/research_speed.py [--seconds 2] [--rounds 3] [--vector 16,64]

A step is an AEC step of the agent to act, as PettingZoo's own benchmark loop
(`pettingzoo.test.performance_benchmark`) makes it: `env.last()` (the
observation and action mask of that agent only), a uniformly random legal
action read from the mask, `env.step(action)`; a finished game is reset. Every
environment is timed `--rounds` times for `--seconds`, the rounds interleaved
(connect four, then each of ours, then again), so that a machine busy with
other work slows them all alike; the table gives each one's median steps per
second (wall clock) and CPU time per step, and its ratio to connect four's in
the same round (median over rounds).

The random action is `np.flatnonzero(mask.view(bool))`, the same code for
every environment: numpy's nonzero on an int8 array is many times slower
than on a bool one (on the 45,403-entry Safari mask, some 100 us a step
against 7), so PettingZoo's own loop, which calls it on the int8 mask, would
mostly time numpy; the `pz loop` row shows that.

Rows: `SafariEnv` as shipped (incremental observations from a SafariTracker,
new int16 observation and int8 mask arrays at every step), with
`copy_observations=False` (the tracker's own observation and mask, overwritten by
the next step), and `from scratch` (the encoding's float32 `observation()` and
`legal_mask()` at every step, as before the tracker); `AfricaEnv`;
connect_four_v3; and `floor`: what any environment with Safari's encoding must
do at a step (apply the action, copy a 222 KB observation and a 45 KB mask out,
pick a legal index), with no observation worked out, to show what is left for
the encoding. Then the vector environments: steps
per second counting one step per game, for N games stepped at once (a random
legal action per row, read from the stacked masks).

connect_four_v3 imports pygame (for rendering only); without pygame installed
a stub module stands in, and the run says so.

A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import types
from typing import Any, Callable

import numpy as np

from savanna.research.africa_env import AfricaEnv
from savanna.research.africa_vector import AfricaVectorEnv
from savanna.research.safari_env import SafariCore, SafariEnv
from savanna.research.safari_tracker import OBSERVATION_DTYPE
from savanna.research.safari_vector import SafariVectorEnv
from savanna.research.turn_env import GameCore


def _connect_four() -> tuple[Callable[[], Any], str]:
    note = ""
    try:
        import pygame  # noqa: F401
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")  # connect four only draws with it
        note = "pygame is not installed: a stub module stands in (connect four renders nothing here)"
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env, note


class _ScratchCore(SafariCore):
    """SafariEnv's core with the from-scratch encoding at every step (the code before the tracker)."""

    def observation(self, game: Any, seat: int, copy: bool = True) -> np.ndarray:
        return self.encoding.observation(game, seat)

    def mask(self, game: Any, copy: bool = True) -> np.ndarray:
        return self.encoding.legal_mask(game, dtype=np.int8)

    observe = GameCore.observe  # (SafariCore's own brings its tracker up to date)

    def is_legal(self, game: Any, index: int) -> bool:
        return self.encoding.index_to_action(game, index) in game.legal_actions()


def _scratch_env() -> SafariEnv:
    env = SafariEnv(players=2, seed=0)
    env.core = core = _ScratchCore(2)
    core.tracker = None  # (so that a step reaching for it fails, rather than timing it)
    return env


def aec_run(env: Any, seconds: float, rng: random.Random, pz_loop: bool = False) -> tuple[float, float, int]:
    """Random AEC steps for `seconds`: (steps per second, CPU microseconds per step, steps)."""
    env.reset(seed=rng.randrange(2**31))
    steps = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    end = wall0 + seconds
    while True:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            elif pz_loop:  # exactly pettingzoo.test.performance_benchmark's choice
                action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
                action = int(legal[rng.randrange(len(legal))])
            env.step(action)
            steps += 1
            if steps % 64 == 0 and time.perf_counter() > end:
                wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
                return steps / wall, cpu / steps * 1e6, steps
        env.reset()


class Floor:
    """What any environment with this encoding must do at a step, and nothing else: apply the
    action (replaying recorded random games), copy an observation's worth (111,249 int16s,
    222 KB) and a mask's (45 KB) out, and pick a legal index from the mask. No observation is
    worked out."""

    def __init__(self, games: int = 20):
        from savanna import safari
        from savanna.research.safari_encoding import SafariEncoding

        rng = random.Random(7)
        self.games = []
        for s in range(games):
            g = safari.new_game(players=2, seed=s)
            acts = []
            while not g.is_terminal():
                a = rng.choice(g.legal_actions())
                acts.append(a)
                g.apply(a)
            self.games.append((s, acts))
        e = SafariEncoding(2)
        self.obs = np.zeros(e.observation_size, OBSERVATION_DTYPE)
        self.mask = np.zeros(e.size, np.int8)
        self.mask[[e.PASS, e.PLACE + 5, e.MOVE + 9]] = 1
        self.new_game = safari.new_game

    def run(self, seconds: float, rng: random.Random) -> tuple[float, float, int]:
        steps = 0
        wall0, cpu0 = time.perf_counter(), time.process_time()
        end = wall0 + seconds
        while time.perf_counter() < end:
            for seed, acts in self.games:
                g = self.new_game(players=2, seed=seed)
                for a in acts:
                    obs = self.obs.copy()
                    mask = self.mask.copy()
                    legal = np.flatnonzero(mask.view(np.bool_))
                    legal[rng.randrange(len(legal))]
                    g.apply(a)
                    steps += 1
                del obs
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        return steps / wall, cpu / steps * 1e6, steps


def vector_run(venv: Any, seconds: float, rng: random.Random) -> tuple[float, float, int]:
    """Random steps of every game of a vector env for `seconds`: (game steps per second, CPU us per game step)."""
    obs, _ = venv.reset(seed=rng.randrange(2**31))
    n = venv.num_envs
    steps = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    end = wall0 + seconds
    while time.perf_counter() < end:
        masks = obs["action_mask"].view(np.bool_)
        actions = np.empty(n, np.int64)
        for i in range(n):
            legal = np.flatnonzero(masks[i])
            actions[i] = legal[rng.randrange(len(legal))]
        obs, *_ = venv.step(actions)
        steps += n
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return steps / wall, cpu / steps * 1e6, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per environment and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--vector", default="16,64", help="numbers of games for the vector environments")
    ap.add_argument("--quick", action="store_true", help="only connect four and SafariEnv")
    args = ap.parse_args()

    c4, note = _connect_four()
    envs: list[tuple[str, Callable[[], Any], dict]] = [
        ("connect_four_v3", c4, {}),
        ("SafariEnv (2 players)", lambda: SafariEnv(players=2, seed=0), {}),
    ]
    if not args.quick:
        envs += [
            ("SafariEnv copy_observations=False", lambda: SafariEnv(players=2, seed=0, copy_observations=False), {}),
            ("SafariEnv, pz loop (int8 nonzero)", lambda: SafariEnv(players=2, seed=0), {"pz_loop": True}),
            ("SafariEnv from scratch (before)", _scratch_env, {}),
            ("AfricaEnv (2 players)", lambda: AfricaEnv(players=2, seed=0), {}),
            ("AfricaEnv copy_observations=False", lambda: AfricaEnv(players=2, seed=0, copy_observations=False),
             {}),
        ]
    if not args.quick:
        envs.append(("floor: apply + copies + pick, no encoding", Floor, {}))
    rng = random.Random(1)
    made = [(name, make(), kw) for name, make, kw in envs]

    def run(env: Any, seconds: float, kw: dict) -> tuple[float, float, int]:
        return env.run(seconds, rng) if isinstance(env, Floor) else aec_run(env, seconds, rng, **kw)

    for _, env, kw in made:  # warm up: caches, tables, first allocations
        run(env, 0.3, kw)
    results: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in made}
    ratios: dict[str, list[float]] = {name: [] for name, _, _ in made}
    for _ in range(args.rounds):
        base = None
        for name, env, kw in made:
            rate, cpu, _ = run(env, args.seconds, kw)
            results[name].append((rate, cpu))
            if base is None:
                base = (rate, cpu)
            ratios[name].append(rate / base[0])

    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}; "
          f"{args.rounds} rounds of {args.seconds:g} s per environment, interleaved")
    if note:
        print(note)
    print()
    print(f"{'environment':38} {'steps/s':>9} {'CPU us/step':>12} {'x connect four':>15}")
    for name, rows in results.items():
        rate = statistics.median(r for r, _ in rows)
        cpu = statistics.median(c for _, c in rows)
        print(f"{name:38} {rate:9.0f} {cpu:12.1f} {statistics.median(ratios[name]):15.2f}")
    shipped = results["SafariEnv (2 players)"]
    print(f"\nSafariEnv as shipped: {statistics.median(r for r, _ in shipped):,.0f} steps/s (wall clock), "
          f"{1e6 / statistics.median(c for _, c in shipped):,.0f} steps per CPU second; 10,000 asked")
    if args.quick:
        return

    print()
    print(f"{'vector environment':38} {'steps/s':>9} {'CPU us/step':>12} {'x connect four':>15}")
    c4_rate = statistics.median(r for r, _ in results["connect_four_v3"])
    for n in [int(x) for x in args.vector.split(",") if x]:
        for name, make in ((f"SafariVectorEnv N={n}", lambda: SafariVectorEnv(n, players=2, seed=0)),
                           (f"SafariVectorEnv N={n} copy=False", lambda: SafariVectorEnv(n, players=2, seed=0,
                                                                                      copy=False)),
                           (f"AfricaVectorEnv N={n}", lambda: AfricaVectorEnv(n, players=2, seed=0))):
            venv = make()
            vector_run(venv, 0.3, rng)
            rate, cpu, _ = vector_run(venv, args.seconds, rng)
            print(f"{name:38} {rate:9.0f} {cpu:12.1f} {rate / c4_rate:15.2f}")
    print("(vector: steps of single games, N a call; the ratio against connect four's median above)")


if __name__ == "__main__":
    main()
