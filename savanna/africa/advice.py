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
    {"fact": "nothing"}                    passes the rest of the step
"""

from __future__ import annotations

from typing import Any

from .actions import parse


def facts(before: Any, seat: int, actions: list[str], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The facts of `seat` playing `actions` from `before` (see the module docstring)."""
    g = before.clone()
    out: list[dict[str, Any]] = []
    moving = None
    for text in actions:
        a = parse(text)
        label = str(a)[1:]
        # each step's own events (a discovery ends what is known: nothing after it is played here)
        mine = [] if a.kind == "D" or g is None else [e for e in g.apply_explained(a) if e.get("seat") == seat]
        if a.kind == "D":
            g = None
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
    return out
