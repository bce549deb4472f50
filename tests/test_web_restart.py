"""A real server killed mid-game: `savanna serve` runs as a child process on a loopback port,
games are played over WebSockets (human seats by this test's clients, computer seats by the
server), the server gets SIGKILL while they are under way and is started again on the same
database. Every game must resume where it was and finish with nothing lost. On SQLite, and
on PostgreSQL too when SAVANNA_TEST_DATABASE_URL is set (see web_databases.py).
"""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

from web_databases import BACKENDS, fresh_database
from web_remote import RemoteSeat, ServerProcess, check_game, random_choice, request, whole_view
from web_servers import get, wait_until

from savanna import safari

HUMAN = {"kind": "human"}
GAMES = [  # (seats, how many of them this test plays)
    [HUMAN, HUMAN], [HUMAN, HUMAN], [HUMAN, HUMAN, HUMAN],
    [HUMAN, {"kind": "computer", "player": "random"}], [{"kind": "computer", "player": "easy"}, HUMAN],
    [{"kind": "computer", "player": "random"}, {"kind": "computer", "player": "easy"}],
    [{"kind": "computer", "player": "random"}, {"kind": "computer", "player": "random"}],
]
THINK = 0.02  # seconds before each human action; computer seats pause as long (--computer-delay)
MOVES_BEFORE_KILL = 12  # every game has at least this many moves when the server is killed


async def play_through_a_kill(server, games):
    rng = random.Random(5)
    seats = [RemoteSeat(server.ws_base, g["id"], s["token"], random_choice(rng.randrange(2**32)), think=lambda: THINK)
             for g in games for s in g["seats"] if s["token"]]
    tasks = [asyncio.create_task(s.run()) for s in seats]

    def moves():
        return {g["id"]: get(server, f"/api/games/{g['id']}")["moves"] for g in games}

    await wait_until(lambda: min(moves().values()) >= MOVES_BEFORE_KILL, 30, "every game to get going")
    before = {g["id"]: await asyncio.to_thread(get, server, f"/api/games/{g['id']}") for g in games}
    accepted_before = {id(s): dict(s.accepted) for s in seats}
    await asyncio.to_thread(server.kill)
    await asyncio.to_thread(server.start)
    done, pending = await asyncio.wait(tasks, timeout=90)
    assert not pending, f"{len(pending)} seats never finished"
    for t in done:
        t.result()  # a seat that failed says why
    return seats, before, accepted_before


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_killed_server_restarts_and_every_game_resumes_with_nothing_lost(backend, tmp_path):
    server = ServerProcess(fresh_database(backend, tmp_path), computer_delay=THINK, log=tmp_path / "server.log",
                           options=["--computer-only-games"])
    server.start()
    try:
        games = []
        for i, seats in enumerate(GAMES):
            status, body = request(server.base, "POST", "/api/games", {"seats": seats, "seed": 100 + i})
            assert status == 201, body
            games.append(body)
        seats, before, accepted_before = asyncio.run(play_through_a_kill(server, games))
        # the kill came mid-game: nothing was over, every human seat had to reconnect
        assert all(v["status"] == "playing" and v["moves"] >= MOVES_BEFORE_KILL for v in before.values())
        assert all(s.reconnects >= 1 for s in seats)
        assert sum(len(a) for a in accepted_before.values()) >= MOVES_BEFORE_KILL
        # the computer-only games go on by themselves after the restart
        deadline = time.monotonic() + 60
        while any(get(server, f"/api/games/{g['id']}")["status"] != "over" for g in games):
            assert time.monotonic() < deadline, "a game did not finish after the restart"
            time.sleep(0.1)
        for g in games:
            view = whole_view(server.base, g["id"])
            saved = request(server.base, "GET", f"/api/games/{g['id']}/export")[1]
            accepted = {}
            for s in seats:
                if s.game_id == g["id"]:
                    accepted.update(s.accepted)
            assert check_game(view, json.dumps(saved), accepted, [before[g["id"]]]) == []
            assert view["moves"] > before[g["id"]]["moves"]  # it went on after the restart
            movers = {h["seat"] for h in view["history"][before[g["id"]]["moves"]:]}
            assert movers == set(range(len(g["seats"])))  # every seat, computer or human, moved again
    finally:
        server.stop()


def test_the_check_finds_a_lost_action_a_changed_past_and_wrong_scores():
    g = safari.new_game(players=2, seed=3)
    rng = random.Random(3)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    actions = [str(a) for a in g.history]
    view = {"id": "x", "status": "over", "moves": len(actions), "seed": 3, "version": len(actions),
            "rules": {"players": 2, "final_scoring": "all"}, "seats": [{"score": s} for s in g.scores],
            "history": [{"action": a} for a in actions]}
    saved = g.to_json()
    accepted = {0: actions[0], 5: actions[5]}
    assert check_game(view, saved, accepted, [dict(view, history=view["history"][:9])]) == []
    lost = check_game(view, saved, {**accepted, 7: "pass" if actions[7] != "pass" else "T0,-1@0"})
    assert len(lost) == 1 and "accepted move 8" in lost[0]
    past = dict(view, version=9, history=[{"action": "pass"}] + view["history"][1:9])
    assert "not where it was" in check_game(view, saved, accepted, [past])[0]
    wrong = dict(view, seats=[{"score": s + 1} for s in g.scores])
    assert "replaying its actions gives" in check_game(wrong, saved, accepted)[0]
    short = dict(view, status="playing", moves=10, history=view["history"][:10])
    problems = check_game(short, saved, {**accepted, 20: actions[20]})
    assert any("not over" in p for p in problems) and any("accepted move 21" in p for p in problems)
