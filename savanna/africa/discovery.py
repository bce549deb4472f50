"""Discovering a tile (`D`, next to the explorer) and what it turns up.

Gold or gems stay face up and score their value to the finder. An object is taken, and
an exchange may follow (objects.py). An animal or nomads tile stays face up and may move
somewhere better before it scores (animals_and_nomads.py). A monument gives a base camp
from the supply while any is left; the last one scores its bonus and ends the game.

In an explicit-chance game (savanna/chance.py) what lies face down is not decided: a
discovery is a chance node whose outcome (`~elephant`) names the tile turned up."""

from __future__ import annotations

from . import actions as act
from . import animals_and_nomads, objects
from .actions import Action
from .phases import EMPTY, OVER, TARGET, TRADE
from .scoring import note
from .state import State


def discovered(g: State, a: Action) -> int:
    """The space `D<space>` discovers, checked: face down and next to the explorer."""
    b = g.board
    sp = act.space_of(a, b)
    e = g.explorer[g.active]
    if sp not in b.neighbours[e]:
        raise ValueError(f"illegal action {a}: {b.where(sp)} is not next to the explorer ({b.where(e)})")
    if not g.down[sp]:
        raise ValueError(f"illegal action {a}: there is no face-down marker on {b.where(sp)}")
    return sp


def chance_counts(g: State) -> list[tuple[Action, int]]:
    """At a chance node, each kind of tile the space discovered (`g.reveal_at`) may show,
    with how many of the tiles face down are of that kind; a space of `tile_layout`: its
    own tile, alone."""
    types = g.data.types
    if g.reveal_at in g.fixed:
        return [(act.outcome(types[g.content[g.reveal_at]].id), 1)]
    counts = [0] * g.num_types
    content, down, fixed = g.content, g.down, g.fixed
    for sp in g.board.discovery:
        if down[sp] and sp not in fixed:
            counts[content[sp]] += 1
    return [(act.outcome(types[t].id), n) for t, n in enumerate(counts) if n]


def reveal(g: State, a: Action) -> int:
    """An explicit-chance outcome: the tile named is put on the space discovered (swapped with
    a face-down one of its kind, the unseen mix unchanged), which is returned."""
    (tid,) = a.args
    gd = g.data
    sp = g.reveal_at
    t = gd.by_id.get(tid)
    if t is None:
        raise ValueError(f"illegal action {a}: {tid!r} is not a tile of this game "
                         f"({', '.join(x.id for x in gd.types)})")
    content = g.content
    if sp in g.fixed:
        if content[sp] != t.index:
            raise ValueError(f"illegal action {a}: the tile layout puts {gd.types[content[sp]].id} on "
                             f"{g.board.where(sp)} (its probability is 1, {tid}'s 0)")
    elif content[sp] != t.index:
        other = next((q for q in g.board.discovery
                      if g.down[q] and content[q] == t.index and q not in g.fixed), EMPTY)
        if other < 0:
            raise ValueError(f"illegal action {a}: no {tid} tile is left face down to be found there "
                             "(its probability is 0)")
        content[other], content[sp] = content[sp], t.index
    return sp


def turn_up(g: State, sp: int) -> int | None:
    """The tile on `sp` turned face up by the seat to act, with what follows at once. Returns
    the question it asks (TRADE: an exchange, `g.new_object` set; TARGET: where the tile goes,
    `g.pending` set), OVER for the last monument (final scoring is still to come), or None:
    the action is done."""
    seat = g.active
    gd = g.data
    t = g.content[sp]
    g.down[sp] = False
    g.n_down -= 1
    kind = gd.kind_of[t]
    if kind == "gold" or kind == "gems":
        g.score[seat] += gd.value_of[t]
        if g.explain is not None:
            note(g, "treasure", seat, gd.value_of[t], tile=gd.types[t].id, space=g.board.labels[sp])
    elif kind == "object":
        g.content[sp] = EMPTY
        g.held[seat * g.num_types + t] += 1
        g.new_object = t
        if objects.exchanges(g):
            return TRADE
        g.new_object = EMPTY
    elif kind == "animal" or kind == "nomad":
        if animals_and_nomads.targets(g, sp):
            g.pending = sp
            g.pending_discovered = True
            return TARGET
        animals_and_nomads.score_discovered(g, sp, t)
    else:  # monument
        g.monuments_found += 1
        if g.monuments_found == gd.monuments:
            g.score[seat] += gd.last_monument_bonus
            if g.explain is not None:
                note(g, "monument", seat, gd.last_monument_bonus, tile=gd.types[t].id, space=g.board.labels[sp],
                     last=True, camp=False)
            g.bonus_holder = seat
            return OVER
        if g.explain is not None:
            note(g, "monument", seat, 0, tile=gd.types[t].id, space=g.board.labels[sp], last=False,
                 camp=g.supply > 0)
        if g.supply:
            g.supply -= 1
            g.reserve[seat] += 1
    return None
