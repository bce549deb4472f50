"""The coach in the terminal game: `hint` prints the coach's move for the seat to act, in
words, with the next best; the game notes it, and a save keeps the hints given (its `hints`
section: tests/test_saved_seats.py); `--load` carries them on. (On the full screen:
tests/test_terminal_tmux.py.)"""

from __future__ import annotations

import json

import pytest
from builders import run_main

from savanna import games


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # messages on one line


@pytest.fixture
def quick_hints(monkeypatch):
    from savanna.terminal import loop

    monkeypatch.setattr(loop, "HINT_THINK", 0.2)


@pytest.mark.parametrize("name", games.names())
def test_hint_gives_a_legal_move_in_words_and_the_save_notes_it(name, quick_hints, tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.json"
    code, out, err = run_main(["play", name, "--seed", "4", "--save", str(path)], "hint\nquit\n", monkeypatch, capsys)
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.startswith("Best: "))
    assert "expected margin" in line and "Also: " in out  # its margin, and the next best
    assert "hints used: 1" in out
    if name == "safari":  # its first move always places a meeple or keeps it: said in words
        assert "  Why: " in out and "meeple" in out
    data = json.loads(path.read_text())
    moves = len(data["actions"])  # (the computer may have moved first)
    assert data["hints"] == [{"seat": 0, "moves": moves}]
    at = games.spec(name).new_game(players=2, seed=4)
    for a in data["actions"]:
        at.apply(a)
    assert at.current_player == 0 and line.split()[1] in {str(a) for a in at.legal_actions()}  # a legal move
    # loaded again, the hints go on being counted and saved
    code, out, err = run_main(["play", "--load", str(path), "--save", str(path)], "hint\nquit\n", monkeypatch, capsys)
    assert code == 0, err
    assert "hints used: 2" in out
    assert json.loads(path.read_text())["hints"] == [{"seat": 0, "moves": moves}] * 2


def test_help_names_the_hint_command(monkeypatch, capsys):
    code, out, _ = run_main(["play", "--seed", "4"], "help\nquit\n", monkeypatch, capsys)
    assert code == 0 and "hint (the coach's move, and why)" in out
