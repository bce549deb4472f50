"""Carcassonne Safari: the rules engine.

    from savanna import safari
    g = safari.new_game(players=3, seed=1)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    g.scores

Pure rules: no I/O, and no randomness but the game's seeded shuffles. With
`chance="explicit"` there is none at all: every draw is a chance node whose
outcome is applied like an action (savanna/chance.py).
"""

from __future__ import annotations

from typing import Any, Iterable

from .actions import Action
from .game import FINAL_SCORING, READ_ONLY, Game
from .limits import fit_notes
from .loading import from_dict, load
from .serialization import SAVED_DEFAULTS
from .tileset import DEFAULT_TILE_SET, TILE_SETS, TileSet, load_tiles

__all__ = ["Action", "Game", "TileSet", "FINAL_SCORING", "READ_ONLY", "DEFAULT_TILE_SET", "TILE_SETS", "SAVED_DEFAULTS",
           "new_game", "from_json", "from_dict", "load_tiles", "parse_action", "fit_stored"]


def new_game(players: int = 2, seed: int | None = None, final_scoring: str = "all",
             tiles: str | dict[str, Any] | TileSet | None = None, tile_order: Iterable[str] | None = None,
             token_order: str | None = None, chance: str = "sampled") -> Game:
    """A new game. `tiles`: None for the real tile set (real-1), a packaged set's version
    ("real-1", "reconstruction-1"), or a user's own set as a dict in the safari-tiles/1 format.
    `tile_order`: land tiles to draw first, top first ("S03" or "S03/2"); the rest follow shuffled.
    `token_order`: animal letters drawn first (the deal, two per seat from seat 0, then draws).
    `chance`: "sampled" (the seed shuffles the tiles and tokens) or "explicit" (every draw is a
    chance node: `chance_outcomes()`, outcomes applied as `~S05`, `~A`; no tile_order or token_order)."""
    return Game(players=players, seed=seed, final_scoring=final_scoring, tiles=tiles, tile_order=tile_order,
                token_order=token_order, chance=chance)


def from_json(text: str | bytes) -> Game:
    """Restore a game saved with `Game.to_json()`; a malformed file raises ValueError."""
    return load(text)


def fit_stored(own: dict[str, Any]) -> dict[str, Any]:
    """A game's own data as stored before a bound it breaks ({"tiles": a user's set}), fitted to
    it so that the game goes on loading: a set's notes cut (limits.fit_notes; no rule reads them)."""
    tiles = own.get("tiles")
    return {**own, "tiles": fit_notes(tiles)} if isinstance(tiles, dict) else own


def parse_action(text: str) -> Action:
    """Parse notation into an Action (checks the form only, not legality)."""
    return Action.parse(text)
