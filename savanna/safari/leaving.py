"""A seat leaving the game (`out`): it takes no more turns and no more decisions; the others play on
to the game's natural end (docs/safari.md, "A seat leaving").

The rule texts say nothing of a player leaving, so this is the engine's own rule, chosen to change
the game of those who stay as little as possible:

- Its pieces stay: its meeples stay on their trails, bush, baobabs and holes, count for who
  leads and who scores as any meeple does, and it still scores what they earn (and its tokens
  in supply at the end). Where it stands in the ranking is for the table to say.
- A decision it would have made is made the way that adds nothing: at the action step it passes;
  asked to add a token to a trail or bush it leads, it adds none (now and later); a ranger its
  tile displaced is put back on the first space it may go to (the lowest space code: fixed by the
  position, not by how the engine stores it). None of these is an action in the history.
- Leaving with a tile drawn but not placed: the tile is not placed; the next seat in turn order
  places it as its own turn (the stack is unchanged, so the game still ends with the last tile).
- Turn order skips it from then on; when every seat has left, the game ends with final scoring.

Only the seat to act can leave: at a chance node (an explicit-chance draw) no seat acts.
"""

from __future__ import annotations

from savanna.leaving import all_gone, next_seat  # turn order without the seats that left

from .phases import DRAW
from .rangers import put_back, put_back_choices
from .state import State
from .actions import Action

__all__ = ["all_gone", "next_seat", "check", "put_back_for"]


def check(g: State, a: Action) -> int:
    """The seat that `out` makes leave: the one to act (ValueError at a chance node)."""
    if g.phase == DRAW:
        raise ValueError(f"illegal action {a}: a draw is due now, and no seat acts at a chance node")
    seat = g.current_player
    if seat is None:  # (Game.apply says so first)
        raise ValueError(f"illegal action {a}: the game is over")
    return seat


def put_back_for(g: State) -> None:
    """The displaced ranger put back for a seat that left: the lowest space it may go to."""
    put_back(g, min(put_back_choices(g), key=lambda a: a.args[0]))

