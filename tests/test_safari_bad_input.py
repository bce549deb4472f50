"""Bad input: malformed notation, illegal but well-formed actions in every phase,
and bad arguments to new_game. Each must raise ValueError with a message that
says what is wrong, and a refused action must leave the game exactly as it was.
"""

from __future__ import annotations

import functools
import json
import random
import re

import pytest

from savanna import safari
from builders import SCRIPTED_TILES, scripted_game, weighted_pick
from savanna.safari.tileset import packaged_data

# ----------------------------------------------------------------- helpers


def state(g):
    """The saved game and everything observable, to show that nothing changed."""
    return (g.to_json(), g.phase_name, g.current_player, g.scores, [g.meeples(s) for s in range(g.players)],
            [g.tokens(s) for s in range(g.players)], g.supply_size(), g.discard_pile(), g.tokens_on_table(),
            g.ranger_spaces(), g.drawn_tile, g.tiles_left, g.removed_tiles, g.tiles_on_board(),
            g.watering_holes(), [str(a) for a in g.legal_actions()])


def refused(g, action, *patterns):
    """Apply `action`; it must raise ValueError whose message matches every pattern
    (case-insensitive regexes), and leave the game byte-for-byte unchanged."""
    before_json = g.to_json()
    before = state(g)
    with pytest.raises(ValueError) as info:
        g.apply(action)
    msg = str(info.value)
    for p in patterns:
        assert re.search(p, msg, re.I), f"message {msg!r} does not match {p!r}"
    assert g.to_json() == before_json, f"{action!r} changed the saved game"
    assert state(g) == before, f"{action!r} changed the game"
    return msg




def first_legal(g, prefix, avoid=()):
    for a in g.legal_actions():
        if a.startswith(prefix) and not any(a.startswith(x) for x in avoid):
            return a
    raise AssertionError(f"no legal action starting with {prefix!r} in {g.legal_actions()}")


def finished_game(seed=4, players=3):
    g = scripted_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        g.apply(weighted_pick(g, rng))
    return g


# --------------------------------------------------------- malformed notation

MALFORMED = [
    ("", r"malformed action ''"),
    ("   ", r"malformed"),
    ("garbage", r"malformed action 'garbage'"),
    ("hello world", r"malformed"),
    ("T1,2@45", r"rotation must be 0, 90, 180 or 270"),
    ("T1,2@360", r"rotation"),
    ("T1,2", r"malformed tile placement 'T1,2'.*T<x>,<y>@<rotation>"),
    ("T1@0", r"malformed tile placement"),
    ("T1,2@", r"malformed tile placement"),
    ("Tx,y@0", r"malformed tile placement"),
    ("T1.5,2@0", r"malformed tile placement"),
    ("T1,2@-90", r"malformed tile placement"),
    ("t1,2@0", r"malformed action"),
    ("M:road", r"malformed meeple action 'M:road'.*trail\|bush\|baobab"),
    ("M", r"malformed meeple action"),
    ("M:trail:X", r"malformed meeple action"),
    ("M:trail:", r"malformed meeple action"),
    ("M:baobab:N", r"baobab has no side"),
    ("D1,0:XX=G", r"malformed watering hole action 'D1,0:XX=G'.*NE\|SE\|SW\|NW"),
    ("D1,0:SE", r"malformed watering hole action"),
    ("D1,0:SE=", r"malformed watering hole action"),
    ("D1,0:SE=g", r"malformed watering hole action"),
    ("X2,0:SW=ZZ", r"malformed watering hole action"),
    ("X2:SW=Z", r"malformed watering hole action"),
    ("R1,1>", r"malformed ranger move 'R1,1>'"),
    ("R1,1", r"malformed ranger move"),
    ("R>", r"malformed ranger placement 'R>'"),
    ("R>3", r"malformed ranger placement"),
    ("R>3,0>4,0", r"malformed ranger placement"),
    ("+", r"malformed token addition"),
    ("+lion", r"malformed token addition"),
    ("+AE", r"malformed token addition"),
    ("+None", r"malformed token addition"),
    ("PASS", r"malformed"),
    ("passes", r"malformed"),
    ("pass pass", r"malformed"),
    ("T1,2@90;pass", r"malformed"),
    ("\x00", r"malformed"),
]

HUGE = [
    ("T99999,0@0", r"malformed tile placement"),  # more digits than any coordinate may have
    ("T12345678901234567890,0@0", r"malformed tile placement"),
    ("T5000,0@0", r"coordinates must lie within"),
    ("T0,-5000@0", r"coordinates must lie within"),
    ("D600,0:NE=A", r"coordinates must lie within"),
    ("X0,-511:NE=A", r"coordinates must lie within"),
    ("R-1,-1>9999,0", r"coordinates must lie within"),
    ("R9999,0>0,1", r"coordinates must lie within"),
    ("R>-9999,0", r"coordinates must lie within"),
]


@pytest.mark.parametrize("text,pattern", MALFORMED + HUGE)
def test_malformed_notation_is_refused_with_a_reason(text, pattern):
    with pytest.raises(ValueError, match=re.compile(pattern, re.I)):
        safari.parse_action(text)
    g = scripted_game(players=3, seed=7)
    refused(g, text, pattern)


@pytest.mark.parametrize("text,pattern", MALFORMED + HUGE)
def test_malformed_notation_is_refused_in_every_phase(text, pattern):
    for g in phase_games().values():
        refused(g, text, pattern)


@pytest.mark.parametrize("value", [None, 5, 0, 2.5, True, ["pass"], ("pass",), {"pass": 1}, b"pass",
                                   bytearray(b"pass"), object(), Exception("pass")])
def test_non_string_actions_are_refused(value):
    g = scripted_game(players=2, seed=1)
    refused(g, value, r"must be a string", type(value).__name__)
    with pytest.raises(ValueError, match="must be a string"):
        safari.parse_action(value)


def test_error_messages_quote_the_offending_action():
    g = scripted_game(players=2, seed=1)
    for text in ["T0,0@0", "T7,7@90", "pass", "M:trail", "+A", "R>3,0"]:
        msg = refused(g, text)
        assert text in msg


# ------------------------------------------------- states in each phase


def phase_games() -> dict[str, safari.Game]:
    """One game in each phase (fresh copies)."""
    return {name: g.clone() for name, g in _phase_games().items()}


@functools.lru_cache(maxsize=1)
def _phase_games() -> dict[str, safari.Game]:
    out = {}
    g = scripted_game(players=2, seed=1)
    out["place"] = g.clone()
    g.apply(first_legal(g, "T", avoid=("T-1,-1@", "T1,1@")))
    out["action"] = g.clone()
    out["score"] = score_phase_game()
    out["ranger"] = ranger_phase_game()
    out["over"] = finished_game()
    for name, game in out.items():
        assert game.phase_name == name
    return out


def score_phase_game():
    """Seat 0 puts a meeple on the start trail (closed at its east end by S32);
    seat 1 closes the west end with the junction S05: seat 0 must choose a token
    (holding an ape and an elephant; the trail shows an elephant and giraffes)."""
    g = scripted_game(players=2, seed=1, tile_order=["S32", "S05"], token_order="AE")
    g.apply("T2,0@0")
    g.apply("M:trail:W")
    g.apply("T-2,0@0")
    g.apply("pass")
    assert g.phase_name == "score"
    return g


def ranger_phase_game():
    """Seat 0 places a baobab tile on the first ranger's space."""
    g = scripted_game(players=2, seed=1, tile_order=["S01"])
    g.apply("T-1,-1@0")
    g.apply("pass")
    assert g.phase_name == "ranger"
    return g


# ------------------------------------------------------------- place phase


def test_place_phase_refuses_bad_placements():
    g = scripted_game(players=2, seed=1, tile_order=["S15"])  # bush N and S, savanna E and W
    assert g.phase_name == "place"
    refused(g, "T0,0@0", r"space 0,0 already has a tile")
    refused(g, "T-1,0@90", r"already has a tile")
    refused(g, "T5,5@0", r"space 5,5 is not next to any tile")
    refused(g, "T-3,0@0", r"not next to any tile")
    refused(g, "T1,-2@0", r"not next to any tile")  # diagonal only counts as next to nothing
    # below the start tile's savanna south edge the bush cannot go north-south
    refused(g, "T0,1@0", r"S15/1", r"bush on its N edge where the neighbour shows savanna")
    refused(g, "T0,1@180", r"bush", r"savanna")
    # the start tile's north bush edge wants bush
    refused(g, "T0,-1@90", r"savanna on its S edge where the neighbour shows bush")
    g.apply("T0,1@90")  # the legal way round


@pytest.mark.parametrize("text,pattern", [
    ("M:trail", r"placed first"), ("M:baobab", r"placed first"), ("pass", r"placed first"),
    ("D-1,0:NE=A", r"placed first"), ("X-1,0:NE=A", r"placed first"), ("R-1,-1>0,-1", r"placed first"),
    ("+none", r"placed first"), ("+A", r"placed first"), ("+Q", r"placed first"), ("R>0,-1", r"placed first"),
])
def test_place_phase_refuses_every_other_kind_of_action(text, pattern):
    g = scripted_game(players=3, seed=11)
    refused(g, text, pattern, re.escape(g.drawn_tile))


# ------------------------------------------------------------ action phase


def test_meeple_on_a_feature_the_tile_lacks_or_names_ambiguously():
    g = scripted_game(players=2, seed=1, tile_order=["S15"])
    g.apply("T0,-1@0")  # two separate bushes, N and S
    refused(g, "M:bush", r"several bushs?|name one by its side")
    refused(g, "M:trail", r"S15/1", r"has no (a )?trail")
    refused(g, "M:trail:N", r"no (a )?trail on its N edge")
    refused(g, "M:baobab", r"no (a )?baobab")
    refused(g, "M:bush:E", r"no (a )?bush on its E edge")
    g.apply("M:bush:N")  # legal: both bushes are free


def test_meeple_on_an_occupied_feature():
    g = scripted_game(players=2, seed=1, tile_order=["S32", "S05"], token_order="AE")
    g.apply("T2,0@0")
    g.apply("M:trail:W")  # seat 0 takes the start trail
    g.apply("T-2,0@0")    # seat 1 closes its west end
    assert "M:trail:E" not in g.legal_actions()
    refused(g, "M:trail:E", r"already has a meeple")
    refused(g, "M:trail", r"several trails|name one")
    assert "M:trail:S" in g.legal_actions()


def test_meeple_and_dig_without_a_meeple_in_supply():
    tiles = packaged_data(SCRIPTED_TILES)
    tiles["meeples_per_player"] = 1
    g = scripted_game(players=2, seed=3, tiles=tiles, tile_order=["S01", "S01", "S02"], token_order="AEGL")
    g.apply("T0,1@0")
    g.apply("M:baobab")
    assert g.meeples(0) == 0
    g.apply("T-1,1@0")
    g.apply("pass")
    g.apply(first_legal(g, "T", avoid=("T-1,-1@", "T1,1@")))
    assert g.current_player == 0 and g.phase_name == "action"
    hand = sorted(g.tokens(0))
    assert hand
    assert not [a for a in g.legal_actions() if a.kind in ("M", "D")]
    refused(g, "M:baobab", r"seat 0 has no meeple")
    refused(g, f"D-1,0:NE={hand[0]}", r"needs a meeple", r"seat 0")


def test_dig_and_expand_refusals():
    # seat 0 holds two apes; seat 1 an ape and an elephant
    g = scripted_game(players=2, seed=1, tile_order=["S01", "S01"], token_order="AAAE")
    g.apply("T0,1@0")
    refused(g, "D0,1:NE=Z", r"seat 0 has no zebra token")
    refused(g, "D0,1:NE=Q", r"'Q' is not an animal")
    refused(g, "D0,0:NE=A", r"corner NE of 0,0 is not open savanna")  # the start tile's bush edge
    refused(g, "D5,5:NE=A", r"no tile at 5,5")
    refused(g, "D0,3:NE=A", r"no tile at 0,3")
    refused(g, "X0,1:NE=A", r"expanding needs a token next to that corner")
    refused(g, "X-1,0:SE=A", r"expanding needs a token")
    g.apply("D0,1:NE=A")  # point (1,1): slot 3
    assert g.scores == [3, 0]

    g.apply("T-1,1@0")  # seat 1
    refused(g, "D0,1:NE=E", r"already holds a token")
    refused(g, "X0,1:NE=E", r"already holds a token")
    refused(g, "D0,0:SE=E", r"only be dug at a point with no token")   # slot 0: next to the ape
    refused(g, "D1,1:NW=E", r"no tile at 1,1")
    refused(g, "X0,0:SE=A", r"already has an? ape")
    refused(g, "X0,0:SE=G", r"seat 1 has no giraffe token")
    refused(g, "D1,0:SW=Z", r"seat 1 has no zebra")
    assert "D1,0:SW=E" in g.legal_actions()   # slot 1 lies diagonally across: a new hole
    assert "X0,0:SE=E" in g.legal_actions()
    g.apply("X0,0:SE=E")
    assert g.scores == [3, 4]


def test_dig_and_expand_without_any_token():
    no_tokens = tiles_with(lambda d: d.update(animal_tokens={a: 0 for a in d["animals"]}))
    g = scripted_game(players=2, seed=1, tiles=no_tokens, tile_order=["S01"])
    g.apply("T0,1@0")
    assert sum(g.tokens(0).values()) == 0
    assert not [a for a in g.legal_actions() if a.kind in ("D", "X")]
    refused(g, "D0,1:NE=A", r"seat 0 has no ape token")
    refused(g, "D-1,0:SE=G", r"seat 0 has no giraffe token")
    refused(g, "X0,1:NE=A", r"no ape token|expanding needs")


def test_expand_needs_a_neighbouring_token_not_a_diagonal_one():
    g = scripted_game(players=2, seed=1, tile_order=["S01", "S01", "S03"], token_order="AAEE")
    g.apply("T0,1@0")
    g.apply("D0,1:NE=A")  # point (1,1), slot 3
    g.apply(first_legal(g, "T", avoid=("T-1,-1@", "T1,1@", "T2,0@", "T1,-1@")))
    # slot 1 of that point (SW corner of (1,0)) is diagonal to the ape: expanding there is refused
    refused(g, "X1,0:SW=E", r"expanding needs a token next to that corner")


def test_ranger_moves_refused():
    g = scripted_game(players=2, seed=1)
    g.apply(first_legal(g, "T", avoid=("T-1,-1@", "T1,1@")))
    assert sorted(g.ranger_spaces()) == [(-1, -1), (1, 1)]
    refused(g, "R-1,-1>0,0", r"space 0,0 holds a tile")
    refused(g, "R-1,-1>1,1", r"the other ranger stands on 1,1")
    refused(g, "R1,1>-1,-1", r"the other ranger stands on -1,-1")
    refused(g, "R-1,-1>-1,-1", r"move to another space")
    refused(g, "R5,5>2,0", r"no ranger stands on 5,5")
    refused(g, "R0,0>2,0", r"no ranger stands on 0,0")
    refused(g, "R-1,-1>9,9", r"space 9,9 is not next to a tile")
    refused(g, "R-1,-1>2,-1", r"not next to a tile")  # diagonal to (1,0) only
    refused(g, "R>2,0", r"after placing a tile")
    refused(g, "+none", r"after placing a tile")
    refused(g, "T2,0@0", r"after placing a tile")
    g.apply("R-1,-1>2,0")


def test_no_ranger_move_in_a_turn_that_displaced_one():
    g = scripted_game(players=2, seed=1, tile_order=["S01"])
    g.apply("T-1,-1@0")
    assert g.ranger_spaces()[0] is None
    assert not [a for a in g.legal_actions() if a.kind == "R"]
    refused(g, "R1,1>2,0", r"no ranger may be moved in a turn whose tile displaced one")
    refused(g, "R1,1>-2,0", r"displaced")


# ------------------------------------------------------------- score phase


def test_score_phase_refusals():
    g = score_phase_game()
    assert g.current_player == 0 and g.active_player == 1  # the choice falls to another seat
    assert sorted(g.legal_actions()) == ["+A", "+none"]
    refused(g, "+E", r"already has an? elephant")
    refused(g, "+G", r"seat 0 has no giraffe token")
    refused(g, "+L", r"seat 0 has no lion token")
    refused(g, "+Q", r"'Q' is not an animal")
    for text in ["pass", "T1,1@0", "M:trail:S", "D-1,0:NE=A", "X-1,0:NE=A", "R1,1>2,1", "R>2,1"]:
        refused(g, text, r"seat 0 must choose a token")
    g.apply("+A")
    assert g.scores == [6, 0]
    assert g.phase_name == "place"


# ------------------------------------------------------------ ranger phase


def test_ranger_return_refusals():
    g = ranger_phase_game()
    assert g.scores == [3, 0]
    refused(g, "R>0,0", r"space 0,0 holds a tile")
    refused(g, "R>-1,-1", r"space -1,-1 holds a tile")  # where it stood: now a tile
    refused(g, "R>1,1", r"the other ranger stands on 1,1")
    refused(g, "R>9,9", r"not next to a tile")
    refused(g, "R>-2,-2", r"not next to a tile")
    for text in ["pass", "T-2,-1@0", "M:baobab", "R1,1>2,0", "+none", "D-1,-1:NE=A"]:
        refused(g, text, r"displaced ranger must be put back")
    g.apply("R>-1,-2")
    assert g.ranger_spaces() == [(-1, -2), (1, 1)]


# ---------------------------------------------------------------- game over


@pytest.mark.parametrize("text", ["pass", "T0,1@0", "T99,99@0", "M:trail", "D0,1:NE=A", "X0,1:NE=A",
                                  "R1,1>2,1", "+none", "+A", "R>2,1"])
def test_any_action_after_the_end_is_refused(text):
    g = finished_game()
    assert g.legal_actions() == []
    refused(g, text, r"game is over")


# ----------------------------------- every well-formed action not legal is refused

ANIMALS = "AEGLZQ"


def candidate_actions(g, rng, n=200):
    spaces = {(t["x"], t["y"]) for t in g.tiles_on_board()}
    near = sorted({(x + dx, y + dy) for x, y in spaces for dx in (-1, 0, 1) for dy in (-1, 0, 1)})
    out = {"pass", "+none", "M:baobab"} | {f"+{a}" for a in ANIMALS}
    out |= {f"M:{k}" for k in ("trail", "bush")} | {f"M:{k}:{s}" for k in ("trail", "bush") for s in "NESW"}
    rangers = [r for r in g.ranger_spaces() if r] + [(0, 0)]
    for _ in range(n):
        x, y = rng.choice(near)
        kind = rng.randrange(5)
        if kind == 0:
            out.add(f"T{x},{y}@{rng.choice((0, 90, 180, 270))}")
        elif kind == 1:
            out.add(f"R>{x},{y}")
        elif kind == 2:
            rx, ry = rng.choice(rangers)
            out.add(f"R{rx},{ry}>{x},{y}")
        else:
            out.add(f"{'DX'[kind - 3]}{x},{y}:{rng.choice(('NE', 'SE', 'SW', 'NW'))}={rng.choice(ANIMALS)}")
    return sorted(out)


@pytest.mark.parametrize("seed", range(4))
def test_well_formed_actions_outside_legal_actions_are_refused_and_change_nothing(seed):
    """apply() accepts exactly legal_actions(), up to spelling a meeple's feature by
    another of its edges (SAFARI.md: 'named by its kind and any of its edges')."""
    g = scripted_game(players=2 + seed % 4, seed=seed)
    rng = random.Random(seed)
    step = 0
    checked_phases = set()
    while not g.is_terminal():
        if g.phase_name in ("score", "ranger") or step % 11 == 0:
            checked_phases.add(g.phase_name)
            legal = set(g.legal_actions())
            for text in candidate_actions(g, rng):
                if text in legal:
                    continue
                if text.startswith("M:"):
                    h = g.clone()
                    try:
                        h.apply(text)
                    except ValueError:
                        assert state(h) == state(g)
                        continue
                    # accepted: it must be another spelling of a legal meeple action
                    same = []
                    for m in legal:
                        if m.kind == "M":
                            k = g.clone()
                            k.apply(m)
                            same.append(state(k)[1:] == state(h)[1:])
                    assert any(same), f"{text} accepted in phase {g.phase_name} but not in legal_actions"
                    continue
                refused(g, text)
        g.apply(weighted_pick(g, rng))
        step += 1
    assert {"place", "action"} <= checked_phases
    refused(g, "pass", r"over")


# ------------------------------------------------------------- new_game arguments


BAD_ARGUMENTS = [
    (dict(players=1), r"players must be a whole number from 2 to 5, not 1"),
    (dict(players=6), r"players .* not 6"),
    (dict(players=0), r"players"),
    (dict(players=-2), r"players"),
    (dict(players="2"), r"players .* not '2'"),
    (dict(players=2.0), r"players"),
    (dict(players=True), r"players"),
    (dict(players=None), r"players"),
    (dict(final_scoring="x"), r"final_scoring must be 'all' .* or 'majority' .*, not 'x'"),
    (dict(final_scoring="ALL"), r"final_scoring"),
    (dict(final_scoring=None), r"final_scoring"),
    (dict(final_scoring=""), r"final_scoring"),
    (dict(seed="1"), r"seed must be a whole number"),
    (dict(seed=1.5), r"seed"),
    (dict(seed=True), r"seed"),
    (dict(seed=[1]), r"seed"),
    (dict(tile_order=["S99"]), r"tile_order: no tile type 'S99'"),
    (dict(tile_order=["S03/9"]), r"tile_order: no tile copy 'S03/9'"),
    (dict(tile_order=["S03/0"]), r"no tile copy"),
    (dict(tile_order=["START"]), r"no tile type 'START'"),
    (dict(tile_order=["s03"]), r"no tile type 's03'"),
    (dict(tile_order=[""]), r"tile_order"),
    (dict(tile_order=["S03/1", "S03/1"]), r"'S03/1' is listed twice"),
    (dict(tile_order=["S03", "S03/1"]), r"'S03/1' is listed twice"),
    (dict(tile_order=["S19", "S19"]), r"no copy of 'S19' is left"),
    (dict(tile_order=["S03"] * 5), r"no copy of 'S03' is left"),
    (dict(tile_order=[3]), r"tile_order entries must be tile names"),
    (dict(tile_order=[None]), r"tile_order"),
    (dict(tile_order=[["S03"]]), r"tile_order"),
    (dict(tile_order="S03 S99"), r"no tile type 'S99'"),
    (dict(tile_order=5), r"tile_order"),
    (dict(tile_order=3.5), r"tile_order"),
    (dict(tile_order=True), r"tile_order"),
    (dict(token_order="AEQ"), r"token_order: 'Q' is not an animal letter"),
    (dict(token_order="ae"), r"token_order: 'a' is not an animal letter"),
    (dict(token_order="A E"), r"token_order: ' ' is not an animal letter"),
    (dict(token_order="A" * 11), r"token_order: more 'A' tokens than the game has \(10\)"),
    (dict(token_order="AEGLZ" * 10 + "Z"), r"more 'Z' tokens"),
    (dict(token_order=5), r"token_order must be a string"),
    (dict(token_order=["A", "E"]), r"token_order must be a string"),
    (dict(token_order=b"AE"), r"token_order must be a string"),
]


@pytest.mark.parametrize("kwargs,pattern", BAD_ARGUMENTS,
                         ids=[",".join(f"{k}={v!r}"[:40] for k, v in kw.items()) for kw, _ in BAD_ARGUMENTS])
def test_bad_constructor_arguments(kwargs, pattern):
    with pytest.raises(ValueError, match=re.compile(pattern, re.I)):
        scripted_game(**kwargs)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_good_constructor_arguments_are_accepted(players):
    g = scripted_game(players=players, seed=0, final_scoring="majority", tile_order=["S19", "S03", "S03/4"],
                        token_order="AEGLZ" * 2)
    assert g.drawn_tile == "S19/1"
    assert g.players == players and len(g.scores) == players


# ------------------------------------------------------------ bad tile sets


def tiles_with(change):
    data = packaged_data(SCRIPTED_TILES)
    change(data)
    return data


def tile(data, ident):
    return next(t for t in data["tiles"] if t["id"] == ident)


def _del(d, key):
    del d[key]


BAD_TILE_SETS = [
    ("not a dict", lambda d: None, r"tile set must be a version name or a JSON object"),
    ("format missing", lambda d: _del(d, "format"), r"format must be 'safari-tiles/1'"),
    ("format wrong", lambda d: d.update(format="safari-tiles/2"), r"format must be 'safari-tiles/1'"),
    ("animals missing", lambda d: _del(d, "animals"), r"needs an 'animals' object"),
    ("animal letter lower case", lambda d: d["animals"].update(q="quagga"), r"animal letter 'q' must be one capital"),
    ("animal_tokens missing", lambda d: _del(d, "animal_tokens"), r"needs 'animal_tokens'"),
    ("animal_tokens unknown", lambda d: d["animal_tokens"].update(Q=3), r"unknown animal 'Q'"),
    ("animal_tokens negative", lambda d: d["animal_tokens"].update(A=-1), r"animal_tokens\['A'\] must be a whole number"),
    ("meeples zero", lambda d: d.update(meeples_per_player=0), r"meeples_per_player must be a positive number"),
    ("players bad", lambda d: d.update(players=[3, 2]), r"players must be \[min, max\]"),
    ("tiles missing", lambda d: _del(d, "tiles"), r"non-empty 'tiles' list"),
    ("tiles empty", lambda d: d.update(tiles=[]), r"non-empty 'tiles' list"),
    ("tile id missing", lambda d: _del(tile(d, "S03"), "id"), r"tile id None"),
    ("tile id with slash", lambda d: tile(d, "S03").update(id="S/3"), r"tile id 'S/3'"),
    ("tile id twice", lambda d: tile(d, "S04").update(id="S03"), r"tile id 'S03' appears twice"),
    ("edges missing", lambda d: _del(tile(d, "S03"), "edges"), r"tile S03: 'edges' must be four of s, t, b"),
    ("edges too short", lambda d: tile(d, "S03").update(edges="tst"), r"tile S03: 'edges' must be four"),
    ("edges unknown kind", lambda d: tile(d, "S03").update(edges="txts"), r"tile S03: 'edges'"),
    ("count missing", lambda d: _del(tile(d, "S03"), "count"), r"tile S03: count must be a whole number"),
    ("count negative", lambda d: tile(d, "S03").update(count=-1), r"tile S03: count"),
    ("copies missing", lambda d: _del(tile(d, "S03"), "copies"), r"tile S03: 'copies' must list 4 copies"),
    ("copies too few", lambda d: tile(d, "S03").update(count=5), r"tile S03: 'copies' must list 5 copies"),
    ("copies too many", lambda d: tile(d, "S03")["copies"].append(["A"]), r"tile S03: 'copies' must list 4"),
    ("copy animals per feature", lambda d: tile(d, "S03")["copies"].__setitem__(0, ["E", "G"]),
     r"tile S03/1: animals must list one string per feature"),
    ("copy unknown animal", lambda d: tile(d, "S03")["copies"].__setitem__(0, ["Q"]),
     r"tile S03/1: animals 'Q' must use the set's animal letters"),
    ("baobab with animals", lambda d: tile(d, "S01")["copies"].__setitem__(0, ["A"]), r"baobab holds no animals"),
    ("trail edge not a trail", lambda d: tile(d, "S03").update(edges="ssts"),
     r"tile S03: trail edge N must be 't' in edges"),
    ("bush edge not bush", lambda d: tile(d, "S06").update(edges="tsss"), r"tile S06: bush edge N must be 'b'"),
    ("trail edge without feature", lambda d: tile(d, "S01").update(edges="tsss"),
     r"tile S01: edge N shows 't' but no feature holds it"),
    ("bush edge without feature", lambda d: tile(d, "S03").update(edges="tstb"),
     r"tile S03: edge W shows 'b' but no feature holds it"),
    ("edge in two features", lambda d: tile(d, "S03")["features"].append({"kind": "trail", "edges": ["N"]}),
     r"edge N belongs to two features"),
    ("feature kind unknown", lambda d: tile(d, "S03")["features"][0].update(kind="road"),
     r"tile S03: feature kind must be one of trail, bush, baobab"),
    ("feature edge bad side", lambda d: tile(d, "S03")["features"][0].update(edges=["N", "Q"]),
     r"edges must be a list of distinct sides"),
    ("feature edges repeated", lambda d: tile(d, "S03")["features"][0].update(edges=["N", "N"]),
     r"edges must be a list of distinct sides"),
    ("trail without edges", lambda d: tile(d, "S01")["features"].append({"kind": "trail", "edges": []}),
     r"a trail needs at least one edge"),
    ("baobab with edges", lambda d: tile(d, "S01")["features"][0].update(edges=["N"]), r"a baobab has no edges"),
    ("birds on a trail", lambda d: tile(d, "S03")["features"][0].update(birds=1), r"only bush has birds"),
    ("birds negative", lambda d: tile(d, "S06")["features"][0].update(birds=-1), r"birds must be a whole number"),
    ("corner touching bush", lambda d: tile(d, "S06").update(savanna_corners=["NE", "SE", "SW", "NW"]),
     r"tile S06: corner NE touches bush"),
    ("corner unknown", lambda d: tile(d, "S03").update(savanna_corners=["N"]), r"savanna_corners must be among"),
    ("start missing", lambda d: _del(d, "start"), r"needs a 'start' with 'cells'"),
    ("start cell at", lambda d: d["start"]["cells"][0].update(at=[1]), r"start cell 0: 'at' must be \[x, y\]"),
    ("start cell twice", lambda d: d["start"]["cells"][1].update(at=[-1, 0]), r"start cell 1: space \[-1, 0\] is used twice"),
    ("start cell edges", lambda d: d["start"]["cells"][1].update(edges="bts"), r"tile START1: 'edges'"),
    ("rangers missing", lambda d: _del(d, "ranger_spaces"), r"ranger_spaces must list two"),
    ("rangers same space", lambda d: d.update(ranger_spaces=[[1, 1], [1, 1]]), r"different spaces"),
    ("ranger on start tile", lambda d: d.update(ranger_spaces=[[0, 0], [1, 1]]), r"ranger space \[0, 0\] is covered"),
    ("ranger far away", lambda d: d.update(ranger_spaces=[[-1, -1], [5, 5]]), r"ranger space 5,5 is not next to"),
]


@pytest.mark.parametrize("what,change,pattern", BAD_TILE_SETS, ids=[b[0] for b in BAD_TILE_SETS])
def test_malformed_tile_sets_are_refused(what, change, pattern):
    data = None if what == "not a dict" else tiles_with(change)
    bad = [] if data is None else data
    with pytest.raises(ValueError, match=re.compile(pattern, re.I)):
        scripted_game(seed=1, tiles=bad)
    if data is not None:  # the same set given as JSON text
        with pytest.raises(ValueError, match=re.compile(pattern, re.I)):
            scripted_game(seed=1, tiles=json.dumps(data))


def test_tile_set_text_that_is_not_json():
    with pytest.raises(ValueError, match="tile set is not valid JSON"):
        scripted_game(tiles="{not json")


def _east_cell_trail_faces_savanna(d):
    east = d["start"]["cells"][2]  # (1, 0): trail W-E; its W edge now savanna, facing (0, 0)'s trail
    east["edges"] = "stss"
    east["features"] = [{"kind": "trail", "edges": ["E"]}]


def _middle_cell_savanna_faces_trail(d):
    middle = d["start"]["cells"][1]  # (0, 0): its E edge now savanna, facing (1, 0)'s trail
    middle["edges"] = "bsst"
    middle["features"] = [{"kind": "bush", "edges": ["N"], "birds": 1}, {"kind": "trail", "edges": ["W"]}]


@pytest.mark.parametrize("change", [_east_cell_trail_faces_savanna, _middle_cell_savanna_faces_trail])
def test_start_cells_whose_inner_edges_do_not_match_are_refused(change):
    """SAFARI.md: the start tile's inner edges 'join like any two tiles', so they must
    match. A start whose cells show trail against savanna is malformed; accepted, it
    corrupts the trails (in the second case the trail of (1, 0), open to the east, is
    joined to 'feature -1' and reported complete with 0 open ends)."""
    data = tiles_with(change)
    with pytest.raises(ValueError, match=re.compile(r"start", re.I)):
        scripted_game(seed=1, tiles=data)


def test_a_refused_tile_set_is_not_half_used():
    # a bad set, then a good game: nothing of the bad one leaks into the default tiles
    with pytest.raises(ValueError):
        scripted_game(tiles=tiles_with(lambda d: tile(d, "S03").update(count=9)))
    g = scripted_game(seed=1)
    assert sum(g.remaining_tiles().values()) + 1 == 72
