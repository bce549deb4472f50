"""The numbered menu of legal actions, as both games show it: sections of small
entries laid out in columns; a long section can be folded into one line (`list`
unfolds it) and the numbers stay the same either way. Each game builds its own
(its package's `menu`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Group
from rich.text import Text

NUM = "bold cyan"
FOLD_ENTRIES = 16  # a group with more entries than this is folded unless asked for in full


@dataclass
class Section:
    title: str
    entries: list[Text]  # one small cell per group, laid out in columns
    first: int = 0
    last: int = 0
    fold: bool = False  # fold when not shown in full
    hint: str = ""  # what to type instead, when folded


@dataclass
class Menu:
    actions: list[str] = field(default_factory=list)  # index i is number i + 1
    sections: list[Section] = field(default_factory=list)
    labels: dict[tuple[int, int], str] = field(default_factory=dict)  # board labels for empty spaces
    intro: Text | None = None

    def pick(self, number: int) -> str | None:
        return self.actions[number - 1] if 1 <= number <= len(self.actions) else None

    def render(self, full: bool = False, unfold: str = "list", width: int | None = None) -> Group:
        """The menu; a folded section names the command that shows it (`unfold`). With
        `width`, a section whose entries fit on its title's line is given on that line."""
        parts: list = []
        if self.intro is not None:
            parts.append(self.intro)
        for sec in self.sections:
            head = Text()
            head.append(sec.title, "bold")
            if sec.fold and not full:
                head.append(f" {sec.first}–{sec.last} (", "dim")
                head.append(unfold, "bold")
                head.append(" shows them)", "dim")
                parts.append(head)
                continue
            if width is not None:
                inline = Text(" ").join([head] + sec.entries)
                if inline.cell_len <= width:
                    parts.append(inline)
                    continue
            parts.append(head)
            parts.append(Columns(sec.entries, padding=(0, 3)))
        return Group(*parts)

    def add(self, action: str) -> int:
        """Offer `action`; its number in the menu."""
        self.actions.append(action)
        return len(self.actions)


def num(n: int) -> Text:
    t = Text()
    t.append(f"{n:>2}", NUM)
    return t
