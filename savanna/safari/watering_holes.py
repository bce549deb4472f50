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
A game keeps, as tiles and tokens arrive, the empty slots of open corners
(`free_slots`) and those a hole may be dug on (`dig_slots`), so that the
legal digs are read off, not searched for.
"""

from __future__ import annotations

from typing import Iterable

from . import actions as act
from .geometry import CORNERS, corner_slot, fmt_space, slot_corner, xy
from .tokens import an_animal
from .state import State
from .actions import Action

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


def expansions(g: State, animals: list[str]) -> list[tuple[int, list[str]]]:
    """Where a seat holding tokens of `animals` may expand a hole: (slot, those animals not yet
    at its point) for each empty slot next to a token, where one of them may go."""
    out = []
    free = g.free_slots
    for point, toks in g.holes.items():
        if "" not in toks:
            continue
        new = None
        for k in range(4):
            slot = point * 4 + k
            if slot in free and expand_allowed(toks, k):
                if new is None:
                    new = [a for a in animals if a not in toks]
                if new:
                    out.append((slot, new))
    return out


def _slot_of(g: State, a: Action) -> tuple[int, int, str]:
    """Check a dig or expand names an open corner and a token the player has."""
    sp, c, animal = a.args
    seat = g.active
    ts = g.tileset
    if animal not in ts.animal_index:
        raise ValueError(f"illegal action {a}: {animal!r} is not an animal ({ts.animals})")
    placed = g.board.get(sp)
    if placed is None:
        raise ValueError(f"illegal action {a}: there is no tile at {fmt_space(sp)}")
    if c not in placed[0].rotations[placed[1]].corners:
        raise ValueError(f"illegal action {a}: corner {CORNERS[c]} of {fmt_space(sp)} is not open savanna")
    slot = corner_slot(sp, c)
    if slot not in g.free_slots:
        raise ValueError(f"illegal action {a}: corner {CORNERS[c]} of {fmt_space(sp)} already holds a token")
    if not g.hands[seat * g.num_animals + ts.animal_index[animal]]:
        raise ValueError(f"illegal action {a}: seat {seat} has no {ts.animal_names[animal]} token")
    return slot, slot >> 2, animal


def dig(g: State, a: Action) -> None:
    """`a` (D...): a token and a meeple from the active seat's supply dig a new hole; 3 points."""
    slot, point, animal = _slot_of(g, a)
    seat = g.active
    if slot not in g.dig_slots:
        raise ValueError(f"illegal action {a}: a new watering hole can only be dug at a point with no token, "
                         "or whose only token is diagonally across")
    if not g.supply_meeples[seat]:
        raise ValueError(f"illegal action {a}: digging needs a meeple, and seat {seat} has none in supply")
    _lay_token(g, slot, point, animal)
    g.supply_meeples[seat] -= 1
    g.hole_meeples[point] = g.hole_meeples.get(point, ()) + ((seat, slot & 3),)
    g.score[seat] += DIG_POINTS
    if g.explain is not None:
        g.explain.append({"what": "dig", "seat": seat, "points": DIG_POINTS, "animal": animal,
                          "point": list(xy(point))})


def expand(g: State, a: Action) -> None:
    """`a` (X...): a token next to one of a hole, of an animal not there; 4, 5 or 6 points, and
    with the fourth the hole is complete: 3 to each seat with a meeple there, once, and they go home."""
    slot, point, animal = _slot_of(g, a)
    seat = g.active
    toks = g.holes.get(point)
    if toks is None or not expand_allowed(toks, slot & 3):  # (None: no hole at that point)
        raise ValueError(f"illegal action {a}: expanding needs a token next to that corner at the same watering hole")
    if animal in toks:
        raise ValueError(f"illegal action {a}: that watering hole already has {an_animal(g.tileset, animal)}")
    toks = _lay_token(g, slot, point, animal)
    n = count(toks)
    g.score[seat] += EXPAND_POINTS[n]
    if g.explain is not None:
        g.explain.append({"what": "expand", "seat": seat, "points": EXPAND_POINTS[n], "animal": animal,
                          "tokens": n, "point": list(xy(point))})
    if n == 4:
        owners = [s for s, _ in g.hole_meeples.pop(point, ())]
        for s in set(owners):
            g.score[s] += COMPLETE_POINTS
        if g.explain is not None:
            for s in sorted(set(owners)):
                g.explain.append({"what": "hole", "seat": s, "points": COMPLETE_POINTS,
                                  "meeples": owners.count(s), "point": list(xy(point))})
        for s in owners:
            g.supply_meeples[s] += 1


def _lay_token(g: State, slot: int, point: int, animal: str) -> tuple[str, ...]:
    """The active seat's token onto `slot`; which slots of the point are open to digging now."""
    seat = g.active
    g.hands[seat * g.num_animals + g.tileset.animal_index[animal]] -= 1
    k = slot & 3
    toks = g.holes.get(point, EMPTY_HOLE)
    toks = toks[:k] + (animal,) + toks[k + 1:]
    g.holes[point] = toks
    free, dig_slots = g.free_slots, g.dig_slots
    del free[slot]
    for j in range(4):
        s = point * 4 + j
        if s in free and dig_allowed(toks, j):
            dig_slots[s] = None
        else:
            dig_slots.pop(s, None)
    return toks


def hole_actions(out: list[Action], animals: list[str], digs: Iterable[int],
                 expands: list[tuple[int, list[str]]]) -> None:
    """Append to `out` the digs (each slot of `digs` with each of `animals`) and the expansions
    (each slot with its letters) that Game.action_options found."""
    for slot in digs:
        row = act.dig_row(slot)
        for a in animals:
            out.append(row[a])
    for slot, letters in expands:
        sp, c = slot_corner(slot)
        for a in letters:
            out.append(act.corner_action(act.EXPAND, sp, c, a))
