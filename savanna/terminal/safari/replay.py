"""Stepping through a saved game: each turn's actions, then the board."""

from __future__ import annotations

import sys
from typing import Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from savanna import safari

from .board import render_board, render_final, render_scores, seat_badge
from ..log import seat_log, split_turns


def turns_of(game) -> list[tuple[list[tuple[int, str]], list[int], object]]:
    """The game cut into turns: (the (seat, action) pairs, points gained per seat,
    the game after the turn). Turn 0 is the set-up, with no actions.

    The game is played once more from its set-up, cloned after every turn."""
    g = safari.new_game(players=game.players, seed=game.seed, final_scoring=game.final_scoring,
                        tiles=game.custom_tiles, tile_order=game.tile_order, token_order=game.token_order)
    out = [([], [0] * g.players, g.clone())]
    for actions in split_turns(seat_log(game)):
        before = g.scores
        for _, a in actions:
            g.apply(a)
        out.append((actions, [x - y for x, y in zip(g.scores, before)], g.clone()))
    return out


def turn_line(number: int, actions: list[tuple[int, str]], gains: list[int], total: int) -> Text:
    t = Text()
    t.append(f"Turn {number}/{total} ", "bold")
    if actions:
        seat = actions[0][0]
        t.append_text(seat_badge(seat))
        for s, a in actions:
            t.append(" " + a, "bold")
            if s != seat:
                t.append(f" (seat {s})", "dim")
    won = [f"seat {s} +{p}" for s, p in enumerate(gains) if p]
    if won:
        t.append("   " + ", ".join(won), "green")
    return t


def step_through(c: Console, turns: list, start: str, show: Callable[[object], None], step: bool,
                 input_fn: Callable[[str], str]) -> bool:
    """Print every turn of `turns` (from turns_of) with `show(position)`, the start first; with
    `step`, wait for Enter, b (back) or q. False when the reader quit."""
    total = len(turns) - 1
    i = 0
    while i <= total:
        actions, gains, g = turns[i]
        c.print(Text(start, style="bold") if i == 0 else turn_line(i, actions, gains, total))
        show(g)
        if step:
            try:
                answer = input_fn("Enter: next · b: back · q: quit › ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                c.print(Text("Replay stopped.", style="yellow"))
                return False
            if answer in ("q", "quit"):
                return False
            if answer in ("b", "back"):
                i = max(0, i - 1)
                continue
        i += 1
    return True


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
