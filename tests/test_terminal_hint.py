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
