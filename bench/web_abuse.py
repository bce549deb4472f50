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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the servers driven from outside: tests/web_remote.py

from web_remote import RemoteSeat, ServerProcess, percentile, random_choice, request  # noqa: E402

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


FLOODER = "127.0.0.2"  # the flood's own client address (on loopback), apart from the people's 127.0.0.1


def request_from(address: str, base: str, method: str, path: str, body: object = None) -> tuple[int, object]:
    """`request`, sent from the loopback address `address`."""
    import http.client
    from urllib.parse import urlsplit

    url = urlsplit(base)
    con = http.client.HTTPConnection(url.hostname, url.port, timeout=30, source_address=(address, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        con.request(method, path, body=data, headers={"content-type": "application/json"} if data else {})
        r = con.getresponse()
        return r.status, json.loads(r.read().decode())
    finally:
        con.close()


async def computer_replies(server: ServerProcess, until: float, out: list[float], opponent: str) -> None:
    """A person's games against one `opponent` computer, played over a WebSocket with a pause
    of 0.3 s before each action: each reply timed from the person's action that hands the
    turn over to the view where it is the person's turn again (or the game is over)."""
    from websockets.asyncio.client import connect

    from savanna.web.live.feed import Mirror

    rng = random_choice(27)
    while time.monotonic() < until:
        status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games", {
            "seats": [HUMAN, {"kind": "computer", "player": opponent}], "listed": False})
        if status != 201:
            raise RuntimeError(f"creating a game against {opponent}: {status} {g}")
        mirror, sent, acted = Mirror(), None, -1
        async with connect(f"{server.ws_base}/ws/games/{g['id']}?token={g['seats'][0]['token']}", proxy=None,
                           max_size=2**22) as ws:
            while time.monotonic() < until:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.1, until - time.monotonic()))
                except asyncio.TimeoutError:
                    break
                m = json.loads(text)
                if m.get("type") not in ("state", "patch"):
                    continue
                taken = mirror.take(m)
                if taken == "ask":  # a patch missed: the whole view
                    await ws.send(json.dumps({"type": "state"}))
                if taken != "view":
                    continue
                v = mirror.view
                mine = v["status"] == "playing" and v["current_player"] == 0
                if sent is not None and (mine or v["status"] == "over"):
                    if v["history"] and v["history"][-1]["seat"] != 0:  # the computer has replied
                        out.append(time.perf_counter() - sent)
                    sent = None
                if v["status"] == "over":
                    break
                if mine and v["version"] != acted:
                    await asyncio.sleep(0.3)
                    acted = v["version"]
                    await ws.send(json.dumps({"type": "action", "action": rng(v), "version": v["version"]}))
                    sent = time.perf_counter()


async def medium_replies(server: ServerProcess, until: float, out: list[float]) -> None:
    await computer_replies(server, until, out, "medium")


async def hard_replies(server: ServerProcess, until: float, out: list[float]) -> None:
    await computer_replies(server, until, out, "hard")


@flood("searches", probes={"medium": medium_replies, "hard": hard_replies}, slow_readers=False)
async def searches(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Issue 27's: --flood-games games of four mcts:time=2 computers and a human, from one address."""
    flood_ids = []
    for _ in range(args.flood_games):  # on a default server (a human seat each), within the creation limit
        status, g = await asyncio.to_thread(request_from, FLOODER, server.base, "POST", "/api/games", {
            "seats": [{"kind": "computer", "player": "mcts:time=2"}] * 4 + [HUMAN], "listed": False})
        if status != 201:
            raise RuntimeError(f"creating a flood game: {status} {g}")
        flood_ids.append(g["id"])
        # its person answers at once, so that its computers search all the time (an idle one
        # would let them rest after each round)
        seat = RemoteSeat(server.ws_base, g["id"], g["seats"][4]["token"], random_choice(len(flood_ids)))
        FLOOD_TASKS.append(asyncio.create_task(seat.run()))
    await asyncio.sleep(2)  # under way
    return flood_ids


FLOOD_TASKS: list[asyncio.Task] = []


def fat_saved_game() -> dict:
    """A game of two people, six moves in, on real-1 as a user's own set whose notes are as long
    as allowed (savanna/safari/limits.py: `source` at NOTE characters, the others filling NOTES)."""
    from savanna import safari
    from savanna.safari import limits
    from savanna.safari.tileset import packaged_data

    tiles = packaged_data("real-1")
    tiles.update(version="fat", source="s" * limits.NOTE, note="")
    tiles["note"] = "n" * (limits.NOTES - sum(len(t) for _, t in limits.notes(tiles)))
    g = safari.new_game(players=2, seed=7, tiles=tiles)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return json.loads(g.to_json())


@flood("fat-lobby", slow_readers=False)
async def fat_lobby(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Issue 27's point 5: 50 listed imports of a game whose own tile set has the longest notes allowed."""
    saved = fat_saved_game()
    for _ in range(50):
        status, g = await asyncio.to_thread(request, server.base, "POST", "/api/games/import", saved)
        if status != 201:
            raise RuntimeError(f"importing a fat game: {status} {g}")
    return []


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


# ------------------------------------------------------------------ half-sent headers (issue 27, point 3)

def _half_headers(port: int, source: str, ports: tuple[int, int], target: int, rate: float, seconds: float) -> None:
    """The flood's own process: opens `target` connections from `source` (its ports from `ports`)
    at `rate` a second (without waiting for each), sends each part of a request's headers and stops; reopens any the
    server closes (at that rate), until `seconds` are over. Says what it held every 5 s."""
    import errno
    import itertools
    import resource
    import selectors
    import socket

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    target = min(target, hard - 64)
    part = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half\r\nX-Wait: "
    sel = selectors.DefaultSelector()
    count = {"open": 0, "held": 0, "closed": 0, "failed": 0}

    def drop(sock: socket.socket, what: str) -> None:
        sel.unregister(sock)
        sock.close()
        count["open"] -= 1
        count[what] += 1

    own_ports = itertools.cycle(range(*ports))
    t0 = shown = time.monotonic()
    started = 0
    while (now := time.monotonic()) < t0 + seconds:
        if now - shown >= 5:
            shown = now
            print(f"half-headers flood from {source} after {now - t0:.0f} s: {count}", file=sys.stderr, flush=True)
        for _ in range(max(0, min(target - count["open"], int((now - t0) * rate) - started, 200))):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            port_here = next(own_ports)  # chosen here: the kernel's search for a free port slows with thousands
            try:
                s.bind((source, port_here))
            except OSError:
                s.close()
                continue
            started += 1
            if s.connect_ex(("127.0.0.1", port)) not in (0, errno.EINPROGRESS):
                s.close()
                count["failed"] += 1
                continue
            sel.register(s, selectors.EVENT_WRITE)
            count["open"] += 1
        for key, events in sel.select(timeout=0.005):
            sock = key.fileobj
            if key.events == selectors.EVENT_WRITE:  # connected (or refused)
                try:
                    sock.send(part)
                except OSError:
                    drop(sock, "failed")
                    continue
                sel.modify(sock, selectors.EVENT_READ)
                count["held"] += 1
            else:  # an answer (503, 408) or a close: the server let go
                count["held"] -= 1
                drop(sock, "closed")
    print(f"half-headers flood from {source}: {count}", file=sys.stderr, flush=True)


async def probe_health(server: ServerProcess, until: float, out: list[float]) -> None:
    """GET /api/health every 0.1 s, as a load balancer's health check would."""
    while time.monotonic() < until:
        out.append(await timed_get(server.base, "/api/health"))
        await asyncio.sleep(0.1)


@flood("half-headers", probes={"health": probe_health}, slow_readers=False)
async def half_headers(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Connections from one address (127.0.0.2), 4,000 more than the server's file-descriptor limit, opened in 12 s, each sending part of a request's headers."""
    import atexit
    import multiprocessing
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]  # the server's, raised to it: `savanna serve` does
    total = min(hard, 1 << 16) + 4000
    share = min(total, hard - 64)  # a flood process's
    procs = []
    for i in range(-(-total // share)):
        n = min(share, total - i * share)
        procs.append(multiprocessing.get_context("spawn").Process(
            target=_half_headers, args=(server.port, "127.0.0.2", (10_000 + i * 27_000, 37_000 + i * 27_000), n, n / 12,
                                        args.seconds + 14), daemon=True))
        procs[-1].start()
        atexit.register(procs[-1].terminate)
    await asyncio.sleep(12)  # all opened (those the server takes)
    return []


LOGIN = {"name": "Probe Person", "password": "a-person-who-plays-here"}


async def person_logs_in(server: ServerProcess, until: float, out: list[float]) -> None:
    """A person logs in (the right password) once a second, as after opening the site."""
    status, body = await asyncio.to_thread(request, server.base, "POST", "/api/accounts", LOGIN)
    if status not in (201, 409):
        raise RuntimeError(f"registering: {status} {body}")
    while time.monotonic() < until:
        t0 = time.perf_counter()
        status, body = await asyncio.to_thread(request, server.base, "POST", "/api/session", LOGIN)
        if status != 200:
            raise RuntimeError(f"logging in: {status} {body}")
        out.append(time.perf_counter() - t0)
        await asyncio.sleep(1.0)


@flood("logins", server_options=["--login-limit", "none"], probes={"login": person_logs_in}, slow_readers=False)
async def logins(server: ServerProcess, args: argparse.Namespace) -> list[str]:
    """Password guessing from many addresses at once (the limits per address and per name off: a botnet's
    worst), 8 clients each logging in with wrong passwords as fast as answered, for names that exist and not."""
    from concurrent.futures import ThreadPoolExecutor

    until = time.monotonic() + args.seconds + 2
    pool = ThreadPoolExecutor(8)  # (not the default pool, which the people's measures use)
    loop = asyncio.get_running_loop()
    tried = {"n": 0}

    async def guess(i: int) -> None:
        while time.monotonic() < until:
            name = LOGIN["name"] if tried["n"] % 2 else f"nobody {i}"
            await loop.run_in_executor(pool, request, server.base, "POST", "/api/session",
                                       {"name": name, "password": f"guess-{tried['n']}"})
            tried["n"] += 1

    async def run() -> None:
        await asyncio.gather(*(guess(i) for i in range(8)))
        pool.shutdown()
        print(f"logins flood: {tried['n']} wrong passwords tried", file=sys.stderr, flush=True)

    asyncio.get_running_loop().create_task(run())
    return []


if __name__ == "__main__":
    sys.exit(main())
