"""Strength: reproduces the playing-strength figures the project reports.

    python bench/strength.py [--game safari|africa] [--hidden-treasure] [--games 200] [--mcts-games 200]
                             [--mcts-time 1] [--seed 2024] [--workers W] [--ray ADDRESS|local] [--wall-clock]
                             [--out-dir DIR] [--only greedy|mcts]

    Africa's greedy-vs-random figure:
    python bench/strength.py --game africa --only greedy --out-dir bench/strength-results/africa

Two matches through the arena (2 players, seats swapped on the same deal):
  1. greedy vs random           (--games, default 200)
  2. mcts:time=T vs greedy      (--mcts-games, default 200; T = --mcts-time seconds per move, default 1,
                                counted as the MCTS process's own CPU time unless --wall-clock)
Prints each summary (win rate with its 95% Wilson interval, Elo of the first player
relative to the second...) and saves it as JSON in --out-dir (re-read with
`savanna arena --summarize FILE`).

The MCTS match is long: some 85 decisions per MCTS player per game at T seconds each,
so 200 games take about 200 * 85 * T / W seconds on W cores (some 2.5 hours on 2
cores at T = 1); --ray spreads them over a cluster. Time-budgeted players need a
core each: keep --workers at or below the number of cores.

A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import os
import sys

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from savanna.ai import PLAYERS
from savanna.arena import Arena, ArenaError, render_summary, run_arena, save_results
from savanna.games import game_settings


def positive(kind):
    def parse(text: str):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a {kind.__name__}, not {text!r}") from None
        if not v > 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text!r}")
        return v
    return parse


def match(title: str, arena: Arena, out_path: str, console: Console, err: Console) -> dict:
    console.rule(f"[bold]{title}")
    columns = (TextColumn(f"[bold]{title}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=None)
        result = run_arena(arena, on_start=lambda n: progress.update(task, total=n),
                           on_result=lambda r: progress.advance(task))
    console.print(render_summary(result["summary"], result["settings"]))
    save_results(out_path, result)
    console.print(f"saved {out_path}", style="dim", highlight=False)
    errors = result["summary"]["errors"]
    if errors:
        first = next(r["error"] for r in result["games"] if r["error"])
        err.print(f"strength: {errors} games ended with an error, e.g. {first}", style="red", highlight=False,
                  markup=False)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--games", type=positive(int), default=200, help="games of greedy vs random (default 200)")
    ap.add_argument("--mcts-games", type=positive(int), default=200, help="games of mcts vs greedy (default 200)")
    ap.add_argument("--mcts-time", type=positive(float), default=1.0,
                    help="MCTS seconds per move (default 1)")
    ap.add_argument("--wall-clock", action="store_true",
                    help="budget MCTS by wall time (default: its own CPU time, so the figures "
                         "do not depend on what else the machine runs)")
    ap.add_argument("--mcts", default=None, metavar="SPEC",
                    help="the MCTS player spec, overriding --mcts-time (e.g. mcts:iterations=2000)")
    ap.add_argument("--seed", type=int, default=2024, help="arena seed (default 2024)")
    ap.add_argument("--workers", type=positive(int), default=None, help="processes (default: all cores)")
    ap.add_argument("--ray", default=None, metavar="ADDRESS", help="'local' or a Ray cluster address")
    ap.add_argument("--game", choices=("safari", "africa"), default="safari", help="the game (default safari)")
    ap.add_argument("--final-scoring", choices=("all", "majority"), default="all", help="safari's setting")
    ap.add_argument("--hidden-treasure", action="store_true", help="africa's option: gold and gems hidden")
    ap.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"),
                    help="where the JSON results go (default bench/results)")
    ap.add_argument("--only", choices=("greedy", "mcts"), default=None, help="run one of the two matches")
    args = ap.parse_args(argv)

    console, err = Console(), Console(stderr=True)
    if not console.is_terminal:  # logs: keep the tables whole
        console = Console(width=max(console.width, 160))
    os.makedirs(args.out_dir, exist_ok=True)
    mcts = args.mcts or f"mcts:time={args.mcts_time:g}" + ("" if args.wall_clock else ",clock=cpu")
    matches = []
    if args.only in (None, "greedy"):
        matches.append(("greedy vs random", ["greedy", "random"], args.games, "greedy-vs-random.json"))
    if args.only in (None, "mcts"):
        matches.append((f"{mcts} vs greedy", [mcts, "greedy"], args.mcts_games, "mcts-vs-greedy.json"))
    code = 0
    for title, players, games, filename in matches:
        missing = [p.split(":")[0] for p in players if p.split(":")[0] not in PLAYERS]
        if missing:
            err.print(f"strength: skipping {title}: no player named {missing[0]!r} in this version",
                      style="red", highlight=False)
            code = 1
            continue
        settings = game_settings(args.game, final_scoring=args.final_scoring, hidden_treasure=args.hidden_treasure)
        arena = Arena(players=players, games=games, game=args.game, seed=args.seed, workers=args.workers,
                      ray=args.ray, settings=settings, extra={"bench": "bench/strength.py"})
        try:
            result = match(title, arena, os.path.join(args.out_dir, filename), console, err)
        except ArenaError as e:
            err.print(f"strength: {title}: {e}", style="red", highlight=False, markup=False)
            return 1
        if result["summary"]["errors"]:
            code = 1
        if not result["summary"]["games"]:
            continue
        first = result["summary"]["players"][0]
        second = result["summary"]["players"][1]
        lo, hi = first["win_rate_ci"]
        elo_half = (second["elo_ci"][1] - second["elo_ci"][0]) / 2
        console.print(f"[bold]{first['player']}[/] wins {first['win_rate']:.1%} (95% CI {lo:.1%}–{hi:.1%}) "
                      f"of {first['games']} games against {second['player']}; "
                      f"Elo difference {0.0 - second['elo']:+.0f} ± {elo_half:.0f}", highlight=False)
    return code


if __name__ == "__main__":
    sys.exit(main())
