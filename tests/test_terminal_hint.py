"""The coach in the terminal game: `hint` prints the coach's move for the seat to act, in
words, with the next best; the game notes it, and a save keeps the hints given (its `hints`
section, checked when read, as the web app records them); `--load` carries them on."""

from __future__ import annotations

import json
import random

import pytest
from builders import run_main

from savanna import games, saved_games


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # messages on one line


def played(name: str, moves: int = 12):
    g = games.spec(name).new_game(players=2, seed=3)
    rng = random.Random(3)
    while len(g.history) < moves and not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    return g


HINTS = [{"seat": 0, "moves": 0}, {"seat": 1, "moves": 5}, {"seat": 1, "moves": 5}]


@pytest.mark.parametrize("name", games.names())
def test_a_save_keeps_the_hints_given_and_reads_them_back(name):
    g = played(name)
    plain = json.loads(g.to_json())
    assert "hints" not in plain and saved_games.hints_of(plain) is None  # none given: as before
    data = json.loads(g.to_json(hints=HINTS))
    assert data["hints"] == HINTS and saved_games.hints_of(data) == HINTS
    assert {k: v for k, v in data.items() if k != "hints"} == plain
    again = games.game_module(name).from_json(json.dumps(data))
    assert again.scores == g.scores and len(again.history) == len(g.history)


BAD = [
    ("many", "'hints' must be a list"),
    ([3], "hints[0] must be an object with 'seat' and 'moves'"),
    ([{"seat": 0}], "hints[0] must be an object with 'seat' and 'moves'"),
    ([{"seat": 0, "moves": 1, "extra": 2}], "hints[0] must be an object"),
    ([{"seat": 2, "moves": 1}], "hints[0].seat must be a whole number from 0 to 1"),
    ([{"seat": True, "moves": 1}], "hints[0].seat must be a whole number"),
    ([{"seat": 0, "moves": 13}], "hints[0].moves must be a whole number from 0 to 12"),
    ([{"seat": 0, "moves": -1}], "hints[0].moves"),
    ([{"seat": 0, "moves": "4"}], "hints[0].moves"),
    ([{"seat": 0, "moves": 4}, {"seat": 0, "moves": 3}], "hints[1].moves is 3, before the hint above it"),
    ([{"seat": 0, "moves": 1}] * 49, "'hints' has 49 hints; at most 48 allowed"),
]


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("hints,message", BAD)
def test_a_malformed_hints_section_is_refused_naming_the_field(name, hints, message):
    g = played(name)
    data = {**json.loads(g.to_json()), "hints": hints}
    with pytest.raises(ValueError) as e:
        games.game_module(name).from_json(json.dumps(data))
    assert message in str(e.value)
    with pytest.raises(ValueError):  # and the engine writes none
        g.to_json(hints=hints)


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
