"""Rate the computer levels: they play each other (the arena) and the rating model scores it.

    python bench/rate_levels.py --plan                          # the tables and games, nothing played
    python bench/rate_levels.py --part K --parts N [--workers 1] # play every N-th game of the plan from K
    python bench/rate_levels.py --combine                       # rate, write savanna/level_ratings.json

The plan, fixed by its flags: for each game of savanna.games, tables of the levels (easy,
medium, hard by default, weakest first; --levels adds any player spec): at 2 seats each level
against the next stronger one (a near-certain result, easy against hard, says little), at 3 or
more seats (--tables) every combination. Tables of cheap players (no search) play
--cheap-games games, the others --search-games; the arena's schedule seats them (every level
in every seat equally often, one deal per block of rotations) with seeds derived from --seed.
The tables' blocks are interleaved, so any prefix of the plan, and any part, holds a mix.

A part plays the plan's games number K, K+N, K+2N, ... through the arena's runner, saving
each finished game at once to bench/level-ratings-results/part-K-of-N.json (a part run
again resumes where it stopped). --combine reads every part's file, replays the finished
games in the plan's order through savanna.rating.rate (every level starting from
new_rating(); a game's ranks by its winners, then its scores; ties share a rank), writes
savanna/level_ratings.json ({game: {level: {"mu", "sigma", "games", "spec"}}}) and prints
the table in Markdown. Games the parts did not finish are left out and counted.

MCTS's budget counts its own CPU time (clock=cpu, as bench/strength.py does) so that a busy
machine slows the games without weakening the hard level; --wall-clock plays the levels'
specs as they are. A benchmark, not a test: it asserts nothing and never runs in the suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import glob
import itertools
import json
import os
import sys
import time

from savanna import games, rating
from savanna.ai.base import LEVELS, OPTIONS, is_cheap, parse_spec
from savanna.arena import Arena, ArenaError, derive_seed, run_tasks, schedule, validate

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "level-ratings-results")
TABLE_FILE = os.path.join(os.path.dirname(HERE), "savanna", rating.LEVEL_RATINGS)
FORMAT = "savanna-level-ratings/1"


def positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be positive, not {text!r}")
    return v


def played_spec(spec: str, wall_clock: bool) -> str:
    """The spec as the bench plays it: a player with a time budget counts CPU time unless told."""
    name, opts = parse_spec(spec)
    full = LEVELS.get(spec, spec)
    if wall_clock or "clock" not in OPTIONS[name] or "clock" in opts:
        return full
    return full + ("," if ":" in full else ":") + "clock=cpu"


def plan_settings(args) -> dict:
    """What fixes the plan (and must be the same in every part that is combined)."""
    return {"levels": args.levels, "tables": args.tables, "games": args.games, "search_games": args.search_games,
            "cheap_games": args.cheap_games, "seed": args.seed, "wall_clock": args.wall_clock}


def make_plan(settings: dict) -> list[dict]:
    """Every game of the plan, in its fixed order: {"index", "game", "table", "task"}."""
    levels = settings["levels"]
    specs = {level: played_spec(level, settings["wall_clock"]) for level in levels}
    tables = []
    for game in settings["games"]:
        spec = games.spec(game)
        for seats in settings["tables"]:
            if not spec.min_players <= seats <= spec.max_players or seats > len(levels):
                continue
            combos = (list(zip(levels, levels[1:])) if seats == 2
                      else list(itertools.combinations(levels, seats)))
            for combo in combos:
                players = [specs[level] for level in combo]
                cheap = all(is_cheap(p) for p in players)
                n = settings["cheap_games"] if cheap else settings["search_games"]
                options = validate(Arena(players=players, games=n, game=game, seats=seats))
                tasks = schedule(players, n, seats=seats, seed=derive_seed(settings["seed"], game, *combo),
                                 game=game, settings=options)
                blocks = [list(g) for _, g in itertools.groupby(tasks, key=lambda t: t.block)]
                tables.append((game, " vs ".join(combo), blocks))
    plan = []
    for round_ in itertools.count():
        live = [(game, name, blocks[round_]) for game, name, blocks in tables if round_ < len(blocks)]
        if not live:
            break
        for game, name, block in live:
            for task in block:
                plan.append({"index": len(plan), "game": game, "table": name,
                             "task": dataclasses.replace(task, index=len(plan))})
    return plan


def part_path(out_dir: str, part: int, parts: int) -> str:
    return os.path.join(out_dir, f"part-{part}-of-{parts}.json")


def save(path: str, doc: dict) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def run_part(args, settings: dict) -> int:
    plan = make_plan(settings)
    mine = [p for p in plan if p["index"] % args.parts == args.part]
    os.makedirs(args.out_dir, exist_ok=True)
    path = part_path(args.out_dir, args.part, args.parts)
    doc = {"format": FORMAT, "settings": {**settings, "part": args.part, "parts": args.parts}, "games": []}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if {k: doc["settings"].get(k) for k in settings} != settings:
            print(f"rate_levels: {path} holds another plan; move it away first", file=sys.stderr)
            return 2
    done = {r["index"] for r in doc["games"]}
    todo = [p for p in mine if p["index"] not in done]
    print(f"part {args.part} of {args.parts}: {len(mine)} games, {len(done)} done before, {len(todo)} to play",
          flush=True)
    meta = {p["index"]: p for p in todo}
    t0 = time.perf_counter()

    def finished(record: dict) -> None:
        entry = meta[record["index"]]
        doc["games"].append({**record, "game": entry["game"], "table": entry["table"]})
        doc["games"].sort(key=lambda r: r["index"])
        save(path, doc)
        note = f" ERROR {record['error']}" if record["error"] else ""
        print(f"  #{record['index']} {entry['game']} {entry['table']}: scores {record['scores']} "
              f"{record['seconds']:.0f} s (part {time.perf_counter() - t0:.0f} s){note}", flush=True)

    if todo:
        run_tasks([p["task"] for p in todo], workers=args.workers, on_result=finished)
    return 0


def ranks_of(record: dict) -> list[int]:
    """Each seat's place: the winners first (the game's own tie-breaks), then by score; equal shares."""
    winners = set(record["winners"])
    keys = [(seat not in winners, -score) for seat, score in enumerate(record["scores"])]
    return [sum(other < key for other in keys) for key in keys]


def combine(args) -> int:
    paths = sorted(glob.glob(os.path.join(args.out_dir, "part-*-of-*.json")))
    if not paths:
        print(f"rate_levels: no part files in {args.out_dir}", file=sys.stderr)
        return 2
    docs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            docs.append(json.load(f))
    settings = {k: v for k, v in docs[0]["settings"].items() if k not in ("part", "parts")}
    for path, doc in zip(paths, docs):
        other = {k: v for k, v in doc["settings"].items() if k not in ("part", "parts")}
        if other != settings:
            print(f"rate_levels: {path} is of another plan than {paths[0]}", file=sys.stderr)
            return 2
    plan = make_plan(settings)
    records = {}
    for doc in docs:
        for r in doc["games"]:
            records[r["index"]] = r
    level_of = {played_spec(level, settings["wall_clock"]): level for level in settings["levels"]}
    table: dict[str, dict[str, dict]] = {}
    missing, errors = 0, []
    for entry in plan:  # the plan's order: the model's result depends on it
        r = records.get(entry["index"])
        if r is None:
            missing += 1
            continue
        if r["error"]:
            errors.append(f"#{r['index']}: {r['error']}")
            continue
        levels = [level_of[spec] for spec in r["players"]]
        rated = table.setdefault(entry["game"], {})
        for level in levels:
            rated.setdefault(level, {"rating": rating.new_rating(), "games": 0})
        new = rating.rate([rated[level]["rating"] for level in levels], ranks_of(r))
        for level, rt in zip(levels, new):
            rated[level]["rating"] = rt
            rated[level]["games"] += 1
    out = {game: {level: {"mu": round(v["rating"].mu, 4), "sigma": round(v["rating"].sigma, 4),
                          "games": v["games"], "spec": LEVELS.get(level, level)}
                  for level, v in sorted(levels.items(), key=lambda kv: settings["levels"].index(kv[0]))}
           for game, levels in table.items()}
    with open(args.write, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    seconds = sum(r["seconds"] for r in records.values())
    print(f"{len(records)} of {len(plan)} planned games played ({missing} not), {len(errors)} with an error, "
          f"{seconds:.0f} s of play; written to {os.path.relpath(args.write)}\n")
    for line in errors:
        print("  " + line)
    for game, levels in out.items():
        print(f"{games.spec(game).title}:\n")
        print("| level | spec | shown rating | mu | sigma | games |")
        print("|---|---|---|---|---|---|")
        for level, v in levels.items():
            r = rating.Rating(v["mu"], v["sigma"])
            mark = " (provisional)" if rating.provisional(r, v["games"]) else ""
            print(f"| {level} | `{v['spec']}` | {rating.shown(r)}{mark} | {v['mu']:.2f} | {v['sigma']:.2f} "
                  f"| {v['games']} |")
        print()
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--plan", action="store_true", help="print the plan's tables and games, play nothing")
    what.add_argument("--part", type=int, metavar="K", help="play part K (0 to N-1) of the plan")
    what.add_argument("--combine", action="store_true", help="rate the parts' games, write the levels' table")
    ap.add_argument("--parts", type=positive, default=1, metavar="N", help="parts the plan is split into")
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="the players, weakest first: levels or player specs (default easy,medium,hard)")
    ap.add_argument("--tables", default="2,3", help="table sizes, e.g. 2,3,4 (default 2,3)")
    ap.add_argument("--games", default=",".join(games.names()), help="the games (default all)")
    ap.add_argument("--search-games", type=positive, default=6,
                    help="games per table with a searching player (default 6; rounded up to whole blocks)")
    ap.add_argument("--cheap-games", type=positive, default=40,
                    help="games per table of cheap players only (default 40)")
    ap.add_argument("--seed", type=int, default=28, help="the plan's seed (default 28)")
    ap.add_argument("--wall-clock", action="store_true", help="MCTS counts wall time, not its own CPU time")
    ap.add_argument("--workers", type=positive, default=1, help="processes (default 1)")
    ap.add_argument("--out-dir", default=OUT_DIR, help="the parts' files (default bench/level-ratings-results)")
    ap.add_argument("--write", default=TABLE_FILE, help="--combine's table (default savanna/level_ratings.json)")
    args = ap.parse_args(argv)
    args.levels = [s.strip() for s in args.levels.split(",") if s.strip()]
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    try:
        args.tables = sorted({int(s) for s in args.tables.split(",")})
        for level in args.levels:
            parse_spec(level)
        for game in args.games:
            games.spec(game)
    except ValueError as e:
        ap.error(str(e))
    if len(set(args.levels)) != len(args.levels) or len(args.levels) < 2:
        ap.error("--levels needs at least 2 different players")
    if args.combine:
        return combine(args)
    settings = plan_settings(args)
    try:
        if args.plan:
            plan = make_plan(settings)
            counts = {}
            for p in plan:
                counts[(p["game"], p["table"])] = counts.get((p["game"], p["table"]), 0) + 1
            for (game, name), n in counts.items():
                print(f"{game}: {name}: {n} games")
            print(f"{len(plan)} games; part K of N plays games K, K+N, ...")
            return 0
        if not 0 <= args.part < args.parts:
            ap.error(f"--part must be 0 to {args.parts - 1}, not {args.part}")
        return run_part(args, settings)
    except ArenaError as e:
        print(f"rate_levels: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
