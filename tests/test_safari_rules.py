"""The rules of ../shared/spec/SAFARI.md that the rulebook's worked examples do not
cover, each on a tiny tile set built for it (safari-tiles/1), so every board is exact.
"""

from __future__ import annotations

from collections import Counter

import pytest

from savanna import safari

from builders import ANIMALS, CORNERS, baobab, bush, cell, filler, legal, open_corners, play, plain_start, tile, tileset, trail  # noqa: F401
import builders


def new(*args, **kw):
    return builders.new(*args, seed=11, **kw)


# --------------------------------------------------------------------- helpers

def placements(g) -> set[str]:
    assert g.phase_name == "place"
    return legal(g)


def board(g) -> dict:
    return {(t["x"], t["y"]): t for t in g.tiles_on_board()}


# -------------------------------------------------------- edges and rotation
#
# The start cell at (0,0) shows a trail on N, bush on E, savanna on S, a trail on W.

EDGE_START = [cell(0, 0, "tbst", [trail("NW"), bush("E", 0)], ["", ""])]
EDGE_RANGERS = ((0, -1), (0, 1))


def _edge_game(t):
    return new([t, filler(1)], [t["id"], "F"], tokens="AEGL", start=EDGE_START, rangers=EDGE_RANGERS)


def test_bush_edge_must_meet_bush_and_rotation_is_clockwise():
    # bush on N; turned 90 the bush is on E, turned 270 on W
    g = _edge_game(tile("K", "bsss", [bush("N")]))
    assert placements(g) == {"T1,0@270", "T0,1@90", "T0,1@180", "T0,1@270"}
    g.apply("T1,0@270")
    placed = board(g)[(1, 0)]
    assert placed["rotation"] == 270 and placed["edges"] == "sssb"
    assert placed["features"][0]["sides"] == "W"


def test_trail_edge_must_meet_trail():
    g = _edge_game(tile("J", "tsss", [trail("N")]))
    # north of the start its S edge must be a trail (turned 180); west of it its E edge (turned 90)
    assert placements(g) == {"T0,-1@180", "T-1,0@90", "T0,1@90", "T0,1@180", "T0,1@270"}
    g.apply("T-1,0@90")
    placed = board(g)[(-1, 0)]
    assert placed["edges"] == "stss" and placed["features"][0]["sides"] == "E"


def test_savanna_edge_must_meet_savanna():
    g = _edge_game(tile("S", "ssss"))
    assert placements(g) == {"T0,1@0", "T0,1@90", "T0,1@180", "T0,1@270"}


def test_a_space_touching_two_tiles_must_match_both():
    start = [cell(0, 0, "ssss")]
    tiles = [tile("S1", "ssss"), tile("K", "bsss", [bush("N")]), tile("X", "sbbs", [bush("ES")])]
    g = new(tiles, ["S1", "K", "X"], tokens="AEGL", start=start, rangers=((-1, 0), (0, -1)))
    play(g, "T0,1@0", "pass")
    play(g, "T1,0@90", "pass")          # K turned 90: bush on E, savanna elsewhere
    assert board(g)[(1, 0)]["edges"] == "sbss"
    # X (bush on E and S) at (1,1): its N meets (1,0)'s savanna S and its W meets (0,1)'s
    # savanna E. Turned 90 its N would be savanna too, but its W would be bush.
    assert {a for a in placements(g) if a.startswith("T1,1@")} == {"T1,1@0"}
    # east of (1,0) only its W must be bush: turned 90 or 180
    assert {a for a in placements(g) if a.startswith("T2,0@")} == {"T2,0@90", "T2,0@180"}


def test_illegal_placement_raises_and_changes_nothing():
    g = _edge_game(tile("K", "bsss", [bush("N")]))
    before = g.to_json()
    for bad in ("T1,0@90", "T0,-1@0", "T5,5@0", "T0,0@0"):
        with pytest.raises(ValueError):
            g.apply(bad)
    assert g.to_json() == before and g.phase_name == "place"


# ----------------------------------------------- tiles that fit nowhere, end

def test_a_tile_that_fits_nowhere_is_removed_and_the_next_one_drawn():
    start = [cell(0, 0, "bbbb", [bush("NESW", 0)], [""])]
    tiles = [tile("X", "tttt", [trail("N"), trail("E"), trail("S"), trail("W")], count=2),
             tile("K", "bsss", [bush("N")], count=2)]
    g = new(tiles, ["X", "K", "X", "K"], tokens="AEGL", start=start, rangers=((0, -1), (1, 0)))
    assert g.removed_tiles == ["X/1"] and g.drawn_tile == "K/1" and g.current_player == 0
    play(g, "T0,1@0", "pass")
    # seat 1 draws X/2: it fits nowhere, so it leaves the game and seat 1 draws again
    assert g.removed_tiles == ["X/1", "X/2"]
    assert g.drawn_tile == "K/2" and g.current_player == 1 and g.phase_name == "place"


def test_the_game_ends_when_the_last_tile_fits_nowhere():
    start = [cell(0, 0, "bbbb", [bush("NESW", 0)], [""])]
    tiles = [tile("X", "tttt", [trail("N"), trail("E"), trail("S"), trail("W")]),
             tile("K", "bsss", [bush("N")])]
    g = new(tiles, ["K", "X"], tokens="AEGL", start=start, rangers=((0, -1), (1, 0)))
    play(g, "T0,1@0", "pass")
    assert g.is_terminal() and g.removed_tiles == ["X/1"]


def test_the_game_ends_after_the_last_tiles_turn():
    g = new([filler(2)], ["F", "F"], tokens="AEGL")
    play(g, "T0,-1@0", "pass")
    assert not g.is_terminal()
    g.apply("T0,1@0")
    assert not g.is_terminal() and g.phase_name == "action" and g.current_player == 1
    g.apply("pass")
    assert g.is_terminal() and g.phase_name == "over"
    assert g.current_player is None and g.legal_actions() == []
    assert g.final_points == [2, 2]  # two tokens each
    with pytest.raises(ValueError):
        g.apply("pass")


def test_the_last_tiles_turn_includes_its_ranger():
    g = new([filler(1)], ["F"], tokens="AEGL")
    play(g, "T2,0@0", "pass")
    assert not g.is_terminal() and g.phase_name == "ranger"
    g.apply("R>3,0")
    assert g.is_terminal() and g.scores == [3 + 2, 2]


# ------------------------------------------------------------------- meeples

def test_meeple_only_on_an_unoccupied_feature_of_the_tile_just_placed():
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("T", "stst", [trail("EW")], ["Z"]),
             tile("TB", "btst", [bush("N", 1), trail("EW")], ["", "G"]),
             tile("O", "ssss", [baobab()]),
             filler(2)]
    g = new(tiles, ["T", "TB", "O", "F", "F"], tokens="AEGL", start=start, rangers=((-1, 0), (0, 1)))
    g.apply("T1,0@0")
    assert {a for a in legal(g) if a.startswith("M")} == {"M:trail:E"}
    with pytest.raises(ValueError):
        g.apply("M:bush")               # the tile has no bush
    with pytest.raises(ValueError):
        g.apply("M:baobab")
    g.apply("M:trail:W")                # any of its edges names it
    assert g.meeples(0) == 5
    g.apply("T2,0@0")                   # seat 1 extends the occupied trail
    assert {a for a in legal(g) if a.startswith("M")} == {"M:bush:N"}
    with pytest.raises(ValueError):
        g.apply("M:trail:E")
    g.apply("M:bush:N")
    assert g.meeples(1) == 5
    g.apply("T1,-1@0")                  # seat 0: a baobab tile; the bush next to it is not on this tile
    assert {a for a in legal(g) if a.startswith("M")} == {"M:baobab"}
    with pytest.raises(ValueError):
        g.apply("M:bush:N")
    with pytest.raises(ValueError):
        g.apply("M:trail:E")


def test_no_meeple_and_no_dig_without_a_meeple_in_supply():
    g = new([tile("T", "stst", [trail("EW")], count=3)], ["T"] * 3, tokens="AEGL", meeples=1,
            start=[cell(0, 0, "stss", [trail("E")])], rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:trail:E")
    play(g, "T2,0@0", "pass")
    g.apply("T3,0@0")
    options = legal(g)
    assert g.meeples(0) == 0
    assert not any(a.startswith(("M", "D")) for a in options)
    with pytest.raises(ValueError):
        g.apply("D0,0:NW=A")


# ---------------------------------------------------------------- completion

def test_a_trail_ending_on_a_tile_closes_that_end():
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("END", "ssst", [trail("W")], ["G"]), filler(2)]
    g = new(tiles, ["END", "F", "F"], tokens="LLAA", start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:trail:W")      # both ends on tiles: complete at once
    assert g.current_player == 0 and g.phase_name == "score"
    g.apply("+none")
    assert g.scores == [3, 0] and g.meeples(0) == 6


def test_a_trail_running_through_stays_open():
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("T", "stst", [trail("EW")], ["G"]), filler(2)]
    g = new(tiles, ["T", "F", "F"], tokens="LLAA", start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:trail:W")
    assert g.phase_name == "place" and g.current_player == 1
    assert g.scores == [0, 0] and g.meeples(0) == 5


def test_a_loop_trail_completes():
    start = [cell(0, 0, "stts", [trail("ES")], ["A"])]
    tiles = [tile("C", "sstt", [trail("SW")], copies=[["E"], ["G"], [""]]), filler(2)]
    g = new(tiles, ["C/1", "C/2", "C/3", "F", "F"], tokens="LLAA", start=start, rangers=((0, -1), (-1, 0)))
    play(g, "T1,0@0", "M:trail:S")
    play(g, "T1,1@90", "pass")
    assert g.scores == [0, 0] and g.meeples(0) == 5
    play(g, "T0,1@180", "pass")         # closes the loop
    assert g.current_player == 0
    g.apply("+none")
    assert g.scores == [6, 0] and g.meeples(0) == 6


def test_a_completed_bush_needs_every_bush_edge_matched():
    start = [cell(0, 0, "sbss", [bush("E", 1)], ["A"])]
    tiles = [tile("BL", "ssbb", [bush("SW", 0)], ["G"]),
             tile("BN", "bsss", [bush("N", 0)], [""]),
             filler(2)]
    g = new(tiles, ["BL", "BN", "F", "F"], tokens="LLZZ", start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:bush:S")       # the bush turns south at (1,0): still open
    assert g.scores == [0, 0] and g.meeples(0) == 5
    play(g, "T1,1@0", "pass")           # its N bush edge closes it
    g.apply("+none")
    assert g.scores == [3 + 1, 0]


def test_a_completed_feature_without_meeples_scores_for_nobody():
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    g = new([tile("END", "ssst", [trail("W")], ["G"]), filler(2)], ["END", "F", "F"], tokens="LLAA",
            start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "pass")
    assert g.scores == [0, 0] and g.phase_name == "place" and g.current_player == 1


@pytest.mark.parametrize("animals, points", [("A", 1), ("AA", 1), ("AE", 3), ("AEG", 6), ("AEGL", 10),
                                             ("AEGLZ", 15), ("AAEEGGLZ", 15)])
def test_trail_points_count_distinct_animals(animals, points):
    start = [cell(0, 0, "stss", [trail("E")], [""])]
    g = new([tile("END", "ssst", [trail("W")], [animals]), filler(2)], ["END", "F", "F"], tokens="",
            start=start, rangers=((-1, 0), (0, 1)), token_counts={"A": 0, "E": 0, "G": 0, "L": 0, "Z": 0})
    play(g, "T1,0@0", "M:trail:W")      # no tokens in the game: nobody is asked
    assert g.scores == [points, 0]


# ------------------------------------------------------- scoring choices

def _three_player_join():
    """Seats 0 and 2 each have a meeple on a separate trail; seat 1 joins and closes them."""
    tiles = [tile("WEST", "stss", [trail("E")], ["A"]),
             tile("EAST", "ssst", [trail("W")], ["E"]),
             tile("JOIN", "stst", [trail("EW")], [""]),
             filler(4)]
    g = new(tiles, ["WEST", "F", "EAST", "F", "JOIN", "F", "F"], tokens="GLZZGA", players=3)
    play(g, "T-1,-1@0", "M:trail:E")    # seat 0
    play(g, "T0,1@0", "pass")           # seat 1
    play(g, "T1,-1@0", "M:trail:W")     # seat 2
    play(g, "T1,1@0", "pass")           # seat 0
    play(g, "T0,-1@0", "pass")          # seat 1 closes it
    return g


def test_scoring_choices_go_to_the_leaders_in_turn_order_from_the_active_player():
    g = _three_player_join()
    # active seat 1 has no meeple there: it is not asked; from seat 1 the order is 2, 0
    assert g.phase_name == "score" and g.current_player == 2
    assert legal(g) == {"+none", "+G"}  # seat 2 holds G and A; the ape is on the trail
    for bad in ("+A", "+L", "pass"):
        with pytest.raises(ValueError):
            g.apply(bad)                # on the trail / not held / not a scoring choice
    g.apply("+G")
    assert g.current_player == 0
    assert legal(g) == {"+none", "+G", "+L"}  # seat 2's giraffe is not on the trail for seat 0
    g.apply("+none")
    assert g.scores == [3, 0, 6]        # the giraffe counted for seat 2 alone
    assert g.phase_name == "place" and g.current_player == 2


def test_an_added_token_leaves_its_owner_and_is_discarded():
    g = _three_player_join()
    g.apply("+G")
    g.apply("+L")
    assert g.scores == [6, 0, 6]
    assert g.tokens(2) == Counter({"A": 1})
    assert g.tokens(0) == Counter({"G": 1})
    assert g.discard_pile() == Counter({"G": 1, "L": 1})
    assert g.meeples(0) == 6 and g.meeples(2) == 6


def test_a_player_with_fewer_meeples_is_not_asked_and_scores_nothing():
    # seat 1 has two meeples on the bush, seat 0 one; seat 0 (active) joins and closes it
    tiles = [tile("P", "sbss", [bush("E", 0)], ["A"]),      # (-1,-1) seat 0
             tile("Q", "sssb", [bush("W", 0)], ["E"]),      # (1,-1) seat 1
             tile("U", "sbss", [bush("E", 0)], ["G"]),      # (-1,-2) seat 1
             tile("V", "ssbb", [bush("SW", 0)], [""]),      # (0,-2) extends U's bush south
             tile("C", "bbsb", [bush("NEW", 0)], [""]),     # (0,-1) joins the three
             filler(4)]
    order = ["P", "Q", "F", "U", "V", "F", "C", "F", "F"]
    g = new(tiles, order, tokens="LZLZ")
    play(g, "T-1,-1@0", "M:bush:E")     # 0
    play(g, "T1,-1@0", "M:bush:W")      # 1
    play(g, "T0,1@0", "pass")           # 0
    play(g, "T-1,-2@0", "M:bush:E")     # 1
    play(g, "T0,-2@0", "pass")          # 0
    play(g, "T1,1@0", "pass")           # 1
    play(g, "T0,-1@0", "pass")          # 0 closes it
    assert g.phase_name == "score" and g.current_player == 1
    g.apply("+L")
    assert g.scores == [0, 10]          # A, E, G and the lion: 10 for seat 1 alone
    assert g.tokens(0) == Counter({"L": 1, "Z": 1})
    assert g.meeples(0) == 6 and g.meeples(1) == 6
    assert g.phase_name == "place" and g.current_player == 1


# ------------------------------------------------------------- token supply

def test_an_empty_token_supply_is_refilled_from_the_discards_and_then_runs_dry():
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("END", "ssst", [trail("W")], [""]), tile("O", "ssss", [baobab()], count=2), filler(2)]
    g = new(tiles, ["END", "O", "O", "F", "F"], tokens="AEGLZ", start=start, rangers=((-1, 0), (0, 1)),
            token_counts={"A": 1, "E": 1, "G": 1, "L": 1, "Z": 1})
    assert g.supply_size() == 1
    play(g, "T1,0@0", "M:trail:W")      # closes at once: seat 0 may add its ape
    assert legal(g) == {"+none", "+A"}
    g.apply("+A")
    assert g.scores == [3, 0]
    assert g.discard_pile() == Counter({"A": 1}) and g.supply_size() == 1
    play(g, "T2,0@0", "M:baobab")       # seat 1 draws the zebra, then the reshuffled ape
    assert g.tokens(1) == Counter({"G": 1, "L": 1, "Z": 1, "A": 1})
    assert g.supply_size() == 0 and g.discard_pile() == Counter()
    play(g, "T1,-1@0", "M:baobab")      # seat 0: nothing left anywhere, nothing drawn
    assert g.tokens(0) == Counter({"E": 1})
    assert g.meeples(0) == 5
    assert g.phase_name == "place"


def test_tokens_drawn_for_a_completed_baobab_may_be_added_the_same_turn():
    tiles = [tile("O", "ssss", [baobab()]),
             tile("TW", "ssst", [trail("W")], ["E"]),
             tile("TE", "stss", [trail("E")], ["G"]),
             filler(7)]
    order = ["O", "F", "F", "F", "TW", "F", "F", "TE", "F", "F"]
    g = new(tiles, order, tokens="EGAAEGLZ")
    play(g, "T0,-1@0", "M:baobab")      # 0: draws E, G
    play(g, "T-1,-1@0", "pass")         # 1
    play(g, "T1,-1@0", "pass")          # 0
    play(g, "T2,-1@0", "pass")          # 1
    play(g, "T2,-2@0", "M:trail:W")     # 0: a trail with an elephant, open to the west
    play(g, "T-1,-2@0", "pass")         # 1
    play(g, "T0,-2@0", "pass")          # 0
    assert g.tokens(0) == Counter({"E": 2, "G": 2})  # nothing to add to an E+G trail
    play(g, "T1,-2@0", "pass")          # 1: surrounds the baobab and closes the trail
    assert g.meeples(0) == 5            # the baobab's meeple is home; the trail's still scoring
    assert g.current_player == 0 and legal(g) == {"+none", "+L", "+Z"}
    g.apply("+L")
    assert g.scores == [6, 0]
    assert g.meeples(0) == 6
    assert g.tokens(0) == Counter({"E": 2, "G": 2, "Z": 1})


# ------------------------------------------------------------ watering holes

def _hole_game(tokens: str, n: int = 8, players: int = 2, **kw):
    return new([filler(n)], ["F"] * n, tokens=tokens, players=players, **kw)


def test_dig_then_expansions_score_3_4_5_6_and_the_digger_3_on_completion():
    g = new([filler(8)], ["F"] * 8, tokens="AEGLZZ", players=3)   # seat 0 A,E; seat 1 G,L; seat 2 Z,Z
    play(g, "T-1,-1@0", "D0,0:NW=A")    # 0 digs: +3
    assert g.scores == [3, 0, 0]
    play(g, "T0,-1@0", "X0,-1:SW=G")    # 1: +4
    assert g.scores == [3, 4, 0]
    play(g, "T1,-1@0", "X-1,0:NE=Z")    # 2: +5
    assert g.scores == [3, 4, 5]
    assert g.meeples(1) == 6 and g.meeples(2) == 6   # expanding takes no meeple
    play(g, "T-1,-2@0", "X-1,-1:SE=E")  # 0: +6, and +3 as the digger
    assert g.scores == [3 + 6 + 3, 4, 5]
    assert g.meeples(0) == 6


def test_expand_needs_a_token_next_to_the_slot_and_a_new_animal():
    g = _hole_game("AAGE")
    play(g, "T-1,-1@0", "D0,0:NW=A")
    g.apply("T0,-1@0")                  # seat 1 holds G and E
    options = legal(g)
    assert {a for a in options if a.startswith("X")} == {"X0,-1:SW=G", "X0,-1:SW=E", "X-1,0:NE=G",
                                                         "X-1,0:NE=E"}
    with pytest.raises(ValueError):
        g.apply("X-1,-1:SE=G")          # diagonally across: that is not expanding
    with pytest.raises(ValueError):
        g.apply("D0,-1:SW=G")           # next to a token: no new hole there
    g.apply("D-1,-1:SE=G")              # diagonally across: a new hole
    assert g.scores == [3, 3] and g.meeples(1) == 5


def test_expanding_is_allowed_without_a_meeple_in_supply():
    g = _hole_game("AAGE", meeples=1)
    play(g, "T-1,-1@0", "D0,0:NW=A")
    play(g, "T0,-1@0", "pass")
    g.apply("T1,-1@0")
    assert g.meeples(0) == 0
    assert "X-1,0:NE=A" not in legal(g)  # an ape is there
    g2 = _hole_game("AEGE", meeples=1)
    play(g2, "T-1,-1@0", "D0,0:NW=A")
    play(g2, "T0,-1@0", "pass")
    g2.apply("T1,-1@0")
    assert g2.meeples(0) == 0 and "X-1,0:NE=E" in legal(g2)
    g2.apply("X-1,0:NE=E")
    assert g2.scores == [3 + 4, 0]


TWO_BY_TWO = [cell(-1, -1), cell(0, -1), cell(-1, 0), cell(0, 0)]


@pytest.mark.parametrize("corner, slot", [("D-1,-1:SE", 0), ("D0,-1:SW", 1), ("D0,0:NW", 2), ("D-1,0:NE", 3)])
def test_watering_hole_slots_around_a_point(corner, slot):
    """Point (x,y) slots: SE of (x-1,y-1), SW of (x,y-1), NW of (x,y), NE of (x-1,y)."""
    g = _hole_game("AEGL", start=TWO_BY_TWO, rangers=((1, 0), (-2, 0)))
    g.apply("T0,1@0")
    g.apply(f"{corner}=A")
    (hole,) = g.watering_holes()
    assert hole["point"] == (0, 0)
    want = ["", "", "", ""]
    want[slot] = "A"
    assert hole["slots"] == want
    # the two slots next to it take expansions, the one across a new hole
    play(g, "T0,-2@0")
    names = {0: "-1,-1:SE", 1: "0,-1:SW", 2: "0,0:NW", 3: "-1,0:NE"}
    options = legal(g)
    for k in ((slot + 1) % 4, (slot + 3) % 4):
        assert f"X{names[k]}=G" in options and f"D{names[k]}=G" not in options
    across = (slot + 2) % 4
    assert f"D{names[across]}=G" in options and f"X{names[across]}=G" not in options


@pytest.mark.parametrize("corner, point", [("NE", (1, 0)), ("SE", (1, 1)), ("SW", (0, 1)), ("NW", (0, 0))])
def test_each_corner_of_a_space_lies_on_its_point(corner, point):
    g = _hole_game("AEGL", start=[cell(0, 0)], rangers=((-1, 0), (1, 0)))
    g.apply("T0,1@0")
    g.apply(f"D0,0:{corner}=A")
    assert [h["point"] for h in g.watering_holes()] == [point]


def test_a_corner_touching_bush_is_not_open():
    start = [cell(0, 0, "bsss", [bush("N", 0)], [""])]
    g = _hole_game("AEGL", start=start, rangers=((-1, 0), (1, 0)))
    g.apply("T0,1@0")
    digs = {a for a in legal(g) if a.startswith("D0,0:")}
    assert digs == {"D0,0:SE=A", "D0,0:SE=E", "D0,0:SW=A", "D0,0:SW=E"}
    for bad in ("D0,0:NE=A", "D0,0:NW=A", "D0,-1:SE=A", "D5,5:NW=A"):
        with pytest.raises(ValueError):  # bush corners; no tile on the space
            g.apply(bad)


def test_the_tile_set_may_not_call_a_corner_touching_bush_open():
    bad = tile("K", "bsss", [bush("N")])
    bad["savanna_corners"] = ["NE", "SE", "SW"]
    with pytest.raises(ValueError):
        safari.new_game(players=2, seed=1, tiles=tileset([bad, filler(1)]))


# ------------------------------------------------------ more step-3 details

def test_a_baobab_placed_among_eight_tiles_is_complete_at_once():
    tiles = [tile("O", "ssss", [baobab()]), filler(7)]
    order = ["F"] * 5 + ["O", "F", "F"]
    g = new(tiles, order, tokens="AEGLZZLL")
    for t in ("T-1,-1@0", "T1,-1@0", "T-1,-2@0", "T1,-2@0", "T0,-2@0"):
        play(g, t, "pass")
    g.apply("T0,-1@0")                  # seat 1 puts the tree in the hole
    play(g, "M:baobab")                 # draws Z, Z; the tree is surrounded: meeple back, L, L
    assert g.meeples(1) == 6
    assert g.tokens(1) == Counter({"G": 1, "L": 3, "Z": 2})
    assert g.scores == [0, 0]


def test_one_tile_completing_a_trail_and_a_bush_scores_both():
    start = [cell(0, 0, "stss", [trail("E")], ["E"]), cell(0, 1)]
    tiles = [tile("BN", "bsss", [bush("N", 0)], [""]),
             tile("X", "ssbt", [trail("W"), bush("S", 1)], ["G", "A"]),
             filler(2)]
    g = new(tiles, ["BN", "X", "F", "F"], tokens="LZLZ", start=start, rangers=((-1, 0), (-1, 1)))
    play(g, "T1,1@0", "M:bush:N")       # seat 0: a bush open to the north
    play(g, "T1,0@0", "M:trail:W")      # seat 1 closes the bush and its own trail
    asked = []
    while g.phase_name == "score":
        asked.append(g.current_player)
        g.apply("+none")
    assert sorted(asked) == [0, 1]
    assert g.scores == [1 + 1, 3]       # bush: ape and a bird; trail: elephant and giraffe
    assert g.meeples(0) == 6 and g.meeples(1) == 6


def test_final_scoring_majority_shares_a_tie():
    tiles = [tile("WEST", "stst", [trail("EW")], ["A"]),
             tile("EAST", "ssst", [trail("W")], ["E"]),
             tile("JOIN", "stst", [trail("EW")], ["EG"])]
    for rule in ("all", "majority"):
        g = new(tiles, ["WEST", "EAST", "JOIN"], tokens="", final_scoring=rule,
                token_counts={"A": 0, "E": 0, "G": 0, "L": 0, "Z": 0})
        play(g, "T-1,-1@0", "M:trail:E")
        play(g, "T1,-1@0", "M:trail:W")
        play(g, "T0,-1@0", "pass")      # joined, still open at the west
        assert g.is_terminal()
        assert g.final_points == [4, 4], rule  # 1 per animal, not per kind: A, E, E, G


# ----------------------------------------------------------- the game's own set

def test_the_default_game_sets_up_as_the_rules_say():
    g = safari.new_game(players=3, seed=5)
    cells = {(t["x"], t["y"]) for t in g.tiles_on_board()}
    assert cells == {(-1, 0), (0, 0), (1, 0)}
    assert all(sum(g.tokens(s).values()) == 2 for s in range(3))
    assert all(g.meeples(s) == 6 for s in range(3))
    assert g.supply_size() == 50 - 6
    assert g.tiles_left + 1 + len(g.removed_tiles) == 72
    assert g.ranger_spaces() == [(-1, -1), (1, 1)]
    assert g.current_player == 0 and g.phase_name == "place"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_default_game_played_out_places_every_tile_that_fits(seed):
    g = safari.new_game(players=2, seed=seed)
    placed = 0
    while not g.is_terminal():
        options = g.legal_actions()
        assert options
        a = options[(seed * 7 + len(options)) % len(options)]
        if a.startswith("T"):
            placed += 1
        g.apply(a)
    assert placed + len(g.removed_tiles) == 72
    assert len(g.tiles_on_board()) == 3 + placed
    assert len(g.final_points) == 2


def test_meeple_sides_are_named_as_the_tile_lies_after_rotation():
    start = [cell(0, 0, "tsss", [trail("N")], [""])]
    g = new([tile("TB", "btst", [bush("N"), trail("EW")]), filler(1)], ["TB", "F"], tokens="AEGL",
            start=start, rangers=((-1, 0), (1, 0)))
    g.apply("T0,-1@90")                 # bush now on E, the trail runs N-S
    assert {a for a in legal(g) if a.startswith("M")} == {"M:bush:E", "M:trail:N"}
    for bad in ("M:bush:N", "M:trail:E", "M:trail:W"):
        with pytest.raises(ValueError):
            g.apply(bad)
    g.apply("M:trail:S")                # any of its edges names it
    assert g.meeples(0) == 5


def test_players_must_number_two_to_five():
    for n in (2, 5):
        assert safari.new_game(players=n, seed=1).current_player == 0
    for n in (1, 6):
        with pytest.raises(ValueError):
            safari.new_game(players=n, seed=1)


def test_the_real_start_tile_holds_separate_features():
    # real-1's start: (-1,0) bush S with an elephant, (0,0) a trail ending S with a giraffe,
    # (1,0) bush N and a trail ending E with an ape. S03 (a trail ending W) closes each trail.
    g = safari.new_game(players=2, seed=3, tile_order=["S03/1", "S03/2"], token_order="LLZZ")
    assert g.tileset.version == "real-1"
    play(g, "T2,0@0", "M:trail:W")      # S03/1: an elephant; with the start's ape, 2 animals
    assert g.current_player == 0
    g.apply("+none")
    assert g.scores == [3, 0] and g.meeples(0) == 6
    play(g, "T0,1@90", "M:trail:N")     # S03/2 turned 90: its trail ends N, a giraffe to the start's
    assert g.current_player == 1
    g.apply("+Z")                        # giraffe and, for seat 1 alone, a zebra: 2 animals
    assert g.scores == [3, 3] and g.meeples(1) == 6
    open_bush = [f for t in g.tiles_on_board() if t["x"] in (-1, 1) and t["y"] == 0
                 for f in t["features"] if f["kind"] == "bush"]
    assert len(open_bush) == 2          # two bush areas, apart: the start's S and N edges


def test_open_corners_turn_with_the_tile():
    # K has bush on N: open corners SE and SW. Turned 90 the bush is on E: open SW and NW.
    g = new([tile("K", "bsss", [bush("N")]), filler(2)], ["K", "F", "F"], tokens="AEGL",
            start=[cell(0, 0)], rangers=((-1, 0), (0, -1)))
    g.apply("T1,0@90")
    assert board(g)[(1, 0)]["corners"] == ["SW", "NW"]
    digs = {a for a in legal(g) if a.startswith("D1,0:")}
    assert digs == {"D1,0:SW=A", "D1,0:SW=E", "D1,0:NW=A", "D1,0:NW=E"}
    for bad in ("D1,0:NE=A", "D1,0:SE=A"):
        with pytest.raises(ValueError):
            g.apply(bad)
    g.apply("D1,0:NW=A")
    assert g.watering_holes()[0]["point"] == (1, 0) and g.watering_holes()[0]["slots"] == ["", "", "A", ""]
