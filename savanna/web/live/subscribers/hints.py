"""A game written (a move, a takeback...) drops the hint waiting for its older position
(live/hints.py's `moved`, in the event loop)."""

from __future__ import annotations

from typing import Any

from ...table.events import Event, Written


class DropStaleHints:
    """`hints`: live/hints.Hints (anything with `written(game_id, actions)`, callable from any thread,
    and `waits(game_id)`: whether a hint of the game is waiting)."""

    def __init__(self, hints: Any):
        self.hints = hints

    def wants(self, event: Event) -> bool:
        return isinstance(event, Written) and self.hints.waits(event.game_id)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Written):
            self.hints.written(event.game_id, tuple(event.record.actions))
