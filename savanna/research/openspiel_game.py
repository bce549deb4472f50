"""Carcassonne Safari as an OpenSpiel game: "python_savanna_safari".

Importing this module registers the game with pyspiel:

    import pyspiel
    import savanna.research.openspiel_game  # registers "python_savanna_safari"

    game = pyspiel.load_game("python_savanna_safari", {"players": 3, "seed": 7})
    state = game.new_initial_state()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        print(state.current_player(), state.action_to_string(action))   # the engine's notation, e.g. T2,-1@90
        state.apply_action(action)
    print(state.returns())

Parameters: `players` (2..5, default 2), `seed` (default -1: fresh randomness;
otherwise the game's random stream is reproducible), `final_scoring` ("all" or
"majority"), `window` (half-width of the board window of
`savanna.research.encoding`, default 20) and `resample` (default true, see
below).

The game in OpenSpiel's terms:
- sequential, terminal rewards: `returns()` is the engine's: 1.0 for each seat
  with the highest final score (ties share), 0.0 for the others, all 0 before
  the end; hence GENERAL_SUM with utilities in [0, 1].
- Actions are the fixed indices of `savanna.research.encoding` (so
  `num_distinct_actions()` is `encoding.size`), shown by `action_to_string` in
  the engine's notation. The player to act is the engine's `current_player`,
  which during a scoring choice may be a seat other than the active one.
- Chance: SAMPLED_STOCHASTIC. The engine draws land tiles and animal tokens
  from its own shuffled stack and pile; these draws are not offered as chance
  nodes (the engine has no hook to name the next draw). With `resample=true`
  (the default) a state that has been cloned reshuffles the hidden order of
  its stack and pile, from the game's random stream (seeded by `seed`), before
  its next action that may draw (any but a tile placement). So the copies a
  search makes of the root share one consistent sampled future (the tree
  stays valid: MCTS's stored actions remain legal), while the original state
  draws from a fresh shuffle: search never learns the real draws, it sees a
  world consistent with what every seat knows. A state that is never cloned
  draws exactly as `safari.new_game(seed=state.engine().seed)` would. (When
  the token pile runs out the engine shuffles the discards by its own seed;
  that did not happen in 5,000 random games.) With `resample=false` no state
  ever reshuffles: a state and its clones share the seeded future
  (reproducible; search on it peeks). OpenSpiel's `random_sim_test` checks
  that a clone given the same action reaches the same state, which holds only
  with `resample=false`.
- Information: IMPERFECT_INFORMATION, because the order of the land tiles and
  animal tokens is hidden. Everything else in Safari is public (tokens lie
  face up), so every seat's observation shows the same facts, with seats
  relative to the observer.
- Observation tensor: `savanna.research.encoding`'s observation, with pieces
  "board" (C, 2w+1, 2w+1) and "vector" (V,). Observation string: a text
  summary of the public state. Information state string (perfect recall):
  the public history (deal, every action with who played it, tiles drawn and
  removed, tokens drawn). `resample_from_infostate` returns a copy with the
  stack and pile reshuffled (for IS-MCTS).
- `state.engine()` is the underlying `savanna.safari.Game` (read it, don't
  change it), e.g. to let one of `savanna.ai`'s players choose:
  `state.apply_action(state.action_index(player.choose(state.engine())))`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from savanna import safari

from .encoding import DEFAULT_WINDOW, SafariEncoding

SHORT_NAME = "python_savanna_safari"
_DEFAULT_PARAMS = {"players": 2, "seed": -1, "final_scoring": "all", "window": DEFAULT_WINDOW, "resample": True}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Carcassonne Safari (savanna)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
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
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # per land tile: place, action, ranger return, and a token choice for each leader of each
            # feature the tile completes (at most 4 features, each with at most every seat leading)
            max_game_length=len(ts.copies) * (3 + 4 * players),
        )
        super().__init__(GAME_TYPE, info, p)
        self.players = players
        self.seed = seed
        self.final_scoring = p["final_scoring"]
        self.resample = bool(p["resample"])
        self.rng = random.Random(seed if seed >= 0 else None)

    def new_initial_state(self) -> SafariState:
        return SafariState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> SafariObserver:
        return SafariObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def new_engine_game(self) -> safari.Game:
        return safari.new_game(players=self.players, seed=self.rng.randrange(2**31), final_scoring=self.final_scoring)


class _Box:
    """The Python side of a state, kept in one attribute so that OpenSpiel's clone (a deepcopy of
    each attribute) copies the engine game with its own cheap `clone()` and shares the rest."""

    __slots__ = ("cloned", "engine", "game", "legal", "legal_at", "log")

    def __init__(self, game: SafariGame):
        self.game = game
        self.engine: safari.Game | None = None  # made on first use: a clone never makes one
        self.log: list[str] = []
        self.legal: list[int] | None = None
        self.legal_at = -1
        self.cloned = False  # copied since the hidden order was last reshuffled

    def __deepcopy__(self, memo: dict) -> _Box:
        self.cloned = True
        b = _Box(self.game)
        b.engine = None if self.engine is None else self.engine.clone()
        b.log = self.log[:]
        b.legal, b.legal_at = self.legal, self.legal_at
        return b


class SafariState(pyspiel.State):
    """A state of the game (see the module docstring)."""

    def __init__(self, game: SafariGame):
        super().__init__(game)
        self._box = _Box(game)

    # -------------------------------------------------------------- helpers

    def engine(self) -> safari.Game:
        """The underlying engine game (read only)."""
        box = self._box
        if box.engine is None:
            box.engine = g = box.game.new_engine_game()
            box.log = ["deal " + _hands(g) + f" drawn={g.drawn_tile}"]
        return box.engine

    def action_index(self, action: Any) -> int:
        """The index of an engine action (or its notation) in this state."""
        return self._box.game.encoding.action_to_index(self.engine(), action)

    # ----------------------------------------------------------- OpenSpiel

    def current_player(self) -> int:
        g = self.engine()
        return pyspiel.PlayerId.TERMINAL if g.is_terminal() else g.current_player

    def _legal_actions(self, player: int) -> list[int]:
        g = self.engine()
        if g.is_terminal() or player != g.current_player:
            return []
        box = self._box
        n = len(g.history)
        if box.legal_at != n or box.legal is None:
            box.legal = box.game.encoding.legal_indices(g)
            box.legal_at = n
        return list(box.legal)

    def _apply_action(self, action: int) -> None:
        box = self._box
        g = self.engine()
        a = box.game.encoding.index_to_action(g, action)
        seat = g.current_player
        placing = a.kind == "T"
        if box.cloned and box.game.resample and not placing:
            g = box.engine = g.determinize(box.game.rng)
            box.cloned = False
        drawn, removed = g.drawn_tile, len(g.removed_tiles)
        before = None if placing else [g.tokens(s) for s in range(g.players)]
        g.apply(a)  # raises ValueError, changing nothing, if illegal
        box.legal = None
        entry = f"{seat}:{a}"
        if before is not None:
            got = [f"{s}+{''.join(sorted((g.tokens(s) - before[s]).elements()))}" for s in range(g.players)
                   if g.tokens(s) - before[s]]
            if got:
                entry += " got=" + ",".join(got)
        if len(g.removed_tiles) != removed:
            entry += " removed=" + ",".join(g.removed_tiles[removed:])
        if g.drawn_tile != drawn and g.drawn_tile:
            entry += f" drawn={g.drawn_tile}"
        box.log.append(entry)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(self._box.game.encoding.index_to_action(self.engine(), action))
        except ValueError:
            return f"action#{action}"

    def is_terminal(self) -> bool:
        return self.engine().is_terminal()

    def returns(self) -> list[float]:
        return self.engine().returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SafariState:
        """A copy whose hidden stack and pile order is reshuffled (a world consistent with what
        `player_id` knows); `probability_sampler()` gives the randomness."""
        state = self.clone()
        seed = int(probability_sampler() * 2**53)
        state._box.engine = self.engine().determinize(random.Random(seed))
        return state

    def __str__(self) -> str:
        return _describe(self.engine())


class SafariObserver:
    """OpenSpiel observer: the encoding's tensor ("board", "vector") and a text summary; with
    perfect recall, the public history as a string (no tensor)."""

    def __init__(self, game: SafariGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters not supported; got {params}")
        self.encoding = enc = game.encoding
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.dict: dict[str, np.ndarray] = {}
        if self.perfect_recall:
            self.tensor = None
        else:
            self.tensor = np.zeros(enc.observation_size, np.float32)
            self.dict["board"], self.dict["vector"] = enc.split(self.tensor)

    def set_from(self, state: SafariState, player: int) -> None:
        if self.tensor is not None:
            self.encoding.observation(state.engine(), player, out=self.tensor)

    def string_from(self, state: SafariState, player: int) -> str:
        g = state.engine()
        if self.perfect_recall:
            return f"p{player}\n" + "\n".join(state._box.log)
        return f"p{player}\n" + _describe(g)


def _hands(g: safari.Game) -> str:
    return "tokens=" + "|".join("".join(sorted(g.tokens(s).elements())) or "-" for s in range(g.players))


def _describe(g: safari.Game) -> str:
    """The public state as text."""
    lines = [(f"phase={g.phase_name} to_act={g.current_player} active={g.active_player} scores={g.scores} "
              f"meeples={[g.meeples(s) for s in range(g.players)]} {_hands(g)} tiles_left={g.tiles_left} "
              f"token_pile={g.supply_size()}")]
    if g.phase_name == "place":
        lines.append(f"drawn={g.drawn_tile}")
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
    if g.history:
        lines.append(f"last={g.history[-1]}")
    return "\n".join(lines)


pyspiel.register_game(GAME_TYPE, SafariGame)
