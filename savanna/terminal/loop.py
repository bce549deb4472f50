"""The interactive game loop every game shares: one human seat against computer
players, each game supplying its view, menu, help and notation (its package's
`play`).

The human answers with a menu number, the notation of an action, or one of
the commands; an illegal entry says the engine's message and asks again.

Two ways to show it. On a terminal (see `screen.available`) the game takes the
whole screen: each frame fits it (the board around the last move, scrollable,
the status, the last moves, the choices paged) and is laid out again when the
terminal changes size. Piped or redirected, it prints a transcript and reads
one line at a time, so tests and scripts can drive it."""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable

from rich.console import Console, Group
from rich.rule import Rule
from rich.text import Text

from savanna import leaving
from savanna.limits import PLAYER_CHARS

from . import screen as scr
from .seats import seat_badge

HINT_THINK = 1.0  # seconds a hint searches: the strongest level's ("hard") time for a move

SCREEN_KEYS = """\
[bold]Keys[/bold]: the arrow keys scroll the board, Home (or the line [bold]c[/bold]) centres it on the last \
move again; [bold]more[/bold] (or PgDn, PgUp) pages through the choices; \
[bold]board[/bold] shows the board on the whole screen, Enter comes back. Ctrl-U clears the line."""


class Quit(Exception):
    """The human asked to stop (quit, end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int = 0):
        super().__init__(message)
        self.code = code


class TurnPrinter:
    """Prints each turn as one line of notation, with the points it scored. A turn
    starts with a tile placement (notation T...); a game with other turns overrides `record`."""

    def __init__(self, console: Console, names: list[str], you: int | None, keep: bool = False):
        self.console = console
        self.names = names
        self.you = you
        self.keep = keep  # keep the lines (in `lines`) instead of printing them
        self.lines: list[Text] = []
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
        line = self.current()
        self.seat = None
        self.actions = []
        if line is None:
            return
        if self.keep:
            self.lines.append(line)
        else:
            self.console.print(line)

    def recent(self, n: int) -> list[Text]:
        """The last `n` turns' lines, the turn under way last (kept lines only)."""
        now = self.current()
        return (self.lines + ([now] if now is not None else []))[-n:] if n > 0 else []

    def current(self) -> Text | None:
        """The line of the turn under way (None before its first action)."""
        if self.seat is None or not self.actions:
            return None
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
        return line


class PlayLoop:
    """The loop: computer seats choose, the human types. A game's subclass supplies
    `title`, `help_text`, `make_menu`, `legend`, `show_view`, `interpret`, `rules`
    and `show_final` (and `turn_printer`, `notices` when it needs them); for the full
    screen, `screen_title`, `screen_info`, `screen_status`, `board_view` and `final_view`."""

    title = ""
    help_text = ""
    turn_printer = TurnPrinter

    def __init__(self, game, players: list[Any | None], you: int, console: Console, *,
                 input_fn: Callable[[str], str] = input, echo: bool | None = None, save_path: str | None = None,
                 screen: scr.Screen | None = None, hints: list[dict[str, int]] | None = None,
                 hint_think: float | None = None):
        self.game = game
        self.players = players
        self.you = you
        self.console = console
        self.input_fn = input_fn
        self.echo = (not sys.stdin.isatty()) if echo is None else echo
        self.save_path = save_path
        self.names = ["human" if p is None else getattr(p, "name", "computer") for p in players]
        self.screen = screen
        self.printer = self.turn_printer(console, self.names, you, keep=screen is not None)
        self.shown_at = -1  # history length when the human last saw the full view
        self.legend_shown = False
        # the full screen's state: the menu on offer, what is said, the board's pan from its focus,
        # the page of choices, the board on the whole screen, help or the whole list over the game
        self.menu = None
        self.messages: list[Text] = []
        self.pan: tuple[int, int] = (0, 0)
        self.focus: tuple[int, int] | None = None
        self.page = 0
        self.zoom = False
        self.overlay: list[Text] | None = None
        self.overlay_page = 0
        self.hints = list(hints or [])  # the coach's hints given: {"seat", "moves"}, as a save keeps them
        self.hint_think = HINT_THINK if hint_think is None else hint_think

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

    def screen_title(self) -> Text:
        """The full screen's first line: the game, the turn, whose move."""
        return Text(self.title, style="bold yellow")

    def screen_info(self) -> Text:
        """What the first line shows at its end (tiles left, ...)."""
        return Text()

    def screen_status(self) -> list[Text]:
        """The seats, a few words each (packed into lines to the screen's width)."""
        return []

    def board_view(self, menu) -> scr.BoardView:
        """The board for the screen (`menu`: the choices on offer, or None)."""
        raise NotImplementedError

    def final_view(self):
        """What the end shows under the board (a renderable)."""
        raise NotImplementedError

    # ------------------------------------------------------------ display

    def say(self, text: str, style: str = "") -> None:
        if self.screen is not None and self.screen.is_open:
            self.messages.append(Text(text, style=style))
        else:
            self.console.print(Text(text, style=style))

    def header(self) -> None:
        self.console.print(Rule(self.title, style="bold yellow"))
        self.console.print(self.seats_line())

    def seats_line(self) -> Text:
        g = self.game
        seats = Text("Seats: ")
        for s in range(g.players):
            seats.append_text(seat_badge(s))
            seats.append(" you  " if s == self.you else f" {self.names[s]}  ")
        seats.append(f"· seed {g.seed} · {self.rules()} · type help for help", "dim")
        return seats

    # -------------------------------------------------------- full screen

    def frame(self, width: int, height: int) -> list[Text]:
        """The screen's lines above the prompt, laid out for `width` x `height`: the title and
        the seats; the board (around its focus, moved by the pan) with the tile to place beside
        it; the last moves; the choices, paged; what was said, or the keys. Help and the whole
        list take the place of the board and the choices; `board` gives the board the room."""
        room = height - 1
        head = [scr.spread(self.screen_title(), self.screen_info(), width)]
        head += scr.pack(self.screen_status(), width)
        head = head[:max(1, room // 3)]
        said = scr.lines_of(self.console, Text(" · ").join(self.messages), width)[:3] if self.messages else []
        rest = room - len(head) - max(1, len(said))
        if self.overlay is not None:
            body, self.overlay_page, pages = scr.page_lines(self.overlay, rest, self.overlay_page)
            hint = Text("Enter: back to the game" + (" · more (or PgDn): the next page" if pages > 1 else ""),
                        style="dim")
        else:
            body, hint = self._game_body(width, rest, height)
        body += [Text()] * (rest - len(body))
        return head + body + (said or [hint])

    def _game_body(self, width: int, rest: int, height: int) -> tuple[list[Text], Text]:
        view = self.board_view(self.menu)
        if view.grid.focus != self.focus:  # a new move: the view follows it
            self.focus, self.pan = view.grid.focus, (0, 0)
        if self.zoom or self.menu is None:
            board, win = view.lay_out(width, rest, self.pan)
            self.pan = win.pan
            log = [] if self.zoom else self.printer.recent(min(4, max(0, rest - len(board))))
            return board + [scr.crop(t, width) for t in log], scr.key_hints(win, width=width)
        log = [scr.crop(t, width) for t in self.printer.recent(2 if height < 32 else 4)]
        rest -= len(log)
        full = scr.lines_of(self.console, self.menu.render(full=True, width=width), width)
        folded = scr.lines_of(self.console, self.menu.render(full=False, unfold="more", width=width), width)
        want = min(len(full), max(4, rest * 2 // 5))  # the choices keep some lines, the board the rest
        board_h = min(view.lines_whole(), max(0, rest - want))
        if board_h < view.lines_whole():
            board_h = max(scr.snap(view.grid, board_h), min(len(view.side), board_h))
        board, win = view.lay_out(width, board_h, self.pan)
        self.pan = win.pan
        choices, self.page, pages = scr.page_lines(full, rest - len(board), self.page, summary=folded)
        return board + log + choices, scr.key_hints(win, f"{self.page + 1}/{pages}" if pages > 1 else "", width=width)

    def on_key(self, key: str) -> bool:
        """A key that is not for the line: scroll, page, centre (True: draw the frame again)."""
        if key in scr.SCROLL_KEYS:
            self.scroll(*scr.SCROLL_KEYS[key])
        elif key in ("pgdn", "pgup"):
            step = 1 if key == "pgdn" else -1
            if self.overlay is not None:
                self.overlay_page += step
            else:
                self.page += step
        elif key == "home":
            self.pan = (0, 0)
        elif key == "esc" and (self.overlay is not None or self.zoom):
            self.overlay, self.zoom = None, False
        else:
            return False
        return True

    def scroll(self, dx: int, dy: int) -> None:
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)

    def screen_command(self, line: str) -> bool:
        """The screen's own commands: more (the next page), c (centre the board); and any
        line closes help, the whole list or the board on the whole screen (an empty one only
        does that). True when `line` was one of them."""
        low = line.lower()
        if low in ("more", "m"):
            if self.overlay is not None:
                self.overlay_page += 1
            else:
                self.page += 1
            return True
        if low == "c":
            self.pan = (0, 0)
            return True
        if self.overlay is not None or self.zoom:
            self.overlay, self.zoom = None, False
            return not low
        return False

    def show_lines(self, renderable) -> None:
        """Help or the whole list, over the game until the next line."""
        assert self.screen is not None  # (the full screen's)
        self.overlay = scr.lines_of(self.console, renderable, self.screen.size()[0])
        self.overlay_page = 0

    def waiting(self, seat: int) -> None:
        """While computers play: their moves on the screen, now and then."""
        if self.screen is None or time.monotonic() - self.screen.shown_at < 0.15:
            return
        self.menu = None
        self.screen.show(self.frame, Text(f"seat {seat} ({self.names[seat]}) is playing…", style="dim"))

    def end_screen(self) -> None:
        """The end on the whole screen: the board (scrollable) and the final scores, until Enter."""
        assert self.screen is not None  # (the full screen's)
        self.menu, self.zoom, self.overlay = None, False, None
        final = self.final_view()

        def frame(width: int, height: int) -> list[Text]:
            room = height - 2  # the keys' line and the prompt below
            head = [scr.spread(Text(f"{self.title}: game over", style="bold yellow"), self.screen_info(), width)]
            end = scr.lines_of(self.console, final, width)
            view = self.board_view(None)
            if view.grid.focus != self.focus:
                self.focus, self.pan = view.grid.focus, (0, 0)
            board_h = max(0, min(view.lines_whole(), room - len(head) - len(end)))
            if board_h < view.lines_whole():
                board_h = scr.snap(view.grid, board_h) if board_h >= view.grid.margin_h + view.grid.cell_h else 0
            board, win = view.lay_out(width, board_h, self.pan) if board_h else ([], None)
            if win is not None:
                self.pan = win.pan
            body = (head + board + end)[:room]
            return body + [Text()] * (room - len(body)) + [scr.key_hints(win, "", end=True, width=width)]

        prompt = Text("Enter: leave › ", style="bold")
        try:
            while True:
                line = self.screen.read_line(prompt, frame, self.on_key).strip().lower()
                if line == "c":
                    self.pan = (0, 0)
                else:
                    return
        except (EOFError, KeyboardInterrupt):
            return

    # ------------------------------------------------------------- input

    def read(self, prompt: str) -> str:
        try:
            if self.screen is not None:
                line = self.screen.read_line(Text(prompt, style="bold"), self.frame, self.on_key)
            else:
                line = self.input_fn(prompt)
        except EOFError:
            raise Quit("End of input: the game is left unfinished.") from None
        except KeyboardInterrupt:
            raise Quit("Interrupted: the game is left unfinished.", 130) from None
        if self.echo and self.screen is None:
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
                f.write(self.game.to_json(seats=self.saved_seats(), hints=self.hints or None))
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
        self.menu, self.page = menu, 0
        if self.screen is None and self.shown_at != len(g.history):
            self.printer.flush()
            self.show_view(menu)
        prompt = f"seat {self.you} › "
        while True:
            line = self.read(prompt)
            if self.screen is not None:
                self.messages = []
                if self.screen_command(line):
                    continue
            if not line:
                self.say("type a number, an action, or help", "dim")
                continue
            word, _, arg = line.partition(" ")
            cmd = word.lower()
            if cmd in ("help", "h", "?"):
                if self.screen is not None:
                    self.show_lines(Group(self.seats_line(), Text.from_markup(self.help_text), self.legend(),
                                          Text.from_markup(SCREEN_KEYS)))
                    continue
                self.console.print(self.help_text, highlight=False)
                self.console.print(self.legend())
                continue
            if cmd in ("board", "b"):
                if self.screen is not None:
                    self.zoom = True
                else:
                    self.show_view(menu)
                continue
            if cmd in ("list", "l", "ls"):
                if self.screen is not None:
                    self.show_lines(menu.render(full=True))
                else:
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
            if cmd == "hint":
                self.give_hint()
                continue
            action = self.interpret(line, menu)
            if action is None:
                continue
            if str(action).strip() == leaving.ACTION:  # (the engines take it from a server's flag fall only)
                self.say(f"{leaving.ACTION!r} is not a move: to leave the game, type quit", "bold red")
                continue
            before, turn = g.scores, g.active_player
            try:
                g.apply(action)
            except ValueError as e:
                self.say(str(e), "bold red")
                continue
            self.after_apply(turn, self.you, str(action), before)
            return

    def give_hint(self) -> None:
        """The coach's hint for the seat to act (the human): the best move found in `hint_think`
        seconds, why, and the next best; noted in the game (a save keeps it)."""
        from savanna.coach import hint

        from .coach import render_hint

        g = self.game
        if self.screen is None:
            self.console.print(Text(f"thinking for {self.hint_think:g} s…", style="dim"))
        else:
            self.screen.show(self.frame, Text(f"thinking for {self.hint_think:g} s…", style="dim"))
        h = hint(g, time=self.hint_think)
        self.hints.append({"seat": self.you, "moves": len(g.history)})
        used = sum(1 for x in self.hints if x["seat"] == self.you)
        shown = render_hint(g, h, used)
        if self.screen is not None:
            self.show_lines(shown)
        else:
            self.console.print(shown)
        if self.save_path:
            self.save(self.save_path, quiet=True)

    # --------------------------------------------------------------- play

    def after_apply(self, turn: int, seat: int, action: str, before: list[int]) -> None:
        self.printer.record(turn, seat, action, before, self.game.scores)
        self.notices()
        if self.save_path:
            self.save(self.save_path, quiet=True)

    def computer_turn(self, seat: int) -> None:
        g = self.game
        self.waiting(seat)
        player = self.players[seat]
        assert player is not None  # (a computer's seat)
        action = player.choose(g)
        before, turn = g.scores, g.active_player
        g.apply(action)
        self.after_apply(turn, seat, str(action), before)

    def run(self) -> int:
        g = self.game
        c = self.console
        if self.screen is None:
            self.header()
        else:
            self.screen.open()
        stopped: Quit | None = None
        try:
            try:
                while not g.is_terminal():
                    seat = g.current_player
                    if seat == self.you:
                        self.human_turn()
                    else:
                        self.computer_turn(seat)
            except Quit as q:
                stopped = q
            self.printer.flush()
            if stopped is None and self.screen is not None:
                self.end_screen()
        finally:
            if self.screen is not None:
                self.screen.close()
        if stopped is not None:
            self.say(str(stopped), "bold yellow")
            if self.save_path:
                if self.save(self.save_path, quiet=True):
                    self.say(f"The game so far is saved in {self.save_path}.", "yellow")
            return stopped.code
        if self.screen is not None:
            c.print(Rule(f"{self.title}: game over", style="bold yellow"))
            c.print(self.final_view())
        else:
            c.print(Rule("Game over", style="bold yellow"))
            self.show_final()
        if self.save_path and self.save(self.save_path, quiet=True):
            self.say(f"The game is saved in {self.save_path}.", "dim")
        return 0


def start(loop_class: type[PlayLoop], game, players: list[Any | None], you: int, console: Console | None = None,
          **kw) -> int:
    """Run `loop_class`'s game: on a terminal the game takes the whole screen (see `.screen`),
    else it prints a transcript."""
    console = console or Console()
    if "screen" not in kw and scr.available(console, kw.get("input_fn")):
        kw["screen"] = scr.Screen.for_terminal(console)
    return loop_class(game, players, you, console, **kw).run()
