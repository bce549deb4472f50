"""Playing Carcassonne Safari in the terminal: the shared game loop (`..loop`)
with Safari's board, menu, help and notation."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..log import seat_log, split_turns
from ..loop import PlayLoop, start
from ..screen import BoardView
from .board import board_view, legend, render_board, render_final, render_status, seat_chunks
from .menu import build_menu

HELP = """\
[bold]On your turn[/bold] type a [bold cyan]number[/bold cyan] from the list, or an action in notation:
  [bold]T2,-1@90[/bold]      place the drawn tile on space x=2, y=-1, turned 90° clockwise
                (or just [bold]2,-1@90[/bold]; or [bold]2,-1[/bold] when only one rotation fits there)
  [bold]M:trail:S[/bold]     a meeple on the new tile's trail that reaches its S edge ([bold]M:bush:N[/bold], [bold]M:baobab[/bold])
  [bold]D1,0:SE=G[/bold]     dig a watering hole at the SE corner of tile 1,0 with your giraffe token (+3)
  [bold]X2,0:SW=Z[/bold]     expand a watering hole with a zebra (+4, +5, +6)
  [bold]R-1,-1>0,-1[/bold]   move the ranger on -1,-1 to 0,-1
  [bold]pass[/bold]          nothing after placing the tile
  [bold]+L[/bold] / [bold]+none[/bold]    add a lion token to a feature being scored, or not
  [bold]R>3,0[/bold]         put a displaced ranger back on 3,0
Coordinates: x grows to the east (columns), y to the south (rows).
[bold]Commands[/bold]: [bold]help[/bold]  [bold]board[/bold] (show the board again)  [bold]list[/bold] (every choice, unfolded)  \
[bold]hint[/bold] (the coach's move, and why)  [bold]save FILE[/bold]  [bold]quit[/bold]"""

_SPACE = re.compile(r"(-?\d+),(-?\d+)")
_SPACE_ROT = re.compile(r"(-?\d+),(-?\d+)@(\d+)")


def normalize(text: str) -> str:
    """Forgive case and stray spaces in typed notation: 't2,-1@90' -> 'T2,-1@90',
    'm:trail:s' -> 'M:trail:S', 'd1,0:se=g' -> 'D1,0:SE=G', '+l' -> '+L'."""
    s = "".join(text.split())
    if not s:
        return s
    low = s.lower()
    if low in ("pass", "+none"):
        return low
    if _SPACE_ROT.fullmatch(s):
        return "T" + s
    head = s[0].upper()
    if head == "M":
        parts = s.split(":")
        parts[0] = "M"
        if len(parts) > 1:
            parts[1] = parts[1].lower()
        if len(parts) > 2:
            parts[2] = parts[2].upper()
        return ":".join(parts)
    if head in "DX" and ":" in s:
        where, _, rest = s[1:].partition(":")
        return head + where + ":" + rest.upper()
    if head in "TR":
        return head + s[1:]
    if head == "+":
        return s.upper()
    return s


class SafariPlayLoop(PlayLoop):
    title = "Carcassonne Safari"
    help_text = HELP

    def __init__(self, game, players: list[Any | None], you: int, console: Console, **kw):
        super().__init__(game, players, you, console, **kw)
        self.removed = len(getattr(game, "removed_tiles", ()))

    def make_menu(self):
        return build_menu(self.game)

    def legend(self):
        return legend()

    def turn_title(self) -> str:
        g = self.game
        seat = g.current_player
        turn = len(split_turns(seat_log(g))) + (1 if g.phase_name == "place" else 0)
        title = f"Turn {turn} · your move" if seat == self.you and g.phase_name != "score" else f"Turn {turn}"
        if g.phase_name == "score" and seat == self.you:
            title += f" · seat {g.active_player}'s turn · a scoring choice for you"
        return title

    def show_view(self, menu, full_menu: bool = False) -> None:
        g = self.game
        c = self.console
        c.print(Rule(self.turn_title(), style="cyan"))
        c.print(render_board(g, labels=menu.labels, width=c.width))
        if not self.legend_shown:
            c.print(legend())
            self.legend_shown = True
        c.print(render_status(g, self.names, recent=True, you=self.you))
        c.print(menu.render(full=full_menu))
        self.shown_at = len(g.history)

    def screen_title(self) -> Text:
        t = Text(self.title, style="bold yellow")
        t.append(" · " + self.turn_title(), style="bold")
        return t

    def screen_info(self) -> Text:
        return Text(f"{self.game.tiles_left} tiles left", style="dim")

    def screen_status(self) -> list[Text]:
        return seat_chunks(self.game, self.names, you=self.you)

    def board_view(self, menu) -> BoardView:
        g = self.game
        if g.is_terminal():
            return board_view(g, highlight_last=False)
        return board_view(g, labels=menu.labels if menu is not None else {}, drawn=True)

    def final_view(self):
        return render_final(self.game, self.names, you=self.you)

    def interpret(self, line: str, menu) -> str | None:
        """A menu number, a bare space (one rotation fits), or notation."""
        g = self.game
        if line.isdigit():
            return self.pick(line, menu)
        m = _SPACE.fullmatch(line.replace(" ", ""))
        if m and g.phase_name in ("place", "ranger"):
            x, y = int(m[1]), int(m[2])
            if g.phase_name == "ranger":
                return f"R>{x},{y}"
            fits = [a for a in menu.actions if a.startswith(f"T{x},{y}@")]
            if len(fits) == 1:
                return fits[0]
            if not fits:
                self.say(f"the tile {g.drawn_tile} fits nowhere at {x},{y}", "bold red")
            else:
                opts = ", ".join(f"{a.split('@')[1]}° ({menu.actions.index(a) + 1})" for a in fits)
                self.say(f"at {x},{y} the tile fits turned {opts}: type the number or T{x},{y}@<rotation>",
                         "yellow")
            return None
        return normalize(line)

    def notices(self) -> None:
        removed = getattr(self.game, "removed_tiles", ())
        if len(removed) > self.removed:
            self.printer.flush()
            for name in removed[self.removed:]:
                self.say(f"  tile {name} fits nowhere and is removed from the game", "yellow")
            self.removed = len(removed)

    def rules(self) -> str:
        return f"final scoring '{self.game.final_scoring}'"

    def show_final(self) -> None:
        g = self.game
        c = self.console
        c.print(render_board(g, width=c.width, highlight_last=False))
        c.print(render_final(g, self.names, you=self.you))


def play(game, players: list[Any | None], you: int, console: Console | None = None, **kw) -> int:
    """Play `game` in the terminal; `players[s]` is a computer player, or None for the human `you`.
    On a terminal the game takes the whole screen (see `..screen`), else it prints a transcript."""
    return start(SafariPlayLoop, game, players, you, console, **kw)
