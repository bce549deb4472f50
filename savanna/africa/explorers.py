"""The explorers: put on a city at set-up, then each turn either stepped twice (option B:
0, 1 or 2 spaces a step, never onto or through a face-down tile or another explorer) or
jumped (option A: anywhere with no face-down tile and no explorer, the whole turn).

Functions of the game: the predicates, which `legal_actions` offers, and the moves, which
check an action and move the explorer; the game's turn flow says what comes next."""

from __future__ import annotations

from . import actions as act
from .actions import Action
from .state import State


def others(g: State, seat: int) -> list[int]:
    """The spaces of the other seats' explorers (those placed)."""
    me = g.explorer[seat]
    return [e for e in g.explorer if e >= 0 and e != me]


def reach(g: State, seat: int) -> list[int]:
    """The explorer's space and every space within two steps, never onto or
    through a face-down marker or another explorer."""
    start = g.explorer[seat]
    down = g.down
    blocked = others(g, seat)
    nbs = g.board.neighbours
    out = [start]
    for nb in nbs[start]:
        if not down[nb] and nb not in blocked:
            out.append(nb)
    first = len(out)
    for i in range(1, first):
        for nb in nbs[out[i]]:
            if not down[nb] and nb not in blocked and nb not in out:
                out.append(nb)
    return out


def can_jump(g: State) -> bool:
    """Whether some space has no face-down tile and no explorer."""
    placed = sum(1 for e in g.explorer if e >= 0)
    return g.board.n - g.n_down - placed > 0


def jump_targets(g: State) -> list[int]:
    down = g.down
    ex = g.explorer
    return [sp for sp in range(g.board.n) if not down[sp] and sp not in ex]


def place(g: State, a: Action, seat: int) -> None:
    """Set-up: `seat` puts its explorer on a free city (P)."""
    b = g.board
    sp = act.space_of(a, b)
    if not b.is_city[sp]:
        raise ValueError(f"illegal action {a}: {b.where(sp)} is not a city; explorers start on cities")
    if sp in g.explorer:
        raise ValueError(f"illegal action {a}: another explorer is already in {b.where(sp)}")
    g.explorer[seat] = sp


def step(g: State, a: Action) -> None:
    """Option B: the explorer steps 0, 1 or 2 spaces (S)."""
    b = g.board
    sp = act.space_of(a, b)
    seat = g.active
    if sp not in reach(g, seat):
        if g.down[sp]:
            why = "a face-down marker lies there"
        elif sp in others(g, seat):
            why = "another explorer stands there"
        elif sp not in b.within(g.explorer[seat], 2, lambda _: True):
            why = "it is more than two spaces away"
        else:
            why = "every way there in two steps crosses a face-down marker or another explorer"
        raise ValueError(f"illegal action {a}: the explorer cannot step to {b.where(sp)}: {why}")
    g.explorer[seat] = sp


def check_jump(g: State, a: Action) -> None:
    """Option A chosen (`jump`): only at the start of a turn, and only with somewhere to land."""
    if g.step:
        raise ValueError(f"illegal action {a}: a jump replaces the whole turn; it cannot follow a first step")
    if not can_jump(g):
        raise ValueError(f"illegal action {a}: there is no space to jump to")


def jump(g: State, a: Action) -> None:
    """Where the jump lands (J)."""
    b = g.board
    sp = act.space_of(a, b)
    seat = g.active
    if g.down[sp]:
        raise ValueError(f"illegal action {a}: a face-down marker lies on {b.where(sp)}")
    if sp == g.explorer[seat]:
        raise ValueError(f"illegal action {a}: the explorer is already on {b.where(sp)}")
    if sp in g.explorer:
        raise ValueError(f"illegal action {a}: another explorer stands on {b.where(sp)}")
    g.explorer[seat] = sp
