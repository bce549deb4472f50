"""What the edge reads of the games, through live/ by design: the table's reads, each in a worker
thread (so the loop keeps serving connections), the lobby's and the accounts' lists with who is
connected on every server. Writes go through the conductor (conductor.py); the edge imports
neither the table nor the store (an import-linter contract in pyproject.toml).

    reads = GameReads(service, live)
    rec = await reads.record(game_id)            # GameError "not_found" if there is none
    reads.seats_for(rec, token)                  # the seats a token (or a session's Credential) holds
    await reads.lobby(limit)                     # {"open": [...], "recent": [...]}
    await reads.games_of(account, limit)         # an account's games: playing, to move, over
    await reads.held(pairs)                      # the games a browser's (id, token) pairs hold seats in
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

from ..store.storage import GameRecord
from ..table.held import held_games
from ..table.service import GameService
from .games import LiveGames


class GameReads:
    """See the module docstring. `service`: the table; `live`: the live games (who is connected)."""

    def __init__(self, service: GameService, live: LiveGames):
        self.service, self.live = service, live

    @property
    def max_think(self) -> float:
        return self.service.max_think

    @property
    def computer_only(self) -> bool:
        return self.service.computer_only

    @property
    def first_move(self) -> Any:
        return self.service.first_move

    async def _online(self) -> dict[str, Iterable[int]]:
        """Who is connected to which games, on every server sharing the database."""
        return dict(await self.live.online_everywhere())

    async def record(self, game_id: str) -> GameRecord:
        """The game as stored (GameError "not_found" if there is none)."""
        return await asyncio.to_thread(self.service.record, game_id)

    def seats_for(self, record: GameRecord, token: Any) -> frozenset[int]:
        """The seats of `record` that `token` (a seat's token, or a Credential) holds."""
        return self.service.seats_for(record, token)

    async def export(self, game_id: str, token: Any = None) -> str:
        """The saved game (the command line's JSON), once it is over (or for a seat's token)."""
        return await asyncio.to_thread(self.service.export, game_id, token)

    async def lobby(self, limit: int = 50) -> dict[str, list[Any]]:
        """The listed games, open and recent, with who is connected to them on every server."""
        return await asyncio.to_thread(self.service.lobby, limit, await self._online())

    async def games_of(self, account: int, limit: int = 50) -> dict[str, Any]:
        """The account's games ("playing", "to_move", "over"), listed as the lobby lists them."""
        return await asyncio.to_thread(self.service.games_of, account, limit, await self._online())

    async def to_move(self) -> Callable[[int], list[Any]]:
        """A function of an account: its games where one of its seats is to act (for a profile,
        called in a worker thread; who is connected read now, in the loop)."""
        online = await self._online()
        return lambda account: self.service.games_of(account, connected=online)["to_move"]

    async def held(self, pairs: list[tuple[str, str]]) -> dict[str, Any]:
        """The games the (game id, token) pairs hold seats in, listed alike (table/held.py)."""
        return await asyncio.to_thread(held_games, self.service, pairs, await self._online())

    async def playing(self, account: int) -> list[Any]:
        """The unfinished games the account holds a seat in (each with its seats there)."""
        return await asyncio.to_thread(self.service.store.games_of_account, account, "playing", 10_000)
