"""The review of a finished game: every decision of the seats reviewed, judged.

A *decision* is a step where the seat to act (not chance) had more than one legal action and
did not leave (`out`). Each is judged from the position before it, as the seat could know it
(savanna/coach/judging.py), and marked by the points it lost (marks.py). The review JSON:

    {"status", "progress": {"done", "total"}, "budget", "thresholds",
     "entries": [{"index", "seat", "turn", "played", "loss", "mark", "margin",
                  "best": {"action", "then", "margin"}, "moves": [{"action", "then", "margin"}, ...]}],
     "seats": marks.summary(...)}

`turn` counts the turns of the game (1 the first; a turn is a seat's, as `active_player` says).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from savanna import games
from savanna.chance import CHANCE

from . import marks
from .judging import active, judge

OUT = "out"


def replay(game: Any) -> Iterator[tuple[int, int, Any]]:
    """(index, turn, position before it) for every action of `game`'s history, the position a
    fresh copy replayed to there (one copy, moved on: do not keep it past the next step)."""
    spec = games.spec_of(game)
    g = spec.rebuild(spec.stored_settings(game))
    turn, last = 0, None
    for i, a in enumerate(game.history):
        if g.current_player not in (None, CHANCE):
            now = active(g)
            if now != last:
                turn, last = turn + 1, now
        yield i, turn, g
        g.apply(a)


def is_decision(g: Any, action: Any) -> bool:
    return (g.current_player not in (None, CHANCE) and action != OUT and len(g.legal_actions()) > 1)


def decisions(game: Any, seats: Iterable[int] | None = None) -> list[int]:
    """The indices of the decisions of `seats` (all if None) in `game`'s history."""
    want = None if seats is None else set(seats)
    return [i for i, _, g in replay(game)
            if (want is None or g.current_player in want) and is_decision(g, game.history[i])]


def _move(c: Any) -> dict[str, Any]:
    return {"action": c.action, "then": list(c.then), "margin": round(c.margin, 2)}


def budget(time: float | None, iterations: int | None) -> float | None:
    """A review's seconds a decision: `time`, else `REVIEW_THINK` unless play-outs are counted
    instead (then none: a count alone gives the same judgement on any machine, under any load)."""
    return time if time is not None or iterations is not None else marks.REVIEW_THINK


def judge_entry(game_before: Any, index: int, played: Any, *, time: float | None = None,
                seed: int = 0, turn: int = 0, iterations: int | None = None, clock: str = marks.REVIEW_CLOCK,
                k: int = 8) -> dict[str, Any]:
    """One review entry: the decision at `index` (position `game_before`, move `played`) judged
    (`turn`: the game's turn it is in; `time`: see `budget`; `iterations`, `clock`, `k`: as
    `judge` takes them)."""
    j = judge(game_before, played, time=budget(time, iterations), iterations=iterations, seed=seed + index,
              clock=clock, k=k)
    loss = round(j.loss, 2)
    return {"index": index, "seat": j.seat, "turn": turn, "played": str(played), "loss": loss,
            "mark": marks.mark(loss, marks.thresholds_for(game_before)), "margin": round(j.played.margin, 2) if j.played else None,
            "best": _move(j.moves[0]), "moves": [_move(c) for c in j.moves]}


def review(game: Any, seats: Iterable[int] | None = None, *, time: float | None = None,
           seed: int = 0, done: Iterable[dict[str, Any]] = (), progress: Callable[[int, int], Any] | None = None,
           iterations: int | None = None, clock: str = marks.REVIEW_CLOCK, k: int = 8) -> dict[str, Any]:
    """The whole review of the finished `game` for `seats` (all if None). `done`: entries
    already judged (a review resumed: kept as they are, not judged again); `progress(done,
    total)` after each entry."""
    seats = None if seats is None else sorted(set(seats))
    have = {e["index"]: e for e in done}
    todo = decisions(game, seats)
    wanted = set(todo)
    entries: list[dict[str, Any]] = []
    for i, turn, g in replay(game):
        if i not in wanted:
            continue
        e = have.get(i)
        if e is None:
            e = judge_entry(g, i, game.history[i], time=time, seed=seed, turn=turn,
                            iterations=iterations, clock=clock, k=k)
        entries.append(e)
        if progress is not None:
            progress(len(entries), len(todo))
    return {"status": "done", "progress": {"done": len(entries), "total": len(todo)},
            "budget": budget(time, iterations), "thresholds": marks.thresholds_for(game), "entries": entries,
            "seats": marks.summary(entries, seats if seats is not None else game.players, game.players)}
