"""Upper bounds shared by every game's uploads, and the check that words their errors.

A tile set, game data or saved game may come from anyone (a file given to the command
line, an upload to the web app), and the work and memory of a game grow with its numbers:
a token pile holds an entry per token, a replay costs a step per action. So every number
and list in them is bounded, and checked before any of it is built or replayed. Each
game's own bounds are in its `limits` module; these are the ones the games share.
"""

from __future__ import annotations

import json
from typing import Any

PLAYERS = 16  # seats in a game (both games' rules say 2 to 5); the web app allows no more
SEED_BITS = 256  # a seed's size; the web app deals 128-bit seeds, the command line 31-bit ones
ACTION_CHARS = 64  # characters in one action string: the longest notation is about 25
TEXT = 200  # characters in a name or note of a data file (the packaged map's name is 73)
NAME_CHARS = 40  # characters in a seat's name (a saved game's seats, the web app's seats)
PLAYER_CHARS = 64  # characters in a computer player's spec ("mcts:time=1,iterations=500" is 26)


def at_most(where: str, value: Any, bound: int, things: str | None = None) -> None:
    """Refuse `value` (a whole number, or a list, object or text by its length) over `bound`,
    naming `where`: "tile set: animal_tokens['A'] is 10000000; at most 64 allowed", or with
    `things`, "tile set: tile S03: 'copies' has 40 copies; at most 32 allowed".
    A value of another type passes: the loader's own checks say what it must be."""
    if isinstance(value, bool):
        return
    if isinstance(value, (list, dict, str)):
        value, things = len(value), things or "entries"
    elif not isinstance(value, int):
        return
    if value > bound:
        # (a huge number is not written out: that alone takes long)
        shown = value if value.bit_length() <= 64 else f"a number of {value.bit_length()} bits"
        raise ValueError(f"{where} {f'has {shown} {things}' if things else f'is {shown}'}; at most {bound} allowed")


def check_seed(seed: int, where: str = "seed") -> None:
    """Refuse a seed of more than SEED_BITS bits (either sign)."""
    if seed.bit_length() > SEED_BITS:
        raise ValueError(f"{where} has {seed.bit_length()} bits; at most {SEED_BITS} allowed")


def short(value: Any, chars: int = 24) -> str:
    """`repr(value)`, cut to fit in an error message (a key of a refused upload may be long)."""
    if isinstance(value, int) and value.bit_length() > 64:  # (a huge one: writing it out alone takes long)
        return f"a number of {value.bit_length()} bits"
    try:
        text = repr(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to write out"
    return text if len(text) <= chars else text[:chars] + "..."


DEPTH = 32  # levels of lists and objects in a loaded file (a tile set's deepest field is 6 down)
BITS = 1024  # a number's size in any field (the largest a file holds is a 256-bit seed)
_DIGITS = len(str(2**BITS))


class LongNumber:
    """What read_json reads a number of too many digits as (Python's own parser refuses one
    with no word of where it is), so that check_plain refuses it naming its field."""

    def __init__(self, digits: int):
        self.digits = digits


def read_json(text: str | bytes | bytearray) -> Any:
    """json.loads, but a number of more digits than BITS bits hold read as a LongNumber."""
    return json.loads(text, parse_int=_parse_int)


def _parse_int(text: str) -> Any:
    return int(text) if len(text) <= _DIGITS else LongNumber(len(text.lstrip("-")))


def check_plain(value: Any, where: str) -> None:
    """Refuse, naming the field, what a JSON file cannot hold or a loader should not walk: a
    value of a type JSON has no word for, a key that is not text, a number not finite or of
    more than BITS bits (too long to write into a message), lists or objects nested more than
    DEPTH deep. Run first on parsed data (a file's, or a caller's dict), so that the loader's
    own checks meet plain, shallow JSON: "saved game: tile_layout.f2 is a number of 14318 bits"."""
    _check_value(value, (), where)
    todo: list[tuple[Any, tuple]] = [(value, ())] if isinstance(value, (dict, list, tuple)) else []
    while todo:  # (no recursion: a file may nest thousands deep)
        v, path = todo.pop()
        if len(path) >= DEPTH:
            raise ValueError(f"{where}: {field_name(path)} is nested more than {DEPTH} deep")
        if isinstance(v, dict):
            if not all(type(k) is str for k in v):
                raise ValueError(f"{where}: {field_name(path)} has a key that is not text")
            items: Any = v.items()
        else:
            items = enumerate(v)
        for k, x in items:
            t = type(x)
            if t is str or t is bool or x is None or (t is int and x.bit_length() <= BITS):  # (most of a file)
                continue
            if t is dict or t is list or isinstance(x, (dict, list, tuple)):
                todo.append((x, path + (k,)))
            else:
                _check_value(x, path + (k,), where)


def _check_value(v: Any, path: tuple, where: str) -> None:
    """check_plain's test of one value other than a list or an object."""
    if isinstance(v, (dict, list, tuple, str, bool)) or v is None:  # (a tuple is written as a list)
        return
    if isinstance(v, int):
        if v.bit_length() > BITS:
            raise ValueError(f"{where}: {field_name(path)} is a number of {v.bit_length()} bits; at most {BITS} allowed")
    elif isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError(f"{where}: {field_name(path)} is {v}, not a number JSON can hold")
    elif isinstance(v, LongNumber):
        raise ValueError(f"{where}: {field_name(path)} is a number of {v.digits} digits; at most {_DIGITS - 1} allowed")
    else:
        raise ValueError(f"{where}: {field_name(path)} is a {type(v).__name__}, which JSON cannot hold")


def field_name(path: tuple) -> str:
    """A field as a message names it: tiles[3].features[0].edges ('the whole file' for none)."""
    out = ""
    for k in path:
        if isinstance(k, int):
            out += f"[{k}]"
        elif 0 < len(k) <= 40 and all(c.isalnum() or c in "_-" for c in k):
            out += f".{k}" if out else k
        else:
            out += f"[{short(k)}]"
    return out or "the whole file"
