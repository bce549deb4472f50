"""The arena plays Africa: its settings reach the games (hidden treasure), are
recorded in the results, and a setting of the other game is refused clearly."""

from __future__ import annotations

import json

import pytest

from builders import run_main
from savanna import africa
from savanna.arena import Arena, ArenaError, play_game, run_arena, schedule
from savanna.games import game_settings


def test_arena_plays_africa_with_hidden_treasure(tmp_path):
    result = run_arena(Arena(players=["greedy", "random"], games=2, game="africa", seed=5, workers=1,
                             settings={"hidden_treasure": True}, save_games=str(tmp_path)))
    st = result["settings"]
    assert st["game"] == "africa" and st["hidden_treasure"] is True and st["final_scoring"] == "all"
    assert result["summary"]["games"] == 2 and result["summary"]["errors"] == 0
    for record in result["games"]:
        g = africa.from_json((tmp_path / record["file"]).read_text())
        assert g.hidden_treasure and g.is_terminal() and g.scores == record["scores"]


def test_each_game_gets_its_own_settings():
    assert game_settings("africa", final_scoring="majority", hidden_treasure=True) == {"hidden_treasure": True}
    assert game_settings("safari", final_scoring="majority", hidden_treasure=True) == {"final_scoring": "majority"}
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_settings("chess")
    task = schedule(["random", "random"], 1, game="africa", seed=2, settings={"hidden_treasure": True})[0]
    record = play_game(task)
    assert record["error"] is None and len(record["scores"]) == 2


def test_hidden_treasure_is_refused_for_safari():
    with pytest.raises(ArenaError, match="hidden treasure is a setting of africa"):
        run_arena(Arena(players=["random", "random"], games=1, settings={"hidden_treasure": True}, workers=1))


@pytest.mark.parametrize("args, message", [
    (["--game", "africa", "--final-scoring", "majority"], "--final-scoring is a setting of safari, not of africa"),
    (["--hidden-treasure"], "--hidden-treasure is a setting of africa, not of safari"),
    (["--game", "chess"], "invalid choice: 'chess'"),
])
def test_arena_command_refuses_settings_of_another_game(args, message, monkeypatch, capsys):
    code, out, err = run_main(["arena", "random", "random", "--games", "1"] + args, monkeypatch=monkeypatch,
                              capsys=capsys)
    assert code == 2 and message in err


def test_arena_command_on_africa(tmp_path, monkeypatch, capsys):
    out_file = tmp_path / "r.json"
    code, out, err = run_main(["arena", "random", "random", "--game", "africa", "--games", "2", "--seats", "3",
                               "--workers", "1", "--seed", "4", "--hidden-treasure", "--out", str(out_file)],
                              monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0, err
    assert "africa · 3 seats · hidden treasure" in out
    data = json.loads(out_file.read_text())
    assert data["settings"]["hidden_treasure"] is True and all(len(r["scores"]) == 3 for r in data["games"])
