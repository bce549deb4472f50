"""`savanna review FILE [--seat N] [--think S] [--json]`: the coach's review of a finished saved
game, printed (the marked moves, each seat's summary, its three worst moves with the better
move) or as the review JSON the web app serves; the seats reviewed (the people's, else all, or
--seat); bad files and arguments refused with a clear message."""

from __future__ import annotations

import json

import pytest
from builders import bush, filler, new, run_main, tile, trail
from rich.console import Console

from savanna import games
from savanna.ai import make_player
from savanna.coach import marks, review
from savanna.terminal.coach import render_review


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # lines unwrapped


def short_game():
    """A whole game of a few tiles (some 20 decisions), played by the greedy player."""
    tiles = [tile("T1", "stst", [trail("EW")], ["Z"], count=3), tile("B1", "sbsb", [bush("EW", birds=1)], ["A"],
             count=2), filler(3)]
    g = new(tiles, [], tokens="")
    players = [make_player("greedy", seed=s) for s in range(2)]
    while not g.is_terminal():
        g.apply(players[g.current_player].choose(g))
    return g


SEATS = [{"name": "Ann", "kind": "human"}, {"kind": "computer", "player": "greedy"}]


def saved(tmp_path, seats=SEATS, game=None):
    path = tmp_path / "game.json"
    path.write_text((game or short_game()).to_json(seats=seats))
    return path


def test_review_json_judges_the_people_seats_decisions_in_order(tmp_path, monkeypatch, capsys):
    g = short_game()
    path = saved(tmp_path, game=g)
    code, out, err = run_main(["review", str(path), "--think", "0.05", "--json"], "", monkeypatch, capsys)
    assert code == 0, err
    r = json.loads(out)
    assert r["status"] == "done" and r["budget"] == 0.05 and r["thresholds"] == marks.THRESHOLDS
    indices = [e["index"] for e in r["entries"]]
    assert indices == review.decisions(g, [0]) and r["progress"] == {"done": len(indices), "total": len(indices)}
    for e in r["entries"]:  # seat 0 (Ann, the person) only, each move judged against the best found
        assert e["seat"] == 0 and e["played"] == str(g.history[e["index"]])
        assert e["loss"] >= 0 and e["mark"] == marks.mark(e["loss"])
        assert e["best"] == e["moves"][0] and e["played"] in [m["action"] for m in e["moves"]]
    assert r["seats"][0]["judged"] == len(indices) and all(s is None for s in r["seats"][1:])


def test_review_seat_option_and_a_save_without_people_reviews_every_seat(tmp_path, monkeypatch, capsys):
    g = short_game()
    path = saved(tmp_path, game=g)
    code, out, _ = run_main(["review", str(path), "--think", "0.02", "--json", "--seat", "1"], "", monkeypatch, capsys)
    assert code == 0
    assert [e["index"] for e in json.loads(out)["entries"]] == review.decisions(g, [1])
    path = saved(tmp_path, seats=None, game=g)  # names nobody: every seat
    code, out, _ = run_main(["review", str(path), "--think", "0.02", "--json"], "", monkeypatch, capsys)
    assert code == 0
    r = json.loads(out)
    assert [e["index"] for e in r["entries"]] == review.decisions(g)
    assert [s["seat"] for s in r["seats"]] == [0, 1]


def test_review_printed_names_the_seats_and_sums_them_up(tmp_path, monkeypatch, capsys):
    code, out, err = run_main(["review", str(saved(tmp_path)), "--think", "0.02"], "", monkeypatch, capsys)
    assert code == 0, err
    assert "Review of Carcassonne Safari" in out and "decisions judged, 0.02 s of search each" in out
    assert f"a mistake from {marks.THRESHOLDS['mistake']:g}" in out  # the thresholds, in points
    assert "Ann:" in out and "Computer 2" not in out  # the person's seat only
    assert "points lost" in out and "a turn" in out


def entry(index, turn, seat, played, loss, best="T0,1@0", margin=1.0):
    return {"index": index, "seat": seat, "turn": turn, "played": played, "loss": loss, "mark": marks.mark(loss),
            "margin": margin - loss, "best": {"action": best, "then": ["M:trail:N"], "margin": margin},
            "moves": [{"action": best, "then": ["M:trail:N"], "margin": margin}]}


def test_the_printed_review_marks_moves_and_shows_the_three_worst_with_the_better_move():
    t = marks.THRESHOLDS  # a blunder, a mistake, a small loss and a move just under one
    losses = [t["blunder"] + 2.5, t["mistake"] + 1, t["inaccuracy"] + 0.25, t["inaccuracy"] - 0.25]
    entries = [entry(0, 1, 0, "T1,0@0", 0.0), entry(2, 2, 0, "T2,0@0", losses[0], best="T5,5@90", margin=4.0),
               entry(4, 3, 0, "pass", losses[1], best="M:bush:E"), entry(6, 4, 0, "T3,0@0", losses[2]),
               entry(8, 5, 0, "T4,0@0", losses[3]), entry(1, 1, 1, "T9,9@0", 0.0)]
    r = {"status": "done", "progress": {"done": 6, "total": 6}, "budget": 0.5, "thresholds": marks.THRESHOLDS,
         "entries": entries, "seats": marks.summary(entries, [0])}
    console = Console(width=200, color_system=None)
    with console.capture() as cap:
        console.print(render_review(r, ["Ann", "Bob"], title="Carcassonne Safari"))
    lines = cap.get().splitlines()
    assert lines[0] == "Review of Carcassonne Safari: 6 decisions judged, 0.5 s of search each"
    assert f"a mistake from {marks.THRESHOLDS['mistake']:g}" in lines[1]  # the thresholds, in points
    at = next(i for i, line in enumerate(lines) if line.startswith(f"Ann: 5 decisions in 5 turns, {sum(losses):g} "
                                                                   "points lost"))
    assert "1 small loss, 1 mistake, 1 blunder" in lines[at]
    worst = lines[at + 1:at + 4]  # the three worst, worst first, each with the better move
    assert [line.split(": ")[1].split()[0] for line in worst] == ["T2,0@0", "pass", "T3,0@0"]
    assert "better: T5,5@90 then M:trail:N" in worst[0] and "??" in worst[0]
    marked = lines[lines.index("Marked moves:") + 1:]
    # in the order played (turns 2, 3, 4); a loss under the small loss's threshold is not marked
    assert [line.split(": ")[1].split()[0] for line in marked] == ["T2,0@0", "pass", "T3,0@0"]
    assert "Bob" not in "\n".join(lines)


@pytest.mark.parametrize("args,message", [
    (["review", "/nonexistent/game.json"], "cannot read /nonexistent/game.json"),
    (["review", "{path}", "--seat", "2"], "--seat must be from 0 to 1 in a 2-player game, not 2"),
    (["review", "{path}", "--think", "0"], "--think must be more than 0 and at most 60 seconds, not 0"),
    (["review", "{path}", "--think", "fast"], "--think must be a number of seconds, not 'fast'"),
    (["review", "{path}", "--think", "61"], "--think must be more than 0 and at most 60 seconds"),
])
def test_bad_arguments_are_refused_clearly(args, message, tmp_path, monkeypatch, capsys):
    path = saved(tmp_path)
    code, out, err = run_main([a.replace("{path}", str(path)) for a in args], "", monkeypatch, capsys)
    assert code != 0 and message in " ".join(err.split())
    assert "Traceback" not in err


@pytest.mark.parametrize("name", games.names())
def test_an_unfinished_game_is_refused(name, tmp_path, monkeypatch, capsys):
    g = games.spec(name).new_game(players=2, seed=1)
    g.apply(g.legal_actions()[0])
    path = tmp_path / "g.json"
    path.write_text(g.to_json())
    code, _, err = run_main(["review", str(path)], "", monkeypatch, capsys)
    assert code == 1 and "is not over: a review is of a finished game" in " ".join(err.split())
