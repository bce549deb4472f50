"""Research interfaces to the Safari engine (optional: `pip install -e '.[research]'`).

- `savanna.research.encoding`: a fixed integer action space and an observation
  tensor, shared by the two interfaces below.
- `savanna.research.pettingzoo_env`: `SafariEnv`, a PettingZoo AEC environment.
- `savanna.research.openspiel_game`: the OpenSpiel game "python_savanna_safari"
  (importing the module registers it with pyspiel).

Nothing here is imported by `savanna.safari`, so the engine needs neither numpy
nor these packages; import the submodule you want.
"""

__all__ = ["encoding", "openspiel_game", "pettingzoo_env"]
