"""The game data: the reconstructed map and mix, their checks, and another map
and mix dropping in without code."""

from __future__ import annotations

import copy
import json
import random

import pytest

from savanna import africa
from savanna.africa.board import parse_label
from savanna.africa.tiles import default_data, load_data


def test_the_default_map_and_mix():
    gd = load_data()
    b = gd.board
    assert len(b.discovery) == 96 and len(b.cities) == 5 and b.n == 101
    assert gd.total == 96 and gd.monuments == 11
    assert sorted(b.city_name[c] for c in b.cities) == ["Algiers", "Cairo", "Cape Town", "Dakar", "Zanzibar"]
    for c in b.cities:                       # every city has room around it
        assert sum(1 for nb in b.neighbours[c] if not b.is_city[nb]) >= 4
        assert all(b.distance(c, o) >= 5 for o in b.cities if o != c)
    kinds = {}
    for t in gd.types:
        kinds[t.kind] = kinds.get(t.kind, 0) + t.count
    assert kinds == {"animal": 35, "gold": 8, "gems": 8, "object": 20, "nomad": 14, "monument": 11}
    assert {t.id for t in gd.types if t.kind == "object"} >= {"statue", "cauldron", "robe"}
    assert {t.value for t in gd.types if t.kind in ("gold", "gems")} == {1, 2}
    assert (gd.camps_per_player, gd.camp_supply, gd.last_monument_bonus) == (2, 10, 3)
    assert gd.object_sets == (0, 1, 3, 5, 8, 12) and gd.treasure_awards == (10, 6)


def test_neighbours_are_symmetric_and_at_distance_one():
    b = load_data().board
    for sp in range(b.n):
        assert len(b.neighbours[sp]) <= 6
        for nb in b.neighbours[sp]:
            assert sp in b.neighbours[nb] and b.distance(sp, nb) == 1
    # odd-r: the second row sits half a hex east, so e2 touches e1 and f1
    e2 = b.space("e2")
    assert {b.labels[n] for n in b.neighbours[e2]} == {"f2", "f3", "e3", "d2", "e1", "f1"}


def test_labels():
    assert parse_label("f1") == (0, 5) and parse_label("b12") == (11, 1)
    for bad in ("F1", "f0", "1f", "ff", "f", ""):
        with pytest.raises(ValueError):
            parse_label(bad)


SMALL = {
    "format": "africa-data/1",
    "players": [2, 2],
    "map": {"rows": ["o1ooo", "ooooo", "ooo2o"], "cities": {"1": "North", "2": "South"}},
    "tiles": [
        {"id": "elephant", "kind": "animal", "count": 3},
        {"id": "gold-1", "kind": "gold", "value": 1, "count": 2},
        {"id": "statue", "kind": "object", "count": 2},
        {"id": "robe", "kind": "object", "count": 1},
        {"id": "nomads", "kind": "nomad", "count": 2},
        {"id": "monument", "kind": "monument", "count": 3},
    ],
    "camps_per_player": 1,
    "camp_supply": 2,
}


def test_another_map_and_mix_drop_in_without_code():
    for seed in range(30):
        g = africa.new_game(players=2, seed=seed, data=SMALL)
        assert g.tiles_face_down == 13 and g.camps(0) == 1 and g.camp_supply == 2
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        assert g.monuments_found == 3
        r = africa.from_json(g.to_json())       # the data travels with the saved game
        assert r.scores == g.scores and r.board.labels == g.board.labels
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 2"):
        africa.new_game(players=3, data=SMALL)


def test_data_as_json_text():
    g = africa.new_game(players=2, seed=1, data=json.dumps(SMALL))
    assert g.board.n == 15


def bad(**changes):
    d = copy.deepcopy(SMALL)
    for k, v in changes.items():
        if v is None:
            d.pop(k)
        else:
            d[k] = v
    return d


def with_map(rows, cities=None):
    return bad(map={"rows": rows, "cities": cities or {"1": "North", "2": "South"}})


@pytest.mark.parametrize("data, pattern", [
    ([], "expected a JSON object"),
    (bad(format="africa-data/2"), "format must be"),
    (bad(colour="red"), "unknown fields"),
    (bad(map=None), "'map' must be an object"),
    (with_map(["o1ooo", "ooooo", "ooo2o", "ooooo"]), "13 tiles for 18 discovery spaces"),
    (with_map(["o1ooo", "ooooo", "ooo2x"]), "neither 'o', '.' nor a city mark"),
    (with_map(["o1ooo", "ooooo", "ooo1o"]), "appears twice"),
    (with_map(["o1ooo", "ooooo", "ooooo"]), "not drawn on the map"),
    (with_map(["o1ooo", "o2ooo", "ooooo"]), "touch"),
    (with_map(["1oooo", "ooooo", "ooo2o"], {"1": "A", "2": "A"}), "same name"),
    (with_map(["o1ooo", ".....", "ooo2o"]), "one piece"),
    (with_map(["1....", "oo.oo", "ooo2o", "ooooo"]), "at least two"),
    (with_map("o1ooo"), "non-empty list of strings"),
    (bad(tiles=[]), "'tiles' must be a non-empty list"),
    (bad(tiles=[{"id": "Elephant", "kind": "animal", "count": 13}]), "lowercase word"),
    (bad(tiles=[{"id": "hippo", "kind": "fish", "count": 13}]), "kind must be one of"),
    (bad(tiles=[{"id": "hippo", "kind": "animal", "count": 0}]), "count must be"),
    (bad(tiles=[{"id": "gold", "kind": "gold", "count": 13}]), "needs a value"),
    (bad(tiles=[{"id": "hippo", "kind": "animal", "value": 2, "count": 13}]), "only gold and gems"),
    (bad(tiles=[{"id": "hippo", "kind": "animal", "count": 13, "legs": 4}]), "unknown fields"),
    (bad(tiles=[{"id": "m", "kind": "monument", "count": 7}, {"id": "m", "kind": "monument", "count": 6}]),
     "same id"),
    (bad(tiles=[{"id": "hippo", "kind": "animal", "count": 13}]), "at least one monument"),
    (bad(tiles=[{"id": "m", "kind": "monument", "count": 6}, {"id": "pot", "kind": "object", "count": 7}]),
     "only scores sets of up to 5"),
    (bad(players=[2, 3]), "3 players need 3 cities"),
    (bad(players=[3, 2]), "'players' must be"),
    (bad(camp_supply=-1), "'camp_supply' must be"),
    (bad(object_sets=[1, 2]), "starting with 0"),
    (bad(treasure_awards=[10]), "'treasure_awards' must be"),
])
def test_bad_data_is_refused_clearly(data, pattern):
    with pytest.raises(ValueError, match=pattern):
        africa.new_game(players=2, seed=1, data=data)


def test_default_data_is_package_data():
    d = default_data()
    assert d["format"] == "africa-data/1"
    d["tiles"] = []                           # a fresh copy: changing it changes nothing
    assert load_data().total == 96


def test_the_registry_finds_africa():
    from savanna.games import game_module

    m = game_module("africa")
    g = m.new_game(players=3, seed=1)
    assert type(g).__module__ == "savanna.africa.game" and m.from_json(g.to_json()).scores == g.scores
