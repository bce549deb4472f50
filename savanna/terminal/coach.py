"""The coach in the terminal: a review printed for `savanna review`, a hint for the game's
`hint` command. The judging is savanna.coach's, its English sentences savanna.coach.text's
with the game's own words (its terminal package's `say_fact`); this module only lays them out."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.text import Text

from savanna import games
from savanna.coach import text


def render_review(review: dict[str, Any], names: Sequence[str] | None = None, title: str = "") -> Group:
    """The review JSON (savanna.coach.review) for a terminal: each reviewed seat's summary and
    its three worst moves with the better move, then every marked move in the order played."""
    head = Text(f"Review{' of ' + title if title else ''}: {len(review['entries'])} decisions judged, "
                f"{review['budget']:g} s of search each", style="bold yellow")
    return Group(head, *(Text(line) for line in text.review_lines(review, names)))


def render_hint(game: Any, hint: dict[str, Any], used: int | None = None) -> Group:
    """A hint (savanna.coach.hint's JSON) for a terminal: the best move, why, its expected final
    margin, and the next best with theirs; and how many hints the seat has used."""
    say_fact = games.spec_of(game).part("terminal").say_fact
    lines = text.hint_lines(hint, lambda fact: say_fact(fact, game))
    out = [Text(lines[0], style="bold cyan"), *(Text(line) for line in lines[1:])]
    if used is not None:
        out.append(Text(f"hints used: {used}", style="dim"))
    return Group(*out)
