"""A seat leaving a game of Safari (`out`, savanna/safari/leaving.py; docs/safari.md, "A seat leaving"):
at each kind of moment of a turn (random games with seats leaving: test_games.py)."""

from __future__ import annotations

import pytest

from builders import filler, legal, new, play, tile, trail
from savanna import safari


def _three_trails():
    """Seats 0 and 2 each put a meeple on a separate trail; the JOIN tile closes both."""
    tiles = [tile("WEST", "stss", [trail("E")], ["A"]),
             tile("EAST", "ssst", [trail("W")], ["E"]),
             tile("JOIN", "stst", [trail("EW")], [""]),
             filler(5)]
    g = new(tiles, ["WEST", "F", "EAST", "F", "JOIN", "F", "F", "F"], tokens="GLZZGA", players=3, seed=11)
    play(g, "T-1,-1@0", "M:trail:E")    # seat 0
    play(g, "T0,1@0", "pass")           # seat 1
    play(g, "T1,-1@0", "M:trail:W")     # seat 2
    return g


def test_out_is_never_legal_but_apply_takes_it_and_it_is_in_the_history():
    g = safari.new_game(players=3, seed=5)
    assert "out" not in legal(g)
    assert safari.parse_action(" out ") == "out"
    g.apply("out")
    assert g.gone == [0] and g.history == ["out"] and g.actors == [0]
    assert "out" not in legal(g)


def test_leaving_with_the_tile_drawn_passes_that_tile_to_the_next_seat():
    g = _three_trails()
    assert g.current_player == 0 and g.phase_name == "place"
    drawn, left = g.drawn_tile, len(g.stack)
    g.apply("out")
    assert g.current_player == 1 and g.phase_name == "place"
    assert g.drawn_tile == drawn and len(g.stack) == left  # the same tile, the stack unchanged
    play(g, "T1,1@0", "pass")           # seat 1 places seat 0's tile
    assert g.current_player == 2        # then seat 2, then 1: seat 0 is skipped
    play(g, "T0,-1@0", "pass")          # seat 2 joins the two trails and closes them: one trail, led
    # by seat 2 and by seat 0, which left: seat 0 (holding tokens) is not asked, seat 2 is
    assert g.phase_name == "score" and g.current_player == 2
    g.apply("+none")
    assert g.scores == [3, 0, 3]        # its meeple scored the trail as any does
    assert g.meeples(0) == 6            # and went home
    assert g.current_player == 1


def test_leaving_at_the_action_step_is_a_pass():
    g = _three_trails()
    g.apply("T1,1@0")                   # seat 0 placed
    before = g.scores
    g.apply("out")
    assert g.scores == before and g.gone == [0]
    assert g.current_player == 1 and g.phase_name == "place"
    assert g.history[-2:] == ["T1,1@0", "out"]


def test_leaving_when_asked_to_add_a_token_adds_none_and_the_turn_goes_on():
    g = _three_trails()
    play(g, "T1,1@0", "pass")           # seat 0
    play(g, "T0,-1@0", "pass")          # seat 1 joins and closes the trails: from seat 1, seat 2 then 0 asked
    assert g.phase_name == "score" and g.current_player == 2
    g.apply("out")                      # seat 2 leaves: no token from it
    assert g.current_player == 0 and g.gone == [2]
    g.apply("+G")
    assert g.scores == [6, 0, 3]        # seat 2's meeple still scored its trail
    assert g.phase_name == "place" and g.current_player == 0   # seat 2's turn is skipped


def test_a_displaced_ranger_of_a_seat_that_left_goes_back_on_the_lowest_space():
    for when in ("action", "ranger"):
        g = new([filler(2)], ["F", "F"], tokens="AEGL", players=3)
        g.apply("T2,0@0")               # displaces the ranger on (2, 0)
        if when == "ranger":
            g.apply("pass")
            assert g.phase_name == "ranger"
        choices = _at_ranger(g).legal_actions()
        g.apply("out")
        lowest = min(choices, key=lambda a: a.args[0])
        assert (lowest.args[0] in g.rangers) and -1 not in g.rangers
        assert g.scores[0] == 3         # the displacing seat scored its 3
        assert g.current_player == 1 and g.phase_name == "place"


def _at_ranger(g):
    """A copy of `g` at the ranger put-back (from the action step: after a pass)."""
    c = g.clone()
    if c.phase_name == "action":
        c.apply("pass")
    assert c.phase_name == "ranger"
    return c


def test_leaving_with_the_last_tile_drawn_lets_the_next_seat_place_it_then_the_game_ends():
    g = new([filler(2)], ["F", "F"], tokens="AEGL", players=3)
    play(g, "T2,0@0", "pass", "R>3,0")  # seat 0
    assert g.stack == [] and g.current_player == 1
    g.apply("out")
    assert g.current_player == 2 and not g.is_terminal()
    play(g, "T-1,-1@0", "pass")
    assert g.is_terminal()


def test_when_every_seat_has_left_the_game_ends_with_final_scoring():
    g = _three_trails()
    for _ in range(3):
        g.apply("out")
    assert g.is_terminal() and g.gone == [0, 1, 2]
    assert g.final_points is not None and g.current_player is None
    with pytest.raises(ValueError, match="over"):
        g.apply("out")


def test_no_seat_leaves_at_a_chance_node():
    g = safari.new_game(players=3, seed=3, chance="explicit")
    while not g.is_chance_node():
        g.apply(g.legal_actions()[0])
    before = g.to_json()
    with pytest.raises(ValueError, match="chance node"):
        g.apply("out")
    assert g.to_json() == before
