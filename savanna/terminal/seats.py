"""The seats' colours, the same in both games: a seat is drawn as its number on
its colour."""

from __future__ import annotations

from rich.text import Text

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
