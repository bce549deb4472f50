"""Every rule of Africa, each on a hand-built position on the real map.

Explorers start on the cities f1 (Algiers: neighbours g1, f2, e2, e1) for
seat 0 and l2 (Cairo) for seat 1 unless a test says otherwise."""

from __future__ import annotations

import json

import pytest

from africa_builders import CITIES, game, legal, pass_turn, play, to_seat
from savanna import africa
from savanna.africa.scoring import final_scoring, majority, object_points

# ------------------------------------------------------------------ set-up


def test_setup_counts():
    for players in (2, 3, 4, 5):
        g = africa.new_game(players=players, seed=3)
        assert g.tiles_face_down == 96 and g.tiles_left == 96  # tiles_left: Safari's name
        assert sum(g.unseen_tiles().values()) == 96
        assert [g.camps(s) for s in range(players)] == [2] * players
        assert g.camp_supply == 10
        assert g.scores == [0] * players
        assert g.explorers() == [None] * players
        assert g.phase_name == "setup"
        # every discovery space face down, every city free
        board = g.board_view()
        assert sum(1 for s in board if s["tile"] == "face-down") == 96
        assert sorted(s["space"] for s in board if s["city"]) == sorted(CITIES)
        assert all(s["tile"] is None for s in board if s["city"])


def test_the_seed_draws_the_first_player_who_places_and_plays_first():
    firsts = {africa.new_game(players=4, seed=s).first_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    g = africa.new_game(players=3, seed=5, first_player=2)
    order = []
    for _ in range(3):
        order.append(g.current_player)
        g.apply(legal(g)[0])
    assert order == [2, 0, 1]            # clockwise from the first player
    assert g.phase_name == "move" and g.current_player == 2


def test_each_explorer_on_a_different_city():
    g = game(place=False)
    assert legal(g) == sorted("P" + c for c in CITIES)
    play(g, "Pf1")
    assert "Pf1" not in legal(g) and len(legal(g)) == 4
    with pytest.raises(ValueError, match="already"):
        g.apply("Pf1")
    with pytest.raises(ValueError, match="not a city"):
        g.apply("Pg1")
    play(g, "Pm8")
    assert g.explorers() == ["f1", "m8"]


# ---------------------------------------------------------------- moving


def test_turn_start_offers_steps_and_the_jump():
    g = game()
    # all around f1 is face down: stay, or jump to a free city
    assert legal(g) == ["Sf1", "jump"]
    play(g, "jump")
    assert legal(g) == ["Jb4", "Ji12", "Jm8"]   # not onto l2 (seat 1) nor f1 (already there)


def test_jump_is_the_whole_turn_and_lands_anywhere_uncovered():
    g = game(layout={"h5": "lion"}, revealed=["h5"])
    play(g, "jump")
    assert "Jh5" in legal(g)
    play(g, "Jh5")
    assert g.explorers()[0] == "h5"
    assert g.current_player == 1 and g.phase_name == "move" and g.step_number == 1
    # seat 1 cannot jump onto seat 0, nor onto a face-down marker
    play(g, "jump")
    for bad, why in (("Jh5", "another explorer"), ("Jh6", "face-down"), ("Jl2", "already")):
        with pytest.raises(ValueError, match=why):
            g.apply(bad)


def test_no_jump_after_a_first_step():
    g = game()
    play(g, "Sf1", "pass")
    assert legal(g) == ["Sf1"]
    with pytest.raises(ValueError, match="whole turn"):
        g.apply("jump")


def test_steps_cross_face_up_tiles_but_not_face_down_ones_nor_other_explorers():
    # face up: g1 and g2 (g2 is two steps from f1 through g1); h1, f2 face down
    g = game(layout={"g1": "gold-1", "g2": "lion", "h2": "zebra"}, revealed=["g1", "g2", "h2"])
    assert legal(g) == ["Sf1", "Sg1", "Sg2", "jump"]
    with pytest.raises(ValueError, match="face-down"):
        g.apply("Sf2")
    with pytest.raises(ValueError, match="more than two"):
        g.apply("Sh2")                  # face up, but three steps away
    # an explorer of another seat on g1 blocks both stopping there and passing through
    play(g, "jump", "Jg1")
    assert g.current_player == 1
    play(g, "jump", "Jf1")              # seat 1 jumps to f1, left free
    assert g.explorers() == ["g1", "f1"]
    # seat 0 on g1: g2 one step, h2 two steps through g2
    assert legal(g) == ["Sg1", "Sg2", "Sh2", "jump"]
    play(g, "Sg2", "pass")
    pass_turn_or_finish(g)
    # seat 1 on f1: g1 is free now, g2 holds seat 0
    assert "Sg2" not in legal(g)
    with pytest.raises(ValueError, match="another explorer"):
        g.apply("Sg2")


def pass_turn_or_finish(g):
    """Finish the turn of the seat to move by staying and passing."""
    seat = g.current_player
    while g.current_player == seat:
        e = g.explorers()[seat]
        g.apply("S" + e if g.phase_name == "move" else "pass")


def test_another_explorer_blocks_the_way():
    g = game(layout={"g1": "gold-1", "g2": "lion"}, revealed=["g1", "g2"], cities=("f1", "l2"))
    play(g, "Sf1", "pass", "Sf1", "pass")
    play(g, "jump", "Jg1")              # seat 1 stands on g1
    assert legal(g) == ["Sf1", "jump"]  # g1 occupied, g2 only reachable through it
    with pytest.raises(ValueError, match="crosses"):
        g.apply("Sg2")


def test_two_steps_each_followed_by_an_action_and_repeats_allowed():
    g = game(layout={"g1": "gold-1", "f2": "gold-2"})
    play(g, "Sf1", "Dg1")
    assert g.scores == [1, 0] and g.current_player == 0 and g.step_number == 2
    play(g, "Sf1", "Df2")               # the same action again
    assert g.scores == [3, 0] and g.current_player == 1 and g.step_number == 1


def test_every_action_is_optional():
    g = game()
    play(g, "Sf1", "pass", "Sf1", "pass")
    assert g.current_player == 1 and g.scores == [0, 0] and g.turn == 1


# ------------------------------------------------------------ discovering


def test_discovery_only_next_to_the_explorer():
    g = game(layout={"g1": "gold-1"})
    play(g, "Sf1")
    assert sorted(a for a in legal(g) if a.startswith("D")) == ["De1", "De2", "Df2", "Dg1"]
    with pytest.raises(ValueError, match="not next to"):
        g.apply("Dh1")


def test_gold_and_gems_score_their_nuggets_and_stay():
    g = game(layout={"g1": "gold-2", "f2": "gems-1"})
    play(g, "Sf1", "Dg1")
    assert g.scores == [2, 0] and g.tile_at("g1") == "gold-2"
    play(g, "Sf1", "Df2")
    assert g.scores == [3, 0] and g.tile_at("f2") == "gems-1"
    assert g.treasure(0) == {"gold": 0, "gems": 0}   # not taken: only a base camp explores


def test_an_object_is_taken_and_scores_nothing_now():
    g = game(layout={"g1": "mask"})
    play(g, "Sf1", "Dg1")
    assert g.objects(0) == {"mask": 1} and g.tile_at("g1") is None and g.scores == [0, 0]
    assert g.phase_name == "move"       # nobody holds an object: no exchange asked


def test_a_lone_animal_scores_1_and_stays():
    g = game(layout={"g1": "zebra"})
    play(g, "Sf1", "Dg1")
    assert g.scores == [1, 0] and g.tile_at("g1") == "zebra" and g.phase_name == "move"


def test_an_animal_counts_only_face_up_animals_of_its_species():
    # g2 next to g1: a face-up zebra counts, a face-up lion and a face-down zebra do not
    g = game(layout={"g1": "zebra", "g2": "zebra", "h1": "zebra", "f2": "lion"}, revealed=["g2", "f2"])
    play(g, "Sf1", "Dg1")
    assert g.scores == [2, 0]


def test_discovered_nomads_score_the_empty_spaces_around_them():
    # e1: next to f1 (a city, with the explorer: empty) and e2, d2, d1 (face down)
    g = game(layout={"e1": "nomads"})
    play(g, "Sf1", "De1")
    assert g.scores == [1, 0] and g.tile_at("e1") == "nomads"


def test_discovered_nomads_may_move_where_more_is_empty():
    # objects taken from g1, h1, g2 leave them empty; nomads found on f2 see g2, g1 and f1 empty
    g = game(layout={"g1": "statue", "h1": "robe", "f2": "nomads", "g2": "mask"})
    play(g, "Sf1", "Dg1", "Sg1", "Dh1")
    pass_turn(g)
    play(g, "Sg1", "Dg2")               # g1 now has h1, g2, f1 empty around it
    play(g, "Sg1", "Df2")
    # f2 sees g2, g1, f1 empty (3); g1 would see h1, g2, f1 and f2 itself once left (4)
    assert legal(g) == [">f2", ">g1"]
    play(g, ">g1")
    assert g.scores == [4, 0]


def test_a_monument_gives_a_base_camp_from_the_supply():
    g = game(layout={"g1": "monument"})
    play(g, "Sf1", "Dg1")
    assert g.camps(0) == 3 and g.camp_supply == 9 and g.tile_at("g1") == "monument"
    assert g.scores == [0, 0] and not g.is_terminal()


def test_the_eleventh_monument_ends_the_game_at_once_with_3():
    far = ["g10", "h10", "i10", "j10", "k10", "l10", "g11", "h11", "i11", "j11"]
    layout = {sp: "monument" for sp in far}
    layout["g1"] = "monument"
    g = game(layout=layout, revealed=far)
    assert g.view()["monuments"] == {"found": 10, "total": 11}
    play(g, "Sf1", "Dg1")
    assert g.is_terminal() and g.current_player is None and g.legal_actions() == []
    assert g.scores == [3, 0] and g.winners() == [0] and g.returns() == [1.0, 0.0]
    assert g.view()["last_monument_bonus"] == 0
    assert g.camps(0) == 2              # the supply gives no camp for the last one
    with pytest.raises(ValueError, match="over"):
        g.apply("Sf1")


# -------------------------------------------------------- moving tiles


def test_a_face_up_animal_moves_only_from_the_explorer_or_next_to_it():
    layout = {"g1": "statue", "h1": "lion", "g2": "lion", "e2": "lion"}
    g = game(layout=layout, revealed=["h1", "g2", "e2"])
    play(g, "Sf1", "Dg1")               # g1 empty, next to two lions
    play(g, "Sf1")
    assert "Ae2" in legal(g)            # e2 is next to f1; g1 has 2 lions around, e2 has none
    assert "Ah1" not in legal(g)        # not next to f1
    with pytest.raises(ValueError, match="neither"):
        g.apply("Ah1")
    play(g, "Ae2", ">g1")
    assert g.scores == [2, 0]           # 2 - 0


def test_a_move_must_improve_and_go_to_an_empty_space():
    layout = {"g1": "statue", "f2": "lion", "g2": "lion"}
    g = game(layout=layout, revealed=["f2", "g2"])
    play(g, "Sf1", "Dg1")
    play(g, "Sf1")
    # f2 and g2 are next to each other (1 each); g1 would give f2 one lion (g2) only: no better
    assert "Af2" not in legal(g)
    with pytest.raises(ValueError, match="no empty space would improve"):
        g.apply("Af2")


def test_a_moved_tile_may_go_under_an_explorer_and_then_blocks_a_camp():
    # seat 0's explorer on g1 (empty after its statue); a lion there next to h1's and g2's lions
    layout = {"g1": "statue", "h1": "lion", "g2": "lion", "f2": "lion"}
    g = game(layout=layout, revealed=["h1", "g2", "f2"])
    play(g, "Sf1", "Dg1", "Sg1")
    # f2 has one lion (g2) around it; g1 (under the explorer) would have h1 and g2
    play(g, "Af2", ">g1")
    assert g.scores == [1, 0] and g.tile_at("g1") == "lion" and g.explorers()[0] == "g1"
    pass_turn(g)
    play(g, "Sg1")
    assert "B+" not in legal(g) and "B$" not in legal(g)
    with pytest.raises(ValueError, match="empty space"):
        g.apply("B+")


# ---------------------------------------------------------------- base camps


CAMP_LAYOUT = {"g1": "elephant", "f2": "nomads", "e2": "monument", "e1": "gold-2"}


def test_base_camp_for_points_counts_animals_nomads_monuments_not_gold():
    g = game(layout=CAMP_LAYOUT, revealed=list(CAMP_LAYOUT))
    play(g, "Sf1", "B+")
    assert g.scores == [3, 0] and g.camps(0) == 1
    assert g.space_view(g.board.space("f1"))["camp"] == 0   # on a city: cities are empty spaces
    assert g.tile_at("e1") == "gold-2"                      # the tiles stay


def test_base_camp_to_explore_takes_the_gold_and_gems_around_it():
    layout = dict(CAMP_LAYOUT, f2="gems-1")
    g = game(layout=layout, revealed=list(layout))
    play(g, "Sf1", "B$")
    assert g.scores == [0, 0] and g.treasure(0) == {"gold": 2, "gems": 1}
    assert g.held_tiles(0) == {"gold-2": 1, "gems-1": 1}
    assert g.tile_at("e1") is None and g.tile_at("f2") is None and g.tile_at("g1") == "elephant"


def test_base_camps_need_an_empty_space_and_a_camp_in_reserve():
    g = game(layout={"g1": "statue", "h1": "gold-1"}, revealed=["h1"])
    play(g, "Sf1", "B+", "Sf1")
    assert "B+" not in legal(g)         # f1 holds a camp now
    with pytest.raises(ValueError, match="holds a base camp"):
        g.apply("B+")
    play(g, "Dg1")                      # take the statue: g1 empty
    pass_turn(g)
    play(g, "Sg1", "B$")
    assert g.camps(0) == 0 and g.treasure(0)["gold"] == 1
    play(g, "Sg1")
    assert "B+" not in legal(g)
    play(g, "pass")
    pass_turn(g)
    play(g, "Sg1")
    with pytest.raises(ValueError, match="no base camp left"):
        g.apply("B$")


def test_two_camps_in_one_turn():
    g = game(layout={"g1": "statue"})
    play(g, "Sf1", "Dg1", "Sf1", "pass")
    pass_turn(g)
    play(g, "Sf1", "B+", "Sg1", "B+")
    assert g.camps(0) == 0 and g.current_player == 1


# ------------------------------------------------------------ exchanges


def test_no_exchange_like_for_like_and_all_needs_enough():
    layout = {"g1": "statue", "m2": "statue", "m3": "statue", "l3": "robe", "f2": "robe"}
    g = game(layout=layout)
    play(g, "Sf1", "Dg1", "Sf1", "pass")
    play(g, "Sl2", "Dm2", "Sl2", "Dm3")                   # seat 1: two statues (like for like: no exchange)
    pass_turn(g)
    play(g, "Sl2", "Dl3")                                 # seat 1 finds a robe: seat 0 has one statue
    assert legal(g) == ["E0:statue", "keep"]
    play(g, "keep", "Sl2", "pass")
    play(g, "Sf1", "Df2")                                 # seat 0 finds a robe: seat 1 has 2 statues, 1 robe
    assert legal(g) == ["E1:statue", "keep"]              # not robe for robe; not both statues for 1 robe
    with pytest.raises(ValueError, match="changes nothing"):
        g.apply("E1:robe")
    with pytest.raises(ValueError, match="needs 2 robes"):
        g.apply("E1:statue*")
    play(g, "E1:statue")
    assert g.objects(0) == {"statue": 2} and g.objects(1) == {"statue": 1, "robe": 2}


# ------------------------------------------------------------ final scoring


def test_object_sets():
    assert [object_points([n], (0, 1, 3, 5, 8, 12)) for n in range(6)] == [0, 1, 3, 5, 8, 12]
    assert object_points([1, 2, 3, 4, 5], (0, 1, 3, 5, 8, 12)) == 29


@pytest.mark.parametrize("amounts, points", [
    ([4, 2, 0], [10, 6, 0]),
    ([3, 3, 1], [8, 8, 0]),            # tied first share 10 + 6; nobody second
    ([3, 3, 3], [5, 5, 5]),            # 16 / 3 rounded down
    ([2, 2, 2, 2, 2], [3, 3, 3, 3, 3]),
    ([4, 2, 2], [10, 3, 3]),           # tied second share 6
    ([5, 3, 3, 3], [10, 2, 2, 2]),
    ([2, 0], [10, 0]),                 # nothing, no place
    ([0, 0, 0], [0, 0, 0]),
    ([1, 5], [6, 10]),
])
def test_treasure_majorities(amounts, points):
    assert majority(amounts, (10, 6)) == points


def test_final_scoring_counts_nuggets_and_stones_not_tiles():
    # seat 0: one tile of 2 nuggets; seat 1: two tiles of 1 -- equal nuggets, tied first
    parts = final_scoring([[0], [0]], [2, 2], [0, 1], (0, 1), (10, 6))
    assert [p["gold"] for p in parts] == [8, 8] and [p["gems"] for p in parts] == [0, 10]


def test_a_whole_game_end():
    far = ["g10", "h10", "i10", "j10", "k10", "l10", "g11", "h11", "i11", "j11"]
    layout = {sp: "monument" for sp in far}
    layout.update({"g1": "statue", "f2": "statue", "e2": "gold-2", "e1": "gems-1", "d1": "monument",
                   "m2": "gold-1", "m3": "mask"})
    g = game(layout=layout, revealed=far + ["e2", "e1", "m2"])
    play(g, "Sf1", "Dg1", "Sf1", "Df2")               # two statues
    play(g, "Sl2", "Dm3", "keep", "Sl2", "B$")       # seat 1: a mask, and m2's single nugget
    play(g, "Sf1", "B$", "Se1", "Dd1")               # seat 0: 2 nuggets and a stone, then the last monument
    assert g.is_terminal()
    assert g.final_breakdown == [
        {"objects": 3, "gold": 10, "gems": 10, "total": 23},
        {"objects": 1, "gold": 6, "gems": 0, "total": 7},
    ]
    assert g.final_points == [23, 7]  # what final scoring added, as Safari's
    assert g.view(None)["final_points"] == g.final_breakdown  # the view keeps the breakdown
    assert g.scores == [3 + 23, 7]
    assert g.winners() == [0]


# ------------------------------------------------------------ hidden holdings


def test_hidden_treasure_is_seen_only_by_its_holder():
    g = game(layout=CAMP_LAYOUT, revealed=list(CAMP_LAYOUT), hidden=True)
    play(g, "Sf1", "B$")
    me, other, spectator = g.view(0), g.view(1), g.view(None)
    assert me["seats"][0]["gold"] == 2
    assert other["seats"][0]["gold"] is None and other["seats"][0]["gems"] is None
    assert spectator["seats"][0]["gold"] is None and spectator["seats"][1]["gold"] is None
    # without the option all is public; with it, the views differ in those fields only
    h = game(layout=CAMP_LAYOUT, revealed=list(CAMP_LAYOUT))
    play(h, "Sf1", "B$")
    assert h.view(1)["seats"][0]["gold"] == 2 and h.view(None)["seats"][0]["gold"] == 2
    for seat in (1, None):
        open_view, hidden_view = h.view(seat), g.view(seat)
        assert "gold-1" in open_view["unseen_tiles"] and "gold-1" not in hidden_view["unseen_tiles"]
        assert hidden_view["unseen_tiles"]["treasure"] == sum(
            n for k, n in open_view["unseen_tiles"].items() if k.startswith(("gold", "gems")))
        for v in (open_view, hidden_view):
            v.pop("hidden_treasure"), v.pop("unseen_tiles")
            for s in v["seats"]:
                if s["seat"] != seat:
                    s.pop("gold"), s.pop("gems")
        assert json.dumps(open_view, sort_keys=True) == json.dumps(hidden_view, sort_keys=True)


def test_hidden_treasure_is_shown_when_the_game_is_over():
    far = ["g10", "h10", "i10", "j10", "k10", "l10", "g11", "h11", "i11", "j11"]
    layout = {sp: "monument" for sp in far}
    layout.update({"e1": "gold-2", "g1": "monument"})
    g = game(layout=layout, revealed=far + ["e1"], hidden=True)
    play(g, "Sf1", "B$", "Sf1", "Dg1")
    assert g.is_terminal() and g.view(1)["seats"][0]["gold"] == 2


def test_view_of_the_seat_to_move_lists_its_actions_only():
    g = game()
    assert g.view(0)["legal_actions"] == ["Sf1", "jump"]
    assert g.view(1)["legal_actions"] == [] and g.view(None)["legal_actions"] == []
    with pytest.raises(ValueError, match="seat"):
        g.view(2)


def test_an_animal_may_move_onto_a_city_under_the_explorer():
    layout = {"g1": "lion", "e1": "lion", "f2": "lion"}
    g = game(layout=layout, revealed=list(layout))
    play(g, "Sf1")
    # f2 has one lion (g1) around it; the city f1, with the explorer on it, has g1 and e1
    assert "Af2" in legal(g)
    play(g, "Af2")
    assert g.pending_choice() == {"choice": "target", "from": "f2", "tile": "lion", "discovered": False,
                                  "targets": ["f1"]}
    play(g, ">f1")
    assert g.scores == [1, 0] and g.tile_at("f1") == "lion" and g.explorers()[0] == "f1"
    f1 = g.space_view(g.board.space("f1"))
    assert f1 == {"space": "f1", "row": 0, "col": 5, "city": "Algiers", "tile": "lion", "kind": "animal",
                  "camp": None, "explorers": [0]}
    play(g, "Sf1")
    assert "B+" not in legal(g)


def test_views_for_a_ui():
    g = game(layout={"g1": "statue", "m2": "robe"})
    v = g.view(0)
    assert v["phase"] == "move" and v["step"] == 1 and v["current_player"] == 0 and v["active_player"] == 0
    assert len(v["board"]) == 101 and v["tiles_face_down"] == 96 and sum(v["unseen_tiles"].values()) == 96
    assert v["seats"][1] == {"seat": 1, "score": 0, "explorer": "l2", "camps": 2, "objects": {}, "gold": 0, "gems": 0,
                           "treasure_tiles": 0}
    play(g, "Sf1", "Dg1", "Sf1", "pass", "Sl2", "Dm2")
    assert g.pending_choice() == {"choice": "exchange", "object": "robe"}
    assert g.view(1)["legal_actions"] == ["keep", "E0:statue"]
    assert g.view(None)["unseen_tiles"].get("statue") == 4
