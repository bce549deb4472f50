"""The full-screen terminal, the same for every game: whole frames drawn on the
terminal's alternate screen, each exactly as tall as the terminal and never
wider, re-laid out when its size changes; a prompt line read key by key, where
the arrow keys scroll the board at any time; and what the frames are made of
(rich renderables cut into lines, a board's window, lines packed or paged).

A game's play loop uses it when both its input and its output are a
terminal (`available`); piped and redirected use keeps printing a transcript.
`Screen` takes its keys from any source with `read(timeout)`, so tests drive it
with scripted keys at a fixed size."""

from __future__ import annotations

import codecs
import os
import re
import select
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from rich.console import Console
from rich.text import Text

# ---------------------------------------------------------------- the keys

# what the arrow keys scroll (a cell a key)
SCROLL_KEYS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
_ESCAPES = {
    "A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end",
    "1~": "home", "7~": "home", "4~": "end", "8~": "end", "5~": "pgup", "6~": "pgdn", "3~": "delete",
}
_CONTROL = {"\r": "enter", "\n": "enter", "\x7f": "backspace", "\x08": "backspace", "\x04": "ctrl-d",
            "\x15": "ctrl-u", "\x17": "ctrl-w", "\x0c": "ctrl-l", "\t": "tab", "\x1b": "esc"}
_TOKEN = re.compile(r"\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|.", re.DOTALL)


def key_names(text: str) -> list[str]:
    """The keys typed in `text`: printable characters as themselves, the others by name
    ('enter', 'backspace', 'up', 'pgdn', 'esc', 'ctrl-d', ...)."""
    keys = []
    for tok in _TOKEN.findall(text):
        if len(tok) > 1:  # an escape sequence: its end names the key (modifiers ignored)
            body = tok[2:]
            name = body[:-1].split(";")[0] + "~" if body.endswith("~") else body[-1]
            keys.append(_ESCAPES.get(name, "unknown"))
        elif tok in _CONTROL:
            keys.append(_CONTROL[tok])
        elif tok.isprintable():
            keys.append(tok)
        elif tok == "\x03":
            raise KeyboardInterrupt
    return keys


class TerminalKeys:
    """Keys from the terminal on `fd`, read in cbreak mode (no echo, a key at a time;
    Ctrl-C still interrupts) while the object is entered."""

    def __init__(self, fd: int):
        self.fd = fd
        self.saved: list[Any] | None = None  # termios attributes, restored on leaving
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.pending = ""

    def __enter__(self) -> "TerminalKeys":
        import termios
        import tty

        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc) -> None:
        import termios

        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
            self.saved = None

    def read(self, timeout: float) -> list[str] | None:
        """The keys typed within `timeout` seconds ([] if none); raises EOFError when the
        terminal is gone."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        data = os.read(self.fd, 1024)
        if not data:
            raise EOFError
        text = self.pending + self.decoder.decode(data)
        # an escape sequence cut between two reads: wait a moment for its end
        while re.search(r"\x1b(\[[0-9;]*|O)?$", text) and select.select([self.fd], [], [], 0.05)[0]:
            more = os.read(self.fd, 1024)
            if not more:
                break
            text += self.decoder.decode(more)
        self.pending = ""
        return key_names(text)


class ScriptedKeys:
    """Keys from a list (for tests): each item is a key name or a string of characters
    typed; `None` stands for a pause in which the screen may change size (see `sizes`).
    At the end of the script: EOFError, as at the end of piped input."""

    def __init__(self, script: Iterable[str | None], sizes: Iterable[tuple[int, int]] = ()):
        self.script = list(script)
        self.sizes = list(sizes)
        self.screen: Screen | None = None

    def __enter__(self) -> "ScriptedKeys":
        return self

    def __exit__(self, *exc) -> None:
        pass

    def read(self, timeout: float) -> list[str]:
        if not self.script:
            raise EOFError
        item = self.script.pop(0)
        if item is None:
            if self.sizes and self.screen is not None:
                self.screen.fixed_size = self.sizes.pop(0)
            return []
        if item in _NAMED:
            return [item]
        return list(item)


_NAMED = set(_ESCAPES.values()) | set(_CONTROL.values()) | {"unknown"}


def available(console: Console, input_fn=None) -> bool:
    """Whether to play full screen: input and output are a terminal (not a dumb one),
    the keys can be read one by one (POSIX), input is not replaced, and SAVANNA_TERMINAL
    does not ask for 'plain' (a transcript, as when piped)."""
    if os.environ.get("SAVANNA_TERMINAL", "").lower() == "plain":
        return False
    if input_fn is not None and input_fn is not input:
        return False
    try:
        import termios  # noqa: F401
    except ImportError:  # pragma: no cover - not POSIX
        return False
    try:
        tty_in = sys.stdin.isatty()
    except (AttributeError, ValueError):
        tty_in = False
    return tty_in and console.is_terminal and not console.is_dumb_terminal


# ------------------------------------------------------------- the screen

class Screen:
    """Draws frames on the whole terminal and reads the prompt's line.

    A frame is a function of the size, `(width, height) -> lines`: it is called again
    whenever the terminal changes size, so what it shows is always laid out for it.
    Lines beyond the height are cut off, never scrolled."""

    POLL = 0.2  # seconds between looks at the terminal's size while waiting for a key

    def __init__(self, console: Console, keys=None, size: tuple[int, int] | None = None, record: bool = False):
        self.console = console
        self.keys = keys
        self.fixed_size = size
        if isinstance(keys, ScriptedKeys):
            keys.screen = self
        self.record = record
        self.frames: list[list[str]] = []  # with `record`: every frame drawn, as plain lines
        self.is_open = False
        self._drawn: tuple | None = None
        self.shown_at = 0.0  # when the last whole frame was drawn (time.monotonic)

    @classmethod
    def for_terminal(cls, console: Console) -> "Screen":
        return cls(console, TerminalKeys(sys.stdin.fileno()))

    def size(self) -> tuple[int, int]:
        """The terminal's real size (re-read every time), at least 20 x 8."""
        if self.fixed_size is not None:
            w, h = self.fixed_size
        else:
            try:
                w, h = os.get_terminal_size(self.console.file.fileno())
            except (AttributeError, ValueError, OSError):
                w, h = self.console.size
        return max(20, w), max(8, h)

    # ------------------------------------------------------ open and close

    def __enter__(self) -> "Screen":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> None:
        if self.is_open:
            return
        if self.keys is not None:
            self.keys.__enter__()
        self._write("\x1b[?1049h\x1b[H\x1b[2J")  # the alternate screen, as full-screen programs use
        self.is_open = True

    def close(self) -> None:
        if not self.is_open:
            return
        self.is_open = False
        self._write("\x1b[?25h\x1b[?1049l")
        if self.keys is not None:
            self.keys.__exit__(None, None, None)

    @property
    def writes(self) -> bool:
        """Whether frames go to the terminal (not when a test records them from scripted keys)."""
        return not self.record or isinstance(self.keys, TerminalKeys)

    def _write(self, data: str) -> None:
        if not self.writes:
            return
        f = self.console.file
        f.write(data)
        f.flush()

    # -------------------------------------------------------------- draw

    def ansi(self, line: Text) -> str:
        with self.console.capture() as cap:
            self.console.print(line, end="", soft_wrap=True, highlight=False)
        return cap.get()

    def draw(self, lines: Sequence[Text], prompt: Text | str = "", buffer: str = "") -> None:
        """Draw `lines` from the top (cut to the screen), the prompt and its line on the last row."""
        w, h = self.size()
        body = [crop(line, w) for line in list(lines)[:h - 1]]
        body += [Text()] * (h - 1 - len(body))
        last = prompt_line(prompt, buffer, w)
        if self.record:
            self.frames.append([line.plain for line in body] + [last.plain])
        if not self.writes:
            return
        out = ["\x1b[?25l"]
        for row, line in enumerate(body + [last]):
            out.append(f"\x1b[{row + 1};1H")
            out.append(self.ansi(line))
            if line.cell_len < w:
                out.append("\x1b[K")
        out.append("\x1b[?25h")
        self._write("".join(out))

    def show(self, frame: Callable[[int, int], list[Text]], prompt: Text | str = "", buffer: str = "") -> None:
        w, h = self.size()
        self._drawn = (w, h)
        self.shown_at = time.monotonic()
        self.draw(frame(w, h), prompt, buffer)

    # -------------------------------------------------------------- read

    def read_line(self, prompt: Text | str, frame: Callable[[int, int], list[Text]],
                  on_key: Callable[[str], bool] | None = None, buffer: str = "") -> str:
        """A line typed at the prompt under `frame`. Keys that are not for the line go to
        `on_key` (True: the frame changed, draw it again). Enter ends the line; Ctrl-D on an
        empty line is the end of input (EOFError); Ctrl-C raises KeyboardInterrupt."""
        self.show(frame, prompt, buffer)
        while True:
            keys = self.keys.read(self.POLL)
            redraw = self.size() != self._drawn
            for key in keys:
                if key == "enter":
                    self.draw_prompt(prompt, buffer)
                    return buffer
                if key == "backspace":
                    buffer = buffer[:-1]
                elif key == "ctrl-u" or key == "esc":
                    buffer = ""
                elif key == "ctrl-w":
                    buffer = buffer.rstrip().rpartition(" ")[0]
                elif key == "ctrl-d":
                    if not buffer:
                        raise EOFError
                elif key == "ctrl-l":
                    redraw = True
                elif len(key) == 1:
                    buffer += key
                elif on_key is not None and on_key(key):
                    redraw = True
            if redraw:
                self.show(frame, prompt, buffer)
            else:
                self.draw_prompt(prompt, buffer)

    def draw_prompt(self, prompt: Text | str, buffer: str) -> None:
        w, h = self.size()
        last = prompt_line(prompt, buffer, w)
        if self.record:
            if self.frames:
                self.frames[-1][-1] = last.plain
        self._write(f"\x1b[{h};1H" + self.ansi(last) + "\x1b[K")


def prompt_line(prompt: Text | str, buffer: str, width: int) -> Text:
    """The prompt and what was typed after it; a long line shows its end."""
    line = prompt.copy() if isinstance(prompt, Text) else Text(prompt, style="bold")
    room = width - 1 - line.cell_len
    shown = buffer if len(buffer) <= room else "…" + buffer[-(room - 1):] if room > 1 else ""
    line.append(shown)
    return crop(line, width - 1)


# ------------------------------------------------------------------ lines

def crop(line: Text, width: int) -> Text:
    """`line` cut to `width` cells (a copy, on one line)."""
    line = line.copy()
    line.no_wrap = True
    if line.cell_len > width:
        line.truncate(width, overflow="crop")
    return line


def lines_of(console: Console, renderable, width: int) -> list[Text]:
    """`renderable` laid out `width` cells wide, as lines of text (with their styles)."""
    options = console.options.update(width=width, min_width=width, max_width=width, height=None,
                                     no_wrap=False, overflow="fold")
    out = []
    for segments in console.render_lines(renderable, options, pad=False):
        t = Text(no_wrap=True)
        for seg in segments:
            if not seg.control:
                t.append(seg.text, seg.style)
        t.rstrip()
        out.append(t)
    return out


def pack(chunks: Sequence[Text], width: int, sep: str = "   ") -> list[Text]:
    """Chunks side by side, as many to a line as fit `width` (a chunk too long is cut)."""
    lines: list[Text] = []
    line = Text()
    for chunk in chunks:
        if line.cell_len and line.cell_len + len(sep) + chunk.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(sep)
        line.append_text(chunk)
    if line.cell_len or not lines:
        lines.append(line)
    return [crop(t, width) for t in lines]


def beside(left: list[Text], right: list[Text], left_width: int, gap: int = 2) -> list[Text]:
    """Two columns of lines: `left` padded to `left_width`, then `right`."""
    out = []
    for i in range(max(len(left), len(right))):
        t = crop(left[i], left_width) if i < len(left) else Text()
        if i < len(right):
            t.pad_right(left_width + gap - t.cell_len)
            t.append_text(right[i])
        out.append(t)
    return out


def spread(left: Text, right: Text, width: int) -> Text:
    """`left`, and `right` at the end of the line when both fit (else `left` alone)."""
    room = width - left.cell_len - right.cell_len
    if room < 2:
        return crop(left, width)
    t = left.copy()
    t.append(" " * room)
    t.append_text(right)
    return t


# ------------------------------------------------------------ board views

@dataclass
class Grid:
    """A board in cells (tiles, spaces): columns x0..x1 and rows y0..y1 (inclusive), each
    cell `cell_w` characters by `cell_h` lines, with `margin_w` characters before the cells
    (row labels, a hex row's indent) and `margin_h` lines above them (column labels);
    `focus` is the cell to keep in view (the last tile, the explorer)."""

    x0: int
    x1: int
    y0: int
    y1: int
    focus: tuple[int, int]
    cell_w: int
    cell_h: int
    margin_w: int = 0
    margin_h: int = 0

    def lines_whole(self) -> int:
        return self.margin_h + (self.y1 - self.y0 + 1) * self.cell_h


@dataclass
class Window:
    """The part of a grid on screen (inclusive bounds), the pan that shows it (clamped) and
    the directions in which more of the board lies."""

    x0: int
    x1: int
    y0: int
    y1: int
    pan: tuple[int, int]
    more: tuple[str, ...]

    @property
    def whole(self) -> bool:
        return not self.more


@dataclass
class BoardView:
    """A game's board for the screen: its `grid`, `draw(window)` giving the lines of a
    window of it, and lines to show beside it (`side`, `side_width` wide: the tile to place)."""

    grid: Grid
    draw: Callable[["Window"], list[Text]]
    side: list[Text] = field(default_factory=list)
    side_width: int = 0

    def lines_whole(self) -> int:
        return max(self.grid.lines_whole(), len(self.side))

    def lay_out(self, width: int, height: int, pan: tuple[int, int]) -> tuple[list[Text], "Window"]:
        """The view in `width` x `height` characters: (its lines, the window of the board shown).
        The side goes to the right of the board while the board keeps three cells across."""
        side = bool(self.side) and width - self.side_width - 2 >= self.grid.margin_w + 3 * self.grid.cell_w
        board_w = width - self.side_width - 2 if side else width
        win = window(self.grid, board_w, height, pan)
        lines = self.draw(win)
        if side:
            lines = beside(lines, self.side, min(board_w, max((t.cell_len for t in lines), default=0)) + 1)
        return [crop(t, width) for t in lines[:height]], win


def _span(lo: int, hi: int, size: int, focus: int, pan: int) -> tuple[int, int, int]:
    """(first, last, pan): `size` cells of lo..hi around `focus` moved by `pan`, kept on the board."""
    if hi - lo + 1 <= size:
        return lo, hi, 0
    centre = focus - (size - 1) // 2
    first = min(max(centre + pan, lo), hi - size + 1)
    return first, first + size - 1, first - centre


def window(grid: Grid, width: int, height: int, pan: tuple[int, int] = (0, 0)) -> Window:
    """The window of `grid` that fits `width` x `height` characters: the whole board when
    it fits, else the cells around the focus, moved by `pan` (in cells) and kept on the board."""
    cols = max(1, (width - grid.margin_w) // grid.cell_w)
    rows = max(1, (height - grid.margin_h) // grid.cell_h)
    x0, x1, px = _span(grid.x0, grid.x1, cols, grid.focus[0], pan[0])
    y0, y1, py = _span(grid.y0, grid.y1, rows, grid.focus[1], pan[1])
    more = tuple(name for name, cut in (("north", y0 > grid.y0), ("south", y1 < grid.y1),
                                        ("west", x0 > grid.x0), ("east", x1 < grid.x1)) if cut)
    return Window(x0, x1, y0, y1, (px, py), more)


def snap(grid: Grid, height: int) -> int:
    """The lines a board view of at most `height` lines takes: the whole board, or whole rows."""
    if grid.lines_whole() <= height:
        return grid.lines_whole()
    rows = max(1, (height - grid.margin_h) // grid.cell_h)
    return grid.margin_h + rows * grid.cell_h


ARROWS = {"north": "▲", "south": "▼", "west": "◀", "east": "▶"}


def more_text(win: Window) -> Text:
    """'more ◀ ▲' (where the board goes on beyond the view), or nothing."""
    t = Text()
    if win.more:
        t.append("more board ", "dim")
        t.append(" ".join(ARROWS[m] for m in win.more), "bold yellow")
    return t


def key_hints(win: Window | None, pages: str = "", end: bool = False, width: int = 80) -> Text:
    """The keys of the frame, in a line of at most `width`: scrolling (when the board is cut),
    paging, then the commands, the least needed left out first when the line is too long."""
    parts: list[Text] = []
    if win is not None and win.more:
        parts += [more_text(win), Text("arrows scroll"), Text("Home centres")]
    if pages:
        parts.append(Text(f"more: choices {pages}"))
    commands = [] if end else ["help", "board", "quit"]  # by need
    while True:
        shown = [Text(c) for c in ("board", "help", "quit") if c in commands]
        t = Text(" · ", style="dim").join(parts + shown)
        if t.cell_len <= width or not commands:
            return crop(t, width)
        commands.pop()


def page_lines(lines: list[Text], room: int, page: int, summary: list[Text] | None = None,
               word: str = "more") -> tuple[list[Text], int, int]:
    """The lines of page `page` of a list in `room` lines: (lines, page shown, pages).
    When the whole list does not fit, page 0 is `summary` (when given: a folded form)
    and the next pages are the list in parts; each page but a lone one ends with a line
    saying how to see the next. Pages go round."""
    if room <= 0:
        return [], 0, 1
    if len(lines) <= room:
        return lines, 0, 1
    per = max(1, room - 1)
    parts = [lines[i:i + per] for i in range(0, len(lines), per)]
    if summary is not None and summary != lines:
        parts.insert(0, summary[:per])
    n = len(parts)
    page %= n
    shown = list(parts[page])
    note = Text(f"… page {page + 1}/{n}: ", style="dim")
    note.append(word, "bold")
    note.append(" (or PgDn) for ", "dim")
    note.append("the rest" if page + 1 < n else "the first page", "dim")
    shown.append(note)
    return shown, page, n
