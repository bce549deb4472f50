"""Where a stored game stands once the room has had its say: who resigned, whether a
resignation ended it, and who won.

**Ranking.** A seat that resigned ranks last, whatever its score: each resignation puts the
seat below every seat that had not resigned by then. So the seats that did not resign come
first, by score (the engine's), and then the resigned ones, the last to resign first and
the first to resign last of all. The winners are the best scores among the seats that did
not resign (ties share), both when the game ends at a resignation and when a computer plays
a resigned seat on to the natural end. When every seat resigned (one person resigned, a
computer took the seat, then the last person resigned and the game ended), the winner is
the seat that resigned last: it stayed in the game longest, and the seat that left first
ranks last, whatever the computer that played it on scored. The scores themselves are the
engine's, never changed."""

from __future__ import annotations

from typing import Any

from savanna import games

from ..store.storage import GameRecord
from .position import Position


def resigned(record: GameRecord) -> list[int]:
    return [i for i, s in enumerate(record.seats) if s.get("resigned")]


def ended(record: GameRecord) -> bool:
    """Whether the game was ended by a resignation (over, though the engine's game is not)."""
    return record.status == "over" and bool(record.meta.get("ended"))


def resignation_order(record: GameRecord) -> list[int]:
    """The resigned seats in the order they resigned (a seat marked resigned with no entry of it
    kept first: the earliest)."""
    seats = resigned(record)
    logged = [e["seat"] for e in record.meta.get("resignations", []) if e.get("seat") in seats]
    return [s for s in seats if s not in logged] + list(dict.fromkeys(logged))


def ranking(record: GameRecord, game: Any) -> list[int]:
    """Every seat, best first (see the module docstring): the seats that did not resign by score,
    then the resigned ones, the last to resign first."""
    order = resignation_order(record)
    scores = game.scores
    playing = sorted((s for s in range(len(scores)) if s not in order), key=lambda s: -scores[s])
    return playing + order[::-1]


def ranks(record: GameRecord, scores: list[int]) -> list[int]:
    """Each seat's place, 1 the first (as `ranking`, but seats that did not resign with equal
    scores share a place; the resigned ones follow, one place each)."""
    order = resignation_order(record)
    playing = [s for s in range(len(scores)) if s not in order]
    out = [1 + sum(scores[t] > scores[s] for t in playing) if s in playing else 0 for s in range(len(scores))]
    for i, s in enumerate(order[::-1]):
        out[s] = len(playing) + 1 + i
    return out


def aborted(record: GameRecord) -> bool:
    """Whether the game was aborted (a person's first move never came: flag.py): nobody won."""
    return (record.meta.get("ended") or {}).get("reason") == "aborted"


def winners(record: GameRecord, game: games.State) -> list[int]:
    """The winners: the engine's, but a resigned seat ranks last (see the module docstring)."""
    if (not ended(record) and not game.is_terminal()) or aborted(record):
        return []
    order = resignation_order(record)
    if not order and game.is_terminal():
        return game.winners()
    scores = game.scores
    left = [s for s in range(len(scores)) if s not in order]
    if not left:  # every seat resigned: the last to go ranks first
        return [order[-1]]
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
