"""N games at once, as stacked NumPy arrays: `TurnBasedVectorEnv`, and `make`.

    from savanna.research import vector

    envs = vector.make(game, num_envs=64, players=2, seed=0)   # game: a name in savanna.games
    obs, infos = envs.reset(seed=0)
    # obs["observation"]: (64, D) of the game's observation dtype, obs["action_mask"]: (64, A) int8;
    # infos["seat"]: (64,)
    while True:
        actions = my_policy(obs["observation"], obs["action_mask"], infos["seat"])   # (64,) action indices
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        # rewards: (64, players), what each seat of each game got from this step

Each game's own vector environment (`<game>_vector.py`, which its description
names) is a `TurnBasedVectorEnv` over its environment's core; `make(game, ...)`
builds it with that game's options.

A Gymnasium `VectorEnv` (`num_envs`, `single_observation_space` the Dict of
one game's observation and mask, `observation_space` the batched Dict,
`single_action_space` Discrete, `action_space` MultiDiscrete) for turn-based
games of several seats:

- Row i is game i, seen by the agent to act in it: `infos["seat"][i]` is that
  seat, `obs["observation"][i]` its observation (seats relative to it, as in
  the AEC environments) and `obs["action_mask"][i]` its legal actions (int8).
  `step(actions)` plays `actions[i]` in game i; an index that is not legal
  in its game raises ValueError, and then no game is stepped.
- Rewards are per game and per seat, shape (N, players): all 0 until a game
  ends, then its final rewards (`reward="win"`: +1 the sole winner, 0 a
  shared win, -1 the others; `"margin"`) on the step that ended it. A
  single-agent learner playing every seat takes, for row i, the column
  `infos["seat"][i]` of the step where that seat next acts or the game ends.
- Auto-reset in the same step (Gymnasium's SAME_STEP mode): when game i ends
  (`terminations[i]`, or `truncations[i]` after `max_cycles` rounds), its row
  already holds the first observation of the next game; its final scores are
  in `infos["final_scores"][i]` (rows marked by `infos["_final_scores"]`). A
  finished game has no agent to act, so no final observation is kept.
- Seeding: `reset(seed=s)` seeds game i with `s + i` exactly as the AEC
  environment's `reset(seed=s + i)` would, and each game's later games follow
  its own seed sequence (as the AEC environment's `reset()`): row i steps
  exactly as the game's AEC environment reset with seed `s + i` and reset
  again, unseeded, whenever its game ends.
- `copy=True` (default): new arrays at every call; `copy=False`: read-only
  views of the environment's own arrays, overwritten by the next call (faster).

The observations come from the same cores as the AEC environments. A core may
keep its observation and mask in its game's rows of the batch (`keep_in`),
updating them in place, so that a step writes a few entries a game rather than
a whole observation (with `copy=True`, the batch is then copied out once).
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from savanna import games

from .turn_env import REWARDS, GameCore, final_rewards

__all__ = ["TurnBasedVectorEnv", "make"]


def make(game: str, num_envs: int, **options: Any) -> TurnBasedVectorEnv:
    """`num_envs` games of `game` (a name in `savanna.games`) stepped at once: its own vector
    environment, given `options` (players, seed, the game's options, reward, max_cycles, copy)."""
    return games.spec(game).part("vector").make(num_envs, **options)


class TurnBasedVectorEnv(VectorEnv):
    """`num_envs` games of one kind, stepped together (see the module's docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, make_core: Callable[[], GameCore], num_envs: int, seed: int | None = None,
                 reward: str = "win", max_cycles: int | None = None, copy: bool = True):
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if max_cycles is not None and (not isinstance(max_cycles, int) or isinstance(max_cycles, bool)
                                       or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number of at least 1, or None, not {max_cycles!r}")
        self.cores = [make_core() for _ in range(num_envs)]
        core = self.cores[0]
        self.num_envs = n = num_envs
        self.players = core.players
        self.reward_mode = reward
        self.max_cycles = max_cycles
        self.copy = copy
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(low=core.observation_low, high=core.observation_high,
                                      dtype=core.observation_dtype),
            "action_mask": spaces.Box(low=0, high=1, shape=(core.action_size,), dtype=np.int8),
        })
        self.single_action_space = spaces.Discrete(core.action_size)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._seeds = [random.Random(None if seed is None else seed + i) for i in range(n)]
        self.games: list[Any] = [None] * n
        self.turns = np.zeros(n, np.int64)
        self._obs = np.zeros((n, core.observation_size), core.observation_dtype)
        self._masks = np.zeros((n, core.action_size), np.int8)
        self._rows = [(self._obs[i], self._masks[i]) for i in range(n)]
        for c, (o, m) in zip(self.cores, self._rows):
            c.keep_in(o, m)
        # what copy=False hands out: read-only views (a row written by the caller would be
        # the core's own state, for a core that keeps it in place)
        self._out_obs, self._out_masks = self._obs.view(), self._masks.view()
        self._out_obs.flags.writeable = self._out_masks.flags.writeable = False

    # ------------------------------------------------------------------ API

    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a new game in every row; `seed` an int (row i gets seed + i) or one seed per row."""
        n = self.num_envs
        if seed is not None:
            seeds = list(seed) if isinstance(seed, (list, tuple)) else [seed + i for i in range(n)]
            if len(seeds) != n:
                raise ValueError(f"reset: {len(seeds)} seeds for {n} games")
            self._seeds = [random.Random(s) for s in seeds]
        for i in range(n):
            self._new_game(i, options or {})
        seats = self._observe_all()
        obs, masks = self._buffers()
        return {"observation": obs, "action_mask": masks}, {"seat": seats}

    def step(self, actions: Any) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        n, players = self.num_envs, self.players
        actions = np.asarray(actions)
        if actions.shape != (n,):
            raise ValueError(f"step: expected {n} actions (one per game), got shape {actions.shape}")
        rewards = np.zeros((n, players), np.float32)
        terminations = np.zeros(n, bool)
        truncations = np.zeros(n, bool)
        final_scores = np.zeros((n, players), np.float32)
        ended = np.zeros(n, bool)
        cap = None if self.max_cycles is None else self.max_cycles * players
        chosen = []
        for i in range(n):  # every action checked before any is played
            g, core = self.games[i], self.cores[i]
            index = int(actions[i])
            a = core.action(g, index)
            if not core.is_legal(g, index):
                raise ValueError(f"step: action {index} ({a}) is not legal in game {i}; mask with action_mask")
            chosen.append(a)
        for i in range(n):
            g, a = self.games[i], chosen[i]
            before = g.active_player
            g.apply(a)
            if g.is_terminal():
                terminations[i] = True
                rewards[i] = final_rewards(g.scores, self.reward_mode)
            elif g.active_player != before:
                self.turns[i] += 1
                if cap is not None and self.turns[i] >= cap:
                    truncations[i] = True
            if terminations[i] or truncations[i]:
                ended[i] = True
                final_scores[i] = g.scores
                self._new_game(i, {})
        seats = self._observe_all()
        obs, masks = self._buffers()
        infos: dict[str, Any] = {"seat": seats}
        if ended.any():
            infos["final_scores"] = final_scores
            infos["_final_scores"] = ended
        return {"observation": obs, "action_mask": masks}, rewards, terminations, truncations, infos

    # -------------------------------------------------------------- helpers

    def _new_game(self, i: int, options: dict) -> None:
        self.games[i] = self.cores[i].new_game(self._seeds[i].randrange(2**31), options)
        self.turns[i] = 0

    def _buffers(self) -> tuple[np.ndarray, np.ndarray]:
        if self.copy:
            return self._obs.copy(), self._masks.copy()
        return self._out_obs, self._out_masks

    def _observe_all(self) -> np.ndarray:
        """Every row brought up to date for the seat to act in its game; those seats."""
        seats = np.empty(self.num_envs, np.int64)
        for i, (g, core, (obs, mask)) in enumerate(zip(self.games, self.cores, self._rows)):
            seats[i] = seat = g.current_player
            core.observe_into(g, seat, obs, mask)
        return seats

    def action_notation(self, i: int, index: int) -> str:
        """The notation of an action index in game i now."""
        return str(self.cores[i].action(self.games[i], index))

    def close_extras(self, **kwargs: Any) -> None:
        pass
