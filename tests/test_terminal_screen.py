"""The terminal game's full screen, driven by scripted keys at a fixed size (the tmux tests,
tests/test_terminal_tmux.py, check a real terminal): every game at 80x24 (its last tiles),
each frame exactly as tall as the screen with the prompt on its last line, to the end
screen; a change of size lays the frame out again."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from savanna import games
from savanna.ai import make_player
from savanna.terminal.screen import ScriptedKeys, Screen


class RandomKeys:
    """A person who types a legal action's notation, chosen at random, at every prompt, and
    Enter on the end screen."""

    def __init__(self, game, seed: int):
        self.game = game
        self.rng = random.Random(seed)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def read(self, timeout: float) -> list[str]:
        if self.game.is_terminal():
            return ["enter"]
        return list(str(self.rng.choice(list(self.game.legal_actions())))) + ["enter"]


def play(name: str, script: list | None, size=(80, 24), sizes=(), left: int | None = None):
    """Play `name` on a recorded screen of `size`: the keys of `script`, or a random legal action at
    every prompt (None). With `left`, random moves first, down to `left` tiles face down."""
    game = games.spec(name).new_game(players=2, seed=5)
    rng = random.Random(3)
    while left is not None and game.tiles_left > left and not game.is_terminal():
        game.apply(rng.choice(list(game.legal_actions())))
    console = Console(file=io.StringIO(), width=size[0], force_terminal=True, color_system="truecolor")
    keys = ScriptedKeys(script, sizes) if script is not None else RandomKeys(game, 7)
    screen = Screen(console, keys, size=size, record=True)
    players = [None, make_player("random", seed=1)]
    code = games.spec_of(game).part("terminal").play_game(game, players, 0, console, screen=screen)
    return game, screen, code, console.file.getvalue()


@pytest.mark.parametrize("name", [s.name for s in games.specs()])
def test_a_game_fits_80x24_to_the_end(name):
    game, screen, code, after = play(name, None, left=games.spec(name).new_game(players=2, seed=5).tiles_left // 5)
    assert code == 0 and game.is_terminal()
    assert len(screen.frames) > 10
    for frame in screen.frames:
        assert len(frame) == 24
        assert all(len(line) <= 80 for line in frame)
    asked = [f for f in screen.frames if f[-1].startswith("seat 0 ›")]
    assert len(asked) > 5
    for frame in asked:
        assert "Turn " in frame[0] and "your move" in frame[0] or "scoring choice" in frame[0]
    end = screen.frames[-1]
    assert "game over" in end[0]
    assert end[-1].startswith("Enter: leave")
    assert any(re.search(r"\bwins?\b|Winners?:", line) for line in end), "\n".join(end)
    assert "game over" in after  # and the final scores stay in the terminal after the screen closes


def test_a_new_size_lays_the_frame_out_again():
    _, screen, _, _ = play("safari", ["1", "enter", None, "1", "enter"], sizes=[(120, 40)])
    heights = [len(f) for f in screen.frames]
    assert heights[0] == 24 and heights[-1] == 40
    assert all(len(line) <= 120 for line in screen.frames[-1])
    assert screen.frames[-1][-1].startswith("seat 0 ›") or "game over" in screen.frames[-1][0]
