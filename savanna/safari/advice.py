"""What a Safari move does, as facts for the coach (savanna/coach/reasons.py) to give and the
interfaces to put into words. `facts(before, seat, actions, events)`: `actions` are the seat's
move and the rest of its turn (notation), `events` what they scored (`Game.apply_explained`).
Each fact is a dict with "fact" and:

    {"fact": "meeple", "on": "trail" | "bush" | "baobab" | "hole"}   the turn places a meeple there
    {"fact": "meeple_kept", "free": n}     the turn places none: the seat keeps its n meeples free
    {"fact": "fits", "animal": "G", "point": [x, y], "points": p}   the animal's token fits that
                                           watering hole (dug or expanded): p points now
    {"fact": "closes", "kind": "trail" | "bush", "kinds": n, "points": p}   the turn completes a
                                           trail or bush the seat leads, n kinds of animal on it
    {"fact": "token", "animal": "E"}       the token the seat adds to what it completed
    {"fact": "ranger", "space": [x, y], "points": p}   the ranger moved there (p: 3 if it scored)
"""

from __future__ import annotations

from typing import Any

from .actions import parse
from .geometry import xy

_ON = {"trail": "trail", "bush": "bush", "baobab": "baobab"}


def facts(before: Any, seat: int, actions: list[str], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The facts of `seat` playing `actions` from `before` (see the module docstring)."""
    acts = [parse(a) for a in actions]
    out: list[dict[str, Any]] = []
    meeple = False
    for a in acts:
        if a.kind == "M":
            meeple = True
            out.append({"fact": "meeple", "on": _ON.get(str(a).split(":")[1], "trail")})
        elif a.kind == "D":
            meeple = True
            out.append({"fact": "meeple", "on": "hole"})
    for e in events:
        if e.get("seat") != seat:
            continue
        if e["what"] in ("dig", "expand"):
            out.append({"fact": "fits", "animal": e["animal"], "point": list(e["point"]), "points": e["points"]})
        elif e["what"] == "feature":
            out.append({"fact": "closes", "kind": e["kind"], "kinds": len(e["animals"]), "points": e["points"]})
    for a in acts:
        if a.kind == "+" and a.args[0] is not None:
            out.append({"fact": "token", "animal": a.args[0]})
        elif a.kind == "R>":
            got = sum(e["points"] for e in events if e.get("seat") == seat and e["what"] == "ranger")
            out.append({"fact": "ranger", "space": list(xy(a.args[0])), "points": got})
    placed = any(a.kind in ("T", "pass") for a in acts)
    if placed and not meeple and before.supply_meeples[seat]:
        out.append({"fact": "meeple_kept", "free": before.supply_meeples[seat]})
    return out
