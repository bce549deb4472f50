"""Africa as a PettingZoo AEC environment: `AfricaEnv`.

    from savanna.research.africa_env import AfricaEnv

    env = AfricaEnv(players=3, seed=1)       # also: hidden_treasure=False, reward="win"|"margin",
                                             # max_cycles=1000, copy_observations=True
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The same shape as `SafariEnv` (both are a `savanna.research.turn_env.TurnBasedEnv`):
agents "player_0" .. for seats 0 .., observations `{"observation", "action_mask"}`,
`Discrete` actions, rewards at the end (`reward="win"`: +1 sole winner, 0 a
shared win, -1 otherwise; `"margin"`), seeded resets that replay. The agent to
act is the engine's `current_player`: the seat placing its explorer during
set-up, then the seat whose turn it is, which makes every decision of its
turn (a step, an action, where a tile goes, an exchange) in a row.

Actions and observations are `savanna.research.africa_encoding`'s (map planes
and a vector; seats relative to the observer). With `hidden_treasure=True` (the
rules' option) a seat's observation holds no other seat's gold and gems (and
does not tell the face-down gold from the gems) until the game is over.

A seat may pass turn after turn, so a game between policies that never
discover could last for ever: `max_cycles` (default 1,000 rounds, a round
being every seat's turn; random play ends 2-player games in 70 to 520 rounds)
truncates it. `max_cycles=None` never does.

`reset(options={"first_player": 1, "tile_layout": {...}, "revealed": [...]})`
passes those on to `africa.new_game`; other options are ignored.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from savanna import africa

from .africa_encoding import AfricaEncoding
from .turn_env import REWARDS, GameCore, TurnBasedEnv

DEFAULT_MAX_CYCLES = 1000

__all__ = ["DEFAULT_MAX_CYCLES", "REWARDS", "AfricaCore", "AfricaEnv", "env"]


def env(**kwargs: Any) -> AfricaEnv:
    """PettingZoo-style constructor: `env(players=2, ...)`."""
    return AfricaEnv(**kwargs)


class AfricaCore(GameCore):
    """Africa's side of an environment: games, their observations and masks (cached per state)."""

    def __init__(self, players: int = 2, hidden_treasure: bool = False, data: Any = None,
                 encoding: AfricaEncoding | None = None):
        if not isinstance(hidden_treasure, bool):
            raise ValueError(f"hidden_treasure must be True or False, not {hidden_treasure!r}")
        if encoding is None or encoding.players != players or (data is not None and encoding.data is not data):
            encoding = AfricaEncoding(players=players, data=data)
        self.encoding = enc = encoding
        self.data = None if data is None else enc.data
        self.players = players
        self.hidden_treasure = hidden_treasure
        self.action_size = enc.size
        self.observation_size = enc.observation_size
        self.observation_low = enc.observation_low
        self.observation_high = enc.observation_high
        self._bufs = [np.empty(enc.observation_size, np.float32) for _ in range(players)]
        self._key: tuple = ()
        self._game: Any = None
        self._mask = np.zeros(enc.size, np.int8)

    def new_game(self, seed: int, options: dict) -> africa.Game:
        return africa.new_game(players=self.players, seed=seed, hidden_treasure=self.hidden_treasure,
                               first_player=options.get("first_player"), data=self.data,
                               tile_layout=options.get("tile_layout"), revealed=options.get("revealed"))

    def observation(self, game: Any, seat: int, copy: bool = True) -> np.ndarray:
        if copy:
            return self.encoding.observation(game, seat)
        return self.encoding.observation(game, seat, out=self._bufs[seat])

    def _legal(self, game: Any) -> np.ndarray:
        key = (id(game), len(game.history), game.phase)
        if key != self._key or self._game is not game:
            self._mask.fill(0)
            idx = self.encoding.legal_indices(game)
            if idx:
                self._mask[idx] = 1
            self._key, self._game = key, game
        return self._mask

    def mask(self, game: Any, copy: bool = True) -> np.ndarray:
        return self._legal(game).copy() if copy else self._legal(game)

    def observation_into(self, game: Any, seat: int, out: np.ndarray) -> None:
        self.encoding.observation(game, seat, out=out)

    def mask_into(self, game: Any, out: np.ndarray) -> None:
        out[:] = self._legal(game)

    def is_legal(self, game: Any, index: int) -> bool:
        i = int(index)
        return 0 <= i < self.action_size and bool(self._legal(game)[i])

    def action(self, game: Any, index: int) -> Any:
        return self.encoding.index_to_action(game, index)

    def describe(self, game: Any) -> list[str]:
        g = game
        lines = [f"phase {g.phase_name}, to act: {g.current_player}, scores {g.scores}, "
                 f"monuments {g.monuments_found}/{g.data.monuments}, face down {g.tiles_face_down}"]
        if g.history:
            lines.append("last action " + str(g.history[-1]))
        return lines


class AfricaEnv(TurnBasedEnv):
    """Africa for 2 to 5 agents (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "savanna_africa_v0",
                                          "is_parallelizable": False}

    def __init__(self, players: int = 2, seed: int | None = None, hidden_treasure: bool = False,
                 reward: str = "win", max_cycles: int | None = DEFAULT_MAX_CYCLES, render_mode: str | None = None,
                 copy_observations: bool = True, data: Any = None):
        core = AfricaCore(players, hidden_treasure, data)
        super().__init__(core, seed=seed, reward=reward, max_cycles=max_cycles, render_mode=render_mode,
                         copy_observations=copy_observations)
        self.encoding = core.encoding
        self.hidden_treasure = hidden_treasure
