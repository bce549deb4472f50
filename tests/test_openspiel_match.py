"""bench/openspiel_match.py (our MCTS against OpenSpiel's IS-MCTS) and the timed IS-MCTS it uses."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import savanna.research.openspiel_safari  # noqa: E402,F401 (registers the game)
from savanna.research.timed_ismcts import TimedISMCTSBot  # noqa: E402

BENCH = pathlib.Path(__file__).resolve().parent.parent / "bench" / "openspiel_match.py"


@pytest.fixture(scope="module")
def match():
    spec = importlib.util.spec_from_file_location("openspiel_match", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bot(game, seconds, **kwargs):
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    return TimedISMCTSBot(game, evaluator, 1.4, seconds, random_state=np.random.RandomState(2), **kwargs)


def _decision_state(game):
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_timed_ismcts_searches_for_its_time_not_a_count():
    game = pyspiel.load_game("python_savanna_safari")
    state = _decision_state(game)
    short, long = _bot(game, 0.001, clock="cpu"), _bot(game, 0.5, clock="cpu")
    assert short.step(state) in state.legal_actions()
    assert short.last_simulations == 2  # the least that gives the root a child
    t0 = time.process_time()
    assert long.step(state) in state.legal_actions()
    spent = time.process_time() - t0
    assert long.last_simulations > 4 and 0.5 <= spent < 0.5 + 0.5  # past the deadline by one play-out at most
    for bad, message in (({"seconds": 0}, "seconds must be positive"), ({"clock": "sun"}, "clock must be"),
                         ({"min_simulations": 1}, "min_simulations must be at least 2")):
        kwargs = {"seconds": 1.0, **bad}
        seconds = kwargs.pop("seconds")
        with pytest.raises(ValueError, match=message):
            _bot(game, seconds, **kwargs)


def _land_tiles(state):
    g = state.engine()
    return [a for a in g.history if a[0] == "~" and a[1:] not in g.tileset.animal_index]


def test_a_deal_is_the_same_for_both_games_of_a_pair(match):
    game = pyspiel.load_game("python_savanna_safari")
    played = []
    for rseed in (1, 2):  # different play, the same deal
        deal, rng = match.Deal(77), np.random.RandomState(rseed)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(deal.draw(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
        played.append(state)
    a, b = played
    assert [x for x in a.engine().history if x[0] != "~"] != [x for x in b.engine().history if x[0] != "~"]
    assert _land_tiles(a) == _land_tiles(b) and len(_land_tiles(a)) == 72
    assert a.engine().history[:4] == b.engine().history[:4]  # the deal of the tokens
    other = game.new_initial_state()
    deal = match.Deal(78)
    while other.is_chance_node() or not _land_tiles(other):
        other.apply_action(deal.draw(other) if other.is_chance_node() else other.legal_actions()[0])
    assert other.engine().history[:5] != a.engine().history[:5]  # another seed, another deal


def test_one_short_game_of_the_match_is_recorded_for_the_arena(match, tmp_path):
    from savanna.arena import merge_results, results_document, save_results, schedule, summarize
    from savanna.cli import main as savanna_main

    names = match.specs(0.01, "cpu", 1.4, "max_value", "nominal", ours="mcts:iterations=2,k=2,depth=1")
    task = schedule(names, 1, seats=2, seed=5, settings={"tiles": "real-1"})[1]  # the pair's second game: IS-MCTS in seat 0
    record = match.play(task, 0.01, "cpu", 1.4, "max_value", "nominal")
    assert record["error"] is None and record["seats"] == [1, 0] and record["players"][0].startswith("openspiel-")
    assert len(record["scores"]) == 2 and record["winners"] and max(record["scores"]) > 0
    assert all(m > 20 for m in record["moves"]) and record["simulations"][0] >= 2 and record["simulations"][1] is None
    assert record["actions"] >= sum(record["moves"])
    path = tmp_path / "part" / match.RESULTS
    path.parent.mkdir()
    save_results(str(path), results_document({"players": names, "game": "safari", "seats": 2, "tiles": "real-1",
                                              "seed": 5}, [record], summarize(names, [record])))
    summary, settings = merge_results([str(path)])
    assert summary["games"] == 1 and [p["player"] for p in summary["players"]] == names
    assert savanna_main(["arena", "--summarize", str(path)]) == 0
    assert json.loads(path.read_text())["games"][0]["move_seconds"][0] > 0


def test_the_harness_command_line(match, tmp_path, capsys):
    with pytest.raises(SystemExit):
        match.main(["--games", "0"])
    assert "must be positive" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        match.main(["--mcts", "mcts:speed=3", "--out-dir", str(tmp_path)])
    assert "--mcts" in capsys.readouterr().err
