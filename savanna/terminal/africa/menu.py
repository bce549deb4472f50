"""Africa's numbered menu of legal actions, grouped by what they do, with the
notation to type instead of the number."""

from __future__ import annotations

import re

from rich.text import Text

from ..action_menu import FOLD_ENTRIES, Menu, Section, num

_LABEL = re.compile(r"[a-z][1-9][0-9]?")

TITLES = {
    "P": "Put your explorer on a city (P<space>):",
    "S": "Step 0, 1 or 2 spaces (S<space>; your own space: stay):",
    "jump": "Or jump anywhere instead, the whole turn:",
    "J": "Jump to (J<space>):",
    "D": "Discover the face-down tile (D<space>):",
    "A": "Move the face-up animal (A<space>):",
    "N": "Move the face-up nomads (N<space>):",
    "B": "Build a base camp here:",
    ">": "Where it goes (><space>):",
    "keep": "Exchange the object you found?",
    "E": "",
    "pass": "No action:",
}
ORDER = ("P", "S", "jump", "J", "D", "A", "N", "B", ">", "keep", "E", "pass")


def offered_spaces(actions: list[str]) -> set[str]:
    """The spaces named by the actions (to underline on the map)."""
    return {a[1:] for a in actions if len(a) > 1 and a[0] in "PSJDAN>" and _LABEL.fullmatch(a[1:])}


def build_menu(game) -> Menu:
    """Number every legal action, grouped for reading."""
    menu = Menu()
    actions = [str(a) for a in game.legal_actions()]
    groups: dict[str, list[str]] = {}
    for a in actions:
        groups.setdefault(a if a in ("jump", "keep", "pass") else a[0], []).append(a)
    pending = game.pending_choice()
    for kind in ORDER:
        if kind not in groups:
            continue
        first = len(menu.actions) + 1
        entries = [_entry(menu, game, a, pending) for a in groups[kind]]
        title = TITLES[kind]
        if kind == ">" and pending:
            title = f"Where the {pending['tile']} from {pending['from']} go (><space>" + \
                    ("; its own space: it stays):" if pending["discovered"] else "):")
        if kind == "keep" and pending:
            title = f"You found a {pending['object']}. Exchange it with another player (E<seat>:<kind>, " \
                    f"* for all of that kind), or keep it:"
        if kind == "E":
            menu.sections[-1].entries += entries
            menu.sections[-1].last = len(menu.actions)
            continue
        menu.sections.append(Section(title, entries, first, len(menu.actions), fold=len(entries) > FOLD_ENTRIES,
                                     hint=f"{kind}<space>"))
    return menu


def _entry(menu: Menu, game, a: str, pending) -> Text:
    n = menu.add(a)
    t = num(n)
    t.append(f" {a}", "bold")
    note = _note(game, a, pending)
    if note:
        t.append(f"  {note}", "dim")
    return t


def _note(game, a: str, pending) -> str:
    if a == "jump":
        return "then J<space>: any space without a face-down tile or another explorer"
    if a == "pass":
        return "nothing after this step"
    if a == "keep":
        return "keep it, exchange nothing"
    if a == "B+":
        return "score 1 per face-up animal, nomads or monument around it"
    if a == "B$":
        return "take the face-up gold and gems around it"
    if a[0] == "E":
        seat, _, kind = a[1:].partition(":")
        what = f"all of seat {seat}'s {kind.rstrip('*')}s" if kind.endswith("*") else f"a {kind} of seat {seat}"
        return f"give your {pending['object'] if pending else 'new object'}, take {what}"
    if a[0] in "PAN" or (a[0] == ">" and pending and a[1:] == pending["from"]):
        sp = a[1:]
        city = next((s["city"] for s in game.board_view() if s["space"] == sp), None)
        if a[0] == "P":
            return city or ""
        if a[0] == ">":
            return "stays"
        return game.tile_at(sp) or ""
    return ""
