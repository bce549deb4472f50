"""Computer players, written once against the common game interface
(`legal_actions()`, `apply()`, `current_player`, `is_terminal()`, `clone()`),
so each plays every game of the platform."""

from .base import Player, make_player, PLAYERS
from .random_player import RandomPlayer

__all__ = ["Player", "RandomPlayer", "make_player", "PLAYERS"]
