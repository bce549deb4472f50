"""Computer players on Africa: always legal for every seat and table size, with
and without hidden treasure; greedy beats random; no player learns a face-down
tile by trying a discovery, nor another seat's hidden gold and gems."""

from __future__ import annotations

import random

import pytest

from savanna import africa
from savanna.ai import africa_eval, make_player
from savanna.ai.evaluation import evaluation_for

FAST = {"random": "random", "greedy": "greedy", "mcts": "mcts:iterations=10,depth=1"}


def play_out(game, players, limit=None):
    moves = 0
    while not game.is_terminal() and (limit is None or moves < limit):
        seat = game.current_player
        legal = set(game.legal_actions())
        a = players[seat].choose(game)
        assert a in legal, f"{players[seat].name} chose illegal {a!r} in phase {game.phase_name}"
        game.apply(a)
        moves += 1
    return moves


@pytest.mark.parametrize("name, tables, least", [
    ("random", (2, 3, 4, 5, 2, 3, 4, 5), 5000),
    ("greedy", (2, 3, 4, 5), 1000),  # greedy finds the monuments sooner: shorter games
])
def test_players_play_only_legal_actions_for_every_seat_and_table_size(name, tables, least):
    moves = 0
    for i, players in enumerate(tables):
        g = africa.new_game(players=players, seed=40 + i, hidden_treasure=bool(i % 2))
        moves += play_out(g, [make_player(FAST[name], seed=i * 8 + s) for s in range(players)])
        assert g.is_terminal()
    assert moves > least


def test_mcts_plays_only_legal_actions_with_every_table_size():
    moves = 0
    for players in (2, 3, 5):
        g = africa.new_game(players=players, seed=70 + players, hidden_treasure=players == 3)
        # legality does not depend on how far the search looks: the greedy judgement's best two
        # moves, searched once each (the search, its tree and play-outs all run)
        specs = ["mcts:iterations=2,k=2,depth=1"] + ["random"] * (players - 1)
        moves += play_out(g, [make_player(s, seed=s_ + 1) for s_, s in enumerate(specs)], limit=250)
    assert moves == 750


def test_greedy_beats_random():
    for i in range(4):
        seats = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        g = africa.new_game(players=2, seed=600 + i // 2)
        play_out(g, [make_player(n, seed=i) for n in seats])
        assert seats.index("greedy") in g.winners()


def position_to_discover(seed=5, players=3, hidden=False):
    """A position where the seat to act may discover a face-down tile."""
    g = africa.new_game(players=players, seed=seed, hidden_treasure=hidden)
    rng = random.Random(seed)
    while True:
        acts = g.legal_actions()
        if g.phase_name == "action" and len(g.history) > 30 and any(a.kind == "D" for a in acts):
            return g
        g.apply(rng.choice(acts))


def relaid(g, seed):
    """The same visible position with the face-down tiles shuffled among their spaces."""
    other = g.clone()
    spaces = [sp for sp in range(g.board.n) if g.down[sp]]
    tiles = [other.content[sp] for sp in spaces]
    random.Random(seed).shuffle(tiles)
    for sp, t in zip(spaces, tiles):
        other.content[sp] = t
    assert other.content != g.content
    return other


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=60"])
def test_players_do_not_peek_at_face_down_tiles(spec):
    for seed in (5, 6, 7):
        g = position_to_discover(seed)
        choices = {str(make_player(spec, seed=7).choose(x)) for x in (g, relaid(g, 1), relaid(g, 2))}
        assert len(choices) == 1, choices


def test_a_discovery_is_valued_by_its_expectation_not_by_the_real_tile():
    from collections import Counter
    g = position_to_discover(8)
    d = next(a for a in g.legal_actions() if a.kind == "D")
    seat = g.current_player
    out = africa_eval.outcomes(g, d)
    assert abs(sum(p for p, _ in out) - 1) < 1e-9
    unseen = g.unseen_tiles()
    revealed = []
    for p, h in out:
        gained = Counter(h.held_tiles(seat)) - Counter(g.held_tiles(seat))
        tile = h.tile_at(d.args[0]) if not gained else next(iter(gained))  # an object goes to the finder
        revealed.append(tile)
        assert abs(p - unseen[tile] / sum(unseen.values())) < 1e-9
        assert h.unseen_tiles() + Counter({tile: 1}) == unseen
    assert sorted(revealed) == sorted(unseen)  # one outcome per kind of tile not yet seen


def hidden_position(seed=1, phase="move"):
    """4 players, hidden treasure, in `phase`; two seats other than the one to act hold
    gold or gems."""
    for s in range(seed, seed + 60):
        g = africa.new_game(players=4, seed=s, hidden_treasure=True)
        rng = random.Random(s)
        while not g.is_terminal():
            acts = g.legal_actions()
            if "B$" in acts and rng.random() < 0.5:
                g.apply("B$")
                continue
            holding = [o for o in range(4) if o != g.current_player and sum(g.treasure(o).values())]
            if g.phase_name == phase and len(holding) >= 2 and any(a.kind in "SD" for a in acts):
                return g, holding
            g.apply(rng.choice(acts))
    raise AssertionError("no position with hidden holdings found")


def swapped_treasure(g, seat):
    """The same position as the seat to act sees it, with one of `seat`'s gold or gems
    tiles swapped for a face-down treasure tile of another kind."""
    other = g.clone()
    T = g.num_types
    kinds = [t.index for t in g.data.types if g.data.is_treasure[t.index]]
    for t in kinds:
        if not g.held[seat * T + t]:
            continue
        for sp in range(g.board.n):
            u = g.content[sp]
            if g.down[sp] and u in kinds and u != t:
                other.held[seat * T + t] -= 1
                other.held[seat * T + u] += 1
                other.content[sp] = t
                return other
    raise AssertionError("nothing to swap")


def test_hidden_treasure_evaluation_uses_only_what_the_seat_can_know():
    g, holding = hidden_position()
    me = g.current_player
    other = swapped_treasure(g, holding[0])
    assert other.view(me) == g.view(me)  # the seat sees no difference
    assert [other.treasure(s) for s in range(4)] != [g.treasure(s) for s in range(4)]
    assert africa_eval.values(other, me) == africa_eval.values(g, me)
    for spec in ("greedy", "mcts:iterations=60"):
        assert make_player(spec, seed=3).choose(g) == make_player(spec, seed=3).choose(other)


def test_hidden_treasure_discoveries_do_not_tell_gold_from_gems():
    g, holding = hidden_position(5, phase="action")
    other = swapped_treasure(g, holding[0])
    assert other.view(g.current_player) == g.view(g.current_player)
    found = [a for a in g.legal_actions() if a.kind == "D"]
    assert found
    for a in found:
        ours = [(round(p, 12), h.scores) for p, h in africa_eval.outcomes(g, a)]
        theirs = [(round(p, 12), h.scores) for p, h in africa_eval.outcomes(other, a)]
        assert ours == theirs


def test_determinize_deals_the_hidden_treasure_again():
    g, holding = hidden_position(3)
    me = g.current_player
    other = swapped_treasure(g, holding[0])
    worlds = [g.determinize(random.Random(i)) for i in range(30)]
    assert [(w.held, w.content) for w in worlds] == \
        [(o.held, o.content) for o in (other.determinize(random.Random(i)) for i in range(30))]
    for w in worlds:
        assert w.view(me) == g.view(me)  # the world agrees with all the seat sees
        assert w.treasure(me) == g.treasure(me)
    assert any([w.treasure(s) for s in range(4)] != [g.treasure(s) for s in range(4)] for w in worlds)
    # without the option nothing held is redrawn
    open_game = g.clone()
    open_game.hidden_treasure = False
    assert open_game.determinize(random.Random(1)).held == g.held


def test_evaluation_of_a_finished_game_is_its_score_and_counts_final_scoring():
    g = africa.new_game(players=3, seed=12)
    rng = random.Random(2)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    assert africa_eval.values(g) == [float(s) for s in g.scores]
    assert evaluation_for(g) is africa_eval
