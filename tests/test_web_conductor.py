"""The conductor and its subscribers, with events alone: no app, no database (fakes).

The table notes what each write did (table/events.py) and returns it with its answer; the
conductor (live/conductor.py) hands the events to the subscribers once the write is done, a
failing one logged while the others still run; each subscriber picks the events it cares for.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import threading
from datetime import datetime, timedelta, timezone

from savanna.web.live.conductor import DELETED, EXPIRED, Conductor
from savanna.web.live.subscribers.computers import LetComputersMove
from savanna.web.live.subscribers.hints import DropStaleHints
from savanna.web.live.subscribers.mail import LookForNotices
from savanna.web.live.subscribers.ratings import SettleRatings
from savanna.web.live.subscribers.reviews import QueueReviews
from savanna.web.live.subscribers.seats_forgotten import ForgetSeatAddresses
from savanna.web.store.memory import MemoryStore
from savanna.web.store.storage import GameRecord
from savanna.web.table import events
from savanna.web.table.events import Changed, Created, Deleted, Ended, FlagFell, HintGiven, Moved, Notified, Outcome
from savanna.web.table.service import GameService


def record(game_id: str = "g1", status: str = "playing", actions: tuple[str, ...] = (), meta: dict | None = None,
           version: int = 0) -> GameRecord:
    return GameRecord(id=game_id, game="safari", settings={}, seats=[], actions=list(actions), status=status,
                      summary={}, created_at=None, updated_at=None, listed=True, version=version,
                      meta=meta or {})


class Calls(list):
    """A fake collaborator: every method called is noted as (name, args)."""

    def __getattr__(self, name: str):
        return lambda *args: self.append((name, args))


def test_a_write_that_ends_the_game_is_written_then_ended():
    before, after = record(actions=("a",)), record(status="over", actions=("a", "b"), version=1)
    out = events.written(before, after, Moved)
    assert [type(e) for e in out] == [Moved, Ended]
    assert out[0].before is before and out[0].record is after and out[1].record is after
    assert [type(e) for e in events.written(after, after, Changed)] == [Changed]  # over already: no second end
    assert Outcome(None, tuple(out)).ended and not Outcome(None, (out[0],)).ended


def test_the_ratings_are_settled_at_a_games_end_only():
    ratings = Calls()
    settle = SettleRatings(ratings)
    over = record(status="over")
    for e in (Created("g1", over, over), Moved("g1", over, over), FlagFell("g1", over), Deleted("g1")):
        settle(e)
    assert ratings == []
    settle(Ended("g1", record(), over))
    assert ratings == [("settle", (over,))]


def test_the_seat_addresses_go_at_a_games_end():
    mail = Calls()
    forget = ForgetSeatAddresses(mail)
    forget(Changed("g1", record(), record()))
    forget(Ended("g1", record(), record(status="over")))
    assert mail == [("drop_game", ("g1",))]


def test_mail_looks_at_each_written_timed_game():
    notices = Calls()
    look = LookForNotices(notices)
    timed = record(meta={"clock": {"running": 0}})
    look(Moved("g1", record(), record()))  # untimed: no notice is ever due
    look(Ended("g2", timed, timed))  # (its write was told already)
    look(Created("g3", timed, timed))
    look(Changed("g4", timed, timed))
    assert notices == [("look", ("g3",)), ("look", ("g4",))]


def test_a_game_written_drops_its_stale_hint_with_the_actions_it_stands_at():
    hints = Calls()
    drop = DropStaleHints(hints)
    drop(HintGiven("g1", record(), 0))
    drop(Moved("g1", record(), record(actions=("x", "y"))))
    assert hints == [("written", ("g1", ("x", "y")))]


def test_a_games_end_queues_its_review():
    reviews = Calls()
    queue = QueueReviews(reviews)
    over = record(status="over")
    queue(Moved("g1", record(), over))
    queue(Ended("g1", record(), over))
    assert reviews == [("ended", (over,))]


def test_the_conductor_crosses_to_a_thread_only_for_events_a_subscriber_wants(monkeypatch):
    class Waiting(Calls):
        def waits(self, game_id):
            return game_id == "hinted"

    subscribers = [SettleRatings(Calls()), ForgetSeatAddresses(Calls()), LookForNotices(Calls()),
                   DropStaleHints(Waiting()), QueueReviews(Calls())]
    conductor = Conductor(FakeTable(), subscribers=subscribers)
    timed = record(meta={"clock": {"running": 0}})
    assert conductor.wanted([Moved("g1", record(), record())]) == []  # an untimed move: nothing follows
    assert [type(s) for _, s in conductor.wanted([Moved("g1", timed, timed)])] == [LookForNotices]
    assert [type(s) for _, s in conductor.wanted([Moved("hinted", record(), record())])] == [DropStaleHints]
    ended = Ended("g1", record(), record(status="over"))
    assert [type(s) for _, s in conductor.wanted([ended])] == [SettleRatings, ForgetSeatAddresses, QueueReviews]
    assert conductor.wanted([ended]) == [(ended, s) for s in (subscribers[0], subscribers[1], subscribers[4])]
    crossed = []
    real = asyncio.to_thread

    async def to_thread(fn, *args):
        crossed.append(fn)
        return await real(fn, *args)

    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    asyncio.run(conductor.told(Outcome(None, (Moved("g1", record(), record()),))))
    assert crossed == []
    asyncio.run(conductor.told(Outcome(None, (ended,))))
    assert len(crossed) == 1 and subscribers[0].ratings == [("settle", (ended.record,))]
    plain = Conductor(FakeTable(), subscribers=[lambda e: None])  # a plain callable wants every event
    assert len(plain.wanted([Moved("g1", record(), record())])) == 1


class FakeTable:
    """The table's `handle`: runs the concern, noting the events it returns."""

    def __init__(self):
        self.locked = threading.Lock()

    def handle(self, concern, *args, **kwargs):
        with self.locked:  # (the game's lock, as the table's concerns take it)
            value, happened = concern(self, *args, **kwargs)
        return Outcome(value, tuple(happened))

    def computer_to_move(self, rec):
        return None


def test_every_subscriber_hears_every_event_in_order_and_a_failing_one_is_logged(caplog):
    heard: list[tuple[str, str]] = []

    def first(e):
        heard.append(("first", type(e).__name__))

    def broken(e):
        raise RuntimeError("down")

    def last(e):
        heard.append(("last", type(e).__name__))

    table = FakeTable()
    conductor = Conductor(table, subscribers=[first, broken, last])
    rec = record(status="over")

    def ending(service, game_id):
        return rec, events.written(record(), rec, Moved)

    with caplog.at_level(logging.ERROR, logger="savanna.web"):
        assert conductor.run(ending, "g1") is rec
    assert heard == [("first", "Moved"), ("last", "Moved"), ("first", "Ended"), ("last", "Ended")]
    assert sum("what follows" in r.getMessage() for r in caplog.records) == 2


class FakeLive:
    """The live games as the conductor sees them: its pool, publishing and computer kicks."""

    def __init__(self, table, log):
        self.table, self.log = table, log

    async def work(self, fn):
        return await asyncio.to_thread(fn)

    async def publish(self, game_id):
        self.log.append(("publish", game_id))

    def kick(self, game_id):
        self.log.append(("kick", game_id))

    async def publish_after(self, game_id, write, record):
        done = write()
        self.log.append(("publish", game_id))
        return done

    async def gone(self, game_id, why):
        self.log.append(("gone", game_id, why))


def test_a_change_is_published_before_the_subscribers_hear_of_it_and_outside_the_lock():
    log: list = []
    table = FakeTable()

    def subscriber(e):
        log.append(("told", type(e).__name__, table.locked.locked()))

    live = FakeLive(table, log)
    conductor = Conductor(table, live, subscribers=[subscriber], in_loop=[LetComputersMove(live, table)])
    rec = record(version=1)

    def resign(service, game_id, token):
        log.append(("table", game_id, token))
        return (rec, "ended"), [Changed(game_id, record(), rec)]

    assert asyncio.run(conductor.change("g1", resign, "tok")) == (rec, "ended")
    assert log == [("table", "g1", "tok"), ("publish", "g1"), ("kick", "g1"), ("told", "Changed", False)]


def test_a_refused_change_tells_no_one():
    from savanna.web.table.errors import GameError

    log: list = []
    conductor = Conductor(FakeTable(), subscribers=[lambda e: log.append(e)])
    conductor.live = FakeLive(None, log)

    def refused(service, game_id):
        raise GameError("not_your_turn", "no")

    try:
        asyncio.run(conductor.change("g1", refused))
    except GameError as e:
        assert e.code == "not_your_turn"
    else:
        raise AssertionError("the refusal was not raised")
    assert log == []


def test_a_deletion_closes_the_connections_then_tells():
    log: list = []
    conductor = Conductor(FakeTable(), subscribers=[lambda e: log.append(("told", type(e).__name__))])
    conductor.live = FakeLive(None, log)
    asyncio.run(conductor.delete("g1", "creator", concern=lambda service, game_id, token: (None, [Deleted(game_id)])))
    assert log == [("gone", "g1", "the game was deleted by its creator"), ("told", "Deleted")]


class Expiring:
    """The table's `handle` and `expire` (GameService's): the games untouched are noted Deleted."""

    def __init__(self, stale):
        self.stale, self.noted = list(stale), []

    def handle(self, concern, *args):
        self.noted = []
        value = concern(self, *args)
        return Outcome(value, tuple(self.noted))

    def expire(self, before, keep):
        gone = [g for g in self.stale if g not in keep]
        self.noted += [Deleted(g, expired=True) for g in gone]
        return gone


def test_an_expired_games_connections_are_told_then_the_subscribers_as_for_a_deletion():
    log: list = []
    conductor = Conductor(Expiring(["old", "watched", "older"]),
                          subscribers=[lambda e: log.append(("told", e.game_id, e.expired))])
    conductor.live = FakeLive(None, log)
    assert asyncio.run(conductor.expire(datetime(2026, 1, 1, tzinfo=timezone.utc), keep=["watched"])) == ["old", "older"]
    assert log == [("gone", "old", EXPIRED), ("gone", "older", EXPIRED), ("told", "old", True),
                   ("told", "older", True)]
    assert EXPIRED != DELETED


def test_the_table_notes_each_game_it_expires():
    service = GameService(MemoryStore())  # (no database)
    stale, fresh = (service.create(seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]).id
                    for _ in range(2))
    later = datetime.now(timezone.utc) + timedelta(days=1)
    outcome = service.handle(GameService.expire, later, [fresh])
    assert outcome.value == [stale] and outcome.events == (Deleted(stale, expired=True),)
    assert service.store.get(stale) is None and service.store.get(fresh) is not None
    assert service.handle(GameService.expire, later, [fresh]).events == ()  # nothing left to expire


def test_the_events_are_frozen():
    e = Deleted("g1")
    try:
        e.game_id = "g2"  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("an event could be changed")


def test_computer_seats_are_let_move_after_a_change_that_may_hand_them_the_turn():
    kicked = Calls()
    computer_next = record(meta={"computer": True})

    class Table:
        def computer_to_move(self, rec):
            return 1 if rec.meta.get("computer") else None

    let = LetComputersMove(kicked, Table())
    person_next = record()
    let(Created("new", person_next, person_next))  # a computer may sit first: looked at
    let(Changed("resigned", person_next, person_next))  # (a resigned seat's computer may play on)
    let(FlagFell("fallen", person_next))
    let(Moved("mine", person_next, computer_next))  # a person's move hands the turn to a computer
    let(Moved("theirs", person_next, person_next))  # ...or to a person: nothing
    let(Moved("its", computer_next, computer_next))  # a computer's own move: its task plays on
    for e in (Ended("g", person_next, person_next), HintGiven("g", person_next, 0), Deleted("g"),
              Notified("g", 3)):
        let(e)
    assert kicked == [("kick", ("new",)), ("kick", ("resigned",)), ("kick", ("fallen",)), ("kick", ("mine",))]


def test_a_hint_waiting_is_dropped_by_a_write_heard_of_from_another_server():
    hints = Calls()
    drop = DropStaleHints(hints)
    drop(Notified("g1", 7))
    drop(Notified("g2", -1))
    assert hints == [("stored", ("g1",)), ("stored", ("g2",))]


def test_the_loops_subscribers_hear_first_and_run_leaves_them_out():
    heard: list[tuple[str, str]] = []
    conductor = Conductor(FakeTable(), subscribers=[lambda e: heard.append(("thread", e.game_id))])
    conductor.subscribe(lambda e: heard.append(("loop", e.game_id)), in_loop=True)
    told = Outcome(None, (Notified("g1", 2), Notified("g2", 3)))
    asyncio.run(conductor.told(told))
    assert heard == [("loop", "g1"), ("loop", "g2"), ("thread", "g1"), ("thread", "g2")]
    heard.clear()
    conductor.run(lambda service: (None, [Notified("g3", 1)]))  # no loop: its subscribers are not told
    assert heard == [("thread", "g3")]
