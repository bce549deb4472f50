"""A timed game just written is looked at soon for the notices it owes ("your turn", time
running low: table/mail.py), by the mail's own thread (live/mail.py's MailNotices)."""

from __future__ import annotations

from typing import Any

from ...table.events import Event, Written


class LookForNotices:
    """`notices`: live/mail.MailNotices (anything with `look(game_id)`)."""

    def __init__(self, notices: Any):
        self.notices = notices

    def wants(self, event: Event) -> bool:
        return isinstance(event, Written) and bool(event.record.meta.get("clock"))

    def __call__(self, event: Event) -> None:
        if isinstance(event, Written) and event.record.meta.get("clock"):
            self.notices.look(event.game_id)
