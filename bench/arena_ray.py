"""Ray's arena against local processes, at the workers' two priorities, in one run.

    python bench/arena_ray.py [--games 8] [--rounds 2] [--busy 2] [--out results.json]

Times `savanna arena greedy greedy --games N --workers 2 --seed 7` run three ways, the runs
interleaved round by round so that the machine's load falls on each alike: local processes;
`--ray local --ray-niceness 15` (Ray's own default for its workers, what the arena ran at
before); `--ray local --ray-niceness 0` (the default now). `--busy K` runs K CPU-bound
processes of this session meanwhile: "other work" as Linux's autogroup sees it (other
sessions' load is shared by session, whatever a process's niceness). Prints each way's total
wall time and its ratio to local processes. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WAYS = {"local": [], "ray nice 15": ["--ray", "local", "--ray-niceness", "15"],
        "ray nice 0": ["--ray", "local", "--ray-niceness", "0"]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python bench/arena_ray.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=8, help="games per run (default 8)")
    p.add_argument("--rounds", type=int, default=2, help="runs of each way (default 2)")
    p.add_argument("--busy", type=int, default=2, help="CPU-bound processes of this session meanwhile (default 2)")
    p.add_argument("--out", type=Path, default=None, help="save the figures as JSON")
    args = p.parse_args(argv)
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    try:
        with tempfile.TemporaryDirectory(prefix="savanna-arena-ray-") as tmp:
            for r in range(args.rounds):
                for way, extra in WAYS.items():
                    cmd = [sys.executable, "-m", "savanna.cli", "arena", "greedy", "greedy", "--games",
                           str(args.games), "--workers", "2", "--seed", "7", *extra,
                           "--out", str(Path(tmp) / f"{r}-{way.replace(' ', '-')}.json")]
                    t0 = time.perf_counter()
                    subprocess.run(cmd, check=True, cwd=tmp, stdout=subprocess.DEVNULL)
                    times[way].append(time.perf_counter() - t0)
                    print(f"round {r + 1} {way:<12} {times[way][-1]:7.1f} s", flush=True)
    finally:
        for b in busy:
            b.kill()
    local = sum(times["local"])
    results = {way: {"seconds": [round(t, 2) for t in ts], "total_s": round(sum(ts), 1),
                     "ratio_to_local": round(sum(ts) / local, 2)} for way, ts in times.items()}
    for way, r in results.items():
        print(f"{way:<12} {r['total_s']:7.1f} s  {r['ratio_to_local']:.2f} x local")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"results": results, "settings": {k: str(v) for k, v in vars(args).items()},
                                        "machine": {"cores": os.cpu_count(), "python": platform.python_version()}},
                                       indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
