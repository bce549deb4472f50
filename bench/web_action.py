"""The server's work for one person's action, in one process: what the conductor's `act` does in
its worker thread (the table's `handle`: check and store the action, its events; then the
publisher builds the view, patches it for the connections and encodes the patch), without
sockets, the event loop, a client or the subscribers.

    python bench/web_action.py [--games 20] [--db PATH|URL] [--profile FILE]

Plays --games two-seat games of random legal actions to the end on a temporary SQLite file
(or --db), each game with one connection per seat, and prints the CPU milliseconds per
action (of the whole loop, and of the act and render parts). --profile saves a cProfile
of the loop (read it with `python -m pstats FILE`). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import random
import sys
import tempfile
import time
from pathlib import Path

from savanna.web.live.conductor import act
from savanna.web.live.games import LiveGames
from savanna.web.table.service import GameService
from savanna.web.store.storage import Store


class Conn:
    """What the publisher's `render` reads of a connection."""

    def __init__(self, seats: frozenset[int]):
        self.seats, self.has = seats, None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python bench/web_action.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--db", metavar="PATH|URL")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", metavar="FILE", help="save a cProfile of the loop")
    args = p.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="savanna-action-"))
    service = GameService(Store(args.db or tmp / "action.db"))
    live = LiveGames(service, autoplay=False)
    rng = random.Random(args.seed)
    games = []
    for i in range(args.games):
        c = service.create(seats=[{"kind": "human"}, {"kind": "human"}], seed=args.seed * 100_000 + i, listed=False)
        conns = [Conn(frozenset({s["seat"]})) for s in c.seats]
        games.append((c.id, {s["seat"]: s["token"] for s in c.seats}, conns))
        rec = service.record(c.id)
        for conn, message, has in live.publisher.render(rec, live.audience(c.id), conns, {}):  # the first, whole views
            conn.has = has
    profile = cProfile.Profile() if args.profile else None
    actions, act_cpu, render_cpu = 0, 0.0, 0.0
    t0 = time.process_time()
    if profile:
        profile.enable()
    for gid, tokens, conns in games:
        audience = (frozenset(tokens), 0)
        rec = service.record(gid)
        while rec.status == "playing":
            view = rec.summary
            seat = view["current_player"]
            legal = service.position(rec).game.legal_actions()
            a = time.process_time()
            rec = service.handle(act, gid, tokens[seat], str(rng.choice(legal)), rec.version).value
            b = time.process_time()
            for conn, message, has in live.publisher.render(rec, audience, conns, {}):
                conn.has = has
            render_cpu += time.process_time() - b
            act_cpu += b - a
            actions += 1
    if profile:
        profile.disable()
        profile.dump_stats(args.profile)
    total = time.process_time() - t0
    print(f"{actions} actions in {args.games} games: {1000 * total / actions:.3f} ms CPU an action "
          f"(act {1000 * act_cpu / actions:.3f}, render {1000 * render_cpu / actions:.3f}; "
          f"the rest is choosing the random actions)")
    service.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
