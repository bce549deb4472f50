"""A flag fall that skips the seat (`"on_time": "skip"`, table/flag.py): the engine's `out` is appended
to the game's actions, the seat takes no more turns, and the others play the game to its natural end;
the seat ranks last. Through the service with an injected clock and through the HTTP API, on SQLite
and on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (web_databases.py), as test_web_clocks.py."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("argon2")

from test_web_clocks import HUMAN, app, client_options, clk, turn, view  # noqa: F401 (fixtures)
from web_client import error

from savanna.web.table import flag


def created(c, seats, game="safari", **body):
    r = c.post("/api/games", json={"seats": seats, "game": game, "clock": {"base": 3, "increment": 1},
                                   "on_time": "skip", **body})
    assert r.status_code == 201, r.text
    return r.json()


def first_turns(client, gid, clk, tokens):
    """Each seat makes its first move (its clock runs from then on)."""
    for _ in tokens:
        turn(client, gid, clk, 0.5, tokens[view(client, gid)["current_player"]])


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_a_three_seat_game_plays_on_to_its_natural_end_without_the_seat_whose_flag_fell(app, client, clk, game):
    service = app.state.parts.service
    g = created(client, [HUMAN, HUMAN, HUMAN], game=game)
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    first_turns(client, gid, clk, tokens)
    fallen = view(client, gid)["current_player"]
    before = service.record(gid).actions
    clk.advance(5)
    msg = error(client.post(f"/api/games/{gid}/actions",
                            json={"token": tokens[fallen], "action": view(client, gid)["legal_actions"][0]}),
                409, "out_of_time")
    assert "the others play on" in msg
    rec = flag.fall(service, gid)
    assert rec.status == "playing" and rec.actions == [*before, "out"]
    assert flag.fall(service, gid) is None  # once
    assert rec.seats[fallen]["resigned"] and rec.meta["resignations"][-1]["outcome"] == "skip"
    v = view(client, gid)
    assert v["on_time"] == "skip" and v["ended_by"] is None and v["current_player"] != fallen
    assert v["history"][-1]["action"] == "out" and v["history"][-1]["seat"] == fallen
    assert v["clock"]["flagged"] == [fallen] and v["clock"]["running"] == v["current_player"]
    assert len(v["times"]) == v["moves"]
    step = len(rec.actions)
    replay = client.get(f"/api/games/{gid}/replay?step={step}").json()
    assert replay["replay"]["last_action"]["action"] == "out" and replay["replay"]["last_action"]["seat"] == fallen
    error(client.post(f"/api/games/{gid}/actions", json={"token": tokens[fallen], "action": "pass"}),
          403, "bad_token")  # its seat is gone
    rng = random.Random(3)
    while (rec := service.record(gid)).status != "over":  # the other two, to the end (the clock stands still)
        g = service.position(rec).game
        assert g.current_player != fallen
        service.act(gid, tokens[g.current_player], str(rng.choice(g.legal_actions())))
    assert fallen not in service.position(rec).game.actors[step:]
    v = view(client, gid)
    assert v["ended_by"] == "play" and v["moves"] > step + 20
    assert v["ranking"][-1] == fallen and fallen not in v["winners"]
    assert v["clock"]["running"] is None and v["clock"]["flagged"] == [fallen]
    # its saved game, imported: the seat that left ranks last there too
    saved = client.get(f"/api/games/{gid}/export").json()
    r = client.post("/api/games/import", json=saved)
    assert r.status_code == 201, r.text
    again = view(client, r.json()["id"])
    assert again["ranking"] == v["ranking"] and again["winners"] == v["winners"]
    assert again["seats"][fallen]["resigned"] and not any(s["resigned"] for i, s in enumerate(again["seats"])
                                                          if i != fallen)


def test_a_skip_that_would_leave_one_seat_alone_ends_the_game(app, client, clk):
    service = app.state.parts.service
    g = created(client, [HUMAN, HUMAN, HUMAN])
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    first_turns(client, gid, clk, tokens)
    clk.advance(5)
    first = flag.fall(service, gid)
    assert first.status == "playing" and first.actions[-1] == "out"
    second_seat = view(client, gid)["current_player"]
    clk.advance(10)
    rec = flag.fall(service, gid)
    assert rec.status == "over" and rec.actions == first.actions  # no second `out`: the game ends
    v = view(client, gid)
    assert v["ended_by"] == "time" and v["ended"]["seat"] == second_seat
    assert v["ranking"][-2:] == [second_seat, 0]  # the last to fall ranks above the first


def test_a_player_cannot_play_out_themselves(app, client, clk):
    g = created(client, [HUMAN, HUMAN, HUMAN])
    r = client.post(f"/api/games/{g['id']}/actions", json={"token": g["seats"][0]["token"], "action": " out"})
    assert "resign" in error(r, 422, "illegal_action")
    assert view(client, g["id"])["moves"] == 0


def test_the_lobby_offers_skip(client):
    assert "skip" in client.get("/api/players").json()["clocks"]["on_time"]
    r = client.post("/api/games", json={"seats": [HUMAN, HUMAN, HUMAN], "clock": {"days": 1}, "on_time": "skip"})
    assert r.status_code == 201, r.text
    assert view(client, r.json()["id"])["on_time"] == "skip"


def test_a_computer_shares_its_time_among_the_turns_of_the_seats_still_in_the_game():
    from savanna import safari
    from savanna.web.table import clock, think_time

    def at_seat_0(third_leaves):
        g = safari.new_game(players=3, seed=4)
        for seat in (0, 1, 2):
            if seat == 2 and third_leaves:
                g.apply("out")  # its drawn tile passes to seat 0: the stack is as long as before
            while g.current_player == seat:
                g.apply(g.legal_actions()[-1])
        assert g.current_player == 0
        return g

    skipped, played = at_seat_0(True), at_seat_0(False)
    state = clock.start({"base": 300.0, "increment": 0.0}, 3, 0.0, 0, moved=[True] * 3)
    spend = {k: think_time.budget({"clock": state}, g, lambda: 0.0, 1000.0) for k, g in
             (("skipped", skipped), ("played", played))}
    # two seats share the tiles left, not three: seat 0 has more turns to come, less for each
    assert clock.turns_left(skipped.tiles_left, 2) > clock.turns_left(played.tiles_left, 3)
    assert spend["skipped"] < spend["played"]


def test_a_flag_falling_mid_turn_ends_that_turn_where_it_stands(app, client, clk):
    service = app.state.parts.service
    g = created(client, [HUMAN, HUMAN, HUMAN])
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    first_turns(client, gid, clk, tokens)
    v = view(client, gid)
    seat = v["current_player"]
    placed = v["legal_actions"][0]  # the tile placed; the meeple choice still to come
    r = client.post(f"/api/games/{gid}/actions", json={"token": tokens[seat], "action": placed})
    assert r.status_code == 200, r.text
    assert r.json()["view"]["current_player"] == seat
    clk.advance(10)
    rec = flag.fall(service, gid)
    assert rec.actions[-2:] == [placed, "out"] and rec.status == "playing"
    v = view(client, gid)
    assert v["current_player"] == (seat + 1) % 3 and v["clock"]["running"] == v["current_player"]
