"""The coach in English sentences, for the terminal and the command line (the web pages say
it in their own languages from the same JSON). Generic: what a move does in the game's own
words comes from `say(fact) -> str | None`, the game's terminal package's `say_fact`."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .marks import KINDS

WORDS = {"inaccuracy": "a small loss", "mistake": "a mistake", "blunder": "a blunder"}
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

Say = Callable[[dict[str, Any]], "str | None"]


NOUNS = {"inaccuracy": ("small loss", "small losses"), "mistake": ("mistake", "mistakes"),
         "blunder": ("blunder", "blunders")}


def signed(x: float) -> str:
    """+6.2, -1.5, +6, 0: a margin or a number of points, with its sign."""
    x = round(x, 1)
    return "0" if x == 0 else f"{x:+g}"


def turn_text(move: dict[str, Any]) -> str:
    """"T3,4@1 then M:trail:N": a move and the rest of its turn, in notation."""
    return " then ".join([move["action"], *move.get("then", [])])


def why(move: dict[str, Any], say: Say) -> str:
    """What a hint's move does: its facts in words, and the points it scores now."""
    parts = [s for s in (say(f) for f in move.get("facts", [])) if s]
    if move.get("now"):
        parts.append(f"{signed(move['now'])} now")
    return "; ".join(dict.fromkeys(parts))


def hint_lines(hint: dict[str, Any], say: Say) -> list[str]:
    """The hint, a sentence a line: the best move, why, and the next best."""
    best = hint["best"]
    lines = [f"Best: {turn_text(best)} (expected margin {signed(best['margin'])})."]
    reason = why(best, say)
    if reason:
        lines.append(f"  Why: {reason}.")
    for other in hint.get("others", []):
        reason = why(other, say)
        lines.append(f"Also: {turn_text(other)} ({signed(other['margin'])})" + (f": {reason}." if reason else "."))
    lines.append(f"({hint['iterations']} play-outs in {hint['budget']:.1f} s; no hidden tile was looked at.)")
    return lines


def mark_text(mark: str | None) -> str:
    """"a mistake (?)", or "" for an unmarked move."""
    return f"{WORDS[mark]} ({SIGNS[mark]})" if mark else ""


def entry_line(entry: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """One judged move: who, when, what was played, its mark and the better move."""
    who = names[entry["seat"]] if names else f"seat {entry['seat']}"
    line = f"turn {entry['turn']}, {who}: {entry['played']}"
    if entry["mark"]:
        best = entry["best"]
        line += (f" {SIGNS[entry['mark']]} -- {mark_text(entry['mark'])}, {signed(-entry['loss'])} points; "
                 f"better: {turn_text(best)} ({signed(best['margin'])} against {signed(entry['margin'])})")
    return line


def review_lines(review: dict[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """The review: each seat's summary and its three worst moves with the better move; then
    every marked move in order."""
    t = review["thresholds"]
    lines = [f"Marks, in points of expected margin lost: {WORDS['inaccuracy']} from {t['inaccuracy']:g}, "
             f"{WORDS['mistake']} from {t['mistake']:g}, {WORDS['blunder']} from {t['blunder']:g}."]
    by_index = {e["index"]: e for e in review["entries"]}
    for s in review["seats"]:
        if s is None:
            continue
        who = names[s["seat"]] if names else f"Seat {s['seat']}"
        counts = ", ".join(f"{s['counts'][k]} {NOUNS[k][s['counts'][k] != 1]}" for k in KINDS)
        lines.append(f"{who}: {s['judged']} decisions in {s['turns']} turns, {s['lost']:g} points lost "
                     f"({s['per_turn']:g} a turn); {counts}.")
        for i in s["worst"]:
            lines.append("  " + entry_line(by_index[i], names))
    marked = [e for e in review["entries"] if e["mark"]]
    if marked:
        lines.append("Marked moves:")
        lines += ["  " + entry_line(e, names) for e in marked]
    if review.get("status") not in (None, "done"):
        p = review.get("progress", {})
        lines.append(f"(review {review['status']}: {p.get('done', 0)} of {p.get('total', '?')} moves judged)")
    return lines
