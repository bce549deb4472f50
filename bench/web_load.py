"""Load test of the web server on loopback: many concurrent games played over WebSockets.

    python bench/web_load.py [--games 200] [--think 0.6] [--db PATH|URL | --postgres]
                             [--restart-at SECONDS | --workers N] [--out results.json]

Starts `savanna serve` as a child process (a temporary SQLite file unless --db names a
database, or --postgres starts a throwaway PostgreSQL server), creates --games games of --players human seats (default 2), and plays every seat from this
process over its own WebSocket connection with its seat token: a random legal action
of the view the server sent, after a think time (uniform in 0.5..1.5 x --think; 0: none,
which saturates the server and measures its throughput rather than its latency). All
games run at once. For every action it measures the time from sending {"type": "action"}
to the {"type": "accepted"} reply (the server checked and stored it), and to the state of
the game with it. The server's own computer players are not used, so that what is
measured is the server, not a search.

--restart-at S kills the server with SIGKILL S seconds in, starts it again on the same
database and port, lets every seat reconnect, and checks at the end that every game
resumed and finished with nothing lost: every action the server accepted is in its
history, every history seen before the kill is still there, and the final scores are
those of replaying the actions through the engine. Those checks run without a restart too.

--workers N (PostgreSQL only: with --postgres, or --db naming one) runs the load twice in one
run on the same database server: against one server process, then against `savanna serve
--workers N` (N processes on one port, which the kernel hands connections to in turn, so a
game's seats are often on different processes and its moves reach the others through
LISTEN/NOTIFY), and reports both and their ratio.

Prints games, actions, wall time, actions per second and latency percentiles; --out
saves them as JSON. Exits 1 if a game did not finish or a check failed.
A benchmark, not a test: it never runs in the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import glob
import json
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the servers driven from outside: tests/web_remote.py

from web_remote import (  # noqa: E402
    RemoteSeat,
    ServerProcess,
    check_game,
    free_port,
    percentile,
    random_choice,
    request,
    whole_view,
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    title, _usage, details = __doc__.split("\n\n", 2)
    p = argparse.ArgumentParser(prog="python bench/web_load.py", description=title + "\n\n" + details.strip(),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    p.add_argument("--players", type=int, default=2, help="seats per game, 2 to 5 (default 2)")
    p.add_argument("--think", type=float, default=0.6, metavar="SECONDS",
                   help="mean think time before each action (default 0.6, the pause the server's own computer "
                        "players make by default; 0: act at once)")
    p.add_argument("--db", metavar="PATH|URL", help="the server's database, e.g. postgresql+psycopg://user@127.0.0.1/db: "
                   "one of its own, since the server resumes any game waiting there (default: a temporary SQLite file)")
    p.add_argument("--postgres", action="store_true",
                   help="start a throwaway PostgreSQL server (Debian's package) on loopback for the run and use it")
    p.add_argument("--restart-at", type=float, metavar="SECONDS",
                   help="kill the server with SIGKILL this long after the games start, restart it, check nothing is lost")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="also run against N server processes on the same PostgreSQL, and compare (default 1: "
                        "one run, one process)")
    p.add_argument("--seed", type=int, default=1, help="seed of the games and the players' choices (default 1)")
    p.add_argument("--timeout", type=float, default=1800, metavar="SECONDS",
                   help="give up on games not finished by then (default 1800)")
    p.add_argument("--out", metavar="FILE", help="save the results as JSON")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error(f"--games must be at least 1, not {args.games}")
    if not 2 <= args.players <= 5:
        p.error(f"--players must be from 2 to 5, not {args.players}")
    if args.think < 0:
        p.error(f"--think must be 0 or more seconds, not {args.think:g}")
    if args.postgres and args.db:
        p.error("--postgres starts a database of its own: give it or --db, not both")
    if args.restart_at is not None and args.restart_at <= 0:
        p.error(f"--restart-at must be a positive number of seconds, not {args.restart_at:g}")
    if args.workers < 1:
        p.error(f"--workers must be at least 1, not {args.workers}")
    if args.workers > 1 and not (args.postgres or (args.db or "").startswith(("postgresql", "postgres:"))):
        p.error("--workers above 1 needs PostgreSQL (--postgres, or --db postgresql+psycopg://...): the server "
                "processes share the games through it")
    if args.workers > 1 and args.restart_at is not None:
        p.error("--restart-at and --workers: one at a time")
    return args


def create_games(server: ServerProcess, n: int, players: int, seed: int) -> list[dict]:
    games = []
    for i in range(n):
        seats = [{"kind": "human", "name": f"bench {s}"} for s in range(players)]
        status, body = request(server.base, "POST", "/api/games", {"seats": seats, "seed": seed * 100_000 + i,
                                                                   "listed": False})
        if status != 201:
            raise SystemExit(f"web_load: creating a game failed ({status}): {body}")
        games.append(body)
    return games


def ms(x: float | None) -> float | None:
    return None if x is None else round(1000 * x, 2)


async def restart(server: ServerProcess, seats: list[RemoteSeat], at: float, t0: float, out: dict) -> None:
    await asyncio.sleep(max(0.0, at - (time.monotonic() - t0)))
    # every view received so far was stored: after the restart each must still be there (a copy:
    # patches change a seat's view in place)
    out["seen"] = {s.game_id: {"version": s.last_view["version"], "history": list(s.last_view["history"]),
                               "history_from": s.last_view["history_from"]}
                   for s in seats if s.last_view}
    out["accepted_before"] = sum(len(s.accepted) for s in seats)
    out["finished_before"] = len({s.game_id for s in seats if s.last_view and s.last_view["status"] == "over"})
    kill_at = time.monotonic()
    await asyncio.to_thread(server.kill)
    out["start_seconds"] = round(await asyncio.to_thread(server.start), 3)
    out["down_seconds"] = round(time.monotonic() - kill_at, 3)
    print(f"restart: killed the server at {at:g} s with {out['accepted_before']} actions accepted "
          f"({out['finished_before']} games over); it answered again {out['down_seconds']} s later", flush=True)


async def play(args: argparse.Namespace, server: ServerProcess, games: list[dict]) -> dict:
    rng = random.Random(args.seed)
    think = (lambda: rng.uniform(0.5, 1.5) * args.think) if args.think > 0 else (lambda: 0.0)
    seats = [RemoteSeat(server.ws_base, g["id"], s["token"], random_choice(rng.randrange(2**32)), think=think)
             for g in games for s in g["seats"]]
    out: dict = {}
    t0 = time.monotonic()
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu0 = server.cpu_seconds()
    tasks = [asyncio.create_task(s.run()) for s in seats]
    restarter = (asyncio.create_task(restart(server, seats, args.restart_at, t0, out))
                 if args.restart_at is not None else None)
    done, pending = await asyncio.wait(tasks, timeout=args.timeout)
    wall = time.monotonic() - t0
    for t in pending:
        t.cancel()
    if restarter is not None:
        if not restarter.done():
            restarter.cancel()
            out["not_reached"] = True
        await asyncio.gather(restarter, return_exceptions=True)
    failures = [repr(t.exception()) for t in done if t.exception() is not None]
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = server.cpu_seconds()
    return {"seats": seats, "wall": wall, "timed_out": len(pending), "failures": failures, "restart": out,
            "client_cpu": (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime),
            "server_cpu": None if server_cpu is None or server_cpu0 is None or out else server_cpu - server_cpu0}


def check(server: ServerProcess, games: list[dict], seats: list[RemoteSeat], seen: dict) -> tuple[int, list[str]]:
    problems, finished = [], 0
    by_game: dict[str, list[RemoteSeat]] = {}
    for s in seats:
        by_game.setdefault(s.game_id, []).append(s)
    for g in games:
        gid = g["id"]
        try:
            view = whole_view(server.base, gid)
        except AssertionError as e:
            problems.append(str(e))
            continue
        finished += view["status"] == "over"
        status, saved = request(server.base, "GET", f"/api/games/{gid}/export")
        saved = json.dumps(saved) if isinstance(saved, dict) else saved
        accepted: dict[int, str] = {}
        for s in by_game[gid]:
            accepted.update(s.accepted)
        problems += check_game(view, saved, accepted, [seen[gid]] if gid in seen else [])
    return finished, problems


def report(args: argparse.Namespace, games: list[dict], result: dict, finished: int, problems: list[str],
           backend: str, workers: int = 1) -> dict:
    seats = result["seats"]
    lat = [x for s in seats for x in s.latencies]
    lags = [x for s in seats for x in s.state_lags]
    errors: dict[str, int] = {}
    for s in seats:
        for k, v in s.errors.items():
            errors[k] = errors.get(k, 0) + v
    actions = sum(len(s.accepted) for s in seats)
    wall = result["wall"]
    out = {
        "settings": {"games": args.games, "players": args.players, "think": args.think, "seed": args.seed,
                     "database": backend, "restart_at": args.restart_at, "server_processes": workers},
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "games": len(games), "finished": finished, "actions": actions, "wall_seconds": round(wall, 3),
        "actions_per_second": round(actions / wall, 1) if wall else None,
        "latency_ms": {"p50": ms(percentile(lat, 50)), "p90": ms(percentile(lat, 90)),
                       "p99": ms(percentile(lat, 99)), "max": ms(max(lat, default=None))},
        "state_latency_ms": {"p50": ms(percentile(lags, 50)), "p90": ms(percentile(lags, 90)),
                             "p99": ms(percentile(lags, 99)), "max": ms(max(lags, default=None))},
        "cpu_seconds": {"client": round(result["client_cpu"], 2),
                        "server": None if result["server_cpu"] is None else round(result["server_cpu"], 2)},
        "errors": errors, "unacknowledged": sum(s.unacknowledged for s in seats),
        "reconnects": sum(s.reconnects for s in seats), "gaps": sum(s.gaps for s in seats),
        "timed_out_seats": result["timed_out"],
        "seat_failures": result["failures"][:20], "problems": problems[:50], "problem_count": len(problems),
    }
    r = result["restart"]
    if args.restart_at is not None:
        out["restart"] = {k: r.get(k) for k in ("accepted_before", "finished_before", "down_seconds",
                                                 "start_seconds", "not_reached")}
        out["restart"]["games_resumed"] = finished - (r.get("finished_before") or 0)
        out["restart"]["lost"] = sum(1 for p in problems if "is lost" in p or "not where it was" in p)
    return out


def show(out: dict) -> None:
    lat, lag = out["latency_ms"], out["state_latency_ms"]
    print(f"games {out['finished']}/{out['games']} finished, {out['actions']} actions in {out['wall_seconds']} s: "
          f"{out['actions_per_second']} actions/s ({out['settings']['database']}, "
          f"{out['settings'].get('server_processes', 1)} server process(es), think {out['settings']['think']} s)")
    print(f"action -> accepted: p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms")
    print(f"action -> its state: p50 {lag['p50']} ms, p90 {lag['p90']} ms, p99 {lag['p99']} ms, max {lag['max']} ms")
    cpu = out["cpu_seconds"]
    print(f"cpu: client {cpu['client']} s, server {cpu['server']} s; errors {out['errors'] or 'none'}, "
          f"unacknowledged {out['unacknowledged']}, reconnects {out['reconnects']}, gaps {out['gaps']}")
    if "restart" in out:
        r = out["restart"]
        if r.get("not_reached"):
            print("restart: every game ended before --restart-at; nothing was killed")
        else:
            print(f"restart: {r['games_resumed']} games resumed after the kill, {r['lost']} lost actions or "
                  f"histories, down {r['down_seconds']} s")
    for p in out["problems"] + out["seat_failures"]:
        print("PROBLEM:", p)
    print("OK: every game finished and checked" if ok(out) else "FAILED")


@contextlib.contextmanager
def few_collections():
    """The seats' views are hundreds of thousands of objects: the garbage collector's full
    passes over them would pause this client, and count as the server's latency. Collect
    rarely while playing (as `savanna serve` does)."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def raise_file_limit(connections: int) -> None:
    """One socket per seat here and in the server (which inherits the limit): lift the soft
    limit of open files as far as the hard one allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        if new < want:
            print(f"web_load: only {new} open files allowed; {connections} connections may fail", file=sys.stderr)


class ThrowawayPostgres:
    """A PostgreSQL server of Debian's package on 127.0.0.1 in a temporary folder, as .ci/run
    starts one (as the package's postgres user when run as root: initdb refuses root)."""

    def __init__(self):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda b: int(b.split("/")[-2].split(".")[0]))
        if not bins:
            raise RuntimeError("--postgres needs Debian's postgresql package (apt-get install postgresql)")
        self.bin, self.port = bins[-1], free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="savanna-load-pg-"))  # its owner alone may enter
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        data = str(self.folder / "data")
        self._run("initdb", "-D", data, "-U", "savanna", "-A", "trust", "-E", "UTF8", "--no-sync")
        self._run("pg_ctl", "-D", data, "-l", str(self.folder / "log"), "-w", "-o",
                  f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200", "start")
        subprocess.run([f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "savanna", "load"],
                       check=True)
        self.url = f"postgresql+psycopg://savanna@127.0.0.1:{self.port}/load"

    def _run(self, tool: str, *args: str) -> None:
        cmd = [f"{self.bin}/{tool}", *args]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def run(args: argparse.Namespace, db: str, tmp: Path, workers: int = 1) -> tuple[dict, ServerProcess]:
    """One load run against `savanna serve` (with `workers` processes) on `db`: its report."""
    # every game is created from this one address: the server's limit per address is lifted
    server = ServerProcess(db, log=tmp / f"server-{workers}.log", create_limit="none",
                           options=["--workers", str(workers)] if workers > 1 else [])
    try:
        server.start()
        backend = request(server.base, "GET", "/api/health")[1].get("database", "?")
        games = create_games(server, args.games, args.players, args.seed)
        print(f"{len(games)} games of {args.players} seats on {backend}, {workers} server process(es); playing...",
              flush=True)
        try:
            from uvloop import run as run_loop  # the loop uvicorn uses too: less of the client's time per message
        except ImportError:
            run_loop = asyncio.run
        with few_collections():
            result = run_loop(play(args, server, games))
        finished, problems = check(server, games, result["seats"], result["restart"].get("seen", {}))
        return report(args, games, result, finished, problems, backend, workers), server
    finally:
        server.stop()


def compare(one: dict, several: dict) -> dict:
    """Several processes against one: throughput and p99 latency ratios."""
    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 2) if a and b else None

    return {"actions_per_second": ratio(several["actions_per_second"], one["actions_per_second"]),
            "p99_latency": ratio(several["latency_ms"]["p99"], one["latency_ms"]["p99"]),
            "p99_state_latency": ratio(several["state_latency_ms"]["p99"], one["state_latency_ms"]["p99"])}


def ok(out: dict) -> bool:
    return not out["problems"] and not out["seat_failures"] and out["finished"] == out["games"]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    raise_file_limit(args.games * args.players)
    tmp = Path(tempfile.mkdtemp(prefix="savanna-load-"))
    postgres = None
    try:
        postgres = ThrowawayPostgres() if args.postgres else None
    except (RuntimeError, subprocess.CalledProcessError) as e:
        print(f"web_load: cannot start PostgreSQL: {e}", file=sys.stderr)
        return 1
    db = postgres.url if postgres else args.db or str(tmp / "load.db")
    runs: list[dict] = []
    try:  # one process first; then, with --workers N, N (the games of the first run are over by then)
        for workers in sorted({1, args.workers}):
            out, server = run(args, db, tmp, workers)
            show(out)
            runs.append(out)
            if not ok(out):
                break
    except RuntimeError as e:
        print(f"web_load: {e}", file=sys.stderr)
        return 1
    finally:
        if postgres:
            postgres.stop()
    result = runs[0]
    if len(runs) == 2:
        result = {"one_process": runs[0], "several_processes": runs[1], "ratio": compare(*runs)}
        r = result["ratio"]
        print(f"{args.workers} processes against 1: {r['actions_per_second']} x the actions per second, "
              f"{r['p99_latency']} x the p99 latency")
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
        print(f"saved {args.out}")
    if not all(ok(r) for r in runs) or len(runs) < len({1, args.workers}):
        print(f"the server's logs: {tmp}")
        return 1
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
