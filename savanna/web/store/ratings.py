"""Where the web app keeps its players' ratings (table/ratings.py says how they are made).

    ratings = RatingStore(store.engine)       # after AccountStore: its rows name accounts

Three tables (schema.py), made with the games' when a store first opens a database, or added to an
older one then by its migrations (upgrade.py):

- `ratings`: an account's current rating in one game (each game apart): mu, sigma, how
  many rated games it counts, and when it last changed;
- `rating_history`: one row per rated game and account: the rating before and after, the rank
  and seat the account had, when;
- `rated_games`: one row per game whose ratings were settled (the game's id its primary key).

**Exactly once.** `settle` writes all three in ONE transaction that starts by inserting the
game's `rated_games` row: a second settlement of the same game (another server process that saw
the same end, a sweep after a restart) fails on that key (on PostgreSQL it waits for the first
to commit, then fails) and rolls back, so nothing is applied twice, and a settlement that fails
half way leaves nothing. Concurrent games of the same accounts lose no update: the rating rows
are read inside the transaction, on PostgreSQL with SELECT ... FOR UPDATE in the order of the
accounts' ids (no deadlock between two settlements), and SQLite serialises writers (the
transaction's first statement is a write, so it reads the latest ratings). A rating row an
account does not have yet is inserted first in the same transaction (ON CONFLICT DO NOTHING,
in the same order), then locked with the others.

Computer players' accounts (table/ratings.py) are rows of `accounts` with a key no registered
name can have (`computer:<spec>`) and no password: nobody logs in as one.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from .accounts import AccountRecord
from .schema import ACCOUNTS, GAMES, HISTORY, RATED, RATINGS
from .storage import make_tables

TABLES = ("rating_history", "ratings", "rated_games")  # in the order they may be emptied (before accounts)
COMPUTER_KEY = "computer:"  # a computer player's account key: "computer:<spec>" (a ':' no name can hold)
RETRIES = 5  # a settlement PostgreSQL chose as a deadlock's victim is tried again


@dataclasses.dataclass(frozen=True)
class Place:
    """One account's place in a game being settled: its rank (1 = first), its seat (the best of
    its seats), and the rating it starts from if it has none yet in that game."""

    account_id: int
    rank: int
    seat: int
    seed: tuple[float, float]


@dataclasses.dataclass(frozen=True)
class RatingRow:
    account_id: int
    game: str
    mu: float
    sigma: float
    games: int
    updated_at: datetime


@dataclasses.dataclass(frozen=True)
class HistoryRow:
    game_id: str
    account_id: int
    game: str
    seat: int
    rank: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: datetime


@dataclasses.dataclass(frozen=True)
class Ranked:
    """A leaderboard's row: a rating and its account's name, and whether it is a computer's."""

    rating: RatingRow
    name: str
    computer: bool


def _of(cls: Any, row: Any) -> Any:
    """A dataclass of a result row's columns of the same names (SQLite's naive times read as UTC)."""
    values = {f.name: getattr(row, f.name) for f in dataclasses.fields(cls)}
    return cls(**{k: _utc(v) if isinstance(v, datetime) else v for k, v in values.items()})


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


Rate = Callable[[dict[int, RatingRow]], dict[int, tuple[float, float]]]


class RatingStore:
    """The ratings tables (module docstring). Thread-safe: each call its own connection."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.postgresql = engine.dialect.name == "postgresql"
        make_tables(engine)

    def _insert(self) -> Any:
        return postgresql_insert if self.postgresql else sqlite_insert

    # ------------------------------------------------------------ settling

    def settle(self, game_id: str, game: str, places: list[Place], rate: Rate, now: datetime) -> bool:
        """Apply a finished game's rating changes, once (module docstring): `rate` is handed the
        accounts' ratings as read under lock ({account_id: RatingRow}) and answers their new
        (mu, sigma). False if the game was settled already (nothing changed)."""
        for attempt in range(RETRIES):
            try:
                return self._settle(game_id, game, places, rate, now)
            except IntegrityError:
                return False  # its rated_games row is there: settled by someone else
            except OperationalError as e:  # a deadlock's victim (PostgreSQL): nothing was applied, again
                if attempt == RETRIES - 1 or getattr(e.orig, "sqlstate", None) not in ("40P01", "40001"):
                    raise
                time.sleep(0.01 * (attempt + 1))
        return False  # (not reached)

    def _settle(self, game_id: str, game: str, places: list[Place], rate: Rate, now: datetime) -> bool:
        places = sorted(places, key=lambda p: p.account_id)
        ids = [p.account_id for p in places]
        with self.engine.begin() as con:
            con.execute(RATED.insert().values(game_id=game_id, game=game, accounts=len(places), settled_at=now))
            if not places:
                return True
            for p in places:  # (in id order, as they are locked)
                con.execute(self._insert()(RATINGS).values(account_id=p.account_id, game=game, mu=p.seed[0],
                                                           sigma=p.seed[1], games=0, updated_at=now)
                            .on_conflict_do_nothing())
            rows = con.execute(select(RATINGS).where(RATINGS.c.game == game, RATINGS.c.account_id.in_(ids))
                               .order_by(RATINGS.c.account_id).with_for_update()).all()
            current = {r.account_id: _of(RatingRow, r) for r in rows}
            new = rate(current)
            for p in places:
                before, (mu, sigma) = current[p.account_id], new[p.account_id]
                con.execute(update(RATINGS).where(RATINGS.c.account_id == p.account_id, RATINGS.c.game == game)
                            .values(mu=mu, sigma=sigma, games=RATINGS.c.games + 1, updated_at=now))
                con.execute(HISTORY.insert().values(game_id=game_id, account_id=p.account_id, game=game,
                                                    seat=p.seat, rank=p.rank, mu_before=before.mu,
                                                    sigma_before=before.sigma, mu_after=mu, sigma_after=sigma,
                                                    at=now))
        return True

    def settled(self, game_id: str) -> bool:
        with self.engine.connect() as con:
            return con.execute(select(RATED.c.game_id).where(RATED.c.game_id == game_id)).first() is not None

    def unsettled(self, since: datetime | None = None, limit: int = 100,
                  after: tuple[datetime, str] | None = None) -> list[tuple[datetime, str]]:
        """Rated games that are over and not settled (a server stopped between a game's end and
        its settlement, or a settlement failed), the oldest first, as (last written, id);
        `since`: only those that ended (were last written) since then; `after`: only those after
        that (last written, id), the next page."""
        q = (select(GAMES.c.updated_at, GAMES.c.id)
             .where(GAMES.c.status == "over", GAMES.c.meta["rated"].as_boolean().is_(True),
                    ~select(RATED.c.game_id).where(RATED.c.game_id == GAMES.c.id).exists())
             .order_by(GAMES.c.updated_at, GAMES.c.id).limit(limit))
        if since is not None:
            q = q.where(GAMES.c.updated_at >= since)
        if after is not None:
            q = q.where(or_(GAMES.c.updated_at > after[0], and_(GAMES.c.updated_at == after[0], GAMES.c.id > after[1])))
        with self.engine.connect() as con:
            return [(row.updated_at, row.id) for row in con.execute(q)]

    # ------------------------------------------------------------ reading

    def ratings_of(self, account_id: int) -> list[RatingRow]:
        with self.engine.connect() as con:
            rows = con.execute(select(RATINGS).where(RATINGS.c.account_id == account_id)
                               .order_by(RATINGS.c.game)).all()
        return [_of(RatingRow, r) for r in rows]

    def history(self, account_id: int, game: str | None = None, limit: int = 500) -> list[HistoryRow]:
        """The account's rated games, the latest first."""
        q = (select(HISTORY).where(HISTORY.c.account_id == account_id)
             .order_by(HISTORY.c.at.desc(), HISTORY.c.game_id).limit(limit))
        if game is not None:
            q = q.where(HISTORY.c.game == game)
        with self.engine.connect() as con:
            return [_of(HistoryRow, r) for r in con.execute(q)]

    def of_games(self, game_ids: Iterable[str]) -> list[HistoryRow]:
        """The history rows of these games (every account rated in them)."""
        ids = list(game_ids)
        if not ids:
            return []
        with self.engine.connect() as con:
            return [_of(HistoryRow, r) for r in con.execute(select(HISTORY).where(HISTORY.c.game_id.in_(ids)))]

    def ranked(self, game: str, min_games: int, since: datetime, limit: int) -> list[Ranked]:
        """The leaderboard's candidates in `game`: accounts not deleted with at least `min_games`
        rated games and one since `since`, and every computer player's rating; the best first
        (the number shown follows mu)."""
        computer = ACCOUNTS.c.key.startswith(COMPUTER_KEY, autoescape=True)
        q = (select(RATINGS, ACCOUNTS.c.name, computer.label("computer"))
             .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id)
             .where(RATINGS.c.game == game, ACCOUNTS.c.deleted_at.is_(None),
                    computer | ((RATINGS.c.games >= min_games) & (RATINGS.c.updated_at >= since)))
             .order_by(RATINGS.c.mu.desc(), RATINGS.c.account_id).limit(limit))
        with self.engine.connect() as con:
            return [Ranked(_of(RatingRow, r), r.name, bool(r.computer)) for r in con.execute(q)]

    def games_over(self, game_ids: Iterable[str]) -> dict[str, Any]:
        """Of these games, what a profile lists ({id: row with game, seats, summary, meta,
        updated_at}): never their actions, settings or own data."""
        ids = list(game_ids)
        if not ids:
            return {}
        q = select(GAMES.c.id, GAMES.c.game, GAMES.c.seats, GAMES.c.summary, GAMES.c.meta, GAMES.c.status,
                   GAMES.c.updated_at).where(GAMES.c.id.in_(ids))
        with self.engine.connect() as con:
            return {r.id: r for r in con.execute(q)}

    # ------------------------------------------------------------ accounts

    def computer_account(self, spec: str, now: datetime) -> int:
        """The id of the account of the computer player `spec`, made if it has none yet."""
        key = COMPUTER_KEY + spec
        with self.engine.begin() as con:
            con.execute(self._insert()(ACCOUNTS).values(name=spec, key=key, password_hash=None, created_at=now)
                        .on_conflict_do_nothing(index_elements=["key"]))
            aid: int = con.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.key == key)).scalar_one()
            return aid

    def accounts(self, ids: Iterable[int]) -> dict[int, AccountRecord]:
        ids = list(set(ids))
        if not ids:
            return {}
        with self.engine.connect() as con:
            return {r.id: AccountRecord.of(r) for r in con.execute(select(ACCOUNTS).where(ACCOUNTS.c.id.in_(ids)))}


def is_computer(account: AccountRecord) -> bool:
    return (account.key or "").startswith(COMPUTER_KEY)
