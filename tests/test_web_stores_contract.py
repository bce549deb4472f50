"""One contract for each of the stores beside the games' (savanna/web/store/interface.py):
accounts, ratings, mail, reviews and the servers' liveness, each the SQLAlchemy class on SQLite
(and on PostgreSQL when SAVANNA_TEST_DATABASE_URL is set) and its in-memory twin (memory_<x>.py)
keeping the same semantics: what makes a name one, deleting, compare-and-set, once-only claims,
orders, leases, what a missing row gives. (The games' store has its own: test_web_store_contract.py.)"""

from __future__ import annotations

import inspect
import time
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("sqlalchemy")

from savanna.web.store import interface
from savanna.web.store.accounts import AccountStore, NameTaken, SessionRecord
from savanna.web.store.liveness import Liveness
from savanna.web.store.mail import MailStore, account_owner, seat_owner
from savanna.web.store.memory_accounts import MemoryAccounts
from savanna.web.store.memory_liveness import MemoryLiveness
from savanna.web.store.memory_mail import MemoryMail
from savanna.web.store.memory_ratings import MemoryRatings
from savanna.web.store.memory_reviews import MemoryReviews
from savanna.web.store.ratings import Place, RatingStore
from savanna.web.store.reviews import ReviewStore
from savanna.web.store.stores import Stores, memory_stores, sql_stores
from web_databases import BACKENDS, fresh_database

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
TWINS = [(interface.AccountStorage, AccountStore, MemoryAccounts), (interface.RatingStorage, RatingStore, MemoryRatings),
         (interface.MailStorage, MailStore, MemoryMail), (interface.ReviewStorage, ReviewStore, MemoryReviews),
         (interface.LivenessStorage, Liveness, MemoryLiveness)]


@pytest.fixture(params=["memory", *BACKENDS])
def stores(request, tmp_path) -> Stores:
    s = memory_stores() if request.param == "memory" else sql_stores(fresh_database(request.param, tmp_path))
    yield s
    s.close()


def other_server(stores: Stores, name: str):
    """The store `name` as a second server sees it: on a database a second object on the same
    engine (the same rows); in memory the same object (its rows are nowhere else)."""
    mine = getattr(stores, name)
    if isinstance(mine, (MemoryAccounts, MemoryRatings, MemoryMail, MemoryReviews, MemoryLiveness)):
        return mine
    return type(mine)(stores.games.engine)


@pytest.mark.parametrize("protocol, sql, memory", TWINS, ids=[t[0].__name__ for t in TWINS])
def test_both_stores_have_every_call_of_the_interface_as_it_is_declared(protocol, sql, memory):
    calls = [n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")]
    assert calls
    for cls in (sql, memory):
        for name in calls:
            declared, real = inspect.signature(getattr(protocol, name)), inspect.signature(getattr(cls, name))
            assert list(real.parameters) == list(declared.parameters), (cls, name)
            assert [p.default for p in real.parameters.values()] == [p.default for p in declared.parameters.values()]
            assert [p.kind for p in real.parameters.values()] == [p.kind for p in declared.parameters.values()]


# ------------------------------------------------------------------ accounts


def session(account_id: int, n: int, seen: datetime = NOW) -> SessionRecord:
    return SessionRecord(id_hash=f"{n:064x}", handle=f"handle{n}", account_id=account_id, csrf=f"csrf{n}",
                         created_at=NOW, seen_at=seen, agent="Firefox on Linux", address="192.0.2.1")


def test_an_account_is_found_by_its_key_and_a_key_names_one_account(stores):
    accounts = stores.accounts
    zaza = accounts.create("Zaza", "zaza", "hash1", NOW)
    assert (zaza.name, zaza.key, zaza.password_hash, zaza.deleted_at) == ("Zaza", "zaza", "hash1", None)
    assert accounts.by_key("zaza") == accounts.by_id(zaza.id) == zaza
    assert accounts.by_id(zaza.id).created_at.tzinfo is not None
    with pytest.raises(NameTaken):
        accounts.create("ZAZA", "zaza", "hash2", NOW)  # the key is the caller's normalised name
    momo = accounts.create("Momo", "momo", "hash2", NOW)
    assert momo.id != zaza.id and accounts.by_key("Zaza") is None  # keys compare exactly
    assert accounts.by_id(10_000) is None and accounts.by_key("nobody") is None


def test_a_password_changes_only_while_the_account_lives_and_from_the_hash_expected(stores):
    accounts = stores.accounts
    zaza = accounts.create("Zaza", "zaza", "hash1", NOW)
    assert not accounts.set_password(zaza.id, "hash3", expected="stale")
    assert accounts.set_password(zaza.id, "hash2", expected="hash1")
    assert accounts.set_password(zaza.id, "hash3") and accounts.by_id(zaza.id).password_hash == "hash3"
    assert not accounts.set_password(10_000, "hash4")
    accounts.delete(zaza.id, NOW)
    assert not accounts.set_password(zaza.id, "hash4")


def test_a_deleted_account_keeps_its_row_but_loses_its_name_password_and_sessions(stores):
    accounts = stores.accounts
    zaza, momo = accounts.create("Zaza", "zaza", "hash1", NOW), accounts.create("Momo", "momo", "hash2", NOW)
    accounts.add_session(session(zaza.id, 1))
    accounts.add_session(session(momo.id, 2))
    accounts.delete(zaza.id, NOW + timedelta(hours=1))
    gone = accounts.by_id(zaza.id)
    assert (gone.name, gone.key, gone.password_hash, gone.deleted_at) == ("Zaza", None, None, NOW + timedelta(hours=1))
    assert accounts.session(f"{1:064x}") is None and accounts.session(f"{2:064x}") is not None
    again = accounts.create("ZAZA", "zaza", "hash3", NOW)  # the name is free again, a new account
    assert again.id not in (zaza.id, momo.id) and accounts.by_key("zaza") == again
    accounts.delete(10_000, NOW)  # nothing to delete: nothing happens


def test_sessions_are_listed_the_last_seen_first_and_end_each_way(stores):
    accounts = stores.accounts
    zaza, momo = accounts.create("Zaza", "zaza", "hash1", NOW), accounts.create("Momo", "momo", "hash2", NOW)
    for n, minutes in ((1, 5), (2, 30), (3, 10), (4, 10)):
        accounts.add_session(session(zaza.id, n, NOW - timedelta(minutes=minutes)))
    accounts.add_session(session(momo.id, 9))
    with pytest.raises(Exception):  # (a session's id hash is its key)
        accounts.add_session(session(momo.id, 9))
    assert accounts.session(f"{1:064x}") == session(zaza.id, 1, NOW - timedelta(minutes=5))
    assert [s.handle for s in accounts.sessions(zaza.id)] == ["handle1", "handle3", "handle4", "handle2"]
    accounts.seen(f"{2:064x}", NOW)
    accounts.seen("f" * 64, NOW)  # no such session: nothing happens
    assert [s.handle for s in accounts.sessions(zaza.id)][:2] == ["handle2", "handle1"]
    assert accounts.end_session(f"{2:064x}") and not accounts.end_session(f"{2:064x}")
    assert not accounts.end_by_handle(momo.id, "handle1")  # another's session is not ended by its handle
    assert accounts.end_by_handle(zaza.id, "handle1")
    assert accounts.end_idle(NOW - timedelta(minutes=7)) == 2  # handle3 and handle4, seen 10 minutes ago
    accounts.add_session(session(zaza.id, 5))
    accounts.add_session(session(zaza.id, 6))
    assert accounts.end_others(zaza.id, keep=f"{5:064x}") == 1
    assert [s.handle for s in accounts.sessions(zaza.id)] == ["handle5"]
    assert accounts.end_others(zaza.id, keep=None) == 1 and accounts.sessions(zaza.id) == []
    assert [s.handle for s in accounts.sessions(momo.id)] == ["handle9"]


# ------------------------------------------------------------------ ratings


def over_game(stores: Stores, rated: bool = True):
    seats = [{"kind": "human", "name": "a"}, {"kind": "human", "name": "b"}]
    rec = stores.games.create(settings={"players": 2, "seed": 1}, seats=seats, actions=[], status="playing",
                              summary={}, meta={"rated": True} if rated else {})
    return stores.games.advance(rec, actions=["x"], status="over", summary={"scores": [2, 1]}, meta=rec.meta)


def shift(by: float):
    """A `rate` moving every rating by `by` and sigma down by one, and remembering what it read."""
    seen: list[dict] = []

    def rate(current):
        seen.append(current)
        return {aid: (r.mu + by, r.sigma - 1) for aid, r in current.items()}
    rate.seen = seen
    return rate


def test_a_game_is_settled_once_from_the_seeds_then_from_the_ratings_stored(stores):
    ratings, games = stores.ratings, stores.games
    ann, bob = (stores.accounts.create(n, n.lower(), "h", NOW).id for n in ("Ann", "Bob"))
    one, two = over_game(stores), over_game(stores)
    places = [Place(bob, 2, 1, (20.0, 8.0)), Place(ann, 1, 0, (25.0, 8.0))]
    rate = shift(1.0)
    assert not ratings.settled(one.id)
    assert ratings.settle(one.id, "safari", places, rate, NOW) is True
    assert {aid: (r.mu, r.sigma, r.games) for aid, r in rate.seen[0].items()} == {ann: (25.0, 8.0, 0),
                                                                                  bob: (20.0, 8.0, 0)}
    assert ratings.settled(one.id)
    assert ratings.settle(one.id, "safari", places, shift(100.0), NOW) is False  # once: nothing changes
    assert [(r.game, r.mu, r.sigma, r.games) for r in ratings.ratings_of(ann)] == [("safari", 26.0, 7.0, 1)]
    later = NOW + timedelta(minutes=1)
    assert ratings.settle(two.id, "safari", places, shift(2.0), later)  # from the ratings stored now
    assert [(r.mu, r.games, r.updated_at) for r in ratings.ratings_of(ann)] == [(28.0, 2, later)]
    history = ratings.history(ann)
    assert [(h.game_id, h.rank, h.seat, h.mu_before, h.mu_after) for h in history] == [
        (two.id, 1, 0, 26.0, 28.0), (one.id, 1, 0, 25.0, 26.0)]  # the latest first
    assert ratings.history(ann, game="africa") == [] and len(ratings.history(ann, limit=1)) == 1
    assert sorted((h.game_id, h.account_id) for h in ratings.of_games([one.id])) == sorted(
        [(one.id, ann), (one.id, bob)])
    assert ratings.of_games([]) == [] and ratings.ratings_of(10_000) == []
    assert games.get(one.id) is not None


def test_a_settlement_whose_rating_fails_keeps_nothing_and_one_with_nobody_is_settled(stores):
    ratings = stores.ratings
    ann, bob = (stores.accounts.create(n, n.lower(), "h", NOW).id for n in ("Ann", "Bob"))
    game, empty = over_game(stores), over_game(stores)

    def broken(current):
        raise RuntimeError("the model failed")
    with pytest.raises(RuntimeError):
        ratings.settle(game.id, "safari", [Place(ann, 1, 0, (25.0, 8.0)), Place(bob, 2, 1, (25.0, 8.0))], broken, NOW)
    assert not ratings.settled(game.id) and ratings.ratings_of(ann) == [] and ratings.of_games([game.id]) == []
    assert ratings.settle(empty.id, "safari", [], broken, NOW) is True  # nobody to rate: settled, `rate` not called
    assert ratings.settled(empty.id) and ratings.of_games([empty.id]) == []


def test_unsettled_games_are_the_rated_ones_over_the_oldest_first_page_by_page(stores):
    ratings = stores.ratings
    found = []
    for _ in range(3):
        found.append(over_game(stores))
        time.sleep(0.01)
    over_game(stores, rated=False)
    playing = stores.games.create(settings={}, seats=[], actions=[], status="playing", summary={},
                                  meta={"rated": True})
    assert [gid for _, gid in ratings.unsettled()] == [g.id for g in found]
    first = ratings.unsettled(limit=2)
    assert [gid for _, gid in first] == [g.id for g in found[:2]]
    assert [gid for _, gid in ratings.unsettled(after=first[-1])] == [found[2].id]
    assert [gid for _, gid in ratings.unsettled(since=found[1].updated_at)] == [g.id for g in found[1:]]
    ratings.settle(found[0].id, "safari", [], shift(0), NOW)
    assert [gid for _, gid in ratings.unsettled()] == [g.id for g in found[1:]]
    assert playing.id not in [gid for _, gid in ratings.unsettled()]
    over = ratings.games_over([found[1].id, "nosuchgame"])
    assert list(over) == [found[1].id]
    row = over[found[1].id]
    assert (row.game, row.status, row.summary, row.meta, row.seats) == ("safari", "over", {"scores": [2, 1]},
                                                                        {"rated": True}, found[1].seats)
    assert ratings.games_over([]) == {}


def test_computer_players_are_accounts_of_their_own_and_the_leaderboard_the_best_first(stores):
    ratings, accounts = stores.ratings, stores.accounts
    easy = ratings.computer_account("safari:easy", NOW)
    assert ratings.computer_account("safari:easy", NOW) == easy  # made once
    computer = accounts.by_id(easy)
    assert (computer.name, computer.key, computer.password_hash) == ("safari:easy", "computer:safari:easy", None)
    ann, bob, cid, dee = (accounts.create(n, n.lower(), "h", NOW).id for n in ("Ann", "Bob", "Cid", "Dee"))
    assert set(ratings.accounts([ann, easy, 10_000])) == {ann, easy} and ratings.accounts([]) == {}
    for i, (aid, mu) in enumerate(((ann, 30.0), (bob, 28.0), (cid, 26.0), (easy, 10.0), (dee, 29.0))):
        ratings.settle(f"g{i}", "safari", [Place(aid, 1, 0, (mu, 8.0))], shift(0.0), NOW)
    ratings.settle("g9", "safari", [Place(bob, 1, 0, (0.0, 8.0))], shift(0.0), NOW)  # Bob: two rated games
    ratings.settle("g10", "africa", [Place(cid, 1, 0, (99.0, 8.0))], shift(0.0), NOW)
    accounts.delete(dee, NOW)
    board = ratings.ranked("safari", min_games=2, since=NOW - timedelta(days=1), limit=10)
    assert [(r.name, r.computer, r.rating.mu) for r in board] == [("Bob", False, 28.0), ("safari:easy", True, 10.0)]
    board = ratings.ranked("safari", min_games=1, since=NOW - timedelta(days=1), limit=2)
    assert [r.name for r in board] == ["Ann", "Bob"]  # the deleted Dee shows nowhere
    assert [r.name for r in ratings.ranked("safari", min_games=1, since=NOW + timedelta(days=1), limit=10)] == [
        "safari:easy"]  # not played lately: only the computer players stay


# ------------------------------------------------------------------ mail


def test_one_address_per_owner_and_a_seats_go_with_their_game(stores):
    mail = stores.mail
    assert mail.get(account_owner(1)) is None and mail.many([]) == {} and not mail.remove("nobody")
    mail.put(account_owner(1), "ann@example.org", "en", "http://x")
    mail.put(account_owner(1), "ann@example.com", "fr", "h" * 300)  # replaces the one before
    got = mail.get(account_owner(1))
    assert (got.address, got.lang, got.site) == ("ann@example.com", "fr", "h" * 200)
    mail.put(seat_owner("g1", 0), "bo@example.org", "it", "http://x", game_id="g1")
    mail.put(seat_owner("g1", 1), "cy@example.org", "it", "http://x", game_id="g1")
    mail.put(seat_owner("g2", 0), "dee@example.org", "en", "http://x", game_id="g2")
    assert set(mail.many([account_owner(1), seat_owner("g1", 0), seat_owner("g9", 0), account_owner(1)])) == {
        account_owner(1), seat_owner("g1", 0)}
    assert sorted(mail.seat_games()) == ["g1", "g2"]
    assert mail.drop_game("g1") == 2 and mail.drop_game("g1") == 0
    assert mail.get(seat_owner("g1", 0)) is None and mail.seat_games() == ["g2"]
    assert mail.remove(account_owner(1)) and mail.get(account_owner(1)) is None


def test_a_notice_is_claimed_once_ever_and_counted_for_its_address(stores):
    mail, again = stores.mail, other_server(stores, "mail")
    since = datetime.now(timezone.utc) - timedelta(seconds=1)
    assert mail.claim("g1", 0, "turn", 3, to_hash="a" * 64)
    assert not again.claim("g1", 0, "turn", 3, to_hash="a" * 64)  # another server: refused
    assert mail.claim("g1", 0, "low", 3, to_hash="a" * 64) and mail.claim("g1", 1, "turn", 3)
    assert mail.claim("g2", 0, "turn", 4, to_hash="b" * 64)
    mail.done("g1", 0, "turn", 3, "sent")
    mail.done("g1", 0, "low", 3, "skipped")
    mail.done("g9", 0, "turn", 1, "sent")  # never claimed: nothing happens
    assert mail.sent_to("a" * 64, since) == 2 and mail.sent_to("b" * 64, since + timedelta(hours=1)) == 0
    assert mail.sent("g1") == [("g1", 1, "turn", 3, "sending"), ("g1", 0, "turn", 3, "sent"),
                               ("g1", 0, "low", 3, "skipped")]  # in the order last written
    assert len(mail.sent()) == 4 and mail.sent("g9") == []


def test_timed_games_are_the_games_being_played_past_their_deadline(stores):
    games = stores.games
    seats = [{"kind": "human", "name": "a"}, {"kind": "human", "name": "b"}]
    due = games.create(settings={}, seats=seats, actions=[], status="playing", summary={"current_player": 1},
                       deadline=100.0)
    games.create(settings={}, seats=seats, actions=[], status="playing", summary={}, deadline=500.0)
    games.create(settings={}, seats=seats, actions=[], status="playing", summary={})
    over = games.create(settings={}, seats=seats, actions=[], status="playing", summary={}, deadline=50.0)
    games.rewrite(over, actions=[], status="over", summary={})
    assert stores.mail.timed_games(200.0) == [(due.id, seats, 1)]
    assert stores.mail.timed_games(10.0) == []


# ------------------------------------------------------------------ reviews


def test_a_review_is_asked_once_and_a_failed_one_again_keeping_its_entries(stores):
    reviews = stores.reviews
    assert reviews.get("g1") is None
    assert reviews.ask("g1", [1, 0], 0.5) and not reviews.ask("g1", None, 9.0)
    r = reviews.get("g1")
    assert (r.status, r.seats, r.entries, r.done, r.total, r.budget, r.holder, r.failures) == (
        "queued", [0, 1], [], 0, 0, 0.5, None, 0)
    assert reviews.ask("g2", None, 0.5) and reviews.get("g2").seats is None
    got = reviews.claim("A", until=2000.0, now=1000.0)
    assert got.game_id == "g1" and got.status == "running" and got.holder == "A" and got.lease_until == 2000.0
    assert reviews.save("g1", "A", 2000.0, entries=[{"index": 4}], total=7, status="failed", failures=3)
    failed = reviews.get("g1")
    assert (failed.status, failed.holder, failed.lease_until, failed.failures, failed.done) == ("failed", None, None,
                                                                                               3, 1)
    assert not reviews.ask("g1", None, 0.5)
    back = reviews.get("g1")
    assert (back.status, back.failures, back.entries, back.total) == ("queued", 0, [{"index": 4}], 7)
    reviews.delete(["g1", "nosuchgame"])
    reviews.delete([])
    assert reviews.get("g1") is None and reviews.get("g2") is not None


def test_a_reviews_lease_is_taken_by_one_server_at_a_time(stores):
    a, b = stores.reviews, other_server(stores, "reviews")
    assert a.ask("g1", [0], 0.5) and not b.ask("g1", [0], 0.5)  # asked twice, queued once
    now = 1000.0
    got = a.claim("A", until=now + 60, now=now)
    assert got.game_id == "g1" and got.status == "running" and got.holder == "A"
    assert b.claim("B", until=now + 60, now=now + 30) is None  # held
    assert a.claim("A", until=now + 70, now=now + 30).lease_until == now + 70  # its own again
    assert not b.save("g1", "B", now + 90, entries=[{"index": 1}])  # only the holder writes
    assert a.save("g1", "A", now + 90, entries=[{"index": 1}], total=3)
    assert b.claim("B", until=now + 200, now=now + 91).holder == "B"  # A's lease ran out: B's now
    assert not a.save("g1", "A", now + 150, entries=[{"index": 1}, {"index": 2}])  # A lost it
    r = b.get("g1")
    assert r.entries == [{"index": 1}] and (r.done, r.total) == (1, 3)
    a.release("g1", "A")  # not A's: nothing happens
    assert b.get("g1").holder == "B"
    b.release("g1", "B")
    assert b.get("g1").holder is None and a.claim("A", until=now + 300, now=now + 100).holder == "A"
    assert a.save("g1", "A", now + 100, entries=[{"index": 1}, {"index": 2}], status="done")
    assert a.claim("A", until=now + 500, now=now + 400) is None  # done: nothing to claim
    assert b.get("g1").holder is None and not b.save("g1", "B", now + 500, status="running")


def test_reviews_are_claimed_the_least_recently_changed_first_and_all_let_go_at_once(stores):
    reviews = stores.reviews
    for gid in ("g1", "g2", "g3"):
        reviews.ask(gid, None, 0.5)
        time.sleep(0.01)
    first = reviews.claim("A", until=2000.0, now=1000.0)
    second = reviews.claim("B", until=2000.0, now=1000.0)
    assert (first.game_id, second.game_id) == ("g1", "g2")
    entries = [{"index": 1, "best": {"then": ["a"]}}]
    assert reviews.save("g2", "B", 2000.0, entries=entries)
    got = reviews.get("g2")
    got.entries[0]["best"]["then"].append("changed")  # a review read is the caller's: changing it stores nothing
    assert reviews.get("g2").entries == entries
    assert reviews.release_all() == 2 and reviews.release_all() == 0
    assert reviews.claim("C", until=2000.0, now=1000.0).game_id == "g3"  # g1 and g2 changed since


# ------------------------------------------------------------------ liveness


AFTER = 6.0


def test_the_first_server_credits_nothing_and_a_live_one_keeps_the_mark_fresh(stores):
    mark = stores.liveness
    assert mark.mark() is None and not mark.crediting()
    mark.beat(900.0)  # no mark yet: a beat makes none
    assert mark.mark() is None
    assert mark.begin(1000.0, AFTER) == []  # nothing ran before it
    assert mark.mark() == {"at": 1000.0, "stopped": False, "crediting": None}
    mark.beat(1002.0)
    mark.beat(1001.0)  # a machine whose clock is behind does not move the mark back
    assert mark.mark() == {"at": 1002.0, "stopped": False, "crediting": None}
    assert mark.begin(1002.0 + AFTER, AFTER) == []  # a server beat lately: no outage
    assert mark.mark()["at"] == 1002.0 + AFTER


def test_an_outage_is_claimed_by_one_server_and_the_others_wait_until_it_is_credited(stores):
    a, b = stores.liveness, other_server(stores, "liveness")
    a.begin(1000.0, AFTER)
    a.beat(1010.0)  # then the server is killed: no beat after 1010
    assert a.begin(1030.0, AFTER) == [(1010.0, 1030.0)]
    assert a.mark()["crediting"] == [[1010.0, 1030.0]]
    assert b.begin(1030.5, AFTER) == []  # claimed already
    assert b.crediting()
    a.beat(1032.0)
    a.done()
    assert not b.crediting() and b.mark()["crediting"] is None
    assert b.begin(1033.0, AFTER) == []


def test_a_stop_makes_even_a_short_gap_an_outage_and_a_dead_creditors_outages_go_to_the_next(stores):
    a, b = stores.liveness, other_server(stores, "liveness")
    a.begin(1000.0, AFTER)
    a.stop(1001.0)
    assert a.mark()["stopped"]
    assert a.begin(1004.0, AFTER) == [(1001.0, 1004.0)]  # 3 s: shorter than AFTER, but nobody was up
    a.done()
    a.stop(1005.0)
    a.beat(1005.5)  # another server still up: it beat after the stop
    assert a.begin(1007.0, AFTER) == []
    assert a.begin(1100.0, AFTER) == [(1007.0, 1100.0)]
    a.beat(1101.0)  # ... and dies before done()
    assert b.begin(1103.0, AFTER) == []  # it may be crediting still
    assert b.begin(1200.0, AFTER) == [(1007.0, 1100.0), (1101.0, 1200.0)]
    b.done()
    assert not b.crediting()


# ------------------------------------------------------------------ the rate limits' counters
# Their interface is the `limits` package's moving window (edge/ratelimit.py uses nothing else):
# the database's (ratestore.DatabaseStorage, for server processes sharing PostgreSQL) and the
# package's own memory storage (what one process uses) count alike.


@pytest.fixture(params=["memory", *BACKENDS])
def counters(request, tmp_path):
    from limits.storage import MemoryStorage

    from savanna.web.store.ratestore import DatabaseStorage

    if request.param == "memory":
        yield MemoryStorage()
        return
    stores = sql_stores(fresh_database(request.param, tmp_path))
    yield DatabaseStorage(stores.games.engine)
    stores.close()


def test_the_moving_window_counts_alike_on_a_database_and_in_memory(counters):
    assert counters.acquire_entry("k", 3, 60) and counters.acquire_entry("k", 3, 60, amount=2)
    assert not counters.acquire_entry("k", 3, 60)  # the window is full
    assert not counters.acquire_entry("j", 3, 60, amount=4)  # more than the limit at once: never
    oldest, count = counters.get_moving_window("k", 3, 60)
    assert count == 3 and oldest <= time.time()
    assert counters.get_moving_window("j", 3, 60)[1] == 0 and counters.acquire_entry("j", 3, 60)  # keys apart
    counters.clear("k")
    assert counters.get_moving_window("k", 3, 60)[1] == 0 and counters.acquire_entry("k", 1, 1)
    assert not counters.acquire_entry("k", 1, 1)
    time.sleep(1.1)  # the window moved past it
    assert counters.acquire_entry("k", 1, 1)
