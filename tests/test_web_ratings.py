"""Rated games' ratings in the web app (issue 28): a rated game's end updates its accounts'
ratings once (even when two stores or processes settle it at once, and after a restart between
the end and the update), concurrent games of the same accounts lose no update, ties share a
place, a resigned seat ranks last, computer players are accounts of their own seeded from the
bench, unrated games change nothing; the profile and leaderboard routes. On SQLite, and on
PostgreSQL when SAVANNA_TEST_DATABASE_URL is set (web_databases.py).

Games are made rated as the seats' part of the contract has them (seats carrying "account",
meta {"rated": true}), written through the store, and played to their end through the service.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
from urllib.parse import quote
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("openskill")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from web_apps import CHEAP, create_app
from web_client import poll
from web_conducted import conducted
from web_databases import count
from web_memory import ON_MEMORY, app_of

from savanna import rating
from savanna.web.store.accounts import ACCOUNTS, AccountStore
from savanna.web.store.ratings import HISTORY, RATED, RATINGS, RatingStore
from savanna.web.store.storage import Store
from savanna.web.store.stores import memory_stores
from savanna.web.table import resign as resigning
from savanna.web.table import standing
from savanna.web.table.errors import GameError
from savanna.web.table.ratings import Ratings
from savanna.web.table.service import GameService

PASSWORD = "savanna-lion-42"
HUMAN = {"kind": "human"}
GAME = "safari"  # a random game of it ends in some 150 moves, a fifth of a second


@pytest.fixture
def app_options():
    return {"autoplay": False, "login_limit": "none", "register_limit": "none"}


@pytest.fixture
def client_options():
    return {"raise_server_exceptions": False}


@pytest.fixture
def app(request, backend, app_options):
    """conftest.py's app, or on the memory stores for the tests marked ON_MEMORY (web_memory.py)."""
    return app_of(request, backend, app_options)


def account(app, name):
    return app.state.parts.accounts.register(name, PASSWORD).account.id


def rated_game(service, seats, accounts, rated=True, game=GAME, **options):
    """A new game whose seats carry the accounts given ({seat: account id}), rated: its id and tokens."""
    created = service.create(seats=seats, game=game, **options)
    rec = service.record(created.id)
    marked = [dict(s, account=accounts.get(i)) for i, s in enumerate(rec.seats)]
    rec = service.store.rewrite(rec, actions=rec.actions, status=rec.status, summary=rec.summary, seats=marked,
                                meta={**rec.meta, **({"rated": True} if rated else {})})
    return created.id, [s["token"] for s in created.seats]


def play_out(service, gid, tokens, seed=1):
    """Random moves for every seat to the end (computer seats by the service); the record."""
    rng = random.Random(seed)
    while True:
        rec = service.record(gid)
        if rec.status == "over":
            return rec
        if service.computer_step(gid):
            continue
        g = service.position(rec).game
        service.act(gid, tokens[g.current_player], str(rng.choice(g.legal_actions())))


def ratings_of(engine, aid):
    with engine.connect() as con:
        return {r.game: r for r in con.execute(select(RATINGS).where(RATINGS.c.account_id == aid))}


def over_unsettled(url, seats, accounts, scores=None, resigned=(), rated=True):
    """A rated game stored over without its ratings settled (as a server stopped at its end
    leaves it), on a store of its own that settles nothing; its scores `scores` (default: seat
    i scored i), its seats `resigned` resigned."""
    store = Store(url)
    try:
        return over_unsettled_in(store, seats, accounts, scores, resigned, rated)
    finally:
        store.close()


def over_unsettled_in(store, seats, accounts, scores=None, resigned=(), rated=True):
    """over_unsettled's game, in the games' store `store` (a database's, or memory's)."""
    gid, _ = rated_game(GameService(store), seats, accounts, rated=rated)
    rec = store.get(gid)
    summary = dict(rec.summary, scores=list(range(len(seats)) if scores is None else scores))
    marked = [dict(s, resigned=True) if i in resigned else s for i, s in enumerate(rec.seats)]
    return store.rewrite(rec, actions=rec.actions, status="over", summary=summary, seats=marked)


# The tests of the settling rules (table/ratings.py: places, ties, resignations, once, the sweep)
# run on the memory stores: what they check is above the store, whose semantics the contract
# (test_web_stores_contract.py) holds to the database's; those of settling on a database
# (threads, processes, a restart) build one.


def on_memory():
    """Every store in memory, and the ratings' table on them."""
    stores = memory_stores()
    return stores, Ratings(stores.ratings, stores.games, stores.accounts)


def rated_now(stores, aid):
    """{game: rating row} of the account, as the store reads them."""
    return {r.game: r for r in stores.ratings.ratings_of(aid)}


def two_accounts_in(stores):
    return [stores.accounts.create(n, n.lower(), "x", datetime.now(timezone.utc)).id for n in ("Ann", "Bob")]


# ------------------------------------------------------------------ settling


def test_a_rated_games_end_updates_both_accounts_once(app, client):
    engine = app.state.parts.store.engine
    ann, bob = account(app, "Ann"), account(app, "Bob")
    service = conducted(app)
    gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob})
    assert count(engine, RATED) == 0
    rec = play_out(service, gid, tokens)  # the last move settles it (the conductor's subscriber)
    assert count(engine, RATED, game_id=gid) == 1 and count(engine, HISTORY, game_id=gid) == 2
    a, b = ratings_of(engine, ann)[GAME], ratings_of(engine, bob)[GAME]
    assert a.games == b.games == 1
    scores = rec.summary["scores"]
    fresh = rating.new_rating()
    if scores[0] != scores[1]:
        winner, loser = (a, b) if scores[0] > scores[1] else (b, a)
        assert winner.mu > fresh.mu > loser.mu
    assert a.sigma < fresh.sigma and b.sigma < fresh.sigma
    # settled again (a second process, a sweep): nothing changes
    assert app.state.parts.ratings.settle(service.record(gid)) is False
    assert app.state.parts.ratings.sweep() == 0
    assert ratings_of(engine, ann)[GAME].mu == a.mu and ratings_of(engine, ann)[GAME].games == 1
    assert count(engine, HISTORY) == 2


def test_settling_twice_is_once():
    stores, ratings = on_memory()
    store = stores.games
    rec = over_unsettled_in(store, [HUMAN, HUMAN], {0: None, 1: None})
    ids = two_accounts_in(stores)
    rec = store.rewrite(rec, actions=rec.actions, status="over", summary=rec.summary,
                        seats=[dict(s, account=i) for s, i in zip(rec.seats, ids)])
    assert ratings.settle(rec) is True
    first = rated_now(stores, ids[0])[GAME]
    assert ratings.settle(rec) is False and ratings.settle(store.get(rec.id)) is False
    assert rated_now(stores, ids[0])[GAME] == first and len(stores.ratings.of_games([rec.id])) == 2


def two_accounts_and_games(url, games=1):
    """Two accounts and `games` rated games between them over and unsettled."""
    store = Store(url)
    try:
        accounts = AccountStore(store.engine)
        ids = [accounts.create(n, n.lower(), "x", datetime.now(timezone.utc)).id for n in ("Ann", "Bob")]
    finally:
        store.close()
    return ids, [over_unsettled(url, [HUMAN, HUMAN], {0: ids[0], 1: ids[1]}) for _ in range(games)]


def settle_in(url, records, barrier, results):
    """Settle `records` on a store of this thread's own (its own connections), after `barrier`."""
    store = Store(url)
    try:
        ratings = Ratings(RatingStore(store.engine), store, AccountStore(store.engine))
        barrier.wait(timeout=30)
        for rec in records:
            results.append((rec.id, ratings.settle(rec)))
    finally:
        store.close()


def at_once(url, groups):
    """Settle each group of records in a thread of its own, all starting together: (id, settled) pairs."""
    results: list = []
    barrier = threading.Barrier(len(groups))
    threads = [threading.Thread(target=settle_in, args=(url, group, barrier, results)) for group in groups]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def test_two_stores_settling_the_same_games_at_once_apply_each_once(url):
    ids, records = two_accounts_and_games(url, games=3)
    results = at_once(url, [records, records])
    assert sorted(r for _, r in results) == [False] * 3 + [True] * 3
    for rec in records:
        assert sum(done for gid, done in results if gid == rec.id) == 1
    store = Store(url)
    try:
        for aid in ids:
            assert ratings_of(store.engine, aid)[GAME].games == 3
        assert count(store.engine, HISTORY) == 6 and count(store.engine, RATED) == 3
    finally:
        store.close()


def test_concurrent_games_of_the_same_accounts_lose_no_update(url):
    ids, records = two_accounts_and_games(url, games=4)
    results = at_once(url, [[rec] for rec in records])
    assert [r for _, r in results] == [True] * 4
    store = Store(url)
    try:
        for aid in ids:
            assert ratings_of(store.engine, aid)[GAME].games == 4
            with store.engine.connect() as con:
                chain = con.execute(select(HISTORY).where(HISTORY.c.account_id == aid)).all()
            # each settlement started from the one before it: the rows chain, none lost
            # (a settlement that read a rating another was changing would start from the same
            # rating as that one: two rows with one "before", and an update lost)
            befores = [(h.mu_before, h.sigma_before) for h in chain]
            afters = [(h.mu_after, h.sigma_after) for h in chain]
            fresh = rating.new_rating()
            final = ratings_of(store.engine, aid)[GAME]
            assert len(chain) == 4 and len(set(befores)) == 4
            assert sorted(befores) == sorted([(fresh.mu, fresh.sigma)] + [a for a in afters if a != (final.mu,
                                                                                                     final.sigma)])
    finally:
        store.close()


def _settle_process(url, game_id, barrier, out):
    store = Store(url)
    try:
        ratings = Ratings(RatingStore(store.engine), store, AccountStore(store.engine))
        rec = store.get(game_id)
        barrier.wait(timeout=60)
        out.put(ratings.settle(rec))
    finally:
        store.close()


def test_two_server_processes_settling_one_game_at_once_apply_it_once(url):
    ids, (rec,) = two_accounts_and_games(url)
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=_settle_process, args=(url, rec.id, barrier, out)) for _ in range(2)]
    for p in procs:
        p.start()
    got = sorted(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    assert got == [False, True]
    store = Store(url)
    try:
        assert [ratings_of(store.engine, aid)[GAME].games for aid in ids] == [1, 1]
        assert count(store.engine, HISTORY) == 2
    finally:
        store.close()


def test_a_restart_between_the_end_and_the_update_loses_nothing(url):
    ids, (rec,) = two_accounts_and_games(url)
    store = Store(url)
    try:
        assert [gid for _, gid in RatingStore(store.engine).unsettled()] == [rec.id]
    finally:
        store.close()
    app = create_app(url, autoplay=False, password_hasher=CHEAP)
    with TestClient(app):  # the sweep at start
        engine = app.state.parts.store.engine
        poll(lambda: {"n": count(engine, RATED)}, lambda s: s["n"] == 1, timeout=30)
        assert [ratings_of(engine, aid)[GAME].games for aid in ids] == [1, 1]
        assert app.state.parts.ratings.store.unsettled() == []


def test_a_sweep_settles_every_unsettled_game_page_after_page():
    stores, ratings = on_memory()
    ids = two_accounts_in(stores)
    for _ in range(5):
        over_unsettled_in(stores.games, [HUMAN, HUMAN], {0: ids[0], 1: ids[1]})
    assert ratings.sweep(page=2) == 5  # three pages: none left behind past the first
    assert ratings.store.unsettled() == []
    assert [rated_now(stores, aid)[GAME].games for aid in ids] == [5, 5]


def test_ties_share_a_place_and_a_resigned_seat_ranks_last():
    stores, ratings = on_memory()
    ids = two_accounts_in(stores)
    cid = stores.accounts.create("Cid", "cid", "x", datetime.now(timezone.utc)).id
    seats = {0: ids[0], 1: ids[1], 2: cid}
    tie = over_unsettled_in(stores.games, [HUMAN] * 3, seats, scores=[10, 10, 4])
    resigned = over_unsettled_in(stores.games, [HUMAN] * 3, seats, scores=[30, 10, 4], resigned=(0,))
    assert ratings.settle(tie)
    rows = {h.account_id: h for h in stores.ratings.of_games([tie.id])}
    assert [rows[a].rank for a in (ids[0], ids[1], cid)] == [1, 1, 3]
    assert rows[ids[0]].mu_after == pytest.approx(rows[ids[1]].mu_after)
    assert rows[ids[0]].mu_after > rows[cid].mu_after
    assert ratings.settle(resigned)
    rows = {h.account_id: h for h in stores.ratings.of_games([resigned.id])}
    assert [rows[a].rank for a in (ids[0], ids[1], cid)] == [3, 1, 2]  # the best score, but resigned
    assert rows[ids[0]].mu_after < rows[ids[0]].mu_before


@ON_MEMORY
def test_a_resignation_that_ends_a_rated_game_settles_it_with_the_resigned_seat_last(app, client):
    ann, bob = account(app, "Ann"), account(app, "Bob")
    service = conducted(app)
    gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob}, on_resign="end")
    rec, outcome = service.run(resigning.resign, gid, tokens[1])
    assert outcome == "ended" and rec.status == "over"
    stores = app.state.parts.stores
    assert stores.ratings.settled(gid)
    assert rated_now(stores, ann)[GAME].mu > rated_now(stores, bob)[GAME].mu
    profile = client.get("/api/players/bob").json()
    assert profile["games"][0]["rank"] == 2 and profile["games"][0]["rating_change"] < 0


def test_ranks_of_a_standing():
    from savanna.web.store.storage import GameRecord

    now = datetime.now(timezone.utc)

    def rec(resigned=(), order=()):
        seats = [{"kind": "human", **({"resigned": True} if i in resigned else {})} for i in range(4)]
        return GameRecord(id="x", game=GAME, settings={}, seats=seats, actions=[], status="over", summary={},
                          listed=True, version=0, created_at=now, updated_at=now,
                          meta={"resignations": [{"seat": s} for s in order]})

    assert standing.ranks(rec(), [5, 9, 5, 1]) == [2, 1, 2, 4]
    assert standing.ranks(rec((1, 2), (2, 1)), [5, 9, 7, 1]) == [1, 3, 4, 2]  # seat 2 resigned first
    assert standing.ranks(rec((0, 1, 2, 3), (3, 0, 1, 2)), [0, 0, 0, 0]) == [3, 2, 1, 4]


# ------------------------------------------------------------------ computers


def test_computer_players_are_accounts_seeded_from_the_bench(app, client, monkeypatch):
    seeded = rating.Rating(31.0, 2.0)
    monkeypatch.setattr(rating, "level_seed", lambda game, spec: seeded if spec == "medium" else None)
    ann = account(app, "Ann")
    service = conducted(app)
    # "greedy" is the medium level's player: the same account; Ann resigns, which ends the game at once
    gid, tokens = rated_game(service, [HUMAN, {"kind": "computer", "player": "greedy"},
                                       {"kind": "computer", "player": "easy"}], {0: ann}, on_resign="end")
    service.run(resigning.resign, gid, tokens[0])
    engine = app.state.parts.store.engine
    with engine.connect() as con:
        bots = {r.key: r for r in con.execute(select(ACCOUNTS).where(ACCOUNTS.c.key.like("computer:%")))}
    assert set(bots) == {"computer:medium", "computer:easy"}
    assert all(b.password_hash is None and b.name == b.key.split(":")[1] for b in bots.values())
    medium = bots["computer:medium"].id
    with engine.connect() as con:
        first = con.execute(select(HISTORY).where(HISTORY.c.account_id == medium)).one()
        easy = con.execute(select(HISTORY).where(HISTORY.c.account_id == bots["computer:easy"].id)).one()
    assert (first.mu_before, first.sigma_before) == (31.0, 2.0)
    assert easy.mu_before == rating.new_rating().mu  # no bench figure: a newcomer's
    # nobody logs in as a computer, nor registers its key
    for name in ("medium", "computer:medium", "greedy"):
        assert client.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 401
    assert client.post("/api/accounts", json={"name": "computer:medium", "password": PASSWORD}).status_code == 422
    # a second game against it: the same account, from where the first left it
    gid, tokens = rated_game(service, [HUMAN, {"kind": "computer", "player": "medium"}], {0: ann}, on_resign="end")
    service.run(resigning.resign, gid, tokens[0])
    assert ratings_of(engine, medium)[GAME].games == 2
    got = client.get("/api/players/medium").json()
    assert got["computer"] is True and got["name"] == "medium" and got["to_move"] == []
    assert got["ratings"][GAME]["games"] == 2 and len(got["ratings"][GAME]["history"]) == 2
    assert got["ratings"][GAME]["provisional"] is False  # the bench's sigma
    assert client.get("/api/players/Easy").json()["computer"] is True


@ON_MEMORY
def test_two_seats_of_one_computer_are_rated_once(app, client):
    ann = account(app, "Ann")
    service = conducted(app)
    gid, tokens = rated_game(service, [HUMAN, {"kind": "computer", "player": "easy"},
                                       {"kind": "computer", "player": "easy"}], {0: ann})
    play_out(service, gid, tokens)
    assert len(app.state.parts.stores.ratings.of_games([gid])) == 2
    bot = client.get("/api/players/easy").json()
    assert bot["ratings"][GAME]["games"] == 1


@ON_MEMORY
def test_unrated_games_change_nothing(app, client):
    ann, bob = account(app, "Ann"), account(app, "Bob")
    service = conducted(app)
    gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob}, rated=False)
    play_out(service, gid, tokens)
    assert app.state.parts.ratings.settle(service.record(gid)) is False
    assert app.state.parts.ratings.sweep() == 0
    stores = app.state.parts.stores
    assert stores.ratings.ratings_of(ann) == stores.ratings.ratings_of(bob) == []  # no rating, history or mark
    assert stores.ratings.of_games([gid]) == [] and not stores.ratings.settled(gid)
    (g,) = client.get("/api/players/Ann").json()["games"]  # listed all the same, without a rating
    assert g["id"] == gid and g["rated"] is False and g["rating"] is None and g["rating_change"] is None
    # a rated game still being played is not settled either
    gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob})
    assert app.state.parts.ratings.settle(service.record(gid)) is False and not stores.ratings.settled(gid)


# ------------------------------------------------------------------ the API


def error(r, status, code):
    assert r.status_code == status, r.text
    body = r.json()
    assert body["type"] == "error" and body["code"] == code and body["message"], body
    return body


@ON_MEMORY
def test_profile_shape_games_and_errors(app, client):
    ann, bob = account(app, "Ann"), account(app, "Bob")
    service = conducted(app)
    gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob})
    rec = play_out(service, gid, tokens)
    got = client.get("/api/players/ANN")
    assert got.status_code == 200
    p = got.json()
    assert p["name"] == "Ann" and p["computer"] is False and p["deleted"] is False and p["created"]
    assert set(p["ratings"]) == {"safari", "africa"}
    r = p["ratings"][GAME]
    assert set(r) == {"rating", "mu", "sigma", "games", "provisional", "history"} and r["games"] == 1
    assert r["provisional"] is True and r["rating"] == rating.shown(rating.Rating(r["mu"], r["sigma"]))
    assert r["history"] == [{"at": r["history"][0]["at"], "rating": r["rating"], "game_id": gid}]
    assert p["ratings"]["africa"] == {"rating": 1500, "mu": 25.0, "sigma": rating.new_rating().sigma, "games": 0,
                                      "provisional": True, "history": []}
    (g,) = p["games"]
    assert g["id"] == gid and g["seat"] == 0 and g["points"] == rec.summary["scores"][0] and g["rated"] is True
    assert g["replay"] == f"/replay/{gid}" and g["rating"] == r["rating"] and g["rating_change"] == r["rating"] - 1500
    assert g["rank"] == (1 if rec.summary["scores"][0] >= rec.summary["scores"][1] else 2)
    assert [s["profile"] for s in g["seats"]] == ["Ann", "Bob"]
    assert p["to_move"] == []
    error(client.get("/api/players/nobody"), 404, "unknown_player")
    error(client.get("/api/players/" + "x" * 300), 404, "unknown_player")
    # a deleted account: no profile; its games stay under their names, without a link
    bob_login = client.post("/api/session", json={"name": "Bob", "password": PASSWORD})
    assert bob_login.status_code == 200
    r = client.request("DELETE", "/api/me", json={"password": PASSWORD},
                       headers={"Origin": "http://testserver", "X-CSRF-Token": client.cookies.get("savanna_csrf")})
    assert r.status_code == 200, r.text
    error(client.get("/api/players/Bob"), 404, "unknown_player")
    seats = client.get("/api/players/Ann").json()["games"][0]["seats"]
    assert [s["profile"] for s in seats] == ["Ann", None] and seats[1]["name"] == rec.seats[1]["name"]


@ON_MEMORY
def test_leaderboard_shape_rules_and_errors(app, client, monkeypatch):
    monkeypatch.setattr(rating, "level_seed", lambda game, spec: None)  # easy starts as a newcomer, whatever the bench says
    clock = [datetime.now(timezone.utc)]
    app.state.parts.ratings.clock = lambda: clock[0]
    ann, bob, cid = account(app, "Ann"), account(app, "Bob"), account(app, "Cid")
    service = conducted(app)
    for i in range(3):  # Ann and Bob: 3 rated games (Bob resigns each); Cid: 1 (not enough)
        gid, tokens = rated_game(service, [HUMAN, HUMAN], {0: ann, 1: bob}, on_resign="end")
        service.run(resigning.resign, gid, tokens[1])
    gid, tokens = rated_game(service, [HUMAN, {"kind": "computer", "player": "easy"}], {0: cid}, on_resign="end")
    service.run(resigning.resign, gid, tokens[0])
    board = client.get("/api/leaderboard", params={"game": GAME}).json()
    assert board["game"] == GAME and board["min_games"] == 3 and board["active_days"] == 90
    names = [p["name"] for p in board["players"]]
    assert names == ["Ann", "easy", "Bob"]  # Cid has 1 game; a computer is listed from its first
    assert [p["rating"] for p in board["players"]] == sorted((p["rating"] for p in board["players"]), reverse=True)
    assert [p["computer"] for p in board["players"] if p["name"] == "easy"] == [True]
    first = board["players"][0]
    assert set(first) == {"rank", "name", "rating", "mu", "sigma", "games", "provisional", "computer"}
    assert first["rank"] == 1 and first["rating"] == rating.shown(rating.Rating(first["mu"], first["sigma"]))
    assert client.get("/api/leaderboard", params={"game": "africa"}).json()["players"] == []
    # no rated game in 90 days: off the board (computers stay)
    clock[0] += timedelta(days=91)
    assert [p["name"] for p in client.get("/api/leaderboard", params={"game": GAME}).json()["players"]] == ["easy"]
    for bad in ("chess", "", "SAFARI"):
        body = error(client.get("/api/leaderboard", params={"game": bad}), 400, "unknown_game")
        assert "safari" in body["message"] and "africa" in body["message"]
    error(client.get("/api/leaderboard"), 400, "unknown_game")


@ON_MEMORY
def test_profile_and_leaderboard_are_documented(client):
    spec = client.get("/openapi.json").json()
    profile = spec["paths"]["/api/players/{name}"]["get"]
    board = spec["paths"]["/api/leaderboard"]["get"]
    assert "404" in profile["responses"] and "400" in board["responses"]
    schemas = spec["components"]["schemas"]
    assert {"ratings", "games", "to_move", "computer"} <= set(schemas["ProfileOut"]["properties"])
    assert {"rank", "rating", "provisional", "computer"} <= set(schemas["Leader"]["properties"])
    assert client.get("/docs").status_code == 200


def test_settle_refuses_nothing_it_cannot_rate():
    """A rated game with a single account to rate (the others unclaimed) is settled with no change."""
    stores, ratings = on_memory()
    ids = two_accounts_in(stores)
    rec = over_unsettled_in(stores.games, [HUMAN, HUMAN], {0: ids[0]})
    assert ratings.settle(rec) is True and ratings.settle(rec) is False
    assert all(stores.ratings.ratings_of(aid) == [] for aid in ids)  # no rating row made
    assert stores.ratings.settled(rec.id) and stores.ratings.unsettled() == []
    with pytest.raises(GameError):
        ratings.account("Nobody")


# ------------------------------------------------------------------ over the API


def person(app, name):
    """A browser of its own, logged in as a new account `name`."""
    c = TestClient(app, raise_server_exceptions=False)
    assert c.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    return c


def changing(c, method, path, body=None):
    return c.request(method, path, json=body, headers={"Origin": "http://testserver",
                                                       "X-CSRF-Token": c.cookies.get("savanna_csrf")})


@ON_MEMORY
def test_a_rated_game_over_the_api_moves_both_profiles(app, client):
    zaza, momo = person(app, "Zaza"), person(app, "Momo")
    seats = [{"kind": "human", "account": "Zaza"}, {"kind": "human", "account": "Momo"}]
    r = changing(zaza, "POST", "/api/games", {"seats": seats, "rated": True, "game": GAME, "on_resign": "end"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert [g["id"] for g in client.get("/api/players/zaza").json()["to_move"]] == [gid]  # seat 0 begins
    assert client.get("/api/players/momo").json()["to_move"] == []
    people = [zaza, momo]
    for _ in range(6):  # some moves by session, then Momo resigns: the game ends
        who = people[client.get(f"/api/games/{gid}").json()["current_player"]]
        legal = who.get(f"/api/games/{gid}").json()["legal_actions"]
        assert changing(who, "POST", f"/api/games/{gid}/actions", {"action": legal[0]}).status_code == 200
    r = changing(momo, "POST", f"/api/games/{gid}/resign", {})
    assert r.status_code == 200 and r.json()["outcome"] == "ended", r.text
    for name, seat, rank in (("Zaza", 0, 1), ("Momo", 1, 2)):
        p = client.get(f"/api/players/{name}").json()
        (g,) = p["games"]
        assert g["id"] == gid and g["seat"] == seat and g["rank"] == rank and g["rated"] is True
        assert p["ratings"][GAME]["games"] == 1 and p["to_move"] == []
        assert g["rating_change"] == p["ratings"][GAME]["rating"] - 1500
        assert (g["rating_change"] > 0) == (rank == 1)
    board = client.get("/api/leaderboard", params={"game": GAME}).json()
    assert board["players"] == []  # one rated game each: not yet on the board


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    app = create_app(str(tmp_path_factory.mktemp("fuzz") / "games.db"), autoplay=False, password_hasher=CHEAP,
                     login_limit="none", register_limit="none")
    with TestClient(app, raise_server_exceptions=False) as c:
        app.state.parts.accounts.register("Zaza", PASSWORD)
        yield c


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(st.characters(blacklist_characters="/", blacklist_categories=("Cs",)), min_size=1, max_size=60),
       game=st.text(st.characters(blacklist_categories=("Cs",)), max_size=20))  # (a URL holds UTF-8: no lone surrogates)
def test_any_name_or_game_gets_a_profile_a_board_or_a_clear_error(fuzzed, name, game):
    assume(name.strip(".") != "")  # ("", "/", ".", ".." name other paths: GET /api/players, ...)
    r = fuzzed.get("/api/players/" + quote(name, safe=""))
    assert r.status_code in (200, 404), (name, r.text)
    if r.status_code == 404:
        assert r.json()["code"] in ("unknown_player", "not_found")
    else:
        assert r.json()["name"] == "Zaza" or r.json()["computer"] is True
    r = fuzzed.get("/api/leaderboard", params={"game": game})
    assert r.status_code in (200, 400), (game, r.text)
    assert r.status_code == 200 or r.json()["code"] in ("unknown_game", "bad_request")
