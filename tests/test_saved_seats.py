"""A saved game's optional seats section (savanna/saved_games.py): every game's engine writes
it when given one and checks it when it reads a save, a save without it reads as before, a
malformed one is refused with a ValueError naming the field, and `savanna play --save` and
`savanna replay` write and show it. The same for its optional hints section (the coach's
hints given, as the web app records them)."""

from __future__ import annotations

import json
import random

import pytest
from builders import run_main

from savanna import games, saved_games

SEATS = [{"name": "Ann", "kind": "human"}, {"kind": "computer", "player": "mcts:time=1"}]


def played(name: str, moves: int = 12):
    g = games.spec(name).new_game(players=2, seed=3)
    rng = random.Random(3)
    while len(g.history) < moves and not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()) if not g.is_chance_node() else g.chance_outcomes()[0][0])
    return g


@pytest.mark.parametrize("name", games.names())
def test_the_seats_section_is_written_when_given_and_read_back(name):
    g = played(name)
    module = games.game_module(name)
    plain = json.loads(g.to_json())
    assert "seats" not in plain and saved_games.seats_of(plain) is None  # nobody named: as before
    text = g.to_json(seats=SEATS)
    data = json.loads(text)
    assert data["seats"] == SEATS and saved_games.seats_of(data) == SEATS
    assert {k: v for k, v in data.items() if k != "seats"} == plain  # the game itself is the same
    again = module.from_json(text)
    assert [str(a) for a in again.history] == [str(a) for a in g.history] and again.scores == g.scores
    # a blank name is left out (the reader shows the seat's default name); null reads as no section
    blank = json.loads(g.to_json(seats=[{"name": "  ", "kind": "human"}, {"kind": "human"}]))
    assert blank["seats"] == [{"kind": "human"}, {"kind": "human"}]
    assert module.from_json(json.dumps({**plain, "seats": None})).scores == g.scores


BAD = [
    ("Ann", "'seats' must be a list"),
    ([{"kind": "human"}], "'seats' has 1 entries, but the game has 2 players"),
    ([{"kind": "human"}, "Bo"], "seats[1] must be an object"),
    ([{"kind": "human"}, {"kind": "robot"}], "seats[1].kind must be 'human' or 'computer'"),
    ([{"kind": "human"}, {}], "seats[1].kind"),
    ([{"kind": "human", "colour": "red"}, {"kind": "human"}], "seats[0] has an unknown field"),
    ([{"kind": "human", "name": 7}, {"kind": "human"}], "seats[0].name must be text"),
    ([{"kind": "human", "name": "A" * 41}, {"kind": "human"}], "seats[0].name"),
    ([{"kind": "human", "name": "Ann\x1b[2J"}, {"kind": "human"}], "seats[0].name holds a control character"),
    ([{"kind": "human"}, {"kind": "computer"}], "seats[1].player is missing"),
    ([{"kind": "human"}, {"kind": "computer", "player": " "}], "seats[1].player is empty"),
    ([{"kind": "human"}, {"kind": "computer", "player": ["mcts"]}], "seats[1].player must be text"),
    ([{"kind": "human", "player": "greedy"}, {"kind": "human"}], "seats[0].player must be left out"),
]


def refused(g, section: str, value, message: str) -> None:
    """A save of `g` whose `section` is `value` is refused naming the field, and the engine
    writes none."""
    data = {**json.loads(g.to_json()), section: value}
    with pytest.raises(ValueError) as e:
        games.game_module(games.spec_of(g).name).from_json(json.dumps(data))
    assert message in str(e.value)
    with pytest.raises(ValueError):
        g.to_json(**{section: value})


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("seats,message", BAD)
def test_a_malformed_seats_section_is_refused_naming_the_field(name, seats, message):
    refused(played(name, 4), "seats", seats, message)


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


BAD_HINTS = [
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
@pytest.mark.parametrize("hints,message", BAD_HINTS)
def test_a_malformed_hints_section_is_refused_naming_the_field(name, hints, message):
    refused(played(name), "hints", hints, message)


def test_play_saves_the_seats_and_replay_shows_them(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    code, out, _ = run_main(["play", "--seed", "8", "--players", "3", "--seat", "1", "--opponent", "random",
                             "--save", str(path)], "1\n" * 6, monkeypatch, capsys)
    assert code == 0
    seats = json.loads(path.read_text())["seats"]
    assert seats == [{"kind": "computer", "player": "random"}, {"kind": "human"}, {"kind": "computer", "player": "random"}]
    data = json.loads(path.read_text())
    data["seats"] = [{"name": "Ann", "kind": "human"}, {"kind": "human"}, {"kind": "computer", "player": "mcts:time=1"}]
    path.write_text(json.dumps(data))
    code, out, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 0, err
    first = out.splitlines()[0]
    assert "Seats:" in first and "Ann" in first and "Player 2" in first and "Computer 3" in first
    assert "(mcts:time=1)" in first
    # a save without seats replays as before, naming nobody
    del data["seats"]
    path.write_text(json.dumps(data))
    code, out, _ = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 0 and "Seats:" not in out
