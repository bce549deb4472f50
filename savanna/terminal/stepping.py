"""Stepping through a saved game turn by turn, the same in both games: each turn's
line (who played what, who scored), then the position after it (drawn by the
game's own replay)."""

from __future__ import annotations

import json
from typing import Any, Callable

from rich.console import Console
from rich.text import Text

from savanna import games

from .seats import seat_badge


def turns_played(game: Any, turns: list[list[tuple[int, str]]]) -> list[tuple[list[tuple[int, str]], list[int], Any]]:
    """(the turn's (seat, action) pairs, points gained per seat, the game after it) for
    every turn of `turns`; turn 0 is the set-up, with no actions. The game is played once
    more from its own save emptied of actions, so it keeps every setting (its tile set too)."""
    start = json.loads(game.to_json())
    start.update(actions=[], scores=None, over=None)
    g = games.spec_of(game).module.from_dict(start)
    out: list[tuple[list[tuple[int, str]], list[int], Any]] = [([], [0] * g.players, g.clone())]
    for actions in turns:
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
