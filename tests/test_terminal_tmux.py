"""The terminal game as a person sees it: `savanna play` run for each game inside a real
terminal (tmux) at 80x24 and 120x40, its screen read back as text (`tmux capture-pane`).

Every screen must hold, at once: the title line at the top (nothing scrolled away), the
seats' status, the board or map around the last move, the choices and the prompt on the
last line; the arrow keys scroll the board, Home brings it back, `board` gives it the
screen, and the game keeps fitting turn after turn and when the terminal changes size.

Without tmux the tests skip, unless SAVANNA_REQUIRE_TMUX=1 (CI), which makes that an error."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TMUX = shutil.which("tmux")
if TMUX is None:
    if os.environ.get("SAVANNA_REQUIRE_TMUX") == "1":
        raise RuntimeError("the terminal tests are required (SAVANNA_REQUIRE_TMUX=1) but tmux is missing")
    pytest.skip("tmux is missing (apt-get install tmux)", allow_module_level=True)

PROMPT = "seat 0 ›"
SIZES = [(80, 24), (120, 40)]


class Terminal:
    """A tmux server of our own (a socket name of its own, in tmux's short socket folder) running
    one command in a window of a fixed size."""

    def __init__(self, width: int, height: int, command: list[str]):
        self.socket = f"savanna-test-{uuid.uuid4().hex[:12]}"
        env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("SAVANNA_TERMINAL", None)
        env.pop("TMUX", None)
        self.env = env
        shell = " ".join(_quote(a) for a in command) + "; echo EXITED $?; sleep 60"
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), shell)
        self.path = self.tmux("display-message", "-p", "#{socket_path}").strip()
        self.tmux("set-option", "-t", "t", "status", "off")  # the whole window is the game's
        self.size = (width, height)

    def tmux(self, *args: str) -> str:
        return subprocess.run([TMUX, "-L", self.socket, *args], env=self.env, check=True,
                              capture_output=True, text=True, timeout=20).stdout

    def lines(self) -> list[str]:
        """The screen, a string per row, exactly as tall as the terminal."""
        return self.tmux("capture-pane", "-p", "-t", "t").rstrip("\n").split("\n")

    def history(self) -> int:
        """Lines scrolled off the top of the screen into tmux's history."""
        return int(self.tmux("display-message", "-p", "-t", "t", "#{history_size}").strip())

    def keys(self, *keys: str) -> None:
        """Press keys named as tmux names them (Left, Home, Enter, PageDown)."""
        self.tmux("send-keys", "-t", "t", *keys)

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", line)
        self.tmux("send-keys", "-t", "t", "Enter")

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", "t", "-x", str(width), "-y", str(height))
        self.size = (width, height)

    def settle(self, until=lambda lines: True, timeout: float = 30) -> list[str]:
        """The screen once it shows the prompt, with nothing typed, satisfies `until` and stays
        the same for a moment."""
        end = time.monotonic() + timeout
        last = None
        while time.monotonic() < end:
            now = self.lines()
            if now == last and now[-1].rstrip() == PROMPT and until(now):
                return now
            last = now
            time.sleep(0.25)
        raise AssertionError("the screen did not settle:\n" + "\n".join(self.lines()))

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], env=self.env, capture_output=True, timeout=20)
        Path(self.path).unlink(missing_ok=True)


def _quote(arg: str) -> str:
    return "'" + arg.replace("'", "'\\''") + "'"


@pytest.fixture
def terminal():
    opened = []

    def open_(game: str, width: int, height: int, *args: str) -> Terminal:
        t = Terminal(width, height, [sys.executable, "-m", "savanna", "play", game, "--seed", "3",
                                               "--opponent", "easy", *args])
        opened.append(t)
        return t

    yield open_
    for t in opened:
        t.close()


def keep(name: str, lines: list[str]) -> None:
    """Keep a screen as a test artifact (as the browser tests keep screenshots)."""
    folder = Path(os.environ.get("SAVANNA_ARTIFACTS", ROOT / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"terminal-{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def fits(t: Terminal, lines: list[str], game: str) -> None:
    """What must always be on the screen: the title at the top, the prompt at the bottom,
    no line wider than the terminal, nothing scrolled into the history."""
    width, height = t.size
    assert len(lines) == height
    assert lines[0].startswith(("Carcassonne Safari", "Africa")) and "Turn " in lines[0], lines[0]
    assert lines[-1].rstrip() == PROMPT
    assert all(len(line) <= width for line in lines)
    assert t.history() == 0, "lines scrolled off the screen"


def status_rows(lines: list[str]) -> list[str]:
    """The seats in the status under the title: 'you' and the computer, each with its points."""
    return re.findall(r"\b(you|random) \d+ pts", "\n".join(lines[1:5]))


def opening(terminal, game: str, width: int, height: int, name: str, info: str) -> tuple[Terminal, list[str]]:
    """A new game's first screen (kept as `name`): it fits, says it is your move and `info` in
    its title line, and shows both seats."""
    t = terminal(game, width, height)
    lines = t.settle()
    keep(f"{game}-{width}x{height}-{name}", lines)
    fits(t, lines, game)
    assert "your move" in lines[0] and info in lines[0]
    assert len(status_rows(lines)) == 2
    return t, lines


# ------------------------------------------------------------------------------ Safari

def board_columns(lines: list[str]) -> list[int]:
    """The x labels of the board's column row (the first line of numbers only)."""
    for line in lines[1:]:
        cells = line.split("To place")[0].split()
        if len(cells) >= 2 and all(re.fullmatch(r"-?\d+", c) for c in cells):
            return [int(c) for c in cells]
    return []


def board_rows(lines: list[str]) -> list[int]:
    """The y labels at the start of the board's lines."""
    return [int(m.group(1)) for line in lines if (m := re.match(r"^ {0,2}(-?\d+) [^\d:]", line))]


def last_tile(lines: list[str]) -> tuple[int, int] | None:
    """The tile placed last, read from the last moves on the screen."""
    found = None
    for line in lines:
        for m in re.finditer(r"\bT(-?\d+),(-?\d+)@", line):
            found = (int(m.group(1)), int(m.group(2)))
    return found


@pytest.mark.parametrize("width,height", SIZES)
def test_safari_fits_the_terminal_turn_after_turn(terminal, width, height):
    t, lines = opening(terminal, "safari", width, height, "turn1", "tiles left")
    assert any("To place: S" in line for line in lines), "the tile to place is beside the board"
    assert any(line.startswith("Place the tile") for line in lines)
    assert re.search(r"\b1 @\d+", "\n".join(lines)), "the first choice is on the screen"
    assert not any("more board" in line for line in lines), "the first board is whole"
    assert 0 in board_columns(lines) and 0 in board_rows(lines)

    turn = 1
    for _ in range(14):  # a tile a turn (choice 1), then the first choice of the action step
        t.type("1")
        lines = t.settle()
        fits(t, lines, "safari")
        if any(line.startswith("Place the tile") for line in lines):
            now = int(re.search(r"Turn (\d+)", lines[0]).group(1))
            assert now > turn
            turn = now
            assert len(status_rows(lines)) == 2
            placed = last_tile(lines)
            assert placed is not None, "the last moves are on the screen"
            # the board's view holds the tile placed last
            assert placed[0] in board_columns(lines) and placed[1] in board_rows(lines), "\n".join(lines)
    keep(f"safari-{width}x{height}-turn{turn}", lines)
    assert turn >= 6


def test_safari_scrolls_and_shows_the_board_at_80x24(terminal):
    t = terminal("safari", 80, 24)
    t.settle()
    for _ in range(20):
        t.type("1")
        lines = t.settle()
        if any("more board" in line for line in lines) and any(line.startswith("Place the tile") for line in lines):
            break
    else:
        raise AssertionError("the board never outgrew 80x24:\n" + "\n".join(lines))
    keep("safari-80x24-cut", lines)
    fits(t, lines, "safari")
    hint = next(line for line in lines if "more board" in line)
    assert "arrows scroll" in hint
    arrow = next(a for a in "◀▶▲▼" if a in hint)
    key, axis = {"◀": ("Left", 0), "▶": ("Right", 0), "▲": ("Up", 1), "▼": ("Down", 1)}[arrow]
    before = (board_columns(lines), board_rows(lines))
    t.keys(key)
    moved = t.settle(lambda now: (board_columns(now), board_rows(now)) != before)
    keep("safari-80x24-scrolled", moved)
    fits(t, moved, "safari")
    labels = (board_columns(moved), board_rows(moved))[axis]
    step = -1 if key in ("Left", "Up") else 1
    assert labels[0] == before[axis][0] + step, (before, labels)
    t.keys("Home")
    back = t.settle(lambda now: (board_columns(now), board_rows(now)) == before)
    assert back[-1].rstrip() == PROMPT

    # `board`: the board takes the room of the choices, the title, the status and the prompt stay
    t.type("board")
    big = t.settle(lambda now: not any(line.startswith("Place the tile") for line in now))
    keep("safari-80x24-board", big)
    fits(t, big, "safari")
    assert len(status_rows(big)) == 2
    assert len(board_rows(big)) > len(board_rows(back))
    t.keys("Enter")
    again = t.settle(lambda now: any(line.startswith("Place the tile") for line in now))
    assert board_rows(again) == board_rows(back)


def test_the_screen_is_laid_out_again_when_the_terminal_changes_size(terminal):
    t = terminal("safari", 120, 40)
    for _ in range(8):
        t.settle()
        t.type("1")
    lines = t.settle()
    t.resize(80, 24)
    # until the game draws again, tmux shows the bottom of the old frame
    small = t.settle(lambda now: len(now) == 24 and now[0].startswith("Carcassonne Safari"))
    keep("safari-120x40-to-80x24", small)
    fits(t, small, "safari")
    assert len(status_rows(small)) == 2
    t.resize(120, 40)
    large = t.settle(lambda now: len(now) == 40 and now[0].startswith("Carcassonne Safari"))
    fits(t, large, "safari")
    assert board_rows(large) == board_rows(lines)


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_a_hint_shows_over_the_game_and_enter_brings_the_game_back(terminal, game):
    t = terminal(game, 80, 24)
    before = t.settle()
    t.type("hint")
    lines = t.settle(lambda now: any(line.startswith("Best: ") for line in now))
    keep(f"{game}-80x24-hint", lines)
    fits(t, lines, game)
    text = "\n".join(lines)
    assert "expected margin" in text and "hints used: 1" in text and "Also: " in text
    if game == "safari":  # its first move always places a meeple or keeps it: said in words
        assert "Why: " in text and "meeple" in text
    t.keys("Enter")
    back = t.settle(lambda now: not any(line.startswith("Best: ") for line in now))
    fits(t, back, game)
    assert back[0] == before[0]  # the same turn: a hint plays nothing


# ------------------------------------------------------------------------------ Africa

def map_rows(lines: list[str]) -> list[int]:
    """The row numbers at the start of the map's lines."""
    return [int(m.group(1)) for line in lines if (m := re.match(r"^([ 1]\d) +[a-n]\d", line))]


@pytest.mark.parametrize("width,height", SIZES)
def test_africa_fits_the_terminal(terminal, width, height):
    t, lines = opening(terminal, "africa", width, height, "setup", "monuments 0/")
    text = "\n".join(lines)
    assert "Put your explorer on a city" in text
    for city in ("Cairo", "Dakar", "Zanzibar", "Cape Town"):
        assert city in text, f"the choice of {city} is on the screen"
    assert map_rows(lines), "the map is on the screen"
    if height >= 40:
        assert map_rows(lines) == list(range(1, 14)), "the whole map fits 120x40"
        assert "more board" not in text

    t.type("2")  # Dakar
    lines = t.settle(lambda now: "step 1" in now[0])
    keep(f"africa-{width}x{height}-step", lines)
    fits(t, lines, "africa")
    assert len(status_rows(lines)) == 2
    assert any("♟0" in line for line in lines), "your explorer is on the map's view"
    assert re.search(r"(^|  )1 \S", "\n".join(lines), re.M), "the first choice is on the screen"
    for _ in range(8):
        t.type("1")
        lines = t.settle()
        fits(t, lines, "africa")
        assert len(status_rows(lines)) == 2
        mover = re.search(r"▶ {1,2}(\d)", "\n".join(lines[1:4]))
        if mover and mover.group(1) == "0" and "your move" in lines[0]:
            assert any("♟0" in line for line in lines), "\n".join(lines)
    keep(f"africa-{width}x{height}-later", lines)


def test_africa_map_scrolls_and_board_shows_more_of_it_at_80x24(terminal):
    t = terminal("africa", 80, 24)
    lines = t.settle()
    assert any("more board" in line for line in lines), "the map is cut at 80x24"
    rows = map_rows(lines)
    t.keys("Down")
    down = t.settle(lambda now: map_rows(now) != rows)
    assert map_rows(down)[0] == rows[0] + 1
    t.type("board")
    big = t.settle(lambda now: "Put your explorer" not in "\n".join(now))
    keep("africa-80x24-board", big)
    fits(t, big, "africa")
    assert len(map_rows(big)) > len(rows)
    t.keys("Enter")
    t.settle(lambda now: "Put your explorer" in "\n".join(now))
