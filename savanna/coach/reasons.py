"""What a move does, in facts: its scoring events, the points they bring the seat now, and
the game's own facts (its "advice" part). Worked out in a world dealt from what the seat
knows, never the real one: a step that turns up something hidden ends what is told (what it
finds is not known before), and what a step draws (a token, say) is one possible draw."""

from __future__ import annotations

from typing import Any

from savanna import games
from savanna.ai.evaluation import evaluation_for

from .judging import find, reveals

_ADVICE: dict[type, Any] = {}


def advice_for(game: Any) -> Any:
    """The game's advice part (None for a game without one)."""
    if type(game) not in _ADVICE:
        try:
            spec = games.spec_of(game)
            _ADVICE[type(game)] = spec.part("advice") if getattr(spec, "advice", "") else None
        except ValueError:
            _ADVICE[type(game)] = None
    return _ADVICE[type(game)]


def reasons(view: Any, seat: int, actions: list[str]) -> dict[str, Any]:
    """{"events", "now", "facts"} of the seat playing `actions` (a move and its `then`) in `view`."""
    ev = evaluation_for(view)
    g = view.clone()
    events: list[dict[str, Any]] = []
    for a in actions:
        a = find(g.legal_actions(), a)
        if reveals(g, a, ev):
            break
        events += g.apply_explained(a)
    now = sum(e.get("points", 0) for e in events if e.get("seat") == seat)
    advice = advice_for(view)
    facts = advice.facts(view, seat, list(actions), events) if advice is not None else []
    return {"events": events, "now": now, "facts": facts}
