"""Africa on the command line: a whole game in the terminal against the computer,
typed notation and bad entries, hidden treasure shown as hidden, save and load,
simulate, replay (the game found from the file), and bad arguments."""

from __future__ import annotations

import json

import pytest

from builders import run_main
from savanna import africa
from savanna.terminal.africa.play import normalize


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # messages on one line


def test_play_a_whole_game_answering_1(tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.json"
    code, out, err = run_main(["play", "africa", "--seed", "5", "--save", str(path)],
                              "1\n" * 3000, monkeypatch, capsys)
    assert code == 0, err
    assert "Game over" in out and "Final scoring" in out and ("Winner" in out)
    assert "greedy: " in out  # the default opponent's turns are shown in notation
    assert "Put your explorer on a city (P<space>)" in out and "Algiers" in out
    g = africa.from_json(path.read_text())
    assert g.is_terminal() and g.seed == 5


def test_typed_notation_bad_entries_and_help(monkeypatch, capsys):
    # seat 1 of 3: the computers place first; then bad entries, help, and a city by its bare name
    lines = ["foo", "999", "Sz99", "pzz", "help", "list", "board", "z9", " out "]
    code, out, err = run_main(["play", "africa", "--seed", "3", "--players", "3", "--seat", "1", "--opponent", "easy"],
                              "\n".join(lines) + "\nquit\n", monkeypatch, capsys)
    assert code == 0, err
    assert "malformed action 'foo'" in out
    assert "no choice 999" in out
    assert "illegal action Sz99" in out
    assert "Dg4" in out and "Commands" in out  # help explains the notation
    assert "no action on offer names z9" in out
    assert out.count("'out' is not a move: to leave the game, type quit") == 1  # the server's flag fall alone
    assert "You left the game" in out


def test_bare_space_and_lowercase_notation_are_understood(monkeypatch, capsys):
    g = africa.new_game(players=2, seed=11)
    assert g.current_player == 0  # seat 0 places first with this seed
    city = str(g.legal_actions()[-1])[1:]
    code, out, err = run_main(["play", "africa", "--seed", "11", "--opponent", "easy"], f"{city.upper()}\nquit\n",
                              monkeypatch, capsys)
    assert code == 0 and "Traceback" not in out + err
    assert f"you: P{city}" in out
    assert normalize("sg3") == "Sg3" and normalize("b$") == "B$" and normalize("E1:Robe") == "E1:robe"
    assert normalize(" PASS ") == "pass" and normalize(">H5") == ">h5" and normalize("dg 4") == "Dg4"


def test_hidden_treasure_shows_the_others_holdings_as_hidden(tmp_path, monkeypatch, capsys):
    # play a game with computers until one has taken treasure, then continue it as a person
    g = africa.new_game(players=3, seed=21, hidden_treasure=True)
    import random
    rng = random.Random(1)
    while not g.treasure(1)["gold"] + g.treasure(1)["gems"] or g.current_player != 0:
        acts = g.legal_actions()
        g.apply("B$" if "B$" in acts else rng.choice(acts))
    path = tmp_path / "h.json"
    path.write_text(g.to_json())
    code, out, err = run_main(["play", "--load", str(path), "--opponent", "easy"], "quit\n", monkeypatch, capsys)
    assert code == 0, err
    assert "hidden treasure" in out and "hidden (" in out


def test_save_and_load_continue_the_same_game(tmp_path, monkeypatch, capsys):
    path = tmp_path / "auto.json"
    code, out, _ = run_main(["play", "africa", "--seed", "8", "--seat", "1", "--save", str(path)], "1\n" * 5,
                            monkeypatch, capsys)
    assert code == 0 and "End of input" in out
    partial = africa.from_json(path.read_text())
    assert partial.history and not partial.is_terminal()
    code, out, _ = run_main(["play", "--load", str(path), "--seat", "1", "--save", str(path)], "quit\n",
                            monkeypatch, capsys)
    assert code == 0 and "Africa" in out
    again = africa.from_json(path.read_text())
    assert [str(a) for a in again.history[:len(partial.history)]] == [str(a) for a in partial.history]


def test_simulate_and_replay_africa(tmp_path, monkeypatch, capsys):
    code, out, err = run_main(["simulate", "2", "--game", "africa", "--players", "3", "--seed", "7",
                               "--hidden-treasure", "--save-dir", str(tmp_path)], "", monkeypatch, capsys)
    assert code == 0, err
    assert "africa · hidden" in out and "win share" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    g = africa.from_json(files[0].read_text())
    assert g.is_terminal() and g.players == 3 and g.hidden_treasure
    code, out, err = run_main(["replay", str(files[0])], "", monkeypatch, capsys)
    assert code == 0, err
    assert "Replay of Africa: 3 players" in out and "Final scoring" in out
    assert out.count("Turn ") >= g.turn


def test_replay_of_an_unknown_game_or_a_corrupt_africa_file(tmp_path, monkeypatch, capsys):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": "savanna-chess-game/1", "actions": []}))
    code, out, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 1 and "a game of 'chess', which this version does not know" in err
    good = africa.new_game(players=2, seed=1)
    good.apply(good.legal_actions()[0])
    data = json.loads(good.to_json())
    data["actions"].append("Pz1")
    path.write_text(json.dumps(data))
    code, out, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 1 and "cannot be replayed" in err


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "invalid choice: 'chess'"),
    (["play", "africa", "--final-scoring", "majority"], "--final-scoring is a setting of safari, not of africa"),
    (["play", "--hidden-treasure"], "--hidden-treasure is a setting of africa, not of safari"),
    (["play", "africa", "--players", "6"], "--players must be from 2 to 5"),
    (["play", "africa", "--opponent", "nobody"], "unknown player 'nobody'"),
    (["simulate", "1", "--game", "chess"], "invalid choice: 'chess'"),
    (["simulate", "1", "--game", "africa", "--final-scoring", "all"], "--final-scoring is a setting of safari"),
])
def test_bad_arguments_are_refused_clearly(args, message, monkeypatch, capsys):
    code, out, err = run_main(args, "", monkeypatch, capsys)
    assert code == 2 and message in err
