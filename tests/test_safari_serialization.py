"""Saved games: to_json / from_json round trips, corrupt files, custom tile sets."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from savanna import safari
from builders import SCRIPTED_TILES, scripted_game, weighted_pick as pick
from savanna.safari.tileset import packaged_data, load_tiles

FORMAT = "savanna-safari-game/1"
KEYS = {"format", "game", "players", "seed", "final_scoring", "tiles", "tile_order", "token_order",
        "actions", "scores", "over"}

# ----------------------------------------------------------------- helpers




def observe(g):
    return json.loads(json.dumps({
        "phase": g.phase_name, "current": g.current_player, "scores": g.scores,
        "meeples": [g.meeples(s) for s in range(g.players)],
        "tokens": [dict(g.tokens(s)) for s in range(g.players)],
        "supply": g.supply_size(), "discards": dict(g.discard_pile()), "on_table": dict(g.tokens_on_table()),
        "board": g.tiles_on_board(), "holes": g.watering_holes(), "rangers": g.ranger_spaces(),
        "drawn": g.drawn_tile, "tiles_left": g.tiles_left, "remaining": dict(g.remaining_tiles()),
        "removed": g.removed_tiles, "history": [str(a) for a in g.history],
        "legal": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
    }, sort_keys=True, default=list))


def assert_round_trip(g):
    text = g.to_json()
    h = safari.from_json(text)
    assert h.to_json() == text
    assert observe(h) == observe(g)
    return h


def finished(seed=2, players=3, **kw):
    g = scripted_game(players=players, seed=seed, **kw)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(pick(g, rng))
    return g


def midgame(seed=5, players=3, steps=60, **kw):
    g = scripted_game(players=players, seed=seed, **kw)
    rng = random.Random(seed)
    for _ in range(steps):
        g.apply(pick(g, rng))
    assert not g.is_terminal()
    return g


def corrupt(g, change):
    data = json.loads(g.to_json())
    change(data)
    return json.dumps(data)


def refused(text, *patterns):
    with pytest.raises(ValueError) as info:
        safari.from_json(text)
    msg = str(info.value)
    for p in patterns:
        assert re.search(p, msg, re.I), f"message {msg!r} does not match {p!r}"
    return msg


# -------------------------------------------------------------- round trips


def test_saved_game_format():
    g = midgame(players=4, final_scoring="majority")
    data = json.loads(g.to_json())
    assert set(data) == KEYS
    assert data["format"] == FORMAT and data["game"] == "safari"
    assert data["players"] == 4 and data["seed"] == 5 and data["final_scoring"] == "majority"
    assert data["tiles"] == SCRIPTED_TILES and data["tile_order"] is None and data["token_order"] is None
    assert data["actions"] == [str(a) for a in g.history]
    assert all(isinstance(a, str) and a == a.strip() for a in data["actions"])
    assert data["scores"] == g.scores
    assert data["over"] is False
    assert json.loads(finished().to_json())["over"] is True


@pytest.mark.parametrize("players,seed,final_scoring", [(2, 0, "all"), (3, 1, "majority"), (4, 2, "all"),
                                                        (5, 3, "majority"), (2, -17, "all"), (3, 2**40, "all")])
def test_round_trip_at_every_step_of_a_game(players, seed, final_scoring):
    g = scripted_game(players=players, seed=seed, final_scoring=final_scoring)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 3 == 0 or g.phase_name in ("score", "ranger") or g.is_terminal():
            h = assert_round_trip(g)
            # the restored game goes on exactly as the original
            k = g.clone()
            r2 = random.Random(step)
            for _ in range(8):
                if k.is_terminal():
                    break
                a = pick(k, r2)
                k.apply(a)
                h.apply(str(a))
                assert h.scores == k.scores and h.legal_actions() == k.legal_actions()
        if g.is_terminal():
            break
        g.apply(pick(g, rng))
        step += 1
    assert g.is_terminal()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(-(2**40), 2**40), final_scoring=st.sampled_from(["all", "majority"]),
       policy=st.integers(0, 2**32), points=st.lists(st.integers(0, 300), min_size=1, max_size=4))
def test_round_trip_at_random_points(players, seed, final_scoring, policy, points):
    g = scripted_game(players=players, seed=seed, final_scoring=final_scoring)
    rng = random.Random(policy)
    step = 0
    points = set(points)
    while not g.is_terminal():
        if step in points:
            assert_round_trip(g)
        g.apply(pick(g, rng))
        step += 1
    h = assert_round_trip(g)
    assert h.is_terminal() and h.scores == g.scores and h.winners() == g.winners()


def test_round_trip_with_tile_and_token_order():
    g = scripted_game(players=3, seed=9, tile_order=["S19", "S03", "S03", "S26/5"], token_order="ZZLLGGAE")
    data = json.loads(g.to_json())
    assert data["tile_order"] == ["S19/1", "S03/1", "S03/2", "S26/5"]  # type names resolved to copies
    assert data["token_order"] == "ZZLLGGAE"
    rng = random.Random(1)
    for _ in range(40):
        assert_round_trip(g)
        g.apply(pick(g, rng))
    h = assert_round_trip(finished_from(g, rng))
    assert h.is_terminal()


def finished_from(g, rng):
    while not g.is_terminal():
        g.apply(pick(g, rng))
    return g


def test_round_trip_in_a_scoring_choice_and_a_displaced_ranger():
    g = scripted_game(players=2, seed=1, tile_order=["S32", "S05"], token_order="AE")
    for a in ["T2,0@0", "M:trail:W", "T-2,0@0", "pass"]:
        g.apply(a)
    assert g.phase_name == "score" and g.current_player == 0 and g.active_player == 1
    h = assert_round_trip(g)
    assert h.current_player == 0
    h.apply("+A")
    g.apply("+A")
    assert h.scores == g.scores == [6, 0]

    g = scripted_game(players=2, seed=1, tile_order=["S01"])
    g.apply("T-1,-1@0")
    h = assert_round_trip(g)
    assert "R1,1>2,0" not in h.legal_actions()
    g.apply("pass")
    assert g.phase_name == "ranger"
    h = assert_round_trip(g)
    assert h.scores == [3, 0]


def test_bytes_and_dicts_are_accepted():
    g = midgame()
    assert safari.from_json(g.to_json().encode("utf-8")).to_json() == g.to_json()
    assert safari.from_dict(json.loads(g.to_json())).to_json() == g.to_json()


def test_restored_game_is_independent_of_the_original():
    g = midgame()
    h = safari.from_json(g.to_json())
    before = observe(g)
    finished_from(h, random.Random(3))
    assert observe(g) == before


def test_optional_checks_may_be_left_out():
    g = midgame()
    data = json.loads(g.to_json())
    del data["scores"], data["over"]
    assert safari.from_json(json.dumps(data)).to_json() == g.to_json()


# ------------------------------------------------------------ corrupt files

NOT_JSON = ["", "   ", "{", "not json", "{'format': 'savanna-safari-game/1'}", '{"format": }',
            b"\xff\xfe\x00", "\ufeff{}", "[1, 2"]


@pytest.mark.parametrize("text", NOT_JSON)
def test_not_json(text):
    refused(text, r"not valid JSON")


def test_truncated_text():
    text = midgame().to_json()
    for cut in (1, 10, len(text) // 2):
        refused(text[:-cut], r"not valid JSON")


@pytest.mark.parametrize("text", ["[]", "42", "null", '"savanna"', "true", '[{"format": "savanna-safari-game/1"}]'])
def test_json_that_is_not_an_object(text):
    refused(text, r"saved game: expected a JSON object")


@pytest.mark.parametrize("value", [None, 5, ["{}"], {"format": FORMAT}])
def test_non_text_input(value):
    """from_json takes the text of a file; anything else is refused as such, with ValueError."""
    with pytest.raises(ValueError):
        safari.from_json(value)


def test_deeply_nested_json():
    """A hostile or broken file nested too deep for the JSON parser is still just a bad file."""
    with pytest.raises(ValueError):
        safari.from_json("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize("fmt", [None, "", "savanna-safari-game/2", "savanna-africa-game/1", "safari-tiles/1", 1])
def test_wrong_format_tag(fmt):
    g = midgame()
    refused(corrupt(g, lambda d: d.update(format=fmt)), r"format must be 'savanna-safari-game/1'", re.escape(repr(fmt)))
    refused(corrupt(g, lambda d: d.pop("format")), r"format must be")


@pytest.mark.parametrize("extra", [{"cheat": 1}, {"Actions": []}, {"score": [0, 0, 0]}, {"version": 2, "zz": None}])
def test_unknown_fields(extra):
    msg = refused(corrupt(midgame(), lambda d: d.update(extra)), r"unknown fields")
    for key in extra:
        assert repr(key) in msg


def test_an_illegal_action_in_the_list():
    g = midgame()
    acts = json.loads(g.to_json())["actions"]
    # a placement where the second action (a meeple, dig, ranger move or pass) belongs
    refused(corrupt(g, lambda d: d["actions"].__setitem__(1, acts[0])), r"action 2 \(" + re.escape(repr(acts[0])),
            r"cannot be replayed", r"illegal action")
    refused(corrupt(g, lambda d: d["actions"].insert(0, "pass")), r"action 1 \('pass'\) cannot be replayed",
            r"must be placed first")
    refused(corrupt(g, lambda d: d["actions"].__setitem__(0, "T0,0@0")), r"action 1 .*already has a tile")
    refused(corrupt(g, lambda d: d["actions"].append("+none")), rf"action {len(acts) + 1} \('\+none'\)")
    refused(corrupt(g, lambda d: d["actions"].__setitem__(4, "T1,2@45")), r"action 5 \('T1,2@45'\)", r"rotation")
    refused(corrupt(g, lambda d: d["actions"].__setitem__(2, "")), r"action 3 \(''\)", r"malformed")
    refused(corrupt(finished(), lambda d: d["actions"].append("pass")), r"game is over")


def test_truncated_action_list_with_the_final_scores_left_in():
    g = finished()
    n = len(g.history)
    for keep in (n - 1, n - 2, n - 5, n // 2, 1, 0):
        msg = refused(corrupt(g, lambda d: d.update(actions=d["actions"][:keep])), r"saved game")
        assert re.search(r"scores|over", msg), msg


def test_truncated_action_list_of_a_game_in_progress():
    g = midgame(steps=120)
    # cut just before the last action that changed the scores
    replay = scripted_game(players=g.players, seed=g.seed)
    cut = None
    for i, a in enumerate(g.history):
        before = replay.scores
        replay.apply(a)
        if replay.scores != before:
            cut = i
    assert cut is not None
    text = corrupt(g, lambda d: d.update(actions=d["actions"][:cut]))
    refused(text, r"the actions give scores \[.*\], but the file says " + re.escape(str(g.scores)))


def test_wrong_scores():
    g = finished()
    good = g.scores
    for bad in ([good[0] + 1] + good[1:], good[:-1], good + [0], [0] * len(good), "12", {"0": 1}):
        refused(corrupt(g, lambda d: d.update(scores=bad)), r"scores")


def test_wrong_over_flag():
    refused(corrupt(finished(), lambda d: d.update(over=False)), r"the file says the game is not over")
    refused(corrupt(midgame(), lambda d: d.update(over=True)), r"the file says the game is over")


@pytest.mark.parametrize("actions", ["pass", {"0": "T0,1@0"}, 5, None, [5], [None], [["T0,1@0"]], ["T0,1@0", 3]])
def test_actions_not_a_list_of_strings(actions):
    refused(corrupt(midgame(), lambda d: d.update(actions=actions)), r"'actions' must be a list of action strings")


@pytest.mark.parametrize("key,value,pattern", [
    ("seed", "5", r"'seed' must be a whole number"),
    ("seed", 5.0, r"'seed' must be a whole number"),
    ("seed", True, r"'seed' must be a whole number"),
    ("seed", None, r"'seed' must be a whole number"),
    ("seed", [5], r"'seed' must be a whole number"),
    ("players", "3", r"'players' must be a whole number"),
    ("players", 3.0, r"'players' must be a whole number"),
    ("players", None, r"'players' must be a whole number"),
    ("players", 6, r"saved game: players must be a whole number from 2 to 5"),
    ("players", 1, r"saved game: players"),
    ("final_scoring", "x", r"saved game: final_scoring must be"),
    ("tiles", "nope", r"saved game: unknown tile set 'nope'; this version of savanna knows real-1, reconstruction-1"),
    ("tiles", "{nope", r"saved game: tile set is not valid JSON"),
    ("tiles", {"format": "x"}, r"saved game: tile set format"),
    ("tiles", [], r"saved game: a tile set must be a version name or a JSON object, not list"),
    ("tiles", 5, r"saved game: a tile set must be a version name or a JSON object, not int"),
    ("tile_order", ["S99"], r"saved game: tile_order: no tile type 'S99'"),
    ("tile_order", ["S03/1", "S03/1"], r"saved game: tile_order: .* listed twice"),
    ("tile_order", [7], r"saved game: tile_order entries"),
    ("tile_order", 7, r"saved game: tile_order"),
    ("token_order", "AQ", r"saved game: token_order: 'Q'"),
    ("token_order", "A" * 11, r"saved game: token_order: more 'A'"),
    ("token_order", ["A"], r"saved game: token_order must be a string"),
])
def test_bad_game_settings(key, value, pattern):
    g = scripted_game(players=3, seed=5)
    refused(corrupt(g, lambda d: d.update({key: value})), pattern)


@pytest.mark.parametrize("key", ["players", "seed"])
def test_missing_required_settings(key):
    refused(corrupt(midgame(), lambda d: d.pop(key)), rf"'{key}' must be a whole number")


def test_a_changed_setting_is_caught_by_the_replay_or_the_scores():
    g = finished(seed=2, players=3)
    for change in (lambda d: d.update(seed=3), lambda d: d.update(players=4),
                   lambda d: d.update(final_scoring="majority" if g.final_scoring == "all" else "all"),
                   lambda d: d.update(token_order="LLLLLL")):
        text = corrupt(g, change)
        try:
            h = safari.from_json(text)
        except ValueError as e:
            assert str(e).startswith("saved game")
        else:  # accepted only if the replay really gives the same final scores
            assert h.scores == g.scores and h.is_terminal()


def test_every_error_names_the_saved_game():
    g = midgame()
    bad = [corrupt(g, lambda d: d.update(seed="x")), corrupt(g, lambda d: d.update(cheat=1)),
           corrupt(g, lambda d: d["actions"].insert(0, "pass")), corrupt(g, lambda d: d.update(players=9)),
           corrupt(g, lambda d: d.update(scores=[-1])), "[]", "{"]
    for text in bad:
        assert re.match(r"saved game", refused(text))


# --------------------------------------------------------------- custom tile sets


def small_tile_set() -> dict:
    """A custom set: five types of the game's own, other counts, a sixth animal, 3 meeples, 2-3 players."""
    d = packaged_data(SCRIPTED_TILES)
    keep = {"S01": [[""]], "S03": [["E"], ["H"], ["ZH"]], "S07": [["", "E"], ["", "H"]],
            "S26": [["E", "E"], ["H", "L"], ["A", "G"], ["L", "Z"]], "S21": [["HH"], ["L"]], "S25": [["", "A", "H"]]}
    tiles = []
    for t in d["tiles"]:
        if t["id"] in keep:
            t = dict(t, count=len(keep[t["id"]]), copies=keep[t["id"]])
            tiles.append(t)
    d["tiles"] = tiles
    d["animals"] = dict(d["animals"], H="hippo")
    d["animal_tokens"] = {"A": 4, "E": 4, "G": 3, "L": 3, "Z": 3, "H": 5}
    d["meeples_per_player"] = 3
    d["players"] = [2, 3]
    d["source"] = "a test set"
    return d


@pytest.mark.parametrize("as_text", [False, True])
def test_custom_tile_set_survives_a_round_trip(as_text):
    data = small_tile_set()
    given = json.dumps(data) if as_text else copy.deepcopy(data)
    g = scripted_game(players=3, seed=4, tiles=given, tile_order=["S25", "S03/2"], token_order="HH")
    assert g.tokens(0) == {"H": 2}
    assert sum(g.remaining_tiles().values()) + 1 == 13
    saved = json.loads(g.to_json())
    assert saved["tiles"] == data
    rng = random.Random(4)
    total = sum(data["animal_tokens"].values())
    while not g.is_terminal():
        h = assert_round_trip(g)
        assert h.remaining_tiles() == g.remaining_tiles()
        held = sum(sum(g.tokens(s).values()) for s in range(3))
        assert g.supply_size() + sum(g.discard_pile().values()) + sum(g.tokens_on_table().values()) + held == total
        assert all(0 <= g.meeples(s) <= 3 for s in range(3))
        g.apply(pick(g, rng))
    h = assert_round_trip(g)
    assert h.is_terminal() and len(h.tiles_on_board()) - 3 + len(h.removed_tiles) == 13
    assert json.loads(h.to_json())["tiles"] == data


def test_custom_tile_set_given_as_a_tile_set_object():
    data = small_tile_set()
    g = scripted_game(players=2, seed=8, tiles=load_tiles(copy.deepcopy(data)))
    finished_from(g, random.Random(8))
    h = assert_round_trip(g)
    assert json.loads(h.to_json())["tiles"] == data


def test_custom_tile_set_rules_are_kept_on_restore():
    data = small_tile_set()
    g = scripted_game(players=2, seed=8, tiles=data)
    h = safari.from_json(g.to_json())
    assert h.meeples(0) == 3
    with pytest.raises(ValueError, match="players"):
        safari.from_json(corrupt(g, lambda d: d.update(players=4)))  # the set allows 2 to 3


def test_custom_tile_set_tampered_in_the_file():
    g = scripted_game(players=2, seed=8, tiles=small_tile_set())
    finished_from(g, random.Random(2))
    # a broken set is refused with the tile set's own reason
    refused(corrupt(g, lambda d: d["tiles"]["tiles"][0].update(count=7)), r"saved game: tile S01: 'copies' must list 7")
    refused(corrupt(g, lambda d: d["tiles"].pop("start")), r"saved game: tile set needs a 'start'")
    # a valid but different set cannot replay the same game to the same end
    def swap(d):
        d["tiles"]["tiles"].reverse()
    text = corrupt(g, swap)
    try:
        h = safari.from_json(text)
    except ValueError as e:
        assert str(e).startswith("saved game")
    else:
        assert h.scores == g.scores


def test_changing_the_tile_dict_after_new_game_does_not_change_the_saved_game():
    """The game reads its tile set once; a caller later editing the dict it passed
    (say, to build the next variant) must not alter or break this game's saved file."""
    data = small_tile_set()
    g = scripted_game(players=2, seed=8, tiles=data)
    rng = random.Random(8)
    for _ in range(20):
        g.apply(pick(g, rng))
    text_before = g.to_json()
    data["tiles"][0]["count"] = 9  # the caller reuses its dict
    data["meeples_per_player"] = 1
    assert g.to_json() == text_before
    h = safari.from_json(g.to_json())
    assert observe(h) == observe(g)
