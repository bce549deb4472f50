"""In a browser: a view carries only the latest moves (views/history.py), and the page asks
for the older ones, so that the log and the replay of a finished game still show every move
from the first, on a desktop and on a phone."""

from __future__ import annotations

import json
import random

import pytest

from browser import DESK, PHONE, api, browser, pages, served, shot  # noqa: F401 (fixtures; skips this module without a browser)
from playwright.sync_api import expect  # isort: skip  (installed when the import above passed)
from web_remote import request

from savanna import games
from savanna.web.views.history import RECENT

server = served("e2e-history")
LOG = 200  # the log panel shows the last 200 moves (game.js renderLog)


def finished(server: str, name: str, seed: int) -> tuple[str, int]:
    """A finished two-seat game of `name`, played at random by the engine and uploaded: its id
    and its number of actions."""
    rng, g = random.Random(seed), games.spec(name).new_game(2, seed=seed)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    status, c = request(server, "POST", "/api/games/import", {"saved": json.loads(g.to_json())})
    assert status == 201, c
    return c["id"], len(g.history)


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_the_log_of_a_finished_game_shows_every_move_from_the_first(server, pages, size):
    gid, n = finished(server, "safari", 3)
    assert RECENT < n <= LOG  # the view carries the last RECENT, the log shows them all
    pg = pages.new(**(DESK if size == "desk" else PHONE))
    pg.goto(f"{server}/play/{gid}")
    moves = pg.locator("#log li[data-move]")
    expect(moves).to_have_count(n)
    assert moves.first.get_attribute("data-move") == "1" and moves.last.get_attribute("data-move") == str(n)
    expect(pg.locator("#log li.last")).to_have_attribute("data-move", str(n))
    chart = api(server, f"/api/games/{gid}")["score_history"]  # every turn's, the game being over
    line = pg.locator("#score-chart polyline[data-seat='0']")
    expect(line).to_have_count(1)
    assert len(line.get_attribute("points").split()) == len(chart) > 2
    shot(pg, f"history-log-{size}.png")


def test_a_long_games_log_asks_for_the_moves_before_the_views(server, pages):
    gid, n = finished(server, "africa", 3)  # thousands of actions
    pg = pages.new(**DESK)
    pg.goto(f"{server}/play/{gid}")
    moves = pg.locator("#log li[data-move]")
    expect(moves).to_have_count(LOG)  # the last 200, of which the view carried RECENT
    assert moves.first.get_attribute("data-move") == str(n - LOG + 1)
    assert moves.last.get_attribute("data-move") == str(n)


def test_the_replay_of_a_finished_game_steps_back_to_move_0_with_every_move_listed(server, pages):
    gid, n = finished(server, "safari", 4)
    pg = pages.new(**DESK)
    pg.goto(f"{server}/replay/{gid}#step={n}")
    expect(pg.locator("#replay-controls")).to_contain_text(f"move {n} of {n}")
    moves = pg.locator("#log li[data-move]")
    expect(moves).to_have_count(n)
    assert moves.first.get_attribute("data-move") == "1"
    pg.click("#replay-back")
    expect(pg.locator("#replay-controls")).to_contain_text(f"move {n - 1} of {n}")
    expect(moves).to_have_count(n - 1)
    pg.click("#replay-start")
    expect(pg.locator("#replay-controls")).to_contain_text(f"move 0 of {n}")
    expect(moves).to_have_count(0)
    pg.click("#replay-forward")
    expect(pg.locator("#replay-controls")).to_contain_text(f"move 1 of {n}")
    expect(moves).to_have_count(1)
    pg.click("#replay-end")
    expect(moves).to_have_count(n)
    assert moves.first.get_attribute("data-move") == "1"
    shot(pg, "history-replay.png")
