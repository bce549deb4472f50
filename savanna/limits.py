"""Upper bounds shared by every game's uploads, and the check that words their errors.

A tile set, game data or saved game may come from anyone (a file given to the command
line, an upload to the web app), and the work and memory of a game grow with its numbers:
a token pile holds an entry per token, a replay costs a step per action. So every number
and list in them is bounded, and checked before any of it is built or replayed. Each
game's own bounds are in its `limits` module; these are the ones the games share.
"""

from __future__ import annotations

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
    text = repr(value)
    return text if len(text) <= chars else text[:chars] + "..."
