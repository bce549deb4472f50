"""Abuse benchmark of the web server: what people see while others flood it.

    python bench/web_abuse.py [--flood NAME] [--seconds 30] [--flood-games 10] [--slow-readers 40]
                              [--search-workers N] [--out results.json]

Starts `savanna serve` on loopback (a temporary SQLite file) and measures, first on a
quiet server and then during a flood, in the same run:

- the lobby: `GET /api/games`, polled every 0.1 s;
- creating a game (`POST /api/games`, a person against a person) and joining it (opening
  its WebSocket until the whole view arrives), once a second;
- people's moves: --people games of two human seats played over WebSockets (as the game
  page plays), each action timed from sending it to the server's "accepted".

--flood names what floods the server (`--list` shows them); each is one function below,
registered with @flood, that starts it and may add probes (measures taken in both phases).
The default, `computers`, is issue 14's: --flood-games unlisted games of five `mcts:time=2`
computer seats with nobody in them (the server started with --computer-only-games, its most
permissive setting; 2 s is its default per-move cap), plus --slow-readers WebSocket clients
that never read, each asking for the whole view of a flood game ten times a second.

Prints p50, p99 and max of each measure for both phases, their ratio, the server's memory
(VmRSS) and CPU; --out saves them as JSON. Exits 1 if the lobby's or people's moves' p99
during the flood is not under --target-ms (default 100). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from savanna.web.remote import RemoteSeat, ServerProcess, percentile, random_choice, request

HUMAN = {"kind": "human"}

Probe = Callable[[ServerProcess, float, list[float]], Awaitable[None]]  # (server, until, latencies out)


@dataclass
class Flood:
    """What floods the server. `start` begins it once the quiet phase is measured and returns
    what the flood phase's slow readers may watch; `probes` are measured in both phases."""
    name: str
    start: Callable[[ServerProcess, argparse.Namespace], Awaitable[list[str]]]
    server_options: list[str] = field(default_factory=list)
    probes: dict[str, Probe] = field(default_factory=dict)
    slow_readers: bool = True


FLOODS: dict[str, Flood] = {}


def flood(name: str, server_options: list[str] | None = None, probes: dict[str, Probe] | None = None,
          slow_readers: bool = True):
    def register(start):
        FLOODS[name] = Flood(name, start, server_options or [], probes or {}, slow_readers)
        return start
    return register


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    title, _, details = __doc__.split("\n\n", 2)
    p = argparse.ArgumentParser(prog="python bench/web_abuse.py", description=title + "\n\n" + details.strip(),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--flood", default="computers", help="what floods the server (default computers; --list)")
    p.add_argument("--list", action="store_true", help="list the floods and exit")
    p.add_argument("--seconds", type=float, default=30.0, help="length of each phase (default 30)")
    p.add_argument("--flood-games", type=int, default=10, help="games of five searching computers (default 10)")
    p.add_argument("--slow-readers", type=int, default=40, help="WebSocket clients that never read (default 40)")
    p.add_argument("--people", type=int, default=4, help="games of two people played meanwhile (default 4)")
    p.add_argument("--think", type=float, default=0.3, help="a person's pause before each action (default 0.3)")
    p.add_argument("--search-workers", type=int, default=None, help="the server's --search-workers (default its own)")
    p.add_argument("--target-ms", type=float, default=100.0, help="p99 the lobby and moves must stay under (default 100)")
    p.add_argument("--out", type=Path, default=None, help="save the figures as JSON")
    return p.parse_args(argv)


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def summary(values: list[float]) -> dict[str, float | int | None]:
    ms = [v * 1000 for v in values]
    return {"n": len(ms), "p50_ms": percentile(ms, 50), "p99_ms": percentile(ms, 99), "max_ms": max(ms, default=None)}


async def timed_get(base: str, path: str) -> float:
    t0 = time.perf_counter()
    status, body = await asyncio.to_thread(request, base, "GET", path)
    if status != 200:
        raise RuntimeError(f"GET {path}: {status} {body}")
    return time.perf_counter() - t0


async def poll_lobby(base: str, until: float, out: list[float]) -> None:
    while time.monotonic() < until:
        out.append(await timed_get(base, "/api/games?limit=50"))
        await asyncio.sleep(0.1)


async def create_and_join(server: ServerProcess, until: float, created: list[float], joined: list[float]) -> None:
    from websockets.asyncio.client import connect

    while time.monotonic() < until:
        t0 = time.perf_counter()
        status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games",
                                            {"seats": [HUMAN, HUMAN], "listed": False})
        if status != 201:
            raise RuntimeError(f"creating a game: {status} {g}")
        created.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        async with connect(f"{server.ws_base}/ws/games/{g['id']}?token={g['seats'][0]['token']}", proxy=None,
                           max_size=2**22) as ws:
            while json.loads(await ws.recv()).get("type") != "state":
                pass
            joined.append(time.perf_counter() - t0)
        await asyncio.sleep(1.0)


async def people(server: ServerProcess, n: int, think: float, until: float) -> list[float]:
    """n games of two people, played until `until` (new games as games end); the latencies."""
    latencies: list[float] = []
    seed = 0

    async def one_game() -> None:
        nonlocal seed
        while time.monotonic() < until:
            status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games",
                                                {"seats": [HUMAN, HUMAN], "listed": False})
            if status != 201:
                raise RuntimeError(f"creating a game: {status} {g}")
            seats = []
            for s in g["seats"]:
                seed += 1
                seats.append(RemoteSeat(server.ws_base, g["id"], s["token"], random_choice(seed), think=lambda: think))
            tasks = [asyncio.create_task(s.run()) for s in seats]
            try:
                await asyncio.wait(tasks, timeout=max(0.1, until - time.monotonic()))
            finally:
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for s in seats:
                    latencies.extend(s.latencies)

    await asyncio.gather(*(one_game() for _ in range(n)))
    return latencies


async def slow_reader(ws_base: str, game_id: str, until: float) -> int:
    """Asks for the whole view ten times a second and never reads; how long it stayed connected."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    asked = 0
    try:
        # max_queue=1: the client stops reading from the socket as soon as one message waits
        async with connect(f"{ws_base}/ws/games/{game_id}", proxy=None, max_size=2**22, max_queue=1) as ws:
            while time.monotonic() < until:
                await asyncio.wait_for(ws.send(json.dumps({"type": "state"})), timeout=5)
                asked += 1
                await asyncio.sleep(0.1)
    except (ConnectionClosed, OSError, asyncio.TimeoutError):
        pass
    return asked


async def phase(server: ServerProcess, args: argparse.Namespace, fl: Flood, flood_ids: list[str]) -> dict:
    until = time.monotonic() + args.seconds
    lobby: list[float] = []
    created: list[float] = []
    joined: list[float] = []
    probed: dict[str, list[float]] = {name: [] for name in fl.probes}
    readers = [asyncio.create_task(slow_reader(server.ws_base, flood_ids[i % len(flood_ids)], until))
               for i in range(args.slow_readers if flood_ids and fl.slow_readers else 0)]
    cpu0 = server.cpu_seconds()
    moves, *_ = await asyncio.gather(people(server, args.people, args.think, until),
                                     poll_lobby(server.base, until, lobby),
                                     create_and_join(server, until, created, joined),
                                     *(probe(server, until, probed[name]) for name, probe in fl.probes.items()))
    await asyncio.gather(*readers)
    cpu1 = server.cpu_seconds()
    _, health = await asyncio.to_thread(request, server.base, "GET", "/api/health")
    return {"lobby": summary(lobby), "moves": summary(moves), "create": summary(created), "join": summary(joined),
            **{name: summary(v) for name, v in probed.items()},
            "server_cpu_s": None if cpu0 is None or cpu1 is None else round(cpu1 - cpu0, 1),
            "server_rss_mb": rss_mb(server.proc.pid), "computers": health.get("computers")}


@flood("computers", server_options=["--computer-only-games"])
async def computers(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Issue 14's: --flood-games games of five mcts:time=2 computers, nobody in them."""
    flood_ids = []
    for _ in range(args.flood_games):
        status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games", {
            "seats": [{"kind": "computer", "player": "mcts:time=2"}] * 5, "listed": False})
        if status != 201:
            raise RuntimeError(f"creating a flood game: {status} {g}")
        flood_ids.append(g["id"])
    await asyncio.sleep(2)  # under way
    return flood_ids


SPECTATED: list[dict] = []  # the spectators flood's games (their seats' tokens), for its probe
SPECTATORS: dict = {}  # the flood's sockets


def open_fds(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


async def player_joins(server: ServerProcess, until: float, out: list[float]) -> None:
    """A player joins a game with its seat's token, timed to its whole view, every 0.5 s: in the
    quiet phase a game of its own, in the flood the flood's games in turn. A refusal is what the
    flood must not cause: each is counted, and the run fails at the end of the phase."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    own: list[dict] = []
    refusals: list[str] = []
    tries = 0
    while time.monotonic() < until:
        if not SPECTATED and not own:
            status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games",
                                                {"seats": [HUMAN, HUMAN], "listed": False})
            if status != 201:
                raise RuntimeError(f"creating a game: {status} {g}")
            own.append(g)
        games = SPECTATED or own
        g = games[tries % len(games)]
        tries += 1
        t0 = time.perf_counter()
        try:
            async with connect(f"{server.ws_base}/ws/games/{g['id']}?token={g['seats'][tries % 2]['token']}",
                               proxy=None, max_size=2**22) as ws:
                while json.loads(await ws.recv()).get("type") != "state":
                    pass
            out.append(time.perf_counter() - t0)
        except ConnectionClosed as e:
            refusals.append(f"{e.rcvd.code if e.rcvd else None} {e.rcvd.reason if e.rcvd else ''}")
        await asyncio.sleep(0.5)
    if refusals:
        raise RuntimeError(f"{len(refusals)} of {tries} players joining a game with their token were refused, "
                           f"e.g. {refusals[0]!r}")


@flood("spectators", probes={"player": player_joins}, slow_readers=False)
async def spectators(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Issue 27's: 2,016 idle spectator WebSockets from one address, 63 to each of 32 listed games.

    100 open at once; a player joining these games with a seat's token is the probe."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    games = []
    for _ in range(32):
        status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games",
                                            {"seats": [HUMAN, HUMAN], "listed": True})
        if status != 201:
            raise RuntimeError(f"creating a flood game: {status} {g}")
        games.append(g)
    held, refused, gate = [], {}, asyncio.Semaphore(100)

    async def watch(game_id: str) -> None:
        async with gate:
            try:  # max_queue=1: once a message waits, it reads no more (idle)
                ws = await connect(f"{server.ws_base}/ws/games/{game_id}", proxy=None, max_size=2**22, max_queue=1)
                json.loads(await ws.recv())
                held.append(ws)
            except ConnectionClosed as e:
                reason = e.rcvd.reason if e.rcvd else "closed"
                refused[reason] = refused.get(reason, 0) + 1
            except (OSError, InvalidStatus, asyncio.TimeoutError) as e:
                refused[type(e).__name__] = refused.get(type(e).__name__, 0) + 1

    t0 = time.perf_counter()
    await asyncio.gather(*(watch(g["id"]) for g in games for _ in range(63)))
    SPECTATORS["sockets"] = held  # open, idle, until the run ends
    # (in the JSON's settings: the runner's results are the phases')
    args.flood_report = report = {"opened_s": round(time.perf_counter() - t0, 2), "let_in": len(held),
                                  "refused": refused, "server_open_files": open_fds(server.proc.pid),
                                  "server_rss_mb": rss_mb(server.proc.pid)}
    print(f"spectators: {len(held)} let in, {sum(refused.values())} refused in {report['opened_s']} s ({refused}); "
          f"the server then held {report['server_open_files']} open files and {report['server_rss_mb']:.0f} MB")
    SPECTATED[:] = games
    return [g["id"] for g in games]


async def main_async(args: argparse.Namespace, server: ServerProcess, fl: Flood) -> dict:
    out = {"quiet": await phase(server, args, fl, [])}
    flood_ids = await fl.start(server, args)
    out["flood"] = await phase(server, args, fl, flood_ids)
    return out


def show(results: dict) -> None:
    print(f"{'measure':<8} {'phase':<6} {'n':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    keys = [k for k, v in results["quiet"].items() if isinstance(v, dict) and "p99_ms" in v]
    for key in keys:
        for ph in ("quiet", "flood"):
            s = results[ph][key]
            f = [("-" if s[k] is None else f"{s[k]:.1f}") for k in ("p50_ms", "p99_ms", "max_ms")]
            print(f"{key:<8} {ph:<6} {s['n']:>5} {f[0]:>8} {f[1]:>8} {f[2]:>8}")
        q, fl = results["quiet"][key]["p99_ms"], results["flood"][key]["p99_ms"]
        if q and fl:
            print(f"{key:<8} p99 flood / quiet: {fl / q:.2f}")
    for ph in ("quiet", "flood"):
        r = results[ph]
        print(f"{ph}: server CPU {r['server_cpu_s']} s, memory {r['server_rss_mb']:.0f} MB, computers {r['computers']}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.list or args.flood not in FLOODS:
        for name, fl in FLOODS.items():
            print(f"{name:<14} {(fl.start.__doc__ or '').strip().splitlines()[0]}")
        return 0 if args.list else 2
    fl = FLOODS[args.flood]
    tmp = Path(tempfile.mkdtemp(prefix="savanna-abuse-"))
    options = list(fl.server_options)
    if args.search_workers:
        options += ["--search-workers", str(args.search_workers)]
    server = ServerProcess(str(tmp / "games.db"), log=tmp / "server.log", options=options, create_limit="none")
    server.start()
    try:
        start_rss = rss_mb(server.proc.pid)
        results = asyncio.run(main_async(args, server, fl))
    finally:
        server.stop()
    results["settings"] = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    results["server_rss_at_start_mb"] = start_rss
    results["machine"] = {"cores": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}
    show(results)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n")
    worst = max(results["flood"]["lobby"]["p99_ms"] or 0, results["flood"]["moves"]["p99_ms"] or 0)  # people's
    if worst >= args.target_ms:
        print(f"during the flood a p99 was {worst:.0f} ms, not under {args.target_ms:g} ms", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
