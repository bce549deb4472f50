"""Stepping through a saved game of Safari: each turn's actions, then the board."""

from __future__ import annotations

import sys
from typing import Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..log import seat_log, split_turns
from ..stepping import step_through, turns_played
from .board import render_board, render_final, render_scores


def turns_of(game) -> list[tuple[list[tuple[int, str]], list[int], object]]:
    """The game cut into turns (see stepping.turns_played); a turn starts with a tile."""
    return turns_played(game, split_turns(seat_log(game)))


def replay(game, console: Console | None = None, *, step: bool = False,
           input_fn: Callable[[str], str] = input, interactive: bool | None = None) -> int:
    """Print every turn of `game` with the board after it. With `step` (and a
    terminal), wait between turns: Enter next, b back, q quit."""
    c = console or Console()
    if interactive is None:
        interactive = sys.stdin.isatty()
    step = step and interactive
    turns = turns_of(game)
    c.print(Rule(f"Replay: {game.players} players, seed {game.seed}, final scoring '{game.final_scoring}', "
                 f"{len(game.history)} actions", style="bold yellow"))
    def show(g) -> None:
        c.print(render_board(g, width=c.width, mark_fits=False, highlight_last=True))
        c.print(render_scores(g))

    if not step_through(c, turns, "The start: the start tile and the rangers", show, step, input_fn):
        return 0
    if game.is_terminal():
        c.print(render_final(game))
    else:
        c.print(Text(f"The game was saved before its end ({game.tiles_left} tiles left).", style="yellow"))
    return 0
