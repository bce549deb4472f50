"""Every worked example of the English rulebook (../shared/rules/safari-rulebook-en.txt),
played out on a tiny tile set built for it, with the rulebook's numbers asserted.

Seat 0 is "you", seat 1 is "Blue". Each scenario uses its own safari-tiles/1 set
so the board is exact: the start cells, the ranger spaces, every tile and every
animal token are chosen by the test (`tile_order` and `token_order`).
"""

from __future__ import annotations

from collections import Counter

import pytest


YOU, BLUE = 0, 1
from builders import ANIMALS, CORNERS, baobab, bush, cell, filler, legal, new, open_corners, play, plain_start, tile, tileset, trail  # noqa: F401


# ------------------------------------------------------------- animal trails

def _trail_game():
    """Start: a trail from (0,0) running east, an elephant on it. You extend it
    with a zebra tile and a meeple; Blue closes it with a giraffe tile."""
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("T1", "stst", [trail("EW")], ["Z"]),
             tile("T2", "ssst", [trail("W")], ["G"]),
             filler(2)]
    g = new(tiles, ["T1", "T2", "F", "F"], tokens="LLAA", start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:trail:E")
    assert g.scores == [0, 0] and g.meeples(YOU) == 5  # still open at its east end
    play(g, "T2,0@0", "pass")  # Blue closes your trail
    return g


def test_trail_closed_by_blue_scores_six_for_your_three_animals():
    g = _trail_game()
    # the choice to add a token falls to you, although it is Blue's turn
    assert g.phase_name == "score" and g.current_player == YOU
    assert legal(g) == {"+none", "+L"}
    g.apply("+none")
    assert g.scores == [6, 0]
    assert g.meeples(YOU) == 6  # the meeple returns after scoring
    assert g.phase_name == "place" and g.current_player == YOU


def test_trail_with_added_lion_scores_ten_instead_of_six():
    g = _trail_game()
    g.apply("+L")
    assert g.scores == [10, 0]
    assert g.tokens(YOU) == Counter({"L": 1})  # one lion used, one left
    assert g.discard_pile() == Counter({"L": 1})  # the added token is discarded
    assert g.meeples(YOU) == 6


# ------------------------------------------------------------------- the bush

def _bush_game():
    """Your bush: a giraffe on the start, a monkey on your tile, three birds;
    you close it with your next tile."""
    start = [cell(0, 0, "sbss", [bush("E", birds=1)], ["G"])]
    tiles = [tile("B1", "sbsb", [bush("EW", birds=1)], ["A"]),
             tile("B2", "sssb", [bush("W", birds=1)], [""]),
             filler(3)]
    g = new(tiles, ["B1", "F", "B2", "F", "F"], tokens="ZAEE", start=start, rangers=((-1, 0), (0, 1)))
    play(g, "T1,0@0", "M:bush:E")       # you
    play(g, "T0,-1@0", "pass")          # Blue
    assert g.scores == [0, 0] and g.meeples(YOU) == 5
    play(g, "T2,0@0", "pass")           # you close your bush
    assert g.current_player == YOU and legal(g) == {"+none", "+Z"}  # the ape is already there
    return g


def test_bush_with_added_zebra_and_three_birds_scores_nine():
    g = _bush_game()
    g.apply("+Z")
    assert g.scores == [9, 0]  # 3 animals: 6, and 3 birds
    assert g.meeples(YOU) == 6
    assert g.tokens(YOU) == Counter({"A": 1})
    assert g.discard_pile() == Counter({"Z": 1})


def test_same_bush_without_the_zebra_scores_six():
    g = _bush_game()
    g.apply("+none")
    assert g.scores == [6, 0]  # 2 animals: 3, and 3 birds


# ------------------------------------------- several meeples on one feature

def test_two_joined_trails_you_add_a_fifth_animal_and_score_15_blue_scores_10():
    tiles = [tile("WEST", "stss", [trail("E")], ["A"]),
             tile("EAST", "ssst", [trail("W")], ["E"]),
             tile("JOIN", "stst", [trail("EW")], ["GL"]),
             filler(2)]
    g = new(tiles, ["WEST", "EAST", "JOIN", "F", "F"], tokens="ZAZE")
    play(g, "T-1,-1@0", "M:trail:E")      # you
    play(g, "T1,-1@0", "M:trail:W")       # Blue, a separate trail
    assert g.scores == [0, 0]
    play(g, "T0,-1@0", "pass")            # you join and close both
    # tied leaders are both asked, in turn order from you, the active player
    assert g.current_player == YOU and legal(g) == {"+none", "+Z"}
    g.apply("+Z")
    assert g.current_player == BLUE and legal(g) == {"+none", "+Z"}  # your zebra counts for you alone
    g.apply("+none")
    assert g.scores == [15, 10]
    assert g.meeples(YOU) == 6 and g.meeples(BLUE) == 6
    assert g.tokens(YOU) == Counter({"A": 1}) and g.tokens(BLUE) == Counter({"Z": 1, "E": 1})


def test_three_bushes_joined_you_with_two_meeples_score_11_blue_scores_nothing():
    tiles = [tile("P", "sbss", [bush("E", 1)], ["A"]),    # (-1,-1) yours
             tile("Q", "sssb", [bush("W", 1)], ["E"]),    # (1,-1) Blue's
             tile("U", "sbss", [bush("E", 1)], ["G"]),    # (-1,-2) yours
             tile("V", "ssbb", [bush("SW", 1)], [""]),    # (0,-2) extends it south
             tile("C", "bbsb", [bush("NEW", 1)], [""]),   # (0,-1) joins all three
             filler(2)]
    g = new(tiles, ["P", "Q", "U", "V", "C", "F", "F"], tokens="LZLZ")
    play(g, "T-1,-1@0", "M:bush:E")
    play(g, "T1,-1@0", "M:bush:W")
    play(g, "T-1,-2@0", "M:bush:E")
    play(g, "T0,-2@0")
    assert not any(a.startswith("M:bush") for a in legal(g))  # that bush already has your meeple
    g.apply("pass")
    play(g, "T0,-1@0", "pass")
    # only you lead (2 meeples to 1): Blue is never asked
    assert g.current_player == YOU
    g.apply("+none")
    assert g.scores == [11, 0]  # 3 animals: 6, and 5 birds
    assert g.meeples(YOU) == 6 and g.meeples(BLUE) == 6  # every meeple on it returns
    assert g.tokens(BLUE) == Counter({"L": 1, "Z": 1})
    assert g.phase_name == "place" and g.current_player == BLUE


# ------------------------------------------------------------ watering holes
#
# Point (0,0) is where (-1,-1), (0,-1), (-1,0) and (0,0) meet. Its slots: SE of
# (-1,-1), SW of (0,-1), NW of (0,0), NE of (-1,0).

def _hole_game(tokens: str):
    return new([filler(8)], ["F"] * 8, tokens=tokens)


def test_dig_a_watering_hole_scores_three_and_takes_a_meeple():
    g = _hole_game("ZGAE")
    g.apply("T0,-1@0")
    g.apply("D0,0:NW=Z")  # not on the tile just placed: any open corner will do
    assert g.scores == [3, 0]
    assert g.meeples(YOU) == 5
    assert g.tokens(YOU) == Counter({"G": 1})
    assert g.watering_holes() == [{"point": (0, 0), "slots": ["", "", "Z", ""], "meeples": [YOU],
                                   "diggers": [[YOU, 2]], "complete": False,
                                   "next_points": 4, "next_completes": False}]  # the next token: +4


def test_expanding_with_a_third_animal_scores_five():
    g = _hole_game("ZAGZ")
    play(g, "T0,-1@0", "D0,0:NW=Z")      # you: zebra, +3
    g.apply("T-1,-1@0")
    assert "X0,-1:SW=Z" not in legal(g)
    with pytest.raises(ValueError):
        g.apply("X0,-1:SW=Z")            # Blue holds a zebra, but the hole has one already
    g.apply("X0,-1:SW=G")                # Blue: giraffe next to it, +4
    assert g.scores == [3, 4]
    assert g.meeples(BLUE) == 6          # no meeple on an expansion
    g.apply("T1,-1@0")
    assert "X-1,0:NE=A" in legal(g)
    assert (g.watering_holes()[0]["next_points"], g.watering_holes()[0]["next_completes"]) == (5, False)
    g.apply("X-1,0:NE=A")                # you: a monkey, the third animal
    assert g.scores == [3 + 5, 4]
    assert g.watering_holes()[0]["slots"] == ["", "G", "Z", "A"]
    assert (g.watering_holes()[0]["next_points"], g.watering_holes()[0]["next_completes"]) == (6, True)
    assert g.hole_points() == {"dig": 3, "complete": 3}


def test_digging_diagonally_across_allows_the_same_animal_and_a_second_meeple():
    g = _hole_game("GAGZ")
    play(g, "T-1,-1@0", "pass")
    play(g, "T0,-1@0", "D-1,-1:SE=G")    # Blue digs a giraffe
    g.apply("T1,-1@0")
    options = legal(g)
    assert "D0,0:NW=G" in options                                   # diagonally across: a new hole
    assert not any(a.startswith(("D0,-1:SW", "D-1,0:NE")) for a in options)  # next to it: only expand
    g.apply("D0,0:NW=G")                 # you: the same animal, with your meeple
    assert g.scores == [3, 3]
    assert g.meeples(YOU) == 5 and g.meeples(BLUE) == 5
    (hole,) = g.watering_holes()
    assert hole["slots"] == ["G", "", "G", ""] and sorted(hole["meeples"]) == [YOU, BLUE]
    g.apply("T-1,-2@0")
    assert "X0,-1:SW=G" not in legal(g)  # a third giraffe is not a different animal
    g.apply("X0,-1:SW=Z")                # Blue: the third tile, +5
    assert g.scores == [3, 8]
    g.apply("T0,-2@0")
    g.apply("X-1,0:NE=A")                # you complete it: +6, and both owners +3
    assert g.scores == [3 + 6 + 3, 8 + 3]
    assert g.meeples(YOU) == 6 and g.meeples(BLUE) == 6
    assert g.watering_holes()[0]["complete"] is True


def test_completing_a_watering_hole_you_score_six_blue_three_and_blue_gets_the_meeple_back():
    g = _hole_game("GEZA")
    play(g, "T-1,-1@0", "pass")
    play(g, "T0,-1@0", "D0,0:NW=Z")      # Blue digs: +3
    play(g, "T1,-1@0", "X0,-1:SW=G")     # you: +4
    play(g, "T-1,-2@0", "X-1,0:NE=A")    # Blue: +5
    assert g.scores == [4, 8] and g.meeples(BLUE) == 5
    play(g, "T0,-2@0", "X-1,-1:SE=E")    # you complete it
    assert g.scores == [4 + 6, 8 + 3]
    assert g.meeples(BLUE) == 6 and g.meeples(YOU) == 6
    assert g.watering_holes() == [{"point": (0, 0), "slots": ["E", "G", "Z", "A"], "meeples": [],
                                   "diggers": [], "complete": True, "next_points": None, "next_completes": False}]


def test_both_meeples_of_one_owner_score_three_only_once():
    g = _hole_game("GGZA")
    play(g, "T-1,-1@0", "D-1,-1:SE=G")   # you dig
    play(g, "T0,-1@0", "pass")
    play(g, "T1,-1@0", "D0,0:NW=G")      # you dig again, diagonally across
    assert g.scores == [6, 0] and g.meeples(YOU) == 4
    play(g, "T-1,-2@0", "X0,-1:SW=Z")    # Blue: third tile, +5
    play(g, "T0,-2@0", "pass")
    play(g, "T1,-2@0", "X-1,0:NE=A")     # Blue completes: +6; you own both meeples: +3 once
    assert g.scores == [6 + 3, 5 + 6]
    assert g.meeples(YOU) == 6


# -------------------------------------------------------------------- baobab

def test_baobab_meeple_draws_two_tokens_and_returns_with_two_more_when_surrounded():
    tiles = [tile("O", "ssss", [baobab()]), filler(6)]
    g = new(tiles, ["O"] + ["F"] * 6, tokens="AEGLZZLL")
    assert g.tokens(YOU) == Counter({"A": 1, "E": 1})
    play(g, "T0,-1@0", "M:baobab")       # you lay a meeple on the tree
    assert g.tokens(YOU) == Counter({"A": 1, "E": 1, "Z": 2})
    assert g.meeples(YOU) == 5
    # the start tile covers three of the eight spaces around (0,-1); fill the other five
    for placement in ("T-1,-1@0", "T1,-1@0", "T-1,-2@0", "T0,-2@0"):
        play(g, placement, "pass")
        assert g.meeples(YOU) == 5 and g.tokens(YOU) == Counter({"A": 1, "E": 1, "Z": 2})
    play(g, "T1,-2@0", "pass")           # Blue places the eighth tile
    assert g.meeples(YOU) == 6
    assert g.tokens(YOU) == Counter({"A": 1, "E": 1, "Z": 2, "L": 2})  # the owner draws, not Blue
    assert g.tokens(BLUE) == Counter({"G": 1, "L": 1})
    assert g.scores == [0, 0]            # no points from a baobab


# -------------------------------------------------------------------- ranger

def test_displacing_a_ranger_scores_three_and_it_goes_back_next_to_a_tile():
    g = new([filler(4)], ["F"] * 4, tokens="AEGL")
    assert g.ranger_spaces() == [(-2, 0), (2, 0)]
    g.apply("T2,0@0")                    # onto the ranger at (2,0)
    assert g.ranger_spaces()[0] == (-2, 0) and g.ranger_spaces()[1] != (2, 0)
    # no ranger may be moved in a turn that displaced one
    assert not any(a.startswith("R") for a in legal(g))
    with pytest.raises(ValueError):
        g.apply("R-2,0>0,-1")
    g.apply("pass")
    assert g.scores == [3, 0]
    assert g.phase_name == "ranger" and g.current_player == YOU
    returns = legal(g)
    assert returns and all(a.startswith("R>") for a in returns)
    assert "R>-2,0" not in returns       # never the other ranger's space
    assert "R>2,0" not in returns and "R>0,0" not in returns  # spaces with tiles
    assert "R>3,0" in returns and "R>0,-1" in returns
    assert "R>5,5" not in returns        # not next to a tile
    for bad in ("R>-2,0", "R>2,0", "R>5,5"):
        with pytest.raises(ValueError):
            g.apply(bad)
    g.apply("R>3,0")
    assert g.ranger_spaces() == [(-2, 0), (3, 0)]
    assert g.scores == [3, 0]
    assert g.phase_name == "place" and g.current_player == BLUE


def test_moving_a_ranger_instead_of_a_meeple_scores_nothing():
    g = new([filler(4)], ["F"] * 4, tokens="AEGL")
    g.apply("T0,-1@0")
    for bad in ("R-2,0>2,0", "R-2,0>0,0", "R-2,0>5,5", "R0,1>0,2"):
        with pytest.raises(ValueError):
            g.apply(bad)                 # the other ranger's space, a tile, not next to a tile, no ranger there
    g.apply("R-2,0>0,1")
    assert g.ranger_spaces() == [(0, 1), (2, 0)]
    assert g.scores == [0, 0]
    assert g.current_player == BLUE and g.phase_name == "place"


# ------------------------------------------------------------- final scoring

def _final_scoring_game(final_scoring: str):
    """The rulebook's final scoring picture: Blue on a baobab, your trail with two
    animals, the large bush (four animals, six birds) with meeples of you and Blue,
    Blue's small bush (one ape, one bird), and three tokens in your supply.
    You hold two meeples in the large bush and Blue one."""
    tiles = [
        tile("TR", "stss", [trail("E")], ["LL"]),         # (-1,1): your trail, two lions
        tile("SB", "ssbs", [bush("S", 1)], ["A"]),        # (1,1): Blue's small bush
        tile("B", "ssss", [baobab()], count=2),           # (-1,2) yours, (-2,1) Blue's
        tile("P", "sbss", [bush("E", 2)], ["AE"]),        # (-1,-1): yours
        tile("Q", "sssb", [bush("W", 2)], ["G"]),         # (1,-1): Blue's
        filler(3),
        tile("T", "bsbs", [bush("NS", 1)], [""]),         # (0,-2): yours, open to the north
        tile("R", "bbsb", [bush("NEW", 1)], ["L"]),       # (0,-1): joins P, Q and T
    ]
    order = ["TR", "SB", "B", "B", "P", "Q", "F", "F", "T", "F", "R"]
    g = new(tiles, order, tokens="AEGLZ", final_scoring=final_scoring,
            token_counts={"A": 1, "E": 1, "G": 1, "L": 1, "Z": 1})  # one of each: the deal, then a zebra
    play(g, "T-1,1@0", "M:trail:E")
    play(g, "T1,1@0", "M:bush:S")
    play(g, "T-1,2@0", "M:baobab")       # you draw the last token, a zebra
    play(g, "T-2,1@0", "M:baobab")       # Blue's tree: nothing left to draw
    assert g.tokens(YOU) == Counter({"A": 1, "E": 1, "Z": 1})
    assert g.tokens(BLUE) == Counter({"G": 1, "L": 1})
    play(g, "T-1,-1@0", "M:bush:E")
    play(g, "T1,-1@0", "M:bush:W")
    play(g, "T-1,-2@0", "pass")
    play(g, "T-2,-1@0", "D1,0:NW=G")     # Blue spends its tokens on a watering hole
    play(g, "T0,-2@0", "M:bush:N")
    play(g, "T-2,-2@0", "X0,0:NE=L")
    assert g.tokens(BLUE) == Counter()
    before = g.scores
    assert not g.is_terminal()
    play(g, "T0,-1@0", "pass")           # the last tile joins the large bush, still open
    assert g.is_terminal() and g.phase_name == "over" and g.current_player is None
    return g, before


def test_final_scoring_example_english_rule_every_meeple_owner_scores():
    g, before = _final_scoring_game("all")
    # you: trail 2 + large bush 10 + three tokens 3; Blue: large bush 10 + small bush 2;
    # nothing for the baobabs nor for Blue's unfinished watering hole
    assert g.final_points == [2 + 10 + 3, 10 + 2]
    assert g.scores == [before[0] + 15, before[1] + 12]


def test_final_scoring_example_majority_rule_only_the_leader_scores_the_large_bush():
    g, before = _final_scoring_game("majority")
    assert g.final_points == [2 + 10 + 3, 2]
    assert g.scores == [before[0] + 15, before[1] + 2]


# --------------------------------------- the rulebook's component tiles, real set


def _real(tile_order, tokens="LLZZAEGA"):
    from savanna import safari

    g = safari.new_game(players=2, seed=1, tile_order=tile_order, token_order=tokens)
    assert g.tileset.version == "real-1"
    return g


def _feature_at(g, space, kind):
    return next(f for f in g.features() if f["kind"] == kind and space in f["spaces"])


def test_tile_with_animal_trail_and_lion_is_s05():
    # "Tile with animal trail and lion": S05, a trail running through with a lion
    g = _real(["S05"])
    g.apply("T2,0@0")  # its trail W joins the start's trail ending E of (1, 0), with an ape
    play(g, "M:trail:E")
    trail_ = _feature_at(g, (2, 0), "trail")
    assert trail_["spaces"] == [(1, 0), (2, 0)] and trail_["animals"] == "AL" and trail_["open_ends"] == 1
    assert g.scores == [0, 0]


def test_tile_with_elephant_in_the_bush_and_a_baobab_in_the_savanna_is_s21():
    # "Tile with elephant in the bush, and baobab tree in the savanna": S21/1
    g = _real(["S21/1"])
    layout = g.drawn_tile_layout(0)
    assert [(f["kind"], f["animals"]) for f in layout["features"]] == [("bush", "E"), ("baobab", "")]
    g.apply("T0,-1@0")
    assert {a for a in legal(g) if a.startswith("M")} == {"M:bush:E", "M:baobab"}
    g.apply("M:baobab")  # a meeple on a baobab draws two animal tokens at once
    assert g.tokens(YOU) == Counter({"L": 2, "A": 1, "E": 1})
    bush_ = _feature_at(g, (0, -1), "bush")
    assert bush_["animals"] == "E" and bush_["open_ends"] == 1 and bush_["birds"] == 0


def test_tile_with_birds_in_the_bush_and_a_zebra_and_a_lion_on_trails_is_s31():
    # "Tile with bush (including birds), as well as a zebra and a lion on trails": S31. Its
    # north trail ends against its bush: laid under the start's trail that ends S (a giraffe),
    # it closes that trail at once, giraffe and lion; the zebra's trail and the bush stay open
    g = _real(["S31"], tokens="ZZLL")
    layout = g.drawn_tile_layout(0)
    assert [(f["kind"], f["animals"], f["birds"]) for f in layout["features"]] == [
        ("trail", "L", 0), ("trail", "Z", 0), ("bush", "", 2)]
    g.apply("T0,1@0")
    play(g, "M:trail:N")
    assert g.phase_name == "score" and g.current_player == YOU
    assert legal(g) == {"+none", "+Z"}
    g.apply("+Z")
    assert g.scores == [6, 0]  # giraffe, lion and your zebra: 3 animals
    assert g.meeples(YOU) == 6
    trails = sorted((f["animals"], f["open_ends"], f["spaces"]) for f in g.features()
                    if f["kind"] == "trail" and (0, 1) in f["spaces"])
    assert trails == [("GL", 0, [(0, 0), (0, 1)]), ("Z", 1, [(0, 1)])]  # two trails, apart
    bush_ = _feature_at(g, (0, 1), "bush")
    assert bush_["birds"] == 2 and bush_["open_ends"] == 2 and bush_["spaces"] == [(0, 1)]


@pytest.mark.parametrize("rule", ["all", "majority"])
def test_what_each_trail_and_bush_would_score_as_it_stands_is_what_final_scoring_gives(rule):
    """features() says, for each trail and bush, what it gives each seat at the end as it
    stands: the rulebook's final scoring picture adds up to what final scoring then scored
    (less the tokens in supply); and what its leaders would score were it completed now."""
    g, _ = _final_scoring_game(rule)
    feats = g.features()
    per_seat = [sum(f["final_points"][s] for f in feats) for s in (YOU, BLUE)]
    tokens = [sum(g.tokens(s).values()) for s in (YOU, BLUE)]
    assert [p + t for p, t in zip(per_seat, tokens)] == g.final_points
    large = _feature_at(g, (0, -1), "bush")
    assert large["meeples"] == [2, 1] and large["leaders"] == [YOU]
    assert large["final_points"] == ([10, 10] if rule == "all" else [10, 0])
    # completed now: four kinds (A, E, G, L) and six birds; a fifth kind with a token
    assert large["animals"] == "AEGL" and large["birds"] == 6
    assert large["points_if_completed"] == 10 + 6 and large["points_if_completed_with_token"] == 15 + 6
    trail_ = _feature_at(g, (-1, 1), "trail")
    assert trail_["leaders"] == [YOU] and trail_["final_points"] == [2, 0] and trail_["points_if_completed"] == 1


def test_a_completed_trail_being_scored_says_what_its_leader_scores_then_holds_no_meeple():
    g = _trail_game()  # Blue closed your trail: you are asked whether to add a token
    (done,) = [f for f in g.features() if f["kind"] == "trail"]
    sc = g.scoring()
    assert done["complete"] and done["meeples"] == [1, 0] and done["leaders"] == [YOU] == sc["leaders"]
    assert (done["points_if_completed"], done["points_if_completed_with_token"]) == (sc["points"], sc["points_with_token"]) == (6, 10)
    assert done["final_points"] == [0, 0]  # a complete one scores in play, never at the end
    g.apply("+none")
    (done,) = [f for f in g.features() if f["kind"] == "trail"]
    assert done["meeples"] == [0, 0] and done["leaders"] == [] and done["final_points"] == [0, 0]
