"""A rated game's end settles its ratings (table/ratings.py's `settle`, once per game). A
settlement that fails is logged by the conductor and caught up by the sweep (live/ratings.py)."""

from __future__ import annotations

from typing import Any

from ...table.events import Ended, Event


class SettleRatings:
    """`ratings`: table/ratings.Ratings (anything with `settle(record)`)."""

    def __init__(self, ratings: Any):
        self.ratings = ratings

    def wants(self, event: Event) -> bool:
        return isinstance(event, Ended)

    def __call__(self, event: Event) -> None:
        if isinstance(event, Ended):
            self.ratings.settle(event.record)
