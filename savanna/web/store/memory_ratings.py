"""The ratings in memory (`MemoryRatings`): what ratings.RatingStore does, in dicts, for tests of
the layers above the store (memory.py says why). The same semantics: a game is settled once
(`settle` answers False the second time and changes nothing), all of a settlement or nothing
(if `rate` fails, nothing is kept), the rating an account lacks starts from its place's seed,
histories the latest first, leaderboards the best first, unsettled games the oldest first.
Like the SQL store it reads the games' and the accounts' stores it sits beside: the rated games
over (`unsettled`, `games_over`) and the accounts (`ranked`, `accounts`, the computer players')."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from .accounts import AccountRecord, NameTaken
from .interface import GameStore
from .memory_accounts import MemoryAccounts
from .ratings import COMPUTER_KEY, HistoryRow, Place, Ranked, Rate, RatingRow, is_computer


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


class MemoryRatings:
    """The ratings, their history and the games settled, in dicts (module docstring). Thread-safe:
    one lock around every call (so settlements are serialised, as SQLite's writers are)."""

    def __init__(self, games: GameStore, accounts: MemoryAccounts):
        self.games, self.account_store = games, accounts
        self._ratings: dict[tuple[int, str], RatingRow] = {}  # by (account id, game)
        self._history: list[HistoryRow] = []  # in the order written
        self._settled: dict[str, int] = {}  # game id: how many accounts were rated
        self._lock = threading.Lock()

    # ------------------------------------------------------------ settling

    def settle(self, game_id: str, game: str, places: list[Place], rate: Rate, now: datetime) -> bool:
        now = _utc(now)
        with self._lock:
            if game_id in self._settled:
                return False
            places = sorted(places, key=lambda p: p.account_id)
            current = {p.account_id: self._ratings.get((p.account_id, game))
                       or RatingRow(p.account_id, game, p.seed[0], p.seed[1], 0, now) for p in places}
            new = rate(dict(current)) if places else {}  # (raising here keeps nothing, as a rollback)
            for p in places:
                before, (mu, sigma) = current[p.account_id], new[p.account_id]
                self._ratings[(p.account_id, game)] = RatingRow(p.account_id, game, mu, sigma, before.games + 1, now)
                self._history.append(HistoryRow(game_id, p.account_id, game, p.seat, p.rank, before.mu, before.sigma,
                                                mu, sigma, now))
            self._settled[game_id] = len(places)
            return True

    def settled(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._settled

    def unsettled(self, since: datetime | None = None, limit: int = 100,
                  after: tuple[datetime, str] | None = None) -> list[tuple[datetime, str]]:
        over = self.games.list_games("over", limit=sys.maxsize, listed_only=False)
        with self._lock:
            found = sorted((g.updated_at, g.id) for g in over
                           if g.meta.get("rated") is True and g.id not in self._settled)
        if since is not None:
            found = [f for f in found if f[0] >= since]
        if after is not None:
            found = [f for f in found if f > after]
        return found[:limit]

    # ------------------------------------------------------------ reading

    def ratings_of(self, account_id: int) -> list[RatingRow]:
        with self._lock:
            return sorted((r for r in self._ratings.values() if r.account_id == account_id), key=lambda r: r.game)

    def history(self, account_id: int, game: str | None = None, limit: int = 500) -> list[HistoryRow]:
        with self._lock:
            rows = sorted((h for h in self._history if h.account_id == account_id and game in (None, h.game)),
                          key=lambda h: h.game_id)
        return sorted(rows, key=lambda h: h.at, reverse=True)[:limit]

    def of_games(self, game_ids: Iterable[str]) -> list[HistoryRow]:
        ids = set(game_ids)
        with self._lock:
            return [h for h in self._history if h.game_id in ids]

    def ranked(self, game: str, min_games: int, since: datetime, limit: int) -> list[Ranked]:
        with self._lock:
            rows = sorted((r for r in self._ratings.values() if r.game == game), key=lambda r: r.account_id)
        found = []
        for r in sorted(rows, key=lambda r: r.mu, reverse=True):
            account = self.account_store.by_id(r.account_id)
            if account is None or account.deleted_at is not None:
                continue
            computer = is_computer(account)
            if computer or (r.games >= min_games and r.updated_at >= since):
                found.append(Ranked(r, account.name, computer))
        return found[:limit]

    def games_over(self, game_ids: Iterable[str]) -> dict[str, Any]:
        """Of these games, their records (what a profile reads of them: game, seats, summary, meta,
        status, updated_at, as the SQL store's rows)."""
        return {g.id: g for g in (self.games.get(gid) for gid in dict.fromkeys(game_ids)) if g is not None}

    # ------------------------------------------------------------ accounts

    def computer_account(self, spec: str, now: datetime) -> int:
        key = COMPUTER_KEY + spec
        account = self.account_store.by_key(key)
        if account is None:
            try:
                account = self.account_store.create(spec, key, None, now)  # (no password: nobody logs in as one)
            except NameTaken:  # made at the same moment elsewhere
                account = self.account_store.by_key(key)
        assert account is not None
        return account.id

    def accounts(self, ids: Iterable[int]) -> dict[int, AccountRecord]:
        found = {aid: self.account_store.by_id(aid) for aid in set(ids)}
        return {aid: a for aid, a in found.items() if a is not None}
