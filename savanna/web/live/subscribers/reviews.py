"""A game with people that ended has its review queued, and the review loop woken
(live/reviews.py; table/reviews.py says which games and seats)."""

from __future__ import annotations

from typing import Any

from ...table.events import Ended, Event


class QueueReviews:
    """`reviews`: live/reviews.Reviews (anything with `ended(record)`, callable from any thread)."""

    def __init__(self, reviews: Any):
        self.reviews = reviews

    def wants(self, event: Event) -> bool:
        return isinstance(event, Ended)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Ended):
            self.reviews.ended(event.record)
