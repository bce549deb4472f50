"""Playing Africa in the terminal: the shared game loop (`..loop`) with Africa's
map, holdings, menu, help and notation."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, Group
from rich.rule import Rule
from rich.text import Text

from ..loop import PlayLoop, TurnPrinter, start
from ..screen import BoardView
from .board import legend, map_info, map_view, render_final, render_holdings, render_map, seat_chunks
from .menu import build_menu, offered_spaces

HELP = """\
[bold]On your turn[/bold] type a [bold cyan]number[/bold cyan] from the list, or an action in notation. A space is named
by its column letter and row number ([bold]g3[/bold]); a bare space name picks the one action on offer there.
A turn is either a [bold]jump[/bold] anywhere (then [bold]J<space>[/bold]), or two rounds of a step and an action:
  [bold]Sg3[/bold]        step the explorer to g3 (0, 1 or 2 spaces, never onto or across a face-down tile
             or another explorer; your own space: stay)
  [bold]Dg4[/bold]        discover the face-down tile on g4, next to the explorer: gold and gems score 1 or 2,
             an object is yours (you may exchange it), an animal scores 1 + its kind around it,
             nomads score the empty spaces around them, a monument gives you a base camp
  [bold]Ag4[/bold] / [bold]Ng4[/bold]  move the face-up animal / nomads on or next to the explorer, then [bold]>h5[/bold] where to
  [bold]B+[/bold]         a base camp on your space: 1 point per face-up animal, nomads or monument around it
  [bold]B$[/bold]         a base camp on your space that takes the face-up gold and gems around it
  [bold]pass[/bold]       no action after this step
  [bold]E1:robe[/bold]    give the object you just found for seat 1's robe ([bold]E1:robe*[/bold]: all their robes); [bold]keep[/bold]: no exchange
At the end, objects score by sets of like kinds (1, 3, 5, 8, 12), most gold and most gems 10, second 6.
The game ends when the last monument is turned (+3 to its finder).
[bold]Commands[/bold]: [bold]help[/bold]  [bold]board[/bold] (show the map again)  [bold]list[/bold] (every choice, unfolded)  \
[bold]hint[/bold] (the coach's move, and why)  [bold]save FILE[/bold]  [bold]quit[/bold]"""

_SPACE = re.compile(r"[a-z][1-9][0-9]?")
_SPACE_ACTION = re.compile(r"[psjdan>][a-z][1-9][0-9]?")


def normalize(text: str) -> str:
    """Forgive case and stray spaces: 'sg3' -> 'Sg3', 'b$' -> 'B$', 'e1:Robe' -> 'E1:robe', 'PASS' -> 'pass'."""
    s = "".join(text.split())
    low = s.lower()
    if low in ("pass", "jump", "keep"):
        return low
    if _SPACE_ACTION.fullmatch(low):
        return low[0].upper() + low[1:] if low[0] != ">" else low
    if low in ("b+", "b$"):
        return low.upper()
    if low.startswith("e") and ":" in low:
        return "E" + low[1:]
    return s


class AfricaTurns(TurnPrinter):
    """A turn is every action of the seat whose turn it is (the set-up: one placement each)."""

    def record(self, turn: int, seat: int, action: str, before: list[int], after: list[int]) -> None:
        if self.seat is None or turn != self.seat or action.startswith("P"):
            self.flush()
            self.seat = turn
            self.before = before
        self.actions.append((seat, action))
        self.after = after


class AfricaPlayLoop(PlayLoop):
    title = "Africa"
    help_text = HELP
    turn_printer = AfricaTurns

    def make_menu(self):
        return build_menu(self.game)

    def legend(self):
        return legend()

    def turn_title(self) -> str:
        g = self.game
        title = f"Turn {g.turn + 1}"
        if g.current_player == self.you:
            title += " · your move" + (f" · step {g.step_number}" if g.phase_name in ("move", "action") else "")
        return title

    def show_view(self, menu, full_menu: bool = False) -> None:
        g = self.game
        c = self.console
        c.print(Rule(self.turn_title(), style="cyan"))
        c.print(render_map(g, offered_spaces(menu.actions)))
        if not self.legend_shown:
            c.print(legend())
            self.legend_shown = True
        c.print(render_holdings(g, self.names, self.you))
        c.print(menu.render(full=full_menu))
        self.shown_at = len(g.history)

    def screen_title(self) -> Text:
        t = Text(self.title, style="bold yellow")
        t.append(" · " + self.turn_title(), style="bold")
        return t

    def screen_info(self) -> Text:
        return map_info(self.game)

    def screen_status(self) -> list[Text]:
        return seat_chunks(self.game, self.names, self.you)

    def board_view(self, menu) -> BoardView:
        return map_view(self.game, offered_spaces(menu.actions) if menu is not None else frozenset())

    def final_view(self):
        return Group(render_holdings(self.game, self.names, self.you, everything=True),
                     render_final(self.game, self.names, you=self.you))

    def interpret(self, line: str, menu) -> str | None:
        if line.isdigit():
            return self.pick(line, menu)
        low = "".join(line.split()).lower()
        if _SPACE.fullmatch(low):
            here = [a for a in menu.actions if a[1:] == low]
            if len(here) == 1:
                return here[0]
            self.say(f"no action on offer names {low}" if not here else
                     f"on {low}: {', '.join(here)}; type one of them", "bold red")
            return None
        return normalize(line)

    def rules(self) -> str:
        return "hidden treasure" if self.game.hidden_treasure else "treasure in view"

    def show_final(self) -> None:
        g = self.game
        c = self.console
        c.print(render_map(g))
        c.print(render_holdings(g, self.names, self.you, everything=True))
        c.print(render_final(g, self.names, you=self.you))


def play(game, players: list[Any | None], you: int, console: Console | None = None, **kw) -> int:
    """Play a game of Africa in the terminal; `players[s]` is a computer player, or None for the human `you`.
    On a terminal the game takes the whole screen (see `..screen`), else it prints a transcript."""
    return start(AfricaPlayLoop, game, players, you, console, **kw)
