"""The two rangers: they stand on empty spaces next to tiles.

A tile placed on a ranger's space displaces it: the active player may not move
a ranger that turn, scores 3 at the end of it (after the features), and then
puts the ranger back on an empty space next to a tile, but not on the other
ranger's (`R><x>,<y>`). In a turn with no ranger displaced, the action may be
to move either ranger to such a space (`R<from>><to>`), for no points.

A game keeps `rangers` (their spaces, -1 for the displaced one) and `displaced`
(the index of the one this turn's tile displaced, else -1).
"""

from __future__ import annotations

from . import actions as act
from .geometry import fmt_space, xy
from .state import State
from .actions import Action

RANGER_POINTS = 3


def displace(g: State) -> None:
    """The tile just placed lies where a ranger stood: the ranger leaves the board."""
    i = g.rangers.index(g.placed)
    g.rangers[i] = -1
    g.displaced = i


def movable(g: State) -> tuple[int, ...]:
    """The spaces of the rangers the active seat may move in its action: both, unless the tile
    displaced one. Each may go to an empty space next to a tile where no ranger stands."""
    return tuple(g.rangers) if g.displaced < 0 else ()



def moves(g: State, out: list[Action], movers: tuple[int, ...]) -> None:
    """Append to `out` each move of the two rangers on `movers` (rangers.movable) to a space
    of the frontier but theirs, space by space."""
    cache = act.MOVE_ACTIONS
    r0, r1 = movers
    for sp in g.frontier:
        if sp != r0 and sp != r1:
            out.append(cache.get(r0 << 24 | sp) or act.move(r0, sp))
            out.append(cache.get(r1 << 24 | sp) or act.move(r1, sp))

def blocked(g: State) -> tuple[int, ...]:
    """Where a ranger may not go, moved or put back, though the space is next to a tile: where
    a ranger stands."""
    return tuple(r for r in g.rangers if r >= 0)


def _check_space(g: State, a: Action, sp: int) -> None:
    if sp not in g.frontier:
        where = "holds a tile" if sp in g.board else "is not next to a tile"
        raise ValueError(f"illegal action {a}: space {fmt_space(sp)} {where}")


def move(g: State, a: Action) -> None:
    """`a` (R<from>><to>): the action step's ranger move."""
    src, dst = a.args
    if g.displaced >= 0:
        raise ValueError(f"illegal action {a}: no ranger may be moved in a turn whose tile displaced one")
    if src not in g.rangers:
        raise ValueError(f"illegal action {a}: no ranger stands on {fmt_space(src)}")
    if dst in g.rangers:
        raise ValueError(f"illegal action {a}: the other ranger stands on {fmt_space(dst)}" if dst != src
                         else f"illegal action {a}: the ranger must move to another space")
    _check_space(g, a, dst)
    g.rangers[g.rangers.index(src)] = dst


def score_displacing(g: State) -> None:
    """The end of a turn whose tile displaced a ranger: the active seat scores 3."""
    g.score[g.active] += RANGER_POINTS
    if g.explain is not None:
        g.explain.append({"what": "ranger", "seat": g.active, "points": RANGER_POINTS, "space": list(xy(g.placed))})


def put_back_choices(g: State) -> list[act.Action]:
    """Where the displaced ranger may be put back."""
    ret = act.RETURN_ACTIONS
    stop = blocked(g)
    return [ret.get(sp) or act.return_ranger(sp) for sp in g.frontier if sp not in stop]


def put_back(g: State, a: Action) -> None:
    """`a` (R><x>,<y>): the displaced ranger back on the board."""
    (sp,) = a.args
    _check_space(g, a, sp)
    if sp in g.rangers:
        raise ValueError(f"illegal action {a}: the other ranger stands on {fmt_space(sp)}")
    g.rangers[g.displaced] = sp
