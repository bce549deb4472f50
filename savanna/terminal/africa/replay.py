"""Stepping through a saved game of Africa: each turn's actions, then the map
and the holdings. A saved game is the whole truth (see africa/serialization),
so a replay shows every seat's gold and gems."""

from __future__ import annotations

import sys
from typing import Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..log import seat_log
from ..stepping import step_through, turns_played
from .board import render_final, render_holdings, render_map


def split_turns(game) -> list[list[tuple[int, str]]]:
    """The actions grouped by turn: a turn is every action of one seat in a row (set-up:
    one placement each)."""
    turns: list[list[tuple[int, str]]] = []
    for seat, a in seat_log(game):
        if not turns or turns[-1][0][0] != seat or a.startswith("P"):
            turns.append([])
        turns[-1].append((seat, a))
    return turns


def turns_of(game) -> list[tuple[list[tuple[int, str]], list[int], object]]:
    """The game cut into turns (see stepping.turns_played and split_turns)."""
    return turns_played(game, split_turns(game))


def replay(game, console: Console | None = None, *, step: bool = False,
           input_fn: Callable[[str], str] = input, interactive: bool | None = None) -> int:
    """Print every turn of `game` with the map after it. With `step` (and a terminal),
    wait between turns: Enter next, b back, q quit."""
    c = console or Console()
    if interactive is None:
        interactive = sys.stdin.isatty()
    step = step and interactive
    turns = turns_of(game)
    names = [f"seat {s}" for s in range(game.players)]
    rules = "hidden treasure" if game.hidden_treasure else "treasure in view"
    c.print(Rule(f"Replay of Africa: {game.players} players, seed {game.seed}, {rules}, {len(game.history)} actions",
                 style="bold yellow"))
    def show(g) -> None:
        c.print(render_map(g))
        c.print(render_holdings(g, names, None, everything=True))

    if not step_through(c, turns, "The start: explorers to place on the cities", show, step, input_fn):
        return 0
    if game.is_terminal():
        c.print(render_final(game, names))
    else:
        c.print(Text(f"The game was saved before its end ({game.tiles_face_down} tiles face down).", style="yellow"))
    return 0
