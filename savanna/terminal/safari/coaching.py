"""The coach's Safari facts (savanna/safari/advice.py) in English, for the terminal and
`savanna review`: `say_fact(fact, game=None)` (the game names its tile set's animals)."""

from __future__ import annotations

from typing import Any

from savanna.safari.tileset import load_tiles

_DEFAULT_NAMES: dict[str, str] | None = None


def _animal(letter: str, game: Any = None) -> str:
    global _DEFAULT_NAMES
    names = getattr(getattr(game, "tileset", None), "animal_names", None)
    if names is None:
        if _DEFAULT_NAMES is None:
            _DEFAULT_NAMES = dict(load_tiles().animal_names)
        names = _DEFAULT_NAMES
    return names.get(letter, letter)


def _kinds(n: int) -> str:
    return f"{n} kind{'s' if n != 1 else ''} of animal"


def say_fact(fact: dict[str, Any], game: Any = None) -> str | None:
    """A Safari fact as words ("closes your trail with 3 kinds of animal"), None if unknown."""
    what = fact.get("fact")
    if what == "meeple":
        return {"trail": "puts a meeple on the trail", "bush": "puts a meeple in the bush",
                "baobab": "puts a meeple on the baobab", "hole": "digs the watering hole with a meeple"
                }.get(fact.get("on", ""), "puts a meeple down")
    if what == "meeple_kept":
        return "keeps your meeple free"
    if what == "fits":
        return f"the {_animal(fact['animal'], game)} fits the watering hole at {_point(fact['point'])}: " \
               f"+{fact['points']}"
    if what == "closes":
        return f"closes your {fact['kind']} with {_kinds(fact['kinds'])}: +{fact['points']}"
    if what == "token":
        return f"adds your {_animal(fact['animal'], game)} token"
    if what == "ranger":
        return f"moves the ranger to {_point(fact['space'])}" + (f": +{fact['points']}" if fact.get("points") else "")
    return None


def _point(p: list[int]) -> str:
    return f"{p[0]},{p[1]}"
