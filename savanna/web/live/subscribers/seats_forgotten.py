"""A game's end drops the mail addresses typed for its seats, mail on or off (store/mail.py;
the mail timer drops those of games deleted)."""

from __future__ import annotations

from typing import Any

from ...table.events import Ended, Event


class ForgetSeatAddresses:
    """`mail`: store/mail.MailStore (anything with `drop_game(game_id)`)."""

    def __init__(self, mail: Any):
        self.mail = mail

    def wants(self, event: Event) -> bool:
        return isinstance(event, Ended)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Ended):
            self.mail.drop_game(event.game_id)
