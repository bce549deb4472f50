"""The interactive game loop every game shares: one human seat against computer
players, each game supplying its view, menu, help and notation (its package's
`play`).

Reads one line at a time (from a terminal or a pipe), so tests can drive it.
The human answers with a menu number, the notation of an action, or one of
the commands; an illegal entry prints the engine's message and asks again."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from savanna.limits import PLAYER_CHARS

from .seats import seat_badge


class Quit(Exception):
    """The human asked to stop (quit, end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int = 0):
        super().__init__(message)
        self.code = code


class TurnPrinter:
    """Prints each turn as one line of notation, with the points it scored. A turn
    starts with a tile placement (notation T...); a game with other turns overrides `record`."""

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
    """The loop: computer seats choose, the human types. A game's subclass supplies
    `title`, `help_text`, `make_menu`, `legend`, `show_view`, `interpret`, `rules`
    and `show_final` (and `turn_printer`, `notices` when it needs them)."""

    title = ""
    help_text = ""
    turn_printer = TurnPrinter

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
        self.printer = self.turn_printer(console, self.names, you)
        self.shown_at = -1  # history length when the human last saw the full view
        self.legend_shown = False

    # ------------------------------------------------- what a game supplies

    def make_menu(self):
        raise NotImplementedError

    def legend(self):
        raise NotImplementedError

    def show_view(self, menu, full_menu: bool = False) -> None:
        """The position, the legend the first time, the seats and the menu; sets `shown_at`."""
        raise NotImplementedError

    def interpret(self, line: str, menu) -> str | None:
        """The action a typed line means (None: nothing to play, the reason said)."""
        raise NotImplementedError

    def rules(self) -> str:
        """The game's settings, in words, for the header."""
        raise NotImplementedError

    def show_final(self) -> None:
        raise NotImplementedError

    def notices(self) -> None:
        """Say what the last action did beyond its line (called after every action)."""

    # ------------------------------------------------------------ display

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def header(self) -> None:
        g = self.game
        c = self.console
        c.print(Rule(self.title, style="bold yellow"))
        seats = Text("Seats: ")
        for s in range(g.players):
            seats.append_text(seat_badge(s))
            seats.append(" you  " if s == self.you else f" {self.names[s]}  ")
        seats.append(f"· seed {g.seed} · {self.rules()} · type help for help", "dim")
        c.print(seats)

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

    def pick(self, line: str, menu) -> str | None:
        """The action numbered `line` (digits) in the menu, or None (said why)."""
        a = menu.pick(int(line))
        if a is None:
            self.say(f"no choice {line}: choose 1 to {len(menu.actions)}, or type the action", "bold red")
        return a

    def save(self, path: str, quiet: bool = False) -> bool:
        path = os.path.expanduser(path)
        try:
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(self.game.to_json(seats=self.saved_seats()))
            os.replace(tmp, path)
        except OSError as e:
            self.say(f"could not save to {path}: {e.strerror or e}", "bold red")
            return False
        if not quiet:
            self.say(f"saved to {path}", "green")
        return True

    def saved_seats(self) -> list[dict[str, str]]:
        """Who sits at the game, as a save says it (savanna.saved_games): the human, and each
        computer seat's player spec (its player's name, were the spec longer than a save holds)."""
        def spec(p: Any) -> str:
            text = getattr(p, "spec", None) or p.name
            return text if len(text) <= PLAYER_CHARS else p.name

        return [{"kind": "human"} if p is None else {"kind": "computer", "player": spec(p)} for p in self.players]

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

    # --------------------------------------------------------------- play

    def after_apply(self, turn: int, seat: int, action: str, before: list[int]) -> None:
        self.printer.record(turn, seat, action, before, self.game.scores)
        self.notices()
        if self.save_path:
            self.save(self.save_path, quiet=True)

    def computer_turn(self, seat: int) -> None:
        g = self.game
        action = self.players[seat].choose(g)
        before, turn = g.scores, g.active_player
        g.apply(action)
        self.after_apply(turn, seat, str(action), before)

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
