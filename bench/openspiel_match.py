"""Our MCTS against OpenSpiel's IS-MCTS on Carcassonne Safari, the same time per move.

    python bench/openspiel_match.py [--games 100] [--seed 1] [--time 1] [--clock wall|cpu]
                                    [--budget matched|nominal] [--mcts SPEC]
                                    [--uct-c 1.4] [--final-policy max_value|max_visit_count]
                                    [--out-dir bench/openspiel-match-results]

Both play "python_savanna_safari" (savanna/research/openspiel_safari.py), two
players, the real tiles: `mcts:time=T` (savanna.ai) chooses on the state's
engine game (an explicit-chance game: it searches sampled worlds of what is
left, as always), OpenSpiel's IS-MCTS (open_spiel.python.algorithms.ismcts) on
the OpenSpiel state, searching T seconds a move too (`TimedISMCTSBot`,
savanna/research/timed_ismcts.py: OpenSpiel's bot, its simulation loop ended
by the clock instead of a count). A move is a decision with more than one legal
action; both answer a lone legal action at once. `--clock cpu` counts both
budgets in the process's own CPU time (for a busy machine); the default is
wall time.

Neither stops exactly on time: IS-MCTS finishes the simulation under way (a
random play-out to the end of the game, some 50 ms), and our MCTS plays out at
least one world per round of its sequential halving, which at a short budget
takes longer than the budget (at T = 0.2 its moves took 0.9 s). So by default
(`--budget matched`) IS-MCTS's budget for a move is the mean time our MCTS's
moves have taken so far in the game (T before its first), and the two really
spend about the same time a move; `--budget nominal` gives IS-MCTS exactly T.
`--mcts SPEC` plays another spec of ours (e.g. a quick one for a test).

IS-MCTS's settings (each a flag): `RandomRolloutEvaluator(n_rollouts=1)`
(OpenSpiel's: a uniformly random play-out to the end, chance by its odds, the
final returns as the value), UCT with c = 1.4 (about √2, UCB1's constant for
returns in [0, 1], which the game's are: 1 for a win, 0 otherwise), a world
sampled from the information state at every simulation (with chance explicit
that world is the state itself), and the final policy `max_value` (the root
move with the best mean return). Not the default `max_visit_count`: at a second
a move IS-MCTS runs fewer simulations than a tile has placements, so every
move tried has one visit, and the most visited is a random one of them; the
best mean at least prefers a move whose play-outs won.

Games come as the arena's (savanna/arena): pairs on the same deal with the
seats swapped, seeds derived from --seed and the game's index. The deal of a
pair is fixed by its seed: the k-th land tile and the k-th token drawn are
drawn (by the engine's probabilities) with a generator seeded by the pair's
seed and k, so both games draw the same tiles in the same order, and the same
tokens until the pile first runs out (the pile then holds what the game's play
discarded, as in the engine's own sampled games).

Writes `--out-dir`/mcts-vs-ismcts.json in the arena's results format, so
`savanna arena --summarize` reads it and merges parts played with other seeds:

    python bench/openspiel_match.py --games 20 --seed 601 --out-dir bench/openspiel-match-results/part-601
    ...
    savanna arena --summarize bench/openspiel-match-results/part-6*/mcts-vs-ismcts.json

Each record adds, per seat, the mean seconds a move took (`move_seconds`) and
IS-MCTS's mean simulations a move (`simulations`). One process plays the games
one after another (time-budgeted players need a core each): run parts side by
side for more. A game at T = 1 takes some 200 s (about 85 moves per player, a
little over a second each).

A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import sys
import time
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.console import Console

import savanna
import savanna.research.openspiel_safari  # noqa: F401 (registers python_savanna_safari)
from savanna.ai import make_player
from savanna.arena import render_summary, results_document, save_results, schedule, summarize
from savanna.chance import sample_outcome
from savanna.research.timed_ismcts import CLOCKS, TimedISMCTSBot
from savanna.safari import load_tiles

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength import positive  # noqa: E402 (bench/strength.py, beside this file)

FINAL_POLICIES = {"max_value": ismcts.ISMCTSFinalPolicyType.MAX_VALUE,
                  "max_visit_count": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                  "normalized_visited_count": ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT}
RESULTS = "mcts-vs-ismcts.json"


class Deal:
    """The draws of one deal (see the module docstring): the same for every game of a pair."""

    def __init__(self, seed: int):
        self.seed = seed
        self.drawn: Counter = Counter()

    def draw(self, state: Any) -> int:
        g = state.engine()
        kind = "token" if g.draws else "tile"
        k = self.drawn[kind]
        self.drawn[kind] += 1
        return state.action_index(sample_outcome(g, random.Random(f"deal/{self.seed}/{kind}/{k}")))


def specs(seconds: float, clock: str, uct_c: float, final_policy: str, budget: str = "matched",
          ours: str | None = None) -> list[str]:
    """The two players' names, as the results file records them (parts of one match must agree)."""
    cpu = "" if clock == "wall" else ",clock=cpu"
    time_ = "matched" if budget == "matched" else f"{seconds:g}"
    return [ours or f"mcts:time={seconds:g}{cpu}",
            f"openspiel-ismcts:time={time_},uct_c={uct_c:g},final={final_policy},rollouts=1{cpu}"]


class _IsmctsPlayer:
    """OpenSpiel's IS-MCTS on the OpenSpiel state, given `seconds` a move."""

    def __init__(self, game: Any, seed: int, seconds: float, clock: str, uct_c: float, final_policy: str):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        self.bot = TimedISMCTSBot(game, evaluator, uct_c, seconds, clock=clock,
                                  random_state=np.random.RandomState(seed + 1),
                                  final_policy_type=FINAL_POLICIES[final_policy])
        self.simulations = 0

    def act(self, state: Any, seconds: float) -> int:
        self.bot.seconds = seconds
        action = self.bot.step(state)
        self.simulations += self.bot.last_simulations
        return action


class _SavannaPlayer:
    def __init__(self, spec: str, seed: int):
        self.player = make_player(spec, seed=seed)
        self.simulations = 0

    def act(self, state: Any, seconds: float) -> int:
        return state.action_index(self.player.choose(state.engine()))


def play(task: Any, seconds: float, clock: str, uct_c: float, final_policy: str, budget: str = "matched") -> dict:
    """One game of the match; its record in the arena's format, plus move times and simulations."""
    t0 = time.perf_counter()
    game = pyspiel.load_game("python_savanna_safari", {"players": len(task.seats), "seed": task.seed})
    players = [_IsmctsPlayer(game, seed, seconds, clock, uct_c, final_policy) if spec.startswith("openspiel-")
               else _SavannaPlayer(spec, seed) for spec, seed in zip(task.specs, task.player_seeds)]
    ours = next(s for s, p in enumerate(players) if isinstance(p, _SavannaPlayer))
    tick = CLOCKS[clock]  # a move's time, on the clock the budgets count
    deal = Deal(task.seed)
    state = game.new_initial_state()
    moves = [0] * len(players)
    spent = [0.0] * len(players)
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deal.draw(state))
            continue
        seat = state.current_player()
        searched = len(state.legal_actions()) > 1
        give = seconds if budget == "nominal" or not moves[ours] else spent[ours] / moves[ours]
        start = tick()
        action = players[seat].act(state, give)
        if searched:
            moves[seat] += 1
            spent[seat] += tick() - start
        state.apply_action(action)
        actions += 1
    g = state.engine()
    return {"index": task.index, "block": task.block, "seed": task.seed, "seats": list(task.seats),
            "players": list(task.specs), "player_seeds": list(task.player_seeds), "scores": list(g.scores),
            "winners": list(g.winners()), "actions": actions, "seconds": time.perf_counter() - t0, "error": None,
            "error_seat": None, "moves": moves,
            "move_seconds": [s / m if m else None for s, m in zip(spent, moves)],
            "simulations": [p.simulations / m if isinstance(p, _IsmctsPlayer) and m else None
                            for p, m in zip(players, moves)]}


def run(games: int, seed: int, seconds: float, clock: str = "wall", uct_c: float = 1.4,
        final_policy: str = "max_value", budget: str = "matched", ours: str | None = None,
        on_result: Any = None) -> dict:
    """Play the match; the results document (the arena's format)."""
    names = specs(seconds, clock, uct_c, final_policy, budget, ours)
    tiles = load_tiles(None).version
    tasks = schedule(names, games, seats=2, seed=seed, game="safari", settings={"tiles": tiles})
    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    t0 = time.perf_counter()
    records = []
    for task in tasks:
        records.append(play(task, seconds, clock, uct_c, final_policy, budget))
        if on_result:
            on_result(records[-1])
    settings = {
        "players": names, "game": "safari", "seats": 2, "games_requested": games, "games": len(tasks),
        "rotation": 2, "seed": seed, "final_scoring": "all", "tiles": tiles, "workers": 1, "ray": None,
        "backend": "1 process", "save_games": None, "started": started, "wall_seconds": time.perf_counter() - t0,
        "savanna": savanna.__version__, "python": platform.python_version(), "machine": platform.machine(),
        "hidden_treasure": False, "bench": "bench/openspiel_match.py", "time": seconds, "clock": clock,
        "budget": budget,
        "ismcts": {"uct_c": uct_c, "final_policy": final_policy, "evaluator": "RandomRolloutEvaluator(n_rollouts=1)",
                   "max_world_samples": "unlimited", "open_spiel": _open_spiel_version()},
    }
    return results_document(settings, records, summarize(names, records))


def _open_spiel_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--games", type=positive(int), default=100, help="games, rounded up to pairs (default 100)")
    ap.add_argument("--seed", type=int, default=1, help="match seed: deals and players' seeds derive from it")
    ap.add_argument("--time", type=positive(float), default=1.0, help="seconds per move for both (default 1)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="what the time counts: wall (default) or cpu, the process's own CPU time")
    ap.add_argument("--budget", choices=("matched", "nominal"), default="matched",
                    help="IS-MCTS's time a move: our MCTS's mean so far (default) or exactly --time")
    ap.add_argument("--mcts", default=None, metavar="SPEC", help="our player's spec (default mcts:time=T)")
    ap.add_argument("--uct-c", type=positive(float), default=1.4, help="IS-MCTS's UCT constant (default 1.4)")
    ap.add_argument("--final-policy", choices=sorted(FINAL_POLICIES), default="max_value",
                    help="IS-MCTS's final policy (default max_value)")
    ap.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "openspiel-match-results"),
                    help=f"where {RESULTS} goes (default bench/openspiel-match-results)")
    args = ap.parse_args(argv)
    console, err = Console(), Console(stderr=True)
    if not console.is_terminal:  # logs: keep the tables whole
        console = Console(width=max(console.width, 160))
    os.makedirs(args.out_dir, exist_ok=True)

    def progress(r: dict) -> None:
        who = [r["players"][s].split(":")[0] for s in range(2)]
        secs = " / ".join(f"{x:.2f}" for x in r["move_seconds"] if x is not None)
        err.print(f"game {r['index'] + 1}: {who[0]} {r['scores'][0]} – {r['scores'][1]} {who[1]}, "
                  f"{r['seconds']:.0f} s, seconds a move {secs}, "
                  f"IS-MCTS {max(x or 0 for x in r['simulations']):.1f} simulations a move", highlight=False)

    if args.mcts is not None:
        try:
            make_player(args.mcts)
        except ValueError as e:
            ap.error(f"--mcts: {e}")
    result = run(args.games, args.seed, args.time, args.clock, args.uct_c, args.final_policy, args.budget,
                 args.mcts, on_result=progress)
    path = os.path.join(args.out_dir, RESULTS)
    save_results(path, result)
    console.print(render_summary(result["summary"], result["settings"]))
    console.print(f"saved {path}", style="dim", highlight=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
