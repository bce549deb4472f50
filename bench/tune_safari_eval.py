"""Tune the Safari evaluation's weights (savanna/ai/safari_eval.py `Weights`) by measured games.

Every match plays a candidate `Weights` against a reference `Weights`, both through the
greedy player's choice (`evaluation.greedy_action` on `safari_eval.evaluation(w)`), two
players on the real tile set (real-1), each deal twice with the seats swapped (same game
seed, same tie-breaking seeds), on a pool of worker processes. It reports the candidate's
win rate (a tie counts half) with its 95% Wilson interval, and its mean score margin
(own score minus the other's) with a 95% interval over deals (each deal's margin is the
mean of its two games, so the luck of the deal cancels).

Modes:

  search   coordinate search from the current defaults (or --start): each weight is tried up and
           down by its step against the incumbent on one fixed set of deals (--seed,
           --deals); a candidate is played in chunks of --check deals and dropped as soon
           as its mean margin is <= 0 at a check, and kept only when, after all --deals,
           the lower end of its margin's 95% interval is above 0 and it wins more than
           half the games; it then becomes the incumbent. After a round in which nothing
           was kept every step is halved (at most --max-halvings times). Steps: meeple,
           token, tiles_per_end, horizon x1.4 / x0.7 (halved: x1.2 / x0.85, ...);
           trail_close, bush_close +-0.1; hole_chance +-0.1 on each of its non-zero
           entries (clipped to 0..1). After --budget-minutes no trial and no chunk is
           begun (a trial cut short is recorded as unfinished, never kept); --resume
           continues a search from the state saved in the results file, with the
           search's own seed and deals.
  match    one match, no early stop: --candidate against --reference on --deals deals of
           --seed (the validation on fresh deals: another seed than the search's).
  random   greedy with --candidate against the random player, --games games.

Weights are given as `default` (the Weights() of this tree), `old` (the weights tuned on
the invented tile set, before real-1), `search` (the search's final incumbent in the
results file) or a JSON object of fields overriding the defaults, e.g. '{"meeple": 2.0}'.
Every trial and match is written to the results file (default
bench/tuning-results/safari-eval-real-1.json) as soon as it ends.

Reproduce the reported tuning (bench/tuning-results/safari-eval-real-1.json; it ran on 2
cores shared with others, the search for some 34 minutes under --budget-minutes, which
ended it after 8 trials, the validation for 7):

  export PYTHONPATH=$PWD
  nice -n 10 python bench/tune_safari_eval.py search --start old --seed 1000 --deals 200 \\
      --check 50 --workers 2 --budget-minutes 600 --max-trials 8 --out /tmp/again.json
  nice -n 10 python bench/tune_safari_eval.py match --candidate search --reference old \\
      --seed 2000 --deals 200 --workers 2 --out /tmp/again.json
  nice -n 10 python bench/tune_safari_eval.py random --candidate search --seed 3000 --games 200 \\
      --workers 2 --out /tmp/again.json

(--start old: the defaults it started from are the old weights; the defaults now are its
result.) The games depend only on the seeds and weights, so these replay the same games;
where a search stopped by time ends depends on the machine's speed, hence --max-trials.

A benchmark, not a test: it asserts nothing and never runs in the test suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

from savanna.ai import GreedyPlayer, make_player, safari_eval
from savanna.ai.safari_eval import Weights
from savanna.arena.schedule import derive_seed
from savanna.arena.stats import Z95, wilson_interval

TILE_SET = "real-1"
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tuning-results", "safari-eval-real-1.json")

# The defaults tuned on the invented tile set (reconstruction-1), before real-1.
OLD = Weights(meeple=2.5, token=1.4, trail_close=0.80, bush_close=0.70, tiles_per_end=5.0,
              hole_chance=(0.0, 0.30, 0.50, 0.75), horizon=24.0)

MULTIPLICATIVE = ("meeple", "token", "tiles_per_end", "horizon")  # positive reals: x(1 + up), x(1 - down)
PROBABILITY = ("trail_close", "bush_close")  # +- step, within PROBABILITY_RANGE
PROBABILITY_RANGE = (0.05, 1.0)
PARAMS = ("meeple", "token", "trail_close", "bush_close", "tiles_per_end", "hole_chance", "horizon")
INITIAL_STEPS = {"meeple": [0.4, 0.3], "token": [0.4, 0.3], "tiles_per_end": [0.4, 0.3], "horizon": [0.4, 0.3],
                 "trail_close": [0.1, 0.1], "bush_close": [0.1, 0.1], "hole_chance": [0.1, 0.1]}


# ------------------------------------------------------------------ weights

def weights_dict(w: Weights) -> dict:
    d = dataclasses.asdict(w)
    d["hole_chance"] = list(d["hole_chance"])
    return d


def weights_from(d: dict) -> Weights:
    d = dict(d)
    if "hole_chance" in d:
        d["hole_chance"] = tuple(float(x) for x in d["hole_chance"])
    unknown = set(d) - {f.name for f in dataclasses.fields(Weights)}
    if unknown:
        raise ValueError(f"unknown weights: {', '.join(sorted(unknown))}")
    return dataclasses.replace(Weights(), **d)


def stepped(w: Weights, param: str, direction: int, step: list[float]) -> Weights:
    """`w` with `param` moved one step up (direction +1) or down (-1)."""
    size = step[0] if direction > 0 else step[1]
    x = getattr(w, param)
    if param in MULTIPLICATIVE:
        new = round(x * (1 + direction * size), 4)
    elif param in PROBABILITY:
        lo, hi = PROBABILITY_RANGE
        new = round(min(hi, max(lo, x + direction * size)), 4)
    elif param == "hole_chance":
        new = tuple(v if v == 0 else round(min(1.0, max(0.0, v + direction * size)), 4) for v in x)
    else:
        raise ValueError(param)
    return dataclasses.replace(w, **{param: new})


def parse_weights(text: str, results: dict) -> Weights:
    if text == "default":
        return Weights()
    if text == "old":
        return OLD
    if text == "search":
        final = results.get("search", {}).get("state", {}).get("incumbent")
        if final is None:
            raise SystemExit("--candidate search: the results file holds no search")
        return weights_from(final)
    try:
        return weights_from(json.loads(text))
    except (ValueError, TypeError) as e:
        raise SystemExit(f"weights must be default, old, search or a JSON object of fields: {e}") from None


# ------------------------------------------------------------------ games

def play(job: tuple) -> tuple:
    """One game: (deal, candidate's seat, candidate's score, other's score)."""
    from savanna import safari

    seed, deal, cand_seat, cand, other = job  # other: a Weights, or "random"
    g = safari.new_game(players=2, seed=derive_seed(seed, "game", deal), tiles=TILE_SET)
    players = [None, None]
    for seat in range(2):
        pseed = derive_seed(seed, "player", deal, seat)
        w = cand if seat == cand_seat else other
        players[seat] = (make_player("random", seed=pseed) if w == "random"
                         else GreedyPlayer(seed=pseed, evaluation=safari_eval.evaluation(w)))
    while not g.is_terminal():
        g.apply(players[g.current_player].choose(g))
    return deal, cand_seat, g.scores[cand_seat], g.scores[1 - cand_seat]


def summarize(games: list[tuple]) -> dict:
    """Win rate (ties half) with its Wilson interval, mean margin with its interval over deals."""
    n = len(games)
    wins = sum(1.0 if c > o else 0.5 if c == o else 0.0 for _, _, c, o in games)
    ties = sum(1 for _, _, c, o in games if c == o)
    per_deal: dict[int, list[float]] = {}
    for deal, _, c, o in games:
        per_deal.setdefault(deal, []).append(c - o)
    deal_margins = [statistics.fmean(v) for _, v in sorted(per_deal.items())]
    mean = statistics.fmean(deal_margins) if deal_margins else 0.0
    half = Z95 * statistics.stdev(deal_margins) / math.sqrt(len(deal_margins)) if len(deal_margins) > 1 else None
    lo, hi = wilson_interval(wins, n)
    return {"deals": len(deal_margins), "games": n, "wins": wins, "ties": ties,
            "win_rate": round(wins / n, 4) if n else None, "win_ci": [round(lo, 4), round(hi, 4)],
            "margin": round(mean, 3), "margin_ci": [round(mean - half, 3), round(mean + half, 3)] if half is not None else [None, None],
            "mean_scores": [round(statistics.fmean(c for *_, c, _ in games), 2),
                            round(statistics.fmean(o for *_, o in games), 2)] if n else None}


def run_games(pool: Pool, seed: int, deals: range, cand: Weights, other) -> list[tuple]:
    jobs = [(seed, d, s, cand, other) for d in deals for s in (0, 1)]
    return list(pool.imap_unordered(play, jobs))


def margin_text(s: dict) -> str:
    lo, hi = s["margin_ci"]
    return f"{s['margin']:+.2f}" + (f" (95% CI {lo:+.2f} to {hi:+.2f})" if lo is not None else "")


def line(label: str, s: dict) -> str:
    return (f"{label}: {s['wins']:g}/{s['games']} ({s['win_rate']:.1%}, 95% CI {s['win_ci'][0]:.1%}-"
            f"{s['win_ci'][1]:.1%}), margin {margin_text(s)} over {s['deals']} deals")


# ------------------------------------------------------------------ results file

def load(path: str) -> dict:
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    return {"format": "savanna-safari-eval-tuning/1", "tile_set": TILE_SET,
            "script": "bench/tune_safari_eval.py", "old_weights": weights_dict(OLD)}


def save(path: str, results: dict) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def say(text: str) -> None:
    print(text, flush=True)


# ------------------------------------------------------------------ modes

def trial(pool: Pool, args, cand: Weights, inc: Weights, deadline: float) -> tuple[dict, list[tuple]]:
    """Candidate against incumbent on the search's deals, in chunks; stops at a check
    where the mean margin is <= 0, or unfinished when the budget is spent."""
    games: list[tuple] = []
    stopped = unfinished = False
    for start in range(0, args.deals, args.check):
        if games and time.monotonic() > deadline:
            unfinished = True
            break
        games += run_games(pool, args.seed, range(start, min(args.deals, start + args.check)), cand, inc)
        s = summarize(games)
        say(f"    {s['deals']:4d} deals: win {s['win_rate']:.1%}, margin {margin_text(s)}")
        if s["deals"] < args.deals and s["margin"] <= 0:
            stopped = True
            break
    s = summarize(games)
    s["stopped_early"] = stopped
    s["unfinished"] = unfinished
    lo = s["margin_ci"][0]
    s["accepted"] = not stopped and not unfinished and lo is not None and lo > 0 and s["win_rate"] > 0.5
    return s, games


def search(args) -> None:
    results = load(args.out)
    deadline = time.monotonic() + args.budget_minutes * 60
    if args.resume:
        sr = results["search"]
        settings = sr["settings"]
        args.seed, args.deals, args.check = settings["seed"], settings["deals"], settings["check"]
        args.max_halvings = settings["max_halvings"]
        st = sr["state"]
        inc, steps = weights_from(st["incumbent"]), st["steps"]
        rnd, pos, improved, halvings = st["round"], st["next"], st["improved_this_round"], st["halvings"]
        if st.get("done"):
            say("the search is finished already")
            return
    else:
        inc = parse_weights(args.start, results)
        steps = {k: list(v) for k, v in INITIAL_STEPS.items()}
        rnd, pos, improved, halvings = 0, 0, False, 0
        results["search"] = {"settings": {"seed": args.seed, "deals": args.deals, "check": args.check,
                                          "max_halvings": args.max_halvings, "start": weights_dict(inc),
                                          "initial_steps": INITIAL_STEPS, "workers": args.workers,
                                          "tile_set": TILE_SET, "players": 2,
                                          "rule": "drop at a check when mean margin <= 0; keep when, after all "
                                                  "deals, the margin's 95% CI is above 0 and win rate > 50%"},
                             "trials": [], "state": {}}
    sr = results["search"]

    def save_state(done: bool = False) -> None:
        sr["state"] = {"incumbent": weights_dict(inc), "steps": steps, "round": rnd, "next": pos,
                       "improved_this_round": improved, "halvings": halvings, "done": done,
                       "trials": len(sr["trials"])}
        save(args.out, results)

    moves = [(p, d) for p in PARAMS for d in (+1, -1)]
    with Pool(args.workers) as pool:
        while True:
            while pos < len(moves):
                if args.max_trials is not None and len(sr["trials"]) >= args.max_trials:
                    say(f"{args.max_trials} trials played; stopping (--resume continues)")
                    save_state()
                    return
                if time.monotonic() > deadline:
                    say(f"budget of {args.budget_minutes} minutes spent; stopping (--resume continues)")
                    save_state()
                    return
                param, direction = moves[pos]
                cand = stepped(inc, param, direction, steps[param])
                if cand == inc:
                    pos += 1
                    continue
                say(f"round {rnd} {param} {'up' if direction > 0 else 'down'}: {getattr(inc, param)} -> "
                    f"{getattr(cand, param)}")
                t1 = time.monotonic()
                s, games = trial(pool, args, cand, inc, deadline)
                rec = {"round": rnd, "param": param, "direction": "up" if direction > 0 else "down",
                       "from": getattr(inc, param), "to": getattr(cand, param), "weights": weights_dict(cand),
                       "reference": weights_dict(inc), **s, "seconds": round(time.monotonic() - t1, 1),
                       "games_played": sorted([list(g) for g in games])}
                sr["trials"].append(rec)
                say("  " + line("kept" if s["accepted"] else "unfinished" if s["unfinished"] else "dropped", s))
                if s["unfinished"]:  # --resume plays this trial again, in full
                    say(f"budget of {args.budget_minutes} minutes spent in a trial; stopping (--resume continues)")
                    save_state()
                    return
                if s["accepted"]:
                    inc = cand
                    improved = True
                    pos = (pos // 2 + 1) * 2  # the other direction of this weight is not tried
                else:
                    pos += 1
                save_state()
            # a round is over
            rnd += 1
            pos = 0
            if not improved:
                if halvings >= args.max_halvings:
                    save_state(done=True)
                    say("no improvement at the smallest steps: the search is finished")
                    return
                halvings += 1
                steps = {k: [round(x / 2, 6) for x in v] for k, v in steps.items()}
                say(f"nothing kept in the round: steps halved ({halvings})")
            improved = False
            save_state()


def match(args) -> None:
    results = load(args.out)
    cand = parse_weights(args.candidate, results)
    t1 = time.monotonic()
    if args.mode == "random":
        deals = range(-(-args.games // 2))
        other, label = "random", "greedy(candidate) vs random"
    else:
        deals = range(args.deals)
        other = parse_weights(args.reference, results)
        label = "candidate vs reference"
    search_seed = results.get("search", {}).get("settings", {}).get("seed")
    with Pool(args.workers) as pool:
        games = run_games(pool, args.seed, deals, cand, other)
    s = summarize(games)
    say(line(label, s))
    rec = {"mode": args.mode, "seed": args.seed, "fresh_deals": search_seed is None or args.seed != search_seed,
           "candidate": weights_dict(cand), "candidate_given_as": args.candidate,
           "reference": "random" if other == "random" else weights_dict(other),
           "reference_given_as": "random" if other == "random" else args.reference,
           **s, "seconds": round(time.monotonic() - t1, 1), "games_played": sorted([list(g) for g in games])}
    results.setdefault("validation", []).append(rec)
    save(args.out, results)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("mode", choices=("search", "match", "random"))
    ap.add_argument("--seed", type=int, default=1000, help="the deals' seed (default 1000)")
    ap.add_argument("--deals", type=int, default=200, help="deals per match, 2 games each (default 200)")
    ap.add_argument("--check", type=int, default=50, help="search: deals between early-stop checks (default 50)")
    ap.add_argument("--max-halvings", type=int, default=2, help="search: step halvings before it ends (default 2)")
    ap.add_argument("--budget-minutes", type=float, default=35.0, help="search: begin no trial or chunk after this")
    ap.add_argument("--start", default="default", help="search: the weights it starts from (default: default)")
    ap.add_argument("--max-trials", type=int, help="search: stop after this many trials in all (for "
                    "reproducing a search independently of the machine's speed)")
    ap.add_argument("--resume", action="store_true", help="search: continue the search in the results file")
    ap.add_argument("--candidate", default="search", help="match/random: the weights tried (default: search)")
    ap.add_argument("--reference", default="old", help="match: the weights played against (default: old)")
    ap.add_argument("--games", type=int, default=200, help="random: games (default 200)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="the results file (JSON), updated after every trial")
    args = ap.parse_args(argv)
    if args.deals < 2 or args.check < 1 or args.games < 2 or args.workers < 1:
        ap.error("--deals and --games must be at least 2, --check and --workers at least 1")
    if args.mode == "search":
        search(args)
    else:
        match(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
