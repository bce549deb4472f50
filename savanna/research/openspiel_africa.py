"""Africa as an OpenSpiel game: "python_savanna_africa".

Importing this module registers the game with pyspiel:

    import pyspiel
    import savanna.research.openspiel_africa  # registers "python_savanna_africa"

    game = pyspiel.load_game("python_savanna_africa", {"players": 3, "hidden_treasure": True})
    state = game.new_initial_state()   # played as Safari's (openspiel_safari's docstring): ~elephant, Sg3, Dg4

The same shape as Safari's game (`savanna.research.openspiel_safari`; what the two
share, and the information state, is in `savanna.research.openspiel_base`).

Parameters: `players` (2..5, default 2), `hidden_treasure` (the rules' option,
default false), `first_player` (the seat that starts; default -1: drawn by
`seed`), `seed` (default -1 for 0: with explicit chance it draws only the first
player) and `max_turns` (default 1000; see below).

The game in OpenSpiel's terms:
- Chance: EXPLICIT_STOCHASTIC. The engine plays with `chance="explicit"`:
  nothing lies under the face-down markers until a discovery (`D<space>`)
  turns one up, a chance node whose outcomes are the kinds of tile still face
  down, each as likely as its count among them. Chance outcome indices are the
  tile types in the data's order (`max_chance_outcomes()`: 15 with the game's
  own data), written `~elephant`, `~gold-2`.
- Player actions: `savanna.research.africa_encoding`'s indices (720 for two
  players), in the engine's notation. The player to act is the engine's
  `current_player`: the seat placing its explorer, then the seat whose turn it
  is, for every decision of its turn.
- Length: the rules let every seat pass for ever, and OpenSpiel needs a longest
  game, so a game that reaches `max_turns` turns (a turn is one seat's; the longest of
  30 random 2-player games took 1,054) ends there with no winner: `returns()`
  all 0. `max_game_length()` is then the set-up plus 6 decisions a turn (step,
  action, where the animal goes or an exchange, twice).
- Information: IMPERFECT_INFORMATION. Observation tensor:
  `AfricaEncoding.observation` for the player (pieces "map" (C, H, W) and
  "vector"), then "chance": a chance node, which seat (relative) discovered and
  on which space (one-hot by space). Observation string: what `Game.view(player)`
  shows, as text. Under `hidden_treasure` both hold no other seat's gold and
  gems and do not tell face-down gold from gems until the game is over; a seat
  sees its own.
- Information state: the public history (openspiel_base). As at the table,
  `hidden_treasure` hides running totals, not events: every discovery's tile,
  scored in the open, and every base camp that takes face-up gold and gems are
  in the history (docs/africa.md, "The hidden-treasure option"), so a player
  with perfect recall can work the totals out, and the only world consistent
  with the history is the state itself.
- `str(state)`: the whole state, every seat's gold and gems included.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from savanna import africa
from savanna.africa.phases import REVEAL
from savanna.africa.tiles import TREASURE

from .africa_encoding import AfricaEncoding
from .openspiel_base import EngineGame, EngineObserver, EngineState, game_type

__all__ = ["GAME_TYPE", "SHORT_NAME", "AfricaGame", "AfricaObserver", "AfricaState"]

SHORT_NAME = "python_savanna_africa"
DECISIONS_PER_TURN = 6  # step, action, target or exchange; twice
_DEFAULT_PARAMS = {"players": 2, "seed": -1, "hidden_treasure": False, "first_player": -1, "max_turns": 1000}

_DATA = africa.load_data(None)  # the game's own map and tiles
GAME_TYPE = game_type(SHORT_NAME, "Python Africa (savanna)", _DATA.min_players, _DATA.max_players, _DEFAULT_PARAMS)


class AfricaGame(EngineGame):
    """The OpenSpiel game; make it with `pyspiel.load_game("python_savanna_africa", {...})`."""

    def __init__(self, params: dict | None = None):
        p = {**_DEFAULT_PARAMS, **(params or {})}
        players, seed, first, max_turns = int(p["players"]), int(p["seed"]), int(p["first_player"]), int(p["max_turns"])
        if not isinstance(p["hidden_treasure"], bool):
            raise ValueError(f"hidden_treasure must be true or false, not {p['hidden_treasure']!r}")
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.encoding = AfricaEncoding(players=players)  # checks players
        if not -1 <= first < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}, or -1 (drawn by the seed), "
                             f"not {first}")
        self.data = gd = self.encoding.data
        self.chance_names = [f"~{t.id}" for t in gd.types]
        self.players = players
        self.seed = max(seed, 0)
        self.hidden_treasure = p["hidden_treasure"]
        self.first_player = None if first < 0 else first
        self.max_turns = max_turns
        decisions = players + DECISIONS_PER_TURN * max_turns
        draws = min(len(gd.board.discovery), 2 * max_turns)  # at most one tile turned up per space, two a turn
        self.setup(GAME_TYPE, p, decisions, decisions + draws)

    def chance_id(self, g: africa.Game, action: Any) -> int:
        """The index of a chance outcome (`~elephant`) of the draw `g` is at."""
        text = str(action)
        t = self.data.by_id.get(text[1:]) if text.startswith("~") and g.is_chance_node() else None
        if t is None:
            raise ValueError(f"{action!r} is not a chance outcome of this draw")
        return t.index

    def new_engine_game(self) -> africa.Game:
        return africa.new_game(players=self.players, seed=self.seed, hidden_treasure=self.hidden_treasure,
                               first_player=self.first_player, chance="explicit")

    def load_engine(self, saved: str) -> africa.Game:
        return africa.from_json(saved)

    def is_over(self, g: africa.Game) -> bool:
        return g.is_terminal() or g.turn >= self.max_turns

    def returns(self, g: africa.Game) -> list[float]:
        return g.returns()  # all 0 until the engine's game is over: a game cut at max_turns has no winner

    def describe(self, g: africa.Game, player: int | None) -> str:
        return _describe(g, player, self.is_over(g))


class AfricaState(EngineState):
    """A state of the game (see the module docstring)."""


class AfricaObserver(EngineObserver):
    """OpenSpiel observer: the encoding's tensor ("map", "vector"), the chance block ("chance")
    and the player's view as text; with perfect recall, the history too ("history", and as a string)."""

    pieces = ("map", "vector")

    def chance_block_names(self) -> list[str]:
        return (["chance_node"] + [f"discoverer_seat{j}" for j in range(self.game.players)]
                + [f"reveal_{label}" for label in self.encoding.board.labels])

    def fill(self, g: africa.Game, player: int, obs: np.ndarray, chance: np.ndarray) -> None:
        self.encoding.observation(g, player, out=obs)
        if g.phase == REVEAL:
            chance[0] = 1
            chance[1 + (g.active - player) % g.players] = 1
            chance[1 + g.players + g.reveal_at] = 1


AfricaGame.state_class = AfricaState
AfricaGame.observer_class = AfricaObserver


def _describe(g: africa.Game, player: int | None, cut: bool) -> str:
    """The state as `player` sees it (what `Game.view(player)` holds, read from the engine
    directly: the view's board of dicts is slow), as text; None: everything."""
    hidden = g.hidden_treasure and not g.is_terminal() and player is not None
    lines = [f"phase={g.phase_name}{' (cut at max_turns)' if cut and not g.is_terminal() else ''} "
             f"to_act={g.current_player} active={g.active_player} turn={g.turn} step={g.step} "
             f"monuments={g.monuments_found}/{g.data.monuments} face_down={g.n_down} camp_supply={g.supply} "
             f"bonus={g.bonus_holder}"]
    labels = g.board.labels
    for s in range(g.players):
        tr = g.treasure(s)
        gold, gems = ("?", "?") if hidden and s != player else (tr["gold"], tr["gems"])
        objects = ",".join(f"{k}:{n}" for k, n in sorted(g.objects(s).items())) or "-"
        tiles = sum(n for t, n in g.held_tiles(s).items() if g.data.by_id[t].kind in TREASURE)
        explorer = labels[g.explorer[s]] if g.explorer[s] >= 0 else "-"
        lines.append(f"seat{s} score={g.score[s]} camps={g.reserve[s]} explorer={explorer} objects={objects} "
                     f"gold={gold} gems={gems} treasure_tiles={tiles}")
    unseen: Counter[str] = Counter()
    for tile, n in g.unseen_tiles().items():  # under the hidden option face-down gold and gems look alike
        unseen["treasure" if hidden and g.data.by_id[tile].kind in TREASURE else tile] += n
    lines.append("unseen " + " ".join(f"{k}:{n}" for k, n in sorted(unseen.items())))
    types = g.data.types
    lines.append("tiles " + " ".join(f"{labels[sp]}:{types[t].id}" for sp, t in enumerate(g.content)
                                     if t >= 0 and not g.down[sp]))
    camps = [f"{labels[sp]}:{c}" for sp, c in enumerate(g.camp) if c >= 0]
    if camps:
        lines.append("camps " + " ".join(camps))
    pending = g.pending_choice()
    if pending:
        lines.append("pending " + " ".join(f"{k}={v}" for k, v in pending.items()))
    if g.history:
        lines.append(f"last={g.history[-1]}")
    return "\n".join(lines)


pyspiel.register_game(GAME_TYPE, AfricaGame)
