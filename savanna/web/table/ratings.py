"""Rated games' ratings: settled once when a rated game ends, shown on profiles and leaderboards.

    ratings = Ratings(RatingStore(engine), store, account_store)
    ratings.settle(record)         # a rated game that is over: its accounts' ratings updated, once
    ratings.sweep()                # the rated games over and not settled (after a restart)
    ratings.profile("Zaza")        # GET /api/players/{name}
    ratings.leaderboard(game)       # GET /api/leaderboard?game=...

The model is savanna/rating.py's (OpenSkill's Plackett-Luce, one rating per account and game).
A game's places come from its standing (standing.ranks): the seats that did not resign by score,
ties sharing a place, then the resigned seats (and those whose flag fell: flag.py), last. An
aborted game (no first move in time) is settled with no change. Who is rated for a seat: the account that
claimed it (kept when it resigned and a computer played it on), else, for a computer seat, the
computer player's own account (below); a seat with neither (not in a rated game) is not rated. An
account on several seats of one game (two "medium" seats) is rated once: each seat counts as an
opponent of the others, and the account's new rating is the mean of its seats'; its place is its
best seat's. A game with fewer than two accounts to rate is settled with no change.

**Computer players as accounts.** Each computer player spec (a level's name when it is one:
"medium", not "greedy") has an `accounts` row of its own, made at its first rated game, with the
key "computer:<spec>" (which no registered name can normalise to: names have no ':') and no
password, so nobody logs in as it; its name is the spec. Its first rating in a game is the one
the bench measured for it (rating.level_seed), else a newcomer's.

**Exactly once** (store/ratings.py): the service settles a rated game as soon as it stores it
over (a move, a computer's move, a resignation), after the game is saved; the live sweep
(live/ratings.py) settles at start and every minute the rated games over and not settled, so a
server stopped between the two, or a settlement that failed, loses nothing.

**Leaderboard**: the accounts with at least MIN_GAMES rated games in that game and one in the
last ACTIVE days (deleted accounts never), and every computer player that has a rating (its
strength is the point of the board, measured by the bench as well as here), best first by the
number shown; computers marked. **Profile**: ratings per game with their history (for the
chart), the finished games with seat, place, points and rating change, and the games where it
is the account's turn now; a deleted account has none (its games stay, under the names their
seats had, without a link).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta, timezone
from statistics import fmean
from typing import Any

from savanna import games, rating
from savanna.ai.base import LEVELS

from ..jsontext import iso
from ..store.accounts import AccountRecord
from ..store.interface import AccountStorage, GameStore, RatingStorage
from ..store.ratings import COMPUTER_KEY, HistoryRow, Place, RatingRow, is_computer
from ..store.storage import GameRecord
from . import standing
from .accounts import normalised
from .errors import GameError
from .position import Position
from .seats import COMPUTER

log = logging.getLogger("savanna.web")

MIN_GAMES = 3  # rated games an account needs on the leaderboard
ACTIVE = timedelta(days=90)  # ... and one of them this recent
LEADERS = 100  # rows of a leaderboard
PROFILE_GAMES = 50  # finished games a profile lists
HISTORY = 500  # points of a rating's chart


def _now() -> datetime:
    return datetime.now(timezone.utc)


def computer_spec(spec: str) -> str:
    """A computer player's spec as its account knows it: a level's name for a level's player,
    in lower case (names are found in any case)."""
    spec = spec.strip().casefold()
    return next((level for level, player in LEVELS.items() if player == spec), spec)


def _rating(row: RatingRow | None, seed: rating.Rating) -> rating.Rating:
    return seed if row is None else rating.Rating(row.mu, row.sigma)


class Ratings:
    """Settling rated games, and reading ratings (module docstring). Thread-safe."""

    def __init__(self, store: RatingStorage, games_store: GameStore, accounts: AccountStorage, clock: Any = _now):
        self.store, self.games, self.accounts, self.clock = store, games_store, accounts, clock

    # ------------------------------------------------------------ settling

    def settle(self, record: GameRecord) -> bool:
        """Update the ratings of a rated game that is over, once (False: not rated, not over,
        or settled already)."""
        if record.status != "over" or not record.meta.get("rated"):
            return False
        seats = self._rated_seats(record)
        scores = record.summary.get("scores") or self._scores(record)
        ranks = standing.ranks(record, list(scores))
        by_account: dict[int, list[int]] = {}
        for seat, aid in seats.items():
            by_account.setdefault(aid, []).append(seat)
        seeds = {aid: self._seed(record, seats_[0]) for aid, seats_ in by_account.items()}
        places = [Place(aid, min(ranks[s] for s in seats_), min(seats_, key=lambda s: ranks[s]),
                        (seeds[aid].mu, seeds[aid].sigma)) for aid, seats_ in by_account.items()]
        if len(places) < 2 or standing.aborted(record):
            places = []  # nobody to rate against, or an aborted game (flag.py): settled, nothing changes

        def rate(current: dict[int, RatingRow]) -> dict[int, tuple[float, float]]:
            order = [(aid, s) for aid, seats_ in by_account.items() for s in seats_]
            new = rating.rate([_rating(current.get(aid), seeds[aid]) for aid, _ in order],
                              [ranks[s] for _, s in order])
            return {aid: (fmean(r.mu for (a, _), r in zip(order, new) if a == aid),
                          fmean(r.sigma for (a, _), r in zip(order, new) if a == aid)) for aid in by_account}

        done = self.store.settle(record.id, record.game, places, rate, self.clock())
        if done:
            log.info("game %s: ratings settled for %d account(s)", record.id, len(places))
        return done

    def _rated_seats(self, record: GameRecord) -> dict[int, int]:
        """{seat: account id} of the seats rated (module docstring)."""
        out = {}
        for i, s in enumerate(record.seats):
            account = s.get("account")
            if isinstance(account, int) and not isinstance(account, bool):
                out[i] = account
            elif s.get("kind") == COMPUTER and not s.get("resigned") and s.get("player"):
                out[i] = self.store.computer_account(computer_spec(s["player"]), self.clock())
        return out

    def _seed(self, record: GameRecord, seat: int) -> rating.Rating:
        s = record.seats[seat]
        if s.get("account") is None and s.get("kind") == COMPUTER:
            try:
                return rating.level_seed(record.game, computer_spec(s["player"])) or rating.new_rating()
            except ValueError:  # (a game the model does not know)
                pass
        return rating.new_rating()

    def _scores(self, record: GameRecord) -> list[int]:
        """A stored game's scores when its summary lacks them: rebuilt through the engine."""
        return list(Position.rebuild(record.game, record.settings, record.actions,
                                     f"stored game {record.id}").game.scores)

    def sweep(self, since: datetime | None = None, page: int = 100) -> int:
        """Settle the rated games over and not settled (since `since`, if given), all of them, a
        page at a time (one that fails stays for the next sweep, and the pages go past it): how many."""
        done = 0
        after = None
        while found := self.store.unsettled(since, page, after):
            for written, gid in found:
                record = self.games.get(gid)
                try:
                    done += record is not None and self.settle(record)
                except Exception:  # one bad game does not stop the others: logged, tried at the next sweep
                    log.exception("game %s: its ratings could not be settled", gid)
            if len(found) < page:
                break
            after = found[-1]
        if done:
            log.info("ratings: %d rated game(s) settled late (the server stopped, or a settlement failed)", done)
        return done

    # ------------------------------------------------------------ reading

    def account(self, name: Any) -> AccountRecord:
        """The account named `name` (a person's, in any case, or a computer player's spec), or
        GameError "unknown_player" (a deleted account is unknown)."""
        if isinstance(name, str) and 0 < len(name) <= 200 and name.isprintable():
            for key in (normalised(name), COMPUTER_KEY + computer_spec(name)):
                found = self.accounts.by_key(key)
                if found is not None and found.deleted_at is None:
                    return found
        raise GameError("unknown_player", f"no player is named {name!r} here")

    def profile(self, name: Any, to_move: Callable[[int], list[dict[str, Any]]] | None = None) -> dict[str, Any]:
        """GET /api/players/{name} (module docstring); `to_move(account id)`: the games where it is
        the account's turn, as GET /api/me/games lists them (the service's)."""
        account = self.account(name)
        computer = is_computer(account)
        rows = {r.game: r for r in self.store.ratings_of(account.id)}
        history = self.store.history(account.id, limit=HISTORY)
        ratings = {}
        for spec in games.specs():
            row = rows.get(spec.name)
            seed = rating.new_rating()
            if computer and row is None:
                seed = rating.level_seed(spec.name, account.name) or seed
            r = _rating(row, seed)
            ratings[spec.name] = {
                "rating": rating.shown(r), "mu": r.mu, "sigma": r.sigma, "games": row.games if row else 0,
                "provisional": rating.provisional(r, row.games if row else 0),
                "history": [{"at": iso(h.at), "rating": rating.shown(rating.Rating(h.mu_after, h.sigma_after)),
                             "game_id": h.game_id} for h in reversed(history) if h.game == spec.name]}
        return {"name": account.name, "computer": computer, "deleted": False, "created": iso(account.created_at),
                "ratings": ratings, "games": self._finished(account, history),
                "to_move": [] if computer or to_move is None else to_move(account.id)}

    def _finished(self, account: AccountRecord, history: list[HistoryRow]) -> list[dict[str, Any]]:
        """The account's finished games, the latest first: its rated ones (history) and those
        whose seats it claimed."""
        rated = {h.game_id: h for h in history[:PROFILE_GAMES]}
        claimed = {g.listing.id: g.seats for g in self._claimed(account, "over")}
        rows = self.store.games_over([*rated, *claimed])
        records = sorted(rows.values(), key=lambda r: (r.updated_at, r.id), reverse=True)[:PROFILE_GAMES]
        linked = self._linked(s.get("account") for r in records for s in r.seats)
        out = []
        for r in records:
            h = rated.get(r.id)
            seats = claimed.get(r.id)
            if not seats:
                assert h is not None  # (a game listed is rated or has a seat claimed)
                seats = (h.seat,)
            scores = (r.summary or {}).get("scores") or [0] * len(r.seats)
            places = standing.ranks(_listed(r), list(scores))
            seat = h.seat if h else min(seats, key=lambda s: places[s])
            change = None
            if h is not None:
                change = (rating.shown(rating.Rating(h.mu_after, h.sigma_after))
                          - rating.shown(rating.Rating(h.mu_before, h.sigma_before)))
            out.append({"id": r.id, "game": r.game, "ended": iso(r.updated_at), "rated": bool((r.meta or {}).get("rated")),
                        "seat": seat, "rank": h.rank if h else places[seat], "points": scores[seat],
                        "players": len(r.seats),
                        "rating": rating.shown(rating.Rating(h.mu_after, h.sigma_after)) if h else None,
                        "rating_change": change, "replay": f"/replay/{r.id}",
                        "seats": [{"seat": i, "name": s.get("name"), "computer": s.get("kind") == COMPUTER,
                                   "profile": _profile(s, linked)} for i, s in enumerate(r.seats)]})
        return out

    def _linked(self, ids: Iterable[Any]) -> dict[int, str]:
        """{account id: its name} of the accounts a seat may link to (not deleted)."""
        wanted = {i for i in ids if isinstance(i, int) and not isinstance(i, bool)}
        return {a.id: a.name for a in self.store.accounts(wanted).values() if a.deleted_at is None}

    def _claimed(self, account: AccountRecord, status: str) -> list[Any]:
        """The games whose seats the account claimed (the store's seat_accounts), `status` only."""
        return list(self.games.games_of_account(account.id, status=status, limit=PROFILE_GAMES))

    def leaderboard(self, game: Any, limit: int = LEADERS) -> dict[str, Any]:
        """GET /api/leaderboard (module docstring); GameError "unknown_game" naming the games."""
        names = [s.name for s in games.specs()]
        if game is None:
            raise GameError("unknown_game", f"which game? give game=, one of {', '.join(names)}")
        if game not in names:
            raise GameError("unknown_game", f"no game {game!r} here: game is one of {', '.join(names)}")
        rows = self.store.ranked(game, MIN_GAMES, self.clock() - ACTIVE, limit)
        players = []
        for i, row in enumerate(rows):
            r = rating.Rating(row.rating.mu, row.rating.sigma)
            players.append({"rank": i + 1, "name": row.name, "rating": rating.shown(r), "mu": r.mu, "sigma": r.sigma,
                            "games": row.rating.games, "provisional": rating.provisional(r, row.rating.games),
                            "computer": row.computer})
        for i in range(1, len(players)):  # the same number shown: the same place
            if players[i]["rating"] == players[i - 1]["rating"]:
                players[i]["rank"] = players[i - 1]["rank"]
        return {"game": game, "min_games": MIN_GAMES, "active_days": ACTIVE.days, "players": players}


def _profile(seat: dict[str, Any], linked: dict[int, str]) -> str | None:
    """The profile a game's seat links to: its account's (none once deleted), or its computer's."""
    if seat.get("account") is not None:
        return linked.get(seat["account"])
    if seat.get("kind") == COMPUTER and not seat.get("resigned") and seat.get("player"):
        return computer_spec(seat["player"])
    return None


def _listed(row: Any) -> GameRecord:
    """A profile's row of a game as the record standing.ranks reads (seats and meta)."""
    return GameRecord(id=row.id, game=row.game, settings={}, seats=[dict(s) for s in row.seats], actions=[],
                      status=row.status, summary=dict(row.summary or {}), listed=True, version=0,
                      created_at=row.updated_at, updated_at=row.updated_at, meta=dict(row.meta or {}))
