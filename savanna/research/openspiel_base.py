"""What the OpenSpiel games of every engine share (each game's own module: `openspiel_<game>`).

A game is an engine game played with `chance="explicit"` behind a fixed action
encoding: `EngineGame` (a `pyspiel.Game`) holds the encoding and the chance
outcome names, `EngineState` (a `pyspiel.State`) drives the engine game, and
`EngineObserver` makes the observation and information-state tensors and
strings. Each game module subclasses the three with what is its own: how to
make, load and describe an engine game, how a chance outcome is numbered, and
what its observation tensor holds at a chance node.

Shared behaviour (each game module's docstring gives its specifics):
- sequential, terminal rewards, `returns()` the engine's (1 for each seat with
  the highest final score, 0 for the others), GENERAL_SUM in [0, 1];
- EXPLICIT_STOCHASTIC: `chance_outcomes()` are the engine's exact
  probabilities, each outcome an index of its own (`max_chance_outcomes()`),
  written by `action_to_string` in the engine's notation (`~S05`, `~elephant`);
- player actions are the encoding's indices, in the engine's notation;
- information state (perfect recall): the public history. String: "p<player>"
  then one line per action so far, "<seat>:<notation>" ("c" for chance).
  Tensor: the observation tensor, then "history", one row per action so far
  (up to `history_rows`): present, who acted (relative seat one-hot, then
  chance), the player action's index + 1 over `num_distinct_actions()`, the
  chance outcome's index + 1 over `max_chance_outcomes()`;
- with chance explicit the public history is all there is to know, so
  `resample_from_infostate` returns a copy of the state;
- serialisation: OpenSpiel's for Python games (the history and the state's
  pickled attributes), the engine game pickled as its saved game (an
  explicit-chance save, the draws included) and replayed when read;
- `state.engine()` is the engine game (read it, don't change it), e.g. for one
  of `savanna.ai`'s players: `state.apply_action(state.action_index(player.choose(state.engine())))`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel


def game_type(short_name: str, long_name: str, min_players: int, max_players: int,
              parameters: dict[str, Any]) -> pyspiel.GameType:
    """The GameType both games declare. IMPERFECT_INFORMATION: OpenSpiel's IS-MCTS asks for it,
    and each observation holds only what its player may see."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class EngineGame(pyspiel.Game):
    """The OpenSpiel game around an engine. A subclass sets, before calling `setup`:
    `encoding` (with `size`, `observation_size`, `action_to_index`, `index_to_action`,
    `legal_indices`), `chance_names` (the outcomes' notation, by index) and `players`; and
    defines `new_engine_game`, `load_engine`, `chance_id`, `describe` and `observer_class`."""

    observer_class: type[EngineObserver]

    def setup(self, game_type_: pyspiel.GameType, params: dict, max_decisions: int, history_rows: int) -> None:
        """Declare the game to pyspiel: `max_decisions` bounds the player actions of a game,
        `history_rows` every action of one, draws included."""
        self.max_decisions = max_decisions
        self.history_rows = history_rows
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.size,
            max_chance_outcomes=len(self.chance_names),
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_decisions,
        )
        pyspiel.Game.__init__(self, game_type_, info, params)

    state_class: type[EngineState]

    def new_initial_state(self) -> EngineState:
        return self.state_class(self)

    def initial_engine(self) -> Any:
        """A new engine game: a copy of one made once (OpenSpiel's tests make thousands)."""
        first = self.__dict__.get("_first_engine")
        if first is None:
            first = self._first_engine = self.new_engine_game()
        return first.clone()

    def max_chance_nodes_in_history(self) -> int:
        """The most draws a game holds."""
        return self.history_rows - self.max_decisions

    def make_py_observer(self, iig_obs_type=None, params=None) -> EngineObserver:
        return self.observer_class(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    # what each game defines

    def new_engine_game(self) -> Any:
        """A new engine game in explicit-chance mode with this game's parameters."""
        raise NotImplementedError

    def load_engine(self, saved: str) -> Any:
        """An engine game from its saved game (`to_json()`)."""
        raise NotImplementedError

    def chance_id(self, g: Any, action: Any) -> int:
        """The index of a chance outcome (its notation, `~...`) of the draw `g` is at;
        ValueError if it is not one."""
        raise NotImplementedError

    def describe(self, g: Any, player: int | None) -> str:
        """The state as text, as `player` may see it (None: what is public)."""
        raise NotImplementedError

    def is_over(self, g: Any) -> bool:
        """Whether the game has ended (a game may end before the engine's does)."""
        return g.is_terminal()

    def returns(self, g: Any) -> list[float]:
        return g.returns()


class _Box:
    """The Python side of a state, kept in one attribute so that OpenSpiel's clone (a deepcopy of
    each attribute) copies the engine game with its own cheap `clone()` and shares the rest."""

    __slots__ = ("_engine", "game", "legal", "legal_at", "lines")

    def __init__(self, game: EngineGame):
        self.game = game
        self._engine: Any = None  # made on first use: a clone never makes one
        self.legal: list[int] | None = None
        self.legal_at = -1
        self.lines: list[str] = []  # the history's lines of the information state string, so far

    @property
    def engine(self) -> Any:
        if self._engine is None:
            self._engine = self.game.initial_engine()
        return self._engine

    def history_lines(self) -> list[str]:
        """"<seat>:<notation>" per action so far ("c" for chance), kept as the history grows
        (a history never shrinks), so that the string of a long game is not rebuilt each time."""
        g = self.engine
        lines, k = self.lines, len(self.lines)
        if k < len(g.history):
            lines.extend(f"{'c' if s < 0 else s}:{a}" for s, a in zip(g.actors[k:], g.history[k:]))
        return lines

    def __deepcopy__(self, memo: dict) -> _Box:
        b = _Box.__new__(_Box)
        b.game = self.game
        b._engine = None if self._engine is None else self._engine.clone()
        b.legal, b.legal_at = self.legal, self.legal_at
        b.lines = self.lines[:]
        return b

    def __reduce__(self) -> tuple:
        """OpenSpiel serialises a Python state as its pickled attributes: this one as the game's
        name and the engine's saved game (its draws included)."""
        return _unpickle_box, (self.game.to_string(), self.engine.to_json())


def _unpickle_box(game_string: str, saved: str) -> _Box:
    b = _Box.__new__(_Box)
    b.game = pyspiel.load_game(game_string)
    b._engine = b.game.load_engine(saved)
    b.legal, b.legal_at = None, -1
    b.lines = []
    return b


class EngineState(pyspiel.State):
    """A state of an engine's OpenSpiel game (see the module docstring)."""

    def __init__(self, game: EngineGame):
        super().__init__(game)
        self._box = _Box(game)

    def engine(self) -> Any:
        """The underlying engine game (read only)."""
        return self._box.engine

    def action_index(self, action: Any) -> int:
        """The index of an engine action (or its notation) in this state: a chance outcome's
        at a chance node, else the player action's."""
        g = self._box.engine
        if g.is_chance_node():
            return self._box.game.chance_id(g, action)
        return self._box.game.encoding.action_to_index(g, action)

    def current_player(self) -> int:
        g = self._box.engine
        if self._box.game.is_over(g):
            return pyspiel.PlayerId.TERMINAL
        if g.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return g.current_player

    def _legal_actions(self, player: int) -> list[int]:
        box = self._box
        g = box.engine
        if player < 0 or box.game.is_over(g) or player != g.current_player:
            return []
        n = len(g.history)
        if box.legal_at != n or box.legal is None:
            box.legal = box.game.encoding.legal_indices(g)
            box.legal_at = n
        return list(box.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the draw due now, by index, with the engine's probabilities."""
        g = self._box.engine
        chance_id = self._box.game.chance_id
        return sorted((chance_id(g, a), p) for a, p in g.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        box = self._box
        g = box.engine
        if g.is_chance_node():
            names = box.game.chance_names
            if not 0 <= action < len(names):
                raise ValueError(f"chance outcome {action} does not exist (0 to {len(names) - 1})")
            g.apply(names[action])  # raises ValueError, changing nothing, if its probability is 0
        else:
            g.apply(box.game.encoding.index_to_action(g, action))  # likewise if illegal
        box.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._box.game
        if player == pyspiel.PlayerId.CHANCE:
            return game.chance_names[action] if 0 <= action < len(game.chance_names) else f"chance#{action}"
        try:
            return str(game.encoding.index_to_action(self._box.engine, action))
        except ValueError:
            return f"action#{action}"

    def is_terminal(self) -> bool:
        return self._box.game.is_over(self._box.engine)

    def returns(self) -> list[float]:
        return self._box.game.returns(self._box.engine)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> EngineState:
        """A state consistent with what `player_id` knows: with chance explicit the public
        history is all there is, so the state itself (a copy)."""
        return self.clone()

    def __str__(self) -> str:
        return self._box.game.describe(self._box.engine, None)


class EngineObserver:
    """OpenSpiel observer: the encoding's observation (pieces named by `pieces`), a chance block
    ("chance", named by `chance_names`) and a text; with perfect recall the history too ("history",
    and as the string). A subclass sets `pieces` and defines `chance_block_names` and `fill`."""

    pieces: tuple[str, str]

    def __init__(self, game: EngineGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters not supported; got {params}")
        self.game = game
        self.encoding = enc = game.encoding
        p = game.players
        self.chance_names = self.chance_block_names()
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        # history rows: present, who acted (relative seats, then chance), player action, chance outcome
        self.history_names = ["present"] + [f"seat{j}" for j in range(p)] + ["chance", "action", "outcome"]
        n_obs = enc.observation_size
        n_chance = len(self.chance_names)
        n_hist = game.history_rows * len(self.history_names) if self.perfect_recall else 0
        self.tensor = np.zeros(n_obs + n_chance + n_hist, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        self.dict[self.pieces[0]], self.dict[self.pieces[1]] = enc.split(self.tensor[:n_obs])
        self.dict["chance"] = self.tensor[n_obs:n_obs + n_chance]
        if self.perfect_recall:
            self.dict["history"] = self.tensor[n_obs + n_chance:].reshape(game.history_rows, len(self.history_names))

    def chance_block_names(self) -> list[str]:
        raise NotImplementedError

    def fill(self, g: Any, player: int, obs: np.ndarray, chance: np.ndarray) -> None:
        """Write `player`'s observation of `g` into `obs` and the chance block into `chance` (zeroed)."""
        raise NotImplementedError

    def set_from(self, state: EngineState, player: int) -> None:
        chance = self.dict["chance"]
        chance.fill(0)
        self.fill(state.engine(), player, self.tensor[:self.encoding.observation_size], chance)
        if self.perfect_recall:
            self._history(state, player)

    def _history(self, state: EngineState, player: int) -> None:
        table = self.dict["history"]
        table.fill(0)
        actions = np.asarray(state.history(), np.int64)
        if not len(actions):
            return
        n = self.game.players
        who = np.asarray(state.engine().actors, np.int64)
        rows = table[:len(actions)]
        rows[:, 0] = 1
        chance = who < 0
        idx = np.arange(len(actions))
        rows[idx[chance], 1 + n] = 1
        rows[idx[chance], 3 + n] = (actions[chance] + 1) / float(self.game.max_chance_outcomes())
        rows[idx[~chance], 1 + (who[~chance] - player) % n] = 1
        rows[idx[~chance], 2 + n] = (actions[~chance] + 1) / float(self.game.num_distinct_actions())

    def string_from(self, state: EngineState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join([f"p{player}", *state._box.history_lines()])
        return f"p{player}\n" + self.game.describe(state.engine(), player)
