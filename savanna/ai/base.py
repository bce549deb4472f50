"""The player interface: given a game, return one of its legal actions."""

from __future__ import annotations

from typing import Any, Callable, Protocol


class Player(Protocol):
    name: str

    def choose(self, game: Any) -> Any:
        """One of `game.legal_actions()` for the seat `game.current_player`."""


PLAYERS: dict[str, Callable[..., Player]] = {}


def register(name: str):
    def deco(cls):
        PLAYERS[name] = cls
        return cls
    return deco


def make_player(name: str, seed: int | None = None) -> Player:
    """A player by name; an unknown name raises ValueError listing the known ones."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(sorted(PLAYERS))}") from None
    return factory(seed=seed)
