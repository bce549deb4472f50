"""Carcassonne Safari as an OpenSpiel game: "python_savanna_safari".

Importing this module registers the game with pyspiel:

    import pyspiel
    import savanna.research.openspiel_safari  # registers "python_savanna_safari"

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
`savanna.research.safari_encoding`, default 20) and `seed` (the engine game's
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
- Player actions are the fixed indices of `savanna.research.safari_encoding`
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
- Observation tensor: `savanna.research.safari_encoding`'s observation (pieces
  "board" (C, 2w+1, 2w+1) and "vector" (V,)), then a piece "chance" of
  `CHANCE_NAMES`: a chance node, drawing a land tile or a token, for which
  seat (relative) and how many token draws are due. At a chance node the
  encoding's phase is all zero (it knows the decision phases only) and it
  shows no seat to act. Observation string: a text summary of the public
  state.
- Information state (perfect recall): the public history, as for every
  engine's game (`savanna.research.openspiel_base`): string "p<player>" then
  "<seat>:<notation>" per action ("c" for chance); tensor the observation
  tensor then a "history" table of one row per action so far (up to the most
  a game can hold, `history_rows`).
- Serialisation (`state.serialize()`, `game.deserialize_state(text)`,
  `pyspiel.serialize_game_and_state`): the engine game pickled as its saved
  game (`to_json()`: an explicit-chance save, the draws included), replayed
  when read.
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

from .safari_encoding import DEFAULT_WINDOW, SafariEncoding
from .openspiel_base import EngineGame, EngineObserver, EngineState, game_type
from .openspiel_base import _unpickle_box  # noqa: F401 (named by states serialised before the base existed)

__all__ = ["GAME_TYPE", "SHORT_NAME", "SafariGame", "SafariObserver", "SafariState"]

SHORT_NAME = "python_savanna_safari"
_DEFAULT_PARAMS = {"players": 2, "seed": -1, "final_scoring": "all", "window": DEFAULT_WINDOW}

GAME_TYPE = game_type(SHORT_NAME, "Python Carcassonne Safari (savanna)", 2, 5, _DEFAULT_PARAMS)


class SafariGame(EngineGame):
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
        self.players = players
        self.seed = max(seed, 0)
        self.final_scoring = p["final_scoring"]
        # per land tile: place, action, ranger return, and a token choice for each leader of each
        # feature the tile completes (at most 4 features, each with at most every seat leading);
        # the history adds the draws (savanna.safari.limits)
        self.setup(GAME_TYPE, p, max_actions(len(ts.copies), players),
                   max_actions(len(ts.copies), players, "explicit"))

    def chance_id(self, g: safari.Game, action: Any) -> int:
        """The index of a chance outcome (`~S05`, `~A`) of the draw `g` is at."""
        name = str(action)[1:] if str(action).startswith("~") else None
        ts = self.encoding.tileset
        i = None if name is None else (ts.animal_index if g.draws else ts.outcome_index).get(name)
        if i is None:
            raise ValueError(f"{action!r} is not a chance outcome of this draw")
        return self.tile_outcomes + i if g.draws else i

    def new_engine_game(self) -> safari.Game:
        return safari.new_game(players=self.players, seed=self.seed, final_scoring=self.final_scoring,
                               chance="explicit")

    def load_engine(self, saved: str) -> safari.Game:
        return safari.from_json(saved)

    def describe(self, g: safari.Game, player: int | None) -> str:
        return _describe(g)  # every seat sees the same


class SafariState(EngineState):
    """A state of the game (see the module docstring)."""


CHANCE_NAMES_FIXED = ("chance_node", "draw_tile", "draw_token")


class SafariObserver(EngineObserver):
    """OpenSpiel observer: the encoding's tensor ("board", "vector"), the chance block ("chance")
    and a text summary; with perfect recall, the history too ("history", and as a string)."""

    pieces = ("board", "vector")

    def chance_block_names(self) -> list[str]:
        p = self.game.players
        return list(CHANCE_NAMES_FIXED) + [f"draw_token_seat{j}" for j in range(p)] + ["draws_pending"]

    def fill(self, g: safari.Game, player: int, obs: np.ndarray, chance: np.ndarray) -> None:
        enc = self.encoding
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


SafariGame.state_class = SafariState
SafariGame.observer_class = SafariObserver
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
