"""What the table returns of its writes (table/events.py): `GameService.handle` gives a
concern's answer and the events of the writes it made, in order, and calls no one back. The
service alone, on the memory store (no app, no database: store/memory.py, whose semantics
tests/test_web_store_contract.py holds to the database's)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("sqlalchemy")

from savanna.web.store.memory import MemoryStore
from savanna.web.table import flag, hints
from savanna.web.table import resign as resigning
from savanna.web.table.events import Changed, Created, Deleted, Ended, FlagFell, HintGiven, Moved
from savanna.web.table.service import GameService

HUMAN = {"kind": "human"}
START = 1_800_000_000.0


@pytest.fixture
def service():
    store = MemoryStore()
    now = [START]
    s = GameService(store, now=lambda: now[0])
    s.clock = now
    yield s
    store.close()


def kinds(outcome):
    return [type(e) for e in outcome.events]


def test_the_table_holds_no_hooks():
    assert not any(hasattr(GameService, name) for name in ("on_write", "on_over"))


def test_a_creation_a_move_and_a_resignation_that_ends_the_game(service):
    made = service.handle(GameService.create, seats=[HUMAN, HUMAN], on_resign="end")
    gid, tokens = made.value.id, [s["token"] for s in made.value.seats]
    assert kinds(made) == [Created] and made.events[0].record.id == gid
    rec = service.record(gid)
    g = service.position(rec).game
    moved = service.handle(GameService.act, gid, tokens[g.current_player], str(g.legal_actions()[0]))
    assert kinds(moved) == [Moved]
    assert moved.events[0].before.version == rec.version and moved.events[0].record == moved.value
    resigned = service.handle(resigning.resign, gid, tokens[0])
    assert kinds(resigned) == [Changed, Ended] and resigned.value[0].status == "over"
    assert resigned.events[1].record == resigned.value[0]


def test_a_refused_write_and_a_write_outside_handle_tell_nothing(service):
    made = service.handle(GameService.create, seats=[HUMAN, HUMAN])
    gid, tokens = made.value.id, [s["token"] for s in made.value.seats]
    with service.journal() as noted:
        with pytest.raises(Exception):
            service.act(gid, tokens[1], "pass")  # not its turn
    assert noted == []
    g = service.position(service.record(gid)).game
    service.act(gid, tokens[g.current_player], str(g.legal_actions()[0]))  # no journal open: no one is told
    assert service.handle(lambda s: None).events == ()


def test_a_last_move_ends_the_game_after_its_move(service):
    made = service.handle(GameService.create, seats=[HUMAN, HUMAN], game="safari")
    gid, tokens = made.value.id, [s["token"] for s in made.value.seats]
    rng = random.Random(3)
    while True:
        g = service.position(service.record(gid)).game
        out = service.handle(GameService.act, gid, tokens[g.current_player], str(rng.choice(g.legal_actions())))
        if out.value.status == "over":
            assert kinds(out) == [Moved, Ended]
            return
        assert kinds(out) == [Moved]


def test_a_flag_fall_a_hint_and_a_deletion(service):
    made = service.handle(GameService.create, seats=[HUMAN, HUMAN], clock={"base": 60, "increment": 0})
    gid = made.value.id
    service.clock[0] = START + 1000  # the first move's window is long gone: the game is aborted
    fell = service.handle(flag.fall, gid)
    assert kinds(fell) == [Changed, Ended, FlagFell] and fell.value.meta["ended"]["reason"] == "aborted"
    assert service.handle(flag.fall, gid).events == ()  # once

    made = service.handle(GameService.create, seats=[HUMAN, HUMAN])
    gid, creator = made.value.id, made.value.creator_token
    rec = service.record(gid)
    seat = service.position(rec).game.current_player
    hinted = service.handle(hints.record, gid, seat, tuple(rec.actions))
    assert kinds(hinted) == [Changed, HintGiven] and hinted.events[1].seat == seat
    gone = service.handle(resigning.delete, gid, creator)
    assert kinds(gone) == [Deleted] and gone.events[0].game_id == gid
