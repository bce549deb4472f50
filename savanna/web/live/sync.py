"""Cluster sync: what another server sharing the database did, brought to this one's
connections (cluster.py hears it: PostgreSQL's notifications and the servers' heartbeats).

    on_game(game_id, version)   a game stored (by any server; -1: deleted, -2: expired)
    on_presence(game_id)        who is connected to a game changed on another server
    on_dead(leased, watched)    servers died: their computer seats and connections
    on_reconnect()              notifications may have been missed: look at every game again
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from ..table.events import Notified, Outcome
from .computers import ComputerPlay
from .conductor import DELETED, EXPIRED
from .presence import Presence
from .publishing import Publisher


class ClusterSync:
    """See the module docstring. `cluster`: cluster.Cluster; `presence`, `publisher` and
    `computers`: the live games' parts it brings up to date; `spawn(coro)`: runs a task in the
    background; `gone(game_id, why)`: tells a deleted game's connections why and closes them;
    `told(outcome)`: the conductor's, which hands each game stored (a Notified event) to its
    subscribers (subscribers/hints.py)."""

    def __init__(self, cluster: Any, presence: Presence, publisher: Publisher, computers: ComputerPlay,
                 spawn: Callable[[Any], None], gone: Callable[[str, str], Awaitable[None]],
                 told: Callable[[Outcome], Awaitable[None]]):
        self.cluster, self.presence, self.publisher, self.computers = cluster, presence, publisher, computers
        self.spawn, self.gone, self.told = spawn, gone, told

    def on_game(self, game_id: str, version: int) -> None:
        """A game was stored at `version` (by any server; -1: deleted, -2: expired): the
        subscribers are told (Notified), and its connections here are brought up to date, unless
        they have that version already (this server's own)."""
        self.spawn(self.told(Outcome(None, (Notified(game_id, version),))))
        if version < 0:
            self.spawn(self.gone(game_id, EXPIRED if version == -2 else DELETED))
        elif self.presence.of(game_id) and version > self.publisher.versions.get(game_id, -1):
            self.spawn(self.publisher.publish(game_id, version=version))

    def on_presence(self, game_id: str) -> None:
        """Who is connected to a game changed on another server: its connections here see it."""
        if self.presence.of(game_id):
            self.spawn(self.refresh([game_id]))

    def on_dead(self, leased: list[str], watched: list[str]) -> None:
        """Servers died: the games whose computer seats they drove go on here (if the lease
        is taken here first), and their connections are no longer shown."""
        for gid in leased:
            self.computers.kick(gid)
        self.spawn(self.refresh([g for g in watched if self.presence.of(g)]))
        if self.cluster.revived:  # this server was the one taken for dead: its connections count again
            holds = [(c.hold, c.game_id, c.address, c.seats) for conns in self.presence.connections.values()
                     for c in conns if c.hold is not None]
            self.spawn(asyncio.to_thread(self.cluster.hold_again, holds))

    def on_reconnect(self) -> None:
        """Notifications may have been missed: every game with connections here is looked at again."""
        self.spawn(self.refresh(list(self.presence.connections)))

    async def refresh(self, game_ids: list[str]) -> None:
        if not game_ids:
            return
        found = await asyncio.to_thread(self.cluster.presence, game_ids)
        for gid in game_ids:
            if self.presence.of(gid):
                self.presence.remote[gid] = found.get(gid, (frozenset(), 0))
                await self.publisher.publish(gid)
