"""The mail's addresses and "sent once" marks in memory (`MemoryMail`): what mail.MailStore does,
in dicts, for tests of the layers above the store (memory.py says why). The same semantics: one
address per owner (put replaces it, a site is kept to 200 characters), a seat's addresses go
with their game (`drop_game`), a notice is claimed once ever (the first `claim` of a (game,
seat, kind, move) is True, every later one False), the notices listed in the order claimed.
The games due (`timed_games`) are read from the games' store it sits beside."""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from .interface import GameStore
from .mail import Address


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclasses.dataclass
class _Notice:
    state: str
    at: datetime
    to_hash: str | None


class MemoryMail:
    """The addresses and notices in dicts (module docstring). Thread-safe: one lock around every call."""

    def __init__(self, games: GameStore):
        self.games = games
        self._addresses: dict[str, tuple[Address, str | None]] = {}  # owner: (address, its game)
        self._notices: dict[tuple[str, int, str, int], _Notice] = {}  # in the order claimed
        self._lock = threading.Lock()

    def put(self, owner: str, address: str, lang: str, site: str, game_id: str | None = None) -> None:
        with self._lock:
            self._addresses[owner] = (Address(address, lang, site[:200]), game_id)

    def remove(self, owner: str) -> bool:
        with self._lock:
            return self._addresses.pop(owner, None) is not None

    def get(self, owner: str) -> Address | None:
        return self.many([owner]).get(owner)

    def many(self, owners: Iterable[str]) -> dict[str, Address]:
        with self._lock:
            return {o: self._addresses[o][0] for o in dict.fromkeys(owners) if o in self._addresses}

    def drop_game(self, game_id: str) -> int:
        with self._lock:
            gone = [o for o, (_, gid) in self._addresses.items() if gid == game_id]
            for o in gone:
                del self._addresses[o]
            return len(gone)

    def seat_games(self) -> list[str]:
        with self._lock:
            return list(dict.fromkeys(gid for _, gid in self._addresses.values() if gid is not None))

    def timed_games(self, before: float) -> list[tuple[str, list[dict[str, Any]], int | None]]:
        found = []
        for gid in self.games.due(before, limit=sys.maxsize):
            rec = self.games.get(gid)
            if rec is not None:
                found.append((rec.id, list(rec.seats), (rec.summary or {}).get("current_player")))
        return found

    def claim(self, game_id: str, seat: int, kind: str, move: int, to_hash: str | None = None) -> bool:
        with self._lock:
            if (game_id, seat, kind, move) in self._notices:
                return False
            self._notices[(game_id, seat, kind, move)] = _Notice("sending", _now(), to_hash)
            return True

    def done(self, game_id: str, seat: int, kind: str, move: int, state: str) -> None:
        with self._lock:
            notice = self._notices.get((game_id, seat, kind, move))
            if notice is not None:
                notice.state, notice.at = state, _now()

    def sent_to(self, to_hash: str, since: datetime) -> int:
        with self._lock:
            return sum(1 for n in self._notices.values() if n.to_hash == to_hash and n.at >= since)

    def sent(self, game_id: str | None = None) -> list[tuple[str, int, str, int, str]]:
        with self._lock:
            found = [(key, n) for key, n in self._notices.items() if game_id in (None, key[0])]
        return [(*key, n.state) for key, n in sorted(found, key=lambda kn: kn[1].at)]
