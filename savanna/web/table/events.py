"""What happened to a game: the typed events a write of the table returns with its record.

The table calls no one back. Each write of a game (a move, a room concern's change, a flag
fall, a hint noted, a creation, an import, a deletion) notes what it did in the journal of the
call that asked for it (`GameService.handle` opens one); the caller, live/conductor.py, gets
them as an `Outcome` once the game's lock is released, publishes the new views, and hands the
events to its subscribers (live/subscribers/).

    Created(record)                   a game created or imported
    Moved(before, record)             a seat's action stored (a person's or a computer's)
    Changed(before, record)           a room concern's change stored: seats, meta, a cut history
    Ended(before, record)             the write above it ended the game (after that one)
    FlagFell(record)                  a clock ran out (after the Changed or Ended it made)
    HintGiven(record, seat)           the coach's hint noted for a seat (after its Changed)
    Deleted(game_id, expired)         the game deleted by its creator, or expired (nothing
                                      touched it for a while: GameService.expire)
    Notified(game_id, version)        a write of the game heard of from the database's notices
                                      (any server's, this one's too; not the table's: live/sync.py
                                      publishes it, on the same way up)

`Written` is what every stored write is (Created, Moved, Changed): what a subscriber that looks
at each version of a game (mail, hints) matches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..store.storage import GameRecord


@dataclass(frozen=True)
class Event:
    """Something that happened to the game `game_id`."""

    game_id: str


@dataclass(frozen=True)
class Written(Event):
    """A version of the game stored: `record` as stored, `before` as it was read (itself for a creation)."""

    before: GameRecord = field(repr=False)
    record: GameRecord = field(repr=False)


@dataclass(frozen=True)
class Created(Written):
    """A new game, created or imported."""


@dataclass(frozen=True)
class Moved(Written):
    """A seat's action stored."""


@dataclass(frozen=True)
class Changed(Written):
    """A room concern's change stored (a resignation, a takeback, a claim, a clock's)."""


@dataclass(frozen=True)
class Ended(Event):
    """The game was over after the write just told (a last move, a resignation, a flag)."""

    before: GameRecord = field(repr=False)
    record: GameRecord = field(repr=False)


@dataclass(frozen=True)
class FlagFell(Event):
    """A seat's clock ran out: the game ended, or the seat was skipped or played on (flag.py)."""

    record: GameRecord = field(repr=False)


@dataclass(frozen=True)
class HintGiven(Event):
    """The coach's hint for `seat` noted in the game (hints.py)."""

    record: GameRecord = field(repr=False)
    seat: int = 0


@dataclass(frozen=True)
class Deleted(Event):
    """The game was deleted: by its creator (resign.delete), or `expired` (live/expiry.py's sweep)."""

    expired: bool = False


@dataclass(frozen=True)
class Notified(Event):
    """A server sharing the database stored the game at `version` (-1: deleted, -2: expired),
    as its notice said (live/cluster.py; this server's own writes come back too)."""

    version: int = 0


def written(before: GameRecord, saved: GameRecord, kind: type[Written] = Changed) -> list[Event]:
    """The events of one stored write: `kind`, and Ended if it ended the game."""
    out: list[Event] = [kind(saved.id, before, saved)]
    if saved.status == "over" and before.status != "over":
        out.append(Ended(saved.id, before, saved))
    return out


@dataclass(frozen=True)
class Outcome:
    """What a call of the table gave (`value`: its own answer, e.g. the record or (record,
    outcome)) and the events of the writes it made, in order."""

    value: Any
    events: tuple[Event, ...] = ()

    @property
    def ended(self) -> bool:
        return any(isinstance(e, Ended) for e in self.events)
