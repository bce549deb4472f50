"""Who may watch: the caps on spectators' connections, and the tally that counts them.

A spectator's connection is counted in every scope of its caps: the server's spectators, the
game's, and (with a client address) the address's on the server and on the game. A seat's
connection is never refused for spectators, nor counted (its own cap is presence's, by the
seat: LiveGames.make_room). With several servers the cluster counts across them
(cluster.py's `take`, given these caps); the tally here is this server's.
"""

from __future__ import annotations

from typing import Any

from .connection import Limits

Key = tuple[str, str | None, str | None]


class Admission:
    """The caps of `limits` (connection.Limits) and this server's tally of spectators."""

    def __init__(self, limits: Limits = Limits()):
        self.limits = limits
        self.tally: dict[Key, int] = {}  # spectators here, by caps' scope

    def caps(self, address: str | None) -> list[tuple[str, int, str]]:
        """The caps on a spectator's connection, (scope, cap, reason) each: the scope names what
        is counted, spectators of the server, of the game, and of either from the address."""
        lim = self.limits
        caps = [("spectator", lim.spectators, f"too many spectators on this server (at most {lim.spectators})"),
                ("spectator game", lim.game_spectators,
                 f"too many spectators of this game (at most {lim.game_spectators})")]
        if address:
            caps += [("spectator address", lim.address_spectators,
                      f"too many spectators on this server from your address (at most {lim.address_spectators})"),
                     ("spectator game address", lim.address_game_spectators,
                      f"too many spectators of this game from your address (at most {lim.address_game_spectators})")]
        return caps

    def admit(self, game_id: str, address: str | None = None) -> str | None:
        """Why one more spectator of the game is refused here (None: it is not)."""
        for scope, cap, reason in self.caps(address):
            if self.tally.get(key(scope, game_id, address), 0) >= cap:
                return reason
        return None

    def count(self, conn: Any, by: int) -> None:
        """Count a spectator's connection in (1) or out (-1) of every scope of `caps` (a seat's: not)."""
        if not conn.spectator:
            return
        for scope, _, _ in self.caps(conn.address):
            k = key(scope, conn.game_id, conn.address)
            n = self.tally[k] = self.tally.get(k, 0) + by
            if n <= 0:
                del self.tally[k]

    def clear(self) -> None:
        self.tally.clear()


def key(scope: str, game_id: str, address: str | None) -> Key:
    return scope, game_id if "game" in scope else None, address if "address" in scope else None
