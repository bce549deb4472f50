"""Where a stored game stands once the room has had its say: who resigned, whether a
resignation ended it, and who won.

**Ranking.** A seat that resigned ranks last, whatever its score: the winners of a game
with resigned seats are the best scores among the seats that did not resign (in the view,
the lobby and the summary), both when the game ends at the resignation and when a
computer plays the seat on to the natural end. The scores themselves are the engine's,
never changed."""

from __future__ import annotations

from typing import Any

from ..store.storage import GameRecord
from .position import Position


def resigned(record: GameRecord) -> list[int]:
    return [i for i, s in enumerate(record.seats) if s.get("resigned")]


def ended(record: GameRecord) -> bool:
    """Whether the game was ended by a resignation (over, though the engine's game is not)."""
    return record.status == "over" and bool(record.meta.get("ended"))


def winners(record: GameRecord, game: Any) -> list[int]:
    """The winners: the engine's, but a resigned seat ranks last (see the module docstring)."""
    if not ended(record) and not game.is_terminal():
        return []
    out = resigned(record)
    if not out and game.is_terminal():
        return game.winners()
    scores = game.scores
    left = [s for s in range(len(scores)) if s not in out] or list(range(len(scores)))
    best = max(scores[s] for s in left)
    return [s for s in left if scores[s] == best]


def summary(record: GameRecord, position: Position) -> dict[str, Any]:
    """The position's summary (what the lobby reads), for a game whose seats may have resigned."""
    out = position.summary()
    if ended(record):
        out.update(current_player=None, active_player=None, phase="over")
    if record.meta.get("ended") or resigned(record):
        out["winners"] = winners(record, position.game)
    return out
