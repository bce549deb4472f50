"""The accounts and their sessions in memory (`MemoryAccounts`): what accounts.AccountStore does,
in dicts, for tests of the layers above the store (memory.py says why). The same semantics: a
key (the normalised name, given by the caller) names one account at most (NameTaken), a deleted
account keeps its id and row but loses its key, password hash and sessions, a password changes
only while the account lives (and the stored hash is the one `expected`), the sessions are
listed the last seen first, and times read back in UTC."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from datetime import datetime, timezone

from .accounts import AccountRecord, NameTaken, SessionRecord


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


class MemoryAccounts:
    """Accounts and sessions in dicts (module docstring). Thread-safe: one lock around every call."""

    def __init__(self) -> None:
        self._accounts: dict[int, AccountRecord] = {}
        self._sessions: dict[str, SessionRecord] = {}  # by id hash
        self._lock = threading.Lock()

    # ------------------------------------------------------------ accounts

    def create(self, name: str, key: str, password_hash: str | None, now: datetime) -> AccountRecord:
        """A new account; NameTaken if its key is another's. (A computer player's account has no
        password: memory_ratings.py makes it here, as ratings.py inserts its row.)"""
        with self._lock:
            if any(a.key == key for a in self._accounts.values()):
                raise NameTaken(key)
            aid = max(self._accounts, default=0) + 1
            self._accounts[aid] = AccountRecord(id=aid, name=name, key=key, password_hash=password_hash,
                                                created_at=_utc(now), deleted_at=None)
        return AccountRecord(id=aid, name=name, key=key, password_hash=password_hash, created_at=now,
                             deleted_at=None)

    def by_key(self, key: str) -> AccountRecord | None:
        with self._lock:
            return next((a for a in self._accounts.values() if a.key == key), None)

    def by_id(self, account_id: int) -> AccountRecord | None:
        with self._lock:
            return self._accounts.get(account_id)

    def set_password(self, account_id: int, password_hash: str, expected: str | None = None) -> bool:
        with self._lock:
            account = self._accounts.get(account_id)
            if account is None or account.deleted_at is not None \
                    or (expected is not None and account.password_hash != expected):
                return False
            self._accounts[account_id] = dataclasses.replace(account, password_hash=password_hash)
            return True

    def delete(self, account_id: int, now: datetime) -> None:
        with self._lock:
            self._sessions = {h: s for h, s in self._sessions.items() if s.account_id != account_id}
            account = self._accounts.get(account_id)
            if account is not None:
                self._accounts[account_id] = dataclasses.replace(account, key=None, password_hash=None,
                                                                 deleted_at=_utc(now))

    # ------------------------------------------------------------ sessions

    def add_session(self, session: SessionRecord) -> None:
        """Add a session; ValueError if its id hash or handle is another's (the table's keys)."""
        with self._lock:
            if session.id_hash in self._sessions or any(s.handle == session.handle for s in self._sessions.values()):
                raise ValueError("a session with that id or handle exists")
            self._sessions[session.id_hash] = dataclasses.replace(session, created_at=_utc(session.created_at),
                                                                  seen_at=_utc(session.seen_at))

    def session(self, id_hash: str) -> SessionRecord | None:
        with self._lock:
            return self._sessions.get(id_hash)

    def seen(self, id_hash: str, now: datetime) -> None:
        with self._lock:
            if id_hash in self._sessions:
                self._sessions[id_hash] = dataclasses.replace(self._sessions[id_hash], seen_at=_utc(now))

    def sessions(self, account_id: int) -> list[SessionRecord]:
        """The account's sessions, the last seen first (then by handle)."""
        with self._lock:
            mine = sorted((s for s in self._sessions.values() if s.account_id == account_id), key=lambda s: s.handle)
        return sorted(mine, key=lambda s: s.seen_at, reverse=True)

    def end_session(self, id_hash: str) -> bool:
        with self._lock:
            return self._sessions.pop(id_hash, None) is not None

    def end_by_handle(self, account_id: int, handle: str) -> bool:
        with self._lock:
            found = [h for h, s in self._sessions.items() if s.account_id == account_id and s.handle == handle]
            for h in found:
                del self._sessions[h]
            return len(found) == 1

    def end_others(self, account_id: int, keep: str | None) -> int:
        return self._end(lambda s: s.account_id == account_id and s.id_hash != keep)

    def end_idle(self, before: datetime) -> int:
        return self._end(lambda s: s.seen_at < before)

    def _end(self, ended: Callable[[SessionRecord], bool]) -> int:
        with self._lock:
            gone = [h for h, s in self._sessions.items() if ended(s)]
            for h in gone:
                del self._sessions[h]
            return len(gone)
