"""Helpers for the tests of the OpenSpiel games (test_safari_research.py: Safari, test_africa_research.py)."""

from __future__ import annotations

from typing import Any

import numpy as np


def sample(state: Any, rng: np.random.RandomState) -> int:
    """A chance outcome of `state`, drawn by its probability."""
    actions, probs = zip(*state.chance_outcomes())
    return rng.choice(actions, p=probs)


def play_bot(game: Any, bot: Any, opponent: Any, seed: int) -> tuple[Any, int]:
    """A whole game: an OpenSpiel `bot` in seat 0, one of savanna's players in the others, every
    action checked legal; the final state and how many moves the bot chose."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state, rng)
        elif state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = state.action_index(opponent.choose(state.engine()))
        assert action in state.legal_actions()
        state.apply_action(action)
    return state, moves


def check_information_state(pyspiel: Any, game: Any, state: Any, player: int) -> None:
    """The information state of `player` is the public history (savanna/research/openspiel_base.py):
    the string one line per action, the tensor the observation then a row per action, and the
    only world consistent with it the state itself."""
    g = state.engine()
    lines = state.information_state_string(player).split("\n")
    assert lines[0] == f"p{player}" and lines[1:] == [f"{'c' if s < 0 else s}:{a}" for s, a in zip(g.actors, g.history)]
    info = np.asarray(state.information_state_tensor(player), np.float32)
    n_obs = game.observation_tensor_size()
    assert np.array_equal(info[:n_obs], np.asarray(state.observation_tensor(player), np.float32))
    table = info[n_obs:].reshape(game.history_rows, -1)
    n = game.num_players()
    assert table[:, 0].sum() == len(state.history()) and not table[len(state.history()):].any()
    for row, step in zip(table, state.full_history()):
        if step.player == pyspiel.PlayerId.CHANCE:
            assert row[1 + n] == 1 and row[3 + n] == np.float32((step.action + 1) / game.max_chance_outcomes())
        else:
            assert row[1 + (step.player - player) % n] == 1
            assert row[2 + n] == np.float32((step.action + 1) / game.num_distinct_actions())
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0., 1.))
    assert str(other) == str(state) and other.history() == state.history()
    assert other.information_state_string(0) == state.information_state_string(0)
