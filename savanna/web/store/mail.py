"""Where the mail's addresses and its "sent once" marks live (table/mail.py says what they are).

    mail = MailStore(store.engine)

Two tables (schema.py), made with the games' when a store first opens a database, apart from
the games' rows so that no view, export or lobby item, which read those, can ever hold an
address:

- `mail_addresses`: one address per owner, `account:<id>` (an account's) or `seat:<game>:<seat>`
  (typed by a seat's holder; `game_id` names its game, whose end drops it), with the language
  and the site (the server's address as the person used it) the mails are written in.
- `mail_notices`: one row per notice, keyed by (game, seat, kind, move): inserted BEFORE the mail
  goes out, so that of two server processes (or one restarted) only the one whose insert landed
  sends it; `state` then says whether it went ("sent"), was given up ("failed") or was over the
  cap of mails one address gets a day ("skipped": `to_hash`, the address's SHA-256, counts them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import datetime, timezone

from sqlalchemy import delete, func, select, update
from sqlalchemy.types import DateTime as DateTimeType
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..jsontext import JSONObject
from .schema import ADDRESSES, GAMES, SENT
from .storage import make_tables

TABLES = ("mail_notices", "mail_addresses")


def account_owner(account_id: int) -> str:
    return f"account:{account_id}"


def seat_owner(game_id: str, seat: int) -> str:
    return f"seat:{game_id}:{seat}"


@dataclasses.dataclass(frozen=True)
class Address:
    address: str
    lang: str
    site: str


def _now() -> datetime:
    return datetime.now(timezone.utc)


class MailStore:
    """The two tables (module docstring). Thread-safe: each call its own connection."""

    def __init__(self, engine: Engine):
        self.engine = engine
        make_tables(engine)

    def put(self, owner: str, address: str, lang: str, site: str, game_id: str | None = None) -> None:
        """Set `owner`'s address (replacing the one before)."""
        row = {"owner": owner, "game_id": game_id, "address": address, "lang": lang, "site": site[:200],
               "set_at": _now()}
        with self.engine.begin() as con:
            if con.execute(update(ADDRESSES).where(ADDRESSES.c.owner == owner).values(**row)).rowcount == 0:
                try:
                    with con.begin_nested():
                        con.execute(ADDRESSES.insert().values(**row))
                except IntegrityError:  # set at the same moment elsewhere: this one last
                    con.execute(update(ADDRESSES).where(ADDRESSES.c.owner == owner).values(**row))

    def remove(self, owner: str) -> bool:
        with self.engine.begin() as con:
            return con.execute(delete(ADDRESSES).where(ADDRESSES.c.owner == owner)).rowcount == 1

    def get(self, owner: str) -> Address | None:
        return self.many([owner]).get(owner)

    def many(self, owners: Iterable[str]) -> dict[str, Address]:
        owners = list(dict.fromkeys(owners))
        out: dict[str, Address] = {}
        with self.engine.connect() as con:
            for i in range(0, len(owners), 500):
                for r in con.execute(select(ADDRESSES).where(ADDRESSES.c.owner.in_(owners[i:i + 500]))):
                    out[r.owner] = Address(r.address, r.lang, r.site)
        return out

    def drop_game(self, game_id: str) -> int:
        """Forget the addresses typed for the game's seats (it ended, or went)."""
        with self.engine.begin() as con:
            return con.execute(delete(ADDRESSES).where(ADDRESSES.c.game_id == game_id)).rowcount

    def seat_games(self) -> list[str]:
        """The games some seat address is kept for."""
        with self.engine.connect() as con:
            return list(con.execute(select(ADDRESSES.c.game_id).where(ADDRESSES.c.game_id.is_not(None))
                                    .distinct()).scalars())

    def timed_games(self, before: float) -> list[tuple[str, list[JSONObject], int | None]]:
        """The games being played whose deadline (the games' indexed column: the running seat's
        time or first-move window ends) is at or before `before`, epoch seconds: (id, seats, the
        seat to act) each, the rest of the game not read."""
        column = GAMES.c.get("deadline")
        q = select(GAMES.c.id, GAMES.c.seats, GAMES.c.summary).where(GAMES.c.status == "playing")
        if column is None:  # (a games table without the column: every game being played)
            q = q.where(GAMES.c.meta.is_not(None))
        else:
            bound: object = before
            if isinstance(column.type, DateTimeType):
                bound = datetime.fromtimestamp(before, timezone.utc)
            q = q.where(column.is_not(None), column <= bound)
        with self.engine.connect() as con:
            return [(r.id, list(r.seats), (r.summary or {}).get("current_player")) for r in con.execute(q)]

    def claim(self, game_id: str, seat: int, kind: str, move: int, to_hash: str | None = None) -> bool:
        """Take the right to send one notice: True for the one caller whose row landed, ever."""
        try:
            with self.engine.begin() as con:
                con.execute(SENT.insert().values(game_id=game_id, seat=seat, kind=kind, move=move, state="sending",
                                                 at=_now(), to_hash=to_hash))
        except IntegrityError:
            return False
        return True

    def done(self, game_id: str, seat: int, kind: str, move: int, state: str) -> None:
        with self.engine.begin() as con:
            con.execute(update(SENT).where(SENT.c.game_id == game_id, SENT.c.seat == seat, SENT.c.kind == kind,
                                           SENT.c.move == move).values(state=state, at=_now()))

    def sent_to(self, to_hash: str, since: datetime) -> int:
        """How many notices were claimed for an address (by its hash) since `since`."""
        with self.engine.connect() as con:
            return con.execute(select(func.count()).select_from(SENT)
                               .where(SENT.c.to_hash == to_hash, SENT.c.at >= since)).scalar() or 0

    def sent(self, game_id: str | None = None) -> list[tuple[str, int, str, int, str]]:
        """The notices claimed (of one game): (game, seat, kind, move, state) each."""
        q = select(SENT.c.game_id, SENT.c.seat, SENT.c.kind, SENT.c.move, SENT.c.state)
        if game_id is not None:
            q = q.where(SENT.c.game_id == game_id)
        with self.engine.connect() as con:
            return [tuple(r) for r in con.execute(q.order_by(SENT.c.at))]
