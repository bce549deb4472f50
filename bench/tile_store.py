"""Stored tile sets: the database's size and the server's start-up after many imports of a game
with a fat tile set of its own (issue 27, point 6), before and after they were stored once.

    python bench/tile_store.py [--imports 3050] [--before PATH] [--starts 3] [--out results.json]

Each case imports the same saved game (two people, six moves played, on real-1 as a user's own
set) --imports times into a fresh SQLite file, through the web app's GameService in a child
process, then starts `savanna serve` on it --starts times: the seconds until it answers
/api/health (its start-up: the database opened, every game being played scanned, the expiry's
sweep), its peak memory (VmHWM) and the lobby's time then. The cases:

- before (--before: a checkout of the code before, e.g. `git archive main`): the issue's set,
  whose `source` note runs to 122 KB (allowed then, refused now), and the largest set allowed now;
- after (this checkout): the largest set allowed (its notes at NOTE and NOTES characters), the
  same set every time, and an attacker's worst case: every import's set different (its note
  numbered), so that nothing is shared; and with --before, the issue's database made by the code
  before, opened by the code after (its first start moves the sets over).

A benchmark, not a test: the figures depend on the machine and its load (run the cases of one
table in one run).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
NOTE, NOTES = 2_000, 4_000  # savanna/safari/limits.py's (not imported: the cases run other checkouts)


def saved_game(source: str, other_notes: int, mark: str = "", before: bool = False) -> dict:
    from savanna import safari
    from savanna.safari.tileset import packaged_data

    d = packaged_data("real-1")
    d["version"] = "mine"
    d["source"] = (mark + source)[:len(source)]
    if other_notes:
        d["note"] = ""
        if before:  # (the code before has no notes(): the set as the code after makes it, its notes filled)
            d["note"] = "n" * (other_notes - len(d["source"]) - 142)  # (real-1 has 142 characters of other notes)
        else:
            from savanna.safari.limits import notes
            d["note"] = "n" * max(other_notes - sum(len(t) for _, t in notes(d)), 0)
    g = safari.new_game(players=2, seed=7, tiles=d)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return json.loads(g.to_json())


def fill(db: str, n: int, kind: str) -> None:
    """(In a child process, on the checkout under test.) Import the game n times."""
    from savanna.web.store.storage import Store
    from savanna.web.table.service import GameService

    store = Store(db)
    service = GameService(store)
    if kind == "distinct":
        for i in range(n):
            service.import_game(saved_game("s" * NOTE, NOTES, mark=f"{i:06d} "))
    else:
        saved = (saved_game("x" * 122_000, 0) if kind == "issue"
                 else saved_game("s" * NOTE, NOTES, before=kind == "before"))
        for _ in range(n):
            service.import_game(saved)
    store.close()


def db_bytes(db: Path) -> int:
    import sqlite3

    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))


def peak_mb(pid: int) -> float | None:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def case(label: str, tree: Path, kind: str, args: argparse.Namespace, tmp: Path, filled_by: Path | None = None) -> dict:
    """Fill a database (on the checkout `filled_by`, default `tree`) and start `tree`'s server on it."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # tests/web_remote.py
    from web_remote import ServerProcess, request

    db = tmp / f"{label.replace(' ', '-')}.db"
    env = dict(os.environ, PYTHONPATH=str(filled_by or tree))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--fill", str(db), "--kind", kind, "--imports", str(args.imports)],
                   env=env, check=True)
    filled = time.perf_counter() - t0
    size = db_bytes(db)
    starts, peaks, lobby = [], [], []
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(tree)  # (ServerProcess passes its environment on)
    try:
        for _ in range(args.starts):
            server = ServerProcess(str(db), log=tmp / "server.log", create_limit="none")
            starts.append(server.start(timeout=600))
            try:
                peaks.append(peak_mb(server.proc.pid))
                for _ in range(20):
                    t = time.perf_counter()
                    status, _ = request(server.base, "GET", "/api/games?limit=50")
                    assert status == 200
                    lobby.append((time.perf_counter() - t) * 1000)
            finally:
                server.stop()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    out = {"case": label, "tree": str(tree), "imports": args.imports, "fill_s": round(filled, 1),
           "database_mb": round(size / 2**20, 1), "database_after_mb": round(db_bytes(db) / 2**20, 1), "start_s": round(statistics.median(starts), 2),
           "starts_s": [round(s, 2) for s in starts], "peak_mb": round(max(p for p in peaks if p), 1),
           "lobby_p50_ms": round(statistics.median(lobby), 1)}
    print(f"{label:<52} database {out['database_mb']:>7.1f} MB ({out['database_after_mb']:.1f} MB after)   "
          f"start-up {out['start_s']:>6.2f} s {out['starts_s']}   "
          f"peak {out['peak_mb']:>6.1f} MB   lobby p50 {out['lobby_p50_ms']:.1f} ms", flush=True)
    db.unlink()
    return out


def main(argv: list[str] | None = None) -> int:
    title, _, details = __doc__.split("\n\n", 2)
    p = argparse.ArgumentParser(prog="python bench/tile_store.py", description=title,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--imports", type=int, default=3050, help="imports per case (default 3050, the issue's)")
    p.add_argument("--before", type=Path, default=None, help="a checkout of the code before, to compare with")
    p.add_argument("--starts", type=int, default=3, help="server starts per case (default 3; the median is given)")
    p.add_argument("--out", type=Path, default=None, help="save the figures as JSON")
    p.add_argument("--fill", default=None, help=argparse.SUPPRESS)
    p.add_argument("--kind", default="same", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.out = args.out.resolve() if args.out else None
    args.before = args.before.resolve() if args.before else None
    if args.fill:
        fill(args.fill, args.imports, args.kind)
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="savanna-tilestore-"))
    os.chdir(tmp)  # `python -m savanna serve` would find a checkout in the folder it starts in first
    cases = []
    if args.before:
        cases += [("before: the issue's set (122 KB note)", args.before, "issue"),
                  ("before: the largest set allowed now", args.before, "before")]
    cases += [("after: the largest set allowed", HERE, "same"),
              ("after: every import's set different", HERE, "distinct")]
    if args.before:
        cases.append(("after, on the issue's database from before (moved over)", HERE, "issue", args.before))
    results = [case(label, tree.resolve(), kind, args, tmp, *(p.resolve() for p in before))
               for label, tree, kind, *before in cases]
    if args.out:
        import platform

        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"cases": results, "machine": {
            "cores": os.cpu_count(), "python": platform.python_version()}}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
