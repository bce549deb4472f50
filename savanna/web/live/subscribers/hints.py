"""A game written (a move, a takeback...) drops the hint waiting for its older position
(live/hints.py's `moved`, in the event loop); so does a write heard of from another server
(a Notified: cluster.py's notice, sync.py)."""

from __future__ import annotations

from typing import Any

from ...table.events import Event, Notified, Written


class DropStaleHints:
    """`hints`: live/hints.Hints (anything with `written(game_id, actions)` and `stored(game_id)`,
    callable from any thread, and `waits(game_id)`: whether a hint of the game is waiting)."""

    def __init__(self, hints: Any):
        self.hints = hints

    def wants(self, event: Event) -> bool:
        return isinstance(event, (Written, Notified)) and self.hints.waits(event.game_id)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Written):
            self.hints.written(event.game_id, tuple(event.record.actions))
        elif isinstance(event, Notified):
            self.hints.stored(event.game_id)
