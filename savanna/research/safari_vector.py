"""Carcassonne Safari's vector environment: `SafariVectorEnv`, N games stepped at once.

    from savanna.research.safari_vector import SafariVectorEnv

    envs = SafariVectorEnv(num_envs=64, players=2, seed=0)   # also final_scoring, window, reward,
    obs, infos = envs.reset(seed=0)                           # max_cycles, copy
    # obs["observation"]: (64, D) int16, obs["action_mask"]: (64, A) int8; infos["seat"]: (64,)

A `savanna.research.vector.TurnBasedVectorEnv` (see there for the rows, rewards,
auto-reset and seeding); row i steps exactly as a `SafariEnv` reset with seed
`seed + i` and reset again, unseeded, whenever its game ends. Each game's
`SafariTracker` keeps its observation and mask in the game's rows of the batch,
updating them in place as tiles are laid: a step writes a few entries a game,
not a 222 KB observation (with `copy=True`, the batch is then copied out once).
"""

from __future__ import annotations

from .safari_encoding import DEFAULT_WINDOW
from .safari_env import SafariCore
from .vector import TurnBasedVectorEnv

__all__ = ["SafariVectorEnv", "make"]


class SafariVectorEnv(TurnBasedVectorEnv):
    """`num_envs` games of Carcassonne Safari (`players`, `final_scoring`, `window` as `SafariEnv`'s)."""

    def __init__(self, num_envs: int, players: int = 2, seed: int | None = None, final_scoring: str = "all",
                 window: int | None = None, reward: str = "win", max_cycles: int | None = None, copy: bool = True):
        first = SafariCore(players, final_scoring, DEFAULT_WINDOW if window is None else window)
        cores = iter([first])  # the others share its encoding (and the tracker's tables)
        super().__init__(lambda: next(cores, None) or SafariCore(players, final_scoring, first.encoding.window,
                                                                  encoding=first.encoding),
                         num_envs, seed=seed, reward=reward, max_cycles=max_cycles, copy=copy)


make = SafariVectorEnv  # what `vector.make("safari", ...)` builds
