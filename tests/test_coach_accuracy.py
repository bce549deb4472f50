"""bench/coach_accuracy.py: the games it plays plant the greedy judgement's worst move where it
is clearly bad, a run again resumes, and the review and report steps read them (one short game
of cheap players at a tiny budget; the benchmark itself is not a test)."""

from __future__ import annotations

import functools
import json

from bench_scripts import load_bench as load

from savanna import games

load_bench = functools.partial(load, "coach_accuracy")


def test_planted_moves_are_the_worst_clearly_bad_ones_and_the_steps_chain(tmp_path, capsys):
    bench = load_bench()
    name = games.names()[0]
    common = ["--game", name, "--out-dir", str(tmp_path)]
    assert bench.main(["games", *common, "--games", "1", "--player", "greedy", "--plants", "3"]) == 0
    doc = json.loads((tmp_path / f"games-{name}.json").read_text())
    record = doc["games"][0]
    assert record["planted_seat"] == 0 and 1 <= len(record["planted"]) <= 3
    game = games.game_module(name).from_json(record["save"])
    assert game.is_terminal() and [str(a) for a in game.history] == record["actions"]
    for p in record["planted"]:  # each: the move greedy ranks last from there, at least 5 points below its best
        before = games.spec(name).new_game(players=2, seed=record["seed"])
        for a in record["actions"][:p["index"]]:
            before.apply(a)
        worst, gap = bench.worst_move(before)
        assert before.current_player == 0 and str(worst) == p["action"] == record["actions"][p["index"]]
        assert gap >= 5 and abs(gap - p["greedy_gap"]) < 1e-2
    assert bench.main(["games", *common, "--games", "1", "--player", "greedy", "--plants", "3"]) == 0  # resumes
    assert json.loads((tmp_path / f"games-{name}.json").read_text()) == doc
    capsys.readouterr()
    assert bench.main(["review", *common, "--think", "0.01"]) == 0
    reviewed = json.loads((tmp_path / f"review-{name}-0.01.json").read_text())["reviews"][0]
    assert reviewed["planted"] == [p["index"] for p in record["planted"]]
    assert {e["seat"] for e in reviewed["entries"]} == {0}
    assert set(reviewed["planted"]) <= {e["index"] for e in reviewed["entries"]}
    assert bench.main(["report", "--out-dir", str(tmp_path), "--thresholds", "1,2,3"]) == 0
    out = capsys.readouterr().out
    assert f"| {name} | 0.01 s | 1 | " in out and "planted found" in out
