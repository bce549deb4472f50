"""Bad input: malformed notation, well-formed actions that are illegal in each
phase, bad arguments to new_game, corrupt saved games. Each raises ValueError
saying what is wrong, and a refused action leaves the game exactly as it was."""

from __future__ import annotations

import json
import random
import re

import pytest

from africa_builders import game, play
from savanna import africa


def state(g):
    return (g.to_json(), json.dumps(g.view(None), sort_keys=True), g.phase_name, g.current_player, g.step_number,
            g.content[:], g.down[:], g.camp[:], g.held[:], g.reserve[:], g.supply, g.score[:], g.pending,
            g.new_object, [str(a) for a in g.legal_actions()], len(g.history), len(g.actors))


def refused(g, action, *patterns):
    before = state(g)
    with pytest.raises(ValueError) as info:
        g.apply(action)
    msg = str(info.value)
    for p in patterns:
        assert re.search(p, msg, re.I), f"message {msg!r} does not match {p!r}"
    assert state(g) == before, f"{action!r} changed the game"
    return msg


@pytest.mark.parametrize("text, pattern", [
    ("", "malformed action"),
    ("hello", "malformed action"),
    ("D", "malformed discovery"),
    ("Df", "malformed discovery"),
    ("D7", "malformed discovery"),
    ("DF7", "malformed discovery"),
    ("Df0", "malformed discovery"),
    ("Df100", "malformed discovery"),
    ("S f1", "malformed step"),
    ("Jf1x", "malformed jump"),
    (">", "malformed destination"),
    ("E1", "malformed exchange"),
    ("E:robe", "malformed exchange"),
    ("E1:Robe", "malformed exchange"),
    ("E10:robe", "malformed exchange"),
    ("B", "malformed base camp"),
    ("B-", "malformed base camp"),
    ("PASS", "malformed"),
])
def test_malformed_notation(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        africa.parse_action(text)
    g = game()
    refused(g, text, pattern)


@pytest.mark.parametrize("thing", [None, 3, b"Sf1", ["Sf1"]])
def test_an_action_must_be_a_string(thing):
    refused(game(), thing, "must be a string")


def test_spaces_off_the_map():
    g = game()
    refused(g, "Sa1", "a1 is not a space of the map")
    refused(g, "Sz99", "not a space")


def test_wrong_kind_for_each_phase():
    g = game(place=False)
    refused(g, "Sf1", "must first put its explorer on a city")
    g = game(layout={"g1": "lion", "e2": "statue", "f2": "mask"}, revealed=["g1"])
    refused(g, "Dg1", "must now move the explorer", "jump")
    refused(g, "pass", "must now move the explorer")
    refused(g, "keep", "must now move")
    play(g, "Sf1")
    refused(g, "Sf1", "must now choose an action")
    refused(g, ">g1", "must now choose an action")
    refused(g, "jump", "must now choose an action")
    play(g, "De2")
    refused(g, "jump", "whole turn")
    play(g, "Sf1", "Df2")                      # a mask: seat 1 has nothing; no exchange
    play(g, "jump")
    refused(g, "Sl2", "where the explorer jumps")
    refused(g, "pass", "J<space>")


def test_illegal_targets_and_choices():
    layout = {"g1": "statue", "h1": "lion", "g2": "lion", "e2": "lion", "f2": "nomads", "e1": "zebra"}
    g = game(layout=layout, revealed=["h1", "g2", "e2", "f2", "e1"])
    play(g, "Sf1")
    refused(g, "De2", "no face-down marker")
    refused(g, "Dh1", "not next to")
    refused(g, "Ah1", "neither the explorer's space")
    refused(g, "Af2", "nomads, not animal")
    refused(g, "Ne2", "lion, not nomads")
    refused(g, "Ae1", "no empty space would improve")
    refused(g, "Af1", "no face-up animal")
    play(g, "Dg1")                      # g1 empty: e2's lion may go there (h1 and g2)
    play(g, "Sf1", "Ae2")
    refused(g, ">e2", "elsewhere")
    refused(g, ">h1", "not empty")
    refused(g, ">f1", "would not have more lions")
    refused(g, "Dg1", "must now say where the lion", ">")
    play(g, ">g1")
    assert g.scores == [2, 0]


def test_illegal_exchanges():
    layout = {"g1": "statue", "m2": "cauldron", "f2": "robe"}
    g = game(layout=layout, players=3, cities=("f1", "l2", "b4"))
    play(g, "Sf1", "Dg1", "Sf1", "pass")
    play(g, "Sl2", "Dm2", "keep", "Sl2", "pass")
    play(g, "Sb4", "pass", "Sb4", "pass")
    play(g, "Sf1", "Df2")
    assert [str(a) for a in g.legal_actions()] == ["keep", "E1:cauldron"]
    refused(g, "E3:cauldron", "no seat 3")
    refused(g, "E0:cauldron", "another player")
    refused(g, "E2:cauldron", "seat 2 has no cauldron")
    refused(g, "E1:spoon", "not a kind of object")
    refused(g, "E1:lion", "not a kind of object")
    refused(g, "E1:robe", "changes nothing")
    refused(g, "E1:cauldron*", "single cauldron", "E1:cauldron")
    refused(g, "pass", "exchange the new object or keep it")


def test_refused_in_random_positions_leave_the_game_unchanged():
    rng = random.Random(5)
    g = africa.new_game(players=3, seed=11)
    probes = ["Sa1", "Dh5", "Ah5", "Nh5", ">h5", "B+", "B$", "pass", "keep", "jump", "Jf1", "Pf1", "E1:robe",
              "E2:statue*", "Sm8", "Di12"]
    checked = 0
    while not g.is_terminal():
        legal = set(g.legal_actions())
        for p in rng.sample(probes, 3):
            if p not in legal:
                refused(g, p)
                checked += 1
        g.apply(rng.choice(sorted(legal)))
    assert checked > 500


@pytest.mark.parametrize("kwargs, pattern", [
    ({"players": 1}, "players must be a whole number from 2 to 5"),
    ({"players": 6}, "from 2 to 5"),
    ({"players": "3"}, "players"),
    ({"players": True}, "players"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"seed": 1.5}, "seed"),
    ({"hidden_treasure": "yes"}, "hidden_treasure must be True or False"),
    ({"first_player": 2}, "first_player must be a seat from 0 to 1"),
    ({"first_player": -1}, "first_player"),
    ({"tile_layout": ["f2"]}, "tile_layout must map"),
    ({"tile_layout": {"a1": "lion"}}, "tile_layout: a1 is not a space"),
    ({"tile_layout": {"F2": "lion"}}, "tile_layout: 'F2' is not a space name"),
    ({"tile_layout": {"f1": "lion"}}, "f1 is a city"),
    ({"tile_layout": {"f2": "hippo"}}, "'hippo' is not a tile"),
    ({"tile_layout": {s: "monument" for s in ["f2", "g2", "h2", "i2", "j2", "k2", "c3", "d3", "e3", "f3", "g3", "h3"]}},
     "more 'monument' tiles than the game has"),
    ({"revealed": "f2"}, "revealed must be a list"),
    ({"revealed": ["f1"]}, "f1 is a city"),
    ({"revealed": ["f2", "f2"]}, "listed twice"),
    ({"revealed": ["f2"], "tile_layout": {"f2": "robe"}}, "objects never lie face up"),
    ({"data": {"format": "x"}}, "format must be 'africa-data/1'"),
    ({"data": "{not json"}, "not valid JSON"),
])
def test_bad_new_game_arguments(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        africa.new_game(**{"players": 2, "seed": 1, **kwargs})


def test_all_monuments_face_up_is_refused():
    spaces = ["f2", "g2", "h2", "i2", "j2", "k2", "c3", "d3", "e3", "f3", "g3"]
    with pytest.raises(ValueError, match="every monument"):
        africa.new_game(players=2, seed=1, tile_layout={s: "monument" for s in spaces}, revealed=spaces)


# ---------------------------------------------------------------- saved games


def saved():
    g = game()
    play(g, "Sf1", "pass")
    return json.loads(g.to_json())


@pytest.mark.parametrize("change, pattern", [
    (lambda d: d.update(format="savanna-safari-game/1"), "format must be 'savanna-africa-game/1'"),
    (lambda d: d.update(game="safari"), "game of 'safari'"),
    (lambda d: d.pop("actions"), "'actions' is missing"),
    (lambda d: d.update(extra=1), "unknown fields"),
    (lambda d: d.update(seed="7"), "'seed' must be a whole number"),
    (lambda d: d.update(players=9), "players must be"),
    (lambda d: d.update(actions="Sf1"), "list of action strings"),
    (lambda d: d.update(actions=d["actions"] + ["Dz9"]), r"action 5 \('Dz9'\) cannot be replayed"),
    (lambda d: d.update(actions=d["actions"] + ["B+"]), "cannot be replayed"),
    (lambda d: d.update(scores=[5, 0]), "the actions give scores"),
    (lambda d: d.update(over=True), "says the game is over"),
    (lambda d: d.update(first_player=5), "first_player must be a seat"),
    (lambda d: d.update(tile_layout={"f1": "lion"}), "city"),
])
def test_corrupt_saved_games(change, pattern):
    d = saved()
    change(d)
    with pytest.raises(ValueError, match=pattern):
        africa.from_json(json.dumps(d))


@pytest.mark.parametrize("text, pattern", [
    ("{", "not valid JSON"),
    ("[]", "expected a JSON object"),
    ("[" * 100000, "not valid JSON"),
    (b"\xff\xfe", "not valid JSON"),
    (None, "must be JSON text"),
])
def test_not_a_saved_game(text, pattern):
    with pytest.raises(ValueError, match=pattern):
        africa.from_json(text)
