"""Seats that count: seats claimed by accounts, and the rules of rated games.

**Claiming.** A logged-in person who opens a join link claims its seat (`claim`): the seat's
"account" becomes theirs and its name their account's name, its token is dropped (kept only as
"claimed_hash", so that its holder is told "claimed", not "bad_token"), and from then on that
account plays it, through its session, on any device (seats.py's Credential). Claiming again
with the same token and account changes nothing; another account gets "seat_taken". A hotseat
token (several seats at one screen) claims nothing, nor does a finished game's.

**Invited and open seats.** A game may be created with a seat invited by name (claimed by that
account at once, no token dealt) or open (no token either): the first logged-in person to
`take` it claims it. Two people taking the same open seat at once, even through two server
processes: the seat is written at the version read (storage's check), so one write lands and
the other, read again, finds the seat taken (409 "seat_taken").

**Resigning.** A claimed seat that resigns keeps its "account" for the record (who played it,
which the ratings read) but its account acts for it no more (seats.plays).

**Rated games** (meta "rated": true). Created by a logged-in person; every human seat invited
by name or open, each by a distinct account (checked at creation, and when a seat is taken or
claimed); the deal is the server's (no seed given), never uploaded, no hotseat, no takebacks
("rated_game"), no download before the end (a person alone against computers would
see the seed), no deleting once a move is played (resign.py). Nothing is played, by a person or a computer, until every human seat is
claimed ("waiting_for_players"). Computer seats of any player the server runs are allowed.
"""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord, Listing
from .errors import GameError
from .room import Room
from .seats import HUMAN, token_seats

TRIES = 3  # a take or claim that lost a race to another write (a move) is tried again on the game as stored


def is_rated(record: GameRecord | Listing) -> bool:
    return record.rated if isinstance(record, Listing) else record.meta.get("rated") is True


def waiting(record: GameRecord | Listing) -> bool:
    """Whether a rated game waits for its players: a human seat is still open."""
    return is_rated(record) and any(s.get("open") for s in record.seats)


def check_rated(seats: list[dict[str, Any]], seed: Any, hotseat: bool, creator: int | None) -> None:
    """A new game's seats and deal as a rated game allows them (module docstring), else GameError."""
    if creator is None:
        raise GameError("not_logged_in", "a rated game is created by a logged-in person: log in first")
    if seed is not None:
        raise GameError("bad_settings", "a rated game is dealt by the server: no seed may be chosen")
    if hotseat or any(s["hotseat"] for s in seats):
        raise GameError("bad_settings", "a rated game has no hotseat: each person plays from their own account")
    accounts: set[int] = set()
    for i, s in enumerate(seats):
        if s["kind"] != HUMAN:
            continue
        if s.get("account") is None and not s.get("open"):
            raise GameError("bad_settings", f"seat {i}: a rated game's human seats are invited by name "
                                            '({"account": "Name"}) or open ({"open": true})')
        if s.get("account") in accounts:
            raise GameError("bad_settings", f"seat {i}: {s['name']} has a seat already; a rated game's seats are "
                                            "distinct accounts")
        if s.get("account") is not None:
            accounts.add(s["account"])


def _seated_elsewhere(record: GameRecord, seat: int, account: int) -> None:
    if is_rated(record) and any(s.get("account") == account for i, s in enumerate(record.seats) if i != seat):
        raise GameError("already_seated", "you have a seat in this rated game already: its seats are distinct "
                                          "accounts")


def _save_seat(service: Room, record: GameRecord, seat: int, account: int, name: str,
               **more: Any) -> GameRecord:
    seats = [dict(s) for s in record.seats]
    seats[seat].pop("open", None)
    seats[seat].update(account=account, name=name, token_hash=None, **more)
    return service.save(record, service.position(record), seats=seats,
                        refused="the game changed meanwhile; the seat was not claimed (try again)")


def claim(service: Room, game_id: str, token: Any, account: int, name: str) -> tuple[GameRecord, int, str]:
    """Claim the seat of a join link's `token` for `account` (named `name`): the game as stored,
    the seat, and "claimed" (or "already", claimed by it before)."""
    if not isinstance(token, str) or not token:
        raise GameError("missing_token", "claiming a seat needs its token (from its join link)")
    for attempt in range(TRIES):
        with service.lock(game_id):
            rec = service.record(game_id)
            mine = token_seats(rec.seats, token)
            if not mine:
                before = token_seats(rec.seats, token, "claimed_hash")
                if not before:
                    raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
                seat = min(before)
                if rec.seats[seat].get("account") == account:
                    return rec, seat, "already"
                raise GameError("seat_taken", f"seat {seat} was claimed by another account: its join link acts "
                                              "for it no more")
            if len(mine) > 1 or any(rec.seats[s].get("hotseat") for s in mine):
                raise GameError("cannot_claim", "a hotseat link plays several seats at one screen: it cannot be "
                                                "claimed by one account")
            seat = next(iter(mine))
            if rec.status == "over":
                raise GameError("cannot_claim", "the game is over: its seats are no longer claimed")
            _seated_elsewhere(rec, seat, account)
            try:
                return _save_seat(service, rec, seat, account, name,
                                  claimed_hash=rec.seats[seat]["token_hash"]), seat, "claimed"
            except GameError as e:
                if e.code != "conflict" or attempt == TRIES - 1:
                    raise
    raise AssertionError("unreachable")


def take(service: Room, game_id: str, seat: Any, account: int, name: str) -> tuple[GameRecord, str]:
    """Take the open `seat` for `account` (named `name`): the game as stored and "taken" (or
    "already", taken by it before). The first to take it wins; the others get "seat_taken"."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise GameError("bad_request", "seat must be a whole number")
    for attempt in range(TRIES):
        with service.lock(game_id):
            rec = service.record(game_id)
            if not 0 <= seat < len(rec.seats):
                raise GameError("bad_request", f"the game has seats 0 to {len(rec.seats) - 1}, not {seat}")
            s = rec.seats[seat]
            if not s.get("open"):
                if s.get("account") == account:
                    return rec, "already"
                if s.get("account") is not None:
                    raise GameError("seat_taken", f"seat {seat} was taken by another account first")
                raise GameError("not_open", f"seat {seat} is not an open seat")
            if rec.status == "over":
                raise GameError("cannot_claim", "the game is over: its seats are no longer taken")
            _seated_elsewhere(rec, seat, account)
            try:
                return _save_seat(service, rec, seat, account, name), "taken"
            except GameError as e:  # another write came first: look again (the seat may be taken now)
                if e.code != "conflict" or attempt == TRIES - 1:
                    raise
    raise AssertionError("unreachable")
