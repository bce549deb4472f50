"""Objects and exchanges. The finder of an object takes it, and may at once make one
exchange that the other player cannot refuse: one of that player's objects for the new
one, or all of that player's objects of a kind (two or more) for as many of the new
kind. Objects are public and score at the end, by sets of a kind (scoring.py)."""

from __future__ import annotations

from . import actions as act
from .actions import Action
from .state import State


def exchanges(g: State) -> list[Action]:
    """The exchanges the seat to act may make for the object it just found (`g.new_object`)."""
    me = g.active
    T = g.num_types
    new = g.new_object
    mine = g.held[me * T + new]
    types = g.data.types
    out = []
    for s in range(g.players):
        if s == me:
            continue
        for k in g.data.objects:
            n = g.held[s * T + k]
            if k == new or not n:
                continue
            out.append(act.exchange(s, types[k].id))
            if n >= 2 and mine >= n:
                out.append(act.exchange(s, types[k].id, True))
    return out


def exchange(g: State, a: Action) -> None:
    """`E<seat>:<kind>[*]`: the new object for one (or all) of that seat's objects of a kind."""
    other, kind, everything = a.args
    me = g.active
    gd = g.data
    new = g.new_object
    new_id = gd.types[new].id
    if other >= g.players:
        raise ValueError(f"illegal action {a}: there is no seat {other} in a {g.players}-player game")
    if other == me:
        raise ValueError(f"illegal action {a}: the exchange is with another player")
    t = gd.by_id.get(kind)
    if t is None or t.kind != "object":
        raise ValueError(f"illegal action {a}: {kind!r} is not a kind of object "
                         f"({', '.join(gd.types[k].id for k in gd.objects)})")
    if t.index == new:
        raise ValueError(f"illegal action {a}: exchanging a {new_id} for a {kind} changes nothing")
    T = g.num_types
    n = g.held[other * T + t.index]
    if not n:
        raise ValueError(f"illegal action {a}: seat {other} has no {kind}")
    if everything:
        if n == 1:
            raise ValueError(f"illegal action {a}: seat {other} has a single {kind}; write E{other}:{kind}")
        mine = g.held[me * T + new]
        if mine < n:
            raise ValueError(f"illegal action {a}: taking all {n} of seat {other}'s {kind}s needs {n} {new_id}s "
                             f"to give, and seat {me} has {mine}")
    else:
        n = 1
    g.held[me * T + t.index] += n
    g.held[me * T + new] -= n
    g.held[other * T + t.index] -= n
    g.held[other * T + new] += n
