"""The coach in the terminal: a review printed for `savanna review`, a hint for the game's
`hint` command. The judging is savanna.coach's; this module only lays its JSON out."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .seats import seat_badge

SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
WORDS = {"inaccuracy": "a small loss", "mistake": "a mistake", "blunder": "a blunder"}
PLURALS = {"inaccuracy": "small losses", "mistake": "mistakes", "blunder": "blunders"}


def signed(x: float) -> str:
    return f"{x:+.1f}"


def move_text(move: dict[str, Any]) -> str:
    """A judged move in notation, with the rest of its turn: "T3,4@90 M:trail:N"."""
    return " ".join([move["action"], *move.get("then", ())])


def seat_name(seat: int, names: list[str] | None) -> Text:
    t = Text()
    t.append_text(seat_badge(seat))
    t.append(" " + (names[seat] if names and seat < len(names) else f"seat {seat}"))
    return t


def thresholds_line(thresholds: dict[str, float]) -> str:
    return ("marks by points of expected margin lost against the best move found: "
            + ", ".join(f"{WORDS[k]} ({SIGNS[k]}) from {thresholds[k]:g}" for k in SIGNS))


def moves_table(entries: list[dict[str, Any]], seats: bool = True) -> Table:
    """Judged moves, one a row: turn, seat, the move played with its mark, the points it lost and
    its expected margin, the better move found and its margin."""
    table = Table(box=None, show_header=True, header_style="dim", padding=(0, 1), pad_edge=False)
    for col in ("turn", *(("seat",) if seats else ()), "played", "", "lost", "margin", "better", "its margin"):
        table.add_column(col, justify="right" if col in ("turn", "lost", "margin", "its margin") else "left")
    for e in entries:
        mark = e.get("mark")
        style = "bold red" if mark == "blunder" else "bold yellow" if mark else ""
        better = e["loss"] > 0
        table.add_row(str(e["turn"]), *((seat_badge(e["seat"]),) if seats else ()), e["played"],
                      Text(SIGNS[mark] if mark else "", style=style),
                      f"{-e['loss']:.1f}", signed(e["margin"]) if e.get("margin") is not None else "",
                      Text(move_text(e["best"]) if better else "", style="green"),
                      signed(e["best"]["margin"]) if better else "")
    return table


def summary_line(s: dict[str, Any], names: list[str] | None) -> Text:
    line = seat_name(s["seat"], names)
    counts = s["counts"]
    line.append(f": {s['judged']} decisions judged in {s['turns']} turns, {s['lost']:.1f} points lost "
                f"({s['per_turn']:.2f} a turn); ")
    line.append(", ".join(f"{counts[k]} {PLURALS[k] if counts[k] != 1 else WORDS[k].split(' ', 1)[1]}"
                          for k in ("inaccuracy", "mistake", "blunder")))
    return line


def render_review(review: dict[str, Any], names: list[str] | None = None, title: str = "") -> Group:
    """The review JSON (savanna.coach.review) for a terminal: the marked moves in the order
    played, each reviewed seat's summary and its three worst moves with the better move."""
    entries = review["entries"]
    by_index = {e["index"]: e for e in entries}  # (a summary names its worst moves by their index)
    parts: list[Any] = [Text(f"Review{' of ' + title if title else ''}: {len(entries)} decisions judged, "
                             f"{review['budget']:g} s of search each", style="bold yellow"),
                        Text(thresholds_line(review["thresholds"]), style="dim")]
    marked = [e for e in entries if e.get("mark")]
    parts.append(Text(f"\nMarked moves ({len(marked)}):" if marked else "\nNo move marked.", style="bold"))
    if marked:
        parts.append(moves_table(marked))
    for s in review["seats"]:
        if s is None:
            continue
        parts.append(Text())
        parts.append(summary_line(s, names))
        worst = [by_index[i] for i in s["worst"] if i in by_index]
        if worst:
            parts.append(Text("its three worst moves, and the better move found:" if len(worst) == 3 else
                              "its worst moves, and the better move found:", style="dim"))
            parts.append(moves_table(worst, seats=False))
    return Group(*parts)


def describe(game: Any, move: dict[str, Any]) -> str:
    """Why a move of a hint is good, in English: the coach's sentence for the game (its
    savanna.coach.text), else the points it scores now."""
    try:
        from savanna.coach import text
    except ImportError:
        text = None
    if text is not None and hasattr(text, "sentence"):
        return text.sentence(game, move)
    return f"{move['now']:+d} now" if move.get("now") else ""


def render_hint(game: Any, hint: dict[str, Any], used: int | None = None) -> Group:
    """A hint (savanna.coach.hint's JSON) for a terminal: the best move, why, its expected final
    margin, and the next best with theirs."""
    best = hint["best"]
    head = Text("Hint: ", style="bold cyan")
    head.append(move_text(best), "bold")
    why = describe(game, best)
    if why:
        head.append(f" — {why}")
    head.append(f" (expected margin {signed(best['margin'])})", "dim")
    parts: list[Any] = [head]
    for other in hint["others"]:
        line = Text(f"  or {move_text(other)} ({signed(other['margin'])})")
        why = describe(game, other)
        if why:
            line.append(f": {why}", "dim")
        parts.append(line)
    note = f"searched {hint['budget']:.1f} s, {hint['iterations']} play-outs"
    if used is not None:
        note += f"; hints used: {used}"
    parts.append(Text(note, style="dim"))
    return Group(*parts)
