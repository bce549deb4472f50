"""Drive a running server from outside, as browsers do: the tests of real server processes
and the benchmarks (bench/web_load.py, bench/web_abuse.py, bench/tile_store.py) use it. Test
support, not part of the package: the benchmarks put tests/ on their path to import it.

    ServerProcess(db)      `python -m savanna serve` as a child process on a free loopback
                           port: start(), kill() (SIGKILL, mid-anything), stop()
    request(base, ...)     one JSON request over HTTP
    RemoteSeat(...)        one WebSocket connection playing a seat's token: it acts whenever
                           one of its seats is to act, records every action the server
                           accepted and how long that took, and reconnects when the server
                           goes away (to the next of several servers, if given), until the
                           game is over; without a token it watches
    whole_view(base, id)   a game's view with its whole history (a view carries the latest
                           entries: the rest asked for, GET /api/games/{id}/history)
    check_game(...)        a finished game against what was accepted and seen before

Needs the `web` extra (the `websockets` package comes with uvicorn[standard]).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from savanna import games
from savanna.web.jsontext import loads as _loads
from savanna.web.live.feed import Mirror

RECONNECT_SECONDS = 30.0  # how long a seat keeps trying to reach a server that went away



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(base: str, method: str, path: str, body: Any = None, timeout: float = 30.0) -> tuple[int, Any]:
    """(status, parsed JSON or text) of one request; errors answered by the server are returned too."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"content-type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def whole_view(base: str, game_id: str) -> dict[str, Any]:
    """The game's view (a spectator's) with every entry of its history, asked for page by page."""
    status, view = request(base, "GET", f"/api/games/{game_id}")
    if status != 200:
        raise AssertionError(f"game {game_id}: the server answers {status}: {view}")
    older: list[dict[str, Any]] = []
    while len(older) < view["history_from"]:
        status, page = request(base, "GET", f"/api/games/{game_id}/history?from={len(older)}"
                                            f"&to={min(view['history_from'], len(older) + 500)}")
        if status != 200:
            raise AssertionError(f"game {game_id}: its history answers {status}: {page}")
        older += page["entries"]
    return {**view, "history": older + view["history"], "history_from": 0}


class ServerProcess:
    """`savanna serve` on 127.0.0.1 in a child process, on database `db` (a path or URL).
    Its output goes to `log` (a file path) so that a failure can be read afterwards.
    `create_limit` and `expire_after` (days) are passed as `--create-limit` and
    `--expire-after` when given (None: the server's defaults); a client that creates more
    games than a person would, such as the load benchmark, passes create_limit="none".
    `options`: more of `savanna serve`'s options, e.g. ["--computer-only-games"]."""

    def __init__(self, db: str, *, port: int | None = None, computer_delay: float = 0.0,
                 log: str | os.PathLike | None = None, python: str = sys.executable,
                 create_limit: str | None = None, expire_after: float | None = None, options: Sequence[str] = ()):
        self.db, self.port = db, port or free_port()
        self.options = list(options)
        self.computer_delay, self.python = computer_delay, python
        self.create_limit, self.expire_after = create_limit, expire_after
        self.log = Path(log) if log else None
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> float:
        """Start the server and wait until it answers; returns the seconds that took."""
        assert self.proc is None, "already running"
        t0 = time.monotonic()
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("DATABASE_URL", None)  # --db says which database
        options = []
        if self.create_limit is not None:
            options += ["--create-limit", self.create_limit]
        if self.expire_after is not None:
            options += ["--expire-after", str(self.expire_after)]
        options += self.options
        self.proc = subprocess.Popen(
            [self.python, "-m", "savanna", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db, "--computer-delay", str(self.computer_delay), *options],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
        if out is not subprocess.DEVNULL:
            out.close()
        self.starts += 1
        while True:
            if self.proc.poll() is not None:
                code, self.proc = self.proc.returncode, None
                raise RuntimeError(f"the server exited with code {code} while starting" + self.log_tail())
            try:
                status, _ = request(self.base, "GET", "/api/health", timeout=2)
                if status == 200:
                    return time.monotonic() - t0
            except OSError:
                pass
            if time.monotonic() - t0 > timeout:
                self.kill()
                raise RuntimeError(f"the server did not answer within {timeout:g} s" + self.log_tail())
            time.sleep(0.05)

    def log_tail(self) -> str:
        """The last lines of the server's log, for an error message (empty without a log)."""
        if not self.log or not self.log.exists():
            return ""
        return "; its log ends:\n" + "\n".join(self.log.read_text(errors="replace").splitlines()[-15:])

    def cpu_seconds(self) -> float | None:
        """CPU time the running server has used (Linux), its worker processes' included, for
        telling the server's load from the client's."""
        try:
            return sum(_cpu_seconds(pid) for pid in _process_tree(self.proc.pid))
        except (AttributeError, OSError, ValueError, IndexError):
            return None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine or the process dies."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def _process_tree(pid: int) -> list[int]:
    """The process and its descendants (Linux's /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        for task in Path(f"/proc/{p}/task").iterdir():
            with contextlib.suppress(OSError):
                todo += [int(c) for c in (task / "children").read_text().split()]
    return out


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def random_choice(seed: int) -> Callable[[dict], str]:
    """A uniformly random legal action of the view (what the `random` player does)."""
    rng = random.Random(seed)
    return lambda view: rng.choice(view["legal_actions"])


class RemoteSeat:
    """Plays the seats of `token` in game `game_id` over one WebSocket connection (see the
    module docstring). After `run()`:

        accepted      {move index: action} of every action the server said it stored
        latencies     seconds from sending each accepted action to its "accepted" reply
        state_lags    seconds from sending it to the state of the game with it
        last_view     the latest view received, kept up to date by the server's patches
                      (status "over" once run() returns normally)
        errors        Counter of error codes received; unacknowledged: actions sent whose
                      reply never came (the server went away first)
        reconnects    connections after the first
        gaps          patches that did not fit the view held (then it asked for the whole view)
    """

    def __init__(self, ws_base: str | Sequence[str], game_id: str, token: str | None, choose: Callable[[dict], str],
                 *, think: Callable[[], float] = lambda: 0.0, reconnect_seconds: float = RECONNECT_SECONDS):
        bases = [ws_base] if isinstance(ws_base, str) else list(ws_base)
        self.urls = [f"{b}/ws/games/{game_id}" + (f"?token={token}" if token else "") for b in bases]
        self.url = self.urls[0]  # the server connected to now; the next one after a failure
        self.servers: list[str] = []  # the URL of each connection made, in order
        self.game_id, self.choose, self.think = game_id, choose, think
        self.reconnect_seconds = reconnect_seconds
        self.accepted: dict[int, str] = {}
        self.latencies: list[float] = []
        self.state_lags: list[float] = []
        self.last_view: dict | None = None
        self.seats: list[int] = []
        self.errors: Counter[str] = Counter()
        self.unacknowledged = 0
        self.reconnects = 0
        self.gaps = 0
        self._ref = 0

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        down_since: float | None = None
        first = True
        while True:
            try:
                async with connect(self.url, proxy=None, max_size=2**22, open_timeout=10,
                                   compression="deflate") as ws:  # as browsers do (the server declines)
                    if not first:
                        self.reconnects += 1
                    self.servers.append(self.url)
                    first, down_since = False, None
                    if await self._play(ws):
                        return
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
                pass
            self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]  # as a load balancer would
            now = time.monotonic()
            down_since = down_since or now
            if now - down_since > self.reconnect_seconds:
                raise ConnectionError(f"game {self.game_id}: the server was unreachable for "
                                      f"{self.reconnect_seconds:g} s")
            # back off, with jitter: hundreds of seats must not knock all at once while it starts
            await asyncio.sleep(random.uniform(0.05, min(1.0, 0.1 + (now - down_since) / 4)))

    async def _play(self, ws: Any) -> bool:
        """Play over one connection; True once the game is over."""
        pending: dict | None = None  # the action sent and not yet answered
        acted_from = -1  # the version of the view the last action was chosen from
        waiting_for: tuple[int, float] | None = None  # (version, sent at) whose state ends a state lag
        resync: int | None = None  # the ref of a state asked for after a refused action
        mirror = Mirror()  # the view, whole on connecting, then patched
        try:
            async for text in ws:
                m = _loads(text)
                kind = m.get("type")
                if kind in ("state", "patch"):
                    taken = mirror.take(m)
                    if taken == "ask":  # a patch missed: the whole view, in its place among the patches
                        await ws.send(json.dumps({"type": "state"}))
                    if taken != "view":
                        continue
                    v = mirror.view
                    if resync is not None and m.get("ref") == resync:
                        acted_from, resync = -1, None  # the answer to our question: act on it
                    self.seats = mirror.seats
                    self.last_view = v
                    if waiting_for and v["version"] >= waiting_for[0]:
                        self.state_lags.append(time.perf_counter() - waiting_for[1])
                        waiting_for = None
                    if pending and "state_at" not in pending and v["version"] > pending["from"]:
                        pending["state_at"] = time.perf_counter()  # the state may come before the reply
                elif kind == "accepted" and pending and m.get("ref") == pending["ref"]:
                    now = time.perf_counter()
                    self.latencies.append(now - pending["sent"])
                    self.accepted[pending["move"]] = m["action"]
                    if "state_at" in pending:
                        self.state_lags.append(pending["state_at"] - pending["sent"])
                    else:
                        waiting_for = (m["version"], pending["sent"])
                    pending = None
                elif kind == "error":
                    self.errors[m.get("code", "?")] += 1
                    if m.get("code") == "not_found":
                        raise LookupError(f"game {self.game_id} is unknown to the server: {m.get('message')}")
                    # a message refused before it is read (rate_limited) comes back without its ref
                    if pending and m.get("ref") in (None, pending["ref"]):
                        pending = None
                        if m.get("code") == "rate_limited":
                            await asyncio.sleep(0.2)
                            acted_from = -1  # try the same view again
                        else:  # stale, conflict, ...: look again before acting
                            self._ref += 1
                            resync = self._ref
                            await ws.send(json.dumps({"type": "state", "ref": resync}))
                v = self.last_view
                if v is None:
                    continue
                if v["status"] == "over" and pending is None:  # (the last action's reply may follow)
                    return True
                if pending is None and v["current_player"] in self.seats and v["version"] != acted_from:
                    delay = self.think()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    acted_from = v["version"]
                    self._ref += 1
                    pending = {"ref": self._ref, "move": v["moves"], "from": v["version"], "sent": time.perf_counter()}
                    await ws.send(json.dumps({"type": "action", "action": self.choose(v), "version": v["version"],
                                              "ref": self._ref}))
        finally:
            if pending is not None:
                self.unacknowledged += 1
            self.gaps += mirror.gaps
        return False


def check_game(view: dict, saved: str, accepted: dict[int, str], seen: list[dict] | None = None) -> list[str]:
    """What is wrong with a finished game (empty: nothing): `view` its final view, `saved` its
    export, `accepted` {move index: action} of every action the server accepted, `seen`
    views of it received earlier (before a restart, say), whose history must still be there
    (the latest entries they carry, from their "history_from"; `view` holds the whole
    history: see whole_view)."""
    problems = []
    gid = view["id"]
    history = [h["action"] for h in view["history"]]
    if view["status"] != "over":
        problems.append(f"game {gid} is not over (move {view['moves']})")
    for i, a in sorted(accepted.items()):
        if i >= len(history) or history[i] != a:
            got = history[i] if i < len(history) else "nothing"
            problems.append(f"game {gid}: accepted move {i + 1} {a!r} is lost (the history has {got!r})")
    for old in seen or ():
        before, start = [h["action"] for h in old["history"]], old.get("history_from", 0)
        if history[start:start + len(before)] != before:
            problems.append(f"game {gid}: the history seen at version {old['version']} is not where it was")
    spec = games.spec(games.name_of_save(_loads(saved)))
    try:
        g = spec.module.from_json(saved)  # checks that the actions give the saved scores
    except ValueError as e:
        return problems + [f"game {gid}: its export does not replay: {e}"]
    if [str(a) for a in g.history] != history:
        problems.append(f"game {gid}: the export's actions differ from the view's history")
    # the view's seed and rules deal the same game
    rules = {o.name: view["rules"][o.name] for o in spec.options if o.lobby and o.name in view["rules"]}
    replayed = spec.rebuild({**spec.stored_settings(g), **rules, "seed": int(view["seed"])})
    for a in history:
        replayed.apply(a)
    if replayed.scores != [s["score"] for s in view["seats"]] or not replayed.is_terminal():
        problems.append(f"game {gid}: replaying its actions gives {replayed.scores}, "
                        f"the server says {[s['score'] for s in view['seats']]}")
    return problems


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (0..100) by the nearest-rank method."""
    if not values:
        return None
    ordered = sorted(values)
    rank = math.ceil(q / 100 * len(ordered))
    return ordered[min(max(rank, 1), len(ordered)) - 1]
