"""The arena: its statistics (Wilson intervals, Elo fit), seat rotation, reproducible
seeding, the `savanna arena` command end to end, its JSON results and --summarize,
bad input (one line, non-zero exit, no traceback), a broken player, and Ray."""

from __future__ import annotations

import contextlib
import ipaddress
import json
import math
import multiprocessing
import os
import select
import socket
import subprocess
import sys
import time
from collections import Counter

import builders
import pytest

from savanna import safari
from savanna.ai import base
from savanna.arena import (
    Arena,
    ArenaError,
    block_size,
    elo_expected,
    fit_elo,
    games_needed,
    load_results,
    play_game,
    run_arena,
    schedule,
    seatings,
    summarize,
    wilson_interval,
)
from savanna.arena.runner import niceness_note

PYTHON = sys.executable


def run_main(args, monkeypatch, capsys):
    return builders.run_main(args, "", monkeypatch, capsys)


def run_cli(*args, timeout=120, env=None):
    p = subprocess.run([PYTHON, "-m", "savanna.cli", "arena", *args], capture_output=True, text=True, check=False,
                       timeout=timeout, env={**os.environ, "COLUMNS": "200", **(env or {})})
    return p.returncode, p.stdout, p.stderr


# ------------------------------------------------------------------ players for the tests

class Broken:
    """Plays 'pass' when a tile must be placed: an illegal action."""

    name = "broken"

    def __init__(self, seed=None):
        pass

    def choose(self, game):
        return "pass"


class Crashing:
    name = "crashing"

    def __init__(self, seed=None):
        pass

    def choose(self, game):
        raise RuntimeError("out of ideas")


class Timed:
    """Random, with a time option (to check option parsing without mcts)."""

    name = "timed"

    def __init__(self, seed=None, time=1.0):
        from savanna.ai.random_player import RandomPlayer
        self.inner = RandomPlayer(seed)

    def choose(self, game):
        return self.inner.choose(game)


@pytest.fixture
def test_players():
    added = {"broken": (Broken, {}), "crashing": (Crashing, {}), "timed": (Timed, {"time": (float, "seconds")})}
    for name, (cls, opts) in added.items():
        base.register(name, opts)(cls)
    yield
    for name in added:
        base.PLAYERS.pop(name, None)
        base.OPTIONS.pop(name, None)


# ------------------------------------------------------------------ statistics

@pytest.mark.parametrize("wins,n,low,high", [
    (50, 100, 0.403832, 0.596168),
    (8, 10, 0.490162, 0.943318),
    (0, 10, 0.0, 0.277533),
    (10, 10, 0.722467, 1.0),
    (1, 1, 0.206549, 1.0),  # 1 / (1 + z²)
])
def test_wilson_interval_known_values(wins, n, low, high):
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(low, abs=1e-6)
    assert hi == pytest.approx(high, abs=1e-6)


def test_wilson_interval_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 5)  # shared ties count fractionally
    assert lo < 0.5 < hi and lo == pytest.approx(1 - hi)
    with pytest.raises(ValueError):
        wilson_interval(6, 5)


def test_elo_of_a_75_percent_winner_is_about_191():
    fit = fit_elo([[0, 75], [25, 0]], [[0, 100], [100, 0]])
    assert fit["ratings"][0] == 0  # the first player is the anchor
    assert fit["ratings"][1] == pytest.approx(-400 * math.log10(3), abs=0.01)  # -190.85
    assert fit["prior"] is False
    lo, hi = fit["ci"][1]
    assert lo < fit["ratings"][1] < hi
    assert elo_expected(400 * math.log10(3)) == pytest.approx(0.75)


def test_elo_from_game_records_with_ties_counting_half():
    # 'a' wins 140 games, loses 40, ties 20 of 200: a score of 150/200 = 75%
    records = []
    for i in range(200):
        a_seat = i % 2
        scores = [10, 10]
        if i < 140:
            scores[a_seat] = 20
        elif i < 180:
            scores[1 - a_seat] = 20
        winners = [s for s in (0, 1) if scores[s] == max(scores)]
        seats = [0, 1] if a_seat == 0 else [1, 0]
        records.append({"index": i, "block": i // 2, "seats": seats, "scores": scores, "winners": winners,
                        "seconds": 0.01, "actions": 100, "error": None})
    s = summarize(["a", "b"], records)
    a, b = s["players"]
    assert a["games"] == b["games"] == 200
    assert a["wins"] == pytest.approx(150) and b["wins"] == pytest.approx(50)
    assert b["elo"] == pytest.approx(-190.85, abs=0.01)
    assert a["win_rate_ci"] == pytest.approx(list(wilson_interval(150, 200)))
    assert a["mean_margin"] == pytest.approx((140 * 10 - 40 * 10) / 200)
    assert s["pairwise"][0]["wins"] == [140, 40] and s["pairwise"][0]["draws"] == 20


def test_elo_is_transitive_over_three_players():
    # a beats b 75%, b beats c 75%, a beats c 90%: consistent with 0, -191, -382
    score = [[0, 75, 90], [25, 0, 75], [10, 25, 0]]
    games = [[0, 100, 100], [100, 0, 100], [100, 100, 0]]
    r = fit_elo(score, games)["ratings"]
    assert r[1] == pytest.approx(-191, abs=8)
    assert r[2] == pytest.approx(-382, abs=8)
    assert fit_elo(score, games, anchor=2)["ratings"][0] == pytest.approx(-r[2], abs=1e-6)


def test_elo_stays_finite_when_someone_wins_everything():
    fit = fit_elo([[0, 10], [0, 0]], [[0, 10], [10, 0]])
    assert fit["prior"] is True
    assert math.isfinite(fit["ratings"][1]) and fit["ratings"][1] < -300


# ------------------------------------------------------------------ seating and seeds

@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_player_sits_in_every_seat_equally_often(players, seats):
    specs = [f"p{i}" for i in range(players)]
    tasks = schedule(specs, games=1, seats=seats, seed=7)
    assert len(tasks) == block_size(players, seats)
    count = Counter((p, s) for t in tasks for s, p in enumerate(t.seats))
    assert len(set(count.values())) == 1
    assert set(count) == {(p, s) for p in range(players) for s in range(seats)}
    assert len({t.seed for t in tasks}) == 1  # one block: one deal
    if seats <= players:  # no one plays against themselves
        assert all(len(set(t.seats)) == seats for t in tasks)


def test_two_players_play_pairs_on_the_same_deal_with_seats_swapped():
    tasks = schedule(["a", "b"], games=6, seed=1)
    assert [t.seats for t in tasks] == [(0, 1), (1, 0)] * 3
    assert [t.specs for t in tasks[:2]] == [("a", "b"), ("b", "a")]
    for first, second in zip(tasks[::2], tasks[1::2]):
        assert first.seed == second.seed
    assert len({t.seed for t in tasks}) == 3
    assert seatings(3, 2) == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]


def test_games_round_up_to_whole_rotations():
    assert games_needed(5, 2, 2) == 6
    assert games_needed(6, 2, 2) == 6
    assert games_needed(1, 3, 3) == 3
    assert len(schedule(["a", "b", "c"], games=4, seed=0)) == 6


def test_seeds_derive_from_the_arena_seed():
    a = schedule(["a", "b"], games=4, seed=11)
    assert a == schedule(["a", "b"], games=4, seed=11)
    b = schedule(["a", "b"], games=4, seed=12)
    assert [t.seed for t in a] != [t.seed for t in b]
    assert len({s for t in a for s in t.player_seeds}) == 8  # every player in every game its own seed


def test_same_seed_same_results_serial_or_in_parallel():
    def records(workers):
        res = run_arena(Arena(players=["random", "random"], games=4, seed=5, workers=workers))
        return [(r["seed"], r["seats"], r["scores"], r["winners"], r["actions"]) for r in res["games"]]

    serial = records(1)
    assert serial == records(1)
    assert serial == records(2)
    assert len({r[0] for r in serial}) == 2


def test_play_game_record_matches_a_replayed_game():
    task = schedule(["random", "random"], games=2, seed=3, keep_json=True)[1]
    r = play_game(task)
    g = safari.from_json(r["game_json"])
    assert g.is_terminal() and g.scores == r["scores"] and g.winners() == r["winners"]
    assert g.seed == r["seed"] and len(g.history) == r["actions"] and r["error"] is None


def test_more_seats_than_players_and_summaries_by_seat():
    res = run_arena(Arena(players=["random", "random"], games=2, seats=3, seed=2, workers=1))
    assert res["settings"]["games"] == 2
    assert [r["seats"] for r in res["games"]] == [[0, 1, 0], [1, 0, 1]]
    s = res["summary"]
    assert sum(p["games"] for p in s["players"]) == 6
    assert sum(p["wins"] for p in s["players"]) == pytest.approx(2)
    assert [x["games"] for x in s["seats"]] == [2, 2, 2]


# ------------------------------------------------------------------ the command

def test_cli_end_to_end_with_json_and_summarize(tmp_path):
    out = tmp_path / "results.json"
    games_dir = tmp_path / "games"
    code, stdout, stderr = run_cli("random", "random", "--games", "4", "--workers", "2", "--seed", "9",
                                   "--out", str(out), "--save-games", str(games_dir))
    assert code == 0, stderr
    assert "Traceback" not in stderr
    for word in ("player", "games", "wins", "win rate", "95% CI", "score", "margin", "Elo", "head-to-head",
                 "random#2"):
        assert word in stdout
    data = json.loads(out.read_text())
    assert data["format"] == "savanna-arena/1"
    st = data["settings"]
    assert st["players"] == ["random", "random"] and st["games"] == 4 and st["seed"] == 9
    assert st["seats"] == 2 and st["workers"] == 2 and st["final_scoring"] == "all"
    assert len(data["games"]) == 4
    for i, r in enumerate(data["games"]):
        assert r["index"] == i
        for key in ("seed", "seats", "scores", "winners", "actions", "seconds", "players", "file"):
            assert key in r
        g = safari.from_json((games_dir / r["file"]).read_text())
        assert g.scores == r["scores"] and g.seed == r["seed"]
    s = data["summary"]
    assert s["games"] == 4 and s["errors"] == 0
    assert sum(p["wins"] for p in s["players"]) == pytest.approx(4)
    assert load_results(str(out))["summary"] == s

    code, again, stderr = run_cli("--summarize", str(out))
    assert code == 0, stderr
    table = lambda text: [line for line in text.splitlines() if line.startswith(" random")]
    assert table(again) == table(stdout) and len(table(stdout)) == 2

    # the same seed gives the same games
    out2 = tmp_path / "again.json"
    assert run_cli("random", "random", "--games", "4", "--workers", "1", "--seed", "9", "--out", str(out2))[0] == 0
    strip = lambda d: [{k: v for k, v in r.items() if k not in ("seconds", "file")} for r in d["games"]]
    assert strip(json.loads(out2.read_text())) == strip(data)


def test_cli_in_process_rounds_games_up_and_saves(tmp_path, monkeypatch, capsys):
    out = tmp_path / "r.json"
    code, stdout, stderr = run_main(["arena", "random", "random", "random", "--games", "2", "--workers", "2",
                                     "--seed", "1", "--out", str(out)], monkeypatch, capsys)
    assert code == 0, stderr
    assert "played 3 games" in stderr
    assert "pairwise" in stdout
    assert json.loads(out.read_text())["settings"]["games"] == 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


BAD_INPUT = [
    (["nobody", "random", "--games", "2"], "unknown player 'nobody'"),
    (["timed:time=0", "random", "--games", "2"], "positive number"),
    (["timed:time=abc", "random", "--games", "2"], "timed:time=abc"),
    (["timed:speed=1", "random", "--games", "2"], "unknown option 'speed'"),
    (["random", "random", "--games", "0"], "--games must be at least 1"),
    (["random", "random", "--games", "-3"], "--games must be at least 1"),
    (["random", "random", "--games", "abc"], "--games must be a whole number"),
    (["random", "random"], "--games N is required"),
    (["random", "--games", "2"], "two or more players"),
    (["random", "random", "--games", "2", "--seats", "9"], "from 2 to 5"),
    (["random", "random", "--games", "2", "--workers", "0"], "--workers must be at least 1"),
    (["random", "random", "--games", "2", "--ray", "local", "--ray-niceness", "20"],
     "--ray-niceness must be from 0 to 19"),
    (["random", "random", "--games", "2", "--out", "/no/such/dir/r.json"], "cannot write"),
    (["--summarize", "/no/such/file.json"], "cannot read"),
    (["--summarize", "README.md"], "not a JSON file"),
]


@pytest.mark.parametrize("args,message", BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_is_one_line_and_a_nonzero_exit(args, message, test_players, monkeypatch, capsys):
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code, stdout, stderr = run_main(["arena", *args], monkeypatch, capsys)
    assert code != 0
    assert message in stderr
    assert "Traceback" not in stderr + stdout
    assert len(stderr.strip().splitlines()) == 1, stderr


def test_bad_input_from_a_real_process_has_no_traceback():
    code, _stdout, stderr = run_cli("nobody", "random", "--games", "2")
    assert code != 0 and "unknown player 'nobody'" in stderr and "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_mcts_options_are_checked_when_mcts_is_there(monkeypatch, capsys):
    if "mcts" not in base.PLAYERS:
        pytest.skip("no mcts player yet")
    for spec in ("mcts:time=0", "mcts:time=abc"):
        code, _stdout, stderr = run_main(["arena", spec, "random", "--games", "2"], monkeypatch, capsys)
        assert code != 0 and spec in stderr and "Traceback" not in stderr


def test_unreachable_ray_address_is_a_clear_error(monkeypatch, capsys):
    pytest.importorskip("ray")
    address = f"127.0.0.1:{_free_port()}"
    code, _stdout, stderr = run_main(["arena", "random", "random", "--games", "2", "--ray", address],
                                    monkeypatch, capsys)
    assert code != 0
    assert f"cannot reach the Ray cluster at {address}" in stderr
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1


def test_ray_not_installed_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    code, _stdout, stderr = run_main(["arena", "random", "random", "--games", "2", "--ray", "local"],
                                    monkeypatch, capsys)
    assert code != 0
    assert "--ray needs Ray" in stderr and "savanna[distributed]" in stderr
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------ broken players

def test_an_illegal_action_ends_the_game_with_an_error_naming_player_and_action(test_players, monkeypatch,
                                                                                 capsys):
    code, stdout, stderr = run_main(["arena", "random", "broken", "--games", "2", "--workers", "1", "--seed", "1"],
                                    monkeypatch, capsys)
    assert code != 0
    assert "Traceback" not in stderr
    assert "player 'broken'" in stderr and "illegal action 'pass'" in stderr
    assert "2 game(s) ended with an error" in stdout


def test_error_records_and_summary(test_players):
    res = run_arena(Arena(players=["random", "broken"], games=2, seed=1, workers=1))
    for r in res["games"]:
        assert r["scores"] is None and r["winners"] is None
        assert r["players"][r["error_seat"]] == "broken"
        assert "illegal action 'pass'" in r["error"] and f"(seat {r['error_seat']})" in r["error"]
    assert res["summary"]["errors"] == 2 and res["summary"]["games"] == 0
    res = run_arena(Arena(players=["crashing", "random"], games=2, seed=1, workers=1))
    assert all("player 'crashing'" in r["error"] and "out of ideas" in r["error"] for r in res["games"])


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="players registered in a test reach pool workers only when forked")
def test_an_illegal_action_in_a_pool_worker(test_players):
    res = run_arena(Arena(players=["broken", "random"], games=2, seed=1, workers=2))
    assert res["summary"]["errors"] == 2
    assert all("player 'broken'" in r["error"] for r in res["games"])


def test_run_arena_refuses_bad_settings():
    with pytest.raises(ArenaError, match="at least two players"):
        run_arena(Arena(players=["random"], games=2))
    with pytest.raises(ArenaError, match="positive whole number"):
        run_arena(Arena(players=["random", "random"], games=0))
    with pytest.raises(ArenaError, match="unknown game"):
        run_arena(Arena(players=["random", "random"], games=2, game="chess"))


# ------------------------------------------------------------------ Ray

def test_ray_local_runs_the_same_games(tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "ray.json"
    code, stdout, stderr = run_cli("random", "random", "--games", "4", "--seed", "9", "--ray", "local",
                                   "--workers", "2", "--out", str(out), timeout=120)
    assert code == 0, stderr
    assert "Traceback" not in stderr and "Ray (local" in stdout
    data = json.loads(out.read_text())
    assert data["settings"]["ray"] == "local" and data["summary"]["games"] == 4
    pool = run_arena(Arena(players=["random", "random"], games=4, seed=9, workers=1))
    assert [r["scores"] for r in data["games"]] == [r["scores"] for r in pool["games"]]


# Ray's processes and their listening sockets, from /proc (psutil is not a dependency)

def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def ray_processes(roots=(), marker=None):
    """The pids of `roots` and of the processes whose command line holds `marker` (a
    cluster's temporary directory), with all their descendants."""
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _read(f"/proc/{name}/stat").decode("utf-8", "replace")
            if stat:
                parents[int(name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = set(roots)
    if marker:
        found |= {pid for pid in parents if marker.encode() in _read(f"/proc/{pid}/cmdline")}
    while True:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        if not more:
            return found
        found |= more


def listening_addresses(pids):
    """{(address, port): process name} of the TCP sockets `pids` listen on."""
    owners = {}
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:["):
                owners[link[8:-1]] = pid
    found = {}
    for table in ("tcp", "tcp6"):
        for line in _read(f"/proc/net/{table}").decode().splitlines()[1:]:
            fields = line.split()
            if fields[3] != "0A" or fields[9] not in owners:  # 0A: LISTEN
                continue
            address, port = fields[1].split(":")
            raw = bytes.fromhex(address)  # 32-bit words in the host's order (little-endian here)
            raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
            name = _read(f"/proc/{owners[fields[9]]}/comm").decode().strip()
            found[(ipaddress.ip_address(raw), int(port, 16))] = name
    return found


def is_loopback(address):
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or bool(mapped and mapped.is_loopback)


# Starts Ray as `savanna arena --ray ADDRESS` does, says its workers' niceness, and holds Ray
# up until told to stop (a line on stdin), so its listening sockets can be looked at. With
# 'ray-first', Ray is imported before (as a program using the arena as a library may do).
RAY_DRIVER = """
import json, os, sys
if sys.argv[2:] == ["ray-first"]:
    import ray
from savanna.arena.runner import init_ray
ray = init_ray(sys.argv[1], 1)
nice = ray.get(ray.remote(lambda: os.nice(0)).remote())
print("up", json.dumps({"pid": os.getpid(), "nice": nice}), flush=True)
sys.stdin.readline()
ray.shutdown()
"""


def ray_up(address, env=None, marker=None, ray_first=False, timeout=180):
    """Run RAY_DRIVER on `address`: (its workers' niceness, the listening addresses of the
    driver, of everything it started and of the processes holding `marker`)."""
    env = {**os.environ, **(env or {})}
    env.pop("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", None)  # savanna must set what it needs itself
    p = subprocess.Popen([PYTHON, "-c", RAY_DRIVER, address, *(["ray-first"] if ray_first else [])],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        line = ""
        deadline = time.monotonic() + timeout
        while not line.startswith("up "):
            ready, _, _ = select.select([p.stdout], [], [], max(0.0, deadline - time.monotonic()))
            line = p.stdout.readline() if ready else ""
            if not ready or (not line and p.poll() is not None):
                raise AssertionError(f"Ray did not come up on {address} (exit {p.poll()})")
        up = json.loads(line[3:])
        return up["nice"], listening_addresses(ray_processes([up["pid"]], marker))
    finally:
        with contextlib.suppress(OSError):
            p.stdin.write("\n")
            p.stdin.close()
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def test_ray_local_listens_on_loopback_only_and_its_workers_run_at_normal_priority():
    pytest.importorskip("ray")
    nice, listening = ray_up("local")
    assert listening, "found none of Ray's listening sockets"
    assert not [f"{a}:{port} ({name})" for (a, port), name in listening.items() if not is_loopback(a)]
    assert nice == 0


def test_a_ray_task_plays_at_the_niceness_asked_and_says_so_when_it_cannot():
    # in a process of its own: a niceness once raised stays
    code = ("import os; from savanna.arena import schedule; from savanna.arena.runner import play_game_at; "
            "os.nice(3); record, played = play_game_at(schedule(['random', 'random'], 2, seed=1)[0], 5); "
            "print(played, os.nice(0), record['error'])")
    p = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert p.stdout.split() == ["5", "5", "None"], p.stdout + p.stderr
    assert niceness_note(0, 0) is None and niceness_note(5, 5) is None
    note = niceness_note(0, 15)
    assert "nice 15, not 0" in note and "RAY_worker_niceness=0" in note


def test_ray_niceness_is_an_arena_setting_from_0_to_19():
    for bad in (-1, 20, 1.5, True):
        with pytest.raises(ArenaError, match="niceness must be a whole number from 0 to 19"):
            run_arena(Arena(players=["random", "random"], games=2, ray="local", ray_niceness=bad))
    assert Arena(players=["random", "random"], games=2).ray_niceness == 0


# What the arena page's cluster commands (docs/research/arena.md) set for `ray start`: loopback only, workers at normal priority
RAY_LOOPBACK_START_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_worker_niceness": "0"}


@pytest.fixture(scope="module")
def ray_cluster():
    """A Ray cluster started as docs/research/arena.md starts one, `ray start --head` on loopback, with
    its own home (where `ray start` writes the token it asks for since Ray 2.59); stopped by
    ending its own processes (`ray stop` would end every Ray on the machine)."""
    pytest.importorskip("ray")
    import tempfile

    home = tempfile.mkdtemp(prefix="/tmp/rh")  # short: Ray's sockets live under it
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "HOME": home, "RAY_USAGE_STATS_ENABLED": "0", **RAY_LOOPBACK_START_ENV}
    env.pop("RAY_AUTH_MODE", None)
    ray = [os.path.join(os.path.dirname(PYTHON), "ray")]
    # a token in ~/.ray/auth_token turns token authentication on, as on a machine where Ray
    # made one (2.59 and later do so by default)
    subprocess.run([*ray, "get-auth-token", "--generate"], capture_output=True, env=env, timeout=120, check=True)
    temp = os.path.join(home, "t")
    start = subprocess.run([*ray, "start", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port),
                            "--num-cpus", "2", "--include-dashboard", "false", "--disable-usage-stats",
                            "--temp-dir", temp],
                           capture_output=True, text=True, env=env, timeout=180, check=False)
    try:
        assert start.returncode == 0, start.stdout + start.stderr
        yield f"127.0.0.1:{port}", home, temp
    finally:
        stop_processes(ray_processes(marker=temp))


def stop_processes(pids):
    """End these processes at once, as `ray stop --force` would (but only these)."""
    import signal

    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def test_a_ray_cluster_on_loopback_listens_on_loopback_only_and_its_workers_run_at_normal_priority(ray_cluster):
    address, home, temp = ray_cluster
    nice, listening = ray_up(address, env={"HOME": home, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token"},
                    marker=temp, ray_first=True)
    names = set(listening.values())
    assert "gcs_server" in names and "raylet" in names, listening
    assert not [f"{a}:{port} ({name})" for (a, port), name in listening.items() if not is_loopback(a)]
    assert nice == 0


def test_a_ray_cluster_asking_for_a_token_is_explained_then_used(ray_cluster, tmp_path):
    address, home, _ = ray_cluster
    env = {"HOME": home, "RAY_USAGE_STATS_ENABLED": "0"}
    code, _, stderr = run_cli("random", "random", "--games", "2", "--ray", address,
                              env={**env, "RAY_AUTH_MODE": ""}, timeout=180)
    assert code == 1 and "asks for its authentication token" in stderr and "set RAY_AUTH_MODE=token" in stderr, stderr
    code, _, stderr = run_cli("random", "random", "--games", "2", "--ray", address,
                              env={**env, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "not-the-token"}, timeout=180)
    assert code == 1 and "not the cluster's" in stderr, stderr
    out = tmp_path / "cluster.json"
    code, stdout, stderr = run_cli("random", "random", "--games", "4", "--seed", "9", "--ray", address,
                                   "--out", str(out), env={**env, "RAY_AUTH_MODE": "token"}, timeout=300)
    assert code == 0, stderr
    assert f"on Ray ({address})" in stdout
    pool = run_arena(Arena(players=["random", "random"], games=4, seed=9, workers=1))
    assert [r["scores"] for r in json.loads(out.read_text())["games"]] == [r["scores"] for r in pool["games"]]


def test_summarize_merges_parts_of_a_match_and_refuses_other_players(tmp_path):
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "1", "--out", str(a))[0] == 0
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "2", "--out", str(b))[0] == 0
    code, stdout, stderr = run_cli("--summarize", str(a), str(b))
    assert code == 0, stderr
    row = [line for line in stdout.splitlines() if line.startswith(" greedy")][0]
    assert row.split()[1] == "4"  # four games in all
    assert "greedy won both 2, split 0" in stdout  # pairs of the same deal found across the parts
    assert run_cli("random", "random", "--games", "2", "--workers", "1", "--seed", "3", "--out", str(c))[0] == 0
    code, _, stderr = run_cli("--summarize", str(a), str(c))
    assert code == 1 and "rates other players" in stderr
    walls = sum(json.loads(f.read_text())["settings"]["wall_seconds"] for f in (a, b))
    assert f"wall time {walls:.1f} s on 1 process, 2 parts" in stdout


def test_summarize_refuses_parts_played_under_other_rules(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "1", "--out", str(a))[0] == 0
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "2",
                   "--final-scoring", "majority", "--out", str(b))[0] == 0
    code, stdout, stderr = run_cli("--summarize", str(a), str(b))
    assert code == 1 and "final_scoring 'majority'" in stderr and "not parts of one match" in stderr
    assert "Traceback" not in stderr and stdout == ""


def test_results_record_the_tile_set_and_parts_on_other_sets_are_not_merged(tmp_path):
    a, b, old = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "old.json"
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "1", "--out", str(a))[0] == 0
    assert run_cli("greedy", "random", "--games", "2", "--workers", "1", "--seed", "2",
                   "--tiles", "reconstruction-1", "--out", str(b))[0] == 0
    assert json.loads(a.read_text())["settings"]["tiles"] == "real-1"  # the default, by name
    assert json.loads(b.read_text())["settings"]["tiles"] == "reconstruction-1"
    code, stdout, stderr = run_cli("--summarize", str(a), str(b))
    assert code == 1 and "tiles 'reconstruction-1'" in stderr and "not parts of one match" in stderr
    # a file from before the setting existed was played on the invented set: it merges with b, not a
    data = json.loads(b.read_text())
    del data["settings"]["tiles"]
    old.write_text(json.dumps(data))
    code, stdout, stderr = run_cli("--summarize", str(b), str(old))
    assert code == 0 and "tiles reconstruction-1" in stdout, stderr
    assert run_cli("--summarize", str(a), str(old))[0] == 1
    code, _, stderr = run_cli("random", "random", "--game", "africa", "--games", "2", "--tiles", "real-1")
    assert code == 2 and "--tiles is a setting of safari" in stderr
