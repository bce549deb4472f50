"""The seats' colours, the same in both games: a seat is drawn as its number on
its colour."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from savanna.saved_games import default_name

SEAT_STYLES = (
    "bold #ffffff on #d70000",  # seat 0 red
    "bold #ffffff on #005fff",  # seat 1 blue
    "bold #000000 on #ffaf00",  # seat 2 orange
    "bold #ffffff on #5f00af",  # seat 3 purple
    "bold #000000 on #e4e4e4",  # seat 4 white
)
SEAT_NAMES = ("red", "blue", "orange", "purple", "white")


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_badge(seat: int) -> Text:
    return Text(f" {seat} ", style=seat_style(seat))


def seats_line(seats: list[dict[str, Any]]) -> Text:
    """A saved game's seats (savanna.saved_games) in a line: each seat's badge, its name (or its
    default one) and, for a computer, its player's spec: "Seats:  0  Ann   1  Computer 2
    (mcts:time=1)"."""
    line = Text("Seats: ")
    for i, s in enumerate(seats):
        computer = s["kind"] == "computer"
        line.append_text(seat_badge(i))
        line.append(" " + (s.get("name") or (f"Computer {i + 1}" if computer else default_name(i, "human"))))
        if computer:
            line.append(f" ({s['player']})", "dim")
        line.append("  ")
    return line
