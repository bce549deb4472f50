"""Animals and nomads: where one may go, moving it, and its points.

An animal or nomads tile may go to an empty space (no tile, no base camp) anywhere on
the map that improves its lot: more face-up animals of its species around it, or more
empty spaces around it for nomads. A tile being moved is lifted first: its old space
counts as empty and it does not count itself. Discovered, it scores at its final space
(an animal 1 + its like around it, nomads the empty spaces around them); moved face up
(`A`/`N` then `>`), it scores the gain."""

from __future__ import annotations

from . import actions as act
from .actions import Action
from .phases import EMPTY
from .scoring import note
from .state import State


def same(g: State, sp: int, t: int, lifted: int) -> int:
    """Face-up tiles of type t next to sp, not counting the lifted space."""
    content, down = g.content, g.down
    return sum(1 for nb in g.board.neighbours[sp] if nb != lifted and content[nb] == t and not down[nb])


def empties(g: State, sp: int, lifted: int) -> int:
    """Empty spaces next to sp, the lifted space counting as empty."""
    content, camp = g.content, g.camp
    return sum(1 for nb in g.board.neighbours[sp] if nb == lifted or (content[nb] < 0 and camp[nb] < 0))


def animal_targets(g: State, o: int, t: int, any_only: bool = False) -> list[int]:
    """Empty spaces where the animal at o would have more of its species around it."""
    base = same(g, o, t, o)
    content, down, camp = g.content, g.down, g.camp
    nbs = g.board.neighbours
    out: list[int] = []
    for sp in range(g.board.n):
        if content[sp] != t or down[sp] or sp == o:
            continue
        for e in nbs[sp]:
            if e != o and content[e] < 0 and camp[e] < 0 and e not in out and same(g, e, t, o) > base:
                out.append(e)
                if any_only:
                    return out
    out.sort()
    return out


def nomad_targets(g: State, o: int, any_only: bool = False) -> list[int]:
    """Empty spaces with more empty spaces around them than the nomads at o have."""
    base = empties(g, o, o)
    content, camp = g.content, g.camp
    out = []
    for sp in range(g.board.n):
        if sp != o and content[sp] < 0 and camp[sp] < 0 and empties(g, sp, o) > base:
            out.append(sp)
            if any_only:
                break
    return out


def targets(g: State, o: int) -> list[int]:
    """Where the animal or nomads on o may go (its own space aside)."""
    t = g.content[o]
    return animal_targets(g, o, t) if g.data.is_animal[t] else nomad_targets(g, o)


def score_discovered(g: State, sp: int, t: int) -> None:
    """A discovered animal or nomads tile of type t, at its final space sp, scores for the finder."""
    if g.data.is_animal[t]:
        n = same(g, sp, t, EMPTY)
        g.score[g.active] += 1 + n
        if g.explain is not None:
            note(g, "animal", g.active, 1 + n, tile=g.data.types[t].id, space=g.board.labels[sp], same=n)
    else:
        empty = empties(g, sp, EMPTY)
        g.score[g.active] += empty
        if g.explain is not None:
            note(g, "nomads", g.active, empty, tile=g.data.types[t].id, space=g.board.labels[sp], empty=empty)


def chosen(g: State, a: Action) -> int:
    """The space of the face-up animal or nomads that `A`/`N` picks to move, checked: on or
    next to the explorer, with somewhere better to go."""
    b = g.board
    sp = act.space_of(a, b)
    e = g.explorer[g.active]
    if sp != e and sp not in b.neighbours[e]:
        raise ValueError(f"illegal action {a}: {b.where(sp)} is neither the explorer's space "
                         f"({b.where(e)}) nor next to it")
    gd = g.data
    t = g.content[sp]
    want = "animal" if a.kind == act.ANIMAL else "nomads"
    if t < 0 or g.down[sp]:
        raise ValueError(f"illegal action {a}: there is no face-up {want} on {b.where(sp)}")
    if (a.kind == act.ANIMAL and not gd.is_animal[t]) or (a.kind == act.NOMAD and not gd.is_nomad[t]):
        raise ValueError(f"illegal action {a}: the tile on {b.where(sp)} is {gd.types[t].id}, not {want}")
    if not targets(g, sp):
        raise ValueError(f"illegal action {a}: no empty space would improve the {want} on {b.where(sp)}")
    return sp


def place(g: State, a: Action) -> None:
    """`>`: where the animal or nomads waiting on `g.pending` go (a discovered one may stay), and its points."""
    b = g.board
    dst = act.space_of(a, b)
    o = g.pending
    t = g.content[o]
    seat = g.active
    if dst == o:
        if not g.pending_discovered:
            raise ValueError(f"illegal action {a}: a move must take the tile elsewhere")
        score_discovered(g, o, t)
    else:
        if dst not in targets(g, o):
            animal = g.data.is_animal[t]
            if not (g.content[dst] < 0 and g.camp[dst] < 0):
                why = "it is not empty"
            elif animal:
                why = (f"it would not have more {g.data.types[t].id}s around it than "
                       f"{b.labels[o]} has ({same(g, o, t, o)})")
            else:
                why = f"it would not have more empty spaces around it than {b.labels[o]} has " \
                      f"({empties(g, o, o)})"
            raise ValueError(f"illegal action {a}: the {g.data.types[t].id} cannot go to {b.where(dst)}: {why}")
        if g.pending_discovered:
            g.content[o] = EMPTY
            g.content[dst] = t
            score_discovered(g, dst, t)
        else:
            if g.data.is_animal[t]:
                before, after = same(g, o, t, o), same(g, dst, t, o)
            else:
                before, after = empties(g, o, o), empties(g, dst, o)
            gain = after - before
            g.content[o] = EMPTY
            g.content[dst] = t
            g.score[seat] += gain
            if g.explain is not None:
                note(g, "move", seat, gain, tile=g.data.types[t].id, space=b.labels[dst],
                     **{"from": b.labels[o]}, before=before, after=after)
