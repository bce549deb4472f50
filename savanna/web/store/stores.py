"""Every store the web app keeps, together (`Stores`): on a database (`sql_stores`: the SQLAlchemy
stores, all on the games' engine) or in memory (`memory_stores`: for tests of what is above the
store, which then build no database). create_app takes one (its `stores`), else opens the
database its settings name; the layers above see only the interfaces (interface.py)."""

from __future__ import annotations

import dataclasses
import os

from .accounts import AccountStore
from .interface import AccountStorage, GameStore, LivenessStorage, MailStorage, RatingStorage, ReviewStorage
from .liveness import Liveness
from .mail import MailStore
from .memory import MemoryStore
from .memory_accounts import MemoryAccounts
from .memory_liveness import MemoryLiveness
from .memory_mail import MemoryMail
from .memory_ratings import MemoryRatings
from .memory_reviews import MemoryReviews
from .ratings import RatingStore
from .reviews import ReviewStore
from .storage import Store


@dataclasses.dataclass(frozen=True)
class Stores:
    games: GameStore
    accounts: AccountStorage
    ratings: RatingStorage
    mail: MailStorage
    reviews: ReviewStorage
    liveness: LivenessStorage

    def close(self) -> None:
        self.games.close()  # (the others hold nothing of their own: they share its engine, or are dicts)


def sql_stores(url: str | os.PathLike[str] | None = None) -> Stores:
    """The stores on the database at `url` (storage.database_url: a URL, a SQLite file, or the default)."""
    games = Store(url)
    return Stores(games=games, accounts=AccountStore(games.engine), ratings=RatingStore(games.engine),
                  mail=MailStore(games.engine), reviews=ReviewStore(games.engine), liveness=Liveness(games.engine))


def memory_stores() -> Stores:
    """Every store in memory, each reading the others as its SQL twin reads their tables."""
    games, accounts = MemoryStore(), MemoryAccounts()
    return Stores(games=games, accounts=accounts, ratings=MemoryRatings(games, accounts), mail=MemoryMail(games),
                  reviews=MemoryReviews(), liveness=MemoryLiveness())
