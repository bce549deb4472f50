"""What follows a change of a game, one concern a file: each subscriber is handed every event
of a write (table/events.py) by the conductor (live/conductor.py), once the game's lock is
released and its viewers have the new views; each picks the events it cares for.

    ratings.py           a rated game's end settles its ratings
    seats_forgotten.py   a game's end drops the addresses typed for its seats
    mail.py              a timed game written is looked at for the notices it owes
    hints.py             a game written drops the hint waiting at its older position
    reviews.py           a game with people that ended has its review queued
    computers.py         a change that may hand the turn to a computer seat lets it move (in the loop)

They are declared once, in app.py. A subscriber is a callable of one event, with `wants(event)`
saying (at once, in the loop, without I/O) whether it has anything to do for it: the conductor
crosses to a worker thread only for the events some subscriber wants (most moves: none). One
that fails is logged and the others still run. Most run in a worker thread (they write to the
database); a few, quick and asyncio's, run in the event loop, first
(`Conductor.subscribe(..., in_loop=True)`).
"""

from __future__ import annotations

from typing import Protocol

from ...table.events import Event


class Subscriber(Protocol):
    def wants(self, event: Event) -> bool:
        """Whether `event` is one it acts on (cheap, no I/O: called in the event loop)."""

    def __call__(self, event: Event) -> None:
        """Do what follows `event` (in a worker thread: quick, or handed on)."""
