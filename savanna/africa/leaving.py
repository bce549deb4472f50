"""A seat leaving the game (`out`): it takes no more turns and no more decisions; the others play on
to the game's natural end, the last monument turned (docs/africa.md, "A seat leaving").

The rules say nothing of a player leaving, so this is the engine's own rule, chosen to change the
game of those who stay as little as possible:

- Its pieces stay: its explorer stands where it stood (a space others cannot end on, as before),
  its base camps stay, and the tiles it holds count at final scoring, in the sets and the
  majorities of gold and gems, as anyone's do; its objects may still be taken in exchanges.
  Where it stands in the ranking is for the table to say.
- Its turn ends where it stands, the rest of it given up: a step not taken, an action not
  chosen, a jump not landed (the explorer stays), a move of an animal or nomads not made (the
  tile stays, no points), an exchange not made (it keeps the new object). A tile it discovered
  whose place is still to say stays where it was turned up, and scores there, as a discovered
  tile with nowhere better to go does. None of these is an action in the history.
- Leaving during set-up, before its explorer is placed: it never places one.
- Turn order skips it from then on; when every seat has left, the game ends with final scoring.

Only the seat to act can leave: while a discovered tile is being turned up (an explicit-chance
draw) no seat acts.
"""

from __future__ import annotations

from savanna.leaving import all_gone, next_seat  # turn order without the seats that left

from .phases import EMPTY, REVEAL
from .state import State
from .actions import Action

__all__ = ["all_gone", "next_seat", "check", "setup_seat", "set_up", "first_to_move"]


def check(g: State, a: Action) -> int:
    """The seat that `out` makes leave: the one to act (ValueError at a chance node)."""
    if g.phase == REVEAL:
        raise ValueError(f"illegal action {a}: a discovered tile is being turned up, and no seat acts at a "
                         "chance node")
    seat = g.current_player
    if seat is None:  # (Game.apply says so first)
        raise ValueError(f"illegal action {a}: the game is over")
    return seat


def setup_seat(g: State) -> int:
    """Set-up: the next seat from the first player, in seat order, still to place its explorer
    (seats that left place none)."""
    n = g.players
    for i in range(n):
        s = (g.first_player + i) % n
        if g.explorer[s] == EMPTY and s not in g.gone:
            return s
    return g.first_player


def set_up(g: State) -> bool:
    """Whether every seat still in the game has placed its explorer."""
    return all(e != EMPTY or s in g.gone for s, e in enumerate(g.explorer))


def first_to_move(g: State) -> int:
    """The first seat to take a turn: the first player, or the next one still in the game."""
    return g.first_player if g.first_player not in g.gone else next_seat(g, g.first_player)
