"""Carcassonne Safari as an OpenSpiel game: "python_savanna_safari".

Importing this module registers the game with pyspiel:

    import pyspiel
    import savanna.research.openspiel_game  # registers "python_savanna_safari"

    game = pyspiel.load_game("python_savanna_safari", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = random.choices(outcomes, probs)[0]
        else:
            action = state.legal_actions()[0]
        print(state.current_player(), state.action_to_string(action))   # the engine's notation: ~S05, T2,-1@90
        state.apply_action(action)
    print(state.returns())

Parameters: `players` (2..5, default 2), `final_scoring` ("all" or
"majority"), `window` (half-width of the board window of
`savanna.research.encoding`, default 20) and `seed` (the engine game's
recorded seed, default -1 for 0: with explicit chance nothing is drawn by it).

The game in OpenSpiel's terms:
- sequential, terminal rewards: `returns()` is the engine's: 1.0 for each seat
  with the highest final score (ties share), 0.0 for the others, all 0 before
  the end; hence GENERAL_SUM with utilities in [0, 1].
- Chance: EXPLICIT_STOCHASTIC. The engine plays with `chance="explicit"`
  (savanna/chance.py): every draw is a chance node (`is_chance_node()`,
  `current_player()` is `pyspiel.PlayerId.CHANCE`): the deal of two animal
  tokens per seat, every land tile (a tile that fits nowhere is drawn, removed
  by the rules, and another drawn: another chance node), and the two tokens of
  a meeple laid on a baobab or coming back from a completed one. When the
  token pile is empty the discards become the pile (nothing to shuffle: the
  pile is a multiset). `chance_outcomes()` gives the engine's exact
  probabilities (count left / total left).
- Player actions are the fixed indices of `savanna.research.encoding`
  (`num_distinct_actions()` is `encoding.size`), shown by `action_to_string`
  in the engine's notation. The player to act is the engine's
  `current_player`, which during a scoring choice may be a seat other than
  the active one.
- Chance outcomes have their own indices, as OpenSpiel's chance outcomes do
  (a chance action is read with the chance player; `max_chance_outcomes()`
  counts them): first one per land tile outcome of the tile set, in its order
  (`TileSet.outcome_names`: copies that look alike, the same type with the
  same animals, are one outcome: 63 on the real tiles, "S05", "S03/2", ...),
  then one per animal (A E G L Z): 68 on the real tiles. `action_to_string`
  writes them in the engine's notation, `~S03/2`, `~A`.
- Information: declared IMPERFECT_INFORMATION (OpenSpiel's IS-MCTS asks for
  it), though with chance explicit nothing in Safari is hidden: tokens lie
  face up, and the order of the stack is not decided before a draw. Every
  seat's observation holds the same facts, with seats relative to the
  observer, and `resample_from_infostate` returns a copy of the state itself
  (the only world consistent with the public history).
- Observation tensor: `savanna.research.encoding`'s observation (pieces
  "board" (C, 2w+1, 2w+1) and "vector" (V,)), then a piece "chance" of
  `CHANCE_NAMES`: a chance node, drawing a land tile or a token, for which
  seat (relative) and how many token draws are due. At a chance node the
  encoding's phase is all zero (it knows the decision phases only) and it
  shows no seat to act. Observation string: a text summary of the public
  state.
- Information state (perfect recall): the public history. String: the
  engine's notation of every action so far with who played it ("c" for
  chance). Tensor: the observation tensor, then "history", a table of one row
  per action so far (up to the most a game can hold, `history_rows`): present,
  who acted (relative seat one-hot, then chance), the player action's index
  + 1 over `num_distinct_actions()` and the chance outcome's index + 1 over
  `max_chance_outcomes()`.
- Serialisation (`state.serialize()`, `game.deserialize_state(text)`,
  `pyspiel.serialize_game_and_state`): OpenSpiel's for Python games, the
  history and the state's pickled attributes; the engine game is pickled as
  its saved game (`to_json()`: an explicit-chance save, the draws included),
  and replayed when read.
- `state.engine()` is the underlying `savanna.safari.Game` (read it, don't
  change it), e.g. to let one of `savanna.ai`'s players choose at a decision
  node: `state.apply_action(state.action_index(player.choose(state.engine())))`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from savanna import safari
from savanna.safari.limits import max_actions

from .encoding import DEFAULT_WINDOW, SafariEncoding

SHORT_NAME = "python_savanna_safari"
_DEFAULT_PARAMS = {"players": 2, "seed": -1, "final_scoring": "all", "window": DEFAULT_WINDOW}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Carcassonne Safari (savanna)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
)


class SafariGame(pyspiel.Game):
    """The OpenSpiel game; make it with `pyspiel.load_game("python_savanna_safari", {...})`."""

    def __init__(self, params: dict | None = None):
        p = {**_DEFAULT_PARAMS, **(params or {})}
        players, seed, window = int(p["players"]), int(p["seed"]), int(p["window"])
        if p["final_scoring"] not in safari.FINAL_SCORING:
            raise ValueError(f"final_scoring must be one of {safari.FINAL_SCORING}, not {p['final_scoring']!r}")
        self.encoding = enc = SafariEncoding(players=players, window=window)
        ts = enc.tileset
        # chance outcomes: the land tile outcomes, then the animals
        self.tile_outcomes = len(ts.outcome_names)
        self.chance_names = [f"~{n}" for n in ts.outcome_names] + [f"~{a}" for a in ts.animals]
        # per land tile: place, action, ranger return, and a token choice for each leader of each
        # feature the tile completes (at most 4 features, each with at most every seat leading)
        self.max_decisions = max_actions(len(ts.copies), players)
        # the whole history, draws included (savanna.safari.limits)
        self.history_rows = max_actions(len(ts.copies), players, "explicit")
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.size,
            max_chance_outcomes=len(self.chance_names),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_decisions,
        )
        super().__init__(GAME_TYPE, info, p)
        self.players = players
        self.seed = max(seed, 0)
        self.final_scoring = p["final_scoring"]

    def new_initial_state(self) -> SafariState:
        return SafariState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most draws a game holds (every land tile, the deal, and at most four tokens a turn)."""
        return self.history_rows - self.max_decisions

    def make_py_observer(self, iig_obs_type=None, params=None) -> SafariObserver:
        return SafariObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def chance_id(self, g: safari.Game, action: Any) -> int:
        """The index of a chance outcome (`~S05`, `~A`) of the draw `g` is at."""
        name = str(action)[1:] if str(action).startswith("~") else None
        ts = self.encoding.tileset
        i = (ts.animal_index if g.draws else ts.outcome_index).get(name)
        if i is None:
            raise ValueError(f"{action!r} is not a chance outcome of this draw")
        return self.tile_outcomes + i if g.draws else i

    def new_engine_game(self) -> safari.Game:
        return safari.new_game(players=self.players, seed=self.seed, final_scoring=self.final_scoring,
                               chance="explicit")


class _Box:
    """The Python side of a state, kept in one attribute so that OpenSpiel's clone (a deepcopy of
    each attribute) copies the engine game with its own cheap `clone()` and shares the rest."""

    __slots__ = ("_engine", "game", "legal", "legal_at")

    def __init__(self, game: SafariGame):
        self.game = game
        self._engine: safari.Game | None = None  # made on first use: a clone never makes one
        self.legal: list[int] | None = None
        self.legal_at = -1

    @property
    def engine(self) -> safari.Game:
        if self._engine is None:
            self._engine = self.game.new_engine_game()
        return self._engine

    def __deepcopy__(self, memo: dict) -> _Box:
        b = _Box.__new__(_Box)
        b.game = self.game
        b._engine = None if self._engine is None else self._engine.clone()
        b.legal, b.legal_at = self.legal, self.legal_at
        return b

    def __reduce__(self) -> tuple:
        """OpenSpiel serialises a Python state as its pickled attributes: this one as the game's
        name and the engine's saved game (savanna-safari-game/1, its draws included)."""
        return _unpickle_box, (self.game.to_string(), self.engine.to_json())


def _unpickle_box(game_string: str, saved: str) -> _Box:
    b = _Box.__new__(_Box)
    b.game = pyspiel.load_game(game_string)
    b._engine = safari.from_json(saved)
    b.legal, b.legal_at = None, -1
    return b


class SafariState(pyspiel.State):
    """A state of the game (see the module docstring)."""

    def __init__(self, game: SafariGame):
        super().__init__(game)
        self._box = _Box(game)

    # -------------------------------------------------------------- helpers

    def engine(self) -> safari.Game:
        """The underlying engine game (read only)."""
        return self._box.engine

    def action_index(self, action: Any) -> int:
        """The index of an engine action (or its notation) in this state: a chance outcome's
        (`~S05`) at a chance node, else the player action's."""
        g = self._box.engine
        if g.is_chance_node():
            return self._box.game.chance_id(g, action)
        return self._box.game.encoding.action_to_index(g, action)

    # ----------------------------------------------------------- OpenSpiel

    def current_player(self) -> int:
        g = self._box.engine
        if g.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if g.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return g.current_player

    def _legal_actions(self, player: int) -> list[int]:
        g = self._box.engine
        if g.is_terminal() or player != g.current_player or player < 0:
            return []
        box = self._box
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
        return self._box.engine.is_terminal()

    def returns(self) -> list[float]:
        return self._box.engine.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SafariState:
        """A state consistent with what `player_id` knows: with chance explicit nothing is
        hidden, so the state itself (a copy)."""
        return self.clone()

    def __str__(self) -> str:
        return _describe(self._box.engine)


CHANCE_NAMES_FIXED = ("chance_node", "draw_tile", "draw_token")


class SafariObserver:
    """OpenSpiel observer: the encoding's tensor ("board", "vector"), the chance block ("chance")
    and a text summary; with perfect recall, the history too ("history", and as a string)."""

    def __init__(self, game: SafariGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters not supported; got {params}")
        self.game = game
        self.encoding = enc = game.encoding
        p = game.players
        self.chance_names = list(CHANCE_NAMES_FIXED) + [f"draw_token_seat{j}" for j in range(p)] + ["draws_pending"]
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        # history rows: present, who acted (relative seats, then chance), player action, chance outcome
        self.history_names = ["present"] + [f"seat{j}" for j in range(p)] + ["chance", "action", "outcome"]
        n_obs = enc.observation_size
        n_chance = len(self.chance_names)
        n_hist = game.history_rows * len(self.history_names) if self.perfect_recall else 0
        self.tensor = np.zeros(n_obs + n_chance + n_hist, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        self.dict["board"], self.dict["vector"] = enc.split(self.tensor[:n_obs])
        self.dict["chance"] = self.tensor[n_obs:n_obs + n_chance]
        if self.perfect_recall:
            self.dict["history"] = self.tensor[n_obs + n_chance:].reshape(game.history_rows, len(self.history_names))

    def set_from(self, state: SafariState, player: int) -> None:
        g = state.engine()
        enc = self.encoding
        obs = self.tensor[:enc.observation_size]
        chance = self.dict["chance"]
        chance.fill(0)
        if g.is_chance_node():
            enc.observation(_DrawView(g), player, out=obs)
            obs[enc.plane_size + enc.vec["phase_place"]] = 0  # (the stand-in phase the encoding was shown)
            c = self.chance_names.index
            chance[c("chance_node")] = 1
            if g.draws:
                chance[c("draw_token")] = 1
                chance[c(f"draw_token_seat{(g.draws[0] - player) % g.players}")] = 1
                chance[c("draws_pending")] = len(g.draws)
            else:
                chance[c("draw_tile")] = 1
        else:
            enc.observation(g, player, out=obs)
        if self.perfect_recall:
            self._history(state, player)

    def _history(self, state: SafariState, player: int) -> None:
        table = self.dict["history"]
        table.fill(0)
        game = self.game
        n = game.players
        actions = float(game.num_distinct_actions())
        outcomes = float(game.max_chance_outcomes())
        for row, step in zip(table, state.full_history()):
            who, a = step.player, step.action
            row[0] = 1
            if who == pyspiel.PlayerId.CHANCE:
                row[1 + n] = 1
                row[3 + n] = (a + 1) / outcomes
            else:
                row[1 + (who - player) % n] = 1
                row[2 + n] = (a + 1) / actions

    def string_from(self, state: SafariState, player: int) -> str:
        g = state.engine()
        if self.perfect_recall:
            return f"p{player}\n" + "\n".join(f"{'c' if s < 0 else s}:{a}" for s, a in zip(g.actors, g.history))
        return f"p{player}\n" + _describe(g)


class _DrawView:
    """The engine game as the encoding is shown it at a chance node: the encoding knows the
    decision phases only, so it sees the place phase with no tile drawn and no seat to act
    (the observer then clears that phase)."""

    __slots__ = ("_g",)
    phase_name = "place"
    current_player = None
    drawn_tile = None

    def __init__(self, g: safari.Game):
        self._g = g

    def __getattr__(self, name: str) -> Any:
        return getattr(self._g, name)

    def legal_actions(self) -> list:
        return []


def _hands(g: safari.Game) -> str:
    return "tokens=" + "|".join("".join(sorted(g.tokens(s).elements())) or "-" for s in range(g.players))


def _describe(g: safari.Game) -> str:
    """The public state as text."""
    lines = [(f"phase={g.phase_name} to_act={g.current_player} active={g.active_player} scores={g.scores} "
              f"meeples={[g.meeples(s) for s in range(g.players)]} {_hands(g)} tiles_left={g.tiles_left} "
              f"token_pile={g.supply_size()}")]
    if g.phase_name == "place":
        lines.append(f"drawn={g.drawn_tile}")
    elif g.is_chance_node():
        lines.append(f"drawing token for={g.draws}" if g.draws else "drawing tile")
    tiles = []
    for t in sorted(g.tiles_on_board(), key=lambda t: (t["y"], t["x"])):
        meeples = "".join(f"{f['kind'][0]}{s}" for f in t["features"] for s in f["meeples"])
        tiles.append(f"{t['x']},{t['y']}:{t['id']}@{t['rotation']}" + (f"[{meeples}]" if meeples else ""))
    lines.append("tiles " + " ".join(tiles))
    lines.append("rangers " + " ".join("-" if r is None else f"{r[0]},{r[1]}" for r in g.ranger_spaces()))
    holes = [f"{h['point'][0]},{h['point'][1]}:" + "".join(s or "." for s in h["slots"])
             + "".join(f"/{s}{k}" for s, k in h["diggers"]) for h in g.watering_holes()]
    if holes:
        lines.append("holes " + " ".join(holes))
    sc = g.scoring()
    if sc is not None:
        lines.append(f"scoring {sc['kind']} {sc['animals']} leaders={sc['leaders']} asking={sc['asking']} "
                     f"added={sc['added']}")
    if g.removed:
        lines.append("removed " + " ".join(g.removed_tiles))
    if g.history:
        lines.append(f"last={g.history[-1]}")
    return "\n".join(lines)


pyspiel.register_game(GAME_TYPE, SafariGame)
