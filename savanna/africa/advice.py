"""What an Africa move does, as facts for the coach (savanna/coach/reasons.py) to give and the
interfaces to put into words. `facts(before, seat, actions, events)`: `actions` are the seat's
move and the rest of its turn (notation), `events` what they scored (`Game.apply_explained`;
none for a discovery: what a face-down tile is cannot be known before). Spaces by label
("g6"). Each fact is a dict with "fact" and:

    {"fact": "step", "to": "g6"}           the explorer walks there
    {"fact": "jump", "to": "k9"}           the explorer jumps there
    {"fact": "discovers", "space": "g6"}   turns up the face-down tile there (unknown before)
    {"fact": "moves", "what": "animal" | "nomads", "space": "g6", "to": "h7", "points": p}
                                           moves a face-up animal or nomads: p points now
    {"fact": "camp", "for": "points" | "explore", "points": p}   builds a base camp
    {"fact": "exchange", "with": seat, "object": kind}   swaps the new object with that seat's
    {"fact": "takes", "tiles": {"gold-2": 1, "robe": 2}}   what the turn adds to the seat's holdings
    {"fact": "set", "object": "robe", "count": 3}   the seat's set of that object grows to 3
    {"fact": "majority", "kind": "gold" | "gems", "place": "first" | "second"}   the seat now has
                                           the most (or second most) of it: not given under the
                                           hidden-treasure option (the others' totals are unknown)
    {"fact": "nothing"}                    passes the rest of the step
"""

from __future__ import annotations

from typing import Any

from .actions import parse
from .scoring import majority

# the coach's marks in Africa, points lost (savanna/coach/marks.py): its strong moves lose more by
# the judge's reckoning than Safari's (fewer play-outs a judgement), so a mistake starts higher.
# bench/coach_accuracy.py: all 8 planted bad moves found, 6 of 403 strong moves marked (1.5%)
THRESHOLDS = {"inaccuracy": 2.5, "mistake": 4.5, "blunder": 10.0}


def facts(before: Any, seat: int, actions: list[str], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The facts of `seat` playing `actions` from `before` (see the module docstring)."""
    g = before.clone()  # played on up to a discovery (what follows depends on what it finds)
    found = False
    out: list[dict[str, Any]] = []
    moving = None
    for text in actions:
        a = parse(text)
        label = str(a)[1:]
        found = found or a.kind == "D"
        mine = [] if found else [e for e in g.apply_explained(a) if e.get("seat") == seat]  # this step's
        if a.kind == "S":
            out.append({"fact": "step", "to": label})
        elif a.kind == "J":
            out.append({"fact": "jump", "to": label})
        elif a.kind == "D":
            out.append({"fact": "discovers", "space": label})
        elif a.kind in ("A", "N"):
            moving = {"fact": "moves", "what": "animal" if a.kind == "A" else "nomads", "space": label}
        elif a.kind == ">" and moving is not None:
            got = sum(e["points"] for e in mine if e["what"] == "move")
            out.append({**moving, "to": label, "points": got})
            moving = None
        elif a.kind == "B":
            what = "points" if a.args[0] == "+" else "explore"
            got = sum(e["points"] for e in mine if e["what"] in ("camp", "explore", "monument"))
            out.append({"fact": "camp", "for": what, "points": got})
        elif a.kind == "E":
            out.append({"fact": "exchange", "with": a.args[0], "object": a.args[1]})
        elif a.kind == "pass":
            out.append({"fact": "nothing"})
    return out + _holdings(before, seat, g)


def _treasure(g: Any, kind: str) -> list[int]:
    T = g.num_types
    return [sum(t.value * g.held[s * T + t.index] for t in g.data.types if t.kind == kind) for s in range(g.players)]


def _holdings(before: Any, seat: int, after: Any) -> list[dict[str, Any]]:
    """What the seat's holdings gained: the tiles, the sets they grow, the majorities they win."""
    T = before.num_types
    types = before.data.types
    gained = {t.id: after.held[seat * T + t.index] - before.held[seat * T + t.index] for t in types}
    gained = {k: n for k, n in gained.items() if n > 0}
    out: list[dict[str, Any]] = []
    if not gained:
        return out
    out.append({"fact": "takes", "tiles": gained})
    for t in types:
        if t.kind == "object" and t.id in gained and after.held[seat * T + t.index] >= 2:
            out.append({"fact": "set", "object": t.id, "count": after.held[seat * T + t.index]})
    if not before.hidden_treasure:
        awards = before.data.treasure_awards
        for kind in ("gold", "gems"):
            was, now = _place(_treasure(before, kind), seat, awards), _place(_treasure(after, kind), seat, awards)
            if now is not None and now != was:
                out.append({"fact": "majority", "kind": kind, "place": now})
    return out


def _place(amounts: list[int], seat: int, awards: tuple[int, int]) -> str | None:
    """"first" or "second" (the seat's place for a treasure, ties included), None if neither."""
    if not amounts[seat]:
        return None
    points = majority(amounts, awards)
    if points[seat] and amounts[seat] == max(amounts):
        return "first"
    return "second" if points[seat] else None
