"""The interactive game loop: one human seat against computer players.

Reads one line at a time (from a terminal or a pipe), so tests can drive it.
The human answers with a menu number, the notation of an action, or one of
the commands; an illegal entry prints the engine's message and asks again."""

from __future__ import annotations

import os
import re
import sys
from typing import Any, Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .board import legend, render_board, render_final, render_status, seat_badge
from ..log import seat_log, split_turns
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
[bold]save FILE[/bold]  [bold]quit[/bold]"""

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


class Quit(Exception):
    """The human asked to stop (quit, end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int = 0):
        super().__init__(message)
        self.code = code


class TurnPrinter:
    """Prints each turn as one line of notation, with the points it scored."""

    def __init__(self, console: Console, names: list[str], you: int | None):
        self.console = console
        self.names = names
        self.you = you
        self.seat: int | None = None
        self.actions: list[tuple[int, str]] = []
        self.before: list[int] = []
        self.after: list[int] = []

    def record(self, turn: int, seat: int, action: str, before: list[int], after: list[int]) -> None:
        """`seat` played `action` in the turn of seat `turn`; `before` and `after` are the scores."""
        if action.startswith("T") or self.seat is None:
            self.flush()
            self.seat = turn
            self.before = before
        self.actions.append((seat, action))
        self.after = after

    def flush(self) -> None:
        if self.seat is None or not self.actions:
            self.seat = None
            return
        s = self.seat
        line = Text("  ")
        line.append_text(seat_badge(s))
        who = "you" if s == self.you else self.names[s]
        line.append(f" {who}: ", "bold")
        for i, (seat, a) in enumerate(self.actions):
            if i:
                line.append("  ")
            line.append(a, "bold" if seat == s else "")
            if seat != s:
                line.append(f" (seat {seat})", "dim")
        gains = [(seat, self.after[seat] - self.before[seat]) for seat in range(len(self.after))
                 if self.after[seat] != self.before[seat]]
        if gains:
            line.append("   ")
            line.append(", ".join(f"{'you' if g[0] == self.you else f'seat {g[0]}'} +{g[1]}" for g in gains), "green")
        self.console.print(line)
        self.seat = None
        self.actions = []


class PlayLoop:
    def __init__(self, game, players: list[Any | None], you: int, console: Console, *,
                 input_fn: Callable[[str], str] = input, echo: bool | None = None, save_path: str | None = None):
        self.game = game
        self.players = players
        self.you = you
        self.console = console
        self.input_fn = input_fn
        self.echo = (not sys.stdin.isatty()) if echo is None else echo
        self.save_path = save_path
        self.names = ["human" if p is None else getattr(p, "name", "computer") for p in players]
        self.printer = TurnPrinter(console, self.names, you)
        self.shown_at = -1  # history length when the human last saw the full view
        self.legend_shown = False
        self.removed = len(getattr(game, "removed_tiles", ()))
        self.help_text = HELP

    # ------------------------------------------------------------ display

    def make_menu(self):
        return build_menu(self.game)

    def legend(self):
        return legend()

    def show_view(self, menu, full_menu: bool = False) -> None:
        g = self.game
        c = self.console
        seat = g.current_player
        turn = len(split_turns(seat_log(g))) + (1 if g.phase_name == "place" else 0)
        title = f"Turn {turn} · your move" if seat == self.you and g.phase_name != "score" else f"Turn {turn}"
        if g.phase_name == "score" and seat == self.you:
            title += f" · seat {g.active_player}'s turn · a scoring choice for you"
        c.print(Rule(title, style="cyan"))
        c.print(render_board(g, labels=menu.labels, width=c.width))
        if not self.legend_shown:
            c.print(legend())
            self.legend_shown = True
        c.print(render_status(g, self.names, recent=True, you=self.you))
        c.print(menu.render(full=full_menu))
        self.shown_at = len(g.history)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    # ------------------------------------------------------------- input

    def read(self, prompt: str) -> str:
        try:
            line = self.input_fn(prompt)
        except EOFError:
            raise Quit("End of input: the game is left unfinished.") from None
        except KeyboardInterrupt:
            raise Quit("Interrupted: the game is left unfinished.", 130) from None
        if self.echo:
            self.console.print(Text(line.rstrip("\n")), highlight=False)
        return line.strip()

    def save(self, path: str, quiet: bool = False) -> bool:
        path = os.path.expanduser(path)
        try:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(self.game.to_json())
            os.replace(tmp, path)
        except OSError as e:
            self.say(f"could not save to {path}: {e.strerror or e}", "bold red")
            return False
        if not quiet:
            self.say(f"saved to {path}", "green")
        return True

    def human_turn(self) -> None:
        g = self.game
        menu = self.make_menu()
        if self.shown_at != len(g.history):
            self.printer.flush()
            self.show_view(menu)
        prompt = f"seat {self.you} › "
        while True:
            line = self.read(prompt)
            if not line:
                self.say("type a number, an action, or help", "dim")
                continue
            word, _, arg = line.partition(" ")
            cmd = word.lower()
            if cmd in ("help", "h", "?"):
                self.console.print(self.help_text, highlight=False)
                self.console.print(self.legend())
                continue
            if cmd in ("board", "b"):
                self.show_view(menu)
                continue
            if cmd in ("list", "l", "ls"):
                self.console.print(menu.render(full=True))
                continue
            if cmd == "save":
                if not arg.strip():
                    self.say("save needs a file name: save FILE", "bold red")
                else:
                    self.save(arg.strip())
                continue
            if cmd in ("quit", "q", "exit"):
                raise Quit("You left the game.")
            action = self.interpret(line, menu)
            if action is None:
                continue
            before, turn = g.scores, g.active_player
            try:
                g.apply(action)
            except ValueError as e:
                self.say(str(e), "bold red")
                continue
            self.after_apply(turn, self.you, str(action), before)
            return

    def interpret(self, line: str, menu) -> str | None:
        """A menu number, a bare space (one rotation fits), or notation."""
        g = self.game
        if line.isdigit():
            a = menu.pick(int(line))
            if a is None:
                self.say(f"no choice {line}: choose 1 to {len(menu.actions)}, or type the action", "bold red")
            return a
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

    # --------------------------------------------------------------- play

    def after_apply(self, turn: int, seat: int, action: str, before: list[int]) -> None:
        g = self.game
        self.printer.record(turn, seat, action, before, g.scores)
        removed = getattr(g, "removed_tiles", ())
        if len(removed) > self.removed:
            self.printer.flush()
            for name in removed[self.removed:]:
                self.say(f"  tile {name} fits nowhere and is removed from the game", "yellow")
            self.removed = len(removed)
        if self.save_path:
            self.save(self.save_path, quiet=True)

    def computer_turn(self, seat: int) -> None:
        g = self.game
        action = self.players[seat].choose(g)
        before, turn = g.scores, g.active_player
        g.apply(action)
        self.after_apply(turn, seat, str(action), before)

    def header(self) -> None:
        g = self.game
        c = self.console
        c.print(Rule("Carcassonne Safari", style="bold yellow"))
        seats = Text("Seats: ")
        for s in range(g.players):
            seats.append_text(seat_badge(s))
            seats.append(" you  " if s == self.you else f" {self.names[s]}  ")
        seats.append(f"· seed {g.seed} · final scoring '{g.final_scoring}' · type help for help", "dim")
        c.print(seats)

    def show_final(self) -> None:
        g = self.game
        c = self.console
        c.print(render_board(g, width=c.width, highlight_last=False))
        c.print(render_final(g, self.names, you=self.you))

    def run(self) -> int:
        g = self.game
        c = self.console
        self.header()
        try:
            while not g.is_terminal():
                seat = g.current_player
                if seat == self.you:
                    self.human_turn()
                else:
                    self.computer_turn(seat)
        except Quit as q:
            self.printer.flush()
            self.say(str(q), "bold yellow")
            if self.save_path:
                if self.save(self.save_path, quiet=True):
                    self.say(f"The game so far is saved in {self.save_path}.", "yellow")
            return q.code
        self.printer.flush()
        c.print(Rule("Game over", style="bold yellow"))
        self.show_final()
        if self.save_path and self.save(self.save_path, quiet=True):
            self.say(f"The game is saved in {self.save_path}.", "dim")
        return 0


def play(game, players: list[Any | None], you: int, console: Console | None = None, **kw) -> int:
    """Play `game` in the terminal; `players[s]` is a computer player, or None for the human `you`."""
    return PlayLoop(game, players, you, console or Console(), **kw).run()
