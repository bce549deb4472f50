"""Research interfaces to the engines (optional: `pip install -e '.[research]'`).

- `savanna.research.safari_encoding`: Safari's fixed integer action space and
  observation tensor, shared by the interfaces below; `safari_tracker`: the same
  observations and masks kept up to date incrementally (`SafariTracker`).
- `savanna.research.africa_encoding`: Africa's action space and observation.
- `savanna.research.safari_env`: `SafariEnv`, and `africa_env`: `AfricaEnv`,
  PettingZoo AEC environments of the same shape (`turn_env.TurnBasedEnv`).
- `savanna.research.vector`: `SafariVectorEnv`, `AfricaVectorEnv`: N games
  stepped at once, stacked NumPy observations and masks (Gymnasium VectorEnv).
- `savanna.research.openspiel_safari`: the OpenSpiel game "python_savanna_safari",
  and `openspiel_africa`: "python_savanna_africa" (importing a module registers its
  game with pyspiel), both built on `openspiel_base`; `timed_ismcts`: OpenSpiel's
  IS-MCTS searching for a time budget a move.

Nothing here is imported by `savanna.safari` or `savanna.africa`, so the
engines need neither numpy nor these packages; import the submodule you want.
"""

__all__ = ["africa_encoding", "africa_env", "openspiel_africa", "openspiel_base", "openspiel_safari", "safari_encoding",
           "safari_env", "safari_tracker", "timed_ismcts", "turn_env", "vector"]
