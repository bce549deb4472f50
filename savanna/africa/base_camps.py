"""Base camps. On the explorer's space, if it is empty (no tile, no base camp; a city or
an explorer does not count) and the seat has one in reserve: for points (`B+`), 1 per
face-up animal, nomads and monument around it; or to explore (`B$`), taking the face-up
gold and gems around it, which score in the final majorities. A monument discovered
gives its finder one from the supply while any is left (discovery.py)."""

from __future__ import annotations

from . import actions as act
from .actions import Action
from .phases import EMPTY
from .scoring import note
from .state import State


def can_build(g: State, seat: int) -> bool:
    e = g.explorer[seat]
    return bool(g.reserve[seat]) and g.content[e] < 0 and g.camp[e] < 0


def build(g: State, a: Action) -> None:
    """`B+` or `B$` on the explorer's space."""
    seat = g.active
    e = g.explorer[seat]
    b = g.board
    if not g.reserve[seat]:
        raise ValueError(f"illegal action {a}: seat {seat} has no base camp left")
    if not (g.content[e] < 0 and g.camp[e] < 0):
        what = "a base camp" if g.camp[e] >= 0 else "a tile"
        raise ValueError(f"illegal action {a}: a base camp needs an empty space, and {b.where(e)} holds {what}")
    g.camp[e] = seat
    g.reserve[seat] -= 1
    content, down = g.content, g.down
    gd = g.data
    if a.args[0] == act.CAMP_POINTS:
        n = sum(1 for nb in b.neighbours[e] if content[nb] >= 0 and not down[nb] and gd.counts_for_camp[content[nb]])
        g.score[seat] += n
        if g.explain is not None:
            note(g, "camp", seat, n, space=b.labels[e])
    else:
        base = seat * g.num_types
        taken = 0
        for nb in b.neighbours[e]:
            t = content[nb]
            if t >= 0 and not down[nb] and gd.is_treasure[t]:
                g.held[base + t] += 1
                content[nb] = EMPTY
                taken += 1
        if g.explain is not None:
            note(g, "explore", seat, 0, space=b.labels[e], tiles=taken)
