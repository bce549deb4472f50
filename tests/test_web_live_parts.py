"""The live games' parts on their own, with fakes (no app, no database): admission's caps and
tally, presence here and through other servers, publishing's per-game state, computer play's
kicks, and cluster sync's routing of the other servers' notices."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

from savanna.web.live.admission import Admission
from savanna.web.live.computers import ComputerPlay
from savanna.web.live.conductor import DELETED, EXPIRED
from savanna.web.live.connection import Limits
from savanna.web.live.presence import Presence
from savanna.web.live.publishing import Publisher
from savanna.web.live.searches import Searches
from savanna.web.live.sync import ClusterSync
from savanna.web.table.events import Notified


class Conn(SimpleNamespace):
    __hash__ = object.__hash__  # (each connection itself: kept in sets)
    __eq__ = object.__eq__


def conn(game_id="g", seats=frozenset(), address=None):
    return Conn(game_id=game_id, seats=frozenset(seats), spectator=not seats, address=address, hold=None)


def test_admission_counts_spectators_in_every_scope_and_refuses_over_each_cap():
    adm = Admission(Limits(spectators=3, game_spectators=2, address_spectators=10, address_game_spectators=1))
    a1, a2 = conn("g", address="1.2.3.4"), conn("g", address="5.6.7.8")
    adm.count(a1, 1)
    assert "from your address" in adm.admit("g", "1.2.3.4")  # its address's share of the game
    assert adm.admit("g", "5.6.7.8") is None and adm.admit("h", "1.2.3.4") is None
    adm.count(a2, 1)
    assert "of this game (at most 2)" in adm.admit("g", "9.9.9.9")
    adm.count(conn("h"), 1)
    assert "on this server (at most 3)" in adm.admit("k")
    adm.count(conn("g", seats={0}), 1)  # a seat is never counted
    for c in (a1, a2, conn("h")):
        adm.count(c, -1)
    assert adm.tally == {} and adm.admit("g", "1.2.3.4") is None


def test_presence_joins_this_servers_seats_and_spectators_with_the_others():
    p = Presence()
    a, b, s = conn("g", {0}), conn("g", {1, 2}), conn("g")
    for c in (a, b, s):
        p.add(c)
    p.remote["g"] = (frozenset({3}), 4)
    assert p.connected("g") == {0, 1, 2, 3} and p.spectators("g") == 5
    assert p.audience("g") == (frozenset({0, 1, 2, 3}), 5)
    assert p.discard(a) and not p.discard(a)
    assert p.online() == {"g": {1, 2, 3}}
    p.discard(b), p.discard(s)
    assert p.connections == {} and asyncio.run(p.online_everywhere()) == {}


def test_publishing_forgets_a_game_once_no_connection_is_left():
    p = Presence()
    pub = Publisher(None, p, work=None)
    c = conn("g")
    p.add(c)
    pub.feeds["g"], pub.versions["g"], p.remote["g"] = object(), 3, (frozenset(), 1)
    pub.forget("g")
    assert "g" in pub.feeds  # a connection is left
    p.discard(c)
    pub.forget("g")
    assert "g" not in pub.feeds and "g" not in pub.versions and "g" not in p.remote
    asyncio.run(pub.publish("g"))  # nobody to show: nothing is built (no table was given)


def test_computer_play_drives_a_game_until_no_computer_is_to_act_and_not_when_off():
    moves = []

    class Table:
        now = staticmethod(lambda: 0.0)

        def computer_turn(self, game_id):
            return None

        def games_waiting_for_computers(self):
            return ["g1", "g2"]

    async def work(fn, *args):
        return fn(*args)

    async def main():
        searches = Searches(processes=False, max_think=0.1)
        try:
            off = ComputerPlay(Table(), searches, work, autoplay=False)
            off.kick("g")
            await off.resume()
            assert off.tasks == {}
            on = ComputerPlay(Table(), searches, work, conductor=SimpleNamespace(computer_move=moves.append))
            on.kick("g")
            assert on.driving("g")
            await on.idle(2)
            assert not on.driving("g") and moves == []  # no computer was to act
            on.closed = True
            on.kick("g")
            assert not on.driving("g")
        finally:
            searches.close()

    asyncio.run(main())


def test_cluster_sync_routes_the_other_servers_notices():
    spawned, kicked, gone, stored = [], [], [], []
    p = Presence()
    p.add(conn("g"))
    pub = Publisher(None, p, work=None)
    pub.versions["g"] = 5

    async def publish(game_id, whole=None, version=None):
        spawned.append(("publish", game_id, version))

    pub.publish = publish
    cluster = SimpleNamespace(revived=False)
    sync = ClusterSync(cluster, p, pub, SimpleNamespace(kick=kicked.append), spawn=lambda coro: spawned.append(coro),
                       gone=lambda gid, why: gone.append((gid, why)) or asyncio.sleep(0),
                       told=lambda outcome: stored.append(outcome.events) or asyncio.sleep(0))
    sync.on_game("g", 5)  # the version sent already (this server's own move): nothing but the notice told
    sync.on_game("other", 9)  # no connection here: nothing to publish
    assert stored == [(Notified("g", 5),), (Notified("other", 9),)] and len(spawned) == 2  # (the telling)
    sync.on_game("g", 6)
    sync.on_game("g", -1)  # deleted
    sync.on_game("g", -2)  # expired
    assert gone == [("g", DELETED), ("g", EXPIRED)] and len(spawned) == 2 + 3 * 2
    assert stored[2:] == [(Notified("g", 6),), (Notified("g", -1),), (Notified("g", -2),)]
    for coro in spawned:
        coro.close()
    sync.on_dead(["h"], [])
    assert kicked == ["h"]
    for coro in spawned[8:]:
        coro.close()


def test_the_edges_reads_go_to_the_table_in_a_thread_with_who_is_connected_everywhere():
    from savanna.web.live.reads import GameReads

    loop_thread = []

    class Table:
        max_think, computer_only, first_move = 2.0, False, None

        def lobby(self, limit, connected):
            loop_thread.append(threading.current_thread() is threading.main_thread())
            return {"open": [(limit, connected)], "recent": []}

        def games_of(self, account, limit=50, connected=None):
            return {"to_move": [(account, connected)]}

        def record(self, game_id):
            return game_id.upper()

    class Live:
        async def online_everywhere(self):
            return {"g": {0}}

    async def main():
        reads = GameReads(Table(), Live())
        assert await reads.lobby(7) == {"open": [(7, {"g": {0}})], "recent": []}
        assert await reads.record("g") == "G"
        assert (await reads.to_move())(3) == [(3, {"g": {0}})]
        assert await reads.games_of(4, 9) == {"to_move": [(4, {"g": {0}})]}
        assert reads.max_think == 2.0

    asyncio.run(main())
    assert loop_thread == [False]  # not in the loop's thread
