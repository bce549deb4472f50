"""Benchmark: what the costliest upload the bounds allow costs (issue 14, point 2).

    python bench/upload_bounds.py [--runs 5] [--africa-actions 20000]

Builds the largest uploads the engine accepts (tests/upload_builders.py): a Safari game of
16 players on a tile set at every bound (128 tile types, 256 tiles, 256 tokens, ...) played
to its end, and an Africa game of 10 players on game data at every bound (a 99 x 26 map)
with the most actions a save may hold. Then times, for each, the engine's load
(`from_json`: check, build the set, replay) and the web app's import (`POST
/api/games/import` through FastAPI's TestClient, on a temporary SQLite file), each run on
a set or data never seen before (its name changed), so no cache helps. Reports the median
and the slowest run. A benchmark, not a test: it asserts nothing and never runs in the
test suite.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

from upload_builders import africa_game_at_bounds, safari_game_at_bounds  # noqa: E402

from savanna import africa, safari  # noqa: E402
from savanna.africa import limits as africa_limits  # noqa: E402


def renamed(save: dict, game: str, i: int) -> dict:
    """The save with its set or data renamed: new to every cache."""
    save = json.loads(json.dumps(save))
    if game == "safari":
        save["tiles"]["version"] = save["tiles"]["version"][:-6] + f"{i:06d}"
    else:
        save["data"]["name"] = save["data"]["name"][:-6] + f"{i:06d}"
    return save


def timed(runs: int, step) -> list[float]:
    out = []
    for i in range(runs):
        t = time.perf_counter()
        step(i)
        out.append(time.perf_counter() - t)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--africa-actions", type=int, default=africa_limits.ACTIONS)
    args = ap.parse_args(argv)
    from fastapi.testclient import TestClient

    from savanna.web import create_app

    t = time.perf_counter()
    games = {"safari": safari_game_at_bounds(), "africa": africa_game_at_bounds(args.africa_actions)}
    print(f"built the uploads in {time.perf_counter() - t:.1f} s")
    engines = {"safari": safari, "africa": africa}
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(str(pathlib.Path(tmp) / "g.db"),
                                                                     autoplay=False)) as client:
        for name, g in games.items():
            save = json.loads(g.to_json())
            text = json.dumps(save)
            print(f"{name}: {g.players} players, {len(g.history)} actions, over: {g.is_terminal()}, "
                  f"save {len(text) / 1024:.0f} KB")
            uploads = [json.dumps(renamed(save, name, i)) for i in range(2 * args.runs)]
            load = timed(args.runs, lambda i: engines[name].from_json(uploads[i]))

            def post(i: int) -> None:
                r = client.post("/api/games/import", content=uploads[args.runs + i],
                                headers={"content-type": "application/json"})
                assert r.status_code == 201, r.text

            web = timed(args.runs, post)
            for what, times in (("engine from_json", load), ("web import", web)):
                print(f"  {what}: median {statistics.median(times) * 1000:.0f} ms, "
                      f"slowest {max(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
