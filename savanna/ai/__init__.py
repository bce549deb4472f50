"""Computer players, written once against the common game interface
(`legal_actions()`, `apply()`, `current_player`, `is_terminal()`, `clone()`,
`scores`, `determinize(rng)`), so each plays every game of the platform."""

from .base import PLAYERS, Player, describe_players, is_cheap, make_player, parse_spec
from .random_player import RandomPlayer
from .greedy import GreedyPlayer
from .mcts import MCTSPlayer

__all__ = ["Player", "RandomPlayer", "GreedyPlayer", "MCTSPlayer", "make_player", "parse_spec", "describe_players", "is_cheap", "PLAYERS"]
