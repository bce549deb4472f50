"""Tile sets by version: real-1 for every new game, reconstruction-1 for the games saved
before versions existed (engine saves and a web app's stored games, kept as the old code
wrote them in tests/data/legacy/), a user's own set saved whole, unknown versions refused,
and each set read once and shared."""

from __future__ import annotations

import copy
import json
import pathlib
import random
import time

import pytest
from web_databases import BACKENDS, fresh_database

from savanna import safari
from savanna.safari.geometry import POINTS
from savanna.safari.tileset import TILE_SETS, TileSet, load_tiles, packaged_data

LEGACY = pathlib.Path(__file__).parent / "data" / "legacy"


def _play_out(g, seed=0, steps=None):
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal() and (steps is None or n < steps):
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return g


# ------------------------------------------------------------------ versions


def test_new_games_play_the_real_set():
    g = safari.new_game(players=2, seed=1)
    assert g.tileset.version == "real-1" and g.tile_set == "real-1"
    assert g.tileset is load_tiles("real-1") is load_tiles(None)
    assert json.loads(g.to_json())["tiles"] == "real-1"
    start = {(c.x, c.y): c.type.edge_text for c in g.tileset.start}
    assert start == {(-1, 0): "ssbs", (0, 0): "ssts", (1, 0): "btss"}


@pytest.mark.parametrize("version", list(TILE_SETS))
def test_each_packaged_set_plays_and_saves_by_its_version(version):
    g = _play_out(safari.new_game(players=3, seed=4, tiles=version), seed=4)
    data = json.loads(g.to_json())
    assert data["tiles"] == version  # the name only, not the set
    h = safari.from_json(g.to_json())
    assert h.tileset is load_tiles(version) and h.scores == g.scores and h.is_terminal()


def test_the_two_sets_differ_where_the_pictures_say():
    real, old = (load_tiles(v) for v in ("real-1", "reconstruction-1"))
    assert len(real.copies) == len(old.copies) == 72
    differ = [t.id for t in real.types if t.edge_text != old.type_by_id[t.id].edge_text]
    assert len(differ) == 30
    # the rulebook's component captions are real tiles
    s21, s31 = real.type_by_id["S21"], real.type_by_id["S31"]
    assert [f.kind for f in s21.features] == ["bush", "baobab"]
    assert [(f.kind, f.birds) for f in s31.features] == [("trail", 0), ("trail", 0), ("bush", 2)]


def test_a_game_given_an_unknown_version_is_refused():
    with pytest.raises(ValueError, match=r"unknown tile set 'real-9'; this version of savanna knows real-1, "
                                         r"reconstruction-1"):
        safari.new_game(tiles="real-9")


def test_a_save_naming_an_unknown_version_is_refused():
    data = json.loads(safari.new_game(players=2, seed=1).to_json())
    data["tiles"] = "real-2"
    with pytest.raises(ValueError, match=r"saved game: unknown tile set 'real-2'"):
        safari.from_json(json.dumps(data))


# -------------------------------------------------------------- old saves


@pytest.mark.parametrize("name", ["safari-finished.json", "safari-midgame.json"])
def test_saves_from_before_versions_replay_on_the_reconstruction(name):
    text = (LEGACY / name).read_text()
    old = json.loads(text)
    assert old["tiles"] is None  # written before versions: no set named
    g = safari.from_json(text)  # replays every action and checks the scores
    assert g.tileset.version == "reconstruction-1"
    assert g.scores == old["scores"] and g.is_terminal() == old["over"]
    assert [str(a) for a in g.history] == old["actions"]
    # saved again, it names its set, and loads the same
    again = json.loads(g.to_json())
    assert again["tiles"] == "reconstruction-1"
    assert {k: v for k, v in again.items() if k != "tiles"} == {k: v for k, v in old.items() if k != "tiles"}
    assert safari.from_json(g.to_json()).to_json() == g.to_json()


def test_an_old_save_would_not_replay_on_the_real_set():
    # the check that the version matters: the same actions on real-1 go wrong early
    old = json.loads((LEGACY / "safari-finished.json").read_text())
    old["tiles"] = "real-1"
    with pytest.raises(ValueError, match=r"saved game: (action \d+ .* cannot be replayed|the actions give scores)"):
        safari.from_json(json.dumps(old))


def test_an_unfinished_old_save_plays_on_to_the_end():
    g = safari.from_json((LEGACY / "safari-midgame.json").read_text())
    _play_out(g, seed=3)
    assert g.is_terminal() and safari.from_json(g.to_json()).scores == g.scores


# ------------------------------------------------------------- a user's set


def _own_set():
    data = packaged_data("real-1")
    del data["version"]
    data["tiles"] = [t for t in data["tiles"] if t["id"] in ("S03", "S07", "S20")]
    return data


def test_a_users_own_set_is_saved_whole_and_replays():
    own = _own_set()
    g = _play_out(safari.new_game(players=2, seed=6, tiles=own), seed=6)
    data = json.loads(g.to_json())
    assert data["tiles"] == own
    h = safari.from_json(g.to_json())
    assert h.scores == g.scores and h.tile_set == own


def test_a_users_set_that_borrows_a_packaged_version_name_is_still_saved_whole():
    own = _own_set()
    own["version"] = "real-1"
    g = safari.new_game(players=2, seed=6, tiles=own)
    assert json.loads(g.to_json())["tiles"] == own
    assert safari.from_json(g.to_json()).tileset.copies[0].type.id == "S03"


# ------------------------------------------------------------ read once


def test_each_set_is_read_once_and_shared():
    own = _own_set()
    a = load_tiles(own)
    assert load_tiles(own) is a                       # the same dict again
    assert load_tiles(copy.deepcopy(own)) is a        # the same content
    assert load_tiles(json.dumps(own)) is a           # the same content as text
    g = safari.new_game(players=2, seed=1, tiles=own)
    assert g.tileset is a and g.clone().tileset is a
    assert safari.from_json(g.to_json()).tileset is a


def test_a_dict_changed_after_loading_is_read_again():
    own = _own_set()
    a = load_tiles(own)
    own["tiles"][0]["copies"][0] = ["L"]
    b = load_tiles(own)
    assert b is not a and b.copies[0].animals == ("L",)
    assert a.copies[0].animals == ("E",)              # the first set is untouched
    g = safari.new_game(players=2, seed=1, tiles=own)
    own["tiles"][0]["copies"][0] = ["Z"]              # and a game keeps its own copy
    assert g.tileset.copies[0].animals == ("L",)


# -------------------------------------------------- a web app's stored game


@pytest.fixture(params=BACKENDS)
def old_database(request, tmp_path):
    """A games database holding one game as the web app stored it before tile-set versions."""
    pytest.importorskip("sqlalchemy")
    from savanna.web.store.storage import Store

    url = fresh_database(request.param, tmp_path)
    rec = json.loads((LEGACY / "web-record.json").read_text())
    assert "tiles" not in rec["settings"]
    store = Store(url)
    made = store.create(settings=rec["settings"], seats=rec["seats"], actions=rec["actions"], status=rec["status"],
                        summary=rec["summary"], listed=rec["listed"], game=rec["game"])
    store.close()
    return url, made.id, rec


def test_a_game_stored_before_versions_resumes_after_a_restart_on_the_new_code(old_database):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from web_apps import create_app

    from savanna.web.table.service import GameService
    from savanna.web.store.storage import Store

    url, gid, rec = old_database
    store = Store(url)
    try:  # rebuilt by the new code from the row alone: the old game, its scores
        pos = GameService(store).position(store.get(gid))
        assert pos.game.tileset.version == "reconstruction-1" and pos.game.scores == rec["summary"]["scores"]
    finally:
        store.close()
    with TestClient(create_app(url, search_processes=False)) as client:  # a server started on the new code
        v = client.get(f"/api/games/{gid}").json()
        # the computer seat moves on; then the person, on the tiles the game was dealt
        deadline = time.monotonic() + 20
        while v["current_player"] != 0:
            assert time.monotonic() < deadline
            v = client.get(f"/api/games/{gid}").json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": rec["token"], "action": v["legal_actions"][0]})
        assert r.status_code == 200, r.text
        r = client.get(f"/api/games/{gid}/export", params={"token": rec["token"]})
        assert r.status_code == 200, r.text
        assert json.loads(r.text)["tiles"] == "reconstruction-1"  # the download names its set
    store = Store(url)
    try:
        now = store.get(gid)
        assert now.actions[:len(rec["actions"])] == rec["actions"] and len(now.actions) > len(rec["actions"])
        g = safari.new_game(players=2, seed=rec["settings"]["seed"], tiles="reconstruction-1")
        for a in now.actions:
            g.apply(a)
        assert now.summary["scores"] == g.scores
    finally:
        store.close()


# ------------------------------------------------------------- the deal


def test_the_deal_is_cpython_3_11s_shuffle_written_out():
    # every saved game's deal depends on these steps: they must stay those of Random.shuffle
    from savanna.safari.tokens import shuffled

    for seed in range(200):
        for n in (0, 1, 2, 5, 50, 72):
            expected = list(range(n))
            random.Random(f"safari/{seed}/tiles").shuffle(expected)
            assert shuffled(seed, "tiles", range(n)) == expected


def test_new_games_share_the_laid_start_but_not_its_state():
    a, b = safari.new_game(players=2, seed=1), safari.new_game(players=2, seed=1)
    a.apply(a.legal_actions()[0])
    assert b.board != a.board and len(b.board) == 3 and b.to_json() == safari.new_game(players=2, seed=1).to_json()


def test_a_tile_types_fit_table_is_every_pattern_its_edges_match():
    # built from the 16 patterns each rotation fits: the same as trying all 256
    import itertools

    from savanna.safari.tileset import NO_NEIGHBOUR, TileType

    for edges in itertools.product("stb", repeat=4):
        tt = TileType("X", "".join(edges), [], [])
        for pattern in range(256):
            need = [(pattern >> (2 * d)) & 3 for d in range(4)]
            assert tt.fits[pattern] == tuple(r for r in range(4) if all(
                n in (NO_NEIGHBOUR, e) for n, e in zip(need, tt.rotations[r].edges))), (edges, pattern)


@pytest.mark.parametrize("tile, index, at, ok", [("S11", 2, "NE", True), ("S11", 2, "C", False), ("S11", 2, 3, False),
                                                 ("S11", 2, None, True), ("S11", 0, "N", False)])
def test_a_baobabs_place_on_its_picture_is_a_point_of_the_compass_and_only_a_baobabs(tile, index, at, ok):
    data = copy.deepcopy(packaged_data("real-1"))
    feature = next(t for t in data["tiles"] if t["id"] == tile)["features"][index]
    if at is None:
        feature.pop("at", None)
    else:
        feature["at"] = at
    if ok:
        load_tiles(data)
    else:
        with pytest.raises(ValueError, match=f"tile {tile}: feature {index + 1} .*'at'"):
            load_tiles(data)


def test_the_real_sets_baobabs_turn_with_their_tiles():
    from savanna.safari.inspection import tile_layout

    s11 = next(t for t in load_tiles("real-1").types if t.id == "S11")
    places = [next(f["at"] for f in tile_layout(s11, r, ("", "", ""))["features"] if f["kind"] == "baobab")
              for r in range(4)]
    assert places == ["SE", "SW", "NW", "NE"]


def test_the_pictures_places_reach_the_set_read_and_the_packaged_file_stays_its_sources_copy():
    """The tile file is compared with its source (test_project); the baobabs' places come from
    safari-pictures.json, each naming a tile of the set that has a baobab, and reach the set read."""
    from savanna.safari.tileset import pictures

    assert not any("at" in f for t in packaged_data("real-1")["tiles"] for f in t["features"])
    places = pictures("real-1")["baobab_at"]
    assert places == {"S11": "SE", "S12": "NW", "S16": "NW", "S25": "N"}
    ts = load_tiles("real-1")
    placed = {t.id: [f.at for f in t.features if f.at is not None] for t in ts.types}
    assert {k: v for k, v in placed.items() if v} == {k: [POINTS.index(v)] for k, v in places.items()}
    assert pictures("reconstruction-1") == {}  # its invented tiles have no pictures
    with pytest.raises(ValueError, match="pictures place a baobab on tile S03, which has none"):
        TileSet(packaged_data("real-1"), packaged=True, pictures={"baobab_at": {"S03": "N"}})
