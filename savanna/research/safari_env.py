"""Carcassonne Safari as a PettingZoo AEC environment.

    from savanna.research.safari_env import SafariEnv

    env = SafariEnv(players=2, seed=1)       # also: final_scoring="all"|"majority", window=20, reward="win"|"margin",
                                             # max_cycles=None, copy_observations=True
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
`{"observation": int16 vector, "action_mask": int8 vector}`. The vector is
`savanna.research.safari_encoding`'s observation for that agent's seat (board planes
(C, 2w+1, 2w+1), then numbers; `env.encoding.split(obs["observation"])` gives
them apart; seats are relative to the observer), as 16-bit integers: every
entry is a whole number (flags, counts, scores clipped to 1,000), so the values
are exactly the encoding's float32 ones at half the size (two players, window
20: 111,249 entries, 66 planes of 41 x 41 then 303 numbers; space
`Box(0, high, (111249,), int16)`). The mask is all zeros for an agent who is not
to act. Actions are `Discrete(encoding.size)` indices (the encoding's fixed
action space: 45,403 for window 20); an illegal index raises ValueError.

Copies: by default every observation is a new pair of arrays. With
`copy_observations=False` the dict holds the environment's own observation and
mask, which the next `step`, `reset` or `observe` of this environment
overwrites: read them (or copy them) before; a learner that stores
observations must copy. That saves two copies (222 KB and 45 KB) a step.

What both games' environments share (agents, rewards, `max_cycles`, seeding,
`copy_observations`) is `savanna.research.turn_env.TurnBasedEnv`; `AfricaEnv`
(`savanna.research.africa_env`) has the same shape.

Speed: observations and masks come from a `SafariTracker`
(`savanna.research.safari_tracker`), which updates the board planes as tiles are
placed instead of rebuilding them; they are equal to the encoding's
from-scratch `observation` and `legal_mask`. `python bench/research_speed.py`
times it against PettingZoo's connect_four_v3.

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

from typing import Any, ClassVar

import numpy as np

from savanna import safari

from .safari_encoding import DEFAULT_WINDOW, SafariEncoding, shared_encoding
from .safari_tracker import SafariTracker
from .turn_env import REWARDS, GameCore, TurnBasedEnv

__all__ = ["REWARDS", "SafariCore", "SafariEnv", "env"]


def env(**kwargs: Any) -> SafariEnv:
    """PettingZoo-style constructor: `env(players=2, ...)`."""
    return SafariEnv(**kwargs)


class SafariCore(GameCore):
    """Safari's side of an environment: games, and their observations and masks through a tracker."""

    def __init__(self, players: int = 2, final_scoring: str = "all", window: int = DEFAULT_WINDOW,
                 encoding: SafariEncoding | None = None):
        if final_scoring not in safari.FINAL_SCORING:
            raise ValueError(f"final_scoring must be one of {safari.FINAL_SCORING}, not {final_scoring!r}")
        if encoding is None or encoding.players != players or encoding.window != window:
            encoding = shared_encoding(players, window)
        self.encoding = enc = encoding
        self.tracker = SafariTracker(enc)
        self._kept: tuple | None = None  # the rows `keep_in` gave
        self.players = players
        self.final_scoring = final_scoring
        self.action_size = enc.size
        self.observation_size = enc.observation_size
        self.observation_dtype = dt = self.tracker.dtype
        self.observation_low = enc.observation_low.astype(dt)
        self.observation_high = enc.observation_high.astype(dt)

    def new_game(self, seed: int, options: dict) -> safari.Game:
        return safari.new_game(players=self.players, seed=seed, final_scoring=self.final_scoring,
                               tile_order=options.get("tile_order"), token_order=options.get("token_order"))

    def observation(self, game: Any, seat: int, copy: bool = True) -> np.ndarray:
        return self.tracker.observation(game, seat, copy=copy)

    def mask(self, game: Any, copy: bool = True) -> np.ndarray:
        return self.tracker.action_mask(game, copy)

    def observe(self, game: Any, seat: int, copy: bool = True) -> tuple[np.ndarray, np.ndarray]:
        tracker = self.tracker
        obs = tracker.observation(game, seat, copy=copy)  # (brings the tracker up to this state)
        if game.current_player == seat:
            return obs, tracker.synced_mask(copy)
        return obs, np.zeros(self.action_size, np.int8)

    def is_legal(self, game: Any, index: int) -> bool:
        return self.tracker.is_legal(game, index)

    def action(self, game: Any, index: int) -> Any:
        return self.encoding.index_to_action(game, index)

    def observation_into(self, game: Any, seat: int, out: np.ndarray) -> None:
        self.tracker.observation(game, seat, out=out)

    def mask_into(self, game: Any, out: np.ndarray) -> None:
        self.tracker.legal_mask_into(game, out)

    def keep_in(self, obs: np.ndarray, mask: np.ndarray) -> None:
        # the tracker's own buffers become these rows: its incremental updates land there, and a
        # step copies no 222 KB observation (a batch of them outgrows the processor's cache)
        self.tracker = SafariTracker(self.encoding, observation=obs, mask=mask)
        self._kept = (obs, mask)

    def observe_into(self, game: Any, seat: int, obs: np.ndarray, mask: np.ndarray) -> None:
        tracker = self.tracker
        kept = self._kept
        if kept is not None and obs is kept[0] and mask is kept[1]:
            tracker.observation(game, seat, copy=False)
            tracker.synced_mask(copy=False)  # (a placement outside the window raises, as below)
        else:
            tracker.observation(game, seat, out=obs)
            mask[:] = tracker.synced_mask(copy=False)

    def describe(self, game: Any) -> list[str]:
        g = game
        lines = [f"phase {g.phase_name}, to act: {g.current_player}, scores {g.scores}, tiles left {g.tiles_left}"]
        if g.drawn_tile and g.phase_name == "place":
            lines.append(f"drawn tile {g.drawn_tile}")
        if g.history:
            lines.append("last action " + str(g.history[-1]))
        return lines


class SafariEnv(TurnBasedEnv):
    """Carcassonne Safari for 2 to 5 agents (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "savanna_safari_v0",
                                          "is_parallelizable": False}

    def __init__(self, players: int = 2, seed: int | None = None, final_scoring: str = "all",
                 window: int = DEFAULT_WINDOW, reward: str = "win", max_cycles: int | None = None,
                 render_mode: str | None = None, copy_observations: bool = True):
        core = SafariCore(players, final_scoring, window)
        super().__init__(core, seed=seed, reward=reward, max_cycles=max_cycles, render_mode=render_mode,
                         copy_observations=copy_observations)
        self.encoding = core.encoding
        self.final_scoring = final_scoring
