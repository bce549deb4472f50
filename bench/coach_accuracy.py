"""The coach's accuracy: does the review mark clearly bad moves, and leave good ones alone?

    python bench/coach_accuracy.py games  --game G [--games 6] [--seed 30] [--player hard]  # strong games, planted
    python bench/coach_accuracy.py review --game G [--think 0.5] [--limit N]               # review them
    python bench/coach_accuracy.py report [--thresholds 2,5,10]                            # the figures

1. `games` plays --games games of G between two strong players (--player, default "hard",
   its budget counted as CPU time), 2 seats. In game j (seed --seed + j) seat j % 2 is the
   *planted* seat: at some of its decisions it plays, instead of its own choice, the legal move
   the greedy judgement ranks last (`savanna.ai.evaluation.ranked`, each move with its best
   follow-up of all the seat's next actions: `thorough`), if that judgement puts it at
   least --min-gap points below the best ("clearly bad"), at most --plants times a game and no
   two within --spacing of the seat's decisions. Each game is saved when it ends to
   bench/coach-accuracy-results/games-G.json with its planted moves (a run again resumes).
2. `review` reviews each saved game's planted seat with `savanna.coach.review` at --think
   seconds per decision (default: the coach's REVIEW_THINK), each judgement's budget counted in
   CPU time so that the figures do not depend on what else the machine runs, and saves each
   game's entries with its CPU and wall time to review-G-T.json (resumes too).
3. `truth` judges each planted move again at a long budget (--think, default 4 s of CPU time, in
   other worlds), to tell how bad it really is: the greedy judgement that picked it sees one
   move ahead, and the rest of the turn may make up for a bad first step.
4. `report` reads every review file: per game and budget, the share of the planted moves the
   review marks as mistake or blunder (found; target >= 90%), the share of the strong player's
   own moves it marks so (wrongly marked; target <= 5%), the marks by kind, and a whole game's
   review time (CPU and wall, each decision judged one after the other as the server does).
   The entries keep each move's loss in points, so --thresholds recomputes the figures for
   other thresholds without judging again (how each game's thresholds were chosen: marks.thresholds_for).

A benchmark, not a test: it asserts nothing and never runs in the suite.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
from types import SimpleNamespace
from typing import Any

from savanna import games
from savanna.ai import make_player
from savanna.ai.evaluation import evaluation_for, ranked

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from rate_levels import played_spec, save  # noqa: E402  (bench/ is no package: its scripts side by side)

OUT_DIR = os.path.join(HERE, "coach-accuracy-results")
FORMAT = "savanna-coach-accuracy/1"


def load(path: str) -> dict | None:
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# ------------------------------------------------------------------ games

def thorough(ev: Any) -> Any:
    """The game's evaluation looking at every follow-up of a move (the players' own looks at
    those its `follow_ups` names, for speed: a Safari tile judged without the watering hole it
    lets the seat expand may look worse than it is, and is then no clearly bad move)."""
    return SimpleNamespace(**{k: getattr(ev, k) for k in ("values", "outcomes") if hasattr(ev, k)},
                           follow_ups=lambda game, actions: actions)


def worst_move(game: Any) -> tuple[Any, float]:
    """The legal move the greedy judgement ranks last (each move with its best follow-up of
    all), and how far below the best it ranks it."""
    seat = game.current_player
    order = ranked(game, game.legal_actions(), seat, thorough(evaluation_for(game)))
    return order[-1][1], order[0][0] - order[-1][0]


def play_planted(name: str, seed: int, specs: list[str], planted_seat: int, *, plants: int, spacing: int,
                 min_gap: float, player_seed: int) -> dict:
    """One game between `specs`, seat `planted_seat` playing the greedy judgement's worst move at
    some of its decisions (see the module docstring); the record saved for it."""
    game = games.spec(name).new_game(players=len(specs), seed=seed)
    players = [make_player(s, seed=player_seed * 16 + i) for i, s in enumerate(specs)]
    planted: list[dict] = []
    since = spacing  # the planted seat's decisions since its last planted move
    t0, c0 = time.perf_counter(), time.process_time()
    while not game.is_terminal():
        seat = game.current_player
        actions = game.legal_actions()
        if seat == planted_seat and len(actions) > 1:
            since += 1
            if len(planted) < plants and since >= spacing:
                move, gap = worst_move(game)
                if gap >= min_gap:
                    planted.append({"index": len(game.history), "action": str(move), "greedy_gap": round(gap, 3)})
                    game.apply(move)
                    since = 0
                    continue
        game.apply(players[seat].choose(game))
    return {"seed": seed, "players": specs, "planted_seat": planted_seat, "planted": planted,
            "scores": list(game.scores), "actions": [str(a) for a in game.history],
            "save": game.to_json(seats=[{"kind": "computer", "player": s} for s in specs]),
            "wall": round(time.perf_counter() - t0, 1), "cpu": round(time.process_time() - c0, 1)}


def cmd_games(args) -> int:
    specs = [played_spec(args.player, wall_clock=False)] * 2
    settings = {"game": args.game, "players": specs, "seed": args.seed, "plants": args.plants,
                "spacing": args.spacing, "min_gap": args.min_gap, "follow_ups": "all"}
    os.makedirs(args.out_dir, exist_ok=True)
    path = os.path.join(args.out_dir, f"games-{args.game}.json")
    doc = load(path) or {"format": FORMAT, "settings": settings, "games": []}
    if doc["settings"] != settings:
        print(f"coach_accuracy: {path} holds games of other settings; move it away first", file=sys.stderr)
        return 2
    done = {g["index"] for g in doc["games"]}
    for j in range(args.games):
        if j in done:
            continue
        record = play_planted(args.game, args.seed + j, specs, j % 2, plants=args.plants, spacing=args.spacing,
                              min_gap=args.min_gap, player_seed=args.seed + j)
        doc["games"].append({"index": j, **record})
        doc["games"].sort(key=lambda g: g["index"])
        save(path, doc)
        print(f"  {args.game} #{j}: scores {record['scores']}, {len(record['planted'])} planted "
              f"(seat {j % 2}), {record['cpu']:.0f} s CPU, {record['wall']:.0f} s wall", flush=True)
    return 0


# ----------------------------------------------------------------- review

def review_game(name: str, record: dict, think: float) -> dict:
    """The review of a saved game's planted seat at `think` CPU seconds a decision, timed."""
    from savanna.coach import review

    game = games.game_module(name).from_json(record["save"])
    t0, c0 = time.perf_counter(), time.process_time()
    result = review.review(game, [record["planted_seat"]], time=think, clock="cpu", seed=record["seed"])
    return {"index": record["index"], "planted_seat": record["planted_seat"],
            "planted": [p["index"] for p in record["planted"]], "entries": result["entries"],
            "wall": round(time.perf_counter() - t0, 1), "cpu": round(time.process_time() - c0, 1)}


def review_path(out_dir: str, name: str, think: float) -> str:
    return os.path.join(out_dir, f"review-{name}-{think:g}.json")


def cmd_review(args) -> int:
    from savanna.coach import marks

    think = args.think if args.think is not None else marks.REVIEW_THINK
    played = load(os.path.join(args.out_dir, f"games-{args.game}.json"))
    if played is None:
        print(f"coach_accuracy: no games of {args.game} in {args.out_dir}: play them first", file=sys.stderr)
        return 2
    path = review_path(args.out_dir, args.game, think)
    doc = load(path) or {"format": FORMAT, "settings": {"game": args.game, "think": think, "clock": "cpu",
                                                        "games": played["settings"]}, "reviews": []}
    done = {r["index"] for r in doc["reviews"]}
    todo = [g for g in played["games"] if g["index"] not in done][:args.limit]
    for record in todo:
        r = review_game(args.game, record, think)
        doc["reviews"].append(r)
        doc["reviews"].sort(key=lambda x: x["index"])
        save(path, doc)
        print(f"  {args.game} #{r['index']} at {think:g} s: {len(r['entries'])} decisions, "
              f"{r['cpu']:.0f} s CPU, {r['wall']:.0f} s wall", flush=True)
    return 0


# ------------------------------------------------------------------ truth

def cmd_truth(args) -> int:
    """The planted moves judged again at a long budget (other worlds, another seed): how bad
    each really is, to tell a planted move the review misses from one that is not bad."""
    from savanna.coach import review

    played = load(os.path.join(args.out_dir, f"games-{args.game}.json"))
    if played is None:
        print(f"coach_accuracy: no games of {args.game} in {args.out_dir}: play them first", file=sys.stderr)
        return 2
    path = os.path.join(args.out_dir, f"truth-{args.game}-{args.think:g}.json")
    doc = load(path) or {"format": FORMAT, "settings": {"game": args.game, "think": args.think, "clock": "cpu"},
                         "games": []}
    done = {r["index"] for r in doc["games"]}
    for record in [g for g in played["games"] if g["index"] not in done][:args.limit]:
        game = games.spec(args.game).new_game(players=len(record["players"]), seed=record["seed"])
        at = 0
        judged = []
        for p in record["planted"]:
            for a in record["actions"][at:p["index"]]:
                game.apply(a)
            at = p["index"]
            e = review.judge_entry(game, p["index"], p["action"], time=args.think, clock="cpu",
                                   seed=record["seed"] + 7919)
            judged.append({"index": p["index"], "loss": e["loss"], "best": e["best"]})
        doc["games"].append({"index": record["index"], "planted": judged})
        doc["games"].sort(key=lambda g: g["index"])
        save(path, doc)
        print(f"  {args.game} #{record['index']} at {args.think:g} s: planted losses "
              f"{[j['loss'] for j in judged]}", flush=True)
    return 0


# ----------------------------------------------------------------- report

def figures(reviews: list[dict], thresholds: dict[str, float]) -> dict:
    """Found and wrongly marked, under `thresholds`, over the reviews of one game and budget."""
    from savanna.coach.marks import mark

    planted, own = [], []
    for r in reviews:
        mine = set(r["planted"])
        for e in r["entries"]:
            (planted if e["index"] in mine else own).append(mark(e["loss"], thresholds))
    bad = ("mistake", "blunder")
    found = sum(m in bad for m in planted)
    wrong = sum(m in bad for m in own)
    return {"games": len(reviews), "planted": len(planted), "found": found,
            "found_share": found / len(planted) if planted else None, "own": len(own), "wrong": wrong,
            "wrong_share": wrong / len(own) if own else None,
            "own_marks": {k: sum(m == k for m in own) for k in ("inaccuracy", "mistake", "blunder")},
            "planted_marks": {k: sum(m == k for m in planted) for k in ("inaccuracy", "mistake", "blunder")},
            "decisions": sum(len(r["entries"]) for r in reviews),
            "cpu_per_game": sum(r["cpu"] for r in reviews) / len(reviews),
            "wall_per_game": sum(r["wall"] for r in reviews) / len(reviews)}


def share(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def cmd_report(args) -> int:
    from savanna.coach import marks

    given = None
    if args.thresholds:
        given = dict(zip(("inaccuracy", "mistake", "blunder"), (float(x) for x in args.thresholds.split(","))))
    paths = sorted(glob.glob(os.path.join(args.out_dir, "review-*.json")))
    if not paths:
        print(f"coach_accuracy: no review files in {args.out_dir}", file=sys.stderr)
        return 2
    print(f"thresholds (points lost): {given or 'each game its own (savanna.coach.marks.thresholds_for)'}\n")
    print("| game | budget | games | planted found (mistake or blunder) | own moves wrongly marked | "
          "own: small losses | a seat's review, CPU | wall |")
    print("|---|---|---|---|---|---|---|---|")
    losses: dict[tuple, tuple[list, list]] = {}
    for path in paths:
        doc = load(path)
        s = doc["settings"]
        thresholds = given or marks.thresholds_for(s["game"])
        f = figures(doc["reviews"], thresholds)
        print(f"| {s['game']} | {s['think']:g} s | {f['games']} | {f['found']}/{f['planted']} "
              f"({share(f['found_share'])}) | {f['wrong']}/{f['own']} ({share(f['wrong_share'])}) | "
              f"{f['own_marks']['inaccuracy']} | {f['cpu_per_game']:.0f} s ({f['decisions'] / f['games']:.0f} "
              f"decisions) | {f['wall_per_game']:.0f} s |")
        planted = [e["loss"] for r in doc["reviews"] for e in r["entries"] if e["index"] in set(r["planted"])]
        own = [e["loss"] for r in doc["reviews"] for e in r["entries"] if e["index"] not in set(r["planted"])]
        losses[(s["game"], s["think"])] = (planted, own)
    for path in sorted(glob.glob(os.path.join(args.out_dir, "truth-*.json"))):
        doc = load(path)
        s = doc["settings"]
        thresholds = given or marks.thresholds_for(s["game"])
        truth = [p["loss"] for g in doc["games"] for p in g["planted"]]
        bad = sum(x >= thresholds["mistake"] for x in truth)
        print(f"\n{s['game']}: planted moves judged at {s['think']:g} s (truth): {bad} of {len(truth)} lose "
              f"{thresholds['mistake']:g} points or more; their losses {sorted(round(x, 1) for x in truth)}")
        for rpath in paths:
            rdoc = load(rpath)
            if rdoc["settings"]["game"] != s["game"]:
                continue
            real = {(g["index"], p["index"]) for g in doc["games"] for p in g["planted"]
                    if p["loss"] >= thresholds["mistake"]}
            found = [e for r in rdoc["reviews"] for e in r["entries"] if (r["index"], e["index"]) in real]
            hit = sum(e["loss"] >= thresholds["mistake"] for e in found)
            print(f"  of those reviewed at {rdoc['settings']['think']:g} s: {hit}/{len(found)} marked mistake "
                  "or blunder")
    print("\nlosses (points) by share: planted moves' 5th, 10th, 25th percentile; own moves' 90th, 95th, 99th")
    for (name, think), (planted, own) in losses.items():
        print(f"  {name} at {think:g} s: planted {quantiles(planted, (0.05, 0.1, 0.25))}, "
              f"own {quantiles(own, (0.9, 0.95, 0.99))}")
    return 0


def quantiles(xs: list[float], qs: tuple[float, ...]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    return " / ".join(f"{xs[min(len(xs) - 1, int(q * len(xs)))]:.1f}" for q in qs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games", help="play strong games with planted bad moves")
    g.add_argument("--game", choices=games.names(), required=True)
    g.add_argument("--games", type=int, default=6, help="games (default 6)")
    g.add_argument("--seed", type=int, default=30, help="game j is dealt by seed + j (default 30)")
    g.add_argument("--player", default="hard", help="both seats' player (default hard: mcts:time=1, CPU time)")
    g.add_argument("--plants", type=int, default=5, help="planted moves a game at most (default 5)")
    g.add_argument("--spacing", type=int, default=12, help="planted seat's decisions between plants (default 12)")
    g.add_argument("--min-gap", type=float, default=5.0,
                   help="plant only where greedy ranks the worst move this many points below its best (default 5)")
    g.add_argument("--out-dir", default=OUT_DIR)
    g.set_defaults(handler=cmd_games)
    r = sub.add_parser("review", help="review the saved games' planted seats")
    r.add_argument("--game", choices=games.names(), required=True)
    r.add_argument("--think", type=float, default=None, help="CPU seconds a decision (default REVIEW_THINK)")
    r.add_argument("--limit", type=int, default=None, help="review at most this many games now")
    r.add_argument("--out-dir", default=OUT_DIR)
    r.set_defaults(handler=cmd_review)
    t = sub.add_parser("truth", help="judge the planted moves again at a long budget")
    t.add_argument("--game", choices=games.names(), required=True)
    t.add_argument("--think", type=float, default=4.0, help="CPU seconds a planted move (default 4)")
    t.add_argument("--limit", type=int, default=None, help="judge the planted moves of at most this many games now")
    t.add_argument("--out-dir", default=OUT_DIR)
    t.set_defaults(handler=cmd_truth)
    p = sub.add_parser("report", help="the figures of every review file")
    p.add_argument("--thresholds", default=None, metavar="A,B,C",
                   help="inaccuracy, mistake, blunder thresholds in points (default: the coach's THRESHOLDS)")
    p.add_argument("--out-dir", default=OUT_DIR)
    p.set_defaults(handler=cmd_report)
    args = ap.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
