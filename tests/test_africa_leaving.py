"""A seat leaving a game of Africa (`out`, savanna/africa/leaving.py; docs/africa.md, "A seat leaving"):
at each kind of moment of a turn (random games with seats leaving: test_games.py)."""

from __future__ import annotations

import pytest

from africa_builders import game, legal, pass_turn, play
from savanna import africa


def test_out_is_never_legal_but_apply_takes_it_and_it_is_in_the_history():
    g = game(players=3)
    assert "out" not in legal(g)
    assert africa.parse_action(" out ") == "out"
    g.apply("out")
    assert g.gone == [0] and g.history[-1] == "out" and g.actors[-1] == 0
    assert g.current_player == 1 and g.phase_name == "move" and g.step_number == 1
    assert "out" not in legal(g)


def test_turn_order_skips_a_seat_that_left_and_its_explorer_stays():
    g = game(players=3)
    play(g, "Sf1", "pass", "out")       # seat 0 leaves in its second step
    assert g.current_player == 1 and g.explorers()[0] == "f1"
    seen = []
    for _ in range(4):
        seen.append(g.current_player)
        pass_turn(g)
    assert seen == [1, 2, 1, 2]
    assert "Sf1" not in legal(g)        # its explorer still stands there


def test_leaving_during_set_up_places_no_explorer():
    g = game(players=3, first=1, place=False)
    play(g, "Pf1")                      # seat 1
    g.apply("out")                      # seat 2 leaves before placing
    assert g.phase_name == "setup" and g.current_player == 0
    play(g, "Pl2")
    assert g.phase_name == "move" and g.current_player == 1   # the first player starts
    assert g.explorers() == ["l2", "f1", None]
    pass_turn(g)
    assert g.current_player == 0


def test_a_first_player_who_left_during_set_up_is_followed_by_the_next_seat():
    g = game(players=3, first=1, place=False)
    g.apply("out")                      # seat 1, the first player
    play(g, "Pf1", "Pl2")               # seats 2 and 0
    assert g.phase_name == "move" and g.current_player == 2


def test_a_jump_not_landed_leaves_the_explorer_where_it_was():
    g = game(players=3)
    play(g, "jump")
    g.apply("out")
    assert g.explorers()[0] == "f1" and g.current_player == 1 and g.phase_name == "move"


def test_a_move_not_made_leaves_the_tile_and_the_score():
    layout = {"g1": "statue", "h1": "lion", "g2": "lion", "e2": "lion"}
    g = game(layout=layout, revealed=["h1", "g2", "e2"], players=3)
    play(g, "Sf1", "Dg1", "Sf1", "Ae2")
    assert g.phase_name == "target"
    g.apply("out")
    assert g.tile_at("e2") == "lion" and g.tile_at("g1") is None and g.scores == [0, 0, 0]
    assert g.current_player == 1 and g.phase_name == "move"


def test_a_discovered_tile_whose_place_is_to_say_stays_and_scores_there():
    layout = {"g1": "statue", "h1": "robe", "f2": "nomads", "g2": "mask"}
    g = game(layout=layout, players=3)
    play(g, "Sf1", "Dg1", "Sg1", "Dh1")
    pass_turn(g)
    pass_turn(g)
    play(g, "Sg1", "Dg2")
    play(g, "Sg1", "Df2")
    assert legal(g) == [">f2", ">g1"]   # (test_africa_rules: staying scores 3)
    g.apply("out")
    assert g.tile_at("f2") == "nomads" and g.scores == [3, 0, 0]
    assert g.current_player == 1


def test_an_exchange_not_made_keeps_the_object():
    layout = {"g1": "statue", "m2": "robe"}
    g = game(layout=layout, players=3)
    play(g, "Sf1", "Dg1", "Sf1", "pass")
    play(g, "Sl2", "Dm2")               # seat 1 finds a robe: seat 0 has a statue
    assert g.phase_name == "exchange"
    g.apply("out")
    assert g.objects(1) == {"robe": 1} and g.objects(0) == {"statue": 1}
    assert g.current_player == 2 and g.phase_name == "move"


def test_the_tiles_of_a_seat_that_left_count_and_when_all_have_left_the_game_ends():
    g = game(layout={"g1": "mask"}, players=2)
    play(g, "Sf1", "Dg1", "out")        # seat 0 took a mask, then left
    g.apply("out")
    assert g.is_terminal() and g.gone == [0, 1] and g.current_player is None
    assert g.final_points == [1, 0]     # its mask scored as a set of one
    with pytest.raises(ValueError, match="over"):
        g.apply("out")


def test_no_seat_leaves_while_a_tile_is_turned_up():
    g = africa.new_game(players=3, seed=4, chance="explicit")
    while not g.is_chance_node():
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "D"), acts[0]))
    before = g.to_json()
    with pytest.raises(ValueError, match="chance node"):
        g.apply("out")
    assert g.to_json() == before
