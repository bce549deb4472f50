"""OpenSpiel's IS-MCTS given a time budget per move instead of a number of simulations.

`open_spiel.python.algorithms.ismcts.ISMCTSBot.run_search` runs `max_simulations`
simulations, each `sample_root_state` (a world drawn from the information state)
then `run_simulation` (one descent, expansion and evaluation), and returns
`get_final_policy` of the root. `TimedISMCTSBot` keeps all of that and only
ends the loop when the time is spent: its `sample_root_state` raises once the
clock has passed the move's deadline, and its `run_search` then returns the
root's final policy as the loop would have. At least `min_simulations` (2: the
first simulation only evaluates the root, the second gives it a child) run
whatever the clock says.

    bot = TimedISMCTSBot(game, RandomRolloutEvaluator(n_rollouts=1), uct_c=1.4, seconds=1.0)
    action = bot.step(state)
    bot.last_simulations    # how many the move's second allowed
"""

from __future__ import annotations

from time import perf_counter, process_time
from typing import Any

from open_spiel.python.algorithms import ismcts

CLOCKS = {"wall": perf_counter, "cpu": process_time}
_NO_CAP = 10**9  # the parent's loop bound: the clock ends the loop long before


class _TimeUp(Exception):
    """The move's time is spent (raised between simulations, never inside one)."""


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """IS-MCTS (OpenSpiel's) searching `seconds` per move, counted on `clock` ("wall" or "cpu":
    the process's own CPU time). Other arguments as `ISMCTSBot`'s."""

    def __init__(self, game: Any, evaluator: Any, uct_c: float, seconds: float, clock: str = "wall",
                 min_simulations: int = 2, **kwargs: Any):
        if not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {sorted(CLOCKS)}, not {clock!r}")
        if min_simulations < 2:
            raise ValueError(f"min_simulations must be at least 2 (the root, then a child), not {min_simulations}")
        super().__init__(game, evaluator, uct_c, _NO_CAP, **kwargs)
        self.seconds = seconds
        self.clock = CLOCKS[clock]
        self.min_simulations = min_simulations
        self.last_simulations = 0
        self._deadline = 0.0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        if self._allow_inconsistent_action_sets:
            raise ValueError("TimedISMCTSBot does not support allow_inconsistent_action_sets")
        self._deadline = self.clock() + self.seconds
        self.last_simulations = 0
        try:
            return super().run_search(state)
        except _TimeUp:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state: Any) -> Any:
        if self.last_simulations >= self.min_simulations and self.clock() >= self._deadline:
            raise _TimeUp
        self.last_simulations += 1
        return super().sample_root_state(state)
