"""Reviews of finished games: which games get one, whose decisions are judged, and the review
JSON served (savanna.coach.review says what an entry is; live/reviews.py computes them one
decision at a time; store/reviews.py keeps them).

A game that ends with a person seated (rated or not) has its review queued when it ends; any
finished game's is queued when asked (POST /api/games/{id}/review). The seats reviewed are
the people's (a seat that resigned counts, up to its resignation), every seat of an imported
game (whose seats the server never saw played), and every seat of a game without people.
A game not over has none ("game_not_over").
"""

from __future__ import annotations

from typing import Any

from savanna import coach
from savanna.coach import marks

from ..store.interface import ReviewStorage
from ..store.reviews import Review
from ..store.storage import GameRecord
from .errors import GameError
from .room import Room
from .seats import HUMAN

IMPORTED = "imported"  # meta: an uploaded game (service.import_game): every seat of it is reviewed


def budget(max_think: float) -> float:
    """Seconds of search per decision: the coach's default, within the server's cap."""
    return min(marks.REVIEW_THINK, max_think)


def people(rec: GameRecord) -> list[int]:
    """The seats people played (a resigned seat was a person's)."""
    return [i for i, s in enumerate(rec.seats) if s["kind"] == HUMAN or s.get("resigned")]


def seats_reviewed(rec: GameRecord) -> list[int] | None:
    """The seats whose decisions are judged (None: all; see the module docstring)."""
    if rec.meta.get(IMPORTED):
        return None
    return people(rec) or None


def over(rec: GameRecord) -> None:
    if rec.status != "over":
        raise GameError("game_not_over", "a review is of a finished game: this one is being played still")


def ask(reviews: ReviewStorage, rec: GameRecord, max_think: float) -> bool:
    """Queue the review of the finished game (True if queued now, False if it had one)."""
    over(rec)
    return reviews.ask(rec.id, seats_reviewed(rec), budget(max_think))


def on_over(reviews: ReviewStorage, rec: GameRecord, max_think: float) -> bool:
    """A game just ended: its review queued if a person sat in it (True)."""
    return bool(people(rec)) and ask(reviews, rec, max_think)


def decisions(service: Room, rec: GameRecord, seats: list[int] | None) -> list[tuple[int, int]]:
    """(index, turn) of each decision to judge, in history order: those of `seats` (all if
    None), a resigned seat's only before its resignation (a computer played it on)."""
    pos = service.position(rec)
    until = {r["seat"]: r.get("moves", 0) for r in rec.meta.get("resignations", ())}
    return [(i, pos.turns[i]) for i in coach.review.decisions(pos.game, seats)
            if i < until.get(pos.game.actors[i], len(rec.actions))]


def shown(rec: GameRecord, review: Review | None, max_think: float) -> dict[str, Any]:
    """The review JSON (savanna.coach.review's), as far as it got: status "none" if never asked."""
    over(rec)
    if review is None:
        return {"status": "none", "progress": {"done": 0, "total": 0}, "budget": budget(max_think),
                "thresholds": marks.thresholds_for(rec.game), "entries": [], "seats": [None] * len(rec.seats)}
    seats = review.seats if review.seats is not None else len(rec.seats)
    summary = marks.summary(review.entries, seats, players=len(rec.seats))
    return {"status": review.status, "progress": {"done": review.done, "total": review.total},
            "budget": review.budget, "thresholds": marks.thresholds_for(rec.game), "entries": review.entries,
            "seats": summary}


def shown_of(service: Room, reviews: ReviewStorage, game_id: str, max_think: float) -> dict[str, Any]:
    """GET /api/games/{id}/review's answer."""
    rec = service.record(game_id)
    over(rec)
    return shown(rec, reviews.get(game_id), max_think)
