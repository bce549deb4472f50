"""Carcassonne Safari as a PettingZoo AEC environment.

    from savanna.research.pettingzoo_env import SafariEnv

    env = SafariEnv(players=2, seed=1)       # also: final_scoring="all"|"majority", window=20, reward="win"|"margin"
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])   # or your policy
        env.step(action)

Agents are "player_0" .. "player_{n-1}" for seats 0 .. n-1. The agent to act
(`env.agent_selection`) is the engine's `current_player`: usually the seat
whose turn it is, which acts twice in a row (place the tile, then meeple /
dig / expand / ranger / pass), but while a completed trail or bush scores,
each leading seat in turn chooses whether to add a token, so another agent may
be asked in the middle of a turn. `infos[agent]` holds its seat, the phase
and the scores; `env.game` is the engine game, and `env.action_notation(i)`
turns an index into the engine's notation.

Observations, as in PettingZoo's classic games, are dicts:
`{"observation": float32 vector, "action_mask": int8 vector}`. The vector is
`savanna.research.encoding`'s observation for that agent's seat (board planes
(C, 2w+1, 2w+1), then numbers; `env.encoding.split(obs["observation"])` gives
them apart; seats are relative to the observer). The mask is all zeros for an
agent who is not to act. Actions are `Discrete(encoding.size)` indices (the
encoding's fixed action space); an illegal index raises ValueError.

Rewards come only at the end of the game (all other steps give 0):
- `reward="win"` (default): +1 for the sole winner, 0 for each seat sharing
  the highest score, -1 for every other seat (two players: win +1, draw 0,
  loss -1, as chess or connect four);
- `reward="margin"`: the seat's final score minus the best final score among
  the other seats (positive only for the sole winner).

Randomness: `reset(seed=s)` starts the engine game with a seed drawn from `s`,
so a seeded reset replays exactly; `reset()` without a seed continues the
environment's own seed sequence (from the constructor's `seed`). The land tile
stack and token pile are the engine's seeded shuffles; nothing in the
observation reveals their order. `reset(options={"tile_order": [...],
"token_order": "..."})` passes those on to `safari.new_game`; other options
are ignored.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from savanna import safari

from .encoding import DEFAULT_WINDOW, SafariEncoding

REWARDS = ("win", "margin")


def env(**kwargs: Any) -> SafariEnv:
    """PettingZoo-style constructor: `env(players=2, ...)`."""
    return SafariEnv(**kwargs)


class SafariEnv(AECEnv):
    """Carcassonne Safari for 2 to 5 agents (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "savanna_safari_v0",
                                          "is_parallelizable": False}

    def __init__(self, players: int = 2, seed: int | None = None, final_scoring: str = "all",
                 window: int = DEFAULT_WINDOW, reward: str = "win", render_mode: str | None = None):
        super().__init__()
        if final_scoring not in safari.FINAL_SCORING:
            raise ValueError(f"final_scoring must be one of {safari.FINAL_SCORING}, not {final_scoring!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.encoding = SafariEncoding(players=players, window=window)
        self.players = players
        self.final_scoring = final_scoring
        self.reward_mode = reward
        self.render_mode = render_mode
        self._seeds = random.Random(seed)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        enc = self.encoding
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=enc.observation_low, high=enc.observation_high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(enc.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.size) for a in self.possible_agents}
        self.game: safari.Game | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ API

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        options = options or {}
        self.game = safari.new_game(players=self.players, seed=self._seeds.randrange(2**31),
                                    final_scoring=self.final_scoring, tile_order=options.get("tile_order"),
                                    token_order=options.get("token_order"))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._update_infos()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        g = self.game
        obs = self.encoding.observation(g, seat)
        if not g.is_terminal() and g.current_player == seat:
            mask = self.encoding.legal_mask(g, dtype=np.int8)
        else:
            mask = np.zeros(self.encoding.size, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        a = self.encoding.index_to_action(g, action)
        if a not in g.legal_actions():
            raise ValueError(f"{agent}: action {action} ({a}) is not legal now; mask with obs['action_mask']")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        g.apply(a)
        if g.is_terminal():
            for a_, r in zip(self.possible_agents, self._final_rewards()):
                self.rewards[a_] = r
            self.terminations = {a_: True for a_ in self.agents}
        else:
            self.agent_selection = self.possible_agents[g.current_player]
        self._update_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _final_rewards(self) -> list[float]:
        scores = self.game.scores
        out = []
        for s, v in enumerate(scores):
            others = max(x for i, x in enumerate(scores) if i != s)
            if self.reward_mode == "margin":
                out.append(float(v - others))
            else:
                out.append(1.0 if v > others else 0.0 if v == others else -1.0)
        return out

    def _update_infos(self) -> None:
        g = self.game
        for a in self.agents:
            self.infos[a] = {"seat": self.possible_agents.index(a), "phase": g.phase_name,
                             "scores": g.scores}

    # -------------------------------------------------------------- helpers

    def action_notation(self, index: int) -> str:
        """The notation of an action index in the current state."""
        return str(self.encoding.index_to_action(self.game, index))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self.game
        lines = [f"phase {g.phase_name}, to act: {g.current_player}, scores {g.scores}, tiles left {g.tiles_left}"]
        if g.drawn_tile and g.phase_name == "place":
            lines.append(f"drawn tile {g.drawn_tile}")
        if g.history:
            lines.append("last action " + str(g.history[-1]))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
