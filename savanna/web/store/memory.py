"""The games' store in memory (`MemoryStore`): what storage.Store does, kept in a dict, for tests
of the layers above the store that do not need a database (boardgame.io's InMemory). It keeps the
same semantics (interface.py): versions and VersionConflict, listings' order and what they hold,
deadlines, an account's games, expiry. Each record is copied in and out through JSON, as a
database would hand back fresh objects. Nothing is shared with other processes, and a game's
own data is kept in its settings (there is no table to keep it apart in)."""

from __future__ import annotations

import dataclasses
import json
import secrets
import threading
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from savanna import games

from ..jsontext import JSONObject
from .storage import (
    ID_BYTES,
    STATUSES,
    AccountGame,
    GameRecord,
    Listing,
    VersionConflict,
    possible_id,
    seat_account_rows,
)


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclasses.dataclass
class _Row:
    record: GameRecord
    touched_at: datetime | None = None
    deadline: float | None = None


class MemoryStore:
    """The games in a dict (module docstring). Thread-safe: one lock around every call."""

    backend = "memory"

    def __init__(self) -> None:
        self.tell_others = False  # (alone: nothing to tell)
        self._rows: dict[str, _Row] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ writes

    def create(self, *, settings: JSONObject, seats: list[JSONObject], actions: list[str], status: str,
               summary: JSONObject, listed: bool = True, game: str = games.UNNAMED, meta: JSONObject | None = None,
               deadline: float | None = None) -> GameRecord:
        _check(status)
        now = _now()
        with self._lock:
            gid = secrets.token_urlsafe(ID_BYTES)
            while gid in self._rows:
                gid = secrets.token_urlsafe(ID_BYTES)
            rec = GameRecord(id=gid, game=game, settings=_copy(settings), seats=_copy(seats),
                             actions=list(actions), status=status, summary=_copy(summary), listed=listed,
                             version=0, created_at=now, updated_at=now, meta=_copy(meta or {}))
            self._rows[gid] = _Row(rec, deadline=deadline)
            return _out(rec)

    def save(self, game_id: str, expected_version: int, *, actions: list[str], status: str,
             summary: JSONObject) -> GameRecord:
        game = self.get(game_id)
        if game is None or game.version != expected_version:
            raise VersionConflict(f"game {game_id} changed since version {expected_version}")
        return self.advance(game, actions=actions, status=status, summary=summary)

    def advance(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                meta: JSONObject | None = None, deadline: float | None = None) -> GameRecord:
        changes: dict[str, Any] = {}
        if meta is not None:
            changes["meta"], changes["deadline"] = meta, deadline
        return self._write(game, actions=actions, status=status, summary=summary, **changes)

    def rewrite(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
                seats: list[JSONObject] | None = None, meta: JSONObject | None = None,
                deadline: float | None | object = ...) -> GameRecord:
        changes: dict[str, Any] = {"seats": game.seats if seats is None else seats,
                                   "meta": game.meta if meta is None else meta}
        if deadline is not ...:
            changes["deadline"] = deadline
        return self._write(game, actions=actions, status=status, summary=summary, **changes)

    def _write(self, game: GameRecord, *, actions: list[str], status: str, summary: JSONObject,
               **changes: Any) -> GameRecord:
        _check(status)
        with self._lock:
            row = self._rows.get(game.id)
            if row is None or row.record.version != game.version:
                raise VersionConflict(f"game {game.id} changed since version {game.version}")
            fields: dict[str, Any] = {"actions": list(actions), "status": status, "summary": _copy(summary),
                                      "version": game.version + 1, "updated_at": _now()}
            if "seats" in changes:
                fields["seats"] = _copy(changes["seats"])
            if "meta" in changes:
                fields["meta"] = _copy(changes["meta"] or {})
            if "deadline" in changes:
                row.deadline = changes["deadline"]
            row.record = dataclasses.replace(row.record, **fields)
            return _out(row.record)

    def delete(self, game: GameRecord) -> None:
        with self._lock:
            row = self._rows.get(game.id)
            if row is None or row.record.version != game.version:
                raise VersionConflict(f"game {game.id} changed since version {game.version}")
            del self._rows[game.id]

    def touch(self, game_id: str, now: datetime | None = None) -> None:
        with self._lock:
            row = self._rows.get(game_id) if possible_id(game_id) else None
            if row is not None:
                row.touched_at = _now() if now is None else now

    def expire(self, before: datetime, keep: Iterable[str] = ()) -> list[str]:
        before, keep = before.astimezone(timezone.utc), set(keep)
        with self._lock:
            gone = [gid for gid, row in self._rows.items()
                    if row.record.status == "playing" and row.record.updated_at < before and gid not in keep
                    and (row.touched_at is None or row.touched_at < before)]
            for gid in gone:
                del self._rows[gid]
        return gone

    # ------------------------------------------------------------- reads

    def get(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._rows.get(game_id) if possible_id(game_id) else None
            return None if row is None else _out(row.record)

    def _latest(self, keep: Any) -> list[_Row]:
        """The rows `keep` takes, most recently changed first (then by id), as the database orders them."""
        rows = sorted((r for r in self._rows.values() if keep(r)), key=lambda r: r.record.id)
        return sorted(rows, key=lambda r: r.record.updated_at, reverse=True)

    def list_games(self, status: str | None = None, limit: int = 50, listed_only: bool = True) -> list[GameRecord]:
        with self._lock:
            rows = self._latest(lambda r: (status is None or r.record.status == status)
                                and (r.record.listed or not listed_only))
            return [_out(r.record) for r in rows[:limit]]

    def listings(self, status: str, limit: int = 50, settings: Iterable[str] = ()) -> list[Listing]:
        keys = sorted(set(settings))
        with self._lock:
            rows = self._latest(lambda r: r.record.status == status and r.record.listed)
            return [_listing(r, keys) for r in rows[:limit]]

    def games_of_account(self, account_id: int, status: str | None = None, limit: int = 50) -> list[AccountGame]:
        with self._lock:
            found = []
            for row in self._latest(lambda r: status is None or r.record.status == status):
                seats = tuple(s["seat"] for s in seat_account_rows(row.record.id, row.record.seats)
                              if s["account_id"] == account_id)
                if seats:
                    found.append(AccountGame(_listing(row, []), seats))
            return found[:limit]

    def due(self, now: float, limit: int = 100) -> list[str]:
        with self._lock:
            rows = [r for r in self._rows.values()
                    if r.deadline is not None and r.deadline <= now and r.record.status == "playing"]
            return [r.record.id for r in sorted(rows, key=lambda r: (r.deadline, r.record.id))][:limit]

    def next_deadline(self) -> float | None:
        with self._lock:
            deadlines = [r.deadline for r in self._rows.values()
                         if r.deadline is not None and r.record.status == "playing"]
            return min(deadlines, default=None)

    def playing(self) -> list[Listing]:
        with self._lock:
            return [_listing(r, []) for r in self._rows.values() if r.record.status == "playing"]


def _check(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"status must be one of {STATUSES}, not {status!r}")


def _out(rec: GameRecord) -> GameRecord:
    """A copy of a stored record: what the caller changes of it is not stored."""
    return dataclasses.replace(rec, settings=_copy(rec.settings), seats=_copy(rec.seats), actions=list(rec.actions),
                               summary=_copy(rec.summary), meta=_copy(rec.meta))


def _listing(row: _Row, keys: list[str]) -> Listing:
    rec = row.record
    control = (rec.meta.get("clock") or {}).get("control") if isinstance(rec.meta.get("clock"), dict) else None
    clock = None if not isinstance(control, dict) else {
        "control": _copy(control), "running": rec.meta["clock"].get("running"), "deadline": row.deadline}
    return Listing(id=rec.id, game=rec.game, settings={k: _copy(rec.settings[k]) for k in keys
                                                       if rec.settings.get(k) is not None},
                   seats=_copy(rec.seats), status=rec.status, summary=_copy(rec.summary),
                   created_at=rec.created_at, updated_at=rec.updated_at, rated=rec.meta.get("rated") is True,
                   clock=clock)
