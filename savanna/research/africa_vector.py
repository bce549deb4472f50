"""Africa's vector environment: `AfricaVectorEnv`, N games stepped at once.

    from savanna.research.africa_vector import AfricaVectorEnv

    envs = AfricaVectorEnv(num_envs=64, players=2, seed=0)   # also hidden_treasure, reward,
    obs, infos = envs.reset(seed=0)                           # max_cycles (1,000 rounds), copy
    # obs["observation"]: (64, D) float32, obs["action_mask"]: (64, A) int8; infos["seat"]: (64,)

A `savanna.research.vector.TurnBasedVectorEnv` (see there for the rows, rewards,
auto-reset and seeding); row i steps exactly as an `AfricaEnv` reset with seed
`seed + i` and reset again, unseeded, whenever its game ends.
"""

from __future__ import annotations

from .africa_env import AfricaCore
from .vector import TurnBasedVectorEnv

__all__ = ["AfricaVectorEnv", "make"]


class AfricaVectorEnv(TurnBasedVectorEnv):
    """`num_envs` games of Africa (`players`, `hidden_treasure` as `AfricaEnv`'s; `max_cycles` 1,000 rounds)."""

    def __init__(self, num_envs: int, players: int = 2, seed: int | None = None, hidden_treasure: bool = False,
                 reward: str = "win", max_cycles: int | None = 1000, copy: bool = True):
        first = AfricaCore(players, hidden_treasure)
        cores = iter([first])
        super().__init__(lambda: next(cores, None) or AfricaCore(players, hidden_treasure, encoding=first.encoding),
                         num_envs, seed=seed, reward=reward, max_cycles=max_cycles, copy=copy)


make = AfricaVectorEnv  # what `vector.make("africa", ...)` builds
