"""The coach's Africa facts (savanna/africa/advice.py) in English, for the terminal and
`savanna review`: `say_fact(fact, game=None)`."""

from __future__ import annotations

from typing import Any


def say_fact(fact: dict[str, Any], game: Any = None) -> str | None:
    """An Africa fact as words ("moves the animal from g6 to h7: +3"), None if unknown."""
    what = fact.get("fact")
    if what == "step":
        return f"walks to {fact['to']}"
    if what == "jump":
        return f"jumps to {fact['to']}"
    if what == "discovers":
        return f"turns up the tile at {fact['space']}"
    if what == "moves":
        gain = f": {fact['points']:+d}" if fact.get("points") else ""
        return f"moves the {fact['what']} from {fact['space']} to {fact['to']}{gain}"
    if what == "camp":
        if fact["for"] == "points":
            return f"builds a base camp for points: +{fact['points']}"
        return "builds a base camp to explore"
    if what == "exchange":
        return f"exchanges the new object for seat {fact['with']}'s {fact['object']}"
    if what == "takes":
        return "takes " + ", ".join(f"{n} {tile}" for tile, n in fact["tiles"].items())
    if what == "set":
        return f"makes a set of {fact['count']} {fact['object']}"
    if what == "majority":
        return f"takes the {'most' if fact['place'] == 'first' else 'second most'} {fact['kind']}"
    if what == "nothing":
        return "does nothing more this step"
    return None
