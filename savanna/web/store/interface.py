"""What the layers above the store (table/, live/, the edge's health check) use of the games'
store: `GameStore`. Two stores have it: the SQLAlchemy `Store` (storage.py: SQLite or
PostgreSQL) and `MemoryStore` (memory.py: a dict, for tests of what is above the store, as
boardgame.io's InMemory). tests/test_web_store_contract.py runs one contract against both.

Its semantics, which both keep: every write names the version it read (`game.version`, or
`expected_version` for `save`) and lands only if the stored game is still at it, then the version
goes up by one; else `VersionConflict` and nothing is stored. Listings are the most recently
changed first (then by id); `due` and `next_deadline` read the deadlines kept on every write.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol

from savanna import games

from ..jsontext import JSONObject
from .storage import AccountGame, GameRecord, Listing


class GameStore(Protocol):
    """The games' store (module docstring; storage.Store's docstrings say each call's details)."""

    backend: Any  # "sqlite", "postgresql" or "memory"
    tell_others: bool  # set by live/cluster.py while other server processes share the database

    def create(self, *, settings: JSONObject, seats: list[JSONObject], actions: list[str], status: str,
               summary: JSONObject, listed: bool = True, game: str = games.UNNAMED, meta: JSONObject | None = None,
               deadline: float | None = None) -> GameRecord: ...

    def save(self, game_id: str, expected_version: int, *, actions: list[str], status: str,
             summary: JSONObject) -> GameRecord: ...

    def advance(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                meta: JSONObject | None = None, deadline: float | None = None) -> GameRecord: ...

    def rewrite(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                seats: list[JSONObject] | None = None, meta: JSONObject | None = None,
                deadline: float | None | object = ...) -> GameRecord: ...

    def delete(self, game: GameRecord) -> None: ...

    def touch(self, game_id: str, now: datetime | None = None) -> None: ...

    def expire(self, before: datetime, keep: Iterable[str] = ()) -> list[str]: ...

    def get(self, game_id: str) -> GameRecord | None: ...

    def list_games(self, status: str | None = None, limit: int = 50,
                   listed_only: bool = True) -> list[GameRecord]: ...

    def listings(self, status: str, limit: int = 50, settings: Iterable[str] = ()) -> list[Listing]: ...

    def games_of_account(self, account_id: int, status: str | None = None,
                         limit: int = 50) -> list[AccountGame]: ...

    def due(self, now: float, limit: int = 100) -> list[str]: ...

    def next_deadline(self) -> float | None: ...

    def playing(self) -> list[Listing]: ...

    def close(self) -> None: ...
