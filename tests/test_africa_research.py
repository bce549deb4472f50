"""Africa as an OpenSpiel game ("python_savanna_africa", savanna/research/openspiel_africa.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from savanna import africa
from savanna.ai import make_player
from savanna.chance import CHANCE
from savanna.research.africa_encoding import AfricaEncoding

from openspiel_helpers import check_information_state, play_bot, sample

pyspiel = pytest.importorskip("pyspiel")
import savanna.research.openspiel_africa  # noqa: E402,F401 (registers the game)
from savanna.research.openspiel_africa import AfricaObserver  # noqa: E402

NAME = "python_savanna_africa"


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(sample(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_game_type_info_and_sizes():
    game = pyspiel.load_game(NAME, {"players": 3, "hidden_treasure": True})
    t = game.get_type()
    assert t.short_name == NAME and t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (t.min_num_players, t.max_num_players) == (2, 5)
    data = africa.load_data(None)
    e = AfricaEncoding(players=3)
    assert game.num_players() == 3 and game.num_distinct_actions() == e.size
    assert game.max_chance_outcomes() == len(data.types) == 15
    obs = AfricaObserver(game, pyspiel.IIGObservationType(perfect_recall=False), None)
    info = AfricaObserver(game, pyspiel.IIGObservationType(perfect_recall=True), None)
    assert game.observation_tensor_size() == e.observation_size + 1 + 3 + e.spaces == obs.tensor.size
    assert game.information_state_tensor_size() == info.tensor.size == \
        obs.tensor.size + game.history_rows * len(info.history_names)
    assert game.max_game_length() == 3 + 6 * 1000
    assert game.max_chance_nodes_in_history() == len(data.board.discovery) == 96
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.new_initial_state().engine().hidden_treasure


@pytest.mark.parametrize("params", [{}, {"players": 3, "hidden_treasure": True}])
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test(params, serialize):
    # OpenSpiel's own conformance check: clones, serialisation, tensors, chance outcomes (a random
    # game is long: some 2,000 actions; serialising replays the game at every step)
    game = pyspiel.load_game(NAME, params) if params else pyspiel.load_game(NAME)
    pyspiel.random_sim_test(game, num_sims=1 if params or serialize else 2, serialize=serialize, verbose=False)


def test_bad_parameters_are_refused_saying_which():
    for params, message in (({"players": 6}, "players must be"), ({"max_turns": 0}, "max_turns must be"),
                            ({"first_player": 2}, "first_player must be a seat from 0 to 1")):
        with pytest.raises(Exception, match=message):
            pyspiel.load_game(NAME, params)


def test_state_follows_the_engine():
    game = pyspiel.load_game(NAME, {"players": 2, "first_player": 1})
    state = game.new_initial_state()
    engine = africa.new_game(players=2, seed=0, first_player=1, chance="explicit")
    e = AfricaEncoding(players=2)
    rng = np.random.RandomState(0)
    chance_nodes = 0
    while not state.is_terminal():
        obs = np.asarray(state.observation_tensor(1), np.float32)
        head, block = obs[:e.observation_size], obs[e.observation_size:]
        assert np.array_equal(head, e.observation(engine, 1))
        if state.is_chance_node():
            chance_nodes += 1
            assert engine.current_player == CHANCE and state.current_player() == pyspiel.PlayerId.CHANCE
            outcomes = state.chance_outcomes()
            assert [(state.action_to_string(pyspiel.PlayerId.CHANCE, i), p) for i, p in outcomes] == \
                sorted(((str(a), p) for a, p in engine.chance_outcomes()), key=lambda ap: state.action_index(ap[0]))
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            # the chance block: a draw, discovered by the seat to act (relative to seat 1), on that space
            assert block[0] == 1 and block[1 + (engine.active - 1) % 2] == 1 and block[3 + engine.reveal_at] == 1
            assert block.sum() == 3 and head[e.plane_size + e.vec["phase_reveal"]] == 1
            assert not head[e.plane_size + e.vec["to_act_seat0"]:e.plane_size + e.vec["to_act_seat1"] + 1].any()
            a = sample(state, rng)
        else:
            assert state.current_player() == engine.current_player and not block.any()
            legal = state.legal_actions()
            assert [state.action_to_string(a) for a in legal] == \
                sorted(map(str, engine.legal_actions()), key=lambda a: e.action_to_index(engine, a))
            a = legal[rng.randint(len(legal))]
        engine.apply(state.action_to_string(state.current_player(), a))
        state.apply_action(a)
    assert engine.is_terminal() and state.returns() == engine.returns() and max(state.returns()) == 1.0
    assert chance_nodes == sum(1 for x in engine.history if str(x)[0] == "~") > 0
    assert len(state.history()) - chance_nodes <= game.max_game_length()
    lines = state.information_state_string(0).split("\n")
    assert lines[0] == "p0" and lines[1:] == [f"{'c' if s < 0 else s}:{a}" for s, a in zip(engine.actors, engine.history)]
    assert state.observation_string(1).startswith("p1\nphase=over")


def test_information_state_tensor_is_the_history():
    game = pyspiel.load_game(NAME, {"players": 3})
    state = _play(game.new_initial_state(), np.random.RandomState(5), 120)
    assert len(state.history()) == 120
    assert any(step.player == pyspiel.PlayerId.CHANCE for step in state.full_history())
    check_information_state(pyspiel, game, state, 1)


def _views(state, player):
    return (np.asarray(state.observation_tensor(player), np.float32).tobytes(), state.observation_string(player),
            np.asarray(state.information_state_tensor(player), np.float32).tobytes(),
            state.information_state_string(player))


def test_hidden_treasure_never_shows_another_seats_gold_and_gems():
    # Compare each seat's observations of a state and of a world in which the other seats' gold
    # and gems are dealt again (and the face-down gold and gems with them), as the engine's
    # determinize(seat) does: everything that seat is shown, tensors and strings, must be the
    # same. And the seat whose treasure changed must see the change in its own observation.
    game = pyspiel.load_game(NAME, {"players": 3, "hidden_treasure": True})
    rng = random.Random(7)
    greedy = [make_player("greedy", seed=s) for s in range(3)]  # greedy seats take treasure with base camps
    compared = changed = 0
    state = game.new_initial_state()
    draw = make_player("random", seed=1)
    while not state.is_terminal():
        g = state.engine()
        if not state.is_chance_node() and g.turn % 4 == 0:
            for p in range(3):
                world = state.clone()
                world._box._engine = g.determinize(rng, seat=p)  # the same public state, others' treasure redealt
                assert _views(world, p) == _views(state, p)
                compared += 1
                for q in range(3):
                    if q != p and world.engine().treasure(q) != g.treasure(q):
                        changed += 1
                        assert _views(world, q)[0] != _views(state, q)[0]  # q sees its own
        actor = greedy[g.current_player] if g.current_player >= 0 else draw
        state.apply_action(state.action_index(actor.choose(g)))
    assert compared > 100 and changed > 10
    # at the end everything is shown
    g = state.engine()
    assert any(g.treasure(1).values()) and f"gold={g.treasure(1)['gold']} " in state.observation_string(0)


def test_without_hidden_treasure_every_seat_sees_every_total():
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    g = state.engine()
    # seat 1 holds a gold tile: shown to seat 0 as it is to seat 1
    g.held[1 * g.num_types + g.data.by_id["gold-2"].index] += 1
    assert "seat1 score=0 camps=2 explorer=- objects=- gold=2 gems=0" in state.observation_string(0)
    hidden = pyspiel.load_game(NAME, {"players": 2, "hidden_treasure": True}).new_initial_state()
    h = hidden.engine()
    h.held[1 * h.num_types + h.data.by_id["gold-2"].index] += 1
    assert "seat1 score=0 camps=2 explorer=- objects=- gold=? gems=? treasure_tiles=1" in hidden.observation_string(0)
    assert "seat1 score=0 camps=2 explorer=- objects=- gold=2 gems=0" in hidden.observation_string(1)
    assert "gold=2" in str(hidden)  # the whole state


def test_a_game_reaching_max_turns_ends_with_no_winner():
    game = pyspiel.load_game(NAME, {"players": 2, "max_turns": 6})
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        # set-up, then step in place and pass: nobody ever discovers
        names = {state.action_to_string(a): a for a in legal}
        a = names.get("pass", next((i for s, i in names.items() if s.startswith("S")), legal[0]))
        state.apply_action(a)
        decisions += 1
    g = state.engine()
    assert g.turn == 6 and not g.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    assert decisions <= game.max_game_length() == 2 + 6 * 6
    assert "(cut at max_turns)" in str(state)


def test_serialisation_replays_the_draws():
    game = pyspiel.load_game(NAME, {"players": 3, "hidden_treasure": True, "first_player": 2})
    state = _play(game.new_initial_state(), np.random.RandomState(4), 300)
    assert any(step.player == pyspiel.PlayerId.CHANCE for step in state.full_history())
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.engine().to_json() == state.engine().to_json()
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    assert state2.information_state_string(1) == state.information_state_string(1)


def test_openspiel_ismcts_plays_whole_games():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(NAME, {"players": 2, "hidden_treasure": True})
    seed = 1
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(seed))
    state, searched = play_bot(game, bot, make_player("greedy", seed), seed)
    g = state.engine()
    assert g.is_terminal() and g.monuments_found == g.data.monuments  # played to the rules' end
    assert state.returns() == g.returns() and max(state.returns()) == 1.0 and searched > 20
