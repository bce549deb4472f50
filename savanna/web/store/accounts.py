"""Where the web app keeps its accounts and their sessions (table/accounts.py says what they are).

    accounts = AccountStore(store.engine)

Two tables (schema.py), made with the games' when a store first opens a database, or added to an
older one then by its migrations (upgrade.py):

- `accounts`: an id, the name as the person typed it (`name`), the name normalised (`key`,
  NFKC and casefolded: unique, so "Zaza" and "ＺＡＺＡ" are one name), the Argon2 hash of the
  password, when it was made, and when it was deleted. A deleted account keeps its row and its
  id (what links to it later, such as a claimed seat, still names an account), but loses its
  key, its password hash and its sessions: its name is free again and nothing logs in as it.
- `account_sessions`: a session as the SHA-256 of its secret id (the id itself, the cookie's
  value, is never stored), a short public `handle` naming it in the "your sessions" list, its
  account, its CSRF token, when it was made and last seen, and a summary of the browser and
  address it was made from.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .schema import ACCOUNTS, SESSIONS
from .storage import make_tables

TABLES = ("account_sessions", "accounts")  # in the order they may be emptied


class NameTaken(RuntimeError):
    """Another account has that normalised name."""


@dataclasses.dataclass(frozen=True)
class AccountRecord:
    id: int
    name: str
    key: str | None
    password_hash: str | None
    created_at: datetime
    deleted_at: datetime | None

    @classmethod
    def of(cls, row: Any) -> AccountRecord:
        return cls(id=row.id, name=row.name, key=row.key, password_hash=row.password_hash,
                   created_at=_utc(row.created_at), deleted_at=None if row.deleted_at is None else _utc(row.deleted_at))


@dataclasses.dataclass(frozen=True)
class SessionRecord:
    id_hash: str
    handle: str
    account_id: int
    csrf: str
    created_at: datetime
    seen_at: datetime
    agent: str
    address: str

    @classmethod
    def of(cls, row: Any) -> SessionRecord:
        return cls(id_hash=row.id_hash, handle=row.handle, account_id=row.account_id, csrf=row.csrf,
                   created_at=_utc(row.created_at), seen_at=_utc(row.seen_at), agent=row.agent or "",
                   address=row.address or "")


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


class AccountStore:
    """The accounts and sessions tables (module docstring). Thread-safe: each call its own connection."""

    def __init__(self, engine: Engine):
        self.engine = engine
        make_tables(engine)

    # ------------------------------------------------------------ accounts

    def create(self, name: str, key: str, password_hash: str, now: datetime) -> AccountRecord:
        """A new account; NameTaken if its key is another's."""
        try:
            with self.engine.begin() as con:
                made = con.execute(ACCOUNTS.insert().values(name=name, key=key, password_hash=password_hash,
                                                            created_at=now)).inserted_primary_key
                assert made is not None  # (an insert's result always has the new row's key)
                aid: int = made[0]
        except IntegrityError:
            raise NameTaken(key) from None
        return AccountRecord(id=aid, name=name, key=key, password_hash=password_hash, created_at=now,
                             deleted_at=None)

    def by_key(self, key: str) -> AccountRecord | None:
        with self.engine.connect() as con:
            row = con.execute(select(ACCOUNTS).where(ACCOUNTS.c.key == key)).first()
        return None if row is None else AccountRecord.of(row)

    def by_id(self, account_id: int) -> AccountRecord | None:
        with self.engine.connect() as con:
            row = con.execute(select(ACCOUNTS).where(ACCOUNTS.c.id == account_id)).first()
        return None if row is None else AccountRecord.of(row)

    def set_password(self, account_id: int, password_hash: str, expected: str | None = None) -> bool:
        """Store a new hash (if the stored one is still `expected`, when given)."""
        q = update(ACCOUNTS).where(ACCOUNTS.c.id == account_id, ACCOUNTS.c.deleted_at.is_(None))
        if expected is not None:
            q = q.where(ACCOUNTS.c.password_hash == expected)
        with self.engine.begin() as con:
            return con.execute(q.values(password_hash=password_hash)).rowcount == 1

    def delete(self, account_id: int, now: datetime) -> None:
        """Delete the account (module docstring: its row stays, unlinked from its name) and its sessions."""
        with self.engine.begin() as con:
            con.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id))
            con.execute(update(ACCOUNTS).where(ACCOUNTS.c.id == account_id)
                        .values(key=None, password_hash=None, deleted_at=now))

    # ------------------------------------------------------------ sessions

    def add_session(self, session: SessionRecord) -> None:
        with self.engine.begin() as con:
            con.execute(SESSIONS.insert().values(**dataclasses.asdict(session)))

    def session(self, id_hash: str) -> SessionRecord | None:
        with self.engine.connect() as con:
            row = con.execute(select(SESSIONS).where(SESSIONS.c.id_hash == id_hash)).first()
        return None if row is None else SessionRecord.of(row)

    def seen(self, id_hash: str, now: datetime) -> None:
        with self.engine.begin() as con:
            con.execute(update(SESSIONS).where(SESSIONS.c.id_hash == id_hash).values(seen_at=now))

    def sessions(self, account_id: int) -> list[SessionRecord]:
        """The account's sessions, the last seen first."""
        with self.engine.connect() as con:
            rows = con.execute(select(SESSIONS).where(SESSIONS.c.account_id == account_id)
                               .order_by(SESSIONS.c.seen_at.desc(), SESSIONS.c.handle)).all()
        return [SessionRecord.of(r) for r in rows]

    def end_session(self, id_hash: str) -> bool:
        with self.engine.begin() as con:
            return con.execute(delete(SESSIONS).where(SESSIONS.c.id_hash == id_hash)).rowcount == 1

    def end_by_handle(self, account_id: int, handle: str) -> bool:
        with self.engine.begin() as con:
            return con.execute(delete(SESSIONS).where(SESSIONS.c.account_id == account_id,
                                                      SESSIONS.c.handle == handle)).rowcount == 1

    def end_others(self, account_id: int, keep: str | None) -> int:
        """End the account's sessions but `keep` (an id hash): how many ended."""
        q = delete(SESSIONS).where(SESSIONS.c.account_id == account_id)
        if keep is not None:
            q = q.where(SESSIONS.c.id_hash != keep)
        with self.engine.begin() as con:
            return con.execute(q).rowcount

    def end_idle(self, before: datetime) -> int:
        """End the sessions not seen since `before`."""
        with self.engine.begin() as con:
            return con.execute(delete(SESSIONS).where(SESSIONS.c.seen_at < before)).rowcount
