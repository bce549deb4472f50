"""What the PettingZoo environments of every game share: `TurnBasedEnv` and `GameCore`.

Each game's environment (in its research module, `<game>_env.py`, which its
description in `savanna.games` names) is a `TurnBasedEnv` around a `GameCore`
that knows its game: how to start one, its observation and legal mask for a
seat, and the engine action of an index. The vector environment (`vector.py`)
steps many games through the same cores. Everything else, the same for every
game, is here:

- agents "player_0" .. "player_{n-1}" for seats 0 .. n-1; the agent to act
  (`agent_selection`) is the engine's `current_player`, who may act several
  times in a row (a turn is several decisions) and, in a game that asks other
  seats in the middle of a turn, may be a seat other than the one whose turn it
  is (a scoring choice);
- observations `{"observation": vector, "action_mask": int8 vector}`, the
  vector of the core's `observation_dtype` (int16 or float32, by game), the
  mask all zeros for an agent who is not to act; actions are
  `Discrete(action_size)` indices; an index that is not legal now raises
  ValueError;
- rewards only at the end: `reward="win"` (default) +1 for the sole winner, 0
  for each seat sharing the highest score, -1 for the others; `reward="margin"`
  the seat's final score minus the best of the other seats';
- `max_cycles`: a game still going after that many rounds (a round: every seat
  takes one turn; a turn ends when the seat whose turn it is changes) is
  truncated: every agent gets `truncated=True` and reward 0. None: never
  (the default for a game that always ends; a game whose seats may pass for
  ever sets its own, such as 1,000 rounds);
- `reset(seed=s)` starts the engine game with a seed drawn from `s`, so a
  seeded reset replays exactly; `reset()` continues the environment's own seed
  sequence (from the constructor's `seed`); `reset(options=...)` passes the
  game's set-up options on (see each environment);
- `infos[agent]`: its seat, the phase, the scores (public in both games) and
  the rounds played so far;
- `copy_observations=False` returns, instead of new arrays at each
  observation, the environment's own observation and mask, which the next
  step, reset or observe overwrites (for a loop that reads each observation
  once; copy them to keep them).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

REWARDS = ("win", "margin")

__all__ = ["REWARDS", "GameCore", "TurnBasedEnv", "final_rewards"]


def final_rewards(scores: list[int], mode: str = "win") -> list[float]:
    """Each seat's reward at the end, from the final scores (see the module's docstring)."""
    out = []
    for s, v in enumerate(scores):
        others = max(x for i, x in enumerate(scores) if i != s)
        if mode == "margin":
            out.append(float(v - others))
        else:
            out.append(1.0 if v > others else 0.0 if v == others else -1.0)
    return out


class GameCore:
    """One game's side of an environment (a subclass per game). Attributes: `players`,
    `action_size`, `observation_size`, `observation_low`, `observation_high`."""

    players: int
    action_size: int
    observation_size: int
    observation_low: np.ndarray
    observation_high: np.ndarray
    observation_dtype: Any = np.float32

    def new_game(self, seed: int, options: dict) -> Any:
        """A new engine game from a seed and the reset options."""
        raise NotImplementedError

    def observation(self, game: Any, seat: int, copy: bool = True) -> np.ndarray:
        """The flat observation of `game` for `seat`, of `observation_dtype` (copy=False: the
        core's own buffer)."""
        raise NotImplementedError

    def mask(self, game: Any, copy: bool = True) -> np.ndarray:
        """An int8 array over the action space, 1 at the legal actions: a new one, or with
        copy=False the core's own (overwritten later)."""
        raise NotImplementedError

    def observe(self, game: Any, seat: int, copy: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """`seat`'s observation and action mask (all zeros when another seat is to act)."""
        obs = self.observation(game, seat, copy=copy)
        if game.current_player == seat:
            return obs, self.mask(game, copy=copy)
        return obs, np.zeros(self.action_size, np.int8)

    def observation_into(self, game: Any, seat: int, out: np.ndarray) -> None:
        """Write the observation into `out` (a row of a batch)."""
        out[:] = self.observation(game, seat)

    def mask_into(self, game: Any, out: np.ndarray) -> None:
        """Write the legal mask into `out` (int8, a row of a batch)."""
        out[:] = self.mask(game)

    def keep_in(self, obs: np.ndarray, mask: np.ndarray) -> None:
        """From now on, `observe_into` with these two arrays (rows of a batch) may bring them up
        to date in place rather than write them whole; nothing else may write them. (Here: no
        effect.)"""

    def observe_into(self, game: Any, seat: int, obs: np.ndarray, mask: np.ndarray) -> None:
        """Write `seat`'s observation and the legal mask into `obs` and `mask` (rows of a batch)."""
        self.observation_into(game, seat, obs)
        self.mask_into(game, mask)

    def is_legal(self, game: Any, index: int) -> bool:
        raise NotImplementedError

    def action(self, game: Any, index: int) -> Any:
        """The engine action of an index (ValueError if the index is out of range or malformed)."""
        raise NotImplementedError

    def describe(self, game: Any) -> list[str]:
        """Lines of text about the game now, for render()."""
        g = game
        return [f"phase {g.phase_name}, to act: {g.current_player}, scores {g.scores}",
                "last action " + str(g.history[-1]) if g.history else "no action yet"]


class TurnBasedEnv(AECEnv):
    """A PettingZoo AEC environment around a `GameCore` (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "savanna_turn_based_v0",
                                          "is_parallelizable": False}

    def __init__(self, core: GameCore, seed: int | None = None, reward: str = "win",
                 max_cycles: int | None = None, render_mode: str | None = None, copy_observations: bool = True):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if max_cycles is not None and (not isinstance(max_cycles, int) or isinstance(max_cycles, bool)
                                       or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number of at least 1, or None, not {max_cycles!r}")
        self.core = core
        self.players = core.players
        self.reward_mode = reward
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.copy_observations = copy_observations
        self._seeds = random.Random(seed)
        self.possible_agents = [f"player_{i}" for i in range(core.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=core.observation_low, high=core.observation_high,
                                      dtype=core.observation_dtype),
            "action_mask": spaces.Box(low=0, high=1, shape=(core.action_size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(core.action_size) for a in self.possible_agents}
        self.game: Any = None
        self.turns = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ API

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = self.core.new_game(self._seeds.randrange(2**31), options or {})
        self.turns = 0
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._update_infos()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs, mask = self.core.observe(self.game, self._seat[agent], self.copy_observations)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        core = self.core
        a = core.action(g, action)
        if not core.is_legal(g, action):
            raise ValueError(f"{agent}: action {action} ({a}) is not legal now; mask with obs['action_mask']")
        self._cumulative_rewards[agent] = 0
        before = g.active_player
        g.apply(a)
        if g.is_terminal():
            for a_, r in zip(self.possible_agents, final_rewards(g.scores, self.reward_mode)):
                self.rewards[a_] = r
            self.terminations = {a_: True for a_ in self.agents}
            self._update_infos()
            self._accumulate_rewards()
        else:  # (no reward before the end: every entry of `rewards` is still 0, nothing to add)
            if g.active_player != before:
                self.turns += 1
                if self.max_cycles is not None and self.turns >= self.max_cycles * self.players:
                    self.truncations = {a_: True for a_ in self.agents}
            self.agent_selection = self.possible_agents[g.current_player]
            self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _update_infos(self) -> None:
        g = self.game
        phase, scores, rounds = g.phase_name, g.scores, self.turns // self.players
        seat = self._seat
        self.infos = {a: {"seat": seat[a], "phase": phase, "scores": scores, "rounds": rounds} for a in self.agents}

    # -------------------------------------------------------------- helpers

    def action_notation(self, index: int) -> str:
        """The notation of an action index in the current state."""
        return str(self.core.action(self.game, index))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = "\n".join(self.core.describe(self.game))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
