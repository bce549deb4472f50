"""The games of the platform, by name. Each module offers `new_game(players=, seed=, ...)`
and `from_json(text)`, and its games the common interface the players use."""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES = {"safari": "savanna.safari", "africa": "savanna.africa"}


def game_module(name: str) -> ModuleType:
    """The engine module of a game by name; an unknown name raises ValueError."""
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
