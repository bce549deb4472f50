"""What the room's concerns (resign.py, takeback.py, flag.py; claims and hints to come) are
handed: the service's public face, as a protocol, so that each concern sits beside the service
without importing it."""

from __future__ import annotations

import threading
from typing import Any, Protocol

from ..store.storage import GameRecord
from .events import Event
from .position import Position


class Room(Protocol):
    def lock(self, game_id: str) -> threading.Lock:
        """The game's lock: held from reading the game to storing its change."""

    def record(self, game_id: str) -> GameRecord:
        """The game as stored (GameError "not_found" if there is none)."""

    def position(self, record: GameRecord) -> Position:
        """The game as of `record`, rebuilt (cached)."""

    def rebuild(self, record: GameRecord, actions: list[str] | None = None) -> Position:
        """The game of `record` after `actions` (its first ones), rebuilt from the start."""

    def save(self, rec: GameRecord, position: Position, *, actions: list[str] | None = None,
             status: str | None = None, seats: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None,
             refused: str = ...) -> GameRecord:
        """Store a change of the game at the version read (GameError "conflict" if another came first)."""

    def now(self) -> float:
        """The clocks' time, epoch seconds (clock.py)."""

    def delete(self, rec: GameRecord) -> None:
        """Delete the game at the version read (GameError "conflict" if it changed)."""

    def note(self, *happened: Event) -> None:
        """Tell the caller's journal what happened besides the writes (events.py)."""
