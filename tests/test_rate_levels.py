"""bench/rate_levels.py: the plan it plays, its parts, and the table its combine step writes
(a two-level plan of cheap players, a few seconds; the benchmark itself is not a test)."""

from __future__ import annotations

import functools
import json

from bench_scripts import load_bench as load

from savanna import games, rating

load_bench = functools.partial(load, "rate_levels")


def test_ranks_put_the_winners_first_then_the_scores_and_ties_share():
    ranks = load_bench().ranks_of
    assert ranks({"scores": [10, 30, 20], "winners": [1]}) == [2, 0, 1]
    assert ranks({"scores": [30, 30, 5], "winners": [0, 1]}) == [0, 0, 2]
    # a tie on points that the game's own tie-break settles: the winner is first
    assert ranks({"scores": [30, 30, 5], "winners": [1]}) == [1, 0, 2]
    assert ranks({"scores": [7, 7, 7, 7], "winners": [0, 1, 2, 3]}) == [0, 0, 0, 0]


def test_the_plan_is_fixed_balanced_and_split_into_parts():
    bench = load_bench()
    settings = {"levels": ["easy", "medium", "hard"], "tables": [2, 3], "games": games.names(),
                "search_games": 6, "cheap_games": 40, "seed": 28, "wall_clock": False}
    plan = bench.make_plan(settings)
    assert [p["task"] for p in plan] == [p["task"] for p in bench.make_plan(settings)]
    assert [p["index"] for p in plan] == list(range(len(plan))) == [p["task"].index for p in plan]
    tables = {(p["game"], p["table"]) for p in plan}
    for game in games.names():  # 2 seats: neighbours only; 3 seats: all three
        assert {t for g, t in tables if g == game} == {"easy vs medium", "medium vs hard", "easy vs medium vs hard"}
    for game, table in tables:
        seats = [p["task"].specs for p in plan if (p["game"], p["table"]) == (game, table)]
        for seat in range(len(seats[0])):  # each level in each seat equally often
            counts = {spec: sum(s[seat] == spec for s in seats) for spec in seats[0]}
            assert len(set(counts.values())) == 1, (game, table, counts)
    hard = bench.played_spec("hard", False)
    assert hard == "mcts:time=1,clock=cpu" and bench.played_spec("hard", True) == "mcts:time=1"
    # the first rounds hold every table, so a part cut short still rates every level
    first = plan[: len(tables) * 3]
    assert {(p["game"], p["table"]) for p in first} == tables


def test_parts_play_resume_and_combine_into_the_table(tmp_path, capsys):
    bench = load_bench()
    game = games.names()[0]
    common = ["--levels", "easy,medium", "--tables", "2", "--games", game, "--cheap-games", "4",
              "--parts", "2", "--out-dir", str(tmp_path)]
    assert bench.main(["--part", "0", *common]) == 0
    assert bench.main(["--part", "0", *common]) == 0  # run again: resumes, plays nothing
    assert "2 done before, 0 to play" in capsys.readouterr().out
    table = tmp_path / "levels.json"
    assert bench.main(["--combine", *common, "--write", str(table)]) == 0
    out = capsys.readouterr().out
    assert "2 of 4 planned games played (2 not)" in out
    assert bench.main(["--part", "1", *common]) == 0
    assert bench.main(["--combine", *common, "--write", str(table)]) == 0
    out = capsys.readouterr().out
    assert "4 of 4 planned games played (0 not)" in out and "| easy | `random` |" in out
    written = json.loads(table.read_text())
    assert set(written) == {game} and list(written[game]) == ["easy", "medium"]
    assert written[game]["easy"]["games"] == written[game]["medium"]["games"] == 4
    assert written[game]["medium"]["mu"] > written[game]["easy"]["mu"]  # greedy beats random
    # the same games replayed by hand in the plan's order give the same table
    records = sorted((r for f in tmp_path.glob("part-*.json") for r in json.loads(f.read_text())["games"]),
                     key=lambda r: r["index"])
    rs = {"random": rating.new_rating(), "greedy": rating.new_rating()}
    for r in records:
        new = rating.rate([rs[s] for s in r["players"]], bench.ranks_of(r))
        rs.update(zip(r["players"], new))
    assert written[game]["medium"]["mu"] == round(rs["greedy"].mu, 4)
    assert written[game]["easy"]["sigma"] == round(rs["random"].sigma, 4)


def test_combine_refuses_parts_of_different_plans(tmp_path, capsys):
    bench = load_bench()
    for part, seed in ((0, 1), (1, 2)):
        settings = {"levels": ["easy", "medium"], "tables": [2], "games": [games.names()[0]], "search_games": 1,
                    "cheap_games": 2, "seed": seed, "wall_clock": False, "part": part, "parts": 2}
        (tmp_path / f"part-{part}-of-2.json").write_text(json.dumps({"format": bench.FORMAT, "settings": settings,
                                                                     "games": []}))
    assert bench.main(["--combine", "--out-dir", str(tmp_path), "--write", str(tmp_path / "t.json")]) == 2
    assert "is of another plan" in capsys.readouterr().err
    assert not (tmp_path / "t.json").exists()
