"""Helpers for the tests of the OpenSpiel games (test_research.py: Safari, test_openspiel_africa.py)."""

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
