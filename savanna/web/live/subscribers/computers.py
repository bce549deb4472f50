"""A change that may hand the turn to a computer seat lets the game's computer seats move
(live/computers.py's `kick`, idempotent), in the event loop: a game created or imported (a
computer may sit first), a room concern's change (a resigned seat's computer may play on), a
flag fallen, and a person's move that hands the turn to a computer. A computer's own move is
not: its seats' task plays on by itself."""

from __future__ import annotations

from typing import Any

from ...table.events import Changed, Created, Event, FlagFell, Moved


class LetComputersMove:
    """`computers`: live/computers.ComputerPlay (anything with `kick(game_id)`, in the loop);
    `service`: the table (its `computer_to_move(record)`: the computer seat to act, if any)."""

    def __init__(self, computers: Any, service: Any):
        self.computers, self.service = computers, service

    def wants(self, event: Event) -> bool:
        return isinstance(event, (Created, Changed, FlagFell)) or (
            isinstance(event, Moved) and self.service.computer_to_move(event.before) is None
            and self.service.computer_to_move(event.record) is not None)

    def __call__(self, event: Event) -> None:
        if self.wants(event):
            self.computers.kick(event.game_id)
