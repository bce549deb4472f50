"""bench/web_load.py still runs: two games on a real server, once through a restart, and its
report holds what it promises. (The benchmark itself, 200 games, is not a test.)"""

from __future__ import annotations

import functools
import json
import os

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from bench_scripts import load_bench as load
from web_databases import ENV, fresh_database

load_bench = functools.partial(load, "web_load")


def test_the_load_benchmark_plays_its_games_through_a_restart_and_reports(tmp_path, capsys):
    bench = load_bench()
    out = tmp_path / "load.json"
    assert bench.main(["--games", "2", "--think", "0.01", "--restart-at", "1", "--out", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["games"] == r["finished"] == 2 and r["problems"] == [] and r["problem_count"] == 0
    assert r["actions"] > 100 and r["actions_per_second"] > 0
    lat = r["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]
    assert r["restart"]["lost"] == 0 and r["restart"]["down_seconds"] > 0
    assert r["restart"]["accepted_before"] > 0 and r["reconnects"] >= 4  # every seat came back
    lag = r["state_latency_ms"]
    assert 0 < lag["p50"] <= lag["p90"] <= lag["p99"] <= lag["max"]
    assert r["gaps"] == 0  # every patch fitted the view it was sent for
    printed = capsys.readouterr().out
    assert "actions/s" in printed and "p99" in printed and "OK: every game finished and checked" in printed


def test_the_load_benchmark_refuses_bad_options(capsys):
    bench = load_bench()
    for args, words in ((["--games", "0"], "--games must be at least 1"),
                        (["--players", "7"], "--players must be from 2 to 5"),
                        (["--think", "-1"], "--think must be 0 or more"),
                        (["--restart-at", "0"], "--restart-at must be a positive"),
                        (["--postgres", "--db", "x.db"], "not both"),
                        (["--workers", "2"], "--workers above 1 needs PostgreSQL"),
                        (["--workers", "2", "--postgres", "--restart-at", "5"], "one at a time")):
        with pytest.raises(SystemExit) as e:
            bench.main(args)
        assert e.value.code == 2 and words in capsys.readouterr().err


@pytest.mark.skipif(not os.environ.get(ENV), reason=f"{ENV} names no PostgreSQL database")
def test_the_load_benchmark_compares_one_server_process_with_two(tmp_path, capsys):
    bench = load_bench()
    out = tmp_path / "load.json"
    db = fresh_database("postgresql", tmp_path)
    assert bench.main(["--games", "2", "--think", "0.01", "--workers", "2", "--db", db, "--out", str(out)]) == 0
    r = json.loads(out.read_text())
    one, two = r["one_process"], r["several_processes"]
    assert one["settings"]["server_processes"] == 1 and two["settings"]["server_processes"] == 2
    for run in (one, two):
        assert run["games"] == run["finished"] == 2 and run["problems"] == [] and run["gaps"] == 0
    assert r["ratio"]["actions_per_second"] == round(two["actions_per_second"] / one["actions_per_second"], 2)
    assert "2 processes against 1" in capsys.readouterr().out
