"""Watering holes: the points where four spaces meet, and their four slots.

A slot takes a token when its tile is on the table, that corner is open
savanna, and it is empty. Dig: a token from supply onto such a slot at a point
with no tokens, or whose only token is diagonal to it (the rulebook's
exception: the two do not touch, so it is a new hole); a meeple goes on it and
the player scores 3. Expand: a token onto an empty slot next to a token at that
point, of an animal not yet there; the 2nd, 3rd and 4th token score 4, 5, 6
and no meeple goes on it. Four tokens complete the hole: every player with a
meeple there scores 3 once, and the meeples go home.

`holes` maps a point to a 4-tuple of animal letters ("" for an empty slot).
"""

from __future__ import annotations

EMPTY_HOLE = ("", "", "", "")
EXPAND_POINTS = {2: 4, 3: 5, 4: 6}
DIG_POINTS = 3
COMPLETE_POINTS = 3


def dig_allowed(toks: tuple[str, ...] | None, k: int) -> bool:
    """May a new hole be dug on slot k of a point holding `toks`?"""
    if toks is None:
        return True
    if toks[k]:
        return False
    # only one token, and it sits diagonally across from slot k
    return bool(toks[(k + 2) % 4]) and not toks[(k + 1) % 4] and not toks[(k + 3) % 4]


def expand_allowed(toks: tuple[str, ...] | None, k: int) -> bool:
    """May slot k of a point holding `toks` take an expanding token?"""
    if toks is None or toks[k]:
        return False
    return bool(toks[(k + 1) % 4] or toks[(k + 3) % 4])


def count(toks: tuple[str, ...]) -> int:
    return 4 - toks.count("")
