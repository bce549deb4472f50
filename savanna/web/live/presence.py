"""Who is connected to each game: this server's connections, and, with several servers, how
many seats and spectators the others hold (kept up to date by cluster sync, sync.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from .connection import Connection


class Presence:
    """The connections of this server by game, and the other servers' presence (`cluster`:
    cluster.Cluster, None with one server)."""

    def __init__(self, cluster: Any = None):
        self.cluster = cluster
        self.connections: dict[str, set[Connection]] = {}
        self.remote: dict[str, tuple[frozenset[int], int]] = {}  # other servers' (seats, spectators) of a game

    def add(self, conn: Connection) -> None:
        self.connections.setdefault(conn.game_id, set()).add(conn)

    def discard(self, conn: Connection) -> bool:
        """Forget the connection; True if it was here. A game left with none is forgotten."""
        conns = self.connections.get(conn.game_id)
        if conns is None or conn not in conns:
            return False
        conns.discard(conn)
        if not conns:
            del self.connections[conn.game_id]
        return True

    def of(self, game_id: str) -> set[Connection]:
        return self.connections.get(game_id, set())

    def connected(self, game_id: str) -> set[int]:
        """The seats with a connection to the game (here, or through another server)."""
        out: set[int] = set(self.remote.get(game_id, ((), 0))[0])
        for c in self.connections.get(game_id, ()):
            out |= c.seats
        return out

    def spectators(self, game_id: str) -> int:
        return self.remote.get(game_id, ((), 0))[1] + sum(1 for c in self.connections.get(game_id, ()) if not c.seats)

    def audience(self, game_id: str) -> tuple[frozenset[int], int]:
        """Who a view of the game is built for: the seats connected, and how many spectators."""
        return frozenset(self.connected(game_id)), self.spectators(game_id)

    def online(self) -> dict[str, set[int]]:
        return {g: self.connected(g) for g in self.connections}

    async def online_everywhere(self) -> dict[str, set[int]]:
        """`online` of every server sharing the database (the lobby's)."""
        if self.cluster is None:
            return self.online()
        found = await asyncio.to_thread(self.cluster.presence, None, False)
        return {g: set(seats) for g, (seats, _) in found.items()}

    async def look_up(self, game_id: str) -> None:
        """Who is connected to the game through the other servers, read once (its first connection here)."""
        self.remote[game_id] = (await asyncio.to_thread(self.cluster.presence, [game_id])).get(
            game_id, (frozenset(), 0))
