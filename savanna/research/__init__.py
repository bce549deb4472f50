"""Research interfaces to the engines (optional: `pip install -e '.[research]'`).

What every game shares:
- `savanna.research.turn_env`: `TurnBasedEnv` and `GameCore`, the shape of every
  game's PettingZoo AEC environment;
- `savanna.research.vector`: `TurnBasedVectorEnv`, N games stepped at once with
  stacked NumPy observations and masks (Gymnasium VectorEnv), and `make(game, N, ...)`;
- `savanna.research.openspiel_base`: what every game's OpenSpiel game is built on;
  `timed_ismcts`: OpenSpiel's IS-MCTS searching for a time budget a move.

Each game's own modules are named for it, side by side: `<game>_encoding` (its
fixed action space and observation), `<game>_env` (its AEC environment, the
`research` module of its description in `savanna.games`), `<game>_vector` (its
vector environment), `openspiel_<game>` (its OpenSpiel game, registered with
pyspiel on import), and whatever else a game needs (`<game>_tracker`).

Nothing here is imported by an engine, so the engines need neither numpy nor
these packages; import the submodule you want.
"""

__all__ = ["openspiel_base", "timed_ismcts", "turn_env", "vector"]
