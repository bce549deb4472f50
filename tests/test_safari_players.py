"""Computer players: always legal, for every seat and every number of players,
scoring choices of non-active seats included; greedy is better than random;
MCTS never peeks at the hidden stack; player specs are checked."""

from __future__ import annotations

import random
import time

import pytest

from savanna import safari
from savanna.ai import PLAYERS, make_player, parse_spec

FAST = {"random": "random", "greedy": "greedy", "mcts": "mcts:iterations=12,depth=1"}
# for the thousands of moves of every seat and table size: legality does not depend on how far
# the search looks, so MCTS searches only the greedy judgement's best two moves, once each
# (its search, tree and play-outs all run; a third of the time)
THOUSANDS = {**FAST, "mcts": "mcts:iterations=2,k=2,depth=1"}


def play_out(game, players):
    moves = 0
    while not game.is_terminal():
        seat = game.current_player
        legal = set(game.legal_actions())
        a = players[seat].choose(game)
        assert a in legal, f"{players[seat].name} chose illegal {a!r}"
        game.apply(a)
        moves += 1
    return moves


@pytest.mark.parametrize("name", sorted(FAST))
def test_every_player_plays_only_legal_actions_for_every_seat_and_table_size(name):
    moves = 0
    for players in (2, 3, 4, 5, 2, 3, 4, 5, 2, 3, 4, 5):
        g = safari.new_game(players=players, seed=100 + moves, final_scoring="majority" if moves % 2 else "all")
        moves += play_out(g, [make_player(THOUSANDS[name], seed=moves + s) for s in range(players)])
    assert moves > 1700  # thousands of moves with every player


def test_players_answer_scoring_choices_of_a_seat_that_is_not_active():
    from builders import cell, new, tile, trail
    # seat 0's trail is closed by seat 1's tile; seat 0 holds a lion to add
    start = [cell(0, 0, "stss", [trail("E")], ["E"])]
    tiles = [tile("T1", "stst", [trail("EW")], ["Z"]), tile("T2", "ssst", [trail("W")], ["G"]),
             tile("F", "ssss", count=2)]
    for name in sorted(PLAYERS):
        g = new(tiles, ["T1", "T2", "F", "F"], tokens="LAEZ", start=start, rangers=((-1, 0), (0, 1)))
        g.apply("T1,0@0")
        g.apply("M:trail:E")
        g.apply("T2,0@0")
        g.apply("pass")
        assert g.phase_name == "score" and g.current_player == 0 and g.active_player == 1
        spec = FAST.get(name, name)
        choice = make_player(spec, seed=3).choose(g)
        assert choice in g.legal_actions()
        if name != "random":
            assert choice in ("+L", "+A")  # three animals plus a fourth: 10 instead of 6


def test_greedy_beats_random():
    wins = 0
    for i in range(4):
        seats = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        g = safari.new_game(players=2, seed=500 + i)
        play_out(g, [make_player(n, seed=i) for n in seats])
        if seats.index("greedy") in g.winners():
            wins += 1
    assert wins == 4


def test_mcts_does_not_peek_at_the_hidden_stack():
    g = safari.new_game(players=2, seed=9)
    rng = random.Random(0)
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    other = g.clone()
    random.Random(1).shuffle(other.stack)  # same visible position, another hidden order
    random.Random(2).shuffle(other.pile)
    assert other.stack != g.stack
    a = make_player("mcts:iterations=60", seed=7).choose(g)
    b = make_player("mcts:iterations=60", seed=7).choose(other)
    assert a == b


def test_determinize_keeps_what_is_known_and_reshuffles_the_rest():
    g = safari.new_game(players=3, seed=4)
    d = g.determinize(random.Random(1))
    assert d.drawn_tile == g.drawn_tile and d.scores == g.scores
    assert d.remaining_tiles() == g.remaining_tiles() and d.stack != g.stack
    assert sorted(d.pile) == sorted(g.pile)
    assert [d.tokens(s) for s in range(3)] == [g.tokens(s) for s in range(3)]


@pytest.mark.parametrize("spec, message", [
    ("nobody", "unknown player 'nobody'"),
    ("mcts:time=0", "positive number"),
    ("mcts:time=-1", "positive number"),
    ("mcts:time=abc", "must be a float"),
    ("mcts:iterations=1.5", "must be a int"),
    ("mcts:speed=3", "unknown option 'speed'"),
    ("greedy:time=1", "unknown option 'time'"),
    ("mcts:time", "key=value"),
    ("mcts:clock=sun", "clock must be wall or cpu"),
    ("", "must be named"),
])
def test_bad_player_specs_are_refused_clearly(spec, message):
    with pytest.raises(ValueError, match=message):
        make_player(spec)


def test_player_spec_options_are_parsed():
    assert parse_spec("mcts:time=0.5,iterations=40") == ("mcts", {"time": 0.5, "iterations": 40})
    p = make_player("mcts:iterations=40,c=1.2")
    assert p.iterations == 40 and p.c == 1.2 and p.budget is None
    assert make_player("mcts:time=0.5,clock=cpu").clock is time.process_time


def test_mcts_searches_the_greedy_judgement_s_best_k_moves():
    from savanna.ai import safari_eval
    from savanna.ai.evaluation import ranked

    g = safari.new_game(2, seed=3)
    for _ in range(6):
        g.apply(make_player("greedy", seed=1).choose(g))
    best = ranked(g, g.legal_actions(), g.current_player, safari_eval)[0][1]
    assert make_player("mcts:iterations=50,k=1", seed=5).choose(g) == best
    p = make_player("mcts:iterations=120,k=4", seed=5)
    assert p.choose(g) in [a for _, a in ranked(g, g.legal_actions(), g.current_player, safari_eval)[:4]]
    assert 100 <= p.last_iterations <= 140  # the budget is spent, not exceeded by more than a deal


def test_mcts_halving_keeps_the_move_that_plays_out_best(monkeypatch):
    """Sequential halving keeps the move with the best mean play-out, even when the
    greedy judgement ranks it last of the k."""
    from savanna.ai import mcts

    g = safari.new_game(2, seed=3)
    k = 6
    order = [a for _, a in mcts.ranked(g, g.legal_actions(), 0, mcts.evaluation_for(g))[:k]]
    worth = {a: float(i) for i, a in enumerate(order)}  # the greedy's last is worth most
    seen: dict = {}

    def iterate(self, world, move, node, seat, depth, ev):
        seen[move] = seen.get(move, 0) + 1
        node.visits += 1
        node.total += worth[move] + self.rng.uniform(-0.4, 0.4)

    monkeypatch.setattr(mcts.MCTSPlayer, "_iterate", iterate)
    p = make_player(f"mcts:iterations=600,k={k}", seed=2)
    assert p.choose(g) == order[-1]
    assert seen[order[-1]] > seen[order[0]]  # the survivors got more play-outs



def test_greedy_with_given_weights():
    """safari_eval.evaluation(w) is the evaluation with weights w: with the default
    weights greedy chooses as it does by default; other weights change its choices."""
    from savanna.ai import GreedyPlayer, safari_eval

    g = safari.new_game(2, seed=3)
    default = GreedyPlayer(seed=1)
    same = GreedyPlayer(seed=1, evaluation=safari_eval.evaluation(safari_eval.Weights()))
    other = GreedyPlayer(seed=1, evaluation=safari_eval.evaluation(safari_eval.Weights(meeple=50.0)))
    differ = 0
    for _ in range(40):
        a = default.choose(g)
        assert same.choose(g) == a
        differ += other.choose(g) != a
        g.apply(a)
    assert differ
