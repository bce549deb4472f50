"""The rules' own examples, as hand-built positions on the real map."""

from __future__ import annotations

from africa_builders import game, legal, pass_turn, play

# Example 2 (the elephant). Face up: elephants on i5, j6 and k6; face down: an
# elephant on h5, a statue on i6 (taken when discovered: i6 becomes empty).
# i5 is next to h5 and to i6; j6 is next to i6 only; k6 next to neither.
ELEPHANTS = {"h5": "elephant", "i5": "elephant", "j6": "elephant", "k6": "elephant", "i6": "statue",
             "h6": "gold-1"}


def elephant_position(h5_face_up: bool):
    g = game(layout=ELEPHANTS, revealed=["i5", "j6", "k6", "h6"] + (["h5"] if h5_face_up else []))
    play(g, "jump", "Jh6")          # seat 0 jumps next to h5 and i6
    pass_turn(g)                    # seat 1
    play(g, "Sh6", "Di6")           # the statue: i6 is empty now
    assert g.held_tiles(0) == {"statue": 1}
    assert g.tile_at("i6") is None
    return g


def test_example_2_discovered_elephant_in_place_scores_2():
    g = elephant_position(False)
    play(g, "Sh6", "Dh5")
    assert legal(g) == [">h5", ">i6"]   # stay, or the better space
    play(g, ">h5")
    assert g.scores == [2, 0]           # the elephant and its one neighbour


def test_example_2_discovered_elephant_moved_scores_3_not_the_fourth():
    g = elephant_position(False)
    play(g, "Sh6", "Dh5", ">i6")
    assert g.scores == [3, 0]           # the elephant and i5, j6; not k6
    assert g.tile_at("i6") == "elephant" and g.tile_at("h5") is None


def test_example_2_face_up_elephant_moved_scores_the_difference_1():
    g = elephant_position(True)
    play(g, "Sh6")
    assert "Ah5" in legal(g)
    play(g, "Ah5")
    assert legal(g) == [">i6"]          # only a strict improvement; it cannot stay
    play(g, ">i6")
    assert g.scores == [1, 0]           # 2 elephants next to i6, less 1 next to h5
    assert g.current_player == 1        # two actions: the turn is over


# Example 3 (the nomads). Nomads face up on e2, next to the explorer's city f1;
# every other neighbour of e2 holds a face-down tile. Objects on g1, h1, g2 are
# discovered and taken, leaving g1 with three empty neighbours: h1, g2 and f1.
NOMADS = {"e2": "nomads", "g1": "statue", "h1": "cauldron", "g2": "robe", "f2": "zebra", "e1": "lion"}


def test_example_3_nomads_moved_from_1_empty_to_3_score_2():
    g = game(layout=NOMADS, revealed=["e2"])
    play(g, "Sf1", "Dg1", "Sg1", "Dh1")
    pass_turn(g)
    play(g, "Sg1", "Dg2", "Sf1")
    assert "Ne2" in legal(g)
    play(g, "Ne2")
    assert ">g1" in legal(g)
    play(g, ">g1")
    assert g.scores == [2, 0]           # 3 empty spaces (h1, g2, f1 with the explorer) less 1 (f1)
    assert g.tile_at("g1") == "nomads" and g.tile_at("e2") is None


# Example 1 (the exchange). Brigitte (seat 1) holds a cauldron and two robes;
# André (seat 0) holds a statue and discovers another.
EXCHANGE = {"g1": "statue", "f2": "statue", "m2": "cauldron", "m3": "robe", "l3": "robe"}


def exchange_position():
    g = game(layout=EXCHANGE)
    play(g, "Sf1", "Dg1", "Sf1", "pass")                        # André: a statue (nobody to exchange with)
    play(g, "Sl2", "Dm2", "keep", "Sl2", "Dm3", "keep")         # Brigitte: a cauldron, a robe
    pass_turn(g)
    play(g, "Sl2", "Dl3", "keep", "Sl2", "pass")                # Brigitte: a second robe
    play(g, "Sf1", "Df2")                                       # André: a second statue
    assert g.objects(0) == {"statue": 2} and g.objects(1) == {"cauldron": 1, "robe": 2}
    return g


def test_example_1_exchange_choices():
    g = exchange_position()
    assert g.phase_name == "exchange"
    assert legal(g) == ["E1:cauldron", "E1:robe", "E1:robe*", "keep"]


def test_example_1_statue_for_a_cauldron():
    g = exchange_position()
    play(g, "E1:cauldron")
    assert g.objects(0) == {"statue": 1, "cauldron": 1}
    assert g.objects(1) == {"statue": 1, "robe": 2}
    assert g.scores == [0, 0]


def test_example_1_two_statues_for_two_robes():
    g = exchange_position()
    play(g, "E1:robe*")
    assert g.objects(0) == {"robe": 2}
    assert g.objects(1) == {"statue": 2, "cauldron": 1}
