"""What an action scored, for both games: `Game.apply_explained` applies an action while its
game notes each scoring as an event (a dict with "what", "seat", "points" and what it was for;
each game's `apply_explained` docstring lists its kinds). Engines call `note`-style appends
only while `game.explain` is a list, so plain `apply` pays nothing for it."""

from __future__ import annotations

from typing import Any


def explained(game: Any, action: Any) -> list[dict[str, Any]]:
    """Apply `action` to `game` and return the scoring events it noted (an illegal action
    raises ValueError, as `apply` does, and changes nothing)."""
    events: list[dict[str, Any]] = []
    game.explain = events
    try:
        game.apply(action)
    finally:
        game.explain = None
    return events
